"""Divergence witnesses: the smallest concrete position where two rulesets part ways.

The position is symbolic (Centre Row cards, which of them were matched this turn, the hand,
the phase, the colour bonuses earned so far); the solver looks, size by size (row + hand
cards), for one where a question gets different answers under A and B:

* ``match``: a match action (with its declarations) is legal, illegal or a gap;
* ``bonus``: a legal match earns a different bonus (cards to place, cards others draw);
* ``draw``: drawing at the start of a turn is legal, illegal or a gap;
* ``after-draw``: what a player who drew without matching may do (place a card / end / match);
* ``end-turn``: ending a turn leaves a different row size, or others draw a different number.

Each witness is made concrete (cards in the shared notation), its legal actions under both
rulesets are listed by :func:`~dosrules.verify.legality.legality`, and it is printed as a
ready-to-paste pytest case.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import z3

from ..ruleset.cards import Card, Declared, Kind
from ..ruleset.model import (AfterFailedDraw, AllWildRow, BonusPlacement, BonusTiming, DeclineAfterDraw, RefillMode, Rules,
                     Ruleset, is_unspecified, rule_paths)
from .legality import (COLOURS, HAND, NUMBER, WILD_NUMBER, Cond as _Cond, MatchSituation,
                       row_limit_reached, uses_drawn,
                       copies, domain, free_term, in_deck, legality, match_available,
                       match_conditions, row_domain, same_face, select, select_value)
from .position import AFTER_DRAW, START, Position
from .solving import Budget, SolverVerdict, find, value

QUESTIONS = ("match", "bonus", "draw", "after-draw", "end-turn")
QUESTION_PATHS = {  # the rules each question reads: only a difference there can show in it
    "match": ("matching", "wilds", "drawing.match_after_draw", "deck", "all_wild_row"),
    "bonus": ("bonuses", "wilds", "matching", "drawing.match_after_draw", "deck", "all_wild_row"),
    "draw": ("drawing.draw_when_match_possible", "matching", "wilds", "deck", "all_wild_row"),
    "after-draw": ("drawing", "matching", "wilds", "deck", "all_wild_row"),
    "end-turn": ("refill", "bonuses"),
}


def _reads(question: str, path: str) -> bool:
    return any(path == x or path.startswith(x + ".") for x in QUESTION_PATHS[question])


@dataclass(frozen=True)
class Divergence:
    question: str
    position: Position
    players: int
    only_a: tuple[str, ...] = ()  # actions legal under A only
    only_b: tuple[str, ...] = ()
    outcome_a: Any = None  # for bonus / end-turn questions
    outcome_b: Any = None
    action: str | None = None
    rule_paths: tuple[str, ...] = ()
    case: str = ""

    def as_json(self) -> dict:
        return {"question": self.question, "position": self.position.as_json(), "players": self.players,
                "only_a": list(self.only_a), "only_b": list(self.only_b), "action": self.action,
                "outcome_a": self.outcome_a, "outcome_b": self.outcome_b,
                "rule_paths": list(self.rule_paths), "pytest": self.case}


@dataclass
class DivergenceReport:
    a: str
    b: str
    differing_paths: list[tuple[str, Any, Any]]  # (path, value in A, value in B)
    witnesses: list[Divergence] = field(default_factory=list)
    not_found: list[str] = field(default_factory=list)  # questions with no witness up to the size
    not_asked: list[str] = field(default_factory=list)  # questions reading none of the differing rules
    unknown: list[tuple[str, str]] = field(default_factory=list)
    max_size: int = 6


def rule_differences(a: Rules, b: Rules) -> list[tuple[str, Any, Any]]:
    out = []
    for path in rule_paths():
        va, vb = a.get(path), b.get(path)
        if va != vb:
            out.append((path, _show(va), _show(vb)))
    return out


def _show(v):
    if is_unspecified(v):
        return "unspecified"
    if hasattr(v, "value"):
        return v.value
    if isinstance(v, tuple):
        return [_show(x) for x in v]
    if hasattr(v, "items"):
        return dict(v)
    return v


# --- symbolic questions -----------------------------------------------------------------------


def _code(v) -> int:
    return -1 if is_unspecified(v) else {AfterFailedDraw.PLACE_CARD: 1, AfterFailedDraw.KEEP_AND_PASS: 2,
                                         DeclineAfterDraw.PLACE_CARD: 1, DeclineAfterDraw.KEEP_AND_PASS: 2,
                                         DeclineAfterDraw.FORBIDDEN: 3}[v]


def _count(v):
    return None if is_unspecified(v) else v


class _Symbolic:
    def __init__(self, a: Rules, b: Rules, r: int, h: int):
        self.a, self.b = a, b
        self.row = [free_term(f"row{i}") for i in range(r)]
        self.matched = [z3.Bool(f"matched{i}") for i in range(r)]
        self.hand = [free_term(f"hand{i}") for i in range(h)]
        self.after_draw = z3.Bool("after_draw")
        self.drawn_index = z3.Int("drawn")  # after a draw: the hand card that was drawn
        self.drawn = select(self.drawn_index, self.hand) if h else None
        self.es, self.ed = z3.Int("earned_single"), z3.Int("earned_double")
        cards = self.row + self.hand
        self.base = [self.es >= 0, self.ed >= 0, self.es + self.ed <= z3.Sum([z3.If(m, 1, 0) for m in self.matched]),
                     0 <= self.drawn_index, self.drawn_index < max(h, 1)]
        for rules in (a, b):
            for i, c in enumerate(cards):
                self.base += [in_deck(rules, c),
                              z3.Sum([z3.If(same_face(c, d), 1, 0) for d in cards]) <= copies(rules, c)]
        # a row of only wild cards at the turn's start: all_wild_row decides (bury-and-reflip turns
        # up fresh cards first, so under it such a row is no turn's position)
        self.all_wild = z3.And([z3.BoolVal(r > 0), *[c.kind != NUMBER for c in self.row]])
        if AllWildRow.BURY_AND_REFLIP in (a.all_wild_row, b.all_wild_row):
            self.base.append(z3.Not(self.all_wild))
        # canonical order of hand cards (a hand is a multiset)
        for x, y in zip(self.hand, self.hand[1:]):
            self.base.append(_key(x) <= _key(y))

    def any_matched(self):
        return z3.Or([z3.BoolVal(False), *self.matched])

    def match(self, rules: Rules, act):
        t, a, b, tv, tc, av, ac, bv, bc = act
        target = select(t, self.row)
        first = select(a, self.hand)
        second = select(z3.If(b >= 0, b, 0), self.hand)
        s = MatchSituation(select_value(t, self.matched), row_limit_reached(rules, len(self.row), self.matched),
                           self.after_draw, uses_drawn(self.drawn, z3.Not(self.any_matched()), first, second, b >= 0))
        legal, _ = match_conditions(rules, s, row_domain(rules, target, self.declared_all_wild(rules)),
                                    domain(rules, first, HAND), domain(rules, second, HAND), b >= 0,
                                    tv, tc, av, ac, bv, bc)
        return self.at_turn_start(rules, legal.ok, legal.gap)

    def declared_all_wild(self, rules: Rules):
        """The row holds only wild cards and ``all_wild_row`` has them declared at the table."""
        rule = rules.all_wild_row
        return self.all_wild if rule in (AllWildRow.MATCHER_DECLARES, AllWildRow.PLACER_DECLARES) else False

    def at_turn_start(self, rules: Rules, ok, gap):
        """(ok, gap) of an action, where an unspecified ``all_wild_row`` makes the turn's start on
        a row of only wild cards a gap (as the engine does), whatever the action."""
        if rules.all_wild_row is not AllWildRow.UNSPECIFIED:
            return _Cond(ok, gap)
        return _Cond(z3.And(z3.Not(self.all_wild), ok), z3.Or(self.all_wild, gap))

    def draw(self, rules: Rules):
        avail = match_available(rules, self.row, [z3.BoolVal(False)] * len(self.row), z3.BoolVal(False), self.hand,
                                all_wild=self.declared_all_wild(rules))
        rule = rules.drawing.draw_when_match_possible
        if rule is True:
            ok, gap = z3.BoolVal(True), z3.BoolVal(False)
        elif rule is False:
            ok, gap = z3.Not(avail), z3.BoolVal(False)
        else:
            ok, gap = z3.Not(avail), avail
        c = self.at_turn_start(rules, ok, gap)
        return c.ok, c.gap

    def ending(self, rules: Rules):
        avail = match_available(rules, self.row, [z3.BoolVal(False)] * len(self.row), z3.BoolVal(True), self.hand,
                                self.drawn, all_wild=self.declared_all_wild(rules))
        code = z3.If(avail, _code(rules.drawing.decline_match_after_draw), _code(rules.drawing.after_failed_draw))
        return code if rules.all_wild_row is not AllWildRow.UNSPECIFIED else z3.If(self.all_wild, -1, code)

    def end_turn(self, rules: Rules):
        """(row size after the refill, cards each other player draws), -1 where a rule is open."""
        sc, dc = rules.bonuses.single_colour, rules.bonuses.double_colour
        parts = [_count(sc.place_cards), _count(dc.place_cards), _count(dc.others_draw)]
        r = len(self.row)
        m = z3.Sum([z3.If(x, 1, 0) for x in self.matched])
        if None in parts or is_unspecified(rules.refill.mode) or is_unspecified(rules.refill.bonus_cards):
            return z3.IntVal(-1), z3.IntVal(-1)
        placed = self.es * parts[0] + self.ed * parts[1]
        minimum = rules.refill.minimum
        before = rules.refill.bonus_cards is BonusTiming.BEFORE_REFILL
        base = r - m + (placed if before else 0)
        if rules.refill.mode is RefillMode.TO_MINIMUM:
            refilled = z3.If(base < minimum, minimum, base)
        else:
            refilled = base + m + z3.If(base + m < minimum, minimum - base - m, 0)
        return refilled + (0 if before else placed), self.ed * parts[2]


def _key(c):
    return c.kind * 1000 + c.number * 10 + c.colour


def _action_vars():
    return (z3.Int("t"), z3.Int("a"), z3.Int("b"), *z3.Ints("tv tc av ac bv bc"))


def _question(sym: _Symbolic, q: str):
    a, b = sym.a, sym.b
    r, h = len(sym.row), len(sym.hand)
    if q in ("match", "bonus"):
        act = _action_vars()
        t, x, y = act[:3]
        shape = [0 <= t, t < r, 0 <= x, x < h, -1 <= y, y < h, y != x]
        la, lb = sym.match(a, act), sym.match(b, act)
        if q == "match":
            return shape + [z3.Or(la.ok != lb.ok, la.gap != lb.gap)]
        tc, ac, bc = act[4], act[6], act[8]
        kind = z3.If(y >= 0, z3.If(z3.And(ac == tc, bc == tc), 2, 0), z3.If(ac == tc, 1, 0))
        return shape + [la.ok, lb.ok, z3.Or(_bonus(a, kind) != _bonus(b, kind))]
    if q == "draw":
        da, db = sym.draw(a), sym.draw(b)
        return [z3.Not(sym.after_draw), z3.Not(sym.any_matched()), z3.Or(da[0] != db[0], da[1] != db[1])]
    if q == "after-draw":
        return [sym.after_draw, z3.Not(sym.any_matched()), sym.ending(a) != sym.ending(b)]
    ea, eb = sym.end_turn(a), sym.end_turn(b)
    return [sym.any_matched(), z3.Or(ea[0] != eb[0], ea[1] != eb[1])]


_PLACEMENT = {BonusPlacement.REQUIRED: 1, BonusPlacement.OPTIONAL: 2, BonusPlacement.UNSPECIFIED: 3}


def _bonus(rules: Rules, kind):
    """One number per bonus outcome: cards to place, whether they must be placed, cards others draw."""
    sc, dc = rules.bonuses.single_colour, rules.bonuses.double_colour
    def n(v):
        return -1 if is_unspecified(v) else v

    def of(single, double, none=0):
        return z3.If(kind == 1, single, z3.If(kind == 2, double, none))
    return (of(_PLACEMENT[sc.placement], _PLACEMENT[dc.placement]) * 1_000_000
            + of(n(sc.place_cards), n(dc.place_cards)) * 1000 + of(n(sc.others_draw), n(dc.others_draw)))


def _concrete(model, sym: _Symbolic, q: str) -> Position:
    def card(c):
        k = value(model, c.kind)
        if k == NUMBER:
            return Card(Kind.NUMBER, value(model, c.number), COLOURS[value(model, c.colour)])
        if k == WILD_NUMBER:
            return Card(Kind.WILD_NUMBER, None, COLOURS[value(model, c.colour)])
        return Card(Kind.WILD_DOS)
    matched = frozenset(i for i, m in enumerate(sym.matched) if value(model, m))
    phase = AFTER_DRAW if value(model, sym.after_draw) else START
    es, ed = (value(model, sym.es), value(model, sym.ed)) if q == "end-turn" else (0, 0)
    drawn = card(sym.hand[value(model, sym.drawn_index)]) if phase == AFTER_DRAW and sym.hand else None
    return Position(tuple(Declared(card(c)) for c in sym.row), tuple(card(c) for c in sym.hand),
                    phase, matched, es, ed, drawn)


def end_outcome(rules: Rules, position: Position) -> dict | None:
    """Row size after ending the turn at ``position`` (deck ample) and cards each other player
    draws; None where an unspecified rule would decide."""
    sym = _Symbolic(rules, rules, len(position.row), len(position.hand))
    row, others = sym.end_turn(rules)
    m = len(position.matched)
    sub = {sym.es: position.earned_single, sym.ed: position.earned_double}
    row = z3.simplify(z3.substitute(row, *[(k, z3.IntVal(v)) for k, v in sub.items()],
                                    *[(x, z3.BoolVal(i in position.matched)) for i, x in enumerate(sym.matched)]))
    others = z3.simplify(z3.substitute(others, *[(k, z3.IntVal(v)) for k, v in sub.items()]))
    del m
    rv, ov = row.as_long(), others.as_long()
    return None if rv < 0 else {"row": rv, "others_draw": ov}


def divergences(a: Ruleset, b: Ruleset, budget: Budget, *, max_size: int = 5, name_a: str | None = None,
                name_b: str | None = None) -> DivergenceReport:
    name_a, name_b = name_a or a.id, name_b or b.id
    lo = max(a.rules.players.min, b.rules.players.min)
    hi = min(a.rules.players.max, b.rules.players.max)
    counts = list(range(lo, hi + 1)) or [a.rules.players.min]
    diffs: list = []
    for n in counts:
        for d in rule_differences(a.for_players(n), b.for_players(n)):
            if d[0] not in [x[0] for x in diffs]:
                diffs.append(d)
    report = DivergenceReport(name_a, name_b, diffs, max_size=max_size)
    if not diffs:
        return report
    seen_rules = []
    for n in counts:
        ra, rb = a.for_players(n), b.for_players(n)
        if (ra, rb) in seen_rules:
            continue
        seen_rules.append((ra, rb))
        for q in QUESTIONS:
            if any(w.question == q for w in report.witnesses) or not any(_reads(q, p) for p, _, _ in diffs):
                continue
            w = _search(q, ra, rb, n, budget, max_size, report)
            if w is not None:
                report.witnesses.append(_finish(w, ra, rb, name_a, name_b, diffs, budget))
    report.not_asked = [q for q in QUESTIONS if not any(_reads(q, p) for p, _, _ in diffs)]
    report.not_found = [q for q in QUESTIONS if not any(w.question == q for w in report.witnesses)
                        and q not in [u[0] for u in report.unknown] and q not in report.not_asked]
    return report


def _search(q, ra, rb, n, budget, max_size, report):
    for size in range(2, max_size + 1):
        for r in range(1, size):
            sym = _Symbolic(ra, rb, r, size - r)
            answer = find(sym.base + _question(sym, q), budget)
            if answer.verdict is SolverVerdict.UNKNOWN:
                report.unknown.append((q, answer.reason))
                return None
            if answer.verdict is SolverVerdict.COUNTEREXAMPLE:
                return q, _concrete(answer.model, sym, q), n
    return None


def _finish(found, ra: Rules, rb: Rules, name_a: str, name_b: str, diffs, budget) -> Divergence:
    q, pos, n = found
    la, lb = legality(ra, pos, budget), legality(rb, pos, budget)
    only_a = tuple(sorted(la.actions - lb.actions))
    only_b = tuple(sorted(lb.actions - la.actions))
    action = outcome_a = outcome_b = None
    if q == "bonus":
        common = sorted(a for a in la.bonus if a in lb.bonus and _bonus_cards(ra, la.bonus[a]) != _bonus_cards(rb, lb.bonus[a]))
        if common:
            action = common[0]
            outcome_a, outcome_b = _bonus_cards(ra, la.bonus[action]), _bonus_cards(rb, lb.bonus[action])
    if q == "end-turn":
        action = "end"
        outcome_a, outcome_b = end_outcome(ra, pos), end_outcome(rb, pos)
    if q == "match" or q == "draw" or q == "after-draw":
        gaps_a, gaps_b = sorted(la.gaps - lb.gaps), sorted(lb.gaps - la.gaps)
        if gaps_a or gaps_b:
            outcome_a, outcome_b = {"gaps": sorted(la.gaps)}, {"gaps": sorted(lb.gaps)}
    paths = tuple(p for p, _, _ in diffs if _reads(q, p))
    w = Divergence(q, pos, n, only_a, only_b, outcome_a, outcome_b, action, paths)
    return Divergence(**{**w.__dict__, "case": pytest_case(w, name_a, name_b)})


def _bonus_cards(rules: Rules, kind: str):
    if kind == "gap":
        return "gap"
    bonus = {"single": rules.bonuses.single_colour, "double": rules.bonuses.double_colour}.get(kind)
    if bonus is None:
        return {"place_cards": 0, "others_draw": 0}
    return {"place_cards": _show(bonus.place_cards), "others_draw": _show(bonus.others_draw),
            "placement": _show(bonus.placement)}


def _ident(text: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in text).strip("_").lower()


def pytest_case(w: Divergence, name_a: str, name_b: str) -> str:
    """A ready-to-paste pytest function pinning the witness (verifier API; see the module doc)."""
    fn = f"test_{_ident(w.question)}_{_ident(name_a)}_vs_{_ident(name_b)}"
    lines = [
        f"def {fn}():",
        f'    """{name_a} and {name_b} part ways ({", ".join(w.rule_paths) or w.question})."""',
        "    from dosrules import load_ruleset",
        "    from dosrules.verify import Position, end_outcome, legality",
        "",
        f"    a = load_ruleset({name_a!r}).for_players({w.players})",
        f"    b = load_ruleset({name_b!r}).for_players({w.players})",
        f"    position = {w.position.as_python()}",
    ]
    if w.question == "end-turn":
        lines += [f"    assert end_outcome(a, position) == {w.outcome_a!r}",
                  f"    assert end_outcome(b, position) == {w.outcome_b!r}"]
    elif w.question == "bonus" and w.action:
        lines += [f"    assert legality(a, position).bonus[{w.action!r}] != legality(b, position).bonus[{w.action!r}]"]
    else:
        lines += ["    legal_a, legal_b = legality(a, position), legality(b, position)",
                  f"    assert sorted(legal_a.actions - legal_b.actions) == {list(w.only_a)!r}",
                  f"    assert sorted(legal_b.actions - legal_a.actions) == {list(w.only_b)!r}"]
        if w.outcome_a is not None:
            lines += [f"    assert sorted(legal_a.gaps) == {w.outcome_a['gaps']!r}",
                      f"    assert sorted(legal_b.gaps) == {w.outcome_b['gaps']!r}"]
    return "\n".join(lines) + "\n"
