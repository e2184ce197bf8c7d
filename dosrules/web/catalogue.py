"""What this server offers: the editions and house rules it can load (shipped, and those of
``--rulesets`` folders), with their names and notes, read once at start."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

__all__ = ["Entry", "Catalogue", "read_catalogue", "text_of"]


@dataclass(frozen=True)
class Entry:
    id: str
    kind: str  # "edition" or "house"
    name: str
    description: str
    extends: str | None  # a house rule's edition, if it names one
    texts: tuple = ()  # the file's name and description as written (a text, or one per language)

    def name_in(self, lang: str) -> str:
        return text_of(self.texts[0], lang) or self.name if self.texts else self.name

    def description_in(self, lang: str) -> str:
        return text_of(self.texts[1], lang) if self.texts else self.description


@dataclass(frozen=True)
class Catalogue:
    editions: dict[str, Entry]
    house: dict[str, Entry]
    search_dirs: tuple[str, ...]

    def houses_for(self, edition: str) -> list[Entry]:
        """House rules that can be layered on ``edition``: those written for it or for none."""
        return [h for h in self.house.values() if h.extends in (None, edition) or h.extends not in self.editions]


def text_of(value, lang: str = "en") -> str:
    if isinstance(value, dict):  # a name or description with translations: ``lang``, English, else the first
        return str(value.get(lang) or value.get("en") or next(iter(value.values()), ""))
    return "" if value is None else str(value)


def read_catalogue(search_dirs: Iterable[str | Path] = ()) -> Catalogue:
    """Every loadable ruleset file, by kind; a file that does not pass its own checks is left out."""
    from ..ruleset.choices import ruleset_files
    from ..ruleset.loader import read_ruleset_file

    dirs = tuple(map(str, search_dirs))
    editions: dict[str, Entry] = {}
    house: dict[str, Entry] = {}
    for path in ruleset_files(dirs):
        file = read_ruleset_file(path)
        if file is None or not file.valid:
            continue
        data = file.data
        entry = Entry(path.stem, str(data.get("kind")), text_of(data.get("name")) or path.stem,
                      text_of(data.get("description")), data.get("extends"), (data.get("name"), data.get("description")))
        (editions if entry.kind == "edition" else house)[entry.id] = entry
    return Catalogue(editions, house, dirs)
