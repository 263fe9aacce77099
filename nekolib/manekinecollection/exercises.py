"""Manekinecollection classroom exercises (the bank's entries for this game).

Counting and conditional probability over cat-card hands ("the two cat pieces on the
kotatsu board plus the player's three played cat cards"), and the expectation of
Zabuton Neko scoring. Every answer comes from :mod:`nekolib.manekinecollection.analysis`
(or the rules' scoring); every parameter set is JSON-friendly (cards as ``"red3"``).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from nekolib.exercise import Exercise
from nekolib.manekinecollection import analysis
from nekolib.manekinecollection.rules import (
    COLOURS,
    HAND_CLASSES,
    PLAIN,
    Card,
    MNState,
    Params,
    Piece,
    ZabutonNeko,
    class_of_counts,
    full_bag,
    full_deck,
    new_game,
    parse_cards,
)

Values = dict[str, Any]

COMPOSITION = {
    "5cats": "5 cats of one colour",
    "4cats": "4 cats of one colour",
    "cathouse": "3 cats of one colour and 2 of another",
    "3cats": "3 cats of one colour (the other two of two different colours)",
    "two pair": "2 + 2 cats of two colours (the fifth of a third colour)",
    "one pair": "exactly 2 cats of one colour (the other three all different)",
    "solocat": "five different colours",
}
"""The rulebook's hand table ("5cats Same color x 5 ... solocat There is no same color")."""

DEFAULT_VALUES = Params().zabuton_values

NOTES = """\
**Manekinecollection: what the exercises use** (rulebook, seed 001)

* **Components.** 72 cat cards: 6 colours (red, orange, yellow, green, blue, black) x 12
  cards, the cards of one colour showing 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6 cat icons. A
  card is written colour + icons: `red3` is a red card with 3 icons. 30 cat pieces, 5 per
  colour: every colour but black has one piece holding a **gold coin**, one holding a
  **cat can** and three plain pieces; the 5 black pieces are plain. 30 zabuton tiles, 5
  per colour, printed **-1, 1, 2, 3, 4**; a piece always sits on a tile of its own colour
  (a *Zabuton Neko*), so one player can never hold two tiles of one colour with the same
  value.
* **Kotatsu.** Three kotatsu (left, centre, right), each with two cat pieces on face-down
  tiles. Each player plays a row of 3 cards at a kotatsu; a player's **hand** there is the
  two pieces plus their three cards: 5 cats, and only the colours count for the class.
* **Hand ranking** (strongest first):

  | hand | colours of the 5 cats |
  |---|---|
  | 5cats | 5 cats of one colour |
  | 4cats | 4 cats of one colour |
  | cathouse | 3 cats of one colour and 2 of another |
  | 3cats | 3 cats of one colour, the other two of two different colours |
  | two pair | 2 + 2 cats of two colours, the fifth of a third colour |
  | one pair | exactly 2 cats of one colour, the other three all different |
  | solocat | five different colours |

  "At least X" means X or any stronger hand. Two hands of one class are compared by
  colour groups, largest group first, each group by the **total icons** of its cards
  (the pieces count for a group's size but carry no icons); still equal: whoever played
  their third card first wins.
* **Showdown.** The strongest hand at a kotatsu looks at the front of both tiles there
  and takes the Zabuton Neko (piece and tile) of their choice.
* **Scoring** at the end: each plain or cat-can Zabuton Neko scores its tile; a **gold
  coin** Zabuton Neko scores, instead of its tile, the number of pieces of your most
  collected colour; each **cat can** cancels one negative tile of yours; holding all
  six colours gives a **6-point** bonus.
* **Answers.** Whole numbers, or exact fractions: `Fraction(p, q)` or `"p/q"`.
"""


# --------------------------------------------------------------------------- helpers
def _cards(words: Sequence[str]) -> tuple[Card, ...]:
    return parse_cards(" ".join(words))


def _card_list(words: Sequence[str]) -> str:
    return ", ".join(str(c) for c in _cards(words))


def _deck_params(per_colour: int) -> Params:
    """A deck of ``per_colour`` cards (icons 1..n) in each of the six colours."""
    return Params(card_ranks=tuple(range(1, per_colour + 1)))


def _at_least(dist: dict[str, Fraction], hand: str) -> Fraction:
    i = HAND_CLASSES.index(hand)
    return sum((p for h, p in dist.items() if HAND_CLASSES.index(h) >= i), Fraction(0))


def _word(card: Card) -> str:
    return f"{card.colour}{card.rank}"


def _deal(rng: random.Random, n: int, avoid: Sequence[Card] = ()) -> list[Card]:
    left = list(full_deck(Params()))
    for card in avoid:
        left.remove(card)
    return sorted(rng.sample(left, n))


def _zn(item: Sequence[Any]) -> ZabutonNeko:
    """``[colour, feature, value]`` -> a Zabuton Neko."""
    colour, feature, value = item
    return ZabutonNeko(Piece(colour, feature), int(value))


def _zn_text(item: Sequence[Any]) -> str:
    colour, feature, value = item
    return f"{_piece_text(colour, feature)} on a tile worth {value}"


