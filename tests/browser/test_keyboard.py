"""A whole game of each of the four games played with the keyboard only, in Voila.

For each game notebook the first game (the notebook's seats and seed) is played from the
first decision to "Game over" without the mouse:

* **Tab** from the top of the page reaches the board: the focus lands on a part of the
  picture that can be pressed now (``.nk-target``, one tab stop for all of them);
* each decision: a seeded number of **arrow keys** moves the focus ring between the parts
  (the focus must stay on a target, and the ring must be drawn around it), then **Enter**
  or **Space** presses it; a move with no place on the picture is played by tabbing to its
  button; the hand-over screen's "ready" button is pressed with Enter;
* after every redraw the focus is still in the game (on a target, the board, or the button
  just used): never lost to the page's body;
* **Escape** clears a half-made move (checked once per game where a move takes two presses);
* the polite live region (``role=status``) has read out the moves.

A screenshot of the focus ring on each board goes to
``figures/screenshots/<game>_keyboard_focus.png``, and the board's accessibility tree (what a
screen reader is given: the named group, its buttons, the text, the status region) to
``figures/screenshots/<game>_board_aria.txt``.
"""

from __future__ import annotations

import random
import re

import pytest
from _nekobrowser import QUIET_JS, ROOT, SCREENSHOTS, SNAPSHOT_JS, game_notebooks

GAME = ".nekolib-game"
MAX_DECISIONS = 400

FOCUS_JS = """(sel) => {
  const game = document.querySelector(sel);
  const a = document.activeElement;
  const board = game.querySelector('.nekolib-board-view');
  const ring = board.querySelector('.nk-focus-ring');
  const r = a && a.getBoundingClientRect ? a.getBoundingClientRect() : null;
  const q = ring && !ring.hidden ? ring.getBoundingClientRect() : null;
  return {
    inGame: !!a && game.contains(a),
    onTarget: !!a && board.contains(a) && a.classList.contains('nk-target'),
    onBoard: !!a && board.contains(a),
    free: !!a && a.classList.contains('nekolib-free-action'),
    ready: !!a && a.classList.contains('nekolib-ready'),
    id: a ? a.id : null,
    tag: a ? a.tagName : null,
    label: a ? a.getAttribute('aria-label') : null,
    pressed: a ? a.getAttribute('aria-pressed') === 'true' : false,
    tabStops: [...board.querySelectorAll('.nk-target')]
        .filter(t => t.getAttribute('tabindex') === '0').length,
    ringAround: !!(r && q && q.left <= r.left + 1 && q.top <= r.top + 1 &&
                   q.right >= r.right - 1 && q.bottom >= r.bottom - 1),
    drawn: board.dataset.drawn,
    live: (board.querySelector('[role=status]') || {}).textContent || '',
    role: board.getAttribute('role'),
    svgRole: board.querySelector('svg') ? board.querySelector('svg').getAttribute('role') : null,
  };
}"""

ARROWS = ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp")


def focus(page, game: str = GAME) -> dict:
    return page.evaluate(FOCUS_JS, game)


def press_and_wait(page, key: str, game: str = GAME) -> None:
    """Press ``key`` and wait until the board has been redrawn and the page is quiet."""
    before = focus(page, game)["drawn"]
    page.keyboard.press(key)
    page.wait_for_function(
        "([sel, d]) => document.querySelector(sel + ' .nekolib-board-view').dataset.drawn !== d",
        arg=[game, before],
        timeout=60_000,
    )
    page.evaluate(QUIET_JS, 250)


