"""Which silences change the game: simulate every reading of each silence play reaches.

The other silences are held at a *baseline filling* (:func:`baseline_filling`): each at the
reading ``--baseline`` gives it, else the one most shipped rulesets choose (the first declared
reading when none chooses one). Every simulated ruleset is the target filled with inline readings,
``german~setup.first_player=left-of-dealer~...``, so a chunk can run anywhere and is stored under
that ruleset's content hash.

1. *Reach*: for each silence with more than one reading, the baseline with that silence left
   open, for a quarter of the rounds: how often play reaches it (the engine's rule-gap events).
   A silence no round reaches is reported as such and not measured.
2. *Readings*: the baseline and each other reading of every reached silence, with the same
   seeds (see :mod:`.effects` for the statistics), in looks of growing length (:func:`looks`: a
   quarter, half, then all of ``rounds`` rounds). After each look the silences still open are
   decided at that look's share of ``alpha``; a silence decided (changes the game, or shown not
   to matter) is not simulated further, and the rest go on to the next look. The shares are in
   proportion to the rounds each look adds, so the chance of any wrong call over all looks stays
   at most ``alpha`` (Bonferroni over the looks; Holm within each).

Chunks go through :func:`dosrules.comparison.runner.run_comparison`: the SQLite store keeps each
finished chunk, so a rerun or a longer run computes only what is missing, on local worker
processes or a dask cluster.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..comparison.executors import Executor
from ..comparison.runner import RunPlan, chunk_key, run_comparison
from ..comparison.store import ResultStore, code_version
from ..errors import DosrulesError
from ..play.simulate import CHUNK_ROUNDS, ChunkResult
from ..ruleset.fill import FILL, fill_inline
from ..ruleset.loader import load_ruleset
from ..ruleset.model import Ruleset, is_unspecified
from ..ruleset.readings import reading_text, readings, silences
from ..ruleset.choices import choices
from .effects import (CANT_TELL, SilenceVerdict, chunk_figures, decide, design_rounds, figure_names, paired_effect,
                      pooled_figures)

__all__ = ["BaselineReading", "Filling", "baseline_filling", "MeasureSettings", "Measurement", "measure_silences",
           "DEFAULT_ROUNDS"]

DEFAULT_ROUNDS = 5000  # rounds per reading (and for the baseline)
REACH_SHARE = 4  # the reach runs play rounds // REACH_SHARE rounds
LOOK_SHARES = (4, 2, 1)  # the looks of the readings stage: rounds // share, in whole chunks


def looks(rounds: int, chunk_rounds: int) -> list[int]:
    """The rounds per reading at each look: ``rounds // share`` for each of :data:`LOOK_SHARES`,
    rounded down to whole chunks (the chunks of a look are those of the looks before and more,
    so a later look reuses them), at least two chunks (a paired t needs two), ending at ``rounds``."""
    out: list[int] = []
    for share in LOOK_SHARES:
        r = rounds if share == 1 else max(2 * chunk_rounds, rounds // share // chunk_rounds * chunk_rounds)
        if r < rounds and (not out or r > out[-1]):
            out.append(r)
    return out + [rounds]


@dataclass(frozen=True)
class BaselineReading:
    path: str
    reading: str  # the reading's YAML text
    why: str


@dataclass(frozen=True)
class Filling:
    """A reading for each silence of ``spec``: the spec it gives, and specs with one reading changed."""

    spec: str
    readings: tuple[BaselineReading, ...]

    def parts(self, changes: Mapping[str, str | None] = {}) -> list[str]:
        """The inline readings (``path=value``), with ``changes`` (path -> another reading, or None
        to leave it open)."""
        out = []
        for r in self.readings:
            text = changes[r.path] if r.path in changes else r.reading
            if text is not None:
                out.append(f"{r.path}={text}")
        return out

    def spec_with(self, changes: Mapping[str, str | None] = {}) -> str:
        """The filled spec, with ``changes`` as in :meth:`parts`."""
        return FILL.join([self.spec, *self.parts(changes)])

    def reading(self, path: str) -> str:
        return next(r.reading for r in self.readings if r.path == path)

    def to_json(self) -> dict[str, Any]:
        return {"spec": self.spec_with(), "readings": [{"path": r.path, "reading": r.reading, "why": r.why}
                                                       for r in self.readings]}


def _most_chosen(path: str, players: int, search_dirs) -> tuple[str, str]:
    found = [c for c in choices(path, search_dirs) if c.players in (None, players)]
    counts = {reading_text(v): sorted({c.ruleset for c in found if c.text == reading_text(v)}) for v in readings(path)}
    best = max(counts, key=lambda text: len(counts[text]))  # ties: the first declared reading
    if not counts[best]:
        return reading_text(readings(path)[0]), "no ruleset chooses a reading: the first declared one"
    return best, "chosen by " + ", ".join(counts[best])


def baseline_filling(ruleset: Ruleset, spec: str, players: int, search_dirs: Iterable[str | Path] = (),
                     baseline: str | None = None, option: str = "--baseline") -> Filling:
    """A reading for every silence of ``ruleset`` for ``players`` players: the only one, the one
    ``baseline`` (a fill source: a ruleset, a readings file or ``path=value``, chained with ``~``)
    gives, else the one most shipped rulesets choose. ``option`` names where ``baseline`` was
    given, in each reading's ``why``."""
    given = load_ruleset(f"{spec}{FILL}{baseline}", search_dirs) if baseline else None
    out = []
    for silence in silences(ruleset, players):
        path, options = silence.path, [reading_text(v) for v in readings(silence.path)]
        value = given.for_players(players).get(path) if given is not None else None
        if len(options) == 1:
            out.append(BaselineReading(path, options[0], "the only reading"))
        elif value is not None and not is_unspecified(value) and reading_text(value) in options:
            source = given.provenance_of(path, players).ruleset
            out.append(BaselineReading(path, reading_text(value), f"{option} {baseline} (from {source})"))
        else:
            out.append(BaselineReading(path, *_most_chosen(path, players, search_dirs)))
    return Filling(spec, tuple(out))


