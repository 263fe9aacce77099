"""A generic Jupyter front end for any :class:`nekolib.core.GameState`: click the picture to play.

The widget only talks to the rules through the core protocol. It draws the game
from ``state.view(viewer)`` on the shared clickable board
(:class:`nekolib.widgets.board.BoardView`), so a hot-seat player never sees
another player's secrets; it highlights the picture elements that lead to a
legal action (the game's ``clicks.click_paths``), applies the action a
completed click path names, rolls chance events with the match's seeded RNG and
lets computer seats move. Actions with no place on the picture (pass, end
turn...) keep a button; every legal action is also in a keyboard-usable list
under the picture. In hot seat a hand-over screen hides every secret until the
next player says they are ready. "Hint" asks the game's best agent and shows
its move on the picture with the reason.
"""

from __future__ import annotations

import contextlib
import html
import numbers
import random
import sys
import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from nekolib.clicks import ClickPaths
from nekolib.core import (
    CHANCE,
    TABLE,
    TERMINAL,
    Agent,
    GameState,
    IllegalAction,
    InvalidSetup,
    Match,
    RandomAgent,
    chance_rng,
    decider_name,
    describe,
    game_module,
    game_package,
)
from nekolib.picture import is_narrow, picture_module, svg_width
from nekolib.widgets.board import BoardView
from nekolib.working import QuickHint, Working, spoken, working_html

HUMAN = "human"
BACKGROUND_HINTS = sys.platform != "emscripten"
"""Search a progressive hint's exact answer in a background thread, so the board stays
playable; in the browser (Pyodide has no threads) it is searched right after the first
answer is shown."""
LOG_LINES = 40
SAY_COUNT_ABOVE = 3
"""Announcements of more new log lines than this start with their count."""
NO_KERNEL = "Board not running: run the cells again (Run ▸ Run All Cells) to play."
"""Said where a front end shows the widget as text (no kernel, an untrusted notebook such as
a reopened one in the JupyterLite site): one line, after ``<ClassName>``."""
PRESS = "nekolib-press"
"""The class of every button whose press goes to the kernel (:meth:`GameWidget.on_press`):
the board's front end lets one such press (or one press on the board) wait for the kernel
at a time, refuses the others and says so next to the button, so presses never queue."""
MOVES_CLOSED = "Show all legal moves as a list"
MOVES_OPEN = "Hide the list of legal moves"
"""Move-log lines shown (the newest; the whole log is ``widget.match.log()``)."""

_CSS = """
<style>
.nekolib-board table {border-collapse: collapse;}
.nekolib-board td, .nekolib-board th {border: 1px solid #ccc; padding: 2px 6px; text-align: center;}
.nekolib-log {max-height: 14em; overflow-y: auto; font-family: monospace; font-size: 90%;}
.nekolib-status {font-size: 110%;}
.nekolib-hint-text {color: #00664a;}
.nekolib-said {font-size: 110%; margin: 2px 0;}
.nekolib-said:empty {display: none;}
.nekolib-said .nekolib-error {color: #b00;}
.nekolib-hint-partial {font-style: italic;}
.nekolib-free-action.nekolib-hinted {outline: 3px solid #009E73;}
.nekolib-working summary {cursor: pointer; color: #00664a;}
.nekolib-working-table caption {text-align: left; font-style: italic;}
.nekolib-working-body {max-height: 24em; overflow-y: auto; border-left: 3px solid #00664a;
  padding-left: 8px;}
</style>
"""


def in_background(name: str, work: Callable[..., None], *args: Any) -> threading.Thread | None:
    """``work(*args)`` in a daemon thread ``name``, started, where threads run
    (:data:`BACKGROUND_HINTS`); else ``work(*args)`` at once and ``None``."""
    if not BACKGROUND_HINTS:
        work(*args)
        return None
    thread = threading.Thread(target=work, args=args, name=name, daemon=True)
    thread.start()
    return thread


def widget_seed(seed: Any) -> int:
    """``seed`` as the seed of a widget's game: an int, as its Seed box holds, else
    :class:`~nekolib.core.InvalidSetup` saying so.

    Games also take str seeds (:func:`nekolib.core.check_seed`), but the box could not
    show one; ``True`` is refused (it is no number one types), and so are ``1.0``, ``'7'``.
    """
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise InvalidSetup(
            "the widget's seed must be an int, a whole number as in its Seed box "
            f"(such as 0 or 2024); got {describe(seed)}"
        )
    return int(seed)


