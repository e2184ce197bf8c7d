"""`dosrules play` with a person: the full-screen game driven headless by textual's Pilot, and the
line game driven by scripted standard input; both save a log that `dosrules referee` accepts."""

from __future__ import annotations

import asyncio
import io
import json

import pytest
from textual.keys import _character_to_key
from textual.widgets import OptionList

from dosrules.cli import main
from dosrules.cli.tui import PlayApp, _GapChoice
from dosrules.errors import DosrulesError
from dosrules.play.gamelog import referee
from dosrules.play.simulate import load
from dosrules.play.table import Table

from tablekit import AGENTS, DATA, FOUR, PLAYERS, RULESET, SEED, GapPerson, ScriptedPerson, short_ruleset


def _keys(text: str) -> list[str]:
    return [_character_to_key(ch) for ch in text]


def _screen_text(app) -> str:
    return "\n".join(str(w.render()) for w in app.query("Static"))


def test_full_screen_game_through_a_round(tmp_path):
    """'?', an illegal move, Tab completion of typed keys, a move by its number typed; then the
    scripted person's moves (a missed DOS call that is caught, a call, going out), each entered
    in the command line."""
    path = tmp_path / "game.jsonl"

    async def play():
        with path.open("w", encoding="utf-8") as log:
            table = Table(short_ruleset(), PLAYERS, SEED, AGENTS, log=log)
            app = PlayApp(table, str(path))
            person = ScriptedPerson()
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause()
                moves = app.query_one("#moves")
                assert not moves.display
                await pilot.press("question_mark", "enter")
                assert moves.display and moves.option_count == len(table.legal_moves())
                assert "Your hand: 1b  1g  6y  10r  #g  W2  W2" in _screen_text(app)

                illegal, first = person.next_lines(table)
                before = len(table.state.history)
                command = app.query_one("#command")
                command.value = illegal  # pasted: each typed key costs the Pilot about 80 ms
                await pilot.press("enter")
                prompt = str(app.query_one("#prompt").render())
                assert prompt.startswith("Not allowed: a card goes from hand into the Centre Row only after a draw")
                assert "Rule drawing.after_failed_draw" in prompt and "Clause: " in prompt
                assert len(table.state.history) == before

                await pilot.press(*_keys("match 9"), "tab")  # completes as far as the legal moves agree
                on_9r = [m for m in table.legal_moves() if m.startswith("match 9r with ")]
                assert app.query_one("#command").value == "match 9r with " and len(on_9r) > 1
                assert moves.option_count == len(on_9r)  # the list shows only those
                command.insert_text_at_cursor(first[len("match 9r with "):])
                await pilot.press("enter")
                assert str(table.state.history[-1]) == first
                assert "9r ← #g=7+W2=b  (matched this turn)" in _screen_text(app)

                number = table.legal_moves().index(person.next_lines(table)[0]) + 1
                await pilot.press(*_keys(str(number)), "enter")
                while not table.over:
                    for text in person.next_lines(table):
                        command.value = text
                        await pilot.press("enter")
                await pilot.pause()
                feed = " ".join(" ".join(line.text for line in app.query_one("#feed").lines).split())
                assert "Game over" in str(app.query_one("#status").render())
                assert f"The game is over. The game log is saved in {path}." in str(app.query_one("#prompt").render())
                await pilot.press("ctrl+q")
            return feed

    feed = asyncio.run(play())
    for said in ("Seat 1 catches you not calling DOS: you draw 2 cards at once.", "You call DOS!",
                 "Round 1: You go out and score 62 points.", "Game over: You win (seat 0 reached 40)."):
        assert said in feed
    verdict = referee(path, search_dirs=[DATA])
    assert (verdict.winner, verdict.scores) == (0, (62, 0, 0))


