"""Agents (policies) that choose an action for the player to act; they live beside the engine.

* ``random``: uniform over ``legal_actions()`` at each decision.
* ``greedy``: each turn, the set of matches — disjoint in Centre Row cards and in hand cards —
  that sheds the most hand cards; ties go to more colour bonuses, then to more points shed. It
  always matches when it can (drawing only when it cannot), always calls DOS, always catches a
  missed call, and places its highest-points card as a bonus card or after a failed draw.
  ``forget`` is the probability it does not call DOS when it could; ``catch`` the probability
  it catches a missed call. Its choice of matches is :mod:`dosrules.play.planner`'s.

Each agent has its own ``random.Random`` (seeded apart from the game), so a game's chance does
not depend on the agents, and a seeded agent is reproducible.
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, Final, Sequence

from mypy_extensions import mypyc_attr

from ..ruleset.model import AfterFailedDraw, MatchAfterDraw
from ..engine.actions import CALL_DOS, DRAW, END, PASS, Action, CatchDos, Match, Place, declared_key
from ..engine.state import Phase, State
from ..errors import UsageError
from .planner import PlannerTables, best_matches, plain_plan, tables_for

__all__ = ["Agent", "RandomAgent", "GreedyAgent", "AGENTS", "make_agent", "parse_agent_spec"]


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled by mypyc, subclassed anywhere
class Agent:
    """A policy: ``act(state)`` returns one of ``state.legal_actions()``."""

    name: ClassVar[str] = "agent"

    def act(self, state: State) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


@mypyc_attr(allow_interpreted_subclasses=True)  # a player of tests that keeps some choices
class RandomAgent(Agent):
    name: ClassVar[str] = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, state: State) -> Action:
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]


class GreedyAgent(Agent):
    name: ClassVar[str] = "greedy"

    def __init__(self, seed: int = 0, forget: float = 0.0, catch: float = 1.0):
        if not (0.0 <= forget <= 1.0 and 0.0 <= catch <= 1.0):
            raise UsageError("greedy agent options are probabilities from 0 to 1",
                             fix="Write e.g. greedy:forget=0.1,catch=0.5.")
        # the random source is made when first needed: greedy that always calls DOS and always
        # catches never needs one (seeding a Mersenne Twister costs as much as a few actions)
        self._seed = seed
        self._rng: random.Random | None = None
        self.forget, self.catch = forget, catch
        # the rest of this turn's plan, valid while state, history length, round and turn are these
        self._plan: list[Match] = []
        self._plan_at: int = 0  # the next planned match
        self._plan_state: State | None = None
        self._plan_n = self._plan_round = self._plan_turn = -1
        # the planner's tables for the rules last played (looked up again when they change)
        self._rules: Any = None
        self._tables: Any = None

    def __repr__(self) -> str:
        return f"GreedyAgent(forget={self.forget}, catch={self.catch})"

    @property
    def rng(self) -> random.Random:
        """The agent's own random source (seeded with its seed when first used)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._seed)
        return rng

    def forget_plan(self) -> None:
        """Forget the rest of this turn's plan: for a caller that took another action than the
        one returned (the next decision plans afresh)."""
        self._plan_state = None

    def _chance(self, p: float) -> bool:
        if p <= 0.0:
            return False
        if p >= 1.0:
            return True
        return self.rng.random() < p

    def act(self, state: State) -> Action:
        """The common decisions of plain matching rules without building the legal-action list;
        anything else by :meth:`_act_general`."""
        c = state.c
        if not c.simple_matching or state.all_wild_turn:  # (a row of only wilds, matched its own way)
            return self._act_general(state)
        ph = state.phase
        if ph is _TURN:
            seat = state.turn_seat
            if (c.dos_active and len(state.hands[seat]) == c.dos_hand_size and not state.called[seat]
                    and not self._chance(self.forget)):
                return CALL_DOS
            if state.drew and c.match_after_draw is not _ANY_AFTER_DRAW:  # the planners assume any match
                return self._act_general(state)
            n = len(state.history)
            if (self._plan_state is state and self._plan_n == n and self._plan_turn == state.turn_number
                    and self._plan_round == state.round):  # the rest of this turn's plan is still the best
                plan, at = self._plan, self._plan_at
            else:
                plan, at = plain_plan(state, self._tables if self._rules is c else self._tables_for(c)), 0
            if at < len(plan):  # valid for the next decision only if it comes in this same turn
                self._plan, self._plan_at, self._plan_state = plan, at + 1, state
                self._plan_n, self._plan_round, self._plan_turn = n + 1, state.round, state.turn_number
                return plan[at]
            self._plan_state = None
            if state.matches:
                return END
            if not state.drew:
                return DRAW
            rule = c.after_failed_draw  # drew, and no match is possible
            if rule is AfterFailedDraw.PLACE_CARD and state.hands[seat]:
                return self._highest_plain(state, self._tables if self._rules is c else self._tables_for(c))
            if rule is AfterFailedDraw.KEEP_AND_PASS:
                return END
            return self._act_general(state)
        if ph is _BONUS:
            seat = state.turn_seat
            if state.exposed(seat) and not self._chance(self.forget):
                return CALL_DOS
            return self._highest_plain(state, self._tables if self._rules is c else self._tables_for(c))
        if ph is _FINISH or ph is _ENDING:  # only END is open, and CALL_DOS if exposed
            if state.exposed(state.turn_seat) and not self._chance(self.forget):
                return CALL_DOS
            return END
        if ph is _CATCH:
            assert state.catch is not None
            return CatchDos(state.catch[0]) if self._chance(self.catch) else PASS
        return self._act_general(state)

    def _tables_for(self, c: Any) -> PlannerTables:
        """The planner's tables for rules ``c``, kept for the next decisions under them."""
        self._rules, self._tables = c, tables_for(c)
        return self._tables

    @staticmethod
    def _highest_plain(state: State, tables: PlannerTables) -> Place:
        """Place the highest-points card in hand (equal points: the later face)."""
        index, points = tables.face_index, tables.points
        best = top = -1
        for card in state.hands[state.turn_seat]:
            f = index[id(card)]
            p = points[f]
            if p > top or (p == top and f > best):
                best, top = f, p
        return Place(tables.plain_decl[best])

    def _act_general(self, state: State) -> Action:
        ph = state.phase
        actions = state.legal_actions()
        if ph is Phase.CATCH:
            return actions[0] if self._chance(self.catch) else PASS
        if ph is Phase.DECLARE:
            return actions[0]
        if actions[0] is CALL_DOS or actions[0] == CALL_DOS:
            if not self._chance(self.forget) or len(actions) == 1:
                return CALL_DOS
            actions = actions[1:]
        if ph is Phase.TURN:
            plan = best_matches(state, [a for a in actions if type(a) is Match])
            if plan:
                return plan[0]
            if DRAW in actions:
                return DRAW
            places = [a for a in actions if type(a) is Place]
            if places:
                return self._highest(state, places)
            return END if END in actions else actions[0]
        if ph is Phase.BONUS:
            return self._highest(state, actions)
        return END if END in actions else actions[0]

    @staticmethod
    def _highest(state: State, places: Sequence[Action]) -> Action:
        points = state.c.points
        return max(places, key=lambda a: (points[a.card.card] or 0, declared_key(a.card)) if type(a) is Place
                   else (-1, ()))


