"""Grading hand-ins: run each in a sandbox, read its answers, score them here.

Each notebook runs in a fresh kernel inside a bubblewrap sandbox
(:mod:`nekolib.classroom.sandbox`) that sees only a copy of that notebook: not the key,
the class secret, the teacher's folder or other hand-ins; it cannot outlive its run or
reach a network, and a hand-in that exceeds a limit (time, memory, processes, output)
gets a row saying which. A cell that raises is the student's problem, not the grader's:
execution goes on. One cell is appended (:mod:`nekolib.classroom.collector`) that prints
the raw values of the answer variables as JSON; they leave the sandbox as data, are read
(:func:`~nekolib.classroom.answers.read_answer`) and compared **in the grader's process**
(:func:`~nekolib.classroom.answers.answers_agree`) with the teacher's answer key
(``teacher/answer_key.csv``), or, for a practice notebook graded without a key, with the
answer recomputed from the exercise key and the student's seed.

Whose grade it is comes from **where the teacher put the file**
(:mod:`nekolib.classroom.handins`: ``handed_in/<student id>/*.ipynb``); the notebook's
metadata names only its game, and a notebook whose metadata names another student is
flagged. Two notebooks for one student and game are a problem to resolve, not guessed
between. The grades file is written once, atomically, after every sandbox is gone.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import nbformat
from nbformat.notebooknode import NotebookNode

from nekolib.classroom.answers import (
    KINDS,
    NOT_ANSWERED,
    NUMBER,
    SET,
    Answer,
    answers_agree,
    read_answer,
)
from nekolib.classroom.bank import all_exercises
from nekolib.classroom.collector import MARK, collector_source
from nekolib.classroom.exercise import variant_seed
from nekolib.classroom.handins import HandIn, Misplaced, find_hand_ins
from nekolib.classroom.sandbox import DEFAULT_LIMITS, Limits, run_hand_in
from nekolib.core import NekoError
from nekolib.files import replace_text

__all__ = [
    "COLUMNS",
    "MARK",
    "AnswerKey",
    "GradedNotebook",
    "Score",
    "collector_source",
    "decode_answer",
    "find_hand_ins",
    "grade_all",
    "grade_notebook",
    "read_key",
    "recorded_checks",
    "write_grades",
]

COLUMNS = ("student", "game", "exercise", "key", "points", "max_points", "checks", "note")
RIGHT_NOTE = "right"


@dataclass(frozen=True)
class Score:
    """One row of grades.csv: one exercise of one notebook, or a student's total."""

    student: str
    game: str
    exercise: str
    key: str
    points: int
    max_points: int
    note: str
    checks: str = ""
    """Right/wrong checks the notebook recorded for this answer, as handed in (a signal,
    not a lock: the student can clear it); ``""`` where the notebook recorded none."""

    def row(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in COLUMNS}


@dataclass
class GradedNotebook:
    """The scores of one hand-in, and how long its run took."""

    path: Path
    student: str
    game: str
    scores: list[Score]
    seconds: float = 0.0
    note: str = ""
    """About the run as a whole (cells interrupted), for the student's total row."""


class _Other:
    """Stands for an answer of a type the grader does not read (named in the message)."""


def decode_answer(encoded: Any) -> Any:
    """The value the collector saw, rebuilt from its JSON (for :func:`read_answer`)."""
    if not isinstance(encoded, dict):
        return _other("unknown")
    kind = encoded.get("type")
    if kind == "none":
        return None
    if kind == "bool":
        return True
    if kind == "rational":
        try:
            return Fraction(int(encoded["p"]), int(encoded["q"]))
        except (KeyError, TypeError, ValueError, ZeroDivisionError):
            return _other("rational")
    if kind == "str":  # the collector cuts at 10 000; a longer one was forged
        return _bounded(encoded.get("value", ""))
    if kind == "float" or (kind == "sympy" and encoded.get("float")):
        try:
            return float(encoded.get("text", "nan"))
        except (TypeError, ValueError):
            return float("nan")
    if kind == "sympy":  # not rational: read as text ("sqrt(2)" is then unreadable)
        return _bounded(encoded.get("text", ""))
    if kind == "list":
        items = encoded.get("items", [])
        if not isinstance(items, list) or len(items) > 1000:
            return _other("list")
        return [decode_answer(item) if isinstance(item, dict) else _other("?") for item in items]
    return _other(str(encoded.get("name", "unknown")))


