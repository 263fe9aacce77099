"""The designer's page: is this game fair by seat, by player count, under these rule variants?

:func:`report_text` (``python -m nekolib lab report GAME``) reads every committed results
file of one game and states each finding a designer can act on, from the tests the lab
already runs (:func:`~nekolib.lab.stats.seat_tests`, :func:`~nekolib.lab.stats.sweep_tests`):

* **by seat and player count** (runs with one agent in every seat, no sweep): per player
  count, the seat that is furthest from fair with its Wilson 95% interval, the table's test
  and its Holm adjustment over the run's tables, the ordered-seat trend, the smallest edge
  the run detects with 80% power and the largest its intervals leave possible;
* **under rule variants** (sweeps): whether the values differ (game length, seat 1's wins
  against losses, the draw rate; Holm over the sweep's tests), each value's seat table
  (Holm over the values) and, for a ``first_player`` sweep, the first mover's record;
* each finding ends with what it does not show.

Each run is its own Holm family (a run answers one question); nothing is pooled across runs
or rule variants. Strength ladders (several agents, no sweep) are listed, not read here
(``lab summary`` has them). :func:`report_figure` draws every seat table of the game on one
chart: each seat's win share minus fair, in points, with its interval, one panel per run,
tables as categories (named sweep values), nothing joined by lines.
"""

from __future__ import annotations

import functools
import json
import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nekolib.lab.compare import seat_name
from nekolib.lab.names import value_name
from nekolib.lab.stats import established as is_established
from nekolib.lab.stats import (
    labelled,
    point_label,
    seat_shares,
    seat_tests,
    sweep_tests,
    wilson,
)
from nekolib.lab.store import RESULTS_DIR, read_rows

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

__all__ = ["Finding", "Run", "findings", "game_runs", "report_figure", "report_text"]

LEVEL = 0.05
"""A finding is "established" when its Holm-adjusted p is below this."""


@dataclass
class Run:
    """One committed results file of a game: its header, rows (agents labelled) and kind."""

    path: Path
    header: dict[str, Any]
    rows: list[dict[str, Any]]

    @property
    def experiment(self) -> dict[str, Any]:
        return self.header["experiment"]

    @property
    def name(self) -> str:
        return self.experiment["name"]

    @functools.cached_property
    def agents(self) -> list[str]:
        return list(dict.fromkeys(a for r in self.rows for a in r["seats"]))

    @property
    def kind(self) -> str:
        """``variants`` (a sweep), ``seats`` (one agent everywhere) or ``ladder``."""
        if self.experiment["sweep"]:
            return "variants"
        return "seats" if len(self.agents) == 1 else "ladder"

    @property
    def who(self) -> str:
        if len(self.agents) == 1:
            return f"{self.agents[0]} in every seat"
        return f"{' and '.join(self.agents)} rotating through the seats"


@dataclass
class Finding:
    """One answer: the question, the run and table, what was found (with its interval),
    the test and correction, the power, and what it does not show."""

    question: str
    run: str
    table: str
    established: bool
    finding: str
    test: str
    power: str
    not_shown: str
    games: int = 0
    short: str = ""
    """The finding in a few words, for the one-line answer (``seat 1 +3.5 points``)."""
    points: list[dict[str, Any]] = field(default_factory=list)
    """Seats of the table for the chart: seat (its index, from 0: the chart's colour and
    place; named from 1 by :func:`~nekolib.lab.compare.seat_name`), share, low, high, fair,
    flagged."""
    measures: str = ""
    """What is tested (``seats``, ``mover`` or a sweep's quantity): with the question and the
    table, what makes the same finding in a replication."""
    replications: list[tuple[str, bool, int]] = field(default_factory=list)
    """(run, established there, games) of the same finding in runs of the same design."""
    run_games: int = 0
    """Games behind this finding (its table's, else its run's): is a replication larger?"""

    @property
    def unreproduced(self) -> list[tuple[str, int]]:
        """(run, games) of the replications at least as large that did not establish this
        established finding (a smaller run missing it is what its lower power predicts; it
        is listed with the finding, not flagged)."""
        return [
            (run, n)
            for run, ok, n in self.replications
            if self.established and not ok and n >= self.run_games
        ]

    def text(self) -> str:
        mark = "**established**" if self.established else "not established"
        again = "; ".join(
            f"`{run}` ({n} games) {'establishes it too' if ok else 'does not establish it'}"
            for run, ok, n in self.replications
        )
        return (
            f"- `{self.run}`, {self.table} ({mark}): {self.finding}. Test: {self.test}. "
            f"Power: {self.power}. Does not show: {self.not_shown}."
            + (f" Same design: {again}." if again else "")
        )


