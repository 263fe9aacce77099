"""The cell the grader appends to a hand-in: it prints the answer variables as JSON.

Plain Python only, and nothing is compared in the student's kernel: the grader reads the
printed values after the kernel is gone and compares them with the key outside.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from nekolib.core import NekoError

__all__ = ["MARK", "collector_source"]

MARK = "NEKOLIB-GRADER-ANSWERS "
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")

# Runs last in the student's kernel. Plain Python only: the encoding of each answer
# variable as JSON (nothing is compared here).
_COLLECTOR = """import json as _nk_json
import numbers as _nk_numbers


def _nk_encode(value, depth=0):
    if value is None or value is Ellipsis:
        return {"type": "none"}
    if isinstance(value, bool):
        return {"type": "bool"}
    if (type(value).__module__ or "").startswith("sympy"):
        if getattr(value, "is_Rational", False) is True:
            return {"type": "rational", "p": str(int(value.p)), "q": str(int(value.q))}
        return {"type": "sympy", "text": str(value)[:1000],
                "float": getattr(value, "is_Float", False) is True}
    if isinstance(value, _nk_numbers.Rational):
        return {"type": "rational", "p": str(int(value.numerator)),
                "q": str(int(value.denominator))}
    if isinstance(value, str):
        return {"type": "str", "value": value[:10000]}
    if isinstance(value, _nk_numbers.Real) or type(value).__name__ == "Decimal":
        return {"type": "float", "text": repr(float(value))}
    if depth == 0 and isinstance(value, (list, tuple, set, frozenset)):
        return {"type": "list", "items": [_nk_encode(item, 1) for item in list(value)[:1000]]}
    return {"type": "other", "name": type(value).__name__}


print(MARK + _nk_json.dumps({name: _nk_encode(globals().get(name)) for name in NAMES}))
"""


def collector_source(names: Sequence[str]) -> str:
    """The cell appended to a submission: prints the answer variables' raw values as JSON."""
    for name in names:
        if not _NAME.match(name):
            raise NekoError(f"{name!r} is not an answer variable name")
    return _COLLECTOR.replace("MARK", repr(MARK)).replace("NAMES", repr(list(names)))
