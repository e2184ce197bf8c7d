"""The search agent (issue 25, item 3: the skill ladder's top rung). Its strength against greedy
is measured by benchmarks/bench_search.py, not here."""

import random

import pytest

from dosrules.engine import Phase, new_game
from dosrules.engine.actions import CALL_DOS
from dosrules.errors import UsageError
from dosrules.play.agents import GreedyAgent, RandomAgent, parse_agent_spec
from dosrules.play.search import SearchAgent, candidates, cutoff_value, determinise, halving_schedule
from dosrules.play.inference import Limit, observed_limits, within_limits
from dosrules.play.simulate import make_agents

from enginekit import RULESETS, variant
from dosrules import load_ruleset

#: mattel-2018 without rule gaps (no void rounds)
GAPLESS = load_ruleset(str(RULESETS / "test-gapless.yaml"))
#: ... in games of 50 points: a few rounds each
SHORT = variant(GAPLESS, target=50)
#: ... in games of 1000 points: no round's points end the game
LONG = variant(GAPLESS, target=1000)


def play(ruleset, agents, seed, check=None, max_rounds=60):
    state = new_game(ruleset, len(agents), seed, max_rounds=max_rounds)
    while not state.is_terminal():
        action = agents[state.current_player()].act(state)
        if check is not None:
            check(state, action)
        state.apply(action)
    return state


def searched_decisions(ruleset, players, seed, want):
    """Positions where the search agent has a real choice (more than one candidate), met in a
    game greedy plays."""
    state = new_game(ruleset, players, seed, max_rounds=10)
    greedy = [GreedyAgent(s) for s in range(players)]
    found = []
    while not state.is_terminal() and len(found) < want:
        if state.phase in (Phase.TURN, Phase.BONUS):
            default = GreedyAgent().act(state)
            if default != CALL_DOS and len(candidates(state, default, 6)) > 1:
                found.append(state.copy())
        state.apply(greedy[state.current_player()].act(state))
    assert len(found) == want
    return found


@pytest.mark.parametrize("ruleset, players", [(GAPLESS, 2), (GAPLESS, 4),
                                               (load_ruleset(str(RULESETS / "test-placer.yaml")), 3)])
def test_search_takes_only_legal_actions(ruleset, players):
    searching = [SearchAgent(1 + s, samples=2, width=3) if s % 2 == 0 else None for s in range(players)]
    agents = [a if a is not None else GreedyAgent(s) for s, a in enumerate(searching)]
    otherwise = 0  # decisions where search chose otherwise than greedy would

    def check(state, action):
        nonlocal otherwise
        assert action in state.legal_actions()
        if searching[state.current_player()] is not None:
            otherwise += action != GreedyAgent().act(state)

    play(ruleset, agents, seed=3, check=check, max_rounds=2)
    assert otherwise >= 1


def test_search_is_reproducible_by_seed():
    def game(seed):
        return play(SHORT, [SearchAgent(seed, samples=2, width=3), GreedyAgent(9)], seed=5, max_rounds=2).history

    first = game(7)
    assert game(7) == first
    assert game(8) != first  # another seed samples other hands (and chooses otherwise somewhere)


def _permuted(state, me, rng):
    """``state`` with the cards seat ``me`` cannot see (other hands, the deck) dealt anew, each
    hand and the deck keeping its size."""
    other = state.copy()
    hidden = [card for s in range(state.players) if s != me for card in state.hands[s]] + list(state.deck)
    rng.shuffle(hidden)
    at = 0
    for s in range(state.players):
        if s != me:
            k = len(state.hands[s])
            other.hands[s], at = hidden[at:at + k], at + k
    other.deck = hidden[at:]
    return other


@pytest.mark.parametrize("players", [2, 4])
def test_search_cannot_see_hidden_cards(players):
    rng = random.Random(0)
    changed = 0
    for state in searched_decisions(SHORT, players, seed=11, want=6):
        me = state.current_player()
        others = [_permuted(state, me, rng) for _ in range(3)]
        changed += sum(o.hands != state.hands for o in others)
        # the sampled worlds are the same whatever the hidden arrangement ...
        worlds = [determinise(s, me, random.Random(4)) for s in (state, *others)]
        assert all(w.hands == worlds[0].hands and w.deck == worlds[0].deck for w in worlds)
        # ... and so is the decision
        choices = {SearchAgent(2, samples=3, width=4).act(s) for s in (state, *others)}
        assert len(choices) == 1
        # ... also when it deals the hidden hands within what the others' draws tell
        choices = {SearchAgent(2, samples=3, width=4, infer=1).act(s) for s in (state, *others)}
        assert len(choices) == 1
    assert changed >= 12  # the permutations did move hidden cards


