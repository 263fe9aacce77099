"""nekolib as the JupyterLite site runs it: no numpy, matplotlib, numba, dask, nbformat, cairosvg.

Pyodide's kernel has none of them (docs/lite.md). A child interpreter whose import system
refuses them imports every game module the notebooks use, draws no chart but shows the
committed picture, reads the perfect-play table and solves a Neko Boss position with the
reference solver.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from nekolib import charts as shared_charts
from nekolib import game_packages
from nekolib.core import game_module

ROOT = Path(__file__).resolve().parents[1]
ABSENT = ("numpy", "matplotlib", "numba", "dask", "distributed", "nbformat", "cairosvg")

CHILD = textwrap.dedent(
    """
    import importlib, importlib.abc, json, random, sys

    ABSENT = {absent!r}

    class Refuse(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ABSENT:
                raise ModuleNotFoundError(f"{{name}} is refused here (as in Pyodide)")
            return None

    sys.meta_path.insert(0, Refuse())
    from nekolib import game_packages
    from nekolib.charts import CommittedFigure, matplotlib_available
    from nekolib.core import game_module

    out = {{"matplotlib_available": matplotlib_available(), "modules": [], "charts": {{}}}}
    for game in game_packages():
        for part in ("rules", "analysis", "picture", "clicks", "agents", "exercises",
                     "widget", "charts"):
            if game_module(f"nekolib.{{game}}", part) is not None:
                out["modules"].append(f"{{game}}.{{part}}")
        charts = game_module(f"nekolib.{{game}}", "charts")
        for stem, make in (charts.figures() if charts else {{}}).items():
            fig = make()
            out["charts"][stem] = [type(fig).__name__, fig.path is not None]
    import nekolib.classroom, nekolib.lab.stats, nekolib.neko_in.events_charts
    from nekolib.neko_boss.analysis import solve
    from nekolib.neko_boss.rules import Params, random_layout
    from nekolib.neko_boss.solved import perfect_play
    result = solve(random_layout(Params(pieces_per_player=5), random.Random(3)))
    out["solver"] = [result.engine, result.value]
    out["perfect_play_sources"] = sorted(perfect_play()["summary"])
    out["loaded"] = sorted({{m.split(".")[0] for m in sys.modules}} & set(ABSENT))
    print(json.dumps(out))
    """
)


@pytest.fixture(scope="module")
def child() -> dict:
    code = CHILD.format(absent=ABSENT)
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_every_game_module_imports_without_the_heavy_extras(child):
    assert child["loaded"] == []
    assert not child["matplotlib_available"]
    for game in game_packages():
        assert {f"{game}.{p}" for p in ("rules", "analysis", "picture", "widget")} <= set(
            child["modules"]
        )


def test_every_chart_falls_back_to_its_committed_picture(child):
    stems = {
        stem
        for game in game_packages()
        if (module := game_module(f"nekolib.{game}", "charts")) is not None
        for stem in module.figures()
    }
    assert set(child["charts"]) == stems and len(stems) >= 10
    for stem, (kind, found) in child["charts"].items():
        assert kind == "CommittedFigure", stem
        assert found, f"figures/{stem}.png is missing: the Lite site would show no picture"


def test_neko_boss_solves_with_the_reference_solver_and_reads_perfect_play(child):
    import random

    from nekolib.neko_boss.analysis import minimax_plain
    from nekolib.neko_boss.rules import Params, random_layout

    engine, value = child["solver"]
    assert engine == "reference"
    plain = minimax_plain(random_layout(Params(pieces_per_player=5), random.Random(3)))
    assert value == plain.value  # the plain minimax, computed here with the full install
    assert child["perfect_play_sources"] == sorted(
        json.loads((ROOT / "nekolib/neko_boss/data/perfect_play.json").read_text())["summary"]
    )


def test_a_chart_made_without_matplotlib_says_why_and_shows_the_picture(monkeypatch):
    from nekolib.neko_boss import charts

    monkeypatch.setattr(shared_charts, "matplotlib_available", lambda: False)
    fig = charts.heatmap_figure(samples=40)  # would take seconds to compute: it must not
    assert isinstance(fig, shared_charts.CommittedFigure)
    assert fig.png() == (ROOT / "figures" / "neko_boss_tall_heatmap.png").read_bytes()
    assert "matplotlib is not installed" in fig.caption
    assert "200 placements per board, not this call's arguments" in fig.caption
    assert "not this call" not in charts.heatmap_figure().caption


def test_old_import_paths_of_the_data_readers_still_work():
    from nekolib.neko_boss import solved
    from nekolib.neko_boss.charts import PERFECT_PLAY, perfect_play, shares

    assert perfect_play is solved.perfect_play and shares is solved.shares
    assert PERFECT_PLAY == solved.PERFECT_PLAY


def test_chart_values_show_as_pictures_without_the_matplotlib_magic():
    """The notebooks no longer run ``%matplotlib inline`` (it raises in Pyodide): a chart's
    ``Figure`` value must still show as a PNG in a local Jupyter kernel."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("from nekolib.neko_in import charts\ncharts.brawl_odds_figure()")
    ]
    resources = {"metadata": {"path": str(ROOT)}}  # the kernel imports this checkout's nekolib
    nbclient.NotebookClient(nb, kernel_name="python3", timeout=120, resources=resources).execute()
    (out,) = nb.cells[0].outputs
    assert out.output_type == "execute_result"
    assert out.data["image/png"] and "Figure" in out.data["text/plain"]


SYMPY_FREE_UNTIL_THE_BOARD = ("neko_boss", "indovina_gatto")
"""Game notebooks whose imports up to the first board do not import sympy. The Lite site
installs sympy on its first import (lite/sitecustomize.py): these boards are drawn without
waiting for it (about 1 s of a cold start). neko_in and manekinecollection import it in
their first cell (their analysis modules import sympy at module level)."""


def imports_until_the_first_board(notebook: Path) -> str:
    """The import statements of the code cells up to the first one whose saved output is a
    widget (the game board)."""
    import ast

    lines = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        tree = ast.parse("\n".join(x for x in source.splitlines() if not x.startswith("%")))
        lines += [ast.unparse(n) for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        if any(
            "application/vnd.jupyter.widget-view+json" in out.get("data", {})
            for out in cell.get("outputs", [])
        ):
            return "\n".join(lines)
    raise AssertionError(f"{notebook.name}: no cell shows a widget")


@pytest.mark.parametrize("game", SYMPY_FREE_UNTIL_THE_BOARD)
def test_the_first_board_of_these_notebooks_does_not_wait_for_sympy(game):
    imports = imports_until_the_first_board(ROOT / "notebooks" / f"{game}.ipynb")
    assert f"nekolib.{game}" in imports
    code = imports + "\nimport sys\nprint(sorted(m for m in sys.modules if m.startswith('sympy')))"
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "[]", f"{game}: {proc.stdout.strip()[:300]}"
