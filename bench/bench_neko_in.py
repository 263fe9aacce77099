"""Neko-in benchmarks: random-playthrough throughput, invariant-check overhead, exact maths.

    python bench/bench_neko_in.py          # about half a minute
    python bench/bench_neko_in.py --quick  # a few seconds

Reports, per version and player count, games/s and moves/s of seeded random
playthroughs with and without the invariant checks of the test suite, the
average game length, the win share of a greedy player against random ones, and
the time of the exact computations (brawl enumeration vs the sympy closed form,
the Cat Teaser solved on the engine's chance tree).
"""

from __future__ import annotations

import random
import sys
import time

from nekolib.core import TABLE, RandomAgent, play_out
from nekolib.neko_in.agents import GreedyAgent, TableAgent
from nekolib.neko_in.analysis import brawl_closed_form, brawl_odds, engine_teaser_exact
from nekolib.neko_in.invariants import check_step
from nekolib.neko_in.rules import Params, new_game


def playthroughs(n: int, version: str, games: int, checked: bool) -> tuple[float, float]:
    """(seconds, mean moves per game) of ``games`` seeded random games."""
    params = Params(version=version)  # type: ignore[arg-type]
    agent = RandomAgent()
    moves = 0
    start = time.perf_counter()
    for seed in range(games):
        _, log = play_out(
            new_game(n, seed=seed, params=params),
            agent,
            random.Random(seed),
            on_step=check_step if checked else None,
        )
        moves += len(log)
    return time.perf_counter() - start, moves / games


def greedy_share(n: int, games: int) -> float:
    wins = 0
    for seed in range(games):
        agents = {0: GreedyAgent(), TABLE: TableAgent()} | {p: RandomAgent() for p in range(1, n)}
        final, _ = play_out(new_game(n, seed=seed), agents, random.Random(seed))
        wins += final.winner == 0
    return wins / games


def timed(fn, repeat: int = 20) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def main(argv: list[str]) -> int:
    games = 200 if "--quick" in argv else 2000
    print(f"random playthroughs ({games} seeded games each)")
    print(
        f"{'version':8} {'n':>2} {'moves/game':>10} {'games/s':>9} {'moves/s':>9}"
        f" {'checked games/s':>16}"
    )
    for version in ("classic", "events"):
        for n in range(3, 7):
            plain, length = playthroughs(n, version, games, checked=False)
            checked, _ = playthroughs(n, version, games, checked=True)
            print(
                f"{version:8} {n:>2} {length:>10.1f} {games / plain:>9.0f} "
                f"{games * length / plain:>9.0f} {games / checked:>16.0f}"
            )
    print()
    share_games = 100 if "--quick" in argv else 1000
    for n in (3, 6):
        print(
            f"greedy seat 0 vs random, {n} players: wins {greedy_share(n, share_games):.1%}"
            f" (fair share {1 / n:.1%})"
        )
    print()
    enum = timed(brawl_odds, 200)
    closed = timed(brawl_closed_form, 5)
    print(
        f"brawl odds: enumeration of 36 rolls {enum * 1e6:.0f} us,"
        f" sympy closed form {closed * 1e3:.1f} ms"
    )
    teaser = timed(engine_teaser_exact, 3)
    print(f"Cat Teaser (6 cats) solved on the engine's chance tree: {teaser * 1e3:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
