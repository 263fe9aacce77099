"""Graded hand-outs work in any order and never take a game notebook's name.

A student who scrolls to an exercise and presses Shift+Enter on its check cell, before the
setup cell (or before the answer cell) ran, gets the check's answer, not a ``NameError``.
"""

from __future__ import annotations

import nbformat
import pytest

from nekolib.classroom.answers import canonical_answer
from nekolib.classroom.handout import check_sources, graded_notebook, graded_variants
from nekolib.classroom.notebooks import handout_filename, nbgrader_filename
from nekolib.classroom.roster import Student

SECRET = "c" * 64
GAME = "neko_in"


def _student_with_right_wrong() -> tuple[Student, int, int]:
    """A student whose neko_in hand-out has a right/wrong check (k) and a form one (j)."""
    for i in range(1, 40):
        student = f"s{i:03d}"
        sources = check_sources(student, GAME, SECRET, "right-wrong")
        right_wrong = [k for k, s in enumerate(sources, 1) if "\nverify(" in s]
        form = [k for k, s in enumerate(sources, 1) if "\nrecorded(" in s]
        if right_wrong and form:
            return Student(student, "Ada"), right_wrong[0], form[0]
    raise AssertionError("no student of this secret has a right/wrong check")


def test_check_cells_run_before_the_setup_cell_and_the_answer_cell(tmp_path) -> None:
    from nbclient import NotebookClient

    student, k, j = _student_with_right_wrong()
    nb = graded_notebook(student, GAME, SECRET, "right-wrong")
    cells = {c.get("id"): c for c in nb.cells}
    variant = graded_variants(GAME, SECRET, student.id)[k - 1]
    cells[f"answer-{k}"].source = f'answer_{k} = "{canonical_answer(variant.answer, "number")}"'
    # the order a student may take: exercise k's answer and check, then j's check with its
    # answer cell never run, then a wrong answer for k checked again, all before the setup
    wrong = nbformat.v4.new_code_cell(f"answer_{k} = 0", id="wrong")
    again = nbformat.v4.new_code_cell(cells[f"feedback-{k}"].source, id="again")
    first = [cells[f"answer-{k}"], cells[f"feedback-{k}"], cells[f"feedback-{j}"], wrong, again]
    nb.cells = [nb.cells[0], *first, cells["setup"]]
    where = {"metadata": {"path": str(tmp_path)}}  # the check counts go to tmp_path
    NotebookClient(nb, timeout=120, kernel_name="python3", resources=where).execute()
    right, blank, not_yet = (c.outputs[0] for c in first[1:3] + first[4:])
    assert "right!" in right["data"]["text/plain"]
    assert right["metadata"]["nekolib"] == {"check": f"answer_{k}", "attempts": 1}
    assert f"answer_{j}: not answered yet" in blank["data"]["text/plain"]
    assert "not right yet" in not_yet["data"]["text/plain"]
    assert not_yet["metadata"]["nekolib"]["attempts"] == 2


@pytest.mark.parametrize("mode", ["graded", "practice"])
def test_hand_outs_are_named_apart_from_the_game_notebooks(mode: str) -> None:
    name = handout_filename(GAME, "s001", mode)
    assert name == f"{GAME}-{mode}-s001.ipynb" != f"{GAME}.ipynb"
    assert nbgrader_filename(GAME) == f"{GAME}-graded.ipynb"
