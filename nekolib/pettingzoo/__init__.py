"""PettingZoo AEC environments for the four games (``pip install 'nekolib[pettingzoo]'``).

    from nekolib.pettingzoo import env
    e = env("neko_boss")          # or "neko_in", "manekinecollection", "indovina_gatto"
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, done, truncated, info = e.last()
        action = None if done or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

See :class:`~nekolib.pettingzoo.env.NekoEnv` for the observations, actions and rewards.
This subpackage is the only part of nekolib that imports numpy, gymnasium and pettingzoo.
"""

from __future__ import annotations

from typing import Any

from nekolib.core import NekoError

try:
    from pettingzoo.utils import wrappers

    from nekolib.pettingzoo.env import GAMES, NekoEnv
except ModuleNotFoundError as err:  # pragma: no cover - without the extra
    raise NekoError(
        f"nekolib.pettingzoo needs {err.name}: pip install 'nekolib[pettingzoo]'"
    ) from err

__all__ = ["GAMES", "NekoEnv", "env", "raw_env"]


def raw_env(game: str, num_players: int | None = None, **kwargs: Any) -> NekoEnv:
    """The environment itself (no PettingZoo wrappers)."""
    return NekoEnv(game, num_players, **kwargs)


def env(game: str, num_players: int | None = None, **kwargs: Any) -> Any:
    """The environment wrapped as PettingZoo's classic games are: an illegal action ends
    the game with reward -1 for the agent (``TerminateIllegalWrapper``), actions are checked
    against the space, and the AEC call order is enforced."""
    e: Any = raw_env(game, num_players, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
