"""Design measures: is a ruleset fair, does skill count, is it dramatic, decisive, how long? From play.

Each measure is defined in ``docs/compare.md`` (formula, what a value means to a designer, the
anchor it follows and where it differs). :func:`profile` computes them for one ruleset and player
count from a simulation summary (its ``course`` histograms, :mod:`dosrules.play.course`) and, for
skill, the summaries of the games a stronger agent played among weaker ones (one run per seat it
took, so that its seat never reads as its skill). Every measure comes with a 95% interval and the
data its test needs (``test``): :func:`compare_measure` tests two rulesets' values with the same
tests as every other figure (two-proportion z or Welch's t, TOST within the margin of
:data:`dosrules.comparison.metrics.METRICS`), and the comparison Holm-adjusts them with the rest.

Measures (``MEASURES`` order): ``seat_spread``, ``first_player_edge``, ``dealer_edge`` (fairness,
only when every seat has the same agent); ``skill``; ``comebacks``, ``comeback_deficit``,
``lead_changes`` (drama); ``lead_settled`` (decisiveness); ``rounds_median``, ``turns_median``,
``one_turn_rounds`` (length).
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

from .stats import Z975, even_split, holm, tost_means, tost_proportions, two_proportions, welch_t, wilson

__all__ = ["MEASURES", "GROUPS", "profile", "skill_of", "compare_measure", "fairness_verdicts",
           "quantile", "BOOTSTRAP"]

#: measure name -> its group, in the order the reports show them
MEASURES = {"seat_spread": "fairness", "first_player_edge": "fairness", "dealer_edge": "fairness",
            "skill": "skill", "comebacks": "drama", "comeback_deficit": "drama", "lead_changes": "drama",
            "lead_settled": "decisiveness", "rounds_median": "length", "turns_median": "length",
            "one_turn_rounds": "length"}
GROUPS = ("fairness", "skill", "drama", "decisiveness", "length")
BOOTSTRAP = 2000  # parametric bootstrap draws for the seat spread's interval (seeded: reproducible)


# --- building blocks -----------------------------------------------------------------------------

def _hist(h: Mapping[str, int]) -> list[tuple[float, int]]:
    return sorted((float(k), v) for k, v in h.items())


def _mean_entry(values: Sequence[tuple[float, int]]) -> dict[str, Any]:
    """A mean with its normal 95% interval, from (value, count) pairs; the test's Welch inputs."""
    n = sum(c for _, c in values)
    if n == 0:
        return {"value": None, "ci95": None, "n": 0, "test": None}
    mean = sum(x * c for x, c in values) / n
    sd = math.sqrt(sum(c * (x - mean) ** 2 for x, c in values) / (n - 1)) if n > 1 else 0.0
    half = Z975 * sd / math.sqrt(n)
    return {"value": mean, "ci95": [mean - half, mean + half], "n": n,
            "test": {"kind": "mean", "n": n, "mean": mean, "sd": sd}}


def _rate_entry(count: int, total: int, offset: float = 0.0, scale: float = 1.0) -> dict[str, Any]:
    """``(count/total - offset) * scale`` with the Wilson interval of the share, transformed alike."""
    if total == 0:
        return {"value": None, "ci95": None, "n": 0, "test": None}
    lo, hi = wilson(count, total)
    return {"value": (count / total - offset) * scale, "ci95": [(lo - offset) * scale, (hi - offset) * scale],
            "n": total, "test": {"kind": "rate", "count": count, "total": total, "offset": offset, "scale": scale}}


def quantile(hist: Mapping[str, int], q: float) -> dict[str, Any]:
    """The ``q`` quantile of a histogram {value: count} with its distribution-free 95% interval
    (the order statistics whose ranks bound it, from the binomial distribution)."""
    values = _hist(hist)
    n = sum(c for _, c in values)
    if n == 0:
        return {"value": None, "ci95": None, "n": 0}
    from scipy.stats import binom

    def at(rank: int) -> float:  # the value of the rank-th smallest observation (1-based)
        seen = 0
        for x, c in values:
            seen += c
            if seen >= rank:
                return x
        return values[-1][0]

    rank = max(1, math.ceil(q * n))
    lo = max(1, int(binom.ppf(0.025, n, q)))
    hi = min(n, int(binom.ppf(0.975, n, q)) + 1)
    return {"value": at(rank), "ci95": [at(lo), at(hi)], "n": n}


