"""The Indovina Gatto exercise bank: posteriors against a separate enumeration of the
deals, variants that differ between students, prompts and hints that never leak the
answer, ``check`` feedback and the pictures of the positions."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from nekolib.classroom import exercise, exercises_for
from nekolib.classroom.check import check_for
from nekolib.indovina_gatto import analysis
from nekolib.indovina_gatto import exercises as gx
from nekolib.indovina_gatto.rules import ALL_TRAITS, DEFAULT_DECK, new_game

BANK = exercises_for("indovina_gatto")
STUDENTS = [f"student-{i:02d}" for i in range(20)]


def _variant(key: str, student: str):
    ex = exercise(key)
    return ex.demo_variant() if student == "demo" else ex.for_student(student)


# --------------------------------------------------------------------------- the bank
def test_bank_shape() -> None:
    assert len(BANK) >= 8
    levels = Counter(e.level for e in BANK)
    assert all(levels[level] >= 2 for level in (1, 2, 3)), levels
    topics = Counter(e.topic for e in BANK)
    assert topics["bayesian updating"] >= 3 and topics["expectation"] >= 2, topics


@pytest.mark.parametrize("ex", BANK, ids=lambda e: e.key)
def test_students_get_different_answers(ex) -> None:
    answers = [ex.for_student(s).answer for s in STUDENTS]
    assert len(set(answers)) >= 6, answers


def _leaks(answer: str, text: str) -> bool:
    return re.search(rf"(?<![\d/.#]){re.escape(answer)}(?![\d/])", text) is not None


@pytest.mark.parametrize("ex", BANK, ids=lambda e: e.key)
def test_prompt_and_hints_do_not_leak(ex) -> None:
    for student in STUDENTS:
        v = ex.for_student(student)
        value = Fraction(v.answer)
        assert value not in (0, 1)
        for text in [v.prompt, *v.hints]:
            assert not _leaks(str(value), text), (student, text)
            assert repr(float(value)) not in text
            assert f"{float(value):.3f}" not in text


@pytest.mark.parametrize("ex", BANK, ids=lambda e: e.key)
def test_check_feedback(ex) -> None:
    v = ex.for_student("s002")
    check = check_for(v, "answer_1")
    right = Fraction(v.answer)
    assert check(right).right and check(f"{right.numerator}/{right.denominator}").right
    wrong = check(right + Fraction(1, 7))
    assert wrong.status == "wrong" and "Hint 1" in wrong.message
    assert str(right) not in wrong.message
    assert check("").status == "not answered"
    assert "exact fraction" in check(float(right)).message


@pytest.mark.parametrize("ex", BANK, ids=lambda e: e.key)
def test_positions_draw_and_agree_with_the_prompt(ex) -> None:
    for student in ["demo", *STUDENTS[:3]]:
        v = _variant(ex.key, student)
        state = v.position()
        svg = str(state.picture())
        assert svg.startswith("<svg")
        assert state.traits[0] == tuple(v.params["traits"][0])
        for play in state.table:
            assert f"cat #{play.card} " in v.prompt
        if "cat" in v.params:  # Red is about to play it
            assert v.params["cat"] in state.hands[0] and state.current_player() == 0


# --------------------------------------------------------------------------- enumeration
def _deal_counts(state) -> tuple[int, Counter]:
    """Every deal of the cards Red has not seen to the opponents' hidden fans that agrees
    with every mask on the table: (number of deals, (player, trait) -> deals)."""
    mine = set(state.traits[0])
    revealed = {q: set(state.revealed[q]) for q in range(state.num_players)}
    pool = [t for t in ALL_TRAITS if t not in mine and not any(t in r for r in revealed.values())]
    others = list(range(1, state.num_players))
    tally: Counter = Counter()
    total = 0

    def agrees(q: int, hand: tuple[str, ...]) -> bool:
        full = set(hand) | revealed[q]
        return all(
            (q in play.maskers) == bool(full & set(state.card_traits(play.card)))
            for play in state.table
        )

    def deal(i: int, left: list[str], hands: dict) -> None:
        nonlocal total
        if i == len(others):
            total += 1
            for q, hand in hands.items():
                for t in hand:
                    tally[(q, t)] += 1
            return
        q = others[i]
        size = len(state.traits[q]) - len(revealed[q])
        for hand in combinations(left, size):
            if agrees(q, hand):
                rest = [t for t in left if t not in hand]
                deal(i + 1, rest, {**hands, q: hand})

    deal(0, pool, {})
    return total, tally


def _probability(state, suspect: int, trait: str) -> Fraction:
    total, tally = _deal_counts(state)
    return Fraction(tally[(suspect, trait)], total)


@pytest.mark.parametrize(
    "key", ["indovina_gatto.after_one_cat", "indovina_gatto.two_cats", "indovina_gatto.both_masked"]
)
def test_two_player_posteriors_by_enumeration(key: str) -> None:
    for student in ["demo", *STUDENTS[:8]]:
        v = _variant(key, student)
        p = v.params
        assert v.answer == _probability(v.position(), p["suspect"], p["trait"])


def test_three_player_posterior_by_enumeration() -> None:
    for student in ["demo", "s001"]:
        v = _variant("indovina_gatto.three_players", student)
        p = v.params
        assert v.answer == _probability(v.position(), p["suspect"], p["trait"])


def test_after_one_cat_demo_is_the_old_notebook_answer() -> None:
    """Cat #11 has three traits Red has not seen; Blue masked it:
    P(blue | mask) = P(blue) / P(mask) = (3/16) / (1 - C(13,3)/C(16,3))."""
    v = exercise("indovina_gatto.after_one_cat").demo_variant()
    p_mask = 1 - Fraction(comb(13, 3), comb(16, 3))
    assert v.answer == Fraction(3, 16) / p_mask == Fraction(105, 274)


def test_guess_values_are_three_p_minus_one() -> None:
    for student in ["demo", *STUDENTS[:5]]:
        v = _variant("indovina_gatto.guess_value", student)
        p = _probability(v.position(), 1, v.params["trait"])
        assert v.answer == 3 * p - 1


def test_best_guess_is_the_most_likely_trait() -> None:
    for student in ["demo", *STUDENTS[:5]]:
        v = _variant("indovina_gatto.best_guess", student)
        state = v.position()
        total, tally = _deal_counts(state)
        best = max(Fraction(tally[(1, t)], total) for t in ALL_TRAITS)
        assert v.answer == 3 * best - 1 > 0


def test_unseen_deals_formula() -> None:
    for student in STUDENTS:
        v = _variant("indovina_gatto.unseen_deals", student)
        p = v.params
        k = p["k"]
        left = 19 - k - sum(len(r) for r in p["revealed"])
        expected = 1
        for q in range(1, len(p["traits"])):
            hidden = k - len(p["revealed"][q])
            expected *= comb(left, hidden)
            left -= hidden
        assert v.answer == expected


def test_mask_chance_formula() -> None:
    for student in STUDENTS:
        v = _variant("indovina_gatto.mask_chance", student)
        p = v.params
        seen = set(p["traits"][0]) | set(p["revealed"][1])
        unseen = 19 - len(seen)
        on_cat = len(set(DEFAULT_DECK[p["cat"]]) - seen)
        hidden = p["k"] - len(p["revealed"][1])
        assert v.answer == 1 - Fraction(comb(unseen - on_cat, hidden), comb(unseen, hidden))


def test_expected_masks_by_linearity() -> None:
    for student in ["demo", *STUDENTS]:
        v = _variant("indovina_gatto.expected_masks", student)
        p = v.params
        cat = set(DEFAULT_DECK[p["cat"]])
        mine = set(p["traits"][0])
        k, opponents = p.get("k", 3), len(p["traits"]) - 1
        u, m = 19 - k, len(cat - mine)
        each = 1 - Fraction(comb(u - m, k), comb(u, k))
        assert v.answer == bool(cat & mine) + opponents * each
    assert exercise("indovina_gatto.expected_masks").demo_variant().answer == Fraction(137, 280)


# --------------------------------------------------------------------------- mask_outcomes
def test_mask_outcomes_by_enumeration_three_players() -> None:
    """Who masks a cat, before and after a first cat, against the separate enumeration."""
    state = new_game(3, seed=5)
    for cat, position in ((3, state), (26, gx.position({"traits": state.traits, "cats": [8]}))):
        traits = set(DEFAULT_DECK[cat])
        got = analysis.mask_outcomes(position.view(0), traits)
        assert sum(got.values()) == 1
        mine = set(position.traits[0])
        pool = [t for t in ALL_TRAITS if t not in mine]
        count: Counter = Counter()
        total = 0
        for blue in combinations(pool, 3):
            rest = [t for t in pool if t not in blue]
            for green in combinations(rest, 3):
                hands = {1: set(blue), 2: set(green)}
                if not all(
                    {q for q in (1, 2) if hands[q] & set(DEFAULT_DECK[play.card])}
                    == set(play.maskers) - {0}
                    for play in position.table
                ):
                    continue
                total += 1
                count[frozenset(q for q in (1, 2) if hands[q] & traits)] += 1
        assert got == {who: Fraction(n, total) for who, n in count.items()}


def test_mask_outcomes_counts_unmasked_traits_as_certain() -> None:
    state = new_game(2, traits=[("red", "striped", "top hat"), ("blue", "white", "green")])
    cat = next(c for c, ts in enumerate(DEFAULT_DECK) if "blue" in ts)
    shown = replace(state, revealed=((), ("blue",)))
    assert analysis.mask_outcomes(shown.view(0), DEFAULT_DECK[cat]) == {frozenset({1}): 1}
    assert analysis.expected_masks(shown.view(0), DEFAULT_DECK[cat]) == 1 + bool(
        set(DEFAULT_DECK[cat]) & {"red", "striped", "top hat"}
    )
