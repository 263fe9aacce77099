"""Neko Boss classroom exercises: game-tree reasoning on small positions drawn as pictures.

Each exercise is data: a prompt, a seeded generator of a small phase-2 position (a
random placement, sometimes a few random moves on, Red = seat 0 to move), the exact answer
from the rules engine (:meth:`~nekolib.neko_boss.rules.NekoBossState.legal_actions`,
:func:`~nekolib.neko_boss.rules.move_targets`) or :mod:`nekolib.neko_boss.analysis`
(:func:`~nekolib.neko_boss.analysis.solve`, :func:`~nekolib.neko_boss.analysis.reachable`,
:func:`~nekolib.neko_boss.analysis.minimax_plain`), and hints. ``position(params)`` is the
state, so the classroom notebooks show the board as a picture.

Rulebook passages (seed 002): "Player who keeps top piece of the group can move them. They
must move as same number of stack pieces straightly on the path jumping other piece(s).
They can't move to vacant space." and "When all players has no regal take, then the game
is over. [...] The player who keep more 4 or more stacks than opponents wins the game.
Score is same, then player who keeps highest stack wins the game. All are same, then
player who keeps more stacks wins the game."

Solver calls stay on small positions (at most 8 stacks), so every answer takes
milliseconds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from nekolib.answers import SET
from nekolib.core import NekoError
from nekolib.exercise import Exercise
from nekolib.neko_boss import analysis
from nekolib.neko_boss.boards import Board, board_by_name
from nekolib.neko_boss.rules import Move, NekoBossState, Params, from_layout, move_targets

__all__ = ["EXERCISES", "NOTES", "move_label", "position"]

ExerciseParams = dict[str, Any]
Layout = tuple[tuple[int, ...], ...]

RED, BLUE = 0, 1
_TRIES = 500
"""Random positions a generator may draw before it gives up (it never needs many)."""


# --------------------------------------------------------------------------- positions
@lru_cache(maxsize=512)
def _state(board: str, layout: Layout) -> NekoBossState:
    return from_layout(layout, Params(board=board), to_move=RED)


def _key(p: ExerciseParams) -> tuple[str, Layout]:
    return p["board"], tuple(tuple(cell) for cell in p["layout"])


def position(p: ExerciseParams) -> NekoBossState:
    """The exercise's position: ``p["layout"]`` on ``p["board"]``, Red (seat 0) to move."""
    return _state(*_key(p))


def move_label(state: NekoBossState, move: Move) -> str:
    """A move as students write it: ``"a1-b1"`` (the stack's label, a hyphen, the target's)."""
    labels = state.board.labels
    return f"{labels[move.src]}-{labels[move.dst]}"


def _params_of(state: NekoBossState, **extra: Any) -> ExerciseParams:
    return {"board": state.board.name, "layout": [list(s) for s in state.stacks], **extra}


def _draw(
    rng: random.Random,
    boards: Sequence[str],
    vacant: tuple[int, int],
    premoves: tuple[int, int],
) -> NekoBossState:
    """A random placement (equal pieces each, ``vacant`` points left empty), then a few random
    moves of either seat, then Red to move (the turn passes on if Red cannot move)."""
    board = board_by_name(rng.choice(boards))
    pieces = (board.size - rng.randint(*vacant)) // 2 * 2
    owners: list[int | None] = [i % 2 for i in range(pieces)] + [None] * (board.size - pieces)
    rng.shuffle(owners)
    state = from_layout(owners, Params(board=board), to_move=RED)
    for _ in range(rng.randint(*premoves)):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return from_layout(state.stacks, Params(board=board), to_move=RED)


def _generator(
    boards: Sequence[str],
    vacant: tuple[int, int],
    premoves: tuple[int, int],
    accept: Callable[[NekoBossState], bool],
) -> Callable[[random.Random], ExerciseParams]:
    """Draw positions until ``accept`` says yes (Red to move is required)."""

    def generate(rng: random.Random) -> ExerciseParams:
        for _ in range(_TRIES):
            state = _draw(rng, boards, vacant, premoves)
            if state.to_move == RED and accept(state):
                return _params_of(state)
        raise NekoError(f"no suitable Neko Boss position on {', '.join(boards)}")

    return generate


