"""Manekinecollection click paths: one or two hand cards, then the kotatsu; a Zabuton Neko.

Ids are those of :mod:`nekolib.manekinecollection.picture` drawn from the decider's view:

* "Choose Cat Cards from your hand and place them face up in front of one of the
  Kotatsu Boards": the hand cards ``hand-card-<i>`` (by position in the viewer's
  sorted hand), then the board ``kotatsu-<name>``. One card is (card, kotatsu); two
  cards are (card, card, kotatsu) in either order. No complete path is a prefix of
  another: after one card only the kotatsu completes a play, the second card waits
  for its kotatsu. Two equal cards ("6 colors x 12 cards" holds each rank twice)
  are two ids leading to the same :class:`~nekolib.manekinecollection.rules.PlayCards`.
* "The player with the strongest hand ... take[s] the Zabuton Neko of their choice":
  the Zabuton Neko itself, ``zabuton-<name>-<slot>``.

Passing when every place is full (:class:`~nekolib.manekinecollection.rules.Pass`)
has no place on the table: it stays a button (:data:`FREE`).
"""

from __future__ import annotations

from itertools import permutations

from nekolib.clicks import ClickPaths, Path, paths_of
from nekolib.manekinecollection.rules import MNState, Pass, PlayCards, TakeZabuton, kotatsu_name

__all__ = ["FREE", "click_paths", "kotatsu_id", "zabuton_id"]

FREE: tuple[type, ...] = (Pass,)
"""Actions without a click path (a button each)."""


def _slug(name: str) -> str:
    return name.replace(" ", "-")


def kotatsu_id(state: MNState, k: int) -> str:
    """The picture's id of kotatsu ``k`` (``kotatsu-left`` ...)."""
    return f"kotatsu-{_slug(kotatsu_name(k, len(state.kotatsu)))}"


def zabuton_id(state: MNState, k: int, slot: int) -> str:
    """The picture's id of the Zabuton Neko in ``slot`` of kotatsu ``k``."""
    return f"zabuton-{_slug(kotatsu_name(k, len(state.kotatsu)))}-{slot}"


def _play_paths(state: MNState, action: PlayCards) -> list[Path]:
    """Every order of every choice of hand positions holding ``action.cards``, then the kotatsu."""
    hand = state.hands[state.turn]
    where = kotatsu_id(state, action.kotatsu)
    out = []
    for picks in permutations(range(len(hand)), len(action.cards)):
        if sorted(hand[i] for i in picks) == list(action.cards):
            out.append((*(f"hand-card-{i}" for i in picks), where))
    return out


def click_paths(state: MNState) -> ClickPaths:
    """Every legal action of ``state`` except passing, as the clicks that play it."""
    pairs: list[tuple[object, Path]] = []
    for action in state.legal_actions():
        if isinstance(action, PlayCards):
            pairs += [(action, path) for path in _play_paths(state, action)]
        elif isinstance(action, TakeZabuton):
            pairs.append((action, (zabuton_id(state, action.kotatsu, action.slot),)))
    return paths_of(pairs)
