"""Readings and filling: ``A~B`` fills A's silences from B, a readings file or one reading."""

import copy
import dataclasses
from pathlib import Path

import pytest

from dosrules import dump_ruleset, load_ruleset
from dosrules.errors import DosrulesError
from dosrules.ruleset.build import build_ruleset
from dosrules.ruleset.fill import fill_ruleset, read_readings
from dosrules.ruleset.loader import resolve
from dosrules.ruleset.model import (COUNT_READINGS, UNSPECIFIED, AfterFailedDraw, AllWildRow, DeckExhaustion,
                                    RefillMode, Status, is_unspecified, rule_paths)
from dosrules.ruleset.readings import OPEN_PATHS, ReadingError, parse_reading, readings, silences
from dosrules.ruleset.schema import ruleset_schema, validator

FILL = Path(__file__).parent / "data" / "fill"
DIRS = [FILL]
GERMAN_SILENCES = ["setup.first_dealer", "setup.symbol_value_for_dealer", "setup.dealer_tie", "setup.next_dealer",
                   "setup.first_player",
                   "setup.direction", "drawing.draw_when_match_possible", "drawing.decline_match_after_draw",
                   "bonuses.others_draw_timing", "wilds.wild_dos.row_colour", "wilds.wild_number.colour",
                   "wilds.wild_number.row_value", "dos_call.penalty_timing", "dos_call.catch_window",
                   "going_out.double_colour_draw_before_scoring", "going_out.pending_penalty", "deck_exhaustion",
                   "all_wild_row"]


def problems(spec, dirs=DIRS) -> list[str]:
    return [p.paragraph() for p in resolve(spec, dirs).problems]


# --- readings -------------------------------------------------------------------------------------


def _schema_allows_unspecified(path):
    node = ruleset_schema()["properties"]["rules"]
    for part in path.split("."):
        node = node["properties"][part]
    return "unspecified" in node.get("enum", []) or any(b.get("const") == "unspecified" for b in node.get("oneOf", []))


def test_the_open_paths_are_exactly_the_rules_the_schema_lets_be_unspecified():
    assert list(OPEN_PATHS) == [p for p in rule_paths() if _schema_allows_unspecified(p)]


def test_every_whole_number_rule_that_can_be_unspecified_declares_candidates_the_schema_accepts():
    counts = [p for p in OPEN_PATHS if isinstance(readings(p)[0], int) and not isinstance(readings(p)[0], bool)]
    assert sorted(counts) == sorted(COUNT_READINGS)
    for path, candidates in COUNT_READINGS.items():
        assert len(set(candidates)) == len(candidates) >= 2
        for value in candidates:  # each candidate is a valid value of that rule
            tree = {"id": "x", "name": "x", "kind": "house", "sources": [], "rules": {}}
            node = tree["rules"]
            *groups, leaf = path.split(".")
            for group in groups:
                node = node.setdefault(group, {})
            node[leaf] = value
            assert not list(validator().iter_errors(tree)), (path, value)


def test_readings_are_enum_members_booleans_or_declared_numbers():
    assert readings("all_wild_row") == (AllWildRow.MATCHER_DECLARES, AllWildRow.PLACER_DECLARES,
                                        AllWildRow.BURY_AND_REFLIP)
    assert readings("dos_call.required") == (True, False)
    assert readings("dos_call.catch_penalty") == COUNT_READINGS["dos_call.catch_penalty"]
    assert parse_reading("deck_exhaustion", "end-round") is DeckExhaustion.END_ROUND
    assert parse_reading("dos_call.hand_size", "1") == 1 and parse_reading("dos_call.hand_size", 1) == 1
    assert parse_reading("matching.single", "false") is False


@pytest.mark.parametrize("path, raw, message", [
    ("refill.minimum", 3, "'refill.minimum' cannot be unspecified, so it has no readings"),
    ("refil.mode", "to-minimum", "'refil.mode' names no rule — did you mean 'refill.mode'?"),
    ("deck_exhaustion", "reshufle", "'reshufle' is not a reading of 'deck_exhaustion' — did you mean 'reshuffle-discard'?"),
    ("dos_call.hand_size", 7, "7 is not a reading of 'dos_call.hand_size'"),
    ("dos_call.hand_size", True, "true is not a reading of 'dos_call.hand_size'"),
    ("dos_call.required", "unspecified", "'unspecified' is not a reading of 'dos_call.required': a reading fills a silence"),
])
def test_a_bad_reading_says_what_is_wrong(path, raw, message):
    with pytest.raises(ReadingError) as err:
        parse_reading(path, raw)
    assert err.value.what == message


