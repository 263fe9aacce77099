"""nekolib: rules engines, exact probabilities and notebooks for four cat board games.

Game packages live in ``nekolib/<game>/`` and each defines ``GAME`` (a
:class:`nekolib.core.GameInfo`); :func:`games` discovers them.
"""

from __future__ import annotations

import importlib
import pkgutil

from nekolib.core import GameInfo

__version__ = "0.1.0"

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
