"""Neko-in classroom exercises (the bank's entries for this game).

Each exercise is data: a prompt template, a seeded parameter generator, the exact answer
from :mod:`nekolib.neko_in.analysis` / :mod:`nekolib.neko_in.events_analysis`, and hints.

Rulebook passages the exercises are about (seed 000):

* Brawl: "The active player rolls the two dice: If the colour of the active player's cat
  comes up, that cat is moved to the garden [...] If the colours of both cats come up,
  both cats are moved to the garden [...] If the colour of the cat already in the room
  comes up, or neither colour comes up, the cat already in the room goes to the garden."
* Cat Teaser: "All the cats gather in the room [...] start rolling the dice: the cats of
  the colours shown go to the garden. Keep rolling until only one cat (or none) remains
  in the room; some rolls may have no effect." (an absorbing Markov chain).

House-rule dice (``n`` faces per die, a cat's colour on one or more of them, the other
faces blank or showing cats not involved) give every student different numbers; the answers
come from the same functions that compute the real game's odds.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

from nekolib.exercise import Exercise
from nekolib.neko_in import analysis
from nekolib.neko_in import events_analysis as ev

__all__ = ["EXERCISES", "NOTES"]

Params = dict[str, Any]

COLOURS = ev.CAT_COLOURS
"""The six cat pawns: "black, red, yellow, pink, light blue and white"."""

NOTES = """\
**Neko-in: what the exercises use** (rulebook, seed 000)

* **Cats and colours.** There are 6 cat pawns, one per colour: black, red, yellow, pink,
  light blue and white. The dice show cat colours; a *blank* face (or a face showing a cat
  that is not involved) does nothing.
* **Dice.** A roll of several dice is a list of faces, one per die; every die is fair and
  the dice are independent, so each *ordered* roll (first die's face, second die's face,
  ...) is equally likely. A colour "comes up" when it shows on **at least one** die.
  House-rule dice in the exercises have a stated number of faces and say on how many faces
  each colour is printed.
* **Brawl** (a cat, the *attacker*, enters a room where another cat, the *defender*,
  already is): the attacker's player rolls the dice.
  * attacker's colour comes up, defender's does not: the **attacker** goes to the Garden;
  * both colours come up: **both** cats go to the Garden;
  * defender's colour comes up, or neither colour: the **defender** goes to the Garden
    (the attacker gets in).
* **Cat Teaser**: all the cats gather in the room and the dice are rolled again and again;
  the cats of the colours shown go to the Garden (a colour shown on two dice sends its cat
  once). Rolling stops as soon as only one cat, or none, is left; a roll that sends nobody
  away still counts as a roll.
* **Answers.** Give exact numbers: a whole number, `Fraction(p, q)` (from `fractions`) or
  the text `"p/q"`.
"""


def _words(dice: int) -> str:
    return {1: "one die", 2: "two dice", 3: "three dice", 4: "four dice"}[dice]


def _fraction_note() -> str:
    return ' Give an exact fraction: `Fraction(p, q)` or the text `"p/q"`.'


# --------------------------------------------------------------------------- brawls
BRAWL_DICE: tuple[tuple[int, int], ...] = (
    *((2, f) for f in range(10, 18)),
    (3, 5),
    (3, 6),
    (4, 4),
)
"""(dice, faces) of the brawl exercises: 100 to 289 ordered rolls (ratio < 3)."""

BOTH_HOME_DICE = ((3, 5), (3, 6), (3, 7), (4, 4))
"""With two dice "both home" is 2·a·d whatever the faces: three or four dice, 125-343 rolls."""

BRAWL_BAND = (
    "100-289 ordered rolls: 2 dice of 10-17 faces, 3 dice of 5-6 or 4 dice of 4; the"
    " attacker's colour on 1-3 faces, the defender's on 1-3"
)


def _brawl_rolls(p: Params) -> int:
    """Workload of a brawl exercise: the ordered rolls of the sample space."""
    return int(p["faces"] ** p["dice"])


def _dice_rule(p: Params) -> str:
    """House-rule brawl dice: ``faces`` faces, each cat's colour on a stated number of them."""
    attacker, defender = _cats(p)

    def on(n: int) -> str:
        return "one face" if n == 1 else f"{n} faces"

    return (
        f"the attacker is the **{attacker}** cat and the defender the **{defender}** cat;"
        f" each die has **{p['faces']} faces**: {attacker} on **{on(p['attacker_faces'])}**,"
        f" {defender} on **{on(_defender_faces(p))}**, the other faces blank or showing cats"
        " that are not involved"
    )


