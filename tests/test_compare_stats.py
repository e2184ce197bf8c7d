"""Significance and equivalence tests: published reference values, and every figure checked
against scipy computed another way (from the raw observations) on generated inputs."""

import math

import numpy as np
import pytest
from scipy import stats as st

from dosrules.comparison.stats import (even_split, holm, tost_means, tost_proportions, two_proportions,
                                       welch_t, wilson)
from dosrules.play.simulate import Moments, _wilson

RNG = np.random.default_rng(20240614)


def _samples(count):
    """Generated pairs of integer samples (the kind a simulation observes), of varied size and spread."""
    for _ in range(count):
        n1, n2 = (int(x) for x in RNG.integers(3, 400, size=2))
        a = RNG.poisson(RNG.uniform(0.2, 12), size=n1)
        b = RNG.poisson(RNG.uniform(0.2, 12), size=n2)
        yield a, b


def _summary(x):
    m = Moments.of([int(v) for v in x]).describe()
    return m["n"], m["mean"], m["sd"]


@pytest.mark.parametrize("a, b", list(_samples(40)))
def test_welch_t_agrees_with_scipy_on_raw_samples(a, b):
    r = welch_t(*_summary(a), *_summary(b))
    ref = st.ttest_ind(b, a, equal_var=False)
    if not np.isfinite(ref.statistic):
        pytest.skip("a constant pair of samples")
    ci = ref.confidence_interval(0.95)
    assert r.statistic == pytest.approx(ref.statistic, rel=1e-9)
    assert r.p == pytest.approx(ref.pvalue, rel=1e-7, abs=1e-300)
    assert r.df == pytest.approx(ref.df, rel=1e-9)
    assert r.ci95 == pytest.approx((ci.low, ci.high), rel=1e-9)
    assert r.difference == pytest.approx(b.mean() - a.mean())


@pytest.mark.parametrize("a, b", list(_samples(25)))
def test_tost_means_agrees_with_one_sided_scipy_tests_on_shifted_samples(a, b):
    margin = float(RNG.uniform(0.05, 2.0))
    e = tost_means(*_summary(a), *_summary(b), margin)
    lower = st.ttest_ind(b + margin, a, equal_var=False, alternative="greater").pvalue
    upper = st.ttest_ind(b - margin, a, equal_var=False, alternative="less").pvalue
    assert (e.p_lower, e.p_upper) == pytest.approx((lower, upper), rel=1e-7, abs=1e-300)
    assert e.p == max(e.p_lower, e.p_upper)
    # equivalence at 5% exactly when the 90% interval lies inside the margin
    ci90 = st.ttest_ind(b, a, equal_var=False).confidence_interval(0.90)
    assert (e.p < 0.05) == (-margin < ci90.low and ci90.high < margin)


def _counts(count):
    for _ in range(count):
        n1, n2 = (int(x) for x in RNG.integers(5, 5000, size=2))
        yield int(RNG.binomial(n1, RNG.uniform(0.01, 0.99))), n1, int(RNG.binomial(n2, RNG.uniform(0.01, 0.99))), n2


@pytest.mark.parametrize("k1, n1, k2, n2", list(_counts(40)))
def test_two_proportions_agrees_with_the_pooled_z_and_its_wald_interval(k1, n1, k2, n2):
    r = two_proportions(k1, n1, k2, n2)
    p1, p2, pooled = k1 / n1, k2 / n2, (k1 + k2) / (n1 + n2)
    z = (p2 - p1) / math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    assert r.statistic == pytest.approx(z, rel=1e-9)
    assert r.p == pytest.approx(2 * st.norm.sf(abs(z)), rel=1e-7, abs=1e-300)
    half = st.norm.ppf(0.975) * math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    assert r.ci95 == pytest.approx((p2 - p1 - half, p2 - p1 + half), rel=1e-9, abs=1e-12)
    margin = float(RNG.uniform(0.005, 0.1))
    e = tost_proportions(k1, n1, k2, n2, margin)
    se = half / st.norm.ppf(0.975)
    assert e.p_lower == pytest.approx(st.norm.sf((p2 - p1 + margin) / se), rel=1e-7, abs=1e-300)
    assert e.p_upper == pytest.approx(st.norm.cdf((p2 - p1 - margin) / se), rel=1e-7, abs=1e-300)


