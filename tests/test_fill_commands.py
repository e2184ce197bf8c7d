"""A filled ruleset (``A~B``) is accepted wherever a ruleset is, and shows its readings as filled."""

import json

import pytest
from test_cli_rulesets import run

from dosrules.cli import main
from dosrules.rulebook.render import render_rulebook
from dosrules import load_ruleset

FILLED = "german~mattel-2018~deck_exhaustion=reshuffle-discard"


def test_show_marks_filled_values(capsys):
    code, out, err = run(capsys, "show", FILLED)
    assert (code, err) == (0, "")
    lines = {line.split()[0]: line for line in out.splitlines()[7:] if line.strip()}
    assert lines["deck_exhaustion"].split()[1:] == ["reshuffle-discard", "(filled", "from",
                                                     "deck_exhaustion=reshuffle-discard)"]
    assert lines["setup.next_dealer"].endswith("(filled from mattel-2018)")
    assert lines["refill.mode"].split()[1:] == ["replace-covered"]  # german states it
    assert "filled: 11 rules the sources leave unspecified" in out
    code, out, _ = run(capsys, "show", FILLED, "--json")
    data = json.loads(out)
    assert data["provenance"]["setup.next_dealer"]["status"] == "filled"
    assert data["provenance"]["setup.next_dealer"]["ruleset"] == "mattel-2018"
    assert data["id"] == FILLED


def test_validate_verify_simulate_play_and_ask_take_a_filled_ruleset(capsys, tmp_path):
    code, out, _ = run(capsys, "validate", FILLED)
    assert code == 0 and out.startswith(f"{FILLED}: valid ({FILLED}, sha256:")
    code, out, _ = run(capsys, "verify", FILLED, "--json")
    (report,) = json.loads(out) if out.lstrip().startswith("[") else [json.loads(out)]
    assert report["ruleset"] == FILLED
    gaps = {r["check"] for r in report["results"] if r["check"].startswith("gap.") and r["result"] == "counterexample"}
    assert "gap.setup.next_dealer" not in gaps and "gap.all_wild_row" in gaps
    code, out, _ = run(capsys, "simulate", FILLED, "--players", "3", "--rounds", "30", "--json")
    summary = json.loads(out)
    assert code == 0 and summary["rounds"] == 30 and "setup.next_dealer" not in summary["rule_gaps_by_lot"]
    log = tmp_path / "game.jsonl"
    assert main(["play", FILLED, "--players", "3", "--seed", "4", "--log", str(log)]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "referee", str(log))
    assert code == 0 and "result reproduced" in out
    code, out, _ = run(capsys, "ask", "--row", "W2 9b", "--hand", "1r 1b", "--action", "match W2 with 1r+1b",
                       "--under", f"{FILLED},german")
    assert code == 0
    # the filled reading lets the matcher name the colour: ask names one for the question, and says so
    assert f"{FILLED}: LEGAL\n  filled in: 'match W2 with 1r+1b' does not say the declaration" in out
    assert "wilds.wild_dos.row_colour = matcher-declares [filled]" in out
    assert "german: RULE GAP" in out  # matching a Wild DOS in the row: who names its colour is the silence


def test_compare_takes_a_filled_ruleset_and_its_diff_says_filled(capsys, tmp_path):
    code, out, err = run(capsys, "compare", "german", FILLED, "--players", "4", "--rounds", "20", "--chunk-rounds",
                         "20", "--jobs", "1", "--no-witnesses", "--json", "--db", str(tmp_path / "r.sqlite"))
    assert code == 0, err
    doc = json.loads(out)
    row = next(r for r in doc["diff"] if r["path"] == "setup.next_dealer")
    assert [c["status"] for c in row["cells"]] == ["unspecified", "filled"]


@pytest.mark.parametrize("lang, heading, said, dealer, still_open", [
    ("en", "## Readings this table chose", "(Read as in `mattel-2018`.)", "The winner of a round deals the next one.",
     "## For the curious"),
    ("de", "## Lesarten, die dieser Tisch gewählt hat", "(Gelesen wie in `mattel-2018`.)",
     "Wer eine Runde gewinnt, gibt die nächste.", "## Für Neugierige"),
])
def test_the_rulebook_has_a_section_of_the_readings_this_table_chose(lang, heading, said, dealer, still_open):
    text = render_rulebook(load_ruleset(FILLED), lang=lang, cite=True)
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    items = [line for line in section.splitlines() if line.startswith("- ")]
    assert len(items) == 11
    assert any(dealer in line and said in line for line in items)
    assert any("deck_exhaustion=reshuffle-discard" in line for line in items)
    left_open = text.split(still_open, 1)[1].split("\n## ", 1)[0]
    assert "(`all_wild_row`)" in left_open and "`setup.next_dealer`" not in left_open
    assert heading not in render_rulebook(load_ruleset("german"), lang=lang)


def test_validate_checks_a_readings_file(capsys):
    from pathlib import Path

    fill = Path(__file__).parent / "data" / "fill"
    code, out, err = run(capsys, "validate", str(fill / "table.readings.yaml"), str(fill / "bad.readings.yaml"))
    assert code == 1
    assert f"{fill / 'table.readings.yaml'}: valid (readings of 4 rules" in out
    assert f"{fill / 'bad.readings.yaml'}: invalid (5 problems)" in out and "1 valid, 1 invalid" in out
    assert len(err.strip().splitlines()) == 5
