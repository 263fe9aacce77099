"""The lab's statistics against scipy / statsmodels, on the committed results and by hand:
tail probabilities, exact and chi-square tests, Holm, Kruskal-Wallis, Wilson and
Clopper-Pearson bounds, power, and Bradley-Terry as a logistic regression."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from nekolib.lab import RESULTS_DIR, bradley_terry, pairwise_wins, read_rows
from nekolib.lab.inference import (
    binom_test,
    chi2_homogeneity,
    chi2_sf,
    detectable_edge,
    games_for_edge,
    holm,
    kruskal,
    lower_bound_all,
    norm_ppf,
)
from nekolib.lab.stats import (
    head_to_head,
    ladder,
    pairwise_record,
    seat_shares,
    seat_tests,
    sweep_tests,
    wilson,
)

stats = pytest.importorskip("scipy.stats")
smp = pytest.importorskip("statsmodels.stats.proportion")
multitest = pytest.importorskip("statsmodels.stats.multitest")

RESULTS = sorted(Path(RESULTS_DIR).glob("*.jsonl"))


def _rows(stem: str):
    return read_rows(RESULTS_DIR / f"{stem}.jsonl")[1]


def _kind(path: Path) -> str:
    header, _ = read_rows(path)
    exp = header["experiment"]
    return "sweep" if exp["sweep"] else "ladder" if len(exp["rotate"]) > 1 else "seats"


# --------------------------------------------------------------------------- distributions
@pytest.mark.parametrize("df", [1, 2, 3, 5, 8, 15])
def test_chi2_tail_matches_scipy(df):
    for x in [0.01, 0.5, 1, 2.3, 5, 9.7, 20, 45, 120]:
        assert chi2_sf(x, df) == pytest.approx(stats.chi2.sf(x, df), rel=1e-9, abs=1e-300)


def test_normal_quantile_and_exact_binomial_match_scipy():
    for q in [0.001, 0.025, 0.2, 0.5, 0.8, 0.975, 0.9999]:
        assert norm_ppf(q) == pytest.approx(stats.norm.ppf(q), abs=1e-9)
    for k, n, p in [(0, 10, 0.5), (7, 10, 0.5), (218, 398, 0.5), (30, 40, 0.5), (3, 20, 0.25)]:
        assert binom_test(k, n, p) == pytest.approx(stats.binomtest(k, n, p).pvalue, rel=1e-9)


def test_holm_and_kruskal_and_homogeneity_match_statsmodels_and_scipy():
    ps = [0.01, 0.04, 0.03, 0.2, 0.0004]
    assert holm(ps) == pytest.approx(list(multitest.multipletests(ps, method="holm")[1]))
    groups = [[1, 2, 2, 5, 7], [3, 3, 4, 8], [2, 9, 9, 10, 11, 12]]
    h, df, p = kruskal(groups)
    expected = stats.kruskal(*groups)
    assert (h, df, p) == (pytest.approx(expected.statistic), 2, pytest.approx(expected.pvalue))
    table = [[10, 3, 27], [14, 0, 26], [21, 2, 17]]
    stat, df, p = chi2_homogeneity(table)
    ref = stats.chi2_contingency(table, correction=False)
    assert (stat, df, p) == (pytest.approx(ref.statistic), ref.dof, pytest.approx(ref.pvalue))


def test_one_sided_bound_of_a_perfect_record_is_clopper_pearson():
    for n in [10, 40, 480]:
        low, _ = smp.proportion_confint(n, n, alpha=0.10, method="beta")  # 95% one-sided
        assert lower_bound_all(n) == pytest.approx(low, rel=1e-9)


def test_power_line_matches_statsmodels_normal_power():
    from statsmodels.stats.power import NormalIndPower

    for n, p0, k in [(400, 0.5, 1), (2000, 0.5, 1), (400, 0.25, 4), (400, 1 / 3, 3)]:
        edge = detectable_edge(n, p0, k)
        effect = NormalIndPower().solve_power(
            nobs1=n, alpha=0.05 / k, power=0.8, ratio=0, alternative="two-sided"
        )
        assert edge == pytest.approx(effect * math.sqrt(p0 * (1 - p0)), rel=1e-3)
        assert games_for_edge(edge, p0, k) == pytest.approx(n, abs=1)
    # the old docs' claim: 400 games 'detect about 5 points' has about half the power
    power = NormalIndPower().power(0.05 / 0.5, nobs1=400, alpha=0.05, ratio=0)
    assert 0.5 < power < 0.53


# --------------------------------------------------------------------------- committed results
@pytest.mark.parametrize("path", RESULTS, ids=[p.stem for p in RESULTS])
def test_seat_tests_of_committed_results_match_scipy_and_statsmodels(path):
    """Every table's test, the ordered-seat trend test and Holm over the file's family
    (player counts x sweep values; seats of every table) recomputed independently."""
    weightstats = pytest.importorskip("statsmodels.stats.weightstats")
    _, rows = read_rows(path)
    tests = seat_tests(rows)
    shares = seat_shares(rows)
    raw_many = []
    for test in tests:
        point = test.get("point", "")
        mine = [
            s for s in shares if s["players"] == test["players"] and s.get("point", "") == point
        ]
        members = [
            r for r in rows if r["players"] == test["players"]
            and ", ".join(f"{k}={_compact(v)}" for k, v in (r.get("point") or {}).items()) == point
        ]  # fmt: skip
        n = test["players"]
        games = test["games"]
        assert len(members) == games
        if n == 2:
            ref = stats.binomtest(test["W"], test["W"] + test["L"]).pvalue
            assert test["p"] == pytest.approx(ref, rel=1e-9)
            low, high = smp.proportion_confint(test["W"], test["W"] + test["L"], method="wilson")
            assert test["ci_edge"] == pytest.approx(max(0.5 - low, high - 0.5))
        else:
            ref = stats.chisquare([s["wins"] for s in mine], [games / n] * n)
            assert test["statistic"] == pytest.approx(ref.statistic)
            assert test["p"] == pytest.approx(ref.pvalue, rel=1e-7, abs=1e-300)
            raw = [smp.proportions_ztest(s["wins"], games, 1 / n, prop_var=1 / n)[1] for s in mine]
            assert [s["p"] for s in mine] == pytest.approx(raw)
            raw_many += raw
            # the trend: each game's winner seat number (shares averaged), z against (n-1)/2
            ys = [sum(seat * r for seat, r in enumerate(g["returns"])) for g in members]
            _, p = weightstats.ztest(ys, value=(n - 1) / 2)
            assert test["trend_p"] == pytest.approx(p, rel=1e-9)
            assert test["trend"] == pytest.approx(sum(ys) / games - (n - 1) / 2)
        for s in mine:
            ref_low, ref_high = smp.proportion_confint(s["wins"], games, method="wilson")
            assert (s["low"], s["high"]) == (pytest.approx(ref_low), pytest.approx(ref_high))
    adjusted = multitest.multipletests([t["p"] for t in tests], method="holm")[1]
    assert [t["p_holm"] for t in tests] == pytest.approx(list(adjusted))
    trended = [t for t in tests if "trend_holm" in t]
    if trended:
        adjusted = multitest.multipletests([t["trend_p"] for t in trended], method="holm")[1]
        assert [t["trend_holm"] for t in trended] == pytest.approx(list(adjusted))
    many = [s for s in shares if s["players"] > 2]
    if many:
        adjusted = multitest.multipletests(raw_many, method="holm")[1]
        assert [s["p_holm"] for s in many] == pytest.approx(list(adjusted))


def _compact(value):
    return ",".join(map(_compact, value)) if isinstance(value, list) else str(value)


@pytest.mark.parametrize(
    "path",
    [p for p in RESULTS if _kind(p) == "sweep"],
    ids=[p.stem for p in RESULTS if _kind(p) == "sweep"],
)
def test_sweep_tests_of_committed_results_match_scipy(path):
    """Game length (Kruskal-Wallis), seat 1's W vs L among decisive games and the draw rate
    apart (chi-square of homogeneity), Holm over all of them."""
    header, rows = read_rows(path)
    sweep = header["experiment"]["sweep"]
    points = [dict(zip(sweep, vs, strict=True)) for vs in itertools.product(*sweep.values())]
    groups = [[r for r in rows if r["point"] == point] for point in points]
    tests = {t["quantity"]: t for t in sweep_tests(rows)}
    ref = stats.kruskal(*[[r["length"] for r in g] for g in groups])
    assert tests["game length"]["p"] == pytest.approx(ref.pvalue, rel=1e-7)
    wdl = []
    for g in groups:
        w = sum(1 for r in g if r["winners"] == [0])
        d = sum(1 for r in g if 0 in r["winners"] and len(r["winners"]) > 1)
        wdl.append([w, d, len(g) - w - d])
    ref = stats.chi2_contingency([[w, lost] for w, _, lost in wdl], correction=False)
    assert tests["seat 1 W vs L (decisive games)"]["p"] == pytest.approx(ref.pvalue, rel=1e-7)
    if any(d for _, d, _ in wdl):
        ref = stats.chi2_contingency([[d, w + lost] for w, d, lost in wdl], correction=False)
        assert tests["seat 1 draw rate"]["p"] == pytest.approx(ref.pvalue, rel=1e-7)
    else:
        assert "seat 1 draw rate" not in tests
    table = [t for t in tests.values() if t["p"] == t["p"]]  # nan: nothing varied, no test
    adjusted = multitest.multipletests([t["p"] for t in table], method="holm")[1]
    assert [t["p_holm"] for t in table] == pytest.approx(list(adjusted))


def test_the_boards_sweep_differs_in_draws_not_in_wins():
    """The committed Neko Boss boards sweep: 'seat 1 W/D/L p = 1e-15' was the draws (48 of
    400 on grid_3x4, 2 on grid_4x6_diagonal); wins against losses do not differ (p 0.46),
    and grid_4x6_diagonal's seat test (p 0.031) is not significant over the 4 boards."""
    rows = _rows("neko_boss_boards")
    tests = {t["quantity"]: t for t in sweep_tests(rows)}
    assert tests["seat 1 W vs L (decisive games)"]["p"] == pytest.approx(0.457, abs=5e-4)
    assert tests["seat 1 draw rate"]["p_holm"] < 1e-12
    diagonal = next(t for t in seat_tests(rows) if t["point"] == "board=grid_4x6_diagonal")
    assert diagonal["p"] == pytest.approx(0.031, abs=5e-4)
    assert diagonal["p_holm"] == pytest.approx(0.124, abs=5e-4)
    assert diagonal["reading"].startswith("no seat edge established (Holm p 0.12)")


