"""``dosrules compare A B [C ...]``: rule diff, simulated effects, witnesses, plots, resumable runs."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

from ..errors import UsageError
from .filling import add_fill_options, add_skill_options, check_fill_options
from .common import (MAX_RUN_CHUNKS, MAX_RUN_GAMES, POLICY_HELP, add_rulesets_option, add_run_options,
                     check_range, check_run_amount, load, ruleset_dirs)


DEFAULT_ROUNDS = 2000  # simulated rounds per ruleset and player count when neither --rounds nor --games
DEFAULT_POLICY = "casual"  # the behaviour profile for comparisons (dosrules.play.behaviour)
MAX_WITNESS_SIZE = 8  # --witness-size: cards of the largest position searched for a divergence witness


def register(sub) -> None:
    p = sub.add_parser(
        "compare", help="compare rulesets: what changes for the players, with the evidence",
        description="Compare two or more rulesets; the first is the baseline. The report opens with "
                    "what changes for the players, in words; then every rule that differs (with its "
                    "status and the source it is cited from), how often the simulated play reached "
                    "each differing rule (with a warning for a rule it never or rarely reached, and "
                    "what would reach it), simulated figures per ruleset and player count with 95% "
                    "confidence intervals, significance and equivalence tests, seat fairness, "
                    "divergence witnesses from the Z3 verifier, and plots in a self-contained HTML "
                    "report. Simulation chunks are stored in SQLite as they finish: a rerun (or a "
                    "run resumed after a kill) computes only what is missing and gives the same "
                    "numbers whatever --jobs or --executor is.")
    p.add_argument("specs", nargs="+", metavar="RULESET",
                   help="two or more ruleset ids, compositions (edition+house) or paths")
    p.add_argument("--players", default=None, metavar="N[,N...]",
                   help="player counts, e.g. 2,3,4 (default: every count all the rulesets allow, or with one "
                        "agent per seat in --policy, their number)")
    amount = p.add_mutually_exclusive_group()
    amount.add_argument("--rounds", type=int, default=None, metavar="N",
                        help="simulated rounds per ruleset and player count (default 2000)")
    amount.add_argument("--games", type=int, default=None, metavar="N",
                        help="simulate N complete games per ruleset and player count instead: per-game "
                             "figures (rounds per game, winner's score) then leave no game out, where "
                             "--rounds leaves out the game each chunk cuts off")
    p.add_argument("--policy", default=DEFAULT_POLICY, metavar="P",
                   help=POLICY_HELP + f"; default {DEFAULT_POLICY}, so that rules about DOS penalties and "
                        "drawing come into play")
    p.add_argument("--seats", choices=("rotate", "fixed"), default="rotate",
                   help="with a policy of one agent per seat (greedy,random,random,random): 'rotate' (default) "
                        "shifts the agents one seat each game, so that each sits in each seat equally often; "
                        "'fixed' keeps them where named")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    add_skill_options(p, "ruleset")
    add_run_options(p)
    p.add_argument("--chunk-rounds", type=int, default=None, metavar="N",
                   help="rounds per chunk, the unit of work, storage and resumption (default 250; "
                        "part of the numbers: another size gives other samples)")
    p.add_argument("--chunk-games", type=int, default=None, metavar="N",
                   help="with --games: games per chunk (default 25; part of the numbers too)")
    p.add_argument("--html", metavar="FILE", help="write a self-contained HTML report (plots inline)")
    p.add_argument("--plots", metavar="DIR", help="also save the plots as SVG files in DIR")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON (no progress bar)")
    p.add_argument("--all-tests", action="store_true",
                   help="list every test in the text report, not only the significant differences")
    p.add_argument("--alpha", type=float, default=0.05,
                   help="significance level after the Holm–Bonferroni correction (default 0.05)")
    add_fill_options(p, "comparison", "every ruleset")
    p.add_argument("--cap-threshold", type=float, default=0.0, metavar="RATE",
                   help="flag a ruleset with more than this share of rounds stopped at the turn cap (default 0)")
    p.add_argument("--same-ending-threshold", type=float, default=0.99, metavar="RATE",
                   help="flag a ruleset whose rounds end the same way at least this often (default 0.99)")
    p.add_argument("--rare-threshold", type=float, default=0.01, metavar="RATE",
                   help="warn about a differing rule that play reaches less often than this many times a "
                        "round under every ruleset (default 0.01); never reached is always warned about")
    p.add_argument("--no-witnesses", action="store_true", help="skip the Z3 divergence witnesses")
    p.add_argument("--witness-size", type=int, default=5, metavar="N",
                   help="largest position (row + hand cards) searched for a witness (default 5)")
    add_rulesets_option(p)
    p.set_defaults(handler=handler)


def _players(text: str | None, rulesets, policy: str = "") -> list[int]:
    lo = max(rs.rules.players.min for _, rs in rulesets)
    hi = min(rs.rules.players.max for _, rs in rulesets)
    from ..play.simulate import split_agent_specs

    seats = len(split_agent_specs(policy)) if policy else 1
    if text is None and seats > 1 and lo <= seats <= hi:
        return [seats]  # a policy of one agent per seat names the player count
    if text is None:
        if lo > hi:
            raise UsageError("these rulesets allow no common player count",
                             fix="Compare rulesets that share a player count.")
        return list(range(lo, hi + 1))
    try:
        counts = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        raise UsageError(f"--players {text}: not a list of numbers", fix="Write e.g. --players 2,3,4.") from None
    if not counts:
        raise UsageError("--players is empty", fix="Write e.g. --players 2,3,4.")
    for spec, rs in rulesets:
        bad = [n for n in counts if not rs.rules.players.min <= n <= rs.rules.players.max]
        if bad:
            raise UsageError(f"--players {text}: {spec} is for {rs.rules.players.min} to "
                             f"{rs.rules.players.max} players, not {', '.join(map(str, bad))}",
                             fix=f"Use player counts from {lo} to {hi}." if lo <= hi else
                             "Compare rulesets that share a player count.")
    return counts


def _check_chunks(args, cells: int) -> None:
    """UsageError if the run would be cut into more than MAX_RUN_CHUNKS chunks (--chunk-rounds 1 with
    --rounds 1000000 planned a million chunks a ruleset and grew past 2 GB)."""
    from ..play.simulate import CHUNK_GAMES, CHUNK_ROUNDS

    amount, size, option = (args.games, args.chunk_games or CHUNK_GAMES, "--chunk-games") if args.games else \
        (args.rounds, args.chunk_rounds or CHUNK_ROUNDS, "--chunk-rounds")
    chunks = -(-amount // size) * cells
    if chunks > MAX_RUN_CHUNKS:
        least = -(-amount * cells // MAX_RUN_CHUNKS)
        raise UsageError(f"{option} {size} cuts this run into {chunks:,} chunks ({cells} pairs of ruleset and player "
                         f"count); a run holds at most {MAX_RUN_CHUNKS:,}",
                         fix=f"Give {option} {least} or more (the results of a run are held until it is summed; "
                             "see docs/limits.md).")


def _check(args) -> None:
    if len(args.specs) < 2:
        raise UsageError("compare needs at least two rulesets",
                         fix="Give two or more: dosrules compare mattel-2018 mattel-2018+reshuffle.")
    if len(set(args.specs)) != len(args.specs):
        raise UsageError("a ruleset is named twice", fix="Name each ruleset once.")
    check_run_amount(args, DEFAULT_ROUNDS)
    longer = "Split a longer run (results are stored per chunk, so runs add up); see docs/limits.md."
    check_range("--witness-size", args.witness_size, 2, MAX_WITNESS_SIZE,
                f"The witness search grows fast with the position; {MAX_WITNESS_SIZE} cards is the most it "
                "settles in seconds.")
    check_fill_options(args)
    check_range("--skill-games", args.skill_games, 1, MAX_RUN_GAMES, longer)
    for name in ("alpha", "gap_threshold", "cap_threshold", "same_ending_threshold", "rare_threshold"):
        value = getattr(args, name)
        if not 0.0 <= value <= 1.0:
            raise UsageError(f"--{name.replace('_', '-')} must be between 0 and 1, not {value}")


def _portable(spec: str) -> str:
    """A path spec made absolute (workers may run elsewhere); ids, compositions and fills unchanged."""
    parts = re.split(r"([+~])", spec)
    return "".join(str(Path(p).resolve()) if (p.endswith((".yaml", ".yml")) or os.sep in p) and Path(p).exists()
                   else p for p in parts)


def _progress_factory(args):
    if os.environ.get("DOSRULES_PROGRESS") == "lines":  # for a program that runs compare (dosrules serve)
        return _progress_lines
    if args.json or not sys.stderr.isatty():
        return None

    def start(total: int):
        from rich.console import Console

        from .terminal import raw_stderr
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("chunks"),
                       TimeRemainingColumn(), transient=True, console=Console(file=raw_stderr()))
        bar.start()
        task = bar.add_task("", total=total)

        def tick(done: int, total: int) -> None:
            bar.update(task, completed=done)
        tick.close = bar.stop
        return tick
    return start


def _progress_lines(total: int):
    """Progress as lines on stderr, ``progress DONE TOTAL`` (read by dosrules.web.jobs)."""
    def tick(done: int, total: int) -> None:
        print(f"progress {done} {total}", file=sys.stderr, flush=True)
    tick.close = lambda: None
    tick(0, total)
    return tick


def handler(args) -> int:
    from ..comparison import (RunPlan, Thresholds, build_document, degenerate_flags, effects, make_executor,
                              open_store, render_text, rule_diff, run_comparison)
    from ..comparison.effects import seat_fairness
    from ..comparison.exercised import exercised
    from ..comparison.design import fairness_verdicts, profile
    from ..comparison.filled import measure_figures
    from .filling import filled_cell
    from ..play.simulate import CHUNK_GAMES, CHUNK_ROUNDS, make_agents, mixed

    _check(args)
    rulesets = [(spec, load(spec, args)) for spec in args.specs]
    players = _players(args.players, rulesets, args.policy)
    _check_chunks(args, len(rulesets) * len(players))
    if args.html:  # before the run, which may take long
        from ..comparison.store import default_db_path
        from .outfile import check_output

        check_output(args.html, option="--html",
                     inputs=[*(f for _, rs in rulesets for f in rs.files), args.db or default_db_path()])
    if args.fill:
        _check_fill(args.fill, rulesets, ruleset_dirs(args))
    skill = _skill_agents(args)
    for n in players:
        make_agents(args.policy, n, [0] * n)  # a bad policy fails here, before any worker starts
        if skill:
            make_agents(",".join(skill), 2, [0, 0])
    chunk_rounds, chunk_games = args.chunk_rounds or CHUNK_ROUNDS, args.chunk_games or CHUNK_GAMES
    plan = RunPlan([(_portable(spec), rs.content_hash) for spec, rs in rulesets], players, args.policy,
                   args.seed, args.rounds, chunk_rounds, tuple(str(d.resolve()) for d in ruleset_dirs(args)),
                   games=args.games, chunk_games=chunk_games, seats=args.seats)
    portable = {_portable(spec): spec for spec, _ in rulesets}

    diff = rule_diff(rulesets, players)
    with open_store(args.db) as store, make_executor(args.executor, args.jobs or os.cpu_count() or 1,
                                                     args.scheduler) as executor:
        loaded = {_portable(spec): rs for spec, rs in rulesets}
        fill = _portable(args.fill) if args.fill else None

        def filler(spec: str, digest: str, n: int):
            return filled_cell(loaded[spec], spec, digest, n, plan.search_dirs, fill)
        measured = measure_figures(plan, filler, store, executor,
                                   threshold=args.gap_threshold, fill=fill,
                                   no_fill=args.no_fill, first=args.unfilled_rounds,
                                   progress=_progress_factory(args))
        skills, skill_run = _simulate_skill(args, plan, skill, measured, store, executor)
    data = {(portable[spec], n): s for (spec, n), s in measured.summaries.items()}
    specs = [spec for spec, _ in rulesets]
    identical = not mixed(args.policy)
    design_profiles = {(portable[spec], n): profile(s, n, identical=identical, skill=skills.get((spec, n)))
                       for (spec, n), s in measured.summaries.items()}
    fairness_verdicts(design_profiles, args.alpha)
    for key, measures in design_profiles.items():
        data[key]["design"] = measures
    found = effects(data, specs, players, args.alpha)
    flags = degenerate_flags(data, Thresholds(cap=args.cap_threshold, same_ending=args.same_ending_threshold,
                                              gaps=args.gap_threshold))
    reached = exercised([row.to_json() for row in diff], data, specs, args.policy, args.rare_threshold)
    seats = seat_fairness(data, args.alpha)
    witnesses, note = None, "--no-witnesses was given"
    if not args.no_witnesses:
        from ..comparison import pair_witnesses

        witnesses, note = pair_witnesses(rulesets, max_size=args.witness_size), None
    run = measured.run
    if args.executor == "local":
        run["jobs"] = args.jobs or os.cpu_count() or 1
    if measured.unfilled_run:
        run["unfilled"] = measured.unfilled_run
    if skill_run:
        run["skill"] = skill_run
    doc = build_document(
        rulesets=[{"spec": spec, "id": rs.id, "name": rs.name, "content_hash": rs.content_hash}
                  for spec, rs in rulesets],
        settings={"players": players, "rounds": args.rounds, "games": args.games, "policy": args.policy,
                  "no_fill": args.no_fill, "seats": args.seats if mixed(args.policy) else None,
                  "seed": args.seed, "chunk_rounds": None if args.games else chunk_rounds,
                  "chunk_games": chunk_games if args.games else None,
                  "skill": None if not skill else {"strong": skill[0], "weak": skill[1], "games": _skill_games(args)},
                  "identical_agents": identical,
                  "thresholds": {"gaps": args.gap_threshold, "cap": args.cap_threshold,
                                 "same_ending": args.same_ending_threshold, "rare": args.rare_threshold}},
        diff=diff, summaries=data, effects=found, flags=flags, witnesses=witnesses, witnesses_note=note,
        run=run, alpha=args.alpha, exercised=reached, seat_fairness=seats, filling=_named(measured.filling, portable),
        unfilled={(portable[spec], n): x for (spec, n), x in (measured.unfilled or {}).items()})
    if args.html or args.plots:
        from ..comparison.plots import comparison_plots, write_plots

        plots = comparison_plots(data, specs, players, doc["effects"]["tests"], doc["seat_fairness"],
                                 {(c["ruleset"], c["players"]): c["summary"] for c in doc["unfilled"] or []} or None)
        if args.plots:
            try:
                doc["run"]["plots"] = write_plots(plots, args.plots)
            except OSError as err:
                raise UsageError(f"--plots {args.plots}: cannot write the plots ({err.strerror})",
                                 fix="Give a folder that exists or can be made, and is writable.") from None
        if args.html:
            from ..comparison import render_html

            _write(args.html, render_html(doc, plots), [*(f for _, rs in rulesets for f in rs.files), store.path])
            doc["run"]["html"] = args.html
    if args.json:
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(render_text(doc, show_all=args.all_tests))
    return 0


def _check_fill(source: str, rulesets, dirs) -> None:
    """--fill SOURCE must fill every compared ruleset (same deck, player range; a readings file
    that names open rules): checked before any simulation."""
    from ..ruleset.loader import resolve

    for spec, _ in rulesets:
        problems = resolve(f"{_portable(spec)}~{_portable(source)}", dirs).problems
        if problems:
            raise UsageError(f"--fill {source}: {problems[0].what}", where=problems[0].where, fix=problems[0].fix)


def _named(filling, portable):
    """The filling's rulesets named as the user named them (the run names them by portable spec)."""
    if filling is None:
        return None
    return {**filling, "heavy": [[portable[spec], n, share] for spec, n, share in filling["heavy"]],
            "rulesets": [{**r, "ruleset": portable[r["ruleset"]]} for r in filling["rulesets"]]}


