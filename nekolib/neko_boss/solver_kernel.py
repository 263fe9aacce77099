"""The compiled kernel of the fast Neko Boss solver (see :mod:`nekolib.neko_boss.solver`).

numba functions on numpy arrays: move generation, the position key, the transposition
table and the iterative alpha-beta search. Without numba the functions stay plain Python
(never called: :func:`nekolib.neko_boss.solver.available` is false then).
"""

from __future__ import annotations

try:  # numba (and numpy, which it needs) are optional: nekolib[solver]
    import numba
    import numpy as np
    from numba.core import types
    from numba.cpython.unsafe.numbers import trailing_zeros
    from numba.extending import intrinsic
except ImportError:  # pragma: no cover - exercised on machines without the extra
    numba = None
    np = None
    trailing_zeros = None
    intrinsic = None

if intrinsic is not None:

    @intrinsic
    def _popcount(typingctx, x):
        """How many bits of the int64 ``x`` are set: LLVM's ``ctpop`` (one ``popcnt``
        instruction on x86-64)."""
        sig = types.int64(types.int64)

        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])

        return sig, codegen

    @intrinsic
    def _prefetch(typingctx, arr, i):
        """Start loading element ``i`` of the 1-D array ``arr`` into the cache (LLVM's
        ``prefetch``: read, keep in all levels); nothing else happens."""
        sig = types.void(arr, i)

        def codegen(context, builder, signature, args):
            from llvmlite import ir
            from numba.core import cgutils

            ary = context.make_array(signature.args[0])(context, builder, args[0])
            ptr = builder.gep(ary.data, [args[1]])
            i32 = ir.IntType(32)
            fnty = ir.FunctionType(ir.VoidType(), [ptr.type, i32, i32, i32])
            fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
            builder.call(fn, [ptr, i32(0), i32(3), i32(1)])
            return context.get_dummy_value()

        return sig, codegen

else:  # pragma: no cover
    _popcount = None
    _prefetch = None

_ENTER, _RETURN, _UPDATE, _NEXT = 0, 1, 2, 3
ABORTED = -9
"""What :func:`alpha_beta` returns when it is stopped before the end (not a value)."""
UNLIMITED = 1 << 62
"""A limit never reached (of positions searched, of moves counted): no limit."""
SCRATCH_ROWS = 22
"""Rows of :func:`alpha_beta`'s int64 scratch (each ``2 x board size + 2`` long): 20 per-ply
stacks (a game on the board lasts at most board size + 1 plies), then ``frm`` and ``onto``."""


# --------------------------------------------------------------------------- the kernel
def _kernel(fn):
    """``numba.njit(cache=True, nogil=True, _nrt=False)`` when numba is there (else left as
    Python).

    ``_nrt=False``: no reference counting. With it, every compiled call that passes arrays
    and every array bound to a variable cost an atomic increment and decrement
    (NRT_incref / NRT_decref) on the array's count, 46% of the search's CPU time (perf, one
    thread, placement nb29-tuning/1; the two threads also fight over the shared arrays'
    counts). Without it the kernel may not allocate: every array comes from the caller
    (the worker's scratch arrays in :mod:`nekolib.neko_boss.solver`)."""
    if numba is None:  # pragma: no cover
        return fn
    return numba.njit(cache=True, nogil=True, _nrt=False)(fn)


@_kernel
def _count_moves(H, own, seat, cfg, reach_ptr, reach_q, mid_ptr, mid_pts, limit):
    """How many legal moves ``seat`` has, counting no further than ``limit``."""
    size, top, jumps = cfg[0], cfg[1], cfg[3]
    n = 0
    for p in range(size):
        h = H[p]
        if h == 0 or own[p] != seat or h > top:
            continue
        base = p * (top + 1) + h
        for j in range(reach_ptr[base], reach_ptr[base + 1]):
            if H[reach_q[j]] > 0:
                ok = True
                if jumps != 0:
                    for k in range(mid_ptr[j], mid_ptr[j + 1]):
                        if H[mid_pts[k]] == 0:
                            ok = False
                            break
                if ok:
                    n += 1
                    if n >= limit:
                        return n
    return n


