"""``search``: a lookahead agent over sampled hidden hands (determinised Monte Carlo with
successive halving over its candidates).

At a decision with a real choice, the agent

1. lists its **candidates**: the legal actions, one per distinct effect (a match per row card,
   hand cards and colour bonus earned, whatever the wild declarations; a placement per face),
   greedy's own choice first, then the others by what they shed, at most ``width`` of them;
2. draws **determinisations**: the cards it cannot see (the other hands and the
   deck) dealt at random from the cards it does not know to be elsewhere (the whole deck less
   its own hand, the Centre Row, the discard pile and the cards played this turn), each hand
   keeping its size, the deck its size, with a fresh random source for the game's chance;
3. plays each candidate still in the running in each determinisation, then **rolls out** the
   round with greedy at every seat (itself included) until the round ends, and scores the
   outcome for itself: the points it scored less the mean of the points each other seat scored
   (0 for a void round), ``± target`` when the game ends (won or lost); a rollout cut off after
   ``turns`` turns is scored by ``cutoff_value`` (the expected outcome if the seat most likely
   to go out first did, by hand sizes, with the hands as they are);
4. spends its budget of ``samples`` rollouts per candidate by **successive halving** (Karnin,
   Koren and Somekh, 2013): ``ceil(log2(candidates))`` rounds share the budget equally; each
   round plays new determinisations for the candidates still in the running, then keeps the
   better half (rounded up) by total outcome. With 4 candidates at ``samples=128``: 64 worlds
   for each of the 4, then 128 more for the better 2 (512 rollouts, as 128 for each of 4 would
   be, but the finalists are compared on 192 worlds instead of 128);
5. takes the last candidate standing (ties go to the earlier candidate), if its lead over
   greedy's choice, paired on the worlds both met, is at least ``margin`` standard errors
   (default 0: any lead); else greedy's choice.

Every candidate meets the same determinisations and the same rollout chance (common random
numbers), so the comparison between candidates is paired. Decisions with one candidate (and
the DOS call, a catch and a declaration, which greedy decides) cost no rollout.

**Honest about hidden cards.** The agent reads only what its seat sees: its own hand, the Centre
Row, the discard pile, the cards matched this turn, every hand's size, the deck's size, the
scores and the phase. The cards it cannot see are pooled from the deck's composition, in the
deck's fixed order, before they are shuffled with the agent's own seeded generator: permuting
the hidden cards (between other hands and the deck, or within the deck) cannot change a
decision (``tests/test_search.py`` checks it).

**Budget.** ``samples`` (determinisations, default 128) and ``width`` (candidates, default 4)
bound a decision to ``samples * width`` rollouts of at most the rest of a round, played by greedy
(``turns`` caps the turns of a rollout, default 200, about never reached). The budget is a count,
not a clock, so a game is reproducible from its seeds; it bounds the time of a decision: on the
compiled engine, 1/23 s of CPU on average where it searches in 4-player games, the slowest
0.32 s in 1,000 games (docs/games.md, "Cost"; ``benchmarks/bench_search.py`` measures it).
Rollouts apply greedy's actions and the candidates ``trusted`` (they are legal by construction,
as in ``simulate``): about 3 to 4 times as many rollouts per second as with the engine's check,
the same outcomes. ``infer=1`` deals the other hands within what their draws told
(``inference``; off by default: no measured gain). The decisions are noise-bound: candidates'
mean outcomes differ by a few points where the paired difference of one world spreads by 5 to
90, so the gain over greedy's choice grows with the worlds
(``benchmarks/bench_search_decisions.py``; docs/games.md, "Why the search agent was weak with 4
players"). Cutting rollouts off early (``turns=2`` or ``4``) costs barely less and gains no more
at the same budget: the rest of the round is cheap, the cut-off evaluation crude.

Options on the command line: ``search``, ``search:samples=64,width=8,turns=4,margin=0,infer=1``.
This module is pure Python (not compiled by mypyc); the rollouts run the engine and greedy, which
are.
"""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar, cast

