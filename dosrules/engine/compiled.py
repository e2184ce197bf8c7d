"""Rules compiled once per (ruleset, player count) into plain attributes for the hot loop.

Every rule the engine consults is read here from ``ruleset.for_players(n)``; nothing else in the
engine looks at the rule tree. An ``unspecified`` flag or count becomes ``None`` (``True`` /
``False`` / ``None``); enum rules keep their enum member (``.UNSPECIFIED`` marks a gap).

**Observing which rules a game reads (supported).** A ``State`` reads every rule through its
attribute ``state.c``, at the moment the rule decides something: the engine keeps no rule value
anywhere else (not on the state, not in module globals, not across calls). A caller may
therefore replace ``state.c`` with any object exposing the same attributes (e.g. a proxy that
records each attribute read and returns the wrapped ``CompiledRules``'s value) for as long as
it likes; the game plays exactly as with the plain object. Attributes are read-only by
convention; a proxy must return the wrapped values unchanged. ``state.copy()`` shares the
object. ``dosrules/disputes/consult.py`` uses this to name the rules a verdict rested on.
"""

from __future__ import annotations

from ..ruleset.cards import Card, Declared, Kind, make_deck
from .actions import declared_key
from ..ruleset.model import (AfterFailedDraw, AllWildRow, BonusPlacement, BonusTiming, Catcher, DeckExhaustion,
                     DeclineAfterDraw, Direction, DrawTiming, FirstDealer, FirstPlayer, MatchAfterDraw,
                     NextDealer, PenaltyTiming, PendingPenalty, RefillMode, RowWildChoice, Rules, Ruleset,
                     WildNumberColour, is_unspecified)

__all__ = ["CompiledRules", "compile_rules"]


def _v(value):
    """A plain value, or None for UNSPECIFIED."""
    return None if is_unspecified(value) else value


