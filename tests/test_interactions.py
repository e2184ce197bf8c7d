"""dosrules interactions: a pair built to interact, pairs built not to, order, shared decisions,
the results store, and the standard-library t distribution."""

import json
from pathlib import Path

import pytest

from dosrules.comparison.interactions import t_cdf, t_quantile
from tests.clikit import run

RULESETS = str(Path(__file__).parent / "rulesets")
INTERACTING = ("test-no-match-after-draw", "test-keep-after-draw")  # every draw fails, and keeps
INERT = "test-catch-penalty-4"  # greedy always calls DOS: never paid, so no game changes


@pytest.fixture(scope="module")
def ix(tmp_path_factory):
    db = tmp_path_factory.mktemp("ix") / "r.sqlite"
    argv = ["interactions", "mattel-2018", *INTERACTING, INERT, "--rulesets", RULESETS, "--players", "4",
            "--rounds", "800", "--chunk-rounds", "100", "--policy", "greedy", "--jobs", "1", "--db", str(db), "--json"]
    return argv, db


def _run(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return json.loads(out)


def _pair(doc, a, b):
    return next(p for p in doc["pairs"] if (p["a"], p["b"]) == (a, b))


def test_a_pair_built_to_interact_does_in_legality_and_in_effect(ix, capsys):
    doc = _run(capsys, ix[0])
    pair = _pair(doc, *INTERACTING)
    witness = pair["legality"]["4"]["witness"]
    # after a draw that could be matched: the edition lets you match, no-match makes you place a
    # card, keep-after-draw changes nothing there; together you end the turn, which neither implies
    assert witness["question"] == "after-draw" and witness["actions"]["ab"] == ["end"]
    assert witness["actions"]["a"] != ["end"] and witness["actions"]["b"] != ["end"]
    effect = pair["effect"]["4"]
    assert effect["verdict"] == "interacts" and effect["figures"]
    assert "L" in pair["codes"] and "x" in pair["codes"]
    assert any(s.startswith("Effects interact: test-no-match-after-draw and test-keep-after-draw")
               for s in doc["headline"])


def test_pairs_built_not_to_interact_are_additive(ix, capsys):
    doc = _run(capsys, ix[0])
    for a in INTERACTING:
        pair = _pair(doc, a, INERT)
        assert pair["effect"]["4"]["verdict"] == "additive", pair["effect"]
        assert pair["codes"] == "+" and not pair["order"]["matters"] and not pair["shared"]["paths"]
        assert pair["legality"]["4"]["witness"] is None
        turns = next(r for r in doc["contrasts"] if (r["a"], r["b"], r["name"]) == (a, INERT, "turns"))
        assert turns["contrast"] == 0 and turns["paired"]  # the same seeds: the very same games
    assert any(s.startswith("Additive") and INERT in s for s in doc["headline"])


def test_a_rerun_reads_every_cell_from_the_store(ix, capsys):
    first = _run(capsys, ix[0])
    again = _run(capsys, ix[0])
    assert again["run"]["computed"] == 0 and again["run"]["cached"] == again["run"]["cells"] > 0
    assert again["pairs"] == first["pairs"]


def test_order_and_shared_decisions_without_simulating(capsys, tmp_path):
    doc = _run(capsys, ["interactions", "mattel-2018", "all-wild-row", "all-wild-row-bury", "two-player",
                        "--no-simulation", "--no-legality", "--json", "--db", str(tmp_path / "r.sqlite")])
    pair = _pair(doc, "all-wild-row", "all-wild-row-bury")
    assert pair["order"]["matters"] and pair["order"]["paths"] == ["all_wild_row"]
    assert pair["order"]["replaced"] == [{"path": "all_wild_row", "value_a": "matcher-declares",
                                          "value_b": "bury-and-reflip"}]
    assert pair["shared"]["paths"] == ["all_wild_row"] and pair["codes"].startswith("OS")
    assert any(s.startswith("Order matters for all-wild-row+all-wild-row-bury (both set all_wild_row")
               for s in doc["headline"])
    assert not _pair(doc, "all-wild-row", "two-player")["order"]["matters"]
    two = next(h for h in doc["houses"] if h["spec"] == "two-player")
    assert doc["players"] == [2, 3, 4] and two["changes_nothing_for"] == [3, 4]
    assert "two-player changes no rule for 3 and 4 players" in " ".join(doc["headline"])


def test_the_text_matrix_fits_and_the_html_has_a_heat_map(ix, capsys, tmp_path):
    argv = [a for a in ix[0] if a != "--json"] + ["--html", str(tmp_path / "ix.html")]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 100
    assert "Matrix (row x column)" in out and "A = test-no-match-after-draw" in out
    html = (tmp_path / "ix.html").read_text()
    assert 'class="heat"' in html and "rgb(" in html


def test_bad_input_is_one_paragraph(capsys, tmp_path):
    code, _, err = run(capsys, "interactions", "mattel-2018", "reshuffle", "--db", str(tmp_path / "r.sqlite"))
    assert code != 0 and "at least two house rules" in err
    code, _, err = run(capsys, "interactions", "mattel-2018", "reshuffle", "reshufle", "--db", str(tmp_path / "r.sqlite"))
    assert code != 0 and "reshufle cannot be laid on mattel-2018" in err and "Traceback" not in err


def test_the_t_distribution_matches_scipy():
    stats = pytest.importorskip("scipy.stats")
    for df in (1, 3, 7, 30):
        for t in (-2.5, 0.0, 0.3, 1.9, 4.0):
            assert t_cdf(t, df) == pytest.approx(stats.t.cdf(t, df), abs=1e-10)
        assert t_quantile(0.975, df) == pytest.approx(stats.t.ppf(0.975, df), abs=1e-9)


def test_every_design_measure_has_a_contrast(ix, capsys):
    from dosrules.comparison.design import MEASURES

    doc = _run(capsys, ix[0])
    for a, b in (INTERACTING, (INTERACTING[0], INERT)):
        names = {r["name"] for r in doc["contrasts"] if (r["a"], r["b"], r["family"]) == (a, b, "design")}
        assert names == (set(MEASURES) - {"skill"}) | {"rounds_p90", "turns_p90"}
    inert = [r for r in doc["contrasts"] if (r["b"], r["family"]) == (INERT, "design")]
    assert all(r["contrast"] == 0 and not r["significant"] for r in inert)  # the very same games


def test_a_covering_design_covers_every_pair_and_makes_every_pair_estimable():
    from itertools import combinations

    from dosrules.comparison.interactions_design import covering_design

    for k, t in ((6, 2), (8, 2), (6, 3)):
        design = covering_design(k, t)
        rows = design["rows"]
        assert design["estimable"] and not design["uncovered"] and rows[0] == [0] * k
        for cols in combinations(range(k), t):  # every combination of t rules in or out occurs
            assert len({tuple(r[c] for c in cols) for r in rows}) == 2 ** t
        assert design["terms"] == 1 + k + k * (k - 1) // 2 <= len(rows) <= design["terms"] + (t > 2)
    barred = covering_design(6, 2, allowed=lambda row: not (row[0] and row[1] and sum(row) > 2))
    assert barred["estimable"] and all(not (r[0] and r[1] and sum(r) > 2) for r in barred["rows"])


COVERED = (*INTERACTING, INERT, "test-catch-penalty-3", "test-catch-penalty-6", "two-player")


def test_the_covering_design_finds_the_pair_built_to_interact_and_calls_the_others_additive(capsys, tmp_path):
    doc = _run(capsys, ["interactions", "mattel-2018", *COVERED, "--rulesets", RULESETS, "--players", "4",
                        "--rounds", "600", "--chunk-rounds", "50", "--policy", "greedy", "--jobs", "1",
                        "--no-legality", "--design", "covering", "--db", str(tmp_path / "r.sqlite"), "--json"])
    design = doc["settings"]["design"]
    assert design["kind"] == "covering" and design["strength"] == 2 and design["all_pairs_rulesets"] == 22
    assert doc["run"]["cells"] == design["rulesets"] * 12  # one ruleset per row, 12 chunks each
    assert len(doc["pairs"]) == 15 and all("effect" in p for p in doc["pairs"])
    assert _pair(doc, *INTERACTING)["effect"]["4"]["verdict"] == "interacts"
    assert _pair(doc, INTERACTING[0], INERT)["effect"]["4"]["verdict"] == "additive"
    assert _pair(doc, INTERACTING[1], INERT)["effect"]["4"]["verdict"] == "additive"
    # the three catch-penalty rules set one rule path: the design says its model cannot express that
    assert "test-catch-penalty-4 and test-catch-penalty-3" in design["warning"]
    text = run(capsys, "interactions", "mattel-2018", *COVERED, "--rulesets", RULESETS, "--players", "4",
               "--rounds", "600", "--chunk-rounds", "50", "--policy", "greedy", "--jobs", "1", "--no-legality",
               "--design", "covering", "--db", str(tmp_path / "r.sqlite"))[1]
    assert "a strength-2 covering design of the 6 house rules" in text and "against 22 for every pair" in text
    # left to choose (auto), six house rules of which two set one rule path are run pair by pair
    auto = _run(capsys, ["interactions", "mattel-2018", *COVERED, "--rulesets", RULESETS, "--players", "4",
                         "--rounds", "100", "--chunk-rounds", "50", "--policy", "greedy", "--jobs", "1",
                         "--no-legality", "--db", str(tmp_path / "r.sqlite"), "--json"])["settings"]["design"]
    assert auto["kind"] == "all-pairs" and "set the same rule path" in auto["why"]
