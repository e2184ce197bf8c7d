"""One turn as a transition on an abstract state, generated from the rules.

Abstraction: a zone is a pair of counts, number cards and wild cards (the split matters for a
Centre Row of only wild cards); the deck is the deck, the discard pile, the Centre Row and each
hand. Which cards make a match is abstracted: a turn matches ``singles`` row cards with one
hand card each and ``doubles`` with two, of any class, and earns up to that many colour
bonuses. Everything the rules decide is generated from them: which matches are enabled, what
follows a draw without a match, the bonuses, going out, the refill mode and the order of bonus
cards and refill, what happens when the deck cannot supply a draw, the DOS-call penalty.

A turn reports the situations an ``unspecified`` rule would have to decide (``gaps``, by rule
path), situations no rule covers (``uncovered``) and whether the round ends in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from ..ruleset.model import (AfterFailedDraw, BonusPlacement, BonusTiming, DeckExhaustion, DeclineAfterDraw,
                     DrawTiming, MatchAfterDraw, RefillMode, Rules, is_unspecified)


@dataclass(frozen=True)
class Pile:
    num: z3.ArithRef
    wild: z3.ArithRef

    @property
    def total(self):
        return self.num + self.wild

    def __add__(self, other: "Pile") -> "Pile":
        return Pile(self.num + other.num, self.wild + other.wild)

    def __sub__(self, other: "Pile") -> "Pile":
        return Pile(self.num - other.num, self.wild - other.wild)

    def nonneg(self) -> z3.BoolRef:
        return z3.And(self.num >= 0, self.wild >= 0)


def pile(name: str) -> Pile:
    return Pile(z3.Int(f"{name}.num"), z3.Int(f"{name}.wild"))


@dataclass(frozen=True)
class TurnPiles:
    deck: Pile
    discard: Pile
    row: Pile
    hands: tuple[Pile, ...]

    def piles(self) -> list[Pile]:
        return [self.deck, self.discard, self.row, *self.hands]

    def total(self):
        return z3.Sum([p.total for p in self.piles()])

    def nonneg(self) -> z3.BoolRef:
        return z3.And([p.nonneg() for p in self.piles()])


def row_all_wild(s: TurnPiles) -> z3.BoolRef:
    """The Centre Row holds only wild cards (and at least one)."""
    return z3.And(s.row.num == 0, s.row.wild >= 1)


def fresh_state(name: str, players: int) -> TurnPiles:
    return TurnPiles(pile(f"{name}.deck"), pile(f"{name}.discard"), pile(f"{name}.row"),
                 tuple(pile(f"{name}.hand{i}") for i in range(players)))


def card_classes(rules: Rules) -> tuple[int, int]:
    """(number cards, wild cards) in the deck."""
    d = rules.deck
    numbers = len(d.colours) * sum(d.numbers.values())
    return numbers, len(d.colours) * d.wild_number_per_colour + d.wild_dos


def _false() -> z3.BoolRef:
    return z3.BoolVal(False)  # made when used: a term made at import would belong to another context


@dataclass
class Turn:
    after: TurnPiles
    valid: list = field(default_factory=list)  # the choices are consistent and enabled
    gaps: dict = field(default_factory=dict)  # rule path -> Bool: an unspecified rule must decide
    uncovered: dict = field(default_factory=dict)  # situation -> Bool: no rule covers it
    ended: z3.BoolRef = field(default_factory=_false)  # the round ends during this turn
    refill_short: z3.BoolRef = field(default_factory=_false)  # the deck could not supply the refill
    refill_open: z3.BoolRef = field(default_factory=_false)  # no rule says how to refill (refill.mode)
    shorts: list = field(default_factory=list)  # per draw: the deck alone could not supply it
    choices: dict = field(default_factory=dict)  # named terms for traces

    def gap(self, path: str, when) -> None:
        self.gaps[path] = z3.Or(self.gaps.get(path, z3.BoolVal(False)), when)

    def any_gap(self) -> z3.BoolRef:
        return z3.Or([z3.BoolVal(False), *self.gaps.values(), *self.uncovered.values()])


def _count(value):
    """An int rule value, or 0 when unspecified (its use is flagged as a gap)."""
    return 0 if is_unspecified(value) else value


class _Draws:
    """Draws from the deck in turn order, with the deck-exhaustion rule."""

    def __init__(self, rules: Rules, t: Turn, name: str, deck: Pile, discard: Pile, supplied: bool,
                 from_deck: bool = False):
        self.rules, self.t, self.name, self.supplied, self.from_deck = rules, t, name, supplied, from_deck
        self.deck, self.discard, self.n = deck, discard, 0
        self.ended = z3.BoolVal(False)

    def take(self, x) -> tuple[Pile, z3.BoolRef]:
        """Draw ``x`` cards; give the drawn pile and whether the deck ran short."""
        self.n += 1
        got = pile(f"{self.name}.draw{self.n}")
        mode = self.rules.deck_exhaustion
        short = z3.And(x > 0, self.deck.total < x)
        self.t.shorts.append(short)
        if mode is DeckExhaustion.RESHUFFLE_DISCARD and not self.from_deck:
            pool = Pile(z3.If(short, self.deck.num + self.discard.num, self.deck.num),
                        z3.If(short, self.deck.wild + self.discard.wild, self.deck.wild))
            self.discard = Pile(z3.If(short, 0, self.discard.num), z3.If(short, 0, self.discard.wild))
            self.t.uncovered["a draw that the deck and the discard pile together cannot supply"] = z3.Or(
                self.t.uncovered.get("a draw that the deck and the discard pile together cannot supply",
                                     z3.BoolVal(False)), z3.And(short, pool.total < x))
            amount = x
        elif self.supplied or self.from_deck:  # a turn that must not run the deck short (a prefix of a trace)
            pool, amount = self.deck, x
            self.t.valid.append(self.deck.total >= x)
        else:
            pool = self.deck
            if mode is DeckExhaustion.END_ROUND:
                self.ended = z3.Or(self.ended, short)
            else:
                self.t.gap("deck_exhaustion", z3.And(short, z3.Not(self.ended)))
            amount = z3.If(short, 0, x)
        self.t.valid += [got.nonneg(), got.total == amount, got.num <= pool.num, got.wild <= pool.wild]
        self.deck = pool - got
        return got, short


def turn(rules: Rules, players: int, s: TurnPiles, current: int, name: str, supplied: bool = False,
         from_deck: bool = False) -> Turn:
    """The transition of one turn of player ``current`` from state ``s``; with ``supplied``,
    only turns whose draws the deck can supply (a faster encoding for trace prefixes; where the
    discard pile is reshuffled into an empty deck, a draw may still reshuffle it). With
    ``from_deck``, only turns whose every draw the deck alone supplies, with no reshuffle: under
    any deck-exhaustion rule these are the same turns as the exact ones whose draws never run
    short, so a trace of them is a trace of the exact model."""
    t = Turn(after=s)
    v = t.valid
    m_rules, d_rules = rules.matching, rules.drawing
    drew = z3.Bool(f"{name}.drew")
    singles, doubles = z3.Int(f"{name}.singles"), z3.Int(f"{name}.doubles")
    s_bonus, d_bonus = z3.Int(f"{name}.single_colour"), z3.Int(f"{name}.double_colour")
    declined = z3.Bool(f"{name}.declined")  # drew, could match, and did not
    caught = z3.Bool(f"{name}.caught")
    row_used, hand_used = pile(f"{name}.row_matched"), pile(f"{name}.hand_used")
    draws = _Draws(rules, t, name, s.deck, s.discard, supplied, from_deck)
    hand = s.hands[current]

    # 1. draw (any hand may lack a match, so a draw is always possible in the abstraction)
    got, _ = draws.take(z3.If(drew, 1, 0))
    hand1 = hand + got

    # 2. matches
    matched = singles + doubles
    v += [singles >= 0, doubles >= 0, row_used.nonneg(), hand_used.nonneg(),
          row_used.total == matched, hand_used.total == singles + 2 * doubles,
          row_used.num <= s.row.num, row_used.wild <= s.row.wild,
          hand_used.num <= hand1.num, hand_used.wild <= hand1.wild,
          z3.Or(drew, matched >= 1)]  # match or draw
    for flag, count, path in ((m_rules.single, singles, "matching.single"),
                              (m_rules.double, doubles, "matching.double")):
        if flag is False:
            v.append(count == 0)
        elif is_unspecified(flag):
            t.gap(path, count > 0)
    # without "any or all" of a wide row (000 §6), a turn matches at most refill.minimum row cards
    if m_rules.any_row_card is False:
        v.append(matched <= rules.refill.minimum)
    elif is_unspecified(m_rules.any_row_card):
        t.gap("matching.any_row_card", matched > rules.refill.minimum)
    after_draw = d_rules.match_after_draw
    if after_draw is MatchAfterDraw.NONE:
        v.append(z3.Implies(drew, matched == 0))
    elif after_draw is MatchAfterDraw.DRAWN_CARD:  # one match, the drawn card's
        v.append(z3.Implies(drew, matched <= 1))
    elif is_unspecified(after_draw):
        t.gap("drawing.match_after_draw", z3.And(drew, matched > 0))
    wn, wd = rules.wilds.wild_number, rules.wilds.wild_dos
    if is_unspecified(wn.row_value) or is_unspecified(wd.row_colour):
        t.gap("wilds.wild_number.row_value" if is_unspecified(wn.row_value) else "wilds.wild_dos.row_colour",
              row_used.wild > 0)
    if is_unspecified(wn.colour):
        t.gap("wilds.wild_number.colour", hand_used.wild + row_used.wild > 0)

    # 3. a draw without a match: declined (a match was there) or failed
    no_match = z3.And(drew, matched == 0)
    v.append(z3.Implies(declined, z3.And(no_match, s.row.total >= 1)))
    decline, failed = d_rules.decline_match_after_draw, d_rules.after_failed_draw
    if decline is DeclineAfterDraw.FORBIDDEN:
        v.append(z3.Not(declined))
    elif is_unspecified(decline):
        t.gap("drawing.decline_match_after_draw", declined)
    if is_unspecified(failed):
        t.gap("drawing.after_failed_draw", z3.And(no_match, z3.Not(declined)))
    place_on_fail = z3.If(z3.And(no_match, z3.Not(declined)), int(failed is AfterFailedDraw.PLACE_CARD),
                          z3.If(declined, int(decline is DeclineAfterDraw.PLACE_CARD), 0))

    # 4. colour bonuses
    sc, dc = rules.bonuses.single_colour, rules.bonuses.double_colour
    v += [s_bonus >= 0, d_bonus >= 0, s_bonus <= singles, d_bonus <= doubles]
    for bonus, count, path in ((sc, s_bonus, "bonuses.single_colour"), (dc, d_bonus, "bonuses.double_colour")):
        for part in ("place_cards", "others_draw"):
            if is_unspecified(getattr(bonus, part)):
                t.gap(f"{path}.{part}", count > 0)
    hand2 = hand1 - hand_used
    row2 = s.row - row_used
    went_out = hand2.total == 0
    # others draw (before scoring too, if the player went out and the rule says so): when the
    # match is made, or when the turn ends after the played cards are discarded
    others_each = s_bonus * _count(sc.others_draw) + d_bonus * _count(dc.others_draw)
    gor = rules.going_out.double_colour_draw_before_scoring
    if is_unspecified(gor):
        t.gap("going_out.double_colour_draw_before_scoring", z3.And(went_out, d_bonus > 0))
    others_draw = z3.If(went_out, s_bonus * _count(sc.others_draw) + (d_bonus * _count(dc.others_draw) if gor is True
                                                                       else 0), others_each)
    timing = rules.bonuses.others_draw_timing
    if is_unspecified(timing):  # the readings differ only when the deck cannot supply the cards
        t.gap("bonuses.others_draw_timing", z3.And(others_draw > 0, draws.deck.total < others_draw * (players - 1)))
    hands = list(s.hands)
    hands[current] = hand2

    def others_take():
        for j in range(players):
            if j != current:
                got_j, _ = draws.take(others_draw)
                hands[j] = hands[j] + got_j

    if timing is not DrawTiming.END_OF_TURN:
        others_take()
    discard = draws.discard + row_used + hand_used
    draws.discard = discard
    if timing is DrawTiming.END_OF_TURN:
        others_take()

    # 5. bonus cards and refill, in the ruleset's order
    by_group = ((sc, s_bonus, "bonuses.single_colour"), (dc, d_bonus, "bonuses.double_colour"))
    owed = s_bonus * _count(sc.place_cards) + d_bonus * _count(dc.place_cards) + place_on_fail
    must = place_on_fail + z3.Sum([z3.IntVal(0), *[count * _count(b.place_cards) for b, count, _ in by_group
                                                   if b.placement is BonusPlacement.REQUIRED]])
    placed = pile(f"{name}.placed")
    cap = z3.If(owed <= hand2.total, owed, hand2.total)
    v += [placed.nonneg(), placed.num <= hand2.num, placed.wild <= hand2.wild,
          z3.If(went_out, placed.total == 0,
                z3.And(placed.total <= cap, placed.total >= z3.If(must <= hand2.total, must, hand2.total)))]
    for b, count, path in by_group:  # bonus cards kept where their placement is unspecified
        if is_unspecified(b.placement):
            t.gap(f"{path}.placement", z3.And(z3.Not(went_out), count > 0, placed.total < cap))
    hand3 = hand2 - placed
    minimum = rules.refill.minimum
    timing, mode = rules.refill.bonus_cards, rules.refill.mode
    bonus_placed = z3.And(placed.total > 0, matched > 0)
    if is_unspecified(timing):
        t.gap("refill.bonus_cards", z3.And(bonus_placed, row2.total < minimum))
    # a failed draw's card goes in at once; bonus cards before or after the refill
    first = z3.BoolVal(True) if timing is BonusTiming.BEFORE_REFILL else no_match
    early = Pile(z3.If(first, placed.num, 0), z3.If(first, placed.wild, 0))
    base = row2 + early
    if mode is RefillMode.TO_MINIMUM:
        need = z3.If(base.total < minimum, minimum - base.total, 0)
    elif mode is RefillMode.REPLACE_COVERED:
        after_replace = base.total + matched
        need = matched + z3.If(after_replace < minimum, minimum - after_replace, 0)
    else:
        need = z3.IntVal(0)
        t.refill_open = z3.And(z3.Not(went_out), base.total < minimum)
        t.gap("refill.mode", z3.And(z3.Not(went_out), matched > 0))
    need = z3.If(went_out, 0, need)
    refill, short = draws.take(need)
    row3 = base + refill + (placed - early)
    t.refill_short = short

    # 6. the DOS call: a player left at the call's hand size may be caught and draw the penalty
    dos = rules.dos_call
    hand_end = hand3
    if dos.required is True and not is_unspecified(dos.hand_size):
        v.append(z3.Implies(caught, z3.And(z3.Not(went_out), hand3.total == dos.hand_size)))
        if is_unspecified(dos.catch_penalty) or is_unspecified(dos.penalty_timing):
            t.gap("dos_call.catch_penalty" if is_unspecified(dos.catch_penalty) else "dos_call.penalty_timing",
                  caught)
        penalty, _ = draws.take(z3.If(caught, _count(dos.catch_penalty), 0))
        hand_end = hand3 + penalty
    else:  # no DOS call in play (where the sources are silent on it too: the rule is off)
        v.append(z3.Not(caught))
    hands[current] = hand_end
    t.after = TurnPiles(draws.deck, draws.discard, row3, tuple(hands))
    t.ended = z3.Or(went_out, hand3.total == 0, draws.ended)
    t.choices = {"drew": drew, "singles": singles, "doubles": doubles, "single_colour": s_bonus,
                 "double_colour": d_bonus, "declined": declined, "placed": placed.total,
                 "refilled": refill.total, "others_drew": others_draw, "caught": caught,
                 "went_out": went_out}
    return t
