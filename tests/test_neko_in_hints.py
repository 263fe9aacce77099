"""The expectimax hint player's exact fractions, checked against independent enumerations.

Each number printed in a hint is recomputed here by brute force on the rules engine: every
deal of the tiles the hinted player cannot see (each equally likely), every roll of the
brawl dice (``state.chance_outcomes()``), the owner's choice of hideout as the greedy
player makes it (a hideout whose tile the owner holds, else any, at random).
"""

from __future__ import annotations

import itertools
import random
import re
import time
from fractions import Fraction

import pytest

from nekolib.argcheck import AnalysisError
from nekolib.core import TABLE, play_out
from nekolib.neko_in.agents import AGENTS, GreedyAgent, TableAgent, determinize
from nekolib.neko_in.analysis import catch_chance, held_chance, owner_blocks_chance
from nekolib.neko_in.planner import ExpectimaxAgent
from nekolib.neko_in.rules import ROOMS, Discard, Hide, Move, NekoState, Params, new_game

FRACTION = re.compile(r"(\d+)/(\d+)")


def _position() -> NekoState:
    """Black to move; the yellow cat sits in the Kitchen; the Living Room's fish bone is covered.

    Black holds red spring mouse, red bird, yellow spring mouse, black spring mouse and black
    bird; red holds 5 tiles, yellow 4 (yellow got rid of the yellow fish bone).
    """
    hands = [[5, 6, 10, 0, 1], [7, 11, 12, 2, 3], [8, 9, 13, 14, 4]]
    state = new_game(3, hands=hands)
    cats = list(state.cats)
    cats[2] = 7  # yellow on the Kitchen's bell
    new_hands = (state.hands[0], state.hands[1], (4, 8, 9, 13))
    return state._evolve(cats=tuple(cats), covered=frozenset({14}), hands=new_hands)


def _deals(state: NekoState, me: int):
    """Every deal of the tiles ``me`` cannot see, each player keeping their number of tiles."""
    others = [p for p in range(state.num_players) if p != me]
    pool = sorted(t for p in others for t in state.hands[p])
    sizes = [len(state.hands[p]) for p in others]
    first = others[0]
    for chosen in itertools.combinations(pool, sizes[0]):
        rest = [t for t in pool if t not in chosen]
        if len(others) == 2:
            hands = list(state.hands)
            hands[first], hands[others[1]] = tuple(chosen), tuple(rest)
            # the board allows it: no cat rests on an uncovered hideout whose tile its player
            # holds (it would have got rid of it on arriving)
            resting = [state.cats[state.colours[p]] for p in range(3)]
            if any(r in hands[p] and r not in state.covered for p, r in enumerate(resting)):
                continue
            yield state._evolve(hands=tuple(hands))
        else:  # pragma: no cover - the positions here have three players
            raise NotImplementedError


def _greedy_owner_rid(state: NekoState, me: int) -> Fraction:
    """P(``me`` gets rid of a tile) from ``state`` on: dice enumerated, greedy owner."""
    if state.phase == "brawl":
        return sum(
            (p * _greedy_owner_rid(state.apply(roll), me) for roll, p in state.chance_outcomes()),
            Fraction(0),
        )
    if state.phase != "hide":
        return Fraction(0)
    chooser = state.current_player()
    spaces = [a.space for a in state.legal_actions()]
    if chooser == me:  # me choosing: a hideout whose tile I hold, if any
        return Fraction(1 if any(s in state.hands[me] for s in spaces) else 0)
    safe = [s for s in spaces if s in state.hands[chooser]] or spaces
    before = len(state.hands[me])
    gone = sum(1 for s in safe if len(state.apply(Hide(s)).hands[me]) < before)
    return Fraction(gone, len(safe))


def _brute_rid(state: NekoState, me: int, room: int) -> Fraction:
    worlds = list(_deals(state, me))
    total = sum((_greedy_owner_rid(w.apply(Move(room)), me) for w in worlds), Fraction(0))
    return total / len(worlds)


