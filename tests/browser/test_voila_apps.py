"""Each game's play notebook as a Voila web app, driven in real Chromium.

For every ``notebooks/*.ipynb`` that shows a GameWidget (and the suite's own toy
fixture notebook), the test opens it in Voila and

* checks app mode: no code cell, prompt or editor is shown, no traceback;
* plays ``NEKOLIB_BROWSER_CLICKS`` (10) decisions of a real game with the mouse by
  clicking the **picture**: highlighted SVG elements (``.nk-target``) until a click
  path completes, or a button for a move with no place on the picture (choices
  seeded by the notebook name), checking after each decision that the move log grew;
* checks that the page never offers an illegal move: at every step the move list
  equals the legal actions, and the highlighted elements equal the first steps of
  the click paths, that ``_twin.py`` computes for the same position from the rules
  alone (the page's log replayed on the notebook's initial state, dice re-drawn
  from the seeded ``chance_rng``);
* measures click -> picture redrawn with ``performance.now()`` and a
  ``MutationObserver``, and the bytes the kernel sends per click (websocket frames)
  (printed in the summary and ``figures/screenshots/latency.json``, never asserted);
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
from _nekobrowser import (
    FIXTURES,
    QUIET_JS,
    ROOT,
    SCREENSHOTS,
    SNAPSHOT_JS,
    FrameMeter,
    game_notebooks,
    play_decisions,
    widget_screenshot,
)

CLICKS = int(os.environ.get("NEKOLIB_BROWSER_CLICKS", "10"))
TWIN = Path(__file__).resolve().parent / "_twin.py"


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
    keys = ("log", "buttons", "targets", "selected", "covered")
    payload = json.dumps([{k: s.get(k) for k in keys} for s in snapshots])
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
    widget_screenshot(page, page.locator(".nekolib-game").first, ".nekolib-game", path)


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
    meter = FrameMeter(page)
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

        snap = page.evaluate(SNAPSHOT_JS, ".nekolib-game")
        snapshots = [snap]
        assert snap["targets"] or snap["free"] or snap["covered"], (
            f"nothing to click at the start: status {snap['status']!r} (a play app must "
            "start at a human decision)"
        )
        assert snap["has_svg"] or is_fixture, "the board is not drawn as a picture"

        rng = random.Random(f"nekolib-browser/{name}")
        shot = tmp_path / "mid.png"
        played = play_decisions(
            page,
            ".nekolib-game",
            CLICKS,
            rng,
            meter,
            snap,
            on_screen=lambda: screenshot_game(page, shot),
        )
        snapshots += played.snapshots
        clicked, pictures, latencies, sizes = (
            played.clicked,
            played.pictures,
            played.latencies,
            played.sizes,
        )
        board_changed = played.board_changed

        assert clicked, "no move could be clicked"
        assert board_changed, f"the board never changed in {len(clicked)} decisions"
        latency_report.append((name, pictures, latencies, sizes))
        print(f"\n{name}: clicked {clicked}; click->picture ms: {[round(x) for x in pictures]}")
        assert not page.js_errors, f"JavaScript errors in the page: {page.js_errors[:3]}"

        # -- no illegal move offered: buttons == legal actions computed in Python
        _ready, results = twin_results(twin, snapshots)
        for step, (snap_i, result) in enumerate(zip(snapshots, results, strict=True)):
            assert result["error"] is None, f"step {step}: {result['error']}"
            assert len(set(snap_i["buttons"])) == len(snap_i["buttons"]), (
                f"step {step}: two offered moves have the same label: {snap_i['buttons']}"
            )
            assert result["got"] == result["expected"], (
                f"step {step}: the page's move list is {result['got']} but "
                f"the legal actions are {result['expected']}"
            )
            if result["first_click"]:
                assert result["got_targets"] == result["expected_targets"], (
                    f"step {step}: the picture highlights {result['got_targets']} but the "
                    f"click paths start at {result['expected_targets']}"
                )

        if shot.exists():
            target = tmp_path / "fixture.png" if is_fixture else SCREENSHOTS / f"{name}.png"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(shot, target)
    finally:
        if twin.poll() is None:
            twin.kill()
            twin.communicate()
