"""Events: everything that happens in a game, as small frozen values with a text form.

``State.apply`` returns the events an action caused; ``State.events`` holds them all. Logs,
transcripts, statistics and documents read events, never the engine's internals. Each event
class has a ``kind`` (the name used in logs) and ``str()`` (one readable line).

Chance events say what the game's ``Chance`` decided: the cards dealt, drawn or turned up for
the Centre Row (the deck's order), a reshuffle, a dealer chosen by high card or by lot, and who
plays first by lot (``Event.is_chance()``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..ruleset.cards import Card, Declared

__all__ = [
    "Event", "DealerChosen", "Dealt", "TurnStarted", "Matched", "BonusEarned", "Drew", "Placed",
    "WildDeclared", "TurnEnded", "Refilled", "Reshuffled", "Buried", "DosCalled", "Caught",
    "CatchDeclined", "RuleGap", "RoundScored", "RoundVoid", "GameOver",
]


def _cards(cards) -> str:
    return " ".join(map(str, cards)) or "-"


class Event:
    __slots__ = ()
    kind = "event"
    chance = False  # what chance decided (see is_chance)

    def is_chance(self) -> bool:
        """True for an event that says what the game's Chance decided."""
        return self.chance

    def __repr__(self) -> str:
        return f"<{self.kind}: {self}>"

    def as_dict(self) -> dict:
        """Plain data for logs: ``{"kind": ..., field: value}``, cards in their notation."""
        out = {"kind": self.kind}
        for name in self.__dataclass_fields__:
            out[name] = _plain(getattr(self, name))
        return out


def _plain(value):
    if isinstance(value, (Card, Declared)):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True, slots=True, repr=False)
class DealerChosen(Event):
    """``how``: high-card, lot (rule unspecified, or a high-card tie that repeats: see
    ``rounds.MAX_DEALER_DRAWS``), previous-winner, same-dealer, pass-left."""

    seat: int
    how: str
    draws: tuple[Card | None, ...] = ()  # high-card: the card each seat drew (last round of ties)
    kind = "dealer"

    def is_chance(self) -> bool:
        return self.how in ("high-card", "lot")

    def __str__(self) -> str:
        drawn = f" (drew {_cards(c if c else '-' for c in self.draws)})" if self.draws else ""
        return f"seat {self.seat} deals: {self.how}{drawn}"


@dataclass(frozen=True, slots=True, repr=False)
class Dealt(Event):
    """``hands``: the cards dealt to each seat (by seat), as the round starts."""

    round: int
    dealer: int
    hand_size: int
    row: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...] = ()
    kind = "dealt"
    chance = True

    def __str__(self) -> str:
        return f"round {self.round}: seat {self.dealer} deals {self.hand_size} each; Centre Row {_cards(self.row)}"


@dataclass(frozen=True, slots=True, repr=False)
class TurnStarted(Event):
    seat: int
    row: tuple[Card, ...]
    kind = "turn"

    def __str__(self) -> str:
        return f"seat {self.seat} to play; Centre Row {_cards(self.row)}"


@dataclass(frozen=True, slots=True, repr=False)
class Matched(Event):
    seat: int
    target: Declared
    cards: tuple[Declared, ...]
    kind = "matched"

    def __str__(self) -> str:
        return f"seat {self.seat} matches {self.target} with {'+'.join(map(str, self.cards))}"


@dataclass(frozen=True, slots=True, repr=False)
class BonusEarned(Event):
    """``bonus``: single-colour or double-colour."""

    seat: int
    bonus: str
    place_cards: int
    others_draw: int
    kind = "bonus"

    def __str__(self) -> str:
        extra = f", every other player draws {self.others_draw}" if self.others_draw else ""
        return f"seat {self.seat} earns a {self.bonus} match bonus: {self.place_cards} card(s) to the row{extra}"


@dataclass(frozen=True, slots=True, repr=False)
class Drew(Event):
    """``reason``: draw, bonus (another's double colour match), penalty (caught)."""

    seat: int
    cards: tuple[Card, ...]
    reason: str
    kind = "drew"
    chance = True

    def __str__(self) -> str:
        return f"seat {self.seat} draws {len(self.cards)} ({self.reason}): {_cards(self.cards)}"


@dataclass(frozen=True, slots=True, repr=False)
class Placed(Event):
    """``reason``: failed-draw, declined-match, bonus."""

    seat: int
    card: Declared
    reason: str
    kind = "placed"

    def __str__(self) -> str:
        return f"seat {self.seat} places {self.card} in the Centre Row ({self.reason})"


