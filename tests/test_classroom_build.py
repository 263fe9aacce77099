"""The classroom builder (no kernels): student notebooks hold no answer, checks are right.

Iterates over the whole exercise bank: every game with an ``exercises`` module is built
for three students in graded mode (the default) and in practice mode, and each student
notebook is searched for each of that student's answers (as "p/q", ``Fraction(p, q)``,
float repr and 4-decimal rounding, or as the answer text) in its sources, outputs,
attachments and metadata. (The attacker that runs the notebooks is in
``tests/test_classroom_attack.py``.)
"""

from __future__ import annotations

import ast
import base64
import csv
import json
import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from _stub_pictures import stub_pngs

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
from nekolib.classroom.answers import canonical_answer
from nekolib.classroom.bank import notes_for
from nekolib.classroom.graded import verify
from nekolib.classroom.guessing import TOO_FEW_NOTE, feedback_for
from nekolib.classroom.handout import CHECK_IMPORT, check_call, graded_notebook, graded_variants
from nekolib.classroom.hidden_test import _nk_same
from nekolib.classroom.nbgrader_course import NBGRADER_STUB, nbgrader_notebook, nbgrader_student
from nekolib.classroom.notebooks import (
    answer_key_rows,
    classroom_games,
    handout_filename,
    practice_notebook,
    teacher_notebook,
    write_classroom,
)
from nekolib.classroom.roster import RosterError, Student, read_roster
from nekolib.classroom.secret import class_seed, item_salt
from nekolib.core import NekoError

STUDENTS = [Student("ada", "Ada L."), Student("bob", "Bob M."), Student("cy-7", "")]
GAMES = classroom_games()
ROOT = Path(__file__).resolve().parent.parent
SECRET = "f" * 64


@pytest.fixture(autouse=True)
def _no_check_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """verify() counts checks in a file in the working folder: not in the repository."""
    monkeypatch.setenv("NEKOLIB_CHECK_LOG", "off")


REAL_PICTURES = {
    "test_graded_notebook_cells_metadata_and_pictures",
    "test_practice_notebook_cells_and_metadata",
}
"""The tests that look at the PNGs; the others build with a stand-in (tests/_stub_pictures.py)."""


@pytest.fixture(autouse=True)
def _pictures(request: pytest.FixtureRequest):
    if request.function.__name__ in REAL_PICTURES:
        yield
    else:
        with stub_pngs():
            yield


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("classroom")
    with stub_pngs():
        return write_classroom(STUDENTS, out)


@pytest.fixture(scope="module")
def practice_built(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("practice")
    with stub_pngs():
        return write_classroom(STUDENTS, out, mode="practice")


def _cells(nb, kind: str | None = None):
    return [c for c in nb.cells if kind is None or c.cell_type == kind]


def _answer_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.search(r"(?<!\w)answer_\d+\s*=", line)]


def _all_text(nb) -> str:
    """Every source, output, attachment and the metadata, as plain text (newlines kept)."""
    parts = [json.dumps(nb.metadata)]
    for cell in nb.cells:
        parts.append(cell.source)
        parts.append(json.dumps(cell.metadata))
        parts.append(json.dumps(cell.get("attachments", {})))
        for output in cell.get("outputs", []):
            parts.append(str(output.get("text", "")))
            for mime, value in output.get("data", {}).items():
                if mime == "image/svg+xml":  # its words, not its coordinates
                    parts.extend(re.findall(r">([^<>]+)<", str(value)))
                elif not mime.startswith("image/"):
                    parts.append(str(value))
            parts.extend([str(output.get("evalue", "")), *output.get("traceback", [])])
    return "\n".join(parts)


def _word(text: str) -> re.Pattern[str]:
    """``text`` as a whole word (not inside a digest or another move), any case."""
    return re.compile(rf"(?<![\w-]){re.escape(text)}(?![\w-])", re.IGNORECASE)


def _leaks(nb, answer, kind: str) -> list[str]:
    """Every form of ``answer`` found in the notebook (whole JSON: sources, outputs, meta).

    The game's notes cell is left out: it is the same text in every student's notebook
    (checked below), so a move it gives as an example tells nobody their answer.
    """
    nb = nbformat.from_dict(nb)
    nb.cells = [c for c in nb.cells if c.get("id") != "notes"]
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


def _graded(student: Student, game: str, feedback: str = "form"):
    return graded_notebook(student, game, SECRET, feedback)


