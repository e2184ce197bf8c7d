"""The hostile-input corpus: one or more inputs for each class of issue 19, each pinned to its
message. Every run is in-process under a hard time limit (tests/hostilekit.run_cli) and must end
cleanly: exit 0-3, a message when it fails, no internal error, no raw control byte on the
terminal. The inputs that need a process of their own (memory ceilings, signals, a file size
limit) are in test_hostile_processes.py; generated inputs in test_hostile_fuzz.py.

A case is (class, name, build, exit code, pinned): ``build(tmp)`` writes what the case needs
under ``tmp`` and returns the argument vector; ``pinned`` is text the output must hold (paths
in it are written ``{tmp}``).
"""

from __future__ import annotations

import io
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from dosrules import load_ruleset
from dosrules.engine import new_game
from dosrules.play.gamelog import play_game
from hostilekit import ALL_FIVES, ALL_WILD_DOS, house, run_cli

#: every count at its limit: a deck of 700 cards, hands of 30, a row of 10 (the greedy planner's
#: exact search took minutes a move here before its node budget)
WIDEST = {"deck": {"numbers": {str(n): 15 for n in range(1, 11)}, "wild_number_per_colour": 10, "wild_dos": 60,
                   "per_colour": 160, "total": 700},
          "setup": {"hand_size": 30, "centre_row": 10}, "refill": {"minimum": 10}, "dos_call": {"hand_size": 30}}
ESC_NAME = "Evil \x1b]52;c;SGVsbG8=\x07 \x1b[31mred\u202eevil\x00\r"
XSS = "<script>alert(1)</script> [click](javascript:alert(2)) <img src=x onerror=alert(3)>"


@dataclass(frozen=True)
class Case:
    klass: int  # the class of issue 19 (1-16), of issue 29 (17-21) or the web pages' inputs (22, issue 28)
    name: str
    build: Callable[[Path], list]
    code: int
    pinned: str

    @property
    def id(self) -> str:
        return f"{self.klass:02d}-{self.name}"


def _log(tmp: Path, ruleset="mattel-2018", players=2, seed=3, **caps) -> list[str]:
    """The lines of a finished game's log (written with the library, as 'play --log' does)."""
    out = io.StringIO()
    play_game(load_ruleset(ruleset, [tmp]) if isinstance(ruleset, str) else ruleset, players, seed,
              ["greedy"] * players, log=out, **caps)
    return out.getvalue().splitlines()


def _edited(tmp: Path, name: str, edit: Callable[[list[str]], list[str]]) -> Path:
    path = tmp / name
    path.write_text("\n".join(edit(_log(tmp))) + "\n", encoding="utf-8")
    return path


def _record(line: str, **changes) -> str:
    return json.dumps({**json.loads(line), **changes}, ensure_ascii=False)


def _first_action(lines: list[str], **changes) -> list[str]:
    """The log with its first action record changed (chance records come before it)."""
    i = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "action")
    return [*lines[:i], _record(lines[i], **changes), *lines[i + 1:]]


def _scenario(tmp: Path, **fields) -> Path:
    data = {"title": "t", "question": "q", "hands": ["3r 4r", 7], "row": "7r 9b", "action": "draw",
            "expect": {"mattel-2018": "legal"}, **fields}
    path = tmp / "scenario.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _damaged_store(tmp: Path, how: str) -> Path:
    import sqlite3

    path = tmp / f"{how}.sqlite"
    run_cli(["compare", "mattel-2018", "german", "--players", "2", "--rounds", "10", "--no-witnesses",
             "--db", path])
    if how == "not-json":
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE chunks SET result = 'not json'")
    elif how == "not-a-result":
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE chunks SET result = '{\"rounds\": 1}'")
    elif how == "malformed":
        data = bytearray(path.read_bytes())
        data[4096:8192] = b"\xab" * 4096  # the second page: the chunks table
        path.write_bytes(bytes(data))
    return path


COMPARE = ["compare", "mattel-2018", "german", "--players", "2", "--rounds", "10", "--no-witnesses"]

