"""The fast exact 2-player Neko Boss solver: a compiled (numba) alpha-beta kernel.

Same game, same answer as the pure-Python reference :func:`analysis.solve` (which stays the
reference); this module only makes the search fast enough for the full default board
(24 stacks). numba is optional (``pip install nekolib[solver]``): without it
:func:`available` is false and :func:`analysis.solve` uses the reference.

What the kernel does, on the state key of ``docs/neko_boss_state_key.md`` (height and top
owner per intersection, seat to move; Lemma 2: the out-set is not needed):

* **Make/unmake on two small arrays** (heights, top owners): "They must move as same number
  of stack pieces straightly on the path ... They can't move to vacant space." A move adds
  the source height onto the target and gives the target to the mover; undoing it restores
  two cells. Every move removes a stack, so the game tree is a DAG of depth < stacks.
* **Bit masks** of the occupied and of seat 1's intersections, kept beside the arrays (where
  jumps need no pieces, the default): "has this seat a move?" is one AND per stack with the
  intersections at its height's distance, the loops visit stacks rather than intersections,
  and the key of an unfolded position is built from the occupied intersections only. The
  same positions are visited in the same order as without them; on placements 2, 14 and 8
  (one thread, same run) the CPU time fell from 36.8 s to 22.2 s (1.65x; 1.46 M -> 2.42 M
  positions a second). A small per-thread table for positions of at most 8 or 9 stacks
  (2**16 entries, to stay in the cache) saved nothing (36.5-37.3 s against 37.1 s).
* **A compact exact position key** in two 64-bit words: heights in unary (``h`` ones then a
  zero per intersection: intersections + pieces <= 64 bits) and one top-owner bit per
  intersection plus the seat to move. Folded over the board's symmetries (the smallest
  image), as in the reference.
* **Alpha-beta over win/draw/loss** for the seat to move (negamax; the sign flips only
  when the turn really passes: "Players can't pass their turn if they have regal take"),
  with a **bounded transposition table** that stores a lower and an upper bound per
  position (so null-window and full-window results combine), the best move (in the
  symmetry-folded frame), and the size of the searched subtree for a **two-slot
  replacement scheme** (slot 0 keeps the bigger subtree, slot 1 is always replaced).
* **Move ordering**: the table's move first, then the largest ``my moves - 2 x the
  opponent's replies`` after the move (both mobilities updated incrementally), then covering
  an opponent stack, then the smaller resulting stack. Ordering by the opponent's replies
  alone visits 5x fewer positions than the reference's order (captures, then taller stacks)
  and 10x fewer than the history heuristic on 18-stack positions (about 93% of cutoffs come
  from the first move tried). Adding my own moves after the move, measured side by side on
  placements 2, 14, 8 (one thread) and 105, 53, 165, 30 (two threads), positions / CPU time:
  replies only 53.9 M / 22.3 s and (from the bench) 549 M / 236 s; my moves as a tie-break
  34.9 M / 16.1 s and 362 M / 177 s (53 got worse: 180 M); ``mine - 2 x replies`` 33.2 M /
  16.2 s and **234 M / 118 s** (kept); ``mine - replies`` 38.2 M / 18.1 s; ``mine - 3 x
  replies`` 32.9 M / 18.3 s and 288 M / 145 s; ``2 x mine - 3 x replies`` 34.1 M / 17.2 s
  and 256 M / 142 s.
* **Enhanced transposition cutoffs** near the root: before searching children, look each
  child up; one that already proves a cutoff ends the node.
* **Null-window root**: "can the side to move win?" then "can it draw?" (two searches with
  windows (0, 1) and (-1, 0)); each also returns a move that achieves it.

* **Two threads** (``threads``, default :func:`default_threads`: the cores, at most 2) on one
  shared table: the replies to the first root move are handed out one at a time (it wins in
  most positions and its replies' subtrees are of similar size); if it falls short, the other
  root moves are handed out. Entries are written without locks, key XOR data ("lockless
  hashing"), so an entry torn by two writers fails the key check instead of lying.

Progress (root moves done, root moves, positions) is read from the workers' counter arrays
by the calling thread while the kernel runs without the GIL.

Measured (``python bench/bench_neko_boss.py --seeds 53,0,10,...,190 --today 0,20,40,50``,
2 cores shared with other work, load average 2.6-4.0): 21 stored placements, median 15.1 s
(10.5 s of CPU), 13.1 M positions; the hardest, seed 53, 202 s (109 s of CPU, 156 M
positions); peak memory 230 MB. On the 4 placements run side by side, the solver before the
two threads and the smaller table took 9.1-19.6 s (5.4-12.9 s of CPU, 1.2-1.45x this one's)
and 677-734 MB, with 0-3% fewer positions. Side by side on the hardest two (``--seeds 53,30
--today 53,30``, load 2.8-2.9): seed 53 (win) 175.9 s, 111.6 s CPU, 156 M positions against
147.5 s, 121.3 s CPU, 149 M; seed 30 (loss) 43.6 s, 50.8 s CPU, 71 M against 69.2 s, 50.1 s
CPU, 60 M. The tree, not the speed per position, keeps the hardest over a minute. Tried on
seeds 146 and 0 (one thread) and dropped: enhanced transposition cutoffs down to 14 or 10
stacks (5% / 10% fewer positions, 11% / 69% more CPU time); no table below 6, 8 or 10 stacks
(0%, +3%, +15% positions, CPU time within noise); killer moves as a tie-break after the
opponent's replies (+2% / -2% positions); a score-gain key (4+ stacks made or taken) before
the replies (4.5-4.9x the positions) or after them (+7% / +12%).

**Issue 29 (fresh placements, the tail).** Placements are ``random_layout(Params(),
random.Random(f"{prefix}/{seed}"))``; the stored ones are prefix ``perfect-play``. Tuning set:
prefix ``nb29-tuning``, seeds 0-59 solved on one thread with a cap of 40 M positions (median
9.9 M positions, 4.6 s of CPU; 3 over the cap), the 10 hardest kept (``bench_neko_boss.py
--tuning``): 26 (+1, 82.3 M), 13 (-1, 65.9 M), 5 (+1, 47.2 M), 19 (36.4 M), 33, 16, 25, 2, 32,
39 (16.9-22.3 M). The held-out set (prefix ``nb29-heldout``, seeds 0-199) was never looked at
while tuning. Where the tree is (seed 19, one thread, 36.4 M positions, counted per stacks
left): 75% of the positions have at most 10 stacks; 87% are met for the first time (13% hit
the table, and every hit ends the node); 96% of the nodes that fail high do so on the first
move at every depth. So alpha-beta already searches close to the smallest tree its move
ordering allows, and a bigger table cannot help: what is left is the choice of the cutting
move (proof-number search) and pruning without search. Measured side by side (one thread,
same run, load average 7-11 from other work on the 2 cores, so CPU time and positions):

* kept: the table on **huge pages** (anonymous mapping, ``madvise(MADV_HUGEPAGE)``): the same
  positions, 5% less CPU time (seeds 2 + 8: 15.1 s against 15.9 s); the **bit count** as one
  ``popcnt`` (same positions, CPU within noise).
* dropped: **static bounds** from the *settled* stacks (those that can never move and that no
  stack can ever land on; bounds on each score difference from them and the free pieces):
  sound, but almost no stack is settled while the tree is big: 0.6% fewer positions on seeds
  19 + 2 and 8% more CPU time. A **4x table** (2**24 entries): 1.7% fewer positions on seed 19,
  12% more CPU time. **Asking "can I avoid losing?" first** (or alone): on the loss 13, "can
  I win?" took 52.1 M positions and then "can I draw?" 13.9 M (it reuses the first's table);
  "can I draw?" alone took 56.6 M: a loss costs as much either way, and most placements are
  wins, where the first question settles it.

Held out (``--placements 200 --prefix nb29-heldout --today 0,10,...,190``, load average 8.4
at the start, 1.9 at the end): wall 0.7 / 3.2 / 69.5 s (min / median / max), CPU median
4.1 s, max 38.3 s, positions median 9.6 M, max 85.6 M, peak 230 MB, 3 over 30 s (1, 16, 43);
commit 4ec274c on 20 of them: the same positions, 1.04x the CPU time. Goal of issue 29
(all under 30 s, median under 2 s) not met: see ``docs/neko_boss_solver.md``.

**Issue 29, second round: the cost of a position, not the tree.** ``perf record`` on one
thread (placement nb29-tuning/1; the compiled code's addresses read back from the process)
put 46% of the CPU time in two instructions: the atomic ``lock incq`` / ``lock decq`` of
numba's reference counting (NRT_incref / NRT_decref), paid for every array passed to a
compiled call or bound to a variable, on every position; with two threads both cores also
fight over the shared arrays' counts. Inlining the helpers in numba's IR (tried first) saved
5% of the CPU time and left 32% in the counts. The kernel is now built with ``_nrt=False``
(no reference counts; it allocates nothing, the worker passes its scratch arrays). The next
31% was one load: the transposition-table probe missing the cache; the slot is now
prefetched as soon as the key is known and the moves are generated while it arrives (on the
13% of positions the table settles, those moves are wasted). Moves are no longer
insertion-sorted as they are made: the first best is picked in one pass, and the rest sorted
only if it did not cut (the same order as the stable sort). All three visit the same
positions in the same order. One thread, nb29-tuning seeds 0, 1, 3, 4, 6 (38.0 M positions),
CPU time: 16.1 s before, 15.7 s with the lazy sort, 12.1 s also without reference counts,
**9.4 s** also with the prefetch (2.4 -> 4.0 M positions a second). Measured and dropped:
enhanced transposition cutoffs with the children's slots prefetched in a batch (the same
positions, CPU within 1%), and at 14, 16, 20 or 22 stacks instead of 18 (14: 4% fewer
positions, 11% more CPU; the others 3-7% more CPU); ``OPENBLAS_NUM_THREADS=1`` (numpy's idle
BLAS threads; no change).

Held out again (``--placements 200 --prefix nb29-final --today 0,10,...,190``, 200 new
placements never run before, idle machine, load average 0.6 at the start and 1.8 at the
end): wall **0.4 / 1.2 / 18.2 s** (min / median / max), none over 20 s, 146 under 2 s; CPU
median 2.4 s, max 36.0 s; positions median 9.4 M, max 144 M (seed 172, a loss); peak
230 MB. Commit d01ff7a (the solver before this round) on 20 of them in the same run: the
same values, best moves and positions (to 7%, the threads' races), 1.69x the wall time
(median; 1.15-1.84x). The goal of issue 29 is met on these placements.
"""

