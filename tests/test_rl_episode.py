"""Episodes (dosrules/rl/episode.py): explicit chance nodes, copies, the length bound, the
rule-gap outcome and utilities; observations (dosrules/rl/observation.py) hide other hands.
Skipped without the extra ``dosrules[rl]``."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

pytest.importorskip("greenlet")
pytest.importorskip("numpy")

from dosrules.engine.events import Dealt, Reshuffled, RoundScored, RoundVoid, RuleGap  # noqa: E402
from dosrules.errors import DosrulesError, UsageError  # noqa: E402
from dosrules.engine import from_position  # noqa: E402
from dosrules.engine.actions import DRAW  # noqa: E402
from dosrules.ruleset.cards import parse_card  # noqa: E402
from dosrules.rl.deckchance import CARD, DeckChance, DeckCounts, sample_outcome  # noqa: E402
from dosrules.rl.episode import _REBASE, CHANCE, Episode, RlGame  # noqa: E402
from dosrules.rl.observation import Observation  # noqa: E402


def step_random(ep: Episode, rng: random.Random) -> None:
    if ep.current_player() == CHANCE:
        ep.apply(sample_outcome(ep.chance_outcomes(), rng.random()))
    else:
        ids = ep.legal_ids()
        ep.apply(ids[rng.randrange(len(ids))])


def play_until(game: RlGame, seen, rng: random.Random, nodes: int = 100_000) -> Episode:
    """Random play (new games as needed) until a step's events satisfy ``seen``."""
    ep = game.new_episode()
    for _ in range(nodes):
        if ep.is_terminal():
            ep = game.new_episode()
        step_random(ep, rng)
        if ep.current_player() != CHANCE and seen(ep.last_events):
            return ep
    pytest.fail(f"nothing seen in {nodes} nodes")


def test_the_first_deal_is_chance_nodes_weighted_by_the_cards_left():
    game = RlGame("mattel-2018+reshuffle", 3)
    ep = game.new_episode()
    assert ep.current_player() == CHANCE and ep.request.kind == CARD
    faces = game.compiled.faces
    probs = dict(ep.chance_outcomes())
    copies = Counter(game.compiled.deck)
    assert probs == {f: copies[card] / 108 for f, card in enumerate(faces)}
    assert sum(probs.values()) == pytest.approx(1.0)
    # deal: always the highest face left; the dealer's left gets the seven highest cards
    while ep.current_player() == CHANCE:
        ep.apply(max(o for o, _ in ep.chance_outcomes()))
    state = ep.state
    highest = sorted(game.compiled.deck, key=lambda c: faces.index(c), reverse=True)
    first = (state.dealer + 1) % 3
    assert sorted(state.hands[first], key=faces.index, reverse=True) == highest[:7]
    assert len(state.deck) == 108 - 23


@pytest.mark.parametrize("explicit", [True, False])
def test_episodes_play_on_the_tables_prepared_for_untraced_games(explicit):
    """An episode's engine state, and a copy's, is untraced and plays with the ruleset's prepared
    tables (``state.fast``, engine/specialised.py), as ``simulate``'s games do: the RL line's
    cost against ``simulate`` rests on the same engine path (docs/rl.md, "Speed")."""
    game = RlGame("mattel-2018+reshuffle", 4, episode="game")
    rng = random.Random(3)
    ep = game.new_episode(explicit=explicit, seed=3)
    for n in range(600):
        step_random(ep, rng)
        if n % 150 == 0:
            for state in (ep.state, ep.copy().state, ep.observed()):
                assert state.c is game.compiled and state.fast is game.compiled.specialised is not None


def test_an_outcome_that_is_not_offered_is_refused_and_changes_nothing():
    ep = RlGame("mattel-2018+reshuffle", 2).new_episode()
    before = ep.chance_outcomes()
    with pytest.raises(ValueError, match="not a chance outcome here"):
        ep.apply(999)
    assert ep.chance_outcomes() == before and ep.ids() == []


