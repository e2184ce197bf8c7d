"""Reachable rule gaps: bounded model checking from the initial deal over abstract turns.

From every deal the ruleset allows, can play reach a situation that an ``unspecified`` rule
must decide (a draw from an empty deck, a Centre Row of only wild cards, ...) or that no rule
covers? For each such situation: the fewest turns, with the trace, or "not within N turns".
Earlier turns of a trace meet no gap (the engine ends a round void at its first gap).
"""

from __future__ import annotations

import z3

from ..model import Ruleset, is_unspecified
from .invariants import describe_state, describe_turn
from .results import FINDING, CheckResult, result
from .solving import Budget, Verdict, value
from .turn import State, card_classes, fresh_state, turn

MAX_TURNS = 8

ALL_WILD = "all_wild_row"


def _deal(rules, n: int) -> tuple[State, list]:
    s = fresh_state("deal", n)
    numbers, wilds = card_classes(rules)
    piles = s.piles()
    hand, row = rules.setup.hand_size, rules.setup.centre_row
    cons = [s.nonneg(), z3.Sum([p.num for p in piles]) == numbers, z3.Sum([p.wild for p in piles]) == wilds,
            s.discard.total == 0, s.row.total == row, *[h.total == hand for h in s.hands]]
    return s, cons


def _all_wild(s: State):
    return z3.And(s.row.num == 0, s.row.wild >= 1)


def _situation(path: str) -> str:
    return {
        "deck_exhaustion": "a draw from an empty deck",
        ALL_WILD: "a turn starts with a Centre Row of only wild cards",
        "setup.next_dealer": "a round ends and the next needs a dealer",
        "setup.first_dealer": "the first round needs a dealer",
        "setup.first_player": "the first turn needs a player",
    }.get(path, f"a situation {path} must decide")


def reachable_gaps(ruleset: Ruleset, budget: Budget, max_turns: int = MAX_TURNS) -> list[CheckResult]:
    """One finding per situation: the fewest turns over every allowed player count (searched
    from the most players down, each count only below the best found so far)."""
    lo, hi = ruleset.rules.players.min, ruleset.rules.players.max
    best: dict[str, tuple] = {}  # path -> (turns, players, trace)
    unknown: dict[str, str] = {}
    searched: set[str] = set()
    for n in range(hi, lo - 1, -1):
        bound = {p: best[p][0] for p in best}
        for path, found in _search(ruleset.for_players(n), n, budget, max_turns, bound).items():
            searched.add(path)
            if isinstance(found, str):
                unknown.setdefault(path, f"{n} players: {found}")
            elif found is not None and (path not in best or found[0] < best[path][0]):
                best[path] = (found[0], n, found[1], found[2])
    out = []
    for path in sorted(searched):
        cite = ["deck_exhaustion"] if path.startswith("a draw") else [path]
        claim = f"no play reaches {_situation(path)} within {max_turns} turns"
        if path in best:
            turns, n, trace, gave_up = best[path]
            if path == "setup.next_dealer":
                when = "when the round ends"
            elif path == ALL_WILD or len(trace) == 1:
                when = f"at the start of turn {turns + 1}"
            else:
                when = f"in turn {turns + 1}"
            caveat = "" if gave_up is None else (f" (not proved the fewest: the solver gave up on "
                                                 f"turn {gave_up[0] + 1}, {gave_up[1]})")
            out.append(result(ruleset, f"gap.{path}", FINDING, Verdict.COUNTEREXAMPLE, claim,
                              witness=f"{when}, after {turns} turns ({n} players){caveat}: " + " | ".join(trace),
                              data={"turns": turns, "players": n, "trace": trace,
                                    "situation": _situation(path), "fewest": gave_up is None,
                                    "unsettled": None if gave_up is None else
                                    f"turn {gave_up[0] + 1}: {gave_up[1]}"},
                              paths=cite, players=n))
        elif path in unknown:
            out.append(result(ruleset, f"gap.{path}", FINDING, Verdict.UNKNOWN, claim,
                              witness=unknown[path], paths=cite))
        else:
            out.append(result(ruleset, f"gap.{path}", FINDING, Verdict.PROVED, claim, paths=cite))
    return out


