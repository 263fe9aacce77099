"""One seat convention everywhere a user reads: seats named by turn order from 1.

Read back from the outputs themselves (``lab summary``'s tables, ``lab report``'s text,
``lab export``'s CSV, the charts' titles, legends and tick labels): every seat they name is
one of ``seat 1 .. seat N`` and they name the same seats.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "results"

pytest.importorskip("matplotlib")


def _seat_column(text: str) -> dict[int, set[int]]:
    """Per player count, the numbers in the ``seat`` column of the summary's seat table."""
    out: dict[int, set[int]] = {}
    for block in text.split("\n\n"):
        lines = [x for x in block.splitlines() if x.startswith("|")]
        if not lines:
            continue
        head = [c.strip() for c in lines[0].strip("|").split("|")]
        if "seat" not in head:
            continue
        for line in lines[2:]:
            cells = [c.strip() for c in line.strip("|").split("|")]
            row = dict(zip(head, cells, strict=True))
            out.setdefault(int(row["players"]), set()).add(int(row["seat"]))
    return out


def _named(text: str) -> set[int]:
    """Every ``seat N`` a text names (not ``one seat 8.6 points above fair``)."""
    return {int(n) for n in re.findall(r"\bseat (\d+)(?!\.\d|\d)", text, flags=re.IGNORECASE)}


def _figure_text(fig) -> str:
    """Every string a chart shows: titles, legends, tick labels, axis labels."""
    parts = [fig._suptitle.get_text() if fig._suptitle else ""]
    for ax in fig.axes:
        parts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        parts += [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
        legend = ax.get_legend()
        if legend is not None:
            parts += [t.get_text() for t in legend.get_texts()]
    return "\n".join(parts)


def _legend(fig) -> list[str]:
    return [t.get_text() for ax in fig.axes if ax.get_legend() for t in ax.get_legend().get_texts()]


def test_summary_report_export_and_charts_name_the_same_seats_from_1(tmp_path):
    from nekolib.lab.charts import seats_figure, sweep_figure
    from nekolib.lab.cli import _export, summary_text
    from nekolib.lab.report import report_figure, report_text
    from nekolib.lab.store import read_rows

    # Neko-in, 3-6 players, one agent: the summary's seat column is 1..N for every count
    path = RESULTS / "neko_in_seats.jsonl"
    summary = summary_text(path)
    seats = _seat_column(summary)
    assert seats == {n: set(range(1, n + 1)) for n in (3, 4, 5, 6)}
    assert "seat 0" not in summary.lower() and "seat0" not in summary
    fig = seats_figure(*read_rows(path))
    legend = _legend(fig)
    assert legend[0] == "seat 1 (first to play)"
    assert {int(x.split()[1]) for x in legend} == set(range(1, 7)) == seats[6]
    assert not re.search(r"seat 0\b", _figure_text(fig))

    # The report names seats 1..N and nothing else, as its chart's legend does
    report = report_text("neko_in", RESULTS)
    assert _named(report) <= set(range(1, 7)) and 1 in _named(report)
    assert "seat 0" not in report and "index 0" not in report
    chart = report_figure("neko_in", RESULTS)
    assert "seat 1 (first to play)" in _legend(chart)
    assert _named(_figure_text(chart)) <= set(range(1, 7))

    # A 2-player sweep whose first mover changes (Manekinecollection's handicap): the sweep
    # test the summary prints is the one the chart's title and the report state
    path = RESULTS / "manekinecollection_handicap.jsonl"
    summary = summary_text(path)
    assert _seat_column(summary) == {2: {1, 2}}
    assert "seat 1 W vs L (decisive games)" in summary and "seat1_low" in summary
    assert "exact binomial (seat 1 W vs L)" in summary
    assert "seat 0" not in summary.lower() and "seat0" not in summary
    sweep = sweep_figure(*read_rows(path))
    text = _figure_text(sweep)
    assert "seat 1 W vs L (decisive games)" in text and _named(text) == {1, 2}
    assert [x for x in _legend(sweep) if x.startswith("seat")] == ["seat 1", "seat 2"]
    report = report_text("manekinecollection", RESULTS)
    assert "seat 1 W vs L (decisive games)" in report
    assert _named(report) <= {1, 2, 3, 4} and "seat 0" not in report
    assert "index 0" not in report
    chart = report_figure("manekinecollection", RESULTS)
    assert "seat 1's W vs L" in _figure_text(chart) and "seat 0" not in _figure_text(chart)

    # lab export: the winner column counts seats from 1 too
    out = tmp_path / "rows.csv"
    _export(path, out)
    table = list(csv.DictReader(io.StringIO(out.read_text())))
    _, rows = read_rows(path)
    first = next(r for r in rows if len(r["winners"]) == 1)
    assert table[[int(t["index"]) for t in table].index(first["index"])]["winner"] == str(
        first["winners"][0] + 1
    )
    assert {t["winner"] for t in table} <= {"1", "2", "tie"}
