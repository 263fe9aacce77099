"""Play Manekinecollection in Jupyter: hot seat and computer players, odds panel."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from nekolib.core import HIDDEN, RandomAgent
from nekolib.manekinecollection.agents import GreedyAgent
from nekolib.manekinecollection.analysis import state_duels, state_reach_odds
from nekolib.manekinecollection.rules import (
    CAN,
    GOLD,
    HAND_CLASSES,
    ROW_SIZE,
    MNState,
    Params,
    kotatsu_name,
    new_game,
)
from nekolib.widgets import GameWidget

__all__ = ["PLAYER_NAMES", "ManekinecollectionWidget", "card_html", "odds_html", "play"]

PLAYER_NAMES = ("Tama", "Mike", "Kuro", "Shiro")
CSS_COLOURS = {
    "red": "#d9453b",
    "orange": "#e8871e",
    "yellow": "#e5c100",
    "green": "#2e9d57",
    "blue": "#2f74c0",
    "black": "#333333",
}
FEATURE_ICONS = {GOLD: "🪙", CAN: "🥫"}


def _swatch(colour: str, text: str) -> str:
    css = CSS_COLOURS.get(colour, "#888")
    fg = "#222" if colour == "yellow" else "#fff"
    return (
        f"<span class='mn-card' style='background:{css};color:{fg};padding:1px 5px;"
        f"border-radius:4px;margin:1px;display:inline-block'>{html.escape(text)}</span>"
    )


def card_html(card: str) -> str:
    """A card string from a view (``"red 3"``) as a coloured chip with its icons."""
    colour, rank = card.rsplit(" ", 1)
    return _swatch(colour, f"{colour} {rank}🐾")


def piece_html(z: dict[str, Any] | None) -> str:
    """A Zabuton Neko from a view: the cat piece (with its coin or can) on its tile."""
    if z is None:
        return "<i>empty</i>"
    icon = FEATURE_ICONS.get(z["feature"], "")
    value = "?" if z["value"] == HIDDEN else f"{z['value']:+d}"
    return _swatch(z["colour"], f"🐈{icon} [{value}]")


class ManekinecollectionWidget(GameWidget):
    """The game board as the current viewer sees it, plus that viewer's hand odds."""

    title = "Manekinecollection"

    def render_view(self, view: dict[str, Any]) -> str:
        parts = [self._header(view), self._kotatsu_table(view), self._hands(view)]
        parts.append(self._collections(view))
        if view.get("showdown"):
            parts.append(self._showdown(view["showdown"], len(view["kotatsu"])))
        if "scores" in view:
            parts.append(self._scores(view))
        return "".join(parts)

    # -- pieces of the board ------------------------------------------------------
    def _header(self, view: dict[str, Any]) -> str:
        return (
            f"<p>Manekineko drawn: <b>{view['manekineko_drawn']}/3</b> &middot; "
            f"in the bag: {view['bag_manekineko']} Manekineko + {view['bag_size']} cats "
            f"&middot; deck: {view['deck_size']} cards &middot; discard pile: "
            f"{len(view['discard'])} &middot; reshuffles: {view['reshuffles']}</p>"
        )

    def _kotatsu_table(self, view: dict[str, Any]) -> str:
        boards = view["kotatsu"]
        head = "".join(f"<th>{html.escape(b['name'])} kotatsu</th>" for b in boards)
        pieces = "".join(
            "<td>" + " ".join(piece_html(z) for z in b["slots"]) + "</td>" for b in boards
        )
        rows = []
        for p in range(view["num_players"]):
            cells = "".join(
                "<td>" + ("".join(card_html(c) for c in b["rows"][p]) or "&nbsp;") + "</td>"
                for b in boards
            )
            rows.append(f"<tr><th>{html.escape(self.name(p))}</th>{cells}</tr>")
        return (
            f"<table class='mn-kotatsu'><tr><th></th>{head}</tr>"
            f"<tr><th>Zabuton Neko</th>{pieces}</tr>{''.join(rows)}</table>"
        )

    def _hands(self, view: dict[str, Any]) -> str:
        lines = []
        for p, hand in enumerate(view["hands"]):
            if hand == HIDDEN:
                shown = f"<i>{view['hand_sizes'][p]} cards (hidden)</i>"
            else:
                shown = "".join(card_html(c) for c in hand)
            lines.append(f"<li class='mn-hand'><b>{html.escape(self.name(p))}</b>: {shown}</li>")
        return "<p><b>Hands</b></p><ul>" + "".join(lines) + "</ul>"

    def _collections(self, view: dict[str, Any]) -> str:
        lines = []
        for p, zs in enumerate(view["collected"]):
            shown = " ".join(piece_html(z) for z in zs) or "&ndash;"
            lines.append(f"<li><b>{html.escape(self.name(p))}</b>: {shown}</li>")
        mine = view.get("my_score")
        note = f" (your score so far: <b>{mine['total']}</b>)" if mine else ""
        return f"<p><b>Zabuton Neko collected</b>{note}</p><ul>" + "".join(lines) + "</ul>"

    def _showdown(self, show: dict[str, Any], boards: int) -> str:
        where = kotatsu_name(show["kotatsu"], boards)
        pieces = ", ".join(html.escape(p) for p in show["pieces"])
        items = []
        for place, entry in enumerate(show["ranking"], 1):
            cards = "".join(card_html(c) for c in entry["cards"])
            items.append(
                f"<li>{place}. <b>{html.escape(self.name(entry['player']))}</b>: "
                f"<b>{html.escape(entry['hand'])}</b> {cards} "
                f"<small>(set strengths {entry['strengths']})</small></li>"
            )
        taken = "; ".join(
            f"{html.escape(self.name(t['player']))} took the {html.escape(t['piece'])}"
            for t in show["taken"]
        )
        return (
            f"<div class='mn-showdown'><p><b>Showdown at the {where} kotatsu</b> "
            f"(pieces: {pieces}). Hands are compared by class, then the icons of the "
            f"main set, the next set and the remaining cards, then who played the "
            f"third card first:</p><ol style='list-style:none'>{''.join(items)}</ol>"
            f"<p>{taken or '<i>the winner is choosing a Zabuton Neko...</i>'}</p></div>"
        )

    def _scores(self, view: dict[str, Any]) -> str:
        head = "<tr><th>player</th><th>tiles</th><th>gold coin</th><th>cancelled</th>"
        head += "<th>Ne-collection</th><th>pieces</th><th>total</th></tr>"
        rows = []
        for p, s in enumerate(view["scores"]):
            star = " 🏆" if p in view["winners"] else ""
            rows.append(
                f"<tr><td>{html.escape(self.name(p))}{star}</td><td>{s['tiles']}</td>"
                f"<td>{s['gold_coin']}</td><td>{s['cancelled']}</td><td>{s['collection']}</td>"
                f"<td>{s['pieces']}</td><td><b>{s['total']}</b></td></tr>"
            )
        return f"<p><b>Final scores</b></p><table class='mn-scores'>{head}{''.join(rows)}</table>"

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
    head = "".join(f"<th>{h}</th>" for h in strong)
    rows, duels = [], []
    for k, board in enumerate(state.kotatsu):
        where = kotatsu_name(k, len(state.kotatsu))
        for q, duel in state_duels(state, viewer, k).items():
            duels.append(
                f"<li>{where}: against {html.escape(name(q))} you win {float(duel.win):.1%}, "
                f"tie {float(duel.tie):.1%} (third card first decides), "
                f"lose {float(duel.lose):.1%}</li>"
            )
        odds = state_reach_odds(state, viewer, k)
        if odds is None or len(board.rows[viewer]) == ROW_SIZE:
            continue
        cells = "".join(f"<td>{float(odds.reach[h]):.1%}</td>" for h in strong)
        rows.append(f"<tr><th>{where}</th>{cells}</tr>")
    if not rows and not duels:
        return ""
    text = f"<p><b>Odds for {html.escape(name(viewer))}</b></p>"
    if rows:
        text += (
            "<p>Chance that your best play at each kotatsu reaches at least this hand "
            "(your cards, the pieces, every face-up card; draws uniform over the unseen "
            f"cards):</p><table><tr><th></th>{head}</tr>{''.join(rows)}</table>"
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
    """A ready widget: seat 0 human, the others greedy computers unless ``seats`` says so."""
    return ManekinecollectionWidget(
        new_state=lambda s: new_game(num_players, params, seed=s),
        player_names=list(PLAYER_NAMES[:num_players]),
        agents={"greedy": GreedyAgent, "random": RandomAgent},
        seats=list(seats or ["human"] + ["greedy"] * (num_players - 1)),
        seed=seed,
    )
