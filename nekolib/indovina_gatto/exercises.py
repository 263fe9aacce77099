"""Indovina Gatto classroom exercises (the bank's entries for this game).

Counting deals of the trait cards, Bayesian updating of the posterior over an
opponent's secret traits given the cats played so far (every mask is an exact yes/no
answer), and the expected points of a guess. Every answer comes from
:mod:`nekolib.indovina_gatto.analysis` applied to the view of a real position built
with the rules engine; the student is always Player 0.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from nekolib.exercise import Exercise
from nekolib.indovina_gatto import analysis
from nekolib.indovina_gatto.rules import (
    ACCESSORIES,
    ALL_TRAITS,
    COLOURS,
    DEFAULT_DECK,
    PATTERNS,
    POSES,
    Guess,
    IndovinaGattoState,
    Params,
    Pass,
    PlayCat,
    new_game,
)

__all__ = [
    "AFTER_ONE_CAT",
    "BEST_GUESS",
    "BOTH_MASKED",
    "EXERCISES",
    "EXPECTED_MASKS",
    "GUESS_VALUE",
    "MASK_CHANCE",
    "NOTES",
    "THREE_PLAYERS",
    "TWO_CATS",
    "UNSEEN_DEALS",
    "position",
]

Values = dict[str, Any]


def _listing(traits: Sequence[str]) -> str:
    return ", ".join(f"*{t}*" for t in traits)


NOTES = f"""\
**Indovina Gatto: what the exercises use** (rulebook, seed 003)

* **Trait cards.** 19 trait cards, each trait exactly once:
  * poses: {_listing(POSES)};
  * fur colours: {_listing(COLOURS)};
  * fur patterns: {_listing(PATTERNS)};
  * accessories: {_listing(ACCESSORIES)}.

  Each player is dealt the same number of trait cards (the exercise says how many) and
  keeps them secret; the cards nobody holds lie aside face down, unseen. Every way of
  dealing the cards you have not seen is equally likely.
* **Cat cards.** Each cat card (written `cat #n`) shows several traits; the prompt lists
  them.
* **Masks.** When a cat is played, **every player who holds at least one of its traits**
  puts **exactly one** mask on it (the player who played it included); a player holding
  none of its traits puts no mask. So a mask says "at least one of these traits", no mask
  says "none of these traits".
* **Unmasked traits.** A trait that was guessed right is turned face up: everybody knows
  that player holds it (it no longer counts as hidden).
* **Guessing** (after playing a cat you may guess one trait of one player): a right guess
  unmasks that trait and you take one of that player's masks (+1 for you; that player
  loses the point of a hidden trait); a wrong guess gives that player one of your masks
  (+1 for them). **Points:** one per mask received plus one per trait card still hidden.
