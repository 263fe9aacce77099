"""Time the exact Indovina Gatto posterior (``python bench/bench_indovina_gatto.py``).

Goal from the issue: a late-game 4-player position in < 0.1 s. Four expected-points
players play seeded games; at every decision the posterior of the decider's view is
timed. "Late" = the last third of the cats played in that game. The brute-force
enumeration is timed on the same late positions for comparison.
"""

from __future__ import annotations

import statistics
import sys
import time

from nekolib.core import make_rng
from nekolib.indovina_gatto.analysis import (
    ExpectedPointsAgent,
    brute_force_posterior,
    posterior,
    sample_game,
)
from nekolib.indovina_gatto.rules import PLAY, Pass, new_game

GOAL_SECONDS = 0.1


def positions(seed: int, players: int = 4) -> list:
    """Every decision state of one seeded game between expected-points players."""
    return sample_game(players, seed, agents=[ExpectedPointsAgent()] * players)[:-1]


def timed(fn, *args, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - start)
    return best


def cautious_positions(seed: int, players: int = 4, cats: int = 24) -> list:
    """Decision states of random players who never guess: many cats, no trait unmasked."""
    state, rng, out = new_game(players, seed=seed), make_rng(seed), []
    while not state.is_terminal() and len(state.table) < cats:
        out.append(state)
        state = state.apply(rng.choice(state.legal_actions()) if state.phase == PLAY else Pass())
    return out


def report(label: str, times: list[float]) -> None:
    print(
        f"{label:44} n={len(times):4}  mean {statistics.mean(times) * 1e3:6.2f} ms"
        f"  max {max(times) * 1e3:6.2f} ms"
    )


def main(games: int = 10) -> int:
    expert_all, expert_late, cautious_late, fast8, brute8 = [], [], [], [], []
    for seed in range(games):
        states = positions(seed)
        cats = max(len(s.table) for s in states)
        for s in states:
            t = timed(posterior, s.view(s.current_player()))
            expert_all.append(t)
            if len(s.table) >= 2 * cats / 3:
                expert_late.append(t)
        for s in cautious_positions(seed):
            view = s.view(s.current_player())
            if len(s.table) >= 16:
                cautious_late.append(timed(posterior, view))
            if len(s.table) == 8 and s.phase == PLAY:
                fast8.append(timed(posterior, view))
                brute8.append(timed(brute_force_posterior, view, repeat=1))
    print(f"Indovina Gatto exact posterior, 4 players, {games} seeded games per scenario")
    report("expected-points players, every position", expert_all)
    report("expected-points players, last third (late)", expert_late)
    report("never-guessing players, 16-24 cats (late)", cautious_late)
    report("never-guessing players, 8 cats: posterior", fast8)
    report("never-guessing players, 8 cats: brute force", brute8)
    ratio = statistics.mean(brute8) / statistics.mean(fast8)
    print(f"brute force / class-counting posterior at 8 cats: {ratio:.0f}x")
    worst_late = max(expert_late + cautious_late)
    verdict = "OK" if worst_late < GOAL_SECONDS else "TOO SLOW"
    goal = GOAL_SECONDS * 1e3
    print(f"worst late position {worst_late * 1e3:.2f} ms, goal < {goal:.0f} ms: {verdict}")
    return 0 if worst_late < GOAL_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
