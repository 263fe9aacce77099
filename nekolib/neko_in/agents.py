"""Computer players for Neko-in that decide from their own view only (no peeking).

:class:`GreedyAgent` is a simple, honest heuristic:

* movement: go where one of my tiles can be got rid of *for sure* - my own room
  (I choose the hideout), or a room my cat is already in (I choose again) -,
  else a free room holding one of my hideouts, else any room (a brawl, a bluff);
* owner of a room: put the visitor on a hideout whose tile I hold myself (the
  visitor cannot need it), else any;
* catching: the table says the fastest was one of the players, chosen at random
  (the table is not a strategist; a player holding one tile catches but discards nothing);
* getting rid of a tile after a catch: the one hardest to reach (a hideout in
  another player's room).

:meth:`GreedyAgent.explain` says why, in one sentence with the number behind it
(tiles held, free hideouts, the exact brawl odds of
:func:`nekolib.neko_in.analysis.brawl_odds`), from the decider's view only.

:func:`determinize` deals a world a player cannot tell from the real game (the other
players' hideout tiles, the face-down event tiles), so that
:class:`nekolib.mcts.MCTSAgent` searches without peeking: ``AGENTS["mcts"]()``, whose
simulations are played by :class:`RolloutAgent` (the greedy rules of thumb, read straight
off the state).

``AGENTS["expectimax"]()`` is the strongest player and the widget's hint:
:class:`nekolib.neko_in.planner.ExpectimaxAgent` (expectimax over the turn with the exact
odds of :func:`nekolib.neko_in.analysis.entry_odds`, and a plan cost of the turns still
needed).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nekolib.core import TABLE, Agent, GameState, NekoError, RandomAgent, check_seat
from nekolib.mcts import MCTSAgent
from nekolib.neko_in.hint_odds import resting_tile
from nekolib.neko_in.rules import (
    COLOURS,
    ICONS,
    IN_ROOM,
    N_ICONS,
    ROOMS,
    Discard,
    Fastest,
    Hide,
    Move,
    NekoState,
    Pass,
    UseCrunchies,
    UseLitterBox,
    Wake,
    space_name,
    tile_name,
)

__all__ = ["AGENTS", "GreedyAgent", "RolloutAgent", "TableAgent", "determinize", "mcts_agent"]

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
            return f"the table is not a strategist: one of the {_plural(k, 'player')}, at random"
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
    """Answers the table's 'who was fastest?' with one of the players, at random."""

    name: str = "table"

    def choose(self, state: GameState, rng: random.Random) -> Any:
        legal = state.legal_actions()
        catchers = [a for a in legal if isinstance(a, Fastest) and a.player is not None]
        return rng.choice(catchers or legal)


