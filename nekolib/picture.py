"""Shared drawing kit for the games' pictures: an SVG string type, a palette, small builders.

Every game has a ``nekolib/<game>/picture.py`` with three pure functions of a
**view** (``state.view(player)``, never the full state, so no secret can leak):

* ``svg(view) -> SVG``: the game drawn as the box looks (an :class:`SVG` string,
  which Jupyter displays as a picture),
* ``text(view) -> str``: a compact text picture (at most 25 lines), used by ``str(state)``,
* ``summary(view) -> str``: one short line, used by ``repr(state)``,

and ``example_view() -> dict``: a typical mid-game position, for figures and the README.
:class:`nekolib.core.GameState` finds the module by convention (next to the rules),
so a new game adds a file and edits nothing shared. Only the standard library is used.

Player colours are the Okabe-Ito colour-blind-safe palette; each seat also has a
letter and a marker shape, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from types import ModuleType
from typing import Any

from nekolib.core import game_module, game_package
from nekolib.svg import SVG, img_html, svg_label

__all__ = [
    "BACKGROUND",
    "FONT",
    "INK",
    "MUTED",
    "PLAYER_COLOURS",
    "PLAYER_LETTERS",
    "PLAYER_NAMES",
    "SVG",
    "contrast_ratio",
    "document",
    "el",
    "element_ids",
    "group",
    "img_html",
    "ink_on",
    "picture_module",
    "player_marker",
    "png_img_html",
    "svg_label",
    "text",
]

# Okabe & Ito (2008), "Color Universal Design": distinguishable with every common colour deficiency.
PLAYER_COLOURS: tuple[str, ...] = ("#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7", "#56B4E9")
PLAYER_NAMES: tuple[str, ...] = ("Red", "Blue", "Green", "Orange", "Pink", "Sky")
PLAYER_LETTERS: tuple[str, ...] = tuple(n[0] for n in PLAYER_NAMES)
PLAYER_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon")

BACKGROUND = "#fbf7ee"
"""Explicit paper colour: pictures read the same in light and dark JupyterLab themes."""
INK = "#2b2b2b"
MUTED = "#6b6357"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
MIN_FONT_PX = 11
"""Smallest text size any picture uses (legible at 100 % zoom)."""
NARROW_WIDTH = 284
"""Width of every narrow layout: its 11 px text is 12 px or more on a board 310 px wide or
wider (the board shows it at its full width, up to :data:`NARROW_MAX_PX`). On a phone the
board takes the whole width of the notebook (``board.css``): 312 px in JupyterLab at 390
(its side bars stay), 320 in Voila at 320, 336 in JupyterLab on a tablet with the file
browser open."""
NARROW_MAX_PX = 560
"""Widest a narrow layout is shown (CSS px; ``nekolib/widgets/static/board.css``)."""
BOARD_ZOOM = 12 / MIN_FONT_PX
"""The clickable board shows a wide picture at this zoom (where it has the room), so that
its smallest text (:data:`MIN_FONT_PX`) is 12 CSS px."""


def is_narrow(width: float | None, wide: float) -> bool:
    """A board ``width`` CSS px wide (0 or ``None``: not measured yet) takes the narrow layout
    when the ``wide`` picture at :data:`BOARD_ZOOM` does not fit (its text would be under
    12 px)."""
    return bool(width) and float(width) < wide * BOARD_ZOOM


def svg_width(svg: str) -> float:
    """The ``width`` attribute of the picture's outer ``<svg>`` (0 if it has none)."""
    import re

    found = re.search(r'<svg[^>]*?\swidth="([0-9.]+)"', svg)
    return float(found.group(1)) if found else 0.0


def _attrs(attrs: Mapping[str, Any]) -> str:
    """``{'class_': 'a', 'stroke_width': 2}`` -> `` class="a" stroke-width="2"`` (escaped)."""
    out = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = f"{value:.1f}".rstrip("0").rstrip(".")
        out.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(out)


def el(tag: str, *children: str, **attrs: Any) -> str:
    """One SVG element: ``el('circle', cx=3, cy=4, r=2, class_='cat')``.

    Keyword names lose a trailing ``_`` and turn ``_`` into ``-`` (``stroke_width``).
    Children are already-built markup strings.
    """
    body = "".join(children)
    if body:
        return f"<{tag}{_attrs(attrs)}>{body}</{tag}>"
    return f"<{tag}{_attrs(attrs)}/>"


def text(x: float, y: float, words: str, size: float = 12, **attrs: Any) -> str:
    """A ``<text>`` element with escaped content; ``size`` is at least :data:`MIN_FONT_PX`."""
    attrs.setdefault("fill", INK)
    return el(
        "text",
        escape(str(words)),
        x=float(x),
        y=float(y),
        font_size=max(size, MIN_FONT_PX),
        **attrs,
    )


def wrap(words: str, chars: int) -> list[str]:
    """``words`` broken at spaces into lines of at most ``chars`` characters (narrow layouts)."""
    import textwrap

    return textwrap.wrap(str(words), chars, break_long_words=False) or [""]


def text_lines(
    x: float, y: float, lines: Iterable[str], size: float = 12, step: float = 0, **attrs: Any
) -> str:
    """One ``<text>`` of several lines (``<tspan>``), ``step`` apart (default 1.3 x ``size``),
    the first line's baseline at ``y``."""
    size = max(size, MIN_FONT_PX)
    step = step or round(size * 1.3, 1)
    spans = "".join(
        el("tspan", escape(line), x=float(x), y=float(y + i * step)) for i, line in enumerate(lines)
    )
    attrs.setdefault("fill", INK)
    return el("text", spans, font_size=size, **attrs)


