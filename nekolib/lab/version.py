"""Which code made a result: nekolib's version, its git commit, a hash of its source, Python.

Every result row carries :func:`code_version` (``nekolib``, ``commit``, ``dirty``,
``source``, ``python``), so a results file says which code played each game. Two runs
play the same games exactly when their ``source`` hashes agree (SHA-256 of every
``nekolib/**/*.py`` file, path and content); the commit is recorded for the reader
(``None`` outside a git checkout, e.g. an installed wheel) and ``dirty`` says whether the
checkout had uncommitted changes under ``nekolib/`` (then only ``source`` names the code).
"""

from __future__ import annotations

import functools
import hashlib
import platform
import subprocess
from pathlib import Path
from typing import Any

__all__ = ["VERSION_KEYS", "code_version", "same_code"]

PACKAGE = Path(__file__).resolve().parent.parent
"""The ``nekolib`` package folder whose source is hashed."""

VERSION_KEYS = ("nekolib", "commit", "dirty", "source", "python")
"""The fields of :func:`code_version` (and of every result row's ``code``)."""


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


def source_hash(package: Path = PACKAGE) -> str:
    """SHA-256 (16 hex digits) over every ``*.py`` file of ``package``: relative path and bytes."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


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