def _cats(p: Params) -> tuple[str, str]:
    return p.get("attacker", "red"), p.get("defender", "white")


def _defender_faces(p: Params) -> int:
    return int(p.get("defender_faces", 1))


def _brawl_dice(rng: random.Random, table: tuple[tuple[int, int], ...] = BRAWL_DICE) -> Params:
    """A brawl variant: (dice, faces) from ``table``, then the marked faces and colours."""
    dice, faces = rng.choice(table)
    attacker_faces = rng.randint(1, min(3, faces - 2))
    defender_faces = rng.randint(1, min(3, faces - attacker_faces - 1))
    attacker, defender = rng.sample(COLOURS, 2)
    return {
        "dice": dice,
        "faces": faces,
        "attacker_faces": attacker_faces,
        "defender_faces": defender_faces,
        "attacker": attacker,
        "defender": defender,
    }


def _die(p: Params) -> tuple[int, ...]:
    """One die's colours: the attacker (0) on ``attacker_faces`` faces, the defender (1) on
    ``defender_faces``, then other colours (2, 3, ...: cats not in the brawl) on the rest."""
    marked, guarded = p["attacker_faces"], _defender_faces(p)
    return (0,) * marked + (1,) * guarded + tuple(range(2, p["faces"] - marked - guarded + 2))


def _odds(p: Params) -> dict[str, Fraction]:
    """Brawl odds of ``p`` (attacker colour 0, defender colour 1) from the analysis module."""
    return dict(_brawl_odds(_die(p), p["dice"]))


@lru_cache(maxsize=256)
def _brawl_odds(die: tuple[int, ...], dice: int) -> tuple[tuple[str, Fraction], ...]:
    return tuple(analysis.brawl_odds(die, dice=dice).items())


def _odds_code(p: Params, answer: str) -> str:
    """Runnable source: the brawl odds by enumeration in nekolib, then ``answer = ...``."""
    attacker, defender = _cats(p)
    return (
        "from nekolib.neko_in import analysis\n\n"
        f"# one die: 0 = the {attacker} attacker, 1 = the {defender} defender, 2, 3, ... other\n"
        f"die = {_die(p)}\n"
        f"odds = analysis.brawl_odds(die, attacker=0, defender=1, dice={p['dice']})\n"
        f"answer = {answer}\n"
    )


def _both_home(p: Params) -> Fraction:
    return _odds(p)["both"] * p["faces"] ** p["dice"]


def _miss(p: Params) -> tuple[int, int, int]:
    """Faces missing the attacker, the defender, both."""
    f, a, d = p["faces"], p["attacker_faces"], _defender_faces(p)
    return f - a, f - d, f - a - d


