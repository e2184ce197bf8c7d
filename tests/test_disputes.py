"""The dispute catalogue as tests: every scenario's expected verdicts, the README, the CLI, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dosrules.cli import main
from dosrules.disputes import answer, check, load_scenario, ruleset, shipped_editions
from tools.dispute_catalogue import REGENERATE, render_readme, scenario_files
from dosrules.disputes.scenario import ScenarioError, scenario_schema

ROOT = Path(__file__).resolve().parents[1]
FILES = scenario_files()
_ANSWERS: dict[tuple[str, str], object] = {}


def _answer(path: Path, rid: str):
    key = (path.name, rid)
    if key not in _ANSWERS:
        _ANSWERS[key] = answer(load_scenario(path, f"docs/disputes/{path.name}"), ruleset(rid))
    return _ANSWERS[key]


CASES = [(f, rid) for f in FILES for rid in load_scenario(f).expect]


@pytest.mark.parametrize("path,rid", CASES, ids=[f"{f.stem}[{r}]" for f, r in CASES])
def test_catalogue_verdict(path, rid):
    scenario = load_scenario(path)
    assert check(_answer(path, rid), scenario.expect[rid]) == []


def test_catalogue_covers_every_edition_and_topic():
    topics = {load_scenario(f).topic for f in FILES}
    assert {"commonly-argued", "gap", "edition-difference", "ambiguity"} <= topics
    for f in FILES:
        assert set(shipped_editions()) <= set(load_scenario(f).expect), f"{f.name} lacks an edition"


def test_readme_is_current():
    current = (ROOT / "docs" / "disputes" / "README.md").read_text(encoding="utf-8")
    text = render_readme(answers_of=lambda sc: [_answer(Path(sc.file), r) for r in sc.expect])
    assert text == current, f"docs/disputes/README.md is stale: run {REGENERATE}"


# --- the consulted rules ------------------------------------------------------------------------


def test_a_scenario_position_is_traced():
    from dosrules.disputes.position import build_state
    from dosrules.engine.trace import rules_read

    scenario = load_scenario(ROOT / "docs/disputes/failed-draw-costs-a-card.yaml")
    state = build_state(scenario, ruleset("mattel-2018"), trace=True)
    state.legal_actions()
    assert "matching.double" in rules_read(state).paths


def test_consulted_rules_are_the_engines_reads_of_the_asked_actions():
    a = _answer(ROOT / "docs/disputes/failed-draw-costs-a-card.yaml", "mattel-2018")
    assert a.consulted[:2] == ["dos_call.required", "dos_call.hand_size"]  # is the player exposed?
    assert {"drawing.draw_when_match_possible", "drawing.after_failed_draw"} <= set(a.consulted)
    # the deal of the game the position is set up from is not asked about
    assert not {"setup.first_dealer", "setup.hand_size", "target"} & set(a.consulted)


def test_legal_answer_names_the_deciding_rule_and_what_else_would_happen():
    a = _answer(ROOT / "docs/disputes/failed-draw-costs-a-card.yaml", "mattel-2018")
    ref = next(r for r in a.rules if r.path == "drawing.after_failed_draw")
    assert ref.value == "place-card" and ref.source == "000" and ref.section == "5. Drawing"
    assert ("keep-and-pass", "illegal at 'place 8g' (drawing.after_failed_draw)") in ref.otherwise


def test_gap_answer_says_what_stated_values_would_give():
    a = _answer(ROOT / "docs/disputes/deck-runs-out.yaml", "mattel-2018")
    gap = a.rules[0]
    assert (gap.path, gap.why, gap.value) == ("deck_exhaustion", "rule-gap", "unspecified")
    assert dict(gap.otherwise)["reshuffle-discard"] == "legal"


# --- scenario files: schema and errors ----------------------------------------------------------


def _props(schema, path=""):
    if isinstance(schema, dict):
        for name, sub in schema.get("properties", {}).items():
            yield f"{path}.{name}", sub
            yield from _props(sub, f"{path}.{name}")
        for key in ("items", "additionalProperties"):
            if isinstance(schema.get(key), dict):
                yield from _props(schema[key], path)
        for key in ("oneOf", "anyOf"):
            for sub in schema.get(key, []):
                yield from _props(sub, path)


def test_schema_describes_every_property_and_closes_every_object():
    from jsonschema import Draft202012Validator

    schema = scenario_schema()
    Draft202012Validator.check_schema(schema)
    props = list(_props(schema))
    assert len(props) > 30
    assert [p for p, sub in props if "description" not in sub] == []
    assert schema["additionalProperties"] is False


GOOD = """title: t
question: q
hands: ["7b 9g 5y", 7]
row: 7r 3b
action: match 7r with 7b
expect:
  mattel-2018: legal