from ..engine.actions import CALL_DOS, Action, Match, Place
from ..engine.chance import Chance
from ..engine.state import Phase, State
from ..errors import UsageError
from .agents import Agent, GreedyAgent
from .inference import Limit, deal_within_limits, observed_limits

__all__ = ["SearchAgent", "determinise", "candidates", "halving_schedule", "cutoff_value"]

#: phases where greedy's choice stands (a DOS call, a catch, a declaration, an ending turn)
_NO_SEARCH = (Phase.CATCH, Phase.DECLARE, Phase.FINISH, Phase.ENDING, Phase.OVER)


class SearchAgent(Agent):
    """Determinised Monte Carlo with successive halving over greedy rollouts (see the module docstring)."""

    name: ClassVar[str] = "search"

    def __init__(self, seed: int = 0, samples: float = 128, width: float = 4, turns: float = 200,
                 margin: float = 0.0, infer: float = 0):
        if samples != int(samples) or width != int(width) or turns != int(turns) or \
                not (1 <= samples <= 10_000 and 1 <= width <= 100 and 0 <= turns <= 10_000):
            raise UsageError("search agent options samples, width and turns are whole numbers: samples from 1 "
                             "to 10000, width from 1 to 100, turns from 0 to 10000",
                             fix="Write e.g. search:samples=16,width=8.")
        if not 0.0 <= margin <= 100.0:
            raise UsageError(f"search agent option margin={margin:g} is not from 0 to 100 (standard errors)",
                             fix="Write e.g. search:margin=1.")
        if infer not in (0, 1):
            raise UsageError(f"search agent option infer={infer:g} is not 0 or 1",
                             fix="Write search:infer=1 to deal hidden hands that agree with the others' draws.")
        self.samples, self.width, self.turns, self.margin = int(samples), int(width), int(turns), margin
        #: deal the hidden hands within what the others' draws tell (``inference``)
        self.infer = bool(infer)
        self.rng = random.Random(seed)
        self.greedy = GreedyAgent(seed)
        #: rollout players, one per seat (greedy that always calls DOS and catches: no randomness)
        self._players: list[GreedyAgent] = []
        #: decisions so far that rolled out (more than one candidate)
        self.searches = 0

    def __repr__(self) -> str:
        return (f"SearchAgent(samples={self.samples}, width={self.width}, turns={self.turns}, margin={self.margin:g}, "
                f"infer={int(self.infer)})")

    def act(self, state: State) -> Action:
        default = self.greedy.act(state)
        if state.phase in _NO_SEARCH or default == CALL_DOS:
            return default
        options = candidates(state, default, self.width)
        if len(options) == 1:
            return options[0]
        self.searches += 1
        best = self._best(state, options)
        if best:
            self.greedy.forget_plan()  # greedy's plan for this turn no longer holds
        return options[best]

    def _best(self, state: State, options: list[Action]) -> int:
        """The index of the option to take, by successive halving over the candidates (see the
        module docstring): the survivor of the highest mean rollout outcome (the first among
        equals), if its paired lead over greedy's (option 0) is at least ``margin`` standard
        errors; else greedy's."""
        me = state.current_player()
        assert me is not None
        if len(self._players) != state.players:
            self._players = [GreedyAgent(0) for _ in range(state.players)]
        values: list[list[float]] = [[] for _ in options]
        alive = list(range(len(options)))
        limits = observed_limits(state, me) if self.infer else None
        for count in halving_schedule(len(options), self.samples * len(options)):
            for _ in range(count):
                world = determinise(state, me, self.rng, limits)
                world.chance = _RolloutChance(self.rng.getrandbits(63))  # copied below: the same for every option
                world.max_rounds = state.round  # the engine stops the rollout at the round's end ...
                world.max_turns = state.turn_number + self.turns  # ... or after ``turns`` more turns
                for i in alive:
                    game = world.copy()
                    game.apply(options[i], trusted=True)  # a legal action (``candidates``)
                    values[i].append(self._rollout(game, me, state.scores))
            # the better half (rounded up) goes on; every survivor has met the same worlds
            alive.sort(key=lambda i: (-sum(values[i]), i))
            alive = sorted(alive[:(len(alive) + 1) // 2])
        best = alive[0]
        if best == 0 or self.margin <= 0.0:
            return best
        met = len(values[0])  # the worlds greedy's choice met (fewer if it was halved away)
        return best if _paired_z(values[best][:met], values[0]) >= self.margin else 0

    def _rollout(self, game: State, me: int, start_scores: list[int]) -> float:
        """Greedy plays the round out; the outcome for seat ``me`` against the scores at the
        decision (see the module docstring)."""
        players = self._players
        while game.phase is not _OVER:
            seat = game.current_player()
            assert seat is not None
            game.apply(players[seat].act(game), trusted=True)  # greedy's actions are legal (as in simulate)
        if game.winner is not None:
            return float(game.c.target) if game.winner == me else -float(game.c.target)
        if game.max_turns is not None and game.turn_number > game.max_turns:  # cut off: no one went out
            return cutoff_value(game, me)
        gains = [after - before for after, before in zip(game.scores, start_scores)]
        others = [g for s, g in enumerate(gains) if s != me]
        return gains[me] - sum(others) / len(others)


#: the cut-off evaluation's model of who goes out first: a seat's weight is
#: ``exp(-OUT_PER_CARD * hand size)``, times ``exp(OUT_TO_MOVE)`` for the seat to move (fit by
#: likelihood to who went out first in greedy games, 4 players; see docs/games.md)
OUT_PER_CARD: float = 0.25
OUT_TO_MOVE: float = 0.5


def cutoff_value(state: State, me: int) -> float:
    """The expected outcome for seat ``me`` of a round cut off before anyone went out, with
    ``state.turn_seat`` to move next: over the seats, the chance that each goes out first
    (``OUT_PER_CARD``, ``OUT_TO_MOVE``) times the outcome if it did now, with the hands as they
    are: the points left in the other hands for ``me``, less a share ``1 / (players - 1)`` of
    them for another seat; ``± target`` where they would end the game. A smooth stand-in for
    the rest of the round: it has none of the noise of who happens to go out."""
    n, c = state.players, state.c
    score, index, target = c.f_score, c.face_index, c.target
    hands = state.hands
    points = []
    for hand in hands:
        p = 0
        for card in hand:
            p += score[index[id(card)]] or 0
        points.append(p)
    total = sum(points)
    weights = [math.exp(-OUT_PER_CARD * len(hand)) for hand in hands]
    weights[state.turn_seat] *= math.exp(OUT_TO_MOVE)
    value = 0.0
    for s in range(n):
        gain = total - points[s]
        if state.scores[s] + gain >= target:
            outcome = float(target) if s == me else -float(target)
        else:
            outcome = float(gain) if s == me else -gain / (n - 1)
        value += weights[s] * outcome
    return value / sum(weights)


class _RolloutChance(Chance):
    """A rollout's chance: ``Chance(seed)`` whose generator is seeded when first used (most
    rollouts shuffle nothing), and whose copies start afresh from the seed (it is copied, unused,
    once per candidate)."""

    def __init__(self, seed: int):  # the base's generator is never made: every method that uses it is here
        self.seed = seed
        self._gen: random.Random | None = None

    def _generator(self) -> random.Random:
        if self._gen is None:
            self._gen = random.Random(self.seed)
        return self._gen

    def shuffle(self, cards: list) -> None:
        rnd = self._generator().random
        cards.sort(key=lambda _: rnd())

    def lot(self, n: int) -> int:
        return self._generator().randrange(n)

    def copy(self) -> "Chance":
        assert self._gen is None, "a rollout's chance is copied before it is used"
        return _RolloutChance(cast(int, self.seed))


def halving_schedule(candidates: int, budget: int) -> list[int]:
    """The determinisations each round of successive halving adds, for ``candidates`` candidates
    and a budget of ``budget`` rollouts: ``ceil(log2(candidates))`` rounds, each given an equal
    share of the budget, spread over the candidates still in it (halved, rounded up, after each
    round). The rollouts never exceed the budget; a budget too small to give every round a
    determinisation is spent in one round (every candidate on the same ``budget // candidates``)."""
    rounds = max(1, (candidates - 1).bit_length())
    out: list[int] = []
    alive = candidates
    for _ in range(rounds):
        count = budget // (rounds * alive)
        if count == 0:
            return [budget // candidates]
        out.append(count)
        alive = (alive + 1) // 2
    return out


def _paired_z(a: list[float], b: list[float]) -> float:
    """The mean of the paired differences ``a - b`` in standard errors (infinite when every
    difference is the same positive number)."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b)]
    mean = sum(diffs) / n
    if n < 2:
        return math.inf if mean > 0 else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0.0:
        return math.inf if mean > 0 else 0.0
    return mean / math.sqrt(var / n)


def candidates(state: State, default: Action, width: int) -> list[Action]:
    """The legal actions with distinct effects, ``default`` first, then by what they shed, at
    most ``width``: a match per (row card, hand cards, colour bonus), whatever the declarations;
    a placement per card (the first of its declarations)."""
    seen: dict[Any, Action] = {}
    for action in state.legal_actions():
        key: Any
        if type(action) is Match:
            m: Match = action
            key = (m.target.card, tuple(d.card for d in m.cards), state.colour_outcome(m.target, m.cards)[0])
        elif type(action) is Place:
            key = ("place", action.card.card)
        else:
            key = action
        if key not in seen:
            seen[key] = action
    points = state.c.points
    default_key = next((k for k, a in seen.items() if a == default), None)

    def shed(item: tuple[Any, Action]) -> tuple:
        key, action = item
        if type(action) is Match:
            return (len(key[1]), key[2] is not None, sum(points[card] or 0 for card in key[1]))
        if type(action) is Place:
            return (0, False, points[key[1]] or 0)
        return (-1, False, 0)

    rest = sorted((item for item in seen.items() if item[0] != default_key), key=shed, reverse=True)
    out = [default] + [a for _, a in rest]
    return out[:width]


def determinise(state: State, me: int, rng: random.Random, limits: list[Limit] | None = None) -> State:
    """A copy of ``state`` in which the cards seat ``me`` cannot see (the other hands and the
    deck) are dealt afresh from the cards it does not know to be elsewhere, with ``rng``; each
    hand and the deck keep their sizes; with ``limits`` (``inference.observed_limits``), the
    hands of the seats they concern are dealt to keep within them. The copy's events and history
    are empty (the engine does not read them); its chance is the caller's to set."""
    world = state.copy()
    world.events, world.history = [], []
    index = state.c.face_index  # cards are the rules' own objects: their identity names their face
    known = [0] * len(state.c.faces)
    for cards in (state.hands[me], state.row, state.discard, state.played):
        for card in cards:
            known[index[id(card)]] += 1
    pool = []
    for card in state.c.deck:  # the deck's fixed order: nothing of the hidden arrangement
        f = index[id(card)]
        if known[f] > 0:
            known[f] -= 1
        else:
            pool.append(card)
    assert len(pool) == sum(len(h) for s, h in enumerate(state.hands) if s != me) + len(state.deck)
    rng.shuffle(pool)
    if limits:
        hands = deal_within_limits(state, pool, {s: len(state.hands[s]) for s in range(state.players) if s != me},
                                   limits, rng)
        for seat, hand in hands.items():
            world.hands[seat] = hand
        world.deck = pool
        _dc_cards(state, world, me)
        return world
    at = 0
    for seat in range(state.players):
        if seat != me:
            k = len(state.hands[seat])
            world.hands[seat] = pool[at:at + k]
            at += k
    world.deck = pool[at:at + len(state.deck)]
    _dc_cards(state, world, me)
    return world


def _dc_cards(state: State, world: State, me: int) -> None:
    """The cards the others drew for a double colour match this turn: as many, from their new hands."""
    if state.dc_cards:
        drawn = [card for seat in range(state.players) if seat != me for card in world.hands[seat]]
        world.dc_cards = drawn[:len(state.dc_cards)]


_OVER = Phase.OVER
