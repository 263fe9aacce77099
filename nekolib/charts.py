"""Shared figure plumbing: discover every game's charts and write them to ``figures/``.

Each game package may have a ``charts`` module with a function
``figures() -> dict[str, Callable[[], matplotlib.figure.Figure]]``; the keys
are file stems (``"neko_in_brawl_odds"``). Nothing here knows any game.

Where matplotlib is missing (the JupyterLite site: Pyodide has no matplotlib wheel on
PyPI), a chart function decorated with :func:`chart` shows the committed picture
``figures/<stem>.png`` instead and says why (:class:`CommittedFigure`), with the alt text
the drawn chart had (:func:`figure_alt`, kept in the PNG's ``Description`` text chunk).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import struct
import sys
import zlib
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
        """Alt text: the drawn chart's (:func:`figure_alt`, saved in the PNG by
        :func:`save_figure`), else the chart's name from its stem (``neko_in_brawl_odds``)."""
        saved = png_text(self.png() or b"").get(ALT_KEY, "").strip()
        if saved:
            return f"{saved} (the committed picture)"
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
    if shell is None:
        return
    from matplotlib.figure import Figure

    html = shell.display_formatter.formatters["text/html"]
    # Checked every time: the inline backend, set up when pyplot is first imported, takes
    # every formatter's Figure printer away (IPython's select_figure_formats), ours too.
    if html.type_printers.get(Figure) is not figure_html:
        select_figure_formats(shell, {"png"}, bbox_inches="tight")
        html.for_type(Figure, figure_html)


def _num(value: Any) -> str:
    return f"{float(value):.3g}"


def _bars(ax: Any) -> list[str]:
    """Each bar series of ``ax`` as ``"label: a 0.5, b 0.25, ..."`` (at most 12 bars each),
    a bar named by the tick label under (or beside) it."""
    out = []
    containers = [c for c in getattr(ax, "containers", []) if getattr(c, "patches", None)]
    named = {}  # a series drawn in parts is named by the part in the legend of its colour
    for container in containers:
        label = container.get_label()
        if label and not label.startswith("_"):
            named.setdefault(tuple(container.patches[0].get_facecolor()), label)
    for container in containers:
        patches = container.patches
        flat = getattr(container, "orientation", "vertical") == "horizontal"
        ticks = ax.get_yticks() if flat else ax.get_xticks()
        names = [t.get_text() for t in (ax.get_yticklabels() if flat else ax.get_xticklabels())]
        values = []
        for patch in patches[:12]:
            centre = (
                patch.get_y() + patch.get_height() / 2
                if flat
                else patch.get_x() + patch.get_width() / 2
            )
            size = patch.get_width() if flat else patch.get_height()
            near = [n for t, n in zip(ticks, names, strict=False) if abs(t - centre) < 0.5 and n]
            values.append(f"{near[0]} {_num(size)}" if near else _num(size))
        more = f" and {len(patches) - 12} more" if len(patches) > 12 else ""
        label = container.get_label()
        if not label or label.startswith("_"):
            label = named.get(tuple(patches[0].get_facecolor()), "")
        head = f"{label}: " if label else "bars: "
        out.append(head + ", ".join(values) + more)
    return out


def _series(ax: Any) -> list[str]:
    """Named lines (first, last, lowest and highest value), images and coloured marks (the
    range of their values) of ``ax``; unnamed lines (drawn streets, guides) say nothing."""
    out = []
    for line in ax.get_lines():
        label = line.get_label()
        ys = [float(y) for y in line.get_ydata()]
        if len(ys) < 2 or not label or label.startswith("_"):
            continue
        out.append(
            f"{label}: {len(ys)} points from {_num(ys[0])} to {_num(ys[-1])}"
            f" (lowest {_num(min(ys))}, highest {_num(max(ys))})"
        )
    for image in ax.get_images():
        data = image.get_array()
        if data is not None and data.size:
            rows, cols = data.shape[:2]
            low, high = _num(data.min()), _num(data.max())
            out.append(f"a {rows} by {cols} grid of values from {low} to {high}")
    ticks, names = ax.get_yticks(), [t.get_text() for t in ax.get_yticklabels()]
    for marks in ax.collections:
        label = marks.get_label()
        segments = getattr(marks, "get_segments", lambda: [])()
        if segments and label and not label.startswith("_"):  # ranges (hlines) per row
            spans = []
            for seg in segments[:12]:
                (x0, y0), (x1, _) = seg[0], seg[-1]
                near = [n for t, n in zip(ticks, names, strict=False) if abs(t - y0) < 0.5 and n]
                spans.append(f"{near[0] + ' ' if near else ''}{_num(x0)} to {_num(x1)}")
            out.append(f"{label}: " + ", ".join(spans))
            continue
        data = marks.get_array()
        if data is not None and data.size:
            low, high = _num(data.min()), _num(data.max())
            out.append(f"{data.size} marks coloured by value, from {low} to {high}")
    return out


