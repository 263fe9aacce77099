"""The strongest Neko-in player: expectimax over the turn, with exact odds, and a plan cost.

:class:`ExpectimaxAgent` decides from its own view (its tiles, the board, the numbers of the
other players' tiles). For each movement it takes the exact chance of the turn the hint states
(:func:`nekolib.neko_in.hint_odds.rid_working`: the brawl dice, the owner's choice of hideout
given its belief over the tiles it cannot see, the face-down event tiles) and scores each
outcome with the *plan cost*: the turns it still expects to need, room by room ("Bring your
own cat to the hideouts ... that match the coloured icons on your hideout tiles"):

* a tile of its own room costs one turn (it chooses the hideout there);
* a tile of the room its cat is in costs one turn, if the cat is still there next turn
  (the catch die, :func:`~nekolib.neko_in.analysis.catch_chance`, may carry it out first);
* the tiles of another room cost one turn each plus the turns lost getting in (a brawl,
  or an owner who puts the cat on a hideout whose tile the owner holds), again after
  every time the cat is carried out.

So it stays in a room while it holds tiles there (the greedy player may leave for its own
room, which is never lost), keeps a tile of its own room for last ("You cannot get rid of
your last tile by catching the cat shown on the die", and that one is sure), enters the
room with the best odds and the most tiles to come, puts a visitor on a hideout whose tile
cannot be theirs (its own tiles and those in the box), and after a catch gets rid of the
tile that is most expensive to reach. The weights were tuned against greedy players
(``docs/assumptions/neko_in.md``).

:meth:`ExpectimaxAgent.explain` says why, with numbers exact from the player's information
under a model each sentence names (issue 28, :mod:`nekolib.neko_in.hint_odds`): the face-down
event tiles averaged over those not yet seen, the unseen hideout tiles dealt at random and
read from the moves so far under the greedy model (:mod:`nekolib.neko_in.belief`, given
``history=`` the match; without it, only what the board shows), a greedy owner, fair dice.
:meth:`ExpectimaxAgent.working` gives the calculation behind each number (the widget's "How
is this computed?"). The choice weighs with the very numbers the sentence states (issue 42):
:meth:`ExpectimaxAgent.choose` takes the same ``history=`` and every decision (movement,
visitor placement, discard, Crunchies) reads the same :class:`~nekolib.neko_in.belief.Belief`;
when a movement with better odds now is turned down, the sentence gives the expected turns
still needed by both.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from nekolib.core import TABLE, GameState, NekoError
from nekolib.neko_in.analysis import catch_chance, unseen_tiles
from nekolib.neko_in.belief import FACTS_MODEL, HISTORY_MODEL, NO_FIT, NO_MOVES, TOO_MANY, Belief
from nekolib.neko_in.belief import belief as read_belief
from nekolib.neko_in.hint_odds import (
    DEAL_MODEL,
    EVENT_MODEL,
    GREEDY_MODEL,
    blocked_working,
    brawl_working,
    dice_round_working,
    event_cases,
    rid_working,
    visitor_working,
)
from nekolib.neko_in.rules import (
    COLOURS,
    IN_ROOM,
    N_ICONS,
    ROOMS,
    Discard,
    EndTurn,
    Fastest,
    Hide,
    Move,
    NekoState,
    Pass,
    UseCrunchies,
    UseLitterBox,
    Wake,
    room_of,
    space_name,
    tile_name,
)
from nekolib.neko_in.seated import SEATED_MODEL, seated_belief
from nekolib.working import Case, Working

__all__ = ["ExpectimaxAgent", "MoveOdds"]


@dataclass(frozen=True)
class MoveOdds:
    """One movement weighed: its exact odds this turn and the expected plan cost after it."""

    action: Any
    rid: Fraction
    """P(a tile is got rid of with this movement)."""
    get_in: Fraction
    """P(the cat gets into the room: 1, or the brawl odds)."""
    blocked: Fraction
    """P(the owner can put the cat on a hideout whose tile the owner holds)."""
    cost: float
    """Expected turns still needed after the movement (lower is better)."""


def _fmt(p: Fraction) -> str:
    """An exact probability as p/q, also when it is 0 or 1 ('0/1', '1/1, sure'); a long
    fraction also as a rounded percentage ('783697/2419200 ≈ 32%'), which a learner can read."""
    exact = f"{p.numerator}/{p.denominator}" + (", sure" if p == 1 else "")
    return exact + (f" ≈ {_percent(p)}" if p.denominator > 100 and 0 < p < 1 else "")


def _percent(p: Fraction) -> str:
    """A probability strictly between 0 and 1 as a percentage that is neither 0% nor 100%."""
    pct = float(p) * 100
    if pct < 1:
        return f"{pct:.1g}%"
    return f"{pct:.1f}%" if pct > 99 else f"{pct:.0f}%"


_DICE_ALONE = "(the dice alone: brawls and events can also move your cat)"


def _model_words(models: list[str]) -> str:
    """The model behind a sentence's numbers, in a few words (the workings give it in full)."""
    text = "; ".join(models)
    tags = []
    if GREEDY_MODEL in text:
        tags.append("greedy owner")
    if "greedy player" in text:
        tags.append("the visitor hides like the greedy player")
    seated = re.search(r"\[([^\]]+)\]", text)  # why the seats' own rules were not read
    also = f"; {seated.group(1)}" if seated else ""
    if SEATED_MODEL in text:
        tags.append(
            "unseen tiles dealt at random, read from every move of the greedy players seated, "
            "by their own rule"
        )
    elif HISTORY_MODEL in text:
        tags.append(
            "unseen tiles dealt at random, read from the hideouts the others chose (greedy "
            "model) and where their cats rested; rooms, discards and events read as telling "
            "nothing" + (f" ({also[2:]})" if also else "")
        )
    elif FACTS_MODEL in text:
        why = next((w for w in (TOO_MANY, NO_FIT) if w in text), "")
        tags.append(
            "unseen tiles dealt at random as the moves so far allow for sure (cats that rested "
            f"on uncovered hideouts), no choice read ({why}{also})"
        )
    elif DEAL_MODEL in text:
        why = next((w for w in (TOO_MANY, NO_FIT, NO_MOVES) if w in text), "")
        why = f"{why}{also}" if why else also[2:]
        tags.append(
            "unseen tiles dealt at random as the board allows, nothing read from past moves"
            + (f" ({why})" if why else "")
        )
    if EVENT_MODEL in text:
        tags.append("face-down event tiles averaged over those not yet seen")
    if "fair dice" in text:
        tags.append("fair dice")
    return f" (model: {', '.join(tags)})" if tags else " (no chance involved)"


