"""The verifier's in-process memo of rules-level checks: a ruleset sharing the rules a check
reads gets the same verdicts, with its own citations."""

from dataclasses import replace
from types import MappingProxyType

from dosrules import load_ruleset
from dosrules.verify import Budget, run
from dosrules.verify.invariants import turn_invariants


def _requoted(ruleset, path: str, quote: str):
    prov = ruleset.provenance[path]
    provenance = dict(ruleset.provenance)
    provenance[path] = replace(prov, citation=replace(prov.citation, quote=quote))
    return replace(ruleset, id=ruleset.id + "+requoted", provenance=MappingProxyType(provenance))


def test_a_memo_hit_keeps_the_verdicts_and_cites_its_own_ruleset():
    budget = Budget(timeout_ms=4_999)  # a key of its own: no other test's memo entries
    base = load_ruleset("mattel-2018")
    path = next(p for r in turn_invariants(base, budget) for p in r.rule_paths
                if base.provenance.get(p) is not None and base.provenance[p].citation is not None)
    other = _requoted(base, path, "a quote only this ruleset has")
    run._CHECKS.clear()
    key_calls = len(run._CHECKS)
    got_base = run._memoised(("t", budget), lambda: turn_invariants(base, budget), base)
    assert len(run._CHECKS) == key_calls + 1
    got_other = run._memoised(("t", budget), lambda: 1 / 0, other)  # a hit: the check is not run
    direct = turn_invariants(other, budget)
    assert got_other == direct
    assert [r.verdict for r in got_other] == [r.verdict for r in got_base]
    assert any("a quote only this ruleset has" in c for r in got_other for c in r.citations)
    assert not any("a quote only this ruleset has" in c for r in got_base for c in r.citations)


def test_turn_shape_ignores_only_what_no_turn_reads():
    base = load_ruleset("mattel-2018")
    assert run._turn_shape(base.rules) == run._turn_shape(load_ruleset("mattel-2018+target-500").rules)
    assert run._turn_shape(base.rules) != run._turn_shape(load_ruleset("mattel-2018+reshuffle").rules)
