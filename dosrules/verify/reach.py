"""Reachable rule gaps: bounded model checking from the initial deal over abstract turns.

From every deal the ruleset allows, can play reach a situation that an ``unspecified`` rule
must decide (a draw from an empty deck, a Centre Row of only wild cards, ...) or that no rule
covers? For each such situation: the fewest turns, with the trace, or "not within N turns".
Earlier turns of a trace meet no gap (the engine ends a round void at its first gap).

Witnesses come from the exact unrolled model (integer zone sizes, per card class). "Not at
turn k" is proved on whichever is cheapest and still a proof: the interval abstractions of
:mod:`.bounds` (sound over-approximations of every state a trace can reach, so an unsat answer
there is an unsat answer here) or the exact model; unknown is never read as proved.
"""

from __future__ import annotations

import time
from dataclasses import replace

import z3

from ..ruleset.model import DeckExhaustion, Ruleset, is_unspecified
from .invariants import describe_state, describe_turn
from .results import FINDING, CheckResult, result
from .bounds import BoxProver, prefix_conditions
from .solving import Budget, SolverVerdict, fresh_context, sat, units_spent, unknown_reason
from .turn import TurnPiles, card_classes, fresh_state, row_all_wild, turn

MAX_TURNS = 8

ALL_WILD = "all_wild_row"


def _deal(rules, n: int) -> tuple[TurnPiles, list]:
    s = fresh_state("deal", n)
    numbers, wilds = card_classes(rules)
    piles = s.piles()
    hand, row = rules.setup.hand_size, rules.setup.opening_row
    cons = [s.nonneg(), z3.Sum([p.num for p in piles]) == numbers, z3.Sum([p.wild for p in piles]) == wilds,
            s.discard.total == 0, s.row.total == row, *[h.total == hand for h in s.hands]]
    return s, cons


_all_wild = row_all_wild


def _situation(path: str) -> str:
    return {
        "deck_exhaustion": "a draw from an empty deck",
        ALL_WILD: "a turn starts with a Centre Row of only wild cards",
        "setup.next_dealer": "a round ends and the next needs a dealer",
        "setup.first_dealer": "the first round needs a dealer",
        "setup.centre_row_extra": "the deal turns up the Centre Row",
        "setup.first_player": "the first turn needs a player",
        "setup.direction": "the turn passes and needs a direction",
    }.get(path, f"a situation {path} must decide")


def reachable_gaps(ruleset: Ruleset, budget: Budget, max_turns: int = MAX_TURNS) -> list[CheckResult]:
    """One finding per situation: the fewest turns over every allowed player count (searched
    from the most players down, each count only below the best found so far)."""
    lo, hi = ruleset.rules.players.min, ruleset.rules.players.max
    best: dict[str, tuple] = {}  # path -> (turns, players, trace)
    unknown: dict[str, str] = {}
    unsettled: dict[str, tuple] = {}  # path -> (turns, reason, players): the fewest turns any count left open
    searched: set[str] = set()
    spent: dict[str, tuple] = {}  # path -> (seconds, resource units) of the queries asked for it
    for n in range(hi, lo - 1, -1):
        bound = {p: best[p][0] for p in best}
        got, cost = _search(ruleset.for_players(n), n, budget, max_turns, bound)
        for path, (t, u) in cost.items():
            was = spent.get(path, (0.0, 0))
            spent[path] = (was[0] + t, was[1] + u)
        for path, found in got.items():
            searched.add(path)
            if isinstance(found, str):
                unknown.setdefault(path, f"{n} players: {found}")
            elif found is not None and (path not in best or found[0] < best[path][0]):
                best[path] = (found[0], n, found[1], found[2])
            gave_up = found.gave_up if isinstance(found, _Unknown) else found[2] if found else None
            if gave_up is not None and (path not in unsettled or gave_up[0] < unsettled[path][0]):
                unsettled[path] = (*gave_up, n)
    out = []
    for path in sorted(searched):
        seconds, units = spent.get(path, (0.0, 0))
        cite = ["deck_exhaustion"] if path.startswith("a draw") else [path]
        claim = f"no play reaches {_situation(path)} within {max_turns} turns"
        if path in best:
            turns, n, trace, gave_up = best[path]
            # fewest over every count: another count may have left fewer turns open
            if path in unsettled and unsettled[path][0] < turns:
                left_at, reason, players = unsettled[path]
                gave_up = (left_at, reason if players == n else f"{players} players: {reason}")
            if path == "setup.next_dealer":
                when = "when the round ends"
            elif path == ALL_WILD or len(trace) == 1:
                when = f"at the start of turn {turns + 1}"
            else:
                when = f"in turn {turns + 1}"
            caveat = "" if gave_up is None else (f" (not proved the fewest: the solver gave up on "
                                                 f"turn {gave_up[0] + 1}, {gave_up[1]})")
            out.append(result(ruleset, f"gap.{path}", FINDING, SolverVerdict.COUNTEREXAMPLE, claim,
                              witness=f"{when}, after {turns} turns ({n} players){caveat}: " + " | ".join(trace),
                              data={"turns": turns, "players": n, "trace": trace,
                                    "situation": _situation(path), "fewest": gave_up is None,
                                    "unsettled": None if gave_up is None else
                                    f"turn {gave_up[0] + 1}: {gave_up[1]}"},
                              paths=cite, players=n, seconds=seconds, units=units))
        elif path in unknown:
            out.append(result(ruleset, f"gap.{path}", FINDING, SolverVerdict.UNKNOWN, claim,
                              witness=unknown[path], paths=cite, seconds=seconds, units=units))
        else:
            out.append(result(ruleset, f"gap.{path}", FINDING, SolverVerdict.PROVED, claim, paths=cite,
                              seconds=seconds, units=units))
    return out


