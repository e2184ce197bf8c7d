"""Filling silences: ``german~mattel-2018`` is german with every rule it leaves unspecified read
as mattel-2018 reads it.

A spec ``TARGET~SOURCE~SOURCE...`` is accepted wherever a ruleset is (the loader resolves it).
``+`` binds tighter than ``~``: TARGET is an ordinary spec (an id, a path, ``edition+house``) and
so is each SOURCE, or a SOURCE is

- a readings file: a YAML file with a top-level ``readings:`` mapping from rule path to a
  reading (``deck_exhaustion: reshuffle-discard``, or ``{value: ..., note: ...}``);
- an inline reading: ``path=value`` (``german~deck_exhaustion=end-round~setup.first_player=dealer``).

Sources apply in order and each fills only what is still unspecified, so the first source with a
reading for a rule decides it. Filling never changes a value that is not ``unspecified``. A
filled value has the status ``filled``; its provenance keeps the citation and note the source
gave it, and ``ruleset`` names the file it came from (the readings file, for a reading). Per
player count the rules in force are filled: a source's ``by_players`` value fills that count.

A ruleset source must be complete (an edition, or house rules composed with one), have the same
deck for every player count, and allow every player count the target allows. The filled
ruleset's id is ``TARGET-ID~SOURCE-ID`` (a readings file's id is its file name's stem).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence, Union

from ..errors import DosrulesError, Location, RulesetError
from .build import build_ruleset, merge_rules, source_titles_of
from .model import UNSPECIFIED_TEXT, Provenance, Ruleset, Status
from .readings import OPEN_PATHS, ReadingError, can_be_unspecified, parse_reading, reading_text, readings
from .schema import dotted, nearest, sort_problems
from .settings import SET
from .yaml12 import Document, read_yaml

__all__ = ["FILL", "Reading", "Readings", "fill_ruleset", "fill_inline", "read_readings", "inline_reading", "resolve_filled",
           "is_readings_file"]

FILL = "~"
#: sources after a ruleset in one spec (``A~B~C``): each fills what the ones before left silent, so
#: more than the rules that can be silent (36) fill nothing; 2,000 parts took 23 s to resolve
MAX_FILL_SOURCES = 64
SHOWN = 80  # characters of a spec quoted in a message


def _said(spec: str) -> str:
    """A spec as a message quotes it: cut to SHOWN characters."""
    return spec if len(spec) <= SHOWN else spec[:SHOWN - 3] + "..."
READINGS_KEYS = ("name", "description", "readings")
READINGS_SHAPE = ("A readings file is a mapping with 'readings:', a mapping from rule path to a reading "
                  "(e.g. deck_exhaustion: reshuffle-discard); see docs/gaps.md.")


@dataclass(frozen=True)
class Reading:
    """One chosen reading of a silent rule."""

    path: str
    value: Any  # a model value (an enum member, a bool, an int)
    note: str | None = None


@dataclass(frozen=True)
class Readings:
    """A set of readings to fill silences with: a readings file, or readings written inline."""

    id: str  # goes into the filled ruleset's id: german~<id>
    name: str
    values: Mapping[str, Reading]
    file: str | None = None  # the readings file, as displayed

    def provenance(self, path: str) -> Provenance:
        reading = self.values[path]
        note = reading.note or ("a reading chosen in " + self.file if self.file else "a reading chosen on the command line")
        return Provenance(Status.FILLED, None, note, self.file or f"{path}={reading_text(reading.value)}")

    def then(self, later: "Readings") -> "Readings":
        """These inline readings followed by ``later`` ones (the first reading of a rule counts)."""
        return Readings(f"{self.id}{FILL}{later.id}", f"{self.name}, then from {later.name}",
                        {**later.values, **self.values})


FillSource = Union[Ruleset, Readings]


# --- reading readings -------------------------------------------------------------------------


def is_readings_file(path: Path) -> bool:
    """Whether ``path`` is a YAML file whose top level has ``readings`` (else a ruleset, or unreadable)."""
    try:
        data = read_yaml(path, shape=READINGS_SHAPE).data
    except DosrulesError:
        return False
    return isinstance(data, dict) and "readings" in data


def read_readings(file: str | Path, display: str | None = None) -> Readings:
    """A readings file; :class:`~dosrules.errors.RulesetError` holding every problem if it is bad."""
    doc = read_yaml(file, display, shape=READINGS_SHAPE)
    problems: list[DosrulesError] = []

    def problem(at: tuple, what: str, fix: str, key: bool = False) -> None:
        problems.append(DosrulesError(what, where=doc.where(at, key=key), path=dotted(at), fix=fix))

    data = doc.data
    for key in data:
        if key not in READINGS_KEYS:
            guess = nearest(key, READINGS_KEYS)
            problem((key,), f"unknown key '{key}' in a readings file" + (f" — did you mean '{guess}'?" if guess else ""),
                    f"A readings file has {', '.join(READINGS_KEYS)}.", key=True)
    for key in ("name", "description"):
        if key in data and not (isinstance(data[key], str) and data[key].strip()):
            problem((key,), f"'{key}' must be text", f"Write the {key} as a line of text.")
    entries = data.get("readings")
    values: dict[str, Reading] = {}
    if not isinstance(entries, dict) or not entries:
        problem(("readings",), "'readings' must be a mapping from rule path to a reading, with at least one entry",
                "Write e.g. readings: {deck_exhaustion: reshuffle-discard}.")
        entries = {}
    for path, entry in entries.items():
        at = ("readings", path)
        raw, note = entry, None
        if isinstance(entry, dict):
            extra = [k for k in entry if k not in ("value", "note")]
            if extra or "value" not in entry:
                problem(at, f"the reading of '{path}' " + (f"has the unknown key '{extra[0]}'" if extra
                                                           else "has no 'value'"),
                        "Write the reading as a value, or as {value: ..., note: ...}.")
                continue
            raw, note = entry["value"], entry.get("note")
            if note is not None and not (isinstance(note, str) and note.strip()):
                problem((*at, "note"), f"the note on '{path}' must be text", "Write the note as a line of text.")
                continue
            at = (*at, "value")
        try:
            values[path] = Reading(path, parse_reading(path, raw), note)
        except ReadingError as err:
            about_path = err.about == "path"
            problem(("readings", path) if about_path else at, err.what, err.fix, key=about_path)
    if problems:
        raise RulesetError(sort_problems(problems))
    stem = Path(file).stem
    return Readings(stem, str(data.get("name") or stem), values, doc.file)


def inline_reading(text: str, spec: str) -> Readings:
    """``deck_exhaustion=end-round`` (one part of a spec) as Readings; DosrulesError if bad."""
    path, _, raw = text.partition("=")
    path, raw = path.strip(), raw.strip()
    if not path or not raw or "=" in raw or "," in raw:
        raise DosrulesError(f"'{text}' in '{_said(spec)}' is not a reading",
                            fix=f"Write one reading after each '{FILL}' as path=value: "
                                f"RULESET{FILL}deck_exhaustion=end-round{FILL}setup.first_player=dealer.")
    try:
        value = parse_reading(path, raw)
    except ReadingError as err:
        raise DosrulesError(f"in '{_said(spec)}': {err.what}", path=path, fix=err.fix) from None
    return Readings(text, text, {path: Reading(path, value)})


# --- filling ----------------------------------------------------------------------------------


def _get(tree: Mapping[str, Any], path: str) -> Any:
    for part in path.split("."):
        if not isinstance(tree, Mapping) or part not in tree:
            return None
        tree = tree[part]
    return tree


def _set(tree: dict[str, Any], path: str, value: Any) -> None:
    *groups, leaf = path.split(".")
    for part in groups:
        tree = tree.setdefault(part, {})
    tree[leaf] = value


def _plain(value: Any) -> Any:
    """A model value as it stands in a rule tree (an enum by its text)."""
    return getattr(value, "value", value)


def _check_compatible(target: Ruleset, source: Ruleset) -> None:
    lo, hi = target.rules.players.min, target.rules.players.max
    slo, shi = source.rules.players.min, source.rules.players.max
    if slo > lo or shi < hi:
        missing = [n for n in range(lo, hi + 1) if not slo <= n <= shi]
        raise DosrulesError(
            f"cannot fill {target.id} ({lo} to {hi} players) from {source.id} ({slo} to {shi} players): "
            f"{source.id} has no rules for {', '.join(map(str, missing))} players",
            fix="Fill from a ruleset that allows every player count the filled one does, or use a readings file.")
    for n in range(lo, hi + 1):
        ours, theirs = target.for_players(n).deck, source.for_players(n).deck
        if ours != theirs:
            field = next(f for f in ("colours", "numbers", "wild_number_per_colour", "wild_dos", "per_colour", "total")
                         if getattr(ours, f) != getattr(theirs, f))
            raise DosrulesError(
                f"cannot fill {target.id} from {source.id}: their decks differ "
                f"(deck.{field} for {n} players)", path=f"deck.{field}",
                fix="A reading from another deck reads another game: fill from a ruleset with the same deck, "
                    "or use a readings file.")


def _source_reading(source: FillSource, path: str, players: int | None) -> tuple[Any, Provenance] | None:
    """(plain value, provenance as filled) of ``path`` in the source, or None when it has none."""
    if isinstance(source, Readings):
        if path not in source.values:
            return None
        return _plain(source.values[path].value), source.provenance(path)
    rules = source.for_players(players) if players is not None else source.rules
    value = rules.get(path)
    plain = _plain(value)
    if plain == UNSPECIFIED_TEXT or value is None or reading_text(value) == UNSPECIFIED_TEXT:
        return None
    prov = source.provenance_of(path, players)
    return plain, Provenance(Status.FILLED, prov.citation, prov.note, prov.ruleset or source.id)


def fill_ruleset(target: Ruleset, source: FillSource) -> Ruleset:
    """``target`` with each rule it leaves unspecified filled from ``source`` (a Ruleset or
    :class:`Readings`), per player count; stated values are never changed. DosrulesError when a
    ruleset source has another deck or does not allow every player count the target does."""
    if isinstance(source, Ruleset):
        _check_compatible(target, source)
    tree = copy.deepcopy(dict(target.tree))
    rules: dict[str, Any] = tree["rules"]
    by_players: dict[str, dict[str, Any]] = tree.setdefault("by_players", {})
    provenance = dict(target.provenance)
    original = target.tree["rules"]
    counts = range(target.rules.players.min, target.rules.players.max + 1)
    for path in OPEN_PATHS:
        if _get(original, path) == UNSPECIFIED_TEXT:
            found = _source_reading(source, path, None)
            if found is not None:
                _set(rules, path, found[0])
                provenance[path] = found[1]
        for n in counts:
            override = target.tree.get("by_players", {}).get(str(n), {})
            own = _get(override, path)
            if (own if own is not None else _get(original, path)) != UNSPECIFIED_TEXT:
                continue
            found = _source_reading(source, path, n)
            if found is None or (own is None and _get(rules, path) == found[0]):
                continue
            _set(by_players.setdefault(str(n), {}), path, found[0])
            provenance[f"by_players.{n}.{path}"] = found[1]
    if isinstance(source, Ruleset):
        _add_sources(tree, target, source, provenance)
    tree["id"] = f"{target.id}{FILL}{source.id}"
    tree["name"] = f"{target.name}, {'then' if FILL in target.id else 'silences filled'} from {source.name}"
    files = target.files + ((source.file,) if isinstance(source, Readings) and source.file else
                            source.files if isinstance(source, Ruleset) else ())
    titles = source_titles_of(target, *([source] if isinstance(source, Ruleset) else []))
    return build_ruleset(tree, provenance, tuple(dict.fromkeys(files)), source_titles=titles)


def _add_sources(tree: dict[str, Any], target: Ruleset, source: Ruleset, provenance: Mapping[str, Provenance]) -> None:
    """Add the documents the filled values cite to the tree's sources (a key must mean one document)."""
    keys = {p.citation.source for p in provenance.values() if p.status is Status.FILLED and p.citation}
    ours = {s["key"]: s for s in tree["sources"]}
    for entry in source.tree["sources"]:
        if entry["key"] not in keys:
            continue
        if entry["key"] not in ours:
            tree["sources"].append(dict(entry))
            ours[entry["key"]] = entry
        elif dict(ours[entry["key"]]) != dict(entry):
            raise DosrulesError(
                f"cannot fill {target.id} from {source.id}: the source key '{entry['key']}' names "
                f"{ours[entry['key']]['file']} in one and {entry['file']} in the other",
                fix="Give the source a key of its own in one of the files, or fill from a readings file.")


