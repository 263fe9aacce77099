"""Neko Boss drawn from a view: Neko Town's streets, the cat stacks, the last move, the scores.

Pure functions of ``state.view(player)`` (standard library only, see :mod:`nekolib.picture`).
The seed: "Board is consist of 24 intersections and paths", "the top cat on the
stack is the one that controls that stack of cats", "4 or more pieces stack is score".
So each intersection is a dot, each street a line, with chess-like coordinates on the
edges (column letters, row numbers: ``a1`` is bottom left; boards whose labels are not
of that form get the label beside each dot). Each stack is a pile of coloured chips
(the buried cats, bottom first) under the marker of the seat that keeps the top cat
(colour, shape and letter), with its height in a badge; stacks of the scoring height
stand on a gold plate, with a dark badge and a star. The last move is a curved arrow
from the vacated point to the stack it landed on (a ring for a placement). Under the
board: per seat the scoring numbers, pieces in hand and who is to move or out.

Element ids (tests and the clickable board use them): ``point-<label>`` (class ``point``,
one per intersection), ``stack-<label>`` (class ``stack``), ``path-<i>`` (class
``path``), ``last-move`` and ``score-<seat>``. The first child of a point or stack is an
invisible outline that the clickable board strokes when it is a target. Neko Boss has
no secrets: every seat's view draws the same picture (the ``viewer`` entry is unused).
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence
from html import escape
from typing import Any

from nekolib.picture import (
    INK,
    MUTED,
    NARROW_WIDTH,
    PLAYER_COLOURS,
    PLAYER_LETTERS,
    PLAYER_NAMES,
    SVG,
    document,
    el,
    group,
    player_marker,
    title,
)
from nekolib.picture import text as _text

__all__ = ["COLOURS", "NAMES", "example_view", "summary", "svg", "text"]

COLOURS: tuple[str, ...] = PLAYER_COLOURS[:4]
"""Seat colours: Okabe-Ito :data:`nekolib.picture.PLAYER_COLOURS` (Red, Blue, Green, Orange)."""
NAMES: tuple[str, ...] = PLAYER_NAMES[:4]
"""Seat names: ``("Red", "Blue", "Green", "Orange")``."""

UNIT = 84
"""Pixels between intersections one step apart."""
PAD = 52
"""Space around the outermost intersections (stacks and labels stick out)."""
HEADER = 42
ROW = 26
COLUMNS = (("", 26), ("player", 74), ("4+ stacks", 78), ("highest", 62), ("stacks", 56))
COLUMNS += (("in hand", 62), ("", 78))
TABLE_WIDTH = sum(w for _, w in COLUMNS)
NARROW_COLUMNS = (("", 22), ("player", 58), ("4+", 30), ("top", 34), ("stacks", 48))
NARROW_COLUMNS += (("hand", 36), ("", 52))
"""The score table of the narrow layout (:data:`nekolib.picture.NARROW_WIDTH` wide)."""
NARROW_PAD = 34

STREET = "#9c8f76"
DOT = "#8a7f6a"
PLATE = "#f6df8f"
PLATE_EDGE = "#8a6d00"
GOLD = "#f2b600"
TOP_R = 13
CHIP_W, CHIP_H, PILE_MAX = 34, 6, 36
PHASES = {"placement": "Phase 1: placement", "movement": "Phase 2: moving stacks"}


# --------------------------------------------------------------------------- geometry
class _Layout:
    """Pixel positions of the intersections (y up in the board data, down on screen)."""

    def __init__(self, coords: Sequence[tuple[float, float]], narrow: bool = False) -> None:
        xs = [x for x, _ in coords]
        ys = [y for _, y in coords]
        self.x0, self.y1 = min(xs), max(ys)
        span = max(max(xs) - min(xs), 1)
        self.narrow = narrow
        # Narrow: the streets shrink to fit NARROW_WIDTH, the cats and the text do not.
        self.pad = NARROW_PAD if narrow else PAD
        self.unit = min(UNIT, (NARROW_WIDTH - 2 * self.pad) / span) if narrow else UNIT
        self.columns = NARROW_COLUMNS if narrow else COLUMNS
        self.table_width = sum(w for _, w in self.columns)
        self.header = HEADER + 24 if narrow else HEADER
        self.board_w = (max(xs) - min(xs)) * self.unit + 2 * self.pad
        self.board_h = (max(ys) - min(ys)) * self.unit + 2 * self.pad
        self.width = max(self.board_w, self.table_width + (0 if narrow else 24))
        self.left = (self.width - self.board_w) / 2 + self.pad
        self.top = self.header + self.pad
        self.coords = coords

    def at(self, p: int) -> tuple[float, float]:
        x, y = self.coords[p]
        return self.left + (x - self.x0) * self.unit, self.top + (self.y1 - y) * self.unit

    @property
    def board_bottom(self) -> float:
        return self.header + self.board_h


def _name(seat: int) -> str:
    return PLAYER_NAMES[seat % len(PLAYER_NAMES)]


def _colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def _winners(view: dict[str, Any]) -> list[int]:
    """Seats with the best score: "more 4 or more stacks", then "highest", then "more stacks"."""
    scores = [tuple(s) for s in view["scores"]]
    best = max(scores)
    return [p for p, s in enumerate(scores) if s == best]


def _status(view: dict[str, Any]) -> str:
    """``"Phase 2: moving stacks · Red to move"`` or ``"Game over · Red wins"``."""
    if view["phase"] == "over":
        won = [_name(p) for p in _winners(view)]
        verdict = f"{won[0]} wins" if len(won) == 1 else f"{' and '.join(won)} share the win"
        if len(won) > 2:  # the header's markers name them
            verdict = f"{len(won)} players share the win"
        return f"Game over \u00b7 {verdict}{_tie_break(view)}"
    return f"{PHASES.get(view['phase'], view['phase'])} \u00b7 {_name(view['to_move'])} to move"


def _tie_break(view: dict[str, Any]) -> str:
    """Which scoring rule decided: "The player who keep more 4 or more stacks ... wins.
    Score is same, then ... highest stack ... All are same, then ... more stacks"."""
    scores = sorted((tuple(s) for s in view["scores"]), reverse=True)
    if len(scores) < 2 or scores[0] == scores[1]:
        return ""
    rule = next(i for i in range(3) if scores[0][i] != scores[1][i])
    return ("", " on highest stack", " on number of stacks")[rule]


