"""``dosrules compare`` end to end: JSON, text, self-contained HTML with SVG plots, clear errors."""

import json
import re
from pathlib import Path

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
    assert doc["format"] == "dosrules-compare/2"
    assert doc["baseline"] == "mattel-2018" and [r["label"] for r in doc["rulesets"]] == ["A", "B"]
    assert 3 <= len(doc["headline"]) <= 7 and all(s.endswith(".") for s in doc["headline"])
    assert doc["settings"]["policy"] == "casual"  # the comparison profile is the default
    reached = {e["path"]: e for e in doc["exercised"]}
    assert set(reached) == {row["path"] for row in doc["diff"]}
    assert all(e["status"] in ("exercised", "rare", "never") and len(e["cells"]) == 2 for e in reached.values())
    heavy = {g["ruleset"]: g for g in doc["gap_heavy"]}  # computed on the rulesets as written
    assert set(heavy) >= {"german"} and all(g["filled"] for g in heavy.values())
    filled = heavy["german"]["filled"]
    assert filled["spec"].startswith("german~")
    readings = {r["path"]: r for r in filled["readings"]}
    assert "wilds.wild_dos.row_colour" in readings and all(r["why"] for r in readings.values())
    assert filled["void_share"] < heavy["german"]["void_share"]  # filling removes most voids
    assert [f["label"] for f in filled["figures"]][:2] == ["turns per round", "rounds per game"]
    # the figures, tests and headline are of every ruleset filled, at the full --rounds
    assert doc["figures_of"] == "filled" and doc["headline"][0].startswith("Every figure here is of the rulesets "
                                                                           "with their silences filled")
    cells = {(r["ruleset"], r["players"]): r for r in doc["filling"]["rulesets"]}
    assert set(cells) == {("mattel-2018", 4), ("german", 4)}  # every side, not only the gap-heavy one
    both = [{(x["path"], x["reading"]) for x in r["readings"]} for r in cells.values()]
    shared = {p for p, _ in both[0]} & {p for p, _ in both[1]}
    assert shared and all(dict(both[0])[p] == dict(both[1])[p] for p in shared)  # the same readings
    sims = {s["ruleset"]: s["summary"] for s in doc["simulation"]}
    assert all(s["outcomes"].get("void-gap", {}).get("count", 0) < 40 * 0.05 for s in sims.values())
    written = {s["ruleset"]: s["summary"] for s in doc["unfilled"]}
    assert written["german"]["outcomes"]["void-gap"]["rate"] == heavy["german"]["void_share"]
    assert sims["german"]["ruleset_hash"] == cells[("german", 4)]["content_hash"] != written["german"]["ruleset_hash"]
    assert {r["ruleset"] for r in doc["seat_fairness"]} <= {"mattel-2018", "german"}
    assert [r["spec"] for r in doc["rulesets"]] == ["mattel-2018", "german"]
    paths = {row["path"]: row for row in doc["diff"]}
    assert paths["refill.mode"]["kind"] == "values-differ"
    assert paths["setup.first_dealer"]["kind"] == "unspecified-vs-specified"
    assert {(s["ruleset"], s["players"]) for s in doc["simulation"]} == {("mattel-2018", 4), ("german", 4)}
    assert all(s["summary"]["rounds"] == 40 for s in doc["simulation"])
    tests = doc["effects"]["tests"]
    assert tests and {t["test"] for t in tests} <= {"welch-t", "two-proportion-z", "z"}
    assert doc["effects"]["family_size"] == len(tests)
    assert all(0 <= t["p"] <= t["p_holm"] <= 1 for t in tests)
    assert all(t["p_tost"] is None or 0 <= t["p_tost"] <= t["p_tost_holm"] <= 1 for t in tests)
    (pair,) = doc["witnesses"]
    assert (pair["a"], pair["b"]) == ("mattel-2018", "german") and pair["max_size"] == 3
    assert pair["witnesses"] and all(w["only_a"] or w["only_b"] or w["outcome_a"] != w["outcome_b"]
                                     for w in pair["witnesses"])
    assert doc["run"]["chunks"] == 4 and doc["run"]["unfilled"]["chunks"] == 4


