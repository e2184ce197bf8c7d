"""Argument helpers shared by the subcommands that take rulesets."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import UsageError

#: --policy / --agents help: the agents and the behaviour profiles (dosrules.play.behaviour), with
#: the spec syntax for custom profiles (kept here, so that --help does not import the engine)
POLICY_HELP = (
    "greedy (always calls DOS, always catches, never draws while it can match), random, search "
    "(greedy rollouts over sampled hidden hands; beats greedy in 2-player games; search:samples=32,width=4), or a "
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
SEED_BITS = 63  # seeds from -2**63 to 2**63 - 1: the results store keeps them as SQLite integers


def check_range(name: str, value: int | None, low: int, high: int, why: str) -> None:
    """UsageError unless ``value`` (when given) is from ``low`` to ``high``; ``why`` is the fix
    of a value above ``high``: the reason for the ceiling."""
    if value is None:
        return
    if value < low:
        raise UsageError(f"{name} must be at least {low}, not {value}")
    if value > high:
        shown = str(value) if len(str(value)) <= 20 else f"a number of {len(str(value))} digits"
        raise UsageError(f"{name} must be at most {high:,}, not {shown}", fix=why)


def check_seed(value: int) -> None:
    """UsageError unless ``--seed`` fits in 64 bits."""
    check_range("--seed", value, -2 ** SEED_BITS, 2 ** SEED_BITS - 1,
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
