"""``dosrules gaps``: silences with readings and who chooses them; ``--measure``: which change the game."""

import json
import math
from pathlib import Path

import pytest
from test_cli_rulesets import run

from dosrules import load_ruleset
from dosrules.gaps.catalogue import describe_silence, describe_silences
from dosrules.ruleset.choices import choices
from dosrules.gaps.effects import CANT_TELL, MATTERS, NO_MATTER, ReadingEffect, SilenceVerdict, decide, paired_effect
from dosrules.gaps.measure import baseline_filling
from dosrules.ruleset.fill import fill_inline
from dosrules.ruleset.readings import OPEN_PATHS, ReadingError, reading_text, readings

FILL = Path(__file__).parent / "data" / "fill"


# --- readings and who chooses them -----------------------------------------------------------------


def test_every_reading_a_shipped_ruleset_chooses_is_a_declared_reading():
    for path in OPEN_PATHS:
        declared = {reading_text(v) for v in readings(path)}
        assert {c.text for c in choices(path)} <= declared, path


def test_who_chooses_which_reading_with_citations():
    (reshuffle,) = choices("deck_exhaustion")
    assert (reshuffle.ruleset, reshuffle.kind, reshuffle.text) == ("reshuffle", "house", "reshuffle-discard")
    assert reshuffle.provenance.citation.source == "000"
    wild_row = {c.ruleset: c.text for c in choices("all_wild_row")}
    assert wild_row == {"all-wild-row": "matcher-declares", "all-wild-row-placer": "placer-declares",
                        "all-wild-row-bury": "bury-and-reflip"}
    two = [c for c in choices("refill.minimum")]  # not a rule with readings: nobody "chooses" it
    assert two == []


def test_german_silences_for_four_players_with_readings_and_the_verifier():
    reports = {r.path: r for r in describe_silences(load_ruleset("german"), 4)}
    assert list(reports) == ["setup.first_dealer", "setup.symbol_value_for_dealer", "setup.dealer_tie", "setup.next_dealer",
                             "setup.first_player", "setup.direction", "drawing.draw_when_match_possible",
                             "drawing.decline_match_after_draw", "bonuses.others_draw_timing",
                             "wilds.wild_dos.row_colour", "wilds.wild_number.colour", "wilds.wild_number.row_value",
                             "dos_call.penalty_timing", "dos_call.catch_window",
                             "going_out.double_colour_draw_before_scoring",
                             "going_out.pending_penalty", "deck_exhaustion", "all_wild_row"]
    deck = reports["deck_exhaustion"]
    assert [(o.text, [c.ruleset for c in o.chosen_by]) for o in deck.readings] == \
           [("reshuffle-discard", ["reshuffle"]), ("end-round", [])]
    assert deck.reach.verdict == "reachable" and deck.reach.players == 4 and deck.reach.turns >= 1
    assert deck.reach.phrase() == f"reachable in turn {deck.reach.turns + 1} (4 players)"
    assert reports["drawing.draw_when_match_possible"].reach.verdict == "not-searched"
    assert deck.fill_spec("german", deck.readings[1]) == "german~deck_exhaustion=end-round"


def test_describe_silence_answers_for_any_rule_with_readings():
    report = describe_silence(load_ruleset("german~mattel-2018"), "setup.next_dealer")
    assert report.players == () and report.reach is None  # filled: no longer silent
    assert [o.text for o in report.readings] == ["previous-winner", "pass-left"]
    assert {c.ruleset for c in report.readings[0].chosen_by} == {"mattel-2018"}
    assert {c.ruleset for c in report.readings[1].chosen_by} == {"digest-2017"}
    with pytest.raises(ReadingError):
        describe_silence(load_ruleset("german"), "refill.minimum")


# --- baseline and variants -------------------------------------------------------------------------


