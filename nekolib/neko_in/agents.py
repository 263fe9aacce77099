"""Computer players for Neko-in that decide from their own view only (no peeking).

:class:`GreedyAgent` is a simple, honest heuristic:

* movement: go where one of my tiles can be got rid of *for sure* - my own room
  (I choose the hideout), or a room my cat is already in (I choose again) -,
  else a free room holding one of my hideouts, else any room (a brawl, a bluff);
* owner of a room: put the visitor on a hideout whose tile I hold myself (the
  visitor cannot need it), else any;
* catching: the table says the fastest was a player who may discard, chosen
  at random (the table is not a strategist);
* getting rid of a tile after a catch: the one hardest to reach (a hideout in
  another player's room).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from nekolib.core import TABLE, GameState
from nekolib.neko_in.rules import (
    COLOURS,
    ICONS,
    N_ICONS,
    ROOMS,
    Discard,
    Fastest,
    Hide,
    Move,
    UseCrunchies,
    UseLitterBox,
)

__all__ = ["GreedyAgent", "TableAgent"]

_TILE_NAMES = {f"{COLOURS[t // N_ICONS]} {ICONS[t % N_ICONS]}": t for t in range(30)}


def _my_tiles(view: dict[str, Any], me: int) -> set[int]:
    return {_TILE_NAMES[name] for name in view["players"][me]["hand"]}


def _space_of_cat(view: dict[str, Any], colour: str) -> int | None:
    for room in view["rooms"]:
        for space in room["spaces"]:
            if space["cat"] == colour:
                return space["space"]
    return None


@dataclass
class GreedyAgent:
    """A simple honest player (see the module docstring); uses ``state.view(me)`` only."""

    name: str = "greedy"

    def choose(self, state: GameState, rng: random.Random) -> Any:
        legal = state.legal_actions()
        me = state.current_player()
        if me == TABLE:
            catchers = [a for a in legal if isinstance(a, Fastest) and a.player is not None]
            return rng.choice(catchers or legal)
        view = state.view(me)
        mine = _my_tiles(view, me)
        if any(isinstance(a, Hide) for a in legal):
            return self._hide(view, me, mine, legal, rng)
        if any(isinstance(a, Discard) for a in legal):
            return self._discard(view, me, legal)
        if any(isinstance(a, Move | UseLitterBox) for a in legal):
            return self._move(view, me, mine, legal, rng)
        return legal[0]

    def _hide(self, view: dict, me: int, mine: set[int], legal: list, rng: random.Random) -> Any:
        spaces = [a for a in legal if isinstance(a, Hide)]
        if view["moving_cat"] == view["players"][me]["colour"]:
            good = [a for a in spaces if a.space in mine]
            return good[0] if good else rng.choice(spaces)
        useless = [a for a in spaces if a.space in mine]  # the visitor cannot hold these
        return rng.choice(useless or spaces)

    def _discard(self, view: dict, me: int, legal: list) -> Any:
        own_room = ROOMS.index(view["players"][me]["room"])
        far = [a for a in legal if a.tile // N_ICONS != own_room]
        return (far or legal)[0]

    def _move(self, view: dict, me: int, mine: set[int], legal: list, rng: random.Random) -> Any:
        colour = view["players"][me]["colour"]
        here = _space_of_cat(view, colour)
        here_room = None if here is None else here // N_ICONS
        own_room = ROOMS.index(view["players"][me]["room"])
        litter = [a for a in legal if isinstance(a, UseLitterBox) and a.space in mine]
        if litter:
            return litter[0]
        moves = [a for a in legal if isinstance(a, Move)]
        sure = [
            a
            for a in moves
            if (a.room == own_room or a.room == here_room)
            and any(t // N_ICONS == a.room and t != here for t in mine)
        ]
        if sure:
            return sure[0]
        if UseCrunchies() in legal and len(mine) > 1:
            return UseCrunchies()
        occupied = {r["room"] for r in view["rooms"] if any(s["cat"] for s in r["spaces"])}
        hopeful = [a for a in moves if any(t // N_ICONS == a.room for t in mine)]
        free = [a for a in hopeful if a.room not in occupied]
        choice = free or hopeful or moves
        return rng.choice(choice) if choice else legal[0]


@dataclass
class TableAgent:
    """Answers the table's 'who was fastest?' at random among the players who may discard."""

    name: str = "table"

    def choose(self, state: GameState, rng: random.Random) -> Any:
        legal = state.legal_actions()
        catchers = [a for a in legal if isinstance(a, Fastest) and a.player is not None]
        return rng.choice(catchers or legal)
