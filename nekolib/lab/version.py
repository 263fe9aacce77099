"""Which code made a result: nekolib's version, its git commit, a hash of its source, Python.

Every result row carries :func:`code_version` (``nekolib``, ``commit``, ``dirty``,
``source``, ``python``), so a results file says which code played each game. Two runs
play the same games exactly when their ``source`` hashes agree: SHA-256 of every
``nekolib/**/*.py`` file's path and syntax tree (``ast.dump`` with docstrings removed, so an
edit of a comment, a docstring or blank lines is the same code, and any change to what
runs is not; the tree's layout depends on Python's minor version, which
:func:`same_code` compares anyway). Each file's tree digest is cached by the file's bytes
(:func:`cache_path`), so only a changed file is parsed again. The commit is recorded for the reader
(``None`` outside a git checkout, e.g. an installed wheel) and ``dirty`` says whether the
checkout had uncommitted changes under ``nekolib/`` (then only ``source`` names the code).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

from nekolib.core import NekoError

__all__ = [
    "VERSION_KEYS",
    "WorkerVersionError",
    "cache_path",
    "check_code",
    "code_difference",
    "code_version",
    "same_code",
    "source_hash",
]

PACKAGE = Path(__file__).resolve().parent.parent
"""The ``nekolib`` package folder whose source is hashed."""

VERSION_KEYS = ("nekolib", "commit", "dirty", "source", "python")
"""The fields of :func:`code_version` (and of every result row's ``code``)."""


class WorkerVersionError(NekoError):
    """A Dask worker running other nekolib code than the run that sent it games."""


@functools.cache
def code_version() -> dict[str, Any]:
    """``{"nekolib", "commit", "dirty", "source", "python"}`` of the running code (cached)."""
    from nekolib import __version__

    commit, dirty = _git()
    return {
        "nekolib": __version__,
        "commit": commit,
        "dirty": dirty,
        "source": source_hash(),
        "python": platform.python_version(),
    }


def same_code(a: dict[str, Any] | None, b: dict[str, Any] | None) -> bool:
    """Whether two :func:`code_version` records name the same game-playing code
    (source hash and Python ``major.minor``; the commit of a docs-only change does not count)."""
    if not a or not b:
        return False
    return a.get("source") == b.get("source") and _minor(a) == _minor(b)


def check_code(expected: dict[str, Any] | None) -> None:
    """On a worker, before it plays: :class:`WorkerVersionError` (naming the worker and the
    changed fields) unless this process runs the ``expected`` code (``None``: no check)."""
    here = code_version()
    if expected is None or same_code(here, expected):
        return
    where = _worker_address()
    raise WorkerVersionError(
        f"worker {where} runs other nekolib code than the run that sent it games "
        f"({code_difference(expected, here)}); it played none of them. Install the run's "
        "nekolib on the worker (or pass --allow-mixed to store its games anyway, recorded)"
    )


def _worker_address() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except Exception:  # not on a Dask worker
        return f"pid {os.getpid()} on {platform.node()}"


def code_difference(a: dict[str, Any] | None, b: dict[str, Any] | None) -> str:
    """Which fields of two :func:`code_version` records differ, named with both values:
    ``source 0123abcd... -> 4567ef... (the Python code of nekolib changed)``; the fields
    :func:`same_code` ignores (commit, dirty, Python patch level) are named after it."""
    if not a or not b:
        return "the code was not recorded" if not a else "no code to compare with"
    parts = []
    if a.get("source") != b.get("source"):
        parts.append(
            f"source {a.get('source')} -> {b.get('source')} (nekolib's Python code changed"
            + (
                f": nekolib {a.get('nekolib')} -> {b.get('nekolib')}"
                if a.get("nekolib") != b.get("nekolib")
                else ""
            )
            + ")"
        )
    if _minor(a) != _minor(b):
        parts.append(f"python {a.get('python')} -> {b.get('python')}")
    same = "same game-playing code" if not parts else ""
    notes = [
        f"{key} {str(a.get(key))[:10]} -> {str(b.get(key))[:10]}"
        for key in ("commit", "dirty")
        if a.get(key) != b.get(key)
    ]
    return "; ".join(
        parts + ([same] if same else []) + (["also " + ", ".join(notes)] if notes else [])
    )


def source_hash(package: Path = PACKAGE, cache: Path | bool | None = True) -> str:
    """SHA-256 (16 hex digits) over every ``*.py`` file of ``package``: its relative path and
    the SHA-256 of its :func:`code_text` (the syntax tree without docstrings: comments and
    layout do not count).

    Parsing and dumping every tree takes seconds, so each file's tree digest is kept in a
    cache keyed by the SHA-256 of the file's bytes and Python's minor version
    (:func:`cache_path`; ``cache=False``: none, or a file of your own): a file whose bytes
    changed is parsed again, so the hash is the same as without the cache. Only reading
    and hashing the bytes is left (milliseconds). A cache that cannot be read or written is
    ignored (everything is parsed)."""
    where = cache_path() if cache is True else (cache or None)
    known = _read_cache(where) if where else {}
    used: dict[str, str] = {}
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        data = path.read_bytes()
        raw = hashlib.sha256(data).hexdigest()
        tree = known.get(raw) or hashlib.sha256(code_text(data).encode()).hexdigest()
        used[raw] = tree
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(tree.encode() + b"\0")
    if where and any(known.get(raw) != tree for raw, tree in used.items()):
        _write_cache(where, dict(list(known.items())[-CACHE_ENTRIES:]) | used)
    return digest.hexdigest()[:16]


CACHE_ENTRIES = 2000
"""Tree digests of files not in the package now that the cache keeps (other checkouts)."""


def cache_path() -> Path:
    """``$NEKOLIB_CACHE`` or ``$XDG_CACHE_HOME/nekolib`` (``~/.cache/nekolib``), file
    ``source-<python major.minor>.json``: :func:`source_hash`'s tree digests."""
    folder = os.environ.get("NEKOLIB_CACHE") or Path(
        os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache", "nekolib"
    )
    return Path(folder) / f"source-{sys.version_info[0]}.{sys.version_info[1]}.json"


def _read_cache(path: Path) -> dict[str, str]:
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def _write_cache(path: Path, entries: dict[str, str]) -> None:
    """Atomically (:func:`nekolib.files.replace_text`): two processes writing at once leave
    one whole file; a folder that cannot be written is skipped (every run parses then)."""
    import json

    from nekolib.files import replace_text

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_text(path, json.dumps(entries))
    except OSError:
        pass  # a read-only home: parse every time


def code_text(source: bytes | str) -> str:
    """What of a module's source decides what it does: ``ast.dump`` of its tree without
    docstrings (every statement that is a bare string: module, class and function
    docstrings and the attribute docstrings under constants). Comments and blank lines
    never reach the tree. A file that does not parse counts by its text."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source if isinstance(source, str) else source.decode("utf-8", "replace")
    return ast.dump(_NoDocstrings().visit(tree))


class _NoDocstrings(ast.NodeTransformer):
    def visit_Expr(self, node: ast.Expr) -> ast.AST | None:
        value = node.value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            return None
        return self.generic_visit(node)


def _minor(version: dict[str, Any]) -> str:
    return ".".join(str(version.get("python", "")).split(".")[:2])


def _git() -> tuple[str | None, bool | None]:
    """``(HEAD commit, whether nekolib/ has uncommitted changes)``; ``(None, None)`` without git."""
    root = PACKAGE.parent
    try:
        commit = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True, text=True, timeout=10, check=True,
        ).stdout.strip()  # fmt: skip
        status = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--", str(PACKAGE)],
            capture_output=True, text=True, timeout=10, check=True,
        ).stdout  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None, None
    if not (root / ".git").exists():  # a git repository around an installed package
        return None, None
    return commit or None, any(line.endswith(".py") for line in status.splitlines())