def test_line_game_from_scripted_input(tmp_path, monkeypatch, capsys):
    """`dosrules play ... --agents human,greedy,greedy` reading moves from a pipe, then `referee`."""
    script = ["?", "help", *ScriptedPerson().script(Table(short_ruleset(), PLAYERS, SEED, AGENTS))]
    path = tmp_path / "game.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    code = main(["play", RULESET, "--rulesets", str(DATA), "--players", str(PLAYERS), "--seed", str(SEED),
                 "--agents", ",".join(AGENTS), "--log", str(path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "\n  1  match 7b with #g=7\n  2  match 7b with #g=5+W2=b\n" in out  # the numbered legal moves of "?"
    assert "> place 1b\nNot allowed: a card goes from hand into the Centre Row" in out
    assert "Seat 1 catches you not calling DOS: you draw 2 cards at once." in out
    assert "> call-dos\nYou call DOS!" in out
    assert "Game over: You win (seat 0 reached 40)." in out
    assert f"check it with: dosrules referee {path} --rulesets {DATA}" in out
    assert main(["referee", str(path), "--rulesets", str(DATA)]) == 0
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert [a["agent"] for a in header["agents"]] == AGENTS and header["seed"] == SEED


def test_leaving_early_keeps_the_moves(tmp_path, monkeypatch, capsys):
    path = tmp_path / "game.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("draw\nquit\n"))
    assert main(["play", "mattel-2018", "--players", "2", "--seed", "3", "--agents", "human,greedy",
                 "--log", str(path)]) == 0
    out = capsys.readouterr().out
    assert "game left unfinished in round 1" in out and "Same deal again: --seed 3" in out
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [r["action"] for r in records if r["type"] == "action" and r["seat"] == 0] == ["draw"]
    assert records[-1]["type"] == "action"  # no result: the game is not over


def test_a_ruleset_file_works_like_everywhere_else(tmp_path, monkeypatch, capsys):
    house = tmp_path / "our-rules.yaml"
    house.write_text((DATA / "target-40.yaml").read_text(encoding="utf-8").replace("id: target-40", "id: our-rules")
                     .replace("kind: house", "kind: house\nextends: mattel-2018"), encoding="utf-8")
    path = tmp_path / "game.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", str(house), "--players", "2", "--seed", "1", "--agents", "human,greedy",
                 "--log", str(path), "--plain"]) == 0
    out = capsys.readouterr().out
    assert "target 40" in out and "(end of input)" in out
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["ruleset"] == "mattel-2018+our-rules"


def test_bad_seats_leave_no_log(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["play", "mattel-2018", "--players", "5", "--agents", "human,greedy,greedy,greedy,greedy",
                 "--plain"]) == 2
    assert main(["play", "mattel-2018", "--players", "2", "--agents", "human:x=1,greedy", "--plain"]) == 2
    err = capsys.readouterr().err
    assert "--players 5: mattel-2018 is played by 2 to 4 players" in err
    assert "agent 'human:x=1': a person's seat takes no options" in err
    assert list(tmp_path.iterdir()) == []


def test_line_game_through_a_rule_gap(tmp_path, monkeypatch, capsys):
    """`dosrules play german ... --plain` from a script: the question with its readings, an answer
    that is not a reading, a reading chosen, the game to its end, and the referee."""
    person = GapPerson(["declared"])
    script = person.play(Table(load("german"), 4, 4, FOUR))
    script.insert(script.index("declared"), "maybe")
    path = tmp_path / "game.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    assert main(["play", "german", "--players", "4", "--seed", "4", "--agents", ",".join(FOUR), "--log", str(path),
                 "--plain"]) == 0
    out = capsys.readouterr().out
    assert ("> match 9r with 8r+#b=1\n\nThe rules don't say: choose a reading for this table.\nYou take 'match 9r "
            "with 8r+#b=1', and play reaches it") in out
    assert "  1  printed\n" in out and "  2  declared\n" in out
    assert '       mattel-2018, stated: 000 §7. The wild cards: "Wild # — counts' in out
    assert "  0  leave the rule open: round 1 is void, and so is every later round that reaches it\n" in out
    assert "> maybe\n'maybe' is not one of the readings of wilds.wild_number.colour" in out
    assert "> declared\nThe table reads wilds.wild_number.colour as declared" in out
    assert ("the table's readings: wilds.wild_number.colour=declared, going_out.double_colour_draw_before_scoring="
            "true; to play by them from the start: dosrules play 'german~wilds.wild_number.colour=declared~"
            "going_out.double_colour_draw_before_scoring=true'") in out
    assert main(["referee", str(path)]) == 0
    spec = "german~wilds.wild_number.colour=declared~going_out.double_colour_draw_before_scoring=true"
    assert [r["ruleset"] for r in map(json.loads, path.read_text(encoding="utf-8").splitlines()) if r["type"] == "reading"][-1] == spec


