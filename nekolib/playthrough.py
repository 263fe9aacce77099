"""Golden playthroughs: a seeded game written out as text, so any rule change shows as a diff.

As OpenSpiel's ``playthroughs/*.txt``: for every step the state's text picture
(``str(state)``), who decides, the legal actions (or chance outcomes with their
exact probabilities) and the action taken. ``tests/golden/<game>_<n>p.txt`` hold
them; ``python tools/golden.py`` rewrites them, ``tests/test_golden.py`` compares.
Only the standard library and the core protocol are used.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from nekolib.core import CHANCE, GameInfo, GameState, decider_name

MAX_STEPS = 2_000
"""Every shipped game ends well before this with random players."""


def golden_cases(games: dict[str, GameInfo]) -> Iterator[tuple[str, int]]:
    """``(game key, player count)`` pairs: the smallest and the largest table of each game."""
    for key, info in sorted(games.items()):
        for players in sorted({info.min_players, info.max_players}):
            yield key, players


def playthrough(info: GameInfo, players: int, seed: int = 0) -> str:
    """The whole text of one seeded random game (random legal moves, sampled chance)."""
    rng = random.Random(f"golden/{info.key}/{players}/{seed}")
    state = info.new_game(num_players=players, seed=seed)
    lines = [f"game: {info.title} ({info.key})", f"players: {players}", f"seed: {seed}", ""]
    for step in range(MAX_STEPS):
        lines += _describe(state, step)
        if state.is_terminal():
            lines.append(f"returns: {state.returns()}")
            return "\n".join(lines) + "\n"
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        lines.append(f"action: {state.action_to_string(action)}")
        lines.append("")
        state = state.apply(action)
    raise RuntimeError(f"{info.key} did not end within {MAX_STEPS} steps")


def _describe(state: GameState, step: int) -> list[str]:
    who = state.current_player()
    out = [f"# step {step}: {decider_name(who)} decides", *str(state).splitlines()]
    if state.is_terminal():
        return out
    if who == CHANCE:
        try:
            outcomes = state.chance_outcomes()
        except Exception:  # shuffles too large to list: sampled instead
            out.append("chance: sampled (outcome space too large to list)")
            return out
        shown = [f"{state.action_to_string(a)} {p}" for a, p in outcomes[:12]]
        more = f" ... ({len(outcomes)} in all)" if len(outcomes) > 12 else ""
        out.append("chance: " + "; ".join(shown) + more)
    else:
        legal = [state.action_to_string(a) for a in state.legal_actions()]
        shown = "; ".join(legal[:40]) + (f" ... ({len(legal)} in all)" if len(legal) > 40 else "")
        out.append(f"legal: {shown}")
    return out
