"""Results on disk: one JSON line per finished game, appended as games finish.

The first line is a header naming the experiment (its description and fingerprint) and the
code that started it (:func:`~nekolib.lab.version.code_version`), so a store is never
silently resumed with a different experiment, nor (unless told: ``allow_mixed``, which is
written into the file as an ``{"event": "allow-mixed", ...}`` line) with different code.
Every row's ``code`` is checked before it is written: a game played by other code (a
Dask worker with another nekolib) is refused, not stored. The header is written with the
first game, so a run refused before any game leaves no file behind.

One run writes a store at a time: :class:`RunLock` (``<store>.lock``, naming the run's pid,
host, start and command) refuses a second run at once; a lock left by a dead process on
this host is taken over. A run that is killed leaves every finished game on disk (each
line is flushed as it is written) and at worst one torn last line, which is ignored (and
overwritten) on resume: finished games are never replayed.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from nekolib.core import NekoError
from nekolib.lab.experiment import Experiment
from nekolib.lab.version import code_difference, code_version, same_code

__all__ = [
    "RESULTS_DIR",
    "MixedVersionsError",
    "RunLock",
    "RunLockedError",
    "Store",
    "code_versions",
    "events",
    "read_rows",
]

RESULTS_DIR = Path(__file__).resolve().parent.parent.parent / "results"
"""Committed results (``results/<experiment>.jsonl``) that charts and notebooks read (a
run writes under the working directory, ``./results``, or ``--out``: never here)."""


class MixedVersionsError(NekoError):
    """Games played by other code than the store's (resuming, or a row from a worker with
    other code): ``allow_mixed`` overrides, recorded in the file."""


class RunLockedError(NekoError):
    """Another run is writing this store."""


class Store:
    """The JSONL file of one experiment (its header line is written with the first game)."""

    def __init__(self, path: str | Path, experiment: Experiment) -> None:
        self.path = Path(path)
        self.experiment = experiment
        self.code = code_version()
        """The code whose games this run stores (rows from other code are refused)."""
        self.allow_mixed = False
        self._headed = False

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
        """Check the header and the code of the stored games (:class:`MixedVersionsError`
        naming the changed fields unless ``allow_mixed``, then recorded) and cut a torn last
        line. A missing file is not created here: :meth:`append` writes the header with the
        first game (a file holding only a header counts as holding no game)."""
        self.allow_mixed = allow_mixed
        self._headed = False
        if self.header() is None:
            return
        self._check_header()
        _cut_torn_tail(self.path)
        _, rows = _read(self.path)
        others = [v for v in code_versions(None, rows) if not same_code(v, self.code)]
        if others and self.missing():
            if not allow_mixed:
                raise MixedVersionsError(
                    f"{self.path} holds games played by other nekolib code "
                    f"({code_difference(others[0], self.code)}; stored: "
                    f"{_describe_code(others[0])}; now: {_describe_code(self.code)}): resuming "
                    "would mix versions. Give another --out, delete the file, or pass "
                    "--allow-mixed (recorded in the file)"
                )
            self._record({"event": "allow-mixed", "code": self.code, "others": others})

    def append(self, rows: Iterable[dict[str, Any]]) -> None:
        """Write finished games (flushed and synced, so a kill right after loses nothing),
        after checking that each was played by this run's code: a row from other code
        raises :class:`MixedVersionsError` (naming the game and the changed fields) and
        nothing of the batch is written, unless ``allow_mixed`` (then recorded)."""
        rows = list(rows)
        others = [r for r in rows if not same_code(r.get("code"), self.code)]
        if others and not self.allow_mixed:
            row = others[0]
            raise MixedVersionsError(
                f"game {row.get('index')} came back played by other nekolib code than this "
                f"run's ({code_difference(self.code, row.get('code'))}): "
                f"{len(others)} of {len(rows)} games of this batch refused, none stored. "
                "Every worker must run the same nekolib (or pass --allow-mixed, recorded)"
            )
        if not self._headed:  # checked once: reading the file per batch is quadratic
            if self.header() is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.path.write_text(json.dumps(self._header()) + "\n", encoding="utf-8")
            self._headed = True
        if others:
            self._record(
                {
                    "event": "allow-mixed",
                    "code": self.code,
                    "others": code_versions(None, others),
                    "games": [r.get("index") for r in others],
                }
            )
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
            "code": self.code,
        }

    def _check_header(self) -> None:
        header = self.header()
        if header is None:
            return
        if header.get("fingerprint") != self.experiment.fingerprint():
            changed = _changed_fields(header.get("experiment", {}), self.experiment.to_dict())
            raise NekoError(
                f"{self.path} holds results of a different experiment "
                f"({header.get('experiment', {}).get('name', '?')!r}, fingerprint "
                f"{header.get('fingerprint')}; changed: {changed}); give another --out or "
                "delete the file"
            )


class RunLock:
    """``with RunLock(results_folder):`` the one run writing into that results folder.

    The lock is the file ``<folder>/.lab-run.lock``, created exclusively, holding the run's
    pid, host, start time and command. A second run into the same folder (the same
    experiment or another) raises :class:`RunLockedError` at once, naming the first; a lock
    whose pid is dead on this host is taken over. Removed on exit.
    """

    NAME = ".lab-run.lock"

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / self.NAME
        self.mine: dict[str, Any] = {}

    def __enter__(self) -> RunLock:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.mine = {
            "pid": os.getpid(),
            "host": platform.node(),
            "started": datetime.datetime.now(datetime.timezone.utc).strftime(  # 3.10: no UTC
                "%Y-%m-%d %H:%M:%S UTC"
            ),
            "command": " ".join(sys.argv),
        }
        for _ in range(2):
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                other = _read_lock(self.path)
                if _alive(other):
                    raise RunLockedError(
                        f"the results folder {self.folder} is being written by another run "
                        f"({_describe_lock(other)}): one run per results folder. Wait for it, "
                        f"give another --out, or, if that run is gone, delete {self.path}"
                    ) from None
                self.path.unlink(missing_ok=True)  # a dead run's lock: take it over
                continue
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self.mine, f)
            return self
        raise RunLockedError(f"{self.path} keeps being taken by another run; try again")

    def __exit__(self, *exc: object) -> None:
        if _read_lock(self.path) == self.mine:
            self.path.unlink(missing_ok=True)


def _read_lock(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _alive(lock: dict[str, Any]) -> bool:
    """Whether the run holding ``lock`` may still be running (another host: assume so)."""
    pid = lock.get("pid")
    if not isinstance(pid, int) or pid <= 0:
        return False  # torn or foreign lock file: nobody to wait for
    if lock.get("host") != platform.node():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _describe_lock(lock: dict[str, Any]) -> str:
    return (
        f"pid {lock.get('pid')} on {lock.get('host')}, started {lock.get('started')}: "
        f"{lock.get('command') or '?'}"
    )


def _changed_fields(old: dict[str, Any], new: dict[str, Any], prefix: str = "") -> str:
    """``seed 5 -> 6, params.board 'grid_3x4' -> 'town_4x6'`` (what differs, at most 6)."""
    parts = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if a == b or key == "name":
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            parts.append(_changed_fields(a, b, f"{prefix}{key}."))
        else:
            parts.append(f"{prefix}{key} {a!r} -> {b!r}")
    parts = [p for p in parts if p]
    return ", ".join(parts[:6]) + (", ..." if len(parts) > 6 else "")


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
