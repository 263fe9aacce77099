"""Charts of Neko-in: brawl odds and the repeated-defence count (plus the Events charts).

``figures()`` returns ``{stem: factory}``; ``python -m nekolib figures --only neko_in``
writes them into ``figures/``. Every number drawn is exact (from :mod:`.analysis`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import sympy as sp

from nekolib.charts import chart
from nekolib.neko_in import analysis
from nekolib.neko_in.analysis import (
    OUTCOMES,
    brawl_closed_form,
    brawl_odds,
    entry_attempts_distribution,
)

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

_COLOURS = {"attacker": "#c44e52", "both": "#8172b2", "defender": "#55a868"}
_LABELS = {
    "attacker": "attacker sent home",
    "both": "both sent home",
    "defender": "defender sent home (you get in)",
}


@chart("neko_in_brawl_odds")
def brawl_odds_figure() -> Figure:
    """Left: the 36-roll brawl table; right: the closed forms against the number of faces."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10, 3.8))
    left, right = fig.subplots(1, 2)
    odds = brawl_odds()
    bars = left.bar(
        [_LABELS[k].replace(" (", "\n(") for k in OUTCOMES],
        [float(odds[k]) for k in OUTCOMES],
        color=[_COLOURS[k] for k in OUTCOMES],
    )
    left.bar_label(bars, labels=[f"{int(odds[k] * 36)}/36" for k in OUTCOMES], padding=2)
    left.set_ylim(0, 0.85)
    left.set_ylabel("probability (exact)")
    left.set_title("Brawl with two 6-colour dice")
    left.tick_params(axis="x", labelsize=8)

    forms = brawl_closed_form()
    faces = list(range(3, 21))
    for key in OUTCOMES:
        values = [float(forms[key].subs(analysis.n, f)) for f in faces]
        right.plot(
            faces,
            values,
            "o-",
            ms=3,
            color=_COLOURS[key],
            label=f"{_LABELS[key]}: ${sp.latex(forms[key])}$",
        )
    right.axvline(6, color="#999", ls=":", lw=1)
    right.set_xlabel("faces per die (n)")
    right.set_ylabel("probability")
    right.set_title("Closed forms in n")
    right.legend(fontsize=7.5)
    fig.tight_layout()
    return fig


@chart("neko_in_entry_attempts")
def entry_attempts_figure() -> Figure:
    """How many brawls to enter a room whose cat is back before every attempt."""
    from matplotlib.figure import Figure

    dist = entry_attempts_distribution(6)
    ks = list(range(1, 7))
    cumulative = [float(sum(dist[:k])) for k in ks]
    fig = Figure(figsize=(6, 3.6))
    ax = fig.subplots()
    bars = ax.bar(ks, [float(p) for p in dist], color="#4c72b0", label="P(in at attempt k)")
    ax.bar_label(bars, fmt="%.3f", fontsize=8, padding=1)
    ax.plot(ks, cumulative, "o-", color="#dd8452", label="P(in within k attempts)")
    ax.set_xlabel("brawl attempt k")
    ax.set_ylabel("probability (exact)")
    ax.set_ylim(0, 1.1)
    ax.set_title("Entering a room defended again and again (mean 36/25 brawls)")
    ax.legend(fontsize=8, loc="center right")
    fig.tight_layout()
    return fig


def figures() -> dict[str, Callable[[], Figure]]:
    """Every Neko-in chart (brawls here, the Events maths from :mod:`.events_charts`)."""
    found: dict[str, Callable[[], Figure]] = {
        "neko_in_brawl_odds": brawl_odds_figure,
        "neko_in_entry_attempts": entry_attempts_figure,
    }
    try:
        from nekolib.neko_in import events_charts
    except ImportError:  # pragma: no cover - the Events charts are written separately
        return found
    found.update(events_charts.figures())
    return found
