"""Hand-out notebooks built from the exercise bank (nbformat v4, not executed).

* a **student notebook** per (student, game): that student's variants, a ``Check`` per
  exercise (key, seed and a salted digest: never the answer, the worked solution or a
  hint text), an empty answer cell and a check cell;
* a **teacher notebook** per game: the demo variants with the worked solutions and the
  answers filled in (Run All: every check says right);
* an **answer key** CSV: every student's answer to every exercise;
* an **nbgrader source notebook** per game (one class-wide variant, seeded by the course
  and the exercise) with ``### BEGIN SOLUTION`` markup and hidden autograded tests, plus
  the ``nbgrader_config.py`` that makes the released answer cell run without raising.

Layout written by :func:`write_classroom`::

    OUT/students/<id>/<game>.ipynb   OUT/teacher/<game>.ipynb   OUT/answer_key.csv
    OUT/nbgrader/nbgrader_config.py  OUT/nbgrader/source/<game>/<game>.ipynb
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import nbformat
from nbformat.notebooknode import NotebookNode
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from nekolib.classroom.answers import NUMBER, SET, TEXT
from nekolib.classroom.bank import all_exercises, exercise, exercises_for
from nekolib.classroom.exercise import LEVELS, Exercise, Variant, digest_of, variant_seed
from nekolib.classroom.roster import Student
from nekolib.core import NekoError

__all__ = [
    "ANSWER_KEY_COLUMNS",
    "NBGRADER_CONFIG",
    "Built",
    "answer_key_rows",
    "answer_literal",
    "classroom_games",
    "nbgrader_notebook",
    "nbgrader_seed",
    "student_notebook",
    "teacher_notebook",
    "write_classroom",
]

KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}
LANGUAGE_INFO = {"name": "python"}
SETUP = "from fractions import Fraction\n\nfrom nekolib.classroom import Check"
BLANK_ANSWER = "None  # your answer"
ANSWER_KEY_COLUMNS = ("student", "game", "exercise", "key", "seed", "answer", "points")
NBGRADER_STUB = "# YOUR ANSWER HERE"
NBGRADER_CONFIG = """\"\"\"nbgrader settings for the nekolib classroom (written by nekolib).\"\"\"

c = get_config()  # noqa: F821 (nbgrader provides get_config)
c.CourseDirectory.course_id = {course!r}
# The released answer cell becomes `answer_k = None` + this comment: it runs without
# raising, and the check cell then says "not answered yet".
c.ClearSolutions.code_stub = {{"python": {stub!r}}}
"""

# How to write an answer, with no number in it (a number here could be someone's answer).
FORMS = {
    NUMBER: 'an exact number: an integer, `Fraction(p, q)` or the text `"p/q"`',
    TEXT: "a text in quotes, written as the game notebook writes it",
    SET: "a list of texts in quotes (any order)",
}


@lru_cache(maxsize=8192)
def _canonical(key: str, seed: int) -> str:
    """The canonical answer of a variant, solved once per build (notebook and answer key)."""
    return exercise(key).variant(seed).canonical


def _digest(variant: Variant) -> str:
    return digest_of(variant.key, variant.seed, _canonical(variant.key, variant.seed))


def answer_name(k: int) -> str:
    return f"answer_{k}"


def check_name(k: int) -> str:
    return f"check_{k}"


def classroom_games(games: Iterable[str] | None = None) -> list[str]:
    """The games to build: the given ones (checked) or every game with exercises."""
    available = sorted({e.game for e in all_exercises().values()})
    if games is None:
        if not available:
            raise NekoError("the exercise bank is empty: no game has an exercises module")
        return available
    chosen = [g.strip() for g in games if g.strip()]
    unknown = [g for g in chosen if g not in available]
    if unknown or not chosen:
        raise NekoError(
            f"no exercises for {', '.join(unknown) or 'an empty list of games'};"
            f" games with exercises: {', '.join(available)}"
        )
    return chosen


def game_title(game: str) -> str:
    """The game's display title (``"Neko-in"``), or the package name if it has no GAME."""
    from nekolib import games

    info = games().get(game)
    return info.title if info is not None else game


def nbgrader_seed(course: str, key: str) -> int:
    """The class-wide seed of an nbgrader assignment: from the course and exercise key."""
    return variant_seed(f"nbgrader course {course}", key)


def answer_literal(variant: Variant) -> str:
    """Python source for the variant's answer: ``Fraction(3, 7)``, ``12``, ``'a1-b1'``."""
    answer = variant.answer
    kind = variant.exercise.kind
    if kind == NUMBER:
        value = Fraction(answer)  # type: ignore[arg-type]
        if value.denominator == 1:
            return str(value.numerator)
        return f"Fraction({value.numerator}, {value.denominator})"
    if kind == SET:
        return repr(sorted(answer))  # type: ignore[arg-type]
    return repr(answer)


# --- cells -------------------------------------------------------------------------


def _markdown(source: str, cell_id: str) -> NotebookNode:
    return new_markdown_cell(source, id=cell_id)


