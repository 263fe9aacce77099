"""Rules of *Indovina Gatto* by Connor Reid (HABA 2019; English edition *Cloaked Cats*,
German *Club der Tatzen*).

Seed: ``003_*.txt`` (Italian rulebook). The whole deal (trait cards and cat
cards) is shuffled by :func:`new_game` from its seed, so a game contains no
chance nodes: every decision is a player's.

A turn (rulebook "SVOLGIMENTO DEL GIOCO", "Ogni turno di gioco si svolge in 4 fasi"):

1. *Giocare una carta gatto*: the turn player plays one of their cat cards
   (:class:`PlayCat`);
2. *Piazzare una tessera maschera*: automatic: every player sharing at least
   one trait with the cat places exactly one mask on it;
3. *(Facoltativo) indovinare*: the turn player may guess one trait of one
   player (:class:`Guess`) or not (:class:`Pass`);
4. *Pescare una carta gatto*: automatic draw from the deck.

Every choice the rulebook leaves open is a field of :class:`Params` and a row
in ``docs/assumptions/indovina_gatto.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from nekolib.core import (
    HIDDEN,
    TERMINAL,
    GameState,
    InvalidSetup,
    check_player_count,
    check_seat,
    make_rng,
)

# --------------------------------------------------------------------------- traits
# Canonical names are those of the English edition (*Cloaked Cats*); the Italian
# rulebook names are a label layer (:data:`ITALIAN`, :func:`trait_label`).
POSES: tuple[str, ...] = (
    "leaping daredevil",
    "strutting beauty",
    "seated boss",
    "lazy layabout",
    "playful kitty",
)
"""The five poses ("Posa"): lo spavaldo baldanzoso, l'arrogante impettita, il boss
accovacciato, il pigrone sdraiato, la giocherellona a pancia in su."""
COLOURS: tuple[str, ...] = (
    "white",
    "brown",
    "blue",
    "black",
    "green",
    "yellow",
    "purple",
    "red",
)
""""Colore del pelo": bianco, marrone, blu, nero, verde, giallo, viola, rosso."""
PATTERNS: tuple[str, ...] = ("striped", "spotted")
""""Disegno del pelo": tigrato, maculato."""
ACCESSORIES: tuple[str, ...] = ("ball of yarn", "fish cocktail", "top hat", "toy mouse")
""""Accessori": gomitolo di lana, cocktail di pesce, cilindro, topolino giocattolo."""

ALL_TRAITS: tuple[str, ...] = POSES + COLOURS + PATTERNS + ACCESSORIES
"""The 19 trait cards ("19 carte caratteristica"), one card per trait."""

CATEGORY: dict[str, str] = {
    **dict.fromkeys(POSES, "pose"),
    **dict.fromkeys(COLOURS, "colour"),
    **dict.fromkeys(PATTERNS, "pattern"),
    **dict.fromkeys(ACCESSORIES, "accessory"),
}

ITALIAN: dict[str, str] = {
    "leaping daredevil": "lo spavaldo baldanzoso",
    "strutting beauty": "l'arrogante impettita",
    "seated boss": "il boss accovacciato",
    "lazy layabout": "il pigrone sdraiato",
    "playful kitty": "la giocherellona a pancia in su",
    "white": "bianco",
    "brown": "marrone",
    "blue": "blu",
    "black": "nero",
    "green": "verde",
    "yellow": "giallo",
    "purple": "viola",
    "red": "rosso",
    "striped": "tigrato",
    "spotted": "maculato",
    "ball of yarn": "gomitolo di lana",
    "fish cocktail": "cocktail di pesce",
    "top hat": "cilindro",
    "toy mouse": "topolino giocattolo",
}
"""English trait name -> the name printed in the Italian rulebook ("LE CARTE GATTO")."""

CATEGORY_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "pose": "Pose",
        "colour": "Fur colour",
        "pattern": "Fur pattern",
        "accessory": "Accessory",
    },
    "it": {
        "pose": "Posa",
        "colour": "Colore del pelo",
        "pattern": "Disegno del pelo",
        "accessory": "Accessori",
    },
}
"""Category headings per language (Italian as on the invitation card)."""

LANGUAGES: tuple[str, ...] = ("en", "it")


def _check_language(language: Any) -> None:
    if language not in LANGUAGES:
        raise InvalidSetup(f"language={language!r} is not available; use one of {LANGUAGES}")


def trait_label(trait: str, language: str = "en") -> str:
    """The name of ``trait`` (a canonical English name) shown to a reader of ``language``.

    ``"en"``: the English edition's name (the canonical name itself); ``"it"``: the
    Italian rulebook's. :data:`~nekolib.core.HIDDEN` is passed through unchanged.
    """
    _check_language(language)
    if trait == HIDDEN:
        return HIDDEN
    if trait not in ITALIAN:
        raise InvalidSetup(f"{trait!r} is not a trait; the traits are {', '.join(ALL_TRAITS)}")
    return ITALIAN[trait] if language == "it" else trait


def category_label(category: str, language: str = "en") -> str:
    """Heading of a trait category (``"pose"``, ``"colour"``, ...) in ``language``."""
    _check_language(language)
    if category not in CATEGORY_LABELS["en"]:
        raise InvalidSetup(
            f"{category!r} is not a category; use one of {tuple(CATEGORY_LABELS['en'])}"
        )
    return CATEGORY_LABELS[language][category]


def _default_deck() -> tuple[tuple[str, ...], ...]:
    """The documented default deck of 40 cat cards (the seed does not list the cards).

    "Ogni carta gatto contiene un gatto dotato di 3-4 caratteristiche" and "non
    tutti i gatti hanno un disegno del pelo", "ci sono anche gatti senza accessori".
    Cat ``i`` (colour ``c = i // 5``, slot ``s = i % 5``) has colour ``c``, pose
    ``(s + 2c) mod 5``; a pattern when ``s + c`` is even (20 cats, striped and spotted
    alternating); an accessory if it has no pattern or is among the first three of
    every five patterned cats (32 cats, the four accessories in rotation). Result:
    every pose on 8 cats, every colour on 5, each pattern on 10, each accessory on 8,
    28 cats with 3 traits and 12 with 4.
    """
    deck = []
    patterned = accessorised = 0
    for i in range(40):
        c, s = divmod(i, 5)
        traits = [POSES[(s + 2 * c) % 5], COLOURS[c]]
        has_pattern = (s + c) % 2 == 0
        has_accessory = not has_pattern
        if has_pattern:
            traits.append(PATTERNS[patterned % 2])
            has_accessory = patterned % 5 < 3
            patterned += 1
        if has_accessory:
            traits.append(ACCESSORIES[accessorised % 4])
            accessorised += 1
        deck.append(tuple(traits))
    return tuple(deck)


DEFAULT_DECK: tuple[tuple[str, ...], ...] = _default_deck()

FINAL_ROUND_CHOICES = ("rest_of_round", "everyone_else", "none")
MAX_PLAYERS = 4
""""per 2-4 giocatori"."""


@dataclass(frozen=True)
class Params:
    """Everything the rulebook fixes, plus every reading it leaves open (see assumptions)."""

    deck: tuple[tuple[str, ...], ...] = DEFAULT_DECK
    """The 40 cat cards, each a tuple of traits (pose, colour, [pattern], [accessory])."""
    traits_per_player: int = 3
    """"distribuitene 3 coperte a ogni giocatore"."""
    masks_per_player: int = 16
    """"16 maschere per colore"."""
    hand_size: int = 3
    """"Mescolate le carte gatto e distribuitene 3"."""
    start_player: int = 0
    """Seat of the starting player (the invitations are shuffled; seats are numbered from it)."""
    final_round: str = "rest_of_round"
    """After the last trait of a player is revealed, who still guesses: the players after
    the turn player up to the end of the round (``rest_of_round``), every other player
    (``everyone_else``) or nobody (``none``)."""
    empty_hand_ends_game: bool = True
    """A turn player with no cat card left (deck empty) cannot play: the game ends then.
    ``False``: that player's turn is phase 3 only (guess or pass)."""
    guess_own_traits: bool = False
    """Whether a player may name a trait printed on their own trait cards (always wrong)."""

    def __post_init__(self) -> None:
        """Refuse every value the game cannot be played with (:class:`InvalidSetup` naming
        the field, the value and what is allowed). A deck given as lists becomes tuples."""
        _check_whole("traits_per_player", self.traits_per_player, 1, len(ALL_TRAITS) // 2)
        _check_whole("masks_per_player", self.masks_per_player, 1)
        _check_whole("hand_size", self.hand_size, 1)
        _check_whole("start_player", self.start_player, 0, MAX_PLAYERS - 1)
        if not isinstance(self.final_round, str) or self.final_round not in FINAL_ROUND_CHOICES:
            raise InvalidSetup(
                f"Params.final_round={self.final_round!r} is not allowed: "
                f"use one of {FINAL_ROUND_CHOICES}"
            )
        for name in ("empty_hand_ends_game", "guess_own_traits"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise InvalidSetup(f"Params.{name}={value!r} is not allowed: use True or False")
        object.__setattr__(self, "deck", _checked_deck(self.deck, self.hand_size))


def _check_whole(name: str, value: Any, low: int, high: int | None = None) -> None:
    """``value`` must be an ``int`` (not a bool) in ``low..high``."""
    if type(value) is int and value >= low and (high is None or value <= high):
        return
    allowed = f"from {low} to {high}" if high is not None else f"{low} or more"
    raise InvalidSetup(f"Params.{name}={value!r} is not allowed: use a whole number {allowed}")


def _checked_deck(deck: Any, hand_size: int) -> tuple[tuple[str, ...], ...]:
    """ "40 carte gatto"; "Ogni carta gatto contiene un gatto dotato di 3-4 caratteristiche".

    Any deck of cats with 3-4 distinct traits each is accepted, as long as two players
    can be dealt a full hand ("distribuitene 3"); the player count is checked by
    :func:`new_game`.
    """
    shape = "a sequence of cat cards, each a tuple of 3-4 distinct trait names"
    if not isinstance(deck, (tuple, list)):
        raise InvalidSetup(f"Params.deck={deck!r} is not allowed: use {shape}")
    need = 2 * hand_size
    if len(deck) < need:
        raise InvalidSetup(
            f"Params.deck has {len(deck)} cat cards: at least {need} are needed "
            f"(two players, hand_size={hand_size} each); the box has 40"
        )
    out = []
    for i, card in enumerate(deck):
        if not isinstance(card, (tuple, list)) or not all(isinstance(t, str) for t in card):
            raise InvalidSetup(f"Params.deck[{i}]={card!r} is not allowed: use {shape}")
        unknown = [t for t in card if t not in ALL_TRAITS]
        if unknown:
            raise InvalidSetup(
                f"Params.deck[{i}]={card!r} is not allowed: {unknown[0]!r} is not a trait "
                f"(traits: {', '.join(ALL_TRAITS)})"
            )
        if len(set(card)) != len(card) or not 3 <= len(card) <= 4:
            raise InvalidSetup(
                f"Params.deck[{i}]={card!r} is not allowed: a cat has 3-4 distinct traits"
            )
        out.append(tuple(card))
    return tuple(out)


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True, order=True)
class PlayCat:
    """Phase 1: "Scegli una delle tre carte gatto che hai in mano e mettila al centro"."""

    card: int

    def __str__(self) -> str:
        return f"play cat #{self.card}"


@dataclass(frozen=True, order=True)
class Guess:
    """Phase 3: "indovinare una caratteristica a piacere ... di un giocatore a scelta"."""

    suspect: int
    trait: str

    def __str__(self) -> str:
        return f"guess player {self.suspect} is {self.trait}"


@dataclass(frozen=True, order=True)
class Pass:
    """Phase 3 is optional: "Questa fase è facoltativa, quindi puoi anche saltarla"."""

    def __str__(self) -> str:
        return "no guess"


Action = PlayCat | Guess | Pass


# --------------------------------------------------------------------------- records
@dataclass(frozen=True)
class TablePlay:
    """A cat card on the table and the players who put a mask on it (public forever)."""

    card: int
    player: int
    maskers: tuple[int, ...]


@dataclass(frozen=True)
class GuessRecord:
    """A guess and its (public, honest) answer."""

    guesser: int
    suspect: int
    trait: str
    correct: bool


PLAY, GUESS, FINAL, OVER = "play", "guess", "final guesses", "over"


# --------------------------------------------------------------------------- state
@dataclass(frozen=True, repr=False)
class IndovinaGattoState(GameState):
    """An immutable Indovina Gatto position (all fields are tuples)."""

    params: Params
    num_players: int
    traits: tuple[tuple[str, ...], ...]
    aside: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    revealed: tuple[tuple[str, ...], ...]
    supply: tuple[int, ...]
    received: tuple[tuple[int, ...], ...]
    """``received[p][q]``: masks of player ``q``'s colour that ``p`` holds face up."""
    table: tuple[TablePlay, ...] = ()
    guesses: tuple[GuessRecord, ...] = ()
    turn: int = 0
    phase: str = PLAY
    final_queue: tuple[int, ...] = ()
    end_reason: str = ""

    # -- who acts ---------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == FINAL:
            return self.final_queue[0]
        return self.turn

    def turn_player(self) -> int:
        return self.current_player()

    # -- helpers -----------------------------------------------------------------
    def card_traits(self, card: int) -> tuple[str, ...]:
        return self.params.deck[card]

    def hidden_traits(self, player: int) -> tuple[str, ...]:
        """The traits of ``player`` still in their fan (not yet unmasked)."""
        return tuple(t for t in self.traits[player] if t not in self.revealed[player])

    def points(self) -> list[int]:
        """ "Per ciascuna maschera ricevuta ottengono un punto. Ogni caratteristica non
        ancora smascherata vale anch'essa un punto." """
        return [sum(self.received[p]) + len(self.hidden_traits(p)) for p in range(self.num_players)]

    def all_revealed(self) -> tuple[str, ...]:
        return tuple(t for r in self.revealed for t in r)

    # -- legal actions -------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        return self._legal

    @cached_property
    def _legal(self) -> tuple[Action, ...]:
        """Legal actions, computed once per (immutable) state."""
        return tuple(self._compute_legal())

    def is_legal(self, action: Any) -> bool:
        """``False`` for anything that is not a legal action, junk of any type included."""
        if self.phase == OVER or _shape_problem(action, self.num_players):
            return False
        return action in self._legal_set

    @cached_property
    def _legal_set(self) -> frozenset:
        return frozenset(self._legal)

    def _compute_legal(self) -> list[Action]:
        if self.phase == PLAY:
            return [PlayCat(c) for c in sorted(self.hands[self.turn])]
        if self.phase in (GUESS, FINAL):
            return [*self._guesses(self.current_player()), Pass()]
        return []

    def _guesses(self, guesser: int) -> list[Guess]:
        """Name any trait still in a fan of another player ("tra quelle poste nel ventaglio")."""
        gone = set(self.all_revealed())
        if not self.params.guess_own_traits:
            gone |= set(self.traits[guesser])
        out: list[Guess] = []
        for suspect in range(self.num_players):
            if suspect == guesser or not self.hidden_traits(suspect):
                continue
            out.extend(Guess(suspect, t) for t in ALL_TRAITS if t not in gone)
        return out

    def explain_illegal(self, action: Any) -> str:
        who = self.current_player()
        if self.phase == OVER:
            return "the game is over"
        problem = _shape_problem(action, self.num_players)
        if problem:
            return problem
        if isinstance(action, PlayCat):
            if self.phase != PLAY:
                return "a cat card is played only in phase 1 of a turn (now: guess or pass)"
            return f"cat #{action.card} is not in player {who}'s hand"
        if isinstance(action, (Guess, Pass)) and self.phase == PLAY:
            return "phase 1 first: play a cat card before guessing"
        if isinstance(action, Guess):
            if action.suspect == who:
                return "you guess another player's trait, not your own"
            if not 0 <= action.suspect < self.num_players:
                return (
                    f"there is no player {action.suspect} "
                    f"(players are numbered 0 to {self.num_players - 1})"
                )
            if action.trait not in ALL_TRAITS:
                return f"{action.trait!r} is not a trait"
            if action.trait in self.all_revealed():
                return f"{action.trait} is already unmasked and no longer in a fan"
            if action.trait in self.traits[who]:
                return f"{action.trait} is on your own trait card (guess_own_traits=False)"
            return f"player {action.suspect} has no trait left to guess"
        return "it is not legal now"

    # -- moves ---------------------------------------------------------------------
    def _apply(self, action: Action) -> IndovinaGattoState:
        if isinstance(action, PlayCat):
            return self._play_cat(action.card)
        state = self._resolve_guess(action) if isinstance(action, Guess) else self
        if state.phase == OVER:
            return state
        if self.phase == FINAL:
            queue = state.final_queue[1:]
            if not queue:
                return replace(state, final_queue=(), phase=OVER, end_reason="revealed")
            return replace(state, final_queue=queue)
        if any(not state.hidden_traits(p) for p in range(self.num_players)):
            return state._start_final_round()
        return state._draw_and_pass_turn()

    def _play_cat(self, card: int) -> IndovinaGattoState:
        """Phases 1 and 2: the cat goes on the table, then "Tutti i giocatori (compreso
        quello che ha giocato la carta) controllano se almeno una delle caratteristiche
        della carta gatto è presente ... piazzano una delle maschere" - one mask at most
        ("non devi piazzarci sopra più di una maschera"), revealed traits included
        ("si devono continuare a piazzare tessere maschera ... anche per le
        caratteristiche smascherate")."""
        cat = set(self.card_traits(card))
        maskers = tuple(p for p in range(self.num_players) if cat & set(self.traits[p]))
        supply = tuple(s - (p in maskers) for p, s in enumerate(self.supply))
        hands = _replace_at(
            self.hands, self.turn, tuple(c for c in self.hands[self.turn] if c != card)
        )
        state = replace(
            self,
            hands=hands,
            supply=supply,
            table=(*self.table, TablePlay(card, self.turn, maskers)),
            phase=GUESS,
        )
        return state._end_if_out_of_masks()

    def _resolve_guess(self, guess: Guess) -> IndovinaGattoState:
        """ "Se hai indovinato ... il giocatore sospettato deve mettere la carta ...
        scoperta ... Ricevi poi una maschera dalla riserva del sospettato. Se non hai
        indovinato, devi dare al giocatore sospettato una delle maschere della tua riserva." """
        guesser, suspect = self.current_player(), guess.suspect
        correct = guess.trait in self.hidden_traits(suspect)
        giver, taker = (suspect, guesser) if correct else (guesser, suspect)
        supply = _replace_at(self.supply, giver, self.supply[giver] - 1)
        row = _replace_at(self.received[taker], giver, self.received[taker][giver] + 1)
        revealed = self.revealed
        if correct:
            revealed = _replace_at(revealed, suspect, (*revealed[suspect], guess.trait))
        state = replace(
            self,
            supply=supply,
            received=_replace_at(self.received, taker, row),
            revealed=revealed,
            guesses=(*self.guesses, GuessRecord(guesser, suspect, guess.trait, correct)),
        )
        return state._end_if_out_of_masks()

    def _end_if_out_of_masks(self) -> IndovinaGattoState:
        """ "nell'eventualità improbabile che un giocatore rimanga senza tessere maschera,
        il gioco finisce e si passa subito alla conta dei punti" """
        if min(self.supply) <= 0:
            return replace(self, phase=OVER, end_reason="masks")
        return self

    def _start_final_round(self) -> IndovinaGattoState:
        """ "Il gioco finisce non appena vengono smascherate tutte e 3 le caratteristiche
        di uno dei giocatori. Il giro viene portato a termine, ma i giocatori rimanenti
        eseguono solo la fase 3" (a guess; no cat card, mask or draw)."""
        n, start, mode = self.num_players, self.params.start_player, self.params.final_round
        after = [(self.turn + k) % n for k in range(1, n)]
        if mode == "rest_of_round":
            queue = tuple(
                p for p in after if p != start and (p - start) % n > (self.turn - start) % n
            )
        elif mode == "everyone_else":
            queue = tuple(after)
        else:
            queue = ()
        if not queue:
            return replace(self, phase=OVER, end_reason="revealed")
        return replace(self, phase=FINAL, final_queue=queue)

    def _draw_and_pass_turn(self) -> IndovinaGattoState:
        """Phase 4: "Pesca una nuova carta gatto dal mazzo" (none once the deck is empty)."""
        hands, deck = self.hands, self.deck
        if deck:
            hands = _replace_at(hands, self.turn, (*hands[self.turn], deck[0]))
            deck = deck[1:]
        nxt = (self.turn + 1) % self.num_players
        state = replace(self, hands=hands, deck=deck, turn=nxt, phase=PLAY)
        if not hands[nxt]:
            if self.params.empty_hand_ends_game:
                return replace(state, phase=OVER, end_reason="cards")
            return replace(state, phase=GUESS)  # nothing to play: phase 3 only
        return state

    # -- results -----------------------------------------------------------------------
    def ranking_key(self, player: int) -> tuple[int, int]:
        """ "Vince il giocatore con il maggior numero di punti. In caso di parità vince il
        giocatore con il maggior numero di caratteristiche non smascherate." """
        return (self.points()[player], len(self.hidden_traits(player)))

    def returns(self) -> list[float]:
        """1 for the winner; "Se la parità persiste, ... riportano insieme la vittoria": 1/k."""
        if self.phase != OVER:
            return [0.0] * self.num_players
        keys = [self.ranking_key(p) for p in range(self.num_players)]
        best = max(keys)
        winners = [p for p in range(self.num_players) if keys[p] == best]
        return [1 / len(winners) if p in winners else 0.0 for p in range(self.num_players)]

    # -- views ---------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees: own trait cards and hand; everything on the table is public.

        Other players' unrevealed traits, their hands, the deck order and the trait cards
        left out of the deal are :data:`HIDDEN`. ``player`` is a seat ``0..num_players-1``
        or ``None`` (a spectator); anything else (``'0'``, ``1.0``, ``True``, ``9``) raises a
        :class:`~nekolib.core.NekoError` saying which players there are.
        """
        n = self.num_players
        if player is not None:
            player = check_seat(player, n, "view (or None for a spectator)")

        def fan(p: int) -> list[str]:
            if p == player:
                return list(self.traits[p])
            return list(self.revealed[p]) + [HIDDEN] * len(self.hidden_traits(p))

        return {
            "game": "indovina_gatto",
            "num_players": n,
            "viewer": player,
            "turn": self.turn,
            "decider": self.current_player(),
            "phase": self.phase,
            "end_reason": self.end_reason,
            "my_traits": list(self.traits[player]) if player is not None else [],
            "traits": [fan(p) for p in range(n)],
            "revealed": [list(r) for r in self.revealed],
            "hidden_counts": [len(self.hidden_traits(p)) for p in range(n)],
            "hand": [{"card": c, "traits": list(self.card_traits(c))} for c in self.hands[player]]
            if player is not None
            else HIDDEN,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "supply": list(self.supply),
            "received": [list(r) for r in self.received],
            "points": self.points(),
            "table": [
                {
                    "card": t.card,
                    "player": t.player,
                    "traits": list(self.card_traits(t.card)),
                    "maskers": list(t.maskers),
                }
                for t in self.table
            ],
            "guesses": [
                {"guesser": g.guesser, "suspect": g.suspect, "trait": g.trait, "correct": g.correct}
                for g in self.guesses
            ],
            "final_queue": list(self.final_queue),
            "traits_per_player": self.params.traits_per_player,
            "guess_own_traits": self.params.guess_own_traits,
        }

    def action_to_string(self, action: Any) -> str:
        if isinstance(action, PlayCat):
            return f"play cat #{action.card} ({' '.join(self.card_traits(action.card))})"
        if isinstance(action, Guess):
            return f"guess: player {action.suspect} is {action.trait}"
        return str(action)


def _shape_problem(action: Any, num_players: int) -> str:
    """Why ``action`` is not even a well-formed Indovina Gatto action ("" if it is).

    Checked before any lookup, so junk (lists, dicts, ``Guess(True, "red")``) is refused
    with a message instead of a ``TypeError``; ``True`` is not accepted as player 1.
    """
    if not isinstance(action, (PlayCat, Guess, Pass)):
        return (
            f"{action!r} is not an Indovina Gatto action; the actions are PlayCat(card), "
            "Guess(suspect, trait) and Pass()"
        )
    if isinstance(action, PlayCat) and type(action.card) is not int:
        return f"the cat card is given by its number (#0, #1, ...), not {action.card!r}"
    if isinstance(action, Guess):
        if type(action.suspect) is not int:
            return (
                f"the suspect is a player number from 0 to {num_players - 1}, "
                f"not {action.suspect!r}"
            )
        if not isinstance(action.trait, str):
            return f"the trait is a trait name such as 'blue', not {action.trait!r}"
        if action.trait not in ALL_TRAITS:
            english = [en for en, it in ITALIAN.items() if it == action.trait.lower()]
            hint = f" (the Italian name of {english[0]!r})" if english else ""
            return f"{action.trait!r} is not a trait{hint}; the traits are {', '.join(ALL_TRAITS)}"
    return ""


def _replace_at(items: tuple, index: int, value: Any) -> tuple:
    return (*items[:index], value, *items[index + 1 :])


# --------------------------------------------------------------------------- set-up
def new_game(
    num_players: int = 2,
    seed: int | str | None = None,
    params: Params | None = None,
    *,
    traits: Sequence[Sequence[str]] | None = None,
    cat_order: Sequence[int] | None = None,
) -> IndovinaGattoState:
    """Set up a game ("DISPOSIZIONE DEL GIOCO").

    "Mescolate le carte caratteristica e distribuitene 3 coperte a ogni giocatore";
    "Mescolate le carte gatto e distribuitene 3 ... Con le carte gatto rimaste formate
    un mazzo di pesca". ``seed`` fixes both shuffles; ``traits`` (one tuple per player)
    and ``cat_order`` (hands dealt from the front, 3 each, then the deck) fix them by hand.
    """
    params = Params() if params is None else params
    if not isinstance(params, Params):
        raise InvalidSetup(f"params={params!r} is not allowed: use Params(...) or None")
    num_players = check_player_count(num_players, 2, 4, "Indovina Gatto")
    _check_fits(params, num_players)
    k = params.traits_per_player
    rng: random.Random = make_rng(seed)
    if traits is None:
        pool = list(ALL_TRAITS)
        rng.shuffle(pool)
        traits = [pool[p * k : (p + 1) * k] for p in range(num_players)]
    traits = _check_traits(traits, num_players, k)
    if cat_order is None:
        order = list(range(len(params.deck)))
        rng.shuffle(order)
    else:
        order = _check_cat_order(cat_order, len(params.deck))
    h = params.hand_size
    hands = tuple(tuple(order[p * h : (p + 1) * h]) for p in range(num_players))
    dealt = {t for ts in traits for t in ts}
    return IndovinaGattoState(
        params=params,
        num_players=num_players,
        traits=traits,
        aside=tuple(t for t in ALL_TRAITS if t not in dealt),
        hands=hands,
        deck=tuple(order[num_players * h :]),
        revealed=((),) * num_players,
        supply=(params.masks_per_player,) * num_players,
        received=((0,) * num_players,) * num_players,
        turn=params.start_player,
    )


def _check_fits(params: Params, n: int) -> None:
    """The cards must go round: 3 trait cards of the 19 and 3 cats of the deck each."""
    k, h = params.traits_per_player, params.hand_size
    if n * k > len(ALL_TRAITS):
        raise InvalidSetup(
            f"Params.traits_per_player={k} is not allowed for {n} players: "
            f"the 19 trait cards give at most {len(ALL_TRAITS) // n} each"
        )
    if n * h > len(params.deck):
        raise InvalidSetup(
            f"Params.hand_size={h} is not allowed for {n} players with a deck of "
            f"{len(params.deck)} cats: use at most {len(params.deck) // n}"
        )
    if params.start_player >= n:
        raise InvalidSetup(
            f"Params.start_player={params.start_player} is not allowed for {n} players: "
            f"use a seat from 0 to {n - 1}"
        )


def _check_traits(traits: Any, n: int, k: int) -> tuple[tuple[str, ...], ...]:
    """An explicit deal: ``n`` lists of ``k`` distinct trait names (each card dealt once)."""
    shape = f"use {n} sequences of {k} trait names, one per player"
    if not isinstance(traits, (tuple, list)) or not all(
        isinstance(ts, (tuple, list)) and all(isinstance(t, str) for t in ts) for ts in traits
    ):
        raise InvalidSetup(f"traits={traits!r} is not allowed: {shape}")
    out = tuple(tuple(ts) for ts in traits)
    flat = [t for ts in out for t in ts]
    if len(out) != n or any(len(ts) != k for ts in out):
        raise InvalidSetup(f"each of the {n} players needs exactly {k} trait cards: {shape}")
    if len(set(flat)) != len(flat) or not set(flat) <= set(ALL_TRAITS):
        raise InvalidSetup(f"traits={traits!r}: trait cards must be distinct cards of the 19")
    return out


def _check_cat_order(cat_order: Any, size: int) -> list[int]:
    order = list(cat_order) if isinstance(cat_order, (tuple, list, range)) else None
    if (
        order is None
        or any(type(c) is not int for c in order)
        or sorted(order) != list(range(size))
    ):
        raise InvalidSetup(
            f"cat_order={cat_order!r} is not allowed: use a permutation of 0..{size - 1}"
        )
    return order
