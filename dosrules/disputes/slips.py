"""Notation slips: an asked action that cannot mean what it says, whatever the rules.

A slip is not a rules verdict, so ``ask`` never answers one with "illegal": it stops with the
fix (exit 2). Two kinds:

- :func:`written_slip` — the action lacks what the notation always needs: the colour of a Wild
  DOS played from hand (``W2=r``), the number of a Wild # played from hand or matched in the
  Centre Row (``#g=5``), the declaration in ``declare``. Found when the scenario is read.
- :func:`position_slip` — the action names a card the player does not hold, or a Centre Row
  card that is not there, at the moment it is taken. Found while the scenario is played.

A declaration that only some rulesets ask for (the colour of a Wild DOS lying in the Centre Row
is named by the matcher under some rulesets, by nobody under others) is not a slip: the
verdict fills it per ruleset (:mod:`.verdict`).
"""

from __future__ import annotations

from collections import Counter

from ..engine.actions import Action, CatchDos, Declare, Match, Place
from ..ruleset.cards import Declared, Kind

__all__ = ["Slip", "written_slip", "position_slip"]


class Slip:
    """What is wrong with an action as written, and the action as it should be written."""

    def __init__(self, what: str, fix: str):
        self.what, self.fix = what, fix

    def __repr__(self) -> str:
        return f"Slip({self.what!r})"


def _colour_hint(target: Declared) -> str:
    """A colour letter to show in a fix: the target's own colour when it has one."""
    colour = target.colour or target.card.colour
    return colour.letter if colour is not None else "r"


def _number(d: Declared) -> int | None:
    return d.card.number if d.card.kind is Kind.NUMBER else None


def written_slip(action: Action, text: str) -> Slip | None:
    """The slip in ``action`` (parsed from ``text``) that no ruleset could read past, if any."""
    if isinstance(action, Declare):
        d = action.card
        if d.card.is_wild and d.value is None and d.colour is None:
            example = "W2=r" if d.card.kind is Kind.WILD_DOS else f"{d.card}=5"
            return Slip(f"'{text}' declares nothing: a wild that entered the Centre Row is declared as "
                        f"{'a colour' if d.card.kind is Kind.WILD_DOS else 'a number'}",
                        f"Write 'declare {example}'.")
        return None
    if not isinstance(action, Match):
        return None
    target, cards = action.target, action.cards
    for i, d in enumerate(cards):
        if d.card.kind is Kind.WILD_DOS and d.colour is None:
            fixed = _rewrite(action, i, f"W2={_colour_hint(target)}")
            return Slip(f"'{text}': a Wild DOS in a match needs its colour: W2={_colour_hint(target)}",
                        f"Name the colour you play it as, e.g. '{fixed}' (b, g, r or y).")
        if d.card.kind is Kind.WILD_NUMBER and d.value is None:
            other = [_number(x) for j, x in enumerate(cards) if j != i]
            want = _number(target)
            value = (want - sum(other)) if want is not None and None not in other else None
            value = value if value is not None and value > 0 else 5
            fixed = _rewrite(action, i, f"{d.card}={value}")
            return Slip(f"'{text}': a Wild # in a match needs its number: {d.card}={value}",
                        f"Name the number you play it as, e.g. '{fixed}'.")
    if target.card.kind is Kind.WILD_NUMBER and target.value is None:
        numbers = [_number(x) if x.card.kind is Kind.NUMBER else x.value for x in cards]
        value = sum(numbers) if None not in numbers else 5
        fixed = str(action).replace(f"match {target}", f"match {target.card}={value}", 1)
        return Slip(f"'{text}': a Wild # in the Centre Row is matched as a number: {target.card}={value}",
                    f"Name the number you match it as, e.g. '{fixed}'.")
    return None


def _rewrite(m: Match, index: int, card: str) -> str:
    parts = [str(d) for d in m.cards]
    parts[index] = card
    return f"match {m.target} with {'+'.join(parts)}"


def position_slip(state, action: Action, seat: int) -> Slip | None:
    """The card ``action`` names that is not where it says (a hand card not held, a Centre Row card
    not in the row), at this moment of ``state``; ``seat`` is the player who takes it."""
    if isinstance(action, Match):
        need = Counter(d.card for d in action.cards)
        have = Counter(state.hands[seat])
        for card, k in need.items():
            if have[card] < k:
                return Slip(f"'{action}': seat {seat} holds {'only one' if have[card] else 'no'} {card}",
                            _holds(state, seat))
        if action.target.card not in state.row:
            shown = " ".join(map(str, state.row)) or "(empty)"
            return Slip(f"'{action}': there is no {action.target.card} in the Centre Row",
                        f"The Centre Row holds {shown} at this point.")
    elif isinstance(action, Place) and action.card.card not in state.hands[seat]:
        return Slip(f"'{action}': seat {seat} holds no {action.card.card}", _holds(state, seat))
    elif isinstance(action, CatchDos) and action.seat >= state.players:
        return Slip(f"'{action}': there is no seat {action.seat} in a game of {state.players} players",
                    f"Seats are numbered 0 to {state.players - 1}.")
    return None


def _holds(state, seat: int) -> str:
    held = " ".join(map(str, state.hands[seat])) or "no cards"
    drawn = ("; the card drawn this turn is the one you give as the deck's top (--deck, or deck: {top: ...} "
             "in a scenario file)" if state.drew else "")
    return f"Seat {seat} holds {held} at this point{drawn}."