@dataclass(frozen=True)
class MeasureSettings:
    players: int
    rounds: int = DEFAULT_ROUNDS
    chunk_rounds: int = CHUNK_ROUNDS
    policy: str = "greedy"
    seed: int = 1
    alpha: float = 0.05
    margin: float = 0.05  # equivalence margin of the means, a share of the baseline's figure
    share_margin: float = 0.03  # equivalence margin of the seat shares, absolute

    @property
    def reach_rounds(self) -> int:
        return max(min(self.rounds, self.chunk_rounds), self.rounds // REACH_SHARE)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "rounds": self.rounds, "reach_rounds": self.reach_rounds,
                "chunk_rounds": self.chunk_rounds, "policy": self.policy, "seed": self.seed, "alpha": self.alpha,
                "margin": self.margin, "share_margin": self.share_margin}


@dataclass(frozen=True)
class Reach:
    path: str
    spec: str
    count: int  # rounds (by-lot gaps: occurrences) in which play reached the silence
    rounds: int  # finished rounds played

    @property
    def rate(self) -> float:
        return self.count / self.rounds if self.rounds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "spec": self.spec, "count": self.count, "rounds": self.rounds, "rate": self.rate}


@dataclass
class Measurement:
    """Everything ``gaps --measure`` found, as data the reports read."""

    spec: str
    ruleset: Ruleset
    settings: MeasureSettings
    filling: Filling
    single: list[str]  # silences with one reading (filled, not measured)
    reach: dict[str, Reach]
    verdicts: list[SilenceVerdict]
    baseline: dict[str, Any]  # the baseline's Summary JSON
    design: dict[str, dict[str, int | None]]
    runs: list[dict[str, Any]] = field(default_factory=list)  # RunStats JSON of each stage

    @property
    def unreached(self) -> list[str]:
        return [p for p, r in self.reach.items() if not r.count]


