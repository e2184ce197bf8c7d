"""Rule values set on the command line: ``mattel-2018@target=300``.

A part of a ruleset spec may end in settings, each ``@path=value``:
``mattel-2018+reshuffle@setup.hand_size=10``, ``mattel-2018@by_players.2.setup.hand_size=10``.
``@`` binds tighter than ``+`` and ``~``: the settings of a part are laid on right after that
part's files, as a house rule of one value each, so a later house rule may replace them
(``mattel-2018@target=300+target-500`` plays to 500). The value is read as one line of YAML 1.2
(a scalar or a flow collection: ``[blue, green]``, ``{1: 3, 3: 3}``) by the safe reader
(:mod:`dosrules.ruleset.yaml12`) and checked against the schema like a value in a file; an
error names the argument and the column of the value.

A set value has the status ``house``; its provenance names ``@path=value`` as the ruleset that
set it and notes that it came from the command line. The composed id carries each setting in a
canonical spelling (``target=0300`` and ``target=300`` give the same id and content hash), so a
game log's header replays the same rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from ..errors import DosrulesError, Location
from .model import Provenance, Ruleset, Status
from .yaml12 import Document, plain_scalar, read_yaml

SET = "@"
MAX_SETTINGS = 16  # settings in one spec
MAX_SETTING_CHARS = 200  # characters of one setting (path, '=' and value)
NOTE = "set on the command line"
_PATH = re.compile(r"^[a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*$")
_PLAIN_WORD = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_EXAMPLE = "mattel-2018@target=300, or mattel-2018@by_players.2.setup.hand_size=10"


@dataclass(frozen=True)
class CommandLineSetting:
    """One ``@path=value`` of a spec part: the value as read, and where it stands in the part."""

    path: str  # a rule path, or by_players.N.<rule path>
    value: Any
    column: int  # 1-based column of the value in the part

    @property
    def text(self) -> str:
        """The canonical ``path=value``: what the composed id carries."""
        return f"{self.path}={canonical(self.value)}"

    @property
    def players(self) -> int | None:
        """The player count of a ``by_players.N.`` setting, None for every count."""
        parts = self.path.split(".")
        return int(parts[1]) if parts[0] == "by_players" and len(parts) > 2 and parts[1].isdigit() else None

    @property
    def rule_path(self) -> str:
        """The path set, without its ``by_players.N.`` (a rule path, or a group or item of one)."""
        return self.path.split(".", 2)[2] if self.players is not None else self.path

    @property
    def label(self) -> str:
        """In words, for names and rulebooks: ``target 300``, ``setup hand size 10 with 2 players``."""
        parts = self.path.split(".")
        players = None
        if parts[0] == "by_players" and len(parts) > 2:
            players, parts = parts[1], parts[2:]
        words = " ".join(parts).replace("_", " ")
        return f"{words} {canonical(self.value)}" + (f" with {players} players" if players else "")


def canonical(value: Any) -> str:
    """One spelling of a value that :func:`parse_value` reads back equal (flow YAML, no spaces
    inside words, never a ``+``, ``~`` or ``@``)."""
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        if _PLAIN_WORD.match(value) and plain_scalar(value) == value:
            return value
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(canonical(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{canonical(k) if not str(k).isdigit() else k}: {canonical(v)}"
                               for k, v in value.items()) + "}"
    raise TypeError(f"no canonical text for {type(value).__name__}")  # pragma: no cover - YAML gives no others


def split_settings(part: str) -> tuple[str, str]:
    """(the ruleset part, the settings text starting at its first ``@``, or '')."""
    at = part.find(SET)
    return (part, "") if at < 0 else (part[:at], part[at:])


def _where(part: str, column: int) -> Location:
    return Location(repr(part), 1, column)


def parse_settings(part: str) -> list[CommandLineSetting]:
    """The settings of one spec part (``mattel-2018@target=300@setup.hand_size=8``), each value
    read as YAML 1.2; DosrulesError for a malformed one (the first met)."""
    base, text = split_settings(part)
    if not text:
        return []
    pieces = text[1:].split(SET)
    if len(pieces) > MAX_SETTINGS:
        raise DosrulesError(f"'{part[:80]}' has {len(pieces)} settings; at most {MAX_SETTINGS} may be given",
                            fix="Write the rules in a house-rule file (see docs/writing-rulesets.md) and "
                                "compose it instead: mattel-2018+my-house.")
    out: list[CommandLineSetting] = []
    column = len(base) + 2
    for piece in pieces:
        out.append(_parse_one(part, piece, column))
        column += len(piece) + 1
    return out


def _parse_one(part: str, piece: str, column: int) -> CommandLineSetting:
    fix = f"Write each setting as @path=value after a ruleset, e.g. {_EXAMPLE}."
    if len(piece) > MAX_SETTING_CHARS:
        raise DosrulesError(f"a setting of {len(piece)} characters in '{part[:80]}...'; at most "
                            f"{MAX_SETTING_CHARS} are allowed", where=_where(part[:80] + "...", column),
                            fix="A rule value is a word, a number or a short list; write longer values "
                                "in a house-rule file and compose it.")
    path, eq, raw = piece.partition("=")
    if not eq or not path.strip() or not raw.strip():
        raise DosrulesError(f"'@{piece}' in '{part}' is not a setting: it needs a path, '=' and a value",
                            where=_where(part, column), fix=fix)
    if not _PATH.match(path):
        raise DosrulesError(f"'{path}' in '{part}' is not a rule path", where=_where(part, column),
                            fix=f"A rule path is dotted lower-case names such as setup.hand_size. {fix}")
    bad = _CONTROL.search(raw)
    if bad:
        raise DosrulesError(f"the value of '@{path}' holds a control character ({bad.group()!r})",
                            where=_where(part, column + len(path) + 1 + bad.start()),
                            fix="Write the value on one line, as plain text.")
    value_column = column + len(path) + 1
    try:
        doc = read_yaml(repr(part), text="v: " + raw, shape=fix)
    except DosrulesError as err:
        where = err.where
        col = value_column
        if isinstance(where, Location) and where.column is not None:
            col = value_column + max(where.column - 4, 0)
        raise DosrulesError(f"the value of '@{path}': {err.what}", where=_where(part, col),
                            fix="Write the value as YAML: a word, a number, true/false, or a flow list or "
                                "mapping such as [blue, green] or {1: 3, 3: 3}.") from None
    return CommandLineSetting(path, doc.data.get("v"), value_column)


def settings_document(part: str, settings: Iterable[CommandLineSetting]) -> Document:
    """A house-rule document holding ``settings`` (later ones replace earlier ones), each value
    marked at its column in ``part``, to be checked and laid on like a file."""
    rules: dict[str, Any] = {}
    by_players: dict[str, Any] = {}
    marks: dict[tuple, tuple[int, int]] = {(): (1, 1)}
    key_marks: dict[tuple, tuple[int, int]] = {}
    for setting in settings:
        parts = setting.path.split(".")
        top: tuple = ("rules",)
        tree = rules
        if parts[0] == "by_players":
            if len(parts) < 3:
                raise DosrulesError(f"'@{setting.path}' names no rule", where=_where(part, setting.column),
                                    fix="Name a player count and a rule: @by_players.2.setup.hand_size=10.")
            top, tree, parts = ("by_players", parts[1]), by_players.setdefault(parts[1], {}), parts[2:]
        node = tree
        for key in parts[:-1]:
            child = node.get(key)
            node[key] = child = child if isinstance(child, dict) else {}
            node = child
        node[parts[-1]] = setting.value
        path_start = setting.column - len(setting.path) - 1
        for i in range(len(parts) + 1):
            key_marks[(*top, *parts[:i])] = (1, path_start)
            marks.setdefault((*top, *parts[:i]), (1, path_start))
        marks[(*top, *parts)] = (1, setting.column)
        _mark_inside(marks, (*top, *parts), setting.value, setting.column)
    data: dict[str, Any] = {"id": "command-line", "name": "set on the command line", "kind": "house"}
    if rules:
        data["rules"] = rules
    if by_players:
        data["by_players"] = by_players
    return Document(repr(part), data, marks, key_marks)


def _mark_inside(marks: dict, at: tuple, value: Any, column: int) -> None:
    """Mark every value inside a collection at the value's own column."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        marks[(*at, key)] = (1, column)
        _mark_inside(marks, (*at, key), item, column)


