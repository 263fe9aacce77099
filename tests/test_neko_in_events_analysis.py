"""Exact maths of the Neko-in Events version (Crunchies, Cat Teaser).

Every exact value is checked against an independent derivation: hand
formulas, the subset chain vs. the count chain, brute-force enumeration of
roll sequences, sympy closed forms and fundamental matrices, and a seeded
Monte Carlo whose tolerance is a multiple of the exact standard error.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
import sympy

from nekolib.core import CHANCE, NekoError, RandomAgent, make_rng, play_out
from nekolib.neko_in import events_analysis as ea
from nekolib.neko_in.events_analysis import CAT_COLOURS, DEFAULT_DICE, DiceModel

n, d, z, t = ea.n_sym, ea.d_sym, ea.z_sym, ea.t_sym

# 4.5 standard errors: a correct model fails one check with probability ~7e-6,
# so ~60 Monte Carlo checks give a false alarm rate below 1e-3 (and the runs are
# seeded, so the outcome never changes from run to run).
Z = 4.5


# --------------------------------------------------------------------------- dice
def test_default_dice_are_two_fair_six_colour_dice() -> None:
    assert DEFAULT_DICE.dice == 2
    assert [f for f, _ in DEFAULT_DICE.faces] == list(CAT_COLOURS)
    assert all(DEFAULT_DICE.probability(c) == Fraction(1, 6) for c in CAT_COLOURS)
    outcomes = DEFAULT_DICE.roll_outcomes()
    assert len(outcomes) == 36
    assert {p for _, p in outcomes} == {Fraction(1, 36)}


@pytest.mark.parametrize("model", [DEFAULT_DICE, DiceModel.uniform(dice=3, blanks=2)])
def test_shown_set_law_sums_to_one(model: DiceModel) -> None:
    law = model.shown_sets()
    assert sum(law.values()) == 1
    assert all(len(s) <= model.dice and None not in s for s in law)


def test_bad_dice_are_rejected() -> None:
    with pytest.raises(ValueError):
        DiceModel((("red", Fraction(1, 2)),), 2)
    with pytest.raises(ValueError):
        DiceModel.uniform(dice=-1)
    with pytest.raises(ValueError):
        DiceModel.uniform(colours=(), blanks=0)


def test_sampler_is_fair() -> None:
    roll = DEFAULT_DICE.sampler()
    rng = make_rng(1)
    trials = 30_000
    counts = {c: 0 for c in CAT_COLOURS}
    for _ in range(trials):
        for face in roll(rng):
            counts[face] += 1
    p = 1 / 6
    se = math.sqrt(p * (1 - p) / (2 * trials))
    for c in CAT_COLOURS:
        assert abs(counts[c] / (2 * trials) - p) < Z * se


# --------------------------------------------------------------------------- Crunchies
def test_crunchies_is_11_over_36() -> None:
    # By hand: of the 36 ordered pairs, 6 have the colour on die 1, 6 on die 2,
    # and 1 on both: 6 + 6 - 1 = 11.
    hand = sum(1 for a, b in itertools.product(range(6), repeat=2) if 0 in (a, b))
    assert hand == 11
    for colour in CAT_COLOURS:
        assert ea.crunchies_success(colour) == Fraction(11, 36)
        assert ea.crunchies_keep_probability(colour) == Fraction(25, 36)
    assert ea.crunchies_success_formula() == Fraction(11, 36)


@pytest.mark.parametrize("blanks", [0, 1, 3])
@pytest.mark.parametrize("dice", [0, 1, 2, 3])
def test_crunchies_enumeration_matches_closed_form(blanks: int, dice: int) -> None:
    model = DiceModel.uniform(dice=dice, blanks=blanks)
    faces = 6 + blanks
    exact = ea.crunchies_success("pink", model)
    assert exact == ea.crunchies_success_formula(faces, dice)
    assert ea.crunchies_closed_form().subs({n: faces, d: dice}) == sympy.Rational(
        exact.numerator, exact.denominator
    )


def test_crunchies_with_a_loaded_die() -> None:
    model = DiceModel.from_weights({"red": 3, "black": 1, None: 2})
    assert ea.crunchies_success("red", model) == 1 - (1 - Fraction(1, 2)) ** 2
    assert ea.crunchies_success("white", model) == 0


# --------------------------------------------------------------------------- transitions
@pytest.mark.parametrize("faces", [6, 7, 9])
@pytest.mark.parametrize("dice", [1, 2, 3])
def test_count_transition_matches_face_enumeration(faces: int, dice: int) -> None:
    model = DiceModel.uniform(dice=dice, blanks=faces - 6)
    for j in range(0, 7):
        cats = CAT_COLOURS[:j]
        by_size: dict[int, Fraction] = {}
        for hit, p in ea.teaser_roll_outcomes(cats, model):
            by_size[len(hit)] = by_size.get(len(hit), Fraction(0)) + p
        row = ea.teaser_transition_row(j, faces, dice)
        assert sum(row) == 1
        assert row == [by_size.get(m, Fraction(0)) for m in range(j + 1)]


def test_two_dice_transitions_in_closed_form() -> None:
    j = sympy.Symbol("j", positive=True, integer=True)
    for jj in range(2, 7):
        stay, one, two, *rest = ea.teaser_transition_row(jj, n, 2)
        assert sympy.simplify(stay - (n - jj) ** 2 / n**2) == 0
        assert sympy.simplify(one - jj * (2 * n - 2 * jj + 1) / n**2) == 0
        assert sympy.simplify(two - jj * (jj - 1) / n**2) == 0
        assert all(sympy.simplify(r) == 0 for r in rest)
    # the three rows add up to 1 for every j and n
    total = ((n - j) ** 2 + j * (2 * n - 2 * j + 1) + j * (j - 1)) / n**2
    assert sympy.simplify(total - 1) == 0


def test_roll_outcomes_for_two_cats_by_hand() -> None:
    law = dict(ea.teaser_roll_outcomes(("red", "white")))
    assert law == {
        frozenset(): Fraction(16, 36),
        frozenset({"red"}): Fraction(9, 36),  # red + one of 4 others, either order, or red red
        frozenset({"white"}): Fraction(9, 36),
        frozenset({"red", "white"}): Fraction(2, 36),
    }


# --------------------------------------------------------------------------- the table
def test_two_cats_by_hand() -> None:
    # From 2 cats a roll ends the teaser with prob 1 - 16/36 = 20/36, and both go
    # with 2/36: P(none) = 2/20, E[rolls] = 36/20 (geometric), Var = (16/36)/(20/36)^2.
    result = ea.teaser_count_chain(2)
    assert result.none == Fraction(1, 10)
    assert result.last == (Fraction(9, 20), Fraction(9, 20))
    assert result.expected_rolls == Fraction(9, 5)
    assert result.variance_rolls == Fraction(16, 36) / Fraction(20, 36) ** 2


def test_table_values() -> None:
    rows = {r.k: r for r in ea.teaser_table(6)}
    assert [r.k for r in ea.teaser_table(6)] == [2, 3, 4, 5, 6]
    expected = {
        2: (Fraction(9, 20), Fraction(1, 10), Fraction(9, 5)),
        3: (Fraction(83, 270), Fraction(7, 90), Fraction(41, 15)),
        4: (Fraction(329, 1440), Fraction(31, 360), Fraction(421, 120)),
        5: (Fraction(463, 2520), Fraction(41, 504), Fraction(3439, 840)),
        6: (Fraction(461, 3024), Fraction(43, 504), Fraction(3869, 840)),
    }
    for k, (each, none, mean) in expected.items():
        assert (rows[k].each_last, rows[k].none, rows[k].expected_rolls) == (each, none, mean)
        assert rows[k].some_cat_left + rows[k].none == 1
        assert ea.teaser_survival_probability(k) == each
        assert ea.teaser_none_probability(k) == none
        assert ea.teaser_expected_rolls(k) == mean
        probs = ea.teaser_last_cat_probabilities(k)
        assert list(probs) == [*CAT_COLOURS[:k], "none"]
        assert sum(probs.values()) == 1


def test_table_text_is_deterministic_and_exact() -> None:
    text = ea.teaser_table_text()
    assert text == ea.teaser_table_text()
    lines = text.splitlines()
    assert len(lines) == 2 + 5
    assert "P(none left)" in lines[0]
    assert "461/3024" in lines[-1] and "43/504" in lines[-1] and "3869/840" in lines[-1]


def test_nothing_to_roll_with_zero_or_one_cat() -> None:
    zero, one = ea.teaser_count_chain(0), ea.teaser_count_chain(1)
    assert (zero.none, zero.last, zero.expected_rolls, zero.variance_rolls) == (1, (), 0, 0)
    assert (one.none, one.last, one.expected_rolls) == (0, (Fraction(1),), 0)
    assert ea.teaser_subset_chain(()) == zero
    assert ea.teaser_subset_chain(("pink",)).last == (1,)
    assert ea.teaser_rolls_distribution(1, 3) == [1, 0, 0, 0]
    assert ea.teaser_subset_rolls_distribution((), max_rolls=2) == [1, 0, 0]
    assert ea.teaser_survival_probability(1) == 1
    with pytest.raises(ValueError):
        ea.teaser_survival_probability(0)
    assert ea.simulate_teaser(("red",), DEFAULT_DICE.sampler(), make_rng(0)) == (0, 0)


def test_too_many_cats_for_the_faces() -> None:
    with pytest.raises(ValueError):
        ea.teaser_count_chain(7)


# --------------------------------------------------------------------------- two chains
@pytest.mark.parametrize("blanks", [0, 2])
@pytest.mark.parametrize("dice", [1, 2, 3])
def test_subset_chain_equals_count_chain(blanks: int, dice: int) -> None:
    model = DiceModel.uniform(dice=dice, blanks=blanks)
    for k in range(0, 7):
        subset = ea.teaser_subset_chain(CAT_COLOURS[:k], model)
        count = ea.teaser_count_chain(k, 6 + blanks, dice)
        assert subset == count
        assert subset.total() == 1
        assert ea.teaser_subset_rolls_distribution(
            CAT_COLOURS[:k], model, 8
        ) == ea.teaser_rolls_distribution(k, 8, 6 + blanks, dice)


def test_which_colours_does_not_matter() -> None:
    a = ea.teaser_subset_chain(("white", "pink", "light blue"))
    b = ea.teaser_subset_chain(("black", "red", "yellow"))
    assert (a.last, a.none, a.expected_rolls) == (b.last, b.none, b.expected_rolls)
    assert len(set(a.last)) == 1


def test_rolls_distribution_sums_to_one_with_exact_tail() -> None:
    for k in range(2, 7):
        law = ea.teaser_rolls_distribution(k, 60)
        tail = 1 - sum(law)
        assert 0 < tail < Fraction(4, 9) ** 55  # slowest state (2 cats) leaves w.p. 5/9
        mean_partial = sum(i * p for i, p in enumerate(law))
        assert 0 < ea.teaser_expected_rolls(k) - mean_partial < Fraction(1, 10**15)


# --------------------------------------------------------------------------- brute force
@pytest.mark.parametrize("k, depth", [(2, 4), (3, 3), (4, 3), (5, 3), (6, 3)])
def test_chain_matches_roll_sequence_enumeration(k: int, depth: int) -> None:
    cats = CAT_COLOURS[:k]
    brute = ea.enumerate_roll_sequences(cats, DEFAULT_DICE, depth)
    # The law of T up to depth is *exactly* the same ...
    assert brute.ends_at() == ea.teaser_rolls_distribution(k, depth)
    assert brute.tail == 1 - sum(brute.ends_at())
    # ... and the exact absorption probabilities lie within the unexplored tail.
    exact = ea.teaser_subset_chain(cats)
    for i in range(k):
        partial = sum(brute.last[i])
        assert partial <= exact.last[i] <= partial + brute.tail
    assert sum(brute.none) <= exact.none <= sum(brute.none) + brute.tail


def test_brute_force_with_two_cats_is_tight() -> None:
    # With 2 cats each roll ends the teaser w.p. 5/9: tail after 4 rolls = (4/9)^4,
    # and P(none ends at roll t) = (4/9)^(t-1) * 2/36 exactly.
    brute = ea.enumerate_roll_sequences(("red", "white"), DEFAULT_DICE, 4)
    assert brute.tail == Fraction(4, 9) ** 4
    assert list(brute.none) == [0] + [Fraction(4, 9) ** (s - 1) / 18 for s in range(1, 5)]


# --------------------------------------------------------------------------- closed forms
def test_closed_forms_for_two_dice() -> None:
    forms = ea.teaser_closed_forms(6)
    assert sympy.simplify(forms[2].none - 1 / (2 * (n - 1))) == 0
    assert sympy.simplify(forms[2].expected_rolls - n**2 / (4 * (n - 1))) == 0
    for k, form in forms.items():
        assert sympy.simplify(k * form.each_last + form.none - 1) == 0
        for faces in (6, 7, 8, 10):
            exact = ea.teaser_count_chain(k, faces)
            assert form.at(faces) == (exact.none, exact.last[0], exact.expected_rolls)
            var = ea.to_fraction(form.variance_rolls.subs(n, faces))
            assert var == exact.variance_rolls
    # the blank-face variant (n = 8) agrees with the independent subset chain too
    blanks = ea.teaser_subset_chain(CAT_COLOURS, DiceModel.uniform(blanks=2))
    assert forms[6].at(8) == (blanks.none, blanks.last[0], blanks.expected_rolls)


def test_closed_forms_with_symbolic_number_of_dice() -> None:
    forms = ea.teaser_closed_forms(3, dice=None)
    two = forms[2]
    hand = (n**d - 2 * (n - 1) ** d + (n - 2) ** d) / (n**d - (n - 2) ** d)
    assert sympy.simplify(two.none - hand) == 0
    assert sympy.simplify(two.expected_rolls - n**d / (n**d - (n - 2) ** d)) == 0
    for k in (2, 3):
        for dice in (1, 2, 3):
            exact = ea.teaser_count_chain(k, 6, dice)
            at = forms[k].expected_rolls.subs({n: 6, d: dice})
            assert ea.to_fraction(at) == exact.expected_rolls
            assert ea.to_fraction(forms[k].none.subs({n: 6, d: dice})) == exact.none


def test_fundamental_matrix_agrees_with_first_step_analysis() -> None:
    forms = ea.teaser_closed_forms(6)
    for k in range(2, 7):
        q, r, fundamental = ea.teaser_fundamental_matrix(k)
        ones = sympy.ones(q.shape[0], 1)
        # rows of [Q | R] are probability distributions
        for row in range(q.shape[0]):
            assert sympy.simplify(sum(q.row(row)) + sum(r.row(row)) - 1) == 0
        assert sympy.simplify((fundamental * ones)[0] - forms[k].expected_rolls) == 0
        absorbed = fundamental * r
        assert sympy.simplify(absorbed[0, 1] - forms[k].none) == 0
        assert sympy.simplify(absorbed[0, 0] - k * forms[k].each_last) == 0
    with pytest.raises(ValueError):
        ea.teaser_fundamental_matrix(1)


def test_pgf_moments_and_series() -> None:
    for k in range(2, 7):
        g = ea.teaser_pgf(k)
        exact = ea.teaser_count_chain(k)
        assert g.subs(z, 1) == 1
        g1 = sympy.diff(g, z).subs(z, 1)
        g2 = sympy.diff(g, z, 2).subs(z, 1)
        assert ea.to_fraction(g1) == exact.expected_rolls
        assert ea.to_fraction(g2 + g1 - g1**2) == exact.variance_rolls
        assert _power_series(g, 11) == ea.teaser_rolls_distribution(k, 10)
    # k = 6 needs at least 3 rolls (each roll removes at most 2 of the 6 cats)
    assert ea.teaser_rolls_distribution(6, 3)[:3] == [0, 0, 0]


def _power_series(g: sympy.Expr, terms: int) -> list[Fraction]:
    """First coefficients of the rational function ``g(z)`` by long division."""
    num, den = (sympy.Poly(p, z) for p in sympy.fraction(sympy.cancel(g)))
    a = [ea.to_fraction(num.coeff_monomial(z**i)) for i in range(terms)]
    b = [ea.to_fraction(den.coeff_monomial(z**i)) for i in range(terms)]
    c: list[Fraction] = []
    for i in range(terms):
        c.append((a[i] - sum(b[j] * c[i - j] for j in range(1, i + 1))) / b[0])
    return c


def test_pmf_closed_form_is_a_sum_of_geometric_terms() -> None:
    for k in range(0, 7):
        expr, exceptions = ea.teaser_rolls_pmf_closed_form(k)
        law = ea.teaser_rolls_distribution(k, 20)
        for i, p in enumerate(law):
            value = exceptions.get(i)
            if value is None:
                value = ea.to_fraction(sympy.sympify(expr).subs(t, i))
            assert value == p
    expr, _ = ea.teaser_rolls_pmf_closed_form(2)
    assert sympy.simplify(expr - sympy.Rational(5, 4) * sympy.Rational(4, 9) ** t) == 0


# --------------------------------------------------------------------------- variants
def test_cats_sharing_a_colour_leave_together() -> None:
    twins = ea.teaser_subset_chain(("red", "red"))
    assert twins.none == 1 and twins.last == (0, 0)
    assert twins.expected_rolls == 1 / (1 - Fraction(25, 36))
    trio = ea.teaser_subset_chain(("red", "red", "white"))
    brute = ea.enumerate_roll_sequences(("red", "red", "white"), DEFAULT_DICE, 3)
    assert brute.last[0] == brute.last[1] == (0,) * 4
    assert trio.last[:2] == (0, 0)
    assert sum(brute.last[2]) <= trio.last[2] <= sum(brute.last[2]) + brute.tail
    assert trio.total() == 1


NO_BLUE = DiceModel.uniform(("black", "red", "yellow", "pink", "white"), blanks=1)
"""Variant dice: a blank face where light blue was."""


def test_a_cat_whose_colour_is_on_no_face() -> None:
    stays = ea.teaser_subset_chain(("light blue", "red", "white"), NO_BLUE)
    assert stays.last == (1, 0, 0) and stays.none == 0
    no_white = DiceModel.uniform(("black", "red", "yellow", "pink"), blanks=2)
    with pytest.raises(ValueError, match="never leave"):
        ea.teaser_subset_chain(("light blue", "white"), no_white)


@pytest.mark.parametrize("cats", [("black", "nope"), ("green", "red"), "black", [1, 2], None])
def test_cats_that_are_no_cat_colour_are_refused(cats) -> None:
    with pytest.raises(NekoError, match="cat colours"):
        ea.teaser_subset_chain(cats)


def test_loaded_dice_subset_chain_against_brute_force() -> None:
    model = DiceModel.from_weights({"red": 3, "white": 1, "black": 1, None: 1})
    cats = ("red", "white", "black")
    exact = ea.teaser_subset_chain(cats, model)
    assert exact.total() == 1
    assert exact.last[1] == exact.last[2] != exact.last[0]  # white and black are symmetric
    assert exact.last[0] < exact.last[1]  # red shows most often, so rarely survives
    brute = ea.enumerate_roll_sequences(cats, model, 4)
    assert brute.ends_at() == ea.teaser_subset_rolls_distribution(cats, model, 4)
    for i in range(3):
        assert sum(brute.last[i]) <= exact.last[i] <= sum(brute.last[i]) + brute.tail


# --------------------------------------------------------------------------- Monte Carlo
def _check_monte_carlo(cats: tuple[str, ...], model: DiceModel, trials: int, seed: int) -> None:
    exact = ea.teaser_subset_chain(cats, model)
    mc = ea.monte_carlo_teaser(cats, model, trials, seed)
    assert sum(mc.last_counts) + mc.none_count == trials
    for index, p in [*enumerate(exact.last), (None, exact.none)]:
        se = math.sqrt(float(p * (1 - p)) / trials)
        assert abs(mc.frequency(index) - float(p)) <= Z * se + 1e-12, (cats, index)
    se_mean = math.sqrt(float(exact.variance_rolls) / trials)
    assert abs(mc.mean_rolls - float(exact.expected_rolls)) <= Z * se_mean


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6])
def test_monte_carlo_agrees_with_exact_chain(k: int) -> None:
    _check_monte_carlo(CAT_COLOURS[:k], DEFAULT_DICE, 20_000, seed=k)


def test_monte_carlo_with_loaded_dice_and_three_dice() -> None:
    loaded = DiceModel.from_weights({"red": 3, "white": 1, "black": 1, None: 1})
    _check_monte_carlo(("red", "white", "black", "pink"), loaded, 20_000, seed=7)
    _check_monte_carlo(CAT_COLOURS, DiceModel.uniform(dice=3), 20_000, seed=8)


def test_monte_carlo_histogram_matches_law_of_rolls() -> None:
    trials = 20_000
    mc = ea.monte_carlo_teaser(CAT_COLOURS, DEFAULT_DICE, trials, seed=99)
    law = ea.teaser_rolls_distribution(6, 12)
    for rolls, p in enumerate(law):
        se = math.sqrt(float(p * (1 - p)) / trials)
        assert abs(mc.rolls_counts.get(rolls, 0) / trials - float(p)) <= Z * se + 1e-12


def test_monte_carlo_is_reproducible() -> None:
    a = ea.monte_carlo_teaser(CAT_COLOURS[:4], DEFAULT_DICE, 500, seed=3)
    b = ea.monte_carlo_teaser(CAT_COLOURS[:4], DEFAULT_DICE, 500, seed=3)
    assert a == b


def test_dice_from_the_engine_face_list() -> None:
    assert DiceModel.from_face_list((0, 1, 2, 3, 4, 5)) == DEFAULT_DICE
    blanky = DiceModel.from_face_list((0, 1, 2, 3, 4, 5, -1, -1))
    assert blanky.shown_sets() == DiceModel.uniform(blanks=2).shown_sets()
    assert ea.teaser_subset_chain(CAT_COLOURS, blanky) == ea.teaser_count_chain(6, faces=8)
    doubled = DiceModel.from_face_list(("red", "red", "white", None))
    assert doubled.probability("red") == Fraction(1, 2)
    assert ea.crunchies_success("red", doubled) == Fraction(3, 4)
    with pytest.raises(ValueError):
        DiceModel.from_face_list(())


# --------------------------------------------------------------------------- packaging
def test_analysis_imports_only_stdlib_sympy_and_core() -> None:
    import ast
    import sys
    from pathlib import Path

    from nekolib import argcheck

    def imports(module) -> set[str]:
        roots = set()
        for node in ast.walk(ast.parse(Path(module.__file__).read_text())):
            if isinstance(node, ast.Import):
                roots |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                roots.add(node.module or "")
        return {r for r in roots if r.split(".")[0] not in sys.stdlib_module_names}

    from nekolib.neko_in import events_dice, teaser_chain, teaser_checks

    parts = {m.__name__: m for m in (events_dice, teaser_chain, teaser_checks)}
    assert imports(ea) - set(parts) == {"nekolib.argcheck"}
    outside = set().union(*(imports(m) for m in parts.values())) - set(parts)
    assert outside == {"sympy", "nekolib.core", "nekolib.argcheck"}
    assert imports(argcheck) == {"nekolib.core"}  # the argument checks need nothing more


def test_figures_render() -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from nekolib.neko_in import events_charts

    charts = events_charts.figures()
    assert set(charts) == {"neko_in_cat_teaser", "neko_in_cat_teaser_rolls", "neko_in_crunchies"}
    for factory in charts.values():
        fig = factory()
        assert isinstance(fig, Figure) and fig.axes
    left, right = charts["neko_in_cat_teaser"]().axes
    heights = sorted(round(p.get_height(), 6) for p in left.patches)
    assert round(float(Fraction(461, 3024)), 6) in heights and round(0.1, 6) in heights
    means = [round(y, 6) for y in right.lines[0].get_ydata()]
    assert means == [round(float(ea.teaser_expected_rolls(k)), 6) for k in range(2, 7)]


# --------------------------------------------------------------------------- inclusion-exclusion
@pytest.mark.parametrize("faces, dice", [(6, 2), (6, 1), (6, 3), (8, 2)])
def test_inclusion_exclusion_equals_the_chains(faces: int, dice: int) -> None:
    model = DiceModel.uniform(dice=dice, blanks=faces - 6)
    for k in range(0, 7):
        direct = ea.teaser_inclusion_exclusion(CAT_COLOURS[:k], model)
        assert direct == ea.teaser_count_chain(k, faces, dice)


def test_inclusion_exclusion_with_loaded_dice() -> None:
    model = DiceModel.from_weights({"red": 3, "white": 1, "black": 1, None: 1, "pink": 2})
    cats = ("red", "white", "black", "pink")
    assert ea.teaser_inclusion_exclusion(cats, model) == ea.teaser_subset_chain(cats, model)
    with pytest.raises(ValueError):
        ea.teaser_inclusion_exclusion(("red", "red"))
    with pytest.raises(ValueError):
        no_white = DiceModel.uniform(("black", "red", "yellow", "pink"), blanks=2)
        ea.teaser_inclusion_exclusion(("light blue", "white", "red"), no_white)


@pytest.mark.parametrize("faces, dice", [(6, 2), (7, 1), (6, 3)])
def test_general_closed_forms_in_k(faces: int, dice: int) -> None:
    for k in range(2, 7):
        exact = ea.teaser_count_chain(k, faces, dice)
        at = {
            name: ea.evaluate_general_closed_form(name, k, faces, dice)
            for name in ("each_last", "none", "expected_rolls", "second_moment")
        }
        assert at["each_last"] == exact.last[0]
        assert at["none"] == exact.none
        assert at["expected_rolls"] == exact.expected_rolls
        assert at["second_moment"] - at["expected_rolls"] ** 2 == exact.variance_rolls
        law = ea.teaser_rolls_distribution(k, 6, faces, dice)
        for rolls in range(7):
            tail = ea.evaluate_general_closed_form("tail", k, faces, dice, rolls)
            assert tail == 1 - sum(law[: rolls + 1])


# --------------------------------------------------------------------------- the rules engine
class _Found(Exception):
    """Stops a playthrough at the first Cat Teaser roll."""


def _engine():
    """The other half of Neko-in: the rules engine's Cat Teaser must match the chain."""
    from nekolib.neko_in import rules

    missing = [n for n in ("new_game", "Params", "TEASE", "COLOURS") if not hasattr(rules, n)]
    assert not missing, f"nekolib.neko_in.rules lost its Cat Teaser API: {missing}"
    return rules


