"""Load rulesets: find files by id, resolve ``extends`` and ``A+B`` composition, validate, build.

``load_ruleset("mattel-2018")``, ``load_ruleset("mattel-2018+reshuffle+target-500")`` or a
path. Each file is read safely (:mod:`dosrules.ruleset.yaml12`), checked against the JSON Schema
(:mod:`dosrules.ruleset.schema`) and its ``cite`` table (:mod:`dosrules.ruleset.provenance`); then the layers
are laid over each other — an overlay replaces the values it names and keeps the rest — and
the result is checked as a whole (:mod:`dosrules.ruleset.checks`). Every problem of every file is
collected in one pass: a file with schema errors is still checked, citations and semantics, on
the part that passed (:mod:`dosrules.ruleset.sound`); it is only never built. A bad ruleset
raises one :class:`~dosrules.errors.RulesetError` holding them all, in file order.

Finding rulesets. A part of a spec that is an id and names a ruleset is that ruleset, even where
the working folder holds a file or folder of that name (``./NAME`` reads it); a part that is not
an id, or an id no folder holds, is read as a path. An id is looked up, in this order, in the folder of the file that names it
(for ``extends``), the folders given as ``search_dirs`` (``--rulesets DIR``; each also with its
``editions/`` and ``house/`` subfolders), and the shipped rulesets. Ids are validated before
any lookup, so ``extends`` never reaches outside those folders.

Composition. In ``A+B+C`` the first part is resolved in full (its ``extends`` chain); each later
part must be a house rule and contributes its own values and those of the house rules it extends,
down to (not including) the edition it names. The composed id is the last edition's id followed
by the house rules laid on it (``mattel-2018+reshuffle``, however it was spelled). House rules
apply in order: where two set the same rule, the later one's value wins.

Filling. ``A~B`` fills A's silences from B (another ruleset, a readings file or ``path=value``);
``+`` binds tighter. :func:`resolve` hands such specs to :mod:`dosrules.ruleset.fill`.
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from .build import build_ruleset, merge_rules
from .fill import FILL
from .checks import missing_rules, semantic_problems
from ..errors import DosrulesError, Location, RulesetError
from .localized import Localized, english
from .model import LaidPart, Provenance, Ruleset
from .provenance import file_leaves, file_provenance
from .resources import data_dir
from .schema import ID_PATTERN, nearest, schema_problems, sort_problems
from .settings import SET, CommandLineSetting, parse_settings, settings_document, settings_provenance, split_settings
from .sound import Sound, sound_part
from .yaml12 import Document, read_yaml

MAX_EXTENDS = 8  # files in one extends chain
MAX_PARTS = 64  # parts of a composition a+b+...: every house rule there is, many times over (6,000 took 4.6 s)
MAX_ID = 64  # characters of a ruleset id (the schema's maxLength of `id`)
_ID = re.compile(ID_PATTERN)
SHIPPED_KINDS = ("editions", "house")


def shipped_dirs() -> list[Path]:
    """Folders holding the shipped rulesets: installed package data, else the source checkout."""
    root = data_dir("rulesets")
    return [root / kind for kind in SHIPPED_KINDS if (root / kind).is_dir()] if root else []


@dataclass(frozen=True)
class ShippedRuleset:
    id: str
    kind: str
    name: str
    path: Path


def shipped_ids(folder_name: str | None = None) -> list[str]:
    """Ids of the shipped rulesets (file names), editions first; only ``"editions"`` or
    ``"house"`` when ``folder_name`` is given."""
    return [p.stem for folder in shipped_dirs() if folder_name in (None, folder.name)
            for p in sorted(folder.glob("*.yaml"))]


def shipped_rulesets() -> list[ShippedRuleset]:
    """The shipped rulesets with their kind and name (a file that cannot be read says so)."""
    out = []
    for folder in shipped_dirs():
        for path in sorted(folder.glob("*.yaml")):
            try:
                data = read_yaml(path).data
                kind, name = str(data.get("kind", "?")), english(data.get("name")) or "?"
            except DosrulesError as err:
                kind, name = "?", f"(unreadable: {err.what})"
            out.append(ShippedRuleset(path.stem, kind, name, path))
    return out


def find_ruleset_file(ruleset_id: str, search_dirs: Iterable[str | Path] = ()) -> Path:
    """The file of a ruleset id in ``search_dirs`` or the shipped rulesets; DosrulesError if none."""
    folders = _search_folders(None, [Path(d) for d in search_dirs])
    found = _find(ruleset_id, folders)
    if found is None:
        raise _not_found(ruleset_id, folders)
    return found


def _real(path: Path) -> Path:
    """The path with links resolved; never raises (a link that loops stays as it is)."""
    return Path(os.path.realpath(path))


def _display(path: Path) -> str:
    """A path as short as it can be said: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # pragma: no cover - other drive on Windows
        return str(path)
    return str(path) if rel.startswith("..") else rel


