"""Exact deduction for Indovina Gatto, computed from one player's view only.

The posterior conditions on exactly these facts, all read from the viewer's view
(rulebook, "SVOLGIMENTO DEL GIOCO"), and on nothing else:

1. the viewer's own trait cards, so none of them is anybody else's;
2. every unmasked trait and whose it is ("mettere la carta caratteristica
   smascherata sul tavolo"), and how many hidden traits each player still has;
3. for every cat on the table and every player, whether that player put a mask on
   it - an exact yes/no answer to "do you have at least one of these traits?"
   ("piazzano una delle maschere ... non devi piazzarci sopra più di una maschera"),
   revealed traits included;
4. every wrong guess: the suspect does not have that trait ("deve rispondere
   onestamente");
5. only when ``view["guess_own_traits"]`` is ``False`` (the default of
   ``Params.guess_own_traits``): every guess, right or wrong, of trait ``t`` by
   player ``g`` proves that ``g`` does not hold ``t``, because the engine refuses a
   guess naming one of the guesser's own traits. With ``True`` a guess says nothing
   about the guesser.

Not used: which cat a player chose to play, whom they chose to suspect, when they
passed, and the viewer's own cat cards (the cat deck is shuffled independently of
the trait cards, so the cats in hand say nothing about trait cards).

Every deal of the unseen trait cards that agrees with all of this is equally
likely (the deal is a uniform shuffle; players' choices are taken to carry no
information - see the assumptions file), so the posterior is a ratio of exact
counts of deals. :func:`posterior` counts them without listing them: traits that
no observation tells apart are merged into classes, each opponent's possible
hidden hands become count vectors over classes, and a forward-backward sum over
the opponents (capacity-limited, weights are binomials) gives every marginal as a
:class:`~fractions.Fraction`. :func:`brute_force_posterior` lists every deal (it
shares :func:`knowledge` with :func:`posterior`); the tests check both against an
enumeration written separately from the rules.

Trait names are the canonical English ones; :func:`posterior_table` labels them in
English or Italian (``language="it"``).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from nekolib.core import GameState, play_out
from nekolib.indovina_gatto.rules import (
    ALL_TRAITS,
    CATEGORY,
    Guess,
    Pass,
    PlayCat,
    category_label,
    trait_label,
)
from nekolib.working import short_decimal

View = Mapping[str, Any]


# --------------------------------------------------------------------------- knowledge
@dataclass(frozen=True)
class Knowledge:
    """The observations in one view, reduced to what constrains the unseen trait cards."""

    viewer: int
    num_players: int
    pool: tuple[str, ...]
    """Trait cards the viewer has not seen: held hidden by an opponent or left out of the deal."""
    opponents: tuple[int, ...]
    """Opponents with at least one hidden trait."""
    hidden: Mapping[int, int]
    """How many hidden traits each opponent has."""
    revealed: Mapping[int, frozenset[str]]
    cards: tuple[tuple[frozenset[str], frozenset[int]], ...]
    """(traits of the cat, players who masked it) for every cat on the table."""
    excluded: frozenset[tuple[int, str]]
    """(player, trait) pairs the guesses rule out: the suspect of every wrong guess and,
    when ``guess_own_traits`` is off, the guesser of every guess (facts 4 and 5)."""


def knowledge(view: View) -> Knowledge:
    """Extract the constraints from a player's view (never from a full state)."""
    viewer, n = view["viewer"], view["num_players"]
    revealed = {p: frozenset(view["revealed"][p]) for p in range(n)}
    seen = set(view["my_traits"]).union(*revealed.values())
    pool = tuple(t for t in ALL_TRAITS if t not in seen)
    hidden = {p: view["hidden_counts"][p] for p in range(n) if p != viewer}
    opponents = tuple(p for p in range(n) if p != viewer and hidden[p] > 0)
    cards = tuple((frozenset(t["traits"]), frozenset(t["maskers"])) for t in view["table"])
    return Knowledge(viewer, n, pool, opponents, hidden, revealed, cards, excluded_pairs(view))


