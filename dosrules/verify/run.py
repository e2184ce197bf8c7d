"""Run every check on a ruleset and decide the exit code."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from ..ruleset.model import Ruleset
from .coverage import coverage
from .deck import deck_totals, row_values
from .invariants import turn_invariants
from .reach import MAX_TURNS, reachable_gaps
from .results import CheckResult, recording, replay, start_clock
from .deal import deal_feasible
from .solving import (DEADLINE_REASON, DEFAULT_BUDGET, Budget, SolverVerdict, deadline_passed, fresh_context,
                      units_spent)

EXIT_OK, EXIT_VIOLATED, EXIT_UNKNOWN = 0, 1, 3
STAGES = ("deck", "row", "deal", "turn", "coverage", "gaps")  # in the order they run


@dataclass
class VerifyReport:
    ruleset: str
    content_hash: str
    results: list[CheckResult] = field(default_factory=list)
    seconds: float = 0.0
    stopped: str | None = None  # why checks ended unknown before their own limits (the run's time limit)
    stages: dict[str, float] = field(default_factory=dict)  # stage -> wall seconds (shared work included)
    cached: str | None = None  # when the report comes from the results store: when it was stored
    units: dict[str, int] = field(default_factory=dict)  # stage -> Z3's resource units (shared work included)

    @property
    def exit_code(self) -> int:
        """1 when an invariant is violated, else 3 when a check is unknown, else 0."""
        if any(r.violated for r in self.results):
            return EXIT_VIOLATED
        if any(r.verdict is SolverVerdict.UNKNOWN for r in self.results):
            return EXIT_UNKNOWN
        return EXIT_OK

    def by_check(self) -> dict[str, CheckResult]:
        return {r.check + (f"@{r.players}" if r.players else ""): r for r in self.results}

    def as_json(self) -> dict:
        return {"ruleset": self.ruleset, "content_hash": self.content_hash, "exit_code": self.exit_code,
                "seconds": round(self.seconds, 3), "stopped": self.stopped, "cached": self.cached,
                "stages": {k: round(v, 3) for k, v in self.stages.items()}, "units": dict(self.units),
                "results": [r.as_json() for r in self.results]}

    @classmethod
    def from_json(cls, data: dict) -> "VerifyReport":
        """The inverse of :meth:`as_json`."""
        stages, units = data.get("stages", {}), data.get("units", {})
        return cls(data["ruleset"], data["content_hash"], [CheckResult.from_json(r) for r in data["results"]],
                   float(data["seconds"]), data["stopped"], {k: stages[k] for k in STAGES if k in stages},
                   data.get("cached"), {k: int(units[k]) for k in STAGES if k in units})


_CHECKS: dict = {}  # memo of rules-level checks: (check, the rules it reads, budget) -> result calls


def _turn_shape(rules) -> str:
    """The rules a turn (:func:`.turn.turn`) and a Centre Row value read: all but the target,
    the scoring, the player range and the all-wild-row rule (the reachable-gap search alone asks
    about an all-wild row; see :func:`.bounds._key`, which rests on the same fact)."""
    return repr(replace(rules, target=0, scoring=None, players=None, all_wild_row=None))


def _memoised(key, run, ruleset: Ruleset) -> list[CheckResult]:
    """``run()`` once per ``key`` in a process; another ruleset with the same key gets the same
    verdicts and witnesses with its own citations (the key holds every rule the check's solver
    work reads, so the answers are the same; only the citations differ)."""
    if key in _CHECKS:
        return replay(ruleset, _CHECKS[key])
    with recording() as calls:
        out = run()
    got = out if isinstance(out, list) else [out]
    if len(calls) == len(got):  # every result came from result(): safe to replay
        if len(_CHECKS) > 256:
            _CHECKS.clear()
        _CHECKS[key] = calls
    return out


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
        if check is row_values:
            got = _memoised((*_row_key(r, label), budget), lambda: check(ruleset, r, budget, label), ruleset)
        else:
            got = check(ruleset, r, budget, label)
        out += got if isinstance(got, list) else [got]
    return out


def _row_key(rules, label: str) -> tuple:
    return ("row_values", _turn_shape(rules), label)


def _turn_key(ruleset: Ruleset) -> tuple:
    lo, hi = ruleset.rules.players.min, ruleset.rules.players.max
    return ("turn_invariants", lo, hi, tuple(_turn_shape(ruleset.for_players(n)) for n in range(lo, hi + 1)))


def shared_work(ruleset: Ruleset) -> set:
    """What :func:`verify` memoises for ``ruleset`` in a process (any budget): two rulesets with a
    key in common may share that work, and the second's report then shows none of its cost, so
    ``verify --jobs`` keeps them in one worker and the reports are the same whatever the number
    of jobs."""
    from .reach import search_keys

    lo, hi = ruleset.rules.players.min, ruleset.rules.players.max
    rows = {_row_key(ruleset.for_players(n), "")[:2] for n in range(lo, hi + 1)}  # any label
    return rows | {_turn_key(ruleset)} | {("gaps", *key) for key in search_keys(ruleset)}


def verify(ruleset: Ruleset, budget: Budget = DEFAULT_BUDGET, max_turns: int = MAX_TURNS) -> VerifyReport:
    """Every check on ``ruleset``: deck, setup, turn invariants, coverage and conflicts, gaps."""
    start = time.perf_counter()
    fresh_context()  # the same answers whatever the process verified before
    stages = {
        "deck": lambda: _per_rules_group(ruleset, deck_totals, budget),
        "row": lambda: _per_rules_group(ruleset, row_values, budget),
        "deal": lambda: [deal_feasible(ruleset, budget)],
        "turn": lambda: _memoised((*_turn_key(ruleset), budget), lambda: turn_invariants(ruleset, budget), ruleset),
        "coverage": lambda: coverage(ruleset, budget),
        "gaps": lambda: reachable_gaps(ruleset, budget, max_turns),
    }
    results: list[CheckResult] = []
    seconds: dict[str, float] = {}
    units: dict[str, int] = {}
    for stage, run in stages.items():
        begun, was = time.perf_counter(), units_spent()
        start_clock()
        results += run()
        seconds[stage], units[stage] = time.perf_counter() - begun, units_spent() - was
    report = VerifyReport(ruleset.id, ruleset.content_hash, results, time.perf_counter() - start, stages=seconds,
                          units=units)
    if deadline_passed():  # answers given up at the deadline must not be reused as if settled
        report.stopped = DEADLINE_REASON
        forget_memos()
    return report


def forget_memos() -> None:
    """Drop every memo of the checks (rules-level checks, gap searches, interval boxes)."""
    from . import bounds, reach

    _CHECKS.clear()
    reach._SEARCHES.clear()
    bounds._BOXES.clear()
