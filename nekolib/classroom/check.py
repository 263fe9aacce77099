"""``check(answer)`` in **practice** mode: right or wrong, with the next hint.

A practice notebook (the game notebooks' ``practice(key)``, ``make classroom --mode
practice``) holds one :class:`Check` per exercise, made from the exercise key, the
variant's seed and a salted digest of the answer. The check rebuilds the variant in the
student's kernel to give hints, so **a student who codes can read the answer** (for
example ``check_1._variant.answer``): practice is for learning, not for grades. Graded
notebooks use :mod:`nekolib.classroom.graded` instead, which holds nothing that yields
an answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nekolib.classroom.answers import (
    NOT_ANSWERED,
    FloatAnswer,
    canonical_answer,
    float_note,
    read_answer,
)
from nekolib.classroom.bank import exercise
from nekolib.classroom.exercise import Variant, digest_of
from nekolib.classroom.feedback import BLANK, RIGHT, UNREADABLE, WRONG, Feedback

__all__ = ["RIGHT", "WRONG", "Check", "Feedback", "check_for", "practice"]


@dataclass
class Check:
    """Checks one variant's answer against its digest; counts tries to give the next hint."""

    key: str
    seed: int
    digest: str
    name: str = "answer"
    tries: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        self._variant: Variant = exercise(self.key).variant(self.seed)

    @property
    def title(self) -> str:
        return self._variant.exercise.title

    @property
    def prompt(self) -> str:
        return self._variant.prompt

    @property
    def points(self) -> int:
        return self._variant.exercise.points

    def passed(self, answer: Any) -> bool:
        """True when ``answer`` is right (no hint, no counting: for graders and tests)."""
        problem, value = read_answer(answer, self._variant.exercise.kind)
        return problem is None and self._matches(value)

    def _matches(self, value: Any) -> bool:
        """Does an answer already read have the stored digest? A decimal is compared as
        its simplest fraction (the grader's rule: exactly the float of the answer)."""
        canonical = canonical_answer(value, self._variant.exercise.kind)
        return digest_of(self.key, self.seed, canonical) == self.digest

    def __call__(self, answer: Any) -> Feedback:
        problem, value = read_answer(answer, self._variant.exercise.kind)
        if problem == NOT_ANSWERED:
            return Feedback(
                BLANK, f"{self.title}: not answered yet. Put your answer in `{self.name}`."
            )
        if problem is not None:
            return Feedback(UNREADABLE, f"{self.title}: {problem}.")
        decimal = isinstance(value, FloatAnswer)
        if self._matches(value):
            note = f" Note: {float_note(value, right=True)}." if decimal else ""
            return Feedback(RIGHT, f"{self.title}: right! ({self.points} point(s)){note}")
        if decimal and value.suggestion != value.exact:  # type: ignore[union-attr]
            # The maths may well be right: say what the decimal is before any maths hint.
            return Feedback(WRONG, f"{self.title}: not right yet. {float_note(value)}.")
        self.tries += 1
        hints = self._variant.hints
        number = min(self.tries, len(hints))
        hint = f"Hint {number} of {len(hints)}: {hints[number - 1]}"
        return Feedback(WRONG, f"{self.title}: not right yet. {hint}")

    def picture(self) -> Any:
        """The position the exercise is about, drawn as the student sees it, if any."""
        return self._variant.picture()


def check_for(variant: Variant, name: str = "answer") -> Check:
    """The :class:`Check` a student notebook holds for ``variant`` (digest, not answer)."""
    return Check(variant.key, variant.seed, variant.digest, name)


def practice(key: str, name: str = "answer") -> Check:
    """A check for the exercise's notebook variant (the game notebooks use these)."""
    return check_for(exercise(key).demo_variant(), name)
