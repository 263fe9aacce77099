"""Colour is never the only cue, and every text of a picture reads at WCAG AA (4.5:1).

* The simulation matrices (Machado et al. 2009) keep greys grey and, for the two red-green
  dichromacies, squash colour space onto a plane (a dichromat has two cone types).
* The WCAG contrast formula gives the values WCAG's own examples give.
* In every game's pictures (the README's example and seeded positions seen by each seat):
  every text's fill against what it is drawn on, measured on renders, is at least 4.5:1;
  every player marker carries its seat's letter and a shape no other seat has; the
  things told apart by colour carry a letter, word or shape as well (Neko-in pawns and
  hand tiles, Neko Boss buried cats, Manekinecollection cards and Zabuton Neko, Indovina
  Gatto cats with a fur colour).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import nekolib
from nekolib.colour_vision import (
    MACHADO_2009,
    _inline_uses,
    contrast_ratio,
    parse_colour,
    simulate,
    text_contrasts,
)
from nekolib.core import RandomAgent, play_out
from nekolib.picture import PLAYER_COLOURS, PLAYER_LETTERS, ink_on, picture_module

np = pytest.importorskip("numpy")
pytest.importorskip("cairosvg")

GAMES = nekolib.games()
KEYS = sorted(GAMES)
AA = 4.5


# --------------------------------------------------------------------------- the tools
@pytest.mark.parametrize("vision", sorted(MACHADO_2009))
def test_simulation_keeps_greys_grey(vision):
    greys = np.array([[[g, g, g] for g in (0, 37, 128, 200, 255)]], dtype=np.uint8)
    assert np.abs(simulate(greys, vision).astype(int) - greys).max() <= 1


@pytest.mark.parametrize("vision", ["protanopia", "deuteranopia"])
def test_red_green_dichromacy_loses_one_dimension(vision):
    """Two cone types left: the map from linear RGB is (almost) singular, so a whole line of
    colours looks the same; shifting a colour along that line changes nothing seen."""
    m = np.array(MACHADO_2009[vision])
    assert abs(np.linalg.det(m)) < 1e-5
    null = np.linalg.svd(m)[2][-1]  # the direction the dichromat cannot see
    base = np.array([0.2, 0.3, 0.25])
    shifted = base + 0.1 * null / np.abs(null).max()
    assert np.abs(m @ base - m @ shifted).max() < 1e-5
    assert np.abs(base - shifted).max() > 0.09


@pytest.mark.parametrize("vision", ["normal", *sorted(MACHADO_2009)])
def test_the_player_colours_stay_apart_in_every_simulation(vision):
    """The Okabe-Ito seat colours differ by more than 30 (of 255, summed over R, G, B) for
    every pair of seats, with every simulated deficiency."""
    colours = np.array([[parse_colour(c) for c in PLAYER_COLOURS]], dtype=np.uint8)
    seen = simulate(colours, vision)[0].astype(int)
    gaps = [
        np.abs(seen[i] - seen[j]).sum()
        for i in range(len(PLAYER_COLOURS))
        for j in range(i + 1, len(PLAYER_COLOURS))
    ]
    assert min(gaps) > 30, f"{vision}: closest seats differ by {min(gaps)}"


def test_wcag_contrast_matches_the_standard_examples():
    white, black = (255, 255, 255), (0, 0, 0)
    assert contrast_ratio(white, black) == pytest.approx(21)
    assert contrast_ratio(white, white) == pytest.approx(1)
    assert contrast_ratio(parse_colour("#767676"), white) == pytest.approx(4.54, abs=0.01)
    assert contrast_ratio(parse_colour("#777777"), white) == pytest.approx(4.48, abs=0.01)


def test_contrast_measures_a_text_on_what_it_is_drawn_on():
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60">'
        '<rect width="200" height="60" fill="#ffffff"/>'
        '<rect x="100" width="100" height="60" fill="#767676"/>'
        '<g fill="#ffffff"><text x="110" y="40" font-size="24">ok</text></g>'
        '<text x="10" y="40" font-size="24" fill="#aaaaaa">pale</text></svg>'
    )
    found = {t.words: t for t in text_contrasts(svg)}
    assert found["ok"].background == (118, 118, 118)
    assert found["ok"].ratio == pytest.approx(4.54, abs=0.01)
    assert found["pale"].ratio == pytest.approx(contrast_ratio((170,) * 3, (255,) * 3))
    assert found["pale"].ratio < AA


@pytest.mark.parametrize("colour", PLAYER_COLOURS)
def test_player_letters_read_on_their_colours(colour):
    assert contrast_ratio(parse_colour(ink_on(colour)), parse_colour(colour)) >= AA


# --------------------------------------------------------------------------- the pictures
def positions(key: str, count: int, seed: int) -> list[dict]:
    """Views met along seeded random games: each state seen by a random seat or nobody."""
    info, rng = GAMES[key], random.Random(seed)
    views: list[dict] = []

    def sometimes(_before, _action, after) -> None:
        if rng.random() < 0.1:
            seat = rng.choice([None, *range(after.num_players)])
            views.append(after.view(seat))

    while len(views) < count:
        players = rng.randint(info.min_players, info.max_players)
        state = info.new_game(num_players=players, seed=rng.randrange(10**6))
        final, _ = play_out(state, RandomAgent(), rng, on_step=sometimes)
        views.append(final.view(None))
    return views[:count]


def tree(svg: str) -> ET.Element:
    return ET.fromstring(_inline_uses(str(svg)))


def classes(e: ET.Element) -> list[str]:
    return (e.get("class") or "").split()


def words_in(e: ET.Element) -> list[str]:
    return [" ".join(t.itertext()).strip() for t in e.iter() if t.tag.endswith("text")]


def shape_of(e: ET.Element) -> tuple:
    """What a marker looks like without its colour: tag, corners, rounding."""
    body = next(c for c in e.iter() if c.tag.rsplit("}", 1)[-1] in ("circle", "rect", "polygon"))
    tag = body.tag.rsplit("}", 1)[-1]
    corners = len((body.get("points") or "").split())
    return tag, corners


def check_contrast(svg: str, where: str, scale: float = 1.5) -> float:
    results = text_contrasts(str(svg), scale=scale)
    assert results, f"{where}: no text measured"
    low = [t for t in results if t.ratio < AA]
    assert not low, f"{where}: texts under {AA}:1: " + "; ".join(
        f"{t.words!r} {t.fill} on {t.background} = {t.ratio:.2f}" for t in low[:5]
    )
    return min(t.ratio for t in results)


@pytest.mark.parametrize("key", KEYS)
def test_every_text_of_the_example_picture_reads_at_4_5_to_1(key):
    module = picture_module(f"nekolib.{key}")
    check_contrast(module.svg(module.example_view()), f"{key} example", scale=1.25)


@pytest.mark.slow
@pytest.mark.parametrize("key", KEYS)
def test_every_text_reads_at_4_5_to_1_in_many_positions(key):
    module = picture_module(f"nekolib.{key}")
    worst = min(
        check_contrast(module.svg(view), f"{key} position {i}")
        for i, view in enumerate(positions(key, 12, seed=31))
    )
    print(f"{key}: lowest text contrast {worst:.2f}:1")


@pytest.mark.parametrize("key", [k for k in KEYS if k != "neko_in"])  # Neko-in: cats, below
def test_every_player_marker_has_its_letter_and_its_own_shape(key):
    module = picture_module(f"nekolib.{key}")
    shapes: dict[int, set] = {}
    for view in [module.example_view(), *positions(key, 6, seed=7)]:
        for e in tree(module.svg(view)).iter():
            if "player-marker" not in classes(e):
                continue
            seat = int(next(c for c in classes(e) if c.startswith("seat-"))[5:])
            assert PLAYER_LETTERS[seat] in words_in(e), f"{key}: seat {seat} marker {words_in(e)}"
            shapes.setdefault(seat, set()).add(shape_of(e))
    assert len(shapes) >= 2, f"{key}: markers of only {sorted(shapes)} found"
    assert all(len(s) == 1 for s in shapes.values()), shapes
    looks = [next(iter(s)) for s in shapes.values()]
    assert len(set(looks)) == len(looks), f"{key}: two seats share a marker shape: {shapes}"


def test_neko_in_pawns_and_hand_tiles_carry_their_letter():
    from nekolib.neko_in.picture import CAT_LETTER, svg

    tiles = 0
    for view in positions("neko_in", 10, seed=3):
        for e in tree(svg(view)).iter():
            if "cat" in classes(e) and e.get("data-colour"):
                assert CAT_LETTER[e.get("data-colour")] in words_in(e), words_in(e)
            if {"hideout-tile", "face-up"} <= set(classes(e)):
                colour = next(c for c in CAT_LETTER if e.get("data-tile", "").startswith(c + " "))
                assert CAT_LETTER[colour] in words_in(e), (e.get("data-tile"), words_in(e))
                tiles += 1
    assert tiles >= 5, f"only {tiles} face-up hand tiles met"


def test_neko_boss_buried_cats_take_their_owners_shape():
    from nekolib.neko_boss.picture import svg

    looks: dict[int, set] = {}
    for view in positions("neko_boss", 12, seed=5):
        for e in tree(svg(view)).iter():
            if "layer" in classes(e):
                seat = int(next(c for c in classes(e) if c.startswith("seat-"))[5:])
                tag = e.tag.rsplit("}", 1)[-1]
                points = (e.get("points") or "").split()
                # notched: the first two corners on the top edge; pointed: the first at mid height
                notch = points and points[0].split(",")[1] == points[1].split(",")[1]
                square = tag == "rect" and float(e.get("rx") or 0) == 0
                looks.setdefault(seat, set()).add((tag, square, bool(notch)))
    assert len(looks) >= 3, looks
    assert all(len(s) == 1 for s in looks.values()), looks
    assert len({next(iter(s)) for s in looks.values()}) == len(looks), looks


def test_manekinecollection_cards_and_zabuton_say_their_colour():
    from nekolib.manekinecollection.picture import ABBREVIATIONS, CARD_FILLS, svg

    cards = zabuton = 0
    for view in positions("manekinecollection", 10, seed=11):
        for e in tree(svg(view)).iter():
            cls = classes(e)
            colour = next((c for c in cls if c in CARD_FILLS), None)
            if colour is None:
                continue
            if "card" in cls:
                assert ABBREVIATIONS[colour] in words_in(e), (cls, words_in(e))
                cards += 1
            if "zabuton" in cls:
                assert f"{colour} cat" in words_in(e), (cls, words_in(e))
                zabuton += 1
    assert cards >= 10 and zabuton >= 5, (cards, zabuton)


def test_indovina_gatto_cats_name_their_fur_colour():
    from nekolib.indovina_gatto.picture import svg
    from nekolib.indovina_gatto.rules import COLOURS

    seen = 0
    for view in positions("indovina_gatto", 10, seed=13):
        cats = {c["card"]: c["traits"] for c in view["table"]}
        for e in tree(svg(view)).iter():
            match = re.fullmatch(r"table-cat-(\d+)", e.get("id") or "")
            if match:
                words = " ".join(words_in(e))
                for trait in cats[int(match.group(1))]:
                    if trait in COLOURS:
                        assert trait in words, (trait, words)
                        seen += 1
    assert seen >= 10, f"only {seen} coloured cats met"


@pytest.mark.parametrize("key", KEYS)
def test_the_committed_colour_vision_figures_are_current(key):
    """``figures/colour_vision/<game>_<vision>.png`` are today's board picture, simulated
    (``python -m nekolib figures --only colour_vision`` rewrites them)."""
    from PIL import Image

    from nekolib.charts import FIGURES_DIR
    from nekolib.colour_vision import VISIONS, _on_paper, render

    module = picture_module(f"nekolib.{key}")
    rgb = _on_paper(render(str(module.svg(module.example_view())), 1.0))
    for vision in VISIONS:
        path = FIGURES_DIR / "colour_vision" / f"{key}_{vision}.png"
        assert path.exists(), f"missing {path.name}"
        committed = np.asarray(Image.open(path).convert("RGB")).astype(int)
        fresh = simulate(rgb, vision).astype(int)
        assert committed.shape == fresh.shape, f"{path.name}: {committed.shape} != {fresh.shape}"
        assert np.abs(committed - fresh).mean() < 1.0, f"{path.name} is out of date"
