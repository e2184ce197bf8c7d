"""Benchmark: the queries of one reachable-gap search, one at a time, and one hard query under
other encodings.

    python benchmarks/verify_queries.py trace RULESET PLAYERS [--turns N]
    python benchmarks/verify_queries.py encodings RULESET PLAYERS DEPTH PATH
                                        [--encoding NAME ...] [--timeout S]

`trace` runs the gap search of RULESET at PLAYERS players (as `dosrules verify` does, with
the default budget) and prints every solver query it asks: the depth, the stage (the rate
box, the witness along the greedy line, the short and the full try of the exact model, the
turn-by-turn box), the answer, its seconds and the Z3 resource units it used (the step budget
is 40 M), then each situation's outcome.

`encodings` builds the exact query the search asks at DEPTH (0-based: turn DEPTH+1) for the
situation PATH (e.g. `bonuses.others_draw_timing`, `deck_exhaustion`) and asks it of one
solver per encoding, without the step budget (a wall-clock timeout only):

- `incremental`: the search's own QF_LIA solver, the prefix asserted, the query assumed;
- `lemmas`: the same with the rate-box bounds of the prefix states assumed (as the search does);
- `default`: Z3's default solver, everything asserted;
- `preprocess`: simplify, propagate-values, solve-eqs, elim-uncnstr, smt (not incremental);
- `card`: simplify, propagate-values, solve-eqs, lia2card, simplify, smt;
- `supplied`: `incremental` with every draw of the prefix turns supplied by the deck alone
  (sound only where no short draw is reachable before DEPTH; printed for the figures).

docs/verify.md has the figures these gave.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import z3  # noqa: E402

from dosrules import load_ruleset  # noqa: E402
from dosrules.ruleset.model import is_unspecified  # noqa: E402
from dosrules.verify import bounds, reach  # noqa: E402
from dosrules.verify.solving import DEFAULT_BUDGET, sat, units_spent  # noqa: E402

ENCODINGS = ("incremental", "lemmas", "default", "preprocess", "card", "supplied")


def units(solver) -> int:
    """Z3's resource units spent so far in ``solver``'s context (Z3 counts them per context, so
    two readings of one solver also count the work of the other solvers asked in between)."""
    stats = solver.statistics()
    return int(stats.get_key_value("rlimit count")) if "rlimit count" in stats.keys() else 0


def trace(spec: str, players: int, turns: int) -> None:
    stage = ["setup"]

    def traced(solver, *assumptions):
        before, begun = units_spent(), time.perf_counter()
        answer = sat(solver, *assumptions)
        print(f"  {stage[0]:<44} {str(answer):<8} {time.perf_counter() - begun:6.2f} s "
              f"{(units_spent() - before) / 1e6:7.1f} M units", flush=True)
        return answer

    track, prover = reach._Track, bounds.BoxProver
    originals = (reach.sat, bounds.sat, track.query, track.witness, track.ask, prover.absent)

    def query(self, k):
        print(f"turn {k + 1} (depth {k})", flush=True)
        return originals[2](self, k)

    def witness(self, expr, hint, *ms):
        stage[0] = "witness along the greedy line" + (", full step" if ms and ms[0] is None else "")
        return originals[3](self, expr, hint, *ms)

    def ask(self, expr, timeout_ms=None):
        stage[0] = "exact model, " + ("short try" if timeout_ms else "full step")
        return originals[4](self, expr, timeout_ms)

    def absent(self, k, situations, paths, cheap=False):
        stage[0] = f"{'rate box' if cheap else 'turn-by-turn box'} ({len(paths)} situations)"
        return originals[5](self, k, situations, paths, cheap)

    reach.sat = bounds.sat = traced
    track.query, track.witness, track.ask, prover.absent = query, witness, ask, absent
    try:
        rules = load_ruleset(spec).for_players(players)
        begun = time.perf_counter()
        found = reach._search_uncached(rules, players, DEFAULT_BUDGET, turns, {}, {})
    finally:
        reach.sat, bounds.sat = originals[0], originals[1]
        track.query, track.witness, track.ask, prover.absent = originals[2:]
    print(f"search: {time.perf_counter() - begun:.2f} s")
    for path, got in sorted(found.items()):
        what = (f"witness after {got[0]} turns" if isinstance(got, tuple)
                else "not within the bound" if got is None else f"unknown ({got})")
        print(f"  {path}: {what}")


def exact_query(spec: str, players: int, depth: int, path: str):
    """(the prefix assertions, the query's turn, the situation's condition, the rate-box lemmas,
    the prefix turns) of the search's exact query at ``depth``."""
    rules = load_ruleset(spec).for_players(players)
    all_wild_open = is_unspecified(rules.all_wild_row)
    track = reach._Track(rules, players, DEFAULT_BUDGET)
    prover = bounds.BoxProver(rules, players, DEFAULT_BUDGET, all_wild_open)
    if all_wild_open:
        track.solver.add(z3.Not(reach.row_all_wild(track.states[0])))
    for k in range(depth):
        track.query(k)
        track.extend(k, all_wild_open, prover.rates(k + 1).holds)
    t = reach.turn(rules, players, track.states[depth], depth % players, f"q{depth}")
    situations = reach._situations(rules, t, {})
    if path not in situations:
        raise SystemExit(f"no situation {path!r} at that depth; there are: {', '.join(sorted(situations))}")
    return list(track.solver.assertions()), t, situations[path], track.lemmas, track.prefix


def encodings(spec: str, players: int, depth: int, path: str, names: list[str], timeout_s: float) -> None:
    prefix, t, expr, lemmas, steps = exact_query(spec, players, depth, path)
    tactics = {
        "preprocess": ("simplify", "propagate-values", "solve-eqs", "elim-uncnstr", "smt"),
        "card": ("simplify", "propagate-values", "solve-eqs", "lia2card", "simplify", "smt"),
    }
    for name in names:
        assumptions = [expr]
        if name in tactics:
            solver = z3.Then(*tactics[name]).solver()
            solver.add(*prefix, *t.valid, expr)
            assumptions = []
        else:
            solver = z3.Solver() if name == "default" else z3.SolverFor("QF_LIA")
            solver.add(*prefix, *t.valid)
            if name == "lemmas":
                assumptions += lemmas
            elif name == "supplied":
                solver.add(*[z3.Not(short) for step in steps for short in step.shorts])
            elif name == "default":
                solver.add(expr)
                assumptions = []
        solver.set("timeout", int(timeout_s * 1000))
        begun = time.perf_counter()
        answer = solver.check(*assumptions)
        print(f"{name:<12} {str(answer):<8} {time.perf_counter() - begun:7.2f} s {units(solver) / 1e6:8.1f} M units",
              flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="what", required=True)
    a = sub.add_parser("trace")
    a.add_argument("ruleset")
    a.add_argument("players", type=int)
    a.add_argument("--turns", type=int, default=reach.MAX_TURNS)
    b = sub.add_parser("encodings")
    b.add_argument("ruleset")
    b.add_argument("players", type=int)
    b.add_argument("depth", type=int)
    b.add_argument("path")
    b.add_argument("--encoding", action="append", choices=ENCODINGS)
    b.add_argument("--timeout", type=float, default=60.0, help="seconds per encoding (default 60)")
    args = p.parse_args()
    if args.what == "trace":
        trace(args.ruleset, args.players, args.turns)
    else:
        encodings(args.ruleset, args.players, args.depth, args.path, args.encoding or list(ENCODINGS), args.timeout)


if __name__ == "__main__":
    main()