CASES = [
    # 1. the deal can hang: every first-dealer draw ties
    Case(1, "play-all-fives", lambda t: ["play", house(t, "fives", ALL_FIVES), "--players", "3", "--rounds", "2"],
         0, "tied for the highest card in the draw for first dealer; seat"),
    Case(1, "play-all-wild-dos", lambda t: ["play", house(t, "wilds", ALL_WILD_DOS), "--players", "2", "--quiet",
                                            "--rounds", "5"], 0, "game over (stopped after 5 rounds): no winner"),
    Case(1, "simulate-all-fives", lambda t: ["simulate", house(t, "fives", ALL_FIVES), "--players", "2",
                                             "--rounds", "20"], 0, "setup.dealer_tie"),
    Case(1, "compare-all-fives", lambda t: [*COMPARE[:2], house(t, "fives", ALL_FIVES), *COMPARE[3:], "--db",
                                            t / "c.sqlite"], 0, "Run: "),
    Case(1, "verify-all-fives", lambda t: ["verify", house(t, "fives", ALL_FIVES), "--turns", "1"], 0,
         "every_draw_ties=yes; in force: none"),
    Case(1, "referee-all-fives", lambda t: ["referee", _fives_log(t), "--rulesets", t], 0,
         "actions legal, result reproduced"),
    # 2. counts have no upper limit
    Case(2, "validate-players", lambda t: ["validate", house(t, "many", {"players": {"max": 10 ** 12}})], 1,
         "1000000000000 is more than the maximum of 10 (at rules.players.max)"),
    Case(2, "show-players", lambda t: ["show", house(t, "many", {"players": {"max": 10 ** 12}})], 1,
         "1000000000000 is more than the maximum of 10 (at rules.players.max)"),
    Case(2, "play-wild-dos-huge", lambda t: ["play", house(t, "w", {"deck": {"wild_dos": 10 ** 11}}), "--players", "2"],
         1, "100000000000 is more than the maximum of 60 (at rules.deck.wild_dos)"),
    Case(2, "play-wild-dos-100000", lambda t: ["play", house(t, "w", {"deck": {"wild_dos": 100000, "total": 100096}}),
                                               "--players", "2"], 1, "100000 is more than the maximum of 60"),
    Case(2, "refill-minimum", lambda t: ["validate", house(t, "r", {"refill": {"minimum": 100}})], 1,
         "100 is more than the maximum of 10 (at rules.refill.minimum)"),
    Case(2, "target-1e26", lambda t: ["validate", house(t, "g", {"target": 10 ** 26})], 1,
         "10000000... (a number of 27 digits) is more than the maximum of 2000 (at rules.target)"),
    Case(2, "penalty", lambda t: ["validate", house(t, "p", {"dos_call": {"catch_penalty": 11}})], 1,
         "expected a whole number from 0 to 10 or 'unspecified', got 11 (at rules.dos_call.catch_penalty)"),
    Case(2, "hand-size", lambda t: ["validate", house(t, "h", {"setup": {"hand_size": 31}})], 1,
         "31 is more than the maximum of 30 (at rules.setup.hand_size). Expected: Cards dealt to each player. "
         "Limit: at most 30"),
    # 3. --rounds, --games, --jobs without a ceiling
    Case(3, "compare-rounds", lambda t: [*COMPARE[:5], "--rounds", str(10 ** 12)], 2,
         "--rounds must be at most 1,000,000, not 1000000000000"),
    Case(3, "compare-games", lambda t: [*COMPARE[:5], "--games", str(10 ** 9), "--no-witnesses"], 2,
         "--games must be at most 100,000, not 1000000000"),
    Case(3, "simulate-jobs", lambda t: ["simulate", "mattel-2018", "--players", "2", "--rounds", "5", "--jobs",
                                        "100000"], 2, "--jobs must be at most 64, not 100000"),
    Case(3, "verify-jobs", lambda t: ["verify", "mattel-2018", "--jobs", "1000"], 2, "--jobs must be at most 64"),
    Case(3, "play-rounds", lambda t: ["play", "mattel-2018", "--players", "2", "--rounds", "5000"], 2,
         "--rounds must be at most 1,000, not 5000"),
    # 4. play never stops when nobody can win
    Case(4, "play-void-rounds", lambda t: ["play", house(t, "wilds", ALL_WILD_DOS), "--players", "2", "--quiet"],
         0, "game over (stopped: 1000 rounds in a row ended before their first action): no winner"),
    Case(4, "simulate-void-rounds", lambda t: ["simulate", house(t, "wilds", ALL_WILD_DOS), "--players", "2",
                                               "--rounds", "5"], 0, "all_wild_row"),  # new_game dealt forever
    Case(4, "play-widest-rules", lambda t: ["play", house(t, "wide", WIDEST), "--players", "4", "--quiet",
                                            "--rounds", "1"], 0, "game over ("),  # the planner searched for minutes
    # 5. Markdown rulebooks are not escaped: see test_markdown_rulebooks_and_rulings_keep_the_text_as_text
    # 6. terminal escape injection
    Case(6, "show-esc-name", lambda t: ["show", house(t, "esc", name=ESC_NAME)], 0,
         "Evil \\x1b]52;c;SGVsbG8=\\x07 \\x1b[31mred\\u202eevil\\x00\\x0d"),
    Case(6, "show-json-esc-name", lambda t: ["show", "--json", house(t, "esc", name=ESC_NAME)], 0,
         '"name": "DOS, Mattel 2018 instruction sheet (FRM36) + Evil \\u001b]52;c;SGVsbG8=\\u0007'),
    Case(6, "validate-esc-key", lambda t: ["validate", _write(t, "k.yaml", "id: k\nname: k\nkind: house\n"
                                                            "sources: []\nrules:\n  \"\\e]52;c;eA==\\a\": 1\n")],
         1, "unknown key '\\x1b]52;c;eA==\\x07'"),
    Case(6, "ask-osc52-action", lambda t: ["ask", "--row", "7r", "--hand", "7b", "--action",
                                           "match 7r with 7b\x1b]52;c;SGk=\x07"], 2, "\\x1b]52;c;SGk=\\x07"),
    Case(6, "referee-esc-action", lambda t: ["referee", _edited(t, "esc.jsonl", lambda g: _first_action(
        g, action="draw\x1b[2J\u202e"))], 1, "unknown action: 'draw\\x1b[2J\\u202e'"),
    # 9. referee reads a whole log and echoes unbounded strings; the header picks the file
    Case(9, "referee-long-line", lambda t: ["referee", _edited(t, "long.jsonl", lambda g: [
        g[0], _record(g[1], action="x" * 2_000_000), *g[2:]])], 1, ":2: the line is longer than 64 KiB"),
    Case(9, "referee-long-action", lambda t: ["referee", _edited(t, "act.jsonl", lambda g: _first_action(
        g, action="draw " * 100))], 1,
         "seq 1: the action is 500 characters long; an action is at most 200"),
    Case(9, "referee-header-path", lambda t: ["referee", _edited(t, "path.jsonl", lambda g: [
        _record(g[0], ruleset="/etc/passwd"), *g[1:]])], 1,
         "cannot load the log's ruleset '/etc/passwd': '/etc/passwd' is not a ruleset id"),
    Case(9, "referee-header-relative-path", lambda t: ["referee", _edited(t, "rel.jsonl", lambda g: [
        _record(g[0], ruleset="mattel-2018+../evil.yaml"), *g[1:]])], 1, "'../evil.yaml' is not a ruleset id"),
    Case(9, "referee-long-format", lambda t: ["referee", _edited(t, "fmt.jsonl", lambda g: [
        _record(g[0], format="f" * 10_000), *g[1:]])], 1, "format '" + "f" * 57 + "...' is not 'dosrules-game-log'"),
    # 10. ask crashes on numeric schema errors
    Case(10, "ask-turn-negative", lambda t: ["ask", "--row", "7r 9b", "--hand", "3r 4r", "--action", "draw",
                                             "--turn", "-1"], 2, "--turn: -1 is less than the minimum of 0"),
    Case(10, "ask-called-twice", lambda t: ["ask", "--row", "7r 9b", "--hand", "3r 4r", "--action", "draw",
                                            "--called", "0", "--called", "0"], 2,
         "--called: the list names an item more than once"),
    Case(10, "ask-file-players-99", lambda t: ["ask", _scenario(t, players=99)], 2,
         "99 is more than the maximum of 10 (at players)"),
    Case(10, "ask-file-negative-score", lambda t: ["ask", _scenario(t, scores=[-5, 3])], 2,
         "-5 is less than the minimum of 0 (at scores[0])"),
    Case(10, "ask-5000-actions", lambda t: ["ask", "--row", "7r", "--hand", "3r",
                                            *[a for _ in range(5000) for a in ("--action", "draw")]], 2,
         "--action: the list has 5000 items; at most 50 are allowed"),
    # 11. a damaged store or a full disk
    Case(11, "store-not-json", lambda t: [*COMPARE, "--db", _damaged_store(t, "not-json")], 2,
         "the file is not a dosrules results store (SQLite), or it is damaged (Expecting value"),
    Case(11, "store-not-a-result", lambda t: [*COMPARE, "--db", _damaged_store(t, "not-a-result")], 2,
         "a stored chunk is not a chunk result"),
    Case(11, "store-malformed", lambda t: [*COMPARE, "--db", _damaged_store(t, "malformed")], 2,
         "(database disk image is malformed). Move it aside (mv {tmp}/malformed.sqlite "
         "{tmp}/malformed.sqlite.damaged)"),
    Case(11, "store-garbage", lambda t: [*COMPARE, "--db", _write(t, "g.sqlite", "garbage " * 600)], 2,
         "(file is not a database)"),
    Case(11, "log-dev-full", lambda t: ["play", "mattel-2018", "--players", "2", "--quiet", "--log", "/dev/full"], 1,
         "/dev/full: cannot write the game log: No space left on device"),
    # 12. other internal errors
    Case(12, "spec-too-long", lambda t: ["validate", "a" * 300], 1, "no ruleset with the id 'aaaa"),
    Case(12, "composition-too-long", lambda t: ["validate", "+".join(["mattel-2018"] + ["reshuffle"] * 30)], 0,
         "valid (mattel-2018+reshuffle"),
    Case(12, "path-too-long", lambda t: ["validate", "d/" * 200 + "x.yaml"], 1, "is neither a ruleset id nor an existing file"),
    Case(12, "int-5000-digits", lambda t: ["validate", _write(t, "n.yaml", "id: n\nname: n\nkind: house\nsources: []\n"
                                                                      "rules:\n  target: " + "9" * 5000 + "\n")],
         1, "n.yaml:6:11: the number has 5000 characters; at most 100 digits are allowed"),
    Case(12, "log-nested", lambda t: ["referee", _write(t, "deep.jsonl", "[" * 30_000 + "]" * 30_000 + "\n")], 1,
         ":1: the record is nested too deeply"),
    Case(12, "log-int-5000-digits", lambda t: ["referee", _edited(t, "int.jsonl", lambda g: [
        g[0], g[1].replace('"after": 0', '"after": ' + "9" * 5000), *g[2:]])], 1, ":2: not a usable JSON record"),
    Case(12, "mathtext-path", lambda t: [*COMPARE[:2], _mathtext(t), *COMPARE[3:], "--db", t / "m.sqlite",
                                         "--plots", t / "plots"], 0, "Where the rules part ways"),
    Case(12, "seed-65-bits", lambda t: [*COMPARE, "--seed", str(2 ** 64)], 2,
         "--seed must be at most 9,223,372,036,854,775,807, not 18446744073709551616"),
    Case(12, "db-under-a-file", lambda t: [*COMPARE, "--db", _write(t, "file", "x") / "r.sqlite"], 2,
         "cannot make its folder {tmp}/file (File exists)"),
    Case(12, "plots-under-a-file", lambda t: [*COMPARE, "--db", t / "p.sqlite", "--plots", _write(t, "f", "x") / "p"],
         2, "--plots {tmp}/f/p: cannot write the plots (Not a directory)"),
    Case(12, "scheduler-http", lambda t: [*COMPARE, "--db", t / "d.sqlite", "--executor", "dask", "--scheduler",
                                          "http://x"], 2, "--scheduler http://x: not a dask scheduler address"),
    # 13. verify has no overall bound and drops checks silently
    Case(13, "verify-time-limit", lambda t: ["verify", house(t, "fives", ALL_FIVES), "--time-limit", "0.05"], 3,
         "Stopped early: the run's time limit was reached (--time-limit)"),
    Case(13, "verify-turns-0", lambda t: ["verify", "mattel-2018", "--turns", "0"], 2, "--turns must be at least 1, not 0"),
    # 14. ask accepts impossible positions
    Case(14, "ask-empty-row", lambda t: ["ask", "--row", "", "--hand", "3r 4r", "--action", "draw"], 2,
         "--row: the Centre Row is empty: no turn starts with an empty row"),
    Case(14, "ask-empty-hand", lambda t: ["ask", "--row", "7r", "--hand", "", "--action", "draw"], 2,
         "--hand: seat 0, the player to move, holds no cards"),
    Case(14, "ask-one-player", lambda t: ["ask", "--row", "7r", "--hand", "3r", "--players", "1", "--action", "draw"],
         2, "--players: 1 is less than the minimum of 2"),
    Case(14, "ask-three-hands-two-players", lambda t: ["ask", "--row", "7r", "--hand", "3r", "--hand", "3",
                                                       "--hand", "4", "--players", "2", "--action", "draw"], 2,
         "--players: 'players' is 2 but 3 hands are given"),
    # 15. referee is lenient
    Case(15, "referee-forged-reason", lambda t: ["referee", _edited(t, "reason.jsonl", lambda g: [
        *g[:-1], _record(g[-1], reason="seat 0 cheated")])], 1,
         'result not reproduced: the log says reason "seat 0 cheated"'),
    Case(15, "referee-max-rounds-negative", lambda t: ["referee", _edited(t, "neg.jsonl", lambda g: [
        _record(g[0], max_rounds=-1), *g[1:]])], 1,
         "'max_rounds' of the header record is -1, which is not a whole number of at least 1 or null"),
    # 16. misleading messages
    Case(16, "symlink-loop-id", lambda t: ["validate", "loop", "--rulesets", _loop(t)], 1,
         "loop.yaml: the path is a symbolic link that loops"),
    Case(16, "symlink-loop-path", lambda t: ["validate", _loop(t) / "loop.yaml"], 1, "the path is a symbolic link that loops"),
    Case(16, "fifo", lambda t: ["validate", _fifo(t)], 1, "this is not a regular file (a pipe, socket or device)"),
    Case(16, "fifo-log", lambda t: ["referee", _fifo(t)], 1, "this is not a regular file (a pipe, socket or device)"),
    Case(16, "folder-log", lambda t: ["referee", t], 1, "this is a folder, not a game log"),
    # --- issue 29 -------------------------------------------------------------------------------------
    # 17. games and logs
    Case(17, "referee-ruleset-file", lambda t: ["referee", _file_game_log(t)], 0,
         "result reproduced: seat"),  # "no ruleset with the id 'family'"
    Case(17, "referee-unfinished", lambda t: ["referee", _edited(t, "cut.jsonl", lambda g: g[:12])], 0,
         "unfinished game, checked up to where the log stops"),
    Case(17, "validate-no-match", lambda t: ["validate", house(t, "nomatch", {"matching": {"single": False,
                                                                                      "double": False}})], 1,
         "matching allows neither a single nor a double match"),
    Case(17, "validate-one-player", lambda t: ["validate", house(t, "solo", {"players": {"min": 1, "max": 4}})], 1,
         "1 is less than the minimum of 2 (at rules.players.min)"),
    Case(17, "validate-nothing-scores", lambda t: ["validate", house(t, "zero", {"scoring": {
        "number_cards_face_value": False, "wild_dos": 0, "wild_number": 0}})], 1,
         "no card of this deck scores a point"),
    Case(17, "play-seed-negative", lambda t: ["play", "mattel-2018", "--players", "2", "--seed", "-7"], 2,
         "--seed must be at least 0, not -7"),
    Case(17, "referee-seed-negated", lambda t: ["referee", _negated_seed_log(t)], 1,
         "'seed' of the header record is -3, which is not a whole number of at least 0"),
    Case(17, "ask-empty-deck", lambda t: ["ask", "--row", "7r 9b", "--hand", "3r 5g", "--deck", "", "--action",
                                          "draw"], 0, "deck (top first): (empty)"),
    # 18. bounded time and memory
    Case(18, "play-players-huge", lambda t: ["play", "mattel-2018", "--players", "9" * 23], 2,
         "--players a number of 23 digits: mattel-2018 is played by 2 to 4 players"),
    Case(18, "play-players-ten-million", lambda t: ["play", "mattel-2018", "--players", "10000000"], 2,
         "--players 10000000: mattel-2018 is played by 2 to 4 players"),
    Case(18, "compare-a-million-chunks", lambda t: [*COMPARE[:5], "--rounds", "1000000", "--chunk-rounds", "1",
                                                    "--no-witnesses", "--db", t / "c.sqlite"], 2,
         "--chunk-rounds 1 cuts this run into 2,000,000 chunks (2 pairs of ruleset and player count); a run holds "
         "at most 40,000. Give --chunk-rounds 50 or more"),
    Case(18, "fill-chain-2000", lambda t: ["show", "mattel-2018" + "~deck_exhaustion=end-round" * 2000], 1,
         "fills from 2000 sources; a spec fills from at most 64"),
    Case(18, "composition-6000", lambda t: ["show", "mattel-2018" + "+reshuffle" * 6000], 1,
         "composes 6001 parts; a composition has at most 64"),
    Case(18, "referee-fill-chain-header", lambda t: ["referee", _edited(t, "chain.jsonl", lambda g: [
        _record(g[0], ruleset="mattel-2018" + "~deck_exhaustion=end-round" * 2000), *g[1:]])], 1,
         "fills from 2000 sources"),
    # 20. loss
    Case(20, "doc-over-its-input", lambda t: ["doc", house(t, "mine", {"target": 300}), "-o", t / "mine.yaml"], 2,
         "-o {tmp}/mine.yaml: this is a file the command reads"),
    Case(20, "ask-over-its-scenario", lambda t: ["ask", _scenario(t), "-o", t / "scenario.yaml"], 2,
         "-o {tmp}/scenario.yaml: this is a file the command reads"),
    Case(20, "compare-html-over-the-store", lambda t: [*COMPARE, "--db", t / "s.sqlite", "--html", t / "s.sqlite"],
         2, "--html {tmp}/s.sqlite: this is a file the command reads"),
    Case(20, "db-foreign-sqlite", lambda t: [*COMPARE, "--db", _foreign_sqlite(t)], 2,
         "this SQLite file is not a dosrules results store (it holds the tables people); dosrules leaves it"),
    Case(20, "db-memory", lambda t: [*COMPARE, "--db", ":memory:"], 2,
         "--db :memory:: an in-memory store keeps nothing"),
    # 21. unclear messages
    Case(21, "house-error-in-its-file", lambda t: ["validate", house(t, "nonum", {"deck": {"numbers": {}}})], 1,
         "nonum.yaml:16:15: deck.per_colour is 24 but one colour holds 2 cards"),  # was at mattel-2018.yaml:26:17
    Case(21, "ask-deck-size-negative", lambda t: ["ask", _scenario(t, deck={"size": -1})], 2,
         "-1 is less than the minimum of 0 (at deck.size)"),
    Case(21, "spec-120-kb", lambda t: ["validate", "a" * 120_000], 1, "...' (120,000 characters)"),
    Case(21, "agent-120-kb", lambda t: ["play", "mattel-2018", "--players", "2", "--agents", "x" * 120_000], 2,
         "unknown agent 'xxx"),
    Case(21, "scenario-expect-300-kb", lambda t: ["ask", _scenario(t, expect={"mattel-2018": "x" * 300_000})], 2,
         "...' (300,000 characters)"),
    Case(21, "id-beside-a-folder-of-its-name", lambda t: ["show", _made(t / "mattel-2018")], 0,
         "mattel-2018 — DOS, Mattel 2018"),  # a folder named like the id shadowed the shipped ruleset
    Case(21, "db-folder", lambda t: [*COMPARE, "--db", t], 2, "this is a folder, not a results store file"),
    Case(21, "agents-habit-twice", lambda t: ["play", "mattel-2018", "--players", "2", "--agents",
                                              "casual:forget=0.4,forget=0.5"], 2,
         "agent option 'forget' is given twice in 'casual:forget=0.4,forget=0.5'"),
    # 22. the web pages' inputs (dosrules serve, answered in-process by --get; issue 28)
    Case(22, "web-path-as-house-rule", lambda t: ["serve", "--get", "/ask?edition=mattel-2018&house=../../etc/passwd"],
         1, "&#39;../../etc/passwd&#39; is not a shipped house rule"),
    Case(22, "web-path-as-ruleset", lambda t: ["serve", "--get", "/ask?edition=mattel-2018&also=/etc/passwd"], 1,
         "is not a ruleset id or composition of ids"),
    Case(22, "web-query-over-the-limit", lambda t: ["serve", "--get", "/ask?row=" + "7r+" * 2000], 1,
         "the address is over 4,096 characters"),
    Case(22, "web-markup-in-a-reading", lambda t: ["serve", "--get", "/?edition=german&fill=" + XSS.replace(" ", "+")],
         1, "&lt;script&gt;alert(1)&lt;/script&gt;"),
    Case(22, "web-control-characters", lambda t: ["serve", "--get", "/ask?edition=mattel-2018&row=7r%1b%5d52%3bc%3b"
                                                  "SGVsbG8%3d%07&hand=3r&action=draw"], 1, "is not a card"),
    Case(22, "web-upload-not-held", lambda t: ["serve", "--get", "/ask?edition=mattel-2018&upload=0123456789abcdef"], 1,
         "is not on this server"),
    Case(22, "web-language-as-path", lambda t: ["serve", "--get", "/doc?edition=mattel-2018&lang=../../x"], 1,
         "Use one of: "),
    Case(22, "web-language-unknown", lambda t: ["serve", "--get", "/ask?edition=mattel-2018&lang=../../x"], 1,
         "lang: &#39;../../x&#39; is not a language dosrules speaks"),
    Case(22, "web-comparison-not-held", lambda t: ["serve", "--get", "/compare/0123456789abcdef"], 1,
         "there is no such comparison on this server"),
    Case(22, "web-not-a-path", lambda t: ["serve", "--get", "http://example.invalid/"], 2, "a path starts with '/'"),
    Case(22, "web-players-huge", lambda t: ["serve", "--get", "/ask?edition=mattel-2018&players=" + "9" * 400], 1,
         "is not a number from 2 to 10"),
]


