"""The Manekinecollection exercise bank: answers against independent derivations,
variants that differ between students, prompts and hints that never leak the answer,
``check`` feedback and the pictures of the positions."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from nekolib.classroom import exercise, exercises_for
from nekolib.classroom.check import check_for
from nekolib.manekinecollection import analysis
from nekolib.manekinecollection import exercises as mx
from nekolib.manekinecollection.rules import (
    CAN,
    GOLD,
    HAND_CLASSES,
    Params,
    Piece,
    ZabutonNeko,
    class_of_colours,
    full_bag,
    full_deck,
)

BANK = exercises_for("manekinecollection")
STUDENTS = [f"student-{i:02d}" for i in range(20)]


def _answer(key: str, student: str) -> Fraction:
    return Fraction(exercise(key).for_student(student).answer)


# --------------------------------------------------------------------------- the bank
def test_bank_shape() -> None:
    assert len(BANK) >= 8
    levels = Counter(e.level for e in BANK)
    assert all(levels[level] >= 2 for level in (1, 2, 3)), levels
    assert {e.topic for e in BANK} == {"counting", "conditional probability", "expectation"}
    assert len({e.key for e in BANK}) == len(BANK)


@pytest.mark.parametrize("ex", BANK, ids=lambda e: e.key)
def test_students_get_different_answers(ex) -> None:
    answers = [ex.for_student(s).answer for s in STUDENTS]
    assert ex.for_student("s001").answer != ex.for_student("s002").answer
    assert len(set(answers)) >= 10, answers


def _leaks(answer: str, text: str) -> bool:
    """The answer's text as a whole number/fraction (not as part of a longer number)."""
    return re.search(rf"(?<![\d/.]){re.escape(answer)}(?![\d/])", text) is not None


@pytest.mark.parametrize("ex", BANK, ids=lambda e: e.key)
def test_prompt_and_hints_do_not_leak(ex) -> None:
    for student in STUDENTS:
        v = ex.for_student(student)
        value = Fraction(v.answer)
        texts = [v.prompt, *v.hints]
        for text in texts:
            assert not _leaks(str(value), text), (student, text)
            assert repr(float(value)) not in text
            assert f"{float(value):.3f}" not in text
        assert value not in (0, 1)


@pytest.mark.parametrize("ex", BANK, ids=lambda e: e.key)
def test_check_feedback(ex) -> None:
    v = ex.for_student("s001")
    check = check_for(v, "answer_1")
    right = Fraction(v.answer)
    assert check(right).right
    assert check(str(right)).right
    wrong = check(right + Fraction(1, 7))
    assert wrong.status == "wrong" and v.canonical not in wrong.message
    assert "Hint 1" in wrong.message
    assert check(None).status == "not answered"
    assert "exact fraction" in check(float(right) + 0.5).message


@pytest.mark.parametrize("ex", BANK, ids=lambda e: e.key)
def test_positions_draw(ex) -> None:
    for student in [*STUDENTS[:3], "demo"]:
        v = ex.demo_variant() if student == "demo" else ex.for_student(student)
        state = v.position()
        if ex.position is None:
            assert state is None
            continue
        svg = str(state.picture())
        assert svg.startswith("<svg") and "kotatsu" in svg


# --------------------------------------------------------------------------- answers
def test_hand_count_demo_by_hand() -> None:
    """Green, green: one green card + a pair of another colour, or three of one other."""
    demo = exercise("manekinecollection.hand_count").demo_variant()
    assert demo.answer == 12 * 5 * comb(12, 2) + 5 * comb(12, 3) == 5060


def test_hand_count_against_brute_force() -> None:
    ex = exercise("manekinecollection.hand_count")
    for student in STUDENTS[:2]:
        p = ex.for_student(student).params
        deck = [c for c in mx.COLOURS for _ in range(p["per_colour"])]
        counts = Counter(class_of_colours([*p["pieces"], *t]) for t in combinations(deck, 3))
        assert _answer(ex.key, student) == counts[HAND_CLASSES.index(p["hand"])]


