"""A ruleset filled for ``compare``, ``sweep`` and ``simulate``: every silence read the way ``gaps
--measure``'s baseline filling reads it (``--fill SOURCE`` first), as the spec, content hash and
readings the reports name (the comparison layer may not import the gaps layer, so the command line
joins them); and the options of the commands that fill (``--gap-threshold``, ``--fill``,
``--no-fill``, ``--unfilled-rounds``) and measure skill (``--skill``, ``--skill-games``)."""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import UsageError
from .common import MAX_RUN_GAMES, MAX_RUN_ROUNDS, check_range


def filled_cell(ruleset, spec: str, digest: str, players: int, dirs: Sequence[str], fill: str | None) -> dict[str, Any]:
    """``ruleset`` (named ``spec``, content hash ``digest``) with its silences for ``players`` filled:
    ``spec``, ``content_hash`` and ``readings`` (path, reading, why); with no silence, itself."""
    from ..gaps.measure import baseline_filling
    from ..ruleset.fill import fill_inline

    filling = baseline_filling(ruleset, spec, players, dirs, fill, option="--fill")
    if not filling.readings:
        return {"spec": spec, "content_hash": digest, "readings": []}
    return {"spec": filling.spec_with(), "content_hash": fill_inline(ruleset, filling.parts()).content_hash,
            "readings": filling.to_json()["readings"]}


def add_fill_options(p, what: str, whom: str) -> None:
    """``--gap-threshold``, ``--fill``, ``--no-fill`` and ``--unfilled-rounds`` of a command whose
    figures are of the rulesets filled when rule gaps void many rounds (``what``: "comparison",
    "sweep"; ``whom``: what is filled, "every ruleset", "every point")."""
    p.add_argument("--gap-threshold", type=float, default=0.05, metavar="RATE",
                   help="flag a ruleset whose rule gaps void more than this share of rounds (default 0.05)")
    p.add_argument("--fill", metavar="SOURCE",
                   help=f"when rule gaps void more rounds than --gap-threshold, {whom} is filled, and "
                        "SOURCE's readings come first: a ruleset, a readings file or path=reading, chained with ~; "
                        "silences SOURCE leaves open take the reading most shipped rulesets choose (the default "
                        "for all of them)")
    p.add_argument("--no-fill", action="store_true",
                   help=f"keep the rulesets as written, even when rule gaps void many of their rounds (by "
                        f"default the {what} then fills {whom} with the same named readings)")
    p.add_argument("--unfilled-rounds", type=int, metavar="N",
                   help=f"rounds (with --games: games) the rulesets as written run for before the {what} "
                        "knows whether to fill them; when it fills them, their figures are the secondary table "
                        "(default a quarter of --rounds (--games), at least 2,000 rounds (100 games) or all of them)")


def check_fill_options(args) -> None:
    """UsageError for --unfilled-rounds out of range, --fill with --no-fill, or a bad --gap-threshold."""
    longer = "Split a longer run (results are stored per chunk, so runs add up); see docs/limits.md."
    check_range("--unfilled-rounds", args.unfilled_rounds, 1, MAX_RUN_GAMES if args.games else MAX_RUN_ROUNDS, longer)
    if args.no_fill and args.fill:
        raise UsageError("--fill and --no-fill contradict each other", fix="Give one of them.")
    if not 0.0 <= args.gap_threshold <= 1.0:
        raise UsageError(f"--gap-threshold must be between 0 and 1, not {args.gap_threshold}")


def add_skill_options(p, unit: str) -> None:
    """``--skill`` and ``--skill-games``: the agents and games of the skill measure (``unit``: what
    the games are per, "ruleset", "point")."""
    p.add_argument("--skill", default=None, metavar="STRONG,WEAK",
                   help="the skill measure's agents: games with one STRONG agent among WEAK ones, STRONG in "
                        "each seat in turn (default greedy and the --policy agent, or casual when --policy is "
                        "greedy or names several agents); 'none' skips it and its games")
    p.add_argument("--skill-games", type=int, default=None, metavar="N",
                   help=f"games the skill measure plays per {unit} and player count (default: --games, or a "
                        "quarter of --rounds: about twice the games of the run itself)")
