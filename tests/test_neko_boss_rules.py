"""Neko Boss rules: boards, placement, moves, the out rule, scoring, illegal actions, views."""

from __future__ import annotations

import random

import pytest

from nekolib.core import TERMINAL, IllegalAction, InvalidSetup, NekoError
from nekolib.neko_boss import GAME
from nekolib.neko_boss.boards import (
    BOARDS,
    DEFAULT_BOARD,
    GRID_4X6_DIAGONAL,
    THREE_SQUARES,
    TOWN_4X6,
    Board,
    board_by_name,
    grid_board,
    line_board,
)
from nekolib.neko_boss.rules import (
    Move,
    NekoBossState,
    Params,
    Place,
    from_layout,
    new_game,
    random_layout,
    returns_from_scores,
    score_of,
)

LINE5 = Params(board=line_board(5))


# --------------------------------------------------------------------------- boards
@pytest.mark.parametrize("board", [TOWN_4X6, THREE_SQUARES, GRID_4X6_DIAGONAL])
def test_the_24_point_boards(board: Board):
    assert board.size == 24
    assert DEFAULT_BOARD is TOWN_4X6
    for line in board.lines:  # straight: collinear, evenly spaced points
        (x0, y0), (x1, y1) = board.coords[line[0]], board.coords[line[1]]
        dx, dy = x1 - x0, y1 - y0
        for i, p in enumerate(line):
            assert board.coords[p] == pytest.approx((x0 + i * dx, y0 + i * dy))


def _grid_reach_by_geometry(board: Board, p: int, d: int, diagonal: bool) -> set[int]:
    x, y = board.coords[p]
    found = set()
    for q, (u, v) in enumerate(board.coords):
        du, dv = abs(u - x), abs(v - y)
        if (du == d and dv == 0) or (du == 0 and dv == d) or (diagonal and du == dv == d):
            found.add(q)
    return found


@pytest.mark.parametrize(
    ("board", "diagonal"),
    [(TOWN_4X6, False), (GRID_4X6_DIAGONAL, True), (grid_board(3, 3), False)],
)
def test_reach_tables_match_plane_geometry(board: Board, diagonal: bool):
    for p in board.points:
        for d in range(1, board.max_distance + 1):
            assert set(board.reach[p][d]) == _grid_reach_by_geometry(board, p, d, diagonal)


def test_three_squares_has_no_move_longer_than_two():
    assert THREE_SQUARES.max_distance == 2
    corner = THREE_SQUARES.point_of("a1")
    assert set(THREE_SQUARES.neighbours[corner]) == {
        THREE_SQUARES.point_of("d1"),
        THREE_SQUARES.point_of("a4"),
    }
    assert THREE_SQUARES.distance_on_line(corner, THREE_SQUARES.point_of("g1")) == 2
    assert THREE_SQUARES.distance_on_line(corner, THREE_SQUARES.point_of("g7")) is None


@pytest.mark.parametrize(
    ("board", "count"),
    [(TOWN_4X6, 4), (THREE_SQUARES, 8), (grid_board(3, 3), 8), (line_board(5), 2)],
)
def test_symmetries_preserve_every_move(board: Board, count: int):
    assert len(board.symmetries) == count
    assert board.symmetries[0] == tuple(board.points)
    for perm in board.symmetries:
        for p in board.points:
            for d in range(1, board.max_distance + 1):
                assert {perm[q] for q in board.reach[p][d]} == set(board.reach[perm[p]][d])


def test_board_lookup_and_validation():
    assert board_by_name("grid_2x5").size == 10
    assert board_by_name("line_4").size == 4
    assert board_by_name("town_4x6") is TOWN_4X6
    assert set(BOARDS) >= {"town_4x6", "three_squares", "grid_4x6_diagonal"}
    with pytest.raises(InvalidSetup):
        board_by_name("hexagon")
    with pytest.raises(InvalidSetup):
        Board("bad", ((0, 0), (1, 0)), ((0, 0),))
    with pytest.raises(InvalidSetup):
        Board("twice", ((0, 0), (1, 0)), ((0, 1), (1, 0)))


# --------------------------------------------------------------------------- setup
@pytest.mark.parametrize(("n", "pieces"), [(2, 12), (3, 8), (4, 6)])
def test_piece_counts_fill_the_board(n: int, pieces: int):
    state = new_game(n)
    assert state.in_hand == (pieces,) * n
    assert state.phase == "placement" and state.current_player() == 0
    assert GAME.new_game(n).in_hand == state.in_hand


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_outside_2_to_4_is_refused(n: int):
    with pytest.raises(InvalidSetup):
        new_game(n)


