"""How a designer reads a sweep's values: their names on chart axes and in report tables.

Shared by :mod:`nekolib.lab.charts` and :mod:`nekolib.lab.report` (below both, so neither
imports the other for it).
"""

from __future__ import annotations

from typing import Any

__all__ = ["SWEEP_NAMES", "sweep_label", "value_name"]

SWEEP_NAMES: dict[tuple[str, str], dict[str, str]] = {
    ("neko_in", "catch_die_faces"): {
        "0,1,2,3,4,5": "published die",
        "0,1,2,3,-1,-1": "2 blank faces",
        "0,1,-1,-1,-1,-1": "4 blank faces",
        "-1,-1,-1,-1,-1,-1": "no catching",
    },
    ("manekinecollection", "first_player"): {"0": "seat 1 starts", "1": "seat 2 starts"},
    ("manekinecollection", "hand_sizes"): {"3,3": "3 cards each", "3,2": "second mover 2 cards"},
    ("manekinecollection", "card_ranks"): {
        "3,3,3,3,3,3,4,4,4,4,4,4": "narrow (3-4)",
        "2,2,2,3,3,3,4,4,4,5,5,5": "medium (2-5)",
        "1,1,2,2,3,3,4,4,5,5,6,6": "default (1-6)",
        "1,1,1,1,1,1,6,6,6,6,6,6": "wide (1 or 6)",
    },
}
"""Names of the committed sweeps' values (the experiment files' comments) for chart axes;
other values are shown compactly (``0,1,2,-1``, cut at 18 characters)."""


def sweep_label(value: Any) -> str:
    """A sweep value as a tick label (lists compactly: ``0,1,2,-1``)."""
    if isinstance(value, list | tuple):
        return ",".join(sweep_label(v) for v in value)
    return str(value)


def value_name(game: str, key: str, value: Any) -> str:
    """A sweep value as a designer reads it: its name (:data:`SWEEP_NAMES`) or compactly."""
    text = sweep_label(value)
    named = SWEEP_NAMES.get((game, key), {}).get(text)
    if named:
        return named
    return text if len(text) <= 18 else text[:17] + "…"
