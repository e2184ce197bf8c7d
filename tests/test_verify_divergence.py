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


def test_a_row_of_only_wild_cards_is_where_the_all_wild_house_rules_diverge():
    """all_wild_row decides a turn that starts on a row of only wild cards: the edition leaves it
    open (a gap whatever is played), the house rules let the table declare the wilds. The witnesses
    are such rows; bury-and-reflip turns up fresh cards first, so it has no such position."""
    base = load_ruleset("mattel-2018")
    for house in ("mattel-2018+all-wild-row", "mattel-2018+all-wild-row-placer"):
        report = divergences(base, load_ruleset(house), Budget())
        assert {"match", "draw", "after-draw"} <= {w.question for w in report.witnesses}, house
        for w in report.witnesses:
            assert w.position.row and all(d.card.is_wild for d in w.position.row), (house, w.question)
            assert w.outcome_a == {"gaps": ["all_wild_row"]} and "all_wild_row" in w.rule_paths
    bury = divergences(base, load_ruleset("mattel-2018+all-wild-row-bury"), Budget())
    assert bury.witnesses == [] and "match" in bury.not_found


def test_the_legal_actions_on_a_row_of_only_wild_cards_follow_all_wild_row():
    from dosrules.ruleset.cards import Declared, parse_card
    from dosrules.verify import Position, legality
    position = Position((Declared(parse_card("#b")),), (parse_card("4b"),))
    edition = legality(load_ruleset("german").rules, position)
    assert edition.actions == frozenset() and edition.gaps == {"all_wild_row"}
    assert "match #b=4 with 4b" in edition.gap_actions
    house = legality(load_ruleset("german+all-wild-row").rules, position)
    assert "match #b=4 with 4b" in house.actions and "all_wild_row" not in house.gaps