def _secret_of(built) -> str:
    return (built.out / "teacher" / "class_secret.txt").read_text().strip()


def test_bank_has_games_and_the_build_writes_the_documented_tree(built) -> None:
    assert GAMES, "the exercise bank is empty"
    out = built.out
    assert built.mode == "graded" and built.feedback == "form"
    for student in STUDENTS:
        for game in GAMES:
            assert (out / "students" / student.id / handout_filename(game, student.id)).is_file()
    for game in GAMES:
        assert (out / "teacher" / f"{game}.ipynb").is_file()
        assert (out / "nbgrader" / "source" / game / f"{game}-graded.ipynb").is_file()
    config = (out / "nbgrader" / "nbgrader_config.py").read_text()
    assert f"{NBGRADER_STUB!r}" in config and "ClearSolutions.code_stub" in config
    assert (out / "teacher" / "answer_key.csv").is_file()
    secret = _secret_of(built)
    assert len(secret) == 64 and (out / "teacher" / "class_secret.txt").stat().st_mode & 0o077 == 0
    for path in (out / "students").rglob("*"):  # the secret is only in the teacher's folder
        assert path.is_dir() or secret not in path.read_text()


@pytest.mark.parametrize("game", GAMES)
def test_graded_notebooks_hold_no_answer_seed_key_or_check(built, game: str) -> None:
    secret = _secret_of(built)
    for student in STUDENTS:
        nb = nbformat.read(
            built.out / "students" / student.id / handout_filename(game, student.id), 4
        )
        nbformat.validate(nb)
        text = nbformat.writes(nb)
        assert "BEGIN SOLUTION" not in text and "Worked solution" not in text
        assert "Check" not in text and "nekolib.classroom import" not in text
        sources = "\n".join(c.source for c in nb.cells)
        (notes,) = [c.source for c in nb.cells if c.get("id") == "notes"]
        assert notes == notes_for(game)
        variants = graded_variants(game, secret, student.id)
        for ex, variant in zip(exercises_for(game), variants, strict=True):
            assert ex.key not in text and str(variant.seed) not in text
            leaks = _leaks(nb, variant.answer, ex.kind)
            assert not leaks, f"{student.id} {ex.key}: {leaks}"
            assert variant.prompt in sources  # the numbers are written into the prompt
        assert re.search(r"[0-9a-f]{24}", "".join(c.source for c in nb.cells)) is None


@pytest.mark.parametrize("game", GAMES)
def test_practice_notebooks_hold_none_of_their_answers(practice_built, game: str) -> None:
    for student in STUDENTS:
        path = practice_built.out / "students" / student.id / f"{game}-practice-{student.id}.ipynb"
        nb = nbformat.read(path, as_version=4)
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
    nb = practice_notebook(STUDENTS[0], GAMES[0])
    assert not _leaks(nb, Fraction(3, 11), NUMBER)
    for planted in ("3/11", "Fraction(3, 11)", "0.2727272727272727", "0.2727"):
        nb.cells[0].source += f"\n{planted}"
        assert _leaks(nb, Fraction(3, 11), NUMBER), planted
        nb = practice_notebook(STUDENTS[0], GAMES[0])
    nb.cells.append(nbformat.v4.new_code_cell("answer_1 = 42"))
    assert _leaks(nb, 42, NUMBER)
    nb.cells[-1].source = "answer_1 = None  # 41 is not it"
    assert not _leaks(nb, 42, NUMBER)
    nb.metadata["x"] = "c2-c3"
    assert _leaks(nb, frozenset({"c2-c3", "a1-b1"}), SET)
    nb.cells[0]["attachments"] = {"x.txt": {"text/plain": "5/13"}}
    assert _leaks(nb, Fraction(5, 13), NUMBER)
    assert ex.key  # the bank's first exercise exists


