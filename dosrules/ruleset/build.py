"""Build a typed :class:`~dosrules.ruleset.model.Ruleset` from a resolved, schema-valid rule tree.

The resolved tree is plain data with string keys (``numbers: {"1": 3}``, ``by_players:
{"2": {...}}``), every rule of ``rules`` present, and ``by_players`` overrides still partial.
Provenance comes from the ``cite`` table, already resolved to full leaf paths by the loader.
"""

from __future__ import annotations

import collections.abc
import enum
import hashlib
import json
import typing
from dataclasses import fields, is_dataclass
from typing import Any, Mapping

from . import model
from .localized import Localized
from .model import UNSPECIFIED, UNSPECIFIED_TEXT, LaidPart, Provenance, Rules, Ruleset, Source, freeze, rule_paths

RULE_LEAVES: frozenset[str] = frozenset(rule_paths())


def canonical_json(tree: Mapping[str, Any]) -> str:
    """The canonical text of a tree: sorted keys, no spaces, UTF-8 kept."""
    return json.dumps(tree, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def content_hash(tree: Mapping[str, Any]) -> str:
    """sha256 of the canonical resolved tree, as ``sha256:<hex>``."""
    return "sha256:" + hashlib.sha256(canonical_json(tree).encode("utf-8")).hexdigest()


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls, vars(model))
    return _HINTS[cls]


def _convert(hint: Any, value: Any) -> Any:
    if isinstance(hint, type) and is_dataclass(hint):
        return build_group(hint, value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(value)
    if value == UNSPECIFIED_TEXT:
        return UNSPECIFIED
    origin = typing.get_origin(hint)
    if origin is tuple:
        item = typing.get_args(hint)[0]
        return tuple(_convert(item, v) for v in value)
    if origin in (collections.abc.Mapping, dict):
        return freeze({int(k): v for k, v in sorted(value.items(), key=lambda kv: int(kv[0]))})
    return value


def build_group(cls: type, data: Mapping[str, Any]) -> Any:
    """Instantiate a rule-group dataclass from its (complete) subtree."""
    hints = _hints(cls)
    return cls(**{f.name: _convert(hints[f.name], data[f.name]) for f in fields(cls)})


def merge(base: Mapping[str, Any], overlay: Mapping[str, Any],
          leaves: frozenset[str] = frozenset(), _prefix: str = "") -> dict[str, Any]:
    """Overlay replaces the values it names and keeps the rest: mappings merge, lists replace,
    and so does a mapping at one of the dotted ``leaves`` paths (a rule value such as
    ``deck.numbers`` is replaced whole). Neither input is changed."""
    out = dict(base)
    for key, value in overlay.items():
        path = _prefix + key
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping) and path not in leaves:
            out[key] = merge(out[key], value, leaves, path + ".")
        else:
            out[key] = value
    return out


def merge_rules(base: Mapping[str, Any], overlay: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`merge` for rule trees: each rule value named by the overlay is replaced whole."""
    return merge(base, overlay, RULE_LEAVES)


def source_titles_of(*rulesets: Ruleset) -> dict[str, Localized]:
    """The translated titles of the rulesets' sources, by key (the first ruleset's first), so that a
    ruleset rebuilt from them (filled, one rule changed) names its sources in every language too."""
    out: dict[str, Localized] = {}
    for ruleset in rulesets:
        for source in ruleset.sources:
            if source.titles is not None:
                out.setdefault(source.key, source.titles)
    return out


def build_ruleset(
    tree: Mapping[str, Any],
    provenance: Mapping[str, Provenance],
    files: tuple[str, ...] = (),
    parts: tuple[LaidPart, ...] = (),
    source_titles: Mapping[str, Localized] | None = None,
) -> Ruleset:
    """Make the frozen Ruleset from a resolved tree and its resolved provenance table."""
    rules = build_group(Rules, tree["rules"])
    by_players = {
        int(n): build_group(Rules, merge_rules(tree["rules"], override))
        for n, override in tree.get("by_players", {}).items()
    }
    titles = source_titles or {}
    sources = tuple(Source(**s, titles=titles.get(s["key"])) for s in tree["sources"])
    return Ruleset(
        id=tree["id"],
        name=tree["name"],
        kind=tree["kind"],
        sources=sources,
        rules=rules,
        by_players=freeze(by_players),
        provenance=freeze(provenance),
        tree=tree,
        content_hash=content_hash(tree),
        files=files,
        parts=parts,
    )
