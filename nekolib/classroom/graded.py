"""What a **graded** student notebook runs: feedback that holds no answer.

A graded notebook (``make classroom``, the default mode) has its numbers written into
the prompts when the teacher builds it; it imports only this module, which knows no
exercise, no seed and no solver. The teacher chooses the feedback (``--feedback``):

* ``form`` (default): :func:`recorded` says whether the answer is a well-formed exact
  value and how it was read ("25/64, recorded"), never whether it is right;
* ``right-wrong``: :func:`verify` compares a slow keyed digest (PBKDF2, salt derived from
  the class secret) with the one stored for this student and exercise. A check costs
  about 0.04 s of CPU (:data:`nekolib.classroom.guessing.CHECK_CPU_SECONDS`, measured).
  An answer with few possible values could be found by trying them all, so the builder
  writes a right/wrong check only where that takes more than an hour on a GPU
  (:mod:`nekolib.classroom.guessing`); elsewhere the cell is a :func:`recorded` check
  that says why (:data:`~nekolib.classroom.guessing.TOO_FEW_NOTE`);
* ``none``: no check cells at all.

Every right/wrong check is **counted** (:func:`count_check`): in the kernel and in
:data:`CHECK_LOG` in the working folder (so a restart does not reset it), and the count
is saved with the check's output in the notebook, where the grader reads it for the
teacher. It is a signal, not a lock: a student can delete the file, clear the outputs or
call the digest themselves.

Grades never come from here: the grader reads the raw answer variables and compares
them with the teacher's key outside the student's kernel.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from nekolib.classroom.answers import (
    EXAMPLES,
    NOT_ANSWERED,
    FloatAnswer,
    canonical_answer,
    float_note,
    read_answer,
)
from nekolib.classroom.feedback import BLANK, RECORDED, RIGHT, UNREADABLE, WRONG, Feedback

__all__ = [
    "CHECK_LOG",
    "CHECK_LOG_ENV",
    "FEEDBACK_MODES",
    "ITERATIONS",
    "count_check",
    "keyed_digest",
    "pbkdf2_sha256",
    "recorded",
    "verify",
]

FEEDBACK_MODES = ("form", "right-wrong", "none")
ITERATIONS = 200_000
"""PBKDF2 rounds per right/wrong digest: about 0.04 s of CPU a check (measured, see
:data:`nekolib.classroom.guessing.CHECK_CPU_SECONDS`)."""

CHECK_LOG = ".nekolib_checks.json"
"""Right/wrong check counts, kept in the kernel's working folder (the notebook's folder)."""
CHECK_LOG_ENV = "NEKOLIB_CHECK_LOG"
"""Set to ``off`` to count in the kernel only (the grader runs notebooks so)."""

_COUNTS: dict[str, int] = {}


def _saved_counts(log: Path) -> dict[str, int]:
    try:
        saved = json.loads(log.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(saved, dict):
        return {}
    return {str(k): v for k, v in saved.items() if isinstance(v, int) and not isinstance(v, bool)}


def count_check(item: str) -> int:
    """Count one more right/wrong check of ``item`` (its salt); the count, this one included.

    Kept in the kernel and, unless ``NEKOLIB_CHECK_LOG=off``, in :data:`CHECK_LOG` in the
    working folder, so that Restart & Run All does not reset it (a signal, not a lock)."""
    count = _COUNTS.get(item, 0)
    log = None if os.environ.get(CHECK_LOG_ENV, "").lower() == "off" else Path(CHECK_LOG)
    saved = _saved_counts(log) if log is not None else {}
    count = max(count, saved.get(item, 0)) + 1
    _COUNTS[item] = count
    if log is not None:
        saved[item] = count
        with contextlib.suppress(OSError):  # a read-only folder: the kernel's count holds
            log.write_text(json.dumps(saved, sort_keys=True), encoding="utf-8")
    return count


def pbkdf2_sha256(password: bytes, salt: bytes, iterations: int) -> bytes:
    """PBKDF2-HMAC-SHA256, one 32-byte block (RFC 8018), in Python: the same bytes as
    ``hashlib.pbkdf2_hmac("sha256", ...)``, for where that is missing (Pyodide's hashlib has
    no OpenSSL, so no ``pbkdf2_hmac``). Uses the HACL* HMAC of Python 3.14 (``_hmac``) when
    there: 0.37 s for 200 000 rounds in Pyodide under Node, 0.64 s with ``sha256.copy()``."""
    first = salt + b"\x00\x00\x00\x01"
    try:
        from _hmac import compute_sha256  # CPython >= 3.14 (Pyodide 314 has it)

        def prf(message: bytes) -> bytes:
            return compute_sha256(password, message)
    except ImportError:
        key = hashlib.sha256(password).digest() if len(password) > 64 else password
        key = key.ljust(64, b"\x00")
        inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
        outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))

        def prf(message: bytes) -> bytes:
            step = inner.copy()
            step.update(message)
            done = outer.copy()
            done.update(step.digest())
            return done.digest()

    block = prf(first)
    total = int.from_bytes(block, "big")
    for _ in range(iterations - 1):
        block = prf(block)
        total ^= int.from_bytes(block, "big")
    return total.to_bytes(32, "big")


def keyed_digest(salt: str, canonical: str, iterations: int = ITERATIONS) -> str:
    """The slow digest of a canonical answer under one item's salt (hex): PBKDF2-HMAC-SHA256
    by OpenSSL where ``hashlib`` has it, else :func:`pbkdf2_sha256` (the browser site)."""
    password, raw_salt = canonical.encode(), bytes.fromhex(salt)
    if hasattr(hashlib, "pbkdf2_hmac"):
        raw = hashlib.pbkdf2_hmac("sha256", password, raw_salt, iterations)
    else:
        raw = pbkdf2_sha256(password, raw_salt, iterations)
    return raw.hex()[:32]


def _read(answer: Any, kind: str, name: str) -> tuple[Feedback | None, Any]:
    problem, value = read_answer(answer, kind)
    if problem == NOT_ANSWERED:
        return Feedback(
            BLANK, (f"{name}: not answered yet. Put your answer in `{name}` and run its cell.")
        ), None
    if problem is not None:
        return Feedback(UNREADABLE, f"{name}: {problem}. Expected {EXAMPLES[kind]}."), None
    return None, value


def recorded(answer: Any, kind: str = "number", name: str = "answer", why: str = "") -> Feedback:
    """Form feedback: is ``answer`` a well-formed answer of this kind, and how was it read?

    It says nothing about whether the answer is right (the teacher grades that). ``why``
    says why this check is not right/wrong when the teacher asked for right/wrong.
    """
    problem, value = _read(answer, kind, name)
    if problem is not None:
        return problem
    because = f" (This check does not say right or wrong: {why}.)" if why else ""
    if isinstance(value, FloatAnswer):
        return Feedback(RECORDED, f"{name}: recorded. Note: {float_note(value)}.{because}")
    shown = canonical_answer(value, kind)
    what = {"number": "an exact number", "text": "a text", "set": "a list"}[kind]
    return Feedback(RECORDED, f"{name}: {what}, read as {shown!r}: recorded.{because}")


def verify(answer: Any, kind: str, salt: str, digest: str, name: str = "answer") -> Feedback:
    """Right/wrong feedback against this student's keyed digest (no hints in graded mode)."""
    problem, value = _read(answer, kind, name)
    if problem is not None:
        return problem
    decimal = isinstance(value, FloatAnswer)
    count = count_check(salt)
    record = {"check": name, "attempts": count}
    counted = f" (Check {count} of `{name}`; your teacher sees how many.)"
    if keyed_digest(salt, canonical_answer(value, kind)) == digest:
        note = f" Note: {float_note(value, right=True)}." if decimal else ""
        return Feedback(RIGHT, f"{name}: right!{note}{counted}", record)
    note = f" Note: {float_note(value)}." if decimal else ""
    return Feedback(WRONG, f"{name}: not right yet.{note}{counted}", record)
