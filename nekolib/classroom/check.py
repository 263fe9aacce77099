"""``check(answer)``: right or wrong, with the next hint, never the answer.

A student notebook holds one :class:`Check` per exercise, made from the exercise key,
the variant's seed and the salted digest of the answer: nothing in the notebook (or the
student's kernel) holds the answer itself.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from nekolib.classroom.answers import NOT_ANSWERED, canonical_answer, read_answer
from nekolib.classroom.bank import exercise
from nekolib.classroom.exercise import Variant, digest_of

__all__ = ["RIGHT", "WRONG", "Check", "Feedback", "check_for", "practice"]

RIGHT = "right"
WRONG = "wrong"
BLANK = "not answered"
UNREADABLE = "unreadable"


@dataclass(frozen=True)
class Feedback:
    """What ``check`` says; shows as a short coloured line in Jupyter, text elsewhere."""

    status: str
    message: str

    @property
    def right(self) -> bool:
        return self.status == RIGHT

    def __bool__(self) -> bool:
        return self.right

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        colour = {RIGHT: "#1b7837", WRONG: "#b2182b"}.get(self.status, "#555555")
        body = html.escape(self.message).replace("\n", "<br>")
        return f'<div class="nekolib-check" style="color:{colour}">{body}</div>'


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
        """Does an answer already read (exact) have the stored digest?"""
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
        if self._matches(value):
            return Feedback(RIGHT, f"{self.title}: right! ({self.points} point(s))")
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
