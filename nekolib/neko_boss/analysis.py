"""Exact Neko Boss analysis: state keys, stack reachability and game solvers.

Everything works on the *state key* of ``docs/neko_boss_state_key.md``:
per intersection only (height, top owner) matters, plus the seat to move. A
position is packed into :class:`bytes` (one byte per intersection:
``height * 8 + top owner``, ``0`` for vacant), so sets of millions of positions
stay small and hashing is fast. The set of seats that are out is *not* needed
for the future of the game (Lemma 2 of the proof): a seat that is out has no
legal move and can never get one back, so "skip the seats without a legal
move" is the same rule.

* :class:`Engine` - the fast move generator on packed positions,
* :func:`reachable` - exhaustive reachability (positions, tallest stacks,
  where 4+ stacks can form),
* :func:`solve` - 2-player exact value: the compiled solver of
  :mod:`nekolib.neko_boss.solver` where numba is installed, else (and with
  ``engine="reference"``) alpha-beta with a transposition table and board-symmetry
  folding in pure Python; :func:`minimax_plain` is the independent check
  (plain minimax on the rules engine itself: no table, no pruning, no packing),
* :func:`paranoid` / :func:`maxn` - 3-4 player searches for small boards,
* :func:`tall_points` / :func:`tall_frequency` - where 4+ stacks can form (the heat map),
  :func:`symmetrise` averages a per-point map over the board's symmetries.
"""

from __future__ import annotations

import random
import time
import typing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from nekolib.argcheck import guard_module
from nekolib.core import TERMINAL, GameState, InvalidSetup, NekoError
from nekolib.neko_boss.boards import Board
from nekolib.neko_boss.rules import Move, NekoBossState, Params, random_layout

if typing.TYPE_CHECKING:  # numba is imported only when solving
    from nekolib.neko_boss.solver import Table

__all__ = [
    "Engine",
    "ReachReport",
    "SolveResult",
    "maxn",
    "maxn_plain",
    "minimax_plain",
    "pack",
    "paranoid",
    "paranoid_plain",
    "reachable",
    "reachable_plain",
    "solve",
    "symmetrise",
    "tall_frequency",
    "tall_points",
]

Packed = bytes
"""One byte per intersection: ``height * 8 + top owner``; ``0`` is a vacant intersection."""

Progress = Callable[[int, int, int], None]
"""``progress(done, total, nodes)``: root moves finished out of ``total``, positions visited."""

WIN, DRAW, LOSS = 1, 0, -1
_EXACT, _LOWER, _UPPER = 0, 1, 2
_PROGRESS_EVERY = 20_000


MAX_PACKED_HEIGHT = 31
"""The tallest stack one byte holds next to a 3-bit owner."""


def pack(state: NekoBossState) -> Packed:
    """The per-intersection part of the state key, packed (see module docstring).

    Raises :class:`InvalidSetup` for stacks taller than :data:`MAX_PACKED_HEIGHT`.
    """
    tallest = max((len(s) for s in state.stacks), default=0)
    if tallest > MAX_PACKED_HEIGHT:
        raise InvalidSetup(
            f"the exact analysis packs stacks of at most {MAX_PACKED_HEIGHT} pieces; "
            f"this position has one of {tallest}"
        )
    return bytes(len(s) * 8 + s[-1] if s else 0 for s in state.stacks)