def figure_alt(fig: Figure) -> str:
    """Alt text of a chart from its own data: its figure title, then for every axes its
    title, axis labels and what it shows (bars with their values, lines and grids with
    their ranges)."""
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
        about += _bars(ax) + _series(ax)
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


ALT_KEY = "Description"
"""The PNG text keyword that holds a committed chart's alt text (PNG spec, 11.3.4.2)."""


def png_text(png: bytes) -> dict[str, str]:
    """The text chunks (``tEXt``, ``zTXt``, ``iTXt``) of a PNG as ``{keyword: text}``; standard
    library only (it runs in Pyodide); ``{}`` for anything that is not a PNG."""
    found: dict[str, str] = {}
    if not png.startswith(b"\x89PNG\r\n\x1a\n"):
        return found
    at = 8
    while at + 8 <= len(png):
        length, kind = struct.unpack(">I4s", png[at : at + 8])
        body = png[at + 8 : at + 8 + length]
        at += 12 + length
        try:
            if kind == b"tEXt":
                key, _, text = body.partition(b"\0")
                found[key.decode("latin-1")] = text.decode("latin-1")
            elif kind == b"zTXt":
                key, _, rest = body.partition(b"\0")
                found[key.decode("latin-1")] = zlib.decompress(rest[1:]).decode("latin-1")
            elif kind == b"iTXt":
                key, _, rest = body.partition(b"\0")
                packed, rest = rest[0], rest[2:]
                rest = rest.split(b"\0", 2)[2]  # language tag, translated keyword
                text = zlib.decompress(rest) if packed else rest
                found[key.decode("latin-1")] = text.decode("utf-8")
            elif kind == b"IEND":
                break
        except (ValueError, IndexError, zlib.error):
            continue  # a damaged text chunk says nothing
    return found


class FigureImage:
    """A figure as a notebook picture with its alt text (:func:`figure_alt`): an HTML ``<img>``
    (Jupyter's own PNG ``<img>`` has none: axe image-alt, critical), the PNG, and the alt
    text as the plain-text form. For figures made without pyplot, which have no notebook
    display of their own (``display(FigureImage(fig))`` or a cell's value)."""

    def __init__(self, fig: Figure, dpi: int = 90) -> None:
        import io

        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
        self.png, self.alt = buffer.getvalue(), figure_alt(fig)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        import base64

        from nekolib.picture import png_img_html

        return {
            "text/html": png_img_html(self.png, self.alt),
            "image/png": base64.b64encode(self.png).decode("ascii"),
            "text/plain": self.alt,
        }


def chart(stem: str, default_args: str = "") -> Callable[[F], F]:
    """Decorate a chart function: without matplotlib it returns the :class:`CommittedFigure`
    ``stem`` instead of computing anything. ``default_args`` describes what the committed
    picture was drawn with, said when the call asked for something else."""

    def wrap(make: F) -> F:
        @functools.wraps(make)
        def chart_or_committed(*args: Any, **kwargs: Any) -> Any:
            if matplotlib_available():
                fig = make(*args, **kwargs)
                show_figures_inline()  # after make(): pyplot is imported by then
                return _released(fig)
            note = f" with {default_args}, not this call's arguments" if args or kwargs else ""
            return CommittedFigure(stem, note if default_args else "")

        chart_or_committed.stem = stem  # type: ignore[attr-defined]
        return chart_or_committed  # type: ignore[return-value]

    return wrap


def _released(fig: Any) -> Any:
    """``fig`` let go by pyplot (closed, still drawable): Jupyter's inline backend would show
    every open pyplot figure once more at the end of the cell, as a PNG with no alt text;
    the figure shows (with its alt text, :func:`figure_html`) where it is the cell's value
    or ``display``-ed."""
    if "matplotlib.pyplot" in sys.modules:
        import matplotlib.pyplot as plt
        from matplotlib.figure import Figure

        if isinstance(fig, Figure):
            plt.close(fig)
    return fig


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
    """Save ``fig`` as a PNG without a timestamp or version stamp (re-runs are byte-identical),
    its alt text (:func:`figure_alt`) in the ``Description`` text chunk."""
    import matplotlib.pyplot as plt

    path.parent.mkdir(parents=True, exist_ok=True)
    metadata = {"Software": None, ALT_KEY: figure_alt(fig)}
    fig.savefig(path, dpi=110, bbox_inches="tight", metadata=metadata)
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
