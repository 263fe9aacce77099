"""The quickstart, ``from nekolib import play; play(game)``: a board that answers a click."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from nekolib import game_packages, play
from nekolib.core import NekoError

GAMES = ["indovina_gatto", "manekinecollection", "neko_boss", "neko_in"]


def click_first_move(board) -> object:
    """Click, on the picture, the elements of the first legal move's first path (as the
    front end reports them); return that move."""
    clicks = importlib.import_module(f"{type(board.state).__module__.rsplit('.', 1)[0]}.clicks")
    paths = clicks.click_paths(board.state)
    action = paths.actions()[0]
    for element in paths.paths[action][0]:
        board.board.receive({"event": "click", "id": element})
    return action


@pytest.mark.parametrize("game", GAMES)
def test_play_gives_a_board_that_answers_a_click(game):
    assert game_packages() == GAMES
    board = play(game, seed=3)
    assert board.match.actions == [] and board.board.svg.startswith("<svg")
    before = board.board.svg
    action = click_first_move(board)
    assert board.match.actions[0] == action  # the click played it (computers may reply)
    assert board.board.svg != before  # and the picture shows the new position


def test_play_passes_options_to_the_games_play():
    board = play("neko_in", num_players=4, seed=5)
    assert board.state.num_players == 4


def test_an_unknown_game_names_the_games():
    with pytest.raises(NekoError, match="unknown game 'chess'; the games are indovina_gatto, "):
        play("chess")


def test_the_package_root_does_not_import_the_widgets():
    code = "import sys, nekolib; print(sorted(m for m in sys.modules if 'widget' in m))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
