"""``dosrules verify RULESET [--json]`` and ``dosrules verify A --against B``.

z3 is imported only when the command runs, so other commands start fast.
"""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from contextlib import contextmanager

from ..errors import UsageError
from .common import add_rulesets_option, check_jobs, check_range, known_valid, load, ruleset_dirs

MAX_TURNS = 30  # --turns: the gap search unrolls one solver model per turn
MAX_TIMEOUT_MS = 600_000  # --timeout: ten minutes for one solver call
DEFAULT_TIME_LIMIT = 600.0  # --time-limit: the whole run, seconds
MAX_TIME_LIMIT = 86_400.0


def register(sub) -> None:
    p = sub.add_parser("verify", help="prove invariants, find rule gaps, compare two rulesets (Z3)",
                       description="Run every verifier check on one or more rulesets, or print where "
                                   "two rulesets part ways. Exit 0: no invariant violated (reachable "
                                   "gaps are findings); 1: an invariant is violated; 3: a check is "
                                   "unknown (the worst over all rulesets).")
    p.add_argument("ruleset", nargs="+", help="ruleset ids, compositions (a+b) or paths")
    p.add_argument("--against", metavar="B", help="print divergence witnesses between RULESET and B")
    p.add_argument("--json", action="store_true",
                   help="print the results as JSON (a list when several rulesets are given)")
    p.add_argument("--jobs", type=int, default=1, metavar="J",
                   help="worker processes for several rulesets (default 1); rulesets that share "
                        "work (a composition that changes no rule a gap search or a rules-level check "
                        "reads) share one worker, so that work is done once; the reports are the same "
                        "whatever J is")
    p.add_argument("--turns", type=int, default=None, metavar="N",
                   help=f"bound of the reachable-gap search, in turns (default 8, at most {MAX_TURNS})")
    p.add_argument("--timeout", type=int, default=None, metavar="MS",
                   help="time limit of each solver call in milliseconds (default 5000, at most "
                        f"{MAX_TIMEOUT_MS})")
    p.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, metavar="S",
                   help=f"time limit of the whole run in seconds (default {DEFAULT_TIME_LIMIT:.0f}): "
                        "checks still open then end unknown, and the report says so")
    p.add_argument("--verbose", "-v", action="store_true",
                   help="add each check's time, the time of each stage, the slowest checks, and the "
                        "solver's work in Z3 resource units (the same on any machine)")
    p.add_argument("--no-cache", action="store_true",
                   help="prove afresh instead of reading reports kept in the results store "
                        "(the fresh reports are stored as usual)")
    p.add_argument("--db", metavar="FILE",
                   help="SQLite results store that keeps verifier reports by ruleset content hash and "
                        "verifier version (default $XDG_CACHE_HOME/dosrules/results.sqlite, as compare)")
    add_rulesets_option(p)
    p.set_defaults(handler=_handle)


def _handle(args) -> int:
    from .. import verify as v  # z3 loads here

    check_range("--turns", args.turns, 1, MAX_TURNS,
                "Each turn adds a solver model; the default 8 finds every gap of the shipped rulesets.")
    check_range("--timeout", args.timeout, 1, MAX_TIMEOUT_MS, "Give milliseconds, e.g. --timeout 5000.")
    check_jobs(args.jobs)
    if not 0 < args.time_limit <= MAX_TIME_LIMIT:  # not: NaN fails too
        raise UsageError(f"--time-limit must be more than 0 and at most {MAX_TIME_LIMIT:.0f} seconds, "
                         f"not {args.time_limit}", fix="Give seconds, e.g. --time-limit 600.")
    budget = v.Budget(timeout_ms=args.timeout) if args.timeout else v.Budget()
    with v.interruptible():  # Ctrl-C stops the run cleanly, also inside a solver call
        return _run(args, v, budget)


