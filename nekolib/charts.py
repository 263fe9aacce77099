"""Shared figure plumbing: discover every game's charts and write them to ``figures/``.

Each game package may have a ``charts`` module with a function
``figures() -> dict[str, Callable[[], matplotlib.figure.Figure]]``; the keys
are file stems (``"neko_in_brawl_odds"``). Nothing here knows any game.

Where matplotlib is missing (the JupyterLite site: Pyodide has no matplotlib wheel on
PyPI), a chart function decorated with :func:`chart` shows the committed picture
``figures/<stem>.png`` instead and says why (:class:`CommittedFigure`).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from nekolib import game_packages
from nekolib.core import game_module
from nekolib.picture import picture_module

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

FIGURES_DIR = Path(__file__).resolve().parent.parent / "figures"
PACKAGED_FIGURES = Path(__file__).resolve().parent / "_figures"
"""Committed chart pictures shipped inside a wheel (the JupyterLite build adds them)."""

F = TypeVar("F", bound=Callable[..., Any])


def matplotlib_available() -> bool:
    """Can matplotlib be imported here? (Not in Pyodide/JupyterLite.)"""
    try:
        return importlib.util.find_spec("matplotlib") is not None
    except (ImportError, ValueError):  # a finder that refuses it, a broken half-import
        return False


def committed_picture(stem: str) -> Path | None:
    """``<stem>.png`` shipped in the package, else in the checkout's ``figures/``, else None."""
    for folder in (PACKAGED_FIGURES, FIGURES_DIR):
        path = folder / f"{stem}.png"
        if path.is_file():
            return path
    return None


class CommittedFigure:
    """The committed picture of a chart, shown where matplotlib is missing.

    It displays itself once, when made (as pyplot figures appear in a notebook even after
    ``chart();``), with a line saying why it is a stored picture; showing it again (the
    cell's value, ``display(...)``) adds nothing.
    """

    def __init__(self, stem: str, note: str = "") -> None:
        self.stem, self.note = stem, note
        self.path = committed_picture(stem)
        self._shown = False
        self._show()

    @property
    def caption(self) -> str:
        why = "matplotlib is not installed in this kernel (as in the JupyterLite site)"
        if self.path is None:
            return f"{why}, and no committed picture `figures/{self.stem}.png` was found."
        return (
            f"{why}: this is the committed picture `figures/{self.stem}.png`, drawn by "
            f"`python -m nekolib figures`{self.note}."
        )

    @property
    def alt(self) -> str:
        """Alt text: the chart's name, from its stem (``neko_in_brawl_odds``)."""
        return f"Chart: {self.stem.replace('_', ' ')} (the committed picture)"

    def png(self) -> bytes | None:
        return None if self.path is None else self.path.read_bytes()

    def _show(self) -> None:
        try:
            from IPython import get_ipython
            from IPython.display import Markdown, display
        except ImportError:  # pragma: no cover - plain Python without IPython: nothing to show
            return
        if get_ipython() is None:
            return
        self._shown = True
        display(Markdown(f"*{self.caption}*"))
        if self.path is not None:
            import base64

            from nekolib.picture import png_img_html

            png = self.png() or b""
            bundle = {
                "text/html": png_img_html(png, self.alt),  # alt text for screen readers
                "image/png": base64.b64encode(png).decode("ascii"),
                "text/plain": self.alt,
            }
            display(bundle, raw=True)

    def _ipython_display_(self) -> None:
        if not self._shown:
            self._show()

    def __repr__(self) -> str:
        return f"<CommittedFigure {self.stem}: {self.caption}>"


def show_figures_inline() -> None:
    """In IPython, show a ``matplotlib.figure.Figure`` value as a PNG, as ``%matplotlib
    inline`` would (the notebooks do not use the magic: it raises in Pyodide)."""
    try:
        from IPython import get_ipython
        from IPython.core.pylabtools import select_figure_formats
    except ImportError:  # pragma: no cover - plain Python: nothing is displayed anyway
        return
    shell = get_ipython()
    if shell is not None and not getattr(shell, "_nekolib_figures_inline", False):
        select_figure_formats(shell, {"png"}, bbox_inches="tight")
        from matplotlib.figure import Figure

        html = shell.display_formatter.formatters["text/html"]
        html.for_type(Figure, figure_html)
        shell._nekolib_figures_inline = True


def figure_alt(fig: Figure) -> str:
    """Alt text of a chart: its figure title and every axes' title and axis labels."""
    words: list[str] = []
    suptitle = getattr(fig, "_suptitle", None)
    if suptitle is not None and suptitle.get_text().strip():
        words.append(suptitle.get_text().strip())
    for ax in fig.get_axes():
        about = [ax.get_title().strip()]
        about += [
            f"{name}: {label}"
            for name, label in (("x", ax.get_xlabel()), ("y", ax.get_ylabel()))
            if label.strip()
        ]
        about = [a for a in about if a]
        if about:
            words.append("; ".join(about))
    return "Chart. " + ". ".join(" ".join(w.split()) for w in words) if words else "Chart"


def figure_html(fig: Figure) -> str | None:
    """A figure as an HTML ``<img>`` with alt text (Jupyter's own PNG ``<img>`` has none:
    axe image-alt, critical); the PNG is the one ``%matplotlib inline`` would show."""
    from IPython.core.pylabtools import print_figure

    from nekolib.picture import png_img_html

    data = print_figure(fig, "png", bbox_inches="tight")
    if data is None:
        return None
    return png_img_html(data, figure_alt(fig))


def chart(stem: str, default_args: str = "") -> Callable[[F], F]:
    """Decorate a chart function: without matplotlib it returns the :class:`CommittedFigure`
    ``stem`` instead of computing anything. ``default_args`` describes what the committed
    picture was drawn with, said when the call asked for something else."""

    def wrap(make: F) -> F:
        @functools.wraps(make)
        def chart_or_committed(*args: Any, **kwargs: Any) -> Any:
            if matplotlib_available():
                show_figures_inline()
                return make(*args, **kwargs)
            note = f" with {default_args}, not this call's arguments" if args or kwargs else ""
            return CommittedFigure(stem, note if default_args else "")

        chart_or_committed.stem = stem  # type: ignore[attr-defined]
        return chart_or_committed  # type: ignore[return-value]

    return wrap


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


def save_colour_vision(out: Path) -> list[Path]:
    """``<out>/<game>_<vision>.png``: each board picture as seen with normal colour vision,
    deuteranopia, protanopia and tritanopia (:mod:`nekolib.colour_vision`)."""
    from nekolib.colour_vision import write_figures

    pictures = {stem.removeprefix("board_"): factory() for stem, factory in board_pictures()}
    return write_figures(out, pictures)


def write_all(
    outdir: Path = FIGURES_DIR, only: str | None = None, progress: bool = True
) -> list[Path]:
    """Render every chart and board picture (or those whose stem contains ``only``)."""
    use_headless_backend()
    items: list[tuple[str, Callable[[], object], str]] = [
        (s, f, "chart") for s, f in chart_factories() if only is None or only in s
    ]
    items += [(s, f, "board") for s, f in board_pictures() if only is None or only in s]
    if only is None or only in "colour_vision":
        items.append(("colour_vision", lambda: dict(board_pictures()), "colour vision"))
    bar = _progress(items, progress)
    written: list[Path] = []
    for stem, factory, kind in bar:
        if hasattr(bar, "set_postfix_str"):
            bar.set_postfix_str(stem)
        if kind == "board":
            written += save_picture(factory(), outdir / f"{stem}.svg")
        elif kind == "colour vision":
            written += save_colour_vision(outdir / "colour_vision")
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
