"""The Neko Boss picture: one element per intersection, stack, path and seat, read back from
the SVG and compared with the state it was drawn from (random games on every board)."""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache

import pytest

from nekolib.core import TERMINAL
from nekolib.neko_boss import picture
from nekolib.neko_boss.boards import BOARDS, TOWN_4X6, Board, grid_board, line_board
from nekolib.neko_boss.rules import Move, NekoBossState, Place, from_layout, new_game
from nekolib.picture import MIN_FONT_PX, PLAYER_COLOURS, PLAYER_NAMES

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    return {e.get("id"): e for e in root.iter() if e.get("id")}


def words(e: ET.Element) -> str:
    """All text drawn inside ``e``, without tooltips and the letters of player markers."""
    if "player-marker" in (e.get("class") or ""):
        return ""
    own = [e.text or ""] if e.tag == f"{NS}text" else []
    return " ".join(w for w in own + [words(c) for c in e] if w)


def dot(root: ET.Element, label: str, ids: dict[str, ET.Element] | None = None):
    """Pixel centre ``(x, y)`` of an intersection: the small dot inside ``point-<label>``."""
    point = (ids or by_id(root))[f"point-{label}"]
    c = next(c for c in point.iter(f"{NS}circle") if c.get("r") == "5")
    return float(c.get("cx")), float(c.get("cy"))