def _spread_entry(counts: Sequence[int]) -> dict[str, Any]:
    """The largest minus the smallest share of games won by a seat. Its 95% interval runs from the
    largest lower bound minus the smallest upper bound to the largest upper bound minus the
    smallest lower bound of the seats' Wilson intervals at 1 - 0.05/n each (Bonferroni: they hold
    together at least 95% of the time, and then so does the spread's). Its test (against another
    ruleset's) takes the standard error of a parametric bootstrap (multinomial draws from the
    observed shares, seeded). ``p_uneven``: the chi-square test of an even split."""
    total = sum(counts)
    if total == 0 or len(counts) < 2:
        return {"value": None, "ci95": None, "n": 0, "test": None}
    import numpy as np
    from scipy.stats import binomtest

    shares = [c / total for c in counts]
    level = 1 - 0.05 / len(counts)
    bounds = [binomtest(c, total).proportion_ci(confidence_level=level, method="wilson") for c in counts]
    lo = max(0.0, max(float(b.low) for b in bounds) - min(float(b.high) for b in bounds))
    hi = max(float(b.high) for b in bounds) - min(float(b.low) for b in bounds)
    draws = np.random.default_rng(0).multinomial(total, shares, size=BOOTSTRAP) / total
    spreads = draws.max(axis=1) - draws.min(axis=1)
    fair = even_split(list(counts), 0.02)
    value = max(shares) - min(shares)
    return {"value": value, "ci95": [lo, hi], "n": total, "shares": shares, "p_uneven": fair.p if fair else None,
            "test": {"kind": "normal", "estimate": value, "se": float(spreads.std(ddof=1))}}


def _absent(why: str) -> dict[str, Any]:
    return {"value": None, "ci95": None, "n": 0, "test": None, "note": why}


# --- the measures ----------------------------------------------------------------------------------

def skill_of(summaries: Sequence[tuple[int, Mapping[str, Any]]], players: int) -> dict[str, Any]:
    """RECYCLE's order, (p - 1/n) / (1 - 1/n), where p is the share of games the stronger agent
    won; ``summaries``: (the stronger agent's seat, the summary of the games it sat there)."""
    wins = sum(s.get("course", {}).get("winner_seat", {}).get(str(seat), 0) for seat, s in summaries)
    games = sum(s["games"] for _, s in summaries)
    n = players
    return _rate_entry(wins, games, 1.0 / n, 1.0 / (1.0 - 1.0 / n))


