"""A quick look-ahead for Neko Boss hints: a few moves deep, then the score difference.

The exact solver (:func:`nekolib.neko_boss.analysis.solve`) can take seconds on a full board
(and, in pure Python, far longer); a hint still answers at once with this search:
alpha-beta over every line of ``depth`` moves (yours, then the opponent's replies...), each
line's end valued by the score difference in scoring order ("the most stacks of 4+, then
the highest stack, then the most stacks", :meth:`NekoBossState.score`), a finished game
first by who wins. It is a heuristic: nothing after the horizon is looked at, so its move
need not be the best one; the hint sentence says so and names this model.

Pure Python on the packed positions of :mod:`nekolib.neko_boss.analysis` (Pyodide-safe).
"""

from __future__ import annotations

from dataclasses import dataclass

from nekolib.core import TERMINAL
from nekolib.neko_boss.analysis import Engine, Packed, start_engine
from nekolib.neko_boss.rules import Move, NekoBossState

__all__ = ["LOOKAHEAD_DEPTH", "LOOKAHEAD_MODEL", "Lookahead", "lookahead"]

LOOKAHEAD_DEPTH = 3
"""Moves looked at by the quick hint: yours, the opponent's best reply and your best next
move (0.04-0.08 s on the full board in CPython, a few times that in the browser; 4 moves
took 0.2-0.7 s)."""

LOOKAHEAD_MODEL = (
    f"a quick look-ahead {LOOKAHEAD_DEPTH} moves deep (your move, the opponent's best reply, "
    "your best next move, each by the same count), then the score difference (4+ stacks, "
    "then height, then stacks); not exact: nothing later is looked at"
)
"""The model behind a look-ahead hint's numbers, in the words the hint uses."""

Value = tuple[int, int, int, int]
"""(game over: +1 won / -1 lost / 0 not over or drawn, 4+ stacks, height, stacks) for the
root mover, compared lexicographically."""


@dataclass(frozen=True)
class Lookahead:
    """The quick look-ahead's answer for the seat to move."""

    move: Move
    line: tuple[Move, ...]
    """The principal line: ``move`` and the best replies the look-ahead found."""
    value: Value
    """The value of the line's last position for the seat to move (see :data:`Value`)."""
    depth: int
    nodes: int

    @property
    def over(self) -> bool:
        """Does the game end within the line?"""
        return self.value[0] != 0 or len(self.line) < self.depth


def lookahead(state: NekoBossState, depth: int = LOOKAHEAD_DEPTH) -> Lookahead | None:
    """The best move ``depth`` moves ahead for the seat to move of a 2-player phase-2
    position (``None`` if the game is over)."""
    engine, cells, mover = start_engine(state)
    if mover == TERMINAL:
        return None
    search = _Search(engine, mover)
    value, line = search.best(cells, mover, depth, _MIN, _MAX)
    return Lookahead(Move(*line[0]), tuple(Move(*m) for m in line), value, depth, search.nodes)


_MIN: Value = (-2, -99, -99, -99)
_MAX: Value = (2, 99, 99, 99)


class _Search:
    def __init__(self, engine: Engine, me: int) -> None:
        self.engine, self.me, self.nodes = engine, me, 0

    def value(self, cells: Packed, over: bool) -> Value:
        """The score difference for ``me``; a finished game first by who wins."""
        scores = self.engine.scores(cells)
        mine, theirs = scores[self.me], scores[1 - self.me]
        won = ((mine > theirs) - (mine < theirs)) if over else 0
        return (won, mine[0] - theirs[0], mine[1] - theirs[1], mine[2] - theirs[2])

    def best(
        self, cells: Packed, mover: int, depth: int, alpha: Value, beta: Value
    ) -> tuple[Value, list[tuple[int, int]]]:
        """Minimax value for ``me`` (``me`` maximises, the other seat minimises) and line."""
        self.nodes += 1
        if mover == TERMINAL or depth == 0:
            return self.value(cells, mover == TERMINAL), []
        kids = self.engine.children(cells, mover)
        maximise = mover == self.me
        if depth > 1:  # the move ordering that makes alpha-beta cut: best right now first
            kids.sort(key=lambda k: self.value(k[1], False), reverse=maximise)
        best: Value | None = None
        line: list[tuple[int, int]] = []
        for move, child, child_mover in kids:
            v, rest = self.best(child, child_mover, depth - 1, alpha, beta)
            if best is None or (v > best if maximise else v < best):
                best, line = v, [move, *rest]
            if maximise:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        assert best is not None  # a seat to move has a move
        return best, line
