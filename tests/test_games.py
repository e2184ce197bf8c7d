"""Game logs, the referee, and `dosrules play` / `referee`: round trips and the bad-log corpus."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from dosrules.cli import main
from dosrules.play.gamelog import LogError, chance_record, play_game, referee
from dosrules.play.simulate import load

DATA = Path(__file__).parent / "data" / "games"
SHORT = "mattel-2018+target-40"  # target 40: games of one to a few rounds

COMBOS = ["mattel-2018", "mattel-2018+reshuffle", "digest-2017", "german", "mattel-2018+all-wild-row",
          "mattel-2018+all-wild-row-placer", "mattel-2018+all-wild-row-bury", "mattel-2018+two-player"]
AGENTS = [["greedy"], ["random"], ["greedy", "random", "greedy:forget=0.5,catch=0.5", "random"]]


@pytest.fixture(scope="module")
def rulesets():
    return {c: load(f"{c}+target-40", [DATA]) for c in COMBOS}


def _agents(i: int, players: int) -> list[str]:
    pick = AGENTS[i % len(AGENTS)]
    return pick * players if len(pick) == 1 else pick[:players]


def test_round_trip_100_seeded_games(rulesets, tmp_path):
    """play -> log -> referee for 100 games over every shipped edition and house-rule
    composition, 2 to 4 players, greedy, random and forgetful agents."""
    winners = 0
    for i in range(100):
        combo = COMBOS[i % len(COMBOS)]
        players = 2 if "two-player" in combo else 2 + i % 3
        path = tmp_path / f"{i}.jsonl"
        with path.open("w", encoding="utf-8") as log:
            state = play_game(rulesets[combo], players, seed=i, agent_specs=_agents(i, players),
                              max_rounds=6, log=log)
        verdict = referee(path, rulesets[combo])
        assert verdict.actions == len(state.history) > 0
        assert verdict.scores == tuple(state.scores) and verdict.winner == state.winner
        assert verdict.rounds == state.round
        winners += state.winner is not None
    assert winners >= 45  # about half the games are won within 6 rounds at target 40 (49-50 seen)


def test_log_records_and_flush(rulesets):
    out = io.StringIO()
    state = play_game(rulesets["mattel-2018"], 3, 7, ["greedy"] * 3, log=out)
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    head, result = records[0], records[-1]
    actions = [r for r in records[1:-1] if r["type"] == "action"]
    chance = [r for r in records[1:-1] if r["type"] == "chance"]
    assert len(actions) + len(chance) == len(records) - 2
    assert head["type"] == "header" and head["format"] == "dosrules-game-log" and head["version"] == 2
    assert head["ruleset"] == "mattel-2018+target-40" and head["ruleset_hash"].startswith("sha256:")
    assert (head["seed"], head["players"], len(head["agents"])) == (7, 3, 3)
    assert [r["seq"] for r in actions] == list(range(1, len(state.history) + 1))
    assert [r["action"] for r in actions] == [str(a) for a in state.history]
    # every chance event of the game, in order, each right after the action that caused it
    assert [(r["event"], r["after"]) for r in chance][:2] == [("dealer", 0), ("dealt", 0)]
    assert [{k: v for k, v in r.items() if k != "after"} for r in chance] == \
        [{k: v for k, v in chance_record(0, e).items() if k != "after"} for e in state.events if e.is_chance()]
    seq = 0
    for r in records[1:-1]:
        if r["type"] == "action":
            seq = r["seq"]
        else:
            assert r["after"] == seq
    deal = chance[1]
    assert len(deal["hands"]) == 3 and all(len(h) == 7 for h in deal["hands"]) and len(deal["row"]) == 2
    assert {r["event"] for r in chance} >= {"drew", "refilled"}
    assert result == {"type": "result", "actions": len(state.history), "rounds": state.round,
                      "scores": list(state.scores), "winner": state.winner,
                      "reason": f"seat {state.winner} reached 40"}


def test_same_seed_same_game(rulesets):
    logs = []
    for _ in range(2):
        out = io.StringIO()
        play_game(rulesets["german"], 4, 11, ["random"] * 4, max_rounds=3, log=out)
        logs.append(out.getvalue())
    assert logs[0] == logs[1]


# --- the bad-log corpus -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def chance_log(rulesets) -> list[str]:
    """A finished game's log lines as this dosrules writes them (version 2: with chance records)."""
    out = io.StringIO()
    play_game(rulesets["mattel-2018"], 3, 7, ["greedy"] * 3, log=out)
    return out.getvalue().splitlines()


