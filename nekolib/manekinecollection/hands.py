"""Manekinecollection hands: "How to Form Hands and Judge Strength".

"The strength of the hand is determined by the color combination of the two cat pieces
on the kotatsu board and the three cat cards played by each player. First, '1' is
compared, then '2' if there is a tie, and '3' if there is still a tie".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from nekolib.manekinecollection import arguments as check
from nekolib.manekinecollection.components import Card, Piece

__all__ = [
    "HAND_CLASSES",
    "class_of_colours",
    "class_of_counts",
    "hand_key",
    "rank_players",
]

HAND_CLASSES: tuple[str, ...] = (
    "solocat",
    "one pair",
    "two pair",
    "3cats",
    "cathouse",
    "4cats",
    "5cats",
)
"""Hand classes from weakest (index 0) to strongest (index 6), as in the seed's table."""

_CLASS_OF_PATTERN: dict[tuple[int, ...], int] = {
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 4,
    (4, 1): 5,
    (5,): 6,
}


# --------------------------------------------------------------------------- hands
def class_of_counts(counts: Iterable[int]) -> int:
    """Hand class index from the colour counts of the 5 cats (pieces + cards).

    "5cats Same color x 5; 4cats x 4; cathouse 3 + 2; 3cats x 3; two pair x 2 (2
    sets); one pair x 2 (1 set); solocat: there is no same color".
    """
    try:
        pattern = tuple(sorted((c for c in counts if c), reverse=True))
        return _CLASS_OF_PATTERN[pattern]
    except (KeyError, TypeError):
        check.fail(
            "class_of_counts",
            "counts must be the colour counts of 5 cats (ints adding to 5)",
            counts,
        )


def class_of_colours(colours: Iterable[str]) -> int:
    """Hand class index of five colours (``HAND_CLASSES[i]`` is its name)."""
    try:  # kept cheap: the odds call this for every plan and every draw
        counts = None if isinstance(colours, str) else Counter(colours).values()
    except TypeError:
        counts = None
    if counts is None:
        check.fail("class_of_colours", "colours must be a list of 5 colour names", colours)
    return class_of_counts(counts)


def hand_key(
    pieces: Sequence[Piece | str], cards: Sequence[Card], set_strength: str = "sum"
) -> tuple[int, tuple[int, ...]]:
    """Sort key of a showdown hand: class, then the strengths of its colour groups.

    "First, '1' [the hand] is compared, then '2' [card ranks] if there is a tie":
    "compare the ranks of [the cards forming the main set] and [the next color],
    and if they are the same, compare them [the remaining card]". Each colour
    group (pieces count for its size, but pieces carry no icons) gets a strength
    (sum or max of its card ranks); groups are ordered by size, then strength.
    """
    if not isinstance(pieces, list | tuple) or not all(
        isinstance(p, str) or (isinstance(p, Piece) and isinstance(p.colour, str)) for p in pieces
    ):
        check.fail("hand_key", "pieces must be a list of Piece or colour names", pieces)
    cards = check.card_list(cards, "hand_key", "cards")
    if len(pieces) + len(cards) != 5:
        check.fail("hand_key", "pieces and cards must be 5 cats together", (pieces, cards))
    check.one_of(set_strength, "hand_key", "set_strength", ("sum", "max"))
    colours = [p if isinstance(p, str) else p.colour for p in pieces]
    colours += [c.colour for c in cards]
    counts = Counter(colours)
    ranks: dict[str, list[int]] = {c: [] for c in counts}
    for card in cards:
        ranks[card.colour].append(card.rank)
    combine = sum if set_strength == "sum" else (lambda xs: max(xs, default=0))
    groups = sorted(((counts[c], combine(ranks[c])) for c in counts), reverse=True)
    return class_of_counts(counts.values()), tuple(strength for _, strength in groups)


def rank_players(
    pieces: Sequence[Piece | str],
    rows: Sequence[Sequence[Card]],
    completed: Sequence[int],
    set_strength: str = "sum",
) -> tuple[int, ...]:
    """Players from strongest to weakest hand at one kotatsu.

    "3. Third card first ... the one who was first to play the third cat card
    before the other wins": equal keys are ordered by ``completed``.
    """
    if not isinstance(rows, list | tuple) or not isinstance(completed, list | tuple):
        check.fail("rank_players", "rows and completed must be lists", (rows, completed))
    for p in completed:
        check.count(p, "rank_players", "each completed player", 0, len(rows) - 1)
    order = {p: i for i, p in enumerate(completed)}
    return tuple(
        sorted(
            completed,
            key=lambda p: (hand_key(pieces, rows[p], set_strength), -order[p]),
            reverse=True,
        )
    )
