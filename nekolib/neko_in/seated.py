"""The exact belief at a table of known players: every move of a greedy seat read (issue 42).

:mod:`nekolib.neko_in.belief` reads, of the other players' moves, only the hideouts they
chose (under the greedy player's rule) and the certain facts; rooms moved to, discards and
event tiles are read as telling nothing. When every other seat is played by the greedy player
(:class:`~nekolib.neko_in.agents.GreedyAgent`, the widget's default opponents), that is not the
posterior at the table: the greedy player's room choice depends on its hand. Here each deal of
the unseen tiles is weighed by the probability the greedy player's own decision rule gives
*every* choice it made (room moved to or Litter Box, Crunchies, discard, hideouts):
:func:`greedy_law` is that rule as a probability law (it picks uniformly at random where
``GreedyAgent`` calls ``rng.choice``), and the prior is every deal alike. A player's hand at
an earlier decision is their hand now plus the tiles they got rid of since (seen by all), and
the certain facts (a cat resting on an uncovered hideout: its player lacked that tile) weigh
0 or 1, as in :mod:`~nekolib.neko_in.belief`.

The deals are enumerated: the likelihood is a product over players of a function of their own
hand, so each player's factor is computed once per possible hand, and the deals (at most
:data:`MAX_DEALS`) combine them. Beyond that (4 or more players early in a game), or when a
seat is not a known greedy player, the hint falls back to :func:`nekolib.neko_in.belief.belief`
and its sentence names that weaker model.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import factorial
from typing import Any

from nekolib.neko_in.analysis import unseen_tiles
from nekolib.neko_in.belief import Belief, board_lacks, history_pairs
from nekolib.neko_in.rules import (
    IN_ROOM,
    N_ICONS,
    Discard,
    Hide,
    Move,
    NekoState,
    UseCrunchies,
    UseLitterBox,
)

__all__ = [
    "MAX_DEALS",
    "NOT_GREEDY",
    "SEATED_MODEL",
    "TOO_MANY_DEALS",
    "SeatedBelief",
    "greedy_law",
    "seated_belief",
]

SCALE = 60
"""Every choice probability times 60 is an integer (a choice is among at most 6)."""
MAX_DEALS = 30_000
"""Deals of the unseen tiles beyond which the exact seated belief is not computed (about a
second of a hint); 3 players: at most 252, so always exact."""
SEATED_MODEL = (
    "the tiles you cannot see dealt at random, each deal weighed by the probability the greedy "
    "player's own decision rule gives every choice the other players (all greedy players) "
    "made: rooms moved to, Litter Box and Crunchies, discards, hideouts; and every cat left on "
    "an uncovered hideout (its player lacked that tile)"
)


# --------------------------------------------------------------------------- the greedy rule
@dataclass(frozen=True)
class _Decision:
    """One decision of a greedy seat, with what its law needs that every deal shares."""

    state: NekoState
    action: Any
    gone: frozenset[int]
    """Tiles the seat got rid of since (its hand then: its hand now plus these)."""


def greedy_law(state: NekoState, seat: int, hand: frozenset[int]) -> dict[Any, Fraction]:
    """P(each action) when ``seat``, holding ``hand``, decides at ``state`` as
    :class:`~nekolib.neko_in.agents.GreedyAgent` does (uniform where it draws at random).

    Read from the same view: its own tiles, the board, the legal actions; checked against
    the agent itself on many positions and hands (``tests/test_neko_in_hint_seated.py``)."""
    legal = state.legal_actions()
    if not legal:
        return {}
    colour = state.colours[seat]
    if any(isinstance(a, Hide) for a in legal):
        spaces = [a for a in legal if isinstance(a, Hide)]
        if state.cat == colour:
            good = [a for a in spaces if a.space in hand]
            return _uniform([good[0]] if good else spaces)
        return _uniform([a for a in spaces if a.space in hand] or spaces)
    if state.phase == "discard":  # the legal discards are the tiles of the hand, in order
        ordered = [Discard(t) for t in sorted(hand)]
        far = [a for a in ordered if a.tile // N_ICONS != colour]
        return {(far or ordered)[0]: Fraction(1)}
    if any(isinstance(a, Move | UseLitterBox) for a in legal):
        litter = [a for a in legal if isinstance(a, UseLitterBox) and a.space in hand]
        if litter:
            return {litter[0]: Fraction(1)}
        pos = state.cats[colour]
        here = pos if 0 <= pos < IN_ROOM else None
        here_room = None if here is None else here // N_ICONS
        moves = [a for a in legal if isinstance(a, Move)]
        sure = [
            a
            for a in moves
            if a.room in (colour, here_room)
            and any(t // N_ICONS == a.room and t != here for t in hand)
        ]
        if sure:
            return {sure[0]: Fraction(1)}
        if UseCrunchies() in legal and len(hand) > 1:
            return {UseCrunchies(): Fraction(1)}
        occupied = {p // N_ICONS for p in state.cats if 0 <= p < IN_ROOM}
        hopeful = [a for a in moves if any(t // N_ICONS == a.room for t in hand)]
        free = [a for a in hopeful if a.room not in occupied]
        choice = free or hopeful or moves
        return _uniform(choice) if choice else {legal[0]: Fraction(1)}
    return {legal[0]: Fraction(1)}


def _uniform(actions: Sequence[Any]) -> dict[Any, Fraction]:
    return {a: Fraction(1, len(actions)) for a in actions}


# --------------------------------------------------------------------------- the belief
@dataclass
class SeatedBelief(Belief):
    """``me``'s exact belief when every other seat is a greedy player (module docstring)."""

    decisions: dict[int, tuple[_Decision, ...]] = field(default_factory=dict)
    seated = True

    def summary(self) -> str:
        made = sum(len(v) for v in self.decisions.values())
        lacked = sum(len(v) for v in self.lacks.values())
        return (
            f"read from all {made} choice{'' if made == 1 else 's'} the greedy players made "
            f"and {lacked} tile{'' if lacked == 1 else 's'} their cats showed they lacked"
        )

    def deals(self) -> int:
        """How many deals of the unseen tiles give each other player their number of tiles."""
        out = factorial(len(self.unseen))
        for p in self.others:
            out //= factorial(len(self.state.hands[p]))
        return out

    def weights(self, seat: int) -> dict[frozenset[int], int]:
        """``seat``'s likelihood of every hand it may hold now (nonzero ones only), each
        factor times :data:`SCALE` (an integer: every choice is among at most 6)."""
        key = ("_weights", seat)
        if key not in self.__dict__:
            lacks = self.lacks.get(seat, frozenset())
            out = {}
            for hand in itertools.combinations(sorted(self.unseen), len(self.state.hands[seat])):
                now = frozenset(hand)
                if now & lacks:
                    continue
                w = 1
                for d in self.decisions.get(seat, ()):
                    p = greedy_law(d.state, seat, now | d.gone).get(d.action, 0) * SCALE
                    if p.denominator != 1:  # pragma: no cover - at most 6 rooms or 5 hideouts
                        raise ValueError(f"a choice among more than {SCALE} cannot be scaled")
                    w *= p.numerator
                    if not w:
                        break
                if w:
                    out[now] = w
            self.__dict__[key] = out
        return self.__dict__[key]

    def law(self, other: int, candidates: Any) -> list[tuple[frozenset[int], Fraction]]:
        cand = frozenset(t for t in candidates if t in self.unseen)
        key = ("_law", other, cand)
        if key not in self.__dict__:
            counts: dict[frozenset[int], int] = {}
            for hands, w in self._deals():
                got = hands[other] & cand
                counts[got] = counts.get(got, 0) + w
            whole = sum(counts.values())
            if not whole:
                raise ValueError("no deal of the unseen tiles fits the moves so far")
            self.__dict__[key] = sorted(
                ((s, Fraction(k, whole)) for s, k in counts.items() if k),
                key=lambda item: (len(item[0]), sorted(item[0])),
            )
        return self.__dict__[key]

    def _deals(self) -> list[tuple[dict[int, frozenset[int]], int]]:
        """Every deal with weight > 0: (each other player's hand, scaled weight)."""
        if "_deal_list" not in self.__dict__:
            out: list = []
            others = self.others

            def deal(i: int, left: frozenset[int], hands: dict, w: int) -> None:
                weights = self.weights(others[i])
                if i == len(others) - 1:
                    v = weights.get(left)
                    if v:
                        out.append(({**hands, others[i]: left}, w * v))
                    return
                size = len(self.state.hands[others[i]])
                for chosen in itertools.combinations(sorted(left), size):
                    hand = frozenset(chosen)
                    v = weights.get(hand)
                    if v:
                        deal(i + 1, left - hand, {**hands, others[i]: hand}, w * v)

            deal(0, self.unseen, {}, 1)
            self.__dict__["_deal_list"] = out
        return self.__dict__["_deal_list"]


