"""10 000 seeded random games per player count, with the invariants checked after every move."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from nekolib.core import TERMINAL, RandomAgent, play_out
from nekolib.neko_boss.agents import GreedyAgent, SolverAgent
from nekolib.neko_boss.rules import Move, NekoBossState, Params, Place, has_moves, new_game

GAMES = 10_000


def check_step(before: NekoBossState, action, after: NekoBossState) -> None:
    """Invariants of one move (kept lean: it runs ~1.3 million times)."""
    n = before.num_players
    if isinstance(action, Place):
        assert not before.stacks[action.point] and after.stacks[action.point] == (before.to_move,)
        assert sum(after.in_hand) == sum(before.in_hand) - 1
    else:
        src, dst = action.src, action.dst
        moving = before.stacks[src]
        assert moving and moving[-1] == before.to_move  # the mover keeps the top piece
        assert before.stacks[dst]  # never onto a vacant intersection
        assert before.board.distance_on_line(src, dst) == len(moving)  # exactly its height
        assert after.stacks[dst] == before.stacks[dst] + moving and not after.stacks[src]
    placed = before.params.pieces * n - sum(after.in_hand)
    assert sum(len(s) for s in after.stacks) == placed  # heights sum to the pieces
    if after.to_move == TERMINAL:
        assert not any(has_moves(after.board, after.stacks, p) for p in range(n))


def _count_owners(state: NekoBossState) -> Counter:
    return Counter(o for s in state.stacks for o in s)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_ten_thousand_random_games_terminate_with_invariants(n: int):
    random_games(n, GAMES)


@pytest.mark.parametrize("n", [2, 4])
def test_random_games_sample(n: int):
    """make test's share of the slow suite above: the same checks on 1 000 games."""
    random_games(n, 1000)


def random_games(n: int, games: int) -> None:
    """Seeded random games keep every invariant, conserve pieces and end in 24-47 moves."""
    pieces = 24 // n
    lengths = Counter()
    for seed in range(games):
        final, log = play_out(new_game(n), RandomAgent(), random.Random(seed), on_step=check_step)
        assert final.is_terminal() and all(final.out)
        assert _count_owners(final) == Counter({p: pieces for p in range(n)})  # conserved
        assert sum(isinstance(a, Move) for a in log) == 24 - sum(1 for s in final.stacks if s)
        assert sum(final.returns()) == pytest.approx(1.0)
        lengths[len(log)] += 1
    assert min(lengths) >= 24 and max(lengths) <= 24 + 23


def test_same_seed_same_game():
    a = play_out(new_game(3), RandomAgent(), random.Random(7))[1]
    b = play_out(new_game(3), RandomAgent(), random.Random(7))[1]
    assert a == b


def test_greedy_beats_random_and_solver_agent_plays_legal_moves():
    wins = 0
    for seed in range(100):
        final, _ = play_out(
            new_game(2), [GreedyAgent(), RandomAgent()], random.Random(seed), on_step=check_step
        )
        wins += final.returns()[0]
    assert wins > 60
    small = Params(pieces_per_player=6)
    for seed in range(5):
        final, _ = play_out(
            new_game(params=small),
            [SolverAgent(), GreedyAgent()],
            random.Random(seed),
            on_step=check_step,
        )
        assert final.is_terminal()
