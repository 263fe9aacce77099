"""The Neko Boss widget, driven by clicking its buttons."""

from __future__ import annotations

import threading

import pytest

from nekolib.neko_boss.boards import grid_board
from nekolib.neko_boss.picture import svg
from nekolib.neko_boss.rules import Move, Params, Place
from nekolib.neko_boss.widget import play


def test_buttons_are_the_legal_placements_and_clicking_places():
    w = play(2, seats=["human", "human"])
    assert [b.action for b in w.action_buttons] == [Place(p) for p in range(24)]
    assert w.action_buttons[0].description == "place a1"
    w.click("place b2")
    assert w.state.stacks[7] == (0,) and w.state.current_player() == 1
    assert "Phase 1" in w.board.svg and "<svg" in w.board.svg
    assert w.log_view.value.startswith("1. Red: place b2")
    assert Place(7) not in [b.action for b in w.action_buttons]


def test_computer_seat_replies_and_undo_goes_back_to_the_human():
    w = play(2, seats=["human", "greedy"])
    w.click("place a1")
    assert w.match.ply == 2 and w.state.current_player() == 0
    w.undo_button.click()
    assert w.match.ply == 0 and w.state.stacks == ((),) * 24


def test_movement_phase_buttons_show_only_legal_stacking_moves():
    w = play(2, seats=["human", "human"], random_setup=True, seed=3)
    state = w.state
    assert state.phase == "movement"
    assert [b.action for b in w.action_buttons] == state.legal_actions()
    assert all(isinstance(b.action, Move) for b in w.action_buttons)
    button = w.action_buttons[0]
    move = button.action
    button.click()
    assert w.match.actions == [move]
    assert w.state.stacks[move.dst][-1] == 0
    assert ">2<" in w.board.svg  # the new 2-stack is drawn with its height


def test_play_to_end_new_game_and_seats():
    w = play(3, seats=["random", "random", "greedy"], seed=1)
    assert w.match.ply == 0  # nobody human: nothing moves by itself
    w.run_button.click()
    assert w.state.is_terminal() and "Game over" in w.status.value
    assert w.action_buttons == [] and w.hint_button.disabled
    w.seed_input.value = 5
    w.new_game_button.click()
    assert w.match.seed == 5 and w.match.ply == 0
    w.seat_selectors[0].value = "human"  # now a human plays: the computers wait for Red
    assert w.state.current_player() == 0 and len(w.action_buttons) == 24


def test_solver_panel_solves_small_positions_with_progress():
    w = play(2, board=grid_board(3, 3), seats=["human", "human"], random_setup=True, seed=2)
    assert not w.solve_button.disabled
    w.solve_button.click()
    w.wait_solve()
    assert "with best play" in w.solve_result.value
    assert w.solve_progress.value == w.solve_progress.max
    w.click(w.action_buttons[0].description)
    assert w.solve_result.value == ""  # refreshed after a move


def test_solver_panel_disabled_for_three_players_and_in_placement():
    assert play(3).solve_button.disabled
    assert play(2).solve_button.disabled


def test_svg_marks_scoring_stacks():
    w = play(2, board=grid_board(1, 5), seats=["human", "human"])
    view = dict(w.state.view(0))
    view["stacks"] = ((0, 1, 0, 1), (), (), (), (0,))
    picture = svg(view)
    assert picture.count('class="point') == 5 and picture.count('class="stack') == 2
    assert 'id="stack-a1" class="stack seat-1 scoring"' in picture
    assert 'id="stack-e1" class="stack seat-0"' in picture
    assert "bottom to top: Red, Blue, Red, Blue" in picture


def test_widget_board_is_the_picture_with_the_last_move():
    w = play(2, seats=["human", "human"])
    assert not w.covered  # no secrets: hot seat needs no hand-over screen
    w.click("place c3")
    assert w.board.svg == str(svg(w.state.view(w.state.current_player())))
    assert 'id="last-move"' in w.board.svg and "Red placed on c3" in w.board.svg


