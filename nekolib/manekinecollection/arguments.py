"""Checks of what the public analysis helpers are given (junk gets an :class:`InvalidSetup`).

Each check returns the value it accepted (as a list or dict) or raises a
:class:`~nekolib.core.InvalidSetup` whose message names the helper, the argument, the
value and what is allowed: ``reach_odds: pieces must be 2 colours (strs); got 'red' (a
str)``. A seat goes through :func:`nekolib.core.check_seat` as everywhere else. The checks
of a state and its seat are in :mod:`nekolib.manekinecollection.state_arguments` (above the
rules, which use the checks here).
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from nekolib.core import InvalidSetup, NekoError, coerce_params, describe
from nekolib.manekinecollection.components import (
    CAN,
    GOLD,
    PLAIN,
    Card,
    Params,
    Piece,
    ZabutonNeko,
)

__all__ = [
    "card_list",
    "colour_list",
    "count",
    "fail",
    "int_list",
    "is_int",
    "one_of",
    "params_of",
    "piece_of",
    "pool_of",
    "zabuton_list",
]


def fail(fn: str, what: str, value: Any) -> NoReturn:
    """Raise ``InvalidSetup('<fn>: <what>; got <value>')``."""
    raise InvalidSetup(f"{fn}: {what}; got {describe(value)}")


def is_int(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _listed(value: Any) -> bool:
    return isinstance(value, list | tuple)


def params_of(params: Any, fn: str) -> Params:
    """``None`` (the defaults), a :class:`Params` or a dict of its fields."""
    try:
        return coerce_params(params, Params)
    except NekoError as err:
        raise InvalidSetup(f"{fn}: {err}") from None


def count(value: Any, fn: str, name: str, lo: int = 0, hi: int | None = None) -> int:
    """An int in ``lo..hi``."""
    if not is_int(value) or value < lo or (hi is not None and value > hi):
        top = "" if hi is None else f"-{hi}"
        fail(fn, f"{name} must be an int {lo}{top}" + (" or more" if hi is None else ""), value)
    return int(value)


def one_of(value: Any, fn: str, name: str, options: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in options:
        fail(fn, f"{name} must be one of {', '.join(map(repr, options))}", value)
    return value


def colour_list(
    value: Any, fn: str, name: str, colours: Sequence[str] | None = None, size: int | None = 2
) -> list[str]:
    """A list or tuple of ``size`` colour names (from ``colours`` when given)."""
    ok = (
        _listed(value)
        and all(isinstance(c, str) for c in value)
        and (size is None or len(value) == size)
        and (colours is None or all(c in colours for c in value))
    )
    if not ok:
        among = f" from {tuple(colours)}" if colours is not None else " (strs)"
        many = "" if size is None else f"{size} "
        fail(fn, f"{name} must be a list of {many}colours{among}", value)
    return list(value)


def card_list(value: Any, fn: str, name: str, most: int | None = None) -> list[Card]:
    """A list or tuple of :class:`Card` (colour str, rank int at least 1), at most ``most``."""
    ok = (
        _listed(value)
        and all(
            isinstance(c, Card) and isinstance(c.colour, str) and is_int(c.rank) and c.rank >= 1
            for c in value
        )
        and (most is None or len(value) <= most)
    )
    if not ok:
        limit = "" if most is None else f" (at most {most})"
        fail(fn, f"{name} must be a list of Card(colour, rank){limit}", value)
    return list(value)


def pool_of(value: Any, fn: str, name: str = "pool") -> dict[str, int]:
    """Colour counts: a mapping of colour names to card counts (ints, 0 or more)."""
    ok = isinstance(value, Mapping) and all(
        isinstance(c, str) and is_int(n) and n >= 0 for c, n in value.items()
    )
    if not ok:
        fail(fn, f"{name} must map colours (strs) to card counts (ints, 0 or more)", value)
    return {c: int(n) for c, n in value.items()}


def int_list(value: Any, fn: str, name: str, nonempty: bool = True) -> list[int]:
    if not _listed(value) or not all(is_int(v) for v in value) or (nonempty and not value):
        fail(fn, f"{name} must be a {'non-empty ' if nonempty else ''}list of ints", value)
    return [int(v) for v in value]


def piece_of(value: Any, fn: str, name: str, params: Params) -> Piece:
    features = (PLAIN, GOLD, CAN)
    if not (
        isinstance(value, Piece) and value.colour in params.colours and value.feature in features
    ):
        fail(
            fn,
            f"{name} must be a Piece(colour, feature) with a colour from {params.colours} "
            f"and a feature from {features}",
            value,
        )
    return value


def zabuton_list(value: Any, fn: str, name: str, params: Params) -> list[ZabutonNeko]:
    """A list or tuple of :class:`ZabutonNeko` (a valid piece and an int value)."""
    if not _listed(value) or not all(isinstance(z, ZabutonNeko) for z in value):
        fail(fn, f"{name} must be a list of ZabutonNeko(piece, value)", value)
    for z in value:
        piece_of(z.piece, fn, f"{name}: each piece", params)
        if not is_int(z.value):
            fail(fn, f"{name}: each value must be an int", z.value)
    return list(value)
