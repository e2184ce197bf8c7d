"""Benchmark: `dosrules verify` over every shipped edition and each edition with each house rule.

Run from the checkout: python benchmarks/verify_shipped.py [--cold]. Prints one line per ruleset
(wall and CPU seconds) and the totals. The gap search is memoised within a process on the rules
it reads (compositions that differ only in target, scoring or the all-wild option share it);
--cold clears the memo before each ruleset, as if each were verified in a process of its own.
"""
import sys, time
sys.path.insert(0, '.')
from dosrules import load_ruleset
from dosrules.verify import verify
from dosrules.verify import bounds, reach

cold = "--cold" in sys.argv
eds = ["mattel-2018", "digest-2017", "german"]
house = ["reshuffle", "all-wild-row", "all-wild-row-bury", "all-wild-row-placer", "two-player", "target-500"]
specs = eds + [f"{e}+{h}" for e in eds for h in house]
total, total_cpu = time.perf_counter(), time.process_time()
for spec in specs:
    if cold:
        reach._SEARCHES.clear()
        bounds._BOXES.clear()
    try:
        rs = load_ruleset(spec)
    except Exception as e:
        print(f"{spec:36} load error: {str(e)[:100]}"); continue
    cpu = time.process_time()
    rep = verify(rs)
    cpu = time.process_time() - cpu
    gaps = [f"{r.check[4:]}={r.data.get('turns')}" for r in rep.results if r.check.startswith("gap.") and r.verdict.value == "counterexample"]
    bad = [r.check for r in rep.results if r.violated]
    unk = [r.check for r in rep.results if r.verdict.value == "unknown"]
    print(f"{spec:36} {rep.seconds:6.2f}s wall {cpu:6.2f}s cpu  exit {rep.exit_code}  violated={bad} unknown={unk} gaps={gaps}")
print(f"TOTAL {time.perf_counter() - total:.1f}s wall, {time.process_time() - total_cpu:.1f}s cpu over {len(specs)} rulesets"
      + (" (cold: memo cleared per ruleset)" if cold else ""))
