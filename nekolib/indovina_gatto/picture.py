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

import random
from collections.abc import Collection
from typing import Any

from nekolib.core import HIDDEN, TERMINAL
from nekolib.indovina_gatto.cards import (
    CARD_EDGE,
    CARD_FACE,
    CARD_H,
    CARD_W,
    CHIP_H,
    FUR_FILLS,
    GAME,
    HIGHLIGHT,
    NEUTRAL_FUR,
    PILLS,
    TRAIT_GROUPS,
    TRAIT_H,
    TRAIT_W,
    accessory_icon,
    cat_card_face,
    cat_card_tip,
    cat_figure,
    defs_for,
    fan_card,
    findable_group,
    head_pictogram,
    highlight_ring,
    label,
    seat_label,
    seat_marker,
    seat_tooltip,
    small_seat_marker,
    status_line,
    tooltip,
    trait_index,
    translate,
    use_def,
    winning_seats,
)
from nekolib.indovina_gatto.rules import (
    ALL_TRAITS,
    FINAL,
    GUESS,
    OVER,
    PLAY,
    Pass,
    category_label,
    new_game,
)
from nekolib.picture import (
    INK,
    MIN_FONT_PX,
    MUTED,
    NARROW_WIDTH,
    SVG,
    document,
    el,
    group,
    text_lines,
    wrap,
)

__all__ = [
    "FUR_FILLS",
    "HIGHLIGHT",
    "example_view",
    "guessable_traits",
    "seat_label",
    "summary",
    "svg",
    "text",
    "trait_id",
]

# ------------------------------------------------------------------------- trait palette
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


def _chip_w(trait: str) -> int:
    """The narrowest pill that holds the pictogram and the name (about 6.4 px a letter)."""
    need = 34 + round(6.4 * len(trait))
    return next((w for w in PILLS if w >= need), need)


def _chip_icon(trait: str) -> str:
    """A small pictogram (about 22 px) centred on (15, 13): silhouette, head or icon."""
    category, i = trait_index(trait)
    if category == "pose":
        return cat_figure(i, NEUTRAL_FUR, (), f"pictogram pose-{i}", 3.5, 3.6, 0.36)
    if category == "accessory":
        return accessory_icon(i, x=15, y=13, class_=f"pictogram accessory-{i}")
    return head_pictogram(category, i, "translate(15 15.5) scale(.55)")