_TURN: Final = Phase.TURN
_BONUS: Final = Phase.BONUS
_FINISH: Final = Phase.FINISH
_ENDING: Final = Phase.ENDING
_CATCH: Final = Phase.CATCH
_ANY_AFTER_DRAW: Final = MatchAfterDraw.ANY

AGENTS: dict[str, Callable[..., Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}


def make_agent(name: str, seed: int = 0, **options: float) -> Agent:
    """An agent by name (``random``, ``greedy``, ``search``, a behaviour profile) with its options."""
    factory: Callable[..., Agent] | None = AGENTS.get(name)
    if factory is None and name == "search":
        from .search import SearchAgent  # the search agent plays greedy rollouts: imported late

        factory = SearchAgent
    if factory is None:
        from .behaviour import PROFILES, make_profile_agent  # the profiles wrap greedy: imported late

        if name in PROFILES:
            return make_profile_agent(name, seed, **options)
        raise UsageError(f"unknown agent '{name}'",
                         fix=f"Choose one of: {', '.join([*AGENTS, 'search', *PROFILES])}.")
    try:
        return factory(seed, **options)
    except TypeError:
        raise UsageError(f"agent '{name}' does not take options {sorted(options)}",
                         fix="The greedy agent takes forget= and catch=; search takes samples=, width=, "
                             "turns=, margin= and infer=; random takes none.") from None


def parse_agent_spec(spec: str, seed: int = 0) -> Agent:
    """``greedy``, ``random``, ``greedy:forget=0.1,catch=0.5``, ``search:samples=16``, ``casual`` or
    ``casual:draw=0.3``."""
    name, _, opts = spec.strip().partition(":")
    options: dict[str, float] = {}
    for part in filter(None, opts.split(",")):
        key, eq, value = part.partition("=")
        if key.strip() in options:
            raise UsageError(f"agent option '{key.strip()}' is given twice in '{spec}'",
                             fix="Give each habit once, e.g. casual:forget=0.4,miss=0.")
        try:
            options[key.strip()] = float(value)
        except ValueError:
            raise UsageError(f"agent option '{part}' in '{spec}' is not key=number",
                             fix="Write e.g. greedy:forget=0.1,catch=0.5.") from None
        if not eq:
            raise UsageError(f"agent option '{part}' in '{spec}' has no value", fix="Write key=number.")
    return make_agent(name.strip(), seed, **options)
