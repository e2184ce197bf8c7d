"""The compiled rules: the rule paths each attribute is computed from, and the one cache."""

from __future__ import annotations

import dataclasses
import enum
from functools import lru_cache
from typing import Any, Mapping

import pytest

from dosrules import load_ruleset
from dosrules.engine.compiled import CompiledRules, compile_rules
from dosrules.ruleset.loader import shipped_ids
from dosrules.ruleset.model import UNSPECIFIED, Rules, Ruleset, is_unspecified, rule_paths

#: every shipped edition, and every house rule on top of the 2018 sheet
SHIPPED = [*shipped_ids("editions"), *(f"mattel-2018+{h}" for h in shipped_ids("house"))]
_METADATA = {"ruleset", "rules", "players", "sources", "specialised"}  # specialised: the tables of untraced games


def _player_counts(ruleset: Ruleset) -> list[int]:
    rules = ruleset.rules
    return sorted({*ruleset.by_players, min(max(3, rules.players.min), rules.players.max)})


# --- measuring which paths feed an attribute: compile again with one rule changed ---------------


def _replace(node: Any, parts: list[str], value: Any) -> Any:
    if len(parts) == 1:
        return dataclasses.replace(node, **{parts[0]: value})
    return dataclasses.replace(node, **{parts[0]: _replace(getattr(node, parts[0]), parts[1:], value)})


def _probes(value: Any) -> list[Any]:
    """Values other than ``value`` to compile with."""
    if isinstance(value, enum.Enum):
        return [m for m in type(value) if m is not value]
    if isinstance(value, tuple):
        return [value[:-1]] if value else []
    if isinstance(value, Mapping):
        return [dict(list(value.items())[:-1])] if value else []
    if is_unspecified(value):
        return [True, False, 0, 1]
    if isinstance(value, bool):
        return [not value, UNSPECIFIED]
    return [v for v in (value + 1, value - 1, 0) if v >= 0 and v != value] + [UNSPECIFIED]


def _snapshot(c: CompiledRules) -> dict[str, Any]:
    values = {name: getattr(c, name) for name in c.sources}
    # keyed by id() of the interned cards, which differ between two compilations: compare by card
    values["face_index"] = {card: c.face_index[id(card)] for card in c.faces}
    return values


@lru_cache(maxsize=None)
def measured(spec: str, players: int) -> dict[str, frozenset[str]]:
    """:func:`measured_sources` of a shipped ruleset, measured once per test session."""
    return {name: frozenset(paths) for name, paths in measured_sources(load_ruleset(spec), players).items()}


def measured_sources(ruleset: Ruleset, players: int) -> dict[str, set[str]]:
    """attribute -> the rule paths that change its value when changed one at a time."""
    base = _snapshot(CompiledRules(ruleset, players))
    rules: Rules = ruleset.for_players(players)
    found: dict[str, set[str]] = {name: set() for name in base}
    for path in rule_paths():
        for probe in _probes(rules.get(path)):
            changed_rules = _replace(rules, path.split("."), probe)
            variant = dataclasses.replace(ruleset, by_players={**ruleset.by_players, players: changed_rules})
            try:
                changed = _snapshot(CompiledRules(variant, players))
            except (ValueError, TypeError, KeyError, ZeroDivisionError, AttributeError):
                continue  # a value the compiler cannot build from tells nothing
            for name, value in base.items():
                if changed[name] != value:
                    found[name].add(path)
    return found


@pytest.mark.parametrize("spec", SHIPPED)
def test_declared_sources_hold_every_measured_one(spec):
    ruleset = load_ruleset(spec)
    for players in _player_counts(ruleset):
        declared = CompiledRules(ruleset, players).sources
        for name, paths in measured(spec, players).items():
            missing = paths - set(declared[name])
            assert not missing, f"{spec}, {players} players: {name} is also computed from {sorted(missing)}"


