"""The teacher's commands: ``python -m nekolib classroom`` and ``python -m nekolib grade``.

    python -m nekolib classroom --roster roster.csv --out classroom/ [--games neko_in,...]
        [--mode graded|practice] [--feedback form|right-wrong|none] [--report]
    python -m nekolib grade handed_in/ --key classroom/teacher/answer_key.csv --out grades.csv
        [--timeout S] [--time-limit S] [--memory-limit GB] [--unsafe-student-code-runs-as-me]

:func:`add_parsers` adds both to ``nekolib.__main__``'s parser; :func:`run` runs one.
Jupyter libraries (nbformat, nbclient) are imported only when a command runs.
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path

from nekolib.classroom.sandbox import UNSAFE_FLAG
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
    build.add_argument(
        "--mode",
        choices=("graded", "practice"),
        default="graded",
        help="graded (default): numbers written in, nothing in the notebook yields an"
        " answer; practice: checks with hints, which a student who codes can read",
    )
    build.add_argument(
        "--feedback",
        choices=("form", "right-wrong", "none"),
        default="form",
        help="graded mode's check cells: form (default) says the answer is well formed and"
        " recorded; right-wrong says right or not, and is counted, where trying every value"
        " before the answer takes more than an hour on a GPU (elsewhere form, saying why: --report"
        " lists which); none has no check cells",
    )
    build.add_argument(
        "--secret-file",
        type=Path,
        default=None,
        help="the class secret (default OUT/teacher/class_secret.txt, made if missing)",
    )
    build.add_argument(
        "--report",
        action="store_true",
        help="only print how alike the students' variants are (workload spread, shared"
        " prompts) and, per exercise, how fast its answers can be guessed, the feedback"
        " each student's check gives (with --feedback) and whether the installed nekolib"
        " answers it from the prompt; writes nothing but the class secret",
    )
    build.add_argument("--quiet", action="store_true", help="no progress bar")

    grade = sub.add_parser(
        "grade",
        help="run handed-in notebooks in a sandbox and write per-exercise scores",
        description="Runs every handed_in/<student id>/*.ipynb in its own bubblewrap sandbox"
        " (it sees only a copy of that notebook: not the key, the teacher's folder or other"
        " hand-ins) and scores each answer against the answer key outside the sandbox. The"
        " student is the folder the notebook is in. Exit status 1 when a hand-in needs the"
        " teacher's attention (listed, and in grades.csv as 'error' rows).",
    )
    grade.add_argument(
        "submissions", type=Path, help="the hand-ins folder: one folder per student id"
    )
    grade.add_argument(
        "--key",
        type=Path,
        default=None,
        help="the class's answer key (OUT/teacher/answer_key.csv); needed for graded notebooks",
    )
    grade.add_argument("--out", type=Path, default=Path("grades.csv"), help="CSV to write")
    grade.add_argument(
        "--timeout", type=int, default=60, help="seconds per cell before it is interrupted"
    )
    grade.add_argument(
        "--time-limit",
        type=float,
        default=300.0,
        help="seconds per notebook, all cells and the kernel's start (default 300)",
    )
    grade.add_argument(
        "--memory-limit",
        type=float,
        default=2.0,
        help="GB of memory per notebook, all its processes together (default 2)",
    )
    grade.add_argument(
        UNSAFE_FLAG,
        dest="unsafe",
        action="store_true",
        help="no sandbox: run student code as yourself, able to read and change whatever you"
        " can (the key, other hand-ins, the grades); only where bubblewrap cannot be had",
    )
    grade.add_argument("--quiet", action="store_true", help="no progress bar")


def _bar(quiet: bool, unit: str):
    """``bar(items, total)``: a progress bar on stderr, or ``None`` (quiet, or no tqdm)."""
    if quiet:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm comes with the notebook extra
        return None
    return lambda items, total: tqdm(
        items, total=total, unit=unit, desc=f"{unit}s", file=sys.stderr
    )


def _progress(quiet: bool, total: int, unit: str):
    """A bar over ``total`` items of ``unit`` (the builder's and grader's ``progress``)."""
    bar = _bar(quiet, unit)
    return None if bar is None else lambda items: bar(items, total)


def run(args: argparse.Namespace) -> int:
    """Run the parsed subcommand; a NekoError becomes a one-line message and exit code 2."""
    try:
        if args.command == "classroom":
            return _classroom(args)
        return _grade(args)
    except NekoError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _report(args: argparse.Namespace, students: list) -> int:
    from nekolib.classroom.cells import classroom_games
    from nekolib.classroom.guessing import (
        GPU_GUESSES_PER_SECOND,
        GUESSES_PER_CPU_SECOND,
        measure_check_rate,
    )
    from nekolib.classroom.notebooks import student_seed
    from nekolib.classroom.report import (
        fairness_report,
        format_guessing,
        format_report,
        guessing_report,
    )
    from nekolib.classroom.secret import SECRET_FILE, read_or_create_secret

    games = classroom_games(None if args.games is None else args.games.split(","))
    secret = read_or_create_secret(args.secret_file or args.out / "teacher" / SECRET_FILE)
    ids = [s.id for s in students]
    seed_of = functools.partial(student_seed, args.mode, secret)
    rows = fairness_report(ids, seed_of, games)
    print(f"{len(students)} students, {args.mode} mode\n")
    print(format_report(rows))
    feedback = args.feedback if args.mode == "graded" else "practice"
    print(f"\n### Can the checks be ground out? ({feedback} feedback)\n")
    print(format_guessing(guessing_report(ids, seed_of, games, feedback)))
    from nekolib.classroom.bank import exercises_for
    from nekolib.classroom.exposure import exposure_report, format_exposure

    print("\n### Can the installed nekolib answer them from the prompt? (2 students each)\n")
    exercises = [e for game in games for e in exercises_for(game)]
    print(format_exposure(exposure_report(ids, seed_of, exercises)))
    per_cpu, per_wall = measure_check_rate()
    print(
        f"\nThis machine, now: {per_cpu:.1f} right/wrong checks per CPU second,"
        f" {per_wall:.1f} per second of wall clock (the project measured"
        f" {GUESSES_PER_CPU_SECOND:.1f}); the table assumes a GPU's"
        f" {GPU_GUESSES_PER_SECOND:,.0f} a second, {GPU_GUESSES_PER_SECOND / per_cpu:,.0f}"
        " times this machine's core."
    )
    return 0 if all(row.ok for row in rows) else 1


def _classroom(args: argparse.Namespace) -> int:
    from nekolib.classroom.roster import read_roster

    students = read_roster(args.roster)
    if args.report:
        return _report(args, students)
    from nekolib.classroom.notebooks import write_classroom

    games = None if args.games is None else args.games.split(",")
    built = write_classroom(
        students,
        args.out,
        games,
        course=args.course,
        progress=_progress(args.quiet, len(students), "student"),
        mode=args.mode,
        feedback=args.feedback,
        secret_file=args.secret_file,
        picture_progress=_bar(args.quiet, "picture"),
    )
    out = built.out
    print(f"{len(built.students)} students x {len(built.games)} games ({', '.join(built.games)})")
    what = f"{built.mode} mode" + (f", {built.feedback} feedback" if built.mode == "graded" else "")
    name = f"<game>-{built.mode}-<id>.ipynb"
    print(f"  students' notebooks: {out / 'students'}/<id>/{name} ({what}; hand these out)")
    print(f"  teacher's folder:    {out / 'teacher'}/ (notebooks, answer_key.csv, class secret:")
    print("                       never hand this folder out)")
    print(f"  nbgrader course:     {out / 'nbgrader'} (source/<game>/<game>-graded.ipynb)")
    if built.mode == "graded" and built.feedback == "right-wrong":
        print(
            f"  right/wrong checks:  {built.right_wrong} of {built.checks}; the others are form"
            " checks (too few possible answers: see teacher/guessing.md)"
        )
    return 0


def _grade(args: argparse.Namespace) -> int:
    from nekolib.classroom.grade import find_hand_ins, grade_all, read_key, write_grades
    from nekolib.classroom.sandbox import Limits, require_sandbox

    if not args.unsafe:
        require_sandbox()  # refuse at once, before reading anything, if there is none
    limits = Limits(
        wall_seconds=args.time_limit,
        cell_seconds=args.timeout,
        memory_bytes=int(args.memory_limit * 1e9),
    )
    key = None if args.key is None else read_key(args.key)
    hand_ins, misplaced = find_hand_ins(args.submissions)
    scores = grade_all(
        hand_ins,
        misplaced,
        key=key,
        limits=limits,
        sandbox=not args.unsafe,
        progress=_progress(args.quiet, len(hand_ins), "notebook"),
    )
    write_grades(scores, args.out)
    for total in (s for s in scores if s.exercise == "total"):
        checked = f"   {total.checks} right/wrong checks" if total.checks else ""
        print(f"{total.student:20} {total.points:>4} / {total.max_points}{checked}")
    problems = [s for s in scores if s.exercise == "error"]
    flagged = sorted({s.note.split(";")[0] for s in scores if "'s folder holds " in s.note})
    stopped = sorted({f"{s.student}: {s.note}" for s in scores if s.note.startswith("stopped")})
    for line in [*flagged, *stopped, *(s.note for s in problems)]:
        print(f"check: {line}", file=sys.stderr)
    ran = "" if not args.unsafe else " WITHOUT a sandbox"
    print(f"{len(hand_ins)} notebooks graded{ran} -> {args.out}")
    if problems or flagged:
        print(
            f"{len(problems) + len(flagged)} hand-ins need your attention (lines 'check:' above;"
            " 'error' rows in the grades file)",
            file=sys.stderr,
        )
        return 1
    return 0
