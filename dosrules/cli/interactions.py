"""``dosrules interactions EDITION [HOUSE ...]``: whether house rules work together, pair by pair."""

from __future__ import annotations

import json
import os
import sys
import time

from ..errors import RulesetError, UsageError
from .common import add_rulesets_option, add_simulation_options, check_range, check_run_amount, load, \
    ruleset_dirs
from .compare import DEFAULT_POLICY, DEFAULT_ROUNDS, MAX_WITNESS_SIZE, _players, _portable, _progress_factory, _write

DEFAULT_WITNESS_SIZE = 4  # cards of the largest position the legality search tries


def register(sub) -> None:
    p = sub.add_parser(
        "interactions", help="whether house rules work together: order, shared decisions, legality, effects",
        description="For every pair of the house rules laid on EDITION (every shipped house rule when none "
                    "is named): whether A+B and B+A resolve differently (and where the later silently "
                    "replaces the earlier), whether both change the same rule or the same decision of play, "
                    "the smallest position where A+B's legality is not what A and B imply (Z3), and the 2x2 "
                    "contrast AB - A - B + base of every simulated figure with a 95%% interval and an "
                    "equivalence test that can conclude 'additive'. Simulation chunks and legality cells go "
                    "through compare's results store and executors.")
    p.add_argument("edition", metavar="EDITION", help="the edition (or any complete ruleset) the house rules are laid on")
    p.add_argument("houses", nargs="*", metavar="HOUSE",
                   help="house rule ids or paths (default: every shipped house rule)")
    add_simulation_options(p, "ruleset", DEFAULT_ROUNDS, DEFAULT_POLICY)
    p.add_argument("--witness-size", type=int, default=DEFAULT_WITNESS_SIZE, metavar="N",
                   help=f"largest position (row + hand cards) searched for a legality interaction "
                        f"(default {DEFAULT_WITNESS_SIZE})")
    p.add_argument("--design", choices=("auto", "all-pairs", "covering"), default="auto",
                   help="how the effects are simulated: every pair on its own (E, E+A, E+B, E+A+B), or a t-wise "
                        "covering design of house-rule combinations with each pair's interaction fitted from it; "
                        "auto (default): the covering design for more than five house rules")
    p.add_argument("--strength", type=int, default=2, metavar="T",
                   help="with the covering design: every combination of T house rules in or out occurs (default 2)")
    p.add_argument("--no-legality", action="store_true", help="skip the Z3 legality search")
    p.add_argument("--no-simulation", action="store_true", help="skip the simulated effects")
    p.add_argument("--json", action="store_true", help="print the document as JSON")
    p.add_argument("--html", metavar="FILE", help="write a self-contained HTML page with a heat map")
    add_rulesets_option(p)
    p.set_defaults(handler=handler)


def _check(args) -> None:
    from ..comparison.interactions import MAX_HOUSES

    check_run_amount(args, DEFAULT_ROUNDS)
    check_range("--witness-size", args.witness_size, 2, MAX_WITNESS_SIZE,
                f"The search grows fast with the position; {MAX_WITNESS_SIZE} cards is the most it settles in seconds.")
    if not 0.0 <= args.alpha <= 1.0:
        raise UsageError(f"--alpha must be between 0 and 1, not {args.alpha}")
    if len(args.houses) > MAX_HOUSES:
        raise UsageError(f"{len(args.houses)} house rules; at most {MAX_HOUSES}",
                         fix=f"Every pair is reported: {MAX_HOUSES} make {MAX_HOUSES * (MAX_HOUSES - 1) // 2} pairs. "
                             "Split them into groups.")
    check_range("--strength", args.strength, 2, 4, "A strength of 2 covers every pair; 3 or 4 guard against "
                "three rules interacting together, at more rows.")
    if len(set(args.houses)) != len(args.houses):
        raise UsageError("a house rule is named twice", fix="Name each house rule once.")


def _houses(args, edition) -> list[str]:
    """The house rules given, else every shipped one; each must be a house rule."""
    from ..ruleset.loader import shipped_ids

    houses = list(args.houses) or shipped_ids("house")
    if len(houses) < 2:
        raise UsageError("interactions needs at least two house rules",
                         fix="Name two or more: dosrules interactions mattel-2018 reshuffle target-500.")
    return houses


def _compose(spec: str, args):
    """(ruleset, None) or (None, the first problem in words) for a composed spec."""
    try:
        return load(spec, args), None
    except RulesetError as err:
        first = err.problems[0]
        return None, f"{first.where}: {first.what}" if first.where else first.what


def handler(args) -> int:
    from ..ruleset.loader import files_read_once

    with files_read_once():  # the edition's and house rules' files are read once, not once per composition
        return _run(args)


