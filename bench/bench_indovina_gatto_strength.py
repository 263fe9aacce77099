"""Strength and speed of the Indovina Gatto lookahead player
(``python bench/bench_indovina_gatto_strength.py``).

Head to head, 2 players as in ``experiments/indovina_gatto_ladder.toml``, seat-balanced
(:func:`~nekolib.indovina_gatto.agents.duel`: every deal played twice, the lookahead
player once in each seat): its share of the wins (a shared win counts 1/2) with the
Wilson 95% interval of :func:`nekolib.lab.stats.wilson`. The goal of the issue: the lower
end above 0.5 against MCTS and against greedy. Then the time the lookahead player takes
per decision (median and worst, goal < 200 ms and < 1 s) and the time MCTS takes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from nekolib.core import make_rng
from nekolib.indovina_gatto.agents import AGENTS, duel
from nekolib.indovina_gatto.rules import new_game
from nekolib.lab.stats import wilson

MEDIAN_GOAL, WORST_GOAL = 0.2, 1.0


def strength(opponent: str, games: int, seed: int) -> float:
    """Print one head-to-head line; return the Wilson lower bound."""
    start = time.perf_counter()
    won, shared, lost = duel(AGENTS["lookahead"], AGENTS[opponent], games, seed=seed)
    share = (won + shared / 2) / games
    low, high = wilson(won + shared / 2, games)
    print(
        f"lookahead vs {opponent:9} {won:4}-{shared}-{lost:<4} games {games:4}  "
        f"share {share:.3f}  Wilson 95% [{low:.3f}, {high:.3f}]  "
        f"({time.perf_counter() - start:.0f} s)",
        flush=True,
    )
    return low


def decision_times(name: str, players: int, games: int) -> list[float]:
    """Seconds per decision of agent ``name`` in every seat of seeded games."""
    agent, times = AGENTS[name](), []
    for seed in range(games):
        state, rng = new_game(players, seed=seed), make_rng(seed)
        while not state.is_terminal():
            start = time.perf_counter()
            action = agent.choose(state, rng)
            times.append(time.perf_counter() - start)
            state = state.apply(action)
    return times


def report_times(label: str, times: list[float]) -> None:
    print(
        f"{label:34} decisions {len(times):4}  median {statistics.median(times) * 1e3:6.1f} ms"
        f"  worst {max(times) * 1e3:7.1f} ms",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mcts-games", type=int, default=120)
    parser.add_argument("--games", type=int, default=600, help="against greedy and expected")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-timing", action="store_true")
    args = parser.parse_args(argv)

    print("Indovina Gatto, 2 players, lookahead player against each, seat-balanced")
    lows = [strength("mcts", args.mcts_games, args.seed)]
    lows += [strength(name, args.games, args.seed) for name in ("greedy", "expected")]
    ok = all(low > 0.5 for low in lows[:2])
    if not args.no_timing:
        every: list[float] = []
        for players, games in ((2, 20), (3, 10), (4, 8)):
            times = decision_times("lookahead", players, games)
            report_times(f"lookahead, {players} players", times)
            every += times
        report_times("lookahead, every decision", every)
        ok &= statistics.median(every) < MEDIAN_GOAL and max(every) < WORST_GOAL
        report_times("mcts (iterations=100), 2 players", decision_times("mcts", 2, 5))
    print("goals met" if ok else "GOALS NOT MET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
