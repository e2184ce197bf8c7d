"""``dosrules validate`` on folders and several paths, GitHub annotations, the pre-commit hook, and
the command line's polish: --version, did-you-mean for commands and ids."""

import re
import shutil
from importlib.metadata import version
from pathlib import Path

import pytest

from clikit import run

from dosrules.cli.validation import annotation
from dosrules.errors import DosrulesError, Location
import yaml

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"



@pytest.fixture
def folder(tmp_path):
    """A repository of house rules: valid files (one .yml, one nested), one invalid, a readings file,
    a dispute scenario, a CI file and a hidden folder."""
    (tmp_path / "house" / "deep").mkdir(parents=True)
    shutil.copy(REPO / "rulesets" / "house" / "reshuffle.yaml", tmp_path / "house")
    shutil.copy(REPO / "rulesets" / "house" / "target-500.yaml", tmp_path / "house" / "deep")
    shutil.copy(REPO / "docs" / "examples" / "family" / "dos-penalty-4.yaml", tmp_path / "dos-penalty-4.yml")
    shutil.copy(DATA / "bad" / "enum-typo.yaml", tmp_path / "house")
    shutil.copy(DATA / "fill" / "table.readings.yaml", tmp_path)
    shutil.copy(REPO / "docs" / "disputes" / "two-players.yaml", tmp_path)
    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "ci.yml").write_text("on: push\njobs: {}\n")
    (tmp_path / "notes.txt").write_text("not yaml")
    return tmp_path


def test_a_folder_is_searched_recursively(capsys, folder):
    code, out, err = run(capsys, "validate", str(folder))
    assert code == 1
    lines = out.splitlines()
    checked = [line.split(":")[0] for line in lines[:-1]]
    assert checked == [str(folder / p) for p in ("dos-penalty-4.yml", "house/deep/target-500.yaml",
                                                 "house/enum-typo.yaml", "house/reshuffle.yaml",
                                                 "table.readings.yaml", "two-players.yaml")]
    assert lines[-1] == "4 valid, 1 invalid, 1 skipped"
    assert f"{folder / 'two-players.yaml'}: skipped (not a ruleset or readings file)" in lines
    assert "did you mean 'reshuffle-discard'?" in err and len(err.strip().splitlines()) == 1


def test_folders_files_and_ids_together(capsys, folder):
    code, out, _ = run(capsys, "validate", str(folder / "house" / "deep"), "mattel-2018+reshuffle",
                       str(folder / "house" / "reshuffle.yaml"))
    assert code == 0 and out.splitlines()[-1] == "3 valid, 0 invalid"
    code, out, err = run(capsys, "validate", str(folder / "two-players.yaml"))  # named: checked as a ruleset
    assert code == 1 and "unknown key" in err
    code, out, err = run(capsys, "validate", "--skip-other", str(folder / "two-players.yaml"))
    assert (code, err) == (0, "") and "skipped" in out
    empty = folder / "empty"
    empty.mkdir()
    code, out, err = run(capsys, "validate", str(empty))
    assert code == 1 and "the folder holds no .yaml or .yml file" in err


def test_github_annotations(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    bad = "tests/data/bad/enum-typo.yaml"
    code, out, err = run(capsys, "validate", "--format", "github", bad, "mattel-2018")
    assert (code, err) == (1, "")
    first = out.splitlines()[0]
    assert re.fullmatch(rf"::error file={re.escape(bad)},line=7,col=20,title=rules\.deck_exhaustion::"
                        r"'reshufle' is not one of .* — did you mean 'reshuffle-discard'\? \(at rules\.deck_exhaustion\)\. .*",
                        first), first
    assert out.splitlines()[-1] == "1 valid, 1 invalid"


def test_annotations_escape_what_would_end_them():
    problem = DosrulesError("a, b: 100%\nnext", where=Location("a,b:c.yaml", 3), path=None)
    assert annotation(problem, None) == "::error file=a%2Cb%3Ac.yaml,line=3,title=dosrules validate::a, b: 100%25%0Anext."
    assert annotation(DosrulesError("gone"), "x.yaml", "notice") == "::notice file=x.yaml,title=dosrules validate::gone."


def test_pre_commit_hook_runs_validate_on_the_files_it_is_given(capsys, folder):
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "dosrules-validate")
    assert hook["language"] == "python" and hook["entry"] == "dosrules validate"
    files = re.compile(hook["files"])
    assert files.search("house/ours.yaml") and files.search("a.yml") and not files.search("notes.txt")
    staged = [str(p) for p in sorted(folder.rglob("*")) if p.is_file() and files.search(str(p))]
    code, out, err = run(capsys, *hook["entry"].split()[1:], *hook.get("args", []), *staged)
    assert code == 1 and "enum-typo.yaml: invalid" in out and "ci.yml: skipped" in out
    staged = [s for s in staged if "enum-typo" not in s]
    assert run(capsys, *hook["entry"].split()[1:], *hook.get("args", []), *staged)[0] == 0


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert (code, out) == (0, f"dosrules {version('dosrules')}\n")


@pytest.mark.parametrize("argv, message", [
    (["lsit"], "'lsit' is not a dosrules command — did you mean 'list'? The commands: list, validate, show,"),
    (["Validate", "x"], "'Validate' is not a dosrules command — did you mean 'validate'?"),
    (["new", "hose", "x"], "'hose' is not a dosrules new command — did you mean 'house'? The commands: house, edition."),
])
def test_misspelt_commands_get_one_paragraph(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and err.startswith(message) and len(err.strip().splitlines()) == 1 and "usage:" not in err


@pytest.mark.parametrize("spec, guess", [("mattel-2018+Reshuffle", "reshuffle"), ("Mattel-2018", "mattel-2018"),
                                         ("mattel-2018+TARGET-500", "target-500"), ("mattel-2018+reshufle", "reshuffle")])
def test_ids_are_suggested_whatever_their_case(capsys, spec, guess):
    code, _, err = run(capsys, "show", spec)
    assert code == 1 and f"did you mean '{guess}'?" in err
