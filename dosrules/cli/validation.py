"""What ``dosrules validate`` checks and how it reports: folders expanded into their YAML files,
YAML that is no ruleset told apart, and every verdict as text or as GitHub Actions annotations."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Sequence

from ..errors import DosrulesError, Location, clip_quoted
from ..ruleset.yaml12 import read_yaml

YAML_SUFFIXES = (".yaml", ".yml")
#: Top-level keys of which a ruleset file has at least one (a YAML file with none is something else).
RULESET_KEYS = frozenset({"id", "kind", "rules", "extends", "sources", "cite", "by_players"})


def validation_inputs(specs: Sequence[str]) -> list[tuple[str, bool]]:
    """(spec, found in a folder) for each spec, a folder replaced by its YAML files (recursively, in
    name order, leaving out folders whose name starts with a dot)."""
    out: list[tuple[str, bool]] = []
    for spec in specs:
        if not os.path.isdir(spec):  # os.path: False, never an error, for a name too long
            out.append((spec, False))
            continue
        files = []
        for root, folders, names in os.walk(spec):
            folders[:] = [f for f in folders if not f.startswith(".")]
            files += [os.path.join(root, n) for n in names if n.endswith(YAML_SUFFIXES)]
        files.sort(key=lambda f: Path(f).parts)
        out += [(f, True) for f in files] or [(spec, True)]  # an empty folder: reported as such
    return out


def yaml_kind(path: Path) -> str:
    """"readings", "other" (YAML whose top level names no ruleset key), or "ruleset" (anything
    else, including a file that cannot be read: checking it as a ruleset says what is wrong)."""
    if path.is_dir():
        return "ruleset"
    try:
        data = read_yaml(path).data
    except DosrulesError:
        return "ruleset"
    if not isinstance(data, dict):
        return "ruleset"
    if "readings" in data and not RULESET_KEYS & set(data):
        return "readings"
    return "ruleset" if RULESET_KEYS & set(data) else "other"


def _escape(text: str, property_: bool = False) -> str:
    """Text escaped for a workflow command (as the Actions toolkit does): % and line breaks, and in
    a property also ':' and ','."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_ else text


def annotation(problem: DosrulesError, fallback_file: str | None, level: str = "error") -> str:
    """One GitHub Actions annotation: ``::error file=F,line=L,col=C,title=T::message``."""
    where = problem.where
    props: list[tuple[str, object]] = []
    if isinstance(where, Location):
        props.append(("file", where.file))
        if where.line is not None:
            props.append(("line", where.line))
            if where.column is not None:
                props.append(("col", where.column))
    elif isinstance(where, str) and where:
        props.append(("file", where))
    elif fallback_file:
        props.append(("file", fallback_file))
    props.append(("title", problem.path or "dosrules validate"))
    message = DosrulesError(problem.what, path=problem.path, fix=problem.fix).paragraph()
    head = ",".join(f"{k}={_escape(str(v), True)}" for k, v in props)
    return f"::{level} {head}::{_escape(message)}"


class Report:
    """The verdicts of one ``validate`` run, printed as they come, and their count."""

    def __init__(self, format: str = "text"):
        self.format = format
        self.valids = self.invalid = self.skips = 0

    def valid(self, spec: str, what: str) -> None:
        self.valids += 1
        print(f"{clip_quoted(spec)}: valid ({what})")

    def invalid_input(self, spec: str, problems: Sequence[DosrulesError]) -> None:
        self.invalid += 1
        file = spec if os.path.isfile(spec) else None
        for problem in problems:
            if self.format == "github":
                print(annotation(problem, file))
            else:
                print(problem.paragraph(), file=sys.stderr)
        count = len(problems)
        print(f"{clip_quoted(spec)}: invalid ({count} problem{'s' if count != 1 else ''})")

    def note(self, spec: str, what: str) -> None:
        """Something a valid file still leaves to do (a notice in GitHub's format)."""
        if self.format == "github":
            print(annotation(DosrulesError(what, where=Location(spec)), spec, "notice"))
        print(f"{spec}: {what}")

    def skipped(self, spec: str) -> None:
        self.skips += 1
        what = "not a ruleset or readings file"
        if self.format == "github":
            print(annotation(DosrulesError(f"skipped: {what}", where=Location(spec)), spec, "notice"))
        print(f"{spec}: skipped ({what})")

    def summary(self) -> None:
        skipped = f", {self.skips} skipped" if self.skips else ""
        print(f"{self.valids} valid, {self.invalid} invalid{skipped}")