@dataclass(frozen=True, slots=True, repr=False)
class WildDeclared(Event):
    """A wild that entered the Centre Row was declared (all-wild row: placer-declares)."""

    seat: int
    card: Declared
    kind = "declared"

    def __str__(self) -> str:
        return f"seat {self.seat} declares {self.card} in the Centre Row"


@dataclass(frozen=True, slots=True, repr=False)
class TurnEnded(Event):
    seat: int
    discarded: tuple[Card, ...]
    kind = "turn-ended"

    def __str__(self) -> str:
        return f"seat {self.seat} ends the turn; discards {_cards(self.discarded)}"


@dataclass(frozen=True, slots=True, repr=False)
class Refilled(Event):
    cards: tuple[Card, ...]
    row: tuple[Card, ...]
    kind = "refilled"
    chance = True

    def __str__(self) -> str:
        return f"Centre Row refilled with {_cards(self.cards)}: {_cards(self.row)}"


@dataclass(frozen=True, slots=True, repr=False)
class Reshuffled(Event):
    cards: int
    kind = "reshuffled"
    chance = True

    def __str__(self) -> str:
        return f"discard pile ({self.cards} cards) shuffled into a new deck"


@dataclass(frozen=True, slots=True, repr=False)
class Buried(Event):
    cards: tuple[Card, ...]
    kind = "buried"

    def __str__(self) -> str:
        return f"all-wild Centre Row buried: {_cards(self.cards)}"


@dataclass(frozen=True, slots=True, repr=False)
class DosCalled(Event):
    seat: int
    kind = "dos-called"

    def __str__(self) -> str:
        return f"seat {self.seat} calls DOS"


@dataclass(frozen=True, slots=True, repr=False)
class Caught(Event):
    """``when``: now (drawn at once) or end-of-turn (drawn when the caught player's turn ends)."""

    catcher: int
    seat: int
    penalty: int
    when: str
    kind = "caught"

    def __str__(self) -> str:
        return f"seat {self.catcher} catches seat {self.seat} not calling DOS: {self.penalty} card(s), {self.when}"


@dataclass(frozen=True, slots=True, repr=False)
class CatchDeclined(Event):
    catcher: int
    seat: int
    kind = "catch-declined"

    def __str__(self) -> str:
        return f"seat {self.catcher} does not catch seat {self.seat}"


@dataclass(frozen=True, slots=True, repr=False)
class RuleGap(Event):
    """Play reached a situation an ``unspecified`` rule decides. ``voids``: the round is void."""

    path: str
    situation: str
    voids: bool = True
    kind = "rule-gap"

    def is_chance(self) -> bool:
        return not self.voids  # a silence settled by lot

    def __str__(self) -> str:
        then = "the round is void" if self.voids else "settled by lot"
        return f"rule gap at {self.path}: {self.situation}; {then}"


@dataclass(frozen=True, slots=True, repr=False)
class RoundScored(Event):
    round: int
    winner: int
    points: int
    scores: tuple[int, ...]
    kind = "round-scored"

    def __str__(self) -> str:
        return f"round {self.round}: seat {self.winner} goes out and scores {self.points}; scores {list(self.scores)}"


@dataclass(frozen=True, slots=True, repr=False)
class RoundVoid(Event):
    round: int
    reason: str
    kind = "round-void"

    def __str__(self) -> str:
        return f"round {self.round} is void: {self.reason}"


@dataclass(frozen=True, slots=True, repr=False)
class GameOver(Event):
    """``winner`` is None when the game stopped at ``max_rounds`` before anyone reached the target."""

    winner: int | None
    scores: tuple[int, ...]
    reason: str
    kind = "game-over"

    def __str__(self) -> str:
        who = f"seat {self.winner} wins" if self.winner is not None else "no winner"
        return f"game over ({self.reason}): {who}; scores {list(self.scores)}"


def _fast_init(cls: type) -> None:
    """Give a frozen slotted event class an ``__init__`` that sets each slot through its
    descriptor: the same signature, defaults and immutability as the dataclass's own, at about
    half the cost (the engine creates some 55 events per round)."""
    fields = dataclasses.fields(cls)
    ns: dict = {}
    params, body = [], []
    for i, f in enumerate(fields):
        ns[f"_set{i}"] = getattr(cls, f.name).__set__
        if f.default is not dataclasses.MISSING:
            ns[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        else:
            params.append(f.name)
        body.append(f"    _set{i}(self, {f.name})")
    exec(f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "    pass"), ns)
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init


for _name in __all__[1:]:  # the event classes (the slotted ones dataclass made)
    _fast_init(globals()[_name])
