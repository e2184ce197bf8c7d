"""A game at the table (dosrules.play.table, .narration): people's moves, bots, the log, gaps."""

from __future__ import annotations

import pytest

from dosrules.engine.events import Caught, DosCalled, GameOver, RoundScored
from dosrules.errors import UsageError
from dosrules.play.gamelog import referee
from dosrules.play.simulate import load
from dosrules.play.table import Table, explain, is_human

from tablekit import AGENTS, DATA, PLAYERS, SEED, ScriptedPerson, short_ruleset


@pytest.fixture(scope="module")
def short():
    return short_ruleset()


def test_is_human():
    assert is_human("human") and is_human(" human ") and is_human("human:x=1")
    assert not is_human("greedy") and not is_human("humanoid")


@pytest.mark.parametrize("specs, message", [
    (["greedy", "greedy", "greedy"], "no seat is played by a person"),
    (["human:speed=1", "greedy", "greedy"], "agent 'human:speed=1': a person's seat takes no options"),
    (["human", "greedy"], "2 agents for 3 players"),
    (["human", "nobody", "greedy"], "unknown agent 'nobody'"),
])
def test_bad_seats(short, specs, message):
    with pytest.raises(UsageError) as err:
        Table(short, 3, 0, specs)
    assert err.value.what == message


def test_a_scripted_round_logs_a_game_the_referee_accepts(short, tmp_path):
    path = tmp_path / "game.jsonl"
    with path.open("w", encoding="utf-8") as log:
        table = Table(short, PLAYERS, SEED, AGENTS, log=log)
        person = ScriptedPerson()
        refused = []
        while not table.over:
            for text in person.next_lines(table):
                attempt = table.attempt(text)
                if not attempt.ok:
                    refused.append(explain(attempt, table.ruleset))
    events = table.state.events
    assert any(isinstance(e, Caught) and e.seat == 0 for e in events)
    assert any(isinstance(e, DosCalled) and e.seat == 0 for e in events)
    assert [(e.winner, e.round) for e in events if isinstance(e, RoundScored)] == [(0, 1)]
    assert isinstance(events[-1], GameOver) and events[-1].winner == 0
    # the illegal attempt changed nothing and was answered with its rule and clause
    assert refused == [[
        "Not allowed: a card goes from hand into the Centre Row only after a draw without a match, or as a "
        "colour bonus card at the end of the turn.",
        "Rule drawing.after_failed_draw: What follows a draw that leaves no match: place-card (one card from "
        "hand into the row) or keep-and-pass.",
        "Clause: Editor-reviewed rules entry written against Mattel's 2018 instruction sheet FRM36, 5. Drawing "
        "(stated): \"If you have drawn and still cannot make a match, put one card from your hand face up in "
        "the Centre Row.\""]]
    verdict = referee(path, search_dirs=[DATA])
    assert (verdict.actions, verdict.winner, verdict.scores) == (len(table.state.history), 0, (62, 0, 0))
    header = path.read_text(encoding="utf-8").splitlines()[0]
    assert '"agent": "human"' in header and '"agent": "greedy"' in header


def test_news_is_told_from_the_persons_view(short):
    table = Table(short, PLAYERS, SEED, AGENTS)
    person = ScriptedPerson()
    told = [line.text for line in table.news()]
    while not table.over:
        for text in person.next_lines(table):
            table.attempt(text)
        told += [line.text for line in table.news()]
    assert "Seat 1 catches you not calling DOS: you draw 2 cards at once." in told
    assert "You call DOS!" in told
    assert "Round 1: You go out and score 62 points. Scores: You 62, Seat 1 0, Seat 2 0." in told
    # a person sees the cards they draw, never another player's
    mine = [t for t in told if t.startswith("You draw")]
    theirs = [t for t in told if t.startswith(("Seat 1 draws", "Seat 2 draws"))]
    assert mine and all(": " in t for t in mine)
    assert theirs and not any(": " in t for t in theirs)


def test_moves_by_number_and_completion(short):
    table = Table(short, PLAYERS, SEED, AGENTS)
    moves = table.legal_moves()
    assert moves[-1] == "draw" and all(m.startswith("match ") for m in moves[:-1])
    common, hits = table.complete("m")
    assert hits == moves[:-1] and common.startswith("match ") and all(h.startswith(common) for h in hits)
    assert table.complete("d") == ("draw", ["draw"])
    assert table.complete("  dr") == ("draw", ["draw"])
    assert table.complete("xyz") == ("xyz", [])
    assert table.attempt(str(len(moves) + 1)).problem == f"there is no move {len(moves) + 1}: '?' lists {len(moves)}"
    attempt = table.attempt(str(len(moves)))
    assert attempt.ok and str(attempt.action) == "draw"


def test_text_that_is_not_an_action(short):
    table = Table(short, PLAYERS, SEED, AGENTS)
    before = len(table.state.history)
    attempt = table.attempt("play the red seven")
    assert not attempt.ok and len(table.state.history) == before
    assert explain(attempt, short)[0].startswith("'play the red seven' is not a move: 'play the red seven' is not an action")


