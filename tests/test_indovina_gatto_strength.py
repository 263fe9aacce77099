"""The lookahead player is stronger than MCTS, greedy and expected: seeded, seat-balanced games.

The full-size measurement is ``bench/bench_indovina_gatto_strength.py`` (the Wilson 95%
lower bound of the lookahead player's share above 1/2 against MCTS and greedy, 2 players
as in the ladder). Here the same head to head on fewer games, about 90 s of CPU: against
greedy and expected (fast opponents) the same Wilson claim on 200 games each; against
MCTS (100 iterations, about 2.4 s of CPU a game) 32 games, too few for the interval, so
only its majority: more wins than losses.
"""

from __future__ import annotations

import pytest

from nekolib.indovina_gatto.agents import AGENTS, duel
from nekolib.lab.stats import wilson


@pytest.mark.parametrize("opponent", ["greedy", "expected"])
def test_lookahead_wins_more_than_half_by_wilson_against(opponent):
    games = 200  # 100 deals, each played with the seats swapped
    won, shared, lost = duel(AGENTS["lookahead"], AGENTS[opponent], games, seed="ci")
    assert won + shared + lost == games
    low, _ = wilson(won + shared / 2, games)
    assert low > 0.5, (opponent, won, shared, lost, low)


@pytest.mark.slow
def test_lookahead_wins_more_than_it_loses_against_mcts():
    won, shared, lost = duel(AGENTS["lookahead"], AGENTS["mcts"], 32, seed="ci")
    assert won + shared + lost == 32
    assert won > lost, (won, shared, lost)
