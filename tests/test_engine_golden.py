"""Golden positions, one or more per rule dimension, with their exact legal-action sets.

Positions are built with ``from_position`` on mattel-2018 (000) or an in-memory variant of it; the
comment on each test names the clause of the source it pins.
"""

import ast
from pathlib import Path

import pytest

from dosrules.engine import (IllegalActionError, Phase, new_game, parse_action, play, why_not)
from dosrules.ruleset.model import (AfterFailedDraw, AllWildRow, BonusPlacement, BonusTiming, Catcher, CatchWindow, DeckExhaustion,
                            DeclineAfterDraw, Direction, DrawTiming, FirstDealer, FirstPlayer, MatchAfterDraw,
                            NextDealer, PenaltyTiming, PendingPenalty, RefillMode, RowWildChoice,
                            WildNumberColour, UNSPECIFIED)

from enginekit import MATTEL, kinds, legal, position, variant

OTHER = ["1b", "1b", "1g", "3b", "3g", "4g", "5b"]  # seat 1's hand when it does not matter: no 2-card DOS


def go(state, *actions):
    out = []
    for a in actions:
        out += play(state, a)
    return out


def voiding(events) -> list[str]:
    """The rule paths of the gaps that void the round (not those settled by lot)."""
    return [e.path for e in events if e.kind == "rule-gap" and e.voids]


# --- matching (000 §3) ---------------------------------------------------------------------------


def test_single_and_double_matches_on_each_row_card():
    s = position([["3r", "4b", "7b", "9g", "1y", "5y", "8r"], OTHER], ["7r", "10g"])
    assert legal(s) == {"match 7r with 7b", "match 7r with 3r+4b", "match 10g with 3r+7b",
                        "match 10g with 1y+9g", "draw"}


def test_each_row_card_once_per_turn():
    s = position([["3r", "4b", "7b", "9g", "1y", "5y", "8r"], OTHER], ["7r", "10g"])
    go(s, "match 7r with 7b")
    assert legal(s) == {"match 10g with 1y+9g", "end"}
    reason = why_not(s, "match 7r with 3r+4b")
    assert reason.path == "matching.once_per_row_card"
    assert "already been matched" in reason.message and "only once each per turn" in str(reason)


def test_a_row_card_matched_again_when_once_per_turn_is_off():
    s = position([["3r", "4b", "7b", "9g", "1y", "5y", "8r"], OTHER], ["7r", "10g"],
                 variant(matching__once_per_row_card=False))
    go(s, "match 7r with 7b")
    assert legal(s) == {"match 7r with 3r+4b", "match 10g with 1y+9g", "end"}


def test_second_match_on_one_row_card_is_a_gap_when_unspecified():
    s = position([["3r", "4b", "7b", "9g", "1y", "5y", "8r"], OTHER], ["7r", "10g"],
                 variant(matching__once_per_row_card=UNSPECIFIED))
    go(s, "match 7r with 7b")
    events = go(s, "match 7r with 3r+4b")
    gap = events[0]
    assert gap.kind == "rule-gap" and gap.path == "matching.once_per_row_card" and gap.voids
    assert "round-void" in kinds(events) and s.round == 2


def test_copies_of_a_row_face_are_separate_targets():
    s = position([["7b", "7g", "5y", "5b", "8r", "8r", "9g"], OTHER], ["7r", "7r"])
    go(s, "match 7r with 7b")
    assert "match 7r with 7g" in legal(s)


def test_wide_row_any_or_all_cards():
    hand = ["3r", "4b", "6g", "9y", "10b", "1y", "8r"]
    s = position([hand, OTHER], ["3g", "4y", "6b"])
    go(s, "match 3g with 3r", "match 4y with 4b")
    assert "match 6b with 6g" in legal(s)
    limited = position([hand, OTHER], ["3g", "4y", "6b"], variant(matching__any_row_card=False))
    go(limited, "match 3g with 3r", "match 4y with 4b")
    assert legal(limited) == {"end"}
    assert why_not(limited, "match 6b with 6g").path == "matching.any_row_card"


def test_sum_and_holding_explanations():
    s = position([["3r", "4b", "7b", "9g", "1y", "5y", "8r"], OTHER], ["7r", "10g"])
    assert why_not(s, "match 7r with 3r+5y").message == "3r+5y add up to 8, not 7"
    assert why_not(s, "match 7r with 8r").path == "matching.single"
    assert why_not(s, "match 7r with 7g").message == "seat 0 holds no 7g"
    assert why_not(s, "match 9b with 9g").message == "there is no 9b in the Centre Row"
    assert "is not an action" in why_not(s, "mtach 7r").message
    with pytest.raises(IllegalActionError) as err:
        play(s, "match 7r with 3r+5y")
    assert "3r+5y add up to 8, not 7 (matching.double: 000 3. A turn" in str(err.value)
    assert "Legal here:" in str(err.value)


def test_colour_restricting_legality():
    hand = ["7b", "7r", "3r", "4b", "9g", "1y", "5y"]
    s = position([hand, OTHER], ["7r", "10g"], variant(matching__colour_restricts=True))
    assert legal(s) == {"match 7r with 7r", "draw"}


# --- drawing (000 §5, 003 Spielablauf) --------------------------------------------------------


FAILED = [["5b", "6g", "10b", "10r"], OTHER]  # no match against 1r 8y


def test_draw_only_before_matching():
    s = position([["3r", "4b", "7b", "9g", "1y", "5y", "8r"], OTHER], ["7r", "10g"])
    go(s, "match 7r with 7b")
    assert why_not(s, "draw").message == "a player draws instead of matching, so only before making any match"


def test_no_draw_while_a_match_exists_when_forbidden():
    s = position([["3r", "4b", "7b", "9g", "1y", "5y", "8r"], OTHER], ["7r", "10g"],
                 variant(drawing__draw_when_match_possible=False))
    assert "draw" not in legal(s)
    assert why_not(s, "draw").path == "drawing.draw_when_match_possible"


def test_failed_draw_places_a_card_then_ends():
    s = position(FAILED, ["1r", "8y"], deck=["9g", "10g"])
    assert legal(s) == {"draw"}
    go(s, "draw")
    assert s.hand(0)[-1].__str__() == "10g"
    assert legal(s) == {"place 5b", "place 6g", "place 10b", "place 10r", "place 10g"}
    assert why_not(s, "end").path == "drawing.after_failed_draw"
    go(s, "place 10g")
    assert legal(s) == {"end"} and [str(c) for c in s.row] == ["1r", "8y", "10g"]
    go(s, "end")
    assert s.current_player() == 1 and s.phase is Phase.TURN


def test_failed_draw_keep_and_pass():
    s = position(FAILED, ["1r", "8y"], variant(drawing__after_failed_draw=AfterFailedDraw.KEEP_AND_PASS),
                 deck=["9g", "10g"])
    go(s, "draw")
    assert legal(s) == {"end"}
    assert why_not(s, "place 10g").path == "drawing.after_failed_draw"


