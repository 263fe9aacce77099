"""Summaries of result rows: tidy tables, win shares with Wilson intervals, head-to-head
records, seat advantage with one test per table, Bradley-Terry ratings and parameter sweeps
with a test of whether the values differ. Plain lists of dicts (no pandas needed);
:func:`to_markdown` prints any of them. The tests live in :mod:`nekolib.lab.inference`.

A player's *win share* in a game is its return: 1 for a win, 0 for a loss, ``1/k`` when
``k`` players share the win. Shares are averaged over the seats an agent (or a seat
number) played and given with a 95% Wilson score interval (fractional wins are fine: the
interval only needs the observed proportion and the count).
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from nekolib.core import NekoError
from nekolib.lab.inference import (
    binom_test,
    chi2_gof,
    chi2_homogeneity,
    holm,
    kruskal,
    lower_bound_all,
    norm_sf,
    seat_edge80,
    seat_trend,
    seat_trials_for,
    sweep_difference80,
)

__all__ = [
    "agent_shares",
    "bradley_terry",
    "established",
    "head_to_head",
    "labelled",
    "ladder",
    "pairwise_record",
    "pairwise_wins",
    "power_line",
    "seat_shares",
    "seat_tests",
    "sweep_summary",
    "sweep_tests",
    "tidy",
    "to_markdown",
    "wilson",
]

Row = Mapping[str, Any]
Z95 = 1.959963984540054
"""The standard normal quantile of 97.5% (two-sided 95%)."""


# --------------------------------------------------------------------------- intervals
def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (``(0, 1)`` when ``n == 0``).

    ``(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)`` (Wilson 1927).
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    centre = p + z2 / (2 * n)
    spread = z * math.sqrt(max(p * (1 - p), 0.0) / n + z2 / (4 * n * n))
    scale = 1 + z2 / n
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def _share(wins: float, n: int) -> dict[str, float]:
    low, high = wilson(wins, n)
    return {"n": n, "wins": wins, "share": wins / n if n else math.nan, "low": low, "high": high}


# --------------------------------------------------------------------------- tables
def tidy(rows: Iterable[Row]) -> list[dict[str, Any]]:
    """One flat dict per game: index, players, sweep values, seating, winner(s), length, ...

    ``winner`` is the winning seat, numbered from 1 as everywhere a user reads (seat 1: the
    row's first seat, index 0 of ``returns``; ``"tie"`` when shared); ``winner_agent`` its agent
    (agents joined with ``+`` on a tie); ``code``, ``commit`` and ``python``: the code that
    played the game (source hash, git commit, Python version; blank if not recorded).
    """
    table = []
    for row in rows:
        winners = row["winners"]
        flat: dict[str, Any] = {"index": row["index"], "players": row["players"]}
        flat.update(row.get("point", {}))
        flat["seats"] = " / ".join(row["seats"])
        flat["winner"] = winners[0] + 1 if len(winners) == 1 else "tie"
        flat["winner_agent"] = "+".join(dict.fromkeys(row["seats"][s] for s in winners))
        flat["length"] = row["length"]
        flat["returns"] = " ".join(_fmt(r) for r in row["returns"])
        if row.get("scores") is not None:
            flat["scores"] = " ".join(_fmt(s) for s in row["scores"])
        flat["seed"] = row["seed"]
        code = row.get("code") or {}
        flat["code"] = code.get("source") or ""
        flat["commit"] = code.get("commit") or ""
        flat["python"] = code.get("python") or ""
        table.append(flat)
    return table


def to_markdown(
    table: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None, digits: int = 3
) -> str:
    """A GitHub-markdown text table of a list of dicts (floats to ``digits`` places)."""
    if not table:
        return "(no rows)"
    columns = list(columns or dict.fromkeys(k for row in table for k in row))
    cells = [[_fmt(row.get(c, ""), digits) for c in columns] for row in table]
    widths = [max(len(str(c)), *(len(r[i]) for r in cells)) for i, c in enumerate(columns)]
    numeric = [all(_is_number(row.get(c)) for row in table) for c in columns]

    def line(values: Sequence[str]) -> str:
        parts = [
            v.rjust(w) if num else v.ljust(w)
            for v, w, num in zip(values, widths, numeric, strict=True)
        ]
        return "| " + " | ".join(parts) + " |"

    rule = (
        "|"
        + "|".join(
            ("-" * (w + 1) + ":") if n else "-" * (w + 2)
            for w, n in zip(widths, numeric, strict=True)
        )
        + "|"
    )
    return "\n".join([line([str(c) for c in columns]), rule, *(line(r) for r in cells)])


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _fmt(value: Any, digits: int = 3) -> str:
    if isinstance(value, float):
        if math.isnan(value):
            return "-"
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return f"{value:.{digits}f}"
    return str(value)


def labelled(rows: Iterable[Row], experiment: Mapping[str, Any]) -> list[dict[str, Any]]:
    """``rows`` with each seat's label showing the options the experiment gives it
    (``mcts`` -> ``mcts (iterations=100)``), for tables and charts."""
    from nekolib.lab.experiment import agent_label

    names: dict[str, str] = {}
    out = []
    for row in rows:
        seats = [names.setdefault(a, agent_label(experiment, a)) for a in row["seats"]]
        out.append({**row, "seats": seats})
    return out


# --------------------------------------------------------------------------- win shares
def agent_shares(rows: Iterable[Row]) -> list[dict[str, Any]]:
    """Per agent: seats played ``n``, wins (sum of returns), share and its Wilson 95% CI, and
    ``fair``, the share a player with no edge would expect (mean of 1/players)."""
    wins: dict[str, float] = defaultdict(float)
    seats: dict[str, int] = defaultdict(int)
    fair: dict[str, float] = defaultdict(float)
    for row in rows:
        for seat, agent in enumerate(row["seats"]):
            wins[agent] += row["returns"][seat]
            seats[agent] += 1
            fair[agent] += 1 / row["players"]
    return [
        {"agent": a, **_share(wins[a], seats[a]), "fair": fair[a] / seats[a]}
        for a in sorted(seats, key=lambda a: -wins[a] / seats[a])
    ]


def seat_shares(rows: Iterable[Row], by_point: bool = True) -> list[dict[str, Any]]:
    """Per (players, sweep point, seat): games, wins (sum of returns), ``solo`` wins,
    ``shared`` wins (draws when 2 play), share with Wilson 95% CI, the fair ``1/players``,
    the score test of share = fair (``p``) and Holm's adjustment (``p_holm``; ``edge`` is
    ``yes`` where it is below 0.05 **and** the seat's table is established by its own test,
    :func:`seat_tests`: single seats are read only after their table, so a seat is never
    flagged in a table the decision calls fair). The Holm family is every seat of every table in
    ``rows`` (player counts x sweep values), so a file with many tables does not find an
    edge by trying many; with 2 players both seats carry the table's exact test of the
    decisive games (draws left out), Holm-adjusted over the tables (:func:`seat_tests`).
    ``by_point=False`` pools the points: only for one rule variant. ``seat`` is numbered
    from 1 as everywhere a user reads (seat 1: index 0 of a row's ``returns``/``winners``).
    """
    groups = _seat_groups(rows, by_point)
    tests = {(t["players"], t.get("point", "")): t for t in seat_tests(rows, by_point)}
    out = []
    for (n, point), members in groups.items():
        for s in range(n):
            wins = sum(r["returns"][s] for r in members)
            solo = sum(1 for r in members if r["winners"] == [s])
            shared = sum(1 for r in members if s in r["winners"] and len(r["winners"]) > 1)
            entry: dict[str, Any] = {"players": n}
            if point:
                entry["point"] = point
            entry |= {"seat": s + 1, **_share(wins, len(members)), "solo": solo, "shared": shared}
            entry["fair"] = 1 / n
            entry["p"] = tests[n, point]["p"] if n == 2 else _score_p(wins, len(members), 1 / n)
            out.append(entry)
    many = [e for e in out if e["players"] > 2]
    for entry, p_adj in zip(many, holm([e["p"] for e in many]), strict=True):
        entry["p_holm"] = p_adj
    for entry in out:
        if entry["players"] == 2:
            entry["p_holm"] = tests[2, entry.get("point", "")]["p_holm"]
        table = tests[entry["players"], entry.get("point", "")]
        entry["edge"] = "yes" if entry["p_holm"] < 0.05 and established(table) else "no"
    return out


def seat_tests(rows: Iterable[Row], by_point: bool = True) -> list[dict[str, Any]]:
    """One test of "no seat has an edge" per player count (and sweep point), with its power
    and what it leaves possible.

    Two players: the exact binomial test of seat 1's wins among decisive games (draws, i.e.
    shared wins, left out and counted in ``D``). More: Pearson's chi-square of the wins per
    seat (a shared win split) against ``games / players`` each, and the ordered-seat trend
    test (:func:`~nekolib.lab.inference.seat_trend`: ``trend``, the winner's mean seat
    number minus the fair mean, negative when early seats win more; ``trend_p``).

    ``p_holm``: Holm over every test of the result (the family: player counts x sweep
    values); a table's edge is **established** when its ``p_holm`` is below 0.05
    (:func:`established`), so the chance that a run with fair seats establishes any edge
    is at most 5% (Holm's family-wise error). ``trend_holm``: the trend tests adjusted
    likewise, a lead only (never part of "established"). ``edge80``: the edge of one seat
    (the others equally below fair) that the table's own test finds with 80% power at
    Holm's first step over the family (5% / tables; exact binomial power with 2 players,
    noncentral chi-square with ``players - 1`` df with more:
    :func:`~nekolib.lab.inference.seat_power`); ``ci_edge``: the largest edge of any seat
    the 95% Wilson intervals leave possible (of seat 1's share of decisive games with 2
    players): where no edge is found, an edge this big is not ruled out. ``power``: the
    sentence.
    """
    out = []
    for (n, point), members in _seat_groups(rows, by_point).items():
        games = len(members)
        entry: dict[str, Any] = {"players": n}
        if point:
            entry["point"] = point
        if n == 2:
            w0 = sum(1 for r in members if r["winners"] == [0])
            w1 = sum(1 for r in members if r["winners"] == [1])
            draws = games - w0 - w1
            stat, df, p = float(w0), 0, binom_test(w0, w0 + w1)
            entry |= {"games": games, "W": w0, "D": draws, "L": w1}
            entry |= {"test": "exact binomial (seat 1 W vs L)", "statistic": stat}
            trials = w0 + w1
            low, high = wilson(w0, w0 + w1)
            ci_edge = max(0.5 - low, high - 0.5)
        else:
            wins = [sum(r["returns"][s] for r in members) for s in range(n)]
            stat, df, p = chi2_gof(wins, [games / n] * n)
            shared = sum(1 for r in members if len(r["winners"]) > 1)
            entry |= {"games": games, "shared": shared, "test": f"chi-square, {df} df"}
            entry["statistic"] = stat
            diff, _, trend_p = seat_trend([r["returns"] for r in members])
            entry |= {"trend": diff, "trend_p": trend_p}
            trials = games
            bounds = [wilson(w, games) for w in wins]
            ci_edge = max(max(1 / n - lo, hi - 1 / n) for lo, hi in bounds)
        entry |= {"p": p, "ci_edge": ci_edge, "trials": trials}
        out.append(entry)
    family = len(out)
    for entry, p_adj in zip(out, holm([e["p"] for e in out]), strict=True):
        entry["p_holm"] = p_adj
        entry["family"] = f"Holm over {family} test{'s' * (family > 1)}"
        trials = entry.pop("trials")
        entry["edge80"] = seat_edge80(trials, entry["players"], family)
        what = "decisive games" if entry["players"] == 2 else "games"
        entry["power"] = power_line(trials, entry["players"], family, what=what)
    trended = [e for e in out if "trend_p" in e and e["trend_p"] == e["trend_p"]]
    for entry, p_adj in zip(trended, holm([e["trend_p"] for e in trended]), strict=True):
        entry["trend_holm"] = p_adj
    for entry in out:
        entry["reading"] = _seat_reading(entry)
    return out


def established(test: Mapping[str, Any], level: float = 0.05) -> bool:
    """The one rule: a table's (or a sweep test's) edge is established when its test's
    Holm-adjusted p over its family is below ``level`` (trend tests are leads, not part of
    it), so the family-wise error is at most ``level``."""
    return test["p_holm"] < level


def _seat_reading(test: Mapping[str, Any]) -> str:
    """One sentence: what the table finds (by which test) and what it cannot rule out."""
    bound = f"an edge up to {100 * test['ci_edge']:.1f} points is not ruled out (95% CI)"
    lead = ""
    if test.get("trend_holm", 1.0) < 0.05 and not established(test):
        way = "early" if test["trend"] < 0 else "late"
        lead = (
            f"; a lead, not established: the ordered-seat trend says {way} seats win more "
            f"(Holm p {test['trend_holm']:.2g})"
        )
    if established(test):
        return f"a seat edge is established (Holm p {test['p_holm']:.2g}); {bound}"
    return (
        f"no seat edge established (Holm p {test['p_holm']:.2g}); it detects "
        f"{100 * test['edge80']:.1f} points with 80% power; {bound}{lead}"
    )


def _p(test: Mapping[str, Any]) -> str:
    parts = [f"{test['p_holm']:.2g}"]
    if "trend_holm" in test:
        parts.append(f"trend {test['trend_holm']:.2g}")
    return ", ".join(parts)


def power_line(n: int, players: int, tests: int = 1, target: float | None = None,
               what: str = "games") -> str:  # fmt: skip
    """``N games detect an edge of X points with 80% power (5%/k); M would detect Y``: one
    seat X points above fair, the table's own test at Holm's first step over ``tests``
    tables (:func:`~nekolib.lab.inference.seat_power`); ``what`` names the trials
    (``decisive games`` with 2 players)."""
    edge = seat_edge80(n, players, tests)
    if not math.isfinite(edge):
        more = seat_trials_for(0.1, players, tests)
        return (
            f"{n} {what} cannot detect any edge with 80% power at 5%/{tests}; "
            f"{more} would detect 10.0 points"
        )
    if target is None:
        target = max(0.005, math.floor(edge * 200) / 400)  # half the edge, to 0.5 points
    more = seat_trials_for(target, players, tests)
    test = "exact binomial" if players == 2 else f"chi-square, {players - 1} df"
    level = f"5%/{tests}, Holm over {tests} tables" if tests > 1 else "5% level"
    return (
        f"{n} {what} detect one seat {100 * edge:.1f} points above fair with 80% power "
        f"({test}, {level}); {more} would detect {100 * target:.1f}"
    )


def _score_p(wins: float, n: int, p0: float) -> float:
    """Two-sided score test of a proportion (normal approximation, null variance)."""
    if n == 0:
        return 1.0
    z = (wins / n - p0) / math.sqrt(p0 * (1 - p0) / n)
    return min(1.0, 2 * norm_sf(abs(z)))


def _seat_groups(rows: Iterable[Row], by_point: bool) -> dict[tuple[int, str], list[Row]]:
    groups: dict[tuple[int, str], list[Row]] = defaultdict(list)
    for row in rows:
        point = point_label(row.get("point") or {}) if by_point else ""
        groups[row["players"], point].append(row)
    return dict(sorted(groups.items(), key=lambda kv: kv[0][0]))


def point_label(point: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={_compact(v)}" for k, v in point.items())


def _compact(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ",".join(_compact(v) for v in value)
    return str(value)


# --------------------------------------------------------------------------- ratings
def pairwise_wins(rows: Iterable[Row]) -> dict[tuple[str, str], float]:
    """``wins[a, b]``: how often agent ``a`` finished above agent ``b`` (ties count 1/2).

    Every game contributes every pair of seats held by different agents, compared by return.
    """
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for row in rows:
        seats, returns = row["seats"], row["returns"]
        for i in range(len(seats)):
            for j in range(i + 1, len(seats)):
                a, b = seats[i], seats[j]
                if a == b:
                    continue
                ra, rb = returns[i], returns[j]
                wins[a, b] += 1.0 if ra > rb else 0.5 if ra == rb else 0.0
                wins[b, a] += 1.0 if rb > ra else 0.5 if ra == rb else 0.0
    return dict(wins)


def pairwise_record(rows: Iterable[Row]) -> dict[tuple[str, str], list[int]]:
    """``record[a, b] = [W, D, L]``: comparisons where ``a`` finished above, level with or
    below ``b`` (every pair of seats held by different agents, by return)."""
    record: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for row in rows:
        seats, returns = row["seats"], row["returns"]
        for i in range(len(seats)):
            for j in range(len(seats)):
                if i == j or seats[i] == seats[j]:
                    continue
                ra, rb = returns[i], returns[j]
                record[seats[i], seats[j]][0 if ra > rb else 1 if ra == rb else 2] += 1
    return dict(record)


def bradley_terry(
    wins: Mapping[tuple[str, str], float],
    anchor: str | None = None,
    prior: float = 0.5,
    iterations: int = 10_000,
    tol: float = 1e-12,
    start: Mapping[str, float] | None = None,
) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale (400·log10 of strength), ``anchor`` at 0.

    Fitted by Hunter's (2004) MM algorithm: ``p_i <- W_i / sum_j n_ij / (p_i + p_j)``.
    ``prior`` adds that many wins to both sides of every pair that met, so an agent that
    never won still gets a finite rating. ``prior=0`` is the plain maximum-likelihood fit,
    which is finite only when every agent has beaten (and lost to) the others' group
    (Ford 1957: the "finished above" graph is strongly connected): agents above the
    anchor's group then rate ``inf``, below it ``-inf``, neither ``nan``.
    ``anchor`` defaults to ``"random"`` if rated, else the first agent by name; ``start``:
    ratings to start the iteration from (the bootstrap starts from the full fit).
    """
    agents = sorted({a for pair in wins for a in pair})
    if not agents:
        return {}
    if not isinstance(prior, int | float) or prior < 0:
        raise NekoError(f"prior must be a number of wins >= 0; got {prior!r}")
    anchor = anchor if anchor in agents else ("random" if "random" in agents else agents[0])
    w = {(a, b): wins.get((a, b), 0.0) for a in agents for b in agents if a != b}
    met = {pair for pair in w if w[pair] + w[pair[::-1]] > 0}
    w = {pair: v + (prior if pair in met else 0.0) for pair, v in w.items()}
    beat = {a: {b for b in agents if b != a and w[a, b] > 0} for a in agents}
    reach = _closure(beat)
    group = [a for a in agents if a == anchor or (a in reach[anchor] and anchor in reach[a])]
    out = {}
    for a in agents:
        if a in group:
            continue
        above, below = anchor in reach[a], a in reach[anchor]
        out[a] = math.inf if above and not below else -math.inf if below else math.nan
    inner = {pair: v for pair, v in w.items() if pair[0] in group and pair[1] in group}
    first = {
        a: 10 ** (start[a] / 400) for a in group if start and math.isfinite(start.get(a, math.nan))
    }
    p = _mm(group, inner, iterations, tol, first)
    base = p[anchor]
    out |= {a: 400 * math.log10(p[a] / base) for a in group}
    return {a: out[a] for a in agents}


