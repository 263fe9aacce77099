"""Positions stored in hand-out notebooks as pictures that show before anything runs.

JupyterLab does not render SVG in an untrusted notebook (one a student just opened), so
every position is stored as PNG beside the SVG: in a code cell's saved output (both
types: a trusted notebook shows the SVG, an untrusted one the PNG) or, in graded
notebooks, as a Markdown cell's attachment (no code needed to see it).
PNGs come from cairosvg (the notebook extra); without it, only the SVG is stored.
"""

from __future__ import annotations

import base64
import os
import warnings
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["PNG_SCALE", "attachment_cell", "output_bundle", "png_of", "prerender"]

PNG_SCALE = 1.25
"""Pixels per SVG unit in the stored PNG (sharp on ordinary screens, small files)."""


_CACHE: dict[str, bytes | None] = {}


def png_of(svg: str) -> bytes | None:
    """The SVG rendered to PNG bytes (cached), or ``None`` (with a warning) without cairosvg."""
    if svg not in _CACHE:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        _CACHE[svg] = _png(svg)
    return _CACHE[svg]


def _png(svg: str) -> bytes | None:
    try:
        import cairosvg
    except ImportError:
        warnings.warn(
            "cairosvg is not installed (pip install 'nekolib[notebook]'): positions are"
            " stored as SVG only, which an untrusted notebook does not show",
            stacklevel=2,
        )
        return None
    return _smaller(cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=PNG_SCALE))


def _smaller(png: bytes) -> bytes:
    """The PNG with a 64-colour palette (about 3.5 times smaller; flat pictures look the
    same), when Pillow is there (it comes with matplotlib)."""
    try:
        from PIL import Image
    except ImportError:
        return png
    import io

    image = Image.open(io.BytesIO(png)).convert("RGB")
    out = io.BytesIO()
    image.quantize(colors=64, method=Image.Quantize.FASTOCTREE).save(out, "PNG")
    return out.getvalue() if out.tell() < len(png) else png


def _render(svg: str) -> bytes | None:
    return _png(svg)


Progress = Callable[[Iterable[Any], int], Iterable[Any]]
"""Wraps an iterable of ``total`` items to show progress (e.g. a tqdm bar)."""


def prerender(
    svgs: Iterable[str], workers: int | None = None, progress: Progress | None = None
) -> int:
    """Render many SVGs to PNG on every core at once (cairosvg is the slow part of a
    build: about half a second a picture); later :func:`png_of` calls find them cached.
    ``progress(items, total)`` shows the pictures done. Returns how many were rendered."""
    todo = sorted({svg for svg in svgs if svg not in _CACHE})
    if not todo:
        return 0
    show = progress or (lambda items, total: items)
    workers = workers or os.cpu_count() or 1
    if workers == 1 or len(todo) < 4:
        results = list(show(map(_render, todo), len(todo)))
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            results = list(show(pool.map(_render, todo, chunksize=4), len(todo)))
    for svg, png in zip(todo, results, strict=True):
        _CACHE[svg] = png
    return len(todo)


def svg_text(picture: Any) -> str:
    """The SVG source of a picture (an :class:`~nekolib.picture.SVG` or a state)."""
    return str(picture._repr_svg_() if hasattr(picture, "_repr_svg_") else picture)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def output_bundle(picture: Any, label: str) -> dict[str, Any]:
    """An ``execute_result``-style output with the picture as SVG, PNG and a text label."""
    svg = svg_text(picture)
    data: dict[str, Any] = {"image/svg+xml": svg, "text/plain": f"<{label}>"}
    png = png_of(svg)
    if png is not None:
        data["image/png"] = _b64(png)
    return {"output_type": "display_data", "data": data, "metadata": {}}


def attachment_cell(picture: Any, name: str, caption: str) -> tuple[str, dict[str, Any]]:
    """Markdown source and attachments that show ``picture`` as an ``<img>``, no code run."""
    svg = svg_text(picture)
    png = png_of(svg)
    if png is not None:
        filename, bundle = f"{name}.png", {"image/png": _b64(png)}
    else:
        filename, bundle = f"{name}.svg", {"image/svg+xml": _b64(svg.encode("utf-8"))}
    return f"![{caption}](attachment:{filename})", {filename: bundle}