def test_failed_draw_unspecified_offers_both_and_either_is_a_gap():
    s = position(FAILED, ["1r", "8y"], variant(drawing__after_failed_draw=AfterFailedDraw.UNSPECIFIED),
                 deck=["9g", "10g"])
    go(s, "draw")
    assert legal(s) == {"end", "place 5b", "place 6g", "place 10b", "place 10r", "place 10g"}
    events = go(s, "end")
    assert (events[0].kind, events[0].path) == ("rule-gap", "drawing.after_failed_draw")


def test_declining_a_match_after_drawing_is_a_gap_in_mattel_2018():
    s = position(FAILED, ["1r", "8y"], deck=["9g", "8g"])
    go(s, "draw")
    assert legal(s) == {"match 8y with 8g", "end", "place 5b", "place 6g", "place 10b", "place 10r", "place 8g"}
    events = go(s, "place 5b")
    assert events[0].path == "drawing.decline_match_after_draw"


@pytest.mark.parametrize("rule, expected", [
    (DeclineAfterDraw.FORBIDDEN, {"match 8y with 8g"}),
    (DeclineAfterDraw.KEEP_AND_PASS, {"match 8y with 8g", "end"}),
    (DeclineAfterDraw.PLACE_CARD, {"match 8y with 8g", "place 5b", "place 6g", "place 10b", "place 10r", "place 8g"}),
])
def test_declining_a_match_after_drawing(rule, expected):
    s = position(FAILED, ["1r", "8y"], variant(drawing__decline_match_after_draw=rule), deck=["9g", "8g"])
    go(s, "draw")
    assert legal(s) == expected


# When the only match after a draw rests on an unspecified rule, whether a match "was possible"
# is open: an ending is legal when both drawing.after_failed_draw and
# drawing.decline_match_after_draw allow it, and a gap (named by the rule the match rests on)
# when only one does.
def test_ending_after_a_draw_when_the_only_match_rests_on_a_gap():
    both_place = variant(drawing__match_after_draw=MatchAfterDraw.UNSPECIFIED,
                         drawing__decline_match_after_draw=DeclineAfterDraw.PLACE_CARD)
    s = position(FAILED, ["1r", "8y"], both_place, deck=["9g", "8g"])
    go(s, "draw")  # 8g matches 8y only if matching after a draw is allowed
    assert legal(s) == {"match 8y with 8g", "place 5b", "place 6g", "place 10b", "place 10r", "place 8g"}
    assert why_not(s, "end").path == "drawing.after_failed_draw"
    events = go(s, "place 8g")  # place-card either way: settled, no gap
    assert kinds(events) == ["placed"] and events[0].reason == "failed-draw"
    assert legal(s) == {"end"}

    differ = variant(drawing__match_after_draw=MatchAfterDraw.UNSPECIFIED,
                     drawing__decline_match_after_draw=DeclineAfterDraw.KEEP_AND_PASS)
    s = position(FAILED, ["1r", "8y"], differ, deck=["9g", "8g"])
    go(s, "draw")
    assert legal(s) == {"match 8y with 8g", "end", "place 5b", "place 6g", "place 10b", "place 10r", "place 8g"}
    events = go(s, "end")  # keep-and-pass only if a match was possible
    assert (events[0].kind, events[0].path, events[0].voids) == ("rule-gap", "drawing.match_after_draw", True)
    assert "round-void" in kinds(events) and s.round == 2


def test_no_match_after_drawing():
    s = position(FAILED, ["1r", "8y"], variant(drawing__match_after_draw=MatchAfterDraw.NONE), deck=["9g", "8g"])
    go(s, "draw")
    assert legal(s) == {"place 5b", "place 6g", "place 10b", "place 10r", "place 8g"}
    assert why_not(s, "match 8y with 8g").path == "drawing.match_after_draw"


# --- colour bonuses (000 §4, §6) -------------------------------------------------------------


def test_single_colour_bonus_places_a_card_after_the_refill():
    s = position([["7r", "5b", "9g", "10y", "1g"], OTHER], ["7r", "10g"], deck=["1b", "3b"])
    events = go(s, "match 7r with 7r")
    assert [str(e) for e in events] == [
        "seat 0 matches 7r with 7r",
        "seat 0 earns a single-colour match bonus: 1 card(s) to the row"]
    events = go(s, "end")
    assert kinds(events) == ["turn-ended", "refilled"]
    assert [str(c) for c in s.row] == ["10g", "3b"]
    assert legal(s) == {"place 5b", "place 9g", "place 10y", "place 1g"}
    events = go(s, "place 10y")
    assert kinds(events) == ["placed", "turn"] and s.current_player() == 1
    assert [str(c) for c in s.row] == ["10g", "3b", "10y"]


def test_bonus_before_refill():
    s = position([["7r", "5b", "9g", "10y", "1g"], OTHER], ["7r", "10g"],
                 variant(refill__bonus_cards=BonusTiming.BEFORE_REFILL), deck=["1b", "3b"])
    go(s, "match 7r with 7r")
    assert kinds(go(s, "end")) == ["turn-ended"]
    assert kinds(go(s, "place 10y")) == ["placed", "turn"]  # row 10g 10y: no refill needed
    assert [str(c) for c in s.row] == ["10g", "10y"]


def test_double_colour_bonus_makes_every_other_player_draw():
    s = position([["3r", "4r", "9g", "10y"], OTHER, ["8b", "8g", "9b", "10b"]], ["7r", "10g"],
                 deck=["1y", "3b", "5g", "6g"])
    events = go(s, "match 7r with 3r+4r")
    assert [str(e) for e in events] == [
        "seat 0 matches 7r with 3r+4r",
        "seat 0 earns a double-colour match bonus: 1 card(s) to the row, every other player draws 1",
        "seat 1 draws 1 (bonus): 6g",
        "seat 2 draws 1 (bonus): 5g"]


def test_double_match_of_mixed_colours_earns_nothing():
    s = position([["3r", "4b", "9g", "10y"], OTHER], ["7r", "10g"])
    assert kinds(go(s, "match 7r with 3r+4b")) == ["matched"]


# --- wild cards (000 §7) --------------------------------------------------------------------------


def test_wild_dos_in_hand_declares_its_colour():
    s = position([["W2", "5r", "9g", "10y"], OTHER], ["7r", "10g"])
    assert legal(s) == {"match 7r with 5r+W2=b", "match 7r with 5r+W2=g", "match 7r with 5r+W2=r",
                        "match 7r with 5r+W2=y", "match 10g with 10y", "draw"}
    assert kinds(go(s, "match 7r with 5r+W2=r")) == ["matched", "bonus", "drew"]
    t = position([["W2", "5r", "9g", "10y"], OTHER], ["7r", "10g"])
    assert why_not(t, "match 7r with 5r+W2").path == "wilds.wild_dos.value"


