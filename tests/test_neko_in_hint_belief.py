"""Hint numbers read from the moves so far, against a brute-force posterior (issue 28).

The hint's belief over the unseen deal (``nekolib.neko_in.belief``) is checked here against
an enumeration written from the rules engine alone: for every deal of the tiles the hinted
player cannot see, the *whole match* is replayed with that deal dealt, and the deal is weighed
by the probability the model gives the moves seen:

* the deal is the current hands plus the tiles each player got rid of since the start (those
  are seen by all); every such deal is equally likely a priori;
* each replayed action must be legal and lead to the same public position as in the match
  (every field a spectator sees: cats, covered hideouts, the box, hand sizes, event tiles
  revealed, held tiles, the phase): if not, the deal has weight 0;
* a hideout another player chose is weighed by the greedy model: an owner placing a visitor
  (or a spare cat) picks one of the free hideouts whose tile it holds, each equally likely,
  else any free one; a player placing their own cat picks the first free hideout whose tile
  they hold, else any free one at random;
* everything else (rooms moved to, discards, dice, the table) weighs the same in every deal.

Then every number the hint states is compared with the enumeration of
``test_neko_in_hint_enumeration`` (which walks the rules engine) under those weights. Games:
3 players (the brute force enumerates 252 deals), every seat played by the greedy player (so
the moves fit the model), Classic and Events.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from test_neko_in_hint_enumeration import MEMO, board_allows, stated, truth_of

from nekolib.core import TABLE, Match
from nekolib.neko_in.agents import GreedyAgent, TableAgent
from nekolib.neko_in.analysis import unseen_tiles
from nekolib.neko_in.planner import ExpectimaxAgent
from nekolib.neko_in.rules import Move, NekoState, UseLitterBox, new_game


# --------------------------------------------------------------------------- positions
def positions(
    version: str, count: int, seed0: int = 0, player=None
) -> list[tuple[NekoState, list]]:
    """Move and hide decisions of seeded 3-player games (every seat played by ``player``,
    default the greedy player), with the match so far."""
    greedy, table = player or GreedyAgent(), TableAgent()
    found: list[tuple[NekoState, list]] = []
    seed = seed0
    while len(found) < count:
        match = Match(new_game(3, seed=seed, version=version), seed)
        rng = random.Random(seed)
        while not match.state.is_terminal() and len(found) < count:
            state = match.state
            if state.is_chance_node():
                match.roll()
                continue
            if state.current_player() == TABLE:
                match.play(table.choose(state, rng))
                continue
            if state.phase in ("move", "hide") and rng.random() < 0.3:
                found.append((state, list(zip(match.states, match.actions, strict=False))))
            match.play(greedy.choose(state, rng))
        seed += 1
    return found


# --------------------------------------------------------------------------- brute force
def public(state: NekoState, me: int) -> tuple:
    """Everything ``me`` sees of a position."""
    return (
        state.phase, state.cats, state.covered, state.box, state.tiles_left(), state.hands[me],
        tuple(e is None for e in state.events), state.held, state.event_box, state.napping,
        state.active, state.room, state.cat, state.chooser, state.teaser, state.winner,
        state.moves_left, state.catcher,
    )  # fmt: skip


def model_chance(state: NekoState, action) -> Fraction:
    """P(``action``) for a hideout chosen under the greedy model; 1 for anything else."""
    if state.phase != "hide":
        return Fraction(1)
    p = state.current_player()
    spaces = [a.space for a in state.legal_actions()]
    held = [s for s in spaces if s in state.hands[p]]
    if not held:
        return Fraction(1, len(spaces))
    if state.cat == state.colours[p]:
        return Fraction(action.space == held[0])
    return Fraction(action.space in held, len(held))


def _deals(state: NekoState, me: int):
    others = [p for p in range(3) if p != me]
    pool = sorted(t for p in others for t in state.hands[p])
    for chosen in itertools.combinations(pool, len(state.hands[others[0]])):
        hands = list(state.hands)
        hands[others[0]] = chosen
        hands[others[1]] = tuple(t for t in pool if t not in chosen)
        yield tuple(hands)


def facts_only(state: NekoState, action) -> Fraction:
    """No model of choices: only what the rules and the public positions rule out counts."""
    return Fraction(1)


def posterior(
    state: NekoState, me: int, history: list, chance=model_chance
) -> dict[tuple, Fraction]:
    """Deal (the current hands) -> P(deal | the match so far), by replaying the match; each
    other player's decision weighed by ``chance(state, action)``."""
    start = history[0][0] if history else state
    others = [p for p in range(3) if p != me]
    gone = {p: set(start.hands[p]) - set(state.hands[p]) for p in others}
    pool = sorted(t for p in others for t in state.hands[p])
    size = len(state.hands[others[0]])
    seen = [public(s, me) for s, _ in history[1:]] + [public(state, me)] * bool(history)
    weights: dict[tuple, Fraction] = {}
    for chosen in itertools.combinations(pool, size):
        hands = list(state.hands)
        hands[others[0]] = chosen
        hands[others[1]] = tuple(t for t in pool if t not in chosen)
        dealt = list(start.hands)
        for p in others:
            dealt[p] = tuple(sorted(set(hands[p]) | gone[p]))
        world = start._evolve(hands=tuple(dealt))
        w = Fraction(1)
        for (_, action), after in zip(history, seen, strict=True):
            if not world.is_legal(action):
                w = Fraction(0)
                break
            who = world.current_player()
            if 0 <= who < 3 and who != me:
                w *= chance(world, action)
            world = world.apply(action)
            if not w or public(world, me) != after:
                w = Fraction(0)
                break
        if w:
            weights[tuple(hands)] = w
    total = sum(weights.values())
    return {h: w / total for h, w in weights.items()}  # {}: the moves fit no deal


