"""Indovina Gatto by Connor Reid (HABA 2019; English edition "Cloaked Cats", German "Club der
Tatzen"): a deduction card game for 2-4 players."""

from __future__ import annotations

from nekolib.core import GameInfo
from nekolib.indovina_gatto.rules import IndovinaGattoState, Params, new_game

GAME = GameInfo(
    key="indovina_gatto",
    title="Indovina Gatto",
    min_players=2,
    max_players=4,
    new_game=new_game,
    notebook="indovina_gatto.ipynb",
    summary="Play cat cards, read the masks, and unmask your rivals' three secret traits.",
)

__all__ = ["GAME", "IndovinaGattoState", "Params", "new_game"]
