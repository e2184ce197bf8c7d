"""Run every check on a ruleset and decide the exit code."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..model import Ruleset
from .coverage import coverage
from .deck import deck_totals, row_values
from .invariants import turn_invariants
from .reach import MAX_TURNS, reachable_gaps
from .results import CheckResult
from .setup import deal_feasible
from .solving import DEFAULT_BUDGET, Budget, Verdict

EXIT_OK, EXIT_VIOLATED, EXIT_UNKNOWN = 0, 1, 3


@dataclass
class VerifyReport:
    ruleset: str
    content_hash: str
    results: list[CheckResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def exit_code(self) -> int:
        """1 when an invariant is violated, else 3 when a check is unknown, else 0."""
        if any(r.violated for r in self.results):
            return EXIT_VIOLATED
        if any(r.verdict is Verdict.UNKNOWN for r in self.results):
            return EXIT_UNKNOWN
        return EXIT_OK

    def by_check(self) -> dict[str, CheckResult]:
        return {r.check + (f"@{r.players}" if r.players else ""): r for r in self.results}

    def as_json(self) -> dict:
        return {"ruleset": self.ruleset, "content_hash": self.content_hash, "exit_code": self.exit_code,
                "seconds": round(self.seconds, 3), "results": [r.as_json() for r in self.results]}


def _per_rules_group(ruleset: Ruleset, check, budget: Budget) -> list[CheckResult]:
    """Run a rules-level check once per distinct rules among the allowed player counts."""
    lo, hi = ruleset.rules.players.min, ruleset.rules.players.max
    out, seen = [], []
    for n in range(lo, hi + 1):
        r = ruleset.for_players(n)
        if r in seen:
            continue
        seen.append(r)
        label = "" if r == ruleset.rules else str(n)
        got = check(ruleset, r, budget, label)
        out += got if isinstance(got, list) else [got]
    return out


def verify(ruleset: Ruleset, budget: Budget = DEFAULT_BUDGET, max_turns: int = MAX_TURNS) -> VerifyReport:
    """Every check on ``ruleset``: deck, setup, turn invariants, coverage and conflicts, gaps."""
    start = time.perf_counter()
    results: list[CheckResult] = []
    results += _per_rules_group(ruleset, deck_totals, budget)
    results += _per_rules_group(ruleset, row_values, budget)
    results.append(deal_feasible(ruleset, budget))
    results += turn_invariants(ruleset, budget)
    results += coverage(ruleset, budget)
    results += reachable_gaps(ruleset, budget, max_turns)
    return VerifyReport(ruleset.id, ruleset.content_hash, results, time.perf_counter() - start)