* **Answers.** Whole numbers, or exact fractions: `Fraction(p, q)` or `"p/q"`.
"""

RULES = (
    " (Each of the 19 trait cards exists once; every player who holds **at least one** of"
    " a cat's traits puts exactly one mask on it, the player who played it included.)"
)


# --------------------------------------------------------------------------- positions
def position(p: Values) -> IndovinaGattoState:
    """The table of an exercise: ``p["traits"]`` dealt, ``p["cats"]`` played in order.

    The starting seat is chosen so that Player 0 plays the last cat (with no
    cats, Player 0 starts and holds ``p["cat"]``); every earlier turn ends without a guess.
    ``p["revealed"]`` (optional) lists unmasked traits per player; ``p["k"]`` is the
    number of trait cards per player (default 3).
    """
    n, cats = len(p["traits"]), list(p["cats"])
    start = (1 - len(cats)) % n if cats else 0
    seat = [(start + j) % n for j in range(len(cats))]
    order: list[int | None] = [None] * len(DEFAULT_DECK)
    for j, cat in enumerate(cats):
        order[seat[j] * 3 + seat[:j].count(seat[j])] = cat
    if "cat" in p:  # the cat Player 0 is about to play, in Player 0's hand
        order[seat.count(0)] = p["cat"]
    used = {*cats, p.get("cat")}
    rest = iter(c for c in range(len(DEFAULT_DECK)) if c not in used)
    cat_order = [c if c is not None else next(rest) for c in order]
    params = Params(traits_per_player=p.get("k", 3), start_player=start)
    state = new_game(n, params=params, traits=p["traits"], cat_order=cat_order)
    for j, cat in enumerate(cats):
        if j:
            state = state.apply(Pass())
        state = state.apply(PlayCat(cat))
    revealed = p.get("revealed")
    if revealed:
        state = replace(state, revealed=tuple(tuple(r) for r in revealed))
    return state


def _view(p: Values) -> dict[str, Any]:
    return position(p).view(0)


def _deal(rng: random.Random, n: int, k: int = 3) -> list[list[str]]:
    pool = list(ALL_TRAITS)
    rng.shuffle(pool)
    return [sorted(pool[i * k : (i + 1) * k], key=ALL_TRAITS.index) for i in range(n)]


def _name(seat: int) -> str:
    return f"Player {seat}"


def _traits(traits: Sequence[str]) -> str:
    return ", ".join(f"*{t}*" for t in traits)


def _mine(p: Values) -> str:
    return f"You are {_name(0)} and hold the trait cards {_traits(p['traits'][0])}."


def _table_text(p: Values) -> str:
    state = position(p)
    lines = []
    for play in state.table:
        who = [f"Player {q}" for q in play.maskers] or ["nobody"]
        lines.append(
            f"* cat #{play.card} ({_traits(state.card_traits(play.card))}):"
            f" masked by {', '.join(who)}"
        )
    return "Cats on the table:\n\n" + "\n".join(lines) + "\n\n"


def _interesting(value: Fraction) -> bool:
    return 0 < value < 1


def _deals(p: Values) -> int:
    """Workload of a Bayesian exercise: the deals of the unseen trait cards that agree with
    everything on the table (the table of deals the student reasons over)."""
    return analysis.posterior(_view(p)).deals


def _unseen(p: Values) -> int:
    """Trait cards Player 0 has not seen (to sort into on the cat / not on the cat)."""
    revealed = sum(len(r) for r in p.get("revealed") or [])
    return len(ALL_TRAITS) - len(p["traits"][0]) - revealed


def _code(p: Values, *lines: str) -> str:
    """Runnable source: the position from the literal parameters, then ``lines``."""
    shown = {k: v for k, v in p.items() if k not in ("suspect", "trait")}
    return "\n".join(
        [
            "from nekolib.indovina_gatto import analysis",
            "from nekolib.indovina_gatto.exercises import position",
            "from nekolib.indovina_gatto.rules import DEFAULT_DECK, Guess",
            "",
            "# the deal (Player 0's cards are yours) and the cats played, in order",
            f"state = position({shown!r})",
            "view = state.view(0)  # what you see",
            *lines,
            "",
        ]
    )


# --------------------------------------------------------------------------- 1 counting
def _gen_unseen(rng: random.Random) -> Values:
    n = rng.choice((3, 4))
    k = rng.randint(2, 4)
    traits = _deal(rng, n, k)
    revealed = [[]] + [rng.sample(traits[q], rng.randint(0, k - 1)) for q in range(1, n)]
    return {"traits": traits, "k": k, "cats": [], "revealed": revealed}


def _solve_unseen(p: Values) -> int:
    return analysis.posterior(_view(p)).prior_deals


def _opponents_text(p: Values) -> str:
    parts = []
    for q in range(1, len(p["traits"])):
        shown = p["revealed"][q]
        hidden = p.get("k", 3) - len(shown)
        extra = f" (unmasked: {_traits(shown)})" if shown else ""
        parts.append(f"Player {q} has {hidden} hidden trait card(s){extra}")
    return "; ".join(parts)


UNSEEN_DEALS = Exercise(
    key="indovina_gatto.unseen_deals",
    title="How many deals are possible?",
    topic="counting",
    level=1,
    prompt=lambda p: (
        f"{len(p['traits'])} players, {p.get('k', 3)} trait cards each. {_mine(p)}"
        f" {_opponents_text(p)}. The trait cards nobody"
        " holds lie aside face down. Before any cat is played, in how many ways can the trait"
        " cards you have not seen be dealt into your opponents' **hidden** cards (which"
        " opponent gets which cards; the order inside a fan does not matter; the rest go"
        " aside)? Give a whole number."
    ),
    generate=_gen_unseen,
    solve=_solve_unseen,
    hints=(
        "First count the trait cards you have not seen: 19 minus yours minus the unmasked ones.",
        "Deal the opponents one after the other: each takes a set of cards from what is left.",
        "Multiply binomial coefficients C(cards left, hidden cards of that opponent).",
    ),
    position=position,
    viewer=0,
    worked=lambda p: (
        f"{_unseen(p)} trait cards unseen; deal the opponents' hidden cards one after the"
        f" other, a product of binomial coefficients: **{_solve_unseen(p)}**."
    ),
    worked_code=lambda p: _code(p, "answer = analysis.posterior(view).prior_deals"),
    workload=lambda p: len(p["traits"]) - 1,
    band="2-3 opponents (one binomial coefficient each), 2-4 trait cards a player",
)


# --------------------------------------------------------------------------- 2 counting
def _gen_mask_chance(rng: random.Random) -> Values:
    n = rng.randint(2, 4)
    k = rng.randint(2, min(5, len(ALL_TRAITS) // n))
    traits = _deal(rng, n, k)
    cat = rng.choice(range(len(DEFAULT_DECK)))
    revealed = [[] for _ in range(n)]
    pool = [t for t in traits[1] if t not in DEFAULT_DECK[cat]]
    if pool and rng.random() < 0.5:
        revealed[1] = [rng.choice(pool)]
    return {"traits": traits, "k": k, "cats": [], "cat": cat, "revealed": revealed}


def _solve_mask_chance(p: Values) -> Fraction:
    outcomes = analysis.mask_outcomes(_view(p), DEFAULT_DECK[p["cat"]])
    return sum((q for who, q in outcomes.items() if 1 in who), Fraction(0))


def _cat(p: Values) -> str:
    return f"cat #{p['cat']} ({_traits(DEFAULT_DECK[p['cat']])})"


MASK_CHANCE = Exercise(
    key="indovina_gatto.mask_chance",
    title="Will Player 1 mask this cat?",
    topic="counting",
    level=1,
    prompt=lambda p: (
        f"A house rule deals **{p['k']} trait cards** to each of {len(p['traits'])} players."
        f" You are Player 0 and hold {_traits(p['traits'][0])}."
        + (
            f" Player 1 has already unmasked {_traits(p['revealed'][1])}."
            if p["revealed"][1]
            else ""
        )
        + f" No cat has been played yet. You are about to play {_cat(p)}."
        + RULES
        + " What is the probability that **Player 1** masks it? Give an exact fraction."
    ),
    generate=_gen_mask_chance,
    solve=_solve_mask_chance,
    hints=(
        "Which trait cards could Player 1's hidden cards be? Leave out yours and the"
        " unmasked ones.",
        "Player 1 does not mask when none of Player 1's hidden cards is on the cat:"
        " count those hands.",
        "P(mask) = 1 - C(unseen not on the cat, hidden) / C(unseen, hidden).",
    ),
    position=position,
    viewer=0,
    worked=lambda p: (
        "One minus the chance that Player 1's hidden cards avoid the cat's unseen traits:"
        f" **{_solve_mask_chance(p)}**."
    ),
    worked_code=lambda p: _code(
        p,
        f"outcomes = analysis.mask_outcomes(view, DEFAULT_DECK[{p['cat']}])  # who masks",
        "answer = sum(q for maskers, q in outcomes.items() if 1 in maskers)",
    ),
    workload=_unseen,
    band="13-17 unseen trait cards to sort into on the cat / not on it",
)


# --------------------------------------------------------------------------- 3 expectation
def _gen_expected_masks(rng: random.Random) -> Values:
    n = rng.randint(2, 4)
    k = rng.randint(2, min(5, len(ALL_TRAITS) // n))
    cat = rng.choice(range(len(DEFAULT_DECK)))
    return {"traits": _deal(rng, n, k), "k": k, "cats": [], "cat": cat}


def _solve_expected_masks(p: Values) -> Fraction:
    return analysis.expected_masks(_view(p), DEFAULT_DECK[p["cat"]])


EXPECTED_MASKS = Exercise(
    key="indovina_gatto.expected_masks",
    title="How many masks will this cat get?",
    topic="expectation",
    level=1,
    prompt=lambda p: (
        f"{len(p['traits'])} players, {p.get('k', 3)} trait cards each. {_mine(p)} No cat has"
        " been played"
        f" yet. You are about to play {_cat(p)}."
        + RULES
        + " What is the **expected number of masks** on it, **yours included**? Give an exact"
        " fraction."
    ),
    generate=_gen_expected_masks,
    solve=_solve_expected_masks,
    hints=(
        "Linearity: the expected number of masks is the sum of each player's chance to mask.",
        "Your own mask is certain or impossible: check your cards.",
        "Each opponent's chance is 1 - C(u - m, h) / C(u, h): u trait cards unseen by you,"
        " m of them on the cat, h cards in the opponent's hand.",
    ),
    position=position,
    viewer=0,
    demo={
        "traits": [["lazy layabout", "red", "striped"], ["strutting beauty", "blue", "top hat"]],
        "cats": [],
        "cat": 11,
    },
    worked=lambda p: (
        f"Sum of the {len(p['traits'])} players' mask chances (linearity of expectation):"
        f" **{_solve_expected_masks(p)}**."
    ),
    worked_code=lambda p: _code(
        p, f"answer = analysis.expected_masks(view, DEFAULT_DECK[{p['cat']}])"
    ),
    workload=lambda p: len(p["traits"]),
    band="2-4 players (one mask chance each), 2-5 trait cards a player",
)


# --------------------------------------------------------------------------- posteriors
def _gen_position(
    rng: random.Random,
    n: int,
    cats: int,
    want: Any,
    k: int = 3,
    reveal: bool = False,
) -> Values:
    """A random deal and ``cats`` random cats; ``want(state)`` must accept the masks.

    With ``reveal`` (two players), Player 1 has already unmasked 0 to k-2 traits (right
    guesses earlier), so the hidden hand keeps 2+ cards while the deal varies more.
    """
    while True:
        traits = _deal(rng, n, k)
        chosen = rng.sample(range(len(DEFAULT_DECK)), cats)
        p: Values = {"traits": traits, "cats": chosen, "k": k}
        if reveal and n == 2:
            shown = rng.sample(traits[1], rng.randint(0, k - 2))
            if shown:
                p["revealed"] = [[], sorted(shown, key=ALL_TRAITS.index)]
        if want(position(p)):
            return p


def _revealed_text(p: Values) -> str:
    """Traits an opponent has already unmasked (everybody knows them), or ""."""
    parts = []
    for q, shown in enumerate(p.get("revealed") or []):
        if q and shown:
            hidden = p.get("k", 3) - len(shown)
            parts.append(
                f"{_name(q)} has already unmasked {_traits(shown)} (a right guess earlier), so"
                f" {hidden} of {_name(q)}'s trait cards are still hidden."
            )
    return " ".join(parts) + (" " if parts else "")


def _pick_trait(rng: random.Random, p: Values, suspect: int) -> Values | None:
    """Add a trait whose posterior for ``suspect`` is neither 0 nor 1 (or ``None``)."""
    post = analysis.posterior(_view(p))
    options = [t for t, q in post.marginals.get(suspect, {}).items() if _interesting(q)]
    if not options:
        return None
    return {**p, "suspect": suspect, "trait": rng.choice(options)}


def _solve_posterior(p: Values) -> Fraction:
    return analysis.posterior(_view(p)).probability(p["suspect"], p["trait"])


def _blue_masks(state: IndovinaGattoState, pattern: Sequence[bool]) -> bool:
    return [1 in play.maskers for play in state.table] == list(pattern)


AFTER_ONE_BAND = (40, 120)
TWO_CATS_BAND = (25, 75)
BOTH_BAND = (12, 36)
THREE_BAND = (1500, 4500)
GUESS_BAND = (40, 120)
BEST_BAND = (30, 90)
"""Agreeing deals (the workload) each Bayesian exercise keeps its variants within."""


def _in_band(p: Values, band: tuple[int, int]) -> bool:
    return band[0] <= _deals(p) <= band[1]


def _gen_after_one_cat(rng: random.Random) -> Values:
    while True:
        k = rng.randint(2, 4)
        p = _gen_position(rng, 2, 1, lambda s: True, k, reveal=True)
        if not _in_band(p, AFTER_ONE_BAND):
            continue
        on_cat = rng.random() < 0.5
        post = analysis.posterior(_view(p)).marginals[1]
        cat = set(DEFAULT_DECK[p["cats"][0]])
        options = [t for t, q in post.items() if _interesting(q) and (t in cat) == on_cat]
        if options:
            return {**p, "suspect": 1, "trait": rng.choice(options)}


def _question(p: Values) -> str:
    return (
        f"Given everything you have seen, what is the probability that {_name(p['suspect'])}"
        f" holds *{p['trait']}*? Give an exact fraction."
    )


def _posterior_prompt(players: str, aside: str = "") -> Callable[[Values], str]:
    """The Bayesian exercises' prompt: your hand, the table so far, the rules, the question."""

    def prompt(p: Values) -> str:
        head = f"{players}, {p.get('k', 3)} trait cards each{aside}."
        return (
            f"{head} {_mine(p)} {_revealed_text(p)}{_table_text(p)}{RULES.strip()} {_question(p)}"
        )

    return prompt


