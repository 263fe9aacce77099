"""Each game's observation: a flat vector of numbers in ``[0, 1]`` built from
``state.view(player)`` only (:mod:`nekolib.pettingzoo.features`), so no secret leaks.

The vector's length depends on the game's parameters and player count, not on the position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nekolib.pettingzoo.features import Features

Encoder = Callable[[dict[str, Any]], list[float]]


# --------------------------------------------------------------------------- Neko-in
def neko_in(view: dict[str, Any]) -> list[float]:
    """Seats, phase, every player's tile count (own tiles by name), held event tiles, each
    room's spaces (covered, cat, face-down event), where every cat is, the dice, the box."""
    from nekolib.neko_in import components as c

    seats = range(len(c.COLOURS))
    spaces = range(len(c.COLOURS) * c.N_ICONS)
    tiles = [c.tile_name(t) for t in spaces]
    positions = [c.position_name(p) for p in [c.GARDEN, *spaces]]
    positions += [c.position_name(c.IN_ROOM + r) for r in range(len(c.ROOMS))]
    phases = [c.MOVE, c.WAKE, c.BRAWL, c.HIDE, c.CRUNCH, c.TEASE, c.CATCH, c.FASTEST]
    phases += [c.DISCARD, c.OVER]
    faces = [*c.COLOURS, "blank"]
    f = Features()
    f.onehot(view["viewer"], seats)
    f.onehot(view["active"], seats)
    f.onehot(view["phase"], phases)
    f.flag(view["version"] == "events")
    f.frac(view["turn"], 200)
    f.frac(view["moves_left"], 4)
    for p in view["players"]:
        f.onehot(p["colour"], c.COLOURS)
        f.frac(p["tiles"], c.N_ICONS)
        f.counts(p["hand"], tiles)  # HIDDEN ('?') for another player's tiles: zeros
        f.counts(p["held"], c.EVENTS)
    for room in view["rooms"]:
        f.onehot(room["owner"], seats)
        for space in room["spaces"]:
            f.flag(space["covered"])
            f.onehot(space["cat"], c.COLOURS)
            f.flag(space["event"] is not None)  # a face-down event tile lies there
        f.counts(room["gathered"], c.COLOURS)
    for colour in c.COLOURS:
        f.onehot(view["cats"][colour], positions)
    f.counts(view["napping"], c.COLOURS)
    f.counts(view["dice"], faces, c.MAX_CATCH_DICE)
    f.counts(view["catch_roll"], faces, c.MAX_CATCH_DICE)
    f.counts(view["box"], tiles)
    f.counts(view["event_box"], c.EVENTS, len(c.COLOURS))
    f.onehot(view["target_room"], c.ROOMS)
    f.onehot(view["moving_cat"], c.COLOURS)
    return f.values


# --------------------------------------------------------------------------- Manekinecollection
def manekinecollection(view: dict[str, Any]) -> list[float]:
    """Seats and phase, own hand, every row of cards at the three kotatsu, the Zabuton Neko
    on offer (tile values only where the view shows them), discard pile, bag, tiles left,
    Manekineko counts and each player's collection."""
    from nekolib.manekinecollection.components import CAN, GOLD, HAND_SIZE, PLAIN, ROW_SIZE

    n = view["num_players"]
    seats = range(n)
    colours = view["colours"]
    features = [PLAIN, GOLD, CAN]
    ranks = range(1, 7)
    cards = [f"{c} {r}" for c in colours for r in ranks]
    pieces = [f"{c} cat" + ("" if x == PLAIN else f" ({x})") for c in colours for x in features]
    phases = ["setup", "play", "draw", "choose", "refill", "over"]
    f = Features()

    def card(name: str | None) -> None:
        colour, _, rank = (name or "").rpartition(" ")
        f.onehot(colour, colours)
        f.frac(int(rank) if rank.isdigit() else None, 6)

    def zabuton(z: dict[str, Any] | None) -> None:
        f.flag(z is not None)
        z = z or {}
        f.onehot(z.get("colour"), colours)
        f.onehot(z.get("feature"), features)
        f.flag(isinstance(z.get("value"), int))  # the tile's value is shown to this player
        f.frac(z["value"] + 1 if isinstance(z.get("value"), int) else None, 5)

    f.onehot(view["viewer"], seats)
    f.onehot(view["turn"], seats)
    f.onehot(view["phase"], phases)
    own = view["hands"][view["viewer"]]
    hand = sorted(own) if isinstance(own, list) else []
    for i in range(HAND_SIZE):
        card(hand[i] if i < len(hand) else None)
    for size in view["hand_sizes"]:
        f.frac(size, HAND_SIZE)
    for k in view["kotatsu"]:
        for z in k["slots"]:
            zabuton(z)
        for p, row in enumerate(k["rows"]):
            for i in range(ROW_SIZE):
                card(row[i] if i < len(row) else None)
            f.flag(p in k["completed"])
    f.frac(view["deck_size"], len(cards) * 2)
    f.counts(view["discard"], cards, 2)
    f.counts((name for name, m in view["bag"].items() for _ in range(m)), pieces, 5)
    f.frac(view["bag_size"], 30)
    for key in ("bag_manekineko", "manekineko_drawn", "manekineko_reserve"):
        f.frac(view[key], 6)
    for colour in colours:
        f.frac(view["tiles_left"].get(colour), 5)
    for zs in view["collected"]:
        f.counts((z["colour"] for z in zs), colours, 10)
        f.counts((z["feature"] for z in zs), features, 10)
        f.frac(sum(z["value"] + 1 for z in zs if isinstance(z["value"], int)), 50)
    return f.values


