"""Monte Carlo tree search (nekolib.mcts): legal in every game, right on a game solved exactly."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest
from _toy import Coin, Take, ToyState

import nekolib
from nekolib.core import CHANCE, TABLE, NekoError, RandomAgent, game_module, play_out
from nekolib.mcts import MCTSAgent


# --------------------------------------------------------------------------- every game
def _games_with_mcts() -> list[str]:
    return sorted(nekolib.games())


def _agents(key: str) -> dict:
    module = game_module(f"nekolib.{key}", "agents")
    agents = getattr(module, "AGENTS", None) if module is not None else None
    if not agents or "mcts" not in agents:
        pytest.skip(f"{key} has no AGENTS['mcts'] yet")
    return agents


def _sample_states(key: str, count: int) -> list:
    """``count`` seeded positions where a player decides between 2+ actions, all player counts."""
    info = nekolib.games()[key]
    found: list = []
    seed = 0
    while len(found) < count:
        n = info.min_players + seed % (info.max_players - info.min_players + 1)
        initial = info.new_game(num_players=n, seed=seed)
        seen: list = []

        def keep(before, action, after, seen=seen):
            who = before.current_player()
            if who >= 0 and len(before.legal_actions()) > 1:
                seen.append(before)

        play_out(initial, RandomAgent(), random.Random(seed), on_step=keep)
        found += seen[seed % 5 :: 9]  # a spread over the game, not every move
        seed += 1
    return found[:count]


@pytest.mark.parametrize("key", _games_with_mcts())
def test_mcts_returns_legal_actions_in_every_game(key):
    agents = _agents(key)
    states = _sample_states(key, 200)
    agent = agents["mcts"](iterations=3)
    assert isinstance(agent, MCTSAgent)
    for i, state in enumerate(states):
        before = state.view(None)
        action = agent.choose(state, random.Random(i))
        assert state.is_legal(action), (key, i, action)
        assert state.view(None) == before  # the search never changes the real state
        assert agent.last.iterations == 3
        assert sum(agent.last.visits.values()) == 3  # every simulation went through the root


@pytest.mark.parametrize("key", _games_with_mcts())
def test_default_mcts_agent_plays_a_whole_game(key):
    agents = _agents(key)
    info = nekolib.games()[key]
    agent = agents["mcts"]()
    assert agent.name == "mcts"
    agent = replace(agent, iterations=4)  # the default budget is for play, not for tests
    final, log = play_out(
        info.new_game(num_players=info.min_players, seed=1),
        {p: agent for p in range(info.max_players)} | {TABLE: RandomAgent()},
        random.Random(1),
    )
    assert final.is_terminal() and log


@pytest.mark.parametrize("key", _games_with_mcts())
def test_mcts_is_deterministic_given_state_and_rng(key):
    agents = _agents(key)
    for i, state in enumerate(_sample_states(key, 20)):
        a = agents["mcts"](iterations=6).choose(state, random.Random(i))
        b = agents["mcts"](iterations=6).choose(state, random.Random(i))
        assert a == b


# --------------------------------------------------------------------------- an exact check
@cache
def _toy_values(cap: int = 5, sweeps: int = 200) -> dict[tuple[int, int], float]:
    """P(the player to move wins) in the toy game with ``pile`` stones, by value iteration.

    With ``q`` = the opponent's value: taking the last stone wins; otherwise the coin
    leaves the opponent ``pile - n + 1`` (heads, below the cap) or ``pile - n`` stones.
    """
    v = dict.fromkeys(range(1, cap + 1), 0.5)
    for _ in range(sweeps):
        v = {pile: max(_toy_take_value(v, pile, n, cap) for n in (1, 2) if n <= pile) for pile in v}
    return v


def _toy_take_value(v: dict[int, float], pile: int, n: int, cap: int) -> float:
    left = pile - n
    if left == 0:
        return 1.0
    heads = left + 1 if left < cap else left
    return 1 - (v[heads] + v[left]) / 2


@pytest.mark.parametrize("pile", [2, 3, 4, 5])
def test_mcts_finds_the_best_take_of_the_toy_game(pile):
    """Against exact values: the move MCTS picks is the optimal one, and its value is close."""
    v = _toy_values()
    best = max((1, 2), key=lambda n: _toy_take_value(v, pile, n, 5))
    assert abs(_toy_take_value(v, pile, 1, 5) - _toy_take_value(v, pile, 2, 5)) > 0.1
    agent = MCTSAgent(iterations=3000)
    state = ToyState(pile=pile)
    assert agent.choose(state, random.Random(pile)) == Take(best)
    exact = _toy_take_value(v, pile, best, 5)
    assert abs(agent.last.value[Take(best)] - exact) < 0.08, (agent.last, exact)


def test_toy_values_are_a_fixed_point():
    v = _toy_values()
    assert v[1] == v[2] == 1.0  # take everything
    assert 0 < v[3] < 1
    for pile in v:
        assert v[pile] == pytest.approx(
            max(_toy_take_value(v, pile, n, 5) for n in (1, 2) if n <= pile)
        )


def test_determinized_search_only_sees_sampled_worlds():
    """Every iteration searches a world from ``determinize``; the real secrets are never used."""
    worlds = []

    def determinize(state, player, rng):
        other = 1 - player
        secrets = list(state.secrets)
        secrets[other] = rng.choice(["ace", "king", "queen"])
        world = replace(state, secrets=tuple(secrets))
        worlds.append((player, world))
        return world

    agent = MCTSAgent(iterations=50, determinize=determinize)
    a = agent.choose(ToyState(pile=3, secrets=("ace", "king")), random.Random(7))
    b = agent.choose(ToyState(pile=3, secrets=("ace", "queen")), random.Random(7))
    assert a == b
    assert len(worlds) == 100
    assert all(player == 0 for player, _ in worlds)
    assert {w.secrets[1] for _, w in worlds} == {"ace", "king", "queen"}


def test_explain_names_the_move_and_its_statistics():
    agent = MCTSAgent(iterations=400)
    state = ToyState(pile=3)
    action = agent.choose(state, random.Random(0))
    text = agent.explain(state, action)
    assert str(action) in text and "400" in text and "take 2" in text
    fresh = MCTSAgent(iterations=50).explain(state, Take(2))  # no search yet: one is run
    assert "take 2" in fresh and "50" in fresh


def test_a_single_legal_move_is_played_without_searching():
    agent = MCTSAgent(iterations=10_000)
    assert agent.choose(ToyState(pile=1), random.Random(0)) == Take(1)
    assert agent.last.iterations == 0
    assert agent.explain(ToyState(pile=1), Take(1)) == "the only legal move"


def test_time_limit_budget_runs_at_least_one_iteration():
    agent = MCTSAgent(time_limit=0.01)
    action = agent.choose(ToyState(pile=5), random.Random(0))
    assert action in (Take(1), Take(2))
    assert agent.last.iterations >= 1


@pytest.mark.parametrize(
    "options",
    [{"iterations": 0}, {"iterations": 1.5}, {"iterations": True}, {"time_limit": 0}],
)
def test_bad_budgets_are_refused(options):
    with pytest.raises(NekoError):
        MCTSAgent(**options)


def test_no_search_at_a_chance_node():
    state = ToyState(pile=4, flipping=True)
    assert state.current_player() == CHANCE
    with pytest.raises(NekoError):
        MCTSAgent().choose(state, random.Random(0))
    assert Coin(True) in state.legal_actions()
