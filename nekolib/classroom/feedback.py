"""What a check says: :class:`Feedback`, a short coloured line in Jupyter, text elsewhere.

Kept apart from the bank so that a graded student notebook can import it without
importing any exercise (see :mod:`nekolib.classroom.graded`).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BLANK", "RECORDED", "RIGHT", "UNREADABLE", "WRONG", "Feedback"]

RIGHT = "right"
WRONG = "wrong"
BLANK = "not answered"
UNREADABLE = "unreadable"
RECORDED = "recorded"


@dataclass(frozen=True)
class Feedback:
    """What ``check`` says; shows as a short coloured line in Jupyter, text elsewhere."""

    status: str
    message: str
    record: dict[str, Any] = field(default_factory=dict, compare=False)
    """Saved with the check cell's output as notebook metadata (``{"nekolib": record}``):
    the right/wrong check's name and attempt count, which the grader shows the teacher."""

    @property
    def right(self) -> bool:
        return self.status == RIGHT

    def __bool__(self) -> bool:
        return self.right

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        """Text and HTML, plus ``record`` as the output's metadata (kept in the notebook)."""
        data = {"text/plain": self.message, "text/html": self._repr_html_()}
        return (data, {"nekolib": dict(self.record)}) if self.record else data

    def _repr_html_(self) -> str:
        colour = {RIGHT: "#1b7837", WRONG: "#b2182b", RECORDED: "#2166ac"}.get(
            self.status, "#555555"
        )
        body = html.escape(self.message).replace("\n", "<br>")
        return f'<div class="nekolib-check" style="color:{colour}">{body}</div>'
