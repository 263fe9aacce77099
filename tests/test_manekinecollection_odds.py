"""Manekinecollection odds player: its hint numbers are exact (checked by brute force over
every possible draw of a hand-built position), every hint shows a ``p/q``, it plays legal
moves from its own view only, and it takes the Zabuton Neko that adds most."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest

from nekolib.core import CHANCE, play_out
from nekolib.manekinecollection.agents import AGENTS, GreedyAgent, OddsAgent, determinize
from nekolib.manekinecollection.analysis import both_gain, unseen_values
from nekolib.manekinecollection.odds_player import fraction_text, play_numbers
from nekolib.manekinecollection.rules import (
    HAND_CLASSES,
    PLAIN,
    Card,
    MNState,
    Piece,
    PlayCards,
    TakeZabuton,
    ZabutonNeko,
    class_of_colours,
    full_deck,
    new_game,
    parse_cards,
    rank_players,
    score_collection,
)

FRACTION = re.compile(r"\b\d+/\d+\b|\bworth \d+ expected\b")
"""An exact number in a hint: a fraction, or an expectation that is whole ("worth 3 expected",
which the hint no longer writes as 3/1)."""


def hand_built() -> MNState:
    """2 players, Red (seat 0) to move. Centre kotatsu: a red and a blue cat (gold coin on
    the red); Red's row there is red 5 + blue 2, Blue's is red 6 + blue 6. Red holds
    red 3, green 1, yellow 4. Every other card is in Blue's hand or the deck."""
    start = new_game(2, seed=1)
    red_gold = ZabutonNeko(Piece("red", "gold coin"), 3)
    blue = ZabutonNeko(Piece("blue", PLAIN), 4)
    left = (ZabutonNeko(Piece("green", PLAIN), 1), ZabutonNeko(Piece("yellow", PLAIN), 2))
    mine, theirs = parse_cards("red3 green1 yellow4"), parse_cards("black1 black2 orange3")
    rows = ((parse_cards("red5 blue2"), parse_cards("red6 blue6")),)
    deck = Counter(full_deck(start.params))
    deck.subtract(Counter([*mine, *theirs, *rows[0][0], *rows[0][1]]))
    kotatsu = list(start.kotatsu)
    kotatsu[0] = replace(kotatsu[0], slots=left, rows=((), ()), completed=())
    kotatsu[1] = replace(kotatsu[1], slots=(red_gold, blue), rows=rows[0], completed=())
    kotatsu[2] = replace(kotatsu[2], rows=((), ()), completed=())
    return replace(
        start,
        turn=0,
        hands=(mine, theirs),
        deck=tuple(sorted(deck.elements())),
        discard=(),
        kotatsu=tuple(kotatsu),
        collected=((), ()),
    )


def unseen_by_red(state: MNState) -> list[Card]:
    """Every card Red cannot see (Blue's hand and the deck), by hand."""
    return sorted([*state.hands[1], *state.deck])


def test_the_showdown_chance_in_the_hint_is_every_blue_finish_counted():
    state = hand_built()
    action = PlayCards(1, parse_cards("red3"))
    pieces = state.pieces_at(1)
    mine = tuple(sorted((*state.kotatsu[1].rows[0], *action.cards)))
    won = total = 0
    for card in unseen_by_red(state):  # Blue's third card, each unseen card alike
        rows = (mine, tuple(sorted((*state.kotatsu[1].rows[1], card))))
        won += rank_players(pieces, rows, (0, 1))[0] == 0  # Red's third card came first
        total += 1
    chance = Fraction(won, total)
    # Red's cathouse (red 8 icons, blue 2) loses to Blue's red or blue cathouse when the
    # added card has 2+ icons (7 red and 8 blue such cards are unseen), else wins
    assert chance == 1 - Fraction(15, total) == Fraction(10, 13)
    text = OddsAgent().explain(state, action)
    assert text.startswith(
        f"at the centre kotatsu you win that showdown against Blue with {fraction_text(chance)}"
    )
    assert f"cards from the {total} you have not seen" in text


def test_the_reach_odds_in_the_hint_are_every_draw_counted():
    state = hand_built()
    action = PlayCards(0, parse_cards("green1"))
    pieces = [p.colour for p in state.pieces_at(0)]
    kept = [c.colour for c in parse_cards("red3 yellow4")]
    pair = three = total = 0
    for card in unseen_by_red(state):  # the one card drawn back (the deck is not empty)
        best = max(
            class_of_colours([*pieces, "green", *two])
            for two in combinations([*kept, card.colour], 2)
        )
        pair += best >= HAND_CLASSES.index("one pair")
        three += best >= HAND_CLASSES.index("3cats")
        total += 1
    text = play_numbers(state, action)
    assert (
        f"you make one pair or better with {fraction_text(Fraction(pair, total))} and 3cats "
        f"or better with {fraction_text(Fraction(three, total))}" in text
    )
    assert Fraction(three, total) not in (0, 1)


