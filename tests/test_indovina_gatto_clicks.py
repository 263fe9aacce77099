"""Indovina Gatto played by clicking its picture: paths, the trait palette, games, hints."""

from __future__ import annotations

import functools
import random
import re
import xml.etree.ElementTree as ET

from nekolib.core import RandomAgent, play_out
from nekolib.indovina_gatto import picture
from nekolib.indovina_gatto.analysis import brute_force_posterior
from nekolib.indovina_gatto.clicks import FREE, click_paths
from nekolib.indovina_gatto.lookahead import LookaheadAgent
from nekolib.indovina_gatto.rules import (
    ACCESSORIES,
    CATEGORY,
    COLOURS,
    FINAL,
    GUESS,
    PATTERNS,
    POSES,
    Guess,
    IndovinaGattoState,
    Params,
    Pass,
    PlayCat,
    new_game,
)
from nekolib.indovina_gatto.widget import play
from nekolib.picture import element_ids

RANK = {t: i for i, t in enumerate(POSES + COLOURS + PATTERNS + ACCESSORIES)}


def game_states(n: int, seed: int, params: Params | None = None) -> list[IndovinaGattoState]:
    """Every non-final state of one random game (many wrong guesses, some right)."""
    states = [new_game(n, seed=seed, params=params)]
    play_out(
        states[0], RandomAgent(), random.Random(seed), on_step=lambda b, a, s: states.append(s)
    )
    return [s for s in states if not s.is_terminal()]


@functools.cache
def sampled() -> tuple[IndovinaGattoState, ...]:
    out: list[IndovinaGattoState] = []
    for n, seed in [(2, 1), (2, 2), (2, 3), (2, 4), (4, 5), (4, 6), (4, 7), (4, 8)]:
        out += game_states(n, seed)
    own = Params(guess_own_traits=True)  # the palette then offers the guesser's own traits
    out += game_states(3, 9, own) + game_states(3, 10, own)
    return tuple(out)


def test_clicking_reaches_exactly_the_legal_actions_and_only_no_guess_is_a_button():
    states = sampled()
    assert len(states) > 300 and {s.num_players for s in states} == {2, 3, 4}
    kinds = set()
    for state in states:
        legal = set(state.legal_actions())
        paths = click_paths(state)
        reached = paths.reachable()
        free = legal - reached
        assert reached <= legal and reached == set(paths.actions())
        assert free == {a for a in legal if isinstance(a, FREE)}
        assert free == ({Pass()} if state.phase in (GUESS, FINAL) else set())
        svg_ids = element_ids(picture.svg(state.view(state.current_player())))
        for action, action_paths in paths.paths.items():
            kinds.add(type(action))
            for path in action_paths:
                assert set(path) <= svg_ids, (action, path)
                assert len(path) <= 2
    assert kinds == {PlayCat, Guess}


def test_a_guess_is_a_suspects_panel_and_a_trait_chip_in_either_order():
    state = new_game(3, seed=11)
    state = state.apply(PlayCat(state.hands[0][0]))
    paths = click_paths(state)
    trait = next(t for t in POSES if t not in state.traits[0])
    chip = f"trait-{trait.replace(' ', '-')}"
    assert paths.click(("player-2",), chip) == ((), Guess(2, trait))
    assert paths.click((chip,), "player-1") == ((), Guess(1, trait))
    assert set(paths.targets()) == {"player-1", "player-2"} | {
        f"trait-{t.replace(' ', '-')}" for t in RANK if t not in state.traits[0]
    }
    # own traits are not offered (guess_own_traits=False): no chip, no path
    own = state.traits[0][0]
    assert f"trait-{own.replace(' ', '-')}" not in element_ids(picture.svg(state.view(0)))


