"""``dosrules new house`` and ``new edition``: files valid as written, hints from data, clear errors."""

import re
from pathlib import Path

import pytest

from clikit import run

from dosrules import load_ruleset
from dosrules.ruleset.model import rule_paths
from dosrules.ruleset.readings import OPEN_PATHS
from dosrules.ruleset.scaffold import (EDITOR_SCHEMA, MODELINE, house_files, most_changed, parse_setting,
                                       schema_reference)
from dosrules.errors import UsageError

REPO = Path(__file__).resolve().parent.parent
HINT = re.compile(r"^(\s*)# ([a-z_]+:.*)$")  # a commented-out rule line (not prose: that starts upper-case)



def rows(out: str) -> dict[str, str]:
    return {line.split()[0]: line.split()[1] for line in out.splitlines() if len(line.split()) >= 2}


def test_house_file_validates_and_composes_with_its_edition(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "new", "house", "our-rules", "--from", "mattel-2018",
                         "--set", "dos_call.catch_penalty=4", "--set", "deck_exhaustion=reshuffle-discard",
                         "--set", "by_players.2.setup.centre_row=3")
    assert (code, err) == (0, ""), err
    assert out.startswith("wrote our-rules.yaml: a house rule setting 3 rules")
    text = (tmp_path / "our-rules.yaml").read_text()
    assert text.splitlines()[0].startswith(MODELINE) and text.splitlines()[0].endswith(EDITOR_SCHEMA)
    code, out, err = run(capsys, "validate", "our-rules.yaml")
    assert (code, err) == (0, "") and "our-rules.yaml: valid (a partial house rule" in out
    code, out, err = run(capsys, "show", "mattel-2018+our-rules.yaml")
    assert code == 0, err
    shown = rows(out)
    assert (shown["dos_call.catch_penalty"], shown["deck_exhaustion"], shown["by_players.2.setup.centre_row"]) == \
        ("4", "reshuffle-discard", "3")
    assert shown["setup.centre_row"] == "2"  # other player counts keep the edition's value


def test_hints_come_from_the_house_rules_at_hand(capsys, tmp_path, monkeypatch):
    """A rule set by more house rules comes first among the hints, with its value under --from."""
    extra = tmp_path / "ours"
    extra.mkdir()
    for n in range(4):
        (extra / f"score-{n}.yaml").write_text(
            f"id: score-{n}\nname: x\nkind: house\nsources: [{{key: t, file: t.txt, title: t, language: en}}]\n"
            f"rules: {{scoring: {{wild_number: {50 + n}}}}}\n"
            "cite: {scoring.wild_number: {source: t, section: s, quote: q}}\n")
    counted = most_changed(house_files([extra]))
    assert counted == [("scoring.wild_number", 4)]
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "new", "house", "hinted", "--from", "german", "--rulesets", str(extra),
                       "--set", "target=300")
    assert code == 0, err
    hints = [m.group(2) for m in map(HINT.match, (tmp_path / "hinted.yaml").read_text().splitlines()) if m]
    leaves = [h for h in hints if "change it)" in h or "changes it)" in h]
    assert "wild_number: 40  # german: 40; 0..1000 (4 house rules change it)" in leaves
    assert not any(h.startswith("target:") and "note" not in h for h in hints)  # a rule the file sets is no hint


def test_uncommented_hints_are_valid_yaml_with_the_editions_values(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "new", "house", "all-hints", "--from", "mattel-2018", "--set", "target=300")
    assert code == 0, err
    path = tmp_path / "all-hints.yaml"
    lines = path.read_text().splitlines()
    uncommented = [HINT.sub(r"\1\2", line) for line in lines]
    assert uncommented != lines
    path.write_text("\n".join(uncommented) + "\n")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 0, err  # valid: a house value needs no citation, and the notes are well formed
    assert "{note: why we play 300}" in uncommented[-1] and uncommented[-2] == "cite:"


def test_the_edition_may_come_from_a_rulesets_folder(capsys, tmp_path, monkeypatch):
    ours = tmp_path / "ours"
    ours.mkdir()
    text = (REPO / "rulesets" / "editions" / "german.yaml").read_text().replace("id: german", "id: our-edition")
    (ours / "our-edition.yaml").write_text(text)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "new", "house", "on-ours", "--from", "our-edition", "--rulesets", "ours",
                         "--set", "target=250")
    assert code == 0, err
    assert "'dosrules show our-edition+on-ours.yaml --rulesets ours'" in out
    code, out, err = run(capsys, "show", "our-edition+on-ours.yaml", "--rulesets", "ours")
    assert code == 0 and rows(out)["target"] == "250"


def test_a_house_file_without_values_is_valid(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "new", "house", "blank")
    assert code == 0, err
    code, out, err = run(capsys, "validate", "blank.yaml")
    assert (code, err) == (0, "")