def test_same_colour_pieces_formula() -> None:
    ex = exercise("manekinecollection.same_colour_pieces")
    assert ex.demo_variant().answer == Fraction(4, 29)
    for student in STUDENTS:
        p = ex.for_student(student).params
        k, n = p["colours"], p["per_colour"]
        pairs = comb(k * n, 2)
        expected = {
            "same": Fraction(n - 1, k * n - 1),  # the second piece among the k*n - 1 left
            "different": 1 - Fraction(n - 1, k * n - 1),
            "both": Fraction(comb(n, 2), pairs),
            "one": Fraction(n * (k * n - n), pairs),
        }[p["question"]]
        assert _answer(ex.key, student) == expected
    questions = {ex.for_student(s).params["question"] for s in STUDENTS}
    assert questions == set(mx.BAG_QUESTIONS)


# --------------------------------------------------------------------------- real components
def _realisable(collected, pieces, tiles_left) -> None:
    """Every piece comes out of the real 30-piece bag (as a multiset), every held tile is a
    real tile of its colour and no colour's tile is held twice, and every tile that may
    still lie under a piece is one the collection does not hold."""
    used = Counter(Piece(c, f) for c, f, _ in collected) + Counter(Piece(*x) for x in pieces)
    assert not used - Counter(full_bag(Params())), used - Counter(full_bag(Params()))
    held: dict[str, list[int]] = {}
    for colour, _, value in collected:
        held.setdefault(colour, []).append(value)
    for colour, values in held.items():
        assert len(set(values)) == len(values), (colour, values)
        assert set(values) <= set(mx.DEFAULT_VALUES)
    for colour, values in tiles_left.items():
        assert len(set(values)) == len(values) >= 1
        assert set(values) <= set(mx.DEFAULT_VALUES) - set(held.get(colour, ())), (colour, values)


@pytest.mark.parametrize("key", ["zabuton_gain", "choice_value"])
def test_variants_occur_with_the_real_components(key) -> None:
    """Issue 20 item 9: 77 of 200 zabuton_gain and 127 of 200 choice_value variants could not
    occur (e.g. two orange gold-coin pieces). Now every one of 250 seeds can."""
    ex = exercise(f"manekinecollection.{key}")
    for seed in range(1, 251):
        p = ex.variant(seed).params
        if key == "zabuton_gain":
            _realisable(p["collected"], [p["piece"]], {p["piece"][0]: p["left"]})
        else:
            _realisable(p["collected"], p["pieces"], p["stacks"])
            a, b = (x[0] for x in p["pieces"])
            assert a != b or len(p["stacks"][a]) >= 2


def test_the_realisability_check_can_fail() -> None:
    with pytest.raises(AssertionError):
        _realisable([["orange", GOLD, 1]], [["orange", GOLD]], {"orange": [2, 3]})
    with pytest.raises(AssertionError):
        _realisable([["red", "plain", 2], ["red", "plain", 2]], [], {})
    with pytest.raises(AssertionError):
        _realisable([["red", "plain", 2]], [["red", "plain"]], {"red": [2, 3]})


def test_tile_mean_is_the_average() -> None:
    for student in STUDENTS:
        p = exercise("manekinecollection.tile_mean").for_student(student).params
        assert _answer("manekinecollection.tile_mean", student) == Fraction(
            sum(p["left"]), len(p["left"])
        )


def _unseen(p: dict) -> list:
    unseen = list(full_deck(Params()))
    for word in [*p["hand"], *p["seen"]]:
        colour = word.rstrip("0123456789")
        unseen.remove(
            next(c for c in unseen if (c.colour, c.rank) == (colour, int(word[len(colour) :])))
        )
    return unseen


def test_hand_given_seen_by_enumeration() -> None:
    ex = exercise("manekinecollection.hand_given_seen")
    for v in (ex.demo_variant(), ex.for_student("s001")):
        p = v.params
        unseen = _unseen(p)
        least = HAND_CLASSES.index(p["at_least"])
        hits = total = 0
        for trio in combinations(unseen, 3):
            total += 1
            hits += class_of_colours([*p["pieces"], *(c.colour for c in trio)]) >= least
        assert v.answer == Fraction(hits, total)


def test_exact_tie_by_enumeration() -> None:
    v = exercise("manekinecollection.exact_tie").demo_variant()
    p = v.params
    mine = mx._cards(p["row"])
    unseen = _unseen({"hand": [*p["row"], *p["hand"]], "seen": []})
    assert len(unseen) == 66
    duel = analysis.duel_odds_brute(p["pieces"], mine, unseen)
    assert v.answer == duel.tie > 0


