"""``dosrules verify RULESET [--json]`` and ``dosrules verify A --against B``.

z3 is imported only when the command runs, so other commands start fast.
"""

from __future__ import annotations

import json
import shutil
import textwrap

from ..errors import UsageError
from .common import add_rulesets_option, load, ruleset_dirs


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
                   help="worker processes for several rulesets (default 1); rulesets on the same "
                        "base share one worker, so results depending only on common rules are reused")
    p.add_argument("--turns", type=int, default=None, metavar="N",
                   help="bound of the reachable-gap search, in turns (default 8)")
    p.add_argument("--timeout", type=int, default=None, metavar="MS",
                   help="time limit of each solver call in milliseconds (default 5000)")
    add_rulesets_option(p)
    p.set_defaults(handler=_handle)


def _handle(args) -> int:
    from .. import verify as v  # z3 loads here

    if args.turns is not None and args.turns < 0:
        raise UsageError(f"--turns {args.turns} is negative", fix="Give a number of turns, e.g. --turns 8.")
    if args.timeout is not None and args.timeout <= 0:
        raise UsageError(f"--timeout {args.timeout} is not positive", fix="Give milliseconds, e.g. --timeout 5000.")
    if args.jobs < 1:
        raise UsageError(f"--jobs {args.jobs} is not positive", fix="Give a number of processes, e.g. --jobs 2.")
    budget = v.Budget(timeout_ms=args.timeout) if args.timeout else v.Budget()
    if args.against:
        if len(args.ruleset) != 1:
            raise UsageError("--against compares one ruleset with another",
                             fix="Give one RULESET with --against B.")
        ruleset, other = load(args.ruleset[0], args), load(args.against, args)
        report = v.divergences(ruleset, other, budget, name_a=args.ruleset[0], name_b=args.against)
        if args.json:
            print(json.dumps(_divergence_json(report), indent=2, ensure_ascii=False))
        else:
            print(format_divergences(report))
        return v.EXIT_UNKNOWN if report.unknown else v.EXIT_OK
    rulesets = [load(spec, args) for spec in args.ruleset]  # every input checked before any solving
    options = {"max_turns": args.turns} if args.turns is not None else {}
    reports = _verify_all(rulesets, args.ruleset, [str(d) for d in ruleset_dirs(args)],
                          budget, options, args.jobs)
    if args.json:
        out = [r.as_json() for r in reports]
        print(json.dumps(out[0] if len(out) == 1 else out, indent=2, ensure_ascii=False))
    else:
        print("\n\n".join(format_report(r) for r in reports))
    codes = {r.exit_code for r in reports}
    return v.EXIT_VIOLATED if v.EXIT_VIOLATED in codes else max(codes)


def _verify_specs(specs, search_dirs, budget, options):
    """Worker side: load and verify rulesets by spec (a Ruleset does not pickle)."""
    from .. import verify as v
    from ..ruleset.loader import load_ruleset

    return [v.verify(load_ruleset(s, search_dirs), budget, **options) for s in specs]


def _verify_all(rulesets, specs, search_dirs, budget, options, jobs: int):
    """Reports in the order given. With several jobs, the rulesets resolved from the same base
    file run in one worker process (the verifier memoises results on the rules they read)."""
    from .. import verify as v

    if jobs == 1 or len(rulesets) == 1:
        return [v.verify(r, budget, **options) for r in rulesets]
    from concurrent.futures import ProcessPoolExecutor

    groups: dict[str, list[int]] = {}
    for i, r in enumerate(rulesets):
        groups.setdefault(r.files[0] if r.files else r.id, []).append(i)
    order = sorted(groups.values(), key=len, reverse=True)
    reports = [None] * len(rulesets)
    with ProcessPoolExecutor(max_workers=min(jobs, len(order))) as pool:
        futures = [(idx, pool.submit(_verify_specs, [specs[i] for i in idx], search_dirs, budget, options))
                   for idx in order]
        for idx, future in futures:
            for i, report in zip(idx, future.result()):
                reports[i] = report
    return reports


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


def format_report(report) -> str:
    """The results as a table: check, result, witness, citations (short form; --json has all)."""
    width = max(110, shutil.get_terminal_size((140, 20)).columns)
    names = [r.check + (f" [{r.players}p]" if r.players else "") for r in report.results]
    check_w = max([len(n) for n in names] + [5]) + 2
    cite_w = 34
    wit_w = max(30, width - check_w - 15 - cite_w - 2)
    lines = [f"{report.ruleset}  {report.content_hash[:19]}  ({report.seconds:.2f} s)", "",
             f"{'CHECK':<{check_w}}{'RESULT':<15}{'WITNESS':<{wit_w}}  CITES"]
    for name, r in zip(names, report.results):
        witness = r.witness or ("" if r.verdict.value == "proved" else "-")
        wit = textwrap.wrap(witness, wit_w) or [""]
        cites = textwrap.wrap(", ".join(short_citation(c) for c in r.citations), cite_w) or [""]
        for i in range(max(len(wit), len(cites))):
            left = f"{name if i == 0 else '':<{check_w}}{r.verdict.value if i == 0 else '':<15}"
            lines.append(f"{left}{wit[i] if i < len(wit) else '':<{wit_w}}  {cites[i] if i < len(cites) else ''}".rstrip())
    violated = [r.check for r in report.results if r.violated]
    unknown = [r.check for r in report.results if r.verdict.value == "unknown"]
    findings = [r.check for r in report.results if r.kind == "finding" and r.verdict.value == "counterexample"]
    lines += ["", f"{len(report.results)} checks: {len(violated)} invariants violated"
              f"{' (' + ', '.join(violated) + ')' if violated else ''}, {len(unknown)} unknown, "
              f"{len(findings)} findings"]
    return "\n".join(lines)


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