def test_the_baseline_takes_the_reading_most_rulesets_choose_or_the_one_given():
    german = load_ruleset("german")
    filling = baseline_filling(german, "german", 4)
    chosen = {r.path: (r.reading, r.why) for r in filling.readings}
    assert chosen["setup.first_dealer"] == ("high-card", "the only reading")
    assert chosen["deck_exhaustion"] == ("reshuffle-discard", "chosen by reshuffle")
    assert chosen["drawing.decline_match_after_draw"][0] == "place-card"  # no ruleset chooses: the first
    assert chosen["all_wild_row"][0] == "matcher-declares"  # one ruleset each: the first declared
    given = baseline_filling(german, "german", 4, baseline="all_wild_row=bury-and-reflip~deck_exhaustion=end-round")
    chosen = {r.path: (r.reading, r.why) for r in given.readings}
    assert chosen["all_wild_row"] == ("bury-and-reflip", "--baseline all_wild_row=bury-and-reflip~deck_exhaustion="
                                                         "end-round (from all_wild_row=bury-and-reflip)")
    assert chosen["deck_exhaustion"][0] == "end-round"
    assert filling.spec_with({"deck_exhaustion": None}).count("~") == 17
    assert load_ruleset(filling.spec_with()).id == filling.spec_with()


@pytest.mark.parametrize("target", ["german", "german~deck_exhaustion=end-round", "silent-pairs~pair-reader"])
def test_filling_inline_in_process_gives_the_ruleset_the_spec_names(target):
    ruleset = load_ruleset(target, [FILL])
    parts = ["all_wild_row=placer-declares", "drawing.decline_match_after_draw=forbidden", "deck_exhaustion=end-round"]
    loaded = load_ruleset("~".join([target, *parts]), [FILL])
    assert fill_inline(ruleset, parts).content_hash == loaded.content_hash
    assert fill_inline(ruleset, parts).tree == loaded.tree


# --- statistics ------------------------------------------------------------------------------------


def test_paired_effects_agree_with_scipy_stats():
    from scipy import stats

    ours = [6.1, 6.4, 5.9, 6.8, 6.2, 6.0, 6.5, 6.3]
    base = [6.0, 6.1, 6.0, 6.3, 6.2, 5.8, 6.1, 6.0]
    diffs = [a - b for a, b in zip(ours, base)]
    e = paired_effect("p", "r", "turns", ours, base, baseline=6.0, margin=0.3)
    test = stats.ttest_1samp(diffs, 0.0)
    assert math.isclose(e.estimate, sum(diffs) / 8) and math.isclose(e.p, test.pvalue, rel_tol=1e-9)
    lo, hi = test.confidence_interval(0.95)
    assert math.isclose(e.ci95[0], lo, rel_tol=1e-9) and math.isclose(e.ci95[1], hi, rel_tol=1e-9)
    lower = stats.ttest_1samp(diffs, -0.3, alternative="greater").pvalue
    upper = stats.ttest_1samp(diffs, 0.3, alternative="less").pvalue
    assert math.isclose(e.p_equivalence, max(lower, upper), rel_tol=1e-9)
    assert math.isclose(e.relative, e.estimate / 6.0)


def test_identical_games_are_no_effect_and_missing_chunks_are_left_out():
    same = paired_effect("p", "r", "seat:0", [0.25, 0.3, None], [0.25, 0.3, 0.2], baseline=0.25, margin=0.03)
    assert (same.pairs, same.estimate, same.ci95, same.p, same.p_equivalence) == (2, 0.0, (0.0, 0.0), 1.0, 0.0)
    assert same.relative is None  # seat shares are already shares
    shifted = paired_effect("p", "r", "turns", [7.0, 8.0], [6.0, 7.0], baseline=6.5, margin=0.3)
    assert (shifted.p, shifted.p_equivalence) == (0.0, 1.0)
    short = paired_effect("p", "r", "turns", [7.0], [6.0], baseline=6.5, margin=0.3)
    assert short.estimate is None and short.p == 1.0


def _effect(path, estimate, sd, p, p_equivalence, margin=1.0):
    e = ReadingEffect(path, "r", "turns", 10.0, margin, 20, estimate, (estimate - 1, estimate + 1), p, p_equivalence)
    e.sd = sd
    return e


def test_silences_are_grouped_by_holm_adjusted_differences_and_equivalence():
    verdicts = [SilenceVerdict("big", [_effect("big", 3.0, 1.0, 1e-6, 1.0)]),
                SilenceVerdict("none", [_effect("none", 0.01, 0.1, 0.9, 1e-5)]),
                SilenceVerdict("open", [_effect("open", 0.5, 2.0, 0.2, 0.4)])]
    decide(verdicts, alpha=0.05, chunk_rounds=250)
    groups = {v.path: v.group for v in verdicts}
    assert groups == {"big": MATTERS, "none": NO_MATTER, "open": CANT_TELL}
    assert verdicts[0].largest is verdicts[0].effects[0]
    assert verdicts[1].p_equivalence_holm == pytest.approx(3e-5)
    assert verdicts[2].rounds_needed and verdicts[2].rounds_needed % 250 == 0


