"""Z3's resource units: the verifier's count of its solver work, per check and per stage.

Seconds move with the machine's load; the units of the same checks do not (that a report,
units included, is the same in any process is pinned in ``test_verify_history.py``)."""

import json
import os
import subprocess
import sys

import z3

from dosrules import load_ruleset
from dosrules.verify import run, solving


def _pigeons(n: int) -> z3.Solver:
    """n + 1 pigeons in n holes: unsat, and hard enough to outlast a small resource limit."""
    hole = [[z3.Bool(f"p{i}h{j}") for j in range(n)] for i in range(n + 1)]
    s = z3.Solver()
    s.add(*[z3.Or(row) for row in hole])
    s.add(*[z3.Not(z3.And(hole[a][j], hole[b][j])) for j in range(n) for a in range(n + 1) for b in range(a)])
    return s


def test_a_check_adds_its_own_units_and_a_new_context_counts_from_nothing():
    solving.fresh_context()
    s = _pigeons(5)
    before = solving.units_spent()
    assert solving.sat(s) == z3.unsat
    first = solving.units_spent() - before
    assert first == s.statistics().get_key_value("rlimit count") > 0  # the context's count, all of it
    solving.fresh_context()  # a new context's count starts again from 0: nothing is lost or negative
    s = _pigeons(5)
    assert solving.sat(s) == z3.unsat
    assert solving.units_spent() - before - first == s.statistics().get_key_value("rlimit count") > 0


def test_a_step_cut_short_by_its_budget_has_spent_at_least_the_budget():
    solving.fresh_context()
    s = _pigeons(9)
    limit = 2 * solving.RLIMIT_PER_MS  # the resource limit of a 2 ms step, without its wall clock
    s.set("rlimit", limit)
    s.set("timeout", 60_000)
    before = solving.units_spent()
    assert solving.sat(s) == z3.unknown and s.reason_unknown() == "canceled"
    assert solving.units_spent() - before >= limit


def test_a_report_gives_the_units_of_each_check_and_stage_and_keeps_them_in_json():
    report = run.verify(load_ruleset("mattel-2018"), max_turns=3)
    run.forget_memos()
    gaps = [r for r in report.results if r.check.startswith("gap.")]
    assert set(report.units) == set(run.STAGES) and report.units["gaps"] > 0
    assert all(isinstance(r.units, int) and r.units >= 0 for r in report.results)
    # a stage's units hold its checks' and the work they share (the unrolled model, the boxes)
    assert 0 < sum(r.units for r in gaps) <= report.units["gaps"]
    back = run.VerifyReport.from_json(json.loads(json.dumps(report.as_json())))
    assert back.units == report.units and [r.units for r in back.results] == [r.units for r in report.results]


def test_verbose_prints_the_solver_work(tmp_path):
    out = subprocess.run([sys.executable, "-m", "dosrules", "verify", "mattel-2018", "--turns", "2", "--verbose",
                          "--no-cache", "--db", str(tmp_path / "store.sqlite")],
                         capture_output=True, text=True, check=True).stdout
    line = next(x for x in out.splitlines() if x.startswith("Solver work: "))
    assert " M resource units (" in line and "gaps " in line and "budget is 40.0 M" in line


def test_a_gap_checks_units_do_not_depend_on_the_hash_seed(tmp_path):
    # a query over several situations shares its units out, the remainder in a fixed order: in
    # a set's order, seeds 1 and 2 gave mattel-2018+reshuffle's first two gap checks 3 units apart
    def units(seed: str) -> list:
        got = subprocess.run([sys.executable, "-m", "dosrules", "verify", "mattel-2018+reshuffle", "--turns", "4",
                              "--json", "--no-cache", "--db", str(tmp_path / f"{seed}.sqlite")],
                             capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": seed})
        return [(r["check"], r["units"]) for r in json.loads(got.stdout)["results"] if r["check"].startswith("gap.")]

    one = units("1")
    assert sum(u for _, u in one) > 0 and one == units("2")
