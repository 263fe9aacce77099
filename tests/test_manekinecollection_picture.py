"""The Manekinecollection picture: one element per thing, counts from the view, no leaks."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace

import pytest

from nekolib.core import HIDDEN, RandomAgent, make_rng, play_out
from nekolib.manekinecollection import picture
from nekolib.manekinecollection.rules import (
    KOTATSU,
    SLOTS,
    Card,
    MNState,
    ZabutonNeko,
    new_game,
)

NS = "{http://www.w3.org/2000/svg}"
NAMES = ("left", "centre", "right")


def _classes(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def _by_id(root: ET.Element) -> dict[str, ET.Element]:
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    return {e.get("id"): e for e in root.iter() if e.get("id")}


def _drawn(root: ET.Element, e: ET.Element, fill: str | None = None) -> list[tuple]:
    """(tag, text, effective fill) of every text and circle ``e`` draws, in order, following
    ``<use>`` into the shared shapes of ``<defs>`` (drawn once, placed many times)."""
    fill = e.get("fill", fill)
    out = []
    if e.tag in (NS + "text", NS + "circle"):
        out.append((e.tag[len(NS) :], e.text, fill))
    if e.tag == NS + "use":
        shape = next(d for d in root.iter() if d.get("id") == e.get("href")[1:])
        out += _drawn(root, shape, fill)
    for child in e:
        out += _drawn(root, child, fill)
    return out


def _card(root: ET.Element, c: ET.Element) -> str:
    """The card as drawn: colour (its class) and icon count, e.g. ``green 5``; checks that the
    colour's name is written on it and that the paw dots match the number."""
    colour = c.get("class").split()[-1]
    drawn = _drawn(root, c)
    texts = [t for tag, t, _ in drawn if tag == "text"]
    assert texts[0] == picture.ABBREVIATIONS[colour], texts
    dots = sum(1 for tag, *_ in drawn if tag == "circle")
    assert dots in (0, min(int(texts[1]), 9))
    return f"{colour} {texts[1]}"


def _tooltip(e: ET.Element) -> str:
    node = e.find(NS + "title")
    assert node is not None, e.attrib
    return node.text or ""


def _states(num_players: int, seed: int, every: int = 4) -> list[MNState]:
    """States of a seeded random game at every ``every``-th turn, one per (turn, phase)."""
    start = new_game(num_players, seed=seed)
    seen: list[MNState] = [start]

    def keep(_before: MNState, _action: object, after: MNState) -> None:
        if after.is_terminal() or after.turns % every == 0:
            seen.append(after)

    play_out(start, RandomAgent(), make_rng(f"mn-picture/{seed}"), on_step=keep)
    out, keys = [], set()
    for s in seen:
        key = (s.turns, s.phase, s.is_terminal())
        if key not in keys:
            keys.add(key)
            out.append(s)
    return out


STATES = [s for n, seed in ((2, 1), (2, 4), (3, 2), (4, 3), (4, 5)) for s in _states(n, seed, 2)]