# --- the command -----------------------------------------------------------------------------------


def test_gaps_lists_silences_as_text_and_json(capsys):
    code, out, err = run(capsys, "gaps", "german", "--players", "4")
    assert (code, err) == (0, "")
    assert "18 silences for 4 players: rules the sources leave unspecified" in out
    assert "  verifier: reachable in turn " in out
    assert "  end-round          no shipped ruleset chooses it" in out
    assert "reshuffle, house: 000 §10. What the sheet does not say" in out
    code, out, _ = run(capsys, "gaps", "german~mattel-2018", "--json", "--no-verify")
    doc = json.loads(out)
    assert doc["format"] == "dosrules-gaps/1" and doc["players"] == [2, 3, 4]
    # no source says what a tie in the draw for dealer does, who plays first, which way play passes,
    # when the others draw for a bonus, or whether a waiting DOS penalty is drawn by a player going
    # out: mattel-2018 fills none of these
    assert [s["path"] for s in doc["silences"]] == ["setup.dealer_tie", "setup.first_player", "setup.direction",
                                                    "drawing.decline_match_after_draw", "bonuses.others_draw_timing",
                                                    "going_out.pending_penalty", "deck_exhaustion", "all_wild_row"]
    assert all(s["verifier"] is None for s in doc["silences"])


@pytest.mark.parametrize("argv, message", [
    (["german", "--rounds", "10"], "--rounds is for --measure"),
    (["german", "--players", "7"], "--players 7: german is for 2 to 4 players"),
    (["german", "--measure", "--margin", "2"], "--margin must be between 0 and 1, not 2.0"),
    (["german", "--measure", "--executor", "dask", "--jobs", "2"], "--jobs is for --executor local"),
    (["german", "--measure", "--baseline", "nosuch"], "--baseline nosuch: no ruleset with the id 'nosuch'"),
])
def test_gaps_usage_errors(capsys, argv, message):
    code, out, err = run(capsys, "gaps", *argv)
    assert code == 2 and message in err and out == ""


# the silences of every shipped edition that greedy play meets in every game (who plays first, which
# way play passes) or that are beside the point here, read inline
SETTLED = ("~setup.dealer_tie=redraw-tied~setup.first_player=left-of-dealer~setup.direction=left"
           "~bonuses.others_draw_timing=immediate"
           "~going_out.pending_penalty=lapses")


def test_measure_refuses_a_ruleset_without_a_silence_to_measure(capsys, tmp_path):
    db = str(tmp_path / "r.sqlite")
    code, _, err = run(capsys, "gaps", "german~mattel-2018+reshuffle+all-wild-row~drawing.decline_match_after_draw"
                                       "=forbidden" + SETTLED, "--measure", "--db", db)
    assert code == 1 and "leaves no rule unspecified for 4 players: there is no silence to measure" in err
    code, _, err = run(capsys, "gaps", "mattel-2018+reshuffle+all-wild-row" + SETTLED, "--players", "2", "--measure",
                       "--rounds", "100", "--chunk-rounds", "50", "--jobs", "1", "--db", db)
    assert code == 1
    assert (f"play reached none of the silences of mattel-2018+reshuffle+all-wild-row{SETTLED} with 2 players in 50 "
            "rounds (drawing.decline_match_after_draw) under the policy greedy") in err


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gaps")
    argv = ["gaps", "open-start", "--rulesets", str(FILL), "--players", "3", "--measure", "--rounds", "400",
            "--chunk-rounds", "50", "--jobs", "1", "--db", str(folder / "r.sqlite")]
    return argv, folder


