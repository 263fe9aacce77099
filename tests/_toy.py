"""A tiny game used only to test the shared core and the widget base.

Two players share a pile of stones; on your turn take 1 or 2 stones. After
every take a coin is flipped (chance, 1/2 each): heads puts one stone back
while the pile is under ``cap``. Whoever takes the last stone wins. Each
player holds a secret card, visible only to them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from nekolib.core import CHANCE, HIDDEN, TERMINAL, GameState


@dataclass(frozen=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


@dataclass(frozen=True)
class Coin:
    heads: bool

    def __str__(self) -> str:
        return "heads" if self.heads else "tails"


@dataclass(frozen=True)
class ToyState(GameState):
    pile: int = 5
    to_move: int = 0
    flipping: bool = False
    winner: int | None = None
    secrets: tuple[str, str] = ("ace", "king")
    cap: int = 5
    num_players: int = 2

    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.flipping else self.to_move

    def _legal_actions(self):
        return [Take(n) for n in (1, 2) if n <= self.pile]

    def chance_outcomes(self):
        return [(Coin(True), Fraction(1, 2)), (Coin(False), Fraction(1, 2))]

    def explain_illegal(self, action) -> str:
        if isinstance(action, Take) and action.n > self.pile:
            return f"only {self.pile} stone(s) left"
        return super().explain_illegal(action)

    def _apply(self, action):
        if isinstance(action, Take):
            pile = self.pile - action.n
            if pile == 0:
                return replace(self, pile=0, winner=self.to_move)
            return replace(self, pile=pile, flipping=True)
        pile = self.pile + (1 if action.heads and self.pile < self.cap else 0)
        return replace(self, pile=pile, flipping=False, to_move=1 - self.to_move)

    def returns(self):
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else 0.0 for p in range(2)]

    def view(self, player):
        return {
            "pile": self.pile,
            "to_move": self.to_move,
            "secrets": [s if p == player else HIDDEN for p, s in enumerate(self.secrets)],
        }