# --------------------------------------------------------------------------- answers
def _legal(p: ExerciseParams) -> frozenset[str]:
    state = position(p)
    return frozenset(move_label(state, m) for m in state.legal_actions())


@lru_cache(maxsize=512)
def _winning(board: str, layout: Layout) -> frozenset[str]:
    """Red's moves after which Red wins with perfect play by both (:func:`analysis.solve`)."""
    state = _state(board, layout)
    return frozenset(
        move_label(state, m)
        for m in state.legal_actions()
        if analysis.solve(state.apply(m)).value == analysis.WIN
    )


def _winning_moves(p: ExerciseParams) -> frozenset[str]:
    return _winning(*_key(p))


_WINNING_MOVES_CODE = (
    "answer = sorted(",
    "    move_label(state, m)",
    "    for m in state.legal_actions()",
    "    if analysis.solve(state.apply(m)).value == analysis.WIN",
    ")",
)
"""The worked-solution cell of both winning-move exercises: every move after which the
opponent to move has lost."""


def _some_but_not_all_win(state: NekoBossState, fewest_moves: int) -> bool:
    moves = state.legal_actions()
    if len(moves) < fewest_moves:
        return False
    wins = _winning(state.board.name, tuple(state.stacks))
    return 0 < len(wins) < len(moves)


def _targets(p: ExerciseParams) -> frozenset[str]:
    state = position(p)
    point = state.board.point_of(p["point"])
    return frozenset(state.board.labels[q] for q in move_targets(state.board, state.stacks, point))


@lru_cache(maxsize=512)
def _reach(board: str, layout: Layout) -> tuple[int, int]:
    """(distinct reachable positions, distinct final positions) by :func:`analysis.reachable`."""
    report = analysis.reachable(_state(board, layout))
    return report.positions, report.terminal


@lru_cache(maxsize=512)
def _tree(board: str, layout: Layout) -> int:
    """Nodes of the full game tree: :func:`analysis.minimax_plain` visits each once."""
    return analysis.minimax_plain(_state(board, layout)).nodes


def _positions(p: ExerciseParams) -> int:
    return _reach(*_key(p))[0]


def _finals(p: ExerciseParams) -> int:
    return _reach(*_key(p))[1]


def _tree_size(p: ExerciseParams) -> int:
    return _tree(*_key(p))


# --------------------------------------------------------------------------- prompts
NOTES = """\
**Neko Boss: what the exercises use** (rulebook, seed 002)

* **Board.** Intersections of straight *streets*: on a line board (`line_5` ... `line_8`)
  one street; on a grid (`grid_2x3`, `grid_3x3`, `town_4x6`, ...) every row and every
  column is a street (no diagonals). Columns are lettered from the left (`a`, `b`, ...),
  rows numbered from the bottom (`1`, `2`, ...): `a1` is the bottom-left intersection,
  `b3` the second column, third row.
* **The board as text.** Each intersection shows its stack: `R2` is a stack of 2 cats whose
  **top** cat is Red's, `B1` a single Blue cat, `.` a vacant intersection. A `*` after
  the height (`R4*`) marks a stack of 4 or more cats: a stack that counts for the score.
  Under the board, one line per player: how many 4+ stacks their cats top, their highest
  stack and how many stacks they top. The header says "Phase 2: moving stacks": every cat
  has been placed (phase 1 is over), so the only moves left are stack moves.
* **The board as a picture.** Each stack is drawn as chips (the buried cats, bottom
  first) under a marker of the top cat's player (its colour, shape and letter: `R` Red,
  `B` Blue); a disc beside
  it gives the height, dark with a star and on a gold plate once the stack has 4 or more
  cats (it scores). Hover over a stack to read the same as a sentence.
* **Moving** ("Player who keeps top piece of the group can move them. They must move as
  same number of stack pieces straightly on the path jumping other piece(s). They can't
  move to vacant space."): a player moves a stack whose top cat is theirs. A stack of
  height h moves **exactly h intersections** along one street, in a straight line,
  jumping whatever is in between (vacant points too), and lands **on another stack** (of
  either colour), never on a vacant point; the whole stack goes on top, so the mover's
  cat is now on top there.
* **Turns.** Red and Blue alternate; a player who cannot move is skipped (the other moves
  again); when nobody can move the game is over.
* **Who wins** ("The player who keep more 4 or more stacks than opponents wins the game.
  Score is same, then player who keeps highest stack wins the game. All are same, then
  player who keeps more stacks wins the game."): compare the stacks each player's cats
  top: more stacks of 4+ wins; if equal, the highest stack; if equal, more stacks; all
  equal is a draw.
* **Writing a move.** The label of the moving stack, a hyphen, the label where it lands:
  `a2-a1` moves the stack on a2 onto a1. A list of moves is a Python list of such texts,
  `["a2-a1", "c1-b1"]`.
"""

