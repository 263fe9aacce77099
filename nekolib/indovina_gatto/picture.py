"""Indovina Gatto drawn as the table looks: the dance floor of masked cats, fans, masks, hands.

Pure functions of a **view** (``state.view(player)``), so a player's picture never shows
another player's secrets: their trait cards and cat cards are drawn as backs.

* ``svg(view, highlight=())``: the whole table (an :class:`~nekolib.picture.SVG`),
* ``text(view)``: a compact text table (at most 25 lines), ``summary(view)``: one line,
* ``example_view()``: a seeded mid-game position seen by a spectator.

Rulebook ("LE CARTE GATTO"): "Ogni carta gatto contiene un gatto dotato di 3-4
caratteristiche": a pose ("Posa"), a fur colour ("Colore del pelo"), maybe a fur
pattern ("Disegno del pelo") and maybe an accessory ("Accessori"). A cat card is drawn
as its pose's silhouette, filled with its fur colour (the colour's name is written on
the card too, so colour is never the only cue), with stripes or spots over the fur and
a badge for the accessory. Masks sit on the top edge of the card ("Mettete le maschere
sulla parte superiore della carta, in modo che tutti i giocatori possano continuare a
vederne bene il gatto"); each mask is its owner's seat marker (colour, shape, letter).

Pictograms are keyed by a trait's **position** in ``POSES``, ``COLOURS``, ``PATTERNS``
and ``ACCESSORIES`` (never by its name); every word shown comes from the view.
Seats are called "Player 0", "Player 1"... (as in the rules' messages and the action
buttons) next to their marker, so a seat colour is never mistaken for a fur colour.

When the viewer decides a guess (phase 3, "indovinare"), a palette of the traits they
may name is drawn under the players: one chip per trait (pictogram and name, id
``trait-<name with spaces as ->``), grouped by category. Click paths
(:mod:`nekolib.indovina_gatto.clicks`) use it: a suspect's panel and a chip.

Size: everything drawn more than once (silhouettes and their outlines, eyes,
accessory icons, card frames and backs, seat markers) is defined once in ``<defs>``
and drawn with ``<use>``; text takes its size and colour from one enclosing group.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from nekolib.core import HIDDEN, TERMINAL
from nekolib.indovina_gatto.rules import (
    ACCESSORIES,
    ALL_TRAITS,
    CATEGORY,
    COLOURS,
    FINAL,
    GUESS,
    OVER,
    PATTERNS,
    PLAY,
    POSES,
    Pass,
    category_label,
    new_game,
)
from nekolib.picture import (
    INK,
    MIN_FONT_PX,
    MUTED,
    PLAYER_NAMES,
    SVG,
    document,
    el,
    group,
    player_marker,
)

__all__ = [
    "example_view",
    "guessable_traits",
    "seat_label",
    "summary",
    "svg",
    "text",
    "trait_id",
]

GAME = "indovina_gatto"
HIGHLIGHT = "#f2b600"

# ------------------------------------------------------------------------- trait lookup
_GROUPS: dict[str, tuple[str, ...]] = {
    "pose": POSES,
    "colour": COLOURS,
    "pattern": PATTERNS,
    "accessory": ACCESSORIES,
}


def _index(trait: str) -> tuple[str, int]:
    """``(category, position in that category)``: what the pictograms are keyed by."""
    category = CATEGORY[trait]
    return category, _GROUPS[category].index(trait)


def _traits_of(traits: Sequence[str], category: str) -> list[int]:
    """Positions of the ``category`` traits among ``traits`` (in the card's order)."""
    return [_GROUPS[category].index(t) for t in traits if CATEGORY.get(t) == category]


# Fur fills by position in COLOURS: white, brown, blue, black, green, yellow, purple, red.
FUR_FILLS: tuple[str, ...] = (
    "#ffffff",
    "#8a5a2e",
    "#4f86d9",
    "#262626",
    "#52a852",
    "#f4d03f",
    "#8e5bbf",
    "#d83a2c",
)
NEUTRAL_FUR = "#b8b0a2"
"""Fill of a pose pictogram on a trait card, and of a cat without a colour trait."""
PATTERN_BASE = "#e3cfa6"
CARD_FACE = "#fffdf6"
CARD_EDGE = "#a89b82"
CARD_BACK = "#4b3a6b"
CARD_BACK_INK = "#e8d48a"
MASK_STRIP = "#efe7d8"


def _fur_fill(index: int) -> str:
    return FUR_FILLS[index] if 0 <= index < len(FUR_FILLS) else NEUTRAL_FUR


def _is_dark(fill: str) -> bool:
    """Relative luminance below one half: stripes, spots and eyes are drawn light on it."""
    r, g, b = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5


# ------------------------------------------------------------------------- seats
_marker = lru_cache(maxsize=2048)(player_marker)
"""The kit's seat marker (colour, shape, letter), memoised: a picture draws dozens."""


def seat_label(seat: int) -> str:
    """How the picture names a seat: ``"Player 0"`` (beside its marker: colour, shape, letter)."""
    return f"Player {seat}"


def seat_tooltip(seat: int) -> str:
    return f"Player {seat} ({PLAYER_NAMES[seat % len(PLAYER_NAMES)]} seat marker)"


# ------------------------------------------------------------------------- silhouettes
# A silhouette is a list of primitive shapes in a 64 x 52 box (ground at y = 50, facing
# right), defined once per picture (_defs) as ONE path (their union) and drawn with <use>
# three times: a thick outline, the fur fill, then the pattern fill (see _cat).
Shape = tuple[str, tuple[float, ...]]
"""``("ellipse", (cx, cy, rx, ry, rotation in degrees))`` or ``("polygon", (x0, y0, x1, ...))``."""


def _ell(cx: float, cy: float, rx: float, ry: float, rot: float = 0) -> Shape:
    return "ellipse", (cx, cy, rx, ry, rot)


def _head(cx: float, cy: float, r: float, rot: float = 0) -> list[Shape]:
    """A round head with two pointed ears (``rot`` turns it, e.g. 180 for a cat on its back)."""
    turn = math.radians(rot)

    def ear(side: int) -> Shape:
        pts = [(side * 0.95 * r, -0.2 * r), (side * 0.7 * r, -1.5 * r), (side * 0.1 * r, -0.85 * r)]
        flat: list[float] = []
        for x, y in pts:
            flat += [
                cx + x * math.cos(turn) - y * math.sin(turn),
                cy + x * math.sin(turn) + y * math.cos(turn),
            ]
        return "polygon", tuple(flat)

    return [_ell(cx, cy, r, r), ear(-1), ear(1)]


def _path(shapes: list[Shape]) -> str:
    """The ``d`` of one path that is the union of ``shapes``.

    Every sub-path runs clockwise on screen (ellipses as two relative half arcs, sweep 1,
    polygons reversed when their shoelace sum is negative), so the default non-zero
    fill rule fills the union, as separate shapes painted over each other would.
    """
    out = []
    for kind, v in shapes:
        if kind == "ellipse":
            cx, cy, rx, ry, rot = v
            dx = round(rx * math.cos(math.radians(rot)), 1)
            dy = round(rx * math.sin(math.radians(rot)), 1)
            arc = f"{_num(rx)} {_num(ry)} {_num(rot)} 0 1"
            there, back = f"{_num(-2 * dx)} {_num(-2 * dy)}", f"{_num(2 * dx)} {_num(2 * dy)}"
            out.append(f"M{_num(cx + dx)} {_num(cy + dy)}a{arc} {there} {arc} {back}Z")
        else:
            pts = list(zip(v[::2], v[1::2], strict=True))
            turning = sum(
                x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True)
            )
            if turning < 0:
                pts.reverse()
            out.append("M" + "L".join(f"{_num(x)} {_num(y)}" for x, y in pts) + "Z")
    return "".join(out)


