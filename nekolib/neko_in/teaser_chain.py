"""The Cat Teaser as an absorbing Markov chain, exactly (Neko-in *Events* version).

"All the cats gather in the room where the cat teaser was turned over. Then start rolling
the dice: the cats of the colours shown go to the garden. Keep rolling until only one cat
(or none) remains in the room; some rolls may have no effect." Two chains:
:func:`teaser_subset_chain` (states are the sets of cats still in the room, any dice) and
:func:`teaser_count_chain` (by symmetry only the number of cats matters; the transition has
the inclusion-exclusion closed form of :func:`teaser_transition`, which also takes sympy
symbols, giving :func:`teaser_closed_forms` and :func:`teaser_fundamental_matrix`). The
independent checks (no chain) are in :mod:`nekolib.neko_in.teaser_checks`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import sympy

from nekolib.argcheck import AnalysisError, guard_module, whole
from nekolib.neko_in.events_dice import (
    CAT_COLOURS,
    DEFAULT_DICE,
    DiceModel,
    Number,
    cat_list,
    count_args,
    d_sym,
    n_sym,
    t_sym,
    z_sym,
)

__all__ = [
    "TeaserClosedForm",
    "TeaserResult",
    "TeaserRow",
    "teaser_closed_forms",
    "teaser_count_chain",
    "teaser_expected_rolls",
    "teaser_fundamental_matrix",
    "teaser_last_cat_probabilities",
    "teaser_none_probability",
    "teaser_pgf",
    "teaser_roll_outcomes",
    "teaser_rolls_distribution",
    "teaser_rolls_pmf_closed_form",
    "teaser_subset_chain",
    "teaser_subset_rolls_distribution",
    "teaser_survival_probability",
    "teaser_transition",
    "teaser_transition_row",
    "to_fraction",
]


# --------------------------------------------------------------------------- results
@dataclass(frozen=True)
class TeaserResult:
    """Exact outcome of one Cat Teaser with the cats ``cats`` in the room.

    ``last[i]`` is P(cat ``i`` is the one left), ``none`` P(no cat is left),
    ``expected_rolls`` and ``variance_rolls`` the mean and variance of the
    number of rolls (every roll counts, "some rolls may have no effect").
    """

    cats: tuple[str, ...]
    last: tuple[Fraction, ...]
    none: Fraction
    expected_rolls: Fraction
    variance_rolls: Fraction

    def last_by_colour(self) -> dict[str, Fraction]:
        """``{colour: P(that cat is last)}`` (colours must be distinct)."""
        if len(set(self.cats)) != len(self.cats):
            raise AnalysisError("cats share a colour: use .last by index")
        return dict(zip(self.cats, self.last, strict=True))

    def total(self) -> Fraction:
        """Sum of all outcome probabilities (always exactly 1)."""
        return self.none + sum(self.last, Fraction(0))


@dataclass(frozen=True)
class TeaserRow:
    """One row of :func:`teaser_table`: ``k`` distinct cats, symmetric dice."""

    k: int
    each_last: Fraction
    none: Fraction
    expected_rolls: Fraction
    variance_rolls: Fraction

    @property
    def some_cat_left(self) -> Fraction:
        """P(exactly one cat stays) = ``k * each_last``."""
        return self.k * self.each_last


# --------------------------------------------------------------------------- Cat Teaser: sets
def teaser_roll_outcomes(
    cats: Sequence[str], model: DiceModel = DEFAULT_DICE
) -> list[tuple[frozenset[str], Fraction]]:
    """One teaser roll: the law of the set of *cats' colours sent to the garden*.

    Rulebook: "the cats of the colours shown go to the garden". A colour shown
    on both dice sends its cat once (there is one pawn per colour); colours
    shown that have no cat in the room, and blank faces, do nothing. Sorted,
    so the rules engine can use it directly as ``chance_outcomes``.
    """
    present = frozenset(cat_list(cats, model))
    law: dict[frozenset[str], Fraction] = {}
    for shown, p in model.shown_sets().items():
        hit = shown & present
        law[hit] = law.get(hit, Fraction(0)) + p
    return sorted(law.items(), key=lambda item: (len(item[0]), sorted(item[0])))


def teaser_subset_chain(
    cats: Sequence[str] = CAT_COLOURS, model: DiceModel = DEFAULT_DICE
) -> TeaserResult:
    """Solve the Cat Teaser exactly on the chain whose states are *sets of cats*.

    Rulebook: "Keep rolling until only one cat (or none) remains in the room".
    Cats are numbered ``0 .. k-1`` with colours ``cats`` (two cats may share a
    colour in a variant; they then leave together). A state ``S`` with
    ``|S| >= 2`` rolls; the roll's colours remove every cat of ``S`` of those
    colours. With ``p`` the probability that a roll leaves ``S`` unchanged,
    first-step analysis gives for each outcome ``o``::

        A(S, o) = sum_{S' != S} P(S -> S') A(S', o) / (1 - p)
        E(S)    = (1 + sum_{S' != S} P(S -> S') E(S')) / (1 - p)

    and the second moment likewise. ``k = 0`` and ``k = 1`` need no roll.
    Raises ``ValueError`` if some state can never change (e.g. two cats whose
    colour is on no face).
    """
    cats = cat_list(cats, model)
    shown_law = model.shown_sets()
    k = len(cats)

    @cache
    def solve(state: frozenset[int]) -> tuple[tuple[Fraction, ...], Fraction, Fraction]:
        """(outcome probabilities indexed 0..k-1 then 'none', E[T], E[T^2]) from ``state``."""
        if len(state) <= 1:
            outcome = [Fraction(0)] * (k + 1)
            outcome[next(iter(state)) if state else k] = Fraction(1)
            return tuple(outcome), Fraction(0), Fraction(0)
        moves: dict[frozenset[int], Fraction] = {}
        for shown, p in shown_law.items():
            after = frozenset(i for i in state if cats[i] not in shown)
            moves[after] = moves.get(after, Fraction(0)) + p
        stay = moves.pop(state, Fraction(0))
        if stay == 1:
            stuck = sorted(cats[i] for i in state)
            raise AnalysisError(f"the cats {stuck} can never leave the room")
        leave = 1 - stay
        outcome = [Fraction(0)] * (k + 1)
        mean = Fraction(1)
        subs = {after: solve(after) for after in moves}
        for after, p in moves.items():
            sub_outcome, sub_mean, _ = subs[after]
            for i, q in enumerate(sub_outcome):
                outcome[i] += p * q
            mean += p * sub_mean
        outcome = [q / leave for q in outcome]
        mean /= leave
        # E[T^2] = 1 + sum_{S'} P(S->S') (2 E[T | S'] + E[T^2 | S']), S' = S included.
        second = 1 + 2 * stay * mean
        for after, p in moves.items():
            _, sub_mean, sub_second = subs[after]
            second += p * (2 * sub_mean + sub_second)
        second /= leave
        return tuple(outcome), mean, second

    outcome, mean, second = solve(frozenset(range(k)))
    return TeaserResult(
        cats=cats,
        last=outcome[:k],
        none=outcome[k],
        expected_rolls=mean,
        variance_rolls=second - mean * mean,
    )


def teaser_subset_rolls_distribution(
    cats: Sequence[str] = CAT_COLOURS, model: DiceModel = DEFAULT_DICE, max_rolls: int = 10
) -> list[Fraction]:
    """``[P(T = 0), ..., P(T = max_rolls)]`` for the number of rolls ``T``, on the set chain.

    Forward propagation of the law of the set of cats still in the room.
    """
    cats = cat_list(cats, model)
    max_rolls = whole(max_rolls, "max_rolls", 0, 10_000)
    shown_law = model.shown_sets()
    alive: dict[frozenset[int], Fraction] = {frozenset(range(len(cats))): Fraction(1)}
    law = []
    for _ in range(max_rolls + 1):
        done = sum((p for s, p in alive.items() if len(s) <= 1), Fraction(0))
        law.append(done)
        nxt: dict[frozenset[int], Fraction] = {}
        for state, p in alive.items():
            if len(state) <= 1:
                continue
            for shown, q in shown_law.items():
                after = frozenset(i for i in state if cats[i] not in shown)
                nxt[after] = nxt.get(after, Fraction(0)) + p * q
        alive = nxt
    return law


# --------------------------------------------------------------------------- Cat Teaser: counts
def as_number(value: Any) -> Number:
    """Ints become Fractions (exact rationals); sympy objects stay symbolic."""
    if isinstance(value, sympy.Basic):
        return value
    return Fraction(value)


def tidy(value: Number) -> Number:
    """Cancel a sympy rational function (keeps sizes down); Fractions are already exact."""
    return sympy.factor(sympy.cancel(value)) if isinstance(value, sympy.Basic) else value


def teaser_transition(j: int, m: int, faces: Any = 6, dice: Any = 2) -> Number:
    """P(exactly ``m`` of the ``j`` cats in the room are sent to the garden by one roll).

    ``dice`` fair dice of ``faces`` faces, the ``j`` cats having ``j`` distinct
    face colours (the other faces are blank or colours of absent cats). By
    inclusion-exclusion on the ``m`` hit colours::

        P(j -> j - m) = C(j, m) * sum_{i=0}^{m} (-1)^i C(m, i) (n - j + m - i)^d / n^d

    ``faces`` and ``dice`` may be ints (exact Fraction) or sympy symbols. For
    ``d = 2``: ``P(stay) = (n-j)^2/n^2``, ``P(-1) = j(2n-2j+1)/n^2``,
    ``P(-2) = j(j-1)/n^2``.
    """
    if not 0 <= m <= j:
        return as_number(0)
    if isinstance(faces, int) and j > faces:
        raise AnalysisError(f"{j} cats of distinct colours need at least {j} faces, not {faces}")
    n = as_number(faces)
    total = sum(
        ((-1) ** i * math.comb(m, i) * (n - j + m - i) ** dice for i in range(m + 1)),
        as_number(0),
    )
    return tidy(math.comb(j, m) * total / n**dice)


def teaser_transition_row(j: int, faces: Any = 6, dice: Any = 2) -> list[Number]:
    """``[P(j -> j), P(j -> j-1), ..., P(j -> 0)]`` (see :func:`teaser_transition`)."""
    return [teaser_transition(j, m, faces, dice) for m in range(j + 1)]


def count_chain_matrices(
    k: int, faces: Any, dice: Any
) -> tuple[list[Number], list[Number], list[Number]]:
    """(P(none | j), E[T | j], E[T^2 | j]) for ``j = 0 .. k`` by first-step analysis."""
    zero, one = as_number(0), as_number(1)
    none = [one, zero]
    mean = [zero, zero]
    second = [zero, zero]
    for j in range(2, k + 1):
        row = teaser_transition_row(j, faces, dice)
        stay, leave = row[0], 1 - row[0]
        moves = [(j - m, row[m]) for m in range(1, j + 1)]
        p_none = sum((p * none[t] for t, p in moves), zero) / leave
        e = (1 + sum((p * mean[t] for t, p in moves), zero)) / leave
        e2 = (
            1 + 2 * stay * e + sum((p * (2 * mean[t] + second[t]) for t, p in moves), zero)
        ) / leave
        none.append(tidy(p_none))
        mean.append(tidy(e))
        second.append(tidy(e2))
    return none, mean, second


def teaser_count_chain(k: int, faces: int = 6, dice: int = 2) -> TeaserResult:
    """Solve the Cat Teaser for ``k`` cats of distinct colours on the *count* chain.

    By symmetry every cat is equally likely to be the last one, so
    ``P(cat i last) = (1 - P(none)) / k``. The cats are the first ``k``
    colours of :data:`CAT_COLOURS` (any ``k`` distinct colours give the same).
    """
    k, faces, dice = count_args(k, faces, dice)
    none, mean, second = count_chain_matrices(k, faces, dice)
    each = (1 - none[k]) / k if k else Fraction(0)
    cats = tuple(CAT_COLOURS[i] if i < len(CAT_COLOURS) else f"cat {i}" for i in range(k))
    return TeaserResult(
        cats=cats,
        last=tuple([each] * k),
        none=none[k],
        expected_rolls=mean[k],
        variance_rolls=second[k] - mean[k] ** 2,
    )


def teaser_last_cat_probabilities(k: int, faces: int = 6, dice: int = 2) -> dict[str, Fraction]:
    """``{colour: P(that cat is last)}`` for the first ``k`` cat colours, plus ``'none'``."""
    result = teaser_count_chain(k, faces, dice)
    return {**result.last_by_colour(), "none": result.none}


def teaser_none_probability(k: int, faces: int = 6, dice: int = 2) -> Fraction:
    """P(no cat is left in the room) with ``k`` cats: "until only one cat (or none) remains"."""
    return teaser_count_chain(k, faces, dice).none


def teaser_survival_probability(k: int, faces: int = 6, dice: int = 2) -> Fraction:
    """P(a given cat, e.g. *mine*, is the one left in the room), ``k`` cats."""
    if k == 0:
        raise AnalysisError("no cat in the room")
    return teaser_count_chain(k, faces, dice).last[0]


def teaser_expected_rolls(k: int, faces: int = 6, dice: int = 2) -> Fraction:
    """Expected number of rolls of a Cat Teaser with ``k`` cats (``0`` for ``k <= 1``)."""
    return teaser_count_chain(k, faces, dice).expected_rolls


def teaser_rolls_distribution(
    k: int, max_rolls: int = 10, faces: int = 6, dice: int = 2
) -> list[Fraction]:
    """``[P(T = 0), ..., P(T = max_rolls)]``, ``T`` = number of rolls, on the count chain.

    ``1 - sum(...)`` is the exact tail ``P(T > max_rolls)``.
    """
    k, faces, dice = count_args(k, faces, dice)
    max_rolls = whole(max_rolls, "max_rolls", 0, 10_000)
    rows = {j: teaser_transition_row(j, faces, dice) for j in range(2, k + 1)}
    alive = {k: Fraction(1)}
    law = []
    for _ in range(max_rolls + 1):
        law.append(sum((p for j, p in alive.items() if j <= 1), Fraction(0)))
        nxt: dict[int, Fraction] = {}
        for j, p in alive.items():
            if j <= 1:
                continue
            for m, q in enumerate(rows[j]):
                nxt[j - m] = nxt.get(j - m, Fraction(0)) + p * q
        alive = nxt
    return law


def teaser_pgf(k: int, faces: Any = 6, dice: Any = 2) -> sympy.Expr:
    """Probability generating function ``G_k(z) = E[z^T]`` of the number of rolls.

    ``G_0 = G_1 = 1`` and ``G_j(z) = z sum_{m>=1} P(j->j-m) G_{j-m}(z) / (1 - z P(j->j))``,
    a rational function of ``z`` (``faces``/``dice`` may be symbols).
    """
    g: list[sympy.Expr] = [sympy.Integer(1), sympy.Integer(1)]
    for j in range(2, k + 1):
        row = [sympy.sympify(as_sympy(p)) for p in teaser_transition_row(j, faces, dice)]
        num = z_sym * sum(row[m] * g[j - m] for m in range(1, j + 1))
        g.append(sympy.factor(sympy.cancel(num / (1 - z_sym * row[0]))))
    return g[k]


def teaser_rolls_pmf_closed_form(
    k: int, faces: int = 6, dice: int = 2
) -> tuple[sympy.Expr, dict[int, Fraction]]:
    """``P(T = t)`` in closed form: a sum of geometric terms ``c_j s_j^t``, ``t`` a symbol.

    The poles of :func:`teaser_pgf` are the inverses of the self-loop
    probabilities ``s_j = P(j -> j)`` (``((n-j)/n)^d``), so partial fractions
    give ``P(T = t) = sum_j c_j s_j^t``. Returns ``(expression in t, exceptions)``
    where ``exceptions`` maps the few small ``t`` at which the polynomial part
    of the partial fraction expansion adds to (or replaces) the expression.
    """
    t = t_sym
    g = teaser_pgf(k, faces, dice)
    expr = sympy.Integer(0)
    polynomial = sympy.Integer(0)
    for term in sympy.Add.make_args(sympy.apart(g, z_sym)):
        num, den = sympy.fraction(sympy.together(term))
        if not den.has(z_sym):
            polynomial += term
            continue
        den_poly = sympy.Poly(den, z_sym)
        if den_poly.degree() != 1 or sympy.Poly(num, z_sym).degree() != 0:
            raise AnalysisError(f"unexpected partial fraction term {term}")
        alpha, beta = den_poly.all_coeffs()
        # num / (alpha z + beta) = (num / beta) * sum_t (-alpha z / beta)^t
        expr += (num / beta) * (-alpha / beta) ** t
    exceptions: dict[int, Fraction] = {}
    poly = sympy.Poly(polynomial, z_sym)
    for (power,), coeff in sorted(poly.terms()):
        base = expr.subs(t, power)
        exceptions[power] = to_fraction(base + coeff)
    return expr, exceptions


def as_sympy(value: Number) -> sympy.Expr:
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    return value


# --------------------------------------------------------------------------- closed forms
@dataclass(frozen=True)
class TeaserClosedForm:
    """Closed forms for ``k`` cats as sympy rational functions of ``n`` (faces per die).

    With ``dice=None`` they are functions of ``n`` and ``d`` too.
    """

    k: int
    none: sympy.Expr
    each_last: sympy.Expr
    expected_rolls: sympy.Expr
    variance_rolls: sympy.Expr

    def at(self, faces: int) -> tuple[Fraction, Fraction, Fraction]:
        """``(none, each_last, expected_rolls)`` evaluated at ``n = faces`` as Fractions."""
        return tuple(
            to_fraction(e.subs(n_sym, faces))
            for e in (self.none, self.each_last, self.expected_rolls)
        )


def to_fraction(expr: sympy.Expr) -> Fraction:
    """A sympy rational number (after cancelling) as a :class:`fractions.Fraction`."""
    value = sympy.sympify(expr)
    if not value.is_Rational:
        value = sympy.cancel(value)
    if not value.is_Rational:
        raise AnalysisError(f"{expr} is not a rational number")
    return Fraction(int(value.p), int(value.q))


def teaser_closed_forms(max_cats: int = 6, dice: int | None = 2) -> dict[int, TeaserClosedForm]:
    """Closed forms in ``n`` for ``k = 2 .. max_cats`` cats (``dice=None``: symbolic ``d`` too).

    Obtained from the count chain with ``n`` (and ``d``) as sympy symbols; e.g.
    for two dice ``P(none | 2 cats) = 1/(2(n-1))`` and
    ``E[rolls | 2 cats] = n^2/(4(n-1))``.
    """
    d = d_sym if dice is None else dice
    none, mean, second = count_chain_matrices(max_cats, n_sym, d)
    forms = {}
    for k in range(2, max_cats + 1):
        forms[k] = TeaserClosedForm(
            k=k,
            none=none[k],
            each_last=tidy((1 - none[k]) / k),
            expected_rolls=mean[k],
            variance_rolls=tidy(second[k] - mean[k] ** 2),
        )
    return forms


def teaser_fundamental_matrix(
    k: int, faces: Any = n_sym, dice: Any = 2
) -> tuple[sympy.Matrix, sympy.Matrix, sympy.Matrix]:
    """``(Q, R, N)`` of the absorbing count chain with ``k`` cats.

    Transient states are ``k, k-1, ..., 2`` cats (in that order), absorbing
    states ``[one cat left, none left]``; ``Q`` is transient -> transient,
    ``R`` transient -> absorbing and ``N = (I - Q)^-1`` the fundamental
    matrix: ``N * 1`` are the expected rolls and ``N * R`` the absorption
    probabilities (first row: starting with ``k`` cats).
    """
    if k < 2:
        raise AnalysisError("with fewer than 2 cats there is no transient state")
    states = list(range(k, 1, -1))
    size = len(states)
    q = sympy.zeros(size, size)
    r = sympy.zeros(size, 2)
    for a, j in enumerate(states):
        for m, p in enumerate(teaser_transition_row(j, faces, dice)):
            p = as_sympy(p)
            target = j - m
            if target >= 2:
                q[a, states.index(target)] += p
            else:
                r[a, 1 - target] += p  # target 1 -> column 0, target 0 -> column 1
    fundamental = (sympy.eye(size) - q).inv()
    fundamental = fundamental.applyfunc(lambda e: sympy.factor(sympy.cancel(e)))
    return q, r, fundamental


guard_module(globals())  # raw errors from junk arguments become AnalysisError
