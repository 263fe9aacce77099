"""Indovina Gatto click paths: play a cat with one click; guess with a player and a trait.

Ids are those of :mod:`nekolib.indovina_gatto.picture` drawn from the decider's view:

* phase 1, "Scegli una delle tre carte gatto che hai in mano": ``hand-cat-<card>``;
* phase 3, "indovinare una caratteristica a piacere ... di un giocatore a scelta": the
  suspect's panel ``player-<seat>`` and a chip of the trait palette
  ``trait-<name with spaces as ->`` (drawn only while the viewer decides a guess), in
  either order.

"no guess" (:class:`~nekolib.indovina_gatto.rules.Pass`) has no place on the table: it
stays a button (:data:`FREE`).
"""

from __future__ import annotations

from nekolib.clicks import ClickPaths, paths_of
from nekolib.indovina_gatto.rules import Guess, IndovinaGattoState, Pass, PlayCat

FREE: tuple[type, ...] = (Pass,)
"""Actions without a click path (a button each)."""


def trait_id(trait: str) -> str:
    """The palette chip of ``trait`` (same rule as ``picture.trait_id``)."""
    return "trait-" + trait.replace(" ", "-")


def click_paths(state: IndovinaGattoState) -> ClickPaths:
    """Every legal action of ``state`` except "no guess", as the clicks that play it."""
    pairs = []
    for action in state.legal_actions():
        if isinstance(action, PlayCat):
            pairs.append((action, (f"hand-cat-{action.card}",)))
        elif isinstance(action, Guess):
            suspect, trait = f"player-{action.suspect}", trait_id(action.trait)
            pairs.append((action, (suspect, trait)))
            pairs.append((action, (trait, suspect)))
    return paths_of(pairs)
