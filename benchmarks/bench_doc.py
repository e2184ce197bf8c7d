"""Benchmark: `dosrules doc` of every shipped edition in every rulebook language.

Run from the checkout: python benchmarks/bench_doc.py [--runs N] [--format md|html]. For each
edition and language it runs the command as a user does (`python -m dosrules doc EDITION --lang
LANG --cite`, a fresh process each time) N times (default 3) and prints the median, minimum and
maximum wall seconds; then the in-process render time of the same document (the ruleset loaded
once), which is what the templates themselves cost. The goal of issue 27 is under 2 s wall each.
"""
import statistics
import subprocess
import sys
import time

sys.path.insert(0, '.')

from dosrules import load_ruleset  # noqa: E402
from dosrules.rulebook import languages, render_rulebook  # noqa: E402
from dosrules.ruleset.loader import shipped_rulesets  # noqa: E402


def wall(cmd: list[str], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        out.append(time.perf_counter() - start)
    return out


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 3
    fmt = argv[argv.index("--format") + 1] if "--format" in argv else "md"
    editions = [r.id for r in shipped_rulesets() if r.kind == "edition"]
    print(f"{'edition':<14} {'lang':<4} {'wall median':>11} {'min':>6} {'max':>6} {'render':>8}")
    worst = 0.0
    for edition in editions:
        ruleset = load_ruleset(edition)
        for lang in languages():
            times = wall([sys.executable, "-m", "dosrules", "doc", edition, "--lang", lang, "--cite",
                          "--format", fmt], runs)
            start = time.perf_counter()
            render_rulebook(ruleset, lang=lang, fmt=fmt, cite=True)
            render = time.perf_counter() - start
            median = statistics.median(times)
            worst = max(worst, median)
            print(f"{edition:<14} {lang:<4} {median:>10.2f}s {min(times):>5.2f}s {max(times):>5.2f}s {render:>7.3f}s")
    print(f"slowest median: {worst:.2f} s (goal: under 2 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
