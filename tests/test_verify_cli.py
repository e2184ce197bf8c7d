"""``dosrules verify``: table, JSON, exit codes, errors; z3 stays out of other commands."""

import json
import re
import subprocess
import sys
from pathlib import Path

from dosrules.cli import main

DATA = Path(__file__).parent / "data" / "verify"


def test_verify_table_and_exit_0(capsys):
    assert main(["verify", "mattel-2018", "--turns", "1"]) == 0
    out = capsys.readouterr().out
    assert "CHECK" in out and "CITES" in out
    assert "setup.deal" in out and "gap.all_wild_row" in out and "000§1" in out


def test_verify_json_and_exit_1_on_a_violated_invariant(capsys):
    assert main(["verify", str(DATA / "refill-unspecified.yaml"), "--json", "--turns", "1"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["exit_code"] == 1
    row = next(r for r in data["results"] if r["check"] == "turn.row-minimum")
    assert row["result"] == "counterexample" and "refill.mode" in row["rule_paths"]


def test_verify_against_prints_witness_and_case(capsys):
    assert main(["verify", "mattel-2018", "--against", str(DATA / "keep-and-pass.yaml")]) == 0
    out = capsys.readouterr().out
    assert "drawing.after_failed_draw: 'place-card' vs 'keep-and-pass'" in out
    assert "phase after-draw" in out and "def test_after_draw_" in out


def test_unknown_ruleset_is_one_paragraph(capsys):
    assert main(["verify", "no-such-ruleset"]) == 1
    err = capsys.readouterr().err
    assert "no ruleset with the id 'no-such-ruleset'" in err and "Traceback" not in err
    assert main(["verify", "mattel-2018", "--turns", "-1"]) == 2
    assert "--turns must be at least 1, not -1" in capsys.readouterr().err


def test_other_commands_do_not_import_z3():
    code = "import sys, dosrules.cli as c; c.build_parser(); print('z3' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_verify_several_rulesets_reports_each_and_the_worst_exit(capsys):
    bad = str(DATA / "refill-unspecified.yaml")
    assert main(["verify", "mattel-2018", bad, "--json", "--turns", "1", "--jobs", "2"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [d["exit_code"] for d in data] == [0, 1]
    assert data[0]["ruleset"] == "mattel-2018"


def test_verify_against_takes_one_ruleset(capsys):
    assert main(["verify", "mattel-2018", "german", "--against", "digest-2017"]) == 2
    assert "--against compares one ruleset with another" in capsys.readouterr().err


def test_verify_keeps_its_report_in_the_store_and_no_cache_proves_afresh(capsys, tmp_path):
    db = tmp_path / "results.sqlite"
    args = ["verify", "mattel-2018", "--json", "--turns", "1", "--db", str(db)]
    assert main(args) == 0
    fresh = json.loads(capsys.readouterr().out)
    assert fresh["cached"] is None
    assert all(isinstance(r["seconds"], float) and r["seconds"] >= 0 for r in fresh["results"])
    assert set(fresh["stages"]) == {"deck", "row", "deal", "turn", "coverage", "gaps"}
    assert main(args) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["cached"] is not None  # read back, not proved
    assert [(r["check"], r["result"], r["witness"], r["citations"]) for r in again["results"]] == \
        [(r["check"], r["result"], r["witness"], r["citations"]) for r in fresh["results"]]
    assert main(args + ["--no-cache"]) == 0
    assert json.loads(capsys.readouterr().out)["cached"] is None
    assert main(["verify", "mattel-2018", "--json", "--turns", "2", "--db", str(db)]) == 0  # other bounds: a key of its own
    assert json.loads(capsys.readouterr().out)["cached"] is None


def test_verify_verbose_prints_each_checks_time_and_the_slowest(capsys, tmp_path):
    assert main(["verify", "mattel-2018", "--turns", "1", "--verbose", "--db", str(tmp_path / "r.sqlite")]) == 0
    out = capsys.readouterr().out
    assert "TIME" in out and "Stages: deck" in out and "Slowest: " in out
    assert re.search(r"^deck\.totals\s+proved\s+\d+\.\d\ds", out, re.M)


def test_verify_runs_uncached_with_a_note_when_the_default_store_cannot_be_opened(capsys, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert main(["verify", "mattel-2018", "--turns", "1", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["cached"] is None
    assert "note: verifying without the results store" in captured.err and "Traceback" not in captured.err
    assert main(["verify", "mattel-2018", "--turns", "1", "--db", str(blocker / "r.sqlite")]) == 2  # --db: an error
    assert "cannot make its folder" in capsys.readouterr().err
