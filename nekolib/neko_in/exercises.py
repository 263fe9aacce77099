"""Neko-in classroom exercises (the bank's entries for this game).

Each exercise is data: a prompt template, a seeded parameter generator, the exact answer
from :mod:`nekolib.neko_in.analysis` / :mod:`nekolib.neko_in.events_analysis`, and hints.
"""

from __future__ import annotations

import random

from nekolib.classroom.exercise import Exercise
from nekolib.neko_in import analysis


def _faces(rng: random.Random) -> dict[str, int]:
    return {"faces": rng.randint(4, 12)}


BRAWL_BOTH_HOME = Exercise(
    key="neko_in.brawl_both_home",
    title="Both cats go home",
    topic="counting",
    level=1,
    prompt=(
        "A house rule plays Neko-in with two dice of **{faces} colour faces** each (every face a"
        " different colour, two of them the colours of the two cats in a brawl). How many of"
        " the {faces}×{faces} ordered rolls send **both** cats to the Garden?"
    ),
    generate=_faces,
    solve=lambda p: analysis.brawl_odds(tuple(range(p["faces"])))["both"] * p["faces"] ** 2,
    hints=(
        "Both go home when each cat's colour shows on one die.",
        "Die 1 can show the attacker and die 2 the defender, or the other way round.",
    ),
    demo={"faces": 6},
)

ATTACKER_GETS_IN = Exercise(
    key="neko_in.attacker_gets_in",
    title="The attacker gets in",
    topic="counting",
    level=1,
    prompt=(
        "With two dice of **{faces} colour faces** each, what is the probability that the"
        " attacker gets into an occupied room (only the defender's colour shows)?"
        " Give an exact fraction."
    ),
    generate=_faces,
    solve=lambda p: analysis.brawl_odds(tuple(range(p["faces"])))["defender"],
    hints=(
        "Count the rolls where the attacker's colour shows on neither die.",
        "Of those, remove the rolls where the defender's colour shows on neither die either.",
    ),
    demo={"faces": 8},
)

EXERCISES = (BRAWL_BOTH_HOME, ATTACKER_GETS_IN)
