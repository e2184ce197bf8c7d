"""Behaviour profiles: agents that make the choices real players make, each with a probability.

Greedy always calls DOS, always catches a missed call, never draws while it can match, always
matches after a draw when it can, and always makes the matches that shed the most cards. A
comparison played by greedy alone cannot see a rule about the DOS penalty, drawing or the deck
running out, because greedy never gets there. A profile plays greedy's choices except where one
of five **habits** takes over:

============  ===========================================  ======================================
habit         asked once                                    the player, with that probability
============  ===========================================  ======================================
``forget``    each time the hand reaches the DOS call's     does not call DOS (until the hand
              size                                          changes size)
``miss``      each chance to catch a missed DOS call        does not catch
``draw``      each turn, at its first decision              draws, even holding a match (where
                                                            the rules allow a draw then)
``decline``   each turn, after a draw, when a match is      ends the turn without matching, in a
              possible                                      way the rules allow then (keep the
                                                            card, or put one in the Centre Row)
``pick``      each turn, at its first decision with a       makes a match chosen at random
              match                                         (uniformly by row card and hand
                                                            cards) instead of greedy's best
============  ===========================================  ======================================

**casual**, the profile comparisons use, is ``forget=0.2, miss=0.3, draw=0.1, decline=0.05,
pick=0.25``. These numbers are a *model* of a relaxed family table, chosen so that in a few
thousand rounds every habit comes into play many times; nobody measured them on real players.
Change any of them (``casual:forget=0.4``), or start from greedy and add only the habits named
(``habits:draw=0.3``). A seat's habits are rolled with the agent's own seeded random source, so
a profile is as reproducible as greedy.
"""

from __future__ import annotations

import random
from typing import ClassVar, Final, cast

from mypy_extensions import mypyc_attr
from dataclasses import asdict, dataclass, fields, replace

from ..engine.actions import CALL_DOS, DRAW, END, PASS, Action, CatchDos, End, Match, Place, declared_key
from ..engine.state import Phase, State
from ..ruleset.cards import Declared
from ..ruleset.model import MatchAfterDraw
from ..errors import UsageError
from .agents import Agent, GreedyAgent

__all__ = ["Profile", "BehaviourAgent", "PROFILES", "make_profile_agent", "profile_help", "match_groups"]


@mypyc_attr(native_class=False)  # a plain class even when compiled by mypyc: vars() reads it
@dataclass(frozen=True)
class Profile:
    """The probability of each habit (see the module docstring); 0 everywhere is greedy."""

    forget: float = 0.0
    miss: float = 0.0
    draw: float = 0.0
    decline: float = 0.0
    pick: float = 0.0

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if not 0.0 <= value <= 1.0:
                raise UsageError(f"habit {f.name}={value:g} is not a probability",
                                 fix=f"Give {f.name} a value from 0 to 1, e.g. {f.name}=0.2.")

    def spec(self, name: str) -> str:
        """``name:forget=0.2,...`` with every habit, for reports."""
        return name + ":" + ",".join(f"{k}={v:g}" for k, v in asdict(self).items())


#: the named profiles: ``casual`` (comparisons) and ``habits`` (greedy, for adding habits to)
PROFILES: dict[str, Profile] = {
    "casual": Profile(forget=0.2, miss=0.3, draw=0.1, decline=0.05, pick=0.25),
    "habits": Profile(),
}
HABITS = tuple(f.name for f in fields(Profile))


def profile_help() -> str:
    """One line for ``--help``: the profiles and their habits."""
    c = PROFILES["casual"]
    return (f"casual (forget={c.forget:g}, miss={c.miss:g}, draw={c.draw:g}, decline={c.decline:g}, "
            f"pick={c.pick:g}: a model, not a measurement), casual:forget=0.4 to change a habit, or "
            "habits:draw=0.3 for greedy with only the habits named")


class BehaviourAgent(Agent):
    """Greedy's choices, except where a habit of ``profile`` takes over."""

    name: ClassVar[str] = "behaviour"

    def __init__(self, seed: int = 0, profile: Profile = PROFILES["casual"], label: str = "casual"):
        self.profile, self.label = profile, label
        self.rng = random.Random(seed)
        self.greedy = GreedyAgent(seed, forget=1.0, catch=1.0)  # DOS calls and catches are decided here
        self._forgetting: bool | None = None  # True/False once decided for the current DOS exposure
        self._turn: tuple[int, int] | None = None  # (round, turn number) whose first-decision habits were rolled
        self._draws = self._picks = False
        self._declined_turn: tuple[int, int] | None = None  # (round, turn number) whose decline habit was rolled

    def __repr__(self) -> str:
        return f"BehaviourAgent({self.profile.spec(self.label)!r})"

    def act(self, state: State) -> Action:
        ph, p = state.phase, self.profile
        if ph is _CATCH:
            assert state.catch is not None
            return PASS if self._roll(p.miss) else CatchDos(state.catch[0])
        if ph is _DECLARE:
            return self.greedy.act(state)
        c, seat = state.c, state.turn_seat
        if c.dos_active and len(state.hands[seat]) == c.dos_hand_size and not state.called[seat]:  # exposed
            if self._forgetting is None:
                self._forgetting = self._roll(p.forget)
            if not self._forgetting:
                return CALL_DOS
        else:
            self._forgetting = None
        if ph is _TURN and not state.matches:
            habit = self._first_decision(state) if not state.drew else self._after_draw(state)
            if habit is not None:
                return habit
        return self.greedy.act(state)

    def _roll(self, p: float) -> bool:
        return p > 0.0 and (p >= 1.0 or self.rng.random() < p)

    def _first_decision(self, state: State) -> Action | None:
        """``draw`` or ``pick`` at a turn's first decision (rolled once per turn)."""
        turn = (state.round, state.turn_number)
        if self._turn != turn:
            self._turn = turn
            self._draws, self._picks = self._roll(self.profile.draw), self._roll(self.profile.pick)
        if self._draws:
            self._draws = self._picks = False
            if state.c.draw_when_match_possible is not False:  # a draw is legal, match or not
                return DRAW
        if self._picks:
            self._picks = False
            return self._any_match(state)
        return None

    def _after_draw(self, state: State) -> Action | None:
        """``decline``: after a draw, end the turn without the match that is possible."""
        turn = (state.round, state.turn_number)
        if self._declined_turn == turn or state.c.match_after_draw is MatchAfterDraw.NONE:
            return None
        self._declined_turn = turn
        if not (self._roll(self.profile.decline) and state.has_match_after_draw()):
            return None
        endings = [a for a in state.legal_actions() if type(a) is End or type(a) is Place]
        if not endings:  # the rules oblige the match
            return None
        if END in endings:
            return END
        points = state.c.points
        places = [cast(Place, a) for a in endings]  # END is not among them
        return max(places, key=lambda a: (points[a.card.card] or 0, declared_key(a.card)))

    def _any_match(self, state: State) -> Match | None:
        """A legal match chosen uniformly by (row card, hand cards); of its declarations, the
        first that earns a colour bonus, else the first."""
        groups = match_groups(state)
        if not groups:
            return None
        target, cards = groups[self.rng.randrange(len(groups))]
        if _by_numbers(state):
            return _declared_match(state, target, cards)
        return _best_declared([m for m in state.legal_actions() if type(m) is Match
                               and _group(cast(Match, m)) == (target, cards)], state)


