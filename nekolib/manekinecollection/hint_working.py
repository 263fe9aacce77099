"""The odds player's hint, part by part: each sentence part with the working of every number
it states (issue 28, "Hints that tell the whole truth").

A number in an odds hint is exact only under a model, and the sentence names it:

* **draws**: the cards I draw are a uniformly random set of the cards I have not seen (the
  deck is shuffled; the other hands are among the unseen cards), then the face-up discard
  pile once the deck runs out (:func:`analysis.draw_source`);
* **opponents' rows**: the cards an opponent still needs come at random from the cards I
  have not seen. They really *choose* them from their hand, and what they played or kept
  so far tells something about it: the model ignores both;
* **tiles**: each face-down Zabuton tile is random among its colour's values I have not
  seen face up (:func:`analysis.unseen_values`).

Every part is a :class:`Said`: the words and one :class:`~nekolib.working.Working` per
number in them, so the "How is this computed?" expander shows the cases, their
probabilities and the sum that gives each number.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from nekolib.manekinecollection.analysis import (
    DrawSource,
    collection_gain,
    draw_source,
    key_counts,
    reach_odds,
    tile_pairs,
    unseen_cards,
    unseen_values,
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
    kotatsu_phrase,
    rank_players,
    score_collection,
    seat_name,
)
from nekolib.working import Case, Working, approx

__all__ = ["Said", "fraction_text", "pass_said", "play_said", "stake_said", "take_said"]


def fraction_text(x: Fraction) -> str:
    """``p/q`` always (``1/1``, ``0/1`` too): hints show probabilities as exact fractions."""
    return f"{x.numerator}/{x.denominator}"


@dataclass(frozen=True)
class Said:
    """Part of a hint sentence and the working of each number it states."""

    text: str
    workings: tuple[Working, ...] = ()

    def __add__(self, other: Said) -> Said:
        return Said(self.text + other.text, self.workings + other.workings)


# --------------------------------------------------------------------------- models in words
def draw_model(source: DrawSource, draws: int) -> str:
    """The draw model in a few words (the deck, then a face-up discard pile)."""
    text = f"the cards you draw are random among the {len(source.unseen)} you have not seen"
    if source.discard is not None and draws > source.deck_size:
        text += f" (then from the {len(source.discard)} face-up discards, reshuffled)"
    return text


def rows_model(count: int, who: str) -> str:
    """The opponents' model: their missing cards at random, not chosen."""
    return (
        f"{who} is finished at random with cards from the {count} you have not seen"
        ", ignoring what they choose and what their play so far reveals"
    )


TILES_MODEL = "each face-down Zabuton tile is random among its colour's values you have not seen"


# --------------------------------------------------------------------------- open rows: reach
def reach_said(state: MNState, me: int, action: PlayCards, prefix: str = "") -> Said:
    """``you make one pair or better with p/q and 3cats or better with r/s``: over every
    draw (:func:`analysis.reach_odds`), keeping the other cards, finishing with the best."""
    k = action.kotatsu
    pieces = [p.colour for p in state.pieces_at(k)]
    source = draw_source(state, me)
    odds = reach_odds(pieces, state.kotatsu[k].rows[me], state.hands[me], source)
    option = next(o for o in odds.options if o.now == action.cards)
    model = draw_model(source, option.draws)
    where = kotatsu_phrase(k, len(state.kotatsu))
    workings = []
    for goal in ("one pair", "3cats"):
        i = HAND_CLASSES.index(goal)
        cases = [
            Case(
                f"your best finish is a {hand}",
                p,
                Fraction(int(HAND_CLASSES.index(hand) >= i)),
            )
            for hand, p in option.distribution.items()
        ]
        workings.append(
            Working(
                f"{prefix}P(your row at {where} ends {goal} or better after {action})",
                f"{model}; you keep your other cards and finish with the best",
                tuple(cases),
                option.at_least(goal),
                notes=(f"You draw {option.draws} card(s) after this play.",),
            )
        )
    pair, three = (w.result for w in workings)
    text = (
        f"you make one pair or better with {fraction_text(pair)} and 3cats or better with "
        f"{fraction_text(three)} (if {model}; keeping the other cards, drawing "
        f"{option.draws}, finishing with the best)"
    )
    return Said(text, tuple(workings))


