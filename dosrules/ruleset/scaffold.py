"""The text of a new ruleset file: a house rule or the skeleton of an edition, valid as written.

``house_text`` writes a house rule with the values given as ``path=value`` settings (checked with
:func:`parse_setting`), each with its provenance, and commented-out hints for the rules house rules
change most (:func:`most_changed`: counted over the house rules at hand, not a list in code), with
their value in the edition the table starts from and their possible values. ``edition_text``
writes every rule: ``unspecified`` where a rule may be, else the value of a model edition marked
inferred, each with a commented place for its citation.

Two choices are one function each, so they can change in one place: where the schema modeline
points (:func:`schema_reference`) and how a house value states its provenance
(:func:`house_provenance`: a note, which is all a house value needs).
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from ..errors import DosrulesError, UsageError
from .localized import LANGUAGE_NAMES, LANGUAGES
from .model import UNSPECIFIED_TEXT, Ruleset, rule_paths
from .provenance import PLACEHOLDER, RULE_LEAVES, file_leaves
from .readings import OPEN_PATHS
from .silences import AT_EVERY_DEAL
from .resources import PACKAGE_DIR, data_dir
from .schema import nearest, ruleset_schema, show, validator
from .yaml12 import dump_yaml, read_yaml

EDITOR_SCHEMA = "ruleset.draft-07.json"  # the schema copy editors read (JSON Schema draft-07)
HINTS = 8  # most-changed rules shown as commented-out hints
MODELINE = "# yaml-language-server: $schema="

#: The document a house rule's values cite: the table itself.
def house_provenance(path: str, value: Any) -> dict[str, str]:
    """The (commented-out) ``cite:`` entry of one house value: a note for the table to fill in
    (a house value needs no citation; its source is the table)."""
    return {"note": f"why we play {yaml_value(value)}"}


def schema_reference(target: Path) -> str:
    """What the modeline of a file written at ``target`` names: the editor schema relative to the
    file when the file is inside this checkout, else the schema of the installed package as a
    ``file:`` URI."""
    folder = data_dir("schemas")
    schema = (folder if folder is not None else PACKAGE_DIR.parent / "schemas") / EDITOR_SCHEMA
    checkout = PACKAGE_DIR.parent
    where = Path(os.path.abspath(target))
    if (checkout / "schemas").is_dir() and checkout.resolve() in where.resolve().parents:
        return Path(os.path.relpath(schema.resolve(), where.resolve().parent)).as_posix()
    return schema.resolve().as_uri()


# --- rule paths and values --------------------------------------------------------------------


def rule_schema(path: str) -> dict[str, Any] | None:
    """The schema of the rule at a dotted path (``dos_call.catch_penalty``), None if no rule."""
    node: Any = ruleset_schema()["properties"]["rules"]
    for part in path.split("."):
        node = node.get("properties", {}).get(part) if isinstance(node, dict) else None
        if node is None:
            return None
    return node


def possible_values(node: Mapping[str, Any]) -> str:
    """The values a rule's schema allows, in a few words: ``any | drawn-card | none | unspecified``."""
    if "enum" in node:
        return " | ".join(map(yaml_value, node["enum"]))
    if "const" in node:
        return yaml_value(node["const"])
    for key in ("oneOf", "anyOf"):
        if key in node:
            return " | ".join(possible_values(branch) for branch in node[key])
    kind = node.get("type")
    if kind == "boolean":
        return "true | false"
    if kind == "integer":
        low, high = node.get("minimum"), node.get("maximum")
        return (f"{low}..{high}" if low is not None and high is not None else
                f"{low} or more" if low is not None else "a whole number")
    if kind == "array":
        return f"a list of {possible_values(node.get('items', {}))}"
    if kind == "object":
        return "a mapping"
    return "text"


