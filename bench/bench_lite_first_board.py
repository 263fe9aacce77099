"""Issue 32's speed goal for the JupyterLite site: each game notebook's first board drawn in
under 10 s from navigation, cold, median of 3 loads, on a machine doing nothing else.

    python bench/bench_lite_first_board.py            # the four game notebooks, 2-4 minutes
    python bench/bench_lite_first_board.py --goal 8   # another bound

The measurement is the browser test's own (``tests/browser/test_lite.py``: the site built from
the checkout, served on 127.0.0.1, Debian's Chromium, every load in a fresh context, the cells
run one by one up to the first board). That test asserts only a hang bound (30 s): a speed goal
depends on the CPU share the browser gets, and the CI machine runs the suite after two others.
This script runs the same test with the goal as its bound and prints, per notebook, the median
and the three loads next to the load average at each load, so a miss can be read against it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMES = ROOT / "figures" / "screenshots" / "lite_times.json"
TEST = (
    "tests/browser/test_lite.py::"
    "test_each_game_notebook_draws_its_first_board_cold_and_runs_in_the_lite_site"
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--goal", type=float, default=10.0, help="seconds (default 10)")
    args = parser.parse_args()
    env = dict(os.environ, NEKOLIB_LITE_FIRST_BOARD_S=str(args.goal), NEKOLIB_BROWSER_REQUIRED="1")
    env.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", TEST], cwd=ROOT, env=env
    )
    times = json.loads(TIMES.read_text())
    print(f"\nfirst board, median of 3 cold loads (goal < {args.goal:g} s):")
    for notebook, result in times.get("notebooks", {}).items():
        loads = ", ".join(
            f"{x['first_board_s']} s at load {x['load_average_1_min']}" for x in result["loads"]
        )
        verdict = "met" if result["median_first_board_s"] < args.goal else "MISSED"
        print(f"  {notebook:28} {result['median_first_board_s']:5.2f} s  {verdict}  ({loads})")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