def test_copies_at_chance_nodes_replay_and_are_independent():
    rng = random.Random(4)
    ep = RlGame("german", 3, episode="game").new_episode()
    for _ in range(400):
        step_random(ep, rng)
    while ep.current_player() != CHANCE:
        step_random(ep, rng)
    twin = ep.copy()
    o = ep.chance_outcomes()[-1][0]
    ep.apply(o)
    assert twin.current_player() == CHANCE  # the copy did not move
    twin.apply(o)
    for _ in range(200):  # the same outcomes and decisions give the same game
        if ep.is_terminal():
            break
        i = ep.chance_outcomes()[0][0] if ep.current_player() == CHANCE else ep.legal_ids()[0]
        ep.apply(i)
        twin.apply(i)
        assert str(ep.observed()) == str(twin.observed())
    assert ep.ids() == twin.ids()


def test_an_episode_pickles_as_its_ids_and_replays():
    rng = random.Random(2)
    ep = RlGame("mattel-2018+reshuffle", 4, episode="game").new_episode()
    for _ in range(700):
        step_random(ep, rng)
    back = pickle.loads(pickle.dumps(ep))
    assert back.ids() == ep.ids() and back.moves == ep.moves
    assert str(back.observed()) == str(ep.observed())
    assert back.current_player() == ep.current_player()


def test_after_a_reshuffle_the_next_card_is_chance_over_the_old_discard():
    game = RlGame("mattel-2018+reshuffle", 2)
    asked = []

    def ask(request):
        asked.append(request)
        return request.outcomes[0][0]

    discard = ["1b", "1b", "9r", "W2", "#g"]
    state = from_position(game.ruleset, [["3b", "5g"], ["4y", "6r"]], ["10y", "8g"], deck=[], discard=discard,
                          chance=DeckChance(game.compiled, ask=ask))
    events = state.apply(DRAW)
    assert [e.kind for e in events][:2] == ["reshuffled", "drew"]
    faces = game.compiled.faces
    assert {str(faces[f]): w for f, w in enumerate(asked[0].weights) if w} == dict(Counter(discard))
    assert dict(asked[0].outcomes)[faces.index(parse_card("1b"))] == pytest.approx(2 / 5)
    assert str(state.hands[0][-1]) == "1b" and len(state.deck) == 4 and not state.discard


def test_a_rule_gap_voids_the_round_and_play_goes_on():
    game = RlGame("german", 2, episode="game")
    ep = play_until(game, lambda events: any(isinstance(e, RuleGap) and e.voids for e in events), random.Random(1))
    kinds = [type(e) for e in ep.last_events]
    assert RoundVoid in kinds and RoundScored not in kinds
    assert ep.gaps and not ep.is_terminal()
    assert Dealt in kinds[kinds.index(RoundVoid):]  # the next round was dealt (its cards were chance nodes)


def test_a_game_ends_with_one_winner_and_zero_sum_utilities():
    rng = random.Random(3)
    ep = RlGame("mattel-2018+reshuffle", 3, episode="game").new_episode()
    while not ep.is_terminal():
        step_random(ep, rng)
    w = ep.winner()
    assert w is not None and ep.state.scores[w] >= ep.state.c.target
    u = ep.utilities()
    assert u[w] == 1.0 and sum(u) == pytest.approx(0.0) and all(x == -0.5 for s, x in enumerate(u) if s != w)
    assert ep.current_player() is None and ep.legal_ids() == []


def test_the_length_bound_stops_the_game_without_a_winner():
    rng = random.Random(5)
    ep = RlGame("mattel-2018+reshuffle", 2, episode="game", max_game_length=40).new_episode()
    while not ep.is_terminal():
        step_random(ep, rng)
    assert ep.moves == 40 and ep.winner() is None and ep.utilities() == [0.0, 0.0]
    with pytest.raises(ValueError, match="game is over"):
        ep.apply(0)


