"""Legality interaction of two house rules: the smallest position where edition+A+B answers a
question of play differently from what edition+A and edition+B each imply.

The questions and the symbolic position are those of the divergence witnesses
(:mod:`.divergence`): whether a match is legal (or a gap), which bonus a legal match earns,
whether a player may draw, what a player who drew may do, what ending the turn leaves. Each
answer is taken under the four rulesets E (the edition), A, B and AB. What A and B *imply* for
AB: E's answer where neither changes it, the changed answer where one does, their common answer
where both change it alike. The solver looks, size by size, for a position where AB's answer
differs from that, or where A and B change it in different ways (so AB keeps at most one of
them). A question is asked only when both A and B change a rule it reads: otherwise AB reads as
one of them and no interaction can show. Every call is bounded (:class:`.solving.Budget`).
"""

from __future__ import annotations

from typing import Any

import z3

from ..ruleset.model import Rules
from .divergence import QUESTIONS, _action_vars, _bonus, _concrete, _reads, _Symbolic, rule_differences
from .legality import UnknownResult, copies, in_deck, legality, same_face
from .solving import Budget, SolverVerdict, find

__all__ = ["legality_interaction"]


class _Four(_Symbolic):
    """The divergence witnesses' symbolic position, held to the decks of all four rulesets."""

    def __init__(self, rules: tuple[Rules, Rules, Rules, Rules], r: int, h: int):
        e, a, b, ab = rules
        super().__init__(e, ab, r, h)
        cards = self.row + self.hand
        for extra in (a, b):
            for c in cards:
                self.base += [in_deck(extra, c), z3.Sum([z3.If(same_face(c, d), 1, 0) for d in cards]) <= copies(extra, c)]


def _answers(sym: _Four, q: str, rules: tuple[Rules, ...]):
    """(shape constraints, one answer per ruleset as a tuple of terms) for question ``q``."""
    if q in ("match", "bonus"):
        act = _action_vars()
        t, x, y = act[:3]
        shape = [0 <= t, t < len(sym.row), 0 <= x, x < len(sym.hand), -1 <= y, y < len(sym.hand), y != x]
        legal = [sym.match(r, act) for r in rules]
        if q == "match":
            return shape, [(v.ok, v.gap) for v in legal]
        tc, ac, bc = act[4], act[6], act[8]
        kind = z3.If(y >= 0, z3.If(z3.And(ac == tc, bc == tc), 2, 0), z3.If(ac == tc, 1, 0))
        return shape + [v.ok for v in legal], [(_bonus(r, kind),) for r in rules]
    if q == "draw":
        return [z3.Not(sym.after_draw), z3.Not(sym.any_matched())], [sym.draw(r) for r in rules]
    if q == "after-draw":
        return [sym.after_draw, z3.Not(sym.any_matched())], [(sym.ending(r),) for r in rules]
    return [sym.any_matched()], [sym.end_turn(r) for r in rules]


def _same(x, y):
    return z3.And([a == b for a, b in zip(x, y)])


def _interaction(answers) -> Any:
    e, a, b, ab = answers
    da, db = z3.Not(_same(a, e)), z3.Not(_same(b, e))
    return z3.Or(z3.And(z3.Not(da), z3.Not(db), z3.Not(_same(ab, e))),
                 z3.And(da, z3.Not(db), z3.Not(_same(ab, a))),
                 z3.And(z3.Not(da), db, z3.Not(_same(ab, b))),
                 z3.And(da, db, _same(a, b), z3.Not(_same(ab, a))),
                 z3.And(da, db, z3.Not(_same(a, b))))


def _changed(x: Rules, y: Rules) -> list[str]:
    return [p for p, _, _ in rule_differences(x, y)]


def legality_interaction(e: Rules, a: Rules, b: Rules, ab: Rules, players: int, budget: Budget,
                         max_size: int = 5) -> dict[str, Any]:
    """For one player count: the first witness found (the question, the position, the legal
    actions under each ruleset, and the kind: ``"neither implies"`` or ``"both change it
    differently"``), the questions asked without a witness up to ``max_size`` cards, those not
    asked (A or B changes no rule they read), and those the solver could not decide. JSON data."""
    rules = (e, a, b, ab)
    changed_a, changed_b = _changed(e, a), _changed(e, b)
    out: dict[str, Any] = {"players": players, "max_size": max_size, "witness": None, "not_found": [],
                           "not_asked": [], "unknown": []}
    for q in QUESTIONS:
        if not (any(_reads(q, p) for p in changed_a) and any(_reads(q, p) for p in changed_b)):
            out["not_asked"].append(q)
            continue
        found = None
        for size in range(2, max_size + 1):
            for r in range(1, size):
                sym = _Four(rules, r, size - r)
                shape, answers = _answers(sym, q, rules)
                result = find(sym.base + shape + [_interaction(answers)], budget)
                if result.verdict is SolverVerdict.UNKNOWN:
                    out["unknown"].append({"question": q, "reason": result.reason})
                    break
                if result.verdict is SolverVerdict.COUNTEREXAMPLE:
                    try:
                        found = _witness(q, _concrete(result.model, sym, q), rules, budget, result.model, answers)
                    except UnknownResult as err:  # listing the legal actions there ran out of budget
                        out["unknown"].append({"question": q, "reason": err.reason})
                    break
            if found is not None or any(u["question"] == q for u in out["unknown"]):
                break
        if found is not None:
            out["witness"] = found
            break
        if not any(u["question"] == q for u in out["unknown"]):
            out["not_found"].append(q)
    return out


def _witness(q: str, position, rules, budget: Budget, model, answers) -> dict[str, Any]:
    values = [tuple(model.eval(t, model_completion=True) for t in ans) for ans in answers]
    e, a, b, ab = values
    kind = "both change it differently" if (a != e and b != e and a != b) else "neither implies"
    legal = [legality(r, position, budget) for r in rules]
    names = ("edition", "a", "b", "ab")
    return {"question": q, "position": position.as_json(), "text": str(position), "kind": kind,
            "actions": {n: sorted(x.actions) for n, x in zip(names, legal)},
            "gaps": {n: sorted(x.gaps) for n, x in zip(names, legal)}}