def test_too_many_pieces_refused():
    with pytest.raises(InvalidSetup):
        new_game(2, pieces_per_player=13)


def test_placement_alternates_and_fills_the_board_then_player_0_moves():
    state = new_game(3)
    order = []
    for p in range(24):
        order.append(state.current_player())
        assert state.legal_actions() == [Place(q) for q in range(p, 24)]
        state = state.apply(Place(p))
    assert order == [0, 1, 2] * 8
    assert state.phase == "movement"
    assert all(len(s) == 1 for s in state.stacks)
    assert state.current_player() == 0


def test_movement_starts_first_variant():
    params = Params(board=grid_board(1, 5), pieces_per_player=2, movement_starts="first")
    state = new_game(params=params)
    for p in (0, 1, 2, 3):
        state = state.apply(Place(p))
    assert state.current_player() == 0
    nxt = new_game(params=Params(board=grid_board(1, 5), pieces_per_player=2, first_player=1))
    for p in (0, 1, 2, 3):
        nxt = nxt.apply(Place(p))
    assert nxt.current_player() == 1  # 'next': turn order continues after the last placer (0)


# --------------------------------------------------------------------------- moves
def test_single_piece_moves_one_step_onto_a_piece_only():
    state = from_layout([0, 1, None, 0, 1], LINE5, to_move=0)
    assert state.legal_actions() == [Move(0, 1), Move(3, 4)]
    after = state.apply(Move(0, 1))
    assert after.stacks == ((), (1, 0), (), (0,), (1,))
    assert after.current_player() == 1


def test_stack_moves_exactly_its_height_jumping_vacant_and_occupied_points():
    # a 2-stack on a1 jumps over b1 (vacant) to c1; a 3-stack jumps two pieces
    state = from_layout([(1, 0), None, 1, 0, None], LINE5, to_move=0)
    assert Move(0, 2) in state.legal_actions()
    after = state.apply(Move(0, 2))
    assert after.stacks[2] == (1, 1, 0) and after.heights() == (0, 0, 3, 1, 0)
    strict = from_layout([(1, 0), None, 1, 0, None], LINE5, to_move=0, jumps_need_pieces=True)
    assert Move(0, 2) not in strict.legal_actions()
    with pytest.raises(IllegalAction, match="jumped over must hold a piece"):
        strict.apply(Move(0, 2))


def test_only_the_top_owner_moves_a_stack():
    state = from_layout([(0, 1), 1, 0, None, None], LINE5, to_move=0)
    assert Move(0, 2) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="belongs to Blue"):
        state.apply(Move(0, 2))


def _brute_force_moves(state: NekoBossState) -> set[Move]:
    """Legal moves from plane geometry (grid boards without diagonals)."""
    me, stacks, coords = state.to_move, state.stacks, state.board.coords
    moves = set()
    for s, stack in enumerate(stacks):
        if not stack or stack[-1] != me:
            continue
        for d, target in enumerate(stacks):
            (x, y), (u, v) = coords[s], coords[d]
            straight = (x == u) != (y == v)
            if target and straight and abs(u - x) + abs(v - y) == len(stack):
                moves.add(Move(s, d))
    return moves


def test_legal_moves_match_brute_force_and_all_others_raise_leaving_state_unchanged():
    rng = random.Random(4)
    board = TOWN_4X6
    everything = [Place(p) for p in board.points] + [
        Move(s, d) for s in board.points for d in board.points
    ]
    checked = 0
    for seed in range(12):
        state = random_layout(Params(), random.Random(seed))
        while not state.is_terminal():
            legal = set(state.legal_actions())
            assert legal == _brute_force_moves(state)
            snapshot = (state.stacks, state.to_move, state.out, state.in_hand)
            for action in rng.sample(everything, 60):
                if action in legal:
                    continue
                with pytest.raises(IllegalAction) as err:
                    state.apply(action)
                assert err.value.legal == state.legal_actions()
                assert (state.stacks, state.to_move, state.out, state.in_hand) == snapshot
                checked += 1
            state = state.apply(rng.choice(sorted(legal)))
    assert checked > 1000


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Move(0, 1), "vacant"),
        (Move(0, 4), "must move exactly 2"),
        (Move(1, 2), "no piece on b1"),
        (Move(3, 4), "belongs to Blue"),
        (Move(0, 9), "on the board"),
        (Place(1), "phase 2"),
        ("jump!", "only action is moving"),
    ],
)
def test_illegal_move_messages(action, reason):
    state = from_layout([(1, 0), None, 0, 1, 0], LINE5, to_move=0)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(action)