def _last_text(view: dict[str, Any]) -> str:
    last = view.get("last")
    if not last:
        return ""
    labels = view["labels"]
    if len(last) == 1:
        return f"{_name(view['stacks'][last[0]][-1])} placed on {labels[last[0]]}"
    return f"{_name(view['stacks'][last[1]][-1])} moved {labels[last[0]]}\u2192{labels[last[1]]}"


# --------------------------------------------------------------------------- pieces
def _pile(x: float, y: float, stack: Sequence[int]) -> tuple[list[str], float]:
    """The buried cats as chips, bottom first, and the y of the top marker's centre.

    The pile is centred on the intersection; tall piles are squeezed (at most
    ``PILE_MAX`` px) so every chip stays visible as a stripe.
    """
    buried = stack[:-1]
    chip = CHIP_H if len(buried) * CHIP_H <= PILE_MAX else PILE_MAX / len(buried)
    pile = chip * len(buried)
    bottom = y + (pile + 2 * TOP_R) / 2
    parts = []
    for i, owner in enumerate(buried):
        top = bottom - (i + 1) * chip
        parts.append(
            _layer(
                x - CHIP_W / 2,
                top,
                chip,
                owner,
                title(f"{_name(owner)} cat, {i + 1}. from the bottom"),
            )
        )
    return parts, bottom - pile - TOP_R + 2


