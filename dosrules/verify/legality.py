"""The Z3 legality model of a turn's decisions, generated from the rules.

A card is a :class:`CardTerm` of Z3 integers (kind, number, colour, and a declaration it may
already carry in the row); concrete cards are constants, the divergence search makes them
free. What a card *counts as* (a value and a colour) is constrained by the rules: a number
card is itself, a Wild # takes a value in ``wilds.wild_number`` range (chosen on play, or by
the matcher in the row), a Wild DOS is ``wilds.wild_dos.value`` of a declared colour.

Each requirement of a match is a :class:`Cond`: ``ok`` (the rules allow it) and ``gap`` (an
``unspecified`` rule would decide it); never both. A match is legal when every requirement is
ok, and a rule gap when each is ok or gap and one is a gap.

Public: :func:`legality` (the exact legal actions at a concrete position, with the rule paths
of any gap met), :func:`legal_matches`, and the builders the divergence search reuses.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Sequence

import z3

from ..ruleset.cards import Card, Declared, Kind
from ..ruleset.model import (AfterFailedDraw, AllWildRow, Colour, DeclineAfterDraw, MatchAfterDraw, RowWildChoice,
                     UNSPECIFIED, Rules, WildNumberColour, is_unspecified)
from .position import AFTER_DRAW, START, Position, card_key
from .solving import DEFAULT_BUDGET, Budget, check

NUMBER, WILD_NUMBER, WILD_DOS = 0, 1, 2
KIND_CODE = {Kind.NUMBER: NUMBER, Kind.WILD_NUMBER: WILD_NUMBER, Kind.WILD_DOS: WILD_DOS}
COLOURS = list(Colour)
ROW, HAND = "row", "hand"


class UnknownResult(Exception):
    """Z3 could not decide a query within its budget; ``reason`` is Z3's reason_unknown."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(f"solver gave up: {reason}")


# --- card terms --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardTerm:
    kind: z3.ArithRef
    number: z3.ArithRef  # 0 for wild cards
    colour: z3.ArithRef  # index into COLOURS; 0 for Wild DOS
    fixed_value: z3.ArithRef  # a declaration it already carries (row only), -1 if none
    fixed_colour: z3.ArithRef


def concrete_term(card: Card | Declared) -> CardTerm:
    d = card if isinstance(card, Declared) else Declared(card)
    c = d.card
    return CardTerm(z3.IntVal(KIND_CODE[c.kind]), z3.IntVal(c.number or 0),
                    z3.IntVal(COLOURS.index(c.colour) if c.colour else 0),
                    z3.IntVal(d.value if d.value is not None else -1),
                    z3.IntVal(COLOURS.index(d.colour) if d.colour else -1))


def free_term(name: str) -> CardTerm:
    """A card face left to the solver (no declaration yet); constrain it with :func:`in_deck`."""
    return CardTerm(z3.Int(f"{name}.kind"), z3.Int(f"{name}.number"), z3.Int(f"{name}.colour"),
                    z3.IntVal(-1), z3.IntVal(-1))


def deck_faces(rules: Rules) -> list[tuple[int, int, int, int]]:
    """(kind, number, colour, copies) of every face the deck holds."""
    deck, faces = rules.deck, []
    for colour in deck.colours:
        ci = COLOURS.index(colour)
        faces += [(NUMBER, n, ci, k) for n, k in deck.numbers.items() if k > 0]
        if deck.wild_number_per_colour > 0:
            faces.append((WILD_NUMBER, 0, ci, deck.wild_number_per_colour))
    if deck.wild_dos > 0:
        faces.append((WILD_DOS, 0, 0, deck.wild_dos))
    return faces


def same_face(x: CardTerm, y: CardTerm) -> z3.BoolRef:
    return z3.And(x.kind == y.kind, x.number == y.number, x.colour == y.colour)


def is_face(c: CardTerm, face: tuple[int, int, int, int]) -> z3.BoolRef:
    return z3.And(c.kind == face[0], c.number == face[1], c.colour == face[2])


