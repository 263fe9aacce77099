"""The **graded** student notebook: numbers written in, nothing that yields an answer.

The builder (the teacher's machine, with the class secret) draws each student's variant,
writes its prompt and picture into the notebook as text and image, and adds an empty
answer cell and, depending on the teacher's ``feedback`` choice, a check cell that
imports only :mod:`nekolib.classroom.graded`. No seed, no exercise key, no ``Check``:
the student's kernel never builds the exercise, so nothing in it holds the answer or a
solver for it. The metadata says which student and game the notebook is for; the
grader takes everything else from the teacher's answer key.
"""

from __future__ import annotations

from nbformat.notebooknode import NotebookNode

from nekolib.classroom.answers import canonical_answer
from nekolib.classroom.bank import exercises_for
from nekolib.classroom.cells import (
    BLANK_ANSWER,
    answer_name,
    code,
    game_notes,
    game_title,
    markdown,
    notebook,
    picture_markdown,
    prompt_markdown,
)
from nekolib.classroom.exercise import Variant
from nekolib.classroom.graded import FEEDBACK_MODES, keyed_digest
from nekolib.classroom.roster import Student
from nekolib.classroom.secret import class_seed, item_salt
from nekolib.core import NekoError

__all__ = ["FEEDBACK_TEXT", "graded_notebook", "graded_variants"]

FEEDBACK_TEXT = {
    "form": (
        "The check cell under each answer says whether your answer is **well formed** (an"
        " exact number, a text, a list) and how it was read; it does **not** say whether it"
        " is right. Your teacher grades the answers after you hand in."
    ),
    "right-wrong": (
        "The check cell under each answer says **right** or **not right yet** (no hints)."
        " Each check takes a moment on purpose."
    ),
    "none": "There are no check cells: your teacher grades the answers after you hand in.",
}


def _how_to(game: str, feedback: str, shared: bool) -> str:
    numbers = (
        "**These numbers are the whole class's**: everyone in the class has the same ones."
        if shared
        else "**These numbers are yours**: a classmate's notebook has different ones."
    )
    return (
        "**How to work.** Each exercise *k* has an answer cell `answer_k = None  # your"
        " answer`: replace `None` with your answer and run the cell. You may add cells of"
        f" your own to compute (`from nekolib.{game} import analysis, rules`).\n\n"
        f"* {numbers}\n"
        f"* {FEEDBACK_TEXT[feedback]}\n"
        "* Give **exact** answers: an integer, or a fraction typed `p/q`, `Fraction(p, q)`"
        ' or `"p/q"`. Moves and names are texts in quotes; several of them a list of texts.\n'
        "* When you are done: **Kernel > Restart & Run All**, save, and hand in this file."
    )


def _setup(feedback: str) -> str:
    name = {"form": "recorded", "right-wrong": "verify"}.get(feedback)
    line = "from fractions import Fraction"
    return line if name is None else f"{line}\n\nfrom nekolib.classroom.graded import {name}"


def graded_variants(game: str, secret: str, student: str) -> list[Variant]:
    """``student``'s variants of every exercise of ``game`` in the class with ``secret``."""
    return [ex.variant(class_seed(secret, student, ex.key)) for ex in exercises_for(game)]


def check_source(k: int, variant: Variant, feedback: str, salt: str) -> str | None:
    """The check cell's source for one exercise (``None`` when there is no feedback)."""
    name, kind = answer_name(k), variant.exercise.kind
    if feedback == "form":
        return f'recorded({name}, "{kind}", "{name}")'
    if feedback == "right-wrong":
        digest = keyed_digest(salt, canonical_answer(variant.answer, kind))
        return f'verify({name}, "{kind}", "{salt}", "{digest}", "{name}")'
    return None


def graded_notebook(
    student: Student,
    game: str,
    secret: str,
    feedback: str = "form",
    *,
    title: str | None = None,
    shared: bool = False,
) -> NotebookNode:
    """One student's graded notebook for one game (see the module docstring)."""
    if feedback not in FEEDBACK_MODES:
        raise NekoError(f"feedback must be one of {', '.join(FEEDBACK_MODES)}, not {feedback!r}")
    heading = title or f"# {game_title(game)}: graded exercises for {student.label}"
    cells = [markdown(f"{heading}\n\n{_how_to(game, feedback, shared)}", "title")]
    notes = game_notes(game)
    if notes:
        cells.append(markdown(notes, "notes"))
    cells.append(code(_setup(feedback), "setup"))
    listed = []
    for k, variant in enumerate(graded_variants(game, secret, student.id), start=1):
        cells.append(markdown(prompt_markdown(k, variant), f"exercise-{k}"))
        picture = picture_markdown(k, variant)
        if picture is not None:
            cells.append(picture)
        cells.append(code(f"{answer_name(k)} = {BLANK_ANSWER}", f"answer-{k}"))
        source = check_source(k, variant, feedback, item_salt(secret, student.id, variant.key))
        if source is not None:
            cells.append(code(source, f"feedback-{k}"))
        listed.append({"name": answer_name(k), "points": variant.exercise.points})
    cells.append(markdown("**Done?** Restart & Run All, save, hand in.", "end"))
    meta = {
        "student": student.id,
        "game": game,
        "mode": "graded",
        "feedback": feedback,
        "exercises": listed,
    }
    return notebook(cells, meta)
