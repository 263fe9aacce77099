"""Monte Carlo tree search for every nekolib game (standard library only).

One agent, :class:`MCTSAgent`, plays all four games through the core protocol
(:class:`nekolib.core.GameState`): ``current_player``, ``legal_actions``,
``sample_chance``, ``apply`` and ``returns``.

* **Multi-player.** Every tree node keeps the *vector* of returns summed over the
  simulations through it; the player deciding at a node picks the child with the best
  upper confidence bound on *their own* component (max^n UCT, Sturtevant 2008). With
  two players and win/loss returns this is ordinary UCT.
* **Chance** (dice, shuffles, bag draws) is sampled with ``state.sample_chance(rng)``;
  a chance node's children are keyed by the outcome drawn, so frequent outcomes get
  the visits they deserve. A :data:`~nekolib.core.TABLE` decision (who was fastest)
  is nobody's strategy: it is drawn uniformly among its legal actions, as the
  :class:`~nekolib.core.RandomAgent` the table gets in ``play_out`` does.
* **Hidden information.** Given ``determinize(state, me, rng)`` (each hidden-information
  game has one in its ``agents.py``), every iteration first samples a *world*: a full
  state the deciding player cannot tell from the real one, and searches in it. Nodes
  are keyed by the actions played since the root, so the statistics of all the worlds
  are shared (single-observer information-set MCTS, Cowling, Powley & Whitehouse 2012);
  an action that is legal in some worlds only competes by its *availability* count.
  The root's children are the actions legal in the real state, so the agent only ever
  returns one of those, and it only ever sees the real state through ``determinize``
  (which keeps ``state.view(me)`` and resamples everything else).

Budget: ``iterations`` simulations per move, or ``time_limit`` seconds when it is given
(then the agent is no longer deterministic: the number of iterations depends on the
machine). With an iteration budget, ``choose(state, rng)`` is a function of the state
(of ``state.view(me)`` when determinizing) and of the rng's state.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from nekolib.core import (
    CHANCE,
    TABLE,
    TERMINAL,
    Action,
    Agent,
    GameState,
    NekoError,
    decider_name,
)

__all__ = ["Determinizer", "MCTSAgent", "SearchResult", "mcts_factory"]

Determinizer = Callable[[GameState, int, random.Random], GameState]
"""``determinize(state, player, rng)``: a full state ``player`` cannot tell from ``state``."""

MAX_ROLLOUT_STEPS = 100_000
"""A simulation that has not ended after this many actions counts as a draw (a safety net)."""


class _Node:
    """A tree node: the statistics of the action that leads to it, and its children.

    ``total[p]`` is the sum of player ``p``'s returns over the ``visits`` simulations
    through this node; ``avail`` is how often its action was legal when its parent was
    passed (the parent's visits, unless determinized worlds disagree).
    """

    __slots__ = ("avail", "children", "legal", "state", "total", "visits")

    def __init__(self, num_players: int, state: GameState | None = None) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * num_players
        self.state = state
        """The node's state when it is the same in every simulation (no determinizing)."""
        self.legal: Sequence[Action] | None = None
        """Cached legal actions of ``state`` (only with a cached state)."""


@dataclass(frozen=True)
class SearchResult:
    """What one search found: per root action its visits and mean return for the decider."""

    player: int
    iterations: int
    seconds: float
    visits: dict[Action, int]
    value: dict[Action, float]

    def best(self) -> Action:
        """The most visited action (ties: the higher mean return, then the first listed)."""
        return max(self.visits, key=lambda a: (self.visits[a], self.value[a]))


@dataclass
class MCTSAgent:
    """Monte Carlo tree search with UCT (see the module docstring).

    ``iterations``: simulations per move (ignored when ``time_limit`` seconds is given);
    ``c``: UCT exploration constant (returns are in [0, 1]); ``determinize``: sample a
    world consistent with the decider's view each iteration (hidden-information games);
    ``rollout``: the agent that finishes simulations (default: uniformly random moves).
    """

    iterations: int = 200
    time_limit: float | None = None
    c: float = 1.4
    determinize: Determinizer | None = None
    rollout: Agent | None = None
    name: str = "mcts"
    last: SearchResult | None = field(default=None, init=False, repr=False, compare=False)
    _last_state: GameState | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.iterations, bool) or not isinstance(self.iterations, int):
            raise NekoError(f"MCTSAgent.iterations must be an int; got {self.iterations!r}")
        if self.iterations < 1:
            raise NekoError(f"MCTSAgent.iterations must be at least 1; got {self.iterations}")
        if self.time_limit is not None and not self.time_limit > 0:
            raise NekoError(f"MCTSAgent.time_limit must be positive; got {self.time_limit!r}")

    # ------------------------------------------------------------------ agent protocol
    def choose(self, state: GameState, rng: random.Random) -> Action:
        """The most visited root action after the search (a legal action of ``state``)."""
        return self.analyse(state, rng).best()

    def analyse(self, state: GameState, rng: random.Random) -> SearchResult:
        """The search's root statistics (no search when only one action is legal)."""
        legal = state.legal_actions()
        who = state.current_player()
        if who < 0 and who != TABLE:
            raise NekoError(f"MCTSAgent asked to decide for {decider_name(who)}: nobody decides")
        if len(legal) == 1:
            self.last = SearchResult(who, 0, 0.0, {legal[0]: 0}, {legal[0]: 0.0})
            self._last_state = state
            return self.last
        return self.search(state, rng)

    def explain(self, state: GameState, action: Action) -> str:
        """Why: how often the search tried ``action`` and how it did, against the best other."""
        result = self.last
        if result is None or not (self._last_state is state or self._last_state == state):
            result = self.analyse(state, random.Random(0))
        visits, value = result.visits, result.value
        if action not in visits:
            return f"{state.action_to_string(action)} is not a legal move here"
        if result.iterations == 0:
            return "the only legal move"
        label = state.action_to_string
        others = [a for a in visits if a != action]
        rival = max(others, key=lambda a: (visits[a], value[a])) if others else None
        worlds = " sampled worlds," if self.determinize is not None else ""
        text = (
            f"Monte Carlo tree search ({result.iterations}{worlds} simulations): "
            f"{label(action)} was tried {visits[action]} times and won "
            f"{value[action]:.0%} of them"
        )
        if rival is not None:
            text += (
                f"; the next best, {label(rival)}, {visits[rival]} times "
                f"with {value[rival]:.0%} ({len(visits)} moves considered)"
            )
        return text

    # ------------------------------------------------------------------ the search
    def search(self, state: GameState, rng: random.Random) -> SearchResult:
        """Run the search from ``state`` and return (and keep) its root statistics."""
        me = state.current_player()
        root_legal = state.legal_actions()
        if not root_legal:
            raise NekoError("MCTSAgent.search needs a state where somebody decides")
        n = state.num_players
        cached = self.determinize is None
        root = _Node(n, state if cached else None)
        root.legal = root_legal
        start = time.perf_counter()
        deadline = None if self.time_limit is None else start + self.time_limit
        done = 0
        while True:
            world = state if cached else self.determinize(state, me, rng)  # type: ignore[misc]
            self._iterate(root, world, root_legal, rng, cached)
            done += 1
            if deadline is None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        seconds = time.perf_counter() - start
        visits = {a: 0 for a in root_legal}
        value = {a: 0.0 for a in root_legal}
        for a in root_legal:
            child = root.children.get(a)
            if child is not None and child.visits:
                visits[a] = child.visits
                value[a] = child.total[me] / child.visits if me >= 0 else 0.0
        self.last = SearchResult(me, done, seconds, visits, value)
        self._last_state = state
        return self.last

    def _iterate(
        self,
        root: _Node,
        world: GameState,
        root_legal: Sequence[Action],
        rng: random.Random,
        cached: bool,
    ) -> None:
        """One simulation: select and expand down the tree, roll out, back up the returns."""
        node, state = root, world
        path = [root]
        legal: Sequence[Action] | None = root_legal
        while True:
            who = state.current_player()
            if who == TERMINAL:
                break
            if who == CHANCE:
                action, child, expanded = self._follow(node, state.sample_chance(rng))
            else:
                if legal is None:
                    legal = _legal(node, state, cached)
                if who == TABLE:
                    action, child, expanded = self._follow(node, _pick(legal, rng))
                else:
                    action, child, expanded = self._decide(node, legal, who, rng)
            if cached and child.state is not None:
                state = child.state
            else:
                state = state._apply(action)
                if cached:
                    child.state = state
            node = child
            path.append(node)
            legal = None
            if expanded:
                break
        rewards = self._rollout(state, rng)
        for visited in path:
            visited.visits += 1
            total = visited.total
            for p, r in enumerate(rewards):
                total[p] += r

    @staticmethod
    def _follow(node: _Node, action: Action) -> tuple[Action, _Node, bool]:
        """At a chance or table node: the child of the outcome drawn (made if new)."""
        child = node.children.get(action)
        if child is None:
            child = node.children[action] = _Node(len(node.total))
        return action, child, False

    def _decide(
        self, node: _Node, legal: Sequence[Action], who: int, rng: random.Random
    ) -> tuple[Action, _Node, bool]:
        """At a player's node: a new child for an untried action, else the UCT choice."""
        children = node.children
        untried = [a for a in legal if a not in children]
        if untried:
            action = _pick(untried, rng)
            child = children[action] = _Node(len(node.total))
        else:
            action, child = self._select(node, legal, who)
        for a in legal:
            seen = children.get(a)
            if seen is not None:
                seen.avail += 1
        return action, child, bool(untried)

    def _select(self, node: _Node, legal: Sequence[Action], who: int) -> tuple[Action, _Node]:
        """The child with the best upper confidence bound for the decider ``who``."""
        c = self.c
        children = node.children
        best_action, best_child, best_score = None, None, -math.inf
        for a in legal:
            child = children[a]
            score = child.total[who] / child.visits + c * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if score > best_score:
                best_action, best_child, best_score = a, child, score
        return best_action, best_child  # type: ignore[return-value]

    def _rollout(self, state: GameState, rng: random.Random) -> list[float]:
        """Play to the end (``rollout`` agent, else uniformly random) and return the returns."""
        agent = self.rollout
        for _ in range(MAX_ROLLOUT_STEPS):
            who = state.current_player()
            if who == TERMINAL:
                return list(state.returns())
            if who == CHANCE:
                action = state.sample_chance(rng)
            elif agent is None or who == TABLE:
                action = _pick(state._legal_actions(), rng)
            else:
                action = agent.choose(state, rng)
                state = state.apply(action)  # another agent's choice is checked
                continue
            state = state._apply(action)
        return [1.0 / state.num_players] * state.num_players


def _pick(actions: Sequence[Action], rng: random.Random) -> Action:
    """A uniformly random element (one ``rng.random()`` call, cheaper than ``rng.choice``)."""
    return actions[int(rng.random() * len(actions))]


def _legal(node: _Node, state: GameState, cached: bool) -> Sequence[Action]:
    """Legal actions of ``state`` (chance outcomes at a chance node), cached on the node."""
    if cached:
        if node.legal is None:
            node.legal = state.legal_actions()
        return node.legal
    return state.legal_actions()


def mcts_factory(determinize: Determinizer | None = None, **defaults: Any) -> Callable[..., Any]:
    """A zero-argument-callable factory for a game's ``AGENTS["mcts"]``.

    ``mcts_factory(determinize)(iterations=400)`` is ``MCTSAgent(iterations=400,
    determinize=determinize)``; keyword options override ``defaults``.
    """

    def make(**options: Any) -> MCTSAgent:
        return MCTSAgent(**({"determinize": determinize} | defaults | options))

    return make