def kernel_free_bundle(widget: widgets.Widget, bundle: Any, picture: str | None = None) -> Any:
    """``widget``'s mime bundle with what a front end without its kernel shows: the one-line
    :data:`NO_KERNEL` text (and ``picture`` as ``image/svg+xml``, for static readers)."""
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    if data is not None:
        if picture is not None:
            data["image/svg+xml"] = picture
        data["text/plain"] = f"<{type(widget).__name__}> {NO_KERNEL}"
    return bundle


class GameWidget(widgets.VBox):
    """Play a game step by step: clickable picture, hint, undo, new game, seats, move log.

    Subclasses set ``title`` (and ``has_secrets = False`` for open-information games);
    they may override :meth:`render_view` (the game's picture by default), add an
    :meth:`extra_panel` (refreshed in :meth:`on_refresh`) and name the agent that gives
    hints (``hint_agent``, a key of ``agents``). A button they add is wired with
    :meth:`on_press`, never ``on_click``, so that its presses do not queue.
    """

    title = "Game"
    table_decisions = False
    """Set to True in games with :data:`~nekolib.core.TABLE` decisions: shows the Table seat."""
    has_secrets = True
    """Hot seat shows a hand-over screen between players only when there are secrets."""
    hint_agent: str | None = None
    """Key of the agent that gives hints (default: the first agent that is not random)."""

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
        seed = widget_seed(seed)  # before any part of the widget is built
        self.new_state = new_state
        self.agent_factories: dict[str, Callable[[], Agent]] = dict(
            agents or {"random": RandomAgent}
        )
        self.autoplay = autoplay
        self.last_error = ""
        self.last_rolls: list[str] = []
        self.hint_text = ""
        self.hint_working: tuple[Working, ...] = ()
        self.hinted: Hashable | None = None
        self._hint_for: GameState | None = None
        self.hint_partial = False
        """The hint shown is a first look; the exact one is being searched."""
        self.hint_thread: threading.Thread | None = None
        self._hint_token = 0  # bumped whenever the position changes: older searches are stale
        self._lock = threading.RLock()
        self.selection: tuple[str, ...] = ()
        self._shown_to: int | None = None
        self._paths: ClickPaths | None = None
        self._agents_cache: dict[str, Agent] = {}
        self._free_pool: list[widgets.Button] = []
        self._said_lines = 0
        self._pending_say = ""

        initial = new_state(seed)
        n = initial.num_players
        self.player_names = list(player_names or [f"Player {i}" for i in range(n)])
        seats = list(seats or [HUMAN] * n)
        options = [HUMAN, *self.agent_factories]

        self.status = widgets.HTML().add_class("nekolib-status")
        self.board = BoardView(label=f"{self.title} board").add_class("nekolib-board")
        self.board.on("click", self.click_element)
        self.board.on("clear", self.clear_selection)
        self.board.on("ready", self.ready)
        self.board.observe(self._width_changed, names="width")
        self.free_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.free_box.add_class("nekolib-free-actions")
        self.free_buttons: list[widgets.Button] = []
        self.move_select = widgets.Select(options=[], rows=8, layout={"width": "32em"})
        self.move_select.add_class("nekolib-move-select")
        self.move_play = widgets.Button(description="Play the selected move")
        self.move_play.add_class("nekolib-move-play")
        self.on_press(self.move_play, self._play_selected)
        self.actions_box = widgets.VBox([self.move_select, self.move_play])
        self.actions_box.add_class("nekolib-actions")
        self._listed: list[Any] = []
        # A real button opens the list (an Accordion's header takes no keyboard focus).
        self.moves_toggle = widgets.ToggleButton(
            value=False, description=MOVES_CLOSED, layout=widgets.Layout(width="auto")
        ).add_class("nekolib-moves-toggle")
        self.moves_toggle.observe(self._toggle_moves, names="value")
        self.actions_box.layout.display = "none"
        self.moves_list = widgets.VBox([self.moves_toggle, self.actions_box])
        self.moves_list.add_class("nekolib-moves-list")
        self.log_view = widgets.HTML().add_class("nekolib-log")
        self.said_view = widgets.HTML().add_class("nekolib-said")
        """The hint and any error, right under the buttons that produce them (the status line
        above the board says them too, but on a small screen it is out of sight)."""
        self._notes: dict[int, tuple[GameState, str]] = {}
        self._wide_width = 0.0

        self.undo_button = widgets.Button(description="Undo", icon="undo").add_class("nekolib-undo")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o")
        self.hint_button.add_class("nekolib-hint")
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

        self.on_press(self.undo_button, self.undo)
        self.on_press(self.hint_button, self.hint)
        self.on_press(self.run_button, self.play_to_end)
        self.on_press(self.new_game_button, lambda: self.new_game(self.seed_input.value))
        for selector in [*self.seat_selectors, self.table_selector]:
            selector.observe(self._seats_changed, names="value")

        controls = widgets.HBox(
            [
                self.undo_button,
                self.hint_button,
                self.run_button,
                self.seed_input,
                self.new_game_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        seats_box = widgets.HBox(
            [*self.seat_selectors, self.table_selector], layout=widgets.Layout(flex_flow="row wrap")
        )
        self.extra = self.extra_panel()
        children: list[widgets.Widget] = [
            widgets.HTML(f"{_CSS}<h3>{html.escape(self.title)}</h3>"),
            self.status,
            self.board,
            self.free_box,
        ]
        if self.extra is not None:
            children.append(self.extra)
        children += [
            self.said_view,  # just above the buttons: seen when a button is pressed
            controls,
            seats_box,
            self.moves_list,
            widgets.HTML("<b>Move log</b>"),
            self.log_view,
        ]
        super().__init__(children)
        self.add_class("nekolib-game")
        self.match = Match(initial, seed)
        self._settle()

    def on_press(self, button: widgets.Button, handler: Callable[[], Any]) -> widgets.Button:
        """Call ``handler()`` when ``button`` is pressed; then (even if it fails) bump the
        board's ``answered`` counter, which ends the front end's wait for this press.

        The button gets the class :data:`PRESS`: while a press (of such a button or on the
        board) is unanswered, the board's front end stops any other before it is sent and
        says "waiting for the kernel" next to the button, so a busy kernel never plays out
        a queue of presses later.
        """
        button.add_class(PRESS)
        button.on_click(lambda _button: self._answer(handler))
        return button

    def _answer(self, handler: Callable[[], Any]) -> None:
        # The board's redraw and the answer travel in one message (as for board presses):
        # once the front end has drawn the press's result, it takes the next press. The
        # status line and the words under the buttons are held too and follow that message,
        # so what a press says (a hint) never shows before the board it speaks of is drawn
        # and ready for the next press.
        with contextlib.ExitStack() as held:
            for view in (self.status, self.said_view, self.board):  # sent in reverse order
                held.enter_context(view.hold_sync())
            try:
                handler()
            finally:
                self.board.answered += 1

    # ------------------------------------------------------------------ hooks
    def render_view(self, view: dict[str, Any]) -> str:
        """The game as the current viewer sees it: the game's picture by default, in its
        narrow layout when the wide one would shrink on this board (:attr:`narrow`)."""
        module = picture_module(self.state)
        if module is None:
            return "<pre>" + html.escape(repr(view)) + "</pre>"
        return self.picture_of(module.svg, view)

    def picture_of(self, draw: Callable[..., Any], view: dict[str, Any]) -> str:
        """``draw(view)``, or ``draw(view, narrow=True)`` when the board is :attr:`narrow`
        (the wide picture's width is remembered from its last drawing)."""
        if not self.narrow:
            wide = str(draw(view))
            self._wide_width = svg_width(wide) or self._wide_width
            if not self.narrow:
                return wide
        return str(draw(view, narrow=True))

    @property
    def narrow(self) -> bool:
        """The board (as its front end measured it) is narrower than the wide picture."""
        return is_narrow(self.board.width, self._wide_width)

    def _width_changed(self, change: Any) -> None:
        wide = self._wide_width
        if is_narrow(change["old"], wide) != is_narrow(change["new"], wide):
            with self._lock:
                self._show_board()

    def click_paths(self, state: GameState) -> ClickPaths | None:
        """The game's click paths for ``state`` (its ``clicks`` module), or ``None``."""
        module = game_module(game_package(state), "clicks")
        return None if module is None else module.click_paths(state)

    def static_picture(self) -> str | None:
        """The current position as SVG for readers without a kernel (no secrets: spectator)."""
        return self.state._repr_svg_()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, plus the current picture as ``image/svg+xml`` and a short text.

        Front ends that can show widgets (JupyterLab, Voila) pick the widget; GitHub,
        nbconvert without widget state and other static readers show the picture.
        """
        picture = self.static_picture()
        return kernel_free_bundle(self, super()._repr_mimebundle_(**kwargs), picture)

    def extra_panel(self) -> widgets.Widget | None:
        """An optional widget under the board (odds, deduction board...)."""
        return None

    def on_refresh(self) -> None:
        """Called after every change; update :meth:`extra_panel` here."""

    def outcome_words(self, before: GameState, action: Any, after: GameState) -> str:
        """What ``action`` led to, said after its log line (a guess right or wrong, points
        won); ``""`` when the line says it all (the default)."""
        return ""

    def score_words(self, state: GameState) -> str:
        """The scores of a finished game in words, said with the winner (default: none)."""
        return ""

    def question(self, state: GameState) -> str:
        """What the decider is asked now (a human seat, no hand-over screen up)."""
        count = len(state.legal_actions())
        who = self.name(state.current_player())
        return f"{who} to play: {count} move{'s' if count != 1 else ''}."

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

    @property
    def hot_seat(self) -> bool:
        """Two or more humans share this screen."""
        return sum(1 for s in self.seats if s == HUMAN) >= 2

    @property
    def covered(self) -> bool:
        """The hand-over screen is up: the next human has not yet said they are ready."""
        viewer = self.viewer
        return (
            self.has_secrets
            and self.hot_seat
            and viewer is not None
            and not self.state.is_terminal()
            and viewer != self._shown_to
        )

    def agent(self, decider: int) -> Agent:
        return self._agent_named(self.seat_kind(decider))

    def _agent_named(self, key: str | None) -> Agent:
        if key not in self._agents_cache:
            self._agents_cache[key] = self._new_agent(key)
        return self._agents_cache[key]

    def _new_agent(self, key: str | None) -> Agent:
        agent = self.agent_factories[key]()
        self.prepare_agent(agent)
        return agent

    def background_agent(self, key: str | None) -> Agent:
        """A fresh agent for one background hint search (a game may give it more time: the
        board does not wait for it)."""
        return self._new_agent(key)

    def prepare_agent(self, agent: Agent) -> None:
        """Called on every agent the widget makes (a game hooks its progress display here)."""

    @property
    def hint_agent_key(self) -> str:
        """The agent asked for hints: ``hint_agent``, else the first one that is not random."""
        if self.hint_agent in self.agent_factories:
            return self.hint_agent
        keys = [k for k in self.agent_factories if k != "random"]
        return (keys or list(self.agent_factories))[0]

    # ------------------------------------------------------------------ actions
    def play(self, action: Any) -> None:
        """Apply a (human) action, then roll dice and let computers move."""
        try:
            self.match.play(action)
            self.last_error = ""
        except IllegalAction as err:
            self.last_error = str(err)
        self._forget_selection()
        self._settle()

    @property
    def action_buttons(self) -> list[ListedMove]:
        """The move list: each legal action with its ``description``; ``click()`` plays it."""
        labels = [label for label, _ in self.move_select.options]
        pairs = zip(self._listed, labels, strict=True)
        return [ListedMove(self, i, action, label) for i, (action, label) in enumerate(pairs)]

    def click(self, target: Any) -> None:
        """Play the listed move whose label or action equals ``target`` (tests, scripts)."""
        for entry in self.action_buttons:
            if target in (entry.description, entry.action):
                entry.click()
                return
        labels = [b.description for b in self.action_buttons]
        raise IllegalAction(target, "no such move is listed", labels, self.state.current_player())

    def _play_selected(self) -> None:
        index = self.move_select.value
        if isinstance(index, int) and 0 <= index < len(self._listed):
            self.play(self._listed[index])

    def click_element(self, element: str) -> None:
        """A click on the picture element ``element`` (what the board reports)."""
        paths = self._paths
        if paths is None or self.covered:
            return
        selection, action = paths.click(self.selection, element)
        if action is not None:
            self.play(action)
            return
        picked = selection[-1:] != self.selection[-1:] and len(selection) > len(self.selection)
        self.selection = selection
        self._show_board(announce=self._pick_words(element, picked, paths.targets(selection)))

    def clear_selection(self) -> None:
        """Escape: forget the clicks made towards a move."""
        if self.selection:
            self.selection = ()
            self._show_board(announce="Picks cleared.")

    def ready(self) -> None:
        """The next player took the device: show their view (hand-over screen)."""
        self._shown_to = self.viewer
        self.refresh()

    def hint(self) -> None:
        """Ask the hint agent for the current human decision; show it, never play it.

        An agent with ``quick_hint(state)`` (:class:`~nekolib.working.QuickHint`) answers
        at once; unless that answer is final, the widget shows it as a first look and asks
        the agent's ``choose``/``explain``/``working`` for the exact hint in a background
        thread (:data:`BACKGROUND_HINTS`), on an agent of its own whose ``stop_when()``
        turns true once the position changes; the exact hint replaces the first look only if
        the position is still the one asked about.
        """
        state = self.state
        who = state.current_player()
        if state.is_terminal() or who == CHANCE or self.covered:
            return
        key = self.hint_agent_key
        agent = self._agent_named(key)
        quick = getattr(agent, "quick_hint", None)
        first: QuickHint | None = quick(state) if callable(quick) else None
        if first is None:
            action = agent.choose(state, self._agent_rng(), **self._past(agent))
            self._show_hint(agent, state, action, *self._explained(agent, state, action))
            return
        if self.hinted is not None and self._hint_for == state:
            return  # this position's hint is shown (and, if a first look, being searched)
        self._show_hint(agent, state, first.action, first.text, first.working, not first.final)
        if first.final:
            return
        token, rng = self._hint_token, self._agent_rng()
        searcher = self.background_agent(key)  # own caches, a stop_when for this hint only
        if hasattr(searcher, "stop_when"):
            searcher.stop_when = lambda: self._hint_token != token
        if hasattr(searcher, "on_update"):  # a better answer before the final one
            searcher.on_update = lambda *got: self._update_hint(searcher, state, token, *got)
        args = (searcher, state, token, rng)
        self.hint_thread = in_background("nekolib-hint", self._exact_hint, *args)

    def wait_hint(self, timeout: float | None = None) -> None:
        """Wait for the exact hint being searched in the background (tests, scripts)."""
        if self.hint_thread is not None:
            self.hint_thread.join(timeout)

    def _explained(self, agent: Agent, state: GameState, action: Any) -> tuple[str, tuple]:
        """The agent's sentence and workings for ``action``; an agent that reads the moves
        so far (``reads_history``) is given the match."""
        past = self._past(agent)
        explain = getattr(agent, "explain", None)
        why = explain(state, action, **past) if callable(explain) else ""
        working = getattr(agent, "working", None)
        return why, tuple(working(state, action, **past)) if callable(working) else ()

    def _past(self, agent: Agent) -> dict[str, Any]:
        """``{"history": the match}`` for an agent that reads the moves so far, else ``{}``;
        also ``"seats"`` (who plays each seat) for one that reads them (``reads_seats``)."""
        past: dict[str, Any] = {}
        if getattr(agent, "reads_history", False):
            past["history"] = self.match
        if getattr(agent, "reads_seats", False):
            past["seats"] = tuple(self.seats)
        return past

    def _exact_hint(self, agent: Agent, state: GameState, token: int, rng: random.Random) -> None:
        """The exact hint of ``state``; shown only if the widget is still at ``state``."""
        try:
            action = agent.choose(state, rng, **self._past(agent))
            why, working = self._explained(agent, state, action)
        except Exception as err:  # stale (HintCancelled) or failed: keep the first look
            with self._lock:
                if self._hint_token == token and self.hint_partial:
                    self.hint_partial = False
                    self.hint_text += f" (the exact search stopped: {err})"
                    self.refresh()
            return
        with self._lock:
            if self._hint_token == token and self.state == state:
                self._show_hint(agent, state, action, why, working)

    def _update_hint(
        self, agent: Agent, state: GameState, token: int, action: Any, why: str, working
    ) -> None:
        """A background search's better answer before its final one (still partial)."""
        with self._lock:
            if self._hint_token == token and self.state == state:
                self._show_hint(agent, state, action, why, working, "still searching")

    def _show_hint(
        self,
        agent: Agent,
        state: GameState,
        action: Any,
        why: str,
        working: Sequence[Working],
        partial: bool | str = False,
    ) -> None:
        """Show a hint; ``partial``: a first look (``True``) or what else it is (a str), with
        a better answer still being searched."""
        label = state.action_to_string(action)
        self._hint_for = state
        stage = partial if isinstance(partial, str) else "first look"
        name = f"{agent.name}, {stage}" if partial else agent.name
        self.hint_working = tuple(working)
        self.hinted = action
        self.hint_partial = bool(partial)
        self.hint_text = f"Hint ({name}): {label}" + (f" - {why}" if why else "")
        self._pending_say = spoken(self.hint_text)  # '2/1' said '2', '783697/2419200 ≈ 32%' '32%'
        self.refresh()

    def play_to_end(self, max_steps: int = 20_000) -> None:
        """Let the agents finish the game (human seats by the hint agent); redraw once."""
        for _ in range(max_steps):
            if self.state.is_terminal():
                break
            self._computer_step()
            self._advance(autoplay=False)
        self._forget_selection()
        self.refresh()

    def _computer_step(self) -> None:
        """One decision by the seat's agent (the hint agent for a human seat), or the rolls."""
        state = self.state
        if state.is_chance_node():
            self._advance(autoplay=False)
            return
        who = state.current_player()
        agent = self._agent_named(self.hint_agent_key) if self.is_human(who) else self.agent(who)
        self.match.play(agent.choose(state, self._agent_rng(), **self._past(agent)))

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
        self._forget_selection()
        self._settle()

    def new_game(self, seed: int | None = None) -> None:
        """A new game with ``seed`` (default: the one in the Seed box), shown in the box.

        The Seed box holds whole numbers, so a seed here is an int (see :func:`widget_seed`);
        anything else raises :class:`~nekolib.core.InvalidSetup` and leaves the game as it was.
        """
        seed = widget_seed(self.seed_input.value if seed is None else seed)
        match = Match(self.new_state(seed), seed)
        self.seed_input.value = seed
        self.match = match
        self.last_rolls, self.last_error = [], ""
        self._shown_to = None
        self._forget_selection()
        self._settle()

    def _forget_selection(self) -> None:
        self._hint_token += 1  # a hint still being searched is now for an old position
        self.selection = ()
        self.hinted = None
        self.hint_partial = False
        self.hint_text = ""
        self.hint_working = ()

    def _seats_changed(self, _change: Any) -> None:
        self._forget_selection()
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

    def _human_to_decide(self) -> bool:
        state = self.state
        return not state.is_terminal() and self.is_human(state.current_player())

    def refresh(self) -> None:
        with self._lock:  # a background hint may refresh too
            self._refresh()

    def _refresh(self) -> None:
        state = self.state
        viewer = self.viewer
        covered = self.covered
        deciding = self._human_to_decide() and not covered
        self._paths = self.click_paths(state) if deciding else None
        self.status.value = self._status_html(state, viewer)
        self.said_view.value = "" if covered else self._said_html()
        # Behind the hand-over screen only the cover is read out; the moves made meanwhile
        # are read to the next player once they are ready.
        self._show_board(announce="" if covered else self._news(state))
        self._rebuild_buttons(state.legal_actions() if deciding else [])
        self.undo_button.disabled = not self.match.can_undo()
        done = state.is_terminal()
        self.hint_button.disabled = done or not deciding
        self.run_button.disabled = done
        if self.extra is not None:
            self.extra.layout.display = "none" if covered else None
            if covered:
                _blank(self.extra)  # the last viewer's panel must not stay in the page
        lines = self.match.log(self.name)  # the moves as played (outcomes are in the picture)
        shown = lines[-LOG_LINES:]
        more = (
            f"<i>({len(lines) - len(shown)} earlier moves)</i><br>"
            if len(lines) > len(shown)
            else ""
        )
        self.log_view.value = more + (
            "<br>".join(html.escape(x) for x in shown) or "<i>no moves yet</i>"
        )
        if not covered:
            self.on_refresh()

    def _show_board(self, announce: str = "") -> None:
        """Draw the picture with the clickable targets, the selection and the hint; give
        the targets their names, the position as text, and ``announce`` to screen readers."""
        state = self.state
        if self.covered:
            name = self.name(self.viewer)
            cover = f"Pass the screen to {name}. {name}: press the button below when ready."
            self.board.show(cover=cover, announce=cover)
            return
        paths = self._paths
        targets = paths.targets(self.selection) if paths is not None else []
        hint: list[str] = []
        if paths is not None and self.hinted is not None:
            hint = list(paths.paths.get(self.hinted, [()])[0])
        view = state.view(self.viewer)
        svg = self.render_view(view)
        self.board.show(
            svg,
            targets=targets,
            selected=self.selection,
            hint=hint,
            names=target_names(state, paths, self.selection, svg),
            text=self.text_view(view),
            announce=announce,
        )

    def text_view(self, view: dict[str, Any]) -> str:
        """The position as text for screen readers (the game's text picture of ``view``)."""
        module = picture_module(self.state)
        text = getattr(module, "text", None)
        return str(text(view)) if callable(text) else ""

    def log_lines(self) -> list[str]:
        """The move log (``match.log``), each line followed by what it led to, if anything
        (:meth:`outcome_words`, in brackets)."""
        match = self.match
        lines = match.log(self.name)
        out = []
        for i, line in enumerate(lines):
            after = match.states[i + 1]
            known = self._notes.get(i)
            if known is None or known[0] is not after:
                known = (after, self.outcome_words(match.states[i], match.actions[i], after))
                self._notes[i] = known
            out.append(f"{line} ({known[1]})" if known[1] else line)
        return out

    def _news(self, state: GameState) -> str:
        """What screen readers hear after a change: every move and roll since the last
        announcement (with its outcome; counted first when there are more than
        :data:`SAY_COUNT_ABOVE`), then the hint or the error, then the question to the
        decider (or who won, with the scores)."""
        lines = self.log_lines()
        new = lines[self._said_lines :] if len(lines) >= self._said_lines else []
        if len(lines) < self._said_lines:
            new = [f"Back to move {len(lines)}." if lines else "New game."]
        self._said_lines = len(lines)
        parts = [f"{len(new)} moves since your last:"] if len(new) > SAY_COUNT_ABOVE else []
        parts += new
        if self._pending_say:
            parts.append(self._pending_say)
            self._pending_say = ""
        if self.last_error:
            parts.append(self.last_error)
        if state.is_terminal():
            winners = ", ".join(self.name(w) for w in state.winners())
            parts.append(f"Game over. Winner: {winners or 'nobody'}.")
            parts.append(self.score_words(state))
        elif self._human_to_decide() and not self.covered:
            parts.append(self.question(state))
        return " ".join(p for p in parts if p)

    def _pick_words(self, element: str, picked: bool, onward: Sequence[str]) -> str:
        """The announcement of a click that only picks (or un-picks) a part of a move."""
        what = self.board.names.get(element, element).split(" - ")[0]
        left = len(onward)
        if picked:
            return f"Picked {what}. {left} part{'s' if left != 1 else ''} to press next."
        return f"Took back {what}."

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
            if self.score_words(state):
                parts.append(html.escape(self.score_words(state)))
        else:
            who = state.current_player()
            turn = _safe_turn_player(state)
            line = f"Turn: <b>{html.escape(self.name(turn))}</b>"
            if who != turn:
                line += f" &middot; deciding now: <b>{html.escape(self.name(who))}</b>"
            kind = "human" if self.is_human(who) else "computer"
            parts.append(f"{line} ({kind})")
            if self._paths is not None and self._paths.actions():
                parts.append(self._click_prompt())
        parts.append(f"Viewing as: {html.escape(self.name(viewer))}")
        if self.last_rolls:
            parts.append("<b>Dice and draws:</b> " + html.escape("; ".join(self.last_rolls[-6:])))
        if self.hint_text:
            css = "nekolib-hint-text" + (" nekolib-hint-partial" if self.hint_partial else "")
            parts.append(f"<span class='{css}'>{html.escape(self.hint_text)}</span>")
            if self.hint_working:
                parts.append(working_html(self.hint_working))
        if self.last_error:
            parts.append(f"<span style='color:#b00'>{html.escape(self.last_error)}</span>")
        return "<br>".join(parts)

    def _said_html(self) -> str:
        """The hint and the last error again, for the box under the buttons."""
        parts = []
        if self.hint_text:
            css = "nekolib-hint-text" + (" nekolib-hint-partial" if self.hint_partial else "")
            parts.append(f"<span class='{css}'>{html.escape(self.hint_text)}</span>")
        if self.last_error:
            parts.append(f"<span class='nekolib-error'>{html.escape(self.last_error)}</span>")
        return "<br>".join(parts)

    def _toggle_moves(self, change: Any) -> None:
        self.actions_box.layout.display = None if change["new"] else "none"
        self.moves_toggle.description = MOVES_OPEN if change["new"] else MOVES_CLOSED

    def _click_prompt(self) -> str:
        return (
            "<i>Press (tap or click) a highlighted part of the picture to play "
            "(press it again to undo the pick, Escape clears).</i>"
        )

    def _rebuild_buttons(self, actions: Sequence[Any]) -> None:
        """The move list (every legal action, one message) and a button for each action
        with no click path. Free-move buttons are pooled and reused."""
        state = self.state
        paths = self._paths
        clickable = set(paths.actions()) if paths is not None else set()
        labels = [state.action_to_string(a) for a in actions]
        self._listed = list(actions)
        options = [(label, i) for i, label in enumerate(labels)]
        hinted = self._listed.index(self.hinted) if self.hinted in self._listed else None
        if list(self.move_select.options) != options or self.move_select.value != hinted:
            with self.move_select.hold_sync():
                self.move_select.options = options
                self.move_select.value = hinted  # a hint also selects its move in the list
        self.move_play.disabled = not actions
        free = [a for a in actions if a not in clickable]
        self.free_buttons = self._fill(self._free_pool, free, "nekolib-free-action")
        self.free_box.children = tuple(self.free_buttons)
        for button in self.free_buttons:
            if self.hinted is not None and button.action == self.hinted:
                button.add_class("nekolib-hinted")
            else:
                button.remove_class("nekolib-hinted")

    def _fill(
        self, pool: list[widgets.Button], actions: Sequence[Any], css: str
    ) -> list[widgets.Button]:
        state = self.state
        while len(pool) < len(actions):
            pool.append(self._new_action_button(css))
        buttons = pool[: len(actions)]
        for button, action in zip(buttons, actions, strict=True):
            label = state.action_to_string(action)
            if button.description != label:
                button.description = label
                button.tooltip = label
            button.action = action
        return buttons

    def _new_action_button(self, css: str = "nekolib-free-action") -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width="auto"))
        button.add_class(css)
        button.action = None
        return self.on_press(button, lambda: self.play(button.action))


