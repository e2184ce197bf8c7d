"""Verifier reports kept in the results store: what is kept, and under which key."""

from dosrules import load_ruleset
from dosrules.comparison.store import ResultStore
from dosrules.verify import Budget, CheckResult, SolverVerdict, VerifyReport, cache
from dosrules.verify.solving import DEADLINE_REASON


def _report(witness: str | None, verdict=SolverVerdict.UNKNOWN, stopped=None) -> VerifyReport:
    r = CheckResult("gap.x", "finding", verdict, "claim", witness)
    return VerifyReport("x", "sha256:0", [r], 1.0, stopped)


def test_only_reports_that_do_not_depend_on_the_load_are_kept():
    assert cache.settled(_report(None, SolverVerdict.PROVED))
    assert cache.settled(_report("4 players: turn 5: canceled"))  # z3's resource limit: deterministic
    assert not cache.settled(_report("4 players: turn 5: timeout"))  # wall clock
    assert not cache.settled(_report(DEADLINE_REASON))
    assert not cache.settled(_report(None, SolverVerdict.PROVED, stopped=DEADLINE_REASON))


def test_a_report_is_keyed_by_content_bounds_and_verifier(tmp_path):
    rs, other = load_ruleset("mattel-2018"), load_ruleset("german")
    report = _report(None, SolverVerdict.PROVED)
    with ResultStore(tmp_path / "r.sqlite") as store:
        assert cache.keep(store, rs, report, Budget(), 8)
        assert not cache.keep(store, rs, _report("timeout"), Budget(), 7)
        got = cache.lookup(store, [rs, other, rs, rs], Budget(), 8)
        assert set(got) == {0, 2, 3} and got[0].cached and got[0].results == report.results
        assert cache.lookup(store, [rs], Budget(timeout_ms=1), 8) == {}
        assert cache.lookup(store, [rs], Budget(), 7) == {}
        cache._VERSION[:] = ["another verifier"]
        try:
            assert cache.lookup(store, [rs], Budget(), 8) == {}
        finally:
            cache._VERSION.clear()