def _bounded(value: Any) -> Any:
    """A string the collector could have sent (10 000 characters at most), else unreadable."""
    return value if isinstance(value, str) and len(value) <= 10_000 else _other("long text")


def _other(name: str) -> _Other:
    clean = re.sub(r"\W", "_", name[:50]) or "unknown"
    return type(clean, (_Other,), {})()


@dataclass(frozen=True)
class _Entry:
    """One exercise to grade: its number, variable, bank key, expected answer, points."""

    number: str
    name: str
    key: str
    kind: str
    expected: Answer | None
    points: int
    problem: str = ""


AnswerKey = dict[tuple[str, str], list[_Entry]]
"""The teacher's key: (student, game) -> the exercises of that notebook, in order."""


def _expected(canonical: str, kind: str) -> Answer:
    if kind == NUMBER:
        return Fraction(canonical)
    if kind == SET:
        return frozenset(item for item in canonical.split(",") if item)
    return canonical


def read_key(path: str | Path) -> AnswerKey:
    """``answer_key.csv`` as written by ``make classroom`` (``teacher/answer_key.csv``)."""
    path = Path(path)
    if not path.is_file():
        raise NekoError(f"no answer key at {path} (make classroom writes teacher/answer_key.csv)")
    key: AnswerKey = {}
    with path.open(newline="", encoding="utf-8") as handle:
        for line, row in enumerate(csv.DictReader(handle), start=2):
            try:
                kind = row.get("kind") or all_exercises()[row["key"]].kind
                if kind not in KINDS:
                    raise ValueError(kind)
                entry = _Entry(
                    row["exercise"],
                    f"answer_{int(row['exercise'])}",
                    row["key"],
                    kind,
                    _expected(row["answer"], kind),
                    int(row["points"]),
                )
            except (KeyError, TypeError, ValueError, ZeroDivisionError):
                raise NekoError(f"{path} line {line}: not an answer key row") from None
            key.setdefault((row["student"], row["game"]), []).append(entry)
    if not key:
        raise NekoError(f"{path} has no rows")
    return key


def _read_notebook(path: Path) -> tuple[bytes, NotebookNode, str, str, str]:
    """The hand-in's bytes, its notebook and the student, game and mode it names."""
    data = path.read_bytes()
    try:
        nb = nbformat.reads(data.decode("utf-8"), as_version=4)
    except Exception as error:  # not JSON, not a notebook, not UTF-8
        raise NekoError(f"not a readable notebook ({type(error).__name__})") from None
    meta = nb.metadata.get("nekolib")
    if not isinstance(meta, dict):
        raise NekoError("not a nekolib classroom notebook (no nekolib metadata)")
    student, game = meta.get("student"), meta.get("game")
    if not isinstance(student, str) or not student or not isinstance(game, str) or not game:
        raise NekoError("the notebook names no student (a teacher or nbgrader copy?)")
    return data, nb, student, game, str(meta.get("mode", "practice"))


def _entries_from_seeds(nb: NotebookNode, student: str) -> list[_Entry]:
    """A practice notebook graded without a key: answers recomputed from the seeds."""
    listed = nb.metadata["nekolib"].get("exercises")
    if not isinstance(listed, list):
        raise NekoError("the notebook lists no exercises")
    bank = all_exercises()
    entries = []
    for number, item in enumerate(listed, start=1):
        try:
            key, seed = str(item["key"]), int(item["seed"])
        except (KeyError, TypeError, ValueError):
            raise NekoError(f"exercise {number} in the metadata is damaged") from None
        name = f"answer_{number}"
        if key not in bank:
            entries.append(_Entry(str(number), name, key, NUMBER, None, 0, "unknown exercise key"))
            continue
        ex = bank[key]
        problem = "" if seed == variant_seed(student, key) else "seed is not this student's"
        expected = ex.variant(seed).answer if not problem else None
        entries.append(_Entry(str(number), name, key, ex.kind, expected, ex.points, problem))
    return entries


