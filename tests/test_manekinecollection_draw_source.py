"""The odds draw from where the engine draws: the deck, then the face-up discard pile.

Rulebook: "Draw Cat Cards from the Deck until you have 3 cards in your hand. If you run
out of deck, shuffle the discard pile cards and make a new deck." On positions of seeded
games where the deck is empty (or holds a single card), the odds of
:func:`analysis.state_reach_odds` must equal an enumeration written here: play each
first card(s) with the engine, then walk the engine's own draw outcomes (exact
Fractions), and classify the best final hand with a colour count written here too.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from nekolib.core import CHANCE, RandomAgent, play_out
from nekolib.manekinecollection.analysis import (
    DrawSource,
    colour_pool,
    draw_source,
    reach_odds,
    state_reach_odds,
    unseen_cards,
)
from nekolib.manekinecollection.rules import MNState, Params, PlayCards, new_game

ORDER = ["solocat", "one pair", "two pair", "3cats", "cathouse", "4cats", "5cats"]
PATTERNS = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4}
PATTERNS |= {(4, 1): 5, (5,): 6}


@cache
def _class(colours: tuple[str, ...]) -> int:
    """Hand class from the five (sorted) colours: "Same color x 5 ... There is no same color"."""
    return PATTERNS[tuple(sorted(Counter(colours).values(), reverse=True))]


def _play_positions(num_players: int, seeds: range) -> list[MNState]:
    """Every position of seeded random games where a player is about to play cards."""
    found: list[MNState] = []

    def keep(before: MNState, action: object, after: MNState) -> None:
        if after.phase == "play":
            found.append(after)

    for seed in seeds:
        play_out(new_game(num_players, seed=seed), RandomAgent(), random.Random(seed), on_step=keep)
    return found


@cache
def _positions() -> tuple[MNState, ...]:
    return tuple(_play_positions(2, range(60)) + _play_positions(4, range(25)))


def _draws(state: MNState, me: int, drawn: tuple = ()) -> list[tuple[tuple, Fraction]]:
    """Every sequence of the cards the engine deals ``me`` now, with its probability."""
    if state.current_player() != CHANCE or state.tasks[0] != ("draw", me):
        return [(drawn, Fraction(1))]
    out = []
    last = len(state.tasks) < 2 or state.tasks[1] != ("draw", me)
    for action, p in state.chance_outcomes():
        if last:  # no need to apply the final draw: only the card matters
            out.append(((*drawn, action.card), p))
        else:
            out += [(d, p * q) for d, q in _draws(state.apply(action), me, (*drawn, action.card))]
    return out


def _brute_reach(state: MNState, me: int) -> dict[int, dict[str, Fraction]]:
    """Per kotatsu with an empty row of mine and two pieces: best chance of each class."""
    open_rows = [
        k
        for k, board in enumerate(state.kotatsu)
        if not board.rows[me] and sum(z is not None for z in board.slots) == 2
    ]
    reach = {k: dict.fromkeys(ORDER, Fraction(0)) for k in open_rows}
    if not open_rows:
        return reach
    hand = state.hands[me]
    for n in (1, 2):
        for now in sorted(set(combinations(hand, n))):
            kept = list(hand)
            for card in now:
                kept.remove(card)
            after = state.apply(PlayCards(open_rows[0], now))  # the same draws anywhere
            by_colours: Counter[tuple[str, ...]] = Counter()
            for drawn, p in _draws(after, me):
                by_colours[tuple(sorted(c.colour for c in (*kept, *drawn)))] += p
            for k in open_rows:
                pieces = [z.colour for z in state.kotatsu[k].slots]
                tally: Counter[int] = Counter()
                base = pieces + [c.colour for c in now]
                for choice, p in by_colours.items():
                    best = max(
                        _class(tuple(sorted(base + list(x)))) for x in combinations(choice, 3 - n)
                    )
                    tally[best] += p
                for i, h in enumerate(ORDER):
                    reach[k][h] = max(reach[k][h], sum(q for c, q in tally.items() if c >= i))
    return reach


def _viewer_reach(state: MNState, me: int, kotatsu: list[int]) -> dict[int, dict[str, Fraction]]:
    odds = {k: state_reach_odds(state, me, k) for k in kotatsu}
    return {k: o.reach for k, o in odds.items() if o is not None}


def test_the_issue_example_seed_3():
    """Issue 20: 2 players, seed 3, the first play with an empty deck: 3cats at the left
    kotatsu is 109/354 (two draws from the 60 face-up discards), not 0."""
    state = next(s for s in _play_positions(2, range(3, 4)) if not s.deck)
    assert len(state.discard) == 60
    odds = state_reach_odds(state, state.turn, 0)
    assert odds is not None
    assert odds.reach["3cats"] == Fraction(109, 354)
    assert colour_pool(unseen_cards(state, state.turn)).get("yellow", 0) == 0  # the old 0


def test_empty_deck_odds_equal_the_engine_draws():
    """At least 50 positions with an empty deck: the next cards come from the discard."""
    empty = [s for s in _positions() if not s.deck]
    assert len(empty) >= 50
    compared = positions = changed = 0
    for state in empty:
        me = state.turn
        brute = _brute_reach(state, me)
        assert _viewer_reach(state, me, list(brute)) == brute
        compared += len(brute)
        positions += bool(brute)
        pool = colour_pool(unseen_cards(state, me))
        for k, reach in brute.items():
            pieces = [z.colour for z in state.kotatsu[k].slots]
            if reach_odds(pieces, (), state.hands[me], pool).reach != reach:
                changed += 1
    assert positions >= 50 and compared >= 60
    assert changed > 0  # the old model (draws from the unseen cards) was wrong here


def test_last_card_in_the_deck_then_the_discard_pile():
    """One card left: it is a uniform one of the cards I have not seen (the deck and the
    other hands); a second draw reshuffles the face-up discard pile. Averaged over every
    world I cannot tell apart (each unseen card swapped onto the deck)."""
    last = [
        s for s in _positions() if len(s.deck) == 1 and any(not b.rows[s.turn] for b in s.kotatsu)
    ][:12]
    assert len(last) >= 10
    for state in last:
        me = state.turn
        others = [p for p in range(state.num_players) if p != me]
        places = [("deck", 0)] + [(p, i) for p in others for i in range(len(state.hands[p]))]
        brutes = []
        for p, i in places:
            if p == "deck":
                world = state
            else:
                hand = list(state.hands[p])
                hand[i], deck = state.deck[0], (hand[i],)
                hands = list(state.hands)
                hands[p] = tuple(sorted(hand))
                world = replace(state, deck=deck, hands=tuple(hands))
            brutes.append(_draws_by_plan(world, me))
        total = _average(brutes)
        assert _plan_odds(state, me) == total


def _draws_by_plan(state: MNState, me: int) -> dict:
    """Per first play (cards): the distribution of the drawn cards, from the engine."""
    k = next(k for k, b in enumerate(state.kotatsu) if not b.rows[me])
    return {
        now: Counter({tuple(sorted(d)): p for d, p in _draws(state.apply(PlayCards(k, now)), me)})
        for n in (1, 2)
        for now in sorted(set(combinations(state.hands[me], n)))
    }


def _average(worlds: list[dict]) -> dict:
    out: dict = {}
    for world in worlds:
        for now, dist in world.items():
            acc = out.setdefault(now, Counter())
            for drawn, p in dist.items():
                acc[drawn] += p / len(worlds)
    return {now: {d: p for d, p in dist.items() if p} for now, dist in out.items()}


def _plan_odds(state: MNState, me: int) -> dict:
    """The same distributions from :class:`DrawSource` (card sets of each part)."""
    source = draw_source(state, me)
    out = {}
    for n in (1, 2):
        for now in sorted(set(combinations(state.hands[me], n))):
            dist: Counter = Counter()
            parts = source.parts(n)
            sets = [()]
            for cards, m in parts:
                sets = [a + b for a in sets for b in combinations(cards, m)]
            for s in sets:
                dist[tuple(sorted(s))] += Fraction(1, len(sets))
            out[now] = dict(dist)
    return out


def test_draw_source_parts():
    """Deck first, then the reshuffled discard; a face-down discard is part of the unseen."""
    unseen = tuple(new_game(2, seed=0).deck[:5])
    discard = tuple(new_game(2, seed=1).deck[:4])
    assert DrawSource(unseen, 9, discard).parts(2) == ((unseen, 2),)
    assert DrawSource(unseen, 1, discard).parts(2) == ((unseen, 1), (discard, 1))
    assert DrawSource(unseen, 0, discard).parts(2) == ((discard, 2),)
    assert DrawSource(unseen, 0, None).parts(2) == ((unseen, 2),)
    assert DrawSource(unseen, 0, discard).parts(0) == ()


@pytest.mark.parametrize("visible", [True, False])
def test_state_odds_with_a_hidden_discard_pile(visible):
    """With ``discard_visible=False`` the discard is face down: an empty deck's next cards
    are then as unknown as the deck's (uniform over the unseen cards, discard included)."""
    params = Params(discard_visible=visible)
    state = new_game(2, params, seed=3)
    rng = random.Random(3)
    agent = RandomAgent()
    while state.deck or state.phase != "play":
        state = state.apply(
            state.sample_chance(rng) if state.is_chance_node() else agent.choose(state, rng)
        )
    me = state.turn
    source = draw_source(state, me)
    assert (source.discard is None) is not visible
    pool = colour_pool(unseen_cards(state, me))
    for k in range(3):
        odds = state_reach_odds(state, me, k)
        if odds is not None and not visible:
            pieces = [z.colour for z in state.kotatsu[k].slots]
            row = state.kotatsu[k].rows[me]
            assert odds.reach == reach_odds(pieces, row, state.hands[me], pool).reach


def test_greedy_agent_values_plays_with_the_real_draw_source():
    """GreedyAgent's expected hand (used to choose and to explain) uses the same odds."""
    from nekolib.manekinecollection.agents import expected_classes

    state = next(s for s in _play_positions(2, range(3, 4)) if not s.deck)
    me = state.turn
    odds = state_reach_odds(state, me, 0)
    assert odds is not None
    want = {
        o.now: float(sum(ORDER.index(h) * p for h, p in o.distribution.items()))
        for o in odds.options
    }
    assert expected_classes(state, me, 0) == want
    pieces = [z.colour for z in state.kotatsu[0].slots]
    pool = colour_pool(unseen_cards(state, me))
    old = reach_odds(pieces, (), state.hands[me], pool)
    assert any(
        o.distribution != n.distribution for o, n in zip(old.options, odds.options, strict=True)
    )
