"""``dosrules play``, ``referee`` and ``simulate``: games by agents, logs, and statistics."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from ..errors import DosrulesError, UsageError
from ..play.limits import MAX_ROUNDS_PER_GAME, TURN_CAP
from .common import (MAX_RUN_GAMES, MAX_RUN_ROUNDS, POLICY_HELP, add_rulesets_option, check_jobs, check_players, check_range,
                     check_seed, ruleset_dirs)


def register(sub) -> None:
    p = sub.add_parser("play", help="play a game yourself against bots, or watch bots play one",
                       description="Play one game with agents (greedy, random, behaviour profiles) and print what happens, "
                                   "round by round and turn by turn; --log writes a JSON Lines game log "
                                   "that 'dosrules referee' replays. Name 'human' for a seat to play it "
                                   "yourself: a full-screen game in a terminal (lines with --plain or when "
                                   "input is not a terminal), saved as a game log; where the rules are silent, "
                                   "the table chooses a reading and play goes on under it.")
    p.add_argument("ruleset", help="ruleset id, composition (a+b) or path")
    p.add_argument("--players", type=int, required=True, metavar="N", help="number of players")
    p.add_argument("--seed", type=int, default=None, metavar="S",
                   help="seed of the game's chance (default 0; with a human seat, a new seed each game)")
    p.add_argument("--agents", default="greedy", metavar="A,B,...",
                   help="one agent for every seat, or one per seat: human (you), or " + POLICY_HELP + "; default greedy")
    p.add_argument("--log", metavar="FILE", help="write the game log (JSON Lines) to FILE (with a human seat: "
                                                 "default dos-RULESET-seedS-TIME.jsonl here)")
    p.add_argument("--plain", action="store_true", help="with a human seat: a game in lines of text, not full screen")
    p.add_argument("--lang", metavar="LANG", help="with a human seat: the table's language, en, de, ko or eu (default: "
                                                  "from LANGUAGE, LC_ALL or LANG; English for any other)")
    p.add_argument("--at-gap", choices=("ask", "void"), default=None,
                   help="with a human seat, where play reaches a rule the ruleset leaves unspecified: ask the table "
                        "to choose a reading of it, which holds for the rest of the game (default), or void the "
                        "round as games of bots do")
    p.add_argument("--rounds", type=int, metavar="N",
                   help=f"stop after N rounds if nobody has won (default and at most {MAX_ROUNDS_PER_GAME}); a game "
                        f"also stops when a round reaches {TURN_CAP} turns")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    add_rulesets_option(p)
    p.set_defaults(handler=_play)

    p = sub.add_parser("referee", help="replay a game log and check every action",
                       description="Replay a game log: every action must be legal and the result must be "
                                   "reproduced. Exit 0 if so; otherwise print the first problem (file:line, "
                                   "the seq and the rule that forbids the action) and exit 1.")
    p.add_argument("log", help="a game log written by 'dosrules play --log'")
    p.add_argument("--ruleset", metavar="R", help="the ruleset (id, composition or file) instead of the "
                                                  "header's; its hash must match the log's")
    add_rulesets_option(p)
    p.set_defaults(handler=_referee)

    p = sub.add_parser("simulate", help="per-round statistics of many simulated games",
                       description="Play many rounds or games with one policy and print per-round "
                                   "statistics with 95% confidence intervals. The same seed gives the same "
                                   "numbers whatever --jobs is.")
    p.add_argument("ruleset", help="ruleset id, composition (a+b) or path")
    p.add_argument("--players", type=int, required=True, metavar="N", help="number of players")
    size = p.add_mutually_exclusive_group(required=True)
    size.add_argument("--rounds", type=int, metavar="N", help="play N rounds (games are cut at the end)")
    size.add_argument("--games", type=int, metavar="N", help="play N complete games")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the run (default 0)")
    p.add_argument("--policy", default="greedy", metavar="P", help=POLICY_HELP + "; default greedy")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print the statistics as JSON (no progress)")
    p.add_argument("--situations", action="store_true",
                   help="also count how often per round play reached each moment a rule decides "
                        "(in --json; about a tenth slower)")
    p.add_argument("--seats", choices=("rotate", "fixed"), default="rotate",
                   help="with one agent per seat (greedy,random,random): 'rotate' (default) moves the agents "
                        "one seat each game; 'fixed' keeps them where named")
    p.add_argument("--gap-threshold", type=float, default=0.05, metavar="RATE",
                   help="when rule gaps void more than this share of the rounds (default 0.05), the figures are "
                        "of the ruleset with its silences filled, and the ruleset as written is summarised "
                        "beside them")
    p.add_argument("--fill", metavar="SOURCE",
                   help="the readings that fill the silences first (a ruleset, readings file or path=reading, "
                        "chained with ~); the others take the reading most shipped rulesets choose")
    p.add_argument("--no-fill", action="store_true", help="the figures of the ruleset as written, whatever its gaps")
    add_rulesets_option(p)
    p.set_defaults(handler=_simulate)




# --- play -------------------------------------------------------------------------------------------

def _play(args) -> int:
    from ..play.gamelog import play_game
    from ..play.simulate import load, split_agent_specs

    check_range("--rounds", args.rounds, 1, MAX_ROUNDS_PER_GAME,
                f"A game stops after {MAX_ROUNDS_PER_GAME} rounds at the most; see docs/limits.md.")
    check_seed(args.seed)
    ruleset = load(args.ruleset, ruleset_dirs(args))
    check_players(args.players, ruleset)
    specs = split_agent_specs(args.agents)
    if len(specs) == 1:
        specs *= args.players
    if len(specs) != args.players:
        raise UsageError(f"--agents names {len(specs)} agents for {args.players} players",
                         fix="Give one agent for every seat, or one agent for all.")
    from ..play.table import is_human

    if any(is_human(s) for s in specs):
        from .humanplay import play_with_people

        return play_with_people(args, ruleset, specs)
    from ..play.agents import parse_agent_spec

    for spec in specs:  # a bad agent is said before the game's first line is printed
        parse_agent_spec(spec)
    if args.at_gap is not None:
        raise UsageError("--at-gap is for a game with a human seat: bots void the round at a rule gap",
                         fix="Name 'human' for a seat in --agents, or fill the silence in the ruleset "
                             "(RULESET~path=reading).")
    args.seed = 0 if args.seed is None else args.seed
    out = sys.stdout
    echo = None if args.quiet else _Transcript(out).echo
    if not args.quiet:
        out.write(f"{ruleset.id}, {args.players} players, seed {args.seed}; "
                  + ", ".join(f"seat {i}: {a}" for i, a in enumerate(specs)) + "\n")
    log = None
    if args.log:
        try:
            log = open(args.log, "w", encoding="utf-8")
        except OSError as err:
            raise DosrulesError(f"cannot write the game log: {err.strerror}", where=args.log,
                                fix="Choose a writable path for --log.") from None
    try:
        state = play_game(ruleset, args.players, args.seed, specs, max_rounds=args.rounds, log=log, echo=echo)
    finally:
        if log:
            try:
                log.close()
            except OSError:  # every record was flushed as written; a failed write said so already
                pass
    if args.quiet:
        over = state.events[-1]
        out.write(f"{over}\n")
    if args.log:
        print(f"game log: {args.log} ({len(state.history)} actions)", file=sys.stderr)
    return 0


class _Transcript:
    """Events as text: a heading per round, a line per turn, the action's events under it with
    the action's seq (the number in the game log)."""

    def __init__(self, out):
        self.out = out

    def echo(self, seq: int | None, events) -> None:
        w = self.out.write
        tag = f"{seq:>5}  " if seq is not None else " " * 7
        if not events and seq is not None:
            w(f"    {tag}(no event)\n")
        for e in events:
            kind = e.kind
            if kind == "dealt":
                w(f"\n{str(e)[0].upper()}{str(e)[1:]}\n")
            elif kind in ("dealer", "game-over", "round-scored", "round-void"):
                w(f"{e}\n")
            elif kind == "turn":
                w(f"  {e}\n")
            else:
                w(f"    {tag}{e}\n")
                tag = " " * 7