def title(words: str) -> str:
    """A tooltip (``<title>``) for the enclosing element."""
    return f"<title>{escape(words)}</title>"


def group(children: Iterable[str], **attrs: Any) -> str:
    """A ``<g>`` around ``children`` (ids and classes go here so tests can find things)."""
    return el("g", "".join(children), **attrs)


def document(
    width: float,
    height: float,
    body: Iterable[str],
    *,
    game: str,
    label: str = "",
    narrow: bool = False,
) -> SVG:
    """A whole picture: fixed size, explicit background, one font, ``class="nekolib-picture"``
    (and ``nekolib-narrow`` for a narrow layout, which the board shows at its full width)."""
    w, h = round(width), round(height)
    cls = f"nekolib-picture {escape(game)}" + (" nekolib-narrow" if narrow else "")
    return SVG(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" class="{cls}" '
        f'font-family="{FONT}" role="img" aria-label="{escape(label or game, quote=True)}">'
        f'<rect class="background" width="{w}" height="{h}" fill="{BACKGROUND}" rx="8"/>'
        + "".join(body)
        + "</svg>"
    )


def _hex_rgb(colour: str) -> tuple[int, int, int]:
    named = {"white": "#ffffff", "black": "#000000"}
    h = named.get(colour.lower(), colour).lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def relative_luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of a ``#rrggbb`` colour (0 black .. 1 white)."""

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _hex_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2.x contrast ratio of two colours, lighter over darker (1 .. 21)."""
    la, lb = relative_luminance(a), relative_luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


TEXT_CONTRAST = 4.5
"""WCAG 2.1 SC 1.4.3 (AA): text at least 4.5:1 against what it is drawn on."""


def ink_on(fill: str) -> str:
    """The text colour for words drawn on ``fill``: white, else the picture's ink, else black,
    the first that reaches :data:`TEXT_CONTRAST` (Okabe-Ito vermillion and bluish green are
    too light for white and too dark for grey ink: they get black)."""
    for ink in ("#ffffff", INK, "#000000"):
        if contrast_ratio(ink, fill) >= TEXT_CONTRAST:
            return ink
    return "#000000"


def png_img_html(png: bytes, alt: str) -> str:
    """A PNG as an HTML ``<img>`` with ``alt`` text (a data URI), never wider than its area."""
    import base64

    data = base64.b64encode(png).decode("ascii")
    return (
        f'<img class="nekolib-picture-img" src="data:image/png;base64,{data}" '
        f'alt="{escape(alt, quote=True)}" '
        'style="max-width: 100%; height: auto;">'
    )


def player_colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_name(seat: int) -> str:
    return PLAYER_NAMES[seat % len(PLAYER_NAMES)]


def _polygon(x: float, y: float, r: float, corners: int, turn: float = 0.0) -> str:
    import math

    pts = []
    for i in range(corners):
        a = math.tau * (i / corners + turn) - math.pi / 2
        pts.append(f"{x + r * math.cos(a):.1f},{y + r * math.sin(a):.1f}")
    return " ".join(pts)


def player_marker(x: float, y: float, seat: int, r: float = 9, **attrs: Any) -> str:
    """Seat ``seat``'s marker: its colour, its shape and its letter (colour is never alone)."""
    fill = player_colour(seat)
    shape = PLAYER_SHAPES[seat % len(PLAYER_SHAPES)]
    common = {"fill": fill, "stroke": INK, "stroke_width": 1.2}
    if shape == "circle":
        body = el("circle", cx=float(x), cy=float(y), r=float(r), **common)
    elif shape == "square":
        body = el("rect", x=x - r * 0.9, y=y - r * 0.9, width=r * 1.8, height=r * 1.8, **common)
    else:
        corners, turn = {"triangle": (3, 0), "diamond": (4, 0), "pentagon": (5, 0)}.get(
            shape, (6, 1 / 12)
        )
        scale = 1.25 if shape == "triangle" else 1.1
        body = el("polygon", points=_polygon(x, y, r * scale, corners, turn), **common)
    letter = el(
        "text",
        PLAYER_LETTERS[seat % len(PLAYER_LETTERS)],
        x=float(x),
        y=y + r * 0.42 + (r * 0.15 if shape == "triangle" else 0),
        font_size=max(MIN_FONT_PX, round(r * 1.15)),
        font_weight="bold",
        text_anchor="middle",
        fill=ink_on(fill),
    )
    return group([body, letter], class_=f"player-marker seat-{seat}", **attrs)


def element_ids(svg: str) -> set[str]:
    """The ``id`` of every element of a picture (click paths must name existing ones)."""
    import xml.etree.ElementTree as ET

    return {e.get("id") for e in ET.fromstring(svg).iter() if e.get("id")}


# --------------------------------------------------------------------------- lookup
def picture_module(obj: Any) -> ModuleType | None:
    """The ``picture`` module of the game ``obj`` belongs to (or ``None``).

    ``NekoBossState`` lives in ``nekolib.neko_boss.rules``, so its pictures are in
    ``nekolib.neko_boss.picture``; a string names the game package. Games without one
    fall back to plain text.
    """
    package = obj if isinstance(obj, str) else game_package(obj)
    return game_module(package, "picture")
