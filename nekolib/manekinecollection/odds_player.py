"""The odds player: plays for the exact chance of winning each showdown, weighted by the
expected worth of the Zabuton Neko at stake (``AGENTS["odds"]``, the widget's hint agent).

"Compare the strength of the 'hands' each player has made": a kotatsu is worth its
Zabuton Neko times the chance that my hand there comes first (2 players: "gets both of
the Zabuton Neko"; 3-4 players: first picks, second takes the other). Each move of the
current turn is searched exactly: the cards played, then every set of cards I may draw
(the deck, then the reshuffled discard pile: :func:`analysis.draw_source`). The leaf value
of a position is ``sum over kotatsu of stake x chance of coming first (or second)``:

* a row finished now has a known hand: its chance against each opponent is exact over
  every way their row can be finished with cards I have not seen (:func:`analysis.key_counts`,
  ranks and "third card first" included);
* a row still open gets the cards of my hand after the draw that serve it best (each
  card to one row at most, the best split over my open rows) and the cards it still
  lacks at random from the cards I have not seen; it is compared by class (colours only,
  :data:`TIE_SHARE` of the same-class hands taken as won);
* an opponent's open row is finished with the best of ``OddsAgent.tries`` random
  completions from the cards I have not seen (they choose their cards);
* the stake is the exact expected change of my final score (:func:`analysis.both_gain`,
  :func:`analysis.choice_value`), plus (2 players) what the opponent would gain instead.

Everything is read from this seat's view. :meth:`OddsAgent.explain` states the move's
numbers as exact fractions (``p/q``) from :mod:`.analysis`.
"""

from __future__ import annotations

import random
import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from nekolib.manekinecollection.analysis import (
    both_gain,
    choice_value,
    class_counts_dp,
    collection_gain,
    draw_source,
    drawn_colours,
    key_counts,
    unseen_cards,
    unseen_values,
)
from nekolib.manekinecollection.hint_working import (
    Said,
    fraction_text,
    pass_said,
    play_said,
    take_said,
)
from nekolib.manekinecollection.rules import (
    HAND_CLASSES,
    ROW_SIZE,
    Card,
    MNState,
    PlayCards,
    TakeZabuton,
    ZabutonNeko,
    hand_key,
)
from nekolib.working import Working

__all__ = ["TIE_SHARE", "OddsAgent", "fraction_text"]

TIE_SHARE = 0.5
"""Share of the same-class hands counted as won when a row is still open (its ranks are
not known yet); a finished row is compared exactly, ranks and third card included."""

HIDDEN_VALUE = 1
"""Value put on another player's face-down collected tiles when their gain is estimated
(2 players): only their pieces (colour, gold coin, cat can) are seen."""


# --------------------------------------------------------------------------- one opponent
class _Against:
    """One opponent's hand at one kotatsu: every way to finish their row, by showdown key."""

    def __init__(self, counts: dict[Any, int], done: bool, tries: int = 1) -> None:
        self.tries = tries
        self.keys = sorted(counts)
        self.cum = [0]
        for key in self.keys:
            self.cum.append(self.cum[-1] + counts[key])
        self.counts = counts
        self.total = self.cum[-1]
        self.done = done
        """Their row is complete: their third card came before mine."""
        by_class = [0] * len(HAND_CLASSES)
        for key, n in counts.items():
            by_class[key[0]] += n
        t, total = tries, self.total
        self.beat_class = []
        for c in range(len(HAND_CLASSES)):
            below = sum(by_class[:c]) / total
            equal = (below + by_class[c] / total) ** t - below**t
            self.beat_class.append(below**t + TIE_SHARE * equal)

    def beat(self, key: Any) -> float:
        """Chance that my finished ``key`` comes before them (ties: whoever finished first)."""
        i = bisect_left(self.keys, key)
        below = self.cum[i] / self.total
        if self.done:
            return below
        equal = self.counts.get(key, 0) / self.total
        return (below + equal) ** self.tries


def _combine(ps: list[float], first: float, second: float) -> float:
    """Stake won: ``first`` if I beat everyone, ``second`` if I beat all but one."""
    p_all = 1.0
    for p in ps:
        p_all *= p
    value = first * p_all
    if second:
        for i, p in enumerate(ps):
            rest = 1.0
            for j, r in enumerate(ps):
                if j != i:
                    rest *= r
            value += second * (1 - p) * rest
    return value


# --------------------------------------------------------------------------- one decision
@dataclass
class _Board:
    """What the odds player knows about one kotatsu at this decision."""

    k: int
    pieces: list[str]
    against: dict[int, _Against]
    first: float
    second: float
    by_class: list[float] = field(default_factory=list)
    """Leaf value of an open row of mine per final class (0 solocat .. 6 5cats)."""

    def value_of_key(self, key: Any) -> float:
        return _combine([a.beat(key) for a in self.against.values()], self.first, self.second)


