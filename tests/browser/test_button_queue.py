"""Presses of the buttons under the board never queue while the kernel is busy (issue 39).

``fixtures/busy_kernel.ipynb``: a Neko Boss board (human against greedy, two moves played),
a button that keeps the kernel busy for 3 s, and a long cell (as under Run All).

* Voila: two more decisions are played by clicking the picture; the busy button is pressed,
  then **Undo** three times (a click, Enter, a click).
* JupyterLab: Run All; while the long cell runs (the board is already drawn) **Undo** is
  pressed three times the same way.

Before the fix the three presses waited in the kernel's queue and all played out later
(three undos). Now, in both:

* within a moment the page says "Waiting for the kernel..." right under Undo's row, and
  the second and third presses are refused ("not sent", counted) before they are sent;
* once the kernel is free the page says the first press was answered and that 2 presses
  were ignored (also in the board's live region, after the undo's "Back to move ...");
* the game then shows exactly one undo, and stays so (nothing plays out later).

A screenshot of the note (Voila) goes to ``figures/screenshots/button_queue_waiting.png``.
"""

from __future__ import annotations

import random
import time

import pytest
from _nekobrowser import (
    LAB_GAME,
    QUIET_JS,
    ROOT,
    SCREENSHOTS,
    SNAPSHOT_JS,
    FrameMeter,
    open_in_jupyterlab,
    play_decisions,
    widget_screenshot,
)

GAME = ".nekolib-game"
GO = "busy_kernel.go"
NOTE_JS = """() => {
  const n = document.querySelector('.nekolib-wait-press');
  if (!n || n.hidden) return null;
  const row = document.querySelector('.nekolib-undo').closest('.widget-box');
  const a = n.getBoundingClientRect(), b = row.getBoundingClientRect();
  return {text: n.textContent, afterRow: row.nextElementSibling === n,
          gap: a.top - b.bottom, inView: a.top >= 0 && a.bottom <= innerHeight,
          live: document.querySelector('.nekolib-board-view [role=status]').textContent};
}"""


def _note(page) -> dict | None:
    return page.evaluate(NOTE_JS)


IGNORED = "The kernel answered your first press; 2 presses made while it was busy were ignored."


def _press_undo_three_times(page, game: str, shot: str | None = None, end_busy=None) -> dict:
    """With the kernel busy: Undo by a click, by Enter, by a click; check what the page
    says meanwhile (then ``end_busy()``) and once the kernel answers; the seconds it took."""
    undo = page.locator(f"{game} .nekolib-undo")
    t0 = time.perf_counter()
    undo.click()  # sent: the kernel answers it once it is free
    page.wait_for_function(f"({NOTE_JS})() !== null", timeout=10_000)
    waiting = _note(page)
    undo.focus()
    page.keyboard.press("Enter")  # refused
    undo.click()  # refused
    refused = _note(page)
    pressed = time.perf_counter() - t0
    if shot:
        widget_screenshot(page, page.locator(game), game, SCREENSHOTS / shot)
    assert waiting["text"].startswith("Waiting for the kernel..."), waiting
    assert waiting["afterRow"] and 0 <= waiting["gap"] < 40 and waiting["inView"], waiting
    assert "this one was not sent (2 presses not sent so far)" in refused["text"], refused
    assert refused["live"] == refused["text"], refused
    if end_busy is not None:
        end_busy()
    page.wait_for_function(
        f"(({NOTE_JS})() || {{text: ''}}).text.includes('ignored')", timeout=60_000
    )
    told = _note(page)
    answered = time.perf_counter() - t0
    assert told["text"] == IGNORED and told["afterRow"], told
    # read out after the undo's own announcement, not instead of it
    assert told["live"].startswith("Back to move ") and told["live"].endswith(IGNORED), told
    page.wait_for_timeout(2000)  # a queued press would have played out by now
    page.evaluate(QUIET_JS, 500)
    return {"pressed": pressed, "answered": answered}


def test_undo_pressed_three_times_while_the_kernel_is_busy_counts_once(voila, workdir, page):
    notebook = ROOT / "tests" / "browser" / "fixtures" / "busy_kernel.ipynb"
    (workdir / GO).touch()  # the notebook's long cell (for JupyterLab) ends at once
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(voila.url(f"/voila/render/{notebook.relative_to(ROOT).as_posix()}"), timeout=180_000)
    page.wait_for_selector(f"{GAME} .nekolib-board-view svg", timeout=180_000)
    page.evaluate(QUIET_JS, 500)
    meter, rng = FrameMeter(page), random.Random("busy-kernel")
    logs = []
    snap = page.evaluate(SNAPSHOT_JS, GAME)
    for _ in range(2):  # two decisions by clicking the picture
        played = play_decisions(page, GAME, 1, rng, meter, snap)
        assert played.latencies, f"no move played: {played.clicked}"
        snap = played.snapshots[-1]
        logs.append(snap["log"])
    assert logs[1][: len(logs[0])] == logs[0] and len(logs[1]) > len(logs[0]), logs

    page.locator(f"{GAME} .nekolib-undo").scroll_into_view_if_needed()
    page.locator(".nk-busy").click()  # the kernel sleeps 3 s from now
    took = _press_undo_three_times(page, GAME, shot="button_queue_waiting.png")
    assert took["pressed"] < 2.5, f"the presses took {took['pressed']:.1f} s: the kernel was free"
    after = page.evaluate(SNAPSHOT_JS, GAME)
    assert after["log"] == logs[0], f"not exactly one undo: {after['log']} vs {logs}"
    assert not page.js_errors, page.js_errors[:3]
    print(
        f"\nVoila, busy kernel: 3 Undo presses in {took['pressed']:.2f} s, answered after "
        f"{took['answered']:.2f} s; log {len(logs[1])} -> {len(after['log'])} lines (one undo)"
    )


RUNNING_JS = """() => [...document.querySelectorAll('.jp-Notebook .jp-InputPrompt')]
  .some(p => p.innerText.includes('*'))"""


def test_undo_pressed_three_times_under_run_all_counts_once(jupyterlab, workdir, page):
    """JupyterLab, Run All: the board is drawn while the notebook's long cell still runs;
    Undo pressed three times then counts once, after the cell (which the test ends)."""
    rel = "tests/browser/fixtures/busy_kernel.ipynb"
    go = workdir / GO  # the long cell ends when this file exists
    go.unlink(missing_ok=True)
    open_in_jupyterlab(page, jupyterlab, rel, "busy-kernel")
    # not awaited: the command's promise ends with the last cell
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_selector(f"{LAB_GAME} .nekolib-board-view .nk-target", timeout=100_000)
    page.locator(f"{LAB_GAME} .nekolib-undo").scroll_into_view_if_needed()
    before = page.evaluate(SNAPSHOT_JS, LAB_GAME)["log"]
    assert len(before) == 4, before  # the notebook's two moves, each with greedy's reply
    assert page.evaluate(RUNNING_JS), "the long cell is not running: the kernel is free"
    took = _press_undo_three_times(page, LAB_GAME, end_busy=go.touch)
    assert not page.evaluate(RUNNING_JS)
    after = page.evaluate(SNAPSHOT_JS, LAB_GAME)["log"]
    assert after == before[:2], f"not exactly one undo: {before} -> {after}"
    assert not page.js_errors, page.js_errors[:3]
    print(
        f"\nJupyterLab, Run All: 3 Undo presses in {took['pressed']:.2f} s, answered after "
        f"{took['answered']:.2f} s; log 4 -> {len(after)} lines (one undo)"
    )


pytestmark = pytest.mark.browser
