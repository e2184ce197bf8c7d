"""The interval abstraction of the reachable-gap search holds of real play: the zone sizes at
the start of each turn of engine games (first round, before any rule gap) lie in its boxes."""

import pytest

from dosrules import load_ruleset
from dosrules.play.agents import make_agent
from dosrules.engine import new_game
from dosrules.engine.events import RuleGap, RoundScored, RoundVoid
from dosrules.verify.bounds import BoxProver
from dosrules.verify.solving import Budget

TURNS = 6


def _sizes(state, first: int) -> dict:
    """Zone sizes; hand{i} is the hand of the player taking turn i + 1 (in the direction of play,
    which the engine may settle by lot when the turn first passes: assumed left until then)."""
    n, step = state.players, state.step or 1
    out = {"deck": len(state.deck), "discard": len(state.discard), "row": len(state.row),
           "pool": len(state.deck) + len(state.discard)}
    out.update({f"hand{i}": len(state.hands[(first + i * step) % n]) for i in range(n)})
    return out


def _turn_starts(spec: str, players: int, seed: int, agent: str):
    """Zone sizes at the start of turns 1..TURNS of round 1 (stopping at a gap or the round's end)."""
    state = new_game(spec, players, seed)
    player = make_agent(agent, seed)
    first = state.turn_seat
    seen, number = [_sizes(state, first)], state.turn_number
    while len(seen) <= TURNS:
        events = state.apply(player.act(state))
        if any(isinstance(e, (RoundScored, RoundVoid)) or isinstance(e, RuleGap) and e.voids for e in events) \
                or state.round != 1:
            break
        if state.turn_number != number and state.phase == "turn":
            number = state.turn_number
            seen.append(_sizes(state, first))
    return seen


@pytest.mark.parametrize("spec,players", [("mattel-2018", 4), ("mattel-2018+reshuffle", 2), ("german", 3)])
def test_engine_turn_starts_lie_inside_the_boxes(spec, players):
    ruleset = load_ruleset(spec)
    rules = ruleset.for_players(players)
    prover = BoxProver(rules, players, Budget(), all_wild_open=False)
    checked = 0
    for seed in range(12):
        for agent in ("greedy", "random"):
            for k, sizes in enumerate(_turn_starts(spec, players, seed, agent)):
                for box in (prover.box(k), prover.rates(k)):
                    for name, value in sizes.items():
                        lo, hi = box.bounds.get(name, (None, None))
                        assert (lo is None or lo <= value) and (hi is None or value <= hi), (
                            f"seed {seed} {agent} turn {k + 1}: {name}={value} outside [{lo}, {hi}]")
                checked += 1
    assert checked >= 30


def test_a_search_step_is_bounded_by_work_not_wall_time():
    """A step's limit is Z3's resource count (the same answer under any machine load); the
    wall-clock timeout is only a safety net well above it."""
    import z3
    from dosrules.verify.solving import RLIMIT_PER_MS, WALL_SLACK

    xs = z3.Ints(" ".join(f"x{i}" for i in range(12)))
    hard = [*(z3.And(x >= 0, x <= 40) for x in xs), z3.Sum([(i % 5 + 3) * x for i, x in enumerate(xs)]) == 1001,
            z3.Sum([(i % 7 + 2) * x * x for i, x in enumerate(xs)]) == 4099]
    starved, fed = Budget(rlimit=50_000), Budget()  # the wall-clock net stays at 5 s
    s = z3.Solver()
    starved.bound_step(s)
    s.add(*hard)
    assert s.check() == z3.unknown
    assert "resource" in s.reason_unknown() or "canceled" in s.reason_unknown()
    assert fed.step_timeout_ms * WALL_SLACK >= fed.timeout_ms
    assert min(fed.rlimit, fed.step_timeout_ms * RLIMIT_PER_MS) > 1_000_000


@pytest.mark.parametrize("spec,players", [("mattel-2018", 4), ("german+reshuffle", 3)])
def test_the_boxes_are_the_exact_optima_of_the_turn(spec, players):
    """next_box bisects on a plain solver: each bound must be Z3 Optimize's exact optimum of the
    same one-turn model, on the deal's box and on the box after it."""
    import z3
    from dosrules.verify.bounds import deal_box, next_box, prefix_conditions, state_facts, templates
    from dosrules.verify.turn import fresh_state, turn

    rules, budget = load_ruleset(spec).for_players(players), Budget()
    box = deal_box(rules, players)
    for k in range(2):
        got = next_box(rules, players, box, k, budget, all_wild_open=False)
        s = fresh_state(f"ref{k}", players)
        t = turn(rules, players, s, k % players, f"refturn{k}", supplied=True)
        for name, expr in templates(t.after).items():
            for greatest in (False, True):
                opt = z3.Optimize()
                opt.add(*state_facts(rules, s), *box.holds(s), *t.valid, *prefix_conditions(rules, t, False))
                handle = opt.maximize(expr) if greatest else opt.minimize(expr)
                assert opt.check() == z3.sat
                want = (opt.upper if greatest else opt.lower)(handle).as_long()
                assert got.bounds[name][greatest] == want, (k, name, greatest)
        box = got
    assert box.bounds["deck"][0] < box.bounds["deck"][1]  # the boxes widen: not the deal's points
