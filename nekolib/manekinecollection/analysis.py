"""Exact hand-class probabilities for Manekinecollection.

A showdown hand is "the two cat pieces on the kotatsu board plus the player's
three played cat cards", and its class (5cats ... solocat) depends on colours
only. So the number of 3-card sets giving each class is a sum over *colour
counts* ``(k_1, ..., k_6)`` with ``k_1 + ... + k_6 = 3`` of ``prod C(n_c, k_c)``:
56 terms instead of C(72, 3) = 59 640 card triples. The same sum is also read
off a sympy generating function, and :func:`class_counts_brute` loops over every
card triple as the independent check (tests and ``bench/``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb, prod
from typing import Any

import sympy

from nekolib.core import HIDDEN
from nekolib.manekinecollection import arguments as check
from nekolib.manekinecollection import state_arguments
from nekolib.manekinecollection.rules import (
    HAND_CLASSES,
    ROW_SIZE,
    Card,
    MNState,
    Params,
    Piece,
    ZabutonNeko,
    class_of_colours,
    class_of_counts,
    draw_split,
    full_bag,
    full_deck,
    hand_key,
    score_collection,
)

__all__ = [
    "DrawSource",
    "Duel",
    "HandRow",
    "Option",
    "ReachOdds",
    "bag_pair_weights",
    "both_gain",
    "choice_value",
    "class_counts_brute",
    "class_counts_exact",
    "class_counts_over_bag",
    "class_counts_over_bag_brute",
    "class_counts_sympy",
    "colour_pool",
    "draw_distribution",
    "draw_source",
    "duel_odds",
    "duel_odds_brute",
    "expected_score_gain",
    "format_table",
    "frequency_rows",
    "key_counts",
    "reach_odds",
    "reach_odds_brute",
    "same_colour_given_class",
    "state_duels",
    "state_reach_odds",
    "strength_spread",
    "unseen_cards",
    "unseen_pool",
    "unseen_values",
]


# --------------------------------------------------------------------------- colour counting
def colour_pool(cards: Iterable[Card]) -> dict[str, int]:
    """How many cards of each colour ``cards`` holds."""
    cards = check.card_list(
        list(cards) if isinstance(cards, Iterable) else cards, "colour_pool", "cards"
    )
    return dict(Counter(c.colour for c in cards))


def _compositions(total: int, parts: int, caps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """All ``(k_1..k_parts)`` with sum ``total`` and ``0 <= k_i <= caps[i]``."""
    if parts == 1:
        if total <= caps[0]:
            yield (total,)
        return
    for k in range(min(total, caps[0]) + 1):
        for rest in _compositions(total - k, parts - 1, caps[1:]):
            yield (k, *rest)


def draw_distribution(pool: Mapping[str, int], draw: int) -> list[tuple[dict[str, int], int]]:
    """Every colour multiset of ``draw`` cards from ``pool`` with its number of card sets.

    The weight of colour counts ``k`` is ``prod_c C(pool[c], k_c)``; the weights sum
    to ``C(|pool|, draw)``.
    """
    pool = check.pool_of(pool, "draw_distribution")
    draw = check.count(draw, "draw_distribution", "draw")
    colours = sorted(c for c, n in pool.items() if n > 0)
    caps = [pool[c] for c in colours]
    out = []
    compositions = _compositions(draw, len(colours), caps) if colours else iter([()] * (not draw))
    for ks in compositions:
        ways = prod(comb(n, k) for n, k in zip(caps, ks, strict=True))
        out.append(({c: k for c, k in zip(colours, ks, strict=True) if k}, ways))
    return out


def class_counts_dp(
    fixed: Mapping[str, int],
    bag: Mapping[str, int],
    bag_draws: int,
    deck: Mapping[str, int],
    deck_draws: int,
) -> dict[str, int]:
    """Ways to draw ``bag_draws`` pieces and ``deck_draws`` cards, per class of the 5 cats.

    ``fixed`` are cats already there (the kotatsu's pieces). The generating
    function ``prod_c (sum_j C(b_c, j) x^j)(sum_k C(n_c, k) y^k)`` is multiplied out
    colour by colour; a partial term only remembers how many pieces and cards it
    has used and the sorted colour totals so far, because the class depends on
    nothing else. A few dozen states replace the enumeration of every triple.
    """
    colours = sorted({c for m in (fixed, bag, deck) for c, n in m.items() if n})
    states: dict[tuple[int, int, tuple[int, ...]], int] = {(0, 0, ()): 1}
    for colour in colours:
        p, b, n = fixed.get(colour, 0), bag.get(colour, 0), deck.get(colour, 0)
        terms = [
            (j, k, comb(b, j) * comb(n, k))
            for j in range(min(b, bag_draws) + 1)
            for k in range(min(n, deck_draws) + 1)
        ]
        grown: dict[tuple[int, int, tuple[int, ...]], int] = {}
        for (used_b, used_n, totals), ways in states.items():
            for j, k, weight in terms:
                if used_b + j > bag_draws or used_n + k > deck_draws:
                    continue
                total = p + j + k
                key = (
                    used_b + j,
                    used_n + k,
                    tuple(sorted((*totals, total), reverse=True)) if total else totals,
                )
                grown[key] = grown.get(key, 0) + ways * weight
        states = grown
    counts = dict.fromkeys(HAND_CLASSES, 0)
    for (used_b, used_n, totals), ways in states.items():
        if used_b == bag_draws and used_n == deck_draws:
            counts[HAND_CLASSES[class_of_counts(totals)]] += ways
    return counts


def class_counts_exact(
    piece_colours: Sequence[str],
    params: Params | None = None,
    pool: Mapping[str, int] | None = None,
) -> dict[str, int]:
    """Number of 3-card sets from ``pool`` (default: the full deck) per hand class.

    Computed over colour counts (see :func:`class_counts_dp`): "the two cat
    pieces on the kotatsu board plus the player's three played cat cards".
    """
    params = check.params_of(params, "class_counts_exact")
    piece_colours = check.colour_list(piece_colours, "class_counts_exact", "pieces", params.colours)
    if pool is None:
        pool = dict.fromkeys(params.colours, params.cards_per_colour)
    pool = check.pool_of(pool, "class_counts_exact")
    return class_counts_dp(Counter(piece_colours), {}, 0, pool, 5 - len(piece_colours))


def class_counts_sympy(
    piece_colours: Sequence[str], params: Params | None = None
) -> dict[str, int]:
    """The same counts read off the generating function ``prod_c sum_k C(n_c, k) t^k z_c^k``.

    The coefficient of ``t^3`` is a polynomial in the colour markers ``z_c``; each of
    its monomials is one colour composition and its coefficient the number of card
    triples with it.
    """
    params = check.params_of(params, "class_counts_sympy")
    piece_colours = check.colour_list(piece_colours, "class_counts_sympy", "pieces", params.colours)
    t = sympy.Symbol("t")
    zs = sympy.symbols(f"z0:{len(params.colours)}")
    n = params.cards_per_colour
    gf = sympy.Integer(1)
    for z in zs:
        gf *= sum(comb(n, k) * t**k * z**k for k in range(4))
    cubic = sympy.Poly(sympy.expand(gf).coeff(t, 3), *zs)
    pieces = Counter(piece_colours)
    counts = dict.fromkeys(HAND_CLASSES, 0)
    for exponents, coeff in cubic.terms():
        totals = [k + pieces.get(c, 0) for c, k in zip(params.colours, exponents, strict=True)]
        counts[HAND_CLASSES[class_of_counts(totals)]] += int(coeff)
    return counts


def class_counts_brute(
    piece_colours: Sequence[str], params: Params | None = None
) -> dict[str, int]:
    """Independent check: classify every one of the C(72, 3) card triples."""
    params = check.params_of(params, "class_counts_brute")
    piece_colours = check.colour_list(piece_colours, "class_counts_brute", "pieces", params.colours)
    counts = dict.fromkeys(HAND_CLASSES, 0)
    pieces = list(piece_colours)
    for trio in combinations(full_deck(params), 3):
        counts[HAND_CLASSES[class_of_colours(pieces + [c.colour for c in trio])]] += 1
    return counts


# --------------------------------------------------------------------------- over the bag
def bag_pair_weights(params: Params | None = None) -> dict[tuple[str, str], int]:
    """Number of 2-piece draws from the full bag per (sorted) colour pair: C(5,2) or 5*5."""
    params = check.params_of(params, "bag_pair_weights")
    n = params.pieces_per_colour
    weights = {}
    for i, a in enumerate(params.colours):
        for b in params.colours[i:]:
            weights[(a, b)] = comb(n, 2) if a == b else n * n
    return weights


def class_counts_over_bag(params: Params | None = None) -> dict[str, int]:
    """(piece pair, card triple) combinations per class when both pieces come from the bag.

    Total ``C(30, 2) * C(72, 3)``: the two pieces on a kotatsu are two draws from
    the full bag of 30 cat pieces, so the bag is just a second supply in the same
    colour-count generating function.
    """
    params = check.params_of(params, "class_counts_over_bag")
    bag = dict.fromkeys(params.colours, params.pieces_per_colour)
    deck = dict.fromkeys(params.colours, params.cards_per_colour)
    return class_counts_dp({}, bag, 2, deck, 3)


def class_counts_over_bag_brute(params: Params | None = None) -> dict[str, int]:
    """Independent check: every piece pair of the bag times every card triple.

    The 59 640 triples are enumerated once and tallied by their colours, then
    combined with each of the 435 piece pairs.
    """
    params = check.params_of(params, "class_counts_over_bag_brute")
    triples = Counter(tuple(c.colour for c in trio) for trio in combinations(full_deck(params), 3))
    counts = dict.fromkeys(HAND_CLASSES, 0)
    for a, b in combinations(full_bag(params), 2):
        for colours, n in triples.items():
            counts[HAND_CLASSES[class_of_colours((a.colour, b.colour, *colours))]] += n
    return counts


def same_colour_given_class(params: Params | None = None) -> dict[str, Fraction]:
    """P(the two pieces share a colour | the hand's class), both pieces drawn from the full bag.

    Bayes over :func:`class_counts_over_bag`: "Draw a 'Cat Piece' from the 'Bag'" twice,
    then three cards from the full deck. The combinations with two pieces of colour
    ``c`` number ``C(pieces per colour, 2)`` times the card triples that make the class
    with pieces ``(c, c)``. A class no combination reaches gets probability 0.
    """
    params = check.params_of(params, "same_colour_given_class")
    pairs = comb(params.pieces_per_colour, 2)
    same = dict.fromkeys(HAND_CLASSES, 0)
    for colour in params.colours:
        for hand, n in class_counts_exact((colour, colour), params).items():
            same[hand] += pairs * n
    total = class_counts_over_bag(params)
    return {h: Fraction(same[h], total[h]) if total[h] else Fraction(0) for h in HAND_CLASSES}


# --------------------------------------------------------------------------- tables
@dataclass(frozen=True)
class HandRow:
    """One line of the poker-style table."""

    hand: str
    count: int
    probability: Fraction

    @property
    def odds_against(self) -> Fraction | None:
        """``(1 - p) / p`` ("x : 1 against"), ``None`` for an impossible hand."""
        p = self.probability
        return None if p == 0 else (1 - p) / p


def frequency_rows(counts: Mapping[str, int]) -> list[HandRow]:
    """Strongest class first, with exact probabilities."""
    ok = isinstance(counts, Mapping) and set(counts) == set(HAND_CLASSES)
    if not ok or any(
        not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in counts.values()
    ):
        check.fail(
            "frequency_rows",
            f"counts must map every hand class {HAND_CLASSES} to a count (an int, 0 or more)",
            counts,
        )
    total = sum(counts.values())
    if not total:
        check.fail(
            "frequency_rows", "counts must not all be 0 (no hand to take a share of)", counts
        )
    return [HandRow(h, counts[h], Fraction(counts[h], total)) for h in reversed(HAND_CLASSES)]


def format_table(rows: Sequence[HandRow]) -> str:
    """A plain-text table: hand, count, exact probability, percent, odds against."""
    if not isinstance(rows, list | tuple) or not all(isinstance(r, HandRow) for r in rows):
        check.fail("format_table", "rows must be a list of HandRow (from frequency_rows)", rows)
    lines = [f"{'hand':<10}{'count':>12}  {'probability':>22}{'percent':>10}{'odds against':>16}"]
    for r in rows:
        odds = "never" if r.odds_against is None else f"{float(r.odds_against):.2f} : 1"
        lines.append(
            f"{r.hand:<10}{r.count:>12}  {r.probability!s:>22}"
            f"{float(r.probability) * 100:>9.3f}%{odds:>16}"
        )
    total = sum(r.count for r in rows)
    lines.append(f"{'total':<10}{total:>12}  {sum(r.probability for r in rows)!s:>22}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- conditional odds
@dataclass(frozen=True)
class Option:
    """One way to finish my row at a kotatsu: cards now, then the best choice after drawing."""

    label: str
    now: tuple[Card, ...]
    draws: int
    distribution: dict[str, Fraction]

    def at_least(self, hand: str) -> Fraction:
        i = HAND_CLASSES.index(hand)
        return sum(
            (p for h, p in self.distribution.items() if HAND_CLASSES.index(h) >= i), Fraction(0)
        )


@dataclass(frozen=True)
class ReachOdds:
    """For every hand class, the best option's chance of reaching at least that class."""

    options: tuple[Option, ...]
    reach: dict[str, Fraction]


def _best_class(
    pieces: Sequence[str], fixed: Sequence[str], choose_from: Sequence[str], n: int
) -> int:
    """Best class when ``n`` more cats are chosen from ``choose_from`` (``n = 0``: as is)."""
    return max(
        class_of_colours([*pieces, *fixed, *extra]) for extra in combinations(choose_from, n)
    )


@dataclass(frozen=True)
class DrawSource:
    """What a player knows about the cards they will draw next.

    Rulebook: "Draw Cat Cards from the Deck until you have 3 cards in your hand. If you
    run out of deck, shuffle the discard pile cards and make a new deck." The deck's
    ``deck_size`` cards are a uniformly shuffled part of ``unseen`` (every card the
    player has not seen: the deck and the other hands); draws beyond them come from
    the discard pile, shuffled into a new deck: ``discard`` when it lies face up
    (``Params.discard_visible``), else (``None``) a uniformly shuffled part of
    ``unseen`` too. Which draws come from where is :func:`rules.draw_split`.
    """

    unseen: tuple[Card, ...]
    deck_size: int
    discard: tuple[Card, ...] | None = None

    def __post_init__(self) -> None:
        """Checked once here, so the odds need not check again on every plan."""
        check.card_list(self.unseen, "DrawSource", "unseen")
        check.count(self.deck_size, "DrawSource", "deck_size")
        if self.discard is not None:
            check.card_list(self.discard, "DrawSource", "discard (None: face down)")

    def parts(self, draws: int) -> tuple[tuple[tuple[Card, ...], int], ...]:
        """``(cards, how many)``: the draws split by source, each uniform without replacement.

        The parts are independent: the deck's cards and the face-up discard pile are
        disjoint. A face-down discard pile is another part of the unseen cards, so its
        draws and the deck's together are one uniform draw from ``unseen``.
        """
        if self.discard is None:
            return ((self.unseen, draws),) if draws else ()
        from_deck, from_discard = draw_split(self.deck_size, draws)
        parts = ((self.unseen, from_deck), (self.discard, from_discard))
        return tuple((cards, n) for cards, n in parts if n)


Pool = Mapping[str, int] | DrawSource
"""Where drawn cards come from: colour counts of one uniform pool, or a :class:`DrawSource`."""


def drawn_colours(pool: Pool, draws: int) -> list[tuple[dict[str, int], int]]:
    """:func:`draw_distribution` of ``draws`` cards from ``pool``, source by source.

    Weights are numbers of card sets (one source's sets times the other's).
    """
    parts = (
        [(dict(Counter(c.colour for c in cards)), n) for cards, n in pool.parts(draws)]
        if isinstance(pool, DrawSource)
        else [(pool, draws)]
    )
    out: list[tuple[dict[str, int], int]] = [({}, 1)]
    for colours, n in parts:
        if sum(colours.values()) < n:
            check.fail("reach_odds", f"pool must hold the {n} card(s) drawn", dict(colours))
        drawn = draw_distribution(colours, n)
        if out == [({}, 1)]:
            out = drawn
            continue
        out = [(_add(a, b), wa * wb) for a, wa in out for b, wb in drawn]
    return out


def _add(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    """Colour counts of two sets of cards together."""
    total = dict(a)
    for colour, k in b.items():
        total[colour] = total.get(colour, 0) + k
    return total


def _option(
    pieces: Sequence[str],
    row: Sequence[Card],
    now: tuple[Card, ...],
    kept: Sequence[Card],
    pool: Pool,
    draws: int,
) -> Option:
    fixed = [c.colour for c in (*row, *now)]
    missing = 3 - len(fixed)
    dist: Counter[int] = Counter()
    total = 0
    for drawn, ways in drawn_colours(pool, draws):
        extra = [c.colour for c in kept] + [c for c, k in drawn.items() for _ in range(k)]
        dist[_best_class(pieces, fixed, extra, missing)] += ways
        total += ways
    label = "play " + " + ".join(map(str, now)) if now else "row complete"
    if missing:
        label += f" now, finish with {missing} more after {draws} draw(s)"
    return Option(
        label, now, draws, {HAND_CLASSES[c]: Fraction(n, total) for c, n in sorted(dist.items())}
    )


def _reach_arguments(
    fn: str, pieces: Any, row: Any, hand: Any, pool: Any
) -> tuple[list[str], list[Card], list[Card], Any]:
    """Checked arguments of :func:`reach_odds`: two pieces, a row of 0-3 cards, a hand
    that can finish it, a pool of colour counts (or a :class:`DrawSource`)."""
    pieces = check.colour_list(pieces, fn, "pieces")
    row = check.card_list(row, fn, "row", 3)
    hand = check.card_list(hand, fn, "hand", 3)
    if row and len(row) < 3 and len(hand) < 3 - len(row):
        check.fail(fn, f"hand must hold the {3 - len(row)} card(s) the row still needs", hand)
    if not row and not hand:
        check.fail(fn, "hand must hold a card to start the empty row with", hand)
    if isinstance(pool, DrawSource):
        pass  # checked when it was made
    elif fn == "reach_odds_brute":
        pool = check.card_list(pool, fn, "unseen")
    else:
        pool = check.pool_of(pool, fn)
    return pieces, row, hand, pool


def reach_odds(
    pieces: Sequence[str], row: Sequence[Card], hand: Sequence[Card], pool: Pool
) -> ReachOdds:
    """Odds of each class at one kotatsu, given my hand, my row there and where I draw from.

    Rules used: "Where there are no cat cards, you can play one or two. Two cards must
    be played where there is one cat card. One card must be played where there are
    two." With one or two cards already down the hand is finished now (certain). With
    an empty row I play one card (keep two, draw one, then play the best two) or two
    cards (keep one, draw two, then play the best one). The drawn cards are uniform
    over ``pool`` (colour counts of the cards I have not seen), or come from a
    :class:`DrawSource` (the deck, then the reshuffled discard pile: :func:`draw_source`).
    """
    pieces, row, hand, pool = _reach_arguments("reach_odds", pieces, row, hand, pool)
    need = 3 - len(row)
    options: list[Option] = []
    if need == 0:
        options.append(_option(pieces, row, (), (), pool, 0))
    elif need in (1, 2):
        for now in sorted(set(combinations(sorted(hand), need))):
            options.append(_option(pieces, row, now, (), pool, 0))
    else:
        for n in (1, 2):
            for now in sorted(set(combinations(sorted(hand), n))):
                kept = list(hand)
                for card in now:
                    kept.remove(card)
                options.append(_option(pieces, row, now, kept, pool, n))
    reach = {h: max(o.at_least(h) for o in options) for h in HAND_CLASSES}
    return ReachOdds(tuple(options), reach)


def reach_odds_brute(
    pieces: Sequence[str],
    row: Sequence[Card],
    hand: Sequence[Card],
    unseen: Sequence[Card] | DrawSource,
) -> dict[str, Fraction]:
    """Independent check of :func:`reach_odds`: every actual set of drawn cards.

    ``unseen`` is the list of cards drawn from, or a :class:`DrawSource` (every card
    set of each of its parts).
    """
    pieces, row, hand, unseen = _reach_arguments("reach_odds_brute", pieces, row, hand, unseen)
    need = 3 - len(row)
    fixed = [c.colour for c in row]
    best: dict[str, Fraction] = dict.fromkeys(HAND_CLASSES, Fraction(0))
    plans: list[tuple[tuple[Card, ...], list[Card], int]] = []
    if need in (1, 2):
        plans = [(now, [], 0) for now in combinations(hand, need)]
    elif need == 3:
        for n in (1, 2):
            for idx in combinations(range(len(hand)), n):
                plans.append(
                    (
                        tuple(hand[i] for i in idx),
                        [hand[i] for i in range(len(hand)) if i not in idx],
                        n,
                    )
                )
    else:
        plans = [((), [], 0)]
    for now, kept, draws in plans:
        tally: Counter[int] = Counter()
        outcomes = _card_draws(unseen, draws)
        for drawn in outcomes:
            have = fixed + [c.colour for c in now]
            choice = [c.colour for c in (*kept, *drawn)]
            left = 3 - len(have)
            tally[
                max(class_of_colours([*pieces, *have, *x]) for x in combinations(choice, left))
            ] += 1
        for i, h in enumerate(HAND_CLASSES):
            p = Fraction(sum(n for c, n in tally.items() if c >= i), len(outcomes))
            best[h] = max(best[h], p)
    return best


def _card_draws(source: Sequence[Card] | DrawSource, draws: int) -> list[tuple[Card, ...]]:
    """Every set of ``draws`` cards (by position) from a list or from each part of a source."""
    if not isinstance(source, DrawSource):
        return list(combinations(source, draws))
    out: list[tuple[Card, ...]] = [()]
    for cards, n in source.parts(draws):
        out = [a + b for a in out for b in combinations(cards, n)]
    return out


# --------------------------------------------------------------------------- showdowns with ranks
HandKey = tuple[int, tuple[int, ...]]


@dataclass(frozen=True)
class Duel:
    """My finished hand against one opponent who completes a row with random cards.

    ``tie`` is an identical class and identical set strengths: then "the one who
    was first to play the third cat card" wins.
    """

    win: Fraction
    tie: Fraction
    lose: Fraction


def _merge(a: int, b: int, set_strength: str) -> int:
    return a + b if set_strength == "sum" else max(a, b)


def _colour_rank_terms(
    ranks: Sequence[int], draw: int, set_strength: str
) -> list[tuple[int, int, int]]:
    """``(k, strength, ways)``: how many k-card subsets of one colour have that strength."""
    tally: Counter[tuple[int, int]] = Counter()
    for k in range(min(draw, len(ranks)) + 1):
        for subset in combinations(ranks, k):
            strength = sum(subset) if set_strength == "sum" else max(subset, default=0)
            tally[(k, strength)] += 1
    return [(k, st, ways) for (k, st), ways in sorted(tally.items())]


def _duel_arguments(
    fn: str, pieces: Any, row: Any, pool: Any, set_strength: Any
) -> tuple[list[str], list[Card], list[Card], str]:
    """Two pieces, a row of 0-3 cards, a pool of cards that can finish it, sum or max."""
    pieces = check.colour_list(pieces, fn, "pieces")
    row = check.card_list(row, fn, "the opponent's row" if fn != "key_counts" else "row", 3)
    pool = check.card_list(pool, fn, "pool")
    if len(pool) < 3 - len(row):
        check.fail(fn, f"pool must hold the {3 - len(row)} card(s) the row still needs", pool)
    set_strength = check.one_of(set_strength, fn, "set_strength", ("sum", "max"))
    return pieces, row, pool, set_strength


def key_counts(
    pieces: Sequence[str],
    row: Sequence[Card],
    pool: Sequence[Card],
    set_strength: str = "sum",
) -> dict[HandKey, int]:
    """Number of ways to finish ``row`` with cards from ``pool``, per showdown key.

    Like :func:`class_counts_exact`, but each colour now contributes the
    generating function of (cards taken, their strength) over its own cards, so
    rank ties are counted exactly. The key is :func:`rules.hand_key`: class, then
    the colour groups' strengths ordered by size and strength.
    """
    pieces, row, pool, set_strength = _duel_arguments("key_counts", pieces, row, pool, set_strength)
    draw = 3 - len(row)
    fixed_size = Counter(pieces) + Counter(c.colour for c in row)
    fixed_strength: dict[str, int] = {}
    for card in row:
        fixed_strength[card.colour] = _merge(
            fixed_strength.get(card.colour, 0), card.rank, set_strength
        )
    by_colour: dict[str, list[int]] = {}
    for card in pool:
        by_colour.setdefault(card.colour, []).append(card.rank)
    states: dict[tuple[int, tuple[tuple[int, int], ...]], int] = {(0, ()): 1}
    for colour in sorted(set(by_colour) | set(fixed_size)):
        terms = _colour_rank_terms(by_colour.get(colour, []), draw, set_strength)
        grown: dict[tuple[int, tuple[tuple[int, int], ...]], int] = {}
        for (used, groups), ways in states.items():
            for k, strength, count in terms:
                if used + k > draw:
                    continue
                size = fixed_size[colour] + k
                if size:
                    group = (size, _merge(fixed_strength.get(colour, 0), strength, set_strength))
                    new_groups = tuple(sorted((*groups, group), reverse=True))
                else:
                    new_groups = groups
                key = (used + k, new_groups)
                grown[key] = grown.get(key, 0) + ways * count
        states = grown
    out: dict[HandKey, int] = {}
    for (used, groups), ways in states.items():
        if used == draw:
            hand = (class_of_counts(n for n, _ in groups), tuple(st for _, st in groups))
            out[hand] = out.get(hand, 0) + ways
    return out


def strength_spread(
    pieces: Sequence[str], params: Params | None = None
) -> dict[str, tuple[Fraction, Fraction, Fraction]]:
    """Per class: least, average and largest share of random hands that are strictly weaker.

    Both hands are 3 cards from the full deck with the same pieces (the opponent's
    cards are not conditioned on mine, a small simplification). It shows how much
    the icons matter inside a class: a one pair beats anything from 12 % to 62 %
    of the other hands, depending on its ranks.
    """
    params = check.params_of(params, "strength_spread")
    pieces = check.colour_list(pieces, "strength_spread", "pieces", params.colours)
    counts = key_counts(pieces, (), full_deck(params), params.set_strength)
    total = sum(counts.values())
    below = 0
    shares: dict[int, list[tuple[Fraction, int]]] = {}
    for key in sorted(counts):
        shares.setdefault(key[0], []).append((Fraction(below, total), counts[key]))
        below += counts[key]
    return {
        HAND_CLASSES[c]: (
            min(p for p, _ in v),
            sum((p * n for p, n in v), Fraction(0)) / sum(n for _, n in v),
            max(p for p, _ in v),
        )
        for c, v in sorted(shares.items())
    }


def duel_odds(
    pieces: Sequence[str],
    mine: Sequence[Card],
    pool: Sequence[Card],
    opponent_row: Sequence[Card] = (),
    set_strength: str = "sum",
) -> Duel:
    """Exact chance that my 3 cards beat / tie / lose to one opponent's random completion."""
    mine = check.card_list(mine, "duel_odds", "mine", 3)
    if len(mine) != 3:
        check.fail("duel_odds", "mine must be my finished row of 3 cards", mine)
    pieces, opponent_row, pool, set_strength = _duel_arguments(
        "duel_odds", pieces, opponent_row, pool, set_strength
    )
    my_key = hand_key(pieces, mine, set_strength)
    counts = key_counts(pieces, opponent_row, pool, set_strength)
    total = sum(counts.values())
    below = sum(n for k, n in counts.items() if k < my_key)
    equal = counts.get(my_key, 0)
    return Duel(
        Fraction(below, total), Fraction(equal, total), Fraction(total - below - equal, total)
    )


def duel_odds_brute(
    pieces: Sequence[str],
    mine: Sequence[Card],
    pool: Sequence[Card],
    opponent_row: Sequence[Card] = (),
    set_strength: str = "sum",
) -> Duel:
    """Independent check of :func:`duel_odds`: every opponent completion, card by card."""
    mine = check.card_list(mine, "duel_odds_brute", "mine", 3)
    pieces, opponent_row, pool, set_strength = _duel_arguments(
        "duel_odds_brute", pieces, opponent_row, pool, set_strength
    )
    my_key = hand_key(pieces, mine, set_strength)
    tally: Counter[int] = Counter()
    for extra in combinations(pool, 3 - len(opponent_row)):
        key = hand_key(pieces, [*opponent_row, *extra], set_strength)
        tally[(key > my_key) - (key < my_key)] += 1
    total = sum(tally.values())
    return Duel(Fraction(tally[-1], total), Fraction(tally[0], total), Fraction(tally[1], total))


def unseen_cards(state: MNState, player: int) -> list[Card]:
    """The cards ``player`` has not seen (deck + other hands [+ discard]), sorted."""
    player = state_arguments.state_and_seat(state, player, "unseen_cards")
    unseen = Counter(full_deck(state.params))
    unseen.subtract(state.visible_cards(player))
    return sorted(unseen.elements())


def unseen_pool(state: MNState, player: int) -> dict[str, int]:
    """Colour counts of :func:`unseen_cards`."""
    player = state_arguments.state_and_seat(state, player, "unseen_pool")
    return colour_pool(unseen_cards(state, player))


def draw_source(state: MNState, player: int) -> DrawSource:
    """Where ``player``'s next cards come from, as far as their view tells.

    The deck is face down: its cards are a uniformly shuffled part of the cards
    ``player`` has not seen (:func:`unseen_cards`). Once it runs out, the discard pile
    is shuffled into a new deck: face up, its cards are known exactly. As everywhere in
    the odds (and in ``agents.determinize``) the view is the information set: after a
    reshuffle, the new deck is again taken as a uniform part of the unseen cards.
    """
    player = state_arguments.state_and_seat(state, player, "draw_source")
    discard = tuple(sorted(state.discard)) if state.params.discard_visible else None
    return DrawSource(tuple(unseen_cards(state, player)), len(state.deck), discard)


def state_reach_odds(state: MNState, player: int, kotatsu: int) -> ReachOdds | None:
    """:func:`reach_odds` at one kotatsu of a live game (``None`` if no pieces or hand).

    My draws come from :func:`draw_source`: the deck, then the face-up discard pile.
    """
    player, kotatsu = state_arguments.seat_and_kotatsu(state, player, kotatsu, "state_reach_odds")
    pieces = [p.colour for p in state.pieces_at(kotatsu)]
    hand = state.hands[player]
    row = state.kotatsu[kotatsu].rows[player]
    if len(pieces) != 2 or (len(row) < 3 and len(hand) < min(2, 3 - len(row))):
        return None
    return reach_odds(pieces, row, hand, draw_source(state, player))


def state_duels(state: MNState, player: int, kotatsu: int) -> dict[int, Duel]:
    """For a finished row of ``player``: the duel with each opponent still completing there.

    Each opponent's missing cards are taken as uniform over the cards ``player``
    has not seen (their hand is among them), on top of their face-up row.
    """
    player, kotatsu = state_arguments.seat_and_kotatsu(state, player, kotatsu, "state_duels")
    board = state.kotatsu[kotatsu]
    mine = board.rows[player]
    pieces = [p.colour for p in state.pieces_at(kotatsu)]
    if len(mine) != ROW_SIZE or len(pieces) != 2:
        return {}
    pool = unseen_cards(state, player)
    return {
        q: duel_odds(pieces, mine, pool, board.rows[q], state.params.set_strength)
        for q in range(state.num_players)
        if q != player and len(board.rows[q]) < ROW_SIZE
    }


# --------------------------------------------------------------------------- zabuton expectations
def collection_gain(collected: Sequence[ZabutonNeko], new: ZabutonNeko, params: Params) -> int:
    """Change of the final score (:func:`rules.score_collection`) when ``new`` is added."""
    before = score_collection(collected, params).total
    return score_collection((*collected, new), params).total - before


def expected_score_gain(
    collected: Sequence[ZabutonNeko],
    piece: Piece,
    values: Sequence[int],
    params: Params | None = None,
) -> Fraction:
    """Expected change of my final score when I take ``piece`` on a face-down tile.

    The tile is "the Zabuton Tile that corresponds to the piece's color", uniform over
    ``values`` (the tiles of that colour I cannot rule out, repeats allowed). The gain is
    not just the printed value: "Gold coin ... the score is based on the number of Cat
    pieces of the highest color that you have obtained", "Cat food ... a Zabuton tile
    with a negative score is chosen to be canceled" and the Ne-collection bonus all
    depend on the whole collection (:func:`rules.score_collection`).
    """
    params = check.params_of(params, "expected_score_gain")
    collected = check.zabuton_list(collected, "expected_score_gain", "collected", params)
    piece = check.piece_of(piece, "expected_score_gain", "piece", params)
    values = check.int_list(values, "expected_score_gain", "values (possible tile values)")
    gains = [collection_gain(collected, ZabutonNeko(piece, v), params) for v in values]
    return Fraction(sum(gains), len(gains))


def choice_value(
    collected: Sequence[ZabutonNeko],
    pieces: Sequence[Piece],
    stacks: Mapping[str, Sequence[int]],
    params: Params | None = None,
) -> Fraction:
    """Expected gain of the showdown winner who looks at both tiles and takes the better.

    "The player with the strongest hand will check the front sides of the two
    'Zabuton tiles' ... and take the Zabuton Neko of their choice." The two pieces on
    the kotatsu lie on face-down tiles drawn from their colours' stacks; ``stacks[c]``
    lists the values still possible for colour ``c``. Two pieces of one colour got two
    different tiles of the same stack (drawn without replacement); pieces of different
    colours are independent. Returns ``E[max(gain of A, gain of B)]`` with each gain as
    in :func:`expected_score_gain`.
    """
    params = check.params_of(params, "choice_value")
    collected = check.zabuton_list(collected, "choice_value", "collected", params)
    pairs = tile_pairs("choice_value", pieces, stacks, params)
    a, b = pieces
    total = sum(
        max(
            collection_gain(collected, ZabutonNeko(a, x), params),
            collection_gain(collected, ZabutonNeko(b, y), params),
        )
        for x, y in pairs
    )
    return Fraction(total, len(pairs))


def tile_pairs(
    fn: str, pieces: Sequence[Piece], stacks: Mapping[str, Sequence[int]], params: Params
) -> list[tuple[int, int]]:
    """Equally likely value pairs of the two face-down tiles under ``pieces`` (checked:
    the 2 pieces on the kotatsu, and ``stacks`` able to supply both tiles).

    Two pieces of one colour got two different tiles of the same stack (drawn without
    replacement); pieces of different colours are independent.
    """
    if not isinstance(pieces, list | tuple) or len(pieces) != 2:
        check.fail(fn, "pieces must be the 2 pieces on the kotatsu", pieces)
    for piece in pieces:
        check.piece_of(piece, fn, "each piece", params)
    a, b = pieces
    if not isinstance(stacks, Mapping) or any(p.colour not in stacks for p in pieces):
        check.fail(fn, "stacks must map each piece's colour to its possible values", stacks)
    for piece in pieces:
        check.int_list(stacks[piece.colour], fn, f"stacks[{piece.colour!r}]", False)
    values_a, values_b = list(stacks[a.colour]), list(stacks[b.colour])
    if a.colour == b.colour:
        pairs = [(x, y) for i, x in enumerate(values_a) for j, y in enumerate(values_a) if i != j]
    else:
        pairs = [(x, y) for x in values_a for y in values_b]
    if not pairs:
        check.fail(fn, "stacks cannot supply both tiles", dict(stacks))
    return pairs


def both_gain(
    collected: Sequence[ZabutonNeko],
    pieces: Sequence[Piece],
    stacks: Mapping[str, Sequence[int]],
    params: Params | None = None,
) -> Fraction:
    """Expected gain of the 2-player showdown winner, who takes both Zabuton Neko.

    "2 players: The player with the strongest hand gets both of the Zabuton Neko." The
    tiles are face down, their values uniform as in :func:`choice_value`; the gain is the
    change of :func:`rules.score_collection` (gold coin, cat food and Ne-collection
    included), so it is not the sum of two separate gains.
    """
    params = check.params_of(params, "both_gain")
    collected = check.zabuton_list(collected, "both_gain", "collected", params)
    pairs = tile_pairs("both_gain", pieces, stacks, params)
    a, b = pieces
    before = score_collection(collected, params).total
    total = sum(
        score_collection((*collected, ZabutonNeko(a, x), ZabutonNeko(b, y)), params).total - before
        for x, y in pairs
    )
    return Fraction(total, len(pairs))


def unseen_values(state: MNState, player: int) -> dict[str, list[int]]:
    """Per colour, the zabuton values ``player`` has not seen, as far as their view tells.

    "Zabuton tiles should be shuffled and grouped by color": every face-down tile of a
    colour (on a kotatsu, in a stack, in another player's collection) is uniform over the
    colour's values that ``player`` has not seen face up (their own collection, a tile
    shown to them as a showdown's chooser). The same model as ``agents.determinize``.
    """
    player = state_arguments.state_and_seat(state, player, "unseen_values")
    view = state.view(player)
    left = {c: Counter(state.params.zabuton_values) for c in state.params.colours}
    shown = [z for board in view["kotatsu"] for z in board["slots"] if z is not None]
    shown += [z for zs in view["collected"] for z in zs]
    for z in shown:
        if z["value"] != HIDDEN:
            left[z["colour"]][z["value"]] -= 1
    return {c: sorted(values.elements()) for c, values in left.items()}