@_kernel
def _has_move(H, own, seat, cfg, reach_ptr, reach_q, mid_ptr, mid_pts):
    """Does ``seat`` keep a stack with a legal move? ("Players can't pass their turn if they
    have regal take.")"""
    return _count_moves(H, own, seat, cfg, reach_ptr, reach_q, mid_ptr, mid_pts, 1) > 0


@_kernel
def next_mover(H, own, start, cfg, reach_ptr, reach_q, mid_ptr, mid_pts):
    """The first seat from ``start`` on with a legal move, or -1 (game over)."""
    if _has_move(H, own, start, cfg, reach_ptr, reach_q, mid_ptr, mid_pts):
        return start
    if _has_move(H, own, 1 - start, cfg, reach_ptr, reach_q, mid_ptr, mid_pts):
        return 1 - start
    return -1


@_kernel
def _masks(H, own, size):
    """(occupied, owned by seat 1) as bit masks of the intersections."""
    occ = 0
    o1 = 0
    for p in range(size):
        if H[p] > 0:
            occ |= 1 << p
            if own[p] == 1:
                o1 |= 1 << p
    return occ, o1


@_kernel
def _seat_bits(occ, o1, seat):
    """The intersections whose stack ``seat`` owns."""
    return o1 if seat == 1 else occ & ~o1


@_kernel
def _bits(x):
    """How many bits of ``x`` are set."""
    return _popcount(np.int64(x))


@_kernel
def _has_move_bb(H, occ, o1, seat, cfg, RM):
    """:func:`_has_move` on bit masks (boards where jumps need no pieces): a stack of
    ``seat`` whose reach at its height holds an occupied intersection."""
    top = cfg[1]
    m = _seat_bits(occ, o1, seat)
    while m:
        p = trailing_zeros(m)
        m &= m - 1
        h = H[p]
        if h <= top and RM[p * (top + 1) + h] & occ:
            return True
    return False


@_kernel
def _next_mover_bb(H, own, occ, o1, start, cfg, RM, reach_ptr, reach_q, mid_ptr, mid_pts):
    """:func:`next_mover`, on bit masks when jumps need no pieces."""
    if cfg[3] != 0:
        return next_mover(H, own, start, cfg, reach_ptr, reach_q, mid_ptr, mid_pts)
    if _has_move_bb(H, occ, o1, start, cfg, RM):
        return start
    if _has_move_bb(H, occ, o1, 1 - start, cfg, RM):
        return 1 - start
    return -1


@_kernel
def final_value(H, own, me, cfg):
    """+1 / 0 / -1 for ``me`` at the end (:func:`_final_value_bb` from the arrays alone)."""
    occ, o1 = _masks(H, own, cfg[0])
    return _final_value_bb(H, occ, o1, me, cfg)


@_kernel
def _final_value_bb(H, occ, o1, me, cfg):
    """+1 / 0 / -1 for ``me`` at the end: "4 or more pieces stack is score. ... more 4 or more
    stacks ... wins. Score is same, then ... highest stack ... then ... more stacks".
    ``occ``/``o1``: the occupied and seat 1's intersections as bit masks."""
    tall = cfg[2]
    n4_0 = n4_1 = hi_0 = hi_1 = c_0 = c_1 = 0
    m = occ
    while m:
        p = trailing_zeros(m)
        m &= m - 1
        h = H[p]
        if (o1 >> p) & 1 == 0:
            c_0 += 1
            if h > hi_0:
                hi_0 = h
            if h >= tall:
                n4_0 += 1
        else:
            c_1 += 1
            if h > hi_1:
                hi_1 = h
            if h >= tall:
                n4_1 += 1
    d = n4_0 - n4_1
    if d == 0:
        d = hi_0 - hi_1
    if d == 0:
        d = c_0 - c_1
    v = 1 if d > 0 else (-1 if d < 0 else 0)
    return v if me == 0 else -v


