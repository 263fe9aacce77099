"""Per-seat rules a designer can hand-cap: Manekinecollection's hand size per player in turn
order (``Params.hand_sizes``), shown by ``lab list`` and accepted by a sweep."""

from __future__ import annotations

import random

import pytest

from nekolib.core import InvalidSetup, play_out
from nekolib.lab import parse_experiment
from nekolib.lab.cli import list_text
from nekolib.lab.play import play_game
from nekolib.manekinecollection.agents import AGENTS
from nekolib.manekinecollection.rules import new_game


@pytest.mark.parametrize(("first", "sizes", "dealt"), [(0, (3, 2), [3, 2]), (1, (3, 2), [2, 3])])
def test_hand_sizes_are_dealt_by_turn_order_and_kept_all_game(first, sizes, dealt):
    state = new_game(2, seed=5, params={"first_player": first, "hand_sizes": sizes})
    assert [len(h) for h in state.hands] == dealt and state.turn == first
    agents = {0: AGENTS["greedy"](), 1: AGENTS["greedy"]()}
    on_turn = []

    def check(before, action, after):  # each player's hand when they play a card
        if type(action).__name__ == "PlayCards":
            on_turn.append((before.turn, len(before.hands[before.turn])))

    end, _ = play_out(state, agents, random.Random(5), on_step=check)
    assert end.is_terminal() and len(on_turn) > 20
    assert {(seat, n) for seat, n in on_turn} == {(0, dealt[0]), (1, dealt[1])}


def test_a_hand_size_per_player_is_checked():
    with pytest.raises(InvalidSetup, match="1-3 cards per player in turn order"):
        new_game(2, seed=1, params={"hand_sizes": (4, 3)})
    with pytest.raises(InvalidSetup, match="2 hand sizes for 3 players"):
        new_game(3, seed=1, params={"hand_sizes": (3, 2)})
    assert [len(h) for h in new_game(2, seed=1).hands] == [3, 3]


def test_lab_list_shows_and_a_sweep_plays_hand_sizes():
    assert "hand_sizes: tuple[int, ...] = ()" in list_text(["manekinecollection"])
    exp = parse_experiment(
        {
            "game": "manekinecollection",
            "players": 2,
            "games": 1,
            "seats": ["random"],
            "sweep": {"hand_sizes": [[3, 3], [3, 2]]},
        }
    )
    row = play_game(exp, 1)
    assert row["point"] == {"hand_sizes": [3, 2]}
    params = exp.game_params(exp.spec(1).point, 2)
    assert params.hand_sizes == (3, 2) and params.hand_size(1, 2) == 2


def test_neko_boss_pieces_by_turn_are_placed_and_played_out():
    from nekolib.neko_boss.agents import AGENTS as BOSS
    from nekolib.neko_boss.rules import Params
    from nekolib.neko_boss.rules import new_game as boss_game

    for first, counts, in_hand in ((0, (12, 11), (12, 11)), (1, (12, 11), (11, 12))):
        params = Params(first_player=first, pieces_by_turn=counts)
        state = boss_game(params=params)
        assert state.in_hand == in_hand and state.to_move == first
        end, log = play_out(state, [BOSS["greedy"](), BOSS["greedy"]()], random.Random(3))
        placed = [a for a in log if type(a).__name__ == "Place"]
        assert end.is_terminal() and len(placed) == 23
        assert (
            sum(1 for a, who in zip(placed, _placers(state, log), strict=False) if who == first)
            == 12
        )
    with pytest.raises(InvalidSetup, match="pieces_by_turn must give 2 whole numbers"):
        Params(pieces_by_turn=(12,))
    with pytest.raises(InvalidSetup, match="do not fit on 24 intersections"):
        Params(pieces_by_turn=(13, 12))
    assert "pieces_by_turn: tuple[int, ...] = ()" in list_text(["neko_boss"])


def _placers(state, log):
    """Who placed each Place action of ``log``, replayed from ``state``."""
    out = []
    for action in log:
        if type(action).__name__ == "Place":
            out.append(state.to_move)
        state = state.apply(action)
    return out
