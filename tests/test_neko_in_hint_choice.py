"""The hint player's choice follows the numbers its sentence states (issue 42).

The hint (``ExpectimaxAgent.explain(state, action, history=match)``) states exact numbers under
a belief read from the moves so far; the choice (``choose(state, rng, history=match)``) must
weigh with the same numbers. On 300 decisions of seeded games (3 and 4 players, Classic and
Events, the hint player in one seat and greedy players in the others, given the match so far):

* **visitor placements**: the hideout chosen gives the visitor the lowest chance, by the
  working the sentence states, among *every* free hideout (each recomputed with that working,
  on the same belief): no free hideout the sentence's own model rates safer;
* **movements**: every number stated (this movement, the best alternative, the surest one)
  is the odds the choice weighed that movement with; the movement chosen has the lowest
  expected turns still needed among all; and whenever a stated alternative gets rid of a
  tile with more, the sentence gives both expected turns, the chosen one's not higher.
"""

from __future__ import annotations

import random
import re

import pytest
from test_neko_in_hint_enumeration import stated

from nekolib.core import TABLE
from nekolib.neko_in.agents import GreedyAgent, TableAgent
from nekolib.neko_in.hint_odds import visitor_working
from nekolib.neko_in.planner import ExpectimaxAgent, _rid, _where
from nekolib.neko_in.rules import Hide, Move, UseLitterBox, new_game

TURNS = re.compile(r"expected turns still needed: (-?\d+\.\d+) against (-?\d+\.\d+)")


def decisions(count: int, seed0: int) -> list[tuple]:
    """Visitor placements and movements of the hint player, with the match so far and the
    seats (so at 3 players every move of the greedy seats is read, at 4 mostly the hideouts
    only), from seeded games at 3 and 4 players, Classic and Events (about half of each kind)."""
    found: list = []
    visitors = moves = 0
    seed = seed0
    while len(found) < count:
        players = 3 + seed % 2
        version = ("classic", "events")[seed // 2 % 2]
        state = new_game(players, seed=seed, version=version)
        rng = random.Random(seed)
        hinted, greedy, table = ExpectimaxAgent(), GreedyAgent(), TableAgent()
        seat, pairs = seed % players, []
        seats = tuple("expectimax" if p == seat else "greedy" for p in range(players))
        while not state.is_terminal() and len(found) < count:
            who = state.current_player()
            if state.is_chance_node():
                action = state.sample_chance(rng)
            elif who == TABLE:
                action = table.choose(state, rng)
            elif who == seat:
                action = hinted.choose(state, rng, history=list(pairs), seats=seats)
                visitor = isinstance(action, Hide) and state.cat != state.colours[seat]
                visitor = visitor and state.seat_of(state.cat) is not None
                movement = isinstance(action, Move | UseLitterBox)
                if (visitor and visitors <= count // 2) or (movement and moves <= count // 2):
                    visitors += visitor
                    moves += movement
                    found.append((state, list(pairs), seats, hinted, action))
            else:
                action = greedy.choose(state, rng)
            pairs.append((state, action))
            state = state.apply(action)
        seed += 1
    return found


@pytest.mark.parametrize(
    "count", [60, pytest.param(300, marks=pytest.mark.slow)], ids=["60", "300"]
)
def test_no_choice_is_worse_than_another_by_the_numbers_stated(count):
    placements = movements = turned_down = seated = 0
    for state, history, seats, agent, action in decisions(count, seed0=4200):
        me = state.current_player()
        why = agent.explain(state, action, history=history, seats=seats)
        workings = agent.working(state, action, history=history, seats=seats)
        assert stated(why) == [w.result for w in workings], why
        belief = agent.belief(state, me, history, seats)
        seated += belief.seated
        if isinstance(action, Hide):
            placements += 1
            visitor = state.seat_of(state.cat)
            risk = {
                a.space: visitor_working(state, me, visitor, a.space, belief).result
                for a in state.legal_actions()
            }
            assert workings[0].result == risk[action.space], why
            assert risk[action.space] == min(risk.values()), (why, risk)
            assert workings[1].result == max(risk.values()), why
            continue
        movements += 1
        weighed = {w.action: w for w in agent.weigh(state, me, state.legal_actions(), belief)}
        chosen = weighed[action]
        assert chosen.cost == min(w.cost for w in weighed.values()), why
        assert workings[0].result == chosen.rid == _rid(state, me, action, belief).result, why
        for w in workings[1:]:
            if "instead" not in w.question:
                continue
            alt = next(a for a in weighed if f"with {_where(a, short=True)} instead" in w.question)
            assert w.result == weighed[alt].rid, (why, w.question)
            if w.result > chosen.rid:
                turned_down += 1
                words = f"{_where(alt, short=True)} gives "
                tail = why[why.index(words) :]
                mine, theirs = map(float, TURNS.search(tail).groups())
                assert mine <= theirs, why
                assert (mine, theirs) == (round(chosen.cost, 2), round(weighed[alt].cost, 2))
        assert "it keeps the better position for the turns after;" not in why
    print(placements, "placements,", movements, "movements,", turned_down, "turned down,", seated)
    assert min(placements, movements) >= count // 3, (placements, movements)
    assert count // 6 <= seated < count, seated  # both beliefs are exercised
    assert turned_down >= count // 30, turned_down  # the sentence's reasons are exercised
