"""Same games: what ``simulate --json`` prints (timing aside) and every event of a few games,
pinned as digests per ruleset and policy, so that work on the engine's speed changes no game.

The pins hold on both builds (the Python engine and the one compiled by mypyc; CI runs the
suite on each). A change that is meant to change play (a rule read differently, a new deck)
changes them too: regenerate with ``python tests/test_same_games.py --repin`` and say why in
the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from dosrules.engine import new_game
from dosrules.play.agents import make_agent

PINS = Path(__file__).parent / "data" / "same_games.json"

#: every shipped edition and each house rule on the edition they were written against, and on
#: the others where they change play most; 4 players (two-player: 2)
RULESETS = ("mattel-2018", "digest-2017", "german", "mattel-2018+reshuffle", "german+reshuffle",
            "digest-2017+reshuffle", "mattel-2018+all-wild-row", "mattel-2018+all-wild-row-placer",
            "mattel-2018+all-wild-row-bury", "mattel-2018+two-player", "mattel-2018+target-500")
#: the policies, the search agent on a small budget; rounds per simulate run
POLICIES = {"greedy": 24, "random": 24, "casual": 24, "search:samples=2,width=2,turns=12": 3}
#: what simulate prints that is not the games: how long it took
TIMING = {"seconds", "rounds_per_sec"}


def _players(ruleset: str) -> int:
    return 2 if "two-player" in ruleset else 4


def simulate_digest(ruleset: str, policy: str) -> str:
    """sha256 of ``dosrules simulate RULESET --json`` (seed 7), timing fields removed."""
    from dosrules.cli import main
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["simulate", ruleset, "--players", str(_players(ruleset)), "--rounds", str(POLICIES[policy]),
                     "--policy", policy, "--seed", "7", "--json"])
    assert code in (0, None), out.getvalue()
    return _sha(_without_timing(json.loads(out.getvalue())))


def events_digest(ruleset: str, policy: str, games: int = 2) -> str:
    """sha256 of every event (kind, fields, text) and action of ``games`` games to the end."""
    h = hashlib.sha256()
    for seed in range(games):
        n = _players(ruleset)
        state = new_game(ruleset, n, seed, max_rounds=6)
        agents = [make_agent(policy.partition(":")[0], seed * 10 + i) for i in range(n)]
        while not state.is_terminal():
            action = agents[state.current_player()].act(state)
            h.update(f"{action}\n".encode())
            for e in state.apply(action):
                h.update(f"{e.kind}|{json.dumps(e.as_dict(), sort_keys=True)}|{e}\n".encode())
    return h.hexdigest()


def _without_timing(value):
    if isinstance(value, dict):
        return {k: _without_timing(v) for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [_without_timing(v) for v in value]
    return value


def _sha(data) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def _pins() -> dict:
    return json.loads(PINS.read_text())


@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_simulate_output_is_pinned(ruleset, policy):
    assert simulate_digest(ruleset, policy) == _pins()["simulate"][ruleset][policy]


@pytest.mark.parametrize("policy", ["greedy", "random", "casual"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_event_stream_is_pinned(ruleset, policy):
    assert events_digest(ruleset, policy) == _pins()["events"][ruleset][policy]


def repin() -> None:
    pins = {"simulate": {r: {p: simulate_digest(r, p) for p in POLICIES} for r in RULESETS},
            "events": {r: {p: events_digest(r, p) for p in ("greedy", "random", "casual")} for r in RULESETS}}
    PINS.write_text(json.dumps(pins, indent=1, sort_keys=True) + "\n")
    print(f"wrote {PINS}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--repin"]:
        sys.exit("usage: python tests/test_same_games.py --repin")
    repin()
