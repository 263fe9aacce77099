"""Exact deduction: hand-derived cases, brute force, Monte Carlo, guesses, the computer player."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from nekolib.core import RandomAgent, make_rng, play_out
from nekolib.indovina_gatto.analysis import (
    ExpectedPointsAgent,
    GreedyGuessAgent,
    best_guess,
    brute_force_posterior,
    guess_value,
    guess_values,
    monte_carlo_posterior,
    posterior,
    posterior_table,
    prior_deal_count,
)
from nekolib.indovina_gatto.rules import (
    ALL_TRAITS,
    DEFAULT_DECK,
    ITALIAN,
    PLAY,
    Guess,
    Params,
    Pass,
    PlayCat,
    new_game,
)

ME = ("red", "striped", "lazy layabout")
YOU = ("blue", "top hat", "strutting beauty")


def played(*cards_and_guesses, n: int = 2, traits=None, seed: int = 0):
    """Play the given actions from a fixed deal, passing phase 3 when not told otherwise."""
    traits = (
        traits
        or (ME, YOU, ("green", "spotted", "ball of yarn"), ("white", "toy mouse", "playful kitty"))[
            :n
        ]
    )
    cats = [c for step in cards_and_guesses if isinstance(step, PlayCat) for c in [step.card]]
    order = cats + [c for c in range(40) if c not in cats]
    # deal the listed cats round-robin into the right hands: player k plays cats k, k+n, ...
    hands = [[] for _ in range(n)]
    for i, c in enumerate(cats):
        hands[i % n].append(c)
    rest = [c for c in range(40) if c not in cats]
    for h in hands:
        while len(h) < 3:
            h.append(rest.pop(0))
    extra = [c for h in hands for c in h[3:]]
    order = [c for h in hands for c in h[:3]] + extra + rest
    s = new_game(n, traits=traits, cat_order=order)
    for step in cards_and_guesses:
        if isinstance(step, PlayCat):
            if s.phase != PLAY:
                s = s.apply(Pass())
            s = s.apply(step)
        else:
            s = s.apply(step)
    return s


def cat_matching(traits: set[str], avoid: set[str]) -> int:
    return next(i for i, c in enumerate(DEFAULT_DECK) if traits <= set(c) and not avoid & set(c))


# --------------------------------------------------------------------------- hand-derived
def test_before_any_clue_every_unseen_trait_has_probability_3_in_16():
    post = posterior(new_game(2, traits=(ME, YOU), seed=0).view(0))
    assert post.deals == post.prior_deals == math.comb(16, 3) == 560
    assert set(post.marginals[1]) == set(ALL_TRAITS) - set(ME)
    assert set(post.marginals[1].values()) == {Fraction(3, 16)}


def test_four_players_prior_is_the_multinomial_count():
    post = posterior(new_game(4, seed=2).view(3))
    assert post.deals == prior_deal_count(16, [3, 3, 3]) == 560 * 286 * 120
    assert all(v == Fraction(3, 16) for m in post.marginals.values() for v in m.values())


def test_one_masked_cat_hand_derived():
    """Opponent masked a cat with 3 unseen traits {a,b,c}: 274 = C(16,3)-C(13,3) deals;
    P(a) = C(15,2)/274 = 105/274, P(other) = (C(15,2)-C(12,2))/274 = 39/274."""
    cat = next(
        i
        for i, c in enumerate(DEFAULT_DECK)
        if "blue" in c and len(c) == 3 and not set(ME) & set(c)
    )
    s = played(PlayCat(cat))
    post = posterior(s.view(0))
    assert post.deals == 274
    for t in ALL_TRAITS:
        if t in ME:
            continue
        expected = Fraction(105, 274) if t in DEFAULT_DECK[cat] else Fraction(39, 274)
        assert post.probability(1, t) == expected, t


def test_one_unmasked_cat_rules_out_its_traits():
    cat = next(i for i, c in enumerate(DEFAULT_DECK) if not (set(ME) | set(YOU)) & set(c))
    post = posterior(played(PlayCat(cat)).view(0))
    k = 16 - len(DEFAULT_DECK[cat])
    assert post.deals == math.comb(k, 3)
    for t in DEFAULT_DECK[cat]:
        assert post.probability(1, t) == 0
    assert post.probability(1, "blue") == Fraction(3, k)


def test_wrong_guess_rules_out_and_right_guess_reveals():
    cat = next(i for i, c in enumerate(DEFAULT_DECK) if not (set(ME) | set(YOU)) & set(c))
    s = played(PlayCat(cat), Guess(1, "green"))
    post = posterior(s.view(0))
    assert post.probability(1, "green") == 0
    s = played(PlayCat(cat), Guess(1, "blue"))
    post = posterior(s.view(0))
    assert "blue" not in post.marginals[1]  # unmasked: no longer a hidden trait
    k = 16 - len(DEFAULT_DECK[cat]) - 1
    assert post.deals == math.comb(k, 2)
    assert post.probability(1, "top hat") == Fraction(2, k)


def test_both_views_are_deduced_symmetrically():
    cat = cat_matching({"blue", "lazy layabout"}, set())
    s = played(PlayCat(cat))
    assert posterior(s.view(1)).deals == posterior(s.view(0)).deals == 274


# --------------------------------------------------------------------------- brute force
def random_position(n: int, seed: int, plies: int):
    """A position after ``plies`` moves of random players who guess 20 % of the time."""
    rng = make_rng(seed)
    s = new_game(n, seed=seed)
    for _ in range(plies):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        a = rng.choice(legal) if s.phase == PLAY or rng.random() < 0.2 else Pass()
        s = s.apply(a)
    return s


@pytest.mark.parametrize("n,plies", [(2, 0), (2, 6), (2, 20), (3, 12), (3, 24), (4, 30)])
def test_posterior_equals_brute_force_enumeration(n, plies):
    for seed in range(4):
        s = random_position(n, seed, plies)
        viewer = s.current_player() if not s.is_terminal() else 0
        fast, slow = posterior(s.view(viewer)), brute_force_posterior(s.view(viewer))
        assert fast.deals == slow.deals > 0
        assert fast.marginals == slow.marginals


@pytest.mark.parametrize("n", [2, 3, 4])
def test_marginals_sum_to_hidden_counts_and_truth_is_possible(n):
    for seed in range(30):
        s = random_position(n, seed, 6 * n + seed % 9)
        for viewer in range(n):
            post = posterior(s.view(viewer))
            for p, m in post.marginals.items():
                assert sum(m.values()) == len(s.hidden_traits(p))
                assert all(m[t] > 0 for t in s.hidden_traits(p))
                assert all(0 <= v <= 1 for v in m.values())
            assert viewer not in post.marginals


def test_monte_carlo_agrees_with_the_exact_posterior():
    s = random_position(3, 0, 4)
    view = s.view(0)
    exact = posterior(view)
    est, accepted = monte_carlo_posterior(view, 20_000, make_rng(1))
    assert accepted > 1500
    for p, m in exact.marginals.items():
        for t, prob in m.items():
            sigma = math.sqrt(float(prob) * (1 - float(prob)) / accepted)
            assert abs(est[p][t] - float(prob)) < 5 * sigma + 1e-9, (p, t)
    assert accepted / 20_000 == pytest.approx(exact.deals / exact.prior_deals, abs=0.02)


def test_late_four_player_position_is_exact_and_sharp():
    s = random_position(4, 11, 40)
    post = posterior(s.view(0))
    assert post.deals < post.prior_deals / 1000
    assert post.deals == brute_force_posterior(s.view(0)).deals


# --------------------------------------------------------------------------- guesses
def test_guess_value_formula():
    g = Guess(1, "red")
    two = guess_value(g, Fraction(1, 3), 2)
    assert (two.my_points, two.suspect_points, two.value) == (
        Fraction(1, 3),
        Fraction(1, 3),
        Fraction(0),
    )
    four = guess_value(g, Fraction(1, 2), 4)
    assert four.value == Fraction(1, 2) - Fraction(0, 3)
    assert guess_value(g, Fraction(1), 3).value == Fraction(3, 2)
    assert guess_value(g, Fraction(0), 3).value == Fraction(-1, 2)


def test_best_guess_is_the_most_probable_trait_and_passing_beats_blind_guesses():
    assert best_guess(new_game(2, traits=(ME, YOU), seed=0).view(0)) is None  # 3/16 < 1/3
    s = random_position(2, 3, 30)
    view = s.view(s.current_player())
    values = guess_values(view)
    post = posterior(view)
    top = max(post.probability(g.guess.suspect, g.guess.trait) for g in values)
    assert values[0].p_right == top
    assert [g.value for g in values] == sorted((g.value for g in values), reverse=True)


def test_expected_points_agent_decides_from_its_view_only():
    agent = ExpectedPointsAgent()
    for seed in range(10):
        s = random_position(3, seed, 10 + seed)
        if s.is_terminal():
            continue
        me = s.current_player()
        assert agent.choose(s, make_rng(0)) == agent.choose_from_view(s.view(me))
        # the same view with different hidden cards elsewhere gives the same choice
        from test_indovina_gatto_rules import scrambled

        assert agent.choose(scrambled(s, me), make_rng(0)) == agent.choose(s, make_rng(0))


def share_won(agent_factory, opponent_factory, games: int) -> tuple[float, float]:
    """(share of games the agent won, its fair share 1/n), seats and sizes rotating."""
    won = fair = 0.0
    for seed in range(games):
        n = 2 + seed % 3
        seat = seed % n
        agents = [opponent_factory() for _ in range(n)]
        agents[seat] = agent_factory()
        end, _ = play_out(new_game(n, seed=seed), agents, make_rng(seed))
        won += end.returns()[seat]
        fair += 1 / n
    return won / games, fair / games


def test_expected_points_agent_beats_random_players():
    won, fair = share_won(ExpectedPointsAgent, RandomAgent, 30)
    assert won > 0.75 > fair


def test_expected_points_agent_beats_always_guessing_on_the_same_posterior():
    """Same seats, same deals: the expected-points seat wins more than a greedy one would."""
    won, _ = share_won(ExpectedPointsAgent, GreedyGuessAgent, 90)
    baseline, _ = share_won(GreedyGuessAgent, GreedyGuessAgent, 90)
    assert won > baseline


# --------------------------------------------------------------------------- every public fact
def rule_enumeration(view) -> tuple[int, dict[int, dict[str, Fraction]]]:
    """Count deals by the rules themselves, written apart from ``analysis.knowledge``.

    A deal of the unseen trait cards survives when, with it, every cat on the table gets
    masks from exactly the players it did, every guess gets the answer it got, and (while
    ``guess_own_traits`` is off) no guesser named a trait of their own.
    """
    me, n = view["viewer"], view["num_players"]
    may_name_own = view["guess_own_traits"]
    revealed = [set(r) for r in view["revealed"]]
    unseen = [
        t for t in ALL_TRAITS if t not in view["my_traits"] and not any(t in r for r in revealed)
    ]
    others = [p for p in range(n) if p != me]

    def fits(p: int, holds: set[str]) -> bool:
        for cat in view["table"]:
            if bool(holds & set(cat["traits"])) != (p in cat["maskers"]):
                return False
        for g in view["guesses"]:
            if g["suspect"] == p and (g["trait"] in holds) != g["correct"]:
                return False
            if g["guesser"] == p and not may_name_own and g["trait"] in holds:
                return False
        return True

    def deals(i: int, left: list[str]):
        if i == len(others):
            yield {}
            return
        p = others[i]
        for hand in itertools.combinations(left, view["hidden_counts"][p]):
            if fits(p, revealed[p] | set(hand)):
                rest = [t for t in left if t not in hand]
                for tail in deals(i + 1, rest):
                    yield {p: hand, **tail}

    assert fits(me, set(view["my_traits"]))  # the viewer's own cards explain their masks
    counts = {p: Counter() for p in others if view["hidden_counts"][p]}
    total = 0
    for deal in deals(0, unseen):
        total += 1
        for p in counts:
            counts[p].update(deal[p])
    marginals = {
        p: {t: Fraction(counts[p][t], total) for t in ALL_TRAITS if t in unseen} for p in counts
    }
    return total, marginals


def guessing_position(n: int, seed: int, plies: int, params: Params, on_step=None):
    """Random players who guess half the time (so there are many guesses to learn from)."""
    rng = make_rng(seed)
    s = new_game(n, seed=seed, params=params)
    for _ in range(plies):
        if s.is_terminal():
            break
        a = rng.choice(s.legal_actions()) if s.phase == PLAY or rng.random() < 0.5 else Pass()
        s = s.apply(a)
        if on_step:
            on_step(a)
    return s


@pytest.mark.parametrize("own", [False, True])
@pytest.mark.parametrize("n,plies", [(2, 8), (2, 16), (3, 14), (3, 24), (4, 30)])
def test_posterior_equals_an_enumeration_by_the_rules_with_guesses(n, plies, own):
    guesses_by_others = 0
    for seed in range(5):
        s = guessing_position(n, seed, plies, Params(guess_own_traits=own))
        for viewer in range(n):
            view = s.view(viewer)
            assert view["guess_own_traits"] is own
            guesses_by_others += sum(g["guesser"] != viewer for g in view["guesses"])
            total, marginals = rule_enumeration(view)
            fast, slow = posterior(view), brute_force_posterior(view)
            assert fast.deals == slow.deals == total > 0
            assert fast.marginals == slow.marginals == marginals
    assert guesses_by_others >= 5  # the positions do test what guesses say


def test_a_guess_proves_the_guesser_lacks_the_trait_only_when_own_traits_are_barred():
    """The issue's example: player 1 wrongly guesses blue about player 2 (3 players)."""
    for own, p_blue, deals in [(False, Fraction(0), 7645), (True, Fraction(131, 826), 9086)]:
        s = new_game(3, seed=135, params=Params(guess_own_traits=own))
        s = s.apply(s.legal_actions()[1]).apply(Pass())
        s = s.apply(s.legal_actions()[1]).apply(Guess(2, "blue"))
        assert s.guesses[-1].guesser == 1 and not s.guesses[-1].correct
        view = s.view(0)
        post = posterior(view)
        assert post.probability(1, "blue") == p_blue and post.probability(2, "blue") == 0
        assert (post.deals, post.marginals) == rule_enumeration(view) and post.deals == deals


