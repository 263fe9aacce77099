"""What the lookahead player of Indovina Gatto weighs, in exact fractions, from its own view:
every cat in hand one phase ahead (:func:`cat_values`, :func:`exposure`) and every last guess
by its chance of winning (:func:`final_guess_values`), with the models the numbers are exact
under (:data:`DEAL_MODEL`, :data:`LATER_MODEL`).

The player that chooses by these numbers and the sentences that state them are in
:mod:`nekolib.indovina_gatto.lookahead`; how each number is computed, step by step, in
:mod:`nekolib.indovina_gatto.lookahead_working`. Both import this module, not each other.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from nekolib.indovina_gatto.analysis import Posterior, guess_values, knowledge, posterior
from nekolib.indovina_gatto.rules import Guess, Pass

View = Mapping[str, Any]

LEAK_WEIGHT = Fraction(5)
"""Points of guessing gain a cat must be worth per unit of exposure (chosen by measurement)."""
GUESS_MARGIN = Fraction(-1, 10)
"""Guess when the best guess is worth at least this many expected points (2 players:
right with 3/10 or more, where the expected-points player needs more than 1/3)."""


# --------------------------------------------------------------------------- hypothetical views
def with_cat(view: View, traits: Sequence[str], maskers: Sequence[int]) -> dict[str, Any]:
    """``view`` with one more cat on the table, masked by ``maskers`` (a hypothesis)."""
    played = {"card": -1, "player": view["viewer"], "traits": list(traits)}
    return {**view, "table": [*view["table"], {**played, "maskers": sorted(maskers)}]}


def spectator(view: View) -> dict[str, Any]:
    """What everybody sees: ``view`` without the viewer's own trait cards and hand."""
    return {**view, "viewer": None, "my_traits": [], "hand": []}


def exposure(view: View) -> Fraction:
    """How much the table shows of the viewer's own hidden traits: the probabilities that a
    spectator, who sees only the table, gives to each of them, added up.

    The public posterior (:func:`spectator`) spreads the viewer's hidden-trait count over
    every trait nobody has seen; the part that falls on the true ones is what an opponent
    can use. 0 when the viewer has no hidden trait left.
    """
    me = view["viewer"]
    marginals = posterior(spectator(view)).marginals.get(me, {})
    hidden = [t for t in view["my_traits"] if t not in view["revealed"][me]]
    return sum((marginals.get(t, Fraction(0)) for t in hidden), Fraction(0))


# --------------------------------------------------------------------------- cats
@dataclass(frozen=True)
class CatValue:
    """One cat in hand, weighed one phase ahead (every number exact)."""

    card: int
    traits: tuple[str, ...]
    masks: bool
    """Whether I must place a mask on it (it shares one of my traits)."""
    outcomes: dict[frozenset[int], Fraction]
    """Chance of every set of opponents masking it."""
    gain: Fraction
    """Expected points of my best guess right after it (no guess: 0)."""
    right: Fraction
    """Chance that my best guess right after it is right."""
    exposure: Fraction
    """The public chances of my true hidden traits, added up, once it is on the table."""
    score: Fraction
    """``gain - leak_weight * exposure``: the lookahead player plays the largest."""
    cases: tuple[MaskCase, ...] = ()
    """Every pattern of the opponents' masks with its chance and its three numbers
    (``right``, ``gain`` and ``exposure`` are their chance-weighted sums)."""


@dataclass(frozen=True)
class MaskCase:
    """One pattern of masks on a cat in hand: who masks, its chance, and what follows."""

    maskers: frozenset[int]
    """Every player who masks the cat, the viewer included when the cat shares a trait."""
    chance: Fraction
    right: Fraction
    """Chance that my best guess after it is right (0 when nothing can be named)."""
    gain: Fraction
    """Expected points of that guess over the average opponent, no guess 0."""
    exposure: Fraction
    """A spectator's chances of my true hidden traits, added up, on that table."""


