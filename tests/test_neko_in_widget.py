"""The Neko-in widget, driven by clicking its buttons."""

from __future__ import annotations

import dataclasses

from nekolib.core import Match
from nekolib.neko_in.picture import svg
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
    w.click("Black was fastest")
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
    assert w.step_button.disabled


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
