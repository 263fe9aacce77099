"""Rules of Indovina Gatto: set-up, the four phases, end of game, scoring, views."""

from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import fields, replace

import pytest

from nekolib.core import HIDDEN, TERMINAL, IllegalAction, InvalidSetup, RandomAgent, make_rng
from nekolib.core import play_out as core_play_out
from nekolib.indovina_gatto import GAME
from nekolib.indovina_gatto.rules import (
    ACCESSORIES,
    ALL_TRAITS,
    COLOURS,
    DEFAULT_DECK,
    FINAL,
    GUESS,
    ITALIAN,
    OVER,
    PATTERNS,
    PLAY,
    POSES,
    Guess,
    Params,
    Pass,
    PlayCat,
    category_label,
    new_game,
    trait_label,
)


def card_with(trait: str, avoiding: set[str] = frozenset()) -> int:
    """Index of a default-deck cat that has ``trait`` and none of ``avoiding``."""
    return next(i for i, c in enumerate(DEFAULT_DECK) if trait in c and not avoiding & set(c))


def order_with_hands(*hands: list[int]) -> list[int]:
    """A cat order that deals the given hands first, then the rest of the deck in order."""
    first = [c for h in hands for c in h]
    return first + [c for c in range(len(DEFAULT_DECK)) if c not in first]


TRAITS_2P = (("red", "striped", "lazy layabout"), ("blue", "top hat", "strutting beauty"))


# --------------------------------------------------------------------------- set-up
def test_components_match_the_rulebook():
    assert (len(POSES), len(COLOURS), len(PATTERNS), len(ACCESSORIES)) == (5, 8, 2, 4)
    assert len(ALL_TRAITS) == len(set(ALL_TRAITS)) == 19
    assert len(DEFAULT_DECK) == len(set(DEFAULT_DECK)) == 40


def test_default_deck_meets_the_documented_constraints():
    counts = Counter(t for cat in DEFAULT_DECK for t in cat)
    for cat in DEFAULT_DECK:
        assert 3 <= len(cat) <= 4
        assert sum(t in POSES for t in cat) == 1 and sum(t in COLOURS for t in cat) == 1
        assert sum(t in PATTERNS for t in cat) <= 1 and sum(t in ACCESSORIES for t in cat) <= 1
    assert {counts[p] for p in POSES} == {8} and {counts[c] for c in COLOURS} == {5}
    assert {counts[p] for p in PATTERNS} == {10} and {counts[a] for a in ACCESSORIES} == {8}
    assert any(not set(c) & set(PATTERNS) for c in DEFAULT_DECK)  # "non tutti ... disegno"
    assert any(not set(c) & set(ACCESSORIES) for c in DEFAULT_DECK)  # "gatti senza accessori"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_deal_gives_three_traits_three_cats_sixteen_masks(n):
    s = new_game(n, seed=7)
    assert s.num_players == n and s.current_player() == 0 and s.phase == PLAY
    dealt = [t for ts in s.traits for t in ts] + list(s.aside)
    assert sorted(dealt) == sorted(ALL_TRAITS)
    assert all(len(ts) == 3 for ts in s.traits) and all(len(h) == 3 for h in s.hands)
    assert sorted(c for h in s.hands for c in h) + sorted(s.deck) != []
    assert sorted([c for h in s.hands for c in h] + list(s.deck)) == list(range(40))
    assert s.supply == (16,) * n and s.points() == [3] * n


def test_same_seed_same_deal_and_other_seed_other_deal():
    assert new_game(3, seed=5) == new_game(3, seed=5)
    assert new_game(3, seed=5).traits != new_game(3, seed=6).traits


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_outside_two_to_four_is_refused(n):
    with pytest.raises(InvalidSetup):
        new_game(n, seed=0)


def test_bad_explicit_deals_are_refused():
    with pytest.raises(InvalidSetup):
        new_game(
            2, traits=[("red", "red", "lazy layabout"), ("blue", "striped", "strutting beauty")]
        )
    with pytest.raises(InvalidSetup):
        new_game(2, traits=[("red", "lazy layabout"), ("blue", "striped", "strutting beauty")])
    with pytest.raises(InvalidSetup):
        new_game(2, seed=0, cat_order=[0, 0, *range(2, 40)])
    with pytest.raises(InvalidSetup):
        Params(final_round="sometimes")


