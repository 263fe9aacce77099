"""A student opens the notebook they were sent: every position shows before anything runs.

JupyterLab does not render SVG outputs of an *untrusted* notebook (one never run or
trusted on this machine), so the classroom kit stores every position as a PNG: as a
Markdown attachment in graded student notebooks, beside the SVG in the saved output of
teacher and practice notebooks. Here a class is generated under ``build/`` (ignored by
git), opened in JupyterLab **without** ``jupyter trust`` and with no kernel run, and every
position must be a loaded ``<img>``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest
from _nekobrowser import ROOT

from nekolib.classroom.notebooks import write_classroom
from nekolib.classroom.roster import Student

GAMES = ["neko_boss", "indovina_gatto"]
SHOTS = ROOT / "figures" / "screenshots"

IMAGES_JS = """(selector) => [...document.querySelectorAll(selector)].map(
    img => ({w: img.naturalWidth, h: img.naturalHeight, src: img.src.slice(0, 30)}))"""


@pytest.fixture(scope="module")
def classroom() -> Path:
    out = ROOT / "build" / "browser-classroom"
    shutil.rmtree(out, ignore_errors=True)
    write_classroom([Student("s001", "Ada Lovelace")], out, GAMES, mode="graded")
    practice = ROOT / "build" / "browser-classroom-practice"
    shutil.rmtree(practice, ignore_errors=True)
    write_classroom([Student("s001", "Ada Lovelace")], practice, GAMES[:1], mode="practice")
    yield out
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(practice, ignore_errors=True)


def _positions(path: Path) -> int:
    """How many positions the notebook stores (attachments and saved picture outputs)."""
    nb = nbformat.read(path, as_version=4)
    attached = sum(len(c.get("attachments", {})) for c in nb.cells)
    saved = sum(
        1 for c in nb.cells for o in c.get("outputs", []) if "image/png" in o.get("data", {})
    )
    return attached + saved


def _open_untrusted(page, jupyterlab, path: Path, workspace: str) -> list[dict]:
    rel = path.relative_to(ROOT).as_posix()
    page.goto(jupyterlab.url(f"/lab/workspaces/{workspace}/tree/{rel}?reset"), timeout=120_000)
    page.wait_for_selector(".jp-Notebook .jp-Cell", state="visible", timeout=120_000)
    selector = ".jp-Notebook .jp-RenderedMarkdown img, .jp-Notebook .jp-OutputArea-output img"
    expected = _positions(path)
    page.wait_for_function(
        """([selector, n]) => { const imgs = [...document.querySelectorAll(selector)];
               return imgs.length >= n && imgs.every(i => i.complete && i.naturalWidth > 0); }""",
        arg=[selector, expected],
        timeout=60_000,
    )
    return page.evaluate(IMAGES_JS, selector)


@pytest.mark.parametrize(
    "which",
    [
        pytest.param(("students/s001", "neko_boss"), id="graded-neko_boss"),
        pytest.param(("students/s001", "indovina_gatto"), id="graded-indovina_gatto"),
        pytest.param(("teacher", "neko_boss"), id="teacher-neko_boss"),
        pytest.param(("practice", "neko_boss"), id="practice-neko_boss"),
    ],
)
def test_every_position_is_an_image_in_an_untrusted_notebook(classroom, jupyterlab, page, which):
    folder, game = which
    if folder == "practice":
        path = ROOT / "build" / "browser-classroom-practice" / "students" / "s001"
    else:
        path = classroom / folder
    mode = {"practice": "-practice-s001", "teacher": ""}.get(folder, "-graded-s001")
    path = path / f"{game}{mode}.ipynb"
    expected = _positions(path)
    assert expected >= 3, f"{path}: too few positions to test"
    images = _open_untrusted(page, jupyterlab, path, f"untrusted-{folder.replace('/', '-')}-{game}")
    assert len(images) == expected, images
    assert all(img["w"] >= 300 and img["h"] >= 150 for img in images), images
    # no SVG was needed: the trusted-only SVG output is not what is shown
    svg_shown = page.evaluate(
        "() => document.querySelectorAll('.jp-Notebook .jp-RenderedSVG svg').length"
    )
    assert svg_shown == 0
    if folder.startswith("students"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator(".jp-Notebook img").first.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"classroom_untrusted_{game}.png"))


pytestmark = pytest.mark.browser
