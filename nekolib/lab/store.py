"""Results on disk: one JSON line per finished game, appended as games finish.

The first line is a header naming the experiment (its description and fingerprint) and the
code that started it (:func:`~nekolib.lab.version.code_version`), so a store is never
silently resumed with a different experiment, nor (unless told: ``allow_mixed``, which is
written into the file as an ``{"event": "allow-mixed", ...}`` line) with different code.
A run that is killed leaves every finished game on disk (each line is flushed as it is
written) and at worst one torn last line, which is ignored (and overwritten) on resume:
finished games are never replayed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from nekolib.core import NekoError
from nekolib.lab.experiment import Experiment
from nekolib.lab.version import code_version, same_code

__all__ = ["RESULTS_DIR", "MixedVersionsError", "Store", "code_versions", "events", "read_rows"]

RESULTS_DIR = Path(__file__).resolve().parent.parent.parent / "results"
"""Committed results (``results/<experiment>.jsonl``) that charts and notebooks read (a
run writes under the working directory, ``./results``, or ``--out``: never here)."""


class MixedVersionsError(NekoError):
    """Resuming a store whose games were played by other code (``allow_mixed`` overrides)."""


class Store:
    """The JSONL file of one experiment (created with a header line on first use)."""

    def __init__(self, path: str | Path, experiment: Experiment) -> None:
        self.path = Path(path)
        self.experiment = experiment

    # -- reading -------------------------------------------------------------------------
    def header(self) -> dict[str, Any] | None:
        """The header line, or ``None`` for a missing or empty file."""
        header, _ = _read(self.path)
        return header

    def rows(self) -> list[dict[str, Any]]:
        """Finished games sorted by index (a duplicate index keeps its first row)."""
        self._check_header()
        _, rows = _read(self.path)
        first: dict[int, dict[str, Any]] = {}
        for row in rows:
            first.setdefault(row["index"], row)
        return [first[i] for i in sorted(first)]

    def done(self) -> set[int]:
        """Indices of the finished games."""
        return {row["index"] for row in self.rows()}

    def missing(self) -> list[int]:
        """Indices of the experiment's games that the store does not hold."""
        done = self.done()
        return [i for i in range(self.experiment.total) if i not in done]

    # -- writing -------------------------------------------------------------------------
    def open(self, allow_mixed: bool = False) -> None:
        """Create the file with its header, or check the header and the code of the stored
        games (:class:`MixedVersionsError` unless ``allow_mixed``, then recorded) and cut a
        torn last line."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.header() is None:
            self.path.write_text(json.dumps(self._header()) + "\n", encoding="utf-8")
            return
        self._check_header()
        _cut_torn_tail(self.path)
        now = code_version()
        header, rows = _read(self.path)
        others = [v for v in code_versions(header, rows) if not same_code(v, now)]
        if others and self.missing():
            if not allow_mixed:
                raise MixedVersionsError(
                    f"{self.path} holds games played by other nekolib code "
                    f"({_describe_code(others[0])}; now {_describe_code(now)}): resuming would "
                    "mix versions. Give another --out, delete the file, or pass --allow-mixed "
                    "(recorded in the file)"
                )
            self._record({"event": "allow-mixed", "code": now, "others": others})

    def append(self, rows: Iterable[dict[str, Any]]) -> None:
        """Write finished games (flushed and synced, so a kill right after loses nothing)."""
        with self.path.open("a", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, sort_keys=False) + "\n")
            f.flush()
            os.fsync(f.fileno())

    # -- helpers -------------------------------------------------------------------------
    def _record(self, event: dict[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(event) + "\n")

    def _header(self) -> dict[str, Any]:
        return {
            "experiment": self.experiment.to_dict(),
            "fingerprint": self.experiment.fingerprint(),
            "total": self.experiment.total,
            "code": code_version(),
        }

    def _check_header(self) -> None:
        header = self.header()
        if header is None:
            return
        if header.get("fingerprint") != self.experiment.fingerprint():
            raise NekoError(
                f"{self.path} holds results of a different experiment "
                f"({header.get('experiment', {}).get('name', '?')!r}, fingerprint "
                f"{header.get('fingerprint')}); give another --out or delete the file"
            )


def read_rows(path: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``(header, rows sorted by index)`` of a results file (for charts and notebooks)."""
    header, rows = _read(Path(path))
    if header is None:
        raise NekoError(f"{path} is not a nekolib lab results file (no header line)")
    first: dict[int, dict[str, Any]] = {}
    for row in rows:
        first.setdefault(row["index"], row)
    return header, [first[i] for i in sorted(first)]


def code_versions(header: dict[str, Any] | None, rows: list[dict[str, Any]]) -> list[dict]:
    """The distinct ``code`` records of a store's rows (the header's if no row has one)."""
    seen: dict[str, dict[str, Any]] = {}
    for row in rows:
        code = row.get("code") or {}
        seen.setdefault(json.dumps(code, sort_keys=True), code)
    if not seen and header is not None:
        seen[""] = header.get("code") or {}
    return list(seen.values())


def events(path: str | Path) -> list[dict[str, Any]]:
    """The ``{"event": ...}`` lines of a results file (``allow-mixed`` resumes)."""
    _, records = _records(Path(path))
    return [r for r in records if isinstance(r, dict) and "event" in r]


def _describe_code(code: dict[str, Any]) -> str:
    if not code:
        return "unrecorded code"
    commit = (code.get("commit") or "no commit")[:10]
    dirty = " + uncommitted changes" if code.get("dirty") else ""
    return (
        f"nekolib {code.get('nekolib')} at {commit}{dirty}, source {code.get('source')}, "
        f"Python {code.get('python')}"
    )


def _records(path: Path) -> tuple[bool, list[Any]]:
    if not path.exists():
        return False, []
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:  # a torn line from a killed run: that game is not done
            continue
    return True, records


def _read(path: Path) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    _, records = _records(path)
    if not records or "fingerprint" not in records[0]:
        return None, []
    return records[0], [r for r in records[1:] if isinstance(r, dict) and "index" in r]


def _cut_torn_tail(path: Path) -> None:
    """Drop a last line without its newline (a write cut short by a kill)."""
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        path.write_bytes(data[: data.rfind(b"\n") + 1])
