"""Presses never queue (issue 39), the Python half: every button is guarded and answered.

The board's front end (``static/board.js``) lets one press wait for the kernel at a time
and refuses the others with a visible "waiting for the kernel" note; it knows a press of a
button under the board is answered when the board's ``answered`` counter moves. So every
button of every game must carry the class :data:`~nekolib.widgets.base.PRESS` (the front
end only stops those) and bump ``answered`` exactly once per press, also when its handler
does nothing or fails. (The refusal itself is measured in Chromium:
``tests/browser/test_button_queue.py``.)
"""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as widgets
import pytest

from nekolib.indovina_gatto.widget import make_widget
from nekolib.manekinecollection.widget import play as manekinecollection
from nekolib.neko_boss.widget import play as neko_boss
from nekolib.neko_in.widget import NekoInLauncher
from nekolib.widgets.base import PRESS

ROOT = Path(__file__).resolve().parents[1]

GAMES = {
    "neko_in": lambda: NekoInLauncher(3, seed=4).game,
    "manekinecollection": lambda: manekinecollection(
        num_players=3, seed=11, seats=["human", "greedy", "greedy"]
    ),
    "neko_boss": lambda: neko_boss(2, seats=["human", "greedy"]),
    "indovina_gatto": lambda: make_widget(2, seats=["human", "greedy"], seed=3),
}


def _buttons(widget: widgets.Widget) -> list[widgets.Button]:
    found = [widget] if isinstance(widget, widgets.Button) else []
    for child in getattr(widget, "children", ()) or ():
        found += _buttons(child)
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_button_is_guarded_and_each_press_is_answered_once(game):
    w = GAMES[game]()
    for _ in range(3):  # a few moves: Undo has something to take back, free moves may show
        if w.state.is_terminal() or (not w.board.targets and not w.free_buttons):
            break
        if w.board.targets:
            w.board.receive({"event": "click", "id": w.board.targets[0]})
        else:
            w.free_buttons[0].click()
    buttons = _buttons(w)
    labels = {b.description for b in buttons}
    assert {"Undo", "Hint", "Play to end", "New game", "Play the selected move"} <= labels
    unguarded = [b.description for b in buttons if PRESS not in b._dom_classes]
    assert not unguarded, f"{game}: buttons the front end would let queue: {unguarded}"
    # each press (also one that does nothing: Hint twice, New game at the start) answers once
    presses = ["hint_button", "hint_button", "undo_button", "new_game_button"]
    if game in ("neko_in", "indovina_gatto"):  # quick to play to the end
        presses.append("run_button")
    for name in presses:
        before = w.board.answered
        getattr(w, name).click()
        assert w.board.answered == before + 1, (game, name)
    assert w.state.is_terminal() == ("run_button" in presses)  # "Play to end" really ran


def test_a_press_whose_handler_fails_is_answered_too():
    w = neko_boss(2, seats=["human", "greedy"])

    def fails() -> None:
        raise RuntimeError("boom")

    button = w.on_press(widgets.Button(description="Fails"), fails)
    assert PRESS in button._dom_classes
    before = w.board.answered
    button.click()  # ipywidgets logs the error; the front end must not wait forever
    assert w.board.answered == before + 1


def test_the_solve_and_free_move_buttons_are_guarded():
    w = neko_boss(2, seats=["human", "greedy"])
    assert PRESS in w.solve_button._dom_classes
    free = w._new_action_button()
    assert PRESS in free._dom_classes
    free.action = w.state.legal_actions()[0]
    before = (w.board.answered, len(w.match.actions))
    free.click()
    assert (w.board.answered, len(w.match.actions)) > before  # answered, and the move played
    assert w.board.answered == before[0] + 1


def test_no_game_widget_wires_a_button_around_the_guard():
    """A new ``on_click`` would queue presses again: every button goes through ``on_press``."""
    files = [*ROOT.glob("nekolib/widgets/*.py"), *ROOT.glob("nekolib/*/widget.py")]
    assert len(files) >= 6
    calls = {
        f.relative_to(ROOT).as_posix(): len(re.findall(r"\.on_click\(", f.read_text()))
        for f in files
    }
    assert calls.pop("nekolib/widgets/base.py") == 1  # inside on_press
    assert not any(calls.values()), calls
