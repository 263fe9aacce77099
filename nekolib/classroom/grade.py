"""Grading handed-in student notebooks: run them, read the answers, score them here.

Each notebook is executed in a fresh kernel (nbclient; a cell that raises is the
student's problem, not the grader's: execution goes on). One cell is appended that prints
the raw values of the answer variables as JSON, using nothing of nekolib, so patching the
``Check`` objects or the library inside the student's kernel changes nothing: every
answer is read (:func:`~nekolib.classroom.answers.read_answer`) and compared **in the
grader's process** (:func:`~nekolib.classroom.answers.answers_agree`) with the teacher's
answer key (``teacher/answer_key.csv``), or, for a practice notebook graded without a key,
with the answer recomputed from the exercise key and the student's seed. Nothing the
notebook says about itself is trusted but the student id and game in its metadata: the
exercises, variable names, points and answers come from the key (or the bank).

A student who hands in several notebooks for one game is graded on the **newest** (file
modification time); the others are listed as duplicates with their scores.
"""

from __future__ import annotations

import csv
import json
import os
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
from nekolib.classroom.exercise import variant_seed
from nekolib.classroom.graded import CHECK_LOG_ENV
from nekolib.core import NekoError

__all__ = [
    "COLUMNS",
    "AnswerKey",
    "GradedNotebook",
    "Score",
    "collector_source",
    "decode_answer",
    "find_submissions",
    "grade_all",
    "grade_notebook",
    "read_key",
    "recorded_checks",
    "write_grades",
]

COLUMNS = ("student", "game", "exercise", "key", "points", "max_points", "checks", "note")
MARK = "NEKOLIB-GRADER-ANSWERS "
RIGHT_NOTE = "right"
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")

# Runs last in the student's kernel. Plain Python only: the encoding of each answer
# variable as JSON (nothing is compared here).
_COLLECTOR = """import json as _nk_json
import numbers as _nk_numbers


def _nk_encode(value, depth=0):
    if value is None or value is Ellipsis:
        return {"type": "none"}
    if isinstance(value, bool):
        return {"type": "bool"}
    if (type(value).__module__ or "").startswith("sympy"):
        if getattr(value, "is_Rational", False) is True:
            return {"type": "rational", "p": str(int(value.p)), "q": str(int(value.q))}
        return {"type": "sympy", "text": str(value)[:1000],
                "float": getattr(value, "is_Float", False) is True}
    if isinstance(value, _nk_numbers.Rational):
        return {"type": "rational", "p": str(int(value.numerator)),
                "q": str(int(value.denominator))}
    if isinstance(value, str):
        return {"type": "str", "value": value[:10000]}
    if isinstance(value, _nk_numbers.Real) or type(value).__name__ == "Decimal":
        return {"type": "float", "text": repr(float(value))}
    if depth == 0 and isinstance(value, (list, tuple, set, frozenset)):
        return {"type": "list", "items": [_nk_encode(item, 1) for item in list(value)[:1000]]}
    return {"type": "other", "name": type(value).__name__}


print(MARK + _nk_json.dumps({name: _nk_encode(globals().get(name)) for name in NAMES}))
"""


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
    """The scores of one notebook, and the notebook as it ran (for feedback and tests)."""

    path: Path
    student: str
    game: str
    scores: list[Score]
    notebook: NotebookNode | None


def collector_source(names: Sequence[str]) -> str:
    """The cell appended to a submission: prints the answer variables' raw values as JSON."""
    for name in names:
        if not _NAME.match(name):
            raise NekoError(f"{name!r} is not an answer variable name")
    return _COLLECTOR.replace("MARK", repr(MARK)).replace("NAMES", repr(list(names)))


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
    if kind == "str":
        return str(encoded.get("value", ""))
    if kind == "float" or (kind == "sympy" and encoded.get("float")):
        try:
            return float(encoded.get("text", "nan"))
        except (TypeError, ValueError):
            return float("nan")
    if kind == "sympy":  # not rational: read as text ("sqrt(2)" is then unreadable)
        return str(encoded.get("text", ""))
    if kind == "list":
        return [decode_answer(item) for item in encoded.get("items", [])]
    return _other(str(encoded.get("name", "unknown")))


def _other(name: str) -> _Other:
    clean = re.sub(r"\W", "_", name) or "unknown"
    return type(clean, (_Other,), {})()


