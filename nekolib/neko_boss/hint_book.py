"""Exact hints without a solver: the committed table of the notebook's full-board game.

The JupyterLite site has no compiled solver (no numba in the browser), and the pure-Python
reference solves only small positions in reasonable time. For the Neko Boss notebook's
full-board game (``play(2, random_setup=True, seed=HINT_BOOK_SEED)``, Red human, Blue greedy)
``tools/neko_boss_hint_book.py`` solved, with the fast solver, every position a student
meets at their next decision (see :data:`COVERAGE`) and stored, per position, the exact
value and a best move and the best alternative to it with its value: the hint's sentence
and working, with no search. Standard library only (it runs in the browser).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from nekolib.neko_boss.rules import NekoBossState, Params

__all__ = ["COVERAGE", "HINT_BOOK", "HINT_BOOK_SEED", "hint_book_row", "position_key"]

HINT_BOOK = Path(__file__).resolve().parent / "data" / "hint_book.json"
"""Written by ``tools/neko_boss_hint_book.py``."""

HINT_BOOK_SEED = 0
"""The seed of the notebook's full-board game (``random_layout(Params(), Random(seed))``)."""

COVERAGE = (
    "the start of the notebook's full-board game (seed {seed}) and every position after any "
    "one or two moves of yours, each followed by greedy Blue's reply"
)
"""What the table covers, in the words of the docs and the hint sentence."""


def position_key(state: NekoBossState) -> str | None:
    """The table's key of a default-game position: (height, top owner) per intersection and
    the seat to move (the state key of docs/neko_boss_state_key.md, without the out-set:
    Lemma 2, it does not change the value), or ``None`` for any other game."""
    if not isinstance(state, NekoBossState) or state.params != Params():
        return None
    cells = ",".join(f"{len(s)}{'rb'[s[-1]]}" if s else "" for s in state.stacks)
    return f"{cells}/{state.to_move}"


@lru_cache(maxsize=2)
def _rows(path: Path) -> dict[str, list]:
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))["rows"]


def hint_book_row(state: NekoBossState, path: Path = HINT_BOOK) -> dict | None:
    """The stored hint of ``state``: ``value`` (seat 0: +1 win, 0 draw, -1 loss), ``best``
    (a best move, as the board labels it), ``alt`` / ``alt_value`` (the best other move and
    its value; ``None`` if there is no other move) and ``nodes``; ``None`` if not stored."""
    key = position_key(state)
    row = None if key is None else _rows(Path(path)).get(key)
    if row is None:
        return None
    value, best, alt, alt_value, nodes = row
    return {"value": value, "best": best, "alt": alt, "alt_value": alt_value, "nodes": nodes}
