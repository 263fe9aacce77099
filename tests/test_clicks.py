"""Click paths (shared logic behind the clickable board) and the board widget's messages."""

from __future__ import annotations

import pytest

from nekolib.clicks import ClickPaths, paths_of
from nekolib.widgets.board import BoardView

# A toy position: move a stack (src -> dst), play one or two cards on a table (either order).
PATHS = paths_of(
    [
        ("a1-b1", ("stack-a1", "point-b1")),
        ("a1-c1", ("stack-a1", "point-c1")),
        ("b2-b1", ("stack-b2", "point-b1")),
        ("card 3 left", ("card-3", "table-left")),
        ("cards 3+5 left", ("card-3", "card-5", "table-left")),
        ("cards 3+5 left", ("card-5", "card-3", "table-left")),
    ]
)


def test_targets_are_the_next_steps_of_paths_that_start_with_the_selection():
    assert PATHS.targets() == ["stack-a1", "stack-b2", "card-3", "card-5"]
    assert PATHS.targets(["stack-a1"]) == ["point-b1", "point-c1"]
    assert PATHS.targets(["card-3"]) == ["table-left", "card-5"]
    assert PATHS.targets(["card-5", "card-3"]) == ["table-left"]
    assert PATHS.targets(["point-b1"]) == []


def test_a_completed_path_plays_its_action_and_clears_the_selection():
    assert PATHS.click(["stack-a1"], "point-c1") == ((), "a1-c1")
    assert PATHS.click(["card-5", "card-3"], "table-left") == ((), "cards 3+5 left")
    assert PATHS.click(["card-3"], "table-left") == ((), "card 3 left")


def test_clicking_a_selected_element_deselects_it_and_what_came_after():
    assert PATHS.click(["card-3", "card-5"], "card-5") == (("card-3",), None)
    assert PATHS.click(["card-3", "card-5"], "card-3") == ((), None)


def test_a_click_that_leads_nowhere_restarts_or_is_ignored():
    assert PATHS.click(["stack-a1"], "stack-b2") == (("stack-b2",), None)
    assert PATHS.click(["stack-a1"], "table-left") == (("stack-a1",), None)
    assert PATHS.click([], "point-b1") == ((), None)


def test_every_action_is_reachable_by_its_paths_and_nothing_else_is():
    reached = set()
    stack = [()]
    while stack:
        clicks = stack.pop()
        for element in PATHS.targets(clicks):
            selection, action = PATHS.click(clicks, element)
            if action is not None:
                reached.add(action)
            else:
                stack.append(selection)
    assert reached == set(PATHS.actions()) == PATHS.reachable()


def test_ambiguous_or_prefix_paths_are_refused():
    with pytest.raises(ValueError, match="leads to"):
        ClickPaths({"x": [("a", "b")], "y": [("a", "b")]})
    with pytest.raises(ValueError, match="prefix"):
        ClickPaths({"x": [("a",)], "y": [("a", "b")]})


def test_board_widget_reports_clicks_clear_and_ready_and_ignores_junk():
    board = BoardView()
    seen = []
    board.on("click", lambda element: seen.append(("click", element)))
    board.on("clear", lambda: seen.append(("clear",)))
    board.on("ready", lambda: seen.append(("ready",)))
    for message in [
        {"event": "click", "id": "stack-a1"},
        {"event": "clear"},
        {"event": "ready"},
        {"event": "click", "id": 5},
        {"event": "nonsense"},
        "junk",
    ]:
        board.receive(message)
    assert seen == [("click", "stack-a1"), ("clear",), ("ready",)]


def test_large_pictures_travel_compressed_and_small_ones_as_text():
    import zlib

    from nekolib.widgets.board import COMPRESS_ABOVE

    board = BoardView()
    small = "<svg>" + "a" * 100 + "</svg>"
    board.show(small)
    assert (board.svg_text, board.svgz) == (small, b"")
    big = "<svg>" + "cat " * COMPRESS_ABOVE + "</svg>"
    board.show(big)
    assert board.svg_text == "" and zlib.decompress(board.svgz).decode() == big
    assert len(board.svgz) < len(big) // 5 and board.svg == big


def test_a_cover_hides_the_picture_and_its_targets():
    board = BoardView()
    board.show("<svg>secret</svg>", targets=["a"], selected=["a"])
    assert board.svg and board.version == 1
    board.show("<svg>secret</svg>", targets=["a"], cover="Pass to Blue")
    assert (board.svg, board.targets, board.selected) == ("", [], [])
    assert board.cover == "Pass to Blue" and board.version == 2
