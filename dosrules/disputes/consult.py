"""Which rules the engine consulted: a recording proxy over the compiled rules.

The engine reads every rule through flat attributes of one ``CompiledRules`` object
(``state.c.after_failed_draw``, ``state.c.hand_options``, ...). This module learns, once per
(ruleset, player count), which rule paths each attribute is computed from — by changing one rule
value at a time, compiling again and seeing which attributes change — and then wraps a state's
compiled rules in a :class:`ConsultLog` that records every attribute the engine reads. Nothing in
the engine is changed or named here: the mapping is measured, not written by hand.

An attribute computed from one or two rule paths is a *direct* read (``after_failed_draw`` from
``drawing.after_failed_draw``); one computed from more (the tables of what a card may count as)
is a *table* read. Both are recorded; callers usually show the direct reads.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any, Iterator, Mapping

from ..engine.compiled import CompiledRules
from ..ruleset.model import UNSPECIFIED, Rules, Ruleset, is_unspecified, rule_paths

__all__ = ["ConsultLog", "attribute_paths", "alternatives", "with_rule", "record"]

_NOT_RULES = frozenset({"ruleset", "rules", "players", "provenance"})
DIRECT_LIMIT = 2  # an attribute computed from at most this many paths is a direct rule read


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


def _replace_path(obj: Any, parts: list[str], value: Any) -> Any:
    if len(parts) == 1:
        return dataclasses.replace(obj, **{parts[0]: value})
    child = getattr(obj, parts[0])
    return dataclasses.replace(obj, **{parts[0]: _replace_path(child, parts[1:], value)})


_VARIANTS: dict[tuple, tuple[Ruleset, Ruleset]] = {}


def with_rule(ruleset: Ruleset, players: int, path: str, value: Any) -> Ruleset:
    """A copy of ``ruleset`` whose rules for ``players`` have ``path`` set to ``value`` (the same
    object for the same arguments, so the engine compiles each variant once)."""
    key = (id(ruleset), players, path, type(value), value)
    hit = _VARIANTS.get(key)
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    if len(_VARIANTS) > 2048:
        _VARIANTS.clear()
    rules = _replace_path(ruleset.for_players(players), path.split("."), value)
    variant = dataclasses.replace(ruleset, by_players={**ruleset.by_players, players: rules})
    _VARIANTS[key] = (ruleset, variant)
    return variant


def _snapshot(compiled: CompiledRules) -> dict[str, Any]:
    return {k: v for k, v in vars(compiled).items() if k not in _NOT_RULES}


def _attribute_paths(ruleset: Ruleset, players: int) -> Mapping[str, tuple[str, ...]]:
    base = _snapshot(CompiledRules(ruleset, players))
    rules: Rules = ruleset.for_players(players)
    found: dict[str, list[str]] = {name: [] for name in base}
    for path in rule_paths():
        for alt in _probes(rules.get(path)):
            try:
                changed = _snapshot(CompiledRules(with_rule(ruleset, players, path, alt), players))
            except (ValueError, TypeError, KeyError, ZeroDivisionError):
                continue  # a value the compiler cannot build from tells nothing
            for name, value in base.items():
                if changed.get(name) != value and path not in found[name]:
                    found[name].append(path)
    return {name: tuple(paths) for name, paths in found.items()}


def _probes(value: Any) -> list[Any]:
    """Values different from ``value`` to compile with when mapping attributes to paths."""
    if isinstance(value, enum.Enum):
        return [m for m in type(value) if m is not value]
    if isinstance(value, tuple):
        return [value[:-1]] if value else []
    if isinstance(value, (Mapping, str)):
        return []
    return [*alternatives(value), UNSPECIFIED] if not is_unspecified(value) else [True, 1, False]


_CACHE: dict[tuple[int, int], tuple[Ruleset, Mapping[str, tuple[str, ...]]]] = {}


def attribute_paths(ruleset: Ruleset, players: int) -> Mapping[str, tuple[str, ...]]:
    """Compiled-rules attribute -> the rule paths its value is computed from (measured, cached)."""
    key = (id(ruleset), players)
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not ruleset:
        if len(_CACHE) > 64:
            _CACHE.clear()
        hit = _CACHE[key] = (ruleset, _attribute_paths(ruleset, players))
    return hit[1]


class ConsultLog:
    """Stands in for a state's compiled rules and records every attribute the engine reads.

    ``reads`` maps attribute names, in first-read order while ``recording`` is on, to the round
    the game was in at that first read (so reads for dealing the next round, made inside the
    action that ended a round, can be told apart).
    """

    def __init__(self, compiled: CompiledRules, state: Any = None):
        object.__setattr__(self, "_compiled", compiled)
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "reads", {})
        object.__setattr__(self, "recording", False)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._compiled, name)
        if self.recording and name not in _NOT_RULES and not callable(value) and name not in self.reads:
            self.reads[name] = getattr(self._state, "round", None)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("recording", "reads"):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError("the compiled rules are read-only")

    def paths(self, round: int | None = None) -> Iterator[tuple[str, bool]]:
        """(rule path, direct) for every rule consulted, in first-read order, each once; only
        those first read in ``round``, if given."""
        table = attribute_paths(self._compiled.ruleset, self._compiled.players)
        found: dict[str, bool] = {}
        for name, at in self.reads.items():
            if round is not None and at != round:
                continue
            paths = table.get(name, ())
            direct = len(paths) <= DIRECT_LIMIT
            for path in paths:
                found[path] = found.get(path, False) or direct
        yield from found.items()


def record(state) -> ConsultLog:
    """Wrap ``state``'s compiled rules in a ConsultLog (idempotent) and return it."""
    log = state.c
    if not isinstance(log, ConsultLog):
        log = ConsultLog(state.c, state)
        state.c = log
    return log
