"""Neko-in catch phase: the caught cat is carried to the Garden (``Params.caught_cat_to_garden``).

Rulebook: 'Be the fastest to catch the cat of the right colour at the end of each turn.'
Reviews of the published game describe grabbing the pawn 'by the collar' and carrying it
out to the Garden, the catcher then getting rid of a tile.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from nekolib.core import TABLE, RandomAgent, play_out
from nekolib.neko_in.agents import GreedyAgent, TableAgent
from nekolib.neko_in.invariants import check_invariants, check_step
from nekolib.neko_in.rules import (
    GARDEN,
    NAP,
    Discard,
    Fastest,
    Hide,
    Move,
    Params,
    Roll,
    Wake,
    new_game,
)

BLACK, RED, YELLOW, PINK, BLUE, WHITE = range(6)
ENTRANCE, KITCHEN, LIVING = BLACK, RED, YELLOW
MOUSE, BIRD, BELL, BUTTERFLY, FISH = range(5)
STAY = Params(caught_cat_to_garden=False)


def sp(room: int, icon: int) -> int:
    return room * 5 + icon


# Player 0 (black) holds Kitchen tiles, player 1 (red) Living Room ones, player 2 (yellow) Entrance.
HANDS = (
    [sp(KITCHEN, i) for i in range(5)],
    [sp(LIVING, i) for i in range(5)],
    [sp(ENTRANCE, i) for i in range(5)],
)


def black_on_the_kitchen_mouse(params: Params | None = None):
    """Black has moved to the Kitchen's mouse (getting rid of that tile); the catch roll is next."""
    state = new_game(3, hands=HANDS, params=params).apply(Move(KITCHEN))
    state = state.apply(Hide(sp(KITCHEN, MOUSE)))
    assert state.phase == "catch" and state.cats[BLACK] == sp(KITCHEN, MOUSE)
    return state


def test_the_published_behaviour_is_the_default():
    assert Params().caught_cat_to_garden is True


def test_a_caught_cat_is_carried_to_the_garden_and_the_catcher_discards():
    state = black_on_the_kitchen_mouse().apply(Roll((BLACK,))).apply(Fastest(2))
    assert state.cats[BLACK] == GARDEN  # grabbed by the collar
    assert state.phase == "discard" and state.current_player() == 2
    assert "black cat was caught" in state.news
    state = state.apply(Discard(sp(ENTRANCE, BELL)))
    assert state.cats[BLACK] == GARDEN and state.box == (sp(ENTRANCE, BELL),)
    assert sp(KITCHEN, MOUSE) in state.covered  # the tile it got rid of stays on its hideout
    assert state.active == 1 and state.phase == "move"
    check_invariants(state)


def test_with_the_parameter_off_the_caught_cat_stays_on_its_hideout():
    state = black_on_the_kitchen_mouse(STAY).apply(Roll((BLACK,))).apply(Fastest(2))
    state = state.apply(Discard(sp(ENTRANCE, BELL)))
    assert state.cats[BLACK] == sp(KITCHEN, MOUSE) and state.news == ""
    assert state.box == (sp(ENTRANCE, BELL),) and state.active == 1


def test_a_roll_showing_a_cat_in_the_garden_catches_nobody_and_nobody_discards():
    start = black_on_the_kitchen_mouse()
    for roll in [(RED,), (PINK,)]:  # a player's cat and a spare one, both in the Garden
        state = start.apply(Roll(roll))
        assert state.phase == "move" and state.active == 1 and state.news == "no cat to catch"
        assert state.cats == start.cats and state.hands == start.hands and state.box == ()


def test_catch_targets_any_is_the_earlier_reading():
    """``catch_targets="any"``: a Garden cat is 'caught' (not moved), the catcher discards."""
    start = black_on_the_kitchen_mouse(Params(catch_targets="any"))
    state = start.apply(Roll((PINK,))).apply(Fastest(1))
    assert state.cats == start.cats and state.phase == "discard"


def test_catch_targets_players_leaves_a_spare_cat_alone():
    start = black_on_the_kitchen_mouse(Params(catch_targets="players"))
    spare_in_house = dataclasses.replace(start, cats=(*start.cats[:5], sp(LIVING, FISH)))
    assert spare_in_house.apply(Roll((WHITE,))).phase == "move"
    house = dataclasses.replace(spare_in_house, params=Params())
    assert house.apply(Roll((WHITE,))).phase == "fastest"  # default: any pawn in the house


def test_nobody_fastest_means_nobody_is_caught():
    state = black_on_the_kitchen_mouse().apply(Roll((BLACK,))).apply(Fastest(None))
    assert state.cats[BLACK] == sp(KITCHEN, MOUSE) and state.active == 1


def test_a_blank_die_face_catches_no_cat_and_the_table_is_not_asked():
    params = Params(catch_die_faces=(-1, 0, 1, 2, 3, 4, 5))
    start = black_on_the_kitchen_mouse(params)
    assert len(start.chance_outcomes()) == 7
    state = start.apply(Roll((-1,)))
    assert state.phase == "move" and state.active == 1
    assert state.cats == start.cats and state.hands == start.hands and state.box == ()


def test_the_catch_die_is_not_the_brawl_dice():
    """``catch_die_faces`` changes the catch roll only; ``die_faces`` the brawls only."""
    blank_catch = black_on_the_kitchen_mouse(Params(catch_die_faces=(-1,) * 6))
    assert blank_catch.chance_outcomes() == [(Roll((-1,)), 1)]
    blank_brawls = black_on_the_kitchen_mouse(Params(die_faces=(-1,) * 6))
    assert len(blank_brawls.chance_outcomes()) == 6


