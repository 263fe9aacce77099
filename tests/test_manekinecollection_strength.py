"""Manekinecollection: the odds player beats greedy (seeded, seat-balanced, 2 players).

The first ``GAMES`` games of ``bench/bench_manekinecollection_strength.py 2`` (same seeds:
deal ``new_game(2, seed=SEED + g)``, draws and agents ``random.Random(SEED + g)``, the odds
player in seat ``g % 2``): the 95% Wilson lower bound of its win share must be above 1/2.
The bench plays the full samples (400 two-player games, 3 and 4 players too).
"""

from __future__ import annotations

import random

import pytest

from nekolib.core import play_out
from nekolib.lab.stats import wilson
from nekolib.manekinecollection.agents import AGENTS
from nekolib.manekinecollection.rules import new_game

SEED = 50_000
"""The bench's first game seed."""
GAMES = 60
"""About 90 s of CPU on one core (a game of odds against greedy takes about 1.5 s)."""


@pytest.mark.slow
def test_the_odds_player_beats_greedy_head_to_head():
    wins = 0.0
    by_seat = [0.0, 0.0]
    for g in range(GAMES):
        seat = g % 2
        agents = [AGENTS["greedy"](), AGENTS["greedy"]()]
        agents[seat] = AGENTS["odds"]()
        final, _ = play_out(new_game(2, seed=SEED + g), agents, random.Random(SEED + g))
        wins += final.returns()[seat]
        by_seat[seat] += final.returns()[seat]
    low, _high = wilson(wins, GAMES)
    assert low > 0.5, f"odds won {wins} of {GAMES} (seats {by_seat}); Wilson low {low:.3f}"
