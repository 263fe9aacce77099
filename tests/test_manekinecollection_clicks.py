"""Manekinecollection played by clicking its picture: paths, equal cards, games, hints, size.

Walking the click paths from no click (following ``targets`` and ``click``) reaches
exactly the legal plays and Zabuton choices; the only action without a path is
passing (every place full), which stays a button. Whole games are then played
through simulated front-end messages on the widget, and "Hint" is checked against
the odds player's own exact numbers.
"""

from __future__ import annotations

import html
import random
import re
from dataclasses import replace

import pytest

from nekolib.core import CHANCE
from nekolib.manekinecollection import picture
from nekolib.manekinecollection.agents import GreedyAgent, OddsAgent
from nekolib.manekinecollection.clicks import FREE, click_paths
from nekolib.manekinecollection.odds_player import play_numbers
from nekolib.manekinecollection.rules import (
    Card,
    MNState,
    Pass,
    PlayCards,
    TakeZabuton,
    kotatsu_name,
    new_game,
    score_collection,
)
from nekolib.manekinecollection.widget import play
from nekolib.picture import element_ids

NAMES = ("left", "centre", "right")


def random_states(n: int, count: int, seed: int) -> list[MNState]:
    """Decision states met along seeded games (random and greedy moves mixed)."""
    rng = random.Random(seed)
    greedy = GreedyAgent()
    states: list[MNState] = []
    while len(states) < count:
        state = new_game(n, seed=rng.randrange(10**6))
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            if rng.random() < 0.3:
                states.append(state)
            moves = state.legal_actions()
            state = state.apply(
                greedy.choose(state, rng) if rng.random() < 0.5 else rng.choice(moves)
            )
    return states[:count]


@pytest.mark.parametrize(("n", "count"), [(2, 150), (3, 100), (4, 150)])
def test_clicking_reaches_exactly_the_legal_moves_and_only_passing_is_a_button(n, count):
    kinds: set[type] = set()
    for state in random_states(n, count, seed=n):
        legal = set(state.legal_actions())
        paths = click_paths(state)
        reached = paths.reachable()
        free = legal - reached
        assert reached <= legal
        assert all(isinstance(a, FREE) for a in free), free
        assert reached | free == legal
        me = state.current_player()
        ids = element_ids(picture.svg(state.view(me)))
        hand = state.hands[me]
        for action, action_paths in paths.paths.items():
            kinds.add(type(action))
            for path in action_paths:
                assert set(path) <= ids, (action, path)
                if isinstance(action, PlayCards):  # the cards clicked are the cards played
                    *cards, board = path
                    assert board == f"kotatsu-{NAMES[action.kotatsu]}"
                    picked = sorted(hand[int(c.rsplit("-", 1)[1])] for c in cards)
                    assert tuple(picked) == action.cards and len(set(cards)) == len(cards)
                else:
                    assert path == (f"zabuton-{NAMES[action.kotatsu]}-{action.slot}",)
    assert PlayCards in kinds and (TakeZabuton in kinds) == (n >= 3)


def test_one_or_two_cards_then_the_kotatsu_and_equal_cards_give_the_same_play():
    state = new_game(3, seed=4)
    red5, blue2 = Card("red", 5), Card("blue", 2)
    state = replace(state, hands=((blue2, red5, red5), *state.hands[1:]))
    paths = click_paths(state)
    assert paths.targets(()) == ["hand-card-0", "hand-card-1", "hand-card-2"]
    # after one card: the three kotatsu (one card there) or a second card
    assert sorted(paths.targets(("hand-card-1",))) == sorted(
        ["hand-card-0", "hand-card-2", "kotatsu-left", "kotatsu-centre", "kotatsu-right"]
    )
    one = PlayCards(1, (red5,))
    assert sorted(paths.paths[one]) == [
        ("hand-card-1", "kotatsu-centre"),
        ("hand-card-2", "kotatsu-centre"),
    ]
    pair = PlayCards(2, (red5, red5))
    assert sorted(paths.paths[pair]) == [
        ("hand-card-1", "hand-card-2", "kotatsu-right"),
        ("hand-card-2", "hand-card-1", "kotatsu-right"),
    ]
    mixed = PlayCards(0, (blue2, red5))  # either red 5 with the blue 2, in either order
    assert len(paths.paths[mixed]) == 4
    assert paths.complete(("hand-card-2", "hand-card-0", "kotatsu-left")) == mixed
    # clicking the selected card again takes it back
    assert paths.click(("hand-card-1",), "hand-card-1") == ((), None)
    # no complete path is a prefix of another: a card alone never plays
    assert paths.complete(("hand-card-0",)) is None
    assert len(set(state.legal_actions())) == len(paths.actions())


def test_a_row_with_one_card_needs_two_more_and_a_row_with_two_needs_one():
    state = new_game(2, seed=9)
    hand = state.hands[0]
    boards = list(state.kotatsu)
    boards[0] = replace(boards[0], rows=((Card("green", 1),), ()))
    boards[1] = replace(boards[1], rows=((Card("green", 2), Card("black", 3)), ()))
    state = replace(state, kotatsu=tuple(boards))
    paths = click_paths(state)
    after_one = set(paths.targets(("hand-card-0",)))
    assert "kotatsu-centre" in after_one and "kotatsu-left" not in after_one
    assert "kotatsu-left" in paths.targets(("hand-card-0", "hand-card-1"))
    assert "kotatsu-centre" not in paths.targets(("hand-card-0", "hand-card-1"))
    assert paths.complete(("hand-card-0", "hand-card-1", "kotatsu-left")) == PlayCards(
        0, tuple(sorted(hand[:2]))
    )


