"""Simulation in reproducible chunks: per-round statistics of many games played by agents.

The work of a run is split into fixed-size chunks. Each chunk is a pure function of its
:class:`ChunkSpec` — the ruleset, player count, policy, run seed, chunk index and size — so a
chunk gives the same :class:`ChunkResult` wherever and whenever it runs, and a run gives the
same numbers whatever the number of worker processes::

    specs = plan_chunks("mattel-2018+reshuffle", players=4, policy="greedy", seed=1, rounds=20000)
    results = run_chunks(specs, jobs=2)          # in chunk order, whatever the job count
    summary = combine(results)                   # means, sds, 95% confidence intervals
    print(summary.to_json()["per_round"]["turns"]["mean"])

``run_chunk`` is the unit a caller can schedule itself (a process pool, a cluster, a resumable
store): a ``ChunkResult`` is plain JSON data (``to_json`` / ``from_json``) holding counts, sums,
sums of squares and histograms, and ``combine`` folds any list of them, in the order given.

What a "round" counts: every dealt round that ended — scored, void (a rule gap, or the deck ran
out under ``deck_exhaustion: end-round``) or stopped at the turn cap (a safeguard; such a round
ends its game and is counted in ``outcomes["capped"]`` but in no other statistic). In rounds
mode a chunk plays games one after another until it has played its rounds; a game cut off by the
end of the chunk is not counted as a game. In games mode a chunk plays its games to the end
(or to ``max_rounds_per_game``).
"""

from __future__ import annotations

import gc
import hashlib
import math
import time
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ..engine.state import new_game
from ..errors import DosrulesError, UsageError
from .limits import MAX_ROUNDS_PER_GAME, TURN_CAP  # a round is stopped (counted as capped) at TURN_CAP turns
from .course import observe_game
from .tally import SituationTally, Tally, hist_add as _hist_add

__all__ = [
    "ChunkSpec", "ChunkResult", "Moments", "Summary", "run_chunk", "run_chunks", "plan_chunks",
    "combine", "derive_seed", "load", "load_cached", "make_agents", "seat_agents", "mixed", "policy_key",
    "split_agent_specs", "SEATS", "CHUNK_ROUNDS", "CHUNK_GAMES", "TURN_CAP",
    "ROUND_METRICS", "GAME_METRICS",
]

CHUNK_ROUNDS = 250  # rounds per chunk in rounds mode (part of the numbers: changing it changes them)
CHUNK_GAMES = 25  # games per chunk in games mode
#: how the agents of a mixed policy are seated: "rotate" (each game of a chunk shifts them one seat
#: left, from a shift that is the chunk index: each agent sits in each seat equally often over every
#: players consecutive chunks) or "fixed" (as named, game after game)
SEATS = ("rotate", "fixed")

#: per-round statistics (each observed once per finished, uncapped round) and what they mean
ROUND_METRICS = {
    "turns": "turns in the round",
    "row_size": "Centre Row size at the start of a turn (observed once per turn, not per round)",
    "cards_drawn": "cards drawn by all players (every reason)",
    "draws": "cards drawn by the draw action",
    "bonus_draws": "cards drawn because another player made a colour match",
    "penalty_draws": "cards drawn as a DOS-call penalty",
    "single_colour_bonuses": "single colour match bonuses earned",
    "double_colour_bonuses": "double colour match bonuses earned",
    "dos_calls": "DOS calls",
    "dos_catches": "missed DOS calls caught",
    "reshuffles": "discard pile shuffled into a new deck",
    "winner_points": "points the round's winner scored (scored rounds only)",
}
#: per-game statistics (each observed once per completed game)
GAME_METRICS = {
    "rounds_per_game": "rounds in a game, void ones included",
    "winner_score": "the game winner's final score",
}


# --- seeds, rulesets and agents --------------------------------------------------------------------

