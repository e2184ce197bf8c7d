"""Cross-check: every turn the engine plays is a turn of the Z3 turn model (``verify.turn``).

Games of random and greedy players under rule values the shipped editions use and those they do
not (a bonus card that may be kept, the others drawing when the turn ends, only the drawn card
after a draw, no match after a draw); each turn's zone sizes before and after (number and wild
cards of the deck, the discard pile, the Centre Row and each hand) must be a transition the model
admits without a rule gap (but at the wild cards' rules: the model counts cards by class, not
colour, so it cannot tell a wild card whose colour decides nothing). Turns the model does not
describe are left out: those ending the round or meeting a gap, and those with a DOS catch (the
model catches only a player left at the call's size at the end of a turn).
"""

import pytest
import z3

from dosrules import load_ruleset
from dosrules.engine import new_game
from dosrules.engine.actions import END
from dosrules.play.agents import GreedyAgent, RandomAgent
from dosrules.ruleset.model import BonusPlacement, DeckExhaustion, DrawTiming, MatchAfterDraw
from dosrules.verify.turn import Pile, TurnPiles, turn

from enginekit import variant

SKIP = {"rule-gap", "round-void", "round-scored", "game-over", "caught", "catch-declined", "buried", "dealt"}
RULESETS = {
    "mattel-2018+reshuffle": load_ruleset("mattel-2018+reshuffle"),
    "digest-2017+reshuffle": load_ruleset("digest-2017+reshuffle"),
    "german+reshuffle": load_ruleset("german+reshuffle"),
    "keep-bonus, draws at the end": variant(
        load_ruleset("mattel-2018+reshuffle"), bonuses__single_colour__placement=BonusPlacement.OPTIONAL,
        bonuses__double_colour__placement=BonusPlacement.OPTIONAL,
        bonuses__others_draw_timing=DrawTiming.END_OF_TURN),
    "no match after a draw, draws at once": variant(
        load_ruleset("mattel-2018+reshuffle"), drawing__match_after_draw=MatchAfterDraw.NONE,
        bonuses__others_draw_timing=DrawTiming.IMMEDIATE, deck_exhaustion=DeckExhaustion.RESHUFFLE_DISCARD),
}


def piles(state) -> TurnPiles:
    def pile(cards):
        wild = sum(1 for c in cards if c.is_wild)
        return Pile(z3.IntVal(len(cards) - wild), z3.IntVal(wild))
    return TurnPiles(pile(state.deck), pile(state.discard), pile(state.row), tuple(pile(h) for h in state.hands))


def choices(events) -> dict:
    """What the turn's events say of the model's choices: a draw, the matches and bonuses made."""
    matched = [e for e in events if e.kind == "matched"]
    bonuses = [e.bonus for e in events if e.kind == "bonus"]
    return {"drew": any(e.kind == "drew" and e.reason == "draw" for e in events),
            "singles": sum(len(e.cards) == 1 for e in matched), "doubles": sum(len(e.cards) == 2 for e in matched),
            "single_colour": bonuses.count("single-colour"), "double_colour": bonuses.count("double-colour")}


class KeepingPlayer(RandomAgent):
    """A random player that keeps its bonus cards half the time when the rules let it."""

    def act(self, state):
        if state.phase == "bonus" and END in state.legal_actions() and self.rng.random() < 0.5:
            return END
        return super().act(state)


def engine_turns(ruleset, players: int, seed: int):
    """(seat, piles before, piles after, choices) of the turns of a few rounds."""
    state = new_game(ruleset, players, seed=seed, max_rounds=3)
    agents = ([KeepingPlayer(seed + k) for k in range(players)] if seed % 2 else
              [GreedyAgent(seed + k) for k in range(players)])
    start = (state.round, state.turn_number, state.turn_seat, piles(state), len(state.events))
    for _ in range(1500):
        if state.is_terminal():
            break
        state.apply(agents[state.current_player()].act(state))
        if (state.round, state.turn_number) != start[:2] and state.phase == "turn":
            kinds = {e.kind for e in state.events[start[4]:]}
            if state.round == start[0] and not kinds & SKIP:
                yield start[2], start[3], piles(state), choices(state.events[start[4]:])
            start = (state.round, state.turn_number, state.turn_seat, piles(state), len(state.events))


@pytest.mark.parametrize("name", list(RULESETS))
def test_engine_turns_are_turns_of_the_z3_model(name):
    ruleset, players = RULESETS[name], 3
    rules = ruleset.for_players(players)
    checked = 0
    for seed in range(5):
        for seat, before, after, made in engine_turns(ruleset, players, seed):
            t = turn(rules, players, before, seat, "t")
            solver = z3.Solver()
            solver.set(timeout=5000)
            gaps = [g for path, g in t.gaps.items() if not path.startswith("wilds.")]
            solver.add(*t.valid, z3.Not(z3.Or([z3.BoolVal(False), *gaps, *t.uncovered.values()])))
            for mine, theirs in zip(t.after.piles(), after.piles()):
                solver.add(mine.num == theirs.num, mine.wild == theirs.wild)
            solver.add(*[t.choices[k] == v for k, v in made.items()])
            assert solver.check() == z3.sat, f"{name} seed {seed}: seat {seat}'s turn is not a turn of the model"
            checked += 1
    assert checked >= 15
