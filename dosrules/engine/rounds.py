"""Rounds: choosing the dealer, dealing, starting turns, going out and scoring.

As in ``turn``, a step that ends the round returns ``True`` (``ENDED``).
"""

from __future__ import annotations

from typing import Final

from ..errors import DosrulesError
from ..ruleset.cards import Card, Kind
from ..ruleset.model import (AfterFailedDraw, AllWildRow, DealerTie, Direction, FirstDealer, FirstPlayer, NextDealer,
                              PendingPenalty, RowWildChoice)
from .events import Buried, DealerChosen, Dealt, GameOver, Refilled, RoundScored, RuleGap, TurnStarted
from .phase import OVER, TURN
from .turn import ENDED, TurnFlow

__all__ = ["Rounds"]


_NUMBER: Final = Kind.NUMBER
_WILD_NUMBER: Final = Kind.WILD_NUMBER
_PLACER: Final = RowWildChoice.PLACER_DECLARES
#: high-card draws for first dealer before the seats still tied settle it by lot (a tie repeats
#: 20 times with a chance below 1e-19 under the printed deck; under a deck whose every card
#: draws the same value it always does, and drawing again would never end)
MAX_DEALER_DRAWS: Final = 20
#: rounds in a row that end before their first action (a gap at the deal or the first turn)
#: after which the game stops: every round of such rules ends alike
MAX_IDLE_ROUNDS: Final = 1000


