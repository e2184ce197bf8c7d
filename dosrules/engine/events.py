"""Events: everything that happens in a game, as small values with a text form.

``State.apply`` returns the events an action caused; ``State.events`` holds them all. Logs,
transcripts, statistics and documents read events, never the engine's internals. Each event
class has a ``kind`` (the name used in logs) and ``str()`` (one readable line).

Chance events say what the game's ``Chance`` decided: the cards dealt, drawn or turned up for
the Centre Row (the deck's order), a reshuffle, a dealer chosen by high card or by lot, and who
plays first by lot (``Event.is_chance()``).

Events are values (``engine.values``): equal when of one class with equal fields, hashable,
read-only by convention, compiled by mypyc with the engine where that build is made.
"""

from __future__ import annotations

from typing import ClassVar

from ..ruleset.cards import Card, Declared
from .values import Value

__all__ = [
    "Event", "DealerChosen", "Dealt", "TurnStarted", "Matched", "BonusEarned", "Drew", "Placed",
    "WildDeclared", "TurnEnded", "Refilled", "Reshuffled", "Buried", "DosCalled", "Caught",
    "CatchDeclined", "RuleGap", "RoundScored", "RoundVoid", "GameOver",
]


def _cards(cards) -> str:
    return " ".join(map(str, cards)) or "-"


class Event(Value):
    __slots__ = ()
    kind: ClassVar[str] = "event"
    chance: ClassVar[bool] = False  # what chance decided (see is_chance)

    def is_chance(self) -> bool:
        """True for an event that says what the game's Chance decided."""
        return self.chance

    def __repr__(self) -> str:
        return f"<{self.kind}: {self}>"

    def as_dict(self) -> dict:
        """Plain data for logs: ``{"kind": ..., field: value}``, cards in their notation."""
        out: dict = {"kind": self.kind}
        for name in self.fields:
            out[name] = _plain(getattr(self, name))
        return out


def _plain(value):
    if isinstance(value, (Card, Declared)):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


class DealerChosen(Event):
    """``how``: high-card, lot (rule unspecified, or a high-card tie that repeats: see
    ``rounds.MAX_DEALER_DRAWS``), previous-winner, same-dealer, pass-left."""

    __slots__ = ("seat", "how", "draws")
    kind: ClassVar[str] = "dealer"
    fields: ClassVar[tuple[str, ...]] = ("seat", "how", "draws")
    seat: int
    how: str
    draws: tuple[Card | None, ...]  # high-card: the card each seat drew (last round of ties)

    def __init__(self, seat: int, how: str, draws: tuple[Card | None, ...] = ()) -> None:
        self.seat = seat
        self.how = how
        self.draws = draws

    def is_chance(self) -> bool:
        return self.how in ("high-card", "lot")

    def __str__(self) -> str:
        drawn = f" (drew {_cards(c if c else '-' for c in self.draws)})" if self.draws else ""
        return f"seat {self.seat} deals: {self.how}{drawn}"


class Dealt(Event):
    """``hands``: the cards dealt to each seat (by seat), as the round starts."""

    __slots__ = ("round", "dealer", "hand_size", "row", "hands")
    kind: ClassVar[str] = "dealt"
    chance: ClassVar[bool] = True
    fields: ClassVar[tuple[str, ...]] = ("round", "dealer", "hand_size", "row", "hands")
    round: int
    dealer: int
    hand_size: int
    row: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]

    def __init__(self, round: int, dealer: int, hand_size: int, row: tuple[Card, ...],
                 hands: tuple[tuple[Card, ...], ...] = ()) -> None:
        self.round = round
        self.dealer = dealer
        self.hand_size = hand_size
        self.row = row
        self.hands = hands

    def __str__(self) -> str:
        return f"round {self.round}: seat {self.dealer} deals {self.hand_size} each; Centre Row {_cards(self.row)}"


class TurnStarted(Event):
    __slots__ = ("seat", "row")
    kind: ClassVar[str] = "turn"
    fields: ClassVar[tuple[str, ...]] = ("seat", "row")
    seat: int
    row: tuple[Card, ...]

    def __init__(self, seat: int, row: tuple[Card, ...]) -> None:
        self.seat = seat
        self.row = row

    def __str__(self) -> str:
        return f"seat {self.seat} to play; Centre Row {_cards(self.row)}"