def test_determinised_worlds_keep_what_the_seat_sees():
    state = searched_decisions(SHORT, 3, seed=2, want=1)[0]
    me = state.current_player()
    world = determinise(state, me, random.Random(1))
    assert world.hands[me] == state.hands[me] and world.row == state.row and world.discard == state.discard
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands] and len(world.deck) == len(state.deck)
    assert sorted(map(str, world.all_cards())) == sorted(map(str, state.all_cards()))
    assert any(world.hands[s] != state.hands[s] for s in range(3) if s != me) or world.deck != state.deck


def test_search_beats_random_clearly():
    points = [0, 0]  # search, random
    for game in range(4):
        search_seat = game % 2  # seats alternate
        agents = [None, None]
        agents[search_seat] = SearchAgent(game, samples=2, width=3)
        agents[1 - search_seat] = RandomAgent(game)
        state = play(SHORT, agents, seed=100 + game, max_rounds=4)
        points[0] += state.scores[search_seat]
        points[1] += state.scores[1 - search_seat]
    assert points[0] > 3 * points[1]


def test_search_spec_and_options():
    agent = parse_agent_spec("search:samples=3,width=2,turns=50", seed=1)
    assert isinstance(agent, SearchAgent) and (agent.samples, agent.width, agent.turns) == (3, 2, 50)
    assert [type(a).__name__ for a in make_agents("search,greedy", 2, [1, 2])] == ["SearchAgent", "GreedyAgent"]
    assert parse_agent_spec("search:turns=0", seed=1).turns == 0  # evaluate when the turn ends
    assert parse_agent_spec("search:infer=1", seed=1).infer and not parse_agent_spec("search", seed=1).infer
    with pytest.raises(UsageError, match="infer=2 is not 0 or 1"):
        parse_agent_spec("search:infer=2")
    with pytest.raises(UsageError, match="whole numbers"):
        parse_agent_spec("search:samples=0.5")
    with pytest.raises(UsageError, match="whole numbers"):
        parse_agent_spec("search:turns=-1")
    with pytest.raises(UsageError, match="does not take options"):
        parse_agent_spec("search:forget=0.1")


def test_search_of_width_one_plays_as_greedy():
    greedy = play(SHORT, [GreedyAgent(1), GreedyAgent(2)], seed=6, max_rounds=3).history
    assert play(SHORT, [SearchAgent(1, width=1), GreedyAgent(2)], seed=6, max_rounds=3).history == greedy


def test_halving_schedule_stays_within_the_budget():
    assert halving_schedule(2, 64) == [32]  # two candidates: one round, as flat Monte Carlo
    assert halving_schedule(4, 128) == [16, 32]  # 4 x 16, then the better 2 x 32 more: 128 rollouts
    for candidates in range(2, 12):
        for samples in range(1, 40):
            budget, alive, spent = samples * candidates, candidates, 0
            for count in halving_schedule(candidates, budget):
                spent += count * alive
                alive = (alive + 1) // 2
            assert 0 < spent <= budget


def test_search_halves_its_candidates(monkeypatch):
    """A decision among 4 candidates at samples=8 (32 rollouts): every candidate meets 4 worlds,
    the better 2 then 8 more each; the choice is the finalist of the higher total."""
    state = next(s for s in searched_decisions(SHORT, 4, seed=11, want=6)
                 if len(candidates(s, GreedyAgent().act(s), 4)) == 4)
    agent = SearchAgent(3, samples=8, width=4)
    options = candidates(state, GreedyAgent().act(state), 4)
    played = []
    rollout = SearchAgent._rollout

    def counting(self, game, me, scores):
        played.append(game.history[-1] if game.history else None)
        return rollout(self, game, me, scores)

    monkeypatch.setattr(SearchAgent, "_rollout", counting)
    agent._best(state, options)
    counts = sorted(played.count(h) for h in set(played))
    assert len(played) == 32 and counts == [4, 4, 12, 12]


