"""Strength of the Neko-in hint player: one expectimax player against greedy opponents.

    python bench/bench_neko_in_strength.py                 # 3 and 4 players, 1200 games each
    python bench/bench_neko_in_strength.py --games 120 --players 3
    python bench/bench_neko_in_strength.py --version events
    python bench/bench_neko_in_strength.py --timing 300    # hint move times only

The new player sits in one seat and greedy players in all the others; its seat rotates
game by game (seat-balanced: ``games`` a multiple of the player count). Game ``g`` is
seeded (deal ``new_game(seed=g)``, agents and dice ``random.Random(g)``), so a rerun gives
the same table. Reported: its score share, the Wilson 95% interval
(:func:`nekolib.lab.stats.wilson`), the fair share 1/n, the share per seat, and the time
of its hints (``choose`` then ``explain``: median, 99th percentile, worst).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from nekolib.core import TABLE, play_out
from nekolib.lab.stats import wilson
from nekolib.neko_in.agents import AGENTS, GreedyAgent, TableAgent
from nekolib.neko_in.rules import Params, new_game


class Timed:
    """An agent whose decision times are recorded: ``choose`` plus ``explain``, as a hint."""

    def __init__(self, agent: Any, times: list[float]) -> None:
        self.agent, self.times, self.name = agent, times, agent.name

    def choose(self, state: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        action = self.agent.choose(state, rng)
        explain = getattr(self.agent, "explain", None)
        if explain is not None:
            explain(state, action)
        self.times.append(time.perf_counter() - start)
        return action


def play_games(
    players: int,
    games: int,
    agent: str = "expectimax",
    version: str = "classic",
    first: int = 0,
    times: list[float] | None = None,
) -> tuple[float, list[float]]:
    """(summed returns of ``agent``, its returns per seat) over seat-rotated seeded games."""
    params = Params(version=version)  # type: ignore[arg-type]
    score, per_seat = 0.0, [0.0] * players
    for g in range(first, first + games):
        seat = g % players
        new = AGENTS[agent]()
        mine = new if times is None else Timed(new, times)
        agents = {p: (mine if p == seat else GreedyAgent()) for p in range(players)}
        final, _ = play_out(
            new_game(players, seed=g, params=params),
            agents | {TABLE: TableAgent()},
            random.Random(g),
        )
        score += final.returns()[seat]
        per_seat[seat] += final.returns()[seat]
    return score, per_seat


def report(players: int, games: int, version: str, agent: str) -> None:
    times: list[float] = []
    start = time.perf_counter()
    score, per_seat = play_games(players, games, agent, version, times=times)
    seconds = time.perf_counter() - start
    lo, hi = wilson(score, games)
    seats = ", ".join(f"{s / (games / players):.3f}" for s in per_seat)
    times.sort()
    print(
        f"| {version} | {players} | {games} | {score:g}/{games} = {score / games:.3f} | "
        f"[{lo:.3f}, {hi:.3f}] | 1/{players} = {1 / players:.3f} | {seats} | "
        f"{statistics.median(times) * 1000:.1f} / {times[int(0.99 * len(times))] * 1000:.1f} / "
        f"{times[-1] * 1000:.1f} ms ({len(times)}) | {seconds:.0f} s |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4])
    parser.add_argument("--version", default="classic", choices=["classic", "events"])
    parser.add_argument("--agent", default="expectimax")
    args = parser.parse_args()
    print(
        "| version | players | games | score | Wilson 95% | fair | share by seat | "
        "hint median / p99 / worst (hints) | time |"
    )
    print("|---|---:|---:|---|---|---|---|---|---:|")
    for n in args.players:
        report(n, args.games, args.version, args.agent)


if __name__ == "__main__":
    main()
