"""The tests behind the lab's tables, in plain Python (no scipy needed at run time):
normal and chi-square tail probabilities, the exact binomial test, Holm's adjustment,
Pearson's chi-square (goodness of fit, homogeneity), Kruskal-Wallis, one-sided bounds
and the power of a proportion test. ``tests/test_lab_stats.py`` checks each against
scipy / statsmodels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = [
    "binom_test",
    "chi2_gof",
    "chi2_homogeneity",
    "chi2_sf",
    "detectable_difference",
    "detectable_edge",
    "games_for_edge",
    "holm",
    "kruskal",
    "lower_bound_all",
    "norm_ppf",
    "norm_sf",
    "seat_trend",
]


def norm_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def norm_ppf(p: float) -> float:
    """The standard normal quantile of ``p`` (bisection on :func:`norm_sf`, 1e-12)."""
    if not 0 < p < 1:
        raise ValueError(f"a probability strictly between 0 and 1 is needed; got {p}")
    lo, hi = -40.0, 40.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if 1 - norm_sf(mid) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-13:
            break
    return (lo + hi) / 2


def chi2_sf(x: float, df: int) -> float:
    """P(X > x) for X chi-square with ``df`` degrees of freedom (regularized upper gamma)."""
    if x <= 0:
        return 1.0
    return _gammaincc(df / 2, x / 2)


def _gammaincc(a: float, x: float) -> float:
    """Q(a, x) by its series (x < a + 1) or continued fraction (Numerical Recipes 6.2)."""
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-16:
            break
    return math.exp(log_front) * h


def binom_test(k: int, n: int, p: float = 0.5) -> float:
    """Two-sided exact binomial test of ``k`` successes in ``n`` (scipy's ``binomtest``:
    the total probability of outcomes no more likely than ``k``)."""
    if n == 0:
        return 1.0

    def pmf(i: int) -> float:
        if p in (0.0, 1.0):
            return float(i == (n if p == 1.0 else 0))
        log = math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
        return math.exp(log + i * math.log(p) + (n - i) * math.log1p(-p))

    observed = pmf(k)
    total = sum(q for q in map(pmf, range(n + 1)) if q <= observed * (1 + 1e-7))
    return min(1.0, total)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (same order as given)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def chi2_gof(observed: Sequence[float], expected: Sequence[float]) -> tuple[float, int, float]:
    """Pearson's goodness of fit: ``(statistic, df, p)`` with ``df = len - 1``."""
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True) if e > 0)
    df = len(observed) - 1
    return stat, df, chi2_sf(stat, df)


def chi2_homogeneity(table: Sequence[Sequence[float]]) -> tuple[float, int, float]:
    """Pearson's chi-square of a rows x columns table (no continuity correction; columns
    that are all zero are dropped): ``(statistic, df, p)``."""
    columns = [j for j in range(len(table[0])) if any(row[j] for row in table)]
    rows = [[row[j] for j in columns] for row in table if any(row[j] for j in columns)]
    if len(rows) < 2 or len(columns) < 2:
        return 0.0, 0, 1.0
    total = sum(map(sum, rows))
    row_sums = [sum(r) for r in rows]
    col_sums = [sum(r[j] for r in rows) for j in range(len(columns))]
    stat = 0.0
    for i, row in enumerate(rows):
        for j, o in enumerate(row):
            e = row_sums[i] * col_sums[j] / total
            stat += (o - e) ** 2 / e
    df = (len(rows) - 1) * (len(columns) - 1)
    return stat, df, chi2_sf(stat, df)


