"""What a check reports: verdict, witness, and the rule paths and citations it rests on."""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ..ruleset.model import Ruleset
from .solving import SolverVerdict, units_spent

INVARIANT = "invariant"  # a counterexample is a violation (exit 1)
FINDING = "finding"  # a counterexample is something to know (a reachable gap, a dead value)


@dataclass(frozen=True)
class CheckResult:
    """One named check on one ruleset (for one group of player counts)."""

    check: str  # e.g. "setup.deal"
    kind: str  # INVARIANT or FINDING
    verdict: SolverVerdict
    claim: str  # what was proved, or what the witness refutes
    witness: str | None = None  # the concrete witness, or Z3's reason for unknown
    data: Mapping[str, Any] = field(default_factory=dict)  # the witness as plain data
    rule_paths: tuple[str, ...] = ()
    citations: tuple[str, ...] = ()
    players: str = ""  # "" when the result holds for every player count, else e.g. "2"
    # the solver work spent on it in this run (0 when reused from a memo), in seconds and in
    # Z3's resource units (the same on any machine); not part of equality
    seconds: float = field(default=0.0, compare=False)
    units: int = field(default=0, compare=False)

    @property
    def violated(self) -> bool:
        return self.kind == INVARIANT and self.verdict is SolverVerdict.COUNTEREXAMPLE

    def as_json(self) -> dict[str, Any]:
        return {
            "check": self.check, "kind": self.kind, "result": self.verdict.value,
            "claim": self.claim, "witness": self.witness, "data": dict(self.data),
            "rule_paths": list(self.rule_paths), "citations": list(self.citations),
            "players": self.players, "seconds": round(self.seconds, 4), "units": self.units,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "CheckResult":
        """The inverse of :meth:`as_json`."""
        return cls(data["check"], data["kind"], SolverVerdict(data["result"]), data["claim"], data["witness"],
                   dict(data["data"]), tuple(data["rule_paths"]), tuple(data["citations"]), data["players"],
                   float(data.get("seconds", 0.0)), int(data.get("units", 0)))


def leaf_paths(ruleset: Ruleset, paths: Iterable[str]) -> list[str]:
    """Expand group paths (``"bonuses"``) to the leaf paths that carry provenance."""
    out: list[str] = []
    for path in paths:
        known = [p for p in ruleset.provenance
                 if p.startswith("by_players.") == path.startswith("by_players.")]
        leaves = [p for p in known if p == path or p.startswith(path + ".")] or [path]
        out += [p for p in leaves if p not in out]
    return out


def citations(ruleset: Ruleset, paths: Iterable[str], players: int | None = None) -> tuple[str, ...]:
    """One line per rule path: ``path: status, source §section "quote"``."""
    lines = []
    for path in leaf_paths(ruleset, paths):
        try:
            prov = ruleset.provenance_of(path, players)
        except KeyError:
            lines.append(f"{path}: no provenance")
            continue
        where = ""
        if prov.citation is not None:
            c = prov.citation
            where = f", {c.source} §{c.section} \"{c.quote}\""
        lines.append(f"{path}: {prov.status.value}{where}")
    return tuple(lines)


def result(ruleset: Ruleset, check: str, kind: str, verdict: SolverVerdict, claim: str, *,
           witness: str | None = None, data: Mapping[str, Any] | None = None,
           paths: Iterable[str] = (), players: int | None = None,
           players_label: str = "", seconds: float | None = None, units: int | None = None) -> CheckResult:
    """Build a :class:`CheckResult` with the citations of ``paths`` filled in. Its ``seconds``
    and ``units`` are the time and the solver's resource units since the previous result (or
    :func:`start_clock`) unless given."""
    now, spent = time.perf_counter(), units_spent()
    if seconds is None:
        seconds = now - _CLOCK[0] if _CLOCK else 0.0
    if units is None:
        units = spent - _CLOCK[1] if _CLOCK else 0
    _CLOCK[:] = [now, spent]
    paths = tuple(paths)
    if _RECORDERS:
        _RECORDERS[-1].append(((check, kind, verdict, claim),
                               dict(witness=witness, data=data, paths=paths, players=players,
                                    players_label=players_label)))
    paths = tuple(leaf_paths(ruleset, paths))
    return CheckResult(check, kind, verdict, claim, witness, dict(data or {}),
                       paths, citations(ruleset, paths, players), players_label, seconds, units)


_RECORDERS: list[list] = []
_CLOCK: list = []  # when the last result was made (or the clock started), and the units spent then


def start_clock() -> None:
    """Time the next result from now (a check's first result counts its work from here)."""
    _CLOCK[:] = [time.perf_counter(), units_spent()]


@contextmanager
def recording():
    """Collect the arguments of every :func:`result` call made inside (all but the ruleset):
    replaying them with :func:`replay` on another ruleset gives the results a check would give
    there, with that ruleset's citations, when the check's solver work reads only rules the two
    rulesets share."""
    calls: list = []
    _RECORDERS.append(calls)
    try:
        yield calls
    finally:
        _RECORDERS.pop()


def replay(ruleset: Ruleset, calls: list) -> list[CheckResult]:
    """The recorded results for ``ruleset``: no solver work, so 0 seconds and units each."""
    return [result(ruleset, *args, **{**kwargs, "seconds": 0.0, "units": 0}) for args, kwargs in calls]
