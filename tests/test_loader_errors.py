"""Bad rulesets: every class of problem, with its wording pinned (place, message, rule path).

Each pinned text is the paragraph before its fix; the test also checks that a fix follows.
"""

from pathlib import Path

import pytest

from dosrules import load_ruleset
from dosrules.errors import RulesetError
from dosrules.ruleset.loader import resolve

BAD = Path(__file__).parent / "data" / "bad"

EXPECTED = {
    "anchor.yaml": ["8:20: anchor '&bonus' is not allowed."],
    "bad-cite.yaml": [
        "10:20: rule 'deck_exhaustion' has the value 'end-round' but its cite entry 'deck_exhaustion' "
        "marks it unspecified (at rules.deck_exhaustion).",
        "12:20: cite entry 'target' names the source 'tabel', which this file does not list in "
        "'sources' — did you mean 'table'? (at cite.target.source).",
        "13:3: cite entry 'refill.minimum' marks its rules inferred but gives no note (at cite.refill.minimum).",
        "14:3: cite entry 'setup.hand_size' gives source and section but not quote (at cite.setup.hand_size).",
        "16:3: cite key 'refill.minimun' names no rule path — did you mean 'refill.minimum'? "
        "(at cite.refill.minimun).",
        "17:3: cite entry 'scoring' covers no rule value this file sets (at cite.scoring).",
    ],
    "bad-ranges.yaml": [
        "7:18: players.min 5 is above players.max 3 (at rules.players.min).",
        "8:36: Wild # min_value 9 is above max_value 2 (at rules.wilds.wild_number.min_value).",
        "12:3: by_players names 6 players, outside the players range 5-3 (at by_players.6).",
    ],
    "deal-too-big.yaml": [
        "9:22: dealing 30 cards to each of 4 players plus a Centre Row of 2 needs 122 cards, but the "
        "deck has 108 (at rules.setup.hand_size).",
        "11:26: dealing 25 cards to each of 2 players plus a Centre Row of 2 needs 52 cards, but the "
        "deck has 48 (at by_players.2.setup.hand_size).",
        "12:7: by_players may not override 'players' (at by_players.3.players).",
    ],
    "deck-sums.yaml": [
        "12:17: deck.per_colour is 25 but one colour holds 24 cards (22 number cards + 2 Wild #) "
        "(at rules.deck.per_colour).",
        "13:12: deck.total is 110 but the parts add up to 112 (4 colours x 25 + 12 Wild DOS) (at rules.deck.total).",
    ],
    "duplicate-key.yaml": ["8:3: duplicate key 'target' (first at line 7)."],
    "empty.yaml": [" the file is empty."],
    "enum-typo.yaml": [
        "7:20: 'reshufle' is not one of reshuffle-discard, end-round, unspecified — did you mean "
        "'reshuffle-discard'? (at rules.deck_exhaustion).",
    ],
    "id-mismatch.yaml": ["1:5: the id 'some-other-id' differs from the file name 'id-mismatch.yaml' (at id)."],
    "incomplete-edition.yaml": [
        "7:3: the edition 'incomplete-edition' does not set 19 rules: deck, setup.first_dealer, "
        "setup.symbol_value_for_dealer, setup.dealer_tie, setup.next_dealer, setup.first_player, setup.direction, setup.centre_row, "
        "setup.centre_row_extra, "
        "matching, "
        "drawing, bonuses, refill, wilds, dos_call, going_out, scoring, deck_exhaustion, all_wild_row (at rules).",
    ],
    "edition-no-sources.yaml": [
        "1:1: missing key 'sources' in the top level (at sources).",
        "6:11: rule 'target' has no citation (at rules.target).",
    ],
    "missing-keys.yaml": [
        "1:1: missing key 'name' in the top level (at name).",
    ],
    "no-citation.yaml": [
        "8:11: rule 'target' has no citation (at rules.target).",
        "9:21: rule 'refill.minimum' has no citation (at rules.refill.minimum).",
    ],
    "one-pass.yaml": [
        "8:18: players.min 4 is above players.max 3 (at rules.players.min).",
        "9:20: 'reshufle' is not one of reshuffle-discard, end-round, unspecified — did you mean "
        "'reshuffle-discard'? (at rules.deck_exhaustion).",
        "10:11: rule 'target' has no citation (at rules.target).",
        "11:33: expected a whole number from 0 to 15, got 'lots' (at rules.deck.numbers.3).",
    ],
    "path-escape.yaml": [
        "4:10: '../../etc/passwd' is not a ruleset id (lower-case letters, digits and dashes, starting "
        "with a letter or digit) (at extends).",
    ],
    "python-tag.yaml": ["2:7: the tag '!!python/object/apply:os.system' is not allowed."],
    "syntax-error.yaml": [
        "4:1: YAML syntax error: found unexpected end of stream (while scanning a quoted scalar started at line 2).",
    ],
    "top-level-list.yaml": ["1:1: the top level is a list, not a mapping."],
    "two-documents.yaml": ["6:1: the file holds more than one YAML document."],
    "unknown-key.yaml": ["7:3: unknown key 'tagret' — did you mean 'target'? (at rules.tagret)."],
    "wrong-types.yaml": [
        "5:11: expected a string, got 0 (at sources[0].key).",
        "7:22: expected a whole number from 1 to 30, got '7' (at rules.setup.hand_size).",
        "7:39: expected a whole number from 1 to 10, got 2.0 (at rules.setup.centre_row).",
        "8:11: -5 is less than the minimum of 1 (at rules.target).",
    ],
    "yaml11-boolean.yaml": [
        "7:22: expected true, false or 'unspecified', got 'no' (YAML 1.2: only true and false are "
        "booleans; 'no' is a string) (at rules.matching.single).",
        "7:34: expected true, false or 'unspecified', got 'yes' (YAML 1.2: only true and false are "
        "booleans; 'yes' is a string) (at rules.matching.double).",
    ],
}