Progress = Callable[[int], Callable[[int, int], None] | None]


def _run(hashes: Mapping[str, str], settings: MeasureSettings, rounds: int, store: ResultStore, executor: Executor,
         search_dirs: Sequence[str], progress: Progress | None):
    """Simulate the specs of ``hashes`` (spec -> content hash); their summaries and per-chunk
    results (read back from the store in one query), and the run's figures."""
    plan = RunPlan(list(hashes.items()), [settings.players], settings.policy, settings.seed, rounds,
                   settings.chunk_rounds, tuple(search_dirs))
    summaries, stats = run_comparison(plan, store, executor, progress=progress)
    version = code_version()
    cells = [(spec, [chunk_key(s, version) for s in specs_]) for spec, _digest, _n, specs_ in plan.cells()]
    found = store.get_many([k for _spec, keys in cells for k in keys])
    chunks = {spec: [ChunkResult.from_json(found[k]) for k in keys] for spec, keys in cells}
    return {spec: s.to_json() for (spec, _n), s in summaries.items()}, chunks, stats.to_json()


def _merged(runs: list[dict[str, Any]], chunks: int) -> dict[str, Any]:
    """The figures of several looks' runs as one: ``chunks`` distinct chunks, the rest summed."""
    out = dict(runs[-1])
    for name in ("computed", "rounds_computed", "seconds"):
        out[name] = sum(r[name] for r in runs)
    out["chunks"], out["cached"] = chunks, chunks - out["computed"]
    rate = out["rounds_computed"] / out["seconds"] if out["seconds"] and out["rounds_computed"] else None
    out["rounds_per_sec"] = round(rate, 1) if rate else None
    out["seconds"] = round(out["seconds"], 3)
    out["looks"] = [{"rounds": r["look_rounds"], "silences": r["look_silences"], "computed": r["computed"]}
                    for r in runs]
    return out


def _reach(path: str, summary: Mapping[str, Any]) -> int:
    return sum(summary[family].get(path, {}).get("count", 0) for family in ("rule_gaps", "rule_gaps_by_lot"))


