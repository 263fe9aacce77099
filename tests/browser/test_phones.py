"""Phones and tablets (issue 39): boards that reflow, text and targets students can use.

Each game's Voila app at **390x844** (a phone) and **768x1024** (an iPad in portrait), with
touch. The board measures its width and Python draws the game's narrow layout where the
wide picture would shrink (``nekolib.picture.is_narrow``). In each:

* the smallest text of the board is measured: its computed font size times the scale the
  picture is drawn at (``getBoundingClientRect`` width over the ``viewBox`` width): at
  least **12 CSS px**;
* three decisions are played by **tapping** (``locator.tap()``); before every tap everything
  one may tap (highlighted parts, buttons, inputs) is at least **24x24 CSS px**
  (``test_small_screens.tap_decisions``);
* the page never scrolls sideways (``scrollWidth <= clientWidth``), before and after.

Screenshots: ``figures/screens/<game>_phone_390x844.png`` and
``<game>_board_768x1024.png``. The measured sizes are printed.

A second test presses **Hint** at 1366x768 and 768x1024 and finds the hint's text inside
the viewport (it is written right above the buttons as well as in the status line).
"""

from __future__ import annotations

import random

import pytest
from _nekobrowser import CHROMIUM_ARGS, QUIET_JS, ROOT, game_notebooks
from test_small_screens import open_app, tap_decisions

MIN_TEXT_PX = 12
SCREENS = ROOT / "figures" / "screens"
SIZES = {
    "phone": (390, 844),
    "small": (320, 640),
    "phone360": (360, 740),
    "tablet": (768, 1024),
    "chromebook": (1366, 768),
}
NOTEBOOKS = [pytest.param(p, id=p.stem) for p in game_notebooks()]

TEXT_JS = """(sel) => {
  const svg = document.querySelector(sel + ' .nekolib-board-view svg');
  const r = svg.getBoundingClientRect();
  const scale = r.width / svg.viewBox.baseVal.width;
  let smallest = 1e9, where = '', n = 0;
  for (const t of svg.querySelectorAll('text')) {
    const b = t.getBoundingClientRect();
    if (!t.textContent.trim() || b.width === 0) continue;
    n += 1;
    const px = parseFloat(getComputedStyle(t).fontSize) * scale;
    if (px < smallest) { smallest = px; where = t.textContent.trim().slice(0, 30); }
  }
  const se = document.scrollingElement;
  return {narrow: svg.classList.contains('nekolib-narrow'), board: r.width, scale, n,
          smallest, where, scrollWidth: se.scrollWidth, clientWidth: se.clientWidth};
}"""


@pytest.fixture
def device(playwright_session, chromium_path, request):
    """A fresh Chromium page of the size ``request.param`` (touch for phone and tablet)."""
    width, height = SIZES[request.param]
    browser = playwright_session.chromium.launch(
        executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS
    )
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=request.param != "chromebook"
    )
    context.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:"))
            else route.abort()
        ),
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    page.size_name, page.screen = request.param, (width, height)
    try:
        yield page
    finally:
        page.close(run_before_unload=True)
        context.close()
        browser.close()


def measure(page, where: str) -> dict:
    got = page.evaluate(TEXT_JS, ".nekolib-game")
    assert got["scrollWidth"] <= got["clientWidth"], f"{where}: the page scrolls sideways: {got}"
    assert got["n"] > 10, f"{where}: hardly any text on the board: {got}"
    assert got["smallest"] >= MIN_TEXT_PX - 0.05, f"{where}: board text under 12 px: {got}"
    return got


def settle(page) -> None:
    """Let the board report its width and the narrow picture (if any) arrive."""
    page.evaluate(QUIET_JS, 1500)


@pytest.mark.parametrize("device", ["phone", "tablet"], indirect=True)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_each_board_reflows_with_12px_text_and_plays_by_tapping(notebook, voila, device):
    page, name = device, notebook.stem
    width, height = page.screen
    open_app(page, voila, notebook)
    settle(page)
    first = measure(page, f"{name} at {width}x{height}")
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.locator(".nekolib-game .nekolib-board-view").first.evaluate(
        "e => e.scrollIntoView({block: 'start'})"
    )
    page.evaluate(QUIET_JS, 300)
    shot = "phone" if page.size_name == "phone" else "board"
    path = SCREENS / f"{name}_{shot}_{width}x{height}.png"
    page.screenshot(path=str(path), animations="disabled")
    played = tap_decisions(page, ".nekolib-game", 3, random.Random(f"phone/{name}/{width}"))
    assert len(played) == 3, f"{name}: only {len(played)} decisions could be tapped: {played}"
    assert any("target:" in p for p in played), f"{name}: the picture was not tapped: {played}"
    settle(page)
    after = measure(page, f"{name} at {width}x{height} after 3 taps")
    print(
        f"\n{name} {width}x{height}: board {first['board']:.0f} px "
        f"({'narrow' if first['narrow'] else 'wide'} layout, x{first['scale']:.2f}), smallest "
        f"text {min(first['smallest'], after['smallest']):.1f} px ('{first['where']}'), "
        f"tapped: {played}"
    )
    assert not page.js_errors, page.js_errors[:3]


