"""``dosrules list``, ``validate`` and ``show``: output, exit codes, and no traceback ever."""

import json
from pathlib import Path

import pytest

from clikit import run
from dosrules.ruleset.model import rule_paths

DATA = Path(__file__).parent / "data"


def test_list_shows_every_shipped_ruleset(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert any(line.split()[:2] == ["mattel-2018", "edition"] for line in out.splitlines())
    code, out, _ = run(capsys, "list", "--ids")
    assert code == 0 and "mattel-2018" in out.split() and len(out.splitlines()) == 1


def test_validate_exit_codes(capsys):
    code, out, err = run(capsys, "validate", "mattel-2018", str(DATA / "chains" / "goal-300.yaml"))
    assert (code, err) == (0, "")
    assert "mattel-2018: valid (mattel-2018, sha256:" in out and "2 valid, 0 invalid" in out
    code, out, err = run(capsys, "validate", "mattel-2018", str(DATA / "bad" / "unknown-key.yaml"),
                         str(DATA / "bad" / "wrong-types.yaml"))
    assert code == 1 and "1 valid, 2 invalid" in out
    assert len(err.strip().splitlines()) == 5  # every problem of every input
    code, _, err = run(capsys, "validate")
    assert code == 2 and "the following arguments are required" in err
    code, _, err = run(capsys, "validate", "--rulesets", "/no/such/dir", "mattel-2018")
    assert code == 2 and err.startswith("--rulesets /no/such/dir: no such folder.")


@pytest.mark.parametrize("name", sorted(p.name for p in (DATA / "bad").glob("*.yaml")))
def test_no_bad_input_gives_a_traceback(capsys, name):
    for argv in (("validate", str(DATA / "bad" / name)), ("show", str(DATA / "bad" / name))):
        code, _, err = run(capsys, *argv)
        assert code == 1 and "Traceback" not in err and err.strip()


def test_junk_paths_are_problems(capsys, tmp_path):
    (tmp_path / "bin.yaml").write_bytes(bytes(range(256)))
    for spec in (str(tmp_path), str(tmp_path / "bin.yaml"), "no/such.yaml", "+", "../../etc/passwd"):
        code, _, err = run(capsys, "validate", spec)
        assert code == 1 and "Traceback" not in err and err.strip()


def test_show_lists_every_rule_path(capsys):
    code, out, _ = run(capsys, "show", "two-hands", "--rulesets", str(DATA / "chains"))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "mattel-2018+two-hands — DOS, Mattel 2018 instruction sheet (FRM36) + Ten cards for two players"
    shown = [line.split()[0] for line in lines[lines.index("") + 1:]]
    assert shown == rule_paths() + ["by_players.2.setup.hand_size", "by_players.2.deck_exhaustion"]
    rows = {line.split()[0]: line.split()[1] for line in lines[lines.index("") + 1:]}
    assert (rows["setup.hand_size"], rows["by_players.2.setup.hand_size"]) == ("7", "10")


def test_show_cite_gives_status_and_citation(capsys):
    from dosrules import load_ruleset

    ruleset = load_ruleset("mattel-2018")
    code, out, _ = run(capsys, "show", "mattel-2018", "--cite")
    assert code == 0
    lines = out.splitlines()
    for path in ("target", "setup.hand_size", "deck_exhaustion"):
        prov = ruleset.provenance_of(path)
        row = next(line for line in lines if line.split()[:1] == [path])
        assert row.split()[2] == prov.status.value
        assert f'{prov.citation.source} §{prov.citation.section}: "{prov.citation.quote}"' in row
    notes = [p.note for p in ruleset.provenance.values() if p.note]
    assert notes and all(f"note: {note}" in out for note in notes)


def test_show_json_has_tree_provenance_and_hash(capsys):
    code, out, _ = run(capsys, "show", "mattel-2018+fast-deal", "--json", "--rulesets", str(DATA / "chains"))
    data = json.loads(out)
    assert code == 0 and data["id"] == "mattel-2018+fast-deal" and data["content_hash"].startswith("sha256:")
    assert data["rules"]["setup"]["hand_size"] == 5
    assert data["provenance"]["setup.hand_size"] == {
        "status": "house", "source": "table", "section": "Dealing", "quote": "Five cards each.",
        "ruleset": "fast-deal"}
    assert set(data["provenance"]) == set(rule_paths())


def test_show_of_a_bad_spec_is_one_paragraph(capsys):
    code, _, err = run(capsys, "show", "mattel-2081")
    assert code == 1
    assert err.startswith("no ruleset with the id 'mattel-2081' — did you mean 'mattel-2018'? Searched:")


def test_an_internal_error_is_one_paragraph_without_traceback(monkeypatch, capsys):
    from dosrules import cli

    def broken(_args):
        raise ZeroDivisionError("division by zero")

    parser = cli.build_parser()
    args = parser.parse_args(["list"])
    monkeypatch.setattr(cli, "build_parser", lambda *only: type("P", (), {"parse_args": lambda self, a: args})())
    args.handler = broken
    assert cli.main(["list"]) == 70
    err = capsys.readouterr().err
    assert "internal error (ZeroDivisionError: division by zero)" in err and "Traceback" not in err