def profile(summary: Mapping[str, Any], players: int, *, identical: bool,
            skill: Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """The design measures of one ruleset and player count (see the module docstring): name ->
    ``value``, ``ci95``, ``n`` (games, or rounds for the per-round ones), ``test`` (what
    :func:`compare_measure` reads; None when there is nothing to test) and, when absent, ``note``.
    ``identical``: every seat had the same agent (fairness needs it); ``skill``: :func:`skill_of`."""
    course = summary.get("course", {})
    n = players
    out: dict[str, dict[str, Any]] = {}
    if identical:
        by_dealer = course.get("winner_from_first_dealer", {})
        by_first = course.get("winner_from_first_player", {})
        games = sum(by_dealer.values())
        out["seat_spread"] = _spread_entry([by_dealer.get(str(k), 0) for k in range(n)])
        out["first_player_edge"] = _rate_entry(by_first.get("0", 0), sum(by_first.values()), 1.0 / n)
        out["dealer_edge"] = _rate_entry(by_dealer.get("0", 0), games, 1.0 / n)
    else:
        why = "needs the same agent in every seat (the comparison's policy names several)"
        out.update({k: _absent(why) for k in ("seat_spread", "first_player_edge", "dealer_edge")})
    out["skill"] = dict(skill) if skill is not None else _absent("not measured (--skill none)")
    deficits = _hist(course.get("winner_deficit", {}))
    games = sum(c for _, c in deficits)
    out["comebacks"] = _rate_entry(sum(c for x, c in deficits if x > 0), games)
    out["comeback_deficit"] = _mean_entry([(x, c) for x, c in deficits if x > 0])
    out["lead_changes"] = _mean_entry(_hist(course.get("lead_changes", {})))
    settled = []
    for key, c in course.get("lead_for_good", {}).items():
        k, total = key.split("/")
        settled.append(((int(k) - 1) / int(total), c))
    out["lead_settled"] = _mean_entry(settled)
    rounds = quantile(summary.get("rounds_per_game_histogram", {}), 0.5)
    rounds["p90"] = quantile(summary.get("rounds_per_game_histogram", {}), 0.9)
    turns = quantile(summary.get("turns_histogram", {}), 0.5)
    turns["p90"] = quantile(summary.get("turns_histogram", {}), 0.9)
    out["rounds_median"], out["turns_median"] = rounds, turns  # their means are tested with the figures
    behind = course.get("won_from_behind", {})
    out["one_turn_rounds"] = _rate_entry(behind.get("1", 0), sum(behind.values()))
    for name, entry in out.items():
        entry["group"] = MEASURES[name]
    return out


def fairness_verdicts(profiles: Mapping[tuple[str, int], Mapping[str, Mapping[str, Any]]],
                      alpha: float) -> None:
    """Mark each profile's seat spread ``uneven`` when the chi-square test of an even split of
    game wins, Holm-adjusted over every ruleset and player count, is below ``alpha``."""
    cells = [(key, p["seat_spread"]) for key, p in profiles.items() if p["seat_spread"].get("p_uneven") is not None]
    for (_, entry), p in zip(cells, holm([e["p_uneven"] for _, e in cells])):
        entry["p_uneven_holm"] = p
        entry["uneven"] = p < alpha


def compare_measure(a: Mapping[str, Any], b: Mapping[str, Any], margin: float):
    """The test of b - a for two entries of :func:`profile` (their ``test`` data), and the
    equivalence test within ``margin`` (in the measure's own unit): (TestResult, Equivalence or
    None), or None when either side has nothing to test."""
    ta, tb = a.get("test"), b.get("test")
    if not ta or not tb or ta["kind"] != tb["kind"]:
        return None
    kind = ta["kind"]
    if kind == "mean":
        args = (ta["n"], ta["mean"], ta["sd"], tb["n"], tb["mean"], tb["sd"])
        result = welch_t(*args)
        return None if result is None else (result, tost_means(*args, margin))
    if kind == "rate":
        scale = ta["scale"]
        result = two_proportions(ta["count"], ta["total"], tb["count"], tb["total"])
        if result is None:
            return None
        from dataclasses import replace

        lo, hi = result.ci95
        result = replace(result, difference=result.difference * scale, ci95=(lo * scale, hi * scale),
                         se=None if result.se is None else result.se * scale)
        return result, tost_proportions(ta["count"], ta["total"], tb["count"], tb["total"], margin / scale)
    return _normal(ta["estimate"], ta["se"], tb["estimate"], tb["se"], margin)


def _normal(a: float, se_a: float, b: float, se_b: float, margin: float):
    """A z-test of b - a from two estimates and their standard errors, and its TOST."""
    from scipy.stats import norm

    from .stats import Equivalence, TestResult

    diff, se = b - a, math.sqrt(se_a * se_a + se_b * se_b)
    if se == 0.0:
        return TestResult("z", diff, (diff, diff), 0.0, 1.0 if diff == 0 else 0.0, None, 0.0), None
    z = diff / se
    result = TestResult("z", diff, (diff - Z975 * se, diff + Z975 * se), z, float(2 * norm.sf(abs(z))), None, se)
    lower, upper = float(norm.sf((diff + margin) / se)), float(norm.cdf((diff - margin) / se))
    return result, Equivalence(margin, max(lower, upper), lower, upper)
