"""Every committed notebook carries the widget state of the widgets it displays.

``tools/build_notebooks.py`` executes notebooks with ``store_widget_state=True`` so
that a reopened notebook (JupyterLab, nbviewer, nbconvert HTML) renders its widgets
in their last state. This checks the saved state is complete: for every displayed
widget view, its model and every model it references (children, layouts, styles)
are in ``metadata.widgets``; a displayed GameWidget has its status, board, action
buttons and move log, and its buttons are the saved ones. The browser suite
(``tests/browser/test_lab_widget_state.py``) checks that JupyterLab really renders it.
"""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STATE_KEY = "application/vnd.jupyter.widget-state+json"
VIEW_KEY = "application/vnd.jupyter.widget-view+json"
FIXTURE = ROOT / "tests" / "browser" / "fixtures" / "toy_app.ipynb"
NOTEBOOKS = [*sorted((ROOT / "notebooks").glob("*.ipynb")), FIXTURE]


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def displayed_model_ids(nb: dict) -> list[str]:
    ids = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(VIEW_KEY)
            if view:
                ids.append(view["model_id"])
    return ids


def references(value) -> list[str]:
    """Model ids a widget state refers to (``"IPY_MODEL_<id>"`` strings, nested)."""
    if isinstance(value, str):
        return [value.removeprefix("IPY_MODEL_")] if value.startswith("IPY_MODEL_") else []
    if isinstance(value, dict):
        return [r for v in value.values() for r in references(v)]
    if isinstance(value, list | tuple):
        return [r for v in value for r in references(v)]
    return []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_displayed_widgets_have_saved_state(path):
    nb = load(path)
    shown = displayed_model_ids(nb)
    if not shown:
        pytest.skip(f"{path.name} displays no widget")
    saved = nb["metadata"].get("widgets", {}).get(STATE_KEY)
    assert saved, f"{path.name}: widgets are displayed but no widget state is saved"
    assert saved["version_major"] == 2
    state = saved["state"]
    missing, todo, seen = [], list(shown), set()
    while todo:
        model_id = todo.pop()
        if model_id in seen:
            continue
        seen.add(model_id)
        if model_id not in state:
            missing.append(model_id)
            continue
        model = state[model_id]
        assert {"model_name", "model_module", "state"} <= model.keys(), model_id
        todo.extend(references(model["state"]))
    assert not missing, f"{path.name}: {len(missing)} displayed/referenced models not saved"


def reachable(state: dict, roots: list[str]) -> set[str]:
    todo, seen = list(roots), set()
    while todo:
        model_id = todo.pop()
        if model_id in seen or model_id not in state:
            continue
        seen.add(model_id)
        todo.extend(references(state[model_id]["state"]))
    return seen


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_saved_game_widget_is_complete(path):
    nb = load(path)
    state = nb["metadata"].get("widgets", {}).get(STATE_KEY, {}).get("state", {})
    shown = reachable(state, displayed_model_ids(nb))
    games = [m for m in shown if "nekolib-game" in state[m]["state"].get("_dom_classes", [])]
    if not games:
        assert "nekolib-game" not in json.dumps(nb["cells"]), f"{path.name}: game not saved"
        pytest.skip(f"{path.name} shows no GameWidget")
    for game in games:
        parts = {}
        for ref in reachable(state, [game]):
            for cls in state[ref]["state"].get("_dom_classes", []):
                parts.setdefault(cls, state[ref]["state"])
        for cls in ("nekolib-status", "nekolib-board", "nekolib-move-select", "nekolib-log"):
            assert cls in parts, f"{path.name}: the saved game has no {cls}"
        board_id = next(
            m
            for m in reachable(state, [game])
            if "nekolib-board" in state[m]["state"].get("_dom_classes", [])
        )
        saved = state[board_id]
        pictures = [b for b in saved.get("buffers", []) if b.get("path") == ["svgz"]]
        data = base64.b64decode(pictures[0]["data"]) if pictures else b""
        picture = zlib.decompress(data) if data else saved["state"].get("svg_text", "").encode()
        drawn = b"nekolib-picture" in picture if path != FIXTURE else bool(picture)
        assert drawn or saved["state"].get("cover"), f"{path.name}: the saved board is empty"
        labels = parts["nekolib-move-select"].get("_options_labels", [])
        assert all(labels), f"{path.name}: a saved move has no label"