def test_every_place_full_leaves_only_the_pass_button():
    state = new_game(2, seed=3)
    full = (Card("red", 1), Card("red", 2), Card("red", 3))
    boards = tuple(replace(b, rows=(full, ())) for b in state.kotatsu)
    state = replace(state, kotatsu=boards)
    assert state.legal_actions() == [Pass()]
    assert click_paths(state).actions() == []


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (4, 2)])
def test_whole_games_played_by_clicking_the_picture(n, seed):
    w = play(n, seats=["human"] * n, seed=seed)
    rng = random.Random(seed)
    clicks = log = 0
    sizes = []
    for _ in range(20_000):
        if w.state.is_terminal():
            break
        if w.covered:
            assert w.board.svg == ""  # nothing of the next player's hand before "ready"
            w.ready()
            continue
        sizes.append(len(w.board.svg))
        targets = w.board.targets
        if targets:
            w.board.receive({"event": "click", "id": rng.choice(targets)})
            clicks += 1
        else:  # every place full: the pass button
            assert [type(b.action) for b in w.free_buttons] == [Pass]
            w.free_buttons[0].click()
        assert not w.last_error
        assert len(w.match.log()) >= log
        log = len(w.match.log())
    assert w.state.is_terminal() and "Game over" in w.status.value
    assert clicks > 40 and log > 100
    assert any(" at the " in line and "play " in line for line in w.match.log(w.name))
    if n >= 3:
        assert any("take Zabuton Neko" in line for line in w.match.log(w.name))
    # the widget sends the whole picture after each click: keep it small
    median = sorted(sizes)[len(sizes) // 2]
    limit, typical = (30_000, 24_000) if n == 2 else (33_000, 29_000)
    assert max(sizes) <= limit and median <= typical


def test_hint_shows_the_odds_move_with_exact_fractions_and_never_plays():
    w = play(3, seats=["human"] * 3, seed=7)
    odds = OddsAgent()
    rng = random.Random(7)
    seen: set[str] = set()
    for _ in range(400):
        if w.state.is_terminal() or seen >= {"play", "take"}:
            break
        if w.covered:
            w.ready()
        state, ply = w.state, w.match.ply
        w.hint()
        assert w.match.ply == ply and w.state is state
        action = w.hinted
        assert action in state.legal_actions()
        text = w.status.value
        assert "Hint (odds): " in text and re.search(r"\b\d+/\d+\b", text), text
        paths = click_paths(state).paths.get(action)
        me = state.current_player()
        if isinstance(action, PlayCards):
            seen.add("play")
            where = kotatsu_name(action.kotatsu)
            assert html.escape(play_numbers(state, action)) in text
            assert w.board.hint == list(paths[0]) and paths[0][-1] == f"kotatsu-{where}"
            ranked = odds.ranked(state)  # the hinted play is the odds player's best
            assert dict(ranked)[action] >= ranked[0][1] - 1e-12
        elif isinstance(action, TakeZabuton):
            seen.add("take")
            z = state.kotatsu[action.kotatsu].slots[action.slot]
            others = [a for a in state.legal_actions() if a != action]
            gain = score_collection((*state.collected[me], z), state.params).total - (
                score_collection(state.collected[me], state.params).total
            )
            assert f"the {z.piece} (value {z.value}) adds {gain} to your score" in text
            for other in others:  # no other tile adds more
                o = state.kotatsu[other.kotatsu].slots[other.slot]
                more = score_collection((*state.collected[me], o), state.params).total
                assert more - score_collection(state.collected[me], state.params).total <= gain
            assert w.board.hint == [f"zabuton-{NAMES[action.kotatsu]}-{action.slot}"]
        else:
            assert w.board.hint == [] and "passing is the only move" in text
        # follow the hint by clicking it (or its button), or sometimes play at random
        if paths and rng.random() < 0.7:
            for element in paths[0]:
                w.board.receive({"event": "click", "id": element})
            assert w.match.actions[ply] == action
        elif paths:
            while w.match.ply == ply:  # a random path to a random move
                w.board.receive({"event": "click", "id": rng.choice(w.board.targets)})
        else:
            next(b for b in w.free_buttons if b.action == action).click()
        assert w.match.ply > ply
    assert seen == {"play", "take"}


def test_svg_sizes_stay_small():
    """Repeated shapes are drawn once in <defs> and placed with <use>; coordinates are whole
    pixels. The example view was 38 KB before (4 players, late game: 52-62 KB)."""
    example = picture.svg(picture.example_view())
    assert len(example) < 23_000
    assert example.count("<defs>") == 1 and example.count("<use ") > 40
    defined = set(re.findall(r'<[^>]* id="(mn-[\w-]+)"', example))
    used = set(re.findall(r'href="#(mn-[\w-]+)"', example))
    assert used == defined  # every shape is used, and every use is defined
    assert not re.search(r'="-?\d+\.\d{2,}', example)  # at most one decimal anywhere
