"""Feedback where the eye is, and the move list by keyboard (issue 39), in Python.

The hint and an error are written under the buttons as well as in the status line; the move
list opens with a real toggle button; a press is answered (the board's ``answered``
counter, which ends the front end's "waiting for the kernel..."), even one that does
nothing; the board's measured width picks the picture's narrow layout.
"""

from __future__ import annotations

import html

import pytest

from nekolib.neko_boss.widget import play as neko_boss
from nekolib.widgets.base import MOVES_CLOSED, MOVES_OPEN


def test_the_hint_is_written_next_to_the_hint_button_too():
    w = neko_boss(2, seats=["human", "greedy"])
    assert w.said_view.value == ""
    w.hint()
    assert w.hint_text and html.escape(w.hint_text) in w.said_view.value
    assert html.escape(w.hint_text) in w.status.value
    kids = list(w.children)
    controls = next(c for c in kids if w.hint_button in getattr(c, "children", ()))
    assert kids.index(w.said_view) == kids.index(controls) - 1  # right above the buttons
    w.play(w.state.legal_actions()[0])
    assert w.said_view.value == ""  # a new position: the old hint is gone


def test_the_move_list_opens_with_a_button():
    w = neko_boss(2, seats=["human", "greedy"])
    assert w.actions_box.layout.display == "none"
    assert w.moves_toggle.description == MOVES_CLOSED
    w.moves_toggle.value = True
    assert w.actions_box.layout.display is None and w.moves_toggle.description == MOVES_OPEN
    w.moves_toggle.value = False
    assert w.actions_box.layout.display == "none"


def test_every_press_is_answered_even_one_that_does_nothing():
    w = neko_boss(2, seats=["human", "greedy"])
    before = w.board.answered
    w.board.receive({"event": "click", "id": "no-such-part"})
    w.board.receive({"event": "clear"})
    w.board.receive({"event": "click", "id": w.board.targets[0]})
    assert w.board.answered == before + 3


def test_the_measured_width_picks_the_narrow_picture():
    w = neko_boss(2, seats=["human", "greedy"])
    wide = w.board.svg
    w.board.receive({"event": "width", "width": 360})
    assert w.narrow and w.board.svg != wide
    w.board.receive({"event": "width", "width": 1000})
    assert not w.narrow and w.board.svg == wide


def test_a_chart_alt_text_gives_its_numbers():
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    from nekolib.charts import figure_alt

    fig = Figure()
    ax = fig.add_subplot()
    ax.bar(["red", "blue"], [0.25, 0.5], label="share")
    ax.plot([0, 1, 2], [3, 1, 2], label="trend")
    ax.set(title="Odds")
    alt = figure_alt(fig)
    assert alt == (
        "Chart. Odds; share: red 0.25, blue 0.5; trend: 3 points from 3 to 2 (lowest 1, highest 3)"
    )


def test_a_chart_made_in_a_notebook_is_left_to_its_alt_text_display():
    """Chart functions let pyplot go of their figure: the inline backend would show it once
    more, as a PNG without alt text."""
    plt = pytest.importorskip("matplotlib.pyplot")
    from nekolib.manekinecollection.charts import hand_class_chart

    before = set(plt.get_fignums())
    fig = hand_class_chart()
    assert set(plt.get_fignums()) == before
    from nekolib.charts import figure_alt

    assert figure_alt(fig).count("one pair ") == 3  # the three series, each with its numbers


def test_a_widget_shown_as_text_says_how_to_get_the_board_back():
    w = neko_boss(2, seats=["human", "greedy"])
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == (
        "<NekoBossWidget> Board not running: run the cells again (Run ▸ Run All Cells) to play."
    )
    from nekolib.neko_in.widget import NekoInLauncher  # the Neko-in notebook's launcher too

    assert NekoInLauncher()._repr_mimebundle_()["text/plain"].startswith("<NekoInLauncher> Board")


def test_the_deduction_board_writes_in_colours_that_read_at_4_5_to_1():
    """Seat names in their colour (Red was 3.87:1, Green 3.42:1) and the "-" cells (2.32:1)."""
    import re

    from nekolib.indovina_gatto.widget import make_widget
    from nekolib.picture import contrast_ratio

    w = make_widget(4, seed=1)
    page = w.deduction.value
    colours = set(re.findall(r"color:\s*(#[0-9a-fA-F]{6})", page))
    assert len(colours) >= 4, colours  # three opponents' colours and the dashes' grey
    assert min(contrast_ratio(c, "#ffffff") for c in colours) >= 4.5, colours
