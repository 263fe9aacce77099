"""The Neko-in widget, driven by its buttons and by clicks on its picture."""

from __future__ import annotations

import dataclasses
import random
import re

from nekolib.core import Match
from nekolib.neko_in.agents import GreedyAgent
from nekolib.neko_in.clicks import click_paths
from nekolib.neko_in.picture import svg
from nekolib.neko_in.planner import ExpectimaxAgent
from nekolib.neko_in.rules import (
    COLOURS,
    EVENT_TEXT,
    EVENTS,
    GARDEN,
    LITTER_BOX,
    Fastest,
    Move,
    UseLitterBox,
    new_game,
    tile_name,
)
from nekolib.neko_in.widget import neko_in_widget


def labels(w) -> list[str]:
    return [b.description for b in w.action_buttons]


def test_buttons_are_exactly_the_legal_moves_and_computers_answer():
    w = neko_in_widget(3, seed=1)  # black human, red and yellow greedy, table human
    assert labels(w) == [w.state.action_to_string(a) for a in w.state.legal_actions()]
    assert [b.action for b in w.action_buttons] == [Move(0), Move(1), Move(2)]
    w.click("go to the Kitchen")  # red (greedy) chooses the hideout, the catch die is rolled
    assert w.state.phase == "fastest" and "rolled" in w.status.value
    assert all(isinstance(b.action, Fastest) for b in w.action_buttons)
    assert w.match.log()[1].startswith("2. player 1: hide on the")
    w.click("Black cat was fastest")
    assert w.state.phase == "discard" and w.viewer == 0
    before = len(w.state.hands[0])
    w.action_buttons[0].click()
    assert len(w.state.hands[0]) == before - 1
    # red (computer) has played on until a human decides: the table or black as owner
    assert w.state.turn_index >= 1 and w.is_human(w.state.current_player())
    assert w.action_buttons


def test_hot_seat_board_shows_only_the_deciding_players_tiles():
    w = neko_in_widget(3, seed=2, seats=["human"] * 3)
    w.ready()
    black = [tile_name(t) for t in w.state.hands[0]]
    red = [tile_name(t) for t in w.state.hands[1]]
    assert w.board.svg == str(svg(w.state.view(0)))
    assert all(t in w.board.svg for t in black) and not any(t in w.board.svg for t in red)
    w.click(Move(1))  # red owns the kitchen: red decides now, and sees red's tiles
    assert w.viewer == 1 and w.state.turn_player() == 0
    assert w.board.svg == "" and w.covered  # hand-over screen until red is ready
    w.ready()
    assert all(t in w.board.svg for t in red) and not any(t in w.board.svg for t in black)


def test_undo_new_game_and_seat_dropdowns():
    w = neko_in_widget(3, seed=3)
    start = w.state
    w.click(Move(2))
    assert w.state != start
    w.undo_button.click()
    assert w.state == start and w.undo_button.disabled is not False
    w.seed_input.value = 9
    w.new_game_button.click()
    assert w.state == new_game(3, seed=9)
    for selector in w.seat_selectors:
        selector.value = "random"
    w.table_selector.value = "greedy"
    w.run_button.click()
    assert w.state.is_terminal() and "Game over" in w.status.value
    assert w.hint_button.disabled


def test_brawl_dice_and_odds_are_shown():
    w = neko_in_widget(3, seed=4, seats=["human"] * 3)
    cats = list(w.state.cats)
    cats[2] = 5 + 2  # the yellow cat in the kitchen
    w.match = Match(dataclasses.replace(w.state, cats=tuple(cats)), 4)
    w.ready()
    assert "Kitchen (the yellow cat): you get in 25/36" in w.odds_panel.value
    assert "brawl with the yellow cat" in " ".join(labels(w))
    w.click(Move(1))
    w.ready()
    assert w.state.cats[0] == GARDEN or w.state.cats[2] == GARDEN
    assert w.status.value.count("rolled") == 2  # the brawl's two dice, then the catch die
    dice = [COLOURS[f] for f in w.state.dice]
    assert dice == [COLOURS[f] for f in w.state.catch_roll]
    for i, colour in enumerate(dice):  # the picture shows the last roll
        assert f'id="die-{i}" class="die" data-face="{colour}"' in w.board.svg


def test_events_widget_hides_event_tiles_and_offers_held_ones_as_buttons():
    w = neko_in_widget(3, seed=5, version="events", seats=["human"] * 3)
    w.ready()
    assert "Events version" in w.board.svg
    assert not any(e in w.board.svg for e in EVENTS)
    assert w.board.svg.count('class="event-tile face-down"') == 15
    state = dataclasses.replace(w.state, held=((LITTER_BOX,), (), ()))
    w.match = Match(state, 5)
    w.refresh()
    litter = [b for b in w.action_buttons if isinstance(b.action, UseLitterBox)]
    assert len(litter) == 15 and 'id="held-0-litter_box"' in w.board.svg
    w.click(UseLitterBox(1 * 5 + 4))
    assert w.state.held[0] == () and w.state.cats[0] in (GARDEN, 9)


def test_event_reveal_is_explained():
    w = neko_in_widget(3, seed=6, version="events", seats=["human"] * 3)
    w.ready()
    w.click(Move(0))  # own room: black chooses the hideout, which has an event tile
    w.action_buttons[0].click()
    w.ready()
    revealed = w.state.news or " ".join(w.state.event_box)
    assert any(e in w.board.svg for e in EVENTS), revealed
    assert any(EVENT_TEXT[e] in w.odds_panel.value for e in EVENTS), revealed


