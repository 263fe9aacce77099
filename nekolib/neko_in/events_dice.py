"""The dice of Neko-in's *Events* version and the Crunchies tile, exactly.

The dice are a parameter (:class:`DiceModel`), not something read from the rules engine.
Crunchies: "Roll the two dice. If your cat's colour comes up on at least one of them, move
your cat to the garden [...] Otherwise, take this tile": :func:`crunchies_success` is the
probability of the *trap*, ``1 - (1 - 1/n)^d`` for ``d`` dice of ``n`` faces. The Cat
Teaser built on these dice: :mod:`nekolib.neko_in.teaser_chain`; the whole story:
:mod:`nekolib.neko_in.events_analysis`.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from nekolib.argcheck import AnalysisError, guard_module, whole
from nekolib.core import describe

__all__ = [
    "CAT_COLOURS",
    "DEFAULT_DICE",
    "DiceModel",
    "crunchies_closed_form",
    "crunchies_keep_probability",
    "crunchies_success",
    "crunchies_success_formula",
]

CAT_COLOURS: tuple[str, ...] = ("black", "red", "yellow", "pink", "light blue", "white")
"""The six cat pawns, in rulebook order: "6 cat pawns, one per colour: black, red,
yellow, pink, light blue and white." The dice show these colours (assumption
``DiceModel.faces``; see ``docs/assumptions/neko_in_events.md``)."""

BLANK: None = None
"""A die face that shows no cat colour (only in variant dice models)."""

Face = str | None
Number = Fraction | sympy.Expr
"""An exact number: a Fraction, or a sympy expression when faces or dice are symbols."""

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
def dice_model(model: Any) -> DiceModel:
    if not isinstance(model, DiceModel):
        raise AnalysisError(f"model must be a DiceModel; got {describe(model)}")
    return model


def cat_list(cats: Any, model: DiceModel, name: str = "cats") -> tuple[str, ...]:
    """Cats named by colour: :data:`CAT_COLOURS` or a colour on the model's faces."""
    known = {*CAT_COLOURS, *(f for f, _ in dice_model(model).faces if f is not None)}
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


def count_args(k: Any, faces: Any, dice: Any) -> tuple[int, int, int]:
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
    (colour,) = cat_list([colour], model, "colour")
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


guard_module(globals())  # raw errors from junk arguments become AnalysisError
