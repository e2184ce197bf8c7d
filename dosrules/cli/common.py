"""Argument helpers shared by the subcommands that take rulesets."""

from __future__ import annotations

from pathlib import Path

from ..errors import UsageError

#: --policy / --agents help: the agents and the behaviour profiles (dosrules.play.behaviour), with
#: the spec syntax for custom profiles (kept here, so that --help does not import the engine)
POLICY_HELP = (
    "greedy (always calls DOS, always catches, never draws while it can match), random, or a "
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
        if not Path(folder).is_dir():
            raise UsageError(f"--rulesets {folder}: no such folder",
                             fix="Give a folder that holds ruleset .yaml files.")
    return [Path(f) for f in args.rulesets]


def load(spec: str, args):
    """Load a ruleset id, composition or path, searching the ``--rulesets`` folders."""
    from ..ruleset.loader import load_ruleset

    return load_ruleset(spec, ruleset_dirs(args))


def add_run_options(parser) -> None:
    """``--jobs``, ``--executor``, ``--scheduler`` and ``--db``: where simulation chunks run and are kept."""
    parser.add_argument("--jobs", type=int, default=None, metavar="J",
                        help="worker processes for --executor local (default: the number of cores)")
    parser.add_argument("--executor", choices=["local", "dask"], default="local",
                        help="where chunks run: local worker processes (default) or a dask.distributed cluster")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="the dask scheduler, e.g. tcp://10.0.0.5:8786")
    parser.add_argument("--db", metavar="FILE",
                        help="SQLite file of chunk results (default $XDG_CACHE_HOME/dosrules/results.sqlite)")
