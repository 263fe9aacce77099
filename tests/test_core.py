"""The shared core: validation, exact chance sampling, matches, replay, undo."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from _toy import Coin, Take, ToyState

from nekolib.core import (
    CHANCE,
    HIDDEN,
    TERMINAL,
    FirstActionAgent,
    IllegalAction,
    Match,
    NekoError,
    RandomAgent,
    chance_rng,
    play_out,
    sample_outcome,
)


def test_illegal_action_raises_and_leaves_state_unchanged():
    state = ToyState(pile=1)
    with pytest.raises(IllegalAction) as info:
        state.apply(Take(2))
    message = str(info.value)
    assert "only 1 stone(s) left" in message
    assert "take 1" in message  # says what is legal
    assert info.value.legal == [Take(1)]
    assert state == ToyState(pile=1)


def test_actions_at_the_wrong_kind_of_node_are_illegal():
    flipping = ToyState().apply(Take(1))
    assert flipping.current_player() == CHANCE
    with pytest.raises(IllegalAction):
        flipping.apply(Take(1))
    with pytest.raises(IllegalAction, match="game is over"):
        ToyState(pile=3, winner=0).apply(Take(1))


def test_apply_returns_new_state():
    state = ToyState()
    after = state.apply(Take(2))
    assert state.pile == 5 and after.pile == 3


def test_sample_outcome_is_exact_and_seeded():
    outcomes = [("a", Fraction(1, 3)), ("b", Fraction(1, 6)), ("c", Fraction(1, 2))]
    draws = [sample_outcome(outcomes, random.Random(7)) for _ in range(3)]
    assert len(set(draws)) == 1  # same seed, same draw
    rng = random.Random(1)
    counts = Counter(sample_outcome(outcomes, rng) for _ in range(60_000))
    for label, p in outcomes:  # 5 standard errors
        sd = (float(p) * (1 - float(p)) / 60_000) ** 0.5
        assert abs(counts[label] / 60_000 - float(p)) < 5 * sd
    with pytest.raises(NekoError, match="sum to"):
        sample_outcome([("a", Fraction(1, 3))], rng)


def test_chance_rng_depends_on_seed_and_ply_only():
    assert chance_rng(3, 10).random() == chance_rng(3, 10).random()
    assert chance_rng(3, 10).random() != chance_rng(3, 11).random()
    assert chance_rng(3, 10).random() != chance_rng(4, 10).random()


def test_match_replays_from_its_log_and_undo_rerolls_identically():
    match = Match(ToyState(), seed=42)
    match.advance({0: FirstActionAgent(), 1: RandomAgent()}, random.Random(0))
    assert match.state.is_terminal()
    again = Match.replay(ToyState(), 42, match.actions)
    assert again.state == match.state
    assert match.log()[0] == "1. player 0: take 1"
    # undo back to player 1's last decision, then the same roll comes again
    ply = len(match.actions)
    undone = match.undo(keep=lambda s: s.current_player() == 1)
    assert undone and match.state.current_player() == 1
    while match.state.current_player() != TERMINAL:
        if match.state.is_chance_node():
            match.roll()
        else:
            match.play(again.actions[len(match.actions)])
    assert match.state == again.state and len(match.actions) == ply


def test_replay_rejects_an_illegal_log():
    with pytest.raises(IllegalAction):
        Match.replay(ToyState(pile=1), 0, [Take(2)])


def test_play_out_checks_every_step_and_terminates():
    seen = []
    final, log = play_out(
        ToyState(), RandomAgent(), random.Random(5), on_step=lambda b, a, c: seen.append((b, a, c))
    )
    assert final.is_terminal() and len(seen) == len(log)
    assert all(b.apply(a) == c for b, a, c in seen)
    assert sum(final.returns()) == 1


def test_play_out_gives_up_after_max_steps():
    with pytest.raises(NekoError, match="did not end"):
        play_out(ToyState(cap=99), FirstActionAgent(), random.Random(0), max_steps=3)


def test_views_hide_other_players_secrets():
    state = ToyState()
    assert state.view(0)["secrets"] == ["ace", HIDDEN]
    assert state.view(1)["secrets"] == [HIDDEN, "king"]
    assert state.view(None)["secrets"] == [HIDDEN, HIDDEN]


def test_chance_outcomes_sum_to_one():
    state = ToyState().apply(Take(1))
    assert sum(p for _, p in state.chance_outcomes()) == 1
    assert state.legal_actions() == [Coin(True), Coin(False)]