# --------------------------------------------------------------------------- the engine
class Engine:
    """Move generation on packed positions for one :class:`~nekolib.neko_boss.rules.Params`."""

    def __init__(self, params: Params) -> None:
        board = params.board
        self.params = params
        self.n = params.num_players
        self.size = board.size
        self.score_height = params.score_height
        self.jumps_need_pieces = params.jumps_need_pieces
        self.max_distance = board.max_distance
        # reach[p][h]: (target, points in between) pairs exactly h steps from p
        self.reach = tuple(
            tuple(tuple((q, board.between[(p, q)]) for q in row) for row in board.reach[p])
            for p in board.points
        )
        self.symmetries = board.symmetries

    # -- moves ---------------------------------------------------------------------
    def iter_moves(self, cells: Packed, player: int) -> Iterator[tuple[int, int]]:
        """``(src, dst)`` of every legal move of ``player``, lazily (rules-engine order)."""
        reach, top = self.reach, self.max_distance
        for p, c in enumerate(cells):
            if c and (c & 7) == player:
                h = c >> 3
                if h > top:
                    continue
                for q, mid in reach[p][h]:
                    if cells[q] and (not self.jumps_need_pieces or all(cells[m] for m in mid)):
                        yield p, q

    def moves(self, cells: Packed, player: int) -> list[tuple[int, int]]:
        """``(src, dst)`` of every legal move of ``player`` (same order as the rules engine)."""
        return list(self.iter_moves(cells, player))

    def has_moves(self, cells: Packed, player: int) -> bool:
        return next(self.iter_moves(cells, player), None) is not None

    def play(self, cells: Packed, src: int, dst: int) -> Packed:
        """The stack on ``src`` lands on ``dst``: heights add, the mover's piece is on top."""
        new = bytearray(cells)
        c = cells[src]
        new[dst] = ((c >> 3) + (cells[dst] >> 3)) * 8 + (c & 7)
        new[src] = 0
        return bytes(new)

    def next_mover(self, cells: Packed, start: int) -> int:
        """First seat from ``start`` on with a legal move, or ``TERMINAL``."""
        n = self.n
        for k in range(n):
            seat = (start + k) % n
            if self.has_moves(cells, seat):
                return seat
        return TERMINAL

    def children(self, cells: Packed, mover: int) -> list[tuple[tuple[int, int], Packed, int]]:
        """``(move, child cells, child mover)`` for every legal move of ``mover``."""
        out = []
        for src, dst in self.moves(cells, mover):
            child = self.play(cells, src, dst)
            out.append(((src, dst), child, self.next_mover(child, (mover + 1) % self.n)))
        return out

    # -- scoring -------------------------------------------------------------------
    def scores(self, cells: Packed) -> list[tuple[int, int, int]]:
        """(4+ stacks, highest, stacks) per seat, as in :func:`rules.score_of`."""
        n4 = [0] * self.n
        high = [0] * self.n
        count = [0] * self.n
        for c in cells:
            if c:
                o, h = c & 7, c >> 3
                count[o] += 1
                if h > high[o]:
                    high[o] = h
                if h >= self.score_height:
                    n4[o] += 1
        return list(zip(n4, high, count, strict=True))

    def returns(self, cells: Packed) -> list[Fraction]:
        """Exact returns: 1 to the single best score, 1/k each to k tied best."""
        scores = self.scores(cells)
        best = max(scores)
        winners = [p for p, s in enumerate(scores) if s == best]
        return [Fraction(1, len(winners)) if p in winners else Fraction(0) for p in range(self.n)]

    def value2(self, cells: Packed) -> int:
        """2 players: +1 if seat 0 wins, 0 on a draw, -1 if seat 1 wins."""
        s0, s1 = self.scores(cells)
        return (s0 > s1) - (s0 < s1)

    # -- symmetry ------------------------------------------------------------------
    def canonical(self, cells: Packed) -> Packed:
        """The smallest image of ``cells`` under the board's symmetries."""
        return min(bytes(cells[i] for i in perm) for perm in self.symmetries)

    def images(self, cells: Packed) -> Iterator[Packed]:
        for perm in self.symmetries:
            yield bytes(cells[i] for i in perm)


def start_engine(state: NekoBossState) -> tuple[Engine, Packed, int]:
    if not isinstance(state, NekoBossState):
        raise InvalidSetup(f"the Neko Boss analysis needs a NekoBossState, not {state!r}")
    if state.phase == "placement":
        raise InvalidSetup("the analysis starts in phase 2 (every piece placed)")
    return Engine(state.params), pack(state), state.to_move


# --------------------------------------------------------------------------- reachability
@dataclass
class ReachReport:
    """What can happen from a position (every line of play, by every seat)."""

    positions: int
    """Distinct reachable state keys ((height, top) per point + seat to move), start included."""
    positions_with_out: int
    """Distinct keys when the set of seats that are out is part of the key (the issue's key)."""
    boards: int
    """Distinct (height, top) boards, whoever is to move."""
    symmetry_classes: int
    """Distinct positions up to board symmetry."""
    terminal: int
    """Distinct reachable final positions."""
    tallest: list[int]
    """The tallest stack each seat can ever control."""
    max_height: list[int]
    """Per intersection: the tallest stack that can ever stand there."""
    tall_owners: list[frozenset[int]]
    """Per intersection: seats that can control a stack of ``score_height`` or taller there."""
    by_stacks: dict[int, int] = field(default_factory=dict)
    """Number of reachable positions by number of stacks on the board."""
    seconds: float = 0.0
    keys: frozenset[tuple[Packed, int]] | None = None
    """The reachable (packed position, seat to move) keys themselves, with ``keep=True``."""

    @property
    def tall_points(self) -> list[int]:
        """Intersections that can ever hold a 4+ stack."""
        return [p for p, owners in enumerate(self.tall_owners) if owners]


