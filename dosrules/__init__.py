"""dosrules: the rules of DOS as data — rulesets, one engine, and a verifier."""

import os as _os

if _os.environ.get("DOSRULES_PURE_PYTHON", "") not in ("", "0"):  # no compiled module (mypyc, C)
    from ._source import prefer_source

    prefer_source()

from .ruleset.loader import load_ruleset
from .ruleset.model import UNSPECIFIED, Ruleset, Rules, Status

_LAZY = {"IllegalActionError": "engine", "new_game": "engine", "parse_action": "engine",
         "play": "engine", "why_not": "engine", "dump_ruleset": "ruleset.dump"}


def __getattr__(name: str):
    """The engine's names and ``dump_ruleset``, imported on first use (a light start-up)."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'dosrules' has no attribute {name!r}")


__all__ = ["load_ruleset", "dump_ruleset", "Ruleset", "Rules", "Status", "UNSPECIFIED",
           "new_game", "play", "why_not", "parse_action", "IllegalActionError"]
