"""Neko-in drawn as the box looks: the house, the Garden, the cats, the tiles and the dice.

Pure functions of a view (``state.view(player)``), standard library only:

* :func:`svg` - every room in play as a board in its frame colour with its 5 hideout
  spaces (spring mouse, bird, bell, butterfly, fish bone), the cats as pawns on their
  spaces (a napping cat lies down), cats gathered by a Cat Teaser under their room,
  covered hideouts with their hideout tile on top, face-down event tiles (Events),
  the Garden with its cats, the last dice, and every seat with its cat, its hideout
  tiles (face up only for the viewer) and its event tiles;
* :func:`text` - the same in at most 25 lines; :func:`summary` - one line for ``repr``.

Rulebook (``seeds/000_*.txt``): '7 room boards, one per colour: Black/Entrance,
Red/Kitchen, Yellow/Living Room, Pink/Bedroom, Light Blue/Bedroom, White/Bathroom
and Green/Garden.' '30 hideout tiles. Each shows a coloured icon: spring mouse, bird,
bell, butterfly or fish bone. The back shows pink pawprints on a grey background.'
'30 event tiles ... The front has a green background. The backs show pawprints on
backgrounds of different colours'.

Ids (stable, for tests and clicks): ``room-<r>``, ``space-<s>`` (global space index),
``cat-<colour>`` (spaces as ``_``: ``cat-light_blue``), ``garden``, ``die-0``,
``die-1``, ``seat-<p>``, ``hand-<p>``, ``tile-<p>-<i>``, ``held-<p>-<event>``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from functools import lru_cache
from typing import Any

from nekolib.core import HIDDEN, TABLE, TERMINAL
from nekolib.neko_in.rules import COLOURS, ICONS
from nekolib.picture import INK, MUTED, PLAYER_NAMES, SVG, document, el, group, player_marker
from nekolib.picture import text as label
from nekolib.picture import title as tooltip

__all__ = ["example_view", "summary", "svg", "text"]

# --------------------------------------------------------------------------- palette
CAT_FILL: dict[str, str] = {
    "black": "#262626",
    "red": "#d03a2f",
    "yellow": "#f4c20d",
    "pink": "#f49ac1",
    "light blue": "#8fd3f4",
    "white": "#ffffff",
}
"""Fur and frame colours (the game's own colours; every pawn also has a letter and an outline)."""
CAT_LETTER: dict[str, str] = {
    "black": "B",
    "red": "R",
    "yellow": "Y",
    "pink": "P",
    "light blue": "LB",
    "white": "W",
}
ROOM_TINT: dict[str, str] = {
    "black": "#e6e3de",
    "red": "#f8dfdb",
    "yellow": "#fbf1c8",
    "pink": "#fbe3ee",
    "light blue": "#ddf1fb",
    "white": "#ffffff",
}
GARDEN_FRAME, GARDEN_TINT = "#4f9a3a", "#e2f0d6"
TILE_BACK, PAWPRINT = "#9a9a9a", "#f49ac1"
"""'The back shows pink pawprints on a grey background.'"""
EVENT_FRONT = "#3b8a3e"
"""'The front has a green background.'"""
GOLD = "#f2b600"
DARK_FILLS = frozenset({"black", "red"})

# --------------------------------------------------------------------------- geometry
MARGIN = 12
GAP = 12
CELL_W, CELL_H = 52, 80
ROOM_PAD = 8
ROOM_W = 5 * CELL_W + 2 * ROOM_PAD
ROOM_TITLE = 26
GATHER_H = 34
BANNER_H = 50
MIDDLE_H = 112
SEAT_W = (3 * ROOM_W + 2 * GAP - GAP) / 2
WIDTH = 2 * MARGIN + 3 * ROOM_W + 2 * GAP

PHASE_TEXT = {
    "move": "move the cat to a room",
    "wake": "the cat is napping: it may only wake up",
    "brawl": "brawl! roll the two dice",
    "hide": "choose the hideout",
    "crunchies": "Crunchies: roll the two dice",
    "teaser": "Cat Teaser: roll until one cat remains",
    "catch": "roll to see which cat to catch",
    "fastest": "catch the cat! who was fastest?",
    "discard": "get rid of one tile",
    "over": "game over",
}


# --------------------------------------------------------------------------- small helpers
def _slug(colour: str) -> str:
    return colour.replace(" ", "_")


def _edge(fill: str) -> str:
    """Outline of a pawn: ink, or mid grey on the black cat so its head and body stay apart."""
    return "#8a8a8a" if fill == CAT_FILL["black"] else INK


def _on(fill: str) -> str:
    """Ink colour for letters on a cat/room colour ``fill`` (a colour name)."""
    return "white" if fill in DARK_FILLS else INK


def _seat_name(view: dict[str, Any], seat: int) -> str:
    """'Red (black cat)': the seat's name from the shared kit and the colour of its cat."""
    colour = view["players"][seat]["colour"]
    return f"{PLAYER_NAMES[seat % len(PLAYER_NAMES)]} ({colour} cat)"


def _who(view: dict[str, Any], decider: int | None) -> str:
    if decider is None or decider == TERMINAL:
        return "nobody"
    if decider == TABLE:
        return "the table"
    if decider < 0:
        return "the dice"
    return _seat_name(view, decider)


def _ring(x: float, y: float, w: float, h: float, rx: float = 6) -> str:
    """Highlight: a thick gold outline plus a dashed dark ring (visible without colour)."""
    common = {"x": x - 4, "y": y - 4, "width": w + 8, "height": h + 8, "rx": rx + 3}
    return el("rect", **common, fill="none", stroke=GOLD, stroke_width=5, class_="highlight") + el(
        "rect", **common, fill="none", stroke=INK, stroke_width=1.5, stroke_dasharray="5 4"
    )


def _tile_split(name: str) -> tuple[str, str] | None:
    """``'light blue fish bone'`` -> ``('light blue', 'fish bone')`` (``None`` if hidden)."""
    for colour in COLOURS:
        rest = name.removeprefix(colour + " ")
        if rest != name and rest in ICONS:
            return colour, rest
    return None


# --------------------------------------------------------------------------- glyphs
@lru_cache(maxsize=4096)
def icon(kind: str, x: float, y: float, fill: str, s: float = 1.0) -> str:
    """A hideout icon centred on ``(x, y)`` (about ``26 * s`` px), in ``fill`` with an ink outline.

    'spring mouse, bird, bell, butterfly or fish bone'. Cached: a board has few icon places.
    """

    def p(dx: float, dy: float) -> str:
        return f"{x + dx * s:.1f},{y + dy * s:.1f}"

    line = {"fill": fill, "stroke": INK, "stroke_width": 1.2, "stroke_linejoin": "round"}
    eye = INK if fill not in ("#262626", "#d03a2f") else "#ffffff"
    if kind == "spring mouse":
        # a wind-up toy mouse: round back, pointed nose, ear, curly tail, a spring underneath
        spring = f"M{p(-7, 7)} " + " ".join(
            f"Q{p(-5.5 + 3 * k, 13 if k % 2 == 0 else 5)} {p(-4 + 3 * k, 9)}" for k in range(4)
        )
        body = (
            f"M{p(-10, 6)} C{p(-11, -5)} {p(1, -9)} {p(7, -3)} L{p(13, 3)}"
            f" C{p(6, 7)} {p(-2, 7)} {p(-10, 6)} Z"
        )
        parts = [
            el("path", d=spring, fill="none", stroke=INK, stroke_width=1.5 * s),
            el(
                "path",
                d=f"M{p(-10, 4)} C{p(-16, 3)} {p(-15, -5)} {p(-10, -6)}",
                fill="none",
                stroke=INK,
                stroke_width=1.4 * s,
            ),
            el("circle", cx=x + 1.5 * s, cy=y - 6 * s, r=3.8 * s, **line),
            el("path", d=body, **line),
            el("circle", cx=x + 6 * s, cy=y - 0.5 * s, r=1.2 * s, fill=eye),
            el("circle", cx=x + 13 * s, cy=y + 3 * s, r=1.1 * s, fill=INK),
        ]
    elif kind == "bird":
        body = (
            f"M{p(-12, 1)} L{p(-5, -1)} Q{p(-2, -8)} {p(5, -8)} Q{p(10, -8)} {p(11, -4)}"
            f" L{p(14, -3)} L{p(10, -1)} Q{p(9, 8)} {p(-1, 8)} Q{p(-6, 7)} {p(-8, 4)} Z"
        )
        wing = f"M{p(-4, 1)} Q{p(2, -3)} {p(6, 3)} Q{p(0, 6)} {p(-4, 1)} Z"
        parts = [
            el("path", d=body, **line),
            el("path", d=wing, fill="none", stroke=INK, stroke_width=1.1),
            el("circle", cx=x + 7 * s, cy=y - 4.5 * s, r=1.3 * s, fill=eye),
            el("path", d=f"M{p(-1, 8)} L{p(-2, 12)} M{p(3, 8)} L{p(3, 12)}", stroke=INK),
        ]
    elif kind == "bell":
        bell = (
            f"M{p(-9, 7)} C{p(-9, -1)} {p(-8, -9)} {p(0, -9)} C{p(8, -9)} {p(9, -1)} {p(9, 7)}"
            f" L{p(12, 9)} L{p(-12, 9)} Z"
        )
        parts = [
            el("circle", cx=x, cy=y - 11 * s, r=2.4 * s, fill="none", stroke=INK, stroke_width=1.4),
            el("path", d=bell, **line),
            el("circle", cx=x, cy=y + 11 * s, r=2.6 * s, **line),
            el("path", d=f"M{p(-6, 3)} L{p(6, 3)}", stroke=INK, stroke_width=1.1),
        ]
    elif kind == "butterfly":
        upper = (
            f"M{p(0, -1)} C{p(-6, -14)} {p(-14, -10)} {p(-12, -2)}"
            f" C{p(-11, 2)} {p(-4, 2)} {p(0, 1)} Z"
        )
        lower = f"M{p(0, 1)} C{p(-9, 2)} {p(-11, 11)} {p(-4, 10)} C{p(-1, 9)} {p(0, 5)} {p(0, 3)} Z"
        mirror = f"translate({2 * x:.1f},0) scale(-1,1)"
        wings = el("path", d=upper, **line) + el("path", d=lower, **line)
        parts = [
            wings,
            el("g", wings, transform=mirror),
            el("ellipse", cx=x, cy=y + 1 * s, rx=1.8 * s, ry=8 * s, fill=INK),
            el(
                "path",
                d=f"M{p(-1, -6)} Q{p(-3, -11)} {p(-6, -12)} M{p(1, -6)} Q{p(3, -11)} {p(6, -12)}",
                fill="none",
                stroke=INK,
                stroke_width=1.1,
            ),
        ]
    elif kind == "fish bone":
        head = f"M{p(6, 0)} L{p(13, -6)} Q{p(15, 0)} {p(13, 6)} Z"
        tail = f"M{p(-9, 0)} L{p(-14, -6)} L{p(-12, 0)} L{p(-14, 6)} Z"
        ribs = " ".join(f"M{p(dx, -6)} L{p(dx + 2, 6)}" for dx in (-6, -2, 2))
        spine = f"M{p(-11, 0)} L{p(7, 0)} " + ribs
        parts = [
            el("path", d=spine, fill="none", stroke=INK, stroke_width=4.2 * s),
            el("path", d=spine, fill="none", stroke=fill, stroke_width=2 * s),
            el("path", d=head, **line),
            el("path", d=tail, **line),
            el("circle", cx=x + 11 * s, cy=y - 1 * s, r=1.2 * s, fill=eye),
        ]
    else:  # unknown icon: a plain dot, never a crash
        parts = [el("circle", cx=x, cy=y, r=8 * s, **line)]
    return group(parts, class_="icon")


def pawprint(x: float, y: float, fill: str, s: float = 1.0) -> str:
    """A pawprint (tile backs)."""
    toes = "".join(
        el("ellipse", cx=x + dx * s, cy=y + dy * s, rx=1.7 * s, ry=2.1 * s, fill=fill)
        for dx, dy in ((-4.6, -2.2), (-1.6, -5), (1.6, -5), (4.6, -2.2))
    )
    pad = el("ellipse", cx=x, cy=y + 2.6 * s, rx=3.9 * s, ry=3.2 * s, fill=fill)
    return toes + pad


def _cat_head(x: float, y: float, r: float, fill: str) -> str:
    """A cat head: a circle with two ears, ink outline (white and black cats both stand out)."""

    def at(dx: float, dy: float) -> str:
        return f"{x + dx * r:.1f},{y + dy * r:.1f}"

    ears = " ".join(
        f"M{at(side * 0.95, -0.25)} L{at(side * 0.85, -1.45)} L{at(side * 0.2, -0.9)} Z"
        for side in (-1, 1)
    )
    common = {"fill": fill, "stroke": _edge(fill), "stroke_width": 1.5, "stroke_linejoin": "round"}
    return el("path", d=ears, **common) + el("circle", cx=x, cy=y, r=r, **common)


@lru_cache(maxsize=4096)
def cat_pawn(
    colour: str,
    x: float,
    y: float,
    *,
    napping: bool = False,
    where: str = "",
    owner: str = "",
    hl: frozenset[str] = frozenset(),
) -> str:
    """A cat pawn standing (or lying down, napping) with its letter and a tooltip."""
    fill = CAT_FILL.get(colour, "#cccccc")
    letter = CAT_LETTER.get(colour, colour[:2].upper())
    who = f", {owner}'s cat" if owner else ", a spare cat"
    state = "napping on" if napping else "on"
    tip = tooltip(f"the {colour} cat{who}, {state} {where}" if where else f"the {colour} cat{who}")
    if napping:
        body = el(
            "ellipse",
            cx=x + 3,
            cy=y + 4,
            rx=15,
            ry=8,
            fill=fill,
            stroke=_edge(fill),
            stroke_width=1.5,
        )
        tail = el(
            "path",
            d=f"M{x + 17:.1f},{y + 5:.1f} Q{x + 22:.1f},{y - 4:.1f} {x + 15:.1f},{y - 6:.1f}",
            fill="none",
            stroke=INK,
            stroke_width=2.5,
        )
        head = _cat_head(x - 11, y - 1, 6.5, fill)
        zz = label(x + 9, y - 8, "z", 11, font_weight="bold", fill=INK, font_style="italic")
        letters = label(
            x + 4, y + 8, letter, 11, font_weight="bold", text_anchor="middle", fill=_on(colour)
        )
        parts = [tip, tail, body, head, zz, letters]
        cls = "cat napping"
    else:
        size = 12 if len(letter) == 1 else 11
        letters = label(
            x, y + 4.5, letter, size, font_weight="bold", text_anchor="middle", fill=_on(colour)
        )
        parts = [tip, _cat_head(x, y, 12, fill), letters]
        cls = "cat"
    ident = f"cat-{_slug(colour)}"
    if ident in hl:
        parts.append(_ring(x - 19, y - 19, 40, 34, 8) if napping else _ring(x - 13, y - 18, 26, 31))
    return group(parts, id=ident, class_=cls, data_colour=colour)


def cat_swatch(colour: str, x: float, y: float) -> str:
    """A small cat head in a seat's label (not a pawn: class ``cat-swatch``)."""
    return group([_cat_head(x, y, 8, CAT_FILL.get(colour, "#cccccc"))], class_="cat-swatch")


@lru_cache(maxsize=1024)
def hideout_tile(colour: str, kind: str, x: float, y: float, size: float, *, cls: str) -> str:
    """A face-up hideout tile: a coloured icon on a light tile."""
    return group(
        [
            el(
                "rect",
                x=x,
                y=y,
                width=size,
                height=size,
                rx=4,
                fill="#f3ecdc",
                stroke=INK,
                stroke_width=1.4,
            ),
            icon(kind, x + size / 2, y + size / 2, CAT_FILL.get(colour, "#cccccc"), size / 32),
        ],
        class_=cls,
    )


@lru_cache(maxsize=1024)
def tile_back(
    x: float, y: float, size: float, *, colour: str = TILE_BACK, paw: str = PAWPRINT
) -> str:
    """A tile face down: pawprints on its back colour."""
    return el(
        "rect", x=x, y=y, width=size, height=size, rx=4, fill=colour, stroke=INK, stroke_width=1.4
    ) + pawprint(x + size / 2, y + size / 2, paw, size / 22)


def die(
    index: int, face: str | None, x: float, y: float, hl: frozenset[str], *, unused: bool = False
) -> str:
    """One die showing a cat colour (``None``: not rolled; ``'blank'``: a face with no colour).

    ``unused``: the last roll used fewer dice (the catch roll uses ``catch_dice``).
    """
    size = 38
    ident = f"die-{index}"
    if face is None:
        tip = "not used by the last roll" if unused else "not rolled yet"
        fill, mark, cls = "#f3f0ea", "-", "die unrolled"
    elif face in CAT_FILL:
        fill, mark, tip, cls = CAT_FILL[face], CAT_LETTER[face], f"die shows {face}", "die"
    else:
        fill, mark, tip, cls = "#f3f0ea", "", f"die shows {face}", "die"
    ink = _on(face) if face in CAT_FILL else INK
    letters = label(
        x + size / 2, y + size / 2 + 5, mark, 14, font_weight="bold", text_anchor="middle", fill=ink
    )
    parts = [
        tooltip(tip),
        el(
            "rect",
            x=x,
            y=y,
            width=size,
            height=size,
            rx=7,
            fill=fill,
            stroke=INK,
            stroke_width=1.8,
        ),
        letters,
    ]
    if ident in hl:
        parts.append(_ring(x, y, size, size, 7))
    return group(parts, id=ident, class_=cls, data_face=face or "")


# --------------------------------------------------------------------------- boards
def _space(
    view: dict[str, Any],
    room: dict[str, Any],
    space: dict[str, Any],
    x: float,
    y: float,
    hl: frozenset[str],
) -> str:
    """One hideout space: its icon, its covering tile, and the cat or event tile on it."""
    cat = space["cat"]
    return _space_drawn(
        space["space"],
        space["icon"],
        room["colour"],
        room["name"],
        space["covered"],
        space["event"],
        cat,
        bool(cat) and cat in view["napping"],
        _owner_of_cat(view, cat) if cat else "",
        x,
        y,
        hl & {f"space-{space['space']}", f"cat-{_slug(cat or '')}"},
    )


@lru_cache(maxsize=8192)
def _space_drawn(
    s: int,
    kind: str,
    colour: str,
    room_name: str,
    covered: bool,
    event: str | None,
    cat: str | None,
    napping: bool,
    owner: str,
    x: float,
    y: float,
    hl: frozenset[str],
) -> str:
    """:func:`_space` from hashable facts (cached: a game repeats few space pictures)."""
    cx = x + CELL_W / 2
    status = []
    if covered:
        status.append("covered by its hideout tile")
    if event:
        status.append("face-down event tile" if event == HIDDEN else f"event tile {event}")
    if cat:
        status.append(f"the {cat} cat")
    tip = f"{kind} hideout ({room_name})" + (": " + ", ".join(status) if status else "")
    parts = [
        tooltip(tip),
        el(
            "rect",
            x=x + 2,
            y=y,
            width=CELL_W - 4,
            height=CELL_H - 4,
            rx=7,
            fill="#fffdf8",
            stroke=MUTED,
            stroke_width=1,
        ),
    ]
    if covered:
        parts.append(hideout_tile(colour, kind, cx - 17, y + 5, 34, cls="hideout-tile on-board"))
    else:
        parts.append(icon(kind, cx, y + 22, CAT_FILL.get(colour, "#ccc"), 1.0))
    slot_y = y + 58
    items = []
    if event:
        items.append("event")
    if cat:
        items.append("cat")
    for item in items:
        if item == "event" and cat:  # rare (an Affinity swap): the tile goes in the corner
            parts.append(_event_on_space(s, event or HIDDEN, colour, x + CELL_W - 12, y + 9, 14))
        elif item == "event":
            parts.append(_event_on_space(s, event or HIDDEN, colour, cx, slot_y))
        else:
            parts.append(
                cat_pawn(
                    cat,
                    cx,
                    slot_y + 2,
                    napping=napping,
                    where=f"the {kind} hideout ({room_name})",
                    owner=owner,
                    hl=hl,
                )
            )
    ident = f"space-{s}"
    if ident in hl:
        parts.append(_ring(x + 2, y, CELL_W - 4, CELL_H - 4, 7))
    cls = "hideout covered" if covered else "hideout"
    return group(parts, id=ident, class_=cls, data_icon=kind)


def _event_on_space(s: int, event: str, colour: str, x: float, y: float, size: float = 22) -> str:
    """An event tile lying on space ``s``: its back in the set's colour ('The backs show
    pawprints on backgrounds of different colours'), or its green front if the view names it."""
    if event == HIDDEN:
        back = CAT_FILL.get(colour, TILE_BACK)
        paw = "#ffffff" if colour in DARK_FILLS else "#8a6f4a"
        body = tile_back(x - size / 2, y - size / 2, size, colour=back, paw=paw)
        return group(
            [tooltip("face-down event tile"), body],
            id=f"event-{s}",
            class_="event-tile face-down",
        )
    half = size / 2
    front = el(
        "rect", x=x - half, y=y - half, width=size, height=size, rx=4, fill=EVENT_FRONT, stroke=INK
    )
    letter = label(
        x, y + 4, event[:1], 12, fill="#ffffff", font_weight="bold", text_anchor="middle"
    )
    return group(
        [tooltip(f"event tile {event}"), front, letter],
        id=f"event-{s}",
        class_="event-tile face-up",
    )


def _owner_of_cat(view: dict[str, Any], colour: str) -> str:
    for p in view["players"]:
        if p["colour"] == colour:
            return _seat_name(view, p["seat"])
    return ""


def _room(
    view: dict[str, Any],
    room: dict[str, Any],
    x: float,
    y: float,
    hl: frozenset[str],
    gather: bool,
) -> str:
    """A room board in its frame colour: title, owner, 5 hideouts, gathered cats below.

    ``gather``: leave a strip for the cats a Cat Teaser gathered ('All the cats gather
    in the room where the cat teaser was turned over').
    """
    colour = room["colour"]
    height = ROOM_TITLE + CELL_H + ROOM_PAD + (GATHER_H if gather else 0)
    owner = room["owner"]
    parts = [_room_frame(room["name"], colour, owner, _seat_name(view, owner), x, y, height)]
    for i, space in enumerate(room["spaces"]):
        parts.append(_space(view, room, space, x + ROOM_PAD + i * CELL_W, y + ROOM_TITLE, hl))
    if gather:
        gy = y + ROOM_TITLE + CELL_H + 2
        if room["gathered"]:
            parts.append(label(x + 12, gy + 19, "gathered:", 11, fill=MUTED))
        for i, cat in enumerate(room["gathered"]):
            parts.append(
                cat_pawn(
                    cat,
                    x + 92 + i * 30,
                    gy + 16,
                    napping=cat in view["napping"],
                    where=f"gathered in the {room['name']} by a Cat Teaser",
                    owner=_owner_of_cat(view, cat),
                    hl=hl,
                )
            )
    ident = f"room-{room['room']}"
    if ident in hl:
        parts.append(_ring(x, y, ROOM_W, height, 10))
    return group(parts, id=ident, class_="room", data_colour=colour)


@lru_cache(maxsize=256)
def _room_frame(
    name: str, colour: str, owner: int, owner_long: str, x: float, y: float, height: float
) -> str:
    """The board itself: frame in the room's colour, its name and its owner's marker."""
    owner_name = PLAYER_NAMES[owner % len(PLAYER_NAMES)]
    return "".join(
        [
            tooltip(f"{name} ({colour} frame), owned by {owner_long}"),
            el(
                "rect",
                x=x - 1.5,
                y=y - 1.5,
                width=ROOM_W + 3,
                height=height + 3,
                rx=10,
                fill="none",
                stroke=INK,
                stroke_width=1,
            ),
            el(
                "rect",
                x=x + 3,
                y=y + 3,
                width=ROOM_W - 6,
                height=height - 6,
                rx=8,
                fill=ROOM_TINT.get(colour, "#fff"),
                stroke=CAT_FILL.get(colour, "#ccc"),
                stroke_width=6,
            ),
            el(
                "rect",
                x=x + 6.5,
                y=y + 6.5,
                width=ROOM_W - 13,
                height=height - 13,
                rx=6,
                fill="none",
                stroke=INK,
                stroke_width=0.6,
            ),
            label(x + 12, y + 21, name, 14, font_weight="bold"),
            player_marker(x + ROOM_W - 24 - 6.5 * len(owner_name), y + 16, owner, r=7.5),
            label(x + ROOM_W - 13, y + 21, owner_name, 11, fill=MUTED, text_anchor="end"),
        ]
    )


def _garden(view: dict[str, Any], x: float, y: float, hl: frozenset[str]) -> str:
    """'Place the Garden board (green frame) in the centre of the table.'"""
    h = MIDDLE_H - 12
    cats = view["garden"]
    parts = [
        tooltip(f"the Garden (no brawls): {len(cats)} cat(s)"),
        el(
            "rect",
            x=x + 3,
            y=y + 3,
            width=ROOM_W - 6,
            height=h - 6,
            rx=8,
            fill=GARDEN_TINT,
            stroke=GARDEN_FRAME,
            stroke_width=6,
        ),
        el(
            "rect",
            x=x - 1.5,
            y=y - 1.5,
            width=ROOM_W + 3,
            height=h + 3,
            rx=10,
            fill="none",
            stroke=INK,
            stroke_width=1,
        ),
        label(x + 12, y + 22, "Garden", 14, font_weight="bold"),
        label(x + ROOM_W - 12, y + 22, "no brawls here", 11, fill=MUTED, text_anchor="end"),
    ]
    pitch = min(40, (ROOM_W - 40) / max(1, len(cats)))
    start = x + ROOM_W / 2 - pitch * (len(cats) - 1) / 2
    for i, cat in enumerate(cats):
        parts.append(
            cat_pawn(
                cat,
                start + i * pitch,
                y + 62,
                napping=cat in view["napping"],
                where="the Garden",
                owner=_owner_of_cat(view, cat),
                hl=hl,
            )
        )
    if "garden" in hl:
        parts.append(_ring(x, y, ROOM_W, h, 10))
    return group(parts, id="garden", class_="garden")


def _dice_panel(view: dict[str, Any], x: float, y: float, hl: frozenset[str]) -> str:
    """The last dice rolled (brawl, Crunchies, Cat Teaser or the catch)."""
    dice = view["dice"]
    catch = view["catch_roll"]
    last_is_catch = bool(catch) and dice == catch and view["phase"] in ("fastest", "discard")
    head = "Catch roll" if last_is_catch else "Last roll"
    parts = [label(x, y + 14, head, 13, font_weight="bold")]
    for i in range(max(2, len(dice))):
        face = dice[i] if i < len(dice) else None
        parts.append(die(i, face, x + i * 46, y + 24, hl, unused=bool(dice)))
    if catch:
        what = " and ".join(catch)
        parts.append(label(x, y + 84, f"last catch roll: {what}", 11, fill=MUTED))
    box = view["box"]
    if box:
        parts.append(label(x, y + 100, f"caught tiles in the box: {len(box)}", 11, fill=MUTED))
    return group(parts, class_="dice")


def _legend(view: dict[str, Any], x: float, y: float) -> str:
    """The five icons with their names (and the two tile backs)."""
    parts = [label(x, y + 14, "Hideouts", 13, font_weight="bold")]
    for i, kind in enumerate(ICONS):
        col, row = divmod(i, 3)
        ix, iy = x + 12 + col * 118, y + 34 + row * 26
        parts.append(icon(kind, ix, iy, "#d9d2c3", 0.72))
        parts.append(label(ix + 16, iy + 4, kind, 11))
    if view["version"] == "events":
        ex, ey = x + 118, y + 74
        parts.append(tile_back(ex, ey, 18, colour=CAT_FILL["pink"], paw="#8a6f4a"))
        parts.append(label(ex + 24, ey + 13, "event tile", 11))
    return group(parts, class_="legend")


# --------------------------------------------------------------------------- seats
def _seat(
    view: dict[str, Any], p: dict[str, Any], x: float, y: float, h: float, hl: frozenset[str]
) -> str:
    """A seat: marker and name, its cat, its hideout tiles (face up for the viewer), events."""
    seat = p["seat"]
    active = seat == view["active"]
    decides = seat == view["decider"]
    mine = seat == view["viewer"]
    cls = "seat" + (" active" if active else "") + (" decider" if decides else "")
    name = PLAYER_NAMES[seat % len(PLAYER_NAMES)]
    parts = [
        tooltip(f"{_seat_name(view, seat)}: {p['tiles']} hideout tile(s), room {p['room']}"),
        el(
            "rect",
            x=x,
            y=y,
            width=SEAT_W,
            height=h,
            rx=8,
            fill="#fffaf0" if not active else "#fff3cf",
            stroke=INK if active else MUTED,
            stroke_width=2.5 if active else 1,
        ),
        player_marker(x + 18, y + 19, seat, r=9),
        label(x + 34, y + 24, name + (" (you)" if mine else ""), 14, font_weight="bold"),
        cat_swatch(p["colour"], x + 124 + (40 if mine else 0), y + 20),
        label(x + 138 + (40 if mine else 0), y + 24, f"{p['colour']} cat", 12),
    ]
    badges = []
    if view.get("winner") == seat:
        badges.append("WINNER")
    if active and view["phase"] != "over":
        badges.append("\u25b6 TURN")
    if decides:
        badges.append("DECIDES NOW")
    if badges:
        parts.append(
            label(
                x + SEAT_W - 10,
                y + 24,
                " \u00b7 ".join(badges),
                11,
                font_weight="bold",
                text_anchor="end",
            )
        )
    parts.append(_hand(view, p, x + 12, y + 36, hl))
    if view["version"] == "events":
        parts.append(_held(p, x + 12, y + 72, hl))
    ident = f"seat-{seat}"
    if ident in hl:
        parts.append(_ring(x, y, SEAT_W, h, 8))
    return group(parts, id=ident, class_=cls)


def _hand(view: dict[str, Any], p: dict[str, Any], x: float, y: float, hl: frozenset[str]) -> str:
    """Hideout tiles: face up for the viewer, backs (pink pawprints on grey) for the others."""
    seat = p["seat"]
    size, pitch = 28, 32
    parts = []
    for i, name in enumerate(p["hand"]):
        ident = f"tile-{seat}-{i}"
        split = _tile_split(name)
        tx = x + i * pitch
        if split is None:
            body = tile_back(tx, y, size)
            tip, cls = "a hideout tile, face down", "hideout-tile back"
        else:
            body = hideout_tile(split[0], split[1], tx, y, size, cls="face")
            tip, cls = f"your tile: {name}", "hideout-tile face-up"
        ring = _ring(tx, y, size, size, 4) if ident in hl else ""
        parts.append(group([tooltip(tip), body, ring], id=ident, class_=cls, data_tile=name))
    count = p["tiles"]
    words = f"{count} tile{'s' if count != 1 else ''} left"
    parts.append(label(x + max(1, len(p["hand"])) * pitch + 6, y + 19, words, 12, fill=MUTED))
    ident = f"hand-{seat}"
    if ident in hl:
        parts.append(_ring(x, y, max(1, len(p["hand"])) * pitch, size, 4))
    return group(parts, id=ident, class_="hand", data_count=count)


def _held(p: dict[str, Any], x: float, y: float, hl: frozenset[str]) -> str:
    """Event tiles kept in front of the player (face up: green fronts with their names)."""
    seat = p["seat"]
    parts = []
    if not p["held"]:
        parts.append(label(x, y + 14, "no event tiles", 11, fill=MUTED))
    cx = x
    for event, n in Counter(p["held"]).items():
        words = event + (f" \u00d7{n}" if n > 1 else "")
        w = 14 + 7 * len(words)
        ident = f"held-{seat}-{_slug(event.lower())}"
        body = [
            tooltip(f"event tile {event}" + (f" (x{n})" if n > 1 else "")),
            el("rect", x=cx, y=y, width=w, height=20, rx=4, fill=EVENT_FRONT, stroke=INK),
            label(cx + 7, y + 14, words, 11, fill="#ffffff", font_weight="bold"),
        ]
        if ident in hl:
            body.append(_ring(cx, y, w, 20, 4))
        parts.append(group(body, id=ident, class_="event-tile held", data_count=n))
        cx += w + 8
    return group(parts, class_="held")


# --------------------------------------------------------------------------- status
def _status(view: dict[str, Any]) -> list[str]:
    """Banner lines: the turn, who decides what now, and what just happened (if anything)."""
    version = "Events" if view["version"] == "events" else "Classic"
    first = f"Neko-in \u00b7 {version} version \u00b7 turn {view['turn']}"
    phase = view["phase"]
    news = [f"Just now: {view['news']}"] if view.get("news") else []
    if phase == "over":
        winner = view.get("winner")
        if winner is None:
            return [first, "Game over", *news]
        return [first, f"Game over: {_seat_name(view, winner)} got rid of every tile and wins!"]
    first += f" \u00b7 {_seat_name(view, view['active'])} to play"
    what = PHASE_TEXT.get(phase, phase)
    cat, room = view.get("moving_cat"), view.get("target_room")
    if phase == "hide" and cat and room:
        what = f"choose the hideout in the {room} for the {cat} cat"
        owners = {r["name"]: r["owner"] for r in view["rooms"]}
        if view["decider"] != view["active"] and owners.get(room) == view["decider"]:
            what += " (the room's owner decides)"
    elif phase == "brawl" and room:
        what = f"brawl in the {room}! roll the two dice"
    elif phase == "fastest" and view["catch_roll"]:
        what = f"catch the {' or '.join(view['catch_roll'])} cat! who was fastest?"
    elif phase == "move":
        left = view["moves_left"]
        what += f" ({left} movement{'s' if left != 1 else ''} left)"
    return [first, f"Now: {_who(view, view['decider'])} \u2014 {what}", *news]


# --------------------------------------------------------------------------- public
def _rows(n_rooms: int) -> tuple[int, int]:
    """Rooms above and below the Garden (up to 3 each)."""
    if n_rooms <= 3:
        return n_rooms, 0
    top = (n_rooms + 1) // 2
    return top, n_rooms - top


def svg(view: dict[str, Any], *, highlight: Collection[str] = ()) -> SVG:
    """The whole table as ``view`` shows it (ids and classes: see the module docstring)."""
    hl = frozenset(highlight)
    rooms = view["rooms"]
    gather = any(room["gathered"] for room in rooms)
    room_h = ROOM_TITLE + CELL_H + ROOM_PAD + (GATHER_H if gather else 0)
    top, bottom = _rows(len(rooms))
    body: list[str] = []
    lines = _status(view)
    banner = [label(MARGIN, 22, lines[0], 15, font_weight="bold")]
    banner += [label(MARGIN, 22 + 19 * i, line, 13) for i, line in enumerate(lines[1:], 1)]
    body.append(group(banner, class_="status", data_phase=view["phase"]))
    y = BANNER_H + 19 * (len(lines) - 2)

    def row(chunk: list[dict[str, Any]], y: float) -> None:
        x0 = MARGIN + (3 - len(chunk)) * (ROOM_W + GAP) / 2
        for i, room in enumerate(chunk):
            body.append(_room(view, room, x0 + i * (ROOM_W + GAP), y, hl, gather))

    row(rooms[:top], y)
    y += room_h + GAP
    body.append(_dice_panel(view, MARGIN + 4, y, hl))
    body.append(_garden(view, MARGIN + ROOM_W + GAP, y, hl))
    body.append(_legend(view, MARGIN + 2 * (ROOM_W + GAP) + 4, y))
    y += MIDDLE_H
    if bottom:
        row(rooms[top:], y)
        y += room_h + GAP
    seat_h = 100 if view["version"] == "events" else 72
    for i, p in enumerate(view["players"]):
        col, r = i % 2, i // 2
        body.append(_seat(view, p, MARGIN + col * (SEAT_W + GAP), y + r * (seat_h + 8), seat_h, hl))
    y += ((len(view["players"]) + 1) // 2) * (seat_h + 8) + MARGIN - 8
    return document(WIDTH, y, body, game="neko-in", label=summary(view))


def _space_text(view: dict[str, Any], space: dict[str, Any]) -> str:
    short = {"spring mouse": "mouse", "fish bone": "fish"}.get(space["icon"], space["icon"])
    if space["cat"]:
        cat = CAT_LETTER.get(space["cat"], space["cat"])
        short += f":{cat}" + ("z" if space["cat"] in view["napping"] else "")
    if space["covered"]:
        short = f"[{short}]"
    if space["event"] == HIDDEN:
        short += "?"
    return short


def text(view: dict[str, Any]) -> str:
    """A compact text picture (at most 17 lines): rooms, Garden, dice, seats, a key.

    ``[bell]`` is covered by its tile, ``bell?`` has a face-down event tile,
    ``bell:LB`` holds the light blue cat (``z``: napping).
    """
    lines = _status(view)
    for room in view["rooms"]:
        spaces = " ".join(_space_text(view, s) for s in room["spaces"])
        owner = PLAYER_NAMES[room["owner"] % len(PLAYER_NAMES)]
        gathered = ""
        if room["gathered"]:
            gathered = "  gathered: " + " ".join(CAT_LETTER[c] for c in room["gathered"])
        lines.append(f"{room['name']} ({owner}): {spaces}{gathered}")
    garden = " ".join(CAT_LETTER.get(c, c) for c in view["garden"]) or "-"
    dice = " + ".join(view["dice"]) or "-"
    lines.append(f"Garden: {garden}   last roll: {dice}")
    for p in view["players"]:
        hand = ", ".join(t for t in p["hand"] if t != HIDDEN)
        shown = f" [{hand}]" if hand else ""
        held = f"  events: {', '.join(p['held'])}" if p["held"] else ""
        lines.append(f"{_seat_name(view, p['seat'])}: {p['tiles']} tile(s){shown}{held}")
    lines.append("key: [bell] covered, bell? event tile face down, bell:LB cat (z napping)")
    return "\n".join(lines)


def summary(view: dict[str, Any]) -> str:
    """One line: ``'4p events, turn 8, Pink (pink cat) to play, tiles 1/5/4/2'``."""
    n = len(view["players"])
    tiles = "/".join(str(p["tiles"]) for p in view["players"])
    if view["phase"] == "over" and view.get("winner") is not None:
        who = f"{PLAYER_NAMES[view['winner'] % len(PLAYER_NAMES)]} won"
    else:
        who = f"{PLAYER_NAMES[view['active'] % len(PLAYER_NAMES)]} to play ({view['phase']})"
    return f"{n}p {view['version']}, turn {view['turn']}, {who}, tiles {tiles}"


def example_view(
    num_players: int = 4, version: str = "events", seed: int = 7, steps: int = 40
) -> dict[str, Any]:
    """A typical mid-game position (seeded random play), as a spectator sees it."""
    import random

    from nekolib.neko_in.rules import new_game

    state = new_game(num_players, seed=seed, version=version)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player() == -1:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
    return state.view(None)
