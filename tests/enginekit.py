"""Helpers for engine tests: rule variants built in memory, and legal sets as text."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from dosrules import load_ruleset
from dosrules.engine import from_position
from dosrules.engine import state as _state

RULESETS = Path(__file__).parent / "rulesets"
#: the engine and agents are compiled by mypyc in a wheel (setup.py): a test that patches
#: their methods runs on the Python build only (DOSRULES_PURE_PYTHON=1)
COMPILED = not (_state.__file__ or "").endswith(".py")
MATTEL = load_ruleset("mattel-2018")


def variant(base=MATTEL, **changes):
    """``base`` with rule values replaced: ``variant(drawing__after_failed_draw=...)``."""
    rules = base.rules
    for key, value in changes.items():
        rules = _set(rules, key.split("__"), value)
    return replace(base, rules=rules, by_players={}, id=base.id + "+variant")


def _set(obj, parts, value):
    if len(parts) == 1:
        return replace(obj, **{parts[0]: value})
    return replace(obj, **{parts[0]: _set(getattr(obj, parts[0]), parts[1:], value)})


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def position(hands, row, ruleset=MATTEL, **kw):
    return from_position(ruleset, hands, row, **kw)
