"""The hint working: it checks its own sum and shows as an expander."""

from fractions import Fraction as F

import pytest

from nekolib.core import NekoError
from nekolib.working import Case, Working, working_html, working_text


def _crunchies() -> Working:
    return Working(
        question="P(you get rid of a tile)",
        model="face-down tile uniform over the unseen event tiles",
        cases=(Case("a Crunchies", F(1, 4), F(25, 36)), Case("no Crunchies", F(3, 4), F(1))),
        result=F(1, 4) * F(25, 36) + F(3, 4),
    )


def test_a_working_that_does_not_add_up_is_refused():
    with pytest.raises(NekoError, match="sum to 5/4"):
        Working("q", "m", (Case("a", F(1, 2), F(1)), Case("b", F(3, 4), F(0))), F(1, 2))
    with pytest.raises(NekoError, match="the cases give 1/2, but the result says 1"):
        Working("q", "m", (Case("a", F(1, 2), F(1)), Case("b", F(1, 2), F(0))), F(1))


def test_the_expander_shows_model_cases_products_and_sum():
    w = _crunchies()
    page = working_html([w])
    assert page.startswith("<details class='nekolib-working'><summary>How is this computed?")
    assert "face-down tile uniform" in page and "25/144" in page and "133/144" in page
    text = working_text([w])
    assert "a Crunchies: 1/4 x 25/36 = 25/144" in text and text.endswith("value: 133/144")
    assert working_html([]) == ""


def test_cases_without_probabilities_are_listed_not_summed():
    w = Working(
        "value of a1-b1",
        "perfect play",
        (Case("reply b2-c2", None, "win"),),
        "win",
        combine="the opponent's best reply",
    )
    assert not w.weighted
    assert "reply b2-c2: win" in working_text([w]) and "&ndash;" in working_html([w])
