"""Random play: every shipped ruleset and composition plays random games to the end (OpenSpiel's
random_sim_test), and a Hypothesis stateful machine checks invariants after every action.

``DOSRULES_RANDOM_GAMES`` sets the games per (ruleset, player count); the default keeps the
suite fast, the issue's full check is ``DOSRULES_RANDOM_GAMES=1000``.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from dosrules import load_ruleset
from dosrules.play.agents import make_agent
from dosrules.engine import Phase, new_game, parse_action

from enginekit import RULESETS

GAMES = int(os.environ.get("DOSRULES_RANDOM_GAMES", "2"))
ROOT = Path(__file__).resolve().parent.parent / "rulesets"


def shipped_compositions() -> list[str]:
    """Every shipped edition, and every edition with each shipped house rule layered on it."""
    editions = sorted(p.stem for p in (ROOT / "editions").glob("*.yaml"))
    houses = sorted(p.stem for p in (ROOT / "house").glob("*.yaml"))
    return editions + [f"{e}+{h}" for e in editions for h in houses]


TEST_RULESETS = sorted(str(p) for p in RULESETS.glob("*.yaml"))
ALL = shipped_compositions() + TEST_RULESETS


@lru_cache(maxsize=None)
def ruleset(spec: str):
    return load_ruleset(spec)


def play_random_game(rs, players: int, seed: int, agents=("random",)):
    state = new_game(rs, players, seed, max_rounds=60)
    chosen = [make_agent(agents[i % len(agents)], seed * 7 + i) for i in range(players)]
    actions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        who = state.current_player()
        assert legal and 0 <= who < players
        action = chosen[who].act(state)
        assert action in legal
        state.apply(action)
        actions += 1
        assert actions < 200_000, "game does not end"
    return state


def check_finished(state) -> None:
    c = state.c
    assert Counter(state.all_cards()) == Counter(c.deck)
    assert state.legal_actions() == () and state.current_player() is None
    scored = [e for e in state.events if e.kind == "round-scored"]
    totals = [0] * state.players
    for e in scored:
        totals[e.winner] += e.points
        assert list(e.scores) == totals
    assert state.scores == totals
    over = [e for e in state.events if e.kind == "game-over"]
    assert len(over) == 1 and state.events[-1] is over[0]
    if over[0].winner is not None:
        assert state.scores[over[0].winner] >= c.target
        assert sorted(state.scores)[-2] < c.target
    void = sum(e.kind == "round-void" for e in state.events)
    assert len(scored) + void == state.round
    check_penalties_drawn(state.events)


def check_penalties_drawn(events) -> None:
    """A caught player draws the penalty, at once or at the end of the turn: before the next
    turn starts, unless the round ends first."""
    for i, caught in enumerate(events):
        if caught.kind != "caught" or not caught.penalty:
            continue
        for k, later in enumerate(events[i + 1:], i + 1):
            if later.kind == "drew" and later.seat == caught.seat and later.reason == "penalty":
                if caught.when == "now":  # drawn at once (the deck reshuffled first if it ran out)
                    assert all(e.kind == "reshuffled" for e in events[i + 1:k]), \
                        f"'{caught}' is not followed by its draw"
                break
            assert later.kind != "turn", f"'{caught}': the next turn starts before the penalty is drawn"
            if later.kind in ("round-scored", "round-void"):
                break


@pytest.mark.parametrize("spec", ALL)
def test_random_games_end(spec):
    rs = ruleset(spec)
    for players in range(rs.rules.players.min, rs.rules.players.max + 1):
        for seed in range(GAMES):
            agents = ("random",) if seed % 2 == 0 else ("greedy", "random")
            check_finished(play_random_game(rs, players, seed, agents))


@pytest.mark.parametrize("spec", ALL)
def test_notation_of_every_legal_action_parses_back(spec):
    state = new_game(ruleset(spec), 3, seed=4)
    rng = random.Random(4)
    for _ in range(300):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        for a in legal:
            assert parse_action(str(a)) == a
        state.apply(rng.choice(legal))


def test_greedy_games_are_reproducible():
    rs = ruleset(TEST_RULESETS[0])
    a = play_random_game(rs, 4, 9, ("greedy",))
    b = play_random_game(rs, 4, 9, ("greedy",))
    assert [str(e) for e in a.events] == [str(e) for e in b.events]


class EngineMachine(RuleBasedStateMachine):
    """Random legal actions under random rulesets; invariants after every action."""

    @initialize(spec=st.sampled_from(ALL), players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
    def start(self, spec, players, seed):
        rs = ruleset(spec)
        players = max(rs.rules.players.min, min(players, rs.rules.players.max))
        self.state = new_game(rs, players, seed, max_rounds=30)
        self.full = Counter(self.state.c.deck)

    @precondition(lambda self: not self.state.is_terminal())
    @rule(data=st.data())
    def act(self, data):
        legal = self.state.legal_actions()
        assert legal
        self.state.apply(data.draw(st.sampled_from(legal), label="action"))

    @precondition(lambda self: self.state.is_terminal())
    @rule()
    def game_over(self):
        assert self.state.legal_actions() == ()

    @invariant()
    def every_card_in_exactly_one_place(self):
        assert Counter(self.state.all_cards()) == self.full

    @invariant()
    def row_minimum_at_turn_start(self):
        s = self.state
        if s.phase is Phase.TURN and not s.drew and not s.matches and s.turn_number > 1:
            assert len(s.row) >= s.c.row_minimum or not s.deck

    @invariant()
    def scores_add_up(self):
        s = self.state
        totals = [0] * s.players
        for e in s.events:
            if e.kind == "round-scored":
                totals[e.winner] += e.points
        assert s.scores == totals
        assert s.is_terminal() == any(e.kind == "game-over" for e in s.events)


TestEngineMachine = EngineMachine.TestCase
TestEngineMachine.settings = settings(max_examples=20, stateful_step_count=120, deadline=None,
                                      suppress_health_check=[HealthCheck.too_slow])


def candidate_actions(state, rng):
    """Plausible actions, legal or not, built from the cards in play."""
    from dosrules.ruleset.cards import Declared
    from dosrules.engine import CatchDos, Declare, Match, Place
    from dosrules.engine.actions import CALL_DOS, DRAW, END, PASS
    c = state.c
    faces = list(c.faces)
    hand = list(state.hands[state.turn_seat]) or faces

    def decl(card):
        options = c.hand_options[card]
        return rng.choice(options)[1] if rng.random() < 0.8 else Declared(card)

    def target():
        card = rng.choice(list(state.row) or faces)
        return rng.choice(c.target_options[card])[0] if rng.random() < 0.8 else Declared(card)

    out = [DRAW, END, PASS, CALL_DOS, CatchDos(rng.randrange(state.players))]
    for _ in range(12):
        out.append(Match(target(), tuple(decl(rng.choice(hand)) for _ in range(rng.choice((1, 2))))))
    out.append(Place(decl(rng.choice(hand))))
    out.append(Place(Declared(rng.choice(hand))))
    out.append(Declare(decl(rng.choice(faces))))
    return out


@pytest.mark.parametrize("spec", ALL)
def test_why_not_agrees_with_legal_actions(spec):
    from dosrules.engine import IllegalActionError, play, why_not
    rng = random.Random(7)
    state = new_game(ruleset(spec), 3, seed=7)
    for _ in range(80):
        if state.is_terminal():
            break
        legal = set(state.legal_actions())
        for a in candidate_actions(state, rng):
            reason = why_not(state, a)
            assert (reason is None) == (a in legal), (str(a), reason)
            if reason is not None:
                assert reason.message and str(reason)
                copy = state.copy()
                with pytest.raises(IllegalActionError):
                    play(copy, a)
        state.apply(rng.choice(sorted(legal, key=str)))
