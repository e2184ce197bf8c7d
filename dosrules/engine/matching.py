"""Matches: which ones the turn player may make, the colour bonus a match earns, and finding cards.

``match_actions`` lists the matches the numbers allow and keeps those the requirement table
(``requirements.MATCH_REQUIREMENTS``) does not forbid; under simple matching (see
``CompiledRules.simple_matching``: only a row card already matched this turn, and any match after
a draw, can be forbidden) a fast path gives the same list without consulting the table, which a
test checks on generated positions; after a draw where only the drawn card may be played, the
table decides.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from ..ruleset.cards import Card, Declared, Kind
from ..ruleset.model import MatchAfterDraw, RowWildChoice, WildNumberColour
from .actions import Match, Place
from .requirements import first_forbidden, rests_on
from .zones import Zones

__all__ = ["MatchFlow"]

_NO_BONUS: Final = (None, None)
_SINGLE: Final = ("single-colour", None)
_DOUBLE: Final = ("double-colour", None)
_AFTER_DRAW: Final = ("drawing.match_after_draw",)
_DRAWN_CARD: Final = MatchAfterDraw.DRAWN_CARD


class MatchFlow(Zones):
    """The matching part of ``State`` (the first of its chain of classes: see ``zones``)."""

    def match_actions(self, after_draw_ok: bool = False, use_table: bool = False) -> list[Match]:
        """The matches the turn player may make now (gap-dependent ones included).
        ``after_draw_ok``: leave out the rule on matching after a draw. ``use_table``: judge by
        the requirement table even where the fast path applies (for tests)."""
        hand, row = self.hands[self.turn_seat], self.row
        if not hand or not row:
            return []
        if self.drew and not after_draw_ok and first_forbidden(self, None, 0, ("turn",)):
            return []
        fast = self.fast  # an untraced game: the rules' prepared tables (engine.specialised)
        if (fast is not None and fast.simple_matching and not use_table and not self.all_wild_turn
                and not (self.drew and fast.drawn_card_only)):
            listed = fast.simple_matches(hand, row, self.used)
            if listed is not None:
                return listed
        if (self.c.simple_matching and not use_table and not self.all_wild_turn
                and not (self.drew and self.c.match_after_draw is _DRAWN_CARD)):
            return self._simple_matches(hand, row)
        return self._judged_matches(hand, row, after_draw_ok)

    def _by_value(self, hand, singles_ok: bool = True, doubles_ok: bool = True):
        """({value: [(Declared,)]}, {value: [(Declared, Declared)]}): what the hand can play."""
        counts = Counter(hand)
        faces = list(counts)
        hopt = self.c.hand_options
        singles: dict[int, list[tuple[Declared, ...]]] = {}
        doubles: dict[int, list[tuple[Declared, ...]]] = {}
        if singles_ok:
            for f in faces:
                for v, d in hopt[f]:
                    singles.setdefault(v, []).append((d,))
        if doubles_ok:
            for i, a in enumerate(faces):
                oa = hopt[a]
                for j in range(i, len(faces)):
                    b = faces[j]
                    same = i == j
                    if same and counts[a] < 2:
                        continue
                    ob = hopt[b]
                    for ka, (va, da) in enumerate(oa):
                        for kb in range(ka if same else 0, len(ob)):
                            vb, db = ob[kb]
                            doubles.setdefault(va + vb, []).append((da, db))
        return singles, doubles

    def _targets(self, i: int, card: Card):
        """[(Declared target, value)] row card ``i`` can be matched as: its placer's declaration
        where it binds, every declaration in a row of only wild cards its matcher declares, else
        what the row rules allow."""
        decl = self.row_bind[i]
        if decl:
            return [(decl, decl.value if decl.value is not None else self.c.wild_dos_value)]
        if self.all_wild_turn:
            return self.c.matcher_options[card]
        return self.c.target_options[card]

    def _simple_matches(self, hand, row) -> list[Match]:
        """The fast path: every free row card, every single and double the numbers allow."""
        singles, doubles = self._by_value(hand)
        out: list[Match] = []
        seen = set()
        used, topt, wild_dos = self.used, self.c.target_options, self.c.wild_dos_value
        for i, card in enumerate(row):
            if used[i]:
                continue
            key = (card, self.row_bind[i])
            if key in seen:
                continue
            seen.add(key)
            decl = key[1]
            targets = [(decl, decl.value if decl.value is not None else wild_dos)] if decl else topt[card]
            for tdecl, tval in targets:  # _targets(i, card), inline
                for combo in (*singles.get(tval, ()), *doubles.get(tval, ())):
                    out.append(Match(tdecl, combo))
        return out

    def _judged_matches(self, hand, row, after_draw_ok: bool) -> list[Match]:
        """Every match the numbers allow, less those a requirement forbids."""
        c = self.c
        singles, doubles = self._by_value(hand, c.single is not False, c.double is not False)
        skip = _AFTER_DRAW if after_draw_ok else ()
        out: list[Match] = []
        seen = set()
        for i, card in enumerate(row):
            decl = self.row_bind[i]
            key = (card, decl)
            if key in seen:
                continue
            probe = Match(decl or Declared(card), ())
            if first_forbidden(self, probe, i, ("target",)):
                continue  # this row card cannot be matched (another copy of it may)
            seen.add(key)
            for tdecl, tval in self._targets(i, card):
                for combo in (*singles.get(tval, ()), *doubles.get(tval, ())):
                    m = Match(tdecl, combo)
                    if not first_forbidden(self, m, i, ("turn", "kind", "colour"), skip):
                        out.append(m)
        return out

    def match_rests_on(self, m: Match) -> str | None:
        """The unspecified rule the legality of match ``m`` rests on, or None when it is legal
        outright (its colour bonus may still be open)."""
        return rests_on(self, m, self._find_target(m.target))

    def has_match(self) -> bool:
        """Whether the turn player could make a match now (ignoring `drawing.match_after_draw`)."""
        c = self.c
        if not c.simple_matching:
            return bool(self.match_actions(after_draw_ok=True))
        index, lo, hi = c.face_index, c.f_lo, c.f_hi
        row, used = self.row, self.used
        targets = [index[id(card)] for i, card in enumerate(row) if not used[i]]
        if not targets:
            return False
        hand = [index[id(card)] for card in self.hands[self.turn_seat]]
        for t in targets:
            tlo, thi = lo[t], hi[t]
            for k, a in enumerate(hand):
                la, ha = lo[a], hi[a]
                if la <= thi and tlo <= ha:
                    return True
                for b in hand[k + 1:]:
                    if la + lo[b] <= thi and tlo <= ha + hi[b]:
                        return True
        return False

    def has_match_after_draw(self) -> bool:
        """After a draw: whether a match is open now under `drawing.match_after_draw` (only the
        drawn card's, under drawn-card; any, when the rule is unspecified: each is a gap)."""
        rule = self.c.match_after_draw
        if rule is MatchAfterDraw.NONE:
            return False
        return bool(self.match_actions()) if rule is _DRAWN_CARD else self.has_match()

    def can_match(self, seat: int) -> bool:
        """Whether ``seat`` could make a match if it were their turn now."""
        saved = self.turn_seat
        self.turn_seat = seat
        try:
            return bool(self.match_actions())
        finally:
            self.turn_seat = saved

    def place_options(self) -> list[Place]:
        """The ``place`` actions open to the turn player: each card in hand, as it may be placed."""
        opts = self.c.place_options
        return [Place(d) for card in dict.fromkeys(self.hands[self.turn_seat]) for d in opts[card]]

    # --- colour -------------------------------------------------------------------------------

    def match_colour(self, m: Match) -> tuple[str | None, str | None]:
        """:meth:`colour_outcome` of match ``m``. It depends on the match's cards and the rules
        alone: an untraced game remembers it per ``Match`` object (``engine.specialised``); a
        traced game works it out, reading the rules it rests on, every time."""
        fast = self.fast
        if fast is None:
            return self.colour_outcome(m.target, m.cards)
        colours = fast.colours
        known = colours.get(id(m))
        if known is not None and known[0] is m:
            return known[1]
        outcome = self.colour_outcome(m.target, m.cards)
        fast.remember_colour(m, outcome)
        return outcome

    def colour_outcome(self, target: Declared, cards: tuple[Declared, ...]) -> tuple[str | None, str | None]:
        """(bonus, gap path): bonus is 'single-colour', 'double-colour' or None; the gap path is
        set when the bonus depends on an unspecified rule."""
        c = self.c
        if not c.plain_colour:
            return self._colour_outcome_general(target, cards)
        index = c.face_index
        if target.colour is not None:
            common = c.colour_bit[target.colour]
        else:
            f = index.get(id(target.card))
            common = c.f_tbits[f] if f is not None and c.faces[f] is target.card else self._bits(target, c.f_tbits)
        fbits = c.f_bits
        for d in cards:
            if d.colour is not None:
                common &= c.colour_bit[d.colour]
            else:
                f = index.get(id(d.card))
                common &= fbits[f] if f is not None and c.faces[f] is d.card else self._bits(d, fbits)
        if not common:
            return _NO_BONUS
        return _SINGLE if len(cards) == 1 else _DOUBLE

    def _bits(self, d: Declared, table) -> int:
        c, card = self.c, d.card
        if d.colour is not None:
            return c.colour_bit[d.colour]
        f = c.face_index.get(id(card))
        return table[f if f is not None else c.face_of[card]]

    def _colour_alternatives(self, d: Declared, in_row: bool):
        """[(possible colours, rule path or None)]: more than one entry when a rule is unspecified."""
        card, c = d.card, self.c
        if card.kind is Kind.NUMBER:
            return ((frozenset((card.colour,)), None),)
        allc = frozenset(c.colours)
        if card.kind is Kind.WILD_DOS:
            if d.colour is not None:
                return ((frozenset((d.colour,)), None),)
            if in_row and c.wild_dos_row is not RowWildChoice.MATCHER_DECLARES:  # (placer's unknown)
                path = "wilds.wild_dos.row_colour"
                return ((allc, path), (frozenset(), path))
            return ((allc, None),)
        wc = c.wild_colour
        if wc is WildNumberColour.PRINTED:
            return ((frozenset((card.colour,)), None),)
        if wc is WildNumberColour.DECLARED:
            return ((allc, None),)
        path = "wilds.wild_number.colour"
        return ((frozenset((card.colour,)), path), (allc, path))

    def _colour_outcome_general(self, target: Declared, cards: tuple[Declared, ...]):
        alts = [self._colour_alternatives(target, True)] + [self._colour_alternatives(d, False) for d in cards]
        name = "single-colour" if len(cards) == 1 else "double-colour"
        outcomes = set()
        path = None
        for combo in _product(alts):
            common = combo[0][0]
            for colours, p in combo[1:]:
                common = common & colours
            for _, p in combo:
                path = path or p
            outcomes.add(name if common else None)
        if len(outcomes) == 1:
            return outcomes.pop(), None
        return None, path

    # --- finding cards --------------------------------------------------------------------------

    def _interned(self, card: Card) -> Card:
        """The game's own object for a card face (every zone holds only these)."""
        c = self.c
        f = c.face_index.get(id(card))
        if f is not None and c.faces[f] is card:
            return card
        return c.faces[c.face_of[card]]

    def _position(self, cards: list, card: Card) -> int:
        """Index of a card face in a zone, compared by identity of the interned face."""
        return [*map(id, cards)].index(id(self._interned(card)))

    def _find_target(self, target: Declared) -> int:
        """The row index a match's target face resolves to, preferring a card not yet matched."""
        card, found = self._interned(target.card), -1
        decl, used = self.row_bind, self.used
        for i, rc in enumerate(self.row):
            if rc is card and (decl[i] is None or decl[i] == target):
                if not used[i]:
                    return i
                found = i
        if found < 0:
            raise ValueError(f"{target} is not in the Centre Row")
        return found


def _product(alternatives):
    """Cartesian product of small tuples (itertools.product without the import in the hot path)."""
    out = [()]
    for alts in alternatives:
        if len(alts) == 1:
            a = alts[0]
            out = [o + (a,) for o in out]
        else:
            out = [o + (a,) for o in out for a in alts]
    return out
