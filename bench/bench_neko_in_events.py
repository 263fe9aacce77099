"""Benchmarks of the Neko-in Events maths: ``python bench/bench_neko_in_events.py``.

Times the exact Cat Teaser solvers against each other (count chain, set chain,
sympy closed forms, fundamental matrix, brute-force roll sequences) and the
Monte Carlo throughput. Never run by the tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from nekolib.neko_in import events_analysis as ea


def best_of(fn: Callable[[], Any], repeat: int = 3) -> float:
    """Best wall time of ``repeat`` calls, in seconds (caches cleared by fresh calls)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    k = 6
    cats = ea.CAT_COLOURS[:k]
    trials = 20_000
    timings = {
        "count chain, k=6 (Fractions)": best_of(lambda: ea.teaser_count_chain(k)),
        "set chain, k=6 (Fractions, 64 states)": best_of(lambda: ea.teaser_subset_chain(cats)),
        "law of T to 30 rolls, count chain": best_of(lambda: ea.teaser_rolls_distribution(k, 30)),
        "law of T to 30 rolls, set chain": best_of(
            lambda: ea.teaser_subset_rolls_distribution(cats, max_rolls=30)
        ),
        "closed forms in n, k=2..6 (sympy)": best_of(lambda: ea.teaser_closed_forms(6), 1),
        "fundamental matrix, k=6 (sympy)": best_of(lambda: ea.teaser_fundamental_matrix(6), 1),
        "brute force, k=6, depth 3": best_of(lambda: ea.enumerate_roll_sequences(cats, depth=3), 1),
        f"Monte Carlo, k=6, {trials} teasers": best_of(
            lambda: ea.monte_carlo_teaser(cats, trials=trials), 1
        ),
    }
    width = max(map(len, timings))
    for name, seconds in timings.items():
        print(f"{name:<{width}}  {seconds * 1000:10.2f} ms")
    count = timings["count chain, k=6 (Fractions)"]
    subset = timings["set chain, k=6 (Fractions, 64 states)"]
    mc = timings[f"Monte Carlo, k=6, {trials} teasers"]
    print(f"\nset chain / count chain: {subset / count:.1f}x")
    print(f"Monte Carlo / set chain: {mc / subset:.0f}x")
    print(f"Monte Carlo throughput:  {trials / mc:,.0f} teasers/s")


if __name__ == "__main__":
    main()