def _run(args) -> int:
    from ..comparison import RunPlan, make_executor, open_store, run_comparison
    from ..comparison.interactions import (chunk_summaries, covering_effect_cells, effect_cells, legality_cell_json, legality_key, order_cell, pairs_of,
                                           set_paths, shared_cell)
    from ..comparison.interactions_report import (interactions_document, render_interactions_html,
                                                  render_interactions_text)
    from ..comparison.interactions_design import COVERING_ABOVE
    from ..play.simulate import CHUNK_GAMES, CHUNK_ROUNDS, make_agents, mixed

    started = time.perf_counter()
    _check(args)
    edition = load(args.edition, args)
    houses = _houses(args, edition)
    singles = {}
    for h in houses:
        ruleset, problem = _compose(f"{args.edition}+{h}", args)
        if ruleset is None:
            raise UsageError(f"{h} cannot be laid on {args.edition}: {problem}",
                             fix="Name house rules that compose with the edition (dosrules show EDITION+HOUSE).")
        singles[h] = ruleset
    if args.html:  # before the run, which may take long
        from ..comparison.store import default_db_path
        from .outfile import check_output

        check_output(args.html, option="--html", inputs=[*edition.files, *(f for r in singles.values() for f in r.files),
                                                         args.db or default_db_path()])
    paths = {h: set_paths(singles[h], h) for h in houses}
    pairs = pairs_of(args.edition, houses)
    rulesets = {args.edition: edition, **{f"{args.edition}+{h}": r for h, r in singles.items()}}
    cells: dict[tuple[str, str], dict] = {}
    for pair in pairs:
        ab, problem = _compose(pair.ab, args)
        ba, problem_ba = _compose(pair.ba, args) if ab is not None else (None, None)
        if ab is None or ba is None:
            cells[(pair.a, pair.b)] = {"error": problem or problem_ba}
            continue
        rulesets[pair.ab] = ab
        cells[(pair.a, pair.b)] = {"order": None, "shared": shared_cell(paths[pair.a], paths[pair.b]),
                                   "legality": {}, "_rulesets": (ab, ba)}
    players = _players(args.players, list(rulesets.items()))
    for pair in pairs:
        cell = cells[(pair.a, pair.b)]
        if "error" not in cell:
            ab, ba = cell.pop("_rulesets")
            cell["order"] = order_cell(ab, ba, paths[pair.a], paths[pair.b], players)
    for n in players:
        make_agents(args.policy, n, [0] * n)
    chunk_rounds, chunk_games = args.chunk_rounds or CHUNK_ROUNDS, args.chunk_games or CHUNK_GAMES
    dirs = tuple(str(d.resolve()) for d in ruleset_dirs(args))
    run = {"cells": 0, "cached": 0, "computed": 0, "chunks_computed": 0, "legality_computed": 0}
    contrasts = None
    design, simulated = None, rulesets
    ok = [p for p in pairs if "error" not in cells[(p.a, p.b)]]
    same = [p for p in ok if cells[(p.a, p.b)]["shared"]["paths"]]
    why = None
    if same:  # a pairwise model cannot express a rule that replaces another's value
        why = (f"{_pairs_words(same)} set the same rule path, so where both are in a row the later replaces the "
               "other, which a model of pairwise interactions cannot express")
    covering = args.design == "covering" or (args.design == "auto" and len(houses) > COVERING_ABOVE and not same)
    if not args.no_simulation and covering:
        design, simulated = _covering(args, houses, rulesets)
        if why:
            design["warning"] = f"{why}: their pairs' terms, and the others', may be biased (--design all-pairs)"
    elif not args.no_simulation and args.design == "auto" and len(houses) > COVERING_ABOVE:
        why = f"every pair on its own, not the covering design: {why}"
    with open_store(args.db) as store, make_executor(args.executor, args.jobs or os.cpu_count() or 1,
                                                     args.scheduler) as executor:
        if not args.no_simulation:
            specs = list(simulated)
            portable = {_portable(s): s for s in specs}
            plan = RunPlan([(_portable(s), simulated[s].content_hash) for s in specs], players, args.policy,
                           args.seed, args.rounds, chunk_rounds, dirs, games=args.games, chunk_games=chunk_games,
                           situations=False)
            summaries, stats = run_comparison(plan, store, executor, progress=_progress_factory(args))
            data = {(portable[s], n): summary.to_json() for (s, n), summary in summaries.items()}
            chunks = {(portable[s], n): v for (s, n), v in chunk_summaries(plan, store).items()}
            if design is not None:
                contrasts = covering_effect_cells(ok, houses, args.edition, design["rows"], data, players, args.alpha,
                                                  chunks, identical=not mixed(args.policy))
            else:
                contrasts = effect_cells(ok, args.edition, data, players, args.alpha, chunks,
                                         identical=not mixed(args.policy))
            run.update(cells=stats.chunks, cached=stats.cached, computed=stats.computed,
                       chunks_computed=stats.computed)
        if not args.no_legality:
            _legality(args, pairs, cells, rulesets, players, store, executor, run, dirs, legality_key,
                      legality_cell_json)
    run.update(seconds=round(time.perf_counter() - started, 3), db=str(store.path), executor=executor.name)
    if args.executor == "local":
        run["jobs"] = args.jobs or os.cpu_count() or 1
    doc = interactions_document(
        edition={"spec": args.edition, "id": edition.id, "name": edition.name, "content_hash": edition.content_hash},
        houses=[{"spec": h, "id": singles[h].id, "name": singles[h].name.split(" + ", 1)[-1],
                 "content_hash": singles[h].content_hash,
                 "changes_nothing_for": [n for n in players if singles[h].for_players(n) == edition.for_players(n)]}
                for h in houses],
        pairs=pairs, players=players, cells=cells, effects=contrasts,
        settings={"players": players, "rounds": None if args.no_simulation else args.rounds,
                  "games": args.games, "policy": args.policy, "seed": args.seed,
                  "witness_size": None if args.no_legality else args.witness_size, "alpha": args.alpha,
                  "design": None if args.no_simulation else design or _all_pairs(houses, why)},
        run=run)
    if args.html:
        _write(args.html, render_interactions_html(doc),
               [*edition.files, *(f for r in singles.values() for f in r.files), store.path])
        doc["run"]["html"] = args.html
    if args.json:
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(render_interactions_text(doc))
    return 0