@pytest.mark.parametrize("game", GAMES)
def test_graded_notebook_cells_metadata_and_pictures(game: str) -> None:
    student = STUDENTS[1]
    exercises = exercises_for(game)
    for feedback, call in (("form", "recorded("), ("right-wrong", "verify("), ("none", None)):
        nb = _graded(student, game, feedback)
        meta = nb.metadata["nekolib"]
        assert meta["student"] == student.id and meta["game"] == game
        assert meta["mode"] == "graded" and meta["feedback"] == feedback
        assert [e["name"] for e in meta["exercises"]] == [
            f"answer_{k}" for k in range(1, len(exercises) + 1)
        ]
        sources = [c.source for c in _cells(nb, "code")]
        feedback_cells = [c for c in _cells(nb, "code") if c.get("id", "").startswith("feedback-")]
        checks = [check_call(c.source) for c in feedback_cells]
        assert all(c.source.startswith(CHECK_IMPORT.split("{")[0]) for c in feedback_cells)
        assert len(checks) == (len(exercises) if call else 0)
        assert sum(s.startswith("answer_") for s in sources) == len(exercises)
        if feedback == "right-wrong":  # right/wrong where it cannot be ground out, else form
            variants = graded_variants(game, SECRET, student.id)
            given = [feedback_for(v, "right-wrong") for v in variants]
            assert [e["feedback"] for e in meta["exercises"]] == given
            for check, gets in zip(checks, given, strict=True):
                assert check.startswith("verify(" if gets == "right-wrong" else "recorded(")
                assert (TOO_FEW_NOTE in check) is (gets == "form")
            fallback = [str(k) for k, g in enumerate(given, start=1) if g == "form"]
            title = nb.cells[0].source
            assert (TOO_FEW_NOTE in title) is bool(fallback)
        else:
            assert all(s.startswith(call) for s in checks)
            assert {e["feedback"] for e in meta["exercises"]} == {feedback}
        assert all(not c.get("outputs") for c in _cells(nb, "code"))
    pictures = [c for c in _cells(nb, "markdown") if c.get("attachments")]
    assert len(pictures) == sum(ex.position is not None for ex in exercises)
    for cell in pictures:  # a PNG, shown by an untrusted notebook without running anything
        (name, bundle), *_ = cell.attachments.items()
        assert name.endswith(".png") and f"(attachment:{name})" in cell.source
        assert base64.b64decode(bundle["image/png"]).startswith(b"\x89PNG")


@pytest.mark.parametrize("game", GAMES)
def test_right_wrong_digests_accept_the_answer_and_differ_between_students(game: str) -> None:
    exercises = exercises_for(game)
    digests = {}
    for student in STUDENTS[:2]:
        nb = _graded(student, game, "right-wrong")
        calls = [
            check_call(c.source)
            for c in _cells(nb, "code")
            if c.get("id", "").startswith("feedback-")
        ]
        for ex, variant, source in zip(
            exercises, graded_variants(game, SECRET, student.id), calls, strict=True
        ):
            if not source.startswith("verify("):
                assert feedback_for(variant, "right-wrong") == "form", ex.key
                continue
            args = [ast.literal_eval(a) for a in ast.parse(source).body[0].value.args[1:]]
            kind, salt, digest, _name = args
            assert salt == item_salt(SECRET, student.id, ex.key)
            assert verify(variant.answer, kind, salt, digest).right
            wrong = variant.answer + Fraction(1, 7) if kind == NUMBER else "zz9-zz9"
            assert verify(wrong, kind, salt, digest).status == "wrong"
            digests[(student.id, ex.key)] = digest
        break  # one student is enough for the PBKDF2-costly checks; salts differ below
    other = STUDENTS[1].id
    for ex in exercises:
        assert item_salt(SECRET, STUDENTS[0].id, ex.key) != item_salt(SECRET, other, ex.key)
    assert len(set(digests.values())) == len(digests)


@pytest.mark.parametrize("game", GAMES)
def test_practice_notebook_cells_and_metadata(game: str) -> None:
    student = STUDENTS[1]
    nb = practice_notebook(student, game)
    meta = nb.metadata["nekolib"]
    assert meta["student"] == student.id and meta["game"] == game and meta["mode"] == "practice"
    exercises = exercises_for(game)
    assert [e["key"] for e in meta["exercises"]] == [e.key for e in exercises]
    sources = [c.source for c in _cells(nb, "code")]
    for k, (item, ex) in enumerate(zip(meta["exercises"], exercises, strict=True), start=1):
        assert item["name"] == f"answer_{k}"
        assert item["seed"] == variant_seed(student.id, ex.key)
        assert item["points"] == ex.points
        assert f"answer_{k} = None  # your answer" in sources
        assert f"check_{k}(answer_{k})" in sources
        assert (f"check_{k}.picture()" in sources) == (ex.position is not None)
    for cell in _cells(nb, "code"):  # pictures are saved as SVG and PNG; nothing else ran
        if ".picture()" in cell.source:
            (output,) = cell.outputs
            assert {"image/svg+xml", "image/png"} <= set(output["data"])
        else:
            assert not cell.get("outputs") and cell.get("execution_count") is None


