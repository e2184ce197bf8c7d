"""No policy can crash: every agent plays every shipped composition, each action one that
``legal_actions()`` offered, and ``apply()`` refuses an action it did not offer."""

import pytest

from dosrules.engine import Match, new_game
from dosrules.engine.actions import DRAW, parse_action
from dosrules.engine.explain import IllegalActionError

from enginekit import position


def test_apply_refuses_an_illegal_action_with_the_rule_and_leaves_the_state_as_it_was():
    """Issue 29: apply() of a match on a row card that is not there raised a bare ValueError
    (exit 70) after it had already changed the state."""
    s = position([["7b", "9g", "5y"], ["1b", "3g"]], ["7r", "10g"])
    before = (str(s), len(s.history))
    for bad, words in [("match 8r with 8b", "not in the Centre Row|8b"), ("match 7r with 9g", "9"),
                       ("place 7b", "place"), ("catch-dos 1", "DOS")]:
        with pytest.raises(IllegalActionError, match=words) as err:
            s.apply(parse_action(bad))
        assert "Legal here:" in str(err.value) and "match 7r with 7b" in str(err.value)
        assert (str(s), len(s.history)) == before
    with pytest.raises(IllegalActionError, match="not an action"):
        s.apply("draw")  # type: ignore[arg-type]
    s.apply(DRAW)  # a legal action still goes through
    assert s.drew