# --------------------------------------------------------------------------- finished rows: duels
def duel_working(
    state: MNState, k: int, mine: tuple[Card, ...], q: int, pool: list[Card], prefix: str = ""
) -> Working:
    """P(my finished row at ``k`` beats seat ``q``'s row, finished at random from ``pool``):
    the cases are the classes their row can end in, each with the share of its finishes I
    beat (a tie is mine: my third card came first)."""
    pieces = state.pieces_at(k)
    setting = state.params.set_strength
    my_key = hand_key(pieces, mine, setting)
    counts = key_counts([p.colour for p in pieces], state.kotatsu[k].rows[q], pool, setting)
    total = sum(counts.values())
    by_class: dict[int, list[int]] = {}
    for key, n in counts.items():
        won = by_class.setdefault(key[0], [0, 0])
        won[0] += n if key <= my_key else 0
        won[1] += n
    mine_class = HAND_CLASSES[my_key[0]]
    cases = []
    for c, (won, n) in sorted(by_class.items()):
        label = f"{seat_name(q)}'s row ends a {HAND_CLASSES[c]}"
        if c == my_key[0]:
            label += " (as yours: the icons decide, a tie is yours)"
        cases.append(Case(label, Fraction(n, total), Fraction(won, n)))
    result = Fraction(sum(counts[key] for key in counts if key <= my_key), total)
    where = kotatsu_phrase(k, len(state.kotatsu))
    return Working(
        f"{prefix}P(your {mine_class} at {where} beats {seat_name(q)}'s row)",
        rows_model(len(pool), f"{seat_name(q)}'s row"),
        tuple(cases),
        result,
        notes=(
            f"{total} equally likely ways to finish {seat_name(q)}'s row; each case's value "
            "is the share of its ways your row beats.",
        ),
    )


def showdown_said(state: MNState, me: int, k: int, row: tuple[Card, ...], prefix: str = "") -> Said:
    """My row at ``k`` is finished by this play: the showdown now, or the chance of beating
    each opponent whose row there is still open."""
    board = state.kotatsu[k]
    pieces = state.pieces_at(k)
    setting = state.params.set_strength
    others = [q for q in range(state.num_players) if q != me]
    open_ = [q for q in others if len(board.rows[q]) < ROW_SIZE]
    mine = HAND_CLASSES[hand_key(pieces, row, setting)[0]]
    if not open_:
        return _showdown_now(state, me, k, row, prefix)
    pool = unseen_cards(state, me)
    workings = tuple(duel_working(state, k, row, q, pool, prefix) for q in open_)
    parts = [
        f"{seat_name(q)} with {fraction_text(w.result)}"
        for q, w in zip(open_, workings, strict=True)
    ]
    done = [q for q in others if q not in open_]
    beaten = ""
    if done:
        mine_key = hand_key(pieces, row, setting)
        verdicts = [
            f"{'beat' if mine_key > hand_key(pieces, board.rows[q], setting) else 'lose to'} "
            f"{seat_name(q)}'s finished row"
            for q in done
        ]
        beaten = " and you " + ", ".join(verdicts)
    if len(others) == 1:
        who = f"{seat_name(open_[0])}'s row"
        text = (
            f"you win that showdown against {parts[0]} ({mine}; if {rows_model(len(pool), who)};"
            " a tie is yours: your third card comes first)"
        )
        return Said(text, workings)
    text = (
        f"your {mine} beats {' and '.join(parts)} (if {rows_model(len(pool), 'each open row')};"
        f" a tie is yours){beaten}"
    )
    return Said(text, workings)


def _showdown_now(state: MNState, me: int, k: int, row: tuple[Card, ...], prefix: str) -> Said:
    board = state.kotatsu[k]
    pieces = state.pieces_at(k)
    setting = state.params.set_strength
    rows = list(board.rows)
    rows[me] = row
    ranking = rank_players(pieces, rows, (*board.completed, me), setting)
    place = ranking.index(me)
    others = [q for q in range(state.num_players) if q != me]
    names = ", ".join(
        f"{seat_name(q)}'s {HAND_CLASSES[hand_key(pieces, rows[q], setting)[0]]}" for q in others
    )
    mine = HAND_CLASSES[hand_key(pieces, row, setting)[0]]
    word = ["win", "come second in", "come third in", "come fourth in"][place]
    chance = Fraction(int(place == 0))
    model = "every row there is face up: no card is left to come"
    working = Working(
        f"{prefix}P(you win the showdown at {kotatsu_phrase(k, len(state.kotatsu))} now)",
        model,
        (Case(f"your {mine} against {names}: you {word} it", Fraction(1), chance),),
        chance,
    )
    text = (
        f"you {word} that showdown now (winning it: {fraction_text(chance)}, {model}): "
        f"your {mine} against {names}"
    )
    return Said(text, (working,))


def play_said(state: MNState, action: PlayCards, short: bool = False, prefix: str = "") -> Said:
    """The exact numbers behind a play (with their workings), each naming its model."""
    me = state.current_player()
    k = action.kotatsu
    row = tuple(sorted(state.kotatsu[k].rows[me] + action.cards))
    if len(row) < ROW_SIZE:
        said = reach_said(state, me, action, prefix)
    else:
        said = showdown_said(state, me, k, row, prefix)
    if short:
        return said
    where = kotatsu_phrase(k, len(state.kotatsu))
    return Said(f"at {where} ") + said + stake_said(state, me, k, prefix)


