"""Neko-in drawn as the box looks: the house, the Garden, the cats, the tiles and the dice.

Pure functions of a view (``state.view(player)``), standard library only:

* :func:`svg` - every room in play as a board in its frame colour with its 5 hideout
  spaces (spring mouse, bird, bell, butterfly, fish bone), the cats as pawns on their
  spaces (a napping cat lies down), cats gathered by a Cat Teaser under their room,
  covered hideouts with their hideout tile on top, face-down event tiles (Events),
  the Garden with its cats, the last dice, and every seat with its cat, its hideout
  tiles (face up only for the viewer) and its event tiles;
* :func:`text` - the same in at most 25 lines; :func:`summary` - one line for ``repr``.

In Neko-in a player *is* their cat, so every seat is named after it ("Black cat",
"Light blue cat": :func:`seat_name`) and marked with that cat's pawn and letter
(B, R, Y, P, LB, W): colour is never the only cue.

Rulebook (``seeds/000_*.txt``): '7 room boards, one per colour: Black/Entrance,
Red/Kitchen, Yellow/Living Room, Pink/Bedroom, Light Blue/Bedroom, White/Bathroom
and Green/Garden.' '30 hideout tiles. Each shows a coloured icon: spring mouse, bird,
bell, butterfly or fish bone. The back shows pink pawprints on a grey background.'
'30 event tiles ... The front has a green background. The backs show pawprints on
backgrounds of different colours'.

Size: the icons, the cat's ears and the tile backs are drawn once in ``<defs>`` and
placed with ``<use>``; coordinates are integers. Every element that can be clicked
(room, hideout, cat, own tile, held event tile) also holds a plain shape of its own,
so it takes the pointer even where the ``<use>`` copies do not.

Ids (stable, for tests and clicks): ``room-<r>``, ``space-<s>`` (global space index),
``event-<s>``, ``cat-<colour>`` (spaces as ``_``: ``cat-light_blue``), ``garden``,
``die-0``, ``die-1``, ``seat-<p>``, ``hand-<p>``, ``tile-<p>-<i>``,
``held-<p>-<event>`` (``held-0-litter_box``). Ids starting ``ni-`` name ``<defs>``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from functools import lru_cache
from html import escape
from typing import Any

from nekolib.core import HIDDEN, TABLE, TERMINAL
from nekolib.neko_in.icons import (
    EVENT_TILE,
    HAND_TILE,
    ICON_DEF,
    TILE_FACE,
)
from nekolib.neko_in.icons import (
    defs as _defs,
)
from nekolib.neko_in.icons import (
    num as _num,
)
from nekolib.neko_in.icons import (
    use as _use,
)
from nekolib.neko_in.rules import COLOURS, ICONS
from nekolib.picture import (
    INK,
    MUTED,
    NARROW_WIDTH,
    SVG,
    document,
    el,
    group,
    ink_on,
    text_lines,
    wrap,
)

__all__ = ["CAT_FILL", "CAT_LETTER", "example_view", "seat_name", "summary", "svg", "text"]

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
EVENT_FRONT = "#2e7d32"
"""'The front has a green background.' (dark enough for white words at 5.1:1, WCAG AA)"""
SPACE_FILL = "#fffdf8"
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
SEAT_W = (3 * ROOM_W + 2 * GAP - GAP) // 2
WIDTH = 2 * MARGIN + 3 * ROOM_W + 2 * GAP
HAND_PITCH = 34
NARROW_BADGES = 14
"""Room for a seat's badges ("TURN", "DECIDES NOW") under its name in the narrow layout."""
HELD_H = 30
"""Hand tiles and event tiles one may tap: 30 px stays 25 CSS px when the 876 px picture
shrinks to a tablet's 738 px (WCAG 2.2 target size 24 px)."""

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


def _edge(colour: str) -> str:
    """Outline of a pawn: ink, or mid grey on the black cat so its head and ears stay apart."""
    return "#8a8a8a" if colour == "black" else INK


def _on(colour: str) -> str:
    """Ink colour for letters on a cat/room colour (a colour name)."""
    return ink_on(CAT_FILL.get(colour, "#ffffff"))


def seat_name(colour: str) -> str:
    """A seat is named after its cat: ``'black'`` -> ``'Black cat'``, ``'Light blue cat'``.

    In Neko-in a player *is* their cat ('Take your own cat'): the pawn, the room's
    frame and the seat all share that colour, so the cat's name is the player's name.
    """
    return f"{colour.capitalize()} cat"


