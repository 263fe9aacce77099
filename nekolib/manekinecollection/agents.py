"""Computer players for Manekinecollection (they use only what their seat may see)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from nekolib.manekinecollection.analysis import reach_odds, unseen_pool
from nekolib.manekinecollection.rules import (
    CAN,
    GOLD,
    HAND_CLASSES,
    Card,
    MNState,
    PlayCards,
    TakeZabuton,
    ZabutonNeko,
)

__all__ = ["GreedyAgent", "expected_classes", "zabuton_worth"]


def expected_classes(state: MNState, player: int, kotatsu: int) -> dict[tuple[Card, ...], float]:
    """Expected class index (0 solocat .. 6 5cats) of my hand at ``kotatsu`` per play there.

    A completing play is certain; a first play is valued by the exact odds of
    finishing it with the cards drawn afterwards (see :func:`reach_odds`).
    """
    pieces = [z.colour for z in state.kotatsu[kotatsu].slots if z is not None]
    row = state.kotatsu[kotatsu].rows[player]
    odds = reach_odds(pieces, row, state.hands[player], unseen_pool(state, player))
    return {
        o.now: float(sum(HAND_CLASSES.index(h) * q for h, q in o.distribution.items()))
        for o in odds.options
    }


def zabuton_worth(z: ZabutonNeko, mine: list[ZabutonNeko]) -> float:
    """Rough end-of-game worth of taking ``z`` for a player who already holds ``mine``."""
    colours = Counter(x.colour for x in [*mine, z])
    worth = float(max(colours.values()) if z.piece.feature == GOLD else z.value)
    if z.piece.feature == CAN:
        worth += 1.0 + sum(1 for x in mine if x.value < 0)
    if z.colour not in {x.colour for x in mine}:
        worth += 1.0
    return worth


@dataclass
class GreedyAgent:
    """Plays the move with the best expected hand; takes the most valuable Zabuton Neko.

    Ties go to the higher-ranked cards (ranks break showdown ties).
    """

    name: str = "greedy"

    def choose(self, state: MNState, rng: random.Random) -> Any:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if isinstance(actions[0], TakeZabuton):
            k = actions[0].kotatsu
            me = state.current_player()
            mine = list(state.collected[me])
            slots = state.kotatsu[k].slots
            return max(actions, key=lambda a: zabuton_worth(slots[a.slot], mine))
        me = state.current_player()
        values = {k: expected_classes(state, me, k) for k in {a.kotatsu for a in actions}}
        scored = [
            (values[a.kotatsu][a.cards] + 0.01 * sum(c.rank for c in a.cards), a)
            for a in actions
            if isinstance(a, PlayCards)
        ]
        best = max(score for score, _ in scored)
        return rng.choice([a for score, a in scored if score == best])
