"""Can a right/wrong check be ground out? The answer space a student can enumerate.

With ``--feedback right-wrong`` a graded notebook holds a slow keyed digest of each answer
(:func:`nekolib.classroom.graded.verify`). A student can call the check in a loop with
every value they can think of; each call costs one PBKDF2 (:data:`CHECK_CPU_SECONDS`,
measured). So for every variant we count the guesses a student needs before they reach
the answer, along the routes a student who codes would take:

* **integers** counted up from 0 (a count, "Give a whole number"; 0, 1, -1, 2, -2, ...
  where the answer is negative);
* **fractions by denominator**: every p/q in [0, R] for q = 1, 2, 3, ... (R is the
  answer's own range, 1 for a probability);
* **fractions over a sample-space size**: p/N for p = 0, 1, 2, ..., where N is a number
  the prompt states or one made from its numbers (a power ``6^3``, a binomial
  ``C(66, 3)``, a product, a factorial) and the answer's denominator divides N. We
  assume the student picks the right N first;
* the exercise's **declared space** (``Exercise.answer_space``), for answers that are
  not numbers: for example every subset of the position's legal moves.

The fewest guesses over these routes is the variant's **guesses**. A student who codes does
not need ``verify``: the salt and digest are in the notebook, and a GPU computes the digest
(PBKDF2-HMAC-SHA256, :data:`~nekolib.classroom.graded.ITERATIONS` rounds) thousands of times
faster than a CPU core. So the bar is priced for a GPU: a right/wrong check is written only
where trying every value before the answer takes more than :data:`GUESS_BOUND_SECONDS` (one
hour) on one current consumer GPU at its published rate (:data:`GPU_GUESSES_PER_SECOND`,
:data:`GPU_RATE_SOURCE`); elsewhere the exercise falls back to form feedback and the notebook
says :data:`TOO_FEW_NOTE`. The routes use the answer (how far up a counter must go), so a
student who sees the fallback learns that their answer is among the first values a guesser
tries, a value they still cannot test. Why PBKDF2 and not a memory-hard digest:
:data:`DIGEST_CHOICE`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from nekolib.classroom.answers import NUMBER, FloatAnswer
from nekolib.classroom.exercise import Variant
from nekolib.classroom.graded import ITERATIONS

__all__ = [
    "CHECK_CPU_SECONDS",
    "DIGEST_CHOICE",
    "FORM",
    "GPU_GUESSES_PER_SECOND",
    "GPU_RATE_SOURCE",
    "GUESSES_PER_CPU_SECOND",
    "GUESS_BOUND_SECONDS",
    "GUESS_BUDGET",
    "GUESS_CAP",
    "RIGHT_WRONG",
    "TOO_FEW_NOTE",
    "Guessing",
    "derived_sizes",
    "feedback_for",
    "format_time",
    "guessing",
    "measure_check_rate",
    "prompt_numbers",
]

RIGHT_WRONG = "right-wrong"
FORM = "form"

CHECK_CPU_SECONDS = 0.037
"""CPU time of one right/wrong check (``verify``: one PBKDF2-SHA256 of 200 000 rounds),
measured with ``time.process_time`` on the project's 2-core machine (2026-12-04), where it
varied with the load: 0.0435 s a check (23.0 a CPU second) over 40 checks while other work
ran; 0.0375-0.039 s (25.6-26.6) over 3 x 40 digests on a quiet machine; 27.2 a CPU second
over 14 255 ``verify`` calls in the 30-student attack. The fastest, about 27 a CPU second,
is used: a faster check makes guessing cheaper, so this errs towards form feedback.
``python -m nekolib classroom --report`` measures it again."""

GUESSES_PER_CPU_SECOND = 1 / CHECK_CPU_SECONDS
"""About 27 guesses per CPU second, one core (see :data:`CHECK_CPU_SECONDS`)."""

GPU_HASHES_AT_999 = 11_157_200
"""hashcat's published PBKDF2-HMAC-SHA256 rate on one GPU, at its benchmark's 999 rounds."""
GPU_RATE_SOURCE = (
    "hashcat v6.2.6-851 benchmark, mode 10900 (PBKDF2-HMAC-SHA256, 999 iterations), one"
    " NVIDIA GeForce RTX 5090: 11157.2 kH/s"
    " (https://gist.github.com/amutu/8dad53cbb8fa5b710501c9b2280a6d62)"
)
GPU_GUESSES_PER_SECOND = GPU_HASHES_AT_999 * 999 / ITERATIONS
"""Right/wrong digests one consumer GPU computes per second: the published rate scaled
from 999 to :data:`~nekolib.classroom.graded.ITERATIONS` rounds (PBKDF2's cost is linear
in its rounds): about 55 700 a second, 2 000 times one CPU core's 27."""

