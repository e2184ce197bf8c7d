"""A new game for a scenario that starts before the first deal: who deals, who plays first.

``new_game`` chooses the first dealer with the game's own chance (the high-card draw, or a lot
when the rule is ``unspecified``). A scenario may say which card each seat drew for first
dealer (``dealer_draw``); the draw is then stacked: the cards each seat draws are the given ones,
and everything else — the rule that reads them, ties drawn again, the deal — is the engine's.
"""

from __future__ import annotations

from ..engine import State, compile_rules
from ..errors import DosrulesError, Location
from ..model import Ruleset
from .scenario import Scenario

__all__ = ["start_game"]


class _StackedDraw(State):
    """A State whose first high-card draw gives each seat the scenario's card.

    The engine draws for first dealer from a freshly shuffled deck, seat 0 taking the last card,
    before the dealer is known (``dealer is None`` in round 1); only that first shuffle is
    stacked.
    """

    def __init__(self, compiled, seed: int, draws):
        self._stack = list(draws)
        super().__init__(compiled, seed)

    def _shuffle(self, cards: list) -> None:
        super()._shuffle(cards)
        if self._stack and self.round == 1 and self.dealer is None:
            for card in reversed(self._stack):  # seat 0's card ends last: it is popped first
                cards.append(cards.pop(cards.index(card)))
            self._stack = []


def start_game(scenario: Scenario, ruleset: Ruleset, compiled=None) -> State:
    """A new game of ``scenario.players`` under ``ruleset``, the first dealer's draw stacked as the
    scenario says. ``compiled`` may stand in for the compiled rules (a consult log)."""
    n = scenario.players
    rules = ruleset.for_players(n)
    if not rules.players.min <= n <= rules.players.max:
        raise DosrulesError(f"{ruleset.id} is played by {rules.players.min} to {rules.players.max} players, "
                            f"not {n}", where=Location(scenario.file), path="players",
                            fix="Give a player count the ruleset allows.")
    compiled = compiled if compiled is not None else compile_rules(ruleset, n)
    deck = list(compile_rules(ruleset, n).deck)
    for card in scenario.dealer_draw:
        if card not in deck:
            raise DosrulesError(f"the first-dealer draw uses more copies of {card} than the deck holds",
                                where=Location(scenario.file), path="dealer_draw",
                                fix="Use each card at most as often as the deck has it.")
        deck.remove(card)
    return _StackedDraw(compiled, scenario.seed, scenario.dealer_draw)
