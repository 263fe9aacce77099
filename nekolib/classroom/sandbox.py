"""Running one hand-in where it can touch nothing: a bubblewrap sandbox with limits.

Each notebook runs (:mod:`nekolib.classroom.sandbox_runner`) in fresh mount, PID, IPC,
UTS and network namespaces made by ``bwrap`` (Debian/Ubuntu package ``bubblewrap``).
Inside, the sandbox sees the Python environment and nekolib read-only, a copy of that one
notebook, and an empty scratch folder of limited size: not the key, the class secret,
the teacher's folder, other hand-ins, the grader's process (``/proc`` is the sandbox's
own) or any network (only its own loopback). When run as root, student code runs as
the unprivileged user ``nobody`` (uid 65534), so the process limit holds.

Every process the notebook starts dies with it: the grader kills the sandbox at the
wall-time limit or at the first limit exceeded, and the kernel tears a PID namespace
down with its first process. The limits (:class:`Limits`) are checked from outside:
wall time and the memory of all the sandbox's processes together by a watchdog here,
CPU time, memory per process, process count and file size by ``setrlimit`` before
``bwrap`` starts (inherited by everything in the sandbox), the output size by the runner
and by the bytes read here. A hand-in that exceeds one is reported in one clause
(:attr:`Outcome.stopped`): ``"stopped: used more than 2 GB of memory"``.

Where ``bwrap`` is missing or cannot make namespaces, :func:`require_sandbox` raises a
one-line :class:`SandboxUnavailable` saying how to get it; ``run_hand_in(...,
sandbox=False)`` (the grader's ``--unsafe-student-code-runs-as-me``) runs the same
runner without isolation, with the same limits, as the teacher.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nekolib.classroom.graded import CHECK_LOG_ENV
from nekolib.classroom.sandbox_runner import RESULT
from nekolib.core import NekoError

__all__ = [
    "DEFAULT_LIMITS",
    "NOBODY",
    "UNSAFE_FLAG",
    "Limits",
    "Outcome",
    "SandboxUnavailable",
    "bwrap_command",
    "require_sandbox",
    "run_hand_in",
]

NOBODY = 65534
UNSAFE_FLAG = "--unsafe-student-code-runs-as-me"
_MB = 1_000_000
_READ_CAP = 4 * _MB  # bytes of the runner's output the grader keeps (the result is last)
_POLL = 0.1


class SandboxUnavailable(NekoError):
    """No way to isolate student code on this machine (says how to get one)."""


@dataclass(frozen=True)
class Limits:
    """What one hand-in may use; exceeding any stops it with a one-clause reason."""

    wall_seconds: float = 300.0
    """The whole notebook, kernel start included."""
    cell_seconds: int = 60
    """One cell; past it the kernel is interrupted and the next cell runs."""
    cpu_seconds: int = 300
    """CPU time of each process."""
    memory_bytes: int = 2_000 * _MB
    """All the sandbox's processes together (resident memory)."""
    processes: int = 256
    """Processes and threads at once (the kernel alone uses about 10)."""
    output_bytes: int = 50 * _MB
    """What the cells may print, and the size of any file written."""
    scratch_bytes: int = 256 * _MB
    """The scratch folder (a tmpfs in the sandbox)."""


@dataclass(frozen=True)
class Outcome:
    """What came out of a hand-in's run: its encoded answers, or why there are none."""

    answers: dict[str, Any] | None
    problem: str = ""
    """Empty when the answers were read; else one clause for the grades file."""
    seconds: float = 0.0
    interrupted: tuple[int, ...] = ()
    """Cells (numbered from 1) that ran over the cell limit and were interrupted."""


DEFAULT_LIMITS = Limits()


def _bwrap() -> str | None:
    return shutil.which("bwrap")


