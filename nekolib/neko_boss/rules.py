"""Neko Boss rules engine (seed 002): placement, then stacking moves, then scoring.

Neko Boss is by Mitsuo Yamamoto (Logy Games, Japan, 2022), the successor of his
*Sky Scrapers*. The seed's Korean text is a machine translation of the English one.

Seed passages implemented here (English part of the seed):

* "Board is consist of 24 intersections and paths. At first to decide players
  number, 2 or 3 or 4. Each player has same number of own pieces."
* "phase 1: placement - Decide players turn and every player places their piece
  on the board(intersections) alternately."
* "phase 2: ... A piece can move one space but it must stack on other piece(s).
  It can't move to vacant space."
* "Player who keeps top piece of the group can move them. They must move as same
  number of stack pieces straightly on the path jumping other piece(s). They
  can't move to vacant space."
* "Players can't pass their turn if they have regal take. Passing the turn means
  finishing their playing."
* "When all players has no regal take, then the game is over. 4 or more pieces
  stack is score. The player who keep more 4 or more stacks than opponents wins
  the game. Score is same, then player who keeps highest stack wins the game.
  All are same, then player who keeps more stacks wins the game."

A stack is stored bottom to top as a tuple of owners; only its height and its
top owner matter for play and scoring (proved in ``docs/neko_boss_state_key.md``),
which is what :meth:`NekoBossState.key` returns.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any

from nekolib.core import (
    TERMINAL,
    GameState,
    IllegalAction,
    InvalidSetup,
    check_player_count,
    check_seat,
    check_seed,
    decider_name,
    describe,
)
from nekolib.neko_boss.boards import BOARDS, DEFAULT_BOARD, Board, Point, board_by_name

__all__ = [
    "Move",
    "NekoBossState",
    "Params",
    "Place",
    "Score",
    "from_layout",
    "has_moves",
    "move_targets",
    "new_game",
    "random_layout",
]

Stack = tuple[int, ...]
"""Owners of the pieces of one intersection, bottom first; ``()`` is a vacant intersection."""

Score = tuple[int, int, int]
"""(stacks of 4+ controlled, highest stack controlled, stacks controlled): compared in order."""


MAX_SEATS = 8
"""At most 8 seats: the packed analysis keeps a stack's top owner in 3 bits."""


def seat_name(seat: int) -> str:
    """``Blue``: a seat is named by its colour, as in the widget and on the board pictures."""
    from nekolib.picture import PLAYER_NAMES  # standard library only; lazy, as in the core

    return PLAYER_NAMES[seat % len(PLAYER_NAMES)]


def _whole(value: Any) -> bool:
    """A whole number (``bool`` is not one here: ``True`` is no seat or height)."""
    return isinstance(value, int) and not isinstance(value, bool)


