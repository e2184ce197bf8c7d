"""Behaviour profiles: each habit does what it says at the decision it names, and nothing else."""

import pytest

from dosrules.engine import Match, Phase, new_game
from dosrules.engine.actions import CALL_DOS, DRAW, END, PASS, CatchDos, End, Place
from dosrules.errors import UsageError
from dosrules.play.agents import GreedyAgent, parse_agent_spec
from dosrules.play.behaviour import PROFILES, BehaviourAgent, Profile
from dosrules.ruleset.model import DeclineAfterDraw

from enginekit import MATTEL, position, variant

OTHER = ["1b", "1b", "1g", "3b", "3g", "4g", "5b"]


def agent(seed=0, **habits):
    return BehaviourAgent(seed, Profile(**habits), "habits")


def test_profile_specs():
    casual = parse_agent_spec("casual", seed=3)
    assert isinstance(casual, BehaviourAgent) and casual.profile == PROFILES["casual"]
    assert parse_agent_spec("casual:forget=0.4").profile == Profile(**{**vars(PROFILES["casual"]), "forget": 0.4})
    assert parse_agent_spec("habits:draw=0.3,miss=1").profile == Profile(draw=0.3, miss=1.0)
    assert repr(parse_agent_spec("habits:pick=0.5")) == (
        "BehaviourAgent('habits:forget=0,miss=0,draw=0,decline=0,pick=0.5')")


@pytest.mark.parametrize("spec, problem", [
    ("casual:forgot=0.2", "profile 'casual' has no habit 'forgot'"),
    ("casual:draw=1.5", "habit draw=1.5 is not a probability"),
    ("greedy:draw=0.3", "does not take options"),
    ("carefree", "Choose one of: random, greedy, search, casual, habits"),
])
def test_bad_profile_specs(spec, problem):
    with pytest.raises(UsageError, match=problem):
        parse_agent_spec(spec)


def _exposed():
    """Seat 0 has just matched down to two cards, without calling DOS yet."""
    s = position([["7b", "9g", "5y"], OTHER], ["7r", "10g"])
    s.apply(GreedyAgent().act(s))
    assert s.exposed(0)
    return s


def test_forget_decides_once_per_exposure():
    s = _exposed()
    assert agent(forget=0.0).act(s) is CALL_DOS
    forgetful = agent(forget=1.0)
    first = forgetful.act(s)
    assert first is not CALL_DOS and first in s.legal_actions()
    s.apply(first)
    if s.phase is Phase.CATCH:
        assert agent(miss=1.0).act(s) is PASS and agent(miss=0.0).act(s) == CatchDos(0)


def test_draw_habit_draws_holding_a_match_where_the_rules_allow_it():
    hands = [["3r", "4b", "7b", "9g", "1y", "5y", "8r"], OTHER]
    s = position(hands, ["7r", "10g"])
    assert agent(draw=1.0).act(s) is DRAW
    assert type(agent(draw=0.0).act(s)) is Match
    stuck = position(hands, ["7r", "10g"], variant(drawing__draw_when_match_possible=False))
    assert type(agent(draw=1.0).act(stuck)) is Match  # drawing is not allowed: greedy's match


def _drawn(ruleset=MATTEL):
    """Seat 0 has drawn and can match now (the drawn 10b on the row's 10g)."""
    s = position([["5b", "6g", "9b", "8r"], OTHER], ["1r", "10g"], ruleset, deck=["9g", "10b"])
    s.apply(DRAW)
    assert s.drew and s.has_match()
    return s