class Matched(Event):
    __slots__ = ("seat", "target", "cards")
    kind: ClassVar[str] = "matched"
    fields: ClassVar[tuple[str, ...]] = ("seat", "target", "cards")
    seat: int
    target: Declared
    cards: tuple[Declared, ...]

    def __init__(self, seat: int, target: Declared, cards: tuple[Declared, ...]) -> None:
        self.seat = seat
        self.target = target
        self.cards = cards

    def __str__(self) -> str:
        return f"seat {self.seat} matches {self.target} with {'+'.join(map(str, self.cards))}"


class BonusEarned(Event):
    """``bonus``: single-colour or double-colour."""

    __slots__ = ("seat", "bonus", "place_cards", "others_draw")
    kind: ClassVar[str] = "bonus"
    fields: ClassVar[tuple[str, ...]] = ("seat", "bonus", "place_cards", "others_draw")
    seat: int
    bonus: str
    place_cards: int
    others_draw: int

    def __init__(self, seat: int, bonus: str, place_cards: int, others_draw: int) -> None:
        self.seat = seat
        self.bonus = bonus
        self.place_cards = place_cards
        self.others_draw = others_draw

    def __str__(self) -> str:
        extra = f", every other player draws {self.others_draw}" if self.others_draw else ""
        return f"seat {self.seat} earns a {self.bonus} match bonus: {self.place_cards} card(s) to the row{extra}"


class Drew(Event):
    """``reason``: draw, bonus (another's double colour match), penalty (caught)."""

    __slots__ = ("seat", "cards", "reason")
    kind: ClassVar[str] = "drew"
    chance: ClassVar[bool] = True
    fields: ClassVar[tuple[str, ...]] = ("seat", "cards", "reason")
    seat: int
    cards: tuple[Card, ...]
    reason: str

    def __init__(self, seat: int, cards: tuple[Card, ...], reason: str) -> None:
        self.seat = seat
        self.cards = cards
        self.reason = reason

    def __str__(self) -> str:
        return f"seat {self.seat} draws {len(self.cards)} ({self.reason}): {_cards(self.cards)}"


class Placed(Event):
    """``reason``: failed-draw, declined-match, bonus."""

    __slots__ = ("seat", "card", "reason")
    kind: ClassVar[str] = "placed"
    fields: ClassVar[tuple[str, ...]] = ("seat", "card", "reason")
    seat: int
    card: Declared
    reason: str

    def __init__(self, seat: int, card: Declared, reason: str) -> None:
        self.seat = seat
        self.card = card
        self.reason = reason

    def __str__(self) -> str:
        return f"seat {self.seat} places {self.card} in the Centre Row ({self.reason})"


class WildDeclared(Event):
    """A wild that entered the Centre Row was declared (all-wild row: placer-declares)."""

    __slots__ = ("seat", "card")
    kind: ClassVar[str] = "declared"
    fields: ClassVar[tuple[str, ...]] = ("seat", "card")
    seat: int
    card: Declared

    def __init__(self, seat: int, card: Declared) -> None:
        self.seat = seat
        self.card = card

    def __str__(self) -> str:
        return f"seat {self.seat} declares {self.card} in the Centre Row"


class TurnEnded(Event):
    __slots__ = ("seat", "discarded")
    kind: ClassVar[str] = "turn-ended"
    fields: ClassVar[tuple[str, ...]] = ("seat", "discarded")
    seat: int
    discarded: tuple[Card, ...]

    def __init__(self, seat: int, discarded: tuple[Card, ...]) -> None:
        self.seat = seat
        self.discarded = discarded

    def __str__(self) -> str:
        return f"seat {self.seat} ends the turn; discards {_cards(self.discarded)}"


class Refilled(Event):
    __slots__ = ("cards", "row")
    kind: ClassVar[str] = "refilled"
    chance: ClassVar[bool] = True
    fields: ClassVar[tuple[str, ...]] = ("cards", "row")
    cards: tuple[Card, ...]
    row: tuple[Card, ...]

    def __init__(self, cards: tuple[Card, ...], row: tuple[Card, ...]) -> None:
        self.cards = cards
        self.row = row

    def __str__(self) -> str:
        return f"Centre Row refilled with {_cards(self.cards)}: {_cards(self.row)}"


class Reshuffled(Event):
    __slots__ = ("cards",)
    kind: ClassVar[str] = "reshuffled"
    chance: ClassVar[bool] = True
    fields: ClassVar[tuple[str, ...]] = ("cards",)
    cards: int

    def __init__(self, cards: int) -> None:
        self.cards = cards

    def __str__(self) -> str:
        return f"discard pile ({self.cards} cards) shuffled into a new deck"


