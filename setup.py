"""Build hook: the game notebooks (``notebooks/*.ipynb``, with their outputs) go into the wheel
as package data ``nekolib/_notebooks/``, where ``nekolib notebooks`` finds them. Not the
balance lab's: it reads the results committed in the repository, so it needs a clone.
The committed chart pictures (``figures/<game>_*.png``, not the lab's) go in as
``nekolib/_figures/``: a chart cell shows them where matplotlib is missing (``[widgets]``
alone, as on Colab), as the JupyterLite site does (nekolib.charts.committed_picture).

They stay in ``notebooks/`` in the repository (make lab, nbval, the JupyterLite build read
them there); an editable install has no copy and reads them from the checkout.
Everything else is in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
NOTEBOOKS = ROOT / "notebooks"
NEEDS_A_CLONE = {"balance_lab.ipynb"}


def chart_pictures() -> list[Path]:
    """``figures/<game>_*.png`` of every game package, the lab's charts left out."""
    games = sorted(p.parent.name for p in (ROOT / "nekolib").glob("*/rules.py"))
    return [
        png
        for game in games
        for png in sorted((ROOT / "figures").glob(f"{game}_*.png"))
        if "_lab_" not in png.stem
    ]


class BuildPyWithNotebooks(build_py):
    """``build_py`` that also copies the notebooks and the chart pictures into the package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        dest = Path(self.build_lib) / "nekolib" / "_notebooks"
        dest.mkdir(parents=True, exist_ok=True)
        notebooks = [p for p in sorted(NOTEBOOKS.glob("*.ipynb")) if p.name not in NEEDS_A_CLONE]
        if not notebooks:
            raise SystemExit(f"setup.py: no notebooks in {NOTEBOOKS} (an sdist without them?)")
        for notebook in notebooks:
            shutil.copyfile(notebook, dest / notebook.name)
        pictures = Path(self.build_lib) / "nekolib" / "_figures"
        pictures.mkdir(parents=True, exist_ok=True)
        pngs = chart_pictures()
        if not pngs:
            raise SystemExit(f"setup.py: no chart pictures in {ROOT / 'figures'}")
        for png in pngs:
            shutil.copyfile(png, pictures / png.name)


setup(cmdclass={"build_py": BuildPyWithNotebooks})
