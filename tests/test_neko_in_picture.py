"""Neko-in picture: one element per room, hideout, cat, tile and die, checked against the STATE.

Counts and places are derived from the state's own fields (``cats``, ``covered``,
``hands``...), not from the view the picture is drawn from, over a few hundred
states of seeded random games (Classic and Events, 3 and 6 players). Hidden
information: a player's picture is byte-identical across two games that differ
only in another player's hideout tiles (or in face-down event tiles). Seats are
named after their cats; the picture stays small (shared ``<defs>``, integers).
"""

from __future__ import annotations

import dataclasses
import random
import re
import xml.etree.ElementTree as ET

import pytest

from nekolib.core import CHANCE, RandomAgent, play_out
from nekolib.neko_in import picture
from nekolib.neko_in.rules import COLOURS, GARDEN, IN_ROOM, NekoState, new_game, tile_name
from nekolib.picture import MIN_FONT_PX

N_ICONS = 5
LETTERS = {"black": "B", "red": "R", "yellow": "Y", "pink": "P", "light blue": "LB", "white": "W"}
SVG_NS = "{http://www.w3.org/2000/svg}"


# --------------------------------------------------------------------------- helpers
def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


class Drawing:
    """A parsed picture: elements by id and class, and each element's ancestors."""

    def __init__(self, svg: str) -> None:
        self.svg = svg
        self.root = ET.fromstring(svg)
        self.parent: dict[ET.Element, ET.Element] = {
            child: node for node in self.root.iter() for child in node
        }
        ids = [e.get("id") for e in self.root.iter() if e.get("id")]
        assert len(ids) == len(set(ids)), "ids are unique"
        self.by_id = {e.get("id"): e for e in self.root.iter() if e.get("id")}
        self.classes = {e: classes(e) for e in self.root.iter() if e.get("class")}
        self.index: dict[str, list[ET.Element]] = {}
        for e, names in self.classes.items():
            for name in names:
                self.index.setdefault(name, []).append(e)

    def of_class(self, *wanted: str, under: ET.Element | None = None) -> list[ET.Element]:
        need = set(wanted)
        if under is None:
            return [e for e in self.index.get(wanted[0], []) if need <= self.classes[e]]
        return [e for e in under.iter() if need <= self.classes.get(e, set())]

    def ancestor_ids(self, element: ET.Element) -> list[str]:
        out = []
        while element in self.parent:
            element = self.parent[element]
            if element.get("id"):
                out.append(element.get("id"))
        return out


def random_states(n: int, version: str, count: int, seed: int) -> list[NekoState]:
    """``count`` states met along seeded random games (starts, middles and ends)."""
    rng = random.Random(seed)
    states: list[NekoState] = []

    def sometimes(_before, _action, after) -> None:
        if rng.random() < 0.05 or (after.phase == "teaser" and rng.random() < 0.3):
            states.append(after)

    while len(states) < count:
        state = new_game(n, seed=rng.randrange(10**6), version=version)
        states.append(state)
        final, _ = play_out(state, RandomAgent(), rng, on_step=sometimes)
        states.append(final)
    return states[:count]


def slug(colour: int) -> str:
    return COLOURS[colour].replace(" ", "_")


