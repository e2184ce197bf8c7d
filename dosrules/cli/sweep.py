"""``dosrules sweep RULESET --vary PATH=V1,V2,...``: one ruleset at several rule values, as curves."""

from __future__ import annotations

import json
import os
import sys

from ..errors import RulesetError, UsageError
from .common import (MAX_RUN_GAMES, add_rulesets_option, add_simulation_options, check_range, check_run_amount, load,
                     ruleset_dirs)
from .compare import DEFAULT_POLICY, DEFAULT_ROUNDS, _players, _portable, _progress_factory, _write
from .filling import add_fill_options, add_skill_options, check_fill_options


def register(sub) -> None:
    p = sub.add_parser(
        "sweep", help="simulate one ruleset at several values of a rule: each figure as a curve",
        description="Simulate RULESET with a rule set to each of several values (--vary PATH=V1,V2,... or "
                    "PATH=LO..HI:STEP; twice for a grid), every value with the same seeds, through compare's "
                    "runner and results store. Each figure of compare's per-ruleset summary and each design "
                    "measure (fairness, skill, drama, decisiveness, length) is reported as a curve with 95%% "
                    "intervals; the values that differ significantly from the base value (the ruleset's own; "
                    "Holm-adjusted) are named, and --goal says where a figure meets a threshold. As in compare, "
                    "when rule gaps void more than --gap-threshold of a point's rounds, every point is filled "
                    "with the same named readings and the rulesets as written become the secondary table.")
    p.add_argument("spec", metavar="RULESET", help="a ruleset id, composition (edition+house) or path")
    p.add_argument("--vary", action="append", required=True, metavar="PATH=VALUES",
                   help="a rule path and its values: target=100,200,300 or target=100..500:100; "
                        "by_players.2.setup.hand_size=5,7,9 for one player count; give it twice for a grid")
    p.add_argument("--goal", action="append", default=[], metavar="\"FIGURE OP NUMBER\"",
                   help="a threshold to find along the sweep, e.g. \"rounds per game<=6\" (repeatable)")
    add_simulation_options(p, "point", DEFAULT_ROUNDS, DEFAULT_POLICY)
    add_skill_options(p, "point")
    add_fill_options(p, "sweep", "every point")
    p.add_argument("--json", action="store_true", help="print the sweep as JSON (no progress bar)")
    p.add_argument("--html", metavar="FILE", help="write a self-contained HTML page with one plot per figure")
    add_rulesets_option(p)
    p.set_defaults(handler=handler)


def _check(args) -> None:
    from ..comparison.sweep import MAX_VARY

    if len(args.vary) > MAX_VARY:
        raise UsageError(f"--vary is given {len(args.vary)} times; at most {MAX_VARY}",
                         fix="Sweep one rule (a curve) or two (a grid) at a time.")
    check_run_amount(args, DEFAULT_ROUNDS)
    check_fill_options(args)
    check_range("--skill-games", args.skill_games, 1, MAX_RUN_GAMES,
                "Split a longer run (results are stored per chunk, so runs add up); see docs/limits.md.")
    if not 0.0 <= args.alpha <= 1.0:
        raise UsageError(f"--alpha must be between 0 and 1, not {args.alpha}")


def _load_point(spec: str, point_label: str, args):
    try:
        return load(spec, args)
    except RulesetError as err:
        first = err.problems[0]
        raise UsageError(f"{point_label}: the ruleset {spec} is not valid: {first.what}",
                         where=first.where, fix=first.fix) from None


def handler(args) -> int:
    from ..ruleset.loader import files_read_once

    with files_read_once():  # the edition's and house rules' files are read once, not once per composition
        return _run(args)


