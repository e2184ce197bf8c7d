"""The action codebook (dosrules/rl/codebook.py): ids for every action, stable, and the
project's notation round trip. Needs nothing beyond the core install."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from dosrules import load_ruleset
from dosrules.engine import compile_rules, new_game, parse_action
from dosrules.rl.codebook import CODEBOOK_VERSION, Codebook

from test_engine_random import ALL


@lru_cache(maxsize=None)
def book(spec: str, players: int) -> Codebook:
    return Codebook(compile_rules(load_ruleset(spec), players))


# Golden ids (layout version 1, docs/rl.md): a change here breaks every trained policy
GOLDEN = {
    "draw": 0, "end": 1, "call-dos": 2, "pass": 3,
    "place 1b": 4, "place W2": 44,
    "match 1b with 1b": 45, "match 7r with 3r+4r": 2487, "match 10y with 1r+#b=9": 5757,
    "match #g=10 with 10y": 8812, "match W2=y with W2=y": 12328, "match W2=y with #y=1+#y=1": 12364,
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_golden_ids_are_stable_and_only_catches_depend_on_the_player_count(players):
    cb = book("mattel-2018", players)
    assert CODEBOOK_VERSION == 1
    assert {text: cb.index(parse_action(text)) for text in GOLDEN} == GOLDEN
    assert len(cb) == 12365 + players
    assert [str(cb.action(12365 + s)) for s in range(players)] == [f"catch-dos {s}" for s in range(players)]


@pytest.mark.parametrize("spec", ["mattel-2018", "german+all-wild-row", "mattel-2018+all-wild-row-placer"])
def test_every_id_round_trips_through_the_notation(spec):
    cb = book(spec, 3)
    for i, action in enumerate(cb.actions):
        assert cb.index(parse_action(str(action))) == i
        assert cb.action(i) is action
    assert len(set(map(str, cb.actions))) == len(cb)


def test_declarations_are_in_the_book_only_when_the_placer_declares():
    plain, placer = book("mattel-2018", 3), book("mattel-2018+all-wild-row-placer", 3)
    assert plain.first_declare == plain.first_match
    assert str(placer.action(placer.first_declare)) == "declare #b=1"
    assert placer.index(parse_action("place #g=5")) < placer.first_declare  # placed declared
    with pytest.raises(KeyError, match="not an action of mattel-2018 with 3 players"):
        plain.index(parse_action("declare #g=5"))
    with pytest.raises(KeyError, match="catch-dos 3"):
        plain.index(parse_action("catch-dos 3"))
    with pytest.raises(IndexError, match="not in the codebook"):
        plain.action(len(plain))


@pytest.mark.parametrize("spec", ALL)
def test_every_legal_action_of_random_games_is_in_the_book(spec):
    rs = load_ruleset(spec)
    rng = random.Random(spec)
    for players in (rs.rules.players.max,):
        cb = Codebook(compile_rules(rs, players))
        state = new_game(rs, players, rng.randrange(1000), max_rounds=4)
        steps = 0
        while not state.is_terminal() and steps < 1500:
            legal = state.legal_actions()
            ids = cb.indices(legal)
            assert ids == sorted(ids) and len(set(ids)) == len(legal)
            assert {cb.action(i) for i in ids} == set(legal)
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