def test_silences_per_player_count():
    assert [s.path for s in silences(load_ruleset("german"))] == GERMAN_SILENCES
    pairs = load_ruleset("silent-pairs", DIRS)
    found = {s.path: s.players for s in silences(pairs)}
    assert found["dos_call.catch_penalty"] == (2,) and found["deck_exhaustion"] == (2, 3, 4)
    assert "dos_call.catch_penalty" not in {s.path for s in silences(pairs, players=3)}


# --- filling from a ruleset ------------------------------------------------------------------------


def test_german_filled_from_mattel_takes_mattel_readings_and_keeps_what_german_states():
    german, mattel = load_ruleset("german"), load_ruleset("mattel-2018")
    filled = load_ruleset("german~mattel-2018")
    assert filled.id == "german~mattel-2018" and filled.content_hash != german.content_hash
    for path in GERMAN_SILENCES:
        theirs = mattel.rules.get(path)
        prov = filled.provenance_of(path)
        if is_unspecified(theirs):
            assert is_unspecified(filled.rules.get(path)) and prov.status is Status.UNSPECIFIED
        else:
            assert filled.rules.get(path) == theirs
            assert (prov.status, prov.ruleset) == (Status.FILLED, "mattel-2018")
            assert (prov.citation, prov.note) == (mattel.provenance_of(path).citation, mattel.provenance_of(path).note)
    for path in rule_paths():
        if path not in GERMAN_SILENCES:
            assert filled.rules.get(path) == german.rules.get(path)
            assert filled.provenance_of(path) == german.provenance_of(path)
    assert filled.rules.drawing.after_failed_draw is AfterFailedDraw.KEEP_AND_PASS
    assert filled.rules.refill.mode is RefillMode.REPLACE_COVERED


def test_filling_never_overrides_a_stated_value():
    mattel = load_ruleset("mattel-2018")
    filled = load_ruleset("mattel-2018~german")
    stated = [p for p in rule_paths() if not is_unspecified(mattel.rules.get(p))]
    assert all(filled.rules.get(p) == mattel.rules.get(p) for p in stated)
    assert all(filled.provenance_of(p) == mattel.provenance_of(p) for p in stated)


def test_plus_binds_tighter_and_the_first_source_with_a_reading_decides():
    via_house = load_ruleset("german~mattel-2018+reshuffle")
    assert via_house.rules.deck_exhaustion is DeckExhaustion.RESHUFFLE_DISCARD
    assert (via_house.provenance_of("deck_exhaustion").status, via_house.provenance_of("deck_exhaustion").ruleset) \
        == (Status.FILLED, "reshuffle")
    first = load_ruleset("german~deck_exhaustion=end-round~mattel-2018+reshuffle")
    assert first.rules.deck_exhaustion is DeckExhaustion.END_ROUND
    assert first.rules.setup.first_player == load_ruleset("mattel-2018").rules.setup.first_player
    composed = load_ruleset("german+reshuffle~mattel-2018")  # a house rule stays a house rule
    assert composed.provenance_of("deck_exhaustion").status is Status.HOUSE


def test_filling_works_per_player_count():
    filled = load_ruleset("silent-pairs~pair-reader", DIRS)
    assert filled.rules.deck_exhaustion is DeckExhaustion.RESHUFFLE_DISCARD
    assert filled.for_players(2).deck_exhaustion is DeckExhaustion.END_ROUND
    assert filled.for_players(3).deck_exhaustion is DeckExhaustion.RESHUFFLE_DISCARD
    assert filled.for_players(2).dos_call.catch_penalty == 1
    assert filled.rules.dos_call.catch_penalty == 2  # stated for three and four: kept
    prov = filled.provenance_of("dos_call.catch_penalty", players=2)
    assert (prov.status, prov.ruleset) == (Status.FILLED, "pair-reader")
    assert filled.provenance_of("dos_call.catch_penalty", players=3).status is Status.STATED
    # a stated by_players value of the target is never filled over
    two = load_ruleset("mattel-2018+two-player~pair-reader", DIRS)
    assert two.for_players(2).setup.centre_row == 3 and two.for_players(2).deck_exhaustion is DeckExhaustion.END_ROUND


def test_a_readings_file_fills_with_its_notes():
    filled = load_ruleset(f"german~{FILL / 'table.readings.yaml'}")
    assert filled.id == "german~table.readings"
    assert filled.rules.deck_exhaustion is DeckExhaustion.RESHUFFLE_DISCARD
    assert filled.rules.all_wild_row is AllWildRow.BURY_AND_REFLIP
    prov = filled.provenance_of("deck_exhaustion")
    assert (prov.status, prov.citation, prov.note) == (Status.FILLED, None, "We reshuffle, as in every other Mattel game.")
    assert prov.ruleset.endswith("table.readings.yaml")
    assert "a reading chosen in" in filled.provenance_of("all_wild_row").note
    # readings of stated rules fill nothing
    assert filled.rules.dos_call.catch_penalty == 2 and filled.rules.refill.mode is RefillMode.REPLACE_COVERED


