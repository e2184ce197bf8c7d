"""A ruleset's report does not depend on what the process verified before it.

Z3's answers to checks bounded by work, and the models it finds, follow the order in which the
terms were first made. Each verification, and each gap search, builds its terms in a fresh Z3
context (:func:`dosrules.verify.solving.fresh_context`), so ``verify A`` alone, ``verify B A``
and a worker that verified B first give the same report of A.
"""

import json
import subprocess
import sys

from dosrules import load_ruleset
from dosrules.verify import run


def _without_times(data):
    if isinstance(data, dict):
        return {k: _without_times(v) for k, v in data.items() if k not in ("seconds", "stages", "cached")}
    if isinstance(data, list):
        return [_without_times(x) for x in data]
    return data


def test_a_report_is_the_same_alone_and_after_another_ruleset(tmp_path):
    # digest-2017 after mattel-2018 gave other witnesses before
    # the fresh contexts: the models Z3 finds moved with the terms mattel-2018 had made
    alone = subprocess.run([sys.executable, "-m", "dosrules", "verify", "digest-2017", "--turns", "2", "--json",
                            "--no-cache", "--db", str(tmp_path / "store.sqlite")],
                           capture_output=True, text=True, check=True)
    run.verify(load_ruleset("mattel-2018"), max_turns=2)
    run.forget_memos()
    after = run.verify(load_ruleset("digest-2017"), max_turns=2).as_json()
    witnesses = [r["witness"] for r in after["results"] if r.get("witness")]
    assert witnesses and _without_times(json.loads(alone.stdout)) == _without_times(after)


def test_the_reports_are_the_same_whatever_the_number_of_jobs(tmp_path):
    # with one job digest-2017 is verified after mattel-2018 in one process; with two, each in
    # a worker of its own
    def reports(jobs: int) -> list:
        got = subprocess.run([sys.executable, "-m", "dosrules", "verify", "mattel-2018", "digest-2017", "--turns", "2",
                              "--json", "--no-cache", "--jobs", str(jobs), "--db", str(tmp_path / f"{jobs}.sqlite")],
                             capture_output=True, text=True, check=True)
        return _without_times(json.loads(got.stdout))

    one = reports(1)
    assert [r["ruleset"] for r in one] == ["mattel-2018", "digest-2017"] and one == reports(2)
