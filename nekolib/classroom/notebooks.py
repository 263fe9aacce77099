"""Writing a class: hand-outs, teacher notebooks, the answer key and the nbgrader course.

Two modes (docs/classroom.md):

* ``graded`` (default): one :mod:`graded notebook <nekolib.classroom.handout>` per student
  and game, numbers written in, nothing that yields an answer; the numbers come from the
  class secret (``teacher/class_secret.txt``, made on the first build and reused);
* ``practice``: one notebook per student and game with a :class:`~nekolib.classroom.Check`
  per exercise (right/not yet, hints), seeded from the student id alone. A student who
  codes can read these answers.

Both write teacher notebooks (the demo numbers, hints, the answer, a worked solution and a
runnable worked-solution cell), ``teacher/answer_key.csv`` and an nbgrader course. Layout::

    OUT/students/<id>/<game>-graded-<id>.ipynb    hand these out (<game>-practice-<id>
                                                  in practice mode)
    OUT/teacher/<game>.ipynb  OUT/teacher/answer_key.csv  OUT/teacher/class_secret.txt
    OUT/teacher/fairness.md  OUT/teacher/guessing.md
    OUT/nbgrader/nbgrader_config.py    OUT/nbgrader/source/<game>/<game>-graded.ipynb

A hand-out's name says its game, its mode and its student (:func:`handout_filename`), so it
never takes the place of the game notebook ``<game>.ipynb`` in the browser site, where an
upload with the same name would overwrite the student's saved game notebook.
"""

from __future__ import annotations

import csv
import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from nbformat.notebooknode import NotebookNode

from nekolib.classroom.bank import exercises_for
from nekolib.classroom.cells import (
    BLANK_ANSWER,
    answer_literal,
    answer_name,
    check_name,
    classroom_games,
    code,
    game_notes,
    game_title,
    markdown,
    notebook,
    picture_cell,
    prompt_markdown,
)
from nekolib.classroom.exercise import DEMO_SEED, Variant, variant_seed
from nekolib.classroom.graded import FEEDBACK_MODES
from nekolib.classroom.guessing import feedback_for, guessing
from nekolib.classroom.handout import graded_notebook
from nekolib.classroom.nbgrader_course import (
    NBGRADER_CONFIG,
    NBGRADER_STUB,
    nbgrader_notebook,
    nbgrader_student,
)
from nekolib.classroom.pictures import prerender, svg_text
from nekolib.classroom.report import (
    fairness_report,
    format_guessing,
    format_report,
    guessing_report,
)
from nekolib.classroom.roster import Student
from nekolib.classroom.secret import SECRET_FILE, class_seed, read_or_create_secret
from nekolib.core import NekoError

__all__ = [
    "ANSWER_KEY_COLUMNS",
    "MODES",
    "Built",
    "answer_key_rows",
    "answer_literal",
    "classroom_games",
    "handout_filename",
    "nbgrader_filename",
    "practice_notebook",
    "student_seed",
    "teacher_notebook",
    "write_classroom",
]

MODES = ("graded", "practice")
SETUP = "from fractions import Fraction\n\nfrom nekolib.classroom import Check"
ANSWER_KEY_COLUMNS = (
    "student",
    "game",
    "exercise",
    "key",
    "seed",
    "answer",
    "points",
    "kind",
    "feedback",
    "guesses",
)


def handout_filename(game: str, student: str, mode: str = "graded") -> str:
    """``neko_in-graded-s001.ipynb``: never a game notebook's name (``neko_in.ipynb``)."""
    return f"{game}-{mode}-{student}.ipynb"


def nbgrader_filename(game: str) -> str:
    """The nbgrader course's notebook of ``game``: ``neko_in-graded.ipynb`` (whole class)."""
    return f"{game}-graded.ipynb"


def student_seed(mode: str, secret: str, student: str, key: str) -> int:
    """The seed of a student's variant: keyed by the class secret in graded mode."""
    if mode == "graded":
        return class_seed(secret, student, key)
    return variant_seed(student, key)


def _check_source(k: int, variant: Variant) -> str:
    return (
        f'{check_name(k)} = Check("{variant.key}", {variant.seed}, "{variant.digest}",'
        f' "{answer_name(k)}")'
    )


def _listing(k: int, variant: Variant) -> dict[str, Any]:
    return {
        "name": answer_name(k),
        "key": variant.key,
        "seed": variant.seed,
        "points": variant.exercise.points,
        "kind": variant.exercise.kind,
    }


