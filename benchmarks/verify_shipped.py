"""Benchmark: `dosrules verify` over every shipped edition and each edition with each house rule.

Run from the checkout: python benchmarks/verify_shipped.py. Prints one line per ruleset and the total.
"""
import sys, time
sys.path.insert(0, '.')
from dosrules import load_ruleset
from dosrules.verify import verify
eds = ["mattel-2018", "digest-2017", "german"]
house = ["reshuffle", "all-wild-row", "all-wild-row-bury", "all-wild-row-placer", "two-player", "target-500"]
specs = eds + [f"{e}+{h}" for e in eds for h in house]
total = time.perf_counter()
for spec in specs:
    try:
        rs = load_ruleset(spec)
    except Exception as e:
        print(f"{spec:40} load error: {str(e)[:100]}"); continue
    rep = verify(rs)
    gaps = [f"{r.check[4:]}={r.data.get('turns')}" for r in rep.results if r.check.startswith("gap.") and r.verdict.value == "counterexample"]
    bad = [r.check for r in rep.results if r.violated]
    unk = [r.check for r in rep.results if r.verdict.value == "unknown"]
    print(f"{spec:40} {rep.seconds:6.2f}s exit {rep.exit_code}  violated={bad} unknown={unk} gaps={gaps}")
print(f"TOTAL {time.perf_counter() - total:.1f}s over {len(specs)} rulesets")
