"""The Neko Boss exercise bank: answers checked against independent derivations.

The answers come from the rules engine's move generator and ``analysis.solve`` /
``reachable`` / ``minimax_plain``; here they are re-derived from the board's lines
(a move generator written from the rulebook sentence), plain minimax, and searches
written in this file, plus the old notebook's hand-checked numbers.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from nekolib.classroom import check_for, exercises_for, practice
from nekolib.classroom.exercise import LEVELS
from nekolib.core import TERMINAL
from nekolib.neko_boss import analysis
from nekolib.neko_boss.exercises import EXERCISES, move_label, position
from nekolib.neko_boss.rules import NekoBossState

BANK = {e.key: e for e in EXERCISES}
STUDENTS = [f"s{i:03d}" for i in range(3, 23)]
SET_KEYS = [k for k, e in BANK.items() if e.kind == "set"]
NUMBER_KEYS = [k for k, e in BANK.items() if e.kind == "number"]


def _variants(key: str, students=("s001", "s002")):
    ex = BANK[key]
    return [ex.demo_variant(), *(ex.for_student(s) for s in students)]


# --------------------------------------------------------------------------- independent code
def _targets_from_lines(state: NekoBossState, p: int) -> set[int]:
    """'They must move as same number of stack pieces straightly on the path [...] They
    can't move to vacant space': walk each line through ``p`` both ways, h steps."""
    h = len(state.stacks[p])
    found = set()
    for line in state.board.lines:
        if p not in line:
            continue
        i = line.index(p)
        for j in (i - h, i + h):
            if 0 <= j < len(line) and state.stacks[line[j]]:
                found.add(line[j])
    return found


def _red_moves(state: NekoBossState) -> set[str]:
    labels = state.board.labels
    return {
        f"{labels[p]}-{labels[q]}"
        for p, s in enumerate(state.stacks)
        if s and s[-1] == 0
        for q in _targets_from_lines(state, p)
    }


def _explore(state: NekoBossState) -> tuple[set, set]:
    """Every reachable (cells, seat to move) and every final board, through the rules engine."""

    def key(s):
        return tuple((len(c), c[-1]) if c else (0, -1) for c in s.stacks), s.to_move

    seen, finals, todo = {key(state)}, set(), [state]
    while todo:
        s = todo.pop()
        if s.to_move == TERMINAL:
            finals.add(key(s)[0])
        for a in s.legal_actions():
            child = s.apply(a)
            if key(child) not in seen:
                seen.add(key(child))
                todo.append(child)
    return seen, finals


def _tree_nodes(state: NekoBossState) -> int:
    return 1 + sum(_tree_nodes(state.apply(a)) for a in state.legal_actions())


def _winning_by_plain_minimax(state: NekoBossState) -> set[str]:
    return {
        move_label(state, m)
        for m in state.legal_actions()
        if analysis.minimax_plain(state.apply(m)).value == 1
    }


# --------------------------------------------------------------------------- bank shape
def test_bank_has_enough_exercises_at_every_level():
    assert len(EXERCISES) >= 8
    assert [e.key for e in exercises_for("neko_boss")] == sorted(BANK, key=lambda k: BANK[k].level)
    for level in LEVELS:
        assert sum(e.level == level for e in EXERCISES) >= 2, level
    assert {e.topic for e in EXERCISES} == {"game tree", "counting"}
    assert all(e.position is not None for e in EXERCISES)  # every one is about a position


@pytest.mark.parametrize("key", list(BANK))
def test_positions_are_small_red_to_move_and_drawn(key):
    for v in _variants(key, ("s001", "s002", *STUDENTS[:5])):
        state = v.position()
        assert state.to_move == 0 and state.phase == "movement"
        assert state.legal_actions()
        if key != "neko_boss.count_moves" and key != "neko_boss.stack_targets":
            assert sum(1 for s in state.stacks if s) <= 10  # small enough for the solvers
        svg = state._repr_svg_()
        assert svg.startswith("<svg") and svg.count('id="stack-') == sum(
            1 for s in state.stacks if s
        )
        assert str(state) in v.prompt  # the text picture is in the prompt too


# --------------------------------------------------------------------------- variants
@pytest.mark.parametrize("key", list(BANK))
def test_students_get_different_answers(key):
    ex = BANK[key]
    assert ex.for_student("s001").canonical != ex.for_student("s002").canonical
    answers = {ex.for_student(s).canonical for s in STUDENTS}
    # a band of at most 3x leaves fewer possible counts; prompts are what must differ
    assert len(answers) >= 6, answers


@pytest.mark.parametrize("key", list(BANK))
def test_variants_are_seeded_and_json_friendly(key):
    ex = BANK[key]
    v = ex.for_student("s001")
    assert ex.for_student("s001").params == v.params
    assert json.loads(json.dumps(v.params)) == v.params


@pytest.mark.parametrize("key", list(BANK))
def test_prompt_and_hints_do_not_leak_the_answer(key):
    for v in _variants(key, ("s001", "s002", *STUDENTS)):
        for text in [v.prompt, *v.hints]:
            assert v.canonical not in text, (v.params, text)
            if BANK[key].kind == "number":
                assert repr(float(v.answer)) not in text
        if BANK[key].kind == "set":
            assert v.answer  # never the empty set
            assert all(m not in v.prompt for m in v.answer if "-" in m)
        else:
            assert v.answer > 2 and "whole number" in v.prompt


@pytest.mark.parametrize("key", SET_KEYS)
def test_check_of_a_set_answer(key):
    v = BANK[key].for_student("s001")
    check = check_for(v)
    items = sorted(v.answer)
    assert check(items).right and check(set(items)).right
    assert check(", ".join(items).upper()).right  # case and spaces do not matter
    assert check([*items, "z9-z8"]).status == "wrong"
    if len(items) > 1:
        assert check(items[:-1]).status == "wrong"
    message = check_for(v)(["z9"]).message  # a fresh check: the first hint
    assert "Hint 1" in message and ",".join(items) not in message
    assert check(None).status == "not answered"
    assert check(3).status == "unreadable"


@pytest.mark.parametrize("key", NUMBER_KEYS)
def test_check_of_a_number_answer(key):
    v = BANK[key].for_student("s002")
    check = check_for(v)
    assert check(v.answer).right and check(str(v.answer)).right
    assert check(Fraction(v.answer) + Fraction(1, 7)).status == "wrong"
    assert check(float(v.answer)).right  # a decimal that is exactly the answer
    assert check("").status == "not answered"


def test_notebook_practice_checks_keep_the_old_answers():
    """The old notebook's line of five: a1 Red, b1 Blue, c1 Red, d1 Blue, e1 Red."""
    assert practice("neko_boss.legal_moves").passed(["a1-b1", "c1-b1", "c1-d1", "e1-d1"])
    assert practice("neko_boss.winning_moves").passed("c1-b1, c1-d1")
    assert practice("neko_boss.reachable_positions").passed(19)