def _practice_how_to(game: str) -> str:
    return (
        "**How to work.** Run the cells from the top. Each exercise k has an answer cell"
        " `answer_k = None  # your answer`: replace `None` with your answer and run it, then"
        " run the check cell `check_k(answer_k)` below it to hear whether it is right (a"
        " wrong answer gets the next hint). Do not edit the other cells.\n\n"
        "* Give **exact** answers: an integer, or a fraction typed `p/q`, `Fraction(p, q)`"
        ' or `"p/q"`. Moves and names are texts in quotes; several of them a list of texts.\n'
        "* You may add cells of your own to compute with nekolib"
        f" (`from nekolib.{game} import analysis, rules`).\n"
        "* Your numbers are yours alone: a classmate's notebook has different ones.\n"
        "* **This is practice.** The checks run in your own kernel, so a student who codes"
        " can make them give the answer away; that only spoils the practice.\n"
        "* When you are done: **Kernel > Restart & Run All**, save, and hand in this file."
    )


def _exercise_cells(k: int, variant: Variant) -> list[NotebookNode]:
    """Prompt, Check and saved picture of one exercise (practice and teacher notebooks)."""
    cells = [
        markdown(prompt_markdown(k, variant), f"exercise-{k}"),
        code(_check_source(k, variant), f"check-{k}"),
    ]
    picture = picture_cell(f"{check_name(k)}.picture()", variant, f"picture-{k}")
    if picture is not None:
        cells.append(picture)
    return cells


def _notes_cells(game: str) -> list[NotebookNode]:
    notes = game_notes(game)
    return [markdown(notes, "notes")] if notes else []


def practice_notebook(student: Student, game: str) -> NotebookNode:
    """One student's practice notebook: their variants, checks with hints, answer cells."""
    cells = [
        markdown(
            f"# {game_title(game)}: practice exercises for {student.label}\n\n"
            f"{_practice_how_to(game)}",
            "title",
        ),
        *_notes_cells(game),
        code(SETUP, "setup"),
    ]
    listed = []
    for k, ex in enumerate(exercises_for(game), start=1):
        variant = ex.for_student(student.id)
        cells.extend(_exercise_cells(k, variant))
        cells.append(code(f"{answer_name(k)} = {BLANK_ANSWER}", f"answer-{k}"))
        cells.append(code(f"{check_name(k)}({answer_name(k)})", f"feedback-{k}"))
        listed.append(_listing(k, variant))
    cells.append(markdown("**Done?** Restart & Run All, save, hand in.", "end"))
    meta = {"student": student.id, "game": game, "mode": "practice", "exercises": listed}
    return notebook(cells, meta)


def _solution_cells(k: int, variant: Variant) -> list[NotebookNode]:
    hints = "\n".join(f"{i}. {hint}" for i, hint in enumerate(variant.hints, start=1))
    band = variant.exercise.band
    cells = [
        markdown(
            f"**Hints** (practice mode shows them one by one after wrong answers):\n\n{hints}"
            f"\n\n**Answer:** `{variant.canonical}`"
            + (f"\n\n**Variants:** {band}" if band else "")
            + (f"\n\n**Worked solution.** {variant.worked}" if variant.worked else ""),
            f"solution-{k}",
        )
    ]
    if variant.worked_code:
        cells.append(code(variant.worked_code, f"worked-{k}"))
    return cells


def teacher_notebook(game: str, fairness: str = "") -> NotebookNode:
    """The class-wide teacher notebook: demo variants, worked solutions, answers filled in."""
    cells = [
        markdown(
            f"# {game_title(game)}: exercises, teacher's edition\n\n"
            "Every exercise below is shown with its **demo numbers** (those of the game"
            " notebook), its hints, the answer, a worked solution and a worked-solution cell"
            " you can run and edit: Run All and every check says *right*. Each student's"
            " notebook has different numbers; `answer_key.csv` lists every student's answers.",
            "title",
        ),
        *_notes_cells(game),
    ]
    if fairness:
        cells.append(markdown(fairness, "fairness"))
    cells.append(code(SETUP, "setup"))
    listed = []
    for k, ex in enumerate(exercises_for(game), start=1):
        variant = ex.demo_variant()
        cells.extend(_exercise_cells(k, variant))
        cells.extend(_solution_cells(k, variant))
        cells.append(code(f"{answer_name(k)} = {answer_literal(variant)}", f"answer-{k}"))
        cells.append(code(f"{check_name(k)}({answer_name(k)})", f"feedback-{k}"))
        listed.append(_listing(k, variant))
    return notebook(cells, {"student": None, "game": game, "mode": "teacher", "exercises": listed})


# --- answer key and the whole classroom ----------------------------------------------


def answer_key_rows(
    students: Sequence[Student],
    games: Sequence[str],
    mode: str = "practice",
    secret: str = "",
    feedback: str = "form",
) -> list[dict[str, Any]]:
    """One row per (student, game, exercise): seed, canonical answer, points, kind, the
    feedback the student's check gives and the guesses that find the answer."""
    rows = []
    for student in students:
        for game in games:
            for k, ex in enumerate(exercises_for(game), start=1):
                variant = ex.variant(student_seed(mode, secret, student.id, ex.key))
                rows.append(
                    {
                        "student": student.id,
                        "game": game,
                        "exercise": k,
                        "key": ex.key,
                        "seed": variant.seed,
                        "answer": variant.canonical,
                        "points": ex.points,
                        "kind": ex.kind,
                        "feedback": (feedback_for(variant, feedback) if mode == "graded" else mode),
                        "guesses": guessing(variant).guesses,
                    }
                )
    return rows


