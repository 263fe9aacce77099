"""How the lookahead player's hint numbers are computed: one :class:`~nekolib.working.Working`
per number its sentence (:func:`~nekolib.indovina_gatto.lookahead.explain_lookahead`)
states, in the order it states them.

* A cat: for the cat played and the best other one, the chance that the best guess right
  after it is right, that guess's expected points (no guess 0) and the exposure, each a
  sum over the patterns of the other players' masks ("Tutti i giocatori ... piazzano una
  delle maschere"), each pattern with its exact chance (:attr:`CatValue.cases`).
* A guess: its chance (the consistent deals that give the suspect the trait, over all
  consistent deals), its expected points (right: "Ricevi poi una maschera dalla riserva
  del sospettato", wrong: "devi dare al giocatore sospettato una delle maschere"), the
  0 of no guess, and the next best guess's two numbers (or the threshold of a pass).
* A last guess (final round): its chance and the chance of winning after it, right and
  wrong weighed by that chance ("Vince il giocatore con il maggior numero di punti").
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from nekolib.indovina_gatto.analysis import GuessValue, guess_values, posterior
from nekolib.indovina_gatto.lookahead_values import (
    DEAL_MODEL,
    GUESS_MARGIN,
    LATER_MODEL,
    LEAK_WEIGHT,
    CatValue,
    FinalGuessValue,
    MaskCase,
    cat_values,
    final_guess_values,
    later_guessers,
    my_share,
)
from nekolib.indovina_gatto.rules import Guess, Pass, PlayCat
from nekolib.working import Case, Working

View = Mapping[str, Any]


def _who_masks(case: MaskCase, me: int) -> str:
    others = sorted(p for p in case.maskers if p != me)
    mine = "you mask it" if me in case.maskers else "you do not mask it"
    if not others:
        return f"{mine}; no other player masks it"
    names = ", ".join(f"player {p}" for p in others)
    return f"{mine}; {names} mask{'s' if len(others) == 1 else ''} it, nobody else"


def cat_workings(view: View, c: CatValue) -> list[Working]:
    """The three numbers of one cat: right, gain, exposure (sums over the mask patterns)."""
    me = view["viewer"]
    model = f"averaged over the other players' masks, {DEAL_MODEL}"
    note = (
        "Each pattern's chance: the deals consistent with the table plus that pattern, over "
        "the deals consistent with the table. A player with an unmasked trait on the cat "
        "always masks it."
    )

    def cases(value) -> tuple[Case, ...]:
        return tuple(Case(_who_masks(k, me), k.chance, value(k)) for k in c.cases)

    return [
        Working(
            f"P(your best guess right after cat #{c.card} is right)",
            model,
            cases(lambda k: k.right),
            c.right,
            notes=(note,),
        ),
        Working(
            f"expected points of your best guess right after cat #{c.card} "
            "over the average opponent (no guess: 0)",
            model,
            cases(lambda k: k.gain),
            c.gain,
            notes=("In each pattern: the best guess's expected points, or 0 if below 0.",),
        ),
        Working(
            f"a spectator's chances of your own hidden traits, added up, after cat #{c.card}",
            model,
            cases(lambda k: k.exposure),
            c.exposure,
            notes=(
                "In each pattern: a spectator who sees only the table gives each of your "
                "hidden traits a chance; the value is the sum over your true ones.",
            ),
        ),
    ]


def guess_workings(view: View, g: GuessValue, deals: int) -> list[Working]:
    """A guess's chance (a ratio of deal counts) and its expected points (right / wrong)."""
    n, s, t = view["num_players"], g.guess.suspect, g.guess.trait
    holds = g.p_right * deals
    chance = Working(
        f"P(player {s} holds {t})",
        DEAL_MODEL,
        (
            Case(f"a deal where player {s} holds {t}", g.p_right, Fraction(1)),
            Case(f"a deal where player {s} does not", 1 - g.p_right, Fraction(0)),
        ),
        g.p_right,
        notes=(f"{holds} of the {deals} deals consistent with your view give player {s} {t}.",),
    )
    others = n - 1
    points = Working(
        f"expected points of guessing that player {s} holds {t}, over the average opponent",
        DEAL_MODEL,
        (
            Case(
                f"right: you +1 mask, player {s} -1 unmasked trait",
                g.p_right,
                1 + Fraction(1, others),
            ),
            Case(f"wrong: player {s} +1 mask", 1 - g.p_right, -Fraction(1, others)),
        ),
        g.value,
        notes=(f"Your points minus the mean of your {others} opponents' points.",),
    )
    return [chance, points]