def test_wild_dos_in_the_row_takes_the_matchers_colour():
    s = position([["1r", "#r", "9g", "10y"], OTHER], ["W2", "9b"])
    assert legal(s) == {f"match W2={c} with 1r+#r=1" for c in "bgry"} | \
        {f"match W2={c} with #r=2" for c in "bgry"} | \
        {"match 9b with #r=9", "match 9b with 9g", "match 9b with 1r+#r=8", "draw"}
    assert kinds(go(s, "match W2=r with 1r+#r=1")) == ["matched", "bonus", "drew"]


def test_wild_dos_row_colour_unspecified_is_a_gap_with_a_colour_named_or_not():
    rules = variant(wilds__wild_dos__row_colour=RowWildChoice.UNSPECIFIED)
    s = position([["1r", "#r", "1b", "10y"], OTHER], ["W2", "9b"], rules)
    assert "match W2 with 1r+#r=1" in legal(s) and "match W2=r with 1r+#r=1" not in legal(s)
    reason = why_not(s, "match W2=r with 1b+#r=1")  # naming its colour is the silent rule's question
    assert (reason.path, reason.gap) == ("wilds.wild_dos.row_colour", True)
    assert voiding(go(s, "match W2 with 1b+#r=1")) == ["wilds.wild_dos.row_colour"]  # even without a bonus
    s = position([["1r", "#r", "1b", "10y"], OTHER], ["W2", "9b"], rules)
    assert go(s, "match W2 with 1r+#r=1")[0].path == "wilds.wild_dos.row_colour"


def test_wild_number_in_the_row_takes_the_matchers_number_and_keeps_its_colour():
    s = position([["7g", "5b", "3y", "10y"], OTHER], ["#g", "9b"])
    assert "match #g=7 with 7g" in legal(s) and "match #g=8 with 3y+5b" in legal(s)
    assert kinds(go(s, "match #g=7 with 7g")) == ["matched", "bonus"]
    assert why_not(position([["7g", "5b", "3y", "10y"], OTHER], ["#g", "9b"]),
                   "match #g with 7g").path == "wilds.wild_number.row_value"


def test_wild_number_colour_printed_declared_unspecified():
    hand = [["#r", "6b", "9g", "10y"], OTHER]
    assert kinds(go(position(hand, ["5g", "7y"]), "match 5g with #r=5")) == ["matched"]
    assert kinds(go(position(hand, ["5r", "7y"]), "match 5r with #r=5")) == ["matched", "bonus"]
    declared = variant(wilds__wild_number__colour=WildNumberColour.DECLARED)
    assert kinds(go(position(hand, ["5g", "7y"], declared), "match 5g with #r=5")) == ["matched", "bonus"]
    unspecified = variant(wilds__wild_number__colour=WildNumberColour.UNSPECIFIED)
    assert go(position(hand, ["5g", "7y"], unspecified), "match 5g with #r=5")[0].path == "wilds.wild_number.colour"
    assert kinds(go(position(hand, ["5r", "7y"], unspecified), "match 5r with #r=5")) == ["matched", "bonus"]


def test_wild_number_range():
    s = position([["#r", "6b", "9g", "10y"], OTHER], ["5g", "7y"])
    assert why_not(s, "match 5g with #r=11").message.startswith("'match 5g with #r=11'")  # bad notation
    assert why_not(s, "match 7y with 6b+#r=1") is None


# --- refill (000 §6, 003) ---------------------------------------------------------------------


@pytest.mark.parametrize("mode, size", [(RefillMode.TO_MINIMUM, 2), (RefillMode.REPLACE_COVERED, 3)])
def test_refill_modes(mode, size):
    s = position([["7b", "9g", "1b", "10y", "8y"], OTHER], ["7r", "9b", "5g"], variant(refill__mode=mode))
    go(s, "match 7r with 7b", "match 9b with 9g", "end")
    assert len(s.row) == size


def test_refill_mode_unspecified_is_a_gap_only_when_the_modes_differ():
    rules = variant(refill__mode=RefillMode.UNSPECIFIED)
    s = position([["7b", "9g", "1b", "10y", "8y"], OTHER], ["7r", "9b"], rules)
    assert "rule-gap" not in kinds(go(s, "match 7r with 7b", "match 9b with 9g", "end"))
    s = position([["7b", "9g", "1b", "10y", "8y"], OTHER], ["7r", "9b", "5g"], rules)
    assert voiding(go(s, "match 7r with 7b", "end")) == ["refill.mode"]


# --- DOS call (000 §8) --------------------------------------------------------------------------


def test_call_dos_when_reaching_two_cards():
    s = position([["7b", "9g", "5y"], OTHER], ["7r", "10g"])
    go(s, "match 7r with 7b")
    assert legal(s) == {"call-dos", "end"}
    go(s, "call-dos", "end")
    assert s.phase is Phase.TURN and s.current_player() == 1


def test_a_position_can_say_who_has_already_called():
    s = position([["7b", "9g"], OTHER], ["7r", "10g"])
    assert s.exposed(0) and "call-dos" in legal(s)
    s = position([["7b", "9g"], OTHER], ["7r", "10g"], called=[0])
    assert not s.exposed(0) and "call-dos" not in legal(s)
    go(s, "match 7r with 7b")  # down to one card: the call no longer holds
    assert s.called == [False, False]
    s = position([["7b", "9g", "5y"], OTHER], ["7r", "10g"], called=[0, 1])  # not at the call's size
    assert s.called == [False, False]
    go(s, "match 7r with 7b")
    assert legal(s) == {"call-dos", "end"}
    from dosrules.errors import DosrulesError
    with pytest.raises(DosrulesError, match="seat 2 in called is not a seat"):
        position([["7b", "9g"], OTHER], ["7r", "10g"], called=[2])


def test_missed_call_opens_a_catch_for_the_next_seat_after_the_turn():
    s = position([["7b", "9g", "5y"], OTHER, ["8b", "8g", "9b", "10b"]], ["7r", "10g"],
                 variant(setup__direction=Direction.LEFT), deck=["1g", "3y", "8b", "9b", "4b"])
    go(s, "match 7r with 7b", "end")
    assert s.phase is Phase.CATCH and s.current_player() == 1
    assert legal(s) == {"catch-dos 0", "pass"}
    assert why_not(s, "catch-dos 2").message == "seat 2 has not missed a DOS call; seat 0 has"
    events = go(s, "catch-dos 0")
    assert [str(e) for e in events] == ["seat 1 catches seat 0 not calling DOS: 2 card(s), now",
                                        "seat 0 draws 2 (penalty): 8b 9b"]
    assert s.phase is Phase.TURN and s.current_player() == 1