def kruskal(groups: Sequence[Sequence[float]]) -> tuple[float, int, float]:
    """Kruskal-Wallis H test (mid-ranks, tie correction): ``(H, df, p)``."""
    values = sorted((v, g) for g, group in enumerate(groups) for v in group)
    n = len(values)
    ranks: list[float] = [0.0] * n
    ties = 0.0
    i = 0
    while i < n:
        j = i
        while j + 1 < n and values[j + 1][0] == values[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[k] = (i + j) / 2 + 1
        t = j - i + 1
        ties += t**3 - t
        i = j + 1
    sums = [0.0] * len(groups)
    for rank, (_, g) in zip(ranks, values, strict=True):
        sums[g] += rank
    h = 12 / (n * (n + 1)) * sum(s * s / len(g) for s, g in zip(sums, groups, strict=True) if g)
    h -= 3 * (n + 1)
    correction = 1 - ties / (n**3 - n) if n > 1 else 1.0
    h = h / correction if correction > 0 else 0.0
    df = sum(1 for g in groups if g) - 1
    return h, df, chi2_sf(h, df)


def lower_bound_all(n: int, confidence: float = 0.95) -> float:
    """One-sided lower confidence bound of a proportion when all ``n`` trials succeeded
    (Clopper-Pearson: ``(1 - confidence) ** (1 / n)``)."""
    return (1 - confidence) ** (1 / n) if n > 0 else 0.0


def detectable_edge(
    n: float, p0: float, tests: int = 1, alpha: float = 0.05, power: float = 0.8
) -> float:
    """The smallest edge ``|p - p0|`` a two-sided z-test of one proportion over ``n`` trials
    detects with ``power``, at level ``alpha / tests`` (Bonferroni, Holm's first step):
    ``(z(1 - alpha/2k) + z(power)) * sqrt(p0 (1 - p0) / n)``."""
    if n <= 0:
        return math.inf
    z = norm_ppf(1 - alpha / (2 * tests)) + norm_ppf(power)
    return z * math.sqrt(p0 * (1 - p0) / n)


def games_for_edge(
    edge: float, p0: float, tests: int = 1, alpha: float = 0.05, power: float = 0.8
) -> int:
    """Trials needed for :func:`detectable_edge` to reach ``edge``."""
    z = norm_ppf(1 - alpha / (2 * tests)) + norm_ppf(power)
    return math.ceil(z * z * p0 * (1 - p0) / (edge * edge))


def detectable_difference(
    n1: float, n2: float, p0: float, tests: int = 1, alpha: float = 0.05, power: float = 0.8
) -> float:
    """The smallest difference between two proportions (``n1`` and ``n2`` trials, both near
    ``p0``) a two-sided z-test at level ``alpha / tests`` detects with ``power``:
    ``(z(1 - alpha/2k) + z(power)) * sqrt(p0 (1 - p0) (1/n1 + 1/n2))``."""
    if n1 <= 0 or n2 <= 0:
        return math.inf
    z = norm_ppf(1 - alpha / (2 * tests)) + norm_ppf(power)
    return z * math.sqrt(p0 * (1 - p0) * (1 / n1 + 1 / n2))


def seat_trend(games: Sequence[Sequence[float]]) -> tuple[float, float, float]:
    """The ordered-seat trend test: does the win drift with the seat number?

    Each game gives ``y = sum(seat * return)``, the winner's seat number (a shared win
    averages the sharers' numbers; returns sum to 1). With no seat effect every seat is
    equally likely to win, so ``E[y] = (players - 1) / 2``; the test is the one-sample z
    of the mean of ``y`` against it with the games' own standard deviation
    (statsmodels ``ztest``). Returns ``(mean y - (players-1)/2, z, two-sided p)``: a
    negative difference means earlier seats win more.

    This is the Cochran-Armitage trend test with the right variance: Cochran-Armitage on
    the seats x (win, no win) table treats a game's seats as independent trials, but they
    share one win, so its variance is too small by ``(players - 1) / players`` and its p
    too small (at 4 players its z is ``sqrt(4/3)`` times this one)."""
    ys = [sum(s * r for s, r in enumerate(g)) for g in games]
    n = len(ys)
    if n < 2:
        return math.nan, math.nan, math.nan
    players = len(games[0])
    mean = sum(ys) / n
    sd = math.sqrt(sum((y - mean) ** 2 for y in ys) / (n - 1))
    diff = mean - (players - 1) / 2
    if sd == 0:
        return diff, math.nan, math.nan
    z = diff / (sd / math.sqrt(n))
    return diff, z, min(1.0, 2 * norm_sf(abs(z)))