def test_at_gap_void_and_its_checks(tmp_path, monkeypatch, capsys):
    path = tmp_path / "game.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("match 6g with 1g+5g\nmatch 9r with 8r+#b=1\nquit\n"))
    assert main(["play", "german", "--players", "4", "--seed", "4", "--agents", ",".join(FOUR), "--log", str(path),
                 "--plain", "--at-gap", "void"]) == 0
    out = capsys.readouterr().out
    assert "choose a reading" not in out and "so round 1 is void: nobody scores it." in out
    assert "Where the rules are silent, the round is void (--at-gap void)." in out
    assert main(["play", "german", "--players", "2", "--at-gap", "ask", "--quiet"]) == 2
    assert "--at-gap is for a game with a human seat" in capsys.readouterr().err
    with pytest.raises(DosrulesError):
        Table(load("german"), 2, 1, ["human", "greedy"], at_gap="later")


def test_full_screen_game_through_a_rule_gap(tmp_path):
    """At 80x24: a move reaches a silent rule, a window shows its readings and who reads it so,
    '2' chooses one; later questions are answered with Enter on the first reading; the log passes."""
    path = tmp_path / "game.jsonl"

    async def play():
        with path.open("w", encoding="utf-8") as log:
            table = Table(load("german"), 4, 4, FOUR, log=log)
            app = PlayApp(table, str(path))
            person = GapPerson()
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                command = app.query_one("#command")
                for text in ("match 6g with 1g+5g", "match 9r with 8r+#b=1"):
                    command.value = text
                    await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, _GapChoice)
                assert "The table chooses" in str(app.query_one("#status").render())
                what = str(app.screen.query_one("#gap-what").render())
                assert what.startswith("The rules don't say: choose a reading for this table.\nYou take 'match 9r")
                readings = app.screen.query_one("#gap-readings", OptionList)
                assert [readings.get_option_at_index(i).id for i in range(readings.option_count)] == ["1", "2", "0"]
                await pilot.press("2")
                await pilot.pause()
                assert not isinstance(app.screen, _GapChoice)
                assert table.readings == [("wilds.wild_number.colour", "declared")]
                while not table.over:
                    if table.question is not None:
                        assert isinstance(app.screen, _GapChoice)
                        await pilot.press("enter")  # the first reading is highlighted
                    else:
                        command.value = person.next_line(table)
                        await pilot.press("enter")
                    await pilot.pause()
                feed = " ".join(" ".join(line.text for line in app.query_one("#feed").lines).split())
                await pilot.press("ctrl+q")
            return table, feed

    table, feed = asyncio.run(play())
    assert table.readings[1] == ("going_out.double_colour_draw_before_scoring", "true")
    assert "The table reads wilds.wild_number.colour as declared: it holds for the rest of the game." in feed
    assert referee(path).actions == len(table.state.history)


