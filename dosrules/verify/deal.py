"""The deal is feasible for every allowed player count (``by_players`` overrides included)."""

from __future__ import annotations

import z3

from ..ruleset.model import Ruleset
from .results import INVARIANT, CheckResult, result
from .solving import Budget, SolverVerdict, prove, value


def _deck_size(rules) -> int:
    d = rules.deck
    return len(d.colours) * (sum(d.numbers.values()) + d.wild_number_per_colour) + d.wild_dos


def deal_feasible(ruleset: Ruleset, budget: Budget) -> CheckResult:
    """For every player count n allowed: n hands plus the Centre Row fit in the deck, and the
    first Centre Row is at least the refill minimum (else the first turn starts short)."""
    lo, hi = ruleset.rules.players.min, ruleset.rules.players.max
    n = z3.Int("players")
    hand, row, deck, minimum = z3.IntVal(0), z3.IntVal(0), z3.IntVal(0), z3.IntVal(0)
    for count in range(hi, lo - 1, -1):  # If-chains over the rules in force for each count
        r = ruleset.for_players(count)
        hand = z3.If(n == count, r.setup.hand_size, hand)
        row = z3.If(n == count, r.setup.opening_row, row)
        deck = z3.If(n == count, _deck_size(r), deck)
        minimum = z3.If(n == count, r.refill.minimum, minimum)
    needed = n * hand + row
    claim = z3.And(needed <= deck, row >= minimum)
    answer = prove(claim, [lo <= n, n <= hi], budget)
    paths = ["players.min", "players.max", "setup.hand_size", "setup.centre_row", "setup.centre_row_extra",
             "refill.minimum", "deck.total"]
    paths += [f"by_players.{k}" for k in sorted(ruleset.by_players)]
    text = (f"for every player count {lo}-{hi}, the hands and the Centre Row fit in the deck and "
            f"the first Centre Row holds at least the refill minimum")
    if lo > hi:
        return result(ruleset, "setup.deal", INVARIANT, SolverVerdict.COUNTEREXAMPLE, text,
                      witness=f"players.min {lo} is above players.max {hi}: no player count is allowed",
                      data={"players_min": lo, "players_max": hi}, paths=paths[:2])
    witness, data = None, {}
    if answer.verdict is SolverVerdict.COUNTEREXAMPLE:
        m = answer.model
        k = value(m, n)
        need, have = value(m, needed), value(m, deck)
        r = ruleset.for_players(k)
        problems = []
        if need > have:
            problems.append(f"{k} players x {r.setup.hand_size} cards + {r.setup.opening_row} in the "
                            f"Centre Row need {need} cards; the deck has {have}")
        if r.setup.opening_row < r.refill.minimum:
            problems.append(f"the Centre Row starts with {r.setup.opening_row} cards, below the refill "
                            f"minimum {r.refill.minimum}")
        witness = f"{k} players: " + "; ".join(problems)
        data = {"players": k, "needed": need, "deck": have, "centre_row": r.setup.opening_row,
                "minimum": r.refill.minimum}
    elif answer.verdict is SolverVerdict.UNKNOWN:
        witness = answer.reason
    return result(ruleset, "setup.deal", INVARIANT, answer.verdict, text, witness=witness,
                  data=data, paths=[p for p in paths if not p.startswith("by_players")] +
                  [p for p in paths if p.startswith("by_players")])