def _closure(beat: Mapping[str, set[str]]) -> dict[str, set[str]]:
    """Agents each agent reaches through "finished above" links (itself included)."""
    reach = {a: {a} | set(bs) for a, bs in beat.items()}
    for k in reach:
        for a in reach:
            if k in reach[a]:
                reach[a] |= reach[k]
    return reach


def _mm(
    agents: list[str],
    w: Mapping[tuple[str, str], float],
    iterations: int,
    tol: float,
    start: Mapping[str, float] | None = None,
) -> dict[str, float]:
    """Hunter's MM iteration on one strongly connected group (geometric mean 1)."""
    p = {a: (start or {}).get(a, 1.0) for a in agents}
    if len(agents) == 1:
        return p
    for _ in range(iterations):
        new = {}
        for a in agents:
            total = sum(w.get((a, b), 0.0) for b in agents if b != a)
            denom = sum(
                (w.get((a, b), 0.0) + w.get((b, a), 0.0)) / (p[a] + p[b]) for b in agents if b != a
            )
            new[a] = total / denom if denom > 0 else p[a]
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {a: v / scale for a, v in new.items()}
        change = max(abs(math.log(new[a] / p[a])) for a in agents)
        p = new
        if change < tol:
            break
    return p


def ladder(
    rows: Sequence[Row], anchor: str | None = None, bootstrap: int = 200, seed: int = 0
) -> list[dict[str, Any]]:
    """The strength ladder: per agent its Bradley-Terry rating (Elo scale, anchor 0, half-win
    prior) with a bootstrap 95% interval over games, and its win share with the Wilson 95%
    interval. Sorted strongest first.

    An agent with a perfect record against the anchor has no upper bound (``elo_high`` is
    ``inf``) and its lower end is the one-sided 95% bound of that record
    (:func:`head_to_head`), not the prior's artefact; likewise for a record of no wins.
    Whether two agents differ is :func:`head_to_head`'s question, not the overlap of these.
    """
    ratings = bradley_terry(pairwise_wins(rows), anchor)
    base = anchor if anchor in ratings else ("random" if "random" in ratings else min(ratings))
    spread = _bootstrap_ratings(rows, base, bootstrap, seed)
    shares = {s["agent"]: s for s in agent_shares(rows)}
    record = pairwise_record(rows)
    out = []
    for agent, rating in sorted(ratings.items(), key=lambda kv: -kv[1]):
        share = shares[agent]
        low, high = spread.get(agent, (math.nan, math.nan))
        wdl = record.get((agent, base), [0, 0, 0])
        note = ""
        if agent != base and sum(wdl) and wdl[0] == sum(wdl):
            low, high = _elo(lower_bound_all(sum(wdl))), math.inf
            note = f"unbeaten vs {base} ({wdl[0]}-0): one-sided bound"
        elif agent != base and sum(wdl) and wdl[2] == sum(wdl):
            low, high = -math.inf, -_elo(lower_bound_all(sum(wdl)))
            note = f"never above {base} (0-{wdl[2]}): one-sided bound"
        out.append(
            {
                "agent": agent,
                "elo": rating,
                "elo_low": low,
                "elo_high": high,
                "seats": share["n"],
                "win_share": share["share"],
                "low": share["low"],
                "high": share["high"],
                "fair": share["fair"],
                "note": note,
            }
        )
    return out


