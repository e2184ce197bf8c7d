"""``dosrules list``, ``dosrules validate PATH_OR_ID...`` and ``dosrules show RULESET``."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from ..errors import DosrulesError, RulesetError
from ..ruleset.fill import is_readings_file
from ..ruleset.provenance import PLACEHOLDER, placeholder_citations
from .common import add_rulesets_option, ruleset_dirs
from .validation import Report, validation_inputs, yaml_kind
from ..ruleset.loader import load_ruleset, resolve, shipped_ids, shipped_rulesets
from ..ruleset.model import Ruleset, Status, rule_paths
from ..ruleset.settings import NOTE as SETTING_NOTE, command_line_settings


def register(sub) -> None:
    p = sub.add_parser("list", help="list the shipped rulesets",
                       description="List the shipped rulesets, one a line: id, kind, name.")
    p.add_argument("--ids", action="store_true", help="print only the ids, separated by spaces")
    p.set_defaults(handler=_list)

    p = sub.add_parser("validate", help="check rulesets and say what is wrong",
                       description="Check ruleset files, folders, ids, compositions (a+b), filled rulesets (a~b) "
                                   "or readings files, and report every problem of every one. A folder is searched "
                                   "recursively for *.yaml and *.yml files (folders whose name starts with a dot "
                                   "are left out); in a folder, a readings file is checked as one, and YAML that is "
                                   "neither a ruleset nor a readings file (no id, kind, rules, extends, sources, "
                                   "cite or by_players at its top level, e.g. a dispute scenario or a CI file) is "
                                   "skipped with a note. A file named on the command line is always checked, "
                                   "unless --skip-other. Exit 0 if all are valid, 1 if any is not, 2 for a usage error.")
    p.add_argument("specs", nargs="+", metavar="PATH_OR_ID",
                   help="a file, a folder, an id, or a composition a+b+c")
    p.add_argument("--format", choices=["text", "github"], default="text",
                   help="text (default), or github: each problem as a GitHub Actions error annotation on "
                        "standard output")
    p.add_argument("--skip-other", action="store_true",
                   help="skip named files that are not rulesets too, as in folders (for hooks that pass every "
                        "YAML file)")
    add_rulesets_option(p)
    p.set_defaults(handler=_validate)

    p = sub.add_parser("show", help="print a resolved ruleset",
                       description="Print every rule of a resolved ruleset with its value.")
    p.add_argument("ruleset", help="ruleset id, composition (a+b) or path")
    p.add_argument("--json", action="store_true", help="the resolved tree, provenance and hash as JSON")
    p.add_argument("--cite", action="store_true", help="add each value's status and citation")
    add_rulesets_option(p)
    p.set_defaults(handler=_show)


def _list(args) -> int:
    if args.ids:
        print(" ".join(shipped_ids()))
        return 0
    entries = shipped_rulesets()
    width = max((len(e.id) for e in entries), default=0)
    for entry in entries:
        print(f"{entry.id:<{width}}  {entry.kind:<7}  {entry.name}")
    return 0


def _validate(args) -> int:
    dirs = ruleset_dirs(args)
    report = Report(args.format)
    inputs = validation_inputs(args.specs)
    for spec, found in inputs:
        kind = yaml_kind(Path(spec)) if (found or args.skip_other) and os.path.isfile(spec) else None
        if found and os.path.isdir(spec):
            report.invalid_input(spec, [DosrulesError(
                "the folder holds no .yaml or .yml file", where=spec,
                fix="Give a folder of ruleset files, or the files themselves.")])
        elif kind == "other":
            report.skipped(spec)
        elif kind == "readings" or (kind is None and os.path.isfile(spec) and is_readings_file(Path(spec))):
            _validate_readings(spec, report)
        else:
            _validate_ruleset(spec, dirs, report)
    if len(inputs) > 1 or len(inputs) != len(args.specs) or report.skips:
        report.summary()
    return 1 if report.invalid else 0


def _validate_ruleset(spec: str, dirs: list[Path], report: "Report") -> None:
    result = resolve(spec, dirs)
    if result.problems:
        report.invalid_input(spec, result.problems)
    elif result.ruleset is not None:
        report.valid(spec, f"{result.ruleset.id}, {result.ruleset.content_hash}")
        todo = placeholder_citations(dict(result.ruleset.provenance), result.ruleset.id)
        if todo:
            shown = ", ".join(todo[:3]) + (f" and {len(todo) - 3} more" if len(todo) > 3 else "")
            report.note(spec, f"still to transcribe: {len(todo)} citation{'s' if len(todo) != 1 else ''} "
                              f"say {PLACEHOLDER} ({shown}); replace each with the source's section and words")
    else:
        report.valid(spec, "a partial house rule: compose it with an edition to use it")


def _validate_readings(file: str, report: "Report") -> None:
    from ..ruleset.fill import read_readings

    try:
        readings = read_readings(file)
    except RulesetError as err:
        report.invalid_input(file, err.problems)
        return
    count = len(readings.values)
    report.valid(file, f"readings of {count} rule{'s' if count != 1 else ''}: fill a ruleset with RULESET~{file}")


def _show(args) -> int:
    ruleset = load_ruleset(args.ruleset, ruleset_dirs(args))
    if args.json:
        print(json.dumps(ruleset_json(ruleset), indent=2, ensure_ascii=False))
    else:
        print("\n".join(listing(ruleset, cite=args.cite)))
    return 0


def ruleset_json(ruleset: Ruleset) -> dict[str, Any]:
    """The resolved tree with provenance, hash and files, as plain JSON data."""
    out = dict(ruleset.tree)
    out["content_hash"] = ruleset.content_hash
    out["files"] = list(ruleset.files)
    out["provenance"] = {
        path: {k: v for k, v in {
            "status": p.status.value,
            **({"source": p.citation.source, "section": p.citation.section, "quote": p.citation.quote}
               if p.citation else {}),
            "note": p.note,
            "ruleset": p.ruleset,
            "table": p.table,
        }.items() if v is not None}
        for path, p in ruleset.provenance.items()
    }
    return out


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, dict):
        return " ".join(f"{k}:{v}" for k, v in value.items())
    return str(value)


def _get(tree: dict[str, Any], path: str) -> Any:
    for part in path.split("."):
        tree = tree[part]
    return tree


def listing(ruleset: Ruleset, cite: bool = False) -> list[str]:
    """Readable lines: a header, then every rule path with its value (and provenance)."""
    tree = ruleset.tree
    lines = [f"{ruleset.id} — {ruleset.name}",
             f"kind: {ruleset.kind}   hash: {ruleset.content_hash}",
             f"files: {', '.join(ruleset.files)}"]
    lines += [f"source {s.key}: {s.file} ({s.language}) — {s.title}" for s in ruleset.sources]
    played_with = command_line_settings(ruleset)
    if played_with:
        lines.append(f"played with {', '.join(s.label for s in played_with)} (set on the command line, "
                     "status 'house')")
    rows: list[tuple[str, str, str]] = []
    for path in rule_paths():
        rows.append((path, _value(_get(tree["rules"], path)), path))
    for n, override in sorted(tree["by_players"].items(), key=lambda kv: int(kv[0])):
        for path in rule_paths():
            try:
                value = _get(override, path)
            except KeyError:
                continue
            rows.append((f"by_players.{n}.{path}", _value(value), f"by_players.{n}.{path}"))
    width = max(len(r[0]) for r in rows)
    filled = [key for _, _, key in rows if ruleset.provenance[key].status is Status.FILLED]
    if filled:
        lines.append(f"filled: {len(filled)} rule{'s' if len(filled) != 1 else ''} the sources leave unspecified, "
                     "read as another ruleset or a readings file reads them (status 'filled')")
    lines.append("")
    for shown, value, key in rows:
        prov = ruleset.provenance[key]
        if not cite:
            mark = f"  (filled from {prov.ruleset})" if prov.status is Status.FILLED else \
                "  (set on the command line)" if prov.note == SETTING_NOTE else ""
            lines.append(f"{shown:<{width}}  {value}{mark}")
            continue
        where = (f"{prov.citation.source} §{prov.citation.section}: \"{prov.citation.quote}\"" if prov.citation
                 else f"chosen by {prov.table}" if prov.table else "")
        lines.append(f"{shown:<{width}}  {value:<20}  {prov.status.value:<11}  {where}".rstrip())
        if prov.note:
            lines.append(f"{'':<{width}}  {'':<20}  note: {prov.note}")
        if prov.status is Status.FILLED:
            lines.append(f"{'':<{width}}  {'':<20}  filled from: {prov.ruleset}")
        elif prov.ruleset and prov.ruleset != ruleset.id:
            lines.append(f"{'':<{width}}  {'':<20}  set by: {prov.ruleset}")
    return lines