def in_deck(rules: Rules, c: CardTerm) -> z3.BoolRef:
    return z3.Or([is_face(c, f) for f in deck_faces(rules)])


def copies(rules: Rules, c: CardTerm) -> z3.ArithRef:
    out: z3.ArithRef = z3.IntVal(0)
    for face in deck_faces(rules):
        out = z3.If(is_face(c, face), face[3], out)
    return out


def select(index: z3.ArithRef, terms: Sequence[CardTerm]) -> CardTerm:
    """The term at a symbolic index (If-chain)."""
    fields = []
    for name in ("kind", "number", "colour", "fixed_value", "fixed_colour"):
        out = getattr(terms[-1], name)
        for i in range(len(terms) - 2, -1, -1):
            out = z3.If(index == i, getattr(terms[i], name), out)
        fields.append(out)
    return CardTerm(*fields)


def select_value(index: z3.ArithRef, values: Sequence) -> z3.ExprRef:
    out = values[-1]
    for i in range(len(values) - 2, -1, -1):
        out = z3.If(index == i, values[i], out)
    return out


# --- requirements ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cond:
    ok: z3.BoolRef
    gap: z3.BoolRef
    path: str = ""


def requirement(active, allowed, path: str) -> Cond:
    """A situation ``active`` that the rule at ``path`` allows (True), forbids (False) or
    leaves to an unspecified value (a gap whenever ``active``)."""
    active = z3.BoolVal(active) if isinstance(active, bool) else active
    if is_unspecified(allowed):
        return Cond(z3.Not(active), active, path)
    return Cond(z3.BoolVal(True) if allowed else z3.Not(active), z3.BoolVal(False), path)


def all_of(conds: Iterable[Cond]) -> Cond:
    conds = list(conds)
    ok = z3.And([c.ok for c in conds])
    gap = z3.And(z3.And([z3.Or(c.ok, c.gap) for c in conds]), z3.Or([c.gap for c in conds]))
    return Cond(ok, gap)


def _negate(flag):
    return flag if is_unspecified(flag) else not flag


@dataclass(frozen=True)
class Domain:
    """What a card can count as: values lo..hi, a colour (fixed or any deck colour)."""

    lo: z3.ArithRef
    hi: z3.ArithRef
    colour_fixed: z3.BoolRef
    colour: z3.ArithRef
    value_cond: Cond  # may the value be chosen at all (a row Wild # needs a rule)
    colour_gap: z3.BoolRef  # the colour (for a bonus) is left to an unspecified rule
    colour_cond: Cond  # may the colour be chosen at all (a row Wild DOS needs a rule)


def domain(rules: Rules, c: CardTerm, where: str, all_wild: bool = False) -> Domain:
    """What ``c`` can count as in the hand or the row. ``all_wild``: the row holds only wild
    cards and ``all_wild_row`` has the matcher declare them (a placer's declaration is in ``c``)."""
    wn, wd = rules.wilds.wild_number, rules.wilds.wild_dos
    is_num, is_wn, is_wd = c.kind == NUMBER, c.kind == WILD_NUMBER, c.kind == WILD_DOS
    has_value, has_colour = c.fixed_value >= 0, c.fixed_colour >= 0
    lo = z3.If(is_num, c.number, z3.If(is_wd, wd.value, z3.If(has_value, c.fixed_value, wn.min_value)))
    hi = z3.If(is_num, c.number, z3.If(is_wd, wd.value, z3.If(has_value, c.fixed_value, wn.max_value)))
    if where == ROW and all_wild:
        value_cond = colour_cond = Cond(z3.BoolVal(True), z3.BoolVal(False), "")
    elif where == ROW:
        value_cond = requirement(z3.And(is_wn, z3.Not(has_value)),
                                 _declares(wn.row_value), "wilds.wild_number.row_value")
        colour_cond = requirement(z3.And(is_wd, z3.Not(has_colour)),
                                  _declares(wd.row_colour), "wilds.wild_dos.row_colour")
    else:
        value_cond = colour_cond = Cond(z3.BoolVal(True), z3.BoolVal(False), "")
    # colour: number card and (printed) Wild # keep theirs; a Wild DOS is declared
    wn_colour_fixed = wn.colour is not WildNumberColour.DECLARED
    wn_colour_gap = is_unspecified(wn.colour)
    if where == ROW and not all_wild:
        wd_fixed = z3.Or(has_colour, z3.BoolVal(_open(wd.row_colour)))
        wd_colour = z3.If(has_colour, c.fixed_colour, 0)
        wd_gap = z3.And(z3.Not(has_colour), z3.BoolVal(_open(wd.row_colour)))
    else:
        wd_fixed, wd_colour, wd_gap = z3.BoolVal(False), z3.IntVal(0), z3.BoolVal(False)
    colour_fixed = z3.If(is_num, True, z3.If(is_wn, wn_colour_fixed, wd_fixed))
    colour = z3.If(is_wd, wd_colour, c.colour)
    colour_gap = z3.Or(z3.And(is_wn, wn_colour_gap), z3.And(is_wd, wd_gap))
    return Domain(lo, hi, colour_fixed, colour, value_cond, colour_gap, colour_cond)


