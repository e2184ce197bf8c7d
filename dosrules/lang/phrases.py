"""A phrase table: message keys, each with its text in every language (``str.format`` fields).

Every table registers itself in :data:`TABLES`, so that one test holds every key of every table
to all four languages and to the same fields in each.
"""

from __future__ import annotations

import re
import string
from typing import Mapping

from ..ruleset.localized import FALLBACK, LANGUAGES

__all__ = ["Phrases", "TABLES", "fields_of", "korean_particles", "row"]

TABLES: list["Phrases"] = []


# Korean double particles (이(가), 은(는), 을(를), 와(과), (으)로) settled by the sound before them:
# after a number by how it is read (자리 0이: 영, 자리 2가: 이, 3으로: 삼, 1로: 일, for ㄹ takes 로;
# a reading ends in a consonant when the last digit is 0 (영, 십, 백...), 1, 3, 6, 7 or 8, in ㄹ when
# it is 1, 7 or 8); after a Hangul syllable by its final consonant (승자로, 넘김으로, 끝내기를).
_PARTICLE = re.compile(r"([0-9\uac00-\ud7a3])(이\(가\)|은\(는\)|을\(를\)|와\(과\)|\(으\)로)")
_FORMS = {"이(가)": ("이", "가"), "은(는)": ("은", "는"), "을(를)": ("을", "를"), "와(과)": ("과", "와")}


def _final(char: str) -> tuple[bool, bool]:
    """(ends in a consonant, that consonant is ㄹ) for a digit or a Hangul syllable."""
    if char.isdigit():
        return char in "013678", char in "178"
    final = (ord(char) - 0xAC00) % 28
    return final != 0, final == 8


def _particle(m: re.Match) -> str:
    char, both = m.group(1), m.group(2)
    consonant, rieul = _final(char)
    if both == "(으)로":
        return char + ("으로" if consonant and not rieul else "로")
    after_consonant, after_vowel = _FORMS[both]
    return char + (after_consonant if consonant else after_vowel)


def korean_particles(text: str) -> str:
    """``text`` with each double particle after a digit or a Hangul syllable settled; after a
    card code or a name in Latin letters it stays double (이(가))."""
    return _PARTICLE.sub(_particle, text)


def row(en: str, de: str, ko: str, eu: str) -> dict[str, str]:
    """One key's texts, in the order every table writes them."""
    return {"en": en, "de": de, "ko": ko, "eu": eu}


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
        text = (texts.get(lang) or texts[FALLBACK]).format(**fields)
        return korean_particles(text) if lang == "ko" else text

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
