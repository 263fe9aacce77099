"""Manekinecollection rules: setup, placement rules, showdown, bag, scoring, views."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from nekolib.core import CHANCE, HIDDEN, TERMINAL, IllegalAction, InvalidSetup, Match, make_rng
from nekolib.manekinecollection import GAME
from nekolib.manekinecollection.rules import (
    CAN,
    GOLD,
    HAND_CLASSES,
    PLAIN,
    BagDraw,
    Card,
    DrawCard,
    Kotatsu,
    MNState,
    Params,
    Pass,
    Piece,
    PlayCards,
    TakeZabuton,
    ZabutonNeko,
    class_of_colours,
    full_bag,
    full_deck,
    hand_key,
    new_game,
    parse_cards,
    rank_players,
    score_collection,
)

P = Params()


cards = parse_cards


def zn(colour: str, value: int, feature: str = PLAIN) -> ZabutonNeko:
    return ZabutonNeko(Piece(colour, feature), value)


def table(
    n: int,
    rows: dict[tuple[int, int], str] | None = None,
    hands: dict[int, str] | None = None,
    slots: dict[int, tuple[ZabutonNeko, ZabutonNeko]] | None = None,
    completed: dict[int, tuple[int, ...]] | None = None,
    turn: int = 0,
) -> MNState:
    """A seeded game with the given rows/hands/slots put in (deck keeps the rest)."""
    state = new_game(n, seed=1)
    deck = list(full_deck(P))
    new_hands = list(state.hands)
    for p, text in (hands or {}).items():
        new_hands[p] = cards(text)
    boards = list(state.kotatsu)
    for (k, p), text in (rows or {}).items():
        b = boards[k]
        boards[k] = replace(b, rows=(*b.rows[:p], cards(text), *b.rows[p + 1 :]))
    for k, pair in (slots or {}).items():
        boards[k] = replace(boards[k], slots=pair)
    for k in range(len(boards)):
        done = (completed or {}).get(k)
        if done is None:
            done = tuple(p for p in range(n) if len(boards[k].rows[p]) == 3)
        boards[k] = replace(boards[k], completed=done)
    for h in new_hands:
        for c in h:
            deck.remove(c)
    for b in boards:
        for row in b.rows:
            for c in row:
                deck.remove(c)
    return replace(
        state,
        hands=tuple(new_hands),
        kotatsu=tuple(boards),
        deck=tuple(deck),
        discard=(),
        turn=turn,
    )


# --------------------------------------------------------------------------- setup
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_deals_three_cards_and_six_zabuton_neko(n):
    state = new_game(n, seed=7)
    assert state.current_player() == 0 and state.phase == "play"
    assert [len(h) for h in state.hands] == [3] * n
    assert len(state.deck) == 72 - 3 * n
    assert all(z is not None for b in state.kotatsu for z in b.slots)
    assert len(state.bag) == 30 - 6
    assert state.bag_manekineko == 1 and state.reserve_manekineko == 5
    assert state.drawn_manekineko == 0


def test_setup_without_seed_is_all_chance_then_manekineko_goes_in_after_the_pieces():
    state = new_game(2)
    kinds = []
    while state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        if state.tasks[0][0] == "fill":
            # Setup step 2 comes before step 3 "Put one Manekineko in the bag".
            assert all(not a.is_manekineko for a, _ in outcomes)
        kinds.append(state.tasks[0][0])
        state = state.apply(outcomes[(7 * len(kinds)) % len(outcomes)][0])
    assert kinds == ["fill"] * 6 + ["deal"] * 6
    assert state.bag_manekineko == 1 and all(state.stacks)


def test_components_match_the_rulebook():
    deck, bag = full_deck(P), full_bag(P)
    assert len(deck) == 72 and Counter(c.colour for c in deck) == dict.fromkeys(P.colours, 12)
    assert len(bag) == 30
    features = Counter((p.colour, p.feature) for p in bag)
    for colour in P.colours:
        if colour == "black":
            assert features[(colour, PLAIN)] == 5
        else:
            assert features[(colour, GOLD)] == 1 and features[(colour, CAN)] == 1
    assert len(P.zabuton_values) * len(P.colours) == 30 and min(P.zabuton_values) < 0


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_is_checked(n):
    with pytest.raises(InvalidSetup):
        new_game(n, seed=0)


def test_registered_game_info():
    assert (GAME.key, GAME.min_players, GAME.max_players) == ("manekinecollection", 2, 4)
    assert GAME.new_game(num_players=3, seed=0).num_players == 3


# --------------------------------------------------------------------------- placement
def test_three_placement_rules():
    state = table(
        2,
        rows={(0, 0): "red1", (1, 0): "red2 blue2"},
        hands={0: "green1 green2 orange3"},
    )
    legal = state.legal_actions()
    by_kotatsu = Counter((a.kotatsu, len(a.cards)) for a in legal)
    # one card down -> two must be played; two down -> one; none -> one or two
    assert set(by_kotatsu) == {(0, 2), (1, 1), (2, 1), (2, 2)}
    assert by_kotatsu[(2, 1)] == 3 and by_kotatsu[(2, 2)] == 3


def test_full_place_is_skipped_and_only_the_free_kotatsu_remains():
    state = table(
        2,
        rows={(0, 0): "red1 red2 red3", (1, 0): "blue1 blue2 blue3"},
        hands={0: "green1 green2 orange3"},
    )
    assert {a.kotatsu for a in state.legal_actions()} == {2}


def test_player_with_every_place_full_passes():
    state = table(
        2,
        rows={
            (0, 0): "red1 red2 red3",
            (1, 0): "blue1 blue2 blue3",
            (2, 0): "black1 black2 black3",
        },
        hands={0: "green1 green2 orange3"},
    )
    assert state.legal_actions() == [Pass()]
    after = state.apply(Pass())
    assert after.turn == 1 and after.hands == state.hands


ILLEGAL = [
    PlayCards(0, cards("green1 green2 orange3")),  # three at once
    PlayCards(0, cards("green1")),  # one card where one lies: two must be played
    PlayCards(1, cards("green1 green2")),  # two where two lie: one must be played
    PlayCards(2, cards("red6")),  # not in hand
    PlayCards(3, cards("green1")),  # no such kotatsu
    PlayCards(2, (Card("orange", 3), Card("green", 1))),  # unsorted
    Pass(),  # plays exist
    TakeZabuton(0, 0),  # no showdown
    DrawCard(Card("red", 1)),  # not a chance node
    BagDraw(None),
    "nonsense",
]


@pytest.mark.parametrize("action", ILLEGAL, ids=str)
def test_illegal_actions_raise_and_leave_state_unchanged(action):
    state = table(
        2,
        rows={(0, 0): "red1", (1, 0): "red2 blue2"},
        hands={0: "green1 green2 orange3"},
    )
    before = replace(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert state == before
    assert "Legal now:" in str(err.value) and err.value.legal
    assert err.value.reason


def test_illegal_messages_quote_the_rule():
    state = table(
        2, rows={(0, 0): "red1", (1, 0): "red2 blue2"}, hands={0: "green1 green2 orange3"}
    )
    with pytest.raises(IllegalAction, match=r"(?i)two cards must be played"):
        state.apply(PlayCards(0, cards("green1")))
    with pytest.raises(IllegalAction, match=r"(?i)one card must be played"):
        state.apply(PlayCards(1, cards("green1 green2")))
    with pytest.raises(IllegalAction, match="one or two"):
        state.apply(PlayCards(2, cards("green1 green2 orange3")))


def test_terminal_state_refuses_everything():
    state = replace(new_game(2, seed=0), finished=True, tasks=())
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(PlayCards(0, state.hands[0][:1]))


def test_draw_back_to_three_after_playing():
    state = table(2, hands={0: "green1 green2 orange3"})
    after = state.apply(PlayCards(2, cards("green1 green2")))
    assert after.current_player() == CHANCE and after.phase == "draw"
    assert len(after.hands[0]) == 1
    for _ in range(2):
        after = after.apply(after.chance_outcomes()[0][0])
    assert len(after.hands[0]) == 3 and after.current_player() == 1


def test_empty_deck_reshuffles_the_discard_pile():
    state = table(2, hands={0: "green1 green2 orange3"})
    rest = state.deck
    state = replace(state, deck=(), discard=rest)
    after = state.apply(PlayCards(2, cards("green1")))
    outcomes = after.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1 and len(outcomes) == len(set(rest))
    drawn = after.apply(DrawCard(rest[0]))
    assert drawn.reshuffles == 1 and drawn.discard == () and len(drawn.deck) == len(rest) - 1


# --------------------------------------------------------------------------- hands
@pytest.mark.parametrize(
    ("colours", "hand"),
    [
        ("red red red red red", "5cats"),
        ("red red red red blue", "4cats"),
        ("red red red blue blue", "cathouse"),
        ("red red red blue green", "3cats"),
        ("red red blue blue green", "two pair"),
        ("red red blue green black", "one pair"),
        ("red orange blue green black", "solocat"),
    ],
)
def test_hand_classes(colours, hand):
    assert HAND_CLASSES[class_of_colours(colours.split())] == hand


def test_class_order_strongest_first():
    assert HAND_CLASSES[::-1] == (
        "5cats",
        "4cats",
        "cathouse",
        "3cats",
        "two pair",
        "one pair",
        "solocat",
    )


def wins(pieces: str, a: str, b: str, completed=(0, 1)) -> int:
    """Which of two players (0 plays ``a``, 1 plays ``b``) wins the showdown."""
    return rank_players(pieces.split(), [cards(a), cards(b)], completed)[0]


def test_class_beats_ranks():
    # one pair with sixes loses to two pair with ones
    assert wins("red blue", "red6 green6 black6", "red1 blue1 green1") == 1


def test_cathouse_second_set_decides_when_first_set_ties():
    # "Cathouse: since the strength of the first set is the same, the ranks of the
    # second set cards are compared."  Both: red triple worth 4+5; pair blue vs black.
    pieces = "red blue"
    a = "red4 red5 blue6"  # red x3 (9) + blue pair (6)
    b = "red4 red5 blue2"  # red x3 (9) + blue pair (2)
    assert hand_key(pieces.split(), cards(a))[0] == HAND_CLASSES.index("cathouse")
    assert wins(pieces, a, b) == 0 and wins(pieces, b, a, (1, 0)) == 1


def test_3cats_next_card_then_following_cards():
    # "3cats: since the first set and the next strongest card are the same, the
    # ranks of the following cards are compared."
    pieces = "red red"
    a = "red3 green6 blue2"
    b = "red3 green6 blue1"
    assert wins(pieces, a, b) == 0
    c = "red3 green5 blue6"  # same triple, next strongest card 6 vs 6, following 5 vs 2
    d = "red3 green6 blue2"
    assert wins(pieces, c, d) == 0
    e = "red4 green1 blue1"  # stronger triple beats better kickers
    assert wins(pieces, a, e) == 1


def test_two_pair_examples():
    pieces = "red blue"
    # "One player has no pair of the first color, so loses": first pair 6 vs 3.
    assert wins(pieces, "green4 green3 red1", "red6 blue1 black2") == 0
    assert wins(pieces, "red6 blue1 black2", "red3 blue1 black6") == 0
    # "One player has two pairs, but loses in the rank comparison of the later cards."
    assert wins(pieces, "red5 blue1 black2", "red5 blue2 black1") == 1
    # "Two players have the same rank 'Hand', but the one who was first to play the
    # third cat card before the other wins."
    same_a, same_b = "red5 blue2 black1", "red5 blue2 black1"
    assert wins(pieces, same_a, same_b, completed=(1, 0)) == 1
    assert wins(pieces, same_a, same_b, completed=(0, 1)) == 0


def test_solocat_compares_highest_card_first():
    pieces = "red blue"
    assert wins(pieces, "green6 black1 orange1", "green5 black5 orange5") == 0


def test_set_strength_max_variant():
    key_sum = hand_key(["red", "blue"], cards("red1 red6 green2"), "sum")
    key_max = hand_key(["red", "blue"], cards("red1 red6 green2"), "max")
    assert key_sum == (HAND_CLASSES.index("3cats"), (7, 2, 0))
    assert key_max == (HAND_CLASSES.index("3cats"), (6, 2, 0))


def test_pieces_count_for_the_hand_but_carry_no_icons():
    key = hand_key(["red", "red"], cards("red2 blue3 green1"))
    assert key == (HAND_CLASSES.index("3cats"), (2, 3, 1))


# --------------------------------------------------------------------------- showdown
def test_two_players_best_hand_takes_both():
    slots = (zn("red", 3, GOLD), zn("blue", -1))
    state = table(
        2,
        rows={(0, 0): "red1 red2", (0, 1): "green1 black2 orange3"},
        hands={0: "red3 blue4 blue5"},
        slots={0: slots},
    )
    after = state.apply(PlayCards(0, cards("red3")))
    assert after.collected[0] == slots and after.collected[1] == ()
    assert after.showdown is not None and after.showdown.ranking == (0, 1)
    assert sorted(after.discard) == sorted(cards("red1 red2 red3 green1 black2 orange3"))
    # the kotatsu is cleared and two new Zabuton Neko are drawn from the bag
    assert after.kotatsu[0].rows == ((), ()) and after.tasks[0] == ("fill", 0)


def test_three_players_winner_chooses_secretly_second_takes_the_rest():
    slots = (zn("red", 4), zn("blue", -1, CAN))
    state = table(
        3,
        rows={(0, 0): "red1 red2", (0, 1): "green1 black2 orange3", (0, 2): "blue1 blue2 green4"},
        hands={0: "red3 blue4 blue5"},
        slots={0: slots},
        completed={0: (2, 1)},
    )
    after = state.apply(PlayCards(0, cards("red3")))
    assert after.showdown.ranking == (0, 2, 1)
    assert after.current_player() == 0 and after.turn_player() == 0 and after.phase == "choose"
    assert after.view(0)["kotatsu"][0]["slots"][1]["value"] == -1  # the chooser looks
    assert after.view(2)["kotatsu"][0]["slots"][1]["value"] == HIDDEN  # nobody else
    assert after.view(None)["kotatsu"][0]["slots"][0]["value"] == HIDDEN
    assert {str(a) for a in after.legal_actions()} == {
        "take Zabuton Neko A: red cat",
        "take Zabuton Neko B: blue cat (cat can)",
    }
    took = after.apply(TakeZabuton(0, 1))
    assert took.collected == ((slots[1],), (), (slots[0],))
    assert took.showdown.taken == ((0, slots[1].piece), (2, slots[0].piece))
    # the chooser looked at both tiles: the second hand's stays known to the chooser only
    assert took.view(0)["collected"][2][0]["value"] == 4
    assert took.view(2)["collected"][2][0]["value"] == 4  # its owner
    assert took.view(1)["collected"][2][0]["value"] == HIDDEN
    assert took.view(None)["collected"][2][0]["value"] == HIDDEN


def test_third_card_first_in_a_real_showdown():
    slots = (zn("red", 1), zn("blue", 2))
    # player 1 completed first with the very same hand -> player 1 wins
    state = table(
        2,
        rows={(0, 0): "green1 green2", (0, 1): "green1 green2 black3"},
        hands={0: "black3 orange1 orange2"},
        slots={0: slots},
    )
    after = state.apply(PlayCards(0, cards("black3")))
    assert after.showdown.ranking == (1, 0) and after.collected[1] == slots


def test_manekineko_is_set_aside_and_the_bag_draws_again():
    state = table(2, hands={0: "green1 green2 orange3"})
    state = replace(
        state,
        kotatsu=(replace(state.kotatsu[0], slots=(None, None)), *state.kotatsu[1:]),
        tasks=(("fill", 0), ("fill", 0)),
    )
    after = state.apply(BagDraw(None))
    assert after.drawn_manekineko == 1 and after.tasks == state.tasks
    assert after.bag_manekineko == state.bag_manekineko - 1


def test_third_manekineko_ends_the_game_immediately():
    state = table(2, hands={0: "green1 green2 orange3"})
    state = replace(state, drawn_manekineko=2, bag_manekineko=2, tasks=(("fill", 0), ("draw", 0)))
    after = state.apply(BagDraw(None))
    assert after.is_terminal() and after.tasks == ()


def test_running_out_of_a_colour_puts_manekineko_in_the_bag_after_the_refill():
    state = table(2, hands={0: "green1 green2 orange3"})
    stacks = list(state.stacks)
    stacks[P.colours.index("red")] = (2,)
    stacks[P.colours.index("blue")] = (3,)
    others = tuple(p for p in state.bag if p.colour not in ("red", "blue"))
    bag = (*others, Piece("red"), Piece("blue"))
    board = replace(state.kotatsu[0], slots=(None, None))
    state = replace(
        state,
        stacks=tuple(stacks),
        bag=bag,
        kotatsu=(board, *state.kotatsu[1:]),
        tasks=(("fill", 0), ("fill", 0), ("restock",), ("next_turn",)),
    )
    in_bag = state.bag_manekineko
    one = state.apply(BagDraw(Piece("red"), 2))
    assert one.bag_manekineko == in_bag and one.pending_restock == 1  # not yet: same refill
    two = one.apply(BagDraw(Piece("blue"), 3))
    # "If multiple colors run out at the same time, place the same number ... in the bag."
    assert (
        two.bag_manekineko == in_bag + 2 and two.reserve_manekineko == state.reserve_manekineko - 2
    )


def test_bag_outcomes_are_exact():
    state = new_game(3, seed=3)
    state = replace(state, tasks=(("fill", 0),))
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    total = len(state.bag) + state.bag_manekineko
    assert dict(outcomes)[BagDraw(None)] == Fraction(state.bag_manekineko, total)
    red = sum(p for a, p in outcomes if a.piece is not None and a.piece.colour == "red")
    assert red == Fraction(sum(1 for p in state.bag if p.colour == "red"), total)


# --------------------------------------------------------------------------- scoring
def test_gold_coin_scores_the_count_of_the_most_collected_colour():
    # "There are three cats of the gold-coin color, so 'Gold coin' is 3 pts."
    mine = [zn("red", 4, GOLD), zn("red", 1), zn("red", 2), zn("blue", 3)]
    s = score_collection(mine, P)
    assert (s.gold_coin, s.tiles, s.total) == (3, 6, 9)


def test_all_gold_coins_score_the_same():
    mine = [zn("red", 4, GOLD), zn("blue", 4, GOLD), zn("green", 1), zn("green", 2), zn("green", 3)]
    s = score_collection(mine, P)
    assert s.gold_coin == 3 + 3 and s.tiles == 6


def test_gold_coin_of_its_own_colour_is_the_score_examples_reading():
    """``gold_coin_score="own_colour"``: "There are three cats of the gold-coin color, so
    'Gold coin' is 3 pts", even when another colour is collected more."""
    own = Params(gold_coin_score="own_colour")
    mine = [zn("red", 4, GOLD), zn("red", 1), zn("red", 2), zn("blue", 3)]
    assert score_collection(mine, own).gold_coin == 3 == score_collection(mine, P).gold_coin
    more_blue = [*mine[:2], zn("blue", 1), zn("blue", 2), zn("blue", 3)]
    assert score_collection(more_blue, own).gold_coin == 2  # two red cats
    assert score_collection(more_blue, P).gold_coin == 3  # three blue: the highest colour
    two = [zn("red", 4, GOLD), zn("blue", 4, GOLD), zn("green", 1), zn("green", 2), zn("blue", 1)]
    assert score_collection(two, own).gold_coin == 1 + 2
    with pytest.raises(InvalidSetup, match="gold_coin_score"):
        Params(gold_coin_score="colour")