def measure_silences(ruleset: Ruleset, filling: Filling, settings: MeasureSettings, store: ResultStore,
                     executor: Executor, search_dirs: Iterable[str | Path] = (),
                     progress: Progress | None = None) -> Measurement:
    """Measure every silence of ``ruleset`` (loaded from ``filling.spec``) that play reaches.

    DosrulesError when the ruleset has no silence for the player count, when every silence has
    one reading only, or when play reaches none of them."""
    dirs = tuple(str(d) for d in search_dirs)
    n, spec = settings.players, filling.spec
    if not filling.readings:
        raise DosrulesError(f"{ruleset.id} leaves no rule unspecified for {n} players: there is no silence to measure",
                            fix="Measure a ruleset with silences ('dosrules gaps RULESET' lists them); a filled "
                                f"ruleset (A{FILL}B) has fewer.")
    single = [r.path for r in filling.readings if len(readings(r.path)) == 1]
    multi = [r.path for r in filling.readings if r.path not in single]
    if not multi:
        raise DosrulesError(f"every silence of {ruleset.id} for {n} players has a single reading "
                            f"({', '.join(single)}): there is no choice to measure",
                            fix="Nothing to do: fill them with their only reading.")
    def content_hash(changes: Mapping[str, str | None]) -> str:  # of filling.spec_with(changes), read once
        return fill_inline(ruleset, filling.parts(changes)).content_hash

    reach_specs = {p: filling.spec_with({p: None}) for p in multi}
    summaries, _, reach_run = _run({reach_specs[p]: content_hash({p: None}) for p in multi}, settings,
                                   settings.reach_rounds, store, executor, dirs, progress)
    reach = {}
    for p, s in reach_specs.items():
        finished = summaries[s]["rounds"] - summaries[s]["outcomes"].get("capped", {}).get("count", 0)
        reach[p] = Reach(p, s, _reach(p, summaries[s]), finished)
    reached = [p for p in multi if reach[p].count]
    if not reached:
        raise DosrulesError(
            f"play reached none of the silences of {ruleset.id} with {n} players in {settings.reach_rounds} rounds "
            f"({', '.join(multi)}) under the policy {settings.policy}: there is nothing to measure",
            fix="Give more --rounds, or a --policy whose players make the choices these rules decide "
                "(e.g. greedy:forget=0.1 forgets to call DOS).")
    base_spec = filling.spec_with()
    changed = {(p, text): {p: text} for p in reached
               for text in (reading_text(v) for v in readings(p)) if text != filling.reading(p)}
    variants = {key: filling.spec_with(changes) for key, changes in changed.items()}
    digests = {base_spec: content_hash({}), **{variants[key]: content_hash(c) for key, c in changed.items()}}
    decided: dict[str, SilenceVerdict] = {}
    runs: list[dict[str, Any]] = []
    used: dict[str, int] = {}  # spec -> chunks simulated for it (its last look's)
    schedule = looks(settings.rounds, settings.chunk_rounds)
    spent = 0
    for rounds in schedule:
        open_paths = [p for p in reached if p not in decided]
        if not open_paths:  # every silence decided at an earlier look
            break
        specs = [base_spec] + [v for (path, _), v in variants.items() if path in open_paths]
        summaries, chunks, run = _run({s: digests[s] for s in specs}, settings, rounds, store, executor, dirs,
                                      progress)
        runs.append({**run, "look_rounds": rounds, "look_silences": len(open_paths)})
        used.update({s: len(chunks[s]) for s in specs})
        alpha = settings.alpha * (rounds - spent) / settings.rounds  # this look's share
        spent = rounds
        verdicts = _verdicts(open_paths, variants, chunks, summaries[base_spec], base_spec, settings)
        decide(verdicts, alpha, settings.chunk_rounds)
        for v in verdicts:
            if v.group != CANT_TELL or rounds == schedule[-1]:
                if rounds < settings.rounds:
                    v.notes.append(f"decided after {rounds} rounds per reading (a look at alpha {alpha:.3g})")
                decided[v.path] = v
    verdicts = [decided[p] for p in reached]
    design = design_rounds(summaries[base_spec], n, settings.margin, settings.share_margin, settings.alpha,
                           sum(len(v.effects) for v in verdicts), len(verdicts))
    return Measurement(spec, ruleset, settings, filling, single, reach, verdicts, summaries[base_spec], design,
                       [{"stage": "reach", **reach_run}, {"stage": "readings", **_merged(runs, sum(used.values()))}])


def _verdicts(paths: Sequence[str], variants: Mapping[tuple[str, str], str], chunks: Mapping[str, list[ChunkResult]],
              base_summary: Mapping[str, Any], base_spec: str, settings: MeasureSettings) -> list[SilenceVerdict]:
    """The effects of every reading of ``paths`` against the baseline, chunk by chunk."""
    n = settings.players
    base_figures = [chunk_figures(c, n) for c in chunks[base_spec]]
    pooled = pooled_figures(base_summary, n)
    verdicts = []
    for p in paths:
        effects = []
        for (path, text), vspec in variants.items():
            if path != p:
                continue
            ours = [chunk_figures(c, n) for c in chunks[vspec]]
            for figure in figure_names(n):
                margin = settings.share_margin if figure.startswith("seat:") else (
                    settings.margin * pooled[figure] if pooled[figure] else None)
                effects.append(paired_effect(p, text, figure, [f[figure] for f in ours],
                                             [f[figure] for f in base_figures], pooled[figure], margin))
        verdicts.append(SilenceVerdict(p, effects))
    return verdicts