QUICK_MS = 200  # the first, short try of the exact model at a depth
END_EARLY = True  # end a dry-track search once the rate box rules out all that is left


class _Track:
    """One solver over the exact (integer) model: the deal and the prefix turns (gap-free,
    draws supplied, the round going on). Turn k's query lives in a scope of its own; with
    ``fresh`` each check is asked of a new solver given these assertions (:meth:`_check`)."""

    def __init__(self, rules, n: int, budget: Budget, from_deck: bool = False, fresh: bool = False):
        self.rules, self.n, self.budget, self.from_deck, self.fresh = rules, n, budget, from_deck, fresh
        self.solver = budget.solver("QF_LIA")
        state, cons = _deal(rules, n)
        self.solver.add(*cons)
        self.states: list[TurnPiles] = [state]
        self.prefix: list = []
        self.hints: list = []
        self.lemmas: list = []  # redundant facts of the prefix states, assumed by ask() only

    def query(self, k: int):
        """Open the scope of turn k's query; give the turn."""
        self.solver.push()
        t = turn(self.rules, self.n, self.states[k], k % self.n, f"q{k}")
        self.solver.add(*t.valid)
        return t

    def extend(self, k: int, all_wild_open: bool, lemmas=lambda state: []) -> None:
        """Close the query scope; add turn k as a prefix turn, and keep ``lemmas(state after)``:
        facts every such state satisfies (redundant: they only help the solver prove unsat; the
        witness search goes without them, where they tend to slow it down)."""
        self.solver.pop()
        step = turn(self.rules, self.n, self.states[k], k % self.n, f"t{k}", supplied=True,
                    from_deck=self.from_deck)
        self.solver.add(*step.valid, *prefix_conditions(self.rules, step, all_wild_open))
        self.lemmas += lemmas(step.after)
        self.prefix.append(step)
        self.hints.append(z3.And(_hint(step), *[z3.Not(short) for short in step.shorts]))
        self.states.append(step.after)

    def witness(self, expr, query_hint, ms: int | None = 2 * QUICK_MS) -> tuple | None:
        """A witness along the greedy line (every row card double-matched in colour, and every
        draw of the prefix turns supplied by the deck alone: no reshuffle before the last turn),
        if the solver finds one within a step of nominal ``ms`` (None: the full step):
        ("sat", model). It is still a witness; failing proves nothing."""
        solver, res = self._check(ms, *self.hints, query_hint, expr)
        if res == z3.sat:
            return "sat", solver.model()
        return None

    def may_run_short(self, t, all_wild_open: bool, known=()) -> bool:
        """Whether the query turn ``t``, taken as a prefix turn, can run a draw short: yes on a
        witness (along the greedy line first), no only on unsat (unknown counts as yes).
        ``known``: facts of ``t`` already proved on this track (situations shown not to arise
        in it), asked with the question; they remove no model, and help the solver."""
        short = z3.And(*prefix_conditions(self.rules, t, all_wild_open), z3.Or(t.shorts), *known)
        return bool(self.witness(short, _hint(t))) or self.ask(short)[0] != "unsat"

    def _check(self, ms: int | None, *assumptions) -> tuple:
        """(solver, result) of a check of the track under ``assumptions``, bounded as a step of
        nominal ``ms``: on the track's own solver (incremental), or with ``fresh`` on a new
        solver given the track's assertions and the assumptions as assertions. A one-shot check
        without assumptions lets Z3 simplify the whole unrolled model first (it solves the
        state equations away), which an incremental check does not."""
        solver = self.solver
        if self.fresh:
            solver = z3.Solver()
            solver.add(*self.solver.assertions(), *assumptions)
            assumptions = ()
        self.budget.bound_step(solver, ms)
        return solver, sat(solver, *assumptions)

    def ask(self, expr, timeout_ms: int | None = None) -> tuple:
        """("sat", model) | ("unsat", None) | ("unknown", reason)."""
        started = time.monotonic()
        solver, res = self._check(timeout_ms, expr, *self.lemmas)
        if res == z3.sat:
            return "sat", solver.model()
        if res == z3.unknown:
            return "unknown", unknown_reason(solver, started)
        return "unsat", None


