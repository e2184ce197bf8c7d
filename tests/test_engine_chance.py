"""The engine's random source (engine/chance.py): every card leaving the deck goes through
``Chance.take``, so a subclass can choose each card (as dosrules.rl's explicit chance does)."""

from __future__ import annotations

from collections import Counter

from dosrules.engine import Chance, new_game
from dosrules.engine.events import Dealt, Drew, Refilled
from dosrules.play.agents import make_agent


def test_take_removes_the_top_cards_in_list_order():
    deck = list("abcdefg")
    assert Chance(1).take(deck, 3) == ["e", "f", "g"]
    assert deck == list("abcd")
    assert Chance(1).take(deck, 0) == [] and deck == list("abcd")


class LowestFirst(Chance):
    """Takes the lowest cards (in notation order) and records every card taken."""

    def __init__(self, seed=0):
        super().__init__(seed)
        self.taken = []

    def take(self, deck, k):
        out = []
        for _ in range(k):
            card = min(deck, key=str)
            deck.remove(card)
            out.append(card)
        self.taken += out
        return out


def test_a_chance_subclass_chooses_every_card_dealt_and_drawn():
    chance = LowestFirst(3)
    state = new_game("mattel-2018+reshuffle", 3, chance=chance)
    lowest = sorted(state.c.deck, key=str)
    first = (state.dealer + 1) % 3
    assert state.hands[first] == lowest[:7]  # the deal: seat by seat from the dealer's left
    assert state.hands[(first + 1) % 3] == lowest[7:14]
    assert state.row == lowest[21:23]
    agents = [make_agent("greedy", s) for s in range(3)]
    before, moved = len(chance.taken), 0
    for _ in range(300):
        if state.is_terminal():
            break
        for e in state.apply(agents[state.current_player()].act(state)):
            if isinstance(e, (Drew, Refilled)):
                moved += len(e.cards)
            elif isinstance(e, Dealt):
                moved += e.hand_size * 3 + len(e.row)
    assert moved > 50 and len(chance.taken) - before == moved  # no card leaves the deck another way
    assert Counter(state.all_cards()) == Counter(state.c.deck)