def test_launcher_switches_version_and_player_count():
    from nekolib.neko_in.widget import NekoInLauncher

    launcher = NekoInLauncher()
    assert launcher.game.state.params.version == "classic" and launcher.game.state.num_players == 3
    launcher.version.value = "events"
    launcher.players.value = 5
    game = launcher.children[1]
    assert game is launcher.game and game.state.params.version == "events"
    assert game.state.num_players == 5 and len(game.seat_selectors) == 5


def test_every_seat_is_named_after_its_cat_in_the_widget_and_the_log():
    w = neko_in_widget(4, seed=7, seats=["human", "greedy", "greedy", "human"])
    cats = ["Black cat", "Red cat", "Yellow cat", "Pink cat"]
    assert w.player_names == cats
    assert [s.description for s in w.seat_selectors] == cats
    assert "Turn: <b>Black cat</b>" in w.status.value
    assert w.covered and "Pass the screen to Black cat" in w.board.cover
    w.ready()
    w.board.receive({"event": "click", "id": "room-2"})  # the Living Room: yellow decides
    lines = w.match.log(w.name)
    assert lines[0] == "1. Black cat: go to the Living Room"
    assert lines[1].startswith("2. Yellow cat: hide on the ")
    assert all(name in w.board.svg for name in cats)
    assert "Sky" not in w.board.svg and "Orange" not in w.board.svg
    light = neko_in_widget(5, seed=1)
    assert light.player_names[4] == "Light blue cat"


def test_clicking_a_room_then_the_hideout_as_its_owner():
    w = neko_in_widget(3, seed=2, seats=["human"] * 3)
    w.ready()
    assert w.board.targets == ["room-0", "room-1", "room-2"]
    w.board.receive({"event": "click", "id": "room-1"})  # black goes to the Kitchen
    assert w.state.phase == "hide" and w.covered  # red, its owner, decides: hand-over
    w.ready()
    assert w.viewer == 1 and w.board.targets == [f"space-{s}" for s in range(5, 10)]
    w.board.receive({"event": "click", "id": "space-8"})
    assert w.state.cats[0] == 8 and w.match.log()[1].endswith("hide on the butterfly (Kitchen)")


def test_hint_shows_the_expectimax_move_on_the_picture_with_its_fractions():
    w = neko_in_widget(3, seed=4, seats=["human"] * 3)
    assert w.hint_agent_key == "expectimax"
    hinted_with_path = hinted_button = 0
    rng_steps = 0
    while not w.state.is_terminal() and rng_steps < 400:
        rng_steps += 1
        if w.covered:
            w.ready()
            continue
        ply = w.match.ply
        w.hint()
        assert w.match.ply == ply, "a hint never plays"
        action = w.hinted
        assert action in w.state.legal_actions()
        why = ExpectimaxAgent().explain(w.state, action, history=w.match, seats=w.seats)
        assert w.hint_text.startswith("Hint (expectimax): ")
        assert w.hint_text.endswith(" - " + why) and re.search(r"\d+/\d+", why), why
        assert w.state.action_to_string(action) in w.hint_text
        paths = click_paths(w.state).paths.get(action)
        if paths:
            assert w.board.hint == list(paths[0])
            hinted_with_path += 1
        else:
            assert w.board.hint == [] and w.move_select.value == w._listed.index(action)
            assert [b for b in w.free_buttons if b.action == action]
            hinted_button += 1
        w.play(action)
    assert hinted_with_path > 20 and hinted_button >= 2  # buttons: mostly "who was fastest?"


def test_hint_reasons_carry_the_number_behind_them():
    state = new_game(3, seed=4)
    cats = list(state.cats)
    cats[2] = 5 + 2  # the yellow cat in the Kitchen: black would brawl there
    state = dataclasses.replace(state, cats=tuple(cats))
    why = GreedyAgent().explain(state, Move(1))
    mine = sum(1 for t in state.hands[0] if t // 5 == 1)  # nothing covered yet: all 5 free
    assert mine and why.startswith(f"room Kitchen: you hold {mine} of its hideout tiles (5 free)")
    assert "its owner chooses the hideout" in why
    assert why.endswith("P(you win the brawl with the yellow cat) = 25/36")  # 1 - 11/36
    hide = state.apply(Move(2))  # black to the Living Room (free): yellow chooses
    assert hide.current_player() == 2 and hide.phase == "hide"
    free = [a.space for a in hide.legal_actions()]
    safe = sum(1 for s in free if s in hide.hands[2])  # yellow's own tiles: black cannot hold
    assert len(free) == 5 and 0 < safe < 5
    for action in hide.legal_actions():
        why = GreedyAgent().explain(hide, action)
        assert why.endswith(f"(safe hideouts: {safe} of 5)")
        if action.space in hide.hands[2]:
            assert why.startswith("the visitor cannot hold this tile: the yellow ")
        else:
            assert why.startswith("the visitor may hold this tile")
    assert (
        GreedyAgent()
        .explain(hide, GreedyAgent().choose(hide, random.Random(0)))
        .startswith("the visitor cannot hold this tile")
    )
