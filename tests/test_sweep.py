"""dosrules sweep: --vary parsing, points, goals, and a run through compare's runner and store."""

import json
from pathlib import Path

import pytest

from dosrules import load_ruleset
from dosrules.comparison.sweep import (MAX_VALUES, Vary, _crossings, known_figures, parse_goal, parse_vary,
                                       sweep_points, with_settings)
from dosrules.errors import UsageError
from tests.clikit import run


def test_vary_takes_a_list_or_a_range_read_as_yaml():
    assert parse_vary("target=100,200,300") == ("target", [100, 200, 300])
    assert parse_vary("target=100..500:100") == ("target", [100, 200, 300, 400, 500])
    assert parse_vary("setup.hand_size=5..7") == ("setup.hand_size", [5, 6, 7])
    assert parse_vary("deck_exhaustion=reshuffle-discard,end-round")[1] == ["reshuffle-discard", "end-round"]
    assert parse_vary("deck.colours=[blue,green],[red]")[1] == [["blue", "green"], ["red"]]


@pytest.mark.parametrize("text, says", [
    ("target", "not PATH=VALUES"),
    ("target=500..100", "holds no value"),
    (f"target=1..{MAX_VALUES + 1}", f"at most {MAX_VALUES}"),
    ("target=100,100", "given twice"),
    ("target=100,,200", "a value is empty"),
    ("target=[1,", "YAML syntax error"),
])
def test_bad_vary_is_a_usage_error(text, says):
    with pytest.raises(UsageError) as err:
        parse_vary(text)
    assert says in str(err.value) and err.value.fix


def test_points_leave_the_base_value_unset_and_settings_go_before_a_fill():
    varies = [Vary("target", (100, 200), 200), Vary("setup.hand_size", (7, 9), 7)]
    points = sweep_points("mattel-2018", varies)
    assert [p.spec for p in points] == ["mattel-2018@target=100", "mattel-2018@target=100@setup.hand_size=9",
                                        "mattel-2018", "mattel-2018@setup.hand_size=9"]
    assert [p.is_base for p in points] == [False, False, True, False]
    assert with_settings("german~mattel-2018", [("target", 300)]) == "german@target=300~mattel-2018"


def test_goals_name_a_figure_and_bad_ones_say_which_exist():
    goal = parse_goal("rounds per game<=6", known_figures())
    assert (goal.family, goal.name, goal.op, goal.threshold) == ("per_game", "rounds_per_game", "<=", 6.0)
    assert parse_goal("rounds void at a rule gap < 5%", known_figures()).threshold == pytest.approx(0.05)
    with pytest.raises(UsageError) as err:
        parse_goal("rounds per gam<=6", known_figures())
    assert "did you mean 'rounds per game'" in str(err.value) and "turns per round" in str(err.value)
    with pytest.raises(UsageError, match="not a figure, an operator and a number"):
        parse_goal("rounds per game about 6", known_figures())
    with pytest.raises(UsageError, match="not a share of rounds"):
        parse_goal("rounds per game<=6%", known_figures())


def test_a_crossing_is_placed_on_the_line_between_two_values():
    goal = parse_goal("rounds per game<=6", known_figures())
    curve = [{"value": 4.0}, {"value": 8.0}, {"value": 12.0}]
    [cross] = _crossings(goal, curve, [100, 200, 300])
    assert (cross["from"], cross["to"], cross["at"], cross["meets_from"]) == (100, 200, 150.0, True)


def _sweep(capsys, tmp_path, *extra):
    code, out, err = run(capsys, "sweep", "mattel-2018", "--vary", "target=50,200", "--players", "4",
                         "--rounds", "120", "--chunk-rounds", "60", "--policy", "greedy", "--jobs", "1",
                         "--db", str(tmp_path / "r.sqlite"), *extra)
    assert code == 0, err
    return out


def test_a_sweep_runs_every_value_with_the_same_seeds_through_compares_store(capsys, tmp_path):
    doc = json.loads(_sweep(capsys, tmp_path, "--json", "--goal", "rounds per game<=4"))
    assert [p["spec"] for p in doc["points"]] == ["mattel-2018@target=50", "mattel-2018"]
    assert doc["points"][0]["content_hash"] == load_ruleset("mattel-2018@target=50").content_hash
    assert doc["base"] == {"values": [200], "spec": "mattel-2018", "in_sweep": True}
    curve = next(c for c in doc["figures"] if c["name"] == "rounds_per_game")
    low, base = curve["points"]
    assert low["value"] < base["value"] and low["significant"] and curve["differ"] == [0]
    assert doc["run"]["computed"] == 4 and doc["tests"]["family_size"] > 10
    # the goal: met at target 50, crossed between 50 and 200
    [row] = doc["goals"][0]["by_players"]
    assert row["meets"][0] is True and row["lines"][0]["crossings"][0]["from"] == 50

    # a rerun reads every chunk back; compare of the same rulesets, seeds and chunks reuses them too
    again = json.loads(_sweep(capsys, tmp_path, "--json"))
    assert again["run"]["computed"] == 0 and again["figures"] == doc["figures"]
    code, out, _ = run(capsys, "compare", "mattel-2018", "mattel-2018@target=50", "--players", "4", "--rounds", "120",
                       "--chunk-rounds", "60", "--policy", "greedy", "--jobs", "1", "--db", str(tmp_path / "r.sqlite"),
                       "--no-witnesses", "--no-fill", "--json")  # as written, as the sweep runs it
    assert code == 0 and json.loads(out)["run"]["computed"] == 0


