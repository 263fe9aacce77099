"""Command line: ``python -m nekolib figures [--only TEXT]``, ``python -m nekolib games`` and
``python -m nekolib lab run experiment.toml [--scheduler tcp://host:8786]`` / ``lab summary``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nekolib.classroom import cli as classroom_cli
from nekolib.lab import cli as lab_cli


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nekolib", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    fig = sub.add_parser("figures", help="write every strategy chart into figures/")
    fig.add_argument("--only", help="only charts whose name contains this text")
    fig.add_argument("--out", type=Path, default=None, help="output folder (default: figures/)")
    fig.add_argument("--quiet", action="store_true", help="no progress bar")
    sub.add_parser("games", help="list the games nekolib knows")
    lab_cli.add_parser(sub)
    classroom_cli.add_parsers(sub)
    args = parser.parse_args(argv)

    if args.command == "lab":
        return lab_cli.main(args)

    if args.command in classroom_cli.COMMANDS:
        return classroom_cli.run(args)

    if args.command == "games":
        from nekolib import games

        for info in games().values():
            print(f"{info.key:20} {info.title} ({info.min_players}-{info.max_players} players)")
        return 0

    from nekolib import charts

    written = charts.write_all(args.out or charts.FIGURES_DIR, args.only, not args.quiet)
    for path in written:
        print(path)
    if not written:
        print("no charts matched", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
