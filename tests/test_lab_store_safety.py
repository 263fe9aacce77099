"""Results that cannot be lost: a damaged header is refused (the file left byte for byte),
``lab verify`` finds an edited row, a full disk or a read-only file ends in one line and a
resume completes, sweeps interleave their values, appends are synced in groups."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from nekolib.__main__ import main
from nekolib.lab import parse_experiment, run_serial
from nekolib.lab import store as store_module
from nekolib.lab.store import DamagedStoreError

SMALL = {
    "name": "small",
    "game": "neko_boss",
    "players": 2,
    "games": 30,
    "seed": 4,
    "seats": ["greedy"],
    "sweep": {"board": ["grid_2x3", "line_5"]},
}


def _toml(tmp_path: Path, games: int = 30) -> Path:
    path = tmp_path / "small.toml"
    path.write_text(
        'game = "neko_boss"\nplayers = 2\nseed = 4\nseats = ["greedy"]\n'
        f'games = {games}\n[sweep]\nboard = ["grid_2x3", "line_5"]\n',
        encoding="utf-8",
    )
    return path


def _stored(tmp_path: Path, games: int = 30) -> Path:
    run_serial(parse_experiment({**SMALL, "games": games}), tmp_path / "r")
    return tmp_path / "r" / "small.jsonl"


@pytest.mark.parametrize("damage", ["cut", "edited", "not json"])
def test_a_damaged_header_is_refused_and_the_file_left_byte_for_byte(tmp_path, capsys, damage):
    path = _stored(tmp_path, games=3)
    lines = path.read_bytes().split(b"\n", 1)
    if damage == "cut":  # the header line lost its end and ran into the first row
        data = lines[0][:-40] + lines[1]
    elif damage == "edited":  # another seed, fingerprint left: read as new before
        data = lines[0].replace(b'"seed": 4', b'"seed": 5') + b"\n" + lines[1]
    else:
        data = b"garbage\n" + lines[1]
    path.write_bytes(data)
    code = main(["lab", "run", str(_toml(tmp_path, 3)), "--serial", "--quiet",
                 "--out", str(path.parent)])  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert code == 2 and path.read_bytes() == data
    assert len(err.splitlines()) == 1 and "not a valid nekolib lab results file" in err
    with pytest.raises(DamagedStoreError):
        run_serial(parse_experiment({**SMALL, "games": 3}), path.parent)
    assert path.read_bytes() == data


def test_verify_finds_an_edited_row_and_passes_the_true_file(tmp_path, capsys):
    path = _stored(tmp_path, games=6)
    assert main(["lab", "verify", str(path)]) == 0
    assert "replayed 12 of 12 stored games; 0 differ" in capsys.readouterr().out
    lines = path.read_text(encoding="utf-8").splitlines()
    row = json.loads(lines[3])  # a decisive game edited into the other (valid) outcome
    row["winners"] = [1 - row["winners"][0]] if len(row["winners"]) == 1 else [0]
    row["returns"] = [float(s in row["winners"]) for s in range(2)]
    lines[3] = json.dumps(row)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["lab", "verify", str(path)]) == 4
    out = capsys.readouterr().out
    assert f"game {row['index']} (line 4): winners stored {row['winners']!r}" in out
    assert "1 differ" in out and out.rstrip().endswith("DIFFERS")


@pytest.fixture
def tiny_disk(tmp_path):
    """A 12 KiB tmpfs (three pages: the run lock and two of results), unmounted after."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=12k", "tmpfs", str(mnt)],
                          capture_output=True)  # fmt: skip
    if done.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_a_full_disk_ends_in_one_line_and_a_resume_completes(tmp_path, tiny_disk, capsys):
    toml = _toml(tmp_path)
    args = ["lab", "run", str(toml), "--serial", "--quiet", "--out", str(tiny_disk)]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert "No space left on device (ENOSPC)" in err and "run the same command to resume" in err
    held = int(err.split("it holds ")[1].split(" of 60")[0])
    assert 5 < held < 60
    path = tiny_disk / "small.jsonl"
    assert main(["lab", "verify", str(path)]) == 0  # every stored game is whole and true
    capsys.readouterr()
    subprocess.run(["mount", "-o", "remount,size=1m", str(tiny_disk)], check=True)
    assert main(args) == 0
    resumed = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()[1:]]
    fresh = run_serial(parse_experiment({**SMALL, "name": "small"}), tmp_path / "fresh")

    def strip(rows):
        return sorted(
            ({k: v for k, v in r.items() if k != "seconds"} for r in rows), key=lambda r: r["index"]
        )

    assert strip(resumed) == strip(fresh)


def test_a_read_only_file_system_ends_in_one_line(tmp_path, tiny_disk, capsys):
    toml = _toml(tmp_path, 2)
    args = ["lab", "run", str(toml), "--serial", "--quiet", "--out", str(tiny_disk)]
    subprocess.run(["mount", "-o", "remount,ro", str(tiny_disk)], check=True)
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Read-only file system (EROFS)" in err
    assert "nothing was played or written" in err


def test_a_stopped_sweep_holds_games_of_every_value(tmp_path):
    exp = parse_experiment(SMALL)
    seen = []

    def stop(rows):
        seen.extend(rows)
        if len(seen) == 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_serial(exp, tmp_path, on_rows=stop)
    stored = [json.loads(x) for x in (tmp_path / "small.jsonl").read_text().splitlines()[1:]]
    assert [r["index"] for r in stored] == [0, 30, 1, 31]
    assert {r["point"]["board"] for r in stored} == {"grid_2x3", "line_5"}


def test_appends_are_synced_in_groups_not_per_game(tmp_path, monkeypatch):
    calls = []
    real = os.fsync
    monkeypatch.setattr(store_module.os, "fsync", lambda fd: calls.append(fd) or real(fd))
    run_serial(parse_experiment({**SMALL, "games": 40}), tmp_path)
    assert 1 <= len(calls) <= 6  # 80 games: the first write, a sync a second, the last
