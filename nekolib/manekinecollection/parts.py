"""Manekinecollection's pieces, drawn: cat cards, card backs, Zabuton Neko, the kotatsu boards.

The sizes, colours and shared shapes (``<defs>``) every layout of
:mod:`nekolib.manekinecollection.picture` (wide and narrow) draws with; pure SVG builders,
standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from html import escape
from typing import Any

from nekolib.core import CHANCE, HIDDEN, TERMINAL
from nekolib.manekinecollection.rules import CAN, GOLD, HAND_CLASSES, ROW_SIZE, class_of_colours
from nekolib.picture import (
    INK,
    MIN_FONT_PX,
    MUTED,
    el,
    group,
    ink_on,
    player_colour,
    player_marker,
    player_name,
    title,
)

WIDTH = 960
MARGIN = 12
GAP = 10
KOTATSU_W = 262
BOARD_H = 124
ZABUTON = 100
ROW_H = 58
CARD_W, CARD_H = 36, 50
HAND_W, HAND_H = 44, 60
PAW_STEP = 9
SIDE_W = WIDTH - 2 * MARGIN - 3 * KOTATSU_W - 3 * GAP
HIGHLIGHT = "#f2b600"

CARD_FILLS: dict[str, str] = {
    "red": "#d1352b",
    "orange": "#f08a1c",
    "yellow": "#f4d03a",
    "green": "#23824a",
    "blue": "#2f6fc0",
    "black": "#262626",
}
"""The cat colours' own fills (cards, pieces, zabuton); every use also carries a label."""
ABBREVIATIONS = {
    "red": "red",
    "orange": "org",
    "yellow": "yel",
    "green": "grn",
    "blue": "blu",
    "black": "blk",
}
CARD_BACK = "#6a4c93"
WOOD, QUILT = "#c08a53", "#eadbc0"
FEATURE_WORDS = {GOLD: "gold coin", CAN: "cat can"}
PHASES = {
    "setup": "setting up",
    "play": "play 1 or 2 cat cards at one kotatsu",
    "draw": "drawing back up to 3 cards",
    "refill": "new Zabuton Neko from the bag",
    "choose": "showdown winner picks a Zabuton Neko",
    "over": "game over",
}


# --------------------------------------------------------------------------- small helpers
def _fill(colour: str) -> str:
    return CARD_FILLS.get(colour, "#9a9a9a")


def _ink_on(colour: str) -> str:
    """Words on a cat colour: white, the ink or black, whichever reads at 4.5:1 (WCAG AA)."""
    ink = ink_on(_fill(colour))
    return "white" if ink == "#ffffff" else ink


def _abbr(colour: str) -> str:
    return ABBREVIATIONS.get(colour, colour[:3])


def tinted(hex_colour: str, amount: float) -> str:
    """``hex_colour`` mixed with white (``amount`` = share of white)."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


def _parse(card: str) -> tuple[str, int] | None:
    """``"green 5"`` -> ``("green", 5)``; a hidden card -> ``None``."""
    if card == HIDDEN:
        return None
    colour, _, rank = card.rpartition(" ")
    return colour, int(rank)


def _slug(name: str) -> str:
    return name.replace(" ", "-")


def _at(x: float, y: float) -> str:
    """A translation to whole pixels: children are drawn in small local coordinates."""
    return f"translate({round(x)} {round(y)})"


def use_shape(name: str, x: float = 0, y: float = 0, **attrs: Any) -> str:
    """An instance of the shared shape ``name`` (defined once in ``<defs>``: :func:`defs_for`)."""
    return el("use", href=f"#{name}", x=round(x) or None, y=round(y) or None, **attrs)


def label(x: float, y: float, words: str, size: float = MIN_FONT_PX, **attrs: Any) -> str:
    """Text; the ink and the 11 px size are inherited (set once for the whole picture)."""
    size = max(size, MIN_FONT_PX)
    font_size = None if size == MIN_FONT_PX else size
    return el("text", escape(str(words)), x=round(x), y=round(y), font_size=font_size, **attrs)


def centred_label(words: str, x: float, y: float, size: float = MIN_FONT_PX, **attrs: Any) -> str:
    """Centred text."""
    return label(x, y, words, size, text_anchor="middle", **attrs)


def highlight_ring(x: float, y: float, w: float, h: float, rx: float = 6) -> str:
    """The highlight: a thick gold outline plus a dashed dark one (not colour alone)."""
    box = {"x": x - 4, "y": y - 4, "width": w + 8, "height": h + 8, "rx": rx, "fill": "none"}
    box = {k: round(v) if isinstance(v, float) else v for k, v in box.items()}
    return el("rect", class_="highlight", stroke=HIGHLIGHT, stroke_width=5, **box) + el(
        "rect", stroke=INK, stroke_width=1.5, stroke_dasharray="5 3", **box
    )


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st`` ..."""
    return f"{n}{'tsnrhtdd'[(n // 10 % 10 != 1) * (n % 10 < 4) * n % 10 :: 4]}"


