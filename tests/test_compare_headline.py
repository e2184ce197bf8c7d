"""The comparison in words, on synthetic data: the headline, what was exercised and its warnings,
cards and witnesses as sentences, and plots that stay readable."""

import math

import pytest

from dosrules.comparison.effects import effects, seat_fairness
from dosrules.comparison.exercised import exercised
from dosrules.comparison.headline import headline, short_names
from dosrules.comparison.metrics import metric
from dosrules.comparison.plots import comparison_plots
from dosrules.comparison.wording import action_words, card_html, card_words, citation_text, witness_sentence

BASE, LONG, SAME, UNTESTED = "ed", "ed+long", "ed+same", "ed+deck"


def moments(n, mean, sd):
    half = 1.959964 * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "sd": sd, "ci95": [mean - half, mean + half], "min": 0, "max": 40}


def rate(k, n):
    return {"count": k, "rate": k / n, "ci95": [max(0, k / n - 0.01), min(1, k / n + 0.01)]}


def summary(turns=8.0, rpg=7.0, caught=0.4, deck=0.0, seats=(2500, 2500, 2500, 2500), void=0):
    rounds = 20000
    scored = sum(seats)
    return {
        "rounds": rounds, "games": 2000,
        "outcomes": {"scored": rate(scored, rounds), **({"void-gap": rate(void, rounds)} if void else {})},
        "per_round": {"turns": moments(rounds, turns, 4.0), "cards_drawn": moments(rounds, 7.0, 5.0),
                      "winner_points": moments(scored, 75.0, 50.0)},
        "per_game": {"rounds_per_game": moments(2000, rpg, 3.0)},
        "situations": {"dos-caught": moments(rounds, caught, 0.7), "deck-ran-out": moments(rounds, deck, 0.0),
                       "round-scored": moments(rounds, scored / rounds, 0.4)},
        "rule_gaps": {"all_wild_row": rate(void, rounds)} if void else {},
        "winner_seat_from_dealer": {str(k): rate(c, scored) for k, c in enumerate(seats)},
        "turns_histogram": {"5": 6000, "7": 7000, "9": 7000}, "rounds_per_game_histogram": {"7": 2000},
    }


def doc_of(summaries, diff, policy="casual"):
    specs = [BASE, LONG, SAME, UNTESTED]
    found = effects(summaries, specs, [4])
    reached = exercised(diff, summaries, specs, policy)
    gap_heavy = [{"ruleset": s, "players": 4, "void_share": summaries[(s, 4)]["outcomes"]["void-gap"]["rate"],
                  "paths": {"all_wild_row": 0.3}, "filled": None}
                 for s in specs if "void-gap" in summaries[(s, 4)]["outcomes"]]
    return {"rulesets": [{"spec": s} for s in specs], "settings": {"players": [4], "policy": policy},
            "simulation": [{"ruleset": s, "players": n, "summary": v} for (s, n), v in summaries.items()],
            "effects": {"tests": [e.to_json() for e in found]}, "exercised": reached,
            "seat_fairness": seat_fairness(summaries), "gap_heavy": gap_heavy}


def cell(spec, value):
    return {"ruleset": spec, "value": value}


DIFF = [{"path": "target", "players": [4], "cells": [cell(BASE, 200), cell(LONG, 500), cell(SAME, 200),
                                                          cell(UNTESTED, 200)]},
        {"path": "dos_call.catch_penalty", "players": [4],
         "cells": [cell(BASE, 2), cell(LONG, 2), cell(SAME, 3), cell(UNTESTED, 2)]},
        {"path": "deck_exhaustion", "players": [4],
         "cells": [cell(BASE, "unspecified"), cell(LONG, "unspecified"), cell(SAME, "unspecified"),
                   cell(UNTESTED, "reshuffle-discard")]}]


