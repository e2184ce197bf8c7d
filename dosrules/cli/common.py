"""Argument helpers shared by the subcommands that take rulesets."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

from ..errors import UsageError

#: --policy / --agents help: the agents and the behaviour profiles (dosrules.play.behaviour), with
#: the spec syntax for custom profiles (kept here, so that --help does not import the engine)
POLICY_HELP = (
    "greedy (always calls DOS, always catches, never draws while it can match), random, search "
    "(greedy rollouts over sampled hidden hands; beats greedy in 2-player games; search:samples=128,width=4), or a "
    "behaviour profile: casual (players who sometimes forget to call DOS, miss a catch, draw holding "
    "a match, decline a match after drawing, or pick a match by eye: forget=0.2, miss=0.3, draw=0.1, "
    "decline=0.05, pick=0.25, a model, not a measurement); change habits with casual:forget=0.4,miss=0, "
    "or start from greedy with habits:draw=0.3. One spec for every seat, or one per seat "
    "(casual,greedy,greedy,greedy)")


def add_rulesets_option(parser) -> None:
    """``--rulesets DIR`` (repeatable): extra folders searched before the shipped rulesets."""
    parser.add_argument("--rulesets", action="append", default=[], metavar="DIR",
                        help="a folder of extra rulesets (repeatable); searched before the shipped ones")


def ruleset_dirs(args) -> list[Path]:
    """The ``--rulesets`` folders, each checked to exist."""
    for folder in args.rulesets:
        if not os.path.isdir(folder):  # os.path: False, never an error, for a name too long
            raise UsageError(f"--rulesets {folder}: no such folder",
                             fix="Give a folder that holds ruleset .yaml files.")
    return [Path(f) for f in args.rulesets]


def load(spec: str, args):
    """Load a ruleset id, composition or path, searching the ``--rulesets`` folders."""
    from ..ruleset.loader import load_ruleset

    return load_ruleset(spec, ruleset_dirs(args))


# --- ceilings of numeric arguments (docs/limits.md says why each value) ------------------------

MAX_RUN_ROUNDS = 1_000_000  # --rounds of simulate and compare (per ruleset and player count)
MAX_RUN_GAMES = 100_000  # --games of simulate and compare
MAX_JOBS = 64  # worker processes; each is a Python process of some 60 MB
MAX_CHUNK = 100_000  # --chunk-rounds and --chunk-games
MAX_RUN_CHUNKS = 40_000  # chunks in one compare run: each result is held (some 10-20 KB) until the run is summed
SEED_BITS = 63  # seeds from -2**63 to 2**63 - 1: the results store keeps them as SQLite integers


@contextmanager
def known_valid(store):
    """Inside, the ruleset documents the results store ``store`` knows to pass the schema are not
    validated again (a document's digest covers its data, the schema and the validator); when the
    block ends without an error, those validated inside are added to the store. ``store`` None:
    every document is validated, as without this."""
    from ..ruleset import schema

    known = set() if store is None else store.valid_documents()
    schema.KNOWN_VALID |= known
    yield
    if store is not None and schema.VALIDATED - known:
        store.add_valid_documents(schema.VALIDATED - known)


def check_range(name: str, value: int | None, low: int, high: int, why: str) -> None:
    """UsageError unless ``value`` (when given) is from ``low`` to ``high``; ``why`` is the fix
    of a value above ``high``: the reason for the ceiling."""
    if value is None:
        return
    if value < low:
        raise UsageError(f"{name} must be at least {low}, not {value}")
    if value > high:
        raise UsageError(f"{name} must be at most {high:,}, not {shown_number(value)}", fix=why)


def shown_number(value: int) -> str:
    """``value`` as digits, or its length when it is too long to quote."""
    return str(value) if len(str(value)) <= 20 else f"a number of {len(str(value))} digits"


def check_players(value: int, ruleset) -> None:
    """UsageError unless ``--players`` is a count ``ruleset`` is played by, before anything is
    made per seat (a count of 10**22 used to end in an OverflowError, 10**7 in 425 MB)."""
    allowed = ruleset.rules.players
    if not allowed.min <= value <= allowed.max:
        raise UsageError(f"--players {shown_number(value)}: {ruleset.id} is played by {allowed.min} to "
                         f"{allowed.max} players", fix=f"Choose a player count from {allowed.min} to {allowed.max}.")


def check_seed(value: int | None) -> None:
    """UsageError unless ``--seed`` is from 0 to 2**63 - 1: it fits in 64 bits, and no two seeds
    play the same game (Python's shuffle takes -S for S, so a negative seed is refused)."""
    if value is not None and value < 0:
        raise UsageError(f"--seed must be at least 0, not {shown_number(value)}",
                         fix=f"Seeds are whole numbers from 0 up; --seed {shown_number(-value)} would play the "
                             "same game as this one.")
    check_range("--seed", value, 0, 2 ** SEED_BITS - 1,
                "A seed is a 64-bit integer (results are stored with their seed); any smaller seed "
                "gives as good a shuffle.")


def check_jobs(value: int | None) -> None:
    check_range("--jobs", value, 1, MAX_JOBS,
                f"Each worker is a process of its own; more than {MAX_JOBS} only adds memory. Give at "
                "most the number of cores.")


def add_run_options(parser) -> None:
    """``--jobs``, ``--executor``, ``--scheduler`` and ``--db``: where simulation chunks run and are kept."""
    parser.add_argument("--jobs", type=int, default=None, metavar="J",
                        help="worker processes for --executor local (default: the number of cores)")
    parser.add_argument("--executor", choices=["local", "dask"], default="local",
                        help="where chunks run: local worker processes (default) or a dask.distributed cluster")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="the dask scheduler, e.g. tcp://10.0.0.5:8786")
    parser.add_argument("--db", metavar="FILE",
                        help="SQLite file of chunk results (default $XDG_CACHE_HOME/dosrules/results.sqlite)")


def check_run_amount(args, default_rounds: int) -> None:
    """``--rounds``/``--games``, the chunk sizes, ``--jobs`` and ``--seed`` of a simulation run
    (compare, sweep); ``args.rounds`` becomes ``default_rounds`` when neither is given."""
    if args.rounds is None and args.games is None:
        args.rounds = default_rounds
    if args.games is None and args.chunk_games is not None:
        raise UsageError("--chunk-games is for --games", fix="Give --games N, or --chunk-rounds with --rounds.")
    if args.games is not None and args.chunk_rounds is not None:
        raise UsageError("--chunk-rounds is for --rounds", fix="With --games, give --chunk-games.")
    longer = "Split a longer run (results are stored per chunk, so runs add up); see docs/limits.md."
    check_range("--rounds", args.rounds, 1, MAX_RUN_ROUNDS, longer)
    check_range("--games", args.games, 1, MAX_RUN_GAMES, longer)
    check_jobs(args.jobs)
    small = "A chunk is the unit of work and storage; keep it small."
    check_range("--chunk-rounds", args.chunk_rounds, 1, MAX_CHUNK, small)
    check_range("--chunk-games", args.chunk_games, 1, MAX_CHUNK, small)
    check_seed(args.seed)
    if args.executor == "dask" and args.jobs is not None:
        raise UsageError("--jobs is for --executor local", fix="The dask cluster's workers set the parallelism.")


def add_simulation_options(parser, unit: str, default_rounds: int, default_policy: str) -> None:
    """``--players``, ``--rounds``/``--games``, ``--policy``, ``--seed``, the run options, the chunk
    sizes and ``--alpha`` of a command that simulates rulesets through compare's runner; ``unit``
    is what each amount is per ("point", "ruleset")."""
    parser.add_argument("--players", default=None, metavar="N[,N...]",
                        help="player counts (default: every count all the rulesets allow)")
    amount = parser.add_mutually_exclusive_group()
    amount.add_argument("--rounds", type=int, default=None, metavar="N",
                        help=f"simulated rounds per {unit} and player count (default {default_rounds})")
    amount.add_argument("--games", type=int, default=None, metavar="N",
                        help=f"simulate N complete games per {unit} and player count instead")
    parser.add_argument("--policy", default=default_policy, metavar="P", help=POLICY_HELP + f"; default {default_policy}")
    parser.add_argument("--seed", type=int, default=1, help=f"the run's seed (default 1), the same for every {unit}")
    add_run_options(parser)
    parser.add_argument("--chunk-rounds", type=int, default=None, metavar="N", help="rounds per chunk (default 250)")
    parser.add_argument("--chunk-games", type=int, default=None, metavar="N",
                        help="with --games: games per chunk (default 25)")
    parser.add_argument("--alpha", type=float, default=0.05,
                        help="significance level after the Holm–Bonferroni correction (default 0.05)")
