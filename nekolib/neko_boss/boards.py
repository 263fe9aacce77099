"""Neko Boss boards as data: intersections with drawing coordinates + straight paths.

Seed 002: "Board is consist of 24 intersections and paths." The seed does not
draw the board, so a board here is plain data:

* ``coords[p]`` - where intersection ``p`` is drawn (x to the right, y up),
* ``lines`` - the straight paths, each an ordered sequence of intersections;
  consecutive entries are joined by a path segment.

Everything the rules need is precomputed once per board: for every point ``p``
and every distance ``d`` the intersections exactly ``d`` steps away along a
straight line (``reach[p][d]``), and the intersections passed on the way
(``between``), so move generation is a table look-up.

The default board (:data:`TOWN_4X6`) is a 4 x 6 grid of streets; see
``docs/assumptions/neko_boss.md`` for why.
"""

from __future__ import annotations

import itertools
import math
import operator
import re
from dataclasses import dataclass
from functools import cached_property

from nekolib.core import InvalidSetup

__all__ = [
    "BOARDS",
    "DEFAULT_BOARD",
    "GRID_4X6_DIAGONAL",
    "THREE_SQUARES",
    "TOWN_4X6",
    "Board",
    "board_by_name",
    "grid_board",
    "line_board",
    "three_squares_board",
]

Point = int


