"""Reading a student's answer: exact numbers, words, or sets of words.

Students type answers in many forms: ``2``, ``Fraction(1, 6)``, ``"1/6"``, a sympy
``Rational``. All of them are read into one exact value. A float (``0.1666…``) is
refused with "give the exact fraction": the exercises ask for exact probabilities.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Any

__all__ = [
    "KINDS",
    "NOT_ANSWERED",
    "NUMBER",
    "SET",
    "TEXT",
    "Answer",
    "canonical_answer",
    "is_blank",
    "read_answer",
]

NUMBER = "number"
"""An exact rational: int, Fraction, "a/b", sympy Rational."""
TEXT = "text"
"""One word or short phrase (a move "a1-b1", a trait "top hat"); case and spaces ignored."""
SET = "set"
"""Several words in any order: a list, set, or "a, b, c" string."""
KINDS = (NUMBER, TEXT, SET)

NOT_ANSWERED = "not answered yet"

Answer = Fraction | str | frozenset[str]

_FRACTION_TEXT = re.compile(r"^\s*([+-]?\d+)\s*(?:/\s*(\d+)\s*)?$")
_DECIMAL_TEXT = re.compile(r"^\s*[+-]?(\d+\.\d*|\.\d+)(e[+-]?\d+)?\s*$", re.IGNORECASE)

EXAMPLES = {
    NUMBER: 'an exact number such as 3, Fraction(3, 7) or "3/7"',
    TEXT: 'a short text such as "a1-b1"',
    SET: 'a list of texts such as ["a1-b1", "c2-c3"] or "a1-b1, c2-c3"',
}


def is_blank(value: Any) -> bool:
    """True for what an untouched answer cell holds: None, ``...`` or an empty text."""
    return value is None or value is Ellipsis or (isinstance(value, str) and not value.strip())


def read_answer(value: Any, kind: str = NUMBER) -> tuple[str | None, Answer | None]:
    """``(problem, answer)``: ``problem`` says what is wrong with the form, else ``None``."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    if is_blank(value):
        return NOT_ANSWERED, None
    reader = {NUMBER: _read_number, TEXT: _read_text, SET: _read_set}[kind]
    return reader(value)


def _read_number(value: Any) -> tuple[str | None, Fraction | None]:
    if isinstance(value, bool):
        return f"expected {EXAMPLES[NUMBER]}, not True/False", None
    if isinstance(value, numbers.Rational):  # int, Fraction, numpy ints
        return None, Fraction(int(value.numerator), int(value.denominator))
    sympy_value = _sympy_rational(value)
    if sympy_value is not None:
        return sympy_value
    if isinstance(value, (float, Decimal, numbers.Real)):
        return _not_exact(value), None
    if isinstance(value, str):
        return _read_number_text(value)
    return f"expected {EXAMPLES[NUMBER]}, not {type(value).__name__}", None


def _sympy_rational(value: Any) -> tuple[str | None, Fraction | None] | None:
    """Read a sympy number (sympy is a core dependency); ``None`` if not a sympy object."""
    try:
        import sympy
    except ImportError:  # pragma: no cover - sympy is a dependency
        return None
    if not isinstance(value, sympy.Basic):
        return None
    if isinstance(value, sympy.Rational):
        return None, Fraction(int(value.p), int(value.q))
    if isinstance(value, sympy.Float):
        return _not_exact(value), None
    simplified = sympy.nsimplify(value) if value.is_number else value
    if isinstance(simplified, sympy.Rational) and simplified == value:
        return None, Fraction(int(simplified.p), int(simplified.q))
    return f"expected {EXAMPLES[NUMBER]}; {value} is not a rational number", None


def _read_number_text(text: str) -> tuple[str | None, Fraction | None]:
    match = _FRACTION_TEXT.match(text)
    if match:
        numerator, denominator = int(match.group(1)), int(match.group(2) or 1)
        if denominator == 0:
            return "a fraction cannot have denominator 0", None
        return None, Fraction(numerator, denominator)
    if _DECIMAL_TEXT.match(text):
        return _not_exact(text), None
    return f"could not read {text!r}: expected {EXAMPLES[NUMBER]}", None


def _not_exact(value: Any) -> str:
    return f'{value} is a decimal: give the exact fraction instead, e.g. Fraction(3, 7) or "3/7"'


def _read_text(value: Any) -> tuple[str | None, str | None]:
    if not isinstance(value, str):
        return f"expected {EXAMPLES[TEXT]}, not {type(value).__name__}", None
    return None, _normal_text(value)


def _normal_text(text: str) -> str:
    """Lower case, single spaces; a move's arrow ("a1→b1", "a1->b1") reads as "a1-b1"."""
    for arrow in ("→", "->"):
        text = text.replace(arrow, "-")
    return re.sub(r"\s*-\s*", "-", " ".join(text.lower().split()))


def _read_set(value: Any) -> tuple[str | None, frozenset[str] | None]:
    if isinstance(value, str):
        items: Iterable[Any] = [part for part in value.split(",") if part.strip()]
    elif isinstance(value, Iterable):
        items = list(value)
    else:
        return f"expected {EXAMPLES[SET]}, not {type(value).__name__}", None
    if not all(isinstance(item, str) for item in items):
        return f"expected {EXAMPLES[SET]}: every item must be a text", None
    return None, frozenset(_normal_text(item) for item in items)


def canonical_answer(answer: Answer, kind: str = NUMBER) -> str:
    """One text per answer: ``"p/q"`` (or ``"p"``), the normalised text, or sorted items."""
    if kind == NUMBER:
        value = Fraction(answer)  # type: ignore[arg-type]
        return str(value)
    if kind == TEXT:
        return _normal_text(str(answer))
    return ",".join(sorted(answer))  # type: ignore[arg-type]
