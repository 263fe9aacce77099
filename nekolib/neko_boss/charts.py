"""Neko Boss figures: the boards, where 4+ stacks can form, how the state space fans out, and
who wins with perfect play after placement (from the committed solver results)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from nekolib.charts import chart
from nekolib.neko_boss.analysis import reachable, tall_frequency
from nekolib.neko_boss.boards import GRID_4X6_DIAGONAL, THREE_SQUARES, TOWN_4X6, Board, grid_board
from nekolib.neko_boss.rules import Params, random_layout
from nekolib.neko_boss.solved import PERFECT_PLAY, perfect_play, shares

if TYPE_CHECKING:  # pragma: no cover - matplotlib is imported only when a chart is drawn
    from matplotlib.figure import Figure

# perfect_play, shares and PERFECT_PLAY live in nekolib.neko_boss.solved (no matplotlib);
# they stay importable from here.
__all__ = [
    "PERFECT_PLAY",
    "draw_board",
    "figures",
    "heatmap_figure",
    "perfect_play",
    "perfect_play_figure",
    "shares",
]


def draw_board(ax, board: Board, values: Sequence[float] | None = None, cmap: str = "YlOrRd"):
    """Paths as lines, intersections as dots coloured by ``values`` (0..1) if given."""
    for line in board.lines:
        xs = [board.coords[p][0] for p in line]
        ys = [board.coords[p][1] for p in line]
        ax.plot(xs, ys, color="#8a7f6a", lw=2, zorder=1)
    xs = [x for x, _ in board.coords]
    ys = [y for _, y in board.coords]
    if values is None:
        ax.scatter(xs, ys, s=160, color="#f7f3e8", edgecolors="#333", zorder=2)
        for p, (x, y) in enumerate(board.coords):
            ax.annotate(board.labels[p], (x, y), ha="center", va="center", fontsize=7, zorder=3)
        mappable = None
    else:
        mappable = ax.scatter(
            xs, ys, s=420, c=values, cmap=cmap, vmin=0, vmax=1, edgecolors="#333", zorder=2
        )
        for p, (x, y) in enumerate(board.coords):
            ax.annotate(f"{values[p]:.0%}", (x, y), ha="center", va="center", fontsize=7, zorder=3)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.margins(0.12)
    return mappable


@chart("neko_boss_boards")
def boards_figure() -> Figure:
    """The three 24-intersection boards side by side."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(12, 4))
    for ax, board in zip(axes, (TOWN_4X6, THREE_SQUARES, GRID_4X6_DIAGONAL), strict=True):
        draw_board(ax, board)
        ax.set_title(f"{board.name}\nlongest straight move: {board.max_distance}", fontsize=10)
    fig.suptitle("Neko Boss boards with 24 intersections (town_4x6 is the default)")
    return fig


HEATMAP_SAMPLES = 200
"""Placements per board behind the heat map. With the symmetry averaging, seeds 0 and 1
differ by at most 4 (town_4x6) and 7 (three_squares) percentage points on any intersection;
the former 12 raw samples differed by up to 42 points between mirror-image intersections."""


@chart("neko_boss_tall_heatmap", f"{HEATMAP_SAMPLES} placements per board")
def heatmap_figure(
    samples: int = HEATMAP_SAMPLES, boards: Sequence[Board] = (TOWN_4X6, THREE_SQUARES)
) -> Figure:
    """Per intersection: the share of ``samples`` seeded random 2-player placements (6 + 6
    pieces) from which *some* line of play builds a 4+ stack there (every line of play
    explored, :func:`~nekolib.neko_boss.analysis.tall_frequency`), averaged over the
    board's symmetries, so mirror-image intersections get the same share."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(boards), figsize=(5.5 * len(boards), 4.8))
    fig.subplots_adjust(top=0.78)
    mappable = None
    for ax, board in zip(axes, boards, strict=True):
        pieces = min(6, board.size // 2)
        freq = tall_frequency(Params(board=board, pieces_per_player=pieces), samples)
        mappable = draw_board(ax, board, [float(f) for f in freq])
        ax.set_title(
            f"{board.name}: {pieces} + {pieces} pieces, "
            f"averaged over its {len(board.symmetries)} symmetries",
            fontsize=10,
        )
    fig.colorbar(
        mappable, ax=list(axes), shrink=0.8, label="share of placements where a 4+ stack can form"
    )
    fig.suptitle(
        "Where can a 4+ stack form? Share of "
        f"{samples} seeded random placements from which some line of play\n"
        "builds a stack of 4 or more on the intersection (symmetrised over the board)",
        fontsize=11,
    )
    return fig


@chart("neko_boss_reach_by_stacks")
def reach_by_stacks_figure() -> Figure:
    """Reachable positions by number of stacks left, 3 x 4 grid, full board, 2 players."""
    import matplotlib.pyplot as plt

    report = reachable(random_layout(Params(board=grid_board(3, 4)), random.Random(0)))
    fig, ax = plt.subplots(figsize=(7, 3.8))
    ks = list(report.by_stacks)
    ax.bar(ks, [report.by_stacks[k] for k in ks], color="#337ab7")
    ax.set_yscale("log")
    ax.set_xlabel("stacks on the board")
    ax.set_ylabel("reachable positions (log scale)")
    ax.set_title(
        f"3 x 4 grid, 6 + 6 pieces: {report.positions:,} reachable positions, "
        f"{report.terminal:,} final ones"
    )
    ax.invert_xaxis()
    return fig


_PLURAL = {"win": "wins", "draw": "draws", "loss": "losses"}


@chart("neko_boss_perfect_play", "the committed results")
def perfect_play_figure(path: Path = PERFECT_PLAY) -> Figure:
    """First player's win/draw/loss share with perfect play after placement, by who placed
    (seeded random placements, and each shipped agent placing for both seats)."""
    import matplotlib.pyplot as plt

    data = perfect_play(path)
    sources = [("random placement", data["random"])]
    sources += [(f"{name} places", rows) for name, rows in data["agents"].items() if rows]
    fig, ax = plt.subplots(figsize=(8, 0.7 * len(sources) + 1.8))
    colours = {"win": "#009E73", "draw": "#999999", "loss": "#D55E00"}
    for y, (_label, rows) in enumerate(sources):
        left, too_thin = 0.0, []
        for (name, colour), share in zip(colours.items(), shares(rows), strict=True):
            ax.barh(y, share, left=left, color=colour, label=name if y == 0 else None)
            if share >= 0.06:
                ax.text(left + share / 2, y, f"{share:.0%}", ha="center", va="center", fontsize=11)
            elif share > 0:  # too thin to label inside: its count goes beside n
                count = round(share * len(rows))
                too_thin.append(f"{count} {name if count == 1 else _PLURAL[name]}")
            left += share
        beside = f"n = {len(rows)}" + (f"\n({', '.join(too_thin)})" if too_thin else "")
        ax.text(1.01, y, beside, va="center", fontsize=10)
    ax.set_yticks(range(len(sources)), [label for label, _ in sources], fontsize=11)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of placements (value for Red, who places first and moves first)")
    ax.legend(ncols=3, loc="upper center", bbox_to_anchor=(0.5, -0.2), frameon=False)
    ax.set_title("Neko Boss solved after placement (12 + 12 pieces, default board)", fontsize=11)
    return fig


def figures() -> dict[str, Callable[[], Figure]]:
    return {
        "neko_boss_perfect_play": perfect_play_figure,
        "neko_boss_boards": boards_figure,
        "neko_boss_tall_heatmap": heatmap_figure,
        "neko_boss_reach_by_stacks": reach_by_stacks_figure,
    }
