"""Summaries of result rows: tidy tables, win shares with Wilson intervals, seat advantage,
Bradley-Terry ratings and parameter sweeps. Plain lists of dicts (no pandas needed);
:func:`to_markdown` prints any of them.

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

__all__ = [
    "agent_shares",
    "bradley_terry",
    "ladder",
    "pairwise_wins",
    "seat_shares",
    "sweep_summary",
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

    ``winner`` is the winning seat (``"tie"`` when shared); ``winner_agent`` its agent
    (agents joined with ``+`` on a tie).
    """
    table = []
    for row in rows:
        winners = row["winners"]
        flat: dict[str, Any] = {"index": row["index"], "players": row["players"]}
        flat.update(row.get("point", {}))
        flat["seats"] = " / ".join(row["seats"])
        flat["winner"] = winners[0] if len(winners) == 1 else "tie"
        flat["winner_agent"] = "+".join(dict.fromkeys(row["seats"][s] for s in winners))
        flat["length"] = row["length"]
        flat["returns"] = " ".join(_fmt(r) for r in row["returns"])
        if row.get("scores") is not None:
            flat["scores"] = " ".join(_fmt(s) for s in row["scores"])
        flat["seed"] = row["seed"]
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


def seat_shares(rows: Iterable[Row]) -> list[dict[str, Any]]:
    """Per (players, seat): games, wins, share with Wilson 95% CI, and the fair ``1/players``.

    Seat advantage shows as a share outside ``fair``; rotating seatings make it a property of
    the seat, not of who sat there.
    """
    wins: dict[tuple[int, int], float] = defaultdict(float)
    games: dict[tuple[int, int], int] = defaultdict(int)
    for row in rows:
        for seat, r in enumerate(row["returns"]):
            wins[row["players"], seat] += r
            games[row["players"], seat] += 1
    return [
        {"players": n, "seat": s, **_share(wins[n, s], games[n, s]), "fair": 1 / n}
        for n, s in sorted(games)
    ]


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


def bradley_terry(
    wins: Mapping[tuple[str, str], float],
    anchor: str | None = None,
    prior: float = 0.5,
    iterations: int = 10_000,
    tol: float = 1e-12,
) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale (400·log10 of strength), ``anchor`` at 0.

    Fitted by Hunter's (2004) MM algorithm: ``p_i <- W_i / sum_j n_ij / (p_i + p_j)``.
    ``prior`` adds that many wins to both sides of every pair that met, so an agent that
    never won still gets a finite rating (``prior=0``: the plain maximum-likelihood fit).
    ``anchor`` defaults to ``"random"`` if rated, else the first agent by name.
    """
    agents = sorted({a for pair in wins for a in pair})
    if not agents:
        return {}
    w = {(a, b): wins.get((a, b), 0.0) for a in agents for b in agents if a != b}
    met = {pair for pair in w if w[pair] + w[pair[::-1]] > 0}
    w = {pair: v + (prior if pair in met else 0.0) for pair, v in w.items()}
    p = dict.fromkeys(agents, 1.0)
    for _ in range(iterations):
        new = {}
        for a in agents:
            total = sum(w[a, b] for b in agents if b != a)
            denom = sum((w[a, b] + w[b, a]) / (p[a] + p[b]) for b in agents if b != a)
            new[a] = total / denom if denom > 0 else p[a]
        scale = math.exp(sum(math.log(max(v, 1e-300)) for v in new.values()) / len(new))
        new = {a: v / scale for a, v in new.items()}
        change = max(abs(math.log(max(new[a], 1e-300) / max(p[a], 1e-300))) for a in agents)
        p = new
        if change < tol:
            break
    anchor = anchor if anchor in p else ("random" if "random" in p else agents[0])
    base = p[anchor]
    return {a: 400 * math.log10(max(p[a], 1e-300) / base) for a in agents}


def ladder(
    rows: Sequence[Row], anchor: str | None = None, bootstrap: int = 200, seed: int = 0
) -> list[dict[str, Any]]:
    """The strength ladder: per agent its Bradley-Terry rating (Elo scale, anchor 0) with a
    bootstrap 95% interval over games, and its win share with the Wilson 95% interval.
    Sorted strongest first."""
    ratings = bradley_terry(pairwise_wins(rows), anchor)
    spread = _bootstrap_ratings(rows, anchor, bootstrap, seed)
    shares = {s["agent"]: s for s in agent_shares(rows)}
    out = []
    for agent, rating in sorted(ratings.items(), key=lambda kv: -kv[1]):
        share = shares[agent]
        low, high = spread.get(agent, (math.nan, math.nan))
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
            }
        )
    return out


def _bootstrap_ratings(
    rows: Sequence[Row], anchor: str | None, rounds: int, seed: int
) -> dict[str, tuple[float, float]]:
    """2.5% and 97.5% quantiles of the ratings over ``rounds`` resamples of the games."""
    if rounds <= 0 or not rows:
        return {}
    rng = random.Random(seed)
    samples: dict[str, list[float]] = defaultdict(list)
    for _ in range(rounds):
        resample = [rows[rng.randrange(len(rows))] for _ in rows]
        for agent, r in bradley_terry(
            pairwise_wins(resample), anchor, iterations=500, tol=1e-9
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
    interval, every seat's win share (``seat0`` ...; ``fair`` = 1/players), and per agent
    its win share (``share_<agent>``) and mean score (``score_<agent>``, if games score).

    ``by``: the sweep keys to group on (default: every key of the rows' ``point``).
    Intervals of the shares: :func:`wilson` of ``share * games`` (seats) or
    :func:`agent_shares` of the group's rows (agents).
    """
    groups: dict[tuple[Any, ...], list[Row]] = defaultdict(list)
    keys: list[str] | None = list(by) if by is not None else None
    for row in rows:
        point = row.get("point", {})
        if keys is None:
            keys = list(point)
        groups[(row["players"], *(_key(point.get(k)) for k in keys))].append(row)
    out = []
    for group_key, members in groups.items():
        n, players = len(members), group_key[0]
        lengths = [r["length"] for r in members]
        mean = sum(lengths) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / (n - 1)) if n > 1 else 0.0
        entry: dict[str, Any] = {"players": players}
        entry.update({k: members[0]["point"].get(k) for k in keys or []})
        entry |= {"games": n, "length": mean, "length_ci": Z95 * sd / math.sqrt(n)}
        entry["fair"] = 1 / players
        for seat in range(players):
            entry[f"seat{seat}"] = sum(r["returns"][seat] for r in members) / n
        for share in agent_shares(members):
            entry[f"share_{share['agent']}"] = share["share"]
        for agent, score in _mean_scores(members).items():
            entry[f"score_{agent}"] = score
        out.append(entry)
    return out


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
