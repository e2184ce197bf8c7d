"""Asking whether a rule the engine consulted decided a verdict: its other readings, and the
ruleset with one of them.

Which rules a verdict consulted is the engine's own trace (:mod:`dosrules.engine.trace`: a
game made with ``trace=True`` records the rules it reads). A consulted rule *decided* the
verdict when playing the scenario again under :func:`with_rule` with one of its
:func:`other_readings` changes what the engine says (:mod:`.verdict`).

The other readings of a rule are the values a table could really give it, never a number made
up for the asking: the readings a silence may be filled with (:mod:`dosrules.ruleset.readings`:
enum members, both flags, the declared candidates of a count), the other members of an enum,
and for a plain number the values the shipped rulesets (and those in ``--rulesets`` folders)
choose. A rule with no other reading but a silence is asked "what if the source were silent?".
:func:`probes` are numbers one away from a plain number's value: they only tell whether the
answer is counted with that number, and are never shown as readings.
"""

from __future__ import annotations

import enum
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..ruleset.build import build_ruleset, merge_rules, source_titles_of
from ..ruleset.model import UNSPECIFIED, UNSPECIFIED_TEXT, Ruleset, is_unspecified
from ..ruleset.readings import can_be_unspecified, readings

__all__ = ["other_readings", "probes", "with_rule", "same_value"]


def same_value(a: Any, b: Any) -> bool:
    """Equal rule values of the same type (``True`` is not the count 1)."""
    return type(a) is type(b) and a == b


def other_readings(ruleset: Ruleset, players: int, path: str, search_dirs: Iterable[str | Path] = ()) -> list[Any]:
    """The values other than the current one that ``path`` could be read as (see the module)."""
    value = ruleset.for_players(players).get(path)
    if can_be_unspecified(path):
        others = [v for v in readings(path) if not same_value(v, value)]
        return others or ([] if is_unspecified(value) else [UNSPECIFIED])
    if isinstance(value, enum.Enum):
        return [m for m in type(value) if m is not value]
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [v for v in chosen_numbers(path, tuple(map(str, search_dirs))) if v != value]
    return []


def probes(ruleset: Ruleset, players: int, path: str) -> list[int]:
    """Numbers one away from a plain number rule's value (none for other rules)."""
    value = ruleset.for_players(players).get(path)
    if can_be_unspecified(path) or isinstance(value, bool) or not isinstance(value, int):
        return []
    return [v for v in (value + 1, value - 1) if v >= 0]


@lru_cache(maxsize=256)
def chosen_numbers(path: str, search_dirs: tuple[str, ...] = ()) -> tuple[int, ...]:
    """The numbers the shipped rulesets (and those in ``search_dirs``) set ``path`` to, sorted:
    an edition's value for each player count it allows, a house rule's own values."""
    from ..errors import DosrulesError
    from ..ruleset.choices import ruleset_files
    from ..ruleset.loader import load_ruleset, read_ruleset_file
    from ..ruleset.provenance import file_leaves

    found: set[int] = set()
    for file_path in ruleset_files(search_dirs):
        file = read_ruleset_file(file_path)
        if file is None or not file.valid:
            continue
        if file.kind == "house":
            for key, _tree, raw in file_leaves(file.doc.data):
                rule = key.split(".", 2)[2] if key.startswith("by_players.") else key
                if rule == path:
                    if isinstance(raw, int) and not isinstance(raw, bool):
                        found.add(raw)
            continue
        try:
            rs = load_ruleset(file_path, search_dirs)
        except DosrulesError:  # a broken ruleset in a --rulesets folder chooses nothing
            continue
        for n in range(rs.rules.players.min, rs.rules.players.max + 1):
            value = rs.for_players(n).get(path)
            if isinstance(value, int) and not isinstance(value, bool):
                found.add(value)
    return tuple(sorted(found))


def _tree_value(value: Any) -> Any:
    """A rule value as the resolved rule tree writes it."""
    if is_unspecified(value):
        return UNSPECIFIED_TEXT
    if isinstance(value, enum.Enum):
        return value.value
    return value


_CHANGED: OrderedDict[tuple, Ruleset] = OrderedDict()  # rulesets are immutable: one build per change
_KEEP_CHANGED = 512  # a ruling asks a few dozen; a server answering many keeps the recent ones


def with_rule(ruleset: Ruleset, players: int, path: str, value: Any) -> Ruleset:
    """``ruleset`` with ``path`` set to ``value`` for games of ``players`` (a ``by_players``
    override), built from its changed rule tree: it has a content hash of its own, so the engine
    compiles it once however often it is asked for. Provenance stays that of ``ruleset``. The
    same change of the same ruleset (by content hash) is built once."""
    key = (ruleset.content_hash, players, path, type(value), value)
    found = _CHANGED.get(key)
    if found is None:
        found = _CHANGED[key] = _with_rule(ruleset, players, path, value)
        while len(_CHANGED) > _KEEP_CHANGED:
            _CHANGED.popitem(last=False)
    return found


def _with_rule(ruleset: Ruleset, players: int, path: str, value: Any) -> Ruleset:
    override: dict[str, Any] = {}
    node = override
    *groups, leaf = path.split(".")
    for group in groups:
        node = node.setdefault(group, {})
    node[leaf] = _tree_value(value)
    by_players: Mapping[str, Any] = ruleset.tree.get("by_players") or {}
    key = next((k for k in by_players if str(k) == str(players)), str(players))
    tree = {**ruleset.tree, "by_players": {**by_players, key: merge_rules(by_players.get(key, {}), override)}}
    return build_ruleset(tree, ruleset.provenance, ruleset.files, source_titles=source_titles_of(ruleset))