def chips(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {e.get("id"): e for e in root.iter() if "trait-chip" in (e.get("class") or "").split()}


def test_the_palette_offers_the_legal_traits_to_the_decider_only_grouped_by_category():
    shown = 0
    for state in sampled()[::3]:
        decider = state.current_player()
        legal = {a.trait for a in state.legal_actions() if isinstance(a, Guess)}
        for viewer in [None, *range(state.num_players)]:
            found = chips(picture.svg(state.view(viewer)))
            if viewer != decider or not legal:
                assert not found
                continue
            shown += 1
            assert set(found) == {f"trait-{t.replace(' ', '-')}" for t in legal}
            order = []
            for chip_id, chip in found.items():
                trait = next(t for t in legal if chip_id == f"trait-{t.replace(' ', '-')}")
                assert chip.get("class").split() == ["trait-chip", CATEGORY[trait]]
                words = [t.text for t in chip.iter("{http://www.w3.org/2000/svg}text")]
                assert words == [trait]
                assert chip.iter("{http://www.w3.org/2000/svg}use") is not None
                order.append(RANK[trait])
            assert order == sorted(order)  # rulebook order: poses, colours, patterns, ...
    assert shown > 20


def finish_by_clicks(w, rng: random.Random, max_steps: int = 3000) -> int:
    """Play ``w`` to its end with simulated front-end messages; returns the clicks made."""
    clicks = 0
    for _ in range(max_steps):
        if w.state.is_terminal():
            return clicks
        if w.covered:
            assert w.board.svg == "" and w.board.targets == []
            w.board.receive({"event": "ready"})
            continue
        targets = list(w.board.targets)
        if w.free_buttons and (not targets or rng.random() < 0.3):
            assert all(isinstance(b.action, FREE) for b in w.free_buttons)
            rng.choice(w.free_buttons).click()
            continue
        assert targets, "a human decision with neither a target nor a button"
        before = w.selection
        element = rng.choice(targets)
        assert f'id="{element}"' in w.board.svg
        w.board.receive({"event": "click", "id": element})
        assert w.selection != before or w.selection == ()
        clicks += 1
    raise AssertionError("the game did not end")


def test_whole_games_are_played_by_clicking_the_picture():
    for n, seats, seed in [
        (2, ["human", "human"], 1),
        (4, ["human"] * 4, 2),
        (3, ["human", "expected points", "human"], 3),
    ]:
        w = play(n, seats=seats, seed=seed)
        clicks = finish_by_clicks(w, random.Random(seed))
        assert w.state.is_terminal() and "Game over" in w.status.value
        assert clicks > 10 and len(w.match.log()) == w.match.ply > 10


def test_hint_shows_the_lookahead_move_with_its_exact_reason_and_never_plays():
    w = play(2, seats=["human", "human"], seed=5)
    rng = random.Random(5)
    agent = LookaheadAgent()
    seen = set()
    for _ in range(60):
        if w.state.is_terminal():
            break
        if w.covered:
            w.ready()
        state, ply = w.state, w.match.ply
        w.hint()
        assert w.match.ply == ply and w.state is state
        action = agent.choose(state, rng)
        assert w.hinted == action
        paths = click_paths(state).paths.get(action)
        text = w.status.value
        if isinstance(action, Guess):
            seen.add("guess")
            assert w.board.hint == list(paths[0]) == [f"player-{action.suspect}", paths[0][1]]
            p = brute_force_posterior(state.view(state.current_player())).probability(
                action.suspect, action.trait
            )
            stated = f"player {action.suspect} holds {action.trait} "
            assert stated in text and f"with {p.numerator}/{p.denominator} (" in text
            assert re.search(r"(expected [+-]?\d+(/\d+)? points|wins with \d+/\d+)", text)
        elif isinstance(action, PlayCat):
            seen.add("play")
            assert w.board.hint == [f"hand-cat-{action.card}"]
            assert f"cat #{action.card}: your best guess after it is right with " in text
            assert re.search(r"\d+/\d+", text) and "hidden traits" in text
        else:
            seen.add("pass")
            assert w.board.hint == [] and w.move_select.value is not None
            assert w.action_buttons[w.move_select.value].action == Pass()
            assert "no guess: 0 points" in text or "no trait can be named" in text
            assert any("nekolib-hinted" in b._dom_classes for b in w.free_buttons)
        # follow the hint by clicking it (or its button)
        if paths:
            for element in paths[0]:
                w.board.receive({"event": "click", "id": element})
        else:
            next(b for b in w.free_buttons if b.action == action).click()
        assert w.match.ply > ply and w.match.actions[ply] == action
    assert seen >= {"guess", "play", "pass"}


def test_svg_sizes_stay_small():
    """Shared symbols are defined once (<defs>) and drawn with <use>: the example view was
    43 KB before; the widget sends the whole picture after every click."""
    example = picture.svg(picture.example_view())
    assert len(example) < 27_000
    assert example.count("<defs>") == 1 and example.count("<use ") > 40
    defined = set(re.findall(r'<[^>]* id="(ig-[\w-]+)"', example))
    used = set(re.findall(r'(?:href="#|url\(#)(ig-[\w-]+)', example))
    assert used <= defined and defined <= used  # every definition is used, none is missing