def _hint(t):
    c = t.choices
    return z3.And(c["singles"] == 0, c["doubles"] >= 1, c["double_colour"] == c["doubles"])


def _situations(rules, t, setup) -> dict:
    situations = dict(t.gaps)
    situations.update(t.uncovered)
    if is_unspecified(rules.setup.next_dealer):
        situations["setup.next_dealer"] = t.ended
    if ALL_WILD in setup:
        situations[ALL_WILD] = z3.And(z3.Not(t.ended), _all_wild(t.after))
    return situations


_SEARCHES: dict = {}  # memo of _search: its inputs -> its result


def _searched_rules(rules) -> str:
    """What a search reads of the rules: all but the target, the scoring and the player range,
    and of the all-wild rule only whether it is unspecified."""
    return repr(replace(rules, target=0, scoring=None, players=None,
                        all_wild_row=is_unspecified(rules.all_wild_row)))


def search_keys(ruleset: Ruleset) -> set:
    """The searches :func:`reachable_gaps` makes for ``ruleset`` (one per player count), as
    memo keys: two rulesets with a key in common share that search when verified in one
    process."""
    lo, hi = ruleset.rules.players.min, ruleset.rules.players.max
    return {(_searched_rules(ruleset.for_players(n)), n) for n in range(lo, hi + 1)}


def _search(rules, n: int, budget: Budget, max_turns: int, bound: dict) -> tuple[dict, dict]:
    """:func:`_search_uncached` (and the seconds and units spent per path: none on a memo hit),
    memoised on its inputs: the rules minus those the search never reads (target, scoring, the
    player range) and with the all-wild rule reduced to whether it is unspecified (all the
    search asks of it). Compositions such as an edition with a 500-point
    target, or with any of the all-wild-row options, share the searches."""
    key = (_searched_rules(rules), n, budget, max_turns, tuple(sorted(bound.items())))
    if key in _SEARCHES:
        return dict(_SEARCHES[key]), {}
    if len(_SEARCHES) > 64:
        _SEARCHES.clear()
    spent: dict = {}
    fresh_context()  # the search's answers do not depend on what the process solved before
    _SEARCHES[key] = _search_uncached(rules, n, budget, max_turns, bound, spent)
    return dict(_SEARCHES[key]), spent


