"""One game of a ruleset as reinforcement learning sees it: decisions by action id, chance as
explicit nodes (or drawn inside), a bounded length, a terminal utility per seat.

``RlGame`` holds what is fixed for a (ruleset, player count): the compiled rules, the action
codebook and the length bound. ``Episode`` is one game in progress. Both
the OpenSpiel game and the PettingZoo environment are thin layers over these (docs/rl.md).

**Chance.** With ``explicit=True`` (OpenSpiel) every card leaving the deck and every lot is a
chance node: ``current_player()`` is ``CHANCE`` and ``chance_outcomes()`` lists the outcomes
(``deckchance``). An engine step (an action and all that follows it, e.g. the next deal) is
ordinary code that cannot stop halfway, so it runs in the episode's greenlet, suspended while
chance decides (once for the cards of one take, each card still its own chance node; once per
lot). The position before the pending step, for observations and copies at a chance node, is
made only when asked for (``Episode._before``); a copy replays the step with the outcomes chosen
so far. Otherwise chance is the engine's own ``Chance(seed)``, inside each step.

**Episodes.** ``episode="round"`` (the default) is one round: it ends when the round does
(scored, or void at a rule gap). A round that ends before anyone decides anything (void at
its first turn's start, say) offers nothing to learn from and is dealt again, as the engine
does between rounds; the episode's round is the first with a decision. ``episode="game"`` plays rounds to the target, at most
``max_rounds`` of them. Either way a round stops at ``max_turns`` turns (truncated: a round in
which nobody goes out). ``max_game_length``, the most decisions an episode can take, is computed
from these bounds and the rules (:func:`decision_bound`); a smaller cap may be given.

**Outcomes** (the utilities): the seat that wins (goes out and scores the round, or reaches
the target in a game) gets +1, every other seat -1/(n-1); an episode without a winner (a void
round, or one stopped by a bound) gives 0 to every seat. A rule gap is what the engine makes of
it (docs/engine.md, "Rule gaps"): the round is void and nobody scores (in a game the next round
is dealt); the gaps met are in ``Episode.gaps``. A rule gap settled by lot (who deals or plays
first, when the ruleset is silent) is a chance node.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

# the rl extra's; untyped, and absent where mypyc compiles this module (setup.py)
from greenlet import getcurrent, greenlet  # type: ignore[import-untyped, import-not-found, unused-ignore]

from ..engine.actions import CallDos, Pass
from ..engine.chance import Chance
from ..engine.compiled import CompiledRules, compile_rules
from ..engine.events import RuleGap
from ..engine.state import State
from ..errors import DosrulesError, UsageError
from ..ruleset.loader import load_ruleset
from .codebook import Codebook
from .deckchance import ChanceRequest, DeckChance, DeckCounts

__all__ = ["RlGame", "Episode", "CHANCE", "EPISODES", "DEFAULT_MAX_TURNS", "DEFAULT_MAX_ROUNDS",
           "decision_bound"]

CHANCE = -1  # current_player() at a chance node (OpenSpiel's kChancePlayerId)
EPISODES = ("round", "game")  # one round, or a whole game to the target
#: turns after which a round stops (truncated): random rounds of the shipped rulesets end
#: within 20 turns, greedy ones sooner; a round in which nobody can go out would not end
DEFAULT_MAX_TURNS = 200
#: rounds after which a game (``episode="game"``) stops without a winner: random play of a
#: ruleset with many silences voids most rounds at a rule gap (docs/rl.md, "Episodes")
DEFAULT_MAX_ROUNDS = 1000
_BEGIN = None  # the pending step that deals the first round


def decision_bound(compiled: CompiledRules, max_turns: int, rounds: int) -> int:
    """The most decisions ``rounds`` rounds of at most ``max_turns`` turns can take. In one turn
    every decision but draw, end, call-dos and a catch window's catch or pass moves a card (a
    match or a placement takes one from the hand, a declaration names a wild turned up), and a
    card moves at most twice in a turn (out of the hand, and declared), so a turn takes at most
    twice the deck's cards plus one draw, end and call each and a window per seat."""
    per_turn = 2 * len(compiled.deck) + 3 + compiled.players
    return rounds * max_turns * per_turn


