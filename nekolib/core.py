"""The small shared core every nekolib game is built on.

Modelled on OpenSpiel's python games: a game is a tree of immutable states.
At every state exactly one *decider* acts:

* a player ``0 .. n-1`` (who is not always the player whose turn it is: in
  Neko-in the room owner chooses the hideout for the visiting cat),
* :data:`CHANCE` - dice, shuffles and bag draws, with exact
  :class:`fractions.Fraction` probabilities,
* :data:`TABLE` - a fact about the physical table that no rule decides, such
  as which player was fastest to grab a cat; the UI asks, a bot guesses,
* or nobody, once the state is :data:`TERMINAL`.

``state.apply(action)`` returns a *new* state and never modifies the old one,
so undo is "keep the old state" and an illegal action, which raises
:class:`IllegalAction`, leaves everything exactly as it was.

Only the standard library is imported here, so the rules modules stay usable
without Jupyter, ipywidgets or matplotlib.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

__all__ = [
    "CHANCE",
    "HIDDEN",
    "TABLE",
    "TERMINAL",
    "Agent",
    "FirstActionAgent",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "InvalidSetup",
    "Match",
    "NekoError",
    "RandomAgent",
    "chance_rng",
    "decider_name",
    "make_rng",
    "play_out",
    "sample_outcome",
]

Action = Hashable
"""Actions are small hashable values (ideally frozen dataclasses with a ``__str__``)."""

CHANCE: int = -1
"""``current_player()`` of a chance node (dice, shuffles, bag draws)."""
TERMINAL: int = -2
"""``current_player()`` of a finished game."""
TABLE: int = -3
"""``current_player()`` when the table, not a rule or a player, decides (e.g. who was fastest)."""

HIDDEN: str = "?"
"""What a per-player view shows in place of information that player may not see."""


# --------------------------------------------------------------------------- errors
class NekoError(Exception):
    """Base class of every error nekolib raises on purpose."""


class InvalidSetup(NekoError, ValueError):
    """A game was asked for with parameters the rules do not allow (e.g. 7 players)."""


class IllegalAction(NekoError, ValueError):
    """An action that the rules do not allow in this state.

    The message says what was tried, why it is illegal and what is legal now.
    The state it was tried on is unchanged (states are immutable).
    """

    def __init__(
        self,
        action: Any,
        reason: str,
        legal: Sequence[Any] = (),
        decider: int | None = None,
    ) -> None:
        self.action = action
        self.reason = reason
        self.legal = list(legal)
        self.decider = decider
        shown = ", ".join(str(a) for a in self.legal[:12])
        if len(self.legal) > 12:
            shown += f", ... ({len(self.legal)} in all)"
        who = "" if decider is None else f" for {decider_name(decider)}"
        super().__init__(
            f"illegal action {action!s}{who}: {reason}. Legal now: {shown or 'nothing'}"
        )


def decider_name(decider: int) -> str:
    """Human-readable name of a decider id (``0`` -> ``'player 0'``)."""
    return {CHANCE: "chance", TERMINAL: "nobody (game over)", TABLE: "the table"}.get(
        decider, f"player {decider}"
    )


# --------------------------------------------------------------------------- randomness
def make_rng(seed: int | str | None = None) -> random.Random:
    """A private :class:`random.Random`; the same seed always gives the same game."""
    return random.Random(seed)


def chance_rng(seed: int | str | None, ply: int) -> random.Random:
    """The RNG for the chance event at position ``ply`` of a match.

    Deriving it from ``(seed, ply)`` (and not from one running stream) means an
    undone-and-replayed roll comes out the same, and a log replays exactly.
    """
    return random.Random(f"nekolib/{seed}/{ply}")


def sample_outcome(outcomes: Sequence[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """Draw one outcome with *exactly* its Fraction probability.

    All probabilities are put over their common denominator ``D`` and one
    integer in ``range(D)`` is drawn, so no floating-point rounding is involved.
    """
    if not outcomes:
        raise NekoError("no chance outcomes to sample from")
    total = sum((p for _, p in outcomes), Fraction(0))
    if total != 1:
        raise NekoError(f"chance probabilities sum to {total}, not 1")
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    ticket = rng.randrange(denominator)
    for action, p in outcomes:
        ticket -= p.numerator * (denominator // p.denominator)
        if ticket < 0:
            return action
    raise AssertionError("unreachable: probabilities sum to 1")


# --------------------------------------------------------------------------- states
class GameState(ABC):
    """An immutable game position.

    Subclasses implement ``current_player``, ``_legal_actions`` (decision
    nodes), ``chance_outcomes`` (chance nodes), ``_apply``, ``returns`` and
    ``view``. Everything else (validation, errors, sampling) lives here.
    """

    num_players: int

    # -- who acts --------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """Who decides now: a player id, :data:`CHANCE`, :data:`TABLE` or :data:`TERMINAL`."""

    def turn_player(self) -> int:
        """The player whose turn it is (may differ from the decider). Default: the decider."""
        return self.current_player()

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    # -- what can happen ---------------------------------------------------------
    @abstractmethod
    def _legal_actions(self) -> Sequence[Action]:
        """Legal actions at a player or table decision (rules only, no validation)."""

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node: every outcome with its exact probability (summing to 1)."""
        raise NekoError(f"{type(self).__name__} is not at a chance node")

    def legal_actions(self) -> list[Action]:
        """What the current decider may do; chance outcomes at a chance node; ``[]`` at the end."""
        if self.is_terminal():
            return []
        if self.is_chance_node():
            return [a for a, _ in self.chance_outcomes()]
        return list(self._legal_actions())

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome. Games with huge outcome spaces (shuffles) override this."""
        return sample_outcome(self.chance_outcomes(), rng)

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is illegal here. Games override this for precise messages."""
        if self.is_terminal():
            return "the game is over"
        return "it is not one of the legal actions"

    def check_action(self, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal now."""
        if not self.is_legal(action):
            raise IllegalAction(
                action, self.explain_illegal(action), self.legal_actions(), self.current_player()
            )

    # -- moving on ---------------------------------------------------------------
    def apply(self, action: Action) -> GameState:
        """The state after ``action``. Raises :class:`IllegalAction` (state unchanged)."""
        self.check_action(action)
        return self._apply(action)

    @abstractmethod
    def _apply(self, action: Action) -> GameState:
        """The successor state; ``action`` is already known to be legal."""

    # -- results and views ---------------------------------------------------------
    @abstractmethod
    def returns(self) -> list[float]:
        """Per-player result (1 win, 0 loss, shared fractions on ties) at a terminal state."""

    def winners(self) -> tuple[int, ...]:
        """Players with the best return, once the game is over."""
        if not self.is_terminal():
            return ()
        r = self.returns()
        best = max(r)
        return tuple(p for p, v in enumerate(r) if v == best)

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator); hidden things are :data:`HIDDEN`."""

    def action_to_string(self, action: Action) -> str:
        """Label of an action for logs and buttons."""
        return str(action)

    # -- pictures --------------------------------------------------------------------
    # Drawn by the game's ``picture`` module (next to its rules) from the spectator's
    # view, so nothing secret is shown. State dataclasses use ``repr=False`` so these
    # stay in force. A game without a picture module gets short plain-text fallbacks.
    def picture(self, player: int | None = None) -> Any:
        """The game drawn as ``player`` sees it (an SVG string Jupyter shows as a picture)."""
        module = _picture_module(self)
        if module is None:
            raise NekoError(f"{type(self).__name__} has no picture module")
        return module.svg(self.view(player))

    def _repr_svg_(self) -> str | None:
        module = _picture_module(self)
        return None if module is None else str(module.svg(self.view(None)))

    def __str__(self) -> str:
        module = _picture_module(self)
        if module is None:
            return self.__repr__()
        return module.text(self.view(None))

    def __repr__(self) -> str:
        module = _picture_module(self)
        if module is not None:
            about = module.summary(self.view(None))
        elif self.is_terminal():
            about = "game over"
        else:
            about = f"{decider_name(self.current_player())} to act"
        return f"<{type(self).__name__} {about}>"


def _picture_module(state: GameState) -> Any:
    """The game's picture module (imported lazily: it is standard library only)."""
    from nekolib.picture import picture_module

    return picture_module(state)


# --------------------------------------------------------------------------- agents
class Agent(Protocol):
    """A computer player: picks one legal action of the state it is shown."""

    name: str

    def choose(self, state: GameState, rng: random.Random) -> Action: ...


@dataclass
class RandomAgent:
    """Uniformly random among the legal actions."""

    name: str = "random"

    def choose(self, state: GameState, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())


@dataclass
class FirstActionAgent:
    """Always the first legal action (deterministic; handy in tests)."""

    name: str = "first"

    def choose(self, state: GameState, rng: random.Random) -> Action:
        return state.legal_actions()[0]


def play_out(
    state: GameState,
    agents: Mapping[int, Agent] | Sequence[Agent] | Agent,
    rng: random.Random,
    *,
    max_steps: int = 100_000,
    on_step: Callable[[GameState, Action, GameState], None] | None = None,
) -> tuple[GameState, list[Action]]:
    """Play until the end: agents decide (``TABLE`` decisions too), chance is sampled.

    ``agents`` is one agent for everybody, a list by seat, or a mapping that may
    also hold :data:`TABLE`. ``on_step(before, action, after)`` sees every move,
    which is where tests check invariants. Raises :class:`NekoError` if the
    game has not ended after ``max_steps`` actions.
    """
    log: list[Action] = []
    for _ in range(max_steps):
        if state.is_terminal():
            return state, log
        who = state.current_player()
        if who == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = _agent_for(agents, who).choose(state, rng)
        after = state.apply(action)
        if on_step is not None:
            on_step(state, action, after)
        log.append(action)
        state = after
    if state.is_terminal():
        return state, log
    raise NekoError(f"game did not end within {max_steps} steps")


def _agent_for(agents: Mapping[int, Agent] | Sequence[Agent] | Agent, who: int) -> Agent:
    if isinstance(agents, Mapping):
        return agents.get(who) or agents.get(TABLE) or RandomAgent()
    if isinstance(agents, Sequence):
        return agents[who] if 0 <= who < len(agents) else RandomAgent()
    return agents


# --------------------------------------------------------------------------- matches
@dataclass
class Match:
    """A game being played: its states, its move log, undo and exact replay.

    ``seed`` fixes every chance event (see :func:`chance_rng`), so
    ``Match.replay(initial, seed, log)`` rebuilds the same game, and undoing a
    roll then rolling again gives the same dice.
    """

    initial: GameState
    seed: int | str | None = 0
    states: list[GameState] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.states:
            self.states = [self.initial]

    @property
    def state(self) -> GameState:
        return self.states[-1]

    @property
    def ply(self) -> int:
        return len(self.actions)

    def play(self, action: Action) -> GameState:
        """Apply one action (raises :class:`IllegalAction`, match unchanged)."""
        new = self.state.apply(action)
        self.states.append(new)
        self.actions.append(action)
        return new

    def roll(self) -> Action:
        """Resolve the current chance node with this match's seeded RNG."""
        if not self.state.is_chance_node():
            raise NekoError("roll() called when no chance event is pending")
        outcome = self.state.sample_chance(chance_rng(self.seed, self.ply))
        self.play(outcome)
        return outcome

    def resolve_chance(self) -> list[Action]:
        """Roll until somebody (or the table) has to decide; returns the outcomes."""
        outcomes = []
        while self.state.is_chance_node():
            outcomes.append(self.roll())
        return outcomes

    def advance(
        self,
        agents: Mapping[int, Agent],
        rng: random.Random | None = None,
        max_steps: int = 10_000,
    ) -> list[Action]:
        """Roll dice and let the given agents move until a decider without an agent is up."""
        done: list[Action] = []
        for _ in range(max_steps):
            state = self.state
            if state.is_terminal():
                break
            who = state.current_player()
            if who == CHANCE:
                done.append(self.roll())
            elif who in agents:
                action = agents[who].choose(state, rng or chance_rng(self.seed, f"a{self.ply}"))
                self.play(action)
                done.append(action)
            else:
                break
        return done

    def can_undo(self) -> bool:
        return bool(self.actions)

    def undo(self, keep: Callable[[GameState], bool] | None = None) -> list[Action]:
        """Take back the last action, then keep going back while ``keep(state)`` is false.

        Typical use: ``undo(keep=lambda s: s.current_player() == me)`` goes back
        to my previous decision, skipping dice rolls and other players' moves.
        """
        undone: list[Action] = []
        while self.actions:
            self.states.pop()
            undone.append(self.actions.pop())
            if keep is None or keep(self.state) or not self.actions:
                break
        return undone

    def log(self, name: Callable[[int], str] = decider_name) -> list[str]:
        """One line per action: ``'12. player 1: move to Kitchen'`` (``name`` labels deciders)."""
        lines = []
        for i, (before, action) in enumerate(zip(self.states, self.actions, strict=False), 1):
            lines.append(f"{i}. {name(before.current_player())}: {before.action_to_string(action)}")
        return lines

    @classmethod
    def replay(cls, initial: GameState, seed: int | str | None, actions: Iterable[Action]) -> Match:
        """Rebuild a match from its initial state and move log (every action re-validated)."""
        match = cls(initial, seed)
        for action in actions:
            match.play(action)
        return match


# --------------------------------------------------------------------------- registry
@dataclass(frozen=True)
class GameInfo:
    """What the rest of nekolib needs to know about a game package.

    Each game package ``nekolib/<game>/__init__.py`` defines ``GAME = GameInfo(...)``;
    :func:`nekolib.games` finds them, so adding a game edits no shared code.
    """

    key: str
    title: str
    min_players: int
    max_players: int
    new_game: Callable[..., GameState]
    notebook: str = ""
    summary: str = ""
