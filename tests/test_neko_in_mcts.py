"""Neko-in MCTS: worlds dealt from a player's view only, and stronger than random players."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from nekolib.core import TABLE, NekoError, RandomAgent, play_out
from nekolib.lab.stats import wilson
from nekolib.mcts import MCTSAgent
from nekolib.neko_in.agents import AGENTS, RolloutAgent, TableAgent, determinize
from nekolib.neko_in.hint_odds import resting_tile
from nekolib.neko_in.invariants import check_invariants, check_step
from nekolib.neko_in.rules import IN_ROOM, N_ICONS, NekoState, new_game

VERSIONS = ["classic", "events"]


def _positions(version: str, games: int, every: int = 7) -> list[NekoState]:
    """Seeded positions (3-6 players) where a player decides, spread over whole games."""
    found: list[NekoState] = []
    for seed in range(games):
        seen: list[NekoState] = []

        def keep(before, action, after, seen=seen):
            if before.current_player() >= 0:
                seen.append(before)

        play_out(
            new_game(3 + seed % 4, seed=seed, version=version),
            RandomAgent(),
            random.Random(seed),
            on_step=keep,
        )
        found += seen[seed % every :: every]
    return found


def _public(state: NekoState) -> dict:
    """Every field except the hidden ones (hands, face-down events)."""
    return {k: v for k, v in vars(state).items() if k not in ("hands", "events", "_legal")}


@pytest.mark.parametrize("version", VERSIONS)
def test_worlds_look_the_same_to_the_player_and_follow_the_rules(version):
    hands_varied = events_varied = 0
    for i, state in enumerate(_positions(version, 24)):
        me = state.current_player()
        view = state.view(me)
        worlds = [determinize(state, me, random.Random(1000 * i + k)) for k in range(6)]
        for world in worlds:
            assert world.view(me) == view
            assert _public(world) == _public(state)
            assert world.hands[me] == state.hands[me]
            assert world.legal_actions() == state.legal_actions()
            check_invariants(world)
            for p in range(state.num_players):  # no cat rests on its own player's tile
                assert p == me or resting_tile(world, p) not in world.hands[p]
            if version == "events":  # the same face-down tiles in every room
                for room in state.colours:
                    spaces = range(room * N_ICONS, room * N_ICONS + N_ICONS)
                    assert Counter(world.events[s] for s in spaces) == Counter(
                        state.events[s] for s in spaces
                    )
        hands_varied += len({w.hands for w in worlds}) > 1
        events_varied += len({w.events for w in worlds}) > 1
    assert hands_varied > 100
    if version == "events":
        assert events_varied > 50


def test_a_fresh_deal_is_uniform():
    """At the start, player 0 cannot know where the 10 other tiles are: each is with
    player 1 half the time (5 of the 10), over 4000 worlds (4.5 standard deviations: 0.036)."""
    state = new_game(3, seed=3)
    counts: Counter[int] = Counter()
    rng = random.Random(0)
    trials = 4000
    for _ in range(trials):
        counts.update(determinize(state, 0, rng).hands[1])
    hidden = sorted(state.hands[1] + state.hands[2])
    assert sorted(counts) == hidden
    for tile in hidden:
        assert abs(counts[tile] / trials - 0.5) < 0.036, (tile, counts[tile])


def test_a_cat_resting_on_a_hideout_rules_out_its_tile():
    """Seat 1's cat on an uncovered hideout: in no world does seat 1 hold its tile."""
    state = new_game(3, seed=5)
    cats = list(state.cats)
    space = state.hands[2][0]  # really seat 2's tile
    cats[1] = space
    state = state._evolve(cats=tuple(cats))
    assert resting_tile(state, 1) == space
    rng = random.Random(2)
    owners = Counter()
    for _ in range(300):
        world = determinize(state, 0, rng)
        assert space not in world.hands[1]
        owners[2] += space in world.hands[2]
    assert owners[2] == 300


