"""The random and greedy agents (issue 3, item 6)."""

import random

import pytest

from dosrules.play.agents import GreedyAgent, RandomAgent, parse_agent_spec
from dosrules.play.planner import best_matches, plain_plan
from dosrules.engine import Match, Phase, new_game, parse_action
from dosrules.engine.actions import DRAW
from dosrules.errors import UsageError

from enginekit import COMPILED, MATTEL, legal, position

OTHER = ["1b", "1b", "1g", "3b", "3g", "4g", "5b"]


def objective(state, plan):
    points = state.c.points
    return (sum(len(m.cards) for m in plan),
            sum(state.colour_outcome(m.target, m.cards)[0] is not None for m in plan),
            sum(points[d.card] or 0 for m in plan for d in m.cards))


def test_greedy_sheds_the_most_cards():
    # 7r takes 3r+4b (2 cards) rather than 7b; 10g then takes 1y+9g
    s = position([["3r", "4b", "7b", "9g", "1y", "5y", "8r"], OTHER], ["7r", "10g"])
    plan = best_matches(s, [a for a in s.legal_actions() if isinstance(a, Match)])
    assert sorted(map(str, plan)) == ["match 10g with 1y+9g", "match 7r with 3r+4b"]
    assert str(GreedyAgent().act(s)) in {"match 10g with 1y+9g", "match 7r with 3r+4b"}


def test_greedy_breaks_ties_by_colour_bonus_then_points():
    s = position([["3r", "4r", "1b", "6g", "9y", "10y", "8b"], OTHER], ["7r", "5y"])
    plan = best_matches(s, [a for a in s.legal_actions() if isinstance(a, Match)])
    assert [str(m) for m in plan] == ["match 7r with 3r+4r"]  # double colour beats 1b+6g
    s = position([["1b", "6g", "3y", "4y", "9y", "10y", "8b"], OTHER], ["7r", "5g"])
    plan = best_matches(s, [a for a in s.legal_actions() if isinstance(a, Match)])
    assert [str(m) for m in plan] == ["match 7r with 1b+6g"]  # 7 points shed: same as 3y+4y, first kept


def test_greedy_draws_only_without_a_match_and_places_its_highest_card():
    s = position([["5b", "6g", "10b", "10r"], OTHER], ["1r", "8y"], deck=["9g", "10g"])
    agent = GreedyAgent()
    assert str(agent.act(s)) == "draw"
    s.apply(agent.act(s))
    assert str(agent.act(s)) == "place 10r"  # 10 points; equal points go to the later face


def test_greedy_calls_dos_unless_it_forgets_and_catches_unless_told_not_to():
    s = position([["7b", "9g", "5y"], OTHER], ["7r", "10g"])
    s.apply(GreedyAgent().act(s))
    assert str(GreedyAgent().act(s)) == "call-dos"
    forgetful = GreedyAgent(forget=1.0)
    assert str(forgetful.act(s)) == "end"
    s.apply(forgetful.act(s))
    assert s.phase is Phase.CATCH
    assert str(GreedyAgent(catch=0.0).act(s)) == "pass" and str(GreedyAgent().act(s)) == "catch-dos 0"


# mattel-2018 states every wild rule; german leaves the Wild # colour, the row Wild # value and
# the row Wild DOS colour unspecified; digest-2017 the row Wild # value and the DOS call. Both let
# only the drawn card be played after a draw, where the agent leaves the planners (below).
@pytest.mark.parametrize("spec", ["mattel-2018", "german", "digest-2017", "german+all-wild-row+reshuffle"])
def test_plain_plan_agrees_with_the_reference_plan_on_random_positions(spec):
    from dosrules import load_ruleset
    ruleset = load_ruleset(spec)
    rng = random.Random(3)
    checked = 0
    for seed in range(60):
        s = new_game(ruleset, 2 + seed % 3, seed)
        for _ in range(rng.randrange(1, 60)):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.phase is not Phase.TURN or s.drew:
            continue
        if s.exposed(s.turn_seat):
            s.apply(parse_action("call-dos"))
        if s.phase is not Phase.TURN:
            continue
        assert s.c.simple_matching
        if s.all_wild_turn:  # a row of only wilds is matched as all_wild_row says: agents leave the
            continue         # planners (under german the row W2's colour is the matcher's there)
        fast = plain_plan(s)
        slow = best_matches(s, [a for a in s.legal_actions() if isinstance(a, Match)])
        assert objective(s, fast) == objective(s, slow), str(s)
        turn = (s.round, s.turn_number)
        for m in fast:  # the whole plan is legal, match after match (until a rule gap ends the round)
            assert m in s.legal_actions(), (str(s), str(m))
            s.apply(m)
            if (s.round, s.turn_number) != turn:
                break
            if s.exposed(s.turn_seat):
                s.apply(parse_action("call-dos"))
        checked += 1
    assert checked >= 15