def _layer(x: float, y: float, h: float, owner: int, tip: str) -> str:
    """A buried cat: a stripe in its owner's colour whose ends echo the owner's marker shape
    (round for the circle, square for the square, pointed for the triangle, notched for the
    diamond...), so the pile reads without telling the colours apart."""
    w, shape = CHIP_W, owner % 4
    style = {
        "fill": _colour(owner),
        "stroke": INK,
        "stroke_width": 0.8 if h >= 4 else 0.4,
        "class_": f"layer seat-{owner}",
    }
    if shape in (0, 1):
        rx = min(h / 2, 3.5) if shape == 0 else 0
        return el("rect", tip, x=x, y=y, width=w, height=h, rx=rx, **style)
    d = min(h, 5)  # how far the ends point out (triangle) or in (diamond)
    if shape == 2:
        pts = [
            (x, y + h / 2),
            (x + d, y),
            (x + w - d, y),
            (x + w, y + h / 2),
            (x + w - d, y + h),
            (x + d, y + h),
        ]
    else:
        pts = [
            (x, y),
            (x + w, y),
            (x + w - d, y + h / 2),
            (x + w, y + h),
            (x, y + h),
            (x + d, y + h / 2),
        ]
    points = " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)
    return el("polygon", tip, points=points, **style)


def _star(x: float, y: float, r: float) -> str:
    pts = []
    for i in range(10):
        a = math.pi * i / 5 - math.pi / 2
        rr = r if i % 2 == 0 else r * 0.45
        pts.append(f"{x + rr * math.cos(a):.1f},{y + rr * math.sin(a):.1f}")
    return el("polygon", points=" ".join(pts), fill=GOLD, stroke=INK, stroke_width=1)


def _half_height(height: int) -> float:
    """Half the drawn height of a stack of ``height`` cats (pile and top marker)."""
    return (min(PILE_MAX, CHIP_H * (height - 1)) + 2 * TOP_R) / 2


def _stack(
    x: float, y: float, label: str, stack: Sequence[int], score_height: int, hit_w: float = 58
) -> str:
    """One stack: gold plate if it scores, buried chips, top marker, height badge, tooltip;
    ``hit_w`` wide to tap."""
    height, top = len(stack), stack[-1]
    scores = height >= score_height
    chips, top_y = _pile(x, y, stack)
    half = _half_height(height)
    parts = [
        _hit("rect", x=x - hit_w / 2, y=y - half - 9, width=hit_w, height=2 * half + 18, rx=12),
        title(
            f"{label}: stack of {height}, {_name(top)} on top (moves and keeps it)"
            + (f", scores ({score_height}+)" if scores else "")
            + f"; bottom to top: {', '.join(_name(o) for o in stack)}"
        ),
    ]
    if scores:
        parts.append(
            el(
                "rect",
                x=x - 25,
                y=y - half - 6,
                width=50,
                height=2 * half + 12,
                rx=10,
                fill=PLATE,
                stroke=PLATE_EDGE,
                stroke_width=2,
                class_="scoring",
            )
        )
    parts += chips
    parts.append(player_marker(x, top_y, top, r=TOP_R))
    if height > 1 or scores:  # a lone cat needs no badge (``data-height`` still says 1)
        parts += _badge(x + 22, top_y - 8, height, scores)
    return group(
        parts,
        id=f"stack-{label}",
        class_=f"stack seat-{top}" + (" scoring" if scores else ""),
        data_height=height,
        data_top=top,
    )


def _badge(bx: float, by: float, height: int, scores: bool) -> list[str]:
    """The stack's height in a disc (dark, with a star, once it scores)."""
    parts = [
        el(
            "circle",
            cx=bx,
            cy=by,
            r=9.5 if height < 10 else 11.5,
            fill=INK if scores else "white",
            stroke=INK,
            stroke_width=1.2,
        ),
        _text(
            bx,
            by + 4,
            str(height),
            12,
            text_anchor="middle",
            font_weight="bold",
            fill="white" if scores else INK,
            class_="height",
        ),
    ]
    if scores:
        parts.append(_star(bx, by - 14, 6))
    return parts


def _hit(tag: str, **attrs: Any) -> str:
    """A clickable group's first child: an invisible outline that the clickable board
    (``nekolib/widgets/static/board.css``: ``.nk-target > :first-child``) strokes in gold."""
    return el(tag, fill="white", fill_opacity=0, class_="hit", **attrs)


