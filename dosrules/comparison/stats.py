"""Significance tests for comparing simulated rulesets, on aggregate figures only (no scipy).

* :func:`welch_t` — Welch's unequal-variance t-test on two means, from (n, mean, sd), with the
  Welch–Satterthwaite degrees of freedom and Student's t distribution (via the regularised
  incomplete beta function), and the 95% confidence interval of the difference.
* :func:`two_proportions` — the two-proportion z-test (pooled standard error under the null),
  with an unpooled (Wald) 95% confidence interval of the difference of the rates.
* :func:`holm` — Holm–Bonferroni adjusted p-values for a family of tests.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from statistics import NormalDist

__all__ = ["TestResult", "welch_t", "two_proportions", "holm", "t_cdf", "t_ppf", "t_sf2", "normal_sf"]

_NORMAL = NormalDist()


@dataclass(frozen=True)
class TestResult:
    """One two-sample test: ``difference`` is b - a; ``ci95`` its 95% interval; ``p`` two-sided."""

    test: str  # "welch-t" or "two-proportion-z"
    difference: float
    ci95: tuple[float, float]
    statistic: float
    p: float
    df: float | None = None

    def to_json(self) -> dict:
        out = asdict(self)
        out["ci95"] = list(self.ci95)
        return out


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z (accurate in the far tail, unlike 1 - cdf)."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betai(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    ln_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    front = math.exp(ln_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_sf2(t: float, df: float) -> float:
    """Two-sided tail P(|T| > |t|) of Student's t with ``df`` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    if df > 1e7:
        return 2.0 * normal_sf(abs(t))
    return _betai(df / 2.0, 0.5, df / (df + t * t))


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    tail = t_sf2(t, df) / 2.0
    return 1.0 - tail if t >= 0 else tail


def t_ppf(q: float, df: float) -> float:
    """The ``q`` quantile of Student's t (bisection on :func:`t_cdf`)."""
    if not 0.0 < q < 1.0:
        raise ValueError("quantile must be in (0, 1)")
    if q < 0.5:
        return -t_ppf(1.0 - q, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < q:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < q:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2.0


def welch_t(n1: int, mean1: float, sd1: float, n2: int, mean2: float, sd2: float) -> TestResult | None:
    """Welch's t-test of mean2 - mean1; None when a sample has fewer than two observations."""
    if n1 < 2 or n2 < 2:
        return None
    v1, v2 = sd1 * sd1 / n1, sd2 * sd2 / n2
    diff = mean2 - mean1
    se = math.sqrt(v1 + v2)
    if se == 0.0:
        same = diff == 0.0
        return TestResult("welch-t", diff, (diff, diff), 0.0 if same else math.copysign(math.inf, diff),
                          1.0 if same else 0.0, None)
    df = (v1 + v2) ** 2 / ((v1 * v1 / (n1 - 1) if v1 else 0.0) + (v2 * v2 / (n2 - 1) if v2 else 0.0))
    t = diff / se
    half = t_ppf(0.975, df) * se
    return TestResult("welch-t", diff, (diff - half, diff + half), t, min(1.0, t_sf2(t, df)), df)


def two_proportions(k1: int, n1: int, k2: int, n2: int) -> TestResult | None:
    """Two-proportion z-test of k2/n2 - k1/n1; None when a sample is empty."""
    if n1 == 0 or n2 == 0:
        return None
    p1, p2 = k1 / n1, k2 / n2
    diff = p2 - p1
    pooled = (k1 + k2) / (n1 + n2)
    se0 = math.sqrt(pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2))
    se = math.sqrt(p1 * (1.0 - p1) / n1 + p2 * (1.0 - p2) / n2)
    half = _NORMAL.inv_cdf(0.975) * se
    if se0 == 0.0:  # both samples all-or-nothing and equal
        return TestResult("two-proportion-z", diff, (diff - half, diff + half), 0.0, 1.0)
    z = diff / se0
    return TestResult("two-proportion-z", diff, (diff - half, diff + half), z, min(1.0, 2.0 * normal_sf(abs(z))))


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