def _piece_text(colour: str, feature: str) -> str:
    article = "an" if colour[0] in "aeiou" else "a"
    return f"{article} {colour} cat" + ("" if feature == PLAIN else f" with a {feature}")


def table(
    pieces: Sequence[Sequence[str]] = (),
    hand: Sequence[str] = (),
    row: Sequence[str] = (),
    seen: Sequence[str] = (),
    collected: Sequence[Sequence[Any]] = (),
) -> MNState:
    """A two-player table (for the picture and the worked solutions): the left kotatsu
    holds ``pieces``
    (``[colour, feature]``), Red (seat 0) holds ``hand`` and has ``row`` down there, and
    the ``seen`` cards lie in rows at the other two kotatsu."""
    state = new_game(2, seed=11)
    values = iter(DEFAULT_VALUES)
    slots = tuple(ZabutonNeko(Piece(c, f), next(values)) for c, f in pieces) or None
    boards = list(state.kotatsu)
    if slots:
        boards[0] = replace(boards[0], slots=slots)
    boards[0] = replace(boards[0], rows=(_cards(row), ()))
    seen_cards = list(_cards(seen))
    for k in (1, 2):
        rows = (tuple(sorted(seen_cards[:3])), tuple(sorted(seen_cards[3:6])))
        seen_cards = seen_cards[6:]
        boards[k] = replace(boards[k], rows=rows)
    hands = (_cards(hand) if hand else state.hands[0], state.hands[1])
    return replace(
        state,
        kotatsu=tuple(boards),
        hands=hands,
        collected=(tuple(_zn(z) for z in collected), ()),
    )


def _plain_pieces(p: Values) -> list[list[str]]:
    return [[c, PLAIN] for c in p["pieces"]]


def colour_patterns(pieces: Sequence[str], hand: str, at_least: bool = False) -> int:
    """How many colour multisets of three cards make ``pieces`` + cards a ``hand`` (or, with
    ``at_least``, that hand or stronger): the cases a student sums by hand."""
    target = HAND_CLASSES.index(hand)
    found = 0
    for colours in itertools.combinations_with_replacement(COLOURS, 3):
        rank = class_of_counts((Counter(pieces) + Counter(colours)).values())
        found += rank >= target if at_least else rank == target
    return found


def _state_code(*lines: str, imports: Sequence[str] = ()) -> str:
    """Runnable source of a worked solution: nekolib imports, then ``lines``."""
    head = ["from nekolib.manekinecollection import analysis", *imports, ""]
    return "\n".join([*head, *lines, ""])


def _table_call(p: Values, **parts: Any) -> str:
    args = ", ".join(f"{k}={v!r}" for k, v in parts.items())
    return f"state = table({args})"


# ---------------------------------------------------------------- real components
def _real_collection(
    rng: random.Random, size: int, extra: int = 0
) -> tuple[list[list[Any]], list[Piece], dict[str, list[int]]]:
    """A collection that can occur with the real components: ``size`` pieces drawn from the
    30-piece bag, each on a different tile of its colour (-1, 1, 2, 3, 4); also ``extra``
    further pieces from the bag and the tiles of each colour not yet used."""
    bag = list(full_bag(Params()))
    rng.shuffle(bag)
    tiles = {c: rng.sample(DEFAULT_VALUES, len(DEFAULT_VALUES)) for c in COLOURS}
    collected = [[x.colour, x.feature, tiles[x.colour].pop()] for x in bag[:size]]
    return collected, bag[size : size + extra], {c: sorted(v) for c, v in tiles.items()}


# --------------------------------------------------------------------------- 1 counting
HAND_COUNT_HANDS = {
    True: ("one pair", "3cats", "cathouse", "4cats"),
    False: ("solocat", "two pair", "3cats"),
}
"""Hands asked for with equal pieces / different pieces: 4-12 colour patterns each."""


def _gen_hand_count(rng: random.Random) -> Values:
    while True:
        a = rng.choice(COLOURS)
        b = a if rng.random() < 0.4 else rng.choice([c for c in COLOURS if c != a])
        hands = HAND_COUNT_HANDS[a == b]
        params = {"pieces": [a, b], "per_colour": rng.randint(8, 16), "hand": rng.choice(hands)}
        if _solve_hand_count(params) >= 1000:  # not a number a picture could contain
            return params


def _solve_hand_count(p: Values) -> int:
    return analysis.class_counts_exact(p["pieces"], _deck_params(p["per_colour"]))[p["hand"]]


