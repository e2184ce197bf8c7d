"""Explicit chance: every card leaving the deck, and every lot, is an outcome given from outside.

The engine draws through its ``Chance`` (``engine.chance``): ``shuffle``, ``take`` (every card
leaving the deck) and ``lot``. ``DeckChance`` treats the deck as an unordered multiset: a
shuffle does nothing, and each card taken is an outcome given from outside, a card face
(``CompiledRules.faces`` index), which chance picks with probability count / cards left. A
reshuffle is the discard joining that multiset; the cards then drawn from it are the chance
outcomes. The outcomes come first from ``outcomes`` (a replay), then one at a time from
``ask(request)``, which ``episode.Episode`` answers by suspending the step until the outcome is
applied (a greenlet: the engine step itself is ordinary code).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable

from ..engine.chance import Chance
from ..engine.compiled import CompiledRules

__all__ = ["DeckChance", "ChanceRequest", "card_request", "CARD", "LOT"]

CARD, LOT = "card", "lot"


@dataclass(frozen=True)
class ChanceRequest:
    """What chance decides next: ``kind`` is ``card`` (a card leaves the deck; outcome = face
    index) or ``lot`` (a seat by lot; outcome = 0..n-1); ``outcomes`` = ((outcome, probability), ...)."""

    kind: str
    outcomes: tuple[tuple[int, float], ...]


class DeckChance(Chance):
    """Chance whose outcomes are given: first ``outcomes`` in order (face indices and seats), then
    each from ``ask(ChanceRequest) -> outcome``."""

    def __init__(self, compiled: CompiledRules, outcomes=(), ask: Callable[[ChanceRequest], int] | None = None):
        self.seed = None
        self.faces = compiled.faces
        self.face_index = compiled.face_index
        self.outcomes = list(outcomes)
        self.used = 0
        self.ask = ask or _no_ask

    def shuffle(self, cards: list) -> None:
        """Nothing: the deck is a multiset, and a card's place in the list carries no chance."""

    def take(self, deck: list, k: int) -> list:
        out = []
        for _ in range(k):
            f = self._next(deck)
            card = self.faces[f] if 0 <= f < len(self.faces) else None
            try:
                i = [*map(id, deck)].index(id(card))
            except ValueError:
                raise ValueError(f"chance outcome {f!r} is not a card left in the deck") from None
            deck[i] = deck[-1]
            deck.pop()
            out.append(card)
        return out

    def lot(self, n: int) -> int:
        if self.used < len(self.outcomes):
            self.used += 1
            return self.outcomes[self.used - 1]
        outcome = self.ask(ChanceRequest(LOT, tuple((s, 1.0 / n) for s in range(n))))
        if not (isinstance(outcome, int) and 0 <= outcome < n):
            raise ValueError(f"chance outcome {outcome!r} is not a seat from 0 to {n - 1}")
        return outcome

    def _next(self, deck: list) -> int:
        if self.used < len(self.outcomes):
            self.used += 1
            return self.outcomes[self.used - 1]
        return self.ask(card_request(deck, self.face_index))

    def copy(self) -> "DeckChance":
        new = object.__new__(DeckChance)
        new.__dict__.update(self.__dict__)
        new.outcomes = list(self.outcomes)
        return new

    def __repr__(self) -> str:
        return f"DeckChance({len(self.outcomes)} outcomes, {self.used} used)"


def _no_ask(request: ChanceRequest) -> int:
    raise RuntimeError(f"chance must decide ({request.kind}) and no outcome is given")


def card_request(deck, face_index) -> ChanceRequest:
    """The next card from ``deck``: each face with probability count / cards left."""
    total = len(deck)
    counts = sorted(Counter(map(face_index.__getitem__, map(id, deck))).items())
    return ChanceRequest(CARD, tuple([(f, v / total) for f, v in counts]))
