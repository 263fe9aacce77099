"""Neko-in components, parameters, actions and dice (re-exported by :mod:`.rules`).

Rulebook: ``seeds/000_*.txt``. Split out of ``rules.py`` (which keeps the state and the
setup) so that each file stays readable; import from :mod:`nekolib.neko_in.rules` as before.
"""

from __future__ import annotations

import itertools
import numbers
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, Literal

from nekolib.core import (
    CHANCE,
    TABLE,
    TERMINAL,
    InvalidSetup,
    check_fields,
    describe,
)

# --------------------------------------------------------------------------- components
COLOURS: tuple[str, ...] = ("black", "red", "yellow", "pink", "light blue", "white")
"""'6 cat pawns, one per colour: black, red, yellow, pink, light blue and white.'"""
ROOMS: tuple[str, ...] = (
    "Entrance",
    "Kitchen",
    "Living Room",
    "Pink Bedroom",
    "Light Blue Bedroom",
    "Bathroom",
)
"""'Black/Entrance, Red/Kitchen, Yellow/Living Room, Pink/Bedroom, Light Blue/Bedroom,
White/Bathroom' (the two bedrooms are told apart by colour)."""
ICONS: tuple[str, ...] = ("spring mouse", "bird", "bell", "butterfly", "fish bone")
"""'Each shows a coloured icon: spring mouse, bird, bell, butterfly or fish bone.'"""
N_ICONS = len(ICONS)
GARDEN = -1
"""Position of a cat on the Garden board (any number of cats, no brawls)."""
IN_ROOM = 100
"""``IN_ROOM + room``: gathered in ``room`` by a Cat Teaser, not on a hideout."""

NAP, CRUNCHIES, AFFINITY, LITTER_BOX, CAT_TEASER = (
    "Nap",
    "Crunchies",
    "Affinity",
    "Litter Box",
    "Cat Teaser",
)
EVENTS: tuple[str, ...] = (NAP, CRUNCHIES, AFFINITY, LITTER_BOX, CAT_TEASER)
"""The five event tiles of the rulebook's 'Event Tiles' list."""
KEPT_EVENTS = frozenset({CRUNCHIES, AFFINITY, LITTER_BOX})
"""Events whose tile the player 'takes and places in front of' them, to use later."""

EVENT_TEXT: dict[str, str] = {
    NAP: "Nap: the cat lies down on the hideout; on its player's next turn they may only "
    "wake it up. A cat that ends up in the Garden wakes up automatically.",
    CRUNCHIES: "Crunchies: roll the two dice. The cat's colour on at least one die sends it "
    "to the Garden; otherwise its player keeps the tile for one extra movement.",
    AFFINITY: "Affinity: its player keeps the tile; during their turn they may discard it "
    "to swap the positions of two cats.",
    LITTER_BOX: "Litter Box: its player keeps the tile; during their turn they may discard "
    "it to move straight to a chosen hideout, even in another player's room.",
    CAT_TEASER: "Cat Teaser: all the cats gather in this room; the dice are rolled until one "
    "cat (or none) remains, the cats of the colours shown going to the Garden. The player "
    "of the last cat chooses its hideout.",
}

MOVE, WAKE, BRAWL, HIDE, CRUNCH, TEASE, CATCH, FASTEST, DISCARD, OVER = (
    "move",
    "wake",
    "brawl",
    "hide",
    "crunchies",
    "teaser",
    "catch",
    "fastest",
    "discard",
    "over",
)
CHANCE_PHASES = frozenset({BRAWL, CRUNCH, TEASE, CATCH})
FIXED_DECIDER = {OVER: TERMINAL, FASTEST: TABLE} | dict.fromkeys(CHANCE_PHASES, CHANCE)


class Written(str):
    """Text already written for a person (an :class:`IllegalAction` shows it as it is)."""


def is_whole(value: Any) -> bool:
    """A whole number such as ``1`` or ``numpy.int64(1)`` (not ``True``, which is a bool)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def room_of(pos: int) -> int:
    """The room a position is in (:data:`GARDEN` for the Garden)."""
    if pos == GARDEN:
        return GARDEN
    return pos - IN_ROOM if pos >= IN_ROOM else pos // N_ICONS


def space_name(space: int) -> str:
    """``'bell (Kitchen)'``."""
    if not is_whole(space) or not 0 <= space < N_ICONS * len(COLOURS):
        return f"no such hideout ({space!r})"
    return f"{ICONS[space % N_ICONS]} ({ROOMS[space // N_ICONS]})"


def tile_name(tile: int) -> str:
    """A hideout tile shows a coloured icon: ``'red fish bone'`` matches the Kitchen's fish bone."""
    if not is_whole(tile) or not 0 <= tile < N_ICONS * len(COLOURS):
        return f"no such tile ({tile!r})"
    return f"{COLOURS[tile // N_ICONS]} {ICONS[tile % N_ICONS]}"


