"""Where hand-ins are and whose they are: the folder the teacher put them in decides.

The documented layout (docs/classroom.md) is one folder per student, named by the
student's id as in the roster::

    handed_in/
      s001/neko_in-graded-s001.ipynb     (any name: the game comes from the notebook)
      s002/neko_in.ipynb

which is what an LMS export gives once each student's files are in a folder named by
their id. The student is the **first folder** under ``handed_in/``; what the notebook's
metadata says about its student is only compared with it (a notebook naming another
student is flagged, never scored for that student). A file outside any student folder,
a link, or a file too large to be a hand-in is listed as a problem, not read.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nekolib.core import NekoError

__all__ = ["MAX_BYTES", "HandIn", "Misplaced", "find_hand_ins"]

MAX_BYTES = 20_000_000
"""A hand-in larger than this is not read (a notebook with pictures is well under 5 MB)."""


@dataclass(frozen=True)
class HandIn:
    """One notebook, and the student whose folder holds it."""

    path: Path
    student: str

    @property
    def name(self) -> str:
        """How the grades file names it: ``student/file.ipynb`` (the folder layout)."""
        return f"{self.student}/{self.path.name}"


@dataclass(frozen=True)
class Misplaced:
    """A file the grader will not read, and why (one clause)."""

    path: Path
    student: str
    problem: str


def _problem(folder: Path, parts: tuple[str, ...]) -> str:
    path = folder.joinpath(*parts)
    if len(parts) < 2:
        return f"{path.name} is not in a student's folder (put it in handed_in/<student id>/)"
    if any(folder.joinpath(*parts[: n + 1]).is_symlink() for n in range(len(parts))):
        return f"{'/'.join(parts)} is a link, not a handed-in file"
    if path.stat().st_size > MAX_BYTES:
        return f"{'/'.join(parts)} is over {MAX_BYTES // 1_000_000} MB: not read"
    return ""


def find_hand_ins(folder: str | Path) -> tuple[list[HandIn], list[Misplaced]]:
    """Every ``*.ipynb`` under ``folder`` by student folder (sorted; checkpoints skipped)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise NekoError(f"no hand-ins folder at {folder}")
    found: list[HandIn] = []
    misplaced: list[Misplaced] = []
    for path in sorted(folder.rglob("*.ipynb")):
        parts = path.relative_to(folder).parts
        if ".ipynb_checkpoints" in parts or not (path.is_file() or path.is_symlink()):
            continue
        problem = _problem(folder, parts)
        student = parts[0] if len(parts) > 1 else ""
        if problem:
            misplaced.append(Misplaced(path, student, problem))
        else:
            found.append(HandIn(path, student))
    if not found and not misplaced:
        raise NekoError(f"no *.ipynb notebooks under {folder} (expected {folder}/<student id>/)")
    return found, misplaced