def yaml_value(value: Any) -> str:
    """A value as written on one line of YAML: ``true``, ``4``, ``reshuffle-discard``, ``[blue, red]``."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {yaml_value(v)}" for k, v in value.items()) + "}"
    text = dump_yaml({"v": value}).strip()
    return text[len("v: "):]


@dataclass(frozen=True)
class Setting:
    """One ``--set`` value: the rule path (``by_players.N.`` in front for one player count)."""

    key: str
    value: Any

    @property
    def rule(self) -> str:
        """The rule path without a ``by_players.N.`` prefix."""
        parts = self.key.split(".")
        return ".".join(parts[2:]) if parts[0] == "by_players" else self.key


def parse_setting(text: str, option: str = "--set") -> Setting:
    """``dos_call.catch_penalty=4`` as a Setting, checked against the schema; UsageError
    (with a did-you-mean for a misspelt path or enum value) if it is not one."""
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not sep or not key or not raw:
        raise UsageError(f"{option} {text}: not a setting",
                         fix="Write PATH=VALUE, e.g. --set dos_call.catch_penalty=4 "
                             "(for one player count: --set by_players.2.setup.centre_row=3).")
    parts = key.split(".")
    prefix = ""
    if parts[0] == "by_players":
        if len(parts) < 3 or not parts[1].isdigit() or not 1 <= int(parts[1]) <= 99:
            raise UsageError(f"{option} {text}: '{key}' is not a rule path for one player count",
                             fix="Write by_players.N.<rule path>=VALUE, e.g. by_players.2.setup.centre_row=3.")
        prefix, key = f"by_players.{int(parts[1])}.", ".".join(parts[2:])
    node = rule_schema(key) if key in RULE_LEAVES else None
    below = [p for p in rule_paths() if p.startswith(key + ".")]
    if below:
        raise UsageError(f"{option} {text}: '{key}' is a group of rules, not a rule",
                         fix=f"Set one of its rules: {', '.join(below)}.")
    if node is None:
        guess = nearest(key.lower(), rule_paths())
        raise UsageError(f"{option} {text}: '{key}' names no rule" + (f" — did you mean '{guess}'?" if guess else ""),
                         fix="Give a rule path such as dos_call.catch_penalty; 'dosrules show EDITION' "
                             "lists every rule path with its value.")
    value = _parse_value(raw, text, option)
    problem = _value_problem(node, value)
    if problem:
        raise UsageError(f"{option} {text}: {problem}", path=prefix + key,
                         fix=f"The values of '{key}': {possible_values(node)}." +
                             (f" {node['description']}" if node.get("description") else ""))
    return Setting(prefix + key, value)


def _parse_value(raw: str, text: str, option: str) -> Any:
    """A value as YAML 1.2 reads it: ``4``, ``true``, ``reshuffle-discard``, ``[blue, red]``."""
    try:
        return read_yaml("<value>", text=f"value: {raw}\n", shape="").data["value"]
    except DosrulesError as err:
        raise UsageError(f"{option} {text}: cannot read the value ({err.what})",
                         fix="Write a number, true or false, a word, or a list such as [blue, red].") from None


def _value_problem(node: Mapping[str, Any], value: Any) -> str | None:
    """What is wrong with ``value`` for a rule of schema ``node``, or None."""
    if not any(True for _ in type(validator())(node).iter_errors(value)):
        return None
    what = f"{show(value) if isinstance(value, str) else yaml_value(value)} is not a value of the rule"
    choices = [c for c in node.get("enum", []) if isinstance(c, str)]
    for branch in node.get("oneOf", []):
        choices += [branch["const"]] if isinstance(branch.get("const"), str) else []
    if isinstance(value, str) and choices:
        word = value.lower()
        starting = [c for c in choices if c.startswith(word)]
        guess = ({c.lower(): c for c in choices}.get(word) or (starting[0] if len(starting) == 1 else None)
                 or nearest(word, choices))
        if guess:
            return f"{what} — did you mean '{guess}'?"
    return what


# --- which rules house rules change -----------------------------------------------------------


def example_dirs() -> list[Path]:
    """Folders of example rulesets in a source checkout (``docs/examples``); none when installed."""
    folder = PACKAGE_DIR.parent / "docs" / "examples"
    return [folder] if folder.is_dir() else []


def house_files(folders: Iterable[Path]) -> list[Path]:
    """The house rule files (``kind: house``) in ``folders`` and below; unreadable files are skipped."""
    out: list[Path] = []
    for folder in folders:
        for path in sorted(Path(folder).rglob("*.yaml")):
            try:
                data = read_yaml(path).data
            except DosrulesError:
                continue
            if isinstance(data, dict) and data.get("kind") == "house" and path not in out:
                out.append(path)
    return out


def most_changed(files: Iterable[Path]) -> list[tuple[str, int]]:
    """(rule path, how many of ``files`` set it) for every rule some house rule file sets, most set
    first (model order among equals); a ``by_players`` value counts for its rule."""
    counts: Counter[str] = Counter()
    for path in files:
        data = read_yaml(path).data
        counts.update({Setting(key, value).rule for key, _, value in file_leaves(data)})
    order = {p: i for i, p in enumerate(rule_paths())}
    return sorted(((p, n) for p, n in counts.items() if p in order), key=lambda pn: (-pn[1], order[pn[0]]))


# --- writing ----------------------------------------------------------------------------------


def _nest(values: Mapping[str, Any]) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    for path, value in values.items():
        *groups, leaf = path.split(".")
        node = tree
        for part in groups:
            node = node.setdefault(part, {})
        node[leaf] = value
    return tree


def _leaves(tree: Mapping[str, Any], prefix: str = "") -> list[str]:
    return [p for k, v in tree.items() for p in
            (_leaves(v, f"{prefix}{k}.") if isinstance(v, dict) and f"{prefix}{k}" not in RULE_LEAVES else [f"{prefix}{k}"])]


def _tree_lines(tree: Mapping[str, Any], indent: int, comments: Mapping[str, str] = {},
                hinted: frozenset[str] = frozenset(), prefix: str = "") -> list[str]:
    """Block YAML of a nested rule tree; a leaf's comment (by rule path) goes at its line's end;
    the leaves in ``hinted`` (and groups holding only those) are commented out."""
    lines: list[str] = []
    pad = "  " * indent
    for key, value in tree.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and path not in RULE_LEAVES:
            mark = "# " if all(p in hinted for p in _leaves(value, path + ".")) else ""
            lines.append(f"{pad}{mark}{key}:")
            lines += _tree_lines(value, indent + 1, comments, hinted, path + ".")
        else:
            mark = "# " if path in hinted else ""
            line = f"{pad}{mark}{key}: {yaml_value(value)}"
            lines.append(f"{line}  # {comments[path]}" if path in comments else line)
    return lines


def _entry(entry: Mapping[str, str]) -> str:
    return yaml_value(dict(entry))


def _texts(key: str, english: str) -> list[str]:
    """A ``name`` or ``description`` in English, with a commented place for each translation
    (rulebooks and answers show the reader's language, else English)."""
    others = [lang for lang in LANGUAGES if lang != "en"]
    return [f"{key}:", f"  en: {yaml_value(english)}",
            *[f"  # {lang}: ...  # in {LANGUAGE_NAMES[lang]}" for lang in others]]


def _header(target: Path, what: str, use: str) -> list[str]:
    return [f"{MODELINE}{schema_reference(target)}",
            f"# {what}, written by 'dosrules new'. Check it with: dosrules validate {target.name}",
            f"# {use}"]


def house_text(name: str, target: Path, settings: Sequence[Setting], *, edition: Ruleset | None = None,
               hints: Sequence[tuple[str, int]] = ()) -> str:
    """A house rule file setting ``settings``, with commented-out hints for the rules in ``hints``
    (from :func:`most_changed`) that it does not set, showing their value in ``edition``."""
    base = edition.id if edition is not None else "EDITION"
    lines = _header(target, "A house rule", f"Use it on an edition: {base}+{target.name} (its path), or "
                    f"{base}+{target.stem} --rulesets {_folder(target)}")
    lines += [f"id: {name}", *_texts("name", name.replace('-', ' ').capitalize()), "kind: house",
              *_texts("description", "What the table plays differently, and why."),
              *([f"# extends: {base}  # uncomment to make the file complete on its own (then it names that edition)"]
                if edition is not None and edition.kind == "edition" and "+" not in base and "~" not in base else []),
              ""]
    plain = [s for s in settings if s.key == s.rule]
    per_count: dict[str, list[Setting]] = {}
    for s in settings:
        if s.key != s.rule:
            per_count.setdefault(s.key.split(".")[1], []).append(s)
    set_rules = {s.rule for s in settings}
    shown = [(p, n) for p, n in hints if p not in set_rules][:HINTS]
    values = {s.key: s.value for s in plain}
    comments: dict[str, str] = {}
    for path, count in shown:
        node = rule_schema(path) or {}
        values[path] = _dig(edition.tree["rules"], path) if edition is not None else _first_value(node)
        was = f"{base}: {yaml_value(values[path])}; " if edition is not None else ""
        comments[path] = f"{was}{possible_values(node)} ({_changed_by(count)})"
    order = {p: i for i, p in enumerate(rule_paths())}
    values = {p: values[p] for p in sorted(values, key=order.__getitem__)}
    lines.append("rules:" if plain else "rules: {}  # remove '{}' when you uncomment a rule below")
    if shown:
        lines.append("  # Commented out: the rules house rules change most; uncomment a rule (and its group) to change it.")
    lines += _tree_lines(_nest(values), 1, comments, frozenset(p for p, _ in shown))
    if per_count:
        lines.append("by_players:")
        for n, group in per_count.items():
            lines.append(f"  {n}:")
            lines += _tree_lines(_nest({s.rule: s.value for s in group}), 2)
    if settings:
        lines += ["", "# A house value needs no citation: its source is the table. To say why, give it a note:",
                  "# cite:"]
        lines += [f"  # {s.key}: {_entry(house_provenance(s.key, s.value))}" for s in settings]
    return "\n".join(lines) + "\n"


def edition_text(name: str, target: Path, model: Ruleset, source_file: str, language: str = "en") -> str:
    """The skeleton of an edition: each rule that may be unspecified is, each other rule has the
    value of ``model`` marked inferred until a citation replaces it, with a place for each citation."""
    lines = _header(target, "An edition being transcribed", "Cite every rule you fill in: source, "
                    "section and a short quote; leave a rule 'unspecified' where the source is silent.")
    lines += [f"id: {name}", *_texts("name", name.replace('-', ' ').capitalize()), "kind: edition",
              *_texts("description", "Which document this edition is transcribed from, and what stands out in it."),
              "sources:", "  - key: src", f"    file: {yaml_value(source_file)}  # the document, as named in your sources",
              "    title: The document this edition is transcribed from",
              f"    language: {language}  # ISO 639-1", ""]
    values: dict[str, Any] = {}
    comments: dict[str, str] = {}
    for path in rule_paths():
        node = rule_schema(path) or {}
        if path in OPEN_PATHS:
            values[path] = UNSPECIFIED_TEXT
            comments[path] = possible_values(node) + (
                "; every deal meets it: left unspecified, no round is played" if path in AT_EVERY_DEAL else "")
        else:
            values[path] = _dig(model.tree["rules"], path)
            comments[path] = f"from {model.id}: check against the source ({possible_values(node)})"
    lines.append("rules:")
    lines += _tree_lines(_nest(values), 1, comments)
    lines += ["", "cite:",
              "  # One entry per rule you fill in (or per group: 'deck' covers every deck rule):",
              "  #   <rule path>: {source: src, section: <where the source says it>, quote: <a few of its words>}",
              f"  # The values below are copied from {model.id} and marked inferred: replace each with",
              "  # what the source says, cite it, and drop status and note."]
    for path in rule_paths():
        if path not in OPEN_PATHS:
            entry = {"source": "src", "section": PLACEHOLDER, "quote": PLACEHOLDER, "status": "inferred",
                     "note": f"copied from {model.id} as a starting point"}
            lines.append(f"  {path}: {_entry(entry)}")
    lines.append("  # Where the source is silent, a rule stays unspecified; a citation may still say where:")
    lines.append(f"  # {OPEN_PATHS[0]}: {{source: src, section: ..., quote: ...}}")
    return "\n".join(lines) + "\n"


def _changed_by(count: int) -> str:
    return f"{count} house rule{'s change' if count != 1 else ' changes'} it"


def _dig(tree: Mapping[str, Any], path: str) -> Any:
    for part in path.split("."):
        tree = tree[part]
    return tree


def _first_value(node: Mapping[str, Any]) -> Any:
    for key in ("enum", "oneOf", "anyOf"):
        if key in node:
            first = node[key][0]
            return first if key == "enum" else _first_value(first)
    if "const" in node:
        return node["const"]
    return {"boolean": True, "integer": node.get("minimum", 0)}.get(node.get("type"), "")


def _folder(target: Path) -> str:
    """The folder of ``target`` as short as it can be said: relative when inside the working folder."""
    folder = os.path.abspath(target.parent)
    rel = os.path.relpath(folder)
    return folder if rel.startswith("..") else rel
