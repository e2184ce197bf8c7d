"""Benchmark: the gap searches' Z3 resource units over several Z3 random seeds, this checkout
against a baseline checkout, paired by seed.

    python benchmarks/verify_seeds.py [RULESET ...] [--seeds N] [--baseline DIR]

Why seeds: a search's units are the same in every run of the same code, but any change to the
verifier's code (even keeping one more Python reference alive) moves Z3's choices, and with
them a search's units by 25-30% either way (docs/verify.md, eighth pass). One run of each side
therefore compares two draws, not two encodings. Each seed (`smt.random_seed`, set in every
fresh context) is another draw of the same encoding; a change is worth keeping when it wins on
most seeds and on the mean.

Printed per seed: each side's units (all the rulesets' gap searches, M) and the difference; then
the mean and standard deviation of each side, the seeds won, and per ruleset how many seeds gave
each set of findings (situation, turns, proved the fewest): a finding that moves with the seed
is one the step budget only just settles. Each side runs in a process of its own, with its
checkout first on the path (a baseline from before the units were counted gets a counter of its
own around its checks); the two of a seed run side by side (units do not depend on load).
Default rulesets: the six whose searches the seven of issue 30 run (`mattel-2018+two-player`
shares `mattel-2018`'s).
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SIX = ["mattel-2018", "digest-2017", "german", "mattel-2018+reshuffle", "german+reshuffle", "mattel-2018+all-wild-row"]

CHILD = r"""
import json, sys, z3
from dosrules import load_ruleset
from dosrules.verify import bounds, reach, solving
seed, specs = int(sys.argv[1]), sys.argv[2:]
fresh = reach.fresh_context
def seeded():
    fresh()
    z3.set_param("smt.random_seed", seed)
reach.fresh_context = seeded
if not hasattr(solving, "units_spent"):  # a baseline from before the verifier counted its units
    spent, last = [0], [None, 0]
    def counted(solver, *assumptions, _sat=solving.sat):
        answer = _sat(solver, *assumptions)
        count = int(solver.statistics().get_key_value("rlimit count"))
        ctx = solver.ctx.ref().value
        spent[0] += max(0, count - (last[1] if last[0] == ctx else 0))
        last[:] = [ctx, count]
        return answer
    reach.sat = bounds.sat = counted
    solving.units_spent = lambda: spent[0]
out = {}
for spec in specs:
    reach._SEARCHES.clear(); bounds._BOXES.clear()
    before = solving.units_spent()
    found = reach.reachable_gaps(load_ruleset(spec), solving.DEFAULT_BUDGET)
    out[spec] = {"units": solving.units_spent() - before,
                 "findings": sorted([r.check, r.verdict.value, r.data.get("turns"), r.data.get("fewest")] for r in found)}
print(json.dumps(out))
"""


def _start(checkout: Path, seed: int, specs: list[str]) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    return subprocess.Popen([sys.executable, "-c", CHILD, str(seed), *specs], cwd=checkout, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _result(proc: subprocess.Popen, what: str) -> dict:
    out, err = proc.communicate()
    if proc.returncode:
        raise SystemExit(f"{what} failed:\n{err[-2000:]}")
    return json.loads(out.splitlines()[-1])


def main() -> None:
    args = sys.argv[1:]

    def option(name: str, default):
        if name in args:
            i = args.index(name)
            value = args[i + 1]
            del args[i:i + 2]
            return type(default)(value)
        return default

    seeds, baseline = option("--seeds", 8), option("--baseline", "")
    specs = args or SIX
    sides = {"this": HERE, **({"baseline": Path(baseline).resolve()} if baseline else {})}
    if baseline and not (sides["baseline"] / "dosrules").is_dir():
        raise SystemExit(f"--baseline {baseline}: no dosrules package there (give a checkout of the previous main)")
    runs: dict[str, list[dict]] = {name: [] for name in sides}
    print(f"{'seed':>4} " + " ".join(f"{name:>10}" for name in sides) + ("  this - baseline" if baseline else ""))
    for seed in range(1, seeds + 1):
        procs = {name: _start(path, seed, specs) for name, path in sides.items()}
        got = {name: _result(p, f"{name}, seed {seed}") for name, p in procs.items()}
        units = {name: sum(r["units"] for r in g.values()) / 1e6 for name, g in got.items()}
        for name in sides:
            runs[name].append(got[name])
        line = f"{seed:>4} " + " ".join(f"{units[n]:9.1f}M" for n in sides)
        if baseline:
            line += f"  {units['this'] - units['baseline']:+8.1f}M"
        print(line, flush=True)
    print()
    totals = {name: [sum(r["units"] for r in g.values()) / 1e6 for g in got] for name, got in runs.items()}
    for name, xs in totals.items():
        sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
        print(f"{name:9} mean {statistics.mean(xs):7.1f} M units, standard deviation {sd:6.1f} M")
    if baseline:
        won = sum(t < b for t, b in zip(totals["this"], totals["baseline"]))
        print(f"this took fewer units on {won} of {seeds} seeds")
    print("\nfindings (situation, result, turns, proved the fewest) per ruleset: seeds per distinct set")
    for spec in specs:
        for name, got in runs.items():
            sets: dict[str, int] = {}
            for g in got:
                key = json.dumps(g[spec]["findings"])
                sets[key] = sets.get(key, 0) + 1
            counts = sorted(sets.values(), reverse=True)
            print(f"  {spec:28} {name:9} {' + '.join(map(str, counts))}" + ("" if len(counts) == 1 else "  (moves with the seed)"))


if __name__ == "__main__":
    main()