def _run(args) -> int:
    from ..comparison import RunPlan, make_executor, open_store
    from ..comparison.design import fairness_verdicts
    from ..comparison.filled import measure_figures
    from ..comparison.store import default_db_path
    from ..comparison.sweep import (Vary, base_value, design_measures, figures_of, known_figures, parse_goal,
                                   parse_vary, sweep_document, sweep_points)
    from ..play.simulate import CHUNK_GAMES, CHUNK_ROUNDS, make_agents, mixed
    from .compare import _check_fill, _named, _simulate_skill, _skill_agents, _skill_games
    from .filling import filled_cell
    from .outfile import check_output

    _check(args)
    for text in args.goal:  # a bad goal fails before anything is simulated
        parse_goal(text, known_figures())
    base = load(args.spec, args)
    varies = []
    for text in args.vary:
        path, values = parse_vary(text)
        if path in [v.path for v in varies]:
            raise UsageError(f"--vary {path} is given twice", fix="Vary each rule once; give all its values together.")
        varies.append(Vary(path, tuple(values), base_value(base, path)))
    points = sweep_points(args.spec, varies)
    rulesets = {}
    for point in points:
        label = "the point " + ", ".join(f"{v.path}={v.text(x)}" for v, x in zip(varies, point.values))
        rulesets[point.spec] = base if point.is_base else _load_point(point.spec, label, args)
    if not any(p.is_base for p in points):
        rulesets[args.spec] = base
    specs = list(rulesets)
    inputs = [*base.files, args.db or default_db_path()]
    if args.html:  # before the run, which may take long
        check_output(args.html, option="--html", inputs=inputs)
    players = _players(args.players, [(s, r) for s, r in rulesets.items()])
    if args.fill:
        _check_fill(args.fill, list(rulesets.items()), ruleset_dirs(args))
    skill = _skill_agents(args)
    for n in players:
        make_agents(args.policy, n, [0] * n)  # a bad policy fails here, before any worker starts
        if skill:
            make_agents(",".join(skill), 2, [0, 0])
    chunk_rounds, chunk_games = args.chunk_rounds or CHUNK_ROUNDS, args.chunk_games or CHUNK_GAMES
    portable = {_portable(s): s for s in specs}
    loaded = {_portable(s): rulesets[s] for s in specs}
    plan = RunPlan([(_portable(s), rulesets[s].content_hash) for s in specs], players, args.policy, args.seed,
                   args.rounds, chunk_rounds, tuple(str(d.resolve()) for d in ruleset_dirs(args)),
                   games=args.games, chunk_games=chunk_games, situations=False)
    fill = _portable(args.fill) if args.fill else None

    def filler(spec: str, digest: str, n: int):
        return filled_cell(loaded[spec], spec, digest, n, plan.search_dirs, fill)

    with open_store(args.db) as store, make_executor(args.executor, args.jobs or os.cpu_count() or 1,
                                                     args.scheduler) as executor:
        measured = measure_figures(plan, filler, store, executor, threshold=args.gap_threshold, fill=fill,
                                   no_fill=args.no_fill, first=args.unfilled_rounds,
                                   progress=_progress_factory(args))
        skills, skill_run = _simulate_skill(args, plan, skill, measured, store, executor)
    data = {(portable[s], n): summary for (s, n), summary in measured.summaries.items()}
    identical = not mixed(args.policy)
    profiles = {(portable[s], n): design_measures(summary, n, identical=identical, skill=skills.get((s, n)))
                for (s, n), summary in measured.summaries.items()}
    fairness_verdicts(profiles, args.alpha)
    for key, measures in profiles.items():
        data[key]["design"] = measures
    base_spec = next((p.spec for p in points if p.is_base), args.spec)
    goals = [parse_goal(text, figures_of(data[(base_spec, players[0])])) for text in args.goal]
    run = dict(measured.run)
    if args.executor == "local":
        run["jobs"] = args.jobs or os.cpu_count() or 1
    if measured.unfilled_run:
        run["unfilled"] = measured.unfilled_run
    if skill_run:
        run["skill"] = skill_run
    doc = sweep_document(
        spec=args.spec, ruleset=base, varies=varies, points=points, players=players, summaries=data,
        rulesets=rulesets, goals=goals,
        settings={"players": players, "rounds": args.rounds, "games": args.games, "policy": args.policy,
                  "seed": args.seed, "chunk_rounds": None if args.games else chunk_rounds,
                  "chunk_games": chunk_games if args.games else None, "no_fill": args.no_fill,
                  "gap_threshold": args.gap_threshold, "identical_agents": identical,
                  "skill": None if not skill else {"strong": skill[0], "weak": skill[1],
                                                   "games": _skill_games(args)}},
        run=run, alpha=args.alpha, filling=_named(measured.filling, portable),
        unfilled={(portable[s], n): x for (s, n), x in (measured.unfilled or {}).items()})
    if args.html:
        from ..comparison.sweep_report import render_sweep_html, sweep_plots

        _write(args.html, render_sweep_html(doc, sweep_plots(doc)), [*base.files, store.path])
        doc["run"]["html"] = args.html
    if args.json:
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        from ..comparison.sweep_report import render_sweep_text

        sys.stdout.write(render_sweep_text(doc))
    return 0
