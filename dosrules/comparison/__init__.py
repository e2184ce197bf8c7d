"""Comparing rulesets: rule diff, simulated effects with tests, degenerate flags, witnesses,
plots and reports, over a resumable SQLite store of simulation chunks and pluggable executors.

Modules: ``diff`` (rule diff), ``stats`` (tests), ``effects`` (pairwise tests and flags), ``design``
(design measures: fairness, skill, drama, decisiveness, length), ``store`` (SQLite), ``verify_reports`` (the verifier's reports kept in the store), ``executors``
(local processes, dask), ``runner`` (plan, store, run), ``filled`` (the figures measured on the
game: every ruleset filled when rule gaps void many rounds), ``witnesses`` (Z3), ``plots``
(matplotlib SVG), ``report`` (JSON, text, HTML).
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

# ``effects`` is loaded at once: the function shares its name with its module, and a lazy name
# would be shadowed by the module once anything imported it (it loads no engine)
from .effects import Thresholds, degenerate_flags, effects

#: public name -> the submodule that defines it; loaded on first use (PEP 562), so that a
#: command that needs only the store (``verify`` reading kept reports) does not load the
#: report, its wording and the engine
_LAZY = {"rule_diff": "diff", "DiffRow": "diff", "LocalExecutor": "executors", "DaskExecutor": "executors",
         "make_executor": "executors", "ResultStore": "store", "default_db_path": "store", "RunPlan": "runner",
         "run_comparison": "runner", "build_document": "report", "gap_heavy": "report",
         "render_text": "report", "render_html": "report"}

__all__ = ["rule_diff", "DiffRow", "effects", "degenerate_flags", "Thresholds", "LocalExecutor",
           "DaskExecutor", "make_executor", "ResultStore", "default_db_path", "open_store", "RunPlan",
           "run_comparison", "build_document", "gap_heavy", "render_text", "render_html", "pair_witnesses"]


def __getattr__(name: str):
    """The public names, imported from their submodule on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f".{_LAZY[name]}", __name__), name)
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))


def open_store(path: str | Path | None = None):
    """The results store at ``path`` (default :func:`default_db_path`)."""
    from .store import ResultStore, default_db_path

    if path:
        return ResultStore(path)
    default = default_db_path()
    return ResultStore(default, label=f"the results store {default} (from $XDG_CACHE_HOME, or ~/.cache)")


def pair_witnesses(*args, **kwargs):
    """See :func:`dosrules.comparison.witnesses.pair_witnesses` (imports z3 on call)."""
    from .witnesses import pair_witnesses as run

    return run(*args, **kwargs)
