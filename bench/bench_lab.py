"""Balance-lab benchmark: the same experiment on 1 and on 2 local Dask workers.

    python bench/bench_lab.py           # about a minute on 2 free cores
    python bench/bench_lab.py --quick   # a few seconds

Each run plays every game of one experiment (MCTS against greedy in Neko Boss, so a game
takes a fraction of a second and scheduling overhead is small) into a fresh store, on a
``LocalCluster`` bound to 127.0.0.1 that is started before the clock starts; the cluster's
start-up time is reported separately. The rows of all runs are checked to be identical.
"""

from __future__ import annotations

import sys
import tempfile
import time

from nekolib.lab import parse_experiment, run, run_serial
from nekolib.lab.runner import local_cluster
from nekolib.lab.stats import to_markdown


def experiment(games: int):
    return parse_experiment(
        {
            "name": "bench",
            "game": "neko_boss",
            "players": 2,
            "games": games,
            "seed": 1,
            "rotate": ["mcts", "greedy"],
            "agents": {"mcts": {"iterations": 60}},
        }
    )


def timed_cluster_run(exp, workers: int) -> tuple[float, float, list[dict]]:
    """``(start-up seconds, playing seconds, rows)`` on a fresh local cluster."""
    start = time.perf_counter()
    cluster = local_cluster(workers)
    try:
        ready = time.perf_counter()
        with tempfile.TemporaryDirectory() as out:
            rows = run(exp, out, scheduler=cluster.scheduler_address, progress=False)
        done = time.perf_counter()
    finally:
        cluster.close()
    return ready - start, done - ready, rows


def strip(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def main(quick: bool = False) -> None:
    exp = experiment(8 if quick else 60)
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        serial = run_serial(exp, out)
        serial_s = time.perf_counter() - start
    results = [{"run": "serial (no Dask)", "start-up s": 0.0, "play s": serial_s}]
    base = None
    for workers in (1, 2):
        up, play, rows = timed_cluster_run(exp, workers)
        assert strip(rows) == strip(serial), "a cluster run must play exactly the serial games"
        base = base or play
        results.append({"run": f"{workers} worker(s)", "start-up s": up, "play s": play})
    for r in results:
        r["games/s"] = exp.total / r["play s"]
        r["speed-up vs 1 worker"] = base / r["play s"]
    print(f"{exp.total} games of Neko Boss, MCTS (60 iterations) vs greedy, identical rows")
    print(to_markdown(results, digits=2))


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