def _seat_name(view: dict[str, Any], seat: int) -> str:
    return seat_name(view["players"][seat]["colour"])


def _who(view: dict[str, Any], decider: int | None) -> str:
    if decider is None or decider == TERMINAL:
        return "nobody"
    if decider == TABLE:
        return "the table"
    if decider < 0:
        return "the dice"
    return _seat_name(view, decider)


def tooltip(words: str) -> str:
    """A ``<title>`` (quotes left as they are: only ``<``, ``>`` and ``&`` need escaping)."""
    return f"<title>{escape(words, quote=False)}</title>"


def _t(x: float, y: float, words: str, size: int = 12, **attrs: Any) -> str:
    """A text label; the picture's default is 12 px ink (set once on the outer group)."""
    if size != 12:
        attrs["font_size"] = size
    return el("text", escape(str(words)), x=round(x), y=round(y), **attrs)


def _ring(x: float, y: float, w: float, h: float, rx: float = 6) -> str:
    """Highlight: a thick gold outline plus a dashed dark ring (visible without colour)."""
    common = {
        "x": round(x - 4),
        "y": round(y - 4),
        "width": round(w + 8),
        "height": round(h + 8),
        "rx": round(rx + 3),
        "fill": "none",
    }
    return el("rect", **common, stroke=GOLD, stroke_width=5, class_="highlight") + el(
        "rect", **common, stroke=INK, stroke_width=1.5, stroke_dasharray="5 4"
    )


def _tile_split(name: str) -> tuple[str, str] | None:
    """``'light blue fish bone'`` -> ``('light blue', 'fish bone')`` (``None`` if hidden)."""
    for colour in COLOURS:
        rest = name.removeprefix(colour + " ")
        if rest != name and rest in ICONS:
            return colour, rest
    return None


# --------------------------------------------------------------------------- glyphs
def _head(
    x: float,
    y: float,
    r: float,
    colour: str,
    letter: str = "",
    extra: list[str] | None = None,
    **attrs: Any,
) -> str:
    """A cat's head (circle and ears) in its fur colour, with its letter (and ``extra``)."""
    fill = CAT_FILL.get(colour, "#ccc")
    size = 12 if len(letter) == 1 and r >= 12 else 11
    scale = r / 12
    parts = [
        el("circle", cx=round(x), cy=round(y), r=_num(r)),
        _use("ni-ears", x, y, scale),
    ]
    if letter:
        bold = {"font_weight": "bold", "text_anchor": "middle", "stroke": "none"}
        parts.append(_t(x, y + size * 0.38, letter, size, fill=_on(colour), **bold))
    parts += extra or []
    return group(parts, **attrs, fill=fill, stroke=_edge(colour), stroke_width=1.5)


def cat_pawn(
    colour: str,
    x: float,
    y: float,
    *,
    napping: bool = False,
    where: str = "",
    spare: bool = False,
    hl: frozenset[str] = frozenset(),
) -> str:
    """A cat pawn standing (or lying down, napping) with its letter and a tooltip."""
    fill = CAT_FILL.get(colour, "#cccccc")
    letter = CAT_LETTER.get(colour, colour[:2].upper())
    who = " (spare)" if spare else ""
    state = "napping on" if napping else "on"
    tip = tooltip(f"the {colour} cat{who}, {state} {where}" if where else f"the {colour} cat{who}")
    x, y = round(x), round(y)
    ident = f"cat-{_slug(colour)}"
    if napping:
        body = el(
            "ellipse",
            cx=x + 3,
            cy=y + 4,
            rx=15,
            ry=8,
            fill=fill,
            stroke=_edge(colour),
            stroke_width=1.5,
        )
        tail = el(
            "path",
            d=f"M{x + 17},{y + 5}Q{x + 22},{y - 4} {x + 15},{y - 6}",
            fill="none",
            stroke=INK,
            stroke_width=2.5,
        )
        bold = {"font_weight": "bold", "stroke": "none"}  # (a space's group sets an outline)
        zz = _t(x + 9, y - 8, "z", 11, font_style="italic", fill=INK, **bold)
        letters = _t(x + 4, y + 8, letter, 11, text_anchor="middle", fill=_on(colour), **bold)
        parts = [body, tip, tail, _head(x - 11, y - 1, 6.5, colour), zz, letters]
        cls = "cat napping"
        ring = _ring(x - 19, y - 19, 40, 34, 8)
    else:  # standing: one group, the head's
        extra = [tip, _ring(x - 13, y - 18, 26, 31)] if ident in hl else [tip]
        return _head(x, y, 12, colour, letter, extra, id=ident, class_="cat", data_colour=colour)
    if ident in hl:
        parts.append(ring)
    return group(parts, id=ident, class_=cls, data_colour=colour)