def test_seat_trend_against_statsmodels_and_a_planted_edge():
    """seat_trend is statsmodels' one-sample z of the winner's seat number; on games where
    seat 0 wins 31%, seats 1-3 23% each (4 000 games, seeded) it finds the edge that the
    chi-square of the four shares finds less often, and with no edge it is uniform-ish."""
    import random

    from nekolib.lab.inference import seat_trend

    weightstats = pytest.importorskip("statsmodels.stats.weightstats")
    rng = random.Random(5)
    weights = [0.31, 0.23, 0.23, 0.23]
    games = [[float(s == w) for s in range(4)]
             for w in rng.choices(range(4), weights, k=4000)]  # fmt: skip
    diff, z, p = seat_trend(games)
    ys = [g.index(1.0) for g in games]
    ref_z, ref_p = weightstats.ztest(ys, value=1.5)
    assert (z, p) == (pytest.approx(ref_z), pytest.approx(ref_p))
    assert diff < 0 and p < 1e-6
    false = 0
    for k in range(200):  # no edge: about 5% of seeded tables reject at 5%
        r = random.Random(k)
        null = [[float(s == w) for s in range(4)] for w in (r.randrange(4) for _ in range(200))]
        false += seat_trend(null)[2] < 0.05
    assert 2 <= false <= 20