def test_mid_turn_catch_waits_for_the_end_of_the_turn():
    s = position([["7b", "9y", "1y"], OTHER], ["7r", "9r"], deck=["1g", "3y", "8b", "9b", "4b"])
    go(s, "match 7r with 7b", "match 9r with 9y")
    assert s.current_player() == 1 and legal(s) == {"catch-dos 0", "pass"}
    events = go(s, "catch-dos 0")
    assert str(events[0]).endswith("end-of-turn") and len(s.hand(0)) == 1
    events = go(s, "end")
    assert [str(e) for e in events][1:3] == ["Centre Row refilled with 9b 4b: 9b 4b",
                                             "seat 0 draws 2 (penalty): 3y 8b"]
    assert len(s.hand(0)) == 3


def test_immediate_penalty_timing():
    s = position([["7b", "9y", "1y"], OTHER], ["7r", "9r"], variant(dos_call__penalty_timing=PenaltyTiming.IMMEDIATE))
    go(s, "match 7r with 7b", "match 9r with 9y", "catch-dos 0")
    assert len(s.hand(0)) == 3


def test_going_out_with_a_penalty_waiting_is_a_gap():
    s = position([["7b", "9y"], OTHER], ["7r", "9r"])
    assert legal(s) >= {"call-dos", "match 7r with 7b"}
    go(s, "match 7r with 7b", "catch-dos 0", "match 9r with 9y")
    events = go(s, "end")
    assert events[1].kind == "rule-gap" and events[1].path == "going_out.pending_penalty"


def test_no_call_when_the_ruleset_has_none():
    s = position([["7b", "9g", "5y"], OTHER], ["7r", "10g"], variant(dos_call__required=UNSPECIFIED))
    go(s, "match 7r with 7b")
    assert legal(s) == {"end"}
    assert why_not(s, "call-dos").path == "dos_call.required"
    go(s, "end")
    assert s.phase is Phase.TURN


# --- going out and scoring (000 §9) -------------------------------------------------------------


def test_going_out_scores_the_other_hands():
    s = position([["7b"], ["W2", "#g", "10b", "3y"]], ["7r", "10g"])
    events = go(s, "match 7r with 7b", "end")
    assert [str(e) for e in events if e.kind == "round-scored"] == ["round 1: seat 0 goes out and scores 73; scores [73, 0]"]
    assert s.round == 2 and s.dealer == 0  # the previous round's winner deals


def test_reaching_the_target_ends_the_game():
    s = position([["7b"], ["W2", "#g", "10b", "3y"]], ["7r", "10g"], scores=[150, 190])
    events = go(s, "match 7r with 7b", "end")
    assert events[-1].kind == "game-over" and s.is_terminal() and s.legal_actions() == ()
    assert s.returns() == (223, 190) and s.current_player() is None
    assert why_not(s, "draw").message == "the game is over"


@pytest.mark.parametrize("rule, points", [(True, 73 + 10), (False, 73)])
def test_double_colour_match_on_the_final_turn(rule, points):
    s = position([["3r", "4r"], ["W2", "#g", "10b", "3y"]], ["7r", "10g"],
                 variant(going_out__double_colour_draw_before_scoring=rule), deck=["10r"])
    events = go(s, "call-dos", "match 7r with 3r+4r", "end")
    assert [e.points for e in events if e.kind == "round-scored"] == [points]


def test_double_colour_draw_before_scoring_unspecified():
    s = position([["3r", "4r"], ["W2", "#g", "10b", "3y"]], ["7r", "10g"],
                 variant(going_out__double_colour_draw_before_scoring=UNSPECIFIED), deck=["10r"])
    events = go(s, "call-dos", "match 7r with 3r+4r", "end")
    assert voiding(events) == ["going_out.double_colour_draw_before_scoring"]


# --- deck exhaustion and all-wild rows (000 §10) ----------------------------------------------


def test_drawing_from_an_empty_deck_is_a_gap_in_mattel_2018():
    s = position(FAILED, ["1r", "8y"], deck=[], discard=["5y"])
    events = go(s, "draw")
    assert str(events[0]) == ("rule gap at deck_exhaustion: the deck is empty and seat 0 must draw a card "
                              "(draw); the round is void")


def test_reshuffle_and_end_round():
    s = position(FAILED, ["1r", "8y"], variant(deck_exhaustion=DeckExhaustion.RESHUFFLE_DISCARD),
                 deck=[], discard=["5y"])
    assert kinds(go(s, "draw")) == ["reshuffled", "drew"] and s.hand(0)[-1].__str__() == "5y"
    s = position(FAILED, ["1r", "8y"], variant(deck_exhaustion=DeckExhaustion.RESHUFFLE_DISCARD), deck=[])
    assert [str(e) for e in go(s, "draw")][0] == "seat 0 draws 0 (draw): -"
    s = position(FAILED, ["1r", "8y"], variant(deck_exhaustion=DeckExhaustion.END_ROUND), deck=[])
    events = go(s, "draw")
    assert kinds(events)[:2] == ["round-void", "dealer"] and voiding(events) == []


def test_all_wild_row():
    hands = [["7b", "9g", "1y", "5b"], OTHER]
    s = position(hands, ["W2", "#g"])
    assert s.round == 2 and s.events[0].path == "all_wild_row"
    s = position(hands, ["W2", "#g"], variant(all_wild_row=AllWildRow.MATCHER_DECLARES))
    assert "match #g=9 with 9g" in legal(s)
    s = position(hands, ["W2", "#g"], variant(all_wild_row=AllWildRow.BURY_AND_REFLIP), deck=["3b", "8r"])
    assert kinds(s.events) == ["buried", "refilled", "turn"] and [str(c) for c in s.row] == ["3b", "8r"]


def test_placer_declares_row_wilds():
    rules = variant(all_wild_row=AllWildRow.PLACER_DECLARES)
    s = position([["7r", "5b", "9g", "#y", "1g"], OTHER], ["7r", "10g"], rules, deck=["3b", "W2"])
    go(s, "match 7r with 7r", "end")
    assert s.phase is Phase.DECLARE and legal(s) == {f"declare W2={c}" for c in "bgry"}
    go(s, "declare W2=g")
    assert "place #y=4" in legal(s) and "place #y" not in legal(s)
    go(s, "place #y=4")
    assert s.current_player() == 1
    # the declarations bind in a row of only wild cards ...
    t = position([["1g", "3g", "4g", "9y", "10y"], OTHER], ["W2=g", "#y=4"], rules)
    assert "match #y=4 with 1g+3g" in legal(t) and "match #y=5 with 1g+4g" not in legal(t)
    assert why_not(t, "match #y=5 with 1g+4g").path == "all_wild_row"
    assert "match W2=g with 1g+1g" not in legal(t)  # a single 1g: no double of 2 on W2
    from dosrules.ruleset.cards import Declared, parse_declared
    u = position([["1g", "3g", "4g", "9y", "10y"], OTHER], [parse_declared("W2=g"), "#y=4"], rules)
    assert legal(u) == legal(t)
    # ... and only there (issue 29): with a number card in the row, the matcher declares as the
    # edition says (wilds.wild_number.row_value), as where no declaration is given at all
    mixed = position([["1g", "3g", "4g", "9y", "10y"], OTHER], ["W2=g", "#y=4", "8b"], rules)
    assert "match #y=5 with 1g+4g" in legal(mixed) and "match #y=4 with 1g+3g" in legal(mixed)
    m = position([["1g", "3g", "4g", "9y", "10y"], OTHER], ["W2=g", "#y=4", "8b"])
    assert legal(mixed) == legal(m)
    from dosrules.errors import DosrulesError
    with pytest.raises(DosrulesError, match="#y=11 is not a declaration #y can take"):
        position([["1g"], OTHER], [Declared(parse_declared("#y").card, 11), "8b"], rules)


