"""Neko-in: cats race to their hideouts (Classic and Events versions, 3-6 players)."""

from nekolib.core import GameInfo
from nekolib.neko_in.rules import NekoState, Params, new_game

GAME = GameInfo(
    key="neko_in",
    title="Neko-in",
    min_players=3,
    max_players=6,
    new_game=new_game,
    notebook="notebooks/neko_in.ipynb",
    summary="Bring your cat to the hideouts matching your tiles; brawls, bluffs and a catch.",
)

__all__ = ["GAME", "NekoState", "Params", "new_game"]
