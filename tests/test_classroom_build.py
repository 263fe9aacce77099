"""The classroom builder (no kernels): student notebooks hold no answer, checks are right.

Iterates over the whole exercise bank: every game with an ``exercises`` module is built
for three students, and each student notebook is searched for each of that student's
answers (as "p/q", ``Fraction(p, q)``, float repr and 4-decimal rounding, or as the
answer text) in its sources, outputs and metadata.
"""

from __future__ import annotations

import ast
import csv
import json
import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from nekolib.__main__ import main
from nekolib.classroom import (
    NUMBER,
    SET,
    Check,
    all_exercises,
    exercise,
    exercises_for,
    read_answer,
    variant_seed,
)
from nekolib.classroom.notebooks import (
    NBGRADER_STUB,
    answer_key_rows,
    classroom_games,
    nbgrader_notebook,
    nbgrader_seed,
    student_notebook,
    teacher_notebook,
    write_classroom,
)
from nekolib.classroom.roster import RosterError, Student, read_roster
from nekolib.core import NekoError

STUDENTS = [Student("ada", "Ada L."), Student("bob", "Bob M."), Student("cy-7", "")]
GAMES = classroom_games()
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("classroom")
    return write_classroom(STUDENTS, out)


def _cells(nb, kind: str | None = None):
    return [c for c in nb.cells if kind is None or c.cell_type == kind]


def _answer_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.search(r"(?<!\w)answer_\d+\s*=", line)]


def _all_text(nb) -> str:
    """Every source, output and the metadata, as plain text (newlines kept)."""
    parts = [json.dumps(nb.metadata)]
    for cell in nb.cells:
        parts.append(cell.source)
        parts.append(json.dumps(cell.metadata))
        for output in cell.get("outputs", []):
            parts.append(str(output.get("text", "")))
            parts.extend(str(v) for v in output.get("data", {}).values())
            parts.extend([str(output.get("evalue", "")), *output.get("traceback", [])])
    return "\n".join(parts)


def _word(text: str) -> re.Pattern[str]:
    """``text`` as a whole word (not inside a digest or another move), any case."""
    return re.compile(rf"(?<![\w-]){re.escape(text)}(?![\w-])", re.IGNORECASE)


def _leaks(nb, answer, kind: str) -> list[str]:
    """Every form of ``answer`` found in the notebook (whole JSON: sources, outputs, meta)."""
    text = _all_text(nb)
    code = "\n".join(c.source for c in _cells(nb, "code")) + json.dumps(nb.metadata)
    found = []
    if kind == NUMBER:
        value = Fraction(answer)
        p, q = value.numerator, value.denominator
        if q == 1:  # a bare integer is everywhere (seeds, points): only answer lines count
            for line in _answer_lines(_all_text(nb)):
                if re.search(rf"(?<![\w.]){p}(?![\w.])", line):
                    found.append(f"integer {p} in {line!r}")
            return found
        patterns = {
            "p/q": rf"(?<![\w./]){p}\s*/\s*{q}(?![\w/])",
            "Fraction(p, q)": rf"Fraction\(\s*{p}\s*,\s*{q}\s*\)",
            "float repr": rf"(?<![\w.]){re.escape(repr(float(value)))}(?!\d)",
            "4 decimals": rf"(?<![\w.]){re.escape(f'{float(value):.4f}')}(?!\d)",
        }
        for name, pattern in patterns.items():
            if re.search(pattern, text):
                found.append(f"{name} of {value}")
        return found
    items = sorted(answer) if kind == SET else [answer]
    joined = ",".join(items)
    if _word(joined).search(text):
        found.append(f"answer text {joined!r}")
    for item in items:  # a single move may be an example in the prose, never in code
        if _word(item).search(code):
            found.append(f"answer item {item!r} in code or metadata")
    return found


def test_bank_has_games_and_the_build_writes_the_documented_tree(built) -> None:
    assert GAMES, "the exercise bank is empty"
    out = built.out
    for student in STUDENTS:
        for game in GAMES:
            assert (out / "students" / student.id / f"{game}.ipynb").is_file()
    for game in GAMES:
        assert (out / "teacher" / f"{game}.ipynb").is_file()
        assert (out / "nbgrader" / "source" / game / f"{game}.ipynb").is_file()
    config = (out / "nbgrader" / "nbgrader_config.py").read_text()
    assert f"{NBGRADER_STUB!r}" in config and "ClearSolutions.code_stub" in config
    assert (out / "answer_key.csv").is_file()


@pytest.mark.parametrize("game", GAMES)
def test_student_notebooks_hold_none_of_their_answers(built, game: str) -> None:
    for student in STUDENTS:
        nb = nbformat.read(built.out / "students" / student.id / f"{game}.ipynb", as_version=4)
        nbformat.validate(nb)
        text = nbformat.writes(nb)
        assert "BEGIN SOLUTION" not in text and "Worked solution" not in text
        for ex in exercises_for(game):
            variant = ex.for_student(student.id)
            leaks = _leaks(nb, variant.answer, ex.kind)
            assert not leaks, f"{student.id} {ex.key}: {leaks}"
            if len(variant.worked) > 20:
                assert variant.worked not in text, f"{ex.key}: worked solution leaked"


