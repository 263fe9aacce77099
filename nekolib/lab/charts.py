"""Balance-lab charts drawn from the committed results (``results/*.jsonl``): no tournament
is replayed to draw them. ``python -m nekolib figures --only lab`` writes them.

Each results file gives one chart, chosen by what its experiment varied:

* a sweep (``[sweep]``): ``<game>_lab_<name>``, game length and seat 1's share per value
  (and the first agent's share when agents rotate);
* several agents, no sweep: ``<game>_lab_ladder``, the strength ladder (Bradley-Terry
  rating with a bootstrap interval, win share with a Wilson interval) and the head-to-head
  score of every pair (Wilson interval; perfect records are one-sided bounds);
* one agent, several player counts: ``<game>_lab_seats``, win share per seat per count,
  with each count's one test ("no seat has an edge") and Holm-flagged seats;
* and per game ``<game>_lab_report``, the designer's chart (:mod:`nekolib.lab.report`):
  every seat table of its self-play runs as points above or below fair.

Agents are labelled with the options the experiment gives them (``mcts (iterations=100)``).
matplotlib is imported inside the functions, so this module imports without it.
"""

from __future__ import annotations

import itertools
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nekolib.lab.compare import seat_name
from nekolib.lab.names import SWEEP_NAMES, sweep_label, value_name
from nekolib.lab.report import report_figure
from nekolib.lab.stats import (
    agent_shares,
    head_to_head,
    labelled,
    ladder,
    seat_shares,
    seat_tests,
    sweep_summary,
    sweep_tests,
    wilson,
)
from nekolib.lab.store import RESULTS_DIR, read_rows
from nekolib.picture import PLAYER_COLOURS

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

__all__ = ["SWEEP_NAMES", "figures", "ladder_figure", "seats_figure", "sweep_figure", "value_name"]

Rows = Sequence[dict[str, Any]]


def figures(results: Path = RESULTS_DIR) -> dict[str, Callable[[], Figure]]:
    """One chart factory per results file in ``results`` (stems ``<game>_lab_<kind>``)."""
    out: dict[str, Callable[[], Figure]] = {}
    games = set()
    for path in sorted(Path(results).glob("*.jsonl")):
        header, _ = read_rows(path)
        exp = header["experiment"]
        game, name = exp["game"], exp["name"]
        games.add(game)
        suffix = name[len(game) + 1 :] if name.startswith(game + "_") else name
        if exp["sweep"]:
            out[f"{game}_lab_{suffix}"] = lambda p=path: sweep_figure(*read_rows(p))
        elif len(set(exp["seats"] or exp["rotate"])) > 1:
            out[f"{game}_lab_{suffix}"] = lambda p=path: ladder_figure(*read_rows(p))
        elif len(exp["players"]) > 1:
            out[f"{game}_lab_{suffix}"] = lambda p=path: seats_figure(*read_rows(p))
    for game in sorted(games):
        out[f"{game}_lab_report"] = lambda g=game: report_figure(g, results)
    return out


def _title(header: dict[str, Any], rows: Rows) -> str:
    exp = header["experiment"]
    return f"{exp['name']}: {len(rows)} games (seed {exp['seed']})"


