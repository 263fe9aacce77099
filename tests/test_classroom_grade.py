"""Grading with real kernels (one game, a handful of notebooks: keep it short).

The teacher notebook runs and every check says right (its worked-solution cells run
too); a blank graded notebook runs without error and every check says "not answered";
right answers, typed the natural way (``p/q`` without quotes), grade full marks; wrong
ones zero; patching the checks, the feedback functions, ``read_answer`` or any of
nekolib inside the student's kernel changes nothing (answers are compared in the
grader's process with the teacher's key); answers copied from a classmate's variant
score zero; of two hand-ins the newest counts.
"""

from __future__ import annotations

import ast
import contextlib
import csv
import hashlib
import io
import json
import os
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
import sympy
from _sandbox import need_sandbox

from nekolib.__main__ import main
from nekolib.classroom import exercises_for, read_answer
from nekolib.classroom.grade import (
    MARK,
    collector_source,
    decode_answer,
    grade_notebook,
    read_key,
)
from nekolib.classroom.notebooks import write_classroom
from nekolib.classroom.roster import Student

GAME = "neko_in"
STUDENTS = [Student(s) for s in ("s-blank", "s-right", "s-wrong", "s-cheat", "s-copy", "s-dup")]


def _run_collector(namespace: dict) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(collector_source(sorted(k for k in namespace if k.startswith("a"))), namespace)
    line = next(x for x in out.getvalue().splitlines() if x.startswith(MARK))
    return json.loads(line[len(MARK) :])


def test_collector_reads_every_answer_form_and_nothing_trusts_the_value() -> None:
    class Liar:  # equal to everything: must not be taken for a right answer
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    values = {
        "a_int": 12,
        "a_fraction": Fraction(3, 8),
        "a_text": " 3 / 8 ",
        "a_sympy": sympy.Rational(3, 8),
        "a_sympy_int": sympy.Integer(12),
        "a_float": 0.375,
        "a_sympy_float": sympy.Float(0.375),
        "a_list": ["B1-A1", "c1-d1"],
        "a_liar": Liar(),
        "a_bool": True,
        "a_none": None,
        "a_zero_den": "3/0",
    }
    encoded = _run_collector(dict(values))
    read = {name: read_answer(decode_answer(encoded[name])) for name in values}
    assert read["a_int"] == (None, 12)
    for name in ("a_fraction", "a_text", "a_sympy"):
        assert read[name] == (None, Fraction(3, 8)), name
    assert read["a_sympy_int"] == (None, 12)
    for name in ("a_float", "a_sympy_float"):  # read as the float typed: 3/8 exactly
        assert read[name][0] is None and str(read[name][1].exact) == "3/8", name
    assert read_answer(decode_answer(encoded["a_list"]), "set") == (
        None,
        frozenset({"b1-a1", "c1-d1"}),
    )
    assert read["a_liar"][1] is None and "Liar" in read["a_liar"][0]
    assert read["a_bool"][1] is None
    assert read["a_none"] == ("not answered yet", None)
    assert read["a_zero_den"][1] is None
    assert decode_answer("junk") is not None and read_answer(decode_answer({}))[1] is None


def test_collector_refuses_a_bad_variable_name() -> None:
    with pytest.raises(Exception, match="not an answer variable"):
        collector_source(["answer_1; import os"])


# --- real kernels --------------------------------------------------------------------


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("grade")
    secret = out / "class_secret.txt"  # fixed: s-copy's and s-right's answers all differ
    secret.write_text(hashlib.sha256(b"test-classroom-1").hexdigest())
    write_classroom(STUDENTS, out / "class", [GAME], secret_file=secret)
    return out


def _key(out: Path) -> dict[tuple[str, int], str]:
    """The answer key CSV as {(student, exercise number): canonical answer}."""
    with (out / "class" / "teacher" / "answer_key.csv").open(newline="") as handle:
        return {(r["student"], int(r["exercise"])): r["answer"] for r in csv.DictReader(handle)}


def _fill(
    out: Path, student: str, answers: dict[int, str], folder: str = "submissions", name: str = ""
) -> Path:
    """Copy the student's notebook to ``folder``, replacing the given answer cells."""
    nb = nbformat.read(out / "class" / "students" / student / f"{GAME}-graded-{student}.ipynb", 4)
    for cell in nb.cells:
        for k, source in answers.items():
            if cell.source.startswith(f"answer_{k} = None"):
                cell.source = source
    path = out / folder / student / (name or f"{GAME}.ipynb")
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def _outputs(cell) -> str:
    parts = []
    for output in cell.get("outputs", []):
        parts.append(str(output.get("text", "")))
        parts.append(str(output.get("data", {}).get("text/plain", "")))
    return "\n".join(parts)


def _errors(nb) -> list[str]:
    return [
        f"{c.source[:60]!r}: {o.get('ename')}"
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if o.output_type == "error"
    ]


def _feedback_cells(nb, call: str) -> list:
    code = [c for c in nb.cells if c.cell_type == "code" and c.source]
    return [c for c in code if c.source.splitlines()[-1].startswith(call)]


