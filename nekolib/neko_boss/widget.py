"""Play Neko Boss in Jupyter: the board as inline SVG, legal moves as buttons, a solver panel.

Built on :class:`nekolib.widgets.GameWidget`; the board is drawn by
:func:`nekolib.neko_boss.picture.svg` from ``state.view(viewer)`` only (Neko Boss has
no secrets, but the rule of the house holds). ``COLOURS``/``NAMES`` are re-exported
from the picture module.
"""

from __future__ import annotations

import html
import random
import threading
from typing import Any

import ipywidgets as widgets

from nekolib.neko_boss.agents import AGENTS, SolverAgent
from nekolib.neko_boss.analysis import REFERENCE_MAX_STACKS, solve
from nekolib.neko_boss.boards import DEFAULT_BOARD, Board
from nekolib.neko_boss.picture import COLOURS, NAMES
from nekolib.neko_boss.rules import NekoBossState, Params, new_game, random_layout
from nekolib.widgets import GameWidget, base
from nekolib.working import HintCancelled

__all__ = ["COLOURS", "NAMES", "NekoBossWidget", "play"]


class NekoBossWidget(GameWidget):
    """Neko Boss: click a stack, then where it lands (placement: click a point); a solver panel.

    The board is the base class's ``render_view``: this game's ``picture.svg(view)``;
    the clicks are ``neko_boss.clicks``. Hints come from the solver: a first look at once
    (a quick look-ahead), then the exact hint (at most ``HINT_MAX_STACKS`` stacks: the full
    board, within ``BACKGROUND_HINT_NODE_LIMIT`` positions a thread) from a background
    search whose progress shows under the board. The solver
    panel solves any 2-player phase-2 position of up to ``solver_max_stacks`` stacks (24: the
    full default board, with the fast solver; 18 without numba), showing its progress, in a
    background thread: the board stays playable, and a move, Undo or New game stops it.
    """

    title = "Neko Boss"
    has_secrets = False  # open information: hot seat needs no hand-over screen
    hint_agent = "solver"
    solver_max_stacks = 24

    def score_words(self, state: Any) -> str:
        view = state.view(None)
        height = view["score_height"]
        return (
            "Scores: "
            + "; ".join(
                f"{self.name(seat)} {tall} stack(s) of {height}+, highest {top}, {count} stack(s)"
                for seat, (tall, top, count) in enumerate(view["scores"])
            )
            + "."
        )

    def extra_panel(self) -> widgets.Widget:
        self.solve_button = widgets.Button(
            description="Solve this position", icon="calculator", layout={"width": "auto"}
        )
        self.solve_progress = widgets.IntProgress(value=0, min=0, max=1, description="search")
        self.solve_status = widgets.Label()
        self.solve_result = widgets.HTML()
        self.solve_result.add_class("nekolib-solve-result")
        self._panel_for: NekoBossState | None = None  # the position the panel speaks of
        self._solve_token = 0  # bumped when that position changes: its search stops
        self._searching: int | None = None  # the token of the search running, if any
        self.solve_thread: threading.Thread | None = None
        self.on_press(self.solve_button, self.solve_now)
        self.warm_up_thread = start_solver_warm_up()
        return widgets.VBox(
            [
                widgets.HBox([self.solve_button, self.solve_progress, self.solve_status]),
                self.solve_result,
            ]
        )

    def prepare_agent(self, agent: Any) -> None:
        """A solver seat or hint reports its progress under the board."""
        if isinstance(agent, SolverAgent) and agent.progress is None:
            agent.progress = self.show_progress

    def background_agent(self, key: str | None) -> Any:
        """A hint searched in the background may take longer: the board stays playable."""
        agent = super().background_agent(key)
        if isinstance(agent, SolverAgent):
            agent.node_limit = BACKGROUND_HINT_NODE_LIMIT
            agent.alternative_node_limit = BACKGROUND_HINT_NODE_LIMIT
        return agent

    def show_progress(self, done: int, total: int, nodes: int) -> None:
        """The solver's progress (hint, solver seat or panel): root moves done, positions."""
        self.solve_progress.max = max(total, 1)
        self.solve_progress.value = min(done, self.solve_progress.max)
        moves = f"{done / 1000:.1f}/{total // 1000}" if total >= 1000 else f"{done}/{total}"
        self.solve_status.value = f"thinking: {moves} root moves, {nodes:,} positions"

    def solver_limit(self) -> int:
        """The most stacks the panel solves: ``solver_max_stacks``, lower without numba."""
        from nekolib.neko_boss import solver

        if solver.available():
            return self.solver_max_stacks
        return min(self.solver_max_stacks, REFERENCE_MAX_STACKS)

    def on_refresh(self) -> None:
        """Keep the panel's answer (or its search) while the position stays; a new position
        clears it and stops a search of the old one."""
        state = self.state
        stacks = sum(1 for s in state.stacks if s)
        ok = state.num_players == 2 and state.phase == "movement" and stacks <= self.solver_limit()
        if state == self._panel_for:
            self.solve_button.disabled = not ok or self.solving
            if not self.solving and self.solve_status.value.startswith("thinking"):
                self.solve_progress.value = 0  # a hint's search reported here; it has ended
                self.solve_status.value = ""
            return
        self._panel_for = state
        self._solve_token += 1  # a running search stops
        self.solve_button.disabled = not ok
        self.solve_progress.value = 0
        self.solve_status.value = ""
        self.solve_result.value = (
            ""
            if ok or state.is_terminal()
            else f"<i>solver: 2 players, phase 2, at most {self.solver_limit()} stacks</i>"
        )

    @property
    def solving(self) -> bool:
        """Is the panel searching the position on the board? (A search of an older position
        stops at its next progress report.)"""
        return self._searching == self._solve_token

    def solve_now(self) -> None:
        """Exact value of the current position; the progress bar follows the root moves (the
        fast solver first asks "can the side to move win?", then, if not, "draw?") and the
        label the positions searched, updated while the solver runs in a background thread
        (:data:`nekolib.widgets.base.BACKGROUND_HINTS`; in the browser site it runs at
        once). The answer is shown only if the position is still the one asked about."""
        state, token = self.state, self._solve_token
        self._searching = token
        self.solve_button.disabled = True
        background = base.BACKGROUND_HINTS
        keep = "; you can keep playing" if background else ""  # the browser site waits
        self.solve_result.value = f"<i>searching{keep}</i>"

        def progress(done: int, total: int, nodes: int) -> None:
            if self._solve_token != token:
                raise HintCancelled("the position changed: the panel's search was stopped")
            self.show_progress(done, total, nodes)

        self.solve_thread = base.in_background("nekolib-solve", self._solve, state, token, progress)

    def wait_solve(self, timeout: float | None = None) -> None:
        """Wait for the panel's search (tests, scripts)."""
        if self.solve_thread is not None:
            self.solve_thread.join(timeout)

    def _solve(self, state: NekoBossState, token: int, progress: Any) -> None:
        """Solve ``state`` and show the answer if the widget is still there."""
        try:
            result = solve(state, progress=progress)
        except HintCancelled:
            return
        except Exception as err:  # shown, not lost in a thread
            with self._lock:
                if self._solve_token == token:
                    self._searching = None
                    self.solve_result.value = f"<i>the search stopped: {html.escape(str(err))}</i>"
                    self.solve_button.disabled = False
            return
        with self._lock:
            if self._solve_token != token:
                return
            self._searching = None
            self.solve_progress.value = self.solve_progress.max  # a win found early cuts
            self.solve_status.value = f"done: {result.nodes:,} positions"
            winner = {1: self.player_names[0], -1: self.player_names[1]}.get(result.value)
            verdict = (
                f"{html.escape(winner)} wins with best play" if winner else "a draw with best play"
            )
            move = state.action_to_string(result.best_move) if result.best_move else "-"
            self.solve_result.value = (
                f"<b>{verdict}</b>; a best move: {html.escape(move)} "
                f"({result.nodes:,} positions, {result.seconds:.2f} s)"
            )
            self.solve_button.disabled = False


