"""``python -m nekolib lab run|summary|report|list|export``: run experiments, read what they found.

python -m nekolib lab list [neko_boss]                                   # games, agents, params
python -m nekolib lab run experiments/neko_boss_ladder.toml              # local cores
python -m nekolib lab run x.toml --serial                                # no Dask at all
python -m nekolib lab run x.toml --scheduler tcp://host:8786             # a Dask cluster
python -m nekolib lab run x.toml --workers 2 --out /tmp/results          # resumable
python -m nekolib lab summary results/neko_boss_ladder.jsonl             # tables and tests
python -m nekolib lab export --csv results/neko_boss_ladder.jsonl        # one row per game
python -m nekolib lab report neko_in                                     # is it fair? (designer)
python -m nekolib lab verify results/neko_in_dice.jsonl --sample 100     # replay stored games

Exit codes: 0 done, 2 a bad experiment, a refused resume or a failed write (one line: what
is stored, how to resume), 3 a run that ended incomplete, 4 ``verify`` found rows that differ.
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import sys
from pathlib import Path
from typing import Any

from nekolib.core import NekoError

__all__ = ["add_parser", "list_text", "main", "summary_text"]


def add_parser(sub: Any) -> None:
    """Add the ``lab`` command (``run``, ``summary``, ``list``, ``export``) to argparse."""
    lab = sub.add_parser("lab", help="balance lab: run tournaments, summarise results")
    lab_sub = lab.add_subparsers(dest="lab_command", required=True)
    run = lab_sub.add_parser("run", help="play an experiment (resumes a killed run)")
    run.add_argument("experiments", nargs="+", type=Path, help="experiment TOML file(s)")
    run.add_argument("--scheduler", help="Dask scheduler address, e.g. tcp://host:8786")
    run.add_argument("--workers", type=int, default=None, help="local worker processes")
    run.add_argument("--serial", action="store_true", help="play in this process, no Dask")
    run.add_argument("--out", type=Path, default=None, help="results folder (default ./results)")
    run.add_argument(
        "--batch",
        type=int,
        default=None,
        help="games per Dask task (default: from a short pilot, tasks of about a second)",
    )
    run.add_argument(
        "--allow-mixed",
        action="store_true",
        help="resume a results file made by other nekolib code (recorded in the file)",
    )
    run.add_argument("--quiet", action="store_true", help="no progress bar, no summary")
    summary = lab_sub.add_parser("summary", help="ladder, head-to-head, seat and sweep tables")
    summary.add_argument("results", nargs="+", type=Path, help="results .jsonl file(s)")
    report = lab_sub.add_parser(
        "report", help="a designer's page: is GAME fair by seat, player count, rule variant?"
    )
    report.add_argument("game", help="neko_boss, neko_in, manekinecollection, indovina_gatto")
    report.add_argument(
        "--results", type=Path, default=None, help="results folder (default: the committed)"
    )
    report.add_argument("--figure", type=Path, default=None, help="also draw the chart (PNG)")
    listing = lab_sub.add_parser("list", help="games, agents (with settings), rule parameters")
    listing.add_argument("games", nargs="*", help="only these games (default: all)")
    check = lab_sub.add_parser("verify", help="replay stored games, report rows that differ")
    check.add_argument("results", type=Path, help="results .jsonl file")
    check.add_argument("--sample", type=int, default=None, help="replay N random games only")
    export = lab_sub.add_parser("export", help="results as a table file (one row per game)")
    export.add_argument("results", type=Path, help="results .jsonl file")
    export.add_argument("--csv", action="store_true", required=True, help="CSV (the format)")
    export.add_argument("-o", "--output", type=Path, default=None, help="file (default stdout)")
    export.add_argument(
        "--allow-incomplete",
        action="store_true",
        help="export a file that lacks games (a run still going, or stopped)",
    )


def main(args: argparse.Namespace) -> int:
    """Run the ``lab`` command parsed by :func:`add_parser`; errors print, exit code 2
    (3 when a run ended without every game)."""
    from nekolib.lab.runner import IncompleteRunError

    try:
        if args.lab_command == "run":
            return _run(args)
        if args.lab_command == "list":
            print(list_text(args.games))
            return 0
        if args.lab_command == "report":
            return _report(args.game, args.results, args.figure)
        if args.lab_command == "verify":
            from nekolib.lab.verify import verify

            found = verify(args.results, args.sample)
            print(found.text())
            return 0 if found.ok else 4
        if args.lab_command == "export":
            return _export(args.results, args.output, args.allow_incomplete)
        for path in args.results:
            print(summary_text(path))
        return 0
    except IncompleteRunError as err:
        print(f"error: {err}", file=sys.stderr)
        return 3
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
            serial=args.serial,
            allow_mixed=args.allow_mixed,
            progress=not args.quiet,
        )
        if not args.quiet:
            print(summary_text(results_path(exp, args.out)))
        print(f"results: {results_path(exp, args.out).resolve()}")
    return 0


def _report(game: str, results: Path | None, figure: Path | None) -> int:
    """Print :func:`~nekolib.lab.report.report_text`; with ``figure`` draw its chart too."""
    from nekolib import games
    from nekolib.lab.report import report_figure, report_text
    from nekolib.lab.store import RESULTS_DIR

    if game not in games():
        raise NekoError(f"unknown game {game!r}; the games are {', '.join(games())}")
    folder = results if results is not None else RESULTS_DIR
    if not Path(folder).is_dir():
        raise NekoError(
            f"no results folder {folder}: the committed results are in nekolib's git repository"
            " (run lab report in a clone), or give --results the folder `lab run --out` wrote to"
        )
    print(report_text(game, folder))
    if figure is not None:
        report_figure(game, folder).savefig(figure, dpi=110)
        print(f"chart: {figure}")
    return 0


def _export(path: Path, output: Path | None, allow_incomplete: bool = False) -> int:
    """The tidy table as CSV, one row per game with the code that played it (``code``:
    source hash, ``commit``, ``python``); a file lacking games is refused (exit 3) unless
    ``allow_incomplete``."""
    from nekolib.lab.runner import IncompleteRunError, index_ranges
    from nekolib.lab.stats import tidy
    from nekolib.lab.store import read_rows

    header, rows = read_rows(path)
    missing = sorted(set(range(header["total"])) - {r["index"] for r in rows})
    if missing and not allow_incomplete:
        raise IncompleteRunError(
            f"{path} lacks {len(missing)} of {header['total']} games (indices "
            f"{index_ranges(missing)}): finish the run (the same command resumes it) or pass "
            "--allow-incomplete"
        )
    table = tidy(rows)
    columns = list(dict.fromkeys(k for row in table for k in row))
    handle = output.open("w", newline="", encoding="utf-8") if output else sys.stdout
    try:
        writer = csv.DictWriter(handle, columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(table)
    finally:
        if output:
            handle.close()
    return 0


def list_text(only: list[str] | None = None) -> str:
    """Every game (or ``only`` these): player counts, agents with their default settings,
    and every rule parameter with its type and default (what ``[params]``/``[sweep]`` take)."""
    from nekolib import games
    from nekolib.lab.experiment import agent_registry, params_class, parse_experiment
    from nekolib.lab.experiment import agent_settings as settings

    known = games()
    unknown = sorted(set(only or ()) - set(known))
    if unknown:
        raise NekoError(f"unknown game {', '.join(unknown)}; the games are {', '.join(known)}")
    parts = []
    for key, info in known.items():
        if only and key not in only:
            continue
        parts.append(f"## {key} ({info.title}): {info.min_players}-{info.max_players} players")
        parts.append("agents (options go in [agents.<label>]):")
        for name in sorted(agent_registry(key)):
            probe = parse_experiment(
                {"game": key, "players": info.min_players, "games": 1, "seats": [name]}
            )
            shown = {k: v for k, v in settings(probe, name).items() if k not in ("agent", "name")}
            parts.append(f"  {name}: " + ", ".join(f"{k}={v}" for k, v in shown.items()))
        parts.append("rule parameters ([params] / [sweep]):")
        for f in dataclasses.fields(params_class(key)):
            if f.name == "num_players":
                continue
            default = f.default if f.default is not dataclasses.MISSING else (
                f.default_factory() if f.default_factory is not dataclasses.MISSING else "-"
            )  # fmt: skip
            kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", f.type)
            parts.append(f"  {f.name}: {kind} = {_short(default)}{_choices(key, f.name)}")
        parts.append("")
    return "\n".join(parts)


def _short(value: Any) -> str:
    """A default as the experiment file would give it (a board by its name), at most 80."""
    name = getattr(value, "name", None)
    text = repr(name if isinstance(name, str) else value)
    return text if len(text) <= 80 else text[:77] + "..."


def _choices(game: str, field: str) -> str:
    """`` (one of: ...)`` when the game names the values of ``field`` (``BOARDS``)."""
    import importlib

    for module in ("rules", "boards"):
        try:
            named = getattr(
                importlib.import_module(f"nekolib.{game}.{module}"), field.upper() + "S", None
            )
        except ImportError:
            continue
        if isinstance(named, dict):
            return f"  (one of: {', '.join(map(str, named))})"
    return ""


def summary_text(path: str | Path) -> str:
    """Markdown: the code that played, the ladder and head-to-head table (several agents),
    one seat table and test (with its power) per player count and rule variant, and the
    sweep table with the test of whether the values differ."""
    from nekolib.lab.stats import (
        head_to_head,
        labelled,
        ladder,
        seat_shares,
        seat_tests,
        sweep_summary,
        sweep_tests,
        to_markdown,
    )
    from nekolib.lab.store import code_versions, events, read_rows

    header, rows = read_rows(path)
    exp = header["experiment"]
    rows = labelled(rows, exp)
    parts = [f"## {exp['name']} ({exp['game']}): {len(rows)} of {header['total']} games"]
    if len(rows) < header["total"]:
        parts.append(f"**Incomplete**: {header['total'] - len(rows)} games missing.")
    codes = code_versions(header, rows)
    parts.append("Code: " + "; ".join(_code_text(c) for c in codes))
    if len(codes) > 1 or events(path):
        parts.append(f"**Mixed code**: {len(codes)} versions played these games.")
    if rows and not exp["sweep"] and len({a for r in rows for a in r["seats"]}) > 1:
        parts += ["### Strength ladder", to_markdown(ladder(rows), digits=2)]
        parts += ["### Head to head (stronger first)", to_markdown(head_to_head(rows), digits=3)]
    if rows:
        parts.append("### Seats (one table and one test per player count and rule variant)")
        tests = seat_tests(rows)
        keep = ["players", "point", "games", "W", "D", "L", "shared", "test", "statistic", "p",
                "p_holm", "trend", "trend_p", "trend_holm", "edge80", "ci_edge"]  # fmt: skip
        keep = [c for c in keep if any(c in t for t in tests)]
        parts.append(to_markdown(tests, keep, digits=3))
        parts.append(
            f"p_holm: {tests[0]['family']} (player counts x rule variants): a table's edge "
            "is established when it is below 0.05 (family-wise error 5%); trend: the "
            "winner's mean seat number minus the fair one (negative: early seats win more), "
            "its own Holm family, a lead only; edge80: one seat's edge over fair that the "
            "table's test finds with 80% power at 5%/tables; ci_edge: the largest edge the "
            "95% intervals leave possible.\n\n"
            + "\n".join(
                f"- {t['players']} players{', ' + t['point'] if t.get('point') else ''}: "
                f"{t['reading']}"
                for t in tests
            )
        )
        columns = ["players", "point", "seat", "n", "wins", "solo", "shared", "share", "low",
                   "high", "fair", "p_holm", "edge"]  # fmt: skip
        table = seat_shares(rows)
        columns = [c for c in columns if any(c in r for r in table)]
        parts.append(to_markdown(table, columns, digits=3))
    if rows and exp["sweep"]:
        sweep = sweep_summary(rows)
        keep = [c for c in sweep[0] if not c.startswith(("score_", "seat")) or c.startswith(
            "seat1")]  # fmt: skip
        parts += ["### Sweep", to_markdown(sweep, keep, digits=3)]
        parts += ["Do the values differ?", to_markdown(sweep_tests(rows), digits=4)]
    return "\n\n".join(parts) + "\n"


def _code_text(code: dict[str, Any]) -> str:
    commit = (code.get("commit") or "no commit")[:10]
    dirty = "+changes" if code.get("dirty") else ""
    return (
        f"nekolib {code.get('nekolib')} {commit}{dirty} (source {code.get('source')}), "
        f"Python {code.get('python')}"
    )
