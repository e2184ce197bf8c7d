"""``dosrules gaps RULESET``: the silences, their readings and who chooses which; ``--measure``:
which of them change the game."""

from __future__ import annotations

import json
import os
import sys
from contextlib import nullcontext

from ..errors import UsageError
from .common import (MAX_CHUNK, MAX_RUN_ROUNDS, add_rulesets_option, add_run_options, check_jobs, check_range,
                     check_seed, known_valid, load, ruleset_dirs)

MEASURE_ONLY = ("rounds", "baseline", "jobs", "scheduler", "db", "chunk_rounds", "html", "policy", "seed",
                "alpha", "margin", "share_margin")


def register(sub) -> None:
    p = sub.add_parser(
        "gaps", help="a ruleset's silences: readings, who chooses which, and which change the game",
        description="List the rules a ruleset leaves unspecified (its silences): each with its readings, "
                    "the shipped editions and house rules that choose each reading (with their citations), "
                    "and whether the Z3 verifier finds it reachable and in how few turns. With --measure, "
                    "simulate every reading of each silence play reaches, the others held at a named "
                    "baseline filling, and sort the silences into those that change the game, those shown "
                    "not to matter (equivalence tests) and those the runs are too short to decide. Fill a "
                    "silence anywhere a ruleset is accepted: RULESET~OTHER, RULESET~FILE.yaml or "
                    "RULESET~path=reading.")
    p.add_argument("ruleset", help="ruleset id, composition (a+b), filled ruleset (a~b) or path")
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help="one player count (default: every count the ruleset allows; with --measure the most)")
    p.add_argument("--json", action="store_true", help="print the document as JSON (no progress bar)")
    p.add_argument("--no-verify", action="store_true", help="skip the verifier's reachability search")
    m = p.add_argument_group("measuring (--measure)")
    m.add_argument("--measure", action="store_true", help="simulate the readings and rank the silences")
    m.add_argument("--rounds", type=int, default=None, metavar="N",
                   help="simulated rounds per reading (default 5000); a quarter as many find what play reaches")
    m.add_argument("--baseline", metavar="SOURCE",
                   help="the readings the other silences are held at: a ruleset, a readings file or path=reading, "
                        "chained with ~ (default: the reading most shipped rulesets choose)")
    m.add_argument("--policy", default=None, help="agent for every seat, as in compare (default greedy)")
    m.add_argument("--seed", type=int, default=None, help="the run's seed (default 1)")
    add_run_options(m)
    m.add_argument("--chunk-rounds", type=int, default=None, metavar="N",
                   help="rounds per chunk, the unit of pairing, storage and resumption (default 250)")
    m.add_argument("--alpha", type=float, default=None, help="significance level after Holm (default 0.05)")
    m.add_argument("--margin", type=float, default=None, metavar="SHARE",
                   help="equivalence margin of turns per round, rounds per game and cards drawn, as a share of "
                        "the baseline's figure (default 0.05)")
    m.add_argument("--share-margin", type=float, default=None, metavar="SHARE",
                   help="equivalence margin of each seat's share of wins, absolute (default 0.03: 3 points)")
    m.add_argument("--html", metavar="FILE", help="write a self-contained HTML report with a forest plot per silence")
    add_rulesets_option(p)
    p.set_defaults(handler=handler)


