"""Names, descriptions and notes in the reader's language (dosrules.ruleset.localized)."""

from __future__ import annotations

import pytest

from dosrules import load_ruleset
from dosrules.ruleset.localized import LANGUAGES, Localized, compose_title
from dosrules.ruleset.loader import shipped_rulesets


def test_a_plain_string_is_english_and_every_language_falls_back_to_it():
    text = Localized.of("Play to 500 points")
    assert text.english == "Play to 500 points" and text.in_lang("ko") == "Play to 500 points"
    both = Localized.of({"de": "Bis 500 Punkte spielen", "en": "Play to 500 points"})
    assert both.texts[0] == ("en", "Play to 500 points")  # English first, whatever the file's order
    assert both.in_lang("de") == "Bis 500 Punkte spielen" and both.in_lang("eu") == "Play to 500 points"


@pytest.mark.parametrize("lang, title", [
    ("en", "DOS, Mattel 2018 instruction sheet (FRM36), with the house rule “Reshuffle the discard pile when the deck runs out”"),
    ("de", "DOS nach der Mattel-Anleitung 2018 (FRM36), mit Hausregel „Ablagestapel neu mischen“"),
    ("ko", "DOS, 마텔 2018 설명서(FRM36), 하우스 룰 ‘뽑기 더미가 떨어지면 버림 더미 다시 섞기’ 적용"),
    ("eu", "DOS, Mattelen 2018ko argibide-orria (FRM36), «Sorta agortzean, bazterketa-pila berriro nahastu» etxeko arauarekin"),
])
def test_a_composition_is_titled_in_the_readers_language(lang, title):
    ruleset = load_ruleset("mattel-2018+reshuffle")
    assert ruleset.name_in(lang) == title
    assert ruleset.name == "DOS, Mattel 2018 instruction sheet (FRM36) + Reshuffle the discard pile when the deck runs out"


def test_several_house_rules_are_listed_in_the_languages_way():
    assert compose_title("de", "E", ["A", "B", "C"]) == "E, mit den Hausregeln „A“, „B“ und „C“"
    assert compose_title("eu", "E", ["A", "B"]) == "E, «A» eta «B» etxeko arauekin"
    assert compose_title("xx", "E", ["A"]) == "E, with the house rule “A”"  # no pattern: English
    assert compose_title("de", None, ["A", "B"]) == "A + B"


def test_translations_leave_the_content_hash_alone():
    """The canonical tree keeps the English names, so logs and stores keep their hashes."""
    ruleset = load_ruleset("mattel-2018+reshuffle")
    assert ruleset.tree["name"] == ruleset.name


@pytest.mark.parametrize("shipped", shipped_rulesets(), ids=lambda r: r.id)
def test_every_shipped_ruleset_is_named_and_described_in_every_language(shipped):
    editions = [r.id for r in shipped_rulesets() if r.kind == "edition"]
    spec = shipped.id if shipped.kind == "edition" else f"{editions[0]}+{shipped.id}"
    part = load_ruleset(spec).part(shipped.id)
    for lang in LANGUAGES:
        assert part.name.has(lang), f"{shipped.id}: no name in {lang}"
        assert part.description is not None and part.description.has(lang), f"{shipped.id}: no description in {lang}"
