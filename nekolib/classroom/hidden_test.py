"""The nbgrader hidden test: compares a raw answer with the key using the stdlib only.

nbgrader runs hidden tests inside the student's kernel, after the student's own cells.
So the test must not call anything the student could have replaced: not ``Check``, not
nekolib, not a helper defined in an earlier cell. Each hidden test therefore carries its
own copy of :func:`_nk_same` (its source, pasted by :func:`hidden_test_source`), which
reads the value with exact type checks (an object that claims to equal everything is
refused) and applies the same rules as :func:`nekolib.classroom.answers.answers_agree`:
``tests/test_classroom_answers.py`` checks that both agree on every answer form.
"""

from __future__ import annotations

import inspect

__all__ = ["hidden_test_source"]


def _nk_same(value, kind, expected):  # pasted into notebooks as is: stdlib only, no hints
    """True when the raw ``value`` is the answer whose canonical text is ``expected``."""
    import math
    import numbers
    import re
    from decimal import Decimal
    from fractions import Fraction

    def words(text):
        for arrow in ("\u2192", "->"):
            text = text.replace(arrow, "-")
        return re.sub(r"\s*-\s*", "-", " ".join(text.lower().split()))

    if kind == "text":
        return type(value) is str and words(value) == expected
    if kind == "set":
        if type(value) is str:
            items = [part for part in value.split(",") if part.strip()]
        elif type(value) in (list, tuple, set, frozenset):
            items = list(value)
        else:
            return False
        if not items or not all(type(item) is str for item in items):
            return False
        return ",".join(sorted({words(item) for item in items})) == expected
    want = Fraction(expected)

    def as_float(number):
        return math.isfinite(number) and number == float(want)

    if value is None or type(value) is bool:
        return False
    if type(value) is str:
        text = value.strip()
        if re.fullmatch(r"[+-]?\d+\s*(/\s*\d+\s*)?", text):
            top, _, bottom = text.partition("/")
            if int(bottom or 1) == 0:
                return False
            got = Fraction(int(top), int(bottom or 1))
        elif re.fullmatch(r"[+-]?(\d+\.\d*|\.\d+)(e[+-]?\d+)?", text, re.IGNORECASE):
            return as_float(float(text))
        else:
            return False
    elif (type(value).__module__ or "").startswith("sympy"):
        if getattr(value, "is_Rational", False) is True:
            got = Fraction(int(value.p), int(value.q))
        elif getattr(value, "is_Float", False) is True:
            return as_float(float(value))
        else:
            return False
    elif isinstance(value, numbers.Rational):
        got = Fraction(int(value.numerator), int(value.denominator))
        q = got.denominator
        if q >= 2**24 and q & (q - 1) == 0 and Fraction(float(got)) == got:
            return as_float(float(got))
    elif isinstance(value, (numbers.Real, Decimal)):
        return as_float(float(value))
    else:
        return False
    return type(got) is Fraction and (got.numerator, got.denominator) == (
        want.numerator,
        want.denominator,
    )


def hidden_test_source(name: str, kind: str, canonical: str, number: int) -> str:
    """The body of one hidden test: the comparator's source, then one assert."""
    return (
        inspect.getsource(_nk_same)
        + f"\n\nassert _nk_same({name}, {kind!r}, {canonical!r}), 'Exercise {number} is not right'"
    )
