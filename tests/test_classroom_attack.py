"""A student who codes attacks a graded notebook and recovers nothing; practice falls.

Each notebook is run top to bottom in a real kernel, then ``tests/_attacker.py`` runs in
the same kernel: an attribute walk over every object reachable (globals, every loaded
nekolib module, every live object of a nekolib class; properties are read) and a brute
force of any digest in the cells over p/q with q <= 10 000. In a **graded** notebook it
must find none of the student's answers; in a **practice** notebook the same script finds
them (so the attacker is real: ``check_k._variant.answer`` and the salted digests).
Targets are the answers the attacker can recognise without doubt: fractions that are
not whole numbers, and sets of two or more texts (a bare integer or a single word is
everywhere in a kernel's memory).
"""

from __future__ import annotations

import inspect
import json
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from _attacker import attack

from nekolib.classroom.answers import NUMBER, SET, canonical_answer
from nekolib.classroom.handout import graded_notebook, graded_variants
from nekolib.classroom.notebooks import practice_notebook
from nekolib.classroom.roster import Student

pytest.importorskip("nbclient")

SECRET = "a" * 64
STUDENT = Student("s007", "Eve")
GAMES = ("neko_in", "manekinecollection")


def _targets(variants) -> list[str]:
    targets = []
    for variant in variants:
        kind, answer = variant.exercise.kind, variant.answer
        fraction = kind == NUMBER and Fraction(answer).denominator > 1
        if fraction or (kind == SET and len(answer) >= 2):
            targets.append(canonical_answer(answer, kind))
    return targets


def _run_attack(nb, targets: list[str], seconds: float) -> dict:
    from nbclient import NotebookClient

    source = inspect.getsource(attack) + f"\n\nattack(set({targets!r}), {seconds})\n"
    nb.cells.append(nbformat.v4.new_code_cell(source))
    NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True).execute()
    for output in nb.cells[-1].get("outputs", []):
        for line in str(output.get("text", "")).splitlines():
            if line.startswith("ATTACK "):
                return json.loads(line[len("ATTACK ") :])
    errors = [o for o in nb.cells[-1].get("outputs", []) if o.get("output_type") == "error"]
    raise AssertionError(f"the attacker did not report: {errors}")


@pytest.mark.parametrize("game", GAMES)
def test_graded_notebook_yields_no_answer_and_practice_does(game: str) -> None:
    variants = graded_variants(game, SECRET, STUDENT.id)
    targets = _targets(variants)
    assert len(targets) >= 3, f"{game}: too few recognisable answers to attack"
    report = _run_attack(graded_notebook(STUDENT, game, SECRET, "form"), targets, 5)
    print(f"\n{game} graded: {report}")
    assert report["found"] == {}, report
    assert report["walked"] > 100 and report["digests"] == 0

    practice = [ex.for_student(STUDENT.id) for ex in (v.exercise for v in variants)]
    practice_targets = _targets(practice)
    report = _run_attack(practice_notebook(STUDENT, game), practice_targets, 5)
    print(f"{game} practice: {report}")
    assert len(report["found"]) == len(practice_targets), report  # the walk reads them all
    assert report["digests"] == len(variants)


def test_right_wrong_digests_resist_a_brute_force(tmp_path: Path) -> None:
    """With right/wrong feedback the digests are in the notebook (only for answers that
    cannot be ground out), but each guess costs a PBKDF2 of 200 000 rounds: the attacker's
    few seconds recover no fraction."""
    game = GAMES[0]
    student = Student("s001", "Ada")  # s007 has no right/wrong check since the GPU pricing
    variants = graded_variants(game, SECRET, student.id)
    targets = _targets(variants)
    nb = graded_notebook(student, game, SECRET, "right-wrong")
    verified = sum("\nverify(" in c.source for c in nb.cells if c.cell_type == "code")
    assert verified >= 1, "no right/wrong check left to attack"
    report = _run_attack(nb, targets, 4)
    print(f"\n{game} graded, right/wrong: {report}")
    assert report["digests"] == verified and report["found"] == {}, report
    rate = report["guesses"] / report["brute_seconds"]
    assert rate < 50, f"{rate:.0f} guesses/s: the digest is too cheap"