def test_the_corpus_and_the_expectations_match():
    assert sorted(p.name for p in BAD.glob("*.yaml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_file_reports_every_problem_with_place_and_fix(name):
    path = BAD / name
    result = resolve(path)
    assert result.ruleset is None
    heads = []
    for problem in result.problems:
        assert problem.fix and problem.fix[0].isupper(), problem
        paragraph = problem.paragraph()
        assert "\n" not in paragraph and paragraph.endswith(problem.fix)
        assert problem.where.file.endswith(f"tests/data/bad/{name}")
        assert paragraph.startswith(problem.where.file)
        heads.append(paragraph[len(problem.where.file) + 1: -len(problem.fix) - 1])
    assert heads == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_load_raises_one_ruleset_error_holding_them_all(name):
    with pytest.raises(RulesetError) as caught:
        load_ruleset(BAD / name)
    assert len(caught.value.problems) == len(EXPECTED[name])
    assert str(caught.value).count("\n") == len(EXPECTED[name]) - 1


def test_schema_citation_and_check_errors_come_in_one_pass_in_file_order():
    """A schema error hides neither the citation nor the semantic problems of the rest of the
    file; the cite entry of the value that failed the schema stays quiet (it is not unused)."""
    problems = resolve(BAD / "one-pass.yaml").problems
    kinds = [("schema" if "is not one of" in p.what or "expected" in p.what else
              "citation" if "citation" in p.what else "check") for p in problems]
    assert kinds == ["check", "schema", "citation", "schema"]
    assert [p.where.line for p in problems] == sorted(p.where.line for p in problems)


def test_a_house_rule_with_a_schema_error_is_checked_against_its_edition(tmp_path):
    """The semantic checks run on the sound part of every file of the chain."""
    (tmp_path / "big-hands.yaml").write_text(
        "id: big-hands\nname: Big hands\nkind: house\nextends: mattel-2018\nsources: []\n"
        "rules:\n  setup: {hand_size: 30}\n  target: lots\n", encoding="utf-8")
    heads = [p.paragraph().split(": ", 1)[1].split(" (at ")[0] for p in resolve(tmp_path / "big-hands.yaml").problems]
    assert heads == ["dealing 30 cards to each of 4 players plus a Centre Row of 2 needs 122 cards, but the deck has 108",
                     "expected a whole number from 1 to 2000, got 'lots'"]


def test_the_schema_errors_of_one_file_are_all_reported():
    assert len(resolve(BAD / "wrong-types.yaml").problems) == 4


@pytest.mark.parametrize("raw, start", [
    (b"\x89PNG\r\n\x1a\n\x00\x00", "x.yaml:3: the file holds NUL bytes"),
    (b"id: x\nname: \xe9t\xe9\n", "x.yaml:2:7: the file is not valid UTF-8"),
    (b"id: x\n" + b"#" * (1024 * 1024), "x.yaml: the file is larger than the 1024 KiB limit"),
])
def test_unreadable_inputs_are_problems_not_tracebacks(tmp_path, monkeypatch, raw, start):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.yaml").write_bytes(raw)
    problems = resolve("x.yaml").problems
    assert [p.paragraph()[: len(start)] for p in problems] == [start]


def test_a_folder_or_a_missing_file_is_a_problem(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dir.yaml").mkdir()
    assert resolve("dir.yaml").problems[0].paragraph().startswith("dir.yaml: this is a folder, not a ruleset file.")
    assert resolve("gone/x.yaml").problems[0].paragraph().startswith(
        "'gone/x.yaml' is neither a ruleset id nor an existing file.")
    assert resolve("mattel-2018+").problems[0].paragraph().startswith(
        "'mattel-2018+' is not a ruleset spec: a part is empty.")


def test_an_unknown_id_suggests_the_nearest_and_names_the_places_searched():
    (problem,) = resolve("mattel-2081").problems
    assert problem.what == "no ruleset with the id 'mattel-2081' — did you mean 'mattel-2018'?"
    assert "Searched: " in problem.fix and "rulesets/editions" in problem.fix


def test_a_float_is_not_a_whole_number(tmp_path):
    text = (BAD / "unknown-key.yaml").read_text().replace("tagret: 300", "target: 300.0")
    (tmp_path / "unknown-key.yaml").write_text(text)
    (problem,) = resolve(tmp_path / "unknown-key.yaml").problems
    assert problem.what == "expected a whole number from 1 to 2000, got 300.0"
