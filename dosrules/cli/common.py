"""Argument helpers shared by the subcommands that take rulesets."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import UsageError


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