def test_game_is_registered():
    assert (GAME.key, GAME.min_players, GAME.max_players) == ("indovina_gatto", 2, 4)


# --------------------------------------------------------------------------- phases 1 and 2
def test_every_matching_player_places_exactly_one_mask_even_with_two_matches():
    cat = next(
        i for i, c in enumerate(DEFAULT_DECK) if {"red", "striped"} <= set(c) and "blue" not in c
    )
    s = new_game(2, traits=TRAITS_2P, cat_order=order_with_hands([cat, 1, 2], [3, 4, 5]))
    after = s.apply(PlayCat(cat))
    assert after.table[-1].maskers == (0,)
    assert after.supply == (15, 16) and after.phase == GUESS
    assert cat not in after.hands[0]


def test_the_player_of_the_cat_and_the_others_mask_it():
    cat = next(i for i, c in enumerate(DEFAULT_DECK) if {"red", "top hat"} <= set(c))
    s = new_game(2, traits=TRAITS_2P, cat_order=order_with_hands([cat, 1, 2], [3, 4, 5]))
    after = s.apply(PlayCat(cat))
    assert after.table[-1].maskers == (0, 1) and after.supply == (15, 15)


def plain_cats(k: int) -> list[int]:
    """``k`` cats sharing no trait with either player of ``TRAITS_2P``."""
    avoid = set(TRAITS_2P[0]) | set(TRAITS_2P[1])
    return [i for i, c in enumerate(DEFAULT_DECK) if not avoid & set(c)][:k]


def test_unmasked_traits_still_call_for_a_mask():
    red_cat = card_with(
        "red", avoiding={"blue", "top hat", "strutting beauty", "striped", "lazy layabout"}
    )
    a, b, c, d, e = plain_cats(5)
    s = new_game(2, traits=TRAITS_2P, cat_order=order_with_hands([a, b, c], [d, red_cat, e]))
    s = s.apply(PlayCat(a)).apply(Pass())
    s = s.apply(PlayCat(d)).apply(Guess(0, "red"))  # player 1 unmasks red
    assert s.revealed[0] == ("red",)
    s = s.apply(PlayCat(b)).apply(Pass())
    after = s.apply(PlayCat(red_cat))
    assert after.table[-1].maskers == (0,) and after.supply[0] == s.supply[0] - 1


# --------------------------------------------------------------------------- phase 3
def start_2p():
    """Two players, hands of cats that match nobody."""
    cats = plain_cats(6)
    return new_game(2, traits=TRAITS_2P, cat_order=order_with_hands(cats[:3], cats[3:]))


def test_right_guess_unmasks_and_takes_a_mask_from_the_suspect():
    s = start_2p()
    s = s.apply(PlayCat(min(s.hands[0])))
    before = s.supply
    after = s.apply(Guess(1, "top hat"))
    assert after.revealed[1] == ("top hat",)
    assert after.supply == (before[0], before[1] - 1)
    assert after.received[0][1] == 1 and sum(after.received[1]) == 0
    assert after.guesses[-1].correct
    assert after.points()[0] == 4 and after.points()[1] == 2


def test_wrong_guess_gives_one_of_the_guessers_masks():
    s = start_2p()
    s = s.apply(PlayCat(min(s.hands[0])))
    before = s.supply
    after = s.apply(Guess(1, "green"))
    assert after.revealed == ((), ())
    assert after.supply == (before[0] - 1, before[1])
    assert after.received[1][0] == 1
    assert after.points() == [3, 4]


def test_pass_then_draw_then_next_player():
    s = start_2p()
    top = s.deck[0]
    played = min(s.hands[0])
    after = s.apply(PlayCat(played)).apply(Pass())
    assert after.turn == 1 and after.phase == PLAY
    assert top in after.hands[0] and len(after.hands[0]) == 3 and after.deck == s.deck[1:]


