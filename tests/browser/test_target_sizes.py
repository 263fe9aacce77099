"""Every part of a picture one may tap is at least 24x24 CSS px on a tablet, in many positions.

``test_small_screens.py`` taps a few decisions of each game in Voila; this test looks at
far more positions without a kernel: seeded random games of every game and player count,
and at each decision the picture as the widget draws it (the decider's view) is put in
Chromium at the width a 768 px wide iPad gives a Voila output (738 px; a picture is
never scaled up) and every element of every click path of the position (the first taps
and the ones after them) is measured (``getBoundingClientRect``): WCAG 2.2 SC 2.5.8
"Target Size (Minimum)" asks for 24x24 CSS px.
"""

from __future__ import annotations

import random

import pytest

import nekolib
from nekolib.core import game_module, game_package
from nekolib.picture import picture_module

TABLET_OUTPUT_PX = 738
MIN_TARGET_PX = 24
POSITIONS = 24
GAMES = nekolib.games()

MEASURE_JS = """(ids) => {
  const out = {};
  for (const id of ids) {
    const e = document.getElementById(id);
    if (!e) { out[id] = null; continue; }
    const r = e.getBoundingClientRect();
    out[id] = [r.width, r.height];
  }
  return out;
}"""


def decisions(key: str, count: int, seed: int):
    """``(state, viewer, element ids of its click paths)`` at seeded random decisions."""
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


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_tap_target_is_24_css_px_on_a_tablet(key, page):
    module = picture_module(f"nekolib.{key}")
    smallest, measured, small = 1e9, 0, []
    for state, who, ids in decisions(key, POSITIONS, seed=24):
        svg = str(module.svg(state.view(who)))
        page.set_content(
            "<html><body style='margin:0'>"
            f"<div style='width:{TABLET_OUTPUT_PX}px'>"
            "<style>svg{max-width:100%;height:auto;display:block}</style>"
            f"{svg}</div></body></html>"
        )
        sizes = page.evaluate(MEASURE_JS, ids)
        missing = [i for i, s in sizes.items() if s is None]
        assert not missing, f"{key}: click-path elements not in the picture: {missing[:5]}"
        for ident, (w, h) in sizes.items():
            measured += 1
            smallest = min(smallest, w, h)
            if min(w, h) < MIN_TARGET_PX:
                small.append(f"{ident} {w:.1f}x{h:.1f}")
    print(f"\n{key}: {measured} targets measured, smallest side {smallest:.1f} CSS px")
    assert measured >= POSITIONS
    assert not small, f"{key}: targets under {MIN_TARGET_PX} px: {sorted(set(small))[:10]}"
