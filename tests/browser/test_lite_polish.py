"""The JupyterLite site as a student opens it (issue 39, "the browser site polished").

One cold load of each game notebook at 1366x768, with JupyterLab's file browser open (the
site's default), before any cell runs:

* the notebook is **not modified** by opening it (``context.model.dirty`` false, no
  ``jp-mod-dirty`` tab, ``app.status.isDirty`` false: no "Leave site?"). It was: the committed
  notebooks say kernel ``python3``, and JupyterLab wrote the site kernel's name into them;
* every saved printed output (``stdout``/``stderr``) and every ``text/plain`` output shows the
  notebook's own text, with **no comma at the start of each line** (JupyterLite's JupyterLab
  joined a list of lines with commas; ``tools/build_lite.py`` now joins them as nbformat does);
* a board saved without its kernel says in **one line** how to get it back;
* the first cell says where work is kept (this browser only) and how to download it, and
  *File > Download* exists;

then the cells run up to the first board, and no button or label in the notebook is cut off
(``scrollWidth <= clientWidth``), "Solve this position" included, and leaving the page now
asks "Leave site?" (the probe sees it); leaving a notebook just opened asks nothing. Screenshots:
``figures/screenshots/lite_opened_<game>.png`` (the top of the notebook as opened),
``lite_no_kernel_<game>.png`` (a saved board's cell) and ``lite_buttons_<game>.png``.
"""

from __future__ import annotations

import json

import pytest
import test_lite
from _nekobrowser import QUIET_JS, ROOT, SCREENSHOTS
from test_lite import (
    KERNEL_IDLE_JS,
    RESET_JS,
    STEP_TO_BOARD_JS,
    assert_stayed_on_loopback,
    cold_page,
    site_notebooks,
)

from nekolib.widgets.base import NO_KERNEL

lite_site = test_lite.lite_site  # the game site, its server and browser: test_lite's fixtures
lite_server = test_lite.lite_server
lite_browser = test_lite.lite_browser
lite_times = test_lite.lite_times

VIEWPORT = {"width": 1366, "height": 768}
NOTE = "in this browser on this computer only"

OPENED_JS = """() => {
  const app = window.jupyterapp;
  const w = app.shell.currentWidget;
  const cells = w.content.widgets.map(cell => [...cell.node.querySelectorAll(
      '.jp-OutputArea-child > .jp-OutputArea-output')].map(o => ({
        mime: o.dataset.mimeType || '', text: o.textContent,
        lines: o.querySelector('pre') ? Math.round(o.querySelector('pre').getBoundingClientRect()
            .height / parseFloat(getComputedStyle(o.querySelector('pre')).lineHeight)) : 0})));
  return {dirty: w.context.model.dirty, tab: w.title.className,
          app_dirty: app.status.isDirty, kernelspec: w.context.model.metadata.kernelspec,
          first: w.content.widgets[0].node.innerText,
          download: app.commands.hasCommand('docmanager:download')
                    && app.commands.isEnabled('docmanager:download'),
          cells};
}"""

NAMES = ".jp-DirListing-itemText, .lm-DockPanel-tabBar .lm-TabBar-tabLabel"
"""The notebooks' names in the file browser and in their tab."""
CUT_OFF_JS = """(sel) => [...document.querySelectorAll(sel)]
  .filter(e => e.clientWidth > 0 && e.textContent.trim())
  .map(e => ({text: e.textContent.trim(), scroll: e.scrollWidth, client: e.clientWidth}))"""


BUTTONS = ".jp-Notebook button, .jp-Notebook .widget-label, .jp-Notebook label"


def shown_text(output: dict, mime: str) -> str | None:
    """What a saved output shows as ``mime`` (a stream's or a text/plain bundle's text)."""
    if mime == "stream" or mime.startswith("application/vnd.jupyter.std"):
        value = output.get("text")
    elif mime == "text/plain":
        value = output.get("data", {}).get("text/plain")
    else:
        return None
    return "".join(value) if isinstance(value, list) else value


def dialogs_on_leaving(page) -> list[str]:
    """Close ``page`` as a student leaving it would; the dialogs it raised ("Leave site?" is a
    ``beforeunload`` dialog, which a page may raise only after a user gesture: a click on the
    empty menu bar first)."""
    seen: list[str] = []
    page.on("dialog", lambda dialog: seen.append(dialog.type))
    page.mouse.click(VIEWPORT["width"] - 200, 12)
    other = page.context.new_page()  # Playwright delivers the dialog while this one waits
    page.close(run_before_unload=True)
    other.wait_for_timeout(3000)
    other.close()
    return seen


def as_shown(outputs: list[dict]) -> list[dict]:
    """``outputs`` as JupyterLab shows them: consecutive prints to one stream merged."""
    merged: list[dict] = []
    for out in outputs:
        last = merged[-1] if merged else {}
        if out["output_type"] == "stream" == last.get("output_type") and (
            out["name"] == last["name"]
        ):
            merged[-1] = {**last, "text": shown_text(last, "stream") + shown_text(out, "stream")}
        else:
            merged.append(out)
    return merged