def _as_notebook(text: str):
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(text)])


def _check_of(nb, k: int) -> Check:
    """Rebuild ``check_k`` from its cell (key, seed, digest literals) without a kernel."""
    source = next(c.source for c in _cells(nb, "code") if c.source.startswith(f"check_{k} ="))
    call = ast.parse(source).body[0].value
    return Check(*[ast.literal_eval(arg) for arg in call.args])


@pytest.mark.parametrize("game", GAMES)
def test_each_practice_check_accepts_the_right_answer_and_refuses_a_wrong_one(game: str) -> None:
    student = STUDENTS[2]
    nb = practice_notebook(student, game)
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
        for seed_of in (
            lambda s, k: variant_seed(s, k),
            lambda s, k: class_seed(SECRET, s, k),
        ):
            variants = [ex.variant(seed_of(s.id, key)) for s in STUDENTS]
            assert len({v.prompt for v in variants}) >= 2, f"{key}: every student has one prompt"
            assert len({v.canonical for v in variants}) >= 2, f"{key}: one answer for all"


def test_graded_numbers_come_from_the_class_secret_and_survive_a_rebuild(tmp_path: Path) -> None:
    game = GAMES[0]
    first = write_classroom(STUDENTS[:1], tmp_path / "c", [game])
    path = first.out / "students" / STUDENTS[0].id / handout_filename(game, STUDENTS[0].id)
    before = path.read_text()
    write_classroom(STUDENTS[:1], tmp_path / "c", [game])  # the secret file is reused
    assert path.read_text() == before
    other = write_classroom(STUDENTS[:1], tmp_path / "d", [game])  # a new class: a new secret
    assert _secret_of(other) != _secret_of(first)
    assert (
        other.out / "students" / STUDENTS[0].id / handout_filename(game, STUDENTS[0].id)
    ).read_text() != before
    with pytest.raises(NekoError, match="at least 32"):
        class_seed("short", "s", "k")


def test_answer_key_lists_every_student_answer(built, practice_built) -> None:
    for build, seed_of in (
        (built, lambda s, k: class_seed(_secret_of(built), s, k)),
        (practice_built, variant_seed),
    ):
        with (build.out / "teacher" / "answer_key.csv").open(newline="") as handle:
            rows = list(csv.DictReader(handle))
        expected = sum(len(exercises_for(g)) for g in GAMES) * len(STUDENTS)
        assert len(rows) == expected
        for row in rows:
            ex = exercise(row["key"])
            seed = int(row["seed"])
            assert seed == seed_of(row["student"], row["key"])
            text = row["answer"]
            problem, value = read_answer(text.split(",") if ex.kind == SET else text, ex.kind)
            assert problem is None
            assert value == ex.variant(seed).answer
            assert int(row["points"]) == ex.points and row["kind"] == ex.kind
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
    nb = nbgrader_notebook(game, course, SECRET)
    graded = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")]
    solutions = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution")]
    exercises = exercises_for(game)
    assert len(graded) == len(solutions) == len(exercises)
    ids = [c.metadata["nbgrader"]["grade_id"] for c in nb.cells]
    assert len(ids) == len(set(ids)) and all(c.metadata["nbgrader"]["locked"] for c in graded)
    assert "the whole class's" in nb.cells[0].source  # honest: one variant for the class
    who = nbgrader_student(course).id
    for k, (ex, sol, test) in enumerate(zip(exercises, solutions, graded, strict=True), 1):
        variant = ex.variant(class_seed(SECRET, who, ex.key))
        assert sol.source.startswith(f"answer_{k} = None\n### BEGIN SOLUTION\n")
        assert sol.source.endswith("### END SOLUTION") and not sol.metadata["nbgrader"]["locked"]
        namespace = {"Fraction": Fraction}
        exec(sol.source, namespace)  # our own generated cell
        assert read_answer(namespace[f"answer_{k}"], ex.kind) == (None, variant.answer)
        assert "### BEGIN HIDDEN TESTS" in test.source and "### END HIDDEN TESTS" in test.source
        assert test.metadata["nbgrader"]["points"] == ex.points
        hidden = test.source.split("### BEGIN HIDDEN TESTS\n")[1].split("### END")[0]
        exec(hidden, dict(namespace))  # the right answer passes the stdlib-only test
        wrong = variant.answer + Fraction(1, 7) if ex.kind == NUMBER else "zz9-zz9"
        with pytest.raises(AssertionError):
            exec(hidden, {f"answer_{k}": wrong})
        assert "nekolib" not in hidden and "Check" not in hidden
        assert _nk_same(
            namespace[f"answer_{k}"], ex.kind, canonical_answer(variant.answer, ex.kind)
        )
    other = nbgrader_notebook(game, "other", SECRET)
    assert nbformat.writes(other) != nbformat.writes(nb)


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