def test_leaving_while_the_table_chooses(tmp_path, monkeypatch, capsys):
    """seed 24: the first deal lays only wilds, so the game opens with the question; Ctrl+Q (full
    screen) or 'quit' (lines) leaves from it, and the held move is not in the log."""
    async def leave():
        table = Table(load("german"), 4, 24, FOUR)
        app = PlayApp(table)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, _GapChoice)
            await pilot.press("ctrl+q")
            await pilot.pause()
            return app.is_running

    assert asyncio.run(leave()) is False
    path = tmp_path / "game.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "german", "--players", "4", "--seed", "24", "--agents", ",".join(FOUR), "--log", str(path),
                 "--plain"]) == 0
    assert ("game left unfinished in round 1, while the table chose a reading of all_wild_row, after 0 actions"
            in capsys.readouterr().out)
    assert [json.loads(line)["type"] for line in path.read_text(encoding="utf-8").splitlines()] == ["header"]


def test_the_curtain_hides_the_hand_between_two_people():
    """Two people at one screen: before each one's turn the curtain covers the whole table (it
    used to be a box over a dimmed table, and the hand showed around it)."""
    async def look():
        table = Table(load("german"), 3, 0, ["human", "human", "greedy"])
        app = PlayApp(table)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            curtain = app.screen
            shown = "\n".join(str(w.render()) for w in curtain.query("Static"))
            opaque = curtain.styles.background.a
            await pilot.press("enter")
            await pilot.pause()
            return type(curtain).__name__, shown, opaque, "Your hand:" in _screen_text(app)

    name, shown, opaque, hand_after = asyncio.run(look())
    assert name == "_Curtain" and "Pass the keyboard to Seat 0" in shown and "Your hand" not in shown
    assert opaque == 1 and hand_after


def _greedy_line(table) -> str:
    from dosrules.play.agents import GreedyAgent

    return str(GreedyAgent(3).act(table.state))


def test_full_screen_game_shows_the_round_end_and_waits(tmp_path):
    """At a round's end the full-screen game shows who went out and the scores, and waits for
    Enter: a move typed meanwhile is not played in the next round (it used to scroll away, and the
    next typed move landed in the next round)."""
    async def play():
        table = Table(load("mattel-2018"), 2, 5, ["human", "greedy"])
        app = PlayApp(table)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            command = app.query_one("#command")
            while table.state.round == 1 and not table.over:
                command.value = _greedy_line(table)
                await pilot.press("enter")
            await pilot.pause()
            assert not table.over and type(app.screen).__name__ == "_RoundOver"
            shown = str(app.screen.query_one("Static").render())
            assert "Round 1: seat " in shown and "goes out and scores" in shown and "press Enter" in shown
            before = len(table.state.history)
            await pilot.press(*_keys("draw"))  # typed for the old round: goes nowhere
            assert len(table.state.history) == before and command.value == ""
            await pilot.press("enter")
            await pilot.pause()
            assert type(app.screen).__name__ != "_RoundOver"
            await pilot.press("ctrl+q")

    asyncio.run(play())


def test_line_game_at_a_terminal_waits_at_the_round_end(monkeypatch):
    """At a terminal the line game prints how the round ended and waits for Enter; a move typed
    there is refused, not played in the next round. From a script it prints the round end and
    goes on (scripts hold moves only)."""
    from rich.console import Console

    from dosrules.cli.lineplay import play_lines

    table = Table(load("mattel-2018"), 2, 5, ["human", "greedy"])
    typed: list[int] = []  # the actions played when the round ended

    def answer(prompt=""):
        if table.state.round > 1:  # the round is over: a move typed for it, then Enter, then quit
            typed.append(len(table.state.history))
            return {1: "draw", 2: "", 3: "quit"}[len(typed)]
        return _greedy_line(table)

    monkeypatch.setattr("builtins.input", answer)
    out = io.StringIO()
    assert play_lines(table, io.StringIO(), Console(file=out, width=200), completion=True) is False
    text = out.getvalue()
    assert "Round 1: seat " in text and "Round 2 starts when you are ready: press Enter." in text
    assert "The round is over: 'draw' was not played." in text
    assert typed[0] == typed[1] == len(table.state.history)  # the 'draw' typed at the round end was not played