def test_text_report_and_html(run, capsys):
    code, out, _ = run(capsys, "--html", str(run.html), "--plots", str(run.plots), "--witness-size", "3")
    assert code == 0
    lines = out.splitlines()
    assert max(map(len, lines)) <= 100, max(lines, key=len)
    assert lines[lines.index("In short") + 1].startswith("  - ")  # the headline comes first
    assert "What differs" in out and "refill.mode" in out and "(one source is silent)" in out
    assert "What was exercised" in out and "Welch's t-test" in out and "two-proportion z-test" in out
    assert "Editor-reviewed rules entry written against Mattel's 2018 instruction sheet" in out  # titles...
    assert "000_baaf5c45727b132a.txt" not in out  # ...not file names
    assert "In a 2-player game, with " in out and "notation: row " in out  # witnesses as sentences
    assert "4 chunks, 4 from" in out  # all read back from the store of the first test
    assert "computed in" in out and ", 0 computed in" in out  # the rulesets as written too
    assert "The rulesets as written (secondary" in out and "wilds.wild_dos.row_colour = " in out
    assert out.index("The rulesets as written (secondary") > out.index("Figures, 4 players, of the rulesets filled")
    html = run.html.read_text()
    assert html.count("<svg") == 6  # the five plots and the design profile
    assert not re.search(r'<(script|link|img)\b', html), "self-contained: no external resources"
    assert not re.search(r'(src|href)="(https?:)?//', html)
    for name in ("differences", "turns-per-round", "rounds-per-game", "seat-win-rates", "rule-gap-rates"):
        assert f'id="{name}"' in html
        assert (run.plots / f"{name}.svg").read_text().startswith("<svg")
    assert "The rulesets as written (secondary)" in html and "german~" in html and "why this reading" in html
    gaps = (run.plots / "rule-gap-rates.svg").read_text()  # the filled rulesets void none: as written
    assert "in the rulesets as written" in gaps and "wilds.wild_dos.row_colour" in gaps
    assert "Holm" in html and "one source is silent" in html and "In short" in html
    assert re.search(r'<span class="card (blue|green|red|yellow|wild)', html)  # witnesses' cards as pictures


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
    (["compare", "mattel-2018", "german", "--unfilled-rounds", "0"], "--unfilled-rounds must be at least 1"),
    (["compare", "mattel-2018", "german", "--fill", "mattel-2018", "--no-fill"], "contradict"),
])
def test_bad_input_is_one_paragraph_and_exit_code(args, message, capsys, tmp_path):
    code = main([*args, "--db", str(tmp_path / "r.sqlite")])
    out, err = capsys.readouterr()
    assert code != 0 and out == ""
    assert message in err and "Traceback" not in err


def test_the_rulesets_as_written_run_for_unfilled_rounds(tmp_path, capsys):
    code = main([*BASE, "--unfilled-rounds", "20", "--json", "--no-witnesses", "--db", str(tmp_path / "r.sqlite")])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["filling"] and all(s["summary"]["rounds"] == 20 for s in doc["unfilled"])
    assert all(s["summary"]["rounds"] == 40 for s in doc["simulation"])  # the comparison itself is not cut


def test_no_fill_compares_the_rulesets_as_written(tmp_path, capsys):
    code = main([*BASE, "--no-fill", "--json", "--no-witnesses", "--db", str(tmp_path / "r.sqlite")])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["figures_of"] == "as written" and doc["filling"] is None and doc["unfilled"] is None
    assert doc["headline"][0].startswith("Rule gaps void") and "--no-fill was given" in doc["headline"][0]
    assert any(f["kind"] == "rule-gaps" and f["ruleset"] == "german" for f in doc["flags"])
    assert all(s["summary"]["rounds"] == 40 for s in doc["simulation"]) and "unfilled" not in doc["run"]


def test_a_comparison_below_the_gap_threshold_is_not_filled(tmp_path, capsys):
    code = main(["compare", "mattel-2018", "mattel-2018+target-500", "--players", "4", "--rounds", "40",
                 "--chunk-rounds", "20", "--jobs", "1", "--gap-threshold", "1", "--no-witnesses", "--json",
                 "--db", str(tmp_path / "r.sqlite"), "--unfilled-rounds", "20"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["figures_of"] == "as written" and not doc["gap_heavy"]
    assert all(s["summary"]["rounds"] == 40 for s in doc["simulation"])
    assert doc["run"]["cached"] == 2 and doc["run"]["computed"] == 2  # the short run's chunks, extended


@pytest.mark.parametrize("rounds, games, given, expected", [
    (20000, None, None, {"rounds": 5000}),  # a quarter
    (4000, None, None, {"rounds": 2000}),  # at least 2,000
    (500, None, None, {"rounds": 500}),  # never more than the comparison
    (20000, None, 300, {"rounds": 300}),  # --unfilled-rounds
    (400, None, 3000, {"rounds": 400}),  # ... never more than the comparison either
    (None, 1000, None, {"games": 250}),
    (None, 60, None, {"games": 60}),
])
def test_the_run_as_written_defaults_to_a_quarter(rounds, games, given, expected):
    from dosrules.comparison.filled import unfilled_amount

    assert unfilled_amount(rounds, games, given) == expected


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
    assert "12 complete games" in html.read_text() and "(12 games!)" in html.read_text()  # too few: marked


FAMILY = str(Path(__file__).parent.parent / "docs" / "examples" / "family")


def test_a_rule_greedy_never_reaches_is_called_untested_with_the_way_out(tmp_path, capsys):
    base = ["compare", "mattel-2018", "mattel-2018+dos-penalty-4", "--rulesets", FAMILY, "--players", "4",
            "--rounds", "60", "--chunk-rounds", "30", "--jobs", "1", "--no-witnesses", "--db", str(tmp_path / "f.sqlite")]
    assert main([*base, "--policy", "greedy"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the text unwrapped
    assert ("dos_call.catch_penalty differs, but in 60 rounds per ruleset no player was caught not calling DOS: "
            "greedy always calls DOS; try --policy casual") in out
    assert "so dos-penalty-4 went untested" in out  # said in the headline too
    assert main([*base, "--json"]) == 0  # casual: players forget DOS and are caught
    (entry,) = json.loads(capsys.readouterr().out)["exercised"]
    assert entry["status"] == "exercised" and all(c["count"] > 0 for c in entry["cells"])


def test_fill_names_the_source_of_each_reading_and_reruns_from_the_store(tmp_path, capsys):
    args = ["compare", "mattel-2018", "german", "--players", "4", "--rounds", "20", "--chunk-rounds", "20",
            "--jobs", "1", "--no-witnesses", "--db", str(tmp_path / "r.sqlite"), "--fill", "mattel-2018", "--json"]
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    filled = next(g["filled"] for g in doc["gap_heavy"] if g["ruleset"] == "german")
    why = {r["path"]: r["why"] for r in filled["readings"]}
    assert "refill.mode" not in why  # stated by german: never filled
    assert why["dos_call.penalty_timing"] == "--fill mattel-2018 (from mattel-2018)"
    assert "most shipped rulesets" in filled["source"] and "--fill mattel-2018" in filled["source"]
    assert main(args) == 0  # a rerun reads every chunk, the filled ones too, from the store
    run = json.loads(capsys.readouterr().out)["run"]
    assert run["computed"] == 0 and run["unfilled"]["computed"] == 0 and run["unfilled"]["cached"] > 0


def test_a_fill_source_that_cannot_fill_is_refused_before_simulating(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("readings:\n  target: 100\n")
    code = main(["compare", "mattel-2018", "german", "--players", "4", "--rounds", "20", "--fill", str(bad),
                 "--db", str(tmp_path / "r.sqlite")])
    out, err = capsys.readouterr()
    assert code != 0 and out == "" and "bad.yaml:2:3: --fill " in err and "target" in err
    assert "Traceback" not in err and not (tmp_path / "r.sqlite").exists()


def test_the_readme_job_compares_what_the_sources_state_differently(tmp_path, capsys):
    """german filled from mattel-2018: the diff keeps only rules both sources state, differently."""
    code = main(["compare", "mattel-2018", "german~mattel-2018", "--players", "4", "--rounds", "20",
                 "--chunk-rounds", "20", "--jobs", "1", "--no-witnesses", "--db", str(tmp_path / "r.sqlite"),
                 "--json"])
    assert code == 0
    diff = json.loads(capsys.readouterr().out)["diff"]
    assert {row["path"] for row in diff} >= {"refill.mode", "drawing.after_failed_draw"}
    assert all(row["kind"] == "values-differ" for row in diff)