def cat_values(
    view: View, post: Posterior | None = None, leak_weight: Fraction = LEAK_WEIGHT
) -> list[CatValue]:
    """Every cat in the viewer's hand, best first (ties: lowest card number).

    "Tutti i giocatori (compreso quello che ha giocato la carta) controllano se almeno
    una delle caratteristiche della carta gatto è presente anche su una delle proprie
    carte caratteristica": an opponent whose unmasked trait is on the cat masks for
    sure, the others as the exact posterior says; my own mask is certain.
    """
    post = post or posterior(view)
    me, mine = view["viewer"], set(view["my_traits"])
    k = knowledge(view)
    out = []
    for card in view["hand"]:
        traits, cat = tuple(card["traits"]), set(card["traits"])
        own = [me] if cat & mine else []
        sure = {p for p in range(k.num_players) if p != me and k.revealed[p] & cat}
        free = [p for p in k.opponents if p not in sure]
        outcomes: dict[frozenset[int], Fraction] = {}
        cases = []
        for r in range(len(free) + 1):
            for chosen in itertools.combinations(free, r):
                maskers = frozenset(sure | set(chosen))
                after = with_cat(view, traits, [*maskers, *own])
                post_after = posterior(after)
                if not post_after.deals or not post.deals:
                    continue
                chance = Fraction(post_after.deals, post.deals)
                outcomes[maskers] = chance
                best = next(iter(guess_values(after, post_after)), None)
                right = best.p_right if best is not None else Fraction(0)
                gain = max(best.value, Fraction(0)) if best is not None else Fraction(0)
                maskers_all = frozenset(maskers | set(own))
                cases.append(MaskCase(maskers_all, chance, right, gain, exposure(after)))
        gain = sum((c.chance * c.gain for c in cases), Fraction(0))
        right = sum((c.chance * c.right for c in cases), Fraction(0))
        exposed = sum((c.chance * c.exposure for c in cases), Fraction(0))
        score = gain - leak_weight * exposed
        out.append(
            CatValue(
                card["card"], traits, bool(own), outcomes, gain, right, exposed, score, tuple(cases)
            )
        )
    out.sort(key=lambda c: (-c.score, c.card))
    return out


# --------------------------------------------------------------------------- guesses
@dataclass(frozen=True)
class FinalGuessValue:
    """A last guess (final round) and my exact expected share of the win after it."""

    guess: Guess | Pass
    p_right: Fraction
    win: Fraction


def my_share(points: Sequence[int], hidden: Sequence[int], me: int) -> Fraction:
    """ "Vince il giocatore con il maggior numero di punti. In caso di parità vince il
    giocatore con il maggior numero di caratteristiche non smascherate. Se la parità
    persiste, ... riportano insieme la vittoria": my share of the win."""
    keys = list(zip(points, hidden, strict=True))
    best = max(keys)
    winners = sum(1 for key in keys if key == best)
    return Fraction(1, winners) if keys[me] == best else Fraction(0)


def final_guess_values(view: View, post: Posterior | None = None) -> list[FinalGuessValue]:
    """My last guess of the game ("i giocatori rimanenti eseguono solo la fase 3"): the best
    guess per suspect and no guess, by exact chance of winning, best first.

    Right: I receive a mask (+1) and the suspect loses an unmasked-trait point (-1);
    wrong: the suspect receives one of my masks (+1). Exact in 2 players; with more,
    players after me in the final round are taken not to guess.
    """
    me = view["viewer"]
    points, hidden = list(view["points"]), list(view["hidden_counts"])
    out = [FinalGuessValue(Pass(), Fraction(0), my_share(points, hidden, me))]
    done: set[int] = set()
    for g in guess_values(view, post):
        s = g.guess.suspect
        if s in done:
            continue
        done.add(s)
        right_points, right_hidden, wrong_points = points[:], hidden[:], points[:]
        right_points[me] += 1
        right_points[s] -= 1
        right_hidden[s] -= 1
        wrong_points[s] += 1
        win = g.p_right * my_share(right_points, right_hidden, me) + (1 - g.p_right) * my_share(
            wrong_points, hidden, me
        )
        out.append(FinalGuessValue(g.guess, g.p_right, win))
    out.sort(key=lambda f: (-f.win, isinstance(f.guess, Pass)))
    return out


DEAL_MODEL = "if the trait cards were dealt at random and the players' moves tell nothing"
"""The model every number of a hint is exact under (``analysis.posterior``): every deal of
the unseen trait cards that agrees with the table is equally likely; which cat a player
chose, whom they suspected and when they passed are taken to say nothing."""
LATER_MODEL = "the players after you in the final round do not guess"
"""The final-guess model with 3-4 players: the chance of winning counts no later guess."""


def later_guessers(view: View) -> bool:
    """Whether players after the decider still guess in the final round."""
    return view["phase"] == "final guesses" and len(view.get("final_queue", [])) > 1