AFTER_ONE_CAT = Exercise(
    key="indovina_gatto.after_one_cat",
    title="One cat, one mask",
    topic="bayesian updating",
    level=2,
    prompt=_posterior_prompt("Two players"),
    generate=_gen_after_one_cat,
    solve=_solve_posterior,
    hints=(
        "Every hand of Player 1's from the unseen cards was equally likely before the cat;"
        " keep only the hands that agree with Player 1's mask (or no mask).",
        "If Player 1 masked: P(trait | mask) = P(trait and mask) / P(mask). If Player 1 did not"
        " mask, Player 1's cards avoid every trait on the cat.",
        "Count with binomial coefficients: hands containing the trait that also agree,"
        " over all hands that agree.",
    ),
    position=position,
    viewer=0,
    demo={
        "traits": [["lazy layabout", "red", "striped"], ["strutting beauty", "blue", "top hat"]],
        "cats": [11],
        "k": 3,
        "suspect": 1,
        "trait": "blue",
    },
    worked=lambda p: (
        f"Count Player 1's hands that agree with the mask ({_deals(p)} of them) and those"
        f" among them holding *{p['trait']}*: **{_solve_posterior(p)}**."
    ),
    worked_code=lambda p: _code(
        p, f"answer = analysis.posterior(view).probability({p['suspect']}, {p['trait']!r})"
    ),
    workload=_deals,
    band=f"{AFTER_ONE_BAND[0]}-{AFTER_ONE_BAND[1]} hands of Player 1 agree with the mask",
)


