"""Agents (policies) that choose an action for the player to act; they live beside the engine.

* ``random``: uniform over ``legal_actions()`` at each decision.
* ``greedy``: each turn, the set of matches — disjoint in Centre Row cards and in hand cards —
  that sheds the most hand cards; ties go to more colour bonuses, then to more points shed. It
  always matches when it can (drawing only when it cannot), always calls DOS, always catches a
  missed call, and places its highest-points card as a bonus card or after a failed draw.
  ``forget`` is the probability it does not call DOS when it could; ``catch`` the probability
  it catches a missed call.

Each agent has its own ``random.Random`` (seeded apart from the game), so a game's chance does
not depend on the agents, and a seeded agent is reproducible.
"""

from __future__ import annotations

import random
from typing import Callable

from .engine.actions import CALL_DOS, DRAW, END, PASS, Action, CatchDos, Declare, Match, Place, declared_key
from .engine.state import Phase, State
from .errors import UsageError

__all__ = ["Agent", "RandomAgent", "GreedyAgent", "AGENTS", "make_agent", "parse_agent_spec"]


class Agent:
    """A policy: ``act(state)`` returns one of ``state.legal_actions()``."""

    name = "agent"

    def act(self, state: State) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, state: State) -> Action:
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, seed: int = 0, forget: float = 0.0, catch: float = 1.0):
        if not (0.0 <= forget <= 1.0 and 0.0 <= catch <= 1.0):
            raise UsageError("greedy agent options are probabilities from 0 to 1",
                             fix="Write e.g. greedy:forget=0.1,catch=0.5.")
        self.rng = random.Random(seed)
        self.forget, self.catch = forget, catch

    def __repr__(self) -> str:
        return f"GreedyAgent(forget={self.forget}, catch={self.catch})"

    def _chance(self, p: float) -> bool:
        if p <= 0.0:
            return False
        if p >= 1.0:
            return True
        return self.rng.random() < p

    def act(self, state: State) -> Action:
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
    def _highest(state: State, places: list[Action]) -> Action:
        points = state.c.points
        return max(places, key=lambda a: (points[a.card.card] or 0, declared_key(a.card)) if type(a) is Place
                   else (-1, ()))


def best_matches(state: State, matches: list[Match]) -> list[Match]:
    """The greedy plan: disjoint matches (row cards and hand cards) shedding the most cards,
    then earning the most colour bonuses, then shedding the most points."""
    if not matches:
        return []
    points = state.c.points
    # the best declaration of each (target face, hand faces) choice
    best: dict[tuple, tuple[tuple[int, int, int], Match]] = {}
    for m in matches:
        bonus = state.colour_outcome(m.target, m.cards)[0] is not None
        score = (len(m.cards), int(bonus), sum(points[d.card] or 0 for d in m.cards))
        key = (m.target.card, tuple(d.card for d in m.cards))
        old = best.get(key)
        if old is None or score > old[0]:
            best[key] = (score, m)
    # one slot per free row card; each slot lists the options targeting its face
    by_face: dict = {}
    for (face, _), (score, m) in best.items():
        by_face.setdefault(face, []).append((score, m))
    slots = []
    for i, card in enumerate(state.row):
        if not state.used[i] and card in by_face:
            slots.append(by_face[card])
    if not slots:  # only already-matched row cards are matchable (once_per_row_card false)
        return [max(best.values(), key=lambda sm: sm[0])[1]]
    hand: dict = {}
    for card in state.hands[state.turn_seat]:
        hand[card] = hand.get(card, 0) + 1
    best_total = [(0, 0, 0), []]

    def search(k: int, total: tuple[int, int, int], chosen: list[Match]) -> None:
        if k == len(slots):
            if total > best_total[0]:
                best_total[0], best_total[1] = total, list(chosen)
            return
        for score, m in slots[k]:
            cards = [d.card for d in m.cards]
            if all(hand.get(c, 0) >= cards.count(c) for c in cards):
                for c in cards:
                    hand[c] -= 1
                chosen.append(m)
                search(k + 1, (total[0] + score[0], total[1] + score[1], total[2] + score[2]), chosen)
                chosen.pop()
                for c in cards:
                    hand[c] += 1
        search(k + 1, total, chosen)

    search(0, (0, 0, 0), [])
    return best_total[1]


AGENTS: dict[str, Callable[..., Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}


def make_agent(name: str, seed: int = 0, **options: float) -> Agent:
    """An agent by name (``random``, ``greedy``) with its options."""
    if name not in AGENTS:
        raise UsageError(f"unknown agent '{name}'", fix=f"Choose one of: {', '.join(AGENTS)}.")
    try:
        return AGENTS[name](seed, **options)
    except TypeError:
        raise UsageError(f"agent '{name}' does not take options {sorted(options)}",
                         fix="The greedy agent takes forget= and catch=; random takes none.") from None


def parse_agent_spec(spec: str, seed: int = 0) -> Agent:
    """``greedy``, ``random`` or ``greedy:forget=0.1,catch=0.5``."""
    name, _, opts = spec.strip().partition(":")
    options: dict[str, float] = {}
    for part in filter(None, opts.split(",")):
        key, eq, value = part.partition("=")
        try:
            options[key.strip()] = float(value)
        except ValueError:
            raise UsageError(f"agent option '{part}' in '{spec}' is not key=number",
                             fix="Write e.g. greedy:forget=0.1,catch=0.5.") from None
        if not eq:
            raise UsageError(f"agent option '{part}' in '{spec}' has no value", fix="Write key=number.")
    return make_agent(name.strip(), seed, **options)