def seat_words(view: dict[str, Any], seat: int | None) -> str:
    """Who ``seat`` is, in words: a player's name, ``spectator`` (``None``), chance, nobody."""
    if seat is None:
        return "spectator"
    if seat == CHANCE:
        return "chance (a draw)"
    if seat == TERMINAL:
        return "nobody"
    return player_name(seat)


# --------------------------------------------------------------------------- shared shapes
# Repeated shapes (paw dots, card backs, cat heads, seat markers, coin and can) are
# drawn once in <defs> and placed with <use>: the widget sends the whole picture
# after every click. Each is defined only if the picture uses it.
def _paw_dots(count: int, x: float, y: float) -> str:
    """``count`` paw dots in rows of three, centred on ``x`` (the card's cat icons)."""
    dots = []
    for i in range(count):
        row, col = divmod(i, 3)
        in_row = min(3, count - row * 3)
        cx = x + (col - (in_row - 1) / 2) * PAW_STEP
        dots.append(el("circle", cx=cx, cy=(y + row * 7.5) or None, r=2.6))
    return "".join(dots)


def _cat_head(
    cx: float, cy: float, r: float, fill: str | None, eye: str = INK, stroke: str = INK
) -> str:
    """A cat piece seen from above: round head, two ears, eyes (``fill=None``: inherited)."""
    ears = (
        " ".join(f"{_num(cx + side * dx * r)},{_num(cy - dy * r)}" for dx, dy in _EAR)
        for side in (-1, 1)
    )
    eyes = [
        el("circle", cx=cx + side * r * 0.38, cy=cy - r * 0.1, r=max(1.2, r * 0.13), fill=eye)
        for side in (-1, 1)
    ]
    head = [*(el("polygon", points=p) for p in ears), el("circle", cx=cx, cy=cy, r=r)]
    return group(head, fill=fill, stroke=stroke, stroke_width=1.2) + "".join(eyes)


_EAR = ((0.95, 0.35), (0.75, 1.35), (0.2, 0.9))
"""An ear's corners, in head radii from the centre (outwards, up)."""


def _num(v: float) -> str:
    """A coordinate with at most one decimal (``10``, ``-4.5``)."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _safe(colour: str) -> str:
    """A colour as part of an id (the standard colour names stay readable)."""
    return colour if re.fullmatch(r"[a-z0-9]+", colour) else "x-" + colour.encode().hex()


def _unsafe(word: str) -> str:
    return bytes.fromhex(word[2:]).decode() if word.startswith("x-") else word


def _face_id(kind: str, what: str | int) -> str:
    """``mn-f-green``: a card's colour face; ``mn-r-5``: its rank and paw dots;
    ``mn-z-green``: a collected Zabuton Neko's tile (cards are ``CARD_W x CARD_H``)."""
    return f"mn-{kind}-{_safe(what) if isinstance(what, str) else what}"


