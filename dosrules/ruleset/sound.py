"""The sound part of a ruleset file: its data without the values that failed the JSON Schema.

So that every problem of a file is reported in one pass, the provenance and semantic checks
also run on a file with schema errors, on what is left when each failing value is taken out.
A value is taken out whole at the unit the later checks read: a rule value (``deck.numbers``,
not one of its counts, so no sum is checked over a part of it), a ``cite`` entry, a top-level
key (a bad source takes out all of ``sources``). A missing required key leaves nothing to take
out; the checks that need it skip. The paths taken out are kept, so that a check can stay
quiet about what only looks wrong because a value is gone.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from .model import rule_paths
from .schema import validator
from .yaml12 import TreePath

RULE_LEAVES: frozenset[str] = frozenset(rule_paths())
RULE_NODES: frozenset[str] = frozenset(".".join(p.split(".")[:i]) for p in RULE_LEAVES for i in range(1, p.count(".") + 2))
MAX_ROUNDS = 4  # taking a value out can only expose a missing required key; a few rounds suffice


@dataclass(frozen=True)
class Sound:
    """What the later checks may read: ``data`` (None when the top level itself is unusable)
    and the tree paths taken out."""

    data: dict[str, Any] | None
    removed: frozenset[TreePath]

    def rule_values_lost(self) -> list[str]:
        """Provenance paths of the rules and rule groups taken out (``""``: all of ``rules``);
        unknown keys are not rules and are left out."""
        out = []
        for r in self.removed:
            if r[:1] == ("rules",) and (len(r) == 1 or ".".join(map(str, r[1:])) in RULE_NODES):
                out.append(".".join(map(str, r[1:])))
            elif r[:1] == ("by_players",) and (len(r) <= 2 or ".".join(map(str, r[2:])) in RULE_NODES):
                out.append(".".join(map(str, r)))
        return out

    def rule_paths_lost(self) -> list[str]:
        """Provenance paths (``deck.numbers``, ``by_players.2.setup``, ``""`` for all of
        ``rules``) a value taken out may have been meant for: a rule's own path, or for an
        unknown key the group it stood in."""
        out = []
        for r in self.removed:
            if r[:1] == ("rules",):
                out.append(_known(r[1:]))
            elif r[:1] == ("by_players",):
                out.append(".".join(map(str, r[:2])) + ("." + _known(r[2:]) if len(r) > 2 else ""))
        return [p.strip(".") for p in out]


def sound_part(data: Any) -> Sound:
    """The data without every value that fails the schema (see the module docstring)."""
    if not isinstance(data, dict):
        return Sound(None, frozenset())
    current = copy.deepcopy(data)
    removed: set[TreePath] = set()
    for _ in range(MAX_ROUNDS):
        units = set()
        for err in validator().iter_errors(current):
            if err.validator == "required" and not err.absolute_path:
                continue  # a missing top-level key: nothing to take out
            found = _units(err)
            if found is None:
                return Sound(None, frozenset(removed))
            units |= found
        if not units:
            return Sound(current, frozenset(removed))
        for unit in sorted(units, key=len):
            _remove(current, unit)
        removed |= units
    return Sound(None, frozenset(removed))  # pragma: no cover - the schema nests only so deep


def _units(err) -> set[TreePath] | None:
    """The units to take out for one schema error; None when it is the top level's."""
    path = tuple(err.absolute_path)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = err.schema.get("properties", {})
        return {_unit((*path, key)) for key in err.instance if key not in allowed}
    if err.validator == "propertyNames" or len(err.schema_path) >= 2 and list(err.schema_path)[-2] == "propertyNames":
        return {_unit((*path, err.instance))}
    return {_unit(path)} if path else None


def _unit(path: TreePath) -> TreePath:
    """The unit a failing value belongs to: its rule value, cite entry, or top-level key. Only
    mappings are cut: a bad source takes out all of ``sources``."""
    head = path[:1]
    if head == ("rules",):
        return head + _rule(path[1:])
    if head == ("by_players",) and len(path) > 2:
        return path[:2] + _rule(path[2:])
    if head == ("cite",):
        return path[:2]
    return path[:2] if head == ("by_players",) else head  # a source goes with all of 'sources'



def _rule(parts: TreePath) -> TreePath:
    """A path inside a rule tree cut at the rule value it lies in (or whole, for a group)."""
    for i in range(1, len(parts) + 1):
        if ".".join(map(str, parts[:i])) in RULE_LEAVES:
            return parts[:i]
    return parts


def _known(parts: TreePath) -> str:
    """The rule path of a value taken out; for an unknown key (a misspelt rule), its group,
    since it may have been meant for any rule there."""
    while parts and ".".join(map(str, parts)) not in RULE_NODES:
        parts = parts[:-1]
    return ".".join(map(str, parts))


def _remove(data: dict[str, Any], path: TreePath) -> None:
    node: Any = data
    for part in path[:-1]:
        if not isinstance(node, dict) or part not in node:
            return  # already taken out with a unit above it
        node = node[part]
    if isinstance(node, dict):
        node.pop(path[-1], None)
