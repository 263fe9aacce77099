"""Hostile hand-ins against the real grader in the real sandbox (bubblewrap).

A class of two honest students and eleven written by someone clever: each hostile
notebook is its student's real hand-out with one cell added (the attack), and for
most of them all the right answers they could hope to read. The grader runs them all
with ``python -m nekolib grade`` as documented. Then:

* every attack scores 0 for the answers it attacked and has a row saying what happened
  (a limit it hit, or a flag: another student's notebook);
* the honest students' rows are the same as when they are graded alone;
* the key, the class secret, every hand-in and the teacher's folder are byte-identical
  before and after, the grades file is what the grader wrote (nothing rewrote it after),
  no process of the sandbox outlives it, and the network server saw no connection.

Marked slow (about two minutes): ``make test-slow`` runs it in CI, where bubblewrap is
installed by .ci/run (tests/install_bubblewrap.sh); without bwrap it fails, not skips,
when ``NEKOLIB_SANDBOX_REQUIRED=1``.
"""

from __future__ import annotations

import csv
import hashlib
import os
import shutil
import socket
import threading
import time
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from _sandbox import need_sandbox

from nekolib.__main__ import main
from nekolib.classroom.notebooks import write_classroom
from nekolib.classroom.roster import Student
from nekolib.classroom.sandbox import NOBODY

pytestmark = pytest.mark.slow

GAME = "neko_in"
HONEST = ["s-honest1", "s-honest2"]
ATTACKS = {
    # student: (attack cell, fill in the right answers too?)
    "s-proc": (
        "import glob, csv\n"
        "for _p in glob.glob('/proc/*/cmdline'):\n"
        "    try:\n        _args = open(_p, 'rb').read().split(b'\\0')\n"
        "    except OSError:\n        continue\n"
        "    if b'--key' in _args:\n"
        "        _key = _args[_args.index(b'--key') + 1].decode()\n"
        "        for _row in csv.DictReader(open(_key)):\n"
        "            if _row['student'] == 's-proc':\n"
        "                globals()['answer_' + _row['exercise']] = _row['answer']\n"
        "for _row in csv.DictReader(open(KEY)):\n"
        "    if _row['student'] == 's-proc':\n"
        "        globals()['answer_' + _row['exercise']] = _row['answer']\n",
        False,
    ),
    "s-secret": ("SECRET_TEXT = open(SECRET).read()\nanswer_1 = SECRET_TEXT", False),
    "s-writer": (
        "import os\n"
        "for _target in (TEACHER + '/planted.txt', HONEST1, GRADES):\n"
        "    try:\n        open(_target, 'w').write('0')\n"
        "    except OSError:\n        pass\n"
        "os.makedirs(TEACHER, exist_ok=True)\nopen(TEACHER + '/planted.txt', 'w').write('x')",
        True,
    ),
    "s-detach": (
        "import subprocess, sys\n"
        "open('evil.py', 'w').write(\"import os, time\\ntime.sleep(2)\\n"
        "os.makedirs(os.path.dirname(GRADES), exist_ok=True)\\n"
        "open(GRADES, 'w').write('student,points\\\\ns-detach,10')\\n\")\n"
        "subprocess.Popen([sys.executable, 'evil.py'], start_new_session=True,"
        " stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)",
        True,
    ),
    "s-forkbomb": (
        "import os, time\nfor _ in range(100000):\n"
        "    if os.fork() == 0:\n        time.sleep(600)\n        os._exit(0)",
        True,
    ),
    "s-memory": ("_hoard = []\nwhile True:\n    _hoard.append(b'x' * 50_000_000)", True),
    "s-forever": ("while True:\n    pass", True),
    "s-print": ("while True:\n    print('x' * 1_000_000)", True),
    "s-signals": (
        "import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\nwhile True:\n    time.sleep(0.1)",
        True,
    ),
    "s-network": (  # the answers are right; connecting is needed to keep answer_1
        "import socket\ntry:\n    socket.create_connection(('127.0.0.1', PORT), timeout=3)\n"
        "except OSError:\n    answer_1 = None\n",
        True,
    ),
}


