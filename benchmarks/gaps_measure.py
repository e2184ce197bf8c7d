"""Benchmark: `dosrules gaps RULESET --measure` from an empty results database, then rerun on the full one.

    python benchmarks/gaps_measure.py [german] [--players 4] [--jobs 2] [--rounds N]

Runs the command twice in a subprocess with a fresh SQLite file (so nothing is cached from an
earlier run) and prints, for each run, its wall time and the CPU time of the process and its
workers, with the chunks computed and read from the store; then what the measurement found: the
silences in each group and the rounds per reading the report says it takes to decide an effect
the size of the margin. Prints figures; it is not a test.
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


def _cpu() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def run(argv: list[str]) -> tuple[dict, float, float]:
    cpu, wall = _cpu(), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "dosrules", *argv], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent)
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    if done.returncode:
        sys.exit(done.stderr)
    return json.loads(done.stdout), wall, cpu


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("ruleset", nargs="?", default="german")
    p.add_argument("--players", default="4")
    p.add_argument("--jobs", default="2")
    p.add_argument("--rounds", default=None, help="rounds per reading (default: the command's)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        argv = ["gaps", args.ruleset, "--players", args.players, "--measure", "--jobs", args.jobs, "--json",
                "--db", str(Path(folder) / "results.sqlite")] + (["--rounds", args.rounds] if args.rounds else [])
        runs = []
        for label in ("empty database", "rerun"):
            doc, wall, cpu = run(argv)
            m = doc["measure"]
            runs.append({"run": label, "wall_seconds": round(wall, 2), "cpu_seconds": round(cpu, 2),
                         "chunks_computed": sum(r["computed"] for r in m["run"]),
                         "chunks_from_store": sum(r["cached"] for r in m["run"]),
                         "rounds_simulated": sum(r["rounds_computed"] for r in m["run"])})
    print(json.dumps({
        "command": "dosrules " + " ".join(a for a in argv if not a.startswith(folder)),
        "runs": runs,
        "settings": m["settings"],
        "groups": m["groups"],
        "rounds_to_decide_a_margin_sized_effect": m["design"],
    }, indent=2))


if __name__ == "__main__":
    main()
