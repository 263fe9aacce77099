"""The Neko-in exercise bank: answers checked against independent derivations.

Every answer is compared with something that does not use the analysis code it comes
from: brute-force enumeration of the dice written here, numbers worked out by hand,
the rules engine's own chance tree, or a seeded Monte Carlo of the Cat Teaser.
"""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import pytest
import sympy

from nekolib.classroom import check_for, exercises_for, practice
from nekolib.classroom.exercise import LEVELS
from nekolib.neko_in import analysis
from nekolib.neko_in.exercises import EXERCISES
from nekolib.neko_in.rules import Params

BANK = {e.key: e for e in EXERCISES}
STUDENTS = [f"s{i:03d}" for i in range(3, 23)]


def _rolls(faces: int, dice: int):
    return list(itertools.product(range(faces), repeat=dice))


# --------------------------------------------------------------------------- bank shape
def test_bank_has_enough_exercises_at_every_level():
    assert len(EXERCISES) >= 8
    assert [e.key for e in exercises_for("neko_in")] == sorted(BANK, key=lambda k: BANK[k].level)
    for level in LEVELS:
        assert sum(e.level == level for e in EXERCISES) >= 2, level
    topics = {e.topic for e in EXERCISES}
    assert {"counting", "conditional probability", "expectation", "markov chain"} <= topics


def test_the_first_sample_is_fixed_its_answer_depends_on_the_dice():
    """It used to be 2 for any number of faces (two dice: one die per cat)."""
    ex = BANK["neko_in.brawl_both_home"]
    answers = {
        ex.solve({"faces": f, "dice": d, "attacker_faces": 1}) for f in range(5, 10) for d in (3, 4)
    }
    assert len(answers) == 10
    # 3 dice, one face per colour: 6(n-1) by inclusion-exclusion
    assert ex.solve({"faces": 7, "dice": 3, "attacker_faces": 1}) == 36


# --------------------------------------------------------------------------- variants
@pytest.mark.parametrize("key", list(BANK))
def test_students_get_different_answers(key):
    ex = BANK[key]
    assert ex.for_student("s001").canonical != ex.for_student("s002").canonical
    answers = {ex.for_student(s).canonical for s in STUDENTS}
    # a band of at most 3x leaves fewer possible counts; prompts are what must differ
    assert len(answers) >= 6, answers


@pytest.mark.parametrize("key", list(BANK))
def test_variants_are_seeded_and_json_friendly(key):
    ex = BANK[key]
    v = ex.for_student("s001")
    again = ex.for_student("s001")
    assert v.params == again.params and v.prompt == again.prompt
    assert json.loads(json.dumps(v.params)) == v.params


@pytest.mark.parametrize("key", list(BANK))
def test_prompt_and_hints_do_not_leak_the_answer(key):
    ex = BANK[key]
    for v in [ex.demo_variant(), *(ex.for_student(s) for s in ["s001", "s002", *STUDENTS])]:
        texts = [v.prompt, *v.hints]
        answer = Fraction(v.answer)
        assert answer not in (0, 1, 2)
        for text in texts:
            assert v.canonical not in text, (v.params, text)
            assert repr(float(answer)) not in text, (v.params, text)
        assert "exact fraction" in v.prompt or "whole number" in v.prompt
        assert v.worked and v.canonical in v.worked


@pytest.mark.parametrize("key", list(BANK))
def test_check_says_right_and_wrong_never_the_answer(key):
    v = BANK[key].for_student("s001")
    answer = Fraction(v.answer)
    check = check_for(v)
    forms = [answer, f"{answer.numerator}/{answer.denominator}"]
    forms.append(sympy.Rational(answer.numerator, answer.denominator))
    for form in forms:
        assert check.passed(form) and check(form).right
    wrong = check(answer + Fraction(1, 7))
    assert wrong.status == "wrong" and "Hint 1" in wrong.message
    assert v.canonical not in wrong.message
    second = check(answer + Fraction(1, 7))
    assert "Hint 2" in second.message or len(v.hints) == 1
    assert check(float(answer)).status == "unreadable"
    assert "exact fraction" in check(float(answer)).message
    assert check(None).status == "not answered"
    assert "not answered yet" in str(check(None))


