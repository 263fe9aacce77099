"""Play Neko Boss in Jupyter: the board as inline SVG, legal moves as buttons, a solver panel.

Built on :class:`nekolib.widgets.GameWidget`; the board is drawn only from
``state.view(viewer)`` (Neko Boss has no secrets, but the rule of the house holds).
"""

from __future__ import annotations

import html
import random
from typing import Any

import ipywidgets as widgets

from nekolib.core import TERMINAL
from nekolib.neko_boss.agents import AGENTS
from nekolib.neko_boss.analysis import solve
from nekolib.neko_boss.boards import DEFAULT_BOARD, Board
from nekolib.neko_boss.rules import NekoBossState, Params, new_game, random_layout
from nekolib.widgets import GameWidget

__all__ = ["COLOURS", "NekoBossWidget", "board_svg", "play"]

COLOURS = ("#d9534f", "#337ab7", "#5cb85c", "#f0ad4e")
NAMES = ("Red", "Blue", "Green", "Orange")
_SCALE = 60
_MARGIN = 40


def board_svg(view: dict[str, Any], highlight: tuple[int, ...] = ()) -> str:
    """Inline SVG of a view: paths, intersections, stacks (top colour, height, layers)."""
    coords = view["coords"]
    xs = [x for x, _ in coords]
    ys = [y for _, y in coords]
    width = (max(xs) - min(xs)) * _SCALE + 2 * _MARGIN
    height = (max(ys) - min(ys)) * _SCALE + 2 * _MARGIN

    def at(p: int) -> tuple[float, float]:
        x, y = coords[p]
        return _MARGIN + (x - min(xs)) * _SCALE, _MARGIN + (max(ys) - y) * _SCALE

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" class="neko-boss-board">',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#f7f3e8"/>',
    ]
    for line in view["lines"]:
        pts = " ".join(f"{at(p)[0]:.0f},{at(p)[1]:.0f}" for p in line)
        parts.append(f'<polyline points="{pts}" fill="none" stroke="#8a7f6a" stroke-width="3"/>')
    for p, stack in enumerate(view["stacks"]):
        x, y = at(p)
        label = html.escape(view["labels"][p])
        parts.append(
            f'<text x="{x + 14:.0f}" y="{y + 26:.0f}" font-size="10" fill="#8a7f6a">{label}</text>'
        )
        if not stack:
            parts.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="5" fill="#8a7f6a"/>')
            continue
        parts.append(_stack_svg(x, y, stack, view["score_height"], p in highlight))
    parts.append("</svg>")
    return "".join(parts)


def _stack_svg(x: float, y: float, stack: tuple[int, ...], score_height: int, lit: bool) -> str:
    top = stack[-1]
    ring = "#c9a400" if len(stack) >= score_height else "#333"
    width = 4 if len(stack) >= score_height or lit else 1.5
    out = [
        f'<circle cx="{x:.0f}" cy="{y:.0f}" r="17" fill="{COLOURS[top % 4]}" '
        f'stroke="{ring}" stroke-width="{width}"><title>stack of {len(stack)}, bottom to top: '
        f"{', '.join(NAMES[o % 4] for o in stack)}</title></circle>",
        f'<text x="{x:.0f}" y="{y + 5:.0f}" font-size="15" font-weight="bold" '
        f'text-anchor="middle" fill="white">{len(stack)}</text>',
    ]
    for i, owner in enumerate(stack[:-1][-6:]):  # the buried pieces, as little bars
        out.append(
            f'<rect x="{x - 17 + 6 * i:.0f}" y="{y - 26:.0f}" width="5" height="6" '
            f'fill="{COLOURS[owner % 4]}" stroke="#333" stroke-width="0.5"/>'
        )
    return "".join(out)


def _scores_html(view: dict[str, Any], names: list[str]) -> str:
    rows = []
    for p, (n4, high, count) in enumerate(view["scores"]):
        status = []
        if view["in_hand"][p]:
            status.append(f"{view['in_hand'][p]} to place")
        if view["out"][p] and view["to_move"] != TERMINAL:
            status.append("out")
        rows.append(
            f"<tr><td style='color:{COLOURS[p % 4]}'><b>{html.escape(names[p])}</b></td>"
            f"<td>{n4}</td><td>{high}</td><td>{count}</td><td>{', '.join(status)}</td></tr>"
        )
    return (
        f"<table><tr><th>player</th><th>{view['score_height']}+ stacks</th><th>highest</th>"
        f"<th>stacks</th><th></th></tr>{''.join(rows)}</table>"
    )


class NekoBossWidget(GameWidget):
    """Neko Boss board + move buttons + an exact-solver panel (2 players, few stacks)."""

    title = "Neko Boss"
    solver_max_stacks = 14

    def render_view(self, view: dict[str, Any]) -> str:
        names = self.player_names
        phase = {"placement": "Phase 1: placement", "movement": "Phase 2: moving stacks"}.get(
            view["phase"], "Game over"
        )
        head = f"<p><b>{phase}</b> &middot; board {html.escape(view['board'])}</p>"
        return head + board_svg(view) + _scores_html(view, names)

    def extra_panel(self) -> widgets.Widget:
        self.solve_button = widgets.Button(description="Solve this position", icon="calculator")
        self.solve_progress = widgets.IntProgress(value=0, min=0, max=1, description="search")
        self.solve_result = widgets.HTML()
        self.solve_button.on_click(lambda _b: self.solve_now())
        return widgets.VBox(
            [widgets.HBox([self.solve_button, self.solve_progress]), self.solve_result]
        )

    def on_refresh(self) -> None:
        state = self.state
        stacks = sum(1 for s in state.stacks if s)
        ok = (
            state.num_players == 2
            and state.phase == "movement"
            and stacks <= self.solver_max_stacks
        )
        self.solve_button.disabled = not ok
        self.solve_progress.value = 0
        self.solve_result.value = (
            ""
            if ok or state.is_terminal()
            else f"<i>solver: 2 players, phase 2, at most {self.solver_max_stacks} stacks</i>"
        )

    def solve_now(self) -> None:
        """Exact value of the current position; the progress bar follows the root moves."""
        state = self.state

        def progress(done: int, total: int, nodes: int) -> None:
            self.solve_progress.max = max(total, 1)
            self.solve_progress.value = done

        result = solve(state, progress=progress)
        self.solve_progress.value = self.solve_progress.max  # a win found early cuts the rest
        winner = {1: self.player_names[0], -1: self.player_names[1]}.get(result.value)
        verdict = (
            f"{html.escape(winner)} wins with best play" if winner else "a draw with best play"
        )
        move = state.action_to_string(result.best_move) if result.best_move else "-"
        self.solve_result.value = (
            f"<b>{verdict}</b>; a best move: {html.escape(move)} "
            f"({result.nodes} positions, {result.seconds:.2f} s)"
        )


def play(
    num_players: int = 2,
    *,
    board: Board = DEFAULT_BOARD,
    seats: list[str] | None = None,
    random_setup: bool = False,
    seed: int = 0,
    **params: Any,
) -> NekoBossWidget:
    """A ready widget. ``random_setup=True`` skips phase 1 with a seeded random placement."""
    rules = Params(num_players=num_players, board=board, **params)

    def new_state(s: int) -> NekoBossState:
        return random_layout(rules, random.Random(s)) if random_setup else new_game(params=rules)

    return NekoBossWidget(
        new_state,
        player_names=list(NAMES[:num_players]),
        agents=AGENTS,
        seats=seats or ["human"] + ["greedy"] * (num_players - 1),
        seed=seed,
    )
