"""The lookahead player and its hints: every stated fraction re-derived by enumeration."""

from __future__ import annotations

import re
from fractions import Fraction

from test_indovina_gatto_analysis import played, random_position, rule_enumeration
from test_indovina_gatto_rules import scrambled

from nekolib.core import make_rng
from nekolib.indovina_gatto.agents import AGENTS
from nekolib.indovina_gatto.analysis import ExpectedPointsAgent, explain_from_view, posterior
from nekolib.indovina_gatto.lookahead import (
    LookaheadAgent,
    cat_values,
    explain_lookahead,
    exposure,
    final_guess_values,
)
from nekolib.indovina_gatto.rules import DEFAULT_DECK, FINAL, PLAY, Guess, Pass, PlayCat

FRACTION = re.compile(r"\b\d+/\d+\b")


def hypothetical(view, card: int, maskers) -> dict:
    """``view`` with cat ``card`` on the table masked by ``maskers`` (built here, not imported)."""
    row = {"card": card, "player": view["viewer"], "traits": list(DEFAULT_DECK[card])}
    return {**view, "table": [*view["table"], {**row, "maskers": sorted(maskers)}]}


def gain_by_enumeration(view, card: int) -> tuple[Fraction, Fraction]:
    """2 players: E[points of the best guess right after ``card``] and E[its chance], by
    counting deals with the rules. Right: +1 for me, -1 for them; wrong: +1 for them; so a
    guess is worth 3p - 1 in the difference and passing 0."""
    me, them = view["viewer"], 1 - view["viewer"]
    total, _ = rule_enumeration(view)
    own = [me] if set(DEFAULT_DECK[card]) & set(view["my_traits"]) else []
    gain = right = Fraction(0)
    for theirs in ([], [them]):
        count, marginals = rule_enumeration(hypothetical(view, card, own + theirs))
        if count:
            p = max(marginals[them].values())
            gain += Fraction(count, total) * max(Fraction(0), 3 * p - 1)
            right += Fraction(count, total) * p
    return gain, right


def public_total(view) -> Fraction:
    """A spectator's chances of the viewer's true hidden traits, added up, by enumeration."""
    me = view["viewer"]
    public = {**view, "viewer": None, "my_traits": [], "hand": []}
    _, marginals = rule_enumeration(public)
    return sum(marginals[me][t] for t in view["my_traits"] if t not in view["revealed"][me])


def exposure_by_enumeration(view, card: int) -> Fraction:
    """2 players: the same once ``card`` is on the table with every mask the rules place on
    it - the viewer's own (or none) and the opponent's, masked or not with the chance the
    viewer's deals give - averaged over the opponent's answer. Only tables the rules can
    produce: an opponent with an unmasked trait on the cat always masks it."""
    me, them = view["viewer"], 1 - view["viewer"]
    total, _ = rule_enumeration(view)
    own = [me] if set(DEFAULT_DECK[card]) & set(view["my_traits"]) else []
    out = Fraction(0)
    for theirs in ([], [them]):
        after = hypothetical(view, card, own + theirs)
        if set(DEFAULT_DECK[card]) & set(view["revealed"][them]) and not theirs:
            continue  # "compreso ...": an unmasked trait of the cat is still theirs: they mask
        count, _ = rule_enumeration(after)
        if count:
            out += Fraction(count, total) * public_total(after)
    return out


def position_to_play():
    """Player 0 to play after two cats: one masked by player 1, one by nobody."""
    s = played(PlayCat(9), Guess(1, "white"), PlayCat(0))
    s = s.apply(Pass())
    assert s.phase == PLAY and s.current_player() == 0
    return s


def test_cat_values_equal_an_enumeration_by_the_rules():
    view = position_to_play().view(0)
    values = cat_values(view)
    assert [c.card for c in values] == sorted(
        (c.card for c in values), key=lambda c: -next(v.score for v in values if v.card == c)
    )
    for c in values:
        gain, right = gain_by_enumeration(view, c.card)
        assert (c.gain, c.right) == (gain, right)
        assert c.exposure == exposure_by_enumeration(view, c.card)
        assert c.score == c.gain - 5 * c.exposure
        assert sum(c.outcomes.values()) == 1


def test_play_hint_states_the_enumerated_fractions_of_the_move_and_the_best_other_cat():
    state = position_to_play()
    view = state.view(0)
    agent = LookaheadAgent()
    action = agent.choose(state, make_rng(0))
    text = agent.explain(state, action)
    best, other = cat_values(view)[:2]
    assert action == PlayCat(best.card)
    for c in (best, other):
        gain, right = gain_by_enumeration(view, c.card)
        e = exposure_by_enumeration(view, c.card)
        assert f"cat #{c.card}: your best guess after it is right with {right} " in text
        assert f"worth {'+' if gain > 0 else ''}{gain} points" in text
        assert f"hidden traits then add up to {e.numerator}/{e.denominator}" in text
    assert text.index(f"cat #{best.card}:") < text.index(f"best other cat #{other.card}:")


def test_guess_hint_states_the_enumerated_chance_and_expected_points():
    s = played(PlayCat(9), Guess(1, "white"), PlayCat(0), Pass(), PlayCat(3))
    assert s.phase == "guess" and s.current_player() == 0
    view = s.view(0)
    _, marginals = rule_enumeration(view)
    ranked = sorted(marginals[1].items(), key=lambda kv: -kv[1])
    agent = LookaheadAgent()
    action = agent.choose(s, make_rng(0))
    text = agent.explain(s, action)
    p = ranked[0][1]
    if 3 * p - 1 >= Fraction(-1, 10):
        assert isinstance(action, Guess) and marginals[1][action.trait] == p
        assert f"holds {action.trait} with {p.numerator}/{p.denominator} (" in text
        assert f"expected {'+' if 3 * p > 1 else ''}{3 * p - 1} points" in text
        assert "next best: player 1 holds" in text
    else:
        assert action == Pass()
        assert f"with {p.numerator}/{p.denominator} (" in text and "no guess: 0 points" in text


