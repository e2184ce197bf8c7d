"""The ruleset JSON Schema: one compiled validator, and its errors as one-paragraph problems.

Every schema error becomes a :class:`~dosrules.errors.DosrulesError` placed at the file, line and
column of the offending value (or key), with the tree path, a plain-fact message in the manner
of jsonschema's, a did-you-mean for misspelt keys and enum values, and the schema's own
``description`` of the property as the hint on how to fix it.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

from ..errors import DosrulesError
from .resources import data_dir
from .yaml12 import Document, TreePath

ID_PATTERN = "^[a-z0-9][a-z0-9-]*$"
YAML11_BOOLEANS = {"yes", "no", "on", "off", "y", "n", "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF"}


@lru_cache(maxsize=1)
def ruleset_schema() -> dict[str, Any]:
    """The ruleset schema as a dict (``schemas/ruleset.schema.json``)."""
    folder = data_dir("schemas")
    if folder is None:  # pragma: no cover - broken installation
        raise DosrulesError("the ruleset schema is missing from the installation",
                            fix="Reinstall dosrules.")
    return json.loads((folder / "ruleset.schema.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def validator():
    """The compiled Draft 2020-12 validator. ``integer`` excludes floats such as ``7.0``."""
    from jsonschema import Draft202012Validator, validators

    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool))
    cls = validators.extend(Draft202012Validator, type_checker=checker)
    return cls(ruleset_schema())


def dotted(path: Iterable[Any]) -> str:
    """``("rules", "deck", "colours", 2)`` -> ``rules.deck.colours[2]``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def show(value: Any) -> str:
    """A value as the YAML author wrote it, for messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null (an empty value)"
    if isinstance(value, str):
        return repr(value) if len(value) <= 60 else repr(value[:57] + "...")
    if isinstance(value, int) and abs(value) >= 10 ** 18:
        digits = len(str(abs(value)))
        return f"{str(value)[:8]}... (a number of {digits} digits)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def nearest(word: Any, choices: Iterable[str]) -> str | None:
    """The closest choice to a misspelt word, or None."""
    found = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return found[0] if found else None


def _place(doc: Document, path: TreePath) -> str:
    return f"'{dotted(path)}'" if path else "the top level"


def _fix(schema: dict[str, Any]) -> str | None:
    text = schema.get("description") if isinstance(schema, dict) else None
    return f"Expected: {text}" if text else None


def _type_phrase(schema: dict[str, Any]) -> str:
    if "const" in schema:
        return show(schema["const"])
    if "enum" in schema:
        return "one of " + ", ".join(map(str, schema["enum"]))
    phrase = {"integer": "a whole number", "string": "a string", "object": "a mapping",
              "array": "a list", "boolean": "true or false", "number": "a number"}.get(schema.get("type"), "a value")
    if "minimum" in schema and "maximum" in schema:
        phrase += f" from {schema['minimum']} to {schema['maximum']}"
    elif "minimum" in schema:
        phrase += f" of at least {schema['minimum']}"
    return phrase


def _value_hint(value: Any) -> str:
    if isinstance(value, str) and value in YAML11_BOOLEANS:
        return f" (YAML 1.2: only true and false are booleans; {value!r} is a string)"
    return ""


# --- one function per keyword: (doc, error) -> problems ----------------------------------------


def _additional_properties(doc: Document, err) -> list[DosrulesError]:
    allowed = list(err.schema.get("properties", {}))
    out = []
    for key in err.instance:
        if key in allowed:
            continue
        path = (*err.absolute_path, key)
        guess = nearest(key, allowed)
        what = f"unknown key '{key}'" + (f" — did you mean '{guess}'?" if guess else "")
        out.append(DosrulesError(what, where=doc.where(path, key=True), path=dotted(path),
                                 fix=f"Keys allowed in {_place(doc, tuple(err.absolute_path))}: "
                                     f"{', '.join(allowed)}."))
    return out


def _property_names(doc: Document, err) -> list[DosrulesError]:
    path = (*err.absolute_path, err.instance)
    return [DosrulesError(f"key '{err.instance}' is not allowed in {_place(doc, tuple(err.absolute_path))}",
                          where=doc.where(path, key=True), path=dotted(path), fix=_fix(err.schema_parent))]


def _required(doc: Document, err) -> list[DosrulesError]:
    out = []
    for name in err.validator_value:
        if name not in err.instance:
            prop = err.schema.get("properties", {}).get(name, {})
            out.append(DosrulesError(f"missing key '{name}' in {_place(doc, tuple(err.absolute_path))}",
                                     where=doc.where(tuple(err.absolute_path)), path=dotted((*err.absolute_path, name)),
                                     fix=f"Add '{name}:'." + (f" Expected: {prop['description']}" if "description" in prop else "")))
    return out


def _enum(doc: Document, err) -> list[DosrulesError]:
    choices = [str(c) for c in err.validator_value]
    guess = nearest(err.instance, choices) if isinstance(err.instance, str) else None
    what = f"{show(err.instance)} is not one of {', '.join(choices)}"
    what += f" — did you mean '{guess}'?" if guess else _value_hint(err.instance)
    meanings = err.schema.get("enumDescriptions") if isinstance(err.schema, dict) else None
    fix = None
    if meanings and len(meanings) == len(choices):
        fix = (_fix(err.schema) or "Expected:") + " " + " ".join(f"{c}: {m}" for c, m in zip(choices, meanings))
    return [_at(doc, err, what, fix)]


_JSON_TYPES = {"object": dict, "string": str, "array": list, "boolean": bool}


def _one_of(doc: Document, err) -> list[DosrulesError]:
    fitting = [i for i, branch in enumerate(err.validator_value)
               if isinstance(err.instance, _JSON_TYPES.get(branch.get("type", ""), ()))]
    inner = [e for e in err.context or () if fitting and list(e.relative_schema_path)[:1] == fitting[:1]]
    if len(fitting) == 1 and inner:  # the value has one branch's type: that branch's errors say more
        out: list[DosrulesError] = []
        for sub in inner:
            handler = _KEYWORDS.get(sub.validator)
            out.extend(handler(doc, sub) if handler else [_at(doc, sub, sub.message)])
        return out
    phrases: list[str] = []
    for branch in err.validator_value:
        phrases += ["true", "false"] if branch.get("type") == "boolean" else [_type_phrase(branch)]
    expected = ", ".join(phrases[:-1]) + " or " + phrases[-1] if len(phrases) > 1 else phrases[0]
    return [_at(doc, err, f"expected {expected}, got {show(err.instance)}{_value_hint(err.instance)}")]


def _type(doc: Document, err) -> list[DosrulesError]:
    what = f"expected {_type_phrase(err.schema)}, got {show(err.instance)}{_value_hint(err.instance)}"
    fix = _fix(err.schema)
    if err.schema.get("type") == "string" and isinstance(err.instance, (int, float)) and not isinstance(err.instance, bool):
        fix = "Quote it (\"000\") so it stays text; unquoted digits are a number." + (f" {fix}" if fix else "")
    return [_at(doc, err, what, fix)]


def _minimum(doc: Document, err) -> list[DosrulesError]:
    return [_at(doc, err, f"{show(err.instance)} is less than the minimum of {err.validator_value}")]


def _maximum(doc: Document, err) -> list[DosrulesError]:
    return [_at(doc, err, f"{show(err.instance)} is more than the maximum of {err.validator_value}")]


def _pattern(doc: Document, err) -> list[DosrulesError]:
    if err.validator_value == ID_PATTERN:
        what = (f"{show(err.instance)} is not a ruleset id (lower-case letters, digits and dashes, "
                "starting with a letter or digit)")
    else:
        what = f"{show(err.instance)} does not match the pattern {err.validator_value}"
    return [_at(doc, err, what)]


def _length(doc: Document, err) -> list[DosrulesError]:
    if err.validator == "minLength":
        return [_at(doc, err, "the text is empty" if not err.instance else
                    f"the text is shorter than {err.validator_value} characters")]
    return [_at(doc, err, f"the text is {len(err.instance)} characters long; at most "
                          f"{err.validator_value} are allowed")]


def _items(doc: Document, err) -> list[DosrulesError]:
    if err.validator == "uniqueItems":
        return [_at(doc, err, "the list names an item more than once")]
    return [_at(doc, err, f"the list needs at least {err.validator_value} item(s)")]


def _at(doc: Document, err, what: str, fix: str | None = None) -> DosrulesError:
    path = tuple(err.absolute_path)
    return DosrulesError(what, where=doc.where(path), path=dotted(path), fix=fix or _fix(err.schema))


_KEYWORDS: dict[str, Callable[[Document, Any], list[DosrulesError]]] = {
    "additionalProperties": _additional_properties,
    "propertyNames": _property_names,
    "required": _required,
    "enum": _enum,
    "const": _enum,
    "oneOf": _one_of,
    "anyOf": _one_of,
    "type": _type,
    "minimum": _minimum,
    "maximum": _maximum,
    "pattern": _pattern,
    "minLength": _length,
    "maxLength": _length,
    "minItems": _items,
    "uniqueItems": _items,
}


#: digests (:func:`document_digest`) of documents known to pass the schema, e.g. read back from
#: the results store by a command that kept them; such a document is not validated again
KNOWN_VALID: set[str] = set()
#: digests of the documents this process found valid (for a command to keep)
VALIDATED: set[str] = set()


@lru_cache(maxsize=1)
def _validation_key() -> str:
    """What a document's validation depends on besides its data: the schema, this module's
    code (the type checker, the error wording) and jsonschema's version."""
    from importlib.metadata import PackageNotFoundError, version

    digest = hashlib.sha256(json.dumps(ruleset_schema(), sort_keys=True).encode())
    digest.update(Path(__file__).read_bytes())
    try:
        digest.update(version("jsonschema").encode())
    except PackageNotFoundError:  # pragma: no cover - jsonschema is a dependency
        digest.update(b"jsonschema ?")
    return digest.hexdigest()


