"""The game's random source: every shuffle, every card leaving the deck and every lot goes through it.

A game is reproducible from (ruleset hash, chance, actions): ``new_game(..., seed=S)`` makes
``Chance(S)``; a caller may give its own ``Chance`` (a subclass can stack or choose outcomes, as
a chance player does; ``dosrules.rl`` overrides ``shuffle`` and ``take`` to treat the deck as an
unordered multiset whose every card drawn is an explicit chance outcome). The engine never
reaches for another random source, and nothing outside
it replaces this one: the chance events (``Dealt``, ``Drew``, ``Reshuffled``, a dealer chosen by
high card or by lot) in the event stream say what each draw of chance decided.
"""

from __future__ import annotations

import copy
import random

from mypy_extensions import mypyc_attr

__all__ = ["Chance"]


@mypyc_attr(allow_interpreted_subclasses=True)  # dosrules.rl's DeckChance, tests' stacked chance
class Chance:
    """Shuffles (a uniform permutation), draws (the top of the shuffled deck) and lots (a uniform
    seat), from one seeded generator."""

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self._rng = random.Random(seed)

    def shuffle(self, cards: list) -> None:
        """Shuffle ``cards`` in place (sorting by random keys, one drawn per card in list order)."""
        rnd = self._rng.random
        cards.sort(key=lambda _: rnd())  # the sort is stable: a uniform permutation

    def take(self, deck: list, k: int) -> list:
        """Remove ``k`` cards from ``deck`` and return them: here the top ``k`` (the end of the
        list, top card last), in list order. Every card leaving the deck goes through this."""
        if k == 1:
            return [deck.pop()]
        if k <= 0:
            return []
        out = deck[len(deck) - k:]
        del deck[len(deck) - k:]
        return out

    def lot(self, n: int) -> int:
        """One of 0..n-1, uniformly."""
        return self._rng.randrange(n)

    def copy(self) -> "Chance":
        """An independent copy in the same state (the same outcomes from here on)."""
        new = copy.copy(self)
        extra = getattr(self, "__dict__", None)  # a subclass's own attributes (apart, when compiled by mypyc)
        if extra:
            new.__dict__.update(extra)
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        return new

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"