def target_names(
    state: GameState, paths: ClickPaths | None, selection: Sequence[str], svg: str
) -> dict[str, str]:
    """The accessible name of each part that can be pressed now: what it is (its
    ``<title>`` in the picture, else its text) and what pressing it does.

    ``"b2: stack of 3 cats, Red on top - press to play: Red: move b2 to c2"`` when the
    press completes a move, ``"... - press to pick it (2 moves go on from here)"`` when it
    begins one, ``"... - picked; press again to take it back"`` for a picked part.
    """
    if paths is None:
        return {}
    selection = tuple(selection)
    onward = paths.targets(selection)
    what = _element_words(svg, [*onward, *selection])
    names: dict[str, str] = {}
    for element in onward:
        path = (*selection, element)
        action = paths.complete(path)
        if action is not None:
            does = f"press to play: {state.action_to_string(action)}"
        else:
            count = sum(
                1
                for options in paths.paths.values()
                if any(tuple(p[: len(path)]) == path for p in options)
            )
            moves = "1 move goes" if count == 1 else f"{count} moves go"
            does = f"press to pick it ({moves} on from here)"
        names[element] = f"{what.get(element) or element} - {does}"
    for element in selection:
        names[element] = f"{what.get(element) or element} - picked; press again to take it back"
    return names


