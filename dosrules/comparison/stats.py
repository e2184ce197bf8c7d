"""Significance and equivalence tests for comparing simulated rulesets, on aggregate figures.

scipy.stats computes the distributions and every test it has (imported on first use: it takes a
second or two to load):

* :func:`welch_t` — Welch's unequal-variance t-test from summary statistics
  (``ttest_ind_from_stats(equal_var=False)``) and the 95% interval of the difference from
  Student's t (``stats.t``) with the Welch–Satterthwaite degrees of freedom.
* :func:`two_proportions` — the two-proportion z-test (pooled standard error), which is Pearson's
  chi-square test of the 2x2 table without continuity correction (``chi2_contingency``,
  ``z² = χ²``); the 95% Wald interval of the difference is written here (scipy has no interval for
  a difference of two proportions).
* :func:`wilson` — the 95% Wilson score interval of one proportion (``binomtest(...).proportion_ci``).
* :func:`tost_means`, :func:`tost_proportions` — equivalence within ``±margin`` by two one-sided
  tests (TOST): Welch's one-sided t-tests (``ttest_ind_from_stats(alternative=...)``) and one-sided
  z-tests (``stats.norm``); the p-value is the larger of the two.
* :func:`even_split` — whether seat counts depart from an even split (``chisquare``) and whether
  every seat's share is within ``±margin`` of it (exact binomial TOST per seat, ``binomtest``).
* :func:`holm` — Holm–Bonferroni adjusted p-values, written here: scipy's only adjustment,
  ``false_discovery_control``, controls the false discovery rate (Benjamini–Hochberg/Yekutieli),
  not the family-wise error that "significant" promises in a report.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Mapping, Sequence

__all__ = ["TestResult", "Equivalence", "SeatFairness", "welch_t", "two_proportions", "wilson",
           "tost_means", "tost_proportions", "even_split", "holm"]

Z975 = 1.959963984540054  # the 0.975 quantile of the standard normal


def _stats():
    from scipy import stats  # noqa: PLC0415 (a second or two to import: only when a test runs)

    return stats


@dataclass(frozen=True)
class TestResult:
    """One two-sample test: ``difference`` is b - a; ``ci95`` its 95% interval; ``p`` two-sided."""

    test: str  # "welch-t" or "two-proportion-z"
    difference: float
    ci95: tuple[float, float]
    statistic: float
    p: float
    df: float | None = None
    se: float | None = None  # standard error of the difference (unpooled)

    def to_json(self) -> dict:
        out = asdict(self)
        out["ci95"] = list(self.ci95)
        return out


@dataclass(frozen=True)
class Equivalence:
    """Two one-sided tests of ``|difference| < margin``: ``p`` is the larger one-sided p-value."""

    margin: float
    p: float
    p_lower: float  # H0: difference <= -margin
    p_upper: float  # H0: difference >= +margin

    def to_json(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class SeatFairness:
    """Seat counts against an even split: chi-square goodness of fit, and per-seat TOST."""

    n: int
    shares: tuple[float, ...]
    ci95: tuple[tuple[float, float], ...]
    chi2: float
    p: float  # chi-square test of the even split (small: some seat wins more often)
    margin: float
    p_even: float  # TOST: every seat within ±margin of 1/k (small: shown even)

    def to_json(self) -> dict:
        out = asdict(self)
        out["shares"], out["ci95"] = list(self.shares), [list(c) for c in self.ci95]
        return out


def welch_t(n1: int, mean1: float, sd1: float, n2: int, mean2: float, sd2: float) -> TestResult | None:
    """Welch's t-test of mean2 - mean1; None when a sample has fewer than two observations."""
    if n1 < 2 or n2 < 2:
        return None
    v1, v2 = sd1 * sd1 / n1, sd2 * sd2 / n2
    diff = mean2 - mean1
    se = math.sqrt(v1 + v2)
    if se == 0.0:  # both samples constant: scipy would answer nan
        same = diff == 0.0
        return TestResult("welch-t", diff, (diff, diff), 0.0 if same else math.copysign(math.inf, diff),
                          1.0 if same else 0.0, None, 0.0)
    st = _stats()
    df = (v1 + v2) ** 2 / ((v1 * v1 / (n1 - 1) if v1 else 0.0) + (v2 * v2 / (n2 - 1) if v2 else 0.0))
    t, p = st.ttest_ind_from_stats(mean2, sd2, n2, mean1, sd1, n1, equal_var=False)
    half = float(st.t.ppf(0.975, df)) * se
    return TestResult("welch-t", diff, (diff - half, diff + half), float(t), min(1.0, float(p)), df, se)


def two_proportions(k1: int, n1: int, k2: int, n2: int) -> TestResult | None:
    """Two-proportion z-test of k2/n2 - k1/n1; None when a sample is empty."""
    if n1 == 0 or n2 == 0:
        return None
    p1, p2 = k1 / n1, k2 / n2
    diff = p2 - p1
    se = math.sqrt(p1 * (1.0 - p1) / n1 + p2 * (1.0 - p2) / n2)
    half = Z975 * se
    if k1 + k2 == 0 or k1 + k2 == n1 + n2:  # both samples all-or-nothing and equal: no variation
        return TestResult("two-proportion-z", diff, (diff - half, diff + half), 0.0, 1.0, None, se)
    res = _stats().chi2_contingency([[k1, n1 - k1], [k2, n2 - k2]], correction=False)
    z = math.copysign(math.sqrt(float(res.statistic)), diff)
    return TestResult("two-proportion-z", diff, (diff - half, diff + half), z, min(1.0, float(res.pvalue)),
                      None, se)