def _all_pairs(houses, why: str | None) -> dict:
    k = len(houses)
    return {"kind": "all-pairs", "rulesets": 1 + k + k * (k - 1) // 2, "all_pairs_rulesets": 1 + k + k * (k - 1) // 2,
            "why": why if why and why.startswith("every pair") else None}


def _pairs_words(pairs) -> str:
    names = [f"{p.a} and {p.b}" for p in pairs[:3]]
    return "; ".join(names) + (f" (and {len(pairs) - 3} more pairs)" if len(pairs) > 3 else "")


def _covering(args, houses, rulesets):
    """The covering design (:mod:`dosrules.comparison.interactions_design`) and the rulesets to
    simulate: one per row, the bare edition first."""
    from ..comparison.interactions_design import covering_design, row_spec

    loaded = {}

    def allowed(row) -> bool:
        spec = row_spec(args.edition, houses, row)
        if spec not in rulesets and spec not in loaded:
            loaded[spec] = _compose(spec, args)[0]
        return rulesets.get(spec, loaded.get(spec)) is not None

    design = covering_design(len(houses), args.strength, allowed)
    if not design["estimable"]:
        raise UsageError(f"no covering design of these {len(houses)} house rules lets every pair's interaction be "
                         "estimated: too many of their combinations do not compose",
                         fix="Give --design all-pairs, or leave out the house rules that do not compose together.")
    specs = [row_spec(args.edition, houses, r) for r in design["rows"]]
    k = len(houses)
    design.update(kind="covering", rulesets=len(specs), specs=specs, all_pairs_rulesets=1 + k + k * (k - 1) // 2,
                  model="main effects and every pairwise interaction (no three rules interacting together)")
    return design, {s: rulesets.get(s, loaded.get(s)) for s in specs}


def _legality(args, pairs, cells, rulesets, players, store, executor, run, dirs, key_of, cell_fn) -> None:
    """Every (pair, player count) legality cell: read from the store, the others run on the executor
    (as simulation chunks are) and stored as they finish."""
    timeout_ms = 5_000
    todo, keys = [], {}
    for pair in pairs:
        cell = cells[(pair.a, pair.b)]
        if "error" in cell:
            continue
        specs = [args.edition, f"{args.edition}+{pair.a}", f"{args.edition}+{pair.b}", pair.ab]
        for n in players:
            key = key_of([rulesets[s].content_hash for s in specs], n, args.witness_size, timeout_ms)
            keys[key] = (pair, n)
            todo.append((key, {"specs": [_portable(s) for s in specs], "players": n, "search_dirs": list(dirs),
                               "max_size": args.witness_size, "timeout_ms": timeout_ms}))
    found = store.get_many([k for k, _ in todo])
    run["cells"] += len(todo)
    run["cached"] += len(found)
    missing = [(k, item) for k, item in todo if k not in found]
    for i, result in executor.map_unordered(cell_fn, [item for _, item in missing]):
        key = missing[i][0]
        store.put(key, missing[i][1]["specs"][-1], result, result.get("seconds", 0.0))
        found[key] = result
        run["computed"] += 1
        run["legality_computed"] += 1
    for key, (pair, n) in keys.items():
        result = dict(found[key])
        result.pop("seconds", None)
        cells[(pair.a, pair.b)]["legality"][str(n)] = result
