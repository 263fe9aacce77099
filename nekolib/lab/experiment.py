"""What an experiment is: a game, its parameters, who sits where, how many games, a seed.

An experiment is plain data (a frozen :class:`Experiment`), usually read from TOML::

    name = "neko_boss_ladder"      # optional: defaults to the file's stem
    game = "neko_boss"             # a key of nekolib.games()
    players = 2                    # or a list: one block of games per player count
    games = 120                    # games per sweep point (and per player count)
    seed = 1
    rotate = ["random", "greedy", "mcts"]   # every seating of these agents, in turn
    # seats = ["mcts", "greedy"]            # ... or one fixed agent per seat

    [params]                       # fields of the game's rules.Params
    board = "grid_3x4"

    [sweep]                        # Params field -> values (the cartesian product is swept)
    score_height = [3, 4]

    [agents.mcts]                  # options of an agent; a label of its own picks the
    iterations = 100               # registry entry with `agent = "mcts"`

Game ``i`` of an experiment is fully described by ``(experiment, i)``: its sweep point,
its player count, its seating and its seed, which comes from a stable hash of
``(seed, i)`` (SHA-256, not Python's per-process ``hash()``), so whichever worker
plays it, it is the same game.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib

from nekolib.core import Agent, NekoError, RandomAgent, coerce_params, describe, game_module

__all__ = [
    "KEYS",
    "Experiment",
    "ExperimentError",
    "GameSpec",
    "agent_registry",
    "agent_settings",
    "game_seed",
    "load_experiment",
    "make_agent",
    "parse_experiment",
]

KEYS = ("name", "game", "players", "games", "seed", "seats", "rotate", "params", "sweep", "agents")
"""The keys an experiment file may have (anything else is an error naming these)."""


class ExperimentError(NekoError, ValueError):
    """An experiment description that cannot be run; the message says what is legal."""


@dataclass(frozen=True)
class GameSpec:
    """Everything needed to play game ``index`` of an experiment (derived, never stored)."""

    index: int
    seed: int
    players: int
    point: dict[str, Any]
    """The sweep values of this game (``{}`` without a sweep)."""
    seats: tuple[str, ...]
    """Agent label per seat."""


@dataclass(frozen=True)
class Experiment:
    """A tournament: ``games`` games per (player count, sweep point), seatings in turn."""

    game: str
    players: tuple[int, ...]
    games: int
    seed: int = 0
    seats: tuple[str, ...] = ()
    rotate: tuple[str, ...] = ()
    params: dict[str, Any] = field(default_factory=dict)
    sweep: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    agents: dict[str, dict[str, Any]] = field(default_factory=dict)
    name: str = "experiment"

    def __post_init__(self) -> None:
        _check(self)

    # -- the games ---------------------------------------------------------------------
    @property
    def points(self) -> list[dict[str, Any]]:
        """Sweep points in order (``[{}]`` without a sweep)."""
        keys = list(self.sweep)
        return [dict(zip(keys, vs, strict=True)) for vs in itertools.product(*self.sweep.values())]

    @property
    def blocks(self) -> list[tuple[int, dict[str, Any]]]:
        """``(players, point)`` per block of ``games`` games, players outermost."""
        return [(n, point) for n in self.players for point in self.points]

    @property
    def total(self) -> int:
        """Number of games in the whole experiment."""
        return self.games * len(self.blocks)

    def seatings(self, players: int) -> list[tuple[str, ...]]:
        """Seatings played in turn with ``players`` seats.

        ``seats``: that one seating (the list is cycled if shorter than ``players``).
        ``rotate`` with at least as many agents as seats: every ordered choice of distinct
        agents; with fewer: every assignment that seats each agent at least once.
        """
        if self.seats:
            return [tuple(self.seats[s % len(self.seats)] for s in range(players))]
        if len(self.rotate) >= players:
            return list(itertools.permutations(self.rotate, players))
        return [
            seating
            for seating in itertools.product(self.rotate, repeat=players)
            if set(seating) == set(self.rotate)
        ]

    def spec(self, index: int) -> GameSpec:
        """Game ``index``: block ``index // games``, seating ``(index % games) % #seatings``."""
        if not 0 <= index < self.total:
            raise ExperimentError(f"game index {index} is outside 0..{self.total - 1}")
        players, point = self.blocks[index // self.games]
        seatings = self.seatings(players)
        seating = seatings[(index % self.games) % len(seatings)]
        return GameSpec(index, game_seed(self.seed, index), players, point, seating)

    def game_params(self, point: Mapping[str, Any], players: int) -> Any:
        """The game's ``Params`` at a sweep point (TOML lists become tuples)."""
        cls = params_class(self.game)
        values = {k: _tuples(v) for k, v in {**self.params, **point}.items()}
        if "num_players" in {f.name for f in dataclasses.fields(cls)}:
            values["num_players"] = players
        try:
            return coerce_params(values, cls)
        except NekoError as err:
            raise ExperimentError(f"experiment {self.name!r}: {err}") from err
        except (TypeError, ValueError) as err:
            raise ExperimentError(f"experiment {self.name!r}: bad params {values}: {err}") from err

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able description (the store's header; equal dicts = same experiment)."""
        return {
            "name": self.name,
            "game": self.game,
            "players": list(self.players),
            "games": self.games,
            "seed": self.seed,
            "seats": list(self.seats),
            "rotate": list(self.rotate),
            "params": _lists(self.params),
            "sweep": {k: _lists(list(v)) for k, v in self.sweep.items()},
            "agents": _lists(self.agents),
        }

    def fingerprint(self) -> str:
        """A short stable hash of what decides the games (not the name)."""
        about = self.to_dict()
        about.pop("name")
        text = json.dumps(about, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def labels(self) -> list[str]:
        """Agent labels in order of first appearance."""
        return list(dict.fromkeys(self.seats or self.rotate))


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of an experiment seeded ``seed``: 63 bits of SHA-256."""
    digest = hashlib.sha256(f"nekolib-lab/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# --------------------------------------------------------------------------- agents
def agent_registry(game: str) -> dict[str, Any]:
    """``AGENTS`` of ``nekolib.<game>.agents`` (``{"random": RandomAgent}`` if it has none)."""
    module = game_module(f"nekolib.{game}", "agents")
    registry = dict(getattr(module, "AGENTS", None) or {})
    registry.setdefault("random", RandomAgent)
    return registry


def make_agent(experiment: Experiment, label: str) -> Agent:
    """A fresh agent for ``label``: the registry entry ``label`` (or its ``agent`` option)."""
    options = dict(experiment.agents.get(label, {}))
    name = options.pop("agent", label)
    factory = agent_registry(experiment.game)[name]
    agent = factory(**options)
    return agent


def agent_settings(experiment: Experiment, label: str) -> dict[str, Any]:
    """Every setting of ``label``'s agent: registry name, class and public attributes
    (numbers, strings, ``None``; other values by their type or function name), so a row
    says e.g. ``{"agent": "mcts", "class": "nekolib.mcts.MCTSAgent", "iterations": 100,
    "c": 1.4, "rollout": "RolloutAgent", ...}`` even where the file gave no options."""
    agent = make_agent(experiment, label)
    cls = type(agent)
    out: dict[str, Any] = {
        "agent": experiment.agents.get(label, {}).get("agent", label),
        "class": f"{cls.__module__}.{cls.__qualname__}",
    }
    for key, value in sorted(getattr(agent, "__dict__", {}).items()):
        if not key.startswith("_"):
            out[key] = _setting(value)
    return out


def agent_label(experiment: Experiment | Mapping[str, Any], label: str) -> str:
    """``label`` with the options the experiment gives it: ``mcts (iterations=100)``."""
    agents = experiment.agents if isinstance(experiment, Experiment) else experiment["agents"]
    options = {k: v for k, v in dict(agents.get(label, {})).items() if k != "agent"}
    name = dict(agents.get(label, {})).get("agent")
    if name and name != label:
        options = {"agent": name, **options}
    if not options:
        return label
    return f"{label} ({', '.join(f'{k}={v}' for k, v in options.items())})"


def _setting(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple) and all(isinstance(v, int | float | str) for v in value):
        return list(value)
    return getattr(value, "__qualname__", None) or type(value).__qualname__


def table_agent(game: str) -> Agent | None:
    """The registry's ``"table"`` agent (who was fastest ...), if the game has one."""
    factory = agent_registry(game).get("table")
    return factory() if factory is not None else None


# --------------------------------------------------------------------------- parsing
def load_experiment(path: str | Path) -> Experiment:
    """Read an experiment from a TOML file (its stem is the default name)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ExperimentError(f"cannot read experiment file {path}: {err.strerror}") from err
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ExperimentError(f"{path} is not valid TOML: {err}") from err
    data.setdefault("name", path.stem)
    return parse_experiment(data)


def parse_experiment(data: Mapping[str, Any]) -> Experiment:
    """An :class:`Experiment` from a dict (parsed TOML); errors say what is legal."""
    if not isinstance(data, Mapping):
        raise ExperimentError(
            f"an experiment is a table of {', '.join(KEYS)}; got {describe(data)}"
        )
    unknown = sorted(str(k) for k in data if k not in KEYS)
    if unknown:
        raise ExperimentError(
            f"unknown experiment key {', '.join(unknown)}; the keys are {', '.join(KEYS)}"
        )
    for key in ("game", "games"):
        if key not in data:
            raise ExperimentError(f"an experiment needs {key!r} (the keys are {', '.join(KEYS)})")
    players = data.get("players")
    return Experiment(
        game=data["game"],
        players=tuple(players) if isinstance(players, list) else (players,),
        games=data["games"],
        seed=data.get("seed", 0),
        seats=_strings(data.get("seats", ()), "seats"),
        rotate=_strings(data.get("rotate", ()), "rotate"),
        params=_table(data.get("params", {}), "params"),
        sweep={k: _values(k, v) for k, v in _table(data.get("sweep", {}), "sweep").items()},
        agents={
            k: _table(v, f"agents.{k}") for k, v in _table(data.get("agents", {}), "agents").items()
        },
        name=data.get("name", "experiment"),
    )


def _strings(value: Any, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ExperimentError(f"{key!r} must be a list of agent names; got {describe(value)}")
    return tuple(value)


def _table(value: Any, key: str) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise ExperimentError(f"{key!r} must be a table (name = value, ...); got {describe(value)}")
    return dict(value)


def _values(key: str, value: Any) -> tuple[Any, ...]:
    if not isinstance(value, list) or not value:
        raise ExperimentError(
            f"sweep.{key} must be a non-empty list of values to try; got {describe(value)}"
        )
    return tuple(value)


# --------------------------------------------------------------------------- checks
def _check(exp: Experiment) -> None:
    from nekolib import games

    known = games()
    if exp.game not in known:
        raise ExperimentError(
            f"unknown game {exp.game!r}; the games are {', '.join(sorted(known))}"
        )
    info = known[exp.game]
    if not isinstance(exp.name, str) or not exp.name:
        raise ExperimentError(f"name must be a non-empty str; got {describe(exp.name)}")
    for key in ("games", "seed"):
        value = getattr(exp, key)
        if not isinstance(value, int) or isinstance(value, bool) or value < (key == "games"):
            least = "a positive" if key == "games" else "a non-negative"
            raise ExperimentError(f"{key} must be {least} int; got {describe(value)}")
    if not exp.players:
        raise ExperimentError("players must be a player count or a list of them")
    for n in exp.players:
        if (
            not isinstance(n, int)
            or isinstance(n, bool)
            or not info.min_players <= n <= info.max_players
        ):
            raise ExperimentError(
                f"{info.title} is for {info.min_players}-{info.max_players} players; "
                f"players = {describe(n)} is not allowed"
            )
    _check_agents(exp, info.title)
    for n, point in exp.blocks:  # every sweep point must make valid Params (fail before running)
        exp.game_params(point, n)


def _check_agents(exp: Experiment, title: str) -> None:
    if bool(exp.seats) == bool(exp.rotate):
        raise ExperimentError(
            "give exactly one of seats (one agent per seat) or rotate (agents to rotate over "
            "every seating)"
        )
    registry = agent_registry(exp.game)
    unknown_options = sorted(set(exp.agents) - set(exp.labels()))
    if unknown_options:
        raise ExperimentError(
            f"[agents] has options for {', '.join(unknown_options)}, which no seat uses "
            f"(seated: {', '.join(exp.labels())})"
        )
    for label in exp.labels():
        name = exp.agents.get(label, {}).get("agent", label)
        if name not in registry:
            raise ExperimentError(
                f"unknown agent {name!r} for {title}; the agents are {', '.join(sorted(registry))}"
                " (or give [agents.<label>] with agent = <one of those>)"
            )
        try:
            make_agent(exp, label)
        except TypeError as err:
            raise ExperimentError(
                f"agent {label!r}: bad options {exp.agents[label]}: {err}"
            ) from err
    if exp.rotate and len(set(exp.rotate)) != len(exp.rotate):
        raise ExperimentError(f"rotate lists an agent twice: {list(exp.rotate)}")


def params_class(game: str) -> type:
    rules = game_module(f"nekolib.{game}", "rules")
    cls = getattr(rules, "Params", None)
    if cls is None or not dataclasses.is_dataclass(cls):
        raise ExperimentError(f"nekolib.{game}.rules has no Params dataclass")
    return cls


def _tuples(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_tuples(v) for v in value)
    return value


def _lists(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _lists(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_lists(v) for v in value]
    return value
