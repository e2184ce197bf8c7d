"""Tables prepared per ruleset for untraced games (engine/specialised.py): the same matches in the
same order as the engine's own listing, the same colour outcomes, and none of it in a traced game,
whose reads stay those of the rules it needed."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dosrules import load_ruleset
from dosrules.engine import from_position, new_game
from dosrules.engine.trace import forget_reads, rules_read
from dosrules.play.agents import RandomAgent

from enginekit import MATTEL

SIMPLE = ["mattel-2018+reshuffle", "mattel-2018+all-wild-row", "digest-2017", "german", "mattel-2018+two-player"]


def _generic(state, **kwargs):
    """What the state lists without its prepared tables."""
    fast, state.fast = state.fast, None
    try:
        return state.match_actions(**kwargs)
    finally:
        state.fast = fast


@pytest.mark.parametrize("spec", SIMPLE)
def test_prepared_matches_are_the_engines_own_in_its_order(spec):
    ruleset = load_ruleset(spec)
    checked = wide = 0
    for game in range(5):
        players = ruleset.rules.players.min + game % 2
        state = new_game(ruleset, players, seed=game, max_rounds=20)
        assert state.fast is not None and state.fast.simple_matching
        rng = random.Random(game)
        while not state.is_terminal():
            if state.phase == "turn":
                for ok in (False, True):
                    listed = state.match_actions(after_draw_ok=ok)
                    assert listed == _generic(state, after_draw_ok=ok), f"{spec} game {game}:\n{state}"
                    checked += 1
                    wide += len(state.hands[state.turn_seat]) >= 8
            acts = state.legal_actions()
            state.apply(acts[rng.randrange(len(acts))])
    assert checked > 400 and wide >= 5  # long hands too (many doubles, wilds among them)


def test_each_match_is_made_once_per_ruleset():
    a, b = new_game(MATTEL, 3, seed=1), new_game(MATTEL, 3, seed=1)
    assert a.fast is b.fast  # one set of tables per compiled rules
    first, again = a.match_actions(), b.match_actions()
    assert first and all(x is y for x, y in zip(first, again))


def test_a_position_with_cards_not_of_the_rules_own_objects_is_listed_all_the_same():
    s = from_position(MATTEL, [["3r", "4r", "W2", "#b"], ["1b"] * 3], ["7r", "#g"])
    hand = s.hands[s.turn_seat]
    hand[0] = replace(hand[0])  # an equal card, another object
    assert s.fast.simple_matches(hand, s.row, s.used) is None  # the tables hand it back
    assert s.match_actions() == _generic(s) != []


@pytest.mark.parametrize("spec", ["mattel-2018", "german", "digest-2017"])
def test_colour_outcomes_remembered_are_those_worked_out(spec):
    state = new_game(spec, 3, seed=3, max_rounds=10)
    rng, checked = random.Random(3), 0
    while not state.is_terminal() and checked < 300:
        if state.phase == "turn":
            for m in state.match_actions():
                assert state.match_colour(m) == state.match_colour(m) == state.colour_outcome(m.target, m.cards)
                checked += 1
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    assert checked >= 100


def test_a_traced_game_has_no_prepared_tables_and_reads_its_rules_every_time():
    s = from_position("german", [["7r", "#g", "3b"], ["1b"] * 3], ["7r", "10g"], trace=True)
    assert s.fast is None and s.copy().fast is None
    m = next(m for m in s.match_actions() if str(m) == "match 7r with #g=7")
    s.match_colour(m)
    forget_reads(s)
    s.match_colour(m)  # asked again: the rules are read again, as the first time
    assert "wilds.wild_number.colour" in rules_read(s).paths


@pytest.mark.parametrize("spec", ["mattel-2018+reshuffle", "german"])
def test_random_play_is_the_same_traced_and_untraced(spec):
    plain, traced = new_game(spec, 3, seed=5, max_rounds=8), new_game(spec, 3, seed=5, max_rounds=8, trace=True)
    agents = [RandomAgent(seed=s) for s in range(3)], [RandomAgent(seed=s) for s in range(3)]
    while not plain.is_terminal():
        assert plain.legal_actions() == traced.legal_actions()
        a, b = agents[0][plain.current_player()].act(plain), agents[1][traced.current_player()].act(traced)
        assert a == b and plain.apply(a) == traced.apply(b)
    assert traced.is_terminal() and plain.scores == traced.scores


def _rulesets() -> list[str]:
    from test_engine_random import ALL
    return ALL


@pytest.mark.parametrize("spec", _rulesets())
def test_a_row_its_rules_make_moot_allows_every_match_along_random_games(spec):
    """What an untraced game leaves out of the requirement table (``Requirement.moot``) allows,
    on every row card a match could name, each match the table lists, at every turn."""
    from dosrules.engine.requirements import ALLOWED, MATCH_REQUIREMENTS

    ruleset = load_ruleset(spec)
    state = new_game(ruleset, ruleset.rules.players.min, seed=2, max_rounds=6)
    moot = [r for r in MATCH_REQUIREMENTS if r.moot(state.c)]
    assert [r for r in MATCH_REQUIREMENTS if r not in moot] == list(state.fast.requirements)
    rng, judged = random.Random(2), 0
    while not state.is_terminal() and moot:
        if state.phase == "turn":
            for r in moot:
                assert r.stage != "turn" or r.judge(state, None, 0) == ALLOWED
            for m in _generic(state, after_draw_ok=True, use_table=True)[:40]:
                for i, card in enumerate(state.row):
                    if card == m.target.card:
                        for r in moot:
                            assert r.judge(state, m, i) == ALLOWED, (r.path, str(m), i)
                            judged += 1
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    assert judged or not moot or state.round == 1