def _first_teasers(rules, gathers: str, players: int, wanted: int) -> list:
    """Teaser states (dice about to be rolled) met in seeded random Events games."""
    params = rules.Params(version="events", teaser_gathers=gathers)
    found = []
    for seed in range(500):

        def stop(before, action, after) -> None:
            if after.current_player() == CHANCE and after.phase == rules.TEASE:
                raise _Found(after)

        try:
            play_out(
                rules.new_game(players, seed, params),
                RandomAgent(),
                make_rng(seed),
                on_step=stop,
            )
        except _Found as hit:
            found.append(hit.args[0])
            if len(found) == wanted:
                break
    return found


@pytest.mark.parametrize("gathers, players", [("all", 3), ("players", 4), ("house", 5)])
def test_engine_teaser_rolls_follow_the_analysis(gathers: str, players: int) -> None:
    rules = _engine()
    states = _first_teasers(rules, gathers, players, 5)
    assert states, "no Cat Teaser met in 500 random games"
    for state in states:
        cats = [rules.COLOURS[c] for c in state.teaser]
        assert cats == [CAT_COLOURS[c] for c in state.teaser]  # same colour order
        engine_law: dict[frozenset[str], Fraction] = {}
        for roll, p in state.chance_outcomes():
            hit = frozenset(CAT_COLOURS[c] for c in state.teaser if c in roll.faces)
            engine_law[hit] = engine_law.get(hit, Fraction(0)) + p
        assert engine_law == dict(ea.teaser_roll_outcomes(cats))


def test_engine_teaser_ends_like_the_chain() -> None:
    rules = _engine()
    (state,) = _first_teasers(rules, "all", 3, 1)
    k = len(state.teaser)
    exact = ea.teaser_count_chain(k)
    rng = make_rng("engine-teaser")
    trials = 3_000
    none = rolls = 0
    for _ in range(trials):
        s = state
        while s.current_player() == CHANCE and s.phase == rules.TEASE:
            s = s.apply(s.sample_chance(rng))
            rolls += 1
        none += not s.teaser
    assert rolls >= 3 * trials  # six cats need at least three rolls
    p = float(exact.none)
    assert abs(none / trials - p) <= Z * math.sqrt(p * (1 - p) / trials)
    se = math.sqrt(float(exact.variance_rolls) / trials)
    assert abs(rolls / trials - float(exact.expected_rolls)) <= Z * se