@pytest.mark.parametrize("separator", [",", ";", "\t"])
def test_roster_reads_comma_semicolon_and_tab(tmp_path: Path, separator: str) -> None:
    text = separator.join(["id", "name"]) + "\n" + separator.join(["s1", "Ada, L."]) + "\n"
    if separator == ",":
        text = 'id,name\ns1,"Ada, L."\n'
    assert read_roster(_roster(tmp_path, text)) == [Student("s1", "Ada, L.")]


def test_roster_without_an_id_column_names_the_separators(tmp_path: Path) -> None:
    with pytest.raises(RosterError, match="comma, a semicolon or a tab"):
        read_roster(_roster(tmp_path, "id|name\ns1|Ada\n"))


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
    assert [p.name for p in (out / "students" / "s1").iterdir()] == [f"{game}-graded-s1.ipynb"]
    with pytest.raises(NekoError, match="no students"):
        write_classroom([], out)


def test_cli_modes_and_feedback(tmp_path: Path, capsys) -> None:
    good = _roster(tmp_path, "id;name\ns1;Ada\n")
    game = GAMES[0]
    for mode, feedback, needle in (
        ("practice", "form", "Check("),
        ("graded", "none", None),
        ("graded", "right-wrong", "verify("),
    ):
        out = tmp_path / f"{mode}-{feedback}"
        args = ["classroom", "--roster", str(good), "--out", str(out), "--games", game]
        assert main([*args, "--mode", mode, "--feedback", feedback, "--quiet"]) == 0
        printed = capsys.readouterr().out
        assert f"{mode} mode" in printed
        assert ("right/wrong checks:" in printed) is (feedback == "right-wrong")
        text = (out / "students" / "s1" / f"{game}-{mode}-s1.ipynb").read_text()
        if feedback == "right-wrong":  # verify where it cannot be ground out, else form + why
            assert text.count("verify(") + text.count(TOO_FEW_NOTE) >= len(exercises_for(game))
            key = (out / "teacher" / "answer_key.csv").read_text()
            assert "feedback" in key.splitlines()[0] and "guesses" in key.splitlines()[0]
            assert "Can the checks be ground out?" in (out / "teacher" / "guessing.md").read_text()
        else:
            assert (needle in text) if needle else "recorded(" not in text and "verify(" not in text


def test_a_check_rebuilds_the_variant_it_was_made_for() -> None:
    """Seed 0 is the demo: a teacher/game-notebook check shows the demo's prompt and hints."""
    for key, ex in all_exercises().items():
        for variant in (ex.demo_variant(), ex.for_student("ada")):
            check = Check(key, variant.seed, variant.digest)
            assert check.prompt == variant.prompt, key
            assert check._variant.hints == variant.hints, key
            assert check.passed(variant.answer), key


def test_cli_report_prints_the_spread_per_exercise(tmp_path: Path, capsys) -> None:
    roster = _roster(tmp_path, "id\tname\n" + "".join(f"s{i:03}\tS{i}\n" for i in range(1, 7)))
    game = "neko_boss"
    args = ["classroom", "--roster", str(roster), "--out", str(tmp_path / "o"), "--report"]
    assert main([*args, "--games", game]) == 0
    out = capsys.readouterr().out
    assert "6 students, graded mode" in out
    for ex in exercises_for(game):
        assert ex.key in out or ex.title in out
    assert "Can the checks be ground out? (form feedback)" in out  # the default feedback
    assert "form (all 6)" in out and "right/wrong checks per CPU second" in out
    for ex in exercises_for(game):  # the board in the prompt + Exercise.solve (threat model)
        assert f"| {ex.key} | yes (2 of 2) | prompt parsing + solve |" in out
    assert not (tmp_path / "o" / "students").exists()  # a report writes no notebooks