def _gen_two_cats(rng: random.Random) -> Values:
    while True:
        pattern = rng.choice(([True, False], [False, True]))
        k = rng.randint(2, 4)
        p = _gen_position(rng, 2, 2, lambda s, pat=pattern: _blue_masks(s, pat), k, reveal=True)
        picked = _pick_trait(rng, p, 1) if _in_band(p, TWO_CATS_BAND) else None
        if picked:
            return picked


TWO_CATS = Exercise(
    key="indovina_gatto.two_cats",
    title="A mask and no mask",
    topic="bayesian updating",
    level=2,
    prompt=_posterior_prompt("Two players"),
    generate=_gen_two_cats,
    solve=_solve_posterior,
    hints=(
        "The cat Player 1 did not mask rules out all of its traits for Player 1:"
        " remove them first.",
        "Among the traits left, Player 1 holds at least one of the masked cat's traits: count"
        " the hands that hit it (all hands minus the hands that miss it).",
        "P(trait) = (hands with the trait that agree) / (hands that agree).",
    ),
    position=position,
    viewer=0,
    worked=lambda p: (
        "Remove the unmasked cat's traits, then condition on hitting the masked cat"
        f" ({_deals(p)} agreeing hands): **{_solve_posterior(p)}**."
    ),
    worked_code=lambda p: _code(
        p, f"answer = analysis.posterior(view).probability({p['suspect']}, {p['trait']!r})"
    ),
    workload=_deals,
    band=f"{TWO_CATS_BAND[0]}-{TWO_CATS_BAND[1]} hands of Player 1 agree with the two cats",
)


