"""The tests behind the lab's tables, in plain Python (no scipy needed at run time):
normal and chi-square tail probabilities, the exact binomial test, Holm's adjustment,
Pearson's chi-square (goodness of fit, homogeneity), Kruskal-Wallis, one-sided bounds
and the power of a proportion test. ``tests/test_lab_stats.py`` checks each against
scipy / statsmodels.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

__all__ = [
    "binom_power",
    "binom_test",
    "chi2_gof",
    "chi2_homogeneity",
    "chi2_isf",
    "chi2_noncentrality",
    "chi2_power",
    "chi2_sf",
    "detectable_difference",
    "detectable_edge",
    "games_for_edge",
    "holm",
    "kruskal",
    "lower_bound_all",
    "ncx2_sf",
    "norm_ppf",
    "norm_sf",
    "seat_edge80",
    "seat_power",
    "seat_trend",
    "seat_trials_for",
    "sweep_difference80",
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


# ------------------------------------------------------------ power at the level tested
def chi2_isf(alpha: float, df: int) -> float:
    """The critical value ``x`` with ``P(X > x) = alpha``, X chi-square with ``df`` df."""
    lo, hi = 0.0, max(1.0, float(df))
    while chi2_sf(hi, df) > alpha:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if chi2_sf(mid, df) > alpha:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-10 * hi:
            break
    return (lo + hi) / 2


def ncx2_sf(x: float, df: int, nc: float) -> float:
    """P(X > x) for X noncentral chi-square (``df``, noncentrality ``nc``): the Poisson
    mixture ``sum_j Pois(j; nc/2) P(chi2(df + 2j) > x)``, summed outward from its mode."""
    if nc <= 0:
        return chi2_sf(x, df)
    half = nc / 2
    mode = int(half)
    total = 0.0
    for direction in (range(mode, mode + 100_000), range(mode - 1, -1, -1)):
        for j in direction:
            weight = math.exp(-half + j * math.log(half) - math.lgamma(j + 1))
            total += weight * chi2_sf(x, df + 2 * j)
            if weight < 1e-14 and abs(j - half) > 5 * math.sqrt(half) + 5:
                break
    return min(1.0, total)


def chi2_power(df: int, nc: float, alpha: float) -> float:
    """Power of a chi-square test with ``df`` df at level ``alpha`` when the statistic is
    noncentral chi-square with noncentrality ``nc`` (Pearson's test under an alternative)."""
    return ncx2_sf(chi2_isf(alpha, df), df, nc)


def chi2_noncentrality(df: int, alpha: float, power: float = 0.8) -> float:
    """The noncentrality at which :func:`chi2_power` reaches ``power``."""
    crit = chi2_isf(alpha, df)
    lo, hi = 0.0, 1.0
    while ncx2_sf(crit, df, hi) < power:
        hi *= 2
    for _ in range(100):
        mid = (lo + hi) / 2
        if ncx2_sf(crit, df, mid) < power:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-9 * hi:
            break
    return (lo + hi) / 2


def binom_power(n: int, p: float, alpha: float) -> float:
    """Power of the two-sided exact binomial test of ``p = 1/2`` (:func:`binom_test`) at
    level ``alpha`` over ``n`` trials whose true success chance is ``p``."""
    if n <= 0:
        return 0.0
    log_half = n * math.log(0.5)
    tail, c = 0.0, -1  # the largest c with 2 P(K <= c | 1/2) <= alpha
    for k in range(n // 2 + 1):
        tail += math.exp(
            math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + log_half
        )
        if 2 * tail > alpha * (1 + 1e-9):
            break
        c = k
    if c < 0:
        return 0.0

    def pmf(k: int) -> float:
        if p in (0.0, 1.0):
            return float(k == (n if p == 1.0 else 0))
        log = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
        return math.exp(log + k * math.log(p) + (n - k) * math.log1p(-p))

    return min(1.0, sum(pmf(k) + pmf(n - k) for k in range(c + 1)))


def seat_power(
    trials: int, players: int, edge: float, tests: int = 1, alpha: float = 0.05
) -> float:
    """The chance that a seat table's own test, at Holm's first step over ``tests`` tables
    (level ``alpha / tests``), finds an edge when one seat is ``edge`` above fair and the
    others share its loss equally. Two players: the exact binomial test of seat 1's wins
    among ``trials`` decisive games; more: Pearson's chi-square of the wins per seat over
    ``trials`` games (``players - 1`` df, noncentrality ``trials * edge² * players² /
    (players - 1)``)."""
    level = alpha / tests
    if players == 2:
        return binom_power(int(trials), 0.5 + edge, level)
    nc = trials * edge * edge * players * players / (players - 1)
    return chi2_power(players - 1, nc, level)


@functools.lru_cache(maxsize=4096)
def seat_edge80(trials: int, players: int, tests: int = 1, power: float = 0.8) -> float:
    """The smallest edge of one seat that :func:`seat_power` finds with ``power``."""
    if trials <= 0:
        return math.inf
    if players > 2:
        nc = chi2_noncentrality(players - 1, 0.05 / tests, power)
        return math.sqrt(nc * (players - 1) / (trials * players * players))
    lo, hi = 0.0, 0.5
    if seat_power(trials, 2, hi, tests) < power:
        return math.inf
    for _ in range(40):
        mid = (lo + hi) / 2
        if seat_power(trials, 2, mid, tests) < power:
            lo = mid
        else:
            hi = mid
    return hi


@functools.lru_cache(maxsize=4096)
def seat_trials_for(edge: float, players: int, tests: int = 1, power: float = 0.8) -> int:
    """Trials (decisive games with 2 players, else games) at which :func:`seat_power`
    reaches ``power`` at ``edge`` (2 players: found by bisection on the exact power, whose
    sawtooth in ``n`` makes "the smallest" ill-defined by a few trials)."""
    if players > 2:
        nc = chi2_noncentrality(players - 1, 0.05 / tests, power)
        return math.ceil(nc * (players - 1) / (edge * edge * players * players))
    guess = games_for_edge(edge, 0.5, tests, power=power)
    lo, hi = max(1, guess // 2), guess * 2
    while seat_power(hi, 2, edge, tests) < power:
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if seat_power(mid, 2, edge, tests) < power:
            lo = mid
        else:
            hi = mid
    return hi


def sweep_difference80(
    n: float, k: int, pooled: float, tests: int = 1, power: float = 0.8
) -> float:
    """The difference between two of ``k`` values' decisive win shares (the others between
    them, each value ``n`` decisive games, near ``pooled``) that the chi-square of
    homogeneity (``k - 1`` df, level ``0.05 / tests``) finds with ``power``: noncentrality
    ``n d² / (2 p (1 - p))``."""
    if n <= 0 or k < 2:
        return math.inf
    nc = chi2_noncentrality(k - 1, 0.05 / tests, power)
    return math.sqrt(2 * pooled * (1 - pooled) * nc / n)