def position_name(pos: int) -> str:
    if pos == GARDEN:
        return "Garden"
    if pos >= IN_ROOM:
        return f"{ROOMS[pos - IN_ROOM]} (gathered)"
    return space_name(pos)


# --------------------------------------------------------------------------- parameters
DEFAULT_EVENT_SETS: tuple[tuple[str, ...], ...] = (EVENTS,) * len(COLOURS)
PUBLISHED_DIE: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
"""One face per cat colour: the published game's dice (issue 2: '6 faces = the 6 cat colours')."""
MAX_CATCH_DICE = 4
"""Largest ``Params.catch_dice``: its 6**n ordered rolls are enumerated exactly."""


@dataclass(frozen=True)
class Params:
    """Everything about a game of Neko-in the rulebook leaves open (defaults documented).

    ``version`` switches the Events version on: 'Follow the normal setup, taking
    care to use the boards on their Events side.'
    """

    version: Literal["classic", "events"] = "classic"
    colours: tuple[int, ...] | None = None
    """Cat colour of each seat (seat 0 starts); ``None``: the first colours in rulebook order."""
    die_faces: tuple[int, ...] = PUBLISHED_DIE
    """Colour on each face of the two brawl dice, also rolled for Crunchies and the Cat Teaser
    (-1: a blank face, no cat colour). Issue 2: '6 faces = the 6 cat colours'."""
    catch_phase: bool = True
    """'Be the fastest to catch the cat of the right colour at the end of each turn.'"""
    catch_dice: int = 1
    """How many dice the end-of-turn catch roll uses (the rulebook does not say)."""
    catch_die_faces: tuple[int, ...] = PUBLISHED_DIE
    """Colour on each face of the catch die, apart from the brawl dice so that a variant can
    change one without the other (-1: a blank face, on which nobody is caught)."""
    catch_targets: Literal["house", "players", "any"] = "house"
    """Which rolled cats can be caught: ``"house"`` any pawn outside the Garden (a spare pawn
    only gets there in the Events version), ``"players"`` only a player's cat outside the
    Garden, ``"any"`` even a cat in the Garden (it is not moved; the catcher still discards).
    A blank face, or a roll with no catchable cat, catches nobody: the table is not asked."""
    no_own_room_first_turn: bool = False
    """Extra rule: 'players may not access the rooms they control during their first turn'."""
    event_sets: tuple[tuple[str, ...], ...] = DEFAULT_EVENT_SETS
    """The 5 event tiles of each colour's set (the rulebook does not list them)."""
    teaser_gathers: Literal["all", "players", "house"] = "all"
    """Which cats a Cat Teaser gathers: all six pawns, the players' cats, or those in the house."""
    litter_box_brawls: bool = True
    """A Litter Box into an occupied room starts a brawl (else such rooms cannot be chosen)."""
    event_before_tile: bool = True
    """The event tile on a space is resolved before the hideout tile is got rid of there."""
    swap_discards: bool = True
    """A cat swapped (Affinity) onto a matching uncovered hideout gets rid of that tile."""
    lost_brawl_ends_movement: bool = False
    """A lost brawl ('that cat is moved to the garden and you go to step 3') ends the turn's
    movement even if a Crunchies extra movement is left. ``False``: the extra movement may
    still be made (a lost brawl ends only the movement it belongs to)."""
    held_tiles_after_movement: bool = False
    """Held Crunchies and Affinity tiles may also be used after the movement, before the catch
    ('During your turn you may discard it'); the player then says :class:`EndTurn`.
    ``False``: only in the movement phase, before a movement."""
    caught_cat_to_garden: bool = True
    """A caught cat is carried to the Garden (a napping one wakes up), as in the published game.

    The seed only says 'Be the fastest to catch the cat of the right colour at the end of
    each turn'; reviews of the published game (Mingozzi, Red Glove 2015) describe grabbing
    the pawn 'by the collar' and carrying it out to the Garden. ``False``: it stays put."""

    def __post_init__(self) -> None:
        """Check every field (InvalidSetup names the field, the value and what is allowed)."""
        check_fields(self)  # types: 'Params.catch_dice must be an int; got 1.5 (a float)'
        colour_ids = range(len(COLOURS))
        if self.colours is not None and (
            not 3 <= len(self.colours) <= len(COLOURS)
            or len(set(self.colours)) != len(self.colours)
            or not set(self.colours) <= set(colour_ids)
        ):
            raise InvalidSetup(
                f"Params.colours must be None or 3-6 distinct cat colours 0-5, one per player "
                f"({', '.join(f'{i} {c}' for i, c in enumerate(COLOURS))}); got {self.colours}"
            )
        for name in ("die_faces", "catch_die_faces"):
            faces = getattr(self, name)
            if not faces or not set(faces) <= {-1, *colour_ids}:
                raise InvalidSetup(
                    f"Params.{name} must be a non-empty tuple of cat colours 0-5 or -1 (a blank "
                    f"face); got {faces}"
                )
        if not 1 <= self.catch_dice <= MAX_CATCH_DICE:
            raise InvalidSetup(
                f"Params.catch_dice must be 1-{MAX_CATCH_DICE} (every roll is enumerated); "
                f"got {self.catch_dice}"
            )
        if len(self.event_sets) != len(COLOURS) or any(
            len(s) != N_ICONS or not set(s) <= set(EVENTS) for s in self.event_sets
        ):
            raise InvalidSetup(
                "Params.event_sets must be 6 sets (one per colour) of 5 event tiles out of "
                f"{', '.join(EVENTS)}; got {describe(self.event_sets)}"
            )
        # with no colours given, the rooms of the smallest table (every larger one has them too)
        self.check_teaser_ends(self.colours or range(3))

    def check_teaser_ends(self, colours: Sequence[int]) -> None:
        """Refuse dice on which a Cat Teaser in a game of these seats' colours could last forever.

        'Keep rolling until only one cat (or none) remains in the room': a cat whose colour is
        on no face of the dice never leaves, so two such cats gathered together never stop the
        rolling. Raises :class:`InvalidSetup` naming those colours.
        """
        stuck = [COLOURS[c] for c in self.teaser_cats(colours) if c not in self.die_faces]
        if len(stuck) >= 2:
            raise InvalidSetup(
                f"Params.die_faces {self.die_faces} make a Cat Teaser endless: the "
                f"{' and '.join(stuck)} cats can never leave (no face shows their colour) and "
                "a Cat Teaser gathers them together; give the dice faces of all but one of those "
                "colours, or play Classic"
            )

    def teaser_cats(self, colours: Sequence[int]) -> list[int]:
        """Colours a Cat Teaser can gather in a game of these seats' colours (none: Classic)."""
        rooms = set(colours)
        if not self.events or not any(CAT_TEASER in self.event_sets[r] for r in rooms):
            return []
        spare_in_house = any(AFFINITY in self.event_sets[r] for r in rooms)
        if self.teaser_gathers == "all" or (self.teaser_gathers == "house" and spare_in_house):
            return list(range(len(COLOURS)))  # spare pawns reach the house by an Affinity swap
        return sorted(rooms)

    @property
    def events(self) -> bool:
        return self.version == "events"


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Move:
    """'Take your own cat ... and move it next to the room containing the hideout'."""

    room: int

    def __str__(self) -> str:
        if not is_whole(self.room) or not 0 <= self.room < len(ROOMS):
            return f"go to room {self.room!r} (no such room)"
        return f"go to the {ROOMS[self.room]}"


