"""Play Manekinecollection in Jupyter: hot seat and computer players, odds panel.

The table itself is drawn by :mod:`nekolib.manekinecollection.picture` (the one place
the game is drawn); this module adds the buttons (from the core widget) and the odds.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from nekolib.core import RandomAgent
from nekolib.manekinecollection import picture
from nekolib.manekinecollection.agents import GreedyAgent, OddsAgent
from nekolib.manekinecollection.analysis import state_duels, state_reach_odds
from nekolib.manekinecollection.rules import (
    HAND_CLASSES,
    ROW_SIZE,
    MNState,
    Params,
    kotatsu_name,
    new_game,
)
from nekolib.picture import PLAYER_NAMES
from nekolib.widgets import GameWidget

__all__ = ["PLAYER_NAMES", "ManekinecollectionWidget", "odds_html", "play"]


class ManekinecollectionWidget(GameWidget):
    """The game board as the current viewer sees it, plus that viewer's hand odds."""

    title = "Manekinecollection"
    hint_agent = "odds"
    """Hints come from :class:`OddsAgent`, the strongest player, which says why in exact
    fractions (the showdown odds and the Zabuton Neko's expected worth)."""

    def score_words(self, state: Any) -> str:
        scores = state.view(None)["scores"]
        return (
            "Scores: "
            + ", ".join(
                f"{name} {s['total']}" for name, s in zip(self.player_names, scores, strict=False)
            )
            + "."
        )

    def render_view(self, view: dict[str, Any]) -> str:
        """The table as ``view`` shows it, drawn by :func:`picture.svg`."""
        return self.picture_of(picture.svg, view)

    # -- odds panel -----------------------------------------------------------------
    def extra_panel(self) -> widgets.Widget:
        self.odds_panel = widgets.HTML().add_class("mn-odds")
        return self.odds_panel

    def on_refresh(self) -> None:
        self.odds_panel.value = odds_html(self.state, self.viewer, self.name)


def odds_html(state: MNState, viewer: int | None, name: Callable[[int | None], str] = str) -> str:
    """The viewer's chance of reaching at least each class at every kotatsu (own cards only)."""
    if viewer is None or state.phase != "play" or state.turn != viewer:
        return ""
    strong = HAND_CLASSES[::-1]
    head = "".join(f"<th scope='col'>{h}</th>" for h in strong)
    rows, duels = [], []
    for k, board in enumerate(state.kotatsu):
        where = kotatsu_name(k, len(state.kotatsu))
        for q, duel in state_duels(state, viewer, k).items():
            # my row is full and theirs is not: I played my third card first, so a
            # tie is mine ("the one who was first to play the third cat card ... wins")
            duels.append(
                f"<li>{where}: against {html.escape(name(q))} you win "
                f"{float(duel.win + duel.tie):.1%} (ties {float(duel.tie):.1%} included: "
                f"your third card came first), lose {float(duel.lose):.1%}</li>"
            )
        odds = state_reach_odds(state, viewer, k)
        if odds is None or len(board.rows[viewer]) == ROW_SIZE:
            continue
        cells = "".join(f"<td>{float(odds.reach[h]):.1%}</td>" for h in strong)
        rows.append(f"<tr><th scope='row'>{where}</th>{cells}</tr>")
    if not rows and not duels:
        return ""
    text = f"<p><b>Odds for {html.escape(name(viewer))}</b></p>"
    reshuffled = (
        "from the face-up discard pile"
        if state.params.discard_visible
        else "from the face-down discard pile, as unseen as the deck"
    )
    if rows:
        text += (
            "<p>Chance that your best play at each kotatsu reaches at least this hand "
            "(your cards, the pieces, every face-up card; draws from the deck uniform over "
            f"the unseen cards, and once the deck runs out {reshuffled}):"
            f"</p><table><tr><th scope='col'>Kotatsu</th>{head}</tr>{''.join(rows)}</table>"
        )
    if duels:
        text += (
            "<p>Your finished hands against each opponent's random completion:</p>"
            f"<ul>{''.join(duels)}</ul>"
        )
    return text


def play(
    num_players: int = 3,
    seats: Sequence[str] | None = None,
    seed: int = 0,
    params: Params | None = None,
) -> ManekinecollectionWidget:
    """A ready widget: seat 0 human, the others greedy computers unless ``seats`` says so.

    Seat options: ``human``, ``odds`` (the strongest, :class:`OddsAgent`), ``greedy``,
    ``random``; hints come from ``odds``.
    """
    return ManekinecollectionWidget(
        new_state=lambda s: new_game(num_players, params, seed=s),
        player_names=list(PLAYER_NAMES[:num_players]),
        agents={"odds": OddsAgent, "greedy": GreedyAgent, "random": RandomAgent},
        seats=list(seats or ["human"] + ["greedy"] * (num_players - 1)),
        seed=seed,
    )
