"""Simulation chunks: determinism whatever the job count, the statistics against a direct count,
the JSON shape of `dosrules simulate`."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from dosrules.cli import main
from dosrules.engine import new_game
from dosrules.play.simulate import (ChunkResult, ChunkSpec, GAME_METRICS, ROUND_METRICS, combine, derive_seed,
                               load, make_agents, plan_chunks, run_chunk, run_chunks)

DATA = Path(__file__).parent / "data" / "games"


def test_plan_chunks_fixed_size():
    specs = plan_chunks("mattel-2018", 4, "greedy", 1, rounds=60, chunk_rounds=25)
    assert [(s.index, s.rounds, s.games) for s in specs] == [(0, 25, None), (1, 25, None), (2, 10, None)]
    specs = plan_chunks("mattel-2018", 4, "random", 1, games=3, chunk_games=2)
    assert [(s.index, s.games) for s in specs] == [(0, 2), (1, 1)]


def test_same_numbers_whatever_the_job_count():
    specs = plan_chunks("mattel-2018+reshuffle", 3, "greedy", 9, rounds=45, chunk_rounds=15)
    one = run_chunks(specs, jobs=1)
    two = run_chunks(specs, jobs=2)
    assert [r.numbers() for r in one] == [r.numbers() for r in two]
    assert combine(one).to_json() == combine(two).to_json()
    assert sum(r.rounds for r in one) == 45


def test_chunk_depends_on_seed_and_index():
    a, b, c = (run_chunk(ChunkSpec("mattel-2018", 3, "greedy", seed, index, rounds=10))
               for seed, index in ((1, 0), (1, 1), (2, 0)))
    assert a.numbers()["round_metrics"] != b.numbers()["round_metrics"]
    assert a.numbers()["round_metrics"] != c.numbers()["round_metrics"]


def test_chunk_result_json_round_trip():
    r = run_chunk(ChunkSpec("german", 3, "random", 1, 0, games=2, max_rounds_per_game=30))
    again = ChunkResult.from_json(json.loads(json.dumps(r.to_json())))
    assert again.numbers() == r.numbers()
    assert combine([again, again]).to_json() == combine([r, r]).to_json()


def test_statistics_match_a_direct_count():
    """The chunk's tallies equal counting the events of the same games played directly."""
    spec = ChunkSpec("mattel-2018+reshuffle", 4, "greedy", 3, 0, games=3)
    res = run_chunk(spec)
    ruleset = load("mattel-2018+reshuffle")
    kinds: Counter = Counter()
    drawn = rounds = 0
    for g in range(3):
        seed = derive_seed(spec.seed, spec.index, g)
        state = new_game(ruleset, 4, seed, max_rounds=spec.max_rounds_per_game)
        agents = make_agents("greedy", 4, [derive_seed(seed, "seat", s) for s in range(4)])
        while not state.is_terminal():
            state.apply(agents[state.current_player()].act(state))
        kinds.update(e.kind for e in state.events)
        drawn += sum(len(e.cards) for e in state.events if e.kind == "drew")
        rounds += state.round
    m = res.round_metrics
    assert res.games == 3 and res.rounds == rounds == kinds["dealt"]
    assert m["turns"].sum == kinds["turn"]
    assert m["cards_drawn"].sum == drawn
    assert m["dos_calls"].sum == kinds["dos-called"]
    assert m["single_colour_bonuses"].sum + m["double_colour_bonuses"].sum == kinds["bonus"]
    assert res.outcomes.get("scored", 0) == kinds["round-scored"] == m["winner_points"].n
    assert sum(res.winner_offset.values()) == kinds["round-scored"]
    assert sum(res.gaps.values()) == res.outcomes.get("void-gap", 0)
    assert res.game_metrics["rounds_per_game"].sum == rounds


def test_won_from_behind_matches_the_hands_as_each_turn_started():
    """A round is won from behind when, as the winner's last turn started, another player held
    fewer cards: the chunk works it out back from the turn's events; here, from the hands read
    off the state as each turn starts, in the same games."""
    spec = ChunkSpec("mattel-2018+reshuffle", 4, "greedy", 5, 0, games=4)
    res = run_chunk(spec)
    ruleset = load(spec.ruleset)
    expected: Counter = Counter()
    for g in range(4):
        seed = derive_seed(spec.seed, spec.index, g)
        state = new_game(ruleset, 4, seed, max_rounds=spec.max_rounds_per_game)
        agents = make_agents("greedy", 4, [derive_seed(seed, "seat", s) for s in range(4)])
        seat, hands = -1, [0] * 4
        for e in state.events:
            if e.kind == "turn":
                seat, hands = e.seat, [len(h) for h in state.hands]
        while not state.is_terminal():
            for e in state.apply(agents[state.current_player()].act(state)):
                if e.kind == "round-scored":
                    w = e.winner
                    expected[str(int(seat == w and any(h < hands[w] for h in hands)))] += 1
                elif e.kind == "turn":
                    seat, hands = e.seat, [len(h) for h in state.hands]
    assert expected["1"] > 0 and expected["0"] > 0
    assert res.design["won_from_behind"] == dict(expected)