def _check(args, ruleset) -> int | None:
    """Validate the arguments; the player count to measure (None when not measuring)."""
    allowed = ruleset.rules.players
    if args.players is not None and not allowed.min <= args.players <= allowed.max:
        raise UsageError(f"--players {args.players}: {ruleset.id} is for {allowed.min} to {allowed.max} players",
                         fix=f"Give a count from {allowed.min} to {allowed.max}.")
    if not args.measure:
        given = [name for name in MEASURE_ONLY if getattr(args, name) is not None]
        if given or args.executor != "local":
            name = given[0] if given else "executor"
            raise UsageError(f"--{name.replace('_', '-')} is for --measure", fix="Add --measure, or leave it out.")
        return None
    longer = "Split a longer run (results are stored per chunk, so runs add up); see docs/limits.md."
    check_range("--rounds", args.rounds, 1, MAX_RUN_ROUNDS, longer)
    check_jobs(args.jobs)
    check_range("--chunk-rounds", args.chunk_rounds, 2, MAX_CHUNK, "A chunk is the unit of work and storage; keep it small.")
    if args.seed is not None:
        check_seed(args.seed)
    for name in ("alpha", "margin", "share_margin"):
        value = getattr(args, name)
        if value is not None and not 0.0 < value < 1.0:
            raise UsageError(f"--{name.replace('_', '-')} must be between 0 and 1, not {value}")
    if args.executor == "dask" and args.jobs is not None:
        raise UsageError("--jobs is for --executor local", fix="The dask cluster's workers set the parallelism.")
    return args.players if args.players is not None else allowed.max


def handler(args) -> int:
    from ..comparison import open_store
    from ..gaps.catalogue import describe_silences, inferred_readings
    from ..gaps.report import build_document, render_text

    dirs = ruleset_dirs(args)
    # a measurement reads the results store, which also knows the documents (each reading's
    # ruleset) that passed the schema before
    with (open_store(args.db) if args.measure else nullcontext()) as store, known_valid(store):
        ruleset = load(args.ruleset, args)
        players = _check(args, ruleset)
        if args.html:  # before the measurement, which may take long
            from .outfile import check_output

            check_output(args.html, option="--html", inputs=ruleset.files)
        allowed = ruleset.rules.players
        counts = [players] if players is not None else ([args.players] if args.players is not None
                                                        else list(range(allowed.min, allowed.max + 1)))
        reports = describe_silences(ruleset, args.players if players is None else players, dirs,
                                    verify=not args.no_verify and not args.measure)
        measurement = _measure(args, ruleset, players, dirs, store) if args.measure else None
        inferred = inferred_readings(ruleset, args.players if players is None else players)
    doc = build_document(args.ruleset, ruleset, reports, counts, measurement, inferred)
    if args.html:
        from ..gaps.plots import forest_plots
        from ..gaps.report import render_html
        from .compare import _write

        _write(args.html, render_html(doc, forest_plots(doc["measure"]["silences"])), ruleset.files)
    if args.json:
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(render_text(doc))
    return 0


def _measure(args, ruleset, players: int, dirs, store):
    from ..comparison import make_executor
    from ..gaps.measure import DEFAULT_ROUNDS, MeasureSettings, baseline_filling, measure_silences
    from ..play.simulate import CHUNK_ROUNDS, make_agents
    from .compare import _portable, _progress_factory

    policy = args.policy or "greedy"
    make_agents(policy, players, [0] * players)  # a bad policy fails here, before any worker starts
    settings = MeasureSettings(players, args.rounds or DEFAULT_ROUNDS, args.chunk_rounds or CHUNK_ROUNDS, policy,
                               1 if args.seed is None else args.seed, args.alpha or 0.05, args.margin or 0.05,
                               args.share_margin or 0.03)
    spec = _portable(args.ruleset)
    if args.baseline:
        from ..ruleset.loader import resolve

        problems = resolve(f"{spec}~{_portable(args.baseline)}", dirs).problems
        if problems:
            raise UsageError(f"--baseline {args.baseline}: {problems[0].what}", where=problems[0].where,
                             fix=problems[0].fix)
    filling = baseline_filling(ruleset, spec, players, dirs, _portable(args.baseline) if args.baseline else None)
    with make_executor(args.executor, args.jobs or os.cpu_count() or 1, args.scheduler) as executor:
        return measure_silences(ruleset, filling, settings, store, executor, [str(d.resolve()) for d in dirs],
                                progress=_progress_factory(args))
