"""Explicit chance: every card leaving the deck, and every lot, is an outcome given from outside.

The engine draws through its ``Chance`` (``engine.chance``): ``shuffle``, ``take`` (every card
leaving the deck) and ``lot``. ``DeckChance`` treats the deck as an unordered multiset: a
shuffle does nothing, and each card taken is an outcome given from outside, a card face
(``CompiledRules.faces`` index), which chance picks with probability count / cards left. A
reshuffle is the discard joining that multiset; the cards then drawn from it are the chance
outcomes. The outcomes come first from ``outcomes`` (a replay), then from ``ask(request)`` one
at a time, or from ``ask_cards(deck, k)`` the cards of one ``take`` together, which
``episode.Episode`` answers by suspending the step until the outcomes are applied (a greenlet:
the engine step itself is ordinary code).

Since the deck's order carries no chance, ``DeckCounts`` keeps the deck list sorted by face
while it counts it: the cards of face ``f`` then lie together, after those of the faces before
it, and the card an outcome names is found by adding up counts rather than by a search.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import compress
from typing import Callable, Sequence

from ..engine.chance import Chance
from ..engine.compiled import CompiledRules

__all__ = ["DeckChance", "DeckCounts", "ChanceRequest", "PairTable", "pair_table", "card_request", "sample_outcome",
           "CARD", "LOT"]

CARD, LOT = "card", "lot"


class ChanceRequest:
    """What chance decides next: ``kind`` is ``card`` (a card leaves the deck; outcome = face
    index) or ``lot`` (a seat by lot; outcome = 0..n-1); ``weights`` = the count of each outcome id
    (cards left per face, or 1 per seat) and ``total`` their sum; ``outcomes`` = a new list of
    (outcome, probability) pairs, ascending, each with probability weight / total (made only
    when asked for: a caller that samples otherwise never builds it). ``pairs`` (cards only) is
    the game's ``PairTable``, whose ready-made pairs ``outcomes`` lists rather than making new ones.

    The request ``Episode`` keeps while a take is dealt is live: its ``weights`` are the deck's
    counts as they change, and ``total`` follows (``frozen()`` is a copy that stays)."""

    __slots__ = ("kind", "weights", "total", "pairs")

    def __init__(self, kind: str, weights: list[int], total: int, pairs: PairTable | None = None):
        self.kind, self.weights, self.total, self.pairs = kind, weights, total, pairs

    @property
    def outcomes(self) -> list[tuple[int, float]]:
        weights, total, pairs = self.weights, self.total, self.pairs
        out: list = []  # (untyped items: mypyc neither checks nor re-boxes the ready-made pairs)
        if pairs is not None:  # the pairs of the faces left: no new tuple or float per outcome
            row = pairs.rows.get(total)
            if row is None:
                row = pairs.row(total)
            try:
                for f, w in enumerate(weights):  # (the fastest loop, interpreted and compiled)
                    if w:
                        out.append(row[f][w])
                return out
            except IndexError:  # more copies of a face than the game's deck holds
                out = []
        for f, w in enumerate(weights):
            if w:
                out.append((f, w / total))
        return out

    def ids(self) -> list[int]:
        """The outcomes, without their probabilities."""
        return list(compress(range(len(self.weights)), self.weights))

    def allows(self, outcome) -> bool:
        return type(outcome) is int and 0 <= outcome < len(self.weights) and self.weights[outcome] > 0

    def frozen(self) -> "ChanceRequest":
        """A copy whose weights stay as they are now."""
        return ChanceRequest(self.kind, list(self.weights), self.total, self.pairs)

    def __eq__(self, other) -> bool:
        return type(other) is ChanceRequest and (self.kind, tuple(self.weights)) == (other.kind, tuple(other.weights))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ChanceRequest({self.kind!r}, {sum(map(bool, self.weights))} outcomes)"


class PairTable:
    """The (face, count / total) pairs of a game's deck, made once per deck size ``total`` when
    first needed (``rows[total][face][count]``, None for count 0), so that listing the outcomes of
    a card chance node makes no new pair: the same tuple and float each time."""

    __slots__ = ("copies", "rows")

    def __init__(self, copies: tuple[int, ...]):
        self.copies = copies  # the copies of each face in the game's deck: the most a count can be
        self.rows: dict[int, list[tuple]] = {}

    def row(self, total: int) -> list[tuple]:
        row = self.rows[total] = [(None, *[(f, c / total) for c in range(1, k + 1)])
                                  for f, k in enumerate(self.copies)]
        return row


@lru_cache(maxsize=64)
def pair_table(compiled: CompiledRules) -> PairTable:
    """The game's ``PairTable`` (one per compiled ruleset)."""
    copies = Counter(compiled.deck)
    return PairTable(tuple(copies[face] for face in compiled.faces))


