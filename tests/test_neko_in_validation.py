"""Neko-in: every bad setup is InvalidSetup naming the field; every junk action IllegalAction."""

from __future__ import annotations

import copy

import pytest

from nekolib.core import IllegalAction, InvalidSetup
from nekolib.neko_boss.rules import Place
from nekolib.neko_in.rules import Discard, Fastest, Hide, Move, Params, Roll, UseAffinity, new_game

KITCHEN = 1


@pytest.mark.parametrize(
    ("junk", "reason"),
    [
        ("kitchen", "'kitchen' (a str) is not an action of this game"),
        (None, "None is not an action of this game"),
        ([1], "[1] (a list) is not an action of this game"),
        ({}, "{} (a dict) is not an action of this game"),
        (1, "1 (an int) is not an action of this game"),
        (Move(1.5), "Move.room must be an int; got 1.5 (a float)"),
        (Move("Kitchen"), "Move.room must be an int; got 'Kitchen' (a str)"),
        (Move(1.0), "Move.room must be an int; got 1.0 (a float)"),  # == Move(1), yet junk
        (Move(True), "Move.room must be an int; got True (a bool)"),
        (Move(9), "that room is not in play"),
        (Hide([3]), "Hide.space must be an int; got [3] (a list)"),
        (Roll([1]), "Roll.faces must be a tuple of ints; got [1] (a list)"),
        (Discard(None), "Discard.tile must be an int; got None"),
        (UseAffinity(None, 2), "UseAffinity.cat_a must be an int; got None"),
        (Place(3), "is an action of another game (neko_boss)"),
    ],
)
def test_junk_actions_are_illegal_with_the_legal_ones_listed_and_nothing_changes(junk, reason):
    state = new_game(4, seed=3)
    before = (copy.deepcopy(state), state.view(None), state.view(0))
    assert state.is_legal(junk) is False
    with pytest.raises(IllegalAction) as err:
        state.apply(junk)
    assert reason in str(err.value)
    assert err.value.legal == state.legal_actions() and "go to the Kitchen" in str(err.value)
    assert (state, state.view(None), state.view(0)) == before
    assert state.apply(Move(KITCHEN)).room == KITCHEN  # and it still plays


def test_junk_at_a_chance_node_is_illegal_too():
    state = new_game(3, seed=0).apply(Move(KITCHEN))
    state = state.apply(state.legal_actions()[0])  # the owner hides the cat: catch roll next
    assert state.is_chance_node()
    for junk in [Roll((1.0,)), Roll((9,)), Roll("1"), Roll(()), "roll"]:
        assert not state.is_legal(junk)
        with pytest.raises(IllegalAction, match="Legal now: rolled black"):
            state.apply(junk)