def random_states(num_players: int, board=TOWN_4X6, games: int = 3, seed: int = 0):
    """Every state of a few random games (placement, movement and the end)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = new_game(num_players, board=board)
        yield state
        while not state.is_terminal():
            state = state.apply(rng.choice(state.legal_actions()))
            yield state


def sample_states() -> Iterator[NekoBossState]:
    """A few hundred states: 2 and 4 players on the default board, 2-3 on the others."""
    yield from random_states(2, games=2, seed=1)
    yield from random_states(4, games=2, seed=2)
    for i, board in enumerate(BOARDS.values()):
        yield from random_states(2 + i % 2, board=board, games=1, seed=10 + i)


STATES = list(sample_states())


@cache
def drawn() -> list[tuple[NekoBossState, ET.Element, dict[str, ET.Element]]]:
    """Every sample state with its picture parsed once: (state, svg root, elements by id)."""
    out = []
    for state in STATES:
        root = parse(picture.svg(state.view(None)))
        out.append((state, root, by_id(root)))
    return out


def test_enough_states_of_every_phase():
    assert len(STATES) > 250
    phases = {s.phase for s in STATES}
    assert phases == {"placement", "movement", "over"}


def test_every_point_path_stack_and_seat_is_one_element():
    for state, root, ids in drawn():
        assert root.tag == f"{NS}svg" and "nekolib-picture" in root.get("class").split()
        labels = state.board.labels
        assert len(by_class(root, "point")) == state.board.size
        assert all(f"point-{label}" in ids for label in labels)
        assert len(by_class(root, "path")) == len(state.board.lines)
        stacks = by_class(root, "stack")
        assert len(stacks) == sum(1 for s in state.stacks if s)
        for p, stack in enumerate(state.stacks):
            assert (f"stack-{labels[p]}" in ids) == bool(stack)
        assert len(by_class(root, "score")) == state.num_players
        assert all(f"score-{seat}" in ids for seat in range(state.num_players))


def test_stacks_show_height_top_owner_buried_owners_and_scoring():
    for state, _root, ids in drawn()[::2]:
        for p, stack in enumerate(state.stacks):
            if not stack:
                continue
            g = ids[f"stack-{state.board.labels[p]}"]
            assert int(g.get("data-height")) == len(stack)
            marker = by_class(g, "player-marker")
            assert len(marker) == 1 and f"seat-{stack[-1]}" in marker[0].get("class")
            letter = "".join(marker[0].itertext())
            assert letter == PLAYER_NAMES[stack[-1]][0]
            shown = [t.text for t in by_class(g, "height")]
            assert shown == ([] if len(stack) == 1 else [str(len(stack))])
            layers = by_class(g, "layer")  # bottom first, the top cat is the marker
            assert [int(e.get("class").split("seat-")[1]) for e in layers] == list(stack[:-1])
            assert [e.get("fill") for e in layers] == [PLAYER_COLOURS[o] for o in stack[:-1]]
            scoring = "scoring" in g.get("class").split()
            assert scoring == (len(stack) >= state.params.score_height)


def test_score_height_parameter_moves_the_emphasis():
    state = from_layout(
        [(0, 1), (1,), (0, 0, 1), None, (0,), None, None, None, None], board=line_board(9)
    )
    for height, scoring in ((4, set()), (3, {"c1"}), (2, {"a1", "c1"})):
        root = parse(picture.svg(from_layout(state.stacks, state.params, score_height=height)
                                 .view(None)))  # fmt: skip
        lit = {e.get("id")[6:] for e in by_class(root, "stack") if "scoring" in e.get("class")}
        assert lit == scoring
        assert f"{height}+ stacks" in words(by_id(root)["scores"])


def test_score_table_rows_match_scores_counted_here():
    for state, _root, ids in drawn()[::3]:
        for seat in range(state.num_players):
            tops = [len(s) for s in state.stacks if s and s[-1] == seat]
            tall = sum(1 for h in tops if h >= 4)
            row = words(ids[f"score-{seat}"]).split()
            assert row[:5] == [
                PLAYER_NAMES[seat],
                str(tall),
                str(max(tops, default=0)),
                str(len(tops)),
                str(state.in_hand[seat]),
            ]
            status = " ".join(row[5:])
            if state.is_terminal():
                assert (status == "wins") == (state.returns()[seat] > 0)
            elif seat == state.to_move:
                assert status.endswith("to move")
            else:
                assert status == ("out" if state.out[seat] else "")


def test_header_says_phase_and_who_moves_or_who_won():
    for state, _root, ids in drawn()[::5]:
        status = words(ids["status"])
        markers = by_class(ids["status"], "player-marker")
        if state.to_move == TERMINAL:
            winners = [p for p, r in enumerate(state.returns()) if r > 0]
            assert status.startswith("Game over")
            assert [m.get("class").split("seat-")[1] for m in markers] == [str(p) for p in winners]
        else:
            phase = "Phase 1" if state.phase == "placement" else "Phase 2"
            assert phase in status and f"{PLAYER_NAMES[state.to_move]} to move" in status
            assert f"seat-{state.to_move}" in markers[0].get("class")


def test_tie_break_named_when_highest_stack_decides():
    state = from_layout([(0, 1, 0, 1, 0), (0, 1, 0, 1)] + [None] * 7, board=line_board(9))
    assert state.is_terminal()  # 5 and 4 high stacks cannot move 5 or 4 steps onto anything
    status = words(by_id(parse(picture.svg(state.view(None))))["status"])
    assert status == "Game over \u00b7 Red wins on highest stack"


# --------------------------------------------------------------------------- last move
def test_last_action_is_recorded_but_not_part_of_equality_hash_or_key():
    start = new_game(2, board=grid_board(2, 2), pieces_per_player=1)
    assert start.last is None and start.view(None)["last"] is None
    a = start.apply(Place(0)).apply(Place(3))
    b = start.apply(Place(3))
    assert a.last == Place(3) and a.view(None)["last"] == (3,)
    assert b.last == Place(3) and start.apply(Place(0)).last == Place(0)
    moved = from_layout([(0,), (1,), None, None], board=line_board(4))
    after = moved.apply(Move(0, 1))
    assert after.last == Move(0, 1) and after.view(0)["last"] == (0, 1)
    same = from_layout([None, (1, 0), None, None], board=line_board(4), to_move=1)
    assert after == same and hash(after) == hash(same) and after.key() == same.key()
    assert same.last is None and after.last is not None


def test_last_move_is_an_arrow_from_source_to_destination():
    for state, root, ids in drawn():
        last = state.last
        if last is None:
            assert "last-move" not in ids
            continue
        g = ids["last-move"]
        labels = state.board.labels
        if isinstance(last, Place):
            assert "place" in g.get("class")
            ring = g.find(f"{NS}circle")
            centre = (float(ring.get("cx")), float(ring.get("cy")))
            assert centre == dot(root, labels[last.point], ids)
            continue
        assert "move" in g.get("class")
        d = g.find(f"{NS}path").get("d")
        x1, y1, *_, x2, y2 = (float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d))
        sx, sy = dot(root, labels[last.src], ids)
        tx, ty = dot(root, labels[last.dst], ids)
        assert math.hypot(x1 - sx, y1 - sy) < 0.2  # starts on the source
        assert 20 < math.hypot(x2 - tx, y2 - ty) < 45  # ends at the landing stack's rim
        assert f"{labels[last.src]}\u2192{labels[last.dst]}" in words(root)


# --------------------------------------------------------------------------- viewers
def test_no_secrets_every_viewer_sees_the_same_picture():
    """Neko Boss has no hidden information: the picture does not depend on the viewer."""
    for state in STATES[::4]:
        spectator = picture.svg(state.view(None))
        for seat in range(state.num_players):
            assert picture.svg(state.view(seat)) == spectator


def test_highlight_rings_the_named_targets_only():
    state = STATES[40]
    plain = parse(picture.svg(state.view(None)))
    assert by_class(plain, "highlight") == []
    lit = parse(picture.svg(state.view(None), highlight={"point-a1", "score-1", "nowhere"}))
    rings = by_class(lit, "highlight")
    assert len(rings) == 2
    circles = [c for r in rings for c in r.iter(f"{NS}circle")]
    assert {(float(c.get("cx")), float(c.get("cy"))) for c in circles} == {dot(lit, "a1")}
    assert any(c.get("stroke-dasharray") for c in circles)  # not colour alone


# --------------------------------------------------------------------------- legibility
def test_every_font_is_at_least_the_minimum():
    for state in STATES[::6]:
        sizes = re.findall(r'font-size="([\d.]+)"', picture.svg(state.view(None)))
        assert sizes and min(float(s) for s in sizes) >= MIN_FONT_PX


@pytest.mark.parametrize("name", list(BOARDS))
def test_every_board_fits_in_the_picture(name):
    state = list(random_states(2, board=BOARDS[name], games=1, seed=5))[-1]
    root = parse(picture.svg(state.view(None)))
    width, height = float(root.get("width")), float(root.get("height"))
    for label in state.board.labels:
        x, y = dot(root, label)
        assert 40 <= x <= width - 40 and 80 <= y <= height - 80


def test_boards_without_chess_labels_label_every_point():
    triangle = Board(
        "triangle",
        ((0, 0), (1, 0), (2, 0), (0.5, 0.87), (1.5, 0.87), (1, 1.73)),
        ((0, 1, 2), (0, 3, 5), (2, 4, 5)),
    )
    state = from_layout([(0,), (1, 0), None, (0,), (1,), (1,)], board=triangle)
    root = parse(picture.svg(state.view(None)))
    assert "coordinates" not in by_id(root)
    assert sorted(e.text for e in by_class(root, "label")) == ["0", "1", "2", "3", "4", "5"]
    chess = parse(picture.svg(new_game(2).view(None)))
    assert by_class(chess, "label") == []
    assert words(by_id(chess)["coordinates"]).split() == [*"abcdef", *"1234"]
    assert "1:R2" in str(state) and "2:." in str(state)


def test_text_repr_and_summary():
    for state in STATES[::9]:
        text = str(state)
        lines = text.splitlines()
        assert len(lines) <= 25 and "Params(" not in text and "NekoBossState(" not in text
        assert lines[0].startswith(f"Neko Boss, {state.board.name}")
        assert repr(state).startswith("<NekoBossState ") and len(repr(state)) < 100
        assert f"{state.num_players}p" in repr(state)


def test_text_board_shows_each_stack_as_top_letter_and_height():
    state = from_layout(
        [(0, 1), (1,), (0, 0, 1, 1), None, (0,), None, None, None, None], board=line_board(9)
    )
    lines = str(state).splitlines()
    assert lines[1].split() == ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
    assert lines[2].split() == ["1", "B2", "B1", "B4*", ".", "R1", ".", ".", ".", "."]


def test_example_view_is_a_mid_game_position():
    view = picture.example_view()
    assert view["phase"] == "movement" and view["last"] is not None
    assert parse(picture.svg(view)).get("class").startswith("nekolib-picture")


def test_widget_reexports_the_picture_colours_and_names():
    from nekolib.neko_boss import widget

    assert widget.COLOURS == PLAYER_COLOURS[:4] == picture.COLOURS
    assert widget.NAMES == ("Red", "Blue", "Green", "Orange") == picture.NAMES
    assert not hasattr(widget, "board_svg")


def test_narrow_targets_and_rings_neither_touch_nor_cover_the_row_numbers():
    """The phone layout (issue 39): on the 4x6 town every point highlighted, neighbouring
    points' discs to tap keep a gap, their rings (gold and dashed, strokes included) do not
    touch, and no ring reaches the row numbers 1-4 left of the board (13 px digits, about
    8 px wide)."""
    state = new_game(2, seed=1)
    view = state.view(0)
    ids = [f"point-{label}" for label in view["labels"]]
    root = parse(str(picture.svg(view, highlight=ids, narrow=True)))
    discs = [
        (float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
        for g in by_class(root, "point")
        for c in g
        if c.get("class") == "hit"
    ]
    assert len(discs) == 24
    step = min(math.dist(a[:2], b[:2]) for i, a in enumerate(discs) for b in discs[i + 1 :])
    assert step - 2 * max(r for *_, r in discs) >= 4, (step, discs[0])
    rings = [c for g in by_class(root, "highlight") for c in g if c.tag == f"{NS}circle"]
    assert len(rings) == 48  # a gold and a dashed ring per point
    outer = max(float(c.get("r")) + float(c.get("stroke-width")) / 2 for c in rings)
    assert 2 * outer < step, (outer, step)
    rows = [t for t in root.iter(f"{NS}text") if (t.text or "").strip() in {"1", "2", "3", "4"}]
    left = min(x for x, _, _ in discs)
    row_labels = [t for t in rows if float(t.get("x")) < left]
    assert len(row_labels) == 4, [t.text for t in rows]
    for t in row_labels:
        assert left - outer - float(t.get("x")) >= 4, (t.text, t.get("x"), left, outer)