# --- dealers and players (000 §2, §9; 001) -------------------------------------------------------


def test_first_dealer_by_high_card_and_next_by_winner():
    s = new_game(MATTEL, 3, seed=5)
    first = s.events[0]
    assert first.kind == "dealer" and first.how == "high-card"
    drawn = [c for c in first.draws if c is not None]
    values = [0 if c.is_wild else c.number for c in drawn]
    assert values.count(max(values)) == 1 and first.draws[first.seat] is not None


def test_stacked_first_dealer_draw_and_ties_by_setup_dealer_tie():
    from dosrules.ruleset.cards import parse_card
    from dosrules.ruleset.model import DealerTie
    s = new_game(MATTEL, 3, seed=5, dealer_draw=[parse_card(x) for x in ("3r", "9b", "5g")])
    assert str(s.events[0]) == "seat 1 deals: high-card (drew 3r 9b 5g)" and s.dealer == 1
    tie = [parse_card(x) for x in ("9r", "9b", "5g")]
    # the 2018 sheet says nothing of ties: one of the tied seats deals, by lot (issue 29: the
    # engine redrew among them without a rule saying so)
    t = new_game(MATTEL, 3, seed=5, dealer_draw=tie)
    gap, chosen = t.events[0], t.events[1]
    assert (gap.kind, gap.path, gap.voids) == ("rule-gap", "setup.dealer_tie", False)
    assert chosen.how == "lot" and chosen.seat in (0, 1) and [str(c) for c in chosen.draws] == ["9r", "9b", "5g"]
    t = new_game(variant(setup__dealer_tie=DealerTie.REDRAW_TIED), 3, seed=5, dealer_draw=tie)
    assert t.events[0].draws[2] is None and t.events[0].seat in (0, 1)  # seats 0 and 1 drew again
    t = new_game(variant(setup__dealer_tie=DealerTie.REDRAW_ALL), 3, seed=5, dealer_draw=tie)
    assert None not in t.events[0].draws and t.events[0].how == "high-card"  # all three drew again


@pytest.mark.parametrize("draw, problem", [
    (("3r", "9b"), "2 cards are drawn for first dealer by 3 players"),
    (("#b", "#b", "#b"), "uses more copies of #b than the deck holds"),
])
def test_bad_first_dealer_draws(draw, problem):
    from dosrules.ruleset.cards import parse_card
    from dosrules.errors import DosrulesError
    with pytest.raises(DosrulesError, match=problem):
        new_game(MATTEL, 3, seed=5, dealer_draw=[parse_card(x) for x in draw])


def test_dealer_unspecified_is_drawn_by_lot_without_voiding():
    s = new_game(variant(setup__first_dealer=FirstDealer.UNSPECIFIED), 3, seed=5)
    assert (s.events[0].kind, s.events[0].path, s.events[0].voids) == ("rule-gap", "setup.first_dealer", False)
    assert s.round == 1 and s.phase is Phase.TURN


def test_deal_passes_left():
    s = position([["7b"], ["W2", "#g", "10b", "3y"]], ["7r", "10g"], variant(
        setup__next_dealer=NextDealer.PASS_LEFT, setup__first_player=FirstPlayer.LEFT_OF_DEALER), dealer=1)
    go(s, "match 7r with 7b", "end")
    assert s.dealer == 0 and s.current_player() == 1


def test_by_players_overrides_apply():
    from dosrules import load_ruleset
    from enginekit import RULESETS
    rs = load_ruleset(RULESETS / "test-keep-and-pass.yaml")
    assert new_game(rs, 2, 1).c.target == 100 and len(new_game(rs, 2, 1).hand(0)) == 9
    assert new_game(rs, 3, 1).c.target == 200 and len(new_game(rs, 3, 1).hand(0)) == 7


def test_a_game_is_reproducible_from_seed_and_actions():
    a, b = new_game(MATTEL, 3, seed=11), new_game(MATTEL, 3, seed=11)
    for _ in range(40):
        action = a.legal_actions()[len(a.history) % len(a.legal_actions())]
        assert [str(e) for e in a.apply(action)] == [str(e) for e in b.apply(parse_action(str(action)))]
    assert a.hands == b.hands and a.row == b.row


# --- API edges ---------------------------------------------------------------------------------


def test_bad_player_count_and_bad_positions_are_clear_errors():
    from dosrules.errors import DosrulesError
    with pytest.raises(DosrulesError, match="played by 2 to 4 players, not 5"):
        new_game(MATTEL, 5)
    with pytest.raises(DosrulesError, match="more copies of W2"):
        position([["W2"] * 7, ["W2"] * 6], ["7r", "9b"])


def test_illegal_action_error_names_the_rule_and_the_legal_actions():
    s = position([["5b", "6g", "10b", "10r"], OTHER], ["1r", "8y"], deck=["9g", "10g"])
    with pytest.raises(IllegalActionError) as err:
        play(s, "end")
    assert str(err.value) == (
        "illegal action 'end' for seat 0 in round 1: a turn is a match or a draw: match or draw before "
        "ending the turn. Legal here: draw.")
    assert err.value.reason.path is None and err.value.exit_code == 1
    go(s, "draw")
    with pytest.raises(IllegalActionError) as err:
        play(s, "end")
    assert err.value.reason.path == "drawing.after_failed_draw"
    assert 'put one card from your hand face up in the Centre Row' in str(err.value)


def test_copy_is_independent():
    s = new_game(MATTEL, 2, seed=3)
    t = s.copy()
    t.apply(t.legal_actions()[0])
    assert len(s.history) == 0 and len(t.history) == 1
    assert s.legal_actions()[0] == t.history[0] or s.hands != t.hands or s.row != t.row
    u = s.copy()
    a = s.legal_actions()[-1]
    assert [str(e) for e in s.apply(a)] == [str(e) for e in u.apply(a)]


