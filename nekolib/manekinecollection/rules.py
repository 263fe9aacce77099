"""Manekinecollection: the rules engine (seed ``001``).

Players play cat cards in front of three kotatsu boards; once everyone has three
cards at one kotatsu, a poker-like showdown over "the two cat pieces on the
kotatsu board plus the player's three played cat cards" decides who takes the
two Zabuton Neko lying there. The game ends "immediately after the third
Manekineko is drawn" from the bag.

Everything is immutable: :class:`MNState` is a frozen dataclass and every
move returns a new state. Chance (card draws, bag draws with the face-down
zabuton tile) is modelled exactly; a shuffled deck is equivalent to drawing a
uniformly random card from what is left in it, so the deck is a multiset.
Numbers the rulebook does not print (card icon counts, zabuton values) are
fields of :class:`Params`, documented in ``docs/assumptions/manekinecollection.md``.
The components and parameters live in :mod:`.components`, hand strength in
:mod:`.hands` and the final score in :mod:`.scoring`; this module re-exports them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from typing import Any

from nekolib.core import (
    CHANCE,
    HIDDEN,
    TERMINAL,
    GameState,
    IllegalAction,
    InvalidSetup,
    action_problem,
    check_player_count,
    check_seat,
    coerce_params,
    make_rng,
)
from nekolib.manekinecollection.components import (
    CAN,
    COLOURS,
    GOLD,
    HAND_SIZE,
    KOTATSU,
    PLAIN,
    ROW_SIZE,
    SLOTS,
    Card,
    Params,
    Piece,
    ZabutonNeko,
    draw_split,
    full_bag,
    full_deck,
    kotatsu_name,
    kotatsu_phrase,
    parse_cards,
    seat_name,
)
from nekolib.manekinecollection.hands import (
    HAND_CLASSES,
    class_of_colours,
    class_of_counts,
    hand_key,
    rank_players,
)
from nekolib.manekinecollection.scoring import Score, score_collection

__all__ = [
    "CAN",
    "COLOURS",
    "GOLD",
    "HAND_CLASSES",
    "HAND_SIZE",
    "KOTATSU",
    "PLAIN",
    "ROW_SIZE",
    "SLOTS",
    "BagDraw",
    "Card",
    "DrawCard",
    "Kotatsu",
    "MNState",
    "Params",
    "Pass",
    "Piece",
    "PlayCards",
    "Score",
    "Showdown",
    "TakeZabuton",
    "ZabutonNeko",
    "class_of_colours",
    "class_of_counts",
    "draw_split",
    "full_bag",
    "full_deck",
    "hand_key",
    "kotatsu_name",
    "kotatsu_phrase",
    "new_game",
    "parse_cards",
    "rank_players",
    "score_collection",
    "seat_name",
]


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True, order=True)
class PlayCards:
    """Play one or two cards "face up in front of one of the Kotatsu Boards"."""

    kotatsu: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"play {' + '.join(map(str, self.cards))} at {kotatsu_phrase(self.kotatsu)}"


@dataclass(frozen=True, order=True)
class Pass:
    """Every kotatsu already holds three of my cards: nothing can be played (see assumptions)."""

    def __str__(self) -> str:
        return "pass (all my places are full)"


@dataclass(frozen=True, order=True)
class TakeZabuton:
    """The strongest hand "take[s] the Zabuton Neko of their choice" after looking secretly."""

    kotatsu: int
    slot: int
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"take Zabuton Neko {'AB'[self.slot] if self.slot < 2 else self.slot}" + (
            f": {self.label}" if self.label else ""
        )


@dataclass(frozen=True, order=True)
class DrawCard:
    """Chance: the top card of the deck (uniform over what is left in it)."""

    card: Card

    def __str__(self) -> str:
        return "draw a card"


@dataclass(frozen=True, order=True)
class BagDraw:
    """Chance: a cat piece (with the top, face-down zabuton tile of its colour) or a Manekineko."""

    piece: Piece | None
    value: int = 0

    @property
    def is_manekineko(self) -> bool:
        return self.piece is None

    def __str__(self) -> str:
        if self.piece is None:
            return "the bag gives a Manekineko!"
        return f"the bag gives a {self.piece} on a face-down {self.piece.colour} zabuton"


# --------------------------------------------------------------------------- table parts
@dataclass(frozen=True)
class Kotatsu:
    """One kotatsu board: its Zabuton Neko slots and each player's row of cards."""

    slots: tuple[ZabutonNeko | None, ...]
    rows: tuple[tuple[Card, ...], ...]
    completed: tuple[int, ...] = ()
    """Players in the order they played their third card here ("third card first")."""