def _run(args, v, budget) -> int:
    if args.against:
        if len(args.ruleset) != 1:
            raise UsageError("--against compares one ruleset with another",
                             fix="Give one RULESET with --against B.")
        ruleset, other = load(args.ruleset[0], args), load(args.against, args)
        with v.time_limit(args.time_limit):
            report = v.divergences(ruleset, other, budget, name_a=args.ruleset[0], name_b=args.against)
        if args.json:
            print(json.dumps(_divergence_json(report), indent=2, ensure_ascii=False))
        else:
            print(format_divergences(report))
        return v.EXIT_UNKNOWN if report.unknown else v.EXIT_OK
    from ..comparison import verify_reports as cache
    from ..verify.reach import MAX_TURNS as DEFAULT_TURNS

    options = {"max_turns": args.turns} if args.turns is not None else {}
    turns = args.turns if args.turns is not None else DEFAULT_TURNS
    with _store(args) as store:
        with known_valid(store):
            rulesets = [load(spec, args) for spec in args.ruleset]  # every input checked before any solving
        stored = {} if store is None or args.no_cache else cache.lookup(store, rulesets, budget, turns)
        todo = [i for i in range(len(rulesets)) if i not in stored]
        with _progress(args, [args.ruleset[i] for i in todo]) as done:
            fresh = _verify_all([rulesets[i] for i in todo], [args.ruleset[i] for i in todo],
                                [str(d) for d in ruleset_dirs(args)], budget, options, args.jobs,
                                args.time_limit, done) if todo else []
        for i, report in zip(todo, fresh):
            stored[i] = report
            if store is not None:
                cache.keep(store, rulesets[i], report, budget, turns)
    reports = [stored[i] for i in range(len(rulesets))]
    if args.json:
        out = [r.as_json() for r in reports]
        print(json.dumps(out[0] if len(out) == 1 else out, indent=2, ensure_ascii=False))
    else:
        print("\n\n".join(format_report(r, verbose=args.verbose, busy=cache.busy_unknowns(r) if r.cached else [])
                            for r in reports))
    codes = {r.exit_code for r in reports}
    return v.EXIT_VIOLATED if v.EXIT_VIOLATED in codes else max(codes)


class _NoStore:
    def __enter__(self):
        return None

    def __exit__(self, *exc) -> None:
        pass


def _store(args):
    """The results store (a context manager; None inside when the default store cannot be
    opened: the run goes on uncached, with a note). A --db that cannot be used is an error."""
    from ..comparison.store import ResultStore, default_db_path
    from ..errors import DosrulesError

    if args.db:
        return ResultStore(args.db)
    path = default_db_path()
    try:
        return ResultStore(path, label=f"the results store {path} (from $XDG_CACHE_HOME, or ~/.cache)")
    except DosrulesError as err:
        print(f"note: verifying without the results store: {err}", file=sys.stderr)
        return _NoStore()


@contextmanager
def _progress(args, specs):
    """A callback ``done(i)`` for the i-th of ``specs`` verified: a bar on a terminal's stderr
    (none with --json, none when stderr is not a terminal: the output stays as it was)."""
    if args.json or not specs or not sys.stderr.isatty():
        yield lambda i: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from .terminal import raw_stderr

    with Progress(TextColumn("verifying"), BarColumn(), MofNCompleteColumn(), TextColumn("rulesets"),
                  TimeElapsedColumn(), TextColumn("{task.description}"), transient=True,
                  console=Console(file=raw_stderr())) as bar:
        task = bar.add_task("", total=len(specs))
        yield lambda i: bar.update(task, advance=1, description=f"{specs[i]} done")


def _verify_specs(specs, search_dirs, budget, options, time_limit):
    """Worker side: load and verify rulesets by spec (a Ruleset does not pickle)."""
    from .. import verify as v
    from ..ruleset.loader import load_ruleset
    from ..verify.solving import time_limit as limit

    __import__("z3").set_param("ctrl_c", False)  # Ctrl-C is the parent's: it stops the pool
    with limit(time_limit):
        return [v.verify(load_ruleset(s, search_dirs), budget, **options) for s in specs]