# --- referee ----------------------------------------------------------------------------------------

def _referee(args) -> int:
    from ..play.gamelog import referee

    verdict = referee(args.log, args.ruleset, ruleset_dirs(args))
    print(f"{args.log}: {verdict}")
    return 0


# --- simulate ---------------------------------------------------------------------------------------

def _simulate(args) -> int:
    from ..play.simulate import ROUND_METRICS, combine, load_cached, make_agents, plan_chunks

    check_range("--rounds", args.rounds, 1, MAX_RUN_ROUNDS,
                "Split a longer run, or compare with --games; see docs/limits.md.")
    check_range("--games", args.games, 1, MAX_RUN_GAMES, "Split a longer run; see docs/limits.md.")
    check_jobs(args.jobs)
    check_seed(args.seed)
    if not 0.0 <= args.gap_threshold <= 1.0:
        raise UsageError(f"--gap-threshold must be between 0 and 1, not {args.gap_threshold}")
    if args.fill and args.no_fill:
        raise UsageError("--fill and --no-fill contradict each other", fix="Give one of them.")
    dirs = ruleset_dirs(args)
    ruleset = load_cached(args.ruleset, dirs)  # read once: chunks and forked workers reuse it
    from ..engine import new_game

    new_game(ruleset, args.players, 0)  # a bad player count fails here, before any worker starts
    make_agents(args.policy, args.players, [0] * args.players)  # and a bad policy
    if args.fill:
        _check_fill_source(args, dirs)

    def plan(spec: str, digest: str):
        return plan_chunks(spec, args.players, args.policy, args.seed, rounds=args.rounds, games=args.games,
                           search_dirs=[str(d) for d in dirs], ruleset_hash=digest, situations=args.situations,
                           seats=args.seats)

    started = time.perf_counter()
    specs = plan(args.ruleset, ruleset.content_hash)
    first = specs if args.no_fill else specs[:_first_chunks(specs, args)]
    results = _run_chunks(first, args)
    written = combine(results).to_json()
    filling = None
    if not args.no_fill and _void_share(written) > args.gap_threshold:
        filling = _filling(args, ruleset, dirs) or None  # (none: no silence a reading fills voids them)
    if filling:
        results = _run_chunks(plan(filling["spec"], filling["content_hash"]), args)
    elif len(first) < len(specs):
        results += _run_chunks(specs[len(first):], args)  # the ruleset as written, to the full amount
    wall = time.perf_counter() - started
    data = combine(results).to_json()
    data = {"ruleset": data.pop("ruleset"), "ruleset_hash": data.pop("ruleset_hash"),
            "players": args.players, "policy": args.policy, "seed": args.seed,
            "requested": {"rounds": args.rounds, "games": args.games}, "jobs": args.jobs,
            "seconds": round(wall, 3), "rounds_per_sec": round(data["rounds"] / wall, 1) if wall > 0 else None,
            **data}
    if filling:
        data["filling"] = filling
        data["as_written"] = {"ruleset": written["ruleset"], "ruleset_hash": written["ruleset_hash"],
                              "void_share": _void_share(written), **{k: written[k] for k in (
                                  "rounds", "games", "outcomes", "per_round", "per_game", "rule_gaps")}}
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print(_table(data, ROUND_METRICS))
    return 0


