"""A designer's comparisons: the values of a sweep ranked by balance (with the draw rate and
game length beside it, and intervals for the differences), who-moves-first under each other
setting of a sweep (a handicap's effect on the mover edge), and every run of one
configuration pooled, with a test of whether they agree.

Seats are named by turn order, from 1: ``seat 1 (first to play)`` is the seat that moves
first (``Params.first_player``, 0 unless set); ``lab summary``, the report and the charts
name seats the same way (seat 1 is index 0 of a stored row's ``returns``).
Intervals: Wilson 95% for a share, Newcombe's hybrid score interval (method 10) for the
difference of two shares.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from nekolib.lab.inference import binom_test, chi2_homogeneity, holm
from nekolib.lab.names import value_name
from nekolib.lab.stats import Z95, point_label, wilson

__all__ = [
    "agreement",
    "comparison_text",
    "config_key",
    "difference_interval",
    "mover_table",
    "ranking",
    "seat_name",
]

Row = dict[str, Any]


def seat_name(seat: int, first: int = 0, players: int = 2) -> str:
    """``seat 1 (first to play)``, ``seat 2``, ...: turn order from the first player."""
    order = (seat - first) % players
    return f"seat {seat + 1}" + (" (first to play)" if order == 0 else "")


def difference_interval(w1: int, n1: int, w2: int, n2: int) -> tuple[float, float]:
    """Newcombe's 95% interval of ``w1/n1 - w2/n2`` from the two Wilson intervals."""
    if n1 == 0 or n2 == 0:
        return (-1.0, 1.0)
    p1, p2 = w1 / n1, w2 / n2
    l1, u1 = wilson(w1, n1)
    l2, u2 = wilson(w2, n2)
    d = p1 - p2
    return (
        d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
    )


def _decisive(rows: Sequence[Row], seat: int) -> tuple[int, int, int]:
    """``seat``'s solo wins, the other seats' solo wins, and the shared (drawn) games."""
    w = sum(1 for r in rows if r["winners"] == [seat])
    shared = sum(1 for r in rows if len(r["winners"]) > 1)
    return w, len(rows) - w - shared, shared


def _first(point: dict[str, Any], params: dict[str, Any]) -> int:
    return int(point.get("first_player", params.get("first_player", 0)))


def ranking(rows: Sequence[Row], experiment: dict[str, Any]) -> list[dict[str, Any]]:
    """Two-player sweep values ranked most balanced first: per value the first player's
    share of decisive games with its interval and its distance from 1/2 (``edge``), the
    draw rate and mean length with intervals, and the difference of its first-player share
    from the most balanced value's, with Newcombe's interval and the chi-square of the two
    (``p``; ``p_holm``: Holm over the values compared with the most balanced)."""
    groups: dict[str, list[Row]] = defaultdict(list)
    points: dict[str, dict[str, Any]] = {}
    for r in rows:
        if r["players"] == 2:
            label = point_label(r.get("point") or {})
            groups[label].append(r)
            points[label] = r.get("point") or {}
    out = []
    for label, members in groups.items():
        first = _first(points[label], experiment.get("params", {}))
        w, lost, draws = _decisive(members, first)
        n = len(members)
        low, high = wilson(w, w + lost)
        lengths = [r["length"] for r in members]
        mean = sum(lengths) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / (n - 1)) if n > 1 else 0.0
        dlow, dhigh = wilson(draws, n)
        out.append(
            {
                "value": label,
                "games": n,
                "first W-D-L": f"{w}-{draws}-{lost}",
                "first_share": w / max(1, w + lost),
                "low": low,
                "high": high,
                "edge": abs(w / max(1, w + lost) - 0.5),
                "draw_rate": draws / n,
                "draw_low": dlow,
                "draw_high": dhigh,
                "length": mean,
                "length_ci": Z95 * sd / math.sqrt(n),
                "_wl": (w, lost),
            }
        )
    out.sort(key=lambda e: e["edge"])
    if out:
        bw, bl = out[0]["_wl"]
        tests = []
        for e in out[1:]:
            w, lost = e["_wl"]
            e["diff"] = e["first_share"] - out[0]["first_share"]
            e["diff_low"], e["diff_high"] = difference_interval(w, w + lost, bw, bw + bl)
            e["p"] = chi2_homogeneity([[w, lost], [bw, bl]])[2]
            tests.append(e)
        for e, p_adj in zip(tests, holm([e["p"] for e in tests]), strict=True):
            e["p_holm"] = p_adj
    for e in out:
        e.pop("_wl")
    return out