class DeckCounts:
    """The cards left per face of the deck list last asked about, that list kept sorted by face.

    Counting (when the list is new or changed size other than by ``take``) also sorts it; ``take``
    removes a card of a face from its place, so the list stays sorted and the counts right
    while only ``take`` changes it."""

    __slots__ = ("deck", "size", "counts")

    def __init__(self) -> None:
        self.deck: list | None = None
        self.size = -1
        self.counts: list[int] = []

    def of(self, deck: list, faces: tuple, face_index: dict[int, int]) -> list[int]:
        """The count per face of ``deck`` (counted and sorted if it is not the list last seen)."""
        if self.deck is not deck or self.size != len(deck):
            counts = [0] * len(faces)
            for card in deck:
                counts[face_index[id(card)]] += 1
            ordered = []  # (typed loops: mypyc compiles them to C; chain/repeat cost 5x more there)
            for f, k in enumerate(counts):
                card = faces[f]
                for _ in range(k):
                    ordered.append(card)
            deck[:] = ordered
            self.deck, self.size, self.counts = deck, len(deck), counts
        return self.counts

    def take(self, deck: list, f, faces: tuple, face_index: dict[int, int]):
        """Remove a card of face ``f`` from ``deck`` and return it (ValueError if none is left)."""
        counts = self.counts
        if self.deck is not deck or self.size != len(deck):  # self.of(...), inline: the deck is mostly the last one
            counts = self.of(deck, faces, face_index)
        if type(f) is not int or not 0 <= f < len(counts) or not counts[f]:
            raise ValueError(f"chance outcome {f!r} is not a card left in the deck")
        face: int = f
        i = -1  # the last card of face f in the sorted list (a typed loop: no slice, no generic sum)
        for j in range(face + 1):
            i += counts[j]
        card = deck[i]
        if card is not faces[f]:  # the list was changed in place: count and sort it again
            self.deck = None
            return self.take(deck, f, faces, face_index)
        del deck[i]
        counts[f] -= 1
        self.size -= 1
        return card

    def moved_to(self, deck: list, copy: list) -> "DeckCounts":
        """A cache for ``copy``, a copy of ``deck`` (for a copied state): these counts if they are
        those of ``deck``, else none yet."""
        new = DeckCounts()
        if self.deck is deck and self.size == len(deck) == len(copy):
            new.deck, new.size, new.counts = copy, self.size, list(self.counts)
        return new


