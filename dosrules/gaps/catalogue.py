"""A ruleset's silences, each with its readings, who chooses which, and whether play can reach it.

:func:`describe_silences` lists every rule a ruleset leaves unspecified; :func:`describe_silence`
describes one rule path (silent or not), for callers that meet a rule gap and want its readings.
Reachability comes from the Z3 verifier's bounded search (:func:`dosrules.verify.reach.reachable_gaps`):
the fewest turns to a situation the silent rule must decide, "not within N turns", unknown, or
not searched (the verifier's model does not cover that rule).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from ..ruleset.fill import FILL
from ..ruleset.model import Players, Ruleset, Status
from ..ruleset.readings import OPEN_PATHS, Silence, reading_text, readings, silences
from ..ruleset.choices import Choice, choices

__all__ = ["ReadingOption", "Reachability", "SilenceReport", "InferredReading", "describe_silences",
           "describe_silence", "inferred_readings", "reachability"]


@dataclass(frozen=True)
class ReadingOption:
    """One reading of a rule and the rulesets that choose it."""

    value: Any
    chosen_by: tuple[Choice, ...]
    declared: bool = True  # False: a value some ruleset chooses that is not among the declared readings

    @property
    def text(self) -> str:
        return reading_text(self.value)

    def to_json(self) -> dict[str, Any]:
        return {"value": self.text, "declared": self.declared,
                "chosen_by": [c.to_json() for c in self.chosen_by]}


@dataclass(frozen=True)
class Reachability:
    """What the verifier's bounded search says about reaching a silence."""

    verdict: str  # "reachable", "not-within", "unknown" or "not-searched"
    max_turns: int
    turns: int | None = None  # reachable: the fewest turns played before the turn that meets it
    players: int | None = None
    fewest: bool = True  # False: a shorter trace may exist (the solver gave up on an earlier turn)
    trace: tuple[str, ...] = ()
    detail: str | None = None  # unknown: the solver's reason

    def phrase(self) -> str:
        if self.verdict == "reachable":
            how = "in" if self.fewest else "by (perhaps sooner: the solver gave up on an earlier turn)"
            return f"reachable {how} turn {self.turns + 1} ({self.players} players)"
        if self.verdict == "not-within":
            return f"not reachable within {self.max_turns} turns"
        if self.verdict == "unknown":
            return f"unknown (the solver gave up: {self.detail})"
        return "not searched (the verifier's model does not decide this rule)"

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self) | {"trace": list(self.trace), "phrase": self.phrase()}


@dataclass(frozen=True)
class SilenceReport:
    """A silence: its rule, player counts, description, readings (who chooses which) and reachability."""

    path: str
    players: tuple[int, ...]
    description: str
    readings: tuple[ReadingOption, ...]
    reach: Reachability | None = None  # None when the verifier was not asked

    def fill_spec(self, spec: str, option: ReadingOption) -> str:
        """The spec that fills this silence of ``spec`` with ``option``: ``german~deck_exhaustion=end-round``."""
        return f"{spec}{FILL}{self.path}={option.text}"

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "players": list(self.players), "description": self.description,
                "readings": [r.to_json() for r in self.readings],
                "verifier": None if self.reach is None else self.reach.to_json()}


def _options(path: str, search_dirs: Iterable[str | Path]) -> tuple[ReadingOption, ...]:
    chosen = choices(path, search_dirs)
    options = [ReadingOption(v, tuple(c for c in chosen if c.value == v and type(c.value) is type(v)))
               for v in readings(path)]
    declared = {reading_text(v) for v in readings(path)}
    for text in dict.fromkeys(c.text for c in chosen if c.text not in declared):
        options.append(ReadingOption(next(c.value for c in chosen if c.text == text),
                                     tuple(c for c in chosen if c.text == text), declared=False))
    return tuple(options)


def _one_count(ruleset: Ruleset, players: int) -> Ruleset:
    """The ruleset as it is for ``players`` players only (what the verifier searches)."""
    rules = ruleset.for_players(players)
    return dataclasses.replace(ruleset, rules=dataclasses.replace(rules, players=Players(players, players)),
                               by_players={})