def _skill_agents(args) -> tuple[str, str] | None:
    """--skill STRONG,WEAK (None for none); by default greedy among players of the --policy agent
    (casual when --policy is greedy or names several agents)."""
    from ..play.simulate import split_agent_specs

    if args.skill is None:
        own = split_agent_specs(args.policy)
        weak = own[0] if len(set(own)) == 1 and own[0] != "greedy" else "casual"
        return "greedy", weak
    if args.skill.strip().lower() == "none":
        return None
    agents = split_agent_specs(args.skill)
    if len(agents) != 2:
        raise UsageError(f"--skill {args.skill}: names {len(agents)} agents, not two",
                         fix="Give the stronger agent and the weaker one, e.g. --skill greedy,casual "
                             "(or --skill none).")
    return agents[0], agents[1]


def _skill_games(args) -> int:
    return args.skill_games or args.games or max(1, args.rounds // 4)


def _simulate_skill(args, plan, agents, measured, store, executor):
    """The skill measure's games: for each player count and seat, ``--skill-games`` / n games in
    which STRONG sits in that seat and WEAK in every other (the same deals for every seat, so no
    seat's luck counts as skill), through the same runner and store, on each ruleset as the
    comparison measures it (filled, when ``measured`` filled it: see
    :func:`dosrules.comparison.filled.measure_figures`). (portable spec, players) -> the measure
    (:func:`dosrules.comparison.design.skill_of`, with ``ruleset``: the spec played), and the
    run's figures."""
    from dataclasses import replace

    from ..comparison import run_comparison
    from ..comparison.design import skill_of

    if agents is None:
        return {}, None
    strong, weak = agents
    games = _skill_games(args)
    played = {(spec, n): (spec, digest) for spec, digest in plan.rulesets for n in plan.players}
    for cell in (measured.filling or {}).get("rulesets", []):
        played[(cell["ruleset"], cell["players"])] = (cell["spec"], cell["content_hash"])
    out, runs = {}, []
    for n in plan.players:
        cells = list(dict.fromkeys(played[(spec, n)] for spec, _ in plan.rulesets))
        found: dict[str, list] = {}
        for seat in range(n):
            policy = ",".join(strong if k == seat else weak for k in range(n))
            sub = replace(plan, rulesets=cells, players=[n], policy=policy, rounds=None, games=-(-games // n),
                          situations=False, seats="fixed")
            summaries, stats = run_comparison(sub, store, executor, progress=_progress_factory(args))
            runs.append(stats.to_json())
            for (spec, _), summary in summaries.items():
                found.setdefault(spec, []).append((seat, summary.to_json()))
        for spec, _ in plan.rulesets:
            spec_played = played[(spec, n)][0]
            out[(spec, n)] = {**skill_of(found[spec_played], n), "ruleset": spec_played}
    total = {k: sum(r[k] for r in runs) for k in ("chunks", "cached", "computed", "rounds_computed")}
    return out, {**total, "seconds": round(sum(r["seconds"] for r in runs), 3)}


def _write(path: str, text: str, inputs) -> None:
    from .outfile import write_output

    write_output(path, text, option="--html", inputs=inputs)