def test_the_leak_search_finds_planted_answers() -> None:
    """The search above is not blind: plant each form and it is found."""
    ex = exercises_for(GAMES[0])[0]
    nb = student_notebook(STUDENTS[0], GAMES[0])
    assert not _leaks(nb, Fraction(3, 11), NUMBER)
    for planted in ("3/11", "Fraction(3, 11)", "0.2727272727272727", "0.2727"):
        nb.cells[0].source += f"\n{planted}"
        assert _leaks(nb, Fraction(3, 11), NUMBER), planted
        nb = student_notebook(STUDENTS[0], GAMES[0])
    nb.cells.append(nbformat.v4.new_code_cell("answer_1 = 42"))
    assert _leaks(nb, 42, NUMBER)
    nb.cells[-1].source = "answer_1 = None  # 41 is not it"
    assert not _leaks(nb, 42, NUMBER)
    nb.metadata["x"] = "c2-c3"
    assert _leaks(nb, frozenset({"c2-c3", "a1-b1"}), SET)
    assert ex.key  # the bank's first exercise exists


@pytest.mark.parametrize("game", GAMES)
def test_student_notebook_cells_and_metadata(game: str) -> None:
    student = STUDENTS[1]
    nb = student_notebook(student, game)
    meta = nb.metadata["nekolib"]
    assert meta["student"] == student.id and meta["game"] == game
    exercises = exercises_for(game)
    assert [e["key"] for e in meta["exercises"]] == [e.key for e in exercises]
    sources = [c.source for c in _cells(nb, "code")]
    assert all(
        not c.get("outputs") and c.get("execution_count") is None for c in _cells(nb, "code")
    )
    for k, (item, ex) in enumerate(zip(meta["exercises"], exercises, strict=True), start=1):
        assert item["name"] == f"answer_{k}"
        assert item["seed"] == variant_seed(student.id, ex.key)
        assert item["points"] == ex.points
        assert f"answer_{k} = None  # your answer" in sources
        assert f"check_{k}(answer_{k})" in sources
        assert (f"check_{k}.picture()" in sources) == (ex.position is not None)


def _as_notebook(text: str):
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(text)])


def _check_of(nb, k: int) -> Check:
    """Rebuild ``check_k`` from its cell (key, seed, digest literals) without a kernel."""
    source = next(c.source for c in _cells(nb, "code") if c.source.startswith(f"check_{k} ="))
    call = ast.parse(source).body[0].value
    return Check(*[ast.literal_eval(arg) for arg in call.args])


@pytest.mark.parametrize("game", GAMES)
def test_each_check_accepts_the_right_answer_and_refuses_a_wrong_one(game: str) -> None:
    student = STUDENTS[2]
    nb = student_notebook(student, game)
    for k, ex in enumerate(exercises_for(game), start=1):
        check = _check_of(nb, k)
        answer = ex.for_student(student.id).answer
        assert check.passed(answer)
        assert check.passed(str(answer) if ex.kind == NUMBER else answer)
        wrong = answer + Fraction(1, 7) if ex.kind == NUMBER else "zz9-zz9"
        assert not check.passed(wrong)
        for _ in range(4):  # every hint in turn, never the answer
            feedback = check(wrong)
            assert feedback.status == "wrong"
            assert not _leaks(_as_notebook(feedback.message), answer, ex.kind), ex.key
        assert check(None).status == "not answered"


def test_two_students_get_different_numbers_for_every_exercise() -> None:
    for key, ex in all_exercises().items():
        variants = [ex.for_student(s.id) for s in STUDENTS]
        assert len({v.prompt for v in variants}) >= 2, f"{key}: every student has one prompt"
        assert len({v.canonical for v in variants}) >= 2, f"{key}: every student has one answer"