def test_detectable_difference_matches_statsmodels():
    from statsmodels.stats.power import NormalIndPower

    from nekolib.lab.inference import detectable_difference

    for n, p0, k in [(400, 0.5, 1), (350, 0.5, 3), (200, 0.25, 2)]:
        effect = NormalIndPower().solve_power(nobs1=n, alpha=0.05 / k, power=0.8, ratio=1)
        ref = effect * math.sqrt(p0 * (1 - p0))
        assert detectable_difference(n, n, p0, k) == pytest.approx(ref, rel=1e-3)


@pytest.mark.parametrize(
    "path",
    [p for p in RESULTS if _kind(p) == "ladder"],
    ids=[p.stem for p in RESULTS if _kind(p) == "ladder"],
)
def test_head_to_head_of_committed_ladders(path):
    _, rows = read_rows(path)
    record = pairwise_record(rows)
    table = head_to_head(rows, bootstrap=50)
    agents = {a for r in rows for a in r["seats"]}
    assert len(table) == len(agents) * (len(agents) - 1) // 2  # every pair met
    adjusted = multitest.multipletests([e["p"] for e in table], method="holm")[1]
    assert [e["p_holm"] for e in table] == pytest.approx(list(adjusted))
    for entry in table:
        a, b = entry["pair"].split(" - ")
        assert [entry["W"], entry["D"], entry["L"]] == record[a, b] == record[b, a][::-1]
        n = entry["n"]
        low, high = smp.proportion_confint(entry["W"] + entry["D"] / 2, n, method="wilson")
        assert (entry["low"], entry["high"]) == (pytest.approx(low), pytest.approx(high))
        decisive = entry["W"] + entry["L"]
        assert entry["p"] == pytest.approx(stats.binomtest(entry["W"], decisive).pvalue)
        if entry["L"] == entry["D"] == 0:
            assert entry["diff_high"] == math.inf
            assert entry["diff_low"] == pytest.approx(
                400 * math.log10(0.05 ** (1 / n) / (1 - 0.05 ** (1 / n)))
            )
        else:
            assert entry["diff_low"] <= entry["diff"] <= entry["diff_high"] < math.inf


