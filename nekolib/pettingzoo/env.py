"""One PettingZoo AEC environment class for every nekolib game (:class:`NekoEnv`)."""

from __future__ import annotations

import importlib
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from nekolib.core import CHANCE, TABLE, Action, GameState, NekoError
from nekolib.pettingzoo.actions import CODECS
from nekolib.pettingzoo.observations import ENCODERS

GAMES: tuple[str, ...] = tuple(ENCODERS)
"""The games with an environment: ``neko_in``, ``manekinecollection``, ``neko_boss``,
``indovina_gatto``."""


class NekoEnv(AECEnv):
    """A nekolib game as a PettingZoo AEC environment.

    Agents ``player_0 .. player_{n-1}`` are the seats. The agent to act is the game's decider
    (``state.current_player()``). Dice, shuffles and draws (and ``TABLE`` facts such as who
    grabbed the cat first in Neko-in) are drawn inside the environment with a
    :class:`random.Random` seeded by ``reset(seed=...)``, so one seed replays one game.

    Observations are ``{"observation": float32 vector in [0, 1], "action_mask": int8
    vector}`` (as PettingZoo's classic environments): the vector is built from
    ``state.view(agent)`` only, so nothing that player may not see is in it; the mask has a
    1 at each legal action of the agent to act (zeros for the others). The action space is
    ``Discrete(N)`` over a fixed numbering of the game's actions
    (:mod:`nekolib.pettingzoo.actions`). Rewards come at the end: ``state.returns()`` (1 a
    win, 0 a loss, a shared fraction on ties), 0 before. ``render_mode="ansi"``: the
    spectator's text picture.
    """

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        render_mode: str | None = None,
        **params: Any,
    ) -> None:
        super().__init__()
        if game not in ENCODERS:
            raise NekoError(f"no PettingZoo environment for {game!r}; games: {', '.join(GAMES)}")
        if render_mode not in (None, "ansi"):
            raise NekoError(f"render_mode must be None or 'ansi'; got {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {
            "name": f"nekolib_{game}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        info = importlib.import_module(f"nekolib.{game}").GAME
        if num_players is None:
            num_players = max(info.min_players, 3 if game == "neko_in" else 2)
        self._new_game = lambda seed: info.new_game(num_players=num_players, seed=seed, **params)
        self.state: GameState = self._new_game(0)
        self._encode = ENCODERS[game]
        self._codec = CODECS[game](self.state)
        self.possible_agents = [f"player_{p}" for p in range(self.state.num_players)]
        size = len(self._encode(self.state.view(0)))
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self._codec.size,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self._codec.size) for a in self.possible_agents}
        self._seeds = random.Random()  # seeds the next game when reset() gets none
        self._legal: dict[int, Action] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the game
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: dealt with ``seed`` (else the next seed of the environment's own
        sequence, itself started from ``seed`` on a seeded reset), chance drawn from it."""
        if seed is not None:
            self._seeds = random.Random(f"nekolib-pettingzoo/{seed}")
        game_seed = self._seeds.getrandbits(63)
        self._rng = random.Random(game_seed)
        self.state = self._new_game(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance()

    def _advance(self) -> None:
        """Draw chance and table facts until a player decides or the game ends; number the
        decider's legal actions, or hand out the returns at the end."""
        state = self.state
        while state.current_player() in (CHANCE, TABLE):
            if state.current_player() == CHANCE:
                state = state.apply(state.sample_chance(self._rng))
            else:
                state = state.apply(self._rng.choice(state.legal_actions()))
        self.state = state
        if state.is_terminal():
            self._legal = {}
            for a, r in zip(self.possible_agents, state.returns(), strict=True):
                self.rewards[a] = float(r)
                self.terminations[a] = True
            return
        legal = state.legal_actions()
        self._legal = {self._codec.index(state, a): a for a in legal}
        if len(self._legal) != len(legal) or not all(
            0 <= i < self._codec.size for i in self._legal
        ):
            raise NekoError(f"{self.game}: the action numbering does not fit {legal}")
        self.agent_selection = self.possible_agents[state.current_player()]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action not in self._legal:
            raise NekoError(
                f"action {action!r} is not legal for {agent} now; legal: {sorted(self._legal)} "
                f"({', '.join(self.state.action_to_string(a) for a in self._legal.values())})"
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.state = self.state.apply(self._legal[int(action)])
        self._advance()
        self._accumulate_rewards()

    # ------------------------------------------------------------------ what agents see
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        vector = np.asarray(self._encode(self.state.view(seat)), dtype=np.float32)
        mask = np.zeros(self._codec.size, dtype=np.int8)
        if not self.state.is_terminal() and self.state.current_player() == seat:
            mask[list(self._legal)] = 1
        return {"observation": vector, "action_mask": mask}

    def legal_action_names(self) -> dict[int, str]:
        """The numbered legal actions of the agent to act, as the game writes them."""
        return {i: self.state.action_to_string(a) for i, a in sorted(self._legal.items())}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return str(self.state)

    def close(self) -> None:
        pass