BRAWL_BOTH_HOME = Exercise(
    key="neko_in.brawl_both_home",
    title="Both cats go home",
    topic="counting",
    level=1,
    prompt=lambda p: (
        f"A house rule rolls **{_words(p['dice'])}** in a brawl, and"
        f" {_dice_rule(p)}. Both cats go to the Garden when the attacker's colour **and** the"
        " defender's colour come up (each on at least one die). Of the"
        f" {p['faces']}^{p['dice']} ordered rolls (one face per die), how many send **both**"
        " cats to the Garden? Give a whole number."
    ),
    generate=lambda rng: _brawl_dice(rng, BOTH_HOME_DICE),
    solve=_both_home,
    hints=(
        "Count the rolls that miss a colour instead: inclusion-exclusion over the two colours.",
        lambda p: (
            f"A roll misses the attacker's colour in {_miss(p)[0]}^{p['dice']} ways and the"
            f" defender's in {_miss(p)[1]}^{p['dice']} ways."
        ),
        "Both show = all rolls - (miss attacker) - (miss defender) + (miss both).",
    ),
    demo={"dice": 3, "faces": 6, "attacker_faces": 1},
    worked=lambda p: (
        f"Inclusion-exclusion: {p['faces']}^{p['dice']}"
        f" - {_miss(p)[0]}^{p['dice']} - {_miss(p)[1]}^{p['dice']}"
        f" + {_miss(p)[2]}^{p['dice']} = **{_both_home(p)}**."
    ),
    worked_code=lambda p: _odds_code(p, f"odds['both'] * {p['faces']}**{p['dice']}"),
    workload=_brawl_rolls,
    band="125-343 ordered rolls: 3 dice of 5-7 faces or 4 dice of 4; the attacker's colour on"
    " 1-3 faces, the defender's on 1-3",
)


ATTACKER_GETS_IN = Exercise(
    key="neko_in.attacker_gets_in",
    title="The attacker gets in",
    topic="counting",
    level=1,
    prompt=lambda p: (
        f"A brawl is rolled with **{_words(p['dice'])}**; {_dice_rule(p)}. What is the"
        " probability that the attacker gets into the occupied room (the defender goes to"
        " the Garden: the defender's colour, or neither colour, comes up)?" + _fraction_note()
    ),
    generate=_brawl_dice,
    solve=lambda p: _odds(p)["defender"],
    hints=(
        "The attacker gets in exactly when its own colour comes up on no die.",
        "One die misses the attacker's colour with probability"
        " ({faces}-{attacker_faces})/{faces}; the dice are independent.",
    ),
    demo={"dice": 2, "faces": 8, "attacker_faces": 1},
    worked=lambda p: (
        "The attacker's colour must miss every die:"
        f" (({p['faces']}-{p['attacker_faces']})/{p['faces']})^{p['dice']}"
        f" = **{_odds(p)['defender']}**."
    ),
    worked_code=lambda p: _odds_code(p, "odds['defender']"),
    workload=_brawl_rolls,
    band=BRAWL_BAND,
)


def _both_given(p: Params) -> Fraction:
    odds = _odds(p)
    return odds["both"] / (odds["both"] + odds["attacker"])


BOTH_GIVEN_ATTACKER_HOME = Exercise(
    key="neko_in.both_given_attacker_home",
    title="Was the defender sent home too?",
    topic="conditional probability",
    level=2,
    prompt=lambda p: (
        f"A brawl is rolled with **{_words(p['dice'])}**; {_dice_rule(p)}. You did not watch"
        " the roll, but you see that the **attacker** was sent to the Garden (so its colour"
        " came up). Given that, what is the probability that the defender was sent to the"
        " Garden too?" + _fraction_note()
    ),
    generate=_brawl_dice,
    solve=_both_given,
    hints=(
        "P(both home | attacker home) = P(both colours show) / P(the attacker's colour shows).",
        "P(the attacker's colour shows) = 1 - (({faces}-{attacker_faces})/{faces})^{dice}.",
        "P(both show) by inclusion-exclusion over the two colours: 1 - P(miss attacker)"
        " - P(miss defender) + P(miss both).",
    ),
    demo={"dice": 2, "faces": 6, "attacker_faces": 1},
    worked=lambda p: (
        "Seeing the attacker in the Garden means its colour came up; the defender is in the"
        " Garden too when both colours came up, so the answer is"
        f" P(both) / (P(both) + P(attacker only)) = **{_both_given(p)}**."
    ),
    worked_code=lambda p: _odds_code(p, "odds['both'] / (odds['both'] + odds['attacker'])"),
    workload=_brawl_rolls,
    band=BRAWL_BAND,
)


def _entry(p: Params) -> Fraction:
    return 1 / _odds(p)["defender"]


