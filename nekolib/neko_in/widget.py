"""ipywidgets front end for Neko-in, built on :class:`nekolib.widgets.GameWidget`.

The board is drawn from ``state.view(viewer)`` only, so in hot seat each player
sees their own hideout tiles and nobody sees the face-down event tiles.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from nekolib.core import RandomAgent
from nekolib.neko_in.agents import GreedyAgent
from nekolib.neko_in.analysis import brawl_odds
from nekolib.neko_in.rules import COLOURS, EVENT_TEXT, EVENTS, Params, new_game
from nekolib.widgets import HUMAN, GameWidget

__all__ = ["NekoInLauncher", "NekoInWidget", "neko_in_widget"]

_CAT_CSS = {
    "black": "#222",
    "red": "#c0392b",
    "yellow": "#d4ac0d",
    "pink": "#e91e8c",
    "light blue": "#3498db",
    "white": "#999",
}
_PHASE_HELP = {
    "move": "choose a room for the cat (one movement)",
    "wake": "the cat is napping: this turn it may only wake up",
    "hide": "choose the hideout where the cat goes",
    "fastest": "who was fastest to catch the cat of the rolled colour?",
    "discard": "choose the tile to get rid of",
}


def _cat(colour: str | None) -> str:
    if not colour:
        return ""
    return f"<b style='color:{_CAT_CSS[colour]}'>&#x1F408; {html.escape(colour)}</b>"


class NekoInWidget(GameWidget):
    """Play Neko-in: rooms with hideouts, cats, covered spaces, your own tiles, dice, events."""

    title = "Neko-in"
    table_decisions = True

    def extra_panel(self) -> widgets.Widget:
        self.odds_panel = widgets.HTML().add_class("neko-in-odds")
        return self.odds_panel

    def on_refresh(self) -> None:
        view = self.state.view(self.viewer)
        self.odds_panel.value = self._odds_html(view)

    # ------------------------------------------------------------------ board
    def render_view(self, view: dict[str, Any]) -> str:
        version = f"<p><i>{html.escape(view['version'].title())} version</i></p>"
        parts = [version, self._rooms_html(view), self._players_html(view), self._dice_html(view)]
        return "".join(parts)

    def _rooms_html(self, view: dict[str, Any]) -> str:
        header = "".join(
            f"<th style='border-top:4px solid {_CAT_CSS[r['colour']]}'>{html.escape(r['name'])}"
            f"<br><small>owner: {html.escape(self.name(r['owner']))}</small></th>"
            for r in view["rooms"]
        )
        rows = []
        for icon in range(5):
            cells = []
            for room in view["rooms"]:
                space = room["spaces"][icon]
                mark = []
                if space["covered"]:
                    mark.append("<span title='covered by its hideout tile'>&#x25A0; covered</span>")
                if space["event"]:
                    mark.append("<span title='face-down event tile'>&#x2753; event</span>")
                cat = _cat(space["cat"])
                if space["cat"] in view["napping"]:
                    cat += " &#x1F4A4;"
                marks = " ".join(mark)
                cells.append(
                    f"<td>{html.escape(space['icon'])}<br>{cat}<br><small>{marks}</small></td>"
                )
            rows.append("<tr>" + "".join(cells) + "</tr>")
        gathered = [
            f"{html.escape(r['name'])}: " + ", ".join(_cat(c) for c in r["gathered"])
            for r in view["rooms"]
            if r["gathered"]
        ]
        garden = ", ".join(_cat(c) for c in view["garden"]) or "empty"
        extra = f"<p>Cat Teaser gathering: {'; '.join(gathered)}</p>" if gathered else ""
        return (
            f"<table><tr>{header}</tr>{''.join(rows)}</table>"
            f"<p><b>Garden</b> (no brawls here): {garden}</p>{extra}"
        )

    def _players_html(self, view: dict[str, Any]) -> str:
        rows = []
        for p in view["players"]:
            hand = ", ".join(html.escape(t) for t in p["hand"])
            held = ", ".join(html.escape(e) for e in p["held"]) or "-"
            turn = " &#x25C0; turn" if p["seat"] == view["active"] else ""
            rows.append(
                f"<tr><td>{html.escape(self.name(p['seat']))} {_cat(p['colour'])}{turn}</td>"
                f"<td>{p['tiles']}</td><td>{hand}</td><td>{held}</td></tr>"
            )
        events = "<th>event tiles held</th>" if view["version"] == "events" else "<th></th>"
        return (
            "<table><tr><th>player</th><th>tiles</th><th>hideout tiles (yours only)</th>"
            f"{events}</tr>{''.join(rows)}</table>"
        )

    def _dice_html(self, view: dict[str, Any]) -> str:
        lines = []
        if view["dice"]:
            lines.append("Dice: " + " + ".join(_cat(c) for c in view["dice"]))
        if view["catch_roll"]:
            lines.append("Catch roll: " + " ".join(_cat(c) for c in view["catch_roll"]))
        if view["news"]:
            lines.append(f"<b>{html.escape(view['news'])}</b>")
            for event in EVENTS:
                if event in view["news"]:
                    lines.append(f"<i>{html.escape(EVENT_TEXT[event])}</i>")
        help_text = _PHASE_HELP.get(view["phase"])
        if help_text and view["target_room"] and view["phase"] == "hide":
            help_text += f" in the {view['target_room']} for the {view['moving_cat']} cat"
        if help_text:
            lines.append(f"Now: {html.escape(help_text)}")
        return "<p>" + "<br>".join(lines) + "</p>"

    def _odds_html(self, view: dict[str, Any]) -> str:
        if view["phase"] != "move" or view["decider"] != view["active"]:
            return ""
        me = view["players"][view["active"]]["colour"]
        fights = []
        for room in view["rooms"]:
            cat = next((s["cat"] for s in room["spaces"] if s["cat"]), None)
            if cat and cat != me:
                odds = brawl_odds(attacker=COLOURS.index(me), defender=COLOURS.index(cat))
                fights.append(
                    f"{html.escape(room['name'])} (the {html.escape(cat)} cat): you get in "
                    f"{odds['defender']}, sent home {odds['attacker']}, both home {odds['both']}"
                )
        if not fights:
            return "<small>No occupied room: no brawl this turn.</small>"
        return "<small>Brawl odds: " + "; ".join(fights) + "</small>"


def neko_in_widget(
    num_players: int = 3,
    *,
    version: str = "classic",
    seats: list[str] | None = None,
    table: str = HUMAN,
    seed: int = 0,
    params: Params | None = None,
) -> NekoInWidget:
    """A ready-to-play Neko-in widget (Classic or Events); seats are 'human', 'random', 'greedy'."""
    base = params or Params(version=version)  # type: ignore[arg-type]
    names = [COLOURS[c].title() for c in (base.colours or range(num_players))]
    widget = NekoInWidget(
        new_state=lambda s: new_game(num_players, seed=s, params=base),
        player_names=names,
        agents={"random": RandomAgent, "greedy": GreedyAgent},
        seats=seats or [HUMAN] + ["greedy"] * (num_players - 1),
        table=table,
        seed=seed,
    )
    return widget


class NekoInLauncher(widgets.VBox):
    """Choose the version (Classic / Events) and the number of players, then play."""

    def __init__(self, num_players: int = 3, version: str = "classic", seed: int = 0) -> None:
        self.version = widgets.ToggleButtons(options=["classic", "events"], value=version)
        self.players = widgets.IntSlider(value=num_players, min=3, max=6, description="Players")
        self.seed = seed
        self.game = self._make()
        self.version.observe(self._rebuild, names="value")
        self.players.observe(self._rebuild, names="value")
        super().__init__([widgets.HBox([self.version, self.players]), self.game])

    def _make(self) -> NekoInWidget:
        return neko_in_widget(self.players.value, version=self.version.value, seed=self.seed)

    def _rebuild(self, _change: Any) -> None:
        self.game = self._make()
        self.children = (self.children[0], self.game)
