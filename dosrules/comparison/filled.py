"""Figures measured on the game, not on the silences of its sources.

A round that reaches a rule the sources leave unspecified ends void at the rule gap, so when
gaps void many rounds a comparison's figures measure the silences. :func:`measure_figures` runs
the comparison's rulesets as written first, for a shorter run (:func:`unfilled_amount`); when
rule gaps void more than the threshold of any compared ruleset's rounds, it fills **every**
compared ruleset with the same named readings (the baseline filling of ``gaps --measure``, or
``--fill SOURCE``) and simulates the filled rulesets for the comparison's full amount: those are
the figures the comparison tests. The rulesets as written become the secondary table. Otherwise
(or when the caller asks for the unfilled comparison) the rulesets as written run for the full
amount, extending the shorter run from the store (and are filled after all if the full run shows
gaps above the threshold that the shorter one did not).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from .executors import Executor
from .runner import RunPlan, run_comparison
from .store import ResultStore

__all__ = ["Figures", "measure_figures", "unfilled_amount", "FILL_SOURCE_WORDS"]

#: how the baseline filling picks a reading, in words
FILL_SOURCE_WORDS = "the reading most shipped rulesets choose (the first declared one where none chooses)"


@dataclass
class Figures:
    """What a comparison measured. ``summaries``: (spec, players) -> the summary the comparison
    tests (of the filled ruleset when ``filling`` is set); ``filling``: None, or the readings each
    ruleset was filled with (see :func:`measure_figures`); ``unfilled``: the rulesets as written,
    (spec, players) -> summary, when they are not the tested figures; ``run`` and ``unfilled_run``:
    the runs' figures (:meth:`RunStats.to_json`)."""

    summaries: dict[tuple[str, int], dict[str, Any]]
    run: dict[str, Any]
    filling: dict[str, Any] | None = None
    unfilled: dict[tuple[str, int], dict[str, Any]] | None = None
    unfilled_run: dict[str, Any] | None = None


def unfilled_amount(rounds: int | None, games: int | None, given: int | None = None) -> dict[str, int]:
    """How long the rulesets as written run before the comparison knows whether to fill them:
    ``given``, else a quarter of the comparison, never less than 2,000 rounds or 100 games unless
    the comparison itself is shorter. Its chunks are the comparison's first ones, so when nothing
    needs filling the full run reuses them from the store."""
    key, amount, least = ("games", games, 100) if games else ("rounds", rounds, 2000)
    assert amount is not None
    return {key: min(amount, given or max(amount // 4, min(amount, least)))}


Filler = Callable[[str, str, int], Mapping[str, Any]]


def measure_figures(plan: RunPlan, filler: Filler, store: ResultStore, executor: Executor, *,
                    threshold: float, fill: str | None = None, no_fill: bool = False, first: int | None = None,
                    progress: Callable | None = None) -> Figures:
    """Simulate ``plan`` so that its figures measure the game: see the module docstring.
    ``filler(spec, content hash, players)`` fills one of the plan's rulesets: ``spec``,
    ``content_hash`` and ``readings`` (``path``, ``reading``, ``why``) of the filled ruleset (the
    baseline filling of ``gaps --measure``; the command line provides it). ``threshold``: the share
    of void rounds above which the rulesets are filled; ``fill``: the fill source the filler reads
    first, named in the report; ``no_fill``: the rulesets as written, whatever their gaps;
    ``first``: the length of the first run (:func:`unfilled_amount`).

    ``filling`` is ``{"source": words, "threshold": t, "heavy": [(spec, players, void share)],
    "rulesets": [{"ruleset", "players", "spec", "content_hash", "readings": [{"path", "reading",
    "why"}]}]}``."""
    from .report import gap_heavy

    if no_fill:
        summaries, stats = run_comparison(plan, store, executor, progress=progress)
        return Figures(_json(summaries), stats.to_json())
    short = replace(plan, **{"rounds": None, "games": None,
                             **unfilled_amount(plan.rounds, plan.games, first)})
    summaries, stats = run_comparison(short, store, executor, progress=progress)
    written = _json(summaries)
    heavy = gap_heavy(written, threshold)
    if not heavy and (short.rounds, short.games) != (plan.rounds, plan.games):
        summaries, stats = run_comparison(plan, store, executor, progress=progress)  # extends the short run
        written = _json(summaries)
        heavy = gap_heavy(written, threshold)  # (rarely: gaps the short run did not show)
    if not heavy:
        return Figures(written, stats.to_json())
    filling = {"source": f"from --fill {fill}, else {FILL_SOURCE_WORDS}" if fill else FILL_SOURCE_WORDS,
               "threshold": threshold, "heavy": [[g["ruleset"], g["players"], g["void_share"]] for g in heavy],
               "rulesets": []}
    out: dict[tuple[str, int], dict[str, Any]] = {}
    runs = []
    for n in plan.players:
        cells = [dict(filler(spec, digest, n)) for spec, digest in plan.rulesets]
        sub = replace(plan, rulesets=[(c["spec"], c["content_hash"]) for c in cells], players=[n])
        filled, run = run_comparison(sub, store, executor, progress=progress)
        runs.append(run.to_json())
        for (spec, _), cell in zip(plan.rulesets, cells):
            out[(spec, n)] = filled[(cell["spec"], n)].to_json()
            filling["rulesets"].append({"ruleset": spec, "players": n, **cell})
    return Figures(out, _sum_runs(runs), filling, written, stats.to_json())


def _json(summaries) -> dict[tuple[str, int], dict[str, Any]]:
    return {key: s.to_json() for key, s in summaries.items()}


def _sum_runs(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One run's figures from the runs of several player counts."""
    total = dict(runs[0])
    for key in ("chunks", "cached", "computed", "rounds_computed"):
        total[key] = sum(r[key] for r in runs)
    total["seconds"] = round(sum(r["seconds"] for r in runs), 3)
    rate = total["rounds_computed"] / total["seconds"] if total["seconds"] and total["rounds_computed"] else None
    total["rounds_per_sec"] = round(rate, 1) if rate else None
    return total
