"""JupyterLab (started once, loopback + token): the saved widget state renders on reopen.

``tools/build_notebooks.py`` executes every notebook with ``store_widget_state=True``.
Opening such a notebook in JupyterLab must show the game widget in its *last* state
(move log, status and move list as saved) before any cell runs; after "Run All" the
widget is live again and a click on the picture plays a move.

Two facts of JupyterLab 4 + ipywidgets 8 this test encodes (see docs/browser.md):

* outputs of an *untrusted* notebook fall back to ``text/plain``, so the notebook is
  trusted first (``jupyter trust``, in the server's private data dir, as a user
  would);
* the lab widget manager only loads the notebook's saved state once a kernel is
  connected (with "No Kernel" it never does), so Lab starts its idle kernel; no
  cell is executed before the saved state is checked.
"""

from __future__ import annotations

import contextlib
import html
import random
import re
import subprocess
import sys

import nbformat
import pytest
from _nekobrowser import FIXTURES, ROOT, SNAPSHOT_JS, FrameMeter, game_notebooks, play_decisions
from playwright.sync_api import TimeoutError as PlaywrightTimeout

LOG_LINE = re.compile(r"^\d+\. ")


def saved_game(notebook) -> dict:
    """Status, log lines and button labels of the first displayed game, as saved."""
    nb = nbformat.read(notebook, as_version=4)
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]

    def model(ref):
        return state[ref.removeprefix("IPY_MODEL_")]

    def find_game(model_id, seen):
        if model_id in seen or model_id not in state:
            return None
        seen.add(model_id)
        s = state[model_id]["state"]
        if "nekolib-game" in s.get("_dom_classes", []):
            return s
        for child in s.get("children", []) or []:
            found = find_game(child.removeprefix("IPY_MODEL_"), seen)
            if found:
                return found
        return None

    game = None
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get("application/vnd.jupyter.widget-view+json")
            if view and game is None:
                game = find_game(view["model_id"], set())
    assert game is not None, f"{notebook.name}: no saved nekolib-game widget"
    parts = {}

    def collect(ref):
        s = model(ref)["state"]
        for cls in ("nekolib-status", "nekolib-log", "nekolib-move-select"):
            if cls in s.get("_dom_classes", []):
                parts[cls] = s
        for child in s.get("children", []) or []:
            collect(child)

    for ref in game["children"]:
        collect(ref)
    log = [html.unescape(x) for x in parts["nekolib-log"]["value"].split("<br>")]
    return {
        "status": parts["nekolib-status"]["value"],
        "log": [x for x in log if LOG_LINE.match(x)],
        "buttons": list(parts["nekolib-move-select"].get("_options_labels", [])),
    }


def squash(text: str) -> str:
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    return re.sub(r"\s+", "", text)


RENDERED_JS = """() => {
  const root = document.querySelector('.jp-Notebook .nekolib-game');
  if (!root) return null;
  const log = root.querySelector('.nekolib-log');
  return {
    status: root.querySelector('.nekolib-status').innerText,
    log: log.innerText.split('\\n').map(s => s.trim()).filter(s => /^\\d+\\. /.test(s)),
    buttons: [...root.querySelectorAll('.nekolib-move-select option')]
        .map(b => b.textContent.replace(/\\u00a0/g, ' ').trim()),
  };
}"""


WAITING_JS = """() => {
  const w = document.querySelector('.jp-Notebook .nekolib-game .nekolib-wait');
  return w && !w.hidden ? w.textContent : null;
}"""


def _lab_notebooks():
    """One game notebook (one whose saved widget shows moves if any: "the last state" is then
    visibly not the initial one) and the fixture, whose saved state has moves played."""
    candidates = [(nb, saved_game(nb)) for nb in game_notebooks()]
    candidates.sort(key=lambda c: not c[1]["log"])
    params = [pytest.param(nb, id=nb.stem) for nb, _ in candidates[:1]]
    return [*params, pytest.param(FIXTURES / "toy_app.ipynb", id="fixture-toy_app")]


@pytest.mark.parametrize("notebook", _lab_notebooks())
def test_saved_widget_state_renders_in_jupyterlab(notebook, jupyterlab, page):
    saved = saved_game(notebook)
    trust = subprocess.run(
        [sys.executable, "-m", "jupyter", "trust", str(notebook)],
        env=jupyterlab.env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert trust.returncode == 0, trust.stderr

    rel = notebook.relative_to(ROOT).as_posix()
    # a fresh workspace per notebook: only this notebook is open
    page.goto(jupyterlab.url(f"/lab/workspaces/{notebook.stem}/tree/{rel}?reset"), timeout=120_000)
    page.wait_for_selector(
        ".jp-Notebook .nekolib-game",
        state="visible",
        timeout=120_000,
    )
    page.locator(".jp-Notebook .nekolib-game").first.scroll_into_view_if_needed()
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            "(n) => document.querySelectorAll('.jp-Notebook .nekolib-game "
            ".nekolib-move-select option').length === n",
            arg=len(saved["buttons"]),
            timeout=20_000,
        )
    shown = page.evaluate(RENDERED_JS)
    print(
        f"\n{notebook.name} reopened in JupyterLab: {len(shown['log'])} log lines, "
        f"buttons {shown['buttons']}"
    )
    assert shown["log"] == saved["log"], "the reopened widget does not show the saved move log"
    assert shown["buttons"] == saved["buttons"], shown
    assert squash(shown["status"]) == squash(saved["status"])

    # Before the cells run nothing answers a press: the board says it waits for the kernel
    # (issue 39), and a second press is refused, not queued (a game notebook's saved board
    # is at a human decision: it has parts to press).
    target = page.locator(".jp-Notebook .nekolib-game .nekolib-board-view .nk-target")
    if notebook.parent.name == "notebooks":
        assert target.count(), "the saved board has nothing to press"
        target.first.click()
        page.wait_for_function(WAITING_JS, timeout=10_000)
        target.first.click()
        said = page.evaluate(WAITING_JS)
        assert said.startswith("Waiting for the kernel...") and "was not sent" in said, said

    # ... and it works again once the notebook runs: click a move, the log grows
    page.evaluate(
        "() => document.querySelector('.jp-Notebook .nekolib-game').dataset.nkSaved = '1'"
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        """() => { const r = document.querySelector('.jp-Notebook .nekolib-game');
                   const prompts = [...document.querySelectorAll('.jp-Notebook .jp-InputPrompt')];
                   return r && !r.dataset.nkSaved && r.querySelector('.nekolib-board-view') &&
                          !prompts.some(p => p.innerText.includes('*')); }""",
        timeout=120_000,
    )
    page.wait_for_timeout(1500)
    root = ".jp-Notebook .nekolib-game"
    snap = page.evaluate(SNAPSHOT_JS, root)
    played = play_decisions(page, root, 1, random.Random(notebook.stem), FrameMeter(page), snap)
    assert played.latencies, f"no move played by clicking: {played.clicked}"


pytestmark = pytest.mark.browser