def test_measure_ranks_the_silences_and_a_rerun_computes_nothing(measured, capsys):
    from dosrules.cli import main

    argv, folder = measured
    assert main([*argv, "--json", "--html", str(folder / "gaps.html")]) == 0
    doc = json.loads(capsys.readouterr().out)
    m = doc["measure"]
    assert m["settings"]["rounds"] == 400 and m["settings"]["reach_rounds"] == 100
    assert m["groups"]["not-reached"] == ["drawing.decline_match_after_draw"]
    measured_paths = sorted(p for g in ("changes-the-game", "does-not-matter", "cant-tell") for p in m["groups"][g])
    assert measured_paths == ["setup.first_player", "setup.next_dealer"]
    assert m["reach"]["setup.first_player"]["rate"] == 1.0
    assert m["baseline"]["spec"].startswith("open-start~setup.next_dealer=previous-winner~setup.first_player=")
    (first,) = [s for s in m["silences"] if s["path"] == "setup.first_player"]
    assert {e["reading"] for e in first["effects"]} == {"dealer"}
    assert {e["figure"] for e in first["effects"]} == {"turns", "rounds_per_game", "cards_drawn", "seat:0",
                                                        "seat:1", "seat:2"}
    # both silences change the game so plainly that the first look (100 of 400 rounds, 2 chunks, at a
    # quarter of alpha) decides them, and neither is simulated further
    assert all(e["pairs"] == 2 for e in first["effects"] if e["figure"] == "turns")
    assert all("decided after 100 rounds per reading" in s["notes"][-1] for s in m["silences"])
    assert [r["computed"] for r in m["run"]] == [6, 6]  # 3 reach runs of 2 chunks; baseline + 2 readings x 2
    assert m["run"][1]["looks"] == [{"rounds": 100, "silences": 2, "computed": 6}]
    html = (folder / "gaps.html").read_text()
    assert html.count("<svg") == 2 and "http" not in html.split("<body>")[1].split("<svg")[0]
    # the rules the ruleset reads by inference (its edition's) are listed on the page as in the text
    inferred = html.split("<h2>Read by inference</h2>")[1].split("<h2>")[0]
    assert doc["inferred"] and all(f"<code>{i['path']}</code>" in inferred for i in doc["inferred"])
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "Not reached by play (1)" in out
    assert "no round void at a rule gap (every figure is of the game" in " ".join(out.split())  # filled baseline
    assert "run (reach): 6 chunks, 6 from the store, 0 rounds simulated" in out
    assert "run (readings): 6 chunks, 6 from the store, 0 rounds simulated" in out


def test_a_measure_keeps_the_documents_it_validated_and_its_rerun_validates_none(measured, capsys, monkeypatch):
    """Each reading is a ruleset document of its own (19 for german at 4 players): the results
    store keeps their digests, so a rerun, which reads its chunks from the store, does not
    validate them again."""
    from dosrules.cli import main
    from dosrules.comparison.store import ResultStore
    from dosrules.ruleset import schema

    argv, folder = measured
    db = str(folder / "digests.sqlite")
    argv = [*argv[:-1], db]
    monkeypatch.setattr(schema, "KNOWN_VALID", set())
    monkeypatch.setattr(schema, "VALIDATED", set())
    assert main(argv) == 0
    with ResultStore(db) as store:
        kept = store.valid_documents()
    assert kept and kept == schema.VALIDATED  # the ruleset and the readings' documents
    schema.VALIDATED.clear()
    schema.KNOWN_VALID.clear()
    assert main(argv) == 0
    assert schema.VALIDATED == set() and kept <= schema.KNOWN_VALID
    capsys.readouterr()


def test_measure_on_a_dask_cluster_gives_the_local_numbers(tmp_path, capsys):
    distributed = pytest.importorskip("distributed", reason="dask.distributed is not installed")
    from dosrules.cli import main

    argv = ["gaps", "open-start", "--rulesets", str(FILL), "--players", "3", "--measure", "--rounds", "100",
            "--chunk-rounds", "50", "--json"]
    assert main([*argv, "--jobs", "1", "--db", str(tmp_path / "local.sqlite")]) == 0
    local = json.loads(capsys.readouterr().out)["measure"]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        assert main([*argv, "--executor", "dask", "--scheduler", cluster.scheduler_address,
                     "--db", str(tmp_path / "dask.sqlite")]) == 0
    cluster_doc = json.loads(capsys.readouterr().out)["measure"]
    assert cluster_doc["run"][1]["executor"] == "dask" and cluster_doc["run"][1]["computed"] == 6
    assert cluster_doc["silences"] == local["silences"] and cluster_doc["reach"] == local["reach"]


def test_the_looks_grow_in_whole_chunks_to_the_rounds_asked():
    from dosrules.gaps.measure import looks
    assert looks(5000, 250) == [1250, 2500, 5000]
    assert looks(400, 50) == [100, 200, 400]
    assert looks(100, 50) == [100]  # two chunks at the least: one look
    assert looks(300, 50) == [100, 150, 300]  # 300 // 4 is less than two chunks