def _search_uncached(rules, n: int, budget: Budget, max_turns: int, bound: dict, spent: dict) -> dict:
    """path -> (turns, trace, gave_up) | None (not within the bound) | :class:`_Unknown`; adds to
    ``spent[path]`` the (seconds, resource units) of the queries asked for that path (a query over
    several paths is shared out evenly; building the unrolled model is nobody's).

    Depths are settled in order, so the first witness of a path is its fewest turns unless a
    depth before it stayed unsettled (kept in ``gave_up``). At each depth a path is settled by
    the first of: the rate box of :mod:`.bounds` (unsat there is a proof, never a guess); a
    witness along the greedy line; a short try of the exact unrolled model, with the rate-box
    bounds of the prefix states as redundant assumptions (a witness, or unsat: a proof); the
    turn-by-turn box of :mod:`.bounds`; the exact model with the full step budget; last, the
    greedy line with the full step (a witness or nothing). Unknown from all of them is kept as unknown, never read as "not here". (The short try before the witness
    was measured too: in some runs it spends its whole budget on depths with a witness.)

    The dry track, where the discard pile is reshuffled into an empty deck: a second unrolled
    model whose prefix turns draw from the deck alone (no reshuffle). Its traces are traces of
    the exact model, so a model of its query is a witness. While no prefix turn of it can run a
    draw short (asked once per depth), its query *is* the exact query: the first short draw of
    any trace comes in a turn whose earlier turns all drew from the deck alone, so a trace
    with a short draw before turn k would give a dry-track prefix turn with one. Then every
    try above is asked of the dry track, where the solver does not have to reason about
    reshuffles (a reshuffle's ``If`` terms make the exact query several times harder). Once
    a prefix draw can run short, the exact track is asked. The witness tries along the greedy
    line are the dry track's at every depth: the greedy line never runs a prefix draw short,
    so it is the same query there, in the easier encoding."""
    all_wild_open = is_unspecified(rules.all_wild_row)
    # Without reshuffles each query is asked of a fresh solver (see _Track._check): on the
    # shipped rulesets that cut most searches' CPU by 40-50% with the same findings; with
    # reshuffles (the dry track) it was slower, so those tracks stay incremental
    reshuffle = rules.deck_exhaustion is DeckExhaustion.RESHUFFLE_DISCARD
    exact = _Track(rules, n, budget, fresh=not reshuffle)
    # Where the discard pile is reshuffled into an empty deck, a second track whose prefix turns
    # draw from the deck alone (see _search_uncached's docstring: "the dry track")
    dry = _Track(rules, n, budget, from_deck=True) if reshuffle else None
    dry_clear = dry is not None  # no draw of the prefix turns so far can run short
    prover = BoxProver(rules, n, budget, all_wild_open)
    gave_up: dict = {}  # path -> (depth, reason) of the first depth the solver could not settle
    found: dict = {}
    setup = {p: z3.BoolVal(True) for p in ("setup.first_dealer", "setup.centre_row_extra", "setup.first_player")
             if is_unspecified(rules.get(p))}
    if n >= 3 and is_unspecified(rules.setup.direction):  # two players: either way is the same
        setup["setup.direction"] = z3.BoolVal(True)
    if all_wild_open:
        setup[ALL_WILD] = _all_wild(exact.states[0])

    def trace(model, track: _Track, t, k: int) -> list[str]:
        states, turns = track.states, track.prefix + [t]
        lines = [f"deal: {describe_state(model, states[0])}"]
        for i in range(k):
            after = states[i + 1] if i + 1 < len(states) else turns[i].after
            lines.append(f"turn {i + 1} (player {i % n + 1}): {describe_turn(model, turns[i])}; "
                         f"{describe_state(model, after)}")
        return lines

    def clock() -> tuple:
        return time.perf_counter(), units_spent()

    def charge(paths, since: tuple) -> None:
        """Share the seconds and units since ``since`` (a :func:`clock`) out among ``paths``."""
        if paths:
            seconds, units = time.perf_counter() - since[0], units_spent() - since[1]
            for i, p in enumerate(sorted(paths)):  # the remainder's units in a fixed order (not a set's)
                was = spent.get(p, (0.0, 0))
                spent[p] = (was[0] + seconds / len(paths),
                            was[1] + units // len(paths) + (i < units % len(paths)))

    def settle(path, status, got, turns_taken, track=None, t=None):
        if status == "sat":
            lines = trace(got, track, t, len(track.prefix) + 1) if track else trace(got, exact, None, 0)
            found[path] = (turns_taken, lines, gave_up.get(path))
        elif status == "unknown":  # go deeper: a later witness is still a witness, not a minimum
            gave_up.setdefault(path, (turns_taken, got))
            found.setdefault(path, None)
        else:
            found.setdefault(path, None)

    for path, expr in setup.items():
        since = clock()
        settle(path, *exact.ask(expr), 0)
        charge([path], since)
    if ALL_WILD in setup:
        for track in (exact, dry) if dry else (exact,):
            track.solver.add(z3.Not(setup[ALL_WILD]))
    open_paths: set = set()
    situations_of = lambda q: _situations(rules, q, setup)  # noqa: E731
    ruled_out: dict = {}  # depth -> the paths the rate box proved absent there

    def rate_box_rules_out(j: int, paths: set) -> set:
        """The ``paths`` the rate box proves cannot arise in turn j (each asked once)."""
        done = ruled_out.setdefault(j, set())
        ask = paths - done
        if ask:
            done |= prover.absent(j, situations_of, ask, cheap=True)
        return paths & done

    def turns_at(path, j: int) -> int:
        return j + 1 if path in (ALL_WILD, "setup.next_dealer") else j

    for k in range(max_turns):
        t = exact.query(k)
        situations = _situations(rules, t, setup)
        dt = dry.query(k) if dry else None
        # the track the exact query is asked on: the dry track's query is the same query while
        # no prefix draw can run short (and an easier one to solve); the witness tries along
        # the greedy line (whose prefix draws never run short) are always the dry track's
        main, mt = (dry, dt) if dry_clear else (exact, t)
        wit, wt = (dry, dt) if dry else (exact, t)
        on_main, on_wit = _situations(rules, mt, setup), _situations(rules, wt, setup)
        candidates = {}
        for path in situations:
            if isinstance(found.get(path), tuple) or turns_at(path, k) >= bound.get(path, max_turns + 1):
                continue
            open_paths.add(path)
            candidates[path] = turns_at(path, k)
        # the rate box first (one cheap query per path)
        since, asked = clock(), list(candidates)
        absent_here = set()  # the paths proved not to arise at this depth (by a box, or unsat on main)
        for path in rate_box_rules_out(k, set(candidates)):
            absent_here.add(path)
            found.setdefault(path, None)
            del candidates[path]
        charge(asked, since)
        left = {}
        for path, taken in candidates.items():
            since = clock()
            got = wit.witness(on_wit[path], _hint(wt))
            got, track, on = (got, wit, wt) if got else (main.ask(on_main[path], QUICK_MS), main, mt)
            if got[0] == "unknown":
                left[path] = taken
            else:
                if got[0] == "unsat":
                    absent_here.add(path)
                settle(path, *got, taken, track, on)
            charge([path], since)
        # then the turn-by-turn box, and the exact model with the full budget
        since = clock()
        proved = prover.absent(k, situations_of, set(left), cheap=False) if left else set()
        charge(list(left), since)
        for path, taken in left.items():
            if path in proved:
                absent_here.add(path)
                found.setdefault(path, None)
            else:
                since = clock()
                got, track, on = main.ask(on_main[path]), main, mt
                if got[0] == "unknown":  # the last try: the greedy line with the full step
                    last = wit.witness(on_wit[path], _hint(wt), None)
                    got, track, on = (last, wit, wt) if last else (got, main, mt)
                elif got[0] == "unsat":
                    absent_here.add(path)
                settle(path, *got, taken, track, on)
                charge([path], since)
        if all(isinstance(found.get(p), tuple) or bound.get(p, max_turns + 1) <= k + 1
               for p in open_paths | set(situations)):
            break
        if dry_clear and k >= n - 1 and END_EARLY:
            # Before the dry track's question below: is anything left that a track must be
            # asked? Not when the rate box rules out every path still open at every deeper
            # depth (it is the first try there anyway); then the search ends here with the
            # same answers. Asked once every seat's turn has been built, so that the look-ahead
            # adds no new kind of term to the solvers (Z3's choices, and with them the answers
            # of queries that need their whole step, follow the order terms are made in).
            since = clock()
            later = {j: {p for p in open_paths | set(situations) if not isinstance(found.get(p), tuple)
                         and turns_at(p, j) < bound.get(p, max_turns + 1)} for j in range(k + 1, max_turns)}
            done = all(rate_box_rules_out(j, paths) == paths for j, paths in later.items())
            charge(sorted(set().union(*later.values())), since)
            if done:
                for path in set().union(*later.values()):
                    found.setdefault(path, None)
                break
        if dry_clear:  # can a draw of this turn run short, as a prefix turn? Then the dry track
            # stops standing for the exact one from the next depth on
            since = clock()
            # with the situations this depth proved absent as facts (main is the dry track here,
            # and a box's proof holds on every track), such as "the others draw more than the
            # deck holds" (sound, and cheaper on average: docs/verify.md, eighth pass)
            known = [z3.Not(on_main[p]) for p in sorted(absent_here)]
            dry_clear = not dry.may_run_short(dt, all_wild_open, known)
            charge([p for p in open_paths if not isinstance(found.get(p), tuple)], since)
        # The rate box at turn k+1 bounds every state that starts turn k+1 of a trace whose
        # first k+1 turns are prefix turns (:func:`.bounds.rate_box`): the states the exact
        # track's prefix describes (and the dry track's, a part of them). Adding its bounds
        # removes no trace of either track, so a
        # witness stays a witness and unsat stays a proof; they only prune the search.
        for track in (exact, dry) if dry else (exact,):
            track.extend(k, all_wild_open, prover.rates(k + 1).holds)
    for path, (depth, reason) in gave_up.items():
        if found.get(path) is None:
            found[path] = _Unknown(f"turn {depth + 1}: {reason}")
            found[path].gave_up = (depth, reason)
    return found


class _Unknown(str):
    """A search's unknown for a path: the reason as text, and ``gave_up`` (turns, reason)."""

    gave_up: tuple
