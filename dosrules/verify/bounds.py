"""Interval bounds on the zones over the first turns of a round: a sound over-approximation.

The reachable-gap search must prove "no play reaches this situation in fewer than k turns".
Proving that on the unrolled k-turn model gets slow with k; this module proves it one turn at
a time on an abstraction instead (template intervals, an abstract interpretation of
:func:`turn.turn`):

* ``box[0]`` is the deal: every zone's size is known.
* ``box[k+1]`` bounds each template expression (each zone's size, and the deck and the discard
  pile together) after one *prefix* turn (gap-free, its draws supplied by the deck, the round
  going on, the row not left all wild where that is a gap) taken from *any* state inside
  ``box[k]`` with no negative zone and every card somewhere. Each bound is the exact integer
  optimum of the one-turn model (found by bisection); a bound the solver does not settle within the
  budget is dropped (left infinite), which only widens the box.

By induction every state that starts turn k+1 of a trace whose first k turns are prefix turns
lies inside ``box[k]``. So "the situation cannot arise in one turn from any state inside
``box[k]``" (an unsat answer) proves it cannot arise at turn k+1 of any such trace: a proof,
never a guess; sat or unknown proves nothing and the caller asks the exact unrolled model.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

import z3

from .solving import Budget, sat
from .turn import TurnPiles, card_classes, fresh_state, row_all_wild, turn


def templates(s: TurnPiles) -> dict:
    """The bounded expressions: each zone's size and the deck and discard pile together."""
    out = {"deck": s.deck.total, "discard": s.discard.total, "row": s.row.total,
           "pool": s.deck.total + s.discard.total}
    out.update({f"hand{i}": h.total for i, h in enumerate(s.hands)})
    return out


@dataclass(frozen=True)
class Box:
    """Inclusive integer bounds per template (None: unbounded on that side)."""

    bounds: dict

    def holds(self, s: TurnPiles) -> list:
        out = []
        for name, expr in templates(s).items():
            lo, hi = self.bounds.get(name, (None, None))
            if lo is not None:
                out.append(expr >= lo)
            if hi is not None:
                out.append(expr <= hi)
        return out


def state_facts(rules, s: TurnPiles) -> list:
    """What holds of every state of a round: no negative zone, every card somewhere."""
    numbers, wilds = card_classes(rules)
    piles = s.piles()
    return [s.nonneg(), z3.Sum([p.num for p in piles]) == numbers, z3.Sum([p.wild for p in piles]) == wilds]


def prefix_conditions(rules, t, all_wild_open: bool) -> list:
    """What a prefix turn of a trace satisfies: no gap met, the round goes on, and (when the
    all-wild row is a gap) the row is not left all wild."""
    out = [z3.Not(t.any_gap()), z3.Not(t.ended)]
    if all_wild_open:
        out.append(z3.Not(row_all_wild(t.after)))
    return out


def deal_box(rules, players: int) -> Box:
    numbers, wilds = card_classes(rules)
    hand, row = rules.setup.hand_size, rules.setup.opening_row
    deck = numbers + wilds - players * hand - row
    b = {"deck": (deck, deck), "discard": (0, 0), "row": (row, row), "pool": (deck, deck)}
    b.update({f"hand{i}": (hand, hand) for i in range(players)})
    return Box(b)


def _extreme(solver, expr, model, limit: int, greatest: bool) -> int | None:
    """The greatest (else the least) value of the integer ``expr`` over the models of
    ``solver``, of which ``model`` is one, when no model takes ``expr`` beyond ``limit`` (checked
    first): the exact optimum by bisection, each step narrowed to the value of the model found,
    each check bounded as a step of ``solver``. None where a check is unknown or ``limit`` can
    be passed: a bound not proved is dropped, which only widens a box."""
    reach = model.eval(expr, model_completion=True).as_long()  # attained; nothing beyond limit
    if sat(solver, expr > limit if greatest else expr < limit) != z3.unsat:
        return None
    while reach != limit:
        mid = (reach + limit + 1) // 2 if greatest else (reach + limit) // 2
        answer = sat(solver, expr >= mid if greatest else expr <= mid)
        if answer == z3.sat:
            reach = solver.model().eval(expr, model_completion=True).as_long()
        elif answer == z3.unsat:
            limit = mid - 1 if greatest else mid + 1
        else:
            return None
    return reach


def next_box(rules, players: int, box: Box, k: int, budget: Budget, all_wild_open: bool) -> Box:
    """Bounds after turn k (player k mod players) from any state inside ``box``: each template's
    exact least and greatest value, by bisection on one incremental solver (:func:`_extreme`;
    Z3's ``Optimize`` gave the same boxes for 2.5 times the CPU)."""
    s = fresh_state(f"box{k}", players)
    t = turn(rules, players, s, k % players, f"boxturn{k}", supplied=True)
    solver = z3.Solver()
    budget.bound_step(solver)
    solver.add(*state_facts(rules, s), *box.holds(s), *t.valid, *prefix_conditions(rules, t, all_wild_open))
    if sat(solver) != z3.sat:  # unknown: no bound at all (unsat would allow any; keep it simple)
        return Box({})
    model, cards = solver.model(), sum(card_classes(rules))  # a zone holds from none to all the cards
    return Box({name: (_extreme(solver, expr, model, 0, False), _extreme(solver, expr, model, cards, True))
                for name, expr in templates(t.after).items()})


