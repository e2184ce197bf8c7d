"""Resumable comparison runs: same numbers whatever --jobs, after a failure, or after a kill."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dosrules import load_ruleset
from dosrules.comparison.executors import LocalExecutor
from dosrules.comparison.runner import RunPlan, run_chunk_json, run_comparison
from dosrules.comparison.store import ResultStore

ROOT = Path(__file__).resolve().parents[1]
SPECS = ("mattel-2018", "mattel-2018+reshuffle")


def plan(rounds=60, chunk=20, players=(3,)):
    return RunPlan([(s, load_ruleset(s).content_hash) for s in SPECS], list(players), "greedy", 7, rounds, chunk)


def numbers(summaries):
    return {k: v.to_json() for k, v in summaries.items()}


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    db = tmp_path_factory.mktemp("ref") / "r.sqlite"
    with ResultStore(db) as store:
        summaries, stats = run_comparison(plan(), store, LocalExecutor(1))
    assert (stats.chunks, stats.computed, stats.cached) == (6, 6, 0)
    return numbers(summaries)


def test_jobs_do_not_change_the_numbers_and_a_rerun_computes_nothing(reference, tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        summaries, stats = run_comparison(plan(), store, LocalExecutor(2))
        assert numbers(summaries) == reference
        assert stats.computed == 6
        again, stats = run_comparison(plan(), store, LocalExecutor(2))
        assert numbers(again) == reference and (stats.cached, stats.computed) == (6, 0)


def test_a_failure_after_k_chunks_keeps_them_and_the_resumed_run_matches(reference, tmp_path):
    calls = []

    def failing(spec_json):
        calls.append(spec_json["index"])
        if len(calls) > 4:
            raise RuntimeError("injected failure")
        return run_chunk_json(spec_json)

    db = tmp_path / "r.sqlite"
    with ResultStore(db) as store, pytest.raises(RuntimeError, match="injected"):
        run_comparison(plan(), store, LocalExecutor(1), chunk_fn=failing)
    with ResultStore(db) as store:
        assert store.count() == 4
        summaries, stats = run_comparison(plan(), store, LocalExecutor(2))
    assert (stats.cached, stats.computed) == (4, 2)
    assert numbers(summaries) == reference


def test_a_longer_run_reuses_the_chunks_of_a_shorter_one(tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        run_comparison(plan(rounds=40), store, LocalExecutor(1))
        _, stats = run_comparison(plan(rounds=60), store, LocalExecutor(1))
    assert (stats.cached, stats.computed) == (4, 2)


def _cli(*args, db):
    # 20 chunks of 50 rounds: long enough that a kill lands mid-run also under the engine compiled by mypyc
    return [sys.executable, "-m", "dosrules", "compare", *SPECS, "--players", "3", "--rounds", "500",
            "--chunk-rounds", "50", "--seed", "7", "--no-witnesses", "--json", "--db", str(db), *args]


def _stored(db) -> int:
    try:
        con = sqlite3.connect(db, timeout=5)
        try:
            return con.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
        finally:
            con.close()
    except sqlite3.OperationalError:  # not created yet
        return 0


def test_a_run_killed_halfway_resumes_without_recomputing_and_gives_the_same_numbers(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    full = subprocess.run(_cli("--jobs", "1", db=tmp_path / "full.sqlite"), capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120)
    assert full.returncode == 0, full.stderr
    full_doc = json.loads(full.stdout)
    assert full_doc["figures_of"] == "filled"  # casual: rule gaps void many rounds of mattel-2018
    assert full_doc["run"]["computed"] == 20 and full_doc["run"]["unfilled"]["computed"] == 20

    db = tmp_path / "killed.sqlite"
    proc = subprocess.Popen(_cli("--jobs", "2", db=db), cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    while _stored(db) < 6 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)  # the run and its worker processes, mid-run
    proc.wait()
    kept = _stored(db)
    assert 6 <= kept < 40, f"{kept} chunks stored when killed"

    resumed = subprocess.run(_cli("--jobs", "1", db=db), capture_output=True, text=True, cwd=ROOT, env=env,
                             timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    doc = json.loads(resumed.stdout)
    runs = (doc["run"], doc["run"]["unfilled"])  # the rulesets as written, then filled
    assert (sum(r["cached"] for r in runs), sum(r["computed"] for r in runs)) == (kept, 40 - kept)
    for part in ("diff", "simulation", "unfilled", "filling", "effects", "flags"):
        assert doc[part] == full_doc[part], part
