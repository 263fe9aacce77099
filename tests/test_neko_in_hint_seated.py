"""Hint numbers exact at a table of greedy players (issue 42), against a brute force.

When the hint is told who sits where (``seats=``) and every other seat is the greedy player,
its belief (:mod:`nekolib.neko_in.seated`) weighs each deal of the unseen tiles by the
probability :class:`~nekolib.neko_in.agents.GreedyAgent` gives *every* choice it made. The
brute force here is written from the agent itself, not from ``seated.greedy_law``: for every
deal, the whole match is replayed with that deal dealt; every decision of another seat is
weighed by the agent's own choice law, read by running ``GreedyAgent.choose`` with a random
number generator that records the list it draws from (``rng.choice``: uniform over it; no
draw: that move for sure); the public positions must match (else weight 0). Then every number
the hint states is compared with the enumeration of ``test_neko_in_hint_enumeration``.
With a seat marked human, the hint names the weaker model it falls back to, and its numbers
are that model's (the hideout-only brute force of ``test_neko_in_hint_belief``).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from test_neko_in_hint_belief import positions, posterior
from test_neko_in_hint_enumeration import MEMO, stated, truth_of

from nekolib.neko_in.agents import GreedyAgent
from nekolib.neko_in.planner import ExpectimaxAgent
from nekolib.neko_in.rules import NekoState
from nekolib.neko_in.seated import greedy_law


class Recorder:
    """A random number generator that records what ``choice`` draws from (returns the first)."""

    def __init__(self) -> None:
        self.drawn: list | None = None

    def choice(self, seq):
        self.drawn = list(seq)
        return self.drawn[0]


def agent_law(state: NekoState, seat: int) -> dict:
    """GreedyAgent's own choice law at ``state`` (``seat`` deciding), read off the agent."""
    rng = Recorder()
    action = GreedyAgent().choose(state, rng)  # type: ignore[arg-type]
    if rng.drawn is None:
        return {action: Fraction(1)}
    return {a: Fraction(1, len(rng.drawn)) for a in rng.drawn}


def seated_posterior(state: NekoState, me: int, history: list) -> dict[tuple, Fraction]:
    """Deal -> P(deal | the match), every other seat's decision weighed by GreedyAgent."""

    def chance(world: NekoState, action) -> Fraction:
        return agent_law(world, world.current_player()).get(action, Fraction(0))

    return posterior(state, me, history, chance)


def seats_for(me: int, n: int = 3, other: str = "greedy") -> tuple[str, ...]:
    return tuple("human" if p == me else other for p in range(n))


def test_greedy_law_is_the_greedy_agents_own_law_for_every_hand():
    checked = 0
    rng = random.Random(5)
    for state, _ in positions("events", 60, seed0=900) + positions("classic", 60, seed0=950):
        seat = state.current_player()
        pool = sorted({t for h in state.hands for t in h})
        for _ in range(8):
            hand = tuple(sorted(rng.sample(pool, rng.randint(1, min(5, len(pool))))))
            hands = list(state.hands)
            hands[seat] = hand
            world = state._evolve(hands=tuple(hands))
            assert greedy_law(world, seat, frozenset(hand)) == agent_law(world, seat), world
            checked += 1
    assert checked >= 900


def check(version: str, count: int, seed0: int) -> tuple[int, int]:
    """Compare every stated number with the greedy-seated brute force; return (numbers,
    numbers that differ from the hideout-only model's)."""
    agent = ExpectimaxAgent()
    numbers = differ = 0
    for state, history in positions(version, count, seed0):
        me = state.current_player()
        seats = seats_for(me)
        action = agent.choose(state, random.Random(1), history=history, seats=seats)
        why = agent.explain(state, action, history=history, seats=seats)
        workings = agent.working(state, action, history=history, seats=seats)
        assert stated(why) == [w.result for w in workings], why
        belief = agent.belief(state, me, history, seats)
        assert belief.seated, belief.model
        if "unseen tiles" in why:
            assert "read from every move of the greedy players seated, by their own rule" in why
        law = seated_posterior(state, me, history)
        assert law
        hideouts = {w.question: w.result for w in agent.working(state, action, history=history)}
        for w in workings:
            MEMO.clear()
            weigh = lambda hands, law=law: law.get(hands, Fraction(0))  # noqa: E731
            assert truth_of(state, me, action, w.question, weigh) == w.result, (why, w.question)
            numbers += 1
            differ += hideouts.get(w.question) != w.result
    return numbers, differ


def test_a_few_hint_numbers_are_exact_at_a_table_of_greedy_players():
    numbers, differ = check("classic", 12, seed0=4300)
    assert numbers >= 12 and differ >= 1, (numbers, differ)


@pytest.mark.slow
@pytest.mark.parametrize("version", ["classic", "events"])
def test_every_hint_number_is_exact_at_a_table_of_greedy_players(version):
    """200 positions a version; many numbers differ from the hideout-only model's."""
    numbers, differ = check(version, 200, seed0=0)
    print(f"{version}: {numbers} numbers in 200 positions, {differ} not the hideout model's")
    assert numbers >= 200 and differ >= 20, (numbers, differ)


def test_a_human_seat_is_named_and_the_weaker_model_is_used():
    agent = ExpectimaxAgent()
    named = 0
    for state, history in positions("classic", 10, seed0=4400):
        me = state.current_player()
        other = next(p for p in range(3) if p != me)
        seats = tuple("human" if p in (me, other) else "greedy" for p in range(3))
        action = agent.choose(state, random.Random(1), history=history, seats=seats)
        why = agent.explain(state, action, history=history, seats=seats)
        belief = agent.belief(state, me, history, seats)
        assert not belief.seated
        if "unseen tiles" in why and history:
            assert f"the {state.seat_name(other)} is human: no known rule for its choices" in why
            assert "rooms, discards and events read as telling nothing" in why
            named += 1
        law = posterior(state, me, history)  # the hideouts-only model, brute force
        for w in agent.working(state, action, history=history, seats=seats):
            MEMO.clear()
            weigh = lambda hands, law=law: law.get(hands, Fraction(0))  # noqa: E731
            assert truth_of(state, me, action, w.question, weigh) == w.result, (why, w.question)
    assert named >= 3, named


def test_the_brute_force_can_tell_the_models_apart():
    """The seated brute force is not the hideout-only one on these games (so the test above
    could fail): some deals get another weight."""
    apart = 0
    for state, history in positions("classic", 12, seed0=4300):
        me = state.current_player()
        a, b = seated_posterior(state, me, history), posterior(state, me, history)
        apart += a != b
    assert apart >= 3, apart