def _tile_face(colour: str, kind: str, x: float, y: float, size: int) -> str:
    """A face-up hideout tile in a hand: its coloured icon on a light tile."""
    rect = el(
        "rect",
        x=round(x),
        y=round(y),
        width=size,
        height=size,
        rx=4,
        fill=TILE_FACE,
        stroke=INK,
        stroke_width=1.4,
    )
    icon = _use(
        ICON_DEF.get(kind, "ni-bell"),
        x + size / 2,
        y + size / 2,
        size / 32,
        color=CAT_FILL.get(colour, "#ccc"),
    )
    return rect + icon + _room_tag(colour, x + size, y + size)


def _room_tag(colour: str, right: float, bottom: float) -> str:
    """The room's letter in its colour at a tile's corner (B, R, Y, P, LB, W): the room of a
    tile in a hand is then told by the letter too, not by the icon's colour alone."""
    letter = CAT_LETTER.get(colour, "?")
    fill = CAT_FILL.get(colour, "#ccc")
    w, h = 6 + 7 * len(letter), 13
    x, y = right - w + 3, bottom - h + 3
    return el(
        "rect", x=x, y=y, width=w, height=h, rx=3, fill=fill, stroke=INK, stroke_width=0.8
    ) + _t(
        x + w / 2, y + 10.5, letter, 11, fill=ink_on(fill), font_weight="bold", text_anchor="middle"
    )


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
    parts = [
        el("rect", x=x, y=y, width=size, height=size, rx=7, fill=fill, stroke=INK, stroke_width=2),
        tooltip(tip),
        _t(x + 19, y + 24, mark, 14, font_weight="bold", text_anchor="middle", fill=ink),
    ]
    if ident in hl:
        parts.append(_ring(x, y, size, size, 7))
    return group(parts, id=ident, class_=cls, data_face=face or "")


# --------------------------------------------------------------------------- boards
def _space(
    view: dict[str, Any],
    room: dict[str, Any],
    space: dict[str, Any],
    x: int,
    y: int,
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
        bool(cat) and _spare(view, cat),
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
    spare: bool,
    x: int,
    y: int,
    hl: frozenset[str],
) -> str:
    """:func:`_space` from hashable facts (cached: a game repeats few space pictures)."""
    cx = x + CELL_W // 2
    status = ["covered"] if covered else []  # (a face-down event tile shows by itself)
    if cat:
        status.append(f"the {cat} cat")
    tip = f"{kind} hideout, {room_name}" + (": " + ", ".join(status) if status else "")
    parts = [
        el(
            "rect",
            x=x + 2,
            y=y,
            width=CELL_W - 4,
            height=CELL_H - 4,
            rx=7,
        ),  # its fill and outline are the spaces' group's
        tooltip(tip),
    ]
    if covered:
        # the hideout tile on top: the same icon in the room's colour (inherited)
        parts.append(_use("ni-face", cx - 17, y + 5, class_="hideout-tile on-board"))
        parts.append(_use(ICON_DEF.get(kind, "ni-bell"), cx, y + 22))
    else:
        parts.append(_use(ICON_DEF.get(kind, "ni-bell"), cx, y + 22))
    slot_y = y + 58
    if event and cat:  # rare (an Affinity swap): the tile goes in the corner
        parts.append(_event_on_space(s, event, colour, x + CELL_W - 12, y + 9, 14))
    elif event:
        parts.append(_event_on_space(s, event, colour, cx, slot_y))
    if cat:
        where = f"the {kind} hideout ({room_name})"
        parts.append(
            cat_pawn(cat, cx, slot_y + 2, napping=napping, where=where, spare=spare, hl=hl)
        )
    ident = f"space-{s}"
    if ident in hl:
        parts.append(_ring(x + 2, y, CELL_W - 4, CELL_H - 4, 7))
    cls = "hideout covered" if covered else "hideout"
    return group(parts, id=ident, class_=cls)


