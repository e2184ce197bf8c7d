"""A rule set on the command line (``mattel-2018@target=300``) is named in the reader's words:
in the title (``Ruleset.name_in``), the rulebook's opening line and its house-rule list, in every
language, with no rule path and no English left in the German, Korean and Basque text."""

from __future__ import annotations

import enum
import re
import typing

import pytest

from dosrules import load_ruleset
from dosrules.errors import DosrulesError
from dosrules.rulebook import languages, render_against, render_rulebook
from dosrules.rulebook.render import played_phrases
from dosrules.ruleset.model import UNSPECIFIED, rule_paths

from test_docs import BASE, variants, with_rule

TRANSLATED = [lang for lang in languages() if lang != "en"]
#: words of the English phrases that must not stand in another language's phrase
ENGLISH = re.compile(r"\b(?:with|the|rule|played|dealt|player|players|points?|cards?|each|to|of)\b")
PLAYERS_WORDS = {"en": "with 2 players", "de": "bei 2 Spielern", "ko": "2명일 때", "eu": "2 jokalarirekin"}


def yaml_value(value) -> str:
    """A rule value as the command line writes it."""
    if value is UNSPECIFIED:
        return "unspecified"
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(yaml_value(v) for v in value) + "]"
    if isinstance(value, typing.Mapping):
        return "{" + ", ".join(f"{k}: {yaml_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def _deck_sums(path: str, value) -> str:
    """The settings that keep the deck's sums right when ``path`` (a deck rule) changes."""
    if not path.startswith("deck.") or path in ("deck.per_colour", "deck.total"):
        return ""
    deck = with_rule(BASE.rules, path, value).deck
    per_colour = sum(deck.numbers.values()) + deck.wild_number_per_colour
    total = per_colour * len(deck.colours) + deck.wild_dos
    return f"@deck.per_colour={per_colour}@deck.total={total}"


def settable(path: str, prefix: str = ""):
    """The first other value of ``path`` that the loader accepts on the command line, loaded."""
    for value in variants(BASE.rules, path):
        try:
            return load_ruleset(f"mattel-2018@{prefix}{path}={yaml_value(value)}{_deck_sums(path, value)}")
        except DosrulesError:
            continue
    return None


SETTABLE = {path: settable(path) for path in rule_paths()}


def test_nearly_every_rule_path_can_be_set():
    refused = sorted(p for p, r in SETTABLE.items() if r is None)
    assert len(refused) <= 2, refused  # the deck's totals are sums: set with what they sum


def _check_words(lang: str, phrase: str, english: str) -> None:
    assert phrase, f"{lang}: no words"
    assert not [p for p in rule_paths() if p in phrase] and "_" not in phrase and "@" not in phrase, phrase
    if lang != "en":
        assert phrase != english, f"{lang}: left in English: {phrase}"
        assert not ENGLISH.search(phrase), f"{lang}: English words in {phrase!r}"
    if lang == "ko":
        assert not re.search(r"[A-Za-z]", phrase.replace("DOS", "")), phrase


@pytest.mark.parametrize("path", [p for p in rule_paths() if SETTABLE[p] is not None])
def test_every_settable_rule_is_named_in_every_language(path):
    ruleset = SETTABLE[path]
    english = played_phrases(ruleset, "en")
    for lang in languages():
        phrases = played_phrases(ruleset, lang)
        assert len(phrases) == len(english) >= 1
        for phrase, en in zip(phrases, english):
            _check_words(lang, phrase, en)
        title = ruleset.name_in(lang, phrases)
        assert title.startswith(BASE.name_in(lang)) and title.endswith(phrases[-1])
        # the value is in the words: another value of the same rule reads differently
    assert played_phrases(ruleset, "de") != played_phrases(BASE, "de")


@pytest.mark.parametrize("path", ["target", "setup.hand_size", "setup.direction", "dos_call.catch_penalty"])
def test_a_setting_for_one_player_count_says_the_count(path):
    ruleset = settable(path, "by_players.2.")
    assert ruleset is not None
    for lang in languages():
        (phrase,) = played_phrases(ruleset, lang)
        assert PLAYERS_WORDS[lang] in phrase
        _check_words(lang, phrase, played_phrases(ruleset, "en")[0])


@pytest.mark.parametrize("lang", languages())
def test_rulebook_title_opening_line_and_house_list_name_the_settings(lang):
    ruleset = load_ruleset("mattel-2018+reshuffle@target=300@by_players.2.setup.hand_size=10")
    phrases = played_phrases(ruleset, lang)
    assert len(phrases) == 2
    text = render_rulebook(ruleset, lang=lang)
    title, _, rest = text.partition("\n")
    opening = rest.split("## ")[0]
    assert ruleset.part("reshuffle").name.in_lang(lang) in title
    assert all(p in title and p in opening for p in phrases)
    assert "300" in phrases[0] and "10" in phrases[1]
    if lang != "en":
        body = text.split("\n## ")[0]
        assert "target" not in body and "hand_size" not in body and "@" not in body
    sheet = render_against(ruleset, BASE, lang=lang)
    assert all(p in sheet.partition("\n")[0] for p in phrases)
    if lang == "de":
        assert title == ("# DOS nach der Mattel-Anleitung 2018 (FRM36), mit Hausregel „Ablagestapel neu mischen“, "
                         "gespielt bis 300 Punkte und bei 2 Spielern mit 10 Handkarten")
