"""Neko Boss solved after placement: write nekolib/neko_boss/data/perfect_play.json.

    nice python tools/neko_boss_perfect_play.py                 # 200 random + 30 per agent
    python tools/neko_boss_perfect_play.py --random 20 --per-agent 3 --endgame 1   # a taste
    python tools/neko_boss_perfect_play.py --resolve --times-from rows.jsonl  # today's solver

``--resolve`` solves every stored row again with today's solver and replaces its positions,
seconds and best move (a changed value stops the run: the solver would be wrong). The random
rows can take their numbers from ``bench/bench_neko_boss.py --placements 200 --json
rows.jsonl`` instead (one fresh process per solve) with ``--times-from rows.jsonl``.

For the default game (2 players, 12 + 12 pieces on the 4 x 6 town, so the board is full
after placement) it solves, with the fast exact solver, the position after placement:

* ``random``: seeded uniformly random placements (``random_layout``),
* ``agents``: placements made by each shipped agent (``agents.AGENTS``) playing both seats,
* ``endgame``: positions with 2 to 6 placements left: the exact value of every placement
  option for the player placing (the rest of the placement played perfectly by both).

Values are for seat 0 (Red: places first and, the board being full, moves first): +1 win,
0 draw, -1 loss. Results already in the output file are kept (the run can be resumed).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from nekolib.neko_boss.agents import AGENTS
from nekolib.neko_boss.analysis import solve
from nekolib.neko_boss.rules import NekoBossState, Params, new_game, random_layout

OUT = Path(__file__).resolve().parent.parent / "nekolib" / "neko_boss" / "data"
OUT_FILE = OUT / "perfect_play.json"
ENDGAME_LEFT = (2, 3, 4, 5, 6)


def layout(state: NekoBossState) -> list[int | None]:
    """Owner per intersection (``None``: vacant)."""
    return [s[-1] if s else None for s in state.stacks]


def solved(state: NekoBossState) -> dict:
    """The exact value of a phase-2 position and how hard it was."""
    result = solve(state, engine="fast")
    move = result.best_move
    return {
        "layout": layout(state),
        "value": result.value,
        "best_move": None if move is None else state.action_to_string(move),
        "nodes": result.nodes,
        "seconds": round(result.seconds, 3),
    }


def agent_placement(name: str, seed: int) -> NekoBossState:
    """Both seats place with agent ``name`` (seeded), up to the start of phase 2."""
    agent = AGENTS[name]()
    rng = random.Random(f"perfect-play/{name}/{seed}")
    state = new_game(2)
    while state.phase == "placement":
        state = state.apply(agent.choose(state, rng))
    return state


def partial_placement(left: int, seed: int) -> NekoBossState:
    """A seeded random placement with ``left`` pieces still to place."""
    rng = random.Random(f"perfect-play/endgame/{left}/{seed}")
    state = new_game(2)
    while sum(state.in_hand) > left:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def placement_value(state: NekoBossState, memo: dict, counter: list[int]) -> int:
    """Seat 0's value with perfect play from a placement-phase position (minimax over the
    remaining placements; the finished placements are solved exactly, each once)."""
    if state.phase != "placement":
        key = tuple(layout(state))
        if key not in memo:
            result = solve(state, engine="fast")
            memo[key] = result.value
            counter[0] += 1
            counter[1] += result.nodes
            counter[2] += result.seconds
        return memo[key]
    values = [placement_value(state.apply(a), memo, counter) for a in state.legal_actions()]
    return max(values) if state.to_move == 0 else min(values)


def endgame(left: int, seed: int) -> dict:
    """Every placement option with ``left`` pieces to place, valued for the placer."""
    state = partial_placement(left, seed)
    memo: dict = {}
    counter = [0, 0, 0.0]  # placements solved, positions, seconds
    placer = state.to_move
    options = {}
    for action in state.legal_actions():
        v = placement_value(state.apply(action), memo, counter)
        options[state.board.labels[action.point]] = v if placer == 0 else -v
    best = max(options.values())
    return {
        "left": left,
        "seed": seed,
        "placer": placer,
        "layout": layout(state),
        "options": options,
        "best": sorted(p for p, v in options.items() if v == best),
        "value_for_placer": best,
        "placements_solved": counter[0],
        "nodes": counter[1],
        "seconds": round(counter[2], 3),
    }


def summary(rows: list[dict]) -> dict:
    values = [r["value"] for r in rows]
    return {
        "positions": len(values),
        "win": values.count(1),
        "draw": values.count(0),
        "loss": values.count(-1),
        "mean_seconds": round(sum(r["seconds"] for r in rows) / max(len(rows), 1), 3),
        "max_seconds": max((r["seconds"] for r in rows), default=0),
        "max_nodes": max((r["nodes"] for r in rows), default=0),
    }


def save(data: dict, path: Path) -> None:
    data["random"].sort(key=lambda r: r["seed"])
    for rows in data["agents"].values():
        rows.sort(key=lambda r: r["seed"])
    data["endgame"].sort(key=lambda e: (e["seed"], e["left"]))
    data["agents"] = {name: rows for name, rows in data["agents"].items() if rows}
    data["summary"] = {"random": summary(data["random"])}
    for name, rows in data["agents"].items():
        data["summary"][f"agent:{name}"] = summary(rows)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


Shard = tuple[int, int]
"""``(k, n)``: this process does the seeds ``i`` with ``i % n == k`` (run n of them at once)."""


def mine(seeds: range, done: set[int], shard: Shard) -> list[int]:
    k, n = shard
    return [i for i in seeds if i % n == k and i not in done]


def run_random(data: dict, count: int, out: Path, log, shard: Shard = (0, 1)) -> None:
    for i in mine(range(count), {r["seed"] for r in data["random"]}, shard):
        row = {"seed": i, **solved(random_layout(Params(), random.Random(f"perfect-play/{i}")))}
        data["random"].append(row)
        save(data, out)
        log(f"random {i}: {row['value']:+d} {row['nodes']} nodes {row['seconds']} s")


def run_agent(data: dict, name: str, count: int, out: Path, log, shard: Shard = (0, 1)) -> None:
    rows = data["agents"].setdefault(name, [])
    for i in mine(range(count), {r["seed"] for r in rows}, shard):
        rows.append({"seed": i, **solved(agent_placement(name, i))})
        save(data, out)
        log(f"{name} {i}: {rows[-1]['value']:+d} {rows[-1]['seconds']} s")


def run_endgames(data: dict, count: int, out: Path, log, shard: Shard = (0, 1)) -> None:
    done = {(e["left"], e["seed"]) for e in data["endgame"]}
    for seed in range(count):
        for left in ENDGAME_LEFT:
            if (left, seed) not in done and (seed * len(ENDGAME_LEFT) + left) % shard[1] == shard[
                0
            ]:
                data["endgame"].append(endgame(left, seed))
                save(data, out)
                log(f"endgame {left} left, seed {seed}: {data['endgame'][-1]['options']}")


def merge(data: dict, parts: list[dict]) -> None:
    """Add the rows of ``parts`` (outputs of shards) that ``data`` lacks."""
    for part in parts:
        seen = {r["seed"] for r in data["random"]}
        data["random"] += [r for r in part.get("random", []) if r["seed"] not in seen]
        for name, rows in part.get("agents", {}).items():
            mine_rows = data["agents"].setdefault(name, [])
            seen = {r["seed"] for r in mine_rows}
            mine_rows += [r for r in rows if r["seed"] not in seen]
        seen_e = {(e["left"], e["seed"]) for e in data["endgame"]}
        data["endgame"] += [
            e for e in part.get("endgame", []) if (e["left"], e["seed"]) not in seen_e
        ]


def replace(row: dict, new: dict, what: str) -> None:
    """Today's positions, seconds and best move for a stored row whose value must not change."""
    for key in ("value", "layout"):
        if key in new and new[key] != row[key]:
            raise SystemExit(f"{what}: {key} {new[key]!r} now, {row[key]!r} stored")
    row.update({key: new[key] for key in ("best_move", "nodes", "seconds")})


