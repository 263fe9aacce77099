"""Time of a Neko-in hint that reads the moves so far (``nekolib.neko_in.belief``), 3-6 players.

    python bench/bench_neko_in_belief.py                  # 3..6 players, 2 games each
    python bench/bench_neko_in_belief.py --players 6 --games 4 --version events

Every seat is played by the greedy player (whose hideout choices fit the model, so the
belief reads the whole history: the largest programme); at every move and hide decision the
expectimax hint is asked (``explain`` then ``working``, as the widget does) with the match so
far. Reported per player count: hints, median / 99th percentile / worst time (explain +
working), and how many beliefs read the moves (else: too large, or the moves fit no deal).
Game ``g`` is seeded (``new_game(seed=g)``, agents and dice ``random.Random(g)``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from nekolib.core import TABLE, Match
from nekolib.neko_in.agents import GreedyAgent, TableAgent
from nekolib.neko_in.planner import ExpectimaxAgent
from nekolib.neko_in.rules import new_game


def run(players: int, games: int, version: str) -> dict:
    hint, greedy, table = ExpectimaxAgent(), GreedyAgent(), TableAgent()
    times: list[float] = []
    read = too_many = no_fit = 0
    for g in range(games):
        match = Match(new_game(players, seed=g, version=version), g)
        rng = random.Random(g)
        while not match.state.is_terminal():
            state = match.state
            if state.is_chance_node():
                match.roll()
                continue
            me = state.current_player()
            if me == TABLE:
                match.play(table.choose(state, rng))
                continue
            if state.phase in ("move", "hide"):
                action = hint.choose(state, random.Random(1))
                start = time.perf_counter()
                hint.explain(state, action, history=match)
                hint.working(state, action, history=match)
                times.append(time.perf_counter() - start)
                belief = hint.belief(state, me, match)
                read += belief.read
                too_many += "too many" in belief.why_not
                no_fit += "do not fit" in belief.why_not
            match.play(greedy.choose(state, rng))
    times.sort()
    return {
        "players": players,
        "hints": len(times),
        "median_s": statistics.median(times),
        "p99_s": times[int(0.99 * (len(times) - 1))],
        "worst_s": times[-1],
        "read": read,
        "too_many": too_many,
        "no_fit": no_fit,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--version", default="classic")
    args = parser.parse_args()
    print("players hints median_s p99_s worst_s read too_many no_fit")
    for n in args.players:
        r = run(n, args.games, args.version)
        print(
            f"{r['players']:7d} {r['hints']:5d} {r['median_s']:8.3f} {r['p99_s']:5.3f} "
            f"{r['worst_s']:7.3f} {r['read']:4d} {r['too_many']:8d} {r['no_fit']:6d}"
        )


if __name__ == "__main__":
    main()
