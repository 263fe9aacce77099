"""Balance-lab benchmark: the same experiment serially and on local Dask workers.

    python bench/bench_lab.py           # greedy Neko-in, default settings (a few minutes)
    python bench/bench_lab.py --quick   # a few seconds
    python bench/bench_lab.py --mcts    # Neko Boss, MCTS against greedy (the old bench)

The default experiment is the one a designer runs most: fast games (greedy Neko-in, 4
players, 3 000 games), played with the default settings of ``lab run``: ``--serial``
against a ``LocalCluster`` of 2 workers with the batch size chosen by the runner's pilot
(tasks of about a second), and, for comparison, the old default of one game per task. Each
run writes a fresh store (group commits: an fsync at most once a second); the cluster is
started before the clock starts and its start-up time is reported apart. The rows of all
runs are checked to be identical.
"""

from __future__ import annotations

import sys
import tempfile
import time

from nekolib.lab import parse_experiment, run, run_serial
from nekolib.lab.runner import local_cluster
from nekolib.lab.stats import to_markdown


def experiment(games: int, mcts: bool = False):
    if mcts:
        return parse_experiment(
            {"name": "bench", "game": "neko_boss", "players": 2, "games": games, "seed": 1,
             "rotate": ["mcts", "greedy"], "agents": {"mcts": {"iterations": 60}}}
        )  # fmt: skip
    return parse_experiment(
        {"name": "bench", "game": "neko_in", "players": 4, "games": games, "seed": 1,
         "seats": ["greedy"]}
    )  # fmt: skip


def timed_cluster_run(exp, workers: int, batch: int | None) -> tuple[float, float, list[dict]]:
    """``(start-up seconds, playing seconds, rows)`` on a fresh local cluster."""
    start = time.perf_counter()
    cluster = local_cluster(workers)
    try:
        ready = time.perf_counter()
        with tempfile.TemporaryDirectory() as out:
            rows = run(exp, out, scheduler=cluster.scheduler_address, batch=batch, progress=False)
        done = time.perf_counter()
    finally:
        cluster.close()
    return ready - start, done - ready, rows


def strip(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def main(quick: bool = False, mcts: bool = False) -> None:
    exp = experiment(60 if quick else (60 if mcts else 3000), mcts)
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        serial = run_serial(exp, out)
        serial_s = time.perf_counter() - start
    results = [{"run": "--serial (no Dask)", "start-up s": 0.0, "play s": serial_s}]
    ways = [(2, None, "2 workers, default batch (pilot)")]
    if not quick:
        ways += [(2, 1, "2 workers, --batch 1 (the old default)")]
    for workers, batch, label in ways:
        up, play, rows = timed_cluster_run(exp, workers, batch)
        assert strip(rows) == strip(serial), "a cluster run must play exactly the serial games"
        results.append({"run": label, "start-up s": up, "play s": play})
    for r in results:
        r["games/s"] = exp.total / r["play s"]
        r["vs serial"] = serial_s / r["play s"]
    what = "Neko Boss, MCTS (60 iterations) vs greedy" if mcts else "Neko-in, greedy, 4 players"
    print(f"{exp.total} games of {what}, identical rows in every run")
    print(to_markdown(results, digits=2))


if __name__ == "__main__":
    main(quick="--quick" in sys.argv, mcts="--mcts" in sys.argv)
