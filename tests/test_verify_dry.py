"""The gap search's dry track: prefix turns that draw from the deck alone (no reshuffle)."""

import pytest
import z3

from dosrules import load_ruleset
from dosrules.verify import Budget
from dosrules.verify.solving import fresh_context
from dosrules.verify.bounds import state_facts
from dosrules.verify.turn import fresh_state, turn


@pytest.mark.parametrize("spec", ["mattel-2018", "mattel-2018+reshuffle", "german+reshuffle", "digest-2017"])
def test_a_turn_from_the_deck_is_an_exact_turn_whose_draws_never_run_short(spec):
    """What the dry track rests on: from any state, the turns drawn from the deck alone are the
    exact turns (reshuffle included) with no short draw, and they leave the same state."""
    rules = load_ruleset(spec).for_players(3)
    s = fresh_state("s", 3)
    exact, dry = turn(rules, 3, s, 1, "t"), turn(rules, 3, s, 1, "t", from_deck=True)
    no_short = z3.Not(z3.Or(exact.shorts))
    solver = z3.Solver()
    solver.add(state_facts(rules, s))
    same_turns = z3.And(dry.valid) == z3.And(*exact.valid, no_short)
    assert solver.check(z3.Not(same_turns)) == z3.unsat
    piles = zip(dry.after.piles(), exact.after.piles())
    same_after = z3.And([z3.And(a.num == b.num, a.wild == b.wild) for a, b in piles])
    assert solver.check(*dry.valid, z3.Not(z3.And(same_after, dry.ended == exact.ended))) == z3.unsat


def test_under_the_reshuffle_rule_the_dry_track_settles_others_draw_timing_at_its_fewest_turns():
    """Unknown at turn 5 on the exact track alone (its query there is several times the step
    budget); the dry track proves turn 5 and finds the witness in turn 6, the fewest."""
    from dosrules.verify import reach

    rules = load_ruleset("mattel-2018+reshuffle").for_players(4)
    found = reach._search_uncached(rules, 4, Budget(), 6, {}, {})
    turns, trace, gave_up = found["bonuses.others_draw_timing"]
    assert (turns, gave_up) == (5, None)
    assert len(trace) == 7 and trace[0].startswith("deal: deck 78")


def test_once_a_prefix_draw_can_run_short_the_dry_track_proves_nothing(monkeypatch):
    """Made to say that a draw of turn 1 can run short, the search asks every later query of
    the exact track: the dry track only gives witnesses then (along the greedy line)."""
    from dosrules.verify import reach

    rules = load_ruleset("mattel-2018+reshuffle").for_players(4)
    asked: list = []
    original = reach._Track.ask

    def ask(self, expr, timeout_ms=None):
        asked.append((self.from_deck, len(self.prefix)))
        return original(self, expr, timeout_ms)

    monkeypatch.setattr(reach._Track, "may_run_short", lambda self, t, all_wild_open, known=(): True)
    monkeypatch.setattr(reach._Track, "ask", ask)
    found = reach._search_uncached(rules, 4, Budget(), 6, {}, {})
    assert any(depth > 0 for dry, depth in asked)
    assert all(depth == 0 for dry, depth in asked if dry)
    got = found["bonuses.others_draw_timing"]
    assert isinstance(got, str) or (isinstance(got, tuple) and got[0] == 5), got