_LEGEND = (
    "`R2` is a stack of 2 cats whose **top** cat is Red's (Red moves it), `B1` a single"
    " Blue cat, `.` a vacant intersection, `*` marks a stack of 4 or more; rows are"
    " numbered from the bottom, columns lettered from the left, so `a1` is bottom left."
)
_MOVE_RULE = (
    "A stack of height h moves exactly h intersections along a straight street (jumping"
    " whatever is in between) and must land on another stack, never on a vacant point."
)


# ------------------------------------------------------------ answer spaces (issue 33)
def _sets_up_to(candidates: int, largest: int) -> int:
    """Non-empty sets of at most ``largest`` of ``candidates`` items: the guesses of a
    student who tries every set, smallest first, until the answer's size."""
    return sum(math.comb(candidates, j) for j in range(1, largest + 1))


def _legal_space(p: ExerciseParams) -> tuple[int, str]:
    """Red's moves are pairs (a Red-topped stack, another occupied point): a student who
    does not work out the travel rule can try sets of such pairs."""
    state = position(p)
    occupied = sum(1 for stack in state.stacks if stack)
    red = sum(1 for stack in state.stacks if stack and stack[-1] == RED)
    pairs, size = red * (occupied - 1), len(_legal(p))
    return _sets_up_to(pairs, size), f"sets of up to {size} of {pairs} (Red stack, stack) pairs"


def _among_legal_space(answer: Callable[[ExerciseParams], frozenset[str]]):
    """Sets of Red's legal moves (a student who solved "Red's legal moves" lists them)."""

    def space(p: ExerciseParams) -> tuple[int, str]:
        legal, size = len(position(p).legal_actions()), len(answer(p))
        return _sets_up_to(legal, size), f"sets of up to {size} of Red's {legal} legal moves"

    return space


def _targets_space(p: ExerciseParams) -> tuple[int, str]:
    """Sets of the other occupied points (a landing point must hold a stack)."""
    state = position(p)
    occupied, size = sum(1 for stack in state.stacks if stack) - 1, len(_targets(p))
    return _sets_up_to(occupied, size), f"sets of up to {size} of {occupied} occupied points"


def _board_text(p: ExerciseParams) -> str:
    return f"```\n{position(p)}\n```\n\n{_LEGEND}"


def _example(state: NekoBossState) -> str:
    """How to write a move, shown with a pair of points that no exercise's answer can hold.

    A stack "moves exactly h intersections along a straight street", so on a grid two points
    on no common street are never a move, in any position of any board. On a line every pair
    shares the street: the example joins its two ends, n - 1 >= 4 apart, farther than the
    stacks of a line position in the bank's winning-move exercises are tall (at most two
    moves before, so at most 3 cats), and with the far end e1-h1 off every classroom grid.
    (A graded notebook once showed a1-b1, a line exercise's example, beside a grid exercise
    whose only winning move was a1-b1.)
    """
    board, legal = state.board, {(m.src, m.dst) for m in state.legal_actions()}
    for _, src, dst in sorted(_example_candidates(board)):
        if (src, dst) not in legal:
            return f"{board.labels[src]}-{board.labels[dst]}"
    raise NekoError("every pair of points is a legal move")  # pragma: no cover


