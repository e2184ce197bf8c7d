"""Each shipped house rule on each edition: a position where it changes the answer and one where
it must not, so that a house rule's description and its behaviour cannot part (issue 29)."""

import pytest

from dosrules import load_ruleset
from dosrules.engine.explain import play
from dosrules.ruleset.readings import readings, silences

from enginekit import legal, position

EDITIONS = ["mattel-2018", "german", "digest-2017"]
OTHER = ["1b", "1b", "1g", "3g", "4g", "5b", "6y"]


def rules(spec):
    return load_ruleset(spec)


def matches_on(state, card: str) -> set[str]:
    """The legal matches whose target is the row card ``card`` (any declaration)."""
    return {a for a in legal(state) if a.startswith(f"match {card}")}


def voiding(events) -> list[str]:
    return [e.path for e in events if e.kind == "rule-gap" and e.voids]


# --- all-wild-row: the matcher declares in a row of only wild cards -----------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_all_wild_row_lets_the_matcher_declare_a_row_of_only_wilds_on_every_edition(edition):
    """Issue 29: on german and digest-2017 a row of ``#g W2`` still voided the round at
    wilds.wild_number.row_value (their sources leave it open) under all-wild-row."""
    hand = [["9g", "1y", "1b", "5b", "8r"], OTHER]
    base = position(hand, ["#g", "W2"], rules(edition))
    assert voiding(base.events) == ["all_wild_row"]  # the edition alone is silent here
    s = position(hand, ["#g", "W2"], rules(f"{edition}+all-wild-row"))
    assert {"match #g=9 with 9g", "match #g=5 with 5b", "match #g=8 with 8r"} <= matches_on(s, "#g")
    assert "match W2=b with 1b+1y" in legal(s) and "match W2=y with 1b+1y" in legal(s)
    assert voiding(play(s, "match #g=9 with 9g")) == []
    assert voiding(play(s, "match W2=b with 1b+1y")) == []


# --- all-wild-row-placer: the placer's declaration, in a row of only wilds only -----------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_all_wild_row_placer_binds_the_placers_declaration_only_in_a_row_of_only_wilds(edition):
    """Issue 29: all-wild-row-placer bound every wild's declaration, in mixed rows too: with a row
    of ``7r #g=5`` the only match on the wild was ``#g=5`` where mattel-2018 allows 3, 5, 8, 9."""
    hand = [["3y", "5g", "8b", "9r", "7b"], OTHER]
    placer = rules(f"{edition}+all-wild-row-placer")
    wild = position(hand, ["#g=5", "W2=r"], placer)
    assert matches_on(wild, "#g") == {"match #g=5 with 5g"}
    mixed = position(hand, ["7r", "#g=5"], placer)
    assert legal(mixed) == legal(position(hand, ["7r", "#g=5"], rules(edition)))
    if edition == "mattel-2018":  # the sheet: the matcher names the number of a row Wild #
        assert matches_on(mixed, "#g") >= {f"match #g={v} with {c}" for v, c in
                                          [(3, "3y"), (5, "5g"), (8, "8b"), (9, "9r")]}


def test_all_wild_row_placer_leaves_row_value_and_row_colour_to_the_edition():
    """The house rule sets all_wild_row only: the rule paths of a wild in a mixed row keep the
    edition's values and provenance."""
    for edition in EDITIONS:
        base, house = rules(edition), rules(f"{edition}+all-wild-row-placer")
        for path in ("wilds.wild_number.row_value", "wilds.wild_dos.row_colour"):
            assert house.rules.get(path) == base.rules.get(path)
            assert house.provenance_of(path) == base.provenance_of(path)


# --- row_colour and row_value: real readings ----------------------------------------------------


def test_no_silence_of_a_shipped_edition_has_a_single_reading():
    """Issue 29: wilds.wild_dos.row_colour had one reading (matcher-declares), so gaps german
    listed a silence with no choice in it."""
    assert {str(getattr(r, "value", r)) for r in readings("wilds.wild_dos.row_colour")} >= {
        "matcher-declares", "placer-declares"}
    for edition in EDITIONS:
        for silence in silences(rules(edition)):
            if silence.path.startswith("wilds."):
                assert len(readings(silence.path)) >= 2, (edition, silence.path)


# --- each house rule on each edition: where it changes the answer, and where it must not --------