@dataclass(frozen=True)
class Hide:
    """Place the cat being moved on a hideout space of the room (chosen by the right player)."""

    space: int

    def __str__(self) -> str:
        return f"hide on the {space_name(self.space)}"


@dataclass(frozen=True)
class Roll:
    """A chance outcome: the colours shown by the dice (ordered, one per die)."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        faces = self.faces if isinstance(self.faces, tuple) else (self.faces,)
        return "rolled " + " + ".join(face_name(f) for f in faces)


@dataclass(frozen=True)
class Fastest:
    """The table says who was fastest to catch the cat (``None``: nobody who may discard)."""

    player: int | None

    def __str__(self) -> str:
        return "nobody caught it" if self.player is None else f"player {self.player} was fastest"


@dataclass(frozen=True)
class Discard:
    """The fastest player gets rid of one of their tiles (never the last one)."""

    tile: int

    def __str__(self) -> str:
        return f"get rid of the {tile_name(self.tile)} tile"


@dataclass(frozen=True)
class Pass:
    """No movement is possible at all (every reachable hideout is covered)."""

    def __str__(self) -> str:
        return "pass (no movement possible)"


@dataclass(frozen=True)
class EndTurn:
    """The movement is over, held event tiles kept (``Params.held_tiles_after_movement``)."""

    def __str__(self) -> str:
        return "end the movement (keep the event tiles)"


@dataclass(frozen=True)
class Wake:
    """Nap: 'on your next turn you may only wake it up, standing it up again.'"""

    def __str__(self) -> str:
        return "wake the cat up"


@dataclass(frozen=True)
class UseCrunchies:
    """Crunchies: 'you may discard it to perform one extra movement action!'"""

    def __str__(self) -> str:
        return "use Crunchies (one extra movement)"


@dataclass(frozen=True)
class UseAffinity:
    """Affinity: 'discard it to swap the positions of two cats of your choice.'"""

    cat_a: int
    cat_b: int

    def __post_init__(self) -> None:  # a swap is symmetric: one canonical order of plain ints
        if is_whole(self.cat_a) and is_whole(self.cat_b):  # junk is left as given (then illegal)
            a, b = sorted((int(self.cat_a), int(self.cat_b)))
            object.__setattr__(self, "cat_a", a)
            object.__setattr__(self, "cat_b", b)

    def __str__(self) -> str:
        return f"use Affinity: swap the {face_name(self.cat_a)} and {face_name(self.cat_b)} cats"


@dataclass(frozen=True)
class UseLitterBox:
    """Litter Box: 'discard it to move directly to the chosen hideout space'."""

    space: int

    def __str__(self) -> str:
        return f"use Litter Box: go to the {space_name(self.space)}"


MOVE_ACTIONS = {r: Move(r) for r in range(len(COLOURS))}
HIDE_ACTIONS = {s: Hide(s) for s in range(len(COLOURS) * N_ICONS)}
DISCARD_ACTIONS = {t: Discard(t) for t in range(len(COLOURS) * N_ICONS)}
FASTEST_ACTIONS = {p: Fastest(p) for p in [None, *range(len(COLOURS))]}
AFFINITY_ACTIONS = [UseAffinity(a, b) for a, b in itertools.combinations(range(len(COLOURS)), 2)]
LITTER_ACTIONS = {s: UseLitterBox(s) for s in range(len(COLOURS) * N_ICONS)}
WAKE_ACTION, PASS_ACTION, CRUNCH_ACTION, END_ACTION = Wake(), Pass(), UseCrunchies(), EndTurn()


def face_name(face: int) -> str:
    return COLOURS[face] if is_whole(face) and 0 <= face < len(COLOURS) else "blank"


# --------------------------------------------------------------------------- dice
@cache
def dice_outcomes(faces: tuple[int, ...], n_dice: int) -> tuple[tuple[Roll, Fraction], ...]:
    """Every ordered roll of ``n_dice`` dice with these faces, with its exact probability."""
    total = len(faces) ** n_dice
    counts = Counter(itertools.product(faces, repeat=n_dice))
    return tuple((Roll(f), Fraction(c, total)) for f, c in counts.items())


@cache
def roll_table(faces: tuple[int, ...], n_dice: int) -> dict[tuple[int, ...], Roll]:
    """One shared :class:`Roll` object per possible roll (cheap sampling and legality checks)."""
    return {roll.faces: roll for roll, _ in dice_outcomes(faces, n_dice)}


def brawl_result(faces: Sequence[int], attacker: int, defender: int) -> str:
    """Who goes to the Garden after a brawl roll: ``'attacker'``, ``'both'`` or ``'defender'``.

    'If the colour of the active player's cat comes up, that cat is moved to the
    garden. If the colours of both cats come up, both cats are moved to the
    garden. If the colour of the cat already in the room comes up, or neither
    colour comes up, the cat already in the room goes to the garden.'
    """
    a, d = attacker in faces, defender in faces
    if a and d:
        return "both"
    return "attacker" if a else "defender"