def ladder_figure(header: dict[str, Any], rows: Rows) -> Figure:
    """Bradley-Terry ratings (Elo scale, anchor 0), win shares, strongest on top, and the
    head-to-head score of every pair (the question "is A stronger than B?")."""
    from matplotlib.figure import Figure

    rows = labelled(rows, header["experiment"])
    table = ladder(rows)[::-1]
    pairs = head_to_head(rows, order=[r["agent"] for r in table[::-1]])
    names = [r["agent"] for r in table]
    fig = Figure(figsize=(15, max(0.6 * len(names), 0.45 * len(pairs)) + 1.8))
    left, middle, right = fig.subplots(1, 3, gridspec_kw={"width_ratios": [1, 1, 1.3]})
    y = range(len(names))
    elo = [r["elo"] for r in table]
    err = _spans(elo, [r["elo_low"] for r in table], [r["elo_high"] for r in table])
    left.barh(y, elo, xerr=err, color=PLAYER_COLOURS[1], capsize=4)
    for i, r in enumerate(table):
        if r["note"]:
            left.annotate("unbounded", (r["elo"], i), xytext=(6, 6), textcoords="offset points",
                          fontsize=8)  # fmt: skip
    left.axvline(0, color="#333", lw=1)
    left.set_yticks(list(y), names)
    left.set_xlabel("Bradley-Terry rating (Elo; bootstrap 95%)")
    share = [r["win_share"] for r in table]
    serr = _spans(share, [r["low"] for r in table], [r["high"] for r in table])
    middle.barh(y, share, xerr=serr, color=PLAYER_COLOURS[0], capsize=4)
    for i, r in enumerate(table):
        middle.plot([r["fair"]] * 2, [i - 0.4, i + 0.4], color="#333", lw=1.5)
    middle.set_yticks(list(y), [""] * len(names))
    middle.set_xlim(0, 1)
    middle.set_xlabel("win share (Wilson 95%; tick: no-edge share)")
    py = range(len(pairs))[::-1]
    score = [p["score"] for p in pairs]
    perr = _spans(score, [p["low"] for p in pairs], [p["high"] for p in pairs])
    right.barh(list(py), score, xerr=perr, color=PLAYER_COLOURS[2], capsize=4)
    right.axvline(0.5, color="#333", lw=1, ls="--")
    labels = [f"{p['pair']}\n{p['W']}-{p['D']}-{p['L']}" for p in pairs]
    right.set_yticks(list(py), labels, fontsize=8)
    right.yaxis.tick_right()
    right.set_xlim(0, 1)
    right.set_xlabel("head to head: first's score, W-D-L (Wilson 95%)")
    fig.suptitle("Strength ladder: " + _title(header, rows))
    fig.tight_layout()
    return fig


def seats_figure(header: dict[str, Any], rows: Rows) -> Figure:
    """Win share of each seat per player count, with the no-advantage line ``1/players``,
    each count's test of "no seat has an edge" and its power under the axis."""
    from matplotlib.figure import Figure

    table = seat_shares(rows)
    tests = {t["players"]: t for t in seat_tests(rows)}
    counts = sorted({r["players"] for r in table})
    fig = Figure(figsize=(2.2 * len(counts) + 3, 4.4))
    ax = fig.subplots()
    width = 0.8 / max(counts)
    for r in table:
        index = r["seat"] - 1  # seats are named from 1
        x = counts.index(r["players"]) + (index - (r["players"] - 1) / 2) * width
        colour = PLAYER_COLOURS[index % len(PLAYER_COLOURS)]
        first = int(header["experiment"]["params"].get("first_player", 0))
        name = seat_name(index, first, r["players"])
        ax.bar(x, r["share"], width * 0.9, color=colour, label=name,
               hatch="//" if r["edge"] == "yes" else None)  # fmt: skip
        ax.errorbar(
            x,
            r["share"],
            _spans([r["share"]], [r["low"]], [r["high"]]),
            color="#333",
            capsize=3,
        )
    for i, n in enumerate(counts):
        ax.plot([i - 0.45, i + 0.45], [1 / n, 1 / n], color="#333", lw=1.5, ls="--")
    handles, labels = ax.get_legend_handles_labels()
    unique = dict(zip(labels, handles, strict=False))
    ax.legend(unique.values(), unique.keys(), ncol=min(6, len(unique)), fontsize=9)
    ticks = [
        f"{n} players\np = {tests[n]['p']:.3g}; detects {100 * tests[n]['edge80']:.1f} pts"
        for n in counts
    ]
    ax.set_xticks(range(len(counts)), ticks, fontsize=8)
    ax.set_ylabel("win share (Wilson 95%)")
    agents = ", ".join(sorted({a for r in rows for a in r["seats"]}))
    ax.set_title(
        f"Seat advantage ({agents} in every seat; dashed: 1/players; hatched: Holm p < 0.05)\n"
        + _title(header, rows),
        fontsize=10,
    )
    fig.tight_layout()
    return fig


SATURATED = 0.03
"""A win share within this of 0 or 1 at every sweep value says nothing about the values."""


