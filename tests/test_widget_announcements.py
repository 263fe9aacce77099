"""A whole game of each game by simulated presses: the live region misses no line (issue 39).

Every announcement the board makes (each bump of its ``said`` counter) is recorded; at the
end every line of the move log, with its outcome, must be in one of them, in order; an
Indovina Gatto guess is said right or wrong (as the public record of guesses has it), the
end says the scores (as the final view has them), a Neko-in table decision is asked as a
question, and no announcement asks anyone to "click".
"""

from __future__ import annotations

import random

import pytest

from nekolib.core import TABLE
from nekolib.indovina_gatto.widget import make_widget
from nekolib.manekinecollection.widget import play as manekinecollection
from nekolib.neko_boss.widget import play as neko_boss
from nekolib.neko_in.widget import neko_in_widget

GAMES = {
    "neko_in": lambda: neko_in_widget(3, seed=4, seats=["human", "greedy", "greedy"]),
    "manekinecollection": lambda: manekinecollection(
        num_players=3, seed=11, seats=["human", "greedy", "greedy"]
    ),
    "neko_boss": lambda: neko_boss(2, seats=["human", "greedy"]),
    "indovina_gatto": lambda: make_widget(2, seats=["human", "human"], seed=3),
}


def _play_whole_game(w, rng: random.Random) -> tuple[list[str], list[str]]:
    """Press random highlighted parts (or free-move buttons, or "ready") to the end; every
    announcement made, and the Neko-in table questions asked."""
    said: list[str] = []
    w.board.observe(lambda _c: said.append(w.board.announce), names="said")
    asked = []
    for _ in range(3000):
        if w.state.is_terminal():
            break
        if w.covered:
            w.board.receive({"event": "ready"})
            continue
        if w.state.current_player() == TABLE:
            asked.append(said[-1])
        if w.board.targets:
            w.board.receive({"event": "click", "id": rng.choice(w.board.targets)})
        elif w.free_buttons:
            w.play(rng.choice(w.free_buttons).action)
        else:
            raise AssertionError(f"nothing to press: {w.state!r}")
    assert w.state.is_terminal()
    return said, asked


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_log_line_is_announced_in_a_whole_game(game):
    w = GAMES[game]()
    said, asked = _play_whole_game(w, random.Random(f"whole/{game}"))
    heard = "\n".join(said)
    lines = w.log_lines()
    assert len(lines) >= 20
    at = 0
    for line in lines:  # each line, in order, in some announcement
        found = heard.find(line, at)
        assert found >= 0, (line, heard[at : at + 400])
        at = found + len(line)
    assert "Game over. Winner:" in said[-1]
    assert not any("click" in s.lower() for s in said), [s for s in said if "click" in s.lower()]
    view = w.state.view(None)
    if game == "indovina_gatto":
        guesses = [line for line in lines if ": guess: " in line]
        assert len(guesses) == len(view["guesses"]) >= 3
        for line, record in zip(guesses, view["guesses"], strict=True):
            assert ("(right" if record["correct"] else "(wrong") in line, line
        for name, points in zip(w.player_names, view["points"], strict=True):
            assert f"{name} {points}" in said[-1].split("Points:")[1]
    elif game == "manekinecollection":
        for name, score in zip(w.player_names, view["scores"], strict=True):
            assert f"{name} {score['total']}" in said[-1].split("Scores:")[1]
    elif game == "neko_boss":
        for seat, (tall, top, count) in enumerate(view["scores"]):
            assert f"{w.name(seat)} {tall} stack(s) of 4+, highest {top}, {count}" in said[-1]
    else:
        for p in view["players"]:
            assert f"{w.name(p['seat'])} {p['tiles']}" in said[-1].split("Tiles left:")[1]
        assert asked and all("Question for the table:" in a and "?" in a for a in asked)


def test_a_long_gap_is_counted_and_said_whole():
    """More lines than the old limit (8) at once: the count first, then every one of them."""
    w = manekinecollection(num_players=4, seed=11, seats=["greedy", "greedy", "greedy", "human"])
    lines = w.log_lines()
    assert len(lines) > 8
    assert w.board.announce.startswith(f"{len(lines)} moves since your last:")
    assert all(line in w.board.announce for line in lines)
