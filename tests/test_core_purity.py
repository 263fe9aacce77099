"""Rules, analysis, pictures and click paths of every game import without Jupyter or matplotlib."""

from __future__ import annotations

import subprocess
import sys

import pytest

import nekolib

BLOCKED = ["ipywidgets", "IPython", "matplotlib", "jupyter", "ipykernel", "numpy", "tqdm"]
PURE_MODULES = ["rules", "analysis", "picture", "clicks"]

SCRIPT = """
import importlib, sys
for name in {blocked!r}:
    sys.modules[name] = None  # any import of it now raises ImportError
import nekolib, nekolib.core, nekolib.picture, nekolib.clicks, nekolib.playthrough
games = nekolib.game_packages()
for game in games:
    for part in {parts!r}:
        try:
            importlib.import_module(f"nekolib.{{game}}.{{part}}")
        except ModuleNotFoundError as err:
            if err.name != f"nekolib.{{game}}.{{part}}":
                raise
    state = importlib.import_module(f"nekolib.{{game}}").GAME.new_game(seed=0)
    assert "<svg" in state._repr_svg_() and str(state) and repr(state)
print(",".join(games))
"""


def test_rules_and_analysis_need_only_stdlib_and_sympy():
    script = SCRIPT.format(blocked=BLOCKED, parts=PURE_MODULES)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert (
        result.stdout.strip().split(",") == nekolib.game_packages() or not nekolib.game_packages()
    )


@pytest.mark.parametrize("game", nekolib.game_packages())
def test_every_game_package_registers_itself(game):
    infos = {info.key: info for info in nekolib.games().values()}
    assert game in infos, f"nekolib/{game}/__init__.py must define GAME = GameInfo(...)"
    info = infos[game]
    state = info.new_game(num_players=info.min_players, seed=0)
    assert state.num_players == info.min_players
