"""Round trip: resolved ruleset -> canonical YAML -> load -> equal (Hypothesis)."""

import dataclasses
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from dosrules import load_ruleset
from dosrules.ruleset.build import build_ruleset
from dosrules.ruleset.dump import dump_ruleset
from dosrules.ruleset.model import Citation, Provenance, Status, rule_paths
from dosrules.ruleset.schema import ruleset_schema

RULES_SCHEMA = ruleset_schema()["properties"]["rules"]
text = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=30)


def leaf_schema(path):
    node = RULES_SCHEMA
    for part in path.split("."):
        node = node["properties"][part]
    return node


def value_of(schema):
    """A value the schema accepts, from its own enum / oneOf / integer bounds."""
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "const" in schema:
        return st.just(schema["const"])
    if "oneOf" in schema:
        return st.one_of([value_of(branch) for branch in schema["oneOf"]])
    if schema.get("type") == "boolean":
        return st.booleans()
    if schema.get("type") == "integer":
        low = schema.get("minimum", 0)
        return st.integers(low, min(low + 20, schema.get("maximum", low + 20)))
    raise AssertionError(schema)


CONSTRAINED = {"players.min", "players.max", "setup.hand_size", "setup.centre_row", "setup.centre_row_extra",
               "wilds.wild_number.min_value",
               "wilds.wild_number.max_value"}
FREE = [p for p in rule_paths() if not p.startswith("deck.") and p not in CONSTRAINED]


