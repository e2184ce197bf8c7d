"""Texts of a ruleset file in the reader's language: ``name``, ``description`` and a cite entry's
``note`` are either a plain string (English) or a mapping ``{en: ..., de: ..., ko: ..., eu: ...}``.

:class:`Localized` holds one such text; ``in_lang(lang)`` gives the translation, falling back to
English. :func:`compose_title` builds the title of a composition (an edition with house rules)
in one language; its patterns are the only wording here, one line per language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

#: The languages a ruleset's texts may be given in (English first: the fallback).
LANGUAGES = ("en", "de", "ko", "eu")
FALLBACK = "en"
LANGUAGE_NAMES = {"en": "English", "de": "German", "ko": "Korean", "eu": "Basque"}


@dataclass(frozen=True)
class Localized:
    """A text with its translations, as ``(language, text)`` pairs (hashable; English first)."""

    texts: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, value: Any) -> "Localized":
        """From the YAML value: a string (English) or a mapping language -> text."""
        if isinstance(value, Mapping):
            pairs = [(str(k), str(v)) for k, v in value.items()]
            pairs.sort(key=lambda kv: (kv[0] != FALLBACK, kv[0]))
            return cls(tuple(pairs))
        return cls(((FALLBACK, str(value)),))

    @property
    def english(self) -> str:
        return self.in_lang(FALLBACK)

    def in_lang(self, lang: str) -> str:
        """The text in ``lang``, else in English, else the first one given."""
        found = dict(self.texts)
        return found.get(lang) or found.get(FALLBACK) or (self.texts[0][1] if self.texts else "")

    def has(self, lang: str) -> bool:
        return any(k == lang for k, _ in self.texts)

    def __str__(self) -> str:
        return self.english


def english(value: Any) -> str | None:
    """The English text of a YAML value that may be a translations mapping (None stays None)."""
    return None if value is None else Localized.of(value).english


# How a composition is titled: the edition's name, then the house rules' names.
_ONE_HOUSE = {
    "en": "{edition}, with the house rule “{house}”",
    "de": "{edition}, mit Hausregel „{house}“",
    "ko": "{edition}, 하우스 룰 ‘{house}’ 적용",
    "eu": "{edition}, «{house}» etxeko arauarekin",
}
_HOUSES = {
    "en": ("{edition}, with the house rules {houses}", "“{}”", ", ", " and "),
    "de": ("{edition}, mit den Hausregeln {houses}", "„{}“", ", ", " und "),
    "ko": ("{edition}, 하우스 룰 {houses} 적용", "‘{}’", ", ", ", "),
    "eu": ("{edition}, {houses} etxeko arauekin", "«{}»", ", ", " eta "),
}


# How the rules set on the command line join the title: ", played to 300 points and ...".
_PLAYED_AND = {"en": " and ", "de": " und ", "ko": ", ", "eu": " eta "}


def compose_title(lang: str, edition: str | None, houses: Sequence[str], played: Sequence[str] = ()) -> str:
    """``edition`` with ``houses`` applied, titled in ``lang`` (English patterns for a language
    without its own); house rules without an edition are joined with ``+``. ``played``: the
    rules set on the command line in the language's words ("gespielt bis 300 Punkte"), appended."""
    title = _houses_title(lang, edition, houses)
    if not played:
        return title
    last = _PLAYED_AND.get(lang, _PLAYED_AND[FALLBACK])
    said = list(played) if len(played) < 2 else [", ".join(played[:-1]) + last + played[-1]]
    return ", ".join([title, *said]) if title else said[0]


def _houses_title(lang: str, edition: str | None, houses: Sequence[str]) -> str:
    if edition is None:
        return " + ".join(houses)
    if not houses:
        return edition
    if len(houses) == 1:
        return _ONE_HOUSE.get(lang, _ONE_HOUSE[FALLBACK]).format(edition=edition, house=houses[0])
    pattern, mark, comma, last = _HOUSES.get(lang, _HOUSES[FALLBACK])
    marked = [mark.format(h) for h in houses]
    return pattern.format(edition=edition, houses=comma.join(marked[:-1]) + last + marked[-1])