def test_sampled_chance_plays_the_same_game_for_the_same_seed():
    game = RlGame("mattel-2018+reshuffle", 3, episode="game")
    a, b = game.new_episode(explicit=False, seed=9), game.new_episode(explicit=False, seed=9)
    rng = random.Random(0)
    for _ in range(300):
        ids = a.legal_ids()
        assert ids == b.legal_ids()
        i = ids[rng.randrange(len(ids))]
        a.apply(i)
        b.apply(i)
    assert str(a.state) == str(b.state) and a.current_player() != CHANCE
    with pytest.raises(TypeError, match="can be pickled"):
        pickle.dumps(a)


def test_bad_parameters_are_one_paragraph_errors():
    with pytest.raises(DosrulesError, match="played by 2 to 4 players, not 7"):
        RlGame("mattel-2018", 7)
    with pytest.raises(UsageError, match="max_game_length"):
        RlGame("mattel-2018", 2, max_game_length=0)
    with pytest.raises(UsageError, match="episode is 'match'"):
        RlGame("mattel-2018", 2, episode="match")
    with pytest.raises(UsageError, match="max_turns"):
        RlGame("mattel-2018", 2, max_turns=0)
    with pytest.raises(DosrulesError, match="no-such-ruleset"):
        RlGame("no-such-ruleset", 2)


def test_the_observation_hides_the_other_hands():
    game = RlGame("mattel-2018+reshuffle", 3)
    ep = game.new_episode(explicit=False, seed=2)
    state = ep.state.copy()
    obs = Observation(game)
    obs.set_from(state, 0)
    mine, text = obs.tensor.copy(), obs.string_from(state, 0)
    obs.set_from(state, 1)
    theirs = obs.tensor.copy()
    # swap a card of seat 1's hand with a different card from the deck: seat 0 sees no change
    hand = state.hands[1]
    j = next(j for j, card in enumerate(state.deck) if card not in hand)
    hand[0], state.deck[j] = state.deck[j], hand[0]
    obs.set_from(state, 0)
    assert (obs.tensor == mine).all() and obs.string_from(state, 0) == text
    obs.set_from(state, 1)
    assert not (obs.tensor == theirs).all()
    hand_piece = obs.dict["hand"]
    assert hand_piece.sum() == len(state.hands[1])
    assert obs.size == sum(v.size for v in obs.dict.values())


def test_the_observation_of_every_hand_is_for_analysis_only():
    game = RlGame("mattel-2018+reshuffle", 2)
    state = game.new_episode(explicit=False, seed=1).state
    full, none = Observation(game, private="all"), Observation(game, private="none")
    full.set_from(state, 1)
    assert full.dict["hands"][0].sum() == len(state.hands[1]) and full.dict["hands"][1].sum() == len(state.hands[0])
    none.set_from(state, 1)
    assert "hand" not in none.dict and "hand " not in none.string_from(state, 1).replace("hand sizes", "")


def test_sample_outcome_follows_the_probabilities():
    outcomes = [(3, 0.25), (7, 0.5), (9, 0.25)]
    assert [sample_outcome(outcomes, u) for u in (0.0, 0.2, 0.3, 0.74, 0.8, 0.999999999)] == [3, 3, 7, 7, 9, 9]


def test_resampling_deals_the_hidden_cards_again_and_keeps_what_the_seat_sees():
    game = RlGame("mattel-2018+reshuffle", 3)
    ep = game.new_episode(explicit=False, seed=4)
    seat = ep.current_player()
    obs = Observation(game)
    obs.set_from(ep.state, seat)
    seen = obs.tensor.copy()
    det = ep.resampled(seat, random.Random(1))
    obs.set_from(det.state, seat)
    assert (obs.tensor == seen).all()
    assert [len(h) for h in det.state.hands] == [len(h) for h in ep.state.hands]
    assert det.state.hands != ep.state.hands  # another deal of what seat cannot see
    assert Counter(det.state.all_cards()) == Counter(game.compiled.deck)
    assert det.legal_ids() == ep.legal_ids()
    with pytest.raises(ValueError, match="own decision"):
        ep.resampled((seat + 1) % 3, random.Random(1))


