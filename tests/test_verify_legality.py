"""The Z3 legality model at concrete positions: exact legal action sets (golden, mattel-2018)."""

from hypothesis import assume, given, settings, strategies as st

from dosrules import load_ruleset
from dosrules.ruleset.cards import Declared, make_deck
from dosrules.verify import AFTER_DRAW, Position, legal_matches, legality
from dosrules.verify.legality import concrete_term, match_available

import z3

MATTEL = load_ruleset("mattel-2018").rules


def test_single_and_double_match_colour_irrelevant():
    # 000 §3: "Against a 7 that is 5+2, 3+4 or 6+1"; "Colour is irrelevant."
    got = legal_matches(MATTEL, Position.parse("7r 9b", "3r 4g 9y 6b"))
    assert got == {"match 7r with 3r+4g", "match 9b with 9y", "match 9b with 3r+6b"}


def test_wild_dos_in_the_row_takes_the_matchers_colour():
    # 000 §7: a Wild DOS counts as a 2; in the row the matcher chooses its colour
    got = legal_matches(MATTEL, Position.parse("W2 1g", "1r #r"))
    assert "match W2=r with 1r+#r=1" in got
    assert {a for a in got if a.startswith("match W2=")} == {
        f"match W2={c} with {m}" for c in "bgry" for m in ("1r+#r=1", "#r=2")}
    assert {a for a in got if a.startswith("match 1g")} == {"match 1g with 1r", "match 1g with #r=1"}


def test_wild_number_in_the_row_is_declared_by_the_matcher():
    assert legal_matches(MATTEL, Position.parse("#g 3r", "7g")) == {"match #g=7 with 7g"}
    # a row of only wild cards: the turn starts on a row no rule of MATTEL reads (all_wild_row)
    alone = legality(MATTEL, Position.parse("#g", "7g"))
    assert alone.actions == frozenset() and alone.gaps == {"all_wild_row"} and "match #g=7 with 7g" in alone.gap_actions


def test_a_row_card_is_matched_at_most_once_per_turn():
    position = Position.parse("7r 9b", "3r 4r 9b", matched=[0])
    assert legality(MATTEL, position).actions == {"match 9b with 9b", "end"}


def test_a_one_is_never_double_matched():
    assert legal_matches(MATTEL, Position.parse("1b", "1r #g W2")) == {"match 1b with 1r", "match 1b with #g=1"}


def test_two_copies_of_a_face_make_a_double():
    assert legal_matches(MATTEL, Position.parse("10b", "5r 5r")) == {"match 10b with 5r+5r"}
    assert legal_matches(MATTEL, Position.parse("10b", "5r")) == frozenset()


def test_hand_wild_dos_declares_a_colour():
    got = legal_matches(MATTEL, Position.parse("5y", "3y W2"))
    assert got == {f"match 5y with 3y+W2={c}" for c in "bgry"}
    assert legality(MATTEL, Position.parse("5y", "3y W2")).bonus["match 5y with 3y+W2=y"] == "double"
    assert legality(MATTEL, Position.parse("5y", "3y W2")).bonus["match 5y with 3y+W2=r"] == "none"


def test_draw_is_legal_even_with_a_match():
    # 000 §5: "If you cannot (or do not want to) make a match, you must draw"
    assert "draw" in legality(MATTEL, Position.parse("7r", "7b")).actions


def test_failed_draw_places_a_card():
    got = legality(MATTEL, Position.parse("7r", "1b 3g", phase=AFTER_DRAW))
    assert got.actions == {"place 1b", "place 3g"} and not got.gaps


def test_declining_after_a_draw_is_a_gap_in_mattel():
    got = legality(MATTEL, Position.parse("7r", "7b", phase=AFTER_DRAW))
    assert got.actions == {"match 7r with 7b"}
    assert got.gaps == {"drawing.decline_match_after_draw"}


FACES = sorted(set(make_deck(MATTEL.deck)), key=str)


@settings(max_examples=40, deadline=None)
@given(row=st.lists(st.sampled_from(FACES), min_size=1, max_size=3),
       hand=st.lists(st.sampled_from(FACES), min_size=1, max_size=4),
       after_draw=st.booleans())
def test_interval_existence_agrees_with_the_enumeration(row, hand, after_draw):
    """Two encodings of "a match exists": the quantifier-free interval one and the enumeration
    (a row of only wild cards is a gap in MATTEL, all_wild_row: the enumeration offers no match)."""
    assume(not all(c.is_wild for c in row))
    position = Position(tuple(Declared(c) for c in row),
                        tuple(hand), AFTER_DRAW if after_draw else "start")
    exists = z3.simplify(match_available(MATTEL, [concrete_term(c) for c in row], [z3.BoolVal(False)] * len(row),
                                         z3.BoolVal(after_draw), [concrete_term(c) for c in hand]))
    assert z3.is_true(exists) == bool(legal_matches(MATTEL, position))


def test_without_any_row_card_a_wide_row_allows_refill_minimum_cards():
    # 000 §6: "more than two cards in the center row, you may match any or all of them"; false:
    # a turn matches at most refill.minimum (2) cards of a wider row, and both of a 2-card row
    from dataclasses import replace
    rules = replace(MATTEL, matching=replace(MATTEL.matching, any_row_card=False))
    assert legal_matches(rules, Position.parse("7r 9b", "7b 9y", matched=[0])) == {"match 9b with 9y"}
    wide = Position.parse("7r 9b 3g", "7b 9y 3r", matched=[0])
    assert legal_matches(rules, wide) == {"match 9b with 9y", "match 3g with 3r"}
    assert legal_matches(rules, Position.parse("7r 9b 3g", "7b 9y 3r", matched=[0, 1])) == frozenset()
