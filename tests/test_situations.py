"""What was exercised: every rule path has a situation, and the simulation's per-round situation
counts equal a direct count over the same games replayed."""

from pathlib import Path

import pytest

from dosrules.engine.actions import CatchDos, Draw, End, Match, Place
from dosrules.engine.events import Reshuffled, RoundVoid
from dosrules.engine import Phase, new_game
from dosrules.play.simulate import (ChunkSpec, combine, derive_seed, load, make_agents, plan_chunks, run_chunk,
                                    run_chunks)
from dosrules.play.situations import DECIDED_BY, NAMES, SITUATIONS, situation_of
from dosrules.ruleset.model import rule_paths

RULESETS = str(Path(__file__).parent / "rulesets")


def test_every_rule_path_has_a_situation():
    assert set(DECIDED_BY) == set(rule_paths())
    assert set(DECIDED_BY.values()) <= set(NAMES)
    assert situation_of("dos_call.catch_penalty").habit == "forget"
    assert situation_of("deck.numbers").name == "round"
    assert all(s.words and s.words[0].islower() for s in SITUATIONS)
    with pytest.raises(KeyError):
        situation_of("no_such_rule")


def _direct(spec: ChunkSpec):
    """Replay the chunk's games and count some situations straight from the actions and events."""
    ruleset = load(spec.ruleset, spec.search_dirs)
    count = {"drew-holding-match": 0, "declined-match": 0, "dos-caught": 0, "dos-caught-mid-turn": 0,
             "deck-ran-out": 0, "match": 0}
    for g in range(spec.games):
        seed = derive_seed(spec.seed, spec.index, g)
        state = new_game(ruleset, spec.players, seed, max_rounds=spec.max_rounds_per_game)
        agents = make_agents(spec.policy, spec.players, [derive_seed(seed, "seat", s) for s in range(spec.players)])
        could_match_after_draw = None
        while not state.is_terminal():
            action = agents[state.current_player()].act(state)
            turn = (state.round, state.turn_number)
            if type(action) is Draw and state.has_match():
                count["drew-holding-match"] += 1
            if type(action) is Match:
                count["match"] += 1
            if (state.phase is Phase.TURN and could_match_after_draw == turn and not state.matches
                    and type(action) in (End, Place)):
                count["declined-match"] += 1
            if state.phase is Phase.CATCH and type(action) is CatchDos:
                count["dos-caught"] += 1
                count["dos-caught-mid-turn"] += state.turn_seat == state.catch[0]
            events = state.apply(action)
            count["deck-ran-out"] += sum(type(e) is Reshuffled or (type(e) is RoundVoid and "deck ran out" in e.reason)
                                         for e in events)
            if type(action) is Draw and state.round == turn[0] and state.drew:
                could_match_after_draw = turn if state.has_match() else None
    return count


@pytest.mark.parametrize("ruleset, policy", [("mattel-2018", "casual"), ("test-keep-and-pass", "casual:draw=0.5,forget=0.5,miss=0"),
                                             ("mattel-2018+reshuffle", "greedy")])
def test_situation_counts_equal_a_direct_count(ruleset, policy):
    spec = ChunkSpec(ruleset, 4, policy, 7, 0, games=3, search_dirs=(RULESETS,), situations=True)
    res = run_chunk(spec)
    direct = _direct(spec)
    counted = {name: res.situations[name].sum for name in direct}
    assert counted == direct
    assert res.situations["round"].n == res.rounds - res.outcomes.get("capped", 0) == res.situations["round"].sum
    assert res.situations["colour-bonus"].sum == (res.round_metrics["single_colour_bonuses"].sum
                                                   + res.round_metrics["double_colour_bonuses"].sum)
    if policy == "greedy":  # greedy never forgets DOS, never draws holding a match, never declines
        assert counted["dos-caught"] == counted["drew-holding-match"] == counted["declined-match"] == 0
    elif ruleset == "test-keep-and-pass":  # the rules forbid drawing holding a match and declining it
        assert counted["dos-caught"] > 0 and counted["drew-holding-match"] == counted["declined-match"] == 0
    else:
        assert counted["dos-caught"] > 0 and counted["drew-holding-match"] > 0


def test_profiles_and_situations_give_the_same_numbers_whatever_the_job_count():
    specs = plan_chunks("mattel-2018+reshuffle", 4, "casual,greedy,casual:forget=1,random", 2, rounds=60,
                        chunk_rounds=20, situations=True)
    one, two = run_chunks(specs, jobs=1), run_chunks(specs, jobs=2)
    assert [r.numbers() for r in one] == [r.numbers() for r in two]
    summary = combine(one).to_json()
    assert summary == combine(two).to_json()
    assert summary["situations"]["dos-caught"]["mean"] > 0


@pytest.mark.parametrize("ruleset, policy", [("mattel-2018", "casual:draw=0.5,forget=0.5"),
                                             ("mattel-2018+reshuffle", "greedy")])
def test_situations_are_counted_only_when_asked_and_change_no_other_number(ruleset, policy):
    plain = run_chunk(ChunkSpec(ruleset, 4, policy, 5, 0, rounds=40))
    counted = run_chunk(ChunkSpec(ruleset, 4, policy, 5, 0, rounds=40, situations=True))
    assert plain.situations == {} and "situations" not in combine([plain]).to_json()
    assert set(counted.situations) == set(NAMES) and counted.situations["round"].sum == 40 - counted.outcomes.get("capped", 0)
    numbers = [{k: v for k, v in r.numbers().items() if k not in ("situations", "spec")} for r in (plain, counted)]
    assert numbers[0] == numbers[1]
