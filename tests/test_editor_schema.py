"""The draft-07 copy of the ruleset schema for editors: current, the same verdicts as the 2020-12
schema, and a description for every rule path and every value an editor completes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator, Draft202012Validator

from dosrules.errors import DosrulesError
from dosrules.ruleset.model import rule_paths
from dosrules.ruleset.schema import validator
from dosrules.ruleset.yaml12 import read_yaml
from test_schema import walk
from tools.editor_schema import EDITOR_FILE, REGENERATE, SCHEMAS, Untranslatable, editor_schema_text, translate

ROOT = Path(__file__).resolve().parent.parent
COPY = json.loads((SCHEMAS / EDITOR_FILE).read_text(encoding="utf-8"))
RULESETS = sorted([*ROOT.glob("rulesets/**/*.yaml"), *ROOT.glob("docs/examples/**/*.yaml"),
                   *ROOT.glob("tests/rulesets/*.yaml"), *ROOT.glob("tests/data/bad/*.yaml"),
                   *ROOT.glob("tests/data/chains/*.yaml")])


def test_the_committed_copy_is_current():
    assert (SCHEMAS / EDITOR_FILE).read_text(encoding="utf-8") == editor_schema_text(), \
        f"schemas/{EDITOR_FILE} is out of date; run: {REGENERATE}"


def test_the_copy_is_valid_draft_07_with_local_references():
    Draft7Validator.check_schema(COPY)
    assert COPY["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert not [p for p, node in walk(COPY) if "$defs" in node or "prefixItems" in node]
    refs = [node["$ref"] for _, node in walk(COPY) if "$ref" in node]
    assert refs and all(ref.startswith("#/") for ref in refs)


def _data(path: Path):
    try:
        return read_yaml(path).data
    except DosrulesError:
        return None  # not YAML the loader reads: no schema gives a verdict


READABLE = [p for p in RULESETS if _data(p) is not None]  # the rest are not YAML: no schema judges them


@pytest.mark.parametrize("path", READABLE, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_ruleset_gets_the_same_verdict_under_both_schemas(path):
    data = _data(path)
    ours = [e.message for e in validator().iter_errors(data)]
    theirs = [e.message for e in Draft7Validator(COPY).iter_errors(data)]
    assert bool(ours) == bool(theirs), (ours, theirs)


def test_the_corpus_holds_valid_and_invalid_rulesets():
    verdicts = [not list(validator().iter_errors(_data(p))) for p in READABLE]
    assert verdicts.count(True) >= 10 and verdicts.count(False) >= 8


@pytest.mark.parametrize("path, value", [
    (("by_players", "2", "setup", "hand_size"), "7"),  # through the $ref to the rule tree
    (("by_players", "2", "setup", "hand_size"), 7),
    (("cite", "Refill"), {"note": "n"}),  # propertyNames
    (("rules", "deck", "numbers", "11"), 2),
    (("rules", "matching", "single"), "unspecified"),
    (("rules", "matching", "single"), "no"),
    (("rules", "deck_exhaustion"), "reshuffle-discard"),
    (("rules", "deck_exhaustion"), "reshuffle"),
    (("cite", "target"), {"status": "house"}),
    (("cite", "target"), {"status": "houses"}),
])
def test_edits_of_a_valid_ruleset_get_the_same_verdict(path, value):
    data = _data(ROOT / "rulesets" / "house" / "two-player.yaml")
    node = data
    for part in path[:-1]:
        node = node.setdefault(part, {})
    node[path[-1]] = value
    assert bool(list(validator().iter_errors(data))) == bool(list(Draft7Validator(COPY).iter_errors(data)))


def _rule_node(path: str):
    node = COPY["properties"]["rules"]
    for part in path.split("."):
        node = node["properties"][part]
    return node


def test_every_property_is_described():
    undescribed = [p for p, node in walk(COPY) if p[-2:-1] == ("properties",) and not node.get("description")]
    assert undescribed == []
    assert all(_rule_node(p)["description"] for p in rule_paths())


def test_every_value_an_editor_completes_is_described():
    checked = 0
    for p, node in walk(COPY):
        if "enum" in node:
            for key in ("enumDescriptions", "markdownEnumDescriptions"):
                texts = node.get(key, [])
                assert len(texts) == len(node["enum"]) and all(t.strip() for t in texts), (p, key)
                assert len(set(texts)) == len(texts), (p, key)  # each value reads differently
            checked += len(node["enum"])
        if "const" in node:
            assert node.get("description"), p
            checked += 1
    assert checked > 100


def test_a_rule_value_is_described_in_the_rulebook_words():
    exhaustion = _rule_node("deck_exhaustion")
    described = dict(zip(exhaustion["enum"], exhaustion["enumDescriptions"]))
    assert described["end-round"] == "When a card must be drawn from an empty deck, the round ends and nobody scores."
    mode = dict(zip(_rule_node("refill.mode")["enum"], _rule_node("refill.mode")["markdownEnumDescriptions"]))
    assert mode["to-minimum"] == "Refill the Centre Row from the deck until it holds `refill.minimum` cards."
    flag = _rule_node("matching.double")["oneOf"]
    assert flag[0]["enum"] == [True, False] and flag[0]["enumDescriptions"][1].startswith("Double matches are not allowed")
    assert flag[1]["description"].startswith("These rules do not say")


def test_translation_of_2020_12_keywords():
    source = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$defs": {"n": {"type": "integer"}},
        "type": "object",
        "properties": {
            "pair": {"type": "array", "prefixItems": [{"$ref": "#/$defs/n"}, {"type": "string"}], "items": False},
            "items": {"type": "string"},  # a property named like a keyword stays a property
        },
        "dependentRequired": {"pair": ["items"]},
    }
    copy = translate(source)
    assert copy["definitions"] == {"n": {"type": "integer"}}
    assert copy["properties"]["pair"] == {"type": "array", "items": [{"$ref": "#/definitions/n"}, {"type": "string"}],
                                          "additionalItems": False}
    assert copy["properties"]["items"] == {"type": "string"} and copy["dependencies"] == {"pair": ["items"]}
    copy["$schema"] = "http://json-schema.org/draft-07/schema#"
    for instance in ({"pair": [1, "a"], "items": "x"}, {"pair": [1, "a", 3], "items": "x"}, {"pair": ["a"]},
                     {"pair": [1]}):
        assert Draft202012Validator(source).is_valid(instance) == Draft7Validator(copy).is_valid(instance), instance
    with pytest.raises(Untranslatable, match="unevaluatedProperties"):
        translate({"type": "object", "unevaluatedProperties": False})


def test_the_package_finds_the_copy():
    from dosrules.ruleset.resources import editor_schema_path

    assert editor_schema_path() is not None and editor_schema_path().read_bytes() == (SCHEMAS / EDITOR_FILE).read_bytes()