def wilson(k: int, n: int) -> tuple[float, float] | None:
    """The 95% Wilson score interval of the proportion k/n; None when n is 0."""
    if n == 0:
        return None
    ci = _stats().binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    return float(ci.low), float(ci.high)


def tost_means(n1: int, mean1: float, sd1: float, n2: int, mean2: float, sd2: float,
               margin: float) -> Equivalence | None:
    """TOST of ``|mean2 - mean1| < margin`` by two one-sided Welch t-tests; None when a sample has
    fewer than two observations or the margin is not positive."""
    if n1 < 2 or n2 < 2 or margin <= 0:
        return None
    diff = mean2 - mean1
    if sd1 == 0.0 and sd2 == 0.0:
        inside = abs(diff) < margin
        return Equivalence(margin, 0.0 if inside else 1.0, 0.0 if diff > -margin else 1.0,
                           0.0 if diff < margin else 1.0)
    st = _stats()
    lower = st.ttest_ind_from_stats(mean2 + margin, sd2, n2, mean1, sd1, n1, equal_var=False,
                                    alternative="greater").pvalue
    upper = st.ttest_ind_from_stats(mean2 - margin, sd2, n2, mean1, sd1, n1, equal_var=False,
                                    alternative="less").pvalue
    return Equivalence(margin, float(max(lower, upper)), float(lower), float(upper))


def tost_proportions(k1: int, n1: int, k2: int, n2: int, margin: float) -> Equivalence | None:
    """TOST of ``|k2/n2 - k1/n1| < margin`` by two one-sided z-tests (unpooled standard error)."""
    if n1 == 0 or n2 == 0 or margin <= 0:
        return None
    p1, p2 = k1 / n1, k2 / n2
    diff = p2 - p1
    se = math.sqrt(p1 * (1.0 - p1) / n1 + p2 * (1.0 - p2) / n2)
    if se == 0.0:
        return Equivalence(margin, 0.0 if abs(diff) < margin else 1.0, 0.0 if diff > -margin else 1.0,
                           0.0 if diff < margin else 1.0)
    norm = _stats().norm
    lower, upper = float(norm.sf((diff + margin) / se)), float(norm.cdf((diff - margin) / se))
    return Equivalence(margin, max(lower, upper), lower, upper)


def even_split(counts: Sequence[int], margin: float) -> SeatFairness | None:
    """Seat counts (one per seat) against an even split; None when there are none."""
    n, k = sum(counts), len(counts)
    if n == 0 or k < 2:
        return None
    st = _stats()
    chi = st.chisquare(list(counts))
    even = 1.0 / k
    p_even = 0.0
    for c in counts:
        lo = st.binomtest(c, n, max(0.0, even - margin), alternative="greater").pvalue if even > margin else 0.0
        hi = st.binomtest(c, n, min(1.0, even + margin), alternative="less").pvalue if even + margin < 1 else 0.0
        p_even = max(p_even, float(lo), float(hi))
    return SeatFairness(n, tuple(c / n for c in counts), tuple(wilson(c, n) for c in counts),
                        float(chi.statistic), float(chi.pvalue), margin, p_even)


def same_agent_seats(wins: Mapping[str, int], held: Mapping[str, int], pairs: Mapping[str, int], seats: int,
                     margin: float) -> SeatFairness | None:
    """Seats against an even split when the seats hold different agents, compared only among seats
    that hold the same agent. Over the scored rounds won by an agent that holds m > 1 seats, each
    of its m seats wins with chance 1/m if seats do not matter: ``wins`` counts such rounds by the
    winner's seat k, ``held`` ("k/m") the rounds in which seat k held the winner's agent, ``pairs``
    ("k,j/m") those in which seats k and j both held it. Expected wins E_k = Σ held/m; their
    covariance V = diag(E) − Σ pairs/m² − diag(Σ held/m²); the test is the Wald statistic
    (W − E)ᵀ V⁺ (W − E), chi-square with seats − 1 degrees of freedom. The shares reported are
    1/seats + (W_k − E_k)/N (N the rounds counted): each seat's share with the agents' effect
    removed, the plain share when every seat holds the same agent; "even" is every seat within
    ±``margin`` of 1/seats by two one-sided z-tests. None when no such round was won."""
    import numpy as np

    w = np.array([wins.get(str(k), 0) for k in range(seats)], dtype=float)
    total = float(w.sum())
    if total == 0 or seats < 2:
        return None
    expected = np.zeros(seats)
    cov = np.zeros((seats, seats))
    for key, count in held.items():
        k, m = map(int, key.split("/"))
        expected[k] += count / m
        cov[k, k] -= count / (m * m)
    for key, count in pairs.items():
        kj, m = key.split("/")
        k, j = map(int, kj.split(","))
        cov[k, j] -= count / (int(m) ** 2)
    cov += np.diag(expected)
    d = w - expected
    stat = float(d @ np.linalg.pinv(cov) @ d)
    st = _stats()
    p = float(st.chi2.sf(stat, seats - 1))
    shares = tuple(float(1.0 / seats + x / total) for x in d)
    half = [1.959964 * math.sqrt(max(cov[k, k], 0.0)) / total for k in range(seats)]
    p_even = 0.0
    for k in range(seats):
        dev, se = float(d[k] / total), math.sqrt(max(cov[k, k], 0.0)) / total
        if se == 0.0:
            p_even = max(p_even, 0.0 if abs(dev) < margin else 1.0)
            continue
        p_even = max(p_even, float(st.norm.sf((dev + margin) / se)), float(st.norm.cdf((dev - margin) / se)))
    return SeatFairness(int(total), shares, tuple((x - h, x + h) for x, h in zip(shares, half)), stat, p,
                        margin, p_even)


def holm(pvalues: list[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values, in the order given (monotone, capped at 1)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted
