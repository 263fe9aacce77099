"""Each game's play notebook as a Voila web app, driven in real Chromium.

For every ``notebooks/*.ipynb`` that shows a GameWidget (and the suite's own toy
fixture notebook), the test opens it in Voila and

* checks app mode: no code cell, prompt or editor is shown, no traceback;
* clicks several ``.nekolib-action`` buttons of a real game with the mouse
  (choices seeded by the notebook name), checking after each click that the move
  log grew by a line naming the clicked move;
* checks that the page never offers an illegal move: the offered button labels at
  every step equal the legal actions that ``_twin.py`` computes for the same
  position from the rules alone (the page's log replayed on the notebook's initial
  state, dice re-drawn from the seeded ``chance_rng``);
* measures click -> page-update latency with ``performance.now()`` and a
  ``MutationObserver`` (printed in the summary, never asserted);
* saves a mid-play screenshot of the game to ``figures/screenshots/<game>.png``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from _nekobrowser import FIXTURES, ROOT, SCREENSHOTS, game_notebooks

CLICKS = int(os.environ.get("NEKOLIB_BROWSER_CLICKS", "6"))
TWIN = Path(__file__).resolve().parent / "_twin.py"

SNAPSHOT_JS = """() => {
  const root = document.querySelector('.nekolib-game');
  const text = (sel) => { const e = root.querySelector(sel); return e ? e.innerText.trim() : ''; };
  const log = root.querySelector('.nekolib-log');
  const lines = log ? log.innerText.split('\\n').map(s => s.trim()) : [];
  return {
    status: text('.nekolib-status'),
    board: text('.nekolib-board'),
    log: lines.filter(s => /^\\d+\\. /.test(s)),
    buttons: [...root.querySelectorAll('.nekolib-action')].map(b => b.textContent.trim()),
    hidden_buttons: [...root.querySelectorAll('.nekolib-action')]
        .filter(b => b.offsetParent === null || b.disabled).length,
  };
}"""

QUIET_JS = """(ms) => new Promise((resolve) => {
  const start = performance.now();
  let timer;
  const done = (ok) => { obs.disconnect(); clearTimeout(timer); resolve(ok); };
  const obs = new MutationObserver(() => {
    clearTimeout(timer);
    if (performance.now() - start > 30000) done(false);
    else timer = setTimeout(() => done(true), ms);
  });
  obs.observe(document.body,
              {subtree: true, childList: true, characterData: true, attributes: true});
  timer = setTimeout(() => done(true), ms);
})"""

# Armed before the mouse click: t0 = when the click event reaches the page,
# first = first DOM mutation in the game after it, t1 = when the move log changed.
ARM_JS = """() => {
  const root = document.querySelector('.nekolib-game');
  const log = root.querySelector('.nekolib-log');
  const before = log.innerText;
  const nk = window.__nekolib = {t0: null, first: null, t1: null};
  document.addEventListener('click', (e) => {
    if (e.target.closest('.nekolib-action')) nk.t0 = performance.now();
  }, {capture: true, once: true});
  const obs = new MutationObserver(() => {
    if (nk.t0 === null) return;
    const now = performance.now();
    if (nk.first === null) nk.first = now;
    if (log.innerText !== before) { nk.t1 = now; obs.disconnect(); }
  });
  obs.observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def _params():
    notebooks = [(p.stem, p) for p in game_notebooks()]
    params = [pytest.param(p, id=name) for name, p in notebooks]
    if not notebooks:
        params.append(pytest.param(None, id="no-game-notebook-yet"))
    params.append(pytest.param(FIXTURES / "toy_app.ipynb", id="fixture-toy_app"))
    return params


def start_twin(notebook: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(TWIN), str(notebook)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=notebook.parent,
        env={**os.environ, "MPLBACKEND": "Agg"},
    )


def twin_results(twin: subprocess.Popen, snapshots: list[dict]) -> tuple[dict, list[dict]]:
    payload = json.dumps([{"log": s["log"], "buttons": s["buttons"]} for s in snapshots])
    out, err = twin.communicate(payload + "\n", timeout=180)
    ready, results = None, None
    for line in out.splitlines():
        if line.startswith('{"ready"'):
            ready = json.loads(line)
        elif line.startswith('{"results"'):
            results = json.loads(line)["results"]
    assert ready and ready.get("ready"), (
        f"the Python twin could not run the notebook:\n"
        f"{(ready or {}).get('error')}\n{out[-2000:]}\n{err[-3000:]}"
    )
    assert results is not None, f"the Python twin gave no results:\n{out[-2000:]}\n{err[-3000:]}"
    return ready["ready"], results


def screenshot_game(page, path: Path) -> None:
    """Screenshot the whole game widget: Voila scrolls inside the page, so the viewport is
    made as tall as the widget for the shot (else the off-screen part comes out blank)."""
    size = page.viewport_size
    game = page.locator(".nekolib-game").first
    height = page.evaluate("() => document.querySelector('.nekolib-game').scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": min(max(height + 80, 600), 6000)})
    try:
        game.scroll_into_view_if_needed()
        game.screenshot(path=str(path), animations="disabled")
    finally:
        page.set_viewport_size(size)


