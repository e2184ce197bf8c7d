"""Simulate every (ruleset, player count) of a comparison, resumably.

The run is planned as chunks with :func:`dosrules.play.simulate.plan_chunks`; chunks already in the
:class:`~.store.ResultStore` are read back, the others run on an executor and are stored one by
one as they finish. Each cell's summary folds its chunks in chunk order, so the numbers are the
same whatever ``--jobs``, the executor, or how many times the run was interrupted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .executors import Executor
from .store import ResultStore, code_version

__all__ = ["RunPlan", "RunStats", "run_comparison", "run_chunk_json", "chunk_key"]


def run_chunk_json(spec_json: dict[str, Any]) -> dict[str, Any]:
    """Run one chunk given as JSON data; the result as JSON data (what executors ship)."""
    from ..play.simulate import ChunkSpec, run_chunk

    data = dict(spec_json)
    data["search_dirs"] = tuple(data.get("search_dirs", ()))
    return run_chunk(ChunkSpec(**data)).to_json()


def chunk_key(spec, version: str) -> tuple:
    """The store key of a ChunkSpec (its ruleset named by content hash, not by spec; a mixed policy
    with its seating, :func:`~dosrules.play.simulate.policy_key`)."""
    from ..play.simulate import policy_key

    mode, size = ("rounds", spec.rounds) if spec.rounds is not None else ("games", spec.games)
    return ResultStore.key({"code_version": version, "ruleset_hash": spec.ruleset_hash,
                            "players": spec.players, "policy": policy_key(spec.policy, spec.seats),
                            "seed": spec.seed,
                            "mode": mode, "size": size, "chunk_index": spec.index,
                            "turn_cap": spec.turn_cap, "max_rounds_per_game": spec.max_rounds_per_game})


@dataclass(frozen=True)
class RunPlan:
    """What to simulate: ``rulesets`` as (spec, content hash) pairs, for each player count;
    ``rounds`` rounds (in chunks of ``chunk_rounds``), or ``games`` complete games when it is
    set (in chunks of ``chunk_games``)."""

    rulesets: Sequence[tuple[str, str]]
    players: Sequence[int]
    policy: str
    seed: int
    rounds: int | None
    chunk_rounds: int
    search_dirs: Sequence[str] = ()
    games: int | None = None
    chunk_games: int | None = None  # None: simulate.CHUNK_GAMES
    situations: bool = True  # count what was exercised (the report of the figures alone needs none)
    seats: str = "rotate"  # how a mixed policy's agents are seated (dosrules.play.simulate.SEATS)

    def cells(self):
        """(spec, hash, players, chunk specs) for every ruleset and player count."""
        from ..play.simulate import CHUNK_GAMES, plan_chunks

        amount = {"games": self.games} if self.games is not None else {"rounds": self.rounds}
        for spec, digest in self.rulesets:
            for n in self.players:
                yield spec, digest, n, plan_chunks(spec, n, self.policy, self.seed, **amount,
                                                   search_dirs=self.search_dirs, ruleset_hash=digest,
                                                   chunk_rounds=self.chunk_rounds,
                                                   chunk_games=self.chunk_games or CHUNK_GAMES,
                                                   situations=self.situations, seats=self.seats)


@dataclass
class RunStats:
    chunks: int = 0
    cached: int = 0
    computed: int = 0
    rounds_computed: int = 0
    seconds: float = 0.0
    compute_seconds: float = 0.0  # summed chunk compute time, over all workers
    executor: str = ""
    db: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        rate = self.rounds_computed / self.seconds if self.seconds and self.rounds_computed else None
        return {"chunks": self.chunks, "cached": self.cached, "computed": self.computed,
                "rounds_computed": self.rounds_computed, "seconds": round(self.seconds, 3),
                "rounds_per_sec": round(rate, 1) if rate else None, "executor": self.executor,
                "db": self.db, "code_version": code_version(), **self.extra}


Progress = Callable[[int, int], None]  # (chunks done, chunks to compute)


def run_comparison(plan: RunPlan, store: ResultStore, executor: Executor,
                   progress: Callable[[int], Progress | None] | None = None,
                   chunk_fn: Callable[[dict], dict] = run_chunk_json):
    """Simulate every cell of ``plan``; returns ({(spec, players): Summary}, RunStats).

    ``progress(total)`` may return a callback told ``(done, total)`` after each computed chunk; its
    ``close()``, if it has one, is called when the run ends or fails.
    """
    from ..play.simulate import ChunkResult, combine

    started = time.perf_counter()
    version = code_version()
    cells = list(plan.cells())
    results: dict[tuple, dict[str, Any]] = {}
    todo: list[tuple[tuple, Any]] = []
    stats = RunStats(executor=executor.name, db=str(store.path))
    planned = [(chunk_key(s, version), s) for _spec, _digest, _n, specs in cells for s in specs]
    results.update(store.get_many([k for k, _ in planned]))  # every stored chunk in one read
    todo.extend((k, s) for k, s in planned if k not in results)
    stats.chunks += len(planned)
    stats.cached = stats.chunks - len(todo)
    tick = progress(len(todo)) if progress and todo else None
    try:
        for i, result in executor.map_unordered(chunk_fn, [s.key() for _, s in todo]):
            key, _ = todo[i]
            store.put(key, result["ruleset_id"], result, result.get("seconds", 0.0))
            results[key] = result
            stats.computed += 1
            stats.rounds_computed += result["rounds"]
            stats.compute_seconds += result.get("seconds", 0.0)
            if tick:
                tick(stats.computed, len(todo))
    finally:
        if tick is not None and hasattr(tick, "close"):
            tick.close()
    summaries = {}
    for spec, _digest, n, specs in cells:
        try:  # a stored row that parses as JSON but is not a chunk result: the store is damaged
            chunks = [ChunkResult.from_json(results[chunk_key(s, version)]) for s in specs]
            summaries[(spec, n)] = combine(chunks)
        except (TypeError, KeyError, ValueError, AttributeError) as err:
            raise store.failure(ValueError(f"a stored chunk is not a chunk result: {err!r}")) from None
    stats.seconds = time.perf_counter() - started
    return summaries, stats
