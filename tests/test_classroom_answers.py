"""Answers typed the natural way, read the same by every judge.

``25/64`` without quotes is a float in Python: it is right exactly when it is the float
of the right fraction, and ``check()`` (practice), ``verify()`` (graded, right/wrong),
the plain grader (raw value read out of the kernel) and the nbgrader hidden test
(stdlib-only copy pasted into the notebook) must agree on every form.
"""

from __future__ import annotations

import contextlib
import io
import json
from decimal import Decimal
from fractions import Fraction

import pytest
import sympy

from nekolib.classroom.answers import (
    NUMBER,
    SET,
    TEXT,
    FloatAnswer,
    answers_agree,
    canonical_answer,
    read_answer,
    simplest_fraction,
)
from nekolib.classroom.check import Check
from nekolib.classroom.exercise import Exercise, Variant
from nekolib.classroom.grade import MARK, collector_source, decode_answer
from nekolib.classroom.graded import keyed_digest, recorded, verify
from nekolib.classroom.hidden_test import _nk_same, hidden_test_source

RIGHT = Fraction(25, 64)


@pytest.fixture(autouse=True)
def _no_check_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """verify() counts checks in a file in the working folder: not in the repository."""
    monkeypatch.setenv("NEKOLIB_CHECK_LOG", "off")


def test_a_float_is_read_as_the_simplest_fraction_with_that_value() -> None:
    assert simplest_fraction(25 / 64) == RIGHT
    assert simplest_fraction(2 / 19) == Fraction(2, 19)
    assert simplest_fraction(0.1) == Fraction(1, 10)
    assert simplest_fraction(16381 / 491400) == Fraction(16381, 491400)
    problem, value = read_answer(25 / 64)
    assert problem is None and value == FloatAnswer(25 / 64, RIGHT)
    assert canonical_answer(value) == "25/64"
    # Fraction(2/19) has a power-of-two denominator: it is that float, read the same way.
    assert read_answer(Fraction(2 / 19)) == read_answer(2 / 19)
    assert read_answer(Fraction(1, 1024)) == (None, Fraction(1, 1024))  # a real fraction
    for junk in (float("nan"), float("inf"), "1e999"):
        assert read_answer(junk)[1] is None


def test_a_float_is_right_only_when_it_is_the_float_of_the_answer() -> None:
    assert answers_agree(RIGHT, read_answer(25 / 64)[1])
    assert answers_agree(RIGHT, read_answer(0.390625)[1])
    assert answers_agree(RIGHT, read_answer("0.390625")[1])
    assert not answers_agree(RIGHT, read_answer(0.39)[1])
    assert not answers_agree(RIGHT, read_answer(0.3906)[1])
    third = Fraction(1, 3)
    assert answers_agree(third, read_answer(1 / 3)[1])
    assert not answers_agree(third, read_answer(0.3333333)[1])


# The forms a student types, with whether each is the right answer 25/64.
FORMS = [
    (25 / 64, True),
    (Fraction(25, 64), True),
    (Fraction(25 / 64), True),
    ("25/64", True),
    (" 25 / 64 ", True),
    ("0.390625", True),
    (sympy.Rational(25, 64), True),
    (sympy.Float(0.390625), True),
    (Decimal("0.390625"), True),
    (0.39, False),
    (Fraction(2 / 19), False),
    ("25/65", False),
    (sympy.Rational(1, 3), False),
    (1, False),
    (True, False),
    (None, False),
    ("", False),
    ("sqrt(2)", False),
    ([25, 64], False),
    (float("nan"), False),
]


def _collected(value):
    """What the plain grader reads: the value through the collector cell and back."""
    out = io.StringIO()
    namespace = {"answer_1": value}
    with contextlib.redirect_stdout(out):
        exec(collector_source(["answer_1"]), namespace)
    line = next(x for x in out.getvalue().splitlines() if x.startswith(MARK))
    return decode_answer(json.loads(line[len(MARK) :])["answer_1"])