def test_decline_habit_ends_the_turn_without_the_possible_match():
    keep = _drawn(variant(drawing__decline_match_after_draw=DeclineAfterDraw.KEEP_AND_PASS))
    assert agent(decline=1.0).act(keep) is END
    place = _drawn(variant(drawing__decline_match_after_draw=DeclineAfterDraw.PLACE_CARD))
    assert str(agent(decline=1.0).act(place)) == "place 10b"  # the highest card, as greedy places
    forbidden = _drawn(variant(drawing__decline_match_after_draw=DeclineAfterDraw.FORBIDDEN))
    assert type(agent(decline=1.0).act(forbidden)) is Match
    assert type(agent(decline=0.0).act(_drawn())) is Match
    silent = agent(decline=1.0).act(_drawn())  # mattel-2018 is silent: declining is offered, and a gap
    assert type(silent) in (End, Place) and silent in _drawn().legal_actions()


def test_pick_habit_chooses_among_the_legal_matches():
    s = position([["3r", "4b", "7b", "9g", "1y", "5y", "8r"], OTHER], ["7r", "10g"])
    picks = {str(agent(seed, pick=1.0).act(s)) for seed in range(40)}
    legal = {str(a) for a in s.legal_actions() if type(a) is Match}
    assert picks <= legal and len(picks) >= 4
    assert "match 7r with 3r+4b" in picks or "match 7r with 7b" in picks


def test_pick_matches_a_row_wild_as_its_placer_declared_it():
    """Issue 29: under all-wild-row-placer, pick took a row wild's declaration from the tables
    (``W2=b``) instead of its placer's (``W2=r``), and apply() failed: exit 70 in compare."""
    from dosrules import load_ruleset

    s = position([["1b", "1y", "5y", "9g"], OTHER], ["W2=r", "#g=5"], load_ruleset("mattel-2018+all-wild-row-placer"))
    legal = {str(a) for a in s.legal_actions() if type(a) is Match}
    assert "match W2=r with 1b+1y" in legal and "match W2=b with 1b+1y" not in legal
    picks = {str(agent(seed, pick=1.0).act(s)) for seed in range(20)}
    assert picks <= legal and "match W2=r with 1b+1y" in picks


@pytest.mark.parametrize("ruleset", ["mattel-2018", "german"])
def test_zero_habits_play_exactly_as_greedy_and_a_profile_is_reproducible(ruleset):
    def game(make):
        s = new_game(ruleset, 3, seed=5, max_rounds=3)
        seats = [make(k) for k in range(3)]
        while not s.is_terminal() and len(s.history) < 3000:
            s.apply(seats[s.current_player()].act(s))
        return [str(a) for a in s.history]

    assert game(lambda k: agent(k)) == game(lambda k: GreedyAgent(k))
    assert game(lambda k: parse_agent_spec("casual", k)) == game(lambda k: parse_agent_spec("casual", k))
    assert game(lambda k: parse_agent_spec("casual", k)) != game(lambda k: GreedyAgent(k))


def test_help_names_the_casual_profile_as_it_is():
    from dosrules.cli.common import POLICY_HELP

    for habit, value in vars(PROFILES["casual"]).items():
        assert f"{habit}={value:g}" in POLICY_HELP
    assert "habits:" in POLICY_HELP and "a model, not a measurement" in POLICY_HELP


@pytest.mark.parametrize("spec", ["mattel-2018", "german", "digest-2017", "german+all-wild-row+reshuffle"])
def test_pick_chooses_among_exactly_the_legal_matches_on_random_positions(spec):
    """The fast per-face groups equal the groups of legal_actions(), and every pick is legal."""
    import random

    from dosrules import load_ruleset
    from dosrules.play.behaviour import _declared_match, match_groups

    ruleset, rng, checked = load_ruleset(spec), random.Random(4), 0
    for seed in range(50):
        s = new_game(ruleset, 2 + seed % 3, seed)
        for _ in range(rng.randrange(0, 50)):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.phase is not Phase.TURN or s.is_terminal():
            continue
        legal = [a for a in s.legal_actions() if type(a) is Match]
        groups = match_groups(s)
        assert set(groups) == {(m.target.card, tuple(d.card for d in m.cards)) for m in legal}, str(s)
        assert len(groups) == len(set(groups))
        for target, cards in groups:
            assert _declared_match(s, target, cards) in legal
        checked += bool(groups)
    assert checked >= 15
