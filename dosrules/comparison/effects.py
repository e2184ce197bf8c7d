"""Simulated effects of rule differences: tests between every pair of rulesets, and flags.

Works on :meth:`dosrules.play.simulate.Summary.to_json` data. For each player count and each pair of
rulesets (a, b), every per-round and per-game mean is compared with Welch's t-test and every
rate (round outcomes, rule gaps per rule path, the winner's seat from the dealer) with the
two-proportion z-test. The p-values of the whole comparison form one family: a difference is
marked significant when its Holm–Bonferroni adjusted p-value is below ``alpha``.

Degenerate variants (:func:`degenerate_flags`): rounds that hit the turn cap, rounds that
always end the same way, and rule gaps that void more rounds than a threshold.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Mapping, Sequence

from .stats import holm, two_proportions, welch_t

__all__ = ["Effect", "effects", "Flag", "degenerate_flags", "Thresholds", "rates_of"]

ALPHA = 0.05


@dataclass
class Effect:
    players: int
    a: str
    b: str
    family: str  # "per_round", "per_game", "outcomes", "rule_gaps", "winner_seat_from_dealer"
    metric: str
    value_a: float
    value_b: float
    test: dict[str, Any]  # TestResult.to_json()
    p_holm: float = 1.0
    significant: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "a": self.a, "b": self.b, "family": self.family,
                "metric": self.metric, "value_a": self.value_a, "value_b": self.value_b,
                **self.test, "p_holm": self.p_holm, "significant": self.significant}


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


def _pair_effects(n: int, a: str, b: str, sa: Mapping, sb: Mapping) -> list[Effect]:
    out: list[Effect] = []
    for family in ("per_round", "per_game"):
        for metric, da in sa[family].items():
            db = sb[family].get(metric)
            if db is None or not da["n"] or not db["n"]:
                continue
            result = welch_t(da["n"], da["mean"], da["sd"], db["n"], db["mean"], db["sd"])
            if result is not None:
                out.append(Effect(n, a, b, family, metric, da["mean"], db["mean"], result.to_json()))
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
                out.append(Effect(n, a, b, family, name, ka / na, kb / nb, result.to_json()))
    return out


def _den(summary: Mapping, family: str) -> int:
    outcomes = {k: v["count"] for k, v in summary["outcomes"].items()}
    if family == "rule_gaps":
        return summary["rounds"] - outcomes.get("capped", 0)
    if family == "winner_seat_from_dealer":
        return outcomes.get("scored", 0)
    return summary["rounds"]


def effects(summaries: Mapping[tuple[str, int], Mapping[str, Any]], rulesets: Sequence[str],
            players: Sequence[int], alpha: float = ALPHA) -> list[Effect]:
    """Tests for every player count and pair of rulesets, Holm-adjusted over the whole list."""
    found: list[Effect] = []
    for n in players:
        for a, b in combinations(rulesets, 2):
            found.extend(_pair_effects(n, a, b, summaries[(a, n)], summaries[(b, n)]))
    for e, p in zip(found, holm([e.test["p"] for e in found])):
        e.p_holm = p
        e.significant = p < alpha
    return found


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
