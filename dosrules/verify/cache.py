"""Verifier reports kept in the results store (the SQLite file ``compare`` uses), so that the
same ruleset verified again with the same bounds is read back instead of proved again.

A report is keyed by the ruleset's content hash, the bounds of the run (the solver budget and
the gap search's turns) and :func:`verifier_version`: a hash of the verifier's and the ruleset
layer's sources and :data:`REPORT_FORMAT`, so any change to how a check is made or reported
keys a fresh proof. Only settled reports are kept: one whose run hit its time limit, or with a
check left unknown because a solver call ran out of wall-clock time (an answer that depends
on the machine's load), is proved afresh next time.
"""

from __future__ import annotations

import json
from dataclasses import asdict

from ..comparison.store import ResultStore, sources_hash
from ..ruleset.model import Ruleset
from .run import VerifyReport
from .solving import Budget, SolverVerdict, wall_clock_reason

REPORT_FORMAT = 1

#: the code a report depends on: the verifier, and the ruleset layer it reads the rules through
VERIFIER_MODULES = ("dosrules.verify", "dosrules.ruleset")

_VERSION: list[str] = []


def verifier_version() -> str:
    if not _VERSION:
        _VERSION.append(sources_hash(VERIFIER_MODULES, f"verify-report:{REPORT_FORMAT}"))
    return _VERSION[0]


def report_key(ruleset: Ruleset, budget: Budget, max_turns: int) -> tuple[str, str, str]:
    options = json.dumps({"budget": asdict(budget), "turns": max_turns}, sort_keys=True)
    return verifier_version(), ruleset.content_hash, options


def settled(report: VerifyReport) -> bool:
    """Whether ``report`` may be kept: its run was not stopped, and no check is unknown for a
    reason of wall-clock time (a deterministic resource limit is the same on every machine)."""
    return report.stopped is None and not any(
        r.verdict is SolverVerdict.UNKNOWN and wall_clock_reason(r.witness) for r in report.results)


def lookup(store: ResultStore, rulesets: list[Ruleset], budget: Budget,
           max_turns: int) -> dict[int, VerifyReport]:
    """index in ``rulesets`` -> the stored report, for those the store holds."""
    keys = [report_key(r, budget, max_turns) for r in rulesets]
    found = store.get_reports(set(keys))
    out = {}
    for i, (ruleset, key) in enumerate(zip(rulesets, keys)):
        if key in found:
            data, created = found[key]
            try:
                report = VerifyReport.from_json(data)
            except (KeyError, TypeError, ValueError) as err:
                raise store.failure(ValueError(f"a stored verifier report is damaged ({err!r})")) from None
            report.ruleset, report.cached = ruleset.id, created  # a composition may be named otherwise
            out[i] = report
    return out


def keep(store: ResultStore, ruleset: Ruleset, report: VerifyReport, budget: Budget, max_turns: int) -> bool:
    """Store ``report`` if :func:`settled`; say whether it was stored."""
    if not settled(report):
        return False
    store.put_report(report_key(ruleset, budget, max_turns), ruleset.id, report.as_json(), report.seconds)
    return True