def test_cat_food_cancels_the_most_negative_tiles():
    mine = [zn("red", -1, CAN), zn("blue", -1), zn("green", -2), zn("orange", 2, CAN)]
    s = score_collection(mine, P)
    assert s.cancelled == (-2, -1) and s.tiles == -1 + 2
    assert score_collection(mine[1:3], P).tiles == -3  # no cat food, nothing cancelled


def test_ne_collection_bonus_for_all_six_colours():
    mine = [zn(c, 1) for c in P.colours]
    assert score_collection(mine, P).collection == 6
    assert score_collection(mine[:5], P).collection == 0


def _final(collected) -> MNState:
    state = new_game(len(collected), seed=0)
    return replace(state, collected=tuple(tuple(c) for c in collected), finished=True, tasks=())


def test_winner_then_more_pieces_then_shared():
    assert _final([[zn("red", 4)], [zn("blue", 3)]]).returns() == [1.0, 0.0]
    tie_more = _final([[zn("red", 4)], [zn("blue", 3), zn("green", 1)]])
    assert tie_more.returns() == [0.0, 1.0]
    shared = _final([[zn("red", 4)], [zn("blue", 4)], [zn("green", 1)]])
    assert shared.returns() == [0.5, 0.5, 0.0] and shared.winners() == (0, 1)


