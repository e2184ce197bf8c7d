"""The sound part of a file with schema errors: what is taken out, and that the later checks read
only the rest and stay quiet about what a value taken out would explain."""

from __future__ import annotations

from pathlib import Path

import pytest

from dosrules.ruleset.loader import resolve
from dosrules.ruleset.sound import sound_part

HEAD = "id: t\nname: T\nkind: house\nextends: mattel-2018\nsources: []\n"


def whats(tmp_path: Path, body: str, head: str = HEAD) -> list[str]:
    (tmp_path / "t.yaml").write_text(head + body, encoding="utf-8")
    return [p.what for p in resolve(tmp_path / "t.yaml").problems]


def test_a_failing_value_goes_out_whole_at_its_rule():
    sound = sound_part({"id": "t", "name": "T", "kind": "house", "sources": [],
                        "rules": {"deck": {"numbers": {"1": 3, "11": 2}, "total": 108}, "tagret": 5},
                        "cite": {"target": {"qoute": "q"}}})
    assert sound.data["rules"] == {"deck": {"total": 108}}
    assert "cite" in sound.data and sound.data["cite"] == {}
    assert sound.removed == {("rules", "deck", "numbers"), ("rules", "tagret"), ("cite", "target")}
    assert sorted(sound.rule_values_lost()) == ["deck.numbers"]  # 'tagret' is no rule
    assert sorted(sound.rule_paths_lost()) == ["", "deck.numbers"]  # ... but may be meant for any


def test_a_bad_source_takes_out_all_sources_and_the_top_level_is_never_cut():
    sound = sound_part({"id": "t", "kind": "house", "sources": [{"key": "k"}], "rules": {"target": 5}})
    assert "sources" not in sound.data and sound.removed == {("sources",)}
    assert sound_part(["a list"]).data is None


def test_no_sum_is_checked_over_an_older_layer_when_the_file_set_the_value_badly(tmp_path):
    numbers = "{'1': 3, '3': 3, '4': 3, '5': 3, '6': 2, '7': 2, '8': 2, '9': 2, '10': 2, '11': 2}"
    assert whats(tmp_path, f"rules: {{deck: {{numbers: {numbers}, per_colour: 26, total: 116}}}}\n") == [
        "key '11' is not allowed in 'rules.deck.numbers'"]


def test_cites_of_values_taken_out_are_not_unused_and_unknown_sources_are_not_guessed(tmp_path):
    assert whats(tmp_path, "rules: {target: lots}\ncite: {target: {note: n}}\n") == [
        "expected a whole number from 1 to 2000, got 'lots'"]
    assert whats(tmp_path, "rules: {target: 300}\ncite: {target: {source: k, section: s, quote: q}}\n",
                 head=HEAD.replace("sources: []", "sources: [{key: k}]")) == [
        "missing key 'file' in 'sources[0]'", "missing key 'title' in 'sources[0]'",
        "missing key 'language' in 'sources[0]'"]


def test_a_value_whose_cite_entry_failed_is_not_said_to_lack_a_citation(tmp_path):
    head = HEAD.replace("kind: house", "kind: edition")
    assert whats(tmp_path, "rules: {target: 300, refill: {minimum: 3}}\ncite: {target: {status: nope}}\n", head) == [
        "rule 'refill.minimum' has no citation",
        "'nope' is not one of stated, inferred, house, filled, unspecified"]


@pytest.mark.parametrize("body", ["rules: 5\n", "cite: []\n", "by_players: {abc: {}, 2: 5}\n", "kind: hous\n"])
def test_broken_groups_give_their_schema_problem_and_nothing_else(tmp_path, body):
    head = HEAD.replace("kind: house\n", "") if body.startswith("kind") else HEAD
    problems = whats(tmp_path, body + ("rules: {target: 300}\ncite: {target: {note: n}}\n" if body.startswith("by") else ""),
                     head)
    assert problems and all("expected" in w or "not allowed" in w or "is not one of" in w for w in problems), problems


def test_a_broken_override_hides_the_older_layers_overrides_from_the_checks(tmp_path):
    (tmp_path / "base.yaml").write_text(HEAD.replace("id: t", "id: base") + "by_players: {4: {setup: {hand_size: 30}}}\n",
                                        encoding="utf-8")
    assert [p.what[:40] for p in resolve(tmp_path / "base.yaml").problems] == [
        "dealing 30 cards to each of 4 players pl"]
    top = HEAD.replace("extends: mattel-2018", "extends: base")
    assert whats(tmp_path, "by_players: 5\n", top) == ["expected a mapping, got 5"]
    assert whats(tmp_path, "by_players: {4: 5}\n", top) == ["expected a mapping, got 5"]
