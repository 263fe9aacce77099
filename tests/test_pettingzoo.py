"""nekolib.pettingzoo: PettingZoo's own API and seed tests on every game, random play with the
action mask, and observations that show a player's own secrets and nobody else's."""

from __future__ import annotations

import importlib
import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from nekolib.core import NekoError
from nekolib.pettingzoo import GAMES, env, raw_env

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",  # api_test on dict observations (as classic envs)
    "ignore:Observation space for each agent probably should be",
)

SIZES = {"neko_in": 3, "manekinecollection": 2, "neko_boss": 2, "indovina_gatto": 2}


def test_the_four_games_have_environments():
    assert sorted(GAMES) == sorted(SIZES)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", ["min", "max"])
def test_pettingzoo_api_test(game, players):
    info = importlib.import_module(f"nekolib.{game}").GAME
    n = info.min_players if players == "min" else info.max_players
    api_test(env(game, n), num_cycles=1000)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test(game):
    seed_test(lambda: env(game), num_cycles=1000)


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_replays_a_game_and_another_seed_deals_another(game):
    def actions_and_returns(seed):
        e = raw_env(game)
        e.reset(seed=seed)
        rng, taken = random.Random(0), []
        for agent in e.agent_iter():
            obs, _, done, cut, _ = e.last()
            move = None if done or cut else rng.choice(np.flatnonzero(obs["action_mask"]))
            taken.append((agent, move, obs["observation"].tobytes()))
            e.step(move)
        return taken, e.state.returns()

    assert actions_and_returns(5) == actions_and_returns(5)
    if game != "neko_boss":  # Neko Boss has no chance at all: every seed is the same game
        assert actions_and_returns(5) != actions_and_returns(6)


def random_games(game: str, players: int, count: int, seed: int) -> int:
    """``count`` whole games, each agent playing a random legal action (by the mask); checks
    every observation and that the rewards are the game's returns. Returns the steps taken."""
    e = raw_env(game, players)
    rng = random.Random(seed)
    steps = 0
    for g in range(count):
        e.reset(seed=seed * 1000 + g)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter(max_iter=10_000):
            obs, reward, done, cut, _ = e.last()
            totals[agent] += reward
            vector, mask = obs["observation"], obs["action_mask"]
            assert e.observation_space(agent).contains(obs), (game, agent)
            assert vector.min() >= 0 and vector.max() <= 1
            if done or cut:
                e.step(None)
                continue
            assert mask.sum() == len(e.state.legal_actions()) > 0
            e.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        assert not e.agents
        assert list(totals.values()) == pytest.approx(e.state.returns()), game
    return steps


@pytest.mark.parametrize("game", GAMES)
def test_random_play_with_the_mask_never_raises(game):
    info = importlib.import_module(f"nekolib.{game}").GAME
    for n in range(info.min_players, info.max_players + 1):
        assert random_games(game, n, 4, seed=n) > 4 * 10


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_random_play_with_the_mask_many_games(game):
    info = importlib.import_module(f"nekolib.{game}").GAME
    for n in range(info.min_players, info.max_players + 1):
        random_games(game, n, 150, seed=100 + n)


@pytest.mark.parametrize("game", ["neko_in", "manekinecollection", "indovina_gatto"])
def test_an_observation_shows_own_secrets_and_not_the_others(game):
    """Redealing what player 0 cannot see (the game's ``determinize``) leaves player 0's
    observation unchanged, and changes another player's somewhere in the games tried."""
    determinize = importlib.import_module(f"nekolib.{game}.agents").determinize
    e = raw_env(game)
    others_changed = 0
    for seed in range(20):
        e.reset(seed=seed)
        for _ in range(seed % 7):  # a few moves in
            if e.state.is_terminal():
                break
            e.step(min(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])))
        mine = {a: e.observe(a)["observation"] for a in e.possible_agents}
        e.state = determinize(e.state, 0, random.Random(seed))
        assert np.array_equal(e.observe("player_0")["observation"], mine["player_0"])
        others_changed += any(
            not np.array_equal(e.observe(a)["observation"], mine[a]) for a in e.possible_agents[1:]
        )
    assert others_changed >= 10, others_changed


def test_an_illegal_action_is_refused_with_what_is_legal():
    e = raw_env("neko_boss")
    e.reset(seed=0)
    with pytest.raises(NekoError, match=r"not legal for player_0 now; legal: \[0, 1"):
        e.step(599)
    wrapped = env("neko_boss")
    wrapped.reset(seed=0)
    wrapped.step(599)  # PettingZoo's wrapper: an illegal move loses
    assert wrapped.rewards["player_0"] == -1 and all(wrapped.terminations.values())


def test_unknown_game_and_render():
    with pytest.raises(NekoError, match="games: neko_in"):
        raw_env("chess")
    e = raw_env("neko_boss", render_mode="ansi")
    e.reset(seed=0)
    assert e.render() == str(e.state) and "\n" in e.render()
    assert raw_env("neko_boss").render() is None
