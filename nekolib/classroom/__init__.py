"""Classroom kit: an exercise bank with per-student variants, ``check`` and grading.

Students use :func:`practice` (game notebooks) or the :class:`Check` objects in their
handed-out notebook; teachers use ``python -m nekolib classroom`` and ``grade``.
Nothing here imports Jupyter.
"""

from nekolib.classroom.answers import NUMBER, SET, TEXT, read_answer
from nekolib.classroom.bank import all_exercises, exercise, exercises_for
from nekolib.classroom.check import Check, Feedback, check_for, practice
from nekolib.classroom.exercise import TOPICS, Exercise, Variant, digest_of, variant_seed

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
    "variant_seed",
]
