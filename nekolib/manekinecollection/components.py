"""Manekinecollection components: the table's numbers, the parameters, cards, pieces, tiles.

"Cat pieces: 30 ... Kotatsu board: 3 ... Cat cards: 72 (6 colors x 12 cards) ... Zabuton
tiles: 30 (6 colors x 5 pieces)". Numbers the rulebook does not print are fields of
:class:`Params`, documented in ``docs/assumptions/manekinecollection.md``.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from nekolib.core import InvalidSetup, check_fields, describe

__all__ = [
    "CAN",
    "COLOURS",
    "GOLD",
    "HAND_SIZE",
    "KOTATSU",
    "PLAIN",
    "ROW_SIZE",
    "SLOTS",
    "Card",
    "Params",
    "Piece",
    "ZabutonNeko",
    "draw_split",
    "full_bag",
    "full_deck",
    "kotatsu_name",
    "kotatsu_phrase",
    "parse_cards",
    "seat_name",
]

KOTATSU = 3
"""Kotatsu boards: "Kotatsu board: 3"."""
SLOTS = 2
"""Zabuton Neko per kotatsu: "Place two 'Zabuton Neko' on each 'Kotatsu Board'"."""
HAND_SIZE = 3
"""Hand size: "Each player draws three 'Cat Cards'"; "Draw Cat Cards ... until you have 3 cards"."""
ROW_SIZE = 3
"""Cards per place: "Up to three cat cards can be placed in one place"."""

COLOURS: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "black")
"""The six cat colours (the seed names only black); black has no gold coin / cat can."""

PLAIN, GOLD, CAN = "plain", "gold coin", "cat can"
"""Cat piece features: "All the cat pieces except the black cat have one piece each
holding a 'gold coin' and a 'cat can' (cat food)"."""


# --------------------------------------------------------------------------- parameters
@dataclass(frozen=True)
class Params:
    """Everything the rulebook leaves open (see ``docs/assumptions/manekinecollection.md``)."""

    colours: tuple[str, ...] = COLOURS
    card_ranks: tuple[int, ...] = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
    """Icon counts of the 12 cards of each colour ("72 (6 colors x 12 cards)")."""
    zabuton_values: tuple[int, ...] = (-1, 1, 2, 3, 4)
    """Printed points of the 5 zabuton tiles of each colour (negatives exist: "cat food")."""
    plain_colour: str = "black"
    """The colour whose pieces carry neither gold coin nor cat can."""
    manekineko_total: int = 6
    manekineko_at_start: int = 1
    manekineko_to_end: int = 3
    collection_bonus: int = 6
    first_player: int = 0
    """Who starts ("the player who has most recently touched a cat"): seat 0 by default."""
    set_strength: Literal["sum", "max"] = "sum"
    """How a colour group's cards are compared: total icons ("sum") or best card ("max")."""
    gold_coin_score: Literal["most_collected", "own_colour"] = "most_collected"
    """What one gold-coin Zabuton Neko scores: the count of the player's most collected
    colour ("the number of Cat pieces of the highest color that you have obtained ... they
    all have the same score"), or of its own colour (the Score example: "There are three
    cats of the gold-coin color, so 'Gold coin' is 3 pts")."""
    discard_visible: bool = True
    """The discard pile is face up, so card counting may use it (conditional odds)."""
    hand_sizes: tuple[int, ...] = ()
    """A handicap: cards in hand per player in turn order (the first to play, the next,
    ...; each 1-3); a player draws back up to their own size. ``()``: 3 each (the rulebook:
    "Each player draws three 'Cat Cards'"); ``(3, 2)``: the second to play holds two."""

    def __post_init__(self) -> None:
        """Check every field (InvalidSetup names the field, the value and what is allowed)."""
        check_fields(self)  # types: 'Params.first_player must be an int; got '1' (a str)'
        if len(set(self.colours)) != len(self.colours) or len(self.colours) < 5:
            raise InvalidSetup(
                "Params.colours must be at least 5 distinct colours (a 5cats needs 5 of a "
                f"kind); got {self.colours}"
            )
        if self.plain_colour not in self.colours:
            raise InvalidSetup(
                f"Params.plain_colour must be one of the colours {self.colours}; "
                f"got {self.plain_colour!r}"
            )
        if not self.card_ranks or min(self.card_ranks) < 1:
            raise InvalidSetup(
                "Params.card_ranks must be a non-empty tuple of icon counts (each at least 1); "
                f"got {self.card_ranks}"
            )
        if len(self.zabuton_values) < 3:
            raise InvalidSetup(
                "Params.zabuton_values must hold at least 3 tiles per colour (one piece each: "
                f"gold coin, cat can and plain ones); got {self.zabuton_values}"
            )
        if self.manekineko_total < 1:
            raise InvalidSetup(
                f"Params.manekineko_total must be at least 1; got {self.manekineko_total}"
            )
        if not 0 <= self.manekineko_at_start <= self.manekineko_total:
            raise InvalidSetup(
                f"Params.manekineko_at_start must be 0-{self.manekineko_total} "
                f"(manekineko_total); got {self.manekineko_at_start}"
            )
        if not 1 <= self.manekineko_to_end <= self.manekineko_total:
            raise InvalidSetup(
                f"Params.manekineko_to_end must be 1-{self.manekineko_total} "
                f"(manekineko_total); got {self.manekineko_to_end}"
            )
        if self.first_player < 0:
            raise InvalidSetup(
                f"Params.first_player must be a seat (0, 1, ...); got {self.first_player}"
            )
        if any(not 1 <= n <= HAND_SIZE for n in self.hand_sizes):
            raise InvalidSetup(
                f"Params.hand_sizes must be 1-{HAND_SIZE} cards per player in turn order "
                f"(the first to play first), or () for {HAND_SIZE} each; got {self.hand_sizes}"
            )

    def hand_size(self, seat: int, num_players: int) -> int:
        """Cards ``seat`` holds (:attr:`hand_sizes` is by turn order from ``first_player``)."""
        if not self.hand_sizes:
            return HAND_SIZE
        return self.hand_sizes[(seat - self.first_player) % num_players]

    @property
    def pieces_per_colour(self) -> int:
        """One piece per zabuton tile of its colour ("30 cat pieces", "30 zabuton tiles")."""
        return len(self.zabuton_values)

    @property
    def cards_per_colour(self) -> int:
        return len(self.card_ranks)


