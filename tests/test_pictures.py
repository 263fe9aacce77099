"""Every game draws itself: the shared picture protocol, checked over all game packages.

Per-game contents (one element per hideout, card, stack, mask...) and the
hidden-information checks live in ``tests/test_<game>_picture.py``; this file
checks what every game must do alike: states show as pictures, print as short
text, repr in one line, widgets carry a static picture, figures are written.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import nekolib
from nekolib import charts
from nekolib.core import GameState, NekoError, RandomAgent, play_out
from nekolib.picture import MIN_FONT_PX, SVG, document, el, picture_module, player_marker, text

GAMES = nekolib.games()


def random_states(info, players: int, count: int, seed: int) -> list[GameState]:
    """``count`` states met along seeded random playthroughs (start, middle and end)."""
    rng = random.Random(seed)
    states: list[GameState] = []

    def sometimes(_before, _action, after) -> None:
        if rng.random() < 0.08:
            states.append(after)

    while len(states) < count:
        state = info.new_game(num_players=players, seed=rng.randrange(10**6))
        states.append(state)
        final, _ = play_out(state, RandomAgent(), rng, on_step=sometimes)
        states.append(final)
    return states


def font_sizes(svg: str) -> list[float]:
    return [float(x) for x in re.findall(r'font-size="([0-9.]+)"', svg)]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_has_a_picture_module_with_the_protocol(key):
    info = GAMES[key]
    module = picture_module(info.new_game(num_players=info.min_players, seed=0))
    assert module is picture_module(f"nekolib.{key}")  # by state or by package name
    assert module is not None, f"nekolib/{key}/picture.py is missing"
    for name in ("svg", "text", "summary", "example_view"):
        assert callable(getattr(module, name, None)), f"{key}.picture.{name}"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_states_show_as_pictures_print_short_and_repr_in_one_line(key):
    info = GAMES[key]
    for players in sorted({info.min_players, info.max_players}):
        for state in random_states(info, players, 12, seed=players):
            svg = state._repr_svg_()
            root = ET.fromstring(svg)
            assert root.tag.endswith("svg") and "nekolib-picture" in root.get("class", "")
            assert min(font_sizes(svg)) >= MIN_FONT_PX
            lines = str(state).splitlines()
            assert 1 <= len(lines) <= 25, len(lines)
            assert "Params(" not in str(state) and "=(" not in str(state)
            short = repr(state)
            assert short.startswith(f"<{type(state).__name__} ") and short.endswith(">")
            assert "\n" not in short and len(short) < 120, short
            assert isinstance(state.picture(0), SVG)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_example_view_is_a_mid_game_position(key):
    module = picture_module(f"nekolib.{key}")
    svg = module.svg(module.example_view())
    ET.fromstring(svg)
    assert module.example_view() == module.example_view(), "seeded: same picture every run"


def test_shared_kit_escapes_text_and_keeps_fonts_legible():
    doc = document(100, 50, [text(5, 20, "<cat & mouse>", size=6)], game="toy")
    root = ET.fromstring(doc)
    label = root.find("{http://www.w3.org/2000/svg}text")
    assert label is not None and label.text == "<cat & mouse>"
    assert font_sizes(doc) == [MIN_FONT_PX]
    assert el("rect", class_="a", stroke_width=2) == '<rect class="a" stroke-width="2"/>'
    svg_ns = "http://www.w3.org/2000/svg"
    for seat in range(6):  # a marker carries its letter, not only its colour
        marker = ET.fromstring(f'<svg xmlns="{svg_ns}">{player_marker(0, 0, seat)}</svg>')
        letters = [t.text for t in marker.iter(f"{{{svg_ns}}}text")]
        assert letters == [["R", "B", "G", "O", "P", "S"][seat]]


def test_picture_of_a_state_without_a_picture_module_is_a_clear_error():
    import _toy

    state = _toy.ToyState()
    assert picture_module(state) is None
    assert state._repr_svg_() is None
    with pytest.raises(NekoError, match="no picture module"):
        state.picture()


@pytest.mark.parametrize("key", sorted(GAMES))
def test_widgets_carry_the_current_picture_for_readers_without_a_kernel(key):
    import importlib

    widget_module = importlib.import_module(f"nekolib.{key}.widget")
    game = widget_module.play(seed=3)
    bundle = game._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    svg = bundle["image/svg+xml"]
    assert svg == str(game.state.picture(None))
    ET.fromstring(svg)
    assert bundle["text/plain"].startswith("<") and len(bundle["text/plain"]) < 200


def test_figures_write_one_board_picture_per_game_as_svg_and_png(tmp_path):
    boards = dict(charts.board_pictures())
    assert sorted(boards) == sorted(f"board_{k}" for k in nekolib.game_packages())
    stem = sorted(boards)[0]
    written = charts.save_picture(boards[stem](), tmp_path / f"{stem}.svg")
    svg_path, png_path = written
    ET.fromstring(svg_path.read_text())
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
