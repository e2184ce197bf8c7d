"""Each verifier check on mattel-2018 and on test rulesets built to break one thing."""

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest

from dosrules import load_ruleset
from dosrules.verify import EXIT_OK, EXIT_UNKNOWN, EXIT_VIOLATED, Budget, SolverVerdict, VerifyReport, verify
from dosrules.verify.coverage import coverage
from dosrules.verify.deck import deck_totals, row_values
from dosrules.verify.invariants import turn_invariants
from dosrules.verify.deal import deal_feasible

DATA = Path(__file__).parent / "data" / "verify"
FULL = {"mattel-2018", "refill-unspecified", "end-round"}  # run every check; others run the checks a test needs
_CACHE = {}


def altered(base: str, players: int | None = None, **groups):
    """mattel-2018 with some rule groups replaced (``deck={"total": 110}``), built without the
    loader: its semantic checks refuse such rulesets, the verifier must catch them too."""
    ruleset = load_ruleset(base)
    rules = ruleset.rules
    for group, values in groups.items():
        rules = replace(rules, **{group: replace(getattr(rules, group), **values)})
    if players is None:
        return replace(ruleset, id=f"{ruleset.id}+altered", rules=rules)
    return replace(ruleset, id=f"{ruleset.id}+altered", by_players=MappingProxyType({players: rules}))


BUILT = {
    "miscounted-deck": lambda: altered("mattel-2018", deck={"total": 110}),
    "big-hands": lambda: altered("mattel-2018", setup={"hand_size": 27}),
    "two-player-big-hands": lambda: altered("mattel-2018", players=2, setup={"hand_size": 60}),
}


def _partial(ruleset):
    budget = Budget()
    results = [deck_totals(ruleset, ruleset.rules, budget), *row_values(ruleset, ruleset.rules, budget),
               deal_feasible(ruleset, budget), *turn_invariants(ruleset, budget), *coverage(ruleset, budget)]
    return VerifyReport(ruleset.id, ruleset.content_hash, results)


def report(name: str):
    if name not in _CACHE:
        spec = name if name == "mattel-2018" else str(DATA / f"{name}.yaml")
        ruleset = BUILT[name]() if name in BUILT else load_ruleset(spec)
        _CACHE[name] = verify(ruleset) if name in FULL else _partial(ruleset)
    return _CACHE[name]


def check(name: str, check_name: str):
    found = [r for r in report(name).results if r.check == check_name]
    assert found, f"no result {check_name}"
    return found[0]


def test_mattel_has_no_violation_and_no_unknown():
    rep = report("mattel-2018")
    assert rep.exit_code == EXIT_OK
    assert {r.verdict for r in rep.results} <= {SolverVerdict.PROVED, SolverVerdict.COUNTEREXAMPLE}
    assert [r.check for r in rep.results if r.violated] == []


def test_deck_totals_proved_and_cited():
    r = check("mattel-2018", "deck.totals")
    assert r.verdict is SolverVerdict.PROVED
    assert any(c.startswith('deck.total: stated, 000 §1. The deck "108 cards"') for c in r.citations)


def test_deck_totals_counterexample_names_both_counts():
    r = check("miscounted-deck", "deck.totals")
    assert r.verdict is SolverVerdict.COUNTEREXAMPLE and r.violated
    assert r.data["total_parts"] == 108 and r.data["total_stated"] == 110
    assert report("miscounted-deck").exit_code == EXIT_VIOLATED


def test_row_values_and_what_a_single_or_double_reaches():
    assert check("mattel-2018", "deck.row-values").data["values"] == list(range(1, 11))
    r = check("mattel-2018", "deck.matchable")
    assert r.verdict is SolverVerdict.PROVED
    assert r.data["never_double"] == [1]  # a 1 can never be double-matched
    assert r.data["double"] == list(range(2, 11))


def test_doubles_only_leaves_a_one_unmatchable():
    r = check("doubles-only", "deck.matchable")
    assert r.verdict is SolverVerdict.COUNTEREXAMPLE and not r.violated  # a finding, not a violation
    assert r.data["never"] == [1]
    assert "matching.single" in r.rule_paths