def test_revealed_and_own_traits_cannot_be_named():
    s = start_2p()
    s = s.apply(PlayCat(min(s.hands[0]))).apply(Guess(1, "top hat"))
    s = s.apply(PlayCat(min(s.hands[1])))
    legal = s.legal_actions()
    assert Guess(0, "green") in legal  # any trait still in a fan may be named
    assert Guess(0, "blue") not in legal  # it is on player 1's own card
    assert Guess(0, "top hat") not in legal  # already unmasked
    assert Guess(0, "strutting beauty") not in legal  # it is on player 1's own card
    assert Guess(1, "red") not in legal  # not yourself
    assert len(legal) == 1 + len([t for t in ALL_TRAITS if t not in {"top hat", *TRAITS_2P[1]}])


def test_params_can_allow_naming_own_traits():
    s = new_game(2, traits=TRAITS_2P, seed=1, params=Params(guess_own_traits=True))
    s = s.apply(s.legal_actions()[0])
    assert Guess(1, "red") in s.legal_actions()


# --------------------------------------------------------------------------- end of game
def unmask_all_of_player_1(params: Params | None = None, n: int = 3):
    traits = (
        *TRAITS_2P,
        ("green", "spotted", "ball of yarn"),
        ("white", "fish cocktail", "seated boss"),
    )[:n]
    s = new_game(n, seed=3, traits=traits, params=params or Params())
    for t in TRAITS_2P[1]:
        while s.current_player() != 0:
            s = s.apply(s.legal_actions()[0]) if s.phase == PLAY else s.apply(Pass())
        s = s.apply(s.legal_actions()[0])
        if s.phase != GUESS:
            break
        s = s.apply(Guess(1, t))
    return s


def test_third_unmasked_trait_ends_the_game_after_the_rest_of_the_round_guesses():
    s = unmask_all_of_player_1()
    assert s.hidden_traits(1) == () and s.phase == FINAL and s.final_queue == (1, 2)
    hand_sizes = [len(h) for h in s.hands]
    assert all(isinstance(a, (Guess, Pass)) for a in s.legal_actions())
    s = s.apply(Pass())
    assert s.current_player() == 2 and s.phase == FINAL
    with pytest.raises(IllegalAction):
        s.apply(PlayCat(s.hands[2][0]))
    s = s.apply(Guess(0, "lazy layabout"))
    assert s.is_terminal() and s.end_reason == "revealed"
    assert [len(h) for h in s.hands] == hand_sizes  # no cat played, no card drawn


def test_final_round_variants():
    assert unmask_all_of_player_1(Params(final_round="none")).is_terminal()
    s = unmask_all_of_player_1(Params(final_round="everyone_else"))
    assert s.final_queue == (1, 2)
    # the last seat of the round unmasking: nobody is left in the round
    s = new_game(2, seed=3, traits=TRAITS_2P)
    for t in TRAITS_2P[0]:
        s = s.apply(s.legal_actions()[0]).apply(Pass())
        s = s.apply(s.legal_actions()[0]).apply(Guess(0, t))
    assert s.is_terminal() and s.end_reason == "revealed"
    s = new_game(2, seed=3, traits=TRAITS_2P, params=Params(final_round="everyone_else"))
    for t in TRAITS_2P[0]:
        s = s.apply(s.legal_actions()[0]).apply(Pass())
        s = s.apply(s.legal_actions()[0]).apply(Guess(0, t))
    assert s.phase == FINAL and s.final_queue == (0,)


def test_a_player_out_of_masks_ends_the_game_at_once():
    s = start_2p()
    s = replace(s, supply=(1, 16))
    s = s.apply(PlayCat(min(s.hands[0])))
    s = s.apply(Guess(1, "green"))  # wrong: player 0 gives away their last mask
    assert s.is_terminal() and s.end_reason == "masks"
    assert s.current_player() == TERMINAL and s.legal_actions() == []


def test_running_out_of_cats_ends_the_game():
    s = new_game(2, seed=4, traits=TRAITS_2P, params=Params(masks_per_player=99))
    while not s.is_terminal():
        s = s.apply(s.legal_actions()[-1] if s.phase != PLAY else s.legal_actions()[0])
    assert s.end_reason == "cards" and not s.deck and not s.hands[s.turn]