# --------------------------------------------------------------------------- rollouts
@dataclass
class RolloutAgent:
    """The greedy rules of thumb read straight off the state: fast, for MCTS simulations.

    It reads the decider's own tiles and the board, nothing else, so it plays honestly in
    a world from :func:`determinize` (where the other hands are made up anyway). Same
    choices as :class:`GreedyAgent` but without building a view: about ten times cheaper.
    """

    name: str = "rollout"

    def choose(self, state: NekoState, rng: random.Random) -> Any:
        legal = state._legal_actions()
        me = state.current_player()
        if me == TABLE:
            catchers = [a for a in legal if a.player is not None]
            return _any(catchers or legal, rng)
        phase = state.phase
        mine = state.hands[me]
        if phase == "hide":
            good = [a for a in legal if a.space in mine]  # mine: for me, or useless to a visitor
            return _any(good or legal, rng)
        if phase == "discard":
            own = state.colours[me]
            far = [a for a in legal if a.tile // N_ICONS != own]
            return (far or legal)[0]
        if phase == "move":
            return self._move(state, me, mine, legal, rng)
        return _any(legal, rng)

    def _move(
        self, state: NekoState, me: int, mine: tuple, legal: tuple, rng: random.Random
    ) -> Any:
        litter = [a for a in legal if type(a) is UseLitterBox and a.space in mine]
        if litter:
            return litter[0]
        here = state.cats[state.colours[me]]
        here_room = here // N_ICONS if 0 <= here < IN_ROOM else None
        own = state.colours[me]
        rooms = {t // N_ICONS for t in mine if t != here}
        moves = [a for a in legal if type(a) is Move]
        sure = [a for a in moves if a.room in rooms and a.room in (own, here_room)]
        if sure:
            return sure[0]
        if len(mine) > 1 and UseCrunchies() in legal:
            return UseCrunchies()
        busy = {p // N_ICONS for p in state.cats if 0 <= p < IN_ROOM}
        hopeful = [a for a in moves if a.room in rooms]
        free = [a for a in hopeful if a.room not in busy]
        return _any(free or hopeful or moves or legal, rng)


def _any(actions: Any, rng: random.Random) -> Any:
    return actions[int(rng.random() * len(actions))]


# --------------------------------------------------------------------------- determinizing
MAX_DEALS = 10_000
"""Redeals tried before :func:`determinize` gives up (a consistent deal is found in a few)."""


def determinize(state: NekoState, player: int, rng: random.Random) -> NekoState:
    """A full state ``player`` cannot tell from ``state``: what they cannot see is redealt.

    Hidden from a player (``state.view(player)`` shows them as ``HIDDEN``): "shuffle them
    face down and deal 5 to each player" - the other players' hideout tiles, of which only
    the numbers are seen; and (Events) the face-down event tiles, "lay one on each hideout
    space of their room". So:

    * the tiles held by the others are pooled and dealt again at random, each keeping their
      number of tiles, among the deals consistent with the position: a player's cat resting
      on an uncovered hideout does not hold its tile ("Bring your own cat to the hideouts
      ... that match the coloured icons on your hideout tiles": it would have got rid of
      it). Every such deal is equally likely (rejection sampling). Older observations (a
      hideout a cat visited earlier) are not in the state and are not used;
    * in every room, the event tiles still face down are shuffled among its face-down
      spaces (which tiles of a room are still face down, the player saw being revealed).

    Only the multisets of hidden things are read from ``state``, never where they are, so
    two states ``player`` cannot tell apart give the same world for the same ``rng``.
    """
    check_seat(player, state.num_players, "determinize")
    hands = _redeal(state, player, rng)
    events = _reshuffle_events(state, rng)
    return state._evolve(hands=hands, events=events)


def _redeal(state: NekoState, player: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    others = [p for p in range(state.num_players) if p != player]
    pool = sorted(t for p in others for t in state.hands[p])
    forbidden = {p: resting_tile(state, p) for p in others}
    hands = list(state.hands)
    for _ in range(MAX_DEALS):
        rng.shuffle(pool)
        start = 0
        for p in others:
            k = len(state.hands[p])
            hands[p] = tuple(sorted(pool[start : start + k]))
            start += k
        if all(forbidden[p] not in hands[p] for p in others):
            return tuple(hands)
        pool.sort()
    raise NekoError(  # pragma: no cover - the real deal is consistent: one is found in a few
        f"no deal of the other players' tiles fits the position after {MAX_DEALS} tries"
    )


def _reshuffle_events(state: NekoState, rng: random.Random) -> tuple[str | None, ...]:
    if not state.events:
        return state.events
    events = list(state.events)
    for room in sorted(state.colours):
        spaces = [s for s in range(room * N_ICONS, room * N_ICONS + N_ICONS) if events[s]]
        tiles = sorted(events[s] for s in spaces)  # type: ignore[type-var]
        rng.shuffle(tiles)
        for s, tile in zip(spaces, tiles, strict=True):
            events[s] = tile
    return tuple(events)


def mcts_agent(iterations: int = 200, **options: Any) -> MCTSAgent:
    """Monte Carlo tree search over worlds dealt by :func:`determinize` (no peeking).

    Simulations are finished by :class:`RolloutAgent` (greedy rules of thumb): with
    uniformly random simulations the search loses to :class:`GreedyAgent` (see
    ``bench/bench_agents.py``). ``mcts_agent(rollout=None)`` gives random simulations.
    """
    defaults: dict[str, Any] = {"determinize": determinize, "rollout": RolloutAgent()}
    return MCTSAgent(iterations=iterations, **(defaults | options))


def expectimax_agent(**options: Any) -> Agent:
    """The hint player: expectimax over the turn with exact odds (:mod:`.planner`)."""
    from nekolib.neko_in.planner import ExpectimaxAgent  # planner imports analysis (sympy)

    return ExpectimaxAgent(**options)


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": mcts_agent,
    "expectimax": expectimax_agent,
}
"""Name -> factory (no arguments: a sensible default; ``AGENTS["mcts"](iterations=400)``)."""
