"""Golden tests for the shipped rulesets, against the source documents they are written from.

Each value asserted here is one the design table (DESIGN.md, "What the sources say") records for
that source; a failing test means a ruleset file and its source disagree, not that the engine
changed. Citation quotes are checked against the source texts in ``shared/sources`` beside the
checkout.
"""

from __future__ import annotations

import functools
import os
import re
from collections import Counter
from pathlib import Path

import pytest

from dosrules import load_ruleset as _load_ruleset
from dosrules.ruleset.cards import Kind, make_deck
from dosrules.ruleset.model import (
    AfterFailedDraw,
    AllWildRow,
    BonusPlacement,
    Catcher,
    CatchWindow,
    Colour,
    DeckExhaustion,
    Direction,
    DrawTiming,
    DealerTie,
    FirstDealer,
    FirstPlayer,
    MatchAfterDraw,
    NextDealer,
    PenaltyTiming,
    PendingPenalty,
    RefillMode,
    RowWildChoice,
    Status,
    UNSPECIFIED,
    WildNumberColour,
    is_unspecified,
    rule_paths,
)

# CI keeps shared/ beside the checkout; DOSRULES_SOURCES points elsewhere (e.g. from a worktree).
SOURCES_DIR = Path(os.environ.get("DOSRULES_SOURCES") or Path(__file__).resolve().parents[1].parent / "shared" / "sources")
RULESETS_DIR = Path(__file__).resolve().parents[1] / "rulesets"

EDITIONS = ["mattel-2018", "digest-2017", "german"]
HOUSE_RULES = ["reshuffle", "all-wild-row", "all-wild-row-placer", "all-wild-row-bury", "two-player", "target-500"]
COMPOSED = [f"{e}+{h}" for e in EDITIONS for h in HOUSE_RULES]


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def source_text(file_name: str) -> str:
    return normalise((SOURCES_DIR / file_name).read_text(encoding="utf-8"))


def source_file_by_key(key: str) -> str:
    """The shared source whose file name starts with ``<key>_`` (as notes name them)."""
    (found,) = [p.name for p in SOURCES_DIR.glob(f"{key}_*.txt")]
    return found


load_ruleset = functools.lru_cache(maxsize=None)(_load_ruleset)  # Rulesets are frozen: share them


needs_sources = pytest.mark.skipif(
    not SOURCES_DIR.is_dir(),
    reason=f"source texts not found at {SOURCES_DIR} (CI keeps shared/ beside the checkout; "
    "set DOSRULES_SOURCES to their folder); quotes cannot be checked against them",
)


@pytest.fixture(scope="module", params=EDITIONS + COMPOSED)
def ruleset(request):
    return load_ruleset(request.param)


def leaf_provenance(rs):
    """(path, value, provenance) for every rule leaf, base rules and by_players overrides."""
    for path in rule_paths():
        yield path, rs.rules.get(path), rs.provenance_of(path)
    for n, rules in rs.by_players.items():
        for path in rule_paths():
            yield f"by_players.{n}.{path}", rules.get(path), rs.provenance_of(path, players=n)


# --- every shipped file loads, and every value is cited --------------------------------------


def test_every_shipped_file_is_tested():
    shipped = {p.stem for p in RULESETS_DIR.glob("*/*.yaml")}
    assert shipped == set(EDITIONS) | set(HOUSE_RULES)


def test_every_rule_path_has_provenance(ruleset):
    assert [p for p in rule_paths() if p not in ruleset.provenance] == []


def test_status_matches_value(ruleset):
    """Unspecified values have status unspecified, and nothing else does."""
    wrong = [
        (path, value, prov.status)
        for path, value, prov in leaf_provenance(ruleset)
        if is_unspecified(value) != (prov.status is Status.UNSPECIFIED)
    ]
    assert wrong == []


def test_every_specified_value_is_cited_from_a_listed_source(ruleset):
    keys = {s.key for s in ruleset.sources}
    uncited = [path for path, value, prov in leaf_provenance(ruleset) if not is_unspecified(value) and prov.citation is None]
    unlisted = [
        (path, prov.citation.source)
        for path, _, prov in leaf_provenance(ruleset)
        if prov.citation is not None and prov.citation.source not in keys
    ]
    assert uncited == []
    assert unlisted == []


