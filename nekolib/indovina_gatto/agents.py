"""Computer players for Indovina Gatto, by name (they decide from their own view only).

``AGENTS`` names them for the lab and the widgets: ``random``, ``greedy``
(:class:`~nekolib.indovina_gatto.analysis.GreedyGuessAgent`: the single most likely
guess), ``expected`` (:class:`~nekolib.indovina_gatto.analysis.ExpectedPointsAgent`:
the guess with the best expected points, or none), ``lookahead``
(:class:`~nekolib.indovina_gatto.lookahead.LookaheadAgent`: the strongest, and the
widget's hint: each cat weighed by the exact expected points of the guess right after
it and by how much of its own traits it shows) and ``mcts``
(:class:`nekolib.mcts.MCTSAgent` searching worlds sampled by :func:`determinize`).
``greedy`` and ``expected`` live in :mod:`nekolib.indovina_gatto.analysis`.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from nekolib.core import Agent, NekoError, RandomAgent, check_seat, make_rng, play_out
from nekolib.indovina_gatto.analysis import (
    ExpectedPointsAgent,
    GreedyGuessAgent,
    Knowledge,
    candidates,
    class_ways,
    knowledge,
    trait_classes,
)
from nekolib.indovina_gatto.lookahead import LookaheadAgent
from nekolib.indovina_gatto.rules import ALL_TRAITS, IndovinaGattoState, new_game
from nekolib.mcts import MCTSAgent

__all__ = [
    "AGENTS",
    "MCTS_DEFAULTS",
    "ExpectedPointsAgent",
    "GreedyGuessAgent",
    "LookaheadAgent",
    "determinize",
    "duel",
    "mcts_agent",
    "sample_deal",
]

Counts = tuple[int, ...]
"""How many traits a hand takes from each class of interchangeable traits."""


# --------------------------------------------------------------------------- trait deals
@dataclass(frozen=True)
class _DealSampler:
    """Draws deals of the unseen trait cards uniformly among those consistent with a view.

    The counting is that of :func:`~nekolib.indovina_gatto.analysis.posterior`: traits
    no observation tells apart form classes, each opponent's possible hidden hands are
    count vectors over the classes. ``backward[i][used]`` is the number of ways the
    opponents ``order[i:]`` can take their hidden traits once ``used`` traits of each
    class are gone; a deal is drawn opponent by opponent, each count vector with
    probability ``ways * backward[i + 1] / backward[i]``, then the traits uniformly
    within each class. Every consistent deal comes out with probability ``1 / deals``.
    """

    classes: tuple[tuple[str, ...], ...]
    order: tuple[int, ...]
    cands: tuple[tuple[Counts, ...], ...]
    backward: tuple[dict[Counts, int], ...]

    @property
    def deals(self) -> int:
        return self.backward[0][(0,) * len(self.classes)]

    def sample(self, rng: random.Random) -> dict[int, tuple[str, ...]]:
        """Hidden traits per opponent (in :data:`ALL_TRAITS` order) for one uniform deal."""
        sizes = [len(c) for c in self.classes]
        left = [list(c) for c in self.classes]
        used: Counts = (0,) * len(sizes)
        hands: dict[int, tuple[str, ...]] = {}
        for i, p in enumerate(self.order):
            r = rng.randrange(self.backward[i][used])
            for x in self.cands[i]:
                after = tuple(u + v for u, v in zip(used, x, strict=True))
                w = class_ways(sizes, used, x) * self.backward[i + 1].get(after, 0)
                if r < w:
                    break
                r -= w
            else:  # pragma: no cover - the weights sum to backward[i][used]
                raise AssertionError("deal weights do not add up")
            hand: list[str] = []
            for c, xc in enumerate(x):
                if xc:
                    picked = rng.sample(left[c], xc)
                    hand += picked
                    left[c] = [t for t in left[c] if t not in picked]
            hands[p] = tuple(sorted(hand, key=ALL_TRAITS.index))
            used = after
        return hands


def _build_sampler(k: Knowledge) -> _DealSampler:
    """Forward pass (which ``used`` vectors are reachable), then the backward counts."""
    classes, rules = trait_classes(k)
    sizes = [len(c) for c in classes]
    order = tuple(sorted(k.opponents))
    cands = tuple(tuple(candidates(sizes, *rules[p], k.hidden[p])) for p in order)
    levels: list[set[Counts]] = [{(0,) * len(sizes)}]
    for xs in cands:
        nxt: set[Counts] = set()
        for used in levels[-1]:
            for x in xs:
                if class_ways(sizes, used, x):
                    nxt.add(tuple(u + v for u, v in zip(used, x, strict=True)))
        levels.append(nxt)
    backward: list[dict[Counts, int]] = [{} for _ in levels]
    backward[-1] = dict.fromkeys(levels[-1], 1)
    for i in range(len(cands) - 1, -1, -1):
        for used in levels[i]:
            total = 0
            for x in cands[i]:
                w = class_ways(sizes, used, x)
                if w:
                    total += w * backward[i + 1][tuple(u + v for u, v in zip(used, x, strict=True))]
            backward[i][used] = total
    return _DealSampler(tuple(tuple(c) for c in classes), order, cands, tuple(backward))


_SAMPLERS: OrderedDict[tuple, _DealSampler] = OrderedDict()
_CACHE_SIZE = 64
"""Samplers kept (a search draws hundreds of worlds from one view: built once, reused)."""
_LOCK = threading.Lock()


def _sampler(k: Knowledge) -> _DealSampler:
    """The (cached) sampler of the deals consistent with knowledge ``k``."""
    key = (
        k.num_players,
        k.pool,
        tuple(sorted(k.hidden.items())),
        tuple(sorted((p, tuple(sorted(r))) for p, r in k.revealed.items())),
        tuple((tuple(sorted(cat)), tuple(sorted(m))) for cat, m in k.cards),
        tuple(sorted(k.excluded)),
    )
    with _LOCK:  # lab workers may run games in threads
        found = _SAMPLERS.get(key)
    if found is None:
        found = _build_sampler(k)
        with _LOCK:
            _SAMPLERS[key] = found
            while len(_SAMPLERS) > _CACHE_SIZE:
                _SAMPLERS.popitem(last=False)
    return found


def sample_deal(view: dict[str, Any], rng: random.Random) -> dict[int, tuple[str, ...]]:
    """Hidden traits of every opponent with some left, drawn from the exact posterior of
    :func:`~nekolib.indovina_gatto.analysis.posterior` (uniform over consistent deals)."""
    sampler = _sampler(knowledge(view))
    if not sampler.deals:
        raise NekoError("no deal of the trait cards agrees with this view")
    return sampler.sample(rng)


# --------------------------------------------------------------------------- worlds
def determinize(state: IndovinaGattoState, player: int, rng: random.Random) -> IndovinaGattoState:
    """A full state that ``player`` cannot tell from ``state``, the hidden part resampled.

    Hidden from ``player`` (read off ``state.view(player)``, never off the hidden fields):

    * the other players' traits not yet unmasked and the trait cards left out of the deal,
      "Mescolate le carte caratteristica e distribuitene 3 coperte a ogni giocatore":
      drawn from the **exact posterior** of
      :func:`~nekolib.indovina_gatto.analysis.posterior`, i.e. uniformly among the deals
      that agree with every mask placed or not, every guess and its answer, and every
      unmasked trait (:class:`_DealSampler`; players' choices are taken to carry no
      information, as in the assumptions file);
    * the other hands and the order of the deck, "Mescolate le carte gatto e
      distribuitene 3, coperte, a ogni giocatore ... Con le carte gatto rimaste formate un
      mazzo di pesca coperto": the cats ``player`` has not seen (not in their hand, not
      on the table) are shuffled uniformly into the other hands (sizes kept) and the deck.
      The cat deck is shuffled apart from the trait cards, so this is exact too.

    ``state.view(player)`` of the result equals that of ``state``; the result depends
    only on that view, the public fields and ``rng``, so two states ``player`` cannot
    tell apart give the same worlds for the same ``rng`` state.
    """
    check_seat(player, state.num_players, "determinize")
    view = state.view(player)
    hidden = sample_deal(view, rng)
    traits = tuple(
        state.traits[p] if p == player else (*state.revealed[p], *hidden.get(p, ()))
        for p in range(state.num_players)
    )
    dealt = {t for ts in traits for t in ts}
    hands, deck = _deal_cats(state, player, view, rng)
    return replace(
        state,
        traits=traits,
        aside=tuple(t for t in ALL_TRAITS if t not in dealt),
        hands=hands,
        deck=deck,
    )


def _deal_cats(
    state: IndovinaGattoState, player: int, view: dict[str, Any], rng: random.Random
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Shuffle the cats ``player`` has not seen into the other hands and the deck."""
    seen = set(state.hands[player]) | {t["card"] for t in view["table"]}
    cats = [c for c in range(len(state.params.deck)) if c not in seen]
    rng.shuffle(cats)
    hands: list[tuple[int, ...]] = []
    for p, size in enumerate(view["hand_sizes"]):
        if p == player:
            hands.append(state.hands[player])
        else:
            hands.append(tuple(sorted(cats[:size])))
            cats = cats[size:]
    if len(cats) != view["deck_size"]:  # pragma: no cover - the engine conserves cats
        raise NekoError(f"determinize: {len(cats)} unseen cats for a deck of {len(state.deck)}")
    return tuple(hands), tuple(cats)


