"""Reading a student's answer: exact numbers, words, or sets of words.

Students type answers in many forms: ``2``, ``Fraction(1, 6)``, ``"1/6"``, a sympy
``Rational``. All of them are read into one exact value.

The most natural input, ``25/64`` without quotes, is a *float* in Python (``/`` makes a
decimal). A float is read as a :class:`FloatAnswer`: the number typed, with the simplest
fraction whose float it is (``0.390625`` → ``25/64``). It is right exactly when it is the
float of the right fraction (:func:`answers_agree`), and feedback shows the exact fraction
or asks "did you mean ...?" from the student's own value. ``Fraction(2/19)`` (a fraction
made from a float: a power-of-two denominator) is read as that float.

Part of the shared kit (the games' exercises and the classroom kit both read answers);
``nekolib.classroom.answers`` re-exports it.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable
from dataclasses import dataclass
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
    "FloatAnswer",
    "answers_agree",
    "canonical_answer",
    "float_note",
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

FLOAT_DENOMINATOR = 2**24
"""A Fraction whose denominator is a power of two at least this is read as a float."""

SUGGEST_DENOMINATOR = 1000
"""'Did you mean p/q?' suggests the closest fraction with a denominator up to this."""


@dataclass(frozen=True)
class FloatAnswer:
    """A number typed as a decimal: ``typed`` as Python holds it, ``exact`` its simplest
    fraction (the fraction with the smallest denominator whose float is ``typed``)."""

    typed: float
    exact: Fraction

    @classmethod
    def of(cls, value: float) -> FloatAnswer:
        return cls(value, simplest_fraction(value))

    @property
    def suggestion(self) -> Fraction:
        """The fraction the student probably meant (closest with a small denominator)."""
        return Fraction(self.typed).limit_denominator(SUGGEST_DENOMINATOR)


Answer = Fraction | FloatAnswer | str | frozenset[str]


def simplest_fraction(value: float) -> Fraction:
    """The fraction with the smallest denominator (searched by powers of ten) whose float
    is ``value``: ``0.390625`` → ``25/64``, ``2/19`` → ``2/19``, ``0.1`` → ``1/10``."""
    exact = Fraction(value)
    for digits in range(1, 16):
        candidate = exact.limit_denominator(10**digits)
        if float(candidate) == value:
            return candidate
    return exact


def _is_float_fraction(value: Fraction) -> bool:
    """``Fraction(2/19)``: a large power-of-two denominator, exactly a float's value."""
    q = value.denominator
    return q >= FLOAT_DENOMINATOR and q & (q - 1) == 0 and Fraction(float(value)) == value


def answers_agree(expected: Answer, given: Answer, kind: str = NUMBER) -> bool:
    """Is ``given`` (as read) the ``expected`` answer? A :class:`FloatAnswer` is right when
    it is exactly the float of the expected fraction (``25/64`` typed without quotes)."""
    if kind == NUMBER and isinstance(given, FloatAnswer):
        return not isinstance(expected, (str, frozenset)) and float(_exact(expected)) == given.typed
    return canonical_answer(given, kind) == canonical_answer(expected, kind)


def _exact(answer: Answer) -> Fraction:
    return answer.exact if isinstance(answer, FloatAnswer) else Fraction(answer)  # type: ignore[arg-type]


def float_note(answer: FloatAnswer, right: bool | None = None) -> str:
    """What to tell a student who typed a decimal (never the right answer itself:
    only fractions made from the student's own value)."""
    exact, suggestion = answer.exact, answer.suggestion
    reason = "Python's `/` makes a decimal"
    if right:
        return (
            f"you typed the decimal {answer.typed!r}, which is exactly the value of {exact}"
            f' ({reason}); the exact answer is written "{exact}" or'
            f" Fraction({exact.numerator}, {exact.denominator})"
        )
    if exact.denominator <= 10**6 and suggestion == exact:
        return (
            f"{answer.typed!r} is a decimal ({reason}); it was read as the exact fraction"
            f' {exact}. To be sure, write "{exact}" in quotes or'
            f" Fraction({exact.numerator}, {exact.denominator})"
        )
    return (
        f"{answer.typed!r} is a decimal ({reason}), and not exactly a simple fraction:"
        f' did you mean "{suggestion}"? Write the fraction in quotes, "{suggestion}", or'
        f" Fraction({suggestion.numerator}, {suggestion.denominator})"
    )


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


def _read_number(value: Any) -> tuple[str | None, Answer | None]:
    if isinstance(value, bool):
        return f"expected {EXAMPLES[NUMBER]}, not True/False", None
    if isinstance(value, numbers.Rational):  # int, Fraction, numpy ints
        exact = Fraction(int(value.numerator), int(value.denominator))
        if _is_float_fraction(exact):
            return _read_float(float(exact))
        return None, exact
    sympy_value = _sympy_rational(value)
    if sympy_value is not None:
        return sympy_value
    if isinstance(value, (float, Decimal, numbers.Real)):
        return _read_float(value)
    if isinstance(value, str):
        return _read_number_text(value)
    return f"expected {EXAMPLES[NUMBER]}, not {type(value).__name__}", None


def _read_float(value: Any) -> tuple[str | None, FloatAnswer | None]:
    """A decimal typed by the student: read as the float it is (see :class:`FloatAnswer`)."""
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return f"could not read {value!r} as a number: expected {EXAMPLES[NUMBER]}", None
    if not math.isfinite(number):
        return f"{value} is not a number: expected {EXAMPLES[NUMBER]}", None
    return None, FloatAnswer.of(number)


def _sympy_rational(value: Any) -> tuple[str | None, Answer | None] | None:
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
        return _read_float(value)
    simplified = sympy.nsimplify(value) if value.is_number else value
    if isinstance(simplified, sympy.Rational) and simplified == value:
        return None, Fraction(int(simplified.p), int(simplified.q))
    return f"expected {EXAMPLES[NUMBER]}; {value} is not a rational number", None


def _read_number_text(text: str) -> tuple[str | None, Answer | None]:
    match = _FRACTION_TEXT.match(text)
    if match:
        numerator, denominator = int(match.group(1)), int(match.group(2) or 1)
        if denominator == 0:
            return "a fraction cannot have denominator 0", None
        return None, Fraction(numerator, denominator)
    if _DECIMAL_TEXT.match(text):
        return _read_float(text)
    return f"could not read {text!r}: expected {EXAMPLES[NUMBER]}", None


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
        return str(_exact(answer))
    if kind == TEXT:
        return _normal_text(str(answer))
    return ",".join(sorted(answer))  # type: ignore[arg-type]