HAND_COUNT = Exercise(
    key="manekinecollection.hand_count",
    title="Counting hands",
    topic="counting",
    level=1,
    prompt=lambda p: (
        f"A house rule plays with **{p['per_colour']} cat cards of each of the 6 colours**"
        f" ({6 * p['per_colour']} cards). The two cat pieces on a kotatsu are **{p['pieces'][0]}"
        f"** and **{p['pieces'][1]}**. A player's hand is those two pieces plus three cards."
        f" How many of the C({6 * p['per_colour']}, 3) sets of three cards make a"
        f" **{p['hand']}** ({COMPOSITION[p['hand']]})? Give a whole number."
    ),
    generate=_gen_hand_count,
    solve=_solve_hand_count,
    hints=(
        "Only the colours matter: sort the three cards by how many of them share each colour.",
        lambda p: (
            f"List the colour patterns of the three cards that turn {p['pieces'][0]} +"
            f" {p['pieces'][1]} into a {p['hand']}; each pattern is a product of binomial"
            f" coefficients C({p['per_colour']}, k)."
        ),
        "Do not forget patterns that use the pieces' own colours as well as the other colours.",
    ),
    position=lambda p: table(_plain_pieces(p)),
    viewer=0,
    demo={"pieces": ["green", "green"], "per_colour": 12, "hand": "cathouse"},
    worked=lambda p: (
        f"Sum over the {colour_patterns(p['pieces'], p['hand'])} colour multisets of the three"
        " cards that make the hand, each a product of binomials C(per colour, k):"
        f" **{_solve_hand_count(p)}**."
    ),
    worked_code=lambda p: _state_code(
        f"params = Params(card_ranks=tuple(range(1, {p['per_colour'] + 1})))",
        f"answer = analysis.class_counts_exact({tuple(p['pieces'])!r}, params)[{p['hand']!r}]",
        imports=("from nekolib.manekinecollection.rules import Params",),
    ),
    workload=lambda p: colour_patterns(p["pieces"], p["hand"]),
    band="4-12 colour patterns of the three cards (house-rule decks of 8-16 cards a colour)",
)


# --------------------------------------------------------------------------- 2 counting
BAG_COLOURS = (*COLOURS, "white", "purple")


BAG_QUESTIONS = ("same", "different", "both", "one")
"""Same colour / two colours / both of a named colour / exactly one of a named colour."""


def _gen_bag(rng: random.Random) -> Values:
    colours = rng.randint(5, 8)
    return {
        "colours": colours,
        "per_colour": rng.randint(3, 12),
        "question": rng.choice(BAG_QUESTIONS),
        "named": rng.choice(BAG_COLOURS[:colours]),
    }


def _bag_question(p: Values) -> str:
    named = p.get("named", "red")
    return {
        "same": "they have **the same colour**",
        "different": "they have **two different colours**",
        "both": f"**both** are **{named}**",
        "one": f"**exactly one** of them is **{named}**",
    }[p.get("question", "same")]


def _bag_params(p: Values) -> Params:
    colours = BAG_COLOURS[: p["colours"]]
    plain = "black" if "black" in colours else colours[-1]
    return Params(
        colours=colours, plain_colour=plain, zabuton_values=tuple(range(-1, p["per_colour"] - 1))
    )


def _solve_same_colour(p: Values) -> Fraction:
    weights = analysis.bag_pair_weights(_bag_params(p))
    named, question = p.get("named", "red"), p.get("question", "same")
    wanted = {
        "same": lambda a, b: a == b,
        "different": lambda a, b: a != b,
        "both": lambda a, b: a == b == named,
        "one": lambda a, b: (a == named) != (b == named),
    }[question]
    hit = sum(w for (a, b), w in weights.items() if wanted(a, b))
    return Fraction(hit, sum(weights.values()))


SAME_COLOUR_PIECES = Exercise(
    key="manekinecollection.same_colour_pieces",
    title="Two pieces of one colour",
    topic="counting",
    level=1,
    prompt=lambda p: (
        f"A variant of the game has **{p['colours']} colours** of cats"
        f" ({', '.join(BAG_COLOURS[: p['colours']])}) and **{p['per_colour']}"
        " cat pieces of each colour** in the bag (no Manekineko yet). Two pieces are drawn"
        f" to set up a kotatsu. What is the probability that {_bag_question(p)}?"
        " Give an exact fraction."
    ),
    generate=_gen_bag,
    solve=_solve_same_colour,
    hints=(
        "Count unordered pairs of pieces: all pairs, and the pairs inside one colour.",
        lambda p: f"There are C({p['colours'] * p['per_colour']}, 2) pairs in all.",
        "Or: whatever the first piece is, how many of the remaining pieces share its colour?",
    ),
    demo={"colours": 6, "per_colour": 5},
    worked=lambda p: (
        f"Unordered pairs: C({p['colours'] * p['per_colour']}, 2) in all; those with"
        f" {_bag_question(p)}, counted per colour pair (C({p['per_colour']}, 2) inside one"
        f" colour, {p['per_colour']}^2 across two): **{_solve_same_colour(p)}**."
    ),
    worked_code=lambda p: _state_code(
        f"colours = {BAG_COLOURS[: p['colours']]!r}",
        "plain = 'black' if 'black' in colours else colours[-1]",
        f"tiles = tuple(range(-1, {p['per_colour'] - 1}))  # one piece per tile: "
        f"{p['per_colour']} a colour",
        "params = Params(colours=colours, plain_colour=plain, zabuton_values=tiles)",
        "weights = analysis.bag_pair_weights(params)  # unordered pairs per colour pair",
        f"named, question = {p.get('named', 'red')!r}, {p.get('question', 'same')!r}",
        "wanted = {",
        "    'same': lambda a, b: a == b,",
        "    'different': lambda a, b: a != b,",
        "    'both': lambda a, b: a == b == named,",
        "    'one': lambda a, b: (a == named) != (b == named),",
        "}[question]",
        "hit = sum(w for (a, b), w in weights.items() if wanted(a, b))",
        "answer = Fraction(hit, sum(weights.values()))",
        imports=(
            "from fractions import Fraction",
            "",
            "from nekolib.manekinecollection.rules import Params",
        ),
    ),
    workload=lambda p: p["colours"],
    band="5-8 colours of 3-12 pieces each (one pair count per colour)",
)