def test_scoring_and_tie_breaks():
    s = new_game(3, seed=0, traits=(*TRAITS_2P, ("green", "spotted", "ball of yarn")))
    over = replace(
        s, phase=OVER, received=((1, 0, 0), (0, 0, 0), (0, 0, 0)), revealed=((), ("blue",), ())
    )
    assert over.points() == [4, 2, 3] and over.returns() == [1.0, 0.0, 0.0]
    # equal points: more unmasked-free traits wins
    tie = replace(over, received=((1, 0, 0), (0, 0, 0), (0, 0, 1)), revealed=(("red",), (), ()))
    assert tie.points() == [3, 3, 4]
    tie = replace(tie, received=((1, 0, 0), (0, 0, 0), (0, 0, 0)))
    assert tie.points() == [3, 3, 3] and tie.returns() == [0.0, 0.5, 0.5]
    assert over.winners() == (0,)


# --------------------------------------------------------------------------- illegal actions
def field_values(state) -> tuple:
    """Every dataclass field of ``state`` (all immutable), to compare before and after."""
    return tuple(getattr(state, f.name) for f in fields(state))


def test_every_illegal_action_raises_and_leaves_the_state_unchanged():
    s = start_2p()
    snapshot, stored = copy.deepcopy(s), field_values(s)
    bad = [Pass(), Guess(1, "red"), PlayCat(39), PlayCat(99), "nonsense"]
    for action in bad:
        with pytest.raises(IllegalAction) as err:
            s.apply(action)
        assert "Legal now" in str(err.value)
    assert s == snapshot and field_values(s) == stored
    after = s.apply(PlayCat(min(s.hands[0])))
    assert after != snapshot and field_values(after) != stored  # the comparison can fail
    s = after
    snapshot, stored = copy.deepcopy(s), field_values(s)
    for action in [
        PlayCat(s.hands[0][0]),
        Guess(0, "green"),
        Guess(1, "red"),
        Guess(5, "red"),
        Guess(1, "unicorn"),
    ]:
        with pytest.raises(IllegalAction):
            s.apply(action)
    assert s == snapshot and field_values(s) == stored


def test_illegal_messages_say_why():
    s = start_2p()
    assert "phase 1" in s.explain_illegal(Pass())
    s = s.apply(PlayCat(min(s.hands[0])))
    assert "own trait" in s.explain_illegal(Guess(1, "red"))
    assert "another player" in s.explain_illegal(Guess(0, "green"))
    assert "not a trait" in s.explain_illegal(Guess(1, "unicorn"))
    over = replace(s, phase=OVER)
    assert "over" in over.explain_illegal(Pass())


# --------------------------------------------------------------------------- views
def test_view_shows_own_traits_and_hides_the_others():
    s = start_2p()
    v0, v1, spectator = s.view(0), s.view(1), s.view(None)
    assert v0["my_traits"] == list(TRAITS_2P[0]) and v0["traits"][1] == [HIDDEN] * 3
    assert v1["traits"][0] == [HIDDEN] * 3 and v1["traits"][1] == list(TRAITS_2P[1])
    assert spectator["my_traits"] == [] and spectator["hand"] == HIDDEN
    assert v0["hand"][0]["card"] in s.hands[0] and "deck" not in v0


def scrambled(state, viewer: int):
    """The same public history with everything ``viewer`` cannot see changed.

    The other players' hidden traits are rotated with the cards left out of the deal,
    and their hands with the deck: a view that leaks nothing is unchanged.
    """
    n = state.num_players
    secret = [t for p in range(n) if p != viewer for t in state.hidden_traits(p)]
    secret += list(state.aside)
    rotated = secret[1:] + secret[:1]
    traits, i = [], 0
    for p in range(n):
        if p == viewer:
            traits.append(state.traits[p])
            continue
        mine = []
        for t in state.traits[p]:
            if t in state.revealed[p]:
                mine.append(t)
            else:
                mine.append(rotated[i])
                i += 1
        traits.append(tuple(mine))
    cats = [c for p in range(n) if p != viewer for c in state.hands[p]] + list(state.deck)
    cats = cats[1:] + cats[:1]
    hands, j = [], 0
    for p in range(n):
        if p == viewer:
            hands.append(state.hands[p])
        else:
            hands.append(tuple(cats[j : j + len(state.hands[p])]))
            j += len(state.hands[p])
    return replace(
        state,
        traits=tuple(traits),
        hands=tuple(hands),
        deck=tuple(cats[j:]),
        aside=tuple(rotated[i:]),
    )


