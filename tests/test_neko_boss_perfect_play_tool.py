"""tools/neko_boss_perfect_play.py --resolve: stored rows solved again, values guarded."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

from nekolib.neko_boss import solver
from nekolib.neko_boss.rules import Params, random_layout

pytestmark = pytest.mark.skipif(not solver.available(), reason="numba (nekolib[solver]) missing")

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location(
    "neko_boss_perfect_play", ROOT / "tools" / "neko_boss_perfect_play.py"
)
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)

SEED = 18
"""A stored placement the solver settles in about 5 M positions (a second or two)."""


def _stored(value: int | None = None) -> dict:
    state = random_layout(Params(), random.Random(f"perfect-play/{SEED}"))
    row = {"seed": SEED, "layout": tool.layout(state), "value": 1, "best_move": "a1→a2"}
    row.update(nodes=1, seconds=999.0)
    if value is not None:
        row["value"] = value
    return {"random": [row], "agents": {}, "endgame": []}


def test_resolve_replaces_positions_seconds_and_move_and_keeps_the_value(tmp_path):
    out = tmp_path / "pp.json"
    out.write_text(json.dumps(_stored()), encoding="utf-8")
    assert tool.main(["--resolve", "--out", str(out)]) == 0
    (row,) = json.loads(out.read_text(encoding="utf-8"))["random"]
    again = tool.solved(random_layout(Params(), random.Random(f"perfect-play/{SEED}")))
    assert row["value"] == again["value"] == 1
    assert row["best_move"] == again["best_move"] != "a1→a2"  # not a matter of thread timing
    assert row["nodes"] > 1_000_000 and 0 < row["seconds"] < 999  # (counts vary with 2 threads)


def test_resolve_takes_the_bench_rows_when_given(tmp_path):
    out, times = tmp_path / "pp.json", tmp_path / "rows.jsonl"
    out.write_text(json.dumps(_stored()), encoding="utf-8")
    bench = {"seed": SEED, "value": 1, "best_move": "b1→b2", "nodes": 7, "seconds": 1.23456}
    times.write_text(json.dumps(bench) + "\n", encoding="utf-8")
    assert tool.main(["--resolve", "--out", str(out), "--times-from", str(times)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    (row,) = data["random"]
    assert (row["best_move"], row["nodes"], row["seconds"]) == ("b1→b2", 7, 1.235)
    assert data["summary"]["random"]["max_seconds"] == 1.235


def test_resolve_refuses_a_changed_value(tmp_path):
    out = tmp_path / "pp.json"
    out.write_text(json.dumps(_stored(value=-1)), encoding="utf-8")
    with pytest.raises(SystemExit, match="random 18: value 1 now, -1 stored"):
        tool.main(["--resolve", "--out", str(out)])
    assert json.loads(out.read_text(encoding="utf-8"))["random"][0]["value"] == -1


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--resolve", "--times-from", "missing.jsonl"], "missing.jsonl: no such file"),
        (["--times-from", "rows.jsonl"], "only feeds --resolve"),
    ],
)
def test_times_from_misuse_is_a_usage_error_that_names_the_fix(tmp_path, capsys, extra, says):
    (tmp_path / "rows.jsonl").write_text("", encoding="utf-8")
    out = tmp_path / "pp.json"
    args = [a if not a.endswith(".jsonl") else str(tmp_path / a) for a in extra]
    with pytest.raises(SystemExit) as stop:
        tool.main([*args, "--out", str(out)])
    assert stop.value.code == 2 and says in capsys.readouterr().err
    assert not out.exists()  # nothing written
