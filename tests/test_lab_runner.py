"""nekolib.lab on Dask: a LocalCluster on 127.0.0.1 plays exactly the serial games, and a
killed run resumes without replaying a finished game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nekolib.__main__ import main
from nekolib.core import NekoError
from nekolib.lab import Store, load_experiment, parse_experiment, results_path, run, run_serial

distributed = pytest.importorskip("distributed")
pytestmark = pytest.mark.filterwarnings("ignore:Port .* is already in use")

MIXED = {  # 2 blocks (3 and 4 players), MCTS included: its rng must travel with the game
    "name": "mixed",
    "game": "neko_in",
    "players": [3, 4],
    "games": 5,
    "seed": 3,
    "rotate": ["greedy", "mcts"],
    "agents": {"mcts": {"iterations": 6}},
}
BOARDS = {
    "name": "boards",
    "game": "neko_boss",
    "players": 2,
    "games": 6,
    "seed": 5,
    "rotate": ["random", "greedy"],
    "sweep": {"board": ["grid_3x4", "three_squares"]},
}


def _without_seconds(rows):
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes on loopback, closed by the test module."""
    from nekolib.lab.runner import local_cluster

    cluster = local_cluster(2)
    try:
        yield cluster
    finally:
        cluster.close()


@pytest.mark.parametrize("spec", [MIXED, BOARDS], ids=["neko_in_mcts", "neko_boss_sweep"])
def test_cluster_run_equals_serial_run(cluster, tmp_path, spec):
    exp = parse_experiment(spec)
    serial = run_serial(exp, tmp_path / "serial")
    parallel = run(
        exp, tmp_path / "dask", scheduler=cluster.scheduler_address, batch=2, progress=False
    )
    assert len(serial) == exp.total == len(parallel)
    assert [r["index"] for r in parallel] == list(range(exp.total))
    assert _without_seconds(parallel) == _without_seconds(serial)
    workers = {w.get("host") for w in cluster.scheduler_info["workers"].values()}
    assert workers == {"127.0.0.1"}


def _session() -> int:
    import os

    return os.getsid(0)


def test_local_workers_each_lead_a_session_of_their_own(cluster):
    """Linux shares the processor between sessions (autogroups): workers left in the run's
    session got one process's time between them, so 2 were no faster than --serial."""
    import os

    from dask.distributed import Client

    with Client(cluster) as client:
        sessions = client.run(_session)
        pids = client.run(os.getpid)
    assert len(sessions) == 2 and len(set(sessions.values())) == 2
    assert _session() not in sessions.values()
    assert all(sessions[w] == pids[w] for w in sessions)  # each worker leads its session


class Killed(Exception):
    """Stands in for a kill: raised from the progress hook after some games are stored."""


def test_killed_run_resumes_without_replaying_finished_games(tmp_path):
    exp = parse_experiment(BOARDS)
    path = results_path(exp, tmp_path)
    first: list[int] = []

    def kill_after_five(rows):
        first.extend(r["index"] for r in rows)
        if len(first) >= 5:
            raise Killed

    with pytest.raises(Killed):  # the default path: a LocalCluster of 2 workers, closed again
        run(exp, tmp_path, workers=2, progress=False, on_rows=kill_after_five)
    assert sorted(Store(path, exp).done()) == sorted(first) and len(first) == 5
    with path.open("a", encoding="utf-8") as f:  # a kill in the middle of writing a row
        f.write('{"index": 11, "seed": 1, "pla')

    second: list[int] = []
    rows = run(
        exp,
        tmp_path,
        workers=2,
        progress=False,
        on_rows=lambda rs: second.extend(r["index"] for r in rs),
    )
    assert not set(first) & set(second), "a finished game was played again"
    assert sorted(first + second) == list(range(exp.total))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + exp.total  # header + one line per game: no duplicate, no torn line
    assert sorted(json.loads(line)["index"] for line in lines[1:]) == list(range(exp.total))
    whole = run_serial(exp, tmp_path / "whole")
    assert _without_seconds(rows) == _without_seconds(whole)
    # nothing left to do: a third run plays nothing and starts no cluster
    third: list[int] = []
    assert run(exp, tmp_path, on_rows=lambda rs: third.extend(rs)) == rows and third == []


