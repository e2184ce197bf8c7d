"""Readings: the values a silent rule may be given.

Every rule path that may be ``unspecified`` has a known, finite set of readings: an enum rule's
members (all but ``UNSPECIFIED``), a flag's ``true`` and ``false``, and for a whole-number rule the
candidates :data:`~dosrules.ruleset.model.COUNT_READINGS` declares. A silence is a rule a ruleset
leaves ``unspecified`` (for every player count, or only for some through ``by_players``).

``readings("deck_exhaustion")`` gives typed model values; :func:`reading_text` writes one as in
YAML (``"reshuffle-discard"``, ``"true"``, ``"2"``) and :func:`parse_reading` reads one back,
raising :class:`ReadingError` (what and how to fix, without a place: the caller adds it).
"""

from __future__ import annotations

import enum
import typing
from dataclasses import dataclass, fields, is_dataclass
from functools import lru_cache
from typing import Any

from . import model
from .model import COUNT_READINGS, UNSPECIFIED_TEXT, Rules, Ruleset, is_unspecified, rule_paths
from .schema import nearest

__all__ = ["OPEN_PATHS", "can_be_unspecified", "readings", "reading_text", "parse_reading", "ReadingError",
           "Silence", "silences"]


class ReadingError(ValueError):
    """A reading that names no open rule, or a value outside the rule's readings."""

    def __init__(self, what: str, fix: str, about: str = "value"):
        super().__init__(what)
        self.what, self.fix = what, fix
        self.about = about  # "path" (the rule cannot be unspecified) or "value" (not one of its readings)


@lru_cache(maxsize=1)
def _leaf_types() -> dict[str, Any]:
    """Every rule path's type hint (``Flag``, ``Count``, an enum class, ``int``, ...)."""
    out: dict[str, Any] = {}

    def walk(cls: type, prefix: str) -> None:
        hints = typing.get_type_hints(cls, vars(model))
        for f in fields(cls):
            hint = hints[f.name]
            if isinstance(hint, type) and is_dataclass(hint):
                walk(hint, prefix + f.name + ".")
            else:
                out[prefix + f.name] = hint

    walk(Rules, "")
    return out


def _open_kind(hint: Any) -> str | None:
    """"enum", "flag" or "count" for a type that can hold ``unspecified``; None otherwise."""
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return "enum" if any(is_unspecified(m) for m in hint) else None
    if hint == model.Flag:
        return "flag"
    if hint == model.Count:
        return "count"
    return None


#: Rule paths that may be ``unspecified``, in model order.
OPEN_PATHS: tuple[str, ...] = tuple(p for p in rule_paths() if _open_kind(_leaf_types()[p]) is not None)


def can_be_unspecified(path: str) -> bool:
    return path in OPEN_PATHS


def readings(path: str) -> tuple[Any, ...]:
    """The readings of an open rule path, as model values, in declaration order."""
    hint = _leaf_types().get(path)
    kind = _open_kind(hint)
    if kind == "enum":
        return tuple(m for m in hint if not is_unspecified(m))
    if kind == "flag":
        return (True, False)
    if kind == "count":
        return COUNT_READINGS[path]
    raise ReadingError(*_not_open(path), about="path")


def reading_text(value: Any) -> str:
    """A rule value as written in YAML: ``place-card``, ``true``, ``2``, ``unspecified``."""
    if is_unspecified(value):
        return UNSPECIFIED_TEXT
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def _not_open(path: str) -> tuple[str, str]:
    fix = ("Readings fill silences: name a rule a ruleset may leave unspecified ('dosrules gaps RULESET' "
           "lists a ruleset's silences with their readings; docs/gaps.md lists every such rule).")
    if path in _leaf_types():
        return f"'{path}' cannot be unspecified, so it has no readings", fix
    guess = nearest(path, OPEN_PATHS)
    return f"'{path}' names no rule" + (f" — did you mean '{guess}'?" if guess else ""), fix


def parse_reading(path: str, raw: Any) -> Any:
    """The model value of one reading of ``path``; ``raw`` as read from YAML or as text.

    Raises :class:`ReadingError` for a path that cannot be unspecified or a value outside its
    readings (``unspecified`` included: a reading fills a silence)."""
    if not can_be_unspecified(path):
        raise ReadingError(*_not_open(path), about="path")
    choices = readings(path)
    texts = [reading_text(v) for v in choices]
    text = reading_text(raw) if isinstance(raw, (bool, int)) else str(raw).strip()
    if text in texts:
        return choices[texts.index(text)]
    fix = f"The readings of '{path}' are: {', '.join(texts)}."
    if text == UNSPECIFIED_TEXT:
        raise ReadingError(f"'unspecified' is not a reading of '{path}': a reading fills a silence", fix)
    guess = nearest(text, texts)
    shown = f"'{raw}'" if isinstance(raw, str) else reading_text(raw)
    raise ReadingError(f"{shown} is not a reading of '{path}'" + (f" — did you mean '{guess}'?" if guess else ""),
                       fix)


@dataclass(frozen=True)
class Silence:
    """A rule a ruleset leaves unspecified, and the player counts for which it does."""

    path: str
    players: tuple[int, ...]

    @property
    def readings(self) -> tuple[Any, ...]:
        return readings(self.path)


def silences(ruleset: Ruleset, players: int | None = None) -> list[Silence]:
    """The ruleset's silences, in model order: for ``players`` players, or for every count it allows."""
    allowed = ruleset.rules.players
    counts = [players] if players is not None else list(range(allowed.min, allowed.max + 1))
    out = []
    for path in OPEN_PATHS:
        silent = tuple(n for n in counts if is_unspecified(ruleset.for_players(n).get(path)))
        if silent:
            out.append(Silence(path, silent))
    return out
