"""The Cat Teaser without a chain: three independent checks of :mod:`.teaser_chain`.

:func:`teaser_inclusion_exclusion` uses each colour's first-appearance time and
inclusion-exclusion over sets of colours, which in the symmetric case gives formulas for any
number of cats (:func:`teaser_general_closed_forms`), e.g.
``E[rolls] = sum_{j=2}^{k} (-1)^j (j-1) C(k,j) / (1 - ((n-j)/n)^d)``;
:func:`enumerate_roll_sequences` enumerates every sequence of rolls up to a depth; and
:func:`monte_carlo_teaser` plays the teaser with a seeded random generator.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import sympy

from nekolib.argcheck import AnalysisError, guard_module, whole
from nekolib.core import make_rng
from nekolib.neko_in.events_dice import (
    CAT_COLOURS,
    DEFAULT_DICE,
    DiceModel,
    Face,
    cat_list,
    d_sym,
    k_sym,
    n_sym,
    t_sym,
)
from nekolib.neko_in.teaser_chain import TeaserResult, teaser_subset_chain, to_fraction

__all__ = [
    "BruteForceTeaser",
    "MonteCarloTeaser",
    "enumerate_roll_sequences",
    "evaluate_general_closed_form",
    "monte_carlo_teaser",
    "simulate_teaser",
    "teaser_general_closed_forms",
    "teaser_inclusion_exclusion",
]


# --------------------------------------------------------------------------- inclusion-exclusion
def teaser_inclusion_exclusion(
    cats: Sequence[str] = CAT_COLOURS, model: DiceModel = DEFAULT_DICE
) -> TeaserResult:
    """The Cat Teaser solved *without* a Markov chain, by inclusion-exclusion over colours.

    Let ``tau_c`` be the roll at which colour ``c`` first shows (its cat then
    "go[es] to the garden"). For a set ``J`` of colours, no die of the first
    ``t`` rolls shows ``J`` with probability ``q_J^t``, ``q_J = (1 - p_J)^d``.
    The teaser stops when at most one cat is left, so (cats of distinct colours):

    * ``P(T > t) = sum_{|J| >= 2} (-1)^|J| (|J| - 1) q_J^t`` (at least two cats left),
      hence ``E[T] = sum (-1)^|J| (|J|-1) / (1 - q_J)`` and
      ``E[T^2] = sum (-1)^|J| (|J|-1) (1 + q_J) / (1 - q_J)^2``;
    * cat ``i`` is last iff ``tau_i > max_{j != i} tau_j``:
      ``P(i last) = sum_{B != {} , i not in B} (-1)^|B| (q_{B+i} - q_i) / (1 - q_{B+i})``;
    * no cat is left when the last cats leave on the same roll: ``1 - sum_i P(i last)``.
    """
    cats = cat_list(cats, model)
    k = len(cats)
    if len(set(cats)) != k:
        raise AnalysisError("inclusion-exclusion needs cats of distinct colours")
    if k <= 1:
        return TeaserResult(cats, (Fraction(1),) * k, Fraction(1 - k), Fraction(0), Fraction(0))
    p = [model.probability(c) for c in cats]

    def q(indices: Sequence[int]) -> Fraction:
        miss = 1 - sum((p[i] for i in indices), Fraction(0))
        if miss == 1:
            raise AnalysisError(f"the cats {[cats[i] for i in indices]} can never leave the room")
        return miss**model.dice

    mean = second = Fraction(0)
    for size in range(2, k + 1):
        for subset in itertools.combinations(range(k), size):
            qj = q(subset)
            sign = (-1) ** size * (size - 1)
            mean += sign / (1 - qj)
            second += sign * (1 + qj) / (1 - qj) ** 2
    last = []
    for i in range(k):
        others = [j for j in range(k) if j != i]
        qi = (1 - p[i]) ** model.dice
        total = Fraction(0)
        for size in range(1, k):
            for subset in itertools.combinations(others, size):
                qb = q((i, *subset))
                total += (-1) ** size * (qb - qi) / (1 - qb)
        last.append(total)
    return TeaserResult(cats, tuple(last), 1 - sum(last, Fraction(0)), mean, second - mean**2)


def teaser_general_closed_forms() -> dict[str, sympy.Expr]:
    """Closed forms for *any* ``k`` cats, ``n`` fair faces and ``d`` dice (sympy ``Sum``).

    The symmetric case of :func:`teaser_inclusion_exclusion`, with
    ``s_m = ((n - m)/n)^d`` the chance that a roll misses ``m`` given colours:

    * ``each_last = sum_{b=1}^{k-1} (-1)^b C(k-1, b) (s_{b+1} - s_1) / (1 - s_{b+1})``
    * ``none = 1 - k * each_last``
    * ``expected_rolls = sum_{j=2}^{k} (-1)^j (j-1) C(k, j) / (1 - s_j)``
    * ``second_moment = sum_{j=2}^{k} (-1)^j (j-1) C(k, j) (1 + s_j) / (1 - s_j)^2``
    * ``tail = P(T > t) = sum_{j=2}^{k} (-1)^j (j-1) C(k, j) s_j^t``

    Valid for ``k >= 2`` (``.subs({k_sym: 4, n_sym: 6, d_sym: 2}).doit()``).
    """
    b, j = sympy.symbols("b j", integer=True, positive=True)

    def s(m: sympy.Expr) -> sympy.Expr:
        return ((n_sym - m) / n_sym) ** d_sym

    k = k_sym
    each = sympy.Sum(
        (-1) ** b * sympy.binomial(k - 1, b) * (s(b + 1) - s(1)) / (1 - s(b + 1)), (b, 1, k - 1)
    )
    weight = (-1) ** j * (j - 1) * sympy.binomial(k, j)
    return {
        "each_last": each,
        "none": 1 - k * each,
        "expected_rolls": sympy.Sum(weight / (1 - s(j)), (j, 2, k)),
        "second_moment": sympy.Sum(weight * (1 + s(j)) / (1 - s(j)) ** 2, (j, 2, k)),
        "tail": sympy.Sum(weight * s(j) ** t_sym, (j, 2, k)),
    }


def evaluate_general_closed_form(
    name: str, k: int, faces: int = 6, dice: int = 2, rolls: int | None = None
) -> Fraction:
    """One of :func:`teaser_general_closed_forms` at given ``k``, ``n``, ``d`` (and ``t``)."""
    expr = teaser_general_closed_forms()[name]
    values = {k_sym: k, n_sym: faces, d_sym: dice}
    if rolls is not None:
        values[t_sym] = rolls
    return to_fraction(expr.subs(values).doit())


# --------------------------------------------------------------------------- brute force
@dataclass(frozen=True)
class BruteForceTeaser:
    """Exact results of enumerating every sequence of at most ``depth`` rolls.

    ``last[i][t]`` / ``none[t]``: P(the teaser ends after exactly ``t`` rolls
    with that outcome); ``tail``: P(not finished after ``depth`` rolls), so
    each true probability lies in ``[sum over t, sum over t + tail]``.
    ``sequences`` counts the roll sequences visited.
    """

    cats: tuple[str, ...]
    depth: int
    last: tuple[tuple[Fraction, ...], ...]
    none: tuple[Fraction, ...]
    tail: Fraction
    sequences: int

    def ends_at(self) -> list[Fraction]:
        """``[P(T = t) for t = 0 .. depth]``."""
        return [
            self.none[t] + sum((row[t] for row in self.last), Fraction(0))
            for t in range(self.depth + 1)
        ]


def enumerate_roll_sequences(
    cats: Sequence[str] = CAT_COLOURS, model: DiceModel = DEFAULT_DICE, depth: int = 3
) -> BruteForceTeaser:
    """Play the Cat Teaser along every ordered roll sequence up to ``depth`` rolls.

    No chain, no solving: each ordered roll of every die is applied literally
    ("the cats of the colours shown go to the garden") and the path stops as
    soon as at most one cat remains.
    """
    cats = cat_list(cats, model)
    depth = whole(depth, "depth", 0, 6)
    k = len(cats)
    rolls = model.roll_outcomes()
    last = [[Fraction(0)] * (depth + 1) for _ in range(k)]
    none = [Fraction(0)] * (depth + 1)
    tail = Fraction(0)
    visited = 0

    def walk(room: tuple[int, ...], prob: Fraction, t: int) -> None:
        nonlocal tail, visited
        visited += 1
        if len(room) == 1:
            last[room[0]][t] += prob
            return
        if not room:
            none[t] += prob
            return
        if t == depth:
            tail += prob
            return
        for roll, p in rolls:
            walk(tuple(i for i in room if cats[i] not in roll), prob * p, t + 1)

    walk(tuple(range(k)), Fraction(1), 0)
    return BruteForceTeaser(cats, depth, tuple(map(tuple, last)), tuple(none), tail, visited)


# --------------------------------------------------------------------------- Monte Carlo
def simulate_teaser(
    cats: Sequence[str],
    roll: Callable[[random.Random], tuple[Face, ...]],
    rng: random.Random,
    max_rolls: int = 100_000,
) -> tuple[int | None, int]:
    """Play one Cat Teaser with real random rolls: ``(index of the cat left or None, rolls)``.

    ``roll`` is a sampler such as :meth:`DiceModel.sampler`.
    """
    room = list(range(len(cats)))
    rolls = 0
    while len(room) > 1:
        if rolls >= max_rolls:
            raise AnalysisError(f"the Cat Teaser did not end in {max_rolls} rolls")
        shown = roll(rng)
        rolls += 1
        room = [i for i in room if cats[i] not in shown]
    return (room[0] if room else None), rolls


@dataclass(frozen=True)
class MonteCarloTeaser:
    """Counts of a seeded Monte Carlo run of the Cat Teaser."""

    cats: tuple[str, ...]
    trials: int
    last_counts: tuple[int, ...]
    none_count: int
    rolls_sum: int
    rolls_sq_sum: int
    rolls_counts: dict[int, int] = field(default_factory=dict)

    @property
    def mean_rolls(self) -> float:
        return self.rolls_sum / self.trials

    def frequency(self, index: int | None) -> float:
        """Observed frequency of cat ``index`` being last (``None``: no cat left)."""
        count = self.none_count if index is None else self.last_counts[index]
        return count / self.trials


def monte_carlo_teaser(
    cats: Sequence[str] = CAT_COLOURS,
    model: DiceModel = DEFAULT_DICE,
    trials: int = 10_000,
    seed: int | str = 0,
) -> MonteCarloTeaser:
    """Run ``trials`` seeded Cat Teasers (reproducible: same seed, same counts)."""
    cats = cat_list(cats, model)
    trials = whole(trials, "trials", 1, 10**7)
    teaser_subset_chain(cats, model)  # refuses cats that could never leave
    rng = make_rng(f"neko_in-teaser/{seed}")
    roll = model.sampler()
    last = [0] * len(cats)
    none = total = squares = 0
    hist: dict[int, int] = {}
    for _ in range(trials):
        who, rolls = simulate_teaser(cats, roll, rng)
        if who is None:
            none += 1
        else:
            last[who] += 1
        total += rolls
        squares += rolls * rolls
        hist[rolls] = hist.get(rolls, 0) + 1
    return MonteCarloTeaser(
        cats, trials, tuple(last), none, total, squares, dict(sorted(hist.items()))
    )


guard_module(globals())  # raw errors from junk arguments become AnalysisError
