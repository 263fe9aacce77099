"""Manekinecollection drawn as the box looks: three kotatsu, Zabuton Neko, rows of cat cards.

Pure functions of a **view** (``state.view(player)``), so nothing a viewer may not
see can reach the picture: face-down zabuton values and other players' hands arrive
as ``"?"`` and are drawn as tile and card backs.

Rulebook setup: "Place the three kotatsu boards side by side in the center of the
table ... Place two 'Zabuton Neko' on each 'Kotatsu Board'"; "The Cat Cards are
lined up in front of the Tatami Board of the color that corresponds to the player";
"After drawing a Manekineko from the bag, place the Manekineko between the kotatsu
boards". Ids and classes (tests and clicks use them): ``kotatsu-<name>``,
``zabuton-<name>-<slot>``, ``row-<name>-<seat>``, ``played-<name>-<seat>-<i>``,
``hand-card-<i>`` (the viewer's hand), ``hand-<seat>``, ``player-<seat>``, ``bag``,
``deck``, ``discard``, ``manekineko``; classes ``kotatsu``, ``zabuton``, ``row``,
``card``, ``hand-card``, ``card-back``.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from nekolib.core import CHANCE, HIDDEN
from nekolib.manekinecollection.parts import (
    ABBREVIATIONS,
    BOARD_H,
    CARD_FILLS,
    CARD_H,
    CARD_W,
    GAP,
    HAND_H,
    HAND_W,
    KOTATSU_W,
    MARGIN,
    PHASES,
    ROW_H,
    SIDE_W,
    WIDTH,
    card,
    card_back,
    centred_label,
    defs_for,
    feature_icon,
    highlight_ring,
    kotatsu,
    label,
    ordinal,
    seat_words,
    tinted,
    use_shape,
    zabuton_chip,
)
from nekolib.manekinecollection.rules import CAN, GOLD, ROW_SIZE
from nekolib.picture import (
    INK,
    MIN_FONT_PX,
    MUTED,
    NARROW_WIDTH,
    SVG,
    document,
    el,
    group,
    player_colour,
    player_name,
    text_lines,
    title,
    wrap,
)

__all__ = ["ABBREVIATIONS", "CARD_FILLS", "example_view", "summary", "svg", "text"]


# --------------------------------------------------------------------------- supply column
def _maneki(x: float, y: float, drawn: bool) -> str:
    """A Manekineko drawn (white beckoning cat) or still to come (a dashed outline)."""
    if not drawn:
        return el("circle", cx=x, cy=y, r=11, fill="none", stroke=MUTED, stroke_dasharray="3 2")
    return use_shape("mn-maneki", x, y)


def supply(view: dict[str, Any], x: float, y: float, hl: Collection[str]) -> tuple[str, float]:
    """Manekineko drawn, the bag, the deck and the discard pile (right-hand column)."""
    w, cx = SIDE_W, round(x + SIDE_W / 2)
    out = []
    drawn, goal = view["manekineko_drawn"], view.get("manekineko_to_end", 3)
    icons = [_maneki(cx + (i - (goal - 1) / 2) * 30, y + 40, i < drawn) for i in range(goal)]
    box = [
        el("rect", x=x, y=y, width=w, height=92, rx=8, fill="white", stroke=MUTED),
        title(f"Manekineko drawn {drawn} of {goal}: the game ends at the {ordinal(goal)}"),
        label(cx, y + 16, "Manekineko", 12, text_anchor="middle", font_weight="bold"),
        *icons,
        label(cx, y + 70, f"{drawn}/{goal} drawn", 12, text_anchor="middle", font_weight="bold"),
        centred_label(f"{view['manekineko_reserve']} in supply", cx, y + 85, fill=MUTED),
    ]
    if "manekineko" in hl:
        box.append(highlight_ring(x, y, w, 92))
    out.append(group(box, id="manekineko", class_="manekineko"))

    y += 102
    contents = "; ".join(f"{n} {what}" for what, n in view["bag"].items())
    bag = [
        el(
            "path",
            d=f"M{cx - 18},{y + 14}Q{cx},{y + 22} {cx + 18},{y + 14}L{cx + 34},{y + 70}"
            f"Q{cx},{y + 84} {cx - 34},{y + 70}Z",
            fill="#8d6e63",
            stroke=INK,
            stroke_width=1.5,
        ),
        title(f"bag: {contents or 'no cats'}; {view['bag_manekineko']} Manekineko"),
        el(
            "path",
            d=f"M{cx - 18},{y + 14}Q{cx},{y + 2} {cx + 18},{y + 14}",
            fill="none",
            stroke="#d7b899",
            stroke_width=3,
        ),
        label(
            cx,
            y + 52,
            str(view["bag_size"]),
            18,
            text_anchor="middle",
            font_weight="bold",
            fill="white",
        ),
        label(cx, y + 96, f"bag: {view['bag_size']} cats", 12, text_anchor="middle"),
        label(cx, y + 111, f"+ {view['bag_manekineko']} Manekineko", 12, text_anchor="middle"),
    ]
    if "bag" in hl:
        bag.append(highlight_ring(x + 8, y, w - 16, 116))
    out.append(group(bag, id="bag", class_="bag"))

    y += 126
    deck, top = _deck(view, x + 30, y, hl), y + HAND_H + 14
    out.append(deck)
    out.append(_discard(view, x + 90, y + HAND_H - CARD_H, hl))
    return "".join(out), top + 44 if view["reshuffles"] else top + 30


def _slot_outline(x: float, y: float) -> str:
    return use_shape(f"mn-slots-{ROW_SIZE - 1}", x, y)  # one empty place


def _deck(view: dict[str, Any], cx: float, y: float, hl: Collection[str]) -> str:
    """The deck: a stack of card backs and its size (and how often it was reshuffled)."""
    n = view["deck_size"]
    parts = []
    for i in range(min(3, n // 20 + 1) if n else 0):
        parts.append(card_back(cx - HAND_W / 2 - 3 + i * 3, y + 3 - i * 3, HAND_W, HAND_H))
    if not n:
        parts.append(
            el(
                "rect",
                x=round(cx - HAND_W / 2),
                y=y,
                width=HAND_W,
                height=HAND_H,
                rx=4,
                fill="none",
                stroke=MUTED,
                stroke_dasharray="4 3",
            )
        )
    parts.insert(1, title(f"deck: {n} cards face down"))
    base = y + HAND_H + 24
    parts.append(label(cx, base, "deck", 12, text_anchor="middle", font_weight="bold"))
    parts.append(centred_label(f"{n} cards", cx, base + 14))
    if view["reshuffles"]:
        parts.append(
            centred_label(f"reshuffled {view['reshuffles']}x", cx + 30, base + 28, fill=MUTED)
        )
    if "deck" in hl:
        parts.append(highlight_ring(cx - HAND_W / 2 - 3, y - 3, HAND_W + 6, HAND_H + 6))
    return group(parts, id="deck", class_="deck")


def _discard(view: dict[str, Any], cx: float, y: float, hl: Collection[str]) -> str:
    """The discard pile, face up: its top card and its size."""
    pile = view["discard"]
    parts = []
    if pile:
        parts.append(card(pile[-1], cx - CARD_W / 2, y, class_="discard-top"))
    else:
        parts.append(_slot_outline(cx - CARD_W / 2, y))
    parts.append(title(f"discard pile: {len(pile)} cards face up"))
    base = y + CARD_H + 24
    parts.append(label(cx, base, "discard", 12, text_anchor="middle", font_weight="bold"))
    parts.append(centred_label(f"{len(pile)} cards", cx, base + 14))
    if "discard" in hl:
        parts.append(highlight_ring(cx - CARD_W / 2, y, CARD_W, CARD_H))
    return group(parts, id="discard", class_="discard")


# --------------------------------------------------------------------------- panels
def _status(view: dict[str, Any]) -> str:
    """Whose turn, the phase and who decides now."""
    phase = view["phase"]
    words = PHASES.get(phase, phase)
    if phase == "choose" and view.get("choosing") is not None:
        where = view["kotatsu"][view["choosing"]]["name"]
        words = f"{seat_words(view, view['decider'])} picks a Zabuton Neko at the {where} kotatsu"
    if phase == "over":
        winners = ", ".join(player_name(p) for p in view.get("winners", []))
        return f"Game over - winner: {winners or 'nobody'}"
    line = f"Turn: {player_name(view['turn'])}  -  {words}"
    if view["decider"] != view["turn"]:
        line += f"  -  deciding now: {seat_words(view, view['decider'])}"
    return line


def header(view: dict[str, Any]) -> str:
    viewer = view.get("viewer")
    seen = "spectator view" if viewer is None else (f"as seen by {player_name(viewer)}")
    parts = [
        label(MARGIN + 4, 26, "Manekinecollection", 20, font_weight="bold"),
        label(
            WIDTH - MARGIN - 4,
            26,
            f"{view['num_players']} players, {seen}",
            12,
            text_anchor="end",
            fill=MUTED,
        ),
    ]
    if view["phase"] != "over":
        turn = view["turn"]
        parts.append(use_shape(f"mn-seat-{turn}", MARGIN + 13, 45))
    parts.append(
        label(MARGIN + 28 if view["phase"] != "over" else MARGIN + 4, 50, _status(view), 13)
    )
    return group(parts, class_="status")


def showdown(
    view: dict[str, Any], x: float, y: float, w: float, narrow: bool = False
) -> tuple[str, float]:
    """The showdown in progress or the last one: ranking, hands, who took what (``narrow``:
    one column, the heading wrapped, each hand's class under its cards)."""
    show = view.get("showdown")
    if not show:
        return "", y
    where = view["kotatsu"][show["kotatsu"]]["name"]
    taken = {t["player"]: t["piece"] for t in show["taken"]}
    deciding = not show["taken"] and view.get("choosing") == show["kotatsu"]
    head = f"Showdown at the {where} kotatsu (pieces: {', '.join(show['pieces'])})"
    if deciding:
        head += f" - {player_name(show['ranking'][0]['player'])} chooses a Zabuton Neko"
    # while the cards still lie at the kotatsu (the winner is choosing) the rows show them
    rows = view["kotatsu"][show["kotatsu"]]["rows"]
    shown = any(rows[e["player"]] != e["cards"] for e in show["ranking"])
    cols = 1 if narrow else 2
    col_w = (w - 16) / cols
    lines = (len(show["ranking"]) + cols - 1) // cols
    heads = wrap(head, int((w - 20) / 7.8)) if narrow else [head]
    line_h = (56 if shown else 40) + (34 if narrow and shown else 0)
    top = 12 + 17 * len(heads)
    h = top + lines * line_h
    parts = [
        el("rect", x=x, y=y, width=w, height=h, rx=8, fill="white", stroke=MUTED),
        text_lines(x + 10, y + 19, heads, 13, 17, font_weight="bold"),
    ]
    for place, entry in enumerate(show["ranking"]):
        ex = round(x + 8 + (place % cols) * col_w)
        ey = y + top - 2 + (place // cols) * line_h
        mid = ey + (25 if shown else 15)
        seat = entry["player"]
        parts.append(label(ex + 4, mid + 5, f"{place + 1}.", 13, font_weight="bold"))
        parts.append(use_shape(f"mn-seat-{seat}", ex + 30, mid))
        right = ex + 46
        if shown:
            for i, c in enumerate(entry["cards"]):
                parts.append(card(c, right + i * (CARD_W + 4), ey, class_="showdown-card"))
            right += ROW_SIZE * (CARD_W + 4) + 6
            if narrow:  # under the cards
                right, mid = ex + 46, ey + CARD_H + 16
        result = f"{entry['hand']}  (icons {'-'.join(map(str, entry['strengths']))})"
        parts.append(label(right, mid - 5, result, 12, font_weight="bold"))
        if seat in taken:
            parts.append(label(right, mid + 13, f"took the {taken[seat]}", 12))
    return group(parts, id="showdown", class_="showdown"), y + h


def _hand(view: dict[str, Any], seat: int, x: float, y: float, hl: Collection[str]) -> str:
    """A player's hand: face up for the viewer (and for all at the end), else card backs."""
    viewer = view.get("viewer")
    hand = view["hands"][seat]
    n = view["hand_sizes"][seat]
    parts = []
    if hand == HIDDEN:
        for i in range(n):
            parts.append(card_back(x + i * 16, y + 4, CARD_W, CARD_H))
        parts.append(
            label(
                x + (n - 1) * 16 + CARD_W + 8,
                y + 34,
                f"{n} card{'s' if n != 1 else ''} (hidden)",
                12,
            )
        )
    else:
        for i, c in enumerate(hand):
            cid = f"hand-card-{i}" if seat == viewer else f"hand-{seat}-card-{i}"
            cls = "hand-card" if seat == viewer else "shown-hand"
            cx = x + i * (HAND_W + 6)
            parts.append(card(c, cx, y, HAND_W, HAND_H, ring=cid in hl, id=cid, class_=cls))
        if not hand:
            parts.append(label(x, y + 34, "no cards", 12, fill=MUTED))
    return group(parts, id=f"hand-{seat}", class_="hand")


def _score_lines(view: dict[str, Any], seat: int) -> list[tuple[str, bool]]:
    if "scores" in view:
        s = view["scores"][seat]
        star = " - winner!" if seat in view.get("winners", []) else ""
        lines = [(f"Final score {s['total']}{star}", True)]
        lines.append((f"tiles {s['tiles']}, coin {s['gold_coin']}, Ne-co {s['collection']}", False))
        if s["cancelled"]:
            lines.append(
                (f"cat can cancelled {', '.join(f'{v:+d}' for v in s['cancelled'])}", False)
            )
        return lines
    if seat == view.get("viewer") and "my_score" in view:
        s = view["my_score"]
        coin = f" (gold coin {s['gold_coin']})" if s["gold_coin"] else ""
        return [(f"Score so far: {s['total']}{coin}", True)]
    return []


def player_panel(
    view: dict[str, Any], seat: int, x: float, y: float, w: float, h: float, hl: Collection[str]
) -> str:
    """One seat: marker and name, hand, collected Zabuton Neko, score."""
    colour = player_colour(seat)
    pid = f"player-{seat}"
    tags = []
    if seat == view.get("viewer"):
        tags.append("you")
    if seat == view["turn"] and view["phase"] != "over":
        tags.append("turn")
    if seat == view["decider"] and seat != view["turn"]:
        tags.append("deciding")
    active = seat == view["decider"]
    x, w = round(x), round(w)
    parts = [
        el(
            "rect",
            x=x,
            y=y,
            width=w,
            height=h,
            rx=8,
            fill=tinted(colour, 0.88),
            stroke=colour,
            stroke_width=4 if active else 1.5,
        ),
        title(f"{player_name(seat)}" + (f" ({', '.join(tags)})" if tags else "")),
        use_shape(f"mn-seat-{seat}", x + 16, y + 17, class_=f"player-marker seat-{seat}"),
        label(x + 32, y + 22, player_name(seat), 14, font_weight="bold"),
    ]
    if tags:
        parts.append(
            label(x + w - 8, y + 22, " / ".join(tags), 12, text_anchor="end", font_weight="bold")
        )
    parts.append(_hand(view, seat, x + 10, y + 32, hl))
    zs = view["collected"][seat]
    cy = y + 32 + HAND_H + 18
    parts.append(label(x + 10, cy, f"Zabuton Neko: {len(zs)}", 12))
    per_line = max(1, int((w - 16) // 36))
    chips = [
        zabuton_chip(z, x + 10 + i % per_line * 36, cy + 8 + i // per_line * 38)
        for i, z in enumerate(zs)
    ]
    if chips:
        parts.append(group(chips, text_anchor="middle", font_weight="bold", fill="white"))
    lines = (len(zs) + per_line - 1) // per_line
    sy = cy + 8 + lines * 38 + 14
    for words, bold in _score_lines(view, seat):
        parts.append(label(x + 10, sy, words, 12, font_weight="bold" if bold else None))
        sy += 16
    if pid in hl:
        parts.append(highlight_ring(x, y, w, h, 8))
    return group(parts, id=pid, class_=f"player seat-{seat}")


def _panel_height(view: dict[str, Any], w: float) -> float:
    per_line = max(1, int((w - 16) // 36))
    most = max((len(zs) for zs in view["collected"]), default=0)
    lines = (most + per_line - 1) // per_line
    scores = max(len(_score_lines(view, seat)) for seat in range(view["num_players"]))
    return 32 + HAND_H + 26 + lines * 38 + 6 + 16 * scores + 4


def legend(y: float) -> str:
    parts = [
        feature_icon(GOLD, MARGIN + 12, y),
        el("text", "gold coin piece", x=MARGIN + 26, y=y + 4),
        feature_icon(CAN, MARGIN + 140, y),
        el("text", "cat can piece", x=MARGIN + 158, y=y + 4),
        use_shape("mn-hidden", MARGIN + 262, y),
        el("text", "zabuton value face down", x=MARGIN + 278, y=y + 4),
        el(
            "text",
            "cards: colour, icon count and paw dots; ✓ full, 1st = "
            "third card played first (wins ties)",
            x=MARGIN + 440,
            y=y + 4,
        ),
    ]
    return group(parts, class_="legend")


# --------------------------------------------------------------------------- public API
def svg(view: dict[str, Any], *, highlight: Collection[str] = (), narrow: bool = False) -> SVG:
    """The table as ``view`` shows it; ids in ``highlight`` get a gold and dashed ring.

    Text without its own size is 11 px (set once on the outer group, as is the ink).
    ``narrow``: the phone layout (:func:`_narrow_svg`), with the same ids.
    """
    hl = frozenset(highlight)
    if narrow:
        return _narrow_svg(view, hl)
    body = [header(view)]
    top = 62
    boards = len(view["kotatsu"])
    for k in range(boards):
        body.append(kotatsu(view, k, MARGIN + k * (KOTATSU_W + GAP), top, hl))
    table_bottom = top + 30 + BOARD_H + view["num_players"] * ROW_H
    side, side_bottom = supply(view, MARGIN + boards * (KOTATSU_W + GAP), top, hl)
    body.append(side)
    y = max(table_bottom, side_bottom) + 6
    shown, after = showdown(view, MARGIN, y, WIDTH - 2 * MARGIN)
    if shown:
        body.append(shown)
        y = after + GAP
    n = view["num_players"]
    w = (WIDTH - 2 * MARGIN - (n - 1) * GAP) / n
    h = _panel_height(view, w)
    for seat in range(n):
        body.append(player_panel(view, seat, MARGIN + seat * (w + GAP), y, w, h, hl))
    y += h + 18
    body.append(legend(y))
    inner = "".join(body)
    everything = group([defs_for(inner), inner], font_size=MIN_FONT_PX, fill=INK)
    return document(WIDTH, y + 16, [everything], game="manekinecollection", label=summary(view))


def _narrow_header(view: dict[str, Any], w: float) -> tuple[str, float]:
    """The title, who looks, and the status wrapped (the seat marker before it)."""
    viewer = view.get("viewer")
    seen = "spectator view" if viewer is None else (f"as seen by {player_name(viewer)}")
    lines = wrap(_status(view).replace("  -  ", " - "), int((w - 40) / 7.2))
    playing = view["phase"] != "over"
    parts = [
        label(8, 26, "Manekinecollection", 20, font_weight="bold"),
        label(8, 44, f"{view['num_players']} players, {seen}", 12, fill=MUTED),
        text_lines(30 if playing else 8, 66, lines, 13, 17),
    ]
    if playing:
        parts.append(use_shape(f"mn-seat-{view['turn']}", 15, 61))
    return group(parts, class_="status"), 66 + 17 * len(lines)


def _narrow_legend(y: float, w: float) -> tuple[str, float]:
    """The legend, one entry a line."""
    parts = [
        feature_icon(GOLD, 20, y),
        el("text", "gold coin piece", x=34, y=y + 4),
        feature_icon(CAN, 20, y + 24),
        el("text", "cat can piece", x=38, y=y + 28),
        use_shape("mn-hidden", 20, y + 50),
        el("text", "zabuton value face down", x=36, y=y + 54),
    ]
    words = (
        "cards: colour, icon count and paw dots; ✓ full, 1st = third card played first (wins ties)"
    )
    lines = wrap(words, int((w - 16) / 6.6))
    parts.append(text_lines(8, y + 80, lines, MIN_FONT_PX, 15))
    return group(parts, class_="legend"), y + 80 + 15 * len(lines)


def _narrow_svg(view: dict[str, Any], hl: Collection[str]) -> SVG:
    """The phone layout: :data:`~nekolib.picture.NARROW_WIDTH` wide, one under the other:
    the viewer's panel (their hand), the kotatsu, the supply, the showdown, the other
    players' panels; the same ids."""
    w, margin = NARROW_WIDTH, 8
    head, y = _narrow_header(view, w)
    body = [head]
    y += 8
    n = view["num_players"]
    h = _panel_height(view, w - 2 * margin)
    viewer = view.get("viewer")
    if viewer is not None:  # the viewer's hand first: a tap on a card, then on a kotatsu
        body.append(player_panel(view, viewer, margin, y, w - 2 * margin, h, hl))
        y += h + GAP
    y += 8
    for k in range(len(view["kotatsu"])):
        body.append(kotatsu(view, k, (w - KOTATSU_W) / 2, y, hl))
        y += 30 + BOARD_H + n * ROW_H + GAP
    side, y = supply(view, (w - SIDE_W) / 2, y, hl)
    body.append(side)
    shown, after = showdown(view, margin, y, w - 2 * margin, narrow=True)
    if shown:
        body.append(shown)
        y = after + GAP
    for seat in (s for s in range(n) if s != viewer):
        body.append(player_panel(view, seat, margin, y, w - 2 * margin, h, hl))
        y += h + GAP
    legend_part, y = _narrow_legend(y + 10, w)
    body.append(legend_part)
    inner = "".join(body)
    everything = group([defs_for(inner), inner], font_size=MIN_FONT_PX, fill=INK)
    return document(
        w, y + 10, [everything], game="manekinecollection", label=summary(view), narrow=True
    )


def _card_text(c: str) -> str:
    return c.replace(" ", "")


def _zn_text(z: dict[str, Any] | None) -> str:
    if z is None:
        return "(empty)"
    mark = {GOLD: "/coin", CAN: "/can"}.get(z["feature"], "")
    value = "?" if z["value"] == HIDDEN else f"{z['value']:+d}"
    return f"{z['colour']}{mark}[{value}]"


def text(view: dict[str, Any]) -> str:
    """A compact text picture (at most 25 lines): ``blue/can[+2]`` is a Zabuton Neko."""
    n = view["num_players"]
    lines = [
        f"Manekinecollection {n}p - {_status(view)}",
        f"Manekineko {view['manekineko_drawn']}/{view.get('manekineko_to_end', 3)} - bag "
        f"{view['bag_size']} cats + {view['bag_manekineko']} Manekineko - deck "
        f"{view['deck_size']} - discard {len(view['discard'])}",
    ]
    for board in view["kotatsu"]:
        lines.append(f"{board['name']:>6}: " + "  ".join(_zn_text(z) for z in board["slots"]))
        rows = []
        for seat in range(n):
            row = board["rows"][seat]
            done = f" #{board['completed'].index(seat) + 1}" if seat in board["completed"] else ""
            rows.append(f"{player_name(seat)[0]}: {' '.join(map(_card_text, row)) or '-'}{done}")
        lines.append("        " + " | ".join(rows))
    for seat in range(n):
        hand = view["hands"][seat]
        shown = (
            f"{view['hand_sizes'][seat]} hidden"
            if hand == HIDDEN
            else " ".join(map(_card_text, hand)) or "-"
        )
        got = " ".join(_zn_text(z) for z in view["collected"][seat]) or "none"
        score = _score_lines(view, seat)
        tail = f" - {score[0][0]}" if score else ""
        lines.append(f"{player_name(seat)}: hand {shown}; zabuton {got}{tail}")
    show = view.get("showdown")
    if show:
        where = view["kotatsu"][show["kotatsu"]]["name"]
        ranking = ", ".join(f"{player_name(e['player'])} {e['hand']}" for e in show["ranking"])
        lines.append(f"Showdown at {where}: {ranking}")
    return "\n".join(lines)


def summary(view: dict[str, Any]) -> str:
    """One line: players, who acts, Manekineko count, deck."""
    n = view["num_players"]
    drawn = f"Manekineko {view['manekineko_drawn']}/{view.get('manekineko_to_end', 3)}"
    if view["phase"] == "over":
        winners = "+".join(player_name(p) for p in view.get("winners", []))
        return f"{n}p, game over, {winners or 'nobody'} won, {drawn}"
    who = seat_words(view, view["decider"])
    return f"{n}p {view['phase']}, {who} to act, {drawn}, deck {view['deck_size']}"


def example_view(num_players: int = 3, seed: int = 7, plies: int = 70) -> dict[str, Any]:
    """A typical mid-game position (seeded random play), as a spectator sees it."""
    from nekolib.manekinecollection.rules import new_game

    state = new_game(num_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state.view(None)