def reachable(
    state: NekoBossState,
    *,
    progress: Callable[[int], None] | None = None,
    keep: bool = False,
) -> ReachReport:
    """Explore every position reachable from ``state`` (phase 2) by any sequence of moves.

    ``progress(positions_so_far)`` is called every 5 000 positions; ``keep=True`` also
    returns the set of reachable keys (``ReachReport.keys``).
    """
    t0 = time.perf_counter()
    engine, cells, mover = start_engine(state)
    n, size = engine.n, engine.size
    start_out = sum(1 << p for p, o in enumerate(state.out) if o)
    seen: set[tuple[Packed, int]] = {(cells, mover)}
    seen_out: set[tuple[Packed, int, int]] = {(cells, mover, start_out)}
    stack = [(cells, mover, start_out)]
    tallest, max_height = [0] * n, [0] * size
    tall: list[set[int]] = [set() for _ in range(size)]
    while stack:
        cells, mover, out = stack.pop()
        _record(engine, cells, tallest, max_height, tall)
        if mover == TERMINAL:
            continue
        for _move, child, child_mover in engine.children(cells, mover):
            child_out = out | _skipped(n, (mover + 1) % n, child_mover)
            if (child, child_mover, child_out) not in seen_out:
                seen_out.add((child, child_mover, child_out))
                seen.add((child, child_mover))
                stack.append((child, child_mover, child_out))
                if progress is not None and len(seen_out) % 5000 == 0:
                    progress(len(seen_out))
    boards = {c for c, _ in seen}
    by_stacks: dict[int, int] = {}
    for c, _ in seen:
        k = sum(1 for x in c if x)
        by_stacks[k] = by_stacks.get(k, 0) + 1
    classes = {(engine.canonical(c), m) for c, m in seen}
    return ReachReport(
        positions=len(seen),
        positions_with_out=len(seen_out),
        boards=len(boards),
        symmetry_classes=len(classes),
        terminal=sum(1 for _, m in seen if m == TERMINAL),
        tallest=tallest,
        max_height=max_height,
        tall_owners=[frozenset(s) for s in tall],
        by_stacks=dict(sorted(by_stacks.items())),
        seconds=time.perf_counter() - t0,
        keys=frozenset(seen) if keep else None,
    )


def _skipped(n: int, start: int, mover: int) -> int:
    """Bit mask of the seats passed over between ``start`` and ``mover`` (all, if terminal)."""
    mask = 0
    for k in range(n):
        seat = (start + k) % n
        if seat == mover:
            break
        mask |= 1 << seat
    return mask


def _record(engine: Engine, cells: Packed, tallest, max_height, tall) -> None:
    for p, c in enumerate(cells):
        if c:
            h, o = c >> 3, c & 7
            if h > tallest[o]:
                tallest[o] = h
            if h > max_height[p]:
                max_height[p] = h
            if h >= engine.score_height:
                tall[p].add(o)


def reachable_plain(state: NekoBossState) -> set:
    """The independent check: reachable ``state.key()`` values through the rules engine API."""
    seen = {state.key()}
    todo = [state]
    while todo:
        s = todo.pop()
        for a in s.legal_actions():
            child = s.apply(a)
            k = child.key()
            if k not in seen:
                seen.add(k)
                todo.append(child)
    return seen


# --------------------------------------------------------------------------- 2-player solver
@dataclass
class SolveResult:
    """Exact value of a 2-player position under best play."""

    value: int
    """+1: seat 0 wins, 0: draw, -1: seat 1 wins (both playing perfectly)."""
    best_move: Move | None
    """A move for the seat to move that achieves ``value`` (``None`` at the end)."""
    nodes: int
    """Positions visited (calls of the search)."""
    table_size: int
    """Positions in the transposition table (fast solver: entries stored, at most its size)."""
    seconds: float
    engine: str = "reference"
    """Which solver answered: ``"fast"`` (compiled) or ``"reference"`` (pure Python)."""

    @property
    def winner(self) -> str:
        return {WIN: "seat 0 wins", DRAW: "draw", LOSS: "seat 1 wins"}[self.value]


