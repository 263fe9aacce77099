"""The first exact Neko Boss solve in a fresh process: numba's compile, cold and warm cache.

    python bench/bench_neko_boss_first_solve.py            # all four sections, 4-8 minutes
    python bench/bench_neko_boss_first_solve.py --seed 4   # another full-board placement
    python bench/bench_neko_boss_first_solve.py --skip cold-warm,read-only,cold-hint
    python bench/bench_neko_boss_first_solve.py --hint-seeds 3801,3802 --skip ...

Every measurement is a fresh Python process (``--child``), side by side in one run:

1. **cold and warm cache**: ``analysis.solve()`` of a full 24-stack board (the random
   placement ``random_layout(Params(), Random(seed))``) with an empty numba cache
   (``NUMBA_CACHE_DIR`` in a new temporary folder), then again in a new process that finds
   the cache; each process also solves the position a second time (no compile at all).
2. **read-only install**: the package copied to a temporary folder mounted read-only (as root:
   a bind mount in a private mount namespace, ``unshare -m``; else ``chmod -R a-w``), with a
   fresh ``HOME`` and no ``NUMBA_CACHE_DIR``: where numba puts its cache, a cold and a warm
   process, and that nothing was written into the package.
3. **the widget's first exact hint, warm cache** (issue 38's bound: "no slower than a warm
   solve plus 2 s"), on each of ``--hint-seeds`` (full boards no run had used before this
   bench): ``play(random_setup=True, seed=...)`` opens a board at the start of phase 2 (its
   warm-up thread starts loading the compiled solver) and ``hint()`` is asked at once. Timed
   from ``hint()``: the first exact hint (the move and its exact value, shown "still
   searching" while the best alternative is searched) and the full hint (with the best
   alternative and the principal line); then, in the same process, a ``solve()`` of the same
   position (everything loaded: the warm solve), and whether it gives the hint's move and value,
   and the same solve again (how far two warm solves differ: load, the two threads' races).
4. **cold cache** (on ``--seed``): the same, with an empty numba cache, the hint asked at once
   or after the warm-up is done (a player's thinking time).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


# --------------------------------------------------------------------------- children
def child_solve(seed: int) -> dict:
    t0 = time.perf_counter()
    import random

    from nekolib.neko_boss.analysis import solve
    from nekolib.neko_boss.rules import Params, random_layout

    t1, c1 = time.perf_counter(), time.process_time()
    state = random_layout(Params(), random.Random(seed))
    first = solve(state)
    t2, c2 = time.perf_counter(), time.process_time()
    second = solve(state)
    t3, c3 = time.perf_counter(), time.process_time()
    assert (first.value, first.best_move) == (second.value, second.best_move)
    return {
        "import_s": t1 - t0,
        "first_s": t2 - t1,
        "second_s": t3 - t2,
        "first_cpu": c2 - c1,
        "second_cpu": c3 - c2,
        "value": first.value,
        "nodes": first.nodes,
    }


def child_hint(seed: int, wait: str) -> dict:
    """A fresh process: a board opens, Hint (at once or after the warm-up), then a warm solve
    of the same position. Seconds wall and CPU (of the process, all threads) from ``hint()``."""
    from nekolib.neko_boss.analysis import solve
    from nekolib.neko_boss.widget import play

    t0 = time.perf_counter()
    w = play(random_setup=True, seed=seed)
    opened = time.perf_counter() - t0
    warm = None
    if wait == "warm-up":  # the player thinks until the compile is done
        t1 = time.perf_counter()
        w.warm_up_thread.join()
        warm = time.perf_counter() - t1
    exact: list[tuple[float, float, str]] = []
    t0, c0 = time.perf_counter(), time.process_time()

    def shown(_change) -> None:  # runs in the thread that shows it (the hint's)
        if not exact and "with best play" in w.hint_text:
            exact.append((time.perf_counter() - t0, time.process_time() - c0, w.hint_text))

    w.status.observe(shown, "value")
    w.hint()
    searched = w.hint_thread is not None  # not answered from a book
    w.wait_hint()
    full_s, full_cpu = time.perf_counter() - t0, time.process_time() - c0
    ok = searched and not w.hint_partial and "with best play" in w.hint_text
    t3, c3 = time.perf_counter(), time.process_time()
    result = solve(w.state)
    solve_s, solve_cpu = time.perf_counter() - t3, time.process_time() - c3
    t4, c4 = time.perf_counter(), time.process_time()
    again = solve(w.state)  # how much two warm solves differ (load, the threads' races)
    again_s, again_cpu = time.perf_counter() - t4, time.process_time() - c4
    exact_s, exact_cpu, text = exact[0] if exact else (float("nan"), float("nan"), "")
    me = w.state.current_player()
    verdict = {1: "you win", 0: "a draw", -1: "you lose"}[
        result.value if me == 0 else -result.value
    ]
    return {
        "open_s": opened,
        "warm_up_wait_s": warm,
        "exact_s": exact_s,
        "exact_cpu": exact_cpu,
        "full_s": full_s,
        "full_cpu": full_cpu,
        "solve_s": solve_s,
        "solve_cpu": solve_cpu,
        "again_s": again_s,
        "again_cpu": again_cpu,
        "nodes": result.nodes,
        "exact": ok and "still searching" in text,
        "same": w.hinted == result.best_move == again.best_move
        and f"with best play {verdict} " in text,
        "verdict": verdict,
    }


# --------------------------------------------------------------------------- parent
def run_child(args: list[str], env: dict, wrap: list[str] | None = None) -> dict:
    cmd = [sys.executable, __file__, "--child", *args]
    if wrap:
        cmd = [*wrap, *cmd]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"child {args} failed:\n{out.stderr[-3000:]}")
    got = json.loads(out.stdout.strip().splitlines()[-1])
    got["process_s"] = time.perf_counter() - t0
    return got


def base_env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = str(ROOT)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.update(extra)
    return env


def cold_and_warm(seed: int, tmp: Path) -> None:
    cache = tmp / "numba-cache"
    env = base_env(NUMBA_CACHE_DIR=str(cache))
    rows = [("cold cache", run_child(["solve", str(seed)], env))]
    rows.append(("warm cache", run_child(["solve", str(seed)], env)))
    rows.append(("warm cache, again", run_child(["solve", str(seed)], env)))
    print(f"\n1. first solve() of full board {seed} in a fresh process (NUMBA_CACHE_DIR={cache})")
    print(f"{'':18} {'process':>8} {'import':>7} {'1st solve':>16} {'2nd solve':>16}  value")
    for label, r in rows:
        print(
            f"{label:18} {r['process_s']:7.1f}s {r['import_s']:6.2f}s "
            f"{r['first_s']:6.2f}s ({r['first_cpu']:5.1f} CPU) "
            f"{r['second_s']:6.2f}s ({r['second_cpu']:5.1f} CPU)  {r['value']:+d}"
        )
    cold, warm = rows[0][1], rows[1][1]
    print(
        f"compile paid by the cold first solve: {cold['first_s'] - cold['second_s']:.1f} s "
        f"({cold['first_cpu'] - cold['second_cpu']:.1f} s CPU); cache load paid by the warm "
        f"one: {warm['first_s'] - warm['second_s']:.1f} s "
        f"({warm['first_cpu'] - warm['second_cpu']:.1f} s CPU); positions {cold['nodes']:,}"
    )


def read_only(seed: int, tmp: Path) -> None:
    site, home = tmp / "site", tmp / "home"
    shutil.copytree(
        ROOT / "nekolib", site / "nekolib", ignore=shutil.ignore_patterns("__pycache__")
    )
    home.mkdir()
    env = base_env(HOME=str(home))
    env["PYTHONPATH"] = str(site)
    env.pop("XDG_CACHE_HOME", None)
    if os.geteuid() == 0 and shutil.which("unshare"):
        how = "a read-only bind mount (unshare -m)"
        script = f'mount --bind "{site}" "{site}" && mount -o remount,ro,bind "{site}" "{site}"'
        wrap = ["unshare", "-m", "sh", "-c", f'{script} && exec "$0" "$@"']
    else:
        how = "chmod -R a-w"
        subprocess.run(["chmod", "-R", "a-w", str(site)], check=True)
        wrap = None
    before = sorted(p for p in site.rglob("*"))
    cold = run_child(["solve", str(seed)], env, wrap)
    warm = run_child(["solve", str(seed)], env, wrap)
    written = sorted(p for p in site.rglob("*")) != before
    cached = sorted({str(p.parent.relative_to(home)) for p in home.rglob("*.nbi")})
    print(f"\n2. read-only install ({how}), HOME={home}, no NUMBA_CACHE_DIR")
    print(f"   cold: first solve {cold['first_s']:.2f} s (second {cold['second_s']:.2f} s)")
    print(f"   warm: first solve {warm['first_s']:.2f} s (second {warm['second_s']:.2f} s)")
    print(f"   numba's cache went to HOME/{', '.join(cached) or '(nowhere!)'}")
    print(f"   files written into the read-only package: {'YES' if written else 'none'}")
    subprocess.run(["chmod", "-R", "u+w", str(site)], check=False)


def warm_cache(tmp: Path) -> Path:
    """The numba cache of section 1, or a new one filled by a process that compiles."""
    cache = tmp / "numba-cache"
    if not cache.exists():
        run_child(["warm-up"], base_env(NUMBA_CACHE_DIR=str(cache)))
    return cache


HINT_HEAD = (
    f"{'':34} {'warm-up wait':>12} {'first exact hint':>16} {'full hint':>15} "
    f"{'warm solve':>15} {'exact - solve':>15} {'solve again':>15}  value, positions"
)


def hint_row(label: str, r: dict) -> str:
    waited = "-" if r["warm_up_wait_s"] is None else f"{r['warm_up_wait_s']:.1f}s"
    ok = "" if r["exact"] and r["same"] else "  (not the solve's exact move and value!)"
    return (
        f"{label:34} {waited:>12} {r['exact_s']:7.2f}s ({r['exact_cpu']:5.1f}) "
        f"{r['full_s']:6.2f}s ({r['full_cpu']:5.1f}) "
        f"{r['solve_s']:6.2f}s ({r['solve_cpu']:5.1f}) "
        f"{r['exact_s'] - r['solve_s']:+6.2f}s ({r['exact_cpu'] - r['solve_cpu']:+5.1f}) "
        f"{r['again_s']:6.2f}s ({r['again_cpu']:5.1f})"
        f"  {r['verdict']}, {r['nodes'] / 1e6:.1f} M{ok}"
    )


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def first_hints(seeds: list[int], tmp: Path) -> None:
    cache = warm_cache(tmp)
    print("\n3. the widget's first exact hint against a warm solve, warm cache, hint at once")
    print("   each row a fresh process; seconds wall (CPU of the process, all threads)")
    print(HINT_HEAD)
    margins: list[tuple[float, float]] = []
    for seed in seeds:
        before = load()
        r = run_child(["hint", str(seed), "none"], base_env(NUMBA_CACHE_DIR=str(cache)))
        print(f"{hint_row(f'play(seed={seed})', r)}  [load {before} -> {load()}]", flush=True)
        margins.append((r["exact_s"] - r["solve_s"], r["exact_cpu"] - r["solve_cpu"]))
    walls, cpus = zip(*margins, strict=True)
    print(
        f"first exact hint - warm solve: wall {min(walls):+.2f} to {max(walls):+.2f} s, "
        f"CPU {min(cpus):+.2f} to {max(cpus):+.2f} s; within +2 s (wall): "
        f"{sum(w <= 2 for w in walls)} of {len(walls)}"
    )


def cold_hints(seed: int, tmp: Path) -> None:
    print(f"\n4. the first exact hint with a cold cache, full board (seed {seed})")
    print(HINT_HEAD)
    for label, wait in [
        ("cold cache, hint at once", "none"),
        ("cold, hint after warm-up", "warm-up"),
    ]:
        cache = tmp / f"cold-{wait}"
        r = run_child(["hint", str(seed), wait], base_env(NUMBA_CACHE_DIR=str(cache)))
        print(hint_row(label, r), flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hint-seeds", default="3801,3802,3803,3804,3805")
    parser.add_argument(
        "--skip", default="", help="comma list of: cold-warm,read-only,hint,cold-hint"
    )
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, *rest = args.child
        if kind == "warm-up":
            from nekolib.neko_boss.solver import warm_up

            got = {"warm_up_s": warm_up()}
        elif kind == "solve":
            got = child_solve(int(rest[0]))
        else:
            got = child_hint(int(rest[0]), rest[1])
        print(json.dumps(got))
        return 0
    skip = set(filter(None, args.skip.split(",")))
    print(f"load average at the start: {load()}")
    with tempfile.TemporaryDirectory(prefix="nekolib-first-solve-") as where:
        tmp = Path(where)
        if "cold-warm" not in skip:
            cold_and_warm(args.seed, tmp)
        if "read-only" not in skip:
            read_only(args.seed, tmp / "ro")
        if "hint" not in skip:
            first_hints([int(x) for x in args.hint_seeds.split(",")], tmp)
        if "cold-hint" not in skip:
            cold_hints(args.seed, tmp)
    print(f"\nload average at the end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