# --------------------------------------------------------------------------- views
def _scramble_secrets(state: MNState, viewer: int) -> MNState:
    """Swap every secret the viewer may not know: others' hands, deck, face-down tiles."""
    pool = list(state.deck)
    hands = list(state.hands)
    for p in range(state.num_players):
        if p != viewer:
            pool += hands[p]
    pool.sort(reverse=True)
    for p in range(state.num_players):
        if p != viewer:
            size = len(hands[p])
            hands[p], pool = tuple(sorted(pool[:size])), pool[size:]
    boards = tuple(
        replace(b, slots=tuple(None if z is None else ZabutonNeko(z.piece, 99) for z in b.slots))
        for b in state.kotatsu
    )
    collected = tuple(
        c
        if p == viewer
        else tuple(
            z if (viewer, p, i) in state.peeks else ZabutonNeko(z.piece, -7)
            for i, z in enumerate(c)
        )
        for p, c in enumerate(state.collected)
    )
    return replace(
        state, hands=tuple(hands), deck=tuple(sorted(pool)), kotatsu=boards, collected=collected
    )


@pytest.mark.parametrize("seed", range(6))
def test_views_do_not_depend_on_other_players_secrets(seed):
    from nekolib.core import RandomAgent

    state = new_game(3, seed=seed)
    rng = make_rng(seed)
    for _ in range(25 + seed * 7):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(RandomAgent().choose(state, rng))
    if state.phase == "choose":
        return
    for viewer in range(3):
        view = state.view(viewer)
        assert view == _scramble_secrets(state, viewer).view(viewer)
        for p in range(3):
            assert (view["hands"][p] == HIDDEN) == (p != viewer)