GUESS_BOUND_SECONDS = 3600.0
"""A right/wrong check is written only where trying every value before the answer takes
longer than this on one consumer GPU (:data:`GPU_GUESSES_PER_SECOND`): one GPU hour, about
200 million guesses. Ten GPUs take six minutes: a floor, not a lock."""

GUESS_BUDGET = int(GUESS_BOUND_SECONDS * GPU_GUESSES_PER_SECOND)
"""Guesses in :data:`GUESS_BOUND_SECONDS` at :data:`GPU_GUESSES_PER_SECOND`."""

DIGEST_CHOICE = (
    "PBKDF2-HMAC-SHA256 (200 000 rounds), priced at a GPU's published rate, because the"
    " browser site has no memory-hard digest: its Python (Pyodide 314.0.6) has a hashlib"
    " without OpenSSL (no scrypt, no pbkdf2_hmac: nekolib computes PBKDF2 in Python there),"
    " and PyPI has no browser build of cffi, which argon2 needs. scrypt would cut a GPU's"
    " lead (hashcat mode 8900, N=16384 r=8 p=1: 7760 H/s on the same GPU) but a notebook"
    " that must also check in the browser cannot use it"
)
"""Which digest, and why (printed by ``classroom --report`` and ``teacher/guessing.md``)."""

TOO_FEW_NOTE = "too few possible answers to say right or wrong here"

SIZE_LIMIT = 10**12
"""Sample-space sizes above this are not listed (p/N with N above it: a student who starts
there needs more than the bound unless the answer's numerator is tiny)."""
GUESS_CAP = 10**10
"""Guesses are not counted past this (two days of a GPU): the report says "over"."""

_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "single": 1,
    "both": 2,
    "pair": 2,
    "twice": 2,
    "once": 1,
    "half": 2,
}


@dataclass(frozen=True)
class Guessing:
    """How fast one variant's answer is found by trying values."""

    guesses: int
    """Fewest guesses before the answer, over the routes (module docstring)."""
    route: str
    """The route that needs the fewest guesses, in words."""

    @property
    def cpu_seconds(self) -> float:
        """Calling the notebook's ``verify`` on one CPU core."""
        return self.guesses / GUESSES_PER_CPU_SECOND

    @property
    def gpu_seconds(self) -> float:
        """Computing the digest on one consumer GPU (:data:`GPU_GUESSES_PER_SECOND`)."""
        return self.guesses / GPU_GUESSES_PER_SECOND

    @property
    def right_wrong_allowed(self) -> bool:
        return self.guesses > GUESS_BUDGET


def prompt_numbers(prompt: str) -> set[int]:
    """Every whole number a prompt states, in digits or words (``"two dice"``)."""
    found = {int(n) for n in re.findall(r"\d+", prompt) if len(n) <= 7}
    for word in re.findall(r"[a-z]+", prompt.lower()):
        if word in _WORDS:
            found.add(_WORDS[word])
    return found


@cache
def derived_sizes(numbers: frozenset[int], limit: int = SIZE_LIMIT) -> frozenset[int]:
    """Sample-space sizes a student can make from the prompt's numbers (up to ``limit``):
    the numbers, their powers, binomials, factorials, products of two or three of them."""
    base = sorted(n for n in numbers if n >= 1)
    sizes: set[int] = set(base)
    for n in base:
        power = n
        while n > 1 and power * n <= limit:
            power *= n
            sizes.add(power)
        for k in range(2, min(n, 12) + 1):
            binomial = math.comb(n, k)
            if binomial <= limit:
                sizes.add(binomial)
        if n <= 10:
            sizes.add(math.factorial(n))
    firsts = sorted(s for s in sizes if s <= limit)
    for i, a in enumerate(firsts):
        for b in firsts[i:]:
            if a * b > limit:
                break
            sizes.add(a * b)
            for c in base:
                if a * b * c <= limit:
                    sizes.add(a * b * c)
    return frozenset(s for s in sizes if 1 <= s <= limit)


