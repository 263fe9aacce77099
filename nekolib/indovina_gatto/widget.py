"""Play Indovina Gatto in a notebook, with a live deduction board for the player at the device."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from nekolib.core import RandomAgent
from nekolib.indovina_gatto.analysis import (
    ExpectedPointsAgent,
    GreedyGuessAgent,
    posterior,
)
from nekolib.indovina_gatto.lookahead import LookaheadAgent
from nekolib.indovina_gatto.picture import seat_label
from nekolib.indovina_gatto.rules import (
    ACCESSORIES,
    COLOURS,
    PATTERNS,
    POSES,
    Guess,
    Params,
    new_game,
)
from nekolib.picture import PLAYER_LETTERS, player_colour
from nekolib.widgets import GameWidget

CATEGORIES = (
    ("Pose", POSES),
    ("Colour", COLOURS),
    ("Pattern", PATTERNS),
    ("Accessory", ACCESSORIES),
)


def _esc(x: Any) -> str:
    return html.escape(str(x))


class IndovinaGattoWidget(GameWidget):
    """Hot-seat + computer play; the board and the deduction board use the viewer's view only."""

    title = "Indovina Gatto"
    hint_agent = "lookahead"

    def extra_panel(self) -> widgets.Widget:
        self.deduction = widgets.HTML().add_class("nekolib-deduction")
        return self.deduction

    def on_refresh(self) -> None:
        self.deduction.value = self.deduction_html(self.state.view(self.viewer))

    def refresh(self) -> None:
        super().refresh()
        if self.covered:  # hand-over screen: the last player's deductions must not linger
            self.deduction.value = ""

    # The table itself is drawn by nekolib.indovina_gatto.picture.svg (GameWidget.render_view).

    def _who(self, p: int) -> str:
        """A seat as the picture shows it: its name, its marker letter, in its colour."""
        letter = PLAYER_LETTERS[p % len(PLAYER_LETTERS)]
        return f"<b style='color:{player_colour(p)}'>{_esc(self.player_names[p])} ({letter})</b>"

    # ------------------------------------------------------------------ deduction board
    def deduction_html(self, view: dict[str, Any]) -> str:
        """The exact posterior of every opponent's hidden traits, for the viewer only."""
        if view["viewer"] is None:
            return (
                "<p><i>Deduction board: choose a single human seat to see its deductions.</i></p>"
            )
        post = posterior(view)
        opponents = list(post.marginals)
        if not opponents:
            return "<p><i>Deduction board: every opponent trait is unmasked.</i></p>"
        head = "".join(f"<th>{self._who(p)}</th>" for p in opponents)
        rows = []
        for category, traits in CATEGORIES:
            rows.append(f"<tr><th colspan='{len(opponents) + 1}'>{category}</th></tr>")
            for t in traits:
                cells = "".join(self._cell(view, post.marginals[p].get(t), t, p) for p in opponents)
                rows.append(f"<tr><td>{_esc(t)}</td>{cells}</tr>")
        advice = ""
        if view["phase"] in ("guess", "final guesses") and view["decider"] == view["viewer"]:
            advice = self.advice_html()
        return (
            f"<b>Deduction board</b> for {self._who(view['viewer'])}: "
            f"{post.deals:,} of {post.prior_deals:,} deals still possible. {advice}"
            f"<table><tr><th>trait</th>{head}</tr>{''.join(rows)}</table>"
        )

    def advice_html(self) -> str:
        """Phase 3 advice: the hint player's own choice and sentence (:meth:`GameWidget.hint`
        asks the same agent with the same seeded RNG), so the board and the hint never
        disagree. Empty unless the viewer decides now."""
        state = self.state
        if state.is_terminal() or state.current_player() != self.viewer:
            return ""
        agent = self._agent_named(self.hint_agent_key)
        action = agent.choose(state, self._agent_rng())
        if isinstance(action, Guess):
            what = f"guess that {self._who(action.suspect)} holds {_esc(action.trait)}"
        else:
            what = "no guess"
        explain = getattr(agent, "explain", None)
        why = f" - {_esc(explain(state, action))}" if callable(explain) else ""
        head = f"Advice ({_esc(agent.name)}, as the hint)"
        return f"<p class='nekolib-advice'>{head}: {what}{why}</p>"

    def _cell(self, view: dict[str, Any], prob: Any, trait: str, p: int) -> str:
        if trait in view["revealed"][p]:
            return "<td style='background:#9c6'>unmasked</td>"
        if prob is None:
            return "<td style='color:#aaa'>-</td>"
        shade = int(255 - 155 * float(prob))
        return (
            f"<td title='{prob}' style='background:rgb(255,{shade},{shade})'>{float(prob):.0%}</td>"
        )


def play(
    num_players: int = 3,
    seats: Sequence[str] | None = None,
    seed: int = 0,
    params: Params | None = None,
) -> IndovinaGattoWidget:
    """A ready widget: seat 0 human by default, the others the lookahead player.

    Click the picture to play: a cat in your hand; for a guess, a suspect's panel and a
    trait of the palette (either order); "no guess" is a button. Hint: the lookahead
    player's move with its exact numbers and the best alternative's."""
    seats = list(seats or ["human"] + ["lookahead"] * (num_players - 1))
    return IndovinaGattoWidget(
        new_state=lambda s: new_game(num_players, seed=s, params=params),
        player_names=[seat_label(p) for p in range(num_players)],
        agents={
            "lookahead": LookaheadAgent,
            "expected points": ExpectedPointsAgent,
            "greedy": GreedyGuessAgent,
            "random": RandomAgent,
        },
        seats=seats,
        seed=seed,
    )


make_widget = play
"""Older name of :func:`play`."""
