"""Neko-in click paths: room, then hideout (the room owner's choice is made by clicking it).

Ids are those of :mod:`nekolib.neko_in.picture`, drawn from the deciding player's view:

=====================  ==============================================  =======================
action                 clicks                                          who clicks
=====================  ==============================================  =======================
:class:`Move`          ``room-<r>``: the room the cat goes to          the active player
:class:`Hide`          ``space-<s>``: the hideout                      the room's owner, or the
                                                                       cat's player (own room,
                                                                       same room, Cat Teaser)
:class:`Discard`       ``tile-<seat>-<i>``: the tile in the own hand   the fastest player
:class:`UseLitterBox`  ``held-<seat>-litter_box``, then ``space-<s>``  the active player
:class:`UseAffinity`   ``held-<seat>-affinity``, then the two cats     the active player
                       ``cat-<colour>`` (either order)
=====================  ==============================================  =======================

'Take your own cat ... and move it next to the room containing the hideout' is one
click on the room; 'The player who owns that room chooses the hideout' is that
player's click on a hideout space (a separate decision, maybe another player's).

Free actions, with no place on the picture, stay buttons (:data:`FREE`):
:class:`Fastest` (a fact about the table: who grabbed the cat first), :class:`Pass`
(no movement possible), :class:`Wake` (a napping cat may only wake up),
:class:`UseCrunchies` (one extra movement: nowhere to put it) and :class:`EndTurn` (the
movement is over and held tiles are kept, ``Params.held_tiles_after_movement``).
"""

from __future__ import annotations

from nekolib.clicks import ClickPaths, Path, paths_of
from nekolib.neko_in.rules import (
    AFFINITY,
    COLOURS,
    LITTER_BOX,
    Discard,
    EndTurn,
    Fastest,
    Hide,
    Move,
    NekoState,
    Pass,
    UseAffinity,
    UseCrunchies,
    UseLitterBox,
    Wake,
)

__all__ = ["FREE", "click_paths"]

FREE: tuple[type, ...] = (Fastest, Pass, Wake, UseCrunchies, EndTurn)
"""Action kinds without a path (buttons)."""


def _cat(colour: int) -> str:
    return "cat-" + COLOURS[colour].replace(" ", "_")


def _held(seat: int, event: str) -> str:
    return f"held-{seat}-{event.lower().replace(' ', '_')}"


def _paths(state: NekoState, action: object) -> list[Path]:
    """The click paths of one legal action (``[]``: a button)."""
    if isinstance(action, Move):
        return [(f"room-{action.room}",)]
    if isinstance(action, Hide):
        return [(f"space-{action.space}",)]
    if isinstance(action, Discard):
        hand = state.hands[state.catcher]
        return [(f"tile-{state.catcher}-{hand.index(action.tile)}",)]
    if isinstance(action, UseLitterBox):
        return [(_held(state.active, LITTER_BOX), f"space-{action.space}")]
    if isinstance(action, UseAffinity):
        held = _held(state.active, AFFINITY)
        a, b = _cat(action.cat_a), _cat(action.cat_b)
        return [(held, a, b), (held, b, a)]
    return []


def click_paths(state: NekoState) -> ClickPaths:
    """Every legal action of ``state`` as the clicks that play it (free actions: none)."""
    if state.is_terminal() or state.is_chance_node():
        return paths_of([])
    return paths_of(
        (action, path) for action in state.legal_actions() for path in _paths(state, action)
    )
