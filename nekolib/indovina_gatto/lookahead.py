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

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from nekolib.core import GameState
from nekolib.indovina_gatto.analysis import (
    GuessValue,
    Posterior,
    _decimal,
    chance,
    guess_values,
    knowledge,
    posterior,
    signed,
)
from nekolib.indovina_gatto.rules import Guess, Pass, PlayCat
from nekolib.working import Working

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


def _my_share(points: Sequence[int], hidden: Sequence[int], me: int) -> Fraction:
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
    out = [FinalGuessValue(Pass(), Fraction(0), _my_share(points, hidden, me))]
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
        win = g.p_right * _my_share(right_points, right_hidden, me) + (1 - g.p_right) * _my_share(
            wrong_points, hidden, me
        )
        out.append(FinalGuessValue(g.guess, g.p_right, win))
    out.sort(key=lambda f: (-f.win, isinstance(f.guess, Pass)))
    return out


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
        from nekolib.indovina_gatto.lookahead_working import working_lookahead

        return working_lookahead(state.view(state.current_player()), action, self)


# --------------------------------------------------------------------------- explanations
DEAL_MODEL = "if the trait cards were dealt at random and the players' moves tell nothing"
"""The model every number of a hint is exact under (``analysis.posterior``): every deal of
the unseen trait cards that agrees with the table is equally likely; which cat a player
chose, whom they suspected and when they passed are taken to say nothing."""
LATER_MODEL = "the players after you in the final round do not guess"
"""The final-guess model with 3-4 players: the chance of winning counts no later guess."""


def whole(x: Fraction) -> str:
    """A total that is not a probability (exposure): ``3/4``, ``1``, ``2``; a long fraction
    with its decimal (``332/6790 ≈ 0.049``)."""
    x = Fraction(x)
    return str(x) if x.denominator < 1000 else f"{x} ≈ {_decimal(float(x))}"


def later_guessers(view: View) -> bool:
    """Whether players after the decider still guess in the final round."""
    return view["phase"] == "final guesses" and len(view.get("final_queue", [])) > 1


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
