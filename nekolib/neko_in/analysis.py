"""Exact Neko-in probabilities: brawl odds (enumeration, sympy closed form, Monte Carlo)
and how many brawls it takes to enter a room that is defended again and again.

Everything is computed from the rules engine's own pieces
(:func:`~nekolib.neko_in.rules.brawl_result`, :func:`~nekolib.neko_in.rules.dice_outcomes`),
so the numbers are the game's, not a re-typed copy of it.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

import sympy as sp

from nekolib.argcheck import AnalysisError, guard_module, whole
from nekolib.core import make_rng
from nekolib.neko_in.rules import (
    CAT_TEASER,
    COLOURS,
    GARDEN,
    IN_ROOM,
    NAP,
    Hide,
    Move,
    NekoState,
    Params,
    brawl_result,
    dice_outcomes,
    new_game,
    room_of,
)

__all__ = [
    "OUTCOMES",
    "brawl_closed_form",
    "brawl_monte_carlo",
    "brawl_odds",
    "brawl_table_text",
    "catch_chance",
    "engine_brawl_monte_carlo",
    "engine_teaser_exact",
    "engine_teaser_runs",
    "entry_attempts_closed_form",
    "entry_attempts_distribution",
    "entry_attempts_monte_carlo",
    "entry_odds",
    "expected_entry_attempts",
    "held_chance",
    "owner_blocks_chance",
    "unseen_tiles",
]

OUTCOMES = ("attacker", "both", "defender")
"""Who goes to the Garden after a brawl (the defender leaving = the attacker gets in)."""

n = sp.Symbol("n", positive=True, integer=True)
"""Number of faces of each die (two of them show the two cats' colours)."""


def brawl_odds(
    faces: tuple[int, ...] = (0, 1, 2, 3, 4, 5),
    attacker: int = 0,
    defender: int = 1,
    dice: int = 2,
) -> dict[str, Fraction]:
    """Exact brawl odds by enumerating every ordered roll of the dice.

    With the 6 colour faces: attacker home 9/36, both home 2/36, defender home 25/36.
    ``dice`` is for house rules ("The active player rolls the two dice": 2 by default);
    ``brawl_result`` reads "comes up" as "on at least one die" for any number of dice.
    """
    faces = _faces(faces)
    attacker = whole(attacker, "attacker (a cat colour)", 0, len(COLOURS) - 1)
    defender = whole(defender, "defender (a cat colour)", 0, len(COLOURS) - 1)
    if attacker == defender:
        raise AnalysisError(
            f"a brawl needs two different cats (attacker != defender); got both {defender}"
        )
    dice = whole(dice, "dice", 1, 4)
    odds = dict.fromkeys(OUTCOMES, Fraction(0))
    for roll, p in dice_outcomes(faces, dice):
        odds[brawl_result(roll.faces, attacker, defender)] += p
    return odds


def _faces(faces: Any) -> tuple[int, ...]:
    """Die faces as in ``Params.die_faces``: a non-empty list of colours 0-5 or -1 (blank)."""
    if isinstance(faces, str | bytes) or not isinstance(faces, tuple | list) or not faces:
        raise AnalysisError(
            "faces must be a non-empty tuple of die faces (cat colours 0-5, -1 for a blank "
            f"face); got {faces!r}"
        )
    name = "each face (a cat colour 0-5; -1 or another number: blank)"
    return tuple(whole(f, name, -1) for f in faces)


def brawl_closed_form() -> dict[str, sp.Expr]:
    """The same odds for dice with ``n`` faces, two of them the cats' colours.

    * attacker home: its colour shows and the defender's does not,
      ``((n-1)^2 - (n-2)^2) / n^2 = (2n-3)/n^2``;
    * both home: one die each, ``2/n^2``;
    * defender home: the attacker's colour does not show, ``(n-1)^2/n^2``.
    """
    no_a = (n - 1) ** 2  # rolls without the attacker's colour
    no_a_no_d = (n - 2) ** 2
    no_d = (n - 1) ** 2
    total = n**2
    both = total - no_a - no_d + no_a_no_d  # inclusion-exclusion
    return {
        "attacker": sp.factor(sp.simplify((no_d - no_a_no_d) / total)),
        "both": sp.factor(sp.simplify(both / total)),
        "defender": sp.factor(sp.simplify(no_a / total)),
    }


def brawl_monte_carlo(trials: int, seed: int = 0, faces: int = 6) -> dict[str, Fraction]:
    """Frequencies of the three outcomes over ``trials`` seeded rolls (attacker 0, defender 1)."""
    trials = whole(trials, "trials", 1)
    faces = whole(faces, "faces", 2, 1000)
    rng = make_rng(seed)
    counts = dict.fromkeys(OUTCOMES, 0)
    for _ in range(trials):
        roll = (rng.randrange(faces), rng.randrange(faces))
        counts[brawl_result(roll, 0, 1)] += 1
    return {k: Fraction(v, trials) for k, v in counts.items()}


def _attack_position():
    """Black (sitting in the Living Room) attacks the Kitchen, where yellow is on the bell."""
    start = new_game(3, seed=0)
    cats = list(start.cats)
    cats[0], cats[2] = 2 * 5 + 0, 1 * 5 + 2
    return start._evolve(cats=tuple(cats)).apply(Move(1))


def engine_brawl_monte_carlo(trials: int, seed: int = 0) -> dict[str, Fraction]:
    """Brawls played through the rules engine with its own seeded dice."""
    trials = whole(trials, "trials", 1)
    rng = make_rng(seed)
    position = _attack_position()
    counts = dict.fromkeys(OUTCOMES, 0)
    for _ in range(trials):
        after = position.apply(position.sample_chance(rng))
        home = (after.cats[0] == GARDEN, after.cats[2] == GARDEN)
        counts[
            {(True, False): "attacker", (True, True): "both", (False, True): "defender"}[home]
        ] += 1
    return {k: Fraction(v, trials) for k, v in counts.items()}


def brawl_table_text(faces: tuple[int, ...] = Params().die_faces) -> str:
    """The brawl table as text (exact fractions over 36, and decimals)."""
    odds = brawl_odds(faces)
    total = len(faces) ** 2
    rows = [f"{'who goes to the Garden':24}{'rolls':>7}{'probability':>13}{'decimal':>9}"]
    labels = {
        "attacker": "attacker (active cat)",
        "both": "both cats",
        "defender": "defender (room's cat)",
    }
    for key in OUTCOMES:
        p = odds[key]
        rows.append(f"{labels[key]:24}{int(p * total):>4}/{total}{p!s:>13}{float(p):>9.4f}")
    return "\n".join(rows)


# --------------------------------------------------------------------------- repeated defence
def _entry_probability(faces: int, dice: int = 2) -> Fraction:
    """P(the attacker gets in) with ``faces`` colour faces (2-6: the defender's and its own)."""
    faces = whole(faces, "faces (colours on each die; the two cats' colours need 2)", 2, 1000)
    return brawl_odds(tuple(range(faces)), dice=dice)["defender"]


def entry_attempts_distribution(max_attempts: int, faces: int = 6) -> list[Fraction]:
    """``P(first successful entry at attempt k)`` for ``k = 1..max_attempts``.

    A room is *defended repeatedly*: before every attempt the defending cat is
    back in it. Each attempt is an independent brawl that lets the attacker in
    when the defender goes to the Garden ('the player proceeds as if the room
    were free'), so the count is geometric with ``p = (n-1)^2/n^2``.
    """
    p = _entry_probability(faces)
    max_attempts = whole(max_attempts, "max_attempts", 0, 10_000)
    return [(1 - p) ** (k - 1) * p for k in range(1, max_attempts + 1)]


def expected_entry_attempts(faces: int = 6, dice: int = 2) -> Fraction:
    """Mean number of brawls to get in: ``1/p = n^2/(n-1)^2`` (36/25 with six faces).

    With a house rule of ``dice`` dice, ``p = ((n-1)/n)^dice`` and the mean is ``1/p``.
    """
    return 1 / _entry_probability(faces, dice)


def entry_attempts_closed_form() -> dict[str, sp.Expr]:
    """Sympy forms in ``n`` (faces) and ``k`` (attempt number) of the repeated-defence count."""
    k = sp.Symbol("k", positive=True, integer=True)
    p = brawl_closed_form()["defender"]
    return {
        "P(N=k)": sp.simplify((1 - p) ** (k - 1) * p),
        "P(N<=k)": sp.simplify(1 - (1 - p) ** k),
        "E[N]": sp.factor(sp.simplify(1 / p)),
        "Var[N]": sp.factor(sp.simplify((1 - p) / p**2)),
    }


def entry_attempts_monte_carlo(trials: int, seed: int = 0, cap: int = 50) -> list[Fraction]:
    """Empirical distribution of the attempts needed, brawling through the rules engine."""
    trials = whole(trials, "trials", 1)
    cap = whole(cap, "cap", 1)
    rng = make_rng(seed)
    attack = _attack_position()
    counts = [0] * cap
    for _ in range(trials):
        for attempt in range(cap):
            after = attack.apply(attack.sample_chance(rng))
            if after.phase == "hide":  # the defender went home, the attacker gets in
                counts[attempt] += 1
                break
    return [Fraction(c, trials) for c in counts]


# --------------------------------------------------------------------------- Events engine check
def engine_teaser_runs(
    trials: int, seed: int = 0, params: Params | None = None
) -> list[tuple[int, int]]:
    """Play the rules engine's own Cat Teaser ``trials`` times: ``(cats left, rolls)`` each.

    Black enters the Kitchen and is placed on a hideout hiding a Cat Teaser; the
    engine gathers the cats (``params.teaser_gathers``) and rolls until one or
    none is left. Compare with :mod:`nekolib.neko_in.events_analysis`.
    """
    trials = whole(trials, "trials", 1)
    position = _teaser_position(params)
    rng = make_rng(seed)
    runs = []
    for _ in range(trials):
        state, rolls = position, 0
        while state.phase == "teaser":
            state, rolls = state.apply(state.sample_chance(rng)), rolls + 1
        runs.append((len(state.teaser), rolls))
    return runs


def _teaser_position(params: Params | None = None) -> NekoState:
    if params is None:
        params = Params(version="events")
    if not isinstance(params, Params) or not params.events:
        raise AnalysisError(
            f"params must be a Neko-in Params with version='events' (or None); got {params!r}"
        )
    start = new_game(3, seed=0, params=params)
    board: list[str | None] = [None] * 30
    board[5 + 2] = CAT_TEASER
    unused = (NAP,) * (5 * 3 - 1)
    return start._evolve(events=tuple(board), event_box=unused).apply(Move(1)).apply(Hide(7))


def engine_teaser_exact(params: Params | None = None) -> dict[str, Fraction | dict[int, Fraction]]:
    """The Cat Teaser solved *exactly on the rules engine's chance tree*.

    Recursing over ``state.chance_outcomes()`` while the teaser lasts (memoised on
    the cats still in the room) gives P(each cat is last), P(none) and E[rolls]:
    an independent check of the Markov chain in :mod:`.events_analysis`.
    """
    memo: dict[tuple[int, ...], tuple[dict[int, Fraction], Fraction]] = {}

    def solve(state: NekoState) -> tuple[dict[int, Fraction], Fraction]:
        if state.phase != "teaser":
            return ({state.teaser[0]: Fraction(1)} if state.teaser else {}), Fraction(0)
        key = state.teaser
        if key in memo:
            return memo[key]
        outcomes = state.chance_outcomes()
        stay = sum((p for roll, p in outcomes if not set(roll.faces) & set(key)), Fraction(0))
        last: dict[int, Fraction] = {}
        rolls = Fraction(1)
        for roll, p in outcomes:
            if not set(roll.faces) & set(key):
                continue  # a roll with no effect: the same position again
            sub_last, sub_rolls = solve(state.apply(roll))
            for cat, q in sub_last.items():
                last[cat] = last.get(cat, Fraction(0)) + p * q
            rolls += p * sub_rolls
        # x = stay * x + rest  =>  x = rest / (1 - stay)
        result = ({c: q / (1 - stay) for c, q in last.items()}, rolls / (1 - stay))
        memo[key] = result
        return result

    last, rolls = solve(_teaser_position(params))
    return {"last": last, "none": 1 - sum(last.values(), Fraction(0)), "expected_rolls": rolls}


# --------------------------------------------------------------------------- a player's odds
# The numbers behind a hint, from one player's view. The unseen tiles (those the other
# players hold) are modelled as dealt at random: every deal of them that gives each player
# their number of tiles is equally likely (what the cats' positions tell is not used).


@cache
def _brawl_in(faces: tuple[int, ...], attacker: int, defender: int) -> Fraction:
    return brawl_odds(faces, attacker, defender)["defender"]


def catch_chance(params: Params, colour: int) -> Fraction:
    """P(the end-of-turn catch roll shows ``colour``): 1/6 with the published die.

    'Be the fastest to catch the cat of the right colour at the end of each turn.'
    """
    rolls = dice_outcomes(tuple(params.catch_die_faces), params.catch_dice)
    return sum((p for roll, p in rolls if colour in roll.faces), Fraction(0))


def unseen_tiles(state: NekoState, player: int) -> frozenset[int]:
    """The hideout tiles ``player`` cannot see: held by the other players (not covered, not
    in the box, not in their own hand)."""
    return frozenset(t for p, hand in enumerate(state.hands) if p != player for t in hand)


def owner_blocks_chance(pool: int, held: int, safe: int) -> Fraction:
    """P(a player dealt ``held`` of ``pool`` unseen tiles holds one of ``safe`` given ones).

    Hypergeometric: ``1 - C(pool - safe, held) / C(pool, held)``.
    """
    pool = whole(pool, "pool", 0)
    held = whole(held, "held", 0, pool)
    safe = whole(safe, "safe", 0, pool)
    if held == 0 or safe == 0:
        return Fraction(0)
    return 1 - Fraction(comb(pool - safe, held), comb(pool, held))


def entry_odds(state: NekoState, player: int, room: int) -> dict[str, Fraction]:
    """What ``player``'s cat gets by moving to ``room`` now, from ``player``'s view.

    ``get_in``: 1, or the brawl odds ('If the colour of the cat already in the room comes
    up, or neither colour comes up, the cat already in the room goes to the garden').
    ``blocked``: P(the owner can put the cat on a hideout whose tile the owner holds), the
    owner choosing ('The player who owns that room chooses the hideout'); 0 when ``player``
    chooses (their own room, or their cat is already in it). ``rid``: P(``player`` gets
    rid of a tile with this movement), assuming the owner puts the cat on such a safe
    hideout when they can and else on any free hideout at random (as the greedy player
    does).
    """
    colour = state.colours[player]
    here = state.cats[colour]
    inside = 0 <= here < IN_ROOM and room_of(here) == room
    free = state.free_spaces(room, here)
    hand = set(state.hands[player])
    mine = [s for s in free if s in hand]
    get_in = Fraction(1)
    defender = None if inside else state.occupant(room, colour)
    if defender is not None:
        get_in = _brawl_in(tuple(state.params.die_faces), colour, defender)
    if inside or room == colour:  # 'the active player chooses where to place their own cat'
        blocked, rid_in = Fraction(0), Fraction(1 if mine else 0)
    else:
        unseen = unseen_tiles(state, player)
        owner = state.owner(room)
        held = len(state.hands[owner])
        blocked = owner_blocks_chance(len(unseen), held, sum(s in unseen for s in free))
        rid_in = (1 - blocked) * Fraction(len(mine), len(free)) if free else Fraction(0)
    return {"get_in": get_in, "blocked": blocked, "rid": get_in * rid_in}


def held_chance(state: NekoState, player: int, other: int, tile: int) -> Fraction:
    """P(``other`` holds ``tile``) from ``player``'s view: 0 if ``player`` holds it, or it is
    covered or in the box; else ``other``'s share of the tiles ``player`` cannot see."""
    unseen = unseen_tiles(state, player)
    if tile not in unseen or other == player:
        return Fraction(0)
    return Fraction(len(state.hands[other]), len(unseen))


guard_module(globals())  # raw errors from junk arguments become AnalysisError
