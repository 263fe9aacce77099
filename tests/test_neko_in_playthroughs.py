"""10 000 seeded random Neko-in games per player count, invariants checked after every move."""

from __future__ import annotations

import os
import random

import pytest

from nekolib.core import RandomAgent, play_out
from nekolib.neko_in.invariants import InvariantError, check_invariants, check_step
from nekolib.neko_in.rules import GARDEN, Hide, Params, new_game

GAMES = int(os.environ.get("NEKO_IN_GAMES", "10000"))
"""Seeded games per player count (issue 2: 10 000; lower it locally with NEKO_IN_GAMES)."""


def run_games(n: int, params: Params, games: int = GAMES) -> list[int]:
    """Play ``games`` seeded random games; returns how many each seat won."""
    wins = [0] * n
    agent = RandomAgent()
    for seed in range(games):
        state = new_game(n, seed=seed, params=params)
        final, _ = play_out(state, agent, random.Random(seed), on_step=check_step)
        assert final.is_terminal() and final.returns().count(1.0) == 1
        wins[final.winner] += 1
    return wins


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_classic_random_playthroughs_keep_every_invariant(n):
    wins = run_games(n, Params())
    assert sum(wins) == GAMES and min(wins) > GAMES / n / 2  # every seat can win


@pytest.mark.parametrize("n", [3, 6])
def test_classic_random_playthroughs_sample(n):
    """make test's share of the slow suite above: the same checks on 300 games."""
    wins = run_games(n, Params(), games=300)
    assert sum(wins) == 300 and min(wins) > 300 / n / 2


@pytest.mark.parametrize("n", [3, 6])
def test_extra_rule_playthroughs(n):
    run_games(n, Params(no_own_room_first_turn=True), games=300)


def test_the_invariant_checker_can_fail():
    state = new_game(3, seed=0)
    check_invariants(state)
    broken = [
        state._evolve(box=(0,)),  # a tile appears from nowhere
        state._evolve(cats=(0, 1, GARDEN, GARDEN, GARDEN, GARDEN)),  # two cats in the Entrance
    ]
    events = new_game(3, seed=0, version="events")
    check_invariants(events)
    broken += [
        events._evolve(event_box=("Nap",)),  # an event tile from nowhere
        events._evolve(napping=frozenset({0})),  # asleep in the Garden
        state._evolve(phase="over", winner=0),  # a winner who still holds tiles
    ]
    for bad in broken:
        with pytest.raises(InvariantError):
            check_invariants(bad)
    before = state.apply(state.legal_actions()[0])
    with pytest.raises(InvariantError):  # a placement on a covered hideout is caught
        check_step(before._evolve(covered=frozenset({0})), Hide(0), before)
