"""Greedy's choice (dosrules/play/planner.py): the hand check, the choice among options, the tables."""

import random

from dosrules import load_ruleset
from dosrules.engine.compiled import CompiledRules
from dosrules.play import planner
from dosrules.play.planner import SHED, choose, fits


def test_fits_counts_one_or_two_faces_against_the_hand():
    counts = [0, 1, 2]
    assert fits(counts, (1,)) and fits(counts, (2,)) and not fits(counts, (0,))
    assert fits(counts, (1, 2)) and fits(counts, (2, 2)) and not fits(counts, (1, 1)) and not fits(counts, (0, 2))


def first_best(slots, counts):
    """The definition, by brute force: every choice in enumeration order (each slot's options in
    order, then skipping it), the first of the highest total the hand pays for."""
    best, plan = -1, []

    def walk(k, total, chosen):
        nonlocal best, plan
        if k == len(slots):
            if total > best:
                best, plan = total, list(chosen)
            return
        for o in slots[k]:
            need = {}
            for f in o[3]:
                need[f] = need.get(f, 0) + 1
            if all(counts[f] >= n for f, n in need.items()):
                for f in o[3]:
                    counts[f] -= 1
                walk(k + 1, total + o[0], chosen + [o])
                for f in o[3]:
                    counts[f] += 1
        walk(k + 1, total, chosen)

    walk(0, 0, [])
    return plan


def random_slots(rng, faces):
    """Slots of options with few distinct scores (many ties) over a small hand; a slot may appear
    twice (one face twice in the row: the same list)."""
    slots = []
    for _ in range(rng.randrange(1, 6)):
        if slots and rng.random() < 0.2:
            slots.append(rng.choice(slots))
            continue
        opts = []
        for _ in range(rng.randrange(1, 6)):
            fs = tuple(sorted(rng.choice(range(faces)) for _ in range(rng.choice((1, 2)))))
            opts.append((len(fs) * SHED + rng.choice((0, 5, 7)), len(slots), len(opts), fs, 0))
        slots.append(opts)
    return slots


def test_choose_keeps_the_first_best_choice_in_the_given_order():
    rng = random.Random(11)
    clashed = 0
    for _ in range(3000):
        faces = rng.randrange(1, 5)
        counts = [rng.randrange(0, 3) for _ in range(faces)]
        slots = random_slots(rng, faces)
        slots = [[o for o in opts if all(counts[f] >= o[3].count(f) for f in o[3])] or opts[:0] for opts in slots]
        slots = [opts for opts in slots if opts]  # every option is payable alone, as in a game
        if not slots:
            continue
        before = list(counts)
        expected = first_best(slots, counts)
        assert choose(slots, counts, False) == expected
        assert counts == before
        clashed += sum(o[0] for o in expected) < sum(max(o[0] for o in opts) for opts in slots)
    assert clashed >= 300  # the search decided, not only the best options fitting together


def test_choose_best_first_searches_sorted_options_and_slots():
    rng = random.Random(12)
    for _ in range(2000):
        faces = rng.randrange(1, 5)
        counts = [2] * faces
        slots = random_slots(rng, faces)
        picks = [max(opts, key=lambda o: o[0]) for opts in slots]  # the first best of each slot
        if first_best([[p] for p in picks], list(counts)) == picks:
            expected = picks  # they fit together: the plan, in slot order
        else:
            ordered = sorted(([*sorted(opts, key=lambda o: -o[0])] for opts in slots), key=len)
            expected = first_best(ordered, list(counts))
        assert choose([list(opts) for opts in slots], counts, True) == expected


def test_tables_are_the_planners_own_and_kept_per_compiled_rules():
    c = CompiledRules(load_ruleset("mattel-2018"), 3)
    tables = planner.tables_for(c)
    assert planner.tables_for(c) is tables
    assert planner.tables_for(CompiledRules(load_ruleset("mattel-2018"), 3)) is not tables
    for name in ("f_points", "plain_decl", "w2_decl", "wn_decl", "f_kind", "f_value"):
        assert not hasattr(c, name)  # agent-only tables live in the play layer
    seven = c.faces.index(next(f for f in c.faces if str(f) == "7r"))
    assert (tables.points[seven], tables.lo[seven], tables.hi[seven], str(tables.plain_decl[seven])) == (7, 7, 7, "7r")
    wild = next(i for i, f in enumerate(c.faces) if str(f).startswith("#"))
    assert sorted(tables.wn_decl[wild]) == list(c.wild_range)