def game_runs(game: str, results: str | Path = RESULTS_DIR) -> list[Run]:
    """Every results file of ``game`` in ``results`` that holds a game, by name (an
    incomplete one is read too; :func:`report_text` says it is incomplete)."""
    runs = []
    for path in sorted(Path(results).glob("*.jsonl")):
        with path.open(encoding="utf-8") as f:
            first = f.readline()
        if f'"game": "{game}"' not in first:  # the header names the game: skip other files
            continue
        header, rows = read_rows(path)
        exp = header["experiment"]
        if exp["game"] != game or not rows:
            continue
        runs.append(Run(path, header, labelled(rows, exp)))
    return runs


def findings(runs: Sequence[Run]) -> list[Finding]:
    """The seat findings of every seat run and the variant findings of every sweep; each
    with the same finding of its replications (:func:`design`)."""
    out: list[Finding] = []
    for run in runs:
        if run.kind == "seats":
            out += _seat_findings(run, "seat and player count")
        elif run.kind == "variants":
            out += _variant_findings(run)
    designs = {run.name: design(run) for run in runs}
    sizes = {run.name: len(run.rows) for run in runs}
    for f in out:
        same = (f.question, f.table, f.measures)
        f.run_games = f.games or sizes[f.run]
        f.replications = [
            (g.run, g.established, g.games or sizes[g.run])
            for g in out
            if g.run != f.run
            and designs[g.run] == designs[f.run]
            and (g.question, g.table, g.measures) == same
        ]
    return out


def design(run: Run) -> str:
    """What a run asks: its experiment without its name, seed and number of games. Two runs
    of one design are replications of each other (a finding of one should hold in both)."""
    exp = {k: v for k, v in run.experiment.items() if k not in ("name", "seed", "games")}
    return json.dumps(exp, sort_keys=True)


def _seat_findings(run: Run, question: str) -> list[Finding]:
    """One finding per table of the run (player count, and sweep value in a sweep)."""
    tests = seat_tests(run.rows)
    shares = [s | {"seat": s["seat"] - 1} for s in seat_shares(run.rows)]  # index from 0
    out = []
    for t in tests:
        point = t.get("point", "")
        seats = [s for s in shares if s["players"] == t["players"] and s.get("point", "") == point]
        first = _first_seat(run, t)
        if t["players"] == 2:  # the text and the chart: shares of decisive games
            seats = _decisive_points(run, t, first)
        far = max(seats, key=lambda s: abs(s["share"] - s["fair"]))
        established = is_established(t, LEVEL)
        out.append(
            Finding(
                question=question,
                run=run.name,
                table=_table_name(run, t),
                established=established,
                finding=_seat_sentence(t, far, established, first),
                test=_seat_test_text(t),
                power=(
                    f"{_trials(t)} detect one seat {100 * t['edge80']:.1f} points above fair "
                    f"with 80% power (its own test at 5%/{t['family'].split()[2]}, Holm's first "
                    f"step); the 95% intervals leave an edge up to {100 * t['ci_edge']:.1f} "
                    "points possible"
                ),
                not_shown=_seat_limits(run, t, established),
                short=f"{_table_name(run, t)}: {_seat_short(t, seats, first)}",
                measures="seats",
                games=t["games"],
                points=[
                    {k: s[k] for k in ("seat", "share", "low", "high", "fair")}
                    | {"flagged": established and s["p_holm"] < LEVEL, "first": first}
                    for s in seats
                ],
            )
        )
    return out


def _table_name(run: Run, test: dict[str, Any]) -> str:
    players = f"{test['players']} players"
    if not test.get("point"):
        return players
    return f"{_value_names(run).get(test['point'], test['point'])} ({players})"


def _value_names(run: Run) -> dict[str, str]:
    """``key=value`` labels of the sweep's points -> the names the charts use."""
    import itertools

    from nekolib.lab.stats import point_label

    exp = run.experiment
    keys = list(exp["sweep"])
    out = {}
    for values in itertools.product(*exp["sweep"].values()):
        point = dict(zip(keys, values, strict=True))
        label = point_label(point)
        out[label] = ", ".join(value_name(exp["game"], k, v) for k, v in point.items())
    return out