def _void_share(summary) -> float:
    return summary["outcomes"].get("void-gap", {}).get("rate") or 0.0


def _first_chunks(specs, args) -> int:
    """How many chunks the ruleset as written plays before simulate knows whether to fill it (the
    same first run as compare's: :func:`dosrules.comparison.filled.unfilled_amount`)."""
    from ..comparison.filled import unfilled_amount

    (_, amount), = unfilled_amount(args.rounds, args.games).items()
    done = count = 0
    while done < amount:
        done += specs[count].rounds or specs[count].games
        count += 1
    return count


def _filling(args, ruleset, dirs) -> dict[str, Any]:
    """The ruleset's silences filled (the baseline filling of ``gaps --measure``, or --fill first)."""
    from ..comparison.filled import FILL_SOURCE_WORDS
    from .filling import filled_cell

    cell = filled_cell(ruleset, args.ruleset, ruleset.content_hash, args.players, dirs, args.fill)
    if not cell["readings"]:
        return {}
    return {**cell, "threshold": args.gap_threshold,
            "source": f"from --fill {args.fill}, else {FILL_SOURCE_WORDS}" if args.fill else FILL_SOURCE_WORDS}


def _check_fill_source(args, dirs) -> None:
    from ..ruleset.loader import resolve

    problems = resolve(f"{args.ruleset}~{args.fill}", dirs).problems
    if problems:
        raise UsageError(f"--fill {args.fill}: {problems[0].what}", where=problems[0].where, fix=problems[0].fix)


def _run_chunks(specs, args):
    from ..play.simulate import run_chunks

    if args.json or not sys.stderr.isatty():
        return run_chunks(specs, args.jobs)
    return _with_progress(specs, args)


def _with_progress(specs, args):
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..play.simulate import run_chunks
    from .terminal import raw_stderr

    unit = "rounds" if args.rounds is not None else "games"
    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn(unit),
                  TimeRemainingColumn(), transient=True,
                  console=Console(file=raw_stderr())) as bar:
        task = bar.add_task("", total=sum(s.rounds or s.games for s in specs))
        return run_chunks(specs, args.jobs,
                          progress=lambda r: bar.advance(task, r.spec["rounds"] or r.spec["games"]))