def test_move_hints_state_the_enumerated_odds_of_the_move_and_of_the_best_alternative():
    state = _position()
    agent = ExpectimaxAgent()
    truth = {room: _brute_rid(state, 0, room) for room in (0, 1, 2)}
    # the yellow cat rests on the uncovered Kitchen bell, so yellow does not hold that tile:
    # red does, and puts black on it (before issue 28 the hint ignored this and said
    # 25/36 x C(6,5)/C(9,5) x 2/5 = 5/378)
    assert truth[1] == 0
    assert truth[0] == 1  # black's own room: black chooses, and holds two of its tiles
    for room in (0, 1, 2):
        why = agent.explain(state, Move(room))
        head = "you get rid of a tile with "  # the widget prints the move before it
        assert why.startswith(head + f"{truth[room].numerator}/{truth[room].denominator}"), why
        alt = re.search(r"; the ([A-Za-z ]+) gives (\d+)/(\d+)", why)
        assert alt is not None, why
        alt_room = ROOMS.index(alt.group(1))
        assert alt_room != room
        assert Fraction(int(alt.group(2)), int(alt.group(3))) == truth[alt_room]
    kitchen = agent.explain(state, Move(1))
    assert "brawl with the yellow cat: you get in with 25/36" in kitchen
    assert "the owner holds a free hideout's tile with 1/1, sure" in kitchen
    assert agent.choose(state, random.Random(0)) in state.legal_actions()


def test_owner_hint_states_the_enumerated_chance_that_the_visitor_gets_rid_of_a_tile():
    state = _position()._evolve(active=2)  # yellow's turn: it goes to black's Entrance
    cats = list(state.cats)
    cats[2] = -1
    state = state._evolve(cats=tuple(cats)).apply(Move(0))
    assert state.phase == "hide" and state.current_player() == 0
    agent = ExpectimaxAgent()
    worlds = list(_deals(state, 0))
    for action in state.legal_actions():
        gone = sum(len(w.apply(action).hands[2]) < len(w.hands[2]) for w in worlds)
        truth = Fraction(gone, len(worlds))
        assert held_chance(state, 0, 2, action.space) == truth
        why = agent.explain(state, action)
        assert why.startswith(f"the Yellow cat gets rid of a tile here with {truth.numerator}/"), (
            why
        )
    chosen = agent.choose(state, random.Random(0))
    assert chosen.space in state.hands[0]  # black's own tile: yellow cannot hold it
    why = agent.explain(state, chosen)
    assert "with 0/1 (you hold this tile); the riskiest free hideout would give 4/9" in why


def test_own_hide_hint_states_the_enumerated_chance_of_staying_a_round():
    state = _position().apply(Move(0))  # black's own room: black chooses
    agent = ExpectimaxAgent()
    action = agent.choose(state, random.Random(0))
    assert action.space in (0, 1)
    # the cat stays unless one of the 3 catch rolls of a round shows black: enumerate them
    rolls = [r.faces for r, _ in state._evolve(phase="catch").chance_outcomes()]
    stay = Fraction(
        sum(1 for t in itertools.product(rolls, repeat=3) if all(0 not in f for f in t))
    )
    stay /= len(rolls) ** 3
    assert stay == Fraction(125, 216)
    why = agent.explain(state, action)
    assert f"none of the next 3 catch rolls shows your cat's colour with {stay}" in why, why
    assert "the dice alone" in why  # it claims the dice, not "still here at your next turn"
    assert catch_chance(Params(), 0) == Fraction(1, 6)
    assert catch_chance(Params(catch_die_faces=(0, 0, 1, -1)), 0) == Fraction(1, 2)


def test_owner_blocks_chance_is_the_hypergeometric_count():
    for pool, held, safe in [(9, 5, 3), (10, 4, 0), (6, 6, 2), (7, 2, 7), (12, 5, 4)]:
        tiles = range(pool)
        hands = list(itertools.combinations(tiles, held))
        blocked = sum(1 for h in hands if any(t < safe for t in h))
        assert owner_blocks_chance(pool, held, safe) == Fraction(blocked, len(hands))
    with pytest.raises(AnalysisError, match="held must be a whole number 0-3"):
        owner_blocks_chance(3, 4, 1)


def test_discard_hint_names_the_tile_with_the_worst_odds():
    state = _position()._evolve(phase="discard", catcher=0)
    agent = ExpectimaxAgent()
    action = agent.choose(state, random.Random(0))
    assert action == Discard(10)  # the lone Living Room tile, the hardest room to get into
    assert agent.explain(state, action).startswith(
        "the yellow spring mouse tile is the most expensive to reach: from here, going to the "
        "Living Room "
        "gets rid of a tile with "
    )


