"""Neko Boss widget Hint on fresh full boards: time to the first answer and to the exact one.

    python bench/bench_neko_boss_hint.py                     # widget seeds 101-105
    python bench/bench_neko_boss_hint.py --seeds 101,102 --no-numba   # the browser's path

For each seed a widget is made (``play(2, random_setup=True, seed=s)``: a fresh full board,
24 stacks, Red to move; seeds not in the book of solved placements), Hint is pressed and
the script measures (wall clock, this process) the time until ``hint()`` returns with the
first look on the board, until the move's exact value is shown ("still searching": the best
alternative is then searched) and until the full exact hint replaced it (``wait_hint()``). The
numba kernel is compiled (or loaded) before the first board. ``--no-numba`` hides the
compiled solver, as in the JupyterLite site: the first look is then final.
"""

from __future__ import annotations

import argparse
import os
import time

from nekolib.neko_boss import solver
from nekolib.neko_boss.widget import play


def one(seed: int) -> tuple[float, float | None, float, str, str]:
    """(seconds to the first answer, to the move's exact value ("still searching"; ``None``
    if not shown), to the full exact hint, first text, exact text)."""
    w = play(2, seats=["human", "greedy"], random_setup=True, seed=seed)
    value_at: list[float] = []
    t0 = time.perf_counter()

    def seen(change) -> None:
        if "still searching" in change["new"] and not value_at:
            value_at.append(time.perf_counter() - t0)

    w.status.observe(seen, "value")
    w.hint()
    first_s, first = time.perf_counter() - t0, w.hint_text
    w.wait_hint()
    exact_s = time.perf_counter() - t0
    return first_s, (value_at or [None])[0], exact_s, first, w.hint_text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="101,102,103,104,105")
    parser.add_argument("--no-numba", action="store_true")
    args = parser.parse_args()
    if args.no_numba:
        solver.available = lambda: False
    else:
        print(f"kernel ready in {solver.warm_up():.2f} s")
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'seed':>5} {'first answer':>13} {'kind':>10} {'value':>8} {'exact':>8}  exact hint")
    firsts, exacts = [], []
    for seed in (int(s) for s in args.seeds.split(",")):
        first_s, value_s, exact_s, first, exact = one(seed)
        firsts.append(first_s)
        exacts.append(exact_s)
        kind = "first look" if "first look" in first else "final"
        label = exact.split(" - ")[1][:70] if " - " in exact else exact
        value = "-" if value_s is None else f"{value_s:.2f}s"
        print(
            f"{seed:>5} {first_s:>12.3f}s {kind:>10} {value:>8} {exact_s:>7.2f}s  {label}",
            flush=True,
        )
    print(
        f"load average {os.getloadavg()[0]:.1f}; first answer at most {max(firsts):.3f} s, "
        f"exact median {sorted(exacts)[len(exacts) // 2]:.2f} s, at most {max(exacts):.2f} s"
    )


if __name__ == "__main__":
    main()
