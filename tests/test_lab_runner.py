"""nekolib.lab on Dask: a LocalCluster on 127.0.0.1 plays exactly the serial games, and a
killed run resumes without replaying a finished game."""

from __future__ import annotations

import json

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
            exp, tmp_path, scheduler=cluster.scheduler_address, window=2,
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