def _event_on_space(s: int, event: str, colour: str, x: int, y: int, size: int = EVENT_TILE) -> str:
    """An event tile lying on space ``s``: its back in the set's colour ('The backs show
    pawprints on backgrounds of different colours'), or its green front if the view names it."""
    half = size // 2
    if event == HIDDEN:
        ref = "ni-evd" if colour in DARK_FILLS else "ni-ev"
        return _use(
            ref,
            x - half,
            y - half,
            size / EVENT_TILE,
            id=f"event-{s}",
            class_="event-tile face-down",
        )
    front = el(
        "rect", x=x - half, y=y - half, width=size, height=size, rx=4, fill=EVENT_FRONT, stroke=INK
    )
    letter = _t(
        x, y + 4, event[:1], fill="#fff", font_weight="bold", text_anchor="middle", stroke="none"
    )
    return group(
        [front, tooltip(f"event tile {event}"), letter],
        id=f"event-{s}",
        class_="event-tile face-up",
    )


def _spare(view: dict[str, Any], colour: str) -> bool:
    return not any(p["colour"] == colour for p in view["players"])


def _room(
    view: dict[str, Any],
    room: dict[str, Any],
    x: int,
    y: int,
    hl: frozenset[str],
    gather: bool,
) -> str:
    """A room board in its frame colour: title, owner, 5 hideouts, gathered cats below.

    ``gather``: leave a strip for the cats a Cat Teaser gathered ('All the cats gather
    in the room where the cat teaser was turned over').
    """
    colour = room["colour"]
    height = ROOM_TITLE + CELL_H + ROOM_PAD + (GATHER_H if gather else 0)
    owner = _seat_name(view, room["owner"])
    parts = [_room_frame(room["name"], colour, owner, x, y, height)]
    spaces = [
        _space(view, room, space, x + ROOM_PAD + i * CELL_W, y + ROOM_TITLE, hl)
        for i, space in enumerate(room["spaces"])
    ]
    parts.append(group(spaces, fill=SPACE_FILL, stroke=MUTED))
    if gather:
        gy = y + ROOM_TITLE + CELL_H + 2
        if room["gathered"]:
            parts.append(_t(x + 12, gy + 19, "gathered:", 11, fill=MUTED))
        for i, cat in enumerate(room["gathered"]):
            parts.append(
                cat_pawn(
                    cat,
                    x + 92 + i * 30,
                    gy + 16,
                    napping=cat in view["napping"],
                    where=f"gathered in the {room['name']} by a Cat Teaser",
                    spare=_spare(view, cat),
                    hl=hl,
                )
            )
    ident = f"room-{room['room']}"
    if ident in hl:
        parts.append(_ring(x, y, ROOM_W, height, 10))
    return group(parts, id=ident, class_="room", color=CAT_FILL.get(colour, "#ccc"))


@lru_cache(maxsize=256)
def _room_frame(name: str, colour: str, owner: str, x: int, y: int, height: int) -> str:
    """The board itself: frame in the room's colour, its name and its owner (the cat)."""
    return "".join(
        [
            el(
                "rect",
                x=x + 3,
                y=y + 3,
                width=ROOM_W - 6,
                height=height - 6,
                rx=8,
                fill=ROOM_TINT.get(colour, "#fff"),
                stroke="currentColor",
                stroke_width=6,
            ),
            tooltip(f"{name} ({colour} frame): the {owner}'s room"),
            el(
                "rect",
                x=x - 1,
                y=y - 1,
                width=ROOM_W + 2,
                height=height + 2,
                rx=10,
                fill="none",
                stroke=INK,
            ),
            # a white frame on a white board: an inner ink line shows where it ends
            el(
                "rect",
                x=x + 7,
                y=y + 7,
                width=ROOM_W - 14,
                height=height - 14,
                rx=6,
                fill="none",
                stroke=INK,
                stroke_width=0.6,
            )
            if colour == "white"
            else "",
            _t(x + 12, y + 21, name, 14, font_weight="bold"),
            _t(x + ROOM_W - 12, y + 20, owner, 11, fill=MUTED, text_anchor="end"),
        ]
    )


