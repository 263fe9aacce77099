"""Computer players for Neko Boss: greedy (one move ahead), solver (exact on the full board) and
Monte Carlo tree search (:class:`nekolib.mcts.MCTSAgent`, 200 simulations a move by default).

All only look at the public position (Neko Boss has no hidden information).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from nekolib.core import RandomAgent
from nekolib.mcts import MCTSAgent
from nekolib.neko_boss.analysis import REFERENCE_MAX_STACKS, SolveResult, solve
from nekolib.neko_boss.hint_working import PERFECT_MODEL, greedy_workings, solver_workings
from nekolib.neko_boss.rules import Action, NekoBossState, Params, Score
from nekolib.neko_boss.solved import book_row
from nekolib.working import Working

__all__ = ["AGENTS", "GreedyAgent", "SolverAgent", "book_result", "evaluate"]


def evaluate(state: NekoBossState, player: int) -> tuple[int, int, int]:
    """``player``'s score minus the best opponent's, item by item (scoring order)."""
    mine: Score = state.score(player)
    best_other = max(state.score(q) for q in range(state.num_players) if q != player)
    return (mine[0] - best_other[0], mine[1] - best_other[1], mine[2] - best_other[2])


@dataclass
class GreedyAgent:
    """Takes the move that leaves the best score difference right now (ties: random).

    In phase 1 every placement scores the same, so it places at random.
    """

    name: str = "greedy"

    def choose(self, state: NekoBossState, rng: random.Random) -> Action:
        me = state.current_player()
        actions = state.legal_actions()
        rated = [(evaluate(state.apply(a), me), i) for i, a in enumerate(actions)]
        best = max(v for v, _ in rated)
        return actions[rng.choice([i for v, i in rated if v == best])]

    def explain(self, state: NekoBossState, action: Action) -> str:
        """Why: the score difference the move leaves (4+ stacks, highest, stacks)."""
        if state.phase == "placement":
            return "every placement scores the same now: placed at random"
        me = state.current_player()
        fours, high, count = evaluate(state.apply(action), me)
        return (
            f"leaves you {fours:+d} stacks of {state.params.score_height}+, {high:+d} in "
            f"height and {count:+d} stacks against the best opponent (one move ahead)"
        )

    def working(self, state: NekoBossState, action: Action) -> tuple[Working, ...]:
        """One :class:`~nekolib.working.Working` per number :meth:`explain` states."""
        return greedy_workings(state, action)


def book_result(state: NekoBossState) -> SolveResult | None:
    """The stored exact value of the default game's position just after placement
    (``solved.book_row``: 200 random and the agents' placements), or ``None``."""
    if (
        not isinstance(state, NekoBossState)
        or state.params != Params()
        or state.phase != "movement"
        or state.to_move != 0
        or any(len(s) != 1 for s in state.stacks)
    ):
        return None
    row = book_row([s[-1] for s in state.stacks])
    if row is None:
        return None
    move = state.parse(row["best_move"])
    return SolveResult(row["value"], move, row["nodes"], 0, 0.0, "book")


VERDICT = {1: "you win", 0: "a draw", -1: "you lose"}
"""Value for the player to move -> words."""

ALTERNATIVE_NODE_LIMIT = 20_000_000
"""Positions (per thread) the hint spends on the best alternative to its move before it says
"not settled" (about 15 s on a shared core; the suggested move itself is always exact)."""


REFERENCE_ALTERNATIVES_MAX_STACKS = 12
"""Without the fast solver the alternatives are solved one by one (pure Python): only up to
this many stacks."""


@dataclass
class SolverAgent:
    """Perfect play (2 players, phase 2, at most ``max_stacks`` stacks); greedy otherwise.

    Up to 24 stacks (the full default board, exact from the first move after placement) with
    the fast solver (numba, ``nekolib[solver]``); without it at most
    :data:`~nekolib.neko_boss.analysis.REFERENCE_MAX_STACKS`, the most the pure-Python
    reference solves in reasonable time. A stored placement (:func:`book_result`) answers at
    once; other full boards take seconds. ``progress(done, total, nodes)`` is passed to the
    solver (the widget shows it). The result is kept for :meth:`explain`.

    ``node_limit`` (positions per search thread, fast solver only) bounds the wait: a position
    the solver does not settle within it is played greedily, and :meth:`explain` says so.
    """

    name: str = "solver"
    max_stacks: int = 24
    node_limit: int | None = None
    progress: Callable[[int, int, int], None] | None = field(default=None, repr=False)
    _last: tuple[NekoBossState, SolveResult] | None = field(default=None, repr=False)
    _hinted: tuple[tuple[NekoBossState, Action], tuple[str, tuple[Working, ...]]] | None = field(
        default=None, repr=False, compare=False
    )

    def choose(self, state: NekoBossState, rng: random.Random) -> Action:
        if self._solvable(state):
            result = self._solve(state)
            if result is not None and result.best_move is not None:
                return result.best_move
        return GreedyAgent().choose(state, rng)

    def explain(self, state: NekoBossState, action: Action) -> str:
        """Why: win/draw/loss with best play (exact if both play perfectly from here) after
        the suggested move and after the best alternative to it, when the position is small
        enough; else greedy's reason (one move ahead)."""
        return self._hint(state, action)[0]

    def working(self, state: NekoBossState, action: Action) -> tuple[Working, ...]:
        """One :class:`~nekolib.working.Working` per value :meth:`explain` states: the
        hinted move's and the best alternative's (reused from :meth:`explain`: no new solve
        when the hint was just explained)."""
        return self._hint(state, action)[1]

    def _hint(self, state: NekoBossState, action: Action) -> tuple[str, tuple[Working, ...]]:
        """The sentence and its workings, kept for the last (state, action) asked."""
        if self._hinted is not None and self._hinted[0] == (state, action):
            return self._hinted[1]
        got = self._explain(state, action)
        self._hinted = ((state, action), got)
        return got

    def _explain(self, state: NekoBossState, action: Action) -> tuple[str, tuple[Working, ...]]:
        if not self._solvable(state):
            return (
                f"{GreedyAgent().explain(state, action)} ({self._why_greedy(state)})",
                greedy_workings(state, action),
            )
        result = self._solve(state)
        if result is None:
            text = GreedyAgent().explain(state, action) + (
                f" (the solver did not settle this position within {self.node_limit:,}"
                " positions a thread: the solver panel gives the exact value)"
            )
            return text, greedy_workings(state, action)
        me = state.current_player()
        best = action == result.best_move
        if not best:  # explaining some other move: its own value
            result = solve(state.apply(action), progress=self.progress)
        value = result.value if me == 0 else -result.value
        source = "book of solved placements" if result.engine == "book" else "solver"
        text = (
            f"with best play {VERDICT[value]} ({source}, {result.nodes:,} positions searched; "
            f"exact if {PERFECT_MODEL})"
        )
        alt_text, alt = self._alternative(state, action)
        workings = solver_workings(
            state, action, VERDICT[value], alt, "" if alt else alt_text.removeprefix("the "), best
        )
        return f"{text}; {alt_text}", workings

    def alternative(self, state: NekoBossState, action: Action) -> str:
        """The best move other than ``action`` and its value, in words."""
        return self._alternative(state, action)[0]

    def _alternative(
        self, state: NekoBossState, action: Action
    ) -> tuple[str, tuple[Action, str] | None]:
        """The best move other than ``action`` in words, and (move, value in words), or
        ``None`` where there is none or it is not settled."""
        from nekolib.neko_boss import solver

        me = state.current_player()
        if solver.available() and solver.applies(state) is None:
            try:
                got = solver.solve_fast(
                    state,
                    exclude=action,
                    node_limit=ALTERNATIVE_NODE_LIMIT,
                    progress=self.progress,
                )
            except solver.SearchStopped:
                return (
                    f"the best alternative is not settled within "
                    f"{ALTERNATIVE_NODE_LIMIT:,} positions"
                ), None
            if got is None:
                return "it is the only legal move", None
            mine, move = (got.value if me == 0 else -got.value), got.best_move
        elif sum(1 for s in state.stacks if s) > REFERENCE_ALTERNATIVES_MAX_STACKS:
            return "the best alternative needs the fast solver (nekolib[solver])", None
        else:
            others = [a for a in state.legal_actions() if a != action]
            if not others:
                return "it is the only legal move", None
            sign = 1 if me == 0 else -1
            mine, move = max(((solve(state.apply(a)).value * sign, a) for a in others), key=_first)
        words = VERDICT[mine]
        return f"the best alternative, {state.action_to_string(move)}: {words}", (move, words)

    def limit(self) -> int:
        """The most stacks solved exactly here (``max_stacks``, lower without numba)."""
        from nekolib.neko_boss import solver  # numba is imported only when it is needed

        return self.max_stacks if solver.available() else min(self.max_stacks, REFERENCE_MAX_STACKS)

    def _solve(self, state: NekoBossState) -> SolveResult | None:
        """The exact result (book, else solver), or ``None`` past ``node_limit``."""
        if self._last is None or self._last[0] != state:
            self._last = (state, book_result(state) or self._search(state))
        return self._last[1]

    def _search(self, state: NekoBossState) -> SolveResult | None:
        from nekolib.neko_boss import solver

        try:
            return solve(state, progress=self.progress, node_limit=self.node_limit)
        except solver.SearchStopped:
            return None

    def _why_greedy(self, state: NekoBossState) -> str:
        """Why the solver does not answer here, truthfully (it solves 2-player movement)."""
        if state.num_players != 2:
            return "the solver is exact for 2 players only"
        if state.phase != "movement":
            return "the solver starts once every piece is placed"
        return f"more than {self.limit()} stacks: the solver panel gives the exact value"

    def _solvable(self, state: NekoBossState) -> bool:
        stacks = sum(1 for s in state.stacks if s)
        return state.num_players == 2 and state.phase == "movement" and stacks <= self.limit()


def _first(pair: tuple) -> object:
    return pair[0]


AGENTS = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "solver": SolverAgent,
    "mcts": MCTSAgent,
}
"""Name -> factory (no arguments: a sensible default; ``AGENTS["mcts"](iterations=400)``)."""