def final_round():
    """Both players guessed right; player 0 unmasks player 1's last trait: player 1's last
    guess. Points: player 0 has 3 masks + 1 hidden = 4, player 1 has 2 masks + 0 = 2."""
    s = played(
        PlayCat(9),
        Guess(1, "blue"),
        PlayCat(0),
        Guess(0, "red"),
        PlayCat(3),
        Guess(1, "top hat"),
        PlayCat(5),
        Guess(0, "striped"),
        PlayCat(7),
        Guess(1, "strutting beauty"),
    )
    assert s.phase == FINAL and s.current_player() == 1 and s.points() == [4, 2]
    return s


def test_final_guess_maximises_the_exact_chance_of_winning():
    s = final_round()
    view = s.view(1)
    _, marginals = rule_enumeration(view)
    p = max(marginals[0].values())
    best = next(t for t, q in marginals[0].items() if q == p)
    right = s.apply(Guess(0, "lazy layabout")).returns()[1]  # the engine scores both answers
    wrong = s.apply(Guess(0, next(t for t in marginals[0] if t != "lazy layabout"))).returns()[1]
    assert (right, wrong) == (0.5, 0.0)
    values = final_guess_values(view)
    assert values[0].guess == Guess(0, best) and values[0].p_right == p
    assert values[0].win == p * Fraction(right) + (1 - p) * Fraction(wrong)
    assert next(v.win for v in values if v.guess == Pass()) == 0  # 4 against 2: a loss
    agent = LookaheadAgent()
    action = agent.choose(s, make_rng(0))
    assert action == Guess(0, best)
    text = agent.explain(s, action)
    assert f"wins with {values[0].win.numerator}/{values[0].win.denominator} (" in text
    assert "no guess wins with 0/1 (0%)" in text


def test_every_hint_in_seeded_games_has_a_fraction_and_names_an_alternative():
    agent = LookaheadAgent()
    seen = set()
    for n, seed in [(2, 1), (3, 2), (4, 3)]:
        s = random_position(n, seed, 0)
        while not s.is_terminal():
            action = agent.choose(s, make_rng(seed))
            text = agent.explain(s, action)
            assert FRACTION.search(text), text
            assert s.is_legal(action)
            seen.add(type(action).__name__ + (":" + s.phase))
            s = s.apply(action)
    assert {"PlayCat:play", "Guess:guess", "Pass:guess"} <= seen


def test_lookahead_agent_decides_from_its_view_only():
    agent = LookaheadAgent()
    for seed in range(8):
        s = random_position(3, seed, 6 + 2 * seed)
        if s.is_terminal():
            continue
        me = s.current_player()
        assert agent.choose(s, make_rng(0)) == agent.choose_from_view(s.view(me))
        assert agent.choose(scrambled(s, me), make_rng(0)) == agent.choose(s, make_rng(0))
        assert explain_lookahead(scrambled(s, me).view(me), Pass()) == explain_lookahead(
            s.view(me), Pass()
        )


def test_exposure_is_the_public_chance_of_the_true_traits():
    s = position_to_play()
    public = {**s.view(0), "viewer": None, "my_traits": [], "hand": []}
    _, marginals = rule_enumeration(public)
    for me in (0, 1):
        assert exposure(s.view(me)) == public_total(s.view(me))
        assert exposure(s.view(me)) == sum(marginals[me][t] for t in s.hidden_traits(me))
    assert 0 < exposure(s.view(0)) < len(s.hidden_traits(0))
    assert posterior(public).marginals[0] == marginals[0]


def test_expected_points_hint_prints_exact_fractions():
    s = played(PlayCat(9), Guess(1, "white"), PlayCat(0), Pass(), PlayCat(3))
    view = s.view(0)
    _, marginals = rule_enumeration(view)
    for trait, p in marginals[1].items():
        text = explain_from_view(view, Guess(1, trait))
        assert f"P(player 1 holds {trait}) = {p.numerator}/{p.denominator} (" in text
    play = position_to_play()
    view = play.view(0)
    card = ExpectedPointsAgent().choose(play, make_rng(0)).card
    own = [0] if set(DEFAULT_DECK[card]) & set(view["my_traits"]) else []
    count, _ = rule_enumeration(view)
    masked, _ = rule_enumeration(hypothetical(view, card, [1, *own]))
    q = Fraction(masked, count)
    text = explain_from_view(view, PlayCat(card))
    assert f"cat #{card} " in text and f"player 1 {q.numerator}/{q.denominator} (" in text


def test_registry_and_widget_use_the_lookahead_player():
    from nekolib.indovina_gatto.widget import IndovinaGattoWidget, play

    assert isinstance(AGENTS["lookahead"](), LookaheadAgent)
    w = play(2, seats=["human", "lookahead"], seed=4)
    assert IndovinaGattoWidget.hint_agent == "lookahead" and w.hint_agent_key == "lookahead"
    assert "lookahead" in w.seat_selectors[1].options
    w.hint()
    assert w.hint_text.startswith("Hint (lookahead): ") and FRACTION.search(w.hint_text)
