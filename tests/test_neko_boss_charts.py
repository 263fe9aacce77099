"""Neko Boss figures: stems, and the heat-map data behind them."""

from __future__ import annotations

import random
from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")

from nekolib.neko_boss.analysis import reachable, symmetrise, tall_frequency
from nekolib.neko_boss.boards import THREE_SQUARES, TOWN_4X6, Board, grid_board
from nekolib.neko_boss.charts import HEATMAP_SAMPLES, boards_figure, figures, heatmap_figure
from nekolib.neko_boss.rules import Params, random_layout


def test_figure_stems_carry_the_game_key():
    assert set(figures()) == {
        "neko_boss_boards",
        "neko_boss_tall_heatmap",
        "neko_boss_reach_by_stacks",
        "neko_boss_perfect_play",
    }


def test_boards_and_heatmap_figures_draw_and_say_what_they_measure():
    assert len(boards_figure().axes) == 3
    small = (grid_board(2, 4), grid_board(3, 3))
    fig = heatmap_figure(samples=2, boards=small)
    assert len(fig.axes) == 3  # two boards + colour bar
    title = fig._suptitle.get_text()
    assert "Share of 2 seeded random placements" in title and "symmetrised" in title
    assert "averaged over its 8 symmetries" in fig.axes[1].get_title()
    assert HEATMAP_SAMPLES >= 200


def _raw_counts(params: Params, samples: int, seed: int) -> list[int]:
    """Independently: how many placements can build a 4+ stack on each point (full walk)."""
    counts = [0] * params.board.size
    for i in range(samples):
        for p in reachable(random_layout(params, random.Random(f"{seed}/{i}"))).tall_points:
            counts[p] += 1
    return counts


def _town_images(p: int) -> list[int]:
    """The 4 mirror images of a point of the 4 x 6 grid, from its coordinates (x 0..5, y 0..3)."""
    x, y = divmod(p, 6)[::-1]
    return [r * 6 + c for c, r in ((x, y), (5 - x, y), (x, 3 - y), (5 - x, 3 - y))]


def test_tall_frequency_raw_and_symmetrised_against_hand_counts():
    params = Params(board=TOWN_4X6, pieces_per_player=6)
    counts = _raw_counts(params, 6, 1)
    raw = tall_frequency(params, samples=6, seed=1, symmetric=False)
    assert raw == [Fraction(c, 6) for c in counts]
    sym = tall_frequency(params, samples=6, seed=1)
    assert sym == [Fraction(sum(counts[q] for q in _town_images(p)), 24) for p in range(24)]
    assert raw != sym  # the sample alone is not symmetric: the averaging did something
    assert sum(sym) == sum(raw)  # averaging over a group moves shares, never adds any


@pytest.mark.parametrize("board", [TOWN_4X6, THREE_SQUARES])
def test_heat_map_is_exactly_invariant_under_the_board_symmetries(board: Board):
    params = Params(board=board, pieces_per_player=6)
    raw = tall_frequency(params, samples=8, symmetric=False)
    sym = tall_frequency(params, samples=8)
    group = board.symmetries
    assert len(group) == {"town_4x6": 4, "three_squares": 8}[board.name]
    broken = [(p, g) for g in group for p in board.points if raw[g[p]] != raw[p]]
    assert broken  # 8 samples are not symmetric by themselves ...
    for g in group:  # ... the map drawn is, exactly (Fractions)
        assert [sym[g[p]] for p in board.points] == sym
    assert symmetrise(sym, board) == sym  # and averaging again changes nothing


def test_perfect_play_figure_reads_the_results_file(tmp_path):
    import json

    from nekolib.neko_boss.charts import PERFECT_PLAY, perfect_play, perfect_play_figure, shares

    rows = [{"value": v} for v in (1, 1, 1, 0, -1)]
    path = tmp_path / "perfect_play.json"
    path.write_text(json.dumps({"random": rows, "agents": {"greedy": rows[:2]}}))
    assert shares(rows) == (0.6, 0.2, 0.2)
    fig = perfect_play_figure(path)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert texts.count("n = 5") == 1 and "n = 2" in texts and "60%" in texts and "100%" in texts
    data = perfect_play(PERFECT_PLAY)  # the committed results agree with their own summary
    for source, got in [("random", data["random"])] + [
        (f"agent:{k}", v) for k, v in data["agents"].items()
    ]:
        summary = data["summary"][source]
        assert summary["positions"] == len(got)
        assert [summary[k] for k in ("win", "draw", "loss")] == [
            sum(1 for r in got if r["value"] == v) for v in (1, 0, -1)
        ]
        for row in got:  # a full board after placement: 12 pieces each
            assert sorted(x for x in row["layout"] if x is not None) == [0] * 12 + [1] * 12


def test_perfect_play_figure_counts_the_segments_too_thin_to_label():
    """A share under 6% has no room for its label inside the bar: its count goes beside n."""
    from nekolib.neko_boss.charts import perfect_play_figure
    from nekolib.neko_boss.solved import perfect_play

    rows = perfect_play()["random"]
    draws = sum(1 for r in rows if r["value"] == 0)
    losses = sum(1 for r in rows if r["value"] == -1)
    assert 0 < draws < 0.06 * len(rows) and 0 < losses < 0.06 * len(rows)
    texts = [t.get_text() for t in perfect_play_figure().axes[0].texts]
    draw_word = "draw" if draws == 1 else "draws"
    assert f"n = {len(rows)}\n({draws} {draw_word}, {losses} losses)" in texts
    assert "n = 12" in texts  # mcts: all wins, nothing too thin