def _entries(
    nb: NotebookNode, student: str, game: str, mode: str, key: AnswerKey | None
) -> list[_Entry]:
    if key is not None:
        if (student, game) not in key:
            raise NekoError(f"{student} has no {game} rows in the answer key")
        return key[(student, game)]
    if mode == "graded":
        raise NekoError(
            "a graded notebook is scored against the class's answer key:"
            " pass --key OUT/teacher/answer_key.csv"
        )
    return _entries_from_seeds(nb, student)


def recorded_checks(nb: NotebookNode) -> dict[str, int]:
    """The right/wrong check counts a handed-in notebook's saved outputs record, by answer
    name (the largest count seen: ``verify`` saves ``{"nekolib": {"check", "attempts"}}``
    with its output)."""
    counts: dict[str, int] = {}
    for cell in nb.cells:
        if cell.get("cell_type") != "code":
            continue
        for output in cell.get("outputs", []):
            record = (output.get("metadata") or {}).get("nekolib")
            if not isinstance(record, dict):
                continue
            name, attempts = record.get("check"), record.get("attempts")
            if isinstance(name, str) and isinstance(attempts, int) and attempts >= 0:
                counts[name] = max(counts.get(name, 0), attempts)
    return counts


def _score(student: str, game: str, entry: _Entry, encoded: Any) -> Score:
    def row(points: int, note: str) -> Score:
        return Score(student, game, entry.number, entry.key, points, entry.points, note)

    if entry.problem or entry.expected is None:
        return row(0, entry.problem or "no expected answer")
    problem, value = read_answer(decode_answer(encoded), entry.kind)
    if problem == NOT_ANSWERED:
        return row(0, "not answered")
    if problem is not None:
        return row(0, f"unreadable: {problem}")
    right = answers_agree(entry.expected, value, entry.kind)  # type: ignore[arg-type]
    return row(entry.points if right else 0, RIGHT_NOTE if right else "wrong")


@dataclass(frozen=True)
class _Prepared:
    """A hand-in read once (nothing of it run): its bytes, notebook, game and exercises."""

    hand_in: HandIn
    data: bytes
    nb: NotebookNode
    game: str
    entries: list[_Entry]


def _prepared(hand_in: HandIn, key: AnswerKey | None) -> _Prepared:
    data, nb, _named, game, mode = _read_notebook(hand_in.path)
    return _Prepared(hand_in, data, nb, game, _entries(nb, hand_in.student, game, mode, key))


def _flag(hand_in: HandIn, nb: NotebookNode) -> str:
    """``"s008's folder holds s001's notebook"`` where the metadata names another student."""
    named = nb.metadata["nekolib"]["student"]
    if named == hand_in.student:
        return ""
    return f"{hand_in.student}'s folder holds {named[:40]}'s notebook"


def grade_notebook(
    hand_in: HandIn | str | Path,
    key: AnswerKey | None = None,
    limits: Limits = DEFAULT_LIMITS,
    sandbox: bool = True,
) -> GradedNotebook:
    """Run one hand-in (in the sandbox unless told otherwise) and score each exercise.

    A path alone is taken as ``<student folder>/<file>``. A notebook that cannot be run,
    or that exceeds a limit, scores zero with the reason in every row.
    """
    if not isinstance(hand_in, HandIn):
        hand_in = HandIn(Path(hand_in), Path(hand_in).parent.name)
    return _run(_prepared(hand_in, key), limits, sandbox)


