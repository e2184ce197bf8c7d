"""The ruleset schema for editors: ``schemas/ruleset.draft-07.json``, generated from the 2020-12 one.

Editors read JSON Schema draft-07 at most (VS Code's YAML extension, yaml-language-server), so
this copy translates the keywords (``$defs`` -> ``definitions``, ``prefixItems`` -> ``items``,
``dependentRequired``/``dependentSchemas`` -> ``dependencies``) and refuses the ones draft-07
cannot say. It adds what hover and completion show: every rule value's meaning, in the words of
the English rulebook (``dosrules/rulebook/templates/en/rules.j2``), as ``enumDescriptions`` and
``markdownEnumDescriptions`` of each enum (flags get ``enum: [true, false]``, which validates the
same), and the ``description`` of an ``unspecified`` branch; every rule's ``title`` is its rule
path, the heading of a hover. Other rules' numbers in a sentence appear as their rule paths
("until it holds `refill.minimum` cards").

Regenerate with ``python -m tools.editor_schema``; ``--check`` exits 1 when the file is stale.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import json
import re
import sys
import typing
from pathlib import Path
from typing import Any

from dosrules.rulebook.render import rule_sentence
from dosrules.ruleset import model
from dosrules.ruleset.loader import load_ruleset, shipped_ids
from dosrules.ruleset.model import UNSPECIFIED, UNSPECIFIED_TEXT, Rules, rule_paths
from dosrules.ruleset.resources import EDITOR_SCHEMA
from dosrules.ruleset.schema import ruleset_schema

REGENERATE = "python -m tools.editor_schema"
SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"
EDITOR_FILE = EDITOR_SCHEMA
DRAFT_07 = "http://json-schema.org/draft-07/schema#"
EDITOR_ID = "urn:dosrules:ruleset:draft-07"

#: keywords of 2020-12 that draft-07 has no way to say: the schema must not use them
UNTRANSLATABLE = frozenset({"unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$dynamicAnchor",
                            "$anchor", "$recursiveRef", "$recursiveAnchor", "minContains", "maxContains",
                            "$vocabulary", "contentSchema"})
#: keywords whose value maps names to schemas (the names are not keywords)
SCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})
#: keywords whose value is a schema or a list of schemas
SCHEMA_VALUES = frozenset({"items", "prefixItems", "additionalItems", "additionalProperties", "propertyNames",
                           "contains", "not", "if", "then", "else", "allOf", "anyOf", "oneOf"})


class Untranslatable(ValueError):
    """The 2020-12 schema uses a keyword draft-07 cannot say."""


# --- 2020-12 -> draft-07 ----------------------------------------------------------------------


def translate(schema: dict[str, Any], where: str = "#") -> dict[str, Any]:
    """A draft-07 schema that accepts what the 2020-12 ``schema`` accepts."""
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in UNTRANSLATABLE:
            raise Untranslatable(f"{where}/{key}: draft-07 has no '{key}'")
        if key in SCHEMA_MAPS:
            mapped = {name: translate(sub, f"{where}/{key}/{name}") for name, sub in value.items()}
            if key == "$defs":
                out["definitions"] = mapped
            elif key == "dependentSchemas":
                out.setdefault("dependencies", {}).update(mapped)
            else:
                out[key] = mapped
        elif key == "dependentRequired":
            out.setdefault("dependencies", {}).update(value)
        elif key == "prefixItems":
            out["items"] = [translate(sub, f"{where}/prefixItems/{i}") for i, sub in enumerate(value)]
            if "items" in schema:
                out["additionalItems"] = _schema(schema["items"], f"{where}/items")
        elif key == "items" and "prefixItems" in schema:
            continue  # became additionalItems above
        elif key in SCHEMA_VALUES:
            out[key] = _schema(value, f"{where}/{key}")
        elif key == "$ref":
            out[key] = value.replace("#/$defs/", "#/definitions/")
        else:
            out[key] = copy.deepcopy(value)
    return out


def _schema(value: Any, where: str) -> Any:
    if isinstance(value, list):
        return [translate(sub, f"{where}/{i}") for i, sub in enumerate(value)]
    return translate(value, where) if isinstance(value, dict) else value


# --- what hover and completion show -----------------------------------------------------------


class _Named(int):
    """A rule's number that a sentence prints as its rule path: "`refill.minimum` cards"."""

    path: str

    def __new__(cls, value: int, path: str) -> "_Named":
        number = int.__new__(cls, value)
        number.path = path
        return number

    def __str__(self) -> str:
        return f"`{self.path}`"