@st.composite
def rule_trees(draw):
    values = {p: draw(value_of(leaf_schema(p))) for p in FREE}
    colours = draw(st.lists(st.sampled_from(["blue", "green", "red", "yellow"]), min_size=1, unique=True))
    numbers = draw(st.dictionaries(st.integers(1, 10).map(str), st.integers(0, 4), max_size=10))
    wild_number, wild_dos = draw(st.integers(0, 3)), draw(st.integers(0, 12))
    per_colour = sum(numbers.values()) + wild_number
    values.update({"deck.colours": colours, "deck.numbers": numbers, "deck.wild_number_per_colour": wild_number,
                   "deck.wild_dos": wild_dos, "deck.per_colour": per_colour,
                   "deck.total": max(1, len(colours) * per_colour + wild_dos)})
    if values["deck.total"] != len(colours) * per_colour + wild_dos:  # an empty deck: give it one Wild DOS
        values["deck.wild_dos"] = values["deck.total"] = 1
    total = values["deck.total"]
    low = draw(st.integers(2, 4))  # a game needs two players (the schema's minimum)
    high = draw(st.integers(low, 6))
    row = draw(st.integers(1, max(1, min(leaf_schema("setup.centre_row")["maximum"], total // 4))))
    extra = draw(st.one_of(st.just("unspecified"), st.integers(0, 10 - row)))  # the opening row: at most 10
    values["setup.centre_row"], values["setup.centre_row_extra"] = row, extra
    row += 0 if extra == "unspecified" else extra
    values["setup.hand_size"] = max(1, min(leaf_schema("setup.hand_size")["maximum"], (total - row) // high))
    values["players.min"], values["players.max"] = low, high
    if values["setup.hand_size"] * high + row > total:  # a tiny deck: two players, one card each
        values["players.min"] = values["players.max"] = 2
        values["setup.hand_size"], values["setup.centre_row"], values["setup.centre_row_extra"] = 1, 1, 0
        values["deck.wild_dos"] += 3 - min(3, values["deck.total"])
        values["deck.total"] = len(colours) * per_colour + values["deck.wild_dos"]
    if values["matching.single"] is False and values["matching.double"] is False:  # no match: refused
        values["matching.single"] = True
    face = values["scoring.number_cards_face_value"]
    if isinstance(face, bool) and not (  # no card scores: refused
            (face and any(count > 0 for count in numbers.values()))
            or (values["scoring.wild_dos"] and values["deck.wild_dos"])
            or (values["scoring.wild_number"] and values["deck.wild_number_per_colour"])):
        values["scoring.number_cards_face_value"] = "unspecified"
    lo = draw(st.integers(1, 10))
    values["wilds.wild_number.min_value"], values["wilds.wild_number.max_value"] = lo, draw(st.integers(lo, 12))
    tree = {}
    for path in rule_paths():
        node = tree
        *groups, leaf = path.split(".")
        for group in groups:
            node = node.setdefault(group, {})
        node[leaf] = values[path]
    return tree


SOURCES = [{"key": "000", "file": "000.txt", "title": "A source", "language": "en"},
           {"key": "k-2", "file": "other.txt", "title": "Ünïcödé title: yes", "language": "de"}]


@st.composite
def provenances(draw, value):
    if value == "unspecified":
        citation = draw(st.none() | st.builds(Citation, st.sampled_from(["000", "k-2"]), text, text))
        return Provenance(Status.UNSPECIFIED, citation, draw(st.none() | text))
    status = draw(st.sampled_from([Status.STATED, Status.INFERRED, Status.HOUSE, Status.FILLED]))
    note = draw(text) if status is Status.INFERRED else draw(st.none() | text)
    citation = draw(st.builds(Citation, st.sampled_from(["000", "k-2"]), text, text))
    if status is Status.FILLED and note is not None:  # a reading from a readings file: a note, no citation
        citation = draw(st.none() | st.just(citation))
    return Provenance(status, citation, note)


def leaves(tree, prefix=""):
    for path in rule_paths():
        node = tree
        try:
            for part in path.split("."):
                node = node[part]
        except KeyError:
            continue
        yield prefix + path, node


#: what a by_players override may change here: not the rules whose values together decide whether a
#: game can end (some kind of match, some card that scores), which the loader refuses when they
#: cannot; rule_trees draws those only for the whole tree, where it keeps them consistent
OVERRIDABLE = [p for p in FREE if not p.startswith(("matching.single", "matching.double", "scoring."))]


@st.composite
def rulesets(draw):
    rules = draw(rule_trees())
    by_players = {}
    for n in draw(st.sets(st.integers(rules["players"]["min"], rules["players"]["max"]), max_size=2)):
        picks = draw(st.sets(st.sampled_from(OVERRIDABLE), min_size=1, max_size=4))
        override = {}
        for path in picks:
            node = override
            *groups, leaf = path.split(".")
            for group in groups:
                node = node.setdefault(group, {})
            node[leaf] = draw(value_of(leaf_schema(path)))
        by_players[str(n)] = override
    tree = {"id": "generated", "name": draw(text), "kind": "edition", "sources": SOURCES,
            "rules": rules, "by_players": by_players}
    provenance = {}
    for path, value in [*leaves(rules), *(x for n, o in by_players.items() for x in leaves(o, f"by_players.{n}."))]:
        prov = draw(provenances(value))
        provenance[path] = dataclasses.replace(prov, ruleset="generated")
    return build_ruleset(tree, provenance)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rulesets())
def test_canonical_yaml_loads_back_equal(ruleset):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "generated.yaml"
        path.write_text(dump_ruleset(ruleset), encoding="utf-8")
        loaded = load_ruleset(path)
    assert loaded.tree == ruleset.tree
    assert loaded.content_hash == ruleset.content_hash
    assert (loaded.rules, loaded.by_players, loaded.sources) == (ruleset.rules, ruleset.by_players, ruleset.sources)
    assert dict(loaded.provenance) == dict(ruleset.provenance)


def test_shipped_and_composed_rulesets_round_trip(tmp_path):
    chains = Path(__file__).parent / "data" / "chains"
    for spec in ("mattel-2018", "mattel-2018+two-hands", "mattel-variant+fast-deal+goal-300"):
        ruleset = load_ruleset(spec, [chains])
        path = tmp_path / "round-trip.yaml"
        path.write_text(dump_ruleset(ruleset, id="round-trip"), encoding="utf-8")
        loaded = load_ruleset(path)
        assert {**loaded.tree, "id": spec} == {**ruleset.tree, "id": spec}
        assert loaded.for_players(2) == ruleset.for_players(2)
        assert {p: dataclasses.replace(v, ruleset=None) for p, v in loaded.provenance.items()} == \
               {p: dataclasses.replace(v, ruleset=None) for p, v in ruleset.provenance.items()}