TOO_MANY_DEALS = "too many deals to read every move of the greedy players"
NOT_GREEDY = "the moves so far do not fit the greedy players' rule"


def seated_belief(
    state: NekoState, me: int, history: Any, seats: Sequence[str] | None
) -> tuple[SeatedBelief | None, str]:
    """The exact belief at a table whose other seats are all ``"greedy"`` (``seats[p]``), read
    from every move of ``history``, and ``""``; else ``(None, why)``: a seat is not greedy
    (it is named), no history or seats given (``""``), the deals are too many
    (:data:`MAX_DEALS`), or the moves fit no deal under the greedy rule. The caller then
    falls back to :func:`nekolib.neko_in.belief.belief` and says why."""
    if history is None or seats is None or len(seats) != state.num_players:
        return None, ""
    odd = [p for p in range(state.num_players) if p != me and seats[p] != "greedy"]
    if odd:
        named = ", ".join(f"the {state.seat_name(p)} is {seats[p]}" for p in odd)
        return None, f"{named}: no known rule for {'its' if len(odd) == 1 else 'their'} choices"
    pairs = history_pairs(history, state)
    unseen = unseen_tiles(state, me)
    states = [s for s, _ in pairs] + [state]
    lacks = board_lacks(states, me, unseen)
    b = SeatedBelief(state, me, unseen, lacks, {}, SEATED_MODEL, True)
    if b.deals() > MAX_DEALS:
        return None, TOO_MANY_DEALS
    b.decisions = _decisions(pairs, states, me)
    try:
        b.law(b.others[0], frozenset())
    except ValueError:
        return None, NOT_GREEDY  # the moves fit no deal: not greedy players after all
    return b, ""


def _decisions(
    pairs: list[tuple[NekoState, Any]], states: list[NekoState], me: int
) -> dict[int, tuple[_Decision, ...]]:
    """Every decision another seat made, with the tiles it got rid of since."""
    n = states[-1].num_players
    gone = [frozenset()] * n
    out: dict[int, list[_Decision]] = {}
    for i in range(len(pairs) - 1, -1, -1):
        before, after = states[i], states[i + 1]
        for p in range(n):
            gone[p] = gone[p] | (frozenset(before.hands[p]) - frozenset(after.hands[p]))
        s, action = pairs[i]
        p = s.current_player()
        if p == me or not 0 <= p < n or s.is_chance_node():
            continue
        out.setdefault(p, []).append(_Decision(s, action, gone[p]))
    return {p: tuple(reversed(v)) for p, v in out.items()}