def excluded_pairs(view: View) -> frozenset[tuple[int, str]]:
    """(player, trait) pairs that the public guesses prove impossible.

    A wrong guess: the suspect lacks the trait. With ``guess_own_traits`` off the rules
    only let ``g`` name a trait that is not on ``g``'s own cards, so every guess by
    ``g`` of ``t`` (right or wrong) shows that ``g`` lacks ``t``.
    """
    guesses = view["guesses"]
    out = {(g["suspect"], g["trait"]) for g in guesses if not g["correct"]}
    if not view["guess_own_traits"]:
        out |= {(g["guesser"], g["trait"]) for g in guesses}
    return frozenset(out)


def consistent(k: Knowledge, player: int, hidden_set: Iterable[str]) -> bool:
    """Could ``player`` hold exactly ``hidden_set`` besides their revealed traits?

    Replays the mask rule on every cat on the table and checks every excluded
    (player, trait) pair of the guesses.
    """
    full = set(hidden_set) | k.revealed[player]
    if any((player, t) in k.excluded for t in full):
        return False
    return all((player in maskers) == bool(full & cat) for cat, maskers in k.cards)


# --------------------------------------------------------------------------- posterior
@dataclass(frozen=True)
class Posterior:
    """Exact posterior of the opponents' hidden traits from one player's view."""

    viewer: int
    marginals: dict[int, dict[str, Fraction]]
    """``marginals[p][t]``: probability that opponent ``p`` holds ``t`` as a hidden trait."""
    deals: int
    """Number of deals of the unseen trait cards consistent with the view."""
    prior_deals: int
    """Number of deals before any observation other than the own and revealed cards."""
    classes: int = 0
    """How many classes of indistinguishable traits the counting used."""

    def probability(self, player: int, trait: str) -> Fraction:
        return self.marginals.get(player, {}).get(trait, Fraction(0))

    def most_likely(self, player: int) -> list[tuple[str, Fraction]]:
        """The traits of ``player``, most probable first (ties in rulebook order)."""
        items = self.marginals.get(player, {}).items()
        return sorted(items, key=lambda kv: (-kv[1], ALL_TRAITS.index(kv[0])))


def posterior_table(
    post: Posterior, language: str = "en"
) -> list[tuple[str, str, dict[int, Fraction]]]:
    """Rows ``(category label, trait label, {opponent: probability})`` in rulebook order.

    Only the traits the viewer has not seen are listed; labels are in ``language``
    (``"en"``: the English edition's names, ``"it"``: the Italian rulebook's).
    """
    rows = []
    for t in ALL_TRAITS:
        if any(t in m for m in post.marginals.values()):
            cat = category_label(CATEGORY[t], language)
            rows.append(
                (cat, trait_label(t, language), {p: post.probability(p, t) for p in post.marginals})
            )
    return rows


def prior_deal_count(pool_size: int, hands: Sequence[int]) -> int:
    """Deals of ``pool_size`` distinct cards into hands of the given sizes (rest aside)."""
    total, left = 1, pool_size
    for h in hands:
        total *= math.comb(left, h)
        left -= h
    return total


