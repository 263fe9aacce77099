"""Indovina Gatto: the determinizer (worlds drawn from the exact posterior of the secret
cats), the agent registry and the determinized MCTS agent (legal, view-only, stronger
than random)."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest

from nekolib.core import NekoError, RandomAgent, play_out
from nekolib.indovina_gatto.agents import AGENTS, determinize, sample_deal
from nekolib.indovina_gatto.analysis import ExpectedPointsAgent, GreedyGuessAgent, posterior
from nekolib.indovina_gatto.rules import ALL_TRAITS, IndovinaGattoState, new_game
from nekolib.lab.stats import wilson
from nekolib.mcts import MCTSAgent


def states_of(n: int, seed: int, agents=None) -> list[IndovinaGattoState]:
    start = new_game(n, seed=seed)
    seen = [start]
    play_out(
        start,
        agents or RandomAgent(),
        random.Random(seed),
        on_step=lambda _b, _a, s: seen.append(s),
    )
    return seen


def hidden_part(state: IndovinaGattoState, player: int) -> tuple:
    """What ``player`` may not see: other hidden traits, the aside cards, hands, deck."""
    others = tuple(
        tuple(sorted(state.hidden_traits(p))) for p in range(state.num_players) if p != player
    )
    hands = tuple(tuple(sorted(h)) for p, h in enumerate(state.hands) if p != player)
    return others, tuple(sorted(state.aside)), hands, state.deck


def agrees_with_the_table(world: IndovinaGattoState) -> bool:
    """Replay the public record on the world's traits (written from the rulebook, not
    from the analysis): masks on every cat, answers to every guess, guessers' own traits."""
    for play in world.table:
        cat = set(world.card_traits(play.card))
        maskers = tuple(p for p in range(world.num_players) if cat & set(world.traits[p]))
        if maskers != play.maskers:
            return False
    for g in world.guesses:
        if (g.trait in world.traits[g.suspect]) != g.correct:
            return False
        if g.trait in world.traits[g.guesser]:  # guess_own_traits=False: never one's own
            return False
    return all(set(world.revealed[p]) <= set(world.traits[p]) for p in range(world.num_players))


# --------------------------------------------------------------------------- determinize
@pytest.mark.parametrize("n", [2, 3, 4])
def test_worlds_keep_the_view_and_agree_with_every_observation(n):
    checked = 0
    for seed in range(4):
        for state in states_of(n, seed)[::2]:
            for p in range(n):
                world = determinize(state, p, random.Random(checked))
                assert world.view(p) == state.view(p)
                dealt = [t for ts in world.traits for t in ts] + list(world.aside)
                assert sorted(dealt) == sorted(ALL_TRAITS)
                assert all(len(ts) == 3 for ts in world.traits)
                cats = [c for h in world.hands for c in h] + list(world.deck)
                cats += [t.card for t in world.table]
                assert sorted(cats) == list(range(40))
                assert agrees_with_the_table(world)
                assert world.current_player() == state.current_player()
                checked += 1
    assert checked > 100


def test_the_hidden_part_is_resampled():
    state = states_of(3, seed=2)[6]
    worlds = [determinize(state, 0, random.Random(i)) for i in range(30)]
    assert len({hidden_part(w, 0) for w in worlds}) == 30
    assert len({tuple(sorted(w.hidden_traits(1))) for w in worlds}) >= 5
    assert len({w.hands[2] for w in worlds}) >= 20
    assert all(w.traits[0] == state.traits[0] and w.hands[0] == state.hands[0] for w in worlds)


def test_states_the_player_cannot_tell_apart_give_the_same_worlds():
    start = new_game(3, seed=4)
    me, opp = 0, 1
    # by hand: before any cat is played, swap a secret trait of an opponent with a card
    # left out of the deal, and a cat in their hand with one in the deck
    traits = list(start.traits)
    traits[opp] = (start.aside[0], *start.traits[opp][1:])
    aside = (start.traits[opp][0], *start.aside[1:])
    hands = list(start.hands)
    hands[opp] = (start.deck[0], *start.hands[opp][1:])
    deck = (start.hands[opp][0], *start.deck[1:])
    other = replace(start, traits=tuple(traits), aside=aside, hands=tuple(hands), deck=deck)
    assert hidden_part(other, me) != hidden_part(start, me)
    assert other.view(me) == start.view(me)
    for k in range(5):
        assert determinize(start, me, random.Random(k)) == determinize(other, me, random.Random(k))
    # later in a game: any world is a state the player cannot tell apart
    for state in states_of(4, seed=5)[4::6]:
        me = state.current_player()
        if me < 0:
            continue
        world = determinize(state, me, random.Random(99))
        assert determinize(world, me, random.Random(1)) == determinize(state, me, random.Random(1))