class _Table:
    """Everything the odds player computes once per decision (all from ``view(me)``)."""

    def __init__(self, state: MNState, me: int, tries: int = 1) -> None:
        self.state, self.me, self.tries = state, me, tries
        self.pool = unseen_cards(state, me)
        self.source = draw_source(state, me)
        values = unseen_values(state, me)
        self.boards: dict[int, _Board] = {}
        for k, board in enumerate(state.kotatsu):
            pieces = state.pieces_at(k)
            if len(pieces) != 2:
                continue
            first, second = _stakes(state, me, pieces, values)
            against = {
                q: self._against(pieces, board.rows[q]) for q in range(state.num_players) if q != me
            }
            b = _Board(k, [p.colour for p in pieces], against, first, second)
            b.by_class = [
                _combine([a.beat_class[c] for a in against.values()], first, second)
                for c in range(len(HAND_CLASSES))
            ]
            self.boards[k] = b
        stakes = [b.first + b.second for b in self.boards.values()]
        self.refill = 0.0
        """An emptied kotatsu's worth: 2 players, even (what I may win there, the opponent
        may win too: the stake is a score difference); 3-4 players, an average stake
        shared by the players."""
        if state.num_players > 2 and stakes:
            self.refill = sum(stakes) / len(stakes) / state.num_players
        self.pool_colours = Counter(c.colour for c in self.pool)
        self._finish: dict[Any, float] = {}
        self._split: dict[Any, float] = {}

    def _against(self, pieces: tuple[Any, ...], row: tuple[Card, ...]) -> _Against:
        setting = self.state.params.set_strength
        if len(row) == ROW_SIZE:
            return _Against({hand_key(pieces, row, setting): 1}, done=True)
        counts = key_counts([p.colour for p in pieces], row, self.pool, setting)
        return _Against(counts, False, self.tries)

    def finish_value(self, j: int, row: tuple[Card, ...], added: tuple[str, ...]) -> float:
        """Leaf value of my open row at ``j`` given ``added`` colours from my hand; the
        cards still missing after them come at random from the cards I have not seen."""
        cache = (j, row, added)
        if cache not in self._finish:
            fixed = Counter(self.boards[j].pieces + [c.colour for c in row] + list(added))
            missing = ROW_SIZE - len(row) - len(added)
            counts = class_counts_dp(fixed, {}, 0, self.pool_colours, missing)
            total = sum(counts.values())
            by_class = self.boards[j].by_class
            self._finish[cache] = (
                sum(n * by_class[HAND_CLASSES.index(h)] for h, n in counts.items()) / total
            )
        return self._finish[cache]

    def hand_value(self, rows: tuple[tuple[Card, ...], ...], colours: tuple[str, ...]) -> float:
        """Best split of my hand's ``colours`` over my open rows (each card to one row at
        most, none to spare): the sum of the rows' :meth:`finish_value`."""
        cache = (rows, colours)
        if cache in self._split:
            return self._split[cache]
        open_rows = [j for j in self.boards if len(rows[j]) < ROW_SIZE]
        best = -1e300
        for plan in product([None, *open_rows], repeat=len(colours)):
            added: dict[int, list[str]] = {j: [] for j in open_rows}
            for colour, j in zip(colours, plan, strict=True):
                if j is not None:
                    added[j].append(colour)
            if any(len(added[j]) > ROW_SIZE - len(rows[j]) for j in open_rows):
                continue
            value = sum(self.finish_value(j, rows[j], tuple(added[j])) for j in open_rows)
            best = max(best, value)
        self._split[cache] = best
        return best

    def value(self, action: PlayCards) -> float:
        """Expected leaf value after ``action`` and my draw (see the module docstring)."""
        state, me = self.state, self.me
        k = action.kotatsu
        hand = list(state.hands[me])
        for card in action.cards:
            hand.remove(card)
        rows = [board.rows[me] for board in state.kotatsu]
        rows[k] = tuple(sorted(rows[k] + action.cards))
        total = 0.0
        if len(rows[k]) == ROW_SIZE and k in self.boards:
            total += self._finished(k, rows[k])
        kept = [c.colour for c in hand]
        outcomes = drawn_colours(self.source, len(action.cards))
        weight = sum(w for _, w in outcomes)
        expected = 0.0
        frozen = tuple(rows)
        for drawn, w in outcomes:
            colours = tuple(sorted(kept + [c for c, n in drawn.items() for _ in range(n)]))
            expected += w * self.hand_value(frozen, colours)
        return total + expected / weight

    def _finished(self, k: int, row: tuple[Card, ...]) -> float:
        """Value of finishing my row at ``k`` now (a showdown if everyone else is done)."""
        board = self.boards[k]
        key = hand_key(self.state.pieces_at(k), row, self.state.params.set_strength)
        value = board.value_of_key(key)
        if all(a.done for a in board.against.values()):
            value += self.refill  # the kotatsu is refilled: a fresh row to play for
        return value


