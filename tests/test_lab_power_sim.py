"""The power the lab states is the power of the decision it makes: simulated seat tables,
read by the report's own rule (:func:`nekolib.lab.stats.seat_tests`, ``established``: Holm
over the run's tables), find the stated 80%-power edge about 80% of the time, and with fair
seats establish something in at most 5% of runs (the family-wise error)."""

from __future__ import annotations

import math
import random

import pytest

from nekolib.lab.stats import established, seat_tests

pytestmark = pytest.mark.slow


def _table(rng: random.Random, players: int, games: int, shares: list[float], first: int, k: int):
    rows = []
    for i in range(games):
        seat = rng.choices(range(players), shares)[0]
        rows.append(
            {"index": first + i, "players": players, "point": {"table": k},
             "seats": ["a"] * players,
             "winners": [seat], "returns": [float(s == seat) for s in range(players)]}
        )  # fmt: skip
    return rows


def _run(rng, tables, edge_table=None, edge=0.0):
    """Rows of one run: ``tables`` = [(players, games)], one seat of ``edge_table`` ahead."""
    rows = []
    for k, (players, games) in enumerate(tables):
        shares = [1 / players] * players
        if k == edge_table:
            shares = [1 / players + edge] + [1 / players - edge / (players - 1)] * (players - 1)
        rows += _table(rng, players, games, shares, len(rows), k)  # one table per k
    return rows


def _within_mc(rate: float, target: float, sims: int) -> bool:
    return abs(rate - target) <= 3.5 * math.sqrt(target * (1 - target) / sims)


@pytest.mark.parametrize(
    ("tables", "target"),
    [([(3, 400), (4, 400), (5, 400)], 1), ([(2, 400), (2, 400), (2, 400)], 0)],
    ids=["chi-square, 3 tables", "exact binomial, 3 tables"],
)
def test_the_stated_power_holds_for_the_reports_own_rule(tables, target):
    rng = random.Random(41)
    stated = seat_tests(_run(rng, tables))[target]
    edge, sims = stated["edge80"], 400
    assert len(seat_tests(_run(rng, tables))) == len(tables)
    assert f"{100 * edge:.1f} points above fair with 80% power" in stated["power"]
    hits = 0
    for _ in range(sims):
        tests = seat_tests(_run(rng, tables, target, edge))
        hits += established(tests[target])
    assert _within_mc(hits / sims, 0.80, sims), hits / sims


def test_the_family_wise_error_of_established_is_five_percent_with_fair_seats():
    rng = random.Random(7)
    tables = [(2, 300), (3, 300), (4, 300), (5, 300)]
    sims = 1000
    any_found = sum(any(established(t) for t in seat_tests(_run(rng, tables))) for _ in range(sims))
    rate = any_found / sims  # Holm over 4 independent tests: 1 - 0.9875^4 = 0.049 at most
    assert rate <= 0.05 + 3.5 * math.sqrt(0.05 * 0.95 / sims), rate
    assert rate >= 0.02, rate  # not a rule that never fires