@pytest.fixture(scope="module")
def good(chance_log) -> list[str]:
    """The same game's log as version 1 wrote it (header, actions, result: no chance records), at
    least 8 actions: the corpus below edits actions by line number."""
    header = {k: v for k, v in json.loads(chance_log[0]).items() if k not in ("ruleset_file", "ruleset_name")}
    lines = [_edit(json.dumps(header), version=1)] + [line for line in chance_log[1:] if '"type": "chance"' not in line]
    assert len(lines) >= 10
    return lines


def _edit(line: str, **changes) -> str:
    rec = json.loads(line)
    rec.update(changes)
    return json.dumps(rec)


def _drop(line: str, key: str) -> str:
    rec = json.loads(line)
    del rec[key]
    return json.dumps(rec)


def _bad_cases(g: list[str]):
    """(name, lines or raw text, expected line, expected message start)."""
    n = len(g)  # the result is line n; the last action is line n - 1, seq n - 2
    last_seq = n - 2
    a3 = json.loads(g[3])
    yield "empty", "", None, "the game log is empty: no header"
    yield "truncated last line", "\n".join(g[:-1]) + "\n" + g[-1][:25], n, "the record is cut short (truncated line)"
    yield "truncated middle line", [*g[:4], g[4][:30], *g[5:]], 5, "the record is cut short (truncated line)"
    yield "invalid JSON", [*g[:2], '{"type": "action", seq: 2}', *g[3:]], 3, \
        "not valid JSON: Expecting property name enclosed in double quotes at column 20"
    yield "not an object", [*g[:2], "[1, 2]", *g[3:]], 3, "a record is a JSON object, not list"
    yield "empty line", [*g[:2], "", *g[2:]], 3, "empty line"
    yield "seq as text", [*g[:3], _edit(g[3], seq="3"), *g[4:]], 4, \
        "'seq' of the action record is \"3\", which is not a whole number"
    yield "seat as bool", [*g[:3], _edit(g[3], seat=True), *g[4:]], 4, \
        "'seat' of the action record is true, which is not a whole number"
    yield "seed as text", [_edit(g[0], seed="7"), *g[1:]], 1, \
        "'seed' of the header record is \"7\", which is not a whole number"
    yield "no action field", [*g[:3], _drop(g[3], "action"), *g[4:]], 4, "the action record has no 'action' field"
    yield "unknown action", [*g[:3], _edit(g[3], action="frobnicate 7r"), *g[4:]], 4, \
        "seq 3: unknown action: 'frobnicate 7r' is not an action"
    yield "bad card", [*g[:3], _edit(g[3], action="place 11r"), *g[4:]], 4, "seq 3: unknown action: 'place 11r'"
    yield "illegal action", [*g[:1], _edit(g[1], action="place 5r"), *g[2:]], 2, \
        "seq 1: illegal action 'place 5r' for seat"
    yield "wrong seat", [*g[:3], _edit(g[3], seat=(a3["seat"] + 1) % 3), *g[4:]], 4, \
        f"seq 3: seat {(a3['seat'] + 1) % 3} acts ('{a3['action']}'), but seat {a3['seat']} is to act in round 1"
    yield "wrong round", [*g[:3], _edit(g[3], round=2), *g[4:]], 4, \
        "seq 3: the record says round 2, but the replay is in round 1"
    yield "hash mismatch", [_edit(g[0], ruleset_hash="sha256:" + "0" * 64), *g[1:]], 1, \
        "the log was played under ruleset hash sha256:0000"
    yield "unknown ruleset", [_edit(g[0], ruleset="no-such-ruleset"), *g[1:]], 1, \
        "cannot load the log's ruleset 'no-such-ruleset': no ruleset "  # the loader words the rest
    yield "bad format", [_edit(g[0], format="uno-log"), *g[1:]], 1, "format 'uno-log' is not 'dosrules-game-log'"
    yield "bad version", [_edit(g[0], version=3), *g[1:]], 1, "log format version 3 is not supported"
    yield "missing header", g[1:], 1, "the first record is an action record, not the header"
    yield "untyped first record", ['{"seq": 1}', *g[1:]], 1, \
        "the first record is a record without a 'type' field, not the header"
    yield "second header", [*g[:3], g[0], *g[3:]], 4, "a second header record"
    yield "unknown record type", [*g[:3], '{"type": "comment", "text": "hi"}', *g[3:]], 4, \
        'unknown record type "comment"'
    yield "chance record in a version 1 log", [*g[:1], '{"type": "chance", "after": 0, "event": "dealt"}', *g[1:]], \
        2, "a chance record in a version 1 log"
    yield "missing record", [*g[:4], *g[5:]], 5, "seq 5 follows seq 3: seq 4 missing or out of order"
    yield "missing records", [*g[:4], *g[7:]], 5, "seq 7 follows seq 3: seq 4 to 6 missing or out of order"
    yield "reordered records", [*g[:3], g[4], g[3], *g[5:]], 4, "seq 4 follows seq 2: seq 3 missing or out of order"
    yield "repeated record", [*g[:4], g[3], *g[4:]], 5, "seq 3 comes after seq 3: records are repeated or out of order"
    yield "negated seed", [_edit(g[0], seed=-json.loads(g[0])["seed"]), *g[1:]], 1, \
        "'seed' of the header record is -7, which is not a whole number of at least 0"
    yield "result too early", [*g[:-2], g[-1]], n - 1, \
        f"result record after seq {last_seq - 1}, but the game is not over"
    yield "action after game over", [*g[:-1], _edit(g[-2], seq=last_seq + 1), g[-1]], n, \
        f"seq {last_seq + 1}: the game is already over"
    res = json.loads(g[-1])
    wrong = [s + 1 for s in res["scores"]]
    yield "result not reproduced", [*g[:-1], _edit(g[-1], scores=wrong)], n, \
        f"result not reproduced: the log says scores {json.dumps(wrong)}, the replay gives {json.dumps(res['scores'])}"
    yield "record after result", [*g, g[-2]], n + 1, "a record after the result record"
    yield "result scores as text", [*g[:-1], _edit(g[-1], scores="0,0,48")], n, \
        "'scores' of the result record is \"0,0,48\", which is not a list"


