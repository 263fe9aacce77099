"""Every number an Indovina Gatto hint states, re-derived by an enumeration written here.

Issue 28, "Hints that tell the whole truth". The hint player is ``lookahead``. For every
decision of seeded games (at least 200 positions) this file

* counts deals of the unseen trait cards with the rulebook's rules only (bitmask hands, no
  call into ``nekolib.indovina_gatto.analysis`` or ``lookahead``): "Tutti i giocatori
  (compreso quello che ha giocato la carta) controllano se almeno una delle caratteristiche
  della carta gatto è presente anche su una delle proprie carte caratteristica. In caso
  affermativo ... piazzano una delle maschere" - a player masks a cat exactly when one of
  their traits, unmasked ones included, is on it; "Il giocatore in questione deve
  rispondere onestamente" - a guess's answer is the truth;
* derives from the counts the numbers the hint's sentence should state, in its order;
* checks that the sentence states exactly those numbers, that the ``working()`` results
  are the same numbers, that the sentence names its model, and that no "1/1" (or "sure")
  is said of a number some chance outcome could still change.

The exposure of a cat is averaged over the opponents' masks, every pattern a table the
rules can produce (an opponent with an unmasked trait on the cat always masks it): the
old exposure, computed with no opponent's mask, fails here.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest

from nekolib.core import make_rng
from nekolib.indovina_gatto.lookahead import LookaheadAgent
from nekolib.indovina_gatto.rules import ALL_TRAITS, FINAL, PLAY, Guess, Pass, PlayCat, new_game

BIT = {t: 1 << i for i, t in enumerate(ALL_TRAITS)}
GUESS_MARGIN, LEAK = Fraction(-1, 10), Fraction(5)
BUDGET = 400_000
"""Largest number of hand combinations one position may need (keeps the file fast)."""


def mask_of(traits) -> int:
    m = 0
    for t in traits:
        m |= BIT[t]
    return m


# --------------------------------------------------------------------------- deals by the rules
def candidates(view, p: int, pool: int) -> list[int]:
    """Every hidden hand of player ``p`` (bitmask) that explains the table and the guesses."""
    shown = mask_of(view["revealed"][p])
    out = []
    bits = [b for b in BIT.values() if pool & b]
    for combo in itertools.combinations(bits, view["hidden_counts"][p]):
        hand = sum(combo)
        holds = hand | shown
        if any(bool(holds & mask_of(c["traits"])) != (p in c["maskers"]) for c in view["table"]):
            continue
        if any(
            g["suspect"] == p and bool(holds & BIT[g["trait"]]) != g["correct"]
            for g in view["guesses"]
        ):
            continue
        if not view["guess_own_traits"] and any(
            g["guesser"] == p and holds & BIT[g["trait"]] for g in view["guesses"]
        ):
            continue
        out.append(hand)
    return out


def enumerate_deals(view, unknown: list[int], pool: int):
    """(number of deals, {player: {trait: deals giving it}}) over the ``unknown`` players."""
    cands = {p: candidates(view, p, pool) for p in unknown}
    work = 1
    for p in unknown:
        work *= max(1, len(cands[p]))
    if work > BUDGET:
        raise TooBig
    counts = {p: dict.fromkeys(ALL_TRAITS, 0) for p in unknown}
    total = 0
    for hands in itertools.product(*(cands[p] for p in unknown)):
        union = 0
        for h in hands:
            if union & h:
                break
            union |= h
        else:
            total += 1
            for p, h in zip(unknown, hands, strict=True):
                for t, b in BIT.items():
                    if h & b:
                        counts[p][t] += 1
    return total, counts


class TooBig(Exception):
    """The position needs more enumeration than :data:`BUDGET`."""


def my_deals(view):
    """Deals from the viewer's view: opponents with hidden traits, over the unseen cards."""
    me, n = view["viewer"], view["num_players"]
    seen = mask_of(view["my_traits"]) | mask_of(t for r in view["revealed"] for t in r)
    pool = mask_of(ALL_TRAITS) & ~seen
    unknown = [p for p in range(n) if p != me and view["hidden_counts"][p]]
    return enumerate_deals(view, unknown, pool)


def spectator_total(view) -> Fraction:
    """A spectator (the table only): their chances of the viewer's true hidden traits, added up.

    The same count as :func:`enumerate_deals` with the viewer's hand taken last: the other
    players' disjoint hands are tallied by their union, then each hand of the viewer's
    counts the tallies it does not overlap, weighted by how many true traits it holds.
    """
    me, n = view["viewer"], view["num_players"]
    pool = mask_of(ALL_TRAITS) & ~mask_of(t for r in view["revealed"] for t in r)
    others = [p for p in range(n) if p != me and view["hidden_counts"][p]]
    cands = {p: candidates(view, p, pool) for p in [*others, me]}
    work = 1
    for p in cands:
        work *= max(1, len(cands[p]))
    if work > 4 * BUDGET:
        raise TooBig
    unions: dict[int, int] = {0: 1}
    for p in others:
        nxt: dict[int, int] = {}
        for u, c in unions.items():
            for h in cands[p]:
                if not u & h:
                    nxt[u | h] = nxt.get(u | h, 0) + c
        unions = nxt
    true = mask_of(t for t in view["my_traits"] if t not in view["revealed"][me])
    total = weighted = 0
    for h in cands[me]:
        fits = sum(c for u, c in unions.items() if not u & h)
        total += fits
        weighted += fits * (h & true).bit_count()
    return Fraction(weighted, total)


