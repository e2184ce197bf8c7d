"""Cards and actions in a player's words, from the notation the engine speaks: ``7r`` "a red 7",
``match 7r with 3r+4b`` "match the red 7 with the red 3 and the blue 4". Reports (comparison)
and answers (disputes) say them so; the notation stays for what a player types."""

from __future__ import annotations

from typing import Sequence

from ..ruleset.cards import Kind, NotationError, parse_declared
from .actions import ActionNotationError, CatchDos, Declare, Match, Place, parse_action

__all__ = ["join_words", "card_words", "action_words"]


def join_words(items: Sequence[str], last: str = "and") -> str:
    """"a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def card_words(text: str, article: str = "a") -> str:
    """A card in words: ``7r`` "a red 7", ``#y=2`` "a yellow Wild # as 2", ``W2=b`` "a Wild DOS
    as blue". ``article`` "the" or "" changes the article; unknown notation is returned as it is."""
    try:
        d = parse_declared(text.rstrip("*"))
    except NotationError:
        return text
    card = d.card
    if card.kind is Kind.NUMBER:
        words = f"{card.colour.value} {card.number}"
    elif card.kind is Kind.WILD_NUMBER:
        words = f"{card.colour.value} Wild #" + (f" as {d.value}" if d.value is not None else "")
    else:
        words = "Wild DOS" + (f" as {d.colour.value}" if d.colour is not None else "")
    if article == "a":
        article = "an" if words[0] in "aeiou" else "a"
    return f"{article} {words}".strip()


def action_words(text: str) -> str:
    """An action in words: "match the red 7 with the red 3 and the blue 4", "draw", "place the blue 8"."""
    try:
        action = parse_action(text)
    except (ActionNotationError, NotationError):
        return text
    if isinstance(action, Match):
        cards = join_words([card_words(str(d), "the") for d in action.cards])
        return f"match {card_words(str(action.target), 'the')} with {cards}"
    if isinstance(action, Place):
        return f"put {card_words(str(action.card), 'the')} in the Centre Row"
    if isinstance(action, CatchDos):
        return f"catch seat {action.seat} not calling DOS"
    if isinstance(action, Declare):
        return f"declare {card_words(str(action.card), 'the')}"
    return {"draw": "draw", "end": "end the turn", "call-dos": "call DOS", "pass": "not catch"}.get(text, text)