def check_invariants(before, action, after):
    """Mask conservation per colour, views without leaks, legal-action sanity."""
    n, m = after.num_players, after.params.masks_per_player
    for q in range(n):
        on_table = sum(q in t.maskers for t in after.table)
        held = sum(after.received[p][q] for p in range(n))
        assert after.supply[q] + on_table + held == m
        assert after.received[q][q] == 0
    assert min(after.supply) >= 0
    assert len(after.table) + sum(map(len, after.hands)) + len(after.deck) == 40
    for t in after.table:  # masks follow the rule exactly
        cat = set(after.card_traits(t.card))
        assert t.maskers == tuple(p for p in range(n) if cat & set(after.traits[p]))
    for viewer in range(n):
        view = after.view(viewer)
        for p in range(n):
            if p != viewer:
                assert view["traits"][p].count(HIDDEN) == len(after.hidden_traits(p))
                assert set(view["traits"][p]) - {HIDDEN} == set(after.revealed[p])
        assert view == scrambled(after, viewer).view(viewer)
    if not after.is_terminal():
        assert after.legal_actions()
    if after.phase == OVER:
        assert after.end_reason in {"masks", "revealed", "cards"}


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_seeded_random_playthroughs_terminate_with_invariants(n):
    random_playthroughs(n, 600)


@pytest.mark.parametrize("n", [2, 4])
def test_seeded_random_playthroughs_sample(n):
    """make test's share of the slow suite above: the same checks on 100 games."""
    random_playthroughs(n, 100)


def random_playthroughs(n: int, games: int) -> None:
    """Seeded random games keep every invariant and end both by masks and by reveals."""
    reasons = Counter()
    for seed in range(games):
        end, log = core_play_out(
            new_game(n, seed=seed), RandomAgent(), make_rng(seed), on_step=check_invariants
        )
        assert end.is_terminal() and len(log) < 200
        assert sum(end.returns()) == pytest.approx(1)
        reasons[end.end_reason] += 1
    assert reasons["masks"] and reasons["revealed"]


@pytest.mark.parametrize("n", [2, 4])
def test_passive_playthroughs_run_out_of_cats_or_masks(n):
    """Players that never guess: the game still ends (masks or cat cards run out)."""

    class Cautious:
        name = "cautious"

        def choose(self, state, rng):
            return Pass() if state.phase != PLAY else rng.choice(state.legal_actions())

    for seed in range(100):
        end, _ = core_play_out(
            new_game(n, seed=seed), Cautious(), make_rng(seed), on_step=check_invariants
        )
        assert end.end_reason in {"masks", "cards"}
        assert end.points() == [3] * n


def test_the_assumptions_file_lists_the_default_deck():
    from pathlib import Path

    text = (
        Path(__file__).resolve().parent.parent / "docs/assumptions/indovina_gatto.md"
    ).read_text()
    block = text.split("```")[1]
    listed = {}
    for line in block.strip().splitlines():
        for entry in re.split(r"\s{2,}", line.strip()):
            index, rest = entry.split(" ", 1)
            listed[int(index)] = tuple(rest.split(", "))
    assert listed == dict(enumerate(DEFAULT_DECK))
    for trait in ALL_TRAITS:  # the name table gives every English name its Italian one
        assert f"| {trait} | {ITALIAN[trait]} |" in text


