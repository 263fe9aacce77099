"""Every game's narrow (phone) layout, checked without a browser (issue 39).

For seeded random decisions of every game and player count, the decider's picture in its
narrow layout is :data:`~nekolib.picture.NARROW_WIDTH` wide, holds every element of every
click path of the position (so taps and keys work the same), has the same element ids as
the wide picture, and no text under :data:`~nekolib.picture.MIN_FONT_PX` (11 px: 12 CSS
px once the board shows it 310 px wide or wider). ``tests/browser/test_phones.py`` measures
the drawn sizes in Chromium.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import nekolib
from nekolib.core import game_module, game_package
from nekolib.picture import MIN_FONT_PX, NARROW_WIDTH, picture_module, svg_width

GAMES = nekolib.games()


def decisions(key: str, count: int, seed: int):
    """``(state, decider, element ids of its click paths)`` at seeded random decisions."""
    info, rng = GAMES[key], random.Random(seed)
    found = []
    while len(found) < count:
        players = rng.randint(info.min_players, info.max_players)
        state = info.new_game(num_players=players, seed=rng.randrange(10**6))
        clicks = game_module(game_package(state), "clicks")
        for _ in range(400):
            if state.is_terminal():
                break
            who = state.current_player()
            if who >= 0 and rng.random() < 0.15:
                paths = clicks.click_paths(state).paths
                ids = sorted({step for ps in paths.values() for p in ps for step in p})
                if ids:
                    found.append((state, who, ids))
            action = state.sample_chance(rng) if who == -1 else rng.choice(state.legal_actions())
            state = state.apply(action)
    return found[:count]


def _ids(svg: str) -> set[str]:
    return {n.get("id") for n in ET.fromstring(svg).iter() if n.get("id")}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_narrow_layout_has_every_part_and_no_small_text(key):
    module = picture_module(f"nekolib.{key}")
    for state, who, ids in decisions(key, 6, seed=39):
        view = state.view(who)
        wide, narrow = str(module.svg(view)), str(module.svg(view, narrow=True))
        assert svg_width(narrow) == NARROW_WIDTH < svg_width(wide)
        assert "nekolib-narrow" in narrow and "nekolib-narrow" not in wide
        assert _ids(narrow) == _ids(wide)
        assert set(ids) <= _ids(narrow)
        sizes = [float(s) for s in re.findall(r'font-size="([0-9.]+)"', narrow)]
        assert sizes and min(sizes) >= MIN_FONT_PX
        # nothing is drawn beyond the right edge: every x of a rect, text or use
        xs = [float(x) for x in re.findall(r'<(?:rect|text|use)[^>]*?\sx="([0-9.-]+)"', narrow)]
        assert max(xs) < NARROW_WIDTH
