"""The lookahead player of Indovina Gatto: one cat ahead, in exact fractions, from its own view.

A turn is "1. Giocare una carta gatto 2. Piazzare una tessera maschera 3. (Facoltativo)
indovinare" (rulebook, "SVOLGIMENTO DEL GIOCO"): the masks on the cat I play are news
that *I* use first, in phase 3 of the same turn, and that my opponents use after me. So
the player weighs every cat in its hand by two exact numbers:

* **gain**: the expected points of my best guess right after the cat (passing is 0),
  averaged over the exact chance of every pattern of opponents' masks
  (:func:`cat_values`; each pattern is the cat added to the table as a hypothetical
  observation, its chance a ratio of deal counts of
  :func:`~nekolib.indovina_gatto.analysis.posterior`);
* **exposure**: how much the table then shows of my own hidden traits (:func:`exposure`:
  the probabilities the public posterior, computed from the table alone, gives to my
  true hidden traits, added up), averaged over the same patterns of masks with the same
  chances: every table weighed is one the rules can produce, with my own mask (or none)
  and the opponents' - an opponent whose unmasked trait is on the cat masks it ("Tutti i
  giocatori (compreso quello che ha giocato la carta) controllano se almeno una delle
  caratteristiche della carta gatto è presente anche su una delle proprie carte
  caratteristica"; an unmasked card is still theirs, "sul tavolo, davanti al proprio
  ventaglio"). Until issue 28 it was computed on the table with no opponent's mask at
  all, which the rules cannot produce when an opponent's unmasked trait is on the cat.

Every number is exact under one model, which each hint sentence names
(:data:`DEAL_MODEL`: the trait cards were dealt at random and the players' moves tell
nothing; for a cat, averaged over the other players' masks; for a last guess with 3-4
players, :data:`LATER_MODEL`: the players after me do not guess);
:meth:`LookaheadAgent.working` shows the calculation
(:mod:`nekolib.indovina_gatto.lookahead_working`).

It plays the cat with the largest ``gain - leak_weight * exposure``. In phase 3 it makes
the best guess when its expected points are at least ``guess_margin`` (slightly below
0: a wrong answer also rules a trait out), and for its very last guess of the game
(the final round) the guess, or no guess, with the best exact chance of winning
(:func:`final_guess_values`). The two weights were chosen by measurement
(``bench/bench_indovina_gatto_strength.py``); the results are in ``docs/lab.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from nekolib.core import GameState
from nekolib.indovina_gatto.analysis import (
    GuessValue,
    Posterior,
    chance,
    guess_values,
    posterior,
    signed,
)
from nekolib.indovina_gatto.lookahead_values import (
    DEAL_MODEL,
    GUESS_MARGIN,
    LATER_MODEL,
    LEAK_WEIGHT,
    CatValue,
    FinalGuessValue,
    MaskCase,
    cat_values,
    exposure,
    final_guess_values,
    later_guessers,
    spectator,
    with_cat,
)
from nekolib.indovina_gatto.lookahead_working import working_lookahead
from nekolib.indovina_gatto.rules import Guess, Pass, PlayCat
from nekolib.working import Working, short_decimal

__all__ = [  # the values are defined in lookahead_values and kept importable from here
    "DEAL_MODEL",
    "GUESS_MARGIN",
    "LATER_MODEL",
    "LEAK_WEIGHT",
    "CatValue",
    "FinalGuessValue",
    "LookaheadAgent",
    "MaskCase",
    "cat_values",
    "choose_guess",
    "explain_lookahead",
    "exposure",
    "final_guess_values",
    "later_guessers",
    "spectator",
    "whole",
    "with_cat",
    "working_numbers",
]

View = Mapping[str, Any]


def choose_guess(view: View, post: Posterior, margin: Fraction = GUESS_MARGIN) -> Guess | Pass:
    """Phase 3: the best guess if worth at least ``margin`` expected points; in the final
    round the choice with the best exact chance of winning."""
    if view["phase"] == "final guesses":
        return final_guess_values(view, post)[0].guess
    best = next(iter(guess_values(view, post)), None)
    return best.guess if best is not None and best.value >= margin else Pass()


# --------------------------------------------------------------------------- the player
@dataclass
class LookaheadAgent:
    """Plays from its own view only: the cat that helps its own guess most and shows least
    of its traits, the guess worth at least ``guess_margin`` points, and the final guess
    with the best chance of winning (module docstring)."""

    name: str = "lookahead"
    leak_weight: Fraction = LEAK_WEIGHT
    guess_margin: Fraction = GUESS_MARGIN

    def choose(self, state: GameState, rng: Any) -> PlayCat | Guess | Pass:
        return self.choose_from_view(state.view(state.current_player()))

    def choose_from_view(self, view: View) -> PlayCat | Guess | Pass:
        post = posterior(view)
        if view["phase"] == "play":
            return PlayCat(cat_values(view, post, self.leak_weight)[0].card)
        return choose_guess(view, post, self.guess_margin)

    def explain(self, state: GameState, action: Any) -> str:
        """Why ``action``, with its exact numbers and the best alternative's (decider's view)."""
        return explain_lookahead(state.view(state.current_player()), action, self)

    def working(self, state: GameState, action: Any) -> list[Working]:
        """One :class:`~nekolib.working.Working` per number :meth:`explain` states, in the
        order the sentence states them (:mod:`nekolib.indovina_gatto.lookahead_working`)."""
        view = state.view(state.current_player())
        return working_lookahead(view, action, self.leak_weight, self.guess_margin)


# --------------------------------------------------------------------------- explanations
def whole(x: Fraction) -> str:
    """A total that is not a probability (exposure): ``3/4``, ``1``, ``2``; a long fraction
    with its decimal (``332/6790 ≈ 0.049``)."""
    x = Fraction(x)
    return str(x) if x.denominator < 1000 else f"{x} ≈ {short_decimal(float(x))}"


def working_numbers(text: str) -> list[str]:
    """The numbers a hint sentence states (``3/4``, ``+2``, ``-1/10``, ``0``): not cat or seat
    numbers, not the percentages that repeat a chance."""
    text = re.sub(r"cat #\d+|player \d+|\([\d.]+%\)|≈ [+-]?[\d.]+", "", text)
    return re.findall(r"[+-]?\d+(?:/\d+)?", text)


def _cat_phrase(c: CatValue) -> str:
    mask = "you place a mask on it" if c.masks else "you place no mask on it"
    return (
        f"your best guess after it is right with {chance(c.right)}, worth {signed(c.gain)} "
        f"points over the average opponent (a guess that would lose points counted as "
        f"none); {mask}, and a spectator's chances of your own hidden traits then add up "
        f"to {whole(c.exposure)}"
    )


def _guess_phrase(g: GuessValue) -> str:
    return (
        f"player {g.guess.suspect} holds {g.guess.trait} with {chance(g.p_right)}: expected "
        f"{signed(g.value)} points over the average opponent"
    )


def explain_lookahead(view: View, action: Any, agent: LookaheadAgent | None = None) -> str:
    """The reason behind ``action`` as :class:`LookaheadAgent` weighs it, and the best
    alternative's numbers, all exact (p/q), from ``view`` only; the sentence ends with the
    model its numbers are exact under (:data:`DEAL_MODEL`, and :data:`LATER_MODEL` for a
    final guess with players still to guess after it)."""
    text = _explain(view, action, agent or LookaheadAgent())
    if not working_numbers(text):  # "no trait can be named now", "... not in your hand"
        return text
    if isinstance(action, PlayCat):
        return f"{text} (averaged over the other players' masks, {DEAL_MODEL})"
    if later_guessers(view):
        return f"{text} ({DEAL_MODEL}, and {LATER_MODEL})"
    return f"{text} ({DEAL_MODEL})"


def _explain(view: View, action: Any, agent: LookaheadAgent) -> str:
    post = posterior(view)
    if isinstance(action, PlayCat):
        values = cat_values(view, post, agent.leak_weight)
        mine = next((c for c in values if c.card == action.card), None)
        if mine is None:
            return f"cat #{action.card} is not in your hand"
        text = f"cat #{mine.card}: {_cat_phrase(mine)}"
        other = next((c for c in values if c.card != action.card), None)
        if other is not None and _cat_phrase(other) == _cat_phrase(mine):
            text += f"; cat #{other.card} gives the same numbers (a tie: the lower number plays)"
        elif other is not None:
            text += f"; best other cat #{other.card}: {_cat_phrase(other)}"
        return text
    if view["phase"] == "final guesses":
        return _explain_final(view, post, action)
    values = guess_values(view, post)
    if not values:
        return "no trait can be named now"
    if isinstance(action, Guess):
        mine = next((v for v in values if v.guess == action), None)
        if mine is None:
            return f"{action} cannot be named now"
        text = f"{_guess_phrase(mine)}; no guess: 0 points"
        other = next((v for v in values if v.guess != action), None)
        if other is not None:
            text += f"; next best: {_guess_phrase(other)}"
        return text
    best = values[0]
    return (
        f"the best guess, {_guess_phrase(best)}, is below the {signed(agent.guess_margin)} "
        f"this player needs; no guess: 0 points"
    )


def _final_phrase(v: FinalGuessValue, later: bool) -> str:
    """A final choice and its chance of winning; with later guessers a 1 is not "1/1": their
    guesses can still change it, so the sentence says the condition instead."""
    wins = f"wins with {chance(v.win)}"
    if later and v.win == 1:
        wins = "wins if the players after you do not guess"
    if isinstance(v.guess, Pass):
        return f"no guess {wins}"
    g = v.guess
    return (
        f"guessing that player {g.suspect} holds {g.trait} (right with {chance(v.p_right)}) {wins}"
    )


def _explain_final(view: View, post: Posterior, action: Any) -> str:
    values = final_guess_values(view, post)
    mine = next((v for v in values if v.guess == action), None)
    if mine is None:
        return f"{action} cannot be named now"
    later = later_guessers(view)
    other = next((v for v in values if v.guess != action), None)
    text = f"your last guess of the game: {_final_phrase(mine, later)}"
    return text + (f"; {_final_phrase(other, later)}" if other is not None else "")
