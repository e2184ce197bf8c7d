"""dosrules: the rules of DOS as data — rulesets, one engine, and a verifier."""

import os as _os
import sys as _sys


class _SourceFirst:
    """With ``DOSRULES_PURE_PYTHON=1``, every ``dosrules.*`` module is imported from its ``.py``
    file even where a module compiled by mypyc (``setup.py``: in a wheel, or ``DOSRULES_MYPYC=1``)
    is installed beside it: the same games, for tests that patch engine code and for measuring
    the builds."""

    @staticmethod
    def find_spec(name, path, target=None):
        if not name.startswith("dosrules.") or not path:
            return None
        from importlib.util import spec_from_file_location

        leaf = name.rpartition(".")[2]
        for entry in path:
            source = _os.path.join(entry, leaf + ".py")
            if _os.path.isfile(source):
                return spec_from_file_location(name, source)
        return None


if _os.environ.get("DOSRULES_PURE_PYTHON", "") not in ("", "0") and _SourceFirst not in _sys.meta_path:
    _sys.meta_path.insert(0, _SourceFirst)  # before the finders that prefer compiled modules

_LAZY = {"load_ruleset": "ruleset.loader", "UNSPECIFIED": "ruleset.model", "Ruleset": "ruleset.model",
         "Rules": "ruleset.model", "Status": "ruleset.model", "dump_ruleset": "ruleset.dump",
         "IllegalActionError": "engine", "new_game": "engine", "parse_action": "engine",
         "play": "engine", "why_not": "engine"}


def __getattr__(name: str):
    """The public names, each imported on first use: ``import dosrules.cli`` stays light, so a
    Ctrl-C soon after start lands inside the command line's handler, not in an import."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'dosrules' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = ["load_ruleset", "dump_ruleset", "Ruleset", "Rules", "Status", "UNSPECIFIED",
           "new_game", "play", "why_not", "parse_action", "IllegalActionError"]