def trait_classes(
    k: Knowledge,
) -> tuple[list[list[str]], dict[int, tuple[tuple[int, ...], tuple[frozenset[int], ...]]]]:
    """Group the pool into traits no observation distinguishes; per opponent the constraints.

    For opponent ``p`` a trait is *forbidden* (on a cat ``p`` did not mask, or excluded
    for ``p`` by a guess), and it belongs to some *hit sets* (cats ``p`` masked that none
    of ``p``'s revealed traits explains: at least one hidden trait must be on them).
    Traits with the same (forbidden, hit sets) for every opponent are interchangeable.
    """
    pool = set(k.pool)
    rules: dict[int, tuple[set[str], list[frozenset[str]]]] = {}
    for p in k.opponents:
        forbidden = {t for t in pool if (p, t) in k.excluded}
        hits = []
        for cat, maskers in k.cards:
            if p not in maskers:
                forbidden |= cat & pool
            elif not cat & k.revealed[p]:
                hits.append(frozenset(cat & pool))
        rules[p] = (forbidden, hits)
    signature: dict[str, tuple] = {}
    for t in k.pool:
        signature[t] = tuple(
            (t in rules[p][0], tuple(i for i, h in enumerate(rules[p][1]) if t in h))
            for p in k.opponents
        )
    groups: dict[tuple, list[str]] = {}
    for t in k.pool:
        groups.setdefault(signature[t], []).append(t)
    classes = list(groups.values())
    index = {t: i for i, cls in enumerate(classes) for t in cls}
    per_player: dict[int, tuple[tuple[int, ...], tuple[frozenset[int], ...]]] = {}
    for p in k.opponents:
        forbidden, hits = rules[p]
        allowed = tuple(i for i, cls in enumerate(classes) if cls[0] not in forbidden)
        hit_classes = tuple({frozenset(index[t] for t in h) for h in hits})
        per_player[p] = (allowed, hit_classes)
    return classes, per_player


def candidates(
    sizes: Sequence[int], allowed: Sequence[int], hits: Sequence[frozenset[int]], k: int
) -> list[tuple[int, ...]]:
    """Count vectors (traits taken from each class) of a hidden hand of ``k`` cards."""
    out = []
    for combo in itertools.combinations_with_replacement(allowed, k):
        x = [0] * len(sizes)
        for c in combo:
            x[c] += 1
        if any(x[c] > sizes[c] for c in combo):
            continue
        if all(any(x[c] for c in h) for h in hits):
            out.append(tuple(x))
    return out


def class_ways(sizes: Sequence[int], used: Sequence[int], x: Sequence[int]) -> int:
    """Ways to pick the traits of count vector ``x`` from what ``used`` left in each class."""
    w = 1
    for c, xc in enumerate(x):
        if xc:
            w *= math.comb(sizes[c] - used[c], xc)
    return w


def posterior(view: View) -> Posterior:
    """Exact posterior of every opponent's hidden traits, from ``view`` alone.

    Forward pass ``F_i(used)``: weighted count of ways the first ``i`` opponents
    take ``used`` traits from each class; backward pass ``B_i(used)``: ways for the
    rest; the marginal weight of opponent ``i`` holding count vector ``x`` is
    ``sum F_i(u) * ways(u, x) * B_{i+1}(u + x)``.
    """
    k = knowledge(view)
    classes, rules = trait_classes(k)
    sizes = [len(c) for c in classes]
    order = sorted(
        k.opponents,
        key=lambda p: len(candidates(sizes, *rules[p], k.hidden[p])),
    )
    cands = [candidates(sizes, *rules[p], k.hidden[p]) for p in order]
    prior = prior_deal_count(len(k.pool), [k.hidden[p] for p in order])

    zero = (0,) * len(sizes)
    forward: list[dict[tuple[int, ...], int]] = [{zero: 1}]
    for xs in cands:
        nxt: dict[tuple[int, ...], int] = {}
        for used, f in forward[-1].items():
            for x in xs:
                w = class_ways(sizes, used, x)
                if w:
                    key = tuple(u + v for u, v in zip(used, x, strict=True))
                    nxt[key] = nxt.get(key, 0) + f * w
        forward.append(nxt)
    backward: list[dict[tuple[int, ...], int]] = [{} for _ in forward]
    backward[-1] = dict.fromkeys(forward[-1], 1)
    for i in range(len(cands) - 1, -1, -1):
        for used in forward[i]:
            total = 0
            for x in cands[i]:
                w = class_ways(sizes, used, x)
                if w:
                    total += w * backward[i + 1][tuple(u + v for u, v in zip(used, x, strict=True))]
            backward[i][used] = total
    deals = backward[0][zero]

    marginals: dict[int, dict[str, Fraction]] = {}
    for i, p in enumerate(order):
        expected = [0] * len(sizes)
        for used, f in forward[i].items():
            for x in cands[i]:
                w = class_ways(sizes, used, x)
                if not w:
                    continue
                weight = f * w * backward[i + 1][tuple(u + v for u, v in zip(used, x, strict=True))]
                for c, xc in enumerate(x):
                    if xc:
                        expected[c] += weight * xc
        marginals[p] = {
            t: (Fraction(expected[c], sizes[c] * deals) if deals else Fraction(0))
            for c, cls in enumerate(classes)
            for t in cls
        }
    marginals = {p: _in_trait_order(marginals[p]) for p in sorted(marginals)}
    return Posterior(k.viewer, marginals, deals, prior, len(classes))