def test_inferred_values_explain_themselves(ruleset):
    bare = [path for path, _, prov in leaf_provenance(ruleset) if prov.status is Status.INFERRED and not prov.note]
    assert bare == []


def test_house_values_come_only_from_house_rules(ruleset):
    for path, _, prov in leaf_provenance(ruleset):
        if prov.status is Status.HOUSE:
            assert prov.ruleset in HOUSE_RULES, path
        elif prov.ruleset in HOUSE_RULES:
            pytest.fail(f"{path}: set by house rule {prov.ruleset} with status {prov.status}")


@needs_sources
def test_quotes_occur_in_their_sources(ruleset):
    missing = []
    for path, _, prov in leaf_provenance(ruleset):
        if prov.citation is None:
            continue
        text = source_text(ruleset.source(prov.citation.source).file)
        if normalise(prov.citation.quote) not in text:
            missing.append((path, prov.citation.source, prov.citation.quote))
    assert missing == []


@needs_sources
def test_quotes_in_notes_occur_in_their_sources(ruleset):
    """Notes quote other sources in «...», after naming the source (``004 «...»``); exact too."""
    missing = []
    for path, _, prov in leaf_provenance(ruleset):
        note = prov.note or ""
        for m in re.finditer(r"«([^»]+)»", note):
            keys = re.findall(r"\b(\d{3})\b", note[: m.start()])
            assert keys, f"{path}: note quotes «{m[1]}» without naming its source first"
            if normalise(m[1]) not in source_text(source_file_by_key(keys[-1])):
                missing.append((path, keys[-1], m[1]))
    assert missing == []


@needs_sources
def test_listed_sources_exist():
    for name in EDITIONS:
        for src in load_ruleset(name).sources:
            assert (SOURCES_DIR / src.file).is_file(), src.file


def test_each_source_key_names_one_document(ruleset):
    keys = [s.key for s in ruleset.sources]
    assert len(keys) == len(set(keys))


# --- the deck, counted card by card --------------------------------------------------------

MATTEL_NUMBERS = {1: 3, 3: 3, 4: 3, 5: 3, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2}  # 000, "1. The deck"


@pytest.mark.parametrize("name", EDITIONS)
def test_deck_holds_108_cards_24_per_colour_and_12_wild_dos(name):
    """All three sources state 108 cards, 24 of each of four colours and 12 more (000, 001, 003)."""
    cards = make_deck(load_ruleset(name).rules.deck)
    per_colour = Counter(c.colour for c in cards if c.colour is not None)
    assert len(cards) == 108
    assert per_colour == {colour: 24 for colour in Colour}
    assert sum(c.kind is Kind.WILD_DOS for c in cards) == 12


@pytest.mark.parametrize("name", EDITIONS)
def test_each_colour_has_000s_numbers_and_two_wild_number_cards(name):
    """000's breakdown: three each of 1, 3, 4, 5; two each of 6-10; two Wild #; no 2."""
    cards = make_deck(load_ruleset(name).rules.deck)
    for colour in Colour:
        numbers = Counter(c.number for c in cards if c.colour is colour and c.kind is Kind.NUMBER)
        assert numbers == MATTEL_NUMBERS
        assert sum(c.colour is colour and c.kind is Kind.WILD_NUMBER for c in cards) == 2
    assert all(c.number != 2 for c in cards)


# --- the design table, rule by rule: value and status per edition ----------------------------

S, I, U = Status.STATED, Status.INFERRED, Status.UNSPECIFIED
UNSPEC = UNSPECIFIED

