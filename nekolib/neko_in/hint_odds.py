"""The odds a Neko-in hint states, from the hinted player's information, with their working.

Issue 28 ("Hints that tell the whole truth"): a hint's number must average over everything
the player cannot see and name the model it is exact under. From one player's view:

* **Face-down event tiles** (Events): "shuffle the 5 event tiles of that colour face down and
  lay one on each hideout space of their room". Nobody looks at a face-down tile, and every
  tile revealed is shown to all, so what a player knows of a room's face-down tiles is their
  *multiset* (the room's set less the tiles already revealed there); every arrangement of it
  over the room's face-down spaces is equally likely. A hideout's tile is a Crunchies with
  probability (Crunchies still face down in the room) / (face-down tiles in the room), and
  drawing more of them (a Cat Teaser, then another hideout) is drawing without replacement.
  Reading that multiset off ``state.events`` is not peeking: it is public.
* **The other players' hideout tiles** are modelled as dealt at random: every deal of the tiles
  the player cannot see giving each player their number of tiles is equally likely, then
  weighed by what the moves so far show (:mod:`nekolib.neko_in.belief`: every cat seen resting
  on an uncovered hideout, every hideout another player chose, under the greedy model below)
  when the hint is given the match; else only by what the board shows (:data:`DEAL_MODEL`).
  The workings take that :class:`~nekolib.neko_in.belief.Belief` (``belief=``).
* **Another player's choice of hideout** follows the greedy player (``agents.GreedyAgent``):
  an owner puts a visitor on a free hideout whose tile the owner holds, when there is one,
  else on any free hideout, at random; a player placing their own cat takes the first free
  hideout whose tile they hold (this is also what the expectimax player does).
* **Dice** are fair (``Params.die_faces``): the brawl, Crunchies and the Cat Teaser rolls are
  enumerated exactly.

Each function returns a :class:`~nekolib.working.Working`: the cases, their probabilities and
values, and the result (the number the hint states), which checks that it adds up.

Not modelled (said in the working's notes where it can matter): a room whose event set holds
two Cat Teasers, where after a first Cat Teaser that leaves another cat the second one could
gather the player's cat again (the default sets hold one Cat Teaser per room).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

from nekolib.neko_in.belief import BOARD_MODEL, HIDE_LIKELIHOOD, Belief, resting_tile
from nekolib.neko_in.belief import belief as read_belief
from nekolib.neko_in.rules import (
    CAT_TEASER,
    COLOURS,
    CRUNCHIES,
    GARDEN,
    IN_ROOM,
    N_ICONS,
    NekoState,
    brawl_result,
    dice_outcomes,
    room_of,
    space_name,
)
from nekolib.working import Case, Working

__all__ = [
    "DEAL_MODEL",
    "EVENT_MODEL",
    "GREEDY_MODEL",
    "arrival_rid",
    "blocked_working",
    "brawl_working",
    "dice_round_working",
    "event_cases",
    "facedown",
    "holdings_law",
    "resting_tile",
    "rid_working",
    "teaser_last",
    "visitor_working",
]

DEAL_MODEL = BOARD_MODEL
GREEDY_MODEL = "the owner puts a visitor on a hideout whose tile the owner holds, else at random"
EVENT_MODEL = "face-down event tiles: every order of those you have not seen equally likely"
SELF_MODEL = "a player placing their own cat takes the first free hideout whose tile they hold"


# --------------------------------------------------------------------------- public knowledge
def facedown(state: NekoState, room: int) -> tuple[frozenset[int], Counter]:
    """The face-down spaces of ``room`` and the multiset of event tiles lying on them.

    The multiset is public: the room's set, less every tile revealed there in view of all.
    """
    if not state.events:
        return frozenset(), Counter()
    spaces = [s for s in range(room * N_ICONS, room * N_ICONS + N_ICONS) if state.events[s]]
    return frozenset(spaces), Counter(state.events[s] for s in spaces)


@cache
def _miss(faces: tuple[int, ...], colour: int) -> Fraction:
    """P(``colour`` is on neither of the two dice)."""
    return sum((p for r, p in dice_outcomes(faces, 2) if colour not in r.faces), Fraction(0))


@cache
def _teaser_solve(
    group: frozenset[int], faces: tuple[int, ...]
) -> tuple[tuple[int, Fraction], ...]:
    if len(group) <= 1:
        return tuple((c, Fraction(1)) for c in group)
    stay = Fraction(0)
    last: dict[int, Fraction] = {}
    for roll, p in dice_outcomes(faces, 2):
        left = group - set(roll.faces)
        if left == group:
            stay += p
            continue
        for c, q in _teaser_solve(frozenset(left), faces):
            last[c] = last.get(c, Fraction(0)) + p * q
    return tuple(sorted((c, q / (1 - stay)) for c, q in last.items()))


def teaser_last(group: frozenset[int], faces: tuple[int, ...], colour: int) -> Fraction:
    """P(the cat ``colour`` is the last one left by a Cat Teaser gathering ``group``).

    'Roll the two dice: the cats of the colours shown go to the garden. Keep rolling until
    only one cat (or none) remains in the room' (a roll changing nothing is rolled again).
    """
    return dict(_teaser_solve(frozenset(group), tuple(faces))).get(colour, Fraction(0))


def _gathered(state: NekoState, cats: tuple[int, ...]) -> frozenset[int]:
    """The cats a Cat Teaser gathers (``Params.teaser_gathers``), the cats being at ``cats``."""
    how = state.params.teaser_gathers
    if how == "all":
        return frozenset(range(len(COLOURS)))
    if how == "players":
        return frozenset(state.colours)
    return frozenset(c for c, p in enumerate(cats) if p != GARDEN)


# --------------------------------------------------------------------------- one arrival
def arrival_rid(
    state: NekoState,
    colour: int,
    space: int,
    hand: frozenset[int],
    cats: tuple[int, ...],
    down: frozenset[int] | None = None,
    left: Counter | None = None,
) -> Fraction:
    """P(the player of cat ``colour``, holding ``hand``, gets rid of a tile when the cat is
    placed on ``space`` with the cats at ``cats``), averaged over the face-down tile there.

    'When a cat is placed on a hideout space with a face-down event tile on it, that tile is
    revealed, its effects are applied' (``Params.event_before_tile``: before the hideout
    tile). Nap, Affinity, Litter Box: the tile is got rid of. Crunchies: unless the dice show
    the cat's colour. Cat Teaser: only if the cat is the last one left; its player then
    places it on the first free hideout whose tile they hold (drawing again from ``left``).
    """
    room = room_of(space)
    if down is None or left is None:
        down, left = facedown(state, room)
    mine = space in hand and space not in state.covered
    if space not in down or not state.params.event_before_tile:
        return Fraction(1 if mine else 0)
    total = sum(left.values())
    value = Fraction(0)
    for event, k in left.items():
        value += Fraction(k, total) * _after_event(
            state, colour, space, hand, cats, down, left, event
        )
    return value


def _after_event(
    state: NekoState,
    colour: int,
    space: int,
    hand: frozenset[int],
    cats: tuple[int, ...],
    down: frozenset[int],
    left: Counter,
    event: str,
) -> Fraction:
    mine = Fraction(1 if space in hand else 0)
    if event == CRUNCHIES:
        return _miss(tuple(state.params.die_faces), colour) * mine
    if event != CAT_TEASER:
        return mine
    room = room_of(space)
    placed = list(cats)
    placed[colour] = space
    group = _gathered(state, tuple(placed))
    last = teaser_last(group, tuple(state.params.die_faces), colour)
    if not last:
        return Fraction(0)
    rest = left.copy()
    rest[CAT_TEASER] -= 1
    rest += Counter()  # drop zero counts
    after = list(placed)
    for c in group:
        after[c] = GARDEN
    after[colour] = IN_ROOM + room
    free = [s for s in state.free_spaces(room) if s in hand]
    if not free:
        return Fraction(0)
    return last * arrival_rid(state, colour, free[0], hand, tuple(after), down - {space}, rest)


def event_cases(
    state: NekoState, colour: int, space: int, hand: frozenset[int], cats: tuple[int, ...]
) -> list[tuple[str, Fraction, Fraction]]:
    """The arrival on ``space`` split by the face-down tile there: (label, probability, value)."""
    down, left = facedown(state, room_of(space))
    if space not in down or not state.params.event_before_tile:
        return [
            (
                "no face-down event tile there",
                Fraction(1),
                arrival_rid(state, colour, space, hand, cats),
            )
        ]
    total = sum(left.values())
    grouped: dict[Fraction, list[str]] = {}
    weight: dict[Fraction, Fraction] = {}
    for event, k in sorted(left.items()):
        v = _after_event(state, colour, space, hand, cats, down, left, event)
        grouped.setdefault(v, []).append(event)
        weight[v] = weight.get(v, Fraction(0)) + Fraction(k, total)
    return [(f"its face-down tile is {_or(events)}", weight[v], v) for v, events in grouped.items()]


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


# --------------------------------------------------------------------------- the deal
def _unseen(state: NekoState, me: int) -> frozenset[int]:
    return frozenset(t for p, h in enumerate(state.hands) if p != me for t in h)


def holdings_law(
    state: NekoState,
    me: int,
    other: int,
    candidates: frozenset[int] | list[int],
    belief: Belief | None = None,
) -> list[tuple[frozenset[int], Fraction]]:
    """P(``other`` holds exactly ``S`` of ``candidates``), for every subset ``S``, from ``me``'s
    view: under ``belief`` (:func:`nekolib.neko_in.belief.belief`, read from the moves so far),
    else under :data:`DEAL_MODEL`: every deal of the unseen tiles that the board allows (no
    player holds the tile of the uncovered hideout its cat rests on, :func:`resting_tile`) is
    equally likely. Exact counting (:class:`~nekolib.neko_in.belief.Belief`)."""
    if belief is None:
        belief = read_belief(state, me)
    return belief.law(other, candidates)


# --------------------------------------------------------------------------- workings
def brawl_working(state: NekoState, colour: int, defender: int) -> Working:
    """P(the moving cat gets in): the 36 rolls of the brawl dice, by who goes to the Garden."""
    odds: dict[str, Fraction] = {}
    for roll, p in dice_outcomes(tuple(state.params.die_faces), 2):
        who = brawl_result(roll.faces, colour, defender)
        odds[who] = odds.get(who, Fraction(0)) + p
    label = {
        "attacker": "your colour shows, not theirs: your cat goes to the Garden",
        "both": "both colours show: both cats go to the Garden",
        "defender": f"your colour does not show: the {COLOURS[defender]} cat goes to the Garden",
    }
    cases = [Case(label[k], odds[k], Fraction(k == "defender")) for k in sorted(odds)]
    return Working(
        question=f"P(you win the brawl with the {COLOURS[defender]} cat)",
        model="fair dice (every roll of the two brawl dice equally likely)",
        cases=tuple(cases),
        result=odds.get("defender", Fraction(0)),
    )


def blocked_working(state: NekoState, me: int, room: int, belief: Belief | None = None) -> Working:
    """P(the owner of ``room`` holds the tile of one of its free hideouts), from ``me``'s view."""
    owner = state.owner(room)
    belief = belief or read_belief(state, me)
    law = holdings_law(state, me, owner, state.free_spaces(room), belief)
    by_k: dict[int, Fraction] = {}
    for subset, p in law:
        by_k[len(subset)] = by_k.get(len(subset), Fraction(0)) + p
    cases = tuple(
        Case(f"the owner holds {k} of the free hideouts' tiles", p, Fraction(k > 0))
        for k, p in sorted(by_k.items())
    )
    return Working(
        question="P(the owner holds a free hideout's tile)",
        model=belief.model,
        cases=cases,
        result=sum((p for k, p in by_k.items() if k), Fraction(0)),
        notes=(
            f"{len(_unseen(state, me))} tiles you cannot see, {len(state.hands[owner])} of them "
            f"the owner's; {_deal_note(belief)}",
        ),
    )


