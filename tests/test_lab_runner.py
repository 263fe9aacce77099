"""nekolib.lab on Dask: a LocalCluster on 127.0.0.1 plays exactly the serial games, and a
killed run resumes without replaying a finished game."""

from __future__ import annotations

import json

import pytest

from nekolib.__main__ import main
from nekolib.core import NekoError
from nekolib.lab import Store, parse_experiment, results_path, run, run_serial

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
