"""Classroom kit: an exercise bank with per-student variants, checks and grading.

Two modes (docs/classroom.md):

* **practice** (the game notebooks' :func:`practice`, ``--mode practice``): instant
  right/not-yet feedback with hints. The check rebuilds the exercise in the student's
  kernel, so a student who codes can read the answer; use it to learn, not to grade.
* **graded** (``make classroom``, the default there): the numbers are written into the
  notebook, which imports only :mod:`nekolib.classroom.graded` (feedback on the form of
  an answer, or a keyed right/wrong digest): nothing in it yields an answer.

Teachers use ``python -m nekolib classroom`` and ``python -m nekolib grade``. Nothing here
imports Jupyter, and importing it loads no game's exercises (the bank is read on first use).
"""

from nekolib.classroom.answers import NUMBER, SET, TEXT, read_answer
from nekolib.classroom.bank import all_exercises, exercise, exercises_for
from nekolib.classroom.check import Check, check_for, practice
from nekolib.classroom.exercise import TOPICS, Exercise, Variant, digest_of, variant_seed
from nekolib.classroom.feedback import Feedback
from nekolib.classroom.graded import recorded, verify

__all__ = [
    "NUMBER",
    "SET",
    "TEXT",
    "TOPICS",
    "Check",
    "Exercise",
    "Feedback",
    "Variant",
    "all_exercises",
    "check_for",
    "digest_of",
    "exercise",
    "exercises_for",
    "practice",
    "read_answer",
    "recorded",
    "variant_seed",
    "verify",
]