def row_domain(rules: Rules, c: CardTerm, all_wild) -> Domain:
    """``domain(rules, c, ROW, ...)`` where whether the row holds only wild cards (and
    ``all_wild_row`` has them declared at the table) is a solver term ``all_wild``."""
    if isinstance(all_wild, bool):
        return domain(rules, c, ROW, all_wild)
    w, p = domain(rules, c, ROW, True), domain(rules, c, ROW, False)

    def either(x, y):
        return z3.If(all_wild, x, y)

    def cond(x: Cond, y: Cond) -> Cond:
        return Cond(either(x.ok, y.ok), either(x.gap, y.gap), y.path)
    return Domain(either(w.lo, p.lo), either(w.hi, p.hi), either(w.colour_fixed, p.colour_fixed),
                  either(w.colour, p.colour), cond(w.value_cond, p.value_cond), either(w.colour_gap, p.colour_gap),
                  cond(w.colour_cond, p.colour_cond))


def _open(choice) -> bool:
    """A row wild without a declaration counts as nothing the rules say: no rule says who declares
    it, or its placer declared it and the position does not say as what (as in the engine)."""
    return is_unspecified(choice) or choice is RowWildChoice.PLACER_DECLARES


def _declares(choice):
    return UNSPECIFIED if _open(choice) else choice is RowWildChoice.MATCHER_DECLARES


def counts_as(rules: Rules, dom: Domain, value, colour) -> z3.BoolRef:
    """``value``/``colour`` are what the card counts as (a declaration where it is open)."""
    cols = [COLOURS.index(c) for c in rules.deck.colours]
    return z3.And(dom.lo <= value, value <= dom.hi,
                  z3.If(dom.colour_fixed, colour == dom.colour, z3.Or([colour == i for i in cols])))


@dataclass(frozen=True)
class MatchSituation:
    """Where a match is made: the row slot's state and the turn's phase."""

    target_matched: z3.BoolRef  # this row card was matched earlier this turn
    limit_reached: z3.BoolRef  # see :func:`row_limit_reached`
    after_draw: z3.BoolRef
    uses_drawn: z3.BoolRef = field(default_factory=lambda: z3.BoolVal(False))  # the match plays the drawn card, still in hand (:func:`uses_drawn`)


def uses_drawn(drawn: CardTerm | None, drawn_open, a: CardTerm, b: CardTerm, is_double) -> z3.BoolRef:
    """The match of ``a`` (and ``b`` when double) plays the card drawn this turn, which no match
    has played yet (``drawn_open``); ``drawn`` None: no card was drawn."""
    if drawn is None:
        return z3.BoolVal(False)
    return z3.And(drawn_open, z3.Or(same_face(a, drawn), z3.And(is_double, same_face(b, drawn))))


