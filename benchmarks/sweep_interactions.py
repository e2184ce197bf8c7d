"""Benchmark: `dosrules sweep` and `dosrules interactions` from an empty results store, then rerun.

    python benchmarks/sweep_interactions.py [--jobs 2] [--policy greedy]

Runs, each in a subprocess with a fresh SQLite file and then again on the full one:

* ``sweep mattel-2018 --vary target=100,200,300,400,500 --players 4 --rounds 4000`` (filled when
  rule gaps void many rounds, with the design measures and the skill games);
* ``interactions mattel-2018`` over every shipped house rule, ``--players 4 --rounds 2000``, with the
  covering design forced (`--design covering`: `auto` runs every pair here, because three of the
  six set the same rule) and with every pair on its own, each with the median half-width of its
  core contrasts' 95% intervals (the cost against the precision).

Prints, for each run, its wall time, the CPU time of the process and its workers, and the cells
(chunks, legality cells) computed and read back. Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path

from gaps_measure import run  # the same timing of a command in a subprocess (benchmarks/ is on the path)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--jobs", default="2")
    p.add_argument("--policy", default="casual", help="the behaviour (default casual, the commands' own default)")
    p.add_argument("--only", default=None, help="comma-separated: sweep, interactions, interactions-all-pairs")
    args = p.parse_args()
    commands = {
        "sweep": ["sweep", "mattel-2018", "--vary", "target=100,200,300,400,500", "--players", "4", "--rounds", "4000"],
        "interactions": ["interactions", "mattel-2018", "--players", "4", "--rounds", "2000", "--design", "covering"],
        "interactions-all-pairs": ["interactions", "mattel-2018", "--players", "4", "--rounds", "2000",
                                   "--design", "all-pairs"],
    }
    if args.only:
        commands = {k: v for k, v in commands.items() if k in args.only.split(",")}
    out = []
    for name, argv in commands.items():
        with tempfile.TemporaryDirectory() as folder:
            full = argv + ["--jobs", args.jobs, "--policy", args.policy, "--json",
                           "--db", str(Path(folder) / "results.sqlite")]
            for label in ("empty store", "rerun"):
                doc, wall, cpu = run(full)
                r = doc["run"]
                out.append({"command": "dosrules " + " ".join(full[:-2]), "run": label, "wall_seconds": round(wall, 2),
                            "cpu_seconds": round(cpu, 2), "cells_computed": r["computed"], "cells_from_store": r["cached"],
                            "load_average": [round(x, 2) for x in os.getloadavg()],
                            **({"figures_of": doc["figures_of"], "unfilled": r.get("unfilled"), "skill": r.get("skill")}
                               if name == "sweep" else _design(doc))})
    print(json.dumps(out, indent=2))


def _design(doc) -> dict:
    """The design an interactions run used, and the half-width of the 95% intervals of its core
    contrasts (the median over pairs), to set its cost against its precision."""
    import statistics

    core = {("per_round", "turns"), ("per_game", "rounds_per_game"), ("per_round", "cards_drawn"),
            ("per_round", "winner_points")}
    widths = {}
    for r in doc["contrasts"]:
        if (r["family"], r["name"]) in core:
            widths.setdefault(r["name"], []).append((r["ci95"][1] - r["ci95"][0]) / 2)
    d = doc["settings"]["design"]
    return {"design": d["kind"], "rulesets": d["rulesets"], "all_pairs_rulesets": d["all_pairs_rulesets"],
            "median_half_width": {k: round(statistics.median(v), 3) for k, v in widths.items()},
            "verdicts": [p.get("codes") for p in doc["pairs"]]}


if __name__ == "__main__":
    main()
