"""Rules compiled once per (ruleset, player count) into plain attributes for the hot loop.

Every rule the engine consults is read here from ``ruleset.for_players(n)``; nothing else in the
engine looks at the rule tree. An ``unspecified`` flag or count becomes ``None`` (``True`` /
``False`` / ``None``); enum rules keep their enum member (``.UNSPECIFIED`` marks a gap).

**Sources.** Each attribute is built through :class:`_Sources`, which notes the rule paths it is
read from, or the attributes it is derived from (whose paths it then rests on too), at the line
that computes it. ``compiled.sources`` is the result: attribute -> the rule paths its value is
computed from, in rule-tree order (``{"after_failed_draw": ("drawing.after_failed_draw",),
"dos_active": ("dos_call.required", "dos_call.hand_size"), ...}``). A flag that holds when
several conditions all hold (``simple_matching``, ``plain_matching``, ...) rests on all of them
when it holds and on those that fail when it does not: under a placer-declares row,
``simple_matching`` is false by ``all_wild_row`` alone, whatever the matching rules say. A traced
game (:mod:`dosrules.engine.trace`) turns the attributes the engine reads into the rules it read
with this mapping; ``tests/test_compiled.py`` proves it complete by recompiling under changed
rules.

**One cache.** :func:`compile_rules` keeps one ``CompiledRules`` per (ruleset content hash,
player count), shared by every game of those rules. The content hash covers the resolved rule
tree (id, name, kind, sources, rules, by_players), not provenance or the files read, and a
Ruleset made with ``dataclasses.replace`` keeps its old hash: a hit is used only for the same
ruleset or one equal to it in every field, so a game's ``state.ruleset`` cites its own clauses.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping, cast

from ..ruleset.cards import Card, Declared, Kind, make_deck
from .actions import declared_key
from ..ruleset.model import (AfterFailedDraw, AllWildRow, BonusPlacement, BonusTiming, Catcher, CatchWindow, DealerTie, DeckExhaustion,
                     DeclineAfterDraw, Direction, DrawTiming, FirstDealer, FirstPlayer, MatchAfterDraw,
                     NextDealer, PenaltyTiming, PendingPenalty, RefillMode, RowWildChoice, Rules, Ruleset,
                     WildNumberColour, is_unspecified, rule_paths)

__all__ = ["CompiledRules", "compile_rules"]


def _v(value):
    """A plain value, or None for UNSPECIFIED."""
    return None if is_unspecified(value) else value


_TREE_ORDER = {path: i for i, path in enumerate(rule_paths())}


class _Sources:
    """The rule paths each compiled attribute is computed from, noted where it is computed."""

    def __init__(self, rules: Rules):
        self._rules = rules
        self._of: dict[str, set[str]] = {}

    def rule(self, attr: str, path: str) -> Any:
        """The value at rule ``path``, as the ruleset has it; ``path`` feeds ``attr``."""
        self._of.setdefault(attr, set()).add(path)
        return self._rules.get(path)

    def value(self, attr: str, path: str) -> Any:
        """:meth:`rule`, with ``unspecified`` as None (flags and counts)."""
        return _v(self.rule(attr, path))

    def reads(self, attr: str, *paths: str) -> None:
        """``attr`` is computed by a helper that reads the rule ``paths``."""
        self._of.setdefault(attr, set()).update(paths)

    def derived(self, attr: str, *attrs: str) -> None:
        """``attr`` is computed from the attributes ``attrs`` (noted before it): their paths feed it.
        With no ``attrs``: a constant, fed by no rule."""
        paths = self._of.setdefault(attr, set())
        for name in attrs:
            paths |= self._of[name]

    def all_of(self, attr: str, **terms: bool) -> bool:
        """``attr``: whether every term holds, each term named by the attribute it is computed
        from. It rests on every term when it holds, and on the terms that fail when it does not
        (no other rule could make it hold)."""
        holds = all(terms.values())
        self.derived(attr, *(name for name, ok in terms.items() if holds or not ok))
        return holds

    def any_of(self, attr: str, **terms: bool) -> bool:
        """``attr``: whether some term holds; it rests on the terms that hold when it does, and on
        every term when it does not (the dual of :meth:`all_of`)."""
        holds = any(terms.values())
        self.derived(attr, *(name for name, ok in terms.items() if ok or not holds))
        return holds

    def mapping(self) -> Mapping[str, tuple[str, ...]]:
        """attribute -> its rule paths in rule-tree order (read-only)."""
        return MappingProxyType({attr: tuple(sorted(paths, key=_TREE_ORDER.__getitem__))
                                 for attr, paths in self._of.items()})


class CompiledRules:
    """The rules of one ruleset for one player count, as flat attributes (read-only by convention).

    ``sources``: attribute -> the rule paths its value is computed from (see the module doc)."""

    def __init__(self, ruleset: Ruleset, players: int):
        r: Rules = ruleset.for_players(players)
        self.ruleset, self.rules, self.players = ruleset, r, players
        src = _Sources(r)
        # one method per rule area, in rule-tree order: each notes the sources of what it sets,
        # and a later one may derive from what an earlier one set
        self._setup(src)
        self._matching_and_drawing(src)
        self._bonuses_and_refill(src)
        self._wilds(src)
        self._dos_call(src)
        self._going_out_and_scoring(src)
        self._row_wilds(src)
        self._matching_flags(src)
        self._intern_faces(src)
        self._face_numbers(src)
        self._face_colours(src)
        self._declaration_tables(src)
        #: attribute -> the rule paths its value is computed from, in rule-tree order
        self.sources: Mapping[str, tuple[str, ...]] = src.mapping()
        #: the matching tables for untraced games (``engine.specialised``), built when first asked for
        self.specialised: Any = None

    def _setup(self, src: _Sources) -> None:
        """Players, the deck and the setup rules."""
        rule, value = src.rule, src.value
        self.min_players: int = rule("min_players", "players.min")
        self.max_players: int = rule("max_players", "players.max")
        self.deck: tuple[Card, ...] = make_deck(self.rules.deck)
        src.reads("deck", "deck.colours", "deck.numbers", "deck.wild_number_per_colour", "deck.wild_dos")
        self.colours = tuple(rule("colours", "deck.colours"))
        self.wild_dos = Card(Kind.WILD_DOS)
        src.derived("wild_dos")
        self.first_dealer: FirstDealer = rule("first_dealer", "setup.first_dealer")
        self.symbol_value = value("symbol_value", "setup.symbol_value_for_dealer")
        self.dealer_tie: DealerTie = rule("dealer_tie", "setup.dealer_tie")
        self.next_dealer: NextDealer = rule("next_dealer", "setup.next_dealer")
        self.first_player: FirstPlayer = rule("first_player", "setup.first_player")
        self.direction: Direction = rule("direction", "setup.direction")
        self.hand_size: int = rule("hand_size", "setup.hand_size")
        self.centre_row_min: int = rule("centre_row_min", "setup.centre_row")
        #: cards turned up beyond the minimum; None: unspecified, a rule gap at every deal
        self.centre_row_extra = value("centre_row_extra", "setup.centre_row_extra")
        #: the cards the deal turns up (the minimum alone while the extra is unspecified)
        self.centre_row: int = self.centre_row_min + (self.centre_row_extra or 0)
        src.derived("centre_row", "centre_row_min", "centre_row_extra")

    def _matching_and_drawing(self, src: _Sources) -> None:
        """What a match may be, and what a draw allows."""
        rule, value = src.rule, src.value
        self.single = value("single", "matching.single")
        self.double = value("double", "matching.double")
        self.colour_restricts = value("colour_restricts", "matching.colour_restricts")
        self.once_per_row_card = value("once_per_row_card", "matching.once_per_row_card")
        self.any_row_card = value("any_row_card", "matching.any_row_card")
        self.draw_when_match_possible = value("draw_when_match_possible", "drawing.draw_when_match_possible")
        self.match_after_draw: MatchAfterDraw = rule("match_after_draw", "drawing.match_after_draw")
        self.after_failed_draw: AfterFailedDraw = rule("after_failed_draw", "drawing.after_failed_draw")
        self.decline_match_after_draw: DeclineAfterDraw = rule("decline_match_after_draw",
                                                               "drawing.decline_match_after_draw")

    def _bonuses_and_refill(self, src: _Sources) -> None:
        """Colour bonuses and refilling the Centre Row."""
        rule, value = src.rule, src.value
        self.single_place = value("single_place", "bonuses.single_colour.place_cards")
        self.single_draw = value("single_draw", "bonuses.single_colour.others_draw")
        self.double_place = value("double_place", "bonuses.double_colour.place_cards")
        self.double_draw = value("double_draw", "bonuses.double_colour.others_draw")
        self.single_placement: BonusPlacement = rule("single_placement", "bonuses.single_colour.placement")
        self.double_placement: BonusPlacement = rule("double_placement", "bonuses.double_colour.placement")
        self.others_draw_timing: DrawTiming = rule("others_draw_timing", "bonuses.others_draw_timing")
        self.refill_mode: RefillMode = rule("refill_mode", "refill.mode")
        self.row_minimum: int = rule("row_minimum", "refill.minimum")
        self.bonus_timing: BonusTiming = rule("bonus_timing", "refill.bonus_cards")

    def _wilds(self, src: _Sources) -> None:
        """What the Wild DOS and the Wild # count as."""
        rule = src.rule
        self.wild_dos_value: int = rule("wild_dos_value", "wilds.wild_dos.value")
        self.wild_dos_row: RowWildChoice = rule("wild_dos_row", "wilds.wild_dos.row_colour")
        self.wild_min: int = rule("wild_min", "wilds.wild_number.min_value")
        self.wild_max: int = rule("wild_max", "wilds.wild_number.max_value")
        self.wild_range = range(self.wild_min, self.wild_max + 1)
        src.derived("wild_range", "wild_min", "wild_max")
        self.wild_colour: WildNumberColour = rule("wild_colour", "wilds.wild_number.colour")
        self.wild_row: RowWildChoice = rule("wild_row", "wilds.wild_number.row_value")

    def _dos_call(self, src: _Sources) -> None:
        """The DOS call: active only when both the requirement and the hand size are stated."""
        rule, value = src.rule, src.value
        self.dos_required = value("dos_required", "dos_call.required")
        self.dos_hand_size = value("dos_hand_size", "dos_call.hand_size")
        self.dos_active = src.all_of("dos_active", dos_required=self.dos_required is True,
                                     dos_hand_size=self.dos_hand_size is not None)
        self.catch_penalty = value("catch_penalty", "dos_call.catch_penalty")
        self.penalty_timing: PenaltyTiming = rule("penalty_timing", "dos_call.penalty_timing")
        self.catcher: Catcher = rule("catcher", "dos_call.catcher")
        self.catch_window: CatchWindow = rule("catch_window", "dos_call.catch_window")

    def _going_out_and_scoring(self, src: _Sources) -> None:
        """Going out, the points of each card, the target and the round-level rules."""
        rule, value = src.rule, src.value
        self.double_draw_before_scoring = value("double_draw_before_scoring",
                                                "going_out.double_colour_draw_before_scoring")
        self.pending_penalty: PendingPenalty = rule("pending_penalty", "going_out.pending_penalty")
        self.face_value = value("face_value", "scoring.number_cards_face_value")
        wild_dos_points = value("points", "scoring.wild_dos")
        wild_number_points = value("points", "scoring.wild_number")
        self.points: dict[Card, int | None] = {}
        for card in set(self.deck):
            if card.kind is Kind.WILD_DOS:
                self.points[card] = wild_dos_points
            elif card.kind is Kind.WILD_NUMBER:
                self.points[card] = wild_number_points
            else:
                self.points[card] = None if self.face_value is None else (card.number if self.face_value else 0)
        src.derived("points", "deck", "face_value")
        self.target: int = rule("target", "target")
        self.deck_exhaustion: DeckExhaustion = rule("deck_exhaustion", "deck_exhaustion")
        self.all_wild_row: AllWildRow = rule("all_wild_row", "all_wild_row")
        # the most row cards one turn may match when `matching.any_row_card` is false
        self.row_card_limit = self.row_minimum
        src.derived("row_card_limit", "row_minimum")

    def _row_wilds(self, src: _Sources) -> None:
        """Who declares a wild lying in the Centre Row: in a row of only wild cards (judged when a
        turn starts) ``all_wild_row`` decides, elsewhere ``row_value`` / ``row_colour``."""
        placer = RowWildChoice.PLACER_DECLARES
        all_placer = self.all_wild_row is AllWildRow.PLACER_DECLARES
        #: a Wild # / a Wild DOS is declared by its placer when it enters the row
        self.declare_wild_number = src.any_of("declare_wild_number", all_wild_row=all_placer,
                                              wild_row=self.wild_row is placer)
        self.declare_wild_dos = src.any_of("declare_wild_dos", all_wild_row=all_placer,
                                           wild_dos_row=self.wild_dos_row is placer)
        #: some wild is declared when it enters the row (declare actions exist)
        self.placer_declares = src.any_of("placer_declares", declare_wild_number=self.declare_wild_number,
                                          declare_wild_dos=self.declare_wild_dos)

    def _matching_flags(self, src: _Sources) -> None:
        """Flags that let fast agents and the engine skip the requirement table."""
        #: the matches open to a player are decided by numbers alone: every free row card once,
        #: singles and doubles, colour never restricting, no placer declarations. Fast agents plan
        #: for these rules on the per-face tables below without consulting legal_actions() (the
        #: wild rules may still be unspecified: such matches are offered and end in a gap). After a
        #: draw, unless any match may then be made (``match_after_draw: any``), the requirement
        #: table decides (State.match_actions) and agents leave their planners
        self.simple_matching = src.all_of(
            "simple_matching", single=self.single is True, double=self.double is True,
            colour_restricts=self.colour_restricts is False, once_per_row_card=self.once_per_row_card is True,
            any_row_card=self.any_row_card is True, placer_declares=not self.placer_declares)
        #: simple matching where no match can depend on an unspecified wild rule either
        self.plain_matching = src.all_of(
            "plain_matching", simple_matching=self.simple_matching,
            wild_dos_row=self.wild_dos_row is RowWildChoice.MATCHER_DECLARES,
            wild_row=self.wild_row is RowWildChoice.MATCHER_DECLARES,
            wild_colour=self.wild_colour is not WildNumberColour.UNSPECIFIED)
        #: a colour bonus never depends on an unspecified rule: colours compare as bit masks
        self.plain_colour = src.all_of(
            "plain_colour", wild_colour=self.wild_colour is not WildNumberColour.UNSPECIFIED,
            wild_dos_row=self.wild_dos_row is not RowWildChoice.UNSPECIFIED)

    # Per-face tables of the declarations a card can take, built once.

    def _intern_faces(self, src: _Sources) -> None:
        """The distinct faces in a fixed order, and the deck made of one object per face: every
        zone and every table holds these (compared by identity)."""
        faces = sorted(set(self.deck), key=lambda c: declared_key(Declared(c)))
        interned = {card: card for card in self.deck}
        self.deck = tuple(interned[card] for card in self.deck)
        self.faces = tuple(interned[card] for card in faces)
        src.derived("faces", "deck")
        self.wild_dos = interned.get(self.wild_dos, self.wild_dos)

    def _face_numbers(self, src: _Sources) -> None:
        """Int tables for fast agents: face index (by value, and by id() of the interned card
        objects), its points and the lowest and highest number it can count as."""
        faces = self.faces
        self.colour_bit = {col: 1 << i for i, col in enumerate(self.colours)}
        src.derived("colour_bit", "colours")
        self.face_of = {card: i for i, card in enumerate(faces)}  # by value, for parsed cards
        src.derived("face_of", "faces")
        self.face_index = {id(card): i for i, card in enumerate(faces)}
        src.derived("face_index", "faces")
        self.f_score: list[int | None] = [self.points.get(card) for card in faces]  # None: unspecified
        src.derived("f_score", "faces", "points")
        self.f_lo: list[int] = [cast(int, card.number) if card.kind is Kind.NUMBER else
                     (self.wild_dos_value if card.kind is Kind.WILD_DOS else self.wild_min) for card in faces]
        src.derived("f_lo", "faces", "wild_dos_value", "wild_min")
        self.f_hi: list[int] = [cast(int, card.number) if card.kind is Kind.NUMBER else
                     (self.wild_dos_value if card.kind is Kind.WILD_DOS else self.wild_max) for card in faces]
        src.derived("f_hi", "faces", "wild_dos_value", "wild_max")

    def _face_colours(self, src: _Sources) -> None:
        """The colours each face surely counts as, as bit masks (from hand: ``f_bits``; lying in
        the row: ``f_tbits``): under an unspecified wild rule, the fewest its alternatives allow,
        so a colour bonus found with these bits holds whichever way the rule is settled (Wild #:
        its printed colour; a row Wild DOS: none)."""
        allbits = (1 << len(self.colours)) - 1
        col_index = {col: i for i, col in enumerate(self.colours)}
        self.f_bits = [0] * len(self.faces)
        self.f_tbits = [0] * len(self.faces)
        for i, card in enumerate(self.faces):
            if card.kind is Kind.NUMBER:
                self.f_bits[i] = self.f_tbits[i] = 1 << col_index[card.colour]
            elif card.kind is Kind.WILD_DOS:
                self.f_bits[i] = allbits
                self.f_tbits[i] = allbits if self.wild_dos_row is RowWildChoice.MATCHER_DECLARES else 0
            else:
                bits = allbits if self.wild_colour is WildNumberColour.DECLARED else 1 << col_index[card.colour]
                self.f_bits[i] = self.f_tbits[i] = bits
        src.derived("f_bits", "faces", "colours", "wild_colour")
        src.derived("f_tbits", "faces", "colours", "wild_colour", "wild_dos_row")

    def _declaration_tables(self, src: _Sources) -> None:
        """What each face may be declared as, from hand, as a row target, when placed and when a
        placer declares a wild lying in the row."""
        #: card in hand -> [(value, Declared)] it can count as in a match
        self.hand_options: dict[Card, list[tuple[int, Declared]]] = {}
        #: card in the row (not declared by its placer) -> [(Declared target, value)]
        self.target_options: dict[Card, list[tuple[Declared, int]]] = {}
        #: card placed from hand into the row -> the Declared forms a `place` action may take
        self.place_options: dict[Card, list[Declared]] = {}
        #: a wild lying in the row, declared by its placer -> the declarations it may take
        self.declare_options: dict[Card, list[Declared]] = {}
        #: a wild in a row of only wild cards, its matcher declaring -> [(Declared target, value)]
        self.matcher_options: dict[Card, list[tuple[Declared, int]]] = {}
        #: card -> whether its placer declares it when it enters the row
        self.declared_on_entry: dict[Card, bool] = {}
        w2_decls = [Declared(self.wild_dos, None, col) for col in self.colours]
        for card in self.faces:
            self.declared_on_entry[card] = False
            if card.kind is Kind.NUMBER:
                self.hand_options[card] = [(cast(int, card.number), Declared(card))]
                self.target_options[card] = [(Declared(card), cast(int, card.number))]
                self.place_options[card] = [Declared(card)]
                continue
            if card is self.wild_dos or card.kind is Kind.WILD_DOS:
                decls = w2_decls
                self.declared_on_entry[card] = self.declare_wild_dos
                self.hand_options[card] = [(self.wild_dos_value, d) for d in decls]
                self.matcher_options[card] = [(d, self.wild_dos_value) for d in decls]
                if self.wild_dos_row is RowWildChoice.MATCHER_DECLARES:
                    self.target_options[card] = [(d, self.wild_dos_value) for d in decls]
                else:
                    self.target_options[card] = [(Declared(card), self.wild_dos_value)]
            else:
                decls = [Declared(card, v) for v in self.wild_range]
                self.declared_on_entry[card] = self.declare_wild_number
                self.hand_options[card] = [(cast(int, d.value), d) for d in decls]
                self.target_options[card] = [(d, cast(int, d.value)) for d in decls]
                self.matcher_options[card] = self.target_options[card]
            self.declare_options[card] = decls
            self.place_options[card] = decls if self.declared_on_entry[card] else [Declared(card)]
        src.derived("hand_options", "faces", "colours", "wild_dos_value", "wild_range")
        src.derived("target_options", "faces", "colours", "wild_dos_value", "wild_dos_row", "wild_range")
        src.derived("declare_options", "faces", "colours", "wild_range")
        src.derived("matcher_options", "faces", "colours", "wild_dos_value", "wild_range")
        src.derived("declared_on_entry", "faces", "declare_wild_number", "declare_wild_dos")
        src.derived("place_options", "faces", "colours", "wild_range", "declared_on_entry")

    def provenance(self, path: str):
        return self.ruleset.provenance_of(path, self.players)


