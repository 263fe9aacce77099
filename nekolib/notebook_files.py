"""The game notebooks shipped in the wheel, and the commands that put them where you work.

    nekolib notebooks [DIR]   copy the game notebooks into DIR (default ./nekolib-notebooks)
    nekolib open GAME         copy GAME's notebook there (if missing), open it in JupyterLab
                              (options after -- go to JupyterLab or Voila)
    nekolib app GAME          the same notebook as a Voila web app (code hidden)

The wheel carries ``nekolib/_notebooks/<game>.ipynb`` (setup.py copies them from the
repository's ``notebooks/``); an editable install or a clone reads ``notebooks/`` itself.
The balance lab's notebook is not shipped: it reads the results committed in the repository.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from nekolib.core import NekoError
from nekolib.extras import require

__all__ = ["COMMANDS", "DEFAULT_DIR", "add_parsers", "copy_notebooks", "notebook_folder", "run"]

COMMANDS = ("notebooks", "open", "app")
DEFAULT_DIR = Path("nekolib-notebooks")
"""Where the commands copy notebooks, under the working directory."""
PACKAGE = Path(__file__).resolve().parent
NEEDS_A_CLONE = (
    "The balance lab's notebook (balance_lab.ipynb) is not installed: it reads the results"
    " committed in nekolib's git repository, so open it in a clone (make lab)."
)


def notebook_folder() -> Path:
    """The shipped notebooks (``nekolib/_notebooks``), else a checkout's ``notebooks/``."""
    for folder in (PACKAGE / "_notebooks", PACKAGE.parent / "notebooks"):
        if any(folder.glob("*.ipynb")):
            return folder
    raise NekoError(f"no notebooks in {PACKAGE / '_notebooks'}: reinstall nekolib from its wheel")


def game_notebooks() -> dict[str, Path]:
    """``{game: path}`` of every shipped game notebook."""
    from nekolib import game_packages

    folder = notebook_folder()
    return {g: folder / f"{g}.ipynb" for g in game_packages() if (folder / f"{g}.ipynb").is_file()}


def copy_notebooks(
    dest: Path, games: list[str] | None = None, force: bool = False
) -> tuple[list[Path], list[Path]]:
    """Copy the game notebooks (or ``games``') into ``dest``: ``(copied, kept)``; a notebook
    already there is kept (it may hold your work) unless ``force``."""
    shipped = game_notebooks()
    unknown = sorted(set(games or ()) - set(shipped))
    if unknown:
        raise NekoError(f"no notebook for {', '.join(unknown)}; the games are {', '.join(shipped)}")
    dest.mkdir(parents=True, exist_ok=True)
    copied, kept = [], []
    for game, source in shipped.items():
        if games and game not in games:
            continue
        target = dest / source.name
        if target.exists() and not force:
            kept.append(target)
        else:
            shutil.copyfile(source, target)
            copied.append(target)
    return copied, kept


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``notebooks``, ``open`` and ``app``."""
    copy = sub.add_parser(
        "notebooks", help=f"copy the game notebooks into DIR (default ./{DEFAULT_DIR})"
    )
    copy.add_argument("dir", nargs="?", type=Path, default=DEFAULT_DIR, help="where to copy")
    copy.add_argument("--force", action="store_true", help="overwrite notebooks already there")
    for name, what in (("open", "in JupyterLab"), ("app", "as a Voila web app")):
        cmd = sub.add_parser(name, help=f"open a game's notebook {what} (copied out first)")
        cmd.add_argument("game", help="neko_in, manekinecollection, neko_boss, indovina_gatto")
        cmd.add_argument("--dir", type=Path, default=DEFAULT_DIR, help="where the copy goes")
        cmd.add_argument("--port", type=int, default=None, help="port (default: the tool's)")


def run(args: argparse.Namespace) -> int:
    """Run one of :data:`COMMANDS`; a NekoError is one line on stderr and exit code 2."""
    try:
        if args.command == "notebooks":
            return _copy(args.dir, args.force)
        return _launch(args.command, args.game, args.dir, args.port, args.tool_args)
    except NekoError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _copy(dest: Path, force: bool) -> int:
    copied, kept = copy_notebooks(dest, force=force)
    where = dest.resolve()
    if copied:
        print(f"copied {len(copied)} notebooks into {where}: {', '.join(p.name for p in copied)}")
    if kept:
        names = ", ".join(p.name for p in kept)
        print(f"kept {len(kept)} already in {where} (--force overwrites them): {names}")
    print(f"open one with `nekolib open neko_in` (JupyterLab) or `jupyter lab {where}`")
    if notebook_folder().name == "_notebooks":
        print(NEEDS_A_CLONE)
    return 0


def _launch(
    command: str, game: str, dest: Path, port: int | None, extra: list[str] | None = None
) -> int:
    from nekolib import game_packages

    if game not in game_packages():
        raise NekoError(f"unknown game {game!r}; the games are {', '.join(game_packages())}")
    tool = "jupyterlab" if command == "open" else "voila"
    require(command)
    copy_notebooks(dest, [game])
    notebook = (dest / f"{game}.ipynb").resolve()
    line = [sys.executable, "-m", tool, str(notebook)]
    if port is not None:
        line.append(f"--port={port}")
    if command == "open" and hasattr(os, "getuid") and os.getuid() == 0:
        line.append("--allow-root")  # Jupyter refuses root unless told (containers)
    line += extra or []
    name = "JupyterLab" if tool == "jupyterlab" else "Voila"
    print(f"{notebook}: starting {name} (Ctrl-C stops it)")
    try:
        return subprocess.call(line)
    except KeyboardInterrupt:
        return 130
