"""A concrete position at a match decision: what the legality model and witnesses talk about."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ruleset.cards import Card, Declared, Kind, parse_declared

START = "start"  # the turn has begun and the player has not drawn (may have matched already)
AFTER_DRAW = "after-draw"  # the player has drawn this turn
PHASES = (START, AFTER_DRAW)

_KIND_ORDER = {Kind.NUMBER: 0, Kind.WILD_NUMBER: 1, Kind.WILD_DOS: 2}


def card_key(card: Card) -> tuple:
    """Canonical order of faces: number cards by number then colour, then Wild #, then Wild DOS."""
    colour = card.colour.value if card.colour else ""
    return (_KIND_ORDER[card.kind], card.number or 0, colour)


def declared_key(d: Declared) -> tuple:
    return (*card_key(d.card), d.value or 0, d.colour.value if d.colour else "")


@dataclass(frozen=True)
class Position:
    """Centre Row (each slot a card, a wild possibly already declared), the hand, the phase,
    the row slots already matched this turn, the colour bonuses earned so far, and after a draw
    the card drawn (one of the hand's; it counts where only the drawn card may be played)."""

    row: tuple[Declared, ...]
    hand: tuple[Card, ...]
    phase: str = START
    matched: frozenset[int] = field(default_factory=frozenset)
    earned_single: int = 0  # single colour matches made this turn
    earned_double: int = 0  # double colour matches made this turn
    drawn: Card | None = None  # after a draw: the card drawn (None: no card came, or not known)

    @classmethod
    def parse(cls, row: str, hand: str, phase: str = START, matched=(),
              earned_single: int = 0, earned_double: int = 0, drawn: str | None = None) -> "Position":
        """``Position.parse("7r #g", "3r 4r W2")``: cards in the shared notation."""
        return cls(tuple(parse_declared(t) for t in row.split()),
                   tuple(parse_declared(t).card for t in hand.split()),
                   phase, frozenset(matched), earned_single, earned_double,
                   parse_declared(drawn).card if drawn else None)

    def row_text(self) -> str:
        return " ".join(f"{d}{'*' if i in self.matched else ''}" for i, d in enumerate(self.row))

    def hand_text(self) -> str:
        return " ".join(str(c) for c in self.hand)

    def __str__(self) -> str:
        extra = ""
        if self.earned_single or self.earned_double:
            extra = f"; bonuses earned: {self.earned_single} single, {self.earned_double} double"
        if self.drawn is not None:
            extra += f"; drew {self.drawn}"
        return f"row [{self.row_text()}] hand [{self.hand_text()}] phase {self.phase}{extra}"

    def as_json(self) -> dict:
        return {"row": [str(d) for d in self.row], "hand": [str(c) for c in self.hand],
                "phase": self.phase, "matched": sorted(self.matched),
                "earned_single": self.earned_single, "earned_double": self.earned_double,
                "drawn": str(self.drawn) if self.drawn is not None else None}

    def as_python(self) -> str:
        """Source text that rebuilds this position."""
        args = [repr(" ".join(str(d) for d in self.row)), repr(self.hand_text())]
        if self.phase != START:
            args.append(f"phase={self.phase!r}")
        if self.matched:
            args.append(f"matched={sorted(self.matched)!r}")
        if self.earned_single:
            args.append(f"earned_single={self.earned_single}")
        if self.earned_double:
            args.append(f"earned_double={self.earned_double}")
        if self.drawn is not None:
            args.append(f"drawn={str(self.drawn)!r}")
        return f"Position.parse({', '.join(args)})"
