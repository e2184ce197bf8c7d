"""The ruleset schema itself: valid 2020-12, closed, described, local, and in step with the model."""

from dosrules.ruleset.model import rule_paths
from dosrules.ruleset.schema import ruleset_schema, validator


def walk(node, path=()):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, (*path, i))


def test_schema_is_valid_draft_2020_12():
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(ruleset_schema())
    assert ruleset_schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_object_is_closed_and_every_property_described():
    for path, node in walk(ruleset_schema()):
        if node.get("type") == "object":
            assert node.get("additionalProperties") is not True and "additionalProperties" in node, path
        if path[-2:-1] == ("properties",):
            assert node.get("description"), path


def test_references_are_local():
    refs = [node["$ref"] for _, node in walk(ruleset_schema()) if "$ref" in node]
    assert refs and all(ref.startswith("#/") for ref in refs)


def test_schema_rule_paths_are_the_model_rule_paths():
    def leaves(node, prefix=""):
        for key, sub in node["properties"].items():
            if sub.get("type") == "object" and "properties" in sub:
                yield from leaves(sub, f"{prefix}{key}.")
            else:
                yield prefix + key

    assert sorted(leaves(ruleset_schema()["properties"]["rules"])) == sorted(rule_paths())


def test_the_validator_is_compiled_once():
    assert validator() is validator()