# --------------------------------------------------------------------------- 3 expectation
def _gen_tile_mean(rng: random.Random) -> Values:
    while True:
        values = sorted(rng.sample(range(-3, 9), 5))
        if values[0] >= 0:
            continue
        left = sorted(rng.sample(values, rng.randint(2, 5)))
        colour = rng.choice(COLOURS)
        others = rng.sample([c for c in COLOURS if c != colour], rng.randint(1, 3))
        collected = [[c, PLAIN, rng.choice(values)] for c in others]  # one per colour
        params = {"colour": colour, "values": values, "left": left, "collected": collected}
        if _solve_tile_mean(params).denominator > 1:
            return params


def _solve_tile_mean(p: Values) -> Fraction:
    collected = [_zn(z) for z in p["collected"]]
    return analysis.expected_score_gain(
        collected, Piece(p["colour"]), p["left"], Params(zabuton_values=tuple(p["values"]))
    )


TILE_MEAN = Exercise(
    key="manekinecollection.tile_mean",
    title="A face-down tile",
    topic="expectation",
    level=1,
    prompt=lambda p: (
        f"A house rule prints the values **{', '.join(map(str, p['values']))}** on the five"
        " zabuton tiles of each colour. You hold "
        + "; ".join(_zn_text(z) for z in p["collected"])
        + f". You win **{_piece_text(p['colour'], PLAIN)}** on a face-down tile; you know that"
        f" only the {p['colour']} tiles worth **{', '.join(map(str, p['left']))}** can still be"
        " under it, each equally likely. What is the expected change of your final score?"
        " Give an exact fraction."
    ),
    generate=_gen_tile_mean,
    solve=_solve_tile_mean,
    hints=(
        "A plain cat (no gold coin, no cat can) scores the printed value of its tile.",
        "The expectation is the average of the values that can still be under it.",
    ),
    position=lambda p: table([[p["colour"], PLAIN]], collected=p["collected"]),
    viewer=0,
    worked=lambda p: (
        "The tile is uniform over the values left, and a plain cat adds its printed value:"
        f" ({' + '.join(map(str, p['left']))}) / {len(p['left'])} = **{_solve_tile_mean(p)}**."
    ),
    worked_code=lambda p: _state_code(
        f"collected = [ZabutonNeko(Piece(c, f), v) for c, f, v in {p['collected']!r}]",
        f"params = Params(zabuton_values={tuple(p['values'])!r})  # the house-rule tiles",
        f"piece = Piece({p['colour']!r})  # plain",
        f"answer = analysis.expected_score_gain(collected, piece, {p['left']!r}, params)",
        imports=("from nekolib.manekinecollection.rules import Params, Piece, ZabutonNeko",),
    ),
    workload=lambda p: len(p["left"]),
    band="2-5 possible tiles to average",
)


# --------------------------------------------------------------------------- 4 conditional
GIVEN_SEEN_HANDS = {True: ("two pair", "cathouse", "4cats"), False: ("3cats",)}
"""'At least' targets with equal / different pieces: 6-16 colour patterns to sum (or the
weaker patterns to subtract, whichever is fewer)."""


def _patterns_to_sum(pieces: Sequence[str], hand: str) -> int:
    """Workload of an 'at least' question: the fewer of the patterns that reach the hand
    and those that do not (count those and subtract from 1)."""
    reach = colour_patterns(pieces, hand, at_least=True)
    return min(reach, math.comb(len(COLOURS) + 2, 3) - reach)


def _gen_given_seen(rng: random.Random) -> Values:
    while True:
        a = rng.choice(COLOURS)
        b = a if rng.random() < 0.5 else rng.choice([c for c in COLOURS if c != a])
        hand = _deal(rng, 3)
        seen = _deal(rng, rng.randint(3, 9), hand)
        params = {
            "pieces": [a, b],
            "hand": [_word(c) for c in hand],
            "seen": [_word(c) for c in seen],
            "at_least": rng.choice(GIVEN_SEEN_HANDS[a == b]),
        }
        if 0 < _solve_given_seen(params) < 1:
            return params


def _given_seen_state(p: Values) -> MNState:
    return table(_plain_pieces(p), hand=p["hand"], seen=p["seen"])