def test_illegal_placements():
    state = new_game(2).apply(Place(5))
    with pytest.raises(IllegalAction, match="already occupied"):
        state.apply(Place(5))
    with pytest.raises(IllegalAction, match="not on the board"):
        state.apply(Place(99))
    with pytest.raises(IllegalAction, match="once every piece is placed"):
        state.apply(Move(5, 6))


def test_not_on_a_straight_path_message():
    params = Params(board=grid_board(2, 2))
    state = from_layout([0, 1, 1, 0], params, to_move=0)
    with pytest.raises(IllegalAction, match="straight path"):
        state.apply(Move(0, 3))


# --------------------------------------------------------------------------- turns, out, end
def test_a_player_without_a_move_is_out_for_good_and_others_continue():
    # seat 1's only piece (e1) has no occupied neighbour; seat 0 can still move twice
    state = from_layout([0, 0, 0, None, 1], LINE5, to_move=0)
    assert state.current_player() == 0
    after = state.apply(Move(0, 1))
    assert after.out == (False, True)
    assert after.current_player() == 0  # seat 1 is skipped
    final = after.apply(Move(2, 1)) if Move(2, 1) in after.legal_actions() else after
    assert final.is_terminal() or final.current_player() == 0


def test_game_over_when_nobody_can_move():
    state = from_layout([0, None, 1, None, 0], LINE5, to_move=0)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == [] and state.out == (True, True)
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(Move(0, 2))


# --------------------------------------------------------------------------- scoring
def test_score_counts_controlled_stacks_only():
    stacks = ((0, 0, 1, 0), (1, 1, 1, 1, 1), (0,), (), (1, 0))
    assert score_of(stacks, 0) == (1, 4, 3)
    assert score_of(stacks, 1) == (1, 5, 1)


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([(2, 4, 2), (1, 9, 5)], [1.0, 0.0]),  # more 4+ stacks wins
        ([(1, 5, 1), (1, 4, 6)], [1.0, 0.0]),  # then the highest stack
        ([(1, 5, 1), (1, 5, 2)], [0.0, 1.0]),  # then more stacks
        ([(0, 3, 2), (0, 3, 2)], [0.5, 0.5]),  # all the same: shared
        ([(0, 3, 2), (1, 4, 1), (1, 4, 1)], [0.0, 0.5, 0.5]),
    ],
)
def test_tie_breaks_in_rulebook_order(scores, expected):
    assert returns_from_scores(scores) == expected


def test_returns_at_the_end_of_a_hand_built_game():
    # 6 pieces need 6+ points (a layout never holds more pieces than intersections);
    # the 4-stack on a1 would land on vacant e1, the 2-stack on d1 on vacant b1 or f1
    layout = [(1, 0, 1, 0), None, None, (0, 1), None, None, None]
    state = from_layout(layout, Params(board=line_board(7)), to_move=1)
    assert state.is_terminal()
    assert state.scores() == [(1, 4, 1), (0, 2, 1)]
    assert state.returns() == [1.0, 0.0] and state.winners() == (0,)


# --------------------------------------------------------------------------- key and view
def _scramble_buried(state: NekoBossState, rng: random.Random) -> NekoBossState:
    stacks = tuple(
        (*(rng.randrange(state.num_players) for _ in s[:-1]), s[-1]) if s else ()
        for s in state.stacks
    )
    return NekoBossState(state.params, stacks, state.to_move, state.in_hand, state.out)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_state_key_is_all_that_matters(n: int):
    """Same key -> same legal actions, same successor keys, same scores and returns."""
    rng = random.Random(n)
    for seed in range(30):
        state = random_layout(Params(num_players=n), random.Random(seed))
        while not state.is_terminal():
            twin = _scramble_buried(state, rng)
            assert twin.key() == state.key()
            assert twin.legal_actions() == state.legal_actions()
            assert twin.scores() == state.scores()
            for a in state.legal_actions():
                assert twin.apply(a).key() == state.apply(a).key()
            state = state.apply(rng.choice(state.legal_actions()))
        assert _scramble_buried(state, rng).returns() == state.returns()