def after_draw_requirement(rules: Rules, after_draw, uses_drawn_card, path: str = "drawing.match_after_draw") -> Cond:
    """``drawing.match_after_draw``: any match, only one the drawn card is part of, or none."""
    rule = rules.drawing.match_after_draw
    if rule is MatchAfterDraw.ANY:
        return Cond(z3.BoolVal(True), z3.BoolVal(False), path)
    if rule is MatchAfterDraw.DRAWN_CARD:
        return Cond(z3.Or(z3.Not(after_draw), uses_drawn_card), z3.BoolVal(False), path)
    return requirement(after_draw, rule is MatchAfterDraw.ANY if not is_unspecified(rule) else rule, path)


def row_limit_reached(rules: Rules, row_size: int, matched: Sequence) -> z3.BoolRef:
    """The Centre Row is wider than ``refill.minimum`` (its usual size) and that many of its
    cards were matched earlier this turn: matching one more is what ``matching.any_row_card``
    ("more than two cards in the row: any or all of them") allows. 000 §6."""
    minimum = rules.refill.minimum
    count = z3.Sum([z3.IntVal(0), *[z3.If(m, 1, 0) for m in matched]])
    return z3.And(z3.BoolVal(row_size > minimum), count >= minimum)


def match_conditions(rules: Rules, s: MatchSituation, t: Domain, a: Domain, b: Domain,
                     is_double, tv, tc, av, ac, bv, bc) -> tuple[Cond, list[Cond]]:
    """The legality of matching target ``t`` with ``a`` (single) or ``a``+``b`` (double)
    under the declarations ``tv, tc, av, ac, bv, bc``; also the requirement list (for gaps)."""
    m = rules.matching
    agree = z3.And(ac == tc, z3.Or(z3.Not(is_double), bc == tc))
    reqs = [
        requirement(z3.Not(is_double), m.single, "matching.single"),
        requirement(is_double, m.double, "matching.double"),
        requirement(z3.Not(agree), _negate(m.colour_restricts), "matching.colour_restricts"),
        requirement(s.target_matched, _negate(m.once_per_row_card), "matching.once_per_row_card"),
        requirement(z3.And(z3.Not(s.target_matched), s.limit_reached), m.any_row_card, "matching.any_row_card"),
        after_draw_requirement(rules, s.after_draw, s.uses_drawn),
        t.value_cond,
        t.colour_cond,
    ]
    values = z3.And(counts_as(rules, t, tv, tc), counts_as(rules, a, av, ac),
                    z3.If(is_double, z3.And(counts_as(rules, b, bv, bc), av + bv == tv),
                          z3.And(av == tv, bv == 0, bc == 0)))
    cond = all_of(reqs)
    return Cond(z3.And(values, cond.ok), z3.And(values, cond.gap)), reqs


def bonus_kind(is_double, tc, ac, bc) -> z3.ArithRef:
    """0 none, 1 single colour match, 2 double colour match."""
    return z3.If(is_double, z3.If(z3.And(ac == tc, bc == tc), 2, 0), z3.If(ac == tc, 1, 0))


# --- existence of a match, quantifier-free (intervals) -------------------------------------------