def check(version: str, count: int, seed0: int) -> tuple[int, int, int]:
    """Compare every stated number; return (numbers, numbers read from the moves that differ
    from the board-only number, positions whose posterior is not the board's)."""
    agent = ExpectimaxAgent()
    numbers = differ = informed = 0
    for state, history in positions(version, count, seed0):
        me = state.current_player()
        action = agent.choose(state, random.Random(1))
        why = agent.explain(state, action, history=history)
        workings = agent.working(state, action, history=history)
        assert stated(why) == [w.result for w in workings], why
        assert "nothing read from past moves" not in why, why  # greedy moves fit the model
        law = posterior(state, me, history)
        assert law  # the real deal has weight > 0
        board = {w.question: w.result for w in agent.working(state, action)}  # board alone
        allowed = sum(
            board_allows(state, [*h]) for h in _deals(state, me)
        )  # the board-only belief: uniform over these
        informed += len(law) < allowed or len(set(law.values())) > 1

        def weigh(hands: tuple, law=law) -> Fraction:
            return law.get(hands, Fraction(0))

        for w in workings:
            MEMO.clear()
            assert truth_of(state, me, action, w.question, weigh) == w.result, (why, w.question)
            numbers += 1
            differ += board.get(w.question) != w.result
        if isinstance(action, Move | UseLitterBox):
            assert "read from the hideouts the others chose" in why or not any(
                "moves so far" in w.model for w in workings
            )
        assert why.count(", sure") == why.count("1/1, sure"), why
    return numbers, differ, informed


def test_a_few_hint_numbers_read_from_the_moves_are_the_brute_force_posteriors():
    numbers, differ, informed = check("events", 25, seed0=300)
    assert numbers >= 25
    assert differ >= 5 and informed >= 10, (differ, informed)


@pytest.mark.slow
@pytest.mark.parametrize("version", ["classic", "events"])
def test_every_hint_number_read_from_the_moves_is_the_brute_force_posterior(version):
    """>= 200 positions a version; many numbers differ from the board-only belief (the old
    hint), so a hint that ignores the moves fails here."""
    numbers, differ, informed = check(version, 200, seed0=0)
    assert numbers >= 200
    assert differ >= 20, differ
    assert informed >= 50, informed


def test_moves_that_fit_no_deal_under_the_model_are_said_and_not_read():
    """Expectimax owners put a visitor on a hideout whose tile is in the box before one they
    hold, which the greedy model never does: once such moves fit no deal (the brute force
    gives every deal weight 0), the hint reads the board alone and says why; otherwise it
    reads the moves and states the brute-force numbers."""
    agent = ExpectimaxAgent()
    said = read = 0
    for state, history in positions("classic", 60, seed0=0, player=ExpectimaxAgent()):
        me = state.current_player()
        action = agent.choose(state, random.Random(1), history=history)
        why = agent.explain(state, action, history=history)
        law = posterior(state, me, history)
        belief = agent.belief(state, me, history)
        assert belief.read == bool(law), why
        if not law:
            said += 1
            assert belief.why_not == "the moves so far do not fit the greedy model"
            assert belief.facts and "nothing read from past moves" not in why, why
            if "unseen tiles" in why:
                assert "as the moves so far allow for sure" in why, why
                assert "no choice read (the moves so far do not fit" in why, why
            law = posterior(state, me, history, facts_only)  # the certain facts, kept
        else:
            read += 1
        for w in agent.working(state, action, history=history):
            MEMO.clear()
            weigh = lambda hands, law=law: law.get(hands, Fraction(0))  # noqa: E731
            assert truth_of(state, me, action, w.question, weigh) == w.result, (why, w.question)
    assert said >= 3 and read >= 10, (said, read)


