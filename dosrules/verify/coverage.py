"""Coverage and conflicts in the Catala sense, on a table of decisions generated from the rules.

Each decision is something play must settle (what follows a draw without a match, how the
Centre Row is refilled, ...). It has situation variables, and rules, each with the situation
in which it applies and its result there (a code), or ``None`` when the rule is
``unspecified``. The solver looks for a situation where the decision is needed and no
specified rule applies (a gap), and one where two applicable rules give different results
(a conflict). A more specific rule listed as an ``exception`` overrides the rules before it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from ..ruleset.model import (DeckExhaustion, DeclineAfterDraw, FirstDealer, MatchAfterDraw, PenaltyTiming, Ruleset,
                              Rules, is_unspecified)
from .results import FINDING, INVARIANT, CheckResult, result
from .solving import Budget, SolverVerdict, find


@dataclass
class RuleCase:
    path: str
    applies: z3.BoolRef
    result: str | None  # None: the rule is unspecified
    exception: bool = False  # overrides the other rules where it applies


@dataclass
class Decision:
    name: str
    question: str
    needed: z3.BoolRef
    variables: dict = field(default_factory=dict)  # name -> Bool
    cases: list = field(default_factory=list)


def _code(value) -> str | None:
    if is_unspecified(value):
        return None
    return value.value if hasattr(value, "value") else str(value).lower()


def decisions(rules: Rules) -> list[Decision]:
    d = rules.drawing
    B = z3.Bool
    out = []
    avail, after_ok = B("match_available"), B("drew")
    may = Decision("after-draw-match", "may a player who drew and can match make the match?",
                   avail, {"match_available": avail})
    may.cases.append(RuleCase("drawing.match_after_draw", avail,  # drawn-card: a match with the drawn card
                              None if is_unspecified(d.match_after_draw) else
                              ("forbidden" if d.match_after_draw is MatchAfterDraw.NONE else "allowed")))
    if d.decline_match_after_draw is DeclineAfterDraw.FORBIDDEN:
        may.cases.append(RuleCase("drawing.decline_match_after_draw", avail, "required"))
    out.append(may)
    del after_ok

    can_match = z3.And(avail, z3.BoolVal(d.match_after_draw is not MatchAfterDraw.NONE))
    ending = Decision("after-draw-ending", "how does a turn end after a draw without a match made?",
                      z3.BoolVal(True), {"match_available": avail})
    ending.cases.append(RuleCase("drawing.after_failed_draw", z3.Not(can_match), _code(d.after_failed_draw)))
    if d.decline_match_after_draw is not DeclineAfterDraw.FORBIDDEN:
        ending.cases.append(RuleCase("drawing.decline_match_after_draw", can_match,
                                     _code(d.decline_match_after_draw)))
    out.append(ending)

    out.append(Decision("draw-with-match", "may a player draw although a match is available?", avail,
                        {"match_available": avail},
                        [RuleCase("drawing.draw_when_match_possible", avail,
                                  None if is_unspecified(d.draw_when_match_possible) else
                                  ("allowed" if d.draw_when_match_possible else "forbidden"))]))

    short, below, disc_short = B("deck_short"), B("row_below_minimum"), B("discard_short")
    refill = Decision("refill", "how many cards refill the Centre Row, and from where?", below,
                      {"row_below_minimum": below, "deck_short": short, "discard_short": disc_short})
    refill.cases.append(RuleCase("refill.mode", z3.Not(short), _code(rules.refill.mode)))
    ex = rules.deck_exhaustion
    if ex is DeckExhaustion.RESHUFFLE_DISCARD:
        refill.cases.append(RuleCase("deck_exhaustion", z3.And(short, z3.Not(disc_short)), _code(ex)))
    else:
        refill.cases.append(RuleCase("deck_exhaustion", short, _code(ex)))
    out.append(refill)

    bonus = B("bonus_earned")
    out.append(Decision("bonus-order", "do colour-bonus cards go in before or after the refill?",
                        z3.And(bonus, below), {"bonus_earned": bonus, "row_below_minimum": below},
                        [RuleCase("refill.bonus_cards", z3.BoolVal(True), _code(rules.refill.bonus_cards))]))

    all_wild = B("row_all_wild")
    wn_target, wd_target = B("wild_number_targeted"), B("wild_dos_targeted")
    w = rules.wilds
    value = Decision("row-wild-value", "what number does a Wild # in the Centre Row count as?", wn_target,
                     {"wild_number_targeted": wn_target, "row_all_wild": all_wild})
    value.cases.append(RuleCase("wilds.wild_number.row_value", z3.BoolVal(True), _code(w.wild_number.row_value)))
    value.cases.append(RuleCase("all_wild_row", all_wild, _code(rules.all_wild_row), exception=True))
    out.append(value)
    colour = Decision("row-wild-colour", "what colour does a Wild DOS in the Centre Row have?", wd_target,
                      {"wild_dos_targeted": wd_target, "row_all_wild": all_wild})
    colour.cases.append(RuleCase("wilds.wild_dos.row_colour", z3.BoolVal(True), _code(w.wild_dos.row_colour)))
    colour.cases.append(RuleCase("all_wild_row", all_wild, _code(rules.all_wild_row), exception=True))
    out.append(colour)

    at_call = B("hand_at_call_size")
    call = Decision("dos-call", "what happens to a player left with the DOS-call hand size?", at_call,
                    {"hand_at_call_size": at_call})
    for path in ("dos_call.required", "dos_call.hand_size", "dos_call.catch_penalty", "dos_call.penalty_timing"):
        v = rules.get(path)
        call.cases.append(RuleCase(path, z3.BoolVal(True), None if is_unspecified(v) else "set"))
    out.append(call)

    b = rules.bonuses
    for group, name in (("single_colour", "single"), ("double_colour", "double")):
        earned = B(f"{name}_colour_bonus_earned")
        out.append(Decision(f"{name}-bonus-placement", f"must the card a {name} colour match earns go into "
                            "the Centre Row?", earned, {f"{name}_colour_bonus_earned": earned},
                            [RuleCase(f"bonuses.{group}.placement", z3.BoolVal(True),
                                      _code(getattr(b, group).placement))]))
    others, deck_low = B("others_draw_for_a_bonus"), B("deck_below_their_cards")
    out.append(Decision("others-draw-timing", "do the others draw for a colour bonus when the match is made "
                        "or when the turn ends (it matters when the deck is low)?", z3.And(others, deck_low),
                        {"others_draw_for_a_bonus": others, "deck_below_their_cards": deck_low},
                        [RuleCase("bonuses.others_draw_timing", z3.BoolVal(True), _code(b.others_draw_timing))]))
    dos = rules.dos_call
    active = dos.required is True and not is_unspecified(dos.hand_size)
    missed = B("call_missed")
    out.append(Decision("catcher", "who may catch a player who did not call DOS?",
                        z3.And(missed, z3.BoolVal(active)), {"call_missed": missed},
                        [RuleCase("dos_call.catcher", z3.BoolVal(True), _code(dos.catcher))]))
    late = B("call_missed_earlier_chance_passed")
    out.append(Decision("catch-window", "may a player who missed the DOS call still be caught after a first "
                        "chance to catch them was let pass (and may they still call late)?",
                        z3.And(late, z3.BoolVal(active)), {"call_missed_earlier_chance_passed": late},
                        [RuleCase("dos_call.catch_window", z3.BoolVal(True), _code(dos.catch_window))]))
    waiting = B("out_with_a_penalty_waiting")
    out.append(Decision("pending-penalty", "does a player who goes out while a DOS penalty waits for the end of "
                        "the turn still draw it?",
                        z3.And(waiting, z3.BoolVal(active and dos.penalty_timing is PenaltyTiming.END_OF_TURN)),
                        {"out_with_a_penalty_waiting": waiting},
                        [RuleCase("going_out.pending_penalty", z3.BoolVal(True),
                                  _code(rules.going_out.pending_penalty))]))

    out_dc = B("went_out_with_double_colour")
    out.append(Decision("going-out", "do the others draw a double-colour bonus when its player goes out?",
                        out_dc, {"went_out_with_double_colour": out_dc},
                        [RuleCase("going_out.double_colour_draw_before_scoring", z3.BoolVal(True),
                                  _code(rules.going_out.double_colour_draw_before_scoring))]))

    first = Decision("first-turn-row", "how many cards does the Centre Row hold when the first turn starts?",
                     z3.BoolVal(True))
    opening = "at least minimum" if rules.setup.opening_row >= rules.refill.minimum else "below minimum"
    first.cases.append(RuleCase("setup.centre_row", z3.BoolVal(True), opening))
    # the extra counts with centre_row (one result); left open, the deal has no rule for it
    first.cases.append(RuleCase("setup.centre_row_extra", z3.BoolVal(True),
                                None if is_unspecified(rules.setup.centre_row_extra) else opening))
    first.cases.append(RuleCase("refill.minimum", z3.BoolVal(True), "at least minimum"))
    out.append(first)

    ties = z3.BoolVal(_every_draw_ties(rules))  # high card then never names a dealer
    high_card = rules.setup.first_dealer is FirstDealer.HIGH_CARD
    out.append(Decision("first-dealer", "who deals the first round?", z3.BoolVal(True), {"every_draw_ties": ties},
                        [RuleCase("setup.first_dealer", z3.Not(ties) if high_card else z3.BoolVal(True),
                                  _code(rules.setup.first_dealer))]))
    if high_card:  # two players can tie for the highest card (a deck of one value always ties)
        out.append(Decision("dealer-tie", "who deals when players tie for the highest card?", z3.BoolVal(True),
                            {}, [RuleCase("setup.dealer_tie", z3.BoolVal(True), _code(rules.setup.dealer_tie))]))
    for path, question in (("setup.first_player", "who plays first?"),
                           ("setup.direction", "in which direction does play pass?"),
                           ("setup.next_dealer", "who deals the next round?")):
        out.append(Decision(path.split(".")[1].replace("_", "-"), question, z3.BoolVal(True), {},
                            [RuleCase(path, z3.BoolVal(True), _code(rules.get(path)))]))
    return out


def _every_draw_ties(rules: Rules) -> bool:
    """True when every card of the deck counts the same in the high-card draw for first dealer
    (a wild of unspecified value is settled by lot when drawn, so it ends a tie)."""
    d = rules.deck
    values = {int(k) for k, count in d.numbers.items() if count > 0} if d.colours else set()
    if d.wild_dos or (d.colours and d.wild_number_per_colour):
        if is_unspecified(rules.setup.symbol_value_for_dealer):
            return False
        values.add(rules.setup.symbol_value_for_dealer)
    return len(values) <= 1


def coverage(ruleset: Ruleset, budget: Budget) -> list[CheckResult]:
    out = []
    for n_label, rules, players in _groups(ruleset):
        for dec in decisions(rules):
            paths = sorted({c.path for c in dec.cases})
            exc = z3.Or([z3.BoolVal(False)] + [c.applies for c in dec.cases if c.exception])
            in_force = [(c, c.applies if c.exception else z3.And(c.applies, z3.Not(exc))) for c in dec.cases]
            covered = z3.Or([z3.BoolVal(False)] + [f for c, f in in_force if c.result is not None])
            gap = find([dec.needed, z3.Not(covered)], budget)
            out.append(_report(ruleset, f"coverage.{dec.name}", FINDING, gap, dec,
                               f"some specified rule answers: {dec.question}", "no rule applies",
                               paths, players, n_label, in_force))
            pairs = [z3.And(f1, f2) for i, (c1, f1) in enumerate(in_force) for c2, f2 in in_force[i + 1:]
                     if c1.result is not None and c2.result is not None and c1.result != c2.result]
            clash = find([dec.needed, z3.Or([z3.BoolVal(False)] + pairs)], budget)
            out.append(_report(ruleset, f"conflict.{dec.name}", INVARIANT, clash, dec,
                               f"no two rules give different answers to: {dec.question}",
                               "two rules apply with different results", paths, players, n_label, in_force))
    return out


def _groups(ruleset: Ruleset):
    """(label, rules, players) per distinct rules among the allowed player counts."""
    lo, hi = ruleset.rules.players.min, ruleset.rules.players.max
    seen = []
    for n in range(lo, hi + 1):
        r = ruleset.for_players(n)
        if all(r != s for _, s, _ in seen):
            seen.append(("" if r == ruleset.rules else str(n), r, n))
    return seen


def _report(ruleset, check, kind, answer, dec: Decision, claim, what, paths, players, label, in_force):
    if answer.verdict is SolverVerdict.UNKNOWN:
        return result(ruleset, check, kind, SolverVerdict.UNKNOWN, claim, witness=answer.reason, paths=paths,
                      players=players, players_label=label)
    if answer.verdict is SolverVerdict.PROVED:
        return result(ruleset, check, kind, SolverVerdict.PROVED, claim, paths=paths, players=players,
                      players_label=label)
    m = answer.model
    situation = {k: z3.is_true(m.eval(v, model_completion=True)) for k, v in dec.variables.items()}
    applying = [f"{c.path} = {c.result or 'unspecified'}" for c, f in in_force
                if z3.is_true(m.eval(f, model_completion=True))]
    text = ", ".join(f"{k}={'yes' if v else 'no'}" for k, v in situation.items()) or "always"
    return result(ruleset, check, kind, SolverVerdict.COUNTEREXAMPLE, claim,
                  witness=f"{what} ({dec.question}) when {text}; in force: {'; '.join(applying) or 'none'}",
                  data={"situation": situation, "in_force": applying}, paths=paths, players=players,
                  players_label=label)