def _face_shape(colour: str, w: int, h: int, chip: bool = False) -> str:
    """The colour fill and the colour's name (colour is never the only cue)."""
    weight = "normal" if chip else None  # a chip's value is bold, its colour name is not
    return el("rect", width=w, height=h, rx=5 if chip else 4, fill=_fill(colour), stroke=INK) + (
        centred_label(_abbr(colour), w / 2, 12, fill=_ink_on(colour), font_weight=weight)
    )


def _rank_shape(rank: int, w: int, h: int) -> str:
    """The icon count as a number and, on full-size cards, as paw dots (fill inherited)."""
    number = centred_label(str(rank), w / 2, h * 0.5 + 6, size=15, font_weight="bold")
    if w < 30:
        return number
    return number + use_shape(f"mn-p-{min(rank, 9)}", w / 2, h - 12 if rank <= 3 else h - 15)


def _card_back_shape(w: int, h: int) -> str:
    return "".join(
        [
            el("rect", width=w, height=h, rx=4, fill=CARD_BACK, stroke=INK),
            el("rect", x=3, y=3, width=w - 6, height=h - 6, rx=3, fill="none", stroke="white"),
            _cat_head(w / 2, h / 2, min(w, h) * 0.22, "#8f75b5", stroke="white"),
        ]
    )


def _feature_shape(feature: str) -> str:
    """Gold coin: a gold disc with a yen sign; cat can: a tin with the word can."""
    if feature == GOLD:
        return el(
            "circle", r=9, fill="#f2c200", stroke="#7a5b00", stroke_width=1.5
        ) + centred_label("¥", 0, 4, font_weight="bold", fill="#5a4300")
    return el(
        "rect", x=-13, y=-8, width=26, height=16, rx=3, fill="#cfd8dc", stroke="#455a64"
    ) + centred_label("can", 0, 4, fill="#263238")


def _maneki_shape() -> str:
    """A Manekineko: white beckoning cat with a red collar and a raised paw."""
    return "".join(
        [
            _cat_head(0, 0, 10, "white"),
            el("rect", x=-7, y=8, width=14, height=3, rx=1.5, fill="#d1352b"),
            el("circle", cx=13, cy=-9, r=3.5, fill="white", stroke=INK),
        ]
    )


def _def_body(name: str) -> str:
    """The shape behind ``<use href="#name">``."""
    kind, _, arg = name[3:].partition("-")
    if kind == "p":  # paw dots around x = 0, fill from the card
        return group([_paw_dots(int(arg), 0, 0)], id=name)
    if kind == "slots":  # the empty places of a row, from place ``arg`` on
        first = int(arg)
        return group(
            [
                el("rect", x=(i - first) * (CARD_W + 5), width=CARD_W, height=CARD_H, rx=4)
                for i in range(first, ROW_SIZE)
            ],
            id=name,
            fill="none",
            stroke=MUTED,
            stroke_dasharray="4 3",
        )
    if kind == "r":  # card rank, see _face_id
        return group([_rank_shape(int(arg), CARD_W, CARD_H)], id=name)
    if kind in ("f", "z"):
        size = (32, 32) if kind == "z" else (CARD_W, CARD_H)
        return group([_face_shape(_unsafe(arg), *size, chip=kind == "z")], id=name)
    if kind == "back":
        w, _, h = arg.partition("x")
        return group([_card_back_shape(int(w), int(h))], id=name)
    if kind == "cat":  # a Zabuton Neko's piece, fill from the use; black cats get yellow eyes
        eye = "#f4d03a" if arg == "black" else INK
        return group([_cat_head(0, 0, ZABUTON * 0.2, None, eye)], id=name)
    if kind == "row":  # a seat's tatami strip at a kotatsu, with its marker
        seat = int(arg)
        colour = player_colour(seat)
        tint = tinted(colour, 0.85)
        strip = el("rect", width=KOTATSU_W, height=ROW_H - 4, rx=6, fill=tint, stroke=colour)
        return group([strip, use_shape(f"mn-seat-{seat}", 14, (ROW_H - 4) / 2)], id=name)
    if kind == "seat":
        return player_marker(0, 0, int(arg), r=9, id=name)
    if kind == "coin":
        return group([_feature_shape(GOLD)], id=name)
    if kind == "can":
        return group([_feature_shape(CAN)], id=name)
    if kind == "hidden":
        return group(
            [
                el("circle", r=11, fill="#555"),
                centred_label("?", 0, 4, 12, fill="white", font_weight="bold"),
            ],
            id=name,
        )
    if kind == "chipcoin":
        return el("circle", id=name, r=5, fill="#f2c200", stroke="#7a5b00")
    if kind == "chipcan":
        return el(
            "rect",
            id=name,
            x=-5,
            y=-5,
            width=9,
            height=10,
            rx=1.5,
            fill="#cfd8dc",
            stroke="#455a64",
        )
    if kind == "maneki":
        return group([_maneki_shape()], id=name)
    raise ValueError(f"no shared shape {name!r}")  # pragma: no cover


