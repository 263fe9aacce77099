"""``python -m nekolib lab run|summary``: run experiments and print what they found.

python -m nekolib lab run experiments/neko_boss_ladder.toml            # local cores
python -m nekolib lab run x.toml --scheduler tcp://host:8786           # a Dask cluster
python -m nekolib lab run x.toml --workers 2 --out /tmp/results        # resumable
python -m nekolib lab summary results/neko_boss_ladder.jsonl           # tables
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from nekolib.core import NekoError

__all__ = ["add_parser", "main", "summary_text"]


def add_parser(sub: Any) -> None:
    """Add the ``lab`` command (with ``run`` and ``summary``) to an argparse subparsers."""
    lab = sub.add_parser("lab", help="balance lab: run tournaments, summarise results")
    lab_sub = lab.add_subparsers(dest="lab_command", required=True)
    run = lab_sub.add_parser("run", help="play an experiment (resumes a killed run)")
    run.add_argument("experiments", nargs="+", type=Path, help="experiment TOML file(s)")
    run.add_argument("--scheduler", help="Dask scheduler address, e.g. tcp://host:8786")
    run.add_argument("--workers", type=int, default=None, help="local worker processes")
    run.add_argument("--out", type=Path, default=None, help="results folder (default results/)")
    run.add_argument("--batch", type=int, default=1, help="games per Dask task (default 1)")
    run.add_argument("--quiet", action="store_true", help="no progress bar, no summary")
    summary = lab_sub.add_parser("summary", help="ladder, seat and sweep tables of results")
    summary.add_argument("results", nargs="+", type=Path, help="results .jsonl file(s)")


def main(args: argparse.Namespace) -> int:
    """Run the ``lab`` command parsed by :func:`add_parser`; errors print, exit code 2."""
    try:
        if args.lab_command == "run":
            return _run(args)
        for path in args.results:
            print(summary_text(path))
        return 0
    except NekoError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("stopped: finished games are stored; run the same command to resume", file=sys.stderr)
        return 130


def _run(args: argparse.Namespace) -> int:
    from nekolib.lab.experiment import load_experiment
    from nekolib.lab.runner import results_path, run

    experiments = [load_experiment(p) for p in args.experiments]  # all checked before any runs
    for exp in experiments:
        run(
            exp,
            args.out,
            scheduler=args.scheduler,
            workers=args.workers,
            batch=args.batch,
            progress=not args.quiet,
        )
        if not args.quiet:
            print(summary_text(results_path(exp, args.out)))
    return 0


def summary_text(path: str | Path) -> str:
    """Markdown: the ladder (if several agents met), seat shares and the sweep table."""
    from nekolib.lab.stats import ladder, seat_shares, sweep_summary, to_markdown
    from nekolib.lab.store import read_rows

    header, rows = read_rows(path)
    exp = header["experiment"]
    parts = [f"## {exp['name']} ({exp['game']}): {len(rows)} of {header['total']} games"]
    if rows and len({a for r in rows for a in r["seats"]}) > 1:
        parts += ["### Strength ladder", to_markdown(ladder(rows))]
    if rows:
        parts += ["### Seats", to_markdown(seat_shares(rows))]
    if rows and (exp["sweep"] or len(exp["players"]) > 1):
        parts += ["### Sweep", to_markdown(sweep_summary(rows))]
    return "\n\n".join(parts) + "\n"
