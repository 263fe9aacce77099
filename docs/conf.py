"""Sphinx configuration of nekolib's site (``make docs``; its own venv ``.venv-docs``).

The site is built from what is committed: the guides in ``docs/*.md``, the notebooks with
their stored outputs (myst-nb, no kernel: ``nb_execution_mode = "off"``) and the docstrings
(autodoc). Each game notebook is copied into ``docs/games/`` (not committed) with a first
cell that links it to the JupyterLite site, which ``make lite`` builds into ``lite/_output``
and which is copied to ``<site>/lite/`` when it is there.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import warnings
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

import nekolib  # noqa: E402  (after the path: the checkout's nekolib, not an installed one)

project = "nekolib"
author = "the nekolib authors"
release = version = nekolib.__version__
copyright = "nekolib authors, MIT licence"

extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.autosummary"]
nb_execution_mode = "off"  # the committed outputs are the pages: no kernel at build time
nb_merge_streams = True
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
# Not suppressed: broken links and anchors (myst.xref_missing), pages outside the toctree,
# docstrings that are not valid reStructuredText. Suppressed: widget views (their pictures
# are stored beside them), a type name several games define (``Params``: autodoc's type
# hints), and code blocks Pygments has no lexer for (csv).
suppress_warnings = ["mystnb.unknown_mime_type", "ref.python", "misc.highlighting_failure"]
warnings.filterwarnings("ignore", message="Cell is missing an id field")
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
exclude_patterns = ["_build", "screenshots", "classroom", "**.ipynb_checkpoints", "README.md", "pypi.md"]
html_theme = "furo"
html_title = f"nekolib {version}"
html_static_path: list[str] = []

GAMES = {
    "neko_in": "Neko-in",
    "manekinecollection": "Manekinecollection",
    "neko_boss": "Neko Boss",
    "indovina_gatto": "Indovina Gatto",
}
LITE_OUTPUT = ROOT / "lite" / "_output"


def lite_built() -> bool:
    """Whether ``make lite`` has built the JupyterLite site this build places under ``lite/``."""
    return (LITE_OUTPUT / "index.html").is_file()


def play_cell(game: str, name: str) -> dict:
    """The first cell of a game page: play it in the browser, and where its API is."""
    api = f"[the API of `nekolib.{game}`](../api/{game}.md)"
    if lite_built():
        play = (
            f'<a class="play-in-browser" href="../lite/lab/index.html?path={game}.ipynb">'
            f"<strong>Play in your browser</strong></a>: this notebook opens in JupyterLite "
            "(Python in the browser, nothing to install); run it (Run All) and click the board."
        )
    else:
        play = (
            '<span class="play-in-browser">Play in your browser</span>: this copy of the site '
            "was built without the JupyterLite site. Run `make lite` (needs Node.js), then "
            "`make docs`, and this becomes a link that opens the notebook in the browser "
            "([how the Lite site is built](../lite.md))."
        )
    text = f"{play}\n\nBelow: the notebook as committed, with its stored outputs. See also {api}."
    return {"cell_type": "markdown", "id": "play-in-browser", "metadata": {}, "source": text}


LINK = re.compile(r"\]\((?!https?:|#|mailto:)([^)#\s]+)")


def relink(source: str) -> str:
    """A notebook's relative links (``../docs/lab.md``) as seen from ``docs/games/``."""

    def moved(match: re.Match) -> str:
        target = (ROOT / "notebooks" / match.group(1)).resolve()
        return "](" + os.path.relpath(target, DOCS / "games").replace(os.sep, "/")

    return LINK.sub(moved, source)


def copy_notebooks() -> None:
    """``notebooks/<game>.ipynb`` -> ``docs/games/<game>.ipynb`` with the play cell first."""
    out = DOCS / "games"
    out.mkdir(exist_ok=True)
    for stem in [*GAMES, "balance_lab"]:
        nb = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "markdown":
                cell["source"] = relink("".join(cell["source"]))
        if stem in GAMES:
            first = next(i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown")
            nb["cells"].insert(first + 1, play_cell(stem, GAMES[stem]))
        (out / f"{stem}.ipynb").write_text(json.dumps(nb), encoding="utf-8")


def place_lite(app, exception) -> None:
    """Copy the built JupyterLite site to ``<site>/lite/`` (the game pages link into it)."""
    if exception is None and app.builder.format == "html" and lite_built():
        shutil.copytree(LITE_OUTPUT, Path(app.outdir) / "lite", dirs_exist_ok=True)


def setup(app) -> None:
    copy_notebooks()
    app.connect("build-finished", place_lite)