def _garden(view: dict[str, Any], x: int, y: int, hl: frozenset[str]) -> str:
    """'Place the Garden board (green frame) in the centre of the table.'"""
    h = MIDDLE_H - 12
    cats = view["garden"]
    parts = [
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
        tooltip(f"the Garden (no brawls): {len(cats)} cat(s)"),
        el(
            "rect", x=x - 1, y=y - 1, width=ROOM_W + 2, height=h + 2, rx=10, fill="none", stroke=INK
        ),
        _t(x + 12, y + 22, "Garden", 14, font_weight="bold"),
        _t(x + ROOM_W - 12, y + 22, "no brawls here", 11, fill=MUTED, text_anchor="end"),
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
                spare=_spare(view, cat),
                hl=hl,
            )
        )
    if "garden" in hl:
        parts.append(_ring(x, y, ROOM_W, h, 10))
    return group(parts, id="garden", class_="garden")


def _dice_panel(view: dict[str, Any], x: int, y: int, hl: frozenset[str]) -> str:
    """The last dice rolled (brawl, Crunchies, Cat Teaser or the catch)."""
    dice = view["dice"]
    catch = view["catch_roll"]
    last_is_catch = bool(catch) and dice == catch and view["phase"] in ("fastest", "discard")
    head = "Catch roll" if last_is_catch else "Last roll"
    parts = [_t(x, y + 14, head, 13, font_weight="bold")]
    for i in range(max(2, len(dice))):
        face = dice[i] if i < len(dice) else None
        parts.append(die(i, face, x + i * 46, y + 24, hl, unused=bool(dice)))
    if catch:
        what = " and ".join(catch)
        parts.append(_t(x, y + 84, f"last catch roll: {what}", 11, fill=MUTED))
    box = view["box"]
    if box:
        parts.append(_t(x, y + 100, f"caught tiles in the box: {len(box)}", 11, fill=MUTED))
    return group(parts, class_="dice")


def _legend(view: dict[str, Any], x: int, y: int) -> str:
    """The five icons with their names (and an event tile's back)."""
    parts = [_t(x, y + 14, "Hideouts", 13, font_weight="bold")]
    for i, kind in enumerate(ICONS):
        col, row = divmod(i, 3)
        ix, iy = x + 12 + col * 118, y + 34 + row * 26
        parts.append(_use(ICON_DEF[kind], ix, iy, 0.72, color="#d9d2c3"))
        parts.append(_t(ix + 16, iy + 4, kind, 11))
    if view["version"] == "events":
        ex, ey = x + 118, y + 74
        parts.append(_use("ni-ev", ex, ey, 18 / EVENT_TILE, color=CAT_FILL["pink"]))
        parts.append(_t(ex + 24, ey + 13, "event tile", 11))
    return group(parts, class_="legend")


# --------------------------------------------------------------------------- seats
def _seat(
    view: dict[str, Any],
    p: dict[str, Any],
    x: int,
    y: int,
    h: int,
    hl: frozenset[str],
    width: int = SEAT_W,
) -> str:
    """A seat: its cat (pawn head and letter) and name, its hideout tiles, its event tiles."""
    seat = p["seat"]
    active = seat == view["active"]
    decides = seat == view["decider"]
    mine = seat == view["viewer"]
    cls = "seat" + (" active" if active else "") + (" decider" if decides else "")
    name = seat_name(p["colour"])
    letter = CAT_LETTER.get(p["colour"], "?")
    marker = _head(
        x + 18,
        y + 21,
        10,
        p["colour"],
        letter,
        class_=f"cat-marker seat-{seat}",
        data_colour=p["colour"],
    )
    parts = [
        el(
            "rect",
            x=x,
            y=y,
            width=width,
            height=h,
            rx=8,
            fill="#fff3cf" if active else "#fffaf0",
            stroke=INK if active else MUTED,
            stroke_width=2.5 if active else None,
        ),
        tooltip(f"{name}: {p['tiles']} hideout tile(s), room {p['room']}"),
        marker,
        _t(x + 36, y + 26, name + (" (you)" if mine else ""), 14, font_weight="bold"),
    ]
    badges = []
    if view.get("winner") == seat:
        badges.append("WINNER")
    if active and view["phase"] != "over":
        badges.append("\u25b6 TURN")
    if decides:
        badges.append("DECIDES NOW")
    below = NARROW_BADGES if width < SEAT_W else 0  # narrow: the badges get a line of their own
    if badges:
        words = " \u00b7 ".join(badges)
        if below:
            parts.append(_t(x + 36, y + 42, words, 11, font_weight="bold"))
        else:
            parts.append(
                _t(x + width - 10, y + 24, words, 11, font_weight="bold", text_anchor="end")
            )
    parts.append(_hand(p, x + 12, y + 36 + below, hl))
    if view["version"] == "events":
        parts.append(_held(p, x + 12, y + 36 + below + HAND_TILE + 8, hl))
    ident = f"seat-{seat}"
    if ident in hl:
        parts.append(_ring(x, y, width, h, 8))
    return group(parts, id=ident, class_=cls)