def check_picture(state: NekoState, viewer: int | None) -> Drawing:
    """Every thing that matters is one element, where the state says it is."""
    d = Drawing(picture.svg(state.view(viewer)))
    assert "nekolib-picture" in classes(d.root)
    sizes = [float(x) for x in re.findall(r'font-size="([0-9.]+)"', d.svg)]
    assert sizes and min(sizes) >= MIN_FONT_PX

    # the house: every room in play, 5 hideouts each, covered ones with their tile
    rooms = d.of_class("room")
    assert sorted(r.get("id") for r in rooms) == sorted(f"room-{c}" for c in state.colours)
    for room in state.colours:
        spaces = d.of_class("hideout", under=d.by_id[f"room-{room}"])
        wanted = [f"space-{room * N_ICONS + i}" for i in range(N_ICONS)]
        assert [s.get("id") for s in spaces] == wanted
    assert len(d.of_class("hideout")) == N_ICONS * state.num_players
    covered = {e.get("id") for e in d.of_class("covered")}
    assert covered == {f"space-{s}" for s in state.covered}
    for space in covered:
        assert len(d.of_class("hideout-tile", under=d.by_id[space])) == 1

    # the six cats, each exactly where the state puts it
    cats = d.of_class("cat")
    assert sorted(c.get("id") for c in cats) == sorted(f"cat-{slug(c)}" for c in range(6))
    for colour, pos in enumerate(state.cats):
        where = d.ancestor_ids(d.by_id[f"cat-{slug(colour)}"])
        if pos == GARDEN:
            assert where[0] == "garden"
        elif pos >= IN_ROOM:  # gathered by a Cat Teaser: next to the room, on no hideout
            assert where[0] == f"room-{pos - IN_ROOM}"
        else:
            assert where[:2] == [f"space-{pos}", f"room-{pos // N_ICONS}"]
        assert d.by_id[f"cat-{slug(colour)}"].find("{*}title") is not None
    napping = {e.get("id") for e in d.of_class("cat", "napping")}
    assert napping == {f"cat-{slug(c)}" for c in state.napping}

    # face-down event tiles (Events) on their spaces
    face_down = d.of_class("event-tile", "face-down")
    events = state.events or (None,) * 30
    assert sorted(e.get("id") for e in face_down) == sorted(
        f"event-{s}" for s, e in enumerate(events) if e is not None
    )
    for tile in face_down:
        assert d.ancestor_ids(tile)[0] == tile.get("id").replace("event", "space")

    # the last dice
    dice = d.of_class("die")
    assert [x.get("id") for x in dice] == [f"die-{i}" for i in range(max(2, len(state.dice)))]
    assert [x.get("data-face") for x in dice[: len(state.dice)]] == [
        COLOURS[f] if f >= 0 else "blank" for f in state.dice
    ]

    # seats: the seat's cat as marker (letter) and name, hideout tiles (face up only for
    # the viewer), event tiles, turn
    decider = state.current_player()
    for seat in range(state.num_players):
        box = d.by_id[f"seat-{seat}"]
        colour = COLOURS[state.colours[seat]]
        (marker,) = d.of_class("cat-marker", f"seat-{seat}", under=box)
        assert marker.get("data-colour") == colour
        assert [t.text for t in marker.iter(f"{SVG_NS}text")] == [LETTERS[colour]]
        names = [t.text for t in box.iter(f"{SVG_NS}text")]
        assert f"{colour.capitalize()} cat" + (" (you)" if seat == viewer else "") in names
        assert ("active" in classes(box)) == (seat == state.active)
        assert ("decider" in classes(box)) == (seat == decider)
        hand = d.by_id[f"hand-{seat}"]
        assert hand.get("data-count") == str(len(state.hands[seat]))
        tiles = d.of_class("hideout-tile", under=hand)
        assert [t.get("id") for t in tiles] == [
            f"tile-{seat}-{i}" for i in range(len(state.hands[seat]))
        ]
        if seat == viewer:
            assert all("face-up" in classes(t) for t in tiles)
            assert [t.get("data-tile") for t in tiles] == [tile_name(x) for x in state.hands[seat]]
        else:
            assert all("back" in classes(t) and t.get("data-tile") == "?" for t in tiles)
        held = d.of_class("event-tile", "held", under=box)
        kept = state.held[seat] if state.held else ()
        assert sum(int(h.get("data-count")) for h in held) == len(kept)
    return d


# --------------------------------------------------------------------------- tests
@pytest.mark.parametrize(
    ("n", "version", "count"),
    [(3, "classic", 50), (6, "classic", 40), (3, "events", 50), (6, "events", 60)],
)
def test_every_thing_that_matters_is_drawn_once_where_the_state_says(n, version, count):
    states = random_states(n, version, count, seed=n * 7 + len(version))
    teasers = 0
    for i, state in enumerate(states):
        check_picture(state, None)
        check_picture(state, i % n)
        teasers += any(p >= IN_ROOM for p in state.cats)
    assert any(s.covered for s in states) and any(s.is_terminal() for s in states)
    if version == "events":
        assert teasers and any(s.napping for s in states), "gathered and napping cats drawn"


def test_a_hideout_holding_a_cat_and_an_event_tile_shows_both():
    state = new_game(3, seed=4, version="events")
    cats = list(state.cats)
    cats[1] = 2  # the red cat on the Entrance bell, whose event tile is still face down
    state = dataclasses.replace(state, cats=tuple(cats), napping=frozenset({1}))
    d = check_picture(state, 0)
    space = d.by_id["space-2"]
    assert d.of_class("cat", "napping", under=space) and d.of_class("event-tile", under=space)


