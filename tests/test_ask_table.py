"""``dosrules ask`` for people at the table (issue 15) and at a silence (issue 13, part 4):
their own rulesets, questions without answers, "what may I do now?", notation slips, only the
reasons that decide, shareable rulings, and each reading of a silent rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dosrules.cli import main
from dosrules.disputes import ask, inline_scenario, load_scenario, ruleset, shipped_editions
from dosrules.disputes.consult import chosen_numbers
from dosrules.ruleset.readings import can_be_unspecified, reading_text, readings

ROOT = Path(__file__).resolve().parents[1]

FAMILY = """id: family
name: Family rules
kind: house
extends: mattel-2018
sources:
  - {key: table, file: house-notes.txt, title: Our table's house rules, language: en}
rules:
  target: 500
cite:
  target: {source: table, section: Scoring, quote: "We play to 500."}
"""

# seat 0 goes out with 7r+7b and scores 17 + the unknown hands; at 183 points that ends a game to 200
GAME_END = ["--row", "7r 9b", "--hand", "7b", "--hand", "5b 6y 6g", "--action", "match 7r with 7b", "--action", "end"]


def _run(capsys, argv):
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "internal error" not in captured.err
    return code, captured.out, captured.err


def _json(capsys, argv):
    code, out, err = _run(capsys, [*argv, "--json"])
    return code, json.loads(out), err


# --- 1. any ruleset -----------------------------------------------------------------------------


def test_ask_under_a_composition_with_a_house_rules_file(tmp_path, capsys, monkeypatch):
    (tmp_path / "family.yaml").write_text(FAMILY, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, data, _ = _json(capsys, ["ask", *GAME_END, "--under", "mattel-2018+family.yaml,mattel-2018"])
    assert code == 0
    by_spec = {a["spec"]: a for a in data["answers"]}
    assert by_spec["mattel-2018+family.yaml"]["ruleset"] == "mattel-2018+family"
    assert "game-over" not in by_spec["mattel-2018+family.yaml"]["kinds"]  # the file's target of 500


def test_rulesets_names_a_folder_as_in_every_other_command(tmp_path, capsys):
    (tmp_path / "family.yaml").write_text(FAMILY, encoding="utf-8")
    code, data, err = _json(capsys, ["ask", *GAME_END, "--under", "mattel-2018+family", "--rulesets", str(tmp_path)])
    assert code == 0 and err == ""
    assert data["answers"][0]["ruleset"] == "mattel-2018+family"


def test_the_old_list_spelling_of_rulesets_still_works_with_a_deprecation_message(capsys):
    code, old, err = _json(capsys, ["ask", *GAME_END, "--rulesets", "mattel-2018,german"])
    assert code == 0
    assert "'--rulesets mattel-2018,german' is deprecated" in err and "use '--under mattel-2018,german'" in err
    _, new, err_new = _json(capsys, ["ask", *GAME_END, "--under", "mattel-2018,german"])
    assert err_new == "" and [a["verdict"] for a in old["answers"]] == [a["verdict"] for a in new["answers"]]


SCENARIO = """title: Going out at 183
question: I go out with my 7. Does the game end?
hands: ["7b", "5b 6y 6g"]
row: 7r 9b
scores: [183, 0]
actions: [match 7r with 7b, end]
rulesets: [mattel-2018+family.yaml, mattel-2018]
"""


def test_a_scenario_names_its_rulesets_files_beside_it(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "ours"
    folder.mkdir()
    (folder / "family.yaml").write_text(FAMILY, encoding="utf-8")
    (folder / "q.yaml").write_text(SCENARIO + "expect:\n  mattel-2018+family.yaml: {verdict: legal, absent: [game-over]}\n"
                                   "  mattel-2018: {verdict: legal, events: [game-over]}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # not the scenario's folder: its files are read relative to it
    code, data, _ = _json(capsys, ["ask", "ours/q.yaml"])
    assert code == 0
    assert [a["spec"] for a in data["answers"]] == ["mattel-2018+family.yaml", "mattel-2018"]
    assert all(a["mismatches"] == [] and a["expected"] == "legal" for a in data["answers"])


@pytest.mark.parametrize("line,expected", [
    ("rulesets: [mattel-2018+nope.yaml]", "nope.yaml' is neither a ruleset id nor an existing file"),
    ("rulesets: [mattel-2019]", "s.yaml:7:12: no ruleset with the id 'mattel-2019' — did you mean 'mattel-2018'?"),
    ("rulesets: []", "s.yaml:7:11:"),
])
def test_a_scenario_naming_a_bad_ruleset_says_where(tmp_path, capsys, line, expected):
    f = tmp_path / "s.yaml"
    f.write_text(SCENARIO.replace("rulesets: [mattel-2018+family.yaml, mattel-2018]", line), encoding="utf-8")
    code, _, err = _run(capsys, ["ask", str(f)])
    assert code == 2 and err.startswith(f"{f}:7:") and expected.replace("s.yaml", str(f)) in err


def test_an_id_beside_the_scenario_is_found(tmp_path, capsys):
    (tmp_path / "family.yaml").write_text(FAMILY, encoding="utf-8")
    f = tmp_path / "q.yaml"
    f.write_text(SCENARIO.replace("mattel-2018+family.yaml", "mattel-2018+family"), encoding="utf-8")
    code, data, _ = _json(capsys, ["ask", str(f)])
    assert code == 0 and data["answers"][0]["ruleset"] == "mattel-2018+family"


def test_a_new_game_given_a_position_is_a_clear_error(tmp_path, capsys):
    f = tmp_path / "q.yaml"
    f.write_text("title: t\nquestion: q\nhands: [7, 7]\nrow: 7r 9b\naction: draw\nstart: new-game\n", encoding="utf-8")
    code, _, err = _run(capsys, ["ask", str(f)])
    assert code == 2 and f"{f}:3:1: 'hands' has no place in a new-game scenario" in err


def test_a_bad_house_rules_file_is_a_usage_error_with_its_place(tmp_path, capsys):
    (tmp_path / "family.yaml").write_text(FAMILY.replace(", language: en", ""), encoding="utf-8")
    code, _, err = _run(capsys, ["ask", *GAME_END, "--under", f"mattel-2018+{tmp_path / 'family.yaml'}"])
    assert code == 2
    assert err.startswith("--under: ") and "family.yaml:6:5: missing key 'language'" in err


# --- 2. questions without answers ---------------------------------------------------------------


def test_a_scenario_without_expect_is_a_question(tmp_path, capsys):
    f = tmp_path / "q.yaml"
    f.write_text(SCENARIO.replace("mattel-2018+family.yaml, ", ""), encoding="utf-8")
    code, out, _ = _run(capsys, ["ask", str(f)])
    assert code == 0 and "mattel-2018: LEGAL" in out and "expected" not in out


@pytest.mark.parametrize("expect,message", [
    ("expect: {}", "'expect' is empty (at expect). Give the verdict expected under each ruleset"),
    ("expect:", "'expect' is empty (at expect)."),
    ("expect: [legal]", "'expect' is a mapping from ruleset to verdict, not a list"),
    ("expect: {mattel-2018: {}}", "the expectation for 'mattel-2018' has no 'verdict'"),
    ("expect: {mattel-2018: 3}", "3 is not a verdict"),
    ("expect: {mattel-2018: {verdict: legal, rows: 7r}}", "unknown key 'rows' in the expectation for 'mattel-2018' — did you mean 'row'?"),
    ("expect: {mattel-2018: {verdict: legl}}", "'legl' is not one of legal, illegal, rule-gap"),
])
def test_a_malformed_expect_gets_a_clear_error(tmp_path, capsys, expect, message):
    f = tmp_path / "q.yaml"
    f.write_text(SCENARIO.replace("rulesets: [mattel-2018+family.yaml, mattel-2018]\n", "") + expect + "\n",
                 encoding="utf-8")
    code, _, err = _run(capsys, ["ask", str(f)])
    assert code == 2 and message in err and err.count("\n") == 1


def test_options_after_a_draw_without_a_match(capsys):
    argv = ["ask", "--row", "7r 9b", "--hand", "5g 8y 10r", "--hand", "7", "--deck", "6b", "--before", "draw",
            "--options", "--under", "mattel-2018,german"]
    code, data, _ = _json(capsys, argv)
    assert code == 0
    by = {o["spec"]: {k["kind"]: k for k in o["kinds"]} for o in data["options"]}
    mattel, german = by["mattel-2018"], by["german"]
    assert [o["action"] for o in mattel["place"]["allowed"]] == ["place 5g", "place 8y", "place 10r", "place 6b"]
    assert mattel["end"]["path"] == "drawing.after_failed_draw" and '"If you have drawn' in mattel["end"]["citation"]
    assert [o["action"] for o in german["end"]["allowed"]] == ["end"] and german["place"]["allowed"] == []
    assert german["place"]["path"] == "drawing.after_failed_draw"
    assert mattel["draw"]["why_not"] == "seat 0 has already drawn this turn"
    assert "no card or two cards in seat 0's hand add up" in mattel["match"]["why_not"]
    code, out, _ = _run(capsys, argv[:-1] + ["mattel-2018,german"])
    assert "Under mattel-2018: put a card into the Centre Row; under german: end the turn." in out


def test_options_name_the_rule_that_stops_every_match():
    from dosrules.disputes.options import options

    sc = inline_scenario(row="7r 9b", hands=["3r 4r 9g"], action=[])
    opts = options(sc, ruleset("mattel-2018+all-wild-row"))
    match = next(k for k in opts.kinds if k.kind == "match")
    assert {o.action for o in match.allowed} >= {"match 7r with 3r+4r", "match 9b with 9g"}
    assert "double colour match" in next(o.words for o in match.allowed if o.action == "match 7r with 3r+4r")
    from dosrules.disputes.consult import with_rule

    no_doubles = with_rule(ruleset("mattel-2018"), 2, "matching.double", False)
    sc = inline_scenario(row="7r", hands=["3r 4r"], action=[])
    match = next(k for k in options(sc, no_doubles).kinds if k.kind == "match")
    assert match.allowed == () and match.path == "matching.double"


def test_a_scenario_without_an_action_asks_what_now_and_expect_needs_one(tmp_path, capsys):
    f = tmp_path / "q.yaml"
    f.write_text("title: t\nquestion: what now?\nhands: ['7b 3g', 7]\nrow: 7r 9b\n", encoding="utf-8")
    code, out, _ = _run(capsys, ["ask", str(f), "--under", "mattel-2018"])
    assert code == 0 and "What may seat 0 do now?" in out and "match 7r with 7b — single match" in out
    f.write_text(f.read_text() + "expect: {mattel-2018: legal}\n", encoding="utf-8")
    code, _, err = _run(capsys, ["ask", str(f)])
    assert code == 2 and "'expect' needs an action to judge" in err


def test_going_out_while_owing_a_call_fills_the_catch_window(capsys):
    argv = ["ask", "--row", "7r 3b 9b", "--hand", "7b 3g 9y", "--hand", "7", "--hand", "7",
            "--action", "match 7r with 7b", "--action", "match 3b with 3g", "--action", "match 9b with 9y",
            "--action", "end", "--under", "mattel-2018"]
    code, data, _ = _json(capsys, argv)
    a = data["answers"][0]
    assert code == 0 and a["verdict"] == "legal" and a["scored"] == {"0": a["scored"]["0"]}
    # any other player may catch (000 §8): each could, the next first, and the question says none did
    assert len(a["filled"]) == 2 and all("could catch it" in f and "('pass')" in f for f in a["filled"])
    assert "catch-declined" in a["kinds"]
    # saying the catch is answered as asked, and nothing is filled
    caught = [*argv[:-6], "--action", "catch-dos 0", "--action", "match 9b with 9y", "--action", "end",
              "--under", "mattel-2018"]
    _, data, _ = _json(capsys, caught)
    assert data["answers"][0]["filled"] == [] and "caught" in data["answers"][0]["kinds"]


def test_a_declaration_the_ruleset_asks_for_is_filled_and_said():
    sc = inline_scenario(row="W2 9b", hands=["1r 1r 8g", "7", "7"], action=["match W2 with 1r+1r"])
    a = ask(sc, ["mattel-2018"])[0]
    assert a.verdict == "legal" and a.taken == ["match W2=r with 1r+1r"]
    assert "taken as 'match W2=r with 1r+1r' (the choice that earns a colour bonus)" in a.filled[0]
    assert "bonus" in a.kinds


def test_a_placer_declaration_waited_for_is_filled():
    # placer-declares: the refill turns up a wild, and the engine waits for seat 0 to declare it
    sc = inline_scenario(row="7r 9b", hands=["7b 5y 6y 8y", "7"], deck="#g", action=["match 7r with 7b", "end"])
    rs = ruleset(str(ROOT / "tests/rulesets/test-placer.yaml"))
    from dosrules.disputes.verdict import run

    r = run(sc, rs, consult=False)
    assert r.verdict == "legal" and r.after["phase"] == "declare"  # the question ends where the engine waits
    sc = inline_scenario(row="7r 9b", hands=["7b 5y 6y 8y", "7"], deck="#g",
                         action=["match 7r with 7b", "end", "match 9b with 9y"], turn=0)
    r = run(sc, rs, consult=False)
    assert any("declares the #g that entered the Centre Row" in f for f in r.filled)


# --- 3. notation slips --------------------------------------------------------------------------


@pytest.mark.parametrize("argv,message,fix", [
    (["--row", "7r 9b", "--hand", "5b W2 3g", "--action", "match 7r with 5b+W2"],
     "--action: 'match 7r with 5b+W2': a Wild DOS in a match needs its colour: W2=r", "'match 7r with 5b+W2=r'"),
    (["--row", "7r 9b", "--hand", "3b #g", "--action", "match 7r with 3b+#g"],
     "a Wild # in a match needs its number: #g=4", "'match 7r with 3b+#g=4'"),
    (["--row", "#g 9b", "--hand", "5b", "--action", "match #g with 5b"],
     "a Wild # in the Centre Row is matched as a number: #g=5", "'match #g=5 with 5b'"),
    (["--row", "7r 9b", "--hand", "5b 3g", "--action", "match 7r with 7b"],
     "--action: 'match 7r with 7b': seat 0 holds no 7b", "Seat 0 holds 5b 3g at this point."),
    (["--row", "7r 9b", "--hand", "5b 3g", "--deck", "5y", "--before", "draw", "--action", "match 7r with 7y"],
     "--action: 'match 7r with 7y': seat 0 holds no 7y", "the card drawn this turn is the one you give as the deck's top"),
    (["--row", "7r 9b", "--hand", "7b 3g", "--action", "match 8r with 7b"],
     "there is no 8r in the Centre Row", "The Centre Row holds 7r 9b at this point."),
])
def test_a_notation_slip_is_a_usage_error_with_the_fix_never_a_verdict(capsys, argv, message, fix):
    code, out, err = _run(capsys, ["ask", *argv])
    assert code == 2 and out == ""
    assert message in err and fix in err and err.count("\n") == 1


def test_a_slip_in_a_scenario_file_says_where(tmp_path, capsys):
    f = tmp_path / "s.yaml"
    f.write_text("title: t\nquestion: q\nhands: ['5b W2 3g', 7]\nrow: 7r 9b\nactions: [draw, match 7r with 5b+W2]\n",
                 encoding="utf-8")
    code, _, err = _run(capsys, ["ask", str(f)])
    assert code == 2 and f"{f}:5:17: 'match 7r with 5b+W2': a Wild DOS in a match needs its colour" in err


def test_a_card_missing_under_some_rulesets_only_is_their_verdict():
    # bury-and-reflip buries the all-wild row before the turn: there the #g is gone, elsewhere it is not
    sc = load_scenario(ROOT / "docs/disputes/row-of-only-wilds.yaml")
    answers = {a.spec: a for a in ask(sc, ["mattel-2018+all-wild-row-bury", "mattel-2018+all-wild-row"])}
    buried = answers["mattel-2018+all-wild-row-bury"]
    assert buried.verdict == "illegal" and "there is no #g in the Centre Row" in buried.slip
    assert "all_wild_row" in [r.path for r in buried.rules]  # what the start of the turn did is explained
    assert answers["mattel-2018+all-wild-row"].verdict == "legal"


# --- 4. only the reasons that decide ------------------------------------------------------------


def test_the_answer_opens_with_a_plain_sentence(capsys):
    code, out, _ = _run(capsys, ["ask", str(ROOT / "docs/disputes/colour-never-restricts.yaml")])
    assert "\nYes — under all three editions you may match the 7r with 7b.\n" in out
    _, out, _ = _run(capsys, ["ask", str(ROOT / "docs/disputes/failed-draw-costs-a-card.yaml")])
    assert "\nIt depends on the rules: under digest-2017 and mattel-2018 you may " in out
    assert "under german you may not put 8g into the Centre Row: after drawing without matching" in out
    _, out, _ = _run(capsys, ["ask", str(ROOT / "docs/disputes/deck-runs-out.yaml"), "--under", "mattel-2018,german"])
    assert "\nThe rules don't say — both editions do not say (deck_exhaustion)" in out


def test_the_deciding_rules_offer_only_real_readings():
    for path in ("docs/disputes/dos-at-two-cards.yaml", "docs/disputes/what-wild-cards-score.yaml",
                 "docs/disputes/game-ends-at-200.yaml", "docs/disputes/draw-although-match-possible.yaml"):
        for a in ask(load_scenario(ROOT / path)):
            for r in a.rules:
                values = [v for v, _ in r.otherwise]
                assert r.value not in values, (path, r.path)
                if can_be_unspecified(r.path):
                    assert set(values) <= {reading_text(v) for v in readings(r.path)} | {"unspecified"}
                elif values and values[0].isdigit():
                    assert {int(v) for v in values} <= set(chosen_numbers(r.path)), (path, r.path, values)


def test_no_made_up_numbers_and_the_count_is_still_a_reason():
    a = ask(load_scenario(ROOT / "docs/disputes/what-wild-cards-score.yaml"), ["mattel-2018"])[0]
    ref = next(r for r in a.rules if r.path == "scoring.wild_number")
    assert ref.otherwise == () and ref.counted  # no "with 41": the score is counted with 40
    a = ask(load_scenario(ROOT / "docs/disputes/game-ends-at-200.yaml"), ["mattel-2018"])[0]
    target = next(r for r in a.rules if r.path == "target")
    assert [v for v, _ in target.otherwise] == ["500"]  # the value the target-500 house rule chooses


def test_a_drawing_question_does_not_list_the_call_at_three_cards():
    a = ask(load_scenario(ROOT / "docs/disputes/dos-at-two-cards.yaml"), ["mattel-2018"])[0]
    hand_size = next(r for r in a.rules if r.path == "dos_call.hand_size")
    assert [v for v, _ in hand_size.otherwise] == ["1"]
    # the match the question takes as already done is a premise, not a reason
    assert "matching.single" not in [r.path for r in a.rules]


def test_rules_that_only_feed_the_deal_are_left_out():
    a = ask(load_scenario(ROOT / "docs/disputes/who-deals-next.yaml"), ["mattel-2018"])[0]
    paths = [r.path for r in a.rules]
    assert "setup.next_dealer" in paths
    assert not {"setup.hand_size", "setup.centre_row"} & set(paths) and not any(p.startswith("deck.") for p in paths)
    assert "setup.hand_size" in a.consulted  # read, for the deal, and listed only with --verbose


def test_also_consulted_moves_to_verbose(capsys):
    f = str(ROOT / "docs/disputes/failed-draw-costs-a-card.yaml")
    _, out, _ = _run(capsys, ["ask", f])
    assert "also consulted" not in out
    _, out, _ = _run(capsys, ["ask", f, "--verbose"])
    assert "also consulted: " in out


# --- 5. shareable rulings -----------------------------------------------------------------------


def test_markdown_has_the_sentence_and_the_quoted_clauses(capsys):
    _, out, _ = _run(capsys, ["ask", str(ROOT / "docs/disputes/failed-draw-costs-a-card.yaml"), "--format", "md"])
    assert out.startswith("## A failed turn costs a card")
    assert "**Under digest-2017 and mattel-2018, yes, you may draw a card, then put the green 8 in the Centre Row" in out  # the plain answer first
    assert "\nIt depends on the rules:" in out  # then the details
    assert "> If you have drawn and still cannot make a match, put one card from your hand face up in the Centre Row." in out


def test_html_draws_the_position_as_cards_and_quotes_the_clauses(tmp_path, capsys):
    out_file = tmp_path / "ruling.html"
    code, out, err = _run(capsys, ["ask", str(ROOT / "docs/disputes/wild-dos-in-the-row.yaml"),
                                   "--format", "html", "-o", str(out_file)])
    assert code == 0 and out == "" and f"wrote {out_file}" in err
    page = out_file.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "http" not in page.replace("http-equiv", "")  # self-contained
    assert '<span class="card wild-dos" title="Wild DOS W2">2</span><span class="card blue" title="9b">9</span>' in page
    assert '<span class="card red" title="1r">1</span>' in page
    assert "<blockquote>if it is sitting in the Centre Row you choose the colour when you match to it" in page
    assert '<table class="readings">' in page  # german is silent: each reading and who chooses it


def test_html_options_and_a_bad_output_file(tmp_path, capsys):
    argv = ["ask", "--row", "7r 9b", "--hand", "7b 3g", "--options", "--format", "html", "--under", "mattel-2018"]
    _, out, _ = _run(capsys, argv)
    assert '<span class="verdict legal">yes</span><b>match</b>' in out
    (tmp_path / "afile").write_text("x")
    code, _, err = _run(capsys, [*argv, "-o", str(tmp_path / "afile" / "x.html")])
    assert code == 2 and f"-o {tmp_path / 'afile' / 'x.html'}: cannot write the file" in err
    code, _, err = _run(capsys, [*argv, "-o", str(tmp_path / "missing" / "x.html")])
    assert code == 0 and (tmp_path / "missing" / "x.html").is_file()  # its folder is made, as for --html


# --- issue 13, part 4: ask answers a silence -----------------------------------------------------


def test_at_a_silence_each_reading_and_who_chooses_it():
    sc = inline_scenario(row="W2 9b", hands=["1r 1r 8g 10b 9y", "7", "7"], action=["match W2 with 1r+1r"])
    a = ask(sc, ["german"])[0]
    assert a.verdict == "rule-gap" and a.silent_rule == "wilds.wild_dos.row_colour"
    reading, placer = a.readings  # the matcher names the colour, or its placer did (issue 29)
    assert placer.value == "placer-declares" and placer.verdict == "rule-gap"
    assert "the position does not say as what" in placer.summary
    assert reading.value == "matcher-declares" and reading.verdict == "legal"
    assert "as 'match W2=r with 1r+1r'" in reading.summary and "double-colour match bonus" in reading.summary
    chosen = dict(reading.chosen_by)
    assert set(chosen) == {"mattel-2018", "digest-2017"}
    assert "you choose the colour when you match to it" in chosen["mattel-2018"]


def test_the_sentence_at_a_silence_says_what_each_reading_gives(capsys):
    argv = ["ask", "--row", "W2 9b", "--hand", "1r 1r 8g", "--action", "match W2 with 1r+1r", "--under", "german"]
    _, out, _ = _run(capsys, argv)
    assert ("The rules don't say — german does not say (wilds.wild_dos.row_colour) — who names the colour of the "
            "Wild DOS seat 0 matches in the Centre Row (match W2 with 1r+1r); the round is void; read as "
            "matcher-declares (as digest-2017 and mattel-2018 do): legal, read as placer-declares: rule-gap.") in out
    assert "  the rules don't say (wilds.wild_dos.row_colour); under each reading:\n    matcher-declares: legal" in out


def test_every_catalogue_question_can_be_asked_without_expect(tmp_path):
    # the catalogue's own files with their expectations removed are questions with the same answers
    for name in ("deck-runs-out.yaml", "who-deals-first.yaml"):
        text = (ROOT / "docs/disputes" / name).read_text(encoding="utf-8")
        question = text.split("\nexpect:")[0] + "\n"
        f = tmp_path / name
        f.write_text(question, encoding="utf-8")
        sc, full = load_scenario(f), load_scenario(ROOT / "docs/disputes" / name)
        got = {a.spec: a.verdict for a in ask(sc, explain=False)}
        assert got == {r: full.expect[r].verdict for r in shipped_editions()}


# --- answers to the question asked ----------------------------------------------------------------

DOUBLE_TO_TWO = ["ask", "--row", "7r 9b", "--hand", "3r 4b 9g 5y", "--action", "match 7r with 3r+4b"]


def test_a_required_dos_call_is_a_must_with_its_penalty(capsys):
    _, doc, _ = _json(capsys, [*DOUBLE_TO_TWO, "--action", "call-dos", "--under", "mattel-2018,digest-2017"])
    by = {a["spec"]: a for a in doc["answers"]}
    assert by["mattel-2018"]["must_call"] == {"seat": 0, "cards": 2, "penalty": 2}
    assert by["digest-2017"]["must_call"] is None  # a silence there, not a must
    assert doc["answer"].startswith("Under mattel-2018, yes, you may match the red 7 with the red 3 and the blue 4, and you must call DOS "
                                     "now that you hold 2 cards")
    assert "you draw 2 cards" in doc["answer"] and "may call" not in doc["answer"]


def test_ending_the_turn_uncalled_says_the_player_can_be_caught(capsys):
    _, doc, _ = _json(capsys, [*DOUBLE_TO_TWO, "--action", "end", "--under", "mattel-2018"])
    assert doc["answers"][0]["exposed"] == {"seat": 0, "cards": 2, "penalty": 2}
    assert "have not called DOS: another player can catch you, and then you draw 2 cards" in doc["answer"]
    # called first: nobody can catch, and the answer says nothing of it
    _, doc, _ = _json(capsys, [*DOUBLE_TO_TWO, "--action", "call-dos", "--action", "end", "--under", "mattel-2018"])
    assert doc["answers"][0]["exposed"] is None and "have not called" not in doc["answer"]
    assert doc["answer"].startswith("Yes, you may match the red 7 with the red 3 and the blue 4, then end the turn, and you must call DOS")


def test_a_silence_met_after_the_asked_deal_is_a_note_not_the_verdict():
    scenario = load_scenario(ROOT / "docs/disputes/who-deals-next.yaml")
    by = {a.ruleset: a for a in ask(scenario, ["mattel-2018", "german"])}
    mattel = by["mattel-2018"]
    assert mattel.verdict == "legal" and mattel.deal["dealer"] == 2  # who plays first is met after it
    assert any("who plays first" in note and "does not change" in note for note in mattel.notes)
    assert by["german"].verdict == "rule-gap" and by["german"].reason_path == "setup.next_dealer"  # the asked deal


def test_the_plain_answer_names_no_rule_path(capsys):
    import re

    for f in sorted((ROOT / "docs/disputes").glob("*.yaml")):
        _, doc, _ = _json(capsys, ["ask", str(f)])
        assert not re.search(r"\b[a-z_]+\.[a-z_]+\b", doc["answer"]), (f.name, doc["answer"])
        assert doc["summary"] and doc["answer"] != doc["summary"]
