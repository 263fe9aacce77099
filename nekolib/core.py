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

import dataclasses
import functools
import importlib
import math
import numbers
import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, Protocol, TypeVar, Union

from nekolib.svg import SVG

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
    "action_problem",
    "chance_rng",
    "check_fields",
    "check_player_count",
    "check_seat",
    "check_seed",
    "coerce_params",
    "decider_name",
    "describe",
    "game_module",
    "game_package",
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
        shown = ", ".join(_label(a) for a in self.legal[:12])
        if len(self.legal) > 12:
            shown += f", ... ({len(self.legal)} in all)"
        who = "" if decider is None else f" for {decider_name(decider)}"
        builtin = type(action).__module__ == "builtins"  # 'kitchen', None, [1]: shown as typed
        tried = _short_repr(action) if builtin else _label(action)
        super().__init__(f"illegal action {tried}{who}: {reason}. Legal now: {shown or 'nothing'}")


def _label(action: Any) -> str:
    """``str(action)``, or its ``repr`` when a malformed action cannot even be printed."""
    try:
        return str(action)
    except Exception:  # a junk field broke the action's __str__: show what was passed
        return _short_repr(action)


def _short_repr(value: Any, limit: int = 60) -> str:
    try:
        text = repr(value)
    except Exception:
        text = object.__repr__(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def decider_name(decider: int) -> str:
    """Human-readable name of a decider id (``0`` -> ``'player 0'``)."""
    return {CHANCE: "chance", TERMINAL: "nobody (game over)", TABLE: "the table"}.get(
        decider, f"player {decider}"
    )


# --------------------------------------------------------------------------- validation
# Bad user input gets a nekolib error that names the field, the bad value and what is
# allowed. Field types are read from the type hints of the dataclass (or NamedTuple), so
# a game gets the checks by declaring its ``Params`` and actions with precise hints.
_JUNK_ERRORS = (TypeError, ValueError, AttributeError, LookupError, ArithmeticError)
"""What rules code raises when handed a value of the wrong type (``1.5`` as an index ...)."""


def describe(value: Any) -> str:
    """``'3' (a str)``: a value and its type, for error messages."""
    if value is None:
        return "None"
    kind = type(value).__name__
    return f"{_short_repr(value)} ({'an' if kind[0] in 'aeiouAEIOU' else 'a'} {kind})"


def check_player_count(value: Any, lo: int, hi: int, game_title: str) -> int:
    """``value`` as a player count of ``game_title``, else :class:`InvalidSetup`.

    >>> check_player_count("3", 3, 6, "Neko-in")
    Traceback (most recent call last):
    ...
    nekolib.core.InvalidSetup: Neko-in is for 3-6 players; got '3' (a str)
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidSetup(f"{game_title} is for {lo}-{hi} players; got {describe(value)}")
    if not lo <= int(value) <= hi:
        raise InvalidSetup(f"{game_title} is for {lo}-{hi} players; got {value}")
    return int(value)


def check_seat(value: Any, num_players: int, needed_by: str) -> int:
    """``value`` as a seat number ``0..num_players-1``, else a :class:`NekoError`.

    >>> check_seat(True, 2, "determinize")
    Traceback (most recent call last):
    ...
    nekolib.core.NekoError: determinize needs a player 0-1; got True (a bool)
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise NekoError(f"{needed_by} needs a player 0-{num_players - 1}; got {describe(value)}")
    if not 0 <= int(value) < num_players:
        raise NekoError(f"{needed_by} needs a player 0-{num_players - 1}; got {value}")
    return int(value)


def check_fields(record: Any, name: str | None = None) -> None:
    """Raise :class:`InvalidSetup` if a field of ``record`` does not match its type hint.

    Call it first thing in a ``Params.__post_init__``; the message reads
    ``Params.catch_dice must be an int; got 1.5 (a float)``.
    """
    problem = _record_problem(record, name)
    if problem is not None:
        raise InvalidSetup(problem)


P = TypeVar("P")
S = TypeVar("S", bound="GameState")
"""A game's own state class: ``state.apply(action)`` returns the same class."""


def coerce_params(params: Any, cls: type[P], overrides: Mapping[str, Any] | None = None) -> P:
    """The ``Params`` of a new game: ``None`` (defaults), an instance, or a dict of fields,
    with ``overrides`` (keyword arguments of ``new_game``) applied on top."""
    changes = dict(overrides or {})
    if params is None:
        base: dict[str, Any] = {}
    elif isinstance(params, cls):
        if not changes:
            return params
        base = {f.name: getattr(params, f.name) for f in dataclasses.fields(params)}  # type: ignore[arg-type]
    elif isinstance(params, Mapping):
        base = dict(params)
    else:
        raise InvalidSetup(f"params must be a {cls.__name__} or a dict; got {describe(params)}")
    merged = base | changes
    known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(str(k) for k in merged if k not in known)
    if unknown:
        raise InvalidSetup(
            f"{cls.__name__} has no field {', '.join(unknown)}; "
            f"its fields are {', '.join(sorted(known))}"
        )
    return cls(**merged)


def action_problem(action: Any) -> str | None:
    """What is malformed about ``action`` (a field of the wrong type), or ``None``.

    Actions are frozen dataclasses (or named tuples) with type hints, so
    ``Move(room="Kitchen")`` is caught here: ``Move.room must be an int; got 'Kitchen' (a str)``.
    """
    kind = type(action)
    well_formed = _WELL_FORMED.get(kind)
    if well_formed is None:
        well_formed = _WELL_FORMED[kind] = _well_formed_test(kind)
    return None if well_formed(action) else _record_problem(action, None)


_WELL_FORMED: dict[type, Callable[[Any], bool]] = {}
"""Per action class, a fast test of all its fields (it runs on every ``apply``)."""


def _well_formed_test(kind: type) -> Callable[[Any], bool]:
    checks = tuple((name, check) for name, check, _ in _fields_of(kind))
    if not checks:
        return _anything
    if len(checks) == 1:
        (name, check), *_ = checks
        return lambda record: check(getattr(record, name, None))

    return lambda record: all(check(getattr(record, name, None)) for name, check in checks)


def _record_problem(record: Any, name: str | None) -> str | None:
    owner = name or type(record).__name__
    for field_name, check, allowed in _fields_of(type(record)):  # type: ignore[arg-type]
        value = getattr(record, field_name, None)
        if not check(value):
            return f"{owner}.{field_name} must be {allowed}; got {describe(value)}"
    return None


@functools.cache
def _fields_of(cls: type) -> tuple[tuple[str, Callable[[Any], bool], str], ...]:
    """``(name, check, allowed)`` per typed field of a dataclass or named tuple (cached)."""
    if dataclasses.is_dataclass(cls):
        names = [f.name for f in dataclasses.fields(cls)]
    elif isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields"):
        names = list(cls._fields)
    else:
        return ()
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # unresolvable hints: nothing to check
        return ()
    return tuple(
        (n, _checker(hints[n]), _allowed(hints[n]))
        for n in names
        if n in hints and _checker(hints[n]) is not _anything
    )


def _anything(value: Any) -> bool:
    return True


def _is_int(value: Any) -> bool:
    return type(value) is int or (
        isinstance(value, numbers.Integral) and not isinstance(value, bool)
    )


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


_SIMPLE: dict[Any, Callable[[Any], bool]] = {
    int: _is_int,
    float: _is_number,
    bool: lambda v: isinstance(v, bool),
    str: lambda v: isinstance(v, str),
    type(None): lambda v: v is None,
    None: lambda v: v is None,
    Any: _anything,
}


@functools.cache
def _checker(hint: Any) -> Callable[[Any], bool]:
    """A fast predicate for values matching ``hint`` (ints, strs, tuples, unions, ...)."""
    if hint in _SIMPLE:
        return _SIMPLE[hint]
    supertype = getattr(hint, "__supertype__", None)  # typing.NewType
    if supertype is not None:
        return _checker(supertype)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        return lambda v: any(v == a and type(v) is type(a) for a in args)
    if origin is Union or origin is types.UnionType:
        options = tuple(_checker(a) for a in args)
        return lambda v: any(ok(v) for ok in options)
    if origin is tuple:
        return _tuple_checker(args)
    if origin in (frozenset, set, list):
        item = _checker(args[0]) if args else _anything
        return lambda v: isinstance(v, origin) and all(item(x) for x in v)
    if isinstance(origin, type):
        return lambda v: isinstance(v, origin)
    if isinstance(hint, type):
        if _fields_of(hint):  # a nested record (a Card in a hand): check its fields too
            return lambda v: isinstance(v, hint) and _record_problem(v, None) is None
        return lambda v: isinstance(v, hint)
    return _anything  # TypeVars, unresolved strings: not checked


def _tuple_checker(args: tuple[Any, ...]) -> Callable[[Any], bool]:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _checker(args[0])
        if item is _is_int:  # dice rolls, hands of tile ids: the common case, kept fast
            return lambda v: (
                type(v) is tuple and (all(type(x) is int for x in v) or all(_is_int(x) for x in v))
            )
        return lambda v: isinstance(v, tuple) and all(item(x) for x in v)
    if args == ((),):
        return lambda v: v == ()
    if args:
        items = tuple(_checker(a) for a in args)
        return lambda v: (
            isinstance(v, tuple)
            and len(v) == len(items)
            and all(ok(x) for ok, x in zip(items, v, strict=True))
        )
    return lambda v: isinstance(v, tuple)


def _allowed(hint: Any, plural: bool = False) -> str:
    """Words for what ``hint`` allows: ``'an int'``, ``'a tuple of ints'``, ``'None or ...'``."""
    simple = {int: ("an int", "ints"), float: ("a number", "numbers"), str: ("a str", "strs")}
    if hint in simple:
        return simple[hint][plural]
    if hint is bool:
        return "True or False"
    if hint is None or hint is type(None):
        return "None"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in args)
    if origin is Union or origin is types.UnionType:
        return " or ".join(_allowed(a) for a in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return ("tuples" if plural else "a tuple") + f" of {_allowed(args[0], True)}"
        if args:
            return f"a tuple ({', '.join(_allowed(a) for a in args)})"
    name = getattr(origin or hint, "__name__", str(hint))
    return f"{name} objects" if plural else f"a {name}"


# --------------------------------------------------------------------------- randomness
SEED_KINDS = "an int, a str or None"
"""What a seed may be, in the words of every error message about one."""


def check_seed(seed: Any) -> int | str | None:
    """``seed`` as a seed (an int, a str or ``None``), else :class:`InvalidSetup`.

    Every game's ``new_game``, :class:`Match` and the widget take their seed through here,
    so one seed means one game everywhere. ``True`` is refused although it is an int to
    Python (it would silently be the game of seed 1), and so are ``bytes`` (``b'x'`` and
    ``'x'`` would be two different games under names that look alike), floats and the rest.
    Integers of other types (``numpy.int64(3)``) are the int they equal.

    >>> check_seed(True)
    Traceback (most recent call last):
    ...
    nekolib.core.InvalidSetup: seed must be an int, a str or None; got True (a bool)
    """
    if seed is None or type(seed) is str or type(seed) is int:
        return seed
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        return int(seed)
    if isinstance(seed, str):  # a str subclass: the plain str it spells
        return str(seed)
    raise InvalidSetup(f"seed must be {SEED_KINDS}; got {describe(seed)}")


def make_rng(seed: int | str | None = None) -> random.Random:
    """A private :class:`random.Random`; the same seed always gives the same game.

    ``seed`` is checked by :func:`check_seed` (an int, a str or ``None``).
    """
    return random.Random(check_seed(seed))


def chance_rng(seed: int | str | None, ply: int | str) -> random.Random:
    """The RNG for the chance event at position ``ply`` of a match.

    Deriving it from ``(seed, ply)`` (and not from one running stream) means an
    undone-and-replayed roll comes out the same, and a log replays exactly. ``seed`` is
    checked as everywhere (:func:`check_seed`: ``True`` is not the seed 1).
    """
    return random.Random(f"nekolib/{check_seed(seed)}/{ply}")


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
    # Actions are ``Any`` in the signatures below (an :data:`Action` is any hashable value):
    # each game narrows them to its own action classes in its overrides.

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
    def _legal_actions(self) -> Sequence[Any]:
        """Legal actions at a player or table decision (rules only, no validation)."""

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """At a chance node: every outcome with its exact probability (summing to 1)."""
        raise NekoError(f"{type(self).__name__} is not at a chance node")

    def legal_actions(self) -> list[Any]:
        """What the current decider may do; chance outcomes at a chance node; ``[]`` at the end."""
        if self.is_terminal():
            return []
        if self.is_chance_node():
            return [a for a, _ in self.chance_outcomes()]
        return list(self._legal_actions())

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome. Games with huge outcome spaces (shuffles) override this."""
        return sample_outcome(self.chance_outcomes(), rng)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's own ``is_legal`` is wrapped so junk (``[1]``, ``Move(1.5)``) is just illegal."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("is_legal")
        if own is not None and not getattr(own, "_junk_proof", False):
            cls.is_legal = _junk_proof(own)  # type: ignore[method-assign, assignment]

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now; ``False`` (never an error) for any junk."""
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
                action, self._why_illegal(action), self.legal_actions(), self.current_player()
            )

    def _why_illegal(self, action: Action) -> str:
        """A malformed or foreign action is named as such; else the game's explanation."""
        problem = action_problem(action) or self._foreign_action(action)
        if problem is not None:
            return problem
        try:
            return self.explain_illegal(action)
        except _JUNK_ERRORS:
            return "it is not one of the legal actions"

    def _foreign_action(self, action: Action) -> str | None:
        """``'kitchen' (a str) is not an action of this game ...`` (None: a plausible action)."""
        kind = type(action)
        legal = self.legal_actions()
        if any(type(a) is kind for a in legal):
            return None
        here = type(self).__module__.rpartition(".")[0]
        there = kind.__module__.rpartition(".")[0]
        example = (
            f"; actions are objects such as {legal[0]!r} ({_label(legal[0])})" if legal else ""
        )
        if kind.__module__ == "builtins" or action is None:
            return f"{describe(action)} is not an action of this game{example}"
        if there.startswith("nekolib.") and here.startswith("nekolib.") and there != here:
            game = there.rpartition(".")[2]
            return f"{_short_repr(action)} is an action of another game ({game}){example}"
        return None

    # -- moving on ---------------------------------------------------------------
    def apply(self: S, action: Action) -> S:
        """The state after ``action``. Raises :class:`IllegalAction` (state unchanged)."""
        self.check_action(action)
        return self._apply(action)  # type: ignore[return-value]  # a game's own state class

    @abstractmethod
    def _apply(self, action: Any) -> GameState:
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

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        """The spectator's picture as an ``<img>`` with alt text and as ``image/svg+xml``
        (see :class:`nekolib.svg.SVG`); ``None`` (plain text) without a picture module."""
        module = _picture_module(self)
        if module is None:
            return None
        picture = module.svg(self.view(None))
        return (picture if isinstance(picture, SVG) else SVG(str(picture)))._repr_mimebundle_()

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