def _search(rules, n: int, budget: Budget, max_turns: int, bound: dict) -> dict:
    """path -> (turns, trace) | None (not within the bound) | reason (unknown).

    Turn k is asked in a scope of its own (gaps detected); once asked, it is added again as
    a prefix turn that meets no gap, supplies every draw and does not end the round."""
    solver = budget.solver("QF_LIA")
    solver.set("timeout", min(budget.timeout_ms, budget.step_timeout_ms))
    gave_up: dict = {}  # path -> (depth, reason) of the first depth the solver could not settle
    state, cons = _deal(rules, n)
    solver.add(*cons)
    found: dict = {}
    setup = {p: z3.BoolVal(True) for p in ("setup.first_dealer", "setup.first_player")
             if is_unspecified(rules.get(p))}
    if is_unspecified(rules.all_wild_row):
        setup[ALL_WILD] = _all_wild(state)
    states: list[State] = [state]
    prefix: list = []

    hints: list = []  # a greedy line of play (every row card double-matched in colour): tried first

    def hint(t, s: State):
        c = t.choices
        return z3.And(c["singles"] == 0, c["doubles"] >= 1, c["double_colour"] == c["doubles"])

    def ask(expr, query_hint=None) -> tuple:
        if query_hint is not None:  # a witness along the greedy line is a witness; else ask in full
            res = solver.check(*hints, query_hint, expr)
            if res == z3.sat:
                return "sat", solver.model()
        res = solver.check(expr)
        if res == z3.sat:
            return "sat", solver.model()
        if res == z3.unknown:
            return "unknown", solver.reason_unknown()
        return "unsat", None

    def trace(model, turns: list, k: int) -> list[str]:
        lines = [f"deal: {describe_state(model, states[0])}"]
        for i in range(k):
            after = states[i + 1] if i + 1 < len(states) else turns[i].after
            lines.append(f"turn {i + 1} (player {i % n + 1}): {describe_turn(model, turns[i])}; "
                         f"{describe_state(model, after)}")
        return lines

    def settle(path, status, got, turns_taken, turns):
        if status == "sat":
            found[path] = (turns_taken, trace(got, turns, len(turns)), gave_up.get(path))
        elif status == "unknown":  # go deeper: a later witness is still a witness, not a minimum
            gave_up.setdefault(path, (turns_taken, got))
            found.setdefault(path, None)
        else:
            found.setdefault(path, None)

    for path, expr in setup.items():
        settle(path, *ask(expr)[:2], 0, [])
    if ALL_WILD in setup:
        solver.add(z3.Not(setup[ALL_WILD]))
    open_paths: set = set()
    for k in range(max_turns):
        solver.push()
        t = turn(rules, n, states[k], k % n, f"q{k}")
        solver.add(*t.valid)
        situations = dict(t.gaps)
        situations.update(t.uncovered)
        if is_unspecified(rules.setup.next_dealer):
            situations["setup.next_dealer"] = t.ended
        if ALL_WILD in setup:
            situations[ALL_WILD] = z3.And(z3.Not(t.ended), _all_wild(t.after))
        for path, expr in situations.items():
            done = isinstance(found.get(path), tuple)
            taken = k + 1 if path in (ALL_WILD, "setup.next_dealer") else k
            if done or taken >= bound.get(path, max_turns + 1):
                continue
            open_paths.add(path)
            status, got = ask(expr, hint(t, states[k]))
            settle(path, status, got, taken, prefix + [t])
        solver.pop()
        if all(isinstance(found.get(p), tuple) or bound.get(p, max_turns + 1) <= k + 1
               for p in open_paths | set(situations)):
            break
        step = turn(rules, n, states[k], k % n, f"t{k}", supplied=True)
        solver.add(*step.valid, z3.Not(step.any_gap()), z3.Not(step.ended))
        if ALL_WILD in setup:
            solver.add(z3.Not(_all_wild(step.after)))
        prefix.append(step)
        hints.append(hint(step, states[k]))
        states.append(step.after)
    for path, (depth, reason) in gave_up.items():
        if found.get(path) is None:
            found[path] = f"turn {depth + 1}: {reason}"
    return found
