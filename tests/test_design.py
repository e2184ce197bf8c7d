"""The design measures (docs/compare.md): the course of a game computed by hand, and cases whose
answer is known: identical agents show no skill, greedy among random players does, a ruleset
built to favour the first player shows up as unfair."""

import json
from pathlib import Path

import pytest

from dosrules.cli import main
from dosrules.comparison.design import compare_measure, profile, quantile, skill_of
from dosrules.comparison.stats import two_proportions
from dosrules.play.course import course_of, observe_game
from dosrules.play.simulate import combine, plan_chunks, run_chunks

RULESETS = str(Path(__file__).parent / "rulesets")


def test_the_course_of_a_game_by_hand():
    # 3 players; round 3 void (no entry). Sole leaders: 0, 1, 2, 0, 0 -> three lead changes; the
    # winner (0) was behind by 10 after round 2 and by 30 after round 4; it leads alone from round 5
    ends = [(1, (50, 0, 0)), (2, (50, 60, 0)), (4, (50, 60, 80)), (5, (130, 60, 80)), (6, (230, 60, 80))]
    c = course_of(ends, winner=0, rounds=6)
    assert (c.lead_changes, c.deficit, c.lead_from) == (3, 30, 5)
    # a tie at the top keeps the last sole leader; the last round end counts for no deficit
    c = course_of([(1, (0, 30)), (2, (30, 30)), (3, (230, 30))], winner=0, rounds=3)
    assert (c.lead_changes, c.deficit, c.lead_from) == (1, 30, 3)
    # a winner who led from the first round: no change, never behind, settled at round 1
    c = course_of([(1, (40, 0)), (2, (90, 10)), (3, (210, 10))], winner=0, rounds=4)
    assert (c.lead_changes, c.deficit, c.lead_from) == (0, 0, 1)


def test_observe_game_fills_the_histograms_and_profile_reads_them():
    design: dict = {}
    observe_game(design, [(1, (50, 0, 0)), (2, (50, 60, 0)), (3, (250, 60, 0))], 0, 3, first_dealer=2,
                 first_player=0, players=3)
    observe_game(design, [(1, (0, 0, 210))], 2, 1, first_dealer=1, first_player=2, players=3)
    assert design["lead_changes"] == {"2": 1, "0": 1} and design["winner_deficit"] == {"10": 1, "0": 1}
    assert design["lead_for_good"] == {"3/3": 1, "1/1": 1} and design["winner_seat"] == {"0": 1, "2": 1}
    assert design["winner_from_first_dealer"] == {"1": 2} and design["winner_from_first_player"] == {"0": 2}
    summary = {"course": {**design, "won_from_behind": {"1": 1, "0": 3}},
               "rounds_per_game_histogram": {"3": 1, "1": 1}, "turns_histogram": {"5": 3, "9": 1}}
    p = profile(summary, 3, identical=True)
    assert p["comebacks"]["value"] == 0.5 and p["comeback_deficit"]["value"] == 10
    assert p["lead_changes"]["value"] == 1.0
    assert p["lead_settled"]["value"] == pytest.approx(((3 - 1) / 3 + 0) / 2)
    assert p["one_turn_rounds"]["value"] == 0.25
    assert p["first_player_edge"]["value"] == pytest.approx(1 - 1 / 3)
    assert p["dealer_edge"]["value"] == pytest.approx(-1 / 3)
    assert p["turns_median"]["value"] == 5 and p["turns_median"]["p90"]["value"] == 9
    assert p["skill"]["value"] is None and "--skill none" in p["skill"]["note"]
    mixed = profile(summary, 3, identical=False)
    assert mixed["seat_spread"]["value"] is None and "same agent" in mixed["seat_spread"]["note"]


def test_quantile_interval_brackets_the_median():
    q = quantile({str(k): 10 for k in range(1, 11)}, 0.5)  # 100 observations, 1..10
    assert q["value"] == 5 and q["ci95"][0] <= 5 <= q["ci95"][1] and q["ci95"][1] - q["ci95"][0] <= 3


