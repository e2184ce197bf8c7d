"""Which rulesets choose which reading of a rule, with the citation each gives.

The shipped editions (and those in ``--rulesets`` folders) are loaded whole: an edition chooses
the value it sets, for every player count or, through ``by_players``, for one. A house rule is
read on its own: it chooses the values its own file sets. Values written ``unspecified`` choose
nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from ..errors import DosrulesError
from .loader import SHIPPED_KINDS, load_ruleset, read_ruleset_file, shipped_dirs
from .model import Provenance, Ruleset, Status, is_unspecified
from .provenance import file_leaves
from .readings import OPEN_PATHS, ReadingError, parse_reading, reading_text

__all__ = ["Choice", "choices", "ruleset_files"]


@dataclass(frozen=True)
class Choice:
    """One ruleset's reading of one rule: its value and the provenance it gives it."""

    ruleset: str  # ruleset id
    kind: str  # "edition" or "house"
    path: str
    value: Any  # a model value (a reading, or a value outside the declared readings)
    provenance: Provenance
    players: int | None = None  # set when the choice is a by_players override

    @property
    def text(self) -> str:
        return reading_text(self.value)

    def to_json(self, ruleset: Ruleset | None = None) -> dict[str, Any]:
        prov, out = self.provenance, {"ruleset": self.ruleset, "kind": self.kind, "players": self.players,
                                      "status": self.provenance.status.value}
        if prov.citation is not None:
            out["citation"] = {"source": prov.citation.source, "section": prov.citation.section,
                               "quote": prov.citation.quote}
        if prov.note:
            out["note"] = prov.note
        return out


def ruleset_files(search_dirs: Iterable[str | Path] = ()) -> list[Path]:
    """Every ruleset file of the ``--rulesets`` folders and the shipped ones, each once."""
    folders: list[Path] = []
    for folder in map(Path, search_dirs):
        folders += [folder, *(folder / kind for kind in SHIPPED_KINDS if (folder / kind).is_dir())]
    folders += shipped_dirs()
    seen: dict[str, Path] = {}
    for folder in folders:
        for path in sorted(folder.glob("*.yaml")):
            seen.setdefault(path.stem, path)  # an id found first shadows the later ones, as the loader does
    return list(seen.values())


def _edition_choices(ruleset: Ruleset) -> list[Choice]:
    out = []
    for path in OPEN_PATHS:
        value = ruleset.rules.get(path)
        if not is_unspecified(value):
            out.append(Choice(ruleset.id, "edition", path, value, ruleset.provenance_of(path)))
        for n, rules in sorted(ruleset.by_players.items()):
            other = rules.get(path)
            if other != value and not is_unspecified(other):
                out.append(Choice(ruleset.id, "edition", path, other, ruleset.provenance_of(path, n), n))
    return out


def _house_choices(path: Path) -> list[Choice]:
    file = read_ruleset_file(path)
    if file is None or not file.valid:
        return []
    out = []
    for key, _tree_path, raw in file_leaves(file.doc.data):
        players, rule = None, key
        if key.startswith("by_players."):
            _, n, rule = key.split(".", 2)
            players = int(n)
        if rule not in OPEN_PATHS:
            continue
        try:
            value = parse_reading(rule, raw)
        except ReadingError:  # 'unspecified', or a value outside the declared readings
            if str(raw) == "unspecified":
                continue
            value = raw
        out.append(Choice(file.id, "house", rule, value, file.provenance[key], players))
    return out


@lru_cache(maxsize=8)
def _all_choices(search_dirs: tuple[str, ...]) -> tuple[Choice, ...]:
    out: list[Choice] = []
    for path in ruleset_files(search_dirs):
        file = read_ruleset_file(path)
        if file is None or not file.valid:
            continue
        if file.kind == "house":
            out += _house_choices(path)
            continue
        try:
            out += _edition_choices(load_ruleset(path, search_dirs))
        except DosrulesError:  # a broken ruleset in a --rulesets folder chooses nothing
            continue
    return tuple(c for c in out if c.provenance.status is not Status.UNSPECIFIED)


def choices(path: str, search_dirs: Iterable[str | Path] = ()) -> list[Choice]:
    """The readings of ``path`` that the shipped rulesets (and those in ``search_dirs``) choose."""
    return [c for c in _all_choices(tuple(str(d) for d in search_dirs)) if c.path == path]