@pytest.mark.parametrize(
    "path",
    [p for p in RESULTS if _kind(p) == "ladder"],
    ids=[p.stem for p in RESULTS if _kind(p) == "ladder"],
)
@pytest.mark.filterwarnings("ignore::Warning:statsmodels")
def test_bradley_terry_is_the_logistic_regression_of_the_pairs(path):
    """prior=0 on a strongly connected record: the MLE of logit P(a above b) = b_a - b_b
    (statsmodels GLM, binomial, ties as half wins); otherwise infinite, never an error."""
    sm = pytest.importorskip("statsmodels.api")
    np = pytest.importorskip("numpy")
    _, rows = read_rows(path)
    wins = pairwise_wins(rows)
    ratings = bradley_terry(wins, prior=0)
    agents = sorted(ratings)
    if not all(math.isfinite(r) for r in ratings.values()):
        assert any(math.isinf(r) for r in ratings.values())
        return
    others = [a for a in agents if a != "random"]
    design, share, weight = [], [], []
    for i, a in enumerate(agents):
        for b in agents[i + 1 :]:
            n = wins.get((a, b), 0) + wins.get((b, a), 0)
            if n:
                design.append([(a == o) - (b == o) for o in others])
                share.append(wins.get((a, b), 0) / n)
                weight.append(n)
    fit = sm.GLM(
        np.array(share), np.array(design, dtype=float),
        family=sm.families.Binomial(), var_weights=np.array(weight),
    ).fit(tol=1e-12)  # fmt: skip
    for o, beta in zip(others, fit.params, strict=True):
        assert ratings[o] == pytest.approx(400 * beta / math.log(10), abs=1e-4)


def test_perfect_records_are_bounds_not_errors():
    wins = {("greedy", "random"): 480.0, ("random", "greedy"): 0.0}
    assert bradley_terry(wins, prior=0) == {"greedy": math.inf, "random": 0.0}
    three = {("a", "b"): 3, ("b", "a"): 1, ("c", "a"): 0, ("a", "c"): 5, ("b", "c"): 2}
    rated = bradley_terry(three, anchor="a", prior=0)
    assert rated["c"] == -math.inf and rated["a"] == 0
    assert rated["b"] == pytest.approx(-400 * math.log10(3))
    rows = [
        {"index": i, "players": 2, "seats": ["greedy", "random"][:: 1 - 2 * (i % 2)],
         "returns": [1.0, 0.0][:: 1 - 2 * (i % 2)], "winners": [i % 2], "length": 1}
        for i in range(40)
    ]  # fmt: skip
    top = ladder(rows, bootstrap=20)[0]
    assert top["agent"] == "greedy" and top["elo_high"] == math.inf
    assert top["elo_low"] == pytest.approx(
        400 * math.log10(0.05 ** (1 / 40) / (1 - 0.05 ** (1 / 40)))
    )
    assert wilson(40, 40)[1] == 1.0


def test_power_at_the_level_tested_matches_scipy():
    """Noncentral chi-square tails, the chi-square test's power and the exact binomial
    test's power (summed over scipy's own rejection region) agree with scipy."""
    from nekolib.lab.inference import binom_power, chi2_isf, ncx2_sf, sweep_difference80

    for x, df, nc in [(10, 3, 5), (7.8, 2, 12.5), (40, 6, 50), (3, 1, 0.4)]:
        assert ncx2_sf(x, df, nc) == pytest.approx(stats.ncx2.sf(x, df, nc), rel=1e-9)
    assert chi2_isf(0.0125, 3) == pytest.approx(stats.chi2.isf(0.0125, 3), rel=1e-8)
    n, p, level = 300, 0.58, 0.05 / 3
    region = [k for k in range(n + 1) if stats.binomtest(k, n).pvalue <= level]
    assert binom_power(n, p, level) == pytest.approx(stats.binom.pmf(region, n, p).sum())
    # a sweep's omnibus: 4 values, two at p -+ d/2, two at p: statsmodels' chi-square power
    d = sweep_difference80(1000, 4, 0.4, tests=2)
    shares = [0.4 - d / 2, 0.4, 0.4, 0.4 + d / 2]
    nc = sum(1000 * (s - 0.4) ** 2 / (0.4 * 0.6) for s in shares)
    assert stats.ncx2.sf(stats.chi2.isf(0.025, 3), 3, nc) == pytest.approx(0.8, abs=1e-6)
