"""A new game for a scenario that starts before the first deal: who deals, who plays first.

``new_game`` chooses the first dealer with the game's own chance (the high-card draw, or a lot
when the rule is ``unspecified``). A scenario may say which card each seat drew for first
dealer (``dealer_draw``); the engine then stacks the draw (see ``new_game``): the cards each seat
draws are the given ones, and everything else — the rule that reads them, ties drawn again, the
deal — is the engine's.
"""

from __future__ import annotations

from ..engine import State, compile_rules, new_game
from ..engine.state import check_dealer_draw
from ..errors import DosrulesError, Location
from ..ruleset.model import Ruleset
from .scenario import Scenario

__all__ = ["start_game"]


def start_game(scenario: Scenario, ruleset: Ruleset, *, trace: bool = False) -> State:
    """A new game of ``scenario.players`` under ``ruleset``, the first dealer's draw stacked as the
    scenario says; ``trace``: the game records the rules it reads (``dosrules.engine.trace``)."""
    n = scenario.players
    rules = ruleset.for_players(n)
    if not rules.players.min <= n <= rules.players.max:
        raise DosrulesError(f"{ruleset.id} is played by {rules.players.min} to {rules.players.max} players, "
                            f"not {n}", where=Location(scenario.file), path="players",
                            fix="Give a player count the ruleset allows.")
    try:
        check_dealer_draw(compile_rules(ruleset, n), scenario.dealer_draw)
    except DosrulesError as e:
        raise DosrulesError(e.what, where=Location(scenario.file), path=e.path, fix=e.fix) from None
    return new_game(ruleset, n, scenario.seed, dealer_draw=scenario.dealer_draw, trace=trace)
