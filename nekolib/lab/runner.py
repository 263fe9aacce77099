"""Run an experiment on Dask: a local cluster by default, any cluster given its address.

There is one code path: :func:`run` always submits games to a Dask ``Client``, either of
a ``LocalCluster`` it starts on 127.0.0.1 (``workers`` processes, one thread each) or of
the scheduler at ``scheduler`` (``tcp://host:8786``; its workers need nekolib installed).
Rows are appended to the store as games finish, so a killed run resumes where it stopped:
indices already in the store are not played again.

:func:`run_serial` plays the same games in this process; it exists to check that the
cluster changes nothing (``tests/test_lab_runner.py``) and for tiny notebook experiments.
"""

from __future__ import annotations

import logging
import os
import tempfile
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from nekolib.lab.experiment import Experiment
from nekolib.lab.play import play_games
from nekolib.lab.store import RESULTS_DIR, Store

__all__ = ["default_workers", "results_path", "run", "run_serial"]

RowsHook = Callable[[list[dict[str, Any]]], None]
"""Called with each batch of rows right after it is stored (progress, tests' 'kill' switch)."""


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def results_path(experiment: Experiment, out: str | Path | None = None) -> Path:
    """``<out>/<name>.jsonl`` (``out`` defaults to the committed ``results/``)."""
    return Path(out or RESULTS_DIR) / f"{experiment.name}.jsonl"


def run(
    experiment: Experiment,
    out: str | Path | None = None,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    batch: int = 1,
    progress: bool = True,
    on_rows: RowsHook | None = None,
) -> list[dict[str, Any]]:
    """Play every game of ``experiment`` not yet in its store; return all rows by index.

    ``out``: folder of the store (default ``results/``). ``scheduler``: a Dask scheduler
    address; without it a ``LocalCluster`` of ``workers`` processes (default: every core)
    on 127.0.0.1 is started and closed again. ``batch``: games per Dask task.
    """
    store = Store(results_path(experiment, out), experiment)
    store.open()
    todo = _todo(experiment, store)
    if todo:
        with _client(scheduler, workers or default_workers()) as client:
            _run_on(client, experiment, store, _batches(todo, batch), progress, on_rows)
    return store.rows()


def run_serial(
    experiment: Experiment,
    out: str | Path | None = None,
    *,
    progress: bool = False,
    on_rows: RowsHook | None = None,
) -> list[dict[str, Any]]:
    """The same games as :func:`run`, played one after another in this process."""
    store = Store(results_path(experiment, out), experiment)
    store.open()
    todo = _todo(experiment, store)
    bar = _bar(experiment, experiment.total - len(todo), progress)
    try:
        for index in todo:
            rows = play_games(experiment, [index])
            _stored(store, rows, bar, on_rows)
    finally:
        bar.close()
    return store.rows()


# --------------------------------------------------------------------------- internals
def _todo(experiment: Experiment, store: Store) -> list[int]:
    done = store.done()
    return [i for i in range(experiment.total) if i not in done]


def _batches(indices: Sequence[int], size: int) -> list[list[int]]:
    size = max(1, int(size))
    return [list(indices[k : k + size]) for k in range(0, len(indices), size)]


class _client:
    """``with _client(address, workers) as client``: closes the client (and cluster)."""

    def __init__(self, scheduler: str | None, workers: int) -> None:
        self.scheduler, self.workers = scheduler, workers
        self.cluster: Any = None
        self.client: Any = None

    def __enter__(self) -> Any:
        from dask.distributed import Client

        try:
            if self.scheduler is None:
                self.cluster = local_cluster(self.workers)
                self.client = Client(self.cluster)
            else:
                self.client = Client(self.scheduler)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self.client

    def __exit__(self, *exc: object) -> None:
        try:
            if self.client is not None:
                self.client.close()
        finally:
            if self.cluster is not None:
                self.cluster.close()


def local_cluster(workers: int) -> Any:
    """A Dask ``LocalCluster`` of ``workers`` single-threaded processes; every server on
    127.0.0.1 and no dashboard (the runner's default; the lab bench times it).

    (The scheduler still serves its health page on 127.0.0.1, on 8787 or a free port if
    that is taken, which distributed announces with a warning: silenced here.)
    """
    from dask.distributed import LocalCluster

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        return LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=logging.ERROR,
            local_directory=tempfile.gettempdir(),
        )


def _run_on(
    client: Any,
    experiment: Experiment,
    store: Store,
    batches: list[list[int]],
    progress: bool,
    on_rows: RowsHook | None,
) -> None:
    from dask.distributed import as_completed

    done = experiment.total - sum(len(b) for b in batches)
    bar = _bar(experiment, done, progress)
    tag = f"nekolib-lab-{experiment.fingerprint()}"
    futures = [client.submit(play_games, experiment, b, key=f"{tag}-{b[0]}") for b in batches]
    try:
        for future in as_completed(futures):
            _stored(store, future.result(), bar, on_rows)
    finally:
        bar.close()
        client.cancel([f for f in futures if not f.done()])


def _stored(store: Store, rows: list[dict[str, Any]], bar: Any, on_rows: RowsHook | None) -> None:
    store.append(rows)
    bar.update(len(rows))
    if on_rows is not None:
        on_rows(rows)


def _bar(experiment: Experiment, done: int, enabled: bool) -> Any:
    """A tqdm bar counting games done out of the experiment's total (resumed ones included)."""
    if enabled:
        try:
            from tqdm.auto import tqdm

            return tqdm(total=experiment.total, initial=done, desc=experiment.name, unit="game")
        except ImportError:  # pragma: no cover - tqdm comes with nekolib[lab]
            pass
    return _NoBar()


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass
