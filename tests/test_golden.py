"""Golden playthroughs: each shipped game, replayed from its seed, must print exactly as committed.

A failure is a diff between ``tests/golden/<game>_<n>p.txt`` and today's engine: if
the change is meant (a rule fix, a better picture), run ``python tools/golden.py``
and review the diff before committing.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

import nekolib
from nekolib.playthrough import golden_cases, playthrough

GOLDEN = Path(__file__).resolve().parent / "golden"
GAMES = nekolib.games()


@pytest.mark.parametrize(("key", "players"), list(golden_cases(GAMES)))
def test_playthrough_matches_the_golden_file(key, players):
    path = GOLDEN / f"{key}_{players}p.txt"
    assert path.exists(), f"missing {path.name}: run python tools/golden.py"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(GAMES[key], players)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden", "now", lineterm="", n=2
        )
        pytest.fail(
            "playthrough changed (python tools/golden.py rewrites):\n" + "\n".join(list(diff)[:60])
        )


def test_golden_files_are_only_the_expected_ones():
    expected = {f"{k}_{n}p.txt" for k, n in golden_cases(GAMES)}
    assert {p.name for p in GOLDEN.glob("*.txt")} == expected


def test_a_playthrough_is_a_deterministic_function_of_its_seed():
    info = GAMES["neko_boss"]
    assert playthrough(info, 2, seed=1) == playthrough(info, 2, seed=1)
    assert playthrough(info, 2, seed=1) != playthrough(info, 2, seed=2)
