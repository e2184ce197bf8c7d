"""Asking whether a rule the engine consulted decided a verdict: its other values, and the
ruleset with one of them.

Which rules a verdict consulted is the engine's own trace (:mod:`dosrules.engine.trace`: a
game made with ``trace=True`` records the rules it reads). A consulted rule *decided* the
verdict when playing the scenario again under :func:`with_rule` with one of its
:func:`alternatives` changes what the engine says (:mod:`.verdict`).
"""

from __future__ import annotations

import enum
from typing import Any, Mapping

from ..ruleset.build import build_ruleset, merge_rules
from ..ruleset.model import UNSPECIFIED_TEXT, Ruleset, is_unspecified

__all__ = ["alternatives", "with_rule"]


def alternatives(value: Any) -> list[Any]:
    """Other values a rule could take, for asking "would the answer change?".

    Enums: every other stated member (``unspecified`` when there is no other); flags: the
    opposite; counts: one more and one less. ``unspecified``, the deck composition and other
    structured values have none.
    """
    if is_unspecified(value):
        return []
    if isinstance(value, enum.Enum):
        stated = [m for m in type(value) if m is not value and not is_unspecified(m)]
        # a rule with one stated value: ask whether the answer would change had the source been silent
        return stated or [m for m in type(value) if is_unspecified(m)]
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [v for v in (value + 1, value - 1) if v >= 0]
    return []


def _tree_value(value: Any) -> Any:
    """A rule value as the resolved rule tree writes it."""
    if is_unspecified(value):
        return UNSPECIFIED_TEXT
    if isinstance(value, enum.Enum):
        return value.value
    return value


def with_rule(ruleset: Ruleset, players: int, path: str, value: Any) -> Ruleset:
    """``ruleset`` with ``path`` set to ``value`` for games of ``players`` (a ``by_players``
    override), built from its changed rule tree: it has a content hash of its own, so the engine
    compiles it once however often it is asked for. Provenance stays that of ``ruleset``."""
    override: dict[str, Any] = {}
    node = override
    *groups, leaf = path.split(".")
    for group in groups:
        node = node.setdefault(group, {})
    node[leaf] = _tree_value(value)
    by_players: Mapping[str, Any] = ruleset.tree.get("by_players") or {}
    key = next((k for k in by_players if str(k) == str(players)), str(players))
    tree = {**ruleset.tree, "by_players": {**by_players, key: merge_rules(by_players.get(key, {}), override)}}
    return build_ruleset(tree, ruleset.provenance, ruleset.files)