def _search_folders(near: Path | None, search_dirs: Sequence[Path]) -> list[Path]:
    folders: list[Path] = [near] if near is not None else []
    for folder in search_dirs:
        folders += [folder, *(folder / kind for kind in SHIPPED_KINDS if (folder / kind).is_dir())]
    folders += shipped_dirs()
    unique: list[Path] = []
    for folder in folders:
        if _real(folder) not in [_real(u) for u in unique]:
            unique.append(folder)
    return unique


def _find(ruleset_id: str, folders: Sequence[Path]) -> Path | None:
    """The first ``<id>.yaml`` in ``folders``. Anything at that name counts (a link that loops,
    a FIFO), so that reading it says what is wrong instead of "not found"."""
    if not _ID.match(ruleset_id) or len(ruleset_id) > MAX_ID:  # never a path: no '/', '..' or '.yaml'
        return None
    for folder in folders:
        candidate = folder / f"{ruleset_id}.yaml"
        if os.path.lexists(candidate):
            return candidate
    return None


def _guess(text: str, folders: Sequence[Path]) -> str | None:
    """The id in ``folders`` closest to ``text``, case ignored (``Reshuffle`` -> ``reshuffle``)."""
    known = sorted({p.stem for f in folders if f.is_dir() for p in f.glob("*.yaml")})
    return {k.lower(): k for k in known}.get(text.lower()) or nearest(text.lower(), known)


def _not_found(ruleset_id: str, folders: Sequence[Path], where: Location | None = None,
               what: str | None = None) -> DosrulesError:
    guess = _guess(ruleset_id, folders)
    what = (what or f"no ruleset with the id '{ruleset_id}'") + (f" — did you mean '{guess}'?" if guess else "")
    searched = ", ".join(_display(f) for f in folders) or "(no folders)"
    return DosrulesError(what, where=where,
                         fix=f"Searched: {searched}. Check the id ('dosrules list' shows the shipped "
                             "ones), or add the folder that holds it with --rulesets DIR.")


# --- one file ---------------------------------------------------------------------------------


@dataclass
class RulesetFile:
    """One ruleset file as read: its document, provenance and whether it passed its own checks."""

    path: Path
    doc: Document
    valid: bool  # schema-valid (only then is it built)
    provenance: dict[str, Provenance] = field(default_factory=dict)
    sound: Sound | None = None  # the part that passed the schema, which the later checks read

    @property
    def data(self) -> dict[str, Any]:
        """The data the provenance and semantic checks read: all of it when valid, else its
        sound part (empty when even the top level is unusable)."""
        return self.sound.data if self.sound is not None and self.sound.data is not None else {}

    @property
    def id(self) -> str:
        value = self.doc.data.get("id")
        return value if isinstance(value, str) else self.path.stem

    @property
    def kind(self) -> str:
        return self.doc.data.get("kind") if self.doc.data.get("kind") in ("edition", "house") else "edition"

    @property
    def kind_known(self) -> bool:
        return "kind" in self.data

    @property
    def extends(self) -> str | None:
        value = self.doc.data.get("extends")
        return value if isinstance(value, str) and _ID.match(value) else None


@dataclass
class SettingsFile(RulesetFile):
    """The ``@path=value`` settings of one spec part, read as a house rule of their own."""

    settings: tuple[CommandLineSetting, ...] = ()

    @property
    def suffix(self) -> str:
        """What the settings add to the composed id: ``@target=300``."""
        return "".join(SET + s.text for s in self.settings)

    @property
    def label(self) -> str:
        return ", ".join(s.label for s in self.settings)


_SHARED: dict[tuple, tuple[RulesetFile | None, list[DosrulesError]]] | None = None