def _in_trait_order(m: dict[str, Fraction]) -> dict[str, Fraction]:
    return {t: m[t] for t in ALL_TRAITS if t in m}


def mask_outcomes(view: View, traits: Iterable[str]) -> dict[frozenset[int], Fraction]:
    """Exact chance of each set of opponents masking a cat with ``traits``, from ``view``.

    Phase 2: "Tutti i giocatori ... controllano se almeno una delle caratteristiche
    della carta gatto è presente anche su una delle proprie carte caratteristica. In caso
    affermativo ... piazzano una delle maschere". An opponent whose unmasked traits are
    on the cat masks for sure; for the others, each pattern of masks is the cat added to
    the table as a hypothetical observation, and its chance is the ratio of the deals
    consistent with it to the deals consistent with the view (:func:`posterior`). The
    keys are the sets of opponents (viewer excluded) who mask; they sum to 1.
    """
    cat = [t for t in ALL_TRAITS if t in set(traits)]
    k = knowledge(view)
    base = posterior(view).deals
    if not base:
        raise ValueError("no deal of the trait cards agrees with this view")
    sure = frozenset(p for p in range(k.num_players) if p != k.viewer and k.revealed[p] & set(cat))
    free = [p for p in k.opponents if p not in sure]
    out: dict[frozenset[int], Fraction] = {}
    for r in range(len(free) + 1):
        for chosen in itertools.combinations(free, r):
            maskers = sure | frozenset(chosen)
            table = [
                *view["table"],
                {"card": -1, "player": k.viewer, "traits": cat, "maskers": sorted(maskers)},
            ]
            deals = posterior({**view, "table": table}).deals
            if deals:
                out[maskers] = Fraction(deals, base)
    return out


def expected_masks(view: View, traits: Iterable[str]) -> Fraction:
    """Expected number of masks on a cat with ``traits``, the viewer's own included.

    The viewer's mask is certain (own trait cards); the opponents' come from
    :func:`mask_outcomes`.
    """
    cat = set(traits)
    own = 1 if cat & set(view["my_traits"]) else 0
    return own + sum((len(who) * p for who, p in mask_outcomes(view, cat).items()), Fraction(0))


# --------------------------------------------------------------------------- references
def brute_force_posterior(view: View) -> Posterior:
    """The same posterior by listing every deal of the unseen cards (small cases only)."""
    k = knowledge(view)
    counts = {p: dict.fromkeys(k.pool, 0) for p in k.opponents}
    deals = 0
    for deal in _deals(k, list(k.opponents), frozenset(k.pool)):
        deals += 1
        for p, hand in deal.items():
            for t in hand:
                counts[p][t] += 1
    marginals = {
        p: {t: Fraction(c, deals) if deals else Fraction(0) for t, c in counts[p].items()}
        for p in k.opponents
    }
    prior = prior_deal_count(len(k.pool), [k.hidden[p] for p in k.opponents])
    return Posterior(k.viewer, marginals, deals, prior, len(k.pool))