def test_answer_key_lists_every_student_answer(built) -> None:
    with (built.out / "answer_key.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    expected = sum(len(exercises_for(g)) for g in GAMES) * len(STUDENTS)
    assert len(rows) == expected
    for row in rows:
        ex = exercise(row["key"])
        seed = int(row["seed"])
        assert seed == variant_seed(row["student"], row["key"])
        text = row["answer"]
        problem, value = read_answer(text.split(",") if ex.kind == SET else text, ex.kind)
        assert problem is None
        assert value == ex.variant(seed).answer
        assert int(row["points"]) == ex.points
    assert answer_key_rows(STUDENTS[:1], GAMES[:1])[0]["student"] == STUDENTS[0].id


@pytest.mark.parametrize("game", GAMES)
def test_teacher_notebook_fills_the_demo_answers(game: str) -> None:
    nb = teacher_notebook(game)
    code = [c.source for c in _cells(nb, "code")]
    for k, ex in enumerate(exercises_for(game), start=1):
        demo = ex.demo_variant()
        line = next(s for s in code if s.startswith(f"answer_{k} ="))
        value = eval(line.split("=", 1)[1], {"Fraction": Fraction})  # our own literal
        assert read_answer(value, ex.kind) == (None, demo.answer)
        assert _check_of(nb, k).passed(value)


@pytest.mark.parametrize("game", GAMES)
def test_nbgrader_source_marks_solutions_and_hidden_tests(game: str) -> None:
    course = "stats-101"
    nb = nbgrader_notebook(game, course)
    graded = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")]
    solutions = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution")]
    exercises = exercises_for(game)
    assert len(graded) == len(solutions) == len(exercises)
    ids = [c.metadata["nbgrader"]["grade_id"] for c in nb.cells]
    assert len(ids) == len(set(ids)) and all(c.metadata["nbgrader"]["locked"] for c in graded)
    for k, (ex, sol, test) in enumerate(zip(exercises, solutions, graded, strict=True), 1):
        variant = ex.variant(nbgrader_seed(course, ex.key))
        assert sol.source.startswith(f"answer_{k} = None\n### BEGIN SOLUTION\n")
        assert sol.source.endswith("### END SOLUTION") and not sol.metadata["nbgrader"]["locked"]
        namespace = {"Fraction": Fraction}
        exec(sol.source, namespace)  # our own generated cell
        assert read_answer(namespace[f"answer_{k}"], ex.kind) == (None, variant.answer)
        assert "### BEGIN HIDDEN TESTS" in test.source and "### END HIDDEN TESTS" in test.source
        assert test.metadata["nbgrader"]["points"] == ex.points
    assert nbgrader_seed(course, exercises[0].key) != nbgrader_seed("other", exercises[0].key)


# --- roster -------------------------------------------------------------------------


def _roster(tmp_path: Path, text: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / "roster.csv"
    path.write_text(text, encoding=encoding)
    return path


def test_roster_reads_ids_names_bom_and_extra_columns(tmp_path: Path) -> None:
    path = _roster(tmp_path, "\ufeffName,ID,email\nAda,s1,a@x\n\n Bob , s2 ,b@x\n")
    assert read_roster(path) == [Student("s1", "Ada"), Student("s2", "Bob")]
    assert read_roster(_roster(tmp_path, "id\nx.y@z\n")) == [Student("x.y@z", "")]
    assert len(read_roster(ROOT / "docs" / "classroom" / "roster_example.csv")) >= 3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("name,email\nAda,a@x\n", "no 'id' column"),
        ("id,name\n", "no students"),
        ("id,name\ns1,Ada\nS1,Bob\n", "already on line 2"),
        ("id,name\n../evil,Eve\n", "'/'"),
        ("id,name\n ,Nobody\n", "empty"),
        ("id,name\n.hidden,Eve\n", "dot"),
        ("name,id\nAda\n", "no value in the 'id' column"),
    ],
)
def test_roster_errors_say_what_is_wrong(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(RosterError, match=re.escape(message)):
        read_roster(_roster(tmp_path, text))


def test_roster_missing_and_binary_files(tmp_path: Path) -> None:
    with pytest.raises(RosterError, match="no roster file"):
        read_roster(tmp_path / "nope.csv")
    (tmp_path / "bin.csv").write_bytes(b"id,name\n\xff\xfe\x00")
    with pytest.raises(RosterError, match="not UTF-8"):
        read_roster(tmp_path / "bin.csv")
    assert issubclass(RosterError, NekoError)


def test_cli_reports_a_bad_roster_and_unknown_game(tmp_path: Path, capsys) -> None:
    bad = _roster(tmp_path, "name\nAda\n")
    assert main(["classroom", "--roster", str(bad), "--out", str(tmp_path / "o")]) == 2
    assert "no 'id' column" in capsys.readouterr().err
    good = _roster(tmp_path, "id,name\ns1,Ada\n")
    args = ["classroom", "--roster", str(good), "--out", str(tmp_path / "o"), "--games", "chess"]
    assert main(args) == 2
    assert "no exercises for chess" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_cli_builds_one_game(tmp_path: Path, capsys) -> None:
    good = _roster(tmp_path, "id,name\ns1,Ada\ns2,Bob\n")
    out = tmp_path / "class"
    game = GAMES[0]
    args = ["classroom", "--roster", str(good), "--out", str(out), "--games", game, "--quiet"]
    assert main(args) == 0
    assert "2 students x 1 games" in capsys.readouterr().out
    assert sorted(p.name for p in (out / "students").iterdir()) == ["s1", "s2"]
    assert [p.name for p in (out / "students" / "s1").iterdir()] == [f"{game}.ipynb"]
    with pytest.raises(NekoError, match="no students"):
        write_classroom([], out)


def test_a_check_rebuilds_the_variant_it_was_made_for() -> None:
    """Seed 0 is the demo: a teacher/game-notebook check shows the demo's prompt and hints."""
    for key, ex in all_exercises().items():
        for variant in (ex.demo_variant(), ex.for_student("ada")):
            check = Check(key, variant.seed, variant.digest)
            assert check.prompt == variant.prompt, key
            assert check._variant.hints == variant.hints, key
            assert check.passed(variant.answer), key
