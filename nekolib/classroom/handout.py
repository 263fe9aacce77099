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
from nekolib.classroom.guessing import FORM, RIGHT_WRONG, TOO_FEW_NOTE, feedback_for
from nekolib.classroom.roster import Student
from nekolib.classroom.secret import class_seed, item_salt
from nekolib.core import NekoError

__all__ = [
    "CHECK_IMPORT",
    "FEEDBACK_TEXT",
    "check_call",
    "check_source",
    "check_sources",
    "graded_notebook",
    "graded_variants",
]

FEEDBACK_TEXT = {
    "form": (
        "The check cell under each answer says whether your answer is **well formed** (an"
        " exact number, a text, a list) and how it was read; it does **not** say whether it"
        " is right. Your teacher grades the answers after you hand in."
    ),
    "right-wrong": (
        "The check cell under each answer says **right** or **not right yet** (no hints)."
        " Each check takes a moment on purpose, and is counted: your teacher sees how many"
        " times you checked each answer."
    ),
    "none": "There are no check cells: your teacher grades the answers after you hand in.",
}


def _fallback_text(fallback: list[int]) -> str:
    """Which exercises only get form feedback in a right/wrong notebook, and why."""
    if not fallback:
        return ""
    which = ", ".join(str(k) for k in fallback)
    plural = "s" if len(fallback) > 1 else ""
    return (
        f" Exercise{plural} {which}: the check only says whether your answer is well formed"
        f" and how it was read, because there are {TOO_FEW_NOTE} (they could all be tried)."
    )


def _how_to(game: str, feedback: str, shared: bool, fallback: list[int] = ()) -> str:
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
        f"* {FEEDBACK_TEXT[feedback]}{_fallback_text(list(fallback))}\n"
        "* Give **exact** answers: an integer, or a fraction typed `p/q`, `Fraction(p, q)`"
        ' or `"p/q"`. Moves and names are texts in quotes; several of them a list of texts.\n'
        "* When you are done: **Kernel > Restart & Run All**, save, and hand in this file."
    )


def _setup(kinds: set[str]) -> str:
    """The setup cell: Fraction, and the check functions the notebook's cells use."""
    names = sorted({FORM: "recorded", RIGHT_WRONG: "verify"}[k] for k in kinds if k != "none")
    line = "from fractions import Fraction"
    if not names:
        return line
    return f"{line}\n\nfrom nekolib.classroom.graded import {', '.join(names)}"


def graded_variants(game: str, secret: str, student: str) -> list[Variant]:
    """``student``'s variants of every exercise of ``game`` in the class with ``secret``."""
    return [ex.variant(class_seed(secret, student, ex.key)) for ex in exercises_for(game)]


CHECK_IMPORT = "from nekolib.classroom.graded import {}  # this cell also runs on its own"
"""The first line of every check cell: it works whether or not the setup cell ran."""


def check_call(source: str) -> str:
    """The call line of a check cell (``recorded(...)`` or ``verify(...)``)."""
    return source.splitlines()[-1]


def check_source(k: int, variant: Variant, feedback: str, salt: str) -> str | None:
    """The check cell's source for one exercise (``None`` when there is no feedback).

    ``feedback`` is the check this variant gets (:func:`~nekolib.classroom.guessing.
    feedback_for`); a form check in a right/wrong notebook says why (``fallback``). The
    cell imports its check itself and reads its answer with ``globals().get``, so it runs
    before the setup cell and before the answer cell ("not answered yet")."""
    name, kind = answer_name(k), variant.exercise.kind
    value = f'globals().get("{name}")'  # an answer cell not run yet reads as "not answered"
    if feedback == FORM:
        return f'{CHECK_IMPORT.format("recorded")}\nrecorded({value}, "{kind}", "{name}")'
    if feedback == "fallback":
        call = f'recorded({value}, "{kind}", "{name}", "{TOO_FEW_NOTE}")'
        return f"{CHECK_IMPORT.format('recorded')}\n{call}"
    if feedback == RIGHT_WRONG:
        digest = keyed_digest(salt, canonical_answer(variant.answer, kind))
        call = f'verify({value}, "{kind}", "{salt}", "{digest}", "{name}")'
        return f"{CHECK_IMPORT.format('verify')}\n{call}"
    return None


def check_sources(student: str, game: str, secret: str, feedback: str) -> list[str | None]:
    """Every check cell of ``student``'s graded ``game`` notebook (``None``: no cell), with
    right/wrong checks only where the answer cannot be ground out (module guessing)."""
    sources = []
    for k, variant in enumerate(graded_variants(game, secret, student), start=1):
        given = feedback_for(variant, feedback)
        if feedback == RIGHT_WRONG and given == FORM:
            given = "fallback"
        salt = item_salt(secret, student, variant.key) if given == RIGHT_WRONG else ""
        sources.append(check_source(k, variant, given, salt))
    return sources


def _given(source: str | None) -> str:
    """The feedback a check cell gives: form, right-wrong or none."""
    if source is None:
        return "none"
    return RIGHT_WRONG if check_call(source).startswith("verify(") else FORM


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
    checks = check_sources(student.id, game, secret, feedback)
    given = [_given(source) for source in checks]
    fallback = [k for k, g in enumerate(given, start=1) if g == FORM and feedback == RIGHT_WRONG]
    cells = [markdown(f"{heading}\n\n{_how_to(game, feedback, shared, fallback)}", "title")]
    notes = game_notes(game)
    if notes:
        cells.append(markdown(notes, "notes"))
    cells.append(code(_setup(set(given)), "setup"))
    listed = []
    variants = graded_variants(game, secret, student.id)
    for k, (variant, source) in enumerate(zip(variants, checks, strict=True), start=1):
        cells.append(markdown(prompt_markdown(k, variant), f"exercise-{k}"))
        picture = picture_markdown(k, variant)
        if picture is not None:
            cells.append(picture)
        cells.append(code(f"{answer_name(k)} = {BLANK_ANSWER}", f"answer-{k}"))
        if source is not None:
            cells.append(code(source, f"feedback-{k}"))
        listed.append(
            {"name": answer_name(k), "points": variant.exercise.points, "feedback": given[k - 1]}
        )
    cells.append(markdown("**Done?** Restart & Run All, save, hand in.", "end"))
    meta = {
        "student": student.id,
        "game": game,
        "mode": "graded",
        "feedback": feedback,
        "exercises": listed,
    }
    return notebook(cells, meta)
