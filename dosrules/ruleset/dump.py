"""The canonical YAML form of a resolved ruleset: one self-contained file that loads back equal.

Every rule is written out (``rules:`` complete, ``by_players:`` as resolved), and ``cite:`` has
one entry per rule value with its explicit status, citation and note, so the file re-validates
on its own. Rules come in model order, so two equal rulesets give the same text.
"""

from __future__ import annotations

from typing import Any

from .fill import FILL
from .model import Provenance, Ruleset, Source, rule_paths
from .provenance import rule_leaves
from .yaml12 import dump_yaml


def _entry(prov: Provenance) -> dict[str, Any] | None:
    entry: dict[str, Any] = {"status": prov.status.value}
    if prov.citation is not None:
        entry.update(source=prov.citation.source, section=prov.citation.section, quote=prov.citation.quote)
    elif prov.table is not None:  # a house value's table, named without a citation
        entry["source"] = prov.table
    if prov.notes is not None:  # a note with its translations
        entry["note"] = dict(prov.notes.texts)
    elif prov.note is not None:
        entry["note"] = prov.note
    return entry if len(entry) > 1 or prov.status.value != "unspecified" else None


def _name(ruleset: Ruleset) -> Any:
    """The name, with its translations when the ruleset is one file that gives them."""
    if len(ruleset.parts) == 1 and len(ruleset.parts[0].name.texts) > 1:
        return dict(ruleset.parts[0].name.texts)
    return ruleset.name


def _ordered(tree: dict[str, Any]) -> dict[str, Any]:
    """A (partial) rule tree with its groups and rules in model order."""
    out: dict[str, Any] = {}
    for path in rule_paths():
        node, value = out, tree
        parts = path.split(".")
        try:
            for part in parts:
                value = value[part]
        except (KeyError, TypeError):
            continue
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        if path == "deck.numbers":  # number keys unquoted, in numeric order
            value = {int(k): v for k, v in sorted(value.items(), key=lambda kv: int(kv[0]))}
        node[parts[-1]] = value
    return out


def _source(source: Source) -> dict[str, Any]:
    """A source entry, its title with the translations the file gave."""
    title: Any = source.title
    if source.titles is not None and len(source.titles.texts) > 1:
        title = dict(source.titles.texts)
    return {"key": source.key, "file": source.file, "title": title, "language": source.language}


def ruleset_document(ruleset: Ruleset, id: str | None = None, name: str | None = None) -> dict[str, Any]:
    """The canonical file content as plain data (see :func:`dump_ruleset`)."""
    tree = ruleset.tree
    doc: dict[str, Any] = {
        "id": id or ruleset.id,
        "name": name or _name(ruleset),
        "kind": ruleset.kind,
        "sources": [_source(s) for s in ruleset.sources],
        "rules": _ordered(tree["rules"]),
    }
    by_players = {int(n): _ordered(o) for n, o in sorted(tree["by_players"].items(), key=lambda kv: int(kv[0]))}
    if by_players:
        doc["by_players"] = by_players
    cite: dict[str, Any] = {}
    leaves = [path for path, _ in rule_leaves(doc["rules"])]
    for n, override in by_players.items():
        leaves += [f"by_players.{n}.{path}" for path, _ in rule_leaves(override)]
    for path in leaves:
        entry = _entry(ruleset.provenance[path])
        if entry is not None:
            cite[path] = entry
    doc["cite"] = cite
    return doc


def dump_ruleset(ruleset: Ruleset, id: str | None = None, name: str | None = None) -> str:
    """Canonical YAML of a resolved ruleset, loadable on its own as ``<id>.yaml``.

    A composed or filled ruleset's id (``mattel-2018+reshuffle``, ``german~mattel-2018``) is not a
    file id; pass ``id`` to name the file's ruleset (``dump_ruleset(r, id="mattel-reshuffle")``).
    Filled values keep the status ``filled`` with their citation or note.
    """
    doc = ruleset_document(ruleset, id, name)
    if "+" in doc["id"] or FILL in doc["id"]:
        raise ValueError(f"{doc['id']!r} is a composed id; pass id= to give the file an id of its own")
    return dump_yaml(doc)