def test_notebook_practice_checks_use_the_demo_numbers():
    assert practice("neko_in.attacker_gets_in").passed(Fraction(49, 64))
    assert practice("neko_in.entry_attempts").passed(Fraction(6**3, 5**3))
    assert practice("neko_in.teaser_none_left").passed("1/14")
    # the old notebook's numbers are printed in the notebook: the demo variants differ
    assert not practice("neko_in.entry_attempts").passed(Fraction(36, 25))
    assert not practice("neko_in.teaser_expected_rolls").passed(Fraction(3869, 840))


# --------------------------------------------------------------------------- brawls
def _brute_brawl(faces: int, dice: int, marked: int = 1, guarded: int = 1) -> dict[str, Fraction]:
    """Faces ``0..marked-1`` show the attacker, the next ``guarded`` faces the defender: read
    the rulebook sentences literally over every ordered roll of face numbers."""
    counts = {"attacker": 0, "both": 0, "defender": 0}
    rolls = _rolls(faces, dice)
    for roll in rolls:
        a = any(f < marked for f in roll)
        d = any(marked <= f < marked + guarded for f in roll)
        counts["both" if a and d else "attacker" if a else "defender"] += 1
    return {k: Fraction(c, len(rolls)) for k, c in counts.items()}


def _brawl_of(p) -> dict[str, Fraction]:
    return _brute_brawl(p["faces"], p["dice"], p["attacker_faces"], p.get("defender_faces", 1))


def test_brawl_both_home_by_brute_force():
    ex = BANK["neko_in.brawl_both_home"]
    assert ex.demo_variant().answer == 30  # 3 dice of 6: 6*5 (both colours on two dice) ...
    assert 6**3 - 2 * 5**3 + 4**3 == 30  # ... = all - miss one - miss other + miss both
    for s in ["s001", "s002", *STUDENTS[:6]]:
        v = ex.for_student(s)
        f, d = v.params["faces"], v.params["dice"]
        assert v.answer == _brawl_of(v.params)["both"] * f**d


def test_brawl_odds_with_more_dice_match_brute_force():
    for faces in (4, 6, 9):
        for dice in (1, 2, 3):
            assert analysis.brawl_odds(tuple(range(faces)), dice=dice) == _brute_brawl(faces, dice)
            assert analysis.expected_entry_attempts(faces, dice) == 1 / (
                Fraction(faces - 1, faces) ** dice
            )


def test_attacker_gets_in_by_brute_force():
    ex = BANK["neko_in.attacker_gets_in"]
    assert ex.demo_variant().answer == Fraction(49, 64)  # the old notebook's answer
    for s in ["s001", "s002", *STUDENTS[:6]]:
        v = ex.for_student(s)
        assert v.answer == _brawl_of(v.params)["defender"]


def test_both_given_attacker_home_by_counting_rolls():
    ex = BANK["neko_in.both_given_attacker_home"]
    assert ex.demo_variant().answer == Fraction(2, 11)  # 2 of the 11 rolls showing colour 0
    for s in ["s001", "s002", *STUDENTS[:6]]:
        v = ex.for_student(s)
        marked, guarded = v.params["attacker_faces"], v.params.get("defender_faces", 1)
        seen = [r for r in _rolls(v.params["faces"], v.params["dice"]) if min(r) < marked]
        both = sum(any(marked <= f < marked + guarded for f in r) for r in seen)
        assert v.answer == Fraction(both, len(seen))


def test_entry_attempts_by_monte_carlo():
    ex = BANK["neko_in.entry_attempts"]
    assert ex.demo_variant().answer == Fraction(216, 125)  # 1 / (5/6)^3
    assert ex.solve({"dice": 2, "faces": 6, "attacker_faces": 1}) == Fraction(36, 25)
    rng = random.Random(7)
    for s in ["s001", "s002"]:
        v = ex.for_student(s)
        f, d, marked = v.params["faces"], v.params["dice"], v.params["attacker_faces"]
        trials, total = 20_000, 0
        for _ in range(trials):
            tries = 1
            while any(rng.randrange(f) < marked for _ in range(d)):
                tries += 1
            total += tries
        assert abs(total / trials - float(v.answer)) < 0.05 * float(v.answer)


# --------------------------------------------------------------------------- Cat Teaser
def _hit(roll, cats: int) -> int:
    return len({c for c in roll if c < cats})


def test_teaser_one_roll_by_counting_rolls():
    ex = BANK["neko_in.teaser_one_roll"]
    assert ex.demo_variant().answer == Fraction(21, 36)  # 3 cats, 6 faces, one leaves
    for s in ["s001", "s002", *STUDENTS]:
        v = ex.for_student(s)
        rolls = _rolls(v.params["faces"], 2)
        hits = sum(1 for r in rolls if _hit(r, v.params["cats"]) == v.params["leave"])
        assert v.answer == Fraction(hits, len(rolls))


