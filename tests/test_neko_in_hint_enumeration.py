"""Every number an expectimax hint states, against an independent enumeration (issue 28).

The enumeration here is written from the rules and walks the rules engine itself; it does not
call ``nekolib.neko_in.analysis``, ``hint_odds`` or the planner's maths. From the hinted
player's information, under the model the hints name:

* every deal of the tiles the player cannot see (each player keeping their number of tiles)
  that the board allows (no player holds the tile of the uncovered hideout its cat rests on)
  is equally likely; deals are grouped by who holds the tiles of the room the movement goes
  to (nothing else the movement reads), each group weighted by its number of deals;
* the face-down event tiles of a room are a shuffled multiset (the room's set less what was
  revealed there): revealing them one at a time is drawing without replacement, so a tile is
  drawn from the room's remaining multiset when a cat is about to land on it;
* dice: every outcome of ``state.chance_outcomes()``; a Cat Teaser roll that changes nothing
  is a self-loop, solved as ``x = rest / (1 - stay)``;
* choices of hideout: a player placing their own cat takes the first free hideout whose tile
  they hold, else the first one; an owner placing a visitor (or a spare cat) takes one whose
  tile the owner holds, else any free one, each equally likely (the greedy player).

Positions: 3-player games, Classic and Events (face-down tiles included), played by the
expectimax player; every move and hide decision of 220 positions a version is checked.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from fractions import Fraction

import pytest

from nekolib.core import TABLE
from nekolib.neko_in.agents import TableAgent
from nekolib.neko_in.planner import ExpectimaxAgent, _where
from nekolib.neko_in.rules import (
    CAT_TEASER,
    COLOURS,
    GARDEN,
    N_ICONS,
    Discard,
    Hide,
    Move,
    NekoState,
    UseLitterBox,
    new_game,
)

FRACTION = re.compile(r"(\d+)/(\d+)")
MOVEMENT_PHASES = {"brawl", "hide", "crunchies", "teaser"}


# --------------------------------------------------------------------------- positions
def positions(version: str, count: int) -> list[NekoState]:
    """Decision points (move or hide, a player deciding) of seeded expectimax games."""
    agent, table = ExpectimaxAgent(), TableAgent()
    found: list[NekoState] = []
    seed = 0
    while len(found) < count:
        state = new_game(3, seed=seed, version=version)
        rng = random.Random(seed)
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state = state.apply(state.sample_chance(rng))
                continue
            me = state.current_player()
            if me == TABLE:
                state = state.apply(table.choose(state, rng))
                continue
            if state.phase in ("move", "hide") and rng.random() < 0.5:
                found.append(state)
            state = state.apply(agent.choose(state, random.Random(1)))
        seed += 1
    return found


# --------------------------------------------------------------------------- worlds
def deal_groups(
    state: NekoState, me: int, room: int, seat: int | None, weigh=None
) -> list[tuple[NekoState, Fraction]]:
    """Deals of the unseen tiles, one per pattern of which of ``room``'s tiles ``seat`` holds
    (the only hand, besides ``me``'s, the movement reads), weighted by their numbers of deals
    (or, given ``weigh``, by the sum of ``weigh(hands)`` over them: a posterior)."""
    others = [p for p in range(3) if p != me]
    pool = sorted(t for p in others for t in state.hands[p])
    size = len(state.hands[others[0]])
    groups: dict[tuple, list] = {}
    total = 0
    for chosen in itertools.combinations(pool, size):
        rest = tuple(t for t in pool if t not in chosen)
        hands = list(state.hands)
        hands[others[0]], hands[others[1]] = chosen, rest
        w = weigh(tuple(hands)) if weigh else int(board_allows(state, hands))
        if not w:
            continue
        spaces = range(room * N_ICONS, room * N_ICONS + N_ICONS)
        key = () if seat in (None, me) else tuple(t in hands[seat] for t in spaces)
        groups.setdefault(key, [tuple(hands), 0])[1] += w
        total += w
    return [(state._evolve(hands=h), Fraction(k) / total) for h, k in groups.values()]


def board_allows(state: NekoState, hands: list) -> bool:
    """No player holds the tile of the uncovered hideout its cat rests on: a cat placed on a
    hideout whose tile its player holds gets rid of it at once ("Bring your own cat to the
    hideouts ... that match the coloured icons on your hideout tiles")."""
    for seat in range(3):
        pos = state.cats[state.colours[seat]]
        if 0 <= pos < 30 and pos not in state.covered and pos in hands[seat]:
            return False
    return True


def facedown_left(state: NekoState, room: int) -> Counter:
    spaces = range(room * N_ICONS, room * N_ICONS + N_ICONS)
    return Counter(state.events[s] for s in spaces if state.events and state.events[s])


def rolls_by_set(state: NekoState) -> list:
    """The ordered rolls merged by the set of colours shown (one representative each)."""
    merged: dict[frozenset, list] = {}
    for roll, p in state.chance_outcomes():
        entry = merged.setdefault(frozenset(roll.faces), [roll, Fraction(0)])
        entry[1] += p
    return [tuple(e) for e in merged.values()]


TEASER_LAWS: dict[tuple[int, ...], dict[int | None, Fraction]] = {}
MEMO: dict[tuple, Fraction] = {}


class Walk:
    """P(``seat`` gets rid of a tile before the movement ends), from a world's state."""

    def __init__(self, seat: int, room: int) -> None:
        self.seat, self.room = seat, room
        self.teaser_laws = TEASER_LAWS  # who is left depends only on who was gathered
        self.memo = MEMO  # shared by the walks of one position (the seat is in the key)

    def value(self, state: NekoState, before: int, drawn: frozenset[int]) -> Fraction:
        """Memoised on everything the rest of the movement can read (not the dice shown)."""
        key = (
            state.phase, state.cats, state.hands, state.covered, state.events, state.teaser,
            state.chooser, state.cat, state.target, state.room, state.moves_left, state.held,
            state.napping, state.active, self.seat, before, drawn,
        )  # fmt: skip
        if key not in self.memo:
            self.memo[key] = self._value(state, before, drawn)
        return self.memo[key]

    def _value(self, state: NekoState, before: int, drawn: frozenset[int]) -> Fraction:
        if state.phase not in MOVEMENT_PHASES:
            return Fraction(1 if len(state.hands[self.seat]) < before else 0)
        if state.phase == "teaser":
            return self.teaser(state, before, drawn)
        if state.phase != "hide":  # the dice: every roll ("comes up": a doubled colour once)
            return sum(
                (p * self.value(state.apply(r), before, drawn) for r, p in rolls_by_set(state)),
                Fraction(0),
            )
        chooser = state.current_player()
        spaces = [a.space for a in state.legal_actions()]
        if state.cat == state.colours[chooser]:  # their own cat: the first hideout they hold
            options = [([s for s in spaces if s in state.hands[chooser]] or spaces)[0]]
        else:  # a visitor or a spare cat: the greedy owner
            options = [s for s in spaces if s in state.hands[chooser]] or spaces
        total = Fraction(0)
        for s in options:
            for world, q in self.draw(state, s, drawn):
                nxt = world.apply(Hide(s))
                total += Fraction(1, len(options)) * q * self.value(nxt, before, drawn | {s})
        return total

    def undrawn(self, state: NekoState, drawn: frozenset[int]) -> list[int]:
        """The face-down spaces of the room whose tile is not drawn yet."""
        spaces = range(self.room * N_ICONS, self.room * N_ICONS + N_ICONS)
        return [s for s in spaces if state.events and state.events[s] and s not in drawn]

    def draw(self, state: NekoState, space: int, drawn: frozenset[int]):
        """The face-down tile on ``space``, drawn from what is left of its room's multiset."""
        if not state.events or not state.events[space] or space in drawn:
            return [(state, Fraction(1))]
        undrawn = self.undrawn(state, drawn)
        left = Counter(state.events[s] for s in undrawn)
        total = sum(left.values())
        out = []
        for event, k in left.items():
            events = list(state.events)
            # put ``event`` on ``space`` and keep the room's multiset: swap with a holder of it
            holder = next(s for s in undrawn if events[s] == event)
            events[holder], events[space] = events[space], event
            out.append((state._evolve(events=tuple(events)), Fraction(k, total)))
        return out

    def teaser(self, state: NekoState, before: int, drawn: frozenset[int]) -> Fraction:
        law = self.teaser_law(state)
        total = Fraction(0)
        colour = state.colours[self.seat]
        again = any(state.events[s] == CAT_TEASER for s in self.undrawn(state, drawn))
        for last, p in law.items():
            if last != colour and not again:
                continue  # the seat's cat is out in the Garden and no Cat Teaser can fetch it
            total += p * self.value(self.force(state, last), before, drawn)
        return total

    def teaser_law(self, state: NekoState) -> dict[int | None, Fraction]:
        """Who is left by the Cat Teaser: the engine's rolls, self-loops solved."""
        if state.teaser not in self.teaser_laws:
            memo: dict[tuple[int, ...], dict[int | None, Fraction]] = {}

            def solve(s: NekoState) -> dict[int | None, Fraction]:
                if s.phase != "teaser":
                    return {s.teaser[0] if s.teaser else None: Fraction(1)}
                if s.teaser in memo:
                    return memo[s.teaser]
                stay, law = Fraction(0), {}
                for roll, p in s.chance_outcomes():
                    nxt = s.apply(roll)
                    if nxt.phase == "teaser" and nxt.teaser == s.teaser:
                        stay += p
                        continue
                    for c, q in solve(nxt).items():
                        law[c] = law.get(c, Fraction(0)) + p * q
                memo[s.teaser] = {c: q / (1 - stay) for c, q in law.items()}
                return memo[s.teaser]

            self.teaser_laws[state.teaser] = solve(state)
        return self.teaser_laws[state.teaser]

    @staticmethod
    def force(state: NekoState, last: int | None) -> NekoState:
        """The engine's state once the Cat Teaser left ``last``: roll the others out in pairs."""
        while state.phase == "teaser":
            out = [c for c in state.teaser if c != last]
            faces = (out[0], out[1] if len(out) > 1 else out[0])
            state = state.apply(next(r for r, _ in state.chance_outcomes() if r.faces == faces))
        return state


def rid_truth(state: NekoState, me: int, action, weigh=None) -> Fraction:
    """P(``me`` gets rid of a tile with this movement), enumerated."""
    space = action.space if isinstance(action, UseLitterBox) else None
    room = action.room if isinstance(action, Move) else space // N_ICONS
    walk = Walk(me, room)
    total = Fraction(0)
    before = len(state.hands[me])
    owner = state.owner(room)
    for world, w in deal_groups(state, me, room, owner, weigh):
        draws = walk.draw(world, space, frozenset()) if space is not None else [(world, 1)]
        for drawn_world, q in draws:
            fixed = frozenset({space}) if space is not None else frozenset()
            total += w * q * walk.value(drawn_world.apply(action), before, fixed)
    return total


def hide_truth(state: NekoState, me: int, seat: int, space: int, weigh=None) -> Fraction:
    """P(``seat`` gets rid of a tile when its cat is put on ``space`` now), enumerated."""
    room = space // N_ICONS
    walk = Walk(seat, room)
    groups = deal_groups(state, me, room, seat, weigh) if seat != me else [(state, Fraction(1))]
    total = Fraction(0)
    for world, w in groups:
        before = len(world.hands[seat])
        for drawn_world, q in walk.draw(world, space, frozenset()):
            nxt = drawn_world.apply(Hide(space))
            total += w * q * walk.value(nxt, before, frozenset({space}))
    return total


def brawl_truth(state: NekoState, action) -> Fraction:
    """P(the brawl lets the cat in): the roll sends the defender, and only it, to the Garden."""
    brawl = state.apply(action)
    assert brawl.phase == "brawl"
    defender = brawl.occupant(brawl.room, brawl.cat)
    won = Fraction(0)
    for roll, p in brawl.chance_outcomes():
        after = brawl.apply(roll)
        if after.cats[defender] == GARDEN and after.phase == "hide" and after.cat == brawl.cat:
            won += p  # the defender alone went to the Garden: the attacker is placed now
        elif brawl.target >= 0 and after.cats[defender] == GARDEN != after.cats[brawl.cat]:
            won += p  # a Litter Box: it went straight to its hideout
    return won


def blocked_truth(state: NekoState, me: int, room: int, weigh=None) -> Fraction:
    owner = state.owner(room)
    free = set(state.free_spaces(room))
    return sum(
        (
            w
            for world, w in deal_groups(state, me, room, owner, weigh)
            if free & set(world.hands[owner])
        ),
        Fraction(0),
    )


def catch_truth(state: NekoState, rolls: int, want_none: bool) -> Fraction:
    colour = state.colours[state.current_player()]
    outcomes = state._evolve(phase="catch").chance_outcomes()
    none = Fraction(0)
    for combo in itertools.product(outcomes, repeat=rolls):
        if all(colour not in r.faces for r, _ in combo):
            p = Fraction(1)
            for _, q in combo:
                p *= q
            none += p
    return none if want_none else 1 - none


# --------------------------------------------------------------------------- the check
def stated(why: str) -> list[Fraction]:
    return [Fraction(int(a), int(b)) for a, b in FRACTION.findall(why)]


def truth_of(state: NekoState, me: int, action, question: str, weigh=None) -> Fraction:
    """The enumerated value of the number a working's question names (``weigh``: the weight
    of each deal of the unseen tiles, default: 1 if the board allows it)."""
    if question == "P(you get rid of a tile with this movement)":
        return rid_truth(state, me, action, weigh)
    if question.startswith("P(you get rid of a tile with ") and question.endswith(" instead)"):
        name = question[len("P(you get rid of a tile with ") : -len(" instead)")]
        alt = next(
            a
            for a in state.legal_actions()
            if isinstance(a, Move | UseLitterBox) and _where(a, short=True) == name
        )
        return rid_truth(state, me, alt, weigh)
    if question.startswith("P(you win the brawl"):
        return brawl_truth(state, action)
    if question == "P(the owner holds a free hideout's tile)":
        room = action.room if isinstance(action, Move) else action.tile // N_ICONS
        return blocked_truth(state, me, room, weigh)
    if question.startswith("P(you get rid of the "):
        return hide_truth(state, me, me, action.space)
    m = re.match(r"P\((none|one) of the next (\d) catch rolls", question)
    if m:
        return catch_truth(state, int(m.group(2)), m.group(1) == "none")
    m = re.match(r"(the riskiest: )?P\(the (\w+(?: \w+)?) cat gets rid of a tile on the", question)
    if m:
        seat = state.seat_of(COLOURS.index(m.group(2).lower()))
        spaces = [a.space for a in state.legal_actions()]
        if m.group(1):
            return max(hide_truth(state, me, seat, s, weigh) for s in spaces)
        return hide_truth(state, me, seat, action.space, weigh)
    if question == "P(the spare cat gets rid of a tile)":
        assert state.seat_of(state.cat) is None  # nobody plays it: no hand, nothing to get rid of
        return Fraction(0)
    raise AssertionError(f"no enumeration for {question!r}")


@pytest.mark.parametrize("version", ["classic", "events"])
def test_every_stated_number_is_the_enumerated_one(version):
    agent = ExpectimaxAgent()
    checked = Counter()
    facedown_moves = 0
    for state in positions(version, 220):
        MEMO.clear()
        me = state.current_player()
        action = agent.choose(state, random.Random(1))
        why = agent.explain(state, action)
        workings = agent.working(state, action)
        assert stated(why) == [w.result for w in workings], why
        for w in workings:
            assert truth_of(state, me, action, w.question) == w.result, (why, w.question)
            checked[w.question.split(" ")[0] + " " + w.question.split(" ")[1]] += 1
        if isinstance(action, Move | UseLitterBox):
            room = action.room if isinstance(action, Move) else action.space // N_ICONS
            facedown_moves += bool(facedown_left(state, room))
        # "sure" only after a stated 1/1, which the enumeration above found to be 1 in every
        # world and every roll (an average of values in [0, 1] is 1 only if all are)
        assert why.count(", sure") == why.count("1/1, sure"), why
    assert sum(checked.values()) >= 220
    if version == "events":
        assert facedown_moves >= 50  # Events positions with face-down tiles in the target room


def test_a_discard_hint_states_the_enumerated_odds_of_its_room():
    agent = ExpectimaxAgent()
    done = 0
    for state in positions("events", 80):
        me = state.current_player()
        if state.phase != "move" or state.moves_left != 1:
            continue
        discard = state._evolve(phase="discard", catcher=me)
        action = agent.choose(discard, random.Random(0))
        assert isinstance(action, Discard)
        (w,) = agent.working(discard, action)
        assert stated(agent.explain(discard, action)) == [w.result]
        if Move(action.tile // N_ICONS) in state.legal_actions():
            assert rid_truth(state, me, Move(action.tile // N_ICONS)) == w.result
            done += 1
    assert done >= 10


def test_the_deal_belief_matches_every_deal_the_board_allows_with_four_players():
    """``holdings_law`` (inclusion-exclusion) against a plain count of 4-player deals."""
    from nekolib.neko_in.hint_odds import holdings_law

    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        state = new_game(4, seed=seed)
        hands = [list(h) for h in state.hands]
        for h in hands[1:]:  # the others hold 2-3 tiles (small pools to enumerate)
            del h[: rng.choice((2, 3))]
        cats = list(state.cats)
        for seat in range(4):  # cats resting on uncovered hideouts they do not hold
            if rng.random() < 0.7:
                cats[state.colours[seat]] = rng.choice(
                    [s for s in range(20) if s not in hands[seat]]
                )
        state = state._evolve(hands=tuple(tuple(h) for h in hands), cats=tuple(cats))
        room = rng.randrange(4)
        candidates = state.free_spaces(room)
        other = rng.randrange(1, 4)
        pool = sorted(t for p in (1, 2, 3) for t in state.hands[p])
        sizes = [len(state.hands[p]) for p in (1, 2, 3)]
        counts: Counter = Counter()
        for a in itertools.combinations(pool, sizes[0]):
            left = [t for t in pool if t not in a]
            for b in itertools.combinations(left, sizes[1]):
                c = tuple(t for t in left if t not in b)
                deal = {1: a, 2: b, 3: c}
                if any(cats[state.colours[p]] in deal[p] for p in (1, 2, 3)):
                    continue  # its cat rests there: it would have got rid of that tile
                counts[frozenset(t for t in deal[other] if t in candidates)] += 1
        total = sum(counts.values())
        law = dict(holdings_law(state, 0, other, candidates))
        assert law == {s: Fraction(k, total) for s, k in counts.items()}
        checked += 1
    assert checked == 40
