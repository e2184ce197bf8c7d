"""The verifier: Z3 models generated from a Ruleset, never written per edition.

Every solver call is bounded (:class:`Budget`: timeout and resource limit) and ends proved,
counterexample (with a concrete witness) or unknown (with Z3's reason); unknown is never read
as proved. Importing this package imports z3 (the CLI imports it only for the commands that
solve), with Ctrl-C held until it has loaded: z3 makes its context and the verifier's modules
make z3 terms as they load, and a KeyboardInterrupt cutting one of those in two leaves an
object that complains when it is collected.
"""

from ..interrupts import held

with held():
    from .legality import Legality, UnknownResult, legal_matches, legality
    from .position import AFTER_DRAW, START, Position
    from .results import FINDING, INVARIANT, CheckResult
    from .run import EXIT_OK, EXIT_UNKNOWN, EXIT_VIOLATED, VerifyReport, verify
    from .solving import Budget, SolverVerdict, interruptible, stop_if_signalled, time_limit

__all__ = [
    "verify", "VerifyReport", "CheckResult", "SolverVerdict", "Budget", "INVARIANT", "FINDING",
    "legality", "legal_matches", "Legality", "Position", "START", "AFTER_DRAW", "UnknownResult",
    "divergences", "DivergenceReport", "Divergence", "end_outcome",
    "EXIT_OK", "EXIT_VIOLATED", "EXIT_UNKNOWN", "interruptible", "stop_if_signalled", "time_limit",
]

_LAZY = ("Divergence", "DivergenceReport", "divergences", "end_outcome")  # from .divergence, on first use


def __getattr__(name: str):
    """The names of :mod:`.divergence`, loaded on first use (PEP 562): ``verify`` itself does
    not need them."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    with held():
        from . import divergence
    for lazy in _LAZY:
        globals()[lazy] = getattr(divergence, lazy)
    return globals()[name]