# path -> {edition: (value, status)}; order of the editions: mattel-2018, digest-2017, german.
TABLE = {
    "players.min": ((2, I), (2, S), (2, S)),
    "players.max": ((4, I), (4, S), (4, S)),
    "deck.total": ((108, S), (108, S), (108, S)),
    "deck.per_colour": ((24, S), (24, S), (24, S)),
    "deck.wild_dos": ((12, S), (12, S), (12, I)),
    "deck.numbers": ((MATTEL_NUMBERS, S), (MATTEL_NUMBERS, I), (MATTEL_NUMBERS, I)),
    "deck.wild_number_per_colour": ((2, S), (2, I), (2, I)),
    "setup.first_dealer": ((FirstDealer.HIGH_CARD, S), (FirstDealer.HIGH_CARD, I), (FirstDealer.UNSPECIFIED, U)),
    # no source says what a tie for the highest card does (issue 29: the engine redrew silently)
    "setup.dealer_tie": ((DealerTie.UNSPECIFIED, U), (DealerTie.UNSPECIFIED, U), (DealerTie.UNSPECIFIED, U)),
    "setup.symbol_value_for_dealer": ((0, S), (0, S), (UNSPEC, U)),
    "setup.next_dealer": ((NextDealer.PREVIOUS_WINNER, S), (NextDealer.PASS_LEFT, I), (NextDealer.UNSPECIFIED, U)),
    # who plays first and the direction of play: silent everywhere (000 and 001 name only the dealer)
    "setup.first_player": ((FirstPlayer.UNSPECIFIED, U),) * 3,
    "setup.direction": ((Direction.UNSPECIFIED, U),) * 3,
    "setup.hand_size": ((7, S), (7, S), (7, S)),
    # 003 "mindestens zwei Karten": at least two, stated; no more, read from "Die beiden aufgedeckten Karten"
    "setup.centre_row": ((2, S), (2, S), (2, S)),
    "setup.centre_row_extra": ((0, S), (0, S), (0, I)),
    "matching.single": ((True, S), (True, S), (True, S)),
    "matching.double": ((True, S), (True, S), (True, S)),
    "matching.colour_restricts": ((False, S), (False, S), (False, S)),
    "matching.once_per_row_card": ((True, S), (True, I), (True, I)),
    "matching.any_row_card": ((True, S), (True, S), (True, I)),
    "drawing.draw_when_match_possible": ((True, S), (True, S), (UNSPEC, U)),
    # 000 "If you can make a match after drawing"; 001/004 and 003 name only the drawn card ("diese")
    "drawing.match_after_draw": ((MatchAfterDraw.ANY, S), (MatchAfterDraw.DRAWN_CARD, I), (MatchAfterDraw.DRAWN_CARD, I)),
    "drawing.after_failed_draw": ((AfterFailedDraw.PLACE_CARD, S), (AfterFailedDraw.PLACE_CARD, S), (AfterFailedDraw.KEEP_AND_PASS, S)),
    "bonuses.single_colour.place_cards": ((1, S), (1, I), (1, S)),
    "bonuses.single_colour.others_draw": ((0, S), (0, I), (0, S)),
    "bonuses.double_colour.place_cards": ((1, S), (1, S), (1, S)),
    "bonuses.double_colour.others_draw": ((1, S), (1, S), (1, S)),
    # 001's bonus section says "may" (할 수 있습니다), its end-of-turn section "must"
    "bonuses.single_colour.placement": ((BonusPlacement.REQUIRED, S), (BonusPlacement.OPTIONAL, I),
                                        (BonusPlacement.REQUIRED, S)),
    "bonuses.double_colour.placement": ((BonusPlacement.REQUIRED, S),) * 3,
    "bonuses.others_draw_timing": ((DrawTiming.UNSPECIFIED, U),) * 3,
    "refill.mode": ((RefillMode.TO_MINIMUM, S), (RefillMode.TO_MINIMUM, S), (RefillMode.REPLACE_COVERED, I)),
    "refill.minimum": ((2, S), (2, S), (2, S)),
    "wilds.wild_dos.value": ((2, S), (2, S), (2, S)),
    "wilds.wild_dos.row_colour": ((RowWildChoice.MATCHER_DECLARES, S), (RowWildChoice.MATCHER_DECLARES, I), (RowWildChoice.UNSPECIFIED, U)),
    "wilds.wild_number.min_value": ((1, S), (1, I), (1, I)),
    "wilds.wild_number.max_value": ((10, S), (10, I), (10, I)),
    "wilds.wild_number.colour": ((WildNumberColour.PRINTED, S), (WildNumberColour.PRINTED, I), (WildNumberColour.UNSPECIFIED, U)),
    "wilds.wild_number.row_value": ((RowWildChoice.MATCHER_DECLARES, S), (RowWildChoice.UNSPECIFIED, U), (RowWildChoice.UNSPECIFIED, U)),
    "dos_call.required": ((True, S), (UNSPEC, U), (True, I)),
    "dos_call.hand_size": ((2, S), (UNSPEC, U), (2, S)),
    "dos_call.catch_penalty": ((2, S), (UNSPEC, U), (2, S)),
    "dos_call.penalty_timing": ((PenaltyTiming.END_OF_TURN, S), (PenaltyTiming.UNSPECIFIED, U), (PenaltyTiming.UNSPECIFIED, U)),
    # 000 "another player", 003 "ein anderer Spieler"; 001 has no DOS call
    "dos_call.catcher": ((Catcher.ANY_OTHER, S), (Catcher.UNSPECIFIED, U), (Catcher.ANY_OTHER, S)),
    "dos_call.catch_window": ((CatchWindow.UNTIL_CALLED, I), (CatchWindow.UNSPECIFIED, U), (CatchWindow.UNSPECIFIED, U)),
    "going_out.double_colour_draw_before_scoring": ((True, S), (True, I), (UNSPEC, U)),
    "going_out.pending_penalty": ((PendingPenalty.UNSPECIFIED, U),) * 3,
    "scoring.number_cards_face_value": ((True, S), (True, S), (True, S)),
    "scoring.wild_dos": ((20, S), (20, S), (20, S)),
    "scoring.wild_number": ((40, S), (40, S), (40, S)),
    "target": ((200, S), (200, S), (200, S)),
    "deck_exhaustion": ((DeckExhaustion.UNSPECIFIED, U), (DeckExhaustion.UNSPECIFIED, U), (DeckExhaustion.UNSPECIFIED, U)),
    "all_wild_row": ((AllWildRow.UNSPECIFIED, U), (AllWildRow.UNSPECIFIED, U), (AllWildRow.UNSPECIFIED, U)),
}