# --------------------------------------------------------------------------- registry
MCTS_DEFAULTS: dict[str, Any] = {"iterations": 100}
"""Budget of ``AGENTS["mcts"]()``: about 0.3 s a move (2 players, median 283 ms, worst 678
ms over 120 decisions on 2 shared cores, ``bench/bench_indovina_gatto_strength.py``)."""


def mcts_agent(**options: Any) -> MCTSAgent:
    """:class:`~nekolib.mcts.MCTSAgent` over worlds from :func:`determinize`, finishing its
    simulations with :class:`GreedyGuessAgent` (the most likely guess, from the view).

    Random rollouts guess wildly and hand out masks, so they misjudge every position;
    greedy rollouts cost about the same per simulation here and make a stronger agent
    (2 players, 100 iterations, against ``expected``: 0.28 of the wins with greedy
    rollouts, 0.15 with random ones, 30-40 seeded games). Keyword options override
    :data:`MCTS_DEFAULTS` and the rollout, and go to ``MCTSAgent``
    (``mcts_agent(iterations=400)``, ``mcts_agent(rollout=None)`` for random rollouts).
    """
    return MCTSAgent(
        **({"determinize": determinize, "rollout": GreedyGuessAgent()} | MCTS_DEFAULTS | options)
    )


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyGuessAgent,
    "expected": ExpectedPointsAgent,
    "lookahead": LookaheadAgent,
    "mcts": mcts_agent,
}
"""Name -> factory; every factory called with no arguments gives a sensible default agent."""


# --------------------------------------------------------------------------- head to head
def duel(
    first: Callable[[], Agent],
    second: Callable[[], Agent],
    games: int,
    seed: int | str = 0,
    players: int = 2,
) -> tuple[int, int, int]:
    """Wins, shared wins and losses of ``first`` against ``second``, seat-balanced.

    Every deal is played ``players`` times, ``first`` in each seat in turn and ``second``
    in every other seat (game ``i``: deal ``i // players``, ``first`` in seat
    ``i % players``); fresh agents every game, seeded from ``(seed, i)``.
    """
    won = shared = lost = 0
    for i in range(games):
        seat = i % players
        agents = [second() for _ in range(players)]
        agents[seat] = first()
        deal = new_game(players, seed=f"duel/{seed}/{i // players}")
        end, _ = play_out(deal, agents, make_rng(f"duel/{seed}/{i}"))
        result = end.returns()[seat]
        won, shared, lost = won + (result == 1), shared + (0 < result < 1), lost + (result == 0)
    return won, shared, lost
