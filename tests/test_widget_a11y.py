"""Screen-reader semantics of the four games' widgets (issue 31), checked in Python.

The browser tests (tests/browser/test_axe.py, test_keyboard.py) check the page; these check
what the kernel sends, over seeded random games of every game:

* every part that can be pressed has an accessible name that says what it is and what a
  press does, and a press that completes a move names exactly the move that gets played;
* Neko Boss calls an intersection by what is on it ("b2: vacant", "b2: stack of 3, Red on
  top ...; bottom to top: Blue, Blue, Red"), as the position's stacks say;
* the board carries the position as text (the game's text picture of the viewer's view),
  and nothing of it, nor any name, behind the hand-over screen;
* each move, each die roll and each hint is announced (the live region's words and its
  counter), and the end of the game;
* pictures and charts shown in a notebook come as an ``<img>`` with alt text;
* the Manekinecollection odds table has no empty header cell.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from nekolib.indovina_gatto.widget import make_widget
from nekolib.manekinecollection.widget import odds_html
from nekolib.manekinecollection.widget import play as manekinecollection
from nekolib.neko_boss.widget import play as neko_boss
from nekolib.neko_in.widget import NekoInLauncher, neko_in_widget
from nekolib.picture import PLAYER_NAMES, SVG, picture_module
from nekolib.working import spoken

GAMES = {
    "neko_in": lambda: neko_in_widget(3, seed=1, seats=["human", "greedy", "greedy"]),
    "manekinecollection": lambda: manekinecollection(num_players=3, seed=2026),
    "neko_boss": lambda: neko_boss(2, seats=["human", "greedy"]),
    "indovina_gatto": lambda: make_widget(3, seed=1),
}


def _titles(svg: str) -> dict[str, str]:
    """``{id: own <title> text}`` of every element (parsed here, not by the widget)."""
    out = {}
    for node in ET.fromstring(svg).iter():
        for child in node:
            if child.tag.endswith("title") and node.get("id"):
                out[node.get("id")] = " ".join((child.text or "").split())
    return out


def _press(w, rng: random.Random) -> str | None:
    """One press on a random target, or a random free-move button; the pressed id."""
    targets = w.board.targets
    if targets:
        element = rng.choice(targets)
        w.board.receive({"event": "click", "id": element})
        return element
    if w.free_buttons:
        w.play(rng.choice(w.free_buttons).action)
    return None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_part_has_a_name_saying_what_it_is_and_what_a_press_plays(game):
    w = GAMES[game]()
    rng = random.Random(f"names/{game}")
    checked = played = 0
    for _ in range(60):
        if w.state.is_terminal():
            break
        names = w.board.names
        titles = _titles(w.board.svg)
        assert set(w.board.targets) | set(w.board.selected) == set(names)
        for element in w.board.targets:
            name = names[element]
            what, _, does = name.partition(" - ")
            assert what and what != element and does.startswith("press to"), name
            if titles.get(element):
                assert what == titles[element]  # the picture's own words for the part
            checked += 1
        for element in w.board.selected:
            assert names[element].endswith("picked; press again to take it back")
        if not w.board.targets:
            _press(w, rng)
            continue
        element = rng.choice(w.board.targets)
        promised = re.search(r"press to play: (.*)$", names[element])
        before = len(w.match.actions)
        w.board.receive({"event": "click", "id": element})
        if promised:
            label = w.match.states[before].action_to_string(w.match.actions[before])
            assert label == promised.group(1), (names[element], label)
            played += 1
        else:
            assert len(w.match.actions) == before and element in w.selection
    assert checked >= 10 and played >= 3, (checked, played)


def test_neko_boss_names_each_stack_by_its_size_and_top_cat():
    w = neko_boss(2, seats=["human", "human"])
    rng = random.Random(5)
    vacant = stacks = 0
    for _ in range(80):
        if w.state.is_terminal():
            break
        view = w.state.view(None)
        labels = view["labels"]
        for element, name in w.board.names.items():
            point = element.split("-", 1)[1]
            stack = view["stacks"][labels.index(point)]
            what = name.split(" - ")[0]
            if not stack:
                assert what == f"{point}: vacant"
                vacant += 1
            else:
                top = PLAYER_NAMES[stack[-1]]
                assert what.startswith(f"{point}: stack of {len(stack)}"), what
                assert f", {top} on top" in what, what
                below = ", ".join(PLAYER_NAMES[s] for s in stack)
                assert what.endswith(f"bottom to top: {below}"), what
                stacks += 1
        _press(w, rng)
    assert vacant >= 20 and stacks >= 20, (vacant, stacks)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_board_carries_the_position_as_text_and_announces_each_change(game):
    w = GAMES[game]()
    module = picture_module(w.state)
    rng = random.Random(f"said/{game}")
    said = w.board.said
    for _ in range(40):
        if w.state.is_terminal():
            break
        assert w.board.text == module.text(w.state.view(w.viewer))
        assert w.board.text.strip()
        log_before = len(w.match.log(w.name))
        _press(w, rng)
        assert w.board.said > said, "a press was not announced"
        said = w.board.said
        new = w.match.log(w.name)[log_before:]
        if new:  # every new move and roll is read out (issue 39: all of them)
            for line in new:
                assert line in w.board.announce, (line, w.board.announce)
            heard = w.board.announce
            assert "to play:" in heard or "Game over" in heard or "Question for the table:" in heard
        else:
            assert w.board.announce.startswith(("Picked", "Took back")), w.board.announce
    if not w.state.is_terminal():
        w.hint()
        assert w.board.said == said + 1 and spoken(w.hint_text) in w.board.announce
        w.play_to_end()
    assert "Game over. Winner:" in w.board.announce


def test_dice_rolls_are_announced_in_neko_in():
    w = GAMES["neko_in"]()
    rng = random.Random(3)
    rolls = 0
    for _ in range(30):
        before = len(w.match.log(w.name))
        _press(w, rng)
        rolled = [x for x in w.match.log(w.name)[before:] if "rolled" in x]
        rolls += len(rolled)
        for line in rolled[-8:]:
            assert line in w.board.announce
    assert rolls >= 3


def test_nothing_is_named_or_written_out_behind_the_hand_over_screen():
    w = make_widget(2, seats=["human", "human"], seed=2)
    rng = random.Random(1)
    covers = 0
    for _ in range(30):
        if w.covered:
            covers += 1
            assert (w.board.names, w.board.text, w.board.targets) == ({}, "", [])
            assert "Pass the screen" in w.board.announce
            w.ready()
            assert w.board.text and w.board.names
        else:
            _press(w, rng)
    assert covers >= 2


def test_escape_is_announced_and_clears_the_picks():
    w = manekinecollection(num_players=3, seed=2026)
    w.board.receive({"event": "click", "id": "hand-card-0"})
    assert w.selection and w.board.announce.startswith("Picked")
    said = w.board.said
    w.board.receive({"event": "clear"})
    assert w.selection == () and w.board.said == said + 1
    assert w.board.announce == "Picks cleared."


def test_pictures_show_as_an_img_with_alt_text():
    from nekolib.neko_boss.picture import example_view, svg

    picture = svg(example_view())
    bundle = picture._repr_mimebundle_()
    assert bundle["image/svg+xml"] == str(picture)
    alt = re.search(r'<img [^>]*alt="([^"]+)"', bundle["text/html"]).group(1)
    label = re.search(r'aria-label="([^"]+)"', picture).group(1)
    assert alt == label and len(alt) > 10
    state = GAMES["neko_boss"]().state
    html = state._repr_mimebundle_()["text/html"]
    assert re.search(r'<img [^>]*alt="Neko Boss: [^"]+"', html)
    assert SVG("<svg></svg>").alt_text() == "picture"


def test_charts_show_as_an_img_with_alt_text():
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    from nekolib.charts import figure_alt, figure_html

    fig = Figure()
    ax = fig.add_subplot()
    ax.plot([0, 1], [1, 0])
    ax.set(title="Brawl odds", xlabel="tiles", ylabel="chance")
    assert figure_alt(fig) == "Chart. Brawl odds; x: tiles; y: chance"
    html = figure_html(fig)
    assert (
        html.startswith('<img class="nekolib-picture-img" src="data:image/png;base64,')
        and 'alt="Chart. Brawl' in html
    )


def test_the_odds_table_has_no_empty_header_cell():
    w = manekinecollection(num_players=3, seed=2026)
    table = odds_html(w.state, w.viewer, w.name)
    assert "<table" in table
    heads = re.findall(r"<th[^>]*>(.*?)</th>", table)
    assert heads and all(h.strip() for h in heads), heads


def test_the_neko_in_launcher_names_its_player_count():
    launcher = NekoInLauncher()
    assert launcher.players.description == "Players"
    assert list(launcher.players.options) == [3, 4, 5, 6]