def defs_for(body: str) -> str:
    """``<defs>`` with exactly the shared shapes ``body`` uses."""
    shapes: dict[str, str] = {}
    todo = set(re.findall(r'href="#(mn-[\w-]+)"', body))
    while todo:  # a shape may use another (a card's rank uses its paw dots)
        name = todo.pop()
        shapes[name] = _def_body(name)
        todo |= set(re.findall(r'href="#(mn-[\w-]+)"', shapes[name])) - shapes.keys()
    return el("defs", *(shapes[n] for n in sorted(shapes))) if shapes else ""


def feature_icon(feature: str, x: float, y: float) -> str:
    """The gold coin or the cat can at ``x, y`` (nothing for a plain card)."""
    if feature == GOLD:
        return use_shape("mn-coin", x, y)
    if feature == CAN:
        return use_shape("mn-can", x, y)
    return ""


# --------------------------------------------------------------------------- cards and pieces
def card(
    word: str,
    x: float,
    y: float,
    w: int = CARD_W,
    h: int = CARD_H,
    *,
    ring: bool = False,
    **attrs: Any,
) -> str:
    """A face-up cat card from a view (``"green 5"``): colour fill, colour name, icons.

    The icon count is printed as a number and as paw dots ("The rank of Cat Cards is
    determined by the number of [icons printed on the card]"). ``ring``: highlighted.
    Face and rank are shared shapes (:func:`_face_id`); a card that can be clicked
    (an ``id`` starting ``hand-card``) draws its own rectangle first, so the board's
    target and selection outlines show on it.
    """
    parsed = _parse(word)
    if parsed is None:
        return card_back(x, y, w, h, **attrs)
    colour, rank = parsed
    cls = ("card " + attrs.pop("class_", "")).strip() + f" {colour}"
    if str(attrs.get("id", "")).startswith("hand-card") or (w, h) != (CARD_W, CARD_H):
        face = [
            el("rect", width=w, height=h, rx=4, fill=_fill(colour), stroke=INK),
            title(f"{colour} {rank}"),
            centred_label(_abbr(colour), w / 2, 12),
        ]
    else:  # a played card: its row's (or the showdown's) tooltip names it
        face = [use_shape(_face_id("f", colour))]
    parts = [*face, use_shape(_face_id("r", rank), (w - CARD_W) / 2, (h - CARD_H) / 2)]
    if ring:
        parts.append(highlight_ring(0, 0, w, h, 5))
    ink = _ink_on(colour)  # the picture's ink is inherited; white is said
    return group(parts, **attrs, class_=cls, transform=_at(x, y), fill=None if ink == INK else ink)