def _chip(trait: str, x: float, y: float, hl: Collection[str]) -> str:
    """One trait of the palette: pictogram and name on a pill (the name says it all: no
    tooltip)."""
    category, _ = trait_index(trait)
    w = _chip_w(trait)
    pill = (
        use_def(f"ig-p{w}")
        if w in PILLS
        else el("rect", width=w, height=CHIP_H, rx=CHIP_H // 2, fill=CARD_FACE, stroke=CARD_EDGE)
    )
    body = [
        pill,
        group([_chip_icon(trait), label(30, 17, trait)], transform=translate(0, CHIP_DY)),
    ]
    return findable_group(
        trait_id(trait), f"trait-chip {category}", x, y, (w, CHIP_H), body, "", hl
    )


PALETTE_HELP = "press a suspect's panel and a trait, in either order ('no guess' is a button)"


def _palette(
    view: dict[str, Any], y: float, hl: Collection[str], width: float = 0
) -> tuple[list[str], float]:
    """The traits the deciding viewer may name, as chips grouped by category (or nothing);
    a ``width`` under :data:`WIDTH` (narrow) puts the help under the heading, wrapped."""
    traits = guessable_traits(view)
    if not traits:
        return [], y
    width = width or WIDTH
    out = [label(PAD, y + 16, "Name a trait", 14, font_weight="bold")]
    if width < WIDTH:
        lines = wrap(PALETTE_HELP, int((width - 2 * PAD) / 6.5))
        out.append(text_lines(PAD, y + 34, lines, MIN_FONT_PX, 15, fill=MUTED))
        y += 18 + 15 * (len(lines) - 1)
    else:
        out.append(label(PAD + 112, y + 16, PALETTE_HELP, fill=MUTED))
    x, row = PAD, y + 26
    right = width - PAD
    for category, members in TRAIT_GROUPS.items():
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


def _player_panel(
    view: dict[str, Any], seat: int, x: float, w: float, hl: Collection[str], top: float = HEADER_H
) -> str:
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
        seat_marker(16, 17, seat, r=10),
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
        body.append(fan_card(view, seat, i, trait, fx + i * step, 48, hl))
    # masks in reserve
    y = 48 + TRAIT_H + 22
    body.append(
        group(
            [
                tooltip(f"{seat_label(seat)}'s reserve: {view['supply'][seat]} masks"),
                label(10, y, "reserve", fill=MUTED),
                small_seat_marker(66, y - 4, seat),
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
        use_def("ig-mb", x=hx + step * k, y=float(y - 16), class_="card-back") for k in range(hand)
    ]
    backs_w = 16 + step * max(0, hand - 1)
    backs.append(label(hx + max(backs_w, 16) + 8, y, f"{hand} in hand", fill=MUTED))
    body.append(
        group(
            [tooltip(f"{seat_label(seat)} holds {hand} cat card(s)"), *backs],
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
                    tooltip(f"{received[giver]} mask(s) of {seat_tooltip(giver)}"),
                    small_seat_marker(gx, y - 4, giver),
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
    ring = [highlight_ring(0, 0, w, PANEL_H)] if f"player-{seat}" in hl else []
    return group(
        [tooltip(tip), *body, *ring],
        id=f"player-{seat}",
        class_=f"player seat-{seat}" + (" acting" if acting else ""),
        transform=translate(x, top),
    )


def _grid(count: int, width: float) -> tuple[int, int]:
    cols = max(1, int((width + GAP) // (CARD_W + GAP)))
    rows = (count + cols - 1) // cols
    return cols, rows


def _narrow_grid(count: int, width: float) -> tuple[int, int, float]:
    """Columns, rows and left edge of cards centred in a narrow picture ``width`` wide, with
    margins of 6 (three cards a row in :data:`~nekolib.picture.NARROW_WIDTH`)."""
    cols, rows = _grid(count, width - 12)
    return cols, rows, (width - cols * CARD_W - (cols - 1) * GAP) / 2


TABLE_HELP = "masks on top: one from every player sharing a trait with the cat"


def _table(
    view: dict[str, Any], y: float, hl: Collection[str], width: float = 0
) -> tuple[list[str], float]:
    """The dance floor: every cat played, in rows as many as fit ``width`` (default
    :data:`WIDTH`; narrower: the help under the heading, wrapped)."""
    cats = view["table"]
    width = width or WIDTH
    inner = width - 2 * PAD
    cols, rows = _grid(len(cats), inner)
    left = PAD
    if width < WIDTH:
        cols, rows, left = _narrow_grid(len(cats), width)
    out = [
        label(
            PAD,
            y + 16,
            f"Dance floor: {len(cats)} cat{'s' if len(cats) != 1 else ''} played",
            14,
            font_weight="bold",
        ),
    ]
    if width < WIDTH:
        lines = wrap(TABLE_HELP, int(inner / 6.5))
        out.append(text_lines(PAD, y + 34, lines, MIN_FONT_PX, 15, fill=MUTED))
        y += 18 + 15 * (len(lines) - 1)
    else:
        out.append(label(PAD + 220, y + 16, TABLE_HELP, fill=MUTED))
    y += 26
    if not cats:
        out.append(label(PAD, y + 20, "No cat on the dance floor yet.", 12, fill=MUTED))
        return out, y + 34
    for k, cat in enumerate(cats):
        r, c = divmod(k, cols)
        tip = (
            cat_card_tip(cat)
            + f"; played by {seat_label(cat['player'])}; masks from "
            + (", ".join(seat_label(m) for m in cat["maskers"]) or "nobody")
        )
        out.append(
            findable_group(
                f"table-cat-{cat['card']}",
                "cat-card table-cat",
                left + c * (CARD_W + GAP),
                y + r * (CARD_H + GAP),
                (CARD_W, CARD_H),
                cat_card_face(cat, cat["maskers"]),
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
                findable_group(
                    f"hand-cat-{card['card']}",
                    "cat-card hand-cat",
                    x + k * (CARD_W + GAP),
                    y + 26,
                    (CARD_W, CARD_H),
                    cat_card_face(card),
                    cat_card_tip(card),
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
    pile = [use_def("ig-cb", x=2 * k, y=-2 * k) for k in range(shown)]
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
        findable_group(
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
                    tooltip(
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
                    small_seat_marker(x + 78, gy - 4, g["guesser"]),
                    label(x + 92, gy, f"{seat_label(g['guesser'])} guessed", None),
                    small_seat_marker(x + 212, gy - 4, g["suspect"]),
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
    ``narrow``: the phone layout (:func:`_narrow_svg`), with the same ids.
    """
    hl = frozenset(highlight)
    if narrow:
        return _narrow_svg(view, hl)
    n = view["num_players"]
    viewer = view["viewer"]
    seen = "spectator view" if viewer is None else f"seen by {seat_label(viewer)}"
    header = [
        label(PAD, 26, "Indovina Gatto", 20, font_weight="bold"),
        label(PAD + 172, 25, status_line(view), 14),
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
        [defs_for(n, body), body],
        game=GAME,
        label=f"Indovina Gatto: {summary(view)}",
    )


# ------------------------------------------------------------------------- narrow
def _narrow_hand(
    view: dict[str, Any], y: float, w: float, hl: Collection[str]
) -> tuple[str, float]:
    """The viewer's hand (cards in rows that fit ``w``) and the draw pile beside the last."""
    out: list[str] = []
    viewer, hand = view["viewer"], view["hand"]
    if hand == HIDDEN:
        out.append(label(PAD, y + 16, "Hands", 14, font_weight="bold"))
        out.append(label(PAD, y + 36, "Spectator view: every hand is secret.", fill=MUTED))
        cards_bottom = y + 44
    else:
        out.append(label(PAD, y + 16, f"Your hand ({seat_label(viewer)})", 14, font_weight="bold"))
        cols, rows, left = _narrow_grid(len(hand), w)
        for k, card in enumerate(hand):
            r, c = divmod(k, cols)
            out.append(
                findable_group(
                    f"hand-cat-{card['card']}",
                    "cat-card hand-cat",
                    left + c * (CARD_W + GAP),
                    y + 26 + r * (CARD_H + GAP),
                    (CARD_W, CARD_H),
                    cat_card_face(card),
                    cat_card_tip(card),
                    hl,
                )
            )
        if not hand:
            out.append(label(PAD, y + 44, "no cat card left", fill=MUTED))
        cards_bottom = y + 26 + max(rows, 1 if hand else 0) * (CARD_H + GAP)
    pile, bottom = _narrow_pile(view, cards_bottom + 8, hl)
    return "".join(out) + pile, bottom


def _narrow_pile(view: dict[str, Any], y: float, hl: Collection[str]) -> tuple[str, float]:
    """The draw pile: its backs and the count, with its name beside it."""
    deck = view["deck_size"]
    shown = min(3, deck)
    pile = [use_def("ig-cb", x=2 * k, y=-2 * k) for k in range(shown)]
    if shown:
        top = 2 * (shown - 1)
        count = str(deck)
        pile.append(
            label(
                CARD_W / 2 + top,
                CARD_H - 12 - top,
                count,
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
    out = [
        findable_group(
            "deck", "deck", PAD, y + 6, (CARD_W, CARD_H), pile, f"draw pile: {deck} cat card(s)", hl
        ),
        label(PAD + CARD_W + 16, y + 50, "Draw pile", 14, font_weight="bold"),
        label(PAD + CARD_W + 16, y + 68, f"{deck} cat card{'s' if deck != 1 else ''}", fill=MUTED),
    ]
    return "".join(out), y + 6 + CARD_H + GAP


def _narrow_guesses(view: dict[str, Any], y: float) -> tuple[list[str], float]:
    """The recent guesses, two lines each (who guessed; whom, what, right or wrong)."""
    guesses = view["guesses"]
    out = [label(PAD, y + 16, "Recent guesses", 14, font_weight="bold")]
    if not guesses:
        out.append(label(PAD, y + 40, "No guess yet.", 12, fill=MUTED))
        return out, y + 52
    start = max(0, len(guesses) - RECENT)
    if start:
        out.append(label(PAD + 130, y + 16, f"(last {RECENT} of {len(guesses)})", fill=MUTED))
    gy = y + 40
    for k, g in enumerate(guesses[start:]):
        right = g["correct"]
        out.append(
            group(
                [
                    tooltip(
                        f"{seat_label(g['guesser'])} guessed {seat_label(g['suspect'])} "
                        f"is {g['trait']}: {'right' if right else 'wrong'}"
                    ),
                    label(
                        PAD,
                        gy,
                        "✔ right" if right else "✘ wrong",
                        None,
                        font_weight="bold",
                        fill="#1b7a3a" if right else "#b03a2e",
                    ),
                    small_seat_marker(PAD + 78, gy - 4, g["guesser"]),
                    label(PAD + 92, gy, f"{seat_label(g['guesser'])} guessed", None),
                    small_seat_marker(PAD + 24, gy + 14, g["suspect"]),
                    label(PAD + 38, gy + 18, f"{seat_label(g['suspect'])} is {g['trait']}", None),
                ],
                id=f"guess-{start + k}",
                class_="guess " + ("right" if right else "wrong"),
                font_size=12,
            )
        )
        gy += 42
    return out, gy - 14


def _narrow_svg(view: dict[str, Any], hl: Collection[str]) -> SVG:
    """The phone layout, :data:`~nekolib.picture.NARROW_WIDTH` wide, one under the other:
    the title and the status (wrapped), the viewer's panel, hand and draw pile, the palette
    of traits (when guessing), the other players' panels, the dance floor and the recent
    guesses; the same ids as the wide picture."""
    w = NARROW_WIDTH
    n, viewer = view["num_players"], view["viewer"]
    seen = "spectator view" if viewer is None else f"seen by {seat_label(viewer)}"
    status = wrap(status_line(view), int((w - 2 * PAD) / 7.8))
    parts = [
        label(PAD, 26, "Indovina Gatto", 20, font_weight="bold"),
        label(PAD, 44, seen, 12, fill=MUTED),  # its own line: beside the title it would touch
        text_lines(PAD, 64, status, 14, 18),
    ]
    y = 64 + 18 * len(status)
    order = [viewer] if viewer is not None else []
    order += [p for p in range(n) if p != viewer]
    panel_w = w - 2 * PAD
    for i, seat in enumerate(order):
        parts.append(_player_panel(view, seat, PAD, panel_w, hl, y))
        y += PANEL_H + GAP
        if i == 0 and viewer is not None:  # the viewer's cards and traits to name come next
            hand, y = _narrow_hand(view, y, w, hl)
            parts.append(hand)
            palette, y = _palette(view, y, hl, w)
            parts += palette
    if viewer is None:
        hand, y = _narrow_hand(view, y, w, hl)
        parts.append(hand)
    table, y = _table(view, y, hl, w)
    parts += table
    guesses, y = _narrow_guesses(view, y + 4)
    parts += guesses
    body = group(parts, fill=INK, font_size=MIN_FONT_PX)
    return document(
        w,
        y + PAD,
        [defs_for(n, body), body],
        game=GAME,
        label=f"Indovina Gatto: {summary(view)}",
        narrow=True,
    )


# ------------------------------------------------------------------------- text
def _seat_short(seat: int) -> str:
    return f"P{seat}"


def text(view: dict[str, Any]) -> str:
    """A compact text table (at most 25 lines): status, players, hand, dance floor, guesses."""
    n = view["num_players"]
    seen = "spectator" if view["viewer"] is None else f"seen by P{view['viewer']}"
    lines = [f"Indovina Gatto, {n} players ({seen}). {status_line(view)}"]
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
        won = "+".join(f"P{w}" for w in winning_seats(view))
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