def test_teacher_notebook_runs_and_every_check_says_right(classroom: Path) -> None:
    from nbclient import NotebookClient

    nb = nbformat.read(classroom / "class" / "teacher" / f"{GAME}.ipynb", as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True).execute()
    assert not _errors(nb)
    feedback = [c for c in _feedback_cells(nb, "check_") if "=" not in c.source]
    feedback = [c for c in feedback if ".picture" not in c.source]
    assert len(feedback) == len(exercises_for(GAME))
    for cell in feedback:
        assert ": right!" in _outputs(cell), cell.source


def test_blank_graded_notebook_runs_and_says_not_answered(classroom: Path) -> None:
    need_sandbox()
    from nbclient import NotebookClient

    key = read_key(classroom / "class" / "teacher" / "answer_key.csv")
    path = _fill(classroom, "s-blank", {}, "blank")
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True).execute()
    assert not _errors(nb)
    feedback = _feedback_cells(nb, "recorded(")
    assert len(feedback) == len(exercises_for(GAME))
    for cell in feedback:
        assert "not answered yet" in _outputs(cell), cell.source
    graded = grade_notebook(path, key=key)
    assert [s.note for s in graded.scores] == ["not answered"] * len(feedback)
    assert sum(s.points for s in graded.scores) == 0


def _natural(value: Fraction) -> str:
    """How a student types a fraction: ``p/q`` with no quotes (a float in Python)."""
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def test_grade_command_scores_right_wrong_cheating_copied_and_flags_duplicate_hand_ins(
    classroom: Path, capsys
) -> None:
    need_sandbox()
    key = _key(classroom)
    count = len(exercises_for(GAME))
    right = {}
    for k in range(1, count + 1):  # p/q unquoted (a float!), "p/q" and Fraction(p, q)
        value = Fraction(key[("s-right", k)])
        right[k] = (
            f"answer_{k} = "
            + [
                _natural(value),
                f'"{value}"',
                f"Fraction({value.numerator}, {value.denominator})",
            ][k % 3]
        )
    _fill(classroom, "s-right", right)
    wrong = {}
    for k in range(1, count + 1):
        value = Fraction(key[("s-wrong", k)])
        if k % 2:  # odd: off by 1/7
            value += Fraction(1, 7)
        wrong[k] = f"answer_{k} = Fraction({value.numerator}, {value.denominator})"
    wrong[2] = "answer_2 = 1 / 0"  # raises: graded as not answered, the rest still runs
    wrong[4] = f"answer_4 = {float(Fraction(key[('s-wrong', 4)])) + 1e-9!r}"  # a near decimal
    _fill(classroom, "s-wrong", wrong)
    cheat = {
        1: "answer_1 = Fraction(1, 10**9)\n"
        "import nekolib.classroom.answers as _a, nekolib.classroom.check as _c\n"
        "import nekolib.classroom.graded as _g, nekolib.classroom as _nc\n"
        "_c.Check.passed = lambda self, answer: True\n"
        "_c.Check.__call__ = lambda self, answer: 'right!'\n"
        "_g.recorded = _g.verify = _nc.recorded = lambda *a, **k: 'right!'\n"
        "_a.read_answer = lambda value, kind='number': (None, value)\n"
        "_a.answers_agree = lambda *a, **k: True\n"
        "_a.canonical_answer = lambda value, kind='number': 'x'",
        2: "class _Liar:\n    __eq__ = lambda self, other: True\n    __hash__ = object.__hash__\n"
        "answer_2 = _Liar()",
    }
    _fill(classroom, "s-cheat", cheat)
    # s-copy hands in s-right's right answers: another student's numbers.
    _fill(classroom, "s-copy", {k: right[k] for k in range(1, count + 1)})
    # s-dup hands in twice: a complete copy (newer) and a blank one (older). Neither is
    # guessed to be "the" hand-in: the teacher is asked to keep one.
    dup_right = {}
    for k in range(1, count + 1):
        value = Fraction(key[("s-dup", k)])
        dup_right[k] = f'answer_{k} = "{value}"'
    blank = _fill(classroom, "s-dup", {}, name=f"{GAME}-blank.ipynb")
    done = _fill(classroom, "s-dup", dup_right, name=f"{GAME}-final.ipynb")
    os.utime(blank, (1_000_000, 1_000_000))
    os.utime(done, (2_000_000, 2_000_000))
    stray = classroom / "submissions" / "stray" / "notes.ipynb"
    stray.parent.mkdir()
    nbformat.write(nbformat.v4.new_notebook(), stray)
    out_csv = classroom / "grades.csv"
    folder = classroom / "submissions"
    teacher_key = classroom / "class" / "teacher" / "answer_key.csv"
    args = ["grade", str(folder), "--out", str(out_csv), "--timeout", "120", "--quiet"]
    assert main([*args, "--key", str(teacher_key)]) == 1  # two hand-ins to resolve
    warned = capsys.readouterr().err
    assert "check: 2 neko_in notebooks in s-dup's folder" in warned
    with out_csv.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    by = {(r["student"], r["exercise"]): r for r in rows}
    for k in range(1, count + 1):
        assert by[("s-right", str(k))]["points"] == "1", by[("s-right", str(k))]
        expected = "0" if k % 2 or k in (2, 4) else "1"
        assert by[("s-wrong", str(k))]["points"] == expected, by[("s-wrong", str(k))]
        copied = by[("s-copy", str(k))]
        same = key[("s-copy", k)] == key[("s-right", k)]
        assert copied["points"] == ("1" if same else "0"), copied
    assert all(key[("s-copy", k)] != key[("s-right", k)] for k in range(1, count + 1))
    assert by[("s-wrong", "2")]["note"] == "not answered"
    assert by[("s-wrong", "4")]["note"] == "wrong"
    assert by[("s-right", "total")]["points"] == by[("s-right", "total")]["max_points"]
    assert by[("s-right", "total")]["max_points"] == str(count)
    assert by[("s-cheat", "1")]["points"] == "0" and by[("s-cheat", "1")]["note"] == "wrong"
    assert by[("s-cheat", "2")]["points"] == "0" and "unreadable" in by[("s-cheat", "2")]["note"]
    assert by[("s-cheat", "total")]["points"] == "0"
    dup = by[("s-dup", "error")]
    assert dup["note"] == (
        f"2 neko_in notebooks in s-dup's folder ({GAME}-blank.ipynb, {GAME}-final.ipynb): keep one"
    )
    assert ("s-dup", "total") not in by and dup["points"] == "0"
    # stray is no student of the key; without the key it is a notebook of no class
    assert "not a student of the answer key" in by[("stray", "error")]["note"]
    # Without the key a graded notebook cannot be scored, and the grader says why.
    assert main([*args, "--out", str(classroom / "nokey.csv")]) == 1
    assert "not a nekolib classroom notebook" in (classroom / "nokey.csv").read_text()
    text = (classroom / "nokey.csv").read_text()
    assert "pass --key" in text