# --- specs ------------------------------------------------------------------------------------


def _source(part: str, spec: str, target: str, search_dirs: Sequence[Path], ids_only: bool = False) -> FillSource:
    """What one part after '~' names: inline readings, a readings file, or a complete ruleset
    (with ``ids_only``: inline readings or a ruleset id, never a file)."""
    from .loader import _is_file, resolve

    path = Path(part)
    is_file = not ids_only and _is_file(part)  # False, never an error, for a name too long
    if "=" in part and SET not in part and not is_file:
        return inline_reading(part, spec)
    if can_be_unspecified(part):
        texts = ", ".join(reading_text(v) for v in readings(part))
        raise DosrulesError(f"'{part}' in '{_said(spec)}' names a rule but no reading", path=part,
                            fix=f"Write {part}=<reading>; its readings are: {texts}.")
    if is_file and is_readings_file(path):
        return read_readings(path)
    found = resolve(part, search_dirs, ids_only=ids_only)
    if found.problems:
        raise RulesetError(found.problems)
    if found.ruleset is None:
        raise DosrulesError(
            f"cannot fill from '{part}': it is a house rule on its own, which sets only some rules",
            where=Location(found.files[-1]) if found.files else None,
            fix=f"Compose it instead ({target}+{part}), fill from it composed with an edition "
                f"({target}{FILL}<edition>+{part}), or write the readings in a readings file.")
    return found.ruleset


