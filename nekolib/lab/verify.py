"""``lab verify FILE [--sample N]``: replay stored games and report every row that differs.

Game ``i`` of an experiment is a pure function of ``(experiment, i)``
(:mod:`nekolib.lab.play`), so a stored row can be checked by playing it again: every field
but ``seconds`` (and ``code``, which says who played it) must come out the same. A row
edited into another valid-looking row, a duplicated or foreign index, a line that is not
JSON: each is reported. Rows played by other code than this process's are replayed too,
with a warning (a difference there may be the code's, not the file's).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nekolib.lab.experiment import parse_experiment
from nekolib.lab.store import header_problem

__all__ = ["Verification", "verify"]

IGNORED = ("seconds", "code")
"""Row fields a replay may change: time taken and the code record."""


@dataclass
class Verification:
    """What :func:`verify` found."""

    path: Path
    checked: int = 0
    rows: int = 0
    differ: list[str] = field(default_factory=list)
    """One line per replayed row that came out otherwise (its index and the fields)."""
    damaged: list[str] = field(default_factory=list)
    """Lines that are not rows of this experiment (not JSON, duplicates, foreign indices)."""
    other_code: int = 0

    @property
    def ok(self) -> bool:
        return not self.differ and not self.damaged

    def text(self) -> str:
        head = (
            f"{self.path}: replayed {self.checked} of {self.rows} stored games; "
            f"{len(self.differ)} differ"
            + (f"; {len(self.damaged)} damaged lines" if self.damaged else "")
        )
        notes = []
        if self.other_code:
            notes.append(
                f"note: {self.other_code} replayed rows were played by other nekolib code "
                "than this (a difference may be the code's)"
            )
        lines = [head, *notes, *self.differ[:50], *self.damaged[:50]]
        if len(self.differ) > 50 or len(self.damaged) > 50:
            lines.append("... (first 50 of each shown)")
        lines.append("OK: every replayed game is as stored" if self.ok else "DIFFERS")
        return "\n".join(lines)


def verify(path: str | Path, sample: int | None = None, seed: int = 0) -> Verification:
    """Replay every stored game of ``path`` (or ``sample`` of them, drawn with ``seed``)."""
    from nekolib.core import NekoError
    from nekolib.lab.play import play_game
    from nekolib.lab.version import code_version, same_code

    path = Path(path)
    lines = path.read_bytes().splitlines(keepends=True)
    if not lines or header_problem(lines[0]):
        problem = header_problem(lines[0]) if lines else "is missing (empty file)"
        raise NekoError(f"{path} is not a valid lab results file: its first line {problem}")
    header = json.loads(lines[0])
    exp = parse_experiment(header["experiment"])
    out = Verification(path)
    rows: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            record = json.loads(line)
        except ValueError:
            cut = "" if line.endswith(b"\n") else " (a cut last line: dropped on resume)"
            out.damaged.append(f"line {number}: not JSON{cut}")
            continue
        if isinstance(record, dict) and "event" in record:
            continue
        index = record.get("index") if isinstance(record, dict) else None
        if not isinstance(index, int) or not 0 <= index < exp.total:
            out.damaged.append(f"line {number}: not a game of this experiment (index {index!r})")
        elif index in rows:
            same = _strip(rows[index]) == _strip(record)
            out.damaged.append(
                f"line {number}: game {index} stored twice"
                + ("" if same else " with different contents (the first is read)")
            )
        else:
            rows[index] = record
    out.rows = len(rows)
    chosen = sorted(rows)
    if sample is not None and sample < len(chosen):
        chosen = sorted(random.Random(seed).sample(chosen, sample))
    here = code_version()
    for index in chosen:
        stored = rows[index]
        out.other_code += not same_code(stored.get("code"), here)
        fresh = json.loads(json.dumps(play_game(exp, index)))  # as stored: lists, floats
        fields = [
            k
            for k in dict.fromkeys([*stored, *fresh])
            if k not in IGNORED and stored.get(k) != fresh.get(k)
        ]
        if fields:
            out.differ.append(
                f"game {index} (line {_line_of(lines, index)}): "
                + "; ".join(
                    f"{k} stored {stored.get(k)!r}, replayed {fresh.get(k)!r}" for k in fields
                )
            )
        out.checked += 1
    return out


def _strip(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k not in IGNORED}


def _line_of(lines: list[bytes], index: int) -> int | str:
    needle = f'{{"index": {index},'.encode()
    for number, line in enumerate(lines, start=1):
        if line.startswith(needle):
            return number
    return "?"
