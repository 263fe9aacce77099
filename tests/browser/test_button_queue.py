"""Presses of the buttons under the board never queue while the kernel is busy (issue 39).

In Voila, ``fixtures/busy_kernel.ipynb``: a Neko Boss board (human against greedy) and a
button that keeps the kernel busy for 3 s (as a long cell under Run All does). Two
decisions are played by clicking the picture; then the kernel is made busy and **Undo** is
pressed three times (a click, Enter, a click). Before the fix the three presses waited in
the kernel's queue and played out afterwards: three undos, back to the start. Now:

* within a moment the page says "Waiting for the kernel..." right under Undo's row, and
  the second and third presses are refused ("not sent", counted) before they are sent;
* once the kernel is free the page says the first press was answered and that 2 presses
  were ignored (also in the board's live region, after the undo's "Back to move ...");
* the game then shows exactly one undo: the move log is the one after the first decision,
  and stays so (nothing plays out later).

A screenshot of the note goes to ``figures/screenshots/button_queue_waiting.png``.
"""

from __future__ import annotations

import random
import time

import pytest
from _nekobrowser import (
    QUIET_JS,
    ROOT,
    SCREENSHOTS,
    SNAPSHOT_JS,
    FrameMeter,
    play_decisions,
    widget_screenshot,
)

GAME = ".nekolib-game"
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


def test_undo_pressed_three_times_while_the_kernel_is_busy_counts_once(voila, page):
    notebook = ROOT / "tests" / "browser" / "fixtures" / "busy_kernel.ipynb"
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(voila.url(f"/voila/render/{notebook.relative_to(ROOT).as_posix()}"), timeout=180_000)
    page.wait_for_selector(f"{GAME} .nekolib-board-view svg", timeout=180_000)
    page.evaluate(QUIET_JS, 500)
    meter, rng = FrameMeter(page), random.Random("busy-kernel")
    logs = []
    snap = page.evaluate(SNAPSHOT_JS, GAME)
    for _ in range(2):
        played = play_decisions(page, GAME, 1, rng, meter, snap)
        assert played.latencies, f"no move played: {played.clicked}"
        snap = played.snapshots[-1]
        logs.append(snap["log"])
    assert logs[1][: len(logs[0])] == logs[0] and len(logs[1]) > len(logs[0]), logs

    undo = page.locator(f"{GAME} .nekolib-undo")
    undo.scroll_into_view_if_needed()
    page.locator(".nk-busy").click()  # the kernel sleeps 3 s from now
    t0 = time.perf_counter()
    undo.click()  # sent: the kernel answers it once it is free
    page.wait_for_function(f"({NOTE_JS})() !== null", timeout=10_000)
    waiting = _note(page)
    undo.focus()
    page.keyboard.press("Enter")  # refused
    undo.click()  # refused
    refused = _note(page)
    pressed = time.perf_counter() - t0
    game = page.locator(GAME)
    widget_screenshot(page, game, GAME, SCREENSHOTS / "button_queue_waiting.png")
    assert pressed < 2.5, f"the presses took {pressed:.1f} s: the kernel was free again"
    assert waiting["text"].startswith("Waiting for the kernel..."), waiting
    assert waiting["afterRow"] and 0 <= waiting["gap"] < 40 and waiting["inView"], waiting
    assert "this one was not sent (2 presses not sent so far)" in refused["text"], refused
    assert refused["live"] == refused["text"], refused

    page.wait_for_function(
        f"(({NOTE_JS})() || {{text: ''}}).text.includes('ignored')", timeout=30_000
    )
    answered = time.perf_counter() - t0
    told = _note(page)
    assert told["text"] == (
        "The kernel answered your first press; 2 presses made while it was busy were ignored."
    ), told
    assert told["afterRow"], told
    # read out after the undo's own announcement, not instead of it
    assert told["live"].startswith("Back to move ") and told["live"].endswith(told["text"]), told
    page.wait_for_timeout(2000)  # a queued press would have played out by now
    page.evaluate(QUIET_JS, 500)
    after = page.evaluate(SNAPSHOT_JS, GAME)
    assert after["log"] == logs[0], f"not exactly one undo: {after['log']} vs {logs}"
    assert not page.js_errors, page.js_errors[:3]
    print(
        f"\nbusy kernel: 3 Undo presses in {pressed:.2f} s, answered after {answered:.2f} s; "
        f"log {len(logs[1])} -> {len(after['log'])} lines (one undo); said: {told['text']!r}"
    )


pytestmark = pytest.mark.browser
