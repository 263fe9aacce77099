"""Neko Boss click paths: placement is one click on a point; a move is stack, then landing stack.

Ids are those of :mod:`nekolib.neko_boss.picture`: ``point-<label>`` for an empty
intersection, ``stack-<label>`` for a stack (the landing point always holds a
stack: "It can't move to vacant space").
"""

from __future__ import annotations

from nekolib.clicks import ClickPaths, paths_of
from nekolib.neko_boss.rules import Move, NekoBossState, Place


def click_paths(state: NekoBossState) -> ClickPaths:
    """Every legal action of ``state`` as the clicks that play it."""
    labels = state.board.labels
    pairs = []
    for action in state.legal_actions():
        if isinstance(action, Place):
            pairs.append((action, (f"point-{labels[action.point]}",)))
        elif isinstance(action, Move):
            pairs.append((action, (f"stack-{labels[action.src]}", f"stack-{labels[action.dst]}")))
    return paths_of(pairs)
