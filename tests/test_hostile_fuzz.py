"""A Hypothesis-driven fuzz of the command line, in-process: generated rulesets, scenarios, game
logs and argument vectors. The property: every run ends within its time limit with exit 0, 1 or
2 (3: verify left a check unknown) and a message when it fails — never an internal error (70),
never a raw control character on the terminal.

Fast by default (a few examples of each kind, for CI); deeper on demand:
``DOSRULES_FUZZ=500 python -m pytest tests/test_hostile_fuzz.py`` runs 500 examples of each.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dosrules import load_ruleset
from dosrules.play.gamelog import play_game
from dosrules.ruleset.model import rule_paths
from hostilekit import house, run_cli
from test_roundtrip import leaf_schema, value_of  # a value the schema allows, for each kind of rule

EXAMPLES = int(os.environ.get("DOSRULES_FUZZ", "8"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 8,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])

#: text a careless or hostile hand might put anywhere: control and bidi characters, markup, huge
hostile_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["\x1b]52;c;SGk=\x07", "\x1b[2J", "\u202e", "\x00", "\r", "<script>x</script>",
                     "[a](javascript:x)", "$\\foo{$", "../../etc/passwd", "a" * 300, "unspecified", "",
                     "9" * 120, "-1", "nan", "1e999"]),
)
hostile_int = st.one_of(st.integers(-3, 40), st.integers(-10 ** 30, 10 ** 30), st.sampled_from([10 ** 12, 2 ** 63]))


def _value(path: str):
    """A value for a rule: mostly one the schema allows (so that runs get past validation into
    play), sometimes anything."""
    anything = st.one_of(hostile_int, hostile_text, st.none(), st.lists(st.integers(), max_size=2))
    return st.integers(0, 9).flatmap(lambda roll: anything if roll == 0 else value_of(leaf_schema(path)))


@st.composite
def decks(draw) -> dict:
    """A deck that adds up, anywhere within the schema's limits: degenerate ones included (every
    card alike, wild cards only, one colour)."""
    numbers = draw(st.dictionaries(st.integers(1, 10).map(str), st.integers(0, 15), max_size=10))
    colours = draw(st.lists(st.sampled_from(["blue", "green", "red", "yellow"]), min_size=1, max_size=4, unique=True))
    wild_number, wild_dos = draw(st.integers(0, 10)), draw(st.integers(0, 60))
    per_colour = sum(numbers.values()) + wild_number
    total = len(colours) * per_colour + wild_dos
    if total < 40:  # enough to deal the edition's seven cards to four players and a row
        wild_dos += 40 - total
        total = 40
    return {"colours": colours, "numbers": numbers, "wild_number_per_colour": wild_number,
            "wild_dos": wild_dos, "per_colour": per_colour, "total": total}


@st.composite
def rule_overlays(draw) -> dict:
    """A partial rule tree of a house rule: sometimes a whole deck that adds up, and a few rule
    paths, each set to a drawn value."""
    tree: dict = {"deck": draw(decks())} if draw(st.booleans()) else {}
    others = [p for p in rule_paths() if not p.startswith("deck.")]  # a deck part alone rarely adds up
    for path in draw(st.lists(st.sampled_from(others), min_size=1, max_size=4, unique=True)):
        *groups, leaf = path.split(".")
        node = tree
        for group in groups:
            node = node.setdefault(group, {})
        node[leaf] = draw(_value(path))
    return tree


@settings(FUZZ)
@given(rules=rule_overlays(), name=hostile_text, players=st.one_of(st.integers(2, 4), st.integers(-1, 12)),
       command=st.sampled_from(["validate", "show", "play", "simulate", "doc", "referee"]))
def test_generated_rulesets(tmp_path_factory, rules, name, players, command):
    tmp = tmp_path_factory.mktemp("ruleset")
    spec = house(tmp, "fuzz", rules, name=name or "x")
    argv = {
        "validate": ["validate", spec],
        "show": ["show", spec, "--cite"],
        "play": ["play", spec, "--players", players, "--rounds", "2"],
        "simulate": ["simulate", spec, "--players", players, "--rounds", "5"],
        "doc": ["doc", spec, "--cite"],
        "referee": ["play", spec, "--players", players, "--rounds", "1", "--quiet", "--log", tmp / "g.jsonl"],
    }[command]
    run = run_cli(argv, timeout=60)
    assert run.problems() == [], run.text[-1500:]
    if command == "referee" and run.code == 0:
        run = run_cli(["referee", tmp / "g.jsonl", "--rulesets", tmp], timeout=60)
        assert run.code == 0 and run.problems() == [], run.text[-1500:]


CARD = st.one_of(st.sampled_from(["7r", "3b", "10y", "W2", "#g", "#g=5", "W2=r", "5g", "9b"]), hostile_text)
cards = st.lists(CARD, max_size=6).map(" ".join)
ACTION = st.one_of(
    st.sampled_from(["draw", "end", "call-dos", "pass", "catch-dos 1", "place 9b", "match 7r with 7b",
                     "match 7r with 3r+4r", "match 5r with 3r+W2=r", "declare #g=5"]),
    st.builds(lambda a, b: f"match {a} with {b}", CARD, CARD), hostile_text)


@settings(FUZZ)
@given(row=cards, hands=st.lists(st.one_of(cards, st.integers(-2, 300).map(str)), min_size=1, max_size=4),
       actions=st.lists(ACTION, min_size=1, max_size=3), turn=st.one_of(st.none(), hostile_int),
       players=st.one_of(st.none(), st.integers(-1, 12)), called=st.lists(st.integers(-1, 4), max_size=3),
       deck=st.one_of(st.none(), cards), next_round=st.booleans())
def test_generated_ask_questions(row, hands, actions, turn, players, called, deck, next_round):
    argv = ["ask", "--row", row, *[x for h in hands for x in ("--hand", h)],
            *[x for a in actions for x in ("--action", a)], *[x for c in called for x in ("--called", c)]]
    argv += ["--turn", turn] if turn is not None else []
    argv += ["--players", players] if players is not None else []
    argv += ["--deck", deck] if deck is not None else []
    argv += ["--next-round"] if next_round else []
    run = run_cli(argv, timeout=60)
    assert run.problems() == [], run.text[-1500:]


@settings(FUZZ)
@given(data=st.data())
def test_generated_scenario_files(tmp_path_factory, data):
    draw = data.draw
    scenario = {"title": draw(hostile_text), "question": draw(hostile_text), "hands": draw(st.lists(
        st.one_of(cards, hostile_int), max_size=4)), "row": draw(cards), "action": draw(ACTION),
        "expect": draw(st.dictionaries(st.sampled_from(["mattel-2018", "german", "../x", "x" * 80]),
                                       st.one_of(st.sampled_from(["legal", "illegal", "rule-gap"]), hostile_text),
                                       max_size=2))}
    for key in draw(st.lists(st.sampled_from(["players", "turn", "dealer", "scores", "called", "seed", "deck",
                                              "start", "dealer_draw", "phase", "follow"]), max_size=3, unique=True)):
        scenario[key] = draw(st.one_of(hostile_int, hostile_text, st.lists(hostile_int, max_size=3)))
    path = tmp_path_factory.mktemp("scenario") / "s.yaml"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    run = run_cli(["ask", path], timeout=60)
    assert run.problems() == [], run.text[-1500:]


_GOOD_LOG: list[str] = []


def _good_log() -> list[str]:
    if not _GOOD_LOG:
        out = io.StringIO()
        play_game(load_ruleset("mattel-2018"), 2, 5, ["greedy", "random"], log=out, max_rounds=2)
        _GOOD_LOG.extend(out.getvalue().splitlines())
    return list(_GOOD_LOG)


json_values = st.recursive(st.one_of(st.none(), st.booleans(), hostile_int, hostile_text,
                                     st.floats(allow_nan=True)),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(hostile_text, inner, max_size=3),
                           max_leaves=8)


@settings(FUZZ)
@given(data=st.data())
def test_generated_game_logs(tmp_path_factory, data):
    """A real log, then edits: lines dropped, repeated, swapped or cut; fields set to any JSON
    value; garbage lines. The referee must name the problem (or accept a log that is still fine)."""
    lines = _good_log()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["drop", "repeat", "swap", "cut", "field", "garbage"]))
        if how == "drop" and len(lines) > 1:
            del lines[i]
        elif how == "repeat":
            lines.insert(i, lines[i])
        elif how == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif how == "cut":
            lines[i] = lines[i][:data.draw(st.integers(0, len(lines[i])))]
        elif how == "field":
            record = json.loads(lines[i]) if lines[i].startswith("{") and lines[i].endswith("}") else {}
            record[data.draw(st.sampled_from(["type", "seq", "round", "seat", "action", "ruleset", "seed",
                                              "players", "max_rounds", "max_turns", "scores", "winner",
                                              "reason", "format", "version", "ruleset_hash"]))] = data.draw(json_values)
            lines[i] = json.dumps(record, ensure_ascii=False)
        elif how == "garbage":
            lines.insert(i, data.draw(hostile_text))
    path = tmp_path_factory.mktemp("log") / "g.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = run_cli(["referee", path], timeout=60)
    assert run.problems() == [], run.text[-1500:]


OPTION_VALUES = st.one_of(hostile_int.map(str), hostile_text, st.sampled_from(["0", "-0", "1.5", "inf", "nan", ""]))
COMMANDS = {
    "play": ["mattel-2018", "--players", "2", "--rounds", "1"],
    "simulate": ["mattel-2018", "--players", "2", "--rounds", "3"],
    "compare": ["mattel-2018", "german", "--players", "2", "--rounds", "3", "--no-witnesses"],
    "verify": ["mattel-2018", "--turns", "1", "--time-limit", "5"],
    "doc": ["mattel-2018"],
    "show": ["mattel-2018"],
    "validate": ["mattel-2018"],
    "ask": ["--row", "7r", "--hand", "7b", "--action", "draw"],
    "gaps": ["german", "--no-verify"],
    "list": [],
}
OPTIONS = ["--players", "--rounds", "--games", "--seed", "--jobs", "--agents", "--policy", "--turns", "--timeout",
           "--time-limit", "--alpha", "--gap-threshold", "--chunk-rounds", "--witness-size", "--format", "--lang",
           "--against", "--rulesets", "--ruleset", "--turn", "--dealer", "--called", "--deck", "--db", "--executor",
           "--scheduler", "--under", "--options", "--fill", "--baseline", "--margin", "--chunk-games"]


@settings(FUZZ)
@given(command=st.sampled_from(sorted(COMMANDS)),
       extra=st.lists(st.tuples(st.sampled_from(OPTIONS), OPTION_VALUES), max_size=3),
       positional=st.lists(hostile_text, max_size=1))
def test_generated_argument_vectors(tmp_path_factory, monkeypatch_env, command, extra, positional):
    tmp = tmp_path_factory.mktemp("argv")
    argv = [command, *COMMANDS[command], *positional, "--db", tmp / "r.sqlite"] if command == "compare" else \
        [command, *COMMANDS[command], *positional]
    for option, value in extra:
        argv += [option, value]
    run = run_cli(argv, timeout=90)
    assert run.problems() == [], (argv, run.text[-1500:])


@settings(FUZZ)
@given(command=st.sampled_from(sorted(COMMANDS)), stdout=st.sampled_from(["full", "closed", "ascii"]),
       extra=st.lists(st.tuples(st.sampled_from(["--json", "--cite", "--verbose", "--quiet"]), st.just(None)),
                      max_size=1),
       name=hostile_text)
def test_generated_runs_on_a_stdout_that_fails(tmp_path_factory, monkeypatch_env, command, stdout, extra, name):
    """The output, encoding and closed-stream cases: every command, on a full disk, with no standard
    output, or on an ASCII-only one, ends cleanly; where it could not write, stderr says so."""
    tmp = tmp_path_factory.mktemp("out")
    argv = [command, *COMMANDS[command]]
    if command in ("show", "doc", "validate", "play", "simulate"):  # a ruleset whose name is not ASCII
        argv[1] = str(house(tmp, "named", {"target": 300}, name=f"Tisch — {name or 'x'} ✓"))
    if command == "compare":
        argv += ["--db", tmp / "r.sqlite"]
    argv += [option for option, _ in extra]
    run = run_cli(argv, timeout=90, stdout=stdout)
    assert run.problems() == [], (argv, stdout, run.text[-1500:])
    if stdout != "ascii" and run.code == 1 and "standard output" in run.err:
        assert {"full": "cannot write standard output: No space left on device",
                "closed": "standard output is closed"}[stdout] in run.err


@pytest.fixture
def monkeypatch_env(tmp_path, monkeypatch):
    """Runs write their cache and files under a temporary folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    return monkeypatch