def _fmt(x) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.3f}" if abs(x) < 100 else f"{x:.1f}"
    return str(x)


def _table(d: dict, metrics: dict[str, str]) -> str:
    lines = [f"{d['ruleset']} ({d['ruleset_hash'][:19]}…), {d['players']} players, policy {d['policy']}, "
             f"seed {d['seed']}",
             f"{d['rounds']} rounds ({d['games']} complete games) in {d['seconds']} s: "
             f"{d['rounds_per_sec']} rounds/s with {d['jobs']} job(s)", ""]
    if d.get("filling"):
        lines[:0] = _as_written_lines(d)
    outcomes = ", ".join(f"{k} {v['count']} ({v['rate']:.1%})" for k, v in d["outcomes"].items())
    lines += [f"rounds: {outcomes}", ""]
    head = f"{'per round':<24}{'mean':>9}{'sd':>9}{'95% CI':>21}{'min':>6}{'max':>6}"
    lines += [head, "-" * len(head)]
    for name in metrics:
        s = d["per_round"][name]
        ci = f"{_fmt(s['ci95'][0])} – {_fmt(s['ci95'][1])}" if s["ci95"] else "-"
        lines.append(f"{name:<24}{_fmt(s['mean']):>9}{_fmt(s['sd']):>9}{ci:>21}{_fmt(s['min']):>6}{_fmt(s['max']):>6}")
    for name, s in d["per_game"].items():
        ci = f"{_fmt(s['ci95'][0])} – {_fmt(s['ci95'][1])}" if s["ci95"] else "-"
        lines.append(f"{name:<24}{_fmt(s['mean']):>9}{_fmt(s['sd']):>9}{ci:>21}{_fmt(s['min']):>6}{_fmt(s['max']):>6}")
    lines.append("")
    if d["winner_seat_from_dealer"]:
        lines.append("round winner, seats left of the dealer (0 = dealer): " + ", ".join(
            f"{k}: {v['rate']:.1%}" for k, v in d["winner_seat_from_dealer"].items()))
    if d["rule_gaps"] or d["rule_gaps_by_lot"]:
        lines.append("rule gaps (share of rounds):")
        for k, v in d["rule_gaps"].items():
            lines.append(f"  {k:<44} {v['rate']:.2%}  (round void; {v['count']})")
        for k, v in d["rule_gaps_by_lot"].items():
            lines.append(f"  {k:<44} {v['rate']:.2%}  (settled by lot; {v['count']})")
    else:
        lines.append("rule gaps: none")
    for a in (d.get("policies") or {}).get("agents", []):
        lines.append(f"agent {a['agent']} ({a['seats']} of {d['players']} seats; {a['fair']:.0%} if the agents played "
                     f"alike): wins {_share(a['rounds'])} of the scored rounds, {_share(a['games'])} of the games")
    return "\n".join(lines)


def _share(rate) -> str:
    if rate["rate"] is None:
        return "-"
    lo, hi = rate["ci95"]
    return f"{rate['rate']:.1%} ({lo:.1%} to {hi:.1%})"


def _as_written_lines(d: dict) -> list[str]:
    """What simulate says first when it summarises the ruleset filled: why, and the ruleset as written."""
    w, f = d["as_written"], d["filling"]
    gaps = ", ".join(f"{p} {v['rate']:.1%}" for p, v in sorted(w["rule_gaps"].items(), key=lambda kv: -kv[1]["count"]))
    turns, rpg = w["per_round"]["turns"]["mean"], w["per_game"]["rounds_per_game"]["mean"]
    import textwrap

    text = (f"These figures are of {w['ruleset']} with its silences filled: as written, rule gaps void "
            f"{w['void_share']:.1%} of {w['rounds']} rounds (more than {f['threshold']:.0%}: {gaps}), so its "
            f"figures would measure the silences (--no-fill gives them). As written: {_fmt(turns)} turns per "
            f"round, {_fmt(rpg)} rounds per game. Readings ({f['source']}):")
    lines = textwrap.wrap(text, 100, break_on_hyphens=False)
    for r in f["readings"]:
        lines += textwrap.wrap(f"{r['path']} = {r['reading']} ({r['why']})", 100, initial_indent="  ",
                               subsequent_indent="    ", break_on_hyphens=False)
    return lines + [""]