ENTRY_ATTEMPTS = Exercise(
    key="neko_in.entry_attempts",
    title="Entering a defended room",
    topic="expectation",
    level=2,
    prompt=lambda p: (
        "The owner of a room keeps their cat in it: every time your attack fails, their cat"
        f" is back before your next try. Brawls are rolled with **{_words(p['dice'])}**;"
        f" {_dice_rule(p)}. On average, how many brawls do you need to get in (the last,"
        " successful one included)?" + _fraction_note()
    ),
    generate=_brawl_dice,  # at least 2 faces miss the attacker: 1/p is never whole
    solve=_entry,
    hints=(
        "Each brawl is an independent try that succeeds with the same probability p.",
        "The number of tries until the first success is geometric: its mean is 1/p.",
        "p is the probability that the attacker's colour comes up on no die.",
    ),
    demo={"dice": 3, "faces": 6, "attacker_faces": 1},  # the notebook prints the 2-dice mean
    worked=lambda p: (
        "Each brawl lets you in with"
        f" p = (({p['faces']}-{p['attacker_faces']})/{p['faces']})^{p['dice']}; the number"
        f" of brawls is geometric with mean 1/p = **{_entry(p)}**"
        " (`analysis.expected_entry_attempts(faces, dice)` when each colour is on one face)."
    ),
    worked_code=lambda p: _odds_code(p, "1 / odds['defender']"),
    workload=_brawl_rolls,
    band=BRAWL_BAND,
)


# --------------------------------------------------------------------------- Cat Teaser
def _teaser_rule(faces: int, dice: int = 2) -> str:
    return (
        f"the dice are **{_words(dice)}** of **{faces} faces**, each cat's colour on exactly"
        " one face of each die (the other faces are blank)"
    )


def _room(p: Params) -> str:
    """The cats in the room, named by colour (the first ``cats`` of ``p["colours"]``)."""
    names = list(p.get("colours", COLOURS[: p["cats"]]))
    listed = ", ".join(names[:-1]) + f" and {names[-1]}"
    return f"**{p['cats']} cats** ({listed})"


def _some_colours(rng: random.Random, low: int, high: int) -> list[str]:
    """A set of low..high cat colours, every such set equally likely (so a class rarely
    repeats one), in rulebook order."""
    sets = [s for n in range(low, high + 1) for s in itertools.combinations(COLOURS, n)]
    return list(rng.choice(sets))


def _chain_transitions(p: Params, dice: int = 2) -> int:
    """Transition probabilities of the count chain: from j = 2..cats cats, m = 0..min(j, dice)
    cats leave (absorbing states 0 and 1 need none)."""
    return sum(min(j, dice) + 1 for j in range(2, p["cats"] + 1))


def _one_roll_generate(rng: random.Random) -> Params:
    colours = _some_colours(rng, 2, 5)
    return {
        "cats": len(colours),
        "faces": rng.randint(8, 13),
        "leave": rng.choice((0, 1, 2)),
        "colours": colours,
    }


def _one_roll_prompt(p: Params) -> str:
    leave = {0: "**no** cat", 1: "**exactly one** cat", 2: "**exactly two** cats"}[p["leave"]]
    return (
        f"A Cat Teaser is going on: {_room(p)} are still in the room, and"
        f" {_teaser_rule(p['faces'])}. The cats of the colours shown go to the Garden."
        f" What is the probability that the next roll sends {leave} to the Garden?"
        " (This is one entry of the transition matrix of the Markov chain on the number of"
        " cats in the room.)" + _fraction_note()
    )


def _ev_code(call: str) -> str:
    return f"from nekolib.neko_in import events_analysis as ev\n\nanswer = {call}\n"


