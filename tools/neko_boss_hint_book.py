"""Write nekolib/neko_boss/data/hint_book.json: exact hints for the notebook's full-board game.

    python tools/neko_boss_hint_book.py          # needs numba (the fast solver)

The JupyterLite site has no compiled solver; this table lets its hints be exact where a
student starts (``nekolib.neko_boss.hint_book.COVERAGE``): the full-board game of the Neko
Boss notebook, seed ``HINT_BOOK_SEED``, Red human, Blue greedy. The positions are reached
with the widget itself (so greedy's seeded replies are the ones the student sees). For each
the fast solver gives the value and a best move, then the best other move and its value.
Rows already in the file are kept (the run can be resumed).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from nekolib.neko_boss.hint_book import COVERAGE, HINT_BOOK, HINT_BOOK_SEED, position_key
from nekolib.neko_boss.rules import NekoBossState
from nekolib.neko_boss.solver import solve_fast
from nekolib.neko_boss.widget import play


def solved(state: NekoBossState) -> list:
    """[value, best move, best other move, its value, positions] (values for seat 0)."""
    best = solve_fast(state)
    alt = solve_fast(state, exclude=best.best_move)
    nodes = best.nodes + (alt.nodes if alt else 0)
    return [
        best.value,
        state.action_to_string(best.best_move),
        None if alt is None else state.action_to_string(alt.best_move),
        None if alt is None else alt.value,
        nodes,
    ]


def positions() -> list[NekoBossState]:
    """The covered positions, in the widget's own play: the start, after each first move
    (and Blue's reply), then after each two moves (and replies), the hint's first move
    first."""
    w = play(2, seats=["human", "greedy"], random_setup=True, seed=HINT_BOOK_SEED)
    start = w.state
    out = [start]

    def after_each_move() -> list[NekoBossState]:
        got = []
        for action in w.state.legal_actions():
            w.play(action)
            if not w.state.is_terminal():
                got.append(w.state)
            w.undo()
        return got

    firsts = after_each_move()
    out += firsts
    best = solve_fast(start).best_move
    for action in [best] + [a for a in start.legal_actions() if a != best]:
        w.play(action)
        if not w.state.is_terminal():
            out += after_each_move()
        w.undo()
    return out


def main() -> None:
    rows: dict[str, list] = {}
    if HINT_BOOK.exists():
        rows = json.loads(HINT_BOOK.read_text(encoding="utf-8"))["rows"]
    todo = positions()
    t0 = time.perf_counter()
    for i, state in enumerate(todo):
        key = position_key(state)
        if key in rows:
            continue
        rows[key] = solved(state)
        stacks = sum(1 for s in state.stacks if s)
        print(
            f"{i + 1}/{len(todo)} {stacks} stacks {rows[key]} {time.perf_counter() - t0:.0f} s",
            file=sys.stderr,
            flush=True,
        )
        write(rows)
    write(rows)


def write(rows: dict[str, list]) -> None:
    """The table as JSON, one position a line (diffs stay readable)."""
    about = (
        "Exact Neko Boss hints: " + COVERAGE.format(seed=HINT_BOOK_SEED) + ". Row: [value for "
        "Red (+1 win, 0 draw, -1 loss), a best move, the best other move, its value for Red, "
        "positions searched]. Written by tools/neko_boss_hint_book.py."
    )
    body = ",\n".join(
        f"{json.dumps(key)}: {json.dumps(row, ensure_ascii=False)}" for key, row in rows.items()
    )
    text = f'{{"about": {json.dumps(about)},\n"seed": {HINT_BOOK_SEED},\n"rows": {{\n{body}\n}}}}\n'
    Path(HINT_BOOK).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