@pytest.mark.parametrize("setting, message", [
    ("dos_call.catch_penalti=4", "'dos_call.catch_penalti' names no rule — did you mean 'dos_call.catch_penalty'?"),
    ("Deck_Exhaustion=end-round", "did you mean 'deck_exhaustion'?"),
    ("deck_exhaustion=Reshuffle-Discard", "'Reshuffle-Discard' is not a value of the rule — did you mean 'reshuffle-discard'?"),
    ("all_wild_row=bury", "did you mean 'bury-and-reflip'?"),
    ("dos_call.catch_penalty=44", "44 is not a value of the rule"),
    ("target=two hundred", "'two hundred' is not a value of the rule"),
    ("target", "not a setting"),
    ("drawing=keep", "'drawing' is a group of rules, not a rule. Set one of its rules: drawing.draw_when_match_possible,"),
    ("target=!!python/object:os.system 1", "cannot read the value (the tag '!!python/object:os.system' is not allowed)"),
    ("by_players.x.target=300", "is not a rule path for one player count"),
    ("deck.colours=[blue, pink]", "is not a value of the rule"),
])
def test_bad_settings_are_usage_errors(setting, message):
    with pytest.raises(UsageError) as caught:
        parse_setting(setting)
    assert message in caught.value.paragraph()


def test_settings_read_yaml_values():
    assert parse_setting("drawing.draw_when_match_possible=false").value is False
    assert parse_setting("deck.colours=[blue, red]").value == ["blue", "red"]
    assert parse_setting("by_players.2.setup.centre_row=3").key == "by_players.2.setup.centre_row"


def test_new_refuses_to_overwrite_and_checks_names(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "new", "house", "mine")[0] == 0
    code, _, err = run(capsys, "new", "house", "mine", "--set", "target=300")
    assert code == 2 and err.startswith("mine.yaml exists already. Give --force")
    code, _, err = run(capsys, "new", "house", "mine", "--set", "target=300", "--force")
    assert code == 0 and "target: 300" in (tmp_path / "mine.yaml").read_text()
    code, _, err = run(capsys, "new", "house", "Our Rules")
    assert code == 2 and "'Our Rules' is not a ruleset id" in err and "'our-rules'" in err
    code, _, err = run(capsys, "new", "house", "mine", "--out", "other.yaml")
    assert code == 2 and "must be mine.yaml" in err
    code, _, err = run(capsys, "new", "house", "twice", "--set", "target=300", "--set", "target=400")
    assert code == 2 and "'target' is set twice" in err
    (tmp_path / "sub").mkdir()
    assert run(capsys, "new", "house", "mine", "--out", "sub")[0] == 0 and (tmp_path / "sub" / "mine.yaml").is_file()


def test_values_that_break_the_edition_are_reported_and_not_written(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "new", "house", "huge-hands", "--from", "mattel-2018", "--set", "setup.hand_size=30")
    assert code == 1 and err.startswith("huge-hands.yaml:") and "Traceback" not in err
    assert not (tmp_path / "huge-hands.yaml").exists()
    code, _, err = run(capsys, "new", "house", "x", "--from", "mattel-2019")
    assert code == 1 and "did you mean 'mattel-2018'?" in err


def test_edition_skeleton_validates_with_every_open_rule_unspecified(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "new", "edition", "french-2020", "--from", "german", "--source", "005_fr.txt",
                         "--language", "fr")
    assert code == 0, err
    code, out, err = run(capsys, "validate", "french-2020.yaml")
    assert (code, err) == (0, "") and "french-2020.yaml: valid (french-2020, sha256:" in out
    text = (tmp_path / "french-2020.yaml").read_text()
    todo = re.search(r"still to transcribe: (\d+) citations say TODO \(([a-z_.]+), ", out)
    assert todo and int(todo.group(1)) == text.count("quote: TODO") > 10  # every copied value, listed
    (tmp_path / "french-2020.yaml").write_text(text.replace(f"{todo.group(2)}: {{source: src, section: TODO, quote: TODO",
                                                            f"{todo.group(2)}: {{source: src, section: §1, quote: vingt"))
    code, out, err = run(capsys, "validate", "french-2020.yaml")
    assert code == 0 and f"{int(todo.group(1)) - 1} citations say TODO" in out  # one transcribed
    ruleset = load_ruleset(tmp_path / "french-2020.yaml")
    german = load_ruleset("german")
    for path in rule_paths():
        if path in OPEN_PATHS:
            assert ruleset.provenance_of(path).status.value == "unspecified", path
        else:
            assert ruleset.rules.get(path) == german.rules.get(path), path
            assert ruleset.provenance_of(path).status.value == "inferred"
    assert ruleset.sources[0].file == "005_fr.txt" and ruleset.sources[0].language == "fr"
    code, _, err = run(capsys, "new", "edition", "x", "--language", "french")
    assert code == 2 and "not an ISO 639-1 code" in err


def test_schema_reference_is_relative_inside_the_checkout(tmp_path):
    inside = REPO / "rulesets" / "house" / "x.yaml"
    assert schema_reference(inside) == f"../../schemas/{EDITOR_SCHEMA}"
    outside = schema_reference(tmp_path / "x.yaml")
    assert outside.startswith("file:///") and outside.endswith(f"/schemas/{EDITOR_SCHEMA}")