def _solve_given_seen(p: Values) -> Fraction:
    pool = analysis.unseen_pool(_given_seen_state(p), 0)
    counts = analysis.class_counts_exact(p["pieces"], pool=pool)
    dist = {r.hand: r.probability for r in analysis.frequency_rows(counts)}
    return _at_least(dist, p["at_least"])


HAND_GIVEN_SEEN = Exercise(
    key="manekinecollection.hand_given_seen",
    title="Odds from the cards you have seen",
    topic="conditional probability",
    level=2,
    prompt=lambda p: (
        f"The pieces on the left kotatsu are **{p['pieces'][0]}** and **{p['pieces'][1]}**."
        f" You (Red) hold **{_card_list(p['hand'])}**; face up on the other kotatsu lie"
        f" **{_card_list(p['seen'])}**. Blue will finish a row at the left kotatsu with three"
        " cards that, as far as you know, are three random cards among the"
        f" {72 - len(p['hand']) - len(p['seen'])} cards you have not seen. Given what you"
        f" have seen, what is the probability that Blue's hand there is **at least"
        f" {p['at_least']}**? Give an exact fraction."
    ),
    generate=_gen_given_seen,
    solve=_solve_given_seen,
    hints=(
        "Count, for every colour, how many of its 12 cards you have not seen.",
        "Only colours matter: add up the colour patterns of three unseen cards that reach the"
        " hand, each a product of binomial coefficients, and divide by C(unseen, 3).",
        "It may be quicker to count the weaker hands and subtract.",
    ),
    position=_given_seen_state,
    viewer=0,
    demo={
        "pieces": ["red", "blue"],
        "hand": ["red3", "blue2", "green5"],
        "seen": ["red6", "red5", "orange1"],
        "at_least": "two pair",
    },
    worked=lambda p: (
        "Count the unseen cards of each colour (12 minus those you have seen); sum the"
        " colour patterns of three unseen cards that reach the hand (or subtract the weaker"
        " ones), each a product of binomials, over C(unseen, 3):"
        f" **{_solve_given_seen(p)}**."
    ),
    worked_code=lambda p: _state_code(
        _table_call(p, pieces=_plain_pieces(p), hand=p["hand"], seen=p["seen"]),
        "pool = analysis.unseen_pool(state, 0)  # unseen cards per colour",
        f"counts = analysis.class_counts_exact({tuple(p['pieces'])!r}, pool=pool)",
        f"strong = HAND_CLASSES[HAND_CLASSES.index({p['at_least']!r}) :]",
        "answer = sum(r.probability for r in analysis.frequency_rows(counts) if r.hand in strong)",
        imports=(
            "from nekolib.manekinecollection.exercises import table",
            "from nekolib.manekinecollection.rules import HAND_CLASSES",
        ),
    ),
    workload=lambda p: _patterns_to_sum(p["pieces"], p["at_least"]),
    band="6-16 colour patterns of the three unseen cards to sum (real deck, 3-9 cards seen)",
)


# --------------------------------------------------------------------------- 5 counting (ties)
def _gen_tie(rng: random.Random) -> Values:
    while True:
        a = rng.choice(COLOURS)
        b = rng.choice([c for c in COLOURS if c != a])
        row = _deal(rng, 3)
        hand = _deal(rng, 3, row)
        params = {
            "pieces": [a, b],
            "row": [_word(c) for c in row],
            "hand": [_word(c) for c in hand],
        }
        if 30 <= _tie_triples(params) <= 90:
            return params


def _tie_state(p: Values) -> MNState:
    return table(_plain_pieces(p), hand=p["hand"], row=p["row"])


def _solve_tie(p: Values) -> Fraction:
    return analysis.state_duels(_tie_state(p), 0, 0)[1].tie


def _tie_triples(p: Values) -> int:
    """Workload: the triples of unseen cards that tie (the count the student builds)."""
    return int(_solve_tie(p) * math.comb(66, 3))


EXACT_TIE = Exercise(
    key="manekinecollection.exact_tie",
    title="An exact tie",
    topic="counting",
    level=2,
    prompt=lambda p: (
        f"The pieces on the left kotatsu are **{p['pieces'][0]}** and **{p['pieces'][1]}**;"
        f" your row there is finished: **{_card_list(p['row'])}**, and you hold"
        f" **{_card_list(p['hand'])}**. Blue has no card there yet and will play three cards"
        " that, as far as you know, are random among the 66 cards you have not seen. Hands of"
        " one class are compared by colour groups, largest group first, each group by the"
        " **total icons** of its cards (pieces count for a group's size but carry no icons)."
        " What is the probability that Blue's hand **ties yours exactly** (same class, same"
        " strength for every group), so that whoever played the third card first wins?"
        " Give an exact fraction."
    ),
    generate=_gen_tie,
    solve=_solve_tie,
    hints=(
        "Write down your hand's class and the icon total of each colour group, in order.",
        "A tying hand needs groups of the same sizes with the same totals; colours of the"
        " single cards may differ. Count such triples among the unseen cards (icons 1-6,"
        " two cards of each rank per colour).",
        "Divide by C(66, 3), the number of possible triples.",
    ),
    position=_tie_state,
    viewer=0,
    demo={
        "pieces": ["red", "blue"],
        "row": ["red3", "red5", "green2"],
        "hand": ["blue4", "black1", "yellow6"],
    },
    worked=lambda p: (
        f"{_tie_triples(p)} of the C(66, 3) = {math.comb(66, 3)} triples of unseen cards tie"
        f" (same class, same icon total per group): **{_solve_tie(p)}**."
    ),
    worked_code=lambda p: _state_code(
        _table_call(p, pieces=_plain_pieces(p), hand=p["hand"], row=p["row"]),
        "duels = analysis.state_duels(state, 0, 0)  # Red's finished row against Blue",
        "answer = duels[1].tie",
        imports=("from nekolib.manekinecollection.exercises import table",),
    ),
    workload=_tie_triples,
    band="30-90 tying triples among the 66 unseen cards (real deck)",
)