# --------------------------------------------------------------------------- names
def test_traits_have_the_english_edition_names_and_italian_labels():
    assert POSES == (
        "leaping daredevil",
        "strutting beauty",
        "seated boss",
        "lazy layabout",
        "playful kitty",
    )
    assert PATTERNS == ("striped", "spotted")
    assert ACCESSORIES == ("ball of yarn", "fish cocktail", "top hat", "toy mouse")
    assert set(ITALIAN) == set(ALL_TRAITS) and len(set(ITALIAN.values())) == 19
    expected_it = {
        "leaping daredevil": "lo spavaldo baldanzoso",
        "strutting beauty": "l'arrogante impettita",
        "seated boss": "il boss accovacciato",
        "lazy layabout": "il pigrone sdraiato",
        "playful kitty": "la giocherellona a pancia in su",
        "white": "bianco",
        "red": "rosso",
        "striped": "tigrato",
        "spotted": "maculato",
        "ball of yarn": "gomitolo di lana",
        "top hat": "cilindro",
    }
    for trait, italian in expected_it.items():
        assert trait_label(trait, "it") == italian
    assert [trait_label(t) for t in ALL_TRAITS] == list(ALL_TRAITS)
    assert trait_label(HIDDEN, "it") == HIDDEN
    assert category_label("pattern", "it") == "Disegno del pelo"
    assert category_label("pose") == "Pose"
    for bad in [("unicorn", "en"), ("blue", "de"), ("blu", "it")]:
        with pytest.raises(InvalidSetup):
            trait_label(*bad)
    assert str(Guess(1, "lazy layabout")) == "guess player 1 is lazy layabout"


# --------------------------------------------------------------------------- bad set-ups
SMALL_DECK = DEFAULT_DECK[:6]


@pytest.mark.parametrize(
    "field,value",
    [
        ("start_player", 5),
        ("start_player", -1),
        ("start_player", True),
        ("start_player", 1.0),
        ("start_player", "0"),
        ("hand_size", 0),
        ("hand_size", -2),
        ("hand_size", 2.5),
        ("hand_size", None),
        ("masks_per_player", 0),
        ("masks_per_player", "16"),
        ("masks_per_player", False),
        ("traits_per_player", 0),
        ("traits_per_player", 10),
        ("traits_per_player", 3.0),
        ("final_round", "sometimes"),
        ("final_round", None),
        ("final_round", ["none"]),
        ("empty_hand_ends_game", "yes"),
        ("empty_hand_ends_game", 1),
        ("guess_own_traits", 0),
        ("guess_own_traits", "False"),
        ("deck", ()),
        ("deck", None),
        ("deck", "red blue"),
        ("deck", SMALL_DECK[:5]),
    ],
)
def test_every_bad_params_field_is_refused_with_its_name_and_value(field, value):
    with pytest.raises(InvalidSetup) as err:
        Params(**{field: value})
    message = str(err.value)
    assert f"Params.{field}" in message
    assert repr(value) in message or str(len(value)) in message
    assert "use" in message or "needed" in message  # says what is allowed


@pytest.mark.parametrize(
    "card,why",
    [
        (("red", "blue"), "3-4"),
        (("red", "blue", "spotted", "top hat", "seated boss"), "3-4"),
        (("red", "red", "spotted"), "3-4"),
        (("red", "unicorn", "spotted"), "'unicorn' is not a trait"),
        (("red", 7, "spotted"), "tuple of 3-4"),
        ("red", "tuple of 3-4"),
    ],
)
def test_bad_cat_cards_are_refused(card, why):
    deck = (*SMALL_DECK[:3], card, *SMALL_DECK[3:])
    with pytest.raises(InvalidSetup) as err:
        Params(deck=deck)
    assert "Params.deck[3]" in str(err.value) and why in str(err.value)


