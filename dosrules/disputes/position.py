"""A scenario's position as an engine State, for one ruleset.

The engine builds positions with ``engine.from_position``: the scenario's hands, row (with the
declarations of wilds a placer declared, used where the ruleset says the placer declares), deck,
discard, scores and the seats that have already called DOS.
"""

from __future__ import annotations

import random
from collections import Counter

from ..ruleset.cards import Card
from ..engine import from_position
from ..errors import DosrulesError, Location
from ..ruleset.model import Ruleset
from .scenario import Scenario

__all__ = ["build_state"]


def _deal_unknown(scenario: Scenario, deck: tuple[Card, ...], where: Location):
    """Fill the unknown hands and the deck from the cards the position does not place."""
    rest = Counter(deck)
    known = [*(d.card for d in scenario.row), *scenario.discard, *scenario.deck_top]
    known += [c for h in scenario.hands if not isinstance(h, int) for c in h]
    if scenario.deck_exact is not None:
        known += scenario.deck_exact
    for card in known:
        if rest[card] <= 0:
            have = Counter(deck)[card]
            raise DosrulesError(f"the position uses more copies of {card} than the deck holds ({have})",
                                where=where, fix="Use each card at most as often as the deck has it.")
        rest[card] -= 1
    pool = []  # the unplaced cards in the deck's fixed order, then shuffled with the scenario's seed
    for card in deck:
        if rest[card] > 0:
            pool.append(card)
            rest[card] -= 1
    random.Random(scenario.seed).shuffle(pool)
    hands = []
    for seat, hand in enumerate(scenario.hands):
        if isinstance(hand, int):
            if hand > len(pool):
                raise DosrulesError(f"seat {seat}'s {hand} unknown cards are more than the {len(pool)} left",
                                    where=where, path=f"hands[{seat}]", fix="Give fewer unknown cards.")
            hands.append(pool[:hand])
            del pool[:hand]
        else:
            hands.append(list(hand))
    if scenario.deck_exact is not None:
        top_first = list(scenario.deck_exact)
    else:
        size = len(pool) + len(scenario.deck_top) if scenario.deck_size is None else scenario.deck_size
        unknown = size - len(scenario.deck_top)
        if unknown < 0 or unknown > len(pool):
            raise DosrulesError(f"a deck of {size} cards with {len(scenario.deck_top)} known on top needs "
                                f"{max(unknown, 0)} more cards and {len(pool)} are left",
                                where=where, path="deck.size",
                                fix=f"Give a deck size from {len(scenario.deck_top)} to "
                                    f"{len(pool) + len(scenario.deck_top)}.")
        top_first = [*scenario.deck_top, *pool[:unknown]]
    return hands, top_first[::-1]  # the engine draws from the end of its deck list


def build_state(scenario: Scenario, ruleset: Ruleset, *, trace: bool = False):
    """The engine State of ``scenario``'s position under ``ruleset`` (at the start of the turn);
    ``trace``: the game records the rules it reads from the position on."""
    where = Location(scenario.file)
    rules = ruleset.for_players(scenario.players)
    if not rules.players.min <= scenario.players <= rules.players.max:
        raise DosrulesError(f"{ruleset.id} is played by {rules.players.min} to {rules.players.max} players, "
                            f"not {scenario.players}", where=where, path="hands",
                            fix="Give as many hands as there are players.")
    from ..ruleset.cards import make_deck

    hands, deck = _deal_unknown(scenario, make_deck(rules.deck), where)
    return from_position(
        ruleset, hands, list(scenario.row), deck=deck, discard=list(scenario.discard),
        turn=scenario.turn, dealer=scenario.dealer, scores=scenario.scores, seed=scenario.seed,
        called=scenario.called, trace=trace)