def _declared_attributes(source: Path) -> list[str]:
    """The attributes the classes of ``source`` declare with a type (read from the source: a
    class compiled by mypyc keeps no ``__annotations__``)."""
    tree = ast.parse(source.read_text())
    return [stmt.target.id for cls in tree.body if isinstance(cls, ast.ClassDef) for stmt in cls.body
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)]


def test_copy_carries_every_attribute_of_a_game():
    """State.copy names each attribute (compiled classes have no __dict__): every one that
    engine.zones declares is copied, equal, and each list is the copy's own."""
    s = new_game(MATTEL, 3, seed=1)
    while s.round < 2 or s.turn_number < 3:  # into a second round: scores, a last winner, turns
        s.apply(s.legal_actions()[0])
    assert s.last_winner is not None and any(s.scores)
    t = s.copy()
    names = _declared_attributes(Path(__file__).resolve().parent.parent / "dosrules" / "engine" / "zones.py")
    assert len(names) > 40
    for name in names:
        mine, theirs = getattr(s, name), getattr(t, name)
        if name == "chance":
            assert theirs is not mine
            continue
        assert theirs == mine, name
        if isinstance(mine, list):
            assert theirs is not mine, name
            if name == "hands":
                assert all(a is not b for a, b in zip(mine, theirs))


def test_why_not_is_none_exactly_for_legal_actions():
    s = position([["3r", "4b", "7b", "9g", "1y", "5y", "8r"], OTHER], ["7r", "10g"])
    for text in ["match 7r with 7b", "draw", "match 10g with 1y+9g"]:
        assert why_not(s, text) is None
    for text in ["end", "pass", "catch-dos 1", "call-dos", "place 7b", "declare W2=r"]:
        assert why_not(s, text) is not None


# --- more dimensions -------------------------------------------------------------------------------


def test_single_or_double_matches_switched_off():
    hand = [["3r", "4b", "7b", "9g", "1y", "5y", "8r"], OTHER]
    s = position(hand, ["7r", "10g"], variant(matching__single=False))
    assert legal(s) == {"match 7r with 3r+4b", "match 10g with 3r+7b", "match 10g with 1y+9g", "draw"}
    s = position(hand, ["7r", "10g"], variant(matching__double=False))
    assert legal(s) == {"match 7r with 7b", "draw"}
    assert why_not(s, "match 7r with 3r+4b").path == "matching.double"


def test_first_player_is_the_dealer():
    s = new_game(variant(setup__first_player=FirstPlayer.DEALER), 3, seed=2)
    assert s.current_player() == s.dealer
    t = new_game(variant(setup__first_player=FirstPlayer.LEFT_OF_DEALER), 3, seed=2)
    assert t.current_player() == (t.dealer + 1) % 3


def test_first_player_unspecified_is_settled_by_lot():
    """000 names the dealer, not who plays first (no source does): a lot, and the round goes on."""
    firsts = set()
    for seed in range(12):
        s = new_game(MATTEL, 3, seed=seed)
        gaps = [e for e in s.events if e.kind == "rule-gap" and e.path == "setup.first_player"]
        assert gaps and not any(g.voids for g in gaps)  # one lot per round dealt
        firsts.add((s.current_player() - s.dealer) % 3)
    assert firsts == {0, 1, 2}


def test_symbol_value_unspecified_settles_a_wild_draw_by_lot():
    from dosrules.ruleset.model import DealerTie
    gaps = set()
    for seed in range(40):
        s = new_game(variant(setup__symbol_value_for_dealer=UNSPECIFIED, setup__first_player=FirstPlayer.DEALER,
                             setup__direction=Direction.LEFT, setup__dealer_tie=DealerTie.REDRAW_TIED),
                     4, seed=seed)
        gaps |= {(e.path, e.voids) for e in s.events if e.kind == "rule-gap"}
    assert gaps == {("setup.symbol_value_for_dealer", False)}


def test_number_cards_without_face_value_score_nothing():
    s = position([["7b"], ["W2", "#g", "10b", "3y"]], ["7r", "10g"], variant(scoring__number_cards_face_value=False))
    events = go(s, "match 7r with 7b", "end")
    assert [e.points for e in events if e.kind == "round-scored"] == [60]


def test_a_single_colour_bonus_can_make_the_others_draw():
    from dosrules.ruleset.model import Bonus, BonusPlacement, DrawTiming
    s = position([["7r", "5b", "9g", "10y", "1g"], OTHER], ["7r", "10g"],
                 variant(bonuses__single_colour=Bonus(place_cards=0, others_draw=2, placement=BonusPlacement.REQUIRED),
                         bonuses__others_draw_timing=DrawTiming.IMMEDIATE), deck=["1y", "3b", "4y"])
    events = go(s, "match 7r with 7r")
    assert kinds(events) == ["matched", "bonus", "drew"] and len(events[2].cards) == 2
    assert kinds(go(s, "end")) == ["turn-ended", "refilled", "turn"]  # no bonus card owed


def test_events_as_plain_data():
    s = position([["3r", "4r", "9g", "10y"], OTHER, ["8b", "8g", "9b", "10b"]], ["7r", "10g"],
                 deck=["1y", "3b", "5g", "6g"])
    events = go(s, "match 7r with 3r+4r")
    assert [e.as_dict() for e in events] == [
        {"kind": "matched", "seat": 0, "target": "7r", "cards": ["3r", "4r"]},
        {"kind": "bonus", "seat": 0, "bonus": "double-colour", "place_cards": 1, "others_draw": 1},
        {"kind": "drew", "seat": 1, "cards": ["6g"], "reason": "bonus"},
        {"kind": "drew", "seat": 2, "cards": ["5g"], "reason": "bonus"}]
    dealer = new_game(MATTEL, 2, seed=1).events[0].as_dict()
    assert dealer["kind"] == "dealer" and len(dealer["draws"]) == 2


# --- what may be played after a draw (000 §5 "If you can make a match after drawing, you may do
# so"; 001 DRAWING "해당 카드가 CR 에 일치할 수 있으면", 003 "kann diese sofort ausspielen") ------------

DRAWN = [["5y", "4y", "4g", "10g"], OTHER]  # 5y+4y would take the 9b before drawing: a draw by choice


def test_after_a_draw_any_match_under_000():
    s = position(DRAWN, ["9b", "7r"], deck=["1g", "3b"])
    go(s, "draw")
    assert {"match 7r with 3b+4y", "match 7r with 3b+4g", "match 9b with 4y+5y", "match 9b with 4g+5y"} <= legal(s)


