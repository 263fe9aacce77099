"""One game of an experiment: a pure function ``(experiment, index) -> row``.

Everything random in game ``index`` (the deal, the dice, the agents' coin flips) comes from
one :class:`random.Random` seeded with :func:`~nekolib.lab.experiment.game_seed`, so the
row is the same on any worker, in any order, on any machine (``seconds`` aside).
"""

from __future__ import annotations

import functools
import numbers
import random
import time
from collections.abc import Sequence
from typing import Any

from nekolib.core import TABLE, play_out
from nekolib.lab.experiment import Experiment, agent_settings, make_agent, table_agent
from nekolib.lab.version import check_code, code_version

__all__ = ["ROW_KEYS", "play_game", "play_games"]

ROW_KEYS = (
    "index",
    "seed",
    "players",
    "point",
    "seats",
    "winners",
    "returns",
    "scores",
    "length",
    "seconds",
    "agents",
    "code",
)
"""The fields of a result row, in order (``point``: the sweep values of the game;
``agents``: every setting of each seated agent; ``code``: :func:`code_version`)."""


def play_game(experiment: Experiment, index: int) -> dict[str, Any]:
    """Play game ``index`` of ``experiment`` and describe how it went (one tidy row)."""
    spec = experiment.spec(index)
    params = experiment.game_params(spec.point, spec.players)
    info = _game_info(experiment.game)
    start = time.perf_counter()
    state = info.new_game(num_players=spec.players, seed=spec.seed, params=params)
    agents: dict[int, Any] = {
        s: make_agent(experiment, label) for s, label in enumerate(spec.seats)
    }
    table = table_agent(experiment.game)
    if table is not None:
        agents[TABLE] = table
    end, log = play_out(state, agents, random.Random(spec.seed))
    seconds = time.perf_counter() - start
    returns = [_number(r) for r in end.returns()]
    best = max(returns)
    return {
        "index": index,
        "seed": spec.seed,
        "players": spec.players,
        "point": dict(spec.point),
        "seats": list(spec.seats),
        "winners": [s for s, r in enumerate(returns) if r == best],
        "returns": returns,
        "scores": _scores(end),
        "length": len(log),
        "seconds": round(seconds, 4),
        "agents": {label: agent_settings(experiment, label) for label in dict.fromkeys(spec.seats)},
        "code": code_version(),
    }


def play_games(
    experiment: Experiment, indices: Sequence[int], expected: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """:func:`play_game` for several indices (one Dask task plays a batch). ``expected``:
    the run's :func:`code_version`; a worker running other code plays nothing and raises
    :class:`~nekolib.lab.version.WorkerVersionError` saying why (``None``: no check)."""
    check_code(expected)
    return [play_game(experiment, i) for i in indices]


@functools.cache
def _game_info(game: str) -> Any:
    from nekolib import games

    return games()[game]


def _number(value: Any) -> float:
    return float(value) if isinstance(value, numbers.Real) else value


def _scores(state: Any) -> list[float] | None:
    """One number per seat: ``scores()`` (a score's ``total`` or first item) or ``points()``."""
    for method in ("scores", "points"):
        if callable(getattr(state, method, None)):
            return [_score_number(s) for s in getattr(state, method)()]
    return None


def _score_number(score: Any) -> float | None:
    if isinstance(score, numbers.Real):
        return _number(score)
    total = getattr(score, "total", None)
    if isinstance(total, numbers.Real):
        return _number(total)
    if isinstance(score, tuple) and score and isinstance(score[0], numbers.Real):
        return _number(score[0])
    return None