def test_declared_sources_are_no_wider_than_the_rules_can_show():
    """Across the shipped rulesets, each declared source changes its attribute somewhere; the one
    exception is conservative: the declarations of wild faces (to declare, and to match in a row of
    only wild cards) are computed from the deck's faces, whose numbers do not change them."""
    shown: dict[str, set[str]] = {}
    for spec in SHIPPED:
        for players in _player_counts(load_ruleset(spec)):
            for name, paths in measured(spec, players).items():
                shown.setdefault(name, set()).update(paths)
    c = compile_rules(load_ruleset("mattel-2018"), 3)
    unshown = {name: sorted(set(paths) - shown[name]) for name, paths in c.sources.items()}
    assert {name: paths for name, paths in unshown.items() if paths} == {"declare_options": ["deck.numbers"],
                                                                         "matcher_options": ["deck.numbers"]}


def test_every_attribute_has_its_sources_in_rule_tree_order():
    c = CompiledRules(load_ruleset("german"), 3)
    names = set(vars(c)) if hasattr(c, "__dict__") else set(type(c).__mypyc_attrs__)  # compiled by mypyc
    assert names - _METADATA == set(c.sources)
    order = rule_paths()
    for name, paths in c.sources.items():
        assert list(paths) == sorted(paths, key=order.index), name
    assert c.sources["after_failed_draw"] == ("drawing.after_failed_draw",)
    assert c.sources["dos_active"] == ("dos_call.required", "dos_call.hand_size")
    assert c.sources["wild_dos"] == ()
    with pytest.raises(TypeError):
        c.sources["target"] = ("deck.total",)  # read-only


def test_a_flag_of_several_rules_rests_on_all_when_it_holds_and_on_those_failing_when_not():
    mattel = CompiledRules(load_ruleset("mattel-2018"), 3)
    assert mattel.plain_matching and mattel.sources["plain_matching"] == (
        "matching.single", "matching.double", "matching.colour_restricts", "matching.once_per_row_card",
        "matching.any_row_card", "wilds.wild_dos.row_colour", "wilds.wild_number.colour",
        "wilds.wild_number.row_value", "all_wild_row")
    # a placer-declares row makes matching not simple, whatever the matching rules say
    placer = CompiledRules(load_ruleset("mattel-2018+all-wild-row-placer"), 3)
    assert not placer.simple_matching and placer.sources["plain_matching"] == ("all_wild_row",)
    # german: only the silent wild rules keep matching from being plain
    german = CompiledRules(load_ruleset("german"), 3)
    assert german.simple_matching and not german.plain_matching
    assert german.sources["plain_matching"] == tuple(
        p for p in german.sources["plain_matching"] if p.startswith("wilds.")) != ()


# --- the one cache ------------------------------------------------------------------------------


def test_one_compiled_rules_per_content_hash_and_player_count():
    a, b = load_ruleset("mattel-2018+reshuffle"), load_ruleset("mattel-2018+reshuffle")
    assert a is not b and a.content_hash == b.content_hash
    assert compile_rules(a, 4) is compile_rules(b, 4)
    assert compile_rules(a, 3) is not compile_rules(a, 4)
    assert compile_rules(a, 4) is not compile_rules(load_ruleset("mattel-2018"), 4)


def test_a_hit_needs_the_same_ruleset_not_only_its_hash():
    base = load_ruleset("mattel-2018")
    # dataclasses.replace keeps the content hash of the ruleset it copies
    stale = dataclasses.replace(base, rules=_replace(base.rules, ["target"], 500))
    assert stale.content_hash == base.content_hash
    assert compile_rules(stale, 3).target == 500 and compile_rules(base, 3).target == 200
    # the hash does not cover provenance: another citation gets its own compiled rules
    prov = dict(base.provenance)
    prov["target"] = dataclasses.replace(prov["target"], citation=None)
    recited = dataclasses.replace(base, provenance=prov)
    assert compile_rules(recited, 3).ruleset is recited
    assert compile_rules(recited, 3).provenance("target").citation is None