def check_picture(view: dict) -> ET.Element:
    """Everything the view holds is one element of the picture, located by id and class."""
    root = ET.fromstring(picture.svg(view))
    assert "nekolib-picture" in root.get("class").split()
    ids = _by_id(root)
    n = view["num_players"]
    assert len(_classes(root, "kotatsu")) == KOTATSU
    on_table = [z for board in view["kotatsu"] for z in board["slots"] if z is not None]
    assert len(_classes(root, "zabuton")) == len(on_table)
    for k, board in enumerate(view["kotatsu"]):
        name = NAMES[k]
        kotatsu = ids[f"kotatsu-{name}"]
        assert "kotatsu" in kotatsu.get("class").split()
        for s, z in enumerate(board["slots"]):
            place = ids[f"zabuton-{name}-{s}"]
            if z is None:
                assert "zabuton" not in place.get("class").split()
                continue
            words = _tooltip(place)
            assert words.startswith(f"{z['colour']} cat")
            assert ("face down" in words) == (z["value"] == HIDDEN)
        for seat in range(n):
            row = ids[f"row-{name}-{seat}"]
            assert row in list(kotatsu.iter())
            cards = _classes(row, "card")
            assert [_card(root, c) for c in cards] == board["rows"][seat]
            assert ", ".join(board["rows"][seat]) in _tooltip(row)
            assert [c.get("id") for c in cards] == [
                f"played-{name}-{seat}-{i}" for i in range(len(board["rows"][seat]))
            ]
            assert ("completed" in row.get("class").split()) == (seat in board["completed"])
    viewer = view["viewer"]
    hand_cards = _classes(root, "hand-card")
    mine = view["hands"][viewer] if viewer is not None else []
    assert [_tooltip(c) for c in hand_cards] == [_card(root, c) for c in hand_cards] == mine
    assert [c.get("id") for c in hand_cards] == [f"hand-card-{i}" for i in range(len(mine))]
    for seat in range(n):
        assert "player" in ids[f"player-{seat}"].get("class").split()
        assert ids[f"player-{seat}"].find(f".//*[@class='player-marker seat-{seat}']") is not None
        backs = _classes(ids[f"hand-{seat}"], "card-back")
        hidden = view["hands"][seat] == HIDDEN
        assert len(backs) == (view["hand_sizes"][seat] if hidden else 0)
        chips = _classes(ids[f"player-{seat}"], "collected")
        assert len(chips) == len(view["collected"][seat])
    for thing in ("bag", "deck", "discard", "manekineko"):
        assert thing in ids
    assert f"{view['manekineko_drawn']}/{view['manekineko_to_end']} drawn" in ET.tostring(
        ids["manekineko"], encoding="unicode"
    )
    assert f"{view['deck_size']} cards" in ET.tostring(ids["deck"], encoding="unicode")
    return root


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_picture_has_one_element_per_thing(num_players: int) -> None:
    """Every kept state of the seeded games, alternately as spectator and as the decider."""
    states = [s for s in STATES if s.num_players == num_players]
    for i, state in enumerate(states):
        who = state.current_player()
        viewer = None if i % 2 else (who if who >= 0 else state.turn)
        check_picture(state.view(viewer))


def test_enough_states_and_situations_are_checked() -> None:
    phases = Counter(s.phase for s in STATES)
    assert len(STATES) >= 300
    assert {"play", "over"} <= set(phases) and phases["choose"] >= 1
    assert any(any(b.rows[0] for b in s.kotatsu) for s in STATES)
    assert {s.num_players for s in STATES} == {2, 3, 4}


def test_every_font_is_at_least_11_px_and_every_card_says_its_colour() -> None:
    for state in STATES[::8]:
        svg = picture.svg(state.view(state.turn))
        sizes = [float(x) for x in re.findall(r'font-size="([0-9.]+)"', svg)]
        assert sizes and min(sizes) >= 11
        root = ET.fromstring(svg)
        for c in _classes(root, "card"):
            _card(root, c)  # the colour's name, the number and as many paw dots


def test_full_size_cards_show_their_icons_as_paw_dots() -> None:
    view = new_game(2, seed=1).view(0)
    view["hands"][0] = ["green 5", "black 1", "yellow 6"]
    root = ET.fromstring(picture.svg(view))
    cards = _classes(root, "hand-card")
    drawn = [_drawn(root, c) for c in cards]
    assert [sum(tag == "circle" for tag, *_ in d) for d in drawn] == [5, 1, 6]
    assert all(f == "white" for _, _, f in drawn[1])  # light text and dots on black
    assert all(f != "white" for _, _, f in drawn[2])  # dark ones on yellow