def test_after_a_draw_only_the_drawn_card_under_001_and_003():
    s = position(DRAWN, ["9b", "7r"], variant(drawing__match_after_draw=MatchAfterDraw.DRAWN_CARD), deck=["1g", "3b"])
    go(s, "draw")
    matches = {a for a in legal(s) if a.startswith("match")}
    assert matches == {"match 7r with 3b+4y", "match 7r with 3b+4g"}  # the drawn 3b, with a card held
    reason = why_not(s, "match 9b with 4y+5y")
    assert (reason.path, reason.message) == ("drawing.match_after_draw",
                                             "after drawing, only a match with the drawn card (3b) may be made")
    go(s, "match 7r with 3b+4y")
    assert legal(s) == {"end"}  # the drawn card is played: 4g+5y on 9b is not
    assert why_not(s, "match 9b with 4g+5y").message == \
        "after drawing, only the drawn card may be played, and it no longer can be"


def test_drawn_card_that_cannot_match_ends_the_turn_by_the_failed_draw_rule():
    s = position(DRAWN, ["9b", "7r"], variant(drawing__match_after_draw=MatchAfterDraw.DRAWN_CARD), deck=["1g", "10b"])
    go(s, "draw")  # 10b matches nothing (held cards could, but may not now): a failed draw
    assert legal(s) == {"place 5y", "place 4y", "place 4g", "place 10g", "place 10b"}
    assert why_not(s, "end").path == "drawing.after_failed_draw"
    assert kinds(go(s, "place 10b")) == ["placed"]


def test_match_after_draw_unspecified_is_a_gap_for_any_match_after_a_draw():
    s = position(DRAWN, ["9b", "7r"], variant(drawing__match_after_draw=MatchAfterDraw.UNSPECIFIED),
                 deck=["1g", "3b"])
    go(s, "draw")
    assert voiding(go(s, "match 7r with 3b+4y")) == ["drawing.match_after_draw"]  # even the drawn card's


# --- bonus cards must or may be placed (000 §4 "you put one card"; 001 색상 일치 "배치할 수 있습니다") ---

SINGLE = [["7r", "5b", "9g", "10y", "1g"], OTHER]


@pytest.mark.parametrize("rule, keep", [(BonusPlacement.REQUIRED, False), (BonusPlacement.OPTIONAL, True),
                                        (BonusPlacement.UNSPECIFIED, True)])
def test_keeping_a_bonus_card(rule, keep):
    s = position(SINGLE, ["7r", "10g"], variant(bonuses__single_colour__placement=rule), deck=["1b", "3b"])
    go(s, "match 7r with 7r", "end")
    assert s.phase is Phase.BONUS and ("end" in legal(s)) is keep
    if rule is BonusPlacement.REQUIRED:
        assert why_not(s, "end").path == "bonuses.single_colour.placement"
        return
    events = go(s, "end")
    if rule is BonusPlacement.OPTIONAL:
        assert kinds(events) == ["turn"] and len(s.hand(0)) == 4 and len(s.row) == 2
    else:
        assert voiding(events) == ["bonuses.single_colour.placement"]


def test_placing_settles_the_required_card_first():
    """An optional single colour card and a required double colour card: one placed, the other may be kept."""
    rules = variant(bonuses__single_colour__placement=BonusPlacement.OPTIONAL)
    s = position([["7r", "3b", "4b", "10y", "1g", "8g"], OTHER], ["7r", "7b"], rules, deck=["1b", "3g", "5y"])
    go(s, "match 7r with 7r", "match 7b with 3b+4b", "end")
    assert s.bonus_owed == 2 and "end" not in legal(s)
    go(s, "place 10y")
    assert "end" in legal(s)


# --- when the others draw for a colour bonus (no source says) ---------------------------------

DOUBLE = [["3r", "4r", "9g", "10y"], OTHER, ["8b", "8g", "9b", "10b"]]


def test_others_draw_at_once():
    s = position(DOUBLE, ["7r", "10g"], variant(bonuses__others_draw_timing=DrawTiming.IMMEDIATE,
                                                setup__direction=Direction.LEFT), deck=["1y", "3b", "5g", "6g"])
    assert kinds(go(s, "match 7r with 3r+4r")) == ["matched", "bonus", "drew", "drew"]


def test_others_draw_when_the_turn_ends():
    s = position(DOUBLE, ["7r", "10g"], variant(bonuses__others_draw_timing=DrawTiming.END_OF_TURN,
                                                setup__direction=Direction.LEFT), deck=["1y", "3b", "5g", "6g"])
    assert kinds(go(s, "match 7r with 3r+4r")) == ["matched", "bonus"]
    events = go(s, "end")
    assert kinds(events)[:4] == ["turn-ended", "drew", "drew", "refilled"]  # after the discard, before the refill
    assert [str(e) for e in events[1:3]] == ["seat 1 draws 1 (bonus): 6g", "seat 2 draws 1 (bonus): 5g"]


def test_end_of_turn_draws_reshuffle_the_cards_of_that_turn():
    rules = variant(bonuses__others_draw_timing=DrawTiming.END_OF_TURN, deck_exhaustion=DeckExhaustion.RESHUFFLE_DISCARD,
                    setup__direction=Direction.LEFT)
    s = position(DOUBLE, ["7r", "10g"], rules, deck=["6g"], discard=[])
    go(s, "match 7r with 3r+4r")
    events = go(s, "end")  # seat 2's card comes from the discarded 7r 3r 4r
    assert "reshuffled" in kinds(events) and {str(c) for c in s.hand(2)} & {"7r", "3r", "4r"}


def test_others_draw_timing_unspecified_is_a_gap_only_when_the_deck_is_low():
    rules = variant(setup__direction=Direction.LEFT)
    s = position(DOUBLE, ["7r", "10g"], rules, deck=["1y", "3b", "5g", "6g"])
    assert kinds(go(s, "match 7r with 3r+4r")) == ["matched", "bonus", "drew", "drew"]  # either way the same
    s = position(DOUBLE, ["7r", "10g"], rules, deck=["6g"])
    events = go(s, "match 7r with 3r+4r")
    assert voiding(events) == ["bonuses.others_draw_timing"]
    gap = next(e for e in events if e.kind == "rule-gap")
    assert gap.situation == "seat 0's colour match makes the others draw 2 card(s), and the deck holds 1"


@pytest.mark.parametrize("rule, points", [(True, 73 + 10), (False, 73)])
def test_end_of_turn_draws_when_going_out(rule, points):
    s = position([["3r", "4r"], ["W2", "#g", "10b", "3y"]], ["7r", "10g"],
                 variant(going_out__double_colour_draw_before_scoring=rule,
                         bonuses__others_draw_timing=DrawTiming.END_OF_TURN), deck=["10r"])
    events = go(s, "call-dos", "match 7r with 3r+4r", "end")
    assert [e.points for e in events if e.kind == "round-scored"] == [points]
    assert ("drew" in kinds(events)) is rule


# --- who may catch a missed call (000 §8 "another player"; 003 "ein anderer Spieler") ------------

MISSED = [["7b", "9g", "5y"], OTHER, ["8b", "8g", "9b", "10b"]]