@pytest.mark.parametrize("k, n", [(0, 1), (0, 40), (40, 40), (3, 10), *[(int(RNG.integers(0, n + 1)), n)
                                                                     for n in RNG.integers(1, 30000, size=20)]])
def test_wilson_intervals_match_scipy_and_the_simulation_summary(k, n):
    ci = st.binomtest(k, n).proportion_ci(method="wilson")
    assert wilson(k, n) == pytest.approx((ci.low, ci.high), rel=1e-9, abs=1e-12)
    assert _wilson(k, n) == pytest.approx([ci.low, ci.high], rel=1e-6, abs=1e-9)  # hand-written, no scipy


@pytest.mark.parametrize("seed", range(12))
def test_even_split_against_scipy_chisquare_and_exact_binomial_tosts(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 5))
    counts = [int(x) for x in rng.multinomial(int(rng.integers(50, 20000)), rng.dirichlet([30] * k))]
    margin = 0.02
    f = even_split(counts, margin)
    n = sum(counts)
    assert f.p == pytest.approx(st.chisquare(counts).pvalue, rel=1e-9)
    worst = max(max(st.binomtest(c, n, 1 / k - margin, alternative="greater").pvalue,
                    st.binomtest(c, n, 1 / k + margin, alternative="less").pvalue) for c in counts)
    assert f.p_even == pytest.approx(worst, rel=1e-9)
    assert all(lo <= c / n <= hi for c, (lo, hi) in zip(counts, f.ci95))


def test_published_values():
    # R: t.test for n=12, mean 5, sd 1 against n=20, mean 6, sd 3 (Welch): t = 1.3693, df = 25.196
    r = welch_t(12, 5.0, 1.0, 20, 6.0, 3.0)
    assert (r.statistic, r.df) == pytest.approx((1.369306, 25.19614), abs=1e-5)
    # prop.test(c(40, 60), c(100, 100), correct=FALSE): X-squared = 8, p = 0.004678
    r = two_proportions(40, 100, 60, 100)
    assert r.statistic == pytest.approx(math.sqrt(8)) and r.p == pytest.approx(0.0046777, abs=1e-6)


def test_degenerate_inputs():
    assert welch_t(1, 1.0, 0.0, 10, 2.0, 1.0) is None
    same = welch_t(10, 3.0, 0.0, 10, 3.0, 0.0)
    assert (same.p, same.difference) == (1.0, 0.0)
    apart = welch_t(10, 3.0, 0.0, 10, 4.0, 0.0)
    assert apart.p == 0.0 and apart.statistic == math.inf
    assert two_proportions(0, 50, 0, 80).p == 1.0
    assert two_proportions(3, 0, 1, 5) is None
    assert tost_means(10, 3.0, 0.0, 10, 3.1, 0.0, 0.5).p == 0.0
    assert tost_means(10, 3.0, 0.0, 10, 4.0, 0.0, 0.5).p == 1.0
    assert tost_proportions(0, 50, 0, 80, 0.01).p == 0.0
    assert wilson(0, 0) is None and even_split([0, 0], 0.02) is None


def _holm_by_closed_testing(pvalues):
    """Holm's adjusted p from its definition: the largest Bonferroni p over the step-down sets."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [0.0] * m
    for rank, i in enumerate(order):
        out[i] = min(1.0, max((m - j) * pvalues[order[j]] for j in range(rank + 1)))
    return out


def test_holm_adjustment():
    # p.adjust(c(0.01, 0.04, 0.03, 0.5), "holm")
    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([]) == []
    for _ in range(30):
        p = [float(x) for x in RNG.uniform(0, 0.2, size=int(RNG.integers(1, 40)))]
        assert holm(p) == pytest.approx(_holm_by_closed_testing(p))
