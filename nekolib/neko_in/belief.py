"""A Neko-in player's belief over the hidden deal, read from the moves so far (issue 28).

"Each player takes their tiles without showing them to anyone": from one player's seat, the
tiles the other players hold are hidden; only how many each holds is seen. The hint's odds
need who holds which of them. This module computes, exactly, the posterior over that deal:

* **Prior**: the tiles you cannot see were dealt at random (every deal giving each player
  their number of tiles is equally likely).
* **What the board and the moves so far show for sure** (likelihood 0 or 1): every time a
  player's cat rested on an uncovered hideout, that player did not hold its tile ("Bring your
  own cat to the hideouts ... that match the coloured icons on your hideout tiles": it would
  have got rid of it on arriving; :func:`resting_tile`, read on
  every position of the history). A hand only ever shrinks, and a tile got rid of is seen by
  all (it covers its hideout, or goes to the box face up), so what a player lacked then they
  lack now, and what they held then is their hand now plus the tiles they got rid of since.
* **The greedy model of each hideout an opponent chose** (:data:`HIDE_LIKELIHOOD`):

  - an owner placing a visitor (or a spare cat) takes a free hideout whose tile it holds,
    each equally likely, when it holds one, else any free hideout, each equally likely:
    likelihood ``1/|held free|`` if the chosen hideout is held, 0 if not while another one
    is, ``1/|free|`` if none is held (``hint_odds.GREEDY_MODEL``);
  - a player placing their own cat takes the first free hideout whose tile they hold, else
    any, at random: likelihood 1 if the chosen hideout is the first held one, 0 if another
    one is first, ``1/|free|`` if none is held (``hint_odds.SELF_MODEL``).

  "Free" is what the rules let them choose then (the legal hideouts of that decision).
* **Read as telling nothing**: which room a player moved to, which tile they discarded after
  a catch, which event tile they used (as if chosen at random among what the rules allow: the
  number of choices is the same whatever they hold, except the discard, where it is their
  number of tiles, which is public). Dice and the table are chance: the same in every deal.
  At a table whose other seats are known greedy players, :mod:`nekolib.neko_in.seated` reads
  every move by the greedy player's own rule instead (issue 42).

The likelihood is a product over the other players of a function of that player's own hand,
``L_p(H_p)``, and each ``L_p`` is a product over rooms of a function of the tiles of that
room ``H_p`` holds (every hideout chosen lies in one room). So the posterior
``prior x prod_p L_p(H_p)`` is summed exactly room by room: for each room, every way its
relevant unseen tiles (those some observation or question reads) can be split among the other
players, weighted by the likelihood factors; a dynamic programme over rooms keeps, for each
vector of how many relevant tiles each player got so far, the summed weight; the tiles no
observation reads are then dealt in ``multinomial`` ways. Integers throughout (every
likelihood factor scaled by 60, which every ``1/k`` with ``k <= 5`` divides), one
:class:`~fractions.Fraction` per answer. When the programme would be too large
(:data:`MAX_WORK` steps), or the moves so far have probability 0 under the model, the belief
falls back to the certain facts of the history alone (:data:`FACTS_MODEL`: every cat that
rested on an uncovered hideout, at any position of the match; no choice read), and says so
(:attr:`Belief.model`). Without a history (``history=None``, or an empty one for a position
that is not the start of a game) it reads the board alone (:data:`BOARD_MODEL`) and never
claims to have read the moves.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import factorial
from typing import Any

from nekolib.core import NekoError, describe
from nekolib.neko_in.rules import GARDEN, IN_ROOM, N_ICONS, Hide, NekoState

__all__ = [
    "BOARD_MODEL",
    "FACTS_MODEL",
    "HIDE_LIKELIHOOD",
    "HISTORY_MODEL",
    "MAX_WORK",
    "NO_FIT",
    "NO_MOVES",
    "TOO_MANY",
    "Belief",
    "Sighting",
    "belief",
    "board_lacks",
    "history_pairs",
    "resting_tile",
]

BOARD_MODEL = (
    "the tiles you cannot see dealt at random among the deals the board allows (no player "
    "holds the tile of the uncovered hideout its cat rests on); nothing inferred from past moves"
)
HISTORY_MODEL = (
    "the tiles you cannot see dealt at random, each deal weighed by how likely it makes the "
    "moves so far: every hideout another player chose (greedy model) and every cat left on an "
    "uncovered hideout (its player lacked that tile); rooms moved to and tiles discarded read "
    "as telling nothing"
)
FACTS_MODEL = (
    "the tiles you cannot see dealt at random among the deals the moves so far allow for sure "
    "(every cat that rested on an uncovered hideout, then or since: its player lacked that "
    "tile); no choice read"
)
HIDE_LIKELIHOOD = (
    "an owner placing a visitor: 1/(free hideouts it holds) if it holds the chosen one, 0 if "
    "it holds another, 1/(free hideouts) if it holds none; a player placing their own cat: 1 "
    "if the chosen one is the first free hideout they hold, 0 if another is, 1/(free "
    "hideouts) if they hold none"
)
TOO_MANY = "too many moves to weigh exactly"
NO_FIT = "the moves so far do not fit the greedy model"
NO_MOVES = "the moves so far were not given"
MAX_WORK = 4_000_000
"""Steps of the room-by-room programme (:meth:`Belief.cost`) beyond which the belief reads
the board alone. In seeded 6-player games (``bench/bench_neko_in_belief.py``) the largest
was about 600 000, a hint of 0.16 s; 4 000 000 keeps a hint near a second."""
SCALE = 60
"""Every likelihood factor times 60 is an integer (free hideouts per room: at most 5)."""


@dataclass(frozen=True)
class Sighting:
    """One hideout another player chose, as everyone saw it."""

    seat: int
    own: bool
    """Their own cat (:data:`SELF_MODEL`), else a visitor or a spare cat (greedy owner)."""
    spaces: tuple[int, ...]
    """The hideouts the rules let them choose (in the order "first" reads)."""
    chosen: int
    known: frozenset[int]
    """Of ``spaces``, the tiles they are known to have held then (got rid of since)."""

    def factor(self, held_unseen: frozenset[int]) -> int:
        """``SCALE`` x P(this choice | they hold ``held_unseen`` of the unseen ``spaces``)."""
        held = [s for s in self.spaces if s in held_unseen or s in self.known]
        if not held:
            return SCALE // len(self.spaces)
        if self.own:
            return SCALE if held[0] == self.chosen else 0
        return SCALE // len(held) if self.chosen in held else 0


@dataclass
class Belief:
    """P(who holds which unseen tile) from ``me``'s view (module docstring), exact."""

    state: NekoState
    me: int
    unseen: frozenset[int]
    lacks: dict[int, frozenset[int]]
    """Unseen tiles each other player is known not to hold."""
    sightings: dict[int, tuple[Sighting, ...]] = field(default_factory=dict)
    model: str = BOARD_MODEL
    read: bool = False
    """True when the moves so far were read (the model is :data:`HISTORY_MODEL`)."""
    facts: bool = False
    """True when only the certain facts of the moves so far were read (:data:`FACTS_MODEL`)."""
    why_not: str = ""
    """When a history was given but not read: why (too large, or it does not fit)."""
    seated = False
    """True for :class:`nekolib.neko_in.seated.SeatedBelief` (every move read by its rule)."""

    def summary(self) -> str:
        """What was read, in a few words: 'read from 7 hideouts other players chose and 3
        tiles their cats showed they lacked'."""
        chosen = sum(len(v) for v in self.sightings.values())
        lacked = sum(len(v) for v in self.lacks.values())
        what = f"{lacked} tile{'' if lacked == 1 else 's'} their cats showed they lacked"
        if self.facts:
            return f"the moves so far show {what}"
        if not self.read:
            return f"the board shows {what}"
        return (
            f"read from {chosen} hideout{'' if chosen == 1 else 's'} other players chose and {what}"
        )

    @property
    def others(self) -> list[int]:
        return [p for p in range(self.state.num_players) if p != self.me]

    def law(self, other: int, candidates: Iterable[int]) -> list[tuple[frozenset[int], Fraction]]:
        """P(``other`` holds exactly ``S`` of ``candidates``), every ``S`` with P > 0."""
        cand = frozenset(t for t in candidates if t in self.unseen)
        key = ("_law", other, cand)
        if key not in self.__dict__:
            counts = self._counts(other, cand)
            whole = sum(counts.values())
            if not whole:
                raise ValueError("no deal of the unseen tiles fits the moves so far")
            self.__dict__[key] = [
                (s, Fraction(k, whole)) for s, k in sorted(counts.items(), key=_key) if k
            ]
        return self.__dict__[key]

    def cost(self, rooms: Iterable[int] = ()) -> int:
        """Steps of the programme for a question on ``rooms`` (compare :data:`MAX_WORK`):
        the sizes of the tables it combines, computed without combining them."""
        last = frozenset(rooms)
        work, states = 0, 1
        for room, block in sorted(self._blocks().items()):
            if room not in last:
                width = len(self._table(block))
                work += states * width
                states = min(states * width, self._capacity())
        tail = tuple(t for r in sorted(last) for t in self._blocks().get(r, ()))
        return work + states * len(self._table(tail))

    # ------------------------------------------------------------------ the programme
    # A vector of how many relevant tiles each other player got is one integer, a base-32
    # digit per player; adding two vectors is adding the integers, and "no player got more
    # than their number of tiles" is one subtraction from the sizes with a guard bit a digit.
    def _code(self, counts: Sequence[int]) -> int:
        return sum(c << (5 * i) for i, c in enumerate(counts))

    def _sizes(self) -> tuple[int, ...]:
        return tuple(len(self.state.hands[p]) for p in self.others)

    def _capacity(self) -> int:
        out = 1
        for k in self._sizes():
            out *= k + 1
        return out

    def _fits_code(self) -> tuple[int, int]:
        """(sizes with guard bits, guard bits): ``((limit - e) & guard) == guard`` iff e fits."""
        guard = sum(16 << (5 * i) for i in range(len(self.others)))
        return self._code(self._sizes()) | guard, guard

    def _blocks(self) -> dict[int, tuple[int, ...]]:
        """The unseen tiles some observation reads, by room."""
        if "_by_room" not in self.__dict__:
            tiles: set[int] = set()
            for p in self.others:
                tiles |= self.lacks.get(p, frozenset())
                for s in self.sightings.get(p, ()):
                    tiles |= {t for t in s.spaces if t in self.unseen}
            rooms: dict[int, list[int]] = {}
            for t in sorted(tiles & self.unseen):
                rooms.setdefault(t // N_ICONS, []).append(t)
            self.__dict__["_by_room"] = {r: tuple(ts) for r, ts in rooms.items()}
        return self.__dict__["_by_room"]

    def _factors(self, tiles: tuple[int, ...]) -> list[list[int]]:
        """For each other player, the scaled likelihood of each subset (bit mask) of ``tiles``
        they may hold: the product over the observations on those tiles' rooms."""
        rooms = {t // N_ICONS for t in tiles}
        out = []
        for p in self.others:
            lacks = self.lacks.get(p, frozenset())
            seen = [s for s in self.sightings.get(p, ()) if s.spaces[0] // N_ICONS in rooms]
            row = []
            for mask in range(1 << len(tiles)):
                held = frozenset(t for i, t in enumerate(tiles) if mask >> i & 1)
                w = 0 if held & lacks else 1
                for s in seen:
                    if not w:
                        break
                    w *= s.factor(held)
                row.append(w)
            out.append(row)
        return out

    def _splits(self, tiles: tuple[int, ...]) -> list[tuple[tuple[int, ...], int, int]]:
        """Every split of ``tiles`` among the others: (masks, counts code, weight), weight > 0."""
        key = ("_splits", tiles)
        if key not in self.__dict__:
            factors = self._factors(tiles)
            m, b = len(factors), len(tiles)
            limit, guard = self._fits_code()
            out = []
            for owners in itertools.product(range(m), repeat=b):
                masks = [0] * m
                for i, o in enumerate(owners):
                    masks[o] |= 1 << i
                code = sum(1 << (5 * o) for o in owners)
                if (limit - code) & guard != guard:
                    continue
                w = 1
                for f, x in zip(factors, masks, strict=True):
                    w *= f[x]
                    if not w:
                        break
                if w:
                    out.append((tuple(masks), code, w))
            self.__dict__[key] = out
        return self.__dict__[key]

    def _table(self, tiles: tuple[int, ...]) -> dict[int, int]:
        key = ("_table", tiles)
        if key not in self.__dict__:
            table: dict[int, int] = {}
            for _, code, w in self._splits(tiles):
                table[code] = table.get(code, 0) + w
            self.__dict__[key] = table
        return self.__dict__[key]

    def _rest(self, last: frozenset[int]) -> dict[int, int]:
        """The programme over every room but ``last``: counts code -> summed weight."""
        key = ("_rest", last)
        if key not in self.__dict__:
            limit, guard = self._fits_code()
            dp: dict[int, int] = {0: 1}
            for room, block in sorted(self._blocks().items()):
                if room in last:
                    continue
                nxt: dict[int, int] = {}
                get = nxt.get
                for d, v in self._table(block).items():
                    for c, w in dp.items():
                        e = c + d
                        if (limit - e) & guard == guard:
                            nxt[e] = get(e, 0) + w * v
                dp = nxt
            self.__dict__[key] = dp
        return self.__dict__[key]

    def _neutral(self, code: int) -> int:
        """The deals of the tiles no observation reads, the relevant ones split as ``code``:
        ``prod_p k_p! / (k_p - e_p)!`` (times a constant), 0 if a player got too many."""
        table = self.__dict__.setdefault("_neutral_memo", {})
        if code not in table:
            w = 1
            for i, k in enumerate(self._sizes()):
                e = code >> (5 * i) & 31
                w *= factorial(k) // factorial(k - e) if e <= k else 0
            table[code] = w
        return table[code]

    def _counts(self, other: int, candidates: frozenset[int]) -> dict[frozenset[int], int]:
        last = frozenset(t // N_ICONS for t in candidates)
        blocks = self._blocks()
        tiles = tuple(sorted(set(candidates).union(*(blocks.get(r, ()) for r in last))))
        dp = self._rest(last)
        fills = self.__dict__.setdefault(("_fill", last), {})
        limit, guard = self._fits_code()
        at = self.others.index(other)
        out: dict[frozenset[int], int] = {}
        for masks, d, w in self._splits(tiles):
            if d not in fills:
                total = 0
                for c, v in dp.items():
                    e = c + d
                    if (limit - e) & guard == guard:
                        total += v * self._neutral(e)
                fills[d] = total
            held = frozenset(t for i, t in enumerate(tiles) if masks[at] >> i & 1)
            key = held & candidates
            out[key] = out.get(key, 0) + w * fills[d]
        return out


def _key(item: tuple[frozenset[int], int]) -> tuple[int, tuple[int, ...]]:
    return len(item[0]), tuple(sorted(item[0]))


# --------------------------------------------------------------------------- building it
def resting_tile(state: NekoState, seat: int) -> int | None:
    """The uncovered hideout ``seat``'s cat rests on: a tile the board shows ``seat`` lacks.

    "Bring your own cat to the hideouts ... that match the coloured icons on your hideout
    tiles": a cat placed on a hideout whose tile its player holds gets rid of it at once, so
    a cat resting on an uncovered hideout tells everyone its player does not hold that tile.
    Not so with ``swap_discards=False`` (an Affinity swap may leave a cat on its own tile) or
    while a Crunchies roll for that cat is pending.
    """
    colour = state.colours[seat]
    pos = state.cats[colour]
    if not 0 <= pos < IN_ROOM or pos in state.covered or not state.params.swap_discards:
        return None
    if state.phase == "crunchies" and state.cat == colour:
        return None
    return pos


def _unseen(state: NekoState, me: int) -> frozenset[int]:
    return frozenset(t for p, h in enumerate(state.hands) if p != me for t in h)


def board_lacks(states: Iterable[NekoState], me: int, unseen: frozenset[int]) -> dict:
    """The certain facts of ``states``: for each other player, the ``unseen`` tiles they lack
    (their cat rested on that uncovered hideout, :func:`resting_tile`)."""
    lacks: dict[int, set[int]] = {}
    for s in states:
        for p in range(s.num_players):
            if p != me and (t := resting_tile(s, p)) is not None and t in unseen:
                lacks.setdefault(p, set()).add(t)
    return {p: frozenset(ts) for p, ts in lacks.items()}


def belief(
    state: NekoState, me: int, history: Sequence[tuple[NekoState, Any]] | None = None
) -> Belief:
    """``me``'s belief over the unseen deal; with ``history`` (the ``(state, action)`` pairs
    of the match so far, the last one leading to ``state``), read from the moves so far.

    ``history`` may also be a :class:`~nekolib.core.Match` (its states and actions)."""
    unseen = _unseen(state, me)
    board = Belief(state, me, unseen, board_lacks([state], me, unseen))
    if history is None:
        return board
    pairs = history_pairs(history, state)
    if not pairs:
        if not _at_start(state):  # mid-game with no moves given: nothing was read
            return _not_read(board, NO_MOVES)
        board.read, board.model = True, HISTORY_MODEL  # no move yet: the board is all there is
        return board
    states = [s for s, _ in pairs] + [state]
    lacks = board_lacks(states, me, unseen)
    sightings = _sightings(pairs, states, me)
    read = Belief(state, me, unseen, lacks, sightings, HISTORY_MODEL, True)
    rooms = state.rooms_in_play
    if max(read.cost([r]) for r in rooms) > MAX_WORK:
        return _facts(board, lacks, TOO_MANY)
    if not _fits(read):
        return _facts(board, lacks, NO_FIT)
    return read


def _at_start(state: NekoState) -> bool:
    """The first decision of a game: no move made yet, so an empty history is the whole one."""
    return (
        state.turn_index == 0
        and state.phase == "move"
        and not state.covered
        and not state.box
        and all(c == GARDEN for c in state.cats)
    )


def _facts(board: Belief, lacks: dict[int, frozenset[int]], why: str) -> Belief:
    """The fallback: the certain facts of the whole history (no model of choices), said."""
    facts = Belief(board.state, board.me, board.unseen, lacks, {}, f"{FACTS_MODEL} ({why})")
    facts.facts, facts.why_not = True, why  # small: a room's facts split in at most 5^5 ways
    return facts


def _not_read(board: Belief, why: str) -> Belief:
    board.why_not = why
    board.model = f"{BOARD_MODEL} ({why})"
    return board


def _fits(b: Belief) -> bool:
    try:
        b.law(b.others[0], frozenset())
    except ValueError:
        return False
    return True


def history_pairs(history: Any, state: NekoState) -> list[tuple[NekoState, Any]]:
    """The ``(state, action)`` pairs of ``history`` (a :class:`~nekolib.core.Match` or its
    pairs), checked to lead to ``state``; a :class:`~nekolib.core.NekoError` says otherwise."""
    if hasattr(history, "states") and hasattr(history, "actions"):
        pairs = list(zip(history.states, history.actions, strict=False))
    else:
        try:
            pairs = [(s, a) for s, a in history]
        except (TypeError, ValueError):
            pairs = None
        if pairs is None or not all(isinstance(s, NekoState) for s, _ in pairs):
            raise NekoError(
                "history must be the match so far: a Match, or its (state, action) pairs "
                f"leading to this position; got {describe(history)}"
            )
    if pairs:
        last, action = pairs[-1]
        after = last.apply(action)
        if after.hands != state.hands or after.cats != state.cats or after.phase != state.phase:
            raise NekoError(
                "the history given does not lead to this position (its last "
                "action gives another one): pass the match this position is from"
            )
    return pairs


def _sightings(
    pairs: list[tuple[NekoState, Any]], states: list[NekoState], me: int
) -> dict[int, tuple[Sighting, ...]]:
    """Every hideout another player chose, with what they are known to have held then."""
    n = states[-1].num_players
    gone: list[list[frozenset[int]]] = [[frozenset()] * n for _ in states]  # got rid of since
    for i in range(len(pairs) - 1, -1, -1):
        before, after = states[i], states[i + 1]
        for p in range(n):
            lost = frozenset(before.hands[p]) - frozenset(after.hands[p])  # seen by all
            gone[i][p] = gone[i + 1][p] | lost
    out: dict[int, list[Sighting]] = {}
    for i, (s, action) in enumerate(pairs):
        if s.phase != "hide" or not isinstance(action, Hide):
            continue
        p = s.current_player()
        if p == me or not 0 <= p < n:
            continue
        spaces = tuple(a.space for a in s.legal_actions())
        own = s.cat == s.colours[p]
        known = frozenset(t for t in spaces if t in gone[i][p])
        out.setdefault(p, []).append(Sighting(p, own, spaces, action.space, known))
    return {p: tuple(v) for p, v in out.items()}
