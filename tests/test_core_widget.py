"""The generic GameWidget, driven like a person would: clicking the picture and its buttons.

Clicks on the picture are simulated exactly as the front end sends them
(``board.receive({"event": "click", "id": ...})``).
"""

from __future__ import annotations

from dataclasses import dataclass

from _toy import Take, ToyState

from nekolib.clicks import paths_of
from nekolib.core import FirstActionAgent, RandomAgent
from nekolib.widgets import GameWidget


class ToyWidget(GameWidget):
    title = "Toy"

    def render_view(self, view):
        return f"<p>pile {view['pile']} secrets {view['secrets']}</p>"


@dataclass
class LastAgent:
    """Always the last legal action, and says why (a hint agent)."""

    name: str = "last"

    def choose(self, state, rng):
        return state.legal_actions()[-1]

    def explain(self, state, action):
        return f"{state.pile} stones left"


class ClickToy(ToyWidget):
    """The toy with click paths: 'take 1' is one click on the pile; 'take 2' is pile, then hand."""

    def click_paths(self, state):
        paths = {Take(1): ("pile",), Take(2): ("hand", "pile-2")}
        return paths_of((a, paths[a]) for a in state.legal_actions())


def make(seats=("human", "human"), seed=0, cls=ToyWidget):
    w = cls(
        lambda s: ToyState(),
        seats=list(seats),
        seed=seed,
        agents={"random": RandomAgent, "first": FirstActionAgent, "last": LastAgent},
    )
    if w.covered:
        w.ready()
    return w


def board_click(w, element):
    w.board.receive({"event": "click", "id": element})


def test_buttons_are_exactly_the_legal_actions_and_clicking_plays():
    w = make()
    assert [b.action for b in w.action_buttons] == [Take(1), Take(2)]
    w.action_buttons[1].click()
    # the coin was flipped automatically, and it is now player 1's decision
    assert w.match.actions[0] == Take(2)
    assert w.state.current_player() == 1
    assert "heads" in w.status.value or "tails" in w.status.value
    assert w.log_view.value.startswith("1. Player 0: take 2")


def test_hot_seat_board_shows_only_the_viewers_secret():
    w = make()
    assert w.viewer == 0 and "'ace', '?'" in w.board.svg
    w.click("take 1")
    assert w.viewer == 1 and w.covered  # hand-over screen: nothing of player 1 shown yet
    assert w.board.svg == "" and "king" not in w.board.cover and w.action_buttons == []
    w.ready()
    assert "'?', 'king'" in w.board.svg and not w.covered


def test_the_hand_over_screen_is_shown_only_between_humans_with_secrets():
    assert not make(seats=("human", "first")).covered  # one human: no hand-over
    fresh = ToyWidget(lambda s: ToyState(), seats=["human", "human"])
    assert fresh.covered and fresh.board.cover.startswith("Pass the screen to Player 0")
    fresh.board.receive({"event": "ready"})
    assert not fresh.covered and "ace" in fresh.board.svg

    class OpenToy(ToyWidget):
        has_secrets = False

    assert not OpenToy(lambda s: ToyState(), seats=["human", "human"]).covered


def test_clicking_the_picture_plays_the_action_its_click_path_names():
    w = make(seats=("human", "first"), cls=ClickToy)
    assert w.board.targets == ["pile", "hand"]
    assert w.free_buttons == [] and len(w.action_buttons) == 2  # all clickable; list kept
    board_click(w, "hand")
    assert w.selection == ("hand",) and w.board.targets == ["pile-2"]
    assert w.board.selected == ["hand"] and w.match.ply == 0
    board_click(w, "hand")  # clicking a selected element deselects it
    assert w.selection == () and w.board.targets == ["pile", "hand"]
    board_click(w, "hand")
    w.board.receive({"event": "clear"})  # Escape
    assert w.selection == ()
    board_click(w, "nowhere")  # not a target: nothing happens
    assert w.match.ply == 0
    board_click(w, "hand")
    board_click(w, "pile-2")
    assert w.match.actions[0] == Take(2)
    assert w.state.current_player() in (0, -2)  # the computer replied, dice rolled


def test_actions_without_a_click_path_keep_a_button():
    class HalfClick(ToyWidget):
        def click_paths(self, state):
            return paths_of([(Take(1), ("pile",))] if Take(1) in state.legal_actions() else [])

    w = make(seats=("human", "first"), cls=HalfClick)
    assert [b.action for b in w.free_buttons] == [Take(2)]
    w.free_buttons[0].click()
    assert w.match.actions[0] == Take(2)


def test_hint_shows_the_best_agents_move_with_its_reason_and_never_plays_it():
    w = make(seats=("human", "first"), cls=ClickToy)
    w.hint_agent = "last"
    w.hint_button.click()
    assert w.match.ply == 0, "a hint never plays"
    assert "Hint (last): take 2 - 5 stones left" in w.status.value
    assert w.board.hint == ["hand", "pile-2"]
    assert w.action_buttons[w.move_select.value].action == Take(2)  # selected in the list
    board_click(w, "pile")  # the human plays something else; the computer still replies
    assert w.match.actions[0] == Take(1) and w.board.hint == []
    assert w.state.current_player() in (0, -2)


def test_undo_after_a_computer_reply_keeps_the_computer_playing():
    w = make(seats=("human", "first"), cls=ClickToy)
    board_click(w, "pile")
    w.undo_button.click()
    assert w.match.ply == 0
    board_click(w, "pile")
    assert w.state.current_player() in (0, -2) and w.match.ply >= 3


def test_undo_returns_to_previous_human_decision():
    w = make()
    w.click("take 1")
    w.undo_button.click()
    assert w.match.ply == 0 and w.state == ToyState()
    assert w.undo_button.disabled


def test_computer_seat_replies_automatically():
    w = make(seats=("human", "first"))
    w.click("take 1")
    # player 1 (computer) took 1 stone and the coin was flipped again: human to move
    assert w.state.current_player() in (0, -2)
    assert len(w.match.actions) >= 3


def test_play_to_end_and_new_game_with_seed():
    w = make(seats=("random", "random"), seed=3)
    assert w.match.ply == 0  # no human: nothing moves by itself
    w.run_button.click()
    assert w.state.is_terminal() and "Game over" in w.status.value
    assert w.action_buttons == [] and w.hint_button.disabled
    w.seed_input.value = 9
    w.new_game_button.click()
    assert w.match.seed == 9 and w.match.ply == 0


def test_changing_a_seat_to_computer_lets_it_move():
    w = make()
    w.click("take 1")
    w.seat_selectors[1].value = "first"
    assert w.state.current_player() in (0, -2)


def test_table_seat_is_shown_only_for_games_with_table_decisions():
    assert make().table_selector.layout.display == "none"

    class TableToy(ToyWidget):
        table_decisions = True

    assert TableToy(lambda s: ToyState()).table_selector.layout.display is None


def test_the_move_list_always_carries_the_current_legal_actions():
    w = make()
    w.click("take 1")  # player 1 to move, pile 4 or 5: again two moves
    w.ready()
    assert [b.action for b in w.action_buttons] == w.state.legal_actions()
    assert [b.description for b in w.action_buttons] == [
        w.state.action_to_string(a) for a in w.state.legal_actions()
    ]
    w.action_buttons[0].click()
    assert w.match.actions[-1] == Take(1) or w.match.actions[-2] == Take(1)