def _landing_law(
    state: NekoState, me: int, room: int, chooser: int, colour: int, here: int, belief: Belief
) -> list[tuple[int, Fraction, str]]:
    """Where the cat ``colour`` lands in ``room``: (space, probability, who chose and why)."""
    if chooser == me:
        free = state.free_spaces(room, here)
        if not free:
            return []
        mine = [s for s in free if s in state.hands[me]]
        space = (mine or free)[0]
        return [(space, Fraction(1), "you choose it")]
    free = state.free_spaces(room)
    law: dict[int, Fraction] = {}
    for subset, p in holdings_law(state, me, chooser, free, belief):
        pool = sorted(subset) or free
        for s in pool:
            law[s] = law.get(s, Fraction(0)) + p / len(pool)
    return [(s, p, "the owner's choice") for s, p in sorted(law.items())]


def rid_working(
    state: NekoState, me: int, room: int, space: int | None = None, belief: Belief | None = None
) -> Working:
    """P(``me`` gets rid of a tile with a movement to ``room`` (or a Litter Box to ``space``).

    The cases: the brawl lost; else each hideout the cat can land on (with the chance the
    chooser puts it there) and, if a face-down event tile lies on it, each tile it can be.
    """
    colour = state.colours[me]
    here = state.cats[colour]
    inside = 0 <= here < IN_ROOM and room_of(here) == room
    defender = None if inside else state.occupant(room, colour)
    cases: list[Case] = []
    get_in = Fraction(1)
    if defender is not None:
        get_in = brawl_working(state, colour, defender).result  # type: ignore[assignment]
        cases.append(
            Case("the brawl is lost (your cat goes to the Garden)", 1 - get_in, Fraction(0))
        )
    cats = list(state.cats)
    if defender is not None:
        cats[defender] = GARDEN
    if space is not None:
        landing = [(space, Fraction(1), "your Litter Box")]
    else:
        chooser = me if inside or room == colour else state.owner(room)
        belief = belief or read_belief(state, me)
        landing = _landing_law(state, me, room, chooser, colour, here, belief)
    hand = frozenset(state.hands[me])
    if not landing:
        cases.append(Case("no free hideout to land on", get_in, Fraction(0)))
    used = set()
    for s, p, why in landing:
        for label, q, v in event_cases(state, colour, s, hand, tuple(cats)):
            tile = "your tile" if s in hand else "not your tile"
            text = f"on the {space_name(s)} ({why}, {tile}); {label}"
            cases.append(Case(text, get_in * p * q, v))
            used.add(label != "no face-down event tile there")
    result = sum((c.probability * c.value for c in cases), Fraction(0))
    models = ["fair dice"]
    notes = _teaser_note(state, room)
    if any(why == "the owner's choice" for _, _, why in landing) and belief is not None:
        models += [GREEDY_MODEL, belief.model]
        notes += (f"who holds the unseen tiles: {_deal_note(belief)}",)
    if any(used):
        models += [EVENT_MODEL, SELF_MODEL]
    return Working(
        question="P(you get rid of a tile with this movement)",
        model="; ".join(models),
        cases=tuple(c for c in cases if c.probability),
        result=result,
        notes=notes,
    )