def tab_until(page, want: str, limit: int = 150, game: str = GAME) -> dict:
    """Press Tab until the focus is ``want`` (a key of :data:`FOCUS_JS`'s answer)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focus(page, game)
        if now[want]:
            return now
    pytest.fail(f"{limit} presses of Tab never reached {want}: focus on {now}")


@pytest.mark.parametrize("notebook", game_notebooks(), ids=lambda p: p.stem)
def test_a_whole_game_is_played_with_the_keyboard_only(notebook, voila, page):
    name = notebook.stem
    rel = notebook.relative_to(ROOT).as_posix()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(voila.url(f"/voila/render/{rel}"), timeout=180_000, wait_until="load")
    page.wait_for_selector(f"{GAME} .nekolib-board-view svg", timeout=180_000)
    page.evaluate(QUIET_JS, 500)

    now = focus(page)
    assert now["role"] == "group" and now["svgRole"] == "group", now
    # what a screen reader is given: the named board group, its named buttons, the text
    tree = page.locator(f"{GAME} .nekolib-board-view").first.aria_snapshot()
    assert re.search(r'group "[^"]+ board"', tree), tree[:500]
    assert re.search(r'button "[^"]+ - press to (play|pick)', tree), tree[:1500]
    assert "Position as text" in tree and "status" in tree, tree[-800:]
    (SCREENSHOTS / f"{name}_board_aria.txt").write_text(tree + "\n")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    now = tab_until(page, "onTarget", limit=300)  # from the top of the page
    assert now["tabStops"] == 1, f"the board's parts must be one tab stop: {now}"
    assert now["label"], "the focused part has no accessible name"

    rng = random.Random(f"keyboard/{name}")
    decisions = arrows = escapes = 0
    shot = False
    known_log: list[str] = []
    for _ in range(MAX_DECISIONS):
        snap = page.evaluate(SNAPSHOT_JS, GAME)
        known_log = snap["log"] or known_log
        if "Game over" in snap["status"]:
            break
        now = focus(page)
        assert now["inGame"], f"decision {decisions}: the focus left the game: {now}"
        if snap["covered"]:
            if not now["ready"]:
                now = tab_until(page, "ready", limit=40)
            press_and_wait(page, "Enter")
        elif snap["targets"]:
            assert now["onTarget"], f"decision {decisions}: focus not on a part: {now}"
            for _ in range(rng.randrange(4)):
                page.keyboard.press(rng.choice(ARROWS))
                arrows += 1
            now = focus(page)
            while now["pressed"]:  # a picked part: pressing it would take the pick back
                page.keyboard.press("ArrowRight")
                now = focus(page)
            assert now["onTarget"] and now["ringAround"], f"no focus ring on {now}"
            if not shot:
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                page.locator(f"{GAME} .nekolib-board-view").first.screenshot(
                    path=str(SCREENSHOTS / f"{name}_keyboard_focus.png"), animations="disabled"
                )
                shot = True
            press_and_wait(page, rng.choice(["Enter", " "]))
            after = page.evaluate(SNAPSHOT_JS, GAME)
            if after["selected"] and not escapes:
                # a half-made move: Escape clears it and the focus stays on the board
                press_and_wait(page, "Escape")
                cleared = page.evaluate(SNAPSHOT_JS, GAME)
                assert not cleared["selected"], "Escape left the picks"
                assert focus(page)["onTarget"], "Escape lost the focus"
                escapes += 1
        elif snap["free"]:
            if not now["free"]:
                now = tab_until(page, "free", limit=60)
            for _ in range(rng.randrange(len(snap["free"]))):
                page.keyboard.press("Tab")
            assert focus(page)["free"], focus(page)
            press_and_wait(page, "Enter")
        else:
            pytest.fail(f"nothing to press and no game over: {snap['status']!r}")
        decisions += 1
        after = focus(page)
        assert after["inGame"], f"after decision {decisions} the focus left the game: {after}"
    final = page.evaluate(SNAPSHOT_JS, GAME)
    assert "Game over" in final["status"], f"{decisions} decisions: {final['status']!r}"
    assert shot and arrows > 0
    live = focus(page)["live"]
    assert "Game over" in live, f"the live region did not announce the end: {live!r}"
    assert not page.js_errors, page.js_errors[:3]
    print(f"\n{name}: {decisions} decisions with the keyboard, {arrows} arrow presses; {live!r}")


def test_the_hand_over_screen_is_passed_with_the_keyboard(voila, page):
    """Indovina Gatto's hot-seat game: "ready" is reached by Tab and pressed with Enter, the
    focus then lands on the board; when the device passes on, the focus is on the next
    hand-over screen's "ready" button (never lost to the page)."""
    notebook = ROOT / "notebooks" / "indovina_gatto.ipynb"
    page.goto(voila.url(f"/voila/render/{notebook.relative_to(ROOT).as_posix()}"), timeout=180_000)
    page.wait_for_function("() => document.querySelectorAll('.nekolib-game').length >= 2")
    page.evaluate("() => document.querySelectorAll('.nekolib-game')[1].classList.add('nk-kb-hot')")
    game = ".nk-kb-hot"
    page.wait_for_selector(f"{game} .nekolib-ready", timeout=120_000)
    page.evaluate(QUIET_JS, 400)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    tab_until(page, "ready", limit=400, game=game)
    covers = 0
    rng = random.Random("hand-over-keys")
    for _ in range(12):
        press_and_wait(page, "Enter", game)  # ready
        now = focus(page, game)
        assert now["onTarget"], f"after ready the focus is not on the board: {now}"
        for _step in range(6):  # one decision: press parts until the cover is up again
            for _ in range(rng.randrange(3)):
                page.keyboard.press(rng.choice(ARROWS))
            while focus(page, game)["pressed"]:
                page.keyboard.press("ArrowRight")
            press_and_wait(page, "Enter", game)
            snap = page.evaluate(SNAPSHOT_JS, game)
            if snap["covered"]:
                break
            assert focus(page, game)["onTarget"], focus(page, game)
        if not snap["covered"]:
            continue
        covers += 1
        assert focus(page, game)["ready"], (
            f"the cover is up, focus not on ready: {focus(page, game)}"
        )
        if covers >= 3:
            break
    assert covers >= 3, f"the hand-over screen came up {covers} time(s)"
