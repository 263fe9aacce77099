"""Project-level checks: figures are reproducible, docs are in sync, CLI works."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import nekolib
from nekolib import charts

ROOT = Path(__file__).resolve().parent.parent


def test_assumptions_file_is_merged_from_the_per_game_parts():
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "merge_assumptions.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("game", nekolib.game_packages())
def test_every_game_documents_its_assumptions(game):
    assert (ROOT / "docs" / "assumptions" / f"{game}.md").exists()


def test_every_chart_has_a_game_prefix_and_is_byte_identical_when_redrawn(tmp_path):
    factories = list(charts.chart_factories())
    keys = nekolib.game_packages()
    for stem, _ in factories:
        assert any(stem.startswith(k) for k in keys), stem
    assert factories, "every game ships charts"
    # a cheap chart: byte-identical re-runs are a property of save_figure, not of the chart
    cheap = [item for item in factories if item[0] == "neko_in_brawl_odds"]
    stem, factory = (cheap or factories)[0]
    first = charts.save_figure(factory(), tmp_path / "a.png").read_bytes()
    second = charts.save_figure(factory(), tmp_path / "b.png").read_bytes()
    assert first == second


def test_cli_lists_games():
    result = subprocess.run(
        [sys.executable, "-m", "nekolib", "games"], capture_output=True, text=True
    )
    assert result.returncode == 0
    assert len(result.stdout.strip().splitlines()) == len(nekolib.games())


def test_readme_python_examples_run():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    assert blocks, "README should show how to use the library"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_readme_and_guides_list_every_notebook_and_the_gallery_every_chart():
    """Each notebook is linked from the README (the four games) or a reader's guide (the
    balance lab, from the designers' guide); every chart is in docs/gallery.md and exists."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    guides = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md"))
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        assert f"notebooks/{notebook.name}" in readme or f"/{notebook.name}" in guides
    gallery = (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")
    for stem, _ in charts.chart_factories():
        assert f"figures/{stem}.png" in gallery, f"{stem} missing from docs/gallery.md"
        assert (ROOT / "figures" / f"{stem}.png").exists()