def _positive(name: str, value: int, fix: str) -> None:
    if type(value) is not int or value < 1:
        raise UsageError(f"{name} is {value!r}", path=name, fix=fix)


class RlGame:
    """A ruleset and a player count as a game: the codebook, the episode mode and its bounds."""

    def __init__(self, ruleset: str, players: int, *, episode: str = "round", max_turns: int = DEFAULT_MAX_TURNS,
                 max_rounds: int = DEFAULT_MAX_ROUNDS, max_game_length: int | None = None):
        if episode not in EPISODES:
            raise UsageError(f"episode is {episode!r}", path="episode",
                             fix="Give 'round' (one round, the default) or 'game' (rounds to the target).")
        _positive("max_turns", max_turns, "Give a positive number of turns per round, e.g. 200.")
        _positive("max_rounds", max_rounds, "Give a positive number of rounds per game, e.g. 1000.")
        if max_game_length is not None:
            _positive("max_game_length", max_game_length, "Give a positive number of decisions.")
        self.spec = ruleset
        self.compiled: CompiledRules = _compiled(ruleset, players)
        self.ruleset = self.compiled.ruleset
        self.players = players
        self.codebook: Codebook = _codebook(self.compiled)
        self.episode: str = episode
        self.max_turns: int = max_turns
        self.max_rounds: int = max_rounds  # (a game's; a round episode stops after its round)
        bound = decision_bound(self.compiled, max_turns, 1 if episode == "round" else max_rounds)
        #: the most decisions an episode takes (the computed bound, or the smaller cap given)
        self.max_game_length: int = bound if max_game_length is None else min(bound, max_game_length)
        self._cap: int | None = max_game_length
        self._first: Episode | None = None

    @property
    def num_distinct_actions(self) -> int:
        return len(self.codebook)

    @property
    def max_chance_outcomes(self) -> int:
        """Chance outcome ids: a card face (0..faces-1) or a seat by lot (0..players-1)."""
        return max(len(self.compiled.faces), self.players)

    def new_episode(self, *, explicit: bool = True, seed: int = 0) -> "Episode":
        """A new game: with explicit chance nodes, or with ``Chance(seed)`` drawing inside."""
        if not explicit:
            return Episode(self, Chance(seed))
        if self._first is None:  # every game with explicit chance starts at the same chance node
            self._first = Episode(self, None)
        return self._first.copy()

    def __deepcopy__(self, memo) -> "RlGame":
        return self  # fixed once made: copies share it

    def __reduce__(self):
        return _rl_game, (self.spec, self.players, self.episode, self.max_turns, self.max_rounds, self._cap)

    def __repr__(self) -> str:
        return (f"RlGame({self.spec!r}, players={self.players}, episode={self.episode!r}, "
                f"actions={len(self.codebook)})")


def _rl_game(spec: str, players: int, episode: str, max_turns: int, max_rounds: int, cap: int | None) -> RlGame:
    return RlGame(spec, players, episode=episode, max_turns=max_turns, max_rounds=max_rounds, max_game_length=cap)


@lru_cache(maxsize=64)
def _compiled(ruleset: str, players: int) -> CompiledRules:
    if not isinstance(players, int) or isinstance(players, bool):
        raise UsageError(f"players is {players!r}", path="players", fix="Give a whole number of players.")
    rs = load_ruleset(ruleset)
    rules = rs.for_players(players)
    if rules is None or not (rules.players.min <= players <= rules.players.max):
        lo, hi = rs.rules.players.min, rs.rules.players.max
        raise DosrulesError(f"{rs.id} is played by {lo} to {hi} players, not {players}", path="players",
                            fix=f"Choose a player count from {lo} to {hi}.")
    return compile_rules(rs, players)