def test_highlight_rings_exactly_the_named_elements():
    state = random_states(4, "events", 3, seed=1)[1]
    wanted = ["room-1", "space-7", "cat-red", "garden", "die-0", "seat-2", "hand-0", "tile-0-0"]
    d = Drawing(picture.svg(state.view(0), highlight=wanted))
    ringed = {d.ancestor_ids(r)[0] for r in d.of_class("highlight")}
    assert ringed == set(wanted)
    assert not Drawing(picture.svg(state.view(0))).of_class("highlight")
    # a ring is gold and dashed dark, so it is seen without colour vision too
    assert 'stroke="#f2b600"' in d.svg and "stroke-dasharray" in d.svg


def _public(s: NekoState) -> tuple:
    """Everything every player sees (checked on the state, not on the view)."""
    return (
        s.cats,
        s.covered,
        s.box,
        s.napping,
        s.held,
        s.phase,
        s.active,
        s.moves_left,
        s.dice,
        s.catch_roll,
        s.news,
        s.turn_index,
        s.winner,
        s.event_box,
        s.teaser,
        tuple(len(h) for h in s.hands),
        tuple(e is not None for e in s.events),
        s.current_player(),
    )


def same_pictures(a: NekoState, b: NekoState, viewers: list, seed: int, most: int = 30) -> int:
    """Play the same actions in ``a`` and ``b`` while the public state agrees; every
    picture of ``viewers`` must be byte-identical. Returns how many states were compared."""
    rng = random.Random(seed)
    compared = 0
    while _public(a) == _public(b) and compared < most:
        for p in viewers:
            assert picture.svg(a.view(p)) == picture.svg(b.view(p)), (p, compared)
            assert picture.text(a.view(p)) == picture.text(b.view(p))
        compared += 1
        if a.is_terminal():
            break
        action = a.sample_chance(rng) if a.current_player() == CHANCE else None
        action = action or rng.choice(a.legal_actions())
        if not b.is_legal(action):
            break
        a, b = a.apply(action), b.apply(action)
    return compared


def _swap_tiles(hands: tuple, p: int, q: int) -> list[list[int]]:
    out = [list(h) for h in hands]
    out[p][0], out[q][0] = out[q][0], out[p][0]
    return out


@pytest.mark.parametrize("n", [3, 6])
def test_another_players_hideout_tiles_never_change_my_picture(n):
    total = 0
    for seed in range(4):
        dealt = new_game(n, seed=seed).hands
        a = new_game(n, hands=dealt)
        b = new_game(n, hands=_swap_tiles(dealt, 1, 2))
        assert a.hands[1] != b.hands[1] and a.hands[2] != b.hands[2]
        # seat 1 and seat 2 see their own (different) tiles: the test can tell pictures apart
        assert picture.svg(a.view(1)) != picture.svg(b.view(1))
        compared = same_pictures(a, b, [0, None] + ([3] if n > 3 else []), seed, most=20)
        assert compared >= 1
        total += compared
    assert total >= 20, total  # at the start and after several identical actions


def test_face_down_event_tiles_and_other_hands_never_change_my_picture():
    total = 0
    for seed in range(6):
        dealt = new_game(4, seed=seed).hands
        a = new_game(4, seed=seed, version="events", hands=dealt)
        b = new_game(4, seed=seed + 100, version="events", hands=_swap_tiles(dealt, 2, 3))
        assert a.events != b.events
        compared = same_pictures(a, b, [0, 1, None], seed)
        assert compared >= 1
        total += compared
    assert total >= 12, total


def test_text_summary_and_repr_are_short_and_plain():
    for state in random_states(6, "events", 30, seed=3) + random_states(3, "classic", 20, 5):
        for viewer in (None, 0):
            lines = picture.text(state.view(viewer)).splitlines()
            assert 4 <= len(lines) <= 25
            assert "Params(" not in "\n".join(lines) and "NekoState(" not in "\n".join(lines)
        short = repr(state)
        assert short.startswith("<NekoState ") and len(short) < 100 and "\n" not in short
        assert str(state) == picture.text(state.view(None))
    state = new_game(3, hands=[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14]])
    text = picture.text(state.view(0))
    assert "black spring mouse" in text and "red bird" not in text  # only my own tiles


def test_text_marks_covered_napping_and_event_spaces():
    state = new_game(3, seed=2, version="events")
    cats = list(state.cats)
    cats[4] = 7  # the light blue cat on the Kitchen bell, napping
    state = dataclasses.replace(
        state, cats=tuple(cats), napping=frozenset({4}), covered=frozenset({3})
    )
    lines = picture.text(state.view(None)).splitlines()
    entrance = next(line for line in lines if line.startswith("Entrance"))
    kitchen = next(line for line in lines if line.startswith("Kitchen"))
    assert "[butterfly]" in entrance and "bell:LBz?" in kitchen
    assert entrance.count("?") == 5 and kitchen.count("?") == 5  # events still face down