def match_available(rules: Rules, row: Sequence[CardTerm], row_matched: Sequence, after_draw,
                    hand: Sequence[CardTerm], drawn: CardTerm | None = None, drawn_open=True,
                    all_wild=False) -> z3.BoolRef:
    """Some match is legal (not a gap) for some declarations: value domains are intervals, so
    "some declaration works" is an interval intersection, exact and without quantifiers.
    ``drawn``: the card drawn this turn (for ``drawing.match_after_draw: drawn-card``).
    ``all_wild``: the row holds only wild cards, declared at the table (see ``row_domain``)."""
    cols = [COLOURS.index(c) for c in rules.deck.colours]
    rows = [row_domain(rules, c, all_wild) for c in row]
    hands = [domain(rules, c, HAND) for c in hand]
    m = rules.matching

    def colour_ok(doms):
        if m.colour_restricts is False:
            return z3.BoolVal(True)
        return z3.Or([z3.And([z3.Or(z3.Not(d.colour_fixed), d.colour == x) for d in doms]) for x in cols])

    def ok(cond: Cond):
        return cond.ok

    options = []
    limit = row_limit_reached(rules, len(rows), row_matched)
    for i, t in enumerate(rows):
        slot = all_of([
            requirement(row_matched[i], _negate(m.once_per_row_card), ""),
            requirement(z3.And(z3.Not(row_matched[i]), limit), m.any_row_card, ""),
            t.value_cond,
            t.colour_cond,
        ])

        def played(x, y=None):  # the option may be played now, after a draw too
            used = uses_drawn(drawn, drawn_open, hand[x], hand[y if y is not None else x], z3.BoolVal(y is not None))
            return after_draw_requirement(rules, after_draw, used).ok

        if m.single is True:
            for x, a in enumerate(hands):
                options.append(z3.And(ok(slot), played(x), z3.If(a.lo > t.lo, a.lo, t.lo) <= z3.If(a.hi < t.hi, a.hi, t.hi),
                                      colour_ok([t, a])))
        if m.double is True:
            for x in range(len(hands)):
                for y in range(x + 1, len(hands)):
                    a, b = hands[x], hands[y]
                    lo, hi = a.lo + b.lo, a.hi + b.hi
                    options.append(z3.And(ok(slot), played(x, y), z3.If(lo > t.lo, lo, t.lo) <= z3.If(hi < t.hi, hi, t.hi),
                                          colour_ok([t, a, b])))
    return z3.Or([z3.BoolVal(False)] + options)


# --- the exact legal actions at a concrete position --------------------------------------------


@dataclass(frozen=True)
class Legality:
    """The legal actions at a position; ``bonus`` maps each match to its colour bonus
    (``none``/``single``/``double``); ``gaps`` names the unspecified rules play would need;
    ``gap_actions`` are the actions whose legality rests on such a rule (not in ``actions``:
    taking one is a rule gap)."""

    actions: frozenset[str]
    bonus: dict
    gaps: frozenset[str]
    gap_actions: frozenset[str] = frozenset()

    @property
    def matches(self) -> frozenset[str]:
        return frozenset(a for a in self.actions if a.startswith("match "))


BONUS_NAMES = {0: "none", 1: "single", 2: "double"}


def _text(card: Card, value: int | None, colour: int | None, row_fixed: Declared | None = None) -> str:
    if row_fixed is not None and (row_fixed.value is not None or row_fixed.colour is not None):
        return str(row_fixed)
    if card.kind is Kind.WILD_NUMBER and value is not None:
        return f"{card}={value}"
    if card.kind is Kind.WILD_DOS and colour is not None:
        return f"{card}={COLOURS[colour].letter}"
    return str(card)


def legality(rules: Rules, position: Position, budget: Budget = DEFAULT_BUDGET,
             limit: int = 20_000) -> Legality:
    """Every legal action at ``position``: matches enumerated from the Z3 model (each model
    an action, blocked until none is left), then draw / place / end by the drawing rules."""
    if _all_wild(position.row) and rules.all_wild_row is AllWildRow.UNSPECIFIED:
        # the turn starts on a row no rule reads (the engine's gap at the turn's start): every
        # action the table could allow rests on all_wild_row
        read = legality(replace(rules, all_wild_row=AllWildRow.MATCHER_DECLARES), position, budget, limit)
        return Legality(frozenset(), {a: "gap" for a in read.bonus}, frozenset({"all_wild_row"}),
                        read.actions | read.gap_actions)
    matches, bonus, gaps, gap_matches = _matches(rules, position, budget, limit)
    actions = set(matches)
    gap_actions = set(gap_matches)
    p = position
    drawing = rules.drawing
    available = bool(matches)
    if p.phase == START and not p.matched:
        if not available or drawing.draw_when_match_possible is True:
            actions.add("draw")
        elif is_unspecified(drawing.draw_when_match_possible):
            gaps.add("drawing.draw_when_match_possible")
            gap_actions.add("draw")
    elif p.matched:
        actions.add("end")
    elif p.phase == AFTER_DRAW:
        places = {f"place {d}" for c in p.hand for d in place_forms(rules, c)}
        failed = _ending(drawing.after_failed_draw, "drawing.after_failed_draw", places)
        declined = _ending(drawing.decline_match_after_draw, "drawing.decline_match_after_draw", places)
        if available:
            readings = [declined]
        elif gap_matches:  # whether a match is possible rests on an unspecified rule: both rules
            readings = [failed, declined]
        else:
            readings = [failed]
        legal = set.intersection(*(r[0] for r in readings))  # allowed whichever rule decides
        actions.update(legal)
        for allowed, open_, gap_path in readings:
            gap_actions.update((allowed | open_) - legal)
            if gap_path:
                gaps.add(gap_path)
    return Legality(frozenset(actions), bonus, frozenset(gaps), frozenset(gap_actions - actions))