def test_explanations_end_in_one_full_stop(short):
    from dosrules.play.table import Attempt

    lines = explain(Attempt("x", problem="it stops here…"), short) + explain(Attempt("y", problem="no move"), short)
    assert lines[0].endswith("it stops here…") and lines[2].endswith("no move.")
    assert not any(line.endswith(("….", "..")) for line in lines)


def test_view_shows_what_the_issue_lists(short):
    table = Table(short, PLAYERS, SEED, AGENTS)
    v = table.view()
    assert v.viewer == 0 and v.to_act == 0 and v.target == 40 and v.dealer == 1 and v.round == 1
    assert [s.cards for s in v.seats] == [7, 7, 3]  # seat 2 played before the person's first turn
    assert [s.agent for s in v.seats] == AGENTS
    assert v.hand == ("1b", "1g", "6y", "10r", "#g", "W2", "W2")  # numbers low to high, then wilds
    assert [r.card for r in v.row] == ["7b", "9r", "10y"]
    table.attempt("match 9r with #g=7+W2=b")
    row = {r.card: r for r in table.view().row}
    assert row["9r"].matched == ("#g=7", "W2=b") and row["7b"].matched == ()


def test_a_row_wild_matched_shows_its_declaration():
    ruleset = load("mattel-2018")
    table = Table(ruleset, 2, 0, ["human", "greedy"])
    state = table.state
    # find a decision with a Wild in the row that a match can take, by playing greedy until one comes
    from dosrules.play.agents import GreedyAgent
    bot = GreedyAgent(3)
    for _ in range(400):
        if table.over:
            break
        wild = [m for m in table.legal_moves() if m.startswith(("match W2=", "match #"))]
        if wild:
            table.attempt(wild[0])
            shown = [r for r in table.view().row if r.matched]
            assert shown and shown[-1].matched_as == wild[0].split()[1]
            return
        table.attempt(str(bot.act(state)))
    pytest.fail("no Wild in the Centre Row came up to match in 400 decisions")


def test_a_rule_gap_is_told_in_words():
    """german is silent on whether a player may draw although a match exists: drawing then
    voids the round (at_gap="void"), and the table is told which rule is silent."""
    ruleset = load("german")
    notices = []
    table = Table(ruleset, 2, 1, ["human", "greedy"], on_gap=notices.append, at_gap="void")
    table.news()
    for _ in range(50):
        moves = table.legal_moves()
        if "draw" in moves and any(m.startswith("match") for m in moves):
            break
        table.attempt(moves[0])
        table.news()
    else:
        pytest.fail("no decision with both a match and a draw")
    round_no = table.state.round
    table.attempt("draw")
    assert notices and notices[0].path == "drawing.draw_when_match_possible"
    n = notices[0]
    assert (n.round, n.seat, n.action) == (round_no, 0, "draw")
    assert n.rule == "Whether a player may draw although a match is available"
    assert str(table.state.history[n.seq - 1]) == "draw"  # seq: the action's number in the log
    told = [line.text for line in table.news()]
    assert told[0] == ("The rules don't say what happens now. Silent rule: whether a player may draw although a "
                       "match is available (drawing.draw_when_match_possible). Play reached it: seat 0 draws "
                       f"although a match is possible; so round {round_no} is void: nobody scores it.")
    assert not any(t.startswith(f"Round {round_no} is void") for t in told)  # said once
    assert told[1].startswith("The rules don't say; settled by lot (who deals round")  # german: next_dealer
    assert table.gaps == notices


def test_a_person_may_catch_a_bot_that_forgets():
    ruleset = load("mattel-2018")
    for seed in range(60):
        table = Table(ruleset, 2, seed, ["greedy:forget=1,catch=1", "human"])
        for _ in range(200):
            if table.over:
                break
            moves = table.legal_moves()
            if moves[0].startswith("catch-dos"):
                assert moves == ["catch-dos 0", "pass"]
                assert table.view().prompt == ("Seat 0 holds 2 cards and did not call DOS: catch them "
                                               "('catch-dos 0') or let it go ('pass').")
                assert table.attempt("catch-dos 0").ok
                assert any(t.text == "You catch Seat 0 not calling DOS: Seat 0 draws 2 cards at once."
                           for t in table.news())
                return
            table.attempt(moves[-1] if moves[-1] != "call-dos" else moves[0])
    pytest.fail("the forgetful bot never left a DOS call to catch")


def test_bots_that_never_let_a_person_act_are_stopped(short, monkeypatch):
    monkeypatch.setattr("dosrules.play.table.BOT_ACTION_LIMIT", 3)
    with pytest.raises(UsageError) as err:
        Table(short, 3, SEED, AGENTS)  # bot seat 2 plays first, and takes four actions
    assert err.value.what.startswith("the bots took 3 actions in a row without a person's turn")