def head_to_head(
    rows: Sequence[Row], bootstrap: int = 200, seed: int = 0, order: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """Every pair of agents that met, stronger first (ladder order): comparisons ``n``,
    ``W``/``D``/``L`` (finished above / level / below), the first agent's score
    ``(W + D/2) / n`` with its Wilson 95% interval, the exact sign test of W against L
    (``p``; ``p_holm``: Holm-adjusted over the table's pairs), and the rating difference
    (Elo) with a bootstrap 95% interval.

    A perfect record (``L = D = 0``) has no finite difference: ``diff_low`` is then the
    one-sided 95% bound ``400·log10(q / (1 - q))``, ``q = 0.05^(1/n)`` (Clopper-Pearson),
    and ``diff_high`` is ``inf``.
    """
    ratings = bradley_terry(pairwise_wins(rows))
    order = list(order or sorted(ratings, key=lambda a: -ratings[a]))
    record = pairwise_record(rows)
    diffs = _bootstrap_diffs(rows, order, bootstrap, seed)
    out = []
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            if (a, b) not in record:
                continue
            w, d, lost = record[a, b]
            n = w + d + lost
            score = (w + d / 2) / n
            low, high = wilson(w + d / 2, n)
            entry: dict[str, Any] = {"pair": f"{a} - {b}", "n": n, "W": w, "D": d, "L": lost}
            entry |= {"score": score, "low": low, "high": high, "p": binom_test(w, w + lost)}
            entry["diff"] = ratings[a] - ratings[b]
            dlow, dhigh = diffs.get((a, b), (math.nan, math.nan))
            if lost == 0 and d == 0:
                dlow, dhigh = _elo(lower_bound_all(n)), math.inf
            elif w == 0 and d == 0:
                dlow, dhigh = -math.inf, -_elo(lower_bound_all(n))
            entry |= {"diff_low": dlow, "diff_high": dhigh}
            out.append(entry)
    for entry, p_adj in zip(out, holm([e["p"] for e in out]), strict=True):
        entry["p_holm"] = p_adj
    return out


def _elo(q: float) -> float:
    """The Elo difference of a score ``q``: ``400·log10(q / (1 - q))``."""
    if q <= 0:
        return -math.inf
    if q >= 1:
        return math.inf
    return 400 * math.log10(q / (1 - q))


def _bootstrap_diffs(
    rows: Sequence[Row], order: Sequence[str], rounds: int, seed: int
) -> dict[tuple[str, str], tuple[float, float]]:
    """2.5% and 97.5% quantiles of rating differences over ``rounds`` resamples of games."""
    if rounds <= 0 or not rows:
        return {}
    rng = random.Random(seed)
    samples: dict[tuple[str, str], list[float]] = defaultdict(list)
    full = bradley_terry(pairwise_wins(rows))
    for _ in range(rounds):
        resample = [rows[rng.randrange(len(rows))] for _ in rows]
        r = bradley_terry(pairwise_wins(resample), iterations=2000, tol=1e-9, start=full)
        for i, a in enumerate(order):
            for b in order[i + 1 :]:
                if a in r and b in r:
                    samples[a, b].append(r[a] - r[b])
    return {pair: (_quantile(v, 0.025), _quantile(v, 0.975)) for pair, v in samples.items()}


def _bootstrap_ratings(
    rows: Sequence[Row], anchor: str | None, rounds: int, seed: int
) -> dict[str, tuple[float, float]]:
    """2.5% and 97.5% quantiles of the ratings over ``rounds`` resamples of the games."""
    if rounds <= 0 or not rows:
        return {}
    rng = random.Random(seed)
    samples: dict[str, list[float]] = defaultdict(list)
    full = bradley_terry(pairwise_wins(rows), anchor)
    for _ in range(rounds):
        resample = [rows[rng.randrange(len(rows))] for _ in rows]
        for agent, r in bradley_terry(
            pairwise_wins(resample), anchor, iterations=2000, tol=1e-9, start=full
        ).items():
            samples[agent].append(r)
    return {a: (_quantile(v, 0.025), _quantile(v, 0.975)) for a, v in samples.items()}


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


# --------------------------------------------------------------------------- sweeps
def sweep_summary(rows: Iterable[Row], by: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Per sweep point (and player count): games, mean game length with a 95% normal
    interval, seat 1's win share with its Wilson interval (``seat1_low``/``seat1_high``)
    and, where shared wins happen, seat 1's ``W``/``D``/``L`` (solo win, shared win, no
    win); every seat's share (``seat1``, ``seat2`` ...: seats from 1, the first seat of the
    rows is seat 1; ``fair`` = 1/players); per agent its win share
    (``share_<agent>`` with ``_low``/``_high``) and mean score (``score_<agent>``).

    ``by``: the sweep keys to group on (default: every key of the rows' ``point``).
    Whether the values differ at all is :func:`sweep_tests`' question.
    """
    groups = _sweep_groups(rows, by)
    out = []
    for (players, *_), (point, members) in groups.items():
        n = len(members)
        lengths = [r["length"] for r in members]
        mean = sum(lengths) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / (n - 1)) if n > 1 else 0.0
        entry: dict[str, Any] = {"players": players, **point}
        entry |= {"games": n, "length": mean, "length_ci": Z95 * sd / math.sqrt(n)}
        entry["fair"] = 1 / players
        for seat in range(players):
            entry[f"seat{seat + 1}"] = sum(r["returns"][seat] for r in members) / n
            if seat == 0:
                entry["seat1_low"], entry["seat1_high"] = wilson(entry["seat1"] * n, n)
                w, d, lost = _wdl(members, 0)
                if d:
                    entry |= {"W": w, "D": d, "L": lost}
        for share in agent_shares(members) if len(_agents(members)) > 1 else []:
            a = share["agent"]
            entry[f"share_{a}"] = share["share"]
            entry[f"share_{a}_low"], entry[f"share_{a}_high"] = share["low"], share["high"]
        for agent, score in _mean_scores(members).items():
            entry[f"score_{agent}"] = score
        out.append(entry)
    return out


def sweep_tests(rows: Iterable[Row], by: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Do the sweep values differ? Per player count, one test per quantity over the values:
    game length (Kruskal-Wallis); seat 1's wins against losses among decisive games
    (chi-square of homogeneity of W/L: draws left out) and, where draws happen, the draw
    rate apart (D against W + L); likewise for the first agent when agents rotate.

    ``p_holm``: Holm over every test of the result (the family: quantities x player
    counts). ``edge80``: for a W/L test, the difference of two values' decisive win
    shares (the other values between them) that this omnibus chi-square (``values - 1``
    df, noncentral under the alternative, level 5% / family: Holm's first step) detects
    with 80% power, the fewest decisive games of any value, near the pooled share;
    ``ci_diff``: the largest difference of two values'
    decisive win shares their Wilson 95% intervals leave possible (highest upper end minus
    lowest lower end): where no difference is found, one this big is not ruled out."""
    groups = _sweep_groups(rows, by)
    counts = sorted({key[0] for key in groups})
    out = []
    for players in counts:
        mine = [members for key, (_, members) in groups.items() if key[0] == players]
        if len(mine) < 2:
            continue
        h, df, p = kruskal([[r["length"] for r in m] for m in mine])
        out.append(_test_row(players, "game length", "Kruskal-Wallis", h, df, p))
        tables = [("seat 1", [_wdl(m, 0) for m in mine])]
        agents = _agents([r for m in mine for r in m])
        if len(agents) > 1:
            tables.append((agents[0], [_agent_wdl(m, agents[0]) for m in mine]))
        for who, table in tables:
            out += _outcome_tests(players, who, table)
    real = [e for e in out if e["p"] == e["p"]]  # a quantity that never varied is no test
    family = len(real)
    for entry in out:
        entry["p_holm"] = math.nan
        entry["family"] = f"Holm over {family} tests"
    for entry, p_adj in zip(real, holm([e["p"] for e in real]), strict=True):
        entry["p_holm"] = p_adj
    for entry in out:
        if "decisive" in entry:
            n, pooled, k = entry.pop("decisive"), entry.pop("pooled"), entry.pop("values")
            entry["edge80"] = sweep_difference80(n, k, pooled, tests=family)
    return out


def _outcome_tests(players: int, who: str, table: list[list[int]]) -> list[dict[str, Any]]:
    """W vs L among decisive games and, if any game was drawn, the draw rate."""
    decisive = [[w, lost] for w, _, lost in table]
    stat, df, p = chi2_homogeneity(decisive)
    row = _test_row(players, f"{who} W vs L (decisive games)", "chi-square", stat, df, p)
    row["decisive"] = min(w + lost for w, lost in decisive)
    row["values"] = len(decisive)
    bounds = [wilson(w, w + lost) for w, lost in decisive if w + lost]
    if bounds:  # the largest difference of two values' decisive shares the intervals allow
        row["ci_diff"] = max(hi for _, hi in bounds) - min(lo for lo, _ in bounds)
    total = sum(w + lost for w, lost in decisive)
    row["pooled"] = sum(w for w, _ in decisive) / total if total else 0.5
    out = [row]
    if any(d for _, d, _ in table):
        stat, df, p = chi2_homogeneity([[d, w + lost] for w, d, lost in table])
        out.append(_test_row(players, f"{who} draw rate", "chi-square", stat, df, p))
    return out


def _test_row(players: int, quantity: str, test: str, stat: float, df: int, p: float) -> dict:
    if df == 0:
        test, stat, p = "none: every value gave the same outcomes", math.nan, math.nan
        return {"players": players, "quantity": quantity, "test": test, "statistic": stat, "p": p}
    return {"players": players, "quantity": quantity, "test": f"{test}, {df} df",
            "statistic": stat, "p": p}  # fmt: skip


def _sweep_groups(
    rows: Iterable[Row], by: Sequence[str] | None
) -> dict[tuple[Any, ...], tuple[dict[str, Any], list[Row]]]:
    groups: dict[tuple[Any, ...], tuple[dict[str, Any], list[Row]]] = {}
    keys: list[str] | None = list(by) if by is not None else None
    for row in rows:
        point = row.get("point", {})
        if keys is None:
            keys = list(point)
        group = (row["players"], *(_key(point.get(k)) for k in keys))
        groups.setdefault(group, ({k: point.get(k) for k in keys}, []))[1].append(row)
    return groups


def _agents(rows: Sequence[Row]) -> list[str]:
    return list(dict.fromkeys(a for r in rows for a in r["seats"]))


def _wdl(rows: Sequence[Row], seat: int) -> list[int]:
    """Seat ``seat``'s solo wins, shared wins and games without a win."""
    w = sum(1 for r in rows if r["winners"] == [seat])
    d = sum(1 for r in rows if seat in r["winners"] and len(r["winners"]) > 1)
    return [w, d, len(rows) - w - d]


def _agent_wdl(rows: Sequence[Row], agent: str) -> list[int]:
    """Over the seats ``agent`` held: solo wins, shared wins, no win."""
    w = d = n = 0
    for r in rows:
        for seat, a in enumerate(r["seats"]):
            if a == agent:
                n += 1
                w += r["winners"] == [seat]
                d += seat in r["winners"] and len(r["winners"]) > 1
    return [w, d, n - w - d]


def _mean_scores(rows: Sequence[Row]) -> dict[str, float]:
    """Per agent, its mean final score over the seats it played (games without scores: none)."""
    total: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    for row in rows:
        for seat, score in enumerate(row.get("scores") or ()):
            if score is not None:
                total[row["seats"][seat]] += score
                count[row["seats"][seat]] += 1
    return {a: total[a] / count[a] for a in sorted(count)}


def _key(value: Any) -> Any:
    return tuple(_key(v) for v in value) if isinstance(value, list) else value
