"""The table's choice of rules, as it travels in a page's URL: an edition, house rules, uploaded
house-rule files and readings of silences.

A choice is a few query parameters (``edition``, ``house`` repeated, ``upload`` repeated,
``fill`` repeated as ``rule.path=reading``), so a link shares it. :func:`read_choice` checks
each against what exists (shipped ids, uploads held by this server, rule paths and their
readings) before anything is loaded: no text from a request becomes a path or reaches the loader
unchecked. :meth:`RulesChoice.spec` is the ruleset spec the command line would take.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from ..errors import UsageError
from .catalogue import Catalogue
from .uploads import Uploads

__all__ = ["RulesChoice", "read_choice", "read_specs", "MAX_HOUSE", "MAX_FILLS", "MAX_ALSO"]

MAX_HOUSE = 8  # house rules in one choice (six are shipped)
MAX_FILLS = 24  # readings given in one choice (the editions have about a dozen silences)
MAX_ALSO = 3  # further rulesets a question is asked under (the three editions)
_SPEC = re.compile(r"^[a-z0-9-]{1,64}(\+[a-z0-9-]{1,64}){0,8}$")  # a composition of shipped ids


@dataclass(frozen=True)
class RulesChoice:
    """An edition with house rules, uploaded house rules and readings, in the order applied."""

    edition: str
    house: tuple[str, ...] = ()
    uploads: tuple[str, ...] = ()  # content hashes of uploaded files (see .uploads)
    fills: tuple[tuple[str, str], ...] = ()  # (rule path, reading)

    def spec(self, uploads: Uploads) -> str:
        """The ruleset spec: ``edition+house+file~path=reading~...``."""
        parts = [self.edition, *self.house, *(str(uploads.path(h)) for h in self.uploads)]
        return "+".join(parts) + "".join(f"~{path}={value}" for path, value in self.fills)

    def label(self, uploads: Uploads) -> str:
        """The choice as a person reads it: ids and uploaded files' ids, and the readings."""
        parts = [self.edition, *self.house, *(uploads.ruleset_id(h) for h in self.uploads)]
        return "+".join(parts) + "".join(f"~{path}={value}" for path, value in self.fills)

    def query(self) -> list[tuple[str, str]]:
        """The query parameters that give this choice back."""
        return ([("edition", self.edition)] + [("house", h) for h in self.house]
                + [("upload", u) for u in self.uploads] + [("fill", f"{p}={v}") for p, v in self.fills])


def _one(params: Mapping[str, Sequence[str]], name: str) -> str | None:
    values = params.get(name) or []
    return values[0] if values else None


def _listed(params: Mapping[str, Sequence[str]], name: str, what: str, fix: str) -> tuple[str, ...]:
    """The values of ``name``, each once, at most MAX_HOUSE of them."""
    values = tuple(dict.fromkeys(params.get(name) or []))
    if len(values) > MAX_HOUSE:
        raise UsageError(f"{len(values)} {what} chosen; at most {MAX_HOUSE}", where=name, fix=fix)
    return values


def read_choice(params: Mapping[str, Sequence[str]], catalogue: Catalogue, uploads: Uploads,
                default_edition: str | None = None) -> RulesChoice:
    """The choice in ``params`` (each a list of values), checked; UsageError naming the parameter."""
    from ..ruleset.readings import can_be_unspecified, reading_text, readings

    editions, houses = catalogue.editions, catalogue.house
    edition = _one(params, "edition") or default_edition
    if edition is None:
        raise UsageError("no edition chosen", where="edition", fix=f"Choose one of: {', '.join(sorted(editions))}.")
    if edition not in editions:
        raise UsageError(f"'{edition[:64]}' is not a shipped edition", where="edition",
                         fix=f"Choose one of: {', '.join(sorted(editions))}.")
    house = _listed(params, "house", "house rules", "Untick some house rules.")
    for h in house:
        if h not in houses:
            raise UsageError(f"'{h[:64]}' is not a shipped house rule", where="house",
                             fix=f"Choose among: {', '.join(sorted(houses))}, or upload your own file.")
    ups = _listed(params, "upload", "uploaded files", "Choose fewer uploaded house rules.")
    for u in ups:
        if not uploads.has(u):
            raise UsageError(f"the uploaded house rule '{u[:16]}' is not on this server (it keeps uploads "
                             "only while it runs)", where="upload", fix="Upload the file again on the rules page.")
    fills = []
    for given in params.get("fill") or []:
        path, sep, value = given.partition("=")
        if not sep or not can_be_unspecified(path):
            raise UsageError(f"'{given[:80]}' is not a reading of a silent rule", where="fill",
                             fix="Choose readings on the rules page (rule.path=reading).")
        known = [reading_text(r) for r in readings(path)]
        if value not in known:
            raise UsageError(f"'{value[:40]}' is not a reading of {path}", where="fill",
                             fix=f"Readings of {path}: {', '.join(known)}.")
        fills.append((path, value))
    if len(fills) > MAX_FILLS:
        raise UsageError(f"{len(fills)} readings given; at most {MAX_FILLS}", where="fill", fix="Give fewer readings.")
    return RulesChoice(edition, house, ups, tuple(dict.fromkeys(fills)))


def read_specs(params: Mapping[str, Sequence[str]], catalogue: Catalogue, name: str = "also") -> list[str]:
    """Further rulesets named by id or composition of known ids (never a path)."""
    editions, houses = catalogue.editions, catalogue.house
    out = []
    for spec in dict.fromkeys(params.get(name) or []):
        if not _SPEC.match(spec):
            raise UsageError(f"'{spec[:64]}' is not a ruleset id or composition of ids", where=name,
                             fix="Give shipped ids joined by '+', e.g. mattel-2018+reshuffle.")
        first, *rest = spec.split("+")
        if first not in editions or any(r not in houses for r in rest):
            raise UsageError(f"'{spec}' names a ruleset this server does not ship", where=name,
                             fix=f"Editions: {', '.join(sorted(editions))}; house rules: {', '.join(sorted(houses))}.")
        out.append(spec)
    if len(out) > MAX_ALSO:
        raise UsageError(f"{len(out)} further rulesets; at most {MAX_ALSO}", where=name, fix="Choose fewer.")
    return out