def _hand(p: dict[str, Any], x: int, y: int, hl: frozenset[str]) -> str:
    """Hideout tiles: face up for the viewer, backs (pink pawprints on grey) for the others."""
    seat = p["seat"]
    parts = []
    for i, name in enumerate(p["hand"]):
        ident = f"tile-{seat}-{i}"
        split = _tile_split(name)
        tx = x + i * HAND_PITCH
        if split is None and ident not in hl:  # not clickable: the <use> carries the id
            parts.append(
                _use("ni-back", tx, y, id=ident, class_="hideout-tile back", data_tile=name)
            )
            continue
        if split is None:
            body, cls = [_use("ni-back", tx, y)], "hideout-tile back"
        else:
            face = _tile_face(split[0], split[1], tx, y, HAND_TILE)
            body, cls = [face, tooltip(f"your tile: {name}")], "hideout-tile face-up"
        if ident in hl:
            body.append(_ring(tx, y, HAND_TILE, HAND_TILE, 4))
        parts.append(group(body, id=ident, class_=cls, data_tile=name))
    count = p["tiles"]
    words = f"{count} tile{'s' if count != 1 else ''} left"
    shown = max(1, len(p["hand"]))
    parts.append(_t(x + shown * HAND_PITCH + 6, y + 19, words, fill=MUTED))
    ident = f"hand-{seat}"
    if ident in hl:
        parts.append(_ring(x, y, shown * HAND_PITCH, HAND_TILE, 4))
    return group(parts, id=ident, class_="hand", data_count=count)


def _held(p: dict[str, Any], x: int, y: int, hl: frozenset[str]) -> str:
    """Event tiles kept in front of the player (face up: green fronts with their names)."""
    seat = p["seat"]
    parts = []
    if not p["held"]:
        parts.append(_t(x, y + 14, "no event tiles", 11, fill=MUTED))
    cx = x
    for event, n in Counter(p["held"]).items():
        words = event + (f" \u00d7{n}" if n > 1 else "")
        w = 14 + 7 * len(words)
        ident = f"held-{seat}-{_slug(event.lower())}"
        body = [
            el("rect", x=cx, y=y, width=w, height=HELD_H, rx=4, fill=EVENT_FRONT, stroke=INK),
            tooltip(f"event tile {event}" + (f" (x{n})" if n > 1 else "")),
            _t(cx + 7, y + HELD_H / 2 + 4, words, 11, fill="#fff", font_weight="bold"),
        ]
        if ident in hl:
            body.append(_ring(cx, y, w, HELD_H, 4))
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
        return [first, f"Game over: the {_seat_name(view, winner)} got rid of every tile and wins!"]
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
        shown = [c for c in view["catch_roll"] if c != "blank"] or ["rolled"]
        what = f"catch the {' or '.join(shown)} cat! who was fastest?"
    elif phase == "move" and view["moves_left"] <= 0:
        what = "use a held event tile, or end the movement"
    elif phase == "move":
        left = view["moves_left"]
        what += f" ({left} movement{'s' if left != 1 else ''} left)"
    return [first, f"Now: {_who(view, view['decider'])} \u2014 {what}", *news]


def question_words(view: dict[str, Any]) -> str:
    """What the decider is asked now, without who ("catch the black cat! who was fastest?")."""
    lines = _status(view)
    now = lines[1] if len(lines) > 1 else lines[0]
    return now.split(" \u2014 ", 1)[-1]


# --------------------------------------------------------------------------- public
def _rows(n_rooms: int) -> tuple[int, int]:
    """Rooms above and below the Garden (up to 3 each)."""
    if n_rooms <= 3:
        return n_rooms, 0
    top = (n_rooms + 1) // 2
    return top, n_rooms - top