def _code(source: str, cell_id: str) -> NotebookNode:
    return new_code_cell(source, id=cell_id)


def _notebook(cells: list[NotebookNode], nekolib_meta: dict[str, Any]) -> NotebookNode:
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = dict(LANGUAGE_INFO)
    nb.metadata["nekolib"] = nekolib_meta
    return nb


def _heading(k: int, variant: Variant) -> str:
    ex = variant.exercise
    points = f"{ex.points} point" + ("" if ex.points == 1 else "s")
    return f"## Exercise {k} - {ex.title} ({LEVELS[ex.level]}, {points})"


def _prompt_markdown(k: int, variant: Variant) -> str:
    ex = variant.exercise
    return (
        f"{_heading(k, variant)}\n\n{variant.prompt}\n\n"
        f"*Topic: {ex.topic}. Answer with {FORMS[ex.kind]} in `{answer_name(k)}`.*"
    )


def _check_source(k: int, variant: Variant) -> str:
    return (
        f'{check_name(k)} = Check("{variant.key}", {variant.seed}, "{_digest(variant)}",'
        f' "{answer_name(k)}")'
    )


def _how_to(game: str) -> str:
    return (
        "**How to work.** Run the cells from the top. Each exercise k has an answer cell"
        " `answer_k = None  # your answer`: replace `None` with your answer and run it, then"
        " run the check cell `check_k(answer_k)` below it to hear whether it is right (a"
        " wrong answer gets the next hint). Do not edit the other cells.\n\n"
        '* Give **exact** answers: an integer, `Fraction(p, q)` or the text `"p/q"`'
        " (a decimal is refused). Moves and names are texts in quotes, as the game notebook"
        " writes them; several of them a list of texts.\n"
        "* You may add cells of your own to compute with nekolib"
        f" (`from nekolib.{game} import analysis, rules`).\n"
        "* Your numbers are yours alone: a classmate's notebook has different ones.\n"
        "* When you are done: **Kernel > Restart & Run All**, save, and hand in this file."
        " Your teacher grades the answer cells again (the checks here are for practice)."
    )


# --- the three notebooks -------------------------------------------------------------


def student_notebook(student: Student, game: str) -> NotebookNode:
    """One student's notebook for one game: their variants, checks, empty answer cells."""
    exercises = exercises_for(game)
    cells = [
        _markdown(
            f"# {game_title(game)}: exercises for {student.label}\n\n{_how_to(game)}", "title"
        ),
        _code(SETUP, "setup"),
    ]
    listed = []
    for k, ex in enumerate(exercises, start=1):
        variant = ex.for_student(student.id)
        cells.append(_markdown(_prompt_markdown(k, variant), f"exercise-{k}"))
        cells.append(_code(_check_source(k, variant), f"check-{k}"))
        if ex.position is not None:
            cells.append(_code(f"{check_name(k)}.picture()", f"picture-{k}"))
        cells.append(_code(f"{answer_name(k)} = {BLANK_ANSWER}", f"answer-{k}"))
        cells.append(_code(f"{check_name(k)}({answer_name(k)})", f"feedback-{k}"))
        listed.append(_listing(k, variant))
    cells.append(_markdown("**Done?** Restart & Run All, save, hand in.", "end"))
    return _notebook(cells, {"student": student.id, "game": game, "exercises": listed})


def _listing(k: int, variant: Variant) -> dict[str, Any]:
    return {
        "name": answer_name(k),
        "key": variant.key,
        "seed": variant.seed,
        "points": variant.exercise.points,
        "kind": variant.exercise.kind,
    }


def teacher_notebook(game: str) -> NotebookNode:
    """The class-wide teacher notebook: demo variants, worked solutions, answers filled in."""
    exercises = exercises_for(game)
    cells = [
        _markdown(
            f"# {game_title(game)}: exercises, teacher's edition\n\n"
            "Every exercise below is shown with its **demo numbers** (those of the game"
            " notebook), its hints, a worked solution and the answer filled in: Run All and"
            " every check says *right*. Each student's notebook has different numbers;"
            " `answer_key.csv` lists every student's answers.",
            "title",
        ),
        _code(SETUP, "setup"),
    ]
    listed = []
    for k, ex in enumerate(exercises, start=1):
        variant = ex.demo_variant()
        cells.append(_markdown(_prompt_markdown(k, variant), f"exercise-{k}"))
        cells.append(_code(_check_source(k, variant), f"check-{k}"))
        if ex.position is not None:
            cells.append(_code(f"{check_name(k)}.picture()", f"picture-{k}"))
        hints = "\n".join(f"{i}. {hint}" for i, hint in enumerate(variant.hints, start=1))
        cells.append(
            _markdown(
                f"**Hints** (shown one by one after wrong answers):\n\n{hints}\n\n"
                f"**Answer:** `{variant.canonical}`"
                + (f"\n\n**Worked solution.** {variant.worked}" if variant.worked else ""),
                f"solution-{k}",
            )
        )
        cells.append(_code(f"{answer_name(k)} = {answer_literal(variant)}", f"answer-{k}"))
        cells.append(_code(f"{check_name(k)}({answer_name(k)})", f"feedback-{k}"))
        listed.append(_listing(k, variant))
    return _notebook(cells, {"student": None, "game": game, "exercises": listed})


