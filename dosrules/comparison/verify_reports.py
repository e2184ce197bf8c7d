"""Verifier reports kept in the results store (the SQLite file ``compare`` uses), so that the
same ruleset verified again with the same bounds is read back instead of proved again.

A report is keyed by the ruleset's content hash, the bounds of the run (the solver budget and
the gap search's turns) and :func:`verifier_version`: a hash of the verifier's and the ruleset
layer's sources and :data:`REPORT_FORMAT`, so any change to how a check is made or reported
keys a fresh proof. A report whose run hit its time limit (``--time-limit``) is not kept: the
checks it left open were cut short by that limit. A report with a check unknown because a solver
call ran out of wall-clock time (an answer that depends on the machine's load) is kept, so that a
rerun is instant on a busy machine too; the table then names those checks, and ``--no-cache``
proves them afresh.
"""

from __future__ import annotations

import json
from dataclasses import asdict

from ..ruleset.model import Ruleset
from ..verify.run import VerifyReport
from ..verify.solving import Budget, SolverVerdict, wall_clock_reason
from .store import ResultStore, sources_hash

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


def kept(report: VerifyReport) -> bool:
    """Whether ``report`` may be kept: its run was not stopped by its time limit."""
    return report.stopped is None


def busy_unknowns(report: VerifyReport) -> list[str]:
    """The checks of ``report`` unknown because a solver call ran out of wall-clock time (a busy
    machine), not for a reason that is the same on every machine."""
    return [r.check for r in report.results
            if r.verdict is SolverVerdict.UNKNOWN and wall_clock_reason(r.witness)]


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
    """Store ``report`` if it may be :func:`kept`; say whether it was stored."""
    if not kept(report):
        return False
    store.put_report(report_key(ruleset, budget, max_turns), ruleset.id, report.as_json(), report.seconds)
    return True