def test_clicking_the_picture_places_then_moves_stack_onto_stack():
    w = play(2, board=grid_board(1, 4), seats=["human", "human"], pieces_per_player=2)
    assert w.board.targets == ["point-a1", "point-b1", "point-c1", "point-d1"]
    for point in ("a1", "b1", "d1", "c1"):  # Red a1, Blue b1, Red d1, Blue c1
        w.board.receive({"event": "click", "id": f"point-{point}"})
    assert w.state.stacks == ((0,), (1,), (1,), (0,)) and w.state.phase == "movement"
    assert set(w.board.targets) == {"stack-a1", "stack-d1"}  # Red's stacks that can move
    w.board.receive({"event": "click", "id": "stack-d1"})
    assert w.board.targets == ["stack-c1"] and w.board.selected == ["stack-d1"]
    w.board.receive({"event": "click", "id": "stack-c1"})
    assert w.match.actions[-1] == Move(3, 2) and w.state.stacks[2] == (1, 0)
    assert 'id="last-move" class="last-move move"' in w.board.svg


def test_hint_shows_the_solvers_move_on_the_board_and_says_why_without_playing():
    from nekolib.neko_boss.clicks import click_paths

    w = play(2, seats=["human", "greedy"], random_setup=True, seed=7, pieces_per_player=6)
    ply = w.match.ply
    w.hint()
    w.wait_hint()  # the exact hint (a first look is shown while it is searched)
    assert w.match.ply == ply, "a hint never plays"
    hinted = w.hinted
    assert tuple(w.board.hint) in click_paths(w.state).paths[hinted]
    assert "with best play" in w.status.value and "positions searched" in w.status.value
    for element in w.board.hint:  # following the hint plays the hinted move
        w.board.receive({"event": "click", "id": element})
    assert w.match.actions[ply] == hinted


def test_greedy_hint_in_the_placement_phase_says_placements_score_alike():
    w = play(2, seats=["human", "greedy"])
    w.hint()
    w.wait_hint()  # the exact hint (a first look is shown while it is searched)
    assert "every placement scores the same" in w.status.value
    assert len(w.board.hint) == 1 and w.board.hint[0].startswith("point-")


def test_solver_panel_takes_the_full_default_board():
    w = play(2, seats=["human", "human"], random_setup=True, seed=4)
    assert sum(1 for s in w.state.stacks if s) == 24
    assert not w.solve_button.disabled and w.solve_result.value == ""


def test_solver_panel_shows_progress_while_solving_twenty_stacks():
    w = play(2, seats=["human", "human"], random_setup=True, seed=3, pieces_per_player=10)
    seen: list[str] = []
    w.solve_status.observe(lambda change: seen.append(change["new"]), "value")
    w.solve_button.click()
    w.wait_solve()
    assert any("root moves" in text for text in seen), seen
    assert seen[-1].startswith("done:") and "with best play" in w.solve_result.value
    assert not w.solve_button.disabled


def test_hint_on_a_stored_full_board_is_exact_at_once_from_the_book_with_progress(monkeypatch):
    import random

    from nekolib.core import Match
    from nekolib.neko_boss import agents
    from nekolib.neko_boss.rules import random_layout
    from nekolib.neko_boss.solved import book_row
    from nekolib.neko_boss.widget import HINT_MAX_STACKS

    monkeypatch.setattr(agents, "ALTERNATIVE_NODE_LIMIT", 300_000)  # keep the test short
    w = play(2, seats=["human", "human"])
    state = random_layout(Params(), random.Random("perfect-play/0"))  # stored placement 0
    row = book_row([s[-1] for s in state.stacks])
    w.match = Match(state, 0)
    w.refresh()
    assert sum(1 for s in w.state.stacks if s) == 24 == HINT_MAX_STACKS
    seen: list[str] = []
    w.solve_status.observe(lambda change: seen.append(change["new"]), "value")
    w.hint()
    w.wait_hint()  # the exact hint (a first look is shown while it is searched)
    assert w.state.action_to_string(w.hinted) == row["best_move"]
    verdict = {1: "you win", 0: "a draw", -1: "you lose"}[row["value"]]
    assert f"with best play {verdict} (book of solved placements" in w.status.value
    assert "alternative" in w.status.value
    assert any(text.startswith("thinking:") for text in seen), seen  # the alternative's search
    assert w.solve_status.value == ""  # the search has ended: its "thinking" does not stay