def turn_rates(rules, players: int, budget: Budget, all_wild_open: bool) -> dict:
    """How much one prefix turn (of player 0) can change each template from *any* state with no
    negative zone and every card somewhere: name -> (least change, greatest change), None where
    unbounded or unsettled. ``hand0`` is the player on turn; the other hands are alike."""
    s = fresh_state("rate", players)
    t = turn(rules, players, s, 0, "rateturn", supplied=True)
    solver = z3.Solver()
    budget.bound_step(solver)
    solver.add(*state_facts(rules, s), *t.valid, *prefix_conditions(rules, t, all_wild_open))
    out: dict = {}
    if sat(solver) != z3.sat:
        return out
    before, after = templates(s), templates(t.after)
    model, cards = solver.model(), sum(card_classes(rules))  # no zone changes by more than all the cards
    # only the directions that bound a zone over turns (growth of the row and hands, depletion
    # of the deck and of the deck and discard together)
    wanted = [("deck", 0), ("pool", 0), ("row", 1), ("hand0", 1)] + ([("hand1", 1)] if players > 1 else [])
    for name, upper in wanted:
        change = after[name] - before[name]
        bound = _extreme(solver, change, model, cards if upper else -cards, bool(upper))
        lo, hi = out.get(name, (None, None))
        out[name] = (lo, bound) if upper else (bound, hi)
    return out


def rate_box(rules, players: int, rates: dict, k: int) -> Box:
    """Bounds at the start of turn k from the deal and k turns of at most ``rates`` each: a
    zone changes by the sum of its per-turn changes (a sum of bounds bounds the sum). The rates
    hold from any state, so from every reachable one; a hand takes the on-turn rate on its own
    turns and the ``hand1`` rate on the others' (the turn treats every other seat alike: each
    draws the same, and a prefix turn's draws are all supplied)."""
    deal = deal_box(rules, players).bounds
    out = {}
    for name, (lo0, hi0) in deal.items():
        if name.startswith("hand"):
            i = int(name[4:])
            own = sum(1 for j in range(k) if j % players == i)
            parts = [("hand0", own), ("hand1", k - own)]
        else:
            parts = [(name, k)]
        lo, hi = Fraction(lo0), Fraction(hi0)
        for rate, times in parts:
            if times == 0:
                continue
            r_lo, r_hi = rates.get(rate, (None, None))
            lo = None if lo is None or r_lo is None else lo + times * r_lo
            hi = None if hi is None or r_hi is None else hi + times * r_hi
        out[name] = (None if lo is None else math.ceil(lo), None if hi is None else math.floor(hi))
    return Box(out)


_BOXES: dict = {}  # (rules that shape a turn, players, all_wild_open, budget) -> [Box]


def _key(rules, players: int, all_wild_open: bool, budget: Budget) -> tuple:
    """What the boxes are a function of: the rules minus those no turn reads (the target, the
    scoring, the player range; the all-wild rule only through ``all_wild_open``)."""
    shaped = replace(rules, target=0, scoring=None, players=None, all_wild_row=None)
    return repr(shaped), players, all_wild_open, budget


class BoxProver:
    """Proves "not at turn k" for one player count on the interval abstraction. The boxes are
    shared by every prover with the same key (rulesets that differ only in rules no turn reads)."""

    def __init__(self, rules, players: int, budget: Budget, all_wild_open: bool):
        self.rules, self.players, self.budget, self.all_wild_open = rules, players, budget, all_wild_open
        key = _key(rules, players, all_wild_open, budget)
        if len(_BOXES) > 64:
            _BOXES.clear()
        self.boxes = _BOXES.setdefault(key, [deal_box(rules, players)])
        self._rates = None
        self._solvers: dict = {}

    def box(self, k: int) -> Box:
        while len(self.boxes) <= k:
            j = len(self.boxes) - 1
            self.boxes.append(next_box(self.rules, self.players, self.boxes[j], j, self.budget,
                                       self.all_wild_open))
        return self.boxes[k]

    def rates(self, k: int) -> Box:
        """The box of :func:`rate_box` at turn k (the rates are computed once)."""
        if self._rates is None:
            self._rates = turn_rates(self.rules, self.players, self.budget, self.all_wild_open)
        return rate_box(self.rules, self.players, self._rates, k)

    def absent(self, k: int, situations, paths, cheap: bool = False) -> set:
        """The ``paths`` whose situation provably cannot arise in turn k from any state inside
        the box at turn k: with ``cheap``, the rate box (no per-turn optimisation); else the
        turn-by-turn box. ``situations(turn)`` gives path -> condition; only unsat proves."""
        s, t, solver = self._turn_solver(k % self.players)
        conditions = situations(t)
        box = self.rates(k) if cheap else self.box(k)
        solver.push()  # the box of turn k in a scope of its own: the turn from any state is shared
        try:
            solver.add(*box.holds(s))
            # in a fixed order (not a set's, which changes with the process's hash seed): the
            # shared solver's later answers depend on the checks it was asked before
            return {p for p in sorted(paths) if p in conditions and sat(solver, conditions[p]) == z3.unsat}
        finally:
            solver.pop()

    def _turn_solver(self, player: int):
        """(state, turn of ``player`` from it, a solver holding the state facts and the turn's
        validity): one per player on turn, reused across depths."""
        if player not in self._solvers:
            s = fresh_state(f"proof{player}", self.players)
            t = turn(self.rules, self.players, s, player, f"proofturn{player}")
            solver = self.budget.solver("QF_LIA")
            self.budget.bound_step(solver)
            solver.add(*state_facts(self.rules, s), *t.valid)
            self._solvers[player] = (s, t, solver)
        return self._solvers[player]
