"""The Neko Boss hint answers at once and then gets better (issue 29), driven by clicks.

A first look (the quick look-ahead) is shown at once, labelled as such; the exact hint
replaces it when the search ends; a move or a new game during the search never lets the old
position's hint appear; in the browser's setting (no compiled solver) the hint book answers
the notebook's full-board game exactly and other full boards get a final look-ahead.
No timed asserts: the search is held on an event where the order matters.
"""

from __future__ import annotations

import random
import threading

import pytest

from nekolib.neko_boss import agents, solver
from nekolib.neko_boss.analysis import solve
from nekolib.neko_boss.hint_book import HINT_BOOK_SEED, hint_book_row
from nekolib.neko_boss.lookahead import lookahead
from nekolib.neko_boss.rules import Params, random_layout
from nekolib.neko_boss.widget import play
from nekolib.widgets import base
from nekolib.working import HintCancelled

VERDICT = {1: "you win", 0: "a draw", -1: "you lose"}


@pytest.fixture(params=["_search", "working"])
def held(monkeypatch, request):
    """The exact hint waits until the test sets this event: before its search
    (``_search``: a change is caught by the search's ``stop_when``), or after every search,
    before its workings (``working``: only the widget's own check of the position is left)."""
    gate = threading.Event()
    gate.reached = threading.Event()  # the hint's thread is waiting at the gate
    method = getattr(agents.SolverAgent, request.param)

    def waiting(self, *args):
        gate.reached.set()
        assert gate.wait(60), "the test never released the search"
        return method(self, *args)

    monkeypatch.setattr(agents.SolverAgent, request.param, waiting)
    yield gate
    gate.set()


def _small_game():
    """12 stacks: the exact value is a quick reference solve."""
    return play(2, seats=["human", "greedy"], random_setup=True, seed=7, pieces_per_player=6)


def test_the_first_look_comes_first_labelled_then_the_exact_hint_replaces_it(held):
    """What the board showed is recorded as it changes (the observers run in the thread that
    changes it, under the widget's lock): with the search held after it (``working``), the
    move's exact value may replace the first look before this thread looks, so every check
    is on the record, never on what happens to be on the board by then."""
    w = _small_game()
    shown: list[str] = []
    hints: list[tuple[str, object]] = []  # (hint text, move hinted) at each status change
    lit: list[tuple[object, list]] = []  # (move hinted, the board's lit parts) as they change

    def status(change) -> None:
        shown.append(change["new"])
        hints.append((w.hint_text, w.hinted))

    w.status.observe(status, "value")
    w.board.observe(lambda change: lit.append((w.hinted, change["new"])), "hint")
    w.hint()
    assert held.reached.wait(60)  # the exact hint's thread is held at the gate
    assert w.hint_partial and w.hint_thread.is_alive()
    first_text, first = hints[0]  # what hint() showed
    assert first_text.startswith("Hint (solver, first look): ")
    assert "quick look-ahead" in first_text and "the exact search is still running" in first_text
    assert "with best play" not in shown[0]  # nothing exact is claimed by the first look
    assert first == lookahead(w.state).move
    assert lit and lit[0][0] == first and lit[0][1]  # the first look is on the board
    assert all("first look" in text or "still searching" in text for text, _ in hints)
    held.set()
    w.wait_hint()
    assert not w.hint_partial and "first look" not in w.hint_text
    value = solve(w.state, engine="reference").value  # the pure-Python reference
    assert f"with best play {VERDICT[value]} (solver" in w.hint_text
    after = solve(w.state.apply(w.hinted), engine="reference").value
    assert after == value, "the exact hint's move keeps the position's value"
    firsts = [i for i, v in enumerate(shown) if "first look" in v]
    exacts = [i for i, v in enumerate(shown) if "with best play" in v]
    assert firsts and exacts and max(firsts) < min(exacts)
    # between them: the move's exact value while the best alternative is searched
    interim = [v for v in shown if "(solver, still searching)" in v]
    assert interim and all(f"with best play {VERDICT[value]}" in v for v in interim)
    assert all("the best alternative is still being searched" in v for v in interim)
    assert "nekolib-hint-partial" in interim[-1] and "nekolib-hint-partial" not in shown[-1]


@pytest.mark.parametrize("change", ["move", "new game", "undo"])
def test_a_change_during_the_search_never_shows_the_old_positions_hint(held, change):
    w = _small_game()
    if change == "undo":
        w.click(w.action_buttons[0].description)
    w.hint()
    asked = w.state
    assert w.hint_partial
    assert held.reached.wait(60)  # the search (or, after it, the working) is under way
    if change == "move":  # the board stays playable while the hint is searched
        w.click(w.action_buttons[0].description)
        assert w.match.ply == 2
    elif change == "new game":
        w.new_game(8)
    else:
        w.undo_button.click()
    assert w.state != asked and w.hint_text == "" and w.hinted is None
    held.set()
    w.wait_hint()
    assert w.hint_text == "" and w.hinted is None and "with best play" not in w.status.value
    assert not w.board.hint
    w.hint()  # the new position gets its own hint
    w.wait_hint()
    assert w.state == w._hint_for and "with best play" in w.hint_text


def test_a_stale_full_board_search_is_stopped_with_its_solver_threads(monkeypatch):
    pytest.importorskip("numba")
    raised: list[str] = []
    report = agents.SolverAgent._progress

    def spy(self, done, total, nodes):
        try:
            report(self, done, total, nodes)
        except HintCancelled as err:
            raised.append(str(err))
            raise

    monkeypatch.setattr(agents.SolverAgent, "_progress", spy)
    w = play(2, seats=["human", "human"], random_setup=True, seed=5)  # seed 5: not stored
    assert sum(1 for s in w.state.stacks if s) == 24
    w.hint()
    assert w.hint_partial
    w.click(w.hinted)  # play the first look's move at once
    w.wait_hint()
    assert raised, "the search went on for the old position"
    alive = [t for t in threading.enumerate() if t.name == "neko-boss-solver" and t.is_alive()]
    assert not alive, "the solver's worker threads kept searching"
    assert w.hint_text == "" and w.match.ply == 1