def _deals(k: Knowledge, players: list[int], pool: frozenset[str]):
    """Every consistent assignment of hidden hands to ``players`` (recursive, pruned per player)."""
    if not players:
        yield {}
        return
    p, rest = players[0], players[1:]
    for hand in itertools.combinations(sorted(pool), k.hidden[p]):
        if consistent(k, p, hand):
            for tail in _deals(k, rest, pool - set(hand)):
                yield {p: hand, **tail}


def monte_carlo_posterior(
    view: View, samples: int, rng: random.Random
) -> tuple[dict[int, dict[str, float]], int]:
    """Rejection sampling: shuffle the unseen cards, keep deals that agree with the view.

    Returns (estimated marginals, number of accepted deals).
    """
    k = knowledge(view)
    counts = {p: dict.fromkeys(k.pool, 0) for p in k.opponents}
    accepted = 0
    pool = list(k.pool)
    for _ in range(samples):
        rng.shuffle(pool)
        hands, start = {}, 0
        for p in k.opponents:
            hands[p] = pool[start : start + k.hidden[p]]
            start += k.hidden[p]
        if all(consistent(k, p, h) for p, h in hands.items()):
            accepted += 1
            for p, h in hands.items():
                for t in h:
                    counts[p][t] += 1
    est = {
        p: {t: c / accepted if accepted else 0.0 for t, c in cs.items()} for p, cs in counts.items()
    }
    return est, accepted


# --------------------------------------------------------------------------- guessing
@dataclass(frozen=True)
class GuessValue:
    """Expected effect of one guess on the points ("Conta dei punti")."""

    guess: Guess
    p_right: Fraction
    my_points: Fraction
    """E[change of my points]: +1 mask received when right, 0 when wrong."""
    suspect_points: Fraction
    """E[change of the suspect's points]: -1 unmasked trait when right, +1 mask when wrong."""
    value: Fraction
    """E[change of (my points - the mean of my opponents' points)]; passing is worth 0."""


def guess_value(guess: Guess, p: Fraction, num_players: int) -> GuessValue:
    """Right: I receive a mask (+1), the suspect loses an unmasked-trait point (-1).
    Wrong: the suspect receives one of my masks (+1 for them)."""
    others = num_players - 1
    suspect = (1 - p) - p
    value = p - suspect / others
    return GuessValue(guess, p, p, suspect, value)


def guess_values(view: View, post: Posterior | None = None) -> list[GuessValue]:
    """Every guess the viewer could make now, best first (from the view only)."""
    post = post or posterior(view)
    me, n = view["viewer"], view["num_players"]
    gone = {t for r in view["revealed"] for t in r} | set(view["my_traits"])
    out = []
    for suspect in range(n):
        if suspect == me or view["hidden_counts"][suspect] == 0:
            continue
        for t in ALL_TRAITS:
            if t not in gone:
                out.append(guess_value(Guess(suspect, t), post.probability(suspect, t), n))
    out.sort(key=lambda g: (-g.value, g.guess.suspect, ALL_TRAITS.index(g.guess.trait)))
    return out


def best_guess(view: View, post: Posterior | None = None) -> GuessValue | None:
    """The guess with the highest expected value, or ``None`` when passing (0) is better."""
    values = guess_values(view, post)
    if values and values[0].value > 0:
        return values[0]
    return None


# --------------------------------------------------------------------------- cat choice
def mask_probability(post: Posterior, player: int, traits: Iterable[str]) -> float:
    """Approximate chance that ``player`` masks a cat with ``traits`` (marginals, independence)."""
    miss = 1.0
    for t in traits:
        miss *= 1 - float(post.probability(player, t))
    return 1 - miss


