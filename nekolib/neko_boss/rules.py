"""Neko Boss rules engine (seed 002): placement, then stacking moves, then scoring.

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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from nekolib.core import TERMINAL, GameState, InvalidSetup
from nekolib.neko_boss.boards import DEFAULT_BOARD, Board, Point

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


# --------------------------------------------------------------------------- parameters
@dataclass(frozen=True)
class Params:
    """Everything that defines a game of Neko Boss (defaults: docs/assumptions/neko_boss.md)."""

    num_players: int = 2
    """"At first to decide players number, 2 or 3 or 4." """
    board: Board = DEFAULT_BOARD
    """"Board is consist of 24 intersections and paths." (layout not in the seed)"""
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

    def __post_init__(self) -> None:
        if not self.min_players <= self.num_players <= self.max_players:
            raise InvalidSetup(
                f"Neko Boss is for {self.min_players}-{self.max_players} players, "
                f"not {self.num_players}"
            )
        if self.num_players > 8:
            raise InvalidSetup("at most 8 players")
        if not 0 <= self.first_player < self.num_players:
            raise InvalidSetup(f"first_player must be a seat 0..{self.num_players - 1}")
        if self.movement_starts not in ("next", "first"):
            raise InvalidSetup("movement_starts must be 'next' or 'first'")
        if self.score_height < 1:
            raise InvalidSetup("score_height must be at least 1")
        if self.pieces < 1:
            raise InvalidSetup("every player needs at least one piece")
        if self.pieces * self.num_players > self.board.size:
            raise InvalidSetup(
                f"{self.num_players} x {self.pieces} pieces do not fit on "
                f"{self.board.size} intersections"
            )

    @property
    def pieces(self) -> int:
        """Pieces per player actually used."""
        if self.pieces_per_player is None:
            return self.board.size // self.num_players
        return self.pieces_per_player


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True, order=True)
class Place:
    """Phase 1: put one of your pieces on a vacant intersection."""

    point: Point

    def __str__(self) -> str:
        return f"place {self.point}"


@dataclass(frozen=True, order=True)
class Move:
    """Phase 2: move the stack you control on ``src`` onto the occupied ``dst``."""

    src: Point
    dst: Point

    def __str__(self) -> str:
        return f"{self.src}->{self.dst}"


Action = Place | Move

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

    def is_legal(self, action: Any) -> bool:
        """The rules checked directly (cheaper than searching the list of legal actions)."""
        if self.to_move == TERMINAL:
            return False
        size = self.board.size
        if isinstance(action, Place):
            return (
                self.phase == "placement"
                and 0 <= action.point < size
                and not self.stacks[action.point]
            )
        if not isinstance(action, Move) or self.phase != "movement":
            return False
        src, dst = action.src, action.dst
        if not (0 <= src < size and 0 <= dst < size):
            return False
        stack = self.stacks[src]
        if not stack or stack[-1] != self.to_move or not self.stacks[dst]:
            return False
        between = self.board.between.get((src, dst))
        if between is None or len(between) + 1 != len(stack):
            return False
        return not self.params.jumps_need_pieces or all(self.stacks[m] for m in between)

    def _apply(self, action: Action) -> NekoBossState:
        if isinstance(action, Place):
            return replace(self._after_place(action), last=action)
        return replace(self._after_move(action), last=action)

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
        """Neko Boss has no hidden information: every seat (and a spectator) sees it all."""
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
        labels = self.board.labels
        if isinstance(action, Place) and 0 <= action.point < self.board.size:
            return f"place {labels[action.point]}"
        if isinstance(action, Move) and all(
            0 <= p < self.board.size for p in (action.src, action.dst)
        ):
            return f"{labels[action.src]}\u2192{labels[action.dst]}"
        return str(action)

    def explain_illegal(self, action: Any) -> str:
        """Say exactly which rule ``action`` breaks."""
        if self.to_move == TERMINAL:
            return "the game is over: no player has a legal move"
        size = self.board.size
        if self.phase == "placement":
            if isinstance(action, Move):
                return "moves start only once every piece is placed (phase 1 is placement)"
            if not isinstance(action, Place):
                return "in phase 1 the only action is placing a piece"
            if not 0 <= action.point < size:
                return f"intersection {action.point} is not on the board"
            return f"{self.board.labels[action.point]} is already occupied"
        if isinstance(action, Place):
            return "every piece is placed: phase 2 is moving stacks"
        if not isinstance(action, Move):
            return "in phase 2 the only action is moving a stack"
        return self._explain_bad_move(action)

    def _explain_bad_move(self, action: Move) -> str:
        size = self.board.size
        src, dst = action.src, action.dst
        if not (0 <= src < size and 0 <= dst < size):
            return "both intersections must be on the board"
        name = self.board.labels
        if not self.stacks[src]:
            return f"there is no piece on {name[src]}"
        if self.stacks[src][-1] != self.to_move:
            return (
                f"the top piece on {name[src]} belongs to player {self.stacks[src][-1]}: "
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


def _last_points(action: Place | Move | None) -> tuple[Point, ...] | None:
    """The last action as points for a view: ``(point,)`` for a placement, ``(src, dst)``
    for a move, ``None`` before the first action."""
    if isinstance(action, Place):
        return (action.point,)
    if isinstance(action, Move):
        return (action.src, action.dst)
    return None


# --------------------------------------------------------------------------- constructors
def _params(params: Params | None, overrides: dict[str, Any]) -> Params:
    if params is None:
        return Params(**overrides)
    return replace(params, **overrides) if overrides else params


def new_game(
    num_players: int = 2, *, params: Params | None = None, seed: int | None = None, **overrides: Any
) -> NekoBossState:
    """The empty board at the start of phase 1 (``seed`` is accepted for the widget; unused).

    ``new_game(3)``, ``new_game(2, board=grid_board(3, 3))`` or ``new_game(params=...)``.
    """
    del seed  # Neko Boss has no chance events
    if params is None:
        params = Params(num_players=num_players, **overrides)
    elif overrides:
        params = replace(params, **overrides)
    n = params.num_players
    return NekoBossState(
        params=params,
        stacks=((),) * params.board.size,
        to_move=params.first_player,
        in_hand=(params.pieces,) * n,
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
    stacks = tuple(
        () if cell is None else (int(cell),) if isinstance(cell, int) else tuple(cell)
        for cell in layout
    )
    if len(stacks) != params.board.size:
        raise InvalidSetup(f"layout has {len(stacks)} cells, the board {params.board.size}")
    if any(not 0 <= o < params.num_players for s in stacks for o in s):
        raise InvalidSetup("layout names a player that is not in the game")
    n = params.num_players
    state = NekoBossState(params, stacks, to_move, (0,) * n, (False,) * n)
    return state._next_mover(to_move)


def random_layout(params: Params, rng: random.Random) -> NekoBossState:
    """The start of phase 2 after a uniformly random placement (board full by default)."""
    owners: list[int | None] = [p for p in range(params.num_players) for _ in range(params.pieces)]
    owners += [None] * (params.board.size - len(owners))
    rng.shuffle(owners)
    start = params.first_player
    if params.movement_starts == "next":  # the seat after the last placer
        start = (params.first_player + params.pieces * params.num_players) % params.num_players
    return from_layout(owners, params, to_move=start)
