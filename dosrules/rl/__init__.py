"""Every ruleset as a game for reinforcement learning: OpenSpiel and PettingZoo (docs/rl.md).

Needs the extra: ``pip install 'dosrules[rl]'`` (open_spiel, pettingzoo, greenlet, numpy).

* ``codebook.Codebook``: one integer id for every action of a ruleset and player count.
* ``episode.RlGame`` / ``Episode``: a game as decisions by id, explicit chance nodes, a bounded
  length and utilities; ``observation.Observation``: what a seat sees.
* ``openspiel_game``: importing it registers the OpenSpiel game ``dosrules``
  (``pyspiel.load_game("dosrules", {"ruleset": "...", "players": n})``).
* ``pettingzoo_env.env(ruleset, players)``: the AEC environment.
* ``sample_outcome(state.chance_outcomes(), u)``: the outcome a uniform ``u`` picks at a chance node.

The names below are imported on first use, so that ``dosrules.rl.codebook`` needs nothing beyond
the core install.
"""

from __future__ import annotations

import importlib

__all__ = ["Codebook", "CODEBOOK_VERSION", "RlGame", "Episode", "Observation", "sample_outcome"]

_WHERE = {"Codebook": "codebook", "CODEBOOK_VERSION": "codebook", "RlGame": "episode", "Episode": "episode",
          "Observation": "observation", "sample_outcome": "deckchance"}


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