def test_the_text_report_fits_100_columns_and_names_what_differs(capsys, tmp_path):
    out = _sweep(capsys, tmp_path, "--goal", "rounds per game<=4", "--html", str(tmp_path / "s.html"))
    assert max(len(line) for line in out.splitlines()) <= 100
    assert "differs significantly from the base value at target 50" in out
    assert "Goal \"rounds per game<=4\" (4 players): met at target 50" in out
    assert "rounds / game" in out and "base" in out
    html = (tmp_path / "s.html").read_text()
    assert html.count("<svg") >= 10 and 'id="per-game-rounds-per-game"' in html


def test_a_bad_goal_or_a_bad_value_fails_before_simulating(capsys, tmp_path):
    code, _, err = run(capsys, "sweep", "mattel-2018", "--vary", "target=50,200", "--goal", "roundz<=3",
                       "--db", str(tmp_path / "r.sqlite"))
    assert code != 0 and "no figure is called 'roundz'" in err
    code, _, err = run(capsys, "sweep", "mattel-2018", "--vary", "target=50,5000", "--db", str(tmp_path / "r.sqlite"))
    assert code != 0 and "5000 is more than the maximum of 2000" in err
    assert not (tmp_path / "r.sqlite").exists() or "Traceback" not in err


def test_an_html_file_over_an_input_is_refused_before_the_run(capsys, tmp_path):
    ruleset = tmp_path / "mattel-2018.yaml"
    ruleset.write_text((Path(__file__).parent.parent / load_ruleset("mattel-2018").files[0]).read_text())
    before = ruleset.read_text()
    db = tmp_path / "r.sqlite"
    for argv in (["sweep", str(ruleset), "--vary", "target=100,200", "--html", str(ruleset)],
                 ["interactions", "mattel-2018", "reshuffle", "target-500", "--html", str(db)]):
        code, _, err = run(capsys, *argv, "--db", str(db), "--rounds", "100")
        assert code != 0 and "--html" in err and "a file the command reads" in err and "Traceback" not in err
        assert not db.exists()  # refused before the run opened the results store
    assert ruleset.read_text() == before


def test_a_sweep_with_rule_gaps_fills_every_point_and_keeps_them_as_written_second(capsys, tmp_path):
    db = str(tmp_path / "r.sqlite")
    argv = ["sweep", "mattel-2018", "--vary", "target=100,200", "--players", "4", "--rounds", "400",
            "--chunk-rounds", "100", "--jobs", "1", "--skill", "none", "--db", db]
    doc = json.loads(run(capsys, *argv, "--json")[1])
    assert doc["figures_of"] == "filled" and doc["gaps"]["max_void_share"] > 0.05
    assert all(r["filled_void_share"] == 0 and r["void_share"] > 0.05 for r in doc["gaps"]["points"])
    readings = {cell["ruleset"]: {(x["path"], x["reading"]) for x in cell["readings"]}
                for cell in doc["filling"]["rulesets"]}
    assert len(readings) == 2 and len(set(map(frozenset, readings.values()))) == 1  # the same readings
    void = [p for c in doc["figures"] if c["name"] == "void-gap" for p in c["points"]]
    assert all(p["value"] == 0 for p in void)  # the tested figures are of the filled points
    text = run(capsys, *argv)[1]
    assert text.splitlines()[1].startswith("Every figure below is of the points filled with the same named readings")
    assert "The points as written (secondary" in text and "all_wild_row" in text
    kept = json.loads(run(capsys, *argv, "--no-fill", "--json")[1])
    assert kept["figures_of"] == "as written" and kept["filling"] is None
    assert next(c for c in kept["figures"] if c["name"] == "void-gap")["points"][0]["value"] > 0.05
    assert "of the points as written (--no-fill)" in run(capsys, *argv, "--no-fill")[1]


def test_every_design_measure_is_a_tested_curve_and_a_goal(capsys, tmp_path):
    from dosrules.comparison.design import MEASURES

    doc = json.loads(_sweep(capsys, tmp_path, "--json", "--goal", "lead changes per game>=1"))
    design = {c["name"]: c for c in doc["figures"] if c["family"] == "design"}
    assert set(design) == set(MEASURES) | {"rounds_p90", "turns_p90"}
    base = design["rounds_median"]["points"][1]
    assert base["ci95"] and design["rounds_median"]["points"][0]["p_holm"] is not None
    assert design["rounds_median"]["points"][0]["value"] < base["value"]
    assert doc["tests"]["family_size"] >= len(MEASURES)  # the measures are in the Holm family
    [goal] = doc["goals"]
    assert (goal["family"], goal["name"]) == ("design", "lead_changes")