def _leaping() -> list[Shape]:
    """Mid-air jump to the right, legs stretched fore and aft, shadow on the ground."""
    return [
        _ell(9, 36, 9, 2.7, -45),
        _ell(51, 25, 9, 2.7, 35),
        _ell(6, 14, 9, 2.6, 50),
        _ell(30, 24, 19, 8, -18),
        *_head(51, 13, 7.5),
    ]


def _strutting() -> list[Shape]:
    """Walking tall: four long legs in stride, head high, tail straight up."""
    return [
        _ell(15, 38, 2.3, 10.5, 12),
        _ell(22, 38, 2.3, 10.5, -12),
        _ell(38, 38, 2.3, 10.5, 12),
        _ell(45, 38, 2.3, 10.5, -14),
        _ell(9, 16, 2.7, 11, -18),
        _ell(30, 27, 16, 7.5),
        _ell(44, 20, 4.5, 8.5, 30),
        *_head(49, 12, 7),
    ]


def _seated() -> list[Shape]:
    """Sitting upright, facing us, tail curled round the paws: the boss."""
    return [
        _ell(48, 46, 10, 3, -10),
        _ell(32, 35, 13, 14),
        _ell(32, 44, 16, 6.5),
        _ell(27, 48.5, 4.5, 2.5),
        _ell(37, 48.5, 4.5, 2.5),
        *_head(32, 15, 9.5),
    ]


def _lying() -> list[Shape]:
    """Stretched out flat on the ground, front paws forward."""
    return [
        _ell(6, 45, 7.5, 2.5, 18),
        _ell(28, 41, 21, 8),
        _ell(53, 47, 8, 2.6),
        *_head(50, 35, 7.5),
    ]


def _on_its_back() -> list[Shape]:
    """Belly up, four paws in the air, head upside down: the playful one."""
    return [
        _ell(23, 30, 2.4, 7.5, -20),
        _ell(29, 29, 2.4, 7.5, -5),
        _ell(41, 29, 2.4, 7.5, 5),
        _ell(47, 30, 2.4, 7.5, 20),
        _ell(20.5, 23.5, 2.9, 2.9),
        _ell(28.4, 22, 2.9, 2.9),
        _ell(41.6, 22, 2.9, 2.9),
        _ell(49.5, 23.5, 2.9, 2.9),
        _ell(58, 36, 2.4, 8, 30),
        _ell(35, 40, 17, 8),
        *_head(11, 38, 7.5, 180),
    ]


SILHOUETTES: tuple[Callable[[], list[Shape]], ...] = (
    _leaping,
    _strutting,
    _seated,
    _lying,
    _on_its_back,
)
"""By position in ``POSES``: leaping, strutting, seated, lying, on its back."""
EYES: tuple[tuple[tuple[float, float], ...], ...] = (
    ((54, 12),),
    ((52, 11),),
    ((28.5, 15), (35.5, 15)),
    ((53, 34),),
    ((8.5, 40), (13.5, 40)),
)


def _use(ref: str, **attrs: Any) -> str:
    """A ``<use>`` of the definition ``ref`` (see :func:`_defs`)."""
    return el("use", href=f"#{ref}", **attrs)


def label(x: float, y: float, words: str, size: float | None = MIN_FONT_PX, **attrs: Any) -> str:
    """A ``<text>`` (escaped); size and fill are left out when they are the picture's defaults
    (``MIN_FONT_PX`` and ``INK``, set once on the group around the whole body), and the size
    when ``size`` is ``None`` (inherited from an enclosing group that sets it)."""
    if attrs.get("fill") == INK:
        del attrs["fill"]
    if size is not None:
        size = max(size, MIN_FONT_PX)
    return el(
        "text",
        escape(str(words), quote=False),
        x=float(x),
        y=float(y),
        font_size=None if size == MIN_FONT_PX else size,
        **attrs,
    )


def _title(words: str) -> str:
    """A tooltip (quotes need no escaping in element text)."""
    return f"<title>{escape(words, quote=False)}</title>"


def _eye(fill: str) -> str:
    """Eyes are drawn light on a dark fur."""
    return "#f6e05e" if _is_dark(fill) else INK


@lru_cache(maxsize=512)
def _cat(
    pose: int, fur: str, patterns: tuple[int, ...], cls: str, x: float, y: float, scale: float = 1
) -> str:
    """The cat at ``x, y``: ``ig-cat<pose>`` (outline, fur in ``fill``, eyes in ``color``);
    each pattern is one more pass over the fur, then the eyes again on top."""
    pose %= len(SILHOUETTES)
    eye = _eye(fur)
    if not patterns and scale == 1:
        return _use(f"ig-cat{pose}", x=x, y=y, fill=fur, color=eye, class_=cls)
    parts = [_use(f"ig-cat{pose}", fill=fur, color=eye)]
    if patterns:
        dark = _is_dark(fur)
        parts += [_use(_pose_id(pose), fill=f"url(#{_pattern_id(p, dark)})") for p in patterns]
        parts.append(_use(f"ig-e{pose}", fill=eye))
    return group(parts, class_=cls, transform=_translate(x, y, scale))


def _pose_id(pose: int) -> str:
    return f"ig-pose-{pose % len(SILHOUETTES)}"


# ------------------------------------------------------------------------- patterns
def _pattern_id(pattern: int, dark: bool) -> str:
    return f"ig-pattern-{pattern}-{'light' if dark else 'dark'}"