@_kernel
def _key_plain(H, occ, o1, mover, cfg, pieces):
    """:func:`_canonical`'s key without symmetries (the identity's), from the bit masks: the
    unary code of intersection ``i`` (``h`` ones) sits above the codes of all later ones,
    ``(size - 1 - i) + (pieces on later intersections)`` bits up."""
    size = cfg[0]
    one = np.uint64(1)
    k0 = np.uint64(0)
    above = pieces
    m = occ
    while m:
        i = trailing_zeros(m)
        m &= m - 1
        h = H[i]
        above -= h
        k0 |= ((one << np.uint64(h)) - one) << np.uint64(size - 1 - i + above)
    k1 = np.uint64(o1) | (np.uint64(mover) << np.uint64(size)) | (one << np.uint64(31))
    return k0, k1


@_kernel
def _canonical(H, own, mover, cfg, perms):
    """(key0, key1, g): the smallest key over the board's symmetries and the symmetry giving
    it. key0: heights in unary (``h`` ones then a zero per point, canonical point order);
    key1: a top-owner bit per point, the seat to move at bit ``size``, bit 31 set."""
    size, nsym = cfg[0], cfg[4]
    one = np.uint64(1)
    best0 = np.uint64(0)
    best1 = np.uint64(0)
    best_g = 0
    for g in range(nsym):
        k0 = np.uint64(0)
        k1 = np.uint64(0)
        for i in range(size):
            p = perms[g, i]
            h = H[p]
            k0 = (k0 << np.uint64(h + 1)) | ((one << np.uint64(h)) - one)
            if h > 0 and own[p] == 1:
                k1 |= one << np.uint64(i)
        k1 |= (np.uint64(mover) << np.uint64(size)) | (one << np.uint64(31))
        if g == 0 or k0 < best0 or (k0 == best0 and k1 < best1):
            best0 = k0
            best1 = k1
            best_g = g
    return best0, best1, best_g


@_kernel
def _masks_after(occ, o1, p, q, me):
    """The bit masks after ``me`` moves the stack on ``p`` onto ``q``: ``p`` empties, ``q`` is
    ``me``'s."""
    return occ & ~(1 << p), (o1 & ~(1 << p) & ~(1 << q)) | (me << q)


@_kernel
def _slot(k0, k1, mask):
    """Index (into the table's words) of the first entry of the two-entry bucket of a key."""
    x = k0 * np.uint64(0x9E3779B97F4A7C15) ^ (k1 * np.uint64(0xC2B2AE3D27D4EB4F))
    x ^= x >> np.uint64(31)
    x *= np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(29)
    return (np.int64(x & np.uint64(mask)) & ~np.int64(1)) * 2


@_kernel
def _probe(k0, k1, T, mask):
    """The 32-bit data of a stored key, or -1. An entry is two words: key0 XOR the second
    word, and key1 in the low 32 bits with the data in the high 32 bits (the XOR makes an
    entry torn by two threads writing at once fail the key check: "lockless hashing")."""
    s = _slot(k0, k1, mask)
    low = np.uint64(0xFFFFFFFF)
    w = T[s + 1]
    if (T[s] ^ w) == k0 and (w & low) == k1:
        return np.int64(w >> np.uint64(32))
    w = T[s + 3]
    if (T[s + 2] ^ w) == k0 and (w & low) == k1:
        return np.int64(w >> np.uint64(32))
    return np.int64(-1)


@_kernel
def _store(k0, k1, data, T, mask, stats):
    """Keep ``data`` for a key: the same key is updated in place; otherwise a subtree at least
    as big as slot 0's (work, bits 17..23) takes slot 0 and moves the old entry to slot 1,
    a smaller one takes slot 1 (always replaced)."""
    s = _slot(k0, k1, mask)
    low = np.uint64(0xFFFFFFFF)
    word = k1 | (np.uint64(data) << np.uint64(32))
    w = T[s + 1]
    if (T[s] ^ w) == k0 and (w & low) == k1:
        T[s] = k0 ^ word
        T[s + 1] = word
        return
    w = T[s + 3]
    if (T[s + 2] ^ w) == k0 and (w & low) == k1:
        T[s + 2] = k0 ^ word
        T[s + 3] = word
        return
    stats[3] += 1
    old_work = np.int64(T[s + 1] >> np.uint64(49)) & 127
    if (data >> 17) >= old_work:
        T[s + 2] = T[s]
        T[s + 3] = T[s + 1]
        T[s] = k0 ^ word
        T[s + 1] = word
    else:
        T[s + 2] = k0 ^ word
        T[s + 3] = word


