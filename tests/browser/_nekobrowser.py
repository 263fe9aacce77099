"""Paths and settings shared by the browser suite's conftest and tests."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SCREENSHOTS = ROOT / "figures" / "screenshots"
CHROMIUM = os.environ.get("NEKOLIB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Playwright must never fetch a browser of its own.
os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")


def game_notebooks() -> list[Path]:
    """``notebooks/*.ipynb`` whose saved outputs display a GameWidget (``nekolib-game``)."""
    found = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            continue
        if "nekolib-game" in text or ".widget import" in text:
            found.append(path)
    return found


def refuse_save(model, path, contents_manager, **kwargs):
    """``ContentsManager.pre_save_hook`` of the test JupyterLab: it never writes a file.

    The Lab test runs the committed notebooks; an autosave must not overwrite them.
    """
    from tornado import web

    raise web.HTTPError(403, f"the browser test's JupyterLab does not save files ({path})")
