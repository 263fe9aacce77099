"""Charts of the Neko-in Events maths (Cat Teaser, Crunchies).

``figures()`` returns ``{stem: factory}``; ``nekolib/neko_in/charts.py`` merges it
into the game's charts so ``python -m nekolib figures --only neko_in`` writes them.
Every number drawn comes from :mod:`nekolib.neko_in.events_analysis` (exact).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from nekolib.charts import chart
from nekolib.neko_in.events_analysis import (
    DiceModel,
    crunchies_success,
    teaser_rolls_distribution,
    teaser_table,
)

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

CAT_COUNTS = range(2, 7)


@chart("neko_in_cat_teaser", "6-sided faces and 2 dice")
def teaser_outcomes_figure(faces: int = 6, dice: int = 2) -> Figure:
    """Left: P(a given cat is last), P(some cat left), P(none left) vs k; right: E[rolls] ± SD."""
    from matplotlib.figure import Figure

    rows = teaser_table(max(CAT_COUNTS), min(CAT_COUNTS), faces, dice)
    ks = [r.k for r in rows]
    fig = Figure(figsize=(9.5, 3.8))
    left, right = fig.subplots(1, 2)
    width = 0.27
    series = [
        ("a given cat (e.g. mine) is last", [float(r.each_last) for r in rows], "#4c72b0"),
        ("some cat is left", [float(r.some_cat_left) for r in rows], "#55a868"),
        ("no cat is left", [float(r.none) for r in rows], "#c44e52"),
    ]
    for i, (label, values, colour) in enumerate(series):
        xs = [k + (i - 1) * width for k in ks]
        bars = left.bar(xs, values, width, label=label, color=colour)
        left.bar_label(bars, fmt="%.2f", fontsize=7, padding=1)
    left.set_xticks(ks)
    left.set_xlabel("cats gathered by the Cat Teaser (k)")
    left.set_ylabel("probability (exact)")
    left.set_ylim(0, 1.3)
    left.set_title("How the Cat Teaser ends")
    left.legend(fontsize=7.5, loc="upper center", ncol=2)

    means = [float(r.expected_rolls) for r in rows]
    sds = [math.sqrt(r.variance_rolls) for r in rows]
    right.errorbar(ks, means, yerr=sds, fmt="o-", capsize=4, color="#8172b2", label="E[rolls] ± SD")
    for k, m in zip(ks, means, strict=True):
        right.annotate(f"{m:.2f}", (k, m), textcoords="offset points", xytext=(8, -4), fontsize=8)
    right.set_xticks(ks)
    right.set_xlabel("cats gathered by the Cat Teaser (k)")
    right.set_ylabel("number of rolls")
    right.set_ylim(bottom=0)
    right.set_title("How long the Cat Teaser lasts")
    right.legend(fontsize=8, loc="upper left")
    fig.suptitle(f"Neko-in Cat Teaser with {dice} dice of {faces} colours", fontsize=11)
    fig.tight_layout()
    return fig


@chart("neko_in_cat_teaser_rolls", "at most 12 rolls, 6 faces and 2 dice")
def teaser_rolls_figure(max_rolls: int = 12, faces: int = 6, dice: int = 2) -> Figure:
    """The exact law of the number of rolls, one line per number of cats."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7, 3.8))
    ax = fig.subplots()
    for k in CAT_COUNTS:
        law = teaser_rolls_distribution(k, max_rolls, faces, dice)
        ax.plot(range(max_rolls + 1), [float(p) for p in law], "o-", ms=3.5, label=f"{k} cats")
    ax.set_xlabel("rolls until one cat (or none) remains")
    ax.set_ylabel("probability (exact)")
    ax.set_xticks(range(max_rolls + 1))
    ax.set_title("Cat Teaser: distribution of the number of rolls")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig


@chart("neko_in_crunchies", "up to 4 dice")
def crunchies_figure(max_dice: int = 4) -> Figure:
    """P(the Crunchies trap springs) for 1..max_dice dice, with 0, 1 and 2 blank faces."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6, 3.6))
    ax = fig.subplots()
    dice = range(1, max_dice + 1)
    for blanks in (0, 1, 2):
        odds = [crunchies_success("red", DiceModel.uniform(dice=d, blanks=blanks)) for d in dice]
        ax.plot(dice, [float(p) for p in odds], "o-", label=f"{6 + blanks} faces ({blanks} blank)")
    rulebook = crunchies_success()
    ax.annotate(
        f"rulebook: 2 dice, {rulebook} ≈ {float(rulebook):.3f}",
        (2, float(rulebook)),
        textcoords="offset points",
        xytext=(25, -35),
        fontsize=8,
        arrowprops={"arrowstyle": "->"},
    )
    ax.set_xticks(list(dice))
    ax.set_xlabel("dice rolled")
    ax.set_ylabel("P(own colour shows: cat to the Garden)")
    ax.set_ylim(0, 1)
    ax.set_title("Crunchies: odds that the trap springs")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig


def figures() -> dict[str, Callable[[], Figure]]:
    """Chart factories of the Events maths, keyed by file stem (prefixed ``neko_in``)."""
    return {
        "neko_in_cat_teaser": teaser_outcomes_figure,
        "neko_in_cat_teaser_rolls": teaser_rolls_figure,
        "neko_in_crunchies": crunchies_figure,
    }
