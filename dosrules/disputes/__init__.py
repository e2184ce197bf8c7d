"""Settling disputes: scenario files, verdicts per ruleset, and the dispute catalogue.

    >>> from dosrules.disputes import load_scenario, ask
    >>> answers = ask(load_scenario("docs/disputes/failed-draw-costs-a-card.yaml"))
    >>> {a.ruleset: a.verdict for a in answers}  # doctest: +SKIP

See docs/disputes/README.md for the scenario format and the catalogue.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterable

from ..errors import UsageError
from ..ruleset.loader import load_ruleset, shipped_ids
from ..ruleset.model import Ruleset
from .scenario import Expectation, Scenario, ScenarioError, inline_scenario, load_scenario
from .options import Options, options
from .verdict import Answer, RuleRef, answer, check

__all__ = ["Scenario", "Expectation", "ScenarioError", "load_scenario", "inline_scenario",
           "Answer", "RuleRef", "answer", "check", "ask", "shipped_editions", "rulesets_for", "ruleset",
           "search_dirs_for", "slip_error", "Options", "options"]


def shipped_editions() -> list[str]:
    """Ids of every shipped edition (the files in rulesets/editions), sorted."""
    return shipped_ids("editions")


def rulesets_for(scenario: Scenario, chosen: Iterable[str] | None = None) -> list[str]:
    """The rulesets a scenario is asked under, as written: ``chosen``, else the ones the scenario
    names, else every shipped edition and then the other rulesets its ``expect`` names."""
    if chosen:
        return list(dict.fromkeys(chosen))
    if scenario.rulesets:
        return list(scenario.rulesets)
    editions = shipped_editions()
    return [*editions, *(r for r in scenario.expect if r not in editions)]


def search_dirs_for(scenario: Scenario, search_dirs: Iterable[str | Path] = ()) -> tuple[str, ...]:
    """The folders rulesets are looked up in: the scenario's own folder, then ``search_dirs``."""
    own = [str(scenario.folder)] if scenario.folder is not None else []
    return tuple(dict.fromkeys([*own, *map(str, search_dirs)]))


def ruleset(spec: str, search_dirs: tuple[str, ...] = ()) -> Ruleset:
    """A loaded ruleset: one named by ids only is loaded once per process (rulesets are
    immutable); one with a file in it is read afresh (the file may have changed)."""
    if "/" in spec or ".yaml" in spec or ".yml" in spec:
        return load_ruleset(spec, search_dirs)
    return _by_ids(spec, tuple(search_dirs))


@lru_cache(maxsize=32)
def _by_ids(spec: str, search_dirs: tuple[str, ...]) -> Ruleset:
    return load_ruleset(spec, search_dirs)


def slip_error(scenario: Scenario, answers: list[Answer]) -> UsageError | None:
    """The usage error when the question itself has a notation slip: under every ruleset the same
    asked action names a card that is not there. (Under only some rulesets it is their verdict.)"""
    slips = {(a.step, a.slip) for a in answers}
    if not answers or any(a.slip is None for a in answers) or len(slips) != 1:
        return None
    first = answers[0]
    steps = [*scenario.before, *scenario.actions]
    index = steps.index(first.step) if first.step in steps else None
    where = scenario.places[index] if index is not None and index < len(scenario.places) else scenario.file
    return UsageError(first.slip, where=where, fix=first.slip_fix)


def ask(scenario: Scenario, rulesets: Iterable[str] | None = None, *, explain: bool = True,
        search_dirs: Iterable[str | Path] = ()) -> list[Answer]:
    """The answer under each ruleset (see :func:`rulesets_for` for the default). A ruleset the
    scenario names as a file is read relative to the scenario's folder (``rulesets`` given here,
    as given); ids are looked up there first, then in ``search_dirs``. Raises UsageError for a notation slip (:func:`slip_error`)."""
    dirs = search_dirs_for(scenario, search_dirs)
    chosen = list(rulesets or ())
    loaded = [(spec, ruleset(spec if chosen else scenario.load_spec(spec), dirs))
              for spec in rulesets_for(scenario, chosen)]
    if explain:  # a slip under every ruleset is found before any explaining
        quick = [answer(scenario, rs, explain=False, spec=spec) for spec, rs in loaded]
        error = slip_error(scenario, quick)
        if error is not None:
            raise error
    answers = [answer(scenario, rs, explain=explain, spec=spec, search_dirs=dirs) for spec, rs in loaded]
    error = slip_error(scenario, answers)
    if error is not None:
        raise error
    return answers