@dataclass(frozen=True)
class Board:
    """Intersections (with coordinates for drawing) and straight paths between them."""

    name: str
    coords: tuple[tuple[float, float], ...]
    lines: tuple[tuple[Point, ...], ...]
    labels: tuple[str, ...] = ()
    description: str = ""

    def __hash__(self) -> int:  # cheap: states (which hold their board) are hashed often
        return hash((self.name, len(self.coords), len(self.lines)))

    def __post_init__(self) -> None:
        n = len(self.coords)
        if n == 0:
            raise InvalidSetup("a board needs at least one intersection")
        if not self.labels:
            object.__setattr__(self, "labels", tuple(str(p) for p in range(n)))
        if len(self.labels) != n or len(set(self.labels)) != n:
            raise InvalidSetup("a board needs one distinct label per intersection")
        seen: set[frozenset[int]] = set()
        for line in self.lines:
            if any(type(p) is not int or not 0 <= p < n for p in line):
                raise InvalidSetup(
                    f"line {line} names an intersection not on the board (points are 0..{n - 1})"
                )
            if len(line) < 2 or len(set(line)) != len(line):
                raise InvalidSetup(f"line {self._named(line)} needs >= 2 distinct intersections")
            for a, b in itertools.pairwise(line):
                edge = frozenset((a, b))
                if edge in seen:
                    raise InvalidSetup(f"segment {self._named((a, b))} lies on two lines")
                seen.add(edge)
        self._check_lines_meet_once()

    def _named(self, points: tuple[Point, ...]) -> str:
        return "-".join(self.labels[p] for p in points)

    def _check_lines_meet_once(self) -> None:
        """Two straight paths cross at most once: a pair of points lies on at most one line.

        Otherwise the same move (same start, same end) would exist twice, possibly at two
        different distances, and "move as same number of stack pieces straightly" would be
        ambiguous. Such a board is refused here, so every legal move is listed once.
        """
        through: dict[frozenset[Point], tuple[Point, ...]] = {}
        for line in self.lines:
            for pair in itertools.combinations(line, 2):
                key = frozenset(pair)
                other = through.get(key)
                if other is not None:
                    a, b = sorted(pair)
                    raise InvalidSetup(
                        f"lines {self._named(other)} and {self._named(line)} both pass through "
                        f"{self.labels[a]} and {self.labels[b]}: straight paths meet at most once"
                    )
                through[key] = line

    # ------------------------------------------------------------------ sizes
    @property
    def size(self) -> int:
        """Number of intersections."""
        return len(self.coords)

    @property
    def points(self) -> range:
        return range(self.size)

    # ------------------------------------------------------------------ geometry
    @cached_property
    def rays(self) -> tuple[tuple[tuple[Point, ...], ...], ...]:
        """``rays[p]``: for each direction along each line through ``p``, the points beyond ``p``.

        "They must move ... straightly on the path": a move follows one ray.
        """
        out: list[list[tuple[Point, ...]]] = [[] for _ in self.points]
        for line in self.lines:
            for i, p in enumerate(line):
                forward = tuple(line[i + 1 :])
                backward = tuple(reversed(line[:i]))
                for ray in (forward, backward):
                    if ray:
                        out[p].append(ray)
        return tuple(tuple(r) for r in out)

    @cached_property
    def max_distance(self) -> int:
        """The longest straight move the board allows (longest line minus one)."""
        return max((len(line) - 1 for line in self.lines), default=0)

    @cached_property
    def reach(self) -> tuple[tuple[tuple[Point, ...], ...], ...]:
        """``reach[p][d]``: the points exactly ``d`` steps from ``p`` along one straight line.

        Index ``d`` runs from 0 to :attr:`max_distance` (``reach[p][0]`` is empty).
        """
        table = []
        for p in self.points:
            row: list[tuple[Point, ...]] = [()]
            for d in range(1, self.max_distance + 1):
                row.append(tuple(ray[d - 1] for ray in self.rays[p] if len(ray) >= d))
            table.append(tuple(row))
        return tuple(table)

    @cached_property
    def between(self) -> dict[tuple[Point, Point], tuple[Point, ...]]:
        """``between[(p, q)]``: the points strictly between ``p`` and ``q`` on their line."""
        table: dict[tuple[Point, Point], tuple[Point, ...]] = {}
        for p in self.points:
            for ray in self.rays[p]:
                for d, q in enumerate(ray):
                    table[(p, q)] = tuple(ray[:d])
        return table

    @cached_property
    def neighbours(self) -> tuple[tuple[Point, ...], ...]:
        """Points one path segment away."""
        return tuple(tuple(ray[0] for ray in self.rays[p]) for p in self.points)

    def distance_on_line(self, p: Point, q: Point) -> int | None:
        """Number of steps from ``p`` to ``q`` along a straight line, or ``None``."""
        if (p, q) not in self.between:
            return None
        return len(self.between[(p, q)]) + 1

    def label(self, p: Point) -> str:
        return self.labels[p]

    def point_of(self, label: str) -> Point:
        """The intersection with this label (:class:`InvalidSetup` naming the labels if none)."""
        p = self.find(label)
        if p is None:
            raise InvalidSetup(f"{label!r} is not an intersection of {self.name}: {self.named()}")
        return p

    def find(self, where: object) -> Point | None:
        """The intersection ``where`` names, or ``None``: an index ``0..size-1`` or a label
        as printed on the board (``"a1"``; surrounding spaces and letter case ignored)."""
        if type(where) is int:
            return where if 0 <= where < self.size else None
        if isinstance(where, str):
            exact = self._label_index.get(where)
            return exact if exact is not None else self._label_index.get(where.strip().lower())
        if isinstance(where, bool) or not hasattr(type(where), "__index__"):
            return None  # True is no intersection; 1.0 is not an index
        return self.find(operator.index(where))  # e.g. a numpy integer

    def named(self) -> str:
        """How intersections are named, for messages: the labels (and the index range)."""
        shown = ", ".join(self.labels[:30]) + (", ..." if self.size > 30 else "")
        return f"intersections are {shown} (or numbered 0..{self.size - 1})"

    @cached_property
    def _label_index(self) -> dict[str, Point]:
        """Label -> point; lower-cased labels too where that stays unambiguous."""
        index = {label: p for p, label in enumerate(self.labels)}
        folded: dict[str, list[Point]] = {}
        for p, label in enumerate(self.labels):
            folded.setdefault(label.strip().lower(), []).append(p)
        for key, points in folded.items():
            if len(points) == 1:
                index.setdefault(key, points[0])
        return index

    # ------------------------------------------------------------------ symmetry
    @cached_property
    def symmetries(self) -> tuple[tuple[Point, ...], ...]:
        """Permutations of the points that map every line onto a line (identity first).

        Found geometrically: the 8 rotations/reflections of the square about the
        centre of the drawing that send intersections onto intersections and paths
        onto paths. A move along a line is mapped to a move along the image line,
        so the game is invariant under every permutation listed here.
        """
        xs = [x for x, _ in self.coords]
        ys = [y for _, y in self.coords]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        where = {(round(x - cx, 6), round(y - cy, 6)): p for p, (x, y) in enumerate(self.coords)}
        line_set = {line for line in self.lines} | {tuple(reversed(x)) for x in self.lines}
        found: list[tuple[Point, ...]] = []
        for transform in _SQUARE_GROUP:
            perm = []
            for x, y in self.coords:
                tx, ty = transform(x - cx, y - cy)
                q = where.get((round(tx, 6), round(ty, 6)))
                if q is None:
                    break
                perm.append(q)
            else:
                image = tuple(perm)
                maps_lines = all(tuple(image[p] for p in ln) in line_set for ln in self.lines)
                if maps_lines and image not in found:
                    found.append(image)
        return tuple(found)


_SQUARE_GROUP = (
    lambda x, y: (x, y),
    lambda x, y: (-x, y),
    lambda x, y: (x, -y),
    lambda x, y: (-x, -y),
    lambda x, y: (y, x),
    lambda x, y: (-y, x),
    lambda x, y: (y, -x),
    lambda x, y: (-y, -x),
)


def _chess_label(x: float, y: float) -> str:
    return f"{'abcdefghijklmnopqrstuvwxyz'[int(x)]}{int(y) + 1}"


