"""Manekinecollection figures (``python -m nekolib figures --only manekinecollection``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nekolib.charts import chart
from nekolib.manekinecollection.analysis import (
    class_counts_exact,
    class_counts_over_bag,
    frequency_rows,
    strength_spread,
)
from nekolib.manekinecollection.rules import HAND_CLASSES

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

__all__ = ["figures", "hand_class_chart", "strength_spread_chart"]


@chart("manekinecollection_hand_classes")
def hand_class_chart() -> Figure:
    """Exact probability of each hand class: pieces of one colour, of two, drawn from the bag."""
    import matplotlib.pyplot as plt

    cases = {
        "pieces of one colour (e.g. red + red)": class_counts_exact(("red", "red")),
        "pieces of two colours (e.g. red + blue)": class_counts_exact(("red", "blue")),
        "two pieces drawn from the full bag": class_counts_over_bag(),
    }
    hands = list(reversed(HAND_CLASSES))
    fig, ax = plt.subplots(figsize=(8, 4.8))
    height = 0.26
    for i, (label, counts) in enumerate(cases.items()):
        probs = [float(r.probability) for r in frequency_rows(counts)]
        ys = [y + (i - 1) * height for y in range(len(hands))]
        bars = ax.barh(ys, probs, height=height, label=label)
        for bar, p in zip(bars, probs, strict=True):
            text = "impossible" if p == 0 else f"{p:.2%}" if p < 0.01 else f"{p:.1%}"
            ax.text(
                bar.get_width() + 0.005,
                bar.get_y() + height / 2,
                text,
                va="center",
                fontsize=7,
            )
    ax.set_yticks(range(len(hands)), hands)
    ax.invert_yaxis()
    ax.set_xlim(0, 0.62)
    ax.set_xlabel("probability (exact, 3 cards from the full 72-card deck)")
    ax.set_title("Manekinecollection: hand class of 2 kotatsu pieces + 3 random cards")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    return fig


@chart("manekinecollection_strength_spread")
def strength_spread_chart() -> Figure:
    """How much the icons matter: share of random hands a hand of each class beats."""
    import matplotlib.pyplot as plt

    cases = {"pieces red + blue": ("red", "blue"), "pieces red + red": ("red", "red")}
    fig, ax = plt.subplots(figsize=(8, 4.2))
    for i, (label, pieces) in enumerate(cases.items()):
        spread = strength_spread(pieces)
        hands = [h for h in reversed(HAND_CLASSES) if h in spread]
        ys = [list(reversed(HAND_CLASSES)).index(h) + (i - 0.5) * 0.3 for h in hands]
        lows = [float(spread[h][0]) for h in hands]
        means = [float(spread[h][1]) for h in hands]
        highs = [float(spread[h][2]) for h in hands]
        ax.hlines(ys, lows, highs, color=f"C{i}", linewidth=4, alpha=0.6, label=label)
        ax.plot(means, ys, "o", color=f"C{i}", markersize=5)
    ax.set_yticks(range(len(HAND_CLASSES)), list(reversed(HAND_CLASSES)))
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of random 3-card hands (same pieces) that are strictly weaker")
    ax.set_title("Icons matter: weakest to strongest hand of each class (dot: average)")
    ax.legend(loc="upper left", fontsize=8)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    return fig


def figures() -> dict[str, Callable[[], Figure]]:
    return {
        "manekinecollection_hand_classes": hand_class_chart,
        "manekinecollection_strength_spread": strength_spread_chart,
    }
