"""Neko Boss analysis: packed engine, reachability, solver vs plain minimax, 3-4 players."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from nekolib.core import TERMINAL, InvalidSetup
from nekolib.neko_boss.analysis import (
    MAX_PACKED_HEIGHT,
    Engine,
    maxn,
    maxn_plain,
    minimax_plain,
    pack,
    paranoid,
    paranoid_plain,
    reachable,
    reachable_plain,
    solve,
    tall_points,
)
from nekolib.neko_boss.boards import THREE_SQUARES, TOWN_4X6, grid_board, line_board
from nekolib.neko_boss.rules import Move, Params, from_layout, has_moves, new_game, random_layout


def random_position(params: Params, rng: random.Random, vacancies: int = 0, moves: int = 0):
    """A random full placement with some intersections emptied, then a few random moves."""
    layout: list[int | None] = [p % params.num_players for p in range(params.board.size)]
    rng.shuffle(layout)
    for p in rng.sample(range(len(layout)), vacancies):
        layout[p] = None
    state = from_layout(layout, params, to_move=rng.randrange(params.num_players))
    for _ in range(moves):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


SMALL_2P = [
    Params(board=line_board(5)),
    Params(board=line_board(7)),
    Params(board=grid_board(2, 3)),
    Params(board=grid_board(2, 4)),
    Params(board=grid_board(3, 3)),
]


# --------------------------------------------------------------------------- packed engine
@pytest.mark.parametrize("n", [2, 3, 4])
def test_packed_engine_agrees_with_rules_along_random_games(n: int):
    params = Params(num_players=n)
    engine = Engine(params)
    rng = random.Random(n)
    for seed in range(200):
        state = random_layout(params, random.Random(seed))
        while True:
            cells = pack(state)
            assert engine.scores(cells) == state.scores()
            if state.is_terminal():
                assert float(engine.returns(cells)[0]) == state.returns()[0]
                break
            kids = engine.children(cells, state.to_move)
            legal = state.legal_actions()
            assert [Move(*m) for m, _, _ in kids] == legal
            for (_m, child, mover), action in zip(kids, legal, strict=True):
                after = state.apply(action)
                assert child == pack(after) and mover == after.to_move
            state = state.apply(rng.choice(legal))


# --------------------------------------------------------------------------- reachability
def _packed(cells) -> bytes:
    return bytes(h * 8 + o if h else 0 for h, o in cells)


def test_reachability_by_hand_on_a_line_of_three():
    # a1 b1 c1 = seat 0, seat 1, seat 0; seat 0 to move. Seat 0 covers b1 from a1 or c1
    # (seat 1 is then out: it keeps no top piece), then brings the other end onto b1:
    # start, [-, 2, 0], [0, 2, -], [-, 3, -]; the last one is the only end position.
    state = from_layout([0, 1, 0], Params(board=line_board(3)), to_move=0)
    report = reachable(state)
    assert report.positions == 4 and report.terminal == 1
    assert report.symmetry_classes == 3  # the two middle positions mirror each other
    assert report.max_height == [1, 3, 1]
    assert report.tallest == [3, 1] and report.tall_points == []


@pytest.mark.parametrize("params", [*SMALL_2P[:4], Params(num_players=3, board=grid_board(2, 4))])
def test_reachability_matches_the_plain_walk_through_the_rules(params: Params):
    rng = random.Random(11)
    for _ in range(4):
        state = random_position(params, rng)
        report = reachable(state)
        keys = reachable_plain(state)
        assert report.positions_with_out == len(keys)
        assert report.positions == len({(cells, mover) for cells, mover, _out in keys})
        assert report.boards == len({cells for cells, _m, _o in keys})
        assert report.terminal == len({(c, m) for c, m, _ in keys if m == TERMINAL})
        for seat in range(params.num_players):
            tallest = max(h for cells, _m, _o in keys for h, o in cells if o == seat)
            assert report.tallest[seat] == tallest
        for p in range(params.board.size):
            owners = {c[p][1] for c, _m, _o in keys if c[p][0] >= params.score_height}
            assert report.tall_owners[p] == owners
        assert sum(report.by_stacks.values()) == report.positions
        kept = reachable(state, keep=True).keys
        assert kept == {(_packed(cells), mover) for cells, mover, _out in keys}


def test_out_set_is_redundant_in_the_state_key():
    """Lemma 2: where two reachable keys differ only in the out-set, every seat marked out in
    either has no legal move there, so dropping the out-set merges no different futures."""
    rng = random.Random(5)
    for params in [*SMALL_2P[2:4], Params(num_players=3, board=grid_board(2, 4))]:
        state = random_position(params, rng)
        by_position: dict = {}
        for cells, mover, out in reachable_plain(state):
            by_position.setdefault((cells, mover), set()).add(out)
        for (cells, _mover), outs in by_position.items():
            stacks = tuple((o,) * h if h else () for h, o in cells)
            for out in outs:
                for seat, flag in enumerate(out):
                    assert not flag or not has_moves(params.board, stacks, seat)


def test_reachability_reports_progress():
    state = random_position(Params(board=grid_board(2, 5)), random.Random(1))
    calls: list[int] = []
    report = reachable(state, progress=calls.append)
    assert calls and calls == sorted(calls) and calls[-1] <= report.positions_with_out


# --------------------------------------------------------------------------- 2-player solver
def test_solver_agrees_with_plain_minimax_on_hundreds_of_small_positions():
    rng = random.Random(2026)
    count = 0
    for i in range(300):
        params = SMALL_2P[i % len(SMALL_2P)]
        vacancies = rng.randrange(0, 3)
        state = random_position(params, rng, vacancies=vacancies, moves=rng.randrange(0, 3))
        plain = minimax_plain(state)
        fast = solve(state)
        assert fast.value == plain.value
        assert solve(state, symmetry=False).value == plain.value
        if fast.best_move is not None:  # the move it recommends really achieves the value
            assert minimax_plain(state.apply(fast.best_move)).value == plain.value
        count += 1
    assert count == 300


def test_solver_agrees_with_plain_minimax_on_the_default_board():
    rng = random.Random(3)
    params = Params(pieces_per_player=4)
    for _ in range(10):
        state = random_layout(params, rng)
        assert solve(state).value == minimax_plain(state).value


def test_solver_value_is_invariant_under_board_symmetry():
    rng = random.Random(8)
    board = TOWN_4X6
    for _ in range(5):
        state = random_layout(Params(pieces_per_player=5), rng)
        value = solve(state, symmetry=False).value
        for perm in board.symmetries:
            image = [None] * board.size
            for p, stack in enumerate(state.stacks):
                image[perm[p]] = stack or None
            mirrored = from_layout(image, state.params, to_move=state.to_move)
            assert solve(mirrored, symmetry=False).value == value


def test_solver_uses_far_fewer_nodes_than_plain_minimax():
    state = random_position(Params(board=grid_board(3, 3)), random.Random(1))
    assert minimax_plain(state).nodes >= 10 * solve(state).nodes


def test_solver_progress_callback_and_errors():
    state = random_layout(Params(pieces_per_player=7), random.Random(0))
    seen: list[tuple[int, int, int]] = []
    result = solve(state, progress=lambda d, t, n: seen.append((d, t, n)))
    assert seen and seen[-1][0] <= seen[-1][1] and seen[-1][2] <= result.nodes
    with pytest.raises(ValueError, match="2 players"):
        solve(random_layout(Params(num_players=3), random.Random(0)))


def test_twelve_stack_position_on_the_default_board_is_solved_with_few_nodes():
    state = random_layout(Params(pieces_per_player=6), random.Random(0))
    assert sum(1 for s in state.stacks if s) == 12
    assert solve(state).nodes < 20_000


# --------------------------------------------------------------------------- 3-4 players
@pytest.mark.parametrize(
    "params",
    [
        Params(num_players=3, board=grid_board(2, 3)),
        Params(num_players=3, board=grid_board(3, 3)),
        Params(num_players=4, board=grid_board(2, 4)),
        Params(num_players=3, board=line_board(7)),
    ],
)
def test_paranoid_and_maxn_match_plain_recursion(params: Params):
    rng = random.Random(params.board.size)
    for _ in range(6):
        state = random_position(params, rng, vacancies=rng.randrange(2))
        if state.is_terminal():
            continue
        for seat in range(params.num_players):
            assert paranoid(state, seat) == paranoid_plain(state, seat)
        assert maxn(state) == maxn_plain(state)
        assert sum(maxn(state)) == 1


def test_two_player_paranoid_and_maxn_equal_the_solver():
    rng = random.Random(9)
    for _ in range(20):
        state = random_position(Params(board=grid_board(2, 4)), rng)
        value = solve(state).value
        assert paranoid(state, 0) == Fraction(value + 1, 2)
        assert maxn(state)[0] == Fraction(value + 1, 2)


# --------------------------------------------------------------------------- tall points
@pytest.mark.parametrize(
    "params",
    [
        Params(board=TOWN_4X6, pieces_per_player=6),
        Params(board=THREE_SQUARES, pieces_per_player=6),
        Params(board=grid_board(3, 4), pieces_per_player=4, jumps_need_pieces=True),
        Params(num_players=3, board=grid_board(3, 4), pieces_per_player=3),
        Params(num_players=4, board=grid_board(3, 4), pieces_per_player=2, score_height=3),
    ],
)
def test_tall_points_is_the_reachability_answer(params: Params):
    """The lean search (no out-set, mover found when popped) finds exactly the points the
    full reachability walk finds (and the answer differs from position to position)."""
    sizes = set()
    for i in range(12):
        state = random_layout(params, random.Random(f"tall/{i}"))
        found = tall_points(state)
        assert found == frozenset(reachable(state).tall_points)
        sizes.add(len(found))
    assert len(sizes) > 1  # not a constant answer


def test_tall_points_counts_a_tall_stack_already_standing():
    state = from_layout([(0, 1, 0, 0), None, 1, None, None], Params(board=line_board(5)))
    assert state.is_terminal() and tall_points(state) == {0}


# --------------------------------------------------------------------------- bad input
def test_paranoid_names_the_players_that_exist():
    state = random_position(Params(num_players=3, board=grid_board(2, 3)), random.Random(1))
    for seat in (5, -1, 3, True, 1.0, "0"):
        with pytest.raises(InvalidSetup, match=r"players are 0\.\.2"):
            paranoid(state, seat)


def test_analysis_refuses_placement_and_foreign_states():
    with pytest.raises(InvalidSetup, match="phase 2"):
        solve(new_game(2))
    with pytest.raises(InvalidSetup, match="phase 2"):
        reachable(new_game(3))
    with pytest.raises(InvalidSetup, match="needs a NekoBossState"):
        tall_points("a1")
    with pytest.raises(InvalidSetup, match="solve\\(\\) is for 2 players"):
        solve(random_layout(Params(num_players=4), random.Random(0)))


def test_pack_refuses_stacks_taller_than_a_byte_holds():
    params = Params(board=grid_board(6, 6))
    tall = from_layout([(0,) * (MAX_PACKED_HEIGHT + 1), 1] + [None] * 34, params)
    with pytest.raises(InvalidSetup, match=f"at most {MAX_PACKED_HEIGHT} pieces"):
        pack(tall)
    fits = from_layout([(0,) * MAX_PACKED_HEIGHT, 1] + [None] * 34, params)
    assert pack(fits)[0] == MAX_PACKED_HEIGHT * 8
