"""The fast (compiled) Neko Boss solver against the pure-Python reference and plain minimax."""

from __future__ import annotations

import random

import pytest

from nekolib.core import InvalidSetup, NekoError
from nekolib.neko_boss import solver
from nekolib.neko_boss.analysis import minimax_plain, solve
from nekolib.neko_boss.boards import (
    GRID_4X6_DIAGONAL,
    THREE_SQUARES,
    TOWN_4X6,
    grid_board,
    line_board,
)
from nekolib.neko_boss.rules import Params, from_layout, random_layout

pytestmark = pytest.mark.skipif(not solver.available(), reason="numba (nekolib[solver]) missing")


def random_position(params: Params, rng: random.Random, pieces: int, moves: int = 0):
    """``pieces`` single pieces (alternating owners) on random intersections, a random seat to
    move, then ``moves`` random moves."""
    layout: list[int | None] = [p % 2 for p in range(pieces)]
    layout += [None] * (params.board.size - pieces)
    rng.shuffle(layout)
    state = from_layout(layout, params, to_move=rng.randrange(2))
    for _ in range(moves):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# (params, pieces on the board): teaching boards full, the 24-point boards part-filled,
# and the rule variants that change move generation and scoring
MIXES = [
    (Params(board=line_board(5)), 5),
    (Params(board=line_board(7)), 7),
    (Params(board=grid_board(2, 3)), 6),
    (Params(board=grid_board(2, 4)), 8),
    (Params(board=grid_board(3, 3)), 9),
    (Params(board=grid_board(3, 4)), 12),
    (Params(board=THREE_SQUARES), 12),
    (Params(board=GRID_4X6_DIAGONAL), 10),
    (Params(board=TOWN_4X6), 12),
    (Params(board=TOWN_4X6, jumps_need_pieces=True), 12),
    (Params(board=grid_board(3, 4), score_height=3), 10),
    (Params(board=THREE_SQUARES, score_height=2), 8),
]


def _positions(count: int, seed: int):
    rng = random.Random(seed)
    for i in range(count):
        params, pieces = MIXES[i % len(MIXES)]
        yield random_position(params, rng, pieces, moves=rng.randrange(0, 4))


def test_fast_agrees_with_the_reference_on_500_positions_and_its_move_achieves_the_value():
    seen_values = set()
    for state in _positions(504, seed=14):
        fast = solve(state, engine="fast")
        ref = solve(state, engine="reference")
        assert fast.engine == "fast" and ref.engine == "reference"
        assert fast.value == ref.value, state.stacks
        seen_values.add(ref.value)
        if state.is_terminal():
            assert fast.best_move is None
            continue
        assert fast.best_move in state.legal_actions()
        after = state.apply(fast.best_move)  # the recommended move keeps the value (reference)
        assert solve(after, engine="reference").value == ref.value
    assert seen_values == {-1, 0, 1}  # the sample covers wins, draws and losses


def test_fast_agrees_with_plain_minimax_on_small_positions():
    rng = random.Random(7)
    boards = [line_board(5), line_board(6), grid_board(2, 3), grid_board(2, 4), grid_board(3, 3)]
    for i in range(120):
        board = boards[i % len(boards)]
        state = random_position(Params(board=board), rng, min(board.size, 8), rng.randrange(3))
        plain = minimax_plain(state)
        fast = solve(state, engine="fast")
        assert fast.value == plain.value
        if fast.best_move is not None:
            assert minimax_plain(state.apply(fast.best_move)).value == plain.value


def test_symmetric_positions_fold_and_give_the_same_value():
    # a position that is its own mirror image: folding is switched on for it
    layout = [0, 1, 1, 0] * 3  # 3 x 4 grid, rows mirror left-right
    params = Params(board=grid_board(3, 4))
    state = from_layout(layout, params, to_move=0)
    assert solver._self_symmetric(state)
    folded = solve(state, engine="fast")
    flat = solve(state, engine="fast", symmetry=False)
    assert folded.value == flat.value == solve(state, engine="reference").value


def test_a_tiny_table_forces_replacements_and_changes_no_value():
    """Memory bound: a 2**10-entry table (16 KiB) on 18-stack positions: thousands of
    replacements, the same values, and the entries in use never exceed the table."""
    for seed in range(3):
        state = random_layout(Params(pieces_per_player=9), random.Random(seed))
        big = solver.solve_fast(state)
        small = solver.solve_fast(state, table_bits=10)
        assert small.value == big.value
        assert small.table_size <= 2**10 < 4 * 2**10 < small.nodes
        assert small.best_move in state.legal_actions()


def test_twenty_stack_position_solved_and_its_move_keeps_the_value():
    state = random_layout(Params(pieces_per_player=10), random.Random(3))
    result = solve(state)
    assert result.engine == "fast" and result.best_move in state.legal_actions()
    assert solve(state.apply(result.best_move)).value == result.value