def reachability(ruleset: Ruleset, players: int | None = None) -> dict[str, Reachability]:
    """Rule path -> what the verifier's bounded search finds (every allowed count, or ``players``)."""
    from ..verify.reach import MAX_TURNS, reachable_gaps
    from ..verify.solving import DEFAULT_BUDGET, SolverVerdict, interruptible

    target = _one_count(ruleset, players) if players is not None else ruleset
    found: dict[str, Reachability] = {}
    with interruptible():  # Ctrl-C stops the search (z3's own handler would only cancel one query)
        results = reachable_gaps(target, DEFAULT_BUDGET, MAX_TURNS)
    for result in results:
        path = result.rule_paths[0] if result.rule_paths else result.check.removeprefix("gap.")
        if result.verdict is SolverVerdict.COUNTEREXAMPLE:
            data = result.data
            reach = Reachability("reachable", MAX_TURNS, data["turns"], data["players"], data["fewest"],
                                 tuple(data["trace"]))
        elif result.verdict is SolverVerdict.UNKNOWN:
            reach = Reachability("unknown", MAX_TURNS, detail=result.witness)
        else:
            reach = Reachability("not-within", MAX_TURNS)
        found[path] = _closer(found.get(path), reach)
    return found


_ORDER = {"reachable": 0, "unknown": 1, "not-within": 2, "not-searched": 3}


def _closer(a: Reachability | None, b: Reachability) -> Reachability:
    """Of two findings on one rule (several situations can rest on it), the one nearer to play."""
    if a is None:
        return b
    key = lambda r: (_ORDER[r.verdict], r.turns if r.turns is not None else 0)  # noqa: E731
    return a if key(a) <= key(b) else b


def describe_silences(ruleset: Ruleset, players: int | None = None, search_dirs: Iterable[str | Path] = (),
                      verify: bool = True) -> list[SilenceReport]:
    """Every silence of ``ruleset`` (for ``players`` players, or for every count it allows)."""
    from ..rulebook.render import schema_descriptions

    found = silences(ruleset, players)
    reach = reachability(ruleset, players) if verify and found else {}
    text = schema_descriptions()
    return [_report(s, text[s.path], search_dirs, reach if verify else None) for s in found]


def _report(silence: Silence, description: str, search_dirs, reach: dict[str, Reachability] | None) -> SilenceReport:
    from ..verify.reach import MAX_TURNS

    finding = None if reach is None else reach.get(silence.path, Reachability("not-searched", MAX_TURNS))
    return SilenceReport(silence.path, silence.players, description, _options(silence.path, search_dirs), finding)


def describe_silence(ruleset: Ruleset, path: str, players: int | None = None,
                     search_dirs: Iterable[str | Path] = (), verify: bool = False) -> SilenceReport:
    """One rule's readings and who chooses which (``players``: the counts it is silent for, or the
    given one). Raises :class:`~dosrules.ruleset.readings.ReadingError` for a rule that cannot be
    unspecified."""
    from ..rulebook.render import schema_descriptions

    readings(path)  # a rule without readings raises here
    silent = {s.path: s for s in silences(ruleset, players)}
    silence = silent.get(path, Silence(path, (players,) if players is not None else ()))
    reach = reachability(ruleset, players) if verify else None
    return _report(silence, schema_descriptions()[path], search_dirs, reach)


@dataclass(frozen=True)
class InferredReading:
    """A rule with readings that a ruleset does not leave open but reads from an unclear source
    (status ``inferred``): its value, the other readings, and the citation and note it gives."""

    path: str
    players: tuple[int, ...]
    value: Any
    others: tuple[Any, ...]
    citation: Any  # a model Citation, or None
    note: str | None

    def to_json(self) -> dict[str, Any]:
        cite = self.citation
        return {"path": self.path, "players": list(self.players), "value": reading_text(self.value),
                "others": [reading_text(v) for v in self.others], "note": self.note,
                "citation": None if cite is None else {"source": cite.source, "section": cite.section,
                                                      "quote": cite.quote}}


def inferred_readings(ruleset: Ruleset, players: int | None = None) -> list[InferredReading]:
    """Every rule with readings that ``ruleset`` gives by inference, in model order: the sources
    are unclear there and play follows this ruleset's reading (another is set with ``@path=value``;
    a fill ``~`` never overrides it). For ``players`` players, or for every count allowed."""
    allowed = ruleset.rules.players
    counts = [players] if players is not None else list(range(allowed.min, allowed.max + 1))
    out = []
    for path in OPEN_PATHS:
        read = [n for n in counts if ruleset.provenance_of(path, n).status is Status.INFERRED]
        if not read:
            continue
        prov = ruleset.provenance_of(path, read[0])
        value = ruleset.for_players(read[0]).get(path)
        others = tuple(v for v in readings(path) if reading_text(v) != reading_text(value))
        out.append(InferredReading(path, tuple(read), value, others, prov.citation, prov.note))
    return out