from __future__ import annotations

import mmap
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from nekolib.core import TERMINAL, NekoError
from nekolib.neko_boss.rules import Move, NekoBossState, Params
from nekolib.neko_boss.solver_kernel import (
    ABORTED,
    SCRATCH_ROWS,
    UNLIMITED,
    alpha_beta,
    final_value,
    next_mover,
    np,
    numba,
    order_root_moves,
)

__all__ = [
    "DEFAULT_TABLE_BITS",
    "FastResult",
    "SearchStopped",
    "Table",
    "applies",
    "available",
    "default_threads",
    "solve_fast",
    "warm_up",
]

Progress = Callable[[int, int, int], None]

MISSING = "numba is not installed (pip install 'nekolib[solver]')"
"""Why the fast solver cannot run on this machine, for messages."""

DEFAULT_TABLE_BITS = 22
"""Largest transposition table: 2**22 entries of 16 bytes = 64 MiB. On seeds 146 and 0 (one
thread) 2**25 entries saved 0.4-0.5% of the positions (2**20: 2.3% more, 2**14: 33-37% more)
but its cache and TLB misses made each position slower (1.03 M positions per CPU second
against 1.28-1.51 M with 2**20-2**21, same run, loaded machine)."""
MIN_TABLE_BITS = 12
ETC_MIN_STACKS = 18
"""Enhanced transposition cutoffs only where at least this many stacks are left (where the
subtrees saved are big enough to pay for the extra table look-ups)."""
_POLL_SECONDS = 0.2
MAX_THREADS = 2
"""At most this many threads search the replies to a root move at once."""