TEASER_ONE_ROLL = Exercise(
    key="neko_in.teaser_one_roll",
    title="One roll of the Cat Teaser",
    topic="markov chain",
    level=1,
    prompt=_one_roll_prompt,
    generate=_one_roll_generate,
    solve=lambda p: ev.teaser_transition(p["cats"], p["leave"], p["faces"], 2),
    hints=(
        "List the ordered rolls of the two dice: {faces}·{faces} equally likely pairs.",
        "Count how many cats' colours each roll shows; a colour shown twice sends its cat once.",
        "No cat leaves: both dice miss all {cats} colours. Exactly two leave: the dice show two"
        " different cats' colours.",
    ),
    demo={"cats": 3, "faces": 6, "leave": 1},
    worked=lambda p: (
        "Inclusion-exclusion on the colours that are hit (see"
        " `events_analysis.teaser_transition`): **"
        f"{ev.teaser_transition(p['cats'], p['leave'], p['faces'], 2)}**."
    ),
    worked_code=lambda p: _ev_code(
        f"ev.teaser_transition({p['cats']}, {p['leave']}, {p['faces']}, 2)"
    ),
    workload=lambda p: p["faces"] ** 2,
    band="two dice of 8-13 faces (64-169 ordered rolls); 2-5 cats in the room",
)


def _sent_generate(rng: random.Random) -> Params:
    colours = _some_colours(rng, 2, 6)
    return {
        "cats": len(colours),
        "faces": rng.randint(6, 12),
        "dice": rng.choice((2, 3)),
        "colours": colours,
    }


def _expected_sent(p: Params) -> Fraction:
    row = ev.teaser_transition_row(p["cats"], p["faces"], p["dice"])
    return sum((m * q for m, q in enumerate(row)), Fraction(0))


TEASER_EXPECTED_SENT = Exercise(
    key="neko_in.teaser_expected_sent",
    title="Cats sent by the first teaser roll",
    topic="expectation",
    level=1,
    prompt=lambda p: (
        f"A Cat Teaser gathers {_room(p)} in a room;"
        f" {_teaser_rule(p['faces'], p['dice'])}. What is the expected number of cats the"
        " **first** roll sends to the Garden?" + _fraction_note()
    ),
    generate=_sent_generate,
    solve=_expected_sent,
    hints=(
        "Linearity of expectation: add up, cat by cat, the probability that this cat is sent.",
        "One cat is sent when its colour shows on at least one of the {dice} dice.",
    ),
    demo={"cats": 6, "faces": 6, "dice": 2},
    worked=lambda p: (
        f"Each cat leaves with probability 1 - (({p['faces']}-1)/{p['faces']})^{p['dice']};"
        f" by linearity the mean is {p['cats']} times that: **{_expected_sent(p)}**. The"
        " code computes the same from the transition row of the chain."
    ),
    worked_code=lambda p: (
        "from nekolib.neko_in import events_analysis as ev\n\n"
        f"row = ev.teaser_transition_row({p['cats']}, {p['faces']}, {p['dice']})\n"
        "answer = sum(m * q for m, q in enumerate(row))\n"
    ),
    workload=lambda p: p["cats"],
    band="2-6 cats (one indicator per cat), 2 or 3 dice of 6-12 faces",
)


def _chain_generate(rng: random.Random) -> Params:
    colours = _some_colours(rng, 3, 5)
    return {
        "cats": len(colours),
        "faces": rng.randint(6, 12),
        "dice": rng.choice((2, 3)),
        "colours": colours,
    }


def _dice(p: Params) -> int:
    return int(p.get("dice", 2))


def _chain_work(p: Params) -> int:
    return _chain_transitions(p, _dice(p))


CHAIN_BAND = (
    "3-5 cats (a chain of 4-6 states, 6-15 transition probabilities), two or three dice of"
    " 6-12 faces"
)

