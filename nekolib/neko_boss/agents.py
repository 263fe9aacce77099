"""Computer players for Neko Boss: greedy (one move ahead), solver (exact on the full board) and
Monte Carlo tree search (:class:`nekolib.mcts.MCTSAgent`, 200 simulations a move by default).

All only look at the public position (Neko Boss has no hidden information).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nekolib.core import RandomAgent
from nekolib.mcts import MCTSAgent
from nekolib.neko_boss.analysis import REFERENCE_MAX_STACKS, SolveResult, solve
from nekolib.neko_boss.hint_book import COVERAGE, HINT_BOOK_SEED, hint_book_row
from nekolib.neko_boss.hint_working import (
    PERFECT_MODEL,
    greedy_workings,
    lookahead_workings,
    principal_line,
    solver_workings,
)
from nekolib.neko_boss.lookahead import LOOKAHEAD_DEPTH, lookahead
from nekolib.neko_boss.rules import Action, NekoBossState, Params, Score
from nekolib.neko_boss.solved import book_row
from nekolib.working import HintCancelled, QuickHint, Working

__all__ = ["AGENTS", "GreedyAgent", "SolverAgent", "book_result", "evaluate"]


def evaluate(state: NekoBossState, player: int) -> tuple[int, int, int]:
    """``player``'s score minus the best opponent's, item by item (scoring order)."""
    mine: Score = state.score(player)
    best_other = max(state.score(q) for q in range(state.num_players) if q != player)
    return (mine[0] - best_other[0], mine[1] - best_other[1], mine[2] - best_other[2])


@dataclass
class GreedyAgent:
    """Takes the move that leaves the best score difference right now (ties: random).

    In phase 1 every placement scores the same, so it places at random.
    """

    name: str = "greedy"

    def choose(self, state: NekoBossState, rng: random.Random) -> Action:
        me = state.current_player()
        actions = state.legal_actions()
        rated = [(evaluate(state.apply(a), me), i) for i, a in enumerate(actions)]
        best = max(v for v, _ in rated)
        return actions[rng.choice([i for v, i in rated if v == best])]

    def explain(self, state: NekoBossState, action: Action) -> str:
        """Why: the score difference the move leaves (4+ stacks, highest, stacks)."""
        if state.phase == "placement":
            return "every placement scores the same now: placed at random"
        me = state.current_player()
        fours, high, count = evaluate(state.apply(action), me)
        return (
            f"leaves you {fours:+d} stacks of {state.params.score_height}+, {high:+d} in "
            f"height and {count:+d} stacks against the best opponent (one move ahead)"
        )

    def working(self, state: NekoBossState, action: Action) -> tuple[Working, ...]:
        """One :class:`~nekolib.working.Working` per number :meth:`explain` states."""
        return greedy_workings(state, action)


def book_result(state: NekoBossState) -> SolveResult | None:
    """The stored exact value of the default game's position just after placement
    (``solved.book_row``: 200 random and the agents' placements), or ``None``."""
    if (
        not isinstance(state, NekoBossState)
        or state.params != Params()
        or state.phase != "movement"
        or state.to_move != 0
        or any(len(s) != 1 for s in state.stacks)
    ):
        return None
    row = book_row([s[-1] for s in state.stacks])
    if row is None:
        return None
    move = state.parse(row["best_move"])
    return SolveResult(row["value"], move, row["nodes"], 0, 0.0, "book")


VERDICT = {1: "you win", 0: "a draw", -1: "you lose"}
"""Value for the player to move -> words."""
_VALUE = {words: value for value, words in VERDICT.items()}

ALTERNATIVE_NODE_LIMIT = 20_000_000
"""Positions (per thread) the hint spends on the best alternative to its move before it says
"not settled" (about 15 s on a shared core; the suggested move itself is always exact)."""


REFERENCE_ALTERNATIVES_MAX_STACKS = 12
"""Without the fast solver the alternatives are solved one by one (pure Python): only up to
this many stacks."""


@dataclass
class SolverAgent:
    """Perfect play (2 players, phase 2, at most ``max_stacks`` stacks); greedy otherwise.

    Up to 24 stacks (the full default board, exact from the first move after placement) with
    the fast solver (numba, ``nekolib[solver]``); without it at most
    :data:`~nekolib.neko_boss.analysis.REFERENCE_MAX_STACKS`, the most the pure-Python
    reference solves in reasonable time. A stored placement (:func:`book_result`) answers at
    once; other full boards take seconds. ``progress(done, total, nodes)`` is passed to the
    solver (the widget shows it). The result is kept for :meth:`explain`.

    ``node_limit`` (positions per search thread, fast solver only) bounds the wait: a position
    the solver does not settle within it is played greedily, and :meth:`explain` says so.
    """

    name: str = "solver"
    max_stacks: int = 24
    node_limit: int | None = None
    progress: Callable[[int, int, int], None] | None = field(default=None, repr=False)
    on_update: Callable[[Action, str, tuple[Working, ...]], None] | None = field(
        default=None, repr=False
    )
    """Set by the widget for a hint searched in the background: called with the move, the
    sentence and the workings once the move's exact value is known, before the best
    alternative's search (the widget shows it meanwhile)."""
    alternative_node_limit: int | None = None
    """Positions a thread for the best alternative (``None``: :data:`ALTERNATIVE_NODE_LIMIT`)."""
    stop_when: Callable[[], bool] | None = field(default=None, repr=False)
    """Set by the widget for a hint searched in the background: once it returns true (the
    position changed), the next progress report raises :class:`HintCancelled`."""
    _last: tuple[NekoBossState, SolveResult] | None = field(default=None, repr=False)
    _hinted: tuple[tuple[NekoBossState, Action], tuple[str, tuple[Working, ...]]] | None = field(
        default=None, repr=False, compare=False
    )
    _table: Any = field(default=None, repr=False, compare=False)
    """The fast solver's :class:`~nekolib.neko_boss.solver.Table` shared by the searches of
    the position last solved (:meth:`_solve`) and of what its hint needs next: the best
    alternative, the principal line, the reply to the alternative. A new position gets a new
    one (at most one per agent; 64 MiB on the full board)."""

    def _alternative_limit(self) -> int:
        return self.alternative_node_limit or ALTERNATIVE_NODE_LIMIT

    def _progress(self, done: int, total: int, nodes: int) -> None:
        """The solvers' progress callback: stops a stale search, else reports."""
        if self.stop_when is not None and self.stop_when():
            raise HintCancelled("the position changed: this hint's search was stopped")
        if self.progress is not None:
            self.progress(done, total, nodes)

    def quick_hint(self, state: NekoBossState) -> QuickHint | None:
        """The hint at once (:class:`~nekolib.working.QuickHint`): exact from the hint book
        (:mod:`~nekolib.neko_boss.hint_book`), else the quick look-ahead's move
        (:mod:`~nekolib.neko_boss.lookahead`), labelled as such; ``final`` when the exact
        search (:meth:`choose`, :meth:`explain`) cannot do better here. ``None`` outside
        2-player movement (the widget then asks :meth:`choose` and :meth:`explain`)."""
        if not self._two_player_movement(state) or state.is_terminal():
            return None
        if hint_book_row(state) is not None:
            action = self.choose(state, random.Random(0))
            return QuickHint(action, self.explain(state, action), self.working(state, action), True)
        found = lookahead(state)
        final = not self._solvable(state)
        after = "not exact" if final else "the exact search is still running"
        so_far = "" if final else " so far"
        text = (
            f"best found{so_far} by a quick look-ahead ({LOOKAHEAD_DEPTH} moves deep, then the "
            f"score difference): {_lookahead_words(state, found)}; {after}"
        )
        if final:
            text += f" ({self._why_greedy(state)})"
        return QuickHint(found.move, text, lookahead_workings(state, found.line), final)

    def choose(self, state: NekoBossState, rng: random.Random) -> Action:
        if self._solvable(state):
            result = self._solve(state)
            if result is not None and result.best_move is not None:
                return result.best_move
        return GreedyAgent().choose(state, rng)

    def explain(self, state: NekoBossState, action: Action) -> str:
        """Why: win/draw/loss with best play (exact if both play perfectly from here) after
        the suggested move and after the best alternative to it, when the position is small
        enough; else greedy's reason (one move ahead)."""
        return self._hint(state, action)[0]

    def working(self, state: NekoBossState, action: Action) -> tuple[Working, ...]:
        """One :class:`~nekolib.working.Working` per value :meth:`explain` states: the
        hinted move's and the best alternative's (reused from :meth:`explain`: no new solve
        when the hint was just explained)."""
        return self._hint(state, action)[1]

    def _hint(self, state: NekoBossState, action: Action) -> tuple[str, tuple[Working, ...]]:
        """The sentence and its workings, kept for the last (state, action) asked."""
        if self._hinted is not None and self._hinted[0] == (state, action):
            return self._hinted[1]
        got = self._explain(state, action)
        self._hinted = ((state, action), got)
        return got

    def _explain(self, state: NekoBossState, action: Action) -> tuple[str, tuple[Working, ...]]:
        if not self._solvable(state):
            return (
                f"{GreedyAgent().explain(state, action)} ({self._why_greedy(state)})",
                greedy_workings(state, action),
            )
        result = self._solve(state)
        if result is None:
            text = GreedyAgent().explain(state, action) + (
                f" (the solver did not settle this position within {self.node_limit:,}"
                " positions a thread: the solver panel gives the exact value)"
            )
            return text, greedy_workings(state, action)
        me = state.current_player()
        best = action == result.best_move
        if not best:  # explaining some other move: its own value
            after = state.apply(action)
            result = solve(after, progress=self._progress, table=self._shared_table(after))
        value = result.value if me == 0 else -result.value
        source = SOURCES.get(result.engine, "solver")
        text = (
            f"with best play {VERDICT[value]} ({source}, {result.nodes:,} "
            f"position{'' if result.nodes == 1 else 's'} searched; "
            f"exact if {PERFECT_MODEL})"
        )
        if self.on_update is not None and best:  # the move's value is known: show it now
            note = "still being searched"
            self.on_update(
                action,
                f"{text}; the best alternative is {note}",
                solver_workings(state, action, VERDICT[value], None, note, best),
            )
        alt_text, alt = self._alternative(state, action)
        line = principal_line(state, action, self._best_move)
        reply = None if alt is None else self._best_move(state.apply(alt[0]))
        workings = solver_workings(
            state,
            action,
            VERDICT[value],
            alt,
            "" if alt else alt_text.removeprefix("the "),
            best,
            line,
            reply,
            alt is not None and _VALUE[alt[1]] < value,
        )
        return f"{text}; {alt_text}", workings

    def _best_move(self, state: NekoBossState) -> Action | None:
        """A best move at ``state`` (book, hint book, else the solver within ``node_limit``);
        ``None`` if not settled (the principal line then stops there)."""
        if state.is_terminal() or not self._two_player_movement(state):
            return None
        found = book_result(state) or hint_book_result(state)
        if found is None and (state.num_players != 2 or not self._solvable(state)):
            return None
        found = found or self._search(state)
        return None if found is None else found.best_move

    def alternative(self, state: NekoBossState, action: Action) -> str:
        """The best move other than ``action`` and its value, in words."""
        return self._alternative(state, action)[0]

    def _alternative(
        self, state: NekoBossState, action: Action
    ) -> tuple[str, tuple[Action, str] | None]:
        """The best move other than ``action`` in words, and (move, value in words), or
        ``None`` where there is none or it is not settled."""
        from nekolib.neko_boss import solver

        me = state.current_player()
        row = hint_book_row(state)
        if row is not None and row["best"] == state.action_to_string(action):
            if row["alt"] is None:
                return "it is the only legal move", None
            move = state.parse(row["alt"])
            words = VERDICT[row["alt_value"] if me == 0 else -row["alt_value"]]
            return f"the best alternative, {row['alt']}: {words}", (move, words)
        if solver.available() and solver.applies(state) is None:
            try:
                got = solver.solve_fast(
                    state,
                    exclude=action,
                    node_limit=self._alternative_limit(),
                    progress=self._progress,
                    table=self._shared_table(state),
                )
            except solver.SearchStopped:
                return (
                    f"the best alternative is not settled within "
                    f"{self._alternative_limit():,} positions"
                ), None
            if got is None:
                return "it is the only legal move", None
            mine, move = (got.value if me == 0 else -got.value), got.best_move
        elif sum(1 for s in state.stacks if s) > REFERENCE_ALTERNATIVES_MAX_STACKS:
            return "the best alternative needs the fast solver (nekolib[solver])", None
        else:
            others = [a for a in state.legal_actions() if a != action]
            if not others:
                return "it is the only legal move", None
            sign = 1 if me == 0 else -1
            values = (
                (solve(state.apply(a), progress=self._progress).value * sign, a) for a in others
            )
            mine, move = max(values, key=_first)
        words = VERDICT[mine]
        return f"the best alternative, {state.action_to_string(move)}: {words}", (move, words)

    def limit(self) -> int:
        """The most stacks solved exactly here (``max_stacks``, lower without numba)."""
        from nekolib.neko_boss import solver  # numba is imported only when it is needed

        return self.max_stacks if solver.available() else min(self.max_stacks, REFERENCE_MAX_STACKS)

    def _solve(self, state: NekoBossState) -> SolveResult | None:
        """The exact result (book, else solver), or ``None`` past ``node_limit``."""
        if self._last is None or self._last[0] != state:
            self._table = None  # a new position: its searches share a new table
            found = book_result(state) or hint_book_result(state) or self._search(state)
            self._last = (state, found)
        return self._last[1]

    def _search(self, state: NekoBossState) -> SolveResult | None:
        from nekolib.neko_boss import solver

        try:
            table = self._shared_table(state)
            return solve(state, progress=self._progress, node_limit=self.node_limit, table=table)
        except solver.SearchStopped:
            return None

    def _shared_table(self, state: NekoBossState) -> Any:
        """The table this agent's searches share (:attr:`_table`), made on first use; ``None``
        where the fast solver does not solve ``state`` (the reference has its own)."""
        from nekolib.neko_boss import solver

        if not solver.available() or solver.applies(state) is not None:
            return None
        if self._table is None or self._table.params != state.params:
            self._table = solver.Table.sized_for(state)
        return self._table

    def _why_greedy(self, state: NekoBossState) -> str:
        """Why the solver does not answer here, truthfully (it solves 2-player movement)."""
        if state.num_players != 2:
            return "the solver is exact for 2 players only"
        if state.phase != "movement":
            return "the solver starts once every piece is placed"
        if self._fast_available():
            return f"more than {self.limit()} stacks: the solver panel gives the exact value"
        covered = COVERAGE.format(seed=HINT_BOOK_SEED)
        return (
            f"without the compiled solver, as in the browser, hints are exact with at most "
            f"{self.limit()} stacks and in the hint book: {covered}"
        )

    def _solvable(self, state: NekoBossState) -> bool:
        """Is ``state`` answered exactly: 2-player movement within :meth:`limit` stacks, or
        in the hint book?"""
        if not self._two_player_movement(state):
            return False
        stacks = sum(1 for s in state.stacks if s)
        return stacks <= self.limit() or hint_book_row(state) is not None

    @staticmethod
    def _two_player_movement(state: NekoBossState) -> bool:
        return (
            isinstance(state, NekoBossState)
            and state.num_players == 2
            and state.phase == "movement"
        )

    @staticmethod
    def _fast_available() -> bool:
        from nekolib.neko_boss import solver

        return solver.available()


SOURCES = {"book": "book of solved placements", "hint book": "hint book of solved positions"}
"""Where an exact value came from, when not from a search."""


def hint_book_result(state: NekoBossState) -> SolveResult | None:
    """The hint book's exact value and best move of ``state``, or ``None`` if not stored."""
    row = hint_book_row(state)
    if row is None:
        return None
    return SolveResult(row["value"], state.parse(row["best"]), row["nodes"], 0, 0.0, "hint book")


def _lookahead_words(state: NekoBossState, found) -> str:
    """The look-ahead's line end in words: the three score differences it compared."""
    me = state.current_player()
    after = state
    for move in found.line:
        after = after.apply(move)
    mine, theirs = after.score(me), after.score(1 - me)
    h = state.params.score_height
    end = " (the game is over there)" if after.is_terminal() else ""
    return (
        f"after its line of {len(found.line)} moves{end} you have {mine[0] - theirs[0]:+d} "
        f"stacks of {h}+, {mine[1] - theirs[1]:+d} in height and {mine[2] - theirs[2]:+d} "
        "stacks against the opponent"
    )


def _first(pair: tuple) -> object:
    return pair[0]


AGENTS = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "solver": SolverAgent,
    "mcts": MCTSAgent,
}
"""Name -> factory (no arguments: a sensible default; ``AGENTS["mcts"](iterations=400)``)."""
