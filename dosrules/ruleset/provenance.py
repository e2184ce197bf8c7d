"""Provenance of the rule values one ruleset file sets, from its ``cite:`` table.

A file writes plain values under ``rules:`` (and ``by_players: {N: ...}``) and their provenance
in ``cite:``, keyed by rule path. An entry covers the rule at its path and every rule below it
that has no longer entry of its own (``deck`` covers ``deck.total`` unless ``deck.total`` has an
entry). Keys below ``by_players`` are written in full: ``by_players.2.setup.hand_size``.

The key ``rules`` covers every value the file sets (one entry for a whole house rule).

The status of a value is the entry's ``status``, else ``stated`` in an edition and ``house`` in
a house rule; a value written ``unspecified`` always has the status ``unspecified``. A ``stated``
or ``inferred`` value needs a citation (``source`` + ``section`` + ``quote``) naming a source the
same file lists, and an ``inferred`` value needs a ``note``. A ``filled`` value (a reading filled
into a silence, see :mod:`dosrules.ruleset.fill`) needs a citation or a note. A ``house`` value's
source is the table itself: it needs no citation, and may give a ``note`` or a ``source`` alone
that names the table ("our kitchen table", or the key of a listed source), or a full citation.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from ..errors import DosrulesError
from .localized import Localized, english
from .model import UNSPECIFIED_TEXT, Citation, Provenance, Status, rule_paths
from .schema import dotted, nearest, show
from .sound import Sound
from .yaml12 import Document, TreePath

RULE_LEAVES: frozenset[str] = frozenset(rule_paths())
RULE_NODES: frozenset[str] = frozenset(
    ".".join(p.split(".")[:i]) for p in RULE_LEAVES for i in range(1, p.count(".") + 2))
_BY_PLAYERS_KEY = re.compile(r"^by_players(?:\.([0-9]+)(?:\.(.+))?)?$")
CITATION_FIELDS = ("source", "section", "quote")
WHOLE_FILE = "rules"  # the cite key that covers every rule value of the file


#: what a citation says where the source's words are still to be transcribed (``dosrules new edition``)
PLACEHOLDER = "TODO"


def placeholder_citations(provenance: dict[str, Provenance], ruleset_id: str) -> list[str]:
    """The rule paths whose citation, set by ``ruleset_id``, still says :data:`PLACEHOLDER` for
    its section or quote: a file that validates, with transcription left to do."""
    return [path for path, p in provenance.items()
            if p.citation is not None and p.ruleset == ruleset_id
            and PLACEHOLDER in (p.citation.section.strip().upper(), p.citation.quote.strip().upper())]


def rule_leaves(rules: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """(rule path, value) for every rule leaf set in a (partial) rule tree."""
    for key, value in rules.items():
        path = prefix + key
        if path in RULE_LEAVES or not isinstance(value, dict):
            yield path, value
        else:
            yield from rule_leaves(value, path + ".")


def file_leaves(data: dict[str, Any]) -> Iterator[tuple[str, TreePath, Any]]:
    """(provenance path, tree path, value) of every rule value a ruleset file sets."""
    for path, value in rule_leaves(data.get("rules") or {}):
        yield path, ("rules", *path.split(".")), value
    for n, override in (data.get("by_players") or {}).items():
        for path, value in rule_leaves(override or {}):
            yield f"by_players.{n}.{path}", ("by_players", n, *path.split(".")), value


def names_rule_path(key: str) -> bool:
    """Whether a cite key names a rule, a rule group, a ``by_players`` override of one, or the
    whole file (``rules``)."""
    if key == WHOLE_FILE:
        return True
    match = _BY_PLAYERS_KEY.match(key)
    if match:
        return match.group(2) is None or match.group(2) in RULE_NODES
    return key in RULE_NODES


def _suggest(key: str) -> str | None:
    match = _BY_PLAYERS_KEY.match(key)
    if match and match.group(2):
        guess = nearest(match.group(2), RULE_NODES)
        return f"by_players.{match.group(1)}.{guess}" if guess else None
    return nearest(key, RULE_NODES)


def file_provenance(doc: Document, sound: Sound | None = None) -> tuple[dict[str, Provenance], list[DosrulesError]]:
    """Provenance of every rule value a file sets, and every problem with its cites.

    For a file with schema errors, ``sound`` is what passed (:mod:`dosrules.ruleset.sound`):
    the checks read only that, and say nothing that a value taken out would explain (a rule
    whose cite entry failed, a cite entry whose rule failed, a source key when a source failed).
    Without a valid ``kind`` the default status is unknown and nothing is checked."""
    sound = sound or Sound(doc.data, frozenset())
    data = sound.data
    if data is None or "kind" not in data:
        return {}, []
    file_id = data.get("id", "")
    default = Status.HOUSE if data["kind"] == "house" else Status.STATED
    cite: dict[str, dict[str, Any]] = data.get("cite") or {}
    written_cite = doc.data.get("cite") if isinstance(doc.data.get("cite"), dict) else {}
    sources_known = "sources" in data
    sources = [s["key"] for s in data.get("sources") or []]
    titles = {s["key"]: s["title"] for s in data.get("sources") or []}
    lost_rules = sound.rule_paths_lost()
    problems: list[DosrulesError] = []

    def problem(path: TreePath, what: str, fix: str, key: bool = False) -> None:
        problems.append(DosrulesError(what, where=doc.where(path, key=key), path=dotted(path), fix=fix))

    for key, entry in cite.items():
        at = ("cite", key)
        if not names_rule_path(key):
            guess = _suggest(key)
            problem(at, f"cite key '{key}' names no rule path" + (f" — did you mean '{guess}'?" if guess else ""),
                    "A cite key is a rule path such as 'refill.minimum', a group such as 'deck', "
                    "or 'by_players.N.<rule path>'.", key=True)
            continue
        house = entry.get("status", default.value) == Status.HOUSE.value
        given = [f for f in CITATION_FIELDS if f in entry]
        names_table = house and given == ["source"]  # a house value's source alone: the table
        if given and len(given) < len(CITATION_FIELDS) and not names_table:
            missing = [f for f in CITATION_FIELDS if f not in entry]
            problem(at, f"cite entry '{key}' gives {' and '.join(given)} but not {' and '.join(missing)}",
                    "A citation has all three: source (a key of 'sources'), section and a short quote"
                    + ("; a house value may instead give only a note, or a source naming the table."
                       if house else "."), key=True)
        if "source" in entry and entry["source"] not in sources and not names_table and sources_known:
            guess = nearest(entry["source"], sources)
            problem((*at, "source"), f"cite entry '{key}' names the source {show(entry['source'])}, which "
                    "this file does not list in 'sources'" + (f" — did you mean '{guess}'?" if guess else ""),
                    f"Cite one of the sources this file lists ({', '.join(sources) or 'none'}), or add the "
                    "document to 'sources'.")
        if entry.get("status") == Status.INFERRED.value and "note" not in entry:
            problem(at, f"cite entry '{key}' marks its rules inferred but gives no note",
                    "Add 'note:' saying how the value reads the unclear source.", key=True)

    used: set[str] = set()
    provenance: dict[str, Provenance] = {}
    for path, tree_path, value in file_leaves(data):
        key = _covering(path, cite)
        entry = cite.get(key, {}) if key else {}
        if key:
            used.add(key)
        if ("cite",) in sound.removed or ("cite", _covering(path, written_cite)) in sound.removed:
            continue  # its cite entry failed the schema: whatever it said is unknown
        citation = Citation(*(entry[f] for f in CITATION_FIELDS)) if all(f in entry for f in CITATION_FIELDS) else None
        table = titles.get(entry["source"], entry["source"]) if citation is None and "source" in entry else None
        stated_status = entry.get("status")
        if value == UNSPECIFIED_TEXT:
            if key == path and stated_status not in (None, Status.UNSPECIFIED.value):
                problem(tree_path, f"rule '{path}' is unspecified but its cite entry gives the status "
                        f"{stated_status}", "Give the value the source states, or make the status unspecified.")
            provenance[path] = Provenance(Status.UNSPECIFIED, citation, english(entry.get("note")), file_id,
                                          notes=_notes(entry))
            continue
        status = Status(stated_status) if stated_status else default
        if status is Status.UNSPECIFIED:
            problem(tree_path, f"rule '{path}' has the value {show(value)} but its cite entry "
                    f"'{key}' marks it unspecified",
                    "Write 'unspecified' as the value if the source is silent; if the rule needs a "
                    "value, mark it inferred and say why in a note.")
        elif citation is None and status is not Status.HOUSE and not (status is Status.FILLED and entry.get("note")):
            problem(tree_path, f"rule '{path}' has no citation",
                    f"Add a 'cite:' entry for '{path}' (or for a group above it) with source, section "
                    "and quote; only a value written 'unspecified', a house value, or a filled one with a "
                    "note may go without one.")
        provenance[path] = Provenance(status, citation, english(entry.get("note")), file_id,
                                      table if status is Status.HOUSE else None, _notes(entry))

    for key in cite:
        if key not in used and names_rule_path(key) and not any(_touches(key, lost) for lost in lost_rules):
            problem(("cite", key), f"cite entry '{key}' covers no rule value this file sets",
                    "Remove the entry, or set the rule it cites in 'rules:' (or 'by_players:').", key=True)
    return provenance, problems


def _covering(path: str, cite: dict[str, Any]) -> str | None:
    """The longest cite key that is the path or a group above it."""
    parts = path.split(".")
    for i in range(len(parts), 0, -1):
        key = ".".join(parts[:i])
        if key in cite:
            return key
    return WHOLE_FILE if WHOLE_FILE in cite else None


def _touches(key: str, lost: str) -> bool:
    """Whether a cite key may cover a rule value taken out at the provenance path ``lost``
    (``""``: all of ``rules``)."""
    if lost == "":
        return not key.startswith("by_players")
    return key in (lost, WHOLE_FILE) or key.startswith(lost + ".") or lost.startswith(key + ".")


def _notes(entry: dict[str, Any]) -> Localized | None:
    """A cite entry's note with its translations (None for a plain note: ``Provenance.note`` has it)."""
    note = entry.get("note")
    return Localized.of(note) if isinstance(note, dict) else None
