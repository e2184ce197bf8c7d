"""Pairwise tests and degenerate flags on synthetic Summary data (no simulation)."""

import math

import pytest

from dosrules.comparison.effects import Thresholds, degenerate_flags, effects


def moments(n, mean, sd):
    half = 1.959964 * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "sd": sd, "ci95": [mean - half, mean + half], "min": 0, "max": 99}


def rate(k, n):
    return {"count": k, "rate": k / n, "ci95": [0, 1]}


def summary(*, rounds=1000, turns=(10.0, 4.0), scored=None, gaps=None, seats=None, capped=0, hist=None):
    gaps = gaps or {}
    void_gap = sum(gaps.values())
    scored = rounds - void_gap - capped if scored is None else scored
    seats = seats or {str(i): scored // 4 + (1 if i < scored % 4 else 0) for i in range(4)}
    outcomes = {"scored": rate(scored, rounds)}
    if void_gap:
        outcomes["void-gap"] = rate(void_gap, rounds)
    if capped:
        outcomes["capped"] = rate(capped, rounds)
    finished = rounds - capped
    return {
        "rounds": rounds, "outcomes": outcomes,
        "per_round": {"turns": moments(finished, *turns), "dos_calls": moments(finished, 2.0, 1.0)},
        "per_game": {"rounds_per_game": moments(100, 7.0, 2.0)},
        "rule_gaps": {k: rate(v, finished) for k, v in gaps.items()},
        "winner_seat_from_dealer": {k: rate(v, scored) for k, v in seats.items()},
        "turns_histogram": hist or {"5": rounds // 2, "12": rounds - rounds // 2},
    }


def find(found, family, metric):
    (e,) = [e for e in found if e.family == family and e.metric == metric]
    return e


def test_a_real_difference_is_significant_and_no_difference_is_not():
    s = {("a", 4): summary(turns=(10.0, 4.0)), ("b", 4): summary(turns=(11.0, 4.0))}
    found = effects(s, ["a", "b"], [4])
    turns = find(found, "per_round", "turns")
    assert turns.test["test"] == "welch-t" and turns.significant
    assert turns.test["difference"] == pytest.approx(1.0)
    calls = find(found, "per_round", "dos_calls")
    assert not calls.significant and calls.test["p"] == pytest.approx(1.0)
    assert all(e.p_holm >= e.test["p"] for e in found)


def test_rates_use_the_two_proportion_test_and_a_missing_gap_counts_as_zero():
    s = {("a", 3): summary(), ("b", 3): summary(gaps={"wilds.wild_dos.row_colour": 120})}
    found = effects(s, ["a", "b"], [3])
    gap = find(found, "rule_gaps", "wilds.wild_dos.row_colour")
    assert gap.test["test"] == "two-proportion-z"
    assert (gap.value_a, gap.value_b) == (0.0, pytest.approx(0.12))
    assert gap.significant
    seat = find(found, "winner_seat_from_dealer", "0")
    assert seat.value_a == pytest.approx(0.25) and seat.value_b == pytest.approx(220 / 880)
    assert not seat.significant


def test_holm_correction_spans_all_pairs_and_player_counts():
    s = {(r, n): summary(turns=(10.0 + (0.45 if r == "c" else 0.0), 4.0)) for r in "abc" for n in (2, 3)}
    found = effects(s, ["a", "b", "c"], [2, 3])
    assert {(e.a, e.b) for e in found} == {("a", "b"), ("a", "c"), ("b", "c")}
    turns = [e for e in found if e.metric == "turns" and e.b == "c"]
    assert all(e.test["p"] < 0.05 for e in turns)  # significant alone ...
    smallest = min(found, key=lambda e: e.test["p"])
    assert smallest.p_holm == pytest.approx(min(1.0, smallest.test["p"] * len(found)))
    assert not any(e.significant for e in turns)  # ... but not after the correction for the family


def test_flags_for_turn_cap_same_ending_and_rule_gaps():
    good = summary()
    capped = summary(capped=5)
    one_way = summary(seats={"1": 1000, "0": 0, "2": 0, "3": 0})
    gappy = summary(gaps={"all_wild_row": 80})
    fixed_length = summary(hist={"7": 1000})
    flags = degenerate_flags({("good", 4): good, ("capped", 4): capped, ("one-way", 4): one_way,
                              ("gappy", 4): gappy, ("fixed", 4): fixed_length})
    kinds = {(f.ruleset, f.kind) for f in flags}
    assert kinds == {("capped", "turn-cap"), ("one-way", "same-ending"), ("gappy", "rule-gaps"),
                     ("fixed", "same-ending")}
    (gap,) = [f for f in flags if f.kind == "rule-gaps"]
    assert gap.value == pytest.approx(0.08) and "all_wild_row" in gap.detail
    (one,) = [f for f in flags if f.ruleset == "one-way"]
    assert "1 seat(s) left of the dealer" in one.detail


def test_flag_thresholds_are_options():
    s = {("gappy", 4): summary(gaps={"all_wild_row": 80}), ("capped", 4): summary(capped=5)}
    assert degenerate_flags(s, Thresholds(gaps=0.1, cap=0.01)) == []
    assert [f.kind for f in degenerate_flags(s, Thresholds(gaps=0.079, cap=0.01))] == ["rule-gaps"]
