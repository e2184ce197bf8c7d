"""A phrase table: message keys, each with its text in every language (``str.format`` fields).

Every table registers itself in :data:`TABLES`, so that one test holds every key of every table
to all four languages and to the same fields in each.
"""

from __future__ import annotations

import string
from typing import Mapping

from ..ruleset.localized import FALLBACK, LANGUAGES

__all__ = ["Phrases", "TABLES", "fields_of"]

TABLES: list["Phrases"] = []


def fields_of(template: str) -> set[str]:
    """The ``{field}`` names a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class Phrases:
    """``phrases(key, lang, **fields)``: the text of ``key`` in ``lang`` (English where a language
    lacks it, which the test forbids for shipped tables), its fields filled in."""

    def __init__(self, concern: str, table: Mapping[str, Mapping[str, str]]):
        self.concern, self.table = concern, dict(table)
        TABLES.append(self)

    def __call__(self, key: str, lang: str, /, **fields) -> str:
        texts = self.table[key]
        return (texts.get(lang) or texts[FALLBACK]).format(**fields)

    def missing(self) -> list[str]:
        """'key: lang' for each text a language lacks, or whose fields differ from English's."""
        out = []
        for key, texts in self.table.items():
            want = fields_of(texts.get(FALLBACK, ""))
            for lang in LANGUAGES:
                if lang not in texts:
                    out.append(f"{self.concern}.{key}: no {lang}")
                elif fields_of(texts[lang]) != want:
                    out.append(f"{self.concern}.{key}: {lang} has fields {sorted(fields_of(texts[lang]))}, "
                               f"en {sorted(want)}")
        return out