def test_views_are_public_and_identical_for_everyone():
    state, rng = new_game(3), random.Random(1)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_actions()))
    views = [state.view(p) for p in (None, 0, 1, 2)]
    for v in views:
        v.pop("viewer")
    assert all(v == views[0] for v in views)
    assert views[0]["stacks"] == state.stacks and "?" not in str(views[0]["stacks"])


def test_action_labels_use_board_names():
    state = new_game(2)
    assert state.action_to_string(Place(0)) == "place a1"
    assert state.action_to_string(Move(0, 7)) == "a1\u2192b2"
    assert str(Move(0, 7)) == "0->7"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_played_placement_is_the_layout_shortcut(n: int):
    rng = random.Random(n)
    state = new_game(n)
    while state.phase == "placement":
        state = state.apply(rng.choice(state.legal_actions()))
    owners = [s[0] for s in state.stacks]
    assert from_layout(owners, state.params, to_move=0) == state
    shortcut = random_layout(state.params, random.Random(0))
    assert shortcut.to_move == 0 and sorted(len(s) for s in shortcut.stacks) == [1] * 24


# --------------------------------------------------------------------------- bad input
def _snapshot(state: NekoBossState) -> tuple:
    return state.stacks, state.to_move, state.in_hand, state.out, state.last, state.view(None)


def _midgame() -> NekoBossState:
    """Phase 2 on the default board: a1 is Blue's (seat 1), b1 Red's (seat 0); b1->c1 legal."""
    state = random_layout(Params(), random.Random(0))
    assert state.tops()[:3] == (1, 0, 1) and state.current_player() == 0
    assert Move(1, 2) in state.legal_actions()
    return state


def _refused(state: NekoBossState, action) -> str:
    """Apply ``action``: it must raise IllegalAction, leave ``state`` as it was, list the
    legal actions in the board's labels, and ``is_legal`` must answer False (no raise)."""
    before = _snapshot(state)
    assert state.is_legal(action) is False
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert _snapshot(state) == before
    message = str(err.value)
    legal = state.legal_actions()
    assert err.value.legal == legal and err.value.decider == state.current_player()
    assert "Legal now: " + ", ".join(state.action_to_string(a) for a in legal[:3]) in message
    assert "->" not in message  # points by label (a1→b1), never by index (0->1)
    return message


def test_labels_in_actions_are_refused_with_the_numbered_action_and_parse_named():
    state = _midgame()
    message = _refused(state, Move("b1", "c1"))
    assert "b1→c1 is Move(src=1, dst=2)" in message and "state.parse('b1-c1')" in message
    # a labelled move that breaks a rule is told the rule, in labels
    assert "top piece on a1 belongs to Blue" in _refused(state, Move("a1", "b1"))
    placing = new_game(2)
    message = _refused(placing, Place("a1"))
    assert "place a1 is Place(point=0)" in message and "state.parse('a1')" in message
    assert "state.parse('a1')" in _refused(placing, "a1")


@pytest.mark.parametrize(
    "text", ["b1-c1", "b1->c1", "b1\u2192c1", " B1 - C1 ", "b1 to c1", "b1 c1", "b1,c1"]
)
def test_parse_reads_moves_as_people_type_them(text: str):
    state = _midgame()
    assert state.parse(text) == Move(1, 2)
    assert state.parse(Move("b1", "c1")) == Move(1, 2)
    after = state.apply(state.parse(text))
    assert after == state.apply(Move(1, 2)) and after.last == Move(1, 2)


def test_parse_reads_placements_and_refuses_what_names_nothing():
    state = new_game(2, board="three_squares")
    assert state.parse("g7") == Place(THREE_SQUARES.point_of("g7"))
    assert state.parse("place A1") == state.parse(Place("a1")) == Place(0)
    before = _snapshot(state)
    for junk in ("z9", "a1-z9", "", None, 3.0, Move("a1", None), ["a1"]):
        with pytest.raises(IllegalAction) as err:
            state.parse(junk)
        assert "Legal now: place a1, place d1" in str(err.value)
    assert _snapshot(state) == before