def mover_table(rows: Sequence[Row]) -> list[dict[str, Any]]:
    """Two players, ``first_player`` swept: per setting of the sweep's other keys (a
    handicap), the first mover's wins against losses over both seat orders, its share of
    decisive games with its interval, the exact test of 1/2 (``p``; ``p_holm`` over the
    settings), and the difference from the first setting with its interval."""
    groups: dict[str, list[Row]] = defaultdict(list)
    for r in rows:
        point = r.get("point") or {}
        if r["players"] != 2 or "first_player" not in point:
            continue
        rest = {k: v for k, v in point.items() if k != "first_player"}
        groups[point_label(rest) or "(no other setting)"].append(r)
    out = []
    for label, members in groups.items():
        won = sum(1 for r in members if r["winners"] == [r["point"]["first_player"]])
        lost = sum(1 for r in members if r["winners"] == [1 - r["point"]["first_player"]])
        low, high = wilson(won, won + lost)
        entry = {"setting": label, "games": len(members), "W": won, "L": lost,
                 "D": len(members) - won - lost, "share": won / max(1, won + lost),
                 "low": low, "high": high, "p": binom_test(won, won + lost)}  # fmt: skip
        out.append(entry)
    for e, p_adj in zip(out, holm([e["p"] for e in out]), strict=True):
        e["p_holm"] = p_adj
    for e in out[1:]:
        base = out[0]
        e["diff"] = e["share"] - base["share"]
        e["diff_low"], e["diff_high"] = difference_interval(
            e["W"], e["W"] + e["L"], base["W"], base["W"] + base["L"]
        )
    return out


def config_key(experiment: dict[str, Any], players: int, point: dict[str, Any], seats) -> str:
    """What decides a seat table's games: the game, the player count, the seating and every
    rule parameter (defaults filled in), so two runs that set a default explicitly or not
    name the same configuration."""
    from nekolib.lab.experiment import parse_experiment

    probe = parse_experiment({**experiment, "sweep": {}, "games": 1})
    params = probe.game_params(point, players)
    return json.dumps(
        {"game": experiment["game"], "players": players, "seats": list(seats),
         "params": repr(params)}, sort_keys=True
    )  # fmt: skip


def agreement(tables: Sequence[tuple[str, str, list[Row]]], first: int = 0) -> dict[str, Any]:
    """Several runs' tables of one two-player configuration (``(run, table, rows)``):
    each run's first player's (seat ``first``) W/L and share, the pooled share with its
    interval, and the chi-square of homogeneity of W/L across the runs (``p``: do they agree?)."""
    parts = []
    for run, table, rows in tables:
        w, lost, draws = _decisive(rows, first)
        parts.append({"run": run, "table": table, "games": len(rows), "W": w, "D": draws,
                      "L": lost, "share": w / max(1, w + lost)})  # fmt: skip
    w = sum(p["W"] for p in parts)
    lost = sum(p["L"] for p in parts)
    low, high = wilson(w, w + lost)
    stat, df, p = chi2_homogeneity([[x["W"], x["L"]] for x in parts])
    return {"parts": parts, "W": w, "L": lost, "share": w / max(1, w + lost), "low": low,
            "high": high, "statistic": stat, "df": df, "p": p}  # fmt: skip


