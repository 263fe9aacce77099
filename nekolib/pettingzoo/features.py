"""A flat feature vector built from a player's view (``state.view(player)``) only.

Every value lies in ``[0, 1]``: flags, one-hot codes, counts and numbers divided by their
largest possible value (and clipped). Values a view hides (:data:`nekolib.core.HIDDEN`) are
encoded as zeros, so nothing the player may not see can reach the vector.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any


class Features:
    """Appends numbers in ``[0, 1]``; :attr:`values` is the vector."""

    def __init__(self) -> None:
        self.values: list[float] = []

    def flag(self, value: Any) -> None:
        self.values.append(1.0 if value else 0.0)

    def frac(self, value: Any, top: float) -> None:
        """``value / top`` clipped to ``[0, 1]``; a hidden or missing value is 0."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.values.append(0.0)
            return
        self.values.append(min(max(value / top, 0.0), 1.0))

    def onehot(self, value: Any, vocab: Sequence[Any]) -> None:
        """One 1 at ``value``'s place in ``vocab``; all zeros if it is not there (hidden)."""
        row = [0.0] * len(vocab)
        if value in vocab:
            row[list(vocab).index(value)] = 1.0
        self.values.extend(row)

    def counts(self, items: Iterable[Any], vocab: Sequence[Any], top: float = 1.0) -> None:
        """How often each ``vocab`` entry occurs in ``items``, over ``top`` (clipped)."""
        row = [0.0] * len(vocab)
        place = {v: i for i, v in enumerate(vocab)}
        for item in items:
            if item in place:
                row[place[item]] += 1.0
        self.values.extend(min(x / top, 1.0) for x in row)

    def pad(self, size: int) -> None:
        """``size`` zeros (a seat or slot that is not in this game)."""
        self.values.extend([0.0] * size)
