"""Manekinecollection: bad setups are InvalidSetup naming the field; junk actions IllegalAction."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from nekolib.core import IllegalAction, InvalidSetup, NekoError
from nekolib.manekinecollection.rules import (
    BagDraw,
    Card,
    DrawCard,
    Params,
    Piece,
    PlayCards,
    TakeZabuton,
    new_game,
)
from nekolib.neko_in.rules import Move


def start():
    """Seat 0 to play; its hand is fixed so the junk below is near a real action."""
    state = new_game(2, seed=1)
    assert state.phase == "play" and state.turn == 0
    return state


@pytest.mark.parametrize(
    ("junk", "reason"),
    [
        ("red5", "'red5' (a str) is not an action of this game"),
        (None, "None is not an action of this game"),
        ([1], "[1] (a list) is not an action of this game"),
        ({}, "{} (a dict) is not an action of this game"),
        (PlayCards(0, "red5"), "PlayCards.cards must be a tuple of Card objects; got 'red5'"),
        (PlayCards(0.0, ()), "PlayCards.kotatsu must be an int; got 0.0 (a float)"),
        (PlayCards("left", ()), "PlayCards.kotatsu must be an int; got 'left' (a str)"),
        (PlayCards(0, (("red", 5),)), "PlayCards.cards must be a tuple of Card objects"),
        (PlayCards(0, (Card("red", 5.0),)), "PlayCards.cards must be a tuple of Card objects"),
        (PlayCards(7, ()), "there is no kotatsu 7"),
        (TakeZabuton(0, 1.5), "TakeZabuton.slot must be an int; got 1.5 (a float)"),
        (TakeZabuton(0, 0, None), "TakeZabuton.label must be a str; got None"),
        (BagDraw("red"), "BagDraw.piece must be a Piece or None; got 'red' (a str)"),
        (DrawCard(None), "DrawCard.card must be a Card; got None"),
        (Move(1), "is an action of another game (neko_in)"),
    ],
)
def test_junk_actions_are_illegal_with_the_legal_ones_listed_and_nothing_changes(junk, reason):
    state = start()
    before = (copy.deepcopy(state), state.view(None), state.view(0))
    assert state.is_legal(junk) is False
    with pytest.raises(IllegalAction) as err:
        state.apply(junk)
    assert reason in str(err.value)
    assert err.value.legal == state.legal_actions() and "Legal now: play" in str(err.value)
    assert (state, state.view(None), state.view(0)) == before


def test_a_card_given_as_a_plain_tuple_is_not_played():
    state = start()
    legal = state.legal_actions()[0]
    plain = PlayCards(legal.kotatsu, tuple(tuple(c) for c in legal.cards))
    assert plain == legal  # a NamedTuple equals its plain tuple: why the types are checked
    assert state.is_legal(legal) and not state.is_legal(plain)


def test_junk_at_a_chance_node_is_illegal_too():
    state = new_game(3)  # no seed: the setup draws are pending
    assert state.is_chance_node()
    for junk in [BagDraw(Piece("red", 1)), BagDraw(None, 0.5), DrawCard(Card("red", 1)), "draw"]:
        assert not state.is_legal(junk)
        with pytest.raises(IllegalAction):
            state.apply(junk)


@pytest.mark.parametrize(
    ("field", "bad", "message"),
    [
        ("colours", ["red"] * 6, "Params.colours must be a tuple of strs; got ['red', 'red'"),
        ("colours", ("a", "b", "c", "d"), "Params.colours must be at least 5 distinct colours"),
        ("card_ranks", (1, 2.5), "Params.card_ranks must be a tuple of ints; got (1, 2.5)"),
        ("card_ranks", (), "Params.card_ranks must be a non-empty tuple of icon counts"),
        ("card_ranks", (0, 1), "Params.card_ranks must be a non-empty tuple of icon counts"),
        ("zabuton_values", (1, 2), "Params.zabuton_values must hold at least 3 tiles"),
        ("plain_colour", "pink", "Params.plain_colour must be one of the colours"),
        ("plain_colour", None, "Params.plain_colour must be a str; got None"),
        ("manekineko_total", 0, "Params.manekineko_total must be at least 1; got 0"),
        ("manekineko_at_start", -1, "Params.manekineko_at_start must be 0-6"),
        ("manekineko_at_start", 1.0, "Params.manekineko_at_start must be an int; got 1.0"),
        ("manekineko_to_end", 7, "Params.manekineko_to_end must be 1-6 (manekineko_total); got 7"),
        ("collection_bonus", "6", "Params.collection_bonus must be an int; got '6' (a str)"),
        ("first_player", -1, "Params.first_player must be a seat"),
        ("set_strength", "min", "Params.set_strength must be one of 'sum', 'max'; got 'min'"),
        ("discard_visible", "yes", "Params.discard_visible must be True or False"),
        (
            "gold_coin_score",
            "own",
            "Params.gold_coin_score must be one of 'most_collected', 'own_colour'; got 'own'",
        ),
    ],
)
def test_every_params_field_is_checked(field, bad, message):
    with pytest.raises(InvalidSetup) as err:
        Params(**{field: bad})
    assert message in str(err.value)
    with pytest.raises(InvalidSetup, match=field):  # the same through new_game's keywords
        new_game(2, **{field: bad})


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_players": "3"}, "Manekinecollection is for 2-4 players; got '3' (a str)"),
        ({"num_players": 2.5}, "Manekinecollection is for 2-4 players; got 2.5 (a float)"),
        ({"num_players": None}, "Manekinecollection is for 2-4 players; got None"),
        ({"num_players": True}, "Manekinecollection is for 2-4 players; got True (a bool)"),
        ({"num_players": 4, "first_player": 4}, "Params.first_player must be a seat 0-3; got 4"),
        ({"params": 3}, "params must be a Params or a dict; got 3 (an int)"),
        ({"card_ranks": (1, 2, 3, 4, 5, 6, 7)}, "give 42 cat cards; 4 players need at least 48"),
    ],
)
def test_bad_new_game_arguments(kwargs, message):
    kwargs = {"num_players": 4} | kwargs
    with pytest.raises(InvalidSetup) as err:
        new_game(**kwargs)
    assert message in str(err.value)


def test_params_as_keywords_or_a_dict():
    assert new_game(3, seed=1, set_strength="max").params == Params(set_strength="max")
    assert new_game(2, params={"discard_visible": False}).params.discard_visible is False
    assert new_game(4, card_ranks=(1,) * 8).num_players == 4  # 48 cards: just enough


# --------------------------------------------------------------------------- issue 20 (8, 11)
@pytest.mark.parametrize("seed", [1.5, [1], object(), {}, 2.0])
def test_a_seed_is_an_int_a_str_or_none(seed):
    """``object()`` used to give a different game every run (its repr holds an address)."""
    with pytest.raises(InvalidSetup, match="seed must be an int, a str or None"):
        new_game(2, seed=seed)
    assert new_game(2, seed=7) == new_game(2, seed=7)
    assert new_game(2, seed="7") == new_game(2, seed="7")


@pytest.mark.parametrize("viewer", ["0", 1.0, [0], True, 99, -1, 2])
def test_view_takes_a_seat_or_none(viewer):
    state = start()
    with pytest.raises(NekoError, match=r"view \(or None for a spectator\) needs a player 0-1"):
        state.view(viewer)
    assert state.view(None)["viewer"] is None
    assert state.view(1)["hands"][1] != state.view(None)["hands"][1]


def test_view_takes_a_numpy_seat():
    np = pytest.importorskip("numpy")
    state = start()
    assert state.view(np.int64(1)) == state.view(1)


def test_a_manekineko_has_no_tile_value():
    """``BagDraw(None, 5)`` is not among the legal outcomes: it is refused, nothing changes."""
    state = dataclasses.replace(new_game(2), bag_manekineko=1, reserve_manekineko=5)
    assert state.phase == "refill"
    assert BagDraw(None) in state.legal_actions() and BagDraw(None, 5) not in state.legal_actions()
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="without a zabuton tile"):
        state.apply(BagDraw(None, 5))
    assert state == before
    assert state.apply(BagDraw(None)).drawn_manekineko == 1


@pytest.mark.parametrize("junk", ["red5", None, Move(0), PlayCards("left", ()), [PlayCards]])
def test_action_to_string_refuses_junk(junk):
    state = start()
    with pytest.raises(IllegalAction, match="Legal now: play"):
        state.action_to_string(junk)


def test_messages_name_kotatsu_and_seats_as_the_picture_does():
    state = start()
    off = PlayCards(5, (state.hands[0][0],))
    assert state.action_to_string(off) == f"play {state.hands[0][0]} at kotatsu 5"
    with pytest.raises(IllegalAction) as err:
        state.apply(off)
    assert "there is no kotatsu 5; the kotatsu are 0 (left), 1 (centre), 2 (right)" in str(
        err.value
    )
    on = PlayCards(1, (state.hands[0][0],))
    assert state.action_to_string(on) == f"play {state.hands[0][0]} at the centre kotatsu"
    after = state.apply(on)
    assert after.action_to_string(after.chance_outcomes()[0][0]) == "Red draws a card"
    assert "Red: hand 3 hidden; zabuton none" in str(state)  # no "zabuton - -"
    assert "zabuton -" not in str(state)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda r: r.parse_cards(5), "parse_cards needs a str such as 'red5 blue2'"),
        (lambda r: r.parse_cards("red"), "not a card: 'red'"),
        (lambda r: r.class_of_counts([1, "a"]), "counts must be the colour counts of 5 cats"),
        (lambda r: r.class_of_counts([2, 2]), "counts must be the colour counts of 5 cats"),
        (lambda r: r.class_of_colours("redblue"), "colours must be a list of 5 colour names"),
        (lambda r: r.class_of_colours([[1]] * 5), "colours must be a list of 5 colour names"),
        (lambda r: r.hand_key(["red"], r.parse_cards("red1")), "must be 5 cats together"),
        (lambda r: r.hand_key(["red", 2], ()), "pieces must be a list of Piece or colour"),
        (lambda r: r.hand_key(["red", "red"], "red1 red2 red3"), "cards must be a list of Card"),
        (lambda r: r.rank_players(["red", "red"], [(), ()], [0, 5]), "completed player"),
        (lambda r: r.full_deck(None), "full_deck needs a Params; got None"),
        (lambda r: r.full_bag({}), "full_bag needs a Params"),
        (lambda r: r.kotatsu_name(1.5), "k must be an int 0 or more; got 1.5"),
        (lambda r: r.kotatsu_phrase("left"), "k must be an int; got 'left'"),
        (lambda r: r.draw_split(-1, 2), "deck_size must be an int 0 or more; got -1"),
        (lambda r: r.seat_name(None), "seat must be an int 0 or more; got None"),
        (lambda r: r.score_collection([("red", 1)], r.Params()), "list of ZabutonNeko"),
        (lambda r: r.score_collection([], None), "params must be a Params"),
    ],
)
def test_rules_helpers_refuse_junk_with_what_is_allowed(call, words):
    from nekolib.manekinecollection import rules

    with pytest.raises(InvalidSetup) as err:
        call(rules)
    assert words in str(err.value)
