"""The generic GameWidget, driven like a person would: clicking its buttons."""

from __future__ import annotations

from _toy import Take, ToyState

from nekolib.core import FirstActionAgent, RandomAgent
from nekolib.widgets import GameWidget


class ToyWidget(GameWidget):
    title = "Toy"

    def render_view(self, view):
        return f"<p>pile {view['pile']} secrets {view['secrets']}</p>"


def make(seats=("human", "human"), seed=0):
    return ToyWidget(
        lambda s: ToyState(),
        seats=list(seats),
        seed=seed,
        agents={"random": RandomAgent, "first": FirstActionAgent},
    )


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
    assert w.viewer == 0 and "'ace', '?'" in w.board.value
    w.click("take 1")
    assert w.viewer == 1 and "'?', 'king'" in w.board.value


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
    assert w.action_buttons == [] and w.step_button.disabled
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


def test_action_buttons_are_reused_and_always_carry_the_current_action():
    w = make()
    first = list(w.action_buttons)
    w.click("take 1")  # player 1 to move, pile 4 or 5: again two buttons
    assert w.action_buttons == first[: len(w.action_buttons)]
    assert [b.action for b in w.action_buttons] == w.state.legal_actions()
    assert [b.description for b in w.action_buttons] == [
        w.state.action_to_string(a) for a in w.state.legal_actions()
    ]
    w.action_buttons[0].click()
    assert w.match.actions[-1] == Take(1) or w.match.actions[-2] == Take(1)