def family(changes=None):
    s = {(BASE, 4): summary(seats=(2000, 2800, 2700, 2500)), (LONG, 4): summary(rpg=21.0, seats=(2000, 2800, 2700, 2500)),
         (SAME, 4): summary(turns=8.01, seats=(2000, 2800, 2700, 2500)),
         (UNTESTED, 4): summary(seats=(2000, 2800, 2700, 2500))}
    s.update(changes or {})
    return s


def test_the_headline_says_what_changes_what_does_not_and_what_was_not_tested():
    text = headline(doc_of(family(), DIFF))
    assert 3 <= len(text) <= 6
    assert text[0] == "Against ed: with long, games last about 14 rounds longer (21.0 against 7.0)."
    assert any(t.startswith("Same makes no difference a player would notice (within turns per round ±0.5")
               for t in text)
    assert any("seats are not even under every ruleset: the player left of the dealer wins 28%" in t.lower()
               for t in text)
    assert any(t.startswith("A game lasts 7.0 rounds of 8.0 turns under ed; 21.0 under long") for t in text)
    last = text[-1]
    assert last.startswith("1 of the 3 differing rules was never or rarely put to the test under policy casual")
    assert "deck_exhaustion (the deck never ran out), so deck went untested" in last


def test_seats_shown_even_and_gaps_named():
    even = (2500, 2500, 2500, 2500)
    s = family({(k, 4): {**summary(void=6000, seats=even), "per_game": summary(rpg=21.0 if k == LONG else 7.0)
                         ["per_game"]} for k in (BASE, LONG, SAME, UNTESTED)})
    text = " ".join(headline(doc_of(s, DIFF)))
    assert "Seats are even within ±2 points under every ruleset." in text
    assert "Rule gaps void 30% of every ruleset's rounds (mostly all_wild_row)" in text


def test_undecided_seats_say_what_is_known_and_what_would_tell():
    s = family({(k, 4): summary(seats=(60, 55, 50, 45)) for k in (BASE, LONG, SAME, UNTESTED)})
    text = " ".join(headline(doc_of(s, DIFF)))
    assert ("No seat is shown to win more often than another under every ruleset, but 210 scored rounds (the "
            "fewest of them) are too few to show every seat within ±2 points of 25%: a longer run "
            "would tell.") in text


def test_exercised_warns_with_the_way_out_for_the_policy_used():
    s = family({(k, 4): summary(caught=0.0) for k in (BASE, LONG, SAME, UNTESTED)})
    greedy = {e["path"]: e for e in exercised(DIFF, s, [BASE, LONG, SAME, UNTESTED], "greedy")}
    assert greedy["target"]["status"] == "exercised" and greedy["target"]["warning"] is None
    caught = greedy["dos_call.catch_penalty"]
    assert caught["status"] == "never" and caught["differs_in"] == [SAME]
    assert caught["warning"] == ("dos_call.catch_penalty differs, but in 20,000 rounds per ruleset no player was "
                                 "caught not calling DOS: greedy always calls DOS; try --policy casual, or only "
                                 "this habit: --policy habits:forget=0.3.")
    rare = family({(k, 4): summary(caught=0.004) for k in (BASE, LONG, SAME, UNTESTED)})
    casual = {e["path"]: e for e in exercised(DIFF, rare, [BASE, LONG, SAME, UNTESTED], "casual:forget=0.1")}
    assert casual["dos_call.catch_penalty"]["status"] == "rare"
    assert "only 320 times in 20,000 rounds" in casual["dos_call.catch_penalty"]["warning"]
    assert "raise the forget habit (now 0.1), e.g. --policy casual:forget=0.3" in casual["dos_call.catch_penalty"]["warning"]
    deck = casual["deck_exhaustion"]["warning"]
    assert "the deck never ran out: it takes rounds long enough to draw the whole deck" in deck
    assert deck.endswith("the most cards drawn in one round was 40.")


