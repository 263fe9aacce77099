"""The shared core: validation, exact chance sampling, matches, replay, undo."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

import pytest
from _toy import Coin, Take, ToyState

import nekolib
from nekolib.core import (
    CHANCE,
    HIDDEN,
    TERMINAL,
    FirstActionAgent,
    IllegalAction,
    InvalidSetup,
    Match,
    NekoError,
    RandomAgent,
    action_problem,
    chance_rng,
    check_fields,
    check_player_count,
    coerce_params,
    describe,
    make_rng,
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


# --------------------------------------------------------------------------- bad input
BAD_PLAYER_COUNTS = [2.5, "3", None, True, False, 3.0, [3], -1, 0, 99]


@pytest.mark.parametrize("key", sorted(nekolib.games()))
@pytest.mark.parametrize("bad", BAD_PLAYER_COUNTS, ids=repr)
def test_every_game_answers_a_bad_player_count_with_invalid_setup(key, bad):
    info = nekolib.games()[key]
    with pytest.raises(InvalidSetup) as err:
        info.new_game(num_players=bad, seed=0)
    message = str(err.value)
    assert f"{info.title} is for {info.min_players}-{info.max_players} players" in message
    assert repr(bad) in message  # the bad value, as typed
    if bad is not None and (not isinstance(bad, int) or isinstance(bad, bool)):
        assert f"(a {type(bad).__name__})" in message  # and its type


@pytest.mark.parametrize("key", sorted(nekolib.games()))
def test_every_game_accepts_each_player_count_it_claims(key):
    info = nekolib.games()[key]
    for n in range(info.min_players, info.max_players + 1):
        assert info.new_game(num_players=n, seed=0).num_players == n


def test_check_player_count_messages_and_values():
    assert check_player_count(4, 3, 6, "Neko-in") == 4
    with pytest.raises(InvalidSetup, match=r"Neko-in is for 3-6 players; got '3' \(a str\)"):
        check_player_count("3", 3, 6, "Neko-in")
    with pytest.raises(InvalidSetup, match=r"got True \(a bool\)"):
        check_player_count(True, 1, 6, "Neko-in")  # a bool is not a count, though True == 1
    with pytest.raises(InvalidSetup, match=r"got 7$"):
        check_player_count(7, 3, 6, "Neko-in")


@dataclass(frozen=True)
class Knobs:
    n: int = 1
    ratio: float = 0.5
    name: str = "x"
    flag: bool = False
    mode: Literal["a", "b"] = "a"
    faces: tuple[int, ...] = (1, 2)
    maybe: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        check_fields(self, "Knobs")


@pytest.mark.parametrize(
    ("field", "bad", "allowed"),
    [
        ("n", 1.5, "an int"),
        ("n", True, "an int"),
        ("n", "1", "an int"),
        ("ratio", "0.5", "a number"),
        ("name", 3, "a str"),
        ("flag", 1, "True or False"),
        ("mode", "c", "one of 'a', 'b'"),
        ("faces", [1, 2], "a tuple of ints"),
        ("faces", (1, 2.0), "a tuple of ints"),
        ("maybe", ("a", 1), "a tuple of strs or None"),
    ],
)
def test_check_fields_names_the_field_the_value_and_what_is_allowed(field, bad, allowed):
    with pytest.raises(InvalidSetup) as err:
        Knobs(**{field: bad})
    assert str(err.value) == f"Knobs.{field} must be {allowed}; got {describe(bad)}"


def test_check_fields_accepts_good_values():
    Knobs(n=3, ratio=2, name="y", flag=True, mode="b", faces=(), maybe=("z",))


def test_coerce_params():
    assert coerce_params(None, Knobs) == Knobs()
    assert coerce_params({"n": 2}, Knobs, {"name": "z"}) == Knobs(n=2, name="z")
    assert coerce_params(Knobs(n=5), Knobs, {"flag": True}) == Knobs(n=5, flag=True)
    with pytest.raises(InvalidSetup, match="Knobs has no field colour"):
        coerce_params(None, Knobs, {"colour": 1})
    with pytest.raises(InvalidSetup, match=r"params must be a Knobs or a dict; got 'n=2'"):
        coerce_params("n=2", Knobs)


def test_a_bad_seed_is_invalid_setup():
    """A seed is an int, a str or None; ``True`` (an int to Python) and ``b'x'`` were accepted
    until issue 28, ``True`` silently giving the game of seed 1."""
    for bad in ([1], {}, 1.5, object(), True, False, b"x", bytearray(b"x")):
        with pytest.raises(InvalidSetup, match="seed must be an int, a str or None; got"):
            make_rng(bad)
        with pytest.raises(InvalidSetup, match="seed must be an int, a str or None; got"):
            Match(ToyState(), bad)
        with pytest.raises(InvalidSetup, match="seed must be an int, a str or None; got"):
            chance_rng(bad, 0)
    assert make_rng("abc").random() == make_rng("abc").random()
    assert make_rng(1).random() == random.Random(1).random()


def test_an_integer_seed_of_another_type_is_the_int_it_equals():
    np = pytest.importorskip("numpy")
    match = Match(ToyState(), np.int64(3))
    assert type(match.seed) is int and match.seed == 3
    assert make_rng(np.int64(3)).random() == make_rng(3).random()


@pytest.mark.parametrize(
    ("junk", "reason"),
    [
        ("take 1", "'take 1' (a str) is not an action of this game; actions are objects such as"),
        (None, "None is not an action of this game"),
        ([1], "[1] (a list) is not an action of this game"),
        ({}, "{} (a dict) is not an action of this game"),
        (Take(1.0), "Take.n must be an int; got 1.0 (a float)"),
        (Take(True), "Take.n must be an int; got True (a bool)"),
        (Take([1]), "Take.n must be an int; got [1] (a list)"),
        (Coin("yes"), "Coin.heads must be True or False; got 'yes' (a str)"),
        (Coin(True), "it is not one of the legal actions"),  # well formed, wrong kind of node
    ],
)
def test_junk_actions_are_illegal_with_a_reason_and_change_nothing(junk, reason):
    state = ToyState(pile=3)
    assert state.is_legal(junk) is False  # never raises
    with pytest.raises(IllegalAction) as err:
        state.apply(junk)
    assert err.value.legal == [Take(1), Take(2)]
    assert reason in str(err.value)
    assert state == ToyState(pile=3)


def test_an_action_equal_to_a_legal_one_but_of_the_wrong_type_is_illegal():
    state = ToyState(pile=3)
    assert Take(True) == Take(1) and hash(Take(True)) == hash(Take(1))  # why it needs a check
    assert state.is_legal(Take(1)) and not state.is_legal(Take(True))
    assert action_problem(Take(1)) is None and action_problem("x") is None


def test_a_game_overriding_is_legal_is_junk_proof_too():
    @dataclass(frozen=True, repr=False)
    class Fussy(ToyState):
        def is_legal(self, action) -> bool:
            return action in {Take(1): True}  # hashing: raises TypeError for [1]

    state = Fussy()
    assert state.is_legal(Take(1)) and not state.is_legal([1]) and not state.is_legal(Take(1.0))
    with pytest.raises(IllegalAction, match=r"\[1\] \(a list\) is not an action"):
        state.apply([1])


def test_illegal_action_message_survives_an_action_that_cannot_be_printed():
    class Broken:
        def __str__(self) -> str:
            raise TypeError("no")

        def __repr__(self) -> str:
            return "Broken()"

    err = IllegalAction(Broken(), "because", [Take(1)], 0)
    assert str(err).startswith("illegal action Broken() for player 0: because")
