"""Counting what happens in simulated rounds: the statistics of ``simulate``'s chunks.

A :class:`Tally` plays a game and is fed its events a round at a time (``Tally.play``); it
notes each finished round and folds them into the chunk's ``ChunkResult``
(``dosrules.play.simulate``) once, at the chunk's end; a :class:`SituationTally` also counts the
situations of :mod:`dosrules.play.situations`, from the events and from the state just before
and after an action. Compiled by mypyc with the engine where that build is made (``setup.py``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Final, Sequence

from ..engine.actions import Action, CallDos, CatchDos, Draw, End, Match, Place
from ..engine.events import (BonusEarned, Buried, Caught, DealerChosen, Dealt, DosCalled, Drew, GameOver,
                            Matched, Placed, Refilled, Reshuffled, RoundScored, RoundVoid, RuleGap,
                            TurnEnded, TurnStarted)
from ..engine.state import Phase, State
from ..ruleset.cards import Kind
from .agents import Agent
from .situations import GAP_SITUATIONS, NAMES as SITUATION_NAMES

if TYPE_CHECKING:
    from .simulate import ChunkResult

__all__ = ["Tally", "SituationTally", "hist_add"]


def hist_add(hist: dict[str, int], key: Any, k: int = 1) -> None:
    name = str(key)
    hist[name] = hist.get(name, 0) + k


def _hist_all(hist: dict[str, int], keys: Sequence[Any]) -> None:
    """``hist_add`` each of ``keys``, in order (a key new to ``hist`` takes its place as it first occurs)."""
    for key, k in Counter(keys).items():
        hist_add(hist, key, k)


#: frequent events which no statistic counts (skipped first)
_UNCOUNTED: Final = frozenset((Matched, TurnEnded, Refilled, Placed, DealerChosen))
#: the round metrics Tally counts itself, in the order of its per-round observation tuples
_COUNTED: Final = ("turns", "cards_drawn", "draws", "bonus_draws", "penalty_draws", "single_colour_bonuses",
                    "double_colour_bonuses", "dos_calls", "dos_catches", "reshuffles")
#: frequent events that show no situation (skipped early by the situation tally)
_NO_SITUATION: Final = frozenset((TurnEnded, Drew, Refilled, Placed, DosCalled))
#: situation indexes (dosrules.play.situations), in the order of the per-round situation counters
#: (each name Final: compiled by mypyc, a C variable rather than a dictionary lookup)
_ROUND: Final = SITUATION_NAMES.index("round")
_FIRST_DEAL: Final = SITUATION_NAMES.index("first-deal")
_DEALER_WILD: Final = SITUATION_NAMES.index("dealer-draw-wild")
_NEXT_DEAL: Final = SITUATION_NAMES.index("next-deal")
_TURN_S: Final = SITUATION_NAMES.index("turn")
_WIDE_ROW: Final = SITUATION_NAMES.index("wide-row")
_MATCH: Final = SITUATION_NAMES.index("match")
_SINGLE_M: Final = SITUATION_NAMES.index("single-match")
_DOUBLE_M: Final = SITUATION_NAMES.index("double-match")
_DREW_HOLDING: Final = SITUATION_NAMES.index("drew-holding-match")
_MATCH_AFTER_DRAW: Final = SITUATION_NAMES.index("match-after-draw")
_FAILED_DRAW: Final = SITUATION_NAMES.index("failed-draw")
_DECLINED: Final = SITUATION_NAMES.index("declined-match")
_SINGLE_B: Final = SITUATION_NAMES.index("single-bonus")
_DOUBLE_B: Final = SITUATION_NAMES.index("double-bonus")
_COLOUR_B: Final = SITUATION_NAMES.index("colour-bonus")
_COVERED: Final = SITUATION_NAMES.index("row-covered")
_W2_PLAYED: Final = SITUATION_NAMES.index("wild-dos-played")
_W2_IN_ROW: Final = SITUATION_NAMES.index("wild-dos-in-row")
_WN_PLAYED: Final = SITUATION_NAMES.index("wild-number-played")
_WN_IN_ROW: Final = SITUATION_NAMES.index("wild-number-in-row")
_DOS_HAND: Final = SITUATION_NAMES.index("dos-hand")
_CAUGHT: Final = SITUATION_NAMES.index("dos-caught")
_CAUGHT_MID: Final = SITUATION_NAMES.index("dos-caught-mid-turn")
_OUT_DOUBLE: Final = SITUATION_NAMES.index("out-after-double")
_ROUND_SCORED: Final = SITUATION_NAMES.index("round-scored")
_DECK_OUT: Final = SITUATION_NAMES.index("deck-ran-out")
_ALL_WILD: Final = SITUATION_NAMES.index("all-wild-row")
_GAP_INDEXES: Final = {path: tuple(SITUATION_NAMES.index(n) for n in names) for path, names in GAP_SITUATIONS.items()}
_NUMBER: Final = Kind.NUMBER
_WILD_DOS: Final = Kind.WILD_DOS
_TURN: Final = Phase.TURN
_CATCH: Final = Phase.CATCH
_OVER: Final = Phase.OVER


class Tally:
    """Per-round counters fed with events; finished rounds are folded into a ChunkResult."""

    __slots__ = ("res", "players", "dealer", "turns", "drawn", "draws", "bonus_draws",
                 "penalty_draws", "single", "double", "calls", "catches", "reshuffles", "gap", "row",
                 "observed", "row_sizes", "scored", "outcomes", "gaps", "by_lot", "row_minimum",
                 "seat_agents", "first_dealer", "first_player", "turn_seat", "events", "round_hands",
                 "round_ends")

    def __init__(self, res: ChunkResult, players: int):
        self.res, self.players = res, players
        self.dealer = 0
        self.row_minimum = 0
        self.seat_agents: list[str] = []  # a mixed policy's agent spec per seat in this game (else empty)
        # finished rounds' observations, folded into the ChunkResult by close() (its Moments, and
        # its histograms, whose keys keep the order in which they first occurred)
        self.observed: list[tuple[int, ...]] = []  # per round: the _COUNTED metrics, in order
        self.row_sizes: list[int] = []
        self.scored: list[tuple[int, int, int]] = []  # per scored round: points, winner from dealer, from behind
        self.outcomes: list[str] = []  # per round, capped ones too
        self.gaps: list[str] = []  # per round voided by a gap: its path
        self.by_lot: list[str] = []  # per gap settled by lot: its path
        # the course of the game being played (dosrules.play.course): its scored round ends, the
        # first round's dealer and first player. For a round won from behind: the current turn's
        # seat, the game's events and the round's hands (the lists themselves, as dealt: the round
        # goes on changing them, and _behind works back from them through the last turn's events)
        self.round_ends: list[tuple[int, tuple[int, ...]]] = []
        self.first_dealer = 0
        self.first_player = -1
        self.turn_seat = -1
        self.events: list[Any] = []
        self.round_hands: list[list[Any]] = []
        self._reset()

    def _reset(self) -> None:
        self.turns = self.drawn = self.draws = self.bonus_draws = self.penalty_draws = 0
        self.single = self.double = self.calls = self.catches = self.reshuffles = 0
        self.gap: str | None = None
        self.row: list[int] = []  # Centre Row size at each turn start (folded into Moments at the end)

    def feed(self, events: list[Any]) -> GameOver | None:
        """Count ``events``; returns the game-over event if the game ended."""
        over = None
        for e in events:
            t = type(e)
            if t in _UNCOUNTED:
                continue
            if t is TurnStarted:
                self.turns += 1
                self.row.append(len(e.row))
                self.turn_seat = e.seat
                if self.first_player < 0:
                    self.first_player = e.seat
            elif t is Drew:
                k = len(e.cards)
                self.drawn += k
                reason = e.reason
                if reason == "draw":
                    self.draws += k
                elif reason == "bonus":
                    self.bonus_draws += k
                else:
                    self.penalty_draws += k
            elif t is BonusEarned:
                if e.bonus == "single-colour":
                    self.single += 1
                else:
                    self.double += 1
            elif t is DosCalled:
                self.calls += 1
            elif t is RuleGap:
                if e.voids:
                    self.gap = e.path
                else:
                    self.by_lot.append(e.path)
            elif t is Dealt:
                self.dealer = e.dealer
                if e.round == 1:
                    self.first_dealer, self.first_player, self.round_ends = e.dealer, -1, []
                self._reset()
            elif t is RoundScored:
                self._finish("scored", e)
            elif t is GameOver:
                over = e
            elif t is RoundVoid:
                self._finish("void-gap" if self.gap else "void", None)
            elif t is Caught:
                self.catches += 1
            elif t is Reshuffled:
                self.reshuffles += 1
        return over

    def play(self, state: State, agents: list[Agent], cap: int, action_cap: int) -> GameOver | None:
        """Play the game ``state`` (its events so far not yet counted) with ``agents``, one per
        seat, counting every action: its game-over event, or None when a round reached ``cap``
        turns or ``action_cap`` actions (it is counted as capped and the game stops).

        The events are counted a round at a time, not an action at a time: what is counted
        changes only at a round's end (the next one is dealt: ``state.round``) and at the game's
        end, so the actions between are applied in a bare loop and their events counted as the
        round ends. The loop follows the turns itself (``state.turn_number`` counts the round's
        turns as the engine appends ``TurnStarted``) for the turn cap, and notes each round's
        hands as it starts (``_round_started``). The counts, the caps and the rounds won from
        behind are those of counting after every action (``play_stepwise``, which the situation
        tally needs)."""
        events = self.events = state.events
        history = state.history
        over = self.feed(events)
        fed = len(events)
        round_no, turn_no = state.round, state.turn_number
        most = action_cap  # actions the game may reach before this round is capped
        if over is None:
            self._round_started(state)
        while over is None:
            seat = state.current_player()
            assert seat is not None  # (the game is not over)
            state.apply(agents[seat].act(state), trusted=True)
            if state.turn_number != turn_no or state.round != round_no or state.phase is _OVER:
                if state.round == round_no and state.phase is not _OVER:  # a turn started
                    turn_no = state.turn_number
                    if turn_no > cap or len(history) > most:  # (turn_no: the round's TurnStarted)
                        self.feed(events[fed:])
                        self.capped()
                        return None
                    continue
                over = self.feed(events[fed:])
                fed = len(events)
                if state.round != round_no:
                    round_no, turn_no = state.round, state.turn_number
                    most = len(history) + action_cap
                    if over is None:
                        self._round_started(state)
                elif self.turns > cap or len(history) > most:
                    self.capped()
                    break
            elif len(history) > most:
                self.feed(events[fed:])
                self.capped()
                return None
        return over

    def play_stepwise(self, state: State, agents: list[Agent], cap: int, action_cap: int) -> GameOver | None:
        """:meth:`play`, counting the events of each action as it is applied (``step``)."""
        self.events = state.events
        over = self.feed(state.events)
        history, round_no, round_start = state.history, state.round, 0
        if over is None:
            self._round_started(state)
        while over is None:
            seat = state.current_player()
            assert seat is not None  # (the game is not over)
            over = self.step(state, agents[seat].act(state))
            if state.round != round_no:
                round_no, round_start = state.round, len(history)
                self._round_started(state)
            elif self.turns > cap or len(history) - round_start > action_cap:
                self.capped()
                break
        return over

    def step(self, state: State, action: Action) -> GameOver | None:
        """Apply ``action`` to ``state`` and count its events (the situation tally counts more)."""
        return self.feed(state.apply(action, trusted=True))

    def _finish(self, outcome: str, scored: RoundScored | None) -> None:
        """Note a finished round's observations (close() folds them into the ChunkResult); its
        counters are reset as the next round is dealt."""
        self.res.rounds += 1
        self.outcomes.append(outcome)
        self.observed.append((self.turns, self.drawn, self.draws, self.bonus_draws, self.penalty_draws,
                              self.single, self.double, self.calls, self.catches, self.reshuffles))
        self.row_sizes += self.row
        if scored is not None:
            winner = scored.winner
            if self.seat_agents:
                self._agent_won(winner)
            self.round_ends.append((scored.round, scored.scores))
            behind = self.turn_seat == winner and self._behind(winner)
            if not self.scored:  # (the histogram takes its place among the chunk's design ones)
                self.res.design.setdefault("won_from_behind", {})
            self.scored.append((scored.points, (winner - self.dealer) % self.players, 1 if behind else 0))
        if self.gap:
            self.gaps.append(self.gap)
            self.gap = None

    def _behind(self, winner: int) -> bool:
        """Whether, as the turn in which ``winner`` went out started, another player held fewer
        cards. Called as the round's end is counted, while it is the last round end among the
        game's events (the play loops count a round's events before the next round's actions):
        every hand's size then is its size now, in the lists the round was dealt, less what the
        events of that turn added to it (only these events change a hand)."""
        hands = self.round_hands
        if len(hands) != self.players:
            return False
        sizes = [len(h) for h in hands]
        events = self.events
        i = len(events) - 1
        while i >= 0 and type(events[i]) is not RoundScored:  # (the next round's deal may follow it)
            i -= 1
        while i > 0:
            i -= 1
            e = events[i]
            t = type(e)
            if t is Matched:
                sizes[e.seat] += len(e.cards)
            elif t is Drew:
                sizes[e.seat] -= len(e.cards)
            elif t is Placed:
                sizes[e.seat] += 1
            elif t is TurnStarted:
                break
        return min(sizes) < sizes[winner]  # (its own size is not fewer than itself)

    def _round_started(self, state: State) -> None:
        """Note the round under way (see ``_behind``)."""
        self.round_hands = state.hands[:]

    def _agent_won(self, winner: int) -> None:
        """Count a round won under a mixed policy: by the winner's agent, and, when that agent holds
        several seats, for the seat test among the seats that hold it (see ChunkResult)."""
        res, n, dealer = self.res, self.players, self.dealer
        agent = self.seat_agents[winner]
        hist_add(res.policy_rounds, agent)
        same = [(s - dealer) % n for s in range(n) if self.seat_agents[s] == agent]
        m = len(same)
        if m < 2:
            return
        hist_add(res.shared_wins, (winner - dealer) % n)
        for k in same:
            hist_add(res.shared_held, f"{k}/{m}")
            for j in same:
                if j != k:
                    hist_add(res.shared_pairs, f"{k},{j}/{m}")

    def close(self) -> None:
        """Fold the finished rounds' observations into the ChunkResult."""
        from .simulate import Moments  # (simulate imports this module)

        res = self.res
        m = res.round_metrics
        columns = list(zip(*self.observed))
        for name, column in zip(_COUNTED, columns):
            m[name].merge(Moments.of(column))
        scored = list(zip(*self.scored))
        for name, values in (("row_size", self.row_sizes), ("winner_points", scored[0] if scored else ())):
            if values:
                m[name].merge(Moments.of(values))
        _hist_all(res.outcomes, self.outcomes)
        if columns:
            _hist_all(res.turns_hist, columns[0])
        if scored:
            _hist_all(res.winner_offset, scored[1])
            _hist_all(res.design["won_from_behind"], scored[2])
        _hist_all(res.gaps, self.gaps)
        _hist_all(res.gaps_by_lot, self.by_lot)
        self.observed, self.row_sizes, self.scored = [], [], []
        self.outcomes, self.gaps, self.by_lot = [], [], []

    def capped(self) -> None:
        self.res.rounds += 1
        self.outcomes.append("capped")
        self._reset()