def card_scores(view: View, post: Posterior | None = None) -> list[tuple[float, int]]:
    """Score each cat in hand: no self-leak first, then most uncertainty about opponents.

    A cat that matches one of my traits makes me place a mask (telling everybody I hold
    one of its traits), so it scores -1; on top, every opponent whose reaction is
    uncertain (mask probability q) adds q(1-q).
    """
    post = post or posterior(view)
    mine = set(view["my_traits"])
    scores = []
    for card in view["hand"]:
        traits = card["traits"]
        leak = -1.0 if mine & set(traits) else 0.0
        info = sum(q * (1 - q) for p in post.marginals for q in [mask_probability(post, p, traits)])
        scores.append((leak + info, card["card"]))
    scores.sort(key=lambda s: (-s[0], s[1]))
    return scores


@dataclass
class ExpectedPointsAgent:
    """Plays from its own view only: the guess with the best expected points (or pass),
    and the cat card that leaks least about itself and tells most about the others."""

    name: str = "expected points"

    def choose(self, state: GameState, rng: random.Random) -> PlayCat | Guess | Pass:
        return self.choose_from_view(state.view(state.current_player()))

    def choose_from_view(self, view: View) -> PlayCat | Guess | Pass:
        post = posterior(view)
        if view["phase"] == "play":
            return PlayCat(card_scores(view, post)[0][1])
        best = best_guess(view, post)
        return best.guess if best else Pass()

    def explain(self, state: GameState, action: Any) -> str:
        """Why ``action`` (one short sentence with its number), from the decider's view only."""
        return explain_from_view(state.view(state.current_player()), action)


def frac(x: Fraction) -> str:
    """An exact number as p/q, whole numbers too (``1/1``): a fraction is always shown."""
    x = Fraction(x)
    return f"{x.numerator}/{x.denominator}"


def signed(x: Fraction) -> str:
    """Expected points with their sign, in lowest terms: ``+41/560``, ``-1/4``, ``+2``,
    ``0``; a long fraction with its decimal (``+61/2800 ≈ +0.022``)."""
    x = Fraction(x)
    text = f"+{x}" if x > 0 else str(x)
    if x.denominator < 1000:
        return text
    return f"{text} ≈ {'+' if x > 0 else ''}{short_decimal(float(x))}"


def chance(x: Fraction) -> str:
    """A probability as p/q in lowest terms, its percentage in brackets (``369/1040 (35%)``;
    a percentage that rounds to 0% or 100% without being so keeps a decimal: ``(0.2%)``)."""
    x = Fraction(x)
    pct = float(x) * 100
    shown = f"{pct:.0f}%" if x in (0, 1) or 0.5 <= pct <= 99.5 else f"{short_decimal(pct)}%"
    return f"{frac(x)} ({shown})"


def explain_from_view(view: View, action: Any) -> str:
    """The reason behind ``action`` as :class:`ExpectedPointsAgent` weighs it, in exact
    fractions, with the best alternative's numbers.

    A guess: its exact chance and expected points (my points minus the mean of my
    opponents', :func:`guess_value`; no guess is worth 0) and the next best guess's. A cat:
    whether it makes me place a mask (it leaks that I hold one of its traits), the exact
    chance that each opponent masks it (:func:`mask_outcomes`) and its score
    (:func:`card_scores`), and the same for the best other cat.
    """
    post = posterior(view)
    if isinstance(action, PlayCat):
        return _explain_play(view, post, action.card)
    values = guess_values(view, post)
    if isinstance(action, Guess):
        mine = next((v for v in values if v.guess == action), None)
        if mine is None:
            return f"{action} cannot be named now"
        text = f"{_odds(mine)}, expected {signed(mine.value)} points over the average opponent"
        other = next((v for v in values if v.guess != action), None)
        alt = f"; next best: {_odds(other)}, {signed(other.value)}" if other else ""
        return f"{text} (no guess: 0){alt}"
    if not values:
        return "no trait can be named now"
    best = values[0]
    return f"the best guess, {_odds(best)}, is worth {signed(best.value)} points: no guess is 0"