def _patterns() -> list[str]:
    """Stripes (position 0 of ``PATTERNS``) and spots (position 1) in dark and light inks."""
    out = []
    for dark, ink, opacity in ((False, "#000000", 0.5), (True, "#ffffff", 0.6)):
        stripes = el(
            "pattern",
            el("rect", width=2.6, height=7, fill=ink, fill_opacity=opacity),
            id=_pattern_id(0, dark),
            patternUnits="userSpaceOnUse",
            width=7,
            height=7,
            patternTransform="rotate(25)",
        )
        spots = el(
            "pattern",
            el("circle", cx=3, cy=3, r=2.1, fill=ink, fill_opacity=opacity),
            el("circle", cx=8.5, cy=8, r=1.6, fill=ink, fill_opacity=opacity),
            id=_pattern_id(1, dark),
            patternUnits="userSpaceOnUse",
            width=11,
            height=11,
        )
        out += [stripes, spots]
    for extra in range(2, len(PATTERNS)):  # a custom third pattern: cross-hatching
        for dark, ink in ((False, "#000000"), (True, "#ffffff")):
            out.append(
                el(
                    "pattern",
                    el("path", d="M0 0L6 6M6 0L0 6", stroke=ink, stroke_width=1.2),
                    id=_pattern_id(extra, dark),
                    patternUnits="userSpaceOnUse",
                    width=6,
                    height=6,
                )
            )
    return out