def test_cutoff_value_is_zero_sum_and_rewards_a_smaller_hand():
    """The cut-off evaluation: what one seat expects the others lose (while no seat can reach the
    target), and a card passed from seat a's hand to seat b's raises a's value and lowers b's."""
    checked = 0
    for state in searched_decisions(LONG, 4, seed=11, want=6):
        values = [cutoff_value(state, s) for s in range(4)]
        assert abs(sum(values)) < 1e-9
        a, b = [s for s in range(4) if len(state.hands[s]) > 1][:2]
        moved = state.copy()
        moved.hands[b].append(moved.hands[a].pop())
        assert cutoff_value(moved, a) > values[a] and cutoff_value(moved, b) < values[b]
        checked += 1
    assert checked == 6


def test_cutoff_value_counts_the_game_end():
    """A seat whose going out now would reach the target: its chance of that is worth the target."""
    state = searched_decisions(LONG, 4, seed=11, want=1)[0]
    me = state.current_player()
    near = state.copy()
    near.scores[me] = near.c.target - 1
    assert cutoff_value(near, me) > cutoff_value(state, me) + 0.1 * near.c.target
    others_near = state.copy()
    others_near.scores = [near.c.target - 1 if s != me else 0 for s in range(4)]
    assert cutoff_value(others_near, me) < -0.5 * near.c.target


def test_a_rollout_cut_off_is_scored_by_the_cutoff_value():
    """``turns=0``: the rollout stops when the decision's turn ends and is scored by
    ``cutoff_value``, not 0 (a round rarely ends within the turn)."""
    agent = SearchAgent(1, turns=0)
    agent._players = [GreedyAgent(0) for _ in range(4)]
    scored = 0
    for state in searched_decisions(GAPLESS, 4, seed=11, want=6):
        me = state.current_player()
        world = determinise(state, me, random.Random(2))
        world.max_rounds, world.max_turns = state.round, state.turn_number
        game = world.copy()
        game.apply(GreedyAgent().act(state))
        value = agent._rollout(game, me, state.scores)
        assert game.is_terminal() and game.winner is None
        if game.turn_number > state.turn_number:  # cut off (not gone out within the turn)
            assert value == cutoff_value(game, me) != 0.0
            scored += 1
    assert scored >= 4


def test_trusted_rollouts_play_as_checked_ones():
    """Rollouts skip the engine's legality check: the same actions and scores as with it."""
    agent = SearchAgent(1)
    agent._players = [GreedyAgent(0) for _ in range(4)]
    for state in searched_decisions(GAPLESS, 4, seed=11, want=4):
        me = state.current_player()
        for k in range(3):
            world = determinise(state, me, random.Random(k))
            world.max_rounds, world.max_turns = state.round, state.turn_number + 200
            trusted, checked = world.copy(), world.copy()
            agent._rollout(trusted, me, state.scores)
            while not checked.is_terminal():
                checked.apply(agent._players[checked.current_player()].act(checked))
            assert trusted.history == checked.history and trusted.scores == checked.scores


def test_observed_limits_hold_for_the_true_hands_of_greedy_players():
    """What a seat infers from the others' draws (``inference``) is true of their real hands
    when they play greedy, and the worlds ``determinise`` deals with the limits keep them."""
    limited = 0
    for players in (3, 4):
        state = new_game(GAPLESS, players, 21, max_rounds=3)
        greedy = [GreedyAgent(s) for s in range(players)]
        rng = random.Random(5)
        while not state.is_terminal():
            me = state.current_player()
            if state.phase is Phase.TURN and state.turn_number % 3 == 0:
                limits = observed_limits(state, me)
                assert all(limit.seat != me for limit in limits)
                for seat in {limit.seat for limit in limits}:
                    assert within_limits(state, seat, state.hands[seat], limits)
                    limited += 1
                if limits:
                    world = determinise(state, me, rng, limits)
                    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
                    assert len(world.deck) == len(state.deck) and world.hands[me] == state.hands[me]
                    assert sorted(map(str, world.all_cards())) == sorted(map(str, state.all_cards()))
                    for seat in {limit.seat for limit in limits}:
                        assert within_limits(state, seat, world.hands[seat], limits)
            state.apply(greedy[me].act(state))
    assert limited >= 10


def test_a_limit_rules_out_hands():
    """A seat that drew at a turn's start, holding as many cards as it drew, may hold no card
    that matches the row it saw; any card of the row's numbers breaks that limit."""
    state = searched_decisions(GAPLESS, 4, seed=11, want=1)[0]
    row = frozenset(state.c.face_index[id(card)] for card in state.row)
    limits = [Limit(2, row, 0)]
    assert not within_limits(state, 2, list(state.row[:1]), limits)
    assert within_limits(state, 3, list(state.row[:1]), limits)  # another seat's limit
    assert within_limits(state, 2, [], limits)
