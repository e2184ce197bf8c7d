"""Provenance from the ``cite:`` table: a house value needs no citation (a note, or the table's
name, is enough); a stated or inferred value still needs a full one."""

from __future__ import annotations

from pathlib import Path

import pytest

from dosrules import load_ruleset
from dosrules.cli import main
from dosrules.rulebook import render_against, render_rulebook
from dosrules.ruleset.dump import dump_ruleset
from dosrules.ruleset.loader import resolve
from dosrules.ruleset.model import Citation, Status

HEAD = """id: kitchen
name: Kitchen table rules
kind: house
extends: mattel-2018
sources: []
"""


def house(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "kitchen.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def heads(path: Path) -> list[str]:
    """Each problem's paragraph before its fix, without the file name."""
    return [p.paragraph()[len(p.where.file) + 1: -len(p.fix) - 1] for p in resolve(path).problems]


def test_a_house_value_needs_no_cite_entry(tmp_path):
    ruleset = load_ruleset(house(tmp_path, "rules:\n  target: 500\n"))
    prov = ruleset.provenance["target"]
    assert (prov.status, prov.citation, prov.note, prov.table, prov.ruleset) == (Status.HOUSE, None, None, None, "kitchen")


def test_a_note_alone_is_enough_and_one_entry_can_cover_the_whole_file(tmp_path):
    ruleset = load_ruleset(house(tmp_path, (
        "rules:\n  target: 500\n  deck_exhaustion: reshuffle-discard\n  refill: {minimum: 3}\n"
        "cite:\n  rules: {note: Agreed at the 2024 summer camp.}\n"
        "  refill.minimum: {note: More targets for two players.}\n")))
    notes = {p: ruleset.provenance[p].note for p in ("target", "deck_exhaustion", "refill.minimum")}
    assert notes == {"target": "Agreed at the 2024 summer camp.", "deck_exhaustion": "Agreed at the 2024 summer camp.",
                     "refill.minimum": "More targets for two players."}


def test_a_source_alone_names_the_table_or_a_listed_document(tmp_path):
    path = house(tmp_path, "rules:\n  target: 500\n  refill: {minimum: 3}\n"
                           "cite:\n  target: {source: our kitchen table}\n  refill.minimum: {source: sheet}\n")
    path.write_text(path.read_text().replace(
        "sources: []", "sources:\n  - {key: sheet, file: sheet.txt, title: Our printed sheet, language: en}"))
    ruleset = load_ruleset(path)
    assert ruleset.provenance["target"].table == "our kitchen table"
    assert ruleset.provenance["refill.minimum"].table == "Our printed sheet"
    assert ruleset.provenance["target"].citation is None


def test_a_full_citation_in_a_house_rule_is_still_checked(tmp_path):
    path = house(tmp_path, "rules:\n  target: 500\n  refill: {minimum: 3}\n"
                           "cite:\n  target: {source: tabel, section: S, quote: Q}\n"
                           "  refill.minimum: {source: table, section: S}\n")
    assert heads(path) == [
        "10:20: cite entry 'target' names the source 'tabel', which this file does not list in 'sources' "
        "(at cite.target.source).",
        "11:3: cite entry 'refill.minimum' gives source and section but not quote (at cite.refill.minimum).",
        "11:28: cite entry 'refill.minimum' names the source 'table', which this file does not list in 'sources' "
        "(at cite.refill.minimum.source).",
    ]


@pytest.mark.parametrize("status", ["stated", "inferred"])
def test_a_stated_or_inferred_value_in_a_house_rule_still_needs_a_citation(tmp_path, status):
    path = house(tmp_path, f"rules:\n  target: 500\ncite:\n  target: {{status: {status}, note: N}}\n")
    assert heads(path) == ["7:11: rule 'target' has no citation (at rules.target)."]


def test_show_and_the_rulebook_give_the_note_and_the_table(tmp_path, capsys):
    path = house(tmp_path, "rules:\n  target: 500\n  deck_exhaustion: reshuffle-discard\n"
                           "cite:\n  target: {note: Longer evenings.}\n  deck_exhaustion: {source: our kitchen table}\n")
    assert main(["show", str(path), "--cite"]) == 0
    out = capsys.readouterr().out
    target = out[out.index("\ntarget "):].splitlines()
    assert target[1].split() == ["target", "500", "house"]
    assert target[2].split(":", 1)[1].strip() == "Longer evenings."
    assert "reshuffle-discard     house        chosen by our kitchen table" in out
    book = render_rulebook(load_ruleset(path), cite=True)
    assert "House rule (`target`; set by `kitchen`) Why: Longer evenings." in book
    assert "House rule (`deck_exhaustion`; set by `kitchen`): chosen by our kitchen table" in book


def test_a_house_value_without_a_citation_dumps_and_loads_back_equal(tmp_path):
    path = house(tmp_path, "rules:\n  target: 500\n  deck_exhaustion: reshuffle-discard\n"
                           "cite:\n  target: {note: Longer evenings.}\n  deck_exhaustion: {source: our kitchen table}\n")
    ruleset = load_ruleset(path)
    (tmp_path / "out").mkdir()
    dumped = tmp_path / "out" / "kitchen-full.yaml"
    dumped.write_text(dump_ruleset(ruleset, id="kitchen-full"), encoding="utf-8")
    again = load_ruleset(dumped)
    for p in ("target", "deck_exhaustion"):
        before, after = ruleset.provenance[p], again.provenance[p]
        assert (after.status, after.citation, after.note, after.table) == (before.status, before.citation, before.note, before.table)
    assert again.provenance["matching.single"].citation == ruleset.provenance["matching.single"].citation
    assert isinstance(again.provenance["matching.single"].citation, Citation)


def test_a_note_in_several_languages_is_read_in_each_and_dumps_back(tmp_path):
    path = house(tmp_path, "rules:\n  target: 500\n"
                           "cite:\n  target: {note: {en: Longer evenings., de: Längere Abende.}}\n")
    ruleset = load_ruleset(path)
    prov = ruleset.provenance["target"]
    assert prov.note == "Longer evenings." and prov.note_in("de") == "Längere Abende."
    assert prov.note_in("ko") == "Longer evenings." and not prov.note_translated("ko")
    assert "Begründung: Längere Abende." in render_rulebook(ruleset, lang="de", cite=True)
    assert "Why: Longer evenings." in render_rulebook(ruleset, cite=True)
    sheet = render_against(ruleset, load_ruleset("mattel-2018"), lang="de")  # without --cite: the reason still shows
    assert "*Warum: Längere Abende.*" in sheet
    (tmp_path / "out").mkdir()
    dumped = tmp_path / "out" / "kitchen-full.yaml"
    dumped.write_text(dump_ruleset(ruleset, id="kitchen-full"), encoding="utf-8")
    assert load_ruleset(dumped).provenance["target"].note_in("de") == "Längere Abende."