# --------------------------------------------------------------------------- 6 expectation
def _gen_gain(rng: random.Random) -> Values:
    """Real components only: the collection and the won piece come out of the 30-piece bag,
    the possible tiles are tiles of the piece's colour that the collection does not hold."""
    while True:
        collected, (piece,), unused = _real_collection(rng, rng.randint(3, 5), extra=1)
        free = unused[piece.colour]
        if len(free) < 2:
            continue
        left = sorted(rng.sample(free, rng.randint(2, min(4, len(free)))))
        params = {"collected": collected, "piece": [piece.colour, piece.feature], "left": left}
        if _solve_gain(params).denominator > 1:
            return params


def _gain_work(p: Values) -> int:
    """Workload: collections to score, one per possible tile, each of the new size."""
    return len(p["left"]) * (len(p["collected"]) + 1)


def _solve_gain(p: Values) -> Fraction:
    collected = [_zn(z) for z in p["collected"]]
    return analysis.expected_score_gain(collected, Piece(*p["piece"]), p["left"])


SCORING_RULES = (
    " Scoring: each plain or cat-can Zabuton Neko scores its tile; a **gold coin** Zabuton"
    " Neko scores, instead of its tile, the number of pieces of your most collected colour;"
    " each **cat can** cancels one negative tile; all six colours give a **6-point** bonus."
)


ZABUTON_GAIN = Exercise(
    key="manekinecollection.zabuton_gain",
    title="What a Zabuton Neko is worth",
    topic="expectation",
    level=2,
    prompt=lambda p: (
        "You hold " + "; ".join(_zn_text(z) for z in p["collected"]) + "."
        f" You win **{_piece_text(*p['piece'])}** on a face-down tile that is equally likely"
        f" to be any of the {p['piece'][0]} tiles worth **{', '.join(map(str, p['left']))}**."
        + SCORING_RULES
        + " What is the expected change of your final score? Give an exact fraction."
    ),
    generate=_gen_gain,
    solve=_solve_gain,
    hints=(
        "Work out your score now, then your score with the new Zabuton Neko for each"
        " possible tile; average the differences.",
        "A gold coin ignores its tile but may raise every gold coin you already hold; a cat"
        " can may cancel a negative tile you already hold; check whether you complete the"
        " six colours.",
    ),
    position=lambda p: table([p["piece"]], collected=p["collected"]),
    viewer=0,
    worked=lambda p: (
        "Score the collection now and with the new Zabuton Neko on each possible tile"
        f" ({', '.join(map(str, p['left']))}); the average difference is **{_solve_gain(p)}**."
    ),
    worked_code=lambda p: _state_code(
        f"collected = [ZabutonNeko(Piece(c, f), v) for c, f, v in {p['collected']!r}]",
        f"piece = Piece({p['piece'][0]!r}, {p['piece'][1]!r})",
        f"answer = analysis.expected_score_gain(collected, piece, {p['left']!r})",
        imports=("from nekolib.manekinecollection.rules import Piece, ZabutonNeko",),
    ),
    workload=_gain_work,
    band="real components; 3-5 Zabuton Neko held, 2-4 possible tiles (8-24 pieces to score)",
)


# --------------------------------------------------------------------------- 7 Bayes
def _gen_same_given(rng: random.Random) -> Values:
    return {
        "pieces_per_colour": rng.randint(3, 10),
        "per_colour": rng.randint(6, 18),
        "hand": rng.choice(SAME_GIVEN_HANDS),
    }


SAME_GIVEN_HANDS = ("one pair", "two pair", "3cats", "cathouse")
"""12-34 colour patterns over both piece cases (4cats would be 7, 5cats 1)."""


def _both_cases(p: Values) -> int:
    """Workload: colour patterns of the cards for equal pieces plus for different pieces."""
    return colour_patterns(COLOURS[:1] * 2, p["hand"]) + colour_patterns(COLOURS[:2], p["hand"])


def _solve_same_given(p: Values) -> Fraction:
    params = Params(
        card_ranks=tuple(range(1, p["per_colour"] + 1)),
        zabuton_values=tuple(range(-1, p["pieces_per_colour"] - 1)),
    )
    return analysis.same_colour_given_class(params)[p["hand"]]