def test_progress_reports_root_moves_and_positions():
    calls: list[tuple[int, int, int]] = []
    state = random_layout(Params(pieces_per_player=8), random.Random(1))
    result = solve(state, progress=lambda *a: calls.append(a))
    assert calls, "progress was never called"
    assert all(0 <= done <= total for done, total, _ in calls)
    assert [n for *_, n in calls] == sorted(n for *_, n in calls)
    assert calls[-1][2] == result.nodes


def test_terminal_position():
    state = from_layout([[0, 1, 0], None, None, None, [1]], Params(board=line_board(5)))
    assert state.is_terminal()
    result = solve(state, engine="fast")
    assert result.value == 1 and result.best_move is None


def test_engine_choice_and_errors(monkeypatch):
    state = random_layout(Params(pieces_per_player=5), random.Random(0))
    assert solve(state).engine == "fast"
    assert solve(state, engine="reference").engine == "reference"
    with pytest.raises(InvalidSetup, match="engine must be one of"):
        solve(state, engine="quick")
    big_board = Params(board=grid_board(6, 6), pieces_per_player=3)  # 36 points: too big a key
    wide = random_layout(big_board, random.Random(0))
    assert "30 intersections" in solver.applies(wide)
    assert solve(wide).engine == "reference"  # small enough for the reference
    with pytest.raises(NekoError, match="engine='fast' cannot"):
        solve(wide, engine="fast")
    assert "2 players" in solver.applies(random_layout(Params(num_players=3), random.Random(0)))


def test_without_numba_big_positions_are_refused_clearly(monkeypatch):
    monkeypatch.setattr(solver, "numba", None)
    assert not solver.available()
    small = random_layout(Params(pieces_per_player=4), random.Random(0))
    assert solve(small).engine == "reference"
    full = random_layout(Params(), random.Random(0))
    with pytest.raises(NekoError, match="numba is not installed"):
        solve(full)
    with pytest.raises(NekoError, match="numba is not installed"):
        solve(small, engine="fast")


def test_two_threads_agree_with_one_and_with_the_reference():
    """The replies to a root move searched by two threads on one table (lockless entries)."""
    rng = random.Random(21)
    for i in range(24):
        params, pieces = MIXES[i % len(MIXES)]
        state = random_position(params, rng, pieces, moves=rng.randrange(0, 3))
        one = solver.solve_fast(state, threads=1)
        two = solver.solve_fast(state, threads=2)
        assert one.value == two.value == solve(state, engine="reference").value
        if two.best_move is not None:
            after = state.apply(two.best_move)
            assert solve(after, engine="reference").value == two.value
    big = random_layout(Params(pieces_per_player=9), random.Random(5))  # 18 stacks: real splits
    assert solver.solve_fast(big, threads=2).value == solver.solve_fast(big, threads=1).value


def test_best_alternative_is_the_best_other_move_by_brute_force():
    """``exclude``: the value of the best move other than the given one, checked against the
    reference solving every other child."""
    rng = random.Random(3)
    checked = 0
    for i in range(40):
        params, pieces = MIXES[i % len(MIXES)]
        state = random_position(params, rng, pieces)
        if state.is_terminal():
            continue
        best = solver.solve_fast(state)
        alt = solver.solve_fast(state, exclude=best.best_move)
        others = [a for a in state.legal_actions() if a != best.best_move]
        if not others:
            assert alt is None
            continue
        sign = 1 if state.to_move == 0 else -1
        values = {a: solve(state.apply(a), engine="reference").value for a in others}
        assert alt.value * sign == max(v * sign for v in values.values())
        assert alt.best_move != best.best_move and values[alt.best_move] == alt.value
        checked += 1
    assert checked >= 30


def test_a_node_limit_stops_the_search_with_a_clear_error():
    state = random_layout(Params(pieces_per_player=9), random.Random(0))
    with pytest.raises(solver.SearchStopped, match="stopped after"):
        solver.solve_fast(state, node_limit=1000)
    assert issubclass(solver.SearchStopped, NekoError)


def test_the_book_answers_stored_placements_with_the_solvers_value():
    from nekolib.neko_boss.agents import SolverAgent, book_result
    from nekolib.neko_boss.solved import perfect_play

    rows = perfect_play()["random"]
    easiest = min(rows, key=lambda r: r["nodes"])
    state = random_layout(Params(), random.Random(f"perfect-play/{easiest['seed']}"))
    booked = book_result(state)
    assert booked is not None and booked.engine == "book"
    assert booked.value == easiest["value"] and booked.best_move in state.legal_actions()
    fresh = solver.solve_fast(state)
    assert fresh.value == booked.value
    assert solve(state.apply(booked.best_move)).value == booked.value  # the stored move keeps it
    assert SolverAgent().choose(state, random.Random(0)) == booked.best_move
    assert book_result(state.apply(booked.best_move)) is None  # only positions after placement
    assert book_result(random_layout(Params(), random.Random("not stored"))) is None