@pytest.mark.parametrize(
    ("action", "says"),
    [
        (Move(0.0, 1.0), "0.0 and 1.0 are not on the board"),
        (Move(1, 2.0), "2.0 is not on the board"),
        (Move(True, 2), "True is not on the board"),
        (Move(1, 24), "24 is not on the board"),
        (Move("b1", "z9"), "'z9' is not on the board"),
        (Place(None), "phase 2 is moving stacks"),
        (Place(1), "phase 2 is moving stacks"),
        (None, "the only action is moving a stack"),
        ([1, 2], "the only action is moving a stack"),
        ({}, "the only action is moving a stack"),
        ("jump!", "the only action is moving a stack"),
    ],
)
def test_junk_actions_in_phase_2(action, says: str):
    message = _refused(_midgame(), action)
    assert says in message
    if "not on the board" in says or "only action" in says:
        assert "intersections are a1, b1, c1" in message and "numbered 0..23" in message


@pytest.mark.parametrize(
    ("action", "says"),
    [
        (Place(None), "None is not on the board"),
        (Place(0.0), "0.0 is not on the board"),
        (Place(True), "True is not on the board"),
        (Place(-1), "-1 is not on the board"),
        (Place("z9"), "'z9' is not on the board"),
        (Move(0, 1), "moves start only once every piece is placed"),
        ("place", "the only action is placing a piece"),
    ],
)
def test_junk_actions_in_phase_1(action, says: str):
    assert says in _refused(new_game(3), action)


def test_refusals_after_the_end_say_the_game_is_over():
    state = from_layout([0, None, 1, None, 0], LINE5, to_move=0)
    for action in (Move(0, 2), Move(0.0, 2), Place("a1"), None):
        assert "game is over" in _refused(state, action)


@pytest.mark.parametrize(
    ("field", "value", "allowed"),
    [
        ("board", "grid_3", "known: town_4x6, three_squares"),
        ("board", "hexagon", "grid_RxC"),
        ("board", 5, "a Board or a board name"),
        ("board", None, "a Board or a board name"),
        ("pieces_per_player", 3.5, "whole number >= 1 (or None"),
        ("pieces_per_player", 0, "whole number >= 1"),
        ("pieces_per_player", True, "whole number >= 1"),
        ("pieces_per_player", "6", "whole number >= 1"),
        ("pieces_per_player", 13, "at most 12 each"),
        ("score_height", 0, "score_height must be a whole number >= 1"),
        ("score_height", 4.0, "score_height must be a whole number >= 1"),
        ("jumps_need_pieces", 1, "jumps_need_pieces must be True or False"),
        ("jumps_need_pieces", "no", "jumps_need_pieces must be True or False"),
        ("movement_starts", "last", "movement_starts must be 'next' or 'first'"),
        ("movement_starts", ["next"], "movement_starts must be 'next' or 'first'"),
        ("first_player", 2, "first_player must be a seat 0..1"),
        ("first_player", True, "first_player must be a seat 0..1"),
        ("first_player", 0.0, "first_player must be a seat 0..1"),
        ("min_players", 0, "min_players must be a whole number 1..8"),
        ("max_players", 9, "max_players must be a whole number 1..8"),
        ("max_players", "4", "max_players must be a whole number 1..8"),
    ],
)
def test_every_params_field_is_validated(field: str, value, allowed: str):
    with pytest.raises(InvalidSetup) as err:
        Params(**{field: value})
    message = str(err.value)
    assert allowed in message and repr(value) in message
    assert field in message or field == "board"
    with pytest.raises(InvalidSetup):
        new_game(2, **{field: value})


def test_board_names_are_accepted_where_a_board_is_expected():
    assert Params(board="town_4x6").board is TOWN_4X6
    assert new_game(2, board="grid_3x4").board.size == 12
    assert new_game(2, board="grid_3x3_diagonal").board.max_distance == 2
    assert Params(board="line_7").board.size == 7


def test_unknown_new_game_arguments():
    with pytest.raises(InvalidSetup, match=r"unknown Neko Boss parameter.*known: num_players"):
        new_game(2, pieces=3)
    with pytest.raises(InvalidSetup, match="params must be a neko_boss Params"):
        new_game(params="town_4x6")
    with pytest.raises(InvalidSetup, match="unknown Neko Boss parameter"):
        from_layout([0, 1, 0, 1, 0], LINE5, colour="red")


@pytest.mark.parametrize(
    "name", ["grid_3", "grid_axb", "grid_3x3_foo", "line_", "line_x", "", None]
)
def test_unknown_board_names(name):
    with pytest.raises(InvalidSetup) as err:
        board_by_name(name)
    assert "known: town_4x6, three_squares, grid_4x6_diagonal" in str(err.value)
    assert "grid_RxC, grid_RxC_diagonal, line_N" in str(err.value)


