"""Cards and their one text form, shared by the engine, logs, scenarios, verifier and documents.

Notation (parses back to the same value):

====================  ===================================================
``7r``, ``10y``        number card: number + colour letter (b, g, r, y)
``#g``                 Wild #, printed colour green
``#g=5``               Wild # declared as 5
``W2``                 Wild DOS
``W2=r``               Wild DOS declared red
====================  ===================================================

Copies of a card are interchangeable, so a card is its face; the deck is a tuple of faces.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from .model import Colour, Deck, Scoring

COLOUR_BY_LETTER = {c.letter: c for c in Colour}


class Kind(enum.Enum):
    NUMBER = "number"
    WILD_NUMBER = "wild-number"  # Wild #
    WILD_DOS = "wild-dos"


class NotationError(ValueError):
    """Text that is not a card or a declared card; the message says what was expected."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card face. ``number`` is set for number cards; ``colour`` for all but Wild DOS."""

    kind: Kind
    number: int | None = None
    colour: Colour | None = None

    def __str__(self) -> str:
        if self.kind is Kind.NUMBER:
            return f"{self.number}{self.colour.letter}"
        if self.kind is Kind.WILD_NUMBER:
            return f"#{self.colour.letter}"
        return "W2"

    def __repr__(self) -> str:
        return f"card({str(self)!r})"

    @property
    def is_wild(self) -> bool:
        return self.kind is not Kind.NUMBER


@dataclass(frozen=True, slots=True)
class Declared:
    """A card with what its player declared: a Wild # value, or a Wild DOS colour."""

    card: Card
    value: int | None = None  # Wild # only
    colour: Colour | None = None  # Wild DOS only

    def __str__(self) -> str:
        if self.value is not None:
            return f"{self.card}={self.value}"
        if self.colour is not None:
            return f"{self.card}={self.colour.letter}"
        return str(self.card)

    def __repr__(self) -> str:
        return f"declared({str(self)!r})"


_CARD = re.compile(r"^(?:(?P<num>10|[1-9])(?P<col>[bgry])|#(?P<wcol>[bgry])|(?P<dos>W2))(?:=(?P<decl>10|[1-9]|[bgry]))?$")

CARD_HELP = "a card is 7r, 10y (number + b/g/r/y), #g (Wild #), W2 (Wild DOS); a wild may carry a declaration: #g=5, W2=r"


def parse_declared(text: str) -> Declared:
    """Parse ``7r``, ``#g=5``, ``W2=r`` (a declaration only on the wild it fits)."""
    m = _CARD.match(text.strip())
    if not m:
        raise NotationError(f"'{text}' is not a card: {CARD_HELP}")
    decl = m["decl"]
    if m["num"]:
        if decl:
            raise NotationError(f"'{text}': only wild cards take a declaration")
        return Declared(Card(Kind.NUMBER, int(m["num"]), COLOUR_BY_LETTER[m["col"]]))
    if m["wcol"]:
        card = Card(Kind.WILD_NUMBER, None, COLOUR_BY_LETTER[m["wcol"]])
        if decl and not decl.isdigit():
            raise NotationError(f"'{text}': a Wild # is declared as a number, e.g. {card}=5")
        return Declared(card, int(decl) if decl else None)
    card = Card(Kind.WILD_DOS)
    if decl and decl.isdigit():
        raise NotationError(f"'{text}': a Wild DOS is declared as a colour, e.g. W2=r")
    return Declared(card, None, COLOUR_BY_LETTER[decl] if decl else None)


def parse_card(text: str) -> Card:
    """Parse a bare card (``7r``, ``#g``, ``W2``)."""
    declared = parse_declared(text)
    if declared.value is not None or declared.colour is not None:
        raise NotationError(f"'{text}': a bare card is expected here, without '='")
    return declared.card


def parse_cards(text: str) -> list[Card]:
    """Parse a space-separated list of bare cards."""
    return [parse_card(t) for t in text.split()]


def format_cards(cards) -> str:
    return " ".join(str(c) for c in cards)


def make_deck(deck: Deck) -> tuple[Card, ...]:
    """Every card of a deck, in a fixed order (colour, then number, then wilds)."""
    cards: list[Card] = []
    for colour in deck.colours:
        for number, copies in deck.numbers.items():
            cards += [Card(Kind.NUMBER, number, colour)] * copies
        cards += [Card(Kind.WILD_NUMBER, None, colour)] * deck.wild_number_per_colour
    cards += [Card(Kind.WILD_DOS)] * deck.wild_dos
    return tuple(cards)


def points(card: Card, scoring: Scoring) -> int:
    """What a card left in hand scores for the player who went out."""
    if card.kind is Kind.WILD_DOS:
        return scoring.wild_dos
    if card.kind is Kind.WILD_NUMBER:
        return scoring.wild_number
    return card.number if scoring.number_cards_face_value else 0
