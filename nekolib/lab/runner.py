"""Run an experiment on Dask: a local cluster by default, any cluster given its address.

:func:`run` submits games to a Dask ``Client``, either of a ``LocalCluster`` it starts on
127.0.0.1 (``workers`` processes, one thread each) or of the scheduler at ``scheduler``
(``tcp://host:8786``). ``serial=True`` (and :func:`run_serial`) plays the same games in
this process instead.

* **One code.** Every worker must run this process's nekolib: checked before submitting,
  again by each task on its worker before it plays (a worker that joined later with other
  code raises :class:`WorkerVersionError`, naming itself and the changed fields, in its log
  and in the run), and on each row before it is stored. ``allow_mixed`` stores such games,
  recorded in the file.
* **One writer per results folder.** The folder is locked for the run
  (:class:`~nekolib.lab.store.RunLock`): a second run into it stops at once, naming the first.

* **Complete or fail.** Rows are appended to the store as games finish, so a killed run
  resumes where it stopped. When the run ends the store must hold every game, else
  :class:`IncompleteRunError` names the missing indices.
* **Task keys name their games**: ``nekolib-lab-<fingerprint>-<source>-<first>-<last>-<hash
  of the indices>``, so two runs of one experiment on one cluster with different batches
  never take each other's results for their own.
* **A bounded window**: at most ``window`` batches are submitted at a time and each is
  released as soon as its rows are stored, so a lost worker costs only what it was playing.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import signal
import tempfile
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from nekolib.core import NekoError
from nekolib.lab.experiment import Experiment
from nekolib.lab.play import play_games
from nekolib.lab.store import RunLock, Store
from nekolib.lab.version import WorkerVersionError, code_difference, code_version, same_code

__all__ = [
    "IncompleteRunError",
    "KilledWorkerError",
    "WorkerVersionError",
    "default_workers",
    "interleaved",
    "pilot_batch",
    "results_path",
    "run",
    "run_serial",
    "task_key",
]

RowsHook = Callable[[list[dict[str, Any]]], None]
"""Called with each batch of rows right after it is stored (progress, tests' 'kill' switch)."""


class IncompleteRunError(NekoError):
    """A run ended without every game of the experiment in its store."""


class KilledWorkerError(NekoError):
    """A Dask task killed its worker too often (``KilledWorker``): one line naming its games."""


def _allowed_failures() -> int | str:
    try:
        import dask

        return int(dask.config.get("distributed.scheduler.allowed-failures")) + 1
    except Exception:  # pragma: no cover - dask not configured
        return "several"


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def results_path(experiment: Experiment, out: str | Path | None = None) -> Path:
    """``<out>/<name>.jsonl``; ``out`` defaults to ``results/`` under the working directory
    (never the installed package)."""
    return Path(out if out is not None else Path.cwd() / "results") / f"{experiment.name}.jsonl"


def run(
    experiment: Experiment,
    out: str | Path | None = None,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    batch: int | None = None,
    window: int | None = None,
    serial: bool = False,
    allow_mixed: bool = False,
    progress: bool = True,
    on_rows: RowsHook | None = None,
) -> list[dict[str, Any]]:
    """Play every game of ``experiment`` not yet in its store; return all rows by index.

    ``out``: folder of the store (default ``./results``). ``scheduler``: a Dask scheduler
    address; without it a ``LocalCluster`` of ``workers`` processes (default: every core)
    on 127.0.0.1 is started and closed again; ``serial``: no Dask, this process.
    ``batch``: games per Dask task (default ``None``: chosen by :func:`pilot_batch`, tasks of
    about :data:`TASK_SECONDS`); ``window``: tasks submitted at a time (default twice the
    cluster's threads). ``allow_mixed``: resume a store made by other code (recorded).
    Raises :class:`IncompleteRunError` if the store lacks a game when the run ends.
    """
    store = Store(results_path(experiment, out), experiment)
    with RunLock(store.path.parent), _ctrl_c_noted():
        store.open(allow_mixed=allow_mixed)
        todo = interleaved(experiment, store.missing())
        try:
            if todo and serial:
                _run_serial(experiment, store, todo, progress, on_rows)
            elif todo:
                with _client(scheduler, workers or default_workers()) as client:
                    if not allow_mixed:
                        check_workers(client)
                    piloted = batch is None
                    if piloted:  # a short pilot here, its games stored like any other
                        batch, todo = pilot_batch(experiment, store, todo, progress, on_rows)
                    threads = max(1, sum(client.nthreads().values()))
                    size = window or 2 * threads
                    if piloted:  # but never so large that a worker sits idle
                        batch = min(batch, max(1, len(todo) // (2 * threads)))
                    batches = _batches(todo, batch)
                    _run_on(client, experiment, store, batches, size, progress, on_rows)
        finally:
            store.close()
        return complete_rows(store)


def run_serial(
    experiment: Experiment,
    out: str | Path | None = None,
    *,
    allow_mixed: bool = False,
    progress: bool = False,
    on_rows: RowsHook | None = None,
) -> list[dict[str, Any]]:
    """The same games as :func:`run`, played one after another in this process."""
    return run(
        experiment, out, serial=True, allow_mixed=allow_mixed, progress=progress, on_rows=on_rows
    )


TASK_SECONDS = 1.0
"""The time one Dask task should take when the batch size is chosen by a pilot: long enough
that scheduling (a few milliseconds a task) is noise, short enough to spread the work."""


def pilot_batch(
    experiment: Experiment,
    store: Store,
    todo: list[int],
    progress: bool = False,
    on_rows: RowsHook | None = None,
    seconds: float = 0.3,
) -> tuple[int, list[int]]:
    """Play games here (stored like any other) for about ``seconds`` (at most 20 games),
    and return ``(games per task for tasks of about TASK_SECONDS, the games still to do)``."""
    import time

    start, played = time.perf_counter(), 0
    bar = _bar(experiment, experiment.total - len(todo), progress)
    try:
        while played < min(20, len(todo)) and (played < 2 or time.perf_counter() - start < seconds):
            _stored(store, play_games(experiment, [todo[played]]), bar, on_rows)
            played += 1
    finally:
        bar.close()
    per_game = (time.perf_counter() - start) / max(1, played)
    return max(1, min(500, round(TASK_SECONDS / max(per_game, 1e-4)))), todo[played:]


def complete_rows(store: Store) -> list[dict[str, Any]]:
    """Every row of ``store`` by index, or :class:`IncompleteRunError` naming what is missing."""
    missing = store.missing()
    if missing:
        raise IncompleteRunError(
            f"{store.path} lacks {len(missing)} of {store.experiment.total} games "
            f"(indices {index_ranges(missing)}); run the same command again to play them"
        )
    return store.rows()


def interleaved(experiment: Experiment, indices: Sequence[int]) -> list[int]:
    """``indices`` in playing order: the first game of every block (player count x sweep
    value), then the second of every block, ..., so a stopped run holds some games of every
    value. (Which game an index is does not change: only the order they are played in.)"""
    return sorted(indices, key=lambda i: (i % experiment.games, i // experiment.games))


def task_key(experiment: Experiment, indices: Sequence[int]) -> str:
    """The Dask key of a batch: experiment, code and every index it holds."""
    digest = hashlib.sha256(",".join(map(str, indices)).encode()).hexdigest()[:12]
    return (
        f"nekolib-lab-{experiment.fingerprint()}-{code_version()['source']}-"
        f"{indices[0]}-{indices[-1]}-{digest}"
    )


def index_ranges(indices: Sequence[int], limit: int = 12) -> str:
    """``0-3, 7, 9-11`` (at most ``limit`` ranges, then ``...``)."""
    spans: list[list[int]] = []
    for i in sorted(indices):
        if spans and i == spans[-1][1] + 1:
            spans[-1][1] = i
        else:
            spans.append([i, i])
    text = [f"{a}-{b}" if b > a else str(a) for a, b in spans[:limit]]
    return ", ".join(text) + (", ..." if len(spans) > limit else "")


def check_workers(client: Any) -> None:
    """:class:`WorkerVersionError` unless every worker runs this process's nekolib code."""
    here = code_version()
    theirs = client.run(_worker_code)
    wrong = {w: v for w, v in theirs.items() if not same_code(v, here)}
    if wrong:
        worker, version = next(iter(wrong.items()))
        raise WorkerVersionError(
            f"{len(wrong)} of {len(theirs)} workers run other nekolib code than this process "
            f"(e.g. {worker}: {code_difference(here, version)}): install the same nekolib "
            "on the workers (or pass --allow-mixed to store their games anyway, recorded)"
        )


def _worker_code() -> dict[str, Any]:
    from nekolib.lab.version import code_version

    return code_version()


# --------------------------------------------------------------------------- internals
def _run_serial(
    experiment: Experiment,
    store: Store,
    todo: list[int],
    progress: bool,
    on_rows: RowsHook | None,
) -> None:
    bar = _bar(experiment, experiment.total - len(todo), progress)
    try:
        for index in todo:
            _stored(store, play_games(experiment, [index]), bar, on_rows)
    finally:
        bar.close()


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
        with _sigint_held():  # Dask's threads and workers never see Ctrl-C
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
        quiet = exc[0] is not None and issubclass(exc[0], KeyboardInterrupt)  # type: ignore[arg-type]
        logger = logging.getLogger("distributed")
        level = logger.level
        if quiet:  # closing mid-task logs broken connections: Ctrl-C says one line
            logger.setLevel(logging.CRITICAL)
        try:
            if self.client is not None:
                self.client.close()
        finally:
            try:
                if self.cluster is not None:
                    self.cluster.close()
            finally:
                logger.setLevel(level)


WORKER_PRELOAD = ["nekolib.lab.worker_session"]
"""Dask preloads of the local cluster's workers: each starts in a session of its own
(:mod:`nekolib.lab.worker_session`), so Linux gives each worker its own share of the
processor, as it gives a worker started by hand, instead of one share for all of them."""


def local_cluster(workers: int) -> Any:
    """A Dask ``LocalCluster`` of ``workers`` single-threaded processes; every server on
    127.0.0.1, no dashboard, each worker in a session of its own (:data:`WORKER_PRELOAD`;
    the runner's default; the lab bench times it).

    (The scheduler still serves its health page on 127.0.0.1, on 8787 or a free port if
    that is taken, which distributed announces with a warning: silenced here.)
    """
    with _sigint_held(), warnings.catch_warnings():
        from dask.distributed import LocalCluster

        warnings.filterwarnings("ignore", message="Port .* is already in use")
        return LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=logging.CRITICAL,  # a Ctrl-C's teardown logs errors
            local_directory=tempfile.gettempdir(),
            preload=list(WORKER_PRELOAD),  # run in each worker process as it starts
        )


_CTRL_C = threading.Event()
"""Set by Ctrl-C during a run: the run stops at the next stored batch even if the
KeyboardInterrupt itself was swallowed where it landed (inside a Dask gc callback)."""


@contextlib.contextmanager
def _ctrl_c_noted() -> Iterator[None]:
    """During a run (main thread): Ctrl-C raises KeyboardInterrupt and is remembered."""
    _CTRL_C.clear()
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupted(signum: int, frame: Any) -> None:
        _CTRL_C.set()
        if frame is not None and frame.f_globals.get("__name__") == "distributed.gc":
            return  # a gc callback would print the exception and go on: stop at the next batch
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGINT, interrupted)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """Ignore SIGINT (Ctrl-C) while Dask starts the cluster: the worker processes spawned
    then inherit the ignored signal (Python keeps it ignored), so a later Ctrl-C reaches
    only this process, which stops with one line, instead of also printing a traceback
    from every worker and half-started nanny. A Ctrl-C pressed in those few seconds is
    dropped (the kernel discards an ignored signal; blocking it instead does not reach
    the threads Dask spawns its workers from)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _run_on(
    client: Any,
    experiment: Experiment,
    store: Store,
    batches: list[list[int]],
    window: int,
    progress: bool,
    on_rows: RowsHook | None,
) -> None:
    """Keep at most ``window`` batches submitted; store and release each as it finishes."""
    from dask.distributed import as_completed

    done = experiment.total - sum(len(b) for b in batches)
    bar = _bar(experiment, done, progress)
    queue: Iterator[list[int]] = iter(batches)
    pending: dict[str, tuple[Any, list[int]]] = {}

    def submit() -> Any | None:
        indices = next(queue, None)
        if indices is None:
            return None
        key = task_key(experiment, indices)
        expected = None if store.allow_mixed else store.code
        future = client.submit(play_games, experiment, indices, expected, key=key, pure=False)
        pending[key] = (future, indices)
        return future

    finished = as_completed([f for f in (submit() for _ in range(max(1, window))) if f])
    try:
        for future in finished:
            try:
                rows = future.result()
            except Exception as err:
                if type(err).__name__ != "KilledWorker":
                    raise
                _, indices = pending[future.key]
                raise KilledWorkerError(
                    f"the task playing games {index_ranges(indices)} killed its worker "
                    f"{_allowed_failures()} times (Dask's KilledWorker: out of memory, a crash "
                    f"or a hang); {len(store.done())} of {experiment.total} games are stored. "
                    "Play those games with --serial to see what happens, or run the same "
                    "command again to resume"
                ) from None
            _, indices = pending.pop(future.key)
            future.release()
            del future
            if [r["index"] for r in rows] != indices:  # a task key answered for other games
                raise IncompleteRunError(
                    f"a Dask task for games {index_ranges(indices)} returned games "
                    f"{index_ranges([r['index'] for r in rows])}; nothing of it was stored"
                )
            _stored(store, rows, bar, on_rows)
            more = submit()
            if more is not None:
                finished.add(more)
    finally:
        bar.close()
        if pending:
            client.cancel([future for future, _ in pending.values()])


def _stored(store: Store, rows: list[dict[str, Any]], bar: Any, on_rows: RowsHook | None) -> None:
    if _CTRL_C.is_set():  # a KeyboardInterrupt that a library swallowed (a gc callback)
        raise KeyboardInterrupt
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
