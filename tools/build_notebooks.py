"""Build ``notebooks/<name>.ipynb`` from ``notebooks/src/<name>.py`` and execute it.

The sources are jupytext "percent" scripts (``# %%`` code cells, ``# %% [markdown]``
prose cells): readable diffs, no outputs. Building executes every cell in a
fresh kernel (cwd ``notebooks/``) and stores outputs *and* widget state, so the
committed notebook renders its widgets when reopened and nbval has real
outputs to compare.

    python tools/build_notebooks.py            # every notebook
    python tools/build_notebooks.py neko_in    # just one
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "notebooks" / "src"
OUT = ROOT / "notebooks"


def build(name: str) -> Path:
    source = SRC / f"{name}.py"
    nb = jupytext.read(source)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.metadata.pop("jupytext", None)
    client = NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(OUT)}},
        store_widget_state=True,
    )
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    for i, cell in enumerate(nb.cells):  # stable ids: clean diffs between rebuilds
        cell["id"] = f"{name}-{i}"
    target = OUT / f"{name}.ipynb"
    nbformat.write(nb, target)
    print(f"{target.relative_to(ROOT)}: {len(nb.cells)} cells executed in {elapsed:.1f} s")
    return target


def main(names: list[str]) -> int:
    names = names or sorted(p.stem for p in SRC.glob("*.py"))
    for name in names:
        build(name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
