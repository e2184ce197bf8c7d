"""Simulated effects of rule differences: tests between every pair of rulesets, and flags.

Works on :meth:`dosrules.play.simulate.Summary.to_json` data. For each player count and each pair of
rulesets (a, b), every per-round and per-game mean is compared with Welch's t-test and every
rate (round outcomes, rule gaps per rule path, the winner's seat from the dealer) with the
two-proportion z-test, and every design measure (:mod:`.design`) by its own test. The p-values
of the whole comparison form one family: a difference is marked significant when its Holm–Bonferroni adjusted p-value is below ``alpha``. Each difference
is also tested for equivalence within its margin (:mod:`.metrics`) by two one-sided tests; those
p-values form a second family, Holm-adjusted the same way: ``equivalent`` marks a difference
shown too small to matter. :func:`seat_fairness` tests each ruleset's round winners' seats
against an even split.

Degenerate variants (:func:`degenerate_flags`): rounds that hit the turn cap, rounds that
always end the same way, and rule gaps that void more rounds than a threshold.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Mapping, Sequence

from .design import compare_measure
from .metrics import SEAT_MARGIN
from .metrics import metric as metric_of
from .stats import even_split, holm, same_agent_seats, tost_means, tost_proportions, two_proportions, welch_t

__all__ = ["FigureEffect", "effects", "Flag", "degenerate_flags", "Thresholds", "rates_of", "seat_fairness"]

ALPHA = 0.05


@dataclass
class FigureEffect:
    players: int
    a: str
    b: str
    family: str  # "per_round", "per_game", "outcomes", "rule_gaps", "winner_seat_from_dealer", "design"
    metric: str
    value_a: float
    value_b: float
    test: dict[str, Any]  # TestResult.to_json()
    p_holm: float = 1.0
    significant: bool = False
    margin: float | None = None  # equivalence margin (None: no equivalence test)
    p_tost: float | None = None  # two one-sided tests of |b - a| < margin
    p_tost_holm: float | None = None
    equivalent: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "a": self.a, "b": self.b, "family": self.family,
                "metric": self.metric, "value_a": self.value_a, "value_b": self.value_b,
                **self.test, "p_holm": self.p_holm, "significant": self.significant,
                "margin": self.margin, "p_tost": self.p_tost, "p_tost_holm": self.p_tost_holm,
                "equivalent": self.equivalent}


def rates_of(summary: Mapping[str, Any]) -> dict[str, dict[str, tuple[int, int]]]:
    """Every rate of a summary as (count, denominator), by family and name."""
    rounds = summary["rounds"]
    outcomes = {k: v["count"] for k, v in summary["outcomes"].items()}
    finished = rounds - outcomes.get("capped", 0)
    scored = outcomes.get("scored", 0)
    return {
        "outcomes": {k: (outcomes.get(k, 0), rounds) for k in ("scored", "void-gap", "void", "capped")},
        "rule_gaps": {k: (v["count"], finished) for k, v in summary["rule_gaps"].items()},
        "winner_seat_from_dealer": {k: (v["count"], scored)
                                    for k, v in summary["winner_seat_from_dealer"].items()},
    }


def _pair_effects(n: int, a: str, b: str, sa: Mapping, sb: Mapping) -> list[FigureEffect]:
    out: list[FigureEffect] = []
    for family in ("per_round", "per_game"):
        for name, da in sa[family].items():
            db = sb[family].get(name)
            if db is None or not da["n"] or not db["n"]:
                continue
            args = (da["n"], da["mean"], da["sd"], db["n"], db["mean"], db["sd"])
            result = welch_t(*args)
            if result is not None:
                margin = metric_of(family, name).margin
                tost = tost_means(*args, margin)
                out.append(FigureEffect(n, a, b, family, name, da["mean"], db["mean"], result.to_json(), margin=margin,
                                  p_tost=tost.p if tost else None))
    for name, ma in sa.get("design", {}).items():  # the design measures, by their own tests
        mb = sb.get("design", {}).get(name)
        margin = metric_of("design", name).margin
        tested = compare_measure(ma, mb, margin) if mb is not None else None
        if tested is not None:
            result, tost = tested
            out.append(FigureEffect(n, a, b, "design", name, ma["value"], mb["value"], result.to_json(), margin=margin,
                              p_tost=tost.p if tost else None))
    ra, rb = rates_of(sa), rates_of(sb)
    for family in ("outcomes", "rule_gaps", "winner_seat_from_dealer"):
        fa, fb = ra[family], rb[family]
        den_a, den_b = _den(sa, family), _den(sb, family)  # a rate absent on one side is 0 there
        names = sorted(set(fa) | set(fb), key=lambda k: (int(k) if k.isdigit() else 0, k))
        for name in names:
            ka, na = fa.get(name, (0, den_a))
            kb, nb = fb.get(name, (0, den_b))
            if ka == 0 and kb == 0:
                continue
            result = two_proportions(ka, na, kb, nb)
            if result is not None:
                margin = metric_of(family, name).margin
                tost = tost_proportions(ka, na, kb, nb, margin)
                out.append(FigureEffect(n, a, b, family, name, ka / na, kb / nb, result.to_json(), margin=margin,
                                  p_tost=tost.p if tost else None))
    return out


def _den(summary: Mapping, family: str) -> int:
    outcomes = {k: v["count"] for k, v in summary["outcomes"].items()}
    if family == "rule_gaps":
        return summary["rounds"] - outcomes.get("capped", 0)
    if family == "winner_seat_from_dealer":
        return outcomes.get("scored", 0)
    return summary["rounds"]


def effects(summaries: Mapping[tuple[str, int], Mapping[str, Any]], rulesets: Sequence[str],
            players: Sequence[int], alpha: float = ALPHA,
            pairs: Sequence[tuple[str, str]] | None = None) -> list[FigureEffect]:
    """Tests for every player count and pair of rulesets (or only ``pairs``, e.g. each against a
    base, as a sweep tests), Holm-adjusted over the whole list."""
    found: list[FigureEffect] = []
    for n in players:
        for a, b in (pairs if pairs is not None else combinations(rulesets, 2)):
            found.extend(_pair_effects(n, a, b, summaries[(a, n)], summaries[(b, n)]))
    for e, p in zip(found, holm([e.test["p"] for e in found])):
        e.p_holm = p
        e.significant = p < alpha
    tested = [e for e in found if e.p_tost is not None]
    for e, p in zip(tested, holm([e.p_tost for e in tested])):
        e.p_tost_holm = p
        e.equivalent = p < alpha
    return found


def seat_fairness(summaries: Mapping[tuple[str, int], Mapping[str, Any]], alpha: float = ALPHA,
                  margin: float = SEAT_MARGIN) -> list[dict[str, Any]]:
    """Per ruleset and player count: the round winners' seats (counted left from the dealer)
    against an even split. ``verdict``: "uneven" (chi-square, Holm-adjusted over the rulesets,
    below ``alpha``), "even" (every seat within ``±margin`` of an even share, by exact binomial
    TOSTs, Holm-adjusted likewise) or "undecided". With a mixed policy (different agents in the
    seats) a seat's wins would show its agent's skill too, so only seats that hold the same agent
    are compared (:func:`.stats.same_agent_seats`); ``basis`` says which: "every seat" or
    "same-agent seats". Under a mixed policy in which no two seats hold the same agent, no seat
    test can be made: ``basis`` is "none" and ``verdict`` "untestable"."""
    rows = []
    untestable = []
    for (spec, n), s in summaries.items():
        policies = s.get("policies")
        if policies:
            shared = policies["shared"]
            if all(a["seats"] < 2 for a in policies["agents"]):
                untestable.append({"ruleset": spec, "players": n, "basis": "none", "verdict": "untestable"})
                continue
            fair = same_agent_seats(shared["wins"], shared["held"], shared["pairs"], n, margin)
            basis = "same-agent seats"
        else:
            seats = s["winner_seat_from_dealer"]
            fair = even_split([seats.get(str(k), {}).get("count", 0) for k in range(n)], margin)
            basis = "every seat"
        if fair is not None:
            rows.append({"ruleset": spec, "players": n, "basis": basis, **fair.to_json()})
    for key in ("p", "p_even"):
        for row, p in zip(rows, holm([r[key] for r in rows])):
            row[key + "_holm"] = p
    for row in rows:
        row["verdict"] = ("uneven" if row["p_holm"] < alpha else "even" if row["p_even_holm"] < alpha
                          else "undecided")
    return rows + untestable


# --- degenerate variants -------------------------------------------------------------------------


@dataclass(frozen=True)
class Thresholds:
    cap: float = 0.0  # flag when more than this share of rounds hit the turn cap
    same_ending: float = 0.99  # flag when one ending covers at least this share of rounds
    gaps: float = 0.05  # flag when rule gaps void more than this share of rounds


@dataclass(frozen=True)
class Flag:
    ruleset: str
    players: int
    kind: str  # "turn-cap", "same-ending", "rule-gaps"
    value: float
    threshold: float
    detail: str

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "players": self.players, "kind": self.kind,
                "value": self.value, "threshold": self.threshold, "detail": self.detail}


def _endings(summary: Mapping[str, Any]) -> dict[str, int]:
    """Rounds by how they ended: won by seat k from the dealer, void by a rule path, ..."""
    ends: dict[str, int] = {}
    for seat, v in summary["winner_seat_from_dealer"].items():
        ends[f"won by the player {seat} seat(s) left of the dealer"] = v["count"]
    for path, v in summary["rule_gaps"].items():
        ends[f"void: rule gap at {path}"] = v["count"]
    for outcome in ("void", "capped"):
        k = summary["outcomes"].get(outcome, {}).get("count", 0)
        if k:
            ends["void (the deck ran out)" if outcome == "void" else "stopped at the turn cap"] = k
    return ends


def degenerate_flags(summaries: Mapping[tuple[str, int], Mapping[str, Any]],
                     thresholds: Thresholds = Thresholds()) -> list[Flag]:
    flags: list[Flag] = []
    for (spec, n), s in summaries.items():
        rounds = s["rounds"]
        if not rounds:
            continue
        capped = s["outcomes"].get("capped", {}).get("count", 0)
        if capped / rounds > thresholds.cap:
            flags.append(Flag(spec, n, "turn-cap", capped / rounds, thresholds.cap,
                              f"{capped} of {rounds} rounds hit the turn cap (no one could go out)"))
        ends = _endings(s)
        if ends:
            end, k = max(ends.items(), key=lambda kv: kv[1])
            if k / rounds >= thresholds.same_ending:
                flags.append(Flag(spec, n, "same-ending", k / rounds, thresholds.same_ending,
                                  f"{k} of {rounds} rounds ended the same way: {end}"))
        turns = s.get("turns_histogram", {})
        if len(turns) == 1 and rounds > 1:
            (length, k), = turns.items()
            flags.append(Flag(spec, n, "same-ending", k / rounds, thresholds.same_ending,
                              f"every round lasted {length} turns"))
        gap = s["outcomes"].get("void-gap", {}).get("count", 0)
        if gap / rounds > thresholds.gaps:
            worst = max(s["rule_gaps"].items(), key=lambda kv: kv[1]["count"], default=None)
            most = f"; most often {worst[0]} ({worst[1]['count']})" if worst else ""
            flags.append(Flag(spec, n, "rule-gaps", gap / rounds, thresholds.gaps,
                              f"{gap} of {rounds} rounds void at a rule gap{most}"))
    return flags
