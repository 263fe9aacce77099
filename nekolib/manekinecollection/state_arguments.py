"""Checks of a Manekinecollection state and one of its seats (or kotatsu) given to an
analysis helper: an :class:`~nekolib.core.InvalidSetup` that names the helper otherwise.

Above :mod:`nekolib.manekinecollection.rules` (it checks for an ``MNState``), while the
argument checks the rules themselves use stay below them in
:mod:`nekolib.manekinecollection.arguments`.
"""

from __future__ import annotations

from typing import Any

from nekolib.core import check_seat
from nekolib.manekinecollection.arguments import fail, is_int
from nekolib.manekinecollection.components import KOTATSU, kotatsu_name
from nekolib.manekinecollection.rules import MNState

__all__ = ["seat_and_kotatsu", "state_and_seat"]


def seat_and_kotatsu(state: Any, player: Any, kotatsu: Any, fn: str) -> tuple[int, int]:
    """A Manekinecollection state, one of its seats and a kotatsu index 0-2."""
    seat = state_and_seat(state, player, fn)
    names = ", ".join(f"{k} ({kotatsu_name(k)})" for k in range(KOTATSU))
    if not is_int(kotatsu) or not 0 <= kotatsu < len(state.kotatsu):
        fail(fn, f"kotatsu must be one of {names}", kotatsu)
    return seat, int(kotatsu)


def state_and_seat(state: Any, player: Any, fn: str) -> int:
    """A Manekinecollection state and one of its seats (:func:`nekolib.core.check_seat`)."""
    if not isinstance(state, MNState):
        fail(fn, "state must be a Manekinecollection state (MNState)", state)
    return check_seat(player, state.num_players, fn)
