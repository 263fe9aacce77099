"""Manekinecollection scoring: "End of the game and winner/loss" (bonus score, Ne-collection)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from nekolib.manekinecollection import arguments as check
from nekolib.manekinecollection.components import CAN, GOLD, Params, ZabutonNeko

__all__ = ["Score", "score_collection"]


@dataclass(frozen=True)
class Score:
    """One player's final score, itemised like the seed's "Score example"."""

    tiles: int
    gold_coin: int
    cancelled: tuple[int, ...]
    collection: int
    pieces: int

    @property
    def total(self) -> int:
        return self.tiles + self.gold_coin + self.collection


def score_collection(collected: Sequence[ZabutonNeko], params: Params) -> Score:
    """Score a player's Zabuton Neko.

    * Gold coin: "the score is based on the number of Cat pieces of the highest
      color that you have obtained, not on the number written on the Zabuton. If
      there are multiple sets of gold coins, they all have the same score." With
      ``Params.gold_coin_score = "own_colour"``, the Score example's reading instead:
      "There are three cats of the gold-coin color, so 'Gold coin' is 3 pts".
    * Cat food: "a Zabuton tile with a negative score is chosen to be canceled"
      (one per cat-can set; the most negative ones, which is always best).
    * Ne-collection: "If you get all six types of cats together, you get a bonus
      tile! (6 points)".
    """
    if not isinstance(params, Params):
        check.fail("score_collection", "params must be a Params", params)
    collected = check.zabuton_list(collected, "score_collection", "collected", params)
    counts = Counter(z.colour for z in collected)
    best_count = max(counts.values(), default=0)
    gold_sets = sum(1 for z in collected if z.piece.feature == GOLD)
    printed = [z.value for z in collected if z.piece.feature != GOLD]
    cans = sum(1 for z in collected if z.piece.feature == CAN)
    cancelled = tuple(sorted(v for v in printed if v < 0)[:cans])
    tiles = sum(printed) - sum(cancelled)
    collection = params.collection_bonus if len(counts) == len(params.colours) else 0
    if params.gold_coin_score == "own_colour":
        gold = sum(counts[z.colour] for z in collected if z.piece.feature == GOLD)
    else:
        gold = gold_sets * best_count
    return Score(tiles, gold, cancelled, collection, len(collected))
