"""Neko-in rules engine: the Classic version and, with ``Params(version="events")``, Events.

Rulebook: ``seeds/000_*.txt``. "The goal of Neko-in is to be the first player to
get rid of all of your hideout tiles." Every rule the rulebook leaves open is a
field of :class:`Params` and a row of ``docs/assumptions/neko_in.md``.

Encoding (all small ints, so states are cheap to copy):

* colours ``0..5`` = black, red, yellow, pink, light blue, white; the room of
  colour ``c`` is owned by the seat playing the cat of colour ``c``;
* a hideout *space* (and the hideout *tile* matching it) is ``room * 5 + icon``;
* a cat position is :data:`GARDEN`, a space, or ``IN_ROOM + room`` while a Cat
  Teaser has gathered the cats in a room (they are not on a hideout yet).

Turn phases (``state.phase``) and who decides them:

=============  ===========================  =========================================
phase          decider                      actions
=============  ===========================  =========================================
``move``       active player                :class:`Move`, held event tiles, :class:`Pass`
``wake``       active player (napping cat)  :class:`Wake`
``brawl``      chance (2 dice)              :class:`Roll`
``hide``       room owner / active / cat's  :class:`Hide`
               player after a Cat Teaser
``crunchies``  chance (2 dice)              :class:`Roll`
``teaser``     chance (2 dice, repeated)    :class:`Roll`
``catch``      chance (catch die)           :class:`Roll`
``fastest``    :data:`~nekolib.core.TABLE`  :class:`Fastest`
``discard``    the fastest player           :class:`Discard`
``over``       nobody                       -
=============  ===========================  =========================================
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from nekolib.core import (
    HIDDEN,
    GameState,
    IllegalAction,
    InvalidSetup,
    action_problem,
    check_player_count,
    check_seat,
    coerce_params,
    decider_name,
    describe,
    make_rng,
)

__all__ = [
    "AFFINITY",
    "CAT_TEASER",
    "COLOURS",
    "CRUNCHIES",
    "EVENTS",
    "GARDEN",
    "ICONS",
    "IN_ROOM",
    "LITTER_BOX",
    "NAP",
    "ROOMS",
    "Discard",
    "EndTurn",
    "Fastest",
    "Hide",
    "Move",
    "NekoState",
    "Params",
    "Pass",
    "Roll",
    "UseAffinity",
    "UseCrunchies",
    "UseLitterBox",
    "Wake",
    "brawl_result",
    "new_game",
    "room_of",
    "space_name",
    "tile_name",
]

from nekolib.neko_in.components import (  # noqa: F401 (re-exported)
    AFFINITY,
    AFFINITY_ACTIONS,
    BRAWL,
    CAT_TEASER,
    CATCH,
    CHANCE_PHASES,
    COLOURS,
    CRUNCH,
    CRUNCH_ACTION,
    CRUNCHIES,
    DEFAULT_EVENT_SETS,
    DISCARD,
    DISCARD_ACTIONS,
    END_ACTION,
    EVENT_TEXT,
    EVENTS,
    FASTEST,
    FASTEST_ACTIONS,
    FIXED_DECIDER,
    GARDEN,
    HIDE,
    HIDE_ACTIONS,
    ICONS,
    IN_ROOM,
    KEPT_EVENTS,
    LITTER_ACTIONS,
    LITTER_BOX,
    MAX_CATCH_DICE,
    MOVE,
    MOVE_ACTIONS,
    N_ICONS,
    NAP,
    OVER,
    PASS_ACTION,
    PUBLISHED_DIE,
    ROOMS,
    TEASE,
    WAKE,
    WAKE_ACTION,
    Discard,
    EndTurn,
    Fastest,
    Hide,
    Move,
    Params,
    Pass,
    Roll,
    UseAffinity,
    UseCrunchies,
    UseLitterBox,
    Wake,
    Written,
    brawl_result,
    dice_outcomes,
    face_name,
    is_whole,
    position_name,
    roll_table,
    room_of,
    space_name,
    tile_name,
)


# --------------------------------------------------------------------------- state
@dataclass(frozen=True, repr=False)
class NekoState(GameState):
    """An immutable Neko-in position (see the module docstring for the encoding)."""

    params: Params
    num_players: int
    colours: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    cats: tuple[int, ...]
    covered: frozenset[int] = frozenset()
    phase: str = MOVE
    active: int = 0
    box: tuple[int, ...] = ()
    """Hideout tiles got rid of by catching (back in the box, face up)."""
    events: tuple[str | None, ...] = ()
    """Face-down event tile on each of the 30 spaces (Events version), else ``()``."""
    held: tuple[tuple[str, ...], ...] = ()
    """Event tiles each player keeps in front of them (face up)."""
    event_box: tuple[str, ...] = ()
    """Event tiles put back in the box, in order."""
    napping: frozenset[int] = frozenset()
    moves_left: int = 1
    turn_index: int = 0
    room: int = -1
    target: int = -1
    cat: int = -1
    chooser: int = -1
    dice: tuple[int, ...] = ()
    catch_roll: tuple[int, ...] = ()
    catcher: int = -1
    teaser: tuple[int, ...] = ()
    winner: int = -1
    news: str = ""

    # ------------------------------------------------------------------ helpers
    def _evolve(self, **changes: Any) -> NekoState:
        """A copy with some fields changed (a fast ``dataclasses.replace``)."""
        new = object.__new__(NekoState)
        d = new.__dict__
        d.update(self.__dict__)
        d.update(changes)
        d.pop("_legal", None)
        return new

    @property
    def _sorted_rooms(self) -> tuple[int, ...]:
        return tuple(sorted(self.colours))

    @property
    def rooms_in_play(self) -> tuple[int, ...]:
        """'Return to the box any unused rooms': the rooms of the players' colours."""
        return self.colours

    def seat_of(self, colour: int) -> int | None:
        """The seat playing the cat of ``colour`` (``None`` for a spare cat)."""
        try:
            return self.colours.index(colour)
        except ValueError:
            return None

    def owner(self, room: int) -> int:
        """The player 'who owns that room' (its frame colour matches their cat)."""
        return self.colours.index(room)

    def occupant(self, room: int, besides: int = -1) -> int | None:
        """The cat in ``room`` other than ``besides`` (outside the Garden, one at most)."""
        for colour, pos in enumerate(self.cats):
            if colour != besides and pos != GARDEN and room_of(pos) == room:
                return colour
        return None

    def free_spaces(self, room: int, besides: int = -1) -> list[int]:
        """Hideouts of ``room`` without a hideout tile on top, except ``besides``."""
        base = room * N_ICONS
        return [s for s in range(base, base + N_ICONS) if s not in self.covered and s != besides]

    def seat_name(self, seat: int) -> str:
        """A seat is named after its cat, as on the picture and in the widget: 'Black cat'."""
        if not 0 <= seat < self.num_players:
            return decider_name(seat)
        return f"{COLOURS[self.colours[seat]].capitalize()} cat"

    def own_cat(self, player: int | None = None) -> int:
        return self.colours[self.active if player is None else player]

    def tiles_left(self) -> list[int]:
        return [len(h) for h in self.hands]

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        fixed = FIXED_DECIDER.get(self.phase)
        if fixed is not None:
            return fixed
        phase = self.phase
        if phase == HIDE:
            return self.chooser
        if phase == DISCARD:
            return self.catcher
        return self.active

    def turn_player(self) -> int:
        return self.active

    def _legal_actions(self) -> tuple:
        cached = self.__dict__.get("_legal")
        if cached is None:  # memoised outside the dataclass fields (states never change)
            cached = self.__dict__["_legal"] = tuple(self._compute_legal())
        return cached

    def legal_actions(self) -> list:
        if self.phase == OVER:
            return []
        if self.phase in CHANCE_PHASES:
            return [a for a, _ in self.chance_outcomes()]
        return list(self._legal_actions())

    def is_legal(self, action: Any) -> bool:
        if self.phase == OVER:
            return False
        if self.phase in CHANCE_PHASES:
            return type(action) is Roll and action.faces in roll_table(
                self._faces(), self._n_dice()
            )
        return action in self._legal_actions()

    def _n_dice(self) -> int:
        return self.params.catch_dice if self.phase == CATCH else 2

    def _faces(self) -> tuple[int, ...]:
        """The faces of the dice rolled now: the catch die, or the two brawl dice."""
        return self.params.catch_die_faces if self.phase == CATCH else self.params.die_faces

    def chance_outcomes(self) -> list[tuple[Roll, Fraction]]:
        if self.phase not in CHANCE_PHASES:
            return super().chance_outcomes()
        return list(dice_outcomes(self._faces(), self._n_dice()))

    def sample_chance(self, rng: random.Random) -> Roll:
        """Roll fair dice (same distribution as :meth:`chance_outcomes`, without Fractions)."""
        faces = self._faces()
        n = len(faces)
        rolled = tuple(faces[int(rng.random() * n)] for _ in range(self._n_dice()))
        return roll_table(faces, len(rolled))[rolled]

    def _compute_legal(self) -> list:
        phase = self.phase
        if phase == MOVE:
            return self._movement_actions()
        if phase == HIDE:
            return [HIDE_ACTIONS[s] for s in self.free_spaces(self.room, self.cats[self.cat])]
        if phase == WAKE:
            return [WAKE_ACTION]
        if phase == FASTEST:
            return [FASTEST_ACTIONS[p] for p in range(self.num_players)] + [FASTEST_ACTIONS[None]]
        if phase == DISCARD:
            return [DISCARD_ACTIONS[t] for t in self.hands[self.catcher]]
        return []

    def _may_access(self, room: int) -> bool:
        """Extra rule: 'players may not access the rooms they control during their first turn'."""
        return not (
            self.turn_index < self.num_players
            and self.params.no_own_room_first_turn
            and room == self.own_cat()
        )

    def _can_enter(self, room: int) -> bool:
        """A room can be targeted if it has a reachable hideout for the cat.

        'The chosen hideout must still be reachable, meaning it must not have a
        hideout tile on top of it'; a cat already in the room must change space.
        """
        return self._may_access(room) and bool(self.free_spaces(room, self.cats[self.own_cat()]))

    def _litter_targets(self) -> list[int]:
        me = self.own_cat()
        here = self.cats[me]
        targets = []
        for room in self.rooms_in_play:
            if not self._may_access(room):
                continue
            if not self.params.litter_box_brawls and self.occupant(room, me) is not None:
                continue
            targets += self.free_spaces(room, here)
        return sorted(targets)

    def _movement_actions(self) -> list:
        """'During my turn I can make only one movement' (plus held event tiles)."""
        if self.moves_left <= 0:  # after the movement: held tiles or end the turn
            return self._after_movement_actions()
        here = self.cats[self.own_cat()]
        free = [N_ICONS] * len(COLOURS)  # reachable hideouts per room
        for s in self.covered:
            free[s // N_ICONS] -= 1
        if 0 <= here < IN_ROOM and here not in self.covered:
            free[here // N_ICONS] -= 1
        barred = -1 if self._may_access(self.own_cat()) else self.own_cat()
        actions: list = [MOVE_ACTIONS[r] for r in self._sorted_rooms if free[r] and r != barred]
        held = self.held[self.active] if self.held else ()
        litter = self._litter_targets() if LITTER_BOX in held else []
        if not actions and not litter:
            actions.append(PASS_ACTION)
        if CRUNCHIES in held:
            actions.append(CRUNCH_ACTION)
        if AFFINITY in held:
            actions += self._affinity_swaps()
        actions += [LITTER_ACTIONS[s] for s in litter]
        return actions

    def _after_movement_actions(self) -> list:
        """``Params.held_tiles_after_movement``: 'During your turn you may discard it'."""
        held = self.held[self.active] if self.held else ()
        actions: list = [END_ACTION]
        if CRUNCHIES in held:
            actions.append(CRUNCH_ACTION)
        if AFFINITY in held:
            actions += self._affinity_swaps()
        return actions

    def _affinity_swaps(self) -> list:
        cats = self.cats
        return [s for s in AFFINITY_ACTIONS if cats[s.cat_a] != GARDEN or cats[s.cat_b] != GARDEN]

    def caught_cats(self, faces: Sequence[int] | None = None) -> list[int]:
        """The cats a catch roll (default: the last one) lets the table catch.

        'Be the fastest to catch the cat of the right colour at the end of each turn.' A blank
        face shows no colour; which cats can be caught is ``Params.catch_targets`` (default:
        the pawns outside the Garden).
        """
        rolled = self.catch_roll if faces is None else faces
        how = self.params.catch_targets
        cats = sorted({c for c in rolled if 0 <= c < len(COLOURS)})
        if how == "any":
            return cats
        if how == "players":
            cats = [c for c in cats if c in self.colours]
        return [c for c in cats if self.cats[c] != GARDEN]

    def may_discard(self, player: int) -> bool:
        """'You cannot get rid of your last tile by catching the cat shown on the die.'"""
        return len(self.hands[player]) >= 2

    # ------------------------------------------------------------------ messages
    def check_action(self, action: Any) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal (seats named after cats)."""
        if not self.is_legal(action):
            raise self._illegal(action, self._why_illegal(action))

    def _illegal(self, action: Any, reason: str) -> IllegalAction:
        """The error for ``action``, in the words of the picture and the widget ('Black cat')."""
        legal = self.legal_actions()
        decider = self.current_player()
        who = self.seat_name(decider)
        if self._malformed(action) is None:
            tried = self.action_to_string(action)
        else:  # junk is shown as it was typed
            tried = repr(action) if len(repr(action)) <= 60 else repr(action)[:57] + "..."
        err = IllegalAction(
            Written(f"{tried} for {who}"),
            reason,
            [Written(self.action_to_string(a)) for a in legal],
        )
        err.action, err.legal, err.decider = action, legal, decider
        return err

    def _malformed(self, action: Any) -> str | None:
        """What makes ``action`` no well-formed Neko-in action (a junk field, another game's)."""
        return action_problem(action) or self._foreign_action(action)

    def explain_illegal(self, action: Any) -> str:
        problem = self._malformed(action)
        if problem is not None:
            return problem
        phase = self.phase
        if phase == OVER:
            return "the game is over"
        if phase in CHANCE_PHASES:
            return f"the dice must be rolled now ({self._n_dice()} dice for the {phase})"
        who = self.seat_name(self.current_player()) if phase != FASTEST else "the table"
        if isinstance(action, Move) and phase == MOVE:
            return self._explain_move(action.room)
        if phase == WAKE:
            return f"the {COLOURS[self.own_cat()]} cat is napping: this turn it may only wake up"
        if isinstance(action, Wake):
            return "only a napping cat wakes up (a cat in the Garden is awake)"
        if isinstance(action, Hide) and phase == HIDE:
            if not 0 <= action.space < N_ICONS * len(COLOURS):
                return "there is no such hideout"
            if room_of(action.space) != self.room:
                return f"the cat is being placed in the {ROOMS[self.room]}, not there"
            if action.space in self.covered:
                return "that hideout has a hideout tile on top of it (covered)"
            return "the cat is already on that hideout: it must change space"
        if isinstance(action, Discard) and phase == DISCARD:
            return f"the {self.seat_name(self.catcher)} does not hold that tile"
        if isinstance(action, Fastest) and phase == FASTEST:
            return f"the players are seats 0-{self.num_players - 1} (or None: nobody caught it)"
        if isinstance(action, UseCrunchies | UseAffinity | UseLitterBox) and phase == MOVE:
            if not self.params.events:
                return "event tiles are only used in the Events version"
            return "the player does not hold that event tile, or it cannot be used like that"
        return f"now {who} must decide ({phase} phase)"

    def _explain_move(self, room: int) -> str:
        if room not in self.rooms_in_play:
            return "that room is not in play (only the players' rooms and the Garden are)"
        if not self._may_access(room):
            return "extra rule: you may not enter your own room on your first turn"
        return "that room has no reachable hideout (all covered or only your own space)"

    def action_to_string(self, action: Any) -> str:
        """The action's label, seats named after their cats as in the widget ('Black cat').

        A malformed action or something that is no Neko-in action raises :class:`IllegalAction`
        saying what is wrong and what is legal now.
        """
        problem = self._malformed(action)
        if problem is not None:
            raise self._illegal(action, problem)
        if (
            isinstance(action, Fastest)
            and action.player is not None
            and action.player in range(self.num_players)
        ):
            return f"{self.seat_name(action.player)} was fastest"
        if isinstance(action, Move) and self.phase == MOVE:
            occupant = self.occupant(action.room, self.own_cat())
            fight = f" (brawl with the {COLOURS[occupant]} cat)" if occupant is not None else ""
            return f"{action}{fight}"
        return str(action)

    # ------------------------------------------------------------------ transitions
    def _apply(self, action: Any) -> NekoState:
        kind = type(action)  # exact types: actions are final dataclasses
        if kind is Roll:
            return self._apply_roll(action.faces)
        if kind is Hide:
            return self._arrive(self.cat, action.space, news="")
        if kind is Move:
            return self._apply_move(action.room)
        if kind is Fastest:
            if action.player is None:
                return self._next_turn(news="nobody caught it")
            return self._caught_by(action.player)
        if kind is Discard:
            hands = list(self.hands)
            hands[self.catcher] = tuple(t for t in hands[self.catcher] if t != action.tile)
            return self._next_turn(hands=tuple(hands), box=(*self.box, action.tile))
        if kind is Pass:
            return self._after_movement(moves_left=0)
        if kind is EndTurn:
            return self._end_movement(news="")
        if kind is Wake:
            napping = self.napping - {self.own_cat()}
            return self._after_movement(napping=napping, moves_left=0, news="")
        return self._apply_event_tile(action)

    def _apply_move(self, room: int) -> NekoState:
        """Step 2 of 'Your Turn': target a room; brawl, owner's choice or free choice."""
        me = self.own_cat()
        common = {"moves_left": self.moves_left - 1, "room": room, "target": -1, "cat": me}
        if room_of(self.cats[me]) == room:
            # 'the active player may freely choose one of the spaces of the room'
            return self._evolve(phase=HIDE, chooser=self.active, news="", **common)
        if self.occupant(room, me) is not None:
            return self._evolve(phase=BRAWL, news="", **common)
        # 'The player who owns that room chooses the hideout' (the active one in their own room)
        return self._evolve(phase=HIDE, chooser=self.owner(room), news="", **common)

    def _apply_roll(self, faces: tuple[int, ...]) -> NekoState:
        if self.phase == CATCH:
            return self._after_catch_roll(faces)
        if self.phase == BRAWL:
            return self._resolve_brawl(faces)
        state = self._evolve(dice=faces)
        if self.phase == CRUNCH:
            return state._resolve_crunchies(faces)
        return state._resolve_teaser_roll(faces)

    def _resolve_brawl(self, faces: tuple[int, ...]) -> NekoState:
        attacker = self.cat
        defender = self.occupant(self.room, attacker)
        assert defender is not None
        loser = brawl_result(faces, attacker, defender)
        if loser != "defender":  # 'that cat is moved to the garden and you go to step 3'
            lost = self._garden_changes(attacker, *([defender] if loser == "both" else []))
            if self.params.lost_brawl_ends_movement:
                lost["moves_left"] = 0
            news = "brawl lost" if loser == "attacker" else "brawl: both cats to the Garden"
            return self._after_movement(dice=faces, news=news, **lost)
        # 'Then the player proceeds as if the room were free.'
        won = self._garden_changes(defender)
        if self.target >= 0:
            return self._evolve(dice=faces, news="brawl won", **won)._arrive(attacker, self.target)
        chooser = self.owner(self.room)
        return self._evolve(dice=faces, news="brawl won", phase=HIDE, chooser=chooser, **won)

    def _to_garden(self, colour: int) -> NekoState:
        """Send a cat to the Garden; 'If your cat ends up in the garden, it wakes up'."""
        return self._evolve(**self._garden_changes(colour))

    def _garden_changes(self, *colours: int) -> dict[str, Any]:
        cats = list(self.cats)
        for colour in colours:
            cats[colour] = GARDEN
        changes: dict[str, Any] = {"cats": tuple(cats)}
        if self.napping and not self.napping.isdisjoint(colours):
            changes["napping"] = self.napping.difference(colours)
        return changes

    def _place(self, colour: int, space: int, **changes: Any) -> NekoState:
        cats = list(self.cats)
        cats[colour] = space
        return self._evolve(cats=tuple(cats), **changes)

    def _arrive(self, colour: int, space: int, **changes: Any) -> NekoState:
        """A cat is placed on a hideout: reveal an event tile there, get rid of a matching tile."""
        event = self.events[space] if self.events else None
        if event is None:  # the common case, in one copy of the state
            cats = list(self.cats)
            cats[colour] = space
            changes["cats"] = tuple(cats)
            changes.update(self._rid_changes(colour, space))
            return self._after_movement(**changes)
        state = self._place(colour, space, **changes)
        events = list(state.events)
        events[space] = None
        state = state._evolve(events=tuple(events), news=f"revealed {event}")
        if not self.params.event_before_tile:
            state = state._get_rid_at(colour, space)
            if state.phase == OVER:  # the game is won before the event matters
                return state._evolve(event_box=(*state.event_box, event))
        return state._trigger(event, colour, space)

    def _get_rid_at(self, colour: int, space: int) -> NekoState:
        """Get rid of a tile: the cat's player holds the matching tile, which covers the space."""
        changes = self._rid_changes(colour, space)
        return self._evolve(**changes) if changes else self

    def _rid_changes(self, colour: int, space: int) -> dict[str, Any]:
        """The fields :meth:`_get_rid_at` changes (empty: the cat's player holds no such tile)."""
        seat = self.seat_of(colour)
        if seat is None or space in self.covered or space not in self.hands[seat]:
            return {}
        hands = list(self.hands)
        hands[seat] = tuple(t for t in hands[seat] if t != space)
        changes: dict[str, Any] = {"hands": tuple(hands), "covered": self.covered | {space}}
        if not hands[seat]:
            # 'The game ends when one of the players has got rid of all their hideout tiles.'
            changes.update(phase=OVER, winner=seat)
        return changes

    def _after_movement(self, **changes: Any) -> NekoState:
        """The movement is resolved (with ``changes`` applied): another movement or the catch."""
        if changes.get("phase", self.phase) == OVER:
            return self._evolve(**changes) if changes else self
        moves_left = changes.get("moves_left", self.moves_left)
        awake = self.own_cat() not in changes.get("napping", self.napping)
        if moves_left > 0 and awake:
            phase = MOVE
        elif awake and self._tiles_after_movement(changes):
            phase, changes["moves_left"] = MOVE, 0
        else:
            return self._end_movement(**changes)
        changes.update(phase=phase, room=-1, target=-1, cat=-1, chooser=-1, teaser=())
        return self._evolve(**changes)

    def _end_movement(self, **changes: Any) -> NekoState:
        """The movement part of the turn is over: the catch, or the next turn."""
        changes["teaser"] = ()
        if not self.params.catch_phase:  # ``Params(catch_phase=False)``: no catch roll
            return self._next_turn(**changes)
        changes.update(phase=CATCH, room=-1, target=-1, cat=-1, chooser=-1)
        return self._evolve(**changes)

    def _after_catch_roll(self, faces: tuple[int, ...]) -> NekoState:
        """'Be the fastest to catch the cat of the right colour at the end of each turn.'

        A roll with no cat to catch (blank faces, cats in the Garden: ``Params.catch_targets``)
        catches nobody: the table is not asked and nobody gets rid of a tile.
        """
        if not self.caught_cats(faces):
            news = f"{self.news}; no cat to catch" if self.news else "no cat to catch"
            return self._next_turn(dice=faces, catch_roll=faces, news=news)
        return self._evolve(phase=FASTEST, dice=faces, catch_roll=faces, news="")

    def _caught_by(self, player: int) -> NekoState:
        """``player`` was fastest: the cat goes to the Garden, then they get rid of a tile.

        'You cannot get rid of your last tile by catching the cat shown on the die': a player
        with one tile still catches (the cat is carried to the Garden) but discards nothing.
        """
        changes = self._catch_changes()
        if self.may_discard(player):
            return self._evolve(phase=DISCARD, catcher=player, **changes)
        changes["news"] = changes.get("news", "the cat was caught") + (
            f"; the {self.seat_name(player)} holds one tile: no discard"
        )
        return self._next_turn(**changes)

    def _tiles_after_movement(self, changes: dict[str, Any]) -> bool:
        """Whether the active player may still use a held tile (``held_tiles_after_movement``)."""
        if not self.params.held_tiles_after_movement or not self.held:
            return False
        held = changes.get("held", self.held)[self.active]
        if CRUNCHIES in held:
            return True
        cats = changes.get("cats", self.cats)
        return AFFINITY in held and sum(c != GARDEN for c in cats) > 0

    def _catch_changes(self) -> dict[str, Any]:
        """The caught cat is carried to the Garden (``Params.caught_cat_to_garden``).

        'Be the fastest to catch the cat of the right colour at the end of each turn.'
        The cat of each caught colour is grabbed ('by the collar', in reviews of the
        published game) and goes to the Garden, where 'it wakes up automatically'.
        """
        if not self.params.caught_cat_to_garden:
            return {}
        moved = [c for c in self.caught_cats() if self.cats[c] != GARDEN]
        if not moved:
            return {}
        names = " and ".join(COLOURS[c] for c in moved)
        news = f"the {names} cat was caught and carried to the Garden"
        return {**self._garden_changes(*moved), "news": news}

    def _next_turn(self, **changes: Any) -> NekoState:
        """'The game is played in turns, in clockwise order.'

        The next player's turn is 'wake up only' if their cat is napping *after* ``changes``
        (Nap: 'on your next turn you may only wake it up, standing it up again. If your cat
        ends up in the garden, it wakes up automatically.'): a napping cat carried to the
        Garden by this turn's catch or brawl is awake, and its player moves as usual.
        ``changes`` may set any field; the turn's own fields (phase, moves left, ...) win.
        """
        nxt = (self.active + 1) % self.num_players
        napping = self.colours[nxt] in changes.get("napping", self.napping)
        changes.update(
            phase=WAKE if napping else MOVE,
            active=nxt,
            turn_index=self.turn_index + 1,
            moves_left=1,
            room=-1,
            target=-1,
            cat=-1,
            chooser=-1,
            catcher=-1,
        )
        return self._evolve(**changes)

    # ------------------------------------------------------------------ events
    def _trigger(self, event: str, colour: int, space: int) -> NekoState:
        """'that tile is revealed, its effects are applied, and it is then discarded'."""
        if event == NAP:
            state = self._evolve(napping=self.napping | {colour}, event_box=(*self.event_box, NAP))
            return state._finish_event(colour, space)
        if event == CRUNCHIES:
            return self._evolve(phase=CRUNCH, cat=colour, target=space)
        if event == CAT_TEASER:
            return self._evolve(event_box=(*self.event_box, CAT_TEASER))._gather(room_of(space))
        return self._keep(event, colour)._finish_event(colour, space)

    def _keep(self, event: str, colour: int) -> NekoState:
        """'Take this tile and place it in front of you' (a spare cat has nobody: to the box)."""
        seat = self.seat_of(colour)
        if seat is None:
            return self._evolve(event_box=(*self.event_box, event))
        held = list(self.held)
        held[seat] = (*held[seat], event)
        return self._evolve(held=tuple(held))

    def _finish_event(self, colour: int, space: int) -> NekoState:
        state = self
        if self.params.event_before_tile and self.cats[colour] == space:
            state = state._get_rid_at(colour, space)
        return state._after_movement()

    def _resolve_crunchies(self, faces: tuple[int, ...]) -> NekoState:
        """'If your cat's colour comes up on at least one of them, move your cat to the garden'."""
        colour, space = self.cat, self.target
        if colour in faces:
            state = self._to_garden(colour)._evolve(
                event_box=(*self.event_box, CRUNCHIES), news="Crunchies: a trap! to the Garden"
            )
            return state._after_movement()
        state = self._keep(CRUNCHIES, colour)._evolve(news="Crunchies kept")
        return state._finish_event(colour, space)

    def _gather(self, room: int) -> NekoState:
        """Cat Teaser: 'All the cats gather in the room where the cat teaser was turned over.'"""
        how = self.params.teaser_gathers
        if how == "all":
            group = list(range(len(COLOURS)))
        elif how == "players":
            group = sorted(self.colours)
        else:
            group = [c for c, p in enumerate(self.cats) if p != GARDEN]
        cats = list(self.cats)
        for c in group:
            cats[c] = IN_ROOM + room
        state = self._evolve(cats=tuple(cats), room=room, teaser=tuple(group), news="Cat Teaser!")
        return state._teaser_next()

    def _resolve_teaser_roll(self, faces: tuple[int, ...]) -> NekoState:
        """'the cats of the colours shown go to the garden' (some rolls have no effect)."""
        state = self
        for c in self.teaser:
            if c in faces:
                state = state._to_garden(c)
        remaining = tuple(c for c in self.teaser if c not in faces)
        return state._evolve(teaser=remaining)._teaser_next()

    def _teaser_next(self) -> NekoState:
        """'Keep rolling until only one cat (or none) remains in the room'."""
        if len(self.teaser) > 1:
            return self._evolve(phase=TEASE)
        if not self.teaser:
            return self._evolve(news="Cat Teaser: no cat remains")._after_movement()
        last = self.teaser[0]
        if not self.free_spaces(self.room):  # every hideout covered: nowhere to hide
            return self._to_garden(last)._evolve(teaser=())._after_movement()
        seat = self.seat_of(last)
        # 'The player of that cat chooses where to place their cat among the available hideouts.'
        chooser = self.owner(self.room) if seat is None else seat
        return self._evolve(
            phase=HIDE, cat=last, chooser=chooser, news=f"Cat Teaser: the {COLOURS[last]} cat stays"
        )

    def _apply_event_tile(self, action: Any) -> NekoState:
        """Use a held event tile: Crunchies, Affinity or Litter Box."""
        held = list(self.held)
        mine = list(held[self.active])
        kind = {UseCrunchies: CRUNCHIES, UseAffinity: AFFINITY, UseLitterBox: LITTER_BOX}[
            type(action)
        ]
        mine.remove(kind)
        held[self.active] = tuple(mine)
        state = self._evolve(held=tuple(held), event_box=(*self.event_box, kind), news="")
        if isinstance(action, UseCrunchies):
            return state._evolve(moves_left=self.moves_left + 1)
        if isinstance(action, UseAffinity):
            return state._swap(action.cat_a, action.cat_b)
        return state._litter_box(action.space)

    def _swap(self, a: int, b: int) -> NekoState:
        """Affinity: swap two cats; a napping cat swapped into the Garden wakes up."""
        cats = list(self.cats)
        cats[a], cats[b] = cats[b], cats[a]
        napping = self.napping - {c for c in (a, b) if cats[c] == GARDEN}
        state = self._evolve(cats=tuple(cats), napping=napping, news="Affinity swap")
        if self.params.swap_discards:
            for c in (a, b):
                if cats[c] != GARDEN:
                    state = state._get_rid_at(c, cats[c])
                    if state.phase == OVER:
                        return state
        return state._evolve(phase=MOVE)

    def _litter_box(self, space: int) -> NekoState:
        """Litter Box: 'move directly to the chosen hideout space, even if the room belongs
        to another player' (a brawl first if another cat is in that room)."""
        me = self.own_cat()
        room = room_of(space)
        state = self._evolve(moves_left=self.moves_left - 1, room=room, target=space, cat=me)
        if room_of(self.cats[me]) != room and self.occupant(room, me) is not None:
            return state._evolve(phase=BRAWL)
        return state._arrive(me, space)

    # ------------------------------------------------------------------ results and views
    def returns(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(self.num_players)]

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees: their own hideout tiles only; face-down event tiles as HIDDEN.

        ``player`` is a seat ``0..num_players-1`` or ``None`` (a spectator); anything else
        raises a :class:`~nekolib.core.NekoError` saying so.
        """
        if player is not None:
            player = check_seat(player, self.num_players, "view (or None for a spectator)")
        rooms = []
        for room in sorted(self.rooms_in_play):
            spaces = []
            for icon in range(N_ICONS):
                s = room * N_ICONS + icon
                occupant = [c for c, p in enumerate(self.cats) if p == s]
                spaces.append(
                    {
                        "space": s,
                        "icon": ICONS[icon],
                        "covered": s in self.covered,
                        "cat": COLOURS[occupant[0]] if occupant else None,
                        "event": HIDDEN if self.events and self.events[s] else None,
                    }
                )
            gathered = [COLOURS[c] for c, p in enumerate(self.cats) if p == IN_ROOM + room]
            rooms.append(
                {
                    "room": room,
                    "name": ROOMS[room],
                    "colour": COLOURS[room],
                    "owner": self.owner(room),
                    "spaces": spaces,
                    "gathered": gathered,
                }
            )
        players = []
        for p in range(self.num_players):
            hand = self.hands[p]
            players.append(
                {
                    "seat": p,
                    "colour": COLOURS[self.colours[p]],
                    "room": ROOMS[self.colours[p]],
                    "tiles": len(hand),
                    "hand": [tile_name(t) for t in hand] if p == player else [HIDDEN] * len(hand),
                    "held": list(self.held[p]) if self.held else [],
                }
            )
        decider = self.current_player()
        return {
            "version": self.params.version,
            "viewer": player,
            "phase": self.phase,
            "active": self.active,
            "decider": decider,
            "turn": self.turn_index + 1,
            "players": players,
            "rooms": rooms,
            "garden": [COLOURS[c] for c, p in enumerate(self.cats) if p == GARDEN],
            "cats": {COLOURS[c]: position_name(p) for c, p in enumerate(self.cats)},
            "napping": sorted(COLOURS[c] for c in self.napping),
            "dice": [face_name(f) for f in self.dice],
            "catch_roll": [face_name(f) for f in self.catch_roll],
            "box": [tile_name(t) for t in self.box],
            "event_box": list(self.event_box),
            "moves_left": self.moves_left,
            "news": self.news,
            "target_room": ROOMS[self.room] if self.room >= 0 else None,
            "moving_cat": COLOURS[self.cat] if self.cat >= 0 else None,
            "winner": self.winner if self.winner >= 0 else None,
        }


# --------------------------------------------------------------------------- setup
def _dealt(hands: Any, num_players: int, tiles: list[int]) -> tuple[tuple[int, ...], ...]:
    """Given ``hands``, checked: every tile of the rooms in play, 5 to each player."""
    try:
        dealt = tuple(tuple(sorted(h)) for h in hands)
        ok = (
            all(type(t) is int for h in dealt for t in h)
            and len(dealt) == num_players
            and all(len(h) == N_ICONS for h in dealt)
            and sorted(t for h in dealt for t in h) == sorted(tiles)
        )
    except TypeError:
        ok = False
    if not ok:
        raise InvalidSetup(
            f"hands must deal every tile of the rooms in play (tile ids {sorted(tiles)}), "
            f"5 to each of the {num_players} players; got {describe(hands)}"
        )
    return dealt


def new_game(
    num_players: int = 3,
    seed: int | str | None = None,
    params: Params | None = None,
    *,
    version: Literal["classic", "events"] | None = None,
    hands: Sequence[Sequence[int]] | None = None,
    **overrides: Any,
) -> NekoState:
    """Set up a game (shuffle and deal with ``seed``, or deal the given ``hands``).

    'Take all the hideout tiles showing the icons of the colours of the rooms in
    play, shuffle them face down and deal 5 to each player.' 'Before starting,
    place all the cats, both those of each player and the spare ones, on the
    Garden board.' Events: each player's 5 event tiles are shuffled 'and lay one
    on each hideout space of their room'.

    ``params`` is a :class:`Params`, a dict of its fields, or ``None``; keyword
    arguments override fields (``new_game(4, catch_dice=2)``).
    """
    if version is not None:
        overrides["version"] = version
    params = coerce_params(params, Params, overrides)
    num_players = check_player_count(num_players, 3, 6, "Neko-in")
    colours = tuple(range(num_players)) if params.colours is None else params.colours
    if len(colours) != num_players:
        raise InvalidSetup(
            f"Params.colours must give one cat colour per player ({num_players}); got {colours}"
        )
    params.check_teaser_ends(colours)
    rng = make_rng(seed)
    tiles = [r * N_ICONS + i for r in colours for i in range(N_ICONS)]
    if hands is None:
        rng.shuffle(tiles)
        dealt = tuple(tuple(sorted(tiles[5 * p : 5 * p + 5])) for p in range(num_players))
    else:
        dealt = _dealt(hands, num_players, tiles)
    events: tuple[str | None, ...] = ()
    held: tuple[tuple[str, ...], ...] = ()
    if params.events:
        board: list[str | None] = [None] * (N_ICONS * len(COLOURS))
        for room in colours:
            tiles_of_room = list(params.event_sets[room])
            rng.shuffle(tiles_of_room)
            board[room * N_ICONS : room * N_ICONS + N_ICONS] = tiles_of_room
        events = tuple(board)
        held = ((),) * num_players
    return NekoState(
        params=params,
        num_players=num_players,
        colours=tuple(colours),
        hands=dealt,
        cats=(GARDEN,) * len(COLOURS),
        events=events,
        held=held,
    )
