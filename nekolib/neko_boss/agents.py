"""Computer players for Neko Boss: greedy (one move ahead) and solver (exact when small).

Both only look at the public position (Neko Boss has no hidden information).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from nekolib.core import RandomAgent
from nekolib.neko_boss.analysis import solve
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
    """Perfect play (2 players, phase 2, at most ``max_stacks`` stacks); greedy otherwise."""

    name: str = "solver"
    max_stacks: int = 14

    def choose(self, state: NekoBossState, rng: random.Random) -> Action:
        if self._solvable(state):
            move = solve(state).best_move
            if move is not None:
                return move
        return GreedyAgent().choose(state, rng)

    def explain(self, state: NekoBossState, action: Action) -> str:
        """Why: the exact value with best play when the position is small enough, else greedy."""
        if not self._solvable(state):
            return GreedyAgent().explain(state, action) + f" (solver: > {self.max_stacks} stacks)"
        result = solve(state)
        me = state.current_player()
        value = result.value if me == 0 else -result.value
        verdict = {1: "you win", 0: "a draw", -1: "you lose"}[value]
        return f"with best play {verdict} (solver, {result.nodes} positions searched)"

    def _solvable(self, state: NekoBossState) -> bool:
        stacks = sum(1 for s in state.stacks if s)
        return state.num_players == 2 and state.phase == "movement" and stacks <= self.max_stacks


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "solver": SolverAgent}
"""Name -> zero-argument factory, as the widget wants them."""