def _one_key(header: dict[str, Any], rows: Rows) -> tuple[dict[str, Any], list[dict]]:
    """A sweep of several fields as one field whose values are the combinations, named
    (``3 cards each, seat 1 starts``), so no chart pools two rule variants."""
    exp = header["experiment"]
    game, keys = exp["game"], list(exp["sweep"])
    key = " x ".join(keys)

    def name(point: dict[str, Any]) -> str:
        return ", ".join(value_name(game, k, point[k]) for k in keys)

    combos = [dict(zip(keys, vs, strict=True)) for vs in itertools.product(*exp["sweep"].values())]
    sweep = {key: [name(c) for c in combos]}
    out = [{**r, "point": {key: name(r["point"])}} for r in rows]
    return {**header, "experiment": {**exp, "sweep": sweep}}, out


def sweep_figure(header: dict[str, Any], rows: Rows) -> Figure:
    """Per value of the (first) swept field, each value a category on the axis (points with
    95% intervals, no line joining them): mean game length, win share per seat and, when
    agents rotate, each agent's win share and mean score. A win-share panel that is
    saturated (one agent wins all but 3% of games at every value) is left out and the
    title says so: it cannot show a difference between the values."""
    from matplotlib.figure import Figure

    exp = header["experiment"]
    rows = labelled(rows, exp)
    if len(exp["sweep"]) > 1:  # never pool rule variants: each combination a category
        header, rows = _one_key(header, rows)
        exp = header["experiment"]
    key = next(iter(exp["sweep"]))
    values = [sweep_label(v) for v in exp["sweep"][key]]
    names = [value_name(exp["game"], key, v) for v in exp["sweep"][key]]
    if " x " in key:
        names = ["\n".join(textwrap.wrap(v, max(10, 56 // len(values)))) for v in values]
    table = sweep_summary(rows, [key])
    counts = sorted({r["players"] for r in table})
    agents = list(dict.fromkeys(a for r in rows for a in r["seats"]))
    agents = agents if len(agents) > 1 else []
    saturated = _saturated_agent(rows, key, values, agents)
    panels = ["length"] + (["score"] if saturated else ["seats"])
    if agents and not saturated:
        panels += ["agents", "score"]
    shape = (2, 2) if len(panels) == 4 else (1, 2)
    fig = Figure(figsize=(11, 4.2 * shape[0]))
    axes = dict(zip(panels, fig.subplots(*shape, squeeze=False).ravel(), strict=True))
    for k, n in enumerate(counts):
        mine = [r for r in table if r["players"] == n]
        points = [
            (values.index(sweep_label(r[key])), r["length"], r["length"] - r["length_ci"],
             r["length"] + r["length_ci"])
            for r in mine
        ]  # fmt: skip
        _errorbar(axes["length"], points, PLAYER_COLOURS[k % len(PLAYER_COLOURS)],
                  f"{n} players", k, len(counts))  # fmt: skip
    axes["length"].set_ylabel("game length (plies: mean, 95% interval)")
    if "seats" in axes:
        for n in counts:
            axes["seats"].axhline(1 / n, color="#333", ls="--", lw=1)
        _seat_lines(axes["seats"], table, values, key, counts)
        axes["seats"].set_ylabel("win share per seat (Wilson 95%)")
    if agents:
        _agent_lines(axes.get("agents"), axes["score"], rows, values, key, agents)
    for ax in axes.values():
        combined = " x " in key  # wrapped names of combinations: upright, centred
        ax.set_xticks(
            range(len(values)),
            names,
            rotation=0 if combined else 15,
            ha="center" if combined else "right",
            fontsize=8 if combined else 9,
        )
        ax.set_xlim(-0.5, len(values) - 0.5)
        ax.set_xlabel(key)
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=9)
    tests = "; ".join(
        f"{t['quantity']}"
        + ("" if len(counts) == 1 else f" ({t['players']}p)")
        + f": p = {t['p']:.2g} (Holm {t['p_holm']:.2g})"
        for t in sweep_tests(rows, [key])
        if t["p"] == t["p"]  # not nan: a quantity that varied
    )
    note = f"\n{saturated}" if saturated else ""
    tests = "\n".join(textwrap.wrap(f"do the values differ? {tests}", 120))
    fig.suptitle(f"Sweep of {key}: {_title(header, rows)}{note}\n{tests}", fontsize=10)
    fig.tight_layout()
    return fig


def _saturated_agent(rows: Rows, key: str, values: list[str], agents: list[str]) -> str:
    """``"greedy won 479 of 480 games ..."`` when an agent's win share is within
    :data:`SATURATED` of 0 or 1 at every value (the win-share panels say nothing), else ``""``."""
    if not agents:
        return ""
    groups: dict[str, list[dict[str, Any]]] = {v: [] for v in values}
    for row in rows:
        groups[sweep_label(row["point"][key])].append(row)
    first = agents[0]
    shares = [
        next(s for s in agent_shares(groups[v]) if s["agent"] == first) for v in values if groups[v]
    ]
    if not all(s["share"] <= SATURATED or s["share"] >= 1 - SATURATED for s in shares):
        return ""
    wins = sum(s["wins"] for s in shares)
    seats = sum(s["n"] for s in shares)
    return (
        f"{first} won {_fmt_wins(wins)} of {seats} seats at every value: win shares (per seat, per "
        "agent) are saturated and left out; the mean score shows the values"
    )


def _fmt_wins(wins: float) -> str:
    return str(int(wins)) if float(wins).is_integer() else f"{wins:.1f}"


def _seat_lines(ax: Any, table: Rows, values: list[str], key: str, counts: list[int]) -> None:
    """Every seat's share (one player count) or seat 1's per player count, Wilson intervals."""
    lines = [(f"seat{s}", counts[0], f"seat {s}") for s in range(1, counts[0] + 1)]
    if len(counts) > 1:
        lines = [("seat1", n, f"seat 1, {n} players") for n in counts]
    for k, (column, n, label) in enumerate(lines):
        points = [
            (
                values.index(sweep_label(r[key])),
                r[column],
                *wilson(r[column] * r["games"], r["games"]),
            )
            for r in table
            if r["players"] == n
        ]
        _errorbar(ax, points, PLAYER_COLOURS[k % len(PLAYER_COLOURS)], label, k, len(lines))


def _agent_lines(
    share_ax: Any, score_ax: Any, rows: Rows, values: list[str], key: str, agents: list[str]
) -> None:
    """Each agent's win share (Wilson; ``share_ax`` None: left out) and mean score per sweep
    value (all player counts), as points per category."""
    groups: dict[str, list[dict[str, Any]]] = {v: [] for v in values}
    for row in rows:
        groups[sweep_label(row["point"][key])].append(row)
    for k, agent in enumerate(agents):
        colour = PLAYER_COLOURS[k % len(PLAYER_COLOURS)]
        points, scores = [], []
        for x, v in enumerate(values):
            share = next((s for s in agent_shares(groups[v]) if s["agent"] == agent), None)
            if share is not None:
                points.append((x, share["share"], share["low"], share["high"]))
            summary = sweep_summary(groups[v], [key]) if groups[v] else []
            if summary and f"score_{agent}" in summary[0]:
                score = summary[0][f"score_{agent}"]
                scores.append((x, score, score, score))
        if share_ax is not None:
            _errorbar(share_ax, points, colour, agent, k, len(agents))
        if scores:
            _errorbar(score_ax, scores, colour, agent, k, len(agents))
    if share_ax is not None:
        share_ax.set_ylabel("win share per agent (Wilson 95%)")
        share_ax.set_ylim(0, 1.02)
    score_ax.set_ylabel("mean final score per agent")


def _errorbar(ax: Any, points: list[tuple[float, ...]], colour: str, label: str, k: int, of: int):
    """``(x, y, low, high)`` points with error bars, dodged sideways (k of ``of``), no line
    between them: the x values are categories."""
    if not points:
        return
    dodge = (k - (of - 1) / 2) * min(0.12, 0.6 / max(of, 1))
    xs = [p[0] + dodge for p in points]
    ys = [p[1] for p in points]
    err = _spans(ys, [p[2] for p in points], [p[3] for p in points])
    ax.errorbar(xs, ys, err, marker="o", color=colour, capsize=3, label=label, ls="none")


def _spans(ys: Sequence[float], lows: Sequence[float], highs: Sequence[float]) -> list[list[float]]:
    """Error-bar lengths below and above (never negative: rounding, percentile intervals)."""
    return [
        [max(0.0, y - lo) for y, lo in zip(ys, lows, strict=True)],
        [max(0.0, hi - y) for y, hi in zip(ys, highs, strict=True)],
    ]
