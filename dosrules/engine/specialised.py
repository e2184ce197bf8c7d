"""What is fixed per ruleset, prepared once for untraced games (``State.fast``).

Three things, each giving exactly what the engine's own formulation gives:

* **The simple matches** on face indices: each face's hand options and each pair of faces'
  double options are listed once (in the order ``MatchFlow._by_value`` makes them), only the
  combos of a value some free row card counts as are gathered, and each ``Match`` object is made
  once, its two cards already in canonical order. The list is ``MatchFlow._simple_matches``'s,
  in its order (``tests/test_specialised.py`` compares them along random games), instead of
  hashing ``Card`` and ``Declared`` values at every call.
* **Colour outcomes** remembered per ``Match`` object (``MatchFlow.match_colour``): the colour
  bonus of a match, and the rule it may rest on, depend on its cards and the rules alone.
* **The requirement rows** these rules leave open: a row whose rule allows every match under
  these values (``Requirement.moot``: single matches allowed, a Wild # in the row declared by
  its matcher, ...) is not judged.

**Traces stay exact.** These tables are built from the ``CompiledRules`` when the first untraced
game of those rules asks for them and are never given to a traced game (``State.fast`` is None
there): a traced game reads its rules through ``state.c`` as before, at the moment each decides,
so it records the same reads and the "rests on" answers and ``rules_read`` do not change. Read
in a traced game, a table would report every rule it was built from (the hand options: the
deck, the colours, the Wild DOS value and the Wild # range), whether the engine needed them
then or not, and a moot row skipped would not be read at all.
"""

from __future__ import annotations

from typing import Final

from ..ruleset.cards import Card, Declared
from ..ruleset.model import MatchAfterDraw
from .actions import Match, declared_key
from .compiled import CompiledRules
from .requirements import MATCH_REQUIREMENTS, Requirement

__all__ = ["Specialised", "specialised"]

#: one combo: (the value it counts as, its cards in canonical order, its number among the combos)
Combo = tuple[int, tuple[Declared, ...], int]
#: the double combos of two faces: (lowest value, highest value, the combos)
Pair = tuple[int, int, list[Combo]]

_DRAWN_CARD: Final = MatchAfterDraw.DRAWN_CARD
#: matches, and colour outcomes, kept at most per ruleset (all are dropped when it is reached)
KEPT: Final = 65536