#: (content hash, players) -> (ruleset, its CompiledRules) for each ruleset object seen with that hash
#: (usually one); an equal ruleset met later is kept beside the one compiled, so that its next games
#: find their rules by identity rather than by comparing every field (a quarter of a millisecond a game)
_COMPILED: dict[tuple[str, int], list[tuple[Ruleset, CompiledRules]]] = {}
_CAPACITY = 256  # rulesets kept at most: all are dropped when it is reached


def compile_rules(ruleset: Ruleset, players: int) -> CompiledRules:
    """The compiled rules of ``ruleset`` for ``players``, built once per (content hash, players)
    and shared by every game of those rules (see the module doc for what a hit requires)."""
    key = (ruleset.content_hash, players)
    kept = _COMPILED.get(key)
    if kept is not None:
        for seen, compiled in kept:
            if seen is ruleset:
                return compiled
        for seen, compiled in kept:
            if seen == ruleset:
                if sum(map(len, _COMPILED.values())) < _CAPACITY:
                    kept.append((ruleset, compiled))
                return compiled
    if sum(map(len, _COMPILED.values())) >= _CAPACITY:
        _COMPILED.clear()
    compiled = CompiledRules(ruleset, players)
    _COMPILED.setdefault(key, []).append((ruleset, compiled))
    return compiled
