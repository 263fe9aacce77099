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


@dataclass
class SolverAgent:
    """Perfect play (2 players, phase 2, at most ``max_stacks`` stacks); greedy otherwise."""

    name: str = "solver"
    max_stacks: int = 14

    def choose(self, state: NekoBossState, rng: random.Random) -> Action:
        stacks = sum(1 for s in state.stacks if s)
        if state.num_players == 2 and state.phase == "movement" and stacks <= self.max_stacks:
            move = solve(state).best_move
            if move is not None:
                return move
        return GreedyAgent().choose(state, rng)


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "solver": SolverAgent}
"""Name -> zero-argument factory, as the widget wants them."""
