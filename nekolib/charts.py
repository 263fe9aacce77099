"""Shared figure plumbing: discover every game's charts and write them to ``figures/``.

Each game package may have a ``charts`` module with a function
``figures() -> dict[str, Callable[[], matplotlib.figure.Figure]]``; the keys
are file stems (``"neko_in_brawl_odds"``). Nothing here knows any game.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from nekolib import game_packages
from nekolib.core import game_module
from nekolib.picture import picture_module

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

FIGURES_DIR = Path(__file__).resolve().parent.parent / "figures"


def use_headless_backend() -> None:
    """Select Agg unless a backend is already active (notebooks keep their inline one)."""
    import matplotlib

    if "matplotlib.pyplot" not in sys.modules:
        matplotlib.use("Agg")


EXTRA_CHART_MODULES: tuple[str, ...] = ("nekolib.lab.charts",)
"""Modules other than games' whose ``figures()`` also go into ``figures/`` (same contract)."""


def chart_factories() -> Iterator[tuple[str, Callable[[], Figure]]]:
    """``(stem, factory)`` for every chart of every game package (then of
    :data:`EXTRA_CHART_MODULES`), in a stable order."""
    for name in game_packages():
        module = game_module(f"nekolib.{name}", "charts")
        if module is not None:
            yield from sorted(module.figures().items())
    for name in EXTRA_CHART_MODULES:
        yield from sorted(importlib.import_module(name).figures().items())


def save_figure(fig: Figure, path: Path) -> Path:
    """Save ``fig`` as a PNG without a timestamp or version stamp (re-runs are byte-identical)."""
    import matplotlib.pyplot as plt

    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    return path


def board_pictures() -> Iterator[tuple[str, Callable[[], str]]]:
    """``("board_<game>", factory)`` for every game whose picture module has ``example_view``."""
    for name in game_packages():
        module = picture_module(f"nekolib.{name}")
        if module is not None and hasattr(module, "example_view"):
            yield f"board_{name}", lambda m=module: str(m.svg(m.example_view()))


def save_picture(svg: str, path: Path) -> list[Path]:
    """Write ``path`` (``.svg``) and the same picture as a PNG beside it (via cairosvg)."""
    import cairosvg

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(svg, encoding="utf-8")
    png = path.with_suffix(".png")
    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(png), scale=1.5)
    return [path, png]


def write_all(
    outdir: Path = FIGURES_DIR, only: str | None = None, progress: bool = True
) -> list[Path]:
    """Render every chart and board picture (or those whose stem contains ``only``)."""
    use_headless_backend()
    items: list[tuple[str, Callable[[], object], str]] = [
        (s, f, "chart") for s, f in chart_factories() if only is None or only in s
    ]
    items += [(s, f, "board") for s, f in board_pictures() if only is None or only in s]
    bar = _progress(items, progress)
    written: list[Path] = []
    for stem, factory, kind in bar:
        if hasattr(bar, "set_postfix_str"):
            bar.set_postfix_str(stem)
        if kind == "board":
            written += save_picture(factory(), outdir / f"{stem}.svg")
        else:
            written.append(save_figure(factory(), outdir / f"{stem}.png"))
    return written


def _progress(items: list, enabled: bool):
    if not enabled:
        return items
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a notebook-extra dependency
        return items
    return tqdm(items, desc="figures", unit="figure")
