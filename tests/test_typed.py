"""nekolib ships its type hints (PEP 561): the py.typed marker is in the package and in the
wheel's package data; `make typecheck` (mypy, run by CI) checks the public API."""

from __future__ import annotations

import sys
from pathlib import Path

import nekolib

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def test_py_typed_marker_ships_with_the_package():
    assert (Path(nekolib.__file__).parent / "py.typed").is_file()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in config["tool"]["setuptools"]["package-data"]["nekolib"]


def test_mypy_checks_the_core_and_every_games_rules_and_analysis():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    files = {p for pattern in config["files"] for p in ROOT.glob(pattern)}
    games = nekolib.game_packages()
    assert ROOT / "nekolib/core.py" in files and len(games) == 4
    for game in games:
        assert ROOT / f"nekolib/{game}/rules.py" in files
        assert ROOT / f"nekolib/{game}/analysis.py" in files
    assert "typecheck" in (ROOT / ".ci/run").read_text(encoding="utf-8")