def card_back(x: float, y: float, w: int = CARD_W, h: int = CARD_H, **attrs: Any) -> str:
    """A face-down cat card (another player's hand, the deck)."""
    attrs["class_"] = ("card-back " + attrs.get("class_", "")).strip()
    return use_shape(f"mn-back-{w}x{h}", x, y, **attrs)


def _zabuton_words(z: dict[str, Any]) -> str:
    feature = FEATURE_WORDS.get(z["feature"])
    value = "face down" if z["value"] == HIDDEN else f"worth {z['value']:+d}"
    return f"{z['colour']} cat" + (f" with {feature}" if feature else "") + f", zabuton {value}"


def _value_badge(value: Any, x: float, y: float) -> str:
    if value == HIDDEN:
        return use_shape("mn-hidden", x, y)
    return el("circle", cx=x, cy=y, r=11, fill="white", stroke=INK) + centred_label(
        f"{value:+d}", x, y + 4, font_weight="bold"
    )


def zabuton(
    z: dict[str, Any] | None, zid: str, x: float, y: float, size: int, hl: Collection[str]
) -> str:
    """A Zabuton Neko: the cat piece on its zabuton tile (value face down unless seen)."""
    ring = highlight_ring(0, 0, size, size) if zid in hl else ""
    if z is None:
        body = [
            el(
                "rect",
                width=size,
                height=size,
                rx=10,
                fill=QUILT,  # light under the word: grey on the kotatsu's wood read at 2:1
                stroke=MUTED,
                stroke_dasharray="6 4",
            ),
            title("empty place: a new Zabuton Neko comes from the bag"),
            centred_label("empty", size / 2, size / 2 + 4),
        ]
        return group([*body, ring], id=zid, class_="zabuton-place empty", transform=_at(x, y))
    colour = z["colour"]
    fill = _fill(colour)
    body = [
        el(
            "rect",
            width=size,
            height=size,
            rx=12,
            fill=tinted(fill, 0.55),
            stroke=fill,
            stroke_width=3,
        ),
        title(_zabuton_words(z)),
        el(
            "rect",
            x=7,
            y=7,
            width=size - 14,
            height=size - 14,
            rx=8,
            fill="none",
            stroke=tinted(fill, 0.25),
            stroke_dasharray="3 3",
        ),
        use_shape(
            "mn-cat-black" if colour == "black" else "mn-cat", size / 2, size * 0.46, fill=fill
        ),
        centred_label(f"{colour} cat", size / 2, size - 10, font_weight="bold"),
        feature_icon(z["feature"], 15, 15),
        _value_badge(z["value"], size - 14, 15),
    ]
    return group([*body, ring], id=zid, class_=f"zabuton {colour}", transform=_at(x, y))


def zabuton_chip(z: dict[str, Any], x: float, y: float) -> str:
    """A collected Zabuton Neko, small: colour, value (or ?), coin/can corner.

    The value's centring, weight and white ink are set once on the group of a player's
    chips.
    """
    colour = z["colour"]
    value = "?" if z["value"] == HIDDEN else f"{z['value']:+d}"
    mark = {
        GOLD: use_shape("mn-chipcoin", x + 30, y + 2),
        CAN: use_shape("mn-chipcan", x + 30, y + 2),
    }
    feature = FEATURE_WORDS.get(z["feature"])
    words = f"{colour} cat" + (f", {feature}" if feature else "")
    words += ", face down" if value == "?" else f", worth {value}"
    tile = el(
        "use",
        title(words),
        href=f"#{_face_id('z', colour)}",
        x=round(x),
        y=round(y),
        class_="collected",
    )
    ink = None if _ink_on(colour) == "white" else _ink_on(colour)  # white: set on the group
    return tile + label(x + 16, y + 27, value, fill=ink) + mark.get(z["feature"], "")


