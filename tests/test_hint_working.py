"""Every game's hint, asked through its widget as a learner asks it: each number the
sentence states is the result of a shown working, and every working adds up.

For each game a seeded game is played by its hint player, the hint asked at every human
decision. A :class:`nekolib.working.Working` refuses to exist unless its cases' probabilities
sum to 1 and its weighted sum is its result, so here it is enough to check that the hint
gives workings, that each names a model, and that each fraction in the sentence is one of
their results (the expander shows how it was found).
"""

from __future__ import annotations

import importlib
import re
from fractions import Fraction

import pytest

from nekolib.working import fmt

FRACTION = re.compile(r"(?<![\d./])(-?\d+/\d+)(?![\d./])")
DECISIONS = 25


def _widget(game: str, seed: int):
    play = importlib.import_module(f"nekolib.{game}.widget").play
    if game == "neko_boss":  # a small board: every hint is an exact solve in milliseconds
        return play(board="grid_3x4", random_setup=True, seed=seed)
    return play(seed=seed)


@pytest.mark.parametrize("game", ["neko_in", "manekinecollection", "indovina_gatto", "neko_boss"])
def test_each_number_a_hint_states_is_a_working_result(game):
    hints = 0
    for seed in range(3):
        w = _widget(game, seed)
        for _ in range(DECISIONS):
            if w.state.is_terminal() or w.hint_button.disabled:
                break
            w.hint()
            w.wait_hint()  # Neko Boss: the exact hint replaces the first look
            assert w.hint_text and w.hinted is not None
            results = {fmt(x.result) for x in w.hint_working}
            assert w.hint_working, f"{game}: no working for {w.hint_text!r}"
            assert all(x.model for x in w.hint_working)
            stated = {fmt(Fraction(x)) for x in FRACTION.findall(w.hint_text)}
            assert stated <= results, f"{game}: {stated - results} not worked out: {w.hint_text}"
            hints += 1
            w.play(w.hinted)
    assert hints >= 10