def test_skill_is_recycles_order_and_its_test_is_the_proportions():
    a = skill_of([(0, {"games": 50, "course": {"winner_seat": {"0": 30}}}),
                  (1, {"games": 50, "course": {"winner_seat": {"1": 20}}})], 2)
    assert a["value"] == pytest.approx((0.5 - 0.5) / 0.5) and a["ci95"][0] < 0 < a["ci95"][1]
    b = skill_of([(s, {"games": 50, "course": {"winner_seat": {str(s): 40}}}) for s in range(2)], 2)
    assert b["value"] == pytest.approx((0.8 - 0.5) / 0.5)
    result, tost = compare_measure(a, b, 0.05)
    plain = two_proportions(50, 100, 80, 100)
    assert result.p == pytest.approx(plain.p) and result.difference == pytest.approx(2 * plain.difference)
    assert result.ci95[0] == pytest.approx(2 * plain.ci95[0]) and tost.p > 0.5


def _skill(strong: str, weak: str, ruleset: str, players: int, games: int):
    runs = []
    for seat in range(players):
        policy = ",".join(strong if k == seat else weak for k in range(players))
        specs = plan_chunks(ruleset, players, policy, 7, games=games // players, search_dirs=[RULESETS], seats="fixed")
        runs.append((seat, combine(run_chunks(specs)).to_json()))
    return skill_of(runs, players)


def test_identical_agents_show_no_skill_and_greedy_among_random_does():
    same = _skill("greedy", "greedy", "test-gapless", 2, 200)
    assert same["ci95"][0] < 0 < same["ci95"][1]
    better = _skill("greedy", "random", "test-gapless", 2, 100)
    assert better["ci95"][0] > 0.3  # greedy wins far more than half its games against random play


def test_a_ruleset_that_favours_the_first_player_is_unfair_and_a_fair_one_is_not_said_to_be():
    def fairness(ruleset):
        s = combine(run_chunks(plan_chunks(ruleset, 4, "greedy", 3, games=200, search_dirs=[RULESETS]))).to_json()
        return profile(s, 4, identical=True)
    unfair = fairness("test-first-seat")  # one card each, the dealer plays first, one round a game
    assert unfair["first_player_edge"]["ci95"][0] > 0.3 and unfair["seat_spread"]["p_uneven"] < 1e-6
    fair = fairness("test-gapless")
    assert fair["first_player_edge"]["ci95"][0] < 0 < fair["first_player_edge"]["ci95"][1]
    assert fair["seat_spread"]["p_uneven"] > 0.01


def test_compare_reports_the_design_profile_in_text_json_and_html(tmp_path, capsys):
    base = ["compare", "test-gapless", "test-first-seat", "--rulesets", RULESETS, "--players", "4",
            "--games", "60", "--skill-games", "40", "--jobs", "1", "--no-witnesses", "--db", str(tmp_path / "r.db")]
    assert main([*base, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["settings"]["skill"] == {"strong": "greedy", "weak": "casual", "games": 40}
    rows = {r["measure"]: r for r in doc["design"]["profiles"][0]["rows"]}
    assert rows["first_player_edge"]["cells"][1]["value"] > 0.3
    assert rows["first_player_edge"]["against_baseline"][0]["significant"]
    assert all(c["n"] == 40 for c in rows["skill"]["cells"])  # 10 games with greedy in each seat
    assert any(s.startswith("As a game, under test-first-seat") and "first player wins" in s for s in doc["headline"])
    assert any(t["family"] == "design" for t in doc["effects"]["tests"])
    html = tmp_path / "r.html"
    assert main([*base, "--html", str(html)]) == 0
    text = capsys.readouterr().out
    assert "Design profile" in text and "first player's edge" in text
    assert max(len(line) for line in text.splitlines()) <= 100
    page = html.read_text()
    assert "<h2>Design profile</h2>" in page and page.count("<svg") >= 5
    assert main([*base, "--skill", "none", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["settings"]["skill"] is None and doc["run"].get("skill") is None


@pytest.mark.parametrize("value, message", [("greedy", "names 1 agents"), ("greedy,bogus", "unknown agent")])
def test_a_bad_skill_pair_is_one_paragraph(value, message, tmp_path, capsys):
    code = main(["compare", "mattel-2018", "german", "--players", "4", "--rounds", "10", "--skill", value,
                 "--db", str(tmp_path / "r.db")])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err