@dataclass
class Built:
    """What :func:`write_classroom` wrote."""

    out: Path
    games: list[str]
    students: list[Student]
    mode: str = "graded"
    feedback: str = "form"
    files: list[Path] = field(default_factory=list)
    right_wrong: int = 0
    """Check cells that say right or wrong (the others of a right/wrong build are form)."""
    checks: int = 0
    """Check cells in the students' notebooks."""


def _write(nb: NotebookNode, path: Path, built: Built) -> None:
    nbformat.validate(nb)
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    built.files.append(path)


def _pictures(
    students: Sequence[Student], games: Sequence[str], mode: str, secret: str, course: str
):
    """The SVG of every position the build will draw (to render their PNGs at once):
    each student's, the demo (teacher notebook) and the nbgrader class variant."""
    whole_class = nbgrader_student(course).id
    for game in games:
        for ex in exercises_for(game):
            if ex.position is None:
                continue
            seeds = [student_seed(mode, secret, s.id, ex.key) for s in students]
            for seed in [*seeds, DEMO_SEED, class_seed(secret, whole_class, ex.key)]:
                yield svg_text(ex.variant(seed).picture())


def _fairness_markdown(students: Sequence[Student], game: str, seed_of: Any) -> str:
    rows = fairness_report([s.id for s in students], seed_of, [game])
    return (
        f"### How alike are the students' variants? ({len(students)} students)\n\n"
        + format_report(rows)
    )


def write_classroom(
    students: Sequence[Student],
    out: str | Path,
    games: Iterable[str] | None = None,
    course: str = "nekolib",
    progress: Callable[[Iterable[Any]], Iterable[Any]] | None = None,
    *,
    mode: str = "graded",
    feedback: str = "form",
    secret_file: str | Path | None = None,
    picture_progress: Callable[[Iterable[Any], int], Iterable[Any]] | None = None,
) -> Built:
    """Write every student's notebooks, the teacher's files and the nbgrader course.

    Every position is first drawn as PNG on all cores (``picture_progress(items, total)``
    shows it: the slow part of a build), then ``progress`` wraps the students."""
    if not students:
        raise NekoError("no students: the roster is empty")
    if mode not in MODES:
        raise NekoError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    if feedback not in FEEDBACK_MODES:
        raise NekoError(f"feedback must be one of {', '.join(FEEDBACK_MODES)}, not {feedback!r}")
    chosen = classroom_games(games)
    built = Built(Path(out), chosen, list(students), mode, feedback)
    teacher = built.out / "teacher"
    secret = read_or_create_secret(Path(secret_file) if secret_file else teacher / SECRET_FILE)
    prerender(_pictures(students, chosen, mode, secret, course), progress=picture_progress)
    wrap = progress or (lambda items: items)
    for student in wrap(students):
        for game in chosen:
            nb = (
                graded_notebook(student, game, secret, feedback)
                if mode == "graded"
                else practice_notebook(student, game)
            )
            name = handout_filename(game, student.id, mode)
            _write(nb, built.out / "students" / student.id / name, built)
    seed_of = functools.partial(student_seed, mode, secret)
    fairness = []
    for game in chosen:
        table = _fairness_markdown(students, game, seed_of)
        fairness.append(table)
        _write(teacher_notebook(game, table), teacher / f"{game}.ipynb", built)
        _write(
            nbgrader_notebook(game, course, secret),
            built.out / "nbgrader" / "source" / game / nbgrader_filename(game),
            built,
        )
    config = built.out / "nbgrader" / "nbgrader_config.py"
    config.write_text(NBGRADER_CONFIG.format(course=course, stub=NBGRADER_STUB), encoding="utf-8")
    built.files.append(config)
    if any(fairness):
        report = teacher / "fairness.md"
        report.write_text("\n\n".join(t for t in fairness if t) + "\n", encoding="utf-8")
        built.files.append(report)
    key = teacher / "answer_key.csv"
    with key.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=ANSWER_KEY_COLUMNS)
        writer.writeheader()
        writer.writerows(answer_key_rows(students, chosen, mode, secret, feedback))
    built.files.append(key)
    guessed = teacher / "guessing.md"
    given = feedback if mode == "graded" else mode
    rows = guessing_report([s.id for s in students], seed_of, chosen, given)
    given_all = [g for row in rows for g in row.feedback.values() if g != "none"]
    built.checks, built.right_wrong = len(given_all), given_all.count("right-wrong")
    guessed.write_text(
        f"# Can the checks be ground out? ({given} feedback)\n\n{format_guessing(rows)}\n",
        encoding="utf-8",
    )
    built.files.append(guessed)
    return built