def resolve_filled(spec: str, search_dirs: Iterable[str | Path] = (), ids_only: bool = False):
    """Resolve ``TARGET~SOURCE...`` (see the module docstring) into a loader Resolution (with
    ``ids_only``, as ``loader.resolve``: no part is read as a path)."""
    from .loader import Resolution, resolve

    dirs = [Path(d) for d in search_dirs]
    parts = spec.split(FILL)
    if len(parts) - 1 > MAX_FILL_SOURCES:
        return Resolution(spec, [DosrulesError(
            f"'{_said(spec)}' fills from {len(parts) - 1} sources; a spec fills from at most {MAX_FILL_SOURCES}",
            fix=f"Fill from fewer sources: a readings file fills many silences at once ({FILL}FILE.yaml), and "
                "no ruleset has more than 36 rules that can be silent.")])
    if any(not p.strip() for p in parts):
        return Resolution(spec, [DosrulesError(
            f"'{_said(spec)}' is not a ruleset spec: a part around '{FILL}' is empty",
            fix=f"Write RULESET{FILL}SOURCE: the source is another ruleset, a readings file, or one reading "
                f"such as deck_exhaustion=end-round.")])
    target = resolve(parts[0], dirs, ids_only=ids_only)
    if target.problems:
        return Resolution(spec, target.problems, files=target.files)
    if target.ruleset is None:
        return Resolution(spec, [DosrulesError(
            f"'{parts[0]}' is a house rule on its own, which sets only some rules, so it has no silences to fill",
            where=Location(target.files[-1]) if target.files else None,
            fix=f"Compose it with an edition first and fill that: <edition>+{parts[0]}{FILL}"
                f"{FILL.join(parts[1:])}.")], files=target.files)
    try:
        sources = [_source(part.strip(), spec, parts[0], dirs, ids_only) for part in parts[1:]]
        ruleset = target.ruleset
        for source in _merge_inline(sources):
            ruleset = fill_ruleset(ruleset, source)
    except RulesetError as err:
        return Resolution(spec, err.problems)
    except DosrulesError as err:
        return Resolution(spec, [err])
    return Resolution(spec, [], ruleset, True, ruleset.files)


def fill_inline(target: Ruleset, readings_: Sequence[str]) -> Ruleset:
    """``target`` filled with inline readings (``path=value`` texts): the ruleset that the spec
    ``T~r1~r2...`` names when ``target`` is ``T`` (the same tree, id and content hash), without
    reading ``T`` again."""
    merged = None
    for text in readings_:
        reading = inline_reading(text, FILL.join([target.id, *readings_]))
        merged = reading if merged is None else merged.then(reading)
    return target if merged is None else fill_ruleset(target, merged)


def _merge_inline(sources: list[FillSource]) -> list[FillSource]:
    """Consecutive inline readings as one source: one fill instead of one per reading. The ruleset
    is the same (a reading fills only a rule no earlier one did, and the names chain alike)."""
    out: list[FillSource] = []
    for source in sources:
        last = out[-1] if out else None
        if isinstance(source, Readings) and source.file is None and isinstance(last, Readings) and last.file is None:
            out[-1] = last.then(source)
        else:
            out.append(source)
    return out