def test_solver_hint_says_the_value_of_its_move_and_of_the_best_alternative():
    from nekolib.neko_boss.agents import VERDICT, SolverAgent

    rng = random.Random(8)
    for _ in range(6):
        state = random_layout(Params(pieces_per_player=6), rng)  # 12 stacks
        agent = SolverAgent()
        move = agent.choose(state, rng)
        sign = 1 if state.to_move == 0 else -1
        values = {
            a: solve(state.apply(a), engine="reference").value * sign for a in state.legal_actions()
        }
        text = agent.explain(state, move)
        assert text.startswith(f"with best play {VERDICT[values[move]]} (solver")
        assert values[move] == max(values.values())
        alt_label, alt_words = text.split("the best alternative, ")[1].split(": ")
        alt = state.parse(alt_label)
        assert alt != move and VERDICT[values[alt]] == alt_words
        assert values[alt] == max(v for a, v in values.items() if a != move)


def test_two_threads_find_the_same_best_move_as_one_thread_every_time():
    """The root race returns the first winning move in move order (moves before a hit are
    finished), so the move never depends on which thread was faster: the same as one
    thread's, run after run (the lab and the notebooks replay games with it)."""
    rng = random.Random(8)
    for _ in range(6):
        state = random_layout(Params(pieces_per_player=rng.choice((9, 10))), rng)
        one = solver.solve_fast(state, threads=1)
        moves = {solver.solve_fast(state, threads=2).best_move for _ in range(3)}
        assert moves == {one.best_move}, (moves, one)


def test_the_huge_page_table_starts_zeroed_and_changes_no_value(monkeypatch):
    """The table on an anonymous mapping advised to use huge pages (4 MiB here) starts at zero,
    is writable, and the solver gives the same value, move and positions on it as on a plain
    numpy table."""
    table = solver._zeroed_table(1 << 19)
    assert table.dtype == solver.np.uint64 and table.shape == (1 << 19,) and not table.any()
    table[-1] = 7
    assert table[-1] == 7
    state = random_layout(Params(pieces_per_player=6), random.Random(3))
    huge = solver.solve_fast(state, table_bits=18, threads=1)
    monkeypatch.setattr(solver, "HUGE_PAGES", False)
    plain = solver.solve_fast(state, table_bits=18, threads=1)
    assert (huge.value, huge.best_move, huge.nodes) == (plain.value, plain.best_move, plain.nodes)
    assert huge.value == solve(state, engine="reference").value


def test_the_kernels_bit_count_counts_bits():
    from nekolib.neko_boss.solver_kernel import _bits

    rng = random.Random(5)
    for x in [0, 1, 2**62, 2**63 - 1] + [rng.getrandbits(62) for _ in range(200)]:
        assert _bits(x) == bin(x).count("1")


def test_the_kernel_counts_no_references():
    """Every compiled kernel function is built without numba's reference counting (its atomic
    increments were 46% of the search's time); such a function cannot allocate either."""
    from nekolib.neko_boss import solver_kernel

    kernels = [f for f in vars(solver_kernel).values() if hasattr(f, "targetoptions")]
    assert len(kernels) >= 20
    assert all(f.targetoptions.get("_nrt") is False for f in kernels)


def test_moves_picked_lazily_come_in_the_order_of_the_stable_sort():
    """The search takes the first best move, and sorts the rest only if it did not cut: the
    moves come in the order of a full stable sort (highest score first, ties as generated)."""
    from nekolib.neko_boss.solver_kernel import _pick_first, _sort_from

    rng = random.Random(11)
    for n in [1, 2, 3, 7, 30] * 20:
        scores = [rng.randrange(5) for _ in range(n)]
        mb = solver.np.zeros((3, 40), dtype=solver.np.int64)
        sb = solver.np.zeros((3, 40), dtype=solver.np.int64)
        mb[1, :n] = range(n)
        sb[1, :n] = scores
        _pick_first(mb, sb, 1, n)
        first = int(mb[1, 0])
        _sort_from(mb, sb, 1, 1, n)
        expected = sorted(range(n), key=lambda i: -scores[i])
        assert first == expected[0]
        assert list(mb[1, :n]) == expected


@pytest.mark.slow
def test_stored_placements_re_solve_to_their_stored_values_and_moves():
    """Every 20th stored placement of ``data/perfect_play.json`` (full 24-stack boards),
    solved again by today's kernel: the stored value and the stored best move (the first
    move in move order that reaches the value: the order, not the threads, decides it)."""
    from nekolib.neko_boss.solved import perfect_play

    rows = {r["seed"]: r for r in perfect_play()["random"]}
    for seed in range(0, 200, 20):
        state = random_layout(Params(), random.Random(f"perfect-play/{seed}"))
        got = solver.solve_fast(state)
        assert got.value == rows[seed]["value"], seed
        assert state.action_to_string(got.best_move) == rows[seed]["best_move"], seed
