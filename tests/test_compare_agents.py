"""Agents are not seats: mixed policies rotate seats, each agent's win share is reported, and seat
fairness compares only seats that hold the same agent."""

import json

import numpy as np
import pytest

from dosrules.cli import main
from dosrules.comparison.runner import chunk_key
from dosrules.comparison.stats import even_split, same_agent_seats
from dosrules.play.simulate import ChunkSpec, combine, run_chunk, run_chunks, seat_agents

MIXED = "greedy,random,random,random"


def test_the_greedy_bot_is_not_read_as_a_dealer_advantage(tmp_path, capsys):
    """The case of issue 25: the greedy bot wins, the previous winner deals, and the old seat test
    blamed the dealer seat. Rounds as written (--no-fill) keep the test fast; the seat logic is the same."""
    code = main(["compare", "mattel-2018", "german~mattel-2018", "--games", "40",  # 4 players: one per agent
                 "--chunk-games", "10", "--policy", MIXED, "--no-witnesses", "--no-fill", "--jobs", "1",
                 "--json", "--db", str(tmp_path / "r.sqlite")])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["settings"]["seats"] == "rotate" and doc["settings"]["players"] == [4]
    for cell in doc["simulation"]:  # the old test, on every seat: the dealer seat is blamed
        seats = cell["summary"]["winner_seat_from_dealer"]
        counts = [seats.get(str(k), {}).get("count", 0) for k in range(4)]
        assert even_split(counts, 0.02).p < 0.001 and counts[0] == max(counts)
    assert {r["ruleset"] for r in doc["seat_fairness"]} == {"mattel-2018", "german~mattel-2018"}
    assert all(r["basis"] == "same-agent seats" and r["verdict"] != "uneven" for r in doc["seat_fairness"])
    assert not any("not even" in s for s in doc["headline"])
    for row in doc["agents"]:
        greedy = next(a for a in row["agents"] if a["agent"] == "greedy")
        assert greedy["seats"] == 1 and greedy["fair"] == 0.25
        assert greedy["rounds"]["ci95"][0] > 0.25 and greedy["games"]["ci95"][0] > 0.25
    (sentence,) = [s for s in doc["headline"] if s.startswith("Agents: greedy (1 of 4 seats) wins ")]
    assert "against 25% if the agents played alike" in sentence
    from dosrules.comparison import render_html, render_text
    from dosrules.comparison.plots import comparison_plots

    specs = [r["spec"] for r in doc["rulesets"]]
    data = {(c["ruleset"], c["players"]): c["summary"] for c in doc["simulation"]}
    plots = comparison_plots(data, specs, [4], doc["effects"]["tests"], doc["seat_fairness"])
    assert "among seats holding the same agent" in plots["seat-win-rates"]
    html, text = render_html(doc, plots), render_text(doc)
    assert "compared only among those that hold the same agent" in html and "<h3>Agents</h3>" in html
    assert "Agents: share of the scored rounds and of the games each agent wins" in text
    assert max(map(len, text.splitlines())) <= 100


def test_rotation_seats_each_agent_in_each_seat_equally_often():
    seen = {s: {a: 0 for a in ("greedy", "random")} for s in range(4)}
    for index in range(4):  # four chunks of ten games, as the command plans them
        for game in range(10):
            for seat, agent in enumerate(seat_agents(MIXED, 4, (index + game) % 4)):
                seen[seat][agent] += 1
    assert all(counts == {"greedy": 10, "random": 30} for counts in seen.values())


def test_rotated_and_fixed_runs_are_stored_apart_and_differ():
    def spec(policy, seats):
        return ChunkSpec("mattel-2018", 4, policy, 1, 0, games=4, seats=seats)

    assert chunk_key(spec(MIXED, "rotate"), "v") != chunk_key(spec(MIXED, "fixed"), "v")
    assert chunk_key(spec("greedy", "rotate"), "v") == chunk_key(spec("greedy", "fixed"), "v")  # nothing moves
    rotated, fixed = run_chunk(spec(MIXED, "rotate")), run_chunk(spec(MIXED, "fixed"))
    assert rotated.numbers()["policy_games"] and rotated.numbers() != fixed.numbers()
    assert run_chunk(spec(MIXED, "rotate")).numbers() == rotated.numbers()  # reproducible
    chunks = [ChunkSpec("mattel-2018", 4, MIXED, 1, i, games=2) for i in range(3)]
    one, two = run_chunks(chunks, jobs=1), run_chunks(chunks, jobs=2)
    assert [r.numbers() for r in one] == [r.numbers() for r in two]  # whatever --jobs
    policies = combine([rotated]).to_json()["policies"]
    assert policies["seats"] == "rotate" and [a["agent"] for a in policies["agents"]] == ["greedy", "random"]
    assert sum(a["games"]["count"] for a in policies["agents"]) == rotated.games
    with pytest.raises(ValueError):
        ChunkSpec("mattel-2018", 4, MIXED, 1, 0, games=4, seats="shuffled")


def _shared(rounds, seat_bias=None, seed=0):
    """Synthetic rounds of four seats: in each, a random set of m seats holds the winner's agent
    and one of them wins (uniformly, or weighted by ``seat_bias``), as the tally counts them."""
    rng = np.random.default_rng(seed)
    wins, held, pairs = {}, {}, {}
    for _ in range(rounds):
        m = int(rng.integers(2, 5))
        same = sorted(rng.choice(4, size=m, replace=False).tolist())
        w = np.ones(m) if seat_bias is None else np.array([seat_bias[k] for k in same])
        winner = same[int(rng.choice(m, p=w / w.sum()))]
        wins[str(winner)] = wins.get(str(winner), 0) + 1
        for k in same:
            held[f"{k}/{m}"] = held.get(f"{k}/{m}", 0) + 1
            for j in same:
                if j != k:
                    pairs[f"{k},{j}/{m}"] = pairs.get(f"{k},{j}/{m}", 0) + 1
    return wins, held, pairs


def test_the_same_agent_test_is_the_chi_square_when_every_seat_holds_one_agent():
    counts = [130, 95, 101, 74]
    n = sum(counts)
    wins = {str(k): c for k, c in enumerate(counts)}
    held = {f"{k}/4": n for k in range(4)}
    pairs = {f"{k},{j}/4": n for k in range(4) for j in range(4) if j != k}
    mine, plain = same_agent_seats(wins, held, pairs, 4, 0.02), even_split(counts, 0.02)
    assert mine.chi2 == pytest.approx(plain.chi2) and mine.p == pytest.approx(plain.p)
    assert mine.shares == pytest.approx(plain.shares)


def test_the_same_agent_test_holds_its_level_and_finds_a_seat_effect():
    rejected = sum(same_agent_seats(*_shared(400, seed=s), 4, 0.02).p < 0.05 for s in range(200))
    assert 2 <= rejected <= 20  # about 5% of 200 under the null
    biased = same_agent_seats(*_shared(2000, seat_bias=[1.5, 1, 1, 1], seed=1), 4, 0.02)
    assert biased.p < 1e-4 and max(range(4), key=lambda k: biased.shares[k]) == 0
    even = same_agent_seats(*_shared(40000, seed=2), 4, 0.02)
    assert even.p_even < 0.05 and all(abs(x - 0.25) < 0.01 for x in even.shares)
