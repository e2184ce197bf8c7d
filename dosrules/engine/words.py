"""Cards and actions in a player's words, from the notation the engine speaks: ``7r`` "a red 7",
``match 7r with 3r+4b`` "match the red 7 with the red 3 and the blue 4". Reports (comparison)
and answers (disputes) say them so; the notation stays for what a player types.

Every function takes ``lang`` (en, de, ko, eu; English by default), in the vocabulary the
rulebooks use (docs/rulebooks/README.md): German *Joker 2*, *Joker #*, *abdecken* for matching,
*Mittelreihe*; Korean 센터 로우, 와일드 DOS, 매치; Basque Erdiko Errenkada, parekatu. An action is
said as the infinitive a sentence continues ("you may …", "du darfst …", "… dezakezu"; Korean
"…하기").
"""

from __future__ import annotations

from typing import Sequence

from ..ruleset.cards import Kind, NotationError, parse_declared
from .actions import ActionNotationError, CatchDos, Declare, Match, Place, parse_action

__all__ = ["join_words", "card_words", "action_words", "colour_word"]

_AND = {"en": "and", "de": "und", "ko": "", "eu": "eta"}
_COLOUR = {  # the colour as an adjective (German: the stem, declined below)
    "en": {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow"},
    "de": {"red": "rot", "blue": "blau", "green": "grün", "yellow": "gelb"},
    "ko": {"red": "빨간색", "blue": "파란색", "green": "초록색", "yellow": "노란색"},
    "eu": {"red": "gorri", "blue": "urdin", "green": "berde", "yellow": "hori"},
}
_COLOUR_NOUN = {"de": {"red": "Rot", "blue": "Blau", "green": "Grün", "yellow": "Gelb"}}


def colour_word(colour: str, lang: str = "en") -> str:
    """A colour ("red", "blue", ...) in ``lang`` as an adjective stem (German "rot")."""
    return _COLOUR.get(lang, _COLOUR["en"])[colour]


def join_words(items: Sequence[str], last: str = "and", lang: str = "en") -> str:
    """"a", "a and b", "a, b and c" (``lang``: its "and"; Korean lists with commas)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    word = last if lang == "en" else _AND.get(lang, last)
    if not word:
        return ", ".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def card_words(text: str, article: str = "a", lang: str = "en") -> str:
    """A card in words: ``7r`` "a red 7", ``#y=2`` "a yellow Wild # as 2", ``W2=b`` "a Wild DOS
    as blue". ``article`` "the" or "" changes the article, "with" is the form after "with" (German
    dative, Basque comitative); unknown notation is returned as it is."""
    try:
        d = parse_declared(text.rstrip("*"))
    except NotationError:
        return text
    card = d.card
    if lang == "de":
        return _card_de(card, d, article)
    if lang == "ko":
        return _card_ko(card, d)
    if lang == "eu":
        return _card_eu(card, d, article)
    if card.kind is Kind.NUMBER:
        words = f"{card.colour.value} {card.number}"
    elif card.kind is Kind.WILD_NUMBER:
        words = f"{card.colour.value} Wild #" + (f" as {d.value}" if d.value is not None else "")
    else:
        words = "Wild DOS" + (f" as {d.colour.value}" if d.colour is not None else "")
    if article == "with":
        article = "the"
    if article == "a":
        article = "an" if words[0] in "aeiou" else "a"
    return f"{article} {words}".strip()


def _card_de(card, d, article: str) -> str:
    # a number card is feminine (die Karte, die Sieben), a Joker masculine; "the" is accusative
    col = colour_word(card.colour.value, "de") if card.colour is not None else ""
    if card.kind is Kind.NUMBER:
        forms = {"a": f"eine {col}e", "the": f"die {col}e", "with": f"der {col}en", "": f"{col}e"}
        return f"{forms.get(article, forms[''])} {card.number}"
    if card.kind is Kind.WILD_NUMBER:
        forms = {"a": f"einen {col}en", "the": f"den {col}en", "with": f"dem {col}en", "": f"{col}er"}
        return f"{forms.get(article, forms[''])} Joker #" + (f" als {d.value}" if d.value is not None else "")
    forms = {"a": "einen ", "the": "den ", "with": "dem ", "": ""}
    return (f"{forms.get(article, '')}Joker 2"
            + (f" als {_COLOUR_NOUN['de'][d.colour.value]}" if d.colour is not None else ""))


def _card_ko(card, d) -> str:
    if card.kind is Kind.NUMBER:
        return f"{colour_word(card.colour.value, 'ko')} {card.number}"
    if card.kind is Kind.WILD_NUMBER:
        return f"{colour_word(card.colour.value, 'ko')} 와일드 #" + (f"({d.value})" if d.value is not None else "")
    return "와일드 DOS" + (f"({colour_word(d.colour.value, 'ko')})" if d.colour is not None else "")


def _card_eu(card, d, article: str) -> str:
    # the article is a suffix: -a (the), bat (a), -arekin (with)
    end = {"a": " bat", "the": "a", "with": "arekin", "": ""}.get(article, "")
    if card.kind is Kind.NUMBER:
        return f"{card.number} {colour_word(card.colour.value, 'eu')}{end}"
    if card.kind is Kind.WILD_NUMBER:
        return (f"Wild # {colour_word(card.colour.value, 'eu')}{end}"
                + (f" ({d.value} gisa)" if d.value is not None else ""))
    end = {"a": " bat", "the": "-a", "with": "-arekin", "": ""}.get(article, "")
    return f"Wild DOS{end}" + (f" ({colour_word(d.colour.value, 'eu')} gisa)" if d.colour is not None else "")


_SIMPLE = {
    "en": {"draw": "draw", "end": "end the turn", "call-dos": "call DOS", "pass": "not catch"},
    "de": {"draw": "eine Karte ziehen", "end": "den Zug beenden", "call-dos": "DOS rufen", "pass": "nicht erwischen"},
    "ko": {"draw": "카드 한 장 뽑기", "end": "차례 끝내기", "call-dos": "DOS 외치기", "pass": "잡지 않기"},
    "eu": {"draw": "karta bat hartu", "end": "txanda amaitu", "call-dos": "DOS esan", "pass": "ez harrapatu"},
}


def _card(text: str, article: str, lang: str, notation: bool) -> str:
    if not notation:
        return card_words(text, article, lang)
    return f"{text}-rekin" if lang == "eu" and article == "with" else text


def action_words(text: str, lang: str = "en", notation: bool = False) -> str:
    """An action in words: "match the red 7 with the red 3 and the blue 4", "draw", "place the
    blue 8" (German "die rote 7 mit der roten 3 und der blauen 4 abdecken"); ``notation``: the
    cards as written ("7r mit 3r und 4b abdecken")."""
    try:
        action = parse_action(text)
    except (ActionNotationError, NotationError):
        return text
    if isinstance(action, Match):
        target = _card(str(action.target), "the", lang, notation)
        cards = [_card(str(d), "with", lang, notation) for d in action.cards]
        return {
            "en": lambda: f"match {target} with {join_words(cards)}",
            "de": lambda: f"{target} mit {join_words(cards, lang='de')} abdecken",
            "ko": lambda: f"{target} 카드를 {join_words(cards, lang='ko')} 카드로 매치하기",
            "eu": lambda: f"{target} {join_words(cards, lang='eu')} parekatu",
        }.get(lang, lambda: f"match {target} with {join_words(cards)}")()
    if isinstance(action, Place):
        card = _card(str(action.card), "the", lang, notation)
        return {"en": f"put {card} in the Centre Row", "de": f"{card} in die Mittelreihe legen",
                "ko": f"{card} 카드를 센터 로우에 놓기", "eu": f"{card} Erdiko Errenkadan jarri"}.get(lang, card)
    if isinstance(action, CatchDos):
        s = action.seat
        return {"en": f"catch seat {s} not calling DOS", "de": f"Platz {s} beim Nicht-Rufen von DOS erwischen",
                "ko": f"DOS를 외치지 않은 자리 {s} 잡기", "eu": f"DOS esan ez duen {s}. jokalaria harrapatu"}[
            lang if lang in _SIMPLE else "en"]
    if isinstance(action, Declare):
        card = _card(str(action.card), "the", lang, notation)
        return {"en": f"declare {card}", "de": f"{card} ansagen", "ko": f"{card} 선언하기",
                "eu": f"{card} adierazi"}.get(lang, f"declare {card}")
    return _SIMPLE.get(lang, _SIMPLE["en"]).get(text, text)
