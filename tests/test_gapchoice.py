"""A rule gap as a choice for the table (dosrules.play.gapchoice, Table.question / choose): the
question, the readings with who reads them so, the game going on under the reading chosen, and
the log's reading records, which the referee checks.

german leaves many rules open, and greedy play reaches them within a few actions: with four
players and seed 4 the person's second action ('match 9r with 8r+#b=1') reaches the colour of a
Wild # (wilds.wild_number.colour), and a bot's going out later reaches whether the others draw
for a double colour match first; with seed 24 the deal of round 1 lays a Centre Row of only wild
cards (all_wild_row)."""

from __future__ import annotations

import io
import json

import pytest

from dosrules.engine.events import Buried, RuleGap
from dosrules.play.gamelog import LogError, referee
from dosrules.play.gapchoice import fill_at, fill_spec
from dosrules.play.simulate import load
from dosrules.play.table import Table, explain
from dosrules.errors import DosrulesError

from tablekit import FOUR, GapPerson


@pytest.fixture(scope="module")
def german():
    return load("german")


def _records(text: str) -> list[dict]:
    """The log's records but its chance records (the referee checks those; tests/test_games.py)."""
    return [r for r in map(json.loads, text.splitlines()) if r["type"] != "chance"]


def test_the_table_chooses_a_reading_and_play_goes_on(german, tmp_path):
    log = io.StringIO()
    table = Table(german, 4, 4, FOUR, log=log)
    assert table.attempt("match 6g with 1g+5g").ok
    assert table.question is None
    assert table.attempt("match 9r with 8r+#b=1").ok
    q = table.question
    assert (q.path, q.seat, q.action, q.round) == ("wilds.wild_number.colour", 0, "match 9r with 8r+#b=1", 1)
    assert q.what == ("You take 'match 9r with 8r+#b=1', and play reaches it: whether match 9r with 8r+#b=1 "
                      "earns a colour bonus.",
                      "Silent rule: a Wild #'s colour: its printed colour, or one declared like a Wild DOS "
                      "(wilds.wild_number.colour).")
    assert [(o.number, o.reading, o.unavailable) for o in q.options] == [(1, "printed", None), (2, "declared", None)]
    assert ('mattel-2018, stated: 000 §7. The wild cards: "Wild # — counts as any number from 1 to 10, in its own '
            'printed colour."') in q.options[0].chosen_by
    assert q.options[1].chosen_by == ()
    # while the table chooses, nobody moves, the game shows the position the action was taken in
    assert table.person_to_act() is None and table.legal_moves() == []
    assert table.attempt("end").problem == "the table must first choose a reading of the silent rule"
    assert table.view().choosing and table.view().prompt == ("The rules don't say: choose a reading for this "
                                                             "table: 1 to 2, or 0 to leave the rule open.")
    assert len(table.state.history) == 1
    assert [r["type"] for r in _records(log.getvalue())] == ["header", "action"]  # the action waits too
    assert table.choose("3") == ("'3' is not one of the readings of wilds.wild_number.colour: type 1 to 2, a "
                                 "reading, or 0 to leave the rule open")
    assert table.question is q
    table.news()

    assert table.choose("declared") is None
    assert table.question is None and table.readings == [("wilds.wild_number.colour", "declared")]
    assert table.ruleset.id == table.state.ruleset.id == "german~wilds.wild_number.colour=declared"
    # the rules the spec names, as the game prints it at the end: the same id and content hash
    assert table.ruleset.content_hash == load("german~wilds.wild_number.colour=declared").content_hash
    assert [str(a) for a in table.state.history] == ["match 6g with 1g+5g", "match 9r with 8r+#b=1"]
    told = [line.text for line in table.news()]
    assert told[:3] == ["The table reads wilds.wild_number.colour as declared: it holds for the rest of the game.",
                        "You match 9r with 8r+#b=1.",
                        "A double-colour match: you will put 1 card from hand into the Centre Row; every other "
                        "player draws 1."]  # under 'declared' the Wild # took 8r's colour
    person = GapPerson(["1"])
    person.play(table)
    assert [q.path for q in person.asked] == ["going_out.double_colour_draw_before_scoring"]
    assert table.readings[1] == ("going_out.double_colour_draw_before_scoring", "true")
    assert not any(isinstance(e, RuleGap) and e.voids for e in table.state.events)
    assert table.ruleset.content_hash == load(fill_spec("german", table.readings)).content_hash

    records = _records(log.getvalue())
    reading = records[2]
    assert reading == {"type": "reading", "before": 2, "round": 1, "rule": "wilds.wild_number.colour",
                       "reading": "declared", "seat": 0, "action": "match 9r with 8r+#b=1",
                       "ruleset": "german~wilds.wild_number.colour=declared",
                       "ruleset_hash": reading["ruleset_hash"]}
    assert records[3]["seq"] == 2
    path = tmp_path / "game.jsonl"
    path.write_text(log.getvalue(), encoding="utf-8")
    verdict = referee(path)
    assert (verdict.actions, verdict.winner) == (len(table.state.history), table.state.winner)
    lines = log.getvalue().splitlines()  # the chance of the game so far comes before the reading
    kinds = [json.loads(line)["type"] for line in lines]
    assert kinds.index("reading") > kinds.index("action") and kinds[kinds.index("reading") - 1] == "chance"
    assert verdict.chance == kinds.count("chance") > 0