@cache
def _totients_below(q: int) -> int:
    """Sum of Euler's phi(d) for 1 <= d < q: reduced fractions in [0, 1) per row."""
    phi = list(range(q))
    for i in range(2, q):
        if phi[i] == i:
            for j in range(i, q, i):
                phi[j] -= phi[j] // i
    return sum(phi[1:q])


def _by_denominator(value: Fraction) -> int:
    """Guesses trying every reduced p/q in [0, R] (R = max(1, ceil|value|)) by rising q,
    rising p; negative values are tried after their positive twin."""
    q, p = value.denominator, abs(value.numerator)
    span = max(1, math.ceil(abs(value)))
    if 0.3 * q * q * span > GUESS_CAP:  # far beyond any bound: do not sieve
        return GUESS_CAP
    before = span * _totients_below(q) if q > 1 else 0
    rank = before + (p if q > 1 else p + 1)  # row q: p/q among 1/q, 2/q, ...
    return 2 * rank - 1 if value < 0 else rank  # signed: 0, x, -x, ...


def _number_routes(value: Fraction, prompt: str) -> list[tuple[int, str]]:
    routes = []
    if value.denominator == 1:
        n = value.numerator
        routes.append((2 * abs(n) + 1 if n < 0 else n + 1, "integers counted up from 0"))
    routes.append((_by_denominator(value), "fractions p/q by rising denominator q"))
    q, p = value.denominator, abs(value.numerator)
    best = None
    for size in derived_sizes(frozenset(prompt_numbers(prompt))):
        if size > 1 and size % q == 0:
            rank = p * (size // q) + 1
            rank = 2 * rank - 1 if value < 0 else rank  # signed: 0, 1/N, -1/N, 2/N, ...
            if best is None or rank < best[0]:
                best = (rank, f"fractions p/{size} over a sample-space size made from the prompt")
    if best is not None:
        routes.append(best)
    return routes


def guessing(variant: Variant) -> Guessing:
    """The fewest guesses (and their route) that find ``variant``'s answer."""
    ex = variant.exercise
    routes: list[tuple[int, str]] = []
    declared = getattr(ex, "answer_space", None)
    if declared is not None:
        size, description = declared(variant.params)
        routes.append((int(size), description))
    if ex.kind == NUMBER:
        answer = variant.answer
        value = answer.exact if isinstance(answer, FloatAnswer) else Fraction(answer)
        routes.extend(_number_routes(value, variant.prompt))
    elif declared is None:
        routes.append((1, "a text or list with no declared answer space (treated as small)"))
    guesses, route = min(routes, key=lambda item: item[0])  # ties: the first route listed
    return Guessing(max(1, guesses), route)


def feedback_for(variant: Variant, requested: str) -> str:
    """The feedback this variant's check gets: ``requested``, except that right/wrong falls
    back to form where the answer can be found within the bound."""
    if requested != RIGHT_WRONG:
        return requested
    return RIGHT_WRONG if guessing(variant).right_wrong_allowed else FORM


def format_time(seconds: float) -> str:
    """A guessing time in words: ``"14 s"``, ``"38 min"``, ``"5.2 h"``, ``"3 years"``."""
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    if seconds < 86400 * 2:
        return f"{seconds / 3600:.1f} h"
    if seconds < 86400 * 365 * 2:
        return f"{seconds / 86400:.0f} days"
    return f"{seconds / (86400 * 365):.0f} years"


def measure_check_rate(checks: int = 20) -> tuple[float, float]:
    """(right/wrong checks per CPU second, per wall-clock second) measured here and now:
    ``checks`` calls of the keyed digest a graded notebook's ``verify`` computes."""
    import time

    from nekolib.classroom.graded import keyed_digest

    salt = "00" * 16
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(checks):
        keyed_digest(salt, str(Fraction(i, checks + 1)))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return checks / max(cpu, 1e-9), checks / max(wall, 1e-9)
