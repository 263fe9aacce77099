"""The ``nekolib`` command (also ``python -m nekolib``).

The module docstring below the first line is not shown; ``DESCRIPTION`` is ``--help``'s text.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nekolib import __version__
from nekolib import notebook_files as notebooks_cli
from nekolib.classroom import cli as classroom_cli
from nekolib.extras import MissingExtraError, install_line, require
from nekolib.extras import message as missing_message
from nekolib.lab import cli as lab_cli

DESCRIPTION = f"""\
nekolib {__version__}: rules, exact probabilities, notebooks and playable boards for four
cat board games (neko_in, manekinecollection, neko_boss, indovina_gatto).

To play in a notebook: from nekolib import play; play("neko_in")
(needs {install_line("widgets")}). Every command writes under the working
directory (or --out) and says where. [x]: the extra it needs, pip install 'nekolib[x]'.

  nekolib notebooks [DIR]       copy the game notebooks into DIR
  nekolib open GAME [-- OPTS]   a game's notebook in JupyterLab       [notebook]
  nekolib app GAME              a game's notebook as a Voila app      [app]
  nekolib figures [--out DIR]   every strategy chart, into ./figures  [charts]
  nekolib classroom --roster R  a class's hand-outs, into ./classroom [classroom]
  nekolib grade SUBMISSIONS     run and score handed-in notebooks     [classroom]
  nekolib lab run|summary|report|list|export: the balance lab         [lab]
  nekolib games                 the games and their player counts
"""


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser (every subcommand)."""
    parser = argparse.ArgumentParser(
        prog="nekolib", description=DESCRIPTION, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--version", action="version", version=f"nekolib {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    notebooks_cli.add_parsers(sub)
    fig = sub.add_parser("figures", help="write every strategy chart into ./figures (or --out)")
    fig.add_argument("--only", help="only charts whose name contains this text")
    fig.add_argument(
        "--out", type=Path, default=Path("figures"), help="output folder (default ./figures)"
    )
    fig.add_argument("--quiet", action="store_true", help="no progress bar")
    sub.add_parser("games", help="list the games nekolib knows")
    lab_cli.add_parser(sub)
    classroom_cli.add_parsers(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    cut = argv.index("--") if "--" in argv else len(argv)
    parser = build_parser()
    args = parser.parse_args(argv[:cut])
    args.tool_args = argv[cut + 1 :]  # after --: options for JupyterLab or Voila
    if args.tool_args and args.command not in ("open", "app"):
        parser.error("options after -- are for nekolib open and nekolib app only")
    try:
        return _dispatch(args)
    except MissingExtraError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as error:  # an optional dependency, imported on first use
        line = missing_message(error.name or "", args.command)
        if line is None:
            raise
        print(f"error: {line}", file=sys.stderr)
        return 2


def _dispatch(args: argparse.Namespace) -> int:
    if args.command in notebooks_cli.COMMANDS:
        return notebooks_cli.run(args)

    if args.command == "lab":
        if args.lab_command == "run" and not args.serial:
            require("lab")
        if args.lab_command == "report" and args.figure is not None:
            require("figures", ["matplotlib"])
        return lab_cli.main(args)

    if args.command in classroom_cli.COMMANDS:
        require(args.command)
        return classroom_cli.run(args)

    if args.command == "games":
        from nekolib import games

        for info in games().values():
            print(f"{info.key:20} {info.title} ({info.min_players}-{info.max_players} players)")
        return 0

    require("figures")
    from nekolib import charts

    written = charts.write_all(args.out, args.only, not args.quiet)
    for path in written:
        print(path)
    if not written:
        print("no charts matched", file=sys.stderr)
        return 1
    print(f"{len(written)} files written under {args.out.resolve()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