class DeckChance(Chance):
    """Chance whose outcomes are given: first ``outcomes`` in order (face indices and seats), then
    each from ``ask(ChanceRequest) -> outcome``, or, for the cards of one ``take`` still to
    come, all at once from ``ask_cards(deck, k) -> cards`` when it is given (``episode`` answers
    the chance nodes of a hand dealt without returning to the step after each card). ``counts``
    may be shared by the steps of a game."""

    def __init__(self, compiled: CompiledRules, outcomes=(), ask: Callable[[ChanceRequest], int] | None = None,
                 counts: DeckCounts | None = None, ask_cards: Callable[[list, int], list] | None = None):
        self.seed = None
        self.compiled = compiled
        self.faces = compiled.faces
        self.face_index = compiled.face_index
        self.outcomes = list(outcomes)
        self.used = 0
        self.ask: Callable[[ChanceRequest], int] = ask or _no_ask
        self.ask_cards = ask_cards
        self.counts = counts if counts is not None else DeckCounts()
        self.pairs = pair_table(compiled)

    def request(self, deck: list) -> ChanceRequest:
        """The chance node of the next card taken from ``deck`` (as ``card_request``)."""
        return card_request(self.counts.of(deck, self.faces, self.face_index), len(deck), self.pairs)

    def live_request(self, deck: list) -> ChanceRequest:
        """The chance node of the next card taken from ``deck``, whose weights are the live
        counts of ``deck``: whoever takes from it keeps ``total`` (and ``weights``, should the
        counts be made anew) up to date (``Episode``, for the cards of one take)."""
        return ChanceRequest(CARD, self.counts.of(deck, self.faces, self.face_index), len(deck), self.pairs)

    def shuffle(self, cards: list) -> None:
        """Nothing: the deck is a multiset, and a card's place in the list carries no chance."""

    def take(self, deck: list, k: int) -> list:
        faces, face_index, counts, outcomes = self.faces, self.face_index, self.counts, self.outcomes
        out: list = []
        while len(out) < k and self.used < len(outcomes):
            out.append(counts.take(deck, outcomes[self.used], faces, face_index))
            self.used += 1
        if len(out) < k:
            if self.ask_cards is not None:
                out += self.ask_cards(deck, k - len(out))
            else:
                for _ in range(k - len(out)):
                    out.append(counts.take(deck, self.ask(self.request(deck)), faces, face_index))
        return out

    def lot(self, n: int) -> int:
        if self.used < len(self.outcomes):
            self.used += 1
            return self.outcomes[self.used - 1]
        request = _lot_request(n)
        outcome = self.ask(request)
        if not request.allows(outcome):
            raise ValueError(f"chance outcome {outcome!r} is not a seat from 0 to {n - 1}")
        return outcome

    def copy(self) -> "DeckChance":
        new = DeckChance(self.compiled, self.outcomes, self.ask, None, self.ask_cards)  # (no __dict__ to
        new.seed, new.used = self.seed, self.used  # copy: this class may be compiled by mypyc)
        return new

    def __repr__(self) -> str:
        return f"DeckChance({len(self.outcomes)} outcomes, {self.used} used)"


def _no_ask(request: ChanceRequest) -> int:
    raise RuntimeError(f"chance must decide ({request.kind}) and no outcome is given")


def card_request(counts: list[int], total: int, pairs: PairTable | None = None) -> ChanceRequest:
    """The next card of a deck of ``total`` cards holding ``counts[f]`` of face ``f``: each face
    with probability count / total."""
    return ChanceRequest(CARD, list(counts), total, pairs)


def _lot_request(n: int) -> ChanceRequest:
    """A seat of ``n`` by lot, each with probability 1/n (a new request each time: its weights are
    a list, which a caller could change; a lot is drawn at most once or twice a round)."""
    return ChanceRequest(LOT, [1] * n, n)


def sample_outcome(outcomes: Sequence[tuple[int, float]], u: float) -> int:
    """The outcome that ``u`` (uniform in [0, 1)) picks from ``(outcome, probability)`` pairs
    (e.g. ``chance_outcomes()``; fastest as the list it returns)."""
    pairs: list[tuple[int, float]] = outcomes if isinstance(outcomes, list) else list(outcomes)
    acc = 0.0
    for outcome, p in pairs:  # (typed: mypyc compiles the loop to C, the floats unboxed)
        acc += p
        if u < acc:
            return outcome
    return pairs[-1][0]  # u within rounding of 1