@contextmanager
def files_read_once() -> Iterator[None]:
    """Within the block, each ruleset file is read and checked once for every spec resolved
    (a command that loads many compositions of the same files, such as ``interactions``); the
    files must not change meanwhile. Outside it every resolve reads its files afresh."""
    global _SHARED
    outer = _SHARED
    _SHARED = {} if outer is None else outer
    try:
        yield
    finally:
        _SHARED = outer


class _Session:
    """Reads files once each and collects every problem met while resolving a spec."""

    def __init__(self, search_dirs: Sequence[Path], ids_only: bool = False):
        self.search_dirs = list(search_dirs)
        self.ids_only = ids_only  # parts are ids, never paths (a spec read from a file, not typed)
        self.problems: list[DosrulesError] = []
        self.cache: dict[Path, RulesetFile | None] = {}

    def read(self, path: Path) -> RulesetFile | None:
        key = _real(path)
        if key in self.cache:
            return self.cache[key]
        shared_key = (key, str(path), _display(path))
        if _SHARED is not None and shared_key in _SHARED:  # read by an earlier spec of this command
            file, problems = _SHARED[shared_key]
            self.problems += problems
            self.cache[key] = file
            return file
        before = len(self.problems)
        file = self._read(path, key)
        if _SHARED is not None:
            _SHARED[shared_key] = (file, self.problems[before:])
        return file

    def _read(self, path: Path, key: Path) -> RulesetFile | None:
        try:
            doc = read_yaml(path, _display(path))
        except DosrulesError as err:
            self.problems.append(err)
            self.cache[key] = None
            return None
        problems = schema_problems(doc)
        sound = Sound(doc.data, frozenset()) if not problems else sound_part(doc.data)
        file = RulesetFile(path, doc, valid=not problems, sound=sound)
        file.provenance, more = file_provenance(doc, sound)
        problems += more
        if "id" in file.data:
            if doc.data["id"] != path.stem:
                problems.append(DosrulesError(
                    f"the id '{doc.data['id']}' differs from the file name '{path.name}'",
                    where=doc.where(("id",)), path="id",
                    fix=f"Rename the file to {doc.data['id']}.yaml or the id to '{path.stem}': "
                        "rulesets are found by id through their file names."))
        self.problems += sort_problems(problems)
        self.cache[key] = file
        return file

    def chain(self, file: RulesetFile, trail: tuple[RulesetFile, ...] = ()) -> list[RulesetFile] | None:
        """The file and the files it extends, base first; None if the chain is broken."""
        trail_paths = [_real(t.path) for t in trail]
        if _real(file.path) in trail_paths:
            names = [t.id for t in trail[trail_paths.index(_real(file.path)):]] + [file.id]
            child = trail[-1]
            self.problems.append(DosrulesError(
                "extends cycle: " + " -> ".join(names), where=child.doc.where(("extends",)), path="extends",
                fix="A ruleset cannot extend itself, directly or through others; break the cycle."))
            return None
        if len(trail) >= MAX_EXTENDS:
            self.problems.append(DosrulesError(
                f"the extends chain is longer than {MAX_EXTENDS} files: "
                + " -> ".join(t.id for t in (*trail, file)), where=file.doc.where(("extends",)),
                path="extends", fix="Flatten the chain: let a ruleset extend an edition directly."))
            return None
        if "extends" not in file.doc.data:
            return [file]
        if file.extends is None:  # not an id: the schema reported it; never look it up
            return None
        folders = _search_folders(file.path.parent, self.search_dirs)
        parent_path = _find(file.extends, folders)
        if parent_path is None:
            self.problems.append(_not_found(
                file.extends, folders, where=file.doc.where(("extends",)),
                what=f"'{file.id}' extends '{file.extends}', which was not found"))
            return None
        parent = self.read(parent_path)
        if parent is None:
            return None
        above = self.chain(parent, (*trail, file))
        return None if above is None else [*above, file]

    def settings(self, part: str, index: int) -> SettingsFile | None:
        """The settings of a spec part as a house-rule layer (None when it has none or they are
        malformed: the problem is collected)."""
        try:
            settings = parse_settings(part)
            if not settings:
                return None
            doc = settings_document(part, settings)
        except DosrulesError as err:
            self.problems.append(err)
            return None
        problems = schema_problems(doc)
        sound = Sound(doc.data, frozenset()) if not problems else sound_part(doc.data)
        file = SettingsFile(Path(f"<{SET}{index}>"), doc, valid=not problems, sound=sound,
                            settings=tuple(settings))
        provenance, more = file_provenance(doc, sound)
        file.provenance = settings_provenance(settings, provenance)
        self.problems += sort_problems(problems + more)
        return file

    def part(self, text: str) -> RulesetFile | None:
        """The file a part of a spec names: an id, or a path."""
        if self.ids_only and not _ID.match(text):
            self.problems.append(DosrulesError(
                f"'{text[:80]}' is not a ruleset id (lower-case letters, digits and dashes)",
                fix="Name rulesets by id here, e.g. mattel-2018+reshuffle; a path is not read."))
            return None
        folders = _search_folders(None, self.search_dirs) if _ID.match(text) else []
        if _ID.match(text) and (self.ids_only or not os.path.lexists(text) or _find(text, folders) is not None):
            # an id that names a ruleset is that ruleset, whatever the working folder holds: a file
            # or folder of the same name there is read only as a path (./mattel-2018)
            path = _find(text, folders)
            if path is None:
                self.problems.append(_not_found(text, folders))
                return None
            return self.read(path)
        path = Path(text)
        if not os.path.lexists(path):  # os.path: False, never an error, for a name too long or a NUL
            guess = _guess(text, _search_folders(None, self.search_dirs)) if len(text) <= MAX_ID else None
            self.problems.append(DosrulesError(
                f"'{text}' is neither a ruleset id nor an existing file"
                + (f" — did you mean '{guess}'? (ids are lower-case)" if guess else ""),
                fix="Give an id such as mattel-2018 ('dosrules list' shows them), a composition "
                    "such as mattel-2018+reshuffle, or the path of a .yaml file."))
            return None
        return self.read(path)


