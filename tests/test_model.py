from dosrules import load_ruleset
from dosrules.ruleset.model import UNSPECIFIED, is_unspecified, rule_paths


def test_every_rule_path_has_provenance():
    ruleset = load_ruleset("mattel-2018")
    assert [p for p in rule_paths() if p not in ruleset.provenance] == []


def test_unspecified_is_a_falsy_singleton():
    ruleset = load_ruleset("mattel-2018")
    assert is_unspecified(ruleset.rules.deck_exhaustion)
    assert not UNSPECIFIED
    assert ruleset.rules.get("deck.numbers.7") == 2
