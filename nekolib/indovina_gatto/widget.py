"""Play Indovina Gatto in a notebook, with a live deduction board for the player at the device."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from nekolib.core import HIDDEN, RandomAgent
from nekolib.indovina_gatto.analysis import (
    ExpectedPointsAgent,
    GreedyGuessAgent,
    best_guess,
    posterior,
)
from nekolib.indovina_gatto.rules import (
    ACCESSORIES,
    COLOURS,
    PATTERNS,
    POSES,
    Params,
    new_game,
)
from nekolib.widgets import GameWidget

PLAYER_COLOURS = ("Yellow", "Red", "Green", "Purple")
"""The four mask colours: "16 maschere per colore (giallo, rosso, verde e viola)"."""
_CSS_COLOUR = {"Yellow": "#d4a900", "Red": "#c0392b", "Green": "#27ae60", "Purple": "#8e44ad"}
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

    def extra_panel(self) -> widgets.Widget:
        self.deduction = widgets.HTML().add_class("nekolib-deduction")
        return self.deduction

    def on_refresh(self) -> None:
        self.deduction.value = self.deduction_html(self.state.view(self.viewer))

    # ------------------------------------------------------------------ board
    def render_view(self, view: dict[str, Any]) -> str:
        return "".join(
            [
                self._players_html(view),
                self._hand_html(view),
                self._table_html(view),
                self._guesses_html(view),
            ]
        )

    def _who(self, p: int) -> str:
        name = self.player_names[p]
        colour = _CSS_COLOUR.get(name, "#333")
        return f"<b style='color:{colour}'>{_esc(name)}</b>"

    def _players_html(self, view: dict[str, Any]) -> str:
        rows = []
        for p in range(view["num_players"]):
            fan = []
            for t in view["traits"][p]:
                if t == HIDDEN:
                    fan.append("🎭")
                elif t in view["revealed"][p]:
                    fan.append(f"<s>{_esc(t)}</s>")
                else:
                    fan.append(f"<i>{_esc(t)}</i>")
            rows.append(
                f"<tr><td>{self._who(p)}</td><td>{' · '.join(fan)}</td>"
                f"<td>{view['supply'][p]}</td><td>{sum(view['received'][p])}</td>"
                f"<td>{view['points'][p]}</td><td>{view['hand_sizes'][p]}</td></tr>"
            )
        return (
            "<table><tr><th>player</th><th>traits (struck: unmasked, 🎭: secret)</th>"
            "<th>masks left</th><th>masks received</th><th>points</th><th>cats in hand</th></tr>"
            + "".join(rows)
            + f"</table><p>Draw pile: {view['deck_size']} cats. Phase: {_esc(view['phase'])}"
            + (f" ({_esc(view['end_reason'])})" if view["end_reason"] else "")
            + "</p>"
        )

    def _hand_html(self, view: dict[str, Any]) -> str:
        if view["hand"] == HIDDEN:
            return "<p><i>Hands are hidden (spectator view).</i></p>"
        cats = ", ".join(f"#{c['card']} ({_esc(' '.join(c['traits']))})" for c in view["hand"])
        return f"<p><b>Your cats:</b> {cats or 'none'}</p>"

    def _table_html(self, view: dict[str, Any]) -> str:
        if not view["table"]:
            return "<p><i>No cat on the dance floor yet.</i></p>"
        rows = [
            f"<tr><td>#{t['card']}</td><td>{_esc(' '.join(t['traits']))}</td>"
            f"<td>{self._who(t['player'])}</td>"
            f"<td>{', '.join(self._who(m) for m in t['maskers']) or '-'}</td></tr>"
            for t in reversed(view["table"])
        ]
        return (
            "<table><tr><th>cat</th><th>traits</th><th>played by</th><th>masks from</th></tr>"
            + "".join(rows)
            + "</table>"
        )

    def _guesses_html(self, view: dict[str, Any]) -> str:
        if not view["guesses"]:
            return ""
        items = [
            f"{self._who(g['guesser'])} → {self._who(g['suspect'])}: {_esc(g['trait'])} "
            + ("✔" if g["correct"] else "✘")
            for g in view["guesses"][-8:]
        ]
        return "<p><b>Guesses:</b> " + "; ".join(items) + "</p>"

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
        best = best_guess(view, post) if view["decider"] == view["viewer"] else None
        advice = ""
        if view["phase"] in ("guess", "final guesses") and view["decider"] == view["viewer"]:
            advice = (
                f"Best guess: player {best.guess.suspect} is {_esc(best.guess.trait)} "
                f"(right with {best.p_right} ≈ {float(best.p_right):.0%}, value {best.value})"
                if best
                else "Best: no guess (no trait is likely enough)."
            )
        return (
            f"<b>Deduction board</b> for {self._who(view['viewer'])}: "
            f"{post.deals:,} of {post.prior_deals:,} deals still possible. {advice}"
            f"<table><tr><th>trait</th>{head}</tr>{''.join(rows)}</table>"
        )

    def _cell(self, view: dict[str, Any], prob: Any, trait: str, p: int) -> str:
        if trait in view["revealed"][p]:
            return "<td style='background:#9c6'>unmasked</td>"
        if prob is None:
            return "<td style='color:#aaa'>-</td>"
        shade = int(255 - 155 * float(prob))
        return (
            f"<td title='{prob}' style='background:rgb(255,{shade},{shade})'>{float(prob):.0%}</td>"
        )


def make_widget(
    num_players: int = 3,
    seats: Sequence[str] | None = None,
    seed: int = 0,
    params: Params | None = None,
) -> IndovinaGattoWidget:
    """A ready widget: seat 0 human by default, the others the expected-points player."""
    seats = list(seats or ["human"] + ["expected points"] * (num_players - 1))
    return IndovinaGattoWidget(
        new_state=lambda s: new_game(num_players, seed=s, params=params),
        player_names=list(PLAYER_COLOURS[:num_players]),
        agents={
            "expected points": ExpectedPointsAgent,
            "greedy": GreedyGuessAgent,
            "random": RandomAgent,
        },
        seats=seats,
        seed=seed,
    )
