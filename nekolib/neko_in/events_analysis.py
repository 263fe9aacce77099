"""Exact maths of the Neko-in *Events* version: Crunchies and the Cat Teaser.

Everything here is exact (:class:`fractions.Fraction` or sympy) and depends
only on the standard library, sympy and :mod:`nekolib.core`: the dice are a
parameter (:class:`DiceModel`), not something read from the rules engine.

Rulebook passages implemented (seed 000, "Event Tiles"):

* **Crunchies** - "Roll the two dice. If your cat's colour comes up on at
  least one of them, move your cat to the garden [...] Otherwise, take this
  tile": :func:`crunchies_success` is the probability of the *trap* (the cat
  is sent to the garden), ``1 - (1 - 1/n)^d`` for ``d`` dice of ``n`` faces.
* **Cat Teaser** - "All the cats gather in the room where the cat teaser was
  turned over. Then start rolling the dice: the cats of the colours shown go
  to the garden. Keep rolling until only one cat (or none) remains in the
  room; some rolls may have no effect." This is an absorbing Markov chain.
  It is solved three ways, independently:

  - :func:`teaser_subset_chain`: states are the *sets of cats* still in the
    room, transitions come from enumerating every face of every die (any
    face distribution, blank faces, cats sharing a colour);
  - :func:`teaser_count_chain`: by symmetry (equally likely faces, distinct
    colours) only the *number* ``j`` of cats matters; the transition
    ``j -> j - m`` has the inclusion-exclusion closed form of
    :func:`teaser_transition`, which also accepts sympy symbols ``n`` and
    ``d``, giving closed forms (:func:`teaser_closed_forms`) and the
    fundamental matrix ``N = (I - Q)^-1`` (:func:`teaser_fundamental_matrix`);
  - :func:`teaser_inclusion_exclusion`: no chain at all; each colour's
    first-appearance time and inclusion-exclusion over sets of colours, which
    in the symmetric case gives formulas for *any* ``k``
    (:func:`teaser_general_closed_forms`), e.g.
    ``E[rolls] = sum_{j=2}^{k} (-1)^j (j-1) C(k,j) / (1 - ((n-j)/n)^d)``.

  All are checked against brute-force enumeration of roll sequences
  (:func:`enumerate_roll_sequences`) and a seeded Monte Carlo
  (:func:`monte_carlo_teaser`) in ``tests/test_neko_in_events_analysis.py``.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

import sympy

from nekolib.argcheck import AnalysisError, guard_module, whole
from nekolib.core import describe, make_rng

__all__ = [
    "CAT_COLOURS",
    "DEFAULT_DICE",
    "BruteForceTeaser",
    "DiceModel",
    "MonteCarloTeaser",
    "TeaserClosedForm",
    "TeaserResult",
    "TeaserRow",
    "crunchies_closed_form",
    "crunchies_keep_probability",
    "crunchies_success",
    "crunchies_success_formula",
    "enumerate_roll_sequences",
    "evaluate_general_closed_form",
    "monte_carlo_teaser",
    "simulate_teaser",
    "teaser_closed_forms",
    "teaser_count_chain",
    "teaser_expected_rolls",
    "teaser_fundamental_matrix",
    "teaser_general_closed_forms",
    "teaser_inclusion_exclusion",
    "teaser_last_cat_probabilities",
    "teaser_none_probability",
    "teaser_pgf",
    "teaser_roll_outcomes",
    "teaser_rolls_distribution",
    "teaser_rolls_pmf_closed_form",
    "teaser_rolls_table_text",
    "teaser_subset_chain",
    "teaser_subset_rolls_distribution",
    "teaser_survival_probability",
    "teaser_table",
    "teaser_table_text",
    "teaser_transition",
    "teaser_transition_row",
    "to_fraction",
]

CAT_COLOURS: tuple[str, ...] = ("black", "red", "yellow", "pink", "light blue", "white")
"""The six cat pawns, in rulebook order: "6 cat pawns, one per colour: black, red,
yellow, pink, light blue and white." The dice show these colours (assumption
``DiceModel.faces``; see ``docs/assumptions/neko_in_events.md``)."""

BLANK: None = None
"""A die face that shows no cat colour (only in variant dice models)."""

Face = str | None
Number = Fraction | sympy.Expr

n_sym, d_sym, z_sym = sympy.symbols("n d z", positive=True)
"""Symbols of the closed forms: ``n`` faces per die, ``d`` dice, ``z`` the PGF variable."""
t_sym = sympy.Symbol("t", integer=True, nonnegative=True)
"""The number of rolls in :func:`teaser_rolls_pmf_closed_form`."""
k_sym = sympy.Symbol("k", integer=True, positive=True)
"""The number of cats gathered, in :func:`teaser_general_closed_forms`."""


# --------------------------------------------------------------------------- dice
@dataclass(frozen=True)
class DiceModel:
    """The dice of an event roll: ``dice`` independent dice with the same face law.

    Rulebook: "Components - 2 dice." and, for brawls, "If the colour of the
    active player's cat comes up": the faces are cat colours. The seed does
    not list the faces; the default is one face per cat colour, all equally
    likely (``DiceModel.uniform()``). ``faces`` pairs each face (a colour, or
    ``None`` for a blank face) with its exact probability; a colour may appear
    on several faces (it is then merged).
    """

    faces: tuple[tuple[Face, Fraction], ...] = tuple((c, Fraction(1, 6)) for c in CAT_COLOURS)
    dice: int = 2

    def __post_init__(self) -> None:
        whole(self.dice, "DiceModel.dice (the number of dice)", 0, 8)
        if not isinstance(self.faces, tuple) or not all(
            isinstance(f, tuple)
            and len(f) == 2
            and (f[0] is None or isinstance(f[0], str))
            and isinstance(f[1], Fraction | int)
            and not isinstance(f[1], bool)
            for f in self.faces
        ):
            raise AnalysisError(
                "DiceModel.faces must be a tuple of (colour name or None, Fraction) pairs; "
                f"got {describe(self.faces)}"
            )
        if any(p < 0 for _, p in self.faces):
            raise AnalysisError("face probabilities must be >= 0")
        total = sum((p for _, p in self.faces), Fraction(0))
        if total != 1:
            raise AnalysisError(f"face probabilities sum to {total}, not 1")

    @classmethod
    def uniform(
        cls, colours: Sequence[str] = CAT_COLOURS, dice: int = 2, blanks: int = 0
    ) -> DiceModel:
        """``dice`` fair dice with one face per colour plus ``blanks`` blank faces."""
        labels: list[Face] = [*colours, *([BLANK] * blanks)]
        if not labels:
            raise AnalysisError("a die needs at least one face")
        p = Fraction(1, len(labels))
        return cls(tuple((label, p) for label in labels), dice)

    @classmethod
    def from_face_list(cls, faces: Sequence[str | int | None], dice: int = 2) -> DiceModel:
        """Fair dice whose faces are listed one by one (a colour may repeat).

        Ints are indices into :data:`CAT_COLOURS` and ``-1``/``None`` is a blank
        face, so the rules engine's ``Params.die_faces`` (e.g. ``(0, 1, 2, 3, 4, 5)``)
        can be passed as is.
        """
        if not faces:
            raise AnalysisError("a die needs at least one face")
        labels: list[Face] = [
            None if f is None or f == -1 else CAT_COLOURS[f] if isinstance(f, int) else f
            for f in faces
        ]
        counts: dict[Face, int] = {}
        for label in labels:
            counts[label] = counts.get(label, 0) + 1
        return cls.from_weights(counts, dice)

    @classmethod
    def from_weights(cls, weights: Mapping[Face, int | Fraction], dice: int = 2) -> DiceModel:
        """Dice whose face ``f`` has probability ``weights[f] / sum(weights)`` (loaded dice)."""
        total = sum(Fraction(w) for w in weights.values())
        return cls(tuple((f, Fraction(w) / total) for f, w in weights.items()), dice)

    @property
    def num_faces(self) -> int:
        return len(self.faces)

    def probability(self, colour: Face) -> Fraction:
        """Probability that one die shows ``colour``."""
        return sum((p for f, p in self.faces if f == colour), Fraction(0))

    def roll_outcomes(self) -> list[tuple[tuple[Face, ...], Fraction]]:
        """Every ordered roll (one face per die) with its exact probability.

        Faces with probability 0 are left out. With two six-colour dice this is
        the 36 equally likely ordered pairs.
        """
        faces = [(f, p) for f, p in self.faces if p > 0]
        outcomes = []
        for combo in itertools.product(faces, repeat=self.dice):
            prob = math.prod((p for _, p in combo), start=Fraction(1))
            outcomes.append((tuple(f for f, _ in combo), prob))
        return outcomes

    def shown_sets(self) -> dict[frozenset[str], Fraction]:
        """Law of the *set of colours shown* by one roll (blank faces show nothing)."""
        law: dict[frozenset[str], Fraction] = {}
        for roll, prob in self.roll_outcomes():
            shown = frozenset(f for f in roll if f is not None)
            law[shown] = law.get(shown, Fraction(0)) + prob
        return law

    def is_symmetric_for(self, colours: Sequence[str]) -> bool:
        """True when all ``colours`` are distinct and equally likely on a die.

        That is the symmetry that lets :func:`teaser_count_chain` track only
        the number of cats.
        """
        return (
            len(set(colours)) == len(colours) and len({self.probability(c) for c in colours}) <= 1
        )

    def sampler(self) -> Callable[[random.Random], tuple[Face, ...]]:
        """A fast exact sampler of one roll: integer tickets over the common denominator."""
        faces = [(f, p) for f, p in self.faces if p > 0]
        denominator = math.lcm(*(p.denominator for _, p in faces))
        cumulative = list(
            itertools.accumulate(p.numerator * (denominator // p.denominator) for _, p in faces)
        )
        labels = [f for f, _ in faces]
        dice = self.dice

        def roll(rng: random.Random) -> tuple[Face, ...]:
            return tuple(
                labels[bisect.bisect_right(cumulative, rng.randrange(denominator))]
                for _ in range(dice)
            )

        return roll


DEFAULT_DICE = DiceModel()
"""Two dice, each with the six cat colours equally likely (the rulebook's dice)."""


# --------------------------------------------------------------------------- Crunchies
def _model(model: Any) -> DiceModel:
    if not isinstance(model, DiceModel):
        raise AnalysisError(f"model must be a DiceModel; got {describe(model)}")
    return model


def _cats(cats: Any, model: DiceModel, name: str = "cats") -> tuple[str, ...]:
    """Cats named by colour: :data:`CAT_COLOURS` or a colour on the model's faces."""
    known = {*CAT_COLOURS, *(f for f, _ in _model(model).faces if f is not None)}
    if isinstance(cats, str | bytes) or not isinstance(cats, Sequence):
        raise AnalysisError(
            f"{name} must be a list of cat colours ({', '.join(CAT_COLOURS)}); got {describe(cats)}"
        )
    bad = [c for c in cats if not isinstance(c, str) or c not in known]
    if bad:
        raise AnalysisError(
            f"{name} must be cat colours ({', '.join(sorted(known))}); got {describe(bad[0])}"
        )
    return tuple(cats)


def _count_args(k: Any, faces: Any, dice: Any) -> tuple[int, int, int]:
    """``k`` cats of distinct colours on ``dice`` dice of ``faces`` faces, checked."""
    faces = whole(faces, "faces", 1, 1000)
    k = whole(k, f"k (the number of cats, at most faces = {faces})", 0, faces)
    dice = whole(dice, "dice", 1 if k >= 2 else 0, 8)
    return k, faces, dice


def crunchies_success(colour: str = CAT_COLOURS[0], model: DiceModel = DEFAULT_DICE) -> Fraction:
    """P(the Crunchies trap springs): ``colour`` shows on at least one die, by enumeration.

    Rulebook: "Roll the two dice. If your cat's colour comes up on at least one
    of them, move your cat to the garden and put this tile back in the box."
    Every ordered roll of :meth:`DiceModel.roll_outcomes` is counted, so this
    does not use the closed form. Two six-colour dice: ``11/36``.
    """
    (colour,) = _cats([colour], model, "colour")
    return sum((p for roll, p in model.roll_outcomes() if colour in roll), Fraction(0))


def crunchies_keep_probability(
    colour: str = CAT_COLOURS[0], model: DiceModel = DEFAULT_DICE
) -> Fraction:
    """P(the player keeps the Crunchies tile): "Otherwise, take this tile" (``25/36``)."""
    return 1 - crunchies_success(colour, model)


def crunchies_success_formula(faces: int = 6, dice: int = 2) -> Fraction:
    """The closed form ``1 - (1 - 1/n)^d`` for ``d`` fair dice of ``n`` faces, one per colour."""
    if faces < 1 or dice < 0:
        raise AnalysisError("need at least one face and a non-negative number of dice")
    return 1 - (1 - Fraction(1, faces)) ** dice


def crunchies_closed_form() -> sympy.Expr:
    """``1 - (1 - 1/n)**d`` as a sympy expression in the symbols ``n`` (faces) and ``d`` (dice)."""
    return 1 - (1 - 1 / n_sym) ** d_sym


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
    present = frozenset(_cats(cats, model))
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
    cats = _cats(cats, model)
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
    cats = _cats(cats, model)
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
def _as_number(value: Any) -> Number:
    """Ints become Fractions (exact rationals); sympy objects stay symbolic."""
    if isinstance(value, sympy.Basic):
        return value
    return Fraction(value)


def _tidy(value: Number) -> Number:
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
        return _as_number(0)
    if isinstance(faces, int) and j > faces:
        raise AnalysisError(f"{j} cats of distinct colours need at least {j} faces, not {faces}")
    n = _as_number(faces)
    total = sum(
        ((-1) ** i * math.comb(m, i) * (n - j + m - i) ** dice for i in range(m + 1)),
        _as_number(0),
    )
    return _tidy(math.comb(j, m) * total / n**dice)


def teaser_transition_row(j: int, faces: Any = 6, dice: Any = 2) -> list[Number]:
    """``[P(j -> j), P(j -> j-1), ..., P(j -> 0)]`` (see :func:`teaser_transition`)."""
    return [teaser_transition(j, m, faces, dice) for m in range(j + 1)]


def _count_chain(k: int, faces: Any, dice: Any) -> tuple[list[Number], list[Number], list[Number]]:
    """(P(none | j), E[T | j], E[T^2 | j]) for ``j = 0 .. k`` by first-step analysis."""
    zero, one = _as_number(0), _as_number(1)
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
        none.append(_tidy(p_none))
        mean.append(_tidy(e))
        second.append(_tidy(e2))
    return none, mean, second


def teaser_count_chain(k: int, faces: int = 6, dice: int = 2) -> TeaserResult:
    """Solve the Cat Teaser for ``k`` cats of distinct colours on the *count* chain.

    By symmetry every cat is equally likely to be the last one, so
    ``P(cat i last) = (1 - P(none)) / k``. The cats are the first ``k``
    colours of :data:`CAT_COLOURS` (any ``k`` distinct colours give the same).
    """
    k, faces, dice = _count_args(k, faces, dice)
    none, mean, second = _count_chain(k, faces, dice)
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
    k, faces, dice = _count_args(k, faces, dice)
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
        row = [sympy.sympify(_to_sympy(p)) for p in teaser_transition_row(j, faces, dice)]
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


def _to_sympy(value: Number) -> sympy.Expr:
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
    none, mean, second = _count_chain(max_cats, n_sym, d)
    forms = {}
    for k in range(2, max_cats + 1):
        forms[k] = TeaserClosedForm(
            k=k,
            none=none[k],
            each_last=_tidy((1 - none[k]) / k),
            expected_rolls=mean[k],
            variance_rolls=_tidy(second[k] - mean[k] ** 2),
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
            p = _to_sympy(p)
            target = j - m
            if target >= 2:
                q[a, states.index(target)] += p
            else:
                r[a, 1 - target] += p  # target 1 -> column 0, target 0 -> column 1
    fundamental = (sympy.eye(size) - q).inv()
    fundamental = fundamental.applyfunc(lambda e: sympy.factor(sympy.cancel(e)))
    return q, r, fundamental


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
    cats = _cats(cats, model)
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


# --------------------------------------------------------------------------- tables
def teaser_table(
    max_cats: int = 6, min_cats: int = 2, faces: int = 6, dice: int = 2
) -> list[TeaserRow]:
    """One :class:`TeaserRow` per number of cats ``k = min_cats .. max_cats`` (distinct colours)."""
    rows = []
    for k in range(min_cats, max_cats + 1):
        result = teaser_count_chain(k, faces, dice)
        each = result.last[0] if k else Fraction(0)
        rows.append(TeaserRow(k, each, result.none, result.expected_rolls, result.variance_rolls))
    return rows


def teaser_table_text(max_cats: int = 6, min_cats: int = 2, faces: int = 6, dice: int = 2) -> str:
    """The Cat Teaser table as deterministic plain text (exact fraction and 4 decimals)."""
    header = ("cats", "P(a given cat is last)", "P(none left)", "E[rolls]", "SD[rolls]")
    lines = []
    for row in teaser_table(max_cats, min_cats, faces, dice):
        lines.append(
            (
                str(row.k),
                _fmt(row.each_last),
                _fmt(row.none),
                _fmt(row.expected_rolls),
                f"{math.sqrt(row.variance_rolls):.4f}",
            )
        )
    widths = [max(len(r[i]) for r in [header, *lines]) for i in range(len(header))]
    out = [" | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))]
    out.append("-+-".join("-" * w for w in widths))
    out += [" | ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in lines]
    return "\n".join(out)


def teaser_rolls_table_text(
    max_rolls: int = 8, max_cats: int = 6, min_cats: int = 2, faces: int = 6, dice: int = 2
) -> str:
    """P(the Cat Teaser takes exactly t rolls), t = 1..max_rolls, as deterministic text.

    One row per number of cats, 4 decimals; the last column is the exact tail
    ``P(T > max_rolls)``.
    """
    header = ["cats", *(f"T={t}" for t in range(1, max_rolls + 1)), f"T>{max_rolls}"]
    rows = []
    for k in range(min_cats, max_cats + 1):
        law = teaser_rolls_distribution(k, max_rolls, faces, dice)
        tail = 1 - sum(law, Fraction(0))
        rows.append([str(k), *(f"{float(p):.4f}" for p in law[1:]), f"{float(tail):.4f}"])
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    out = [" ".join(h.rjust(w) for h, w in zip(header, widths, strict=True))]
    out += [" ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(out)


def _fmt(x: Fraction) -> str:
    return f"{x} ≈ {float(x):.4f}"


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
    cats = _cats(cats, model)
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
    cats = _cats(cats, model)
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
