"""The Manekinecollection odds player against greedy opponents: share, Wilson 95%, move time.

    python bench/bench_manekinecollection_strength.py 2 --games 400   # ~11 min on a busy core
    python bench/bench_manekinecollection_strength.py 3 --games 240
    python bench/bench_manekinecollection_strength.py 4 --games 160

One ``odds`` player (``AGENTS["odds"]``) and ``n - 1`` greedy players; the odds player's
seat rotates (game ``g``: seat ``g % n``), so every seat is played equally often. Game
``g`` is seeded: the deal ``new_game(n, seed=SEED + g)``, draws and agents
``random.Random(SEED + g)``. Reported: the odds player's win share (returns summed: a win
1, a shared win 1/k) with its 95% Wilson interval (``nekolib.lab.stats.wilson``) against
the fair share 1/n, per seat, and the seconds per decision of the odds player (median,
90th percentile, worst). The CI test ``tests/test_manekinecollection_strength.py`` plays
the first games of the 2-player run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from nekolib.core import play_out
from nekolib.lab.stats import wilson
from nekolib.manekinecollection.agents import AGENTS
from nekolib.manekinecollection.rules import MNState, new_game

SEED = 50_000
"""First game seed of the bench (the CI test uses the same seeds)."""


class Timed:
    """Wraps an agent and records the seconds of each of its decisions."""

    def __init__(self, agent: Any) -> None:
        self.agent, self.name, self.seconds = agent, agent.name, []

    def choose(self, state: MNState, rng: random.Random) -> Any:
        start = time.perf_counter()
        action = self.agent.choose(state, rng)
        self.seconds.append(time.perf_counter() - start)
        return action


def play_game(n: int, g: int, odds: Any) -> float:
    """Game ``g``: the odds player in seat ``g % n``, greedy elsewhere; its return."""
    seat = g % n
    agents = [AGENTS["greedy"]() for _ in range(n)]
    agents[seat] = odds
    final, _ = play_out(new_game(n, seed=SEED + g), agents, random.Random(SEED + g))
    return final.returns()[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("players", type=int, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    n, games = args.players, args.games
    odds = Timed(AGENTS["odds"]())
    by_seat = [[] for _ in range(n)]
    start = time.perf_counter()
    for g in range(games):
        by_seat[g % n].append(play_game(n, g, odds))
    wall = time.perf_counter() - start
    wins = sum(sum(s) for s in by_seat)
    lo, hi = wilson(wins, games)
    print(f"odds vs {n - 1} greedy, {n} players: {games} games, seats rotated, {wall:.0f} s")
    share = f"share {wins / games:.3f} ({wins:g} wins)"
    print(f"{share} [95% Wilson {lo:.3f}, {hi:.3f}]; fair {1 / n:.3f}")
    for seat, results in enumerate(by_seat):
        s_lo, s_hi = wilson(sum(results), len(results))
        print(
            f"  seat {seat}: {sum(results) / len(results):.3f} of {len(results)} "
            f"[{s_lo:.3f}, {s_hi:.3f}]"
        )
    secs = sorted(odds.seconds)
    p90 = secs[int(0.9 * (len(secs) - 1))]
    print(
        f"odds move time over {len(secs)} decisions: "
        f"median {statistics.median(secs) * 1e3:.0f} ms, "
        f"90% {p90 * 1e3:.0f} ms, worst {secs[-1] * 1e3:.0f} ms"
    )


if __name__ == "__main__":
    main()
