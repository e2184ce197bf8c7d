"""Checks on the deck: stated totals, the values a Centre Row card can take, and which of them
a single or a double match can reach with the cards the deck holds."""

from __future__ import annotations

import z3

from ..ruleset.model import Ruleset, Rules
from .legality import (HAND, ROW, WILD_NUMBER, copies, domain, free_term, in_deck, same_face)
from .results import FINDING, INVARIANT, CheckResult, result
from .solving import Budget, SolverVerdict, check, prove, value


def deck_totals(ruleset: Ruleset, rules: Rules, budget: Budget, label: str = "") -> CheckResult:
    """The stated per-colour count and total equal the sum of the parts."""
    d = rules.deck
    copies_of = {n: z3.Int(f"copies.{n}") for n in d.numbers}
    wn, wd, colours = z3.Int("wild_number_per_colour"), z3.Int("wild_dos"), z3.Int("colours")
    facts = [copies_of[n] == k for n, k in d.numbers.items()]
    facts += [wn == d.wild_number_per_colour, wd == d.wild_dos, colours == len(d.colours)]
    per_colour = z3.Sum([*copies_of.values(), wn]) if copies_of else wn
    total = colours * per_colour + wd
    claim = z3.And(per_colour == d.per_colour, total == d.total)
    answer = prove(claim, facts, budget)
    paths = ("deck.numbers", "deck.wild_number_per_colour", "deck.wild_dos", "deck.colours",
             "deck.per_colour", "deck.total")
    text = f"per colour {d.per_colour} and total {d.total} equal the sum of the parts"
    witness, data = None, {}
    if answer.verdict is SolverVerdict.COUNTEREXAMPLE:
        pc, tot = value(answer.model, per_colour), value(answer.model, total)
        witness = f"the parts give {pc} per colour and {tot} in all; the ruleset states {d.per_colour} and {d.total}"
        data = {"per_colour_parts": pc, "total_parts": tot, "per_colour_stated": d.per_colour,
                "total_stated": d.total}
    elif answer.verdict is SolverVerdict.UNKNOWN:
        witness = answer.reason
    return result(ruleset, "deck.totals", INVARIANT, answer.verdict, text, witness=witness,
                  data=data, paths=paths, players_label=label)


def _enumerate(solver: z3.Solver, term, limit: int = 200) -> tuple[list[int] | None, str | None]:
    """Every value of ``term`` the constraints allow (None and the reason if Z3 gives up)."""
    found = []
    for _ in range(limit):
        res, model, reason = check(solver)
        if res == z3.unknown:
            return None, reason
        if res == z3.unsat:
            return sorted(found), None
        v = value(model, term)
        found.append(v)
        solver.add(term != v)
    return None, f"more than {limit} values"


def _ranges(values: list[int]) -> str:
    if not values:
        return "none"
    out, start = [], values[0]
    for prev, cur in zip(values, values[1:] + [None]):
        if cur != prev + 1 if cur is not None else True:
            out.append(str(start) if start == prev else f"{start}-{prev}")
            start = cur
    return ", ".join(out)


def row_values(ruleset: Ruleset, rules: Rules, budget: Budget, label: str = "") -> list[CheckResult]:
    """``deck.row-values``: what a row card can count as; ``deck.matchable``: every such value
    is reachable by a single or a double from two distinct cards of the deck."""
    paths_row = ("deck.numbers", "deck.wild_dos", "deck.wild_number_per_colour",
                 "wilds.wild_dos.value", "wilds.wild_number.min_value",
                 "wilds.wild_number.max_value", "wilds.wild_number.row_value")
    t = free_term("row")
    tdom = domain(rules, t, ROW)
    v = z3.Int("v")
    row_ok = z3.And(in_deck(rules, t), tdom.lo <= v, v <= tdom.hi,
                    z3.Or(tdom.value_cond.ok, tdom.value_cond.gap))
    s = budget.solver()
    s.add(row_ok)
    values, reason = _enumerate(s, v)
    if values is None:  # deck.matchable needs the values: unknown too (a check is never dropped)
        return [result(ruleset, "deck.row-values", FINDING, SolverVerdict.UNKNOWN, "values of a Centre Row card",
                       witness=reason, paths=paths_row, players_label=label),
                result(ruleset, "deck.matchable", FINDING, SolverVerdict.UNKNOWN,
                       "every Centre Row value can be matched",
                       witness=f"not checked: the values of a Centre Row card are unknown ({reason})",
                       paths=paths_row, players_label=label)]
    open_wild = not _no_gap(rules, budget, t, tdom)
    note = "; a Wild # in the row has no rule for its value (wilds.wild_number.row_value)" if open_wild else ""
    out = [result(ruleset, "deck.row-values", FINDING, SolverVerdict.PROVED,
                  "the values a Centre Row card can take", witness=f"{_ranges(values)}{note}",
                  data={"values": values, "wild_number_value_open": open_wild},
                  paths=paths_row, players_label=label)]

    # single: one hand card counting as v; double: two distinct cards summing to v
    a, b = free_term("a"), free_term("b")
    adom, bdom = domain(rules, a, HAND), domain(rules, b, HAND)
    av, bv = z3.Ints("av bv")
    single_ok = z3.And(in_deck(rules, a), adom.lo <= v, v <= adom.hi)
    two_cards = z3.Implies(same_face(a, b), copies(rules, a) >= 2)
    double_ok = z3.And(in_deck(rules, a), in_deck(rules, b), two_cards, adom.lo <= av, av <= adom.hi,
                       bdom.lo <= bv, bv <= bdom.hi, av + bv == v)
    by = {}
    for name, cond, enabled in (("single", single_ok, rules.matching.single),
                                ("double", double_ok, rules.matching.double)):
        if enabled is not True:
            by[name] = []
            continue
        s = budget.solver()
        s.add(cond, z3.Or([v == x for x in values]))
        got, reason = _enumerate(s, v)
        if got is None:
            return out + [result(ruleset, "deck.matchable", FINDING, SolverVerdict.UNKNOWN,
                                 "every Centre Row value can be matched", witness=reason,
                                 paths=paths_row, players_label=label)]
        by[name] = got
    never = [x for x in values if x not in by["single"] and x not in by["double"]]
    no_double = [x for x in values if x not in by["double"]]
    summary = (f"single: {_ranges(by['single'])}; double: {_ranges(by['double'])}; "
               f"never by a double: {_ranges(no_double)}")
    verdict = SolverVerdict.COUNTEREXAMPLE if never else SolverVerdict.PROVED
    witness = (f"no match can ever take a row card of value {_ranges(never)}; " if never else "") + summary
    out.append(result(ruleset, "deck.matchable", FINDING, verdict,
                      "every value a Centre Row card can take can be matched by a single or a double",
                      witness=witness,
                      data={"single": by["single"], "double": by["double"], "never": never,
                            "never_double": no_double},
                      paths=paths_row + ("matching.single", "matching.double"), players_label=label))
    return out


def _no_gap(rules: Rules, budget: Budget, t, tdom) -> bool:
    s = budget.solver()
    s.add(in_deck(rules, t), t.kind == WILD_NUMBER, tdom.value_cond.gap)
    res, _, _ = check(s)
    return res != z3.sat
