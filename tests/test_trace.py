"""Rule tracing: a traced game records the rules it reads and plays exactly as an untraced one."""

from __future__ import annotations

import pytest

from dosrules.engine import CompiledRules, from_position, new_game, play
from dosrules.engine.trace import TracedRules, forget_reads, rules_read
from dosrules.play.agents import GreedyAgent

from enginekit import MATTEL

OTHER = ["1b", "1b", "1g", "3b", "3g", "4g", "5b"]


@pytest.mark.parametrize("spec", ["mattel-2018", "german", "digest-2017+all-wild-row"])
def test_a_traced_game_plays_as_an_untraced_one(spec):
    plain, traced = new_game(spec, 3, seed=4, max_rounds=6), new_game(spec, 3, seed=4, max_rounds=6, trace=True)
    agents = [GreedyAgent(seed=s) for s in range(3)], [GreedyAgent(seed=s) for s in range(3)]
    while not plain.is_terminal():
        a, b = agents[0][plain.current_player()].act(plain), agents[1][traced.current_player()].act(traced)
        assert a == b
        assert plain.apply(a) == traced.apply(b)
    assert traced.is_terminal() and plain.scores == traced.scores
    assert {"refill.minimum", "setup.hand_size", "deck.colours", "scoring.wild_dos"} <= set(rules_read(traced).paths)


def test_an_untraced_game_reads_the_plain_compiled_rules():
    state = new_game(MATTEL, 3, seed=1)
    assert type(state.c) is CompiledRules
    with pytest.raises(ValueError, match="trace=True"):
        rules_read(state)


def test_reads_in_first_read_order_split_into_direct_and_table_reads():
    state = new_game(MATTEL, 3, seed=1, trace=True)
    read = rules_read(state)
    # the first deal: who deals (the high-card draw from the deck), the hands, the row, who plays first
    assert read.paths[0] == "setup.first_dealer"
    assert read.paths.index("setup.hand_size") < read.paths.index("setup.centre_row") < read.paths.index(
        "setup.first_player")
    assert "deck.numbers" in read.table and "deck.numbers" not in read.direct  # read through the deck
    assert set(read.direct) | set(read.table) == set(read.paths) and not set(read.direct) & set(read.table)
    assert "drawing.after_failed_draw" not in read.paths  # nothing has been drawn


def test_forget_reads_and_the_rounds_a_rule_was_first_read_in():
    s = from_position(MATTEL, [["7r", "8g"], OTHER], ["7r", "10g"], trace=True)
    forget_reads(s)
    play(s, "match 7r with 7r")
    read = rules_read(s)
    assert {"matching.single", "wilds.wild_number.colour", "wilds.wild_dos.row_colour"} <= set(read.paths)
    assert "bonuses.single_colour.place_cards" in read.direct  # the colour bonus it earned
    assert rules_read(s, rounds={2}).paths == ()
    forget_reads(s)
    assert rules_read(s).paths == ()


def test_a_position_is_traced_from_the_position_on():
    s = from_position(MATTEL, [["7b", "8g"], OTHER], ["7r", "10g"], trace=True)
    assert rules_read(s).paths == ()  # neither posing the position nor a row of numbers reads a rule
    s.legal_actions()
    assert "matching.single" in rules_read(s).paths
    s = from_position("mattel-2018+all-wild-row", [["7b", "8g"], OTHER], ["W2", "#g"], trace=True)
    assert rules_read(s).paths == ("all_wild_row",)  # the turn starts with a row of only wild cards


def test_a_copy_shares_the_trace():
    s = from_position(MATTEL, [["7b", "8g"], OTHER], ["7r", "10g"], trace=True)
    forget_reads(s)
    t = s.copy()
    assert isinstance(t.c, TracedRules)
    play(t, "draw")
    assert "drawing.draw_when_match_possible" in rules_read(s).paths
