"""Hint numbers a learner can read and a screen reader can say (issue 42).

Shown: a fraction in lowest terms, whole numbers as whole numbers ("worth 2", not "worth
2/1"), a long fraction with its percentage or decimal; said (the live region): the short
form alone ("32%", not "783697/2419200 ≈ 32%").
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from nekolib.indovina_gatto.analysis import chance, signed
from nekolib.indovina_gatto.lookahead import whole, working_numbers
from nekolib.working import approx, spoken


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("worth 2/1 expected", "worth 2 expected"),
        ("with 783697/2419200 ≈ 32% (model: x)", "with 32% (model: x)"),
        ("right with 369/1040 (35%), worth +61/2800 ≈ +0.022", "right with 35%, worth +0.022"),
        ("with 1/1, sure", "with 1, sure"),
        ("gives 0/1", "gives 0"),
        ("add up to 123456789012345/987654321098765", "add up to about 0.12"),
        ("with 2/15 (the owner holds 7/9)", "with 2/15 (the owner holds 7/9)"),
        ("cat #8, player 2", "cat #8, player 2"),
    ],
)
def test_the_spoken_form_is_short(text, said):
    assert spoken(text) == said


def test_numbers_that_are_not_probabilities_are_shown_in_lowest_terms_with_a_decimal():
    assert approx(Fraction(4, 2)) == "2"
    assert approx(Fraction(7, 3)) == "7/3"
    assert approx(Fraction(61, 2800), signed=True) == "+61/2800 ≈ +0.022"
    assert approx(Fraction(-1, 4), signed=True) == "-1/4"
    assert signed(Fraction(2)) == "+2" and signed(Fraction(0)) == "0"
    assert signed(Fraction(-61, 2800)) == "-61/2800 ≈ -0.022"
    assert whole(Fraction(332, 6790)) == "166/3395 ≈ 0.049"  # lowest terms
    assert chance(Fraction(1, 1000)) == "1/1000 (0.1%)"  # not "(0%)"
    assert chance(Fraction(369, 1040)) == "369/1040 (35%)"
    assert chance(Fraction(1)) == "1/1 (100%)"
    # the sentence checker still finds exactly the stated numbers, not the decimals
    text = f"right with {chance(Fraction(1, 1000))}, worth {signed(Fraction(-61, 2800))}"
    assert working_numbers(text) == ["1/1000", "-61/2800"]


def test_the_widget_says_the_neko_in_hint_in_its_short_form():
    from nekolib.neko_in.widget import neko_in_widget

    w = neko_in_widget(3, seed=4, seats=["human"] * 3)
    long_ones = 0
    for _ in range(40):
        if w.state.is_terminal():
            break
        if w.covered:
            w.ready()
            continue
        w.hint()
        if "≈" in w.hint_text:
            long_ones += 1
            assert "≈" not in w.board.announce, w.board.announce
            assert re.search(r"\d+%", w.board.announce)
        w.play(w.hinted)
    assert long_ones >= 1


def test_manekinecollection_formats_the_expected_worth_with_the_shared_formatter():
    """A source check (the position is costly to reach in a seeded game): the sentence's
    "before looking, the better tile was worth ... expected" goes through ``approx``."""
    from nekolib.manekinecollection import hint_working

    with open(hint_working.__file__, encoding="utf-8") as source:
        text = source.read()
    assert "the better tile was worth {approx(w.result)} expected" in text
