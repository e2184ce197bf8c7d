"""The C planner (dosrules/play/_plan.c) chooses exactly what greedy's choice in Python
(dosrules/play/planner.py, the oracle) chooses."""

import os
import random
import subprocess
import sys
from types import SimpleNamespace
from pathlib import Path

import pytest

from dosrules import load_ruleset
from dosrules.play import agents, planner
from dosrules.ruleset.cards import Card, Kind
from dosrules.engine import Phase, new_game
from dosrules.engine.compiled import CompiledRules

_plan = pytest.importorskip("dosrules.play._plan", reason="the C planner dosrules.play._plan is not built "
                            "(no compiler at install time): plain_plan plans in Python")

# editions, house rules and compositions: every wild rule stated or left open, Wild DOS in the row
# matcher-declared or not, placer-declared wilds, other scoring (wider points)
SPECS = [("mattel-2018", 4), ("german", 3), ("digest-2017", 2), ("mattel-2018+reshuffle", 4),
         ("german+all-wild-row+reshuffle", 2), ("digest-2017+two-player", 2),
         ("mattel-2018+all-wild-row-placer", 3), ("german+target-500", 4)]


def native_table(c: CompiledRules):
    """The C planner's table for these rules (built here, so DOSRULES_PURE_PYTHON does not matter)."""
    t = planner.tables_for(c)
    return _plan.Table(c.faces, t.bits, t.tbits, t.points, t.lo, t.hi)


def positions(c: CompiledRules, rng: random.Random, n: int):
    """(hand, row, used) drawn from the interned faces: small to big hands (up to 35 cards), wild-rich
    hands, row faces repeated and taken from the hand, used row cards, wide rows mostly used. At
    most 5 free row cards: the Python planner's search grows exponentially with them."""
    faces = c.faces
    wilds = [f for f in faces if f.kind is not Kind.NUMBER]
    for _ in range(n):
        nh = rng.choice([1, 2, 3, 5, 7, 9, 12, 20, 35])
        nr = rng.choice([1, 2, 2, 3, 3, 4, 5])
        if rng.random() < 0.7:
            pool = faces
        else:  # few number faces and several copies of each wild: Wild # and Wild DOS pairs
            pool = list(faces[:rng.randrange(1, len(faces))]) + wilds * 3
        hand = [rng.choice(pool) for _ in range(nh)]
        row = [rng.choice(pool if rng.random() < 0.5 else hand) for _ in range(nr)]
        if rng.random() < 0.3:  # one face several times in the row: shared option lists
            row = [row[0] if rng.random() < 0.6 else card for card in row]
        used = [rng.random() < 0.2 for _ in row]
        if rng.random() < 0.3:  # a wide row, most of it matched already this turn
            extra = rng.randrange(3, 10)
            row += [rng.choice(faces) for _ in range(extra)]
            used += [True] * extra
            order = list(range(len(row)))
            rng.shuffle(order)
            row, used = [row[j] for j in order], [used[j] for j in order]
        yield hand, row, used


@pytest.mark.parametrize("spec, players", SPECS)
def test_native_and_python_planners_pick_the_same_options(spec, players, monkeypatch):
    c = CompiledRules(load_ruleset(spec), players)
    table, tables = native_table(c), planner.tables_for(c)
    searched = {"two": 0, "more": 0}

    class CountingSearch(planner._Search):
        def __init__(self, slots, counts, best_first):
            searched["two" if len(slots) == 2 else "more"] += 1
            super().__init__(slots, counts, best_first)

    monkeypatch.setattr(planner, "_Search", CountingSearch)
    rng = random.Random(f"{spec}/{players}")
    planned = 0
    for hand, row, used in positions(c, rng, 500):
        expected = planner.plan_keys(tables, hand, row, used)
        assert table.plan(hand, row, used) == expected, ([str(x) for x in hand], [str(x) for x in row], used)
        planned += bool(expected)
    # the hard cases came up: the best options clash and a search decides (two slots, and more)
    assert planned >= 300 and searched["two"] >= 20 and searched["more"] >= 20, (planned, searched)


def test_plain_plan_uses_the_native_planner_and_matches_the_python_plan():
    """Along greedy games, plain_plan (native when built and not disabled) plans what the Python
    formulation plans."""
    ruleset = load_ruleset("mattel-2018+reshuffle")
    compared = 0
    for seed in range(3):
        s = new_game(ruleset, 4, seed)
        players = [agents.GreedyAgent(seed * 10 + k) for k in range(4)]
        for _ in range(300):
            if s.is_terminal():
                break
            if s.phase is Phase.TURN and not s.drew:
                plan = planner.plain_plan(s)
                tables = planner.tables_for(s.c)
                keys = planner.plan_keys(tables, s.hands[s.turn_seat], s.row, s.used)
                assert [tables.matches[k] for k in keys] == plan, str(s)
                compared += 1
            s.apply(players[s.current_player()].act(s))
    assert compared >= 100
    if planner._native is not None:
        assert isinstance(planner.tables_for(s.c).native, _plan.Table)