class Rounds(TurnFlow):
    """The round part of ``State`` (after ``TurnFlow`` in its chain of classes: see ``zones``)."""

    def _play_rounds(self, ended: bool) -> None:
        """After a step that ended the round (``ended``), start rounds until one is under way
        (a round can end before its first action: a gap at the first turn) or the game is over.
        Rounds that all end before their first action stop the game after MAX_IDLE_ROUNDS: no
        action can change what comes next, and dealing again would never end."""
        idle = 0
        while ended and self.phase is not OVER:
            if idle == MAX_IDLE_ROUNDS:
                self.phase = OVER
                self.events.append(GameOver(None, tuple(self.scores), f"stopped: {idle} rounds in a row "
                                                                      "ended before their first action"))
                return
            idle += 1
            ended = self._start_round()

    def _start_round(self) -> bool:
        c, n = self.c, self.players
        if self.max_rounds is not None and self.round >= self.max_rounds:
            self.phase = OVER
            self.events.append(GameOver(None, tuple(self.scores), f"stopped after {self.round} rounds"))
            return False
        self.round += 1
        self.dealer = dealer = self._choose_dealer()
        deck = list(c.deck)
        self.chance.shuffle(deck)
        hs = c.hand_size
        if len(deck) < hs * n + c.centre_row:
            raise DosrulesError(f"the deck of {len(deck)} cards cannot deal {hs} to {n} players and "
                                f"{c.centre_row} to the Centre Row", path="setup.hand_size")
        take = self.chance.take
        for k in range(n):
            seat = (dealer + 1 + k) % n
            self.hands[seat] = take(deck, hs)
        self.row = take(deck, c.centre_row)
        self.row_decl = [None] * len(self.row)
        self.used = [False] * len(self.row)
        self.deck, self.discard = deck, []
        self.called = [False] * n
        self.windowed = [False] * n
        self.catch = None
        self.turn_number = 0
        self._reset_turn()
        self.events.append(Dealt(self.round, dealer, hs, tuple(self.row), tuple(map(tuple, self.hands))))
        if c.centre_row_extra is None:
            return self._gap("setup.centre_row_extra",
                             f"how many cards beyond {c.centre_row_min} the opening Centre Row holds")
        if self._queue_declarations(0, dealer, "first-turn"):
            return False
        return self._first_turn()

    def _first_turn(self) -> bool:
        self._settle_direction()
        c, n, dealer = self.c, self.players, self.dealer
        assert dealer is not None
        fp = c.first_player
        if fp is FirstPlayer.LEFT_OF_DEALER:
            first = (dealer + 1) % n
        elif fp is FirstPlayer.DEALER:
            first = dealer
        else:
            first = self.chance.lot(n)
            self.events.append(RuleGap("setup.first_player", f"who plays first; seat {first} by lot", False))
        return self._start_turn(first)

    def _choose_dealer(self) -> int:
        c, n, dealer = self.c, self.players, self.dealer
        if self.round == 1:
            if c.first_dealer is FirstDealer.HIGH_CARD:
                return self._high_card()
            path = "setup.first_dealer"
        else:
            rule = c.next_dealer
            if rule is NextDealer.PREVIOUS_WINNER:
                if self.last_winner is not None:
                    self.events.append(DealerChosen(self.last_winner, "previous-winner"))
                    return self.last_winner
                assert dealer is not None
                self.events.append(DealerChosen(dealer, "same-dealer"))  # the last round was void
                return dealer
            if rule is NextDealer.PASS_LEFT:
                assert dealer is not None
                seat = (dealer + 1) % n
                self.events.append(DealerChosen(seat, "pass-left"))
                return seat
            path = "setup.next_dealer"
        seat = self.chance.lot(n)
        self.events.append(RuleGap(path, f"who deals round {self.round}; seat {seat} by lot", False))
        self.events.append(DealerChosen(seat, "lot"))
        return seat

    def _high_card(self) -> int:
        c, n = self.c, self.players
        deck = list(c.deck)
        self.chance.shuffle(deck)
        if self._dealer_draw:  # stacked: seat 0's card ends last (it is popped first)
            for card in reversed(self._dealer_draw):
                deck.append(deck.pop(deck.index(card)))
            self._dealer_draw = ()
        contenders = list(range(n))
        for _ in range(MAX_DEALER_DRAWS):
            if len(deck) < len(contenders):
                deck = list(c.deck)
                self.chance.shuffle(deck)
            drawn = {s: self.chance.take(deck, 1)[0] for s in contenders}
            draws = tuple(drawn.get(s) for s in range(n))
            values = {}
            for s, card in drawn.items():
                if card.is_wild:
                    if c.symbol_value is None:
                        seat = contenders[self.chance.lot(len(contenders))]
                        self.events.append(RuleGap("setup.symbol_value_for_dealer",
                                                   f"seat {s} drew {card} for first dealer; seat {seat} deals by lot",
                                                   False))
                        self.events.append(DealerChosen(seat, "lot", draws))
                        return seat
                    values[s] = c.symbol_value
                else:
                    values[s] = card.number
            best = max(values.values())
            contenders = [s for s in contenders if values[s] == best]
            if len(contenders) == 1:
                self.events.append(DealerChosen(contenders[0], "high-card", draws))
                return contenders[0]
            if c.dealer_tie is DealerTie.UNSPECIFIED:
                return self._tie_by_lot(contenders, draws)
            if c.dealer_tie is DealerTie.REDRAW_ALL:
                contenders = list(range(n))
        seat = contenders[self.chance.lot(len(contenders))]  # a deck whose every card draws alike
        self.events.append(RuleGap("setup.first_dealer", f"seats {', '.join(map(str, contenders))} tied on "
                                   f"{MAX_DEALER_DRAWS} high-card draws in a row; seat {seat} deals by lot", False))
        self.events.append(DealerChosen(seat, "lot", draws))
        return seat

    def _tie_by_lot(self, contenders: list, draws: tuple) -> int:
        """``setup.dealer_tie`` is unspecified and ``contenders`` tied for the highest card: one of
        them deals, by lot (a silence settled by lot, the round going on)."""
        seat = contenders[self.chance.lot(len(contenders))]
        self.events.append(RuleGap("setup.dealer_tie", f"seats {', '.join(map(str, contenders))} tied for the "
                                   f"highest card in the draw for first dealer; seat {seat} deals by lot", False))
        self.events.append(DealerChosen(seat, "lot", draws))
        return seat

    # --- turns --------------------------------------------------------------------------------

    def _reset_turn(self) -> None:
        self.drew = False
        self.drawn = None  # the card drawn this turn, until a match is made
        self.matches = 0
        self.rows_matched = 0
        self.played = []
        self.bonus_owed = 0  # bonus cards to put into the row at the end of the turn
        self.owed_single = self.owed_double = 0  # of which for each colour bonus (their placement rules)
        self.others_owed = 0  # cards each other player draws when the turn ends (others_draw_timing)
        self.others_owed_double = 0  # of which for double colour matches
        self.pending = 0
        self.removed = 0
        self.dc_cards = []

    def _settle_direction(self) -> int:
        """The direction of play (``setup.direction``), once for the game: when the first turn of
        the game is given, or (in a game set up at a position) when it is first needed.
        Unspecified, with three players or more, it is a lot (with two, either way is the same)."""
        if self.step is not None:
            return self.step
        rule = self.c.direction
        if rule is not Direction.UNSPECIFIED:
            step = 1 if rule is Direction.LEFT else -1
        elif self.players == 2:
            step = 1
        else:
            step = 1 if self.chance.lot(2) == 0 else -1
            way = "left" if step == 1 else "right"
            self.events.append(RuleGap("setup.direction", f"which way play passes; to the {way} by lot", False))
        self.step = step
        return step

    def _next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the direction of play (``setup.direction``)."""
        step = self.step
        if step is None:
            step = self._settle_direction()
        return (seat + step) % self.players

    def _start_turn(self, seat: int) -> bool:
        c = self.c
        self.turn_seat = seat
        self.turn_number += 1
        if self.max_turns is not None and self.turn_number > self.max_turns:  # a round without end
            self.phase = OVER
            self.events.append(GameOver(None, tuple(self.scores), f"stopped: round {self.round} reached "
                                                                  f"{self.max_turns} turns without a winner"))
            return False
        self._reset_turn()
        self.phase = TURN
        row = self.row
        all_wild = False
        if row and row[0].kind is not _NUMBER and _all_wild(row):
            rule = c.all_wild_row
            if rule is AllWildRow.UNSPECIFIED:
                return self._gap("all_wild_row", f"seat {seat} starts a turn with a Centre Row of only wild cards "
                                                 f"({' '.join(map(str, row))})")
            if rule is AllWildRow.BURY_AND_REFLIP:
                if self._bury_and_reflip():
                    return ENDED
            else:
                all_wild = True
        self.all_wild_turn = all_wild  # matched as all_wild_row says, off the fast paths
        decl = self.row_decl  # (only a placer's declaration makes a binding: no rule is read without one)
        self.row_bind = [None] * len(decl) if decl.count(None) == len(decl) else self._bindings(all_wild)
        if not self.deck and not self.discard and c.after_failed_draw is AfterFailedDraw.KEEP_AND_PASS:
            if not any(self.can_match(s) for s in range(self.players)):
                return self._gap("deck_exhaustion", "the deck and the discard pile are empty and no player can "
                                                    "match: play cannot go on")
        self.events.append(TurnStarted(seat, tuple(self.row)))
        return False

    def _bindings(self, all_wild: bool) -> list:
        """The declaration each row card is matched as this turn: its placer's where the rule
        deciding it says the placer declares (``all_wild_row`` in a row of only wild cards, else
        ``row_value`` / ``row_colour``), None where the matcher declares."""
        c = self.c
        if all_wild:
            placer = c.all_wild_row is AllWildRow.PLACER_DECLARES
            return [d if placer else None for d in self.row_decl]
        return [d if d is not None and ((c.wild_row is _PLACER) if d.card.kind is _WILD_NUMBER
                                        else (c.wild_dos_row is _PLACER)) else None for d in self.row_decl]

    def _bury_and_reflip(self) -> bool:
        for _ in range(len(self.c.deck) + 1):
            if not self.row or not all(card.is_wild for card in self.row):
                return False
            buried = tuple(self.row)
            self.discard += buried
            self.row, self.row_decl, self.used = [], [], []
            self.events.append(Buried(buried))
            cards = self._take(self.c.row_minimum, "fresh cards must be turned up for the Centre Row")
            if cards is None:
                return ENDED
            self.row += cards
            self.row_decl += [None] * len(cards)
            self.used += [False] * len(cards)
            self.events.append(Refilled(tuple(cards), tuple(self.row)))
        return self._gap("deck_exhaustion", "only wild cards are left to turn up for the Centre Row")

    # --- going out ------------------------------------------------------------------------------

    def _go_out(self, seat: int) -> bool:
        """``seat`` has emptied their hand: score the round (or meet a gap); the round is over."""
        c = self.c
        if self.pending:  # under going_out.pending_penalty: drawn, it was drawn before (TurnFlow._empty_hand)
            if c.pending_penalty is PendingPenalty.UNSPECIFIED:
                return self._gap("going_out.pending_penalty", f"seat {seat} goes out while a DOS penalty of "
                                                              f"{self.pending} card(s) waits for the end of the turn")
            self.pending = 0  # lapses
        index, score = c.face_index, c.f_score
        total = 0
        for s, h in enumerate(self.hands):
            if s != seat:
                for card in h:
                    p = score[index[id(card)]]
                    if p is None:
                        return self._gap(_points_path(card), f"scoring {card} left in a hand")
                    total += p
        if self.dc_cards:
            extra = sum(c.points[card] or 0 for card in self.dc_cards)
            rule = c.double_draw_before_scoring
            if rule is False:
                total -= extra
            elif rule is None and extra:
                return self._gap("going_out.double_colour_draw_before_scoring",
                                 f"seat {seat} goes out on a turn with a double colour match")
        self.scores[seat] += total
        self.last_winner = seat
        self.events.append(RoundScored(self.round, seat, total, tuple(self.scores)))
        if self.scores[seat] >= c.target:
            self.winner = seat
            self.phase = OVER
            self.events.append(GameOver(seat, tuple(self.scores), f"seat {seat} reached {c.target}"))
        return ENDED


def _all_wild(cards) -> bool:
    for card in cards:
        if card.kind is _NUMBER:
            return False
    return True


def _points_path(card: Card) -> str:
    if card.kind is Kind.WILD_DOS:
        return "scoring.wild_dos"
    if card.kind is Kind.WILD_NUMBER:
        return "scoring.wild_number"
    return "scoring.number_cards_face_value"