def _verify_all(rulesets, specs, search_dirs, budget, options, jobs: int, time_limit: float,
                done=lambda i: None):
    """Reports in the order given, all within ``time_limit`` seconds; ``done(i)`` as the i-th is
    ready. With several jobs, each worker takes the next group of rulesets as it comes free:
    rulesets that share work the verifier memoises (on the rules it reads) are one group, every
    other ruleset is a group of its own, so the work spreads over the workers."""
    from .. import verify as v
    from ..verify.solving import time_limit as limit

    if jobs == 1 or len(rulesets) == 1:
        out = []
        with limit(time_limit):
            for i, r in enumerate(rulesets):
                out.append(v.verify(r, budget, **options))
                done(i)
        return out
    from concurrent.futures import FIRST_COMPLETED, wait

    from ..play.workers import process_pool, stop_pool

    order = _sharing_groups(rulesets)
    reports = [None] * len(rulesets)
    pool = process_pool(min(jobs, len(order)))
    try:
        futures = [(idx, pool.submit(_verify_specs, [specs[i] for i in idx], search_dirs, budget, options,
                                     time_limit)) for idx in order]
        while futures:
            # wait in short steps: Ctrl-C only sets a flag (v.interruptible)
            wait([f for _, f in futures], timeout=0.2, return_when=FIRST_COMPLETED)
            v.stop_if_signalled()
            for idx, future in [p for p in futures if p[1].done()]:
                futures.remove((idx, future))
                for i, report in zip(idx, future.result()):
                    reports[i] = report
                    done(i)
    except BaseException:
        stop_pool(pool)  # Ctrl-C, SIGTERM or an error: no worker outlives the run
        raise
    pool.shutdown()
    return reports


def _sharing_groups(rulesets) -> list[list[int]]:
    """Indices of ``rulesets`` in groups that share work the verifier memoises (a gap search, a
    rules-level check), the largest groups first: a report is then the same whichever worker
    makes it."""
    from ..verify.run import shared_work

    keys = [shared_work(r) for r in rulesets]
    groups: list[list[int]] = []
    for i in range(len(rulesets)):
        joined = [g for g in groups if any(keys[i] & keys[j] for j in g)]
        groups = [g for g in groups if g not in joined] + [sorted([i, *(j for g in joined for j in g)])]
    return sorted(groups, key=len, reverse=True)


def short_citation(line: str) -> str:
    """``refill.mode: stated, 000 §6. Ending ... "quote"`` -> ``refill.mode 000§6``."""
    path, _, rest = line.partition(": ")
    status, _, where = rest.partition(", ")
    if not where:
        return f"{path} ({status})"
    source, _, section = where.partition(" §")
    number = section.split(".")[0].split(" ")[0]
    mark = "" if status == "stated" else f" {status}"
    return f"{path} {source}§{number}{mark}"


