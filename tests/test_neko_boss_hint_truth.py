"""Issue 28 for the Neko Boss hints: every value the solver's hint states (its move's and the
best alternative's win / draw / loss) is checked against an independent brute-force minimax
written here from the rules engine's public API (``legal_actions``, ``apply``, ``returns``),
on 200+ seeded small positions; each value is the result of one Working, and the sentence
names its model ("if both players play perfectly from here"). Greedy's numbers (the fallback
past the solver's reach) are checked against the scores computed here from the stacks."""

from __future__ import annotations

import random
from fractions import Fraction

from nekolib.neko_boss.agents import GreedyAgent, SolverAgent
from nekolib.neko_boss.boards import grid_board, line_board
from nekolib.neko_boss.hint_working import PERFECT_MODEL, principal_line
from nekolib.neko_boss.rules import NekoBossState, Params, from_layout
from nekolib.working import working_text

WORDS = {1: "you win", 0: "a draw", -1: "you lose"}

BOARDS = [
    (Params(board=line_board(5)), 5),
    (Params(board=line_board(6)), 6),
    (Params(board=line_board(7)), 7),
    (Params(board=grid_board(2, 3)), 6),
    (Params(board=grid_board(2, 4)), 8),
    (Params(board=grid_board(2, 4), score_height=3), 8),
    (Params(board=grid_board(3, 3)), 8),
]
"""(rules, single pieces placed): small boards, a brute force walks every line of play."""


def position(params: Params, pieces: int, rng: random.Random, players: int = 2):
    """``pieces`` single pieces (owners in turn) on random points, a random seat to move,
    then 0-2 random moves."""
    layout: list[int | None] = [p % players for p in range(pieces)]
    layout += [None] * (params.board.size - pieces)
    rng.shuffle(layout)
    state = from_layout(layout, params, to_move=rng.randrange(players))
    for _ in range(rng.randrange(3)):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def brute_value(state: NekoBossState, memo: dict) -> int:
    """+1 seat 0 wins, 0 draw, -1 seat 1 wins: minimax over every line of play."""
    if state in memo:
        return memo[state]
    if state.is_terminal():
        r = state.returns()
        value = (r[0] > r[1]) - (r[0] < r[1])
    else:
        values = [brute_value(state.apply(a), memo) for a in state.legal_actions()]
        value = max(values) if state.current_player() == 0 else min(values)
    memo[state] = value
    return value


def positions(count: int) -> list[NekoBossState]:
    rng = random.Random(28)
    out: list[NekoBossState] = []
    while len(out) < count:
        params, pieces = BOARDS[len(out) % len(BOARDS)]
        state = position(params, pieces, rng)
        if not state.is_terminal() and state.phase == "movement":
            out.append(state)
    return out


def test_the_solver_hint_states_the_brute_force_values_and_each_is_a_working():
    memo: dict = {}
    seen = set()
    other_moves = lines = refuted = 0
    for i, state in enumerate(positions(210)):
        me = state.current_player()
        sign = 1 if me == 0 else -1
        values = {a: brute_value(state.apply(a), memo) * sign for a in state.legal_actions()}
        agent = SolverAgent()
        move = agent.choose(state, random.Random(i))
        assert values[move] == max(values.values())
        asked = [move]
        if len(values) > 1 and i % 3 == 0:  # a learner may ask about another move too
            asked.append(random.Random(i).choice([a for a in values if a != move]))
        for action in asked:
            text = agent.explain(state, action)
            workings = agent.working(state, action)
            assert text.startswith(f"with best play {WORDS[values[action]]} (solver"), text
            assert f"exact if {PERFECT_MODEL}" in text
            assert workings[0].result == WORDS[values[action]], working_text(workings)
            assert all(w.model == PERFECT_MODEL for w in workings)
            assert "sure" not in text and "1/1" not in text
            combine = workings[0].combine
            assert ("no other move does better" in combine) == (action == move)
            others = {a: v for a, v in values.items() if a != action}
            if not others:
                assert text.endswith("it is the only legal move") and len(workings) == 1
                continue
            label, words = text.split("the best alternative, ")[1].split(": ")
            alternative = state.parse(label)
            assert alternative != action and words == WORDS[values[alternative]]
            assert values[alternative] == max(others.values())
            assert workings[1].result == words and len(workings) == 2
            # issue 42: the principal line is best play (the value never changes along it)
            # and the alternative's reply is a best reply (the one refuting it when worse)
            line = principal_line(state, action, agent._best_move)
            assert len(line) > 1 or state.apply(action).is_terminal()
            shown = [n for n in workings[0].notes if n.startswith("Principal line")]
            assert bool(shown) == (len(line) > 1), workings[0].notes
            now = state.apply(action)
            for step in line[1:]:
                assert shown[0].count(now.action_to_string(step)) >= 1, shown
                assert brute_value(now.apply(step), memo) == brute_value(now, memo)
                now = now.apply(step)
            lines += len(line) > 1
            after = state.apply(alternative)
            if not after.is_terminal():
                reply = agent._best_move(after)
                row = workings[1].cases[1]
                assert row.label.startswith(after.action_to_string(reply)), row
                assert brute_value(after.apply(reply), memo) == brute_value(after, memo)
                refuted += "refutes" in row.label
                assert ("refutes" in row.label) == (values[alternative] < values[action])
            seen.add(values[action])
            other_moves += action != move
    assert seen == {-1, 0, 1} and other_moves >= 30
    assert lines >= 100 and refuted >= 30, (lines, refuted)


def score_here(state: NekoBossState, seat: int) -> tuple[int, int, int]:
    """(stacks of score height+, highest stack, stacks) whose top piece is ``seat``'s."""
    mine = [len(s) for s in state.stacks if s and s[-1] == seat]
    tall = sum(1 for h in mine if h >= state.params.score_height)
    return tall, max(mine, default=0), len(mine)


def test_greedy_numbers_past_the_solvers_reach_are_the_scores_one_move_ahead():
    """3 players (the solver plays greedily there): each of greedy's three numbers is you
    minus the best opponent right after the move, and a Working's result."""
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        state = position(Params(num_players=3, board=grid_board(3, 3)), 9, rng, players=3)
        if state.is_terminal() or state.phase != "movement":
            continue
        agent = SolverAgent()
        move = agent.choose(state, rng)
        after = state.apply(move)
        me = state.current_player()
        best = max(score_here(after, q) for q in range(3) if q != me)
        diff = [a - b for a, b in zip(score_here(after, me), best, strict=True)]
        text = agent.explain(state, move)
        assert text.startswith(
            f"leaves you {diff[0]:+d} stacks of {state.params.score_height}+, {diff[1]:+d} in "
            f"height and {diff[2]:+d} stacks against the best opponent (one move ahead)"
        ), text
        assert text.endswith("(the solver is exact for 2 players only)")
        assert [w.result for w in agent.working(state, move)] == [Fraction(d) for d in diff]
        assert GreedyAgent().working(state, move) == agent.working(state, move)
        checked += 1
    assert checked >= 40