def _by_numbers(state: State) -> bool:
    """Whether numbers alone decide the matches open now (``simple_matching``, and before a draw
    unless any match may follow one): the per-face tables then give every declaration a row card
    may be matched as; otherwise only ``legal_actions`` knows (a wild its placer declared, say)."""
    c = state.c
    return (c.simple_matching and not state.all_wild_turn
            and not (state.drew and c.match_after_draw is not MatchAfterDraw.ANY))


def _group(m: Match) -> tuple:
    """(row card, hand cards) of a match: its faces, without declarations."""
    return (m.target.card, tuple(d.card for d in m.cards))


def _best_declared(matches: list, state: State) -> Match | None:
    """Of legal matches, the first that earns a colour bonus, else the first."""
    for m in matches:
        if state.colour_outcome(m.target, m.cards)[0] is not None:
            return m
    return matches[0] if matches else None


def match_groups(state: State) -> list[tuple]:
    """The distinct (row card, hand cards) of the matches open to the turn player, in a fixed
    order. Under rules where numbers alone decide a match (:func:`_by_numbers`) they come from
    the per-face value ranges, without listing every declaration of every wild (which
    ``legal_actions`` does, at many times the cost); otherwise from ``legal_actions``."""
    c = state.c
    if not _by_numbers(state):
        seen: dict[tuple, None] = {}
        for act in state.legal_actions():
            if type(act) is Match:
                seen[_group(cast(Match, act))] = None
        return list(seen)
    index, lo, hi, faces = c.face_index, c.f_lo, c.f_hi, c.faces
    used = state.used
    targets = sorted({index[id(card)] for i, card in enumerate(state.row) if not used[i]})
    counts: dict[int, int] = {}
    for card in state.hands[state.turn_seat]:
        f = index[id(card)]
        counts[f] = counts.get(f, 0) + 1
    hand = sorted(counts)
    groups: list[tuple] = []
    for t in targets:
        tlo, thi = lo[t], hi[t]
        for i, a in enumerate(hand):
            if lo[a] <= thi and tlo <= hi[a]:
                groups.append((faces[t], (faces[a],)))
            for b in hand[i:]:
                if (b != a or counts[a] > 1) and lo[a] + lo[b] <= thi and tlo <= hi[a] + hi[b]:
                    groups.append((faces[t], (faces[a], faces[b])))
    return groups


def _declared_match(state: State, target, cards) -> Match | None:
    """The match of row card ``target`` with hand ``cards`` under the first declarations that
    make the numbers add up and earn a colour bonus, else under the first that add up."""
    c = state.c
    first = None
    for tdecl, tv in c.target_options[target]:
        combos: list[tuple[Declared, ...]]
        if len(cards) == 1:
            combos = [(d,) for v, d in c.hand_options[cards[0]] if v == tv]
        else:
            combos = [(da, db) for va, da in c.hand_options[cards[0]] for vb, db in c.hand_options[cards[1]]
                      if va + vb == tv]
        for combo in combos:
            if state.colour_outcome(tdecl, combo)[0] is not None:
                return Match(tdecl, combo)
            if first is None:
                first = Match(tdecl, combo)
    return first


def make_profile_agent(name: str, seed: int = 0, **habits: float) -> BehaviourAgent:
    """The agent of a named profile (``casual``, ``habits``) with some habits changed."""
    unknown = sorted(set(habits) - set(HABITS))
    if unknown:
        raise UsageError(f"profile '{name}' has no habit {', '.join(map(repr, unknown))}",
                         fix=f"Habits are {', '.join(HABITS)} (probabilities from 0 to 1), e.g. "
                             f"{name}:forget=0.3.")
    return BehaviourAgent(seed, replace(PROFILES[name], **habits), name)


_TURN: Final = Phase.TURN
_CATCH: Final = Phase.CATCH
_DECLARE: Final = Phase.DECLARE