def _ending(rule, path: str, places: set) -> tuple[set, set, str | None]:
    """How a turn may end after a draw with no match made under one rule: (the actions it
    allows, the actions it leaves open, the rule path when it is unspecified)."""
    if rule is AfterFailedDraw.PLACE_CARD or rule is DeclineAfterDraw.PLACE_CARD:
        return set(places), set(), None
    if rule is AfterFailedDraw.KEEP_AND_PASS or rule is DeclineAfterDraw.KEEP_AND_PASS:
        return {"end"}, set(), None
    if rule is DeclineAfterDraw.FORBIDDEN:
        return set(), set(), None
    return set(), {"end", *places}, path


def place_forms(rules: Rules, card: Card) -> list[Declared]:
    """How ``card`` may be put into the Centre Row: as itself, or, where its placer declares it
    (``all_wild_row``, or ``row_value`` / ``row_colour``: placer-declares), a wild with each
    declaration it may take."""
    rule = rules.wilds.wild_dos.row_colour if card.kind is Kind.WILD_DOS else rules.wilds.wild_number.row_value
    if not card.is_wild or (rules.all_wild_row is not AllWildRow.PLACER_DECLARES
                            and rule is not RowWildChoice.PLACER_DECLARES):
        return [Declared(card)]
    if card.kind is Kind.WILD_DOS:
        return [Declared(card, None, c) for c in rules.deck.colours]
    wn = rules.wilds.wild_number
    return [Declared(card, v) for v in range(wn.min_value, wn.max_value + 1)]


def legal_matches(rules: Rules, position: Position, budget: Budget = DEFAULT_BUDGET) -> frozenset[str]:
    """The exact set of legal match actions, e.g. ``match 7r with 3r+4r``."""
    return legality(rules, position, budget).matches