def _gen_both_masked(rng: random.Random) -> Values:
    while True:
        k = rng.randint(2, 4)
        p = _gen_position(rng, 2, 2, lambda s: _blue_masks(s, [True, True]), k, reveal=True)
        cats = [set(DEFAULT_DECK[c]) for c in p["cats"]]
        if (cats[0] - cats[1]) and (cats[1] - cats[0]) and _in_band(p, BOTH_BAND):
            picked = _pick_trait(rng, p, 1)
            if picked:
                return picked


BOTH_MASKED = Exercise(
    key="indovina_gatto.both_masked",
    title="Two masks",
    topic="bayesian updating",
    level=3,
    prompt=_posterior_prompt("Two players"),
    generate=_gen_both_masked,
    solve=_solve_posterior,
    hints=(
        "Player 1's hand must hit both cats (a trait shared by both cats hits both at once).",
        "Inclusion-exclusion: hands hitting both = all - missing cat A - missing cat B"
        " + missing both.",
        "Do the same count for the hands that contain the trait, then divide.",
    ),
    position=position,
    viewer=0,
    worked=lambda p: (
        f"Inclusion-exclusion over the two hit sets ({_deals(p)} agreeing hands):"
        f" **{_solve_posterior(p)}**."
    ),
    worked_code=lambda p: _code(
        p, f"answer = analysis.posterior(view).probability({p['suspect']}, {p['trait']!r})"
    ),
    workload=_deals,
    band=f"{BOTH_BAND[0]}-{BOTH_BAND[1]} hands of Player 1 agree with both masks",
)


