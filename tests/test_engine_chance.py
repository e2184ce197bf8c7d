"""Chance is given to the game and is its only random source; chance events say what it decided;
every card leaving the deck goes through ``Chance.take``, so a subclass can choose each card (as
dosrules.rl's explicit chance does)."""

from __future__ import annotations

import random
from collections import Counter

from dosrules.engine import Chance, new_game
from dosrules.engine.events import Dealt, Drew, Refilled, Reshuffled
from dosrules.play.agents import make_agent

from enginekit import MATTEL


class Unshuffled(Chance):
    """A chance that never shuffles (the deck stays in the ruleset's order) and draws lot 0."""

    def shuffle(self, cards: list) -> None:
        pass

    def lot(self, n: int) -> int:
        return 0


def test_the_same_chance_gives_the_same_game_and_another_seed_another():
    a, b, c = (new_game(MATTEL, 3, chance=Chance(s)) for s in (7, 7, 8))
    assert [str(e) for e in a.events] == [str(e) for e in b.events]
    assert [str(e) for e in a.events] != [str(e) for e in c.events]
    assert new_game(MATTEL, 3, seed=7).hands == a.hands  # seed=S means Chance(S)


def test_the_given_chance_decides_every_shuffle():
    state = new_game(MATTEL, 2, chance=Unshuffled())
    deck = list(state.c.deck)
    first = (state.dealer + 1) % 2
    assert state.hands[first] == deck[-7:]  # dealt from the end of the unshuffled deck
    assert state.hands[1 - first] == deck[-14:-7]
    assert state.row == deck[-16:-14]


def test_copy_copies_the_chance_state_and_keeps_it_independent():
    state = new_game(MATTEL, 3, seed=4)
    twin = state.copy()
    assert twin.chance is not state.chance
    drawn = [state.chance.lot(10 ** 6) for _ in range(3)]
    assert [twin.chance.lot(10 ** 6) for _ in range(3)] == drawn


def test_chance_events_are_marked():
    state, pick = new_game("mattel-2018+reshuffle", 2, seed=3), random.Random(3)
    for _ in range(3000):
        if state.is_terminal():
            break
        acts = state.legal_actions()
        state.apply(acts[pick.randrange(len(acts))])
    chance = {e.kind for e in state.events if e.is_chance()}
    assert {"dealer", "dealt", "drew", "refilled"} <= chance
    assert not chance & {"matched", "placed", "turn", "turn-ended", "round-scored"}
    assert all(e.is_chance() for e in state.events if isinstance(e, (Dealt, Drew, Reshuffled)))


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