class Buried(Event):
    __slots__ = ("cards",)
    kind: ClassVar[str] = "buried"
    fields: ClassVar[tuple[str, ...]] = ("cards",)
    cards: tuple[Card, ...]

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards

    def __str__(self) -> str:
        return f"all-wild Centre Row buried: {_cards(self.cards)}"


class DosCalled(Event):
    __slots__ = ("seat",)
    kind: ClassVar[str] = "dos-called"
    fields: ClassVar[tuple[str, ...]] = ("seat",)
    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def __str__(self) -> str:
        return f"seat {self.seat} calls DOS"


class Caught(Event):
    """``when``: now (drawn at once) or end-of-turn (drawn when the caught player's turn ends)."""

    __slots__ = ("catcher", "seat", "penalty", "when")
    kind: ClassVar[str] = "caught"
    fields: ClassVar[tuple[str, ...]] = ("catcher", "seat", "penalty", "when")
    catcher: int
    seat: int
    penalty: int
    when: str

    def __init__(self, catcher: int, seat: int, penalty: int, when: str) -> None:
        self.catcher = catcher
        self.seat = seat
        self.penalty = penalty
        self.when = when

    def __str__(self) -> str:
        return f"seat {self.catcher} catches seat {self.seat} not calling DOS: {self.penalty} card(s), {self.when}"


class CatchDeclined(Event):
    __slots__ = ("catcher", "seat")
    kind: ClassVar[str] = "catch-declined"
    fields: ClassVar[tuple[str, ...]] = ("catcher", "seat")
    catcher: int
    seat: int

    def __init__(self, catcher: int, seat: int) -> None:
        self.catcher = catcher
        self.seat = seat

    def __str__(self) -> str:
        return f"seat {self.catcher} does not catch seat {self.seat}"


class RuleGap(Event):
    """Play reached a situation an ``unspecified`` rule decides. ``voids``: the round is void."""

    __slots__ = ("path", "situation", "voids")
    kind: ClassVar[str] = "rule-gap"
    fields: ClassVar[tuple[str, ...]] = ("path", "situation", "voids")
    path: str
    situation: str
    voids: bool

    def __init__(self, path: str, situation: str, voids: bool = True) -> None:
        self.path = path
        self.situation = situation
        self.voids = voids

    def is_chance(self) -> bool:
        return not self.voids  # a silence settled by lot

    def __str__(self) -> str:
        then = "the round is void" if self.voids else "settled by lot"
        return f"rule gap at {self.path}: {self.situation}; {then}"


class RoundScored(Event):
    __slots__ = ("round", "winner", "points", "scores")
    kind: ClassVar[str] = "round-scored"
    fields: ClassVar[tuple[str, ...]] = ("round", "winner", "points", "scores")
    round: int
    winner: int
    points: int
    scores: tuple[int, ...]

    def __init__(self, round: int, winner: int, points: int, scores: tuple[int, ...]) -> None:
        self.round = round
        self.winner = winner
        self.points = points
        self.scores = scores

    def __str__(self) -> str:
        return f"round {self.round}: seat {self.winner} goes out and scores {self.points}; scores {list(self.scores)}"


class RoundVoid(Event):
    __slots__ = ("round", "reason")
    kind: ClassVar[str] = "round-void"
    fields: ClassVar[tuple[str, ...]] = ("round", "reason")
    round: int
    reason: str

    def __init__(self, round: int, reason: str) -> None:
        self.round = round
        self.reason = reason

    def __str__(self) -> str:
        return f"round {self.round} is void: {self.reason}"


class GameOver(Event):
    """``winner`` is None when the game stopped at ``max_rounds`` before anyone reached the target."""

    __slots__ = ("winner", "scores", "reason")
    kind: ClassVar[str] = "game-over"
    fields: ClassVar[tuple[str, ...]] = ("winner", "scores", "reason")
    winner: int | None
    scores: tuple[int, ...]
    reason: str

    def __init__(self, winner: int | None, scores: tuple[int, ...], reason: str) -> None:
        self.winner = winner
        self.scores = scores
        self.reason = reason

    def __str__(self) -> str:
        who = f"seat {self.winner} wins" if self.winner is not None else "no winner"
        return f"game over ({self.reason}): {who}; scores {list(self.scores)}"
