"""The nbgrader course: one source notebook per game, its solutions and hidden tests.

nbgrader releases **one** notebook to the whole class, so its numbers are the class's
(seeded from the class secret and the course name; the released notebook says so). The
notebook is built like a graded hand-out (numbers written in, no ``Check``), with
``### BEGIN SOLUTION`` answer cells and one autograded test cell per exercise whose
hidden test compares the raw answer with the key using only the standard library
(:mod:`nekolib.classroom.hidden_test`): patching ``Check``, ``read_answer`` or any of
nekolib in an answer cell changes nothing.
"""

from __future__ import annotations

from typing import Any

from nbformat.notebooknode import NotebookNode

from nekolib.classroom.cells import answer_literal, answer_name, check_name, game_title
from nekolib.classroom.handout import check_source, graded_notebook, graded_variants
from nekolib.classroom.hidden_test import hidden_test_source
from nekolib.classroom.roster import Student

__all__ = ["NBGRADER_CONFIG", "NBGRADER_STUB", "nbgrader_notebook", "nbgrader_student"]

NBGRADER_STUB = "# YOUR ANSWER HERE"
NBGRADER_CONFIG = """\"\"\"nbgrader settings for the nekolib classroom (written by nekolib).\"\"\"

c = get_config()  # noqa: F821 (nbgrader provides get_config)
c.CourseDirectory.course_id = {course!r}
# The released answer cell becomes `answer_k = None` + this comment: it runs without
# raising, and the check cell then says "not answered yet".
c.ClearSolutions.code_stub = {{"python": {stub!r}}}
"""


def nbgrader_student(course: str) -> Student:
    """The pseudo-student whose variants the whole nbgrader class gets."""
    return Student(f"nbgrader course {course}")


def _mark(cell: NotebookNode, grade_id: str, **flags: Any) -> NotebookNode:
    meta = {"grade": False, "solution": False, "locked": True}
    meta.update(flags)
    meta.update({"grade_id": grade_id, "schema_version": 3})
    cell.metadata["nbgrader"] = meta
    return cell


def nbgrader_notebook(game: str, course: str, secret: str) -> NotebookNode:
    """The nbgrader source notebook of ``game``: the class's numbers, solutions, hidden tests."""
    who = nbgrader_student(course)
    nb = graded_notebook(
        who,
        game,
        secret,
        "form",
        title=f"# {game_title(game)}: exercises ({course})",
        shared=True,
    )
    variants = dict(enumerate(graded_variants(game, secret, who.id), start=1))
    cells = []
    for cell in nb.cells:
        cell_id = str(cell.get("id", ""))
        kind, _, number = cell_id.partition("-")
        if kind == "answer":
            k = int(number)
            name = answer_name(k)
            cell.source = (
                f"{name} = None\n### BEGIN SOLUTION\n{name} = {answer_literal(variants[k])}\n"
                "### END SOLUTION"
            )
            cells.append(_mark(cell, name, solution=True, locked=False))
        elif kind == "feedback":
            k = int(number)
            variant = variants[k]
            visible = check_source(k, variant, "form", "")
            hidden = hidden_test_source(answer_name(k), variant.exercise.kind, variant.canonical, k)
            cell.source = f"{visible}\n### BEGIN HIDDEN TESTS\n{hidden}\n### END HIDDEN TESTS"
            cells.append(_mark(cell, check_name(k), grade=True, points=variant.exercise.points))
        else:
            cells.append(_mark(cell, cell_id.replace("-", "_") or "cell"))
    nb.cells = cells
    nb.metadata["nekolib"].update({"student": None, "mode": "nbgrader", "course": course})
    return nb
