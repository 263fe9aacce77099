"""axe-core with the charts drawn in JupyterLab and in the JupyterLite site as a student has
it, and the board's focus ring and highlight measured in the live widget under forced colours
(issue 39). ``test_axe.py`` does the same axe check in Voila.

* **JupyterLab** (the suite's server on 127.0.0.1; its kernels keep matplotlib's inline
  backend: no ``MPLBACKEND``, conftest.Server): each game notebook and the balance lab's
  (every notebook with a chart), outputs cleared, Run All;
  once every cell has run and the first board is drawn, every chart of the notebook is an
  ``<img>`` with alt text from the chart's data (as many as the committed notebook shows).
* **Voila**: the notebooks with charts but no game (the game apps are ``test_axe.py``'s).
* **The Lite site** (``test_lite.py``'s build and static server): each game notebook opened
  as a student gets it, first with its saved outputs (axe runs on them), then Run All
  (matplotlib is missing in Pyodide: each chart is its committed picture, whose alt text is
  the drawn chart's, ``tests/test_chart_alt_committed.py``), axe again.

axe runs on the whole document; violations are sorted by ``test_axe.run_axe``: the
project's elements are the game widgets (``.nekolib-game``), every cell output
(``.jp-OutputArea-output``: our pictures, charts, printed text, HTML) and rendered Markdown
cells (``.jp-MarkdownOutput``). Everything else is JupyterLab's chrome, excluded from the
assertion because the project cannot change it (menus, side bars, tab bar, status bar, cell
prompts and toolbars, the CodeMirror editors of code cells); its counts are printed.
No serious or critical violation may be in the project's elements.

The forced-colours test opens a game in Voila with ``forced-colors: active`` emulated, tabs
to the board and measures the focus ring and the highlight against the board's paper, from
the computed colours and from the screenshot's pixels; WCAG 1.4.11 asks 3:1. (test_contrast.py
measures the same stylesheet on a page of its own, without Jupyter's.)
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from pathlib import Path

import pytest
import test_lite as lite
from _nekobrowser import LAB_GAME, QUIET_JS, ROOT, game_notebooks
from test_axe import axe_available, report_and_check, run_axe, summarise
from test_keyboard import GAME, focus, tab_until

from nekolib.picture import contrast_ratio

SHOTS = Path(os.environ.get("NEKOLIB_AXE_SHOTS", Path(tempfile.gettempdir()) / "nekolib-axe"))
"""Screenshots of what was checked (not committed)."""

lite_site, lite_server, lite_browser, lite_times = (
    lite.lite_site,
    lite.lite_server,
    lite.lite_browser,
    lite.lite_times,
)  # the Lite site's fixtures, shared by import

IMAGES_JS = """() => [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output img')]
  .map(i => ({alt: i.getAttribute('alt'), drawn: i.complete && i.naturalWidth > 100}))"""


def saved_charts(notebook: Path) -> int:
    """Charts the committed notebook shows: its saved PNG outputs (with alt text or not; the
    game pictures are SVG)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return sum("image/png" in o.get("data", {}) for c in cells for o in c.get("outputs", []))


def wait_charts(page, expected: int, timeout: float = 120) -> list[dict]:
    """Wait until ``expected`` chart pictures are drawn; every output picture has alt text."""
    deadline = time.monotonic() + timeout
    while True:
        images = page.evaluate(IMAGES_JS)
        charts = [i for i in images if (i["alt"] or "").startswith("Chart") and i["drawn"]]
        if len(charts) >= expected:
            break
        assert time.monotonic() < deadline, f"{len(charts)} of {expected} charts drawn: {images}"
        time.sleep(1)
    assert all(i["alt"] for i in images), f"an output picture has no alt text: {images}"
    return images


def check_axe(page, name: str) -> dict:
    page.evaluate(QUIET_JS, 800)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    rows = run_axe(page)["rows"]
    summary = summarise(rows)
    report_and_check(rows, summary, name)
    return summary


def shoot_first_chart(page, name: str) -> str:
    chart = page.locator('.jp-OutputArea-output img[alt^="Chart"]').first
    chart.scroll_into_view_if_needed()
    chart.screenshot(path=str(SHOTS / f"{name}-chart.png"))
    return chart.get_attribute("alt")


def lab_notebooks() -> list[Path]:
    """The game notebooks and every other notebook that shows a chart (the balance lab's)."""
    charts = [p for p in sorted((ROOT / "notebooks").glob("*.ipynb")) if saved_charts(p)]
    return sorted(set(game_notebooks()) | set(charts))


@pytest.mark.parametrize("notebook", lab_notebooks(), ids=lambda p: p.stem)
def test_no_serious_or_critical_axe_violation_in_jupyterlab_with_the_charts_drawn(
    notebook, jupyterlab, page
):
    axe_available()
    rel = notebook.relative_to(ROOT).as_posix()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(jupyterlab.url(f"/lab/workspaces/axe-{notebook.stem}/tree/{rel}?reset"))
    page.wait_for_function(lite.KERNEL_IDLE_JS, timeout=180_000, polling=200)
    page.evaluate(lite.RESET_JS)  # outputs and counts cleared: each cell is seen to run
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    state = lite.wait_all_cells(page, timeout=600)
    errors = [o for c in state["cells"] for o in c["outputs"] if o["output_type"] == "error"]
    assert not errors, errors[:2]
    if notebook in game_notebooks():
        page.wait_for_selector(f"{LAB_GAME} .nekolib-board-view svg", timeout=120_000)
    images = wait_charts(page, saved_charts(notebook))
    alt = shoot_first_chart(page, f"lab-{notebook.stem}") if saved_charts(notebook) else ""
    print(f"\n{notebook.stem} in JupyterLab: {len(images)} pictures; first chart: {alt[:160]}")
    check_axe(page, f"lab-{notebook.stem}")
    assert not page.js_errors, page.js_errors[:3]


@pytest.mark.parametrize(
    "notebook", [p for p in lab_notebooks() if p not in game_notebooks()], ids=lambda p: p.stem
)
def test_no_serious_or_critical_axe_violation_in_voila_with_the_charts_drawn(notebook, voila, page):
    """The notebooks with charts and no game (the game apps: ``test_axe.py``) in Voila."""
    axe_available()
    rel = notebook.relative_to(ROOT).as_posix()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(voila.url(f"/voila/render/{rel}"), timeout=180_000, wait_until="load")
    images = wait_charts(page, saved_charts(notebook), timeout=300)
    alt = shoot_first_chart(page, f"voila-{notebook.stem}")
    print(f"\n{notebook.stem} in Voila: {len(images)} pictures; first chart: {alt[:160]}")
    check_axe(page, f"voila-{notebook.stem}")
    assert not page.js_errors, page.js_errors[:3]


@pytest.mark.parametrize("notebook", lite.site_notebooks(), ids=lambda n: n.removesuffix(".ipynb"))
def test_no_serious_or_critical_axe_violation_in_the_lite_site_as_a_student_has_it(
    notebook, lite_server, lite_browser
):
    axe_available()
    stem = notebook.removesuffix(".ipynb")
    expected = saved_charts(ROOT / "notebooks" / notebook)
    with lite.cold_page(lite_browser) as page:
        page.goto(f"{lite_server.base}/lab/index.html?path={notebook}", timeout=120_000)
        page.wait_for_function(lite.KERNEL_IDLE_JS, timeout=180_000, polling=200)
        wait_charts(page, expected)  # the saved outputs, as the notebook opens
        check_axe(page, f"lite-saved-{stem}")

        # then Run All, as a student does (the counts are emptied to see every cell run)
        page.evaluate(
            """() => { for (const c of window.jupyterapp.shell.currentWidget.content.model.cells)
                         if (c.type === 'code') c.executionCount = null; }"""
        )
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        state = lite.wait_all_cells(page, timeout=600)
        errors = [o for c in state["cells"] for o in c["outputs"] if o["output_type"] == "error"]
        assert not errors, errors[:2]
        page.wait_for_selector(f"{LAB_GAME} .nekolib-board-view svg", timeout=120_000)
        images = wait_charts(page, expected)
        committed = [i["alt"] for i in images if "(the committed picture)" in (i["alt"] or "")]
        assert len(committed) >= expected, images
        alt = shoot_first_chart(page, f"lite-run-{stem}") if expected else ""
        print(f"\n{stem} in the Lite site after Run All: first chart: {alt[:160]}")
        check_axe(page, f"lite-run-{stem}")
        assert not page.js_errors, page.js_errors[:3]
        lite.assert_stayed_on_loopback(page)


RING_JS = """(sel) => {
  const board = document.querySelector(sel + ' .nekolib-board-view');
  const ring = board.querySelector('.nk-focus-ring');
  const target = document.activeElement.closest('.nk-target');
  const paper = board.querySelector('svg rect.background') || board.querySelector('svg rect');
  const r = ring.getBoundingClientRect(), p = paper.getBoundingClientRect();
  const rs = getComputedStyle(ring);
  return {forced: matchMedia('(forced-colors: active)').matches,
          border: rs.borderTopColor, borderWidth: parseFloat(rs.borderTopWidth),
          outline: rs.outlineColor, paper: getComputedStyle(paper).fill,
          stroke: getComputedStyle(target.firstElementChild).stroke,
          ring: [r.left, r.top, r.width, r.height], paperAt: [p.left + 3, p.top + 3]};
}"""


def _hex(css: str) -> str:
    r, g, b = (int(x) for x in re.findall(r"\d+", css)[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


@pytest.mark.parametrize("forced", ["active"])
def test_focus_ring_and_highlight_stand_out_in_the_live_widget_with_forced_colours(
    forced, voila, page
):
    from PIL import Image

    notebook = ROOT / "notebooks" / "neko_boss.ipynb"
    page.emulate_media(forced_colors=forced)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(voila.url(f"/voila/render/{notebook.relative_to(ROOT).as_posix()}"), timeout=180_000)
    page.wait_for_selector(f"{GAME} .nekolib-board-view svg", timeout=180_000)
    page.evaluate(QUIET_JS, 500)
    tab_until(page, "onTarget")
    page.keyboard.press("ArrowRight")  # the ring follows the keys (board.js)
    page.evaluate(QUIET_JS, 300)
    assert focus(page)["ringAround"], focus(page)
    got = page.evaluate(RING_JS, GAME)
    assert got["forced"], got
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / "forced-colors-neko_boss.png"
    page.screenshot(path=str(shot))
    pixels = Image.open(shot).convert("RGB")
    left, top, _, height = got["ring"]
    drawn_ring = "#{:02x}{:02x}{:02x}".format(
        *pixels.getpixel((int(left + 1), int(top + height / 2)))
    )
    drawn_paper = "#{:02x}{:02x}{:02x}".format(
        *pixels.getpixel(tuple(int(v) for v in got["paperAt"]))
    )
    paper = _hex(got["paper"])
    measured = {
        "ring (computed)": contrast_ratio(_hex(got["border"]), paper),
        "ring (pixels)": contrast_ratio(drawn_ring, drawn_paper),
        "highlight (computed)": contrast_ratio(_hex(got["stroke"]), paper),
    }
    print(
        f"\nforced colours in Voila (neko_boss): ring {got['border']} / pixel {drawn_ring}, "
        f"highlight {got['stroke']}, paper {paper} / pixel {drawn_paper}: "
        + ", ".join(f"{k} {v:.2f}:1" for k, v in measured.items())
    )
    assert all(v >= 3 for v in measured.values()), (measured, got)