def test_deal_counterexample_names_the_player_count():
    r = check("big-hands", "setup.deal")
    assert r.verdict is SolverVerdict.COUNTEREXAMPLE
    assert r.data["players"] == 4 and r.data["needed"] == 110 and r.data["deck"] == 108
    assert r.witness.startswith("4 players")


def test_deal_counterexample_from_a_by_players_override():
    r = check("two-player-big-hands", "setup.deal")
    assert r.verdict is SolverVerdict.COUNTEREXAMPLE and r.data["players"] == 2
    assert "by_players.2" in r.rule_paths  # the overrides are among the rules it rests on
    assert "2 players x 60 cards" in r.witness


def test_first_row_below_minimum_breaks_the_deal_and_conflicts():
    assert check("short-row", "setup.deal").verdict is SolverVerdict.COUNTEREXAMPLE
    assert "below the refill minimum" in check("short-row", "setup.deal").witness
    assert check("short-row", "conflict.first-turn-row").verdict is SolverVerdict.COUNTEREXAMPLE


@pytest.mark.parametrize("name", ["mattel-2018", "end-round"])
def test_turn_invariants_proved(name):
    for c in ("turn.conservation", "turn.no-negative-zone", "turn.row-minimum"):
        assert check(name, c).verdict is SolverVerdict.PROVED, c


def test_row_minimum_fails_without_a_refill_rule():
    r = check("refill-unspecified", "turn.row-minimum")
    assert r.verdict is SolverVerdict.COUNTEREXAMPLE and r.violated
    assert "refill.mode is unspecified" in r.witness
    before, after = r.data["before"], r.data["after"]
    assert "row 2" in before or "row" in before
    assert int(after.split("row ")[1].split(" ")[0]) < 2
    assert report("refill-unspecified").exit_code == EXIT_VIOLATED


def test_reachable_gaps_in_mattel():
    wild = check("mattel-2018", "gap.all_wild_row")
    assert wild.verdict is SolverVerdict.COUNTEREXAMPLE and wild.data["turns"] == 0
    assert "row 2 (2 wild)" in wild.data["trace"][0]
    deck = check("mattel-2018", "gap.deck_exhaustion")
    assert deck.verdict is SolverVerdict.COUNTEREXAMPLE and not deck.violated
    assert deck.data["players"] == 4 and 1 <= deck.data["turns"] <= 8
    assert len(deck.data["trace"]) == deck.data["turns"] + 2  # the deal, the turns before, the turn itself
    assert any(c.startswith("deck_exhaustion: unspecified") for c in deck.citations)


def test_deck_exhaustion_set_leaves_no_gap_to_reach():
    names = [r.check for r in report("end-round").results]
    assert not [n for n in names if n.startswith("gap.")]
    assert check("end-round", "coverage.refill").verdict is SolverVerdict.PROVED


def test_coverage_gaps_in_mattel():
    r = check("mattel-2018", "coverage.after-draw-ending")
    assert r.verdict is SolverVerdict.COUNTEREXAMPLE
    assert r.data["situation"] == {"match_available": True}
    assert check("mattel-2018", "coverage.refill").data["situation"]["deck_short"] is True


def test_conflict_between_two_drawing_rules():
    r = check("must-and-must-not", "conflict.after-draw-match")
    assert r.verdict is SolverVerdict.COUNTEREXAMPLE and r.violated
    assert sorted(r.data["in_force"]) == ["drawing.decline_match_after_draw = required",
                                          "drawing.match_after_draw = forbidden"]


def test_unknown_is_never_proved():
    rep = verify(load_ruleset("mattel-2018"), Budget(timeout_ms=1000, rlimit=1), max_turns=2)
    assert rep.exit_code == EXIT_UNKNOWN
    assert not [r.check for r in rep.results if r.verdict is SolverVerdict.PROVED and r.check.startswith("turn.")]
    assert all(r.witness for r in rep.results if r.verdict is SolverVerdict.UNKNOWN)


