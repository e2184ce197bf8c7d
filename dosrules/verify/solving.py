"""Bounded Z3 calls. Every query of the verifier goes through :class:`Budget`.

A query ends in one of three verdicts: ``proved`` (the negated claim is unsatisfiable),
``counterexample`` (a model of the negated claim: the witness) or ``unknown`` (Z3 gave up;
its ``reason_unknown`` is kept). ``unknown`` is never read as proved.

Two bounds reach every query from outside: :func:`time_limit` (a deadline for a whole run:
after it every query gives up at once, so the run ends with its remaining checks unknown) and
:func:`interruptible` (Ctrl-C or SIGTERM stops the run inside a query or between two, never in
the middle of z3's Python wrappers, where a KeyboardInterrupt turns into a ctypes error).
Every query runs through :func:`check` or :func:`sat`, which honour both.
"""

from __future__ import annotations

import enum
import time
import weakref
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterable

import z3

from ..interrupts import held, stop_if_signalled


# A search step (one depth of a bounded model-checking search) is bounded by work, not wall
# time, so that its answer does not depend on the machine's load: Z3's resource units per
# millisecond of solving, measured on the project machine (30-45 thousand), and the wall-clock
# safety net as a multiple of the nominal time.
RLIMIT_PER_MS = 40_000
WALL_SLACK = 5

# Z3's resource units spent by the checks of this process: [the total, the context last
# counted, its count then]. Z3 counts them per context, cumulatively, and any of its solvers'
# statistics give the count ("rlimit count").
_UNITS: list = [0, None, 0]
_UNITS_AT: dict = {}  # number of statistics -> where "rlimit count" was among them


def units_spent() -> int:
    """Z3's resource units spent so far by the checks of this process (through :func:`sat`): a
    count of work, the same for the same checks on any machine and under any load, where
    seconds are not. A search step's budget is ``RLIMIT_PER_MS`` units a millisecond."""
    return _UNITS[0]


def _count_units(solver) -> None:
    """Add the units of ``solver``'s last check to the total (raw calls: z3py's
    ``get_key_value`` reads every key three times, 100 us on checks that take 50 us)."""
    ctx = solver.ctx.ref()
    raw = solver.statistics().stats
    size = z3.Z3_stats_size(ctx, raw)
    at = _UNITS_AT.get(size)
    if at is None or z3.Z3_stats_get_key_bytes(ctx, raw, at) != b"rlimit count":
        at = next((i for i in range(size) if z3.Z3_stats_get_key_bytes(ctx, raw, i) == b"rlimit count"), None)
        _UNITS_AT[size] = at
    if at is None:
        return
    count = (z3.Z3_stats_get_uint_value(ctx, raw, at) if z3.Z3_stats_is_uint(ctx, raw, at)
             else int(z3.Z3_stats_get_double_value(ctx, raw, at)))
    before = _UNITS[2] if ctx.value == _UNITS[1] else 0
    _UNITS[0] += max(0, count - before)
    _UNITS[1], _UNITS[2] = ctx.value, count