@lru_cache(maxsize=8)
def _definitions(num_players: int) -> dict[str, str]:
    """Everything drawn more than once, by id: defined once, drawn with ``<use>``.

    ``ig-pose-<i>``: the silhouettes (one path, no fill of its own: each ``<use>`` sets
    it); ``ig-e<i>``: its eyes; ``ig-cat<i>``: the whole cat (a thick outline, the fur
    from the use's ``fill``, the eyes from its ``color``); ``ig-head``/``ig-ho``/``ig-hf``/
    ``ig-fh``: the head of the colour and pattern trait cards, its outline, its face, the
    whole head; ``ig-a<i>``: the accessory
    icons, ``ig-ab<i>`` on a white badge; ``ig-cf``/``ig-tf``: the frames of a cat card
    and a trait card; ``ig-r-<ribbon>``: a trait card's ribbon; ``ig-p<width>``: the pills
    of the trait palette; ``ig-mask``: the gold masquerade mask; ``ig-cb``/``ig-tb``/``ig-mb``:
    the backs of a cat card, a trait card and a small cat card; ``ig-m<seat>``: the seat
    markers (colour, shape, letter); the fur patterns. Nothing here depends on a secret.
    """
    outline = {"fill": INK, "stroke": INK, "stroke_width": 3, "stroke_linejoin": "round"}
    out: dict[str, str] = {}

    def put(ident: str, *children: str, tag: str = "g", **attrs: Any) -> None:
        out[ident] = el(tag, *children, id=ident, **attrs)

    for pose, make in enumerate(SILHOUETTES):
        put(_pose_id(pose), tag="path", d=_path(make()))
        line = [_use(_pose_id(pose))]
        if pose == 0:  # the leaping cat's shadow shows it is in the air
            shadow = el("ellipse", cx=30, cy=49, rx=17, ry=2.2, fill="#000", opacity=0.18)
            line.insert(0, el("g", shadow, stroke="none"))
        put(f"ig-e{pose}", *(el("circle", cx=x, cy=y, r=1.4) for x, y in EYES[pose % len(EYES)]))
        eyes = _use(f"ig-e{pose}", fill="currentColor")
        put(f"ig-cat{pose}", group(line, **outline), _use(_pose_id(pose)), eyes)
    put("ig-head", tag="path", d=_path(_head(0, 0, 14)))
    put("ig-ho", _use("ig-head"), **outline)
    put(
        "ig-hf",
        el("circle", cx=-5, cy=-2, r=1.9),
        el("circle", cx=5, cy=-2, r=1.9),
        el("polygon", points="-2,3 2,3 0,5.5"),
    )
    put("ig-fh", _use("ig-ho"), _use("ig-head"), _use("ig-hf", fill="currentColor"))
    for i, make in enumerate(ACCESSORY_ICONS):
        put(f"ig-a{i}", make())
        put(f"ig-ab{i}", el("circle", r=11.5, fill="#ffffff", stroke=CARD_EDGE), _use(f"ig-a{i}"))
    put(
        "ig-cf",
        el("rect", width=CARD_W, height=CARD_H, rx=6, fill=CARD_FACE, stroke=CARD_EDGE),
        el("rect", x=3, y=3, width=CARD_W - 6, height=21, rx=4, fill=MASK_STRIP),
    )
    put("ig-tf", tag="rect", width=TRAIT_W, height=TRAIT_H, rx=6, fill=CARD_FACE, stroke=CARD_EDGE)
    put("ig-mask", _mask_shape(0, 0, 10))
    for ribbon, fill in RIBBONS.items():
        words = label(TRAIT_W / 2, 11.5, ribbon, fill="#ffffff", text_anchor="middle")
        put(f"ig-r-{ribbon}", el("rect", width=TRAIT_W, height=15, rx=6, fill=fill), words)
    for w in PILLS:
        pill = {"width": w, "height": CHIP_H, "rx": CHIP_H // 2, "fill": CARD_FACE}
        put(f"ig-p{w}", tag="rect", **pill, stroke=CARD_EDGE)
    put("ig-cb", *_card_back(CARD_W, CARD_H, lifted=True))
    mark = label(
        TRAIT_W / 2, TRAIT_H - 12, "?", 12, fill="#ffffff", text_anchor="middle", font_weight="bold"
    )
    put("ig-tb", *_card_back(TRAIT_W, TRAIT_H, lifted=True), mark)
    put("ig-mb", *_card_back(16, 22))
    for seat in range(num_players):
        marker = player_marker(0, 0, seat, r=8).replace(' font-size="11"', "")
        out[f"ig-m{seat}"] = marker.replace(
            f' class="player-marker seat-{seat}"', f' id="ig-m{seat}"', 1
        )
    for pattern in _patterns():
        out[re.search(r'id="([^"]+)"', pattern).group(1)] = pattern
    return out


_REF = re.compile(r'(?:href="#|url\(#)([\w-]+)')


def _defs(num_players: int, body: str) -> str:
    """The ``<defs>`` that ``body`` uses (directly or through other definitions)."""
    known = _definitions(num_players)
    need: set[str] = set()
    todo = _REF.findall(body)
    while todo:
        ref = todo.pop()
        if ref in known and ref not in need:
            need.add(ref)
            todo += _REF.findall(known[ref])
    return el("defs", *(markup for ident, markup in known.items() if ident in need))


# ------------------------------------------------------------------------- accessories
def _yarn() -> str:
    return (
        el("path", d="M-5 6 C-10 10 -14 6 -12 11", fill="none", stroke="#c2185b", stroke_width=1.4)
        + el("circle", r=7.5, fill="#ec6f9a", stroke=INK)
        + el(
            "path",
            d="M-6 -3C-2 -7 4 -6 7 -1M-7 2C-2 -2 4 -1 6 4M-3 -7C2 -2 2 3 -1 7",
            fill="none",
            stroke="#8e1045",
        )
    )


def _fish_cocktail() -> str:
    return (
        el("path", d="M3 -8 L7 -12 L8 -6 Z", fill="#f39c12", stroke=INK, stroke_width=0.8)
        + el("polygon", points="-8,-6 8,-6 0,2", fill="#bfe6f5", stroke=INK)
        + el("ellipse", cx=2, cy=-5, rx=3.5, ry=1.8, fill="#f39c12")
        + el("line", x1=0, y1=2, x2=0, y2=8, stroke=INK, stroke_width=1.2)
        + el("line", x1=-5, y1=8.5, x2=5, y2=8.5, stroke=INK, stroke_width=1.6)
    )


def _top_hat() -> str:
    return (
        el("rect", x=-5.5, y=-9, width=11, height=13, fill="#1f1f1f", stroke=INK)
        + el("rect", x=-5.5, y=0, width=11, height=2.6, fill="#c0392b")
        + el("ellipse", cx=0, cy=4.5, rx=10, ry=2.6, fill="#1f1f1f", stroke=INK)
    )


def _toy_mouse() -> str:
    return (
        el("path", d="M-7 3 C-11 3 -11 8 -6 8", fill="none", stroke=INK, stroke_width=1.2)
        + el("ellipse", cx=0, cy=2, rx=7.5, ry=4.8, fill="#a7a7a7", stroke=INK)
        + el("circle", cx=3.5, cy=-2.5, r=2.8, fill="#f1b8c4", stroke=INK, stroke_width=0.8)
        + el("circle", cx=5, cy=1, r=0.9, fill=INK)
    )


ACCESSORY_ICONS: tuple[Callable[[], str], ...] = (_yarn, _fish_cocktail, _top_hat, _toy_mouse)
"""By position in ``ACCESSORIES``: ball of yarn, fish cocktail, top hat, toy mouse (r ~ 9)."""


def _accessory(index: int, **attrs: Any) -> str:
    """The icon of accessory ``index`` (a ``<use>`` of ``ig-a<index>``), centred on 0, 0."""
    if 0 <= index < len(ACCESSORY_ICONS):
        return _use(f"ig-a{index}", **attrs)
    return label(0, 4, "?", 12, text_anchor="middle")


def _seat_mark(x: float, y: float, seat: int, id: str | None = None, cls: str = "") -> str:
    """A small seat marker (r = 8) centred on ``x, y``: a ``<use>`` of ``ig-m<seat>``."""
    classes = f"{cls} player-marker seat-{seat}".lstrip()
    return _use(f"ig-m{seat}", id=id, x=float(x), y=float(y), class_=classes)


# ------------------------------------------------------------------------- helpers
def _num(v: float) -> str:
    """A coordinate rounded to one decimal, without trailing zeros."""
    return f"{round(v, 1):g}"


def _translate(x: float, y: float, scale: float = 1.0) -> str:
    return f"translate({_num(x)} {_num(y)})" + (f" scale({scale:g})" if scale != 1 else "")


def _ring(x: float, y: float, w: float, h: float) -> str:
    """The highlight: a thick gold outline plus a dashed dark ring (visible without colour)."""
    box = {"x": x - 4, "y": y - 4, "width": w + 8, "height": h + 8, "rx": 8}
    return group(
        [
            el("rect", **box, stroke=HIGHLIGHT, stroke_width=5),
            el("rect", **box, stroke=INK, stroke_width=1.5, stroke_dasharray="5 4"),
        ],
        class_="highlight",
        fill="none",
    )


def _thing(
    ident: str,
    cls: str,
    x: float,
    y: float,
    size: tuple[float, float],
    body: Sequence[str],
    tip: str,
    highlight: Collection[str],
    **attrs: Any,
) -> str:
    """One findable thing: ``<g id class transform>`` + tooltip + body (+ highlight ring)."""
    ring = [_ring(0, 0, *size)] if ident in highlight else []
    tips = [_title(tip)] if tip else []
    return group([*tips, *body, *ring], id=ident, class_=cls, transform=_translate(x, y), **attrs)


def _wrap(words: str, width: int = 10) -> list[str]:
    """At most two lines of about ``width`` characters (trait names on trait cards)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines if len(lines) <= 2 else [lines[0], " ".join(lines[1:])]


def _phase_words(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == PLAY:
        return "plays a cat card"
    if phase == GUESS:
        return "may guess a trait"
    if phase == FINAL:
        return "final guess"
    return ""


END_REASONS = {
    "revealed": "a player's three traits are unmasked",
    "masks": "a player ran out of masks",
    "cards": "a player had no cat card to play",
}


def _winners(view: dict[str, Any]) -> list[int]:
    """ "Vince il giocatore con il maggior numero di punti. In caso di parità vince il
    giocatore con il maggior numero di caratteristiche non smascherate." """
    keys = [(view["points"][p], view["hidden_counts"][p]) for p in range(view["num_players"])]
    return [p for p, k in enumerate(keys) if k == max(keys)]


def _status(view: dict[str, Any]) -> str:
    if view["phase"] == OVER:
        reason = END_REASONS.get(view["end_reason"], view["end_reason"])
        won = " and ".join(seat_label(w) for w in _winners(view))
        return f"Game over ({reason}). Winner: {won}"
    who = view["decider"]
    line = f"{seat_label(view['turn'])}'s turn: {_phase_words(view)}"
    if view["phase"] == FINAL:
        line = f"Final round: {seat_label(who)} makes a last guess"
        if len(view["final_queue"]) > 1:
            line += ", then " + ", ".join(seat_label(p) for p in view["final_queue"][1:])
    return line


# ------------------------------------------------------------------------- cat cards
CARD_W, CARD_H = 84, 118
CAT_X, CAT_Y = 10, 26
TRAIT_W, TRAIT_H = 70, 102


def _cat_tip(card: dict[str, Any]) -> str:
    return f"cat #{card['card']}: " + ", ".join(card["traits"])


def _cat_face(card: dict[str, Any], maskers: Sequence[int] = ()) -> tuple[str, ...]:
    """A face-up cat card (local coordinates): mask strip, cat, colour word, accessories."""
    return _cat_face_of(card["card"], tuple(card["traits"]), tuple(maskers))


@lru_cache(maxsize=1024)
def _cat_face_of(number: int, traits: tuple[str, ...], maskers: tuple[int, ...]) -> tuple[str, ...]:
    poses = _traits_of(traits, "pose")
    colours = _traits_of(traits, "colour")
    patterns = _traits_of(traits, "pattern")
    accessories = _traits_of(traits, "accessory")
    fur = _fur_fill(colours[0]) if colours else NEUTRAL_FUR
    pose = poses[0] if poses else 2
    classes = " ".join(
        ["pictogram", f"pose-{pose}"]
        + [f"fur-{c}" for c in colours]
        + [f"pattern-{p}" for p in patterns]
        + [f"accessory-{a}" for a in accessories]
    )
    body = [_use("ig-cf"), _cat(pose, fur, tuple(patterns), classes, CAT_X, CAT_Y)]
    colour_words = "/".join(t for t in traits if CATEGORY.get(t) == "colour")
    body.append(label(6, 94, colour_words or "-"))
    body.append(label(6, 110, f"#{number}", fill=MUTED))
    for k, acc in enumerate(reversed(accessories)):
        cx, cy = CARD_W - 16 - 24 * k, CARD_H - 20
        cls = f"pictogram accessory accessory-{acc}"
        if 0 <= acc < len(ACCESSORY_ICONS):  # the badge: a white disc with the icon
            body.append(_use(f"ig-ab{acc}", x=cx, y=cy, class_=cls))
        else:
            body.append(group([_accessory(acc)], class_=cls, transform=_translate(cx, cy)))
    if maskers:
        step = min(19.0, (CARD_W - 20) / max(1, len(maskers) - 1)) if len(maskers) > 1 else 0
        x0 = CARD_W / 2 - step * (len(maskers) - 1) / 2
        for k, seat in enumerate(maskers):  # the card's tooltip names the maskers
            body.append(
                _seat_mark(x0 + k * step, 13.5, seat, id=f"mask-{number}-{seat}", cls="mask")
            )
    return tuple(body)


def _card_back(w: float, h: float, lifted: bool = False) -> tuple[str, ...]:
    """The back of a card: purple with a gold mask (``lifted``: room for a word below)."""
    return (
        el("rect", width=w, height=h, rx=5, fill=CARD_BACK, stroke=INK),
        el(
            "rect",
            x=4,
            y=4,
            width=w - 8,
            height=h - 8,
            rx=3,
            fill="none",
            stroke=CARD_BACK_INK,
            stroke_width=1,
        ),
        _use("ig-mask", transform=_translate(w / 2, h / 2 - (8 if lifted else 0), min(w, h) / 40)),
    )


def _mask_shape(cx: float, cy: float, r: float) -> str:
    """A masquerade mask (two eye holes), drawn in gold."""
    d = (
        f"M{cx - r:.1f} {cy - r * 0.35:.1f} "
        f"Q{cx:.1f} {cy - r * 0.7:.1f} {cx + r:.1f} {cy - r * 0.35:.1f} "
        f"Q{cx + r:.1f} {cy + r * 0.55:.1f} {cx + r * 0.3:.1f} {cy + r * 0.45:.1f} "
        f"Q{cx:.1f} {cy + r * 0.1:.1f} {cx - r * 0.3:.1f} {cy + r * 0.45:.1f} "
        f"Q{cx - r:.1f} {cy + r * 0.55:.1f} {cx - r:.1f} {cy - r * 0.35:.1f}Z"
    )
    eyes = "".join(
        el("ellipse", cx=cx + s * r * 0.45, cy=cy, rx=r * 0.25, ry=r * 0.16, fill=CARD_BACK)
        for s in (-1, 1)
    )
    return el("path", d=d, fill=CARD_BACK_INK) + eyes


# ------------------------------------------------------------------------- trait cards
def _head_pictogram(category: str, i: int, transform: str) -> str:
    """A head in fur colour ``i`` (``colour``) or with pattern ``i`` on a neutral fur."""
    if category == "colour":
        fill = _fur_fill(i)
        return _use(
            "ig-fh", fill=fill, color=_eye(fill), class_=f"pictogram fur-{i}", transform=transform
        )
    body = [
        _use("ig-fh", fill=PATTERN_BASE, color=_eye(PATTERN_BASE)),
        _use("ig-head", fill=f"url(#{_pattern_id(i, False)})"),
        _use("ig-hf", fill=_eye(PATTERN_BASE)),
    ]
    return group(body, class_=f"pictogram pattern-{i}", transform=transform)


def _trait_pictogram(trait: str) -> str:
    """The picture on a trait card, by category and position."""
    category, i = _index(trait)
    if category == "pose":
        return _cat(i, NEUTRAL_FUR, (), f"pictogram pose-{i}", 3, 17)
    if category == "accessory":
        return _accessory(
            i, class_=f"pictogram accessory-{i}", transform="translate(35 44) scale(1.9)"
        )
    return _head_pictogram(category, i, "translate(35 48)")


@lru_cache(maxsize=256)
def _trait_face(trait: str, ribbon: str = "") -> tuple[str, ...]:
    """A face-up trait card: pictogram, name, and a ribbon (``secret`` or ``unmasked``).
    Its words are centred by the card's group (``text-anchor``)."""
    body = [_use("ig-tf"), _trait_pictogram(trait)]
    lines = _wrap(trait)
    y0 = 82 if len(lines) > 1 else 88
    body += [label(TRAIT_W / 2, y0 + 13 * k, line) for k, line in enumerate(lines)]
    if ribbon in RIBBONS:
        body.append(_use(f"ig-r-{ribbon}"))
    return tuple(body)


RIBBONS = {"secret": MUTED, "unmasked": "#b03a2e"}
"""The ribbon across the top of a face-up trait card, and its colour."""


def _fan_card(
    view: dict[str, Any], seat: int, i: int, trait: str, x: float, y: float, hl: Collection[str]
) -> str:
    ident = f"fan-{seat}-{i}"
    size = (TRAIT_W, TRAIT_H)
    if trait == HIDDEN:
        tip = f"{seat_label(seat)}'s trait card: secret"
        return _thing(ident, "trait-card trait-back", x, y, size, [_use("ig-tb")], tip, hl)
    unmasked = trait in view["revealed"][seat]
    if unmasked:
        body = _trait_face(trait, "unmasked")
        tip = f"{seat_label(seat)}'s trait {trait}: unmasked, everyone sees it"
    else:
        body = _trait_face(trait, "secret")
        tip = f"{seat_label(seat)}'s trait {trait}: secret, only {seat_label(seat)} sees it"
    cls = "trait-card trait-unmasked" if unmasked else "trait-card trait-secret"
    return _thing(ident, cls, x, y, size, body, tip, hl, text_anchor="middle")


# ------------------------------------------------------------------------- trait palette
CHIP_H = 34
"""Chip height: 24 CSS px or more even when the 1000 px picture is shrunk to a tablet's
738 px (WCAG 2.2 target size; the pictogram and name are drawn for 26 px and centred)."""
CHIP_DY = (CHIP_H - 26) / 2
CHIP_GAP = 6
HEAD_W = 84
"""Room for a category heading in front of its chips."""


def trait_id(trait: str) -> str:
    """Element id of ``trait``'s chip in the palette: ``trait-<name with spaces as ->``."""
    return "trait-" + trait.replace(" ", "-")


def guessable_traits(view: dict[str, Any]) -> list[str]:
    """The traits the view's player may name now: empty unless they decide a guess.

    The rules ("indovinare una caratteristica ... tra quelle poste nel ventaglio"): any
    trait not yet unmasked, except the guesser's own when ``guess_own_traits`` is off,
    as long as some other player still has a secret trait. Rulebook order.
    """
    me = view["viewer"]
    if view["phase"] not in (GUESS, FINAL) or me is None or me != view["decider"]:
        return []
    if not any(c for p, c in enumerate(view["hidden_counts"]) if p != me):
        return []
    gone = {t for r in view["revealed"] for t in r}
    if not view["guess_own_traits"]:
        gone |= set(view["my_traits"])
    return [t for t in ALL_TRAITS if t not in gone]


PILLS = (72, 92, 118, 144)
"""Chip widths (defined once each, ``ig-p<width>``): every trait name fits one of them."""


def _chip_w(trait: str) -> int:
    """The narrowest pill that holds the pictogram and the name (about 6.4 px a letter)."""
    need = 34 + round(6.4 * len(trait))
    return next((w for w in PILLS if w >= need), need)


def _chip_icon(trait: str) -> str:
    """A small pictogram (about 22 px) centred on (15, 13): silhouette, head or icon."""
    category, i = _index(trait)
    if category == "pose":
        return _cat(i, NEUTRAL_FUR, (), f"pictogram pose-{i}", 3.5, 3.6, 0.36)
    if category == "accessory":
        return _accessory(i, x=15, y=13, class_=f"pictogram accessory-{i}")
    return _head_pictogram(category, i, "translate(15 15.5) scale(.55)")


def _chip(trait: str, x: float, y: float, hl: Collection[str]) -> str:
    """One trait of the palette: pictogram and name on a pill (the name says it all: no
    tooltip)."""
    category, _ = _index(trait)
    w = _chip_w(trait)
    pill = (
        _use(f"ig-p{w}")
        if w in PILLS
        else el("rect", width=w, height=CHIP_H, rx=CHIP_H // 2, fill=CARD_FACE, stroke=CARD_EDGE)
    )
    body = [
        pill,
        group([_chip_icon(trait), label(30, 17, trait)], transform=_translate(0, CHIP_DY)),
    ]
    return _thing(trait_id(trait), f"trait-chip {category}", x, y, (w, CHIP_H), body, "", hl)


def _palette(view: dict[str, Any], y: float, hl: Collection[str]) -> tuple[list[str], float]:
    """The traits the deciding viewer may name, as chips grouped by category (or nothing)."""
    traits = guessable_traits(view)
    if not traits:
        return [], y
    out = [
        label(PAD, y + 16, "Name a trait", 14, font_weight="bold"),
        label(
            PAD + 112,
            y + 16,
            "click a suspect's panel and a trait, in either order ('no guess' is a button)",
            fill=MUTED,
        ),
    ]
    x, row = PAD, y + 26
    right = WIDTH - PAD
    for category, members in _GROUPS.items():
        names = [t for t in members if t in traits]
        if not names:
            continue
        block = HEAD_W + sum(_chip_w(t) + CHIP_GAP for t in names)
        if x > PAD and x + block > right:
            x, row = PAD, row + CHIP_H + CHIP_GAP
        heading = category_label(category)
        out.append(label(x, row + 17 + CHIP_DY, heading, fill=MUTED, font_weight="bold"))
        x += HEAD_W
        for t in names:
            if x + _chip_w(t) > right:
                x, row = PAD + HEAD_W, row + CHIP_H + CHIP_GAP
            out.append(_chip(t, x, row, hl))
            x += _chip_w(t) + CHIP_GAP
        x += 16
    return out, row + CHIP_H + 8


# ------------------------------------------------------------------------- layout
WIDTH = 1000
PAD = 12
HEADER_H = 44
PANEL_H = 220
GAP = 10


def _player_panel(view: dict[str, Any], seat: int, x: float, w: float, hl: Collection[str]) -> str:
    n = view["num_players"]
    decider = view["decider"]
    acting = decider == seat and view["phase"] != OVER
    you = view["viewer"] == seat
    body = [
        el(
            "rect",
            width=w,
            height=PANEL_H,
            rx=8,
            fill="#f3ecdf" if not acting else "#fff6d9",
            stroke=INK if acting else CARD_EDGE,
            stroke_width=2.5 if acting else None,
        ),
        _marker(16, 17, seat, r=10),
        label(32, 22, seat_label(seat) + (" (you)" if you else ""), 14, font_weight="bold"),
        label(w - 10, 22, f"{view['points'][seat]} pts", 14, font_weight="bold", text_anchor="end"),
    ]
    state_words = []
    if acting:
        state_words.append("▶ " + ("guesses" if view["phase"] != PLAY else "plays a cat"))
    elif view["phase"] == FINAL and seat in view["final_queue"]:
        state_words.append("will make a last guess")
    elif view["turn"] == seat and view["phase"] != OVER:
        state_words.append("turn player")
    if state_words:
        body.append(label(10, 40, " ".join(state_words), fill=MUTED))
    # fan of trait cards
    fan = view["traits"][seat]
    step = float(TRAIT_W + 6)
    if len(fan) > 1:  # more trait cards than fit (traits_per_player > 3): they overlap
        step = min(step, (w - 16 - TRAIT_W) / (len(fan) - 1))
    fan_w = TRAIT_W + step * max(0, len(fan) - 1)
    fx = (w - fan_w) / 2
    for i, trait in enumerate(fan):
        body.append(_fan_card(view, seat, i, trait, fx + i * step, 48, hl))
    # masks in reserve
    y = 48 + TRAIT_H + 22
    body.append(
        group(
            [
                _title(f"{seat_label(seat)}'s reserve: {view['supply'][seat]} masks"),
                label(10, y, "reserve", fill=MUTED),
                _seat_mark(66, y - 4, seat),
                label(78, y, f"×{view['supply'][seat]}", 12, font_weight="bold"),
            ],
            id=f"supply-{seat}",
            class_="mask-supply",
        )
    )
    # hand (backs), on the right of the reserve
    hand = view["hand_sizes"][seat]
    hx, step = w - 112, 9.0 if hand < 5 else 36 / (hand - 1)
    backs = [
        _use("ig-mb", x=hx + step * k, y=float(y - 16), class_="card-back") for k in range(hand)
    ]
    backs_w = 16 + step * max(0, hand - 1)
    backs.append(label(hx + max(backs_w, 16) + 8, y, f"{hand} in hand", fill=MUTED))
    body.append(
        group(
            [_title(f"{seat_label(seat)} holds {hand} cat card(s)"), *backs],
            id=f"hand-{seat}",
            class_="hand-backs",
        )
    )
    # masks received (face up, apart from the reserve)
    y += 26
    body.append(label(10, y, "received", fill=MUTED))
    gx = 76
    received = view["received"][seat]
    for giver in range(n):
        if not received[giver]:
            continue
        body.append(
            group(
                [
                    _title(f"{received[giver]} mask(s) of {seat_tooltip(giver)}"),
                    _seat_mark(gx, y - 4, giver),
                    label(gx + 11, y, f"×{received[giver]}", 12, font_weight="bold"),
                ],
                id=f"received-{seat}-{giver}",
                class_="mask-received",
            )
        )
        gx += 44
    if not any(received):
        body.append(label(gx - 8, y, "none", fill=MUTED))
    tip = (
        f"{seat_tooltip(seat)}: {view['points'][seat]} points, {view['supply'][seat]} masks "
        f"in reserve, {sum(received)} received, {view['hidden_counts'][seat]} traits secret"
    )
    ring = [_ring(0, 0, w, PANEL_H)] if f"player-{seat}" in hl else []
    return group(
        [_title(tip), *body, *ring],
        id=f"player-{seat}",
        class_=f"player seat-{seat}" + (" acting" if acting else ""),
        transform=_translate(x, HEADER_H),
    )


def _grid(count: int, width: float) -> tuple[int, int]:
    cols = max(1, int((width + GAP) // (CARD_W + GAP)))
    rows = (count + cols - 1) // cols
    return cols, rows


def _table(view: dict[str, Any], y: float, hl: Collection[str]) -> tuple[list[str], float]:
    cats = view["table"]
    inner = WIDTH - 2 * PAD
    cols, rows = _grid(len(cats), inner)
    out = [
        label(
            PAD,
            y + 16,
            f"Dance floor: {len(cats)} cat{'s' if len(cats) != 1 else ''} played",
            14,
            font_weight="bold",
        ),
        label(
            PAD + 220,
            y + 16,
            "masks on top: one from every player sharing a trait with the cat",
            fill=MUTED,
        ),
    ]
    y += 26
    if not cats:
        out.append(label(PAD, y + 20, "No cat on the dance floor yet.", 12, fill=MUTED))
        return out, y + 34
    for k, cat in enumerate(cats):
        r, c = divmod(k, cols)
        tip = (
            _cat_tip(cat)
            + f"; played by {seat_label(cat['player'])}; masks from "
            + (", ".join(seat_label(m) for m in cat["maskers"]) or "nobody")
        )
        out.append(
            _thing(
                f"table-cat-{cat['card']}",
                "cat-card table-cat",
                PAD + c * (CARD_W + GAP),
                y + r * (CARD_H + GAP),
                (CARD_W, CARD_H),
                _cat_face(cat, cat["maskers"]),
                tip,
                hl,
            )
        )
    return out, y + rows * (CARD_H + GAP)


def _bottom(view: dict[str, Any], y: float, hl: Collection[str]) -> tuple[list[str], float, float]:
    """The viewer's hand, the draw pile and the recent guesses; returns the bottom and right."""
    out: list[str] = []
    viewer = view["viewer"]
    hand = view["hand"]
    x = PAD
    if hand == HIDDEN:
        out.append(label(x, y + 16, "Hands", 14, font_weight="bold"))
        out.append(label(x, y + 40, "Spectator view: every hand", fill=MUTED))
        out.append(label(x, y + 56, "is secret (backs above).", fill=MUTED))
        hand_w = 190.0
    else:
        out.append(label(x, y + 16, f"Your hand ({seat_label(viewer)})", 14, font_weight="bold"))
        for k, card in enumerate(hand):
            out.append(
                _thing(
                    f"hand-cat-{card['card']}",
                    "cat-card hand-cat",
                    x + k * (CARD_W + GAP),
                    y + 26,
                    (CARD_W, CARD_H),
                    _cat_face(card),
                    _cat_tip(card),
                    hl,
                )
            )
        if not hand:
            out.append(label(x, y + 44, "no cat card left", fill=MUTED))
        hand_w = max(190.0, len(hand) * (CARD_W + GAP))
    # draw pile: up to three backs, the count on the top one
    x += hand_w + 10
    deck = view["deck_size"]
    shown = min(3, deck)
    pile = [_use("ig-cb", x=2 * k, y=-2 * k) for k in range(shown)]
    if shown:
        top = 2 * (shown - 1)
        pile.append(
            label(
                CARD_W / 2 + top,
                CARD_H - 12 - top,
                str(deck),
                12,
                fill="#ffffff",
                text_anchor="middle",
                font_weight="bold",
            )
        )
    else:
        pile = [
            el(
                "rect",
                width=CARD_W,
                height=CARD_H,
                rx=6,
                fill="none",
                stroke=CARD_EDGE,
                stroke_dasharray="4 4",
            ),
            label(CARD_W / 2, CARD_H / 2, "empty", fill=MUTED, text_anchor="middle"),
        ]
    out.append(label(x, y + 16, "Draw pile", 14, font_weight="bold"))
    out.append(
        _thing(
            "deck",
            "deck",
            x,
            y + 30,
            (CARD_W, CARD_H),
            pile,
            f"draw pile: {deck} cat card(s)",
            hl,
        )
    )
    # recent guesses
    x += CARD_W + 34
    out += _guesses(view, x, y)
    return out, y + 30 + CARD_H + PAD, x + GUESSES_W


RECENT = 6
"""How many of the latest guesses the picture lists."""
GUESSES_W = 470
"""Room the guesses list needs (a long trait name included)."""


def _guesses(view: dict[str, Any], x: float, y: float) -> list[str]:
    guesses = view["guesses"]
    out = [label(x, y + 16, "Recent guesses", 14, font_weight="bold")]
    if not guesses:
        out.append(label(x, y + 42, "No guess yet.", 12, fill=MUTED))
    start = max(0, len(guesses) - RECENT)
    rows = []
    for k, g in enumerate(guesses[start:]):
        gy = y + 42 + 22 * k
        right = g["correct"]
        rows.append(
            group(
                [
                    _title(
                        f"{seat_label(g['guesser'])} guessed {seat_label(g['suspect'])} "
                        f"is {g['trait']}: {'right' if right else 'wrong'}"
                    ),
                    label(
                        x,
                        gy,
                        "✔ right" if right else "✘ wrong",
                        None,
                        font_weight="bold",
                        fill="#1b7a3a" if right else "#b03a2e",
                    ),
                    _seat_mark(x + 78, gy - 4, g["guesser"]),
                    label(x + 92, gy, f"{seat_label(g['guesser'])} guessed", None),
                    _seat_mark(x + 212, gy - 4, g["suspect"]),
                    label(x + 226, gy, f"{seat_label(g['suspect'])} is {g['trait']}", None),
                ],
                id=f"guess-{start + k}",
                class_="guess " + ("right" if right else "wrong"),
                font_size=12,
            )
        )
    if start:
        out.append(label(x + 140, y + 16, f"(last {RECENT} of {len(guesses)})", fill=MUTED))
    return out + rows


def svg(view: dict[str, Any], *, highlight: Collection[str] = (), narrow: bool = False) -> SVG:
    """The table as ``view``'s player sees it; ``highlight``: ids drawn with a gold ring.

    When the viewer decides a guess, a palette of the traits they may name is drawn
    under the players (chips ``trait-<name>``, see :func:`guessable_traits`).
    """
    hl = frozenset(highlight)
    n = view["num_players"]
    viewer = view["viewer"]
    seen = "spectator view" if viewer is None else f"seen by {seat_label(viewer)}"
    header = [
        label(PAD, 26, "Indovina Gatto", 20, font_weight="bold"),
        label(PAD + 172, 25, _status(view), 14),
        label(WIDTH - PAD, 25, seen, 12, fill=MUTED, text_anchor="end"),
    ]
    panel_w = (WIDTH - 2 * PAD - (n - 1) * GAP) / n
    panels = [_player_panel(view, p, PAD + p * (panel_w + GAP), panel_w, hl) for p in range(n)]
    palette, y = _palette(view, HEADER_H + PANEL_H + 12, hl)
    table, y = _table(view, y, hl)
    bottom, height, right = _bottom(view, y + 4, hl)
    body = group([*header, *panels, *palette, *table, *bottom], fill=INK, font_size=MIN_FONT_PX)
    return document(
        max(WIDTH, right + PAD),
        height,
        [_defs(n, body), body],
        game=GAME,
        label=f"Indovina Gatto: {summary(view)}",
    )


# ------------------------------------------------------------------------- text
def _seat_short(seat: int) -> str:
    return f"P{seat}"


def text(view: dict[str, Any]) -> str:
    """A compact text table (at most 25 lines): status, players, hand, dance floor, guesses."""
    n = view["num_players"]
    seen = "spectator" if view["viewer"] is None else f"seen by P{view['viewer']}"
    lines = [f"Indovina Gatto, {n} players ({seen}). {_status(view)}"]
    for p in range(n):
        fan = []
        for t in view["traits"][p]:
            if t == HIDDEN:
                fan.append("?")
            elif t in view["revealed"][p]:
                fan.append(f"{t} (unmasked)")
            else:
                fan.append(f"[{t}]")
        got = sum(view["received"][p])
        lines.append(
            f"P{p}: {view['points'][p]} pts | traits: {', '.join(fan)} | masks {view['supply'][p]}"
            f" left, {got} received | {view['hand_sizes'][p]} cats in hand"
        )
    if view["hand"] != HIDDEN:
        cats = "; ".join(f"#{c['card']} {' '.join(c['traits'])}" for c in view["hand"])
        lines.append(f"Your hand: {cats or 'empty'}")
    recent = view["guesses"][-3:]
    budget = 25 - len(lines) - 2 - len(recent) - (1 if recent else 0)
    cats = view["table"]
    lines.append(
        f"Dance floor: {len(cats)} cats, draw pile {view['deck_size']}"
        + (" (latest first):" if cats else ".")
    )
    shown = list(reversed(cats))
    if len(shown) > budget:
        shown = shown[: budget - 1]
    for cat in shown:
        masks = " ".join(_seat_short(m) for m in cat["maskers"]) or "-"
        lines.append(f"  #{cat['card']} {' '.join(cat['traits'])} | masks: {masks}")
    if len(shown) < len(cats):
        lines.append(f"  ... and {len(cats) - len(shown)} earlier cats")
    if recent:
        lines.append("Recent guesses:")
        for g in recent:
            verdict = "right" if g["correct"] else "wrong"
            lines.append(f"  P{g['guesser']} -> P{g['suspect']} is {g['trait']}: {verdict}")
    return "\n".join(lines)


def summary(view: dict[str, Any]) -> str:
    """One line for ``repr``: players, whose turn and phase, cats on the dance floor."""
    n, cats = view["num_players"], len(view["table"])
    if view["phase"] == OVER or view["decider"] == TERMINAL:
        won = "+".join(f"P{w}" for w in _winners(view))
        return f"{n}p, game over, winner {won}, {cats} cats played"
    who = view["decider"]
    doing = {PLAY: "to play a cat", GUESS: "to guess", FINAL: "final guess"}.get(
        view["phase"], view["phase"]
    )
    return f"{n}p, P{who} {doing}, {cats} cats on the floor, deck {view['deck_size']}"


# ------------------------------------------------------------------------- example
def example_view() -> dict[str, Any]:
    """A typical mid-game position: 3 players, a dozen cats on the floor, some guesses."""
    state = new_game(3, seed=2019)
    rng = random.Random(2019)
    while len(state.table) < 12 and not state.is_terminal():
        actions = state.legal_actions()
        if state.phase == PLAY:
            action = rng.choice(actions)
        else:
            luck = rng.random()
            right = [
                a
                for a in actions
                if not isinstance(a, Pass) and a.trait in state.hidden_traits(a.suspect)
            ]
            if luck < 0.2 and right:
                action = rng.choice(right)
            elif luck < 0.5:
                action = rng.choice(actions)
            else:
                action = Pass()
        state = state.apply(action)
    return state.view(None)
