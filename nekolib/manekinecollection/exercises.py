"""Manekinecollection classroom exercises (the bank's entries for this game).

Counting and conditional probability over cat-card hands ("the two cat pieces on the
kotatsu board plus the player's three played cat cards"), and the expectation of
Zabuton Neko scoring. Every answer comes from :mod:`nekolib.manekinecollection.analysis`
(or the rules' scoring); every parameter set is JSON-friendly (cards as ``"red3"``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from nekolib.classroom.exercise import Exercise
from nekolib.manekinecollection import analysis
from nekolib.manekinecollection.rules import (
    CAN,
    COLOURS,
    GOLD,
    HAND_CLASSES,
    PLAIN,
    Card,
    MNState,
    Params,
    Piece,
    ZabutonNeko,
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


def _table(
    pieces: Sequence[Sequence[str]] = (),
    hand: Sequence[str] = (),
    row: Sequence[str] = (),
    seen: Sequence[str] = (),
    collected: Sequence[Sequence[Any]] = (),
) -> MNState:
    """A two-player table built for a picture: the left kotatsu holds ``pieces``
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


# --------------------------------------------------------------------------- 1 counting
def _gen_hand_count(rng: random.Random) -> Values:
    while True:
        a = rng.choice(COLOURS)
        b = a if rng.random() < 0.4 else rng.choice([c for c in COLOURS if c != a])
        hands = ["4cats", "cathouse", "3cats", "two pair", "one pair"]
        hands += ["5cats"] if a == b else ["solocat"]
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
    position=lambda p: _table(_plain_pieces(p)),
    viewer=0,
    demo={"pieces": ["green", "green"], "per_colour": 12, "hand": "cathouse"},
    worked=lambda p: (
        "Sum over the colour patterns of the three cards, each a product of binomials:\n\n"
        "```python\nfrom nekolib.manekinecollection import analysis\n"
        "from nekolib.manekinecollection.rules import Params\n"
        f"params = Params(card_ranks=tuple(range(1, {p['per_colour'] + 1})))\n"
        f"analysis.class_counts_exact({tuple(p['pieces'])!r}, params)[{p['hand']!r}]\n```"
    ),
)


# --------------------------------------------------------------------------- 2 counting
BAG_COLOURS = (*COLOURS, "white", "purple")


def _gen_bag(rng: random.Random) -> Values:
    return {"colours": rng.randint(5, 8), "per_colour": rng.randint(3, 10)}


def _bag_params(p: Values) -> Params:
    colours = BAG_COLOURS[: p["colours"]]
    plain = "black" if "black" in colours else colours[-1]
    return Params(
        colours=colours, plain_colour=plain, zabuton_values=tuple(range(-1, p["per_colour"] - 1))
    )


def _solve_same_colour(p: Values) -> Fraction:
    weights = analysis.bag_pair_weights(_bag_params(p))
    same = sum(w for (a, b), w in weights.items() if a == b)
    return Fraction(same, sum(weights.values()))


SAME_COLOUR_PIECES = Exercise(
    key="manekinecollection.same_colour_pieces",
    title="Two pieces of one colour",
    topic="counting",
    level=1,
    prompt=lambda p: (
        f"A variant of the game has **{p['colours']} colours** of cats and **{p['per_colour']}"
        " cat pieces of each colour** in the bag (no Manekineko yet). Two pieces are drawn"
        " to set up a kotatsu. What is the probability that they have **the same colour**?"
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
        f"{p['colours']} · C({p['per_colour']}, 2) / C({p['colours'] * p['per_colour']}, 2):\n\n"
        "```python\nfrom nekolib.manekinecollection import analysis\n"
        "weights = analysis.bag_pair_weights(params)  # pairs per colour pair\n```"
    ),
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
        collected = [[c, PLAIN, rng.choice(values)] for c in others]
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
    position=lambda p: _table([[p["colour"], PLAIN]], collected=p["collected"]),
    viewer=0,
    worked=lambda p: (
        "The tile is uniform over the values left, and a plain cat adds its printed value:\n\n"
        "```python\nfrom nekolib.manekinecollection import analysis\n"
        f"analysis.expected_score_gain(collected, Piece({p['colour']!r}), {p['left']})\n```"
    ),
)


# --------------------------------------------------------------------------- 4 conditional
def _gen_given_seen(rng: random.Random) -> Values:
    while True:
        a = rng.choice(COLOURS)
        b = a if rng.random() < 0.3 else rng.choice([c for c in COLOURS if c != a])
        hand = _deal(rng, 3)
        seen = _deal(rng, rng.randint(3, 9), hand)
        hands = ["one pair", "two pair", "3cats", "cathouse", "4cats"]
        params = {
            "pieces": [a, b],
            "hand": [_word(c) for c in hand],
            "seen": [_word(c) for c in seen],
            "at_least": rng.choice(hands[1:]),
        }
        if 0 < _solve_given_seen(params) < 1:
            return params


