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
    if not factories:
        pytest.skip("no charts yet")
    stem, factory = factories[0]
    first = charts.save_figure(factory(), tmp_path / "a.png").read_bytes()
    second = charts.save_figure(factory(), tmp_path / "b.png").read_bytes()
    assert first == second


def test_cli_lists_games():
    result = subprocess.run(
        [sys.executable, "-m", "nekolib", "games"], capture_output=True, text=True
    )
    assert result.returncode == 0
    assert len(result.stdout.strip().splitlines()) == len(nekolib.games())