class CompiledRules:
    """The rules of one ruleset for one player count, as flat attributes (read-only by convention)."""

    def __init__(self, ruleset: Ruleset, players: int):
        r: Rules = ruleset.for_players(players)
        self.ruleset, self.rules, self.players = ruleset, r, players
        self.min_players, self.max_players = r.players.min, r.players.max
        # deck and cards
        self.deck: tuple[Card, ...] = make_deck(r.deck)
        self.colours = tuple(r.deck.colours)
        self.wild_dos = Card(Kind.WILD_DOS)
        # setup
        self.first_dealer: FirstDealer = r.setup.first_dealer
        self.symbol_value = _v(r.setup.symbol_value_for_dealer)
        self.next_dealer: NextDealer = r.setup.next_dealer
        self.first_player: FirstPlayer = r.setup.first_player
        self.direction: Direction = r.setup.direction
        self.hand_size: int = r.setup.hand_size
        self.centre_row: int = r.setup.centre_row
        # matching
        m = r.matching
        self.single, self.double = _v(m.single), _v(m.double)
        self.colour_restricts = _v(m.colour_restricts)
        self.once_per_row_card = _v(m.once_per_row_card)
        self.any_row_card = _v(m.any_row_card)
        # drawing
        d = r.drawing
        self.draw_when_match_possible = _v(d.draw_when_match_possible)
        self.match_after_draw: MatchAfterDraw = d.match_after_draw
        self.after_failed_draw: AfterFailedDraw = d.after_failed_draw
        self.decline_match_after_draw: DeclineAfterDraw = d.decline_match_after_draw
        # bonuses
        self.single_place = _v(r.bonuses.single_colour.place_cards)
        self.single_draw = _v(r.bonuses.single_colour.others_draw)
        self.double_place = _v(r.bonuses.double_colour.place_cards)
        self.double_draw = _v(r.bonuses.double_colour.others_draw)
        self.single_placement: BonusPlacement = r.bonuses.single_colour.placement
        self.double_placement: BonusPlacement = r.bonuses.double_colour.placement
        self.others_draw_timing: DrawTiming = r.bonuses.others_draw_timing
        # refill
        self.refill_mode: RefillMode = r.refill.mode
        self.row_minimum: int = r.refill.minimum
        self.bonus_timing: BonusTiming = r.refill.bonus_cards
        # wilds
        self.wild_dos_value: int = r.wilds.wild_dos.value
        self.wild_dos_row: RowWildChoice = r.wilds.wild_dos.row_colour
        self.wild_min: int = r.wilds.wild_number.min_value
        self.wild_max: int = r.wilds.wild_number.max_value
        self.wild_range = range(self.wild_min, self.wild_max + 1)
        self.wild_colour: WildNumberColour = r.wilds.wild_number.colour
        self.wild_row: RowWildChoice = r.wilds.wild_number.row_value
        # DOS call: active only when both the requirement and the hand size are stated
        dc = r.dos_call
        self.dos_required = _v(dc.required)
        self.dos_hand_size = _v(dc.hand_size)
        self.dos_active = self.dos_required is True and self.dos_hand_size is not None
        self.catch_penalty = _v(dc.catch_penalty)
        self.penalty_timing: PenaltyTiming = dc.penalty_timing
        self.catcher: Catcher = dc.catcher
        # going out and scoring
        self.double_draw_before_scoring = _v(r.going_out.double_colour_draw_before_scoring)
        self.pending_penalty: PendingPenalty = r.going_out.pending_penalty
        s = r.scoring
        self.face_value = _v(s.number_cards_face_value)
        self.points: dict[Card, int | None] = {}
        for card in set(self.deck):
            if card.kind is Kind.WILD_DOS:
                self.points[card] = _v(s.wild_dos)
            elif card.kind is Kind.WILD_NUMBER:
                self.points[card] = _v(s.wild_number)
            else:
                self.points[card] = None if self.face_value is None else (card.number if self.face_value else 0)
        self.target: int = r.target
        self.deck_exhaustion: DeckExhaustion = r.deck_exhaustion
        self.all_wild_row: AllWildRow = r.all_wild_row
        self.placer_declares = self.all_wild_row is AllWildRow.PLACER_DECLARES
        # the most row cards one turn may match when `matching.any_row_card` is false
        self.row_card_limit = self.row_minimum
        #: the matches open to a player are decided by numbers alone: every free row card once,
        #: singles and doubles, colour never restricting, no placer declarations. Fast agents plan
        #: for these rules on the per-face tables below without consulting legal_actions() (the
        #: wild rules may still be unspecified: such matches are offered and end in a gap). After a
        #: draw, unless any match may then be made (``match_after_draw: any``), the requirement
        #: table decides (State.match_actions) and agents leave their planners
        self.simple_matching = (
            self.single is True and self.double is True and self.colour_restricts is False
            and self.once_per_row_card is True and self.any_row_card is True and not self.placer_declares)
        #: simple matching where no match can depend on an unspecified wild rule either
        self.plain_matching = (
            self.simple_matching
            and self.wild_dos_row is RowWildChoice.MATCHER_DECLARES
            and self.wild_row is RowWildChoice.MATCHER_DECLARES
            and self.wild_colour is not WildNumberColour.UNSPECIFIED)
        #: a colour bonus never depends on an unspecified rule: colours compare as bit masks
        self.plain_colour = (self.wild_colour is not WildNumberColour.UNSPECIFIED
                             and self.wild_dos_row is not RowWildChoice.UNSPECIFIED)
        self._tables()

    def _tables(self) -> None:
        """Per-face tables of the declarations a card can take, built once."""
        faces = sorted(set(self.deck), key=lambda c: declared_key(Declared(c)))
        self.faces = tuple(faces)
        # the deck's own card objects: every zone and every table holds these (compared by identity)
        interned = {card: card for card in self.deck}
        self.deck = tuple(interned[card] for card in self.deck)
        faces = [interned[card] for card in faces]
        self.faces = tuple(faces)
        w2 = self.wild_dos = interned.get(self.wild_dos, self.wild_dos)
        #: card in hand -> [(value, Declared)] it can count as in a match
        self.hand_options: dict[Card, list[tuple[int, Declared]]] = {}
        #: card in the row (not declared by its placer) -> [(Declared target, value)]
        self.target_options: dict[Card, list[tuple[Declared, int]]] = {}
        #: card placed from hand into the row -> the Declared forms a `place` action may take
        self.place_options: dict[Card, list[Declared]] = {}
        #: a wild lying in the row, declared by its placer -> the declarations it may take
        self.declare_options: dict[Card, list[Declared]] = {}
        # int tables for fast agents: face index by id() of the game's interned card objects
        ncol = len(self.colours)
        allbits = (1 << ncol) - 1
        col_index = {col: i for i, col in enumerate(self.colours)}
        self.all_bits = allbits
        self.colour_bit = {col: 1 << i for i, col in enumerate(self.colours)}
        self.face_of = {card: i for i, card in enumerate(faces)}  # by value, for parsed cards
        self.face_index = {id(card): i for i, card in enumerate(faces)}
        self.f_kind = [card.kind for card in faces]
        self.f_value = [card.number for card in faces]  # None for wilds
        self.f_score: list[int | None] = [self.points.get(card) for card in faces]  # None: unspecified
        self.f_points = [p or 0 for p in self.f_score]
        # the colours a card surely counts as (from hand / lying in the row): under an unspecified
        # wild rule, the fewest its alternatives allow, so a colour bonus found with these bits
        # holds whichever way the rule is settled (Wild #: its printed colour; a row Wild DOS: none)
        self.f_bits = [0] * len(faces)
        self.f_tbits = [0] * len(faces)
        self.plain_decl = [Declared(card) for card in faces]
        self.w2_decl = [Declared(w2, None, col) for col in self.colours]
        self.wn_decl: list[dict[int, Declared]] = [{} for _ in faces]
        #: the lowest and highest number each face can count as
        self.f_lo = [card.number if card.kind is Kind.NUMBER else
                     (self.wild_dos_value if card.kind is Kind.WILD_DOS else self.wild_min) for card in faces]
        self.f_hi = [card.number if card.kind is Kind.NUMBER else
                     (self.wild_dos_value if card.kind is Kind.WILD_DOS else self.wild_max) for card in faces]
        for i, card in enumerate(faces):
            if card.kind is Kind.NUMBER:
                self.f_bits[i] = self.f_tbits[i] = 1 << col_index[card.colour]
            elif card.kind is Kind.WILD_DOS:
                self.f_bits[i] = allbits
                self.f_tbits[i] = allbits if self.wild_dos_row is RowWildChoice.MATCHER_DECLARES else 0
            else:
                bits = allbits if self.wild_colour is WildNumberColour.DECLARED else 1 << col_index[card.colour]
                self.f_bits[i] = self.f_tbits[i] = bits
        for card in faces:
            if card.kind is Kind.NUMBER:
                self.hand_options[card] = [(card.number, Declared(card))]
                self.target_options[card] = [(Declared(card), card.number)]
                self.place_options[card] = [Declared(card)]
                continue
            if card is w2 or card.kind is Kind.WILD_DOS:
                decls = self.w2_decl
                self.hand_options[card] = [(self.wild_dos_value, d) for d in decls]
                if self.wild_dos_row is RowWildChoice.MATCHER_DECLARES:
                    self.target_options[card] = [(d, self.wild_dos_value) for d in decls]
                else:
                    self.target_options[card] = [(Declared(card), self.wild_dos_value)]
            else:
                decls = [Declared(card, v) for v in self.wild_range]
                self.wn_decl[faces.index(card)] = {d.value: d for d in decls}
                self.hand_options[card] = [(d.value, d) for d in decls]
                self.target_options[card] = [(d, d.value) for d in decls]
            self.declare_options[card] = decls
            self.place_options[card] = decls if self.placer_declares else [Declared(card)]

    def provenance(self, path: str):
        return self.ruleset.provenance_of(path, self.players)


_CACHE: dict[tuple[int, int], tuple[Ruleset, CompiledRules]] = {}


def compile_rules(ruleset: Ruleset, players: int) -> CompiledRules:
    """The compiled rules, built once per (ruleset object, players) and shared by every game."""
    key = (id(ruleset), players)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    if len(_CACHE) > 256:
        _CACHE.clear()
    compiled = CompiledRules(ruleset, players)
    _CACHE[key] = (ruleset, compiled)
    return compiled
