"""Random playouts per second of CPU time: the OpenSpiel game and the PettingZoo environment
against ``dosrules simulate --policy random`` (needs ``pip install 'dosrules[rl]'``).

    python benchmarks/bench_rl.py mattel-2018+reshuffle --players 4 --games 10 --repeats 5

Every line plays ``--games`` whole games with uniformly random decisions: ``simulate`` runs the
chunks ``dosrules simulate --policy random --games N`` runs (in this process); ``openspiel``
plays ``pyspiel`` states from Python, sampling each chance node from ``chance_outcomes()``;
``engine`` replays the games ``openspiel`` played through the engine alone (the legal actions
generated at each decision, as ``simulate`` does), a control on the very same games;
``pettingzoo`` steps the AEC environment, sampling from the action mask. With ``--repeats`` the
ways take turns, and each figure is the median over the repeats (decisions per CPU second, and
the cost against the ``simulate`` run of the same repeat). Prints figures; it is not a test.

The ``dosrules`` measured is the installed one (a wheel's compiled engine, or an editable
install), this checkout's source only when none is installed; ``build`` in the output says which
(its directory, and whether the engine is compiled). Before, the checkout came first on the path,
so a wheel run from the checkout measured the Python source.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from installed import build  # noqa: E402  # the installed dosrules (benchmarks/installed.py)

from dosrules.play.simulate import plan_chunks, run_chunks  # noqa: E402
from dosrules.rl.deckchance import sample_outcome  # noqa: E402


def simulate(ruleset: str, players: int, games: int, seed: int) -> dict:
    specs = plan_chunks(ruleset, players, "random", seed, games=games)
    start = time.process_time()
    results = run_chunks(specs)
    cpu = time.process_time() - start
    return {"games": sum(r.games + r.games_stopped for r in results),
            "decisions": sum(r.actions for r in results), "chance_nodes": None, "cpu": cpu}


def openspiel(ruleset: str, players: int, games: int, seed: int) -> dict:
    from dosrules.rl.openspiel_game import load
    game = load(ruleset, players, episode="game")  # whole games, as simulate plays them
    rng = random.Random(seed)
    decisions = chance = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_outcome(state.chance_outcomes(), rng.random())
                chance += 1
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                decisions += 1
            state.apply_action(action)
    return {"games": games, "decisions": decisions, "chance_nodes": chance, "cpu": time.process_time() - start}


def engine(ruleset: str, players: int, games: int, seed: int) -> dict:
    """The games ``openspiel`` plays, replayed through the engine alone: the same decisions, each
    after generating the legal actions as ``simulate`` does, and the same cards (a control that
    leaves out the difference between two sets of random games)."""
    import pyspiel

    from dosrules.engine.state import State
    from dosrules.rl.deckchance import DeckChance
    from dosrules.rl.openspiel_game import load
    game = load(ruleset, players, episode="game")  # whole games, as simulate plays them
    rl = game.rl
    recorded = []
    rng = random.Random(seed)
    for _ in range(games):  # the openspiel games, recorded (not timed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_outcome(state.chance_outcomes(), rng.random())
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
        outcomes = [h.action for h in state.full_history() if h.player == pyspiel.PlayerId.CHANCE]
        actions = [rl.codebook.action(h.action) for h in state.full_history() if h.player >= 0]
        recorded.append((outcomes, actions))
    decisions = 0
    start = time.process_time()
    for outcomes, actions in recorded:
        state = State(rl.compiled, DeckChance(rl.compiled, outcomes),  # the episode's bounds: a round
                      max_rounds=rl.max_rounds, max_turns=rl.max_turns)  # it truncates ends here too
        state.begin()
        for action in actions:
            state.legal_actions()
            state.apply(action)
            state.events.clear()
            state.history.clear()
        decisions += len(actions)
    return {"games": games, "decisions": decisions, "chance_nodes": None, "cpu": time.process_time() - start}


def pettingzoo(ruleset: str, players: int, games: int, seed: int) -> dict:
    from dosrules.rl.pettingzoo_env import env
    e = env(ruleset, players, episode="game")
    decisions = 0
    start = time.process_time()
    for g in range(games):
        e.reset(seed=seed + g)
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(e.action_space(agent).sample(obs["action_mask"]))
            decisions += 1
    return {"games": games, "decisions": decisions, "chance_nodes": None, "cpu": time.process_time() - start}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("ruleset")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeats", type=int, default=1,
                   help="play every way this many times, interleaved; report medians")
    p.add_argument("--only", choices=("simulate", "openspiel", "engine", "pettingzoo"), action="append")
    args = p.parse_args()
    runs = {"simulate": simulate, "openspiel": openspiel, "engine": engine, "pettingzoo": pettingzoo}
    names = args.only or list(runs)
    for name in names:  # warm up: load the ruleset, build the codebook
        runs[name](args.ruleset, args.players, 1, args.seed)
    rates: dict[str, list[float]] = {name: [] for name in names}
    costs: dict[str, list[float]] = {name: [] for name in names}
    same_games: list[float] = []  # openspiel against the engine on the same games
    out = {}
    for _ in range(args.repeats):
        for name in names:
            r = runs[name](args.ruleset, args.players, args.games, args.seed)
            rates[name].append(r["decisions"] / r["cpu"])
            out[name] = r
        if "simulate" in names:  # each way against simulate in the same repeat, run next to it
            for name in names:
                costs[name].append(rates["simulate"][-1] / rates[name][-1])
        if "engine" in names and "openspiel" in names:
            same_games.append(rates["engine"][-1] / rates["openspiel"][-1])
    for name, r in out.items():
        r["cpu"] = round(r["cpu"], 2)
        r["decisions_per_cpu_sec"] = round(statistics.median(rates[name]))
        r["decisions_per_cpu_sec_range"] = [round(min(rates[name])), round(max(rates[name]))]
        if costs[name]:
            r["cost_vs_simulate"] = round(statistics.median(costs[name]), 2)
            r["cost_vs_simulate_range"] = [round(min(costs[name]), 2), round(max(costs[name]), 2)]
    if same_games:
        out["openspiel"]["cost_vs_engine_same_games"] = round(statistics.median(same_games), 2)
        out["openspiel"]["cost_vs_engine_same_games_range"] = [round(min(same_games), 2), round(max(same_games), 2)]
    print(json.dumps({"ruleset": args.ruleset, "players": args.players, "games": args.games,
                      "repeats": args.repeats, "build": build(), **out}, indent=2))


if __name__ == "__main__":
    main()