def _example_candidates(board: Board) -> Iterator[tuple[tuple[int, int], int, int]]:
    """(rank, src, dst) for every pair of points: off-street pairs rank first, then pairs on
    a street, the farthest apart first."""
    apart = {
        (a, b): abs(i - j)
        for line in board.lines
        for i, a in enumerate(line)
        for j, b in enumerate(line)
    }
    for src in board.points:
        for dst in board.points:
            if src != dst:
                on_street = (src, dst) in apart
                yield (int(on_street), -apart.get((src, dst), 0)), src, dst


def _set_note(p: ExerciseParams) -> str:
    sample = _example(position(p))
    src, dst = sample.split("-")
    return (
        ' Give a list of moves, each written "from-to": the label of the moving stack, a'
        f" hyphen, the label where it lands (a move from {src} to {dst} would be"
        f' `"{sample}"`), e.g. `["{sample}"]` for a list of one move.'
    )


def _intro(p: ExerciseParams) -> str:
    return f"Neko Boss, 2 players, on the board `{p['board']}`. Red is to move.\n\n{_board_text(p)}"


def _code(p: ExerciseParams, *lines: str) -> str:
    """Runnable source: the position from its literal layout, then ``lines`` (which assign
    ``answer``)."""
    layout = [list(s) for s in p["layout"]]
    return "\n".join(
        [
            "from nekolib.neko_boss import analysis",
            "from nekolib.neko_boss.exercises import move_label",
            "from nekolib.neko_boss.rules import Params, from_layout",
            "",
            "# one list per intersection (a1, b1, ...), bottom cat first; 0 = Red, 1 = Blue",
            f"layout = {layout}",
            f"state = from_layout(layout, Params(board={p['board']!r}), to_move=0)",
            *lines,
            "",
        ]
    )


def _tree_nodes(p: ExerciseParams) -> int:
    """Workload of a game-tree exercise: nodes of the full tree (plain minimax)."""
    return _tree(*_key(p))


def _move_count(p: ExerciseParams) -> int:
    return len(position(p).legal_actions())


def _sorted(items: frozenset[str]) -> str:
    return ", ".join(f"`{m}`" for m in sorted(items))


# --------------------------------------------------------------------------- the bank
_LINE_DEMO = {"board": "line_5", "layout": [[0], [1], [0], [1], [0]]}
"""The game notebook's exercise position: a1 Red, b1 Blue, c1 Red, d1 Blue, e1 Red."""

LEGAL_MOVES = Exercise(
    key="neko_boss.legal_moves",
    title="Red's legal moves",
    topic="game tree",
    level=1,
    prompt=lambda p: (
        f"{_intro(p)}\n\n{_MOVE_RULE} Only the player whose cat is on top may move a stack."
        " List **all** of Red's legal moves." + _set_note(p)
    ),
    generate=_generator(
        ("line_6", "line_7", "line_8", "grid_2x3", "grid_2x4", "grid_3x3"),
        (0, 2),
        (0, 3),
        lambda s: 3 <= len(s.legal_actions()) <= 8,  # the band
    ),
    solve=_legal,
    kind=SET,
    hints=(
        "Start from each stack with Red on top; its height says exactly how far it travels.",
        "From each such stack look along every straight street, both ways; the point exactly"
        " that far away must hold a stack (of any colour).",
        "Vacant points may be jumped over, but never landed on.",
    ),
    position=position,
    demo=_LINE_DEMO,
    worked=lambda p: f"Red's legal moves: {_sorted(_legal(p))}.",
    worked_code=lambda p: _code(
        p, "answer = sorted(move_label(state, m) for m in state.legal_actions())"
    ),
    workload=_move_count,
    band="3-8 legal moves on a line of 6-8 or a grid of 6-9 intersections",
    answer_space=_legal_space,
)


def _count_accept(state: NekoBossState) -> bool:
    return 12 <= len(state.legal_actions()) <= 30