# --------------------------------------------------------------------------- kotatsu
def _row(view: dict[str, Any], k: int, seat: int, x: float, y: float, hl: Collection[str]) -> str:
    """One player's cards at one kotatsu, in front of their tatami (3 places)."""
    board = view["kotatsu"][k]
    name = _slug(board["name"])
    row = board["rows"][seat]
    rid = f"row-{name}-{seat}"
    done = seat in board["completed"]
    h = ROW_H - 4
    parts = [
        use_shape(f"mn-row-{seat}", stroke_width=2 if done else None),  # tatami and seat marker
        title(
            f"{player_name(seat)} at the {board['name']} kotatsu: "
            + (", ".join(row) or "no cards yet")
        ),
    ]
    for i, word in enumerate(row):
        cid = f"played-{name}-{seat}-{i}"
        parts.append(card(word, 30 + i * (CARD_W + 5), 2, ring=cid in hl, id=cid))
    if len(row) < ROW_SIZE:
        parts.append(use_shape(f"mn-slots-{len(row)}", 30 + len(row) * (CARD_W + 5), 2))
    right = 30 + ROW_SIZE * (CARD_W + 5) + 4
    if done:  # "third card first": the order the rows were completed in breaks ties
        order = board["completed"].index(seat) + 1
        lines = el("tspan", f"✓ full, {ordinal(order)}", font_weight="bold")
        pieces = [z["colour"] for z in board["slots"] if z is not None]
        if len(pieces) + len(row) == 5:
            lines += el("tspan", class_name(pieces, row), x=right, y=38)
        parts.append(el("text", lines, x=right, y=20, font_size=12))
    if rid in hl:
        parts.append(highlight_ring(0, 0, KOTATSU_W, h))
    return group(parts, id=rid, class_="row completed" if done else "row", transform=_at(x, y))


def class_name(pieces: Sequence[str], row: Sequence[str]) -> str:
    """Hand class of two piece colours and three card strings ("5cats" ... "solocat")."""
    colours = [*pieces, *(c.rpartition(" ")[0] for c in row)]
    return HAND_CLASSES[class_of_colours(colours)]


def kotatsu(view: dict[str, Any], k: int, x: float, y: float, hl: Collection[str]) -> str:
    """One kotatsu board with its two Zabuton Neko and every player's row of cards."""
    board = view["kotatsu"][k]
    name = _slug(board["name"])
    kid = f"kotatsu-{name}"
    choosing = view.get("choosing") == k
    parts = [
        el(
            "rect",
            y=22,
            width=KOTATSU_W,
            height=BOARD_H,
            rx=12,
            fill=QUILT,
            stroke="#8b6b4a",
            stroke_width=2,
        ),
        title(f"the {board['name']} kotatsu"),
        label(
            KOTATSU_W / 2,
            14,
            f"{board['name']} kotatsu" + (": showdown!" if choosing else ""),
            14,
            text_anchor="middle",
            font_weight="bold",
        ),
        el(
            "rect",
            x=10,
            y=30,
            width=KOTATSU_W - 20,
            height=BOARD_H - 16,
            rx=6,
            fill=WOOD,
            stroke="#7a5230",
            stroke_width=1.5,
        ),
    ]
    slots = board["slots"]
    step = (KOTATSU_W - len(slots) * ZABUTON) / (len(slots) + 1)
    for s, z in enumerate(slots):
        zx = step + s * (ZABUTON + step)
        parts.append(
            zabuton(z, f"zabuton-{name}-{s}", zx, 22 + (BOARD_H - ZABUTON) / 2, ZABUTON, hl)
        )
    if kid in hl:
        parts.append(highlight_ring(0, 22, KOTATSU_W, BOARD_H, 12))
    for seat in range(view["num_players"]):
        parts.append(_row(view, k, seat, 0, 30 + BOARD_H + seat * ROW_H, hl))
    return group(
        parts,
        id=kid,
        class_="kotatsu choosing" if choosing else "kotatsu",
        transform=_at(x, y),
    )
