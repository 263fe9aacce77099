"""Can the installed nekolib answer a graded exercise from its prompt? (The threat model.)

Graded mode keeps answers out of the notebook and the kernel, but nekolib itself is
installed on every student's machine (their Jupyter, ``make lab``, the game site), and
with it the exercise bank that wrote each prompt. A student who codes can then try, in a
few lines, what this module measures for each variant, as an attacker would:

* **seed search** (:func:`seed_search`): draw the bank's variants for seeds 1, 2, 3, ...
  until one's prompt equals the notebook's text, and read its ``.answer``. It works
  wherever the exercise has few enough different prompts;
* **prompt parsing** (:data:`PARSERS`): read the parameters back out of the prompt text
  and call ``Exercise.solve(params)``. Written here for Neko Boss, whose prompts print
  the board (25 lines); other games' prompts could be parsed the same way with more work,
  so "no" below means "not by these routes in this time", not "safe".

A route counts only if the answer it gives is the variant's own (checked against the
bank's answer, which the attacker never sees). ``classroom --report`` prints the result
per exercise (:func:`exposure_report`), so a teacher chooses exercises knowingly; the
graded site (``make lite-graded``) ships no bank, so there these routes do not exist.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from nekolib.classroom.exercise import Exercise, Variant

__all__ = [
    "PARSERS",
    "SEARCH_SECONDS",
    "Exposure",
    "ExposureRow",
    "exposure",
    "exposure_report",
    "format_exposure",
    "parse_neko_boss",
    "seed_search",
]

SEARCH_SECONDS = 0.5
"""CPU seconds the report gives each route per variant (a student has hours)."""


@dataclass(frozen=True)
class Exposure:
    """How (and how fast) the installed library gave one variant's answer, if it did."""

    route: str
    """``seed search``, ``prompt parsing + solve``, or ``none`` (not found in the time)."""
    seconds: float
    """CPU seconds the successful route took (or the time spent trying)."""
    tries: int = 0

    @property
    def answered(self) -> bool:
        return self.route != "none"


def seed_search(exercise: Exercise, prompt: str, seconds: float) -> tuple[Variant | None, int]:
    """The attacker's loop: variants for seeds 1, 2, ... until one has ``prompt``."""
    start, seed = time.process_time(), 0
    while time.process_time() - start < seconds:
        seed += 1
        variant = exercise.variant(seed)
        if variant.prompt == prompt:
            return variant, seed
    return None, seed


_CELL = re.compile(r"^([RB])(\d+)\*?$")


def parse_neko_boss(prompt: str) -> dict[str, Any]:
    """A Neko Boss prompt's parameters, read from the board it prints: each stack as its
    top cat's owner repeated to its height (the lower cats are not printed)."""
    from nekolib.neko_boss.boards import board_by_name

    board = board_by_name(re.search(r"on the board `(\w+)`", prompt).group(1))
    lines = prompt.split("```")[1].splitlines()
    header = next(i for i, line in enumerate(lines) if re.fullmatch(r"\s+a(\s+[a-z])*", line))
    columns = {m.start(): m.group() for m in re.finditer(r"[a-z]", lines[header])}
    layout: list[list[int]] = [[] for _ in board.points]
    for line in lines[header + 1 :]:
        row = re.match(r"\s*(\d+)\s", line)
        if row is None:
            break
        for start, letter in columns.items():
            match = _CELL.match(line[start : start + 4].strip())
            if match:
                owner = 0 if match.group(1) == "R" else 1
                layout[board.point_of(f"{letter}{row.group(1)}")] = [owner] * int(match.group(2))
    params: dict[str, Any] = {"board": board.name, "layout": layout}
    point = re.search(r"moves the stack on \*\*(\w+)\*\*", prompt)
    if point:
        params["point"] = point.group(1)
    return params


PARSERS: dict[str, Callable[[str], dict[str, Any]]] = {"neko_boss": parse_neko_boss}
"""Game -> a function reading an exercise's parameters back from its prompt."""


def exposure(variant: Variant, seconds: float = SEARCH_SECONDS) -> Exposure:
    """Try :data:`PARSERS` (then ``solve``) and :func:`seed_search` on ``variant``'s prompt."""
    ex, prompt, right = variant.exercise, variant.prompt, variant.canonical
    parser = PARSERS.get(ex.game)
    if parser is not None:
        start = time.process_time()
        try:
            found = Variant(ex, 0, parser(prompt)).canonical
        except Exception:  # a failed parse is a failed attack
            found = None
        if found == right:
            return Exposure("prompt parsing + solve", time.process_time() - start, 1)
    start = time.process_time()
    hit, tries = seed_search(ex, prompt, seconds)
    spent = time.process_time() - start
    if hit is not None and hit.canonical == right:
        return Exposure("seed search", spent, tries)
    return Exposure("none", spent, tries)


@dataclass(frozen=True)
class ExposureRow:
    """One exercise over the students tried: how many answers the library gave."""

    key: str
    tried: int
    answered: int
    route: str
    seconds_max: float
    """The slowest successful route's CPU seconds (0 when none succeeded)."""


def exposure_report(
    students: Sequence[str],
    seed_of: Callable[[str, str], int],
    exercises: Sequence[Exercise],
    seconds: float = SEARCH_SECONDS,
    sample: int = 2,
) -> list[ExposureRow]:
    """Per exercise, :func:`exposure` for the first ``sample`` students (time: at most
    about 2 x ``seconds`` per student and exercise)."""
    rows = []
    for ex in exercises:
        found = [exposure(ex.variant(seed_of(s, ex.key)), seconds) for s in students[:sample]]
        hits = [e for e in found if e.answered]
        routes = sorted({e.route for e in hits}) or ["none"]
        slowest = max((e.seconds for e in hits), default=0.0)
        rows.append(ExposureRow(ex.key, len(found), len(hits), " / ".join(routes), slowest))
    return rows


def format_exposure(rows: Sequence[ExposureRow], seconds: float = SEARCH_SECONDS) -> str:
    """A Markdown table: does the installed library answer the exercise from its prompt?"""
    lines = [
        "| exercise | the installed nekolib answers it from the prompt | how | CPU time |",
        "|---|---|---|---|",
    ]
    for r in rows:
        verdict = f"yes ({r.answered} of {r.tried})" if r.answered else f"no (0 of {r.tried})"
        time_text = f"{r.seconds_max:.2f} s" if r.answered else f"> {seconds:g} s per route"
        lines.append(f"| {r.key} | {verdict} | {r.route} | {time_text} |")
    lines.append("")
    lines.append(
        "Routes a student who codes can take with nekolib installed: seed search (draw the"
        " bank's variants for seeds 1, 2, ... until the prompt matches, read `.answer`) and,"
        " for Neko Boss, reading the board out of the prompt and calling `Exercise.solve`."
        f' Each route gets {seconds:g} s of CPU per student here; "no" means not by these'
        " routes in that time, not that the exercise is safe: a parser for its prompt would"
        " find it. The browser site for graded work (`make lite-graded`) ships no bank."
    )
    return "\n".join(lines)