def _matches(rules: Rules, p: Position, budget: Budget, limit: int):
    if not p.row or not p.hand:
        return set(), {}, set(), set()
    # row slots that differ in face, declaration or matched-ness; hand faces with counts
    groups: list[tuple[Declared, bool, bool]] = []
    seen = set()
    row_limit = z3.is_true(z3.simplify(row_limit_reached(rules, len(p.row), [z3.BoolVal(i in p.matched)
                                                                             for i in range(len(p.row))])))
    for i, d in enumerate(p.row):
        key = (d, i in p.matched)
        if key in seen:
            continue
        seen.add(key)
        groups.append((d, i in p.matched, row_limit))
    faces = sorted(set(p.hand), key=card_key)
    counts = [p.hand.count(f) for f in faces]

    t, a, b = z3.Int("t"), z3.Int("a"), z3.Int("b")
    tv, tc, av, ac, bv, bc = z3.Ints("tv tc av ac bv bc")
    is_double = b >= 0
    target = select(t, [concrete_term(g[0]) for g in groups])
    hand_terms = [concrete_term(f) for f in faces]
    first = select(a, hand_terms)
    second = select(z3.If(b >= 0, b, 0), hand_terms)
    drawn = concrete_term(p.drawn) if p.drawn is not None else None
    situation = MatchSituation(select_value(t, [z3.BoolVal(g[1]) for g in groups]),
                               select_value(t, [z3.BoolVal(g[2]) for g in groups]),
                               z3.BoolVal(p.phase == AFTER_DRAW),
                               uses_drawn(drawn, z3.BoolVal(not p.matched), first, second, is_double))
    all_wild = _matcher_declares_all_wild(rules, p.row)
    legal, reqs = match_conditions(rules, situation, domain(rules, target, ROW, all_wild),
                                   domain(rules, first, HAND), domain(rules, second, HAND), is_double,
                                   tv, tc, av, ac, bv, bc)
    count_b = select_value(a, [z3.IntVal(k) for k in counts])
    shape = [0 <= t, t < len(groups), 0 <= a, a < len(faces), -1 <= b, b < len(faces),
             z3.Implies(is_double, a <= b),
             z3.Implies(z3.And(is_double, a == b), z3.And(count_b >= 2, z3.Or(av < bv, z3.And(av == bv, ac <= bc))))]
    tdom = domain(rules, target, ROW, all_wild)
    colour_gap = z3.Or(tdom.colour_gap, domain(rules, first, HAND).colour_gap,
                       z3.And(is_double, domain(rules, second, HAND).colour_gap))

    kind = bonus_kind(is_double, tc, ac, bc)
    keys = (t, a, b, tv, tc, av, ac, bv, bc)

    def text_of(val) -> str:
        d = groups[val[t]][0]
        used = [_text(faces[val[a]], val[av], val[ac])]
        if val[b] >= 0:
            used.append(_text(faces[val[b]], val[bv], val[bc]))
        target_text = _text(d.card, val[tv], val[tc] if all_wild or not _row_colour_open(rules, d) else None, d)
        return f"match {target_text} with {'+'.join(used)}"

    def enumerate_models(condition):
        """(text, model) of every model of ``condition``, each blocked until none is left."""
        solver = budget.solver()
        solver.add(*shape, condition)
        for _ in range(limit):
            result, model, reason = check(solver)
            if result == z3.unsat:
                return
            if result == z3.unknown:
                raise UnknownResult(reason)
            val = {v: model.eval(v, model_completion=True).as_long() for v in keys}
            yield text_of(val), model
            solver.add(z3.Or([v != z3.IntVal(n) for v, n in val.items()]))
        raise UnknownResult(f"more than {limit} match actions")

    actions: set[str] = set()
    bonus: dict[str, str] = {}
    for text, model in enumerate_models(legal.ok):
        actions.add(text)
        k = BONUS_NAMES[model.eval(kind, model_completion=True).as_long()]
        if z3.is_true(model.eval(colour_gap, model_completion=True)):
            k = "gap"
        bonus[text] = k
    # matches whose legality rests on an unspecified rule (legal for no declaration)
    gap_matches = {text for text, _ in enumerate_models(legal.gap)} - actions

    gaps: set[str] = set()
    for req in reqs:
        if not req.path or z3.is_false(z3.simplify(req.gap)):
            continue
        probe = budget.solver()
        others = [z3.Or(r.ok, r.gap) for r in reqs if r is not req]
        probe.add(*shape, legal.gap, req.gap, *others)
        result, _, reason = check(probe)
        if result == z3.unknown:
            raise UnknownResult(reason)
        if result == z3.sat:
            gaps.add(req.path)
    if any(v == "gap" for v in bonus.values()):
        gaps.add("wilds (colour of a wild in a colour bonus)")
    return actions, bonus, gaps, gap_matches


def _all_wild(row: Sequence[Declared]) -> bool:
    return bool(row) and all(d.card.is_wild for d in row)


def _matcher_declares_all_wild(rules: Rules, row: Sequence[Declared]) -> bool:
    """The row holds only wild cards and ``all_wild_row`` has them declared at the table: by the
    matcher, or by their placer (a wild turned up undeclared is then the matcher's to declare, as
    in the engine). The engine judges the row when the turn starts; it does not change before
    the turn ends."""
    return _all_wild(row) and rules.all_wild_row in (AllWildRow.MATCHER_DECLARES, AllWildRow.PLACER_DECLARES)


def _row_colour_open(rules: Rules, d: Declared) -> bool:
    """A Wild DOS in the row whose colour no rule lets the matcher declare."""
    return d.card.kind is Kind.WILD_DOS and d.colour is None and _open(rules.wilds.wild_dos.row_colour)
