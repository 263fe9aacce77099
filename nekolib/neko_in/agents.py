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

:meth:`GreedyAgent.explain` says why, in one sentence with the number behind it
(tiles held, free hideouts, the exact brawl odds of
:func:`nekolib.neko_in.analysis.brawl_odds`), from the decider's view only.
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
    Pass,
    UseCrunchies,
    UseLitterBox,
    Wake,
    space_name,
    tile_name,
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

    def explain(self, state: GameState, action: Any) -> str:
        """Why this move, in one sentence with the number behind it (the decider's view only)."""
        me = state.current_player()
        legal = state.legal_actions()
        if me == TABLE:
            k = sum(1 for a in legal if isinstance(a, Fastest) and a.player is not None)
            return (
                f"the table is not a strategist: one of the {_plural(k, 'player')} who may "
                "still get rid of a tile, at random"
            )
        view = state.view(me)
        mine = _my_tiles(view, me)
        colour = view["players"][me]["colour"]
        if isinstance(action, Move):
            return self._explain_move(state, view, me, mine, action.room)
        if isinstance(action, Hide):
            return self._explain_hide(view, me, mine, action.space, legal)
        if isinstance(action, Discard):
            own = ROOMS.index(view["players"][me]["room"])
            far = sum(1 for t in mine if t // N_ICONS != own)
            where = "another player's room" if action.tile // N_ICONS != own else "your own room"
            return (
                f"the {tile_name(action.tile)} hideout is in {where}, the hardest to reach: "
                f"{far} of your {_plural(len(mine), 'tile')} are in other players' rooms"
            )
        if isinstance(action, UseLitterBox):
            _, other = _room_facts(view, action.space // N_ICONS, colour)
            why = (
                "you hold its tile, so you get rid of it there"
                + (" if you win the brawl" if other else "")
                if action.space in mine
                else "you hold none of the tiles of the rooms you can enter"
            )
            return f"Litter Box straight to the {space_name(action.space)}: {why}" + _brawl_words(
                state, colour, other
            )
        if isinstance(action, UseCrunchies):
            return f"one extra movement: {_plural(len(mine), 'tile')} to get rid of, no sure room"
        if isinstance(action, Wake):
            return "a napping cat may only wake up"
        if isinstance(action, Pass):
            return "every hideout your cat could reach is covered: no movement is possible"
        return f"no better move found among the {_plural(len(legal), 'legal move')}"

    def _explain_move(
        self, state: GameState, view: dict, me: int, mine: set[int], room: int
    ) -> str:
        colour = view["players"][me]["colour"]
        free, other = _room_facts(view, room, colour)
        held = sum(1 for s in free if s in mine)
        here = _space_of_cat(view, colour)
        name = f"room {ROOMS[room]}: you hold {held} of its hideout tiles ({len(free)} free)"
        if here is not None and here // N_ICONS == room:
            who = "your cat is already there, so you choose the hideout again"
        elif room == ROOMS.index(view["players"][me]["room"]):
            who = "it is your room, so you choose the hideout"
        else:
            who = "its owner chooses the hideout"
        sure = " (a tile gone for sure)" if held and "you choose" in who and other is None else ""
        return f"{name}; {who}{sure}" + _brawl_words(state, colour, other)

    def _explain_hide(self, view: dict, me: int, mine: set[int], space: int, legal: list) -> str:
        spaces = [a.space for a in legal if isinstance(a, Hide)]
        if view["moving_cat"] == view["players"][me]["colour"]:
            if space in mine:
                return f"you hold the {tile_name(space)} tile: you get rid of it here"
            return f"none of your tiles matches the {_plural(len(spaces), 'free hideout')} here"
        safe = sum(1 for s in spaces if s in mine)
        if space in mine:
            return (
                f"the visitor cannot hold this tile: the {tile_name(space)} is in your hand "
                f"(safe hideouts: {safe} of {len(spaces)})"
            )
        if safe:
            return f"the visitor may hold this tile (safe hideouts: {safe} of {len(spaces)})"
        return (
            f"none of the {_plural(len(spaces), 'free hideout')} is safe: you hold none of "
            "their tiles, so the visitor may hold this one"
        )

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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _room_facts(view: dict[str, Any], room: int, me_colour: str) -> tuple[list[int], str | None]:
    """The free hideouts of ``room`` (not covered, not under my cat) and the other cat there."""
    for r in view["rooms"]:
        if r["room"] == room:
            free = [s["space"] for s in r["spaces"] if not s["covered"] and s["cat"] != me_colour]
            other = next((s["cat"] for s in r["spaces"] if s["cat"] not in (None, me_colour)), None)
            return free, other
    return [], None


def _brawl_words(state: GameState, me_colour: str, other: str | None) -> str:
    """'; P(you win the brawl) = 25/36' against the cat ``other`` (exact, from the dice)."""
    if other is None:
        return ""
    from nekolib.neko_in.analysis import brawl_odds  # sympy: only when a hint is asked

    odds = brawl_odds(tuple(state.params.die_faces), COLOURS.index(me_colour), COLOURS.index(other))
    return f"; P(you win the brawl with the {other} cat) = {odds['defender']}"


@dataclass
class TableAgent:
    """Answers the table's 'who was fastest?' at random among the players who may discard."""

    name: str = "table"

    def choose(self, state: GameState, rng: random.Random) -> Any:
        legal = state.legal_actions()
        catchers = [a for a in legal if isinstance(a, Fastest) and a.player is not None]
        return rng.choice(catchers or legal)