def _stakes(
    state: MNState, me: int, pieces: tuple[Any, ...], values: dict[str, list[int]]
) -> tuple[float, float]:
    """(worth of coming first, worth of coming second) of a kotatsu's two Zabuton Neko.

    2 players: "gets both": my expected gain plus the gain the opponent would make instead
    (it decides who wins the game). 3-4 players: first picks after looking (the expected
    better gain, :func:`choice_value`), second gets the other one.
    """
    mine = state.collected[me]
    params = state.params
    pair = list(pieces)
    if state.num_players == 2:
        other = 1 - me
        theirs = [ZabutonNeko(z.piece, HIDDEN_VALUE) for z in state.collected[other]]
        gain = both_gain(mine, pair, values, params) + both_gain(theirs, pair, values, params)
        return float(gain), 0.0
    best = choice_value(mine, pair, values, params)
    both = both_gain(mine, pair, values, params)
    return float(best), float(both - best)


# --------------------------------------------------------------------------- the agent
@dataclass
class OddsAgent:
    """Plays the move with the best expected showdown odds times stakes (one turn searched).

    Zabuton Neko: "take the Zabuton Neko of their choice" after looking: the tile that
    raises my final score most (:func:`rules.score_collection`), ties to the one that
    leaves the second hand less. :meth:`explain` gives the numbers as exact fractions.
    """

    name: str = "odds"
    tries: int = 2
    """An opponent's open row is finished with the best of this many random completions."""
    _last: tuple[tuple[MNState, Any], Said] | None = field(default=None, repr=False, compare=False)

    def choose(self, state: MNState, rng: random.Random) -> Any:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if isinstance(actions[0], TakeZabuton):
            return max(actions, key=lambda a: _take_score(state, a))
        ranked = self.ranked(state)
        best = ranked[0][1]
        return rng.choice([a for a, v in ranked if v >= best - 1e-12])

    def ranked(self, state: MNState) -> list[tuple[PlayCards, float]]:
        """Every play with its value, best first (ties: more icons first)."""
        table = _Table(state, state.current_player(), self.tries)
        plays = [a for a in state.legal_actions() if isinstance(a, PlayCards)]
        scored = [(a, table.value(a)) for a in plays]
        return sorted(scored, key=lambda av: (-av[1], -sum(c.rank for c in av[0].cards)))

    def explain(self, state: MNState, action: Any) -> str:
        """The move's exact numbers and the best alternative's, from this seat's view; each
        names the model it is exact under (:mod:`.hint_working`)."""
        return self._said(state, action).text

    def working(self, state: MNState, action: Any) -> tuple[Working, ...]:
        """One :class:`~nekolib.working.Working` per number :meth:`explain` states."""
        return self._said(state, action).workings

    def _said(self, state: MNState, action: Any) -> Said:
        """The hint and its workings, kept for the last (state, action) asked."""
        if self._last is not None and self._last[0] == (state, action):
            return self._last[1]
        if isinstance(action, TakeZabuton):
            said = take_said(state, action)
        elif not isinstance(action, PlayCards):
            said = pass_said(state)
        else:
            ranked = [a for a, _ in self.ranked(state)]
            said = play_said(state, action)
            others = [a for a in ranked if a != action]
            if not others:
                said += Said("; the only play")
            else:
                other = others[0]
                said += Said(f"; the best alternative ({other}): ")
                alt = play_said(state, other, short=True, prefix="(best alternative) ")
                said += Said(_same_model(said.text, alt.text), alt.workings)
        self._last = ((state, action), said)
        return said


def _same_model(before: str, text: str) -> str:
    """``(if <model>;`` already said earlier in the hint becomes ``(same model;``: the
    alternative's numbers rest on the model just named (its working repeats it)."""
    return re.sub(
        r"\(if ([^;]*);",
        lambda m: "(same model;" if m.group(0)[1:-1] in before else m.group(0),
        text,
    )


# --------------------------------------------------------------------------- exact numbers
def play_numbers(state: MNState, action: PlayCards, short: bool = False) -> str:
    """The exact numbers behind a play, as fractions from :mod:`.analysis`, each naming its
    model (:func:`.hint_working.play_said`, which also gives their workings).

    A finished row: the chance of beating each opponent whose row is still open, over
    every way to finish it with cards I have not seen (:func:`analysis.duel_odds`; the
    tie is mine, my third card comes first), or the showdown itself if everyone is done.
    An open row: the chance of making one pair / 3cats or better after drawing
    (:func:`analysis.reach_odds`: keep the other cards, draw, finish with the best).
    """
    return play_said(state, action, short).text


def _take_score(state: MNState, action: TakeZabuton) -> tuple[int, int]:
    """My exact score gain from the tile (its value is shown to me), then the other's lower."""
    me = state.current_player()
    slots = state.kotatsu[action.kotatsu].slots
    mine = collection_gain(state.collected[me], slots[action.slot], state.params)
    other = next(z for i, z in enumerate(slots) if i != action.slot and z is not None)
    return mine, -other.value
