"""Neko-in Classic rules, one rulebook passage at a time, on hand-built positions."""

from __future__ import annotations

import dataclasses
import random

import pytest

from nekolib.core import CHANCE, HIDDEN, TABLE, TERMINAL, IllegalAction, InvalidSetup, Match
from nekolib.neko_in.rules import (
    GARDEN,
    Discard,
    Fastest,
    Hide,
    Move,
    NekoState,
    Params,
    Pass,
    Roll,
    Wake,
    brawl_result,
    new_game,
)

BLACK, RED, YELLOW, PINK, BLUE, WHITE = range(6)
ENTRANCE, KITCHEN, LIVING = BLACK, RED, YELLOW  # room of each colour
MOUSE, BIRD, BELL, BUTTERFLY, FISH = range(5)


def sp(room: int, icon: int) -> int:
    """Space id (= matching tile id) of a hideout."""
    return room * 5 + icon


# Player 0 (black) holds Kitchen tiles, player 1 (red) Living Room ones, player 2 (yellow) Entrance.
HANDS = (
    [sp(KITCHEN, i) for i in range(5)],
    [sp(LIVING, i) for i in range(5)],
    [sp(ENTRANCE, i) for i in range(5)],
)


def make(hands=HANDS, params: Params | None = None, **changes):
    state = new_game(len(hands), hands=hands, params=params)
    return dataclasses.replace(state, **changes) if changes else state


def cats(**where: int) -> tuple[int, ...]:
    """Cat positions: everybody in the Garden except the given colours."""
    names = ["black", "red", "yellow", "pink", "blue", "white"]
    return tuple(where.get(name, GARDEN) for name in names)


def assert_illegal(state, action) -> IllegalAction:
    before = (state, hash(state), state.view(None))
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert (state, hash(state), state.view(None)) == before
    return err.value


# --------------------------------------------------------------------------- setup
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_setup_deals_five_tiles_of_the_rooms_in_play_and_puts_every_cat_in_the_garden(n):
    state = new_game(n, seed=7)
    tiles = sorted(t for hand in state.hands for t in hand)
    assert tiles == list(range(5 * n))  # rooms in play = the players' colours, all dealt
    assert all(len(h) == 5 for h in state.hands)
    assert state.cats == (GARDEN,) * 6  # 'both those of each player and the spare ones'
    assert state.current_player() == 0 and state.covered == frozenset()
    assert new_game(n, seed=7) == state and new_game(n, seed=8) != state


