"""Indovina Gatto's pieces, drawn: cat silhouettes, patterns, accessories, cat cards, trait
cards and the shared ``<defs>``, with the seats' labels; every layout of
:mod:`nekolib.indovina_gatto.picture` (wide and narrow) draws with them. Standard library
only.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from nekolib.core import HIDDEN
from nekolib.indovina_gatto.rules import (
    ACCESSORIES,
    CATEGORY,
    COLOURS,
    FINAL,
    GUESS,
    OVER,
    PATTERNS,
    PLAY,
    POSES,
)
from nekolib.picture import (
    INK,
    MIN_FONT_PX,
    MUTED,
    PLAYER_NAMES,
    el,
    group,
    player_marker,
)

GAME = "indovina_gatto"
HIGHLIGHT = "#f2b600"

# ------------------------------------------------------------------------- trait lookup
TRAIT_GROUPS: dict[str, tuple[str, ...]] = {
    "pose": POSES,
    "colour": COLOURS,
    "pattern": PATTERNS,
    "accessory": ACCESSORIES,
}
"""The traits of each category, in the order the pictograms are numbered by."""


def trait_index(trait: str) -> tuple[str, int]:
    """``(category, position in that category)``: what the pictograms are keyed by."""
    category = CATEGORY[trait]
    return category, TRAIT_GROUPS[category].index(trait)


def _traits_of(traits: Sequence[str], category: str) -> list[int]:
    """Positions of the ``category`` traits among ``traits`` (in the card's order)."""
    return [TRAIT_GROUPS[category].index(t) for t in traits if CATEGORY.get(t) == category]


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
seat_marker = lru_cache(maxsize=2048)(player_marker)
"""The kit's seat marker (colour, shape, letter), memoised: a picture draws dozens."""


def seat_label(seat: int) -> str:
    """How the picture names a seat: ``"Player 0"`` (beside its marker: colour, shape, letter)."""
    return f"Player {seat}"


def seat_tooltip(seat: int) -> str:
    return f"Player {seat} ({PLAYER_NAMES[seat % len(PLAYER_NAMES)]} seat marker)"


# ------------------------------------------------------------------------- silhouettes
# A silhouette is a list of primitive shapes in a 64 x 52 box (ground at y = 50, facing
# right), defined once per picture (defs_for) as ONE path (their union) and drawn with <use>
# three times: a thick outline, the fur fill, then the pattern fill (see cat_figure).
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


def use_def(ref: str, **attrs: Any) -> str:
    """A ``<use>`` of the definition ``ref`` (see :func:`defs_for`)."""
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


def tooltip(words: str) -> str:
    """A tooltip (quotes need no escaping in element text)."""
    return f"<title>{escape(words, quote=False)}</title>"


def _eye(fill: str) -> str:
    """Eyes are drawn light on a dark fur."""
    return "#f6e05e" if _is_dark(fill) else INK


@lru_cache(maxsize=512)
def cat_figure(
    pose: int, fur: str, patterns: tuple[int, ...], cls: str, x: float, y: float, scale: float = 1
) -> str:
    """The cat at ``x, y``: ``ig-cat<pose>`` (outline, fur in ``fill``, eyes in ``color``);
    each pattern is one more pass over the fur, then the eyes again on top."""
    pose %= len(SILHOUETTES)
    eye = _eye(fur)
    if not patterns and scale == 1:
        return use_def(f"ig-cat{pose}", x=x, y=y, fill=fur, color=eye, class_=cls)
    parts = [use_def(f"ig-cat{pose}", fill=fur, color=eye)]
    if patterns:
        dark = _is_dark(fur)
        parts += [use_def(_pose_id(pose), fill=f"url(#{_pattern_id(p, dark)})") for p in patterns]
        parts.append(use_def(f"ig-e{pose}", fill=eye))
    return group(parts, class_=cls, transform=translate(x, y, scale))


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
        line = [use_def(_pose_id(pose))]
        if pose == 0:  # the leaping cat's shadow shows it is in the air
            shadow = el("ellipse", cx=30, cy=49, rx=17, ry=2.2, fill="#000", opacity=0.18)
            line.insert(0, el("g", shadow, stroke="none"))
        put(f"ig-e{pose}", *(el("circle", cx=x, cy=y, r=1.4) for x, y in EYES[pose % len(EYES)]))
        eyes = use_def(f"ig-e{pose}", fill="currentColor")
        put(f"ig-cat{pose}", group(line, **outline), use_def(_pose_id(pose)), eyes)
    put("ig-head", tag="path", d=_path(_head(0, 0, 14)))
    put("ig-ho", use_def("ig-head"), **outline)
    put(
        "ig-hf",
        el("circle", cx=-5, cy=-2, r=1.9),
        el("circle", cx=5, cy=-2, r=1.9),
        el("polygon", points="-2,3 2,3 0,5.5"),
    )
    put("ig-fh", use_def("ig-ho"), use_def("ig-head"), use_def("ig-hf", fill="currentColor"))
    for i, make in enumerate(ACCESSORY_ICONS):
        put(f"ig-a{i}", make())
        put(
            f"ig-ab{i}", el("circle", r=11.5, fill="#ffffff", stroke=CARD_EDGE), use_def(f"ig-a{i}")
        )
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


def defs_for(num_players: int, body: str) -> str:
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


def accessory_icon(index: int, **attrs: Any) -> str:
    """The icon of accessory ``index`` (a ``<use>`` of ``ig-a<index>``), centred on 0, 0."""
    if 0 <= index < len(ACCESSORY_ICONS):
        return use_def(f"ig-a{index}", **attrs)
    return label(0, 4, "?", 12, text_anchor="middle")


def small_seat_marker(x: float, y: float, seat: int, id: str | None = None, cls: str = "") -> str:
    """A small seat marker (r = 8) centred on ``x, y``: a ``<use>`` of ``ig-m<seat>``."""
    classes = f"{cls} player-marker seat-{seat}".lstrip()
    return use_def(f"ig-m{seat}", id=id, x=float(x), y=float(y), class_=classes)


# ------------------------------------------------------------------------- helpers
def _num(v: float) -> str:
    """A coordinate rounded to one decimal, without trailing zeros."""
    return f"{round(v, 1):g}"


def translate(x: float, y: float, scale: float = 1.0) -> str:
    """An SVG ``transform``: ``translate(x y)``, then ``scale(s)`` unless ``scale`` is 1."""
    return f"translate({_num(x)} {_num(y)})" + (f" scale({scale:g})" if scale != 1 else "")


def highlight_ring(x: float, y: float, w: float, h: float) -> str:
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


def findable_group(
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
    ring = [highlight_ring(0, 0, *size)] if ident in highlight else []
    tips = [tooltip(tip)] if tip else []
    return group([*tips, *body, *ring], id=ident, class_=cls, transform=translate(x, y), **attrs)


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


def winning_seats(view: dict[str, Any]) -> list[int]:
    """The winners of the finished game in ``view``; the rule book: "Vince il giocatore con il
    maggior numero di punti. In caso di parità vince il giocatore con il maggior numero di
    caratteristiche non smascherate." """
    keys = [(view["points"][p], view["hidden_counts"][p]) for p in range(view["num_players"])]
    return [p for p, k in enumerate(keys) if k == max(keys)]


def status_line(view: dict[str, Any]) -> str:
    """The picture's one-line status: whose turn and what they do, or who won and why."""
    if view["phase"] == OVER:
        reason = END_REASONS.get(view["end_reason"], view["end_reason"])
        won = " and ".join(seat_label(w) for w in winning_seats(view))
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


def cat_card_tip(card: dict[str, Any]) -> str:
    """A cat card's tooltip: its number and traits."""
    return f"cat #{card['card']}: " + ", ".join(card["traits"])


def cat_card_face(card: dict[str, Any], maskers: Sequence[int] = ()) -> tuple[str, ...]:
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
    body = [use_def("ig-cf"), cat_figure(pose, fur, tuple(patterns), classes, CAT_X, CAT_Y)]
    colour_words = "/".join(t for t in traits if CATEGORY.get(t) == "colour")
    body.append(label(6, 94, colour_words or "-"))
    body.append(label(6, 110, f"#{number}", fill=MUTED))
    for k, acc in enumerate(reversed(accessories)):
        cx, cy = CARD_W - 16 - 24 * k, CARD_H - 20
        cls = f"pictogram accessory accessory-{acc}"
        if 0 <= acc < len(ACCESSORY_ICONS):  # the badge: a white disc with the icon
            body.append(use_def(f"ig-ab{acc}", x=cx, y=cy, class_=cls))
        else:
            body.append(group([accessory_icon(acc)], class_=cls, transform=translate(cx, cy)))
    if maskers:
        step = min(19.0, (CARD_W - 20) / max(1, len(maskers) - 1)) if len(maskers) > 1 else 0
        x0 = CARD_W / 2 - step * (len(maskers) - 1) / 2
        for k, seat in enumerate(maskers):  # the card's tooltip names the maskers
            body.append(
                small_seat_marker(x0 + k * step, 13.5, seat, id=f"mask-{number}-{seat}", cls="mask")
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
        use_def(
            "ig-mask", transform=translate(w / 2, h / 2 - (8 if lifted else 0), min(w, h) / 40)
        ),
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
def head_pictogram(category: str, i: int, transform: str) -> str:
    """A head in fur colour ``i`` (``colour``) or with pattern ``i`` on a neutral fur."""
    if category == "colour":
        fill = _fur_fill(i)
        return use_def(
            "ig-fh", fill=fill, color=_eye(fill), class_=f"pictogram fur-{i}", transform=transform
        )
    body = [
        use_def("ig-fh", fill=PATTERN_BASE, color=_eye(PATTERN_BASE)),
        use_def("ig-head", fill=f"url(#{_pattern_id(i, False)})"),
        use_def("ig-hf", fill=_eye(PATTERN_BASE)),
    ]
    return group(body, class_=f"pictogram pattern-{i}", transform=transform)


def _trait_pictogram(trait: str) -> str:
    """The picture on a trait card, by category and position."""
    category, i = trait_index(trait)
    if category == "pose":
        return cat_figure(i, NEUTRAL_FUR, (), f"pictogram pose-{i}", 3, 17)
    if category == "accessory":
        return accessory_icon(
            i, class_=f"pictogram accessory-{i}", transform="translate(35 44) scale(1.9)"
        )
    return head_pictogram(category, i, "translate(35 48)")


@lru_cache(maxsize=256)
def _trait_face(trait: str, ribbon: str = "") -> tuple[str, ...]:
    """A face-up trait card: pictogram, name, and a ribbon (``secret`` or ``unmasked``).
    Its words are centred by the card's group (``text-anchor``)."""
    body = [use_def("ig-tf"), _trait_pictogram(trait)]
    lines = _wrap(trait)
    y0 = 82 if len(lines) > 1 else 88
    body += [label(TRAIT_W / 2, y0 + 13 * k, line) for k, line in enumerate(lines)]
    if ribbon in RIBBONS:
        body.append(use_def(f"ig-r-{ribbon}"))
    return tuple(body)


RIBBONS = {"secret": MUTED, "unmasked": "#b03a2e"}
"""The ribbon across the top of a face-up trait card, and its colour."""


def fan_card(
    view: dict[str, Any], seat: int, i: int, trait: str, x: float, y: float, hl: Collection[str]
) -> str:
    """Card ``i`` of ``seat``'s fan of trait cards at ``x, y``: its back while secret to the
    viewer, else its face with a ``secret`` or ``unmasked`` ribbon."""
    ident = f"fan-{seat}-{i}"
    size = (TRAIT_W, TRAIT_H)
    if trait == HIDDEN:
        tip = f"{seat_label(seat)}'s trait card: secret"
        return findable_group(
            ident, "trait-card trait-back", x, y, size, [use_def("ig-tb")], tip, hl
        )
    unmasked = trait in view["revealed"][seat]
    if unmasked:
        body = _trait_face(trait, "unmasked")
        tip = f"{seat_label(seat)}'s trait {trait}: unmasked, everyone sees it"
    else:
        body = _trait_face(trait, "secret")
        tip = f"{seat_label(seat)}'s trait {trait}: secret, only {seat_label(seat)} sees it"
    cls = "trait-card trait-unmasked" if unmasked else "trait-card trait-secret"
    return findable_group(ident, cls, x, y, size, body, tip, hl, text_anchor="middle")


# ------------------------------------------------------------------------- trait chips
CHIP_H = 34
"""Chip height: 24 CSS px or more even when the 1000 px picture is shrunk to a tablet's
738 px (WCAG 2.2 target size; the pictogram and name are drawn for 26 px and centred)."""
PILLS = (72, 92, 118, 144)
"""Chip widths (defined once each, ``ig-p<width>``): every trait name fits one of them."""
