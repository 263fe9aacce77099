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
from nekolib.picture import MUTED, PLAYER_LETTERS, contrast_ratio, player_colour
from nekolib.widgets import GameWidget

CATEGORIES = (
    ("Pose", POSES),
    ("Colour", COLOURS),
    ("Pattern", PATTERNS),
    ("Accessory", ACCESSORIES),
)


def _esc(x: Any) -> str:
    return html.escape(str(x))


def text_colour(colour: str, ground: str = "#ffffff", ratio: float = 4.5) -> str:
    """``colour`` darkened (in steps of 5 %) until text in it reads at ``ratio``:1 on
    ``ground`` (WCAG 1.4.3): a seat's colour as the deduction board writes names in."""
    rgb = [int(colour.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4)]
    out = colour
    for step in range(21):
        k = 1 - step / 20
        out = "#" + "".join(f"{round(c * k):02x}" for c in rgb)
        if contrast_ratio(out, ground) >= ratio:
            break
    return out


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

    def outcome_words(self, before: Any, action: Any, after: Any) -> str:
        """A guess said outright: right or wrong, and the points it won."""
        if not isinstance(action, Guess):
            return ""
        guesses = after.view(None)["guesses"]
        if not guesses:
            return ""
        right = guesses[-1]["correct"]
        guesser = before.current_player()
        won = after.view(None)["points"][guesser] - before.view(None)["points"][guesser]
        points = f"; {self.player_names[guesser]} {won:+d} points" if won else ""
        return ("right" if right else "wrong") + points

    def score_words(self, state: Any) -> str:
        points = state.view(None)["points"]
        return (
            "Points: "
            + ", ".join(f"{name} {p}" for name, p in zip(self.player_names, points, strict=False))
            + "."
        )

    def _who(self, p: int) -> str:
        """A seat as the picture shows it: its name, its marker letter, in its colour."""
        letter = PLAYER_LETTERS[p % len(PLAYER_LETTERS)]
        colour = text_colour(player_colour(p))
        return f"<b style='color:{colour}'>{_esc(self.player_names[p])} ({letter})</b>"

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
            return f"<td style='color:{MUTED}'>-</td>"
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
