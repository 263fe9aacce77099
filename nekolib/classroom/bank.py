"""The exercise bank: every game's ``nekolib/<game>/exercises.py`` ``EXERCISES`` tuple.

Adding exercises for a game edits no shared code: its ``exercises`` module is found by
convention (:func:`nekolib.core.game_module`).
"""

from __future__ import annotations

from functools import cache

from nekolib import game_packages
from nekolib.classroom.exercise import Exercise
from nekolib.core import NekoError, game_module

__all__ = ["all_exercises", "exercise", "exercises_for", "notes_for"]


@cache
def all_exercises() -> dict[str, Exercise]:
    """Every exercise of every game, keyed ``"<game>.<name>"``, in bank order."""
    found: dict[str, Exercise] = {}
    for name in game_packages():
        module = game_module(f"nekolib.{name}", "exercises")
        for item in getattr(module, "EXERCISES", ()):
            if item.key in found:
                raise NekoError(f"two exercises share the key {item.key!r}")
            found[item.key] = item
    return found


def exercises_for(game: str) -> list[Exercise]:
    """The exercises of one game package (``"neko_in"``), easy first, bank order otherwise."""
    games = sorted({e.game for e in all_exercises().values()})
    if game not in games:
        raise NekoError(f"no exercises for {game!r}; games with exercises: {', '.join(games)}")
    chosen = [e for e in all_exercises().values() if e.game == game]
    return sorted(chosen, key=lambda e: e.level)


def exercise(key: str) -> Exercise:
    """The exercise with this key, or a NekoError listing the keys that exist."""
    bank = all_exercises()
    if key not in bank:
        raise NekoError(f"no exercise {key!r}; known: {', '.join(bank)}")
    return bank[key]


def notes_for(game: str) -> str:
    """The game's ``NOTES``: Markdown with every fact its prompts rely on (rules, notation).

    A student notebook prints these before the exercises, so a prompt needs nothing else.
    """
    exercises_for(game)  # a clear error for a game without exercises
    module = game_module(f"nekolib.{game}", "exercises")
    notes = getattr(module, "NOTES", "")
    if not isinstance(notes, str) or not notes.strip():
        raise NekoError(f"nekolib.{game}.exercises defines no NOTES for its prompts")
    return notes