def _no_guess() -> Working:
    return Working(
        "expected points of no guess", "the rules' scoring", (), Fraction(0),
        notes=("No mask changes hands.",),
    )  # fmt: skip


def final_workings(view: View, v: FinalGuessValue) -> list[Working]:
    """A last guess's chance (if a guess) and the chance of winning after it."""
    me = view["viewer"]
    points, hidden = list(view["points"]), list(view["hidden_counts"])
    model = DEAL_MODEL + (f", and {LATER_MODEL}" if later_guessers(view) else "")
    if isinstance(v.guess, Pass):
        share = my_share(points, hidden, me)
        return [
            Working(
                "P(you win) with no guess",
                model,
                (Case(f"points of players 0, 1, ... as they are: {points}", Fraction(1), share),),
                v.win,
                notes=("A shared win counts 1/k for each of the k winners.",),
            )
        ]
    s, t = v.guess.suspect, v.guess.trait
    right_points, right_hidden, wrong_points = points[:], hidden[:], points[:]
    right_points[me] += 1
    right_points[s] -= 1
    right_hidden[s] -= 1
    wrong_points[s] += 1
    post = posterior(view)
    chance = guess_workings(view, _value_of(view, v.guess), post.deals)[0]
    if_right = my_share(right_points, right_hidden, me)
    if_wrong = my_share(wrong_points, hidden, me)
    win = Working(
        f"P(you win) after guessing that player {s} holds {t}",
        model,
        (
            Case(f"right: points of players 0, 1, ... {right_points}", v.p_right, if_right),
            Case(f"wrong: points of players 0, 1, ... {wrong_points}", 1 - v.p_right, if_wrong),
        ),
        v.win,
        notes=("Ties: more traits still hidden wins, then a shared win counts 1/k.",),
    )
    return [chance, win]


def _value_of(view: View, guess: Guess) -> GuessValue:
    return next(g for g in guess_values(view) if g.guess == guess)


def working_lookahead(
    view: View,
    action: Any,
    leak_weight: Fraction = LEAK_WEIGHT,
    guess_margin: Fraction = GUESS_MARGIN,
) -> list[Working]:
    """Every number of ``explain_lookahead(view, action, agent)``, in the sentence's order,
    for a lookahead player with these two settings (its ``leak_weight``, ``guess_margin``)."""
    post = posterior(view)
    if isinstance(action, PlayCat):
        values = cat_values(view, post, leak_weight)
        mine = next((c for c in values if c.card == action.card), None)
        if mine is None:
            return []
        out = cat_workings(view, mine)
        other = next((c for c in values if c.card != action.card), None)
        tie = other is not None and (other.right, other.gain, other.exposure, other.masks) == (
            mine.right,
            mine.gain,
            mine.exposure,
            mine.masks,
        )
        if other is not None and not tie:  # a tie: the sentence says "the same numbers"
            out += cat_workings(view, other)
        return out
    if view["phase"] == "final guesses":
        values = final_guess_values(view, post)
        mine = next((v for v in values if v.guess == action), None)
        if mine is None:
            return []
        other = next((v for v in values if v.guess != action), None)
        return final_workings(view, mine) + (final_workings(view, other) if other else [])
    values = guess_values(view, post)
    if not values:
        return []
    if isinstance(action, Guess):
        mine = next((v for v in values if v.guess == action), None)
        if mine is None:
            return []
        out = [*guess_workings(view, mine, post.deals), _no_guess()]
        other = next((v for v in values if v.guess != action), None)
        return out + (guess_workings(view, other, post.deals) if other else [])
    threshold = Working(
        "the expected points this player needs to guess",
        "a setting of the lookahead player (guess_margin), chosen by measurement",
        (),
        guess_margin,
    )
    return [*guess_workings(view, values[0], post.deals), threshold, _no_guess()]