@pytest.mark.parametrize("notebook", site_notebooks(), ids=lambda n: n.removesuffix(".ipynb"))
def test_a_game_notebook_opens_unmodified_with_its_saved_outputs_and_no_label_cut_off(
    notebook, lite_server, lite_browser
):
    game = notebook.removesuffix(".ipynb")
    saved = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    streams = sum(
        o["output_type"] == "stream" for c in saved for o in as_shown(c.get("outputs", []))
    )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with cold_page(lite_browser) as page:
        page.set_viewport_size(VIEWPORT)
        page.goto(f"{lite_server.base}/lab/index.html?path={notebook}", timeout=120_000)
        page.wait_for_function(KERNEL_IDLE_JS, timeout=180_000, polling=100)
        page.evaluate(QUIET_JS, 1500)
        opened = page.evaluate(OPENED_JS)
        page.screenshot(path=str(SCREENSHOTS / f"lite_opened_{game}.png"))

        # opened, nothing changed: not modified (no "Leave site?")
        assert not opened["dirty"] and not opened["app_dirty"], opened["kernelspec"]
        assert "jp-mod-dirty" not in opened["tab"], opened["tab"]

        # where work is kept, and the download the note points to
        assert NOTE in opened["first"] and "File ▸ Download" in opened["first"], opened["first"]
        assert opened["download"], "File > Download is not available"

        # the notebooks' whole names in the file browser and the tab
        names = page.evaluate(CUT_OFF_JS, NAMES)
        assert notebook in [e["text"] for e in names], names
        assert all(e["scroll"] <= e["client"] for e in names), names

        # the site shows the note, then the committed cells: each output as saved
        cells = opened["cells"][1:]
        assert len(cells) == len(saved), (len(cells), len(saved))
        compared, printed, boards = 0, 0, []
        for cell, shown in zip(saved, cells, strict=True):
            outputs = as_shown(cell.get("outputs", []))
            assert len(shown) == len(outputs), (cell["source"][:3], [o["mime"] for o in shown])
            for output, dom in zip(outputs, shown, strict=True):
                text = shown_text(output, dom["mime"])
                if text is None:
                    continue
                rendered = dom["text"].rstrip("\n").split("\n")
                expected = text.rstrip("\n").split("\n")
                assert rendered == expected, (dom["mime"], rendered[:3], expected[:3])
                compared += 1
                printed += output["output_type"] == "stream"
                if text.startswith("<") and text.endswith(NO_KERNEL):
                    boards.append(dom)
        assert printed == streams and compared > streams, (printed, streams, compared)

        # a saved board without its kernel: one line saying how to get it back
        assert boards, "no saved board shown as text"
        for dom in boards:
            assert dom["lines"] == 1 and "Run All Cells" in dom["text"], dom
        page.locator(".jp-OutputArea-output", has_text=NO_KERNEL).first.scroll_into_view_if_needed()
        page.evaluate(QUIET_JS, 800)  # the cells scrolled to are drawn
        page.screenshot(path=str(SCREENSHOTS / f"lite_no_kernel_{game}.png"))

        # the cells run up to the first board: no button or label cut off at 1366 px
        page.evaluate(RESET_JS)
        assert page.evaluate(STEP_TO_BOARD_JS) >= 0, "no cell drew a board"
        page.evaluate(QUIET_JS, 1000)
        labels = page.evaluate(CUT_OFF_JS, BUTTONS)
        cut = [e for e in labels if e["scroll"] > e["client"]]
        assert not cut, cut
        assert len(labels) >= 5, labels
        if game == "neko_boss":
            assert "Solve this position" in [e["text"] for e in labels], labels
        page.locator(".jp-Notebook .nekolib-game button:visible").last.scroll_into_view_if_needed()
        page.evaluate(QUIET_JS, 800)
        page.screenshot(path=str(SCREENSHOTS / f"lite_buttons_{game}.png"))
        # the probe sees a modified notebook (the outputs were cleared): "Leave site?"
        assert page.evaluate("() => window.jupyterapp.status.isDirty")
        assert not page.js_errors, page.js_errors[:3]
        assert_stayed_on_loopback(page)
        assert dialogs_on_leaving(page) == ["beforeunload"]
    print(f"\n{notebook}: {compared} saved text outputs as in the notebook ({printed} printed)")


def test_leaving_a_notebook_just_opened_asks_nothing(lite_server, lite_browser):
    """No "Leave site?" when nothing changed (it asked after every notebook opened)."""
    with cold_page(lite_browser) as page:
        page.set_viewport_size(VIEWPORT)
        page.goto(f"{lite_server.base}/lab/index.html?path=neko_in.ipynb", timeout=120_000)
        page.wait_for_function(KERNEL_IDLE_JS, timeout=180_000, polling=100)
        page.evaluate(QUIET_JS, 1500)
        assert not page.js_errors, page.js_errors[:3]
        assert dialogs_on_leaving(page) == []
