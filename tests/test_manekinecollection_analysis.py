"""Exact hand-class frequencies vs brute force; conditional odds vs enumeration."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from math import comb

import pytest

from nekolib.core import RandomAgent, make_rng
from nekolib.manekinecollection.analysis import (
    HandRow,
    bag_pair_weights,
    class_counts_brute,
    class_counts_exact,
    class_counts_over_bag,
    class_counts_over_bag_brute,
    class_counts_sympy,
    draw_distribution,
    duel_odds,
    duel_odds_brute,
    format_table,
    frequency_rows,
    key_counts,
    reach_odds,
    reach_odds_brute,
    state_duels,
    state_reach_odds,
    strength_spread,
    unseen_pool,
)
from nekolib.manekinecollection.rules import (
    HAND_CLASSES,
    Card,
    Params,
    full_deck,
    new_game,
    parse_cards,
)

P = Params()


@pytest.fixture(scope="module", params=[("red", "red"), ("red", "blue"), ("black", "green")])
def pieces(request):
    return request.param


@pytest.fixture(scope="module")
def brute(pieces):
    return class_counts_brute(pieces)


def test_exact_equals_brute_force(pieces, brute):
    assert class_counts_exact(pieces) == brute
    assert sum(brute.values()) == comb(72, 3) == 59_640


def test_sympy_generating_function_equals_brute_force(pieces, brute):
    assert class_counts_sympy(pieces) == brute


def test_hand_formulas_for_a_pair_of_same_coloured_pieces():
    # pieces A A: 5cats = three A cards; 4cats = two A + one other; cathouse = one A +
    # a pair of another colour, or three cards of one other colour; solocat impossible.
    exact = class_counts_exact(("red", "red"))
    assert exact["5cats"] == comb(12, 3)
    assert exact["4cats"] == comb(12, 2) * 60
    assert exact["cathouse"] == comb(12, 3) * 5 + 12 * 5 * comb(12, 2)
    assert exact["solocat"] == 0


def test_hand_formulas_for_two_different_pieces():
    exact = class_counts_exact(("red", "blue"))
    assert exact["5cats"] == 0
    assert exact["4cats"] == 2 * comb(12, 3)
    assert exact["solocat"] == comb(4, 3) * 12**3  # three of the four other colours


def test_over_the_bag_equals_brute_force_over_every_piece_pair():
    exact = class_counts_over_bag()
    assert exact == class_counts_over_bag_brute()
    assert sum(exact.values()) == comb(30, 2) * comb(72, 3)


def test_over_the_bag_is_the_same_colour_mixture():
    weights = bag_pair_weights()
    same = sum(w for (a, b), w in weights.items() if a == b)
    assert Fraction(same, comb(30, 2)) == Fraction(4, 29)
    aa, ab = class_counts_exact(("red", "red")), class_counts_exact(("red", "blue"))
    mixed = {h: same * aa[h] + (comb(30, 2) - same) * ab[h] for h in HAND_CLASSES}
    assert mixed == class_counts_over_bag()


def test_other_card_distributions_are_parameters():
    params = replace(P, card_ranks=(1, 2, 3, 4, 5, 6, 7, 8))
    assert class_counts_exact(("red", "blue"), params) == class_counts_brute(
        ("red", "blue"), params
    )
    assert sum(class_counts_exact(("red", "blue"), params).values()) == comb(48, 3)


def test_draw_distribution_weights_sum_to_binomial():
    pool = {"red": 3, "blue": 5, "green": 1}
    for k in range(4):
        assert sum(w for _, w in draw_distribution(pool, k)) == comb(9, k)


def test_table_rows_and_text():
    rows = frequency_rows(class_counts_exact(("red", "blue")))
    assert [r.hand for r in rows] == list(reversed(HAND_CLASSES))
    assert sum(r.probability for r in rows) == 1
    assert HandRow("x", 1, Fraction(1, 4)).odds_against == 3
    assert HandRow("x", 0, Fraction(0)).odds_against is None
    text = format_table(rows)
    assert "one pair" in text and "36/71" in text and "never" in text


# --------------------------------------------------------------------------- conditional odds
def _unseen(hand, extra=()):
    deck = list(full_deck(P))
    for c in (*hand, *extra):
        deck.remove(c)
    return deck


CASES = [
    (("red", "blue"), (), (Card("red", 3), Card("blue", 2), Card("green", 5))),
    (("red", "red"), (), (Card("red", 1), Card("red", 2), Card("black", 5))),
    (("green", "blue"), (Card("green", 2),), (Card("red", 3), Card("green", 6), Card("blue", 1))),
    (
        ("green", "blue"),
        (Card("green", 2), Card("green", 4)),
        (Card("red", 3),) * 2 + (Card("blue", 6),),
    ),
]


@pytest.mark.parametrize(("pieces", "row", "hand"), CASES)
def test_reach_odds_equal_enumeration_of_actual_cards(pieces, row, hand):
    seen = [Card("orange", 1), Card("red", 6), Card("red", 5)]  # e.g. on other kotatsu
    unseen = _unseen(hand + row, seen)
    pool = dict(Counter(c.colour for c in unseen))
    odds = reach_odds(pieces, row, hand, pool)
    assert odds.reach == reach_odds_brute(pieces, row, hand, unseen)
    for option in odds.options:
        assert sum(option.distribution.values()) == 1


def test_reach_odds_with_a_finishing_row_are_certain():
    odds = reach_odds(("red", "blue"), (Card("red", 1), Card("red", 2)), (Card("red", 3),), {})
    assert odds.reach["5cats"] == 0 and odds.reach["4cats"] == 1


def test_reach_odds_small_hand_value():
    # Pieces red+red, my hand red1 red2 black5, empty row: playing red1+red2 gives 4cats
    # for sure, and 5cats if one of the two draws (or the kept black... no) is red:
    # 10 reds among 69 unseen -> 1 - C(59,2)/C(69,2).
    hand = (Card("black", 5), Card("red", 1), Card("red", 2))
    pool = dict(Counter(c.colour for c in _unseen(hand)))
    odds = reach_odds(("red", "red"), (), hand, pool)
    assert odds.reach["4cats"] == 1
    assert odds.reach["5cats"] == 1 - Fraction(comb(59, 2), comb(69, 2))


def test_state_reach_odds_only_use_visible_cards():
    state = new_game(3, seed=11)
    rng = make_rng(11)
    agent = RandomAgent()
    for _ in range(20):
        state = state.apply(
            state.sample_chance(rng) if state.is_chance_node() else agent.choose(state, rng)
        )
    while state.is_chance_node() or state.phase != "play":
        state = state.apply(
            state.sample_chance(rng) if state.is_chance_node() else agent.choose(state, rng)
        )
    me = state.turn
    pool = unseen_pool(state, me)
    others = sum(len(h) for p, h in enumerate(state.hands) if p != me)
    assert sum(pool.values()) == len(state.deck) + others
    for k in range(3):
        odds = state_reach_odds(state, me, k)
        if odds is not None:
            assert odds.reach["solocat"] == 1


# --------------------------------------------------------------------------- duels with ranks
DUELS = [
    (("red", "blue"), "red3 red5 green2", "", "sum"),
    (("red", "blue"), "red3 red5 green2", "blue4", "max"),
    (("red", "red"), "green3 blue5 black2", "green1 black6", "sum"),
    (("black", "green"), "black1 black1 green6", "orange2", "sum"),
]


@pytest.mark.parametrize(("pieces", "mine", "row", "strength"), DUELS)
def test_duel_odds_equal_brute_force_over_opponent_completions(pieces, mine, row, strength):
    mine, row = list(parse_cards(mine)), list(parse_cards(row))
    pool = _unseen(mine, row)
    exact = duel_odds(pieces, mine, pool, row, strength)
    assert exact == duel_odds_brute(pieces, mine, pool, row, strength)
    assert exact.win + exact.tie + exact.lose == 1


def test_key_counts_sum_to_all_completions_and_refine_the_class_counts():
    pool = list(full_deck(P))
    keys = key_counts(("red", "blue"), (), pool)
    assert sum(keys.values()) == comb(72, 3)
    by_class = Counter()
    for (cls, _), n in keys.items():
        by_class[HAND_CLASSES[cls]] += n
    assert dict(by_class) == {h: n for h, n in class_counts_exact(("red", "blue")).items() if n}


def test_a_rank_tie_needs_the_same_icons():
    # mine: a red pair (piece + red 6), then singles 2, 1 and the blue piece (0). A tie
    # needs the other red 6 plus a 2 and a 1 of two other colours: green1+black2 or
    # green2+black1 (colours differ, icons tie), 2 of the C(5, 3) completions.
    mine = list(parse_cards("red6 green1 black2"))
    pool = list(parse_cards("red6 green1 black2 green2 black1"))
    duel = duel_odds(("red", "blue"), mine, pool)
    assert duel.tie == Fraction(2, comb(5, 3))


def test_state_duels_for_a_finished_row():
    state = new_game(3, seed=2)
    board = state.kotatsu[0]
    mine = state.hands[0]
    boards = (replace(board, rows=(mine, (), ()), completed=(0,)), *state.kotatsu[1:])
    state = replace(state, kotatsu=boards, hands=((), *state.hands[1:]))
    duels = state_duels(state, 0, 0)
    assert set(duels) == {1, 2}
    assert duels[1] == duels[2]
    assert state_duels(state, 1, 0) == {}


@pytest.mark.parametrize("pieces", [("red", "blue"), ("red", "red")])
def test_strength_spread_orders_the_classes(pieces):
    spread = strength_spread(pieces)
    possible = [h for h, n in class_counts_exact(pieces).items() if n]
    assert list(spread) == possible
    previous_high = Fraction(-1)
    for low, mean, high in spread.values():
        assert previous_high < low <= mean <= high < 1
        previous_high = high
    assert next(iter(spread.values()))[0] == 0
