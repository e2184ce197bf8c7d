"""Chance is given to the game and is its only random source; chance events say what it decided."""

from __future__ import annotations

import random

from dosrules.engine import Chance, new_game
from dosrules.engine.events import Dealt, Drew, Reshuffled

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