@pytest.mark.parametrize("spec", ["digest-2017", "german"])
def test_greedy_after_a_draw_plays_only_the_drawn_card(spec):
    """Where only the drawn card may be played after a draw, the greedy agent chooses from the
    legal actions there (the planners assume any match): its match plays the drawn card, and
    nothing follows it but the end of the turn."""
    from dosrules import load_ruleset
    s = position([["4y", "4g", "10g", "10r"], OTHER], ["9b", "7r"], load_ruleset(spec), deck=["1g", "3b"])
    agent = GreedyAgent()
    assert agent.act(s) == DRAW  # no match: the greedy agent draws
    s.apply(DRAW)
    assert str(agent.act(s)) in {"match 7r with 3b+4y", "match 7r with 3b+4g"}
    s.apply(agent.act(s))
    assert str(agent.act(s)) == "end" and legal(s) == {"end"}


def test_random_agent_is_reproducible():
    s = new_game(MATTEL, 3, seed=2)
    assert RandomAgent(5).act(s) == RandomAgent(5).act(s)


@pytest.mark.parametrize("spec, problem", [
    ("clever", "unknown agent 'clever'"),
    ("greedy:forget=x", "is not key=number"),
    ("greedy:forget=2", "probabilities from 0 to 1"),
    ("random:forget=0.5", "does not take options"),
])
def test_bad_agent_specs(spec, problem):
    with pytest.raises(UsageError, match=problem):
        parse_agent_spec(spec)


def test_agent_spec_options():
    agent = parse_agent_spec("greedy:forget=0.25,catch=0.5", seed=1)
    assert (agent.forget, agent.catch) == (0.25, 0.5)


def test_greedy_plan_does_not_outlive_its_turn():
    # the first planned match makes the other player draw from an empty deck: the round ends and
    # the same seat starts the next round, where the rest of the old plan means nothing
    from dosrules.ruleset.model import DeckExhaustion, FirstPlayer
    from enginekit import variant
    rules = variant(deck_exhaustion=DeckExhaustion.END_ROUND, setup__first_player=FirstPlayer.DEALER)
    s = position([["3r", "4r", "10y", "5b", "9g"], OTHER], ["7r", "10g"], rules, deck=[], dealer=0)
    agent = GreedyAgent()
    while True:  # let the agent play its own plan until the round changes
        action = agent.act(s)
        assert action in s.legal_actions()
        s.apply(action)
        if s.round > 1:
            break
    assert s.round == 2 and s.current_player() == 0
    assert agent.act(s) in s.legal_actions()


@pytest.mark.skipif(COMPILED, reason="patches a method of GreedyAgent: run with DOSRULES_PURE_PYTHON=1")
@pytest.mark.parametrize("spec", ["mattel-2018", "german"])
def test_greedy_fast_path_decides_like_the_legal_action_path(spec):
    """At every decision of forgetful, sometimes-catching greedy players, the fast path (no
    legal-action list) returns what the general path returns and draws the same chances."""
    from dosrules import load_ruleset
    ruleset = load_ruleset(spec)
    phases = set()
    for seed in range(12):
        s = new_game(ruleset, 3, seed)
        agents = [GreedyAgent(seed * 10 + k, forget=0.4, catch=0.5) for k in range(3)]
        for agent in agents:  # act() returns None where the fast path hands over to the general one
            agent._act_general = lambda state: None
        for _ in range(400):
            if s.is_terminal():
                break
            agent = agents[s.current_player()]
            twin = GreedyAgent(0, forget=0.4, catch=0.5)
            twin.rng.setstate(agent.rng.getstate())
            fast = agent.act(s) if s.c.simple_matching else None
            if fast is not None and s.phase is not Phase.TURN:  # TURN plans are compared above
                phases.add(s.phase)
                assert fast == twin._act_general(s), str(s)
                assert agent.rng.getstate() == twin.rng.getstate()
            s.apply(fast if fast is not None else GreedyAgent._act_general(agent, s))
    assert {Phase.BONUS, Phase.CATCH, Phase.FINISH} <= phases


def test_memoised_matches_still_leave_the_engine_reading_the_colour_rules():
    """Match objects are memoised per compiled rules, and nothing keeps rule-derived facts per
    Match object: a traced game sees the colour rules decide the bonus of every match, repeated
    Match objects or not."""
    from dosrules import load_ruleset
    from dosrules.engine.trace import forget_reads, rules_read

    ruleset = load_ruleset("mattel-2018")
    s = new_game(ruleset, 2, 5, trace=True)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    canon, seen, repeated = {}, set(), 0
    for _ in range(600):
        if s.is_terminal():
            break
        action = agents[s.current_player()].act(s)
        action = canon.setdefault(action, action)  # equal matches as one object, as memoised
        forget_reads(s)
        s.apply(action)
        if isinstance(action, Match):
            repeated += id(action) in seen
            seen.add(id(action))
            read = rules_read(s).paths
            assert {"wilds.wild_number.colour", "wilds.wild_dos.row_colour"} <= set(read), str(action)
    assert repeated >= 5  # the same Match objects came back, and still the rules were read
