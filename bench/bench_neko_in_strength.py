"""Strength of the Neko-in hint player: one expectimax player against greedy opponents.

    python bench/bench_neko_in_strength.py                 # 3 and 4 players, 1200 games each
    python bench/bench_neko_in_strength.py --games 120 --players 3
    python bench/bench_neko_in_strength.py --version events
    python bench/bench_neko_in_strength.py --ref HEAD~1     # also that commit's player, same games

The new player sits in one seat and greedy players in all the others; its seat rotates
game by game (seat-balanced: ``games`` a multiple of the player count). Game ``g`` is
seeded (deal ``new_game(seed=g)``, agents and dice ``random.Random(g)``), so a rerun gives
the same table. Reported: its score share, the Wilson 95% interval
(:func:`nekolib.lab.stats.wilson`), the fair share 1/n, the share per seat, and the time
of its hints (``choose`` then ``explain``: median, 99th percentile, worst).

An agent that reads the moves so far (``reads_history``, the hint player since issue 42) is
given the match so far at every decision, as the widget gives it. ``--ref REV`` also plays
the hint player of git revision ``REV`` (its ``nekolib/neko_in/planner.py``, loaded beside
this one) in the same seeded games, so the two are measured side by side.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from nekolib.core import TABLE, play_out
from nekolib.lab.stats import wilson
from nekolib.neko_in.agents import AGENTS, GreedyAgent, TableAgent
from nekolib.neko_in.rules import Params, new_game


class Timed:
    """An agent whose decision times are recorded: ``choose`` plus ``explain``, as a hint;
    one that reads the moves so far is given ``pairs`` (filled by ``play_out``'s ``on_step``)."""

    def __init__(self, agent: Any, times: list[float], pairs: list, seats: tuple) -> None:
        self.agent, self.times, self.name, self.pairs = agent, times, agent.name, pairs
        self.seats = seats

    def choose(self, state: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        past: dict[str, Any] = {}
        if getattr(self.agent, "reads_history", False):
            past["history"] = self.pairs
        if getattr(self.agent, "reads_seats", False):
            past["seats"] = self.seats
        takes = inspect.signature(self.agent.choose).parameters
        action = self.agent.choose(state, rng, **{k: v for k, v in past.items() if k in takes})
        explain = getattr(self.agent, "explain", None)
        if explain is not None:
            takes = inspect.signature(explain).parameters
            explain(state, action, **{k: v for k, v in past.items() if k in takes})
        self.times.append(time.perf_counter() - start)
        return action


def reference_agent(rev: str) -> Any:
    """The hint player of git revision ``rev``: its planner module loaded under another name."""
    source = subprocess.run(
        ["git", "show", f"{rev}:nekolib/neko_in/planner.py"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parent.parent,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "reference_planner.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("reference_planner", path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["reference_planner"] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return lambda: module.ExpectimaxAgent(name=f"expectimax@{rev}")


def play_games(
    players: int,
    games: int,
    agent: Any = "expectimax",
    version: str = "classic",
    first: int = 0,
    times: list[float] | None = None,
) -> tuple[float, list[float]]:
    """(summed returns of ``agent`` (a name in ``AGENTS`` or a factory), its returns per
    seat) over seat-rotated seeded games."""
    params = Params(version=version)  # type: ignore[arg-type]
    make = AGENTS[agent] if isinstance(agent, str) else agent
    score, per_seat = 0.0, [0.0] * players
    for g in range(first, first + games):
        seat = g % players
        pairs: list = []
        seats = tuple("expectimax" if p == seat else "greedy" for p in range(players))
        mine = Timed(make(), [] if times is None else times, pairs, seats)
        agents = {p: (mine if p == seat else GreedyAgent()) for p in range(players)}
        final, _ = play_out(
            new_game(players, seed=g, params=params),
            agents | {TABLE: TableAgent()},
            random.Random(g),
            on_step=lambda before, action, after, pairs=pairs: pairs.append((before, action)),
        )
        score += final.returns()[seat]
        per_seat[seat] += final.returns()[seat]
    return score, per_seat


def report(players: int, games: int, version: str, agent: Any, label: str, first: int) -> None:
    times: list[float] = []
    start = time.perf_counter()
    score, per_seat = play_games(players, games, agent, version, first, times=times)
    seconds = time.perf_counter() - start
    lo, hi = wilson(score, games)
    seats = ", ".join(f"{s / (games / players):.3f}" for s in per_seat)
    times.sort()
    print(
        f"| {label} | {version} | {players} | {games} | {score:g}/{games} = {score / games:.3f} | "
        f"[{lo:.3f}, {hi:.3f}] | 1/{players} = {1 / players:.3f} | {seats} | "
        f"{statistics.median(times) * 1000:.1f} / {times[int(0.99 * len(times))] * 1000:.1f} / "
        f"{times[-1] * 1000:.1f} ms ({len(times)}) | {seconds:.0f} s |",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4])
    parser.add_argument("--version", default="classic", choices=["classic", "events"])
    parser.add_argument("--agent", default="expectimax")
    parser.add_argument("--ref", help="also play this git revision's hint player")
    parser.add_argument("--first", type=int, default=0, help="seed of the first game")
    args = parser.parse_args()
    print(
        "| player | version | players | games | score | Wilson 95% | fair | share by seat | "
        "hint median / p99 / worst (hints) | time |"
    )
    print("|---|---|---:|---:|---|---|---|---|---|---:|")
    players: list[tuple[str, Any]] = [(args.agent, args.agent)]
    if args.ref:
        players.append((f"expectimax@{args.ref}", reference_agent(args.ref)))
    for n in args.players:
        for label, agent in players:
            report(n, args.games, args.version, agent, label, args.first)


if __name__ == "__main__":
    main()
