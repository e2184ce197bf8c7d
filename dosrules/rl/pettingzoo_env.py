"""Every ruleset as a PettingZoo AEC environment with action masks.

    >>> from dosrules.rl.pettingzoo_env import env
    >>> e = env("mattel-2018+reshuffle", players=3)
    >>> e.reset(seed=1)
    >>> for agent in e.agent_iter():
    ...     obs, reward, terminated, truncated, info = e.last()
    ...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
    ...     e.step(action)

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers). Every agent's action space is
``Discrete(len(codebook))`` (the ids of ``codebook``); its observation is a dict of
``observation`` (the ``observation`` tensor, the agent's own hand and the public facts) and
``action_mask`` (1 for each legal id; all 0 for an agent not to act). Turns do not simply
rotate: a catch window hands the decision to the next seat, a turn has several actions, so
``agent_selection`` follows the engine. Chance is drawn inside the engine from the seed given to
``reset`` (no chance nodes). An episode is one round (``episode="round"``, the default) or a
whole game (``episode="game"``, at most ``max_rounds`` rounds); a round stops at ``max_turns``
turns. At the end every agent is rewarded its utility (``episode``): +1 for the winner, -1/(n-1)
for the others, 0 for all in a void round. An episode stopped by a bound (``max_turns``,
``max_rounds``, ``max_game_length``) is truncated with reward 0; one ended by the rules is
terminated. ``infos`` carry the scores, the winner and the rule gaps at the end.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv

from ..errors import UsageError
from .episode import DEFAULT_MAX_ROUNDS, DEFAULT_MAX_TURNS, Episode, RlGame
from .observation import Observation

__all__ = ["DosEnv", "env", "StepError"]


class StepError(UsageError, ValueError):
    """A ``step`` the environment cannot take: after the game is over and every agent has been
    removed, ``None`` for an agent still to act, an id that is not a whole number or not legal.
    A ValueError, as PettingZoo's own checks raise, and a dosrules UsageError (one paragraph)."""


class DosEnv(AECEnv, EzPickle):
    """One ruleset and player count as an AEC environment (``render_mode``: None, ``ansi`` or
    ``human``: the acting seat's observation string)."""

    metadata = {"name": "dosrules_v1", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, ruleset: str, players: int, *, episode: str = "round", max_turns: int = DEFAULT_MAX_TURNS,
                 max_rounds: int = DEFAULT_MAX_ROUNDS, max_game_length: int | None = None,
                 render_mode: str | None = None):
        EzPickle.__init__(self, ruleset, players, episode=episode, max_turns=max_turns, max_rounds=max_rounds,
                          max_game_length=max_game_length, render_mode=render_mode)
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise UsageError(f"render_mode is {render_mode!r}", path="render_mode",
                             fix=f"Choose None or one of: {', '.join(self.metadata['render_modes'])}.")
        self.render_mode = render_mode
        self.game = RlGame(ruleset, players, episode=episode, max_turns=max_turns, max_rounds=max_rounds,
                           max_game_length=max_game_length)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = list(self.possible_agents)
        self._observation = Observation(self.game)
        size, actions = self._observation.size, len(self.game.codebook)
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }) for a in self.possible_agents}
        self.episode: Episode | None = None
        self._rng = np.random.default_rng()
        self._legal: list[int] = []

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; ``seed`` makes it (and every game after it, unseeded) reproducible."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(2 ** 63))
        self.episode = self.game.new_episode(explicit=False, seed=game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[0]
        self._select()
        if self.episode.is_terminal():  # a round void before its first decision
            self._finish()

    def _select(self) -> None:
        ep = self.episode
        seat = ep.current_player()
        self._legal = ep.legal_ids()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        obs = self._observation
        obs.set_from(self.episode.observed(), seat)
        mask = np.zeros(len(self.game.codebook), np.int8)
        if agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent]):
            mask[self._legal] = 1
        return {"observation": obs.tensor.copy(), "action_mask": mask}

    def step(self, action) -> None:
        if self.episode is None:
            raise StepError("step() before reset(): there is no game yet", path="action",
                            fix="Call reset() first.")
        agent = self.agent_selection
        if agent not in self.agents:  # every agent has been stepped out of the finished game
            raise StepError(f"step({action!r}) after the game is over: every agent has left it (env.agents is "
                            "empty)", path="action", fix="Call reset() to start a new game; loop with "
                                                         "agent_iter(), which stops when the game is over.")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise StepError(f"{agent} is done (the game is over), so its only action is None, not {action!r}",
                                path="action", fix="Step None for an agent whose termination or truncation is "
                                                   "True, as PettingZoo's AEC loop does.")
            self._was_dead_step(action)
            return
        if action is None:
            raise StepError(f"step(None) while {agent} is to act: None is only for an agent that is done",
                            path="action", fix="Step an id whose action_mask entry is 1.")
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise StepError(f"action {action!r} is not an action id (a whole number)", path="action",
                            fix=f"Step an id from 0 to {len(self.game.codebook) - 1} whose action_mask entry is 1.")
        i = int(action)
        if i not in self._legal:
            text = str(self.game.codebook.action(i)) if 0 <= i < len(self.game.codebook) else "no action"
            raise StepError(f"action {i} ({text}) is not legal for {agent} now", path="action",
                            fix="Choose an id whose action_mask entry is 1.")
        self._cumulative_rewards[agent] = 0.0
        ep = self.episode
        ep.apply(i)
        self._select()
        if ep.is_terminal():
            self._finish()
        else:
            self._clear_rewards()
            self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def _finish(self) -> None:
        """The episode is over: rewards, terminated (by the rules) or truncated (by a bound), infos."""
        ep = self.episode
        utilities = ep.utilities()
        self.rewards = {a: utilities[s] for s, a in enumerate(self.possible_agents)}
        done = self.truncations if ep.truncated() else self.terminations
        for a in self.agents:
            done[a] = True
            self.infos[a] = {"scores": tuple(ep.state.scores), "winner": ep.winner(),
                             "rule_gaps": tuple(g.path for g in ep.gaps)}
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None or self.episode is None:
            return None
        seat = self.possible_agents.index(self.agent_selection)
        return self._observation.string_from(self.episode.observed(), seat)

    def close(self) -> None:
        pass


def env(ruleset: str, players: int, **kwargs) -> DosEnv:
    """The environment for ``ruleset`` (an id, a composition ``a+b`` or a path) and ``players``."""
    return DosEnv(ruleset, players, **kwargs)