def settings_provenance(settings: Iterable[CommandLineSetting], provenance: dict[str, Provenance]) -> dict[str, Provenance]:
    """``provenance`` (as the document's cite-less reading gave it) with each value naming the
    setting that set it and noting the command line."""
    by_path = {s.path: s for s in settings}
    out = {}
    for path, prov in provenance.items():
        setting = next((s for p, s in by_path.items() if path == p or path.startswith(p + ".")), None)
        text = f"{SET}{setting.text}" if setting else SET
        out[path] = Provenance(Status.HOUSE if prov.status is Status.HOUSE else prov.status, None,
                               NOTE, text)
    return out


def command_line_settings(ruleset: Ruleset) -> list[CommandLineSetting]:
    """The settings a ruleset was given on the command line, in the order of its rule paths."""
    out: dict[str, CommandLineSetting] = {}
    for prov in ruleset.provenance.values():
        if prov.ruleset and prov.ruleset.startswith(SET) and prov.note == NOTE and prov.ruleset not in out:
            key, _, raw = prov.ruleset[1:].partition("=")
            try:
                out[prov.ruleset] = CommandLineSetting(key, read_yaml("<id>", text="v: " + raw).data.get("v"), 0)
            except DosrulesError:  # pragma: no cover - the id was written canonical
                continue
    return list(out.values())
