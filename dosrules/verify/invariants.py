"""Turn invariants, proved for every abstract state and every turn the ruleset enables:
card conservation (per card class), no negative zone, and the Centre Row back at its minimum
after the refill whenever the deck (and the discard pile, under a reshuffle rule) can supply it."""

from __future__ import annotations

import z3

from ..ruleset.model import Ruleset
from .results import INVARIANT, CheckResult, result
from .solving import Budget, SolverVerdict, prove, value
from .turn import TurnPiles, Turn, card_classes, fresh_state, turn

TURN_PATHS = ("matching.single", "matching.double", "matching.any_row_card", "drawing.match_after_draw",
              "drawing.after_failed_draw", "drawing.decline_match_after_draw", "bonuses.single_colour",
              "bonuses.double_colour", "bonuses.others_draw_timing", "going_out.double_colour_draw_before_scoring",
              "refill.mode",
              "refill.minimum", "refill.bonus_cards", "deck_exhaustion", "dos_call.required",
              "dos_call.hand_size", "dos_call.catch_penalty")


def start_conditions(rules, s: TurnPiles) -> list:
    """A state at the start of a turn: no negative zone, every card somewhere, row at its minimum,
    every player holding a card (else the round is over)."""
    numbers, wilds = card_classes(rules)
    piles = s.piles()
    return [s.nonneg(), z3.Sum([p.num for p in piles]) == numbers, z3.Sum([p.wild for p in piles]) == wilds,
            s.row.total >= rules.refill.minimum, *[h.total >= 1 for h in s.hands]]


def describe_state(model, s: TurnPiles) -> str:
    hands = "/".join(str(value(model, h.total)) for h in s.hands)
    return (f"deck {value(model, s.deck.total)}, discard {value(model, s.discard.total)}, "
            f"row {value(model, s.row.total)} ({value(model, s.row.wild)} wild), hands {hands}")


def describe_turn(model, t: Turn) -> str:
    c = {k: value(model, x) for k, x in t.choices.items()}
    parts = []
    if c["drew"]:
        parts.append("drew 1")
    if c["singles"] or c["doubles"]:
        parts.append(f"matched {c['singles']} single + {c['doubles']} double")
    elif c["drew"]:
        parts.append("declined a match" if c["declined"] else "no match")
    if c["single_colour"] or c["double_colour"]:
        parts.append(f"colour bonuses {c['single_colour']} single, {c['double_colour']} double")
    if c["others_drew"]:
        parts.append(f"others drew {c['others_drew']} each")
    if c["placed"]:
        parts.append(f"placed {c['placed']} in the row")
    if c["refilled"]:
        parts.append(f"refilled {c['refilled']}")
    if c["caught"]:
        parts.append("caught not calling DOS")
    if c["went_out"]:
        parts.append("went out")
    return ", ".join(parts) or "nothing"


def turn_invariants(ruleset: Ruleset, budget: Budget) -> list[CheckResult]:
    lo, hi = ruleset.rules.players.min, ruleset.rules.players.max
    claims = {
        "turn.conservation": "every card stays in exactly one zone (per card class) across a turn",
        "turn.no-negative-zone": "no zone holds fewer than zero cards after a turn",
        "turn.row-minimum": "after the refill the Centre Row holds at least refill.minimum cards, "
                            "unless the deck (and discard, under reshuffle) cannot supply it",
    }
    out = []
    turns: dict = {}  # n -> (rules, state, turn): each claim asks about the same turn

    def turn_of(n: int):
        if n not in turns:
            rules = ruleset.for_players(n)
            s = fresh_state("s", n)
            turns[n] = (rules, s, turn(rules, n, s, 0, "t"))
        return turns[n]

    for check, text in claims.items():
        found = None
        for n in range(lo, hi + 1):
            rules, s, t = turn_of(n)
            a = t.after
            others = [g for path, g in t.gaps.items() if path != "refill.mode"] + list(t.uncovered.values())
            assume = start_conditions(rules, s) + t.valid + [z3.Not(z3.Or([z3.BoolVal(False), *others]))]
            if check == "turn.conservation":
                claim = z3.And(z3.Sum([p.num for p in a.piles()]) == z3.Sum([p.num for p in s.piles()]),
                               z3.Sum([p.wild for p in a.piles()]) == z3.Sum([p.wild for p in s.piles()]))
            elif check == "turn.no-negative-zone":
                claim = a.nonneg()
            else:
                assume.append(z3.Not(t.ended))
                claim = z3.Or(a.row.total >= rules.refill.minimum, t.refill_short)
            answer = prove(claim, assume, budget)
            if answer.verdict is not SolverVerdict.PROVED:
                found = (n, answer, s, t)
                break
        paths = TURN_PATHS
        if found is None:
            out.append(result(ruleset, check, INVARIANT, SolverVerdict.PROVED, text, paths=paths))
            continue
        n, answer, s, t = found
        if answer.verdict is SolverVerdict.UNKNOWN:
            out.append(result(ruleset, check, INVARIANT, SolverVerdict.UNKNOWN, text, witness=answer.reason,
                              paths=paths, players=n, players_label=str(n)))
            continue
        m = answer.model
        why = ""
        if check == "turn.row-minimum" and z3.is_true(m.eval(t.refill_open, model_completion=True)):
            why = " (refill.mode is unspecified: no rule refills the row)"
        witness = (f"{n} players; before: {describe_state(m, s)}; turn: {describe_turn(m, t)}; "
                   f"after: {describe_state(m, t.after)}{why}")
        out.append(result(ruleset, check, INVARIANT, SolverVerdict.COUNTEREXAMPLE, text, witness=witness,
                          data={"players": n, "before": describe_state(m, s), "turn": describe_turn(m, t),
                                "after": describe_state(m, t.after)},
                          paths=paths, players=n, players_label=str(n)))
    return out
