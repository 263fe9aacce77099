"""What a **graded** student notebook runs: feedback that holds no answer.

A graded notebook (``make classroom``, the default mode) has its numbers written into
the prompts when the teacher builds it; it imports only this module, which knows no
exercise, no seed and no solver. The teacher chooses the feedback (``--feedback``):

* ``form`` (default): :func:`recorded` says whether the answer is a well-formed exact
  value and how it was read ("25/64, recorded"), never whether it is right;
* ``right-wrong``: :func:`verify` compares a slow keyed digest (PBKDF2, salt derived from
  the class secret) with the one stored for this student and exercise. A guess costs
  about a tenth of a second, so a fraction cannot be found by trying p/q; but an answer
  with few possible values (a count up to 20, a yes/no, a set of 3 moves) **can always be
  found by trying them all**, whatever the digest;
* ``none``: no check cells at all.

Grades never come from here: the grader reads the raw answer variables and compares
them with the teacher's key outside the student's kernel.
"""

from __future__ import annotations

import hashlib
from typing import Any

from nekolib.classroom.answers import (
    EXAMPLES,
    NOT_ANSWERED,
    FloatAnswer,
    canonical_answer,
    float_note,
    read_answer,
)
from nekolib.classroom.feedback import BLANK, RECORDED, RIGHT, UNREADABLE, WRONG, Feedback

__all__ = ["FEEDBACK_MODES", "ITERATIONS", "keyed_digest", "recorded", "verify"]

FEEDBACK_MODES = ("form", "right-wrong", "none")
ITERATIONS = 200_000
"""PBKDF2 rounds per right/wrong digest: about 0.1 s a guess on one core."""


def keyed_digest(salt: str, canonical: str, iterations: int = ITERATIONS) -> str:
    """The slow digest of a canonical answer under one item's salt (hex)."""
    raw = hashlib.pbkdf2_hmac("sha256", canonical.encode(), bytes.fromhex(salt), iterations)
    return raw.hex()[:32]


def _read(answer: Any, kind: str, name: str) -> tuple[Feedback | None, Any]:
    problem, value = read_answer(answer, kind)
    if problem == NOT_ANSWERED:
        return Feedback(BLANK, f"{name}: not answered yet. Put your answer in `{name}`."), None
    if problem is not None:
        return Feedback(UNREADABLE, f"{name}: {problem}. Expected {EXAMPLES[kind]}."), None
    return None, value


def recorded(answer: Any, kind: str = "number", name: str = "answer") -> Feedback:
    """Form feedback: is ``answer`` a well-formed answer of this kind, and how was it read?

    It says nothing about whether the answer is right (the teacher grades that).
    """
    problem, value = _read(answer, kind, name)
    if problem is not None:
        return problem
    if isinstance(value, FloatAnswer):
        return Feedback(RECORDED, f"{name}: recorded. Note: {float_note(value)}.")
    shown = canonical_answer(value, kind)
    what = {"number": "an exact number", "text": "a text", "set": "a list"}[kind]
    return Feedback(RECORDED, f"{name}: {what}, read as {shown!r}: recorded.")


def verify(answer: Any, kind: str, salt: str, digest: str, name: str = "answer") -> Feedback:
    """Right/wrong feedback against this student's keyed digest (no hints in graded mode)."""
    problem, value = _read(answer, kind, name)
    if problem is not None:
        return problem
    decimal = isinstance(value, FloatAnswer)
    if keyed_digest(salt, canonical_answer(value, kind)) == digest:
        note = f" Note: {float_note(value, right=True)}." if decimal else ""
        return Feedback(RIGHT, f"{name}: right!{note}")
    note = f" Note: {float_note(value)}." if decimal else ""
    return Feedback(WRONG, f"{name}: not right yet.{note}")