def test_the_position_before_a_step_is_the_same_made_late_or_at_every_step():
    """Observing at a chance node makes the position before the step from a kept one and the
    steps since: an episode observed at every node and one observed only at the end agree."""
    game = RlGame("german+reshuffle", 3, episode="game")
    rng = random.Random(8)
    eager, lazy = game.new_episode(), game.new_episode()
    obs = Observation(game)
    while eager.moves < _REBASE + 50 or eager.current_player() != CHANCE:
        if eager.current_player() == CHANCE:
            i = sample_outcome(eager.chance_outcomes(), rng.random())
        else:
            ids = eager.legal_ids()
            i = ids[rng.randrange(len(ids))]
        obs.set_from(eager.observed(), 0)
        eager.apply(i)
        lazy.apply(i)
    for seat in range(3):
        obs.set_from(eager.observed(), seat)
        tensor = obs.tensor.copy()
        obs.set_from(lazy.observed(), seat)
        assert (obs.tensor == tensor).all()
        assert obs.string_from(eager.observed(), seat) == obs.string_from(lazy.observed(), seat)
    assert str(eager.observed()) == str(lazy.observed())
    assert Counter(eager.observed().deck) == Counter(lazy.observed().deck)


def test_a_copy_in_the_middle_of_a_hand_dealt_replays_up_to_the_same_card():
    game = RlGame("mattel-2018+reshuffle", 2)
    ep = game.new_episode()
    for _ in range(3):  # three cards of the first hand
        ep.apply(ep.chance_outcomes()[-1][0])
    twin = ep.copy()
    assert twin.chance_outcomes() == ep.chance_outcomes()
    while ep.current_player() == CHANCE:
        o = ep.chance_outcomes()[len(ep.chance_outcomes()) // 2][0]
        ep.apply(o)
        twin.apply(o)
    assert str(ep.state) == str(twin.state) and ep.ids() == twin.ids()


def test_taking_a_face_from_the_sorted_deck_takes_that_card():
    game = RlGame("mattel-2018", 2)
    c = game.compiled
    deck = list(c.deck)
    random.Random(3).shuffle(deck)
    counts = DeckCounts()
    left = Counter(deck)
    for f in [0, 40, 40, 7, 12, 12, 12, 3, 0]:
        card = counts.take(deck, f, c.faces, c.face_index)
        assert card is c.faces[f]
        left[card] -= 1
        assert Counter(deck) == +left and counts.of(deck, c.faces, c.face_index) == [left[x] for x in c.faces]
    deck.append(c.faces[5])  # the engine changed the list: counted again
    assert counts.of(deck, c.faces, c.face_index)[5] == left[c.faces[5]] + 1
    with pytest.raises(ValueError, match="not a card left"):
        counts.take([c.faces[1]], 2, c.faces, c.face_index)


def test_the_card_outcomes_of_a_deck_are_its_counts_over_its_size():
    game = RlGame("mattel-2018", 2)
    chance = DeckChance(game.compiled)
    faces = game.compiled.faces
    deck = list(game.compiled.deck)
    rng = random.Random(5)
    for _ in range(60):
        request = chance.request(deck)
        left = Counter(deck)
        assert request.outcomes == [(f, left[card] / len(deck)) for f, card in enumerate(faces) if left[card]]
        assert sum(p for _, p in request.outcomes) == pytest.approx(1.0)
        chance.counts.take(deck, rng.choice(request.outcomes)[0], chance.faces, chance.face_index)


def test_copies_and_resampled_copies_offer_the_cards_their_deck_holds():
    """Each card chance node offers the faces of the deck it takes from, by count, in copies made
    at every decision and in resampled ones (the counts a copy inherits must be its deck's)."""
    game = RlGame("mattel-2018+reshuffle", 3, episode="game")
    faces = game.compiled.faces
    rng = random.Random(11)
    ep = game.new_episode()
    checked = 0
    while ep.moves < 400 and not ep.is_terminal():
        if ep.current_player() == CHANCE:
            if ep.request.kind == CARD:
                ep.state  # a copy made at a chance node (a new game is one) replays up to it
                deck = ep._cards.deck  # the list the pending take draws from
                left = Counter(deck)
                assert ep.chance_outcomes() == [(f, left[c] / len(deck)) for f, c in enumerate(faces) if left[c]]
                checked += 1
            ep.apply(sample_outcome(ep.chance_outcomes(), rng.random()))
            continue
        seat = ep.current_player()
        ep = ep.resampled(seat, rng) if rng.random() < 0.3 else ep.copy()
        ids = ep.legal_ids()
        ep.apply(ids[rng.randrange(len(ids))])
    assert checked > 300


def test_a_round_episode_ends_with_the_round_and_rewards_who_went_out():
    rng = random.Random(7)
    game = RlGame("mattel-2018+reshuffle", 3)  # episode="round" is the default
    scored = void = 0
    for _ in range(300):  # random play scores about one round in twenty
        if scored and void > 5:
            break
        ep = game.new_episode()
        while not ep.is_terminal():
            step_random(ep, rng)
        assert ep.moves >= 1 and not ep.truncated()  # a round void before any decision is dealt again
        assert ep.state.max_rounds == ep.state.round  # the game stopped with the round of the decisions
        u = ep.utilities()
        if ep.winner() is None:  # void at a rule gap: nobody scored
            void += 1
            assert ep.gaps and u == [0.0] * 3 and ep.state.scores == [0, 0, 0]
        else:
            scored += 1
            w = ep.winner()
            assert ep.state.scores[w] > 0 and u[w] == 1.0 and sum(u) == pytest.approx(0.0)
    assert scored and void


def test_max_turns_truncates_a_round_and_the_length_bound_follows_from_it():
    game = RlGame("mattel-2018", 2, max_turns=2)
    assert game.max_game_length == 2 * (2 * 108 + 3 + 2)  # turns x (twice the deck + draw, end, call, windows)
    assert RlGame("mattel-2018", 2, episode="game", max_turns=2, max_rounds=3).max_game_length == 3 * game.max_game_length
    assert RlGame("mattel-2018", 2, max_game_length=50).max_game_length == 50  # a smaller cap is kept
    rng = random.Random(1)
    truncated = 0
    for _ in range(30):
        ep = game.new_episode()
        while not ep.is_terminal():
            step_random(ep, rng)
        assert ep.moves <= game.max_game_length and ep.state.turn_number <= 3
        if ep.truncated():
            truncated += 1
            assert ep.winner() is None and ep.utilities() == [0.0, 0.0]
    assert truncated



@pytest.mark.parametrize("explicit", [True, False])
def test_an_illegal_decision_is_refused_and_leaves_the_episode_as_it_was(explicit):
    """An action the state does not offer is refused before the episode counts it: the move
    counter, the ids and the position stay, and play goes on as if it had not been tried."""
    from dosrules.engine.chance import Chance
    from dosrules.engine.explain import IllegalActionError
    game = RlGame("mattel-2018", 2)
    ep = game.new_episode() if explicit else Episode(game, Chance(3))
    rng = random.Random(1)
    while ep.current_player() == CHANCE:
        step_random(ep, rng)
    legal = set(ep.legal_ids())
    illegal = next(i for i in range(len(game.codebook.actions)) if i not in legal)
    moves, ids, seat, hand = ep.moves, ep.ids(), ep.current_player(), ep.state.hand(ep.current_player())
    with pytest.raises(IllegalActionError):
        ep.apply(illegal)
    assert (ep.moves, ep.ids(), ep.current_player(), ep.state.hand(seat)) == (moves, ids, seat, hand)
    assert set(ep.legal_ids()) == legal
    ep.apply(sorted(legal)[0])
    assert ep.moves == moves + 1
