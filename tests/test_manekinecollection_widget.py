"""The Manekinecollection widget driven by button clicks; its board is the game's picture."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import xml.etree.ElementTree as ET

from nekolib.core import CHANCE, HIDDEN
from nekolib.manekinecollection.rules import PlayCards, TakeZabuton
from nekolib.manekinecollection.widget import odds_html, play

NS = "{http://www.w3.org/2000/svg}"


def _board(w):
    """The widget's board (the game's SVG picture), parsed."""
    return ET.fromstring(w.board.svg)


def _classes(root, cls):
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def _press_first(w):
    """Hot seat: take the device if the hand-over screen is up, then press the first move."""
    if w.covered:
        w.ready()
    w.action_buttons[0].click()


def test_hot_seat_shows_only_the_viewers_hand():
    w = play(3, seats=["human"] * 3, seed=3)
    assert w.viewer == 0 and w.state.current_player() == 0
    assert w.covered and w.board.svg == ""  # hand-over screen first
    w.ready()
    root = _board(w)
    hands = {e.get("id"): e for e in _classes(root, "hand")}
    assert [len(_classes(hands[f"hand-{p}"], "card-back")) for p in range(3)] == [0, 3, 3]
    shown = [e.find(NS + "title").text.split(" (")[0] for e in _classes(root, "hand-card")]
    assert shown == [str(card) for card in w.state.hands[0]]
    w.action_buttons[0].click()
    # chance (the draw) is rolled automatically; the device passes to the next player
    assert w.state.current_player() == 1 and w.viewer == 1
    assert w.covered and w.board.svg == ""
    w.ready()
    assert w.board.svg == w.render_view(w.state.view(1))
    assert w.state.view(1)["hands"][0] == HIDDEN
    assert "draws a card" in w.status.value


def test_buttons_are_the_legal_actions_with_their_labels():
    w = play(2, seed=5)
    labels = [b.description for b in w.action_buttons]
    legal = w.state.legal_actions()
    assert labels == [w.state.action_to_string(a) for a in legal]
    assert all(isinstance(b.action, PlayCards) for b in w.action_buttons)


def test_computer_seats_answer_a_human_move_and_undo_goes_back():
    w = play(2, seats=["human", "greedy"], seed=1)
    start = w.state
    w.click(w.action_buttons[-1].description)
    assert w.state.current_player() in (0, CHANCE) or w.state.is_terminal()
    assert w.match.ply > 3  # my play, my draws, the computer's play and draws
    w.undo_button.click()
    assert w.state == start


def test_new_game_with_a_seed_and_play_to_end_shows_scores():
    w = play(4, seats=["human", "random", "random", "random"], seed=0)
    w.seed_input.value = 42
    w.new_game_button.click()
    assert w.match.seed == 42
    w.run_button.click()
    assert w.state.is_terminal()
    assert "Final score" in w.board.svg and "Game over" in w.status.value
    assert all(f"Final score {s.total}" in w.board.svg for s in w.state.scores())
    assert w.action_buttons == []


def test_showdown_is_explained_with_the_ranking():
    w = play(2, seats=["human", "random"], seed=2)
    while w.state.showdown is None:
        w.action_buttons[0].click()
    show = w.state.showdown
    where = ("left", "centre", "right")[show.kotatsu]
    assert f"Showdown at the {where} kotatsu" in w.board.svg
    for entry in w.state.view(None)["showdown"]["ranking"]:
        assert entry["hand"] in w.board.svg
    assert len(show.ranking) == 2


def test_three_player_winner_chooses_with_buttons_seeing_the_tiles():
    w = play(3, seats=["human"] * 3, seed=4)
    for _ in range(500):
        if isinstance(w.state.legal_actions()[0], TakeZabuton):
            break
        _press_first(w)
    if w.covered:
        w.ready()
    state = w.state
    chooser = state.current_player()
    assert w.viewer == chooser
    assert all(isinstance(b.action, TakeZabuton) for b in w.action_buttons)
    k = state.tasks[0][1]
    assert all(z["value"] != HIDDEN for z in state.view(chooser)["kotatsu"][k]["slots"])
    others = [p for p in range(3) if p != chooser]
    assert all(z["value"] == HIDDEN for z in state.view(others[0])["kotatsu"][k]["slots"])
    # the picture shows the chooser the two values: no face-down badge at that kotatsu
    name = ("left", "centre", "right")[k]
    slots = [e for e in _classes(_board(w), "zabuton") if e.get("id").startswith(f"zabuton-{name}")]
    assert len(slots) == 2
    assert all("face down" not in e.find(NS + "title").text for e in slots)
    before = len(state.collected[chooser])
    w.action_buttons[0].click()
    assert len(w.state.collected[chooser]) == before + 1


def test_odds_panel_for_the_human_on_turn():
    w = play(2, seed=6)
    assert "Odds for Red" in w.odds_panel.value and "5cats" in w.odds_panel.value
    assert odds_html(w.state, None) == ""


def test_seat_selector_turns_a_seat_into_a_computer():
    w = play(2, seats=["human", "human"], seed=8)
    _press_first(w)
    assert w.state.current_player() == 1
    w.seat_selectors[1].value = "greedy"
    assert w.state.current_player() in (0, CHANCE) or w.state.is_terminal()


def test_odds_panel_gives_ties_to_the_viewer_whose_row_is_full():
    """My row is full and theirs is not: I played my third card first, so a tie is mine."""
    from dataclasses import replace

    from nekolib.manekinecollection.analysis import state_duels
    from nekolib.manekinecollection.rules import new_game

    state = new_game(3, seed=2)
    board = state.kotatsu[0]
    mine = state.hands[0]
    boards = (replace(board, rows=(mine, (), ()), completed=(0,)), *state.kotatsu[1:])
    state = replace(state, kotatsu=boards, hands=((), *state.hands[1:]))
    duel = state_duels(state, 0, 0)[1]
    text = odds_html(state, 0, {0: "Red", 1: "Blue", 2: "Green"}.get)
    assert f"against Blue you win {float(duel.win + duel.tie):.1%}" in text
    assert "included: your third card came first" in text and "decides" not in text
