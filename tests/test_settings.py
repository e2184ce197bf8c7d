"""Rule values set on the command line: ``RULESET@path=value`` (dosrules.ruleset.settings)."""

import json

import pytest

from dosrules import load_ruleset
from dosrules.ruleset.loader import resolve
from dosrules.ruleset.model import Status
from dosrules.ruleset.settings import MAX_SETTING_CHARS, MAX_SETTINGS, command_line_settings
from dosrules.rulebook.render import render_against, render_rulebook
from tests.clikit import run


def only_problem(spec: str) -> str:
    problems = resolve(spec).problems
    assert len(problems) == 1, [p.paragraph() for p in problems]
    return problems[0].paragraph()


def test_a_setting_sets_the_value_with_house_status_and_a_command_line_note():
    base = load_ruleset("mattel-2018")
    set_ = load_ruleset("mattel-2018@target=300")
    assert set_.rules.target == 300 and base.rules.target == 200
    assert set_.id == "mattel-2018@target=300"
    assert set_.name.endswith("+ target 300")
    assert set_.content_hash != base.content_hash
    prov = set_.provenance_of("target")
    assert prov.status is Status.HOUSE and prov.note == "set on the command line" and prov.ruleset == "@target=300"
    assert set_.provenance_of("setup.hand_size") == base.provenance_of("setup.hand_size")
    assert [s.label for s in command_line_settings(set_)] == ["target 300"]


def test_the_id_and_hash_are_canonical_and_round_trip():
    a, b = load_ruleset("mattel-2018@target=0300"), load_ruleset("mattel-2018@target=300")
    assert a.id == b.id and a.content_hash == b.content_hash
    flow = load_ruleset("mattel-2018@deck.colours=[blue,green,red,yellow]")
    again = load_ruleset(flow.id)  # what a game log's header holds reads back the same rules
    assert again.content_hash == flow.content_hash
    assert load_ruleset(a.id, ids_only=True).content_hash == a.content_hash


def test_settings_compose_with_plus_in_order_and_with_fill():
    assert load_ruleset("mattel-2018+reshuffle@setup.hand_size=10").rules.setup.hand_size == 10
    # a setting is laid on right after its part: a later house rule replaces it
    assert load_ruleset("mattel-2018@target=300+target-500").rules.target == 500
    assert load_ruleset("mattel-2018+target-500@target=300").rules.target == 300
    filled = load_ruleset("german@target=300~mattel-2018")
    assert filled.rules.target == 300 and filled.id.startswith("german@target=300~")
    assert load_ruleset("german~mattel-2018@target=300").rules.target == 200  # fills silences only


def test_a_setting_for_one_player_count():
    r = load_ruleset("mattel-2018@by_players.2.setup.hand_size=10")
    assert r.for_players(2).setup.hand_size == 10 and r.for_players(3).setup.hand_size == 7
    assert r.provenance_of("setup.hand_size", 2).note == "set on the command line"
    assert command_line_settings(r)[0].label == "setup hand size 10 with 2 players"


@pytest.mark.parametrize("spec, says", [
    ("mattel-2018@target=abc", "'mattel-2018@target=abc':1:20: expected a whole number"),
    ("mattel-2018@target=3000", "3000 is more than the maximum of 2000"),
    ("mattel-2018@targt=3", "'mattel-2018@targt=3':1:13: unknown key 'targt' — did you mean 'target'?"),
    ("mattel-2018@target", "is not a setting: it needs a path, '=' and a value"),
    ("mattel-2018@target=[1,", "the value of '@target': YAML syntax error"),
    ("mattel-2018@Target=3", "'Target' in 'mattel-2018@Target=3' is not a rule path"),
    ("@target=3", "names no ruleset"),
    ("mattel-2018@target=3\x1b[2J", "control character"),
    ("mattel-2018@by_players.2=3", "names no rule"),
])
def test_bad_settings_are_one_paragraph_with_where_and_how(spec, says):
    text = only_problem(spec)
    assert says in text and "\n" not in text
    problem = resolve(spec).problems[0]
    assert problem.fix  # how to fix it
    assert spec == "@target=3" or str(problem.where).startswith(repr(spec[:20])[:-1])  # where: the argument


def test_settings_are_bounded():
    many = "mattel-2018" + "@target=300" * (MAX_SETTINGS + 1)
    assert f"at most {MAX_SETTINGS} may be given" in only_problem(many)
    long = "mattel-2018@deck.colours=[" + ",".join(["blue"] * 60) + "]"
    assert len(long) > MAX_SETTING_CHARS
    assert f"at most {MAX_SETTING_CHARS} are allowed" in only_problem(long)


def test_rulebooks_say_what_was_played_with():
    r = load_ruleset("mattel-2018@target=300")
    assert "Set on the command line: played to 300 points (`@target=300`)" in render_rulebook(r)
    assert "Set on the command line: played to 300 points" in render_against(r, load_ruleset("mattel-2018"))
    assert "Auf der Befehlszeile gesetzt: gespielt bis 300 Punkte." in render_rulebook(r, lang="de")
    assert "Set on the command line" not in render_rulebook(load_ruleset("mattel-2018"))


def test_show_marks_set_values(capsys):
    code, out, _ = run(capsys, "show", "mattel-2018@target=300")
    assert code == 0
    assert "played with target 300 (set on the command line" in out
    assert any(line.startswith("target") and "(set on the command line)" in line for line in out.splitlines())
    code, out, _ = run(capsys, "show", "--json", "mattel-2018@target=300")
    data = json.loads(out)
    assert data["id"] == "mattel-2018@target=300" and data["provenance"]["target"]["status"] == "house"