def fresh_context() -> None:
    """Build the terms of the next work in a new Z3 context (z3py's main context, made anew).

    Z3's answers to a check bounded by work depend on the order in which its terms were first
    made, and a context keeps every term made in it: the same search, run after other work in
    one process, met its terms in another order, found other witnesses, and took up to 10 s of
    CPU instead of 5.5 s (``mattel-2018+reshuffle``). Work started in a fresh context gives the
    same answers whatever the process did before. Terms of the old context stay valid where
    still held; a term must not be kept from one work to the next (none is made at import)."""
    z3.z3._main_ctx = None  # z3py makes a new main context on the next main_ctx()
    _UNITS[1] = None  # the new context counts from 0 (it may reuse the old one's address)


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
        times longer (never above ``timeout_ms``, nor past the run's deadline). Running out of
        either is ``unknown``."""
        ms = min(ms or self.step_timeout_ms, self.step_timeout_ms, self.timeout_ms)
        solver.set("rlimit", max(1, min(self.rlimit, ms * RLIMIT_PER_MS)))
        _set_timeout(solver, _until_deadline(min(self.timeout_ms, ms * WALL_SLACK)))

    def solver(self, logic: str | None = None) -> z3.Solver:
        solver = z3.SolverFor(logic) if logic else z3.Solver()
        _set_timeout(solver, _until_deadline(self.timeout_ms))
        solver.set("rlimit", self.rlimit)
        return solver


# --- bounds from outside: the run's deadline, Ctrl-C and SIGTERM ----------------------------------

_deadline: list[float] = []  # time.monotonic() after which every query gives up (innermost last)
DEADLINE_REASON = "the run's time limit was reached"


def _until_deadline(ms: int) -> int:
    """``ms``, or the milliseconds left before the deadline if fewer (at least 1)."""
    if not _deadline:
        return ms
    return max(1, min(ms, int((_deadline[-1] - time.monotonic()) * 1000)))


_WALL_MS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # solver -> its wall-clock timeout (ms)


def _set_timeout(solver, ms: int) -> None:
    solver.set("timeout", ms)
    _WALL_MS[solver] = ms


def unknown_reason(solver, started: float) -> str:
    """Why ``solver``'s last check (begun at ``time.monotonic()`` ``started``) was unknown: the
    run's deadline, or Z3's reason, marked "(wall-clock timeout)" when the check ran for its
    whole timeout (Z3 says "canceled" for its timeout and its resource limit alike on an
    incremental solver; the resource limit is the same on every machine, the timeout is not)."""
    if deadline_passed():
        return DEADLINE_REASON
    reason = solver.reason_unknown()
    wall = _WALL_MS.get(solver)
    if wall is not None and (time.monotonic() - started) * 1000 >= 0.95 * wall and "timeout" not in reason:
        reason += " (wall-clock timeout)"
    return reason


def wall_clock_reason(reason: str | None) -> bool:
    """Whether an unknown's ``reason`` is wall-clock time (a solver's timeout, or the run's
    deadline): an answer that depends on the machine's load. Z3 names its deterministic
    resource limit "canceled" and its timeout "timeout"."""
    return reason is not None and ("timeout" in reason or DEADLINE_REASON in reason)


def deadline_passed() -> bool:
    return bool(_deadline) and time.monotonic() >= _deadline[-1]


@contextmanager
def time_limit(seconds: float | None):
    """Queries made inside give up once ``seconds`` have passed (None: no limit)."""
    if seconds is None:
        yield
        return
    _deadline.append(time.monotonic() + seconds)
    try:
        yield
    finally:
        _deadline.pop()


@contextmanager
def interruptible():
    """Inside, Ctrl-C (SIGINT) and SIGTERM stop the run promptly and cleanly: the signal is held
    (:func:`dosrules.interrupts.held`), a thread woken by it interrupts the running query
    (``Z3_interrupt`` is safe to call from another thread), and the next query, or leaving the
    block, raises KeyboardInterrupt (or ``Terminated``) where Python code of dosrules runs — never
    inside z3's wrappers, where the exception would surface as a ctypes error. z3's own Ctrl-C
    handler is off, so no signal is swallowed. Main thread only (elsewhere a plain block)."""
    z3.set_param("ctrl_c", False)
    try:
        with held(on_signal=lambda: z3.main_ctx().interrupt()):
            try:
                yield
            except z3.Z3Exception:  # a call the watcher cancelled outside a query ("push canceled")
                stop_if_signalled()
                raise
    finally:
        z3.set_param("ctrl_c", True)


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True)
class SolverAnswer:
    """The outcome of one bounded query; ``model`` is set for a counterexample / a witness."""

    verdict: SolverVerdict
    model: z3.ModelRef | None = None
    reason: str | None = None  # Z3's reason_unknown


def sat(solver, *assumptions) -> z3.CheckSatResult:
    """``solver.check(*assumptions)`` for a Solver or an Optimize; KeyboardInterrupt (or
    Terminated) if Ctrl-C (SIGTERM) came before or during it (see :func:`interruptible`);
    unknown without asking once the run's deadline has passed. Its resource units are counted
    (:func:`units_spent`)."""
    stop_if_signalled()
    if deadline_passed():  # give up at once: a 1 ms timeout is not kept on a busy machine
        return z3.unknown
    result = solver.check(*assumptions)
    try:
        _count_units(solver)
    except z3.Z3Exception:  # a count not read (a check cancelled by Ctrl-C) loses no answer
        pass
    stop_if_signalled()
    return result


def check(solver: z3.Solver) -> tuple[z3.CheckSatResult, z3.ModelRef | None, str | None]:
    """Run ``solver.check()`` (through :func:`sat`); give (result, model if sat, reason if unknown)."""
    started = time.monotonic()
    result = sat(solver)
    if result == z3.sat:
        return result, solver.model(), None
    if result == z3.unknown:
        return result, None, unknown_reason(solver, started)
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
