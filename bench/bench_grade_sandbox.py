"""What the grading sandbox costs: a class of 30 hand-ins graded with and without it.

    python bench/bench_grade_sandbox.py [--students 30] [--game neko_in]

Goal from issue 37: grading 30 hand-ins in the bubblewrap sandbox takes at most 1.5 times
as long as without it. Side by side in one run: each hand-in is graded both ways, one
right after the other, alternating which goes first, so a machine that gets busier or
quieter during the run weighs on both the same. The hand-ins are the students' real
graded notebooks with every answer right (the grader checks they score full marks).
Writes bench/results/grade_sandbox.txt.
"""

from __future__ import annotations

import argparse
import csv
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import nbformat

from nekolib.classroom.grade import grade_notebook, read_key
from nekolib.classroom.handins import find_hand_ins
from nekolib.classroom.notebooks import write_classroom
from nekolib.classroom.roster import Student
from nekolib.classroom.sandbox import Limits, require_sandbox

RESULTS = Path(__file__).parent / "results" / "grade_sandbox.txt"


def _class(folder: Path, students: int, game: str) -> Path:
    """A class with every answer filled in right, in handed_in/<id>/."""
    ids = [f"s{n:03d}" for n in range(1, students + 1)]
    write_classroom([Student(i) for i in ids], folder / "class", [game])
    with (folder / "class" / "teacher" / "answer_key.csv").open(newline="") as handle:
        key = {(r["student"], r["exercise"]): r["answer"] for r in csv.DictReader(handle)}
    for student in ids:
        (source,) = (folder / "class" / "students" / student).glob("*.ipynb")
        nb = nbformat.read(source, as_version=4)
        for cell in nb.cells:
            for (owner, number), answer in key.items():
                if owner == student and cell.source.startswith(f"answer_{number} = None"):
                    cell.source = f'answer_{number} = "{Fraction(answer)}"'
        target = folder / "handed_in" / student / source.name
        target.parent.mkdir(parents=True)
        nbformat.write(nb, target)
    return folder / "handed_in"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--game", default="neko_in")
    args = parser.parse_args()
    require_sandbox()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        handed_in = _class(folder, args.students, args.game)
        key = read_key(folder / "class" / "teacher" / "answer_key.csv")
        hand_ins, _misplaced = find_hand_ins(handed_in)
        seconds = {True: 0.0, False: 0.0}
        for n, hand_in in enumerate(hand_ins):
            for sandbox in (True, False) if n % 2 == 0 else (False, True):
                start = time.perf_counter()
                graded = grade_notebook(hand_in, key, Limits(), sandbox=sandbox)
                seconds[sandbox] += time.perf_counter() - start
                points = sum(s.points for s in graded.scores)
                assert points == sum(s.max_points for s in graded.scores), graded.scores
    ratio = seconds[True] / seconds[False]
    lines = [
        f"{len(hand_ins)} {args.game} hand-ins, every answer right, graded both ways side by side",
        f"  in the bubblewrap sandbox: {seconds[True]:.1f} s ({seconds[True] / len(hand_ins):.2f}"
        " s a hand-in)",
        f"  without it (--unsafe-student-code-runs-as-me): {seconds[False]:.1f} s"
        f" ({seconds[False] / len(hand_ins):.2f} s a hand-in)",
        f"  ratio: {ratio:.2f} (goal: at most 1.5)",
    ]
    print("\n".join(lines))
    RESULTS.write_text("\n".join(lines) + "\n")
    if ratio > 1.5:
        raise SystemExit("the sandbox costs more than the goal")


if __name__ == "__main__":
    main()