def _rid(state: NekoState, me: int, action: Any, belief: Belief | None = None) -> Working:
    """P(``me`` gets rid of a tile with this movement), exact from ``me``'s information."""
    if isinstance(action, UseLitterBox):
        return rid_working(state, me, room_of(action.space), action.space, belief)
    return rid_working(state, me, action.room, belief=belief)


def _here_working(state: NekoState, me: int, space: int) -> Working:
    """P(``me`` gets rid of the tile of ``space``, placing its own cat there now)."""
    colour = state.colours[me]
    cases = event_cases(state, colour, space, frozenset(state.hands[me]), state.cats)
    question = f"P(you get rid of the {tile_name(space)} tile here)"
    if len(cases) == 1 and cases[0][0].startswith("no face-down"):
        return Working(question, "no chance involved", (), cases[0][2])
    return Working(
        question,
        f"{EVENT_MODEL}; fair dice",
        tuple(Case(label, p, v) for label, p, v in cases),
        sum((p * v for _, p, v in cases), Fraction(0)),
    )


def _table_working(k: int) -> Working:
    return Working(
        question="P(a given player is named fastest)",
        model="the table names one of the players at random",
        cases=(
            Case("that player is named", Fraction(1, k), Fraction(1)),
            Case("another player is named", 1 - Fraction(1, k), Fraction(0)),
        ),
        result=Fraction(1, k),
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@dataclass
class ExpectimaxAgent:
    """Expectimax over the turn with exact odds and a tuned plan cost (module docstring)."""

    name: str = "expectimax"
    kick: float = 0.0
    """Turns counted in my favour when a brawl sends another player's cat home from a room
    that is not its own. 0: against greedy players every credit tried (0.2 to 1.5, also only
    against a player holding 1-2 tiles) lost games (``docs/assumptions/neko_in.md``)."""
    litter_keep: float = 0.5
    """Value (in turns) of keeping a Litter Box tile for later instead of using it now."""
    keep_own: float = 1.0
    """Value (in turns) of still holding a tile of my own room: the last tile cannot be got
    rid of by a catch, and a tile of my own room is the one sure to be got rid of."""

    # ------------------------------------------------------------------ choose
    def choose(
        self, state: GameState, rng: random.Random, history: Any = None, seats: Any = None
    ) -> Any:
        """The move, weighed with the belief the hint states (:meth:`belief`): given
        ``history`` (the match so far) read from the moves so far, else from the board;
        ``seats`` (who plays each seat: ``"greedy"``, ``"human"``, ...) lets it read every
        move of greedy seats by their own rule."""
        legal = state.legal_actions()
        me = state.current_player()
        if me == TABLE:
            catchers = [a for a in legal if isinstance(a, Fastest) and a.player is not None]
            return rng.choice(catchers or legal)
        state = _neko(state)
        phase = state.phase
        if phase not in ("hide", "discard", "move"):
            return legal[0]
        belief = self.belief(state, me, history, seats)
        if phase == "hide":
            return self._hide(state, me, legal, belief)
        if phase == "discard":
            ctx = _Context(state, me, self.keep_own, belief)
            return min(legal, key=lambda a: (self._discard_cost(ctx, a.tile), a.tile))
        return self._move(state, me, legal, belief)

    def _hide(self, state: NekoState, me: int, legal: list, belief: Belief) -> Any:
        if state.cat == state.colours[me]:  # my own cat: a hideout whose tile I hold
            mine = [a for a in legal if a.space in state.hands[me]]
            return (mine or legal)[0]
        visitor = state.seat_of(state.cat)
        if visitor is None:
            return legal[0]
        risk = {a: visitor_working(state, me, visitor, a.space, belief).result for a in legal}
        return min(legal, key=lambda a: (risk[a], a.space))

    def _move(self, state: NekoState, me: int, legal: list, belief: Belief) -> Any:
        weighed = self.weigh(state, me, legal, belief)
        if weighed:
            best = min(weighed, key=lambda w: w.cost)
            if UseCrunchies() in legal and len(state.hands[me]) > 1:
                return UseCrunchies()  # one extra movement now
            return best.action
        for action in legal:
            if isinstance(action, Pass | EndTurn | Wake):
                return action
        return legal[0]

    # ------------------------------------------------------------------ weighing movements
    def weigh(
        self, state: NekoState, me: int, legal: list | None = None, belief: Belief | None = None
    ) -> list[MoveOdds]:
        """Every movement (a room, or a Litter Box to a hideout I hold) with its exact odds
        under ``belief`` (default: the board alone), the odds the hint states."""
        legal = state.legal_actions() if legal is None else legal
        belief = belief or read_belief(state, me)
        ctx = _Context(state, me, self.keep_own, belief)
        out = []
        for action in legal:
            if isinstance(action, Move):
                out.append(self._weigh_room(state, me, ctx, action))
            elif isinstance(action, UseLitterBox) and action.space in state.hands[me]:
                out.append(self._weigh_litter(state, me, ctx, action))
        return out

    def _weigh_room(self, state: NekoState, me: int, ctx: _Context, action: Move) -> MoveOdds:
        room = action.room
        odds = _odds(state, me, action, ctx.belief)
        get_in, rid = float(odds["get_in"]), float(odds["rid"])
        hand = state.hands[me]
        with_tile = ctx.cost(_less_one(hand, room), room) if rid else 0.0
        stay = ctx.cost(hand, room)
        home = ctx.cost(hand, None)
        cost = rid * with_tile + (get_in - rid) * stay + (1 - get_in) * home
        cost -= self._kick_bonus(state, me, room, get_in)
        return MoveOdds(action, odds["rid"], odds["get_in"], odds["blocked"], cost)

    def _weigh_litter(
        self, state: NekoState, me: int, ctx: _Context, action: UseLitterBox
    ) -> MoveOdds:
        room = action.space // N_ICONS
        odds = _odds(state, me, action, ctx.belief)
        get_in, rid = odds["get_in"], odds["rid"]
        hand = tuple(t for t in state.hands[me] if t != action.space)
        g, r = float(get_in), float(rid)
        cost = r * ctx.cost(hand, room) + (g - r) * ctx.cost(state.hands[me], room)
        cost += (1 - g) * ctx.cost(state.hands[me], None)
        cost += self.litter_keep - self._kick_bonus(state, me, room, g)
        return MoveOdds(action, rid, get_in, Fraction(0), cost)

    def _kick_bonus(self, state: NekoState, me: int, room: int, get_in: float) -> float:
        """Sending a cat home from a room that is not its own sets its player back."""
        colour = state.colours[me]
        here = state.cats[colour]
        if 0 <= here < IN_ROOM and here // N_ICONS == room:
            return 0.0
        other = state.occupant(room, colour)
        seat = None if other is None else state.seat_of(other)
        if seat is None or room == other:
            return 0.0
        return self.kick * get_in

    def _discard_cost(self, ctx: _Context, tile: int) -> float:
        state, me = ctx.state, ctx.me
        here = state.cats[state.colours[me]]
        room = here // N_ICONS if 0 <= here < IN_ROOM else None
        return ctx.cost(tuple(t for t in state.hands[me] if t != tile), room)

    # ------------------------------------------------------------------ explain
    reads_history = True
    """:meth:`choose`, :meth:`explain` and :meth:`working` take the match so far
    (``history=``) and who plays each seat (``seats=``)."""
    reads_seats = True

    def explain(self, state: GameState, action: Any, history: Any = None, seats: Any = None) -> str:
        """Why this move, with the exact fractions behind it (the decider's view only).

        Every number is the result of one :meth:`working` (same order) and the sentence ends
        with the model it is exact under (``nekolib.neko_in.hint_odds``). ``history``: the
        match so far (a :class:`~nekolib.core.Match`, or its ``(state, action)`` pairs
        leading to ``state``); the unseen deal is then read from the moves so far
        (:mod:`nekolib.neko_in.belief`), else from the board alone; with ``seats`` all
        ``"greedy"`` (the other seats), every move they made is read by the greedy player's
        own rule (:mod:`nekolib.neko_in.seated`), the exact posterior at that table."""
        return self._hint(state, action, history, seats)[0]

    def working(
        self, state: GameState, action: Any, history: Any = None, seats: Any = None
    ) -> list[Working]:
        """One :class:`~nekolib.working.Working` per number :meth:`explain` states, in order."""
        return self._hint(state, action, history, seats)[1]

    def belief(self, state: NekoState, me: int, history: Any = None, seats: Any = None) -> Belief:
        """``me``'s belief over the unseen deal (the last one is kept: explain, then working):
        exact at a table of greedy players (:func:`~nekolib.neko_in.seated.seated_belief`),
        else :func:`~nekolib.neko_in.belief.belief`, which says what it read."""
        seats = None if seats is None else tuple(seats)
        key = (id(state), me, None if history is None else _history_key(history), seats)
        cached = self.__dict__.get("_belief")
        if cached is None or cached[0] != key or cached[1] is not state:
            found, why = seated_belief(state, me, history, seats)
            if found is None:
                found = read_belief(state, me, history)
                if why and history is not None:
                    found.model += f" [{why}]"
            cached = (key, state, found)
            self.__dict__["_belief"] = cached
        return cached[2]

    def _hint(
        self, state: GameState, action: Any, history: Any = None, seats: Any = None
    ) -> tuple[str, list[Working]]:
        me = state.current_player()
        legal = state.legal_actions()
        if me == TABLE:
            k = sum(1 for a in legal if isinstance(a, Fastest) and a.player is not None)
            w = _table_working(k)
            return (
                f"the table is not a strategist: each of the {k} players is fastest with "
                f"{_fmt(w.result)} (model: the table names a player at random)",
                [w],
            )
        state = _neko(state)
        belief = self.belief(state, me, history, seats)
        ctx = _Context(state, me, belief=belief)
        if isinstance(action, Move | UseLitterBox):
            return self._explain_move(state, me, action, legal, belief)
        if isinstance(action, Hide):
            return self._explain_hide(state, me, ctx, action, legal, belief)
        if isinstance(action, Discard):
            return self._explain_discard(state, me, action, belief)
        n, colour = state.num_players, ctx.own
        if isinstance(action, UseCrunchies):
            w = dice_round_working(ctx.catch, n, colour, none=False)
            return (
                f"one extra movement now; one of the next {n} catch rolls shows your cat's "
                f"colour with {_fmt(w.result)} {_DICE_ALONE}",
                [w],
            )
        if isinstance(action, Wake):
            w = dice_round_working(ctx.catch, 1, colour, none=False)
            return (
                "a napping cat may only wake up; this turn's catch roll shows its colour with "
                f"{_fmt(w.result)} {_DICE_ALONE}",
                [w],
            )
        if isinstance(action, Pass):
            return "every hideout your cat could reach is covered: no movement is possible", []
        w = dice_round_working(ctx.catch, n, colour, none=False)
        return (
            f"no movement weighs better; one of the next {n} catch rolls shows your cat's colour "
            f"with {_fmt(w.result)} {_DICE_ALONE}",
            [w],
        )

    def _explain_move(
        self, state: NekoState, me: int, action: Any, legal: list, belief: Belief
    ) -> tuple[str, list[Working]]:
        weighed = self.weigh(state, me, legal, belief)
        chosen = next((w for w in weighed if w.action == action), None)
        if chosen is None:
            return "a movement no better than the others (no odds computed for it)", []
        rid = _rid(state, me, action, belief)
        workings = [rid]
        text = f"you get rid of a tile with {_fmt(rid.result)}"  # the widget names the move
        why, parts = _why(state, me, chosen, belief)
        text += why
        workings += parts
        models = [rid.model]
        others = sorted((w for w in weighed if w.action != action), key=lambda w: w.cost)
        if others:
            best = others[0]  # the best alternative by the player's weighing
            exact = {w.action: _rid(state, me, w.action, belief) for w in others}
            surest = max(others, key=lambda w: exact[w.action].result)
            alts = [best] + (
                [surest]
                if exact[surest.action].result > max(rid.result, exact[best.action].result)
                else []
            )
            for alt in alts:
                w = replace(
                    exact[alt.action],
                    question=f"P(you get rid of a tile with {_where(alt.action, short=True)} "
                    "instead)",
                )
                workings.append(w)
                models.append(w.model)
                text += f"; {_where(alt.action, short=True)} gives {_fmt(w.result)}"
                if w.result > rid.result:
                    text += (
                        f", but {_keeps(state, me, chosen, alt)} (expected turns still needed: "
                        f"{chosen.cost:.2f} against {alt.cost:.2f})"
                    )
        return text + _model_words(models), workings

    def _explain_hide(
        self, state: NekoState, me: int, ctx: _Context, action: Hide, legal: list, belief: Belief
    ) -> tuple[str, list[Working]]:
        spaces = [a.space for a in legal]
        n, colour = state.num_players, ctx.own
        if state.cat == colour:
            stay = dice_round_working(ctx.catch, n, colour)
            tail = (
                f"none of the next {n} catch rolls shows your cat's colour with "
                f"{_fmt(stay.result)} {_DICE_ALONE}"
            )
            if action.space in state.hands[me]:
                left = sum(1 for t in state.hands[me] if t // N_ICONS == state.room) - 1
                here = _here_working(state, me, action.space)
                if here.cases:
                    got = f"you get rid of it here with {_fmt(here.result)}" + _model_words(
                        [here.model]
                    )
                elif state.events:
                    got = "you get rid of it here (no face-down event tile on it)"
                else:
                    got = "you get rid of it here"
                return (
                    f"you hold the {tile_name(action.space)} tile: {got}; {left} more of your "
                    f"tiles in this room; {tail}",
                    ([here] if here.cases else []) + [stay],
                )
            return (
                f"none of your tiles matches these {_plural(len(spaces), 'hideout')}; {tail}",
                [stay],
            )
        visitor = state.seat_of(state.cat)
        if visitor is None:
            none = Working(
                "P(the spare cat gets rid of a tile)", "a spare cat has no player", (), 0
            )
            return "a spare cat holds no tiles: it gets rid of none, 0/1 (no chance involved)", [
                none
            ]
        risk = {s: visitor_working(state, me, visitor, s, belief) for s in spaces}
        worst = max(spaces, key=lambda s: risk[s].result)
        name = state.seat_name(visitor)
        why = (
            "you hold this tile"
            if action.space in state.hands[me]
            else "its tile is in the box"
            if action.space in state.box
            else f"the {name} holds {len(state.hands[visitor])} of the "
            f"{len(unseen_tiles(state, me))} tiles you cannot see"
        )
        chosen = risk[action.space]
        text = (
            f"the {name} gets rid of a tile here with {_fmt(chosen.result)} ({why}); "
            f"the riskiest free hideout would give {_fmt(risk[worst].result)}"
        )
        high = replace(risk[worst], question=f"the riskiest: {risk[worst].question}")
        return text + _model_words([chosen.model, high.model]), [chosen, high]

    def _explain_discard(
        self, state: NekoState, me: int, action: Discard, belief: Belief
    ) -> tuple[str, list[Working]]:
        room = action.tile // N_ICONS
        rid = _rid(state, me, Move(room), belief)
        own = room == state.colours[me]
        here = state.cats[state.colours[me]]
        inside = 0 <= here < IN_ROOM and here // N_ICONS == room
        place = "your own room" if own else "the room your cat is in" if inside else ROOMS[room]
        return (
            f"the {tile_name(action.tile)} tile is the most expensive to reach: from here, "
            f"going to {'the ' if place == ROOMS[room] else ''}{place} gets rid of a tile with "
            f"{_fmt(rid.result)}" + _model_words([rid.model]),
            [rid],
        )


# --------------------------------------------------------------------------- plan cost
class _Context:
    """What the plan cost needs, computed once per decision (from ``me``'s view only)."""

    def __init__(
        self, state: NekoState, me: int, keep_own: float = 0.0, belief: Belief | None = None
    ) -> None:
        self.state, self.me, self.keep_own = state, me, keep_own
        self.belief = belief or read_belief(state, me)
        self.own = state.colours[me]
        n = state.num_players
        self.catch = catch_chance(state.params, self.own)
        self.lose_round_exact = 1 - (1 - self.catch) ** n
        self.lose_round = float(self.lose_round_exact)
        self._entry: dict[int, float] = {}

    def entry_extra(self, room: int) -> float:
        """Turns lost getting into ``room`` from outside: failed brawls and a blocked entry."""
        if room not in self._entry:
            odds = _outside_odds(self.state, self.me, room, self.belief)
            get_in, rid = float(odds["get_in"]), float(odds["rid"])
            self._entry[room] = (1 / get_in - 1 if get_in else 9.0) + (1 - rid / (get_in or 1))
        return self._entry[room]

    def cost(self, hand: tuple[int, ...], here: int | None) -> float:
        """Expected turns to get rid of ``hand`` with the cat in room ``here`` (None: Garden)."""
        rooms = Counter(t // N_ICONS for t in hand)
        cost = -self.keep_own if self.own in rooms or not hand else 0.0
        for room, k in rooms.items():
            if room == self.own and room != here:
                cost += k + (self.entry_extra(room) if self._occupied(room) else 0.0)
                continue
            if room == self.own:
                cost += k
                continue
            extra = self.entry_extra(room)
            first = self.lose_round * extra if room == here else extra
            cost += k + first + (k - 1) * self.lose_round * extra
        return cost

    def _occupied(self, room: int) -> bool:
        return self.state.occupant(room, self.own) is not None


def _outside_odds(state: NekoState, me: int, room: int, belief: Belief) -> dict[str, Fraction]:
    """:func:`_odds` as if ``me``'s cat came from the Garden (it is the re-entry that costs)."""
    colour = state.colours[me]
    if state.cats[colour] >= 0 and state.cats[colour] < IN_ROOM:
        cats = list(state.cats)
        cats[colour] = -1
        state = state._evolve(cats=tuple(cats))
    return _odds(state, me, Move(room), belief)


def _odds(state: NekoState, me: int, action: Any, belief: Belief) -> dict[str, Fraction]:
    """The odds of a movement the hint states, under ``belief``: ``get_in`` (1, or the brawl
    odds), ``blocked`` (P(the owner holds a free hideout's tile), 0 when ``me`` chooses) and
    ``rid`` (P(a tile is got rid of), :func:`~nekolib.neko_in.hint_odds.rid_working`: the
    owner's choice under the greedy model, face-down event tiles averaged)."""
    room = action.room if isinstance(action, Move) else room_of(action.space)
    colour = state.colours[me]
    here = state.cats[colour]
    inside = 0 <= here < IN_ROOM and room_of(here) == room
    defender = None if inside else state.occupant(room, colour)
    get_in = Fraction(1)
    if defender is not None:
        get_in = brawl_working(state, colour, defender).result
    blocked = Fraction(0)
    chooses = isinstance(action, UseLitterBox) or inside or room == colour
    if not chooses and any(s in belief.unseen for s in state.free_spaces(room)):
        blocked = blocked_working(state, me, room, belief).result
    rid = _rid(state, me, action, belief).result
    return {"get_in": get_in, "blocked": blocked, "rid": rid}


def _less_one(hand: tuple[int, ...], room: int) -> tuple[int, ...]:
    """``hand`` less one tile of ``room`` (all the tiles of a room cost alike)."""
    tile = next(t for t in hand if t // N_ICONS == room)
    return tuple(t for t in hand if t != tile)


def _history_key(history: Any) -> tuple:
    """What tells two histories apart cheaply: their length and last position."""
    states = getattr(history, "states", None)
    if states is not None:
        return (len(history.actions), id(states[-1]) if states else None)
    try:
        pairs = list(history)
        return (len(pairs), id(pairs[-1][0]) if pairs else None)
    except (TypeError, IndexError, KeyError):
        return ("not a history", id(history))  # read_belief says what a history is


def _neko(state: GameState) -> NekoState:
    if not isinstance(state, NekoState):
        raise NekoError(
            f"the expectimax player plays Neko-in states (NekoState); got {type(state).__name__}"
        )
    return state


def _where(action: Any, short: bool = False) -> str:
    if isinstance(action, UseLitterBox):
        return f"Litter Box to the {space_name(action.space)}"
    return f"the {ROOMS[action.room]}" if short else f"go to the {ROOMS[action.room]}"


def _why(state: NekoState, me: int, w: MoveOdds, belief: Belief) -> tuple[str, list[Working]]:
    """The parts of the odds: the brawl, who chooses the hideout (with their workings)."""
    parts, workings = [], []
    room = w.action.room if isinstance(w.action, Move) else w.action.space // N_ICONS
    colour = state.colours[me]
    other = state.occupant(room, colour)
    here = state.cats[colour]
    inside = 0 <= here < IN_ROOM and here // N_ICONS == room
    if other is not None and not inside:
        brawl = brawl_working(state, colour, other)
        workings.append(brawl)
        parts.append(f"brawl with the {COLOURS[other]} cat: you get in with {_fmt(brawl.result)}")
    if isinstance(w.action, UseLitterBox) or inside or room == colour:
        parts.append("you choose the hideout")
    else:
        blocked = blocked_working(state, me, room, belief)
        if blocked.result:
            workings.append(blocked)
            parts.append(f"the owner holds a free hideout's tile with {_fmt(blocked.result)}")
    return (f" ({'; '.join(parts)})" if parts else ""), workings


def _keeps(state: NekoState, me: int, chosen: MoveOdds, alt: MoveOdds) -> str:
    """Why a movement with lower odds now is better: what it keeps for later."""
    room = chosen.action.room if isinstance(chosen.action, Move) else -1
    left = sum(1 for t in state.hands[me] if t // N_ICONS == room)
    own = state.colours[me]
    here = state.cats[own]
    if room >= 0 and left > 1 and 0 <= here < IN_ROOM and here // N_ICONS == room:
        return f"{left} of your tiles are in the {ROOMS[room]}: staying there keeps them sure"
    if room >= 0 and left > 1:
        where = ROOMS[room]
        return (
            f"{left} of your tiles are in the {where}: once inside, you choose the hideout for each"
        )
    if isinstance(alt.action, Move) and alt.action.room == own:
        return "your own room is always yours to choose in: keep it for later"
    return "it keeps the better position for the turns after"