HINT_JS = """() => {
  const said = document.querySelector('.nekolib-game .nekolib-said .nekolib-hint-text');
  if (!said || !said.innerText.trim()) return null;
  const r = said.getBoundingClientRect();
  return {text: said.innerText.trim(), top: r.top, bottom: r.bottom, left: r.left,
          right: r.right, height: innerHeight, width: innerWidth};
}"""


@pytest.mark.parametrize("device", ["chromebook", "tablet"], indirect=True)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_pressing_hint_shows_the_hint_in_the_viewport(notebook, voila, device):
    page, name = device, notebook.stem
    open_app(page, voila, notebook)
    settle(page)
    hint = page.locator(".nekolib-game").first.locator(".nekolib-hint").first
    hint.tap() if page.size_name == "tablet" else hint.click()
    page.wait_for_function(HINT_JS, timeout=120_000)
    page.evaluate(QUIET_JS, 500)
    got = page.evaluate(HINT_JS)
    print(f"\n{name} {page.screen}: hint at y {got['top']:.0f}-{got['bottom']:.0f}: {got['text']}")
    assert got["top"] >= 0 and got["bottom"] <= got["height"], f"hint out of sight: {got}"
    assert got["left"] >= 0 and got["right"] <= got["width"] + 0.5, got
    assert not page.js_errors, page.js_errors[:3]


MOVES_JS = """() => {
  const box = document.querySelector('.nekolib-game .nekolib-actions');
  const select = box && box.querySelector('.nekolib-move-select select, select');
  return {shown: !!box && box.getBoundingClientRect().height > 0,
          options: select ? select.options.length : 0};
}"""


@pytest.mark.parametrize("device", ["chromebook"], indirect=True)
def test_the_move_list_opens_with_enter_and_space(voila, device):
    """The "all legal moves as a list" panel opens from the keyboard: its toggle is a real
    button (Enter opens, Space closes)."""
    page = device
    notebook = next(p for p in game_notebooks() if p.stem == "neko_boss")
    open_app(page, voila, notebook)
    toggle = page.locator(".nekolib-game").first.locator(".nekolib-moves-toggle").first
    assert page.evaluate(MOVES_JS)["shown"] is False
    toggle.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.nekolib-game .nekolib-actions')"
        ".getBoundingClientRect().height > 0",
        timeout=20_000,
    )
    opened = page.evaluate(MOVES_JS)
    assert opened["shown"] and opened["options"] >= 2, opened
    assert "Hide" in toggle.inner_text()
    page.keyboard.press(" ")
    page.wait_for_function(
        "() => document.querySelector('.nekolib-game .nekolib-actions')"
        ".getBoundingClientRect().height === 0",
        timeout=20_000,
    )
    assert "Show" in toggle.inner_text()


@pytest.mark.parametrize("device", ["small", "phone360"], indirect=True)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_no_sideways_scrolling_at_320_px(notebook, voila, device):
    """WCAG 1.4.10 (reflow): at 320 and 360 CSS px nothing scrolls sideways, and the
    smallest board text is at least 12 px (at 320 the board takes the page's whole width,
    320 px, over the cell's paddings: ``board.css``)."""
    page, name = device, notebook.stem
    width, height = page.screen
    open_app(page, voila, notebook)
    settle(page)
    got = page.evaluate(TEXT_JS, ".nekolib-game")
    print(
        f"\n{name} {width}x{height}: board {got['board']:.0f} px, smallest text "
        f"{got['smallest']:.1f} px"
    )
    assert got["narrow"], got
    assert got["scrollWidth"] <= got["clientWidth"], f"the page scrolls sideways: {got}"
    measure(page, f"{name} at {width}x{height}")
    assert not page.js_errors, page.js_errors[:3]