def require_sandbox() -> str:
    """The ``bwrap`` path, after checking it can make the namespaces the grader needs."""
    found = _bwrap()
    how = (
        "install bubblewrap (Debian/Ubuntu: sudo apt-get install bubblewrap; Fedora: sudo dnf"
        f" install bubblewrap), or pass {UNSAFE_FLAG} to run student code with your permissions"
    )
    if found is None or not sys.platform.startswith("linux"):
        raise SandboxUnavailable(f"grading runs each hand-in in a sandbox: {how}")
    probe = subprocess.run(
        [found, *_namespaces(), "--ro-bind", "/", "/", "--proc", "/proc", "--", "true"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    if probe.returncode != 0:
        reason = (probe.stderr.strip().splitlines() or ["no reason given"])[-1]
        raise SandboxUnavailable(f"bubblewrap cannot make a sandbox here ({reason}): {how}")
    return found


def _namespaces() -> list[str]:
    flags = ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"]
    flags += ["--unshare-cgroup-try", "--die-with-parent", "--new-session"]
    return flags if os.geteuid() == 0 else [*flags, "--unshare-user"]


def _visible_paths() -> list[Path]:
    """What the sandbox sees read-only: the system, this Python and nekolib itself."""
    paths = {Path(p) for p in ("/usr", "/etc/ld.so.cache", "/etc/localtime")}
    for prefix in {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}:
        paths.add(Path(prefix))
    paths.add(Path(sys.executable).resolve().parent.parent)
    paths.add(_package_root() / "nekolib")
    found = sorted(p for p in paths if p.exists())
    return [p for p in found if not any(q != p and q in p.parents for q in found)]


def _package_root() -> Path:
    """The folder nekolib is imported from (its parent: in the sandbox it holds nothing else)."""
    import nekolib

    return Path(nekolib.__file__).resolve().parent.parent


def _parents(path: Path) -> list[str]:
    """``--dir`` every missing parent, world-traversable (bwrap makes them 0700)."""
    args: list[str] = []
    for parent in reversed(path.parents):
        if str(parent) not in ("/", "/usr"):
            args += ["--perms", "0755", "--dir", str(parent)]
    return args


def bwrap_command(bwrap: str, notebook: Path, limits: Limits, runner: list[str]) -> list[str]:
    """The ``bwrap`` command line that runs ``runner`` on a read-only copy of ``notebook``."""
    args = [bwrap, *_namespaces(), "--tmpfs", "/tmp"]  # first: binds under /tmp go on it
    for name in ("lib", "lib64", "bin", "sbin"):
        if Path("/usr", name).is_dir() and Path("/", name).is_symlink():
            args += ["--symlink", f"usr/{name}", f"/{name}"]
    for path in _visible_paths():
        args += [*_parents(path), "--ro-bind", str(path), str(path)]
    args += ["--proc", "/proc", "--dev", "/dev"]
    args += ["--perms", "0777", "--size", str(limits.scratch_bytes), "--tmpfs", "/scratch"]
    args += ["--ro-bind", str(notebook), "/scratch/submission.ipynb", "--chdir", "/scratch"]
    args += ["--clearenv", "--setenv", "PATH", f"{Path(sys.executable).parent}:/usr/bin:/bin"]
    for name in ("HOME", "MPLCONFIGDIR", "NUMBA_CACHE_DIR", "JUPYTER_RUNTIME_DIR"):
        args += ["--setenv", name, "/scratch"]
    args += ["--setenv", CHECK_LOG_ENV, "off", "--setenv", "MPLBACKEND", "Agg"]
    args += ["--setenv", "PYTHONPATH", str(_package_root())]
    if os.geteuid() == 0:  # drop to nobody inside, after the mounts root made
        args += ["--", "setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
        args += ["--inh-caps=-all", "--bounding-set=-all"]
    else:
        args += ["--"]
    return [*args, *runner]


def _runner(notebook: str, names: list[str], limits: Limits) -> list[str]:
    return [
        sys.executable,
        "-s",
        "-m",
        "nekolib.classroom.sandbox_runner",
        notebook,
        json.dumps(names),
        str(limits.cell_seconds),
        str(limits.output_bytes),
    ]


def _tasks_of_user(uid: int) -> int:
    """Processes and threads the user runs now (RLIMIT_NPROC counts them all)."""
    count = 0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    count += len(os.listdir(f"/proc/{entry.name}/task"))
            except OSError:
                continue
    return count


def _limiter(limits: Limits, sandboxed: bool):  # type: ignore[no-untyped-def]
    """Runs in the child before exec: the rlimits every sandboxed process inherits."""
    uid = NOBODY if sandboxed and os.geteuid() == 0 else os.getuid()
    nproc = limits.processes + _tasks_of_user(uid)
    memory = limits.memory_bytes + 1_000 * _MB  # address space per process: a backstop

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 5))
        resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))
        resource.setrlimit(resource.RLIMIT_FSIZE, (limits.output_bytes,) * 2)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if sandboxed:  # bwrap's own mounts need no more; the teacher's Python might
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)

    return apply


def _tree(root: int) -> list[int]:
    """``root`` and all its descendants, from /proc (children of children included)."""
    parent_of: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as handle:
                    stat = handle.read()
                parent_of[int(entry.name)] = int(stat[stat.rindex(b")") + 2 :].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parent_of.items() if parent in frontier]
        found += frontier
    return found


