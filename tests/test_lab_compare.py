"""The comparison page answers the designer's questions from the committed runs, recomputed
here with scipy/statsmodels: the Manekinecollection handicap, the Neko Boss board ranking and
the default board pooled over every run that played it."""

from __future__ import annotations

import itertools

import pytest

from nekolib.lab import RESULTS_DIR, read_rows
from nekolib.lab.compare import difference_interval, seat_name
from nekolib.lab.report import report_text

stats = pytest.importorskip("scipy.stats")
proportion = pytest.importorskip("statsmodels.stats.proportion")


def _wilson(k, n):
    return proportion.proportion_confint(k, n, method="wilson")


def test_seats_are_named_by_turn_order():
    assert seat_name(0) == "seat 1 (first to play)" and seat_name(1) == "seat 2"
    assert seat_name(1, first=1) == "seat 2 (first to play)"


def test_newcombe_interval_matches_statsmodels():
    low, high = difference_interval(801, 996, 425, 998)
    ref = proportion.confint_proportions_2indep(801, 996, 425, 998, method="newcomb")
    assert (low, high) == pytest.approx(ref, abs=1e-9)


def test_the_handicap_answer_is_the_games_own():
    _, rows = read_rows(RESULTS_DIR / "manekinecollection_handicap.jsonl")
    text = report_text("manekinecollection")
    for sizes, verdict in (
        ([3, 3], "the second mover is ahead"),
        ([3, 2], "the first mover is ahead"),
    ):
        mine = [r for r in rows if r["point"]["hand_sizes"] == sizes]
        won = sum(r["winners"] == [r["point"]["first_player"]] for r in mine)
        lost = sum(r["winners"] == [1 - r["point"]["first_player"]] for r in mine)
        low, high = _wilson(won, won + lost)
        assert stats.binomtest(won, won + lost).pvalue < 0.001
        said = f"{verdict}: the first mover wins {won / (won + lost):.3f} [{low:.3f}, {high:.3f}]"
        assert said in text
    assert "with second mover 2 cards (hand_sizes=3,2) the first mover is ahead" in text


def test_the_board_ranking_and_the_default_board_pooled():
    _, rows = read_rows(RESULTS_DIR / "neko_boss_board_ranking.jsonl")
    text = report_text("neko_boss")
    edges = {}
    for board in {r["point"]["board"] for r in rows}:
        mine = [r for r in rows if r["point"]["board"] == board]
        w = sum(r["winners"] == [0] for r in mine)
        lost = sum(r["winners"] == [1] for r in mine)
        edges[board] = (abs(w / (w + lost) - 0.5), w, lost)
    best = min(edges, key=lambda b: edges[b][0])
    _, w, lost = edges[best]
    low, high = _wilson(w, w + lost)
    assert best == "grid_3x4"
    assert (
        f"the most balanced is grid_3x4: the first player wins {w / (w + lost):.3f} "
        f"[{low:.3f}, {high:.3f}]"
    ) in text
    pooled = []  # the default board (town_4x6), greedy self-play, in three runs
    for stem, board in (("neko_boss_board_ranking", "town_4x6"), ("neko_boss_boards", "town_4x6"),
                        ("neko_boss_seats", None)):  # fmt: skip
        _, mine = read_rows(RESULTS_DIR / f"{stem}.jsonl")
        mine = [r for r in mine if r["players"] == 2 and r["point"].get("board", board) == board]
        pooled.append(
            [sum(r["winners"] == [0] for r in mine), sum(r["winners"] == [1] for r in mine)]
        )
    w, lost = sum(x[0] for x in pooled), sum(x[1] for x in pooled)
    low, high = _wilson(w, w + lost)
    p = stats.chi2_contingency(pooled, correction=False).pvalue
    line = next(x for x in text.splitlines() if x.startswith("| greedy in both seats, town_4x6"))
    assert f"| {w / (w + lost):.3f} [{low:.3f}, {high:.3f}] | yes: 2 df, p {p:.3f} |" in line


def test_the_report_charts_labels_never_overlap():
    """Seven boards side by side: every category's label stays clear of its neighbours'."""
    pytest.importorskip("matplotlib")
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from nekolib.lab.report import report_figure

    fig = report_figure("neko_boss")
    FigureCanvasAgg(fig).draw()
    renderer = fig.canvas.get_renderer()
    widest = 0
    for ax in fig.axes:
        boxes = [t.get_window_extent(renderer) for t in ax.get_xticklabels() if t.get_text()]
        widest = max(widest, len(boxes))
        for left, right in itertools.pairwise(boxes):
            assert left.x1 < right.x0, (left, right)
        legend = ax.get_legend().get_texts()[0].get_text()
        assert legend.startswith("seat 1")
    assert widest == 7  # the board ranking's panel
    assert any("values differ" in ax.get_title() for ax in fig.axes)  # the sweep's own test
