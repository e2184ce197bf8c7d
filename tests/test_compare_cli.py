"""``dosrules compare`` end to end: JSON, text, self-contained HTML with SVG plots, clear errors."""

import json
import re

import pytest

from dosrules.cli import main

BASE = ["compare", "mattel-2018", "german", "--players", "4", "--rounds", "40", "--chunk-rounds", "20",
        "--jobs", "1"]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cmp")
    db, html, plots = folder / "r.sqlite", folder / "report.html", folder / "plots"

    def go(capsys, *extra):
        code = main([*BASE, "--db", str(db), *extra])
        out, err = capsys.readouterr()
        return code, out, err
    go.html, go.plots = html, plots
    return go


def test_json_document(run, capsys):
    code, out, err = run(capsys, "--json", "--witness-size", "3")
    assert code == 0 and err == ""  # no progress bar with --json
    doc = json.loads(out)
    assert doc["format"] == "dosrules-compare/1"
    assert [r["spec"] for r in doc["rulesets"]] == ["mattel-2018", "german"]
    paths = {row["path"]: row for row in doc["diff"]}
    assert paths["refill.mode"]["kind"] == "values-differ"
    assert paths["setup.first_dealer"]["kind"] == "unspecified-vs-specified"
    assert {(s["ruleset"], s["players"]) for s in doc["simulation"]} == {("mattel-2018", 4), ("german", 4)}
    assert all(s["summary"]["rounds"] == 40 for s in doc["simulation"])
    tests = doc["effects"]["tests"]
    assert tests and {t["test"] for t in tests} <= {"welch-t", "two-proportion-z"}
    assert doc["effects"]["family_size"] == len(tests)
    assert all(0 <= t["p"] <= t["p_holm"] <= 1 for t in tests)
    assert any(f["kind"] == "rule-gaps" and f["ruleset"] == "german" for f in doc["flags"])
    (pair,) = doc["witnesses"]
    assert (pair["a"], pair["b"]) == ("mattel-2018", "german") and pair["max_size"] == 3
    assert pair["witnesses"] and all(w["only_a"] or w["only_b"] or w["outcome_a"] != w["outcome_b"]
                                     for w in pair["witnesses"])
    assert doc["run"]["chunks"] == 4


def test_text_report_and_html(run, capsys):
    code, out, _ = run(capsys, "--no-witnesses", "--html", str(run.html), "--plots", str(run.plots))
    assert code == 0
    assert "Rule differences" in out and "refill.mode" in out and "(unspecified vs specified)" in out
    assert "Welch's t-test" in out and "two-proportion z-test" in out
    assert "not computed: --no-witnesses was given" in out
    assert "4 chunks, 4 from" in out  # all read back from the store of the first test
    html = run.html.read_text()
    assert html.count("<svg") == 4
    assert not re.search(r'<(script|link|img)\b', html), "self-contained: no external resources"
    assert not re.search(r'(src|href)="(https?:)?//', html)
    for name in ("turns-per-round", "rounds-per-game", "seat-win-rates", "rule-gap-rates"):
        assert f'id="{name}"' in html
        assert (run.plots / f"{name}.svg").read_text().startswith("<svg")
    assert "Holm" in html and "unspecified vs specified" in html


@pytest.mark.parametrize("args, message", [
    (["compare", "mattel-2018"], "at least two rulesets"),
    (["compare", "mattel-2018", "mattel-2018"], "named twice"),
    (["compare", "mattel-2018", "german", "--players", "9"], "not 9"),
    (["compare", "mattel-2018", "german", "--players", "x"], "not a list of numbers"),
    (["compare", "mattel-2018", "german", "--rounds", "0"], "--rounds must be at least 1"),
    (["compare", "mattel-2018", "german", "--gap-threshold", "2"], "between 0 and 1"),
    (["compare", "mattel-2018", "nope"], "nope"),
    (["compare", "mattel-2018", "german", "--scheduler", "tcp://x:1"], "--scheduler is for --executor dask"),
    (["compare", "mattel-2018", "german", "--executor", "dask", "--jobs", "2"], "--jobs is for --executor local"),
    (["compare", "mattel-2018", "german", "--policy", "clever"], "clever"),
    (["compare", "mattel-2018", "german", "--games", "0"], "--games must be at least 1"),
    (["compare", "mattel-2018", "german", "--chunk-games", "5"], "--chunk-games is for --games"),
    (["compare", "mattel-2018", "german", "--games", "5", "--chunk-rounds", "5"], "--chunk-rounds is for --rounds"),
])
def test_bad_input_is_one_paragraph_and_exit_code(args, message, capsys, tmp_path):
    code = main([*args, "--db", str(tmp_path / "r.sqlite")])
    out, err = capsys.readouterr()
    assert code != 0 and out == ""
    assert message in err and "Traceback" not in err


def test_a_bad_db_file_is_reported(tmp_path, capsys):
    bad = tmp_path / "bad.sqlite"
    bad.write_text("garbage " * 500)
    code = main(["compare", "mattel-2018", "german", "--players", "4", "--rounds", "1", "--db", str(bad)])
    err = capsys.readouterr().err
    assert code != 0 and "not a dosrules results store (SQLite), or it is damaged" in err
    assert f"mv {bad} {bad}.damaged" in err and "delete" not in err  # moved aside, never deleted


def test_progress_bar_only_on_a_terminal_and_never_with_json(monkeypatch):
    import argparse
    import io

    from dosrules.cli.compare import _progress_factory

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr("sys.stderr", Terminal())
    assert _progress_factory(argparse.Namespace(json=True)) is None
    start = _progress_factory(argparse.Namespace(json=False))
    tick = start(2)
    tick(1, 2)
    tick(2, 2)
    tick.close()
    monkeypatch.setattr("sys.stderr", io.StringIO())
    assert _progress_factory(argparse.Namespace(json=False)) is None


def test_games_mode_compares_complete_games_and_resumes(tmp_path, capsys):
    args = ["compare", "mattel-2018", "mattel-2018+target-500", "--players", "3", "--games", "12",
            "--chunk-games", "5", "--jobs", "1", "--no-witnesses", "--json", "--db", str(tmp_path / "g.sqlite")]
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["settings"]["games"] == 12 and doc["settings"]["chunk_games"] == 5
    assert doc["run"]["chunks"] == 6 and doc["run"]["computed"] == 6  # 5 + 5 + 2 games, two rulesets
    for cell in doc["simulation"]:  # every game played to the end, none cut off
        assert cell["summary"]["games"] == 12 and cell["summary"]["per_game"]["rounds_per_game"]["n"] == 12
    longer = {c["ruleset"]: c["summary"]["per_game"]["rounds_per_game"]["mean"] for c in doc["simulation"]}
    assert longer["mattel-2018+target-500"] > longer["mattel-2018"]
    assert main(args) == 0  # a rerun reads every chunk back
    again = json.loads(capsys.readouterr().out)
    assert again["run"]["cached"] == 6 and again["simulation"] == doc["simulation"]
    html = tmp_path / "g.html"
    assert main([a for a in args if a != "--json"] + ["--html", str(html)]) == 0
    assert "12 games per ruleset and player count" in capsys.readouterr().out
    assert "12 simulated complete games per ruleset" in html.read_text() and "chunks of 5 games" in html.read_text()
