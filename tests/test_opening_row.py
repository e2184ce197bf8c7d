"""The opening Centre Row: ``setup.centre_row`` (the fewest cards turned up) and
``setup.centre_row_extra`` (how many more), so that 003's "mindestens zwei Karten" is written as
the source says it and the number the engine turns up is a named reading, never its own choice."""

from __future__ import annotations

import pytest

from dosrules import load_ruleset
from dosrules.engine import new_game
from dosrules.engine.events import Dealt, RoundVoid, RuleGap
from dosrules.errors import DosrulesError
from dosrules.gaps.catalogue import describe_silence
from dosrules.ruleset.model import Status, is_unspecified
from dosrules.ruleset.readings import readings, silences
from dosrules.ruleset.silences import AT_EVERY_DEAL, VOIDS, on_silence
from dosrules.verify.deal import deal_feasible
from dosrules.verify.solving import DEFAULT_BUDGET, SolverVerdict

OPEN = "german@setup.centre_row_extra=unspecified"


def test_german_states_at_least_two_and_infers_no_more():
    german = load_ruleset("german")
    least = german.provenance_of("setup.centre_row")
    assert german.rules.setup.centre_row == 2 and least.status is Status.STATED
    assert "mindestens zwei Karten" in least.citation.quote
    extra = german.provenance_of("setup.centre_row_extra")
    assert german.rules.setup.centre_row_extra == 0 and extra.status is Status.INFERRED
    assert extra.citation.quote == "Die beiden aufgedeckten Karten" and "at least two" in extra.note
    for edition in ("mattel-2018", "digest-2017"):  # their sources name two: stated, not read
        assert load_ruleset(edition).provenance_of("setup.centre_row_extra").status is Status.STATED


def test_the_readings_are_the_minimum_and_one_or_two_more():
    assert readings("setup.centre_row_extra") == (0, 1, 2)


@pytest.mark.parametrize("extra", [0, 1, 2])
def test_the_deal_turns_up_the_minimum_plus_the_extra(extra):
    state = new_game(f"german@setup.centre_row_extra={extra}", 3, seed=5)
    dealt = next(e for e in state.events if isinstance(e, Dealt))
    assert len(dealt.row) == 2 + extra
    assert len(state.deck) == 108 - 3 * 7 - 2 - extra
    assert not any(isinstance(e, RuleGap) and e.path == "setup.centre_row_extra" for e in state.events)


def test_left_open_every_deal_meets_it_and_the_round_is_void():
    ruleset = load_ruleset(OPEN)
    assert [s.path for s in silences(ruleset, 3) if s.path.startswith("setup.centre")] == ["setup.centre_row_extra"]
    assert on_silence("setup.centre_row_extra", ruleset.for_players(3)).how == VOIDS
    state = new_game(ruleset, 3, seed=2, max_rounds=4)
    gaps = [e for e in state.events if isinstance(e, RuleGap) and e.path == "setup.centre_row_extra"]
    assert len(gaps) == 4 and all(g.voids for g in gaps)
    assert sum(isinstance(e, RoundVoid) for e in state.events) == 4 and state.is_terminal()
    assert "beyond 2" in gaps[0].situation


def test_a_reading_fills_the_silence():
    filled = load_ruleset(OPEN + "~setup.centre_row_extra=1")
    assert filled.rules.setup.centre_row_extra == 1
    assert filled.provenance_of("setup.centre_row_extra").status is Status.FILLED
    state = new_game(filled, 3, seed=2)
    assert len(next(e for e in state.events if isinstance(e, Dealt)).row) == 3
    # german gives its own reading (inferred), which a fill never overrides
    assert load_ruleset("german~setup.centre_row_extra=2").rules.setup.centre_row_extra == 0


def test_gaps_lists_who_reads_it_how():
    report = describe_silence(load_ruleset(OPEN), "setup.centre_row_extra", players=3)
    chosen = {opt.value: sorted(c.ruleset for c in opt.chosen_by) for opt in report.readings}
    assert chosen == {0: ["digest-2017", "german", "mattel-2018"], 1: [], 2: []}


