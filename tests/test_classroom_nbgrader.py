"""nbgrader takes the generated course folder as it is: generate_assignment, autograde.

Right answers (as ``Fraction(p, q)`` and as ``p/q`` typed without quotes) get full
marks; wrong ones zero; a student who patches ``Check``, ``recorded``, ``read_answer``
and other nekolib functions, or hands in an object equal to everything, gets zero for
those items (the hidden tests use only the standard library).

Skipped when nbgrader is not installed (``pip install -e ".[classroom-test]"``); with
``NEKOLIB_NBGRADER_REQUIRED=1`` (CI) a missing nbgrader is a failure instead.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from nekolib.classroom import exercise, exercises_for
from nekolib.classroom.nbgrader_course import nbgrader_student
from nekolib.classroom.notebooks import write_classroom
from nekolib.classroom.roster import Student
from nekolib.classroom.secret import class_seed

GAME = "neko_in"
COURSE = "cats-101"

try:
    from nbgrader.api import Gradebook
except ImportError:  # pragma: no cover - depends on the extra being installed
    if os.environ.get("NEKOLIB_NBGRADER_REQUIRED") == "1":
        raise
    pytest.skip(
        'nbgrader is not installed: pip install -e ".[classroom-test]"'
        " (NEKOLIB_NBGRADER_REQUIRED=1 makes this a failure)",
        allow_module_level=True,
    )


def _nbgrader(course: Path, *args: str) -> str:
    env = dict(os.environ)  # nbgrader runs the `alembic` script from the same environment
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    log = done.stdout + done.stderr
    assert done.returncode == 0, log[-3000:]
    errors = [line for line in log.splitlines() if _NBGRADER_ERROR.search(line)]
    assert not errors, log[-3000:]
    return log


# nbgrader's own errors ("[AutogradeApp | ERROR] ..."). A kernel that nbgrader shuts down
# may log "ERROR:tornado.general" from ipykernel's control thread racing the socket close
# (zmq "Socket operation on non-socket"); that is the kernel's teardown, not a grading error.
_NBGRADER_ERROR = re.compile(r"\[\w+ \| (ERROR|CRITICAL)\]")


def _answers(secret: str) -> dict[int, Fraction]:
    who = nbgrader_student(COURSE).id
    return {
        k: exercise(ex.key).variant(class_seed(secret, who, ex.key)).answer
        for k, ex in enumerate(exercises_for(GAME), start=1)
    }


CHEAT = (
    "import nekolib.classroom as _nc, nekolib.classroom.answers as _a\n"
    "import nekolib.classroom.check as _c, nekolib.classroom.graded as _g\n"
    "_c.Check.passed = lambda self, answer: True\n"
    "_g.recorded = _nc.recorded = recorded = lambda *a, **k: None\n"
    "_a.read_answer = lambda value, kind='number': (None, value)\n"
    "_a.answers_agree = lambda *a, **k: True\n"
    "class _Liar:\n    __eq__ = lambda self, other: True\n    __hash__ = object.__hash__\n"
)


def _submit(
    course: Path, student: str, answers: dict[int, Fraction], style: str = "fraction"
) -> None:
    nb = nbformat.read(course / "release" / GAME / f"{GAME}-graded.ipynb", as_version=4)
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
        k = int(grade_id.split("_")[1]) if grade_id.startswith("answer_") else None
        if k in answers:
            value = Fraction(answers[k])
            if style == "natural":  # p/q with no quotes: a float in Python
                cell.source = f"answer_{k} = {value.numerator}/{value.denominator}"
            elif style == "cheat":
                cell.source = CHEAT + f"answer_{k} = _Liar()"
            else:
                cell.source = f"answer_{k} = Fraction({value.numerator}, {value.denominator})"
    path = course / "submitted" / student / GAME / f"{GAME}-graded.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(nb, path)


def test_generate_assignment_and_autograde(tmp_path: Path) -> None:
    write_classroom([Student("unused")], tmp_path, [GAME], course=COURSE)
    secret = (tmp_path / "teacher" / "class_secret.txt").read_text().strip()
    course = tmp_path / "nbgrader"
    _nbgrader(course, "generate_assignment", GAME)

    released = nbformat.read(course / "release" / GAME / f"{GAME}-graded.ipynb", as_version=4)
    text = nbformat.writes(released)
    assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text
    answers = _answers(secret)
    count = len(answers)
    assert "the whole class's" in text
    stubs = [c.source for c in released.cells if c.source.startswith("answer_")]
    assert stubs == [f"answer_{k} = None\n# YOUR ANSWER HERE" for k in range(1, count + 1)]
    for value in answers.values():
        value = Fraction(value)
        assert f"Fraction({value.numerator}, {value.denominator})" not in text
        if value.denominator > 1:
            assert f"{value.numerator}/{value.denominator}" not in text

    wrong = {k: v + Fraction(1, 7) if k % 2 else v for k, v in answers.items()}
    _submit(course, "alice", answers)
    _submit(course, "bob", wrong)
    _submit(course, "carol", answers, "natural")
    _submit(course, "eve", {k: v for k, v in answers.items() if k <= 3}, "cheat")
    _nbgrader(course, "autograde", GAME, "--create")

    points = {k: ex.points for k, ex in enumerate(exercises_for(GAME), start=1)}
    bob_scores = {f"check_{k}": (0 if k % 2 else p) for k, p in points.items()}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        alice = gradebook.find_submission(GAME, "alice")
        bob = gradebook.find_submission(GAME, "bob")
        assert alice.max_score == sum(points.values()) == alice.score
        assert bob.score == sum(bob_scores.values())
        assert gradebook.find_submission(GAME, "carol").score == alice.max_score
        assert gradebook.find_submission(GAME, "eve").score == 0
        notebook = gradebook.find_submission_notebook(f"{GAME}-graded", GAME, "bob")
        scores = {grade.name: grade.score for grade in notebook.grades}
    assert scores == bob_scores


def _documented_bwrap_command() -> str:
    """The bwrap line docs/classroom.md gives for nbgrader autograde (tested as written)."""
    text = (Path(__file__).parents[1] / "docs" / "classroom.md").read_text()
    block = text[text.index("```bash\nbwrap ") + len("```bash\n") :]
    return block[: block.index("```")].replace("\\\n", " ").strip()


@pytest.mark.slow
def test_autograde_in_the_documented_sandbox_cannot_read_or_write_the_teachers_folder(
    tmp_path: Path,
) -> None:
    """The docs' bwrap command for ``nbgrader autograde``: grades as before; a submission
    that reads the class secret, plants a file in teacher/ and connects to a server on
    127.0.0.1 reads nothing, plants nothing and connects nowhere."""
    import socket

    from _sandbox import need_sandbox

    need_sandbox()
    write_classroom([Student("unused")], tmp_path, [GAME], course=COURSE)
    teacher = tmp_path / "teacher"
    secret = (teacher / "class_secret.txt").read_text().strip()
    course = tmp_path / "nbgrader"
    _nbgrader(course, "generate_assignment", GAME)
    answers = _answers(secret)
    _submit(course, "alice", answers)
    _submit(course, "mallory", answers)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.5)
    attack = (
        f"try:\n    open({str(teacher / 'class_secret.txt')!r}).read()\n"
        "except OSError:\n    pass\nelse:\n    answer_1 = 'leaked'\n"
        f"try:\n    open({str(teacher / 'planted.txt')!r}, 'w').write('x')\n"
        "except OSError:\n    pass\n"
        "import socket\ntry:\n"
        f"    socket.create_connection(('127.0.0.1', {server.getsockname()[1]}), timeout=2)\n"
        "    answer_2 = 'connected'\nexcept OSError:\n    pass\n"
    )
    path = course / "submitted" / "mallory" / GAME / f"{GAME}-graded.ipynb"
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(attack))
    nbformat.write(nb, path)
    before = {p.name: p.read_bytes() for p in teacher.iterdir() if p.is_file()}
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = sys.prefix  # "with the virtualenv activated", as the docs say
    command = _documented_bwrap_command()
    root = Path(__file__).resolve().parents[1]  # an editable nekolib under /tmp (a fresh
    if Path("/tmp") in root.parents:  # clone there) is bound again, as the docs say
        command = command.replace("--tmpfs /tmp ", f"--tmpfs /tmp --ro-bind {root} {root} ")
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    with pytest.raises(OSError):
        server.accept()  # nobody connected
    server.close()
    assert {p.name: p.read_bytes() for p in teacher.iterdir() if p.is_file()} == before
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        alice = gradebook.find_submission(GAME, "alice")
        mallory = gradebook.find_submission(GAME, "mallory")
        assert alice.score == alice.max_score == mallory.score
