"""extends chains, A+B composition, overlays, by_players, ids and content hashes."""

from pathlib import Path

import pytest

from dosrules import load_ruleset
from dosrules.ruleset.build import merge_rules
from dosrules.errors import RulesetError
from dosrules.ruleset.loader import MAX_EXTENDS, resolve
from dosrules.ruleset.model import Status

CHAINS = Path(__file__).parent / "data" / "chains"
DIRS = [CHAINS]


def only_problem(spec, dirs=DIRS) -> str:
    problems = resolve(spec, dirs).problems
    assert len(problems) == 1, [p.paragraph() for p in problems]
    return problems[0].paragraph()


def test_an_overlay_replaces_the_values_it_names_and_keeps_the_rest():
    base = load_ruleset("mattel-2018")
    fast = load_ruleset("fast-deal", DIRS)
    assert fast.rules.setup.hand_size == 5
    assert fast.rules.setup.centre_row == base.rules.setup.centre_row
    assert fast.tree["rules"]["deck"] == base.tree["rules"]["deck"]
    assert fast.provenance_of("setup.hand_size").status is Status.HOUSE
    assert fast.provenance_of("setup.hand_size").ruleset == "fast-deal"
    assert fast.provenance_of("setup.centre_row") == base.provenance_of("setup.centre_row")
    assert [s.key for s in fast.sources] == [s.key for s in base.sources] + ["table"]


def test_a_rule_value_that_is_a_mapping_is_replaced_whole():
    base = {"deck": {"numbers": {"1": 3, "2": 1}, "total": 108}}
    assert merge_rules(base, {"deck": {"numbers": {"5": 2}}}) == {"deck": {"numbers": {"5": 2}, "total": 108}}
    assert base == {"deck": {"numbers": {"1": 3, "2": 1}, "total": 108}}


def test_a_chain_resolves_base_first_and_names_itself_after_its_layers():
    ruleset = load_ruleset("fast-deal-300", DIRS)
    assert ruleset.id == "mattel-2018+fast-deal+fast-deal-300"
    assert (ruleset.rules.target, ruleset.rules.setup.hand_size) == (300, 5)
    assert [Path(f).name for f in ruleset.files] == ["mattel-2018.yaml", "fast-deal.yaml", "fast-deal-300.yaml"]


def test_an_edition_may_extend_an_edition_and_keeps_its_own_id():
    ruleset = load_ruleset("mattel-variant", DIRS)
    assert ruleset.id == "mattel-variant" and ruleset.kind == "edition"
    assert (ruleset.rules.setup.centre_row, ruleset.rules.refill.minimum) == (3, 3)
    assert ruleset.provenance_of("refill.minimum").status is Status.INFERRED


def test_composition_id_and_hash_do_not_depend_on_the_spelling():
    by_extends = load_ruleset("fast-deal", DIRS)
    composed = load_ruleset("mattel-2018+fast-deal", DIRS)
    by_path = load_ruleset(str(CHAINS / "fast-deal.yaml"))
    assert by_extends.id == composed.id == by_path.id == "mattel-2018+fast-deal"
    assert by_extends.content_hash == composed.content_hash == by_path.content_hash
    assert by_extends.tree == composed.tree


def test_same_tree_same_hash_different_tree_different_hash():
    hashes = {spec: load_ruleset(spec, DIRS).content_hash for spec in (
        "mattel-2018", "mattel-2018+fast-deal", "mattel-2018+goal-300", "mattel-2018+fast-deal+goal-300",
        "mattel-2018+goal-300+fast-deal", "mattel-variant", "mattel-variant+goal-300")}
    assert load_ruleset("mattel-2018").content_hash == hashes["mattel-2018"]
    assert len(set(hashes.values())) == len(hashes)
    assert all(h.startswith("sha256:") and len(h) == 71 for h in hashes.values())


def test_house_rules_compose_onto_any_edition_without_their_own_base():
    ruleset = load_ruleset("mattel-variant+fast-deal+goal-300", DIRS)
    assert ruleset.id == "mattel-variant+fast-deal+goal-300"
    assert ruleset.name == "Mattel 2018 with a three-card row + Fast deal + Play to 300"
    assert (ruleset.rules.setup.centre_row, ruleset.rules.setup.hand_size, ruleset.rules.target) == (3, 5, 300)


def test_a_house_rule_extended_by_a_later_part_is_laid_once():
    assert load_ruleset("fast-deal+fast-deal-300", DIRS).id == "mattel-2018+fast-deal+fast-deal-300"


def test_by_players_overrides_one_player_count():
    ruleset = load_ruleset("two-hands", DIRS)
    assert ruleset.for_players(2).setup.hand_size == 10
    assert ruleset.for_players(3).setup.hand_size == 7
    assert ruleset.for_players(2).deck_exhaustion.value == "reshuffle-discard"
    assert ruleset.provenance_of("setup.hand_size", players=2).ruleset == "two-hands"
    assert ruleset.provenance_of("setup.hand_size", players=3).ruleset == "mattel-2018"