def _odds(g: GuessValue) -> str:
    return f"P(player {g.guess.suspect} holds {g.guess.trait}) = {chance(g.p_right)}"


def _mask_chances(view: View, traits: Sequence[str]) -> dict[int, Fraction]:
    """Exact chance that each opponent masks a cat with ``traits`` (:func:`mask_outcomes`)."""
    outcomes = mask_outcomes(view, traits)
    players = [p for p in range(view["num_players"]) if p != view["viewer"]]
    return {p: sum((q for who, q in outcomes.items() if p in who), Fraction(0)) for p in players}


def _explain_play(view: View, post: Posterior, card: int) -> str:
    hand = {c["card"]: c["traits"] for c in view["hand"]}
    if card not in hand:
        return f"cat #{card} is not in your hand"
    scores = dict((c, s) for s, c in card_scores(view, post))
    text = f"cat #{card} {_cat_reason(view, hand, card)} (score {scores[card]:+.2f})"
    others = [c for s, c in card_scores(view, post) if c != card]
    if others:
        other = others[0]
        text += f"; best other cat #{other}: {_cat_reason(view, hand, other)}"
    return text


def _cat_reason(view: View, hand: Mapping[int, Sequence[str]], card: int) -> str:
    traits = hand[card]
    mine = set(view["my_traits"])
    shared = [t for t in traits if t in mine]
    if not shared:
        leak = "leaks least about you (it shares none of your traits: you place no mask)"
    else:
        clean = sum(1 for ts in hand.values() if not mine & set(ts))
        leak = f"shares {', '.join(shared)} with you (your mask shows it)" + (
            "; so does every cat in your hand" if clean == 0 else ""
        )
    odds = _mask_chances(view, traits)
    if not odds:
        return leak
    tested = ", ".join(f"player {p} {chance(q)}" for p, q in odds.items())
    return f"{leak}; exact chance each opponent masks it: {tested}"


@dataclass
class GreedyGuessAgent:
    """Baseline: plays its lowest cat and always makes the single most likely guess."""

    name: str = "greedy"

    def choose(self, state: GameState, rng: random.Random) -> PlayCat | Guess | Pass:
        view = state.view(state.current_player())
        if view["phase"] == "play":
            return PlayCat(min(c["card"] for c in view["hand"]))
        values = guess_values(view)
        return values[0].guess if values else Pass()


# --------------------------------------------------------------------------- sample games
@dataclass(frozen=True)
class TraceRow:
    """The viewer's deduction right after a cat was played and masked."""

    cats: int
    deals: int
    truth: dict[int, Fraction]
    """Per opponent: mean posterior probability of their true hidden traits."""
    best: GuessValue | None


def sample_game(num_players: int = 4, seed: int = 0, agents: Sequence[Any] | None = None):
    """States of one seeded game (default: seat 0 expected points, the others greedy)."""
    from nekolib.indovina_gatto.rules import new_game

    agents = agents or [ExpectedPointsAgent()] + [GreedyGuessAgent()] * (num_players - 1)
    state = new_game(num_players, seed=seed)
    states: list[GameState] = [state]
    play_out(state, agents, random.Random(seed), on_step=lambda _b, _a, after: states.append(after))
    return states


def deduction_trace(states: Sequence[Any], viewer: int = 0) -> list[TraceRow]:
    """Follow one player's posterior through a game, once per cat played.

    The true hidden traits are read from the states only to *score* the posterior;
    the posterior itself is computed from ``viewer``'s view.
    """
    rows = []
    for before, after in itertools.pairwise(states):
        if len(after.table) == len(before.table):
            continue
        view = after.view(viewer)
        post = posterior(view)
        truth = {}
        for p in post.marginals:
            hidden = after.hidden_traits(p)
            truth[p] = sum((post.probability(p, t) for t in hidden), Fraction(0)) / len(hidden)
        rows.append(TraceRow(len(after.table), post.deals, truth, best_guess(view, post)))
    return rows