def _first_seat(run: Run, test: dict[str, Any]) -> int:
    """The seat that plays first in a table (``first_player`` of its point or params)."""
    for r in run.rows:
        point = r.get("point") or {}
        if r["players"] == test["players"] and point_label(point) == test.get("point", ""):
            return int(point.get("first_player", run.experiment["params"].get("first_player", 0)))
    return 0


def _decisive_points(run: Run, test: dict[str, Any], first: int) -> list[dict[str, Any]]:
    """Both seats of a two-player table as shares of the decisive games (fair 1/2): what
    the table's test is about (draws, i.e. shared wins, left out)."""
    out = []
    decisive = test["W"] + test["L"]
    for seat, wins in ((0, test["W"]), (1, test["L"])):
        low, high = wilson(wins, decisive)
        p = test["p_holm"]
        out.append({"seat": seat, "share": wins / max(1, decisive), "low": low, "high": high,
                    "fair": 0.5, "p_holm": p})  # fmt: skip
    return out


def _seat_text(seat: dict[str, Any], first: int, players: int) -> str:
    edge = 100 * (seat["share"] - seat["fair"])
    low, high = (100 * (seat[k] - seat["fair"]) for k in ("low", "high"))
    return f"{seat_name(seat['seat'], first, players)} {edge:+.1f} [{low:+.1f}, {high:+.1f}]"


def _seat_sentence(
    test: dict[str, Any], far: dict[str, Any], established: bool, first: int = 0
) -> str:
    n = test["players"]
    seat = (
        f"{seat_name(far['seat'], first, n)} won {far['share']:.3f} [{far['low']:.3f}, "
        f"{far['high']:.3f}] of a fair {far['fair']:.3f} ({100 * (far['share'] - far['fair']):+.1f}"
        " points)"
    )
    if n == 2:
        w, lost = (test["W"], test["L"]) if first == 0 else (test["L"], test["W"])
        low, high = wilson(w, w + lost)
        seat = (
            f"{seat_name(first, first, 2)} W-D-L {w}-{test['D']}-{lost}: won "
            f"{w / max(1, w + lost):.3f} [{low:.3f}, {high:.3f}] of decisive games"
        )
    if not established:
        return f"no seat edge established; furthest from fair: {seat}"
    return f"a seat edge: {seat}"


def _trials(test: dict[str, Any]) -> str:
    if test["players"] == 2:
        return f"{test['W'] + test['L']} decisive games"
    return f"{test['games']} games"


def _seat_short(test: dict[str, Any], seats: list[dict[str, Any]], first: int) -> str:
    """The first seat always (points from fair, 95% interval), then every other seat whose
    own test (Holm over every seat of the run) puts it outside fair; two players: the
    first player's share of decisive games."""
    n = test["players"]
    unit = " points of decisive games" if n == 2 else " points"
    parts = [_seat_text(next(s for s in seats if s["seat"] == first), first, n) + unit]
    if n > 2:
        parts += [
            _seat_text(s, first, n) + " (outside fair)"
            for s in seats
            if s["seat"] != first and s["p_holm"] < LEVEL and is_established(test, LEVEL)
        ]
    verdict = "edge established" if is_established(test, LEVEL) else "no edge established"
    return f"{'; '.join(parts)} ({verdict}, Holm p {_p(test['p_holm'])})"


def _seat_test_text(test: dict[str, Any]) -> str:
    text = f"{test['test']}, p {_p(test['p'])}, {test['family']} of this run {_p(test['p_holm'])}"
    if "trend_p" in test and test["trend_p"] == test["trend_p"]:
        text += (
            f"; a lead only (not part of the decision): ordered-seat trend "
            f"{test['trend']:+.3f} seat numbers, p {_p(test['trend_p'])} "
            f"(Holm {_p(test.get('trend_holm', test['trend_p']))})"
        )
    return text


def _seat_limits(run: Run, test: dict[str, Any], established: bool) -> str:
    who = f"only {run.who}: another way of playing can have another seat edge"
    if established:
        return f"{who}; which rule makes the edge (no rule was varied)"
    return (
        f"that the seats are fair: an edge under {100 * test['edge80']:.1f} points is missed "
        f"more often than 1 in 5 times; {who}"
    )