def test_spectator_sees_no_hand_and_all_is_revealed_at_the_end():
    state = new_game(2, seed=4)
    assert state.view(None)["hands"] == [HIDDEN, HIDDEN]
    end = replace(state, finished=True, tasks=(), collected=((zn("red", 3),), ()))
    view = end.view(None)
    assert view["collected"][0][0]["value"] == 3 and view["scores"][0]["total"] == 3
    assert view["hands"][1] == [str(c) for c in end.hands[1]]


def test_chance_labels_do_not_leak_cards_or_tile_values():
    state = table(2, hands={0: "green1 green2 orange3"})
    after = state.apply(PlayCards(2, cards("green1")))
    label = after.action_to_string(after.chance_outcomes()[0][0])
    assert label == "Red draws a card"
    assert "-1" not in str(BagDraw(Piece("red", GOLD), -1))


def test_match_replay_is_exact():
    from nekolib.core import RandomAgent

    match = Match(new_game(4, seed=9), seed=9)
    for _ in range(60):
        match.advance({p: RandomAgent() for p in range(4)})
    again = Match.replay(new_game(4, seed=9), 9, match.actions)
    assert again.state == match.state


def test_kotatsu_and_state_are_immutable():
    state = new_game(2, seed=0)
    with pytest.raises(AttributeError):
        state.turn = 1  # type: ignore[misc]
    assert isinstance(state.kotatsu[0], Kotatsu)


def test_discard_pile_can_be_kept_face_down():
    state = replace(new_game(2, seed=0), discard=cards("red1 blue2"))
    assert state.view(0)["discard"] == ["blue 2", "red 1"]
    hidden = replace(state, params=replace(P, discard_visible=False))
    assert hidden.view(0)["discard"] == [HIDDEN, HIDDEN]


def test_owners_see_their_own_tiles_only():
    mine, theirs = zn("red", 4), zn("blue", -1, CAN)
    state = replace(new_game(2, seed=0), collected=((mine,), (theirs,)))
    assert state.view(0)["collected"][0][0]["value"] == 4
    assert state.view(0)["collected"][1][0] == {"colour": "blue", "feature": CAN, "value": HIDDEN}
    assert state.view(1)["collected"][1][0]["value"] == -1
    assert state.view(0)["my_score"]["total"] == 4


def test_parse_cards():
    assert parse_cards("red5 blue2") == (Card("blue", 2), Card("red", 5))
    with pytest.raises(ValueError, match="not a card"):
        parse_cards("red")