def _point_words(label: str, stack: Sequence[int]) -> str:
    """What a screen reader calls an intersection: ``"b2: vacant"`` or
    ``"b2: stack of 3 cats, Red on top"`` (the last cat of ``stack`` is the top one)."""
    if not stack:
        return f"{label}: vacant"
    cats = "1 cat" if len(stack) == 1 else f"{len(stack)} cats"
    return f"{label}: stack of {cats}, {_name(stack[-1])} on top"


def _point(
    x: float, y: float, label: str, stack: Sequence[int], named: bool, hit_r: float = 24
) -> str:
    """An intersection: a dot, a transparent disc (``hit_r``) to click later, and its label
    unless the board's edges already name its column and row (``named``)."""
    parts = [
        _hit("circle", cx=x, cy=y, r=hit_r),
        title(_point_words(label, stack)),
        el("circle", cx=x, cy=y, r=5, fill=DOT),
    ]
    if not named:
        parts.append(_text(x + 19, y + 27, label, 11, fill=MUTED, class_="label"))
    return group(
        parts,
        id=f"point-{label}",
        class_="point vacant" if not stack else "point",
    )


def _last_move(view: dict[str, Any], layout: _Layout) -> str:
    """The last action: an arrow from the (now vacant) source to the stack it landed on,
    curved so it does not hide what lies between; a ring around a fresh placement."""
    last = view.get("last")
    if not last:
        return ""
    seat = view["stacks"][last[-1]][-1]
    colour = _colour(seat)
    about = title(f"last move: {_last_text(view)}")
    if len(last) == 1:
        x, y = layout.at(last[0])
        ring = [
            el("circle", cx=x, cy=y, r=26, fill="none", stroke=INK, stroke_width=6),
            el("circle", cx=x, cy=y, r=26, fill="none", stroke=colour, stroke_width=3.5),
        ]
        return group([about, *ring], id="last-move", class_="last-move place")
    (x1, y1), (x2, y2) = layout.at(last[0]), layout.at(last[1])
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bend = min(0.5 * length, 90.0)  # the curve bulges half of this: clear of stacks between
    cx, cy = (x1 + x2) / 2 + uy * bend, (y1 + y2) / 2 - ux * bend
    # end on the landing stack's rim, coming in along the curve's tangent
    tx, ty = x2 - cx, y2 - cy
    tl = math.hypot(tx, ty) or 1.0
    landed = view["stacks"][last[1]]
    rim = _half_height(len(landed)) + (12 if len(landed) >= view["score_height"] else 8)
    ex, ey = x2 - tx / tl * rim, y2 - ty / tl * rim
    head = _arrow_head(ex, ey, tx / tl, ty / tl)
    path = f"M{x1:.1f},{y1:.1f} Q{cx:.1f},{cy:.1f} {ex:.1f},{ey:.1f}"
    parts = [
        about,
        el("circle", cx=x1, cy=y1, r=9, fill="white", stroke=colour, stroke_width=3),
        el("path", d=path, fill="none", stroke=INK, stroke_width=7, stroke_linecap="round"),
        el("path", d=path, fill="none", stroke=colour, stroke_width=4, stroke_linecap="round"),
        el("polygon", points=head, fill=colour, stroke=INK, stroke_width=1.5),
    ]
    return group(parts, id="last-move", class_="last-move move")


def _arrow_head(x: float, y: float, ux: float, uy: float, size: float = 13) -> str:
    bx, by = x - ux * size, y - uy * size
    px, py = -uy * size * 0.55, ux * size * 0.55
    pts = ((x + ux * 3, y + uy * 3), (bx + px, by + py), (bx - px, by - py))
    return " ".join(f"{a:.1f},{b:.1f}" for a, b in pts)


def _highlight(x: float, y: float, r: float, gap: float = 4) -> str:
    """Issue 11's emphasis: a thick gold ring and a dashed dark ring ``gap`` outside it
    (visible without colour)."""
    return group(
        [
            el("circle", cx=x, cy=y, r=r, fill="none", stroke=GOLD, stroke_width=5),
            el(
                "circle",
                cx=x,
                cy=y,
                r=r + gap,
                fill="none",
                stroke=INK,
                stroke_width=1.5,
                stroke_dasharray="5 3",
            ),
        ],
        class_="highlight",
    )


