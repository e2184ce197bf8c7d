"""Verifier reports kept in the results store: what is kept, and under which key."""

from dosrules import load_ruleset
from dosrules.comparison.store import ResultStore
from dosrules.comparison import verify_reports as cache
from dosrules.verify import Budget, CheckResult, SolverVerdict, VerifyReport
from dosrules.verify.solving import DEADLINE_REASON


def _report(witness: str | None, verdict=SolverVerdict.UNKNOWN, stopped=None) -> VerifyReport:
    r = CheckResult("gap.x", "finding", verdict, "claim", witness)
    return VerifyReport("x", "sha256:0", [r], 1.0, stopped)


def test_every_report_is_kept_but_one_stopped_by_its_time_limit():
    assert cache.kept(_report(None, SolverVerdict.PROVED))
    assert cache.kept(_report("4 players: turn 5: canceled (wall-clock timeout)"))  # kept, and named as such
    assert not cache.kept(_report(None, SolverVerdict.PROVED, stopped=DEADLINE_REASON))
    assert cache.busy_unknowns(_report("4 players: turn 5: canceled (wall-clock timeout)")) == ["gap.x"]
    assert cache.busy_unknowns(_report("4 players: turn 5: canceled")) == []  # z3's resource limit: deterministic
    assert cache.busy_unknowns(_report("timeout")) == ["gap.x"]
    assert cache.busy_unknowns(_report(DEADLINE_REASON)) == ["gap.x"]


def test_a_report_is_keyed_by_content_bounds_and_verifier(tmp_path):
    rs, other = load_ruleset("mattel-2018"), load_ruleset("german")
    report = _report(None, SolverVerdict.PROVED)
    with ResultStore(tmp_path / "r.sqlite") as store:
        assert cache.keep(store, rs, report, Budget(), 8)
        assert not cache.keep(store, rs, _report(None, stopped=DEADLINE_REASON), Budget(), 7)
        got = cache.lookup(store, [rs, other, rs, rs], Budget(), 8)
        assert set(got) == {0, 2, 3} and got[0].cached and got[0].results == report.results
        assert cache.lookup(store, [rs], Budget(timeout_ms=1), 8) == {}
        assert cache.lookup(store, [rs], Budget(), 7) == {}
        cache._VERSION[:] = ["another verifier"]
        try:
            assert cache.lookup(store, [rs], Budget(), 8) == {}
        finally:
            cache._VERSION.clear()


def test_a_kept_report_names_the_checks_a_busy_machine_left_unknown():
    from dosrules.cli.verify import format_report
    report = _report("4 players: turn 5: canceled (wall-clock timeout)")
    report.cached = "2026-12-04T17:00:00Z"
    text = format_report(report, busy=cache.busy_unknowns(report))
    assert "stored 2026-12-04T17:00:00Z" in text
    assert "Read from the results store: gap.x ran out of wall-clock time when proved" in text