@pytest.mark.parametrize("version", ["classic", pytest.param("events", marks=pytest.mark.slow)])
def test_the_fallback_keeps_every_certain_fact_of_the_moves_so_far(monkeypatch, version):
    """Issue 42: when the moves are not weighed (here forced: too many to weigh), the hint's
    numbers are the brute force over every deal the rules and the public positions of the
    whole match allow (no model of choices), not the board's alone: a cat that rested on an
    uncovered hideout earlier showed its player lacked that tile."""
    import nekolib.neko_in.belief as belief_module

    monkeypatch.setattr(belief_module, "MAX_WORK", -1)
    agent = ExpectimaxAgent()
    numbers = kept = checked = 0
    for state, history in positions(version, 150, seed0=700, player=ExpectimaxAgent()):
        me = state.current_player()
        every = [s for s, _ in history] + [state]
        unseen, lacks = unseen_tiles(state, me), belief_module.board_lacks
        if not history or lacks(every, me, unseen) == lacks([state], me, unseen):
            continue  # only positions where the history shows more than the board
        checked += 1
        action = agent.choose(state, random.Random(1), history=history)
        workings = agent.working(state, action, history=history)
        belief = agent.belief(state, me, history)
        assert belief.facts and not belief.read, belief.model
        assert belief.why_not == "too many moves to weigh exactly"
        why = agent.explain(state, action, history=history)
        assert stated(why) == [w.result for w in workings], why
        law = posterior(state, me, history, facts_only)
        board = {w.question: w.result for w in agent.working(state, action)}  # board alone
        for w in workings:
            MEMO.clear()
            weigh = lambda hands, law=law: law.get(hands, Fraction(0))  # noqa: E731
            assert truth_of(state, me, action, w.question, weigh) == w.result, (why, w.question)
            numbers += 1
            kept += board.get(w.question) != w.result
    print(f"{version}: {checked} positions, {numbers} numbers, {kept} not the board's")
    assert checked >= 20 and kept >= 3, (checked, numbers, kept)


def test_an_empty_history_mid_game_does_not_claim_the_moves_were_read():
    from nekolib.neko_in.belief import belief

    state, _ = positions("classic", 12, seed0=5)[-1]
    me = state.current_player()
    empty = belief(state, me, [])
    assert not empty.read and empty.why_not == "the moves so far were not given"
    why = ExpectimaxAgent().explain(state, ExpectimaxAgent().choose(state, random.Random(1)), [])
    assert "read from the moves so far" not in why
    start = new_game(3, seed=5)
    assert belief(start, 0, []).read  # at the start, an empty history is the whole one


def test_a_belief_too_large_to_weigh_reads_the_board_and_says_so(monkeypatch):
    import nekolib.neko_in.belief as belief_module

    state, history = positions("classic", 30, seed0=3)[-1]
    me = state.current_player()
    monkeypatch.setattr(belief_module, "MAX_WORK", -1)
    agent = ExpectimaxAgent()
    belief = agent.belief(state, me, history)
    assert not belief.read and belief.why_not == "too many moves to weigh exactly"
    every = [s for s, _ in history] + [state]
    assert belief.facts and belief.lacks == belief_module.board_lacks(every, me, belief.unseen)
    action = agent.choose(state, random.Random(1), history=history)
    why = agent.explain(state, action, history=history)
    if "unseen tiles" in why:
        assert "no choice read (too many moves to weigh exactly)" in why, why


def test_a_history_that_is_not_the_match_so_far_is_refused_clearly():
    from nekolib.core import NekoError

    state, history = positions("classic", 8, seed0=1)[-1]
    action = ExpectimaxAgent().choose(state, random.Random(1))
    for junk in (history[:-1], 5, "abc", [(1, 2)]):
        with pytest.raises(NekoError, match="history"):
            ExpectimaxAgent().explain(state, action, history=junk)