COUNT_MOVES = Exercise(
    key="neko_boss.count_moves",
    title="How many moves?",
    topic="counting",
    level=1,
    prompt=lambda p: (
        f"{_intro(p)}\n\n{_MOVE_RULE} Only the player whose cat is on top may move a stack."
        " **How many** legal moves does Red have? Give a whole number."
    ),
    generate=_generator(("town_4x6", "grid_4x4", "grid_4x5"), (0, 0), (2, 8), _count_accept),
    solve=lambda p: len(position(p).legal_actions()),
    hints=(
        "Go through Red's stacks one by one and add up their moves.",
        "A single cat (height 1) may step onto each occupied neighbour along a street.",
        "A stack of height h may only land exactly h points away, in one of up to 4 directions.",
    ),
    position=position,
    worked=lambda p: f"Red has **{len(position(p).legal_actions())}** legal moves.",
    worked_code=lambda p: _code(p, "answer = len(state.legal_actions())"),
    workload=_move_count,
    band="12-30 legal moves on a board of 16-24 intersections",
)


def _stack_generate(rng: random.Random) -> ExerciseParams:
    for _ in range(_TRIES):
        state = _draw(rng, ("town_4x6", "grid_4x4", "grid_3x4"), (0, 2), (4, 12))
        if state.to_move != RED:
            continue
        tall = [
            p
            for p, s in enumerate(state.stacks)
            if len(s) >= 2 and s[-1] == RED and len(move_targets(state.board, state.stacks, p)) >= 2
        ]
        tall = [p for p in tall if len(move_targets(state.board, state.stacks, p)) <= 4]
        if tall:
            return _params_of(state, point=state.board.labels[rng.choice(tall)])
    raise NekoError("no suitable Neko Boss position with a tall Red stack")


STACK_TARGETS = Exercise(
    key="neko_boss.stack_targets",
    title="Where can this stack go?",
    topic="game tree",
    level=1,
    prompt=lambda p: (
        f"{_intro(p)}\n\n{_MOVE_RULE} Red moves the stack on **{p['point']}**. Where can it"
        ' land? Give the list of intersection labels, e.g. `["a1", "b2"]`.'
    ),
    generate=_stack_generate,
    solve=_targets,
    kind=SET,
    hints=(
        "Read the stack's height: it travels exactly that many steps.",
        "Try the four directions along the streets (up, down, left, right); stop if the"
        " board ends first.",
        "The landing point must hold a stack; the points jumped over may be vacant.",
    ),
    position=position,
    worked=lambda p: f"The stack on {p['point']} can land on {_sorted(_targets(p))}.",
    worked_code=lambda p: _code(
        p,
        "from nekolib.neko_boss.rules import move_targets",
        "",
        f"point = state.board.point_of({p['point']!r})",
        "targets = move_targets(state.board, state.stacks, point)",
        "answer = [state.board.labels[q] for q in targets]",
    ),
    workload=lambda p: len(_targets(p)),
    band="a Red stack of height 2+ with 2-4 landing points, on a board of 12-24 intersections",
    answer_space=_targets_space,
)

WINNING_MOVES = Exercise(
    key="neko_boss.winning_moves",
    title="Red's winning moves",
    topic="game tree",
    level=2,
    prompt=lambda p: (
        f"{_intro(p)}\n\n{_MOVE_RULE} When nobody can move, the player keeping more stacks of"
        " 4+ wins; if equal, the one keeping the highest stack; if still equal, the one keeping"
        " more stacks (all equal: a draw). A player who cannot move is out; the other goes on."
        " Which of Red's moves **win for Red** if both players play perfectly afterwards?"
        + _set_note(p)
    ),
    generate=_generator(
        ("line_5", "line_6", "line_7", "line_8"),
        (0, 2),
        (0, 2),
        lambda s: _some_but_not_all_win(s, 3) and 20 <= _tree(s.board.name, s.stacks) <= 60,
    ),
    solve=_winning_moves,
    kind=SET,
    hints=(
        "Try each of Red's moves and then look at every reply of Blue: Blue picks the reply"
        " that is worst for Red.",
        "Draw the game tree: at the leaves (nobody can move) compare the scores; back the"
        " values up, Red taking the best child, Blue the worst for Red.",
        "A stack that is taller than the street is long can never move again.",
    ),
    position=position,
    demo=_LINE_DEMO,
    worked=lambda p: (
        f"Winning moves: {_sorted(_winning_moves(p))} (the others draw or lose): draw the"
        f" game tree ({_tree_nodes(p)} nodes), score the leaves, back the values up."
    ),
    worked_code=lambda p: _code(p, *_WINNING_MOVES_CODE),
    workload=_tree_nodes,
    band="a line of 5-8 intersections whose full game tree has 20-60 nodes (drawn by hand)",
    answer_space=_among_legal_space(_winning_moves),
)