def _junk_proof(is_legal: Callable[[Any, Action], bool]) -> Callable[[Any, Action], bool]:
    """``is_legal`` that answers ``False`` for junk instead of raising (unhashable, wrong types)."""

    @functools.wraps(is_legal)
    def guarded(self: Any, action: Action) -> bool:
        try:
            ok = is_legal(self, action)
        except _JUNK_ERRORS:
            return False
        return bool(ok) and action_problem(action) is None

    guarded._junk_proof = True  # type: ignore[attr-defined]
    return guarded


GameState.is_legal = _junk_proof(GameState.is_legal)  # type: ignore[method-assign, assignment]


def game_module(package: str, part: str) -> Any:
    """The module ``part`` of a game package (``"nekolib.neko_boss"``, ``"picture"``), or ``None``.

    Games are found by convention, not registration: pictures, click paths and charts
    live in modules next to the rules, so adding a game edits nothing shared.
    """
    if not package:
        return None
    name = f"{package}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name in (name, package):
            return None
        raise


def game_package(state: Any) -> str:
    """The package of the game ``state`` belongs to (its class's module's package)."""
    return type(state).__module__.rpartition(".")[0]


def _picture_module(state: GameState) -> Any:
    return game_module(game_package(state), "picture")


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
        self.seed = check_seed(self.seed)  # an int, a str or None (else InvalidSetup)
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
