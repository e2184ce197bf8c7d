"""The OpenSpiel game ``dosrules`` (dosrules/rl/openspiel_game.py): parameters, explicit chance,
catch windows, observations, and pyspiel's random_sim_test for every shipped edition and player
count. Skipped without the extra ``dosrules[rl]``.

``DOSRULES_RL_SIMS`` sets the random_sim_test games per edition and player count (default 1)
and ``DOSRULES_RL_LENGTH`` their length bound (default 150 decisions; whole games are long and
pyspiel's test keeps a copy of the history at every node).
"""

from __future__ import annotations

import os
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("greenlet")

from dosrules.engine.phase import Phase  # noqa: E402
from dosrules.rl.openspiel_game import GAME_NAME, load  # noqa: E402
from dosrules.ruleset.loader import load_ruleset, shipped_ids  # noqa: E402

SIMS = int(os.environ.get("DOSRULES_RL_SIMS", "1"))
LENGTH = int(os.environ.get("DOSRULES_RL_LENGTH", "150"))


def editions_and_player_counts():
    for edition in shipped_ids("editions"):
        rules = load_ruleset(edition).rules
        for n in range(rules.players.min, rules.players.max + 1):
            yield edition, n


@pytest.mark.parametrize("edition, players", list(editions_and_player_counts()))
def test_random_sim_test_passes(edition, players):
    game = pyspiel.load_game(GAME_NAME, {"ruleset": edition, "players": players, "max_game_length": LENGTH,
                                         "episode": "game"})
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=False, verbose=False)


@pytest.mark.parametrize("ruleset", [e + house for e in shipped_ids("editions") for house in ("", "+reshuffle")])
def test_random_sim_test_passes_for_whole_rounds_under_the_computed_bound(ruleset):
    """Round episodes (the default) end by the rules: no cap on the length is needed."""
    for players in (2, 4):
        game = pyspiel.load_game(GAME_NAME, {"ruleset": ruleset, "players": players})
        assert game.max_game_length() == 200 * (2 * len(game.rl.compiled.deck) + 3 + players)
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_random_sim_test_with_serialization_and_a_house_rule():
    game = load("mattel-2018+all-wild-row-placer+reshuffle", 3, max_game_length=60)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_declares_its_parameters_length_and_utilities():
    game = pyspiel.load_game("dosrules(ruleset=mattel-2018+reshuffle,players=3,max_game_length=500)")
    t, p = game.get_type(), game.get_parameters()
    assert p == {"ruleset": "mattel-2018+reshuffle", "players": 3, "max_game_length": 500, "episode": "round",
                 "max_turns": 200, "max_rounds": 1000}
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 3 and game.max_game_length() == 500
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.num_distinct_actions() == 12365 + 3 and game.max_chance_outcomes() == 41
    assert game.observation_tensor_shape() == [game.make_py_observer().observation.size]


def test_a_bad_player_count_says_what_the_ruleset_allows():
    with pytest.raises(Exception, match="played by 2 to 4 players, not 6"):
        load("mattel-2018", 6)


def test_chance_nodes_are_cards_and_decisions_are_codebook_actions():
    game = load("mattel-2018+reshuffle", 2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0]) == "card: 1b"
    rng = random.Random(2)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    legal = state.legal_actions()
    seat = state.current_player()
    texts = {state.action_to_string(seat, a) for a in legal}
    assert {str(a) for a in state.episode.state.legal_actions()} == texts
    assert state.legal_actions(1 - seat) == []


def test_a_catch_window_is_a_decision_of_the_next_seat():
    game = load("mattel-2018+reshuffle", 3)
    rng = random.Random(11)
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            engine = state.episode.observed()
            if not state.is_chance_node() and engine.phase is Phase.CATCH:
                caught, catcher = engine.catch[0], engine.catch[1]
                assert state.current_player() == catcher == (caught + 1) % 3
                assert [state.action_to_string(catcher, a) for a in state.legal_actions()] == [
                    "pass", f"catch-dos {caught}"]
                return
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                calls = [a for a in legal if state.action_to_string(state.current_player(), a) == "call-dos"]
                state.apply_action(legal[rng.randrange(len(legal))] if not calls or rng.random() < 0.2 else calls[0])
    pytest.fail("no catch window in 40 games")


def test_observations_are_per_seat_and_a_clone_is_independent():
    game = load("german", 3)
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    engine = state.episode.state
    for seat in range(3):
        text = state.observation_string(seat)
        assert text.startswith(f"seat {seat} |")
        assert text.endswith("hand " + " ".join(sorted(map(str, engine.hands[seat]),
                                                       key=lambda c: [str(f) for f in engine.c.faces].index(c))))
        tensor = state.observation_tensor(seat)
        assert sum(tensor[:41]) == len(engine.hands[seat])
    clone = state.clone()
    assert clone.history() == state.history() and clone.move_number() == state.move_number()
    action = clone.legal_actions()[0]
    clone.apply_action(action)
    assert clone.history() == state.history() + [action] and state.observation_string(0) != "" and \
        state.episode.state is not clone.episode.state


def test_the_greedy_bot_plays_the_engines_greedy_move_by_id():
    from dosrules.play.agents import make_agent
    from dosrules.rl.bots import AgentBot
    game = load("mattel-2018+reshuffle", 2, episode="game")
    state = game.new_initial_state()
    rng = random.Random(6)
    bot, twin = AgentBot("greedy", 3), make_agent("greedy", 3)
    for _ in range(300):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        assert state.action_to_string(state.current_player(), action) == str(twin.act(state.episode.state))
        state.apply_action(action)


def test_the_example_evaluates_an_agent_against_greedy():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "examples" / "evaluate_against_greedy.py"
    spec = importlib.util.spec_from_file_location("evaluate_against_greedy", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    result = example.evaluate("mattel-2018+reshuffle", 2, "random", games=3, simulations=0, seed=1)
    assert result["games"] == 3 and 0.0 <= result["ci95"][0] <= result["rate"] <= result["ci95"][1] <= 1.0
    assert [n for _, n in result["by_seat"]] == [2, 1]  # the agent takes each seat in turn
    assert sum(w for w, _ in result["by_seat"]) == result["wins"]
    assert example.wilson(0, 10)[0] == 0.0 and example.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    game = load("mattel-2018+reshuffle", 2, max_game_length=400)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[len(state.history()) % len(state.chance_outcomes())][0])
    bot = example.DeterminizedMCTS(game, simulations=5, seed=2)
    assert bot.step(state) in state.legal_actions()


def test_the_queries_answered_in_python_agree_with_openspiels_own():
    game = load("mattel-2018+reshuffle", 3, episode="game", max_game_length=120)
    state = game.new_initial_state()
    rng = random.Random(6)
    nodes = 0
    while not state.is_terminal():
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.is_player_node() == pyspiel.State.is_player_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for seat in range(3):
            assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        nodes += 1
    assert nodes > 120 and state.legal_actions() == pyspiel.State.legal_actions(state) == []


def test_the_docs_first_example_plays_a_game_to_its_end(capsys):
    """docs/rl.md's first example (a random game sampled with ``sample_outcome``) runs as written."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "rl.md").read_text()
    example = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert "sample_outcome(state.chance_outcomes()" in example
    exec(compile(example, "docs/rl.md", "exec"), {})
    returns = [float(x) for x in capsys.readouterr().out.strip().strip("[]").split(",")]
    assert len(returns) == 4 and sorted(returns)[-1] == 1.0 and abs(sum(returns)) < 1e-9