ROWS = [(path, name, *cells[i]) for path, cells in TABLE.items() for i, name in enumerate(EDITIONS)]


def test_table_covers_every_rule_path_but_bookkeeping():
    """Every rule path is in TABLE except the ones no edition differs on by design."""
    assert set(rule_paths()) - set(TABLE) == {
        "deck.colours",
        "drawing.decline_match_after_draw",
        "refill.bonus_cards",
    }


@pytest.mark.parametrize("path, name, value, status", ROWS, ids=[f"{n}:{p}" for p, n, *_ in ROWS])
def test_design_table(path, name, value, status):
    rs = load_ruleset(name)
    got = rs.rules.get(path)
    assert got == value or (is_unspecified(value) and is_unspecified(got)), f"{name} {path} = {got!r}"
    assert rs.provenance_of(path).status is status


@pytest.mark.parametrize("name", EDITIONS)
def test_rules_outside_the_table(name):
    """The three paths the design table does not list, pinned too."""
    rules, prov = load_ruleset(name).rules, load_ruleset(name).provenance_of
    assert rules.deck.colours == tuple(Colour)
    assert is_unspecified(rules.drawing.decline_match_after_draw)
    assert rules.refill.bonus_cards.value == "after-refill" and prov("refill.bonus_cards").status is I


# --- house rules: compose onto every edition, change only what they name ---------------------

HOUSE_CHANGES = {
    "reshuffle": {"deck_exhaustion": DeckExhaustion.RESHUFFLE_DISCARD},
    "all-wild-row": {"all_wild_row": AllWildRow.MATCHER_DECLARES},
    "all-wild-row-placer": {"all_wild_row": AllWildRow.PLACER_DECLARES},
    "all-wild-row-bury": {"all_wild_row": AllWildRow.BURY_AND_REFLIP},
    "target-500": {"target": 500},
    "two-player": {},  # only by_players 2, below
}
TWO_PLAYER_CHANGES = {"setup.centre_row": 3, "refill.minimum": 3, "bonuses.double_colour.others_draw": 2}


