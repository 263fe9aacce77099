"""Argument checks for public analysis helpers (junk gets a nekolib error, never a raw one).

A game's analysis module calls :func:`guard_module` on itself, wrapping every function in its
``__all__``: a value that slips past the explicit checks and breaks the maths
(``TypeError``, ``ZeroDivisionError`` ...) is reported as an :class:`AnalysisError` that
shows the function's signature, never as a raw Python error.
"""

from __future__ import annotations

import functools
import inspect
import numbers
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from nekolib.core import InvalidSetup, NekoError, describe

__all__ = ["AnalysisError", "colour_names", "guard", "guard_module", "whole"]

F = TypeVar("F", bound=Callable[..., Any])

_RAW = (TypeError, ValueError, ArithmeticError, LookupError, AttributeError, RecursionError)


class AnalysisError(InvalidSetup):
    """An analysis helper was given arguments it cannot compute with (says what is allowed)."""


def whole(value: Any, name: str, lo: int, hi: int | None = None) -> int:
    """``value`` as a whole number ``lo..hi`` (``True`` is no number here), else AnalysisError."""
    ok = isinstance(value, numbers.Integral) and not isinstance(value, bool)
    if ok and lo <= value and (hi is None or value <= hi):
        return int(value)
    allowed = f"{lo}-{hi}" if hi is not None else f"{lo} or more"
    raise AnalysisError(f"{name} must be a whole number {allowed}; got {describe(value)}")


def colour_names(values: Any, name: str, known: Iterable[str]) -> tuple[str, ...]:
    """``values`` as a sequence of known cat colour names, else AnalysisError."""
    known = tuple(known)
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise AnalysisError(
            f"{name} must be a list of cat colours ({', '.join(known)}); got {describe(values)}"
        )
    values = tuple(values)
    bad = [v for v in values if not isinstance(v, str) or v not in known]
    if bad:
        raise AnalysisError(
            f"{name} must be cat colours ({', '.join(known)}); got {describe(bad[0])}"
        )
    return values


def guard(fn: F) -> F:
    """``fn`` with raw errors from junk arguments turned into :class:`AnalysisError`."""
    try:
        shown = f"{fn.__name__}{inspect.signature(fn)}"
    except (TypeError, ValueError):
        shown = fn.__name__

    @functools.wraps(fn)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except NekoError:
            raise
        except _RAW as error:
            raise AnalysisError(
                f"{fn.__name__} cannot compute with these arguments ({type(error).__name__}: "
                f"{error}); it is called as {shown}"
            ) from error

    guarded._guarded = True  # type: ignore[attr-defined]
    return guarded  # type: ignore[return-value]


def guard_module(namespace: dict[str, Any]) -> None:
    """Wrap every public function named in the module's ``__all__`` with :func:`guard`."""
    for name in namespace["__all__"]:
        value = namespace[name]
        if inspect.isfunction(value) and not getattr(value, "_guarded", False):
            namespace[name] = guard(value)
