"""Each game's actions numbered ``0 .. size-1``: the ``Discrete(size)`` action space.

``codec(game, state)`` gives an :class:`ActionCodec` for the game (sized by its parameters:
the board, the deck); ``codec.index(state, action)`` is the number of a legal action. Each
legal action has exactly one number (the environment checks it at every step), so the action
mask has as many ones as there are legal actions.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nekolib.core import Action, GameState, NekoError


@dataclass(frozen=True)
class ActionCodec:
    """``size`` numbered actions; ``index(state, action)`` numbers a legal action."""

    size: int
    index: Callable[[GameState, Action], int]


def _fixed(actions: list[Any]) -> ActionCodec:
    """A game whose actions do not depend on the position: one number per action object."""
    number = {a: i for i, a in enumerate(actions)}
    if len(number) != len(actions):
        raise NekoError("the action list numbers one action twice")
    return ActionCodec(len(actions), lambda _state, action: number[action])


def neko_in(state: GameState) -> ActionCodec:
    """Move to a room (6), hide on a hideout space (30), discard a tile (30), Litter Box to a
    space (30), Affinity swap of two cats (15), wake, pass, Crunchies, end the movement.
    ``Fastest`` (who caught the cat first) is a fact about the table: the environment draws
    it, as it draws the dice."""
    from nekolib.neko_in import rules as r

    spaces = len(r.COLOURS) * r.N_ICONS
    actions: list[Any] = [r.Move(room) for room in range(len(r.COLOURS))]
    actions += [r.Hide(s) for s in range(spaces)]
    actions += [r.Discard(t) for t in range(spaces)]
    actions += [r.UseLitterBox(s) for s in range(spaces)]
    actions += [r.UseAffinity(a, b) for a, b in itertools.combinations(range(len(r.COLOURS)), 2)]
    actions += [r.Wake(), r.Pass(), r.UseCrunchies(), r.EndTurn()]
    return _fixed(actions)


def neko_boss(state: GameState) -> ActionCodec:
    """``Place(p)`` is ``p``; ``Move(src, dst)`` is ``size + src * size + dst``."""
    from nekolib.neko_boss.rules import Move, Place

    size = state.board.size  # type: ignore[attr-defined]

    def index(_state: GameState, action: Action) -> int:
        if isinstance(action, Place):
            return action.point
        if isinstance(action, Move):
            return size + action.src * size + action.dst
        raise NekoError(f"not a Neko Boss action: {action!r}")

    return ActionCodec(size + size * size, index)


def indovina_gatto(state: GameState) -> ActionCodec:
    """Play cat card ``c`` (one number per card of the deck), guess trait ``t`` of seat ``s``
    (``seats x traits``), pass."""
    from nekolib.indovina_gatto.rules import ALL_TRAITS, Guess, Pass, PlayCat

    cards = len(state.params.deck)  # type: ignore[attr-defined]
    seats = state.num_players
    trait_no = {t: i for i, t in enumerate(ALL_TRAITS)}

    def index(_state: GameState, action: Action) -> int:
        if isinstance(action, PlayCat):
            return action.card
        if isinstance(action, Guess):
            return cards + action.suspect * len(ALL_TRAITS) + trait_no[action.trait]
        if isinstance(action, Pass):
            return cards + seats * len(ALL_TRAITS)
        raise NekoError(f"not an Indovina Gatto action: {action!r}")

    return ActionCodec(cards + seats * len(ALL_TRAITS) + 1, index)


MN_SUBSETS: tuple[tuple[int, ...], ...] = ((0,), (1,), (2,), (0, 1), (0, 2), (1, 2))
"""The cards of a play, as places in the player's sorted hand of (at most) three."""


def manekinecollection(state: GameState) -> ActionCodec:
    """Play the cards at places ``MN_SUBSETS[j]`` of the sorted hand at kotatsu ``k``
    (``k * 6 + j``; the first equal card when the hand holds two alike), pass, take the
    Zabuton Neko of slot ``i`` at kotatsu ``k`` (``19 + k * slots + i``)."""
    from nekolib.manekinecollection.components import HAND_SIZE, KOTATSU, SLOTS
    from nekolib.manekinecollection.rules import Pass, PlayCards, TakeZabuton

    if HAND_SIZE != 3:  # pragma: no cover - MN_SUBSETS is written for hands of three
        raise NekoError("the Manekinecollection action numbers assume hands of three cards")
    plays = KOTATSU * len(MN_SUBSETS)

    def index(state: GameState, action: Action) -> int:
        if isinstance(action, PlayCards):
            hand = sorted(state.hands[state.turn])  # type: ignore[attr-defined]
            places: list[int] = []
            for card in action.cards:
                places.append(next(i for i, c in enumerate(hand) if c == card and i not in places))
            return action.kotatsu * len(MN_SUBSETS) + MN_SUBSETS.index(tuple(sorted(places)))
        if isinstance(action, Pass):
            return plays
        if isinstance(action, TakeZabuton):
            return plays + 1 + action.kotatsu * SLOTS + action.slot
        raise NekoError(f"not a Manekinecollection action: {action!r}")

    return ActionCodec(plays + 1 + KOTATSU * SLOTS, index)


CODECS: dict[str, Callable[[GameState], ActionCodec]] = {
    "neko_in": neko_in,
    "manekinecollection": manekinecollection,
    "neko_boss": neko_boss,
    "indovina_gatto": indovina_gatto,
}