def _corpus(good):
    return list(_bad_cases(good))


def test_corpus_is_complete(good):
    assert len(_corpus(good)) == 34


@pytest.mark.parametrize("index", range(34))
def test_bad_log(index, good, tmp_path, rulesets):
    name, content, line, message = _corpus(good)[index]
    path = tmp_path / "bad.jsonl"
    path.write_text(content if isinstance(content, str) else "\n".join(content) + "\n", encoding="utf-8")
    with pytest.raises(LogError) as err:
        referee(path, None, [DATA])
    where = str(err.value.where)
    assert where == (f"{path}:{line}" if line else str(path)), name
    assert err.value.what.startswith(message), (name, err.value.what)


def test_a_version_1_log_is_refereed_from_its_seed(good, tmp_path):
    path = tmp_path / "v1.jsonl"
    path.write_text("\n".join(good) + "\n", encoding="utf-8")
    verdict = referee(path, None, [DATA])
    assert verdict.chance is None and str(verdict).endswith("; no chance records (a version 1 log: checked from its seed)")


def test_an_unfinished_game_is_checked_up_to_where_it_stops(chance_log, good, tmp_path):
    """A log without its result record (a game stopped, or still going) is checked as far as it
    goes, and the verdict says that it is unfinished; it used to be an error."""
    cut = next(i for i in range(len(chance_log) - 2, 0, -1) if '"type": "action"' in chance_log[i])
    for name, lines in (("v2", chance_log[:cut + 1]), ("v1", good[:-1])):
        path = tmp_path / f"{name}.jsonl"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        verdict = referee(path, None, [DATA])
        seq = json.loads(lines[-1])["seq"]
        assert verdict.unfinished is not None and verdict.actions == seq, name
        assert str(verdict).startswith(f"unfinished game, checked up to where the log stops: all {seq} actions legal")
    bad = [*chance_log[:3], _edit(chance_log[3], action="place 5r"), *chance_log[4:cut + 1]]
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(bad) + "\n", encoding="utf-8")
    with pytest.raises(LogError):  # an illegal action is still an error
        referee(path, None, [DATA])