_warm_up_thread: threading.Thread | None = None


def start_solver_warm_up() -> threading.Thread | None:
    """Compile (or load from numba's cache) the fast solver in a background thread when the
    first board opens, so the first exact hint does not wait for it
    (``docs/neko_boss_solver.md``); the thread (the same one for every later board), or
    ``None`` without numba or without threads (the browser site)."""
    global _warm_up_thread
    from nekolib.neko_boss import solver

    if _warm_up_thread is None and solver.available() and base.BACKGROUND_HINTS:
        _warm_up_thread = base.in_background("nekolib-solver-warm-up", solver.warm_up_once)
    return _warm_up_thread


HINT_MAX_STACKS = 24
"""Hints and the computer "solver" seat solve exactly up to this many stacks: the full
default board from the first move after placement (a stored placement answers at once from
the book, others take seconds, with progress shown); 18 without numba."""

HINT_NODE_LIMIT = 20_000_000
"""Positions a search thread may visit for a hint or a solver-seat move before the widget
gives up and plays greedy, saying so: the wait stays bounded (about 5 s on this 2-core
machine, at 4 M positions a second a thread) while the median fresh placement (about 9.4 M
positions in all, ``docs/neko_boss_solver.md``) is still solved."""


BACKGROUND_HINT_NODE_LIMIT = 250_000_000
"""Positions a search thread may visit for a hint searched in the background (the first look
stays on the board meanwhile, and the board stays playable): the hardest of 200 fresh
placements (``nb29-final``) needed 144 M positions in all (18 s), the hardest of 40 others
181 M; a hint past this limit is greedy's and says so. A solver seat's move (the board
waits for it) keeps :data:`HINT_NODE_LIMIT`."""


def widget_agents() -> dict[str, Any]:
    """The game's agents, with a "solver" exact up to ``HINT_MAX_STACKS`` stacks."""
    return {
        **AGENTS,
        "solver": lambda: SolverAgent(max_stacks=HINT_MAX_STACKS, node_limit=HINT_NODE_LIMIT),
    }


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
        agents=widget_agents(),
        seats=seats or ["human"] + ["greedy"] * (num_players - 1),
        seed=seed,
    )
