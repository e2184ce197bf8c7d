"""The requirement table (engine/requirements.py) is the engine's one description of legality:
the fast path for simple matching gives exactly the table's matches, and each row decides."""

from __future__ import annotations

import random

import pytest

from dosrules import load_ruleset
from dosrules.engine import new_game
from dosrules.engine.requirements import ENDINGS, MATCH_REQUIREMENTS, STAGES, rests_on
from dosrules.ruleset.model import AfterFailedDraw, DeclineAfterDraw

from enginekit import MATTEL, legal, position, variant

SIMPLE = ["mattel-2018", "mattel-2018+reshuffle", "mattel-2018+all-wild-row", "digest-2017", "german"]


@pytest.mark.parametrize("spec", SIMPLE)
def test_fast_path_equals_the_table_along_random_games(spec):
    ruleset = load_ruleset(spec)
    checked = 0
    for game in range(6):
        state = new_game(ruleset, 2 + game % 3, seed=game)
        if not state.c.simple_matching:
            pytest.skip(f"{spec} does not have simple matching")
        rng = random.Random(game)
        for _ in range(400):
            if state.is_terminal():
                break
            if state.phase == "turn":
                for ok in (False, True):
                    fast = state.match_actions(after_draw_ok=ok)
                    table = state.match_actions(after_draw_ok=ok, use_table=True)
                    assert fast == table, f"{spec} game {game}:\n{state}"
                    checked += 1
            acts = state.legal_actions()
            state.apply(acts[rng.randrange(len(acts))])
    assert checked > 500


def test_after_a_draw_of_the_drawn_card_only_the_table_decides():
    """The fast path offers matches by numbers alone; where only the drawn card may be played
    after a draw, the table decides there (held-only matches are not offered)."""
    from dosrules.ruleset.model import MatchAfterDraw
    s = position([["5y", "4y", "4g", "10g"], ["1r"] * 3], ["9b", "7r"],
                 ruleset=variant(drawing__match_after_draw=MatchAfterDraw.DRAWN_CARD), deck=["1g", "3b"])
    assert s.c.simple_matching
    s.apply(next(a for a in s.legal_actions() if str(a) == "draw"))
    assert [str(m) for m in s.match_actions()] == [str(m) for m in s.match_actions(use_table=True)] == \
        ["match 7r with 3b+4y", "match 7r with 3b+4g"]


def test_every_row_names_a_stage_and_a_rule_path():
    assert {r.stage for r in MATCH_REQUIREMENTS} <= set(STAGES)
    assert len({r.path for r in MATCH_REQUIREMENTS}) == len(MATCH_REQUIREMENTS)
    for rule in [*AfterFailedDraw, *DeclineAfterDraw]:
        assert rule in ENDINGS, f"{rule!r} has no row in ENDINGS"


def test_a_used_row_card_is_forbidden_by_its_row_and_the_message_comes_from_it():
    s = position([["3r", "3b", "5g"], ["1r"] * 3], ["3y", "9b"])
    s.apply(next(a for a in s.legal_actions() if str(a) == "match 3y with 3r"))
    assert "match 3y with 3b" not in legal(s)
    from dosrules.engine import why_not
    reason = why_not(s, "match 3y with 3b")
    assert reason.path == "matching.once_per_row_card"
    assert "already been matched this turn" in reason.message


def test_an_unspecified_row_is_a_gap_that_the_match_rests_on():
    ruleset = variant(matching__once_per_row_card=__import__("dosrules").UNSPECIFIED)
    s = position([["3r", "3b", "5g"], ["1r"] * 3], ["3y", "9b"], ruleset=ruleset)
    s.apply(next(a for a in s.legal_actions() if str(a) == "match 3y with 3r"))
    again = next(a for a in s.legal_actions() if str(a) == "match 3y with 3b")
    assert s.match_rests_on(again) == "matching.once_per_row_card"
    assert rests_on(s, again, s._find_target(again.target)) == "matching.once_per_row_card"
    events = s.apply(again)
    assert [e.kind for e in events][:2] == ["rule-gap", "round-void"]
    assert events[0].path == "matching.once_per_row_card"