def document_digest(doc: Document) -> str:
    """A hash of what :func:`schema_problems` reads: the document's data (its ``repr`` tells
    apart every value YAML gives: ``1``, ``1.0``, ``True``, ``'1'``) and :func:`_validation_key`."""
    return hashlib.sha256(f"{_validation_key()}\0{doc.data!r}".encode()).hexdigest()


def schema_problems(doc: Document) -> list[DosrulesError]:
    """Every schema error of a ruleset document, in file order (none, without validating,
    for a document in :data:`KNOWN_VALID`: validation is a function of the digest's inputs)."""
    digest = document_digest(doc)
    if digest in KNOWN_VALID:
        return []
    problems = _schema_problems(doc)
    if not problems:
        VALIDATED.add(digest)
    return problems


def _schema_problems(doc: Document) -> list[DosrulesError]:
    problems: list[DosrulesError] = []
    for err in validator().iter_errors(doc.data):
        keyword = err.validator
        if len(err.schema_path) >= 2 and list(err.schema_path)[-2] == "propertyNames":
            keyword = "propertyNames"  # a key's own error (its pattern): report it at the key
            err.schema_parent = _parent_schema(err)
        handler = _KEYWORDS.get(keyword)
        if handler is None:
            problems.append(_at(doc, err, err.message))
        else:
            problems.extend(handler(doc, err))
    return sort_problems(problems)


def sort_problems(problems: list[DosrulesError]) -> list[DosrulesError]:
    """Problems without repeats, in file order (stable for problems at one place)."""
    unique = list({p.paragraph(): p for p in problems}.values())
    files: dict[str, int] = {}
    for p in unique:
        files.setdefault(str(getattr(p.where, "file", p.where or "")), len(files))
    return sorted(unique, key=lambda p: (files[str(getattr(p.where, "file", p.where or ""))],
                                         getattr(p.where, "line", None) or 0,
                                         getattr(p.where, "column", None) or 0))


def _parent_schema(err) -> dict[str, Any]:
    """The schema of the object whose property names failed (it holds the description)."""
    root = ruleset_schema()
    node: Any = root
    for part in list(err.absolute_schema_path)[:-2]:
        if part not in node and "$ref" in node:  # local references only: "#/properties/rules"
            ref, node = node["$ref"], root
            for step in ref.lstrip("#/").split("/"):
                node = node[step]
        node = node[part]
    return node