def _named(node: Any, prefix: str = "") -> Any:
    changes = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if dataclasses.is_dataclass(value):
            changes[f.name] = _named(value, prefix + f.name + ".")
        elif isinstance(value, int) and not isinstance(value, bool):
            changes[f.name] = _Named(value, prefix + f.name)
    return dataclasses.replace(node, **changes)


def _with(node: Any, path: str, value: Any) -> Any:
    head, _, rest = path.partition(".")
    return dataclasses.replace(node, **{head: value if not rest else _with(getattr(node, head), rest, value)})


def _plain(markdown: str) -> str:
    return re.sub(r"\*\*|`", "", markdown)


def _model_value(path: str, text: Any, base: Rules) -> Any:
    """The model value a YAML value of ``path`` stands for (an enum member, a flag, UNSPECIFIED)."""
    if text == UNSPECIFIED_TEXT:
        return UNSPECIFIED
    hint = _hint(path)
    return hint(text) if isinstance(hint, type) and issubclass(hint, enum.Enum) else text


def _hint(path: str) -> Any:
    """The model's type of the rule at ``path``."""
    cls: Any = Rules
    for part in path.split("."):
        cls = typing.get_type_hints(cls, vars(model))[part]
    return cls


def _describe(node: dict[str, Any], path: str, base: Rules) -> None:
    """Add the rulebook's sentence for every value of the rule at ``path`` to its schema node."""
    def sentences(values: list[Any]) -> list[str]:
        return [rule_sentence(path, _with(base, path, _model_value(path, v, base))) for v in values]

    if "enum" in node:
        said = sentences(node["enum"])
        node["enumDescriptions"], node["markdownEnumDescriptions"] = [_plain(s) for s in said], said
    for branch in node.get("oneOf", []):
        if branch.get("type") == "boolean":
            said = sentences([True, False])
            branch.update(enum=[True, False], enumDescriptions=[_plain(s) for s in said],
                          markdownEnumDescriptions=said)
        elif branch.get("const") == UNSPECIFIED_TEXT:
            (said,) = sentences([UNSPECIFIED_TEXT])
            branch.update(description=_plain(said), markdownDescription=said)


def base_rules() -> Rules:
    """The rules the sentences are said in: the first shipped edition, its numbers named."""
    return _named(load_ruleset(shipped_ids("editions")[0]).rules)


def editor_schema() -> dict[str, Any]:
    """The draft-07 copy of the ruleset schema, with the descriptions editors show."""
    source = ruleset_schema()
    out = translate(source)
    out["$schema"], out["$id"] = DRAFT_07, EDITOR_ID
    out["$comment"] = (f"Generated from ruleset.schema.json (JSON Schema 2020-12) by {REGENERATE}; "
                       "do not edit. Editors read draft-07; dosrules validates with the 2020-12 schema.")
    base = base_rules()
    for path in rule_paths():
        node = out["properties"]["rules"]
        for depth, part in enumerate(path.split("."), start=1):
            node = node["properties"][part]
            node["title"] = ".".join(path.split(".")[:depth])  # a hover's heading: the rule path
        _describe(node, path, base)
    _markdown_too(out)
    return out


def _markdown_too(node: Any) -> None:
    """Give every ``enumDescriptions`` its ``markdownEnumDescriptions`` (VS Code prefers those)."""
    if isinstance(node, dict):
        if "enumDescriptions" in node:
            node.setdefault("markdownEnumDescriptions", list(node["enumDescriptions"]))
        for value in node.values():
            _markdown_too(value)
    elif isinstance(node, list):
        for value in node:
            _markdown_too(value)


def editor_schema_text() -> str:
    return json.dumps(editor_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    target = SCHEMAS / EDITOR_FILE
    if argv == ["--check"]:
        current = target.read_text(encoding="utf-8") if target.is_file() else None
        if current != editor_schema_text():
            print(f"schemas/{EDITOR_FILE} is out of date; run: {REGENERATE}", file=sys.stderr)
            return 1
        return 0
    if argv:
        print(f"usage: {REGENERATE} [--check]", file=sys.stderr)
        return 2
    target.write_text(editor_schema_text(), encoding="utf-8")
    print(f"schemas/{EDITOR_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
