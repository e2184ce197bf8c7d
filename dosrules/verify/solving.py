"""Bounded Z3 calls. Every query of the verifier goes through :class:`Budget`.

A query ends in one of three verdicts: ``proved`` (the negated claim is unsatisfiable),
``counterexample`` (a model of the negated claim: the witness) or ``unknown`` (Z3 gave up;
its ``reason_unknown`` is kept). ``unknown`` is never read as proved.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Iterable

import z3


# A search step (one depth of a bounded model-checking search) is bounded by work, not wall
# time, so that its answer does not depend on the machine's load: Z3's resource units per
# millisecond of solving, measured on the project machine (30-45 thousand), and the wall-clock
# safety net as a multiple of the nominal time.
RLIMIT_PER_MS = 40_000
WALL_SLACK = 5


class SolverVerdict(enum.Enum):
    PROVED = "proved"
    COUNTEREXAMPLE = "counterexample"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Budget:
    """Limits for one solver call: wall time (ms) and Z3's deterministic resource limit."""

    timeout_ms: int = 5_000
    rlimit: int = 50_000_000
    step_timeout_ms: int = 1_000  # each depth of a bounded model-checking search

    def bound_step(self, solver, ms: int | None = None) -> None:
        """Bound the next checks of ``solver`` (a Solver or an Optimize) as one search step of
        nominal ``ms`` (default and at most the step timeout): a deterministic resource limit
        (``ms`` worth of work, never above ``rlimit``) and a wall-clock safety net ``WALL_SLACK``
        times longer (never above ``timeout_ms``). Running out of either is ``unknown``."""
        ms = min(ms or self.step_timeout_ms, self.step_timeout_ms, self.timeout_ms)
        solver.set("rlimit", max(1, min(self.rlimit, ms * RLIMIT_PER_MS)))
        solver.set("timeout", min(self.timeout_ms, ms * WALL_SLACK))

    def solver(self, logic: str | None = None) -> z3.Solver:
        solver = z3.SolverFor(logic) if logic else z3.Solver()
        solver.set("timeout", self.timeout_ms)
        solver.set("rlimit", self.rlimit)
        return solver


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True)
class SolverAnswer:
    """The outcome of one bounded query; ``model`` is set for a counterexample / a witness."""

    verdict: SolverVerdict
    model: z3.ModelRef | None = None
    reason: str | None = None  # Z3's reason_unknown


def check(solver: z3.Solver) -> tuple[z3.CheckSatResult, z3.ModelRef | None, str | None]:
    """Run ``solver.check()``; give (result, model if sat, reason if unknown)."""
    result = solver.check()
    if result == z3.sat:
        return result, solver.model(), None
    if result == z3.unknown:
        return result, None, solver.reason_unknown()
    return result, None, None


def prove(claim: z3.BoolRef, assumptions: Iterable[z3.BoolRef] = (),
          budget: Budget = DEFAULT_BUDGET) -> SolverAnswer:
    """Prove ``assumptions => claim`` for every value of the free constants: a model of the
    assumptions with the claim false is the counterexample."""
    return find([*assumptions, z3.Not(claim)], budget)


def find(constraints: Iterable[z3.BoolRef], budget: Budget = DEFAULT_BUDGET) -> SolverAnswer:
    """Look for a model of ``constraints``: a witness is a COUNTEREXAMPLE to "none exists"."""
    solver = budget.solver()
    solver.add(*constraints)
    result, model, reason = check(solver)
    if result == z3.unsat:
        return SolverAnswer(SolverVerdict.PROVED)
    if result == z3.sat:
        return SolverAnswer(SolverVerdict.COUNTEREXAMPLE, model)
    return SolverAnswer(SolverVerdict.UNKNOWN, reason=reason)


def value(model: z3.ModelRef, term) -> int | bool:
    """A Python value of ``term`` in ``model`` (completion on: unconstrained terms get one)."""
    v = model.eval(term, model_completion=True)
    if z3.is_true(v):
        return True
    if z3.is_false(v):
        return False
    return v.as_long()
