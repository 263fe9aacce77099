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
    kotatsu_name,
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

    Ties go to the higher-ranked cards (ranks break showdown ties). :meth:`explain`
    says why a move is good, with the number behind it, from this seat's knowledge only.
    """

    name: str = "greedy"

    def choose(self, state: MNState, rng: random.Random) -> Any:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if isinstance(actions[0], TakeZabuton):
            worth = _zabuton_worths(state)
            return max(actions, key=lambda a: worth[a.slot])
        scored = _play_scores(state)
        best = max(scored.values())
        return rng.choice([a for a, score in scored.items() if score == best])

    def explain(self, state: MNState, action: Any) -> str:
        """One sentence: the expected hand (or the Zabuton Neko's worth) against the next best.

        Plays are valued by the expected hand class (0 solocat .. 6 5cats) my row reaches
        at that kotatsu, from my hand, my row, the two pieces and the cards I have not
        seen (:func:`expected_classes`); Zabuton Neko by :func:`zabuton_worth`.
        """
        actions = state.legal_actions()
        if isinstance(action, TakeZabuton):
            worth = _zabuton_worths(state)
            slots = state.kotatsu[action.kotatsu].slots
            mine = f"the {slots[action.slot].piece} is worth about {worth[action.slot]:.1f}"
            others = [a.slot for a in actions if a.slot != action.slot]
            if not others:
                return f"{mine} to your collection (the only one left)"
            other = max(others, key=lambda s: worth[s])
            return (
                f"{mine} to your collection vs {worth[other]:.1f} for the "
                f"{slots[other].piece} (the second hand gets that one)"
            )
        if not isinstance(action, PlayCards):
            return "every place already holds three of your cards: passing is the only move"
        values = _expected(state)
        value = values[action.kotatsu][action.cards]
        where = f"the {kotatsu_name(action.kotatsu, len(state.kotatsu))} kotatsu"
        mine = (
            f"expected hand {value:.2f} at {where} "
            f"(about {HAND_CLASSES[round(value)]}; 0 = solocat .. 6 = 5cats)"
        )
        others = [a for a in actions if isinstance(a, PlayCards) and a != action]
        if not others:
            return f"{mine}; the only play"
        best = max(others, key=lambda a: values[a.kotatsu][a.cards])
        other = values[best.kotatsu][best.cards]
        tie = "; more icons break the tie" if round(other, 2) >= round(value, 2) else ""
        return f"{mine} vs {other:.2f} for the next best ({best}){tie}"


def _expected(state: MNState) -> dict[int, dict[tuple[Card, ...], float]]:
    """:func:`expected_classes` of the player to move at every kotatsu they may play at."""
    me = state.current_player()
    return {k: expected_classes(state, me, k) for k, _ in state.places(me)}


def _play_scores(state: MNState) -> dict[PlayCards, float]:
    """Greedy score of each play: expected class, plus 0.01 per icon (ranks break ties)."""
    values = _expected(state)
    return {
        a: values[a.kotatsu][a.cards] + 0.01 * sum(c.rank for c in a.cards)
        for a in state.legal_actions()
        if isinstance(a, PlayCards)
    }


def _zabuton_worths(state: MNState) -> dict[int, float]:
    """:func:`zabuton_worth` of each Zabuton Neko the chooser may take, by slot."""
    me = state.current_player()
    mine = list(state.collected[me])
    k = state.tasks[0][1]
    slots = state.kotatsu[k].slots
    return {s: zabuton_worth(z, mine) for s, z in enumerate(slots) if z is not None}
