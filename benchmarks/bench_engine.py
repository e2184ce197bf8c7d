"""Engine throughput: dosrules' rounds per second against a hand-written engine, interleaved.

    python benchmarks/bench_engine.py                      # mattel-2018+reshuffle, 4 players, greedy
    python benchmarks/bench_engine.py --pairs 6 --rounds 4000
    python benchmarks/bench_engine.py --profile            # the top of a cProfile run of dosrules
    python benchmarks/bench_engine.py --engine-only german --policy random

The yardstick is ``reference_engine.py`` (beside this file): Mattel 2018 + reshuffle written by
hand for that one ruleset, every seat played as dosrules' greedy plays. Each pair plays whole
greedy games (seeds 0, 1, ...) until ``--rounds`` rounds are done, first with dosrules
(``new_game`` and ``GreedyAgent``, the loop ``simulate`` runs), then with the reference; the
figure is rounds per second of CPU time (the cyclic collector paused for both, as ``simulate``
does), and the ratio dosrules / reference pair by pair. What the two played is printed beside
(turns and cards drawn per round, void rounds), so that the rounds are the same work; beside it,
``simulate``'s chunks of the same ruleset (the game loop and the per-round statistics it keeps)
against the same reference run. The build
is the one this Python imports: a wheel (``pip install .``: the engine compiled by mypyc) or an
editable install (pure Python); the first line says which.

``--engine-only RULESET``: dosrules alone on any ruleset: its rounds per second with the agents,
and replaying the same actions without them (the engine's share). Prints figures; not a test.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference_engine  # noqa: E402
from dosrules import load_ruleset  # noqa: E402
from dosrules.engine import new_game  # noqa: E402
from dosrules.play.agents import make_agent  # noqa: E402

REFERENCE_RULES = "mattel-2018+reshuffle"
MAX_ROUNDS = 50


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--rounds", type=int, default=3000, help="rounds per run (whole games until reached)")
    p.add_argument("--pairs", type=int, default=4, help="dosrules/reference pairs, interleaved")
    p.add_argument("--policy", default="greedy", help="with --engine-only: the agents' policy")
    p.add_argument("--engine-only", metavar="RULESET", help="dosrules alone on RULESET (no reference)")
    p.add_argument("--profile", action="store_true", help="print the top of a cProfile run of dosrules instead")
    args = p.parse_args()
    if args.profile:
        import cProfile
        import pstats
        rs = load_ruleset(args.engine_only or REFERENCE_RULES)
        cProfile.runctx("play_dosrules(rs, args.players, args.rounds, args.policy)", globals(),
                        {"rs": rs, "args": args}, "/tmp/bench_engine.prof")
        pstats.Stats("/tmp/bench_engine.prof").sort_stats("tottime").print_stats(30)
        return
    if args.engine_only:
        engine_only(args)
        return
    versus_reference(args)


def build() -> str:
    """Which dosrules this is: the engine compiled by mypyc, or Python."""
    import dosrules.engine.state as st
    return "compiled (mypyc)" if not st.__file__.endswith(".py") else "Python (editable or DOSRULES_MYPYC=0)"


def versus_reference(args) -> None:
    rs = load_ruleset(REFERENCE_RULES)
    n, rounds = args.players, args.rounds
    print(f"dosrules {build()}; {REFERENCE_RULES}, {n} players, greedy, {rounds} rounds per run, "
          f"{args.pairs} pairs; load average {' '.join(f'{x:.2f}' for x in _loadavg())}")
    play_dosrules(rs, n, 200, "greedy")  # warm-up: compiled rules, the planner's tables
    play_reference(n, 200)
    play_chunks(n, 250)
    ratios, sim_ratios, ours, sims, theirs = [], [], [], [], []
    stats = None
    for k in range(args.pairs):
        sec_d, done_d, stats_d = play_dosrules(rs, n, rounds, "greedy")
        sec_r, done_r, stats_r = play_reference(n, rounds)
        sec_s, done_s = play_chunks(n, rounds)
        rd, rr, rs_ = done_d / sec_d, done_r / sec_r, done_s / sec_s
        ours.append(rd)
        theirs.append(rr)
        sims.append(rs_)
        ratios.append(rd / rr)
        sim_ratios.append(rs_ / rr)
        print(f"pair {k + 1}: dosrules {rd:7.0f} rounds/s  reference {rr:7.0f} rounds/s  ratio {rd / rr:.2f}   "
              f"(simulate's chunks {rs_:7.0f} rounds/s, ratio {rs_ / rr:.2f})")
        stats = (stats_d, stats_r)
    print(f"median: dosrules {statistics.median(ours):.0f}, reference {statistics.median(theirs):.0f} rounds/s; "
          f"ratio median {statistics.median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f})")
    print(f"simulate's chunks (the game loop and its statistics): {statistics.median(sims):.0f} rounds/s; ratio "
          f"median {statistics.median(sim_ratios):.2f} (min {min(sim_ratios):.2f}, max {max(sim_ratios):.2f})")
    assert stats is not None
    print("what they played (last pair), per round: " + json.dumps({"dosrules": stats[0], "reference": stats[1]}))


def play_dosrules(rs, players: int, rounds: int, policy: str):
    """Whole games until ``rounds`` rounds: (CPU seconds, rounds, what was played)."""
    done = seed = 0
    games = []
    gc.disable()
    start = time.process_time()
    try:
        while done < rounds:
            state = new_game(rs, players, seed, max_rounds=MAX_ROUNDS)
            agents = [make_agent(policy, seed * 10 + i) for i in range(players)]
            while not state.is_terminal():
                state.apply(agents[state.current_player()].act(state), trusted=True)
            done += state.round
            games.append(state)
            seed += 1
        seconds = time.process_time() - start
    finally:
        gc.enable()
    turns = drawn = void = 0
    for state in games:
        for e in state.events:
            kind = e.kind
            if kind == "turn":
                turns += 1
            elif kind == "drew":
                drawn += len(e.cards)
            elif kind == "round-void":
                void += 1
    return seconds, done, _per_round(done, turns, drawn, void)


def play_chunks(players: int, rounds: int):
    """``simulate``'s own work for ``rounds`` rounds (chunks of the ruleset as written, greedy):
    (CPU seconds, rounds). Its statistics cost beyond the game loop."""
    from dosrules.play.simulate import plan_chunks, run_chunk

    start = time.process_time()
    done = sum(run_chunk(spec).rounds for spec in plan_chunks(REFERENCE_RULES, players, "greedy", 1, rounds=rounds))
    return time.process_time() - start, done


def play_reference(players: int, rounds: int):
    stats = reference_engine.RoundStats()
    seed = 0
    gc.disable()
    start = time.process_time()
    try:
        while stats.rounds < rounds:
            reference_engine.Game(players, seed, MAX_ROUNDS, stats).play()
            seed += 1
        seconds = time.process_time() - start
    finally:
        gc.enable()
    return seconds, stats.rounds, _per_round(stats.rounds, stats.turns, stats.drawn, stats.void)


def _per_round(rounds: int, turns: int, drawn: int, void: int) -> dict:
    return {"rounds": rounds, "turns": round(turns / rounds, 2), "cards_drawn": round(drawn / rounds, 2),
            "void_share": round(void / rounds, 3)}


def _loadavg() -> tuple[float, ...]:
    import os
    return os.getloadavg()


def engine_only(args) -> None:
    rs = load_ruleset(args.engine_only)
    start = time.process_time()
    games, rounds, gaps = [], 0, 0
    seed = 0
    while rounds < args.rounds:
        state = new_game(rs, args.players, seed, max_rounds=MAX_ROUNDS)
        agents = [make_agent(args.policy, seed * 10 + i) for i in range(args.players)]
        actions = []
        while not state.is_terminal():
            action = agents[state.current_player()].act(state)
            actions.append(action)
            state.apply(action)
        rounds += state.round
        gaps += sum(e.kind == "rule-gap" and e.voids for e in state.events)
        games.append((seed, actions))
        seed += 1
    full = time.process_time() - start
    start = time.process_time()
    for seed, actions in games:
        state = new_game(rs, args.players, seed, max_rounds=MAX_ROUNDS)
        for action in actions:
            state.apply(action)
    engine = time.process_time() - start
    print(json.dumps({
        "build": build(), "ruleset": rs.id, "players": args.players, "policy": args.policy, "rounds": rounds,
        "rounds_per_sec": round(rounds / full), "engine_only_rounds_per_sec": round(rounds / engine),
        "engine_share": round(engine / full, 2), "rule_gap_rounds": gaps,
    }, indent=2))


if __name__ == "__main__":
    main()
