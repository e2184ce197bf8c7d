"""Evaluate a simple agent against the greedy bot under two editions, with win rates and 95% CIs.

    pip install 'dosrules[rl]'
    python examples/evaluate_against_greedy.py --agent mcts --games 20
    python examples/evaluate_against_greedy.py --agent random --editions mattel-2018+reshuffle,german --players 3

The agent takes seat ``g mod n`` in game ``g`` and dosrules' greedy bot (``dosrules.rl.bots.AgentBot``)
every other seat, so that over a multiple of ``n`` games each seat is the agent's equally often
and an advantage of playing first or last does not count as skill.
The games are OpenSpiel games (``dosrules.rl.openspiel_game``), played by OpenSpiel's
``evaluate_bots`` with explicit chance nodes. The agents:

* ``mcts``: OpenSpiel's ``MCTSBot`` over a determinization: before each decision the cards the
  agent cannot see (the other hands and the deck) are dealt again at random
  (``Episode.resampled``), and MCTS searches that deal. A leaf is valued by a greedy rollout to
  the end of the round: +1 if the agent's seat goes out first, -1/(n-1) if another seat does,
  0 for a void round; the search's prior puts half its weight on greedy's choice (PUCT). A
  simple, honest baseline (perfect-information Monte Carlo), not a strong player.
* ``random``: OpenSpiel's uniform random bot.

Greedy against greedy, seated the same way, wins 1/n of the games: the line to beat. The
interval is the Wilson score interval (``scipy.stats.binomtest``). See docs/rl.md.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts
from scipy.stats import binomtest

from dosrules.engine import Chance
from dosrules.engine.events import RoundScored
from dosrules.play.agents import make_agent
from dosrules.rl.bots import AgentBot
from dosrules.rl.deckchance import sample_outcome
from dosrules.rl.openspiel_game import DosState, load

ROLLOUT_ACTIONS = 2_000  # a rollout stops after this many actions (a round that will not end)


class RoundRollout(mcts.Evaluator):
    """Values a state by greedy play to the end of the round, chance drawn at random."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.greedy = make_agent("greedy", seed)

    def evaluate(self, state: DosState):
        state = state.clone()
        while state.is_chance_node():  # finish the step that led here
            state.apply_action(sample_outcome(state.chance_outcomes(), self.rng.random()))
        if state.is_terminal():
            return np.array(state.returns())
        engine = state.episode.state.copy()
        engine.chance = Chance(self.rng.randrange(2 ** 31))
        engine.chance.shuffle(engine.deck)  # the explicit-chance deck is unordered: give it an order
        n = engine.players
        agents = [make_agent("greedy", self.rng.randrange(2 ** 31)) for _ in range(n)]
        start = engine.round
        for _ in range(ROLLOUT_ACTIONS):
            for event in engine.apply(agents[engine.current_player()].act(engine)):
                if isinstance(event, RoundScored):
                    return np.array([1.0 if s == event.winner else -1.0 / (n - 1) for s in range(n)])
            if engine.is_terminal() or engine.round != start:
                break
        return np.zeros(n)

    def prior(self, state: DosState):
        """Half the prior on greedy's choice, the other half spread evenly (PUCT reads it)."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        episode = state.episode
        choice = episode.game.codebook.index(self.greedy.act(episode.state))
        rest = 0.5 / len(legal)
        return [(a, rest + (0.5 if a == choice else 0.0)) for a in legal]


class DeterminizedMCTS(pyspiel.Bot):
    """MCTS on a fresh deal of the hidden cards at each decision."""

    def __init__(self, game, simulations: int, seed: int):
        super().__init__()
        self.rng = random.Random(seed)
        self.mcts = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=RoundRollout(seed),
                                 solve=False, child_selection_fn=mcts.SearchNode.puct_value, random_state=np.random.RandomState(seed))

    def step(self, state: DosState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        determinized = DosState(state.get_game(), state.episode.resampled(seat, self.rng))
        return self.mcts.step(determinized)

    def restart_at(self, state) -> None:
        pass

    def inform_action(self, state, player_id, action) -> None:
        pass


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` out of ``n``."""
    if n == 0:
        return 0.0, 1.0
    ci = binomtest(wins, n).proportion_ci(0.95, method="wilson")
    return ci.low, ci.high


def evaluate(ruleset: str, players: int, agent: str, games: int, simulations: int, seed: int) -> dict:
    game = load(ruleset, players, episode="game")  # whole games, as the greedy bot plays them
    rng = np.random.RandomState(seed)
    wins = unfinished = 0
    by_seat = [[0, 0] for _ in range(players)]  # per seat of the agent: [wins, games]
    start = time.perf_counter()
    for g in range(games):
        seat = g % players  # the agent's seat this game
        me = (DeterminizedMCTS(game, simulations, seed * 1000 + g) if agent == "mcts"
              else pyspiel.make_uniform_random_bot(seat, seed * 1000 + g))
        bots = [me if s == seat else AgentBot("greedy", seed * 1000 + g * 10 + s) for s in range(players)]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        wins += returns[seat] == 1.0
        by_seat[seat][0] += returns[seat] == 1.0
        by_seat[seat][1] += 1
        unfinished += all(r == 0.0 for r in returns)
    lo, hi = wilson(wins, games)
    return {"ruleset": ruleset, "games": games, "wins": wins, "rate": wins / games, "ci95": (lo, hi), "by_seat": by_seat,
            "no_winner": unfinished, "seconds": time.perf_counter() - start}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--agent", choices=("mcts", "random"), default="mcts")
    p.add_argument("--editions", default="mattel-2018+reshuffle,german+reshuffle",
                   help="two (or more) rulesets, comma-separated (default: %(default)s)")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=20, help="games per edition (default 20)")
    p.add_argument("--simulations", type=int, default=30, help="MCTS simulations per decision (default 30)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    print(f"{args.agent} against greedy, taking each of the {args.players} seats in turn; "
          f"greedy against itself would win {1 / args.players:.0%}")
    for ruleset in args.editions.split(","):
        r = evaluate(ruleset.strip(), args.players, args.agent, args.games, args.simulations, args.seed)
        lo, hi = r["ci95"]
        print(f"{r['ruleset']:32} win rate {r['rate']:6.1%}  95% CI [{lo:.1%}, {hi:.1%}]  "
              f"({r['wins']}/{r['games']} games, {r['no_winner']} without a winner, {r['seconds']:.0f} s)")
        print(" " * 33 + "by seat: " + ", ".join(f"{w}/{n}" for w, n in r["by_seat"]))


if __name__ == "__main__":
    main()