def _element_words(svg: str, ids: Sequence[str]) -> dict[str, str]:
    """``{id: words}`` for the elements ``ids`` of ``svg``: an ``aria-label``, else the
    element's own ``<title>``, else its visible text (whitespace collapsed)."""
    import xml.etree.ElementTree as ET

    wanted = set(ids)
    if not wanted or not svg:
        return {}
    try:
        root = ET.fromstring(svg)
    except ET.ParseError:
        return {}
    svg_ns = "{http://www.w3.org/2000/svg}"
    found: dict[str, str] = {}
    for node in root.iter():
        key = node.get("id")
        if key not in wanted:
            continue
        title = node.find(f"{svg_ns}title")
        if title is None:
            title = node.find("title")
        words = node.get("aria-label") or (title.text if title is not None else "") or ""
        if not words.strip():
            words = " ".join(
                part for n in node.iter() if n.tag.split("}")[-1] == "text" for part in n.itertext()
            )
        found[key] = " ".join(words.split())
    return found


class ListedMove:
    """One entry of the move list: a legal action with its label; ``click()`` plays it."""

    def __init__(self, owner: GameWidget, index: int, action: Any, description: str) -> None:
        self.owner, self.index, self.action, self.description = owner, index, action, description

    def click(self) -> None:
        self.owner.move_select.value = self.index
        self.owner.move_play.click()

    def __repr__(self) -> str:
        return f"<move {self.description!r}>"


def _blank(widget: widgets.Widget) -> None:
    """Empty every text-holding widget inside ``widget`` (the panel of the previous viewer)."""
    if isinstance(widget, widgets.HTML | widgets.HTMLMath | widgets.Label):
        widget.value = ""
    elif isinstance(widget, widgets.Output):
        widget.clear_output()
    for child in getattr(widget, "children", ()) or ():
        _blank(child)


def _safe_turn_player(state: GameState) -> int | None:
    try:
        return state.turn_player()
    except Exception:
        return None
