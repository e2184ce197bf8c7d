"""Divergence witnesses per pair of rulesets, from the Z3 verifier (``dosrules.verify``)."""

from __future__ import annotations

from itertools import combinations
from typing import Any, Sequence

from ..ruleset.model import Ruleset

__all__ = ["pair_witnesses"]


def pair_witnesses(rulesets: Sequence[tuple[str, Ruleset]], max_size: int = 5,
                   timeout_ms: int = 5_000) -> list[dict[str, Any]]:
    """For every pair (a, b): the verifier's smallest positions where a and b part ways, the
    questions it found no witness for (up to ``max_size`` cards), and those it could not decide."""
    from ..verify import Budget, divergences, interruptible  # imports z3

    budget = Budget(timeout_ms=timeout_ms)
    out = []
    for (name_a, a), (name_b, b) in combinations(rulesets, 2):
        with interruptible():  # Ctrl-C stops the search (z3's own handler would only cancel one query)
            report = divergences(a, b, budget, max_size=max_size, name_a=name_a, name_b=name_b)
        out.append({
            "a": name_a, "b": name_b, "max_size": report.max_size,
            "witnesses": [w.as_json() for w in report.witnesses],
            "not_found": list(report.not_found), "not_asked": list(report.not_asked),
            "unknown": [{"question": q, "reason": r} for q, r in report.unknown],
        })
    return out
