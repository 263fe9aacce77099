"""Neko Boss MCTS: it beats greedy, and finds the moves the exact solver calls best."""

from __future__ import annotations

import random

import pytest

from nekolib.core import RandomAgent, play_out
from nekolib.lab.stats import wilson
from nekolib.mcts import MCTSAgent
from nekolib.neko_boss.agents import AGENTS, GreedyAgent
from nekolib.neko_boss.analysis import solve
from nekolib.neko_boss.rules import NekoBossState, new_game


def test_wilson_lower_bound_by_hand():
    # 15 of 20: (0.75 + 0.09604 - 1.96 * sqrt(0.009375 + 0.0024010)) / 1.19208 = 0.5313
    assert wilson(15, 20, 1.96)[0] == pytest.approx(0.5313, abs=1e-4)


def test_mcts_beats_greedy_seats_swapped():
    """2 players, MCTS (50 simulations a move) in seat 0 in even games, seat 1 in odd ones:
    the 95% Wilson lower bound of its score share (a draw counts 1/2) is above 1/2."""
    games, score = 20, 0.0
    for seed in range(games):
        seat = seed % 2
        agents = [GreedyAgent(), GreedyAgent()]
        agents[seat] = AGENTS["mcts"](iterations=50)
        final, _ = play_out(new_game(2), agents, random.Random(seed))
        score += final.returns()[seat]
    assert wilson(score, games, 1.96)[0] > 0.5, score


def _endgames(seeds: int, max_stacks: int = 12) -> list[tuple[NekoBossState, list, list[int]]]:
    """The first 2-player position of random games with at most ``max_stacks`` stacks where
    the moves differ in exact value; with the mover's value (1, 0, -1) after each move."""
    cases = []
    for seed in range(seeds):
        seen: list[NekoBossState] = []

        def keep(before, action, after, seen=seen):
            small = sum(1 for s in before.stacks if s) <= max_stacks
            if before.phase == "movement" and small and not seen:
                seen.append(before)

        play_out(new_game(2), RandomAgent(), random.Random(seed), on_step=keep)
        if not seen or len(seen[0].legal_actions()) < 2:
            continue
        state = seen[0]
        actions = state.legal_actions()
        values = [_value_after(state, a) for a in actions]
        if min(values) < max(values):
            cases.append((state, actions, values))
    return cases


def _value_after(state: NekoBossState, action) -> int:
    me = state.current_player()
    after = state.apply(action)
    if after.is_terminal():
        r = after.returns()[me]
        return 1 if r == 1 else 0 if r == 0.5 else -1
    value = solve(after).value  # player 0's point of view
    return value if me == 0 else -value


def test_mcts_finds_the_solvers_best_moves_in_endgames():
    """Exact values from the solver: MCTS (50 simulations) picks a best move in at least
    80% of the endgames, far more often than one-move-ahead greedy does."""
    cases = _endgames(100)
    assert len(cases) >= 40
    mcts_hits = greedy_hits = 0
    luck = 0.0  # how many a uniformly random choice would hit on average
    for i, (state, actions, values) in enumerate(cases):
        best = max(values)
        mcts = MCTSAgent(iterations=50).choose(state, random.Random(i))
        greedy = GreedyAgent().choose(state, random.Random(i))
        mcts_hits += values[actions.index(mcts)] == best
        greedy_hits += values[actions.index(greedy)] == best
        luck += values.count(best) / len(values)
    assert mcts_hits >= 0.8 * len(cases), (mcts_hits, len(cases))
    assert mcts_hits > greedy_hits + 0.15 * len(cases), (mcts_hits, greedy_hits)
    assert mcts_hits > luck + 0.25 * len(cases)


def test_mcts_in_agents_and_its_explanation():
    agent = AGENTS["mcts"]()
    assert isinstance(agent, MCTSAgent) and agent.iterations == 200
    state = new_game(3)
    action = agent.choose(state, random.Random(0))
    assert state.is_legal(action)
    text = agent.explain(state, action)
    assert state.action_to_string(action) in text and "200 simulations" in text
