"""Actions: small values (``engine.values``) with one text form that parses back.

=========================  ============================================================
``match 7r with 3r+4r``     a double match on a Centre Row 7r
``match 7r with 7b``        a single match
``match W2=r with 1r+#r=1`` a wild in the row carries the matcher's declaration
``match #g=7 with 7g``      (when the rules let the matcher declare it)
``draw``                    draw one card from the deck
``place 9b``                put a card from hand into the Centre Row
``end``                     end the turn (or, after a bonus placement, pass it on)
``call-dos``                call "DOS"
``catch-dos 2``             catch seat 2 not calling DOS
``pass``                    decline a catch
``declare #g=5``            declare a wild that entered the Centre Row (placer-declares)
=========================  ============================================================

Seats are numbered from 0. Copies of a card are interchangeable: an action names faces and the
engine resolves each face to a concrete card. The two cards of a double match are kept in a
canonical order, so ``3r+4r`` and ``4r+3r`` are the same action.
"""

from __future__ import annotations

import re
from typing import ClassVar

from ..ruleset.cards import Declared, Kind, NotationError, parse_declared
from .values import Value

__all__ = [
    "Action", "Match", "Draw", "Place", "End", "CallDos", "CatchDos", "Pass", "Declare",
    "ActionNotationError", "parse_action", "ACTION_HELP",
]

ACTION_HELP = ("an action is 'match 7r with 3r+4r', 'match 7r with 7b', 'draw', 'place 9b', 'end', "
               "'call-dos', 'catch-dos 2', 'pass' or 'declare #g=5'")

_KIND_RANK = {Kind.NUMBER: 0, Kind.WILD_NUMBER: 1, Kind.WILD_DOS: 2}


def declared_key(d: Declared) -> tuple:
    """Sort key of a (declared) card: numbers by value, then Wild #, then Wild DOS."""
    c = d.card
    return (_KIND_RANK[c.kind], c.number or 0, c.colour.letter if c.colour else "",
            d.value or 0, d.colour.letter if d.colour else "")


class ActionNotationError(NotationError):
    """Text that is not an action; the message says what was expected."""


class Action(Value):
    """Base of all actions. ``str(action)`` is its notation; ``parse_action`` reads it back.
    Actions are values (``engine.values``): equal when of one class with equal fields."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"action({str(self)!r})"


class Match(Action):
    """Match the Centre Row card ``target`` with one or two hand cards (kept in canonical order;
    ``ordered``: the caller gives them in that order already)."""

    __slots__ = ("target", "cards")
    fields: ClassVar[tuple[str, ...]] = ("target", "cards")
    target: Declared
    cards: tuple[Declared, ...]

    def __init__(self, target: Declared, cards: tuple[Declared, ...], *, ordered: bool = False) -> None:
        if not ordered and len(cards) == 2 and declared_key(cards[1]) < declared_key(cards[0]):
            cards = (cards[1], cards[0])
        self.target = target
        self.cards = cards

    @classmethod
    def trusted(cls, target: Declared, cards: tuple[Declared, ...]) -> "Match":
        """A Match whose cards are already in canonical order (a fast path for agents)."""
        return Match(target, cards, ordered=True)

    def __str__(self) -> str:
        return f"match {self.target} with {'+'.join(map(str, self.cards))}"


class Draw(Action):
    __slots__ = ()

    def __str__(self) -> str:
        return "draw"


class Place(Action):
    """Put ``card`` from hand into the Centre Row (after a failed draw, or as a bonus card)."""

    __slots__ = ("card",)
    fields: ClassVar[tuple[str, ...]] = ("card",)
    card: Declared

    def __init__(self, card: Declared) -> None:
        self.card = card

    def __str__(self) -> str:
        return f"place {self.card}"


class End(Action):
    __slots__ = ()

    def __str__(self) -> str:
        return "end"


class CallDos(Action):
    __slots__ = ()

    def __str__(self) -> str:
        return "call-dos"


class CatchDos(Action):
    """Catch the player in ``seat`` who did not call DOS."""

    __slots__ = ("seat",)
    fields: ClassVar[tuple[str, ...]] = ("seat",)
    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def __str__(self) -> str:
        return f"catch-dos {self.seat}"


class Pass(Action):
    """Decline to catch."""

    __slots__ = ()

    def __str__(self) -> str:
        return "pass"


class Declare(Action):
    """Declare the value or colour of a wild that entered the Centre Row (placer-declares)."""

    __slots__ = ("card",)
    fields: ClassVar[tuple[str, ...]] = ("card",)
    card: Declared

    def __init__(self, card: Declared) -> None:
        self.card = card

    def __str__(self) -> str:
        return f"declare {self.card}"


DRAW, END, CALL_DOS, PASS = Draw(), End(), CallDos(), Pass()
_SIMPLE = {"draw": DRAW, "end": END, "call-dos": CALL_DOS, "pass": PASS}
_MATCH = re.compile(r"^match\s+(\S+)\s+with\s+(\S+?)(?:\s*\+\s*(\S+))?$")


def _declared(text: str, whole: str) -> Declared:
    try:
        return parse_declared(text)
    except NotationError as err:
        raise ActionNotationError(f"'{whole}': {err}") from None


def parse_action(text: str) -> Action:
    """Parse the notation of one action; raises :class:`ActionNotationError`."""
    if not isinstance(text, str):
        raise ActionNotationError(f"{text!r} is not text: {ACTION_HELP}")
    t = " ".join(text.split())
    if t in _SIMPLE:
        return _SIMPLE[t]
    m = _MATCH.match(t)
    if m:
        cards = tuple(_declared(x, t) for x in (m[2], m[3]) if x is not None)
        return Match(_declared(m[1], t), cards)
    word, _, rest = t.partition(" ")
    if word in ("place", "declare") and rest and " " not in rest:
        d = _declared(rest, t)
        return Place(d) if word == "place" else Declare(d)
    if word == "catch-dos":
        if rest.isdigit():
            return CatchDos(int(rest))
        raise ActionNotationError(f"'{t}': catch-dos takes a seat number, e.g. 'catch-dos 2'")
    raise ActionNotationError(f"'{text}' is not an action: {ACTION_HELP}")
