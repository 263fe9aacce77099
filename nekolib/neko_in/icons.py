"""Neko-in's shapes drawn once per picture (``<defs>``): the five hideout icons, a cat's ears,
the pawprint and the tile backs; the pictures place them with ``<use>`` (:func:`use`).

Part of :mod:`nekolib.neko_in.picture` (both its layouts); standard library only.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from nekolib.neko_in.rules import ICONS
from nekolib.picture import INK, el, group

HAND_TILE = 30
"""A hideout tile in a hand (px)."""
EVENT_TILE = 22
TILE_BACK, PAWPRINT = "#9a9a9a", "#f49ac1"
"""'The back shows pink pawprints on a grey background.'"""
TILE_FACE = "#f3ecdc"
ICON_DEF = {
    "spring mouse": "ni-mouse",
    "bird": "ni-bird",
    "bell": "ni-bell",
    "butterfly": "ni-fly",
    "fish bone": "ni-fish",
}
"""Each hideout icon's ``<defs>`` id."""


def num(v: float) -> str:
    """``3.0`` -> ``'3'``, ``2.25`` -> ``'2.2'``: short numbers for the defs."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


def use(ref: str, x: float, y: float, scale: float = 1.0, **attrs: Any) -> str:
    """A ``<use>`` of a def at ``(x, y)``, scaled about its origin if ``scale != 1``."""
    if scale == 1:
        return el("use", href=f"#{ref}", x=round(x), y=round(y), **attrs)
    place = f"translate({round(x)} {round(y)}) scale({num(scale)})"
    return el("use", href=f"#{ref}", transform=place, **attrs)


# --------------------------------------------------------------------------- defs
def _icon_def(kind: str) -> str:
    """A hideout icon centred on the origin (about 26 px) in ``currentColor``, ink outline.

    'spring mouse, bird, bell, butterfly or fish bone'. The eye is white with an ink
    ring, so it shows on every fur colour.
    """

    def p(dx: float, dy: float) -> str:
        return f"{num(dx)},{num(dy)}"

    cc = {"fill": "currentColor"}
    thin = {"fill": "none"}
    eye = {"fill": "#fff", "stroke_width": 0.6}
    if kind == "spring mouse":
        spring = "M-7,7 " + " ".join(
            f"Q{p(-5.5 + 3 * k, 13 if k % 2 == 0 else 5)} {p(-4 + 3 * k, 9)}" for k in range(4)
        )
        parts = [
            el("path", d=spring, **thin, stroke_width=1.5),
            el("path", d="M-10,4C-16,3 -15,-5 -10,-6", **thin, stroke_width=1.4),
            el("circle", cx=1.5, cy=-6, r=3.8, **cc),
            el("path", d="M-10,6C-11,-5 1,-9 7,-3L13,3C6,7 -2,7 -10,6Z", **cc),
            el("circle", cx=6, cy=-0.5, r=1.6, **eye),
            el("circle", cx=13, cy=3, r=1.1, fill=INK),
        ]
    elif kind == "bird":
        body = "M-12,1L-5,-1Q-2,-8 5,-8Q10,-8 11,-4L14,-3L10,-1Q9,8 -1,8Q-6,7 -8,4Z"
        parts = [
            el("path", d=body, **cc),
            el("path", d="M-4,1Q2,-3 6,3Q0,6 -4,1Z", **thin, stroke_width=1.1),
            el("circle", cx=7, cy=-4.5, r=1.6, **eye),
            el("path", d="M-1,8L-2,12M3,8L3,12", **thin),
        ]
    elif kind == "bell":
        parts = [
            el("circle", cx=0, cy=-11, r=2.4, **thin, stroke_width=1.4),
            el("path", d="M-9,7C-9,-1 -8,-9 0,-9C8,-9 9,-1 9,7L12,9L-12,9Z", **cc),
            el("circle", cx=0, cy=11, r=2.6, **cc),
            el("path", d="M-6,3L6,3", stroke_width=1.1),
        ]
    elif kind == "butterfly":
        wings = "M0,-1C-6,-14 -14,-10 -12,-2C-11,2 -4,2 0,1ZM0,1C-9,2 -11,11 -4,10C-1,9 0,5 0,3Z"
        parts = [
            el("path", d=wings, **cc),
            el("path", d=wings, **cc, transform="scale(-1,1)"),
            el("ellipse", cx=0, cy=1, rx=1.8, ry=8, fill=INK),
            el("path", d="M-1,-6Q-3,-11 -6,-12M1,-6Q3,-11 6,-12", **thin, stroke_width=1.1),
        ]
    elif kind == "fish bone":
        spine = "M-11,0L7,0M-6,-6L-4,6M-2,-6L0,6M2,-6L4,6"
        parts = [
            el("path", d=spine, **thin, stroke_width=4.2),
            el("path", d=spine, **thin, stroke="currentColor", stroke_width=2),
            el("path", d="M6,0L13,-6Q15,0 13,6Z", **cc),
            el("path", d="M-9,0L-14,-6L-12,0L-14,6Z", **cc),
            el("circle", cx=11, cy=-1, r=1.6, **eye),
        ]
    else:  # pragma: no cover - ICONS is fixed
        parts = [el("circle", r=8, **cc)]
    # the outline is set on the icon itself: a <use> copy inherits from the <use>, not from <defs>
    return group(parts, id=ICON_DEF[kind], stroke=INK, stroke_width=1.2, stroke_linejoin="round")


def _paw() -> str:
    """A pawprint centred on the origin (about 12 px), in the inherited fill (tile backs)."""
    toes = "".join(
        el("ellipse", cx=dx, cy=dy, rx=1.7, ry=2.1)
        for dx, dy in ((-4.6, -2.2), (-1.6, -5), (1.6, -5), (4.6, -2.2))
    )
    return group([toes, el("ellipse", cy=2.6, rx=3.9, ry=3.2)], id="ni-paw")


def _back_def(ident: str, size: int, back: str, paw: str) -> str:
    """A tile face down (top left corner at the origin): pawprints on its back colour."""
    rect = el("rect", width=size, height=size, rx=4, fill=back, stroke=INK, stroke_width=1.4)
    return group([rect, use("ni-paw", size / 2, size / 2, size / 22, fill=paw)], id=ident)


@lru_cache(maxsize=1)
def defs() -> str:
    """Everything drawn more than once: icons, a cat's ears, tile backs."""
    ears = " ".join(
        f"M{num(side * 11.4)},-3L{num(side * 10.2)},-17.4L{num(side * 2.4)},-10.8Z"
        for side in (-1, 1)
    )
    parts = [
        *(_icon_def(k) for k in ICONS),
        el("path", id="ni-ears", d=ears, stroke_linejoin="round"),
        _paw(),
        el(
            "rect",
            id="ni-face",
            width=34,
            height=34,
            rx=4,
            fill=TILE_FACE,
            stroke=INK,
            stroke_width=1.4,
        ),
        _back_def("ni-back", HAND_TILE, TILE_BACK, PAWPRINT),
        # 'The backs show pawprints on backgrounds of different colours': the room's colour
        _back_def("ni-ev", EVENT_TILE, "currentColor", "#8a6f4a"),
        _back_def("ni-evd", EVENT_TILE, "currentColor", "#fff"),
    ]
    return el("defs", *parts)