def _variant_findings(run: Run) -> list[Finding]:
    """Whether the values differ (each quantity), each value's seat table, the mover."""
    exp = run.experiment
    key = ", ".join(exp["sweep"])
    values = " / ".join(_value_names(run).values())
    out = []
    for t in sweep_tests(run.rows):
        if t["p"] != t["p"]:
            continue
        established = t["p_holm"] < LEVEL
        if "edge80" in t:
            power = (
                f"a difference of {100 * t['edge80']:.1f} points between two values' decisive "
                "win shares (the others between them) is detected with 80% power by this "
                f"omnibus test ({t['test']}, noncentral chi-square, at 5%/"
                f"{t['family'].split()[2]}); their 95% intervals leave one of up to "
                f"{100 * t.get('ci_diff', math.nan):.1f} points possible"
            )
        elif t["quantity"] == "game length":
            power = "every game's length (a rank test: no single detectable size)"
        else:
            power = "no power figure for a rate this rare (read the counts in `lab summary`)"
        out.append(
            Finding(
                question="rule variant",
                run=run.name,
                table=f"{key}: {values} ({t['players']} players)",
                established=established,
                finding=f"{_quantity(t)}: the values {_differ(established)}",
                test=f"{t['test']}, p {_p(t['p'])}, {t['family']} of this sweep {_p(t['p_holm'])}",
                power=power,
                not_shown=(
                    f"values not tried; only {run.who}"
                    + ("" if established else "; that the values are the same")
                ),
                short=f"{_quantity(t)} differs ({key})",
                measures=t["quantity"],
            )
        )
    out += _seat_findings(run, "rule variant") if len(run.agents) == 1 else []
    if "first_player" in exp["sweep"]:
        out += _mover_findings(run)
    return out


def _quantity(test: dict[str, Any]) -> str:
    """A sweep test's quantity (seats named from 1, as in ``lab summary``)."""
    return test["quantity"]


def _games(run: Run) -> str:
    total = run.header.get("total", len(run.rows))
    if len(run.rows) < total:
        return f"**incomplete**: {len(run.rows)} of {total} games"
    return f"{len(run.rows)} games"


def _differ(established: bool) -> str:
    return "differ" if established else "do not differ detectably"


def _mover_findings(run: Run) -> list[Finding]:
    """Two players, ``first_player`` swept: the first mover's wins against losses over both
    seat orders, one test per setting of the sweep's other keys (a handicap), Holm over
    those settings (one family)."""
    from nekolib.lab.compare import mover_table
    from nekolib.lab.inference import seat_edge80

    table = mover_table(run.rows)
    out = []
    for e in table:
        won, lost = e["W"], e["L"]
        rows = [r for r in run.rows if r["players"] == 2 and "first_player" in r["point"]]
        setting = "" if len(table) == 1 else f", {e['setting']}"
        if len(table) == 1:
            seat0 = sum(1 for r in rows if r["winners"] == [0])
            seat1 = sum(1 for r in rows if r["winners"] == [1])
            seats = f"; seat 1 went {seat0}-{seat1} over both, so the edge follows the mover"
        else:
            seats = ""
        family = f"Holm over {len(table)} settings {_p(e['p_holm'])}" if len(table) > 1 else (
            "one test, its own family")  # fmt: skip
        edge = seat_edge80(won + lost, 2, len(table))
        diff = ""
        if "diff" in e:
            diff = (
                f"; {100 * e['diff']:+.1f} points [{100 * e['diff_low']:+.1f}, "
                f"{100 * e['diff_high']:+.1f}] against {table[0]['setting']}"
            )
        out.append(
            Finding(
                question="rule variant",
                run=run.name,
                table=f"who moves first (2 players, both seat orders{setting})",
                established=e["p_holm"] < LEVEL,
                finding=(
                    f"the first mover won {won} and lost {lost} of {won + lost} decisive "
                    f"games: {e['share']:.3f} [{e['low']:.3f}, {e['high']:.3f}]{seats}{diff}"
                ),
                test=f"exact binomial (first mover W vs L), p {_p(e['p'])} ({family})",
                power=(
                    f"{won + lost} decisive games detect a {100 * edge:.1f}-point edge of the "
                    f"first mover with 80% power (5%/{len(table)})"
                ),
                not_shown=(
                    f"only {run.who}; why the mover's edge is what it is (no rule was varied "
                    "but who starts" + (" and the setting" if len(table) > 1 else "") + ")"
                ),
                short=(
                    f"the first mover{setting.replace(', ', ' with ', 1)} "
                    f"{100 * (e['share'] - 0.5):+.1f} [{100 * (e['low'] - 0.5):+.1f}, "
                    f"{100 * (e['high'] - 0.5):+.1f}] points of decisive games"
                ),
                measures="mover",
            )
        )
    return out