@pytest.mark.parametrize(
    ("field", "bad", "message"),
    [
        ("version", "Events", "Params.version must be one of 'classic', 'events'; got 'Events'"),
        ("colours", [0, 1, 2], "Params.colours must be a tuple of ints or None; got [0, 1, 2]"),
        ("colours", (0, 0, 1), "Params.colours must be None or 3-6 distinct cat colours 0-5"),
        ("colours", (0, 1, 7), "Params.colours must be None or 3-6 distinct cat colours 0-5"),
        ("colours", (), "one per player (0 black, 1 red, 2 yellow, 3 pink, 4 light blue, 5 white)"),
        ("colours", (), "white); got ()"),
        ("colours", (0, 1), "Params.colours must be None or 3-6 distinct cat colours"),
        ("die_faces", (), "Params.die_faces must be a non-empty tuple of cat colours 0-5 or -1"),
        ("die_faces", (0, 6), "Params.die_faces must be a non-empty tuple"),
        ("die_faces", (0, 1.5), "Params.die_faces must be a tuple of ints; got (0, 1.5)"),
        ("catch_die_faces", (), "Params.catch_die_faces must be a non-empty tuple of cat"),
        ("catch_die_faces", (0, 6), "Params.catch_die_faces must be a non-empty tuple"),
        ("catch_die_faces", [0, 1], "Params.catch_die_faces must be a tuple of ints"),
        ("catch_targets", "garden", "Params.catch_targets must be one of 'house', 'players'"),
        ("lost_brawl_ends_movement", 1, "Params.lost_brawl_ends_movement must be True or False"),
        ("held_tiles_after_movement", "y", "Params.held_tiles_after_movement must be True or"),
        ("catch_phase", "yes", "Params.catch_phase must be True or False; got 'yes' (a str)"),
        ("catch_dice", 1.5, "Params.catch_dice must be an int; got 1.5 (a float)"),
        ("catch_dice", 0, "Params.catch_dice must be 1-4 (every roll is enumerated); got 0"),
        ("catch_dice", 40, "Params.catch_dice must be 1-4"),
        ("no_own_room_first_turn", 1, "Params.no_own_room_first_turn must be True or False"),
        ("event_sets", (), "Params.event_sets must be 6 sets (one per colour) of 5 event tiles"),
        ("event_sets", "Nap", "Params.event_sets must be a tuple of tuples of strs"),
        ("teaser_gathers", "some", "Params.teaser_gathers must be one of 'all', 'players'"),
        ("litter_box_brawls", None, "Params.litter_box_brawls must be True or False; got None"),
        ("event_before_tile", 0, "Params.event_before_tile must be True or False"),
        ("swap_discards", "no", "Params.swap_discards must be True or False"),
        ("caught_cat_to_garden", 1, "Params.caught_cat_to_garden must be True or False"),
    ],
)
def test_every_params_field_is_checked(field, bad, message):
    with pytest.raises(InvalidSetup) as err:
        Params(**{field: bad})
    assert message in str(err.value)
    with pytest.raises(InvalidSetup, match=field):  # the same through new_game's keywords
        new_game(3, **{field: bad})


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_players": "3"}, "Neko-in is for 3-6 players; got '3' (a str)"),
        ({"num_players": 2.5}, "Neko-in is for 3-6 players; got 2.5 (a float)"),
        ({"num_players": None}, "Neko-in is for 3-6 players; got None"),
        ({"num_players": 7}, "Neko-in is for 3-6 players; got 7"),
        ({"params": "classic"}, "params must be a Params or a dict; got 'classic' (a str)"),
        ({"colour": (0, 1, 2)}, "Params has no field colour; its fields are"),
        ({"params": Params(colours=(0, 1, 2, 3))}, "Params.colours must give one cat colour per"),
        ({"seed": [1]}, "seed must be an int, a str or None; got [1] (a list)"),
        ({"hands": [[1.5]]}, "hands must deal every tile of the rooms in play"),
        ({"hands": 5}, "hands must deal every tile"),
    ],
)
def test_bad_new_game_arguments(kwargs, message):
    kwargs = {"num_players": 3} | kwargs
    with pytest.raises(InvalidSetup) as err:
        new_game(**kwargs)
    assert message in str(err.value)


def test_params_as_keywords_or_a_dict():
    assert new_game(4, seed=1, catch_dice=2).params == Params(catch_dice=2)
    assert new_game(4, params={"version": "events"}).params.events
    assert new_game(3, version="events", params=Params(catch_dice=2)).params == Params(
        version="events", catch_dice=2
    )


# --------------------------------------------------------------------------- issue 20
FIVE_EACH = [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14]]


@pytest.mark.parametrize(
    "hands",
    [
        [[0, 1, 2, 3], [4, 5, 6, 7, 8, 9], [10, 11, 12, 13, 14]],  # 4 + 6 + 5
        [[], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [10, 11, 12, 13, 14]],  # a seat with no tile
        [[0], [1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14]],
    ],
)
def test_hands_must_be_a_deal_of_five_each(hands):
    """'shuffle them face down and deal 5 to each player'."""
    with pytest.raises(InvalidSetup, match="5 to each of the 3 players"):
        new_game(3, hands=hands)
    assert new_game(3, hands=FIVE_EACH).hands == tuple(map(tuple, FIVE_EACH))


@pytest.mark.parametrize("junk", [Move(None), Hide(None), Move("Kitchen"), Hide(1.5), None, "go"])
def test_labels_and_explanations_of_junk_are_nekolib_answers(junk):
    state = new_game(3, seed=1)
    with pytest.raises(IllegalAction, match="Legal now: go to the Entrance"):
        state.action_to_string(junk)
    why = state.explain_illegal(junk)
    assert "must be" in why or "not an action" in why


def test_seats_are_named_after_their_cats_in_messages():
    state = new_game(3, seed=1).apply(Move(1))  # the red cat's owner chooses the hideout
    assert state.action_to_string(Fastest(2)) == "Yellow cat was fastest"
    assert "now Red cat must decide" in state.explain_illegal(Move(2))
