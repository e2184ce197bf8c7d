"""Significance tests against closed forms and published reference values."""

import math

import pytest

from dosrules.comparison.stats import holm, t_cdf, t_ppf, t_sf2, two_proportions, welch_t


def _cauchy(t):  # df = 1
    return 1 - 2 * math.atan(abs(t)) / math.pi


def _df3(t):  # closed form of the two-sided tail for 3 degrees of freedom
    u = abs(t) / math.sqrt(3)
    return 1 - 2 / math.pi * (math.atan(u) + u / (1 + u * u))


def _df2(t):
    return 1 - abs(t) / math.sqrt(2 + t * t)


@pytest.mark.parametrize("t, df, p", [
    (3.5, 1, _cauchy(3.5)), (0.2, 1, _cauchy(0.2)), (1.0, 3, _df3(1.0)), (4.2, 3, _df3(4.2)),
    (1.3, 2, _df2(1.3)), (2.0, 10, 0.0733880),  # t table
    (2.5, 1e9, math.erfc(2.5 / math.sqrt(2))),  # the normal limit
])
def test_student_t_two_sided_tail(t, df, p):
    assert t_sf2(t, df) == pytest.approx(p, abs=1e-7)


@pytest.mark.parametrize("q, df, x", [(0.975, 10, 2.228139), (0.975, 1, 12.706205), (0.95, 4, 2.131847),
                                      (0.025, 30, -2.042272)])
def test_student_t_quantiles(q, df, x):
    assert t_ppf(q, df) == pytest.approx(x, abs=1e-5)
    assert t_cdf(x, df) == pytest.approx(q, abs=1e-7)


def test_welch_t_unequal_variances():
    # t.test(a, b) for samples with n=12, mean 5, sd 1 and n=20, mean 6, sd 3 (Welch)
    r = welch_t(12, 5.0, 1.0, 20, 6.0, 3.0)
    df = (1 / 12 + 9 / 20) ** 2 / ((1 / 12) ** 2 / 11 + (9 / 20) ** 2 / 19)
    assert r.test == "welch-t"
    assert r.df == pytest.approx(df)
    assert r.statistic == pytest.approx(1.0 / math.sqrt(1 / 12 + 9 / 20))
    assert r.p == pytest.approx(t_sf2(r.statistic, df))
    half = t_ppf(0.975, df) * math.sqrt(1 / 12 + 9 / 20)
    assert r.ci95 == pytest.approx((1.0 - half, 1.0 + half))


def test_welch_t_edge_cases():
    assert welch_t(1, 1.0, 0.0, 10, 2.0, 1.0) is None
    same = welch_t(10, 3.0, 0.0, 10, 3.0, 0.0)
    assert (same.p, same.difference) == (1.0, 0.0)
    apart = welch_t(10, 3.0, 0.0, 10, 4.0, 0.0)
    assert apart.p == 0.0 and apart.statistic == math.inf


def test_two_proportion_z():
    # prop.test(c(40, 60), c(100, 100), correct=FALSE): X-squared = 8, p = 0.004678
    r = two_proportions(40, 100, 60, 100)
    assert r.statistic == pytest.approx(math.sqrt(8))
    assert r.p == pytest.approx(0.0046777, abs=1e-6)
    assert r.difference == pytest.approx(0.2)
    assert r.ci95[0] == pytest.approx(0.2 - 1.959964 * math.sqrt(0.24 / 100 + 0.24 / 100), abs=1e-6)
    assert two_proportions(0, 50, 0, 80).p == 1.0
    assert two_proportions(3, 0, 1, 5) is None


def test_holm_adjustment():
    # p.adjust(c(0.01, 0.04, 0.03, 0.5), "holm")
    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([0.9, 0.8]) == [1.0, 1.0]
    assert holm([0.001, 0.2]) == pytest.approx([0.002, 0.2])
    assert holm([]) == []