def find_submissions(folder: str | Path) -> list[Path]:
    """Every ``*.ipynb`` under ``folder`` (sorted; checkpoints skipped)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise NekoError(f"no submissions folder at {folder}")
    found = sorted(
        p for p in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts and p.is_file()
    )
    if not found:
        raise NekoError(f"no *.ipynb notebooks under {folder}")
    return found


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


def _read_notebook(path: Path) -> tuple[NotebookNode, str, str, str]:
    try:
        nb = nbformat.read(path, as_version=4)
    except Exception as error:  # not JSON, not a notebook
        raise NekoError(f"{path}: not a readable notebook ({type(error).__name__})") from None
    meta = nb.metadata.get("nekolib")
    if not isinstance(meta, dict):
        raise NekoError(f"{path}: not a nekolib classroom notebook (no nekolib metadata)")
    student, game = meta.get("student"), meta.get("game")
    if not isinstance(student, str) or not student or not isinstance(game, str):
        raise NekoError(f"{path}: the notebook names no student (a teacher or nbgrader copy?)")
    return nb, student, game, str(meta.get("mode", "practice"))


def _entries_from_seeds(nb: NotebookNode, path: Path, student: str) -> list[_Entry]:
    """A practice notebook graded without a key: answers recomputed from the seeds."""
    listed = nb.metadata["nekolib"].get("exercises")
    if not isinstance(listed, list):
        raise NekoError(f"{path}: the notebook lists no exercises")
    bank = all_exercises()
    entries = []
    for number, item in enumerate(listed, start=1):
        try:
            key, seed = str(item["key"]), int(item["seed"])
        except (KeyError, TypeError, ValueError):
            raise NekoError(f"{path}: exercise {number} in the metadata is damaged") from None
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
    nb: NotebookNode, path: Path, student: str, game: str, mode: str, key: AnswerKey | None
) -> list[_Entry]:
    if key is not None:
        if (student, game) not in key:
            raise NekoError(f"{path}: {student} has no {game} rows in the answer key")
        return key[(student, game)]
    if mode == "graded":
        raise NekoError(
            f"{path}: a graded notebook is scored against the class's answer key:"
            " pass --key OUT/teacher/answer_key.csv"
        )
    return _entries_from_seeds(nb, path, student)


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


def _execute(nb: NotebookNode, names: list[str], timeout: int, cwd: Path) -> dict[str, Any]:
    """Run the notebook plus the collector cell; the encoded answers (or a NekoError)."""
    from nbclient import NotebookClient

    nb.cells.append(nbformat.v4.new_code_cell(collector_source(names), id="nekolib-grader"))
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        allow_errors=True,
        interrupt_on_timeout=True,
        resources={"metadata": {"path": str(cwd)}},
    )
    try:  # the grader's runs are not the student's checks: no check log in their folder
        client.execute(env={**os.environ, CHECK_LOG_ENV: "off"})
    except Exception as error:  # dead kernel, kernel that would not start: no answers
        raise NekoError(f"the notebook could not be run ({type(error).__name__})") from None
    for output in nb.cells[-1].get("outputs", []):
        for line in str(output.get("text", "")).splitlines():
            if line.startswith(MARK):
                try:
                    found = json.loads(line[len(MARK) :])
                except json.JSONDecodeError:
                    break
                if isinstance(found, dict):
                    return found
    raise NekoError("the grader could not read the answers (was print or json patched?)")


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


def grade_notebook(
    path: str | Path, timeout: int = 60, key: AnswerKey | None = None
) -> GradedNotebook:
    """Execute one submission and score each exercise; a broken notebook scores zero."""
    path = Path(path)
    nb, student, game, mode = _read_notebook(path)
    entries = _entries(nb, path, student, game, mode, key)
    counted = recorded_checks(nb)  # as handed in, before the grader's own run
    try:
        answers = _execute(nb, [e.name for e in entries], timeout, path.parent)
        scores = [_score(student, game, e, answers.get(e.name)) for e in entries]
    except NekoError as error:
        scores = [replace(_score(student, game, e, None), note=str(error)) for e in entries]
    scores = [
        replace(s, checks=str(counted[e.name]) if e.name in counted else "")
        for s, e in zip(scores, entries, strict=True)
    ]
    return GradedNotebook(path, student, game, scores, nb)


def _newest_first(items: list[GradedNotebook]) -> list[GradedNotebook]:
    return sorted(items, key=lambda g: (g.path.stat().st_mtime, str(g.path)), reverse=True)


def grade_all(
    paths: Iterable[Path],
    timeout: int = 60,
    progress: Callable[[Iterable[Any]], Iterable[Any]] | None = None,
    key: AnswerKey | None = None,
    warn: Callable[[str], None] | None = None,
) -> list[Score]:
    """Scores of every notebook, grouped by student, each student's total row last.

    A notebook that is not a student's nekolib notebook gives one ``error`` row. When a
    student handed in several notebooks for one game, the newest counts; the others are
    graded and listed as duplicates, out of the total, and ``warn`` is told.
    """
    graded: list[GradedNotebook] = []
    errors: list[Score] = []
    for path in (progress or (lambda items: items))(list(paths)):
        try:
            graded.append(grade_notebook(path, timeout, key))
        except NekoError as error:
            errors.append(Score(Path(path).parent.name, "", "error", "", 0, 0, str(error)))
    rows: list[Score] = []
    for student in sorted({g.student for g in graded}):
        points = max_points = 0
        checks: list[int] = []
        mine = [g for g in graded if g.student == student]
        for game in sorted({g.game for g in mine}):
            newest, *older = _newest_first([g for g in mine if g.game == game])
            rows.extend(newest.scores)
            points += sum(s.points for s in newest.scores)
            max_points += sum(s.max_points for s in newest.scores)
            checks.extend(int(s.checks) for s in newest.scores if s.checks)
            for item in older:
                got = sum(s.points for s in item.scores)
                note = f"duplicate: older than {newest.path}, not in the total"
                rows.extend(replace(s, note=f"{s.note}; {note}") for s in item.scores)
                if warn is not None:
                    warn(
                        f"{student} handed in {len(older) + 1} {game} notebooks: graded the"
                        f" newest, {newest.path}; {item.path} ({got} points) is listed as a"
                        " duplicate"
                    )
        counted = str(sum(checks)) if checks else ""
        rows.append(Score(student, "", "total", "", points, max_points, "", counted))
    return rows + errors


def write_grades(scores: Sequence[Score], path: str | Path) -> Path:
    """Write ``grades.csv`` (columns :data:`COLUMNS`)."""
    path = Path(path)
    if path.parent != Path():
        path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(score.row() for score in scores)
    return path