def test_the_stake_in_the_hint_is_every_tile_value_counted():
    state = hand_built()
    values = state.params.zabuton_values  # Red has seen no tile: each one uniform
    a, b = (z.piece for z in state.kotatsu[1].slots)
    gains = [
        score_collection([ZabutonNeko(a, x), ZabutonNeko(b, y)], state.params).total
        for x in values
        for y in values
    ]
    stake = Fraction(sum(gains), len(gains))
    assert stake == 1 + Fraction(9, 5)  # the gold coin scores 1 (one cat of each colour)
    assert both_gain((), [a, b], unseen_values(state, 0), state.params) == stake
    text = play_numbers(state, PlayCards(1, parse_cards("red3")))
    assert f"the 2 Zabuton Neko there would add {stake} to your score if you win them" in text


def test_a_showdown_that_happens_now_is_called_exactly():
    state = hand_built()
    blue_row = parse_cards("red6 blue6 green5")  # Blue is done: a two pair, 12 icons
    kotatsu = list(state.kotatsu)
    kotatsu[1] = replace(kotatsu[1], rows=(kotatsu[1].rows[0], blue_row), completed=(1,))
    state = replace(state, kotatsu=tuple(kotatsu), deck=state.deck[1:])
    win = play_numbers(state, PlayCards(1, parse_cards("red3")))  # cathouse beats two pair
    assert "you win that showdown now (winning it: 1/1, every row there is face up" in win
    lose = play_numbers(state, PlayCards(1, parse_cards("green1")))  # two pair, 7 icons
    assert "you come second in that showdown now (winning it: 0/1, every row there is" in lose


def hint_states(n: int, seed: int, every: int) -> list[MNState]:
    """Every ``every``-th decision of a seeded game of odds against greedy players."""
    agents = [OddsAgent()] + [GreedyAgent() for _ in range(n - 1)]
    seen: list[MNState] = []
    play_out(
        new_game(n, seed=seed),
        agents,
        random.Random(seed),
        on_step=lambda before, _a, _s: seen.append(before),
    )
    return [s for s in seen if s.current_player() != CHANCE][::every]


@pytest.mark.parametrize(("n", "every"), [(2, 3), (3, 4), (4, 5)])
def test_every_hint_names_a_legal_move_and_shows_a_fraction(n, every):
    odds = OddsAgent()
    kinds: set[type] = set()
    for state in hint_states(n, seed=40 + n, every=every):
        action = odds.choose(state, random.Random(0))
        assert action in state.legal_actions()
        text = odds.explain(state, action)
        assert FRACTION.search(text), (state.turns, text)
        kinds.add(type(action))
    assert PlayCards in kinds and (n == 2 or TakeZabuton in kinds or n == 4)


def test_the_odds_player_sees_only_its_own_view():
    odds = OddsAgent()
    checked = 0
    for state in hint_states(3, seed=5, every=6):
        me = state.current_player()
        for i in range(2):
            world = determinize(state, me, random.Random(i))
            assert world.view(me) == state.view(me)
            assert odds.choose(world, random.Random(9)) == odds.choose(state, random.Random(9))
            checked += 1
    assert checked >= 20


def test_it_takes_the_zabuton_that_adds_most():
    odds = OddsAgent()
    taken = 0
    for seed in range(6):
        for state in hint_states(4, seed=seed, every=1):
            actions = state.legal_actions()
            if not isinstance(actions[0], TakeZabuton) or len(actions) < 2:
                continue
            me = state.current_player()
            before = score_collection(state.collected[me], state.params).total

            def gain(a: TakeZabuton, s: MNState = state, me: int = me, base: int = before) -> int:
                z = s.kotatsu[a.kotatsu].slots[a.slot]
                return score_collection((*s.collected[me], z), s.params).total - base

            best = max(gain(a) for a in actions)
            assert gain(odds.choose(state, random.Random(0))) == best
            taken += 1
    assert taken >= 5


def test_registered_for_the_lab_and_the_widget():
    from nekolib.manekinecollection.widget import ManekinecollectionWidget, play

    assert isinstance(AGENTS["odds"](), OddsAgent) and AGENTS["odds"]().name == "odds"
    assert ManekinecollectionWidget.hint_agent == "odds"
    w = play(2, seats=["human", "odds"], seed=3)
    assert "odds" in w.agent_factories and w.hint_agent_key == "odds"