def test_teaser_expected_sent_by_counting_rolls():
    ex = BANK["neko_in.teaser_expected_sent"]
    assert ex.demo_variant().answer == Fraction(11, 6)  # 6 cats * 11/36
    for s in ["s001", "s002", *STUDENTS[:8]]:
        v = ex.for_student(s)
        rolls = _rolls(v.params["faces"], v.params["dice"])
        assert v.answer == Fraction(sum(_hit(r, v.params["cats"]) for r in rolls), len(rolls))


def _teaser_runs(cats: int, faces: int, trials: int, seed: int):
    """Seeded Cat Teasers, literally: (who is left or None, rolls, was cat 0 hit by roll 1)."""
    rng = random.Random(seed)
    for _ in range(trials):
        room, rolls, first_hit = set(range(cats)), 0, False
        while len(room) > 1:
            shown = {rng.randrange(faces), rng.randrange(faces)}
            if rolls == 0:
                first_hit = 0 in shown
            room -= shown
            rolls += 1
        yield (next(iter(room)) if room else None), rolls, first_hit


def test_teaser_none_left_by_hand_and_monte_carlo():
    ex = BANK["neko_in.teaser_none_left"]
    assert ex.demo_variant().answer == Fraction(1, 14)  # 1/(2(n-1)) for two cats
    assert ex.solve({"cats": 2, "faces": 6}) == Fraction(1, 10)  # the old notebook's
    v = ex.for_student("s001")
    runs = list(_teaser_runs(v.params["cats"], v.params["faces"], 20_000, seed=1))
    freq = sum(who is None for who, _, _ in runs) / len(runs)
    assert abs(freq - float(v.answer)) < 0.012


def test_teaser_expected_rolls_by_the_engine_and_monte_carlo():
    ex = BANK["neko_in.teaser_expected_rolls"]
    six = ex.solve({"cats": 6, "faces": 6})
    assert six == Fraction(3869, 840)  # the old notebook's answer
    assert six == analysis.engine_teaser_exact()["expected_rolls"]  # the engine's chance tree
    eight = Params(version="events", die_faces=(0, 1, 2, 3, 4, 5, -1, -1))  # 2 blank faces
    assert ex.demo_variant().answer == analysis.engine_teaser_exact(eight)["expected_rolls"]
    v = ex.for_student("s002")
    runs = list(_teaser_runs(v.params["cats"], v.params["faces"], 20_000, seed=2))
    mean = sum(r for _, r, _ in runs) / len(runs)
    assert abs(mean - float(v.answer)) < 0.03 * float(v.answer)


def test_teaser_last_given_survived_by_monte_carlo():
    ex = BANK["neko_in.teaser_last_given_survived"]
    for s, seed in (("demo", 3), ("s001", 4)):
        v = ex.demo_variant() if s == "demo" else ex.for_student(s)
        runs = [r for r in _teaser_runs(v.params["cats"], v.params["faces"], 30_000, seed)]
        survived = [who for who, _, hit in runs if not hit]
        freq = sum(who == 0 for who in survived) / len(survived)
        assert abs(freq - float(v.answer)) < 0.015, (v.params, freq, float(v.answer))


def _ends_at(cats: int, faces: int, t: int) -> Fraction:
    """P(the teaser ends on roll t) by pushing the law of the *set* of cats, roll by roll."""
    law = {frozenset(range(cats)): Fraction(1)}
    rolls = _rolls(faces, 2)
    ended = Fraction(0)
    for _ in range(t):
        nxt: dict[frozenset[int], Fraction] = {}
        ended = Fraction(0)
        for room, p in law.items():
            for roll in rolls:
                after = room - set(roll)
                q = p / len(rolls)
                if len(after) <= 1:
                    ended += q
                else:
                    nxt[after] = nxt.get(after, Fraction(0)) + q
        law = nxt
    return ended


def test_teaser_exact_rolls_by_set_propagation():
    ex = BANK["neko_in.teaser_exact_rolls"]
    for v in [ex.demo_variant(), *(ex.for_student(s) for s in ["s001", "s002", *STUDENTS[:6]])]:
        p = v.params
        assert v.answer == _ends_at(p["cats"], p["faces"], p["rolls"]), p