def both(edition, house, hands, row, **kw):
    """The position under the edition alone and under the edition with ``house``."""
    return position(hands, row, rules(edition), **kw), position(hands, row, rules(f"{edition}+{house}"), **kw)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("house", ["all-wild-row", "all-wild-row-placer", "all-wild-row-bury"])
def test_an_all_wild_row_house_rule_leaves_a_mixed_row_to_the_edition(edition, house):
    hands = [["3y", "5g", "8b", "9r", "7b", "1b"], OTHER]
    for row in (["7r", "#g=5"], ["W2=b", "10g"], ["#g=5", "W2=r", "4y"]):
        plain, housed = both(edition, house, hands, row, deck=["6r", "6g", "6b"])
        assert legal(housed) == legal(plain), (row, legal(housed) ^ legal(plain))
        assert [e.kind for e in housed.events] == [e.kind for e in plain.events]


@pytest.mark.parametrize("edition", EDITIONS)
def test_all_wild_row_bury_buries_a_row_of_only_wilds_on_every_edition(edition):
    plain, housed = both(edition, "all-wild-row-bury", [["9g", "1y", "5b"], OTHER], ["#g", "W2"],
                         deck=["3b", "8r"])
    assert voiding(plain.events) == ["all_wild_row"]
    assert [e.kind for e in housed.events] == ["buried", "refilled", "turn"]
    assert [str(c) for c in housed.row] == ["3b", "8r"] and housed.round == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_reshuffle_acts_only_when_the_deck_is_empty(edition):
    hands = [["8g", "10y"], ["1b", "3g", "9y"]]
    plain, housed = both(edition, "reshuffle", hands, ["7r", "9b"], deck=[], discard=["5y", "6y"])
    assert voiding(play(plain, "draw")) == ["deck_exhaustion"]
    events = play(housed, "draw")
    assert [e.kind for e in events] == ["reshuffled", "drew"] and housed.round == 1
    plain, housed = both(edition, "reshuffle", hands, ["7r", "9b"], deck=["5y", "6y"])
    assert [str(e) for e in play(housed, "draw")] == [str(e) for e in play(plain, "draw")]


@pytest.mark.parametrize("edition", EDITIONS)
def test_target_500_plays_on_past_200_and_ends_at_500(edition):
    hands = [["7b"], ["1b", "3g", "9y"]]
    plain, housed = both(edition, "target-500", hands, ["7r", "10g"], scores=[195, 0])
    for s in (plain, housed):
        play(s, "match 7r with 7b")
        play(s, "end")
    assert plain.is_terminal() and plain.winner == 0 and plain.scores[0] >= 200
    assert not housed.is_terminal() and housed.scores == plain.scores and housed.round == 2
    plain, housed = both(edition, "target-500", hands, ["7r", "10g"], scores=[495, 0])
    for s in (plain, housed):
        play(s, "match 7r with 7b")
        play(s, "end")
    assert plain.is_terminal() and housed.is_terminal() and housed.winner == plain.winner == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_player_tweaks_change_two_player_games_only(edition):
    deck = ["1r", "3r", "4r", "5r", "6r", "8r", "9r", "10r"]

    def turn(s):
        events = play(s, "match 7r with 3r+4r") + play(s, "end")
        while s.phase == "bonus" or s.phase == "finish" or s.phase == "ending":
            events += play(s, next(str(a) for a in s.legal_actions() if str(a) != "call-dos"))
        return events

    def drawn(events, seat):
        return sum(len(e.cards) for e in events if e.kind == "drew" and e.seat == seat)

    hand = ["3r", "4r", "1g", "5g", "6g", "8g", "9y"]
    plain, housed = both(edition, "two-player", [hand, ["1b", "3g", "9y"]], ["7r", "10g"], deck=deck)
    ep, eh = turn(plain), turn(housed)
    assert (drawn(ep, 1), drawn(eh, 1)) == (1, 2)  # a double colour match: the opponent draws
    assert len(housed.row) == len(plain.row) + 1 >= 3  # refilled to 3, not 2
    hands = [hand, ["1b", "3g", "9y"], ["1y", "4g", "10b"]]
    plain, housed = both(edition, "two-player", hands, ["7r", "10g"], deck=deck)
    assert [str(e) for e in turn(housed)] == [str(e) for e in turn(plain)]
    assert housed.row == plain.row