def test_four_players_early_deal_count_of_the_issue():
    """Two wrong guesses in the first round: 246 120 deals, 362 040 if own traits may be named."""
    log = []
    guessing_position(4, 67, 4, Params(), on_step=log.append)
    for own, deals in [(False, 246_120), (True, 362_040)]:
        s = new_game(4, seed=67, params=Params(guess_own_traits=own))
        for action in log:  # the same moves (legal either way)
            s = s.apply(action)
        assert [(g.guesser, g.trait) for g in s.guesses] == [(0, "striped"), (1, "black")]
        assert posterior(s.view(2)).deals == deals


def test_posterior_table_labels_in_either_language():
    s = played(PlayCat(cat_matching({"blue"}, set(ME))))
    post = posterior(s.view(0))
    en, it = posterior_table(post), posterior_table(post, "it")
    assert [r[1] for r in en] == [t for t in ALL_TRAITS if t not in ME]
    assert [r[1] for r in it] == [ITALIAN[t] for t in ALL_TRAITS if t not in ME]
    assert en[0][0] == "Pose" and it[0][0] == "Posa" and it[-1][0] == "Accessori"
    assert all(r_en[2] == r_it[2] for r_en, r_it in zip(en, it, strict=True))
    assert dict((r[1], r[2][1]) for r in en) == post.marginals[1]