def with_cat(view, traits, maskers):
    row = {"card": -1, "player": view["viewer"], "traits": list(traits), "maskers": maskers}
    return {**view, "table": [*view["table"], row]}


# --------------------------------------------------------------------------- the numbers
def guess_table(view, total, counts):
    """[(value, p, suspect, trait)] of every nameable guess, best first (value, seat, trait)."""
    me, n = view["viewer"], view["num_players"]
    gone = set(view["my_traits"]) | {t for r in view["revealed"] for t in r}
    out = []
    for s in range(n):
        if s == me or not view["hidden_counts"][s]:
            continue
        for t in ALL_TRAITS:
            if t not in gone:
                p = Fraction(counts[s][t], total)
                # right: me +1, suspect -1; wrong: suspect +1; against the mean of n-1 others
                value = p * (1 + Fraction(1, n - 1)) - (1 - p) * Fraction(1, n - 1)
                out.append((value, p, s, t))
    out.sort(key=lambda g: (-g[0], g[2], ALL_TRAITS.index(g[3])))
    return out


def cat_numbers(view, card):
    """(right, gain, exposure, certain-right) of a cat, over every mask pattern the rules allow."""
    me, n = view["viewer"], view["num_players"]
    total, _ = my_deals(view)
    traits = card["traits"]
    own = [me] if set(traits) & set(view["my_traits"]) else []
    others = [p for p in range(n) if p != me]
    right = gain = exposure = Fraction(0)
    rights = []
    for r in range(len(others) + 1):
        for who in itertools.combinations(others, r):
            after = with_cat(view, traits, sorted([*own, *who]))
            count, counts = my_deals(after)
            if not count:
                continue  # includes every table where an unmasked trait goes unmasked
            chance = Fraction(count, total)
            best = guess_table(after, count, counts)
            if best:
                right += chance * best[0][1]
                gain += chance * max(best[0][0], Fraction(0))
                rights.append(best[0][1])
            exposure += chance * spectator_total(after)
    return right, gain, exposure, all(x == 1 for x in rights)


def share(points, hidden, me) -> Fraction:
    """ "Vince il giocatore con il maggior numero di punti. In caso di parità vince il
    giocatore con il maggior numero di caratteristiche non smascherate ... insieme"."""
    keys = list(zip(points, hidden, strict=True))
    top = max(keys)
    return Fraction(1, keys.count(top)) if keys[me] == top else Fraction(0)


def expected_numbers(view, action):
    """[(number, stated, certain)] the hint for ``action`` should state, in its order."""
    me = view["viewer"]
    if view["phase"] == PLAY:
        rows = []
        for card in view["hand"]:
            right, gain, exposure, sure_right = cat_numbers(view, card)
            score = gain - LEAK * exposure
            masks = bool(set(card["traits"]) & set(view["my_traits"]))
            rows.append((-score, card["card"], right, gain, exposure, sure_right, masks))
        rows.sort()
        mine = next(r for r in rows if r[1] == action.card)
        other = next((r for r in rows if r[1] != action.card), None)
        out = [(mine[2], True, mine[5]), (mine[3], True, False), (mine[4], True, False)]
        if other is not None and other[2:] != mine[2:]:
            out += [(other[2], True, other[5]), (other[3], True, False), (other[4], True, False)]
        return out
    total, counts = my_deals(view)
    table = guess_table(view, total, counts)
    if view["phase"] == FINAL:
        points, hidden = list(view["points"]), list(view["hidden_counts"])
        later = len(view["final_queue"]) > 1
        finals = [(share(points, hidden, me), 1, None, None)]
        done = set()
        for _, p, s, t in table:
            if s in done:
                continue
            done.add(s)
            rp, rh, wp = points[:], hidden[:], points[:]
            rp[me] += 1
            rp[s] -= 1
            rh[s] -= 1
            wp[s] += 1
            a, b = share(rp, rh, me), share(wp, hidden, me)
            finals.append((p * a + (1 - p) * b, 0, (p, a, b), (s, t)))
        finals.sort(key=lambda f: (-f[0], f[1]))
        mine = next(f for f in finals if (f[3] is None) == isinstance(action, Pass) and (
            f[3] is None or f[3] == (action.suspect, action.trait)))  # fmt: skip
        other = next((f for f in finals if f is not mine), None)
        out = []
        for f in [mine] + ([other] if other else []):
            if f[2] is not None:
                p, a, b = f[2]
                out.append((p, True, p == 1))
                certain = (p == 1 and a == 1) or (p == 0 and b == 1) or a == b == 1
            else:
                certain = True
            out.append((f[0], not (later and f[0] == 1), certain and not later))
        return out
    if not table:
        return []
    if isinstance(action, Guess):
        mine = next(g for g in table if (g[2], g[3]) == (action.suspect, action.trait))
        out = [(mine[1], True, mine[1] == 1), (mine[0], True, False), (Fraction(0), True, False)]
        other = next((g for g in table if g is not mine), None)
        if other is not None:
            out += [(other[1], True, other[1] == 1), (other[0], True, False)]
        return out
    best = table[0]
    return [
        (best[1], True, best[1] == 1),
        (best[0], True, False),
        (GUESS_MARGIN, True, False),
        (Fraction(0), True, False),
    ]


