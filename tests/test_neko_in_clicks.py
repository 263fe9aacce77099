"""Neko-in click paths: every legal move can be clicked on the picture, nothing else can.

Walking the click paths from no click (following ``targets`` and ``click``) reaches
exactly the legal actions that have a place on the picture; the others are exactly
the free kinds (who was fastest, pass, wake up, Crunchies), which stay buttons.
Whole games are then played through simulated front-end messages on the widget.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET

import pytest

from nekolib.core import CHANCE, RandomAgent, play_out
from nekolib.neko_in.clicks import FREE, click_paths
from nekolib.neko_in.picture import svg
from nekolib.neko_in.rules import (
    AFFINITY,
    COLOURS,
    CRUNCHIES,
    ICONS,
    LITTER_BOX,
    Discard,
    Hide,
    Move,
    NekoState,
    UseAffinity,
    UseLitterBox,
    new_game,
)
from nekolib.neko_in.widget import play
from nekolib.picture import element_ids


def random_states(n: int, version: str, count: int, seed: int) -> list[NekoState]:
    """Decision states met along seeded random games; in Events some players are also
    handed every kept event tile (so Litter Box and Affinity are there to be clicked)."""
    rng = random.Random(seed)
    states: list[NekoState] = []

    def sometimes(before, _action, _after) -> None:
        if before.current_player() != CHANCE and rng.random() < 0.3:
            states.append(before)

    while len(states) < count:
        state = new_game(n, seed=rng.randrange(10**6), version=version)
        if version == "events" and rng.random() < 0.5:
            held = tuple((CRUNCHIES, AFFINITY, LITTER_BOX) if p % 2 else () for p in range(n))
            state = dataclasses.replace(state, held=held)
        play_out(state, RandomAgent(), rng, on_step=sometimes)
    return states[:count]


@pytest.mark.parametrize(
    ("n", "version", "count"),
    [(3, "classic", 120), (6, "classic", 80), (3, "events", 150), (6, "events", 150)],
)
def test_clicking_reaches_exactly_the_legal_moves_and_the_rest_are_free(n, version, count):
    kinds: set[type] = set()
    for state in random_states(n, version, count, seed=n + len(version)):
        legal = set(state.legal_actions())
        paths = click_paths(state)
        reached = paths.reachable()
        free = legal - reached
        assert reached <= legal
        assert all(isinstance(a, FREE) for a in free), free
        assert not any(isinstance(a, FREE) for a in reached)
        assert reached | free == legal
        who = state.current_player()
        ids = element_ids(svg(state.view(who if who >= 0 else None)))  # the table: everybody
        for action, action_paths in paths.paths.items():
            kinds.add(type(action))
            for path in action_paths:
                assert set(path) <= ids, (action, path)
    wanted = {Move, Hide, Discard} | ({UseLitterBox, UseAffinity} if version == "events" else set())
    assert wanted <= kinds, kinds


def test_the_paths_are_the_ones_the_module_promises():
    state = new_game(3, seed=1, version="events")
    cats = (-1, 12, -1, -1, -1, -1)  # the red cat on the Living Room's bell, the rest outside
    state = dataclasses.replace(state, held=((AFFINITY, LITTER_BOX), (), ()), cats=cats)
    paths = click_paths(state)
    assert paths.paths[Move(1)] == [("room-1",)]
    assert paths.paths[UseLitterBox(7)] == [("held-0-litter_box", "space-7")]
    assert UseLitterBox(12) in paths.paths  # onto the red cat's hideout: a brawl first
    assert UseAffinity(0, 2) not in paths.paths  # two cats in the Garden: no swap
    swap = UseAffinity(1, 4)  # the red and the light blue cat, in either order
    assert sorted(paths.paths[swap]) == [
        ("held-0-affinity", "cat-light_blue", "cat-red"),
        ("held-0-affinity", "cat-red", "cat-light_blue"),
    ]
    assert paths.targets(()) == [
        "room-0",
        "room-1",
        "room-2",
        "held-0-affinity",
        "held-0-litter_box",
    ]
    after = paths.targets(("held-0-litter_box",))
    assert after == [f"space-{s}" for s in range(15)]
    assert sorted(paths.targets(("held-0-affinity",))) == sorted(
        f"cat-{c}" for c in ("black", "red", "yellow", "pink", "light_blue", "white")
    )
    assert paths.targets(("held-0-affinity", "cat-black")) == ["cat-red"]
    # the owner's choice: the Kitchen's owner (red) clicks a hideout
    moved = new_game(3, seed=1).apply(Move(1))
    assert moved.current_player() == 1
    assert click_paths(moved).targets(()) == [f"space-{s}" for s in range(5, 10)]


def test_a_discard_is_a_click_on_the_tile_in_the_own_hand():
    state = new_game(3, seed=2)
    rng = random.Random(2)
    while state.phase != "discard":
        if state.current_player() == CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            catchers = [a for a in state.legal_actions() if getattr(a, "player", None) is not None]
            state = state.apply(rng.choice(catchers or state.legal_actions()))
    me = state.catcher
    paths = click_paths(state)
    hand = state.hands[me]
    assert paths.targets(()) == [f"tile-{me}-{i}" for i in range(len(hand))]
    picture = ET.fromstring(svg(state.view(me)))
    tiles = {e.get("id"): e.get("data-tile") for e in picture.iter() if e.get("id")}
    for i, tile in enumerate(hand):  # the clicked tile is the one discarded
        assert paths.complete((f"tile-{me}-{i}",)) == Discard(tile)
        assert tiles[f"tile-{me}-{i}"] == f"{COLOURS[tile // 5]} {ICONS[tile % 5]}"


@pytest.mark.parametrize(("n", "version", "seed"), [(3, "classic", 1), (6, "events", 2)])
def test_whole_games_played_by_clicking_the_picture(n, version, seed):
    w = play(n, version=version, seats=["human"] * n, seed=seed)
    rng = random.Random(seed)
    clicks = buttons = 0
    log = 0
    for _ in range(5_000):
        if w.state.is_terminal():
            break
        if w.covered:
            w.ready()
            continue
        assert len(w.board.svg) <= 30_000, "a click's message stays small"
        targets = w.board.targets
        if targets and (not w.free_buttons or rng.random() < 0.85):
            w.board.receive({"event": "click", "id": rng.choice(targets)})
            clicks += 1
        else:
            rng.choice(w.free_buttons).click()
            buttons += 1
        assert not w.last_error
        assert len(w.match.log()) >= log
        log = len(w.match.log())
    assert w.state.is_terminal() and "Game over" in w.status.value
    assert clicks > 30 and buttons > 3 and log > 30
    assert any(": go to the " in line for line in w.match.log(w.name))
    assert w.match.log(w.name)[0].startswith("1. Black cat: ")
