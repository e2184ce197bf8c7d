"""The search agent: decisions per second, and game win shares along the skill ladder.

    python benchmarks/bench_search.py --games 1000                      # search against greedy
    python benchmarks/bench_search.py --games 400 --pairs ladder --jobs 2
    python benchmarks/bench_search.py --games 200 --editions mattel-2018 --players 4 \\
        --pairs search:samples=16/greedy
    python benchmarks/bench_search.py --games 200 --editions mattel-2018 --players 4 \\
        --trace 4,8,16,32,64 --jobs 2                                    # a skill trace

For each shipped edition (or ``--editions``), each player count of ``--players`` and each pair
``STRONG/WEAK`` of ``--pairs`` (``ladder`` is ``casual/random,greedy/casual,search/greedy``), it
plays ``--games`` whole games: one seat holds STRONG, every other seat WEAK, and STRONG's seat
rotates (game g puts it at seat g mod n), so that each seat holds it equally often and a seat's
advantage cannot pass for skill. Game g deals the same cards for every pair (its seed depends on
``--seed``, the ruleset, the player count and g only), so pairs are compared on the same deals. Each edition is played with every rule it leaves silent filled
with the reading ``dosrules gaps --measure`` uses as its baseline (so no round is void at a rule
gap; the spec is printed), unless ``--no-fill``. A game stopped at ``--max-rounds`` has no winner
and is counted apart.

Prints, per edition, player count and pair (as soon as its games are done): STRONG's game win share with a 95% Wilson interval,
the even share 1/n, RECYCLE's order (p - 1/n) / (1 - 1/n) from the share, whether the interval
lies above the even share; and, for a search agent, its decisions per second of CPU time (every
decision, and those where it searched: more than one candidate) and the slowest decision.

``--trace S1,S2,...`` adds a **skill trace** (Ludii's): the pair ``search:samples=S/WEAK`` for each
budget S (``--trace-agent`` gives the search agent's other options and WEAK, default
``search/greedy``), and prints, per edition and player count, one row per budget: the search
agent's win share and order with their 95% intervals and its decisions per second. Games
are spread over ``--jobs`` worker processes (dosrules.play.workers, as simulate does); the
numbers do not depend on the job count. It is a benchmark, not a test. The ``dosrules`` measured
is the installed one (a wheel's compiled engine, or an editable install; this checkout's source
only when none is installed), and the last line says which.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, field

import installed  # noqa: E402,F401  # the installed dosrules (benchmarks/installed.py)

from dosrules.engine import new_game  # noqa: E402
from dosrules.play.agents import Agent, parse_agent_spec  # noqa: E402
from dosrules.play.search import SearchAgent  # noqa: E402
from dosrules.comparison.stats import wilson  # noqa: E402
from dosrules.play.simulate import derive_seed, load_cached  # noqa: E402

LADDER = "casual/random,greedy/casual,search/greedy"
CHUNK = 10  # games per unit of work


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    stopped: int = 0
    decisions: int = 0  # the STRONG agent's decisions
    searched: int = 0  # ... where a search agent had more than one candidate
    seconds: float = 0.0  # CPU time inside STRONG's act
    searched_seconds: float = 0.0
    slowest: float = 0.0
    rounds: int = 0

    def add(self, other: "Tally") -> None:
        for name in ("games", "wins", "stopped", "decisions", "searched", "seconds", "searched_seconds", "rounds"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.slowest = max(self.slowest, other.slowest)


@dataclass(frozen=True)
class Work:
    spec: str
    players: int
    strong: str
    weak: str
    seed: int
    first: int
    count: int
    max_rounds: int


def play(work: Work) -> Tally:
    """Games ``first`` .. ``first + count - 1`` of one (ruleset, players, pair)."""
    ruleset = load_cached(work.spec)
    n = work.players
    out = Tally()
    for g in range(work.first, work.first + work.count):
        game_seed = derive_seed(work.seed, work.spec, n, g)
        strong_seat = g % n
        agents: list[Agent] = [parse_agent_spec(work.strong if s == strong_seat else work.weak,
                                                derive_seed(game_seed, "seat", s)) for s in range(n)]
        strong = agents[strong_seat]
        state = new_game(ruleset, n, game_seed, max_rounds=work.max_rounds)
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            if seat != strong_seat:
                state.apply(agents[seat].act(state))
                continue
            searches = strong.searches if isinstance(strong, SearchAgent) else 0
            started = time.process_time()
            action = strong.act(state)
            spent = time.process_time() - started
            out.decisions += 1
            out.seconds += spent
            out.slowest = max(out.slowest, spent)
            if isinstance(strong, SearchAgent) and strong.searches > searches:
                out.searched += 1
                out.searched_seconds += spent
            state.apply(action)
        out.rounds += state.round
        if state.winner is None:
            out.stopped += 1
        else:
            out.games += 1
            out.wins += state.winner == strong_seat
    return out


def split_pairs(text: str) -> list[str]:
    """``search:samples=16,width=4/greedy,greedy/casual`` -> the two pairs (an agent's options
    stay with it: a part without ``/`` belongs to the pair before)."""
    out: list[str] = []
    for part in text.split(","):
        if out and ("/" not in part or "/" not in out[-1]):
            out[-1] += "," + part
        else:
            out.append(part)
    return out


def print_trace(trace: list[tuple[int, tuple[str, str]]], rows: dict[tuple[str, int, str, str], dict]) -> None:
    """The skill trace: per edition and player count, a row per search budget."""
    for edition, players in dict.fromkeys(key[:2] for key in rows):
        weak = trace[0][1][1]
        print(f"\nskill trace, {edition} {players}p: {trace[0][1][0].partition(':')[0]} against {weak} "
              f"as its budget grows (even share {1 / players:.3f})")
        print(f"{'samples':>8} {'games':>6} {'win share [95% CI]':>24} {'order [95% CI]':>24} {'decisions/s':>12}")
        for samples, (strong, weak) in trace:
            row = rows.get((edition, players, strong, weak))
            if row is None:
                continue
            lo, hi = row["ci95"]
            olo, ohi = row["order_ci95"]
            print(f"{samples:>8} {row['games']:>6} {row['share']:>8.3f} [{lo:.3f}, {hi:.3f}]"
                  f" {row['order']:>8.3f} [{olo:+.3f}, {ohi:+.3f}] {row.get('decisions_per_sec', math.nan):>12}")


def filled_spec(edition: str, players: int) -> str:
    from dosrules.gaps.measure import baseline_filling

    return baseline_filling(load_cached(edition), edition, players).spec_with()


def main() -> None:
    from dosrules.ruleset.loader import shipped_ids

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1000, help="games per edition, player count and pair")
    p.add_argument("--editions", default=",".join(shipped_ids("editions")), help="comma-separated rulesets")
    p.add_argument("--players", default="2,4", help="comma-separated player counts")
    p.add_argument("--pairs", default="search/greedy", help=f"STRONG/WEAK,...; 'ladder' is {LADDER}")
    p.add_argument("--no-fill", action="store_true", help="play the editions with their silences open")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-rounds", type=int, default=300, help="a game stops (no winner) after this many rounds")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--trace", default="", help="comma-separated search budgets (samples) for a skill trace")
    p.add_argument("--trace-agent", default="search/greedy",
                   help="the trace's pair: the search agent's other options and the weaker agent")
    p.add_argument("--json", action="store_true", help="print JSON lines")
    args = p.parse_args()
    pairs = [] if args.trace and args.pairs == p.get_default("pairs") else \
        [tuple(pair.split("/")) for pair in split_pairs(LADDER if args.pairs == "ladder" else args.pairs)]
    trace: list[tuple[int, tuple[str, str]]] = []
    if args.trace:
        base, _, weak = args.trace_agent.partition("/")
        name, _, opts = base.partition(":")
        kept = [o for o in opts.split(",") if o and not o.startswith("samples=")]
        for samples in map(int, args.trace.split(",")):
            trace.append((samples, (f"{name}:" + ",".join([f"samples={samples}", *kept]), weak or "greedy")))
        pairs += [pair for _, pair in trace if pair not in pairs]
    units: list[tuple[tuple[str, int, str, str], Work]] = []
    for edition in args.editions.split(","):
        for players in map(int, args.players.split(",")):
            spec = edition if args.no_fill else filled_spec(edition, players)
            for strong, weak in pairs:
                for first in range(0, args.games, CHUNK):
                    units.append(((edition, players, strong, weak),
                                  Work(spec, players, strong, weak, args.seed, first,
                                       min(CHUNK, args.games - first), args.max_rounds)))
    tallies: dict[tuple[str, int, str, str], Tally] = {}
    rows: dict[tuple[str, int, str, str], dict] = {}
    specs: dict[tuple[str, int], str] = {}
    started = time.perf_counter()

    def report(key: tuple[str, int, str, str]) -> None:
        """Print one (edition, players, pair) as soon as its games are done."""
        t = tallies[key]
        edition, players, strong, weak = key
        even = 1 / players
        share = t.wins / t.games if t.games else math.nan
        lo, hi = wilson(t.wins, t.games) or (math.nan, math.nan)
        row = {"edition": edition, "players": players, "strong": strong, "weak": weak, "games": t.games,
               "stopped": t.stopped, "wins": t.wins, "share": round(share, 4), "ci95": [round(lo, 4), round(hi, 4)],
               "even": round(even, 4), "order": round((share - even) / (1 - even), 4),
               "order_ci95": [round((lo - even) / (1 - even), 4), round((hi - even) / (1 - even), 4)],
               "above_even": lo > even, "rounds_per_game": round(t.rounds / max(1, t.games + t.stopped), 1)}
        if t.searched:
            row.update({"decisions_per_sec": round(t.decisions / t.seconds, 1),
                        "searched_decisions": t.searched,
                        "searched_decisions_per_sec": round(t.searched / t.searched_seconds, 1),
                        "slowest_decision_s": round(t.slowest, 3)})
        rows[key] = row
        if args.json:
            print(json.dumps({**row, "ruleset": specs[(edition, players)]}))
            return
        line = (f"{edition:12} {players}p  {strong} vs {weak}: {t.wins}/{t.games} games, share {share:.3f} "
                f"[{lo:.3f}, {hi:.3f}] (even {even:.3f}; order {row['order']:.3f}) "
                f"{'above even' if lo > even else 'NOT above even'}")
        if t.stopped:
            line += f"; {t.stopped} stopped"
        print(line)
        if t.searched:
            print(f"{'':16}{strong}: {row['decisions_per_sec']} decisions/s of CPU, "
                  f"{row['searched_decisions_per_sec']} searched decisions/s ({t.searched} of {t.decisions}), "
                  f"slowest {row['slowest_decision_s']} s")

    works = [w for _, w in units]
    remaining = {key: sum(1 for k, _ in units if k == key) for key, _ in units}
    pool = None
    if args.jobs > 1:
        from dosrules.play.workers import process_pool, stop_pool

        pool = process_pool(args.jobs)
    try:
        results = pool.map(play, works) if pool is not None else map(play, works)  # in order, as they come
        for (key, work), result in zip(units, results):
            tallies.setdefault(key, Tally()).add(result)
            specs[key[:2]] = work.spec
            remaining[key] -= 1
            if remaining[key] == 0:
                report(key)
                sys.stdout.flush()
    except BaseException:
        if pool is not None:
            stop_pool(pool)
        raise
    if pool is not None:
        pool.shutdown()
    if trace and not args.json:
        print_trace(trace, rows)
    if not args.json:
        print(f"wall time {time.perf_counter() - started:.0f} s; rulesets: "
              + "; ".join(f"{e} {n}p = {s}" for (e, n), s in specs.items()))
        which = installed.build()
        print(f"build: {which['dosrules']}, engine {which['engine']}")


if __name__ == "__main__":
    main()