def test_a_house_rule_alone_is_valid_but_not_loadable():
    result = resolve("goal-300", DIRS)
    assert result.valid and result.ruleset is None and not result.complete
    with pytest.raises(RulesetError, match="'goal-300' is a house rule that extends no edition"):
        load_ruleset("goal-300", DIRS)


def test_house_rules_apply_in_order_so_the_later_value_wins():
    assert load_ruleset("mattel-2018+goal-300+goal-250", DIRS).rules.target == 250
    ruleset = load_ruleset("mattel-2018+goal-250+goal-300", DIRS)
    assert ruleset.rules.target == 300 and ruleset.provenance_of("target").ruleset == "goal-300"


def test_only_the_first_part_may_be_an_edition():
    assert "'mattel-variant' is an edition; in a composition only the first part may be one." in \
        only_problem("mattel-2018+mattel-variant")


def test_cycles_are_reported_with_the_whole_chain():
    assert only_problem(str(CHAINS / "cycle-a.yaml")).endswith(
        "cycle-c.yaml:4:10: extends cycle: cycle-a -> cycle-b -> cycle-c -> cycle-a (at extends). "
        "A ruleset cannot extend itself, directly or through others; break the cycle.")
    assert "extends cycle: self-loop -> self-loop (at extends)." in only_problem("self-loop", DIRS)


def test_a_missing_parent_names_the_places_searched():
    paragraph = only_problem("orphan", DIRS)
    assert "orphan.yaml:4:10: 'orphan' extends 'mattel-2019', which was not found — did you mean " \
           "'mattel-2018'? Searched: " in paragraph
    assert "tests/data/chains, " in paragraph and "rulesets/editions" in paragraph


def test_extends_never_reads_a_path(monkeypatch):
    import dosrules.ruleset.loader as loader

    read = []
    real = loader.read_yaml
    monkeypatch.setattr(loader, "read_yaml", lambda path, *a, **k: read.append(Path(path).name) or real(path, *a, **k))
    assert "'../../etc/passwd' is not a ruleset id" in only_problem("escape", DIRS)
    assert read == ["escape.yaml"]
    assert loader._find("../../etc/passwd", [CHAINS]) is None
    assert loader._find("..", [CHAINS]) is None


def test_a_source_key_may_not_mean_two_documents():
    assert "the source key '000' names a different document here than in 'mattel-2018' (at sources[0])." \
        in only_problem("source-clash", DIRS)


def test_the_chain_length_is_capped(tmp_path):
    head = "sources: [{key: t, file: t.txt, title: T, language: en}]\nrules: {target: 300}\n" \
           "cite: {target: {source: t, section: S, quote: Q}}\n"
    for i in range(MAX_EXTENDS + 2):
        parent = f"extends: link-{i + 1}\n" if i <= MAX_EXTENDS else ""
        (tmp_path / f"link-{i}.yaml").write_text(f"id: link-{i}\nname: L{i}\nkind: house\n{parent}{head}")
    assert f"the extends chain is longer than {MAX_EXTENDS} files: link-0 -> link-1" in only_problem(
        "link-0", [tmp_path])
    assert resolve(f"link-{MAX_EXTENDS - 1}", [tmp_path]).valid


def test_search_dirs_come_before_the_shipped_rulesets(tmp_path):
    text = (Path(__file__).parents[1] / "rulesets" / "editions" / "mattel-2018.yaml").read_text()
    (tmp_path / "mattel-2018.yaml").write_text(text.replace("target: 200", "target: 201"))
    assert load_ruleset("mattel-2018", [tmp_path]).rules.target == 201
    assert load_ruleset("mattel-2018").rules.target == 200


def test_files_read_once_gives_every_resolve_the_same_rulesets_and_problems(tmp_path):
    from dosrules.ruleset.loader import files_read_once

    bad = tmp_path / "bad-house.yaml"
    bad.write_text("id: bad-house\nname: Bad\nkind: house\nextends: mattel-2018\nrules: {target: -1}\n")
    specs = ["mattel-2018+fast-deal", "mattel-2018+bad-house", "mattel-2018+fast-deal+bad-house",
             "mattel-2018+bad-house"]
    dirs = [CHAINS, tmp_path]
    alone = [resolve(s, dirs) for s in specs]
    with files_read_once():
        shared = [resolve(s, dirs) for s in specs]
    for a, b in zip(alone, shared):
        assert [p.paragraph() for p in a.problems] == [p.paragraph() for p in b.problems]
        assert (a.ruleset.content_hash if a.ruleset else None) == (b.ruleset.content_hash if b.ruleset else None)
    assert shared[1].problems and len(shared[3].problems) == len(shared[1].problems)  # not lost, not doubled