def read_times(path: Path | None) -> dict[int, dict]:
    """Rows of ``bench_neko_boss.py --json``, by seed (the last one of a seed counts)."""
    if path is None:
        return {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return {r["seed"]: {**r, "seconds": round(r["seconds"], 3)} for r in rows if "best_move" in r}


def resolve(data: dict, times: dict[int, dict], out: Path, log) -> None:
    """Every stored random, agent and endgame row solved again (see the module docstring)."""
    for row in data["random"]:
        i = row["seed"]
        new = times.get(i) or solved(random_layout(Params(), random.Random(f"perfect-play/{i}")))
        replace(row, new, f"random {i}")
    log(f"random: {len(data['random'])} rows ({len(times)} from the bench)")
    for name, rows in data["agents"].items():
        for row in rows:
            replace(row, solved(agent_placement(name, row["seed"])), f"{name} {row['seed']}")
            log(f"{name} {row['seed']}: {row['value']:+d} {row['seconds']} s")
    for k, old in enumerate(data["endgame"]):
        new = endgame(old["left"], old["seed"])
        if new["options"] != old["options"] or new["layout"] != old["layout"]:
            raise SystemExit(f"endgame {old['left']} left, seed {old['seed']}: options changed")
        data["endgame"][k] = new
        log(f"endgame {old['left']} left: {new['seconds']} s")
    save(data, out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--random", type=int, default=200, help="random placements")
    parser.add_argument("--per-agent", type=int, default=30, help="placements per agent")
    parser.add_argument("--endgame", type=int, default=2, help="positions per 2..6 left")
    parser.add_argument("--agents", default=",".join(AGENTS), help="comma-separated agent names")
    parser.add_argument("--out", type=Path, default=OUT_FILE)
    parser.add_argument("--shard", default="0/1", help="K/N: do every N-th seed from K")
    parser.add_argument("--merge", type=Path, nargs="*", help="merge these outputs into --out")
    parser.add_argument("--resolve", action="store_true", help="solve every stored row again")
    parser.add_argument("--times-from", type=Path, help="bench --json rows for --resolve")
    args = parser.parse_args(argv)
    if args.times_from is not None and not args.resolve:
        parser.error("--times-from only feeds --resolve: add --resolve")
    if args.times_from is not None and not args.times_from.is_file():
        parser.error(f"--times-from {args.times_from}: no such file (bench_neko_boss.py --json)")
    data = {"random": [], "agents": {}, "endgame": []}
    if args.out.exists():
        data.update(json.loads(args.out.read_text(encoding="utf-8")))
    if args.merge:
        merge(data, [json.loads(p.read_text(encoding="utf-8")) for p in args.merge])
        save(data, args.out)
        return 0
    k, n = (int(x) for x in args.shard.split("/"))
    data["about"] = (
        "Neko Boss, default game (2 players, 12 + 12 pieces, town_4x6): exact value for seat 0 "
        "(Red, first to place and to move) after placement; +1 win, 0 draw, -1 loss. "
        "Written by tools/neko_boss_perfect_play.py."
    )
    t0 = time.perf_counter()

    def log(text: str) -> None:
        print(f"[{time.perf_counter() - t0:7.0f}s] {text}", flush=True)

    if args.resolve:
        resolve(data, read_times(args.times_from), args.out, log)
        return 0

    stages = [(min(50, args.random), min(10, args.per_agent), min(1, args.endgame))]
    stages.append((args.random, args.per_agent, args.endgame))  # a first look at everything
    for randoms, per_agent, endgames in stages:
        run_random(data, randoms, args.out, log, (k, n))
        for name in args.agents.split(","):
            run_agent(data, name, per_agent, args.out, log, (k, n))
        run_endgames(data, endgames, args.out, log, (k, n))
    save(data, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
