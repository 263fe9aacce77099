"""Computer players for Manekinecollection (they use only what their seat may see).

``AGENTS`` names them for the lab and the widgets: ``random``, ``greedy``
(:class:`GreedyAgent`), ``mcts`` (:class:`nekolib.mcts.MCTSAgent` searching worlds
sampled by :func:`determinize`) and ``odds`` (:class:`~.odds_player.OddsAgent`: exact
showdown odds times the expected worth of the Zabuton Neko, the strongest; it gives the
widget's hints).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from nekolib.core import HIDDEN, Agent, NekoError, RandomAgent, check_seat
from nekolib.manekinecollection.analysis import draw_source, reach_odds
from nekolib.manekinecollection.odds_player import OddsAgent
from nekolib.manekinecollection.rules import (
    CAN,
    GOLD,
    HAND_CLASSES,
    Card,
    MNState,
    Params,
    PlayCards,
    TakeZabuton,
    ZabutonNeko,
    full_deck,
    kotatsu_name,
)
from nekolib.mcts import MCTSAgent

__all__ = [
    "AGENTS",
    "MCTS_DEFAULTS",
    "GreedyAgent",
    "OddsAgent",
    "determinize",
    "expected_classes",
    "mcts_agent",
    "zabuton_worth",
]


def expected_classes(state: MNState, player: int, kotatsu: int) -> dict[tuple[Card, ...], float]:
    """Expected class index (0 solocat .. 6 5cats) of my hand at ``kotatsu`` per play there.

    A completing play is certain; a first play is valued by the exact odds of
    finishing it with the cards drawn afterwards (see :func:`reach_odds`): from the deck,
    then from the face-up discard pile once the deck runs out (:func:`draw_source`).
    """
    pieces = [z.colour for z in state.kotatsu[kotatsu].slots if z is not None]
    row = state.kotatsu[kotatsu].rows[player]
    odds = reach_odds(pieces, row, state.hands[player], draw_source(state, player))
    return {
        o.now: float(sum(HAND_CLASSES.index(h) * q for h, q in o.distribution.items()))
        for o in odds.options
    }


def zabuton_worth(z: ZabutonNeko, mine: list[ZabutonNeko], params: Params | None = None) -> float:
    """Rough end-of-game worth of taking ``z`` for a player who already holds ``mine``.

    A gold coin is worth the count it will score (``Params.gold_coin_score``).
    """
    colours = Counter(x.colour for x in [*mine, z])
    own = params is not None and params.gold_coin_score == "own_colour"
    count = colours[z.colour] if own else max(colours.values())
    worth = float(count if z.piece.feature == GOLD else z.value)
    if z.piece.feature == CAN:
        worth += 1.0 + sum(1 for x in mine if x.value < 0)
    if z.colour not in {x.colour for x in mine}:
        worth += 1.0
    return worth


@dataclass
class GreedyAgent:
    """Plays the move with the best expected hand; takes the most valuable Zabuton Neko.

    Ties go to the higher-ranked cards (ranks break showdown ties). :meth:`explain`
    says why a move is good, with the number behind it, from this seat's knowledge only.
    """

    name: str = "greedy"

    def choose(self, state: MNState, rng: random.Random) -> Any:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if isinstance(actions[0], TakeZabuton):
            worth = _zabuton_worths(state)
            return max(actions, key=lambda a: worth[a.slot])
        scored = _play_scores(state)
        best = max(scored.values())
        return rng.choice([a for a, score in scored.items() if score == best])

    def explain(self, state: MNState, action: Any) -> str:
        """One sentence: the expected hand (or the Zabuton Neko's worth) against the next best.

        Plays are valued by the expected hand class (0 solocat .. 6 5cats) my row reaches
        at that kotatsu, from my hand, my row, the two pieces and the cards I have not
        seen (:func:`expected_classes`); Zabuton Neko by :func:`zabuton_worth`.
        """
        actions = state.legal_actions()
        if isinstance(action, TakeZabuton):
            worth = _zabuton_worths(state)
            slots = state.kotatsu[action.kotatsu].slots
            mine = f"the {slots[action.slot].piece} is worth about {worth[action.slot]:.1f}"
            others = [a.slot for a in actions if a.slot != action.slot]
            if not others:
                return f"{mine} to your collection (the only one left)"
            other = max(others, key=lambda s: worth[s])
            return (
                f"{mine} to your collection vs {worth[other]:.1f} for the "
                f"{slots[other].piece} (the second hand gets that one)"
            )
        if not isinstance(action, PlayCards):
            return "every place already holds three of your cards: passing is the only move"
        values = _expected(state)
        value = values[action.kotatsu][action.cards]
        where = f"the {kotatsu_name(action.kotatsu, len(state.kotatsu))} kotatsu"
        mine = (
            f"expected hand {value:.2f} at {where} "
            f"(about {HAND_CLASSES[round(value)]}; 0 = solocat .. 6 = 5cats)"
        )
        others = [a for a in actions if isinstance(a, PlayCards) and a != action]
        if not others:
            return f"{mine}; the only play"
        best = max(others, key=lambda a: values[a.kotatsu][a.cards])
        other = values[best.kotatsu][best.cards]
        tie = "; more icons break the tie" if round(other, 2) >= round(value, 2) else ""
        return f"{mine} vs {other:.2f} for the next best ({best}){tie}"


def _expected(state: MNState) -> dict[int, dict[tuple[Card, ...], float]]:
    """:func:`expected_classes` of the player to move at every kotatsu they may play at."""
    me = state.current_player()
    return {k: expected_classes(state, me, k) for k, _ in state.places(me)}


def _play_scores(state: MNState) -> dict[PlayCards, float]:
    """Greedy score of each play: expected class, plus 0.01 per icon (ranks break ties)."""
    values = _expected(state)
    return {
        a: values[a.kotatsu][a.cards] + 0.01 * sum(c.rank for c in a.cards)
        for a in state.legal_actions()
        if isinstance(a, PlayCards)
    }


def _zabuton_worths(state: MNState) -> dict[int, float]:
    """:func:`zabuton_worth` of each Zabuton Neko the chooser may take, by slot."""
    me = state.current_player()
    mine = list(state.collected[me])
    k = state.tasks[0][1]
    slots = state.kotatsu[k].slots
    return {s: zabuton_worth(z, mine, state.params) for s, z in enumerate(slots) if z is not None}


# --------------------------------------------------------------------------- determinizing
def determinize(state: MNState, player: int, rng: random.Random) -> MNState:
    """A full state that ``player`` cannot tell from ``state``, the hidden part resampled.

    Hidden from ``player`` (read off ``state.view(player)``, never off the hidden fields):

    * the other hands, "holds them as their 'Hand' so that other players cannot see
      them", and the deck, "Shuffle cat cards to make a 'deck'" (plus the discard pile
      when ``Params.discard_visible`` is off). The cards ``player`` has not seen (the 72
      minus their hand, every row and the face-up discard pile) are dealt uniformly at
      random into those places, keeping every size;
    * the face-down zabuton values, "Zabuton tiles should be shuffled and grouped by
      color": per colour, the values ``player`` has not seen (the colour's tiles minus
      their own collection and any tile shown to them as the chooser of a showdown) are
      dealt uniformly at random to that colour's stack, to the face-down tiles on the
      kotatsu boards and to the other players' collections.

    Uniform is the exact posterior given the view: every card and tile placement the
    view allows is equally likely after a shuffle, and the players' choices are taken
    to say nothing about their hands (the same model as the odds panel, ``analysis``).
    Limits of the view as the information set: with a hidden discard pile, which cards
    went into it is forgotten; after a reshuffle, so is which cards formed the new deck
    (the old discard pile). The tile the second hand took stays shown to the chooser.

    ``state.view(player)`` of the result equals that of ``state``; the result depends
    only on that view, the public fields and ``rng``, so two states ``player`` cannot
    tell apart give the same worlds for the same ``rng`` state.
    """
    check_seat(player, state.num_players, "determinize")
    view = state.view(player)
    state = _deal_cards(state, player, view, rng)
    return _deal_tiles(state, view, rng)


def _deal_cards(state: MNState, player: int, view: dict[str, Any], rng: random.Random) -> MNState:
    """Deal the cards ``player`` has not seen into the other hands, the deck (and discard)."""
    unseen = Counter(full_deck(state.params))
    for p, shown in enumerate(view["hands"]):
        if shown != HIDDEN:  # my hand, or every hand once the game is over
            unseen.subtract(state.hands[p])
    for board in state.kotatsu:
        for row in board.rows:
            unseen.subtract(row)
    discard_hidden = HIDDEN in view["discard"]
    if not discard_hidden:
        unseen.subtract(state.discard)
    cards = sorted(unseen.elements())
    rng.shuffle(cards)
    hands = list(state.hands)
    for p, shown in enumerate(view["hands"]):
        if shown == HIDDEN:
            size = view["hand_sizes"][p]
            hands[p], cards = tuple(sorted(cards[:size])), cards[size:]
    discard = state.discard
    if discard_hidden:
        size = len(view["discard"])
        discard, cards = tuple(sorted(cards[:size])), cards[size:]
    if len(cards) != view["deck_size"]:  # pragma: no cover - the engine conserves cards
        raise NekoError(f"determinize: {len(cards)} unseen cards for a deck of {len(state.deck)}")
    return replace(state, hands=tuple(hands), deck=tuple(sorted(cards)), discard=discard)


def _deal_tiles(state: MNState, view: dict[str, Any], rng: random.Random) -> MNState:
    """Per colour, deal the zabuton values the view hides to the places the view hides."""
    colours = state.params.colours
    unseen = {c: Counter(state.params.zabuton_values) for c in colours}
    places: dict[str, list[tuple[Any, ...]]] = {c: [] for c in colours}
    shown_places = [
        (("slot", k, i), z)
        for k, board in enumerate(view["kotatsu"])
        for i, z in enumerate(board["slots"])
        if z is not None
    ] + [
        (("collected", p, i), z) for p, zs in enumerate(view["collected"]) for i, z in enumerate(zs)
    ]
    for place, z in shown_places:
        if z["value"] == HIDDEN:
            places[z["colour"]].append(place)
        else:
            unseen[z["colour"]][z["value"]] -= 1
    for c, size in view["tiles_left"].items():
        places[c] += [("stack", colours.index(c))] * size
    kotatsu = [list(board.slots) for board in state.kotatsu]
    collected = [list(zs) for zs in state.collected]
    stacks: list[list[int]] = [[] for _ in colours]
    for c in colours:
        values = sorted(unseen[c].elements())
        if len(values) != len(places[c]):  # pragma: no cover - the engine conserves tiles
            raise NekoError(
                f"determinize: {len(values)} unseen {c} values, {len(places[c])} places"
            )
        rng.shuffle(values)
        for place, value in zip(places[c], values, strict=True):
            if place[0] == "stack":
                stacks[place[1]].append(value)
            elif place[0] == "slot":
                z = kotatsu[place[1]][place[2]]
                kotatsu[place[1]][place[2]] = ZabutonNeko(z.piece, value)
            else:
                z = collected[place[1]][place[2]]
                collected[place[1]][place[2]] = ZabutonNeko(z.piece, value)
    return replace(
        state,
        kotatsu=tuple(
            replace(board, slots=tuple(slots))
            for board, slots in zip(state.kotatsu, kotatsu, strict=True)
        ),
        collected=tuple(tuple(zs) for zs in collected),
        stacks=tuple(tuple(sorted(s)) for s in stacks),
    )


# --------------------------------------------------------------------------- registry
MCTS_DEFAULTS: dict[str, Any] = {"iterations": 64}
"""Budget of ``AGENTS["mcts"]()``: 0.2 s (2 players) to 0.5 s (4 players) a move on one
core; see :func:`mcts_agent`."""


def mcts_agent(**options: Any) -> MCTSAgent:
    """:class:`~nekolib.mcts.MCTSAgent` over worlds from :func:`determinize`, random rollouts.

    :class:`GreedyAgent` is too dear a rollout policy: it weighs exact hand odds at every
    move, so a simulation costs about 50 ms against 4 ms with random moves. Keyword options override
    :data:`MCTS_DEFAULTS` and go to ``MCTSAgent`` (``mcts_agent(iterations=400)``).
    """
    return MCTSAgent(**({"determinize": determinize} | MCTS_DEFAULTS | options))


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": mcts_agent,
    "odds": OddsAgent,
}
"""Name -> factory; every factory called with no arguments gives a sensible default agent."""