def test_reshuffle_proves_no_unsuppliable_draw_within_the_bound():
    # the deck and the discard pile together lose at most a few cards a turn: proved, not unknown
    from dosrules.verify.reach import reachable_gaps
    found = {r.check: r for r in reachable_gaps(load_ruleset("mattel-2018+reshuffle"), Budget())}
    r = found["gap.a draw that the deck and the discard pile together cannot supply"]
    assert r.verdict is SolverVerdict.PROVED
    assert found["gap.all_wild_row"].verdict is SolverVerdict.COUNTEREXAMPLE


def test_a_box_proof_is_never_read_from_unknown():
    from dosrules.verify.bounds import BoxProver
    rules = load_ruleset("mattel-2018").rules
    starved = BoxProver(rules, 4, Budget(rlimit=1), all_wild_open=True)  # every query gives up
    assert starved.absent(1, lambda t: dict(t.gaps), {"deck_exhaustion"}, cheap=True) == set()
    fed = BoxProver(rules, 4, Budget(), all_wild_open=True)
    assert fed.absent(1, lambda t: dict(t.gaps), {"deck_exhaustion"}, cheap=False) == {"deck_exhaustion"}
    # the deck cannot run out in turn 2, but it can by turn 5 (the gap search's witness): no proof
    assert fed.absent(4, lambda t: dict(t.gaps), {"deck_exhaustion"}, cheap=False) == set()


def test_where_the_exact_model_gives_up_a_full_step_along_the_greedy_line_still_finds_the_witness(monkeypatch):
    """The last try of a depth: when the short witness try and the exact model stay unknown (as
    for digest-2017's deck_exhaustion at turn 7), the greedy line with a full step gives the
    witness at the same depth; without it the situation would be unknown there."""
    from dosrules.verify import reach

    rules = load_ruleset("mattel-2018").for_players(4)
    plain = reach._search_uncached(rules, 4, Budget(), 6, {}, {})
    original = reach._Track.witness
    asked_full = []

    def witness(self, expr, hint, ms=2 * reach.QUICK_MS):
        asked_full.append(ms is None)
        return original(self, expr, hint, ms) if ms is None else None

    monkeypatch.setattr(reach._Track, "witness", witness)
    monkeypatch.setattr(reach._Track, "ask", lambda self, expr, timeout_ms=None: ("unknown", "canceled"))
    cut = reach._search_uncached(rules, 4, Budget(), 6, {}, {})
    assert any(asked_full)
    for path in ("deck_exhaustion", "bonuses.others_draw_timing"):
        assert isinstance(plain[path], tuple), plain[path]
        assert isinstance(cut[path], tuple) and cut[path][0] == plain[path][0], (path, cut[path], plain[path])
        assert any("turn" in line for line in cut[path][1])


def test_fewest_turns_is_claimed_only_where_no_player_count_left_fewer_turns_open(monkeypatch):
    """A witness at 4 players in 5 turns is not proved the fewest when the search at 3 players
    gave up on turn 4 (a 3-player witness there would be fewer turns)."""
    from dosrules.verify import reach

    def search(rules, n, budget, max_turns, bound):
        if n == 4:
            return {"deck_exhaustion": (5, ["deal: ..."], None), "bonuses.others_draw_timing": (5, ["deal"], None)}, {}
        if n == 3:
            unknown = reach._Unknown("turn 4: canceled")
            unknown.gave_up = (3, "canceled")
            return {"deck_exhaustion": unknown, "bonuses.others_draw_timing": None}, {}
        return {"deck_exhaustion": None, "bonuses.others_draw_timing": None}, {}

    monkeypatch.setattr(reach, "_search", search)
    found = {r.check: r for r in reach.reachable_gaps(load_ruleset("mattel-2018"), Budget())}
    gap = found["gap.deck_exhaustion"]
    assert gap.verdict is SolverVerdict.COUNTEREXAMPLE and gap.data["players"] == 4
    assert gap.data["fewest"] is False and gap.data["unsettled"] == "turn 4: 3 players: canceled"
    assert "not proved the fewest" in gap.witness
    assert found["gap.bonuses.others_draw_timing"].data["fewest"] is True