@_kernel
def _work(nodes):
    """Bit length of a subtree size (the replacement scheme's measure), at most 127."""
    n = 0
    while nodes > 0 and n < 127:
        n += 1
        nodes >>= 1
    return n


@_kernel
def _mobility(H, occ, stacks, watched, top, RM, frm, onto, at):
    """Moves of the stacks in ``stacks`` (a bit mask): their total; ``frm[x]`` the moves of
    stack ``x``; ``onto[at + y]`` how many of them land on ``y``, for ``y`` in ``watched``."""
    m = watched
    while m:
        onto[at + trailing_zeros(m)] = 0
        m &= m - 1
    total = 0
    m = stacks
    while m:
        x = trailing_zeros(m)
        m &= m - 1
        h = H[x]
        frm[x] = 0
        if h > top:
            continue
        t = RM[x * (top + 1) + h] & occ
        c = _bits(t)
        frm[x] = c
        total += c
        t &= watched
        while t:
            onto[at + trailing_zeros(t)] += 1
            t &= t - 1
    return total


@_kernel
def _generate(
    H, own, occ, o1, me, ply, cfg, RM, reach_ptr, reach_q, mid_ptr, mid_pts, mb, sb, frm, onto
):
    """Fill ``mb[ply]`` with the moves (src * 64 + dst) of ``me`` and ``sb[ply]`` with their
    scores, unsorted (:func:`_pick_first` / :func:`_sort_from` order them; the search puts
    the table's move first); return how many.

    Score, highest first: the largest ``my moves - 2 x the opponent's replies`` after the
    move; then covering an opponent stack; then the smaller resulting stack. Both
    mobilities are counted incrementally: a move removes the opponent's moves onto the vacated
    source and, if it covers an opponent stack, that stack's moves; it removes my moves from
    and onto the source and, if it covers my own stack, that stack's moves, and adds the moves
    of the new stack. ``occ``/``o1``: occupied / seat 1's intersections as bit masks;
    ``RM[p * (D + 1) + d]``: the intersections at distance ``d`` from ``p`` on a street.
    ``frm`` (board size) and ``onto`` (twice the board size) are scratch arrays.
    """
    size, top, jumps = cfg[0], cfg[1], cfg[3]
    opp = 1 - me
    mine = _seat_bits(occ, o1, me)
    mob = my_mob = 0
    if jumps == 0:
        mob = _mobility(H, occ, _seat_bits(occ, o1, opp), mine, top, RM, frm, onto, 0)
        my_mob = _mobility(H, occ, mine, mine, top, RM, frm, onto, size)
    n = 0
    m = mine
    while m:
        p = trailing_zeros(m)
        m &= m - 1
        h = H[p]
        if h > top:
            continue
        base = p * (top + 1) + h
        if jumps == 0 and (RM[base] & occ) == 0:
            continue
        for j in range(reach_ptr[base], reach_ptr[base + 1]):
            q = reach_q[j]
            hq = H[q]
            if hq == 0:
                continue
            if jumps != 0:
                ok = True
                for k in range(mid_ptr[j], mid_ptr[j + 1]):
                    if H[mid_pts[k]] == 0:
                        ok = False
                        break
                if not ok:
                    continue
            cap = 1 if own[q] == opp else 0
            if jumps == 0:
                after = mob - onto[p]
                mine_after = my_mob - frm[p] - onto[size + p]
                if cap == 1:
                    after -= frm[q]
                    if hq == h:  # the covered stack's move back onto ``p`` was counted twice
                        after += 1
                else:
                    mine_after -= frm[q]
                    if hq == h:  # my covered stack's move back onto ``p``: the same
                        mine_after += 1
                if h + hq <= top:
                    mine_after += _bits(RM[q * (top + 1) + h + hq] & occ & ~(1 << p))
            else:
                oq = own[q]
                H[q] = hq + h
                own[q] = me
                H[p] = 0
                after = _count_moves(
                    H, own, opp, cfg, reach_ptr, reach_q, mid_ptr, mid_pts, UNLIMITED
                )
                mine_after = _count_moves(
                    H, own, me, cfg, reach_ptr, reach_q, mid_ptr, mid_pts, UNLIMITED
                )
                H[p] = h
                H[q] = hq
                own[q] = oq
            mv = p * 64 + q
            score = ((4096 - 2 * after + mine_after) * 2 + cap) * 128 + 127 - h - hq
            mb[ply, n] = mv
            sb[ply, n] = score
            n += 1
    return n