@lru_cache(maxsize=64)
def _codebook(compiled: CompiledRules) -> Codebook:
    return Codebook(compiled)


class Episode:
    """One game: ``current_player()`` (a seat, ``CHANCE`` or None when over), ``legal_ids()``,
    ``chance_outcomes()``, ``apply(id)``, ``utilities()``.

    ``state`` is the engine state: at a decision, the position; at a chance node, the pending
    step halfway (``observed()`` is the position before it). Its ``events`` and ``history`` hold
    only the last step (``last_events``): the episode's own record is ``ids()``, every decision
    and chance outcome in order.

    The position before the pending step is made only when asked for (an observation or a copy
    at a chance node): from a kept position (``_base``, never changed) and the steps taken since
    (``_since``), replayed with their chance outcomes. A random playout never asks, so it copies
    no state.
    """

    def __init__(self, game: RlGame, chance: Chance | None, *, of: Episode | None = None):
        """A new game (``chance`` None: explicit chance nodes), or with ``of`` a copy of that
        episode's fields as they are (``copy`` then makes what must not be shared)."""
        self.game = game
        self.explicit: bool = chance is None if of is None else of.explicit
        self._state: State | None = None if of is None else of._state
        self._ids: tuple = () if of is None else of._ids  # (last id, (previous id, (...))): copies share it
        self.moves: int = 0 if of is None else of.moves  # decisions taken
        self.last_events: list = [] if of is None else of.last_events
        self.gaps: tuple[RuleGap, ...] = () if of is None else of.gaps  # rule gaps met (void rounds and lots)
        self.replayable: bool = True if of is None else of.replayable  # ids() lead to this game (not after ``resampled``)
        self.request: ChanceRequest | None = None if of is None else of.request
        self._greenlet: Any = None  # the greenlet that runs this episode's steps
        self._step: Any = _NONE if of is None else of._step  # the pending step
        self._outcomes: list[int] = [] if of is None else list(of._outcomes)  # the outcomes it was given
        self._cards: _Cards | None = None  # the cards the pending step is taking, one chance node each
        self._settled: State | None = None if of is None else of._settled  # the position before the pending step, once made
        self._base: State | None = None if of is None else of._base  # a position before every step in _since
        self._since: tuple = () if of is None else of._since  # ((step, outcomes), (previous, (...))): the steps since _base
        self._since_len: int = 0 if of is None else of._since_len
        # the codebook ids of the engine's legal actions, and the tuple of them they were made
        # from (held, so that it is the state's own while the state keeps it)
        self._legal_of: tuple | None = None if of is None else of._legal_of
        self._legal_ids: list[int] = [] if of is None else of._legal_ids
        if of is not None:
            return
        state = self._state = State(game.compiled, _live_chance(game.compiled, ()) if chance is None else chance,
                                    max_rounds=game.max_rounds if game.episode == "game" else None,
                                    max_turns=game.max_turns)
        if self.explicit:
            self._base = state.copy()
            self._start(_BEGIN)
        else:
            self._settle(state, _play(state, _BEGIN))

    # --- reading ------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The engine state (a copy made at a chance node replays its pending step first)."""
        if self._state is None:
            self._replay_pending()
        state = self._state
        assert state is not None
        return state

    def ids(self) -> list[int]:
        """Every decision and chance outcome so far, in order."""
        return _unwind(self._ids)

    def current_player(self) -> int | None:
        if self.request is not None:
            return CHANCE
        state = self._state  # is_terminal(), inline: asked after every step
        assert state is not None  # (None only at a chance node of a copy)
        if state.is_terminal() or self.moves >= self.game.max_game_length:
            return None
        return state.current_player()

    def is_chance_node(self) -> bool:
        return self.request is not None

    def is_terminal(self) -> bool:
        if self.request is not None:
            return False
        state = self._state
        assert state is not None
        return state.is_terminal() or self.moves >= self.game.max_game_length

    def legal_ids(self) -> list[int]:
        """The ids of the current player's legal actions, ascending ([] at chance and at the end)."""
        if self.request is not None:
            return []
        state = self._state  # is_terminal(), inline: asked at every decision
        assert state is not None
        if state.is_terminal() or self.moves >= self.game.max_game_length:
            return []
        legal = state.legal_actions()
        return list(self._legal_ids if legal is self._legal_of else self._index(legal))  # a new list each time: the caller may change it

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs at a chance node, ascending."""
        if self.request is None:
            raise ValueError("not a chance node")
        return self.request.outcomes  # a new list each time

    def winner(self) -> int | None:
        """The seat that won the episode once it is over: in a round, the seat that went out and
        scored it; in a game, the seat that reached the target. None without a winner."""
        if not self.is_terminal():
            return None
        state = self.state
        return state.last_winner if self.game.episode == "round" else state.winner

    def truncated(self) -> bool:
        """Whether the episode is over because a bound stopped it (``max_turns``, ``max_rounds``
        in a game, ``max_game_length``) rather than by the rules (a round scored or void, a game won)."""
        if not self.is_terminal():
            return False
        state = self.state
        if self.moves >= self.game.max_game_length or (state.max_turns is not None
                                                       and state.turn_number > state.max_turns):
            return True
        return self.game.episode == "game" and state.winner is None

    def utilities(self) -> list[float]:
        """Per seat: +1 for the winner, -1/(n-1) for the others, 0 for all without a winner."""
        n = self.game.players
        w = self.winner()
        if w is None:
            return [0.0] * n
        return [1.0 if s == w else -1.0 / (n - 1) for s in range(n)]

    def observed(self) -> State:
        """The position to observe: the state, or at a chance node the position before the step."""
        return self.state if self.request is None else self._before()

    # --- acting -------------------------------------------------------------------------------

    def apply(self, i: int) -> None:
        """Apply a decision (an action id) or, at a chance node, a chance outcome."""
        request = self.request
        if request is not None:
            weights = request.weights  # request.allows(i), inline: this runs at every chance node
            if type(i) is not int or not 0 <= i < len(weights) or not weights[i]:
                raise ValueError(f"{i!r} is not a chance outcome here: {request.kind} {request.ids()}")
            self._ids = (i, self._ids)
            if self._state is None:  # a copy made at this chance node: replay up to it first
                self._replay_pending()
                request = self.request
            self._outcomes.append(i)
            cards = self._cards
            reply: Any
            if cards is None:  # a lot
                reply = i
            else:  # a card of the hand being dealt (or the cards being drawn)
                state = self._state
                assert state is not None
                chance: DeckChance = state.chance  # type: ignore[assignment]  # (explicit chance)
                counts = chance.counts
                taken = cards.taken
                taken.append(counts.take(cards.deck, i, chance.faces, chance.face_index))
                if len(taken) < cards.k:  # the next card: the live request follows the counts
                    assert request is not None
                    request.weights, request.total = counts.counts, counts.size
                    return
                self._cards, reply = None, taken
            g = self._greenlet
            g.parent = getcurrent()
            self._resume(g.switch(reply))
            return
        state, game = self._state, self.game
        assert state is not None
        if state.is_terminal() or self.moves >= game.max_game_length:  # is_terminal(), inline
            raise ValueError("the game is over")
        actions = game.codebook.actions  # codebook.action(i), inline: this runs at every decision
        action: Any = actions[i] if type(i) is int and 0 <= i < len(actions) else game.codebook.action(i)
        legal = state.legal_actions()  # legal_ids() made the ids of this tuple, mostly
        if i not in (self._legal_ids if legal is self._legal_of else self._index(legal)):
            from ..engine.explain import refuse
            refuse(state, action)
        if self.moves == 0 and game.episode == "round":
            action = _InLastRound(action)
        self.moves += 1
        self._ids = (i, self._ids)
        if not self.explicit:
            self._settle(state, _play(state, action))
        elif type(action) in _NO_CHANCE:
            self._settle(state, _play(state, action))
            self._record(action, ())
        else:
            self._start(action)

    def _index(self, legal: tuple) -> list[int]:
        """The codebook ids of ``legal``, the state's legal actions (kept for the next ask)."""
        self._legal_of, self._legal_ids = legal, self.game.codebook.indices(legal)
        return self._legal_ids

    def apply_action(self, action) -> None:
        """Apply an engine ``Action`` (one of ``state.legal_actions()``)."""
        self.apply(self.game.codebook.index(action))

    def _start(self, step) -> None:
        """Run ``step`` (an Action, or _BEGIN) on the state in this episode's greenlet, up to its
        first chance node or its end."""
        self._step, self._outcomes, self._settled = step, [], None
        g = self._greenlet
        if g is None or g.dead:
            g = self._greenlet = greenlet(_steps)
        g.parent = getcurrent()
        self._resume(g.switch(self._state, step))

    def _resume(self, out) -> None:
        """What the step's greenlet handed back: cards to take, a lot, or the step's events."""
        t = type(out)
        state = self._state
        assert state is not None
        if t is _Cards:
            self._cards = out
            chance: DeckChance = state.chance  # type: ignore[assignment]  # (explicit chance)
            self.request = chance.live_request(out.deck)  # kept up to date by apply
            return
        if t is ChanceRequest:
            self.request = out
            return
        step = self._step
        self._settled = None
        self._settle(state, out)
        self._record(step, tuple(self._outcomes))

    def _settle(self, state: State, events: list) -> None:
        self.request = None
        self._step = _NONE
        self.last_events = events
        state.events.clear()  # the state keeps no log: copies stay small
        state.history.clear()
        for e in events:
            if type(e) is RuleGap:
                self.gaps += (e,)

    def _record(self, step, outcomes: tuple) -> None:
        """A step has settled: add it to the steps since ``_base`` (every ``_REBASE`` steps the
        position itself becomes ``_base``, which bounds the replay that ``_before`` may need)."""
        if self._since_len < _REBASE:
            self._since = ((step, outcomes), self._since)
            self._since_len += 1
        else:
            self._base, self._since, self._since_len = self.state.copy(), (), 0

    def _before(self) -> State:
        """The position before the pending step: ``_base`` with the steps since replayed (then
        kept as the new ``_base``; neither is ever changed)."""
        settled = self._settled
        if settled is None:
            base = self._base
            assert base is not None  # (explicit chance)
            state = settled = base.copy()
            counts = DeckCounts()
            for step, outcomes in _unwind(self._since):
                state.chance = DeckChance(self.game.compiled, outcomes, None, counts)
                _play(state, step)
                state.events.clear()
                state.history.clear()
            self._base = self._settled = state
            self._since, self._since_len = (), 0
        return settled

    def _replay_pending(self) -> None:
        """A copy made at a chance node: replay the pending step with its outcomes so far."""
        state = self._before().copy()
        state.chance = _live_chance(self.game.compiled, self._outcomes)
        self._state = state
        g = self._greenlet = greenlet(_steps)
        g.parent = getcurrent()
        self._resume(g.switch(state, self._step))

    def resampled(self, seat: int, rng) -> "Episode":
        """A copy in which the cards ``seat`` cannot see, the other hands and the deck, are
        dealt again at random (every hand keeps its size): one determinization for search under
        imperfect information (perfect-information Monte Carlo, IS-MCTS). Only at ``seat``'s own
        decision; ``rng`` is a ``random.Random``. The copy's ``ids()`` no longer lead to it."""
        if self.request is not None or self.is_terminal() or self.current_player() != seat:
            raise ValueError(f"resample at seat {seat}'s own decision, not at {self.current_player()!r}")
        new = self.copy()
        state = new.state
        hidden = [card for s, hand in enumerate(state.hands) if s != seat for card in hand] + state.deck
        rng.shuffle(hidden)
        at = 0
        for s, hand in enumerate(state.hands):
            if s != seat:
                state.hands[s] = hidden[at:at + len(hand)]
                at += len(hand)
        state.deck = hidden[at:]
        new.replayable = False
        if new.explicit:  # the steps since _base no longer lead here
            new._base, new._since, new._since_len = state.copy(), (), 0
        return new

    def __deepcopy__(self, memo) -> "Episode":
        return self.copy()

    def __reduce__(self):
        """Pickled as its game and ids (replayed when loaded); explicit chance only."""
        if not self.explicit or not self.replayable:
            raise TypeError("only an episode with explicit chance that was not resampled can be pickled "
                            "(it is saved as its ids and replayed)")
        return _replayed, (self.game, tuple(self.ids()))

    def copy(self) -> "Episode":
        """An independent copy. At a chance node the copy replays the pending step from the
        position before it (shared, never changed) when it is first applied an outcome."""
        if self.request is not None:
            self._before()  # made once, shared
        new = Episode(self.game, None, of=self)  # its fields (no __dict__ to copy: this class may
        request = self.request  # be compiled by mypyc)
        if request is None:
            old = self.state
            new._state = state = old.copy()
            if self.explicit:
                new_chance, old_chance = cast(DeckChance, state.chance), cast(DeckChance, old.chance)
                new_chance.counts = old_chance.counts.moved_to(old.deck, state.deck)
        else:
            new._state = None
            new.request = request.frozen()  # this one's is live: it changes as this one is applied
        return new