def _practice_check() -> Check:
    ex = Exercise(
        key="neko_in.natural_input_probe",
        title="Probe",
        topic="counting",
        level=1,
        prompt="p",
        generate=lambda rng: {},
        solve=lambda params: RIGHT,
        hints=("h",),
    )
    check = Check.__new__(Check)
    check.key, check.seed, check.name, check.tries = ex.key, 5, "answer_1", 0
    variant = Variant(ex, 5, {})
    check.digest = variant.digest
    check._variant = variant
    return check


@pytest.mark.parametrize(("value", "right"), FORMS, ids=[repr(v) for v, _ in FORMS])
def test_every_judge_agrees_on_every_form(value, right: bool) -> None:
    # plain grader: the raw value read out of the kernel, compared in the grader
    problem, read = read_answer(_collected(value), NUMBER)
    assert (problem is None and answers_agree(RIGHT, read, NUMBER)) is right
    # nbgrader hidden test: the stdlib-only comparator, in the student's kernel
    assert _nk_same(value, NUMBER, "25/64") is right
    # graded right/wrong feedback
    salt = "00" * 16
    digest = keyed_digest(salt, "25/64", iterations=10)
    import nekolib.classroom.graded as graded

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(graded, "ITERATIONS", 10)
        patch.setattr(
            graded, "keyed_digest", lambda s, c, iterations=10: keyed_digest(s, c, iterations)
        )
        assert verify(value, NUMBER, salt, digest).right is right
    # practice check
    assert _practice_check()(value).right is right


def test_feedback_on_a_decimal_shows_the_fraction_or_asks_did_you_mean() -> None:
    check = _practice_check()
    said = check(25 / 64).message
    assert "right!" in said and "25/64" in said and "Python's `/` makes a decimal" in said
    said = check(0.3333333).message
    assert "not right yet" in said and 'did you mean "1/3"?' in said and "Hint" not in said
    form = recorded(25 / 64, NUMBER, "answer_1")
    assert form.status == "recorded" and "25/64" in form.message
    form = recorded(0.3333333, NUMBER, "answer_1")
    assert 'did you mean "1/3"?' in form.message
    assert recorded(Fraction(3, 7), NUMBER).message.endswith("'3/7': recorded.")
    assert recorded(None, NUMBER, "answer_2").status == "not answered"
    assert recorded("x/y", NUMBER).status == "unreadable"
    # form feedback never says right or wrong
    assert "right" not in recorded(RIGHT, NUMBER).message


def test_hidden_test_agrees_on_texts_and_sets_and_refuses_liars() -> None:
    class Liar(str):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = str.__hash__

    assert _nk_same("A1 -> B1", TEXT, "a1-b1")
    assert not _nk_same(Liar("x"), TEXT, "a1-b1")
    assert _nk_same(["c2-c3", "A1→B1"], SET, "a1-b1,c2-c3")
    assert _nk_same("c2-c3, a1-b1", SET, "a1-b1,c2-c3")
    assert not _nk_same(["c2-c3"], SET, "a1-b1,c2-c3")
    assert not _nk_same([Liar("a1-b1"), "c2-c3"], SET, "a1-b1,c2-c3")
    for value, kind, canonical in (
        ("A1 -> B1", TEXT, "a1-b1"),
        (["c2-c3", "A1→B1"], SET, "a1-b1,c2-c3"),
        (["c2-c3"], SET, "a1-b1,c2-c3"),
        ("a1-b2", TEXT, "a1-b1"),
    ):
        expected = read_answer(canonical.split(",") if kind == SET else canonical, kind)[1]
        problem, got = read_answer(value, kind)
        assert _nk_same(value, kind, canonical) is (
            problem is None and answers_agree(expected, got, kind)
        )

    class AlwaysEqual:
        def __eq__(self, other: object) -> bool:
            return True

    assert not _nk_same(AlwaysEqual(), NUMBER, "25/64")
    namespace: dict = {"answer_3": AlwaysEqual()}
    with pytest.raises(AssertionError, match="Exercise 3 is not right"):
        exec(hidden_test_source("answer_3", NUMBER, "25/64", 3), namespace)
    exec(hidden_test_source("answer_3", NUMBER, "25/64", 3), {"answer_3": 25 / 64})