def test_the_opening_row_has_the_limit_of_the_row():
    with pytest.raises(DosrulesError, match=r"opening Centre Row of 9 \+ 2 cards is above the limit of 10"):
        load_ruleset("mattel-2018@setup.centre_row=9@setup.centre_row_extra=2")
    with pytest.raises(DosrulesError, match="plus a Centre Row of 10 needs 110 cards"):  # 4 x 25 + 8 + 2 > 108
        load_ruleset("mattel-2018@setup.hand_size=25@setup.centre_row=8@setup.centre_row_extra=2")
    load_ruleset("mattel-2018@setup.hand_size=25@setup.centre_row=8")  # 108 cards: fits without the extra


def test_the_verifier_counts_the_extra_in_the_first_row():
    short = deal_feasible(load_ruleset("mattel-2018@setup.centre_row=1"), DEFAULT_BUDGET)
    assert short.verdict is SolverVerdict.COUNTEREXAMPLE and "below the refill minimum" in short.witness
    topped = deal_feasible(load_ruleset("mattel-2018@setup.centre_row=1@setup.centre_row_extra=1"), DEFAULT_BUDGET)
    assert topped.verdict is SolverVerdict.PROVED and "setup.centre_row_extra" in topped.rule_paths


def test_the_opening_row_is_the_minimum_while_the_extra_is_open():
    setup = load_ruleset(OPEN).rules.setup
    assert is_unspecified(setup.centre_row_extra) and setup.opening_row == 2
    assert load_ruleset("german@setup.centre_row_extra=2").rules.setup.opening_row == 4


def test_gaps_lists_the_reading_german_infers_with_the_others():
    from dosrules.gaps.catalogue import inferred_readings
    from dosrules.gaps.report import build_document, render_text

    german = load_ruleset("german")
    assert "setup.centre_row_extra" not in [s.path for s in silences(german)]  # read, not open
    found = {i.path: i for i in inferred_readings(german)}
    row = found["setup.centre_row_extra"]
    assert (row.value, row.others, row.players) == (0, (1, 2), (2, 3, 4))
    assert row.citation.quote == "Die beiden aufgedeckten Karten"
    assert "setup.centre_row_extra" not in {i.path for i in inferred_readings(load_ruleset("mattel-2018"))}
    text = " ".join(render_text(build_document("german", german, [], [2, 3, 4], inferred=list(found.values()))).split())
    assert 'setup.centre_row_extra = 0; other readings: 1, 2: 003 §Spielablauf: "Die beiden aufgedeckten Karten"' in text
    assert "Play another reading: german@setup.centre_row_extra=1" in text


def test_at_a_table_of_people_the_deal_asks_for_a_reading(tmp_path):
    """Left open, the first deal asks the table how many cards to turn up; the game then goes on
    under the reading chosen, and the referee accepts the log."""
    import io
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from tablekit import FOUR, GapPerson

    from dosrules.play.gamelog import referee
    from dosrules.play.simulate import load
    from dosrules.play.table import Table

    log = io.StringIO()
    table = Table(load(OPEN), 4, 3, FOUR, log=log)
    q = table.question
    assert (q.path, q.seat, q.action, q.round) == ("setup.centre_row_extra", None, None, 1)
    assert [(o.reading, o.unavailable) for o in q.options] == [("0", None), ("1", None), ("2", None)]
    assert table.choose("3") is None  # the third reading: two more cards
    assert len(table.state.centre_row()) == 4 and table.state.round == 1
    GapPerson().play(table)
    path = tmp_path / "row.jsonl"
    path.write_text(log.getvalue(), encoding="utf-8")
    assert referee(path).actions == len(table.state.history)


@pytest.mark.parametrize("path", sorted(AT_EVERY_DEAL))
def test_a_silence_met_at_every_deal_voids_every_round_and_the_skeleton_says_so(path, tmp_path):
    from dosrules.ruleset.scaffold import edition_text

    state = new_game(f"mattel-2018@{path}=unspecified", 2, seed=9, max_rounds=5)
    deals = [e for e in state.events if isinstance(e, Dealt)]
    voids = [e for e in state.events if isinstance(e, RuleGap) and e.voids]
    assert len(deals) == 5 and [g.path for g in voids] == [path] * 5
    text = edition_text("mine", tmp_path / "mine.yaml", load_ruleset("digest-2017"), "mine.txt")
    line = next(l for l in text.splitlines() if l.strip().startswith(path.rsplit(".", 1)[-1] + ":"))
    assert "unspecified" in line and "every deal meets it" in line