@dataclass(frozen=True)
class Showdown:
    """A resolved showdown, kept for display: ranking, hands and who took what."""

    kotatsu: int
    pieces: tuple[Piece, ...]
    rows: tuple[tuple[Card, ...], ...]
    ranking: tuple[int, ...]
    keys: tuple[tuple[int, tuple[int, ...]], ...]
    taken: tuple[tuple[int, Piece], ...] = ()


Task = tuple[Any, ...]
"""Pending steps: ("deal"|"draw", player), ("fill", k), ("choose", k), ("restock",) ..."""

_CHANCE_TASKS = {"deal", "draw", "fill"}


# --------------------------------------------------------------------------- state
@dataclass(frozen=True, repr=False)
class MNState(GameState):
    """A Manekinecollection position (immutable)."""

    params: Params
    num_players: int
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    kotatsu: tuple[Kotatsu, ...]
    bag: tuple[Piece, ...]
    bag_manekineko: int
    reserve_manekineko: int
    drawn_manekineko: int
    stacks: tuple[tuple[int, ...], ...]
    """Remaining zabuton tile values per colour (face down, shuffled: a multiset)."""
    collected: tuple[tuple[ZabutonNeko, ...], ...]
    tasks: tuple[Task, ...] = ()
    pending_restock: int = 0
    showdown: Showdown | None = None
    """The showdown in progress (3-4 players: the winner is choosing) or the last one."""
    finished: bool = False
    reshuffles: int = 0
    turns: int = 0
    peeks: tuple[tuple[int, int, int], ...] = ()
    """``(chooser, owner, i)``: a showdown's chooser saw tile ``i`` of the second hand's
    collection ("check the front sides of the two Zabuton tiles") and still knows it."""

    # -- who acts --------------------------------------------------------------
    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if self.tasks:
            kind = self.tasks[0][0]
            if kind in _CHANCE_TASKS:
                return CHANCE
            if kind == "choose":
                assert self.showdown is not None
                return self.showdown.ranking[0]
            raise AssertionError(f"unsettled task {self.tasks[0]}")
        return self.turn

    def turn_player(self) -> int:
        return self.turn

    @property
    def phase(self) -> str:
        """``setup``, ``play``, ``draw``, ``choose``, ``refill`` or ``over``."""
        if self.finished:
            return "over"
        if not self.tasks:
            return "play"
        return {"deal": "setup", "draw": "draw", "fill": "refill", "choose": "choose"}[
            self.tasks[0][0]
        ]

    # -- legal actions -----------------------------------------------------------
    def places(self, player: int) -> list[tuple[int, tuple[int, ...]]]:
        """``(kotatsu, allowed card counts)`` where ``player`` may play.

        "1. Where there are no cat cards, you can play one or two. 2. Two cards must
        be played where there is one cat card. 3. One card must be played where
        there are two cat cards." (three is the maximum: "Up to three cat cards").
        """
        size = ROW_SIZE
        out = []
        for k, board in enumerate(self.kotatsu):
            have = len(board.rows[player])
            if have == size:
                continue
            counts = (1, 2) if have == 0 else (size - have,)
            out.append((k, tuple(n for n in counts if n <= len(self.hands[player]))))
        return [(k, c) for k, c in out if c]

    def _legal_actions(self) -> list[Any]:
        if self.tasks and self.tasks[0][0] == "choose":
            return self._choices()
        hand = self.hands[self.turn]
        actions = []
        for k, counts in self.places(self.turn):
            for n in counts:
                for cards in sorted(set(combinations(hand, n))):
                    actions.append(PlayCards(k, cards))
        return actions or [Pass()]

    def _choices(self) -> list[TakeZabuton]:
        k = self.tasks[0][1]
        return [
            TakeZabuton(k, i, str(z.piece))
            for i, z in enumerate(self.kotatsu[k].slots)
            if z is not None
        ]

    def is_legal(self, action: Any) -> bool:
        who = self.current_player()
        if who == TERMINAL:
            return False
        if who == CHANCE:
            return self._chance_possible(action)
        if isinstance(action, PlayCards) and not self.tasks:
            return self._play_ok(action)
        return action in self._legal_actions()

    def _play_ok(self, action: PlayCards) -> bool:
        if not isinstance(action.cards, tuple) or list(action.cards) != sorted(action.cards):
            return False
        counts = dict(self.places(self.turn))
        if action.kotatsu not in counts or len(action.cards) not in counts[action.kotatsu]:
            return False
        need = Counter(action.cards)
        have = Counter(self.hands[self.turn])
        return all(have[c] >= n for c, n in need.items())

    def _chance_possible(self, action: Any) -> bool:
        kind = self.tasks[0][0]
        if kind == "fill":
            if not isinstance(action, BagDraw):
                return False
            if action.piece is None:  # a Manekineko comes without a tile: value 0
                return action.value == 0 and self.bag_manekineko > 0
            return (
                action.piece in self.bag
                and action.value in self.stacks[self.params.colours.index(action.piece.colour)]
            )
        return isinstance(action, DrawCard) and action.card in self._draw_source()

    def explain_illegal(self, action: Any) -> str:
        who = self.current_player()
        if who == TERMINAL:
            return "the game is over (the third Manekineko was drawn)"
        if who == CHANCE:
            if isinstance(action, BagDraw) and action.piece is None and action.value != 0:
                return "a Manekineko comes out of the bag without a zabuton tile: BagDraw(None)"
            return "a chance event (card or bag draw) is pending"
        if self.tasks and self.tasks[0][0] == "choose":
            return f"{seat_name(who)} must first take one of the two Zabuton Neko"
        if isinstance(action, TakeZabuton):
            return "there is no showdown to collect"
        if isinstance(action, Pass):
            return "passing is only allowed when no card can be played"
        if not isinstance(action, PlayCards):
            return "on your turn you play one or two cat cards at one kotatsu"
        if not 0 <= action.kotatsu < len(self.kotatsu):
            names = ", ".join(f"{k} ({kotatsu_name(k)})" for k in range(len(self.kotatsu)))
            return f"there is no kotatsu {action.kotatsu}; the kotatsu are {names}"
        have = len(self.kotatsu[action.kotatsu].rows[self.turn])
        n = len(action.cards)
        if have == ROW_SIZE:
            return "up to three cat cards can be placed in one place, and that place is full"
        if have == 0 and n not in (1, 2):
            return "where there are no cat cards, you can play one or two"
        if have == 1 and n != 2:
            return "two cards must be played where there is one cat card"
        if have == 2 and n != 1:
            return "one card must be played where there are two cat cards"
        if Counter(action.cards) - Counter(self.hands[self.turn]):
            return "those cards are not all in your hand"
        return "cards must be given as a sorted tuple of Card"

    # -- chance ------------------------------------------------------------------
    def _draw_source(self) -> tuple[Card, ...]:
        """The deck, or (:func:`draw_split`) the discard pile about to become a new deck."""
        from_deck, _ = draw_split(len(self.deck), 1)
        return self.deck if from_deck else self.discard

    def _bag_items(self) -> list[Piece | None]:
        return [*self.bag, *([None] * self.bag_manekineko)]

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        if self.current_player() != CHANCE:
            return super().chance_outcomes()
        if self.tasks[0][0] == "fill":
            return self._bag_outcomes()
        source = Counter(self._draw_source())
        total = sum(source.values())
        return [(DrawCard(c), Fraction(n, total)) for c, n in sorted(source.items())]

    def _bag_outcomes(self) -> list[tuple[BagDraw, Fraction]]:
        total = len(self.bag) + self.bag_manekineko
        out: list[tuple[BagDraw, Fraction]] = []
        for piece, n in sorted(Counter(self.bag).items()):
            stack = Counter(self.stacks[self.params.colours.index(piece.colour)])
            size = sum(stack.values())
            for value, m in sorted(stack.items()):
                out.append((BagDraw(piece, value), Fraction(n * m, total * size)))
        if self.bag_manekineko:
            out.append((BagDraw(None), Fraction(self.bag_manekineko, total)))
        return out

    def sample_chance(self, rng: random.Random) -> Any:
        """Exactly the distribution of :meth:`chance_outcomes`, without building Fractions."""
        if self.tasks and self.tasks[0][0] == "fill":
            piece = rng.choice(self._bag_items())
            if piece is None:
                return BagDraw(None)
            stack = self.stacks[self.params.colours.index(piece.colour)]
            return BagDraw(piece, rng.choice(stack))
        return DrawCard(rng.choice(self._draw_source()))

    # -- applying ----------------------------------------------------------------
    def _apply(self, action: Any) -> MNState:
        if isinstance(action, PlayCards):
            state = self._play(action)
        elif isinstance(action, Pass):
            state = replace(self, tasks=(("next_turn",),))
        elif isinstance(action, TakeZabuton):
            state = self._award(self.tasks[0][1], action.slot)
        elif isinstance(action, DrawCard):
            state = self._draw_card(action.card)
        elif isinstance(action, BagDraw):
            state = self._bag_draw(action)
        else:  # pragma: no cover - is_legal rejects everything else
            raise AssertionError(action)
        return state._settle()

    def _play(self, action: PlayCards) -> MNState:
        """Put the cards down; "Once everyone has played three cat cards on one kotatsu
        board", resolve the showdown before drawing back up to three."""
        p, k = self.turn, action.kotatsu
        hand = list(self.hands[p])
        for card in action.cards:
            hand.remove(card)
        board = self.kotatsu[k]
        row = tuple(sorted(board.rows[p] + action.cards))
        completed = board.completed + ((p,) if len(row) == ROW_SIZE else ())
        board = replace(board, rows=_put(board.rows, p, row), completed=completed)
        state = replace(
            self,
            hands=_put(self.hands, p, tuple(hand)),
            kotatsu=_put(self.kotatsu, k, board),
        )
        draws: tuple[Task, ...] = tuple(("draw", p) for _ in action.cards)
        tail = (*draws, ("next_turn",))
        if len(completed) == self.num_players:
            return state._start_showdown(k, tail)
        return replace(state, tasks=tail)

    def _start_showdown(self, k: int, tail: tuple[Task, ...]) -> MNState:
        """Rulebook: "1. Showdown: Compare the strength of the 'hands' each player has made"."""
        board = self.kotatsu[k]
        pieces = tuple(z.piece for z in board.slots if z is not None)
        ranking = rank_players(pieces, board.rows, board.completed, self.params.set_strength)
        keys = tuple(hand_key(pieces, board.rows[p], self.params.set_strength) for p in ranking)
        show = Showdown(k, pieces, board.rows, ranking, keys)
        after = (("clear", k), ("fill", k), ("fill", k), ("restock",), *tail)
        if self.num_players >= 3:
            return replace(self, showdown=show, tasks=(("choose", k), *after))
        return replace(self, showdown=show, tasks=(("award_both", k), *after))

    def _award(self, k: int, slot: int) -> MNState:
        """Rulebook: "The player with the strongest hand ... take[s] the Zabuton Neko of
        their choice. The player with the second strongest hand will take the remaining
        Zabuton Neko."
        """
        assert self.showdown is not None
        first, second = self.showdown.ranking[:2]
        slots = self.kotatsu[k].slots
        other = next(i for i, z in enumerate(slots) if i != slot and z is not None)
        gains = ((first, slots[slot]), (second, slots[other]))
        state = self._give(k, gains)
        peek = (first, second, len(self.collected[second]))
        return replace(state, tasks=self.tasks[1:], peeks=(*self.peeks, peek))

    def _give(self, k: int, gains: Sequence[tuple[int, ZabutonNeko | None]]) -> MNState:
        collected = list(self.collected)
        for player, z in gains:
            assert z is not None
            collected[player] = (*collected[player], z)
        board = replace(self.kotatsu[k], slots=(None,) * SLOTS)
        assert self.showdown is not None
        show = replace(self.showdown, taken=tuple((p, z.piece) for p, z in gains if z))
        return replace(
            self, collected=tuple(collected), kotatsu=_put(self.kotatsu, k, board), showdown=show
        )

    def _draw_card(self, card: Card) -> MNState:
        """Rulebook: "Draw Cat Cards from the Deck until you have 3 cards in your hand. If
        you run out of deck, shuffle the discard pile cards and make a new deck."
        """
        deck, discard, reshuffles = self.deck, self.discard, self.reshuffles
        if not deck:
            deck, discard, reshuffles = discard, (), reshuffles + 1
        remaining = list(deck)
        remaining.remove(card)
        p = self.tasks[0][1]
        hand = tuple(sorted((*self.hands[p], card)))
        return replace(
            self,
            deck=tuple(remaining),
            discard=discard,
            reshuffles=reshuffles,
            hands=_put(self.hands, p, hand),
            tasks=self.tasks[1:],
        )

    def _bag_draw(self, draw: BagDraw) -> MNState:
        """Place a new Zabuton Neko, or a Manekineko "between the kotatsu boards and draw
        again"; "The game ends immediately after the third Manekineko is drawn"."""
        if draw.piece is None:
            drawn = self.drawn_manekineko + 1
            state = replace(self, bag_manekineko=self.bag_manekineko - 1, drawn_manekineko=drawn)
            if drawn >= self.params.manekineko_to_end:
                return replace(state, finished=True, tasks=())
            return state  # the same "fill" task draws again
        k = self.tasks[0][1]
        ci = self.params.colours.index(draw.piece.colour)
        bag = list(self.bag)
        bag.remove(draw.piece)
        stack = list(self.stacks[ci])
        stack.remove(draw.value)
        board = self.kotatsu[k]
        slot = board.slots.index(None)
        board = replace(board, slots=_put(board.slots, slot, ZabutonNeko(draw.piece, draw.value)))
        return replace(
            self,
            bag=tuple(bag),
            stacks=_put(self.stacks, ci, tuple(stack)),
            kotatsu=_put(self.kotatsu, k, board),
            pending_restock=self.pending_restock + (0 if stack else 1),
            tasks=self.tasks[1:],
        )

    def _settle(self) -> MNState:
        """Carry out the deterministic bookkeeping steps at the head of the task list."""
        state = self
        while state.tasks and not state.finished:
            task, rest = state.tasks[0], state.tasks[1:]
            kind = task[0]
            if kind == "fill" and not state._bag_items():
                return replace(state, finished=True, tasks=())  # only with odd parameters
            if kind in _CHANCE_TASKS or kind == "choose":
                break
            if kind == "award_both":
                slots = state.kotatsu[task[1]].slots
                assert state.showdown is not None
                winner = state.showdown.ranking[0]
                state = replace(state._give(task[1], [(winner, z) for z in slots]), tasks=rest)
            elif kind == "clear":
                state = replace(state._clear(task[1]), tasks=rest)
            elif kind == "restock":
                state = replace(state._restock(), tasks=rest)
            elif kind == "seed_bag":
                n = state.params.manekineko_at_start
                state = replace(state._manekineko_into_bag(n), tasks=rest)
            elif kind == "next_turn":
                state = replace(
                    state,
                    turn=(state.turn + 1) % state.num_players,
                    turns=state.turns + 1,
                    tasks=rest,
                )
            else:  # pragma: no cover
                raise AssertionError(task)
        return state

    def _clear(self, k: int) -> MNState:
        """Rulebook: "All Cat Cards on that Kotatsu Board are discarded."."""
        board = self.kotatsu[k]
        cards = tuple(c for row in board.rows for c in row)
        empty = Kotatsu(board.slots, ((),) * self.num_players)
        return replace(self, discard=self.discard + cards, kotatsu=_put(self.kotatsu, k, empty))

    def _restock(self) -> MNState:
        """Rulebook: "If you have a Zabuton tile that is out of stock, take one
        [Manekineko] of each color and place them in the bag. If multiple colors run out
        at the same time, place the same number ... in the bag."
        """
        return replace(self._manekineko_into_bag(self.pending_restock), pending_restock=0)

    def _manekineko_into_bag(self, n: int) -> MNState:
        """Move up to ``n`` Manekineko from the supply into the bag."""
        n = min(n, self.reserve_manekineko)
        return replace(
            self,
            bag_manekineko=self.bag_manekineko + n,
            reserve_manekineko=self.reserve_manekineko - n,
        )

    # -- results -------------------------------------------------------------------
    def scores(self) -> list[Score]:
        return [score_collection(c, self.params) for c in self.collected]

    def returns(self) -> list[float]:
        """Rulebook: "the player with the highest total score wins ... If the scores are the same,
        the player with more cat pieces wins. If they are also equal, all of them are
        winners!" (shared winners split the win)."""
        if not self.finished:
            return [0.0] * self.num_players
        keys = [(s.total, s.pieces) for s in self.scores()]
        best = max(keys)
        winners = [p for p, key in enumerate(keys) if key == best]
        return [1 / len(winners) if p in winners else 0.0 for p in range(self.num_players)]

    # -- views ---------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees: own hand and own tiles; everybody's played cards and pieces.

        Zabuton tiles lie face down ("check the front sides of the two Zabuton tiles
        without the other players being able to see them"): a value is shown only
        to its owner, to the chooser of a showdown (who goes on seeing the tile the
        second hand took), and to everybody at the end. ``player`` is a seat
        ``0..num_players-1`` or ``None`` (a spectator); anything else raises a
        :class:`~nekolib.core.NekoError` saying so.
        """
        if player is not None:
            player = check_seat(player, self.num_players, "view (or None for a spectator)")
        choosing = self.tasks[0][1] if self.tasks and self.tasks[0][0] == "choose" else None
        chooser = self.current_player() if choosing is not None else None
        over = self.finished

        def tile(z: ZabutonNeko | None, k: int) -> dict[str, Any] | None:
            if z is None:
                return None
            seen = over or (k == choosing and player == chooser)
            return _zn_view(z, seen)

        view: dict[str, Any] = {
            "game": "manekinecollection",
            "viewer": player,
            "num_players": self.num_players,
            "turn": self.turn,
            "decider": self.current_player(),
            "phase": self.phase,
            "colours": list(self.params.colours),
            "hand_sizes": [len(h) for h in self.hands],
            "hands": [
                [str(c) for c in h] if (p == player or over) else HIDDEN
                for p, h in enumerate(self.hands)
            ],
            "kotatsu": [
                {
                    "name": kotatsu_name(k, len(self.kotatsu)),
                    "slots": [tile(z, k) for z in b.slots],
                    "rows": [[str(c) for c in row] for row in b.rows],
                    "completed": list(b.completed),
                }
                for k, b in enumerate(self.kotatsu)
            ],
            "deck_size": len(self.deck),
            "discard": [str(c) for c in self.discard]
            if self.params.discard_visible or over
            else [HIDDEN] * len(self.discard),
            "bag": dict(sorted(Counter(str(p) for p in self.bag).items())),
            "bag_size": len(self.bag),
            "bag_manekineko": self.bag_manekineko,
            "manekineko_drawn": self.drawn_manekineko,
            "manekineko_to_end": self.params.manekineko_to_end,
            "manekineko_reserve": self.reserve_manekineko,
            "tiles_left": {
                c: len(s) for c, s in zip(self.params.colours, self.stacks, strict=True)
            },
            "collected": [
                [
                    _zn_view(z, over or p == player or (player, p, i) in self.peeks)
                    for i, z in enumerate(zs)
                ]
                for p, zs in enumerate(self.collected)
            ],
            "showdown": _showdown_view(self.showdown),
            "choosing": choosing,
            "reshuffles": self.reshuffles,
        }
        if over:
            view["scores"] = [_score_view(s) for s in self.scores()]
            view["winners"] = list(self.winners())
        elif player is not None and 0 <= player < self.num_players:
            view["my_score"] = _score_view(score_collection(self.collected[player], self.params))
        return view

    def action_to_string(self, action: Any) -> str:
        """The action's label, seats named as in the widget (``Red draws a card``).

        Something that is no well-formed Manekinecollection action raises
        :class:`IllegalAction` saying what is wrong and what is legal now.
        """
        problem = action_problem(action) or self._foreign_action(action)
        if problem is not None:
            raise IllegalAction(action, problem, self.legal_actions(), self.current_player())
        if isinstance(action, DrawCard) and self.tasks and self.tasks[0][0] in ("deal", "draw"):
            return f"{seat_name(self.tasks[0][1])} draws a card"
        return str(action)

    # -- helpers for analysis/UI ------------------------------------------------------
    def pieces_at(self, k: int) -> tuple[Piece, ...]:
        return tuple(z.piece for z in self.kotatsu[k].slots if z is not None)

    def visible_cards(self, player: int) -> list[Card]:
        """Cards ``player`` knows the place of: own hand, every row, the discard pile."""
        seen = list(self.hands[player])
        for board in self.kotatsu:
            for row in board.rows:
                seen += row
        if self.params.discard_visible:
            seen += self.discard
        return seen


def _put(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def _zn_view(z: ZabutonNeko, seen: bool) -> dict[str, Any]:
    return {"colour": z.colour, "feature": z.piece.feature, "value": z.value if seen else HIDDEN}


def _score_view(s: Score) -> dict[str, Any]:
    return {
        "tiles": s.tiles,
        "gold_coin": s.gold_coin,
        "cancelled": list(s.cancelled),
        "collection": s.collection,
        "pieces": s.pieces,
        "total": s.total,
    }


def _showdown_view(show: Showdown | None) -> dict[str, Any] | None:
    if show is None:
        return None
    return {
        "kotatsu": show.kotatsu,
        "pieces": [str(p) for p in show.pieces],
        "ranking": [
            {
                "player": p,
                "cards": [str(c) for c in show.rows[p]],
                "hand": HAND_CLASSES[key[0]],
                "strengths": list(key[1]),
            }
            for p, key in zip(show.ranking, show.keys, strict=True)
        ],
        "taken": [{"player": p, "piece": str(piece)} for p, piece in show.taken],
    }


# --------------------------------------------------------------------------- setup
def initial_state(num_players: int, params: Params | None = None) -> MNState:
    """The table before the setup draws: every setup draw is a pending chance event.

    Setup: "Place two 'Zabuton Neko' on each 'Kotatsu Board'", then "Put one
    Manekineko in the 'bag'", then "Each player draws three 'Cat Cards'".
    """
    params = coerce_params(params, Params)
    num_players = check_player_count(num_players, 2, 4, "Manekinecollection")
    if not 0 <= params.first_player < num_players:
        raise InvalidSetup(
            f"Params.first_player must be a seat 0-{num_players - 1}; got {params.first_player}"
        )
    if params.hand_sizes and len(params.hand_sizes) != num_players:
        raise InvalidSetup(
            f"Params.hand_sizes gives {len(params.hand_sizes)} hand sizes for {num_players} "
            f"players: give one per player in turn order, or () for {HAND_SIZE} each"
        )
    cards, needed = len(full_deck(params)), num_players * (HAND_SIZE + KOTATSU * ROW_SIZE)
    if cards < needed:  # hands + three full rows per player must leave a card to draw
        raise InvalidSetup(
            f"Params.colours x card_ranks give {cards} cat cards; {num_players} players need "
            f"at least {needed} (a hand of {HAND_SIZE} and {KOTATSU} rows of {ROW_SIZE} each)"
        )
    kotatsu = tuple(Kotatsu((None,) * SLOTS, ((),) * num_players) for _ in range(KOTATSU))
    fills = tuple(("fill", k) for k in range(KOTATSU) for _ in kotatsu[k].slots)
    deals = tuple(
        ("deal", p) for p in range(num_players) for _ in range(params.hand_size(p, num_players))
    )
    values = tuple(sorted(params.zabuton_values))
    return MNState(
        params=params,
        num_players=num_players,
        turn=params.first_player,
        hands=((),) * num_players,
        deck=full_deck(params),
        discard=(),
        kotatsu=kotatsu,
        bag=full_bag(params),
        bag_manekineko=0,
        reserve_manekineko=params.manekineko_total,
        drawn_manekineko=0,
        stacks=(values,) * len(params.colours),
        collected=((),) * num_players,
        tasks=(*fills, ("restock",), ("seed_bag",), *deals),
    )


def new_game(
    num_players: int = 2,
    params: Params | None = None,
    seed: int | str | None = None,
    **overrides: Any,
) -> MNState:
    """A new game; with a ``seed`` the setup draws are done (first player to move).

    ``params`` is a :class:`Params`, a dict of its fields, or ``None``; keyword
    arguments override fields (``new_game(3, seed=1, set_strength="max")``). ``seed``
    is an int, a str or ``None`` (anything else raises :class:`InvalidSetup`).
    """
    make_rng(seed)  # refuses 1.5, [1], object() ... as every game does
    state = initial_state(num_players, coerce_params(params, Params, overrides))
    if seed is None:
        return state
    rng = make_rng(f"manekinecollection-setup/{seed}")
    while state.current_player() == CHANCE:
        state = state.apply(state.sample_chance(rng))
    return state