def test_a_filled_ruleset_dumps_and_loads_back_equal(tmp_path):
    filled = load_ruleset("silent-pairs~pair-reader~all_wild_row=placer-declares", DIRS)
    path = tmp_path / "round-trip.yaml"
    path.write_text(dump_ruleset(filled, id="round-trip"), encoding="utf-8")
    loaded = load_ruleset(path)
    assert (loaded.rules, dict(loaded.by_players)) == (filled.rules, dict(filled.by_players))
    assert {p: dataclasses.replace(v, ruleset=None) for p, v in loaded.provenance.items()} == \
           {p: dataclasses.replace(v, ruleset=None) for p, v in filled.provenance.items()}
    with pytest.raises(ValueError, match="composed id"):
        dump_ruleset(filled)


# --- bad input -------------------------------------------------------------------------------------


def test_filling_from_another_deck_or_player_range_is_refused():
    assert problems("german~short-deck") == [
        "cannot fill german from short-deck: their decks differ (deck.wild_dos for 2 players) (at deck.wild_dos). "
        "A reading from another deck reads another game: fill from a ruleset with the same deck, or use a readings file."]
    assert problems("german~three-to-four") == [
        "cannot fill german (2 to 4 players) from three-to-four (3 to 4 players): three-to-four has no rules for 2 "
        "players. Fill from a ruleset that allows every player count the filled one does, or use a readings file."]
    assert problems("three-to-four~german") == []  # the source covers the target's range


def test_a_source_key_names_one_document():
    german = load_ruleset("german")
    tree = copy.deepcopy(dict(german.tree))
    tree["id"] = "other"
    tree["sources"] = [{**s, "file": "elsewhere.txt"} if s["key"] == "000" else s for s in tree["sources"]]
    other = build_ruleset(tree, german.provenance)
    with pytest.raises(DosrulesError, match="the source key '000' names elsewhere.txt in one and 000_"):
        fill_ruleset(other, load_ruleset("mattel-2018"))


def test_a_readings_file_with_mistakes_gets_every_problem_at_its_place():
    found = problems(f"german~{FILL / 'bad.readings.yaml'}")
    where = [p.split(": ", 1)[0].rsplit("/", 1)[-1] for p in found]
    assert where == ["bad.readings.yaml:3:3", "bad.readings.yaml:4:17", "bad.readings.yaml:5:3",
                     "bad.readings.yaml:6:23", "bad.readings.yaml:7:37"]
    assert "'refill.minimum' cannot be unspecified, so it has no readings (at readings.refill.minimum)" in found[0]
    assert "'bury' is not a reading of 'all_wild_row' (at readings.all_wild_row). The readings of 'all_wild_row' " \
           "are: matcher-declares, placer-declares, bury-and-reflip." in found[1]
    assert "'deck_exhaustoin' names no rule — did you mean 'deck_exhaustion'?" in found[2]
    assert "has the unknown key 'colour'" in found[3]
    assert "'unspecified' is not a reading of 'drawing.decline_match_after_draw': a reading fills a silence" in found[4]
    with pytest.raises(DosrulesError):
        read_readings(FILL / "bad.readings.yaml")


def test_a_partial_house_rule_is_neither_filled_nor_a_source_on_its_own():
    found = problems("reshuffle~mattel-2018")
    assert len(found) == 1 and "'reshuffle' is a house rule on its own, which sets only some rules, so it has no " \
                               "silences to fill. Compose it with an edition first and fill that: " \
                               "<edition>+reshuffle~mattel-2018." in found[0]
    found = problems("german~reshuffle")
    assert len(found) == 1 and "cannot fill from 'reshuffle': it is a house rule on its own" in found[0]
    assert "Compose it instead (german+reshuffle)" in found[0]


@pytest.mark.parametrize("spec, message", [
    ("german~", "'german~' is not a ruleset spec: a part around '~' is empty."),
    ("german~deck_exhaustion", "'deck_exhaustion' in 'german~deck_exhaustion' names a rule but no reading "
                               "(at deck_exhaustion). Write deck_exhaustion=<reading>; its readings are: "
                               "reshuffle-discard, end-round."),
    ("german~a=b,c=d", "'a=b,c=d' in 'german~a=b,c=d' is not a reading."),
    ("german~refill.minimum=3", "in 'german~refill.minimum=3': 'refill.minimum' cannot be unspecified"),
    ("german~no-such-edition", "no ruleset with the id 'no-such-edition'"),
])
def test_a_bad_fill_spec_says_what_is_wrong(spec, message):
    found = problems(spec)
    assert len(found) == 1 and message in found[0], found