# --------------------------------------------------------------------------- parameters
@dataclass(frozen=True)
class Params:
    """Everything that defines a game of Neko Boss (defaults: docs/assumptions/neko_boss.md)."""

    num_players: int = 2
    """"At first to decide players number, 2 or 3 or 4." """
    board: Board = DEFAULT_BOARD
    """"Board is consist of 24 intersections and paths." (layout not in the seed)
    A :class:`Board` or a board name (``"three_squares"``, ``"grid_3x4"``, ...)."""
    pieces_per_player: int | None = None
    """"Each player has same number of own pieces." ``None``: board size // players
    (12, 8 or 6 on 24 points, so the board is full after placement)."""
    score_height: int = 4
    """"4 or more pieces stack is score." """
    jumps_need_pieces: bool = False
    """Must every intersection jumped over be occupied? ``False``: vacant ones may be
    passed too ("jumping other piece(s)" describes passing over, not a requirement)."""
    movement_starts: str = "next"
    """Who moves first in phase 2: ``"next"`` (turn order just continues after the
    last placement) or ``"first"`` (the first placer starts again)."""
    first_player: int = 0
    """"Decide players turn": the seat that places first."""
    min_players: int = 2
    max_players: int = 4
    pieces_by_turn: tuple[int, ...] = ()
    """A handicap, not in the rulebook ("Each player has same number of own pieces"): pieces
    per player in turn order (the first to place, the next, ...). ``()``: ``pieces`` each."""

    def __post_init__(self) -> None:
        self._check_fields()
        check_player_count(self.num_players, self.min_players, self.max_players, "Neko Boss")
        if self.num_players > 8:
            raise InvalidSetup("at most 8 players")
        if not _whole(self.first_player) or not 0 <= self.first_player < self.num_players:
            raise InvalidSetup(
                f"first_player must be a seat 0..{self.num_players - 1}, not {self.first_player!r}"
            )
        if self.pieces < 1:
            raise InvalidSetup(
                f"board {self.board.name} has {self.board.size} intersection(s): too few for "
                f"{self.num_players} players with one piece each at least"
            )
        if self.pieces_by_turn:
            counts = self.pieces_by_turn
            if len(counts) != self.num_players or not all(_whole(c) and c >= 1 for c in counts):
                raise InvalidSetup(
                    f"pieces_by_turn must give {self.num_players} whole numbers >= 1 (one per "
                    f"player in turn order, the first to place first), or () for equal pieces; "
                    f"got {counts!r}"
                )
            if sum(counts) > self.board.size:
                raise InvalidSetup(
                    f"pieces_by_turn={counts!r}: {sum(counts)} pieces do not fit on "
                    f"{self.board.size} intersections"
                )
        elif self.pieces * self.num_players > self.board.size:
            raise InvalidSetup(
                f"pieces_per_player={self.pieces}: {self.num_players} x {self.pieces} pieces do "
                f"not fit on {self.board.size} intersections (at most "
                f"{self.board.size // self.num_players} each, or None to fill the board)"
            )

    def _check_fields(self) -> None:
        """Every field but ``num_players`` (checked with the player count) and ``first_player``
        (a seat, so checked once the player count is known): type and range, up front."""
        if isinstance(self.board, str):  # a board name, as the widget and docs print it
            object.__setattr__(self, "board", board_by_name(self.board))
        if not isinstance(self.board, Board):
            raise InvalidSetup(
                f"board must be a Board or a board name ({', '.join(BOARDS)}, grid_RxC, "
                f"line_N), not {self.board!r}"
            )
        if self.pieces_per_player is not None and (
            not _whole(self.pieces_per_player) or self.pieces_per_player < 1
        ):
            raise InvalidSetup(
                "pieces_per_player must be a whole number >= 1 (or None: fill the board), "
                f"not {self.pieces_per_player!r}"
            )
        if not _whole(self.score_height) or self.score_height < 1:
            raise InvalidSetup(
                f"score_height must be a whole number >= 1, not {self.score_height!r}"
            )
        if not isinstance(self.jumps_need_pieces, bool):
            raise InvalidSetup(
                f"jumps_need_pieces must be True or False, not {self.jumps_need_pieces!r}"
            )
        if self.movement_starts not in ("next", "first"):
            raise InvalidSetup(
                f"movement_starts must be 'next' or 'first', not {self.movement_starts!r}"
            )
        for name in ("min_players", "max_players"):
            value = getattr(self, name)
            if not _whole(value) or not 1 <= value <= MAX_SEATS:
                raise InvalidSetup(f"{name} must be a whole number 1..{MAX_SEATS}, not {value!r}")
        if self.min_players > self.max_players:
            raise InvalidSetup(
                f"min_players={self.min_players} is more than max_players={self.max_players}"
            )

    def pieces_of(self, seat: int) -> int:
        """Pieces ``seat`` starts with (:attr:`pieces_by_turn` is by turn order)."""
        if not self.pieces_by_turn:
            return self.pieces
        return self.pieces_by_turn[(seat - self.first_player) % self.num_players]

    @property
    def pieces(self) -> int:
        """Pieces per player actually used."""
        if self.pieces_per_player is None:
            return self.board.size // self.num_players
        return self.pieces_per_player


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True, order=True)
class Place:
    """Phase 1: put one of your pieces on a vacant intersection (numbered ``0..size-1``;
    from a label: ``state.parse("a1")``, see :meth:`NekoBossState.parse`)."""

    point: Point

    def __str__(self) -> str:
        return f"place {self.point}"