# --------------------------------------------------------------------------- the sentence
NUMBER = re.compile(r"[+-]?\d+(?:/\d+)?")


def stated_numbers(text: str) -> list[str]:
    """The numbers a sentence states: not cat and seat numbers, not percentages (repeats)."""
    text = re.sub(r"cat #\d+|player \d+|\([\d.]+%\)|≈ [+-]?[\d.]+|players 0, 1", "", text)
    return NUMBER.findall(text)


ALL_GAMES = ((2, range(12)), (3, range(6)), (4, range(2)))
"""The seeded games of the full check (``make test-slow``): at least 200 hints."""
SAMPLE_GAMES = ((2, range(5)), (3, range(2)), (4, range(1)))
"""``make test``'s sample of them: at least 120 hints (162 now), every kind of decision the full one
requires (2-player play, guess, pass and final round; 3 and 4 players)."""


def positions(games=ALL_GAMES):
    """Every decision of seeded games of lookahead players (2, 3 and 4 players)."""
    agent = LookaheadAgent()
    for n, seeds in games:
        for seed in seeds:
            state, rng = new_game(n, seed=seed), make_rng(seed)
            while not state.is_terminal():
                action = agent.choose(state, rng)
                yield state, action
                state = state.apply(action)


@pytest.mark.parametrize(
    ("games", "least"),
    [(SAMPLE_GAMES, 120), pytest.param(ALL_GAMES, 200, marks=pytest.mark.slow)],
    ids=["sample", "all"],
)
def test_every_number_of_every_hint_equals_an_enumeration_by_the_rules(games, least):
    agent = LookaheadAgent()
    checked, skipped, kinds, ones = 0, 0, set(), 0
    for state, action in positions(games):
        view = state.view(state.current_player())
        try:
            expected = expected_numbers(view, action)
        except TooBig:
            skipped += 1
            continue
        text = agent.explain(state, action)
        workings = agent.working(state, action)
        said = stated_numbers(text)
        assert [Fraction(x) for x in said] == [v for v, stated, _ in expected if stated], text
        assert [w.result for w in workings] == [v for v, _, _ in expected], text
        for x, (_, _, certain) in zip(said, [e for e in expected if e[1]], strict=True):
            if x == "1/1":  # a chance of 1 (a total such as the exposure is written "1")
                ones += 1
                assert certain, f"{x} said of a number a chance outcome can change: {text}"
        assert "sure" not in text
        if expected:
            assert "if the trait cards were dealt at random" in text, text
            assert all("dealt at random" in w.model or "setting" in w.model or "rules" in w.model
                       for w in workings)  # fmt: skip
        if view["phase"] == FINAL and len(view["final_queue"]) > 1:
            assert "the players after you in the final round do not guess" in text
        if isinstance(action, PlayCat):
            assert "averaged over the other players' masks" in text
        kinds.add((view["num_players"], view["phase"], type(action).__name__))
        checked += 1
    print(f"{checked} hints checked, {skipped} too big to enumerate")
    assert checked >= least, (checked, skipped)
    assert ones >= 1  # some hints do say 1/1, each of a number nothing can change
    assert {(2, PLAY, "PlayCat"), (2, "guess", "Guess"), (2, "guess", "Pass")} <= kinds, kinds
    assert (2, FINAL, "Guess") in kinds or (2, FINAL, "Pass") in kinds, kinds
    assert any(k[0] == 3 for k in kinds) and any(k[0] == 4 for k in kinds), kinds


def test_the_old_exposure_table_is_impossible_and_the_hint_uses_the_possible_ones():
    """A cat carrying an opponent's unmasked trait: the table with no opponent's mask on it
    (the old exposure's) has no deal at all by the rules; the exposure the hint states is the
    enumeration's average over the tables that can happen."""
    agent = LookaheadAgent()
    for state, _ in positions():
        view = state.view(state.current_player())
        if view["phase"] != PLAY or view["num_players"] != 2:
            continue
        me, them = view["viewer"], 1 - view["viewer"]
        for card in view["hand"]:
            if not set(card["traits"]) & set(view["revealed"][them]):
                continue
            own = [me] if set(card["traits"]) & set(view["my_traits"]) else []
            try:
                impossible, _ = my_deals(with_cat(view, card["traits"], own))
                _, _, exposure, _ = cat_numbers(view, card)
            except TooBig:
                continue
            assert impossible == 0
            assert agent.working(state, PlayCat(card["card"]))[2].result == exposure
            return
    pytest.fail("no position with an unmasked trait on a cat in hand")