def _sha(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _handout(out: Path, student: str) -> nbformat.NotebookNode:
    (path,) = sorted((out / "class" / "students" / student).glob("*.ipynb"))
    return nbformat.read(path, as_version=4)


def _right_answers(out: Path, student: str) -> dict[int, str]:
    with (out / "class" / "teacher" / "answer_key.csv").open(newline="") as handle:
        rows = [r for r in csv.DictReader(handle) if r["student"] == student]
    return {int(r["exercise"]): r["answer"] for r in rows}


def _write(out: Path, folder: str, nb: nbformat.NotebookNode, right: dict[int, str]) -> Path:
    for cell in nb.cells:
        for k, answer in right.items():
            if cell.source.startswith(f"answer_{k} = None"):
                cell.source = f'answer_{k} = "{Fraction(answer)}"'
    path = out / "handed_in" / folder / f"{GAME}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def _attack(out: Path, student: str, source: str, fill: bool, names: dict[str, str]) -> None:
    nb = _handout(out, student)
    for name, value in names.items():
        source = source.replace(name, value)
    first_answer = next(i for i, c in enumerate(nb.cells) if c.source.startswith("answer_"))
    nb.cells.insert(first_answer + 1, nbformat.v4.new_code_cell(source))
    _write(out, student, nb, _right_answers(out, student) if fill else {})


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def _server() -> tuple[socket.socket, list[int]]:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    accepted: list[int] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            accepted.append(1)
            conn.close()

    threading.Thread(target=serve, daemon=True).start()
    return server, accepted


def _nobody_tasks() -> int:
    return sum(1 for e in os.scandir("/proc") if e.name.isdigit() and _uid(e.path) == NOBODY)


def _uid(path: str) -> int:
    try:
        return os.stat(path).st_uid
    except OSError:
        return -1


def test_no_hand_in_can_subvert_grading(tmp_path: Path) -> None:
    need_sandbox()
    students = [Student(s) for s in [*HONEST, *ATTACKS, "s-copier", "s-claimer"]]
    write_classroom(students, tmp_path / "class", [GAME])
    teacher = tmp_path / "class" / "teacher"
    key, secret = teacher / "answer_key.csv", teacher / "class_secret.txt"
    grades = tmp_path / "grades" / "grades.csv"
    server, accepted = _server()
    honest1 = _write(
        tmp_path, HONEST[0], _handout(tmp_path, HONEST[0]), _right_answers(tmp_path, HONEST[0])
    )
    _write(tmp_path, HONEST[1], _handout(tmp_path, HONEST[1]), _right_answers(tmp_path, HONEST[1]))
    names = {
        "KEY": repr(str(key)),
        "SECRET": repr(str(secret)),
        "TEACHER": repr(str(teacher)),
        "HONEST1": repr(str(honest1)),
        "GRADES": repr(str(grades)),
        "PORT": str(server.getsockname()[1]),
    }
    for student, (source, fill) in ATTACKS.items():
        _attack(tmp_path, student, source, fill, names)
    # s-copier hands in s-honest1's notebook unchanged; s-claimer's names s-honest2.
    (tmp_path / "handed_in" / "s-copier").mkdir()
    shutil.copy(honest1, tmp_path / "handed_in" / "s-copier" / f"{GAME}.ipynb")
    claim = _handout(tmp_path, "s-claimer")
    claim.metadata["nekolib"]["student"] = HONEST[1]
    _write(tmp_path, "s-claimer", claim, _right_answers(tmp_path, HONEST[1]))

    # the honest students alone, for the baseline
    alone = tmp_path / "alone"
    for student in HONEST:
        shutil.copytree(tmp_path / "handed_in" / student, alone / student)
    args = ["--key", str(key), "--timeout", "10", "--time-limit", "45", "--memory-limit", "1"]
    assert main(["grade", str(alone), "--out", str(tmp_path / "alone.csv"), *args, "--quiet"]) == 0
    baseline = _rows(tmp_path / "alone.csv")

    before = {**_sha(teacher), **_sha(tmp_path / "handed_in")}
    nobody = _nobody_tasks()
    start = time.monotonic()
    code = main(["grade", str(tmp_path / "handed_in"), "--out", str(grades), *args, "--quiet"])
    seconds = time.monotonic() - start
    written = grades.read_bytes()
    time.sleep(4)  # s-detach's process would have rewritten the grades by now
    assert grades.read_bytes() == written
    assert code == 1  # the two flagged notebooks need the teacher's attention
    assert {**_sha(teacher), **_sha(tmp_path / "handed_in")} == before
    assert not (teacher / "planted.txt").exists()
    assert _nobody_tasks() == nobody
    assert accepted == []
    server.close()

    rows = _rows(grades)
    by = {(r["student"], r["exercise"]): r for r in rows}
    assert [r for r in rows if r["student"] in HONEST] == baseline
    for student in HONEST:
        total = by[(student, "total")]
        assert total["points"] == total["max_points"] != "0"
    count = len(_right_answers(tmp_path, "s-proc"))

    def answers(student: str) -> list[dict[str, str]]:
        return [by[(student, str(k))] for k in range(1, count + 1)]

    for student in ("s-proc", "s-secret"):  # read nothing, so answered nothing
        assert {r["note"] for r in answers(student)} == {"not answered"}, student
    # writes went nowhere visible; the right answers they typed still count
    for student in ("s-writer", "s-detach", "s-network"):
        assert by[(student, "total")]["points"] != "0", student
    assert by[("s-network", "1")]["note"] == "not answered"  # it could not connect
    stopped = {
        "s-forkbomb": "stopped: started more than",
        "s-memory": "stopped: used more than 1 GB of memory",
        # the kernel queues what the grader has not read yet: whichever limit comes first
        "s-print": ("stopped: printed more than 50 MB", "stopped: used more than 1 GB"),
        "s-signals": "stopped: ran longer than 45 s",
    }
    for student, reason in stopped.items():
        notes = {r["note"] for r in answers(student)}
        assert len(notes) == 1 and notes.pop().startswith(reason), (student, notes)
        assert by[(student, "total")]["points"] == "0"
    # a plain endless loop is interrupted at the cell timeout and the rest still runs
    forever = by[("s-forever", "total")]
    assert forever["points"] == forever["max_points"]
    assert "ran over 10 s and was interrupted" in forever["note"]
    for student, named in (("s-copier", HONEST[0]), ("s-claimer", HONEST[1])):
        flag = f"{student}'s folder holds {named}'s notebook"
        assert all(r["note"].startswith(flag) for r in answers(student)), student
        theirs, mine = _right_answers(tmp_path, named), _right_answers(tmp_path, student)
        expected = sum(theirs[k] == mine[k] for k in mine)  # another student's numbers
        assert by[(student, "total")]["points"] == str(expected), student
    print(f"graded {len(ATTACKS) + 4} hand-ins in {seconds:.0f} s")
