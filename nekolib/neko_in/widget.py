"""ipywidgets front end for Neko-in, built on :class:`nekolib.widgets.GameWidget`.

The board is drawn from ``state.view(viewer)`` only, so in hot seat each player
sees their own hideout tiles and nobody sees the face-down event tiles.

Play by clicking the picture (:mod:`nekolib.neko_in.clicks`): a room to move your
cat there, a hideout when you choose where a cat hides, one of your own tiles to
get rid of it after a catch, a held Litter Box then a hideout, a held Affinity then
two cats. Who was fastest, pass, wake up and Crunchies are buttons. Every seat is
named after its cat ("Black cat"), as on the picture. "Hint" asks the strongest player,
``expectimax`` (:class:`nekolib.neko_in.planner.ExpectimaxAgent`), and says why with the
exact fractions behind the move and the best alternative (:meth:`ExpectimaxAgent.explain`).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from nekolib.core import TABLE, RandomAgent
from nekolib.neko_in.agents import GreedyAgent, expectimax_agent
from nekolib.neko_in.analysis import brawl_odds
from nekolib.neko_in.picture import question_words, seat_name
from nekolib.neko_in.rules import COLOURS, EVENT_TEXT, EVENTS, Params, new_game
from nekolib.widgets import HUMAN, GameWidget
from nekolib.widgets.base import kernel_free_bundle

__all__ = ["NekoInLauncher", "NekoInWidget", "neko_in_widget", "play"]


class NekoInWidget(GameWidget):
    """Play Neko-in on its picture (:func:`nekolib.neko_in.picture.svg`), with brawl odds.

    The board is the base class's ``render_view``: the picture of ``state.view(viewer)``
    (rooms, hideouts, cats, covered spaces, the viewer's own tiles, dice, event tiles).
    The panel under it gives the brawl odds and explains an event tile just revealed.
    """

    title = "Neko-in"
    table_decisions = True
    hint_agent = "expectimax"

    def score_words(self, state: Any) -> str:
        players = state.view(None)["players"]
        return (
            "Tiles left: "
            + ", ".join(f"{self.name(p['seat'])} {p['tiles']}" for p in players)
            + "."
        )

    def question(self, state: Any) -> str:
        """A table decision is asked as the question it is, with its answers."""
        if state.current_player() != TABLE:
            return super().question(state)
        labels = [state.action_to_string(a) for a in state.legal_actions()]
        asked = question_words(state.view(self.viewer))
        return f"Question for the table: {asked} Press one of the {len(labels)} answers: " + (
            "; ".join(labels) + "."
        )

    def extra_panel(self) -> widgets.Widget:
        self.odds_panel = widgets.HTML().add_class("neko-in-odds")
        return self.odds_panel

    def on_refresh(self) -> None:
        view = self.state.view(self.viewer)
        self.odds_panel.value = self._odds_html(view) + self._event_html(view)

    def _event_html(self, view: dict[str, Any]) -> str:
        """What the event tile just revealed does (its text from the rules sheet)."""
        texts = [EVENT_TEXT[e] for e in EVENTS if e in view["news"]]
        return "".join(f"<br><i>{html.escape(t)}</i>" for t in texts)

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
    """A ready-to-play Neko-in widget (Classic or Events).

    Seats are 'human', 'random', 'greedy' or 'expectimax' (the strongest, also the hint).
    """
    base = params or Params(version=version)  # type: ignore[arg-type]
    names = [seat_name(COLOURS[c]) for c in (base.colours or range(num_players))]
    widget = NekoInWidget(
        new_state=lambda s: new_game(num_players, seed=s, params=base),
        player_names=names,
        agents={"random": RandomAgent, "greedy": GreedyAgent, "expectimax": expectimax_agent},
        seats=seats or [HUMAN] + ["greedy"] * (num_players - 1),
        table=table,
        seed=seed,
    )
    return widget


play = neko_in_widget
"""The common name of every game's ready-to-play widget (``nekolib.<game>.widget.play``)."""


class NekoInLauncher(widgets.VBox):
    """Choose the version (Classic / Events) and the number of players, then play."""

    def __init__(self, num_players: int = 3, version: str = "classic", seed: int = 0) -> None:
        self.version = widgets.ToggleButtons(options=["classic", "events"], value=version)
        # A labelled drop-down, not a slider: ipywidgets' slider handle has no accessible
        # name (axe: aria-input-field-name, serious); a <select> is named by its label.
        self.players = widgets.Dropdown(
            options=[3, 4, 5, 6], value=num_players, description="Players"
        )
        self.seed = seed
        self.game = self._make()
        self.version.observe(self._rebuild, names="value")
        self.players.observe(self._rebuild, names="value")
        super().__init__([widgets.HBox([self.version, self.players]), self.game])
        self.add_class("nekolib-launcher")  # a named region in the page (board.js)

    def _make(self) -> NekoInWidget:
        return neko_in_widget(self.players.value, version=self.version.value, seed=self.seed)

    def _rebuild(self, _change: Any) -> None:
        self.game = self._make()
        self.children = (self.children[0], self.game)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Shown as text (no kernel): one line saying how to get the board back."""
        return kernel_free_bundle(self, super()._repr_mimebundle_(**kwargs))