def _file_game_log(tmp: Path) -> Path:
    """The log of a game played with a ruleset file, the file gone when the referee reads it."""
    folder = tmp / "mine"
    folder.mkdir()
    spec = house(folder, "family", {"target": 60})
    path = tmp / "family.jsonl"
    out = io.StringIO()
    play_game(load_ruleset(spec), 2, 1, ["greedy"] * 2, log=out)
    path.write_text(out.getvalue(), encoding="utf-8")
    spec.unlink()
    return path


def _negated_seed_log(tmp: Path) -> Path:
    out = io.StringIO()
    play_game(load_ruleset("mattel-2018"), 2, 3, ["greedy"] * 2, log=out, max_rounds=1)
    lines = out.getvalue().splitlines()
    return _write(tmp, "neg.jsonl", "\n".join([_record(lines[0], seed=-3), *lines[1:]]) + "\n")


def _foreign_sqlite(tmp: Path) -> Path:
    import sqlite3

    path = tmp / "other.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE people (name TEXT)")
    conn.close()
    return path


def _made(folder: Path) -> str:
    """Make ``folder`` in the working folder (the test's) and return its name."""
    folder.mkdir()
    return folder.name


def _write(tmp: Path, name: str, text: str) -> Path:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return path


def _fives_log(tmp: Path) -> Path:
    house(tmp, "fives", ALL_FIVES)
    path = tmp / "fives.jsonl"
    out = io.StringIO()
    play_game(load_ruleset("mattel-2018+fives", [tmp]), 2, 1, ["greedy"] * 2, log=out, max_rounds=2)
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def _mathtext(tmp: Path) -> Path:
    folder = tmp / "d$\\foo{$"
    folder.mkdir()
    return house(folder, "math", {"target": 300})


