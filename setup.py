"""Build hook: the game notebooks (``notebooks/*.ipynb``, with their outputs) go into the wheel
as package data ``nekolib/_notebooks/``, where ``nekolib notebooks`` finds them. Not the
balance lab's: it reads the results committed in the repository, so it needs a clone.

They stay in ``notebooks/`` in the repository (make lab, nbval, the JupyterLite build read
them there); an editable install has no copy and reads them from the checkout.
Everything else is in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
NEEDS_A_CLONE = {"balance_lab.ipynb"}


class BuildPyWithNotebooks(build_py):
    """``build_py`` that also copies ``notebooks/*.ipynb`` into ``nekolib/_notebooks/``."""

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


setup(cmdclass={"build_py": BuildPyWithNotebooks})