# --------------------------------------------------------------------------- panels
def _edge_names(view: dict[str, Any]) -> tuple[dict[float, str], dict[float, str]] | None:
    """Column letters by x and row numbers by y when every label is ``letters + digits`` of
    its column and row (chess-like ``a1``, as all boards of ``boards.py``), else ``None``."""
    cols: dict[float, set[str]] = {}
    rows: dict[float, set[str]] = {}
    pairs = list(zip(view["coords"], view["labels"], strict=True))
    for (x, y), label in pairs:
        cols.setdefault(x, set()).add(label.rstrip("0123456789"))
        rows.setdefault(y, set()).add(label.lstrip("abcdefghijklmnopqrstuvwxyz"))
    if any(len(v) != 1 or not min(v) for v in (*cols.values(), *rows.values())):
        return None
    col = {x: min(v) for x, v in cols.items()}
    row = {y: min(v) for y, v in rows.items()}
    ok = all(col[x] + row[y] == label for (x, y), label in pairs)
    return (col, row) if ok else None


def _edges(names: tuple[dict[float, str], dict[float, str]], layout: _Layout) -> str:
    """Chess-style coordinates: column letters under the board, row numbers on its left."""
    col, row = names
    pad, unit = layout.pad, layout.unit
    bottom = layout.board_bottom - pad + (32 if layout.narrow else 46)
    left = layout.left - (27 if layout.narrow else 42)
    parts = [
        _text(layout.left + (x - layout.x0) * unit, bottom, c, 13, text_anchor="middle")
        for x, c in sorted(col.items())
    ]
    parts += [
        _text(left, layout.top + (layout.y1 - y) * unit + 5, r, 13, text_anchor="middle")
        for y, r in sorted(row.items())
    ]
    return group(parts, id="coordinates", class_="coordinates", fill=MUTED)


def _header(view: dict[str, Any], narrow: bool = False) -> str:
    parts = []
    x = 16.0
    seats = _winners(view) if view["phase"] == "over" else [view["to_move"]]
    for seat in seats:
        parts.append(player_marker(x + 10, 22, seat, r=10))
        x += 26
    x += 2
    status = _status(view)
    if narrow and " \u00b7 " in status:  # two lines: the phase, then who moves or wins
        first, rest = status.split(" \u00b7 ", 1)
        lines = el("tspan", escape(first), x=x, y=27) + el("tspan", escape(rest), x=16, y=51)
        parts.append(el("text", lines, font_size=15, font_weight="bold", fill=INK, class_="status"))
    else:
        parts.append(_text(x, 27, status, 15, font_weight="bold", class_="status"))
    return group(parts, id="status")


def _score_table(view: dict[str, Any], top: float, width: float, narrow: bool = False) -> str:
    """Per seat: marker, name, 4+ stacks, highest, stacks, pieces in hand, to move/out/wins."""
    columns = NARROW_COLUMNS if narrow else COLUMNS
    table_width = sum(w for _, w in columns)
    left = (width - table_width) / 2
    heads = list(columns)
    label = f"{view['score_height']}+" if narrow else f"{view['score_height']}+ stacks"
    heads[2] = (label, heads[2][1])
    parts = []
    x = left
    for head, w in heads:
        if head:
            parts.append(_text(x + 4, top + 14, head, 11, fill=MUTED, font_weight="bold"))
        x += w
    over = view["phase"] == "over"
    winners = _winners(view) if over else []
    for seat, (tall, highest, count) in enumerate(view["scores"]):
        y = top + 22 + seat * ROW
        if over:
            status = "wins" if seat in winners else ""
        elif seat == view["to_move"]:
            status = "\u25c0 turn" if narrow else "\u25c0 to move"
        else:
            status = "out" if view["out"][seat] else ""
        cells = [_name(seat), str(tall), str(highest), str(count), str(view["in_hand"][seat])]
        row = [
            title(
                f"{_name(seat)}: {tall} stack(s) of {view['score_height']}+, highest {highest}, "
                f"{count} stack(s), {view['in_hand'][seat]} in hand"
                + (f", {status}" if status else "")
            )
        ]
        if status in ("wins", "\u25c0 to move", "\u25c0 turn"):
            row.append(
                el("rect", x=left, y=y, width=table_width, height=ROW - 2, rx=5, fill="#efe4c6")
            )
        row.append(player_marker(left + 13, y + ROW / 2 - 1, seat, r=9))
        x = left + columns[0][1]
        for value, (_, w) in zip([*cells, status], columns[1:], strict=True):
            bold = "bold" if value in (_name(seat), "wins") else None
            row.append(_text(x + 4, y + 17, value, 13, font_weight=bold))
            x += w
        parts.append(group(row, id=f"score-{seat}", class_="score"))
    return group(parts, id="scores")


