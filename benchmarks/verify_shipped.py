"""Benchmark: `dosrules verify` of the shipped rulesets and compositions, this checkout against
a baseline checkout (the previous main), interleaved, with each check's time.

    python benchmarks/verify_shipped.py [--baseline DIR --baseline-python PY] [--rounds N]
                                        [--jobs J] [--all] [--top K]

Each round runs both, in alternating order (baseline first on odd rounds), each in a process of
its own started with that checkout's interpreter: the rulesets are verified as
`dosrules verify ... --jobs J` does (rulesets on the same base file share a worker and its
memos), from a cold start (this checkout's results store is not read). Then it runs this
checkout's command line twice on a store of its own, `--no-cache` (a fresh proof that stores
its reports) and plain (the cached rerun), and times both whole processes.

Printed: per round the wall and CPU seconds of each; the median of each over the rounds; each
ruleset's seconds in both, and its Z3 resource units (a count of the solver's work that load does
not move: the figure to compare when the machine is noisy; a baseline from before they were
counted shows "-"); the K slowest checks with their seconds in both (the baseline has no per-check times of its own:
they are measured here as the time between one result and the next, so for checks made in one
block, the gap search, the first gets the block's time); each stage's seconds; and the
findings that differ (check, verdict, turns), which must be none but unknowns settled.

The seven of issue 30 are the default; --all verifies every edition and edition+house rule.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SEVEN = ["mattel-2018", "digest-2017", "german", "mattel-2018+reshuffle", "german+reshuffle",
         "mattel-2018+two-player", "mattel-2018+all-wild-row"]
STAGE_FUNCTIONS = {"deck": "deck_totals", "row": "row_values", "deal": "deal_feasible",
                   "turn": "turn_invariants", "coverage": "coverage", "gaps": "reachable_gaps"}


# --- the child: runs in the checkout under test, with its interpreter -------------------------

def _instrument():
    """Time each stage and each result in this process (inherited by forked workers)."""
    from dosrules.verify import results, run
    timing = {"stages": {}, "checks": [], "last": [time.perf_counter()]}

    def timed_result(*args, **kwargs):
        now = time.perf_counter()
        r = original(*args, **kwargs)
        timing["checks"].append(now - timing["last"][0])
        timing["last"][0] = time.perf_counter()
        return r

    original = results.result
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("dosrules.verify") and getattr(module, "result", None) is original:
            module.result = timed_result
    for stage, name in STAGE_FUNCTIONS.items():
        fn = getattr(run, name)

        def wrapped(*a, _fn=fn, _stage=stage, **k):
            begun = time.perf_counter()
            timing["last"][0] = begun
            try:
                return _fn(*a, **k)
            finally:
                timing["stages"][_stage] = timing["stages"].get(_stage, 0.0) + time.perf_counter() - begun
        setattr(run, name, wrapped)
    return timing


def _verify_group(specs: list[str]) -> list[dict]:
    from dosrules import load_ruleset
    from dosrules.verify import verify
    out = []
    for spec in specs:
        _TIMING["stages"].clear()
        _TIMING["checks"].clear()
        report = verify(load_ruleset(spec))
        measured = list(_TIMING["checks"])
        checks = []
        for i, r in enumerate(report.results):
            own = getattr(r, "seconds", None)
            name = r.check + (f"@{r.players}" if r.players else "")
            checks.append({"check": name, "verdict": r.verdict.value, "turns": r.data.get("turns"),
                           "fewest": r.data.get("fewest"),
                           "seconds": own if own is not None else (measured[i] if i < len(measured) else 0.0)})
        stages = dict(getattr(report, "stages", None) or _TIMING["stages"])
        units = getattr(report, "units", None)  # Z3's resource units per stage (None: a main before them)
        out.append({"spec": spec, "seconds": report.seconds, "stages": stages, "checks": checks,
                    "exit": report.exit_code, "units": sum(units.values()) if units else None})
    return out


_TIMING: dict = {}


def child(specs: list[str], jobs: int) -> None:
    from dosrules import load_ruleset
    _TIMING.update(_instrument())
    groups: dict[str, list[str]] = {}
    for spec in specs:
        r = load_ruleset(spec)
        groups.setdefault(r.files[0] if r.files else r.id, []).append(spec)
    order = sorted(groups.values(), key=len, reverse=True)
    start, cpu = time.perf_counter(), time.process_time()
    if jobs <= 1:
        got = [_verify_group(g) for g in order]
    else:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(min(jobs, len(order))) as pool:
            got = pool.map(_verify_group, order)
    wall = time.perf_counter() - start
    import resource
    cpu = time.process_time() - cpu + resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    print(json.dumps({"wall": wall, "cpu": cpu, "reports": [r for g in got for r in g]}))


# --- the parent ---------------------------------------------------------------------------------

def _run_child(python: str, checkout: Path, specs: list[str], jobs: int) -> dict:
    code = (f"import sys; sys.path.insert(0, {str(checkout)!r}); sys.argv = ['x', '--child'];"
            f"__file__ = {__file__!r}; exec(open(__file__).read()); child({specs!r}, {jobs})")
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run([python, "-c", code], cwd=checkout, env=env, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{python} in {checkout} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.splitlines()[-1])


def _time_command(argv: list[str], env: dict) -> tuple[float, float]:
    before = os.times()
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = os.times()
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def _arg(name: str, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def main() -> None:
    baseline = Path(_arg("--baseline", "/work/main"))
    base_py = _arg("--baseline-python", "/work/venv-main/bin/python")
    rounds, jobs, top = _arg("--rounds", 2), _arg("--jobs", min(2, os.cpu_count() or 1)), _arg("--top", 15)
    if "--all" in sys.argv:
        sys.path.insert(0, str(HERE))
        from dosrules.ruleset.loader import shipped_rulesets
        editions = [r.id for r in shipped_rulesets() if r.kind == "edition"]
        house = [r.id for r in shipped_rulesets() if r.kind == "house"]
        specs = editions + [f"{e}+{h}" for e in editions for h in house]
    else:
        specs = SEVEN
    has_base = Path(base_py).exists() and baseline.is_dir()
    runs: dict[str, list[dict]] = {"baseline": [], "this": []}
    cli: dict[str, list[tuple[float, float]]] = {"fresh": [], "cached": []}
    store = tempfile.mkdtemp(prefix="verify-bench-")
    env = {**os.environ, "XDG_CACHE_HOME": store}
    command = [sys.executable, "-m", "dosrules", "verify", *specs, "--jobs", str(jobs)]
    for i in range(rounds):
        order = [("baseline", base_py, baseline), ("this", sys.executable, HERE)]
        if not has_base:
            order = order[1:]
        elif i % 2:
            order.reverse()
        for name, py, checkout in order:
            got = _run_child(py, checkout, specs, jobs)
            runs[name].append(got)
            print(f"round {i + 1} {name:9} {got['wall']:7.2f} s wall {got['cpu']:7.2f} s cpu", flush=True)
        cli["fresh"].append(_time_command(command + ["--no-cache"], env))
        cli["cached"].append(_time_command(command, env))
        print(f"round {i + 1} this CLI --no-cache {cli['fresh'][-1][0]:6.2f} s wall, "
              f"cached rerun {cli['cached'][-1][0]:5.2f} s wall", flush=True)
    med = lambda xs: statistics.median(xs) if xs else float("nan")  # noqa: E731  (nan: not measured)
    print()
    for name, got in runs.items():
        if got:
            print(f"median {name:9} {med([g['wall'] for g in got]):7.2f} s wall {med([g['cpu'] for g in got]):7.2f} s cpu"
                  f"  ({len(specs)} rulesets, --jobs {jobs})")
    print(f"median this CLI fresh (--no-cache) {med([w for w, _ in cli['fresh']]):.2f} s wall, "
          f"cached {med([w for w, _ in cli['cached']]):.2f} s wall")
    times: dict[tuple, dict[str, list[float]]] = {}
    stages: dict[tuple, dict[str, list[float]]] = {}
    last: dict[str, dict] = {}
    for name, got in runs.items():
        for g in got:
            for rep in g["reports"]:
                for c in rep["checks"]:
                    times.setdefault((rep["spec"], c["check"]), {}).setdefault(name, []).append(c["seconds"])
                for st, s in rep["stages"].items():
                    stages.setdefault((rep["spec"], st), {}).setdefault(name, []).append(s)
                last.setdefault(name, {})[rep["spec"]] = {c["check"]: (c["verdict"], c["turns"], c["fewest"])
                                                         for c in rep["checks"]}
    key = "baseline" if has_base else "this"
    print("\nslowest checks (median seconds; baseline's gap checks: see the note above)")
    print(f"{'ruleset':26} {'check':46} {'baseline':>9} {'this':>9}")
    for (spec, check), by in sorted(times.items(), key=lambda kv: -med(kv[1].get(key, [0])))[:top]:
        print(f"{spec:26} {check:46} {med(by.get('baseline', [])):9.2f} {med(by.get('this', [])):9.2f}")
    print("\neach ruleset (median wall seconds of its report, in its worker; Z3's resource units of the\n"
          "last round, M: a count of the solver's work that the machine's load does not move)")
    print(f"{'ruleset':26} {'baseline':>9} {'this':>9} {'M baseline':>11} {'M this':>9}")
    units = {name: {rep["spec"]: rep.get("units") for rep in got[-1]["reports"]} for name, got in runs.items() if got}
    mega = lambda u: "-" if u is None else f"{u / 1e6:.1f}"  # noqa: E731
    for spec in specs:
        by = {name: [rep["seconds"] for g in got for rep in g["reports"] if rep["spec"] == spec]
              for name, got in runs.items()}
        print(f"{spec:26} {med(by.get('baseline', [])):9.2f} {med(by.get('this', [])):9.2f} "
              f"{mega(units.get('baseline', {}).get(spec)):>11} {mega(units.get('this', {}).get(spec)):>9}")
    total = {name: sum(u or 0 for u in by.values()) for name, by in units.items()}
    print(f"{'all':26} {'':9} {'':9} {mega(total.get('baseline') or None):>11} {mega(total.get('this')):>9}")
    print("\nstages (median seconds, summed over the rulesets)")
    for st in STAGE_FUNCTIONS:  # a stage reused from a memo did not run: 0
        b = sum(med(v["baseline"]) for (s, x), v in stages.items() if x == st and v.get("baseline")) \
            if has_base else float("nan")
        t = sum(med(v["this"]) for (s, x), v in stages.items() if x == st and v.get("this"))
        print(f"  {st:9} {b:9.2f} {t:9.2f}")
    if has_base:
        print("\nfindings that differ (check: (verdict, turns, proved the fewest) baseline -> this; under load a\n"
              "step cut short by the wall clock leaves a depth unsettled, so either side may find a deeper\n"
              "witness, not proved the fewest, or stay unknown):")
        differ = 0
        for spec in specs:
            b, t = last["baseline"].get(spec, {}), last["this"].get(spec, {})
            for check in sorted(set(b) | set(t)):
                if b.get(check) != t.get(check):
                    differ += 1
                    print(f"  {spec}: {check}: {b.get(check)} -> {t.get(check)}")
        print("  none" if not differ else f"  {differ} in all")


if __name__ == "__main__" and "--child" not in sys.argv:
    main()
