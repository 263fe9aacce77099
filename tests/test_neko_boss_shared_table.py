"""One transposition table shared by the searches of a hint (issue 38): the same values and
best moves as fresh tables and the pure-Python reference, and far fewer positions."""

from __future__ import annotations

import random

import pytest
from test_neko_boss_solver import MIXES, random_position

from nekolib.core import NekoError
from nekolib.neko_boss import solver
from nekolib.neko_boss.agents import SolverAgent
from nekolib.neko_boss.analysis import solve
from nekolib.neko_boss.boards import grid_board
from nekolib.neko_boss.rules import Params, from_layout, random_layout

pytestmark = pytest.mark.skipif(not solver.available(), reason="numba (nekolib[solver]) missing")


def _same(a, b) -> bool:
    return (a is None and b is None) or (a.value, a.best_move) == (b.value, b.best_move)


@pytest.mark.parametrize(
    "positions", [12, pytest.param(36, marks=pytest.mark.slow)], ids=["12", "36-slow"]
)
def test_searches_sharing_a_table_give_the_values_and_moves_of_fresh_tables(positions):
    """A hint's searches in order on one table per rules, kept across unrelated positions
    (2**12 entries: full, replaced again and again): the position, its best alternative and
    each child; every value and best move as with a new table, every value the reference's."""
    rng = random.Random(38)
    tables: dict[Params, solver.Table] = {}
    checked = 0
    for i in range(positions):
        params, pieces = MIXES[i % len(MIXES)]
        state = random_position(params, rng, pieces, moves=rng.randrange(0, 3))
        if state.is_terminal():
            continue
        table = tables.setdefault(params, solver.Table(params, solver.MIN_TABLE_BITS))
        root = solver.solve_fast(state, table=table)
        assert _same(root, solver.solve_fast(state))
        assert root.value == solve(state, engine="reference").value
        alt = solver.solve_fast(state, exclude=root.best_move, table=table)
        assert _same(alt, solver.solve_fast(state, exclude=root.best_move))
        for action in state.legal_actions():
            after = state.apply(action)
            shared = solver.solve_fast(after, table=table)
            assert _same(shared, solver.solve_fast(after))
            assert shared.value == solve(after, engine="reference").value
        checked += 1
    assert checked >= positions * 5 // 6


def test_folded_and_unfolded_keys_share_a_table():
    """A position that is its own mirror image is searched with symmetry folding, its
    children (not symmetric) without: on one table both give the reference's values."""
    params = Params(board=grid_board(3, 4))
    state = from_layout([0, 1, 1, 0] * 3, params, to_move=0)
    assert solver._self_symmetric(state)
    table = solver.Table(params)
    root = solver.solve_fast(state, table=table)
    assert root.value == solve(state, engine="reference").value
    children = [state.apply(a) for a in state.legal_actions()]
    assert not all(solver._self_symmetric(c) for c in children if not c.is_terminal())
    for child in children:
        assert solver.solve_fast(child, table=table).value == solve(child, engine="reference").value


def test_a_table_of_other_rules_is_refused_clearly():
    state = random_layout(Params(pieces_per_player=4), random.Random(0))
    with pytest.raises(NekoError, match="other rules"):
        solver.solve_fast(state, table=solver.Table(Params(score_height=3)))
    with pytest.raises(NekoError, match="table bits"):
        solver.Table(Params(), bits=40)


def test_the_hints_later_searches_reuse_the_positions_search(monkeypatch):
    """18 stacks: the principal line and the reply to the alternative are read from the
    position's table (a few positions each instead of a fresh search), and the sentence is the
    one fresh tables give."""
    state = random_layout(Params(pieces_per_player=9), random.Random(2))
    seen: list[tuple[object, int]] = []
    real = solver.solve_fast

    def spy(position, **kw):  # one thread: two threads' races change the counts (flaky)
        got = real(position, **{**kw, "threads": 1})
        seen.append((position, 0 if got is None else got.nodes))
        return got

    monkeypatch.setattr(solver, "solve_fast", spy)
    agent = SolverAgent()
    move = agent.choose(state, random.Random(0))
    text, working = agent.explain(state, move), agent.working(state, move)
    later = [(p, n) for p, n in seen[2:] if p != state]  # after the position and alternative
    assert len(later) >= 3  # three moves of the line after the hinted one, the reply
    monkeypatch.setattr(solver, "solve_fast", real)
    for position, nodes in later:
        fresh = real(position, threads=1).nodes
        assert nodes * 10 < fresh, (nodes, fresh)
    fresh_agent = SolverAgent()
    monkeypatch.setattr(SolverAgent, "_shared_table", lambda self, state: None)
    assert fresh_agent.choose(state, random.Random(0)) == move
    assert _strip_counts(fresh_agent.explain(state, move)) == _strip_counts(text)
    assert [w.result for w in fresh_agent.working(state, move)] == [w.result for w in working]


def _strip_counts(text: str) -> str:
    """The sentence without its count of positions (the two threads' races change it)."""
    head, _, tail = text.partition(" positions searched")
    return head.rsplit(", ", 1)[0] + tail


def test_a_table_sized_for_a_position_is_the_size_a_solve_gives_it():
    small = random_layout(Params(pieces_per_player=4), random.Random(0))  # 8 stacks
    full = random_layout(Params(), random.Random(0))  # 24 stacks
    assert solver.Table.sized_for(small).entries == 2**solver.MIN_TABLE_BITS
    assert solver.Table.sized_for(full).entries == 2**solver.DEFAULT_TABLE_BITS
    assert solver.solve_fast(small, table=solver.Table.sized_for(small)).value == (
        solve(small, engine="reference").value
    )
