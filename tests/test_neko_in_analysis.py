"""Exact brawl odds: enumeration = closed form = hand count, and seeded Monte Carlo agrees."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy as sp

from nekolib.argcheck import AnalysisError
from nekolib.core import InvalidSetup
from nekolib.neko_in import analysis
from nekolib.neko_in import events_analysis as ea
from nekolib.neko_in.analysis import (
    brawl_closed_form,
    brawl_monte_carlo,
    brawl_odds,
    brawl_table_text,
    engine_brawl_monte_carlo,
    entry_attempts_closed_form,
    entry_attempts_distribution,
    entry_attempts_monte_carlo,
    expected_entry_attempts,
)
from nekolib.neko_in.rules import Params, new_game


def test_brawl_table_with_six_colour_faces_is_9_2_25_over_36():
    assert brawl_odds() == {
        "attacker": Fraction(9, 36),
        "both": Fraction(2, 36),
        "defender": Fraction(25, 36),
    }


def hand_count(faces: int) -> dict[str, Fraction]:
    """Independent brute force: list all rolls, attacker colour 0, defender colour 1."""
    counts = {"attacker": 0, "both": 0, "defender": 0}
    for roll in itertools.product(range(faces), repeat=2):
        a, d = 0 in roll, 1 in roll
        counts["both" if a and d else "attacker" if a else "defender"] += 1
    return {k: Fraction(v, faces**2) for k, v in counts.items()}


@pytest.mark.parametrize("faces", [2, 3, 4, 6, 8, 12])
def test_closed_form_in_n_matches_enumeration_for_every_die_size(faces):
    forms = brawl_closed_form()
    exact = {k: Fraction(str(sp.nsimplify(v.subs(analysis.n, faces)))) for k, v in forms.items()}
    assert exact == hand_count(faces) == brawl_odds(tuple(range(faces)))


def test_closed_form_is_the_expected_expression():
    n = analysis.n
    forms = brawl_closed_form()
    assert sp.simplify(forms["attacker"] - (2 * n - 3) / n**2) == 0
    assert sp.simplify(forms["both"] - 2 / n**2) == 0
    assert sp.simplify(forms["defender"] - (n - 1) ** 2 / n**2) == 0
    assert sp.simplify(sum(forms.values()) - 1) == 0


def test_other_dice_change_the_odds_as_counted_by_hand():
    blanks = brawl_odds((0, 1, -1, -1, -1, -1))  # blank faces act like spare colours
    assert blanks == brawl_odds()
    doubled = brawl_odds((0, 0, 1, 2, 3, 4))  # the attacker's colour on two faces
    assert doubled == {
        "attacker": Fraction(16, 36),
        "both": Fraction(4, 36),
        "defender": Fraction(16, 36),
    }


def within(freq: dict[str, Fraction], exact: dict[str, Fraction], tol: float) -> bool:
    return all(abs(float(freq[k] - exact[k])) < tol for k in exact)


def test_seeded_monte_carlo_agrees_and_is_reproducible():
    exact = brawl_odds()
    mc = brawl_monte_carlo(40_000, seed=1)
    assert within(mc, exact, 0.01)  # ~4.4 standard errors at worst
    assert mc == brawl_monte_carlo(40_000, seed=1)
    assert not within(mc, {"attacker": Fraction(1, 3), "both": 0, "defender": Fraction(2, 3)}, 0.01)


def test_brawls_through_the_rules_engine_agree():
    assert within(engine_brawl_monte_carlo(20_000, seed=2), brawl_odds(), 0.015)


def test_table_text():
    text = brawl_table_text()
    assert "9/36" in text and "2/36" in text and "25/36" in text


def test_repeated_defence_is_geometric():
    dist = entry_attempts_distribution(60)
    p = Fraction(25, 36)
    assert dist[:3] == [p, p * Fraction(11, 36), p * Fraction(11, 36) ** 2]
    assert 1 - sum(dist) == Fraction(11, 36) ** 60
    assert expected_entry_attempts() == Fraction(36, 25)
    partial_mean = sum(k * q for k, q in enumerate(dist, 1))
    assert abs(float(partial_mean - Fraction(36, 25))) < 1e-20


def test_repeated_defence_closed_forms():
    forms = entry_attempts_closed_form()
    n, k = analysis.n, sp.Symbol("k", positive=True, integer=True)
    for faces in (3, 6, 10):
        for attempt in (1, 2, 5):
            value = forms["P(N=k)"].subs({n: faces, k: attempt})
            assert Fraction(str(value)) == entry_attempts_distribution(attempt, faces)[-1]
        assert Fraction(str(forms["E[N]"].subs(n, faces))) == expected_entry_attempts(faces)
    assert Fraction(str(forms["Var[N]"].subs(n, 6))) == Fraction(11, 36) / Fraction(25, 36) ** 2


def test_repeated_defence_monte_carlo_through_the_engine():
    mc = entry_attempts_monte_carlo(6_000, seed=3)
    exact = entry_attempts_distribution(4)
    assert all(abs(float(a - b)) < 0.02 for a, b in zip(mc, exact, strict=False))


# --------------------------------------------------------------------------- junk (issue 20)
@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: expected_entry_attempts(faces=1), "faces .* must be a whole number 2-1000; got 1"),
        (lambda: analysis.brawl_monte_carlo(0), "trials must be a whole number 1 or more; got 0"),
        (lambda: ea.teaser_count_chain(2.5), "k .* must be a whole number 0-6; got 2.5"),
        (lambda: analysis.brawl_odds(faces=()), "faces must be a non-empty tuple of die faces"),
        (lambda: analysis.brawl_odds(attacker=0, defender=0), "two different cats"),
        (lambda: ea.crunchies_success("purple"), "colour must be cat colours .* got 'purple'"),
        (lambda: ea.teaser_subset_chain(["black", "nope"]), "cats must be cat colours .* 'nope'"),
        (lambda: analysis.brawl_odds(attacker="black"), "attacker .* got 'black'"),
        (lambda: ea.teaser_count_chain(3, dice=0), "dice must be a whole number 1-8; got 0"),
        (lambda: analysis.engine_teaser_exact(Params()), "version='events'"),
    ],
)
def test_analysis_helpers_refuse_nonsense_saying_what_is_allowed(call, message):
    with pytest.raises(AnalysisError, match=message):
        call()


def test_dice_that_make_a_cat_teaser_endless_are_refused_before_any_roll():
    """Issue 20: ``die_faces=(0, 1, 2, 3)`` used to roll forever (and divide by zero)."""
    with pytest.raises(InvalidSetup, match="light blue and white cats can never leave"):
        Params(version="events", die_faces=(0, 1, 2, 3))
    players = Params(version="events", teaser_gathers="players", die_faces=(0, 1, 2, 3))
    assert analysis.engine_teaser_exact(players)["none"] > 0  # 3 players: all leave
    with pytest.raises(InvalidSetup, match="light blue and white"):
        new_game(6, params=players)
    new_game(5, params=players)  # only light blue cannot leave: the teaser still ends
    Params(die_faces=(0, 1, 2, 3))  # Classic: no Cat Teaser, nothing to refuse