# --------------------------------------------------------------------------- the picture
def svg(view: dict[str, Any], *, highlight: Collection[str] = (), narrow: bool = False) -> SVG:
    """The position as a board-game picture (see the module docstring for the ids).

    ``highlight``: ids (``point-a1``, ``stack-b2``, ``score-0``...) to ring in gold.
    ``narrow``: the phone layout, :data:`~nekolib.picture.NARROW_WIDTH` wide (streets
    closer together, cats and text as large, the header on two lines); the same ids.
    """
    layout = _Layout(view["coords"], narrow)
    labels, stacks = view["labels"], view["stacks"]
    last = view.get("last")
    table_top = layout.board_bottom + 12
    height = table_top + 22 + ROW * len(view["scores"]) + (52 if narrow else 30)
    body = [_header(view, narrow)]
    streets = []
    for i, line in enumerate(view["lines"]):
        pts = " ".join(f"{layout.at(p)[0]:.1f},{layout.at(p)[1]:.1f}" for p in line)
        ends = f"{labels[line[0]]}\u2013{labels[line[-1]]}"
        streets.append(
            el(
                "polyline",
                title(f"path {ends}"),
                points=pts,
                fill="none",
                stroke=STREET,
                stroke_width=4,
                stroke_linecap="round",
                stroke_linejoin="round",
                id=f"path-{i}",
                class_="path",
            )
        )
    body.append(group(streets, id="paths"))
    names = _edge_names(view)
    if names:
        body.append(_edges(names, layout))
    # Narrow: neighbouring targets (and their outlines) must not touch: a gap of 6.
    hit = (min(24, layout.unit / 2 - 3), min(58, layout.unit - 6)) if layout.narrow else (24, 58)
    body.append(
        group(
            (
                _point(*layout.at(p), labels[p], s, bool(names), hit[0])
                for p, s in enumerate(stacks)
            ),
            id="points",
        )
    )
    body.append(
        group(
            (
                _stack(*layout.at(p), labels[p], s, view["score_height"], hit[1])
                for p, s in enumerate(stacks)
                if s
            ),
            id="stacks",
        )
    )
    body.append(_last_move(view, layout))  # on top: its curve passes beside the stacks between
    body.append(_score_table(view, table_top, layout.width, narrow))
    if last:  # narrow: on a line of its own, above the board's name
        at = height - (34 if narrow else 12)
        body.append(
            _text(16 if not narrow else 8, at, f"Last move: {_last_text(view)}", 12, fill=MUTED)
        )
    board = f"board {view['board']}"
    body.append(_text(layout.width - 14, height - 12, board, 12, fill=MUTED, text_anchor="end"))
    body.append(_highlights(view, layout, highlight, table_top))
    return document(
        layout.width,
        height,
        body,
        game="neko-boss",
        label=f"Neko Boss: {summary(view)}",
        narrow=narrow,
    )