def _replayed(game: RlGame, ids) -> Episode:
    episode = game.new_episode(explicit=True)
    for i in ids:
        episode.apply(i)
    return episode


def _unwind(cell) -> list:
    """The items of a (last, (previous, (...))) chain, first first."""
    out = []
    while cell:
        out.append(cell[0])
        cell = cell[1]
    out.reverse()
    return out


def _play(state: State, step) -> list:
    """An engine step: deal the first round (_BEGIN) or apply an action; its events."""
    if step is _BEGIN:
        state.begin()
        return list(state.events)
    if type(step) is _InLastRound:
        state.max_rounds = state.round  # the game stops when this round ends
        return state.apply(step.action)
    return state.apply(step)


class _InLastRound:
    """A round episode's first decision, as a step: it makes the round it is taken in the last
    (a step, so that a replay of the steps makes it so too)."""

    __slots__ = ("action",)

    def __init__(self, action):
        self.action = action


def _steps(state: State, step) -> None:
    """An episode's greenlet: play each step it is handed, hand back its events, wait for the next."""
    while True:
        state, step = getcurrent().parent.switch(_play(state, step))


def _live_chance(compiled: CompiledRules, outcomes) -> DeckChance:
    """The chance of an episode's state: ``outcomes`` replayed, then every outcome from outside."""
    return DeckChance(compiled, outcomes, _suspend, DeckCounts(), _suspend_cards)


def _suspend(request: ChanceRequest) -> int:
    """Inside a step's greenlet: hand the chance node (a lot) to the episode, wait for its outcome."""
    return getcurrent().parent.switch(request)


def _suspend_cards(deck: list, k: int) -> list:
    """Inside a step's greenlet: have the episode take ``k`` cards from ``deck``, one chance node
    each, and wait for them."""
    return getcurrent().parent.switch(_Cards(deck, k))


class _Cards:
    """``k`` cards a step takes from ``deck``: the episode asks chance for each, into ``taken``."""

    __slots__ = ("deck", "k", "taken")

    def __init__(self, deck: list, k: int):
        self.deck, self.k = deck, k
        self.taken: list = []


_NONE = object()
_REBASE = 256  # steps after which the position is kept as ``_base`` (a copy of the state)
#: actions after which chance never decides anything (a call; a catch window declined)
_NO_CHANCE = (CallDos, Pass)