def _secret_twin(state: MNState, other: int) -> MNState:
    """The same table, but ``other`` holds different cards and the tiles nobody sees differ."""
    deck = list(state.deck)
    old = list(state.hands[other])
    new = []
    for card in deck:
        if len(new) == len(old):
            break
        if card not in old:
            new.append(card)
    for card in new:
        deck.remove(card)
    deck += old
    hands = list(state.hands)
    hands[other] = tuple(sorted(new))
    boards = []
    for board in state.kotatsu:
        slots = tuple(
            None if z is None else ZabutonNeko(z.piece, z.value + 10) for z in board.slots
        )
        boards.append(replace(board, slots=slots))
    collected = list(state.collected)
    collected[other] = tuple(  # a tile seat 0 saw as a showdown's chooser stays as it was
        z if (0, other, i) in state.peeks else ZabutonNeko(z.piece, z.value + 10)
        for i, z in enumerate(collected[other])
    )
    return replace(
        state,
        hands=tuple(hands),
        deck=tuple(sorted(deck)),
        kotatsu=tuple(boards),
        collected=tuple(collected),
    )


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_svg_does_not_depend_on_another_players_secrets(num_players: int) -> None:
    checked = 0
    for state in STATES:
        if state.num_players != num_players or state.phase in ("choose", "over"):
            continue
        if not state.hands[1] or not any(state.collected[1]):
            continue
        twin = _secret_twin(state, 1)
        if len(twin.hands[1]) != len(state.hands[1]):
            continue  # the deck is too thin to deal a different hand
        assert twin.hands[1] != state.hands[1]
        for viewer in [0, None]:
            assert twin.view(viewer) == state.view(viewer)
            assert picture.svg(twin.view(viewer)) == picture.svg(state.view(viewer))
        # the owner does see the difference, so the comparison above could fail
        assert twin.view(1) != state.view(1)
        assert picture.svg(twin.view(1)) != picture.svg(state.view(1))
        checked += 1
        if checked == 8:
            break
    assert checked >= 3


def test_chooser_sees_the_values_others_see_backs() -> None:
    state = next(s for s in STATES if s.phase == "choose")
    chooser = state.current_player()
    k = state.tasks[0][1]
    for viewer, hidden in ((chooser, False), (None, True)):
        root = check_picture(state.view(viewer))
        ids = _by_id(root)
        for s in range(SLOTS):
            assert ("face down" in _tooltip(ids[f"zabuton-{NAMES[k]}-{s}"])) == hidden
        assert f"Showdown at the {NAMES[k]} kotatsu" in picture.svg(state.view(viewer))


def test_highlight_rings_exactly_the_named_elements() -> None:
    state = next(s for s in STATES if s.phase == "play" and s.kotatsu[0].rows[s.turn])
    view = state.view(state.turn)
    targets = {
        "kotatsu-centre",
        "zabuton-left-1",
        f"row-left-{state.turn}",
        f"played-left-{state.turn}-0",
        "hand-card-0",
        "bag",
        "deck",
        f"player-{state.turn}",
    }
    plain = ET.fromstring(picture.svg(view))
    assert _classes(plain, "highlight") == []
    root = ET.fromstring(picture.svg(view, highlight=targets | {"no-such-id"}))
    ids = _by_id(root)
    rings = _classes(root, "highlight")
    assert all(r.get("stroke") == "#f2b600" for r in rings)
    for target in targets:  # each ring is drawn inside its own element's group
        direct = [c for c in ids[target] if "highlight" in (c.get("class") or "").split()]
        assert len(direct) == 1, target
    assert len(rings) == len(targets)


def test_text_summary_and_repr() -> None:
    for state in STATES[::3]:
        view = state.view(None)
        lines = picture.text(view).splitlines()
        assert 1 <= len(lines) <= 25
        assert "Params(" not in picture.text(view) and "ZabutonNeko(" not in picture.text(view)
        for board in view["kotatsu"]:
            for row in board["rows"]:
                assert all(c.replace(" ", "") in picture.text(view) for c in row)
        assert str(state) == picture.text(view)
        assert repr(state) == f"<MNState {picture.summary(view)}>"
        assert len(repr(state)) < 100 and "\n" not in repr(state)


def test_example_view_is_a_mid_game_spectator_view() -> None:
    view = picture.example_view()
    assert view["viewer"] is None and view["phase"] != "over"
    assert all(h == HIDDEN for h in view["hands"])
    assert sum(len(r) for b in view["kotatsu"] for r in b["rows"]) >= 3
    assert any(view["collected"]) and view["showdown"] is not None
    check_picture(view)
    assert picture.example_view() == view  # seeded: the same every time


def test_cards_parse_back_to_rule_cards() -> None:
    state = new_game(3, seed=2)
    view = state.view(0)
    root = ET.fromstring(picture.svg(view))
    shown = [_tooltip(c).split(" (")[0] for c in _classes(root, "hand-card")]
    parsed = [Card(c.split()[0], int(c.split()[1])) for c in shown]
    assert parsed == list(state.hands[0])