def test_setups_that_do_not_fit_the_player_count_are_refused():
    with pytest.raises(InvalidSetup, match=r"start_player=3 .* 0 to 2"):
        new_game(3, seed=0, params=Params(start_player=3))
    with pytest.raises(InvalidSetup, match=r"hand_size=3 .* 3 players .* deck of 6"):
        new_game(3, seed=0, params=Params(deck=SMALL_DECK))
    with pytest.raises(InvalidSetup, match=r"hand_size=14 .* at most 13"):
        new_game(3, seed=0, params=Params(hand_size=14))
    with pytest.raises(InvalidSetup, match=r"traits_per_player=5 .* 4 players"):
        new_game(4, seed=0, params=Params(traits_per_player=5))
    for junk in ["Params()", {"start_player": 1}, 3]:
        with pytest.raises(InvalidSetup, match="params="):
            new_game(2, seed=0, params=junk)
    for traits in [[1, 2], "red", [("red", 3, "blue"), ("green", "white", "black")], None]:
        if traits is None:
            continue
        with pytest.raises(InvalidSetup, match="traits"):
            new_game(2, traits=traits)
    for order in [5, ["a"] * 40, [0.0, *range(1, 40)], [True, *range(1, 40)], range(39)]:
        with pytest.raises(InvalidSetup, match="cat_order"):
            new_game(2, seed=0, cat_order=order)


def test_valid_unusual_setups_still_play():
    """A 6-cat deck given as lists (stored as tuples), a later start seat, guess-only turns."""
    params = Params(deck=[list(c) for c in SMALL_DECK], start_player=1)
    assert params.deck == SMALL_DECK and hash(params)
    s = new_game(2, seed=0, params=params)
    assert s.current_player() == 1 and s.deck == () and hash(s)
    end, _ = core_play_out(s, RandomAgent(), make_rng(0), on_step=lambda b, a, after: None)
    assert end.is_terminal()
    guess_only = 0
    for seed in range(30):
        params = Params(DEFAULT_DECK[:9], empty_hand_ends_game=False, start_player=seed % 3)

        def no_dead_ends(before, action, after):
            nonlocal guess_only
            if not after.is_terminal():
                assert after.legal_actions()
                if after.phase == GUESS and not after.hands[after.turn]:
                    guess_only += 1

        end, _ = core_play_out(
            new_game(3, seed=seed, params=params),
            RandomAgent(),
            make_rng(seed),
            on_step=no_dead_ends,
        )
        assert end.end_reason in {"masks", "revealed"}
    assert guess_only > 0


# --------------------------------------------------------------------------- junk actions
JUNK = [
    [1],
    {},
    [],
    None,
    1,
    "nonsense",
    (0,),
    PlayCat("0"),
    PlayCat(True),
    PlayCat(0.0),
    PlayCat([0]),
    PlayCat(None),
    Guess(1, ["red"]),
    Guess("1", "red"),
    Guess(True, "green"),
    Guess(1.0, "green"),
    Guess(1, None),
    Guess(1, "verde"),
    Guess(None, None),
    Guess([1], {"green"}),
]


def junk_states():
    s = start_2p()
    guessing = s.apply(PlayCat(min(s.hands[0])))
    return [s, guessing, unmask_all_of_player_1(), replace(guessing, phase=OVER)]


@pytest.mark.parametrize("junk", JUNK, ids=repr)
def test_junk_actions_are_illegal_actions_and_change_nothing(junk):
    for s in junk_states():
        snapshot, stored = copy.deepcopy(s), field_values(s)
        assert s.is_legal(junk) is False
        with pytest.raises(IllegalAction) as err:
            s.apply(junk)
        assert err.value.action is junk and "Legal now" in str(err.value)
        assert s == snapshot and field_values(s) == stored


def test_junk_messages_name_what_is_allowed():
    s = start_2p().apply(PlayCat(min(start_2p().hands[0])))
    assert Guess(1, "green") in s.legal_actions()  # 1 and True are equal in Python, but
    assert "player number from 0 to 1" in s.explain_illegal(Guess(True, "green"))
    assert "player number from 0 to 1" in s.explain_illegal(Guess("1", "green"))
    assert "Italian name of 'green'" in s.explain_illegal(Guess(1, "verde"))
    assert "trait name" in s.explain_illegal(Guess(1, ["red"]))
    assert "PlayCat(card), Guess(suspect, trait) and Pass()" in s.explain_illegal([1])
    assert "card is given by its number" in start_2p().explain_illegal(PlayCat("0"))
    assert "numbered 0 to 1" in s.explain_illegal(Guess(5, "green"))
