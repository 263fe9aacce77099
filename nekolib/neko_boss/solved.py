"""Neko Boss solved after placement: the committed results of ``tools/neko_boss_perfect_play.py``.

A data reader only (standard library): the notebook's perfect-play table works where the
charts cannot be drawn (no matplotlib, as in the JupyterLite site). :func:`book_row` is the
opening book: a stored placement answers at once.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

__all__ = ["PERFECT_PLAY", "book_row", "perfect_play", "shares"]

PERFECT_PLAY = Path(__file__).resolve().parent / "data" / "perfect_play.json"
"""Exact values after placement, written by ``tools/neko_boss_perfect_play.py``."""


def perfect_play(path: Path = PERFECT_PLAY) -> dict:
    """The committed results: ``random``/``agents`` rows (layout, value for seat 0, best move,
    nodes, seconds), ``summary`` per placement source, ``endgame`` placement options."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


def shares(rows: Sequence[dict]) -> tuple[float, float, float]:
    """(win, draw, loss) share for seat 0 (Red, first to place and to move)."""
    n = max(len(rows), 1)
    return tuple(sum(1 for r in rows if r["value"] == v) / n for v in (1, 0, -1))


@lru_cache(maxsize=4)
def _book(path: Path) -> dict[tuple, dict]:
    data = perfect_play(path)
    rows = list(data.get("random", []))
    for agent_rows in data.get("agents", {}).values():
        rows += agent_rows
    return {tuple(r["layout"]): r for r in rows}


def book_row(layout: Sequence[int | None], path: Path = PERFECT_PLAY) -> dict | None:
    """The stored row (value for seat 0, a best move, nodes, seconds) of the default game's
    position just after placement with this owner per intersection, or ``None``.

    Only for the default game (2 players, 12 + 12 pieces on the full town, seat 0 to move):
    the caller checks that (``agents.book_result``)."""
    return _book(Path(path)).get(tuple(layout))