# --------------------------------------------------------------------------- answers
def test_legal_moves_from_the_lines():
    for v in _variants("neko_boss.legal_moves", ("s001", "s002", *STUDENTS)):
        assert v.answer == _red_moves(v.position())


def test_count_moves_from_the_lines():
    for v in _variants("neko_boss.count_moves", ("s001", "s002", *STUDENTS[:8])):
        assert v.answer == len(_red_moves(v.position())) >= 12


def test_stack_targets_from_the_lines():
    for v in _variants("neko_boss.stack_targets", ("s001", "s002", *STUDENTS)):
        state = v.position()
        p = state.board.labels.index(v.params["point"])
        assert len(state.stacks[p]) >= 2 and state.stacks[p][-1] == 0
        assert v.answer == {state.board.labels[q] for q in _targets_from_lines(state, p)}
        assert len(v.answer) >= 2


@pytest.mark.parametrize("key", ["neko_boss.winning_moves", "neko_boss.winning_moves_grid"])
def test_winning_moves_by_plain_minimax(key):
    students = ("s001", "s002", *STUDENTS[:4]) if key.endswith("grid") else ("s001", *STUDENTS)
    for v in _variants(key, students):
        state = v.position()
        assert v.answer == _winning_by_plain_minimax(state)
        assert 0 < len(v.answer) < len(state.legal_actions())  # a real choice
    assert BANK["neko_boss.winning_moves"].demo_variant().answer == {"c1-b1", "c1-d1"}


