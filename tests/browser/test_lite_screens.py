"""Phones and tablets in the JupyterLite site (issue 39), JupyterLab's file browser open.

Each game notebook of the Lite site (built and served as in ``test_lite.py``, whose fixtures
are reused) is opened cold at **390x844** (a phone) and **768x1024** (an iPad in portrait)
in a touch context (``has_touch``, ``is_mobile``); the cells are run up to the first board
and JupyterLab's left area is opened on the file browser (a student who keeps it open has
the narrowest board: 336 px on the iPad). On the phone the file browser leaves the notebook
a sliver (the board 22 px wide, printed): it is closed again, as a student must. JupyterLab
keeps its two side tab bars and its paddings (the cell's output 274 px wide); the board
reaches over the paddings to the notebook's edges (``board.css``): 312 px. Then, as in
``test_phones.py`` (its measuring JavaScript is reused):

* the smallest text of the board is at least **12 CSS px** (font size times the scale the
  picture is drawn at), on the phone too (the 284 px narrow layout on a 312 px board);
* three decisions are played by **tapping** (``locator.tap()``); before every tap every
  target (highlighted parts, buttons, inputs) is at least **24x24 CSS px**;
* nothing scrolls sideways: the page, the notebook's scroller, any output or part of the
  game (a data table may scroll inside its own box, WCAG 1.4.10; JupyterLab's code editors
  are the notebook's, not checked).

Screenshots of the board (cropped to it): ``figures/screenshots/lite_<width>_<game>.png``.
"""

from __future__ import annotations

import random

import pytest
import test_lite
from _nekobrowser import LAB_GAME, QUIET_JS, SCREENSHOTS
from test_lite import cold_page, open_notebook, site_notebooks
from test_phones import MIN_TEXT_PX, TEXT_JS
from test_small_screens import MIN_TARGET_PX, TARGETS_JS, tap_decisions
from test_zoom import CLIP_JS

# The Lite site's fixtures, shared with test_lite.py (built once per module).
lite_site, lite_server = test_lite.lite_site, test_lite.lite_server
lite_browser, lite_times = test_lite.lite_browser, test_lite.lite_times
SIZES = {"phone": (390, 844), "tablet": (768, 1024)}

FILE_BROWSER_JS = """async (open) => {
  const app = window.jupyterapp;
  const shown = () => !app.shell.leftCollapsed &&
      !!document.querySelector('#filebrowser:not(.lm-mod-hidden)');
  if (open && !shown()) await app.commands.execute('filebrowser:activate');
  if (!open && !app.shell.leftCollapsed) app.shell.collapseLeft();
  await new Promise((r) => setTimeout(r, 300));
  const fb = document.querySelector('#filebrowser');
  const board = document.querySelector('.jp-Notebook .nekolib-board-view');
  return {open: shown(), width: shown() ? fb.getBoundingClientRect().width : 0,
          board: board ? board.getBoundingClientRect().width : 0};
}"""

SIDEWAYS_JS = """() => {
  // The page, the notebook's scroller and every output (the game's parts included); a data
  // table scrolling inside its own box is allowed (WCAG 1.4.10), and so are JupyterLab's
  // code editors and Markdown cells (the notebook's text, not the board).
  const out = [];
  const se = document.scrollingElement;
  if (se.scrollWidth > se.clientWidth) out.push(`page ${se.scrollWidth}>${se.clientWidth}`);
  const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const parts = [...nb.querySelectorAll('.jp-WindowedPanel-outer, .jp-OutputArea-output, ' +
                                        '.jp-OutputArea-output *')];
  for (const e of parts) {
    const ox = getComputedStyle(e).overflowX;
    if (!(ox === 'auto' || ox === 'scroll') || e.scrollWidth <= e.clientWidth + 1) continue;
    const table = e.querySelector(':scope > table');
    if (table && table.getBoundingClientRect().width > e.clientWidth) continue;
    out.push(e.className.toString().slice(0, 60) + ` ${e.scrollWidth}>${e.clientWidth}`);
  }
  return out;
}"""


def measure(page, where: str) -> dict:
    """Board text, targets and sideways scrolling, asserted; the measures returned."""
    page.evaluate(QUIET_JS, 1500)  # the board reports its width; the narrow picture comes
    got = page.evaluate(TEXT_JS, LAB_GAME)
    assert got["n"] > 10, f"{where}: hardly any text on the board: {got}"
    assert got["smallest"] >= MIN_TEXT_PX - 0.05, f"{where}: board text under 12 px: {got}"
    sideways = page.evaluate(SIDEWAYS_JS)
    assert not sideways, f"{where}: scrolls sideways: {sideways}"
    got["targets"] = page.evaluate(TARGETS_JS, [LAB_GAME, MIN_TARGET_PX])
    assert got["targets"]["n"] and not got["targets"]["small"], f"{where}: {got['targets']}"
    return got


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("notebook", site_notebooks(), ids=lambda n: n.removesuffix(".ipynb"))
def test_each_board_in_the_lite_site_reflows_and_plays_by_tapping(
    notebook, size, lite_server, lite_browser
):
    width, height = SIZES[size]
    name, where = notebook.removesuffix(".ipynb"), f"{notebook} in Lite at {width}x{height}"
    screen = {"viewport": {"width": width, "height": height}, "has_touch": True, "is_mobile": True}
    with cold_page(lite_browser, **screen) as page:
        open_notebook(page, lite_server.base, notebook)
        browser = page.evaluate(FILE_BROWSER_JS, True)
        assert browser["open"], f"{where}: the file browser is not open: {browser}"
        if size == "phone":  # the notebook is then a sliver: the student closes the browser
            print(f"\n{where}, file browser open: board {browser['board']:.0f} px (closed next)")
            browser = page.evaluate(FILE_BROWSER_JS, False)
            assert not browser["open"], browser
        page.locator(f"{LAB_GAME} .nekolib-board-view").first.scroll_into_view_if_needed()
        first = measure(page, where)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        clip = page.evaluate(CLIP_JS, f"{LAB_GAME} .nekolib-board-view")  # what is in sight
        page.screenshot(path=str(SCREENSHOTS / f"lite_{width}_{name}.png"), clip=clip)
        played = tap_decisions(page, LAB_GAME, 3, random.Random(f"lite-screens/{name}/{width}"))
        assert len(played) == 3, f"{where}: only {len(played)} decisions tapped: {played}"
        assert any("target:" in p for p in played), f"{where}: the picture was not tapped: {played}"
        after = measure(page, f"{where} after 3 taps")
        print(
            f"\n{where}, file browser {browser['width']:.0f} px: board {first['board']:.0f} px "
            f"({'narrow' if first['narrow'] else 'wide'}), smallest text "
            f"{min(first['smallest'], after['smallest']):.1f} px ('{first['where']}'), smallest "
            f"target {min(first['targets']['smallest'], after['targets']['smallest']):.1f} px, "
            f"tapped: {played}"
        )
        assert not page.js_errors, page.js_errors[:3]
