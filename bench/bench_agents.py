"""Strength ladder of the computer players of every game: MCTS (two budgets), greedy, random.

    python bench/bench_agents.py                      # every game, 40 games a pairing
    python bench/bench_agents.py --quick              # 10 games a pairing, small budgets
    python bench/bench_agents.py neko_boss --games 100 --budgets 50 400
    python bench/bench_agents.py manekinecollection --games 20 --budgets 10 40  # ~12 min

A Manekinecollection simulation costs ~10 ms (its rules), so budgets 50/200 there take hours.

For every pairing of two agents A and B, A plays one seat and B every other seat (the
game's smallest player count), A's seat rotating over the games. Reported: A's score share
(returns summed: a win 1, a shared win 1/k) with its 95% Wilson interval, against the
fair share 1/n; and the seconds per decision of every agent. Every game is seeded (deal
``new_game(seed=g)``, agents and dice ``random.Random(g)``), so a rerun gives the same table.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import nekolib
from nekolib.core import TABLE, RandomAgent, game_module, play_out


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    lo, hi = (centre - margin) / (1 + z * z / n), (centre + margin) / (1 + z * z / n)
    return max(0.0, lo), min(1.0, hi)


@dataclass
class Timed:
    """An agent whose decisions are counted and timed."""

    agent: Any
    clock: dict[str, list[float]] = field(default_factory=lambda: defaultdict(lambda: [0.0, 0]))
    label: str = ""

    @property
    def name(self) -> str:
        return self.agent.name

    def choose(self, state: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        action = self.agent.choose(state, rng)
        tally = self.clock[self.label]
        tally[0] += time.perf_counter() - start
        tally[1] += 1
        return action


def lineup(key: str, budgets: list[int]) -> dict[str, Any]:
    """Label -> zero-argument factory: MCTS at each budget, greedy, random."""
    agents = game_module(f"nekolib.{key}", "agents").AGENTS
    found: dict[str, Any] = {}
    if "mcts" in agents:
        for b in budgets:
            found[f"mcts-{b}"] = lambda b=b: agents["mcts"](iterations=b)
    for name in ("greedy", "random"):
        if name in agents:
            found[name] = agents[name]
    return found


def table_agent(key: str) -> Any:
    module = game_module(f"nekolib.{key}", "agents")
    return getattr(module, "TableAgent", RandomAgent)()


def play_pairing(
    key: str, a: str, b: str, factories: dict[str, Any], games: int, clock: dict
) -> float:
    """A's summed returns over ``games`` games against B in every other seat."""
    info = nekolib.games()[key]
    n = info.min_players
    score = 0.0
    for g in range(games):
        seat = g % n
        seats = [
            Timed(factories[a if p == seat else b](), clock, a if p == seat else b)
            for p in range(n)
        ]
        agents = dict(enumerate(seats)) | {TABLE: table_agent(key)}
        final, _ = play_out(info.new_game(num_players=n, seed=g), agents, random.Random(g))
        score += final.returns()[seat]
    return score


def ladder(key: str, budgets: list[int], games: int) -> None:
    info = nekolib.games()[key]
    n = info.min_players
    factories = lineup(key, budgets)
    clock: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    print(f"\n## {info.title} ({n} players, {games} games a pairing, fair share {1 / n:.2f})\n")
    print("| agent | against | score share | 95% Wilson interval |")
    print("|---|---|---|---|")
    start = time.perf_counter()
    for a, b in itertools.combinations(factories, 2):
        score = play_pairing(key, a, b, factories, games, clock)
        lo, hi = wilson(score, games)
        print(f"| {a} | {b} | {score / games:.2f} ({score:g}/{games}) | {lo:.2f} - {hi:.2f} |")
    print(f"\nseconds per decision ({time.perf_counter() - start:.0f} s in all):")
    for label in factories:
        total, count = clock[label]
        if count:
            print(f"  {label:>10}: {total / count:.4f} s ({count} decisions)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_run", nargs="*", help="game keys (default: every game)")
    parser.add_argument("--games", type=int, default=40, help="games a pairing")
    parser.add_argument("--budgets", type=int, nargs=2, default=[50, 200])
    parser.add_argument("--quick", action="store_true", help="10 games, budgets 10 and 30")
    args = parser.parse_args()
    games, budgets = (10, [10, 30]) if args.quick else (args.games, args.budgets)
    for key in args.games_to_run or sorted(nekolib.games()):
        ladder(key, budgets, games)


if __name__ == "__main__":
    main()
