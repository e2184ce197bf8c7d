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


def test_a_document_known_valid_is_not_validated_again(monkeypatch):
    import copy
    from pathlib import Path

    from dosrules.ruleset import schema
    from dosrules.ruleset.yaml12 import Document, read_yaml

    good = read_yaml(Path(__file__).parent.parent / "rulesets" / "editions" / "mattel-2018.yaml")
    data = copy.deepcopy(good.data)
    data["rules"]["target"] = "two hundred"
    bad = Document("b.yaml", data)
    monkeypatch.setattr(schema, "KNOWN_VALID", set())
    monkeypatch.setattr(schema, "VALIDATED", set())
    schema.schema_problems(good)
    assert schema.schema_problems(bad) and schema.VALIDATED == {schema.document_digest(good)}
    validated = []
    monkeypatch.setattr(schema, "_schema_problems", lambda doc: validated.append(doc) or [])
    schema.KNOWN_VALID |= schema.VALIDATED
    assert schema.schema_problems(good) == [] and validated == []  # read from the known digests
    schema.schema_problems(bad)
    assert validated == [bad]
    # the digest tells apart values a schema tells apart (an integer, a float, a boolean, a string)
    digests = {schema.document_digest(Document("a.yaml", {"rules": {"target": v}})) for v in (1, 1.0, True, "1")}
    assert len(digests) == 4


def test_the_verify_command_keeps_the_digests_of_the_documents_it_validated(tmp_path, monkeypatch):
    from dosrules.cli import main
    from dosrules.comparison.store import ResultStore
    from dosrules.ruleset import schema

    monkeypatch.setattr(schema, "KNOWN_VALID", set())
    monkeypatch.setattr(schema, "VALIDATED", set())
    db = tmp_path / "r.sqlite"
    with ResultStore(db) as store:  # a kept report, so that the command does no solving
        from dosrules import load_ruleset
        from dosrules.comparison import verify_reports as cache
        from dosrules.verify import Budget, VerifyReport
        rs = load_ruleset("mattel-2018+two-player")
        cache.keep(store, rs, VerifyReport(rs.id, rs.content_hash, []), Budget(), 8)
    schema.VALIDATED.clear()
    assert main(["verify", "mattel-2018+two-player", "--db", str(db)]) == 0
    with ResultStore(db) as store:
        kept = store.valid_documents()
    assert len(kept) == 2 and kept == schema.VALIDATED  # the edition and the house rules
    schema.VALIDATED.clear()
    assert main(["verify", "mattel-2018+two-player", "--db", str(db)]) == 0
    assert schema.VALIDATED == set() and kept <= schema.KNOWN_VALID  # not validated again