def visitor_working(
    state: NekoState, me: int, visitor: int, space: int, belief: Belief | None = None
) -> Working:
    """P(the ``visitor`` gets rid of a tile when ``me`` (the owner) puts its cat on ``space``)."""
    room = room_of(space)
    colour = state.colours[visitor]
    cats = list(state.cats)
    cats[colour] = IN_ROOM + room
    belief = belief or read_belief(state, me)
    law = holdings_law(state, me, visitor, state.free_spaces(room), belief)
    merged: dict[tuple[str, Fraction], Fraction] = {}
    for subset, p in law:
        for label, q, v in event_cases(state, colour, space, subset, tuple(cats)):
            held = "holds its tile" if space in subset else "does not hold its tile"
            key = (f"the visitor {held}; {label}", v)
            merged[key] = merged.get(key, Fraction(0)) + p * q
    out = tuple(Case(k[0], p, k[1]) for k, p in merged.items() if p)
    models = [belief.model]
    if facedown(state, room)[0]:
        models += [EVENT_MODEL, "the visitor then hides like the greedy player", "fair dice"]
    return Working(
        question=f"P(the {state.seat_name(visitor)} gets rid of a tile on the {space_name(space)})",
        model="; ".join(models),
        cases=out,
        result=sum((c.probability * c.value for c in out), Fraction(0)),
        notes=(*_teaser_note(state, room), f"who holds the unseen tiles: {_deal_note(belief)}"),
    )


