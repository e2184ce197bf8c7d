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

from ..ruleset.loader import load_ruleset, shipped_ids
from ..ruleset.model import Ruleset
from .scenario import Expectation, Scenario, ScenarioError, inline_scenario, load_scenario
from .verdict import Answer, RuleRef, answer, check

__all__ = ["Scenario", "Expectation", "ScenarioError", "load_scenario", "inline_scenario",
           "Answer", "RuleRef", "answer", "check", "ask", "shipped_editions", "rulesets_for"]


def shipped_editions() -> list[str]:
    """Ids of every shipped edition (the files in rulesets/editions), sorted."""
    return shipped_ids("editions")


def rulesets_for(scenario: Scenario, chosen: Iterable[str] | None = None) -> list[str]:
    """The rulesets a scenario is asked under: ``chosen``, else every shipped edition and then
    the other rulesets its ``expect`` names."""
    if chosen:
        return list(dict.fromkeys(chosen))
    editions = shipped_editions()
    return [*editions, *(r for r in scenario.expect if r not in editions)]


@lru_cache(maxsize=32)
def ruleset(spec: str) -> Ruleset:
    """A loaded ruleset, loaded once per process (rulesets are immutable)."""
    return load_ruleset(spec)


def ask(scenario: Scenario, rulesets: Iterable[str] | None = None, *, explain: bool = True) -> list[Answer]:
    """The answer under each ruleset (see :func:`rulesets_for` for the default)."""
    return [answer(scenario, ruleset(r), explain=explain) for r in rulesets_for(scenario, rulesets)]
