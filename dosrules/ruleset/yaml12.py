"""A safe YAML reader with YAML 1.2 meanings and a position for every node.

libyaml's C parser produces the events; this module builds plain data from them and refuses
what a ruleset never needs and an attacker or a typo could abuse:

- plain scalars mean what the YAML 1.2 core schema says: ``true``/``false`` (and their
  ``True``/``TRUE`` spellings) are the only booleans, ``no``, ``on`` and ``NO`` stay strings;
  decimal, ``0o`` octal and ``0x`` hex integers (``010`` is ten, never eight); no timestamps;
- tags (``!!python/object``, ``!!str``, ``!foo``), anchors and aliases are errors;
- duplicate keys and non-scalar keys are errors; keys are kept as the text written
  (``numbers: {1: 3}`` has the key ``"1"``);
- the file must be strict UTF-8, at most :data:`MAX_BYTES`, nested at most :data:`MAX_DEPTH`
  deep, one document, and not empty; an integer has at most :data:`MAX_DIGITS` digits.

:func:`read_yaml` returns a :class:`Document`: the data plus the 1-based line and column of
every value and every key, addressed by the path of keys and list indexes from the root.
:func:`dump_yaml` writes data back so that :func:`read_yaml` reads the same data.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import DosrulesError, Location
from .files import open_input

MAX_BYTES = 1024 * 1024  # 1 MiB
MAX_DEPTH = 24  # nested mappings and sequences
MAX_DIGITS = 100  # digits of an integer (every number a ruleset holds has at most 5)

TreePath = tuple  # keys (str) and list indexes (int) from the root


@dataclass
class Document:
    """Data read from one YAML file, with the position of every value and key."""

    file: str
    data: Any
    marks: dict[TreePath, tuple[int, int]] = field(default_factory=dict)  # value starts
    key_marks: dict[TreePath, tuple[int, int]] = field(default_factory=dict)  # key starts

    def where(self, path: TreePath = (), *, key: bool = False) -> Location:
        """The location of the value at ``path`` (or of its key), else of its nearest parent."""
        path = tuple(path)
        if key and path in self.key_marks:
            return Location(self.file, *self.key_marks[path])
        while path not in self.marks and path:
            path = path[:-1]
        return Location(self.file, *self.marks.get(path, (None, None)))


# --- YAML 1.2 core schema for plain scalars --------------------------------------------------

NULL_RE = re.compile(r"^(?:~|null|Null|NULL|)$")
BOOL_RE = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
INT_RE = re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
FLOAT_RE = re.compile(
    r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
)


def plain_scalar(text: str) -> Any:
    """The value of an unquoted scalar under the YAML 1.2 core schema; ValueError for an integer
    of more than MAX_DIGITS digits (Python refuses to convert one of 4,300, and time grows
    with the square of the length)."""
    if NULL_RE.match(text):
        return None
    if BOOL_RE.match(text):
        return text[0] in "tT"
    if INT_RE.match(text):
        if len(text.lstrip("+-")) > MAX_DIGITS + 2:  # + 2: a 0o or 0x prefix
            raise ValueError(f"the number has {len(text)} characters; at most {MAX_DIGITS} digits are allowed")
        if text.startswith("0o"):
            return int(text[2:], 8)
        if text.startswith("0x"):
            return int(text[2:], 16)
        return int(text, 10)
    if FLOAT_RE.match(text):
        lowered = text.lower()
        if lowered.endswith("inf"):
            return -math.inf if lowered.startswith("-") else math.inf
        if lowered.endswith("nan"):
            return math.nan
        return float(text)
    return text


# --- reading ----------------------------------------------------------------------------------


def _problem(file: str, mark, what: str, fix: str) -> DosrulesError:
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
    return DosrulesError(what, where=Location(file, line, col), fix=fix)


def read_text(path: Path, display: str | None = None) -> str:
    """The text of a file: strict UTF-8, at most MAX_BYTES, not binary; else DosrulesError."""
    name = display or str(path)
    where = Location(name)
    fix = "Give the path of a .yaml file, or a ruleset id (see 'dosrules list')."
    try:
        with open_input(path, where, fix, "ruleset file") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise DosrulesError("no such file" + (" (a symbolic link to a missing file)" if os.path.islink(path) else ""),
                            where=where, fix="Check the path, or give a ruleset id (see 'dosrules list').") from None
    except OSError as err:
        raise DosrulesError(f"cannot read the file: {err.strerror or err}", where=where,
                            fix="Check that the file exists and is readable.") from None
    if len(raw) > MAX_BYTES:
        raise DosrulesError(f"the file is larger than the {MAX_BYTES // 1024} KiB limit",
                            where=where, fix="A ruleset is a few kilobytes; check that this is the right file.")
    if b"\x00" in raw:
        line = raw[: raw.index(b"\x00")].count(b"\n") + 1
        raise DosrulesError("the file holds NUL bytes: it is binary (or UTF-16), not a YAML text file",
                            where=Location(name, line),
                            fix="Give a ruleset written as UTF-8 text.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        col = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        raise DosrulesError(f"the file is not valid UTF-8 (byte 0x{raw[err.start]:02x} cannot start or "
                            "continue a character)", where=Location(name, line, col),
                            fix="Save the file as UTF-8.") from None
    return text[1:] if text.startswith("\ufeff") else text


RULESET_SHAPE = ("A ruleset is a mapping with at least id, name, kind and sources; "
                 "see docs/ruleset-language.md.")


def read_yaml(path: Path | str, display: str | None = None, *, text: str | None = None,
              shape: str = RULESET_SHAPE) -> Document:
    """Read one YAML document safely (see the module docstring); raise DosrulesError if bad.

    ``shape`` says what the file should hold; it is the fix of an empty or non-mapping file."""
    name = display or str(path)
    if text is None:
        text = read_text(Path(path), name)
    if not text.strip() or all(not line.strip() or line.lstrip().startswith("#")
                               for line in text.splitlines()):
        raise DosrulesError("the file is empty", where=Location(name), fix=shape)
    from yaml._yaml import CParser  # libyaml; events only, no constructor runs

    parser = CParser(text)
    try:
        return _Composer(parser, name, shape).document()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        what = err.problem or err.context or "cannot parse"
        if err.context and err.problem:
            started = err.context_mark
            since = (f" started at line {started.line + 1}"
                     if started is not None and mark is not None and started.line != mark.line else "")
            what += f" ({err.context}{since})"
        raise _problem(name, mark, f"YAML syntax error: {what}",
                       "Fix the YAML syntax at this place (indentation, a missing ':' or quote).") from None
    except yaml.YAMLError as err:  # reader errors (control characters) carry no problem_mark
        raise DosrulesError(f"YAML error: {err}", where=Location(name),
                            fix="Fix the file; it must be YAML text.") from None
    finally:
        parser.dispose()


class _Composer:
    """Builds plain data from libyaml events, refusing tags, anchors, aliases and duplicates."""

    def __init__(self, parser, file: str, shape: str):
        self.parser, self.file, self.shape = parser, file, shape
        self.marks: dict[TreePath, tuple[int, int]] = {}
        self.key_marks: dict[TreePath, tuple[int, int]] = {}

    def document(self) -> Document:
        get = self.parser.get_event
        get()  # StreamStart
        event = get()
        if isinstance(event, yaml.StreamEndEvent):
            raise DosrulesError("the file is empty", where=Location(self.file), fix=self.shape)
        data = self.node((), 0)
        get()  # DocumentEnd
        event = get()
        if not isinstance(event, yaml.StreamEndEvent):
            raise _problem(self.file, event.start_mark, "the file holds more than one YAML document",
                           "The file is one document: remove the '---' and what follows it.")
        if data is None:
            raise DosrulesError("the file is empty (its only value is null)", where=Location(self.file, 1, 1),
                                fix=self.shape)
        if not isinstance(data, dict):
            raise DosrulesError(
                f"the top level is a {_type_name(data)}, not a mapping", where=Location(self.file, 1, 1),
                fix=self.shape)
        return Document(self.file, data, self.marks, self.key_marks)

    def _check_event(self, event, depth: int) -> None:
        if isinstance(event, yaml.AliasEvent):
            raise _problem(self.file, event.start_mark, f"alias '*{event.anchor}' is not allowed",
                           "Anchors and aliases are not supported (they make files hard "
                           "to read and can expand without bound); write the value out in full.")
        if getattr(event, "anchor", None) is not None:
            raise _problem(self.file, event.start_mark, f"anchor '&{event.anchor}' is not allowed",
                           "Anchors and aliases are not supported (they make files hard "
                           "to read and can expand without bound); remove the anchor and write "
                           "values out in full.")
        tag = getattr(event, "tag", None)
        if tag is not None:
            shown = tag.replace("tag:yaml.org,2002:", "!!")
            raise _problem(self.file, event.start_mark, f"the tag '{shown}' is not allowed",
                           "Only plain values are allowed; remove the tag (quote the value if it "
                           "must be a string).")
        if depth > MAX_DEPTH:
            raise _problem(self.file, event.start_mark,
                           f"the data is nested more than {MAX_DEPTH} levels deep",
                           "These files are a few levels deep; check the indentation.")

    def node(self, path: TreePath, depth: int) -> Any:
        event = self.parser.get_event()
        self._check_event(event, depth)
        mark = event.start_mark
        self.marks[path] = (mark.line + 1, mark.column + 1)
        if isinstance(event, yaml.ScalarEvent):
            if event.style not in ("", None) or event.tag is not None:
                return event.value
            try:
                return plain_scalar(event.value)
            except ValueError as err:
                raise _problem(self.file, mark, str(err), "No rule needs a number this long; "
                               "check the value.") from None
        if isinstance(event, yaml.SequenceStartEvent):
            items = []
            while not isinstance(self.parser.peek_event(), yaml.SequenceEndEvent):
                items.append(self.node((*path, len(items)), depth + 1))
            self.parser.get_event()
            return items
        if isinstance(event, yaml.MappingStartEvent):
            mapping: dict[str, Any] = {}
            while not isinstance(self.parser.peek_event(), yaml.MappingEndEvent):
                key_event = self.parser.get_event()
                self._check_event(key_event, depth + 1)
                if not isinstance(key_event, yaml.ScalarEvent):
                    raise _problem(self.file, key_event.start_mark, "a key must be a plain word or number, "
                                   "not a list or mapping", "Write the key as a single word.")
                key = key_event.value
                kmark = key_event.start_mark
                if key in mapping:
                    first = self.key_marks[(*path, key)]
                    raise _problem(self.file, kmark, f"duplicate key '{key}' (first at line {first[0]})",
                                   "Each key may appear once in a mapping; remove or merge one of them.")
                self.key_marks[(*path, key)] = (kmark.line + 1, kmark.column + 1)
                mapping[key] = self.node((*path, key), depth + 1)
            self.parser.get_event()
            return mapping
        raise _problem(self.file, mark, f"unexpected YAML event {type(event).__name__}",
                       "Check the YAML syntax.")  # pragma: no cover - libyaml emits no others here


def _type_name(value: Any) -> str:
    return {bool: "boolean", int: "number", float: "number", str: "string", list: "list"}.get(
        type(value), type(value).__name__)


# --- writing ----------------------------------------------------------------------------------


class _Resolver(yaml.resolver.BaseResolver):
    """The YAML 1.2 core schema, so the emitter quotes exactly the strings read_yaml would not
    read back as strings."""

    yaml_implicit_resolvers: dict = {}


for _tag, _regex, _first in (
    ("tag:yaml.org,2002:null", NULL_RE, ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:bool", BOOL_RE, list("tTfF")),
    ("tag:yaml.org,2002:int", INT_RE, list("-+0123456789")),
    ("tag:yaml.org,2002:float", FLOAT_RE, list("-+.0123456789")),
):
    _Resolver.add_implicit_resolver(_tag, _regex, _first)


class _Dumper(yaml.emitter.Emitter, yaml.serializer.Serializer, yaml.representer.SafeRepresenter, _Resolver):
    def __init__(self, stream, **kwds):
        yaml.emitter.Emitter.__init__(self, stream, canonical=False, indent=2, width=100,
                                      allow_unicode=True, line_break=None)
        yaml.serializer.Serializer.__init__(self, encoding=None, explicit_start=False,
                                            explicit_end=False, version=None, tags=None)
        yaml.representer.SafeRepresenter.__init__(self, default_style=None, default_flow_style=False,
                                                  sort_keys=False)
        _Resolver.__init__(self)


def _represent_list(dumper, data):  # lists of plain values on one line: [blue, green]
    flow = all(not isinstance(v, (dict, list)) for v in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_str(dumper, data):  # line breaks YAML 1.1 and 1.2 disagree on: escape them
    style = '"' if any(ch in data for ch in "\x85\u2028\u2029\r") else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(str, _represent_str)


def dump_yaml(data: Any) -> str:
    """YAML text for plain data (dicts keep their order) that :func:`read_yaml` reads back equal."""
    return yaml.dump(data, Dumper=_Dumper)