@_kernel
def _pick_first(mb, sb, ply, n):
    """Bring the first best-scored move of ``mb[ply, :n]`` to the front, the others keeping
    their order: the first move of the stable sort, in one pass. (At a node that fails high
    the first move nearly always cuts, so the other moves need never be sorted.)"""
    best = 0
    for i in range(1, n):
        if sb[ply, i] > sb[ply, best]:
            best = i
    mv, sc = mb[ply, best], sb[ply, best]
    for i in range(best, 0, -1):
        mb[ply, i] = mb[ply, i - 1]
        sb[ply, i] = sb[ply, i - 1]
    mb[ply, 0] = mv
    sb[ply, 0] = sc


@_kernel
def _sort_from(mb, sb, ply, start, n):
    """Stable insertion sort of ``mb[ply, start:n]``, highest score first."""
    for i in range(start + 1, n):
        mv, sc = mb[ply, i], sb[ply, i]
        k = i
        while k > start and sb[ply, k - 1] < sc:
            mb[ply, k] = mb[ply, k - 1]
            sb[ply, k] = sb[ply, k - 1]
            k -= 1
        mb[ply, k] = mv
        sb[ply, k] = sc


@_kernel
def _etc(H, own, occ, o1, pieces, me, ply, n, beta, cfg, tabs, T, mask, mb):
    """Enhanced transposition cutoff: a child whose stored bound already gives ``me`` at least
    ``beta`` (or a final child worth that much); its value, or -2."""
    reach_ptr, reach_q, mid_ptr, mid_pts, perms, _invs, RM = tabs
    for i in range(n):
        m = mb[ply, i]
        p, q = m // 64, m % 64
        hp, hq, oq = H[p], H[q], own[q]
        H[q] = hq + hp
        own[q] = me
        H[p] = 0
        c_occ, c_o1 = _masks_after(occ, o1, p, q, me)
        nm = _next_mover_bb(
            H, own, c_occ, c_o1, 1 - me, cfg, RM, reach_ptr, reach_q, mid_ptr, mid_pts
        )
        v = -2
        if nm < 0:
            v = _final_value_bb(H, c_occ, c_o1, me, cfg)
        else:
            if cfg[4] == 1:
                c0, c1 = _key_plain(H, c_occ, c_o1, nm, cfg, pieces)
            else:
                c0, c1, _g = _canonical(H, own, nm, cfg, perms)
            d = _probe(c0, c1, T, mask)
            if d >= 0:
                v = (d & 3) - 1 if nm == me else 1 - ((d >> 2) & 3)
        H[p] = hp
        H[q] = hq
        own[q] = oq
        if v >= beta:
            return v
    return -2