def test_plan_matches_gives_the_objects_remembered_for_the_plans_keys():
    """plan_matches: the keys (a tuple) while one has no object, then the objects remembered for
    them, for every position; remember keeps its objects however many keys there are."""
    c = CompiledRules(load_ruleset("german"), 3)
    table = native_table(c)
    rng = random.Random("memo")
    remembered = {}
    for hand, row, used in positions(c, rng, 400):
        keys = table.plan(hand, row, used)
        got = table.plan_matches(hand, row, used)
        if keys is None:
            assert got is None
            continue
        if all(k in remembered for k in keys):
            assert type(got) is list and got == [remembered[k] for k in keys]
            assert all(a is remembered[k] for a, k in zip(got, keys))
        else:
            assert type(got) is tuple and list(got) == keys
            for k in keys:
                remembered.setdefault(k, [k])  # any object but a tuple
                table.remember(k, remembered[k])
            assert table.plan_matches(hand, row, used) == [remembered[k] for k in keys]
    assert len(remembered) > 64  # the memo grew past its first size
    with pytest.raises(TypeError):
        table.remember(next(iter(remembered)), ("a", "tuple"))
    with pytest.raises(TypeError):
        table.remember((1, 2, 3), "x")


def test_the_native_planner_leaves_unknown_cards_and_odd_shapes_to_python():
    c = CompiledRules(load_ruleset("mattel-2018"), 2)
    table = native_table(c)
    seven, three, four = (c.faces[[str(f) for f in c.faces].index(n)] for n in ("7r", "3r", "4r"))
    keys = table.plan([three, four], [seven], [False])
    assert keys == planner.plan_keys(planner.tables_for(c), [three, four], [seven], [False])
    assert [(t, total, fs) for t, total, fs, _ in keys] == [(c.face_of[seven], 7, (c.face_of[three], c.face_of[four]))]
    stranger = Card(Kind.NUMBER, 3, three.colour)  # equal to 3r but not the interned object
    assert stranger == three and stranger is not three
    assert table.plan([stranger, four], [seven], [False]) is None
    assert table.plan([three, four], [seven, seven], [False]) is None  # `used` shorter than the row
    assert table.plan([three, four], [seven], [0]) is None  # not a bool: Python decides
    wide = [seven] * (_plan.MAX_SLOTS + 1)
    assert table.plan([three, four], wide, [False] * len(wide)) is None
    assert table.plan([three, four], wide, [True] * len(wide)) == []
    assert table.plan([], [seven], [False]) == [] and table.plan([three], [], []) == []


def test_tables_out_of_the_native_range_fall_back_to_python(monkeypatch):
    monkeypatch.setattr(planner, "_native", _plan)  # whatever DOSRULES_PURE_PYTHON says
    c = CompiledRules(load_ruleset("mattel-2018"), 2)
    t = planner.tables_for(c)
    with pytest.raises(OverflowError):
        _plan.Table(c.faces, t.bits, t.tbits, [1 << 50] * len(c.faces), t.lo, t.hi)
    with pytest.raises(ValueError):
        _plan.Table(c.faces, t.bits[:-1], t.tbits, t.points, t.lo, t.hi)
    with pytest.raises(ValueError, match="not initialised"):
        _plan.Table.__new__(_plan.Table).plan([], [], [])
    # points out of the C planner's range: the tables keep no C table, and the Python code plans
    huge = CompiledRules(load_ruleset("mattel-2018"), 2)
    huge.f_score = [1 << 50] * len(huge.faces)
    tables = planner.tables_for(huge)
    assert tables.native is None and t.native is not None
    face = {str(f): f for f in huge.faces}
    position = SimpleNamespace(c=huge, hands=[[face["3r"], face["4b"], face["7g"]]], turn_seat=0, row=[face["7r"]],
                               used=[False])
    assert [str(m) for m in planner.plain_plan(position)] == ["match 7r with 3r+4b"]


def test_dosrules_pure_python_disables_the_native_planner():
    code = "import dosrules.play.planner as p; print(p._native is None)"
    root = Path(__file__).resolve().parent.parent  # this checkout's dosrules, first on sys.path
    env = dict(os.environ, DOSRULES_PURE_PYTHON="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "True"
    env.pop("DOSRULES_PURE_PYTHON")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
