"""Neko Boss benchmarks: solver vs plain minimax, solve times, reachability, playthroughs.

    python bench/bench_neko_boss.py          # about ten minutes (the reference's time caps)
    python bench/bench_neko_boss.py --quick  # under a minute
    python bench/bench_neko_boss.py --solvers  # only fast vs reference, 16..24 stacks
    python bench/bench_neko_boss.py --solvers --sizes 22,24  # only these stack counts
    python bench/bench_neko_boss.py --placements 200 --today 53,165,0  # the stored placements
    python bench/bench_neko_boss.py --placements 200 --json rows.jsonl  # + a JSON line a solve
    python bench/bench_neko_boss.py --placements 200 --prefix nb29-heldout --today 0,5,10
    python bench/bench_neko_boss.py --tuning --today all  # issue 29's tuning set, one thread

``--placements N`` solves the first N stored random placements of
``nekolib/neko_boss/data/perfect_play.json`` (the full 24-stack board after placement) with
the fast solver, each in a fresh process (time, positions, peak memory), and the seeds given
to ``--today`` also with the solver as it was at commit :data:`TODAY` (extracted from git
into a temporary package), side by side in the same run; a table with min/median/max and
the machine's load average at the start and the end. ``--seeds 53,90`` picks placements.

The first section puts the fast (compiled) solver and the pure-Python reference side by
side on the default board with 16, 18, 20, 22 and 24 single pieces (seeded placements):
time, positions visited and peak memory (max RSS of a fresh subprocess per solve, so one
solve's table does not count for the next). The reference gets a time cap per position.

Reports node visits and time ratio of :func:`solve` (alpha-beta + transposition
table + symmetry folding) against :func:`minimax_plain` (the independent check),
the worst solve time for positions with at most 12 stacks on the default board,
reachable-state counts and random-playthrough throughput.
"""

from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nekolib.core import RandomAgent, play_out
from nekolib.neko_boss.analysis import maxn, minimax_plain, paranoid, reachable, solve
from nekolib.neko_boss.boards import THREE_SQUARES, grid_board
from nekolib.neko_boss.rules import NekoBossState, Params, new_game, random_layout


