"""Classroom kit: an exercise bank with per-student variants, checks and grading.

Two modes (docs/classroom.md):

* **practice** (the game notebooks' :func:`practice`, ``--mode practice``): instant
  right/not-yet feedback with hints. The check rebuilds the exercise in the student's
  kernel, so a student who codes can read the answer; use it to learn, not to grade.
* **graded** (``make classroom``, the default there): the numbers are written into the
  notebook, which imports only :mod:`nekolib.classroom.graded` (feedback on the form of
  an answer, or a keyed right/wrong digest): nothing in it yields an answer.

Teachers use ``python -m nekolib classroom`` and ``python -m nekolib grade``. Nothing here
imports Jupyter. Names are imported lazily, so a graded notebook's ``import
nekolib.classroom.graded`` loads no exercise bank.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "NUMBER": "answers",
    "SET": "answers",
    "TEXT": "answers",
    "read_answer": "answers",
    "all_exercises": "bank",
    "exercise": "bank",
    "exercises_for": "bank",
    "Check": "check",
    "check_for": "check",
    "practice": "check",
    "Feedback": "feedback",
    "TOPICS": "exercise",
    "Exercise": "exercise",
    "Variant": "exercise",
    "digest_of": "exercise",
    "variant_seed": "exercise",
    "recorded": "graded",
    "verify": "graded",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'nekolib.classroom' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"nekolib.classroom.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
