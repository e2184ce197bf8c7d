"""One concrete line of play through the abstract turns: a cheap way to a gap search's witness.

From a deal, each turn is the prefix turn along the greedy line (every row card matched in a
double of its colour; gap-free, its draws supplied, the round going on) that leaves the fewest
cards in the deck: Z3's ``Optimize`` on that one turn, from the concrete state before it. The
situations the gap search looks for (a draw the deck cannot supply, others drawing more than it
holds) come where the deck runs low, so this line is where they come first.

At depth k, a situation that one turn from the line's state k can reach is a witness: the
line's states, fixed in the unrolled model's query, make a model of it at once (its turns are
turns of the unrolled model, whose prefix turns are built with the same flags). Failing proves
nothing: the search goes on with its other tries.
"""

from __future__ import annotations

import z3

from .bounds import prefix_conditions
from .solving import Budget, sat
from .turn import TurnPiles, card_classes, fresh_state, row_all_wild, turn

Values = tuple  # a state's pile sizes: (num, wild) of the deck, the discard pile, the row, each hand


def fixed(s: TurnPiles, values: Values) -> list:
    """``s`` equal to ``values``, pile by pile."""
    return [term == v for pile, pair in zip(s.piles(), _pairs(values)) for term, v in zip((pile.num, pile.wild), pair)]


def _pairs(values: Values):
    return zip(values[0::2], values[1::2])


def _values(model, s: TurnPiles) -> Values:
    return tuple(model.eval(term, model_completion=True).as_long()
                 for pile in s.piles() for term in (pile.num, pile.wild))


class GreedyLine:
    """The line for one player count; its states are made as deep as asked, each once."""

    def __init__(self, rules, players: int, budget: Budget, all_wild_open: bool, from_deck: bool,
                 hint, ms: int):
        self.rules, self.players, self.budget = rules, players, budget
        self.all_wild_open, self.from_deck, self.hint, self.ms = all_wild_open, from_deck, hint, ms
        self.states: list[Values] = []
        self.ended = False  # no prefix turn along the line from the last state (or none found)
        deal = self._deal()
        if deal is None:
            self.ended = True
        else:
            self.states.append(deal)

    def state(self, k: int) -> Values | None:
        """The line's state at the start of turn k (None past its end)."""
        while len(self.states) <= k and not self.ended:
            self._step()
        return self.states[k] if k < len(self.states) else None

    def reaches(self, k: int, situation_of) -> bool:
        """Whether turn k from the line's state can meet the situation ``situation_of(turn)``."""
        values = self.state(k)
        if values is None:
            return False
        s = fresh_state(f"line.q{k}", self.players)
        t = turn(self.rules, self.players, s, k % self.players, f"line.qturn{k}")
        solver = z3.SolverFor("QF_LIA")
        self.budget.bound_step(solver, self.ms)
        solver.add(*fixed(s, values), *t.valid)
        return sat(solver, situation_of(t)) == z3.sat

    def _deal(self) -> Values | None:
        """A deal with no wild card outside the deck (the row then holds no wild card)."""
        rules, n = self.rules, self.players
        s = fresh_state("line.deal", n)
        numbers, wilds = card_classes(rules)
        hand, row = rules.setup.hand_size, rules.setup.opening_row
        opt = z3.Optimize()
        self.budget.bound_step(opt, self.ms)
        piles = s.piles()
        opt.add(s.nonneg(), z3.Sum([p.num for p in piles]) == numbers, z3.Sum([p.wild for p in piles]) == wilds,
                s.discard.total == 0, s.row.total == row, *[h.total == hand for h in s.hands])
        if self.all_wild_open:
            opt.add(z3.Not(row_all_wild(s)))
        opt.minimize(z3.Sum([p.wild for p in piles[1:]]))
        return _values(opt.model(), s) if sat(opt) == z3.sat else None

    def _step(self) -> None:
        k = len(self.states) - 1
        s = fresh_state(f"line.s{k}", self.players)
        t = turn(self.rules, self.players, s, k % self.players, f"line.turn{k}", supplied=True,
                 from_deck=self.from_deck)
        opt = z3.Optimize()
        self.budget.bound_step(opt, self.ms)
        opt.add(*fixed(s, self.states[k]), *t.valid, *prefix_conditions(self.rules, t, self.all_wild_open),
                self.hint(t))
        opt.minimize(t.after.deck.total)
        if sat(opt) == z3.sat:
            self.states.append(_values(opt.model(), t.after))
        else:
            self.ended = True
