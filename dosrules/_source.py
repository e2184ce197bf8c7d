"""``DOSRULES_PURE_PYTHON=1``: import every dosrules module from its Python source, even where a
module compiled by mypyc (``setup.py``, ``DOSRULES_MYPYC=1``) is installed beside it: the same
games, for tests that patch engine code and for measuring the two builds against each other."""

from __future__ import annotations

import importlib.abc
import importlib.util
import os
import sys

__all__ = ["prefer_source"]


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds ``dosrules.*`` modules as their ``.py`` file when there is one."""

    def find_spec(self, name, path, target=None):
        if not name.startswith("dosrules.") or not path:
            return None
        leaf = name.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(name, source)
        return None


def prefer_source() -> None:
    """Put the source-first finder ahead of the others (once)."""
    if not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())
