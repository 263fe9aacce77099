"""Neko Boss's Hint on a fresh full board in real Chromium (Voila): a first look at once,
then the exact hint replaces it (issue 29).

The notebook's third game is a full board (24 stacks); a new game with seed 101 gives a
placement that is in no book, so the solver really searches: the test presses Hint, sees
the first look (labelled "first look", the quick look-ahead, its move lit on the board),
then, when the background search ends, the exact hint (win/draw/loss with best play, no
"first look") with its "How is this computed?". While the search runs, the board stays
playable: a second game's Hint is followed by a move at once, and that game never shows the
first position's hint. "Solve this position" also answers in the background, and a move
clears it. Screenshots: ``figures/screenshots/hint-neko_boss-first-look.png``,
``hint-neko_boss-exact.png`` and ``hint-neko_boss-solve-panel.png``. The seconds it took
are printed (no timed assert).
"""

from __future__ import annotations

import random
import time

from _nekobrowser import (
    QUIET_JS,
    ROOT,
    SCREENSHOTS,
    SNAPSHOT_JS,
    click_once,
    play_lit,
    widget_screenshot,
)
from test_click_to_play import open_in_voila
from test_hints import HINT_JS, WIN_DRAW_LOSS

FULL_BOARD = ".nekolib-game >> nth=2"
TEXT_JS = """(sel) => { const t = document.querySelector(sel).querySelector('.nekolib-hint-text');
                     return t ? t.innerText.trim() : ''; }"""


def _new_game(page, game, seed: int) -> None:
    box = game.locator(".widget-inline-hbox input[type=number]").first
    box.fill(str(seed))
    box.press("Enter")
    game.locator(".nekolib-new").first.click()
    page.evaluate(QUIET_JS, 500)


def _wait_text(page, selector: str, condition: str, timeout: float) -> str:
    page.wait_for_function(
        f"(sel) => {{ const t = document.querySelector(sel).querySelector('.nekolib-hint-text');"
        f" const s = t ? t.innerText : ''; return {condition}; }}",
        arg=selector,
        timeout=timeout,
    )
    return page.evaluate(TEXT_JS, selector)


def _shot(page, game, selector: str, name: str) -> None:
    widget_screenshot(page, game, selector, SCREENSHOTS / f"hint-neko_boss-{name}.png")


def test_full_board_hint_shows_a_first_look_then_the_exact_hint(voila, page):
    open_in_voila(page, voila, ROOT / "notebooks" / "neko_boss.ipynb")
    game = page.locator(FULL_BOARD)
    game.scroll_into_view_if_needed()
    selector = f"#{game.evaluate('(e) => e.id || (e.id = `nk-full-board`)')}"
    _new_game(page, game, 101)
    status = page.evaluate(SNAPSHOT_JS, selector)["status"]
    assert "Turn: Red" in status, status

    t0 = time.perf_counter()
    game.locator(".nekolib-hint").first.click()
    first = _wait_text(page, selector, "s.includes('first look')", 30_000)
    first_s = time.perf_counter() - t0
    assert "quick look-ahead" in first and "the exact search is still running" in first, first
    assert not WIN_DRAW_LOSS.search(first), f"the first look claims a result: {first}"
    lit = page.evaluate(HINT_JS, selector)["lit"]
    assert lit, "the first look's move is not lit on the board"
    _shot(page, game, selector, "first-look")

    final = "s.length > 0 && !t.classList.contains('nekolib-hint-partial')"
    exact = _wait_text(page, selector, final, 300_000)
    exact_s = time.perf_counter() - t0
    assert "with best play" in exact and WIN_DRAW_LOSS.search(exact), exact
    assert page.evaluate(HINT_JS, selector)["lit"], "the exact hint's move is not lit"
    game.locator("details.nekolib-working > summary").first.click()
    page.evaluate(QUIET_JS, 300)
    _shot(page, game, selector, "exact")
    print(f"\nfirst look after {first_s:.2f} s: {first}\nexact after {exact_s:.2f} s: {exact}")

    _new_game(page, game, 102)  # a move during the search: the board answers, no stale hint
    before = page.evaluate(SNAPSHOT_JS, selector)
    game.locator(".nekolib-hint").first.click()
    _wait_text(page, selector, "s.includes('first look')", 30_000)
    play_lit(page, selector, page.evaluate(HINT_JS, selector)["lit"])  # the first look's move
    for _ in range(60):
        if len(page.evaluate(SNAPSHOT_JS, selector)["log"]) > len(before["log"]):
            break
        page.evaluate(QUIET_JS, 500)
    assert len(page.evaluate(SNAPSHOT_JS, selector)["log"]) > len(before["log"]), "no move"
    page.evaluate(QUIET_JS, 3000)
    assert page.evaluate(TEXT_JS, selector) == "", "a hint for the old position appeared"
    assert not page.js_errors, page.js_errors[:3]


PANEL_JS = """(sel) => {
  const r = document.querySelector(sel).querySelector('.nekolib-solve-result');
  return r ? r.innerText.trim() : ''; }"""


def test_solve_this_position_answers_in_the_background_and_a_move_stops_it(voila, page):
    """The solver panel on a fresh full board: the answer appears while the page stays live;
    a move made right after pressing it clears the panel, and the old answer never shows."""
    open_in_voila(page, voila, ROOT / "notebooks" / "neko_boss.ipynb")
    game = page.locator(FULL_BOARD)
    game.scroll_into_view_if_needed()
    selector = f"#{game.evaluate('(e) => e.id || (e.id = `nk-full-board`)')}"
    _new_game(page, game, 103)
    solve = game.get_by_role("button", name="Solve this position")
    t0 = time.perf_counter()
    solve.click()
    page.wait_for_function(
        f"() => ({PANEL_JS})({selector!r}).includes('with best play')", timeout=300_000
    )
    answer = page.evaluate(PANEL_JS, selector)
    print(f"\npanel answered after {time.perf_counter() - t0:.2f} s: {answer}")
    assert "a best move:" in answer, answer
    _shot(page, game, selector, "solve-panel")

    _new_game(page, game, 104)
    before = len(page.evaluate(SNAPSHOT_JS, selector)["log"])
    solve.click()
    rng = random.Random(4)
    for _ in range(6):  # a stack, then where it lands: the board answers during the search
        snap = page.evaluate(SNAPSHOT_JS, selector)
        if len(snap["log"]) > before:
            break
        click_once(page, selector, rng, snap)
        page.evaluate(QUIET_JS, 400)
    assert len(page.evaluate(SNAPSHOT_JS, selector)["log"]) > before, "no move"
    page.evaluate(QUIET_JS, 3000)
    assert page.evaluate(PANEL_JS, selector) == "", "the old position's answer appeared"
    assert not page.js_errors, page.js_errors[:3]
