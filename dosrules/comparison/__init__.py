"""Comparing rulesets: rule diff, simulated effects with tests, degenerate flags, witnesses,
plots and reports, over a resumable SQLite store of simulation chunks and pluggable executors.

Modules: ``diff`` (rule diff), ``stats`` (tests), ``effects`` (pairwise tests and flags), ``design``
(design measures: fairness, skill, drama, decisiveness, length), ``store`` (SQLite), ``verify_reports`` (the verifier's reports kept in the store), ``executors``
(local processes, dask), ``runner`` (plan, store, run), ``filled`` (the figures measured on the
game: every ruleset filled when rule gaps void many rounds), ``witnesses`` (Z3), ``plots``
(matplotlib SVG), ``report`` (JSON, text, HTML).
"""

from __future__ import annotations

from pathlib import Path

from .diff import DiffRow, rule_diff
from .effects import Thresholds, degenerate_flags, effects
from .executors import DaskExecutor, LocalExecutor, make_executor
from .report import build_document, gap_heavy, render_html, render_text
from .runner import RunPlan, run_comparison
from .store import ResultStore, default_db_path

__all__ = ["rule_diff", "DiffRow", "effects", "degenerate_flags", "Thresholds", "LocalExecutor",
           "DaskExecutor", "make_executor", "ResultStore", "default_db_path", "open_store", "RunPlan",
           "run_comparison", "build_document", "gap_heavy", "render_text", "render_html", "pair_witnesses"]


def open_store(path: str | Path | None = None) -> ResultStore:
    """The results store at ``path`` (default :func:`default_db_path`)."""
    if path:
        return ResultStore(path)
    default = default_db_path()
    return ResultStore(default, label=f"the results store {default} (from $XDG_CACHE_HOME, or ~/.cache)")


def pair_witnesses(*args, **kwargs):
    """See :func:`dosrules.comparison.witnesses.pair_witnesses` (imports z3 on call)."""
    from .witnesses import pair_witnesses as run

    return run(*args, **kwargs)