# --- resolving a spec -------------------------------------------------------------------------


@dataclass
class Resolution:
    """What resolving a spec produced: the ruleset (if it is complete and valid) and every problem."""

    spec: str
    problems: list[DosrulesError]
    ruleset: Ruleset | None = None
    complete: bool = False  # the tree sets every rule (an edition, or house rules on one)
    files: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        return not self.problems


def _is_file(text: str) -> bool:
    """Whether ``text`` names an existing file (False for text no file can be named by)."""
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False


def _split(spec: str, ids_only: bool = False) -> list[str]:
    if not ids_only and _is_file(spec):
        return [spec]
    return spec.split("+")


def resolve(spec: str | Path, search_dirs: Iterable[str | Path] = (), *, ids_only: bool = False) -> Resolution:
    """Resolve a spec without raising for bad input: every problem is in the result. With
    ``ids_only`` every part is looked up as an id, never read as a path.

    A spec with ``~`` fills silences (``german~mattel-2018``): see :mod:`dosrules.ruleset.fill`."""
    spec = str(spec)
    if FILL in spec and (ids_only or not _is_file(spec)):
        from .fill import resolve_filled

        return resolve_filled(spec, search_dirs, ids_only=ids_only)
    session = _Session([Path(d) for d in search_dirs], ids_only)
    if not spec.strip() or any(not p.strip() for p in _split(spec, ids_only)):
        session.problems.append(DosrulesError(
            f"'{spec}' is not a ruleset spec: a part is empty",
            fix="Write ids or paths joined by '+', e.g. mattel-2018+reshuffle."))
        return Resolution(spec, session.problems)
    if len(_split(spec, ids_only)) > MAX_PARTS:
        session.problems.append(DosrulesError(
            f"'{spec[:60]}...' composes {len(_split(spec, ids_only))} parts; a composition has at most {MAX_PARTS}",
            fix="Compose each house rule once: a later part only overrides the rules an earlier one set."))
        return Resolution(spec, session.problems)
    texts = _split(spec, ids_only)
    whole_file = len(texts) == 1 and not ids_only and _is_file(spec)
    bases = texts if whole_file else [split_settings(p)[0] for p in texts]
    settings = [None] * len(texts) if whole_file else [session.settings(p, i) for i, p in enumerate(texts)]
    parts = [session.part(b) if b.strip() else _no_base(t, session) for b, t in zip(bases, texts)]
    chains = [session.chain(f) if f is not None else None for f in parts]
    if any(c is None for c in chains):
        return Resolution(spec, sort_problems(session.problems))

    layers: list[tuple[int, RulesetFile]] = [(0, f) for f in chains[0]]
    for index, chain in enumerate(chains[1:], start=1):
        if chain[-1].kind == "edition":
            session.problems.append(DosrulesError(
                f"'{chain[-1].id}' is an edition; in a composition only the first part may be one",
                where=Location(chain[-1].doc.file), fix=f"Put it first ({chain[-1].id}+...), or compose "
                "house rules only after the first part."))
            continue
        tail = [f for f in chain[_last_edition(chain) + 1:]]
        layers += [(index, f) for f in tail]
    for index, layer in enumerate(settings):
        if layer is not None:  # right after its part's files
            at = max(i for i, (part_index, _) in enumerate(layers) if part_index <= index) + 1 \
                if any(p <= index for p, _ in layers) else 0
            layers.insert(at, (index, layer))
    result = _layer(layers, session)
    return Resolution(spec, sort_problems(session.problems), *result)


