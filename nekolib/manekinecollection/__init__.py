"""Manekinecollection (seed 001): cat poker at three kotatsu boards, 2-4 players."""

from nekolib.core import GameInfo
from nekolib.manekinecollection.rules import MNState, Params, new_game

__all__ = ["GAME", "MNState", "Params", "new_game"]

GAME = GameInfo(
    key="manekinecollection",
    title="Manekinecollection",
    min_players=2,
    max_players=4,
    new_game=new_game,
    notebook="notebooks/manekinecollection.ipynb",
    summary="Play cat cards at three kotatsu; the best 5-cat hand takes the Zabuton Neko.",
)