# --------------------------------------------------------------------------- components
class Card(NamedTuple):
    """A cat card: a colour and its rank, "the number of icons printed on the card".

    Cards, pieces and Zabuton Neko are named tuples: immutable, ordered and fast to
    hash (the engine and its tests count them constantly).
    """

    colour: str
    rank: int

    def __str__(self) -> str:
        return f"{self.colour} {self.rank}"


class Piece(NamedTuple):
    """A cat piece drawn from the bag; ``feature`` is plain, gold coin or cat can."""

    colour: str
    feature: str = PLAIN

    def __str__(self) -> str:
        return f"{self.colour} cat" + ("" if self.feature == PLAIN else f" ({self.feature})")


class ZabutonNeko(NamedTuple):
    """Rulebook: "A Cat Piece ... and the Zabuton Tile that corresponds to the piece's color"."""

    piece: Piece
    value: int

    @property
    def colour(self) -> str:
        return self.piece.colour


def parse_cards(text: str) -> tuple[Card, ...]:
    """``"red5 blue2"`` -> ``(Card('blue', 2), Card('red', 5))`` (sorted), for examples."""
    if not isinstance(text, str):
        raise InvalidSetup(f"parse_cards needs a str such as 'red5 blue2'; got {describe(text)}")
    out = []
    for word in text.split():
        colour = word.rstrip("0123456789")
        if not colour or colour == word or not word[len(colour) :].isascii():
            raise InvalidSetup(f"not a card: {word!r} (write colour then icons, e.g. red5)")
        out.append(Card(colour, int(word[len(colour) :])))
    return tuple(sorted(out))


def full_deck(params: Params) -> tuple[Card, ...]:
    """The 72 cat cards, sorted."""
    _need_params(params, "full_deck")
    return tuple(sorted(Card(c, r) for c in params.colours for r in params.card_ranks))


def full_bag(params: Params) -> tuple[Piece, ...]:
    """The 30 cat pieces: every colour but the plain one has one gold coin and one cat can."""
    _need_params(params, "full_bag")
    pieces = []
    for colour in params.colours:
        features = [PLAIN] * params.pieces_per_colour
        if colour != params.plain_colour:
            features[0], features[1] = GOLD, CAN
        pieces += [Piece(colour, f) for f in features]
    return tuple(sorted(pieces))


def _need_params(params: Any, fn: str) -> None:
    if not isinstance(params, Params):
        raise InvalidSetup(f"{fn} needs a Params; got {describe(params)}")


def _need_ints(fn: str, **values: Any) -> None:
    """Refuse a value that is not an int 0 or more, by name."""
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
            raise InvalidSetup(f"{fn}: {name} must be an int 0 or more; got {describe(value)}")


def kotatsu_name(k: int, count: int = 3) -> str:
    """``left``/``centre``/``right`` for the standard three boards, else ``kotatsu k+1``."""
    _need_ints("kotatsu_name", k=k, count=count)
    return ("left", "centre", "right")[k] if count == 3 and 0 <= k < 3 else f"kotatsu {k + 1}"


def kotatsu_phrase(k: int, count: int = KOTATSU) -> str:
    """``the left kotatsu`` in sentences; an index off the table stays as given (``kotatsu 5``)."""
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise InvalidSetup(f"kotatsu_phrase: k must be an int; got {describe(k)}")
    if 0 <= k < count:
        return f"the {kotatsu_name(k, count)} kotatsu"
    return f"kotatsu {k}"


def seat_name(seat: int) -> str:
    """A seat named as on the picture and in the widget: 0 -> ``Red``, 1 -> ``Blue`` ..."""
    from nekolib.picture import PLAYER_NAMES  # standard library only; lazy, as in the core

    _need_ints("seat_name", seat=seat)

    return PLAYER_NAMES[seat % len(PLAYER_NAMES)]


def draw_split(deck_size: int, draws: int) -> tuple[int, int]:
    """How many of the next ``draws`` cards come from the deck, and how many from the
    discard pile shuffled into a new deck once the deck has run out.

    Rulebook: "Draw Cat Cards from the Deck until you have 3 cards in your hand. If you
    run out of deck, shuffle the discard pile cards and make a new deck." The engine
    (:meth:`MNState.draw_sources`) and the odds (``analysis.draw_pools``) both ask here.
    """
    _need_ints("draw_split", deck_size=deck_size, draws=draws)
    from_deck = min(draws, deck_size)
    return from_deck, draws - from_deck