def _run(ready: _Prepared, limits: Limits, sandbox: bool) -> GradedNotebook:
    hand_in, game, entries = ready.hand_in, ready.game, ready.entries
    student, flag = hand_in.student, _flag(hand_in, ready.nb)
    counted = recorded_checks(ready.nb)  # as handed in, before the grader's own run
    outcome = run_hand_in(ready.data, [e.name for e in entries], limits, sandbox)
    if outcome.answers is None:
        scores = [replace(_score(student, game, e, None), note=outcome.problem) for e in entries]
    else:
        scores = [_score(student, game, e, outcome.answers.get(e.name)) for e in entries]
    scores = [
        replace(
            s,
            checks=str(counted[e.name]) if e.name in counted else "",
            note=f"{flag}; {s.note}" if flag else s.note,
        )
        for s, e in zip(scores, entries, strict=True)
    ]
    note = ""
    if outcome.interrupted:
        cells = ", ".join(map(str, outcome.interrupted))
        note = f"{game}: cell {cells} ran over {limits.cell_seconds} s and was interrupted"
    return GradedNotebook(hand_in.path, student, game, scores, outcome.seconds, note)


def _problem_row(student: str, game: str, note: str) -> Score:
    return Score(student, game, "error", "", 0, 0, note)


def _group(
    hand_ins: Iterable[HandIn], key: AnswerKey | None
) -> tuple[list[_Prepared], list[Score]]:
    """The hand-ins to run (one per student and game) and the problem rows of the rest."""
    games: dict[tuple[str, str], list[_Prepared]] = {}
    problems: list[Score] = []
    students = None if key is None else {student for student, _game in key}
    for hand_in in hand_ins:
        if students is not None and hand_in.student not in students:
            note = f"{hand_in.name}: folder {hand_in.student} is not a student of the answer key"
            problems.append(_problem_row(hand_in.student, "", note))
            continue
        try:
            ready = _prepared(hand_in, key)
        except NekoError as error:
            problems.append(_problem_row(hand_in.student, "", f"{hand_in.name}: {error}"))
            continue
        games.setdefault((hand_in.student, ready.game), []).append(ready)
    runnable = []
    for (student, game), items in sorted(games.items()):
        if len(items) == 1:
            runnable.append(items[0])
            continue
        names = ", ".join(item.hand_in.path.name for item in items)
        note = f"{len(items)} {game} notebooks in {student}'s folder ({names}): keep one"
        problems.append(_problem_row(student, game, note))
    return runnable, problems


def grade_all(
    hand_ins: Iterable[HandIn],
    misplaced: Iterable[Misplaced] = (),
    key: AnswerKey | None = None,
    limits: Limits = DEFAULT_LIMITS,
    sandbox: bool = True,
    progress: Callable[[Iterable[Any]], Iterable[Any]] | None = None,
) -> list[Score]:
    """Scores of every hand-in, grouped by student, each student's total row last.

    Problems (a file outside a student folder, not a notebook of this class, two notebooks
    for one game, a folder that is no student's) are ``error`` rows at the end; nothing
    in them is run or counted.
    """
    runnable, problems = _group(hand_ins, key)
    problems = [_problem_row(m.student, "", m.problem) for m in misplaced] + problems
    graded = [_run(r, limits, sandbox) for r in (progress or (lambda items: items))(runnable)]
    rows: list[Score] = []
    for student in sorted({g.student for g in graded}):
        mine = [g for g in graded if g.student == student]
        scores = [s for g in sorted(mine, key=lambda g: g.game) for s in g.scores]
        checks = [int(s.checks) for s in scores if s.checks]
        rows.extend(scores)
        points, max_points = sum(s.points for s in scores), sum(s.max_points for s in scores)
        counted = str(sum(checks)) if checks else ""
        note = "; ".join(g.note for g in mine if g.note)
        rows.append(Score(student, "", "total", "", points, max_points, note, counted))
    return rows + problems


def write_grades(scores: Sequence[Score], path: str | Path) -> Path:
    """Write ``grades.csv`` (columns :data:`COLUMNS`) at once: a temporary file renamed."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = io.StringIO(newline="")
    writer = csv.DictWriter(text, fieldnames=COLUMNS)
    writer.writeheader()
    writer.writerows(score.row() for score in scores)
    replace_text(path, text.getvalue())
    return path