@pytest.mark.parametrize("version", ["classic", "events"])
def test_every_hint_in_play_has_a_fraction_and_no_peeking(version):
    """Seeded games: each hint carries a p/q; a world dealt differently but looking the same
    to the decider gives the same move and words; decisions stay fast."""
    agent = ExpectimaxAgent()
    slowest = 0.0
    hints = 0
    for seed in range(12):
        state = new_game(3 + seed % 2, seed=seed, version=version)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(state.sample_chance(rng))
                continue
            me = state.current_player()
            start = time.perf_counter()
            action = agent.choose(state, random.Random(1))
            why = agent.explain(state, action)
            slowest = max(slowest, time.perf_counter() - start)
            assert FRACTION.search(why), (state.action_to_string(action), why)
            if me != TABLE:
                twin = determinize(state, me, random.Random(seed))
                assert twin.view(me) == state.view(me)
                assert agent.choose(twin, random.Random(1)) == action
                assert agent.explain(twin, action) == why
            hints += 1
            state = state.apply(action)
    assert hints > 300
    assert slowest < 1.0  # the issue: worst decision under 1 s (typically a few ms)


def test_expectimax_is_registered_and_plays_legal_games():
    assert isinstance(AGENTS["expectimax"](), ExpectimaxAgent)
    for seed in range(20):
        agents = {
            0: AGENTS["expectimax"](),
            1: GreedyAgent(),
            2: GreedyAgent(),
            TABLE: TableAgent(),
        }
        final, _ = play_out(new_game(3, seed=seed), agents, random.Random(seed))
        assert final.is_terminal()


def test_expectimax_refuses_another_games_state_with_a_clear_error():
    from nekolib.core import NekoError
    from nekolib.neko_boss.rules import new_game as boss_game

    with pytest.raises(NekoError, match="plays Neko-in states"):
        ExpectimaxAgent().choose(boss_game(2, seed=0), random.Random(0))


@pytest.mark.parametrize("version", ["classic", "events"])
def test_every_hint_names_its_model_and_shows_a_working_per_number(version):
    """Issue 28: each number is the result of one working (same order), the sentence names
    its model, and "sure" follows only a 1/1 whose working has no case below 1."""
    agent = ExpectimaxAgent()
    models = ("(model: ", "(the dice alone", "(no chance involved)")
    hints = 0
    for seed in range(6):
        state = new_game(3, seed=100 + seed, version=version)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(state.sample_chance(rng))
                continue
            action = agent.choose(state, random.Random(1))
            why = agent.explain(state, action)
            works = agent.working(state, action)
            numbers = [Fraction(int(a), int(b)) for a, b in FRACTION.findall(why)]
            assert numbers == [w.result for w in works], why
            if numbers:
                assert any(m in why for m in models), why
            for w, part in zip(works, why.split("/")[1:], strict=False):
                if part.startswith("1, sure"):
                    assert all(c.value == 1 for c in w.cases if c.probability), why
            assert why.count(", sure") == why.count("1/1, sure"), why
            hints += 1
            state = state.apply(action)
    assert hints > 100


def test_the_widget_shows_the_working_under_an_events_hint():
    """The hint's expander lists the face-down tile's cases and their sum (issue 28)."""
    from nekolib.neko_in.widget import neko_in_widget
    from nekolib.working import working_text

    w = neko_in_widget(3, seed=4, seats=["human"] * 3, version="events")
    shown = 0
    for _ in range(200):
        if w.state.is_terminal():
            break
        if w.covered:
            w.ready()
            continue
        w.hint()
        works = ExpectimaxAgent().working(w.state, w.hinted, history=w.match, seats=w.seats)
        assert list(w.hint_working) == list(works)  # the widget gives the match and the seats
        assert "nothing read from past moves" not in w.status.value
        if works:
            assert "How is this computed?" in w.status.value
            text = working_text(works)
            assert all(f"= {w.result.numerator}" in text for w in works if w.result)
            shown += "face-down tile is" in text
        w.play(w.hinted)
    assert shown >= 3
