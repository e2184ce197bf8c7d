"""The engine keeps to the silence policy the rulebooks state (``dosrules.ruleset.silences``): a
gap it settles by lot goes on, every other gap voids the round, and a rule play goes without
(the DOS call where no source has one), or never reaches, meets no gap at all."""

from __future__ import annotations

import pytest

from dosrules import load_ruleset
from dosrules.engine import new_game
from dosrules.engine.events import RuleGap
from dosrules.play.agents import GreedyAgent, RandomAgent
from dosrules.ruleset.model import is_unspecified
from dosrules.ruleset.silences import BY_LOT, LOT, VOIDS, on_silence

# situations no rule covers, reported against the rule closest to them (see docs/engine.md)
UNCOVERED = ("the deck and the discard pile are empty", "only wild cards are left to turn up")


def gaps_met(spec: str, players: int, games: int):
    """Every rule gap of a few games: greedy players that forget and miss calls, and random ones."""
    ruleset = load_ruleset(spec)
    for seed in range(games):
        state = new_game(ruleset, players, seed=seed, max_rounds=12)
        agents = ([GreedyAgent(seed * 7 + k, forget=0.5, catch=0.5) for k in range(players)] if seed % 2 else
                  [RandomAgent(seed * 7 + k) for k in range(players)])
        for _ in range(3000):
            if state.is_terminal():
                break
            state.apply(agents[state.current_player()].act(state))
        yield from (e for e in state.events if isinstance(e, RuleGap))


@pytest.mark.parametrize("spec, players", [("mattel-2018", 4), ("digest-2017", 3), ("german", 3),
                                           ("mattel-2018+reshuffle", 3),
                                           ("german@setup.centre_row_extra=unspecified", 3)])
def test_every_gap_is_where_the_rulebook_says_and_does_what_it_says(spec, players):
    rules = load_ruleset(spec).for_players(players)
    seen = set()
    for gap in gaps_met(spec, players, 6):
        if gap.path not in BY_LOT and any(gap.situation.startswith(u) for u in UNCOVERED):
            continue
        assert is_unspecified(rules.get(gap.path)), f"{spec}: a gap at {gap.path}, which is stated: {gap}"
        how = on_silence(gap.path, rules).how
        assert how == (VOIDS if gap.voids else LOT), f"{spec}: {gap} (the rulebook says {how})"
        seen.add(gap.path)
    assert seen & BY_LOT and seen - BY_LOT, seen  # both kinds met, so the check bites


def test_the_translated_page_plays_without_a_dos_call():
    """digest-2017 has no DOS call: greedy players at two cards call nothing and nobody catches."""
    ruleset = load_ruleset("digest-2017")
    state = new_game(ruleset, 3, seed=4, max_rounds=3)
    agents = [GreedyAgent(k, forget=0.5, catch=1.0) for k in range(3)]
    for _ in range(2000):
        if state.is_terminal():
            break
        assert "call-dos" not in map(str, state.legal_actions())
        state.apply(agents[state.current_player()].act(state))
    kinds = {e.kind for e in state.events}
    assert not kinds & {"dos-called", "caught", "catch-declined"}
    assert not [e for e in state.events if isinstance(e, RuleGap) and e.path.startswith("dos_call")]