def _proportional(pids: list[int]) -> int:
    """Proportional resident bytes (pages shared by N processes count 1/N in each): what a
    forked tree really holds, which the plain sum of resident sizes counts many times."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup", "rb") as handle:
                for line in handle:
                    if line.startswith(b"Pss:"):
                        total += int(line.split()[1]) * 1024
                        break
        except (OSError, ValueError, IndexError):
            continue
    return total


def _resident(pids: list[int]) -> tuple[int, int]:
    """Resident bytes and task (thread) count of the given processes."""
    total = tasks = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm", "rb") as handle:
                total += int(handle.read().split()[1]) * resource.getpagesize()
            tasks += len(os.listdir(f"/proc/{pid}/task"))
        except (OSError, ValueError, IndexError):
            continue
    return total, tasks


class _Reader(threading.Thread):
    """Drains the runner's output: keeps the last bytes, counts them all."""

    def __init__(self, stream: Any) -> None:
        super().__init__(daemon=True)
        self.stream, self.kept, self.count = stream, bytearray(), 0

    def run(self) -> None:
        while chunk := self.stream.read(65536):
            self.count += len(chunk)
            self.kept += chunk
            if len(self.kept) > _READ_CAP:
                del self.kept[: len(self.kept) - _READ_CAP]

    def last_line(self) -> str:
        """``": <the last line printed>"`` (printable, cut at 120), or ``""``."""
        lines = self.kept.decode("utf-8", "replace").strip().splitlines()
        text = "".join(c for c in (lines[-1] if lines else "") if c.isprintable())[:120]
        return f": {text}" if text else ""

    def result(self) -> dict[str, Any] | None:
        text = self.kept.decode("utf-8", "replace")
        lines = [line for line in text.splitlines() if line.startswith(RESULT)]
        if not lines:
            return None
        try:
            found = json.loads(lines[-1][len(RESULT) :])
        except json.JSONDecodeError:
            return None
        return found if isinstance(found, dict) else None


def _watch(process: subprocess.Popen, reader: _Reader, limits: Limits) -> str:
    """Wait for the run to end; the limit it broke (its process tree is then killed)."""
    deadline = time.monotonic() + limits.wall_seconds
    while process.poll() is None:
        pids = _tree(process.pid)
        memory, tasks = _resident(pids)
        stopped = ""
        if time.monotonic() > deadline:
            stopped = f"ran longer than {limits.wall_seconds:g} s"
        elif tasks >= limits.processes - 2:
            stopped = f"started more than {limits.processes - 2} processes and threads"
        elif memory > limits.memory_bytes and _proportional(pids) > limits.memory_bytes:
            stopped = f"used more than {limits.memory_bytes / 1e9:g} GB of memory"
        elif reader.count > limits.output_bytes:
            stopped = f"printed more than {limits.output_bytes // _MB} MB"
        if stopped:
            _kill(process, pids)
            return stopped
        time.sleep(_POLL)
    return ""


def _kill(process: subprocess.Popen, pids: list[int]) -> None:
    """SIGKILL the runner's whole tree (the sandbox's PID namespace dies with its init)."""
    for pid in [process.pid, *pids]:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            continue
    with contextlib.suppress(OSError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _outcome(found: dict[str, Any] | None, stopped: str, seconds: float, last: str = "") -> Outcome:
    if stopped:
        return Outcome(None, f"stopped: {stopped}", seconds)
    if found is None:
        return Outcome(
            None, f"the notebook could not be run (the grader read no result{last})", seconds
        )
    if isinstance(found.get("answers"), dict):
        cells = found.get("interrupted")
        cells = cells if isinstance(cells, list) else []
        interrupted = tuple(c for c in cells[:20] if isinstance(c, int) and not isinstance(c, bool))
        return Outcome(found["answers"], "", seconds, interrupted)
    if isinstance(found.get("stopped"), str):
        return Outcome(None, f"stopped: {found['stopped'][:200]}", seconds)
    return Outcome(None, str(found.get("error", "the notebook could not be run"))[:200], seconds)


def run_hand_in(
    notebook: bytes, names: list[str], limits: Limits = DEFAULT_LIMITS, sandbox: bool = True
) -> Outcome:
    """Run one hand-in (the notebook's bytes) and read the answer variables ``names``.

    With ``sandbox`` (the default) in bubblewrap, as described above; without it, the same
    runner and limits in a scratch folder, as the teacher (student code can then read
    and write whatever the teacher can).
    """
    bwrap = require_sandbox() if sandbox else None
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="nekolib-grade-") as folder:
        os.chmod(folder, 0o700)
        copy = Path(folder) / "submission.ipynb"
        copy.write_bytes(notebook)
        if bwrap is not None:
            command = bwrap_command(bwrap, copy, limits, _runner("submission.ipynb", names, limits))
            cwd, env = "/", {}
        else:
            scratch = Path(folder) / "scratch"
            scratch.mkdir()
            copy = copy.rename(scratch / "submission.ipynb")
            command = _runner(str(copy), names, limits)
            env = {**os.environ, CHECK_LOG_ENV: "off", "MPLBACKEND": "Agg"}
            cwd = str(scratch)
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            env=env,
            start_new_session=True,
            preexec_fn=_limiter(limits, bwrap is not None),
        )
        reader = _Reader(process.stdout)
        reader.start()
        stopped = _watch(process, reader, limits)
        if not stopped and bwrap is None:  # no PID namespace: end what the notebook left
            _kill(process, _tree(process.pid))
        reader.join(timeout=5)
        return _outcome(reader.result(), stopped, time.monotonic() - start, reader.last_line())