# --------------------------------------------------------------------------- Neko Boss
def neko_boss(view: dict[str, Any]) -> list[float]:
    """Seats and phase, and at every point of the board: its height, whose piece is on top
    and how many pieces of each player the stack holds; pieces in hand, who is out, scores."""
    n = view["num_players"]
    seats = range(n)
    pieces = max(sum(len(s) for s in view["stacks"]) + sum(view["in_hand"]), 1)
    f = Features()
    f.onehot(view["viewer"], seats)
    f.onehot(view["to_move"], seats)
    f.flag(view["phase"] == "placement")
    for stack, height, top in zip(view["stacks"], view["heights"], view["tops"], strict=True):
        f.frac(height, view["score_height"] * 2)
        f.onehot(top, seats)
        f.counts(stack, seats, view["score_height"] * 2)
    for held, out in zip(view["in_hand"], view["out"], strict=True):
        f.frac(held, pieces / n)
        f.flag(out)
    for score in view["scores"]:
        for part in score:
            f.frac(part, pieces)
    return f.values


# --------------------------------------------------------------------------- Indovina Gatto
def indovina_gatto(view: dict[str, Any]) -> list[float]:
    """Seats and phase, own traits, everybody's revealed traits, own hand's traits, counts
    (hands, deck, masks, points), the cards on the table (traits by player, masks by who
    put them) and every guess made (trait ruled out or found, by suspect)."""
    from nekolib.indovina_gatto.rules import ALL_TRAITS, FINAL, GUESS, OVER, PLAY

    n = view["num_players"]
    seats = range(n)
    per = view["traits_per_player"]
    f = Features()
    f.onehot(view["viewer"], seats)
    f.onehot(view["turn"], seats)
    f.onehot(view["phase"], [PLAY, GUESS, FINAL, OVER])
    f.counts(view["my_traits"], ALL_TRAITS)
    for revealed, hidden in zip(view["revealed"], view["hidden_counts"], strict=True):
        f.counts(revealed, ALL_TRAITS)
        f.frac(hidden, per)
    hand = view["hand"] if isinstance(view["hand"], list) else []
    f.counts((t for c in hand for t in c["traits"]), ALL_TRAITS, 3)
    for size in view["hand_sizes"]:
        f.frac(size, 3)
    f.frac(view["deck_size"], 40)
    for supply, received, points in zip(
        view["supply"], view["received"], view["points"], strict=True
    ):
        f.frac(supply, 16)
        for m in received:
            f.frac(m, 16)
        f.frac(points, 40)
    for p in seats:
        played = [t for card in view["table"] if card["player"] == p for t in card["traits"]]
        f.counts(played, ALL_TRAITS, 4)
        masks = [m for card in view["table"] if card["player"] == p for m in card["maskers"]]
        f.counts(masks, seats, 4)
    for p in seats:
        guesses = [g for g in view["guesses"] if g["suspect"] == p]
        f.counts((g["trait"] for g in guesses if not g["correct"]), ALL_TRAITS)
        f.counts((g["trait"] for g in guesses if g["correct"]), ALL_TRAITS)
    f.counts(view["final_queue"], seats)
    return f.values


ENCODERS: dict[str, Encoder] = {
    "neko_in": neko_in,
    "manekinecollection": manekinecollection,
    "neko_boss": neko_boss,
    "indovina_gatto": indovina_gatto,
}