def _given_seen_state(p: Values) -> MNState:
    return _table(_plain_pieces(p), hand=p["hand"], seen=p["seen"])


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
        "The unseen cards per colour form the pool; count the triples per class:\n\n"
        "```python\nfrom nekolib.manekinecollection import analysis\n"
        "pool = analysis.unseen_pool(state, 0)\n"
        f"counts = analysis.class_counts_exact({tuple(p['pieces'])!r}, pool=pool)\n```"
    ),
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
        if _solve_tie(params) > 0:
            return params


def _tie_state(p: Values) -> MNState:
    return _table(_plain_pieces(p), hand=p["hand"], row=p["row"])


def _solve_tie(p: Values) -> Fraction:
    return analysis.state_duels(_tie_state(p), 0, 0)[1].tie


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
    worked=(
        "Exact counts per showdown key by a generating function over (cards, icons):\n\n"
        "```python\nfrom nekolib.manekinecollection import analysis\n"
        "analysis.state_duels(state, 0, 0)[1].tie\n```"
    ),
)


# --------------------------------------------------------------------------- 6 expectation
FEATURES = (PLAIN, PLAIN, GOLD, CAN)


def _house_values(rng: random.Random) -> list[int]:
    """Five different tile values from -3 to 8, at least one negative (cat food matters)."""
    while True:
        values = sorted(rng.sample(range(-3, 9), 5))
        if values[0] < 0:
            return values


def _random_zn(rng: random.Random, colour: str, values: Sequence[int]) -> list[Any]:
    feature = PLAIN if colour == "black" else rng.choice(FEATURES)
    return [colour, feature, rng.choice(values)]


def _random_collection(
    rng: random.Random, low: int, high: int, values: Sequence[int]
) -> list[list[Any]]:
    return [_random_zn(rng, rng.choice(COLOURS), values) for _ in range(rng.randint(low, high))]


def _gen_gain(rng: random.Random) -> Values:
    while True:
        values = _house_values(rng)
        collected = _random_collection(rng, 3, 6, values)
        colour = rng.choice(COLOURS)
        feature = PLAIN if colour == "black" else rng.choice((PLAIN, GOLD, CAN))
        left = sorted(rng.sample(values, rng.randint(2, 5)))
        params = {"collected": collected, "piece": [colour, feature], "left": left}
        if _solve_gain(params).denominator > 1:
            return params


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
    position=lambda p: _table([p["piece"]], collected=p["collected"]),
    viewer=0,
    worked=(
        "Average the score difference over the possible tiles:\n\n"
        "```python\nfrom nekolib.manekinecollection import analysis\n"
        "analysis.expected_score_gain(collected, piece, values_left)\n```"
    ),
)


# --------------------------------------------------------------------------- 7 Bayes
def _gen_same_given(rng: random.Random) -> Values:
    return {
        "pieces_per_colour": rng.randint(3, 8),
        "per_colour": rng.randint(8, 14),
        "hand": rng.choice(["one pair", "two pair", "3cats", "cathouse", "4cats"]),
    }


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
    worked=(
        "Bayes over (piece pair, card triple) counts:\n\n"
        "```python\nfrom nekolib.manekinecollection import analysis\n"
        "analysis.same_colour_given_class(params)[hand]\n```"
    ),
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
    worked=(
        "Every plan's exact distribution of the final class, best plan kept:\n\n"
        "```python\nfrom nekolib.manekinecollection import analysis\n"
        "analysis.state_reach_odds(state, 0, 0).reach[hand]\n```"
    ),
)


# --------------------------------------------------------------------------- 9 E[max]
def _gen_choice(rng: random.Random) -> Values:
    while True:
        values = _house_values(rng)
        collected = _random_collection(rng, 2, 5, values)
        a = rng.choice(COLOURS)
        b = a if rng.random() < 0.4 else rng.choice(COLOURS)
        pieces = [_random_zn(rng, a, values)[:2], _random_zn(rng, b, values)[:2]]
        stacks = {
            c: sorted(rng.sample(values, rng.randint(2 + (a == b), 5))) for c in sorted({a, b})
        }
        params = {"collected": collected, "pieces": pieces, "stacks": stacks}
        if _solve_choice(params).denominator > 1:
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
    position=lambda p: _table(p["pieces"], collected=p["collected"]),
    viewer=0,
    worked=(
        "E[max(gain A, gain B)] over the equally likely pairs of tiles:\n\n"
        "```python\nfrom nekolib.manekinecollection import analysis\n"
        "analysis.choice_value(collected, pieces, stacks)\n```"
    ),
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
