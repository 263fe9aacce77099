"""Cheap invariants of every Neko-in position, checked after every move in the playthrough tests.

Each check is a rulebook sentence:

* tiles are conserved: in hands + on covered hideouts + in the box = 5 per room in play;
* 'If another cat is already in the room, a BRAWL breaks out': outside the Garden
  there is at most one cat per room (a Cat Teaser gathers them only while it lasts);
* 'The chosen hideout ... must not have a hideout tile on top of it': a placement
  never chooses a covered hideout;
* 'You cannot get rid of your last tile by catching the cat shown on the die';
* Events: event tiles are conserved (face down + held + in the box), a napping
  cat is never in the Garden ('it wakes up automatically') and a turn is 'wake up
  only' just when the player's cat is napping ('on your next turn you may only wake
  it up').
"""

from __future__ import annotations

from typing import Any

from nekolib.neko_in.rules import (
    GARDEN,
    IN_ROOM,
    N_ICONS,
    Discard,
    Hide,
    NekoState,
    UseLitterBox,
)

__all__ = ["InvariantError", "check_invariants", "check_step"]


class InvariantError(AssertionError):
    """A position that the rules can never produce."""


def _fail(state: NekoState, message: str) -> None:
    raise InvariantError(f"{message} (phase {state.phase}, turn {state.turn_index})")


def check_invariants(state: NekoState) -> None:
    """Raise :class:`InvariantError` if ``state`` breaks a rule of the game."""
    _check_tiles(state)
    _check_cats(state)
    if state.events:
        _check_events(state)
    if state.phase == "over" and state.hands[state.winner]:
        _fail(state, "the winner still holds tiles")


def _check_tiles(state: NekoState) -> None:
    n = state.num_players
    tiles = sum(map(len, state.hands)) + len(state.covered) + len(state.box)
    if tiles != N_ICONS * n:
        _fail(state, f"{tiles} hideout tiles instead of {N_ICONS * n}")


def _check_cats(state: NekoState) -> None:
    rooms: set[int] = set()
    gathered = False
    for pos in state.cats:
        if pos == GARDEN:
            continue
        if pos >= IN_ROOM:
            gathered = True
            if pos - IN_ROOM != state.room:
                _fail(state, "a cat is gathered outside the Cat Teaser room")
            continue
        room = pos // N_ICONS
        if room in rooms:
            _fail(state, f"two cats in room {room}")
        rooms.add(room)
    if gathered and state.phase not in ("teaser", "hide"):
        _fail(state, "cats still gathered after the Cat Teaser")


def _check_events(state: NekoState) -> None:
    _check_event_tiles(state)
    _check_napping(state)
    _check_wake(state)


def _check_event_tiles(state: NekoState) -> None:
    n = state.num_players
    face_down = len(state.events) - state.events.count(None)
    revealed = state.phase == "crunchies"  # the Crunchies tile being rolled for
    total = face_down + sum(map(len, state.held)) + len(state.event_box) + revealed
    if total != N_ICONS * n:
        _fail(state, f"{total} event tiles instead of {N_ICONS * n}")


def _check_napping(state: NekoState) -> None:
    for colour in state.napping:
        if state.cats[colour] == GARDEN:
            _fail(state, "a napping cat in the Garden")


def _check_wake(state: NekoState) -> None:
    if state.phase == "wake" and state.own_cat() not in state.napping:
        where = "in the Garden" if state.cats[state.own_cat()] == GARDEN else "awake"
        _fail(state, f"a 'wake up only' turn for a cat {where}")


def check_step(before: NekoState, action: Any, after: NekoState) -> None:
    """``play_out(..., on_step=check_step)``: the move itself and the new position."""
    kind = type(action)
    if (kind is Hide or kind is UseLitterBox) and action.space in before.covered:
        _fail(before, f"covered hideout {action.space} chosen")
    if kind is Discard and len(before.hands[before.catcher]) < 2:
        _fail(before, "last tile got rid of by catching")
    if after.phase == "over" and (after.winner < 0 or after.hands[after.winner]):
        _fail(after, "game over without a winner with no tiles")
    # States share unchanged tuples with their predecessor, so only what the move
    # touched needs re-checking (the predecessor was checked by the previous step).
    if (
        after.hands is not before.hands
        or after.covered is not before.covered
        or after.box is not before.box
    ):
        _check_tiles(after)
    if after.cats is not before.cats:
        _check_cats(after)
    if after.events:
        if (
            after.events is not before.events
            or after.held is not before.held
            or after.event_box is not before.event_box
        ):
            _check_event_tiles(after)
        if after.napping and (after.napping is not before.napping or after.cats is not before.cats):
            _check_napping(after)
        if after.phase == "wake":
            _check_wake(after)