_POSITIONS_RULE = (
    " Two positions are the same when every intersection has the same height and the same"
    " top colour and the same player is to move (or nobody, at the end). Count the starting"
    " position and the final ones too. Give a whole number."
)

REACHABLE_POSITIONS = Exercise(
    key="neko_boss.reachable_positions",
    title="Positions you can reach",
    topic="game tree",
    level=2,
    prompt=lambda p: (
        f"{_intro(p)}\n\n{_MOVE_RULE} How many **distinct positions** can occur from here, over"
        " every possible sequence of moves by both players?" + _POSITIONS_RULE
    ),
    generate=_generator(
        ("line_5", "line_6", "line_7", "line_8"),
        (0, 2),
        (0, 2),
        lambda s: 12 <= _positions(_params_of(s)) <= 36,
    ),
    solve=_positions,
    hints=(
        "Explore breadth first: the start, the positions after one move, after two moves, ...",
        "Different move orders can lead to the same position: count it once.",
        "A player without a move is skipped, so the same board can come with either player to"
        " move: those are different positions.",
    ),
    position=position,
    demo=_LINE_DEMO,
    worked=lambda p: f"**{_positions(p)}** distinct positions.",
    worked_code=lambda p: _code(p, "answer = analysis.reachable(state).positions"),
    workload=_positions,
    band="a line of 5-8 intersections with 12-36 reachable positions (listed by hand)",
)

FINAL_POSITIONS = Exercise(
    key="neko_boss.final_positions",
    title="How can the game end?",
    topic="game tree",
    level=2,
    prompt=lambda p: (
        f"{_intro(p)}\n\n{_MOVE_RULE} Both players may play any legal moves; the game ends when"
        " nobody can move. How many **different final positions** (height and top colour of"
        " every intersection) can the game end in? Give a whole number."
    ),
    generate=_generator(
        ("line_6", "line_7", "line_8", "grid_2x3"),
        (0, 2),
        (0, 2),
        lambda s: _finals(_params_of(s)) >= 10 and 20 <= _positions(_params_of(s)) <= 60,
    ),
    solve=_finals,
    hints=(
        "Follow every line of play to its end; write each final board down once.",
        "The number of cats never changes: only how they are piled up.",
        "Two lines of play that pile the same cats on the same points with the same top cat"
        " end in the same final position.",
    ),
    position=position,
    worked=lambda p: f"**{_finals(p)}** final positions.",
    worked_code=lambda p: _code(p, "answer = analysis.reachable(state).terminal"),
    workload=_positions,
    band="a line of 6-8 or a 2x3 grid with 20-60 reachable positions to follow, 10+ endings",
)