def _highlights(
    view: dict[str, Any], layout: _Layout, ids: Collection[str], table_top: float
) -> str:
    rings = []
    # Narrow: rings of neighbouring points must not touch (nor cover the row numbers), yet
    # stay outside the top cat (TOP_R) on the boards with the closest points.
    narrow_r = max(TOP_R + 4, min(30, layout.unit / 2 - 5))
    ring = (narrow_r, 3) if layout.narrow else (min(30, layout.unit / 2), 4)
    for p, label in enumerate(view["labels"]):
        if f"point-{label}" in ids or (f"stack-{label}" in ids and view["stacks"][p]):
            rings.append(_highlight(*layout.at(p), *ring))
    left = (layout.width - layout.table_width) / 2
    for seat in range(len(view["scores"])):
        if f"score-{seat}" in ids:
            y = table_top + 22 + seat * ROW
            rings.append(
                el(
                    "rect",
                    x=left - 3,
                    y=y - 2,
                    width=layout.table_width + 6,
                    height=ROW + 2,
                    rx=6,
                    fill="none",
                    stroke=GOLD,
                    stroke_width=4,
                    class_="highlight",
                )
            )
    return group(rings, id="highlights") if rings else ""


# --------------------------------------------------------------------------- text
def _cell(stack: Sequence[int], score_height: int) -> str:
    """``R4*`` (top seat letter, height, ``*`` if it scores) or ``.`` for a vacant point."""
    if not stack:
        return "."
    star = "*" if len(stack) >= score_height else ""
    return f"{PLAYER_LETTERS[stack[-1] % len(PLAYER_LETTERS)]}{len(stack)}{star}"


def _common(words: list[str], keep: str) -> str:
    """The characters of kind ``keep`` ('alpha' or 'digit') shared by all ``words``."""
    parts = {"".join(c for c in w if getattr(c, f"is{keep}")()) for w in words}
    return parts.pop() if len(parts) == 1 else ""


def text(view: dict[str, Any]) -> str:
    """A compact text board (rows top to bottom) and one line per seat (at most 25 lines)."""
    coords, labels, stacks = view["coords"], view["labels"], view["stacks"]
    sh = view["score_height"]
    lines = [f"Neko Boss, {view['board']}: {_status(view)}"]
    grid = all(float(x).is_integer() and float(y).is_integer() for x, y in coords)
    if grid and len({y for _, y in coords}) <= 12:
        xs = sorted({int(x) for x, _ in coords})
        ys = sorted({int(y) for _, y in coords}, reverse=True)
        where = {(int(x), int(y)): p for p, (x, y) in enumerate(coords)}
        cols = [_common([labels[p] for (x, _), p in where.items() if x == c], "alpha") for c in xs]
        lines.append("    " + "".join(f"{c:<5}" for c in cols).rstrip())
        for r in ys:
            row = _common([labels[p] for (_, y), p in where.items() if y == r], "digit")
            cells = [_cell(stacks[where[(c, r)]], sh) if (c, r) in where else " " for c in xs]
            lines.append(f"{row:>2}  " + "".join(f"{c:<5}" for c in cells).rstrip())
    else:
        lines.append(" ".join(f"{labels[p]}:{_cell(s, sh)}" for p, s in enumerate(stacks)))
    for seat, (tall, highest, count) in enumerate(view["scores"]):
        extra = f"  in hand {view['in_hand'][seat]}" if view["in_hand"][seat] else ""
        if view["out"][seat] and view["phase"] != "over":
            extra += "  out"
        lines.append(
            f"{PLAYER_LETTERS[seat % len(PLAYER_LETTERS)]} {_name(seat) + ':':8}{sh}+ stacks "
            f"{tall}  highest {highest}  stacks {count}{extra}"
        )
    if view.get("last"):
        lines.append(f"last: {_last_text(view)}")
    return "\n".join(lines[:25])


def summary(view: dict[str, Any]) -> str:
    """One line for ``repr``: ``2p town_4x6, Phase 2: moving stacks · Red to move, 14 stacks``."""
    stacks = sum(1 for s in view["stacks"] if s)
    return f"{view['num_players']}p {view['board']}, {_status(view)}, {stacks} stacks"


def example_view(seed: int = 2023, moves: int = 12) -> dict[str, Any]:
    """A typical mid-game: 2 players, random placement, then ``moves`` random moves."""
    from nekolib.neko_boss.rules import new_game  # rules are pure too; imported when asked

    rng = random.Random(seed)
    state = new_game(2)
    while state.phase == "placement" or (moves > 0 and not state.is_terminal()):
        if state.phase == "movement":
            moves -= 1
        state = state.apply(rng.choice(state.legal_actions()))
    return state.view(None)
