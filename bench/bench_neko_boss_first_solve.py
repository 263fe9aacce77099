"""The first exact Neko Boss solve in a fresh process: numba's compile, cold and warm cache.

    python bench/bench_neko_boss_first_solve.py            # all three sections, 2-4 minutes
    python bench/bench_neko_boss_first_solve.py --seed 4   # another full-board placement
    python bench/bench_neko_boss_first_solve.py --skip read-only,widget

Every measurement is a fresh Python process (``--child``), side by side in one run:

1. **cold and warm cache**: ``analysis.solve()`` of a full 24-stack board (the random
   placement ``random_layout(Params(), Random(seed))``) with an empty numba cache
   (``NUMBA_CACHE_DIR`` in a new temporary folder), then again in a new process that finds
   the cache; each process also solves the position a second time (no compile at all).
2. **read-only install**: the package copied to a temporary folder mounted read-only (as root:
   a bind mount in a private mount namespace, ``unshare -m``; else ``chmod -R a-w``), with a
   fresh ``HOME`` and no ``NUMBA_CACHE_DIR``: where numba puts its cache, a cold and a warm
   process, and that nothing was written into the package.
3. **the widget's first exact hint**: ``play(random_setup=True, seed=...)`` opens a board at
   the start of phase 2 (its warm-up thread starts), ``hint()`` asks at once or after the
   warm-up is done (a player's thinking time), with a cold and a warm cache; against a warm
   ``solve()`` of the same position in the same process.
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


def timed_hint(w) -> tuple[float, float, bool]:
    """Seconds (wall, CPU of the process) from ``hint()`` to the exact hint; whether it was
    searched and exact."""
    t0, c0 = time.perf_counter(), time.process_time()
    w.hint()
    searched = w.hint_thread is not None  # not answered from the hint book
    w.wait_hint()
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    return seconds, cpu, searched and not w.hint_partial and "with best play" in w.hint_text


def child_widget(seed: int, wait: str) -> dict:
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
    first, first_cpu, first_ok = timed_hint(w)
    again, again_cpu, again_ok = timed_hint(play(random_setup=True, seed=seed))  # compiled
    t3, c3 = time.perf_counter(), time.process_time()
    solve(w.state)
    warm_solve, solve_cpu = time.perf_counter() - t3, time.process_time() - c3
    return {
        "open_s": opened,
        "warm_up_wait_s": warm,
        "hint_s": first,
        "hint_cpu": first_cpu,
        "warm_hint_s": again,
        "warm_hint_cpu": again_cpu,
        "warm_solve_s": warm_solve,
        "warm_solve_cpu": solve_cpu,
        "exact": first_ok and again_ok,
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


def widget(seed: int, tmp: Path) -> None:
    print(f"\n3. the widget's first exact hint, full board (play(random_setup=True, seed={seed}))")
    print("   seconds wall (CPU of the process, both solver threads)")
    print(
        f"{'':32} {'warm-up wait':>12} {'1st hint':>15} {'warm hint':>15} {'warm solve':>15} "
        f"{'1st - warm hint':>15}"
    )
    cases = [
        ("cold cache, hint at once", tmp / "cold-1", "none"),
        ("cold cache, hint after warm-up", tmp / "cold-2", "warm-up"),
        ("warm cache, hint at once", tmp / "cold-1", "none"),
    ]
    for label, cache, wait in cases:
        r = run_child(["widget", str(seed), wait], base_env(NUMBA_CACHE_DIR=str(cache)))
        waited = "-" if r["warm_up_wait_s"] is None else f"{r['warm_up_wait_s']:.1f}s"
        ok = "" if r["exact"] else "  (not a searched exact hint!)"
        print(
            f"{label:32} {waited:>12} {r['hint_s']:6.2f}s ({r['hint_cpu']:5.1f}) "
            f"{r['warm_hint_s']:6.2f}s ({r['warm_hint_cpu']:5.1f}) "
            f"{r['warm_solve_s']:6.2f}s ({r['warm_solve_cpu']:5.1f}) "
            f"{r['hint_s'] - r['warm_hint_s']:+6.2f}s "
            f"({r['hint_cpu'] - r['warm_hint_cpu']:+5.1f}){ok}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip", default="", help="comma list of: cold-warm,read-only,widget")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, *rest = args.child
        got = child_solve(int(rest[0])) if kind == "solve" else child_widget(int(rest[0]), rest[1])
        print(json.dumps(got))
        return 0
    skip = set(filter(None, args.skip.split(",")))
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="nekolib-first-solve-") as where:
        tmp = Path(where)
        if "cold-warm" not in skip:
            cold_and_warm(args.seed, tmp)
        if "read-only" not in skip:
            read_only(args.seed, tmp / "ro")
        if "widget" not in skip:
            widget(args.seed, tmp)
    print(f"\nload average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
