"""Engine throughput: rounds per second of CPU time, and the engine's share of it.

    python benchmarks/bench_engine.py mattel-2018+reshuffle --players 4 --rounds 5000 --policy greedy

Plays whole games (seeds 0, 1, ...) until ``--rounds`` rounds are done, then replays the same
actions without agents to time the engine alone. Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dosrules import load_ruleset  # noqa: E402
from dosrules.play.agents import make_agent  # noqa: E402
from dosrules.engine import new_game  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("ruleset")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--rounds", type=int, default=5000)
    p.add_argument("--policy", default="greedy")
    p.add_argument("--profile", action="store_true", help="print the top of a cProfile run instead")
    args = p.parse_args()
    rs = load_ruleset(args.ruleset)
    if args.profile:
        import cProfile
        import pstats
        cProfile.runctx("play(rs, args)", globals(), {"rs": rs, "args": args}, "/tmp/bench_engine.prof")
        pstats.Stats("/tmp/bench_engine.prof").sort_stats("tottime").print_stats(25)
        return
    start = time.process_time()
    games, rounds, gaps = play(rs, args)
    full = time.process_time() - start
    start = time.process_time()
    for seed, actions in games:
        state = new_game(rs, args.players, seed, max_rounds=50)
        for action in actions:
            state.apply(action)
    engine = time.process_time() - start
    print(json.dumps({
        "ruleset": rs.id, "players": args.players, "policy": args.policy, "rounds": rounds,
        "rounds_per_sec": round(rounds / full), "engine_only_rounds_per_sec": round(rounds / engine),
        "engine_share": round(engine / full, 2), "rule_gap_rounds": gaps,
    }, indent=2))


def play(rs, args):
    games, rounds, gaps, seed = [], 0, 0, 0
    while rounds < args.rounds:
        state = new_game(rs, args.players, seed, max_rounds=50)
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
    return games, rounds, gaps


if __name__ == "__main__":
    main()