def test_leaving_the_rule_open_voids_the_round_and_is_not_asked_again(german):
    table = Table(german, 4, 4, FOUR, max_rounds=3)
    person = GapPerson(["0"] * 50)
    table.attempt("match 6g with 1g+5g")
    table.attempt("match 9r with 8r+#b=1")
    person.play(table)
    paths = [q.path for q in person.asked]
    assert paths[0] == "wilds.wild_number.colour" and len(paths) == len(set(paths))
    assert table.readings == [] and table.ruleset.id == "german"
    assert table.gaps[0].path == "wilds.wild_number.colour" and table.gaps[0].seq == 2
    voided = [e.path for e in table.state.events if isinstance(e, RuleGap) and e.voids]
    assert voided.count("wilds.wild_number.colour") >= 1 and set(voided) <= set(paths)


def test_a_gap_at_the_deal(german, tmp_path):
    """The first deal lays a Centre Row of only wild cards: the question comes before any move."""
    log = io.StringIO()
    table = Table(german, 4, 24, FOUR, log=log)
    q = table.question
    assert (q.path, q.seat, q.action, q.round) == ("all_wild_row", None, None, 1)
    assert q.what[0] == ("The deal of round 1 reached it: seat 1 starts a turn with a Centre Row of only wild "
                         "cards (W2 #b).")
    assert [o.reading for o in q.options] == ["matcher-declares", "placer-declares", "bury-and-reflip"]
    assert all(o.chosen_by and o.unavailable is None for o in q.options)
    told = [line.text for line in table.news()]
    assert told[-1].startswith("The rules don't say; settled by lot (who plays first")  # the deal, not its void
    assert table.choose("3") is None
    told = [line.text for line in table.news()]
    assert told[:3] == ["The table reads all_wild_row as bury-and-reflip: it holds for the rest of the game.",
                        "A Centre Row of only wild cards is buried: W2 #b.", "The Centre Row is refilled: 8g 4b."]
    assert any(isinstance(e, Buried) for e in table.state.events) and table.state.round == 1
    GapPerson().play(table)
    records = _records(log.getvalue())
    assert records[1] == {"type": "reading", "before": 1, "round": 1, "rule": "all_wild_row",
                          "reading": "bury-and-reflip", "seat": None, "action": None,
                          "ruleset": "german~all_wild_row=bury-and-reflip", "ruleset_hash": records[1]["ruleset_hash"]}
    path = tmp_path / "deal.jsonl"
    path.write_text(log.getvalue(), encoding="utf-8")
    assert referee(path).actions == len(table.state.history)


def test_one_action_reaching_two_silences_and_a_reading_that_would_change_the_past(german, tmp_path):
    """2 players, seed 25: the person's 'match W2 with W2=b' voids round 1 (the row Wild DOS's
    colour, left open), and the deal of round 2 lays only wilds. placer-declares would have
    asked for declarations of the wilds laid before, so the table cannot take it here."""
    log = io.StringIO()
    table = Table(german, 2, 25, ["human", "greedy"], log=log)
    table.attempt("match 10r with 3r+7b")
    table.attempt("match W2 with W2=b")
    assert table.question.path == "wilds.wild_dos.row_colour"
    assert table.choose("0") is None
    q = table.question
    assert (q.path, q.action, q.round) == ("all_wild_row", "match W2 with W2=b", 2)
    placer = q.options[1]
    assert placer.unavailable == ("it would change the game already played: action 1 ('match 10r with 3r+7b') "
                                  "would not be legal: seat 1 must first declare the W2 that entered the Centre "
                                  "Row as a colour, e.g. W2=r")
    assert table.choose("2") == ("the table cannot read all_wild_row as placer-declares here: "
                                 + placer.unavailable)
    assert table.choose("bury-and-reflip") is None
    told = " ".join(line.text for line in table.news())
    assert "round 1 is void" in told and "A Centre Row of only wild cards is buried: #y #r." in told
    GapPerson().play(table)
    records = _records(log.getvalue())
    kinds = [(r["type"], r.get("seq", r.get("before"))) for r in records[:4]]
    assert kinds == [("header", None), ("action", 1), ("reading", 2), ("action", 2)]
    path = tmp_path / "two.jsonl"
    path.write_text(log.getvalue(), encoding="utf-8")
    assert referee(path).actions == len(table.state.history)


