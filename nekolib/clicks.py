"""Click paths: every legal action as a short sequence of clicks on picture elements.

A game's ``nekolib/<game>/clicks.py`` maps each legal action of a state to one
or more **paths**: tuples of element ids of its picture (``("stack-a1",
"point-c1")`` for a Neko Boss move). Several paths may lead to one action (two
hand cards clicked in either order). This module turns those paths into what a
board shows: after the clicks made so far, which elements still lead to a legal
action, and which action a completed path plays. Pure Python: the widget only
draws, highlights and reports clicks.

Actions with no place on the picture (pass, end turn...) simply have no path;
the widget keeps a button for them.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

__all__ = ["ClickPaths", "Path", "paths_of"]

Path = tuple[str, ...]


@dataclass(frozen=True)
class ClickPaths:
    """The click paths of one position: ``{action: [path, ...]}`` with lookups by prefix."""

    paths: Mapping[Hashable, Sequence[Path]]
    _by_path: dict[Path, Hashable] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_path: dict[Path, Hashable] = {}
        for action, paths in self.paths.items():
            for path in paths:
                path = tuple(path)
                if not path:
                    raise ValueError(f"empty click path for {action!s}")
                if path in by_path and by_path[path] != action:
                    raise ValueError(f"click path {path} leads to {by_path[path]!s} and {action!s}")
                by_path[path] = action
        for path in by_path:  # a complete path must not also start a longer one
            for k in range(1, len(path)):
                if path[:k] in by_path:
                    raise ValueError(f"click path {path[:k]} is complete and also a prefix")
        object.__setattr__(self, "_by_path", by_path)

    def reachable(self) -> set[Hashable]:
        """Every action a player can complete by clicking targets, starting from no selection."""
        reached: set[Hashable] = set()
        todo: list[Path] = [()]
        while todo:
            clicks = todo.pop()
            for element in self.targets(clicks):
                selection, action = self.click(clicks, element)
                if action is not None:
                    reached.add(action)
                elif selection == (*clicks, element):
                    todo.append(selection)
        return reached

    def actions(self) -> list[Hashable]:
        """Actions reachable by clicking (those with at least one path)."""
        return [a for a, paths in self.paths.items() if paths]

    def complete(self, clicks: Sequence[str]) -> Hashable | None:
        """The action a finished sequence of clicks plays, else ``None``."""
        return self._by_path.get(tuple(clicks))

    def targets(self, clicks: Sequence[str] = ()) -> list[str]:
        """Elements whose click continues ``clicks`` towards a legal action (stable order)."""
        clicks = tuple(clicks)
        n = len(clicks)
        seen: dict[str, None] = {}
        for path in self._by_path:
            if len(path) > n and path[:n] == clicks:
                seen.setdefault(path[n], None)
        return list(seen)

    def click(self, clicks: Sequence[str], element: str) -> tuple[Path, Hashable | None]:
        """The selection after clicking ``element``, and the action it completes (or ``None``).

        A completed path plays its action and clears the selection. Clicking an element
        already selected deselects it (and what was picked after it); clicking one that
        does not continue the selection but begins a path starts afresh from it; any
        other click leaves the selection as it was.
        """
        clicks = tuple(clicks)
        if element in clicks:
            return clicks[: clicks.index(element)], None
        if element in self.targets(clicks):
            new = (*clicks, element)
            action = self.complete(new)
            return ((), action) if action is not None else (new, None)
        if clicks and element in self.targets(()):
            return self.click((), element)
        return clicks, None


def paths_of(pairs: Iterable[tuple[Hashable, Path]]) -> ClickPaths:
    """Build :class:`ClickPaths` from ``(action, path)`` pairs (an action may repeat)."""
    grouped: dict[Hashable, list[Path]] = {}
    for action, path in pairs:
        grouped.setdefault(action, []).append(tuple(path))
    return ClickPaths(grouped)