def _twins(version: str) -> list[tuple[NekoState, NekoState, int]]:
    """Pairs of states the decider cannot tell apart: two opponents' tiles swapped and
    (Events) two different face-down event tiles of one room swapped."""
    pairs = []
    for i, state in enumerate(_positions(version, 16, every=5)):
        me = state.current_player()
        rng = random.Random(i)
        others = [p for p in range(state.num_players) if p != me and state.hands[p]]
        if len(others) < 2:
            continue
        a, b = rng.sample(others, 2)
        ta, tb = rng.choice(state.hands[a]), rng.choice(state.hands[b])
        hands = list(state.hands)
        hands[a] = tuple(sorted({*hands[a]} - {ta} | {tb}))
        hands[b] = tuple(sorted({*hands[b]} - {tb} | {ta}))
        twin = state._evolve(hands=tuple(hands))
        if state.events:
            twin = twin._evolve(events=_swap_two_events(state.events, rng))
        if any(resting_tile(twin, p) in twin.hands[p] for p in others):
            continue  # the swap would contradict what the player sees on the board
        assert twin.view(me) == state.view(me) and twin != state
        pairs.append((state, twin, me))
    return pairs


def _swap_two_events(events: tuple, rng: random.Random) -> tuple:
    events = list(events)
    for room in rng.sample(range(6), 6):
        down = [s for s in range(room * N_ICONS, room * N_ICONS + N_ICONS) if events[s]]
        for s, t in ((s, t) for s in down for t in down if events[s] != events[t]):
            events[s], events[t] = events[t], events[s]
            return tuple(events)
    return tuple(events)


@pytest.mark.parametrize("version", VERSIONS)
def test_determinize_reads_no_secret(version):
    pairs = _twins(version)
    assert len(pairs) > 40
    for k, (state, twin, me) in enumerate(pairs):
        assert determinize(state, me, random.Random(k)) == determinize(twin, me, random.Random(k))


@pytest.mark.parametrize("version", VERSIONS)
def test_mcts_choice_depends_on_the_view_only(version):
    pairs = _twins(version)[::10]
    changed = 0
    for k, (state, twin, _) in enumerate(pairs):
        a = AGENTS["mcts"](iterations=12).choose(state, random.Random(k))
        b = AGENTS["mcts"](iterations=12).choose(twin, random.Random(k))
        assert a == b
        cheat = MCTSAgent(iterations=12)  # searches the real state: may see the difference
        changed += cheat.choose(state, random.Random(k)) != cheat.choose(twin, random.Random(k))
    assert changed > 0  # the pairs do differ in something that matters to a cheater


# --------------------------------------------------------------------------- strength


def test_wilson_lower_bound_by_hand():
    # 8 of 10: (0.8 + 0.19208 - 1.96 * sqrt(0.016 + 0.0096040)) / 1.38416 = 0.4902
    assert wilson(8, 10, 1.96)[0] == pytest.approx(0.4902, abs=1e-4)


def test_mcts_beats_random_players():
    """MCTS (30 simulations a move) against two random players, seats rotated: its win
    share's 95% Wilson lower bound is above the fair share 1/3."""
    games, wins = 24, 0
    for seed in range(games):
        seat = seed % 3
        agents = {p: RandomAgent() for p in range(3)} | {TABLE: TableAgent()}
        agents[seat] = AGENTS["mcts"](iterations=30)
        final, _ = play_out(new_game(3, seed=seed), agents, random.Random(seed))
        wins += final.winner == seat
    assert wilson(wins, games, 1.96)[0] > 1 / 3, wins


def test_gathered_and_garden_cats_rule_nothing_out():
    state = new_game(4, seed=1)
    cats = list(state.cats)
    cats[1], cats[2] = IN_ROOM + 0, -1
    state = state._evolve(cats=tuple(cats))
    assert resting_tile(state, 1) is None and resting_tile(state, 2) is None


@pytest.mark.parametrize("version", VERSIONS)
def test_rollout_agent_plays_legal_honest_games(version):
    for seed in range(60):
        state = new_game(3 + seed % 4, seed=seed, version=version)
        play_out(state, RolloutAgent(), random.Random(seed), on_step=check_step)
    for k, (state, twin, _) in enumerate(_twins(version)):
        a = RolloutAgent().choose(state, random.Random(k))
        assert a == RolloutAgent().choose(twin, random.Random(k))


def test_rollout_agent_beats_random_players():
    wins = 0
    for seed in range(200):
        agents = {0: RolloutAgent(), 1: RandomAgent(), 2: RandomAgent(), TABLE: TableAgent()}
        final, _ = play_out(new_game(3, seed=seed), agents, random.Random(seed))
        wins += final.winner == 0
    assert wins > 120  # a random seat would win about 67 of 200


@pytest.mark.parametrize("player", [None, -1, 3, True, "0"])
def test_determinize_refuses_a_non_player(player):
    with pytest.raises(NekoError, match="determinize needs a player 0-2"):
        determinize(new_game(3, seed=0), player, random.Random(0))