def _no_base(text: str, session: _Session) -> None:
    session.problems.append(DosrulesError(
        f"'{text}' sets rules but names no ruleset to set them in",
        fix="Write the ruleset first: mattel-2018@target=300, or mattel-2018+reshuffle@target=300."))
    return None


def _last_edition(chain: Sequence[RulesetFile]) -> int:
    found = -1
    for i, f in enumerate(chain):
        if f.kind == "edition":
            found = i
    return found


def _layer(layers: list[tuple[int, RulesetFile]], session: _Session) -> tuple[Ruleset | None, bool, tuple[str, ...]]:
    """Lay the files over each other in order; check the result; build it if complete."""
    rules: dict[str, Any] = {}
    by_players: dict[str, dict[str, Any]] = {}
    provenance: dict[str, Provenance] = {}
    origin: dict[str, tuple[Document, tuple]] = {}
    ids: list[str] = []
    names: list[str] = []
    parts: list[LaidPart] = []
    sources: list[dict[str, str]] = []
    source_titles: dict[str, Localized] = {}
    source_origin: dict[str, RulesetFile] = {}
    applied: list[Path] = []
    lost: list[str] = []  # rule values that failed the schema: not "missing" from an edition
    complete = False
    for _part, file in layers:
        if _real(file.path) in applied:  # extended by a later part as well: lay it once
            continue
        applied.append(_real(file.path))
        data = file.data
        lost += file.sound.rule_values_lost() if file.sound else []
        for path, tree_path, value in file_leaves(data):
            origin.pop(path, None)  # the origin's order is the order the values were last set in
            origin[path] = (file.doc, tree_path)
        for n in data.get("by_players") or {}:
            origin[f"by_players.{n}"] = (file.doc, ("by_players", n))
        rules = merge_rules(rules, data.get("rules") or {})
        for n, override in (data.get("by_players") or {}).items():
            by_players[n] = merge_rules(by_players.get(n, {}), override or {})
        for path in file.sound.rule_values_lost() if file.sound else []:
            # the file set this value, but not validly: the checks must not read an older layer's
            rules, by_players = _forget(path, rules, by_players)
        provenance.update(file.provenance)
        for index, given in enumerate(data.get("sources") or []):
            source = {**given, "title": english(given["title"])}  # the tree (and hash) holds English
            first = source_origin.get(source["key"])
            if first is None:
                sources.append(source)
                source_origin[source["key"]] = file
                source_titles[source["key"]] = Localized.of(given["title"])
            elif next(s for s in sources if s["key"] == source["key"]) != source:
                session.problems.append(DosrulesError(
                    f"the source key '{source['key']}' names a different document here than in "
                    f"'{first.id}'", where=file.doc.where(("sources", index)), path=f"sources[{index}]",
                    fix="Give the source a key of its own."))
        if isinstance(file, SettingsFile):
            ids[-1:] = [(ids[-1] if ids else "") + file.suffix]
            names.append(file.label)
        elif file.kind == "edition":
            ids, names = [file.id], [english(data.get("name")) or file.id]
            parts = [_laid_part(file.id, "edition", data)]
            missing = [m for m in missing_rules(rules) if not any(_overlap(m, p) for p in lost)]
            if missing and file.kind_known:
                session.problems.append(DosrulesError(
                    f"the edition '{file.id}' does not set "
                    + (f"the rule '{missing[0]}'" if len(missing) == 1 else
                       f"{len(missing)} rules: {', '.join(missing)}")
                    + (" (nor does any ruleset it extends)" if "extends" in data else ""),
                    where=file.doc.where(("rules",)), path="rules",
                    fix="An edition sets every rule. Add them under rules; where the source is "
                        "silent write 'unspecified' (or, for a rule that needs a value, infer one, "
                        "mark it inferred and say why in a note)."))
        else:
            ids.append(file.id)
            names.append(english(data.get("name")) or file.id)
            parts.append(_laid_part(file.id, "house", data))
    session.problems += semantic_problems(rules, by_players, origin)
    complete = not missing_rules(rules)
    files = tuple(dict.fromkeys(f.doc.file for _, f in layers if not isinstance(f, SettingsFile)))
    if session.problems or not complete:
        return None, complete, files
    kind = "house" if all(f.kind == "house" for _, f in layers) else "edition"
    tree = {
        "id": "+".join(ids),
        "name": " + ".join(names),
        "kind": kind,
        "sources": sources,
        "rules": rules,
        "by_players": by_players,
    }
    return build_ruleset(tree, provenance, files, tuple(parts), source_titles), complete, files