def _nbgrader(cell: NotebookNode, grade_id: str, **flags: Any) -> NotebookNode:
    meta = {"grade": False, "solution": False, "locked": True}
    meta.update(flags)
    meta.update({"grade_id": grade_id, "schema_version": 3})
    cell.metadata["nbgrader"] = meta
    return cell


def nbgrader_notebook(game: str, course: str) -> NotebookNode:
    """The nbgrader source notebook: one class variant, solutions and hidden tests marked."""
    exercises = exercises_for(game)
    cells = [
        _nbgrader(
            _markdown(f"# {game_title(game)}: exercises\n\n{_how_to(game)}", "title"), "title"
        ),
        _nbgrader(_code(SETUP, "setup"), "setup"),
    ]
    listed = []
    for k, ex in enumerate(exercises, start=1):
        variant = ex.variant(nbgrader_seed(course, ex.key))
        answer, check = answer_name(k), check_name(k)
        cells.append(
            _nbgrader(_markdown(_prompt_markdown(k, variant), f"exercise-{k}"), f"exercise_{k}")
        )
        cells.append(_nbgrader(_code(_check_source(k, variant), f"check-{k}"), f"setup_{k}"))
        if ex.position is not None:
            cells.append(_nbgrader(_code(f"{check}.picture()", f"picture-{k}"), f"picture_{k}"))
        solution = (
            f"{answer} = None\n### BEGIN SOLUTION\n{answer} = {answer_literal(variant)}\n"
            "### END SOLUTION"
        )
        cells.append(_nbgrader(_code(solution, f"answer-{k}"), answer, solution=True, locked=False))
        # The hidden test builds its own Check: redefining check_k in an answer cell
        # cannot make it pass. nbgrader restores this cell from its database when grading.
        test = (
            f"{check}({answer})\n### BEGIN HIDDEN TESTS\n"
            f'assert Check("{variant.key}", {variant.seed}, "{_digest(variant)}").passed({answer}),'
            f' "Exercise {k} is not right"\n### END HIDDEN TESTS'
        )
        cells.append(_nbgrader(_code(test, f"feedback-{k}"), check, grade=True, points=ex.points))
        listed.append(_listing(k, variant))
    return _notebook(cells, {"student": None, "game": game, "exercises": listed})


# --- answer key and the whole classroom ----------------------------------------------


def answer_key_rows(students: Sequence[Student], games: Sequence[str]) -> list[dict[str, Any]]:
    """One row per (student, game, exercise): seed, canonical answer, points."""
    rows = []
    for student in students:
        for game in games:
            for k, ex in enumerate(exercises_for(game), start=1):
                variant = ex.for_student(student.id)
                rows.append(_key_row(student.id, game, k, ex, variant))
    return rows


def _key_row(student: str, game: str, k: int, ex: Exercise, variant: Variant) -> dict[str, Any]:
    return {
        "student": student,
        "game": game,
        "exercise": k,
        "key": ex.key,
        "seed": variant.seed,
        "answer": _canonical(variant.key, variant.seed),
        "points": ex.points,
    }


@dataclass
class Built:
    """What :func:`write_classroom` wrote."""

    out: Path
    games: list[str]
    students: list[Student]
    files: list[Path] = field(default_factory=list)


def _write(nb: NotebookNode, path: Path, built: Built) -> None:
    nbformat.validate(nb)
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    built.files.append(path)


def write_classroom(
    students: Sequence[Student],
    out: str | Path,
    games: Iterable[str] | None = None,
    course: str = "nekolib",
    progress: Callable[[Iterable[Any]], Iterable[Any]] | None = None,
) -> Built:
    """Write every student's notebooks, the teacher notebooks, answer key and nbgrader files."""
    if not students:
        raise NekoError("no students: the roster is empty")
    chosen = classroom_games(games)
    built = Built(Path(out), chosen, list(students))
    wrap = progress or (lambda items: items)
    for student in wrap(students):
        for game in chosen:
            _write(
                student_notebook(student, game),
                built.out / "students" / student.id / f"{game}.ipynb",
                built,
            )
    for game in chosen:
        _write(teacher_notebook(game), built.out / "teacher" / f"{game}.ipynb", built)
        _write(
            nbgrader_notebook(game, course),
            built.out / "nbgrader" / "source" / game / f"{game}.ipynb",
            built,
        )
    config = built.out / "nbgrader" / "nbgrader_config.py"
    config.write_text(NBGRADER_CONFIG.format(course=course, stub=NBGRADER_STUB), encoding="utf-8")
    built.files.append(config)
    key = built.out / "answer_key.csv"
    with key.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=ANSWER_KEY_COLUMNS)
        writer.writeheader()
        writer.writerows(answer_key_rows(students, chosen))
    built.files.append(key)
    return built
