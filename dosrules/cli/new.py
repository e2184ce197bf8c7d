"""``dosrules new house NAME`` and ``dosrules new edition NAME``: write a new ruleset file, valid as written."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from ..errors import DosrulesError, Location, RulesetError, UsageError
from ..ruleset.schema import ID_PATTERN
from .common import add_rulesets_option, ruleset_dirs

_ID = re.compile(ID_PATTERN)


def register(sub) -> None:
    p = sub.add_parser("new", help="write a new house rule or edition file to start from",
                       description="Write a new ruleset file that is valid as written, with a schema modeline "
                                   "for editors and comments saying what to fill in.")
    kinds = p.add_subparsers(dest="kind", metavar="KIND", parser_class=type(p))
    kinds.required = True

    h = kinds.add_parser("house", help="a house rule: the values your table plays differently",
                         description="Write a house rule NAME.yaml with the values given by --set, and "
                                     "commented-out hints for the rules house rules change most (counted over "
                                     "the shipped house rules, the examples and the --rulesets folders), with "
                                     "their value under --from and their possible values.")
    h.add_argument("name", metavar="NAME", help="the ruleset id: lower-case letters, digits and dashes")
    h.add_argument("--from", dest="edition", metavar="EDITION",
                   help="the edition (or composition) the table plays: the values are checked on it and "
                        "the hints show its values")
    h.add_argument("--set", dest="settings", action="append", default=[], metavar="PATH=VALUE",
                   help="a rule value, e.g. dos_call.catch_penalty=4 or by_players.2.setup.centre_row=3 (repeatable)")
    _output_options(h)
    h.set_defaults(handler=_new_house)

    e = kinds.add_parser("edition", help="the skeleton of an edition, to transcribe a new source into",
                         description="Write an edition NAME.yaml that sets every rule: 'unspecified' where a "
                                     "rule may be, else the value of --from marked inferred until you cite "
                                     "the source, with a place for each citation.")
    e.add_argument("name", metavar="NAME", help="the ruleset id: lower-case letters, digits and dashes")
    e.add_argument("--from", dest="edition", metavar="EDITION",
                   help="the edition whose values fill the rules that cannot be unspecified (the deck, "
                        "hand size, ...; default: the first shipped edition)")
    e.add_argument("--source", metavar="FILE", default=None,
                   help="the file name of the document you transcribe (default: NAME.txt)")
    e.add_argument("--language", default="en", metavar="XX", help="the document's language, ISO 639-1 (default en)")
    _output_options(e)
    e.set_defaults(handler=_new_edition)


def _output_options(parser) -> None:
    parser.add_argument("--out", metavar="FILE", help="where to write: a file named NAME.yaml, or a folder "
                                                     "(default: NAME.yaml in the working folder)")
    parser.add_argument("--force", action="store_true", help="overwrite the file if it exists")
    add_rulesets_option(parser)


def _target(args) -> Path:
    """The file to write, checked: a valid id, a name that matches it, and no file in the way."""
    name = args.name
    if not _ID.match(name) or len(name) > 64:
        raise UsageError(f"'{name}' is not a ruleset id",
                         fix="Use lower-case letters, digits and dashes, at most 64 characters, e.g. "
                             f"'{re.sub(r'[^a-z0-9-]+', '-', name.lower()).strip('-')[:64] or 'our-rules'}'.")
    target = Path(args.out) if args.out else Path(f"{name}.yaml")
    if args.out and (os.path.isdir(args.out) or args.out.endswith(("/", os.sep))):
        target = target / f"{name}.yaml"
    elif target.name != f"{name}.yaml":
        raise UsageError(f"--out {args.out}: a ruleset's file is named after its id, so this one must be {name}.yaml",
                         fix=f"Give --out {target.parent / (name + '.yaml')} or a folder.")
    if os.path.lexists(target) and not args.force:
        raise UsageError(f"{target} exists already", fix="Give --force to overwrite it, or another --out.")
    if os.path.isdir(target):
        raise UsageError(f"{target} is a folder", fix="Give another --out.")
    return target


def _check_and_write(target: Path, text: str, spec: str | None, dirs: list[Path]) -> None:
    """Resolve the text as ``spec`` (``{file}`` standing for the file) before writing it; every
    problem is reported at the file's own name."""
    from ..ruleset.loader import resolve

    with tempfile.TemporaryDirectory(prefix="dosrules-new-") as folder:
        trial = Path(folder) / target.name
        trial.write_text(text, encoding="utf-8")
        result = resolve(spec.format(file=trial) if spec else trial, dirs)
        if result.problems:
            shown = str(target)
            raise RulesetError([_moved(p, str(trial), shown) for p in result.problems])
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    except OSError as err:
        raise UsageError(f"cannot write {target}: {err.strerror or err}",
                         fix="Give --out a file or folder you can write to.") from None


