"""What one seat may infer about another's hidden hand from the round's public events, if the
others play as greedy does, and hidden hands dealt to agree with it.

Greedy never draws while it can match. So when another seat's first action of a turn this round
was a draw, it held no card that matches a card of the Centre Row at that turn's start on its
own (a single-card match, by the number ranges the rules give each card). Since then it may have
received cards (that draw included, penalties, others' double colour bonuses); the cards it
played are gone. So **now at most as many of its cards match one of those row cards as it has
received since** (a *limit*). The events read are public: who started a turn and with which
row, who matched, who drew and how many cards, never which.

Pair matches (two hand cards whose sum matches) are left out: the limit is weaker than what
could be inferred, never wrong for a greedy player. Rules without simple matching give no limits.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..engine.events import Dealt, Drew, Matched, TurnStarted
from ..engine.state import State

__all__ = ["Limit", "observed_limits", "within_limits", "deal_within_limits"]

#: tries to deal one seat a hand within its limits before the last try stands (a limit that
#: cannot be met: a player who does not play as greedy does)
TRIES = 64


class Limit(NamedTuple):
    """``seat`` holds at most ``received`` cards that match one of the faces ``row``."""

    seat: int
    row: frozenset[int]
    received: int


def observed_limits(state: State, me: int) -> list[Limit]:
    """The limits on the other seats' hands that seat ``me`` may infer from this round's events
    (see the module docstring)."""
    c = state.c
    if not c.simple_matching:
        return []
    events = state.events
    start = 0
    for i in range(len(events) - 1, -1, -1):
        if type(events[i]) is Dealt:
            start = i
            break
    index = c.face_index
    found: list[list] = []  # [seat, row faces, cards received since the turn's start]
    turn: list | None = None  # the turn under way: [seat, row faces, acted]
    for event in events[start:]:
        kind = type(event)
        if kind is TurnStarted:
            turn = [event.seat, frozenset(index[id(card)] for card in event.row), False]
        elif kind is Matched:
            if turn is not None and event.seat == turn[0]:
                turn[2] = True
        elif kind is Drew:
            if turn is not None and event.seat == turn[0] and not turn[2] and event.reason == "draw":
                turn[2] = True
                if event.seat != me and turn[1]:
                    found.append([event.seat, turn[1], 0])
            for limit in found:
                if limit[0] == event.seat:
                    limit[2] += len(event.cards)
    return [Limit(seat, row, received) for seat, row, received in found]


def _matching(state: State, hand, row: frozenset[int]) -> int:
    """How many cards of ``hand`` match one of the faces ``row`` on their own."""
    c = state.c
    index, lo, hi = c.face_index, c.f_lo, c.f_hi
    count = 0
    for card in hand:
        f = index[id(card)]
        a, b = lo[f], hi[f]
        for t in row:
            if a <= hi[t] and lo[t] <= b:
                count += 1
                break
    return count


def within_limits(state: State, seat: int, hand, limits: list[Limit]) -> bool:
    """Whether ``hand`` could be ``seat``'s under ``limits``."""
    for limit in limits:
        if limit.seat == seat and _matching(state, hand, limit.row) > limit.received:
            return False
    return True


def deal_within_limits(state: State, pool: list, sizes: dict[int, int], limits: list[Limit],
                       rng: random.Random) -> dict[int, list]:
    """Hands of ``sizes`` (seat: cards) from ``pool`` (shuffled, taken from: what is left is the
    rest of the pool, in random order): each seat with limits is dealt, in seat order, a hand at
    random from what is left until one is within them (at most ``TRIES``; the last stands), the
    others at random from the rest."""
    hands: dict[int, list] = {}
    for seat in sorted(sizes):
        if not any(limit.seat == seat for limit in limits):
            continue
        k = sizes[seat]
        for _ in range(TRIES):
            picked = rng.sample(range(len(pool)), k)
            hand = [pool[i] for i in picked]
            if within_limits(state, seat, hand, limits):
                break
        hands[seat] = hand
        for i in sorted(picked, reverse=True):
            pool.pop(i)
    for seat in sorted(sizes):
        if seat not in hands:
            hands[seat] = [pool.pop() for _ in range(sizes[seat])]
    return hands
