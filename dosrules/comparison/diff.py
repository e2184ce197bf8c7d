"""The rule diff of two or more rulesets: every rule path whose value differs, per player count.

Each :class:`DiffRow` names a rule path, the player counts where its values are the same
difference, and one :class:`Cell` per ruleset with the value, its status and citation. A row
whose values mix ``unspecified`` with a specified value has kind ``unspecified-vs-specified``:
there one ruleset's source is silent where another decides.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..ruleset.model import Provenance, Ruleset, Status, is_unspecified, rule_paths

__all__ = ["Cell", "DiffRow", "rule_diff", "plain_value"]

UNSPECIFIED_VS_SPECIFIED = "unspecified-vs-specified"
VALUES_DIFFER = "values-differ"


def plain_value(value: Any) -> Any:
    """A rule value as plain JSON data: enums by value, ``UNSPECIFIED`` as "unspecified"."""
    if is_unspecified(value):
        return "unspecified"
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): plain_value(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [plain_value(v) for v in value]
    return value


@dataclass(frozen=True)
class Cell:
    """One ruleset's side of a differing rule."""

    ruleset: str  # the spec the user gave (id, composition or path)
    value: Any  # plain JSON value
    unspecified: bool
    status: str  # Status value: stated, inferred, house, unspecified
    source: str | None = None  # citation: source key, its file, section and quote
    file: str | None = None
    section: str | None = None
    quote: str | None = None
    note: str | None = None
    set_by: str | None = None  # id of the ruleset file that set the value
    title: str | None = None  # the cited source's title

    @property
    def citation(self) -> str:
        """``Title §2. Setup: "quote"``, or an empty string."""
        if not self.source:
            return ""
        quote = f': "{self.quote}"' if self.quote else ""
        return f"{self.title or self.file or self.source} §{self.section}{quote}"

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "value": self.value, "unspecified": self.unspecified,
                "status": self.status, "citation": None if not self.source else
                {"source": self.source, "file": self.file, "title": self.title, "section": self.section,
                 "quote": self.quote},
                "note": self.note, "set_by": self.set_by}


@dataclass(frozen=True)
class DiffRow:
    path: str
    players: tuple[int, ...]  # the player counts where this difference holds
    kind: str  # UNSPECIFIED_VS_SPECIFIED or VALUES_DIFFER
    cells: tuple[Cell, ...]  # one per ruleset, in the order given

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "players": list(self.players), "kind": self.kind,
                "cells": [c.to_json() for c in self.cells]}


def _cell(spec: str, ruleset: Ruleset, path: str, players: int) -> Cell:
    value = ruleset.for_players(players).get(path)
    try:
        prov: Provenance | None = ruleset.provenance_of(path, players)
    except KeyError:
        prov = None
    unspecified = is_unspecified(value)
    status = prov.status.value if prov else (Status.UNSPECIFIED.value if unspecified else "")
    cite = prov.citation if prov else None
    file = title = None
    if cite is not None:
        try:
            source = ruleset.source(cite.source)
            file, title = source.file, source.title
        except KeyError:
            pass
    return Cell(spec, plain_value(value), unspecified, status,
                cite.source if cite else None, file, cite.section if cite else None,
                cite.quote if cite else None, prov.note if prov else None, prov.ruleset if prov else None, title)


def rule_diff(rulesets: Sequence[tuple[str, Ruleset]], players: Sequence[int]) -> list[DiffRow]:
    """Every rule path whose values differ among ``rulesets`` (spec, Ruleset) for any of
    ``players``; player counts with the same cells share a row. Rows in rule-path order."""
    rows: list[DiffRow] = []
    for path in rule_paths():
        groups: dict[tuple, list[int]] = {}
        cells_of: dict[tuple, tuple[Cell, ...]] = {}
        for n in players:
            values = [rs.for_players(n).get(path) for _, rs in rulesets]
            if all(v == values[0] for v in values[1:]):
                continue
            cells = tuple(_cell(spec, rs, path, n) for spec, rs in rulesets)
            key = tuple((repr(c.value), c.status, c.source, c.section, c.quote) for c in cells)
            groups.setdefault(key, []).append(n)
            cells_of[key] = cells
        for key, counts in groups.items():
            cells = cells_of[key]
            mixed = any(c.unspecified for c in cells) and not all(c.unspecified for c in cells)
            rows.append(DiffRow(path, tuple(counts), UNSPECIFIED_VS_SPECIFIED if mixed else VALUES_DIFFER, cells))
    return rows