def test_setup_rejects_bad_player_counts_and_colours():
    for n in (2, 7):
        with pytest.raises(InvalidSetup):
            new_game(n)
    with pytest.raises(InvalidSetup):
        new_game(3, params=Params(colours=(0, 0, 1)))
    state = new_game(3, seed=1, params=Params(colours=(5, 3, 1)))
    assert state.rooms_in_play == (5, 3, 1)
    assert sorted(t // 5 for h in state.hands for t in h) == sorted([1, 3, 5] * 5)


def test_views_show_only_the_viewers_own_tiles():
    state = new_game(4, seed=3)
    for viewer in [None, 0, 1, 2, 3]:
        view = state.view(viewer)
        for p, player in enumerate(view["players"]):
            if p == viewer:
                assert HIDDEN not in player["hand"] and len(player["hand"]) == 5
            else:
                assert player["hand"] == [HIDDEN] * 5
        text = repr(view)
        for p in range(4):
            if p != viewer:
                others = [name for name in state.view(p)["players"][p]["hand"]]
                own = view["players"][viewer]["hand"] if viewer is not None else []
                assert not [t for t in others if t in text and t not in own]


# --------------------------------------------------------------------------- moving
def test_free_room_the_owner_chooses_the_hideout_among_uncovered_ones():
    state = make(covered=frozenset({sp(KITCHEN, BELL)}))
    state = state.apply(Move(KITCHEN))  # black goes to red's kitchen
    assert state.current_player() == 1 and state.turn_player() == 0
    assert state.legal_actions() == [Hide(sp(KITCHEN, i)) for i in (MOUSE, BIRD, BUTTERFLY, FISH)]
    err = assert_illegal(state, Hide(sp(KITCHEN, BELL)))
    assert "covered" in str(err) and "for Red cat" in str(err)
    assert_illegal(state, Hide(sp(LIVING, BELL)))


def test_matching_hideout_gets_rid_of_the_tile_which_then_covers_the_space():
    state = make().apply(Move(KITCHEN)).apply(Hide(sp(KITCHEN, FISH)))
    assert sp(KITCHEN, FISH) not in state.hands[0] and len(state.hands[0]) == 4
    assert state.covered == {sp(KITCHEN, FISH)}
    assert state.cats[BLACK] == sp(KITCHEN, FISH)
    assert state.current_player() == CHANCE and state.phase == "catch"


def test_bluffing_a_room_without_a_matching_tile_is_allowed():
    state = make().apply(Move(LIVING))  # black holds no Living Room tile
    state = state.apply(Hide(sp(LIVING, MOUSE)))
    assert len(state.hands[0]) == 5 and state.covered == frozenset()
    assert state.cats[BLACK] == sp(LIVING, MOUSE)


def test_in_own_room_the_active_player_chooses():
    state = make().apply(Move(ENTRANCE))
    assert state.current_player() == 0 and state.phase == "hide"


def test_already_in_the_room_the_active_player_chooses_another_space():
    state = make(cats=cats(black=sp(KITCHEN, MOUSE)))
    state = state.apply(Move(KITCHEN))
    assert state.current_player() == 0
    assert Hide(sp(KITCHEN, MOUSE)) not in state.legal_actions()
    assert len(state.legal_actions()) == 4
    state = state.apply(Hide(sp(KITCHEN, BELL)))
    assert state.cats[BLACK] == sp(KITCHEN, BELL) and len(state.hands[0]) == 4


def test_room_with_no_reachable_hideout_cannot_be_chosen_and_pass_when_stuck():
    full = frozenset(sp(KITCHEN, i) for i in range(5))
    state = make(covered=full)
    assert Move(KITCHEN) not in state.legal_actions()
    assert "no reachable hideout" in str(assert_illegal(state, Move(KITCHEN)))
    assert "not in play" in str(assert_illegal(state, Move(PINK)))
    everything = frozenset(range(15)) - {sp(ENTRANCE, MOUSE)}
    stuck = make(covered=everything, cats=cats(black=sp(ENTRANCE, MOUSE)))
    assert stuck.legal_actions() == [Pass()]
    assert stuck.apply(Pass()).phase == "catch"


def test_extra_rule_no_own_room_on_the_first_turn():
    params = Params(no_own_room_first_turn=True)
    state = make(params=params)
    assert Move(ENTRANCE) not in state.legal_actions()
    assert "first turn" in str(assert_illegal(state, Move(ENTRANCE)))
    assert Move(ENTRANCE) in make().legal_actions()
    later = make(params=params, turn_index=3)  # black's second turn
    assert Move(ENTRANCE) in later.legal_actions()


# --------------------------------------------------------------------------- brawls
def test_brawl_outcome_rule_on_all_36_rolls():
    counts = {"attacker": 0, "both": 0, "defender": 0}
    for a in range(6):
        for b in range(6):
            counts[brawl_result((a, b), RED, YELLOW)] += 1
    assert counts == {"attacker": 9, "both": 2, "defender": 25}
    assert brawl_result((RED, WHITE), RED, YELLOW) == "attacker"
    assert brawl_result((YELLOW, RED), RED, YELLOW) == "both"
    assert brawl_result((YELLOW, WHITE), RED, YELLOW) == "defender"
    assert brawl_result((PINK, WHITE), RED, YELLOW) == "defender"


def occupied_kitchen():
    """Black attacks the kitchen where the yellow cat sits on the bell."""
    return make(cats=cats(yellow=sp(KITCHEN, BELL))).apply(Move(KITCHEN))


def test_brawl_is_a_chance_node_with_36_equally_likely_rolls():
    state = occupied_kitchen()
    assert state.current_player() == CHANCE and state.turn_player() == 0
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == 1
    assert_illegal(state, Hide(sp(KITCHEN, MOUSE)))
    assert_illegal(state, Roll((BLACK,)))


def test_brawl_attacker_colour_sends_the_attacker_home():
    state = occupied_kitchen().apply(Roll((BLACK, WHITE)))
    assert state.cats[BLACK] == GARDEN and state.cats[YELLOW] == sp(KITCHEN, BELL)
    assert state.phase == "catch"


def test_brawl_both_colours_send_both_home():
    state = occupied_kitchen().apply(Roll((YELLOW, BLACK)))
    assert state.cats[BLACK] == GARDEN and state.cats[YELLOW] == GARDEN
    assert state.phase == "catch"


@pytest.mark.parametrize("roll", [(YELLOW, YELLOW), (PINK, RED)])
def test_brawl_defender_home_then_owner_chooses_as_if_free(roll):
    state = occupied_kitchen().apply(Roll(roll))
    assert state.cats[YELLOW] == GARDEN
    assert state.phase == "hide" and state.current_player() == 1  # red owns the kitchen
    assert Hide(sp(KITCHEN, BELL)) in state.legal_actions()  # the vacated space is free


def test_no_brawl_in_the_garden_and_no_voluntary_garden_move():
    state = make()
    assert all(isinstance(a, Move) for a in state.legal_actions())
    assert GARDEN not in [a.room for a in state.legal_actions()]
    assert_illegal(state, Move(GARDEN))


# --------------------------------------------------------------------------- catch
def after_black_moves():
    return make().apply(Move(KITCHEN)).apply(Hide(sp(KITCHEN, MOUSE)))


def uneven(hands) -> NekoState:
    """The start position, with the tiles redistributed (as after some turns): not a deal."""
    return dataclasses.replace(make(), hands=tuple(tuple(sorted(h)) for h in hands))


def test_catch_roll_then_the_table_says_who_was_fastest_then_they_discard():
    state = after_black_moves()
    assert state.current_player() == CHANCE and len(state.chance_outcomes()) == 6
    state = state.apply(Roll((BLACK,)))  # black sits on the Kitchen mouse
    assert state.current_player() == TABLE and state.turn_player() == 0
    assert state.legal_actions() == [Fastest(0), Fastest(1), Fastest(2), Fastest(None)]
    state = state.apply(Fastest(2))
    assert state.current_player() == 2 and state.cats[BLACK] == GARDEN
    assert_illegal(state, Discard(sp(KITCHEN, BIRD)))  # not player 2's tile
    state = state.apply(Discard(sp(ENTRANCE, BELL)))
    assert state.hands[2] == tuple(sp(ENTRANCE, i) for i in (MOUSE, BIRD, BUTTERFLY, FISH))
    assert state.box == (sp(ENTRANCE, BELL),)
    assert state.current_player() == 1 and state.turn_index == 1


@pytest.mark.parametrize("colour", [RED, YELLOW, PINK, BLUE, WHITE])
def test_a_roll_showing_a_cat_in_the_garden_catches_nobody(colour):
    """Only black is in the house: any other colour (a spare pawn too) has no cat to catch."""
    state = after_black_moves().apply(Roll((colour,)))
    assert state.phase == "move" and state.active == 1 and state.catch_roll == (colour,)
    assert state.hands == after_black_moves().hands and state.box == ()


def test_nobody_fastest_goes_to_the_next_turn():
    state = after_black_moves().apply(Roll((BLACK,))).apply(Fastest(None))
    assert state.active == 1 and state.phase == "move"
    assert state.cats[BLACK] == sp(KITCHEN, MOUSE)  # nobody caught it


def test_a_one_tile_player_catches_but_does_not_discard():
    """FAQ: 'You cannot get rid of your last tile by catching the cat shown on the die'."""
    hands = ([sp(KITCHEN, FISH)], [sp(LIVING, i) for i in range(5)])
    hands = (*hands, [*range(5), *[sp(KITCHEN, i) for i in range(4)]])
    state = uneven(hands).apply(Move(LIVING)).apply(Hide(sp(LIVING, MOUSE)))
    state = state.apply(Roll((BLACK,)))
    assert Fastest(0) in state.legal_actions()  # the one-tile player may be fastest
    after = state.apply(Fastest(0))
    assert after.cats[BLACK] == GARDEN and after.hands == state.hands and after.box == ()
    assert after.phase == "move" and after.active == 1 and "no discard" in after.news
    assert "Fastest.player must be" in str(assert_illegal(state, Fastest("0")))


def test_when_nobody_may_discard_a_catch_still_carries_the_cat_to_the_garden():
    last = ((sp(KITCHEN, MOUSE),), (sp(LIVING, MOUSE),), (sp(ENTRANCE, MOUSE),))
    rest = tuple(t for t in range(15) if t not in {x for (x,) in last})
    state = dataclasses.replace(make(), hands=last, box=rest)
    state = state.apply(Move(LIVING)).apply(Hide(sp(LIVING, BIRD))).apply(Roll((BLACK,)))
    assert state.phase == "fastest" and len(state.legal_actions()) == 4
    state = state.apply(Fastest(1))
    assert state.cats[BLACK] == GARDEN and state.hands == last and state.box == rest
    assert state.phase == "move" and state.active == 1 and state.catch_roll == (BLACK,)


def test_winning_by_getting_rid_of_the_last_tile_on_its_hideout():
    hands = ([sp(KITCHEN, FISH)], [sp(LIVING, i) for i in range(5)], [*range(0, 5), *range(5, 9)])
    state = uneven(hands).apply(Move(KITCHEN)).apply(Hide(sp(KITCHEN, FISH)))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.returns() == [1.0, 0.0, 0.0] and state.winners() == (0,)
    assert state.legal_actions() == []
    assert "over" in str(assert_illegal(state, Move(KITCHEN)))


def test_wake_is_events_only_and_classic_errors_name_the_decider():
    state = make()
    err = assert_illegal(state, Wake())
    assert err.decider == 0 and "Legal now" in str(err)
    hide = make().apply(Move(KITCHEN))
    err = assert_illegal(hide, Move(KITCHEN))
    assert "for Red cat" in str(err)


def test_match_replays_from_the_log_and_undo_rerolls_the_same_dice():
    from nekolib.core import RandomAgent

    match = Match(new_game(4, seed=11), seed=11)
    rng = random.Random(5)
    while not match.state.is_terminal() and match.ply < 60:
        if match.state.is_chance_node():
            match.roll()
        else:
            match.play(RandomAgent().choose(match.state, rng))
    again = Match.replay(new_game(4, seed=11), 11, match.actions)
    assert again.state == match.state
    while not match.state.is_chance_node():
        match.undo()
    roll = match.roll()
    match.undo()
    assert match.roll() == roll


def every_action():
    from nekolib.neko_in.rules import UseAffinity, UseCrunchies, UseLitterBox

    yield from (Move(r) for r in range(-1, 7))
    yield from (Hide(s) for s in range(-1, 31))
    yield from (Discard(t) for t in range(30))
    yield from (Fastest(p) for p in [None, *range(7)])
    yield from (Roll((a,)) for a in range(6))
    yield from (Roll((a, b)) for a in range(6) for b in range(6))
    yield from (Pass(), Wake(), UseCrunchies(), Roll((7,)), "nonsense")
    yield from (UseAffinity(a, b) for a in range(6) for b in range(a + 1, 6))
    yield from (UseLitterBox(s) for s in range(30))


@pytest.mark.parametrize("version", ["classic", "events"])
def test_every_illegal_action_raises_and_leaves_the_state_unchanged(version):
    universe = list(every_action())
    rng = random.Random(0)
    checked = 0
    for seed in range(12):
        state = new_game(4, seed=seed, version=version)
        while not state.is_terminal():
            legal = state.legal_actions()
            legal_set = set(legal)
            illegal = [a for a in universe if a not in legal_set]
            for action in rng.sample(illegal, 4):
                err = assert_illegal(state, action)
                assert err.legal == legal and err.decider == state.current_player()
                checked += 1
            for action in legal:
                assert state.is_legal(action)
            state = state.apply(rng.choice(legal))
        for action in rng.sample(universe, 5):
            assert "over" in str(assert_illegal(state, action))
    assert checked > 2000