SAME_GIVEN_CLASS = Exercise(
    key="manekinecollection.same_given_class",
    title="What the hand says about the pieces",
    topic="conditional probability",
    level=3,
    prompt=lambda p: (
        f"A variant has **{p['pieces_per_colour']} cat pieces** and **{p['per_colour']} cat"
        " cards of each of the 6 colours**. A kotatsu gets two random pieces from the full bag,"
        " and a player adds three random cards from the full deck. You are told the hand is a"
        f" **{p['hand']}** ({COMPOSITION[p['hand']]}). Given that, what is the probability"
        " that the two pieces have the **same colour**? Give an exact fraction."
    ),
    generate=_gen_same_given,
    solve=_solve_same_given,
    hints=(
        "Bayes: P(same | hand) = P(same) · P(hand | same) / P(hand).",
        lambda p: (
            f"P(hand | same) and P(hand | different) are counts of card triples over"
            f" C({6 * p['per_colour']}, 3) for two fixed pieces; P(hand) mixes them with"
            " P(same) and P(different)."
        ),
        "Equivalently count (piece pair, card triple) combinations: the ones with a"
        " same-colour pair over all of them.",
    ),
    demo={"pieces_per_colour": 5, "per_colour": 12, "hand": "3cats"},
    worked=lambda p: (
        "Bayes over (piece pair, card triple) counts: P(same | hand) = P(same) P(hand | same)"
        f" / P(hand) = **{_solve_same_given(p)}**."
    ),
    worked_code=lambda p: _state_code(
        "params = Params(",
        f"    card_ranks=tuple(range(1, {p['per_colour'] + 1})),",
        f"    zabuton_values=tuple(range(-1, {p['pieces_per_colour'] - 1})),  # pieces a colour",
        ")",
        f"answer = analysis.same_colour_given_class(params)[{p['hand']!r}]",
        imports=("from nekolib.manekinecollection.rules import Params",),
    ),
    workload=_both_cases,
    band="hands one pair to cathouse: 12-34 colour patterns over the two piece cases",
)


# --------------------------------------------------------------------------- 8 best plan
def _gen_reach(rng: random.Random) -> Values:
    while True:
        a = rng.choice(COLOURS)
        b = a if rng.random() < 0.3 else rng.choice([c for c in COLOURS if c != a])
        hand = _deal(rng, 3)
        seen = _deal(rng, rng.randint(3, 9), hand)
        params = {
            "pieces": [a, b],
            "hand": [_word(c) for c in hand],
            "seen": [_word(c) for c in seen],
            "at_least": rng.choice(["two pair", "3cats", "cathouse", "4cats"]),
        }
        if 0 < _solve_reach(params) < 1:
            return params


def _solve_reach(p: Values) -> Fraction:
    odds = analysis.state_reach_odds(_given_seen_state(p), 0, 0)
    assert odds is not None
    return odds.reach[p["at_least"]]


REACH = Exercise(
    key="manekinecollection.reach",
    title="The best plan at a kotatsu",
    topic="conditional probability",
    level=3,
    prompt=lambda p: (
        f"The pieces on the left kotatsu are **{p['pieces'][0]}** and **{p['pieces'][1]}**"
        f" and you have no card there yet. You hold **{_card_list(p['hand'])}**; face up"
        f" elsewhere lie **{_card_list(p['seen'])}**. Plan A: play one card here now, draw one"
        " card, later play the best two of your three cards here. Plan B: play two cards now,"
        " draw two, later play the best one of your three cards. Drawn cards are random among"
        f" the {72 - len(p['hand']) - len(p['seen'])} cards you have not seen. With the"
        f" **best plan and the best cards to play now**, what is the probability that your"
        f" hand here ends **at least {p['at_least']}**? Give an exact fraction."
    ),
    generate=_gen_reach,
    solve=_solve_reach,
    hints=(
        "List the choices: which one card (plan A) or which two cards (plan B) you play now.",
        "For each choice, the final hand depends only on the colours of the drawn cards:"
        " count the unseen cards of each colour.",
        "Compute each choice's probability of reaching the hand and keep the largest.",
    ),
    position=_given_seen_state,
    viewer=0,
    demo={
        "pieces": ["red", "blue"],
        "hand": ["red3", "blue2", "green5"],
        "seen": ["red6", "red5", "orange1"],
        "at_least": "3cats",
    },
    worked=lambda p: (
        "Every plan's exact distribution of the final class (3 one-card plays times 6 colours"
        " drawn, 3 two-card plays times 21 colour pairs drawn), best plan kept:"
        f" **{_solve_reach(p)}**."
    ),
    worked_code=lambda p: _state_code(
        _table_call(p, pieces=_plain_pieces(p), hand=p["hand"], seen=p["seen"]),
        "odds = analysis.state_reach_odds(state, 0, 0)  # Red at the left kotatsu",
        f"answer = odds.reach[{p['at_least']!r}]",
        imports=("from nekolib.manekinecollection.exercises import table",),
    ),
    workload=lambda p: 3 * len(COLOURS) + 3 * math.comb(len(COLOURS) + 1, 2),
    band="always 6 plays x the colours drawn = 81 cases (real deck, 3-9 cards seen)",
)