def test_a_game_played_with_a_ruleset_file_carries_it(tmp_path, monkeypatch, capsys):
    """The log of a game under a ruleset file holds the resolved ruleset, so the referee needs no
    file: it used to say "no ruleset with the id 'family'". The carried ruleset must hash to the
    header's hash, and it is read with the loader's checks."""
    monkeypatch.chdir(tmp_path)
    family = tmp_path / "rules" / "family.yaml"
    family.parent.mkdir()
    family.write_text((DATA / "target-40.yaml").read_text(encoding="utf-8").replace("target-40", "family")
                      + "extends: mattel-2018\n", encoding="utf-8")
    assert main(["play", str(family), "--players", "2", "--quiet", "--log", "g.jsonl"]) == 0
    family.unlink()  # the referee needs nothing but the log
    capsys.readouterr()
    assert main(["referee", "g.jsonl"]) == 0
    assert "result reproduced" in capsys.readouterr().out and "under the ruleset the log carries" in \
        str(referee(tmp_path / "g.jsonl"))
    lines = (tmp_path / "g.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["ruleset"] == "mattel-2018+family" and "target: 40" in header["ruleset_file"]
    for name, edit, message in (
            ("edited", {"ruleset_file": header["ruleset_file"].replace("target: 40", "target: 41")},
             "the ruleset the log carries has hash sha256:"),
            ("invalid", {"ruleset_file": header["ruleset_file"].replace("target: 40", "target: 10000000")},
             "the ruleset the log carries is not a valid ruleset: 10000000 is more than the maximum of 2000"),
            ("not text", {"ruleset_file": 7}, "the header's 'ruleset_file' and 'ruleset_name' are not both text")):
        path = tmp_path / f"{name}.jsonl"
        path.write_text("\n".join([json.dumps({**header, **edit}), *lines[1:]]) + "\n", encoding="utf-8")
        with pytest.raises(LogError) as err:
            referee(path)
        assert err.value.what.startswith(message), (name, err.value.what)
    # a shipped ruleset is not carried: its id gives it
    out = io.StringIO()
    play_game(load("mattel-2018"), 2, 1, ["greedy"] * 2, log=out, max_rounds=1)
    assert "ruleset_file" not in json.loads(out.getvalue().splitlines()[0])


# --- chance records (version 2) ----------------------------------------------------------------------

def _chance_cases(g: list[str]):
    """(name, lines, expected line, expected message start) for edits of a version 2 log's chance records."""
    records = [json.loads(line) for line in g]
    kinds = [r.get("event") for r in records]
    # a chance record alone between two actions (a refill at the end of a turn)
    lone = next(i for i in range(2, len(g) - 1) if records[i]["type"] == "chance"
                and records[i - 1]["type"] == records[i + 1]["type"] == "action")
    after = records[lone]["after"]
    deal = kinds.index("dealt")  # the first round's deal, right after the header and the dealer's draw
    drew = kinds.index("drew")
    d = json.loads(g[deal])
    hand = d["hands"][1]
    other = next(c for c in ("1r", "2r", "3b") if c != hand[0])
    yield "deal: a hand", [*g[:deal], _edit(g[deal], hands=[d["hands"][0], [other, *hand[1:]], *d["hands"][2:]]),
                           *g[deal + 1:]], deal + 1, \
        f'the deal after seq 0 disagrees with the replay: the log says hands[1][0] "{other}", the replay gives "{hand[0]}"'
    yield "deal: the row", [*g[:deal], _edit(g[deal], row=d["row"][::-1]), *g[deal + 1:]], deal + 1, \
        "the deal after seq 0 disagrees with the replay: the log says row[0]"
    yield "deal: the dealer", [*g[:deal], _edit(g[deal], dealer=(d["dealer"] + 1) % 3), *g[deal + 1:]], deal + 1, \
        f"the deal after seq 0 disagrees with the replay: the log says dealer {(d['dealer'] + 1) % 3}, the replay gives {d['dealer']}"
    w = json.loads(g[drew])
    yield "drawn cards", [*g[:drew], _edit(g[drew], cards=["W2" if w["cards"][0] != "W2" else "1r"]), *g[drew + 1:]], \
        drew + 1, f"the drew chance record after seq {w['after']} disagrees with the replay: the log says cards[0]"
    yield "a number as a bool", [*g[:deal], _edit(g[deal], hand_size=True), *g[deal + 1:]], deal + 1, \
        "the deal after seq 0 disagrees with the replay: the log says hand_size true, the replay gives 7"
    yield "missing chance record", [*g[:lone], *g[lone + 1:]], lone + 1, \
        f"a chance record is missing after seq {after}: the replay decides "
    yield "missing chance record of two", [*g[:drew], *g[drew + 1:]], drew + 1, \
        f"the drew chance record after seq {w['after']} disagrees with the replay: the log says seat"
    yield "extra chance record", [*g[:lone + 1], g[lone], *g[lone + 1:]], lone + 2, \
        f"a chance record after seq {after}, but the replay decides nothing more by chance there"
    yield "chance record out of place", [*g[:lone - 1], g[lone], g[lone - 1], *g[lone + 1:]], lone, \
        f"the chance record says it follows seq {after}, but it stands after seq {after - 1}"
    yield "wrong event", [*g[:deal], _edit(g[deal], event="reshuffled"), *g[deal + 1:]], deal + 1, \
        'the chance record says "reshuffled" after seq 0, but the replay decides round 1: seat'
    yield "unknown field", [*g[:deal], _edit(g[deal], note="hi"), *g[deal + 1:]], deal + 1, \
        'the dealt chance record has a field "note" that a dealt event does not have'
    yield "missing field", [*g[:deal], _drop(g[deal], "hands"), *g[deal + 1:]], deal + 1, "the deal has no 'hands' field"
    yield "after as text", [*g[:deal], _edit(g[deal], after="0"), *g[deal + 1:]], deal + 1, \
        "'after' of the chance record is \"0\", which is not a whole number"


def test_chance_records_are_checked_against_the_replay(chance_log, tmp_path):
    cases = list(_chance_cases(chance_log))
    assert len(cases) == 13
    for name, content, line, message in cases:
        path = tmp_path / "bad.jsonl"
        path.write_text("\n".join(content) + "\n", encoding="utf-8")
        with pytest.raises(LogError) as err:
            referee(path, None, [DATA])
        assert (str(err.value.where), err.value.what[:len(message)]) == (f"{path}:{line}", message), name
    path = tmp_path / "good.jsonl"
    path.write_text("\n".join(chance_log) + "\n", encoding="utf-8")
    verdict = referee(path, None, [DATA])
    assert verdict.chance == sum('"type": "chance"' in line for line in chance_log) >= 10
    assert str(verdict).endswith(f"; {verdict.chance} chance records agree")


def test_a_writer_given_only_actions_writes_the_chance_records_too(rulesets):
    """The human table writes the header, each action before applying it, and the result, and no
    chance records itself: the writer takes them from the game's events, and the log is the same
    as play_game's (which writes them as soon as each action is applied)."""
    from dosrules.engine import new_game
    from dosrules.play.agents import parse_agent_spec
    from dosrules.play.gamelog import LogWriter
    from dosrules.play.simulate import derive_seed

    ruleset, seed, specs = rulesets["mattel-2018+reshuffle"], 3, ["greedy", "random", "greedy"]
    expected = io.StringIO()
    play_game(ruleset, 3, seed, specs, max_rounds=3, log=expected)
    seeds = [derive_seed(seed, "agent", s) for s in range(3)]
    agents = [parse_agent_spec(spec, s) for spec, s in zip(specs, seeds)]
    out = io.StringIO()
    state = new_game(ruleset, 3, seed, max_rounds=3, max_turns=1000)
    writer = LogWriter(out)
    writer.header(state, list(zip(specs, seeds)))
    while not state.is_terminal():
        seat = state.current_player()
        action = agents[seat].act(state)
        writer.action(len(state.history) + 1, state.round, seat, action)
        state.apply(action)
    writer.result(state)
    assert out.getvalue() == expected.getvalue() and '"type": "chance"' in out.getvalue()


def test_illegal_action_names_the_rule(good, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([good[0], _edit(good[1], action="place 5r"), *good[2:]]) + "\n")
    with pytest.raises(LogError) as err:
        referee(path, None, [DATA])
    assert "(drawing.after_failed_draw: 000 " in err.value.what  # the rule path and its citation


def test_not_utf8(tmp_path, good):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(("\n".join(good[:3]) + "\n").encode() + b'{"type": "action\xff"}\n')
    with pytest.raises(LogError) as err:
        referee(path, None, [DATA])
    assert (err.value.where.line, err.value.what) == (4, "this line is not UTF-8 text")


# --- the commands -------------------------------------------------------------------------------------

def test_play_and_referee_commands(tmp_path, capsys):
    log = tmp_path / "game.jsonl"
    assert main(["play", SHORT, "--players", "3", "--seed", "5", "--agents", "greedy,random,greedy",
                 "--log", str(log), "--rulesets", str(DATA)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("mattel-2018+target-40, 3 players, seed 5; seat 0: greedy, seat 1: random, seat 2: greedy")
    assert "\nRound 1: seat " in out and "\n  seat " in out and "game over (" in out
    assert main(["referee", str(log), "--rulesets", str(DATA)]) == 0
    verdict = capsys.readouterr().out
    actions = sum('"type": "action"' in line for line in log.read_text().splitlines())
    assert verdict.startswith(f"{log}: all {actions} actions legal, result reproduced: seat ")


def test_referee_command_reports_error_exit_1(tmp_path, capsys, good):
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(good[:5]) + "\n" + good[5][:20])
    assert main(["referee", str(path), "--rulesets", str(DATA)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:6: the record is cut short (truncated line).")
    assert "Traceback" not in err


def test_referee_with_other_ruleset_is_a_hash_error(tmp_path, capsys, good):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(good) + "\n")
    assert main(["referee", str(path), "--ruleset", "mattel-2018"]) == 1
    assert "the log was played under ruleset hash" in capsys.readouterr().err


def test_referee_missing_file(capsys, tmp_path):
    assert main(["referee", str(tmp_path / "nope.jsonl")]) == 1
    assert capsys.readouterr().err.startswith(f"no such game log '{tmp_path / 'nope.jsonl'}'")


@pytest.mark.parametrize("argv, message", [
    (["play", "mattel-2018", "--players", "3", "--agents", "greedy,random"],
     "--agents names 2 agents for 3 players"),
    (["play", "mattel-2018", "--players", "3", "--agents", "clever"], "unknown agent 'clever'"),
    (["play", "mattel-2018", "--players", "9"], "--players 9: mattel-2018 is played by 2 to 4 players"),
    (["play", "mattel-2018", "--players", "9" * 23], "--players a number of 23 digits: mattel-2018 is played by"),
    (["play", "mattel-2018", "--players", "2", "--seed", "-7"], "--seed must be at least 0, not -7"),
    (["play", "no-such-ruleset", "--players", "3"], "no ruleset "),
    (["play", "mattel-2018", "--players", "3", "--rounds", "0"], "--rounds must be at least 1, not 0"),
])
def test_play_usage_errors(argv, message, capsys):
    assert main(argv) in (1, 2)
    err = capsys.readouterr().err
    assert err.startswith(message) and "Traceback" not in err