def test_example_view_is_a_seeded_mid_game_spectator_view():
    view = picture.example_view()
    assert view == picture.example_view() and view["viewer"] is None
    assert view["turn"] > 1 and view["phase"] != "over"
    Drawing(picture.svg(view))


def test_status_names_who_decides_the_hideout():
    state = new_game(3, seed=1)
    state = state.apply(state.legal_actions()[1])  # black goes to the Kitchen: red decides
    assert state.phase == "hide" and state.current_player() == 1
    d = Drawing(picture.svg(state.view(1)))
    status = " ".join(t.text or "" for t in d.of_class("status")[0].iter())
    assert "Now: Red cat" in status and "Kitchen" in status and "owner" in status
    assert "Black cat to play" in status
    assert "decider" in classes(d.by_id["seat-1"]) and "active" in classes(d.by_id["seat-0"])


# --------------------------------------------------------------------------- names
# the shared kit's seat names (Red, Blue, Green, Orange, Pink, Sky), except in cat/room names
PALETTE_WORDS = re.compile(
    r"\b(Sky|Orange|Green)\b|\bRed\b(?! cat)|\bPink\b(?! cat| Bedroom)|(?<!Light )\bBlue\b"
)


@pytest.mark.parametrize(("n", "version"), [(3, "classic"), (6, "events")])
def test_every_seat_is_named_after_its_cat_never_after_a_palette_colour(n, version):
    for state in random_states(n, version, 25, seed=11 + n):
        for viewer in (None, state.active):
            view = state.view(viewer)
            d = Drawing(picture.svg(view))
            words = " ".join(t.text or "" for t in d.root.iter(f"{SVG_NS}text"))
            tips = " ".join(t.text or "" for t in d.root.iter(f"{SVG_NS}title"))
            for shown in (words, tips, picture.text(view), picture.summary(view)):
                assert not PALETTE_WORDS.search(shown), PALETTE_WORDS.search(shown)
            assert f"{COLOURS[state.colours[state.active]].capitalize()} cat" in words
            for room in state.colours:  # a room's owner is the cat of its colour
                owner = [t.text for t in d.by_id[f"room-{room}"].iter(f"{SVG_NS}text")][1]
                assert owner == f"{COLOURS[room].capitalize()} cat"
    assert picture.seat_name("light blue") == "Light blue cat"


# --------------------------------------------------------------------------- size
def decider_svgs(n: int, version: str, count: int, seed: int) -> list[str]:
    out = []
    for state in random_states(n, version, count, seed):
        who = state.current_player()
        out.append(picture.svg(state.view(who if who >= 0 else state.active)))
    return out


def test_a_picture_stays_small_enough_to_send_per_click():
    """A click's message must stay under 30 KB: the largest table (6 players, Events) too."""
    worst = max(len(s) for s in decider_svgs(6, "events", 300, seed=5))
    assert worst <= 30_000, worst
    assert len(picture.svg(picture.example_view())) < 25_000
    typical = sorted(len(s) for s in decider_svgs(4, "events", 100, seed=6))
    assert typical[len(typical) // 2] < 25_000


def test_repeated_glyphs_are_shared_defs_and_coordinates_are_integers():
    for svg in decider_svgs(6, "events", 40, seed=8) + decider_svgs(3, "classic", 20, seed=9):
        d = Drawing(svg)
        (defs,) = d.root.iter(f"{SVG_NS}defs")
        defined = {e.get("id") for e in defs.iter() if e.get("id")}
        uses = list(d.root.iter(f"{SVG_NS}use"))
        assert uses and {u.get("href")[1:] for u in uses} <= defined
        assert all(i.startswith("ni-") for i in defined)
        body = svg[svg.index("</defs>") :]
        assert not re.search(r' (x|y|cx|cy|width|height)="-?[0-9]+\.[0-9]', body)
        # every clickable thing holds a shape of its own (a <use> copy may not take clicks)
        for ident, element in d.by_id.items():
            if ident.split("-")[0] in ("room", "space", "cat", "held", "garden") or (
                ident.startswith("tile-") and "face-up" in classes(element)
            ):
                own = [e for e in element.iter() if e.tag[len(SVG_NS) :] in SHAPES]
                assert own, ident


SHAPES = {"rect", "circle", "ellipse", "path"}
