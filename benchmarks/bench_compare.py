"""The family example of ``dosrules compare``, timed from a fresh database.

    python benchmarks/bench_compare.py [--rounds 20000] [--jobs 2] [--policy casual --policy greedy] [--repeat 1]

Five house rules against mattel-2018 (docs/examples/family: stuck-to-draw, dos-penalty-4,
decline-keeps; shipped: reshuffle, target-500), 4 players, ``--rounds`` rounds per ruleset, each
policy run in turn (interleaved when repeated), each from an empty results database. Prints
the wall time of the whole command (start-up, simulation, tests, report; no witnesses, which
``--witnesses`` adds), the CPU time of the command and its workers (less sensitive than the wall
time to other work on the machine: on J idle cores the wall time is about cpu_s / J plus the
serial start-up and report) and the simulation's own figures (the comparison's, and the
rulesets simulated again filled where rule gaps void many rounds). It prints figures; it is not a test.
The command runs outside the checkout, so it measures the dosrules installed in this Python (a
wheel's compiled engine, or an editable install's Python one).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAMILY = ["mattel-2018", "mattel-2018+stuck-to-draw", "mattel-2018+dos-penalty-4", "mattel-2018+reshuffle",
          "mattel-2018+decline-keeps", "mattel-2018+target-500"]


def run(policy: str, args, folder: Path, k: int) -> dict:
    db = folder / f"{policy.replace(':', '_')}-{k}.sqlite"
    cmd = [sys.executable, "-m", "dosrules", "compare", *FAMILY, "--rulesets", str(ROOT / "docs/examples/family"),
           "--players", "4", "--rounds", str(args.rounds), "--jobs", str(args.jobs), "--policy", policy,
           "--seed", "1", "--db", str(db), "--json", *([] if args.witnesses else ["--no-witnesses"])]
    started, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=folder).stdout  # the installed dosrules
    wall, after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    doc = json.loads(out)
    r = doc["run"]
    return {"policy": policy, "wall_s": round(wall, 2), "cpu_s": round(cpu, 2), "simulation_s": r["seconds"],
            "unfilled_simulation_s": (r.get("unfilled") or {}).get("seconds"),
            "rounds": sum(c["summary"]["rounds"] for c in doc["simulation"]), "rounds_per_s": r["rounds_per_sec"],
            "void_gap_share": {c["ruleset"]: round(c["summary"]["outcomes"].get("void-gap", {}).get("rate") or 0, 3)
                               for c in doc["simulation"]},
            "warnings": len(doc["warnings"]), "headline": doc["headline"]}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=20000)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--policy", action="append", help="repeatable (default: casual, then greedy)")
    p.add_argument("--repeat", type=int, default=1, help="runs of each policy, interleaved")
    p.add_argument("--witnesses", action="store_true", help="also search the Z3 divergence witnesses")
    args = p.parse_args()
    policies = args.policy or ["casual", "greedy"]
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.repeat):
            for policy in policies:
                print(json.dumps(run(policy, args, Path(tmp), k), indent=2, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