def _deal_note(belief: Belief) -> str:
    """How the deal was weighed, for a working's notes."""
    if belief.seated:
        return (
            f"{belief.summary()}; every deal weighed by the probability the greedy player's "
            "own decision rule gives each of those choices; counted exactly"
        )
    if belief.read:
        return (
            f"{belief.summary()}; every deal weighed by the likelihood of the moves so far "
            f"under the greedy model ({HIDE_LIKELIHOOD}); counted exactly"
        )
    if belief.facts:
        return (
            f"{belief.summary()}; every deal those certain facts allow equally likely, no choice "
            f"read (counted exactly) ({belief.why_not})"
        )
    why = f" (the moves so far are not read: {belief.why_not})" if belief.why_not else ""
    return f"{belief.summary()}; every deal the board allows equally likely (counted exactly){why}"


def _teaser_note(state: NekoState, room: int) -> tuple[str, ...]:
    left = facedown(state, room)[1]
    if left[CAT_TEASER] >= 2:
        return (
            "not counted: this room hides two Cat Teasers; if another cat is left by the first, "
            "the second could gather your cat again",
        )
    return ()


def dice_round_working(catch: Fraction, rolls: int, colour: int, none: bool = True) -> Working:
    """P(none of the next ``rolls`` catch rolls shows ``colour``) (``none=False``: P(one of
    them does)): the dice alone."""
    cases = [
        Case(
            f"catch roll {k + 1} is the first to show {COLOURS[colour]}",
            (1 - catch) ** k * catch,
            Fraction(0 if none else 1),
        )
        for k in range(rolls)
    ]
    miss = (1 - catch) ** rolls
    cases.append(Case(f"none of the {rolls} rolls shows {COLOURS[colour]}", miss, Fraction(none)))
    what = "none of" if none else "one of"
    return Working(
        question=f"P({what} the next {rolls} catch rolls shows your cat's colour)",
        model="fair catch die; nothing else (brawls, Cat Teasers, Affinity swaps) is counted",
        cases=tuple(cases),
        result=miss if none else 1 - miss,
    )