class _AlphaBeta:
    """Alpha-beta on W/D/L values with a transposition table keyed by canonical position."""

    def __init__(self, engine: Engine, symmetry: bool, progress: Progress | None) -> None:
        self.engine = engine
        self.symmetry = symmetry and len(engine.symmetries) > 1
        self.progress = progress
        self.table: dict[tuple[Packed, int], tuple[int, int]] = {}
        self.nodes = 0
        self.done = 0
        self.total = 0

    def key(self, cells: Packed, mover: int) -> tuple[Packed, int]:
        return (self.engine.canonical(cells) if self.symmetry else cells), mover

    def search(self, cells: Packed, mover: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.progress is not None and self.nodes % _PROGRESS_EVERY == 0:
            self.progress(self.done, self.total, self.nodes)
        if mover == TERMINAL:
            return self.engine.value2(cells)
        key = self.key(cells, mover)
        hit = self.table.get(key)
        if hit is not None:  # a stored exact value, or a bound that cuts or narrows the window
            value, flag = hit
            if flag == _EXACT:
                return value
            if flag == _LOWER:
                if value >= beta:
                    return value
                alpha = max(alpha, value)
            elif value <= alpha:
                return value
            else:
                beta = min(beta, value)
        a0, b0 = alpha, beta
        best = self._best(cells, mover, alpha, beta)
        flag = _UPPER if best <= a0 else _LOWER if best >= b0 else _EXACT
        self.table[key] = (best, flag)
        return best

    def _best(self, cells: Packed, mover: int, alpha: int, beta: int) -> int:
        maximize = mover == 0
        best = LOSS - 1 if maximize else WIN + 1
        for _move, child, child_mover in self.ordered(cells, mover):
            v = self.search(child, child_mover, alpha, beta)
            if maximize:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def ordered(self, cells: Packed, mover: int):
        """Children, most promising first: captures (covering another seat's stack) first,
        then the tallest resulting stack (3x fewer positions than no ordering on 12 stacks)."""
        kids = self.engine.children(cells, mover)
        kids.sort(key=lambda k: ((cells[k[0][1]] & 7) == mover, -(k[1][k[0][1]] >> 3)))
        return kids

    def root(self, cells: Packed, mover: int) -> tuple[int, tuple[int, int] | None]:
        if mover == TERMINAL:
            return self.engine.value2(cells), None
        self.nodes += 1
        kids = self.ordered(cells, mover)
        self.total = len(kids)
        maximize = mover == 0
        best, best_move = None, None
        alpha, beta = LOSS, WIN
        for move, child, child_mover in kids:
            v = self.search(child, child_mover, alpha, beta)
            self.done += 1
            if self.progress is not None:
                self.progress(self.done, self.total, self.nodes)
            if best is None or (v > best if maximize else v < best):
                best, best_move = v, move
            if maximize:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        return typing.cast(int, best), best_move  # a position not over has a move


ENGINES = ("auto", "fast", "reference")
REFERENCE_MAX_STACKS = 18
"""``solve(engine="auto")`` hands the pure-Python reference at most this many stacks when the
fast solver cannot run (numba missing or a board it does not take): 18 single pieces take the
reference 0.5-17 s, 20 about 30 s, 22 about 200 s and 1.75 GB."""


def solve(
    state: NekoBossState,
    *,
    symmetry: bool = True,
    progress: Progress | None = None,
    engine: str = "auto",
    node_limit: int | None = None,
    table: Table | None = None,
) -> SolveResult:
    """Exact value (best play by both) of a 2-player phase-2 position, and a best move.

    ``engine="fast"`` is the compiled solver of :mod:`nekolib.neko_boss.solver` (needs numba:
    ``pip install 'nekolib[solver]'``; every 2-player position on boards of at most 30
    intersections, the full default board in seconds). ``engine="reference"`` is the
    pure-Python alpha-beta below over win/draw/loss with a transposition table keyed by the
    canonical (symmetry-folded) state key; it checks the fast one. ``"auto"`` (default) takes
    the fast solver where it applies, else the reference up to :data:`REFERENCE_MAX_STACKS`
    stacks, and raises :class:`~nekolib.core.NekoError` saying why for bigger positions.
    ``progress(done, total, nodes)`` is called after each root move and while searching.
    ``node_limit`` (fast solver only): positions a search thread may visit before it gives
    up with :class:`~nekolib.neko_boss.solver.SearchStopped`. ``table`` (fast solver only): a
    :class:`~nekolib.neko_boss.solver.Table` shared with earlier solves of the same rules.
    """
    if isinstance(state, NekoBossState) and state.num_players != 2:
        raise InvalidSetup("solve() is for 2 players; use paranoid() or maxn() for 3-4")
    if engine not in ENGINES:
        raise InvalidSetup(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    if engine != "reference":
        fast = _fast_solver(state, engine)
        if fast is not None:
            got = fast.solve_fast(
                state, symmetry=symmetry, progress=progress, node_limit=node_limit, table=table
            )
            return SolveResult(
                got.value, got.best_move, got.nodes, got.table_size, got.seconds, "fast"
            )
    return _solve_reference(state, symmetry, progress)


def _fast_solver(state: NekoBossState, engine: str):
    """The fast solver module if it should solve ``state``; ``None`` for the reference;
    :class:`NekoError` when neither can (or ``engine="fast"`` was asked and cannot)."""
    from nekolib.neko_boss import solver  # numba is imported only when solving

    why = solver.applies(state) if solver.available() else solver.MISSING
    if why is None:
        return solver
    if engine == "fast":
        raise NekoError(f"engine='fast' cannot solve this position: {why}")
    if isinstance(state, NekoBossState) and state.phase != "placement":
        stacks = sum(1 for s in state.stacks if s)
        if stacks > REFERENCE_MAX_STACKS:
            raise NekoError(
                f"{stacks} stacks is too big for the pure-Python reference solver (at most "
                f"{REFERENCE_MAX_STACKS} in reasonable time) and the fast solver cannot run: "
                f"{why}. Use solve(state, engine='reference') to wait anyway."
            )
    return None


def _solve_reference(
    state: NekoBossState, symmetry: bool, progress: Progress | None
) -> SolveResult:
    """The pure-Python alpha-beta (the reference the fast solver is checked against)."""
    t0 = time.perf_counter()
    engine, cells, mover = start_engine(state)
    search = _AlphaBeta(engine, symmetry, progress)
    value, move = search.root(cells, mover)
    return SolveResult(
        value=value,
        best_move=None if move is None else Move(*move),
        nodes=search.nodes,
        table_size=len(search.table),
        seconds=time.perf_counter() - t0,
    )


@dataclass
class PlainResult:
    value: int
    nodes: int
    seconds: float


def minimax_plain(state: GameState) -> PlainResult:
    """Plain minimax through the rules engine API: the independent check of :func:`solve`.

    No transposition table, no pruning, no symmetry, no packed positions: every
    line of play is walked with ``legal_actions``/``apply``/``returns``.
    """
    t0 = time.perf_counter()
    counter = [0]

    def value(s: GameState) -> int:
        counter[0] += 1
        if s.is_terminal():
            r = s.returns()
            return (r[0] > r[1]) - (r[0] < r[1])
        vals = [value(s.apply(a)) for a in s.legal_actions()]
        return max(vals) if s.current_player() == 0 else min(vals)

    v = value(state)
    return PlainResult(v, counter[0], time.perf_counter() - t0)


# --------------------------------------------------------------------------- 3-4 players
def paranoid(state: NekoBossState, player: int, *, symmetry: bool = True) -> Fraction:
    """Paranoid value: ``player``'s return when every other seat plays against them.

    Exact (Fraction) minimax where ``player`` maximises and the coalition of all
    others minimises ``player``'s return; memoised on the (folded) state key.
    """
    engine, cells, mover = start_engine(state)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < engine.n:
        raise InvalidSetup(
            f"paranoid() needs the seat to evaluate: players are 0..{engine.n - 1}, not {player!r}"
        )
    memo: dict[tuple[Packed, int], Fraction] = {}
    fold = symmetry and len(engine.symmetries) > 1

    def value(cells: Packed, mover: int) -> Fraction:
        if mover == TERMINAL:
            return engine.returns(cells)[player]
        key = (engine.canonical(cells) if fold else cells, mover)
        if key in memo:
            return memo[key]
        vals = [value(c, m) for _mv, c, m in engine.children(cells, mover)]
        result = max(vals) if mover == player else min(vals)
        memo[key] = result
        return result

    return value(cells, mover)


def paranoid_plain(state: GameState, player: int) -> Fraction:
    """Paranoid value by plain recursion over the rules engine (independent check)."""
    if state.is_terminal():
        return Fraction(state.returns()[player]).limit_denominator(12)
    vals = [paranoid_plain(state.apply(a), player) for a in state.legal_actions()]
    return max(vals) if state.current_player() == player else min(vals)


def maxn(state: NekoBossState) -> tuple[Fraction, ...]:
    """Max-n value: every seat maximises its own return (ties: the first such move).

    Memoised on the state key (no symmetry folding: the tie-break follows move order).
    """
    engine, cells, mover = start_engine(state)
    memo: dict[tuple[Packed, int], tuple[Fraction, ...]] = {}

    def value(cells: Packed, mover: int) -> tuple[Fraction, ...]:
        if mover == TERMINAL:
            return tuple(engine.returns(cells))
        key = (cells, mover)
        if key not in memo:
            best = None
            for _mv, c, m in engine.children(cells, mover):
                v = value(c, m)
                if best is None or v[mover] > best[mover]:
                    best = v
            memo[key] = best  # type: ignore[assignment]  # not over: a move exists
        return memo[key]

    return value(cells, mover)


def maxn_plain(state: GameState) -> tuple[Fraction, ...]:
    """Max-n by plain recursion over the rules engine (independent check of :func:`maxn`)."""
    if state.is_terminal():
        return tuple(Fraction(r).limit_denominator(12) for r in state.returns())
    best = None
    for a in state.legal_actions():
        v = maxn_plain(state.apply(a))
        if best is None or v[state.current_player()] > best[state.current_player()]:
            best = v
    return best  # type: ignore[return-value]  # not over: a move exists


# --------------------------------------------------------------------------- heat-maps
def tall_points(state: NekoBossState) -> frozenset[int]:
    """Intersections where some line of play from ``state`` builds a stack at least
    ``score_height`` tall.

    The same set as ``reachable(state).tall_points`` (checked in the tests), found with
    less book-keeping: a stack only grows on the point a move lands on, so only that
    point is checked; the seats that are out are not tracked (they follow from the
    cells, Lemma 2 of docs/neko_boss_state_key.md); and a position is stored with the
    seat whose turn it would be, the seat that actually moves (skipping seats without a
    move) being found once when it is taken from the to-do list, not once per edge.
    """
    engine, cells, mover = start_engine(state)
    tall, n = engine.score_height, engine.n
    play, moves, next_mover = engine.play, engine.moves, engine.next_mover
    found = {p for p, c in enumerate(cells) if c >> 3 >= tall}
    seen = {(cells, mover)}
    todo = [(cells, mover)]
    while todo:
        cells, turn = todo.pop()
        mover = next_mover(cells, turn)
        if mover == TERMINAL:
            continue
        turn_after = (mover + 1) % n
        for src, dst in moves(cells, mover):
            child = play(cells, src, dst)
            if child[dst] >> 3 >= tall:
                found.add(dst)
            if (child, turn_after) not in seen:
                seen.add((child, turn_after))
                todo.append((child, turn_after))
    return frozenset(found)


def symmetrise(values: Sequence[Fraction], board: Board) -> list[Fraction]:
    """``values`` averaged over the board's symmetry group: ``out[p]`` is the mean of
    ``values[g(p)]`` over every symmetry ``g`` (exact; invariant under every symmetry).

    A uniformly random placement is as likely as each of its images, so the expected
    share at ``p`` equals that at ``g(p)``; averaging keeps the estimate unbiased and
    removes the part of the sampling noise that breaks the symmetry.
    """
    group = board.symmetries
    return [sum((values[g[p]] for g in group), Fraction(0)) / len(group) for p in board.points]


def tall_frequency(
    params: Params,
    samples: int = 20,
    seed: int = 0,
    *,
    symmetric: bool = True,
    progress: Callable[[int], None] | None = None,
) -> list[Fraction]:
    """Per intersection: the share of ``samples`` seeded random placements (phase 2 start)
    from which *some* line of play builds a ``score_height`` or taller stack there.

    Exact over the sample (each placement is explored exhaustively with :func:`tall_points`);
    the placements are ``random_layout(params, Random(f"{seed}/{i}"))``. With
    ``symmetric=True`` the shares are averaged over the board's symmetries
    (:func:`symmetrise`), i.e. each placement counts together with all its images.
    """
    counts = [0] * params.board.size
    for i in range(samples):
        for p in tall_points(random_layout(params, random.Random(f"{seed}/{i}"))):
            counts[p] += 1
        if progress is not None:
            progress(i + 1)
    shares = [Fraction(c, samples) for c in counts]
    return symmetrise(shares, params.board) if symmetric else shares


guard_module(globals())  # raw errors from junk arguments become AnalysisError