def _moved(problem: DosrulesError, trial: str, shown: str) -> DosrulesError:
    where = problem.where
    if isinstance(where, Location) and os.path.abspath(where.file) == os.path.abspath(trial):
        where = Location(shown, where.line, where.column)
    return DosrulesError(problem.what, where=where, path=problem.path, fix=problem.fix)


def _new_house(args) -> int:
    from ..ruleset.loader import load_ruleset, shipped_dirs
    from ..ruleset.scaffold import example_dirs, house_files, house_text, most_changed, parse_setting

    target = _target(args)
    dirs = ruleset_dirs(args)
    settings = [parse_setting(text) for text in args.settings]
    seen: dict[str, str] = {}
    for setting, text in zip(settings, args.settings):
        if setting.key in seen:
            raise UsageError(f"--set {text}: '{setting.key}' is set twice (also by --set {seen[setting.key]})",
                             fix="Give each rule one value.")
        seen[setting.key] = text
    edition = load_ruleset(args.edition, dirs) if args.edition else None
    hints = most_changed(house_files([*shipped_dirs(), *example_dirs(), *dirs]))
    text = house_text(args.name, target, settings, edition=edition, hints=hints)
    _check_and_write(target, text, f"{args.edition}+{{file}}" if args.edition else None, dirs)
    base = edition.id if edition else "EDITION"
    print(f"wrote {target}: a house rule setting {len(settings)} rule{'s' if len(settings) != 1 else ''}"
          + (f" ({', '.join(args.settings)})" if settings else "") + ".")
    extra = "".join(f" --rulesets {d}" for d in args.rulesets)
    print(f"Next: edit it, then 'dosrules validate {target}' and 'dosrules show {base}+{target}{extra}'.")
    return 0


def _new_edition(args) -> int:
    from ..ruleset.loader import load_ruleset, shipped_ids
    from ..ruleset.scaffold import edition_text

    target = _target(args)
    dirs = ruleset_dirs(args)
    if not re.match(r"^[a-z]{2}$", args.language):
        raise UsageError(f"--language {args.language}: not an ISO 639-1 code",
                         fix="Give two lower-case letters, e.g. en, de, fr.")
    editions = shipped_ids("editions")
    model_id = args.edition or (editions[0] if editions else None)
    if model_id is None:  # pragma: no cover - an installation without rulesets
        raise UsageError("no edition to take the values that need one from", fix="Give --from EDITION.")
    model = load_ruleset(model_id, dirs)
    text = edition_text(args.name, target, model, args.source or f"{args.name}.txt", args.language)
    _check_and_write(target, text, None, dirs)
    print(f"wrote {target}: every rule unspecified where it may be; the others copied from {model.id} and "
          "marked inferred until you cite your source.")
    print(f"Next: transcribe, then 'dosrules validate {target}' (it counts the citations still to transcribe); "
          f"'dosrules gaps {target}' lists what stays unspecified.")
    return 0
