"""The gap search's greedy line: one concrete line of play, a cheap way to a witness."""

import z3

from dosrules import load_ruleset
from dosrules.verify import Budget
from dosrules.verify.bounds import prefix_conditions, state_facts
from dosrules.verify.greedy import GreedyLine, fixed
from dosrules.verify.reach import QUICK_MS, _hint, _search_uncached
from dosrules.verify.turn import fresh_state, turn


def _line(spec: str, players: int, from_deck: bool = False) -> tuple:
    rules = load_ruleset(spec).for_players(players)
    return rules, GreedyLine(rules, players, Budget(), True, from_deck, _hint, QUICK_MS)


def test_each_step_of_the_line_is_a_prefix_turn_of_the_unrolled_model():
    """From each state of the line, a gap-free turn that goes on (draws supplied) leads to the
    next, with every card somewhere: so fixing the line's states in the unrolled model leaves
    it satisfiable."""
    rules, line = _line("mattel-2018", 4)
    for k in range(5):
        before, after = line.state(k), line.state(k + 1)
        assert before is not None and after is not None
        s = fresh_state(f"check{k}", 4)
        t = turn(rules, 4, s, k % 4, f"checkturn{k}", supplied=True)
        solver = z3.Solver()
        solver.add(*state_facts(rules, s), *fixed(s, before), *t.valid, *prefix_conditions(rules, t, True),
                   *fixed(t.after, after))
        assert solver.check() == z3.sat, k
    assert line.state(1)[0] + line.state(1)[1] < line.state(0)[0] + line.state(0)[1]  # the deck ran down


def test_the_line_meets_a_draw_from_an_empty_deck_first_in_turn_five_as_the_search_proves():
    """mattel-2018, 4 players: the fewest turns before a draw from an empty deck is 4 (found in
    turn 5, proved the fewest); the line meets it there and not a turn earlier."""
    rules, line = _line("mattel-2018", 4)

    def short(t):
        return t.gaps.get("deck_exhaustion", z3.BoolVal(False))

    assert not line.reaches(3, short)
    assert line.reaches(4, short)


def test_a_witness_on_the_line_is_a_witness_of_the_search_at_its_fewest_turns(monkeypatch):
    """With the solver's own tries along the greedy line made to find nothing, the search still
    finds mattel-2018's two situations at their fewest turns: from the line."""
    from dosrules.verify import reach, solving

    monkeypatch.setattr(reach._Track, "witness", lambda self, expr, hint, ms=None: None)
    monkeypatch.setattr(solving, "WALL_SLACK", 1000)  # steps bounded by work alone, whatever the load
    rules = load_ruleset("mattel-2018").for_players(4)
    found = _search_uncached(rules, 4, Budget(timeout_ms=600_000), 6, {}, {})
    turns, trace, gave_up = found["deck_exhaustion"]
    assert (turns, gave_up) == (4, None) and len(trace) == 6
    assert found["bonuses.others_draw_timing"][0] == 5 and found["bonuses.others_draw_timing"][2] is None


def test_under_the_reshuffle_rule_the_line_draws_from_the_deck_alone():
    """For the dry track the line's prefix turns never run a draw short, so its deck only
    falls: no reshuffle ever refills it."""
    _, line = _line("mattel-2018+reshuffle", 4, from_deck=True)
    decks = [line.state(k)[0] + line.state(k)[1] for k in range(5) if line.state(k) is not None]
    assert len(decks) >= 4 and decks == sorted(decks, reverse=True)
