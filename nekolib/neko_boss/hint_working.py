"""The workings behind the Neko Boss hints (issue 28): one
:class:`~nekolib.working.Working` per value a hint sentence states.

Neko Boss has no chance and no hidden information, so nothing in a hint is a probability:

* the **solver** states win / draw / loss "with best play": exact under the model that both
  players play perfectly from here (a complete game-tree search). Its working lists the
  hinted move and the best alternative with their values (no probabilities: the opponent's
  replies are chosen, not drawn), the principal line (the hinted move, then a best move for
  each side in turn, :func:`principal_line`) and, for the best alternative, the opponent's
  best reply to it: the one that refutes it when it does worse (issue 42);
* **greedy** (the fallback past the solver's reach) states the score difference right after
  the move, item by item ("one move ahead"): no later move is looked at.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from nekolib.neko_boss.lookahead import LOOKAHEAD_MODEL
from nekolib.neko_boss.rules import Action, NekoBossState
from nekolib.picture import PLAYER_NAMES
from nekolib.working import Case, Working

__all__ = [
    "LINE_PLIES",
    "PERFECT_MODEL",
    "greedy_workings",
    "lookahead_workings",
    "principal_line",
    "score_workings",
    "solver_workings",
]

PERFECT_MODEL = "both players play perfectly from here"
"""The model behind a solver value, in the words the hint uses."""

SCORE_ITEMS = ("stacks of {h}+", "height of the highest stack", "stacks")
"""The scoring order (``NekoBossState.score``): what greedy's three numbers compare."""


LINE_PLIES = 4
"""Moves of the principal line shown (the hinted move and three best replies/moves)."""


def principal_line(
    state: NekoBossState,
    action: Action,
    best_move: Callable[[NekoBossState], Action | None],
    plies: int = LINE_PLIES,
) -> list[Action]:
    """``action``, then ``best_move(position)`` for the side to move, ply after ply, up to
    ``plies`` moves or the end of the game (or until ``best_move`` gives ``None``: not
    settled)."""
    line, now = [action], state.apply(action)
    while len(line) < plies and not now.is_terminal():
        move = best_move(now)
        if move is None:
            break
        line.append(move)
        now = now.apply(move)
    return line


def greedy_workings(state: NekoBossState, action: Action) -> tuple[Working, ...]:
    """Greedy's three numbers: you minus the best opponent after the move, per score item."""
    if state.phase == "placement":
        return ()
    move = state.action_to_string(action)
    return score_workings(
        state,
        state.apply(action),
        f"right after {move}",
        "the position right after this move (one move ahead: no later move looked at)",
    )


def lookahead_workings(state: NekoBossState, line: Sequence[Action]) -> tuple[Working, ...]:
    """The quick look-ahead's three numbers: you minus the opponent at the end of its line
    (your move, the best reply it found, ...), per score item."""
    after = state
    for move in line:
        after = after.apply(move)
    words = ", ".join(_line_words(state, line))
    return score_workings(state, after, f"after {words}", LOOKAHEAD_MODEL)


def _line_words(state: NekoBossState, line: Sequence[Action]) -> list[str]:
    """Each move of ``line`` with who plays it ("you" for the seat to move in ``state``)."""
    me, now, out = state.current_player(), state, []
    for move in line:
        seat = now.current_player()
        who = "you" if seat == me else PLAYER_NAMES[seat]
        out.append(f"{now.action_to_string(move)} ({who})")
        now = now.apply(move)
    return out


def score_workings(
    state: NekoBossState, after: NekoBossState, where: str, model: str
) -> tuple[Working, ...]:
    """You (the seat to move in ``state``) minus the best opponent in ``after``, per item."""
    me = state.current_player()
    mine = after.score(me)
    others = [q for q in range(state.num_players) if q != me]
    best = max(others, key=after.score)
    theirs = after.score(best)
    out = []
    for i, item in enumerate(SCORE_ITEMS):
        name = item.format(h=state.params.score_height)
        out.append(
            Working(
                f"your {name} minus the best opponent's, {where}",
                model,
                (
                    Case("you", None, str(mine[i])),
                    Case(
                        f"the best opponent ({PLAYER_NAMES[best]}, best score in scoring order)",
                        None,
                        str(theirs[i]),
                    ),
                ),
                Fraction(mine[i] - theirs[i]),
                combine="you minus the best opponent",
            )
        )
    return tuple(out)


def solver_workings(
    state: NekoBossState,
    action: Action,
    verdict: str,
    alternative: tuple[Action, str] | None,
    alternative_note: str = "",
    best: bool = True,
    line: Sequence[Action] = (),
    reply: Action | None = None,
    refutes: bool = False,
) -> tuple[Working, ...]:
    """The hinted move's value and the best alternative's (``None``: none settled, or no
    other move: ``alternative_note`` says which), exact if both play perfectly. ``best``:
    the hinted move is the solver's own (no other move does better). ``line``: the principal
    line (:func:`principal_line`); ``reply``: the opponent's best reply to the alternative,
    which ``refutes`` it when the alternative does worse than the hinted move."""
    move = state.action_to_string(action)
    cases = [Case(f"{move} (the hint)", None, verdict)]
    notes = ["A complete game-tree search: every line of play to the end, no chance involved."]
    if len(line) > 1:
        notes.append(
            f"Principal line (both playing perfectly): {', '.join(_line_words(state, line))}."
        )
    if alternative is not None:
        other, words = alternative
        cases.append(Case(f"{state.action_to_string(other)} (best alternative)", None, words))
    elif alternative_note:
        notes.append(f"Best alternative: {alternative_note}.")
    out = [
        Working(
            f"your result after {move}",
            PERFECT_MODEL,
            tuple(cases),
            verdict,
            combine=(
                "the hinted move's value (no other move does better)"
                if best
                else "this move's value (the solver's own move may do better)"
            ),
            notes=tuple(notes),
        )
    ]
    if alternative is not None:
        other, words = alternative
        count = len(state.legal_actions()) - 1
        rows = [Case(f"{state.action_to_string(other)}", None, words)]
        if reply is not None:
            after = state.apply(other)
            who = PLAYER_NAMES[after.current_player()]
            how = "the reply that refutes it" if refutes else "the best reply to it"
            said = f"{after.action_to_string(reply)} ({who}): {how}"
            rows.append(Case(said, None, words))
        out.append(
            Working(
                f"your result after the best alternative, {state.action_to_string(other)}",
                PERFECT_MODEL,
                tuple(rows),
                words,
                combine=(
                    "the only other legal move"
                    if count == 1
                    else f"the best of the {count} other legal moves"
                ),
            )
        )
    return tuple(out)
