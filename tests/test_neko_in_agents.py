"""The computer players: legal, honest (they decide from their view) and better than random."""

from __future__ import annotations

import dataclasses
import random

from nekolib.core import TABLE, RandomAgent, play_out
from nekolib.neko_in.agents import GreedyAgent, TableAgent
from nekolib.neko_in.invariants import check_step
from nekolib.neko_in.rules import Params, new_game


def test_greedy_beats_random_players():
    wins = 0
    for seed in range(200):
        agents = {0: GreedyAgent(), 1: RandomAgent(), 2: RandomAgent(), TABLE: TableAgent()}
        final, _ = play_out(new_game(3, seed=seed), agents, random.Random(seed), on_step=check_step)
        wins += final.winner == 0
    assert wins > 100  # a random seat would win about 67 of 200


def test_greedy_plays_legal_events_games():
    for seed in range(100):
        state = new_game(4, seed=seed, version="events")
        play_out(state, GreedyAgent(), random.Random(seed), on_step=check_step)


def test_greedy_does_not_peek_at_other_hands():
    """Swapping the hidden hands of the other players never changes the greedy choice."""
    for seed in range(40):
        state = new_game(3, seed=seed, params=Params())
        rng = random.Random(seed)
        for _ in range(30):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state = state.apply(state.sample_chance(rng))
                continue
            me = state.current_player()
            if me >= 0:
                others = [p for p in range(3) if p != me]
                hands = list(state.hands)
                hands[others[0]], hands[others[1]] = hands[others[1]], hands[others[0]]
                twin = dataclasses.replace(state, hands=tuple(hands))
                if len(hands[others[0]]) == len(hands[others[1]]):  # same public information
                    a = GreedyAgent().choose(state, random.Random(1))
                    b = GreedyAgent().choose(twin, random.Random(1))
                    assert a == b
            state = state.apply(GreedyAgent().choose(state, rng))
