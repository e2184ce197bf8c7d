"""Golden tests for the shipped rulesets, against the source documents they are written from.

Each value asserted here is one the design table (DESIGN.md, "What the sources say") records for
that source; a failing test means a ruleset file and its source disagree, not that the engine
changed. Citation quotes are checked against the source texts in ``shared/sources`` beside the
checkout.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest

from dosrules import load_ruleset
from dosrules.cards import Kind, make_deck
from dosrules.model import (
    AfterFailedDraw,
    AllWildRow,
    Colour,
    DeckExhaustion,
    FirstDealer,
    NextDealer,
    PenaltyTiming,
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