def test_once_the_rate_box_rules_out_all_that_is_left_the_search_ends_with_the_same_answers(monkeypatch):
    """mattel-2018+reshuffle at 2 players, bounded as after the 4-player search: from turn 6 on
    only the draw that the deck and the discard pile cannot supply is open, and the rate box
    rules it out at every depth. Ending there gives what the whole search gives, without asking
    the dry track whether the deeper turns' draws can run short."""
    from dosrules.verify import reach

    rules = load_ruleset("mattel-2018+reshuffle").for_players(2)
    bound = {"bonuses.others_draw_timing": 5}
    asked: list = []
    original = reach._Track.may_run_short

    def may_run_short(self, t, all_wild_open, known=()):
        asked.append(len(self.prefix))
        return original(self, t, all_wild_open, known)

    monkeypatch.setattr(reach._Track, "may_run_short", may_run_short)
    fresh_context()  # each search in a context of its own, as _search makes them: the same answers
    ended = reach._search_uncached(rules, 2, Budget(), 8, bound, {})
    depths_ended = list(asked)
    asked.clear()
    monkeypatch.setattr(reach, "END_EARLY", False)
    fresh_context()
    whole = reach._search_uncached(rules, 2, Budget(), 8, bound, {})
    def answers(found):  # the turns and what was left unsettled (a trace is one model of many)
        return {path: got if got is None or isinstance(got, str) else (got[0], got[2]) for path, got in found.items()}

    assert answers(ended) == answers(whole)
    assert ended["a draw that the deck and the discard pile together cannot supply"] is None
    assert max(depths_ended) < max(asked) == 7  # the whole search asks at every depth


def test_rulesets_that_share_memoised_work_are_verified_in_one_worker():
    """--jobs: a composition that shares its base's searches, or only its rules-level checks
    (+all-wild-row: the gap search reads that rule, a turn does not), goes with it; the others,
    even on the same base file, are groups of their own so that the workers share the work."""
    from dosrules.cli.verify import _sharing_groups

    names = ["mattel-2018", "digest-2017", "mattel-2018+reshuffle", "mattel-2018+two-player",
             "mattel-2018+target-500", "mattel-2018+all-wild-row"]
    groups = _sharing_groups([load_ruleset(n) for n in names])
    assert sorted(sorted(names[i] for i in g) for g in groups) == [
        ["digest-2017"],
        ["mattel-2018", "mattel-2018+all-wild-row", "mattel-2018+target-500", "mattel-2018+two-player"],
        ["mattel-2018+reshuffle"]]
    assert len(groups[0]) == 4  # the largest group first


def test_the_work_a_verification_memoises_is_all_named_by_shared_work():
    """The groups of --jobs rest on :func:`run.shared_work`: every memo a verification fills is
    keyed by one of its keys (or a worker could reuse work the report of one job count shows as
    spent and another as free)."""
    from dosrules.verify import reach, run

    ruleset = load_ruleset("mattel-2018+all-wild-row")
    run.forget_memos()
    run.verify(ruleset, max_turns=2)
    keys = run.shared_work(ruleset)
    memoised = {k[:-1] for k in run._CHECKS} | {("gaps", *k[:2]) for k in reach._SEARCHES}
    assert run._CHECKS and reach._SEARCHES
    assert {k if k[0] != "row_values" else k[:2] for k in memoised} <= keys
    assert run.shared_work(load_ruleset("digest-2017")).isdisjoint(keys)
    run.forget_memos()


def test_the_dry_tracks_question_asked_with_what_the_depth_proved_absent_gives_the_same_answers(monkeypatch):
    """The situations a depth proved absent are facts of the dry track's query turn: asked with
    them, "can a draw of this turn run short?" has the same answers, so the search has too."""
    from dosrules.verify import reach

    rules = load_ruleset("mattel-2018+reshuffle").for_players(3)
    original, given = reach._Track.may_run_short, []

    def watched(self, t, all_wild_open, known=()):
        given.append(len(known))
        return original(self, t, all_wild_open, known)

    def without(self, t, all_wild_open, known=()):
        return original(self, t, all_wild_open)

    def answers(found):  # the turns and what was left unsettled (a trace is one model of many)
        return {path: got if got is None or isinstance(got, str) else (got[0], got[2]) for path, got in found.items()}

    monkeypatch.setattr(reach._Track, "may_run_short", watched)
    fresh_context()
    told = reach._search_uncached(rules, 3, Budget(), 6, {}, {})
    monkeypatch.setattr(reach._Track, "may_run_short", without)
    fresh_context()
    assert any(given) and answers(told) == answers(reach._search_uncached(rules, 3, Budget(), 6, {}, {}))