def test_hint_past_its_node_limit_plays_greedy_and_says_the_solver_did_not_settle(monkeypatch):
    """A full board outside the book: with a tiny node budget the hint does not keep the
    player waiting; it gives greedy's move and says the position was not settled."""
    pytest.importorskip("numba")
    from nekolib.neko_boss import widget
    from nekolib.neko_boss.agents import evaluate

    monkeypatch.setattr(widget, "BACKGROUND_HINT_NODE_LIMIT", 2_000)  # a hint's search
    w = play(2, seats=["human", "human"], random_setup=True, seed=4)  # seed 4: not stored
    assert sum(1 for s in w.state.stacks if s) == 24
    w.hint()
    w.wait_hint()  # the exact hint (a first look is shown while it is searched)
    assert "did not settle this position within 2,000 positions" in w.hint_text
    assert "against the best opponent (one move ahead)" in w.hint_text  # greedy's reason
    greedy_best = max(evaluate(w.state.apply(a), 0) for a in w.state.legal_actions())
    assert evaluate(w.state.apply(w.hinted), 0) == greedy_best
    assert not w.match.actions  # a hint never plays


def test_hint_shows_how_the_solvers_values_are_computed_under_the_sentence():
    """Issue 28: under the hint, a 'How is this computed?' expander with the hinted move's
    value and the best alternative's, both under the named model (no probabilities)."""
    from nekolib.neko_boss.hint_working import PERFECT_MODEL
    from nekolib.working import working_html

    w = play(2, seats=["human", "greedy"], random_setup=True, seed=7, pieces_per_player=6)
    w.hint()
    w.wait_hint()  # the exact hint (a first look is shown while it is searched)
    assert f"exact if {PERFECT_MODEL}" in w.hint_text
    first, second = w.hint_working
    move = w.state.action_to_string(w.hinted)
    verdict = w.hint_text.split("with best play ")[1].split(" (")[0]
    alternative = w.hint_text.split("the best alternative, ")[1]
    assert first.result == verdict and first.cases[0].label.startswith(move)
    assert f"{second.cases[0].label}: {second.result}" == alternative
    assert all(c.probability is None for wk in w.hint_working for c in wk.cases)
    assert working_html(w.hint_working) in w.status.value
    assert "How is this computed?" in w.status.value


@pytest.fixture
def held_solve(monkeypatch):
    """The panel's search waits at a gate the test opens (after one progress report)."""
    from nekolib.neko_boss import widget as boss_widget

    gate = threading.Event()
    gate.reached = threading.Event()
    real = boss_widget.solve

    def waiting(state, progress=None, **kwargs):
        progress(0, 1000, 0)
        gate.reached.set()
        assert gate.wait(60), "the test never released the search"
        return real(state, progress=progress, **kwargs)

    monkeypatch.setattr(boss_widget, "solve", waiting)
    yield gate
    gate.set()


def _twelve_stacks():
    return play(2, board=grid_board(3, 3), seats=["human", "human"], random_setup=True, seed=2)


def test_the_board_stays_playable_while_the_panel_solves_and_a_move_stops_it(held_solve):
    w = _twelve_stacks()
    w.solve_button.click()
    assert held_solve.reached.wait(30) and w.solving and w.solve_button.disabled
    assert "keep playing" in w.solve_result.value
    w.click(w.action_buttons[0].description)  # the board answers while the search runs
    assert w.match.ply == 1 and not w.solving and not w.solve_button.disabled
    assert w.solve_result.value == ""
    held_solve.set()
    w.wait_solve(30)
    assert not w.solve_thread.is_alive()
    assert w.solve_result.value == "" and w.solve_status.value == ""  # the old answer never shows


def test_the_panels_answer_survives_a_hint_shown_while_it_searched(held_solve):
    w = _twelve_stacks()
    w.solve_button.click()
    assert held_solve.reached.wait(30)
    w.hint()
    w.wait_hint()
    assert w.hint_text.startswith("Hint (solver")
    held_solve.set()
    w.wait_solve(30)
    assert "with best play" in w.solve_result.value and not w.solve_button.disabled
    assert w.solve_status.value.startswith("done:")