def test_worlds_follow_the_exact_posterior():
    """The share of worlds where an opponent holds a trait tends to the exact marginal."""
    state = states_of(3, seed=8)[8]
    view = state.view(0)
    post = posterior(view)
    samples = 3000
    held: Counter = Counter()
    rng = random.Random(0)
    for _ in range(samples):
        for p, hidden in sample_deal(view, rng).items():
            held.update((p, t) for t in hidden)
    compared = 0
    for p, marginal in post.marginals.items():
        for t, prob in marginal.items():
            q = float(prob)
            sd = math.sqrt(samples * q * (1 - q))
            assert abs(held[p, t] - samples * q) <= 5 * sd + 1, (p, t, q)
            compared += 1
    assert compared >= 20


def test_every_consistent_deal_is_equally_likely():
    """Two players, late in a game: list the opponent's possible secret traits by brute
    force over the unseen cards (replaying the table), then draw worlds: each comes up
    about equally often and nothing else comes up."""
    state = next(
        s
        for seed in range(20)
        for s in states_of(2, seed)
        if s.current_player() == 0 and len(s.table) >= 5 and s.hidden_traits(1)
    )
    seen = set(state.traits[0]) | set(state.revealed[1])
    pool = [t for t in ALL_TRAITS if t not in seen]
    k = len(state.hidden_traits(1))
    possible = set()
    for hidden in combinations(pool, k):
        traits = (state.traits[0], (*state.revealed[1], *hidden))
        if agrees_with_the_table(replace(state, traits=traits)):
            possible.add(tuple(sorted(hidden)))
    assert tuple(sorted(state.hidden_traits(1))) in possible
    assert 2 <= len(possible) < 200
    draws = 40 * len(possible)
    counts = Counter(
        tuple(sorted(determinize(state, 0, random.Random(i)).hidden_traits(1)))
        for i in range(draws)
    )
    assert set(counts) == possible
    assert all(abs(c - 40) <= 5 * math.sqrt(40) for c in counts.values()), counts


@pytest.mark.parametrize("player", [None, -1, 2, True, "0"])
def test_determinize_refuses_a_non_player(player):
    with pytest.raises(NekoError, match="determinize needs a player"):
        determinize(new_game(2, seed=0), player, random.Random(0))


# --------------------------------------------------------------------------- agents
def test_agents_registry_gives_working_defaults():
    assert set(AGENTS) == {"random", "greedy", "expected", "lookahead", "mcts"}
    assert isinstance(AGENTS["greedy"](), GreedyGuessAgent)
    assert isinstance(AGENTS["expected"](), ExpectedPointsAgent)
    mcts = AGENTS["mcts"]()
    assert isinstance(mcts, MCTSAgent) and mcts.determinize is determinize
    assert isinstance(mcts.rollout, GreedyGuessAgent)
    assert AGENTS["mcts"](rollout=None).rollout is None
    assert AGENTS["mcts"](iterations=7).iterations == 7
    state = new_game(2, seed=1)
    for agent in (AGENTS[name]() for name in AGENTS):
        assert state.is_legal(agent.choose(state, random.Random(0)))


@pytest.mark.parametrize("n", [2, 4])
def test_mcts_chooses_legal_actions(n):
    agent = AGENTS["mcts"](iterations=3)
    seeds = range(10 if n == 2 else 5)
    states = [s for seed in seeds for s in states_of(n, 100 + seed) if s.current_player() >= 0]
    assert len(states) >= 150
    kinds: Counter = Counter()
    for i, state in enumerate(states):
        action = agent.choose(state, random.Random(i))
        assert state.is_legal(action), (state, action)
        kinds[type(action).__name__] += 1
    assert kinds["PlayCat"] > 50 and kinds["Guess"] > 20


def test_mcts_sees_only_its_own_view():
    agent = AGENTS["mcts"](iterations=30)
    tried = 0
    for state in states_of(3, seed=6)[1::3]:
        me = state.current_player()
        if me < 0:
            continue
        other = determinize(state, me, random.Random(1000 + tried))
        assert hidden_part(other, me) != hidden_part(state, me)
        assert agent.choose(state, random.Random(tried)) == agent.choose(
            other, random.Random(tried)
        )
        tried += 1
    assert tried >= 5


def test_mcts_beats_random():
    """Seat-swapped two-player games: MCTS's win share is significantly above 1/2."""
    mcts, rand = AGENTS["mcts"](iterations=8), RandomAgent()
    games, wins = 20, 0.0
    for g in range(games):
        seats = [mcts, rand] if g % 2 == 0 else [rand, mcts]
        final, _ = play_out(new_game(2, seed=700 + g), seats, random.Random(g))
        wins += final.returns()[g % 2]
    assert wilson(wins, games, 1.96)[0] > 0.5, wins
