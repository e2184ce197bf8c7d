"""Divergence witnesses between two rulesets that differ in one rule, and the case they print."""

from pathlib import Path

from dosrules import load_ruleset
from dosrules.verify import AFTER_DRAW, Budget, divergences

DATA = Path(__file__).parent / "data" / "verify"


def _report(b: str):
    return divergences(load_ruleset("mattel-2018"), load_ruleset(str(DATA / f"{b}.yaml")), Budget(),
                       name_b=str(DATA / f"{b}.yaml"))


def test_after_failed_draw_witness_names_the_difference():
    report = _report("keep-and-pass")
    assert [p for p, _, _ in report.differing_paths] == ["drawing.after_failed_draw"]
    assert [w.question for w in report.witnesses] == ["after-draw"]
    w = report.witnesses[0]
    assert w.rule_paths == ("drawing.after_failed_draw",)
    assert w.position.phase == AFTER_DRAW and len(w.position.row) == 1 and len(w.position.hand) == 1
    assert w.only_a == (f"place {w.position.hand[0]}",) and w.only_b == ("end",)
    assert set(report.not_asked) == {"match", "bonus", "draw", "end-turn"}


def test_the_printed_case_runs_and_passes():
    w = _report("keep-and-pass").witnesses[0]
    namespace: dict = {}
    exec(compile(w.case, "<divergence case>", "exec"), namespace)
    tests = [f for name, f in namespace.items() if name.startswith("test_")]
    assert len(tests) == 1
    tests[0]()  # raises if the witness does not hold


def test_a_legality_difference_is_found_in_the_smallest_position():
    report = _report("doubles-only")
    w = next(w for w in report.witnesses if w.question == "match")
    assert len(w.position.row) + len(w.position.hand) == 2  # one row card, one hand card
    assert w.only_a and all(a.startswith("match ") for a in w.only_a) and not w.only_b
    assert "matching.single" in w.rule_paths


def test_identical_rulesets_do_not_diverge():
    report = divergences(load_ruleset("mattel-2018"), load_ruleset("mattel-2018"), Budget())
    assert report.differing_paths == [] and report.witnesses == []