def code_lines(notebook: Path) -> list[str]:
    """Distinctive first lines of the code cells (must not appear in an app page)."""
    nb = nbformat.read(notebook, as_version=4)
    lines = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for line in cell.source.splitlines():
            line = line.strip()
            if len(line) >= 12 and not line.startswith("#"):
                lines.append(line)
                break
    return lines


@pytest.mark.parametrize("notebook", _params())
def test_game_plays_in_voila(notebook, voila, page, latency_report, tmp_path):
    if notebook is None:
        pytest.skip("no notebooks/*.ipynb with a GameWidget yet")
    name = notebook.stem
    is_fixture = notebook.parent == FIXTURES
    twin = start_twin(notebook)  # runs the notebook in Python while Chromium loads the app
    try:
        rel = notebook.relative_to(ROOT).as_posix()
        page.goto(voila.url(f"/voila/render/{rel}"), timeout=180_000, wait_until="load")
        page.wait_for_selector(".nekolib-game", state="visible", timeout=120_000)
        page.wait_for_selector(".nekolib-game .nekolib-log", state="attached", timeout=30_000)
        page.evaluate(QUIET_JS, 400)

        # -- app mode: people who do not read code see no code
        shown_code = page.locator(
            ".jp-CodeCell .jp-InputArea:visible, .jp-InputPrompt:visible, .cm-editor, "
            ".CodeMirror, .jp-CodeMirrorEditor, .input_area, .jp-OutputPrompt:visible:has-text('[')"
        ).count()
        assert shown_code == 0, f"{shown_code} code inputs/editors are shown in app mode"
        body = page.inner_text("body")
        leaked = [line for line in code_lines(notebook) if line in body]
        assert not leaked, f"code visible in the app page: {leaked[:3]}"
        assert "Traceback (most recent call last)" not in body, body[-3000:]

        snap = page.evaluate(SNAPSHOT_JS)
        snapshots = [snap]
        assert snap["buttons"], (
            f"no move to click at the start: status {snap['status']!r} (a play app must "
            "start at a human decision)"
        )

        rng = random.Random(f"nekolib-browser/{name}")
        latencies, first_changes, clicked = [], [], []
        board_changed = False
        shot = tmp_path / "mid.png"
        for _ in range(CLICKS):
            buttons = snap["buttons"]
            if not buttons:
                break
            assert snap["hidden_buttons"] == 0, "some offered moves are hidden or disabled"
            index = rng.randrange(len(buttons))
            label = buttons[index]
            page.evaluate(ARM_JS)
            page.locator(".nekolib-game").first.locator(".nekolib-action").nth(index).click()
            page.wait_for_function("window.__nekolib.t1 !== null", timeout=30_000)
            timing = page.evaluate("window.__nekolib")
            latencies.append(timing["t1"] - timing["t0"])
            first_changes.append(timing["first"] - timing["t0"])
            page.evaluate(QUIET_JS, 300)
            before, snap = snap, page.evaluate(SNAPSHOT_JS)
            snapshots.append(snap)
            clicked.append(label)
            # the page shows the move: the log grew, its first new line is the clicked move
            assert len(snap["log"]) > len(before["log"]), (before["log"][-3:], snap["log"][-3:])
            new_line = snap["log"][len(before["log"])]
            assert new_line.startswith(f"{len(before['log']) + 1}. "), new_line
            assert new_line.endswith(f": {label}"), (label, new_line)
            board_changed |= snap["board"] != before["board"]
            if snap["buttons"]:
                screenshot_game(page, shot)

        assert clicked, "no move could be clicked"
        assert board_changed, f"the board never changed in {len(clicked)} moves: {snap['board']!r}"
        latency_report.append((name, latencies, first_changes))
        print(
            f"\n{name}: clicked {clicked}; click->log update ms: {[round(x, 1) for x in latencies]}"
        )
        assert not page.js_errors, f"JavaScript errors in the page: {page.js_errors[:3]}"

        # -- no illegal move offered: buttons == legal actions computed in Python
        _ready, results = twin_results(twin, snapshots)
        for step, (snap_i, result) in enumerate(zip(snapshots, results, strict=True)):
            assert result["error"] is None, f"step {step}: {result['error']}"
            assert len(set(snap_i["buttons"])) == len(snap_i["buttons"]), (
                f"step {step}: two offered moves have the same label: {snap_i['buttons']}"
            )
            assert result["got"] == result["expected"], (
                f"step {step} (after {clicked[:step]}): the page offers {result['got']} but "
                f"the legal actions are {result['expected']}"
            )

        if shot.exists():
            target = tmp_path / "fixture.png" if is_fixture else SCREENSHOTS / f"{name}.png"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(shot, target)
    finally:
        if twin.poll() is None:
            twin.kill()
            twin.communicate()