def svg(view: dict[str, Any], *, highlight: Collection[str] = (), narrow: bool = False) -> SVG:
    """The whole table as ``view`` shows it (ids and classes: see the module docstring);
    ``narrow``: the phone layout (:func:`_narrow_svg`), with the same ids."""
    hl = frozenset(highlight)
    if narrow:
        return _narrow_svg(view, hl)
    rooms = view["rooms"]
    gather = any(room["gathered"] for room in rooms)
    room_h = ROOM_TITLE + CELL_H + ROOM_PAD + (GATHER_H if gather else 0)
    top, bottom = _rows(len(rooms))
    body: list[str] = []
    lines = _status(view)
    banner = [_t(MARGIN, 22, lines[0], 15, font_weight="bold")]
    banner += [_t(MARGIN, 22 + 19 * i, line, 13) for i, line in enumerate(lines[1:], 1)]
    body.append(group(banner, class_="status", data_phase=view["phase"]))
    y = BANNER_H + 19 * (len(lines) - 2)

    def row(chunk: list[dict[str, Any]], y: int) -> None:
        x0 = MARGIN + (3 - len(chunk)) * (ROOM_W + GAP) // 2
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
    seat_h = 36 + HAND_TILE + 8 + (HELD_H + 8 if view["version"] == "events" else 0)
    for i, p in enumerate(view["players"]):
        col, r = i % 2, i // 2
        body.append(_seat(view, p, MARGIN + col * (SEAT_W + GAP), y + r * (seat_h + 8), seat_h, hl))
    y += ((len(view["players"]) + 1) // 2) * (seat_h + 8) + MARGIN - 8
    drawing = group(body, font_size=12, fill=INK)
    return document(WIDTH, y, [_defs(), drawing], game="neko-in", label=summary(view))


def _narrow_svg(view: dict[str, Any], hl: frozenset[str]) -> SVG:
    """The phone layout, :data:`~nekolib.picture.NARROW_WIDTH` wide, one under the other:
    the status (wrapped), the viewer's seat (their tiles), the rooms, the Garden, the dice,
    the hideouts' legend and the other seats."""
    w = NARROW_WIDTH
    rooms = view["rooms"]
    gather = any(room["gathered"] for room in rooms)
    room_h = ROOM_TITLE + CELL_H + ROOM_PAD + (GATHER_H if gather else 0)
    lines = _status(view)
    banner, y = [], 8
    for i, line in enumerate(lines):
        size = 15 if i == 0 else 13
        wrapped = wrap(line, int((w - 2 * 8) / (8.6 if i == 0 else 7.2)))
        step = size + 5
        y += step
        weight = "bold" if i == 0 else None
        banner.append(text_lines(8, y, wrapped, size, step, font_weight=weight))
        y += step * (len(wrapped) - 1)
    body = [group(banner, class_="status", data_phase=view["phase"])]
    y += 14
    seat_h = 36 + NARROW_BADGES + HAND_TILE + 8 + (HELD_H + 8 if view["version"] == "events" else 0)
    seat_w = w - 2 * 8
    viewer = view.get("viewer")
    first = [p for p in view["players"] if p["seat"] == viewer]
    for p in first:  # the viewer's own tiles come first
        body.append(_seat(view, p, 8, y, seat_h, hl, seat_w))
        y += seat_h + GAP
    x = (w - ROOM_W) // 2
    for room in rooms:
        body.append(_room(view, room, x, y, hl, gather))
        y += room_h + GAP
    body.append(_garden(view, x, y, hl))
    y += MIDDLE_H
    body.append(_dice_panel(view, 12, y, hl))
    y += 108 if view["box"] else 92
    body.append(_legend(view, 8, y))
    y += 110
    for p in view["players"]:
        if p["seat"] != viewer:
            body.append(_seat(view, p, 8, y, seat_h, hl, seat_w))
            y += seat_h + 8
    drawing = group(body, font_size=12, fill=INK)
    return document(w, y + 4, [_defs(), drawing], game="neko-in", label=summary(view), narrow=True)


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
        gathered = ""
        if room["gathered"]:
            gathered = "  gathered: " + " ".join(CAT_LETTER[c] for c in room["gathered"])
        lines.append(f"{room['name']} ({_seat_name(view, room['owner'])}): {spaces}{gathered}")
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
    """One line: ``'4p events, turn 8, Pink cat to play (move), tiles 1/5/4/2'``."""
    n = len(view["players"])
    tiles = "/".join(str(p["tiles"]) for p in view["players"])
    if view["phase"] == "over" and view.get("winner") is not None:
        who = f"{_seat_name(view, view['winner'])} won"
    else:
        who = f"{_seat_name(view, view['active'])} to play ({view['phase']})"
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