def _gen_three_players(rng: random.Random) -> Values:
    while True:
        k = rng.randint(2, 4)
        p = _gen_position(
            rng, 3, 1, lambda s: 1 in s.table[0].maskers and 2 not in s.table[0].maskers, k
        )
        picked = _pick_trait(rng, p, rng.choice((1, 2))) if _in_band(p, THREE_BAND) else None
        if picked:
            return picked


THREE_PLAYERS = Exercise(
    key="indovina_gatto.three_players",
    title="Three players, one cat",
    topic="bayesian updating",
    level=3,
    prompt=_posterior_prompt("Three players", " (the other trait cards lie aside unseen)"),
    generate=_gen_three_players,
    solve=_solve_posterior,
    hints=(
        "Player 2 did not mask: none of Player 2's cards is on the cat. Player 1 did:"
        " at least one of Player 1's is.",
        "Count deals (Player 1's cards, then Player 2's from the rest) that agree with both facts;"
        " Player 1's cards on the cat leave more room for Player 2.",
        "Split by how many of the cat's unseen traits Player 1 holds, count Player 2's hands in"
        " each case, and divide the deals where the asked player holds the trait by all.",
    ),
    position=position,
    viewer=0,
    worked=lambda p: (
        f"Count the deals to both opponents that agree with both facts ({_deals(p)}), then"
        f" those where Player {p['suspect']} holds *{p['trait']}*: **{_solve_posterior(p)}**."
    ),
    worked_code=lambda p: _code(
        p, f"answer = analysis.posterior(view).probability({p['suspect']}, {p['trait']!r})"
    ),
    workload=_deals,
    band=f"{THREE_BAND[0]}-{THREE_BAND[1]} deals to the two opponents agree with the masks",
)


# --------------------------------------------------------------------------- guesses
GUESS_RULES = (
    " A right guess unmasks the trait and you take one of the suspect's masks (+1 for"
    " you, and the suspect loses the point of a hidden trait); a wrong guess gives the"
    " suspect one of your masks (+1 for them)."
)


