"""Benchmark: `dosrules verify` over every shipped edition and each edition with each house rule.

Run from the checkout: python benchmarks/verify_shipped.py [--cold] [--jobs N]. Prints one line
per ruleset (wall and CPU seconds of its `verify`) and the totals: the wall time of the whole
run, and the CPU time of every process. The gap search and the rules-level checks are memoised
within a process on the rules they read (compositions that differ only in target, scoring or
the all-wild option share them); --cold clears the memos before each ruleset, as if each were
verified in a process of its own. With --jobs N (default: 2, or 1 on a one-core machine) the
rulesets are verified in N worker processes, each edition's family split in two tasks so the
rulesets that share memo entries run in the same process; --jobs 1 runs them in this process.
"""
import os, sys, time
sys.path.insert(0, '.')

from dosrules.ruleset.loader import shipped_rulesets  # noqa: E402

EDITIONS = [r.id for r in shipped_rulesets() if r.kind == "edition"]
HOUSE = [r.id for r in shipped_rulesets() if r.kind == "house"]
SPECS = EDITIONS + [f"{e}+{h}" for e in EDITIONS for h in HOUSE]


def _tasks() -> list[list[str]]:
    """Each edition in two tasks: the all-wild-row family (they share their memo entries) and
    the rest (the edition, target-500 sharing its entries, reshuffle, two-player)."""
    out = []
    for e in EDITIONS:
        wild = [f"{e}+{h}" for h in HOUSE if h.startswith("all-wild-row")]
        out += [[e] + [f"{e}+{h}" for h in HOUSE if not h.startswith("all-wild-row")], wild]
    return out


def run(specs: list[str], cold: bool = False) -> list[tuple]:
    from dosrules import load_ruleset
    from dosrules.verify import verify, bounds, reach, run as runmod
    out = []
    for spec in specs:
        if cold:
            reach._SEARCHES.clear()
            bounds._BOXES.clear()
            runmod._CHECKS.clear()
        try:
            rs = load_ruleset(spec)
        except Exception as e:
            out.append((spec, f"load error: {str(e)[:100]}", 0.0)); continue
        cpu = time.process_time()
        rep = verify(rs)
        cpu = time.process_time() - cpu
        gaps = [f"{r.check[4:]}={r.data.get('turns')}" for r in rep.results if r.check.startswith("gap.") and r.verdict.value == "counterexample"]
        bad = [r.check for r in rep.results if r.violated]
        unk = [r.check for r in rep.results if r.verdict.value == "unknown"]
        out.append((spec, f"{rep.seconds:6.2f}s wall {cpu:6.2f}s cpu  exit {rep.exit_code}  violated={bad} unknown={unk} gaps={gaps}", cpu))
    return out


def _task(args):
    specs, cold = args
    t = time.process_time()
    return run(specs, cold), time.process_time() - t


def main() -> None:
    cold = "--cold" in sys.argv
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else min(2, os.cpu_count() or 1)
    start, start_cpu = time.perf_counter(), time.process_time()
    lines, worker_cpu = {}, 0.0
    if jobs <= 1:
        for spec, text, _ in run(SPECS, cold):
            lines[spec] = text
    else:
        import multiprocessing as mp
        tasks = sorted(_tasks(), key=len, reverse=True)
        with mp.get_context("fork").Pool(jobs) as pool:
            for got, cpu in pool.imap_unordered(_task, [(t, cold) for t in tasks]):
                worker_cpu += cpu
                lines.update({spec: text for spec, text, _ in got})
    for spec in SPECS:
        print(f"{spec:36} {lines[spec]}")
    cpu = time.process_time() - start_cpu + worker_cpu
    print(f"TOTAL {time.perf_counter() - start:.1f}s wall, {cpu:.1f}s cpu over {len(SPECS)} rulesets"
          + f" ({jobs} process{'es' if jobs > 1 else ''})" + (" (cold: memo cleared per ruleset)" if cold else ""))


if __name__ == "__main__":
    main()