def test_short_names_and_metric_words():
    assert short_names(["mattel-2018", "mattel-2018+reshuffle", "german"]) == {
        "mattel-2018": "mattel-2018", "mattel-2018+reshuffle": "reshuffle", "german": "german"}
    assert metric("per_round", "turns").change(-2.04) == "rounds are about 2 turns shorter"
    assert metric("per_round", "penalty_draws").change(0.777) == "players draw about 0.78 cards more a round as DOS penalties"
    assert metric("winner_seat_from_dealer", "0").change(0.031) == "the dealer wins 3.1 percentage points more of the rounds"


def test_cards_actions_and_witnesses_in_words():
    assert [card_words(c) for c in ("7r", "#y=2", "W2=b", "W2", "#g")] == [
        "a red 7", "a yellow Wild # as 2", "a Wild DOS as blue", "a Wild DOS", "a green Wild #"]
    assert action_words("match 7r with 3r+4b") == "match the red 7 with the red 3 and the blue 4"
    assert action_words("place 8b") == "put the blue 8 in the Centre Row"
    w = {"position": {"row": ["W2"], "hand": ["#y"], "phase": "start", "matched": []}, "players": 2,
         "only_a": ["draw", *[f"match W2={c} with #y=2" for c in "bgry"]], "only_b": ["match W2 with #y=2"],
         "action": None, "outcome_a": {"gaps": []}, "outcome_b": {"gaps": ["drawing.draw_when_match_possible"]}}
    assert witness_sentence(w, "A", "B") == (
        "In a 2-player game, with a Wild DOS in the Centre Row and a yellow Wild # in hand at the start of a "
        "turn: only under A may you draw or match the Wild DOS (as blue, green, red or yellow) with the yellow "
        "Wild # as 2; only under B may you match the Wild DOS with the yellow Wild # as 2; under A play goes "
        "on, under B play reaches a rule gap (drawing.draw_when_match_possible).")
    end = {"position": {"row": ["8b", "#y"], "hand": ["W2"], "phase": "start", "matched": [0]}, "players": 2,
           "only_a": [], "only_b": [], "action": "end", "outcome_a": {"row": 2, "others_draw": 0},
           "outcome_b": {"row": 3, "others_draw": 0}}
    assert witness_sentence(end, "A", "B").endswith(
        "having matched the blue 8 already: if you end the turn, the Centre Row then holds 2 cards under A "
        "and 3 under B.")
    assert str(card_html("#y=2")) == '<span class="card yellow" title="a yellow Wild # as 2">#<sub>2</sub></span>'
    assert 'class="card wild"' in str(card_html("W2")) and "<code>" in str(card_html("zz"))
    cite = {"source": "000", "file": "000_x.txt", "title": "The 2018 sheet", "section": "5. Drawing", "quote": "q"}
    assert citation_text(cite) == "“q” — The 2018 sheet, §5. Drawing"


def test_plots_stay_readable():
    s = family()
    s[(SAME, 4)] = {**s[(SAME, 4)], "rounds_per_game_histogram": {"7": 5},  # too few games: left out, named
                    "turns_histogram": {"1": 19000, "8": 1000}}  # piles up on one value: cut
    found = [e.to_json() for e in effects(s, [BASE, LONG, SAME, UNTESTED], [4])]
    plots = comparison_plots(s, [BASE, LONG, SAME, UNTESTED], [4], found)
    assert set(plots) == {"differences", "turns-per-round", "rounds-per-game", "seat-win-rates", "rule-gap-rates"}
    assert "left out, too few (30 needed): same (5)" in plots["rounds-per-game"]
    assert "same: 95% at 1 (cut)" in plots["turns-per-round"]
    assert "+14" in plots["differences"]  # long's 14 more rounds per game: an arrow at the axis' edge
    assert "even split" in plots["seat-win-rates"] and "none: no round ended this way" in plots["rule-gap-rates"]


@pytest.mark.parametrize("counts, verdict", [((2500, 2500, 2500, 2500), "even"), ((2000, 2800, 2700, 2500), "uneven"),
                                             ((3, 2, 4, 3), "undecided")])
def test_seat_fairness_verdicts(counts, verdict):
    (row,) = seat_fairness({("x", 4): summary(seats=counts)})
    assert row["verdict"] == verdict