def changed_paths(a, b):
    return {p for p in rule_paths() if a.get(p) != b.get(p)}


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("house", HOUSE_RULES)
def test_house_rule_changes_only_what_it_names(edition, house):
    base, composed = load_ruleset(edition), load_ruleset(f"{edition}+{house}")
    expected = HOUSE_CHANGES[house]
    assert composed.id == f"{edition}+{house}"
    assert composed.content_hash != base.content_hash
    assert changed_paths(base.rules, composed.rules) == set(expected)
    for path, value in expected.items():
        assert composed.rules.get(path) == value
        prov = composed.provenance_of(path)
        assert (prov.status, prov.ruleset) == (Status.HOUSE, house)
    for path in set(rule_paths()) - set(expected):
        assert composed.provenance_of(path) == base.provenance_of(path), path


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_player_applies_to_two_players_only(edition):
    base, composed = load_ruleset(edition), load_ruleset(f"{edition}+two-player")
    assert set(composed.by_players) == {2}
    two = composed.for_players(2)
    assert changed_paths(base.rules, two) == set(TWO_PLAYER_CHANGES)
    for path, value in TWO_PLAYER_CHANGES.items():
        assert two.get(path) == value
        prov = composed.provenance_of(path, players=2)
        assert (prov.status, prov.ruleset) == (Status.HOUSE, "two-player")
        assert composed.provenance_of(path, players=3) == base.provenance_of(path)
    for players in (3, 4):
        assert composed.for_players(players) == base.rules


def test_house_rules_stack_in_order():
    stacked = load_ruleset("german+reshuffle+target-500+all-wild-row-bury")
    base = load_ruleset("german")
    assert changed_paths(base.rules, stacked.rules) == {"deck_exhaustion", "target", "all_wild_row"}
    assert load_ruleset("german+all-wild-row+all-wild-row-bury").rules.all_wild_row is AllWildRow.BURY_AND_REFLIP


def test_composition_is_reproducible():
    assert load_ruleset("digest-2017+reshuffle").content_hash == load_ruleset("digest-2017+reshuffle").content_hash


@pytest.mark.parametrize("path", sorted(RULESETS_DIR.glob("*/*.yaml")), ids=lambda p: p.stem)
def test_cite_keys_name_rules_the_file_sets(path):
    """A misspelt cite key would silently fall back to its parent's citation; catch it here."""
    import yaml

    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    set_paths = [p for p, _ in _leaves(doc.get("rules", {}), "")]
    for n, override in doc.get("by_players", {}).items():
        set_paths += [p for p, _ in _leaves(override, f"by_players.{n}.")]
    dead = [key for key in doc.get("cite", {}) if not any(p == key or p.startswith(key + ".") for p in set_paths)]
    assert dead == []


def _leaves(tree, prefix):
    for key, value in tree.items():
        if isinstance(value, dict) and key != "numbers":
            yield from _leaves(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def test_german_reads_its_twelve_bonus_cards_as_wild_dos_and_says_why_no_other_split():
    """003 counts 12 bonus cards of two kinds without the split; german reads them as 000's deck
    (inferred, not a rule with readings: every other split would invent number cards)."""
    from dosrules.ruleset.readings import can_be_unspecified

    german = load_ruleset("german")
    deck, prov = german.rules.deck, german.provenance_of("deck.wild_dos")
    assert (deck.total, deck.per_colour, deck.wild_dos, deck.wild_number_per_colour) == (108, 24, 12, 2)
    assert prov.status is Status.INFERRED and "12 Bonuskarten" in prov.citation.quote
    assert "108 - 4 x 24" in prov.note and "no source" in prov.note
    for lang in ("de", "ko", "eu"):
        assert prov.note_translated(lang) and "108 - 4 x 24" in prov.note_in(lang)
    assert not can_be_unspecified("deck.wild_dos") and not can_be_unspecified("deck.wild_number_per_colour")
