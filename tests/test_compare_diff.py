"""The rule diff of shipped rulesets: values, statuses, citations, player-count grouping."""

from dosrules import load_ruleset
from dosrules.comparison.diff import rule_diff
from dosrules.ruleset.model import rule_paths


def _load(*specs):
    return [(s, load_ruleset(s)) for s in specs]


def test_identical_rulesets_have_no_diff():
    assert rule_diff(_load("mattel-2018", "mattel-2018+target-500+reshuffle")[:1] * 2, [2, 3, 4]) == []


def test_every_differing_path_and_only_those():
    pair = _load("mattel-2018", "german")
    rows = rule_diff(pair, [4])
    a, b = (rs.for_players(4) for _, rs in pair)
    expected = [p for p in rule_paths() if a.get(p) != b.get(p)]
    assert [r.path for r in rows] == expected and expected


def test_unspecified_versus_specified_is_called_out_with_citations():
    rows = {r.path: r for r in rule_diff(_load("mattel-2018", "german"), [2, 3, 4])}
    for row in rows.values():
        specified = [c for c in row.cells if not c.unspecified]
        assert row.kind == ("unspecified-vs-specified" if len(specified) == 1 else "values-differ")
        for c in specified:
            assert c.status in ("stated", "inferred", "house")
            assert c.source and c.file and c.title and c.section, (row.path, c)
            assert c.citation.startswith(c.title)  # cited by the source's title, not its file name
        for c in row.cells:
            if c.unspecified:
                assert c.value == "unspecified" and c.status == "unspecified"
    assert any(r.kind == "values-differ" for r in rows.values())
    assert any(r.kind == "unspecified-vs-specified" for r in rows.values())


def test_a_by_players_override_shows_only_for_its_player_count():
    rows = rule_diff(_load("mattel-2018", "mattel-2018+two-player"), [2, 3, 4])
    assert rows, "the two-player house rule changes the two-player game"
    for row in rows:
        assert row.players == (2,)
        assert row.cells[1].status == "house" and row.cells[1].set_by == "two-player"
    assert {r.path for r in rows} >= {"setup.centre_row", "refill.minimum"}
    assert rule_diff(_load("mattel-2018", "mattel-2018+two-player"), [3, 4]) == []


def test_three_rulesets_one_cell_each_in_order():
    specs = ("mattel-2018", "german", "digest-2017")
    rows = rule_diff(_load(*specs), [4])
    assert rows and all(tuple(c.ruleset for c in r.cells) == specs for r in rows)
    assert all(r.to_json()["cells"][0]["ruleset"] == "mattel-2018" for r in rows)
