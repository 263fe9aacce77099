"""Board text that grows with browser zoom (issue 39; WCAG 1.4.4 "Resize Text").

Each game's Voila app is opened on a 1366x768 laptop screen at 100 %, then the page is
zoomed to 200 % as Chromium zooms: the same window becomes 683x384 CSS px drawn at 2 device
pixels per CSS px (``Emulation.setDeviceMetricsOverride``; ``innerWidth`` and
``devicePixelRatio`` are checked). The live board notices its new width and Python redraws
it (the narrow layout, where the wide one would shrink). The smallest board text (font size
times the scale the picture is drawn at, ``test_phones.TEXT_JS``) must grow with the zoom:
at 200 % at least 1.8 times as many device pixels as at 100 %, or as many CSS px as at 100 %
(the issue found x1.3-1.5 before the layouts reflowed). The page must not scroll sideways at
200 % either. Screenshots of the zoomed board: ``figures/screenshots/zoom_200_<game>.png``.
"""

from __future__ import annotations

import base64

import pytest
import test_phones
from _nekobrowser import SCREENSHOTS
from test_phones import NOTEBOOKS, TEXT_JS, settle
from test_small_screens import open_app

GROWTH = 1.8
device = test_phones.device  # the fixture: a fresh Chromium page of a named size

CLIP_JS = """(sel) => {
  // The board scrolled to the top of its scroller; the part of it in sight (page coords).
  const board = document.querySelector(sel);
  board.scrollIntoView({block: 'start'});
  const r = board.getBoundingClientRect();
  const scroller = board.closest('.jp-WindowedPanel-outer');
  const bottom = scroller ? scroller.getBoundingClientRect().bottom : innerHeight;
  return {x: r.left + scrollX, y: r.top + scrollY, width: r.width,
          height: Math.min(r.height, bottom - r.top)};
}"""
ZOOMED_JS = "() => ({width: innerWidth, height: innerHeight, ratio: devicePixelRatio})"


@pytest.mark.parametrize("device", ["chromebook"], indirect=True)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_board_text_grows_with_browser_zoom(notebook, voila, device):
    page, name = device, notebook.stem
    width, height = page.screen
    open_app(page, voila, notebook)
    settle(page)
    at_100 = page.evaluate(TEXT_JS, ".nekolib-game")
    cdp = page.context.new_cdp_session(page)
    cdp.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": width // 2, "height": height // 2, "deviceScaleFactor": 2, "mobile": False},
    )
    assert page.evaluate(ZOOMED_JS) == {"width": width // 2, "height": height // 2, "ratio": 2}
    settle(page)
    at_200 = page.evaluate(TEXT_JS, ".nekolib-game")
    # what the zoomed window shows of the board (Chromium's own capture: Playwright does
    # not know of the emulated zoom), at 2 device px per CSS px
    clip = page.evaluate(CLIP_JS, ".nekolib-game .nekolib-board-view")
    shot = cdp.send("Page.captureScreenshot", {"format": "png", "clip": {**clip, "scale": 1}})
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / f"zoom_200_{name}.png").write_bytes(base64.b64decode(shot["data"]))
    growth = 2 * at_200["smallest"] / at_100["smallest"]
    print(
        f"\n{name} at {width}x{height}: 100 %: board {at_100['board']:.0f} px "
        f"({'narrow' if at_100['narrow'] else 'wide'}), smallest text {at_100['smallest']:.1f} "
        f"px; 200 %: board {at_200['board']:.0f} CSS px "
        f"({'narrow' if at_200['narrow'] else 'wide'}), smallest text "
        f"{at_200['smallest']:.1f} CSS px = {2 * at_200['smallest']:.1f} device px (x{growth:.2f})"
    )
    assert growth >= GROWTH or at_200["smallest"] >= at_100["smallest"] - 0.05, (
        f"{name}: at 200 % the text grew only x{growth:.2f}: {at_100} -> {at_200}"
    )
    assert at_200["scrollWidth"] <= at_200["clientWidth"], f"scrolls sideways at 200 %: {at_200}"
    assert not page.js_errors, page.js_errors[:3]