def test_the_look_ahead_is_the_minimax_of_every_three_move_line():
    """Independent: every line of up to 3 moves through the rules engine, valued by the
    score difference (a finished game first by who wins)."""

    def value(state, me):
        mine, theirs = state.score(me), state.score(1 - me)
        won = ((mine > theirs) - (mine < theirs)) if state.is_terminal() else 0
        return (won, *(a - b for a, b in zip(mine, theirs, strict=True)))

    def brute(state, me, depth):
        if state.is_terminal() or depth == 0:
            return value(state, me)
        vals = [brute(state.apply(a), me, depth - 1) for a in state.legal_actions()]
        return max(vals) if state.current_player() == me else min(vals)

    checked = 0
    for seed in range(6):
        state = random_layout(Params(pieces_per_player=4 + seed % 3), random.Random(seed))
        if state.is_terminal():
            continue
        found = lookahead(state)
        me = state.current_player()
        assert found.value == brute(state, me, 3)
        assert brute(state.apply(found.move), me, 2) == found.value
        checked += 1
    assert checked >= 5


@pytest.fixture
def no_numba(monkeypatch):
    """As in the JupyterLite site: no compiled solver."""
    monkeypatch.setattr(solver, "available", lambda: False)


def test_without_the_compiled_solver_the_notebooks_full_board_is_exact_from_the_hint_book(
    no_numba,
):
    w = play(2, seats=["human", "greedy"], random_setup=True, seed=HINT_BOOK_SEED)
    row = hint_book_row(w.state)
    assert row is not None and sum(1 for s in w.state.stacks if s) == 24
    w.hint()
    assert not w.hint_partial and w.hint_thread is None  # final at once: no search
    assert w.state.action_to_string(w.hinted) == row["best"]
    assert f"with best play {VERDICT[row['value']]} (hint book" in w.hint_text
    assert f"the best alternative, {row['alt']}: {VERDICT[row['alt_value']]}" in w.hint_text
    first, second = w.hint_working
    assert first.result == VERDICT[row["value"]] and second.result == VERDICT[row["alt_value"]]


def _blue_replies(state, seed: int, ply: int):
    """Greedy Blue's seeded replies as the widget plays them (``GameWidget._advance``)."""
    from nekolib.core import chance_rng
    from nekolib.neko_boss.agents import GreedyAgent

    while state.current_player() == 1:
        state = state.apply(GreedyAgent().choose(state, chance_rng(seed, f"agent{ply}")))
        ply += 1
    return state, ply


def test_the_hint_book_covers_every_first_and_second_move_of_the_notebooks_game():
    w = play(2, seats=["human", "greedy"], random_setup=True, seed=HINT_BOOK_SEED)
    start, missing, seen = w.state, [], 0
    for first in start.legal_actions():
        w.play(first)  # the widget's own play checks the replies below
        after, ply = _blue_replies(start.apply(first), HINT_BOOK_SEED, 1)
        assert after == w.state
        w.undo()
        if after.is_terminal():
            continue
        missing += [] if hint_book_row(after) else [(first,)]
        for second in after.legal_actions():
            then, _ = _blue_replies(after.apply(second), HINT_BOOK_SEED, ply + 1)
            seen += 1
            if not then.is_terminal() and hint_book_row(then) is None:
                missing.append((first, second))
    assert seen > 1000 and not missing, missing[:5]


def test_hint_book_rows_agree_with_the_solver():
    """A few 20-stack rows solved again: the value, the best move's value, the alternative's."""
    pytest.importorskip("numba")
    w = play(2, seats=["human", "greedy"], random_setup=True, seed=HINT_BOOK_SEED)
    rng = random.Random(29)
    for _ in range(2):
        w.play(rng.choice(w.state.legal_actions()))
        w.play(rng.choice(w.state.legal_actions()))
        row = hint_book_row(w.state)
        assert row is not None
        state = w.state
        best = state.parse(row["best"])
        assert solver.solve_fast(state).value == row["value"]
        assert solver.solve_fast(state.apply(best)).value == row["value"]
        if row["alt"] is not None:
            assert solver.solve_fast(state, exclude=best).value == row["alt_value"]
        w.undo()
        w.undo()


def test_without_the_compiled_solver_an_uncovered_full_board_gets_a_final_look_ahead(no_numba):
    w = play(2, seats=["human", "greedy"], random_setup=True, seed=5)
    assert hint_book_row(w.state) is None
    w.hint()
    assert not w.hint_partial and w.hint_thread is None
    assert w.hinted == lookahead(w.state).move
    assert "quick look-ahead" in w.hint_text and "not exact" in w.hint_text
    assert "hint book" in w.hint_text and "at most 18 stacks" in w.hint_text


def test_without_threads_the_first_look_is_shown_before_the_exact_hint(no_numba, monkeypatch):
    """Pyodide has no threads: the first look goes out, then the exact hint is searched."""
    monkeypatch.setattr(base, "BACKGROUND_HINTS", False)
    w = _small_game()
    shown: list[str] = []
    w.status.observe(lambda change: shown.append(change["new"]), "value")
    w.hint()
    assert w.hint_thread is None and not w.hint_partial
    assert "first look" in shown[0] and "with best play" in w.hint_text
