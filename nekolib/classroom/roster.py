"""The class list: a CSV file with columns ``id`` and ``name`` (one student a row).

Columns may be separated by commas, semicolons (a spreadsheet's default in many
European locales) or tabs: the separator is the one that makes the header row hold an
``id`` column.

The ``id`` seeds every exercise variant of that student and names the student's folder,
so it must be unique and safe as a folder name (letters, digits, ``. _ - @ +``). The
``name`` is only printed on the notebook. Extra columns are ignored; a spreadsheet's
UTF-8 byte-order mark is accepted.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from nekolib.core import NekoError

__all__ = ["DELIMITERS", "ID_CHARS", "RosterError", "Student", "read_roster"]

DELIMITERS = {",": "comma", ";": "semicolon", "\t": "tab"}

ID_CHARS = "._-@+"
"""Characters allowed in a student id besides letters and digits."""


class RosterError(NekoError):
    """The roster file cannot be used (says which row and why)."""


@dataclass(frozen=True)
class Student:
    """One row of the roster."""

    id: str
    name: str = ""

    @property
    def label(self) -> str:
        """``"Name (id)"``, or the id alone when the roster gives no name."""
        return f"{self.name} ({self.id})" if self.name else self.id


def check_id(student_id: str, where: str = "") -> str:
    """The id, stripped, or a :class:`RosterError` saying what is wrong with it."""
    clean = student_id.strip()
    prefix = f"{where}: " if where else ""
    if not clean:
        raise RosterError(f"{prefix}the student id is empty")
    bad = sorted({ch for ch in clean if not (ch.isalnum() or ch in ID_CHARS)})
    if bad:
        raise RosterError(
            f"{prefix}student id {clean!r} has {''.join(bad)!r}: use letters, digits and"
            f" {ID_CHARS!r} only (the id names the student's folder)"
        )
    if clean.startswith("."):
        raise RosterError(f"{prefix}student id {clean!r} may not start with a dot")
    return clean


def read_roster(path: str | Path) -> list[Student]:
    """The students of a roster CSV, in file order; :class:`RosterError` on a bad file."""
    path = Path(path)
    if not path.is_file():
        raise RosterError(f"no roster file at {path} (a CSV with columns id,name)")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise RosterError(f"{path}: not UTF-8 text ({error.reason})") from None
    rows = _rows(path, text, _delimiter(text))
    if not rows:
        raise RosterError(f"{path} is empty: give a header row id,name and one row a student")
    header = [cell.strip().lower() for cell in rows[0][1]]
    if "id" not in header:
        raise RosterError(
            f"{path}: the header row {rows[0][1]} has no 'id' column (expected columns id and"
            " name, separated by a comma, a semicolon or a tab)"
        )
    id_col = header.index("id")
    name_col = header.index("name") if "name" in header else None
    students: list[Student] = []
    seen: dict[str, int] = {}
    for number, row in rows[1:]:
        where = f"{path.name} line {number}"
        if len(row) <= id_col:
            raise RosterError(f"{where}: no value in the 'id' column")
        student_id = check_id(row[id_col], where)
        folded = student_id.casefold()  # Alice and alice would share a folder on macOS
        if folded in seen:
            raise RosterError(
                f"{where}: student id {student_id!r} is already on line {seen[folded]}"
                " (ids are compared ignoring case)"
            )
        seen[folded] = number
        name = row[name_col].strip() if name_col is not None and len(row) > name_col else ""
        students.append(Student(student_id, name))
    if not students:
        raise RosterError(f"{path} has a header but no students")
    return students


def _delimiter(text: str) -> str:
    """The separator whose split of the first non-blank line has an ``id`` column."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    for delimiter in DELIMITERS:
        cells = next(csv.reader([first], delimiter=delimiter), [])
        if "id" in (cell.strip().lower() for cell in cells):
            return delimiter
    return ","


def _rows(path: Path, text: str, delimiter: str) -> list[tuple[int, list[str]]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        return [(reader.line_num, row) for row in reader if any(cell.strip() for cell in row)]
    except csv.Error as error:
        raise RosterError(f"{path} line {reader.line_num}: not a CSV row ({error})") from None