def _value_of(p: Values) -> Fraction:
    values = analysis.guess_values(_view(p))
    return next(v.value for v in values if v.guess == Guess(1, p["trait"]))


def _gen_guess_value(rng: random.Random) -> Values:
    while True:
        p = _gen_position(rng, 2, rng.choice((1, 3)), lambda s: True, reveal=True)
        picked = _pick_trait(rng, p, 1) if _in_band(p, GUESS_BAND) else None
        if picked and _value_of(picked) != 0:
            return picked


GUESS_VALUE = Exercise(
    key="indovina_gatto.guess_value",
    title="What a guess is worth",
    topic="expectation",
    level=2,
    prompt=lambda p: (
        "Two players, 3 trait cards each. "
        + _mine(p)
        + " "
        + _revealed_text(p)
        + _table_text(p)
        + RULES.strip()
        + GUESS_RULES
        + f" You have just played the last cat and consider guessing that Player 1 holds"
        f" *{p['trait']}*. What is the expected change of **(your points - Player 1's points)**"
        " if you make that guess? Give an exact fraction."
    ),
    generate=_gen_guess_value,
    solve=_value_of,
    hints=(
        "First find p, the probability that Player 1 holds the trait given the cats on the table.",
        "Right (probability p): you +1, Player 1 -1. Wrong: Player 1 +1. Add the effects on"
        " (you - Player 1) weighted by their probabilities.",
    ),
    position=position,
    viewer=0,
    worked=lambda p: (
        f"With p = P(Player 1 holds it): p·(+2) + (1-p)·(-1) = 3p - 1 = **{_value_of(p)}**."
    ),
    worked_code=lambda p: _code(
        p,
        "values = analysis.guess_values(view)",
        f"answer = next(v.value for v in values if v.guess == Guess(1, {p['trait']!r}))",
    ),
    workload=_deals,
    band=f"{GUESS_BAND[0]}-{GUESS_BAND[1]} hands of Player 1 agree with the table",
)


def _best_value(p: Values) -> Fraction:
    best = analysis.best_guess(_view(p))
    return Fraction(0) if best is None else best.value


def _gen_best_guess(rng: random.Random) -> Values:
    while True:
        p = _gen_position(rng, 2, 3, lambda s: True, reveal=True)
        if _in_band(p, BEST_BAND) and _best_value(p) > 0:
            return p


BEST_GUESS = Exercise(
    key="indovina_gatto.best_guess",
    title="The best guess",
    topic="expectation",
    level=3,
    prompt=lambda p: (
        "Two players, 3 trait cards each. "
        + _mine(p)
        + " "
        + _revealed_text(p)
        + _table_text(p)
        + RULES.strip()
        + GUESS_RULES
        + " You have just played the last cat and may guess one trait of Player 1, or not guess"
        " (change 0). Which guess maximises the expected change of **(your points - Player 1's"
        " points)**? Give that **expected change** as an exact fraction."
    ),
    generate=_gen_best_guess,
    solve=_best_value,
    hints=(
        "A guess of a trait with probability p is worth 3p - 1: find the most likely trait.",
        "Traits on a cat Player 1 did not mask are impossible; traits on every masked cat"
        " are the strongest candidates.",
        "Compute the posterior of the best candidates exactly (count Player 1's agreeing hands).",
    ),
    position=position,
    viewer=0,
    worked=lambda p: (
        f"The best guess is the most likely trait; its worth is 3p - 1: **{_best_value(p)}**."
    ),
    worked_code=lambda p: _code(
        p,
        "best = analysis.best_guess(view)  # None: no guess is worth making",
        "answer = 0 if best is None else best.value",
    ),
    workload=_deals,
    band=f"{BEST_BAND[0]}-{BEST_BAND[1]} hands of Player 1 agree with the table",
)


EXERCISES = (
    UNSEEN_DEALS,
    MASK_CHANCE,
    EXPECTED_MASKS,
    AFTER_ONE_CAT,
    TWO_CATS,
    GUESS_VALUE,
    BOTH_MASKED,
    THREE_PLAYERS,
    BEST_GUESS,
)
