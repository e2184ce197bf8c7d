"""How good are the search agent's single decisions? Decision rules judged against a reference.

    python benchmarks/bench_search_decisions.py                       # mattel-2018, 4 players
    python benchmarks/bench_search_decisions.py --players 2 --positions 30

It collects ``--positions`` positions where the search agent has a real choice (more than one of
its ``--width`` candidates), met in games greedy plays at every seat (every fifth such position,
from game seeds 101, 102, ...), with the edition's silences filled as ``bench_search.py`` fills
them. For each position it estimates every candidate's value (the search agent's rollout outcome:
its points less the mean of the others', ± the target at the game's end) twice, from two
independent sets of ``--worlds`` determinisations: a **reference** and a **pool**. A decision rule
(flat Monte Carlo over S worlds per candidate, with or without a margin; successive halving over
a budget of rollouts) is replayed on disjoint slices of the pool, and judged by the reference
value of what it picks, less the reference value of greedy's choice. It prints, per rule, that
mean gain over greedy's choice (in outcome points per decision), beside the gain of a perfect
choice (the reference's best). A rule that picks noise has a gain near or below 0.

This isolates the decision from the game: a rule's gain here is what it adds per decision, with
the rollout policy and the objective fixed. It is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import installed  # noqa: E402,F401  # the installed dosrules (benchmarks/installed.py)

from bench_search import filled_spec  # noqa: E402
from dosrules.engine import Phase, new_game  # noqa: E402
from dosrules.engine.actions import CALL_DOS  # noqa: E402
from dosrules.engine.state import State  # noqa: E402
from dosrules.play.agents import GreedyAgent  # noqa: E402
from dosrules.play.search import SearchAgent, _paired_z, _RolloutChance, candidates, determinise, \
    halving_schedule  # noqa: E402
from dosrules.play.inference import observed_limits  # noqa: E402
from dosrules.play.simulate import load_cached  # noqa: E402


def positions(spec: str, players: int, want: int, width: int) -> list[State]:
    """Every fifth position with a real choice, in greedy games from seed 101 on."""
    ruleset = load_cached(spec)
    found: list[State] = []
    seed = 100
    while len(found) < want:
        seed += 1
        state = new_game(ruleset, players, seed, max_rounds=30)
        agents = [GreedyAgent(s) for s in range(players)]
        met = 0
        while not state.is_terminal() and len(found) < want:
            if state.phase in (Phase.TURN, Phase.BONUS):
                default = GreedyAgent().act(state)
                if default != CALL_DOS and len(candidates(state, default, width)) > 1:
                    met += 1
                    if met % 5 == 0:
                        found.append(state.copy())
            seat = state.current_player()
            assert seat is not None
            state.apply(agents[seat].act(state))
    return found


def outcomes(state: State, width: int, worlds: int, rng: random.Random, turns: int = 200,
             deal: str = "uniform") -> list[list[float]]:
    """Each candidate's rollout outcome in each of ``worlds`` determinisations (common to all),
    rollouts cut off after ``turns`` turns (and scored by the agent's cut-off evaluation).
    ``deal``: how the hidden cards are dealt: ``uniform`` (as the agent by default), ``inferred``
    (within what the others' draws tell: ``search:infer=1``), ``true`` (the real hands, the deck
    shuffled: what an agent that knew the others' hands would sample)."""
    me = state.current_player()
    assert me is not None
    agent = SearchAgent(0, width=width, turns=turns)
    agent._players = [GreedyAgent(0) for _ in range(state.players)]
    options = candidates(state, GreedyAgent().act(state), width)
    values: list[list[float]] = [[] for _ in options]
    limits = observed_limits(state, me) if deal == "inferred" else None
    for _ in range(worlds):
        if deal == "true":
            world = state.copy()
            world.events, world.history = [], []
            rng.shuffle(world.deck)
        else:
            world = determinise(state, me, rng, limits)
        world.chance = _RolloutChance(rng.getrandbits(63))
        world.max_rounds, world.max_turns = state.round, state.turn_number + agent.turns
        for i, action in enumerate(options):
            game = world.copy()
            game.apply(action, trusted=True)
            values[i].append(agent._rollout(game, me, state.scores))
    return values


def flat(values: list[list[float]], lo: int, samples: int, margin: float = 0.0) -> int:
    totals = [sum(v[lo:lo + samples]) for v in values]
    best = max(range(len(values)), key=lambda i: (totals[i], -i))
    if best and margin > 0 and _paired_z(values[best][lo:lo + samples], values[0][lo:lo + samples]) < margin:
        return 0
    return best


def halving(values: list[list[float]], lo: int, samples: int) -> int:
    """The agent's successive halving, replayed on the pool from world ``lo``."""
    alive, used = list(range(len(values))), 0
    for count in halving_schedule(len(values), samples * len(values)):
        used += count
        alive.sort(key=lambda i: (-sum(values[i][lo:lo + used]), i))
        alive = sorted(alive[:(len(alive) + 1) // 2])
    return alive[0]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--edition", default="mattel-2018")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--positions", type=int, default=60)
    p.add_argument("--worlds", type=int, default=512, help="determinisations for the reference, and for the pool")
    p.add_argument("--width", type=int, default=4)
    p.add_argument("--infer", action="store_true",
                   help="judge dealing within what the others' draws tell against the true hands instead")
    p.add_argument("--turns", default="", help="cut-offs to judge too, e.g. 0,2,4: rollouts cut off after that "
                                               "many turns and scored by the agent's cut-off evaluation")
    args = p.parse_args()
    spec = filled_spec(args.edition, args.players)
    if args.infer:
        return judge_inference(args, spec)
    cutoffs = [int(t) for t in args.turns.split(",")] if args.turns else []
    data = []
    cut: dict[int, list[list[list[float]]]] = {t: [] for t in cutoffs}
    spent = {t: 0.0 for t in [200] + cutoffs}
    for i, state in enumerate(positions(spec, args.players, args.positions, args.width)):
        reference = [statistics.mean(v) for v in outcomes(state, args.width, args.worlds, random.Random(1000 + i))]
        started = time.process_time()
        data.append((reference, outcomes(state, args.width, args.worlds, random.Random(5000 + i))))
        spent[200] += time.process_time() - started
        for t in cutoffs:
            started = time.process_time()
            cut[t].append(outcomes(state, args.width, args.worlds, random.Random(5000 + i), t))
            spent[t] += time.process_time() - started
    perfect = statistics.mean(max(ref) - ref[0] for ref, _ in data)
    greedy_best = sum(max(ref) == ref[0] for ref, _ in data)
    print(f"{args.edition} {args.players}p, {len(data)} positions, {args.worlds} reference worlds each: "
          f"greedy's choice is the best in {greedy_best}; a perfect choice gains {perfect:+.2f} points per decision")

    def judge(name: str, span: int, rule, pools=None) -> None:
        if span > args.worlds:
            return
        pairs = data if pools is None else [(ref, pool) for (ref, _), pool in zip(data, pools)]
        gains = [statistics.mean(ref[rule(pool, c * span)] - ref[0] for c in range(args.worlds // span))
                 for ref, pool in pairs]
        print(f"  {name:44} gain over greedy's choice {statistics.mean(gains):+.2f}")

    rollouts = len(data) * args.worlds * args.width
    print(f"  rollouts to the round's end: {rollouts / spent[200]:.0f} per CPU second (at most {args.width} "
          "candidates per position)")
    for s in (4, 8, 16, 32, 64, 128):
        judge(f"flat, {s} worlds per candidate", s, lambda pool, lo, s=s: flat(pool, lo, s))
    for m in (1.0, 2.0):
        judge(f"flat, 32 worlds, margin {m:g}", 32, lambda pool, lo, m=m: flat(pool, lo, 32, m))
    for s in (32, 64, 128, 256):
        judge(f"halving, budget {s} per candidate", 2 * s, lambda pool, lo, s=s: halving(pool, lo, s))
    for t in cutoffs:
        print(f"  cut off after {t} turns: {spent[200] / spent[t]:.1f} times as many rollouts per CPU second")
        for s in (8, 16, 32, 64, 128):
            judge(f"turns={t}, flat, {s} worlds", s, lambda pool, lo, s=s: flat(pool, lo, s), cut[t])
        for s in (32, 64, 128):
            judge(f"turns={t}, halving, budget {s}", 2 * s, lambda pool, lo, s=s: halving(pool, lo, s), cut[t])

def judge_inference(args, spec: str) -> None:
    """``--infer``: the reference knows the others' true hands (the deck shuffled); halving on
    uniformly dealt worlds and on worlds dealt within the observed limits is judged by it."""
    data = []
    limited = 0
    for i, state in enumerate(positions(spec, args.players, args.positions, args.width)):
        limited += bool(observed_limits(state, state.current_player()))
        reference = [statistics.mean(v) for v in outcomes(state, args.width, args.worlds, random.Random(1000 + i),
                                                          deal="true")]
        pools = {deal: outcomes(state, args.width, args.worlds, random.Random(5000 + i), deal=deal)
                 for deal in ("uniform", "inferred")}
        data.append((reference, pools))
    perfect = statistics.mean(max(ref) - ref[0] for ref, _ in data)
    print(f"{args.edition} {args.players}p, {len(data)} positions ({limited} with limits on a hand), "
          f"reference: {args.worlds} worlds with the true hands; a perfect choice gains {perfect:+.2f}")
    for s in (32, 64, 128):
        span = 2 * s
        if span > args.worlds:
            continue
        for deal in ("uniform", "inferred"):
            gains = [statistics.mean(ref[halving(pools[deal], c * span, s)] - ref[0]
                                     for c in range(args.worlds // span)) for ref, pools in data]
            print(f"  halving, budget {s:3} per candidate, {deal:8} worlds: gain over greedy's choice "
                  f"{statistics.mean(gains):+.2f}")


if __name__ == "__main__":
    main()
