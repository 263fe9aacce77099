"""The committed chart pictures (``figures/<stem>.png``, the JupyterLite site's fallback where
matplotlib is missing) carry the alt text of the chart as drawn (issue 39).

:func:`nekolib.charts.save_figure` writes :func:`nekolib.charts.figure_alt` into the PNG's
``Description`` text chunk; :class:`nekolib.charts.CommittedFigure` reads it back with the
standard library only (:func:`nekolib.charts.png_text`), so the Lite site's ``<img>`` says
what the live chart's says.
"""

from __future__ import annotations

import io
import re

import pytest

from nekolib import charts as shared_charts
from nekolib.charts import (
    FIGURES_DIR,
    CommittedFigure,
    chart_factories,
    figure_alt,
    png_text,
    use_headless_backend,
)

GAME_CHARTS = [s for s, _ in chart_factories() if "_lab_" not in s]


def test_png_text_reads_plain_compressed_and_international_chunks():
    from PIL import Image, PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text("Description", "Chart. bars: a 0.5")
    info.add_text("Title", "x " * 300, zip=True)
    info.add_itxt("Comment", "≥ 3:1 · ünïcode", zip=True)
    out = io.BytesIO()
    Image.new("RGB", (2, 2)).save(out, "PNG", pnginfo=info)
    found = png_text(out.getvalue())
    assert found == {
        "Description": "Chart. bars: a 0.5",
        "Title": "x " * 300,
        "Comment": "≥ 3:1 · ünïcode",
    }
    assert png_text(b"GIF89a") == {} and png_text(out.getvalue()[:40]) == {}


def test_every_committed_game_chart_has_its_alt_text():
    assert len(GAME_CHARTS) >= 10
    for stem in GAME_CHARTS:
        saved = png_text((FIGURES_DIR / f"{stem}.png").read_bytes()).get("Description", "")
        assert saved.startswith("Chart. ") and len(saved) > 60, (stem, saved)
        assert re.search(r"\d", saved), (stem, saved)  # it says the chart's numbers


def test_the_fallback_says_what_the_drawn_chart_says(monkeypatch):
    from nekolib.neko_in import charts

    use_headless_backend()
    drawn = figure_alt(charts.brawl_odds_figure())
    monkeypatch.setattr(shared_charts, "matplotlib_available", lambda: False)
    committed = charts.brawl_odds_figure()
    assert isinstance(committed, CommittedFigure)
    assert committed.alt == f"{drawn} (the committed picture)"
    assert "attacker sent home 0.25" in committed.alt  # the chart's own numbers


def test_a_picture_without_alt_text_is_named_by_its_stem(tmp_path, monkeypatch):
    from PIL import Image

    Image.new("RGB", (2, 2)).save(tmp_path / "neko_in_old_chart.png")
    monkeypatch.setattr(shared_charts, "PACKAGED_FIGURES", tmp_path)
    fig = CommittedFigure("neko_in_old_chart")
    assert fig.alt == "Chart: neko in old chart (the committed picture)"


@pytest.mark.slow
@pytest.mark.parametrize("stem", GAME_CHARTS)
def test_each_committed_alt_text_is_the_drawn_charts(stem):
    """Redrawn now, each chart's alt text is the one in its committed picture (17 s in all):
    a chart changed without ``python -m nekolib figures`` fails here."""
    use_headless_backend()
    make = dict(chart_factories())[stem]
    saved = png_text((FIGURES_DIR / f"{stem}.png").read_bytes()).get("Description")
    assert saved == figure_alt(make())


def test_a_figure_image_shows_its_alt_text():
    """``FigureImage``: for figures made without pyplot (the balance-lab notebook's)."""
    from matplotlib.figure import Figure

    from nekolib.charts import FigureImage

    fig = Figure()
    ax = fig.add_subplot()
    ax.bar(["red", "blue"], [0.5, 0.25], label="wins")
    ax.set_title("Seats")
    shown = FigureImage(fig)._repr_mimebundle_()
    assert shown["text/plain"] == "Chart. Seats; wins: red 0.5, blue 0.25"
    assert 'alt="Chart. Seats; wins: red 0.5, blue 0.25"' in shown["text/html"]
    assert shown["image/png"].startswith("iVBORw0KGgo")  # base64 of a PNG signature