def _loop(tmp: Path) -> Path:
    (tmp / "loop.yaml").symlink_to("loop.yaml")
    return tmp


def _fifo(tmp: Path) -> Path:
    path = tmp / "fifo.yaml"
    os.mkfifo(path)
    return path


def test_every_class_has_a_case():
    with_cases = {c.klass for c in CASES} | {5, 7, 8, 19}  # 5 below; 7, 8 and 19 in test_hostile_processes.py
    assert with_cases == set(range(1, 23))
    assert len({c.id for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hostile_input_ends_cleanly_with_its_message(case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    run = run_cli(case.build(tmp_path), timeout=60)
    assert run.problems() == [], run.text[-2000:]
    assert len(run.err) < 20_000, run.err[:2000]  # input is never echoed whole
    assert run.code == case.code, run.text[-2000:]
    assert case.pinned.replace("{tmp}", str(tmp_path)) in run.text, run.text[-2000:]
    if case.name == "mathtext-path":
        assert len(list((tmp_path / "plots").glob("*.svg"))) >= 4  # the plots, labelled with the path


# --- what the table cannot say in one line ----------------------------------------------------------


def test_cache_folder_under_a_file_names_xdg_cache_home(tmp_path, monkeypatch):
    blocker = _write(tmp_path, "afile", "x")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    run = run_cli(COMPARE)
    assert run.code == 2 and run.problems() == []
    assert f"the results store {blocker}/dosrules/results.sqlite (from $XDG_CACHE_HOME, or ~/.cache): cannot " \
           f"make its folder {blocker}/dosrules (Not a directory)" in run.err


def test_a_read_only_store_is_never_called_damaged(tmp_path):
    import sqlite3

    from dosrules.comparison.store import ResultStore

    store = ResultStore(tmp_path / "r.sqlite")
    err = store.failure(sqlite3.OperationalError("attempt to write a readonly database"))
    assert "the results store cannot be written" in err.what and "read-only" in err.what
    assert "Its results are fine" in err.fix and "mv " not in err.fix and "delete" not in err.paragraph()
    full = store.failure(sqlite3.OperationalError("database or disk is full"))
    assert "the disk is full or a file size limit was reached" in full.what and "resumes" in full.fix
    store.close()


def test_a_scheduler_that_goes_away_is_a_message(monkeypatch):
    distributed = pytest.importorskip("distributed")
    from distributed.client import FutureCancelledError

    from dosrules.comparison.executors import DaskExecutor
    from dosrules.errors import DosrulesError

    class Lost:
        key = "k"

        def result(self):
            raise FutureCancelledError("k", reason="scheduler-connection-lost")

        def cancel(self):
            pass

    class Client:
        def map(self, fn, items, **options):
            return [Lost() for _ in items]

    monkeypatch.setattr(distributed, "as_completed", lambda futures: iter(futures))
    executor = DaskExecutor(None, client=Client())
    with pytest.raises(DosrulesError) as err:
        list(executor.map_unordered(len, [1]))
    assert err.value.what.startswith("the dask cluster stopped answering (FutureCancelledError")
    assert "rerun the same command to resume" in err.value.fix


def test_markdown_rulebooks_and_rulings_keep_the_text_as_text(tmp_path):
    from markdown_it import MarkdownIt

    house(tmp_path, "xss", {"target": 300}, name=XSS,
          source={"key": "h", "file": "`<b>f</b>`.txt", "title": XSS, "language": "en"},
          cite={"target": {"source": "h", "section": XSS, "quote": XSS, "note": XSS, "status": "inferred"}})
    spec = str(tmp_path / "xss.yaml")
    for argv in (["doc", spec, "--cite"], ["doc", spec, "--cite", "--lang", "de"],
                 ["doc", spec, "--cite", "--lang", "ko"], ["doc", spec, "--cite", "--lang", "eu"],
                 ["doc", spec, "--cite", "--against", "mattel-2018"],
                 ["doc", spec, "--cite", "--against", "mattel-2018", "--lang", "eu"]):
        run = run_cli(argv)
        assert run.code == 0 and run.problems() == []
        assert run.out.count("alert(1)") >= 2  # the name is there, as text
        html = MarkdownIt("commonmark").enable("table").render(run.out)
        assert re.findall(r"<(?:script|img|iframe)|href=\"javascript", html) == [], argv
    run = run_cli(["doc", spec, "--cite", "--format", "html"])
    assert run.code == 0 and "<script>alert" not in run.out and "&lt;script&gt;alert(1)" in run.out
    ruling = _scenario(tmp_path, title=XSS, question=XSS, hands=["7b", 7], row="7r", action="match 7r with 7b")
    for argv in (["ask", ruling, "--format", "md"], ["ask", ruling, "--format", "md", "--under", spec]):
        run = run_cli(argv)
        assert run.code == 0 and run.problems() == [] and "alert(1)" in run.out, run.text[-500:]
        html = MarkdownIt("commonmark").render(run.out)
        assert re.findall(r"<(?:script|img|iframe)|href=\"javascript", html) == [], argv


def test_every_game_ends_and_says_at_which_cap(tmp_path):
    """A round without end stops the game at the turn cap; the log says so and the referee
    reproduces it, including the reason."""
    out = io.StringIO()
    state = play_game(load_ruleset("mattel-2018"), 2, 4, ["greedy"] * 2, log=out, max_turns=3)
    over = state.events[-1]
    assert over.kind == "game-over" and over.winner is None
    assert re.fullmatch(r"stopped: round \d+ reached 3 turns without a winner", over.reason)
    lines = out.getvalue().splitlines()
    assert json.loads(lines[0])["max_turns"] == 3 and json.loads(lines[-1])["reason"] == over.reason
    path = _write(tmp_path, "capped.jsonl", out.getvalue())
    run = run_cli(["referee", path])
    assert run.code == 0 and "no winner" in run.out
    # the defaults of play: 1,000 rounds and 1,000 turns a round
    assert (new_game("mattel-2018", 2).max_turns, new_game("mattel-2018", 2).max_rounds) == (None, None)
    header = json.loads(_log(tmp_path)[0])
    assert (header["max_rounds"], header["max_turns"]) == (1000, 1000)


def test_the_high_card_draw_settles_a_tie_that_never_ends_by_lot(tmp_path):
    house(tmp_path, "fives", ALL_FIVES)
    state = new_game(load_ruleset("mattel-2018+fives", [tmp_path]), 4, 9)
    gap, dealer = state.events[0], state.events[1]  # the sheet is silent on ties: by lot at once
    assert (gap.kind, gap.path, gap.voids) == ("rule-gap", "setup.dealer_tie", False)
    assert dealer.kind == "dealer" and dealer.how == "lot" and f"seat {dealer.seat} deals by lot" in gap.situation
    from dataclasses import replace

    from dosrules.ruleset.model import DealerTie

    fives = load_ruleset("mattel-2018+fives", [tmp_path])
    redraw = replace(fives, rules=replace(fives.rules, setup=replace(fives.rules.setup, dealer_tie=DealerTie.REDRAW_TIED)),
                     id="fives-redraw")
    state = new_game(redraw, 4, 9)  # the tied draw again, and again: after 20 draws, by lot
    gap, dealer = state.events[0], state.events[1]
    assert (gap.kind, gap.path, gap.voids) == ("rule-gap", "setup.first_dealer", False)
    assert "tied on 20 high-card draws in a row" in gap.situation and dealer.how == "lot"


def test_no_check_is_dropped_when_the_solver_gives_up():
    """--timeout 1 leaves checks unknown; it used to drop deck.matchable without a word."""
    def checks(*options):
        run = run_cli(["verify", "mattel-2018", "--turns", "1", "--json", *options])
        return run.code, [r["check"] for r in json.loads(run.out)["results"]]
    code, hurried = checks("--timeout", "1")
    assert code == 3 and hurried == checks()[1] and "deck.matchable" in hurried


def test_written_files_escape_control_characters(tmp_path, monkeypatch):
    """Files written with -o and --html show ESC, OSC 52 and U+202E from a ruleset's name and notes
    and a scenario's question as escapes, as standard output does; they used to keep them raw."""
    from hostilekit import RAW_CONTROL

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    spec = house(tmp_path, "esc", {"target": 300}, name=ESC_NAME,
                 cite={"target": {"source": "h", "section": "s", "quote": "q", "note": ESC_NAME}})
    question = _scenario(tmp_path, title=ESC_NAME, question=ESC_NAME)
    runs = {"doc.md": ["doc", spec, "--cite"], "doc.html": ["doc", spec, "--cite", "--format", "html"],
            "ask.md": ["ask", question, "--format", "md"], "ask.html": ["ask", question, "--format", "html"],
            "compare.html": [*COMPARE[:2], spec, *COMPARE[3:], "--db", tmp_path / "c.sqlite"]}
    for name, argv in runs.items():
        option = "--html" if name == "compare.html" else "-o"
        run = run_cli([*argv, option, tmp_path / name], timeout=60)
        assert run.code == 0 and run.problems() == [], run.text[-1000:]
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert RAW_CONTROL.search(text) is None, name
        assert "\\x1b" in text and "\\u202e" in text and "SGVsbG8=" in text, name  # shown, as escapes


class _Peer:
    """A server on 127.0.0.1 that is no dask scheduler: it greets like an HTTP server answering at
    once ("banner"), or accepts and says nothing ("silent", as an HTTP server waiting for its
    request does). Stopped, with its connections, when the test ends."""

    def __init__(self, mode: str):
        import socket
        import threading

        self.mode, self.conns = mode, []
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.address = f"tcp://127.0.0.1:{self.sock.getsockname()[1]}"
        self.running = True
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        import socket

        while self.running:
            try:
                conn, _ = self.sock.accept()
            except (socket.timeout, OSError):
                continue
            self.conns.append(conn)
            if self.mode == "banner":
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")

    def close(self):
        self.running = False
        self.thread.join(5)
        for conn in self.conns:
            conn.close()
        self.sock.close()


@pytest.fixture
def peer():
    made = []

    def start(mode):
        made.append(_Peer(mode))
        return made[-1]
    yield start
    for p in made:
        p.close()


def test_a_scheduler_address_that_is_no_dask_scheduler_is_a_message_in_bounded_time(peer, tmp_path, monkeypatch):
    """A port that answers HTTP made dask allocate 3.07 EiB (MemoryError, exit 70); a silent peer
    took 31 s while the docs say 10. The probe hears the peer's greeting within its bound."""
    import time

    from dosrules.comparison.executors import probe_scheduler
    from dosrules.errors import UsageError

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    banner = peer("banner")
    started = time.monotonic()
    with pytest.raises(UsageError, match="the program there is not a dask scheduler") as err:
        probe_scheduler(banner.address)
    assert time.monotonic() - started < 5 and "HTTP/1.1" in err.value.what
    silent = peer("silent")
    started = time.monotonic()
    with pytest.raises(UsageError, match="no dask scheduler answered within 0.5 s"):
        probe_scheduler(silent.address, seconds=0.5)
    assert time.monotonic() - started < 3
    pytest.importorskip("distributed")
    run = run_cli([*COMPARE, "--db", tmp_path / "d.sqlite", "--executor", "dask", "--scheduler", banner.address],
                  timeout=30)
    assert run.code == 2 and run.problems() == [] and "is not a dask scheduler" in run.err, run.text[-800:]
