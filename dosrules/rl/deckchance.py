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

__all__ = ["DeckChance", "DeckCounts", "ChanceRequest", "card_request", "sample_outcome", "CARD", "LOT"]

CARD, LOT = "card", "lot"


@dataclass(frozen=True)
class ChanceRequest:
    """What chance decides next: ``kind`` is ``card`` (a card leaves the deck; outcome = face
    index) or ``lot`` (a seat by lot; outcome = 0..n-1); ``outcomes`` = ((outcome, probability), ...);
    ``weights`` = the count of each outcome id (cards left per face, or 1 per seat)."""

    kind: str
    outcomes: tuple[tuple[int, float], ...]
    weights: tuple[int, ...]

    def allows(self, outcome) -> bool:
        return type(outcome) is int and 0 <= outcome < len(self.weights) and self.weights[outcome] > 0


class DeckCounts:
    """The cards left per face of the deck list last asked about (kept while only ``take``
    changes it, so that each chance node does not count the deck again)."""

    __slots__ = ("deck", "size", "counts")

    def __init__(self):
        self.deck, self.size, self.counts = None, -1, []

    def of(self, deck: list, face_index, faces: int) -> list[int]:
        if self.deck is not deck or self.size != len(deck):
            counts = [0] * faces
            for f, k in Counter(map(face_index.__getitem__, map(id, deck))).items():
                counts[f] = k
            self.deck, self.size, self.counts = deck, len(deck), counts
        return self.counts

    def moved_to(self, deck: list) -> "DeckCounts":
        """A cache for ``deck``, a copy of the list this one counts (for a copied state)."""
        new = DeckCounts()
        if self.deck is not None and self.size == len(deck):
            new.deck, new.size, new.counts = deck, self.size, list(self.counts)
        return new

    def took(self, deck: list, f: int) -> None:
        """Face ``f`` has just left ``deck``."""
        if self.deck is deck and self.size == len(deck) + 1:
            self.size -= 1
            self.counts[f] -= 1


class DeckChance(Chance):
    """Chance whose outcomes are given: first ``outcomes`` in order (face indices and seats), then
    each from ``ask(ChanceRequest) -> outcome``. ``counts`` may be shared by the steps of a game."""

    def __init__(self, compiled: CompiledRules, outcomes=(), ask: Callable[[ChanceRequest], int] | None = None,
                 counts: DeckCounts | None = None):
        self.seed = None
        self.faces = compiled.faces
        self.face_index = compiled.face_index
        self.outcomes = list(outcomes)
        self.used = 0
        self.ask = ask or _no_ask
        self.counts = counts if counts is not None else DeckCounts()

    def shuffle(self, cards: list) -> None:
        """Nothing: the deck is a multiset, and a card's place in the list carries no chance."""

    def take(self, deck: list, k: int) -> list:
        out = []
        for _ in range(k):
            f = self._next(deck)
            card = self.faces[f] if type(f) is int and 0 <= f < len(self.faces) else None
            try:
                i = [*map(id, deck)].index(id(card))
            except ValueError:
                raise ValueError(f"chance outcome {f!r} is not a card left in the deck") from None
            deck[i] = deck[-1]
            deck.pop()
            self.counts.took(deck, f)
            out.append(card)
        return out

    def lot(self, n: int) -> int:
        if self.used < len(self.outcomes):
            self.used += 1
            return self.outcomes[self.used - 1]
        request = ChanceRequest(LOT, tuple((s, 1.0 / n) for s in range(n)), (1,) * n)
        outcome = self.ask(request)
        if not request.allows(outcome):
            raise ValueError(f"chance outcome {outcome!r} is not a seat from 0 to {n - 1}")
        return outcome

    def _next(self, deck: list) -> int:
        if self.used < len(self.outcomes):
            self.used += 1
            return self.outcomes[self.used - 1]
        return self.ask(card_request(self.counts.of(deck, self.face_index, len(self.faces)), len(deck)))

    def copy(self) -> "DeckChance":
        new = object.__new__(DeckChance)
        new.__dict__.update(self.__dict__)
        new.outcomes = list(self.outcomes)
        new.counts = DeckCounts()
        return new

    def __repr__(self) -> str:
        return f"DeckChance({len(self.outcomes)} outcomes, {self.used} used)"


def _no_ask(request: ChanceRequest) -> int:
    raise RuntimeError(f"chance must decide ({request.kind}) and no outcome is given")


def card_request(counts: list[int], total: int) -> ChanceRequest:
    """The next card of a deck of ``total`` cards holding ``counts[f]`` of face ``f``: each face
    with probability count / total."""
    return ChanceRequest(CARD, tuple([(f, k / total) for f, k in enumerate(counts) if k]), tuple(counts))


def sample_outcome(outcomes, u: float) -> int:
    """The outcome that ``u`` (uniform in [0, 1)) picks from ``(outcome, probability)`` pairs."""
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if u < acc:
            return outcome
    return outcomes[-1][0]  # u within rounding of 1