class SituationTally(Tally):
    """A tally that also counts, per round, the situations of :mod:`dosrules.play.situations`:
    from the events, and from the state just before and after an action."""

    __slots__ = ("sit", "sit_rounds", "double_turn", "drawn_turn", "voided")

    def __init__(self, res: ChunkResult, players: int):
        self.sit_rounds: list[list[int]] = []  # per finished round: the situation counters
        self.sit = [0] * len(SITUATION_NAMES)
        self.double_turn = False  # a double colour match was made this turn
        self.drawn_turn: tuple[int, int] | None = None  # (round, turn number) of a turn whose player drew and has not acted since
        self.voided = False  # a rule gap voids this round
        super().__init__(res, players)

    def feed(self, events: list[Any]) -> GameOver | None:
        """Count the situations ``events`` show, then what every tally counts."""
        sit = self.sit
        for e in events:
            t = type(e)
            if t is Matched:  # (inline: the most frequent event)
                sit[_MATCH] += 1
                cards = e.cards
                sit[_SINGLE_M if len(cards) == 1 else _DOUBLE_M] += 1
                kind = e.target.card.kind
                if kind is not _NUMBER:
                    sit[_W2_IN_ROW if kind is _WILD_DOS else _WN_IN_ROW] += 1
                for d in cards:
                    kind = d.card.kind
                    if kind is not _NUMBER:
                        sit[_W2_PLAYED if kind is _WILD_DOS else _WN_PLAYED] += 1
                if self.drawn_turn is not None:  # the first decision after a draw: a match was possible
                    sit[_MATCH_AFTER_DRAW] += 1
                    self.drawn_turn = None
            elif t in _NO_SITUATION:
                continue
            elif t is TurnStarted:
                row = e.row
                sit[_TURN_S] += 1
                self.double_turn = False
                if len(row) > self.row_minimum:
                    sit[_WIDE_ROW] += 1
                if row and row[0].kind is not _NUMBER and all(card.kind is not _NUMBER for card in row):
                    sit[_ALL_WILD] += 1
            elif t is BonusEarned:
                sit[_COLOUR_B] += 1
                if e.bonus == "single-colour":
                    sit[_SINGLE_B] += 1
                else:
                    sit[_DOUBLE_B] += 1
                    self.double_turn = True
            elif t is Reshuffled:
                sit[_DECK_OUT] += 1
            elif t is RuleGap:
                self.voided = self.voided or e.voids
                for prefix, indexes in _GAP_INDEXES.items():
                    if e.path.startswith(prefix):
                        for i in indexes:
                            sit[i] += 1
            elif t is Buried:
                sit[_ALL_WILD] += 1
            elif t is DealerChosen:
                if any(card is not None and card.kind is not _NUMBER for card in e.draws):
                    sit[_DEALER_WILD] += 1
            elif t is Dealt:
                dealer_wild = sit[_DEALER_WILD]  # the first dealer's draw belongs to the round it deals
                self._new_round()
                sit = self.sit
                sit[_ROUND] += 1
                sit[_FIRST_DEAL if e.round == 1 else _NEXT_DEAL] += 1
                sit[_DEALER_WILD] = dealer_wild if e.round == 1 else 0
            elif t is RoundScored or t is RoundVoid:
                if t is RoundScored:
                    sit[_ROUND_SCORED] += 1
                    if self.double_turn:
                        sit[_OUT_DOUBLE] += 1
                elif not self.voided:  # the deck ran out under deck_exhaustion: end-round
                    sit[_DECK_OUT] += 1
                self.sit_rounds.append(sit)
                self._new_round()
                sit = self.sit
        return Tally.feed(self, events)

    def play(self, state: State, agents: list[Agent], cap: int, action_cap: int) -> GameOver | None:
        """Counting after every action: the situations read the state just before and after it."""
        return self.play_stepwise(state, agents, cap, action_cap)

    def _new_round(self) -> None:
        self.sit = [0] * len(SITUATION_NAMES)
        self.double_turn = False
        self.drawn_turn = None
        self.voided = False

    def step(self, state: State, action: Action) -> GameOver | None:
        """Count the situation an action is taken in, apply it, count its events; after a draw,
        note that the turn's next decision says whether a match was possible after it."""
        t = type(action)
        if t is Match:  # counted from its event
            return self.feed(state.apply(action, trusted=True))
        if t is Draw:
            if state.c.draw_when_match_possible is not False and state.has_match():
                self.sit[_DREW_HOLDING] += 1  # drew although a match was possible
            round_no = state.round
            over = self.feed(state.apply(action, trusted=True))
            if state.round == round_no and state.drew:  # (a draw from an empty deck may end the round)
                self.drawn_turn = (state.round, state.turn_number)
            return over
        self._before(state, t)
        return self.feed(state.apply(action, trusted=True))

    def _before(self, state: State, t: type) -> None:
        """Count the situation an action other than a draw or a match is taken in, before it is applied."""
        sit = self.sit
        ph = state.phase
        if ph is _CATCH:
            sit[_DOS_HAND] += 1
            if t is CatchDos:
                sit[_CAUGHT] += 1
                if state.catch is not None and state.turn_seat == state.catch[0]:
                    sit[_CAUGHT_MID] += 1
            return
        if t is CallDos:
            sit[_DOS_HAND] += 1
            return
        if ph is not _TURN:
            return
        if self.drawn_turn is not None and (t is End or t is Place):
            # the turn ends after a draw without a match: declined, or no match was possible (the
            # engine asks the same question at this moment)
            if self.drawn_turn == (state.round, state.turn_number):
                if state.has_match_after_draw():
                    sit[_MATCH_AFTER_DRAW] += 1
                    sit[_DECLINED] += 1
                else:
                    sit[_FAILED_DRAW] += 1
            self.drawn_turn = None
        if t is End and state.matches:  # the turn's matched row cards are about to be refilled
            covered = state.rows_matched
            if covered > max(0, self.row_minimum - (len(state.row) - covered)):
                sit[_COVERED] += 1

    def close(self) -> None:
        from .simulate import Moments

        super().close()
        situations = self.res.situations
        for name in SITUATION_NAMES:
            situations.setdefault(name, Moments())
        for name, column in zip(SITUATION_NAMES, zip(*self.sit_rounds)):
            situations[name].merge(Moments.of(column))
        self.sit_rounds = []

    def capped(self) -> None:
        super().capped()
        self._new_round()
