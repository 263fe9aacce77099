"""Balance-lab benchmark: the same experiment serially and on local Dask workers.

    python bench/bench_lab.py           # greedy Neko-in, default settings (a few minutes)
    python bench/bench_lab.py --quick   # a few seconds
    python bench/bench_lab.py --batch1  # also the old default of one game per task
    python bench/bench_lab.py --reps=5  # five rounds (default 3)
    python bench/bench_lab.py --mcts    # Neko Boss, MCTS against greedy (the old bench)

The default experiment is the one a designer runs most: fast games (greedy Neko-in, 4
players, 3 000 games), played with the default settings of ``lab run``: ``--serial``
against a ``LocalCluster`` of 2 workers with the batch size chosen by the runner's pilot
(tasks of about a second), each worker in a session of its own, and the same cluster
with its workers in this process's session (last round's runner: Linux then shares one
process's processor time among them). Rounds of the three alternate so a change in the
shared machine's load hits all; each ratio is of runs of one round, and the median over
the rounds is printed. Each
run writes a fresh store (group commits: an fsync at most once a second); the cluster is
started before the clock starts and its start-up time is reported apart (and in a total).
The load average is printed before and after. The rows of all runs are checked to be
identical.
"""

from __future__ import annotations

import sys
import tempfile
import time

from nekolib.lab import parse_experiment, run, run_serial, runner
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


def timed_cluster_run(
    exp, workers: int, batch: int | None, own_sessions: bool = True
) -> tuple[float, float, list[dict]]:
    """``(start-up seconds, playing seconds, rows)`` on a fresh local cluster; with
    ``own_sessions=False`` the workers stay in this process's session (last round's)."""
    saved = list(runner.WORKER_PRELOAD)
    if not own_sessions:
        runner.WORKER_PRELOAD.clear()
    start = time.perf_counter()
    try:
        cluster = local_cluster(workers)
    finally:
        runner.WORKER_PRELOAD[:] = saved
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


def main(quick: bool = False, mcts: bool = False, batch1: bool = False, reps: int = 3) -> None:
    import os
    import statistics

    exp = experiment(60 if quick else (60 if mcts else 3000), mcts)
    load_before = os.getloadavg()
    results = []
    ratios: dict[str, list[float]] = {}
    serial_rows = None
    for rep in range(1, reps + 1):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            rows = run_serial(exp, out)
            serial_s = time.perf_counter() - start
        serial_rows = serial_rows or strip(rows)
        assert strip(rows) == serial_rows
        results.append({"run": f"#{rep} --serial (no Dask)", "start-up s": 0.0, "play s": serial_s})
        ways = [
            (2, None, True, "2 workers, default settings"),
            (2, None, False, "2 workers in one session (last round)"),
        ]
        if batch1 and rep == 1:
            ways += [(2, 1, True, "2 workers, --batch 1 (the old default)")]
        for workers, batch, own, label in ways:
            up, play, rows = timed_cluster_run(exp, workers, batch, own)
            assert strip(rows) == serial_rows, "a cluster run must play exactly the serial games"
            results.append(
                {"run": f"#{rep} {label}", "start-up s": up, "play s": play, "serial": serial_s}
            )
            ratios.setdefault(label, []).append(serial_s / play)
    for r in results:
        serial_s = r.pop("serial", r["play s"])
        r["games/s"] = exp.total / r["play s"]
        r["vs serial"] = serial_s / r["play s"]
        r["vs serial, start-up incl."] = serial_s / (r["play s"] + r["start-up s"])
    what = "Neko Boss, MCTS (60 iterations) vs greedy" if mcts else "Neko-in, greedy, 4 players"
    load_after = os.getloadavg()
    print(f"{exp.total} games of {what}, identical rows in every run")
    print(
        "load average (1, 5, 15 min) before "
        + ", ".join(f"{x:.2f}" for x in load_before)
        + "; after "
        + ", ".join(f"{x:.2f}" for x in load_after)
        + f"; {os.cpu_count()} cores"
    )
    print("vs serial: the serial run of the same round (#) just before it")
    print(to_markdown(results, digits=2))
    for label, values in ratios.items():
        shown = ", ".join(f"{v:.2f}" for v in values)
        median = statistics.median(values)
        print(f"{label}: serial / cluster play time, median {median:.2f} ({shown})")


if __name__ == "__main__":
    count = next((int(a.split("=")[1]) for a in sys.argv if a.startswith("--reps=")), 3)
    main("--quick" in sys.argv, "--mcts" in sys.argv, "--batch1" in sys.argv, count)
