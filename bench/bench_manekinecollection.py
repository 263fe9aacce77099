"""Exact (colour-count generating function) vs brute-force hand-class frequencies.

    python bench/bench_manekinecollection.py

Goal from issue 3: exact < 0.1 s and at least 1000x faster than enumerating
every card triple.
"""

from __future__ import annotations

import timeit
from math import comb

from nekolib.manekinecollection.analysis import (
    class_counts_brute,
    class_counts_exact,
    class_counts_over_bag,
    class_counts_over_bag_brute,
)


def best_time(fn, number: int, repeat: int = 5) -> float:
    """Best mean time of one call, in seconds."""
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def main() -> None:
    print(f"{'case':<34}{'exact':>12}{'brute force':>14}{'ratio':>10}")
    for pieces in [("red", "red"), ("red", "blue")]:
        assert class_counts_exact(pieces) == class_counts_brute(pieces)
        exact = best_time(lambda p=pieces: class_counts_exact(p), 200)
        brute = best_time(lambda p=pieces: class_counts_brute(p), 1, 3)
        label = f"pieces {pieces[0]} + {pieces[1]} (59 640 triples)"
        print(f"{label:<34}{exact * 1e3:>10.3f}ms{brute:>13.3f}s{brute / exact:>9.0f}x")
    assert class_counts_over_bag() == class_counts_over_bag_brute()
    exact = best_time(class_counts_over_bag, 50)
    grouped = best_time(class_counts_over_bag_brute, 1, 3)
    naive = comb(30, 2) * best_time(lambda: class_counts_brute(("red", "blue")), 1, 3)
    print(
        f"{'bag: 435 pairs x triples (grouped)':<34}{exact * 1e3:>10.3f}ms"
        f"{grouped:>13.3f}s{grouped / exact:>9.0f}x"
    )
    print(
        f"{'bag: 435 x 59 640 (extrapolated)':<34}{exact * 1e3:>10.3f}ms"
        f"{naive:>13.1f}s{naive / exact:>9.0f}x"
    )


if __name__ == "__main__":
    main()
