"""The Indovina Gatto picture: one element per thing on the table, no secret leaks, legible."""

from __future__ import annotations

import functools
import random
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from nekolib.core import HIDDEN, RandomAgent, play_out
from nekolib.indovina_gatto import picture
from nekolib.indovina_gatto.rules import (
    ACCESSORIES,
    ALL_TRAITS,
    COLOURS,
    PATTERNS,
    POSES,
    Guess,
    IndovinaGattoState,
    PlayCat,
    new_game,
)

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert "nekolib-picture" in root.get("class", "").split()
    return root


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in e.get("class", "").split()]


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)), "element ids must be unique"
    return {e.get("id"): e for e in root.iter() if e.get("id")}


def tip(element: ET.Element) -> str:
    return element.find(f"{NS}title").text


def random_states(n: int, seed: int) -> list[IndovinaGattoState]:
    """Every state of one random game (random guesses: many wrong, some right)."""
    states = [new_game(n, seed=seed)]
    play_out(
        states[0], RandomAgent(), random.Random(seed), on_step=lambda b, a, s: states.append(s)
    )
    return states


@functools.cache
def sampled_states() -> tuple[IndovinaGattoState, ...]:
    out = []
    for n, seed in [(2, 1), (2, 2), (3, 3), (4, 4), (4, 5)]:
        states = random_states(n, seed)
        out += [*states[:: max(1, len(states) // 40)], states[-1]]
    return tuple(out)


def check_counts(state: IndovinaGattoState, viewer: int | None) -> None:
    """Every thing in the view is drawn exactly once, with the pictograms of its traits."""
    view = state.view(viewer)
    root = parse(picture.svg(view))
    ids = by_id(root)
    n = view["num_players"]
    # every cat on the dance floor, once, with pose/fur/pattern/accessory by position
    table = with_class(root, "table-cat")
    assert len(table) == len(view["table"]) == len(state.table)
    for cat in state.table:
        card = ids[f"table-cat-{cat.card}"]
        assert "cat-card" in card.get("class").split()
        traits = state.card_traits(cat.card)
        pictogram = with_class(card, "pictogram")[0].get("class").split()
        assert f"pose-{POSES.index(traits[0])}" in pictogram
        assert f"fur-{COLOURS.index(traits[1])}" in pictogram
        for t in traits[2:]:
            kind = "pattern" if t in PATTERNS else "accessory"
            index = (PATTERNS if t in PATTERNS else ACCESSORIES).index(t)
            assert f"{kind}-{index}" in pictogram
        # its masks: one per masker, in the masker's marker
        masks = with_class(card, "mask")
        assert [m.get("id") for m in masks] == [f"mask-{cat.card}-{p}" for p in cat.maskers]
        for m, p in zip(masks, cat.maskers, strict=True):
            assert with_class(m, "player-marker")[0].get("class").split()[-1] == f"seat-{p}"
    assert len(with_class(root, "mask")) == sum(len(c.maskers) for c in state.table)
    # fans: 3 trait cards each; backs exactly for the traits this viewer may not see
    for p in range(n):
        fan = [ids[f"fan-{p}-{i}"] for i in range(len(view["traits"][p]))]
        assert len(fan) == state.params.traits_per_player
        backs = [f for f in fan if "trait-back" in f.get("class").split()]
        expected_backs = 0 if p == viewer else len(state.hidden_traits(p))
        assert len(backs) == expected_backs
        for f in fan:
            if "trait-back" not in f.get("class").split():
                assert any(t in tip(f) for t in state.traits[p])
    assert len(with_class(root, "trait-card")) == n * state.params.traits_per_player
    assert len(with_class(root, "trait-back")) == sum(
        len(state.hidden_traits(p)) for p in range(n) if p != viewer
    )
    # hands: the viewer's cats face up, everybody's count on the backs
    hand = with_class(root, "hand-cat")
    own = state.hands[viewer] if viewer is not None else ()
    assert sorted(e.get("id") for e in hand) == sorted(f"hand-cat-{c}" for c in own)
    for p in range(n):
        assert len(with_class(ids[f"hand-{p}"], "card-back")) == len(state.hands[p])
        assert f"{state.points()[p]} pts" in ET.tostring(ids[f"player-{p}"], encoding="unicode")
        supply = ET.tostring(ids[f"supply-{p}"], encoding="unicode")
        assert f"×{state.supply[p]}<" in supply
        for q in range(n):
            got = state.received[p][q]
            assert (f"received-{p}-{q}" in ids) == (got > 0)
    assert f"{len(state.deck)} cat card" in tip(ids["deck"])
    # recent guesses: the last few, right/wrong as played
    shown = with_class(root, "guess")
    assert len(shown) == min(len(state.guesses), picture.RECENT)
    for e, g in zip(shown, state.guesses[-picture.RECENT :], strict=True):
        assert ("right" in e.get("class").split()) == g.correct and g.trait in tip(e)


def test_every_thing_is_drawn_once_over_many_random_states():
    states = sampled_states()
    assert len(states) > 150
    rng = random.Random(0)
    for state in states:
        viewer = rng.choice([None, *range(state.num_players)])
        check_counts(state, viewer)


def test_end_positions_are_drawn_and_name_the_winner():
    for n, seed in [(2, 7), (3, 8), (4, 9)]:
        end = random_states(n, seed)[-1]
        assert end.is_terminal()
        svg = picture.svg(end.view(None))
        check_counts(end, None)
        winners = " and ".join(f"Player {w}" for w in end.winners())
        assert f"Winner: {winners}<" in svg


def test_svg_parses_with_background_and_legible_fonts():
    for state in sampled_states()[::5]:
        svg = picture.svg(state.view(0))
        root = parse(svg)
        assert root[0].get("class") == "background" or root.find(f"{NS}rect") is not None
        sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
        assert sizes and min(sizes) >= 11


def swap_secrets(state: IndovinaGattoState, who: int, seed: int) -> IndovinaGattoState:
    """``state`` with ``who``'s hidden traits and hand replaced by cards nobody else sees."""
    rng = random.Random(seed)
    hidden = state.hidden_traits(who)
    pool = list(state.aside)
    rng.shuffle(pool)
    new_traits = tuple(pool.pop() if t in hidden else t for t in state.traits[who])
    deck = list(state.deck)
    hand = list(state.hands[who])
    k = min(len(hand), len(deck))
    hand[:k], deck[:k] = deck[:k], hand[:k]
    traits = (*state.traits[:who], new_traits, *state.traits[who + 1 :])
    return replace(
        state,
        traits=traits,
        hands=(*state.hands[:who], tuple(hand), *state.hands[who + 1 :]),
        deck=tuple(deck),
        aside=tuple(t for t in ALL_TRAITS if t not in {x for ts in traits for x in ts}),
    )


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_players_picture_does_not_show_another_players_secrets_at_the_deal(n):
    """Two deals (new_game parameters) differing only in player 1's traits and hand."""
    a = new_game(n, seed=10 + n)
    dealt = {t for ts in a.traits for t in ts}
    spare = [t for t in ALL_TRAITS if t not in dealt]
    traits_b = list(a.traits)
    traits_b[1] = tuple(spare[:3])
    order_a = [c for h in a.hands for c in h] + list(a.deck)
    order_b = list(order_a)
    cut = 3 * n  # player 1 holds order[3:6]: swap it with the first three of the deck
    order_b[3:6], order_b[cut : cut + 3] = order_a[cut : cut + 3], order_a[3:6]
    a = new_game(n, traits=a.traits, cat_order=order_a)
    b = new_game(n, traits=traits_b, cat_order=order_b)
    assert a.traits[1] != b.traits[1] and a.hands[1] != b.hands[1]
    assert a.traits[0] == b.traits[0] and a.hands[0] == b.hands[0]
    for viewer in [None, 0, *range(2, n)]:
        assert picture.svg(a.view(viewer)) == picture.svg(b.view(viewer))
        assert picture.text(a.view(viewer)) == picture.text(b.view(viewer))
    # the owner sees the difference, so this test can fail
    assert picture.svg(a.view(1)) != picture.svg(b.view(1))


def test_mid_game_pictures_do_not_depend_on_other_players_secrets():
    checked = 0
    rng = random.Random(1)
    for state in sampled_states()[1::4]:
        if state.is_terminal():
            continue
        for who in range(state.num_players):
            if not state.hidden_traits(who):
                continue
            other = swap_secrets(state, who, seed=checked)
            if other.traits[who] == state.traits[who]:
                continue
            others = [p for p in range(state.num_players) if p != who]
            for viewer in [None, rng.choice(others)]:
                assert picture.svg(state.view(viewer)) == picture.svg(other.view(viewer))
            assert picture.svg(state.view(who)) != picture.svg(other.view(who))
            checked += 1
    assert checked > 20


def test_highlight_rings_exactly_the_named_elements():
    state = new_game(3, seed=2)
    state = state.apply(PlayCat(state.hands[0][0]))
    card = state.table[0].card
    wanted = {f"table-cat-{card}", "fan-1-2", "deck", "player-2", f"hand-cat-{state.hands[0][0]}"}
    root = parse(picture.svg(state.view(0), highlight=wanted))
    ringed = {e.get("id") for e in root.iter() if e.get("id") and with_class(e, "highlight")}
    # a ring belongs to its element (and to the panel that contains a ringed fan card)
    direct = {
        e.get("id")
        for e in root.iter()
        if e.get("id") and any("highlight" in c.get("class", "") for c in e)
    }
    assert direct == wanted and wanted <= ringed
    ring = with_class(root, "highlight")[0]
    strokes = {r.get("stroke") for r in ring}
    assert picture.HIGHLIGHT in strokes and any(r.get("stroke-dasharray") for r in ring)
    assert not with_class(parse(picture.svg(state.view(0))), "highlight")


def test_pictograms_are_distinct_per_pose_colour_pattern_and_accessory():
    def face(traits):
        return "".join(picture.cat_card_face({"card": 0, "traits": list(traits)}))

    poses = {face((p, COLOURS[0])) for p in POSES}
    colours = {face((POSES[0], c)) for c in COLOURS}
    patterns = {face((POSES[0], COLOURS[0], p)) for p in PATTERNS}
    accessories = {face((POSES[0], COLOURS[0], a)) for a in ACCESSORIES}
    assert len(poses) == 5 and len(colours) == 8 and len(patterns) == 2 and len(accessories) == 4
    assert len(set(picture.FUR_FILLS)) == len(COLOURS)
    # the colour's name is written on the card too: colour is never the only cue
    for c in COLOURS:
        assert f">{c}<" in face((POSES[0], c))


def test_seat_names_never_look_like_fur_colours():
    view = picture.example_view()
    svg = picture.svg(view)
    for p in range(view["num_players"]):
        assert f">{picture.seat_label(p)}<" in svg
    assert not any(f">{c.title()}<" in svg for c in COLOURS)


def test_text_summary_and_repr_are_short():
    for state in sampled_states()[::4]:
        for viewer in [None, 0]:
            view = state.view(viewer)
            lines = picture.text(view).splitlines()
            assert 1 <= len(lines) <= 25
            assert "Params(" not in picture.text(view) and "IndovinaGattoState(" not in lines[0]
        r = repr(state)
        assert r.startswith("<IndovinaGattoState ") and len(r) < 100 and "Params" not in r
        assert str(state) == picture.text(state.view(None))
    many = random_states(2, 12)[-1]
    assert len(many.table) > 15 and len(str(many).splitlines()) <= 25


def test_text_hides_secrets_and_shows_the_viewers():
    state = new_game(3, seed=4)
    mine = picture.text(state.view(0))
    spectator = picture.text(state.view(None))
    assert all(f"[{t}]" in mine for t in state.traits[0])
    assert not any(t in spectator for ts in state.traits for t in ts)
    assert HIDDEN in spectator


def test_example_view_is_a_spectators_mid_game():
    view = picture.example_view()
    assert view["viewer"] is None and view["hand"] == HIDDEN
    assert len(view["table"]) >= 8 and view["phase"] != "over" and view["guesses"]
    root = parse(picture.svg(view))
    assert len(with_class(root, "table-cat")) == len(view["table"])


def test_a_right_guess_turns_the_card_face_up_for_everyone():
    state = new_game(2, seed=6)
    state = state.apply(PlayCat(state.hands[0][0]))
    trait = state.traits[1][2]
    state = state.apply(Guess(1, trait))
    for viewer in [None, 0, 1]:
        ids = by_id(parse(picture.svg(state.view(viewer))))
        unmasked = [
            e
            for i, e in ids.items()
            if i.startswith("fan-1-") and "trait-unmasked" in e.get("class")
        ]
        assert len(unmasked) == 1 and trait in tip(unmasked[0])