@pytest.mark.parametrize("key", ["neko_boss.reachable_positions", "neko_boss.reachable_grid"])
def test_reachable_positions_by_search(key):
    for v in _variants(key, ("s001", "s002", *STUDENTS[:6])):
        seen, _ = _explore(v.position())
        assert v.answer == len(seen)
    assert BANK["neko_boss.reachable_positions"].demo_variant().answer == 19  # the old notebook


def test_final_positions_by_search():
    for v in _variants("neko_boss.final_positions", ("s001", "s002", *STUDENTS[:8])):
        _, finals = _explore(v.position())
        assert v.answer == len(finals) >= 10


def test_game_tree_size_by_recursion():
    for v in _variants("neko_boss.game_tree_size", ("s001", "s002", *STUDENTS[:8])):
        state = v.position()
        assert v.answer == _tree_nodes(state)
        seen, _ = _explore(state)
        assert v.answer >= len(seen)  # a tree repeats transpositions: never fewer nodes


def test_line_of_five_by_hand():
    """a1 R, b1 B, c1 R, d1 B, e1 R (the old notebook's exercise): Red has 4 moves, after
    c1-b1 Blue has the single reply d1-e1, and plain minimax says the two c1 moves win."""
    state = position({"board": "line_5", "layout": [[0], [1], [0], [1], [0]]})
    first = {move_label(state, m): state.apply(m) for m in state.legal_actions()}
    assert set(first) == {"a1-b1", "c1-b1", "c1-d1", "e1-d1"}
    assert all(s.to_move == 1 for s in first.values())
    blue = first["c1-b1"]
    assert {move_label(blue, m) for m in blue.legal_actions()} == {"d1-e1"}
    assert {k for k, s in first.items() if analysis.minimax_plain(s).value == 1} == {
        "c1-b1",
        "c1-d1",
    }


def test_the_notation_example_is_never_a_move_in_any_position():
    """The prompt's example move joins two points on no common street, so it is no legal
    move of any position on that board: it can never be another exercise's answer (a
    graded notebook once showed a student's one-move answer as the example)."""
    import random

    from nekolib.neko_boss.exercises import _example
    from nekolib.neko_boss.rules import Params, random_layout

    rng = random.Random(3)
    for _ in range(40):
        state = random_layout(Params(pieces_per_player=rng.randrange(2, 13)), rng)
        src, dst = (state.board.labels.index(x) for x in _example(state).split("-"))
        assert not any(src in line and dst in line for line in state.board.lines)
        while not state.is_terminal():  # no position of the game moves src onto dst
            assert all((m.src, m.dst) != (src, dst) for m in state.legal_actions())
            state = state.apply(rng.choice(state.legal_actions()))


def test_no_notation_example_is_ever_an_answer_in_the_bank():
    """A graded notebook holds several exercises: the example move of one must never be a
    move in another's answer (CI once built a notebook whose line exercise showed "a1-b1"
    beside a grid exercise whose only winning move was a1-b1). Line boards now show their two
    ends, grids two points on no common street."""
    import random

    from nekolib.classroom.answers import SET
    from nekolib.classroom.bank import exercises_for
    from nekolib.neko_boss.exercises import _example

    set_exercises = [e for e in exercises_for("neko_boss") if e.kind == SET]
    examples: set[str] = set()
    answers: set[str] = set()
    boards: set[str] = set()
    for exercise in set_exercises:
        for seed in range(80):
            params = exercise.generate(random.Random(seed))
            state = position(params)
            boards.add(state.board.name)
            examples.add(_example(state))
            answers |= exercise.solve(params)
    assert examples.isdisjoint(answers), sorted(examples & answers)
    assert {"line_6", "line_8", "grid_2x3", "grid_3x3"} <= boards
    assert {"a1-b2", "a1-f1", "a1-h1"} <= examples
    assert "a1-b1" in answers  # the move that once collided is a real answer here