"""


def _error(tmp_path, text: str) -> str:
    f = tmp_path / "s.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(f, "s.yaml")
    return str(info.value)


@pytest.mark.parametrize("text,expected", [
    (GOOD.replace("row:", "rows:"), "s.yaml:4:1: unknown key 'rows' — did you mean 'row'? (at rows). Keys allowed here:"),
    (GOOD.replace("7r 3b", "7r 2x"), "s.yaml:4:6: '2x' is not a card"),
    (GOOD.replace("match 7r with 7b", "match 7r with #r=7"), "quote an action with a Wild #"),
    (GOOD + "title: again\n", "s.yaml:8:1: duplicate key 'title' (first at line 1)."),
    (GOOD.replace("row: 7r 3b", "row: &r 7r 3b"), "s.yaml:4:6: anchor '&r' is not allowed. Anchors and aliases are not supported"),
    (GOOD.replace("row: 7r 3b", "row: !!str 7r 3b"), "s.yaml:4:6: the tag '!!str' is not allowed."),
    (GOOD.replace("mattel-2018: legal", "mattel-2019: legal"), "s.yaml:7:3: no ruleset with the id 'mattel-2019' — did you mean 'mattel-2018'? (at expect.mattel-2019)"),
    (GOOD.replace("mattel-2018: legal", "mattel-2018: allowed"), "s.yaml:7:16: 'allowed' is not one of ['legal', 'illegal', 'rule-gap'] (at expect.mattel-2018)"),
    (GOOD + "turn: 2\n", "s.yaml:8:7: seat 2 does not exist in a game of 2 players (at turn). Seats are numbered 0 to 1."),
    (GOOD + "actions: [draw]\n", "give both 'action' and 'actions'"),
    ("- a\n- b\n", "s.yaml:1:1: the top level is a list, not a mapping. A scenario is a mapping with at least"),
    ("# nothing\n", "s.yaml: the file is empty."),
    ("title: [\n", "s.yaml:2:1: YAML syntax error"),
])
def test_scenario_errors_are_one_paragraph_with_a_place(tmp_path, text, expected):
    message = _error(tmp_path, text)
    assert expected in message
    assert "Traceback" not in message


def test_position_uses_the_deck_it_is_played_with(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text(GOOD.replace("row: 7r 3b", "row: 7r 7r 7r"), encoding="utf-8")
    from dosrules.errors import DosrulesError

    with pytest.raises(DosrulesError, match=r"s.yaml: the position uses more copies of 7r than the deck holds \(2\)"):
        answer(load_scenario(f, "s.yaml"), ruleset("mattel-2018"))


# --- the command --------------------------------------------------------------------------------


def test_ask_file_prints_every_edition_and_the_clause(capsys):
    assert main(["ask", str(ROOT / "docs/disputes/failed-draw-costs-a-card.yaml")]) == 0
    out = capsys.readouterr().out
    for rid in shipped_editions():
        assert f"\n{rid}: " in out
    assert "german: ILLEGAL at 'place 8g'" in out
    assert 'drawing.after_failed_draw = place-card [stated] 000 5. Drawing: "If you have drawn' in out
    assert "expected legal: as expected" in out


def test_ask_inline_json(capsys):
    code = main(["ask", "--row", "7r 9b", "--hand", "3r 4r 9g W2 8b", "--action", "match 7r with 3r+4r",
                 "--under", "mattel-2018,mattel-2018+two-player", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    by_id = {a["ruleset"]: a for a in data["answers"]}
    assert by_id["mattel-2018"]["verdict"] == "legal"
    assert by_id["mattel-2018"]["after"]["hands"]["1"].__len__() == 8
    assert by_id["mattel-2018+two-player"]["after"]["hands"]["1"].__len__() == 9
    assert "matching.double" in [r["path"] for r in by_id["mattel-2018"]["rules"]]


def test_ask_exit_1_when_the_file_expects_otherwise(tmp_path, capsys):
    f = tmp_path / "s.yaml"
    f.write_text(GOOD.replace("mattel-2018: legal", "mattel-2018: illegal"), encoding="utf-8")
    assert main(["ask", str(f), "--under", "mattel-2018"]) == 1
    assert "NOT AS EXPECTED — verdict is legal, expected illegal" in capsys.readouterr().out


@pytest.mark.parametrize("argv,expected", [
    (["ask"], "nothing to ask. Give a scenario file, or --row, --hand and --action"),
    (["ask", "--row", "7r", "--hand", "7b", "--action", "match 7r with 7b", "--under", "nope"],
     "--under: no ruleset with the id 'nope'"),
    (["ask", "--row", "7r 2x", "--hand", "7b", "--action", "match 7r with 7b"], "--row: '2x' is not a card"),
    (["ask", "x.yaml", "--row", "7r"], "give a scenario file or an inline situation, not both (--row)"),
    (["ask", "missing.yaml"], "missing.yaml: no such file."),
    (["ask", "--row", "7r 9b", "--hand", "3r 4r", "--action", "matc 7r with 3r+4r"],
     "--action: 'matc 7r with 3r+4r' is not an action: an action is 'match 7r with 3r+4r'"),
    (["ask", "--row", "7r 9b", "--hand", "3r 4r", "--action", "matc 7r with 3r+4r"], "Did you mean 'match'?"),
    (["ask", "--row", "7r 9b", "--hand", "3r 4r", "--action", "match 7r with 3r+9x"],
     "'9x' is not a card: a card is 7r, 10y"),
    (["ask", "--row", "7r 7r 7r", "--hand", "3r 4r", "--action", "draw"],
     "the position uses more copies of 7r than the deck holds (2). Use each card at most as often"),
    (["ask", "--row", "7r", "--hand", "7b", "--hand", "200", "--action", "draw"],
     "--hand: 200 is greater than the maximum of 108"),
])
def test_ask_bad_input(capsys, argv, expected):
    assert main(argv) == 2  # 1 is kept for "not as expected"
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err


def test_no_edition_named_in_code():
    code = [*(ROOT / "dosrules" / "disputes").glob("*.py"), ROOT / "dosrules" / "cli" / "ask.py"]
    ids = [p.stem for d in ("editions", "house") for p in (ROOT / "rulesets" / d).glob("*.yaml")]
    for f in code:
        text = f.read_text(encoding="utf-8")
        assert [i for i in ids if i in text] == [], f.name


def test_ask_errors_are_one_paragraph(capsys):
    main(["ask", "--row", "7r 9b", "--hand", "3r 4r", "--action", "matc 7r with 3r+4r"])
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.count("an action is") == 1  # the forms once, not twice


def test_ask_help_has_examples_and_says_what_under_and_rulesets_take(capsys):
    with pytest.raises(SystemExit):
        main(["ask", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "examples:" in out and "dosrules ask --row" in out and "--next-round" in out and "--options" in out
    assert "--under RULESET[,RULESET...]" in out and "ruleset files" in out
    assert "--rulesets DIR a folder of extra rulesets" in out  # the same as in every other command
    assert f"--under {','.join(shipped_editions()[:2])}" in out


# --- following into the deal: who deals ---------------------------------------------------------


def test_ask_inline_next_round_names_the_next_dealer(capsys):
    argv = ["ask", "--row", "7r 3b", "--hand", "7", "--hand", "7", "--hand", "7b", "--turn", "2", "--dealer", "0",
            "--action", "match 7r with 7b", "--action", "end", "--next-round", "--json"]
    eds = shipped_editions()
    assert main([*argv, "--under", ",".join(eds)]) == 0
    deals = {a["ruleset"]: (a["deal"], a["verdict"], a["settled_by_lot"]) for a in json.loads(capsys.readouterr().out)["answers"]}
    expected = {rid: load_scenario(ROOT / "docs/disputes/who-deals-next.yaml").expect[rid] for rid in eds}
    for rid in eds:
        deal, verdict, lot = deals[rid]
        assert verdict == expected[rid].verdict and deal["round"] == 2
        assert lot == (verdict == "rule-gap")
        if expected[rid].dealer is not None:
            assert deal["dealer"] == expected[rid].dealer and deal["first_player"] == expected[rid].first_player


def test_without_follow_the_answer_stops_at_the_round_end():
    from dosrules.disputes.scenario import inline_scenario

    sc = inline_scenario(row="7r 3b", hands=["7", "7", "7b"], action=["match 7r with 7b", "end"], turn=2, dealer=0)
    a = answer(sc, ruleset(shipped_editions()[0]))
    assert a.deal is None and "dealt" not in a.kinds and a.scored == {2: a.scored[2]}


def test_dealer_draw_is_stacked_and_the_rest_is_the_engines():
    from dosrules.disputes.start import start_game
    from dosrules.engine.events import DealerChosen

    sc = load_scenario(ROOT / "docs/disputes/who-deals-first.yaml")
    for rid in shipped_editions():
        rs = ruleset(rid)
        if rs.rules.setup.first_dealer.value != "high-card":
            continue
        state = start_game(sc, rs)
        chosen = next(e for e in state.events if isinstance(e, DealerChosen))
        assert [str(c) for c in chosen.draws] == ["#r", "7b", "3g"]
        assert len(state.all_cards()) == 108  # the stacked cards were moved, not added


NEW_GAME = """title: t
question: q
start: new-game
players: 3
dealer_draw: "#r 7b 3g"
expect:
  mattel-2018: legal
"""


@pytest.mark.parametrize("text,expected", [
    (NEW_GAME + "hands: [7, 7, 7]\n", "s.yaml:8:1: 'hands' has no place in a new-game scenario (at hands). A new-game"),
    (NEW_GAME.replace("players: 3\n", ""), "missing key 'players'"),
    (NEW_GAME.replace("#r 7b 3g", "#r 7b"), "s.yaml:5:14: 2 cards are drawn for first dealer by 3 players"),
    (GOOD + "dealer_draw: 7b 3g\n", "s.yaml:8:1: 'dealer_draw' is only for a new-game scenario"),
    (GOOD + "follow: later\n", "'later' is not one of round, next-round"),
    (GOOD.replace("question: q", "question: my Wild # as a 7?"),
     "s.yaml:2:11: the question stops at a '#', which starts a YAML comment: \"# as a 7?\" is lost (at question). Quote the question"),
])
def test_new_game_and_follow_errors(tmp_path, text, expected):
    assert expected in _error(tmp_path, text)