def napping_black(params: Params):
    """Events: black lies down for a Nap on the Kitchen bell; the catch roll is next."""
    state = new_game(3, hands=HANDS, params=params)
    board = [None] * 30
    board[sp(KITCHEN, BELL)] = NAP
    state = dataclasses.replace(state, events=tuple(board), event_box=(NAP,) * 14)
    state = state.apply(Move(KITCHEN)).apply(Hide(sp(KITCHEN, BELL)))
    assert state.napping == {BLACK} and state.phase == "catch"
    return state


def finish_round(state):
    """Red and yellow move into rooms black is not in; nobody catches. Black's turn comes back."""
    for room in (ENTRANCE, LIVING):
        state = state.apply(Move(room)).apply(Hide(sp(room, BIRD)))
        state = state.apply(Roll((WHITE,)))  # the spare white cat is in the Garden: no catch
    return state


def test_a_caught_napping_cat_wakes_up_in_the_garden():
    state = napping_black(Params(version="events")).apply(Roll((BLACK,))).apply(Fastest(1))
    assert state.cats[BLACK] == GARDEN and state.napping == frozenset()
    check_invariants(state)
    state = finish_round(state.apply(Discard(sp(LIVING, MOUSE))))
    assert state.active == 0 and state.phase == "move"  # no wake-up turn
    assert Move(LIVING) in state.legal_actions()


def test_with_the_parameter_off_a_caught_napping_cat_sleeps_on():
    params = Params(version="events", caught_cat_to_garden=False)
    state = napping_black(params).apply(Roll((BLACK,))).apply(Fastest(1))
    assert state.cats[BLACK] == sp(KITCHEN, BELL) and state.napping == {BLACK}
    state = finish_round(state.apply(Discard(sp(LIVING, MOUSE))))
    assert state.active == 0 and state.legal_actions() == [Wake()]


def count_catches(params: Params, n: int, games: int) -> tuple[int, int, int]:
    """Seeded random games: (catches, caught cats that were in a room, caught cats left there)."""
    catches = in_room = stayed = 0

    def on_step(before, action, after) -> None:
        nonlocal catches, in_room, stayed
        check_step(before, action, after)
        if type(action) is Fastest and action.player is not None:
            catches += 1
            caught = [c for c in before.catch_roll if c >= 0]
            in_room += sum(before.cats[c] != GARDEN for c in set(caught))
            stayed += sum(after.cats[c] != GARDEN for c in set(caught))

    for seed in range(games):
        state = new_game(n, seed=seed, params=params)
        play_out(state, RandomAgent(), random.Random(seed), on_step=on_step)
    return catches, in_room, stayed


@pytest.mark.parametrize("version", ["classic", "events"])
@pytest.mark.parametrize("n", [3, 4, 6])
def test_no_caught_cat_ever_stays_in_its_room(version, n):
    catches, in_room, stayed = count_catches(Params(version=version), n, games=40)
    assert catches > 50 and in_room == catches  # one die: each catch is of one cat in the house
    assert stayed == 0


def test_with_the_parameter_off_caught_cats_stay_in_their_rooms():
    catches, in_room, stayed = count_catches(STAY, 4, games=40)
    assert catches > 50 and stayed == in_room > 10


# --------------------------------------------------------------------------- seeded greedy games
def greedy_catch_counts(params: Params, games: int, n: int = 4) -> Counter:
    """Seeded 4-player greedy games, every catch checked against the rule read independently.

    A catch roll asks the table exactly when a rolled colour's cat is outside the Garden
    ('catch the cat of the right colour'); a catch carries those cats to the Garden; the
    catcher discards exactly when they held 2 tiles or more ('You cannot get rid of your
    last tile by catching').
    """
    counts: Counter = Counter()
    agents = {p: GreedyAgent() for p in range(n)} | {TABLE: TableAgent()}

    def on_step(before, action, after) -> None:
        check_step(before, action, after)
        if before.phase == "catch":
            counts["rolls"] += 1
            catchable = {c for c in action.faces if c >= 0 and before.cats[c] != GARDEN}
            assert (after.phase == "fastest") == bool(catchable), (action, before.cats)
            counts["questions"] += after.phase == "fastest"
        if type(action) is Fastest and action.player is not None:
            caught = {c for c in before.catch_roll if c >= 0 and before.cats[c] != GARDEN}
            assert caught and all(after.cats[c] == GARDEN for c in caught)
            one_tile = len(before.hands[action.player]) == 1
            assert (after.phase == "discard") == (not one_tile)
            counts["one_tile_catches"] += one_tile
        if type(action) is Discard:
            counts["discards"] += 1

    for seed in range(games):
        state = new_game(n, seed=seed, params=params)
        play_out(state, agents, random.Random(seed), on_step=on_step)
    return counts


def test_with_every_catch_face_blank_nobody_is_ever_caught():
    counts = greedy_catch_counts(Params(catch_die_faces=(-1,) * 6), games=40)
    assert counts["rolls"] > 600
    assert counts["questions"] == counts["discards"] == 0


def test_with_the_published_die_cats_are_caught_and_one_tile_players_catch_too():
    counts = greedy_catch_counts(Params(), games=25)
    assert counts["questions"] > 100 and counts["discards"] > 100
    assert counts["one_tile_catches"] > 5  # cats carried to the Garden with no discard
    assert counts["discards"] + counts["one_tile_catches"] <= counts["questions"]