TEASER_NONE_LEFT = Exercise(
    key="neko_in.teaser_none_left",
    title="Nobody wins the Cat Teaser",
    topic="markov chain",
    level=2,
    prompt=lambda p: (
        f"A Cat Teaser gathers {_room(p)} in a room;"
        f" {_teaser_rule(p['faces'], _dice(p))}. The dice are rolled until only one cat, or none,"
        " is left. What is the probability that **no** cat is left?" + _fraction_note()
    ),
    generate=_chain_generate,
    solve=lambda p: ev.teaser_none_probability(p["cats"], p["faces"], _dice(p)),
    hints=(
        "Work on the Markov chain of the number of cats in the room; 0 and 1 are absorbing.",
        "Rolls that send nobody away do not matter: divide by 1 - P(no change) (first-step"
        " analysis).",
        "With j cats, a roll sends two away with probability j(j-1)/{faces}^2; no cat is left"
        " only if the last two leave together.",
    ),
    demo={"cats": 2, "faces": 8},  # the notebook's table is for 6 faces
    worked=lambda p: (
        "First-step analysis on the count chain, P(none | j) ="
        " sum_m P(j→j-m) P(none | j-m) / (1 - P(j→j)):"
        f" **{ev.teaser_none_probability(p['cats'], p['faces'], _dice(p))}**."
    ),
    worked_code=lambda p: _ev_code(
        f"ev.teaser_none_probability({p['cats']}, faces={p['faces']}, dice={_dice(p)})"
    ),
    workload=_chain_work,
    band=CHAIN_BAND,
)

TEASER_EXPECTED_ROLLS = Exercise(
    key="neko_in.teaser_expected_rolls",
    title="How long does the Cat Teaser last?",
    topic="markov chain",
    level=3,
    prompt=lambda p: (
        f"A Cat Teaser gathers {_room(p)} in a room;"
        f" {_teaser_rule(p['faces'], _dice(p))}. The dice are rolled until only one cat, or none,"
        " is left; every roll counts, also those with no effect. What is the expected number"
        " of rolls?" + _fraction_note()
    ),
    generate=_chain_generate,
    solve=lambda p: ev.teaser_expected_rolls(p["cats"], p["faces"], _dice(p)),
    hints=(
        "Let E_j be the expected number of rolls with j cats; E_0 = E_1 = 0.",
        "E_j = 1 + sum_m P(j→j-m) E_(j-m), where m = 0 (no effect) is one of the terms.",
        "Or: the fundamental matrix N = (I - Q)^-1 of the absorbing chain; the answer is the"
        " row sum of N for {cats} cats.",
    ),
    demo={"cats": 6, "faces": 8},  # the notebook's table is for 6 faces
    worked=lambda p: (
        "Solve E_j = (1 + sum_(m>=1) P(j→j-m) E_(j-m)) / (1 - P(j→j)) upwards from"
        f" E_0 = E_1 = 0: **{ev.teaser_expected_rolls(p['cats'], p['faces'], _dice(p))}**"
        " (or the row sum of the fundamental matrix,"
        " `ev.teaser_fundamental_matrix(cats, faces)`)."
    ),
    worked_code=lambda p: _ev_code(
        f"ev.teaser_expected_rolls({p['cats']}, faces={p['faces']}, dice={_dice(p)})"
    ),
    workload=_chain_work,
    band=CHAIN_BAND,
)


def _survived_generate(rng: random.Random) -> Params:
    params = _chain_generate(rng)
    params["faces"] = rng.randint(6, 14)
    params["mine"] = rng.choice(params["colours"])
    return params


def _survived(p: Params) -> Fraction:
    """P(my cat is last | it survived the first roll) = P(last) / P(not hit by a roll).

    Being the last cat implies never being hit, so the joint event is just "last".
    """
    last = ev.teaser_survival_probability(p["cats"], p["faces"], _dice(p))
    return last / Fraction(p["faces"] - 1, p["faces"]) ** _dice(p)


