"""Issue 28 for the Manekinecollection odds hint: every number the sentence states is checked
against an independent brute force over the cards and tiles the player has not seen (written
here from the rules: ``hand_key``, ``score_collection``, the state's view; nothing from
``analysis``), on 200+ seeded positions; each number is the result of one Working, and the
sentence names its model."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, product

import pytest

from nekolib.core import CHANCE, play_out
from nekolib.manekinecollection.agents import GreedyAgent, OddsAgent
from nekolib.manekinecollection.rules import (
    ROW_SIZE,
    MNState,
    PlayCards,
    TakeZabuton,
    ZabutonNeko,
    full_deck,
    hand_key,
    new_game,
    rank_players,
    score_collection,
)
from nekolib.working import Working, working_text

NUMBER = re.compile(
    r"(?:\bwith|winning it:|\badds?|\bvs|\bworth) (-?\d+(?:/\d+)?)(?=[ ,;)]|$)",
)
"""A number the hint states: a chance ("with p/q"), a gain ("adds g", "vs g"), a worth."""

MODEL_WORDS = ("if the cards you draw", "at random with cards from", "if each face-down", "face up")


class QuickOdds(OddsAgent):
    """The odds hint with a cheap ranking (the plays in a seeded random order): which play
    is named as the best alternative is the player's judgement, not a number of the hint;
    here only the numbers are checked, for whichever plays are named."""

    def ranked(self, state: MNState) -> list[tuple[PlayCards, float]]:
        plays = [a for a in state.legal_actions() if isinstance(a, PlayCards)]
        random.Random(str(state.turn)).shuffle(plays)
        return [(a, 0.0) for a in plays]


@cache
def key_of(pieces: tuple, cards: tuple, setting: str) -> tuple:
    """``rules.hand_key`` of a sorted row (cached: the unseen cards come in pairs)."""
    return hand_key(pieces, cards, setting)


def stated(text: str) -> list[Fraction]:
    return [Fraction(x) for x in NUMBER.findall(text)]


# --------------------------------------------------------------------------- independent maths
def unseen(state: MNState, me: int) -> list:
    """Every card ``me`` has not seen: the deck minus own hand, every row and the face-up
    discard pile (the other hands and the deck are among them)."""
    left = Counter(full_deck(state.params))
    left.subtract(state.hands[me])
    for board in state.kotatsu:
        for row in board.rows:
            left.subtract(row)
    if state.params.discard_visible:
        left.subtract(state.discard)
    return sorted(left.elements())


def draw_sets(state: MNState, me: int, draws: int) -> list[tuple]:
    """Every equally likely set of ``draws`` cards: the deck's cards are a shuffled part of
    the unseen cards; past the deck, the face-up discard pile is reshuffled."""
    pool = unseen(state, me)
    from_deck = min(draws, len(state.deck))
    rest = draws - from_deck
    if rest == 0 or not state.params.discard_visible:
        return list(combinations(pool, draws))
    return [a + b for a in combinations(pool, from_deck) for b in combinations(state.discard, rest)]


def reach_brute(state: MNState, action: PlayCards) -> tuple[Fraction, Fraction]:
    """P(best finish >= one pair), P(>= 3cats): play, draw back to 3, finish with the best."""
    me = state.current_player()
    pieces = state.pieces_at(action.kotatsu)
    row = state.kotatsu[action.kotatsu].rows[me] + action.cards
    kept = list(state.hands[me])
    for card in action.cards:
        kept.remove(card)
    missing = ROW_SIZE - len(row)
    hits = [0, 0]
    outcomes = draw_sets(state, me, 3 - len(kept))
    for drawn in outcomes:
        best = max(
            key_of(pieces, tuple(sorted([*row, *extra])), state.params.set_strength)[0]
            for extra in combinations([*kept, *drawn], missing)
        )
        hits[0] += best >= 1  # HAND_CLASSES: solocat, one pair, two pair, 3cats, ...
        hits[1] += best >= 3
    return Fraction(hits[0], len(outcomes)), Fraction(hits[1], len(outcomes))


def duel_brute(state: MNState, me: int, k: int, mine: tuple, q: int) -> Fraction:
    """P(my finished row beats ``q``'s, finished with unseen cards at random); a tie is mine
    ("the one who was first to play the third cat card" wins: my row is done first)."""
    pieces = state.pieces_at(k)
    theirs = state.kotatsu[k].rows[q]
    setting = state.params.set_strength
    my_key = hand_key(pieces, mine, setting)
    won = total = 0
    for extra in combinations(unseen(state, me), ROW_SIZE - len(theirs)):
        won += key_of(pieces, tuple(sorted([*theirs, *extra])), setting) <= my_key
        total += 1
    return Fraction(won, total)


def tile_values(state: MNState, me: int) -> dict[str, list[int]]:
    """Per colour, the tile values ``me`` has not seen face up (from the view)."""
    view = state.view(me)
    left = {c: Counter(state.params.zabuton_values) for c in state.params.colours}
    shown = [z for b in view["kotatsu"] for z in b["slots"] if z]
    shown += [z for zs in view["collected"] for z in zs]
    for z in shown:
        if isinstance(z["value"], int):
            left[z["colour"]][z["value"]] -= 1
    return {c: list(v.elements()) for c, v in left.items()}


def tile_brute(state: MNState, me: int, pieces, values, both: bool) -> Fraction:
    """E[score gain]: both tiles, or the better one after looking, over every value pair."""
    a, b = pieces
    if a.colour == b.colour:
        vs = values[a.colour]
        pairs = [(vs[i], vs[j]) for i in range(len(vs)) for j in range(len(vs)) if i != j]
    else:
        pairs = list(product(values[a.colour], values[b.colour]))
    mine = state.collected[me]
    base = score_collection(mine, state.params).total

    def gain(*tiles: ZabutonNeko) -> int:
        return score_collection((*mine, *tiles), state.params).total - base

    total = 0
    for x, y in pairs:
        za, zb = ZabutonNeko(a, x), ZabutonNeko(b, y)
        total += gain(za, zb) if both else max(gain(za), gain(zb))
    return Fraction(total, len(pairs))


def play_brute(state: MNState, action: PlayCards, short: bool) -> list[Fraction]:
    me = state.current_player()
    k = action.kotatsu
    board = state.kotatsu[k]
    row = tuple(sorted(board.rows[me] + action.cards))
    if len(row) < ROW_SIZE:
        out = list(reach_brute(state, action))
    else:
        open_ = [q for q in range(state.num_players) if q != me and len(board.rows[q]) < ROW_SIZE]
        out = [duel_brute(state, me, k, row, q) for q in open_]
        if not open_:
            rows = list(board.rows)
            rows[me] = row
            first = rank_players(state.pieces_at(k), rows, (*board.completed, me))[0]
            out = [Fraction(int(first == me))]
    if not short:
        pieces = state.pieces_at(k)
        out.append(tile_brute(state, me, pieces, tile_values(state, me), state.num_players == 2))
    return out


def hint_brute(state: MNState, action, alternative) -> list[Fraction]:
    """Every number the odds hint should state, in the sentence's order."""
    me = state.current_player()
    if isinstance(action, PlayCards):
        out = play_brute(state, action, short=False)
        return out + (play_brute(state, alternative, short=True) if alternative else [])
    if isinstance(action, TakeZabuton):
        slots = state.kotatsu[action.kotatsu].slots
        base = score_collection(state.collected[me], state.params).total
        order = [action.slot] + [s for s in range(len(slots)) if s != action.slot and slots[s]]
        out = [
            Fraction(score_collection((*state.collected[me], slots[s]), state.params).total - base)
            for s in order
        ]
        values = tile_values(state, me)
        for z in slots:  # before looking: the chooser's own two tiles were unseen too
            if z is not None:
                values[z.colour].append(z.value)
        pieces = [z.piece for z in slots if z is not None]
        return out + ([tile_brute(state, me, pieces, values, False)] if len(pieces) == 2 else [])
    out = []  # no card to play: each duel still on
    for k, board in enumerate(state.kotatsu):
        if len(state.pieces_at(k)) != 2:
            continue
        for q in range(state.num_players):
            if q != me and len(board.rows[q]) < ROW_SIZE:
                out.append(duel_brute(state, me, k, board.rows[me], q))
    return out


# --------------------------------------------------------------------------- positions
def positions(n: int, seed: int, every: int) -> list[MNState]:
    """Every ``every``-th decision of a seeded game of greedy players."""
    seen: list[MNState] = []
    play_out(
        new_game(n, seed=seed),
        [GreedyAgent() for _ in range(n)],
        random.Random(seed),
        on_step=lambda before, _a, _s: seen.append(before),
    )
    return [s for s in seen if s.current_player() != CHANCE][::every]


CASES = [(2, 0, 1), (2, 1, 2), (3, 2, 2), (3, 3, 3), (4, 4, 3), (4, 5, 4)]
"""(players, seed, every): about 210 positions in all."""


@pytest.mark.parametrize(("n", "seed", "every"), CASES)
def test_every_number_of_the_hint_is_the_brute_force_and_a_workings_result(n, seed, every):
    """Each number in the sentence (in order) is the brute force's, and the result of the
    Working at the same place; a 1/1 or 0/1 is only said where every case agrees (no chance
    outcome can change it)."""
    odds = QuickOdds()
    checked = 0
    states = positions(n, seed, every)
    for i, state in enumerate(states):
        actions = state.legal_actions()
        action = random.Random(i).choice(actions)  # any move may be asked about
        text = odds.explain(state, action)
        workings = odds.working(state, action)
        alternative = None
        if isinstance(action, PlayCards):
            others = [a for a, _ in odds.ranked(state) if a != action]
            alternative = others[0] if others else None
        expected = hint_brute(state, action, alternative)
        assert stated(text) == expected, (text, expected)
        assert [w.result for w in workings] == expected, working_text(workings)
        assert all(isinstance(w, Working) and w.model for w in workings)
        assert "sure" not in text and " ," not in text
        for w in workings:
            if w.weighted and w.result in (0, 1) and "P(" in w.question:
                assert {c.value for c in w.cases if c.probability} == {w.result}
        if expected:
            assert any(m in text for m in MODEL_WORDS), text
        checked += 1
    assert checked == len(states) >= 20


def test_the_sample_covers_every_kind_of_number():
    """200+ positions over the six games above, and every kind of sentence among them."""
    kinds: Counter[str] = Counter()
    total = 0
    for n, seed, every in CASES:
        for i, state in enumerate(positions(n, seed, every)):
            action = random.Random(i).choice(state.legal_actions())
            total += 1
            if isinstance(action, TakeZabuton):
                kinds["take"] += 1
            elif not isinstance(action, PlayCards):
                kinds["pass"] += 1
            else:
                me = state.current_player()
                done = len(state.kotatsu[action.kotatsu].rows[me]) + len(action.cards) == ROW_SIZE
                kinds["showdown" if done else "reach"] += 1
    assert total >= 200
    assert kinds["take"] and kinds["showdown"] and kinds["reach"], kinds


def test_the_widget_hint_shows_how_each_number_is_computed():
    """The hint in the notebook widget: the sentence, then a 'How is this computed?'
    expander with one working per number, each result the number the sentence states."""
    from nekolib.manekinecollection.widget import play
    from nekolib.working import working_html

    w = play(2, seats=["human", "odds"], seed=3)
    w.hint()
    why = w.hint_text.split(" - ", 1)[1]
    assert w.hint_working and [w_.result for w_ in w.hint_working] == stated(why)
    assert "How is this computed?" in w.status.value
    assert working_html(w.hint_working) in w.status.value
