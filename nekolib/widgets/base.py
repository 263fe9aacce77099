"""A generic ipywidgets front end for any :class:`nekolib.core.GameState`.

The widget only talks to the rules through the core protocol: it asks the
state for its legal actions (one button each), applies the clicked one,
rolls chance events with the match's seeded RNG, lets computer seats move,
and draws the game from ``state.view(viewer)`` so a hot-seat player never sees
another player's secrets. Each game subclasses it and writes ``render_view``.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from nekolib.core import (
    CHANCE,
    TABLE,
    TERMINAL,
    Agent,
    GameState,
    IllegalAction,
    Match,
    RandomAgent,
    chance_rng,
    decider_name,
)
from nekolib.picture import picture_module

HUMAN = "human"

_CSS = """
<style>
.nekolib-board table {border-collapse: collapse;}
.nekolib-board td, .nekolib-board th {border: 1px solid #ccc; padding: 2px 6px; text-align: center;}
.nekolib-log {max-height: 14em; overflow-y: auto; font-family: monospace; font-size: 90%;}
.nekolib-status {font-size: 110%;}
</style>
"""


class GameWidget(widgets.VBox):
    """Play a game step by step: board, legal-move buttons, undo, new game, seats, log.

    Subclasses set ``title`` and implement :meth:`render_view`; they may add an
    :meth:`extra_panel` (refreshed in :meth:`on_refresh`).
    """

    title = "Game"
    table_decisions = False
    """Set to True in games with :data:`~nekolib.core.TABLE` decisions: shows the Table seat."""

    def __init__(
        self,
        new_state: Callable[[int], GameState],
        *,
        player_names: Sequence[str] | None = None,
        agents: Mapping[str, Callable[[], Agent]] | None = None,
        seats: Sequence[str] | None = None,
        table: str = HUMAN,
        seed: int = 0,
        autoplay: bool = True,
    ) -> None:
        self.new_state = new_state
        self.agent_factories: dict[str, Callable[[], Agent]] = dict(
            agents or {"random": RandomAgent}
        )
        self.autoplay = autoplay
        self.last_error = ""
        self.last_rolls: list[str] = []
        self._agents_cache: dict[str, Agent] = {}
        self._button_pool: list[widgets.Button] = []

        initial = new_state(seed)
        n = initial.num_players
        self.player_names = list(player_names or [f"Player {i}" for i in range(n)])
        seats = list(seats or [HUMAN] * n)
        options = [HUMAN, *self.agent_factories]

        self.status = widgets.HTML().add_class("nekolib-status")
        self.board = widgets.HTML().add_class("nekolib-board")
        self.actions_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.actions_box.add_class("nekolib-actions")
        self.action_buttons: list[widgets.Button] = []
        self.log_view = widgets.HTML().add_class("nekolib-log")

        self.undo_button = widgets.Button(description="Undo", icon="undo").add_class("nekolib-undo")
        self.step_button = widgets.Button(description="Computer move").add_class("nekolib-step")
        self.run_button = widgets.Button(description="Play to end").add_class("nekolib-run")
        self.seed_input = widgets.IntText(value=seed, description="Seed", layout={"width": "12em"})
        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.new_game_button.add_class("nekolib-new")
        self.seat_selectors = [
            widgets.Dropdown(options=options, value=s, description=name, layout={"width": "16em"})
            for name, s in zip(self.player_names, seats, strict=False)
        ]
        self.table_selector = widgets.Dropdown(
            options=options,
            value=table,
            description="Table",
            layout={"width": "16em", "display": None if self.table_decisions else "none"},
        )

        self.undo_button.on_click(lambda _: self.undo())
        self.step_button.on_click(lambda _: self.computer_move())
        self.run_button.on_click(lambda _: self.play_to_end())
        self.new_game_button.on_click(lambda _: self.new_game(self.seed_input.value))
        for selector in [*self.seat_selectors, self.table_selector]:
            selector.observe(self._seats_changed, names="value")

        controls = widgets.HBox(
            [
                self.undo_button,
                self.step_button,
                self.run_button,
                self.seed_input,
                self.new_game_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        seats_box = widgets.HBox(
            [*self.seat_selectors, self.table_selector], layout=widgets.Layout(flex_flow="row wrap")
        )
        extra = self.extra_panel()
        children: list[widgets.Widget] = [
            widgets.HTML(f"{_CSS}<h3>{html.escape(self.title)}</h3>"),
            self.status,
            self.board,
        ]
        if extra is not None:
            children.append(extra)
        children += [
            self.actions_box,
            controls,
            seats_box,
            widgets.HTML("<b>Move log</b>"),
            self.log_view,
        ]
        super().__init__(children)
        self.add_class("nekolib-game")
        self.match = Match(initial, seed)
        self._settle()

    # ------------------------------------------------------------------ hooks
    def render_view(self, view: dict[str, Any]) -> str:
        """HTML of the game as the current viewer sees it: the game's picture by default."""
        module = picture_module(self.state)
        if module is None:
            return "<pre>" + html.escape(repr(view)) + "</pre>"
        return str(module.svg(view))

    def static_picture(self) -> str | None:
        """The current position as SVG for readers without a kernel (no secrets: spectator)."""
        module = picture_module(self.state)
        return None if module is None else str(module.svg(self.state.view(None)))

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, plus the current picture as ``image/svg+xml`` and a short text.

        Front ends that can show widgets (JupyterLab, Voila) pick the widget; GitHub,
        nbconvert without widget state and other static readers show the picture.
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is None:
            return bundle
        picture = self.static_picture()
        if picture is not None:
            data["image/svg+xml"] = picture
        data["text/plain"] = f"<{type(self).__name__}: {self.state!r}>"
        return bundle

    def extra_panel(self) -> widgets.Widget | None:
        """An optional widget under the board (odds, deduction board...)."""
        return None

    def on_refresh(self) -> None:
        """Called after every change; update :meth:`extra_panel` here."""

    # ------------------------------------------------------------------ state
    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def seats(self) -> list[str]:
        return [s.value for s in self.seat_selectors]

    def seat_kind(self, decider: int) -> str | None:
        """``"human"`` or an agent key for a player or the table; ``None`` for chance/terminal."""
        if decider == TABLE:
            return self.table_selector.value
        if 0 <= decider < len(self.seat_selectors):
            return self.seat_selectors[decider].value
        return None

    def is_human(self, decider: int) -> bool:
        return self.seat_kind(decider) == HUMAN

    @property
    def viewer(self) -> int | None:
        """Whose eyes the board uses: the deciding human, else the human whose turn it is.

        With several humans (hot seat) the view follows the device around the
        table; when only computers are involved, the spectator view is shown.
        """
        state = self.state
        for who in (state.current_player(), _safe_turn_player(state)):
            if who is not None and who >= 0 and self.is_human(who):
                return who
        humans = [i for i, s in enumerate(self.seats) if s == HUMAN]
        return humans[0] if len(humans) == 1 else None

    def agent(self, decider: int) -> Agent:
        key = self.seat_kind(decider)
        if key not in self._agents_cache:
            self._agents_cache[key] = self.agent_factories[key]()
        return self._agents_cache[key]

    # ------------------------------------------------------------------ actions
    def play(self, action: Any) -> None:
        """Apply a (human) action, then roll dice and let computers move."""
        try:
            self.match.play(action)
            self.last_error = ""
        except IllegalAction as err:
            self.last_error = str(err)
        self._settle()

    def click(self, target: Any) -> None:
        """Click the button whose label or action equals ``target`` (for tests and scripts)."""
        for button in self.action_buttons:
            if target in (button.description, button.action):
                button.click()
                return
        labels = [b.description for b in self.action_buttons]
        raise IllegalAction(target, "no such button is shown", labels, self.state.current_player())

    def computer_move(self) -> None:
        """Let the computer decide the current decision (even for a human seat: a hint)."""
        if self.state.is_terminal():
            return
        self._computer_step()
        self._settle(autoplay=False)

    def play_to_end(self, max_steps: int = 20_000) -> None:
        """Let computers (random for human seats) finish the game; redraw once at the end."""
        for _ in range(max_steps):
            if self.state.is_terminal():
                break
            self._computer_step()
            self._advance(autoplay=False)
        self.refresh()

    def _computer_step(self) -> None:
        """One decision by the seat's agent (random for a human seat), or the pending rolls."""
        state = self.state
        if state.is_chance_node():
            self._advance(autoplay=False)
            return
        who = state.current_player()
        agent = RandomAgent() if self.is_human(who) else self.agent(who)
        self.match.play(agent.choose(state, self._agent_rng()))

    def _agent_rng(self) -> random.Random:
        """The seeded RNG a computer player gets at this ply (replays choose alike)."""
        return chance_rng(self.match.seed, f"agent{self.match.ply}")

    def undo(self) -> None:
        """Take back to the previous human decision (dice re-roll identically: seeded by ply)."""
        self.match.undo(
            keep=lambda s: (not s.is_chance_node()) and self.is_human(s.current_player())
        )
        self.last_rolls = []
        self.last_error = ""
        self._settle(autoplay=False)

    def new_game(self, seed: int | None = None) -> None:
        seed = self.seed_input.value if seed is None else seed
        self.seed_input.value = seed
        self.match = Match(self.new_state(seed), seed)
        self.last_rolls, self.last_error = [], ""
        self._settle()

    def _seats_changed(self, _change: Any) -> None:
        self._settle()

    # ------------------------------------------------------------------ refresh
    def _settle(self, autoplay: bool | None = None) -> None:
        """Roll pending chance events, let computer seats move (if a human plays), redraw."""
        self._advance(autoplay)
        self.refresh()

    def _advance(self, autoplay: bool | None = None) -> None:
        """Roll pending chance events and, with autoplay and a human seated, let computers move."""
        autoplay = self.autoplay if autoplay is None else autoplay
        any_human = any(s == HUMAN for s in self.seats)
        rolls: list[str] = []
        for _ in range(20_000):
            state = self.state
            who = state.current_player()
            if who == CHANCE:
                outcome = self.match.roll()
                rolls.append(state.action_to_string(outcome))
            elif who != TERMINAL and autoplay and any_human and not self.is_human(who):
                self.match.play(self.agent(who).choose(state, self._agent_rng()))
            else:
                break
        if rolls:
            self.last_rolls = rolls

    def refresh(self) -> None:
        state = self.state
        viewer = self.viewer
        self.status.value = self._status_html(state, viewer)
        self.board.value = self.render_view(state.view(viewer))
        self._rebuild_buttons(state)
        self.undo_button.disabled = not self.match.can_undo()
        done = state.is_terminal()
        self.step_button.disabled = done
        self.run_button.disabled = done
        lines = self.match.log(self.name)
        self.log_view.value = (
            "<br>".join(html.escape(x) for x in lines[-200:]) or "<i>no moves yet</i>"
        )
        self.on_refresh()

    def name(self, who: int | None) -> str:
        if who is None:
            return "spectator"
        if 0 <= who < len(self.player_names):
            return self.player_names[who]
        return decider_name(who)

    def _status_html(self, state: GameState, viewer: int | None) -> str:
        parts = []
        if state.is_terminal():
            winners = ", ".join(self.name(w) for w in state.winners())
            parts.append(f"<b>Game over.</b> Winner: {html.escape(winners or 'nobody')}")
        else:
            who = state.current_player()
            turn = _safe_turn_player(state)
            line = f"Turn: <b>{html.escape(self.name(turn))}</b>"
            if who != turn:
                line += f" &middot; deciding now: <b>{html.escape(self.name(who))}</b>"
            kind = "human" if self.is_human(who) else "computer"
            parts.append(f"{line} ({kind})")
        parts.append(f"Viewing as: {html.escape(self.name(viewer))}")
        if self.last_rolls:
            parts.append("🎲 " + html.escape("; ".join(self.last_rolls[-6:])))
        if self.last_error:
            parts.append(f"<span style='color:#b00'>{html.escape(self.last_error)}</span>")
        return "<br>".join(parts)

    def _rebuild_buttons(self, state: GameState) -> None:
        """One button per legal action, reusing pooled buttons (a click sends few messages)."""
        actions = []
        if not state.is_terminal() and self.is_human(state.current_player()):
            actions = state.legal_actions()
        while len(self._button_pool) < len(actions):
            self._button_pool.append(self._new_action_button())
        buttons = self._button_pool[: len(actions)]
        for button, action in zip(buttons, actions, strict=True):
            label = state.action_to_string(action)
            if button.description != label:
                button.description = label
                button.tooltip = label
            button.action = action
        self.action_buttons = buttons
        self.actions_box.children = tuple(buttons)

    def _new_action_button(self) -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width="auto"))
        button.add_class("nekolib-action")
        button.action = None
        button.on_click(lambda b: self.play(b.action))
        return button


def _safe_turn_player(state: GameState) -> int | None:
    try:
        return state.turn_player()
    except Exception:
        return None
