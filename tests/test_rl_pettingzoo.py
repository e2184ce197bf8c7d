"""The PettingZoo AEC environment (dosrules/rl/pettingzoo_env.py): PettingZoo's api_test and
seed_test, a whole game, truncation, illegal actions. Skipped without the extra ``dosrules[rl]``."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("greenlet")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from dosrules.errors import UsageError  # noqa: E402
from dosrules.rl.pettingzoo_env import env  # noqa: E402


@pytest.mark.parametrize("ruleset, players", [("mattel-2018+reshuffle", 4), ("german+all-wild-row-placer", 2)])
def test_api_test_passes(ruleset, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on dict observations and spaces
        api_test(env(ruleset, players), num_cycles=400)


def test_seed_test_passes():
    seed_test(lambda: env("digest-2017", 3), num_cycles=300)


def play(e, seed):
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    decisions = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() >= 1
        e.step(e.action_space(agent).sample(mask))
        decisions += 1
    return totals, info, decisions


def test_a_whole_game_rewards_the_winner():
    e = env("mattel-2018+reshuffle", 2, episode="game")
    totals, info, _ = play(e, 5)
    winner = info["winner"]
    assert winner is not None and info["scores"][winner] >= 200
    assert totals == {f"player_{s}": (1.0 if s == winner else -1.0) for s in range(2)}
    assert e.agents == []


def last_flags(e, seed):
    """Play one random episode; the (terminated, truncated) flags the agents end with."""
    e.reset(seed=seed)
    flags = set()
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            flags.add((terminated, truncated))
            e.step(None)
        else:
            e.step(e.action_space(agent).sample(obs["action_mask"]))
    return flags


def test_a_round_ends_terminated_and_max_turns_truncates_it():
    assert last_flags(env("mattel-2018+reshuffle", 2), 3) == {(True, False)}  # the round ended by the rules
    truncated = [last_flags(env("mattel-2018+reshuffle", 2, max_turns=1), seed) for seed in range(12)]
    assert {(False, True)} in truncated  # a round still going at its second turn is truncated


def test_the_length_bound_truncates_with_no_reward():
    e = env("mattel-2018+reshuffle", 3, episode="game", max_game_length=25)
    totals, info, decisions = play(e, 1)
    assert decisions == 25 and info["winner"] is None and set(totals.values()) == {0.0}


def test_an_illegal_action_is_refused_with_the_way_out():
    e = env("mattel-2018+reshuffle", 2, render_mode="ansi")
    e.reset(seed=0)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(UsageError, match="action_mask entry is 1"):
        e.step(illegal)
    assert e.render().startswith(f"seat {e.possible_agents.index(e.agent_selection)} |")
    other = next(a for a in e.agents if a != e.agent_selection)
    assert e.observe(other)["action_mask"].sum() == 0


def test_steps_that_cannot_be_taken_are_clear_value_errors():
    """step(0) after the game was a bare KeyError, step(None) for the agent to act a raw TypeError;
    each is now a ValueError (as PettingZoo's own checks raise) that says what to do."""
    e = env("mattel-2018", 2, max_game_length=40)  # truncated after 40 decisions: a short game
    with pytest.raises(ValueError, match=r"step\(\) before reset\(\)"):
        e.step(0)
    e.reset(seed=1)
    with pytest.raises(ValueError, match=r"step\(None\) while player_\d is to act"):
        e.step(None)
    for bad in ("x", 1.5, True):
        with pytest.raises(ValueError, match="is not an action id"):
            e.step(bad)
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            with pytest.raises(ValueError, match="its only action is None"):
                e.step(0)
        e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.agents == []
    with pytest.raises(ValueError, match=r"step\(0\) after the game is over: every agent has left it") as err:
        e.step(0)
    assert isinstance(err.value, UsageError) and "Call reset()" in str(err.value)
