"""Every ruleset as an OpenSpiel game: ``pyspiel.load_game("dosrules", {"ruleset": ..., "players": n})``.

Importing this module registers the game ``dosrules`` (as OpenSpiel's own Python games do). Its
parameters are ``ruleset`` (an id, a composition ``a+b`` or a path), ``players``, ``episode``
(``round``: one round, the default; ``game``: rounds to the target), ``max_turns`` (per round),
``max_rounds`` (per game) and ``max_game_length`` (0: the bound computed from the others and the
rules; else a smaller cap on decisions). Chance is explicit:
the first-dealer draw, every card dealt or drawn (a reshuffle puts the discard back into the
deck, whose next cards are chance outcomes) and every lot is a chance node, with the card face
(or the seat) as its outcome. A catch window is a decision of the seat that may catch (``catch-dos
S`` or ``pass``). Utilities, the rule-gap outcome and the length bound are those of
``episode``; the action ids are the ``codebook``'s; observations are ``observation``'s and hide
the other hands. See docs/rl.md.
"""

from __future__ import annotations

import copy

import numpy as np
import pyspiel

from ..engine.events import Event
from ..ruleset.loader import shipped_ids
from .deckchance import LOT
from .episode import CHANCE, DEFAULT_MAX_ROUNDS, DEFAULT_MAX_TURNS, Episode, RlGame
from .observation import Observation

__all__ = ["GAME_NAME", "DosGame", "DosState", "load"]

GAME_NAME = "dosrules"
_MAX_PLAYERS = 10  # what the game type admits; each ruleset says its own range

_DEFAULT_RULESET = (shipped_ids("editions") or [""])[0]  # the first shipped edition, by file name
_CHANCE, _TERMINAL = pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="DOS (dosrules: any edition or house-rule composition)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"ruleset": _DEFAULT_RULESET, "players": 2, "episode": "round",
                             "max_turns": DEFAULT_MAX_TURNS, "max_rounds": DEFAULT_MAX_ROUNDS,
                             "max_game_length": 0},
)


class DosGame(pyspiel.Game):
    """One ruleset and player count (the game parameters) as an OpenSpiel game."""

    def __init__(self, params=None):
        params = dict(params or {})
        spec = {**GAME_TYPE.parameter_specification, **params}
        cap = int(spec["max_game_length"])
        rl = RlGame(str(spec["ruleset"]), int(spec["players"]), episode=str(spec["episode"]),
                    max_turns=int(spec["max_turns"]), max_rounds=int(spec["max_rounds"]),
                    max_game_length=cap if cap else None)
        info = pyspiel.GameInfo(
            num_distinct_actions=rl.num_distinct_actions,
            max_chance_outcomes=rl.max_chance_outcomes,
            num_players=rl.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=rl.max_game_length)
        super().__init__(GAME_TYPE, info, params)
        self.rl = rl

    def new_initial_state(self) -> "DosState":
        return DosState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "DosObserver":
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return DosObserver(self.rl, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class DosState(pyspiel.State):
    """A game in progress: an ``episode.Episode`` with explicit chance.

    The queries ``current_player``, ``is_chance_node``, ``is_terminal`` and ``legal_actions``
    are answered here in Python, as OpenSpiel's C++ ``State`` answers them, so that a caller in
    Python does not pass through C++ and back for each; OpenSpiel's C++ code (e.g.
    ``random_sim_test``) reaches the same answers through ``_legal_actions`` and the rest."""

    def __init__(self, game: DosGame, episode: Episode | None = None):
        super().__init__(game)
        self.rl = game.rl
        self.episode = episode if episode is not None else game.rl.new_episode(explicit=True)
        self._player = self._who()

    def _who(self) -> int:
        p = self.episode.current_player()
        if p is None:
            return _TERMINAL
        return _CHANCE if p == CHANCE else p

    def current_player(self) -> int:
        return self._player

    def is_chance_node(self) -> bool:
        return self._player is _CHANCE

    def is_player_node(self) -> bool:
        return self._player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal ids of ``player`` (default: the one to act); at a chance node its outcomes."""
        episode = self.episode
        if episode.request is not None:
            return episode.request.ids()
        if player is not None and player != self._player:
            return []
        return episode.legal_ids()

    def _legal_actions(self, player: int) -> list[int]:
        if player != self._player:
            return []
        return self.episode.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        request = self.episode.request
        if request is None:
            raise ValueError("not a chance node")
        return request.outcomes

    def _apply_action(self, action: int) -> None:
        episode = self.episode
        episode.apply(action)
        if episode.request is not None:
            self._player = _CHANCE
        else:  # self._who(), inline: this runs at every node
            p = episode.current_player()
            self._player = _TERMINAL if p is None else p

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            req = self.episode.request
            if req is not None and req.kind == LOT:
                return f"lot: seat {action}"
            return f"card: {self.rl.compiled.faces[action]}"
        return str(self.rl.codebook.action(action))

    def is_terminal(self) -> bool:
        return self._player is _TERMINAL

    def returns(self) -> list[float]:
        return self.episode.utilities()

    def rewards(self) -> list[float]:
        return self.episode.utilities()

    def last_events(self) -> list[Event]:
        """The engine events of the last completed step (including what chance dealt: not an
        observation; use ``observation_string`` for what a seat sees)."""
        return list(self.episode.last_events)

    def __str__(self) -> str:
        state = self.episode.observed()
        text = str(state)
        if self.episode.request is not None:
            text += f"\n  chance: {self.episode.request.kind}"
        return text

    def __deepcopy__(self, memo) -> "DosState":
        return self.clone()  # OpenSpiel's: a new initial state given copies of the attributes and the history


class DosObserver:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, rl: RlGame, iig_obs_type):
        if iig_obs_type.perfect_recall:
            raise ValueError("dosrules offers observations without perfect recall: "
                             "use pyspiel.IIGObservationType(perfect_recall=False)")
        private = {pyspiel.PrivateInfoType.SINGLE_PLAYER: "single", pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
                   pyspiel.PrivateInfoType.NONE: "none"}[iig_obs_type.private_info]
        self.observation = Observation(rl, private=private, public=iig_obs_type.public_info)
        self.tensor = self.observation.tensor
        self.dict = self.observation.dict

    def set_from(self, state: DosState, player: int) -> None:
        self.observation.set_from(state.episode.observed(), player)

    def string_from(self, state: DosState, player: int) -> str:
        return self.observation.string_from(state.episode.observed(), player)


def load(ruleset: str, players: int, **params) -> DosGame:
    """``pyspiel.load_game("dosrules", {"ruleset": ruleset, "players": players, ...})``."""
    return pyspiel.load_game(GAME_NAME, {"ruleset": ruleset, "players": players, **params})


pyspiel.register_game(GAME_TYPE, DosGame)
