"""Whose hand-in is it, and what is never run: the folder layout (no kernel started here).

The student is the first folder under ``handed_in/``; a file outside any student folder,
a link, a file too large, a folder that is no student of the key, a notebook of no class
and two notebooks for one student and game are ``error`` rows, and nothing of them runs
(the sandbox runner is replaced by one that fails the test if it is called). Without a
sandbox the command refuses in one line, before reading anything.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import nbformat
import pytest

from nekolib.__main__ import main
from nekolib.classroom import grade as grade_module
from nekolib.classroom.grade import grade_all, read_key
from nekolib.classroom.handins import MAX_BYTES, find_hand_ins
from nekolib.classroom.notebooks import write_classroom
from nekolib.classroom.roster import Student
from nekolib.classroom.sandbox import UNSAFE_FLAG
from nekolib.core import NekoError

GAME = "neko_in"


@pytest.fixture(scope="module")
def handout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("handins")
    write_classroom([Student("s001"), Student("s002")], out / "class", [GAME])
    return out


def _copy(handout: Path, student: str, target: Path) -> Path:
    (source,) = (handout / "class" / "students" / student).glob("*.ipynb")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(source.read_bytes())
    return target


def test_problems_are_rows_and_nothing_of_them_runs(
    handout: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("a hand-in with a problem was run")

    monkeypatch.setattr(grade_module, "run_hand_in", never)
    folder = tmp_path / "handed_in"
    _copy(handout, "s001", folder / "loose.ipynb")  # not in a student folder
    _copy(handout, "s001", folder / "s001" / "a.ipynb")  # two for one game
    _copy(handout, "s001", folder / "s001" / "b.ipynb")
    _copy(handout, "s002", folder / "intruder" / "x.ipynb")  # no student of the key
    (folder / "s002").mkdir()
    os.symlink(handout / "class" / "teacher" / "answer_key.csv", folder / "s002" / "k.ipynb")
    big = folder / "s002" / "big.ipynb"
    big.write_bytes(b" " * (MAX_BYTES + 1))
    nbformat.write(nbformat.v4.new_notebook(), folder / "s002" / "plain.ipynb")
    key = read_key(handout / "class" / "teacher" / "answer_key.csv")
    hand_ins, misplaced = find_hand_ins(folder)
    rows = grade_all(hand_ins, misplaced, key=key)
    notes = sorted((r.student, r.note) for r in rows)
    assert all(r.exercise == "error" and r.points == 0 for r in rows)
    assert notes == [
        ("", "loose.ipynb is not in a student's folder (put it in handed_in/<student id>/)"),
        ("intruder", "intruder/x.ipynb: folder intruder is not a student of the answer key"),
        ("s001", f"2 {GAME} notebooks in s001's folder (a.ipynb, b.ipynb): keep one"),
        ("s002", "s002/big.ipynb is over 20 MB: not read"),
        ("s002", "s002/k.ipynb is a link, not a handed-in file"),
        (
            "s002",
            "s002/plain.ipynb: not a nekolib classroom notebook (no nekolib metadata)",
        ),
    ]


def test_grade_refuses_in_one_line_without_a_sandbox(
    handout: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))  # no bwrap to be found
    out = tmp_path / "grades.csv"
    _copy(handout, "s001", tmp_path / "handed_in" / "s001" / f"{GAME}.ipynb")
    key = handout / "class" / "teacher" / "answer_key.csv"
    code = main(["grade", str(tmp_path / "handed_in"), "--key", str(key), "--out", str(out)])
    err = capsys.readouterr().err.strip()
    assert code == 2 and not out.exists()
    assert err.count("\n") == 0 and "apt-get install bubblewrap" in err and UNSAFE_FLAG in err


def test_grades_file_is_replaced_whole(tmp_path: Path) -> None:
    from nekolib.classroom.grade import Score, write_grades

    path = tmp_path / "grades.csv"
    path.write_text("old")
    write_grades([Score("s001", GAME, "total", "", 3, 10, "")], path)
    with path.open(newline="") as handle:
        assert [r["points"] for r in csv.DictReader(handle)] == ["3"]
    assert [p.name for p in tmp_path.iterdir()] == ["grades.csv"]  # no temporary file left


def test_no_hand_ins_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(NekoError, match="no hand-ins folder"):
        find_hand_ins(tmp_path / "missing")