def test_a_store_refuses_another_experiment(tmp_path):
    exp = parse_experiment(BOARDS)
    run_serial(exp, tmp_path)
    other = parse_experiment(BOARDS | {"seed": 6})
    with pytest.raises(NekoError, match="holds results of a different experiment"):
        run_serial(other, tmp_path)


def test_command_line_run_and_summary(cluster, tmp_path, capsys):
    toml = tmp_path / "cli_boards.toml"
    toml.write_text(
        'game = "neko_boss"\nplayers = 2\ngames = 4\nseed = 1\nrotate = ["random", "greedy"]\n',
        encoding="utf-8",
    )
    argv = ["lab", "run", str(toml), "--scheduler", cluster.scheduler_address, "--out"]
    assert main([*argv, str(tmp_path), "--quiet"]) == 0
    assert main(["lab", "summary", str(tmp_path / "cli_boards.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "## cli_boards (neko_boss): 4 of 4 games" in out and "| greedy |" in out
    toml.write_text('game = "neko_boss"\nplayers = 9\ngames = 4\nseats = ["greedy"]\n')
    assert main(["lab", "run", str(toml), "--quiet"]) == 2
    assert "Neko Boss is for 2-4 players" in capsys.readouterr().err


# --------------------------------------------------------------------------- complete or fail
QUICK = {
    "name": "quick",
    "game": "neko_boss",
    "players": 2,
    "games": 24,
    "seed": 9,
    "rotate": ["random", "greedy"],
    "params": {"board": "grid_3x4"},
}


def test_task_keys_name_every_game_of_their_batch():
    from nekolib.lab.runner import task_key

    exp = parse_experiment(QUICK)
    assert task_key(exp, [0, 1]) != task_key(exp, [0]) != task_key(exp, [0, 2])
    assert task_key(exp, [3, 4, 5]) == task_key(exp, [3, 4, 5])
    assert task_key(exp, [3, 4, 5]).split("-")[-3:-1] == ["3", "5"]


def test_two_concurrent_runs_with_different_batches_both_complete(cluster, tmp_path):
    """The same experiment from two terminals on one cluster, batches of 5 (a subprocess)
    and of 1 (this process) at the same time: the keys used to collide (a batch-5 task was
    answered with a batch-1 row) and a run ended half done with status 0."""
    import subprocess
    import sys

    exp = parse_experiment(QUICK)
    toml = tmp_path / "quick.toml"
    toml.write_text(
        'game = "neko_boss"\nplayers = 2\ngames = 24\nseed = 9\nrotate = ["random", "greedy"]\n'
        '[params]\nboard = "grid_3x4"\n'
    )
    assert load_experiment(toml).fingerprint() == exp.fingerprint()
    other = subprocess.Popen(
        [sys.executable, "-m", "nekolib", "lab", "run", str(toml), "--quiet", "--batch", "5",
         "--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "b5")],
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        mine = run(
            exp, tmp_path / "b1", scheduler=cluster.scheduler_address, batch=1, window=3,
            progress=False,
        )  # fmt: skip
        assert other.wait(timeout=300) == 0, other.stderr.read()
    finally:
        other.kill()
    serial = run_serial(exp, tmp_path / "serial")
    theirs = Store(tmp_path / "b5" / "quick.jsonl", exp).rows()
    assert _without_seconds(mine) == _without_seconds(serial) == _without_seconds(theirs)
    for batch in (1, 5):
        lines = (tmp_path / f"b{batch}" / "quick.jsonl").read_text().splitlines()
        assert len(lines) == 1 + exp.total


def test_an_incomplete_store_fails_loudly_naming_the_missing_games(tmp_path, capsys):
    from nekolib.lab.runner import IncompleteRunError, complete_rows

    exp = parse_experiment(QUICK)
    path = results_path(exp, tmp_path)
    run_serial(exp, tmp_path)
    lines = path.read_text().splitlines()
    path.write_text(
        "\n".join(line for k, line in enumerate(lines) if k not in (4, 5, 6, 10)) + "\n"
    )
    with pytest.raises(IncompleteRunError, match=r"lacks 4 of 24 games \(indices 3-5, 9\)"):
        complete_rows(Store(path, exp))
    # the command line: a summary says so, and a run plays exactly the missing games
    assert main(["lab", "summary", str(path)]) == 0
    assert "**Incomplete**: 4 games missing" in capsys.readouterr().out
    played: list[int] = []
    run(exp, tmp_path, serial=True, on_rows=lambda rs: played.extend(r["index"] for r in rs))
    assert sorted(played) == [3, 4, 5, 9]


def test_a_killed_worker_costs_only_its_running_game(tmp_path):
    """Finished games are released once stored: after SIGKILL of a worker process (its nanny
    starts a new one) the scheduler computes every task exactly once."""
    import collections
    import os
    import signal

    from distributed.diagnostics.plugin import SchedulerPlugin

    from nekolib.lab.runner import local_cluster

    class Count(SchedulerPlugin):
        def __init__(self):
            self.done = collections.Counter()

        def transition(self, key, start, finish, *args, **kwargs):
            if finish == "memory" and str(key).startswith("nekolib-lab-"):
                self.done[key] += 1

    exp = parse_experiment(MIXED | {"games": 12, "agents": {"mcts": {"iterations": 20}}})
    cluster = local_cluster(2)
    counter = Count()
    cluster.scheduler.add_plugin(counter, name="count")
    killed: list[int] = []

    def kill_an_idle_holder(rows):
        if killed or sum(counter.done.values()) < 4:
            return
        for address, ws in list(cluster.scheduler.workers.items()):
            holds = [t for t in ws.has_what if str(t.key).startswith("nekolib-lab-")]
            nanny = next(n for n in cluster.workers.values() if n.worker_address == address)
            if not holds and nanny.process is not None:
                pid = nanny.process.process.pid
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return

    try:
        rows = run(
            exp, tmp_path, scheduler=cluster.scheduler_address, window=2, batch=1,
            progress=False, on_rows=kill_an_idle_holder,
        )  # fmt: skip
    finally:
        cluster.close()
    assert killed, "no worker was free of stored results: finished futures are still held"
    assert [r["index"] for r in rows] == list(range(exp.total))
    assert len(counter.done) == exp.total and set(counter.done.values()) == {1}
    lines = results_path(exp, tmp_path).read_text().splitlines()
    assert len(lines) == 1 + exp.total


# --------------------------------------------------------------------------- versions
def test_rows_record_the_code_and_the_agents(tmp_path):
    from nekolib.lab import code_version

    exp = parse_experiment(MIXED)
    rows = run_serial(exp, tmp_path)
    here = code_version()
    assert set(here) == {"nekolib", "commit", "dirty", "source", "python"}
    assert len(here["source"]) == 16 and here["python"].count(".") == 2
    for row in rows:
        assert row["code"] == here
        assert set(row["agents"]) == set(row["seats"])
    mcts = rows[0]["agents"]["mcts"]
    assert mcts["iterations"] == 6 and mcts["class"] == "nekolib.mcts.MCTSAgent"
    assert mcts["c"] == 1.4 and mcts["determinize"] == "determinize"
    header = json.loads(results_path(exp, tmp_path).read_text().splitlines()[0])
    assert header["code"] == here


def test_resume_after_a_code_change_refuses_unless_allowed(tmp_path):
    from nekolib.lab import MixedVersionsError
    from nekolib.lab.store import events

    exp = parse_experiment(BOARDS)
    path = results_path(exp, tmp_path)
    with pytest.raises(Killed):
        run_serial(exp, tmp_path, on_rows=lambda rows: (_ for _ in ()).throw(Killed()))
    lines = path.read_text().splitlines()
    old = [json.loads(line) for line in lines[1:]]
    for row in old:  # these games were played by yesterday's code
        row["code"] = row["code"] | {"source": "0123456789abcdef", "commit": "f" * 40}
    path.write_text("\n".join([lines[0], *map(json.dumps, old)]) + "\n")
    with pytest.raises(MixedVersionsError, match="pass --allow-mixed"):
        run_serial(exp, tmp_path)
    assert len(path.read_text().splitlines()) == 1 + len(old)  # nothing played
    toml = tmp_path / "boards.toml"
    toml.write_text(
        'game = "neko_boss"\nplayers = 2\ngames = 6\nseed = 5\nrotate = ["random", "greedy"]\n'
        '[sweep]\nboard = ["grid_3x4", "three_squares"]\n'
    )
    argv = ["lab", "run", str(toml), "--serial", "--quiet", "--out", str(tmp_path)]
    assert main(argv) == 2
    assert main([*argv, "--allow-mixed"]) == 0
    assert [e["event"] for e in events(path)] == ["allow-mixed"]
    rows = Store(path, exp).rows()
    assert len(rows) == exp.total
    assert len({r["code"]["source"] for r in rows}) == 2


def test_workers_running_other_code_are_refused_before_any_game():
    from nekolib.lab import code_version
    from nekolib.lab.runner import WorkerVersionError, check_workers

    here = code_version()

    class Client:
        def __init__(self, theirs):
            self.theirs = theirs

        def run(self, function):
            return self.theirs

    check_workers(Client({"tcp://127.0.0.1:1": here, "tcp://127.0.0.1:2": dict(here)}))
    other = here | {"source": "0" * 16}
    with pytest.raises(WorkerVersionError, match="1 of 2 workers run other nekolib code"):
        check_workers(Client({"tcp://127.0.0.1:1": here, "tcp://127.0.0.1:2": other}))
    with pytest.raises(WorkerVersionError):
        check_workers(Client({"tcp://127.0.0.1:1": here | {"python": "3.9.1"}}))


def test_results_default_to_the_working_directory(tmp_path, monkeypatch):
    exp = parse_experiment(QUICK)
    monkeypatch.chdir(tmp_path)
    assert results_path(exp) == tmp_path / "results" / "quick.jsonl"


# --------------------------------------------------------------------------- issue 30: one code
def _other_code(tmp_path):
    """A copy of this nekolib with one agent changed (a constant added to an agent module),
    as a worker installed from another checkout would run it."""
    import shutil

    import nekolib

    root = tmp_path / "other"
    shutil.copytree(
        Path(nekolib.__file__).parent,
        root / "nekolib",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    agents = root / "nekolib" / "neko_boss" / "agents.py"
    agents.write_text(agents.read_text() + "\nCHANGED_BY_A_TEST = 1\n")
    return root


def _wait_for_workers(cluster, n, proc, timeout=120):
    import time

    start = time.monotonic()
    while len(cluster.scheduler.workers) < n:
        assert proc.poll() is None, "the other worker exited"
        assert time.monotonic() - start < timeout, "the other worker never joined"
        time.sleep(0.1)


def test_a_worker_with_other_code_joining_mid_run_has_its_games_refused(tmp_path):
    """A real scheduler and worker on 127.0.0.1; 2 s into the run a second worker joins from
    a checkout whose Neko Boss agents differ. It used to play its share of the games, all
    stored, exit 0. Now its task refuses to play (its log says why), the run fails naming
    it and the changed field, and every stored row is this run's code."""
    import os
    import subprocess
    import sys

    from nekolib.lab import code_version
    from nekolib.lab.runner import WorkerVersionError, local_cluster

    other = _other_code(tmp_path)
    exp = parse_experiment(QUICK | {"games": 40})
    cluster = local_cluster(1)
    log = tmp_path / "other-worker.log"
    procs: list = []

    def join_other_worker(rows):
        if procs:
            return
        with log.open("w") as err:
            procs.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "distributed.cli.dask_worker",
                        cluster.scheduler_address,
                        "--nthreads",
                        "1",
                        "--no-nanny",
                        "--host",
                        "127.0.0.1",
                        "--no-dashboard",
                    ],
                    cwd=other,
                    env={**os.environ, "PYTHONPATH": str(other)},
                    stdout=subprocess.DEVNULL,
                    stderr=err,
                )
            )
        _wait_for_workers(cluster, 2, procs[0])

    try:
        with pytest.raises(WorkerVersionError) as refused:
            run(
                exp, tmp_path / "out", scheduler=cluster.scheduler_address, window=2, batch=1,
                progress=False, on_rows=join_other_worker,
            )  # fmt: skip
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=60)
        cluster.close()
    message = str(refused.value)
    assert "runs other nekolib code than the run that sent it games" in message
    assert f"source {code_version()['source']} -> " in message  # the changed field, named
    assert "tcp://127.0.0.1:" in message and "played none of them" in message
    assert "runs other nekolib code" in log.read_text()  # the worker was told why
    stored = Store(results_path(exp, tmp_path / "out"), exp).rows()
    assert 0 < len(stored) < exp.total
    assert all(row["code"] == code_version() for row in stored)
    assert not (tmp_path / "out" / ".lab-run.lock").exists()


def test_rows_of_other_code_are_refused_before_they_are_stored(tmp_path):
    """The store checks every row it is given (whatever played it), unless allow_mixed."""
    from nekolib.lab import MixedVersionsError
    from nekolib.lab.play import play_games
    from nekolib.lab.store import events

    exp = parse_experiment(QUICK)
    store = Store(results_path(exp, tmp_path), exp)
    store.open()
    rows = play_games(exp, [0, 1])
    foreign = rows[1] | {"code": rows[1]["code"] | {"source": "0" * 16}}
    with pytest.raises(MixedVersionsError, match=r"game 1 came back .* \(source \w+ -> 0{16}"):
        store.append([rows[0], foreign])
    assert not store.path.exists()  # nothing of the batch, not even a header
    store.open(allow_mixed=True)
    store.append([rows[0], foreign])
    assert [e["games"] for e in events(store.path)] == [[1]]
    assert len(store.rows()) == 2


def test_a_worker_refuses_to_play_for_other_code():
    from nekolib.lab import code_version
    from nekolib.lab.play import play_games
    from nekolib.lab.runner import WorkerVersionError

    exp = parse_experiment(QUICK)
    assert len(play_games(exp, [0], code_version())) == 1
    with pytest.raises(WorkerVersionError, match=r"\(source 0{16} -> \w+.*played none of them"):
        play_games(exp, [0], code_version() | {"source": "0" * 16})


def test_a_second_run_into_the_same_results_refuses_at_once(tmp_path):
    """While a run writes results/quick.jsonl, the same command from another terminal stops
    at once (exit 2) naming the first run; the first completes with one line per game.
    Both used to exit 0 having stored 1.5 times the games."""
    import os
    import subprocess
    import sys
    import time

    exp = parse_experiment(QUICK)
    toml = tmp_path / "quick.toml"
    toml.write_text(
        'game = "neko_boss"\nplayers = 2\ngames = 24\nseed = 9\nrotate = ["random", "greedy"]\n'
        '[params]\nboard = "grid_3x4"\n'
    )
    second: list = []

    def start_the_same_run(rows):
        if second:
            return
        start = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "nekolib", "lab", "run", str(toml), "--serial", "--quiet",
             "--out", str(tmp_path)],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        second.append((done, time.monotonic() - start))

    rows = run_serial(exp, tmp_path, on_rows=start_the_same_run)
    ((done, _seconds),) = second
    assert done.returncode == 2, done.stderr
    assert f"results folder {tmp_path} is being written by another run" in done.stderr
    assert f"pid {os.getpid()} on " in done.stderr
    assert len(rows) == exp.total
    lines = results_path(exp, tmp_path).read_text().splitlines()
    assert len(lines) == 1 + exp.total
    assert not (tmp_path / ".lab-run.lock").exists()


def test_a_run_of_another_experiment_into_the_same_folder_refuses_at_once(tmp_path):
    """One writer per results folder: while one experiment writes into a folder, a run of
    another experiment into it stops before playing (exit 2), naming the first run; with
    another --out it runs. (The old lock was per results file: the second run played.)"""
    import os
    import subprocess
    import sys

    exp = parse_experiment(QUICK | {"games": 6})
    toml = tmp_path / "other.toml"
    toml.write_text('game = "neko_boss"\nplayers = 2\ngames = 2\nseed = 5\nseats = ["random"]\n')
    command = [sys.executable, "-m", "nekolib", "lab", "run", str(toml), "--serial", "--quiet"]
    second: list = []

    def start_another_experiment(rows):
        if not second:
            second.append(
                subprocess.run(
                    [*command, "--out", str(tmp_path)], capture_output=True, text=True, timeout=60
                )
            )

    run_serial(exp, tmp_path, on_rows=start_another_experiment)
    ((done,),) = [second]
    assert done.returncode == 2, done.stderr
    assert "one run per results folder" in done.stderr
    assert f"pid {os.getpid()} on " in done.stderr and "pytest" in done.stderr
    assert not (tmp_path / "other.jsonl").exists()
    other = load_experiment(toml)
    assert len(run_serial(other, tmp_path / "mine")) == 2  # another --out: it runs


def test_a_dead_runs_lock_is_taken_over(tmp_path):
    import subprocess
    import sys

    from nekolib.lab.store import RunLock, RunLockedError

    exp = parse_experiment(QUICK | {"games": 4})
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    lock = tmp_path / ".lab-run.lock"
    lock.write_text(json.dumps({"pid": gone.pid, "host": __import__("platform").node()}))
    assert len(run_serial(exp, tmp_path)) == 4
    assert not lock.exists()
    with RunLock(tmp_path), pytest.raises(RunLockedError, match="pid"):
        run_serial(exp, tmp_path)


def test_a_refused_run_leaves_no_file_that_blocks_the_next(tmp_path, monkeypatch):
    """A run refused before any game (a worker with other code) used to leave a header-only
    file whose header then refused the correct re-run as other code."""
    from nekolib.lab import runner
    from nekolib.lab.runner import WorkerVersionError

    exp = parse_experiment(QUICK | {"games": 4})
    path = results_path(exp, tmp_path)

    def refuse(client):
        raise WorkerVersionError("1 of 1 workers run other nekolib code")

    monkeypatch.setattr(runner, "check_workers", refuse)
    with pytest.raises(WorkerVersionError):
        run(exp, tmp_path, workers=1, progress=False)
    assert not path.exists() and not (tmp_path / ".lab-run.lock").exists()
    # a header-only file from older code (written by an older nekolib's refused run)
    header = {"experiment": exp.to_dict(), "fingerprint": exp.fingerprint(), "total": 4}
    path.write_text(json.dumps(header | {"code": {"source": "0" * 16}}) + "\n")
    assert len(run_serial(exp, tmp_path)) == 4


def test_another_experiment_is_refused_naming_what_changed(tmp_path):
    exp = parse_experiment(QUICK | {"games": 2})
    run_serial(exp, tmp_path)
    other = parse_experiment(QUICK | {"games": 2, "seed": 10, "params": {"board": "town_4x6"}})
    with pytest.raises(
        NekoError, match=r"changed: params.board 'grid_3x4' -> 'town_4x6', seed 9 -> 10"
    ):
        run_serial(other, tmp_path)


def test_docstring_and_comment_edits_keep_the_version_code_edits_change_it(tmp_path):
    from nekolib.lab.version import code_difference, source_hash

    package = tmp_path / "pkg"
    package.mkdir()
    module = package / "rules.py"
    module.write_text(
        '"""Rules."""\n\nLIMIT = 3\n"""The limit."""\n\n\ndef f(x):\n    return x + LIMIT\n'
    )
    before = source_hash(package)
    module.write_text(
        '"""Rules, as the rulebook says."""\n\n# a comment\nLIMIT = 3\n"""The limit (p. 2)."""\n\n'
        '\ndef f(x):\n    """Add the limit."""\n    return x + LIMIT  # why\n'
    )
    assert source_hash(package) == before
    module.write_text('"""Rules."""\n\nLIMIT = 4\n\n\ndef f(x):\n    return x + LIMIT\n')
    after = source_hash(package)
    assert after != before
    a = {"source": before, "python": "3.12.1", "commit": "a" * 40}
    b = {"source": after, "python": "3.13.0", "commit": "a" * 40}
    assert (
        code_difference(a, b)
        == f"source {before} -> {after} (nekolib's Python code changed); python 3.12.1 -> 3.13.0"
    )


def test_csv_export_carries_the_code_and_refuses_an_unfinished_file(tmp_path, capsys):
    import csv

    from nekolib.lab import code_version

    exp = parse_experiment(QUICK | {"games": 6})
    path = results_path(exp, tmp_path)
    run_serial(exp, tmp_path)
    out = tmp_path / "quick.csv"
    assert main(["lab", "export", "--csv", str(path), "-o", str(out)]) == 0
    with out.open(newline="") as f:
        table = list(csv.DictReader(f))
    here = code_version()
    assert {(t["code"], t["commit"], t["python"]) for t in table} == {
        (here["source"], here["commit"] or "", here["python"])
    }
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:3] + lines[5:]) + "\n")  # games 1 and 3 missing
    out.unlink()
    assert main(["lab", "export", "--csv", str(path), "-o", str(out)]) == 3
    assert "lacks 2 of 6 games" in capsys.readouterr().err and not out.exists()
    assert main(["lab", "export", "--csv", str(path), "-o", str(out), "--allow-incomplete"]) == 0


