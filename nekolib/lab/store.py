"""Results on disk: one JSON line per finished game, appended as games finish.

The first line is a header naming the experiment (its description and fingerprint) and the
code that started it (:func:`~nekolib.lab.version.code_version`), so a store is never
silently resumed with a different experiment, nor (unless told: ``allow_mixed``, which is
written into the file as an ``{"event": "allow-mixed", ...}`` line) with different code.
Every row's ``code`` is checked before it is written: a game played by other code (a
Dask worker with another nekolib) is refused, not stored. The header is written with the
first game, so a run refused before any game leaves no file behind.

**Nothing stored is written over.** A file whose first line is not a valid header (cut,
edited: its fingerprint must be the hash of its experiment) is refused
(:class:`DamagedStoreError`), byte for byte untouched. Every write is an append, or an
atomic replace (a temporary file renamed over the old one: the file with its first game,
the cut of a torn last line). Appends are flushed at once (a killed process loses nothing)
and synced to disk at most once a second and at the end (group commits: a power cut loses
at most the last second). A write that fails (a full disk, a read-only file) raises
:class:`StoreWriteError`: one line saying how many games the file holds and how to resume.

One run writes a store at a time: :class:`RunLock` (``<store>.lock``, naming the run's pid,
host, start and command) refuses a second run at once; a lock left by a dead process on
this host is taken over. A run that is killed leaves every finished game on disk and at
worst one torn last line, which is cut on resume: finished games are never replayed.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import hashlib
import json
import os
import platform
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from nekolib.core import NekoError
from nekolib.files import replace_text
from nekolib.lab.experiment import Experiment
from nekolib.lab.version import code_difference, code_version, same_code

__all__ = [
    "RESULTS_DIR",
    "DamagedStoreError",
    "MixedVersionsError",
    "RunLock",
    "RunLockedError",
    "Store",
    "StoreWriteError",
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


class DamagedStoreError(NekoError):
    """A results file whose first line is not a valid header: refused, never written over."""


class StoreWriteError(NekoError):
    """A write to a results file failed (a full disk, no permission): what is stored and
    how to resume, in one line."""


SYNC_EVERY = 1.0
"""Seconds between two fsyncs of a store (group commits); every append is flushed at once."""


class Store:
    """The JSONL file of one experiment (its header line is written with the first game)."""

    def __init__(self, path: str | Path, experiment: Experiment) -> None:
        self.path = Path(path)
        self.experiment = experiment
        self.code = code_version()
        """The code whose games this run stores (rows from other code are refused)."""
        self.allow_mixed = False
        self._headed = False
        self._synced = 0.0
        self._unsynced = False

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
        with self._writing():
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
        lines = [json.dumps(row, sort_keys=False) + "\n" for row in rows]
        if others:
            event = {
                "event": "allow-mixed",
                "code": self.code,
                "others": code_versions(None, others),
                "games": [r.get("index") for r in others],
            }
            lines.insert(0, json.dumps(event) + "\n")
        with self._writing():
            if not self._headed:  # checked once: reading the file per batch is quadratic
                self._headed = True
                if self.header() is None:  # a new (or empty) file: header and games at once
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    replace_text(self.path, json.dumps(self._header()) + "\n" + "".join(lines))
                    self._synced = time.monotonic()
                    return
            size = self.path.stat().st_size
            with self.path.open("ab", buffering=0) as f:  # unbuffered: nothing left to retry
                data = memoryview("".join(lines).encode("utf-8"))
                try:
                    while data:
                        data = data[f.write(data) or 0 :]
                except OSError:  # take back what got in of this batch: no torn line
                    with contextlib.suppress(OSError):
                        os.truncate(self.path, size)
                    raise
                self._unsynced = True
                if time.monotonic() - self._synced >= SYNC_EVERY:
                    os.fsync(f.fileno())
                    self._synced, self._unsynced = time.monotonic(), False

    def close(self) -> None:
        """Sync what :meth:`append` wrote since the last group commit."""
        if self._unsynced and self.path.exists():
            with self._writing(), self.path.open("rb") as f:
                os.fsync(f.fileno())
            self._unsynced = False

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """An ``OSError`` while writing becomes one :class:`StoreWriteError` line."""
        try:
            yield
        except OSError as err:
            raise StoreWriteError(self._write_failed(err)) from None

    def _write_failed(self, err: OSError) -> str:
        try:
            held = len(self.rows()) if self.header() is not None else 0
        except (OSError, NekoError):  # pragma: no cover - unreadable as well
            held = "an unknown number"
        fix = {
            errno.ENOSPC: "free some space",
            errno.EDQUOT: "free some space (quota)",
            errno.EACCES: "make it writable",
            errno.EPERM: "make it writable",
            errno.EROFS: "make it writable (a read-only file system)",
        }.get(err.errno or 0, "fix that")
        code = errno.errorcode.get(err.errno or 0, "?")
        return (
            f"cannot write {self.path}: {err.strerror or err} ({code}); "
            f"it holds {held} of {self.experiment.total} games, each complete (a cut last "
            f"line is dropped on resume); {fix} and run the same command to resume"
        )

    # -- helpers -------------------------------------------------------------------------
    def _record(self, event: dict[str, Any]) -> None:
        with self._writing(), self.path.open("a", encoding="utf-8") as f:
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
        self._created = False

    def __enter__(self) -> RunLock:
        try:
            return self._take()
        except OSError as err:
            if self._created:  # our lock file, half written: not a lock of anyone
                self.path.unlink(missing_ok=True)
            raise StoreWriteError(
                f"cannot lock the results folder {self.folder}: {err.strerror or err} "
                f"({errno.errorcode.get(err.errno or 0, '?')}); nothing was played or written. "
                "Free space or make the folder writable (or give another --out), then run the "
                "same command"
            ) from None

    def _take(self) -> RunLock:
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
            self._created = True
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
    """``(header, rows)``; ``(None, [])`` for a missing or empty file; a file whose first
    line is not a valid header raises :class:`DamagedStoreError` (never read as new)."""
    if not path.exists() or not path.read_bytes().strip():
        return None, []
    with path.open("rb") as f:
        first = f.readline()
    problem = header_problem(first)
    if problem:
        raise DamagedStoreError(
            f"{path} is not a valid nekolib lab results file: its first line {problem}. It "
            "was left as it is (nothing is written over a damaged file): restore it, move it "
            "away, or give another --out"
        )
    _, records = _records(path)
    return records[0], [r for r in records[1:] if isinstance(r, dict) and "index" in r]


def header_problem(line: bytes) -> str:
    """What is wrong with a results file's first line as its header (``""``: nothing): it
    must be a whole JSON object whose ``fingerprint`` is the hash of its ``experiment``."""
    if not line.endswith(b"\n"):
        return "is cut short (no line end)"
    try:
        header = json.loads(line)
    except ValueError:
        return "is not JSON (cut or edited)"
    if not isinstance(header, dict) or not isinstance(header.get("experiment"), dict):
        return "is not a header (no experiment)"
    if not isinstance(header.get("total"), int) or "code" not in header:
        return "lacks the header's total or code"
    about = {k: v for k, v in header["experiment"].items() if k != "name"}
    digest = hashlib.sha256(json.dumps(about, sort_keys=True).encode()).hexdigest()[:16]
    if header.get("fingerprint") != digest:
        return (
            f"has fingerprint {header.get('fingerprint')!r}, not its experiment's hash "
            f"{digest!r} (edited)"
        )
    return ""


def _cut_torn_tail(path: Path) -> None:
    """Drop a last line without its newline (a write cut short by a kill), by an atomic
    replace of the file with its whole lines."""
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        replace_text(path, data[: data.rfind(b"\n") + 1].decode("utf-8"))
