"""Events and actions are values (dosrules/engine/values.py) on both builds: equal and hashed by
their fields as the frozen dataclasses they were, copied, deep-copied and pickled whole."""

import copy
import pickle

import pytest

from dosrules.engine import new_game
from dosrules.engine.actions import DRAW, CatchDos, Draw, Match, parse_action
from dosrules.engine.events import Drew, RuleGap
from dosrules.ruleset.cards import parse_declared


def test_equal_and_hashed_by_their_fields():
    m = parse_action("match 7r with 4r+3r")
    assert m == Match(parse_declared("7r"), (parse_declared("3r"), parse_declared("4r")))  # canonical order
    assert hash(m) == hash((m.target, m.cards)) and hash(DRAW) == hash(())  # as the dataclasses hashed
    assert DRAW == Draw() and DRAW != parse_action("end") and m != DRAW and CatchDos(1) != CatchDos(2)
    assert Drew(1, (), "draw") == Drew(1, (), "draw") != Drew(2, (), "draw")
    assert RuleGap("a", "b") != RuleGap("a", "b", False) and RuleGap("a", "b").voids
    assert len({Drew(1, (), "draw"), Drew(1, (), "draw"), m, Match.trusted(m.target, m.cards)}) == 2


@pytest.mark.parametrize("how", ["copy", "deepcopy", "pickle"])
def test_every_event_and_action_of_a_game_copies_and_pickles_whole(how):
    state = new_game("mattel-2018+reshuffle", 3, 4, max_rounds=2)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    again = {"copy": copy.copy, "deepcopy": copy.deepcopy,
             "pickle": lambda v: pickle.loads(pickle.dumps(v))}[how]
    for value in [*state.events, *state.history]:
        other = again(value)
        assert type(other) is type(value) and other == value and str(other) == str(value)
        assert other.values() == value.values()
    assert {e.kind for e in state.events} >= {"dealt", "turn", "drew", "round-scored", "game-over"}