WINNING_MOVES_GRID = Exercise(
    key="neko_boss.winning_moves_grid",
    title="Winning moves on a grid",
    topic="game tree",
    level=3,
    prompt=lambda p: (
        f"{_intro(p)}\n\n{_MOVE_RULE} When nobody can move, the player keeping more stacks of"
        " 4+ wins; if equal, the one keeping the highest stack; if still equal, the one keeping"
        " more stacks (all equal: a draw). A player who cannot move is out; the other goes on."
        " Which of Red's moves **win for Red** against perfect play? (You may program a"
        " minimax search over Red's and Blue's moves.)" + _set_note(p)
    ),
    generate=_generator(
        ("grid_2x3", "grid_2x4", "grid_3x3"),
        (1, 3),
        (0, 1),
        lambda s: _some_but_not_all_win(s, 4) and 50 <= _tree(s.board.name, s.stacks) <= 150,
    ),
    solve=_winning_moves,
    kind=SET,
    hints=(
        "Minimax: the value of a position is the best child value for the player to move"
        " (Red maximises, Blue minimises); final positions are scored by the rules.",
        "A move that ends the game at once is scored right away; a move that leaves Blue"
        " without a reply lets Red go on alone.",
        "Positions repeat across move orders: remember values you have already computed.",
    ),
    position=position,
    worked=lambda p: (
        f"Winning moves: {_sorted(_winning_moves(p))} (minimax over a tree of"
        f" {_tree_nodes(p)} nodes)."
    ),
    worked_code=lambda p: _code(p, *_WINNING_MOVES_CODE),
    workload=_tree_nodes,
    band="a grid of 6-9 intersections whose full game tree has 50-150 nodes (program it)",
    answer_space=_among_legal_space(_winning_moves),
)

GAME_TREE_SIZE = Exercise(
    key="neko_boss.game_tree_size",
    title="The size of the game tree",
    topic="counting",
    level=3,
    prompt=lambda p: (
        f"{_intro(p)}\n\n{_MOVE_RULE} How many nodes does the **full game tree** from here"
        " have? A node is a sequence of moves that can be played from this position (the"
        " empty sequence, i.e. the root, included); a position reached by two different move"
        " orders counts twice. A player who cannot move is skipped (there is no pass node)."
        " Give a whole number."
    ),
    generate=_generator(
        ("line_6", "line_7", "line_8", "grid_2x3", "grid_2x4"),
        (0, 2),
        (0, 2),
        lambda s: 50 <= _tree_size(_params_of(s)) <= 150,
    ),
    solve=_tree_size,
    hints=(
        "Nodes(position) = 1 + the sum of Nodes(child) over every legal move.",
        "A final position (nobody can move) is a tree of one node.",
        "Compare with the number of distinct positions: the tree is larger because"
        " transpositions are counted again.",
    ),
    position=position,
    worked=lambda p: f"The tree has **{_tree_size(p)}** nodes (plain minimax visits each once).",
    worked_code=lambda p: _code(p, "answer = analysis.minimax_plain(state).nodes"),
    workload=_tree_nodes,
    band="a line of 6-8 or a 2x3/2x4 grid whose full game tree has 50-150 nodes",
)

REACHABLE_GRID = Exercise(
    key="neko_boss.reachable_grid",
    title="Positions you can reach on a grid",
    topic="game tree",
    level=3,
    prompt=lambda p: (
        f"{_intro(p)}\n\n{_MOVE_RULE} How many **distinct positions** can occur from here, over"
        " every possible sequence of moves by both players?" + _POSITIONS_RULE
    ),
    generate=_generator(
        ("grid_2x4", "grid_3x3"),
        (1, 2),
        (0, 1),
        lambda s: sum(1 for c in s.stacks if c) <= 8 and 40 <= _positions(_params_of(s)) <= 120,
    ),
    solve=_positions,
    hints=(
        "Write a search that stores every position it has seen (a set of keys).",
        "A key needs only (height, top colour) per intersection and the player to move.",
        "A player without a move is skipped: after a move, the next player is the first one"
        " (in turn order) who can move, or nobody.",
    ),
    position=position,
    worked=lambda p: f"**{_positions(p)}** distinct positions.",
    worked_code=lambda p: _code(p, "answer = analysis.reachable(state).positions"),
    workload=_positions,
    band="a grid of 8-9 intersections with 40-120 reachable positions (program a search)",
)

EXERCISES = (
    LEGAL_MOVES,
    COUNT_MOVES,
    STACK_TARGETS,
    WINNING_MOVES,
    REACHABLE_POSITIONS,
    FINAL_POSITIONS,
    WINNING_MOVES_GRID,
    GAME_TREE_SIZE,
    REACHABLE_GRID,
)
