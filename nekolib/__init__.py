"""nekolib: rules engines, exact probabilities and notebooks for four cat board games.

In a notebook, ``from nekolib import play; play("neko_in")`` is a board to play (it needs
``pip install 'nekolib[widgets]'``). Game packages live in ``nekolib/<game>/`` and each
defines ``GAME`` (a :class:`nekolib.core.GameInfo`); :func:`games` discovers them.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from nekolib.core import GameInfo, NekoError

__version__ = "0.1.0"
"""The version: the only place it is written (pyproject.toml reads it from here)."""

_NOT_GAMES = {"widgets", "core", "charts", "classroom", "lab", "pettingzoo"}


def game_packages() -> list[str]:
    """Names of the game subpackages of nekolib, sorted."""
    return sorted(
        m.name
        for m in pkgutil.iter_modules(__path__)
        if m.ispkg and m.name not in _NOT_GAMES and not m.name.startswith("_")
    )


def games() -> dict[str, GameInfo]:
    """Every game package's ``GAME`` entry, keyed by its ``key``."""
    found: dict[str, GameInfo] = {}
    for name in game_packages():
        info = getattr(importlib.import_module(f"nekolib.{name}"), "GAME", None)
        if isinstance(info, GameInfo):
            found[info.key] = info
    return found


def play(game: str = "neko_in", **options: Any) -> Any:
    """A board to play ``game`` in a notebook: ``nekolib.<game>.widget.play(**options)``.

    ``options`` are that function's (``num_players``, ``seats``, ``seed``...). An unknown game
    is a :class:`NekoError` naming the games; without ipywidgets/anywidget, a
    :class:`~nekolib.extras.MissingExtraError` naming ``pip install 'nekolib[widgets]'``.
    """
    known = game_packages()
    if game not in known:
        raise NekoError(f"unknown game {game!r}; the games are {', '.join(known)}")
    from nekolib.extras import require

    require("play")
    return importlib.import_module(f"nekolib.{game}.widget").play(**options)