def derive_seed(*parts: Any) -> int:
    """A 63-bit seed from any parts (run seed, chunk index, game, seat), stable across processes."""
    text = "dosrules:" + ":".join(map(str, parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def load(spec: str, search_dirs: Sequence[str | Path] = ()):
    """Load a ruleset (id, composition ``a+b`` or path), turning a missing one into a usage error."""
    from ..ruleset.loader import load_ruleset

    try:
        return load_ruleset(spec, [Path(d) for d in search_dirs])
    except FileNotFoundError as err:
        missing = err.args[0] if err.args else spec
        raise UsageError(f"no ruleset named '{missing}'",
                         fix="Give a ruleset id from rulesets/editions or rulesets/house, a composition "
                             "like edition+house, a path to a ruleset file, or --rulesets DIR.") from None


def load_cached(spec: str, search_dirs: Sequence[str | Path] = ()):
    """:func:`load`, memoised per process: chunks run in this process, or in worker processes
    forked from it after this call, reuse the ruleset instead of reading it again."""
    return _cached(spec, tuple(str(d) for d in search_dirs))


@lru_cache(maxsize=16)
def _cached(spec: str, search_dirs: tuple[str, ...]):
    return load(spec, search_dirs)


def split_agent_specs(text: str) -> list[str]:
    """``greedy,random`` -> ["greedy", "random"]; options stay with their agent:
    ``greedy:forget=0.1,catch=0.5,random`` -> ["greedy:forget=0.1,catch=0.5", "random"]."""
    out: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if out and "=" in part and ":" not in part:
            out[-1] += "," + part
        else:
            out.append(part)
    return out


def seat_agents(policy: str, players: int, shift: int = 0) -> list[str]:
    """The agent spec of each seat: ``policy`` is one agent spec for every seat (``greedy``,
    ``greedy:forget=0.1``) or one per seat (``greedy,random,greedy``); with ``shift``, seat ``s``
    takes the agent named for seat ``s + shift`` (mod ``players``): how mixed policies rotate."""
    specs = split_agent_specs(policy)
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        raise UsageError(f"'{policy}' names {len(specs)} agents for {players} players",
                         fix="Give one agent for every seat, or one agent for all.")
    return [specs[(s + shift) % players] for s in range(players)]


def make_agents(policy: str, players: int, seeds: Sequence[int], shift: int = 0) -> list:
    """One agent per seat from ``policy`` (see :func:`seat_agents`), seeded with ``seeds``."""
    from .agents import parse_agent_spec

    return [parse_agent_spec(s, seeds[i]) for i, s in enumerate(seat_agents(policy, players, shift))]


def mixed(policy: str) -> bool:
    """Whether ``policy`` seats different agents (``greedy,random,random``)."""
    return len(set(split_agent_specs(policy))) > 1


def policy_key(policy: str, seats: str) -> str:
    """The policy as the results store keys it: rotated seats of a mixed policy play other games
    than fixed ones, so they are stored apart (``greedy,random; seats rotate``)."""
    return f"{policy}; seats rotate" if seats == "rotate" and mixed(policy) else policy


# --- the chunk API ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class ChunkSpec:
    """One unit of simulation work; everything its numbers depend on.

    ``ruleset`` is a spec string (id, composition or path) resolved with ``search_dirs`` in the
    process that runs the chunk; ``ruleset_hash``, when given, must equal the resolved ruleset's
    content hash (so a stored result can never be attributed to a changed ruleset). Exactly one of
    ``rounds`` (rounds mode) and ``games`` (games mode) is set: the amount of work in this chunk.
    ``situations``: also count, per round, the moments each rule decides (what a comparison
    reports as exercised); they cost about a tenth of the time, so only a caller that reports
    them asks.
    """

    ruleset: str
    players: int
    policy: str  # agent spec for every seat ("greedy", "greedy:forget=0.1") or one per seat "a,b,c"
    seed: int  # the run's seed; the chunk's chance comes from derive_seed(seed, index, ...)
    index: int  # chunk number within the run, from 0
    rounds: int | None = None
    games: int | None = None
    search_dirs: tuple[str, ...] = ()
    ruleset_hash: str | None = None
    turn_cap: int = TURN_CAP
    max_rounds_per_game: int = MAX_ROUNDS_PER_GAME
    situations: bool = False  # count the situations of dosrules.play.situations (compare does)
    seats: str = "rotate"  # how a mixed policy's agents are seated (SEATS)

    def __post_init__(self):
        if (self.rounds is None) == (self.games is None):
            raise ValueError("a chunk has either rounds or games")
        if self.seats not in SEATS:
            raise ValueError(f"seats must be one of {SEATS}, not {self.seats!r}")

    def key(self) -> dict[str, Any]:
        """The spec as JSON data (a stable key for stores)."""
        out = asdict(self)
        out["search_dirs"] = list(self.search_dirs)
        return out


@dataclass
class Moments:
    """Count, sum, sum of squares, min and max of integer observations (exact, order-free)."""

    n: int = 0
    sum: int = 0
    sumsq: int = 0
    min: int | None = None
    max: int | None = None

    def add(self, x: int) -> None:
        self.n += 1
        self.sum += x
        self.sumsq += x * x
        if self.min is None or x < self.min:
            self.min = x
        if self.max is None or x > self.max:
            self.max = x

    @classmethod
    def of(cls, values: Sequence[int]) -> "Moments":
        """The moments of a non-empty sequence of observations."""
        return cls(len(values), sum(values), sum([x * x for x in values]), min(values), max(values))

    def merge(self, other: "Moments") -> None:
        self.n += other.n
        self.sum += other.sum
        self.sumsq += other.sumsq
        for name, pick in (("min", min), ("max", max)):
            mine, theirs = getattr(self, name), getattr(other, name)
            setattr(self, name, theirs if mine is None else mine if theirs is None else pick(mine, theirs))

    def describe(self) -> dict[str, Any]:
        """n, mean, sd (sample), 95% confidence interval of the mean (normal), min, max."""
        n = self.n
        if n == 0:
            return {"n": 0, "mean": None, "sd": None, "ci95": None, "min": None, "max": None}
        mean = self.sum / n
        sd = math.sqrt(max(0, n * self.sumsq - self.sum * self.sum) / (n * (n - 1))) if n > 1 else 0.0
        half = 1.959964 * sd / math.sqrt(n)
        return {"n": n, "mean": mean, "sd": sd, "ci95": [mean - half, mean + half],
                "min": self.min, "max": self.max}


@dataclass
class ChunkResult:
    """The aggregate of one chunk: plain JSON data, folded by :func:`combine`.

    ``rounds``: rounds played (every outcome); ``outcomes``: rounds by how they ended —
    ``scored``, ``void-gap`` (a rule gap), ``void`` (another void: the deck ran out) and
    ``capped``; ``games``: games completed (a winner); ``games_stopped``: games stopped at
    ``max_rounds_per_game`` (games mode); ``round_metrics`` / ``game_metrics``: Moments per
    metric of ROUND_METRICS / GAME_METRICS; ``turns_hist``: rounds by turn count;
    ``winner_offset``: scored rounds by the winner's seat counted left from the dealer
    (0 = the dealer); ``rounds_per_game_hist``: completed games by round count; ``gaps``: void
    rounds by the rule path of their gap; ``gaps_by_lot``: gaps settled by lot (not voiding) by
    rule path; ``situations``: Moments per round of each situation of
    :mod:`dosrules.play.situations` (how often play reached a moment a rule decides; empty unless
    the spec asks for them);
    with a mixed policy (agents differ between seats), ``policy_rounds`` / ``policy_games``: scored
    rounds / completed games won by each agent spec; and, for the seat test that compares only
    seats holding the same agent, over the scored rounds won by an agent that holds m > 1 seats:
    ``shared_wins``: such rounds by the winner's seat counted left from the dealer;
    ``shared_held``: ``"k/m"`` -> such rounds in which seat k held the winner's agent;
    ``shared_pairs``: ``"k,j/m"`` -> such rounds in which seats k != j both held it;
    ``design``: histograms of the course of each completed game and of each scored round
    (:mod:`dosrules.play.course`: lead changes, the winner's deficit, the round it led from for
    good, its seat; rounds won from behind in one turn);
    ``actions``: actions applied; ``seconds``: compute time (not part of the numbers).
    """

    spec: dict[str, Any]
    ruleset_id: str = ""
    ruleset_hash: str = ""
    rounds: int = 0
    games: int = 0
    games_stopped: int = 0
    actions: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    round_metrics: dict[str, Moments] = field(default_factory=lambda: {k: Moments() for k in ROUND_METRICS})
    game_metrics: dict[str, Moments] = field(default_factory=lambda: {k: Moments() for k in GAME_METRICS})
    turns_hist: dict[str, int] = field(default_factory=dict)
    winner_offset: dict[str, int] = field(default_factory=dict)
    rounds_per_game_hist: dict[str, int] = field(default_factory=dict)
    gaps: dict[str, int] = field(default_factory=dict)
    gaps_by_lot: dict[str, int] = field(default_factory=dict)
    situations: dict[str, Moments] = field(default_factory=dict)
    policy_rounds: dict[str, int] = field(default_factory=dict)
    policy_games: dict[str, int] = field(default_factory=dict)
    shared_wins: dict[str, int] = field(default_factory=dict)
    shared_held: dict[str, int] = field(default_factory=dict)
    shared_pairs: dict[str, int] = field(default_factory=dict)
    design: dict[str, dict[str, int]] = field(default_factory=dict)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "ChunkResult":
        data = dict(data)
        data["round_metrics"] = {k: Moments(**v) for k, v in data["round_metrics"].items()}
        data["game_metrics"] = {k: Moments(**v) for k, v in data["game_metrics"].items()}
        data["situations"] = {k: Moments(**v) for k, v in data.get("situations", {}).items()}
        return cls(**data)

    def numbers(self) -> dict[str, Any]:
        """Everything but the timing: equal for equal specs, wherever the chunk ran."""
        out = self.to_json()
        out.pop("seconds")
        return out


def plan_chunks(ruleset: str, players: int, policy: str, seed: int, *, rounds: int | None = None,
                games: int | None = None, search_dirs: Iterable[str | Path] = (),
                ruleset_hash: str | None = None, chunk_rounds: int = CHUNK_ROUNDS,
                chunk_games: int = CHUNK_GAMES, turn_cap: int = TURN_CAP,
                situations: bool = False, seats: str = "rotate") -> list[ChunkSpec]:
    """The chunks of a run of ``rounds`` rounds or ``games`` games (the last chunk may be smaller);
    ``situations``: count the situations too (see :class:`ChunkSpec`); ``seats``: how a mixed
    policy's agents are seated (:data:`SEATS`)."""
    if (rounds is None) == (games is None):
        raise UsageError("give either a number of rounds or a number of games",
                         fix="Use --rounds N or --games N.")
    total, size = (rounds, chunk_rounds) if rounds is not None else (games, chunk_games)
    if total < 1:
        raise UsageError(f"the number of {'rounds' if rounds is not None else 'games'} must be at least 1")
    dirs = tuple(str(d) for d in search_dirs)
    specs = []
    for index, start in enumerate(range(0, total, size)):
        k = min(size, total - start)
        specs.append(ChunkSpec(ruleset, players, policy, seed, index,
                               rounds=k if rounds is not None else None,
                               games=k if games is not None else None,
                               search_dirs=dirs, ruleset_hash=ruleset_hash, turn_cap=turn_cap,
                               situations=situations, seats=seats))
    return specs


def run_chunk(spec: ChunkSpec) -> ChunkResult:
    """Play one chunk and return its aggregate. Pure: the result depends only on ``spec``.

    The cyclic garbage collector is paused while the chunk plays (games make no reference
    cycles worth collecting mid-chunk; it costs about 2% of the time) and resumed after."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return _play_chunk(spec)
    finally:
        if paused:
            gc.enable()


def _play_chunk(spec: ChunkSpec) -> ChunkResult:
    started = time.perf_counter()
    ruleset = _cached(spec.ruleset, tuple(spec.search_dirs))
    if spec.ruleset_hash is not None and spec.ruleset_hash != ruleset.content_hash:
        raise DosrulesError(f"ruleset '{spec.ruleset}' now has content hash {ruleset.content_hash}, "
                            f"not {spec.ruleset_hash}", fix="The ruleset changed: start a new run.")
    res = ChunkResult(spec.key(), ruleset.id, ruleset.content_hash)
    n = spec.players
    tally = (SituationTally if spec.situations else Tally)(res, n)
    cap = spec.turn_cap
    action_cap = cap * 50
    rounds_mode = spec.rounds is not None
    rotate = spec.seats == "rotate" and mixed(spec.policy)
    game_no = 0
    while (res.rounds < spec.rounds) if rounds_mode else (game_no < spec.games):
        game_seed = derive_seed(spec.seed, spec.index, game_no)
        limit = spec.rounds - res.rounds if rounds_mode else spec.max_rounds_per_game
        state = new_game(ruleset, n, game_seed, max_rounds=limit)
        shift = (spec.index + game_no) % n if rotate else 0
        seated = seat_agents(spec.policy, n, shift)
        agents = make_agents(spec.policy, n, [derive_seed(game_seed, "seat", s) for s in range(n)], shift)
        if len(set(seated)) > 1:
            tally.seat_agents = seated
        game_no += 1
        tally.row_minimum = state.c.row_minimum
        over = tally.play(state, agents, cap, action_cap)
        res.actions += len(state.history)
        if over is not None:
            if over.winner is not None:
                if tally.seat_agents:
                    _hist_add(res.policy_games, seated[over.winner])
                res.games += 1
                res.game_metrics["rounds_per_game"].add(state.round)
                res.game_metrics["winner_score"].add(over.scores[over.winner])
                _hist_add(res.rounds_per_game_hist, state.round)
                observe_game(res.design, tally.round_ends, over.winner, state.round, tally.first_dealer,
                             tally.first_player, n)
            elif not rounds_mode:
                res.games_stopped += 1
    tally.close()
    res.seconds = time.perf_counter() - started
    return res


def run_chunks(specs: Sequence[ChunkSpec], jobs: int = 1,
               progress: Callable[[ChunkResult], None] | None = None) -> list[ChunkResult]:
    """Run chunks, in worker processes when ``jobs`` > 1; results come back in ``specs`` order.
    ``progress`` is called in the calling process after each chunk (in order)."""
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    out: list[ChunkResult] = []
    if jobs == 1 or len(specs) <= 1:
        for spec in specs:
            out.append(run_chunk(spec))
            if progress:
                progress(out[-1])
        return out
    from .workers import process_pool, stop_pool

    pool = process_pool(min(jobs, len(specs)))
    try:
        for result in pool.map(run_chunk, specs):
            out.append(result)
            if progress:
                progress(result)
    except BaseException:
        stop_pool(pool)  # Ctrl-C, SIGTERM or an error: drop queued chunks, stop running ones
        raise
    pool.shutdown()
    return out


# --- combining ------------------------------------------------------------------------------------

def _wilson(k: int, n: int) -> list[float] | None:
    """95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return None
    z = 1.959964
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [max(0.0, centre - half), min(1.0, centre + half)]


def _rate(k: int, n: int) -> dict[str, Any]:
    return {"count": k, "rate": k / n if n else None, "ci95": _wilson(k, n)}


@dataclass
class Summary:
    """Combined chunks: the totals (a ChunkResult without a spec) and derived figures."""

    total: ChunkResult
    chunks: int

    def to_json(self) -> dict[str, Any]:
        """Means, sds and 95% confidence intervals of every metric and situation (per round);
        rates with Wilson intervals."""
        t = self.total
        finished = t.rounds - t.outcomes.get("capped", 0)
        scored = t.outcomes.get("scored", 0)
        return {
            "ruleset": t.ruleset_id,
            "ruleset_hash": t.ruleset_hash,
            "chunks": self.chunks,
            "rounds": t.rounds,
            "games": t.games,
            "games_stopped": t.games_stopped,
            "actions": t.actions,
            "outcomes": {k: _rate(v, t.rounds) for k, v in sorted(t.outcomes.items())},
            "per_round": {k: m.describe() for k, m in t.round_metrics.items()},
            "per_game": {k: m.describe() for k, m in t.game_metrics.items()},
            **({"situations": {k: m.describe() for k, m in t.situations.items()}} if t.situations else {}),
            "rule_gaps": {k: _rate(v, finished) for k, v in sorted(t.gaps.items())},
            "rule_gaps_by_lot": {k: _rate(v, finished) for k, v in sorted(t.gaps_by_lot.items())},
            "winner_seat_from_dealer": {k: _rate(v, scored)
                                        for k, v in sorted(t.winner_offset.items(), key=lambda kv: int(kv[0]))},
            "turns_histogram": dict(sorted(t.turns_hist.items(), key=lambda kv: int(kv[0]))),
            "rounds_per_game_histogram": dict(sorted(t.rounds_per_game_hist.items(), key=lambda kv: int(kv[0]))),
            "course": {name: dict(sorted(h.items())) for name, h in sorted(t.design.items())},
            **({"policies": self._policies()} if t.policy_rounds or t.policy_games else {}),
        }

    def _policies(self) -> dict[str, Any]:
        """A mixed policy's figures: each agent's seats and its share of the scored rounds and of the
        completed games won (Wilson intervals) against ``fair``, the share its seats would win if
        agents did not matter; and the counts of the same-agent seat test (see ChunkResult)."""
        t = self.total
        policy, n = t.spec.get("policy", ""), int(t.spec.get("players", 0))
        seated = split_agent_specs(policy)
        scored = t.outcomes.get("scored", 0)
        agents = []
        for agent in dict.fromkeys(seated):
            m = seated.count(agent) if len(seated) > 1 else n
            agents.append({"agent": agent, "seats": m, "fair": m / n if n else None,
                           "rounds": _rate(t.policy_rounds.get(agent, 0), scored),
                           "games": _rate(t.policy_games.get(agent, 0), t.games)})
        return {"seats": t.spec.get("seats", "rotate"), "agents": agents,
                "shared": {"wins": dict(t.shared_wins), "held": dict(t.shared_held), "pairs": dict(t.shared_pairs)}}


def combine(results: Sequence[ChunkResult]) -> Summary:
    """Fold chunk results, in the order given, into a Summary. All must share a ruleset hash."""
    if not results:
        raise ValueError("nothing to combine")
    first = results[0]
    total = ChunkResult({k: first.spec[k] for k in ("policy", "players", "seats") if k in first.spec},
                        first.ruleset_id, first.ruleset_hash)
    for r in results:
        if r.ruleset_hash != first.ruleset_hash:
            raise ValueError(f"chunks of different rulesets: {first.ruleset_hash} and {r.ruleset_hash}")
        total.rounds += r.rounds
        total.games += r.games
        total.games_stopped += r.games_stopped
        total.actions += r.actions
        total.seconds += r.seconds
        for name in ("outcomes", "turns_hist", "winner_offset", "rounds_per_game_hist", "gaps", "gaps_by_lot",
                     "policy_rounds", "policy_games", "shared_wins", "shared_held", "shared_pairs"):
            mine = getattr(total, name)
            for k, v in getattr(r, name).items():
                mine[k] = mine.get(k, 0) + v
        for k, m in r.round_metrics.items():
            total.round_metrics.setdefault(k, Moments()).merge(m)
        for k, m in r.game_metrics.items():
            total.game_metrics.setdefault(k, Moments()).merge(m)
        for k, m in r.situations.items():
            total.situations.setdefault(k, Moments()).merge(m)
        for name, hist in r.design.items():
            mine = total.design.setdefault(name, {})
            for k, v in hist.items():
                mine[k] = mine.get(k, 0) + v
    return Summary(total, len(results))
