"""The gap search's one-shot checks (``_Track`` with ``fresh``): the same answers as the
incremental solver, each query asked of a new solver holding the track as assertions."""

import pytest
import z3

from dosrules import load_ruleset
from dosrules.verify import Budget
from dosrules.verify import reach


def _answers(rules, n: int, fresh: bool, depth: int) -> list:
    track = reach._Track(rules, n, Budget(), fresh=fresh)
    out = []
    for k in range(depth):
        t = track.query(k)
        for path, expr in sorted(reach._situations(rules, t, {}).items()):
            status, got = track.ask(expr)
            if status == "sat":  # a model of the whole track: the query holds in it
                assert z3.is_true(got.eval(expr, model_completion=True))
            out.append((k, path, status))
        track.extend(k, False)
    return out


@pytest.mark.parametrize("spec", ["mattel-2018", "german"])
def test_a_fresh_solver_gives_the_incremental_answers(spec):
    rules = load_ruleset(spec).for_players(2)
    fresh, incremental = _answers(rules, 2, True, 4), _answers(rules, 2, False, 4)
    assert [a for a in fresh if a[2] != "unknown"] and fresh == incremental


def test_a_fresh_check_leaves_the_track_as_it_was():
    """The query's assumptions go to the new solver only: the track's own solver keeps its
    assertions (a later depth is built on them)."""
    rules = load_ruleset("mattel-2018").for_players(2)
    track = reach._Track(rules, 2, Budget(), fresh=True)
    before = len(track.solver.assertions())
    t = track.query(0)
    held = len(track.solver.assertions())
    track.ask(z3.Or(list(t.gaps.values()) or [z3.BoolVal(True)]))
    assert len(track.solver.assertions()) == held >= before


def test_searches_without_reshuffles_ask_fresh_solvers_and_the_others_do_not(monkeypatch):
    made = []
    original = reach._Track.__init__

    def spy(self, *args, **kwargs):
        original(self, *args, **kwargs)
        made.append((self.from_deck, self.fresh))

    monkeypatch.setattr(reach._Track, "__init__", spy)
    for spec in ("mattel-2018", "mattel-2018+reshuffle"):
        reach._search_uncached(load_ruleset(spec).for_players(2), 2, Budget(), 1, {}, {})
    assert made == [(False, True), (False, False), (True, False)]
