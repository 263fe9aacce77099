"""Neko Boss figures: stems, and the heat-map data behind them."""

from __future__ import annotations

from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

from nekolib.neko_boss.analysis import reachable, tall_frequency
from nekolib.neko_boss.boards import grid_board
from nekolib.neko_boss.charts import boards_figure, figures, heatmap_figure
from nekolib.neko_boss.rules import Params, random_layout


def test_figure_stems_carry_the_game_key():
    assert set(figures()) == {
        "neko_boss_boards",
        "neko_boss_tall_heatmap",
        "neko_boss_reach_by_stacks",
    }


def test_boards_and_heatmap_figures_draw():
    assert len(boards_figure().axes) == 3
    small = (grid_board(2, 4), grid_board(3, 3))
    fig = heatmap_figure(samples=2, boards=small)
    assert len(fig.axes) == 3  # two boards + colour bar


def test_tall_frequency_is_the_share_of_placements_with_a_reachable_4_stack():
    import random

    params = Params(board=grid_board(2, 4))
    freq = tall_frequency(params, samples=5, seed=1)
    counts = [0] * 8
    for i in range(5):
        report = reachable(random_layout(params, random.Random(f"1/{i}")))
        for p in report.tall_points:
            counts[p] += 1
    assert freq == [Fraction(c, 5) for c in counts]
    assert all(0 <= f <= 1 for f in freq)