class Specialised:
    """The matching tables of one ``CompiledRules``, on face indices (read-only once built; the
    double options of a pair of faces and the ``Match`` objects are added when first needed)."""

    def __init__(self, c: CompiledRules):
        self.faces: tuple[Card, ...] = c.faces
        self.face_index: dict[int, int] = c.face_index
        #: simple matching applies to a turn (no row of only wilds, no drawn-card restriction after a draw)
        self.simple_matching: bool = bool(c.simple_matching)
        self.drawn_card_only: bool = c.match_after_draw is _DRAWN_CARD
        #: the requirement rows these rules do not make moot (requirements.judge_match)
        self.requirements: tuple[Requirement, ...] = tuple(r for r in MATCH_REQUIREMENTS if not r.moot(c))
        self._hand: list[list[tuple[int, Declared]]] = [list(c.hand_options[card]) for card in c.faces]
        #: face -> [(target declaration, value, its number)]
        self.targets: list[list[tuple[Declared, int, int]]] = []
        n = 0
        for card in c.faces:
            row: list[tuple[Declared, int, int]] = []
            for tdecl, tval in c.target_options[card]:
                row.append((tdecl, tval, n))
                n += 1
            self.targets.append(row)
        self._n_targets = n
        self._combos = 0  # combos numbered so far
        #: face -> its single combos
        self.singles: list[list[Combo]] = []
        for options in self._hand:
            self.singles.append([self._combo(v, (d,)) for v, d in options])
        self._pairs: dict[int, Pair] = {}
        self._matches: dict[int, Match] = {}
        #: id(match) -> (the match, its colour_outcome), see MatchFlow.match_colour
        self.colours: dict[int, tuple[Match, tuple[str | None, str | None]]] = {}

    def remember_colour(self, m: Match, outcome: tuple[str | None, str | None]) -> None:
        """Keep the colour outcome of ``m`` (and ``m``, so that its id stays its own while kept)."""
        if len(self.colours) >= KEPT:  # matches made afresh each time (parsed, listed) come and go
            self.colours.clear()
        self.colours[id(m)] = (m, outcome)

    def _combo(self, value: int, cards: tuple[Declared, ...]) -> Combo:
        number = self._combos
        self._combos += 1
        return (value, cards, number)

    def pair(self, a: int, b: int) -> Pair:
        """The double combos of faces ``a`` and ``b`` (``a`` first in the hand; the same face
        twice when ``a == b``), in ``_by_value``'s order, each with its cards in canonical order;
        with the lowest and highest value they count as."""
        combos: list[Combo] = []
        oa, ob = self._hand[a], self._hand[b]
        for ka in range(len(oa)):
            va, da = oa[ka]
            for kb in range(ka if a == b else 0, len(ob)):
                vb, db = ob[kb]
                cards = (db, da) if declared_key(db) < declared_key(da) else (da, db)
                combos.append(self._combo(va + vb, cards))
        values = [combo[0] for combo in combos] or [0]
        pair = self._pairs[a * len(self.faces) + b] = (min(values), max(values), combos)
        return pair

    def match(self, target: tuple[Declared, int, int], combo: Combo) -> Match:
        """The one ``Match`` of a target option and a combo."""
        key = combo[2] * self._n_targets + target[2]
        m = self._matches.get(key)
        if m is None:
            if len(self._matches) >= KEPT:  # (about 20,000 are made in 3,000 rounds of random play)
                self._matches.clear()
            m = self._matches[key] = Match.trusted(target[0], combo[1])
        return m

    def simple_matches(self, hand: list[Card], row: list[Card], used: list[bool]) -> list[Match] | None:
        """``MatchFlow._simple_matches`` for a row without placer declarations, in its order; None
        for a card that is not one of the rules' own objects (the caller then lists them itself).
        Only the combos of a value some free row card counts as are gathered."""
        index, faces = self.face_index, self.faces
        free: list[int] = []  # the free row faces, each once, in row order
        needed: set[int] = set()
        for i in range(len(row)):
            if not used[i]:
                card = row[i]
                f = index.get(id(card), -1)
                if f < 0 or faces[f] is not card:
                    return None
                if f not in free:
                    free.append(f)
                    for target in self.targets[f]:
                        needed.add(target[1])
        if not free:
            return []
        counts: dict[int, int] = {}
        for card in hand:
            f = index.get(id(card), -1)
            if f < 0 or faces[f] is not card:
                return None
            counts[f] = counts.get(f, 0) + 1
        order = list(counts)
        by_value: dict[int, list[Combo]] = {}  # singles, then doubles, per value
        singles = self.singles
        for f in order:
            for combo in singles[f]:
                if combo[0] in needed:
                    by_value.setdefault(combo[0], []).append(combo)
        doubles = self._doubles(order, counts, needed)
        for value, combos in doubles.items():
            listed = by_value.get(value)
            if listed is None:
                by_value[value] = combos
            else:
                listed += combos
        return self._matches_of(by_value, free)

    def _doubles(self, order: list[int], counts: dict[int, int], needed: set[int]) -> dict[int, list[Combo]]:
        """The double combos of a hand (its faces in ``order``) that count as a ``needed`` value."""
        low, high = min(needed), max(needed)
        pairs, n = self._pairs, len(self.faces)
        doubles: dict[int, list[Combo]] = {}
        for i in range(len(order)):
            a = order[i]
            for j in range(i, len(order)):
                b = order[j]
                if i == j and counts[a] < 2:
                    continue
                pair = pairs.get(a * n + b)
                if pair is None:
                    pair = self.pair(a, b)
                if pair[1] < low or pair[0] > high:
                    continue
                for combo in pair[2]:
                    if combo[0] in needed:
                        doubles.setdefault(combo[0], []).append(combo)
        return doubles

    def _matches_of(self, by_value: dict[int, list[Combo]], free: list[int]) -> list[Match]:
        out: list[Match] = []
        for f in free:
            for target in self.targets[f]:
                combos = by_value.get(target[1])
                if combos is not None:
                    for combo in combos:
                        out.append(self.match(target, combo))
        return out


def specialised(c: CompiledRules) -> Specialised:
    """The tables of ``c``, built once and kept with it."""
    s = c.specialised
    if s is None:
        s = c.specialised = Specialised(c)
    return s