def grid_board(
    rows: int, cols: int, *, diagonals: bool = False, name: str | None = None, description: str = ""
) -> Board:
    """A ``rows`` x ``cols`` grid of streets; labels ``a1`` (bottom left) like a chess board.

    Lines are the rows and the columns (and, with ``diagonals``, every diagonal of
    two or more points).
    """
    if rows < 1 or cols < 1 or rows * cols < 2:
        raise InvalidSetup("a grid needs at least two intersections")
    if cols > 26:
        raise InvalidSetup("at most 26 columns")
    index = {(c, r): r * cols + c for r in range(rows) for c in range(cols)}
    coords = tuple((float(c), float(r)) for r in range(rows) for c in range(cols))
    lines: list[tuple[int, ...]] = []
    lines += [tuple(index[(c, r)] for c in range(cols)) for r in range(rows) if cols > 1]
    lines += [tuple(index[(c, r)] for r in range(rows)) for c in range(cols) if rows > 1]
    if diagonals:
        for dc in (1, -1):
            starts = [(c, 0) for c in range(cols)] + [
                (0 if dc == 1 else cols - 1, r) for r in range(1, rows)
            ]
            for c0, r0 in starts:
                diag = []
                c, r = c0, r0
                while (c, r) in index:
                    diag.append(index[(c, r)])
                    c, r = c + dc, r + 1
                if len(diag) >= 2:
                    lines.append(tuple(diag))
    labels = tuple(_chess_label(x, y) for x, y in coords)
    return Board(
        name or f"grid_{rows}x{cols}{'_diagonal' if diagonals else ''}",
        coords,
        tuple(lines),
        labels,
        description or f"{rows} x {cols} grid{' with diagonals' if diagonals else ''}",
    )


def line_board(n: int) -> Board:
    """``n`` intersections on one straight path: the smallest teaching board."""
    return grid_board(1, n, name=f"line_{n}", description=f"{n} intersections in a row")


def three_squares_board() -> Board:
    """The 24-point board of three nested squares (the Nine Men's Morris board).

    Each square side is a straight path of 3 points (corner, middle, corner); the
    four cross paths join the side middles of the three squares. Corners are
    *not* straight through, so no straight move is longer than 2 steps.
    """
    coords: list[tuple[float, float]] = []
    lines: list[tuple[int, ...]] = []
    middles: list[list[int]] = []  # per square: bottom, right, top, left middle
    for k in range(3):
        lo, hi, mid = float(k), float(6 - k), 3.0
        ring = [(lo, lo), (mid, lo), (hi, lo), (hi, mid), (hi, hi), (mid, hi), (lo, hi), (lo, mid)]
        base = len(coords)
        coords += ring
        ids = [base + i for i in range(8)]
        for side in range(4):
            lines.append((ids[2 * side], ids[2 * side + 1], ids[(2 * side + 2) % 8]))
        middles.append([ids[1], ids[3], ids[5], ids[7]])
    for side in range(4):
        lines.append(tuple(middles[k][side] for k in range(3)))
    labels = tuple(_chess_label(x, y) for x, y in coords)
    return Board(
        "three_squares",
        tuple(coords),
        tuple(lines),
        labels,
        "three nested squares joined at the side middles (Nine Men's Morris board)",
    )


TOWN_4X6 = grid_board(
    4,
    6,
    name="town_4x6",
    description="Neko Town: 4 streets crossing 6 avenues (24 intersections, straight paths)",
)
"""The documented default board: a 4 x 6 street grid (see docs/assumptions/neko_boss.md)."""

GRID_4X6_DIAGONAL = grid_board(
    4, 6, diagonals=True, name="grid_4x6_diagonal", description="4 x 6 grid with diagonal paths"
)
THREE_SQUARES = three_squares_board()
DEFAULT_BOARD = TOWN_4X6

BOARDS: dict[str, Board] = {
    b.name: b
    for b in (
        TOWN_4X6,
        THREE_SQUARES,
        GRID_4X6_DIAGONAL,
        grid_board(3, 3),
        grid_board(2, 3),
        grid_board(3, 4),
        line_board(5),
    )
}
"""Every named board: the three 24-point boards and small teaching boards."""


_GRID_NAME = re.compile(r"grid_(\d+)x(\d+)(_diagonal)?")
_LINE_NAME = re.compile(r"line_(\d+)")


def board_by_name(name: str) -> Board:
    """A board of :data:`BOARDS`, or ``grid_RxC`` / ``grid_RxC_diagonal`` / ``line_N`` built
    on demand. Any other name raises :class:`InvalidSetup` listing the known names."""
    if isinstance(name, str):
        if name in BOARDS:
            return BOARDS[name]
        if grid := _GRID_NAME.fullmatch(name):
            rows, cols, diagonal = grid.groups()
            return grid_board(int(rows), int(cols), diagonals=diagonal is not None)
        if line := _LINE_NAME.fullmatch(name):
            return line_board(int(line.group(1)))
    raise InvalidSetup(
        f"unknown board {name!r}; known: {', '.join(BOARDS)}, "
        "or grid_RxC, grid_RxC_diagonal, line_N (R, C, N whole numbers, e.g. grid_3x4)"
    )


def centre_distance(board: Board, p: Point) -> float:
    """Euclidean distance of ``p`` from the centre of the drawing (for move ordering/plots)."""
    xs = [x for x, _ in board.coords]
    ys = [y for _, y in board.coords]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    x, y = board.coords[p]
    return math.hypot(x - cx, y - cy)
