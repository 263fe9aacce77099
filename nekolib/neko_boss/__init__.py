"""Neko Boss (seed 002): place cats on Neko Town, then stack them; tall stacks travel far.

By Mitsuo Yamamoto (Logy Games, Japan, 2022), the successor of his *Sky Scrapers*.
"""

from __future__ import annotations

from nekolib.core import GameInfo
from nekolib.neko_boss.rules import new_game

GAME = GameInfo(
    key="neko_boss",
    title="Neko Boss",
    min_players=2,
    max_players=4,
    new_game=new_game,
    notebook="notebooks/neko_boss.ipynb",
    summary="Abstract stacking game: a stack moves exactly its height in a straight line "
    "onto an occupied intersection; most 4+ stacks wins.",
)
