"""A hand-in answered in the JupyterLite site is graded, with its check counts.

``tests/browser/fixtures/lite_handin/`` holds a graded hand-out that
``tests/browser/test_lite_graded.py`` uploaded into the browser site, answered there
(exercise 8 right, with its right/wrong check run before the setup cell; exercise 9
wrong; the rest blank) and downloaded (its README says how). The class is rebuilt from the
committed secret, and ``python -m nekolib grade`` scores the download in the sandbox:
1 point for exercise 8, 0 for the rest, one right/wrong check counted on 8 and on 9.
"""

from __future__ import annotations

import csv
from pathlib import Path

from _sandbox import need_sandbox

from nekolib.__main__ import main
from nekolib.classroom.notebooks import write_classroom
from nekolib.classroom.roster import Student

FIXTURE = Path(__file__).parent / "browser" / "fixtures" / "lite_handin"


def test_a_hand_in_from_the_browser_site_is_graded_with_its_checks(tmp_path: Path) -> None:
    need_sandbox()
    write_classroom(
        [Student("s001", "Ada")],
        tmp_path / "class",
        ["neko_in"],
        feedback="right-wrong",
        secret_file=FIXTURE / "class_secret.txt",
    )
    key = tmp_path / "class" / "teacher" / "answer_key.csv"
    out = tmp_path / "grades.csv"
    args = ["grade", str(FIXTURE / "handed_in"), "--key", str(key), "--out", str(out)]
    assert main([*args, "--quiet"]) == 0
    with out.open(newline="") as handle:
        rows = {r["exercise"]: r for r in csv.DictReader(handle) if r["student"] == "s001"}
    assert rows["8"]["points"] == "1" and rows["8"]["note"] == "right"
    assert rows["9"]["points"] == "0" and rows["9"]["note"] == "wrong"
    assert rows["8"]["checks"] == rows["9"]["checks"] == "1"
    others = [r for e, r in rows.items() if e not in ("8", "9", "total")]
    assert others and {r["note"] for r in others} == {"not answered"}
    assert rows["total"]["points"] == "1" and rows["total"]["checks"] == "2"