def _laid_part(file_id: str, kind: str, data: dict[str, Any]) -> LaidPart:
    """A laid file's names and description, in every language it gives them."""
    description = data.get("description")
    return LaidPart(file_id, kind, Localized.of(data.get("name") or file_id),
                None if description is None else Localized.of(description))


def _forget(path: str, rules: dict[str, Any], by_players: dict[str, dict[str, Any]]
            ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The trees without the rule value at a provenance path (copied along it, never changed)."""
    parts = path.split(".") if path else []
    if parts == ["by_players"]:
        return rules, {}
    if parts[:1] == ["by_players"]:
        n, rest = parts[1], parts[2:]
        by_players = {**by_players, n: _cut(by_players.get(n, {}), rest)} if rest else \
            {k: v for k, v in by_players.items() if k != n}
        return rules, by_players
    return _cut(rules, parts), by_players


def _cut(tree: dict[str, Any], parts: list[str]) -> dict[str, Any]:
    if not parts:
        return {}
    if parts[0] not in tree:
        return tree
    if len(parts) == 1:
        return {k: v for k, v in tree.items() if k != parts[0]}
    sub = tree[parts[0]]
    return {**tree, parts[0]: _cut(sub, parts[1:])} if isinstance(sub, dict) else tree


def _overlap(path: str, other: str) -> bool:
    """Whether two rule paths are the same, or one lies below the other (``""`` is all rules)."""
    return other == "" or path == other or path.startswith(other + ".") or other.startswith(path + ".")


# --- public -----------------------------------------------------------------------------------


def read_ruleset_file(path: str | Path) -> RulesetFile | None:
    """One ruleset file on its own, checked against the schema and its cite table (not resolved);
    None when it cannot be read. ``valid`` says whether it passed."""
    return _Session([]).read(Path(path))


def load_ruleset(spec: str | Path, search_dirs: Iterable[str | Path] = (), *, ids_only: bool = False) -> Ruleset:
    """Load ``"mattel-2018"``, ``"mattel-2018+reshuffle"`` or a path to a ruleset file
    (with ``ids_only``, ids only: for a spec that comes from a file, such as a game log's header).

    Raises :class:`~dosrules.errors.RulesetError` holding every problem found, including a
    house rule that names no edition (compose it with one: ``mattel-2018+target-500``).
    """
    result = resolve(spec, search_dirs, ids_only=ids_only)
    if result.problems:
        raise RulesetError(result.problems)
    if result.ruleset is None:
        raise RulesetError([DosrulesError(
            f"'{spec}' is a house rule that extends no edition, so it does not set every rule",
            where=result.files[-1] if result.files else None,
            fix=f"Compose it with an edition, e.g. mattel-2018+{Path(str(spec)).stem}, or give it "
                "'extends: <edition id>'.")])
    return result.ruleset