def test_right_wrong_checks_are_counted_and_the_grader_shows_the_counts(
    tmp_path: Path, capsys
) -> None:
    """A student checks a wrong answer, loops over the check three times, then does
    Restart & Run All: the saved check says "Check 5", the grader reports 5 (read from
    the notebook as handed in; its own run counts nothing)."""
    need_sandbox()
    from nbclient import NotebookClient

    student = "s001"  # with this secret s001 has right/wrong checks (most answers are too
    secret = tmp_path / "class_secret.txt"  # easy to guess on a GPU: form checks instead)
    secret.write_text(hashlib.sha256(b"lite-handin-5").hexdigest())
    write_classroom(
        [Student(student)], tmp_path / "class", [GAME], feedback="right-wrong", secret_file=secret
    )
    nb = nbformat.read(
        tmp_path / "class" / "students" / student / f"{GAME}-graded-{student}.ipynb", 4
    )
    checks = _feedback_cells(nb, "verify(")
    assert checks, "no right/wrong check in this notebook"
    check = checks[0]
    k = int(check.id.removeprefix("feedback-"))
    call = check.source.splitlines()[-1]
    salt = ast.literal_eval(ast.parse(call).body[0].value.args[2])
    for cell in nb.cells:
        if cell.source.startswith(f"answer_{k} = None"):
            cell.source = f"answer_{k} = Fraction(1, 3)"
    loop = nbformat.v4.new_code_cell(f"for _ in range(3):\n    {call}", id="mine")
    nb.cells.insert(nb.cells.index(check) + 1, loop)
    work = tmp_path / "work"
    work.mkdir()
    for _run in range(2):  # Run All, then Restart & Run All: the count goes on
        NotebookClient(
            nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(work)}}
        ).execute()
    (output,) = check.outputs
    assert output["metadata"]["nekolib"] == {"check": f"answer_{k}", "attempts": 5}
    assert f"Check 5 of `answer_{k}`" in output["data"]["text/plain"]
    log = work / ".nekolib_checks.json"
    assert json.loads(log.read_text()) == {salt: 8}  # the loop's last three are not shown
    handed_in = tmp_path / "handed_in" / student / f"{GAME}.ipynb"
    handed_in.parent.mkdir(parents=True)
    nbformat.write(nb, handed_in)
    key = tmp_path / "class" / "teacher" / "answer_key.csv"
    out_csv = tmp_path / "grades.csv"
    args = ["grade", str(tmp_path / "handed_in"), "--key", str(key), "--out", str(out_csv)]
    assert main([*args, "--timeout", "120", "--quiet"]) == 0
    assert "5 right/wrong checks" in capsys.readouterr().out
    with out_csv.open(newline="") as handle:
        rows = {r["exercise"]: r for r in csv.DictReader(handle)}
    assert rows[str(k)]["checks"] == "5" and rows[str(k)]["note"] == "wrong"
    assert rows["total"]["checks"] == "5"
    others = [r["checks"] for e, r in rows.items() if e not in (str(k), "total")]
    assert others == [""] * len(others)  # blank answers are not checked, so not counted
    assert not (handed_in.parent / ".nekolib_checks.json").exists()  # the grader's run
    assert json.loads(log.read_text()) == {salt: 8}