@_kernel
def alpha_beta(
    H, own, me0, alpha0, beta0, nstacks0, limit, cfg, tabs, T, mask, mb, sb, stats, abort, S, KS
):
    """Fail-soft alpha-beta value for ``me0`` (the seat to move) in (alpha0, beta0), or
    :data:`ABORTED` once ``stats[0]`` (positions visited) reaches ``limit`` or another
    thread sets ``abort[0]``.

    Iterative (an explicit stack per ply; numba cannot cache recursive functions). Only
    finished subtrees are stored, so an aborted search leaves a correct table behind.
    ``stats``: positions visited, root moves done, root moves, table stores. ``S``
    (:data:`SCRATCH_ROWS` x (2 x board size + 2) int64) and ``KS`` (2 x (board size + 2)
    uint64): the per-ply stacks and scratch rows (the kernel allocates nothing).
    """
    reach_ptr, reach_q, mid_ptr, mid_pts, perms, invs, RM = tabs
    etc_min = cfg[5]
    ME = S[0]
    A = S[1]
    B = S[2]
    A0 = S[3]
    B0 = S[4]
    BEST = S[5]
    BM = S[6]
    IX = S[7]
    NM = S[8]
    G = S[9]
    LO = S[10]
    HI = S[11]
    ND0 = S[12]
    NS = S[13]
    MV = S[14]
    HP = S[15]
    HQ = S[16]
    OQ = S[17]
    OCC = S[18]
    O1 = S[19]
    K0 = KS[0]
    K1 = KS[1]
    frm = S[SCRATCH_ROWS - 2]
    onto = S[SCRATCH_ROWS - 1]
    ply = 0
    occ, o1 = _masks(H, own, cfg[0])
    pieces = 0
    for x in range(cfg[0]):
        pieces += H[x]
    ME[0], A[0], B[0], NS[0] = me0, alpha0, beta0, nstacks0
    mode = _ENTER
    v = 0
    while True:
        if mode == _ENTER:
            if stats[0] >= limit or abort[0] != 0:  # out of budget or told to stop: undo
                while ply > 0:
                    ply -= 1
                    m = MV[ply]
                    H[m // 64], H[m % 64], own[m % 64] = HP[ply], HQ[ply], OQ[ply]
                return ABORTED
            stats[0] += 1
            me, alpha, beta = ME[ply], A[ply], B[ply]
            if cfg[4] == 1:
                k0, k1 = _key_plain(H, occ, o1, me, cfg, pieces)
                g = 0
            else:
                k0, k1, g = _canonical(H, own, me, cfg, perms)
            K0[ply], K1[ply], G[ply], ND0[ply] = k0, k1, g, stats[0]
            # the table's slot is fetched from memory while the moves are generated (87% of
            # positions are not in the table; on the others the moves are not needed)
            _prefetch(T, _slot(k0, k1, mask))
            n = _generate(
                H,
                own,
                occ,
                o1,
                me,
                ply,
                cfg,
                RM,
                reach_ptr,
                reach_q,
                mid_ptr,
                mid_pts,
                mb,
                sb,
                frm,
                onto,
            )
            lo, hi = -1, 1
            d = _probe(k0, k1, T, mask)
            mode = _NEXT
            if d >= 0:
                lo, hi = (d & 3) - 1, ((d >> 2) & 3) - 1
                if lo >= beta or lo == hi:
                    v, mode = lo, _RETURN
                elif hi <= alpha:
                    v, mode = hi, _RETURN
                else:
                    alpha, beta = max(alpha, lo), min(beta, hi)
                    if (d >> 16) & 1:  # the stored best move first
                        hint = perms[g, (d >> 10) & 63] * 64 + perms[g, (d >> 4) & 63]
                        for i in range(n):
                            if mb[ply, i] == hint:
                                sb[ply, i] = np.int64(1) << np.int64(60)
            if mode == _NEXT:
                if NS[ply] >= etc_min:  # the transposition cutoffs look at every move
                    _sort_from(mb, sb, ply, 0, n)
                else:
                    _pick_first(mb, sb, ply, n)
                NM[ply], IX[ply], BEST[ply], BM[ply] = n, 0, -2, -1
                A[ply], B[ply], A0[ply], B0[ply], LO[ply], HI[ply] = (
                    alpha,
                    beta,
                    alpha,
                    beta,
                    lo,
                    hi,
                )
                if NS[ply] >= etc_min:
                    r = _etc(H, own, occ, o1, pieces, me, ply, n, beta, cfg, tabs, T, mask, mb)
                    if r >= beta:
                        _store(k0, k1, (r + 1) | ((hi + 1) << 2) | (1 << 17), T, mask, stats)
                        v, mode = r, _RETURN
        if mode == _RETURN:  # the node at ``ply`` is worth ``v`` to its mover
            if ply == 0:
                return v
            child_me = ME[ply]
            ply -= 1
            m = MV[ply]
            H[m // 64], H[m % 64], own[m % 64] = HP[ply], HQ[ply], OQ[ply]
            occ, o1 = OCC[ply], O1[ply]
            if child_me != ME[ply]:
                v = -v
            mode = _UPDATE
        if mode == _UPDATE:  # move MV[ply] is worth ``v`` to ME[ply]
            if v > BEST[ply]:
                BEST[ply], BM[ply] = v, MV[ply]
            if v > A[ply]:
                A[ply] = v
            if A[ply] >= B[ply]:
                IX[ply] = NM[ply]
            mode = _NEXT
        if mode == _NEXT:
            if IX[ply] < NM[ply]:
                if IX[ply] == 1 and NS[ply] < etc_min:  # the first move did not cut
                    _sort_from(mb, sb, ply, 1, NM[ply])
                m = mb[ply, IX[ply]]
                IX[ply] += 1
                me = ME[ply]
                p, q = m // 64, m % 64
                MV[ply], HP[ply], HQ[ply], OQ[ply] = m, H[p], H[q], own[q]
                OCC[ply], O1[ply] = occ, o1
                H[q] += H[p]
                own[q] = me
                H[p] = 0
                occ, o1 = _masks_after(occ, o1, p, q, me)
                nm = _next_mover_bb(
                    H, own, occ, o1, 1 - me, cfg, RM, reach_ptr, reach_q, mid_ptr, mid_pts
                )
                if nm < 0:
                    v = _final_value_bb(H, occ, o1, me, cfg)
                    H[p], H[q], own[q] = HP[ply], HQ[ply], OQ[ply]
                    occ, o1 = OCC[ply], O1[ply]
                    mode = _UPDATE
                else:
                    c = ply + 1
                    ME[c], NS[c] = nm, NS[ply] - 1
                    if nm == me:
                        A[c], B[c] = A[ply], B[ply]
                    else:
                        A[c], B[c] = -B[ply], -A[ply]
                    ply = c
                    mode = _ENTER
            else:  # every move searched (or a cutoff): store the bounds and the best move
                best, lo, hi = BEST[ply], LO[ply], HI[ply]
                if best <= A0[ply]:
                    hi = best
                elif best >= B0[ply]:
                    lo = best
                else:
                    lo = hi = best
                m, g = BM[ply], G[ply]
                data = (lo + 1) | ((hi + 1) << 2)
                data |= (invs[g, m // 64] << 10) | (invs[g, m % 64] << 4) | (1 << 16)
                data |= _work(stats[0] - ND0[ply] + 1) << 17
                _store(K0[ply], K1[ply], data, T, mask, stats)
                v, mode = best, _RETURN


@_kernel
def order_root_moves(H, own, me, cfg, tabs, mb, sb, S):
    """How many moves ``me`` has at the root; they are ``mb[0, :n]``, best first (as
    :func:`_generate` orders them). ``S``: the scratch rows of :func:`alpha_beta`."""
    reach_ptr, reach_q, mid_ptr, mid_pts, _perms, _invs, RM = tabs
    frm = S[SCRATCH_ROWS - 2]
    onto = S[SCRATCH_ROWS - 1]
    occ, o1 = _masks(H, own, cfg[0])
    n = _generate(
        H, own, occ, o1, me, 0, cfg, RM, reach_ptr, reach_q, mid_ptr, mid_pts, mb, sb, frm, onto
    )
    _sort_from(mb, sb, 0, 0, n)
    return n


@_kernel
def _used(T):
    """Entries in use (key1 words with the "used" bit 31)."""
    n = 0
    for i in range(1, T.shape[0], 2):
        if T[i] != 0:
            n += 1
    return n
