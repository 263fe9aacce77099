"""Computer players for Neko Boss: greedy (one move ahead), solver (exact when small) and
Monte Carlo tree search (:class:`nekolib.mcts.MCTSAgent`, 200 simulations a move by default).

All only look at the public position (Neko Boss has no hidden information).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from nekolib.core import RandomAgent
from nekolib.mcts import MCTSAgent
from nekolib.neko_boss.analysis import REFERENCE_MAX_STACKS, SolveResult, solve
from nekolib.neko_boss.rules import Action, NekoBossState, Score

__all__ = ["AGENTS", "GreedyAgent", "SolverAgent", "evaluate"]


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


@dataclass
class SolverAgent:
    """Perfect play (2 players, phase 2, at most ``max_stacks`` stacks); greedy otherwise.

    Up to 24 stacks (the full default board) with the fast solver (numba, ``nekolib[solver]``);
    without it at most :data:`~nekolib.neko_boss.analysis.REFERENCE_MAX_STACKS`, the most the
    pure-Python reference solves in reasonable time. The first move after a full placement
    takes seconds to a minute; the result is kept for :meth:`explain`.
    """

    name: str = "solver"
    max_stacks: int = 24
    _last: tuple[NekoBossState, SolveResult] | None = field(default=None, repr=False)

    def choose(self, state: NekoBossState, rng: random.Random) -> Action:
        if self._solvable(state):
            move = self._solve(state).best_move
            if move is not None:
                return move
        return GreedyAgent().choose(state, rng)

    def explain(self, state: NekoBossState, action: Action) -> str:
        """Why: the exact value with best play when the position is small enough, else greedy."""
        if not self._solvable(state):
            return GreedyAgent().explain(state, action) + (
                f" (more than {self.limit()} stacks: the solver panel gives the exact value)"
            )
        result = self._solve(state)
        me = state.current_player()
        value = result.value if me == 0 else -result.value
        verdict = {1: "you win", 0: "a draw", -1: "you lose"}[value]
        return f"with best play {verdict} (solver, {result.nodes} positions searched)"

    def limit(self) -> int:
        """The most stacks solved exactly here (``max_stacks``, lower without numba)."""
        from nekolib.neko_boss import solver  # numba is imported only when it is needed

        return self.max_stacks if solver.available() else min(self.max_stacks, REFERENCE_MAX_STACKS)

    def _solve(self, state: NekoBossState) -> SolveResult:
        if self._last is None or self._last[0] != state:
            self._last = (state, solve(state))
        return self._last[1]

    def _solvable(self, state: NekoBossState) -> bool:
        stacks = sum(1 for s in state.stacks if s)
        return state.num_players == 2 and state.phase == "movement" and stacks <= self.limit()


AGENTS = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "solver": SolverAgent,
    "mcts": MCTSAgent,
}
"""Name -> factory (no arguments: a sensible default; ``AGENTS["mcts"](iterations=400)``)."""