def test_ctrl_c_on_a_local_cluster_stops_with_one_line(tmp_path):
    """SIGINT to the whole process group (what a terminal's Ctrl-C does) once games are being
    stored: exit 130 and one line on stderr. It printed a traceback from each worker
    process, the half-started nanny and the cluster's atexit hook."""
    import os
    import signal
    import subprocess
    import sys
    import time

    toml = tmp_path / "long.toml"
    toml.write_text(
        'game = "neko_boss"\nplayers = 2\ngames = 4000\nseed = 9\nrotate = ["random", "greedy"]\n'
        '[params]\nboard = "grid_3x4"\n'
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "nekolib", "lab", "run", str(toml), "--workers", "2", "--quiet",
         "--batch", "1", "--out", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    store = tmp_path / "long.jsonl"
    try:
        while not store.exists() or len(store.read_text().splitlines()) < 20:
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.2)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert err.splitlines() == [
        "stopped: finished games are stored; run the same command to resume"
    ], err
    assert not (tmp_path / ".lab-run.lock").exists()


def test_the_batch_comes_from_a_pilot_and_a_killed_worker_is_one_line(tmp_path, capsys):
    """Default batch: a short pilot in this process (its games stored) sizes tasks of about
    a second; a task that kills its worker every time ends the run with one line naming
    its games (not Dask's KilledWorker traceback)."""
    import os

    from nekolib.lab.runner import Store, pilot_batch

    exp = parse_experiment(BOARDS | {"games": 40})
    store = Store(results_path(exp, tmp_path), exp)
    store.open()
    batch, rest = pilot_batch(exp, store, list(range(exp.total)), seconds=0.05)
    played = exp.total - len(rest)
    assert 2 <= played <= 20 and len(store.rows()) == played
    per_game = sum(r["seconds"] for r in store.rows()) / played
    assert batch == pytest.approx(min(500, 1 / per_game), rel=0.6)  # about a second, <= 500
    toml = tmp_path / "dies.toml"
    toml.write_text(
        'game = "neko_boss"\nplayers = 2\ngames = 4\nseats = ["greedy"]\n', encoding="utf-8"
    )
    import dask
    from distributed import Client
    from distributed.diagnostics.plugin import WorkerPlugin

    from nekolib.lab.runner import local_cluster

    class DieOnGames(WorkerPlugin):  # the worker process dies as a lab task starts
        def transition(self, key, start, finish, **kwargs):
            if finish == "executing" and str(key).startswith("nekolib-lab-"):
                os._exit(1)

    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        cluster = local_cluster(1)
        try:
            with Client(cluster) as client:
                client.register_plugin(DieOnGames())
            code = main(["lab", "run", str(toml), "--scheduler", cluster.scheduler_address,
                         "--batch", "1", "--quiet", "--out", str(tmp_path / "o")])  # fmt: skip
        finally:
            cluster.close()
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "killed its worker 1 times (Dask's KilledWorker" in err[0], err
    assert "0 of 4 games are stored" in err[0] and "run the same command again" in err[0]