def twelve_stack_positions(count: int, seed: int = 0) -> list[NekoBossState]:
    """Default board, 2 players: half spread singletons (6 each), half mid-game (random play
    from a full placement until 12 stacks are left)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        if i % 2 == 0:
            out.append(random_layout(Params(pieces_per_player=6), rng))
        else:
            state = random_layout(Params(), rng)
            while sum(1 for s in state.stacks if s) > 12 and not state.is_terminal():
                state = state.apply(rng.choice(state.legal_actions()))
            out.append(state)
    return out


def compare(label: str, states: list[NekoBossState]) -> None:
    nodes_fast = nodes_plain = 0
    t_fast = t_plain = 0.0
    worst = float("inf")
    for state in states:
        fast, plain = solve(state, engine="reference"), minimax_plain(state)
        assert fast.value == plain.value, "solver and plain minimax disagree"
        nodes_fast += fast.nodes
        nodes_plain += plain.nodes
        t_fast += fast.seconds
        t_plain += plain.seconds
        worst = min(worst, plain.nodes / fast.nodes)
    print(
        f"{label:34} {len(states):3} pos  nodes {nodes_plain:>9} / {nodes_fast:>7} = "
        f"{nodes_plain / nodes_fast:6.1f}x (worst {worst:5.1f}x)  time "
        f"{t_plain:7.2f}s / {t_fast:5.2f}s = {t_plain / max(t_fast, 1e-9):6.1f}x"
    )


def solve_times(label: str, states: list[NekoBossState]) -> None:
    times = [solve(s).seconds for s in states]
    mean = sum(times) / len(times)
    print(f"{label:34} {len(states):3} pos  worst {max(times):.3f}s  mean {mean:.4f}s")


def reach_line(label: str, state: NekoBossState) -> None:
    r = reachable(state)
    print(
        f"{label:34} positions {r.positions:>8}  (with out-set {r.positions_with_out:>8}, "
        f"up to symmetry {r.symmetry_classes:>8})  boards {r.boards:>8}  ends {r.terminal:>7}  "
        f"tallest {r.tallest}  4+ points {len(r.tall_points)}  {r.seconds:.2f}s"
    )


def one_solve(engine: str, stacks: int, seed: int) -> None:
    """Child process: solve one position, print time, nodes and this process's peak memory."""
    state = random_layout(Params(pieces_per_player=stacks // 2), random.Random(seed))
    if engine == "fast":
        from nekolib.neko_boss.solver import warm_up

        warm_up()  # compiled code loaded from numba's cache before the clock starts
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = solve(state, engine=engine)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        json.dumps(
            {
                "value": result.value,
                "seconds": result.seconds,
                "nodes": result.nodes,
                "peak_mb": peak / 1024,
                "grew_mb": (peak - base) / 1024,
            }
        )
    )


TODAY = "d01ff7a"
"""The commit of the solver to compare with: the solver before issue 29 (bit masks, ordering by
``my moves - 2 x the opponent's replies``, two threads, 64 MiB table). Earlier: 552b5fb (before
the bit masks), fe8f2b4 (before issue 24, one thread and a 512 MiB table)."""

STORED_PREFIX = "perfect-play"
"""Placement ``seed`` of a prefix is ``random_layout(Params(), random.Random(f"{prefix}/{seed}"))``;
this prefix's seeds 0-199 are the stored ones (``data/perfect_play.json``)."""
TUNING_PREFIX = "nb29-tuning"
"""Fresh placements the issue-29 solver was tuned on (seeds 0-59 searched with a cap)."""
HELDOUT_PREFIX = "nb29-heldout"
"""Fresh placements never looked at while tuning: the issue-29 held-out bench (seeds 0-199)."""
TUNING_SEEDS = (26, 13, 5, 19, 33, 16, 25, 2, 32, 39)
"""The hardest of :data:`TUNING_PREFIX` seeds 0-59 (most positions with one thread)."""


def placement(prefix: str, seed: int) -> NekoBossState:
    """Random placement ``seed`` of a seed prefix (see :data:`STORED_PREFIX`)."""
    return random_layout(Params(), random.Random(f"{prefix}/{seed}"))


ROOT = Path(__file__).resolve().parent.parent


def today_solver(where: Path):
    """The fast solver as it was at commit :data:`TODAY`, as the package ``boss_today``
    under ``where`` (its kernel compiled into numba's cache there on first use)."""
    pkg = where / "boss_today"
    if not pkg.exists():
        pkg.mkdir(parents=True)
        (pkg / "__init__.py").write_text("", encoding="utf-8")
        for name in ("solver.py", "solver_kernel.py"):
            text = subprocess.run(
                ["git", "-C", str(ROOT), "show", f"{TODAY}:nekolib/neko_boss/{name}"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            text = text.replace("nekolib.neko_boss.solver_kernel", "boss_today.solver_kernel")
            (pkg / name).write_text(text, encoding="utf-8")
    sys.path.insert(0, str(where))
    import boss_today.solver

    return boss_today.solver


def one_placement(engine: str, seed: int, where: str, prefix: str, threads: int) -> None:
    """Child process: solve random placement ``seed`` of ``prefix`` with the fast solver
    (``new``) or today's (``today``), on ``threads`` threads (0: the solver's default); print
    value, time, CPU time, positions and peak memory as JSON."""
    state = placement(prefix, seed)
    if engine == "today":
        fast = today_solver(Path(where))
    else:
        from nekolib.neko_boss import solver as fast
    fast.warm_up()  # compiled code loaded from numba's cache before the clock starts
    cpu = time.process_time()
    result = fast.solve_fast(state, threads=threads or None)
    cpu = time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    row = {"value": result.value, "seconds": result.seconds, "cpu": cpu, "nodes": result.nodes}
    row["best_move"] = state.action_to_string(result.best_move)
    print(json.dumps({**row, "peak_mb": peak / 1024}))


def placements_table(
    count: int,
    seeds: list[int],
    today: set[int],
    rows_out: Path | None = None,
    prefix: str = STORED_PREFIX,
    threads: int = 0,
) -> None:
    """Random placements of a seed prefix, fast solver (and today's on ``today``), side by
    side. The stored prefix's values are checked against ``data/perfect_play.json``; on a
    fresh prefix the two solvers must agree where both ran. ``rows_out``: also append each
    row there as a JSON line (engine, prefix, seed, value, best move, seconds, CPU seconds,
    positions, peak MB), for ``tools/neko_boss_perfect_play.py --resolve --times-from``.
    ``threads``: threads per solve (0: the solver's default)."""
    from nekolib.neko_boss.solved import perfect_play

    stored = (
        {r["seed"]: r["value"] for r in perfect_play()["random"]} if prefix == STORED_PREFIX else {}
    )
    seeds = seeds or list(range(count))
    where = tempfile.mkdtemp(prefix="boss_today_")
    load0 = os.getloadavg()
    print(
        f"== placements {prefix}/0..: {len(seeds)} positions (24 stacks), today = commit "
        f"{TODAY}, threads {threads or 'default'}"
    )
    loads = " ".join(f"{x:.2f}" for x in load0)
    print(f"load average at the start: {loads} ({os.cpu_count()} cores)")
    print(
        f"{'seed':>4} {'value':>5} | {'new: time':>9} {'cpu':>7} {'nodes':>12} {'MB':>5} | "
        f"{'today: time':>11} {'cpu':>7} {'nodes':>12} {'MB':>5}"
    )
    rows: dict[str, list[dict]] = {"new": [], "today": []}
    for seed in seeds:
        line = ""
        for engine in ("new", "today") if seed in today else ("new",):
            cmd = [sys.executable, __file__, "--one-placement", engine, str(seed), where]
            cmd += [prefix, str(threads)]
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            got = {"seed": seed, **json.loads(out.strip().splitlines()[-1])}
            stored.setdefault(seed, got["value"])
            assert got["value"] == stored[seed], f"seed {seed}: {engine} disagrees"
            rows[engine].append(got)
            got = {"engine": engine, "prefix": prefix, **got}
            if rows_out is not None:
                with rows_out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(got) + "\n")
            line += (
                f" | {got['seconds']:8.1f}s {got['cpu']:6.1f}s {got['nodes']:>12,} "
                f"{got['peak_mb']:>5.0f}"
            )
        print(f"{seed:>4} {stored[seed]:>+5d}{line}", flush=True)
    load1 = os.getloadavg()
    print(f"load average at the end: {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    for engine, got in rows.items():
        if not got:
            continue
        print(f"-- {engine} ({len(got)} positions)")
        for key, unit in (("seconds", "s"), ("cpu", "s"), ("nodes", ""), ("peak_mb", " MB")):
            xs = [g[key] for g in got]
            fmt = ",.0f" if key == "nodes" else ".1f"
            print(
                f"   {key:8} min {min(xs):{fmt}}{unit}  median {statistics.median(xs):{fmt}}{unit}"
                f"  max {max(xs):{fmt}}{unit}"
            )
        for bar in (30, 60):
            over = [g["seed"] for g in got if g["seconds"] > bar]
            print(f"   over {bar} s: {len(over)} {over}")


def run_one(engine: str, stacks: int, seed: int, cap: float) -> dict | None:
    """:func:`one_solve` in a fresh interpreter; ``None`` if it takes longer than ``cap``."""
    cmd = [sys.executable, __file__, "--one", engine, str(stacks), str(seed)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=cap, check=True)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def solver_table(sizes: tuple[int, ...], seeds: tuple[int, ...], cap: float) -> None:
    """Fast vs reference, side by side, one row per position."""
    print(
        f"== fast solver vs reference, default board, single pieces (reference capped {cap:.0f} s)"
    )
    print(
        f"{'stacks':>6} {'seed':>4} | {'fast: time':>11} {'nodes':>11} {'peak MB':>8} | "
        f"{'reference: time':>16} {'nodes':>10} {'peak MB':>8} | value"
    )
    for stacks in sizes:
        for seed in seeds:
            fast = run_one("fast", stacks, seed, 3600)
            ref = run_one("reference", stacks, seed, cap)
            left = f"{fast['seconds']:10.2f}s {fast['nodes']:>11,} {fast['peak_mb']:>8.0f}"
            if ref is None:
                right = f"{'not solved in ' + format(cap, '.0f') + ' s':>36}"
            else:
                assert ref["value"] == fast["value"], "fast and reference solvers disagree"
                right = f"{ref['seconds']:15.2f}s {ref['nodes']:>10,} {ref['peak_mb']:>8.0f}"
            print(f"{stacks:>6} {seed:>4} | {left} | {right} | {fast['value']:+d}", flush=True)


def main(quick: bool = False, solvers_only: bool = False, sizes: tuple[int, ...] = ()) -> int:
    if quick:
        solver_table(sizes or (16, 18), (0,), 20.0)
    else:
        solver_table(sizes or (16, 18, 20, 22, 24), (0, 1), 120.0)
    if solvers_only:
        return 0
    print()
    k = 3 if quick else 10
    print("== solver (alpha-beta + table + symmetry) vs plain minimax: visits and time")
    compare("default board, 12 stacks", twelve_stack_positions(k))
    compare(
        "three squares, 12 stacks",
        [
            random_layout(Params(board=THREE_SQUARES, pieces_per_player=6), random.Random(s))
            for s in range(k)
        ],
    )
    compare(
        "2x5 grid, full",
        [
            random_layout(Params(board=grid_board(2, 5)), random.Random(s))
            for s in range(k // 2 + 1)
        ],
    )
    if not quick:
        compare("3x4 grid, full", [random_layout(Params(board=grid_board(3, 4)), random.Random(0))])

    print("\n== solve times (goal: every position with <= 12 stacks on the default board < 1 s)")
    solve_times("default board, <= 12 stacks", twelve_stack_positions(20 if quick else 200, 1))
    if not quick:
        solve_times(
            "default board, 14 stacks",
            [random_layout(Params(pieces_per_player=7), random.Random(s)) for s in range(10)],
        )
        solve_times(
            "default board, 16 stacks",
            [random_layout(Params(pieces_per_player=8), random.Random(s)) for s in range(3)],
        )

    print("\n== reachability (distinct state keys reachable from a position)")
    reach_line(
        "3x3 grid, full, 2p", random_layout(Params(board=grid_board(3, 3)), random.Random(0))
    )
    reach_line(
        "3x4 grid, full, 2p", random_layout(Params(board=grid_board(3, 4)), random.Random(0))
    )
    reach_line(
        "default board, 12 singles, 2p",
        random_layout(Params(pieces_per_player=6), random.Random(0)),
    )
    reach_line(
        "default board, 12 singles, 3p",
        random_layout(Params(num_players=3, pieces_per_player=4), random.Random(0)),
    )
    reach_line(
        "default board, 12 singles, 4p",
        random_layout(Params(num_players=4, pieces_per_player=3), random.Random(0)),
    )
    if not quick:
        reach_line(
            "default board, 14 singles, 2p",
            random_layout(Params(pieces_per_player=7), random.Random(0)),
        )

    print("\n== 3-4 players on small boards (paranoid for seat 0, max-n)")
    for n, board in ((3, grid_board(3, 3)), (4, grid_board(2, 4)), (3, grid_board(3, 4))):
        state = random_layout(Params(num_players=n, board=board), random.Random(0))
        t0 = time.perf_counter()
        par = paranoid(state, 0)
        t1 = time.perf_counter()
        mn = maxn(state)
        t2 = time.perf_counter()
        print(
            f"{n}p {board.name:12} paranoid(seat 0) = {par} ({t1 - t0:.2f}s)  "
            f"max-n = {tuple(str(v) for v in mn)} ({t2 - t1:.2f}s)"
        )

    print("\n== random playthroughs (default board)")
    games = 1000 if quick else 10_000
    for n in (2, 3, 4):
        t0 = time.perf_counter()
        for seed in range(games):
            play_out(new_game(n), RandomAgent(), random.Random(seed))
        print(f"{n} players: {games} games in {time.perf_counter() - t0:.1f}s")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        one_solve(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
        sys.exit(0)
    if sys.argv[1:2] == ["--one-placement"]:
        one_placement(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], int(sys.argv[6]))
        sys.exit(0)
    # --sizes 22,24: only these stack counts in the fast-vs-reference table
    args = sys.argv[1:]
    sizes = (
        tuple(int(x) for x in args[args.index("--sizes") + 1].split(","))
        if "--sizes" in args
        else ()
    )
    if "--placements" in args or "--seeds" in args or "--tuning" in args:

        def ints(flag: str) -> list[int]:
            return [int(x) for x in args[args.index(flag) + 1].split(",")] if flag in args else []

        count = int(args[args.index("--placements") + 1]) if "--placements" in args else 200
        rows_out = Path(args[args.index("--json") + 1]) if "--json" in args else None
        prefix = args[args.index("--prefix") + 1] if "--prefix" in args else STORED_PREFIX
        threads = int(args[args.index("--threads") + 1]) if "--threads" in args else 0
        seeds = ints("--seeds")
        if "--tuning" in args:  # the tuning set, one thread: CPU time and positions compare
            prefix, seeds, threads = TUNING_PREFIX, list(TUNING_SEEDS), 1
        everywhere = args[args.index("--today") + 1] == "all" if "--today" in args else False
        today = set(seeds or range(count)) if everywhere else set(ints("--today"))
        placements_table(count, seeds, today, rows_out, prefix, threads)
        sys.exit(0)
    sys.exit(main("--quick" in args, "--solvers" in args, sizes))