def test_a_reading_that_forbids_the_action_asks_for_another(german, tmp_path):
    """Drawing while holding a match reaches drawing.draw_when_match_possible; read as false, the
    draw is not allowed, and the person moves again: the log has the reading, then another move."""
    log = io.StringIO()
    table = Table(german, 2, 1, ["human", "greedy"], log=log)
    person = GapPerson()
    for _ in range(200):
        moves = table.legal_moves()
        if table.question is None and "draw" in moves and any(m.startswith("match") for m in moves):
            break
        line = person.next_line(table)
        (table.choose if table.question is not None else table.attempt)(line)
    else:
        pytest.fail("no decision with both a match and a draw")
    seq = len(table.state.history) + 1
    table.attempt("draw")
    assert table.question.path == "drawing.draw_when_match_possible"
    table.news()
    assert table.choose("false") is None
    assert [line.text for line in table.news()][:2] == [
        "The table reads drawing.draw_when_match_possible as false: it holds for the rest of the game.",
        "Under this reading 'draw' is not allowed: a match is available, and a player may not draw while one "
        "is. You choose another move."]
    assert table.person_to_act() == 0 and "draw" not in table.legal_moves()
    refused = explain(table.attempt("draw"), table.ruleset)
    assert refused[1:] == ["Rule drawing.draw_when_match_possible: Whether a player may draw although a match is "
                           "available.", "Clause: filled: the table chose this reading when play reached the silence"]
    person.play(table)
    records = _records(log.getvalue())
    at = next(i for i, r in enumerate(records) if r["type"] == "reading" and r["rule"] == "drawing.draw_when_match_possible")
    assert records[at]["before"] == seq and records[at]["action"] == "draw"
    assert records[at + 1]["seq"] == seq and records[at + 1]["action"] != "draw"
    path = tmp_path / "draw.jsonl"
    path.write_text(log.getvalue(), encoding="utf-8")
    assert referee(path).actions == len(table.state.history)


def test_fill_at_refuses_a_rule_that_is_not_silent(german):
    table = Table(german, 4, 4, FOUR, at_gap="void")
    with pytest.raises(DosrulesError) as err:
        fill_at(table.state, "drawing.after_failed_draw", "place-card")
    assert err.value.what == ("'drawing.after_failed_draw' is not silent in german for 4 players, so it has no "
                              "reading to choose")
    with pytest.raises(DosrulesError) as err:
        fill_at(table.state, "deck_exhaustion", "shuffle")
    assert "'shuffle' is not a reading of 'deck_exhaustion'" in err.value.what


# --- the referee ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def chosen_log(german):
    log = io.StringIO()
    table = Table(german, 4, 4, FOUR, log=log)
    table.attempt("match 6g with 1g+5g")
    table.attempt("match 9r with 8r+#b=1")
    GapPerson(["declared"]).play(table)
    return log.getvalue().splitlines()


def _edit(lines, tmp_path, index, **changes):
    out = list(lines)
    if changes:
        out[index] = json.dumps({**json.loads(out[index]), **changes})
    else:
        del out[index]
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


def _reading_line(lines) -> int:
    return next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "reading")


@pytest.mark.parametrize("changes, message", [
    ({"reading": "printed"}, "filling wilds.wild_number.colour=printed gives ruleset "
                             "german~wilds.wild_number.colour=printed with hash sha256:"),
    ({"action": "end"}, "the table chose a reading of wilds.wild_number.colour, but seat 0's 'end' does not reach "
                        "a rule gap at wilds.wild_number.colour here"),
    ({"rule": "deck_exhaustion", "reading": "end-round"},
     "the table chose a reading of deck_exhaustion, but seat 0's 'match 9r with 8r+#b=1' does not reach a rule "
     "gap at deck_exhaustion here"),
    ({"rule": "drawing.after_failed_draw", "reading": "place-card"},
     "the table chose a reading of drawing.after_failed_draw, but seat 0's 'match 9r with 8r+#b=1' does not reach"),
    ({"before": 3}, "the reading record says it comes before seq 3, but the next action is seq 2"),
    ({"round": 2}, "the reading record says round 2, but under the filled rules the replay is in round 1"),
    ({"seat": "0"}, "'seat' of the reading record is \"0\", which is not a seat number or null"),
])
def test_the_referee_checks_a_reading_record(chosen_log, tmp_path, changes, message):
    at = _reading_line(chosen_log)
    path = _edit(chosen_log, tmp_path, at, **changes)
    with pytest.raises(LogError) as err:
        referee(path)
    assert str(err.value.where).endswith(f":{at + 1}") and err.value.what.startswith(message)


def test_the_referee_needs_the_reading_record(chosen_log, tmp_path):
    """Without the record the action voids the round under german, and the log no longer replays."""
    path = _edit(chosen_log, tmp_path, _reading_line(chosen_log))
    with pytest.raises(LogError) as err:
        referee(path)
    assert "round" in err.value.what or "illegal action" in err.value.what