def format_report(report, verbose: bool = False, busy: list[str] = ()) -> str:
    """The results as a table: check, result, witness, citations (short form; --json has all);
    ``verbose`` adds each check's seconds, the stages' and the slowest checks; ``busy`` names the
    checks of a kept report that were unknown for lack of wall-clock time."""
    width = max(110, shutil.get_terminal_size((140, 20)).columns)
    names = [r.check + (f" [{r.players}p]" if r.players else "") for r in report.results]
    check_w = max([len(n) for n in names] + [5]) + 2
    cite_w = 34
    time_w = 8 if verbose else 0
    wit_w = max(30, width - check_w - 15 - time_w - cite_w - 2)
    when = (f"stored {report.cached}, proved in {report.seconds:.2f} s" if report.cached
            else f"{report.seconds:.2f} s")
    lines = [f"{report.ruleset}  {report.content_hash[:19]}  ({when})", "",
             f"{'CHECK':<{check_w}}{'RESULT':<15}{'TIME'.rjust(time_w - 2) + '  ' if verbose else ''}"
             f"{'WITNESS':<{wit_w}}  CITES"]
    for name, r in zip(names, report.results):
        witness = r.witness or ("" if r.verdict.value == "proved" else "-")
        wit = textwrap.wrap(witness, wit_w) or [""]
        cites = textwrap.wrap(", ".join(short_citation(c) for c in r.citations), cite_w) or [""]
        for i in range(max(len(wit), len(cites))):
            left = f"{name if i == 0 else '':<{check_w}}{r.verdict.value if i == 0 else '':<15}"
            if verbose:
                left += f"{f'{r.seconds:.2f}s' if i == 0 else '':>{time_w - 2}}  "
            lines.append(f"{left}{wit[i] if i < len(wit) else '':<{wit_w}}  {cites[i] if i < len(cites) else ''}".rstrip())
    violated = [r.check for r in report.results if r.violated]
    unknown = [r.check for r in report.results if r.verdict.value == "unknown"]
    findings = [r.check for r in report.results if r.kind == "finding" and r.verdict.value == "counterexample"]
    lines += ["", f"{len(report.results)} checks: {len(violated)} invariants violated"
              f"{' (' + ', '.join(violated) + ')' if violated else ''}, {len(unknown)} unknown, "
              f"{len(findings)} findings"]
    if report.stopped:
        lines.append(f"Stopped early: {report.stopped} (--time-limit); the checks still open then are unknown.")
    if busy:
        lines.append(f"Read from the results store: {', '.join(busy)} ran out of wall-clock time when proved "
                     "(a busy machine); --no-cache proves them afresh.")
    if verbose:
        lines.append("Stages: " + ", ".join(f"{k} {s:.2f} s" for k, s in report.stages.items())
                     + " (a stage's shared work, such as the gap search's unrolled model, is in no check's time)")
        slow = sorted(zip(names, report.results), key=lambda p: -p[1].seconds)[:5]
        lines.append("Slowest: " + ", ".join(f"{n} {r.seconds:.2f} s" for n, r in slow))
        if report.units:
            from ..verify.solving import DEFAULT_BUDGET, RLIMIT_PER_MS

            step = DEFAULT_BUDGET.step_timeout_ms * RLIMIT_PER_MS
            lines.append(f"Solver work: {_mega(sum(report.units.values()))} resource units ("
                         + ", ".join(f"{k} {_mega(u)}" for k, u in report.units.items() if u)
                         + "): Z3's count of its work, the same on any machine and under any load "
                         f"(a search step's budget is {_mega(step)})")
        if report.cached:
            lines.append("(read from the results store; --no-cache proves afresh)")
    return "\n".join(lines)


def _mega(units: int) -> str:
    return f"{units / 1e6:,.1f} M"


def format_divergences(report) -> str:
    lines = [f"{report.a} vs {report.b}", ""]
    if not report.differing_paths:
        return "\n".join(lines + ["The two rulesets have the same rules: no divergence."])
    lines.append("Rules that differ:")
    lines += [f"  {p}: {a!r} vs {b!r}" for p, a, b in report.differing_paths]
    for w in report.witnesses:
        lines += ["", f"Divergence ({w.question}; {', '.join(w.rule_paths)}), {w.players} players:",
                  f"  position: {w.position}"]
        if w.only_a:
            lines.append(f"  legal under {report.a} only: {', '.join(w.only_a)}")
        if w.only_b:
            lines.append(f"  legal under {report.b} only: {', '.join(w.only_b)}")
        if w.outcome_a is not None or w.outcome_b is not None:
            what = f" of '{w.action}'" if w.action else ""
            lines.append(f"  outcome{what}: {report.a}: {w.outcome_a}; {report.b}: {w.outcome_b}")
        lines += ["", textwrap.indent(w.case, "    ")]
    if report.not_found:
        lines.append(f"No position of up to {report.max_size} cards separates them on: {', '.join(report.not_found)}.")
    if report.not_asked:
        lines.append(f"Not position-level (no differing rule is read there): {', '.join(report.not_asked)}.")
    for q, reason in report.unknown:
        lines.append(f"Unknown for {q}: the solver gave up ({reason}).")
    return "\n".join(lines)


def _divergence_json(report) -> dict:
    return {"a": report.a, "b": report.b,
            "differing": [{"path": p, "a": a, "b": b} for p, a, b in report.differing_paths],
            "witnesses": [w.as_json() for w in report.witnesses], "not_found": report.not_found,
            "not_asked": report.not_asked, "unknown": [{"question": q, "reason": r} for q, r in report.unknown],
            "max_size": report.max_size}
