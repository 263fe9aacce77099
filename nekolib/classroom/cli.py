"""The teacher's commands: ``python -m nekolib classroom`` and ``python -m nekolib grade``.

    python -m nekolib classroom --roster roster.csv --out classroom/ [--games neko_in,...]
    python -m nekolib grade classroom/submissions --out grades.csv [--timeout 60]

:func:`add_parsers` adds both to ``nekolib.__main__``'s parser; :func:`run` runs one.
Jupyter libraries (nbformat, nbclient) are imported only when a command runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nekolib.core import NekoError

__all__ = ["COMMANDS", "add_parsers", "run"]

COMMANDS = ("classroom", "grade")


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add the ``classroom`` and ``grade`` subcommands."""
    build = sub.add_parser(
        "classroom",
        help="write student, teacher and nbgrader notebooks and an answer key for a class",
        description="One notebook per student and game (that student's numbers, no answers),"
        " a teacher notebook per game, answer_key.csv and an nbgrader course folder.",
    )
    build.add_argument("--roster", type=Path, required=True, help="CSV with columns id,name")
    build.add_argument("--out", type=Path, default=Path("classroom"), help="output folder")
    build.add_argument(
        "--games", default=None, help="comma-separated game packages (default: all with exercises)"
    )
    build.add_argument(
        "--course", default="nekolib", help="course name: seeds the nbgrader class variant"
    )
    build.add_argument("--quiet", action="store_true", help="no progress bar")

    grade = sub.add_parser(
        "grade",
        help="execute submitted student notebooks and write per-exercise scores",
        description="Runs every *.ipynb under SUBMISSIONS in a fresh kernel and scores each"
        " answer against the answer recomputed here from the exercise key and seed.",
    )
    grade.add_argument("submissions", type=Path, help="folder searched for *.ipynb")
    grade.add_argument("--out", type=Path, default=Path("grades.csv"), help="CSV to write")
    grade.add_argument("--timeout", type=int, default=60, help="seconds per cell (default 60)")
    grade.add_argument("--quiet", action="store_true", help="no progress bar")


def _progress(quiet: bool, total: int, unit: str):
    if quiet:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm comes with the notebook extra
        return None
    return lambda items: tqdm(items, total=total, unit=unit, file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    """Run the parsed subcommand; a NekoError becomes a one-line message and exit code 2."""
    try:
        if args.command == "classroom":
            return _classroom(args)
        return _grade(args)
    except NekoError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _classroom(args: argparse.Namespace) -> int:
    from nekolib.classroom.notebooks import write_classroom
    from nekolib.classroom.roster import read_roster

    students = read_roster(args.roster)
    games = None if args.games is None else args.games.split(",")
    built = write_classroom(
        students,
        args.out,
        games,
        course=args.course,
        progress=_progress(args.quiet, len(students), "student"),
    )
    out = built.out
    print(f"{len(built.students)} students x {len(built.games)} games ({', '.join(built.games)})")
    print(f"  students' notebooks: {out / 'students'}/<id>/<game>.ipynb (hand these out)")
    print(f"  teacher notebooks:   {out / 'teacher'}/<game>.ipynb")
    print(f"  answer key:          {out / 'answer_key.csv'}")
    print(f"  nbgrader course:     {out / 'nbgrader'} (source/<game>/, nbgrader_config.py)")
    return 0


def _grade(args: argparse.Namespace) -> int:
    from nekolib.classroom.grade import find_submissions, grade_all, write_grades

    paths = find_submissions(args.submissions)
    scores = grade_all(
        paths, timeout=args.timeout, progress=_progress(args.quiet, len(paths), "notebook")
    )
    write_grades(scores, args.out)
    totals = [s for s in scores if s.exercise == "total"]
    for total in totals:
        print(f"{total.student:20} {total.points:>4} / {total.max_points}")
    print(f"{len(paths)} notebooks graded -> {args.out}")
    return 0