# --------------------------------------------------------------------------- zabuton stakes
def _tile_working(
    state: MNState,
    me: int,
    pieces: list[Any],
    values: dict[str, list[int]],
    both: bool,
    question: str,
) -> Working:
    """E[my score gain] over the equally likely values of the two face-down tiles: both
    tiles (2 players) or the better one after looking (3-4 players)."""
    mine = state.collected[me]
    params = state.params
    pairs = tile_pairs("hint", pieces, values, params)
    a, b = pieces
    before = score_collection(mine, params).total
    by_gain: dict[int, list[tuple[int, int]]] = {}
    for x, y in pairs:
        za, zb = ZabutonNeko(a, x), ZabutonNeko(b, y)
        if both:
            gain = score_collection((*mine, za, zb), params).total - before
        else:
            gain = max(collection_gain(mine, za, params), collection_gain(mine, zb, params))
        by_gain.setdefault(gain, []).append((x, y))
    cases = []
    for gain, got in sorted(by_gain.items()):
        shown = ", ".join(f"{x} & {y}" for x, y in sorted(set(got)))
        cases.append(
            Case(
                f"{a} & {b} tiles worth {shown}: you gain {gain}",
                Fraction(len(got), len(pairs)),
                Fraction(gain),
            )
        )
    result = sum((c.probability * c.value for c in cases), Fraction(0))
    how = "gain of both tiles" if both else "gain of the better tile, taken after looking"
    return Working(
        question,
        TILES_MODEL,
        tuple(cases),
        result,
        notes=(
            f"{len(pairs)} equally likely value pairs of the two tiles. Each case's value is "
            f"the {how}: the change of your final score (gold coin, cat food and the "
            "Ne-collection bonus included).",
        ),
    )


def stake_said(state: MNState, me: int, k: int, prefix: str = "") -> Said:
    """``; the 2 Zabuton Neko there would add g to your score if you win them, in
    expectation (model)``: the gain given the win, not weighted by the chance of winning."""
    pieces = list(state.pieces_at(k))
    if len(pieces) != 2:
        return Said("")
    values = unseen_values(state, me)
    where = kotatsu_phrase(k, len(state.kotatsu))
    both = state.num_players == 2
    if both:
        question = f"{prefix}E[your score gain from the 2 Zabuton Neko at {where}, if you win them]"
        words = "the 2 Zabuton Neko there would add"
        tail = "if you win them"
    else:
        question = f"{prefix}E[your score gain from the winner's pick at {where}, if you win it]"
        words = "the winner's pick there would add"
        tail = "if you win it"
    w = _tile_working(state, me, pieces, values, both, question)
    return Said(
        f"; {words} {w.result} to your score {tail}, in expectation (if {TILES_MODEL})", (w,)
    )


def take_said(state: MNState, action: TakeZabuton) -> Said:
    """The tiles' exact gains (shown to the chooser) and the prior worth before looking."""
    me = state.current_player()
    k = action.kotatsu
    slots = state.kotatsu[k].slots
    gains = {
        a.slot: collection_gain(state.collected[me], slots[a.slot], state.params)
        for a in state.legal_actions()
    }
    z = slots[action.slot]
    values = unseen_values(state, me)
    for tile in slots:  # the prior: the two tiles before I looked at them
        if tile is not None:
            values[tile.colour].append(tile.value)
    pieces = [t.piece for t in slots if t is not None]
    text = f"the {z.piece} (value {z.value}) adds {gains[action.slot]} to your score"
    shown = [_face_up_gain(state, me, slots[action.slot])]
    others = [s for s in gains if s != action.slot]
    if others:
        o = others[0]
        text += f" vs {gains[o]} for the {slots[o].piece} (value {slots[o].value})"
        shown.append(_face_up_gain(state, me, slots[o]))
    if len(pieces) != 2:
        return Said(text, tuple(shown))
    where = kotatsu_phrase(k, len(state.kotatsu))
    w = _tile_working(
        state,
        me,
        pieces,
        values,
        False,
        f"E[your gain from the better tile at {where}, before looking]",
    )
    tail = f"; before looking, the better tile was worth {approx(w.result)} expected"
    return Said(f"{text}{tail} (if {TILES_MODEL})", (*shown, w))


def _face_up_gain(state: MNState, me: int, tile: ZabutonNeko) -> Working:
    """A tile the chooser has looked at: its gain is certain (no chance left)."""
    params = state.params
    before = score_collection(state.collected[me], params).total
    after = score_collection((*state.collected[me], tile), params).total
    return Working(
        f"your score gain from the {tile.piece} (value {tile.value})",
        "the tile is face up to you: nothing is left to chance",
        (Case(f"your score goes from {before} to {after}", Fraction(1), Fraction(after - before)),),
        Fraction(after - before),
    )


def pass_said(state: MNState) -> Said:
    """No card can be played: the chance of beating each open row, where a duel is on."""
    me = state.current_player()
    pool = unseen_cards(state, me)
    parts = []
    workings = []
    for k, board in enumerate(state.kotatsu):
        if len(state.pieces_at(k)) != 2 or len(board.rows[me]) != ROW_SIZE:
            continue
        for q in range(state.num_players):
            if q == me or len(board.rows[q]) == ROW_SIZE:
                continue
            w = duel_working(state, k, board.rows[me], q, pool)
            workings.append(w)
            parts.append(
                f"{kotatsu_phrase(k)}: you beat {seat_name(q)} with {fraction_text(w.result)}"
            )
    text = "every place already holds three of your cards: passing is the only move"
    if parts:
        text += f" ({'; '.join(parts)}; if {rows_model(len(pool), 'each open row')})"
    return Said(text, tuple(workings))
