"""How long drawing a position takes, per game: view -> SVG, and the whole state -> picture.

    python bench/bench_pictures.py

Goal from issue 10: rendering any state takes < 10 ms. States are sampled along
seeded random playthroughs (start to end) at the smallest and largest player count;
the table gives the median and the worst over all of them, each the best of 3 runs.
"""

from __future__ import annotations

import random
import statistics
import time

import nekolib
from nekolib.core import GameState, RandomAgent, play_out
from nekolib.picture import picture_module


def sample_states(info, players: int, games: int = 12, seed: int = 0) -> list[GameState]:
    rng = random.Random(seed)
    states: list[GameState] = []
    for _ in range(games):
        state = info.new_game(num_players=players, seed=rng.randrange(10**6))
        states.append(state)
        play_out(state, RandomAgent(), rng, on_step=lambda _b, _a, after: states.append(after))
    return states[:: max(1, len(states) // 300)]


def best_of(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    print(f"{'game':<20}{'players':>8}{'states':>8}{'median':>10}{'worst':>10}{'svg KB':>8}")
    for key, info in sorted(nekolib.games().items()):
        for players in sorted({info.min_players, info.max_players}):
            states = sample_states(info, players)
            module = picture_module(states[0])
            times = [best_of(lambda s=s, m=module: m.svg(s.view(0))) for s in states]
            size = max(len(module.svg(s.view(0))) for s in states) / 1024
            print(
                f"{key:<20}{players:>8}{len(states):>8}"
                f"{statistics.median(times) * 1e3:>8.2f}ms{max(times) * 1e3:>8.2f}ms{size:>8.1f}"
            )


if __name__ == "__main__":
    main()
