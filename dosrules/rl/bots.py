"""dosrules agents as OpenSpiel bots, to play them against any OpenSpiel algorithm.

``AgentBot("greedy")`` plays like ``dosrules simulate --policy greedy`` for the seat it is
asked about: it reads the engine state the game wraps (as an agent does in ``simulate``) and
answers with the codebook id of its action. It works with ``open_spiel.python.algorithms.
evaluate_bots.evaluate_bots`` and anything else that calls ``step``.
"""

from __future__ import annotations

import pyspiel

from ..play.agents import parse_agent_spec
from .openspiel_game import DosState

__all__ = ["AgentBot"]


class AgentBot(pyspiel.Bot):
    """A dosrules agent by spec (``random``, ``greedy``, ``greedy:forget=0.2``) as a pyspiel bot."""

    def __init__(self, spec: str = "greedy", seed: int = 0):
        super().__init__()
        self.spec = spec
        self.agent = parse_agent_spec(spec, seed)

    def step(self, state: DosState) -> int:
        episode = state.episode
        return episode.game.codebook.index(self.agent.act(episode.state))

    def restart_at(self, state) -> None:
        pass

    def inform_action(self, state, player_id, action) -> None:
        pass

    def __repr__(self) -> str:
        return f"AgentBot({self.spec!r})"