def _p(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


QUESTIONS = (
    ("seat and player count", "Is it fair by seat, at each player count?"),
    ("rule variant", "Under these rule variants?"),
)


def report_text(game: str, results: str | Path = RESULTS_DIR) -> str:
    """Markdown: per question, a one-line answer and every finding behind it."""
    from nekolib import games

    runs = game_runs(game, results)
    title = games()[game].title if game in games() else game
    parts = [f"# Is {title} fair? What the committed runs show"]
    if not runs:
        return parts[0] + f"\n\nNo results of {game} in {results}.\n"
    parts.append(
        "**One rule.** A finding is established when its own test's Holm-adjusted p is below "
        f"{LEVEL}. The families: a run's seat tables (one test per table: the exact binomial "
        "test of the first player's decisive games with 2 players, the chi-square of the "
        "wins per seat with more); a sweep's tests of whether the values differ; a "
        "who-moves-first test alone. So with fair seats (or values that do not differ) the "
        f"chance that a family establishes anything is at most {LEVEL:.0%} (its family-wise "
        "error). The ordered-seat trend is a lead, never part of the decision. Power is "
        "stated for that same test at Holm's first step (5% / the family's tests). Seats are "
        "named by turn order: seat 1 (first to play), seat 2, ... Intervals: Wilson 95%. "
        "Runs: " + "; ".join(f"`{r.name}` ({_games(r)}, {r.who})" for r in runs) + "."
    )
    found = findings(runs)
    for key, question in QUESTIONS:
        mine = [f for f in found if f.question == key]
        parts.append(f"## {question}")
        if not mine:
            parts.append("No committed run asks this.")
            continue
        yes = [f for f in mine if f.established]
        told = [f for f in mine if f.established or f.measures == "seats"]  # every seat table
        by_run = {f.run: [_short(g) for g in told if g.run == f.run] for f in told}
        shaky = sum(1 for f in yes if f.unreproduced)
        not_again = (
            f"; {shaky} of them not by a run of the same design at least as large" if shaky else ""
        )
        parts.append(
            f"**In short** ({len(yes)} of {len(mine)} findings established{not_again}):"
            + (
                "\n\n" + "\n".join(f"- `{r}`: {'; '.join(x)}" for r, x in by_run.items())
                if told
                else " nothing established."
            )
        )
        parts.append("**Every finding**, run by run:")
        parts.append("\n".join(f.text() for f in mine))
    from nekolib.lab.compare import comparison_text

    parts.append("## Which setting is most balanced? Values ranked, runs compared")
    parts.append(comparison_text(runs))
    ladders = [r.name for r in runs if r.kind == "ladder"]
    if ladders:
        parts.append(
            "Strength ladders (who plays better, not whether the rules are fair): "
            + ", ".join(f"`{n}`" for n in ladders)
            + " (`python -m nekolib lab summary results/<name>.jsonl`)."
        )
    return "\n\n".join(parts) + "\n"


def _short(finding: Finding) -> str:
    """The one-line answer's words for a finding, saying which run of the same design, at
    least as large, did not establish it."""
    failed = ", ".join(
        f"the {_size(n, finding.run_games)} `{run}`" for run, n in finding.unreproduced
    )
    return finding.short + (f" (**not established** by {failed})" if failed else "")


def _size(games: int, than: int) -> str:
    return "larger" if games > than else "same-size"


def report_figure(game: str, results: str | Path = RESULTS_DIR) -> Figure:
    """Every seat table of the game's self-play runs: each seat's win share minus fair, in
    points, with its Wilson 95% interval; one panel per run, its tables (player counts or
    named sweep values) as categories, seats side by side, no lines between categories.
    Filled: the seat's Holm-adjusted test is below 0.05; hollow: not."""
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    from nekolib.picture import PLAYER_COLOURS

    runs = game_runs(game, results)
    panels = []
    for run in runs:
        if run.kind == "seats" or (run.kind == "variants" and len(run.agents) == 1):
            seat = [f for f in _seat_findings(run, "") if f.points]
            panels.append((run, seat))
    fig = Figure(figsize=(11, 3.3 * max(1, len(panels)) + 0.5))
    axes = fig.subplots(max(1, len(panels)), 1, squeeze=False, sharey=True).ravel()
    for ax, (run, tables) in zip(axes, panels, strict=False):
        most = max(len(f.points) for f in tables)
        width = 0.8 / most
        for i, f in enumerate(tables):
            for p in f.points:
                x = i + (p["seat"] - (len(f.points) - 1) / 2) * width
                colour = PLAYER_COLOURS[p["seat"] % len(PLAYER_COLOURS)]
                y, lo, hi = (100 * (p[k] - p["fair"]) for k in ("share", "low", "high"))
                ax.errorbar(x, y, [[y - lo], [hi - y]], fmt="o", color=colour, capsize=3,
                            mfc=colour if p["flagged"] else "white", ms=7)  # fmt: skip
        ax.axhline(0, color="#333", lw=1.2, ls="--")
        counts = {f.table.rsplit(" (", 1)[-1] for f in tables if f.table.endswith("players)")}
        one_count = len(counts) == 1 and len(tables) > 1  # "(2 players)" said once, in the title
        wrap = max(8, int(95 / max(1, len(tables))))  # a category's width in characters
        ticks = [
            "\n".join(
                textwrap.wrap(
                    f.table.rsplit(" (", 1)[0] if one_count else f.table,
                    wrap,
                    break_long_words=False,
                )
                + _verdict(f).split("\n")
            )
            for f in tables
        ]
        ax.set_xticks(range(len(tables)), ticks, fontsize=7.5 if len(tables) < 6 else 6.5)
        ax.set_xlim(-0.5, len(tables) - 0.5)
        two = all(len(f.points) == 2 for f in tables)
        ax.set_ylabel("points above fair" + ("\n(of decisive games)" if two else ""), fontsize=8)
        seats = max(len(f.points) for f in tables)
        first = tables[0].points[0].get("first", 0)
        handles = [
            Line2D([], [], marker="o", ls="", color=PLAYER_COLOURS[s % len(PLAYER_COLOURS)])
            for s in range(seats)
        ]
        names = [seat_name(s, first, seats) for s in range(seats)]
        if any(f.points[0].get("first", 0) != first for f in tables):
            names = [f"seat {s + 1}" for s in range(seats)]  # who starts varies by table
        ax.legend(handles, names, fontsize=7.5, loc="upper left", bbox_to_anchor=(1.005, 1))
        games = sorted({f.games for f in tables})
        title = f"{run.name}: {run.who}, {'/'.join(map(str, games))} games a table"
        if one_count:
            title += f", {next(iter(counts)).rstrip(')')}"
        ax.set_title(title + _sweep_line(run), fontsize=8.5)
    if not panels:
        axes[0].text(0.5, 0.5, f"no self-play seat runs of {game}", ha="center")
    fig.suptitle(
        "\n".join(
            textwrap.wrap(
                f"Is {_title(game)} fair by seat? Each seat's win share minus its fair share "
                "(points, Wilson 95%; two players: of decisive games, as the text); filled: "
                "that seat's edge is established (Holm over the run's seats; two players: the "
                "table's test); dashed: fair",
                110,
            )
        ),
        fontsize=10,
    )
    fig.tight_layout()
    return fig


def _sweep_line(run: Run) -> str:
    """A sweep panel's second title line: do the values differ (the sweep's own tests)?"""
    if run.kind != "variants":
        return ""
    said = []
    for t in sweep_tests(run.rows):
        if t["p"] != t["p"] or t["quantity"] not in (
            "game length",
            "seat 1 W vs L (decisive games)",
        ):
            continue
        what = "length" if "length" in t["quantity"] else "seat 1's W vs L"
        verdict = "differ" if t["p_holm"] < LEVEL else "do not differ detectably"
        said.append(f"{what}: values {verdict} (Holm p {_p(t['p_holm'])})")
    return ("\n" + "; ".join(said)) if said else ""


def _verdict(finding: Finding) -> str:
    """The chart's two lines under a table: what its test found, and its Holm p or power."""
    holm = finding.test.split(" of this run ")[1].split(";")[0]
    if not finding.established:
        detects = finding.power.split(" detect one seat ")[1].split(" points")[0]
        return f"no edge found\n(Holm p {holm})\ndetects {detects} pts"
    return f"seat edge\nHolm p {holm}"


def _title(game: str) -> str:
    from nekolib import games

    info = games().get(game)
    return info.title if info is not None else game