@dataclass(frozen=True, order=True)
class Move:
    """Phase 2: move the stack you control on ``src`` onto the occupied ``dst`` (numbered
    points; from labels: ``state.parse("a1-b1")``, see :meth:`NekoBossState.parse`)."""

    src: Point
    dst: Point

    def __str__(self) -> str:
        return f"{self.src}->{self.dst}"


Action = Place | Move

_SEPARATORS = re.compile(r"\s*(?:->|\u2192|-|\u2013|,|\s+to\s+|\s)\s*", re.IGNORECASE)
"""Between the two points of a typed move: ``a1-b1``, ``a1->b1``, ``a1→b1``, ``a1 to b1``."""

_PLACES = tuple(Place(p) for p in range(256))
_MOVE_TABLE = tuple(tuple(Move(p, q) for q in range(64)) for p in range(64))


def _move(src: Point, dst: Point) -> Move:
    """Shared :class:`Move` objects (move generation runs millions of times in tests)."""
    if src < 64 and dst < 64:
        return _MOVE_TABLE[src][dst]
    return Move(src, dst)


# --------------------------------------------------------------------------- move generation
def move_targets(
    board: Board, stacks: Sequence[Stack], p: Point, jumps_need_pieces: bool = False
) -> list[Point]:
    """Where the stack on ``p`` may go: exactly its height along a line, onto an occupied point.

    "They must move as same number of stack pieces straightly on the path jumping
    other piece(s). They can't move to vacant space." A single piece is a stack of
    height 1, so "a piece can move one space but it must stack on other piece(s)"
    is the same rule.
    """
    h = len(stacks[p])
    if h == 0 or h > board.max_distance:
        return []
    targets = [q for q in board.reach[p][h] if stacks[q]]
    if jumps_need_pieces:
        targets = [q for q in targets if all(stacks[m] for m in board.between[(p, q)])]
    return targets


def _move_pairs(
    board: Board, stacks: Sequence[Stack], player: int, jumps_need_pieces: bool
) -> Iterator[tuple[Point, Point]]:
    """``(src, dst)`` of every legal move, lazily (the hot loop of every playthrough).

    Same rule as :func:`move_targets`, inlined for speed.
    """
    reach, top, between = board.reach, board.max_distance, board.between
    for p, stack in enumerate(stacks):
        if stack and stack[-1] == player:
            h = len(stack)
            if h > top:
                continue
            for q in reach[p][h]:
                if stacks[q] and (not jumps_need_pieces or all(stacks[m] for m in between[(p, q)])):
                    yield p, q


def legal_moves(
    board: Board, stacks: Sequence[Stack], player: int, jumps_need_pieces: bool = False
) -> list[Move]:
    """Every :class:`Move` of ``player``: stacks whose top piece is theirs ("keeps top piece")."""
    return [_move(p, q) for p, q in _move_pairs(board, stacks, player, jumps_need_pieces)]


def has_moves(
    board: Board, stacks: Sequence[Stack], player: int, jumps_need_pieces: bool = False
) -> bool:
    """Does ``player`` have a "regal take" (any legal move)?"""
    return next(_move_pairs(board, stacks, player, jumps_need_pieces), None) is not None


def score_of(stacks: Sequence[Stack], player: int, score_height: int = 4) -> Score:
    """(4+ stacks, highest stack, number of stacks) that ``player`` keeps (controls the top of).

    "4 or more pieces stack is score. The player who keep more 4 or more stacks ...
    wins. Score is same, then player who keeps highest stack wins. All are same,
    then player who keeps more stacks wins."
    """
    heights = [len(s) for s in stacks if s and s[-1] == player]
    return (sum(1 for h in heights if h >= score_height), max(heights, default=0), len(heights))