def test_point_of_unknown_label_names_the_labels():
    with pytest.raises(InvalidSetup, match=r"'z9' is not an intersection of town_4x6.*a1, b1"):
        TOWN_4X6.point_of("z9")
    assert TOWN_4X6.point_of("B2") == TOWN_4X6.point_of("b2") == 7


@pytest.mark.parametrize(
    "lines",
    [
        ((0, 1, 2), (0, 3, 2)),  # two different paths a1-b1-c1, a1-b2-c1 between a1 and c1
        ((0, 1, 2), (2, 0)),  # a1-c1 at distance 2 on one line and 1 on the other
        ((0, 1), (3, 0, 2, 1)),
    ],
)
def test_lines_through_the_same_two_points_are_refused(lines):
    coords = ((0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (1.0, 1.0))
    labels = ("a1", "b1", "c1", "b2")
    with pytest.raises(
        InvalidSetup, match=r"both pass through .* straight paths meet at most once"
    ):
        Board("bad", coords, lines, labels)


@pytest.mark.parametrize("board", list(BOARDS.values()))
def test_no_duplicate_legal_moves_and_legal_moves_agree_with_is_legal(board: Board):
    for n in (2, 3):
        if board.size < 2 * n:
            continue
        rng = random.Random(board.size * n)
        for seed in range(20):
            state = random_layout(Params(num_players=n, board=board), random.Random(seed))
            while not state.is_terminal():
                legal = state.legal_actions()
                assert len(legal) == len(set(legal))
                assert all(state.is_legal(a) for a in legal)
                state = state.apply(rng.choice(legal))


@pytest.mark.parametrize(
    ("layout", "says"),
    [
        (
            [(0,) * 25] + [None] * 23,
            "layout holds 25 pieces, but a game on town_4x6 has at most 24",
        ),
        ([0, 1] + [None] * 21, "layout has 23 cells, the board town_4x6 24"),
        ("ab" * 12, "a layout is a list"),
        (None, "a layout is a list"),
        (["x"] + [None] * 23, "layout cell a1 is 'x'"),
        ([None, 2.0] + [None] * 22, "layout cell b1 is 2.0"),
        ([None, None, (0, 5)] + [None] * 21, "layout cell c1 names player 5; players are 0..1"),
        ([None, None, (0, True)] + [None] * 21, "layout cell c1 names player True"),
        ([-1] + [None] * 23, "layout cell a1 names player -1"),
    ],
)
def test_bad_layouts_are_refused_up_front(layout, says: str):
    with pytest.raises(InvalidSetup) as err:
        from_layout(layout)
    assert says in str(err.value)


@pytest.mark.parametrize("to_move", [2, -1, 0.0, None, True])
def test_layout_seat_to_move_is_checked(to_move):
    with pytest.raises(InvalidSetup, match=r"to_move must be a seat 0\.\.1"):
        from_layout([0, 1] + [None] * 22, to_move=to_move)


# ---------------------------------------------------------------- player count given twice
def test_a_player_count_given_twice_must_agree():
    """Issue 20: ``new_game(3, params=Params())`` used to play a 2-player game silently."""
    with pytest.raises(InvalidSetup, match=r"num_players=3 .* params are for 2 players"):
        new_game(3, params=Params())
    for junk in (2.0, True, "2"):
        with pytest.raises(InvalidSetup, match="params are for 2 players"):
            new_game(junk, params=Params())
    assert new_game(3, params=Params(num_players=3)).num_players == 3
    assert new_game(params=Params(num_players=4)).num_players == 4
    assert new_game(3).num_players == 3 and new_game().num_players == 2


@pytest.mark.parametrize("junk", ["0", 1.0, [0], True, 2, -1])
def test_view_refuses_what_is_no_seat(junk):
    with pytest.raises(NekoError, match="needs a player 0-1"):
        new_game(2).view(junk)


@pytest.mark.parametrize("junk", [Place(None), Place(1.5), Place(99), Move(None, 1), "a1", None])
def test_action_to_string_refuses_junk_and_lists_the_legal_actions(junk):
    state = new_game(2)
    with pytest.raises(IllegalAction, match="Legal now: place a1"):
        state.action_to_string(junk)
    assert state.action_to_string(Place(0)) == "place a1"
