"""Notebooks read without a kernel (GitHub, nbviewer, nbconvert HTML) still show every game.

Each committed notebook, exported with nbconvert's HTML exporter exactly as
``jupyter nbconvert --to html`` does, must show the game's board as an SVG picture
(``<svg class="nekolib-picture ...">``, inline or as nbconvert's embedded
``data:image/svg+xml`` image) in the page itself, not only inside the
saved widget state (a ``<script>`` that needs a kernel-less widget manager and the
internet to draw).
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

import nbformat
import pytest
from nbconvert import HTMLExporter

from nekolib import game_packages

ROOT = Path(__file__).resolve().parent.parent
# The game notebooks (named after their game package); balance_lab.ipynb is about many games.
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if p.stem in game_packages())
SCRIPT = re.compile(r"<script\b.*?</script>", re.DOTALL | re.IGNORECASE)


def html_of(path: Path) -> str:
    nb = nbformat.read(path, as_version=4)
    body, _ = HTMLExporter().from_notebook_node(
        nb, resources={"metadata": {"path": str(path.parent)}}
    )
    return body


def svgs_in(page: str) -> list[str]:
    """Every SVG the page shows: inline ``<svg>`` and ``<img src="data:image/svg+xml;...">``
    (nbconvert 7 embeds ``image/svg+xml`` outputs as base64 images)."""
    found = re.findall(r"<svg\b.*?</svg>", page, re.DOTALL)
    for data in re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', page):
        found.append(base64.b64decode(data).decode("utf-8"))
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_exported_html_shows_the_game_as_a_picture(path):
    page = "".join(svgs_in(SCRIPT.sub("", html_of(path))))
    pictures = [
        p.replace("-", "_")
        for p in re.findall(r'<svg[^>]*class="nekolib-picture ([a-z_-]+)"', page)
    ]
    assert path.stem in pictures, f"no {path.stem} picture outside scripts: {sorted(set(pictures))}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_displayed_game_widget_carries_a_static_picture(path):
    nb = nbformat.read(path, as_version=4)
    widget_outputs = [
        out
        for cell in nb.cells
        for out in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in out.get("data", {})
        and out["data"].get("text/plain", "").startswith("<")
        and "Widget" in out["data"].get("text/plain", "")
    ]
    assert widget_outputs, "the notebook displays its game widget"
    for out in widget_outputs:
        assert 'class="nekolib-picture' in out["data"].get("image/svg+xml", "")