def _score(collection: list[tuple[str, str, int]]) -> int:
    """The rulebook's scoring, written out again for the tests."""
    colours = Counter(c for c, _, _ in collection)
    best = max(colours.values(), default=0)
    score = sum(best for _, f, _ in collection if f == GOLD)
    printed = sorted(v for _, f, v in collection if f != GOLD)
    cans = sum(1 for _, f, _ in collection if f == CAN)
    negatives = [v for v in printed if v < 0][:cans]
    score += sum(printed) - sum(negatives)
    return score + (6 if len(colours) == 6 else 0)


def test_zabuton_gain_by_rescoring() -> None:
    for student in STUDENTS:
        p = exercise("manekinecollection.zabuton_gain").for_student(student).params
        have = [tuple(z) for z in p["collected"]]
        colour, feature = p["piece"]
        gains = [_score([*have, (colour, feature, v)]) - _score(have) for v in p["left"]]
        assert _answer("manekinecollection.zabuton_gain", student) == Fraction(
            sum(gains), len(gains)
        )


def test_choice_value_by_rescoring() -> None:
    for student in STUDENTS:
        p = exercise("manekinecollection.choice_value").for_student(student).params
        have = [tuple(z) for z in p["collected"]]
        (ca, fa), (cb, fb) = p["pieces"]
        a, b = p["stacks"][ca], p["stacks"][cb]
        if ca == cb:
            pairs = [(a[i], a[j]) for i in range(len(a)) for j in range(len(a)) if i != j]
        else:
            pairs = [(x, y) for x in a for y in b]
        base = _score(have)
        best = [
            max(_score([*have, (ca, fa, x)]), _score([*have, (cb, fb, y)])) - base for x, y in pairs
        ]
        assert _answer("manekinecollection.choice_value", student) == Fraction(sum(best), len(best))


def test_choice_value_small_case_by_hand() -> None:
    """Nothing collected; a plain red and a plain blue on stacks {1, 3} and {2}:
    the winner takes max(x, 2): (2 + 3) / 2."""
    pieces = [Piece("red"), Piece("blue")]
    assert analysis.choice_value([], pieces, {"red": [1, 3], "blue": [2]}) == Fraction(5, 2)
    # same colour, stack {-1, 4}: the tiles are -1 and 4 in some order: always 4
    same = [Piece("red"), Piece("red", CAN)]
    assert analysis.choice_value([], same, {"red": [-1, 4]}) == 4


def test_expected_score_gain_small_cases_by_hand() -> None:
    can = [ZabutonNeko(Piece("red", CAN), 3)]
    # a -1 tile is cancelled by the cat can: gains 0, 2 -> 1
    assert analysis.expected_score_gain(can, Piece("blue"), [-1, 2]) == 1
    gold = [ZabutonNeko(Piece("red", GOLD), 4), ZabutonNeko(Piece("red"), 1)]
    # a third red piece raises the gold coin from 2 to 3 and adds its tile (0 or 2)
    assert analysis.expected_score_gain(gold, Piece("red"), [0, 2]) == 2
    assert analysis.expected_score_gain([], Piece("red", GOLD), [5, -1]) == 1
    with pytest.raises(ValueError):
        analysis.expected_score_gain([], Piece("red"), [])


def test_same_given_class_by_enumeration() -> None:
    """Every (piece pair, card triple), tallied by colours: same-colour pairs over all."""
    params = Params()
    triples = Counter(tuple(c.colour for c in t) for t in combinations(full_deck(params), 3))
    pairs = Counter(
        tuple(sorted((a.colour, b.colour))) for a, b in combinations(full_bag(params), 2)
    )
    same, total = Counter(), Counter()
    for (a, b), n in pairs.items():
        for colours, m in triples.items():
            hand = HAND_CLASSES[class_of_colours((a, b, *colours))]
            total[hand] += n * m
            same[hand] += n * m * (a == b)
    got = analysis.same_colour_given_class(params)
    assert all(got[h] == Fraction(same[h], total[h]) for h in HAND_CLASSES if total[h])
    demo = exercise("manekinecollection.same_given_class").demo_variant()
    assert demo.answer == Fraction(same["3cats"], total["3cats"])


def test_reach_against_brute_force() -> None:
    ex = exercise("manekinecollection.reach")
    for v in (ex.demo_variant(), ex.for_student("s001")):
        p = v.params
        brute = analysis.reach_odds_brute(p["pieces"], [], mx._cards(p["hand"]), _unseen(p))
        assert v.answer == brute[p["at_least"]]