def test_any_other_player_may_catch_after_the_next_lets_it_pass():
    s = position(MISSED, ["7r", "10g"], variant(setup__direction=Direction.LEFT), deck=["1g", "3y", "8b", "9b", "4b"])
    go(s, "match 7r with 7b", "end", "pass")
    assert s.phase is Phase.CATCH and s.current_player() == 2 and legal(s) == {"catch-dos 0", "pass"}
    assert [str(e) for e in go(s, "catch-dos 0")][0] == "seat 2 catches seat 0 not calling DOS: 2 card(s), now"
    s = position(MISSED, ["7r", "10g"], variant(setup__direction=Direction.LEFT), deck=["1g", "3y", "8b", "9b", "4b"])
    go(s, "match 7r with 7b", "end", "pass", "pass")  # everyone let it pass: play goes on
    assert s.phase is Phase.TURN and s.current_player() == 1


def test_only_the_next_player_may_catch():
    rules = variant(setup__direction=Direction.LEFT, dos_call__catcher=Catcher.NEXT)
    s = position(MISSED, ["7r", "10g"], rules, deck=["1g", "3y", "8b", "9b", "4b"])
    go(s, "match 7r with 7b", "end", "pass")
    assert s.phase is Phase.TURN and s.current_player() == 1
    assert why_not(s, "catch-dos 0").path == "dos_call.catcher"


def test_catcher_unspecified_is_a_gap_beyond_the_next_player():
    rules = variant(setup__direction=Direction.LEFT, dos_call__catcher=Catcher.UNSPECIFIED)
    s = position(MISSED, ["7r", "10g"], rules, deck=["1g", "3y", "8b", "9b", "4b"])
    go(s, "match 7r with 7b", "end")
    assert "rule-gap" not in kinds(go(s.copy(), "catch-dos 0"))  # the next player: a catch whoever may catch
    go(s, "pass")
    assert voiding(go(s, "catch-dos 0")) == ["dos_call.catcher"]


# --- how long a missed call stays open (000 §8 "if another player calls it first"; 003 silent) --------


def _second_chance(window):
    """Seat 0 misses the call, seat 1 lets the catch pass; on seat 0's next turn, still holding two
    cards uncalled, seat 0 matches: the one place where the readings of catch_window part."""
    s = position([["7b", "9g", "5y"], OTHER], ["7r", "10g"], variant(dos_call__catch_window=window),
                 deck=["1g", "3y", "8b", "9b", "4b"])
    go(s, "match 7r with 7b", "end")
    assert s.phase is Phase.CATCH and legal(s) == {"catch-dos 0", "pass"}  # the first chance: every reading
    go(s, "pass", "match 4b with 4g", "end")
    assert s.current_player() == 0 and len(s.hand(0)) == 2 and s.exposed(0)
    assert "call-dos" in legal(s)  # a late call is offered under every reading
    return s


def test_until_called_a_missed_call_can_be_caught_again_and_a_late_call_counts():
    s = _second_chance(CatchWindow.UNTIL_CALLED)
    late = s.copy()
    go(s, "match 9b with 9g")
    assert s.phase is Phase.CATCH and legal(s) == {"catch-dos 0", "pass"}
    assert str(go(s, "catch-dos 0")[0]) == "seat 1 catches seat 0 not calling DOS: 2 card(s), end-of-turn"
    go(late, "call-dos", "match 9b with 9g")
    assert late.phase is Phase.TURN and late.current_player() == 0


def test_next_action_a_missed_call_is_caught_only_right_after_the_first_action():
    s = _second_chance(CatchWindow.NEXT_ACTION)
    go(s, "match 9b with 9g")
    assert s.phase is Phase.TURN and s.current_player() == 0 and "catch-dos 0" not in legal(s)


def test_catch_window_unspecified_is_a_gap_only_for_a_catch_after_the_first_chance():
    s = _second_chance(CatchWindow.UNSPECIFIED)
    go(s, "match 9b with 9g")
    assert legal(s) == {"catch-dos 0", "pass"}  # offered: taking it rests on the silence
    assert "rule-gap" not in kinds(go(s.copy(), "pass"))
    events = go(s, "catch-dos 0")
    assert voiding(events) == ["dos_call.catch_window"]
    situation = next(e.situation for e in events if e.kind == "rule-gap")
    from dosrules.lang.refusals import translate  # the table says this gap in every language
    assert all(translate(situation, lang) != situation for lang in ("de", "ko", "eu"))
    first = position([["7b", "9g", "5y"], OTHER], ["7r", "10g"], variant(dos_call__catch_window=CatchWindow.UNSPECIFIED),
                     deck=["1g", "3y", "8b", "9b", "4b"])
    go(first, "match 7r with 7b", "end")
    assert "rule-gap" not in kinds(go(first, "catch-dos 0"))  # the first chance: no reading differs


# --- the direction of play (no source gives it) -------------------------------------------------


def test_play_passes_to_the_right():
    s = position(MISSED, ["7r", "10g"], variant(setup__direction=Direction.RIGHT), deck=["1g", "3y", "8b", "9b", "4b"])
    go(s, "match 7r with 7b", "call-dos", "end")
    assert s.current_player() == 2


def test_direction_unspecified_is_settled_by_lot_once_a_game():
    ways = set()
    for seed in range(10):
        s = new_game(MATTEL, 3, seed=seed, max_rounds=4)
        lots = [e for e in s.events if e.kind == "rule-gap" and e.path == "setup.direction"]
        assert len(lots) == 1 and not lots[0].voids
        ways.add(s.step)
    assert ways == {1, -1}
    two = new_game(MATTEL, 2, seed=1)  # with two players either way is the same: no lot
    assert not [e for e in two.events if e.kind == "rule-gap" and e.path == "setup.direction"]


# --- a DOS penalty waiting for the end of the turn, and the player goes out (no source says) ----


def test_pending_penalty_lapses_when_going_out():
    s = position([["7b", "9y"], OTHER], ["7r", "9r"], variant(going_out__pending_penalty=PendingPenalty.LAPSES))
    go(s, "match 7r with 7b", "catch-dos 0", "match 9r with 9y")
    events = go(s, "end")
    assert "round-scored" in kinds(events) and "rule-gap" not in kinds(events)[:3]


def test_pending_penalty_drawn_keeps_the_player_in():
    s = position([["7b", "9y"], OTHER], ["7r", "9r"], variant(going_out__pending_penalty=PendingPenalty.DRAWN),
                 deck=["1g", "3y", "8b", "9b", "4b"])
    go(s, "match 7r with 7b", "catch-dos 0", "match 9r with 9y")
    events = go(s, "end")
    assert kinds(events)[:3] == ["turn-ended", "drew", "refilled"] and len(s.hand(0)) == 2
    assert "round-scored" not in kinds(events) and s.round == 1