def returns_from_scores(scores: Sequence[Score]) -> list[float]:
    """1 for the best score, 0 for the others; a tie for best shares the win (1/k each)."""
    best = max(scores)
    winners = [p for p, s in enumerate(scores) if s == best]
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(len(scores))]


# --------------------------------------------------------------------------- the state
@dataclass(frozen=True, repr=False)
class NekoBossState(GameState):
    """A Neko Boss position. Immutable: :meth:`apply` returns a new state.

    ``to_move`` is the seat to act, or :data:`~nekolib.core.TERMINAL`.
    ``out[p]`` is true once seat ``p`` had no legal move on its turn ("passing the
    turn means finishing their playing"); such a seat is skipped from then on.
    """

    params: Params
    stacks: tuple[Stack, ...]
    to_move: int
    in_hand: tuple[int, ...]
    out: tuple[bool, ...] = field(default=())
    last: Place | Move | None = field(default=None, compare=False)
    """The action that led here (``None`` at the start or from a layout), for pictures.
    Not part of equality, hash or :meth:`key`: the rules and solvers never look at it."""

    # -- basic facts ---------------------------------------------------------------
    @property
    def num_players(self) -> int:  # type: ignore[override]
        return self.params.num_players

    @property
    def board(self) -> Board:
        return self.params.board

    @property
    def phase(self) -> str:
        """``"placement"``, ``"movement"`` or ``"over"``."""
        if self.to_move == TERMINAL:
            return "over"
        return "placement" if any(self.in_hand) else "movement"

    def heights(self) -> tuple[int, ...]:
        return tuple(len(s) for s in self.stacks)

    def tops(self) -> tuple[int | None, ...]:
        """Owner of the top piece of every intersection (``None`` when vacant)."""
        return tuple(s[-1] if s else None for s in self.stacks)

    def key(self) -> tuple[tuple[tuple[int, int], ...], int, tuple[bool, ...]]:
        """The state key: ((height, top owner) per intersection, player to move, who is out).

        Vacant intersections are ``(0, -1)``. Two states with the same key have the
        same legal actions, successors' keys and scores (docs/neko_boss_state_key.md).
        """
        cells = tuple((len(s), s[-1]) if s else (0, -1) for s in self.stacks)
        return cells, self.to_move, self.out

    # -- protocol ------------------------------------------------------------------
    def current_player(self) -> int:
        return self.to_move

    @cached_property
    def _actions(self) -> tuple[Action, ...]:
        if self.to_move == TERMINAL:
            return ()
        if self.phase == "placement":
            return tuple(_PLACES[p] for p, s in enumerate(self.stacks) if not s)
        return tuple(
            legal_moves(self.board, self.stacks, self.to_move, self.params.jumps_need_pieces)
        )

    def _legal_actions(self) -> Sequence[Action]:
        return self._actions

    def legal_actions(self) -> list[Action]:
        return list(self._actions)

    # -- actions as a person types them -------------------------------------------
    def _points(self, action: Any) -> Action | None:
        """``action`` if it is a :class:`Place`/:class:`Move` whose points are intersections
        of this board given as numbers (``int``, not ``bool`` or ``float``), else ``None``."""
        size = self.board.size
        if type(action) is Move:
            src, dst = action.src, action.dst
            ok = type(src) is int and type(dst) is int and 0 <= src < size and 0 <= dst < size
            return action if ok else None
        if type(action) is Place:
            p = action.point
            return action if type(p) is int and 0 <= p < size else None
        return None

    def parse(self, what: Any) -> Action:
        """The action a person means, with numbered points: ``state.parse("a1-b1")`` is
        ``Move(0, 1)`` on the default board; play it with ``state.apply(state.parse(...))``.

        Read: a label as the board shows it (``"a1"``, ``"place a1"``: a placement), two
        labels (``"a1-b1"``, ``"a1->b1"``, ``"a1→b1"``, ``"a1 b1"``, ``"a1 to b1"``: a move),
        or an action written with labels (``Move("a1", "b1")``, ``Place("a1")``).
        Letter case and spaces around labels do not matter. Raises :class:`IllegalAction`
        (with the legal actions in labels) if ``what`` names no action; the action
        returned may still be illegal, and :meth:`apply` then says why.
        """
        action = self._read(what)
        if action is None:
            raise self._illegal(what)
        return action

    def _read(self, what: Any) -> Action | None:
        """See :meth:`parse`; ``None`` if ``what`` names no action on this board."""
        find = self.board.find
        if isinstance(what, Place):
            p = find(what.point)
            return None if p is None else Place(p)
        if isinstance(what, Move):
            src, dst = find(what.src), find(what.dst)
            return None if src is None or dst is None else _move(src, dst)
        if not isinstance(what, str):
            return None
        words = what.strip()
        if words.lower().startswith("place "):
            p = find(words[6:])
            return None if p is None else Place(p)
        p = find(words)
        if p is not None:
            return Place(p)
        parts = [w for w in _SEPARATORS.split(words) if w]
        if len(parts) == 2:
            src, dst = find(parts[0]), find(parts[1])
            if src is not None and dst is not None:
                return _move(src, dst)
        return None

    def is_legal(self, action: Any) -> bool:
        """The rules checked directly (cheaper than searching the list of legal actions).

        Only actions with numbered points are actions; anything else (labels and text
        included: see :meth:`parse`) is simply not legal.
        """
        if self.to_move == TERMINAL:
            return False
        action = self._points(action)
        if action is None:
            return False
        if isinstance(action, Place):
            return self.phase == "placement" and not self.stacks[action.point]
        if self.phase != "movement":
            return False
        src, dst = action.src, action.dst
        stack = self.stacks[src]
        if not stack or stack[-1] != self.to_move or not self.stacks[dst]:
            return False
        between = self.board.between.get((src, dst))
        if between is None or len(between) + 1 != len(stack):
            return False
        return not self.params.jumps_need_pieces or all(self.stacks[m] for m in between)

    def check_action(self, action: Any) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal now (message in labels)."""
        if not self.is_legal(action):
            raise self._illegal(action)

    def _illegal(self, action: Any) -> IllegalAction:
        """The error for ``action``: shown as the board shows it, the legal ones too.

        ``err.action`` is what was tried and ``err.legal`` the legal action objects.
        """
        legal = self.legal_actions()
        decider = self.current_player()
        who = seat_name(decider) if decider >= 0 else decider_name(decider)
        err = IllegalAction(
            _Written(f"{self._label(action)} for {who}"),
            self.explain_illegal(action),
            [_Written(self._label(a)) for a in legal],
        )
        err.action, err.legal, err.decider = action, legal, decider
        return err

    def _apply(self, action: Action) -> NekoBossState:
        after = self._after_place(action) if isinstance(action, Place) else self._after_move(action)
        # ``after`` was just built here and is seen by nobody else yet: recording the action
        # in place is safe and about 9 us cheaper per move than ``dataclasses.replace``.
        object.__setattr__(after, "last", action)
        return after

    def _after_place(self, action: Place) -> NekoBossState:
        """ "every player places their piece on the board(intersections) alternately." """
        me = self.to_move
        stacks = list(self.stacks)
        stacks[action.point] = (me,)
        in_hand = list(self.in_hand)
        in_hand[me] -= 1
        n = self.num_players
        if any(in_hand):
            nxt = next(
                (me + k) % n for k in range(1, n + 1) if in_hand[(me + k) % n] > 0
            )  # a seat with pieces left (all have, when everyone has the same number)
            return NekoBossState(self.params, tuple(stacks), nxt, tuple(in_hand), self.out)
        state = NekoBossState(self.params, tuple(stacks), me, tuple(in_hand), self.out)
        start = (me + 1) % n if self.params.movement_starts == "next" else self.params.first_player
        return state._next_mover(start)

    def _after_move(self, action: Move) -> NekoBossState:
        """The whole stack on ``src`` lands on top of the stack on ``dst``."""
        stacks = list(self.stacks)
        stacks[action.dst] = stacks[action.dst] + stacks[action.src]
        stacks[action.src] = ()
        state = NekoBossState(self.params, tuple(stacks), self.to_move, self.in_hand, self.out)
        return state._next_mover((self.to_move + 1) % self.num_players)

    def _next_mover(self, start: int) -> NekoBossState:
        """The first seat from ``start`` on (in turn order) that still has a legal move.

        Seats met on the way without a legal move are out for good; if nobody can
        move, the game is over ("When all players has no regal take").
        """
        n = self.num_players
        out = list(self.out)
        for k in range(n):
            seat = (start + k) % n
            if out[seat]:
                continue
            if has_moves(self.board, self.stacks, seat, self.params.jumps_need_pieces):
                return NekoBossState(self.params, self.stacks, seat, self.in_hand, tuple(out))
            out[seat] = True
        return NekoBossState(self.params, self.stacks, TERMINAL, self.in_hand, tuple(out))

    # -- results -------------------------------------------------------------------
    def score(self, player: int) -> Score:
        return score_of(self.stacks, player, self.params.score_height)

    def scores(self) -> list[Score]:
        return [self.score(p) for p in range(self.num_players)]

    def returns(self) -> list[float]:
        if self.to_move != TERMINAL:
            return [0.0] * self.num_players
        return returns_from_scores(self.scores())

    def view(self, player: int | None) -> dict[str, Any]:
        """Neko Boss has no hidden information: every seat (and a spectator) sees it all.

        ``player`` is still checked: a seat ``0..num_players-1`` or ``None`` (a spectator).
        """
        if player is not None:
            player = check_seat(player, self.num_players, "view (or None for a spectator)")
        board = self.board
        return {
            "viewer": player,
            "board": board.name,
            "coords": board.coords,
            "lines": board.lines,
            "labels": board.labels,
            "stacks": self.stacks,
            "heights": self.heights(),
            "tops": self.tops(),
            "phase": self.phase,
            "to_move": self.to_move,
            "in_hand": self.in_hand,
            "out": self.out,
            "scores": tuple(self.scores()),
            "score_height": self.params.score_height,
            "num_players": self.num_players,
            "last": _last_points(self.last),
        }

    def action_to_string(self, action: Any) -> str:
        """``place a1`` / ``a1→b1`` in the board's labels.

        Anything that is no placement or move between this board's points (numbered) raises
        :class:`IllegalAction` listing the legal actions (``state.parse`` reads labels).
        """
        if self._points(action) is None:
            raise self._illegal(action)
        return self._label(action)

    def _label(self, action: Any) -> str:
        """:meth:`action_to_string`, with anything else shown as its ``repr``."""
        resolved = self._points(action)
        labels = self.board.labels
        if isinstance(resolved, Place):
            return f"place {labels[resolved.point]}"
        if isinstance(resolved, Move):
            return f"{labels[resolved.src]}\u2192{labels[resolved.dst]}"
        return repr(action)

    def explain_illegal(self, action: Any) -> str:
        """Say exactly which rule ``action`` breaks (in the board's labels)."""
        if self.to_move == TERMINAL:
            return "the game is over: no player has a legal move"
        if self.phase == "placement" and isinstance(action, Move):
            return "moves start only once every piece is placed (phase 1 is placement)"
        if self.phase == "movement" and isinstance(action, Place):
            return "every piece is placed: phase 2 is moving stacks"
        resolved = self._points(action)
        if resolved is None:
            return self._explain_unreadable(action)
        if isinstance(resolved, Place):
            return f"{self.board.labels[resolved.point]} is already occupied"
        return self._explain_bad_move(resolved)

    def _explain_unreadable(self, action: Any) -> str:
        """Why ``action`` is no action: labels or text (say how to write it), a point off
        the board, or not an action at all."""
        meant = self._read(action)
        if meant is not None:
            if not self.is_legal(meant):
                return self.explain_illegal(meant)
            labels = self.board.labels
            typed = (
                labels[meant.point]
                if isinstance(meant, Place)
                else f"{labels[meant.src]}-{labels[meant.dst]}"
            )
            return (
                f"actions number their intersections: {self.action_to_string(meant)} is "
                f"{meant!r}; or let the state read the labels: "
                f"state.apply(state.parse({typed!r}))"
            )
        if isinstance(action, Place):
            bad = [action.point]
        elif isinstance(action, Move):
            bad = [p for p in (action.src, action.dst) if self.board.find(p) is None]
        else:
            bad = []
        if bad:
            shown = " and ".join(repr(p) for p in bad)
            return f"{shown} {'is' if len(bad) == 1 else 'are'} not on the board: " + (
                self.board.named()
            )
        if self.phase == "placement":
            return (
                "in phase 1 the only action is placing a piece: Place(point) with a numbered "
                f"point, or state.parse('a1') for a label ({self.board.named()})"
            )
        return (
            "in phase 2 the only action is moving a stack: Move(src, dst) with numbered points, or "
            f"state.parse('a1-b1') for labels ({self.board.named()})"
        )

    def _explain_bad_move(self, action: Move) -> str:
        src, dst = action.src, action.dst
        name = self.board.labels
        if not self.stacks[src]:
            return f"there is no piece on {name[src]}"
        if self.stacks[src][-1] != self.to_move:
            return (
                f"the top piece on {name[src]} belongs to {seat_name(self.stacks[src][-1])}: "
                "only the player who keeps the top piece can move a stack"
            )
        if not self.stacks[dst]:
            return f"{name[dst]} is vacant: a stack can't move to vacant space"
        height = len(self.stacks[src])
        distance = self.board.distance_on_line(src, dst)
        if distance is None:
            return f"{name[dst]} is not on a straight path from {name[src]}"
        if distance != height:
            return (
                f"the stack on {name[src]} has {height} piece(s) so it must move exactly "
                f"{height} step(s), but {name[dst]} is {distance} away"
            )
        return "every intersection jumped over must hold a piece (jumps_need_pieces=True)"


class _Written(str):
    """Text already written for a person (an :class:`IllegalAction` shows it as it is)."""


def _last_points(action: Place | Move | None) -> tuple[Point, ...] | None:
    """The last action as points for a view: ``(point,)`` for a placement, ``(src, dst)``
    for a move, ``None`` before the first action."""
    if isinstance(action, Place):
        return (action.point,)
    if isinstance(action, Move):
        return (action.src, action.dst)
    return None


# --------------------------------------------------------------------------- constructors
def _check_arguments(params: Any, overrides: dict[str, Any]) -> None:
    """``params`` is a :class:`Params` (or ``None``) and every override names a field."""
    if params is not None and not isinstance(params, Params):
        raise InvalidSetup(f"params must be a neko_boss Params (or None), not {params!r}")
    names = [f.name for f in fields(Params)]
    unknown = [k for k in overrides if k not in names]
    if unknown:
        raise InvalidSetup(
            f"unknown Neko Boss parameter(s) {', '.join(unknown)}; known: {', '.join(names)}"
        )


def _params(params: Params | None, overrides: dict[str, Any]) -> Params:
    _check_arguments(params, overrides)
    if params is None:
        return Params(**overrides)
    return replace(params, **overrides) if overrides else params


class _CountOf:
    """The default of ``new_game(num_players=...)``: 2, or the count given in ``params``."""

    def __repr__(self) -> str:
        return "2 (or params.num_players)"


_FROM_PARAMS: Any = _CountOf()


def new_game(
    num_players: int = _FROM_PARAMS,
    *,
    params: Params | None = None,
    seed: int | str | None = None,
    **overrides: Any,
) -> NekoBossState:
    """The empty board at the start of phase 1 (``seed`` is accepted for the widget; unused).

    ``new_game(3)``, ``new_game(2, board=grid_board(3, 3))`` or ``new_game(params=...)``.
    The player count may be given as ``num_players`` or in ``params``; given in both, the
    two must agree (``new_game(3, params=Params())`` is refused: that ``Params`` is for 2).
    """
    check_seed(seed)  # unused (Neko Boss has no chance events), but checked as in every game
    _check_arguments(params, overrides)
    given = num_players is not _FROM_PARAMS
    if params is None:
        params = Params(num_players=num_players if given else 2, **overrides)
    else:
        if overrides:
            params = replace(params, **overrides)
        if given and (not _whole(num_players) or num_players != params.num_players):
            raise InvalidSetup(
                f"new_game got num_players={describe(num_players)} but the params are for "
                f"{params.num_players} players; give the count once, or the same count twice"
            )
    n = params.num_players
    return NekoBossState(
        params=params,
        stacks=((),) * params.board.size,
        to_move=params.first_player,
        in_hand=tuple(params.pieces_of(seat) for seat in range(n)),
        out=(False,) * n,
    )


def from_layout(
    layout: Sequence[Sequence[int] | int | None],
    params: Params | None = None,
    *,
    to_move: int = 0,
    **overrides: Any,
) -> NekoBossState:
    """A phase-2 position from a layout: per intersection ``None``/``()`` (vacant), an owner, or a
    stack (bottom first). ``to_move`` is the seat whose turn it is; if it has no move the
    turn passes on (and the game may be over)."""
    params = _params(params, overrides)
    n, board = params.num_players, params.board
    if isinstance(layout, str | bytes) or not isinstance(layout, Sequence):
        raise InvalidSetup(f"a layout is a list with one cell per intersection, not {layout!r}")
    if len(layout) != board.size:
        raise InvalidSetup(
            f"layout has {len(layout)} cells, the board {board.name} {board.size} "
            "(one per intersection)"
        )
    stacks = tuple(_layout_stack(cell, board.labels[p], n) for p, cell in enumerate(layout))
    pieces = sum(len(s) for s in stacks)
    if pieces > board.size:
        raise InvalidSetup(
            f"layout holds {pieces} pieces, but a game on {board.name} has at most "
            f"{board.size} (every piece is first placed on its own intersection)"
        )
    if not _whole(to_move) or not 0 <= to_move < n:
        raise InvalidSetup(f"to_move must be a seat 0..{n - 1}, not {to_move!r}")
    state = NekoBossState(params, stacks, to_move, (0,) * n, (False,) * n)
    return state._next_mover(to_move)


def _layout_stack(cell: Any, label: str, num_players: int) -> Stack:
    """One layout cell as a stack: ``None``/``()`` vacant, an owner, or owners bottom first."""
    if cell is None:
        return ()
    owners = (cell,) if _whole(cell) else cell
    if isinstance(owners, str | bytes) or not isinstance(owners, Sequence):
        raise InvalidSetup(
            f"layout cell {label} is {cell!r}: use None (vacant), a seat, or a list of seats "
            "(bottom first)"
        )
    for owner in owners:
        if not _whole(owner) or not 0 <= owner < num_players:
            raise InvalidSetup(
                f"layout cell {label} names player {owner!r}; players are 0..{num_players - 1}"
            )
    return tuple(owners)


def random_layout(params: Params, rng: random.Random) -> NekoBossState:
    """The start of phase 2 after a uniformly random placement (board full by default)."""
    _check_arguments(params, {})
    n = params.num_players
    owners: list[int | None] = [p for p in range(n) for _ in range(params.pieces_of(p))]
    owners += [None] * (params.board.size - len(owners))
    rng.shuffle(owners)
    start = params.first_player
    if params.movement_starts == "next":  # the seat after the last placer
        left, me = [params.pieces_of(p) for p in range(n)], params.first_player
        while True:  # placing in turn, skipping a seat whose pieces are all down
            left[me] -= 1
            if not any(left):
                break
            me = next((me + k) % n for k in range(1, n + 1) if left[(me + k) % n] > 0)
        start = (me + 1) % n
    return from_layout(owners, params, to_move=start)