SINGLE_THREAD_MAX_STACKS = 16
"""Positions with at most this many stacks are solved on one thread by default: they take
well under a second, and one thread makes the positions counted the same on every run."""

# stats[] slots of each worker, read by the polling thread
_NODES, _STORES = 0, 3


def default_threads() -> int:
    """Threads for one solve: the cores this process may use, at most :data:`MAX_THREADS`."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(MAX_THREADS, cores))


def available() -> bool:
    """Is the compiled kernel usable (numba importable)?"""
    return numba is not None


def applies(state: NekoBossState) -> str | None:
    """``None`` if the fast solver handles ``state``, else why not (one short sentence)."""
    if not isinstance(state, NekoBossState):
        return f"the fast solver needs a NekoBossState, not {type(state).__name__}"
    if state.num_players != 2:
        return "the fast solver is for 2 players"
    if state.phase == "placement":
        return "the analysis starts in phase 2 (every piece placed)"
    size = state.board.size
    if size > 30:
        return f"the fast solver's key holds at most 30 intersections; this board has {size}"
    pieces = sum(len(s) for s in state.stacks)
    if size + pieces > 64:
        return (
            f"the fast solver's key holds intersections + pieces <= 64 bits; this position "
            f"has {size} + {pieces}"
        )
    return None


# --------------------------------------------------------------------------- board tables
@dataclass(frozen=True)
class _Tables:
    """Everything the kernel needs about one board + rules, as numpy arrays."""

    cfg: object  # int64[6]: size, max distance, score height, jumps need pieces, symmetries, -
    reach_ptr: object  # int32[size * (D + 1) + 1]: reach_q slice of (p, d)
    reach_q: object  # int32: targets
    mid_ptr: object  # int32[len(reach_q) + 1]: mid_pts slice of each target
    mid_pts: object  # int32: points in between
    perms: object  # int32[S, size]: canonical point i is original point perms[g, i]
    invs: object  # int32[S, size]: inverse permutations
    reach_bits: object  # int64[size * (D + 1)]: reach_q of (p, d) as a bit mask
    max_moves: int


@lru_cache(maxsize=32)
def _tables(params: Params, symmetry: bool) -> _Tables:
    board = params.board
    size, top = board.size, board.max_distance
    reach_ptr, reach_q, mid_ptr, mid_pts = [0], [], [0], []
    for p in board.points:
        for d in range(top + 1):
            row = board.reach[p][d] if d else ()
            for q in row:
                reach_q.append(q)
                mid_pts.extend(board.between[(p, q)])
                mid_ptr.append(len(mid_pts))
            reach_ptr.append(len(reach_q))
    reach_bits = [
        sum(1 << q for q in (board.reach[p][d] if d else ()))
        for p in board.points
        for d in range(top + 1)
    ]
    perms = list(board.symmetries) if symmetry and len(board.symmetries) > 1 else [board.points]
    invs = []
    for perm in perms:
        inv = [0] * size
        for i, p in enumerate(perm):
            inv[p] = i
        invs.append(inv)
    most = max(sum(len(r) for r in board.reach[p][1:]) for p in board.points)
    cfg = [
        size,
        top,
        params.score_height,
        int(params.jumps_need_pieces),
        len(perms),
        ETC_MIN_STACKS,
    ]
    i32 = np.int32
    return _Tables(
        cfg=np.array(cfg, dtype=np.int64),
        reach_ptr=np.array(reach_ptr, dtype=i32),
        reach_q=np.array(reach_q or [0], dtype=i32),
        mid_ptr=np.array(mid_ptr, dtype=i32),
        mid_pts=np.array(mid_pts or [0], dtype=i32),
        perms=np.array([list(p) for p in perms], dtype=i32),
        invs=np.array(invs, dtype=i32),
        reach_bits=np.array(reach_bits, dtype=np.int64),
        max_moves=max(1, size * most),
    )


# --------------------------------------------------------------------------- Python side
@dataclass
class FastResult:
    value: int
    """+1: seat 0 wins, 0: draw, -1: seat 1 wins."""
    best_move: Move | None
    nodes: int
    table_size: int
    seconds: float


class Table:
    """A transposition table that several solves of positions of one game share (a hint's
    searches: the position, its best alternative, the principal line).

    Every entry is an exact bound on a position's value (win/draw/loss, to the end of the
    game), kept only for finished subtrees, so it stays true for any later search of the same
    rules; a later search that meets a position an earlier one settled reads its value instead
    of searching it. Values and best moves do not change (the root moves are tried in the same
    order whatever the table holds); only the positions searched do. Keys are exact positions
    (folded over symmetries or not: the same key either way), so one table serves positions with
    and without symmetry folding, and any number of stacks (a 24-stack table, 2**22 entries,
    is the largest :func:`solve_fast` makes)."""

    def __init__(self, params: Params, bits: int = DEFAULT_TABLE_BITS) -> None:
        if numba is None:
            raise NekoError(f"the fast Neko Boss solver cannot run: {MISSING}")
        if not MIN_TABLE_BITS <= bits <= 26:
            raise NekoError(f"table bits must be {MIN_TABLE_BITS}-26 (2**bits entries), not {bits}")
        self.params = params
        self.entries = 1 << bits
        self.words = _zeroed_table(2 * self.entries)

    @classmethod
    def sized_for(cls, state: NekoBossState) -> Table:
        """A table of the size :func:`solve_fast` gives ``state`` (2**(stacks + 1) entries,
        2**12 to 2**22): enough for it and the positions after it."""
        stacks = sum(1 for stack in state.stacks if stack)
        return cls(state.params, _table_bits(stacks, None))


def _table_bits(stacks: int, table_bits: int | None) -> int:
    if table_bits is not None:
        return table_bits
    return max(MIN_TABLE_BITS, min(DEFAULT_TABLE_BITS, stacks + 1))


def solve_fast(
    state: NekoBossState,
    *,
    symmetry: bool = True,
    progress: Progress | None = None,
    table_bits: int | None = None,
    threads: int | None = None,
    exclude: Move | None = None,
    node_limit: int | None = None,
    table: Table | None = None,
) -> FastResult | None:
    """Exact value and a best move of a 2-player phase-2 position with the compiled kernel.

    Two null-window searches from the root ("can the side to move win?", then, if not, "can
    it draw?") share one transposition table; the first root move reaching the bar is the
    best move. The replies to a root move are searched by ``threads`` threads at once
    (default: :func:`default_threads`, one for at most :data:`SINGLE_THREAD_MAX_STACKS`
    stacks); the best move found does not depend on the threads' timing.
    ``progress(done, total, nodes)`` is called from this thread about every 0.2 s while the
    kernel runs (root moves done in 1000ths, root moves in 1000ths, positions).

    ``exclude``: leave this root move out (the value of the best *other* move; ``None`` if
    there is none). ``node_limit``: give up (raise :class:`SearchStopped`) once a thread has
    visited that many positions. ``table``: search on this :class:`Table` (kept between
    solves of the same rules) instead of a new one; ``table_bits`` is then not used.
    """
    if numba is None:
        raise NekoError(f"the fast Neko Boss solver cannot run: {MISSING}")
    if threads is None:  # a small tree gains nothing from a second thread: keep it exact
        small = sum(1 for stack in state.stacks if stack) <= SINGLE_THREAD_MAX_STACKS
        threads = 1 if small else default_threads()
    why = applies(state)
    if why is not None:
        raise NekoError(why)
    if table is not None and table.params != state.params:
        raise NekoError("this Table holds positions of other rules: make one for these Params")
    t0 = time.perf_counter()
    if state.to_move == TERMINAL:
        scores = state.scores()
        return FastResult((scores[0] > scores[1]) - (scores[0] < scores[1]), None, 1, 0, 0.0)
    search = _RootSearch(state, symmetry, progress, table_bits, threads, table)
    if node_limit is not None:
        search.limit = node_limit
    if exclude is not None:
        search.moves = [m for m in search.moves if m != exclude.src * 64 + exclude.dst]
        if not search.moves:
            return None
    value, move = search.prove(0, 1)  # can the side to move win?
    if value < 1:
        value, move = search.prove(-1, 0)  # if not: can it at least draw?
    search.report()
    me = state.to_move
    return FastResult(
        value=int(value if me == 0 else -value),
        best_move=Move(int(move) // 64, int(move) % 64),
        nodes=search.nodes,
        table_size=min(search.stores, search.entries),
        seconds=time.perf_counter() - t0,
    )


class SearchStopped(NekoError):
    """The search reached its ``node_limit`` before the value was settled."""


class _Worker:
    """One thread's copy of the position and the kernel's scratch arrays."""

    def __init__(self, size: int, max_moves: int) -> None:
        self.H = np.zeros(size, dtype=np.int64)
        self.own = np.zeros(size, dtype=np.int64)
        self.mb = np.zeros((size + 2, max_moves), dtype=np.int64)
        self.sb = np.zeros((size + 2, max_moves), dtype=np.int64)
        self.stats = np.zeros(4, dtype=np.int64)
        self.abort = np.zeros(1, dtype=np.int64)
        self.S = np.zeros((SCRATCH_ROWS, 2 * size + 2), dtype=np.int64)
        self.KS = np.zeros((2, size + 2), dtype=np.uint64)

    def root_moves(self, H, own, me: int, tb: _Tables, tabs: tuple) -> list[int]:
        """The moves of ``me`` in ``H``/``own``, best first."""
        n = order_root_moves(H, own, me, tb.cfg, tabs, self.mb, self.sb, self.S)
        return [int(m) for m in self.mb[0, :n]]


class _RootSearch:
    """The root and the replies to each root move in Python; every reply's subtree searched
    by the kernel, ``threads`` replies at once, all on one shared table."""

    def __init__(
        self,
        state: NekoBossState,
        symmetry: bool,
        progress: Progress | None,
        table_bits: int | None,
        threads: int = 1,
        table: Table | None = None,
    ) -> None:
        self.tb = tb = _tables(state.params, symmetry and _self_symmetric(state))
        size = state.board.size
        self.H = np.array([len(s) for s in state.stacks], dtype=np.int64)
        self.own = np.array([s[-1] if s else 0 for s in state.stacks], dtype=np.int64)
        self.me = state.to_move
        self.stacks = int((self.H > 0).sum())
        if table is None:
            self.entries = 1 << _table_bits(self.stacks, table_bits)
            self.table = _zeroed_table(2 * self.entries)
        else:
            self.entries, self.table = table.entries, table.words
        self.tabs = (
            tb.reach_ptr,
            tb.reach_q,
            tb.mid_ptr,
            tb.mid_pts,
            tb.perms,
            tb.invs,
            tb.reach_bits,
        )
        self.workers = [_Worker(size, tb.max_moves) for _ in range(max(1, threads))]
        self.progress = progress
        self.limit = UNLIMITED
        self.done = self.total = 0  # progress: root moves done (in 1000ths), root moves
        w = self.workers[0]
        self.moves = w.root_moves(self.H, self.own, self.me, tb, self.tabs)

    @property
    def nodes(self) -> int:
        return int(sum(w.stats[_NODES] for w in self.workers))

    @property
    def stores(self) -> int:
        return int(sum(w.stats[_STORES] for w in self.workers))

    def report(self) -> None:
        if self.progress is not None:
            self.progress(self.done, self.total, self.nodes)

    def prove(self, alpha: int, beta: int) -> tuple[int, int]:
        """(value, move): a root move worth ``beta`` to the side to move, else (``alpha``, the
        first move): every move is worth at most ``alpha``.

        The first (best-ordered) root move has its replies searched in parallel: it is the
        winning one in most positions, and its replies' subtrees are of similar size. If it
        falls short, the other root moves are searched in parallel, one per thread (in a lost
        position the first reply usually refutes each of them, so splitting their replies
        would waste the second thread). (Trying the root moves with a growing budget of
        positions each, so a move cheap to prove is not stuck behind an expensive one,
        visited 2-6x more positions on 20 stacks.)
        """
        self.total = 1000 * len(self.moves)
        self.done = 0
        first, rest = self.moves[0], self.moves[1:]
        v = self.child_value(first, alpha, beta)
        if v >= beta:
            return v, first
        self.done = 1000
        got = self.race(rest, lambda w, m: self.move_value(w, m, alpha, beta), beta, 1000)
        self.done = self.total
        if got is not None:
            return got
        return alpha, first

    def child_value(self, move: int, alpha: int, beta: int) -> int:
        """Value of a root move for the side to move (fail-soft, null window), its replies
        searched in parallel."""
        H, own, me, tb = self.H, self.own, self.me, self.tb
        p, q = divmod(move, 64)
        hp, hq, oq = H[p], H[q], own[q]
        H[q], own[q], H[p] = hq + hp, me, 0
        try:
            nm = next_mover(H, own, 1 - me, tb.cfg, *self.tabs[:4])
            if nm < 0:
                return int(final_value(H, own, me, tb.cfg))
            if nm == me:  # the opponent is out: one search, the same side to move
                v = self.subtree(self.workers[0], H, own, me, alpha, beta, self.stacks - 1)
                if v == ABORTED:
                    raise SearchStopped(f"the search stopped after {self.nodes:,} positions")
                return v
            w0 = self.workers[0]
            moves = w0.root_moves(H, own, nm, tb, self.tabs)
        finally:
            H[p], H[q], own[q] = hp, hq, oq
        got = self.race(
            moves, lambda w, r: self.reply_value(w, move, nm, r, -beta, -alpha), -alpha, 0
        )
        if got is not None:  # a reply reaching the opponent's beta refutes the move
            return -got[0]
        return -self.best

    def race(self, moves: list[int], value, beta: int, base: int) -> tuple[int, int] | None:
        """``value(worker, move)`` of every move, the workers taking the next move in turn;
        (value, move) of the first move *in list order* worth ``beta``, else ``None``
        (``self.best``: the best value seen). A hit stops the moves after it only: the moves
        before it are finished, so the answer never depends on which thread was faster.
        Raises :class:`SearchStopped` when the node limit cut a move that could decide it."""
        shared: dict[str, Any] = {"next": 0, "finished": 0, "hit": None, "cut": len(moves)}
        working: dict[int, int] = {}  # worker -> index of the move it searches
        self.best = -2
        lock = threading.Lock()
        for w in self.workers:
            w.abort[0] = 0

        def before_hit(i: int) -> bool:
            return shared["hit"] is None or i < shared["hit"][0]

        def work(w: _Worker) -> None:
            while True:
                with lock:
                    i = shared["next"]
                    if i >= len(moves) or not before_hit(i):
                        return
                    shared["next"] = i + 1
                    working[id(w)] = i
                v = value(w, moves[i])
                with lock:
                    if v == ABORTED:
                        if w.abort[0] == 0:  # the node limit, not a hit before it
                            shared["cut"] = min(shared["cut"], i)
                        return
                    shared["finished"] += 1
                    self.done = base + 1000 * shared["finished"] // len(moves)
                    self.best = max(self.best, v)
                    if v >= beta and before_hit(i):
                        shared["hit"] = (i, v, moves[i])
                        for other in self.workers:
                            if working.get(id(other), -1) > i:
                                other.abort[0] = 1

        if moves:
            _run_threads(work, self.workers, self.report)
        hit = shared["hit"]
        if shared["cut"] < (hit[0] if hit is not None else len(moves)):
            raise SearchStopped(f"the search stopped after {self.nodes:,} positions")
        return None if hit is None else (hit[1], hit[2])

    def subtree(self, w: _Worker, H, own, nm: int, alpha: int, beta: int, stacks: int) -> int:
        """Fail-soft value for ``nm`` (to move in ``H``/``own``), or ``ABORTED``."""
        tb = self.tb
        return int(
            alpha_beta(
                H,
                own,
                nm,
                alpha,
                beta,
                stacks,
                self.limit,
                tb.cfg,
                self.tabs,
                self.table,
                self.entries - 1,
                w.mb,
                w.sb,
                w.stats,
                w.abort,
                w.S,
                w.KS,
            )
        )

    def move_value(self, w: _Worker, move: int, alpha: int, beta: int) -> int:
        """Value of a root move for the side to move (fail-soft), or ``ABORTED``."""
        return self.play_and_search(w, (move,), self.me, alpha, beta)

    def reply_value(self, w: _Worker, move: int, opp: int, reply: int, alpha, beta) -> int:
        """Value for ``opp`` of its ``reply`` to root move ``move`` (fail-soft), or
        ``ABORTED``."""
        return self.play_and_search(w, (move, reply), opp, alpha, beta)

    def play_and_search(self, w: _Worker, line: tuple, who: int, alpha: int, beta: int) -> int:
        """Play ``line`` from the root on the worker's arrays (its last move by ``who``);
        the value for ``who`` (fail-soft) in (alpha, beta), or ``ABORTED``."""
        tb = self.tb
        H, own = w.H, w.own
        H[:] = self.H
        own[:] = self.own
        mover = self.me
        for m in line:
            p, q = divmod(m, 64)
            H[q] += H[p]
            own[q] = mover
            H[p] = 0
            mover = 1 - mover
        nm = next_mover(H, own, 1 - who, tb.cfg, *self.tabs[:4])
        if nm < 0:
            return int(final_value(H, own, who, tb.cfg))
        window = (alpha, beta) if nm == who else (-beta, -alpha)
        v = self.subtree(w, H, own, nm, *window, self.stacks - len(line))
        return v if v == ABORTED or nm == who else -v


HUGE_PAGES = os.environ.get("NEKOLIB_BOSS_HUGE_PAGES", "1") != "0"
"""Ask the kernel for 2 MiB pages for the transposition table (Linux transparent huge pages in
``madvise`` mode): a probe lands anywhere in the table, and with 4 KiB pages nearly every probe
also missed the TLB."""


def _zeroed_table(words: int):
    """A zeroed ``uint64`` array of ``words`` words, pages given on first use; on Linux an
    anonymous mapping advised to use huge pages (:data:`HUGE_PAGES`)."""
    nbytes = 8 * words
    if HUGE_PAGES and nbytes >= 1 << 21 and hasattr(mmap, "MADV_HUGEPAGE"):
        try:
            buf = mmap.mmap(-1, nbytes, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
            buf.madvise(mmap.MADV_HUGEPAGE)
            return np.frombuffer(buf, dtype=np.uint64)  # the array keeps the mapping alive
        except (OSError, ValueError):  # pragma: no cover - no huge pages here: plain pages
            pass
    return np.zeros(words, dtype=np.uint64)  # calloc: pages on first use


def _run_threads(work, workers: list, report: Callable[[], None]) -> None:
    """``work(w)`` for every worker in its own thread (the kernel releases the GIL), calling
    ``report()`` from this thread every 0.2 s until all are done; re-raises their errors."""
    errors: list[BaseException] = []

    def guarded(w) -> None:
        try:
            work(w)
        except BaseException as exc:  # pragma: no cover - re-raised below
            errors.append(exc)
            for other in workers:
                other.abort[0] = 1

    threads = [
        threading.Thread(target=guarded, args=(w,), name="neko-boss-solver", daemon=True)
        for w in workers
    ]
    for t in threads:
        t.start()
    for t in threads:
        while t.is_alive():
            t.join(_POLL_SECONDS)
            try:
                report()
            except BaseException:  # hook: a progress callback that raises stops the search
                _stop(workers, threads)
                raise
    if errors:
        raise errors[0]


def _stop(workers: list, threads: list) -> None:
    """Abort every worker and wait for them (a hint whose position changed stops here)."""
    for w in workers:
        w.abort[0] = 1
    for t in threads:
        t.join()


def _self_symmetric(state: NekoBossState) -> bool:
    """Is the position its own image under a symmetry other than the identity? Only then are
    mirror images of the same position met in one search often enough to pay for folding
    (4 or 8 keys per position instead of 1); the values are the same either way."""
    cells = state.key()[0]
    return any(tuple(cells[i] for i in perm) == cells for perm in state.board.symmetries[1:])


def warm_up() -> float:
    """Compile (or load from numba's cache) the kernel on a tiny position; seconds taken.

    This compiles every kernel function a full-board solve calls (checked by
    ``tests/test_neko_boss_warm_up.py``). numba keeps the compiled code (``cache=True``) in
    ``__pycache__`` next to ``solver_kernel.py`` when that folder is writable, else in the
    user's cache folder (``~/.cache/numba``, ``$XDG_CACHE_HOME/numba`` or
    ``$NUMBA_CACHE_DIR``), where a later process finds it: the cost of a cold and a warm
    cache is in ``docs/neko_boss_solver.md``."""
    from nekolib.neko_boss.boards import line_board
    from nekolib.neko_boss.rules import from_layout

    t0 = time.perf_counter()
    solve_fast(from_layout([0, 1, 0, 1], Params(board=line_board(4)), to_move=0))
    return time.perf_counter() - t0


_WARM_LOCK = threading.Lock()
_warm_seconds: float | None = None


def warm_up_once() -> float:
    """:func:`warm_up` the first time it is called in this process; a later call (from any
    thread) waits for that one and returns its seconds. A Neko Boss board calls it in a
    background thread when it opens, so that the first exact hint does not pay the compile."""
    global _warm_seconds
    with _WARM_LOCK:
        if _warm_seconds is None:
            _warm_seconds = warm_up()
        return _warm_seconds


def warmed_up() -> bool:
    """Has :func:`warm_up_once` finished in this process?"""
    return _warm_seconds is not None
