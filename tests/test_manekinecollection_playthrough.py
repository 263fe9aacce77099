"""Seeded random playthroughs for 2, 3 and 4 players with invariants after every move."""

from __future__ import annotations

from collections import Counter
from itertools import chain

import pytest

from nekolib.core import CHANCE, TERMINAL, IllegalAction, RandomAgent, make_rng, play_out
from nekolib.manekinecollection.agents import GreedyAgent
from nekolib.manekinecollection.rules import (
    HAND_SIZE,
    ROW_SIZE,
    MNState,
    Params,
    Pass,
    PlayCards,
    TakeZabuton,
    full_bag,
    full_deck,
    new_game,
)

P = Params()
# plain dicts: dict equality runs in C, Counter.__eq__ in Python
DECK = dict(Counter(full_deck(P)))
BAG = dict(Counter(full_bag(P)))
TILES = dict(Counter((c, v) for c in P.colours for v in P.zabuton_values))
GAMES_PER_COUNT = 340  # 1020 seeded games in all


def check_invariants(state: MNState) -> None:
    """Conservation of cards, pieces, tiles and Manekineko; shape of rows and hands."""
    rows = [row for board in state.kotatsu for row in board.rows]
    assert dict(Counter(chain(state.deck, state.discard, *state.hands, *rows))) == DECK

    placed = [z for b in state.kotatsu for z in b.slots if z is not None]
    placed += [z for zs in state.collected for z in zs]
    assert dict(Counter(chain(state.bag, (z.piece for z in placed)))) == BAG
    stacked = ((c, v) for c, stack in zip(P.colours, state.stacks, strict=True) for v in stack)
    assert dict(Counter(chain(stacked, ((z.colour, z.value) for z in placed)))) == TILES
    # one piece per tile, always drawn together: a colour's pieces end with its tiles
    in_bag = Counter(p.colour for p in state.bag)
    assert all(len(s) == in_bag[c] for c, s in zip(P.colours, state.stacks, strict=True))

    total = state.bag_manekineko + state.reserve_manekineko + state.drawn_manekineko
    assert total == P.manekineko_total
    assert state.finished == (state.drawn_manekineko == P.manekineko_to_end)
    settled = not any(t[0] in ("fill", "restock", "seed_bag", "deal") for t in state.tasks)
    if settled and not state.finished:
        exhausted = sum(1 for s in state.stacks if not s)
        entered = P.manekineko_total - state.reserve_manekineko
        assert entered == min(P.manekineko_total, P.manekineko_at_start + exhausted)
        assert all(z is not None for b in state.kotatsu for z in b.slots)

    playing = state.phase == "play"
    for board in state.kotatsu:
        full = [p for p, row in enumerate(board.rows) if len(row) == ROW_SIZE]
        assert all(len(row) <= ROW_SIZE for row in board.rows)
        assert sorted(board.completed) == full
        assert not playing or len(full) < state.num_players  # full -> shown down at once
    assert all(len(h) == HAND_SIZE if playing else len(h) <= HAND_SIZE for h in state.hands)


def check_step(before: MNState, action, after: MNState) -> None:
    check_invariants(after)
    who = before.current_player()
    if isinstance(action, PlayCards):
        assert who == before.turn and len(action.cards) in (1, 2)
        k, p = action.kotatsu, who
        had = len(before.kotatsu[k].rows[p])
        assert (had, len(action.cards)) in ((0, 1), (0, 2), (1, 2), (2, 1))
    elif isinstance(action, Pass):
        assert all(len(b.rows[who]) == ROW_SIZE for b in before.kotatsu)
    elif isinstance(action, TakeZabuton):
        assert who == before.showdown.ranking[0] and before.num_players >= 3
        first, second = before.showdown.ranking[:2]
        assert len(after.collected[first]) == len(before.collected[first]) + 1
        assert len(after.collected[second]) == len(before.collected[second]) + 1
    if after.showdown is not before.showdown and after.showdown is not None:
        show = after.showdown
        if before.num_players == 2 and show.taken:
            assert (
                len(after.collected[show.ranking[0]]) - len(before.collected[show.ranking[0]]) == 2
            )


def run(n: int, seed: int, agents=None) -> MNState:
    state = new_game(n, seed=seed)
    check_invariants(state)
    final, _log = play_out(state, agents or RandomAgent(), make_rng(seed), on_step=check_step)
    assert final.current_player() == TERMINAL and final.drawn_manekineko == 3
    assert sum(final.returns()) == pytest.approx(1.0)
    return final


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_playthroughs_terminate_with_invariants(n):
    random_playthroughs(n, GAMES_PER_COUNT)


@pytest.mark.parametrize("n", [2, 4])
def test_random_playthroughs_sample(n):
    """make test's share of the slow suite above: the same checks on 60 games."""
    random_playthroughs(n, 60)


def random_playthroughs(n: int, games: int) -> None:
    """Seeded random games keep every invariant; some reshuffle the deck, all have showdowns."""
    reshuffles = showdowns = 0
    for seed in range(games):
        final = run(n, seed)
        reshuffles += final.reshuffles
        showdowns += sum(len(c) for c in final.collected)
    assert reshuffles > 0 and showdowns > 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_greedy_playthroughs_terminate(n):
    for seed in range(8):
        run(n, 1000 + seed, [GreedyAgent()] + [RandomAgent()] * (n - 1))


def test_greedy_beats_random_in_two_player_games():
    wins = sum(run(2, 2000 + s, [GreedyAgent(), RandomAgent()]).returns()[0] for s in range(30))
    assert wins >= 20


def test_every_legal_action_applies_and_chance_sums_to_one():
    rng = make_rng(5)
    state = new_game(3, seed=5)
    seen_choose = False
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            sampled = state.sample_chance(rng)
            assert sampled in dict(outcomes)
            state = state.apply(sampled)
            continue
        legal = state.legal_actions()
        seen_choose |= isinstance(legal[0], TakeZabuton)
        for action in legal:
            check_invariants(state.apply(action))
        with pytest.raises(IllegalAction):
            state.apply(Pass() if not isinstance(legal[0], Pass) else PlayCards(0, ()))
        state = state.apply(rng.choice(legal))
    assert seen_choose