@pytest.mark.parametrize("ruleset, players, policy, turn_cap", [
    ("mattel-2018+reshuffle", 4, "greedy", 200), ("german", 3, "random", 200), ("german", 3, "random", 3),
    ("mattel-2018+all-wild-row-placer", 4, "casual", 9), ("digest-2017", 2, "greedy,random", 2),
])
def test_counting_a_round_at_a_time_counts_as_after_every_action(monkeypatch, ruleset, players, policy, turn_cap):
    """Tally.play counts a round's events as it ends; play_stepwise (the situation tally's way)
    after every action: the same numbers, capped rounds included."""
    from dosrules.play.tally import Tally

    specs = [ChunkSpec(ruleset, players, policy, 3, index, rounds=30, turn_cap=turn_cap) for index in (0, 1)]
    at_round_ends = [run_chunk(spec).numbers() for spec in specs]
    monkeypatch.setattr(Tally, "play", Tally.play_stepwise)
    assert [run_chunk(spec).numbers() for spec in specs] == at_round_ends


def test_turn_cap_counts_capped_rounds():
    res = run_chunk(ChunkSpec("mattel-2018", 3, "random", 1, 0, rounds=5, turn_cap=2))
    capped = res.outcomes.get("capped", 0)
    assert res.rounds == 5 and capped >= 3
    assert res.round_metrics["turns"].n == 5 - capped
    assert all(int(t) <= 2 for t in res.turns_hist)


def test_games_mode_plays_exactly_n_games():
    res = run_chunk(ChunkSpec("mattel-2018+target-40", 3, "greedy", 1, 0, games=4, search_dirs=(str(DATA),)))
    assert res.games + res.games_stopped == 4 and res.games == 4


def test_changed_ruleset_hash_is_refused():
    with pytest.raises(Exception, match="now has content hash"):
        run_chunk(ChunkSpec("mattel-2018", 3, "greedy", 1, 0, rounds=1, ruleset_hash="sha256:0"))


def _simulate_json(capsys, *extra) -> dict:
    assert main(["simulate", "mattel-2018", "--players", "3", "--rounds", "30", "--seed", "4", "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_json_shape(capsys):
    d = _simulate_json(capsys)
    assert {"ruleset", "ruleset_hash", "players", "policy", "seed", "jobs", "seconds", "rounds_per_sec",
            "rounds", "games", "outcomes", "per_round", "per_game", "rule_gaps", "rule_gaps_by_lot",
            "winner_seat_from_dealer", "turns_histogram", "rounds_per_game_histogram"} <= set(d)
    assert d["rounds"] == 30 and d["rounds_per_sec"] > 0
    assert set(d["per_round"]) == set(ROUND_METRICS) and set(d["per_game"]) == set(GAME_METRICS)
    turns = d["per_round"]["turns"]
    assert set(turns) == {"n", "mean", "sd", "ci95", "min", "max"}
    assert turns["ci95"][0] <= turns["mean"] <= turns["ci95"][1]
    assert sum(v["count"] for v in d["outcomes"].values()) == 30
    assert sum(d["turns_histogram"].values()) == turns["n"]
    assert abs(sum(v["rate"] for v in d["winner_seat_from_dealer"].values()) - 1) < 1e-9


def test_simulate_cli_jobs_do_not_change_numbers(capsys):
    outs = []
    for jobs in ("1", "2"):  # 30 games: two chunks (25 + 5), so --jobs 2 uses two worker processes
        assert main(["simulate", "mattel-2018+target-40", "--rulesets", str(DATA), "--players", "3",
                     "--games", "30", "--seed", "4", "--json", "--jobs", jobs]) == 0
        d = json.loads(capsys.readouterr().out)
        assert d["chunks"] == 2 and d["games"] == 30
        for key in ("seconds", "rounds_per_sec", "jobs"):
            d.pop(key)
        outs.append(d)
    assert outs[0] == outs[1]


def test_simulate_table(capsys):
    assert main(["simulate", "german", "--players", "3", "--games", "1", "--seed", "1", "--policy", "random",
                 "--no-fill"]) == 0
    out = capsys.readouterr().out
    assert "per round" in out and "turns" in out and "rule gaps (share of rounds):" in out
    assert "with its silences filled" not in out


def test_simulate_summarises_the_ruleset_filled_when_gaps_void_many_rounds(capsys):
    assert main(["simulate", "german", "--players", "3", "--rounds", "60", "--seed", "1", "--policy", "random",
                 "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    written, filling = d["as_written"], d["filling"]
    assert written["ruleset"] == "german" and written["void_share"] > 0.05 and written["rule_gaps"]
    assert d["ruleset"] == filling["spec"] and filling["spec"].startswith("german~") and filling["readings"]
    assert d["rounds"] == 60 and d["outcomes"].get("void-gap", {}).get("rate", 0) < written["void_share"]
    assert main(["simulate", "german", "--players", "3", "--rounds", "60", "--seed", "1", "--policy", "random"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("These figures are of german with its silences filled: as written, rule gaps void ")
    assert max(map(len, out.splitlines()[:12])) <= 100


@pytest.mark.parametrize("argv, message", [
    (["--rounds", "0"], "--rounds must be at least 1, not 0"),
    (["--rounds", "5", "--jobs", "0"], "--jobs must be at least 1, not 0"),
    (["--rounds", "5", "--policy", "clever"], "unknown agent 'clever'"),
    (["--rounds", "5", "--players", "7"], "mattel-2018 is played by"),
])
def test_simulate_usage_errors(argv, message, capsys):
    args = ["simulate", "mattel-2018", "--players", "3", *argv]
    if argv.count("--players") == 1:
        args = ["simulate", "mattel-2018", *argv]
    assert main(args) in (1, 2)
    assert capsys.readouterr().err.startswith(message)