# --------------------------------------------------------------------------- the page
def _pts(x: float) -> str:
    return f"{100 * x:+.1f}"


def _pv(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def ranking_text(name: str, game: str, key: str, ranked: list[dict[str, Any]]) -> str:
    """A sweep's ranking as markdown with its one-line answer."""

    def named(label: str) -> str:
        return ", ".join(
            value_name(game, k, v.split("=", 1)[1]) if "=" in v else v
            for k, v in zip(key.split(", "), label.split(", "), strict=False)
        )

    lines = [
        "| rank | value | games | first player W-D-L | first player's share of decisive "
        "[95%] | edge (points) | draw rate [95%] | length (plies) | minus the most balanced "
        "(points) [95%] | p (Holm) |",
        "|---:|---|---:|---|---|---:|---|---:|---|---:|",
    ]
    for i, e in enumerate(ranked, 1):
        diff = "-" if "diff" not in e else (
            f"{_pts(e['diff'])} [{_pts(e['diff_low'])}, {_pts(e['diff_high'])}]")  # fmt: skip
        p = "-" if "p" not in e else f"{_pv(e['p'])} ({_pv(e['p_holm'])})"
        lines.append(
            f"| {i} | {named(e['value'])} | {e['games']} | {e['first W-D-L']} | "
            f"{e['first_share']:.3f} [{e['low']:.3f}, {e['high']:.3f}] | {100 * e['edge']:.1f} | "
            f"{e['draw_rate']:.3f} [{e['draw_low']:.3f}, {e['draw_high']:.3f}] | "
            f"{e['length']:.1f} ± {e['length_ci']:.2f} | {diff} | {p} |"
        )
    best = ranked[0]
    told = [named(e["value"]) for e in ranked[1:] if e["p_holm"] < 0.05]
    tied = [named(e["value"]) for e in ranked[1:] if e["p_holm"] >= 0.05]
    answer = (
        f"**Answer** (`{name}`): the most balanced is {named(best['value'])}: the first player "
        f"wins {best['first_share']:.3f} [{best['low']:.3f}, {best['high']:.3f}] of decisive "
        f"games, with a draw rate of {best['draw_rate']:.3f} and {best['length']:.1f} plies. "
    )
    if tied:
        answer += (
            f"Not told apart from it (Holm p >= 0.05): {', '.join(tied)}; their differences' "
            "intervals are in the table. "
        )
    if told:
        answer += f"Less balanced than it (Holm p < 0.05): {', '.join(told)}."
    return "\n".join(lines) + "\n\n" + answer


def mover_text(name: str, game: str, table: list[dict[str, Any]]) -> str:
    """Who moves first per setting, as markdown with its one-line answer."""

    def named(label: str) -> str:
        if "=" not in label:
            return label
        k, v = label.split("=", 1)
        return f"{value_name(game, k, v)} ({label})"

    lines = [
        "| setting | games | first mover W-D-L | first mover's share of decisive [95%] | "
        "edge (points) | p (Holm) | minus the first setting (points) [95%] |",
        "|---|---:|---|---|---:|---:|---|",
    ]
    for e in table:
        diff = "-" if "diff" not in e else (
            f"{_pts(e['diff'])} [{_pts(e['diff_low'])}, {_pts(e['diff_high'])}]")  # fmt: skip
        lines.append(
            f"| {named(e['setting'])} | {e['games']} | {e['W']}-{e['D']}-{e['L']} | "
            f"{e['share']:.3f} [{e['low']:.3f}, {e['high']:.3f}] | {_pts(e['share'] - 0.5)} | "
            f"{_pv(e['p'])} ({_pv(e['p_holm'])}) | {diff} |"
        )
    said = []
    for e in table:
        if e["low"] > 0.45 and e["high"] < 0.55:
            verdict = "balanced to within 5 points (the whole interval)"
        elif e["low"] > 0.5:
            verdict = "the first mover is ahead"
        elif e["high"] < 0.5:
            verdict = "the second mover is ahead"
        else:
            verdict = "undecided: the interval holds fair and an edge over 5 points"
        said.append(
            f"with {named(e['setting'])} {verdict}: the first mover wins {e['share']:.3f} "
            f"[{e['low']:.3f}, {e['high']:.3f}] of decisive games ({_pts(e['share'] - 0.5)} "
            "points"
            + (
                ""
                if "diff" not in e
                else (
                    f"; {_pts(e['diff'])} [{_pts(e['diff_low'])}, {_pts(e['diff_high'])}] points "
                    "against the first setting"
                )
            )
            + ")"
        )
    return "\n".join(lines) + f"\n\n**Answer** (`{name}`): " + "; ".join(said) + "."


def pooled_text(groups: list[tuple[str, dict[str, Any]]]) -> str:
    """Each configuration played by several runs: every run's record, the pooled share and
    whether the runs agree."""
    if not groups:
        return "No configuration was played by more than one run."
    lines = [
        "| configuration | runs: first player W-D-L (share of decisive) | pooled share [95%] | "
        "do they agree? (chi-square of W/L across runs) |",
        "|---|---|---|---|",
    ]
    for config, a in groups:
        runs = "; ".join(
            f"`{x['run']}` {x['table']}: {x['W']}-{x['D']}-{x['L']} ({x['share']:.3f})"
            for x in a["parts"]
        )
        agree = "yes" if a["p"] >= 0.05 else "**no**"
        lines.append(
            f"| {config} | {runs} | {a['share']:.3f} [{a['low']:.3f}, {a['high']:.3f}] | "
            f"{agree}: {a['df']} df, p {_pv(a['p'])} |"
        )
    return "\n".join(lines)


def comparison_text(runs: Sequence[Any]) -> str:
    """The comparison page of a game's runs (``Run`` objects of :mod:`nekolib.lab.report`):
    each two-player self-play sweep ranked, who moves first per setting, and every
    two-player self-play configuration several runs played, pooled, with the agreement test."""
    parts = []
    tables: dict[str, list[tuple[str, str, list[Row]]]] = defaultdict(list)
    firsts: dict[str, int] = {}
    names: dict[str, str] = {}
    for run in runs:
        exp = run.experiment
        if len(run.agents) != 1 or run.kind == "ladder":
            continue
        sweep = exp["sweep"]
        if sweep and "first_player" not in sweep:
            ranked = ranking(run.rows, exp)
            if len(ranked) > 1:
                parts.append(f"### `{run.name}`: the {', '.join(sweep)} values ranked by balance")
                parts.append(ranking_text(run.name, exp["game"], ", ".join(sweep), ranked))
        if "first_player" in sweep:
            table = mover_table(run.rows)
            if table:
                parts.append(f"### `{run.name}`: who moves first, per setting")
                parts.append(mover_text(run.name, exp["game"], table))
        groups: dict[tuple[int, str], list[Row]] = defaultdict(list)
        for r in run.rows:
            if r["players"] == 2:
                groups[2, point_label(r.get("point") or {})].append(r)
        for (players, _), rows in groups.items():
            point = rows[0].get("point") or {}
            key = config_key(exp, players, point, rows[0]["seats"])
            value = ", ".join(value_name(exp["game"], k, v) for k, v in point.items())
            tables[key].append((run.name, value or "(no sweep)", rows))
            firsts[key] = _first(point, exp["params"])
            name = (
                f"{rows[0]['seats'][0]} in both seats"
                + (f", {value}" if value else "")
                + "".join(f", {k}={v}" for k, v in exp["params"].items())
            )
            if key not in names or (value and len(name) > len(names[key])):
                names[key] = name  # the most explicit name of the configuration
    pooled = [(names[k], agreement(v, firsts[k])) for k, v in tables.items() if len(v) > 1]
    parts.append("### One configuration in several runs, pooled (two players)")
    parts.append(pooled_text(pooled))
    return "\n\n".join(parts)