# --------------------------------------------------------------------------- 9 E[max]
def tile_pairs(p: Values) -> int:
    """Workload: the equally likely pairs of tiles under the two pieces."""
    a, b = (x[0] for x in p["pieces"])
    if a == b:
        n = len(p["stacks"][a])
        return n * (n - 1)
    return len(p["stacks"][a]) * len(p["stacks"][b])


def _gen_choice(rng: random.Random) -> Values:
    """Real components only: collection and kotatsu pieces from the 30-piece bag, each
    possible tile one the collection does not hold; 4-12 pairs of tiles."""
    while True:
        collected, pieces, unused = _real_collection(rng, rng.randint(2, 4), extra=2)
        if rng.random() < 0.3:  # two pieces of one colour, as often as a table gives them
            same = [x for x in full_bag(Params()) if x.colour == pieces[0].colour]
            held = Counter(Piece(c, f) for c, f, _ in collected) + Counter(pieces[:1])
            spare = list((Counter(same) - held).elements())
            if not spare:
                continue
            pieces = [pieces[0], rng.choice(spare)]
        stacks = {}
        for colour in sorted({x.colour for x in pieces}):
            free = unused[colour]
            need = 2 if pieces[0].colour == pieces[1].colour else 1
            if len(free) < max(need, 2):
                break
            stacks[colour] = sorted(rng.sample(free, rng.randint(max(need, 2), len(free))))
        else:
            params = {
                "collected": collected,
                "pieces": [[x.colour, x.feature] for x in pieces],
                "stacks": stacks,
            }
            if 4 <= tile_pairs(params) <= 12 and _solve_choice(params).denominator > 1:
                return params


def _solve_choice(p: Values) -> Fraction:
    collected = [_zn(z) for z in p["collected"]]
    pieces = [Piece(*x) for x in p["pieces"]]
    return analysis.choice_value(collected, pieces, p["stacks"])


def _stacks_text(p: Values) -> str:
    return "; ".join(
        f"the {c} stack still holds tiles worth **{', '.join(map(str, v))}**"
        for c, v in p["stacks"].items()
    )


CHOICE_VALUE = Exercise(
    key="manekinecollection.choice_value",
    title="Looking under both zabuton",
    topic="expectation",
    level=3,
    prompt=lambda p: (
        "Three players. You hold " + "; ".join(_zn_text(z) for z in p["collected"]) + "."
        " You win the showdown at a kotatsu holding"
        f" **{_piece_text(*p['pieces'][0])}** and **{_piece_text(*p['pieces'][1])}**, each on"
        f" a face-down tile drawn at random from its colour's stack ({_stacks_text(p)}; two"
        " pieces of one colour lie on two different tiles of that stack). You look at both"
        " tiles secretly and take the Zabuton Neko that raises your score more."
        + SCORING_RULES
        + " What is the expected change of your final score? Give an exact fraction."
    ),
    generate=_gen_choice,
    solve=_solve_choice,
    hints=(
        "For every possible pair of tiles, compute both gains and keep the larger one.",
        "The pairs of tiles are equally likely: with one colour, ordered pairs of different"
        " tiles; with two colours, every value of one stack with every value of the other.",
        "Gold coins ignore their tile; cat cans may cancel a negative tile you hold.",
    ),
    position=lambda p: table(p["pieces"], collected=p["collected"]),
    viewer=0,
    worked=lambda p: (
        f"E[max(gain A, gain B)] over the {tile_pairs(p)} equally likely pairs of tiles:"
        f" **{_solve_choice(p)}**."
    ),
    worked_code=lambda p: _state_code(
        f"collected = [ZabutonNeko(Piece(c, f), v) for c, f, v in {p['collected']!r}]",
        f"pieces = [Piece(c, f) for c, f in {p['pieces']!r}]",
        f"stacks = {p['stacks']!r}  # tile values each colour's stack can still give",
        "answer = analysis.choice_value(collected, pieces, stacks)",
        imports=("from nekolib.manekinecollection.rules import Piece, ZabutonNeko",),
    ),
    workload=tile_pairs,
    band="real components; 2-4 Zabuton Neko held, 4-12 equally likely pairs of tiles",
)


EXERCISES = (
    HAND_COUNT,
    SAME_COLOUR_PIECES,
    TILE_MEAN,
    HAND_GIVEN_SEEN,
    EXACT_TIE,
    ZABUTON_GAIN,
    SAME_GIVEN_CLASS,
    REACH,
    CHOICE_VALUE,
)

__all__ = [
    "BAG_COLOURS",
    "CHOICE_VALUE",
    "COMPOSITION",
    "EXACT_TIE",
    "EXERCISES",
    "HAND_COUNT",
    "HAND_GIVEN_SEEN",
    "REACH",
    "SAME_COLOUR_PIECES",
    "SAME_GIVEN_CLASS",
    "TILE_MEAN",
    "ZABUTON_GAIN",
]