TEASER_LAST_GIVEN_SURVIVED = Exercise(
    key="neko_in.teaser_last_given_survived",
    title="Still in the room after the first roll",
    topic="conditional probability",
    level=3,
    prompt=lambda p: (
        f"A Cat Teaser gathers {_room(p)} in a room; yours is the"
        f" **{p.get('mine', 'black')}** one, and {_teaser_rule(p['faces'], _dice(p))}. After the"
        " **first** roll your cat is still in the room (whatever happened to the others)."
        " Given that, what is the probability that your cat is the one left at the end?"
        + _fraction_note()
    ),
    generate=_survived_generate,
    solve=_survived,
    hints=(
        "If your cat is the last one, it was never sent away: so it survived the first roll.",
        "P(last | survived roll 1) = P(last) / P(survived roll 1).",
        lambda p: (
            f"By symmetry P(last) = (1 - P(no cat left)) / {p['cats']}; P(survived roll 1) ="
            f" (({p['faces']}-1)/{p['faces']})^{_dice(p)}."
        ),
    ),
    demo={"cats": 4, "faces": 6},
    worked=lambda p: (
        "Being last implies surviving the first roll, so"
        " P(last | survived) = P(last) / P(survived) = **" + str(_survived(p)) + "**."
    ),
    worked_code=lambda p: (
        "from fractions import Fraction\n\n"
        "from nekolib.neko_in import events_analysis as ev\n\n"
        f"last = ev.teaser_survival_probability({p['cats']}, faces={p['faces']}, dice={_dice(p)})\n"
        f"survived = Fraction({p['faces'] - 1}, {p['faces']}) ** {_dice(p)}  # every die misses\n"
        "answer = last / survived\n"
    ),
    workload=_chain_work,
    band="3-5 cats (a chain of 4-6 states, 6-15 transition probabilities), two or three dice"
    " of 6-14 faces",
)


def _exact_rolls_generate(rng: random.Random) -> Params:
    params = _chain_generate(rng)
    del params["dice"]  # two dice: the band counts two-dice transitions
    params["faces"] = rng.randint(6, 10)
    params["rolls"] = rng.randint(2, 3)
    return params


TEASER_EXACT_ROLLS = Exercise(
    key="neko_in.teaser_exact_rolls",
    title="The Cat Teaser ends on roll t",
    topic="markov chain",
    level=3,
    prompt=lambda p: (
        f"A Cat Teaser gathers {_room(p)} in a room;"
        f" {_teaser_rule(p['faces'])}. The dice are rolled until only one cat, or none, is"
        f" left. What is the probability that the teaser ends on roll number **{p['rolls']}**"
        " exactly (every roll counts, also those with no effect)?" + _fraction_note()
    ),
    generate=_exact_rolls_generate,
    solve=lambda p: ev.teaser_rolls_distribution(p["cats"], p["rolls"], p["faces"])[p["rolls"]],
    hints=(
        "Push the distribution of the number of cats forward one roll at a time (a row vector"
        " times the transition matrix).",
        "P(T = t) = P(still 2+ cats after t-1 rolls and at most 1 after t rolls).",
        "From j cats one roll sends m away with probability C(j,m)·sum_i (-1)^i C(m,i)"
        " ({faces}-j+m-i)^2 / {faces}^2.",
    ),
    demo={"cats": 3, "faces": 6, "rolls": 2},
    worked=lambda p: (
        f"Propagate the law of the number of cats for {p['rolls']} rolls and take the mass"
        " that is absorbed on the last one: **"
        f"{ev.teaser_rolls_distribution(p['cats'], p['rolls'], p['faces'])[p['rolls']]}**."
    ),
    worked_code=lambda p: _ev_code(
        f"ev.teaser_rolls_distribution({p['cats']}, {p['rolls']}, faces={p['faces']})[{p['rolls']}]"
    ),
    workload=lambda p: _chain_transitions(p) * p["rolls"],
    band="3-5 cats, roll 2 or 3 (12-36 transition steps to push), two dice of 6-10 faces",
)

EXERCISES = (
    BRAWL_BOTH_HOME,
    ATTACKER_GETS_IN,
    TEASER_ONE_ROLL,
    TEASER_EXPECTED_SENT,
    BOTH_GIVEN_ATTACKER_HOME,
    ENTRY_ATTEMPTS,
    TEASER_NONE_LEFT,
    TEASER_EXPECTED_ROLLS,
    TEASER_LAST_GIVEN_SURVIVED,
    TEASER_EXACT_ROLLS,
)
