"""A turn: applying matches, draws, placements, declarations and catches, and ending the turn.

Every step that can end the round (a rule gap, a player going out, the deck running out under
``deck_exhaustion: end-round``) says so in its return value: ``True`` ("the round is over"), or
``None`` instead of the cards drawn. ``State.apply`` then starts the next round.
"""

from __future__ import annotations

from ..ruleset.cards import Card, Declared
from ..ruleset.model import BonusTiming, DeckExhaustion, PenaltyTiming, RefillMode
from .actions import END, Action, Match, Place, Declare
from .events import (BonusEarned, CatchDeclined, Caught, Drew, Matched, Placed, Refilled, Reshuffled,
                     RoundVoid, RuleGap, TurnEnded, WildDeclared)
from .phase import BONUS, DECLARE, ENDING, FINISH, OVER, TURN
from .requirements import ending_allowed, ending_rules, match_gaps

__all__ = ["TurnFlow"]


ENDED = True  # returned by a step that ended the round


class TurnFlow:
    """The turn half of ``State`` (a mixin over the state's zones and ``self.c``)."""

    # --- actions ------------------------------------------------------------------------------

    def _apply_match(self, m: Match) -> bool:
        c, seat = self.c, self.turn_seat
        hand = self.hands[seat]
        played, index, faces = self.played, c.face_index, c.faces
        plain = c.plain_matching and c.match_after_draw is not None
        if plain:
            # no gap can arise: the target is a free row card, colours compare as bit masks
            # (colour_outcome and _find_target inline: the hottest path of a simulation)
            target = m.target
            card = target.card
            f = index.get(id(card))
            if f is None or faces[f] is not card:
                f = c.face_of[card]
                card = faces[f]
            common = c.f_tbits[f] if target.colour is None else c.colour_bit[target.colour]
            used = self.used
            for idx, rc in enumerate(self.row):
                if rc is card and not used[idx]:
                    break
            else:
                raise ValueError(f"{target} is not a free card of the Centre Row")
            fbits = c.f_bits
        else:
            idx = self._find_target(m.target)
            gaps = match_gaps(self, m, idx)
            if gaps:
                return self._gap(*gaps[0])
            bonus = self.colour_outcome(m.target, m.cards)[0]
        for d in m.cards:  # keep the game's own card objects (interned faces) in every zone
            card = d.card
            f = index.get(id(card))
            if f is None or faces[f] is not card:
                f = c.face_of[card]
                card = faces[f]
            if plain:
                common &= fbits[f] if d.colour is None else c.colour_bit[d.colour]
            for i, x in enumerate(hand):
                if x is card:
                    played.append(hand.pop(i))
                    break
            else:
                raise ValueError(f"{card} is not in seat {seat}'s hand")
        if plain:
            bonus = ("single-colour" if len(m.cards) == 1 else "double-colour") if common else None
        if not self.used[idx]:
            self.used[idx] = True
            self.rows_matched += 1
        if len(hand) != c.dos_hand_size:  # _touch(seat), inline
            self.called[seat] = self.windowed[seat] = False
        self.matches += 1
        self.events.append(Matched(seat, m.target, m.cards))
        return bonus is not None and self._bonus(seat, bonus)

    def _bonus(self, seat: int, bonus: str) -> bool:
        c = self.c
        if bonus == "single-colour":
            place, draw, group = c.single_place, c.single_draw, "bonuses.single_colour"
        else:
            place, draw, group = c.double_place, c.double_draw, "bonuses.double_colour"
        if place is None:
            return self._gap(group + ".place_cards", f"seat {seat} earns a {bonus} match bonus")
        if draw is None:
            return self._gap(group + ".others_draw", f"seat {seat} earns a {bonus} match bonus")
        self.bonus_owed += place
        self.events.append(BonusEarned(seat, bonus, place, draw))
        if draw:
            n = self.players
            for k in range(1, n):
                other = (seat + k) % n
                got = self._draw_to(other, draw, "bonus")
                if got is None:
                    return ENDED
                if bonus == "double-colour":
                    self.dc_cards += got
        return False

    def _apply_draw(self) -> bool:
        c, seat = self.c, self.turn_seat
        if c.draw_when_match_possible is None and self.has_match():  # (no draw yet this turn)
            return self._gap("drawing.draw_when_match_possible", f"seat {seat} draws although a match is possible")
        self.drew = True
        return self._draw_to(seat, 1, "draw") is None

    def _after_draw_gap(self, action: Action) -> tuple[str | None, str]:
        """Ending a turn by ``action`` (``end`` or ``place``) after a draw with no match made:
        (the rule gap it meets or None, the path of the rule that allows it)."""
        seat = self.turn_seat
        rules, on = ending_rules(self)
        for path, rule in rules:
            allowed = ending_allowed(self, rule, action is END)
            if allowed is None:
                return path, f"seat {seat} drew, made no match, and ends the turn"
            if not allowed and on:
                return on, (f"seat {seat} drew, made no match, and ends the turn ({action}), "
                            f"legal or not by whether a match was possible, which rests on {on}")
        return None, rules[0][0]

    def _apply_end(self) -> bool:
        ph = self.phase
        if ph is FINISH:
            return self._complete_turn()
        if ph is TURN and self.drew and not self.matches:
            gap, situation = self._after_draw_gap(END)
            if gap:
                return self._gap(gap, situation)
        return self._end_turn()

    def _apply_place(self, p: Place) -> bool:
        seat = self.turn_seat
        if self.phase is TURN:  # after a draw with no match made
            gap, path = self._after_draw_gap(p)
            if gap:
                return self._gap(gap, path)
            reason = "failed-draw" if path == "drawing.after_failed_draw" else "declined-match"
            self._place(seat, p.card, reason)
            self.phase = ENDING
            return False
        self._place(seat, p.card, "bonus")  # BONUS
        self.bonus_owed -= 1
        if self.bonus_owed <= 0 or not self.hands[seat]:
            return self._continue_end()
        return False

    def _place(self, seat: int, d: Declared, reason: str) -> None:
        hand = self.hands[seat]
        self.row.append(hand.pop(self._position(hand, d.card)))
        self._touch(seat)
        self.row_decl.append(d if (self.c.placer_declares and d.card.is_wild) else None)
        self.used.append(False)
        self.events.append(Placed(seat, d, reason))

    def _apply_declare(self, a: Declare) -> bool:
        idx = self.declare_queue.pop(0)
        self.row_decl[idx] = a.card
        self.events.append(WildDeclared(self.declarer, a.card))
        if self.declare_queue:
            return False
        self.phase = TURN
        return self._first_turn() if self.after_declare == "first-turn" else self._continue_end()

    def _resolve_catch(self, caught: bool) -> bool:
        seat, catcher, resume = self.catch
        self.catch = None
        self.phase = resume
        if not caught:
            self.events.append(CatchDeclined(catcher, seat))
            return False
        c = self.c
        pen = c.catch_penalty
        if pen is None:
            return self._gap("dos_call.catch_penalty", f"seat {catcher} catches seat {seat} not calling DOS")
        when = "now"
        if self.turn_seat == seat and resume is not OVER:  # caught during their own turn
            timing = c.penalty_timing
            if timing is PenaltyTiming.UNSPECIFIED:
                return self._gap("dos_call.penalty_timing",
                                 f"seat {catcher} catches seat {seat} in the middle of their turn")
            if timing is PenaltyTiming.END_OF_TURN:
                when = "end-of-turn"
        self.events.append(Caught(catcher, seat, pen, when))
        if when == "now":
            return self._draw_to(seat, pen, "penalty") is None
        self.pending += pen
        return False

    # --- end of turn ----------------------------------------------------------------------------

    def _end_turn(self) -> bool:
        c, seat = self.c, self.turn_seat
        kept_row, kept_decl, covered = [], [], []
        for card, decl, u in zip(self.row, self.row_decl, self.used):
            if u:
                covered.append(card)
            else:
                kept_row.append(card)
                kept_decl.append(decl)
        discarded = self.played + covered
        self.discard += discarded
        self.removed = len(covered)
        self.row, self.row_decl, self.used = kept_row, kept_decl, [False] * len(kept_row)
        self.played = []
        self.events.append(TurnEnded(seat, tuple(discarded)))
        if not self.hands[seat]:
            return self._go_out(seat)
        if self.bonus_owed:
            timing = c.bonus_timing
            if timing is BonusTiming.UNSPECIFIED:
                return self._gap("refill.bonus_cards", f"seat {seat} places bonus cards and the row is refilled")
            self.end_steps = (["bonus", "refill", "finish"] if timing is BonusTiming.BEFORE_REFILL
                              else ["refill", "bonus", "finish"])
        else:
            self.end_steps = ["refill", "finish"]
        return self._continue_end()

    def _continue_end(self) -> bool:
        """The end-of-turn steps left (refill, bonus placements, finish); stops where play waits."""
        seat = self.turn_seat
        while self.end_steps:
            step = self.end_steps.pop(0)
            if step == "refill":
                waits = self._refill(seat)
                if waits is None:
                    return ENDED
                if waits:
                    return False
            elif step == "bonus":
                if self.bonus_owed > 0 and self.hands[seat]:
                    self.phase = BONUS
                    return False
            else:  # finish
                hand = self.hands[seat]
                if not hand:
                    return self._go_out(seat)
                c = self.c
                if (c.dos_active and len(hand) == c.dos_hand_size and not self.called[seat]
                        and not self.windowed[seat]):  # exposed(seat), inline
                    self.phase = FINISH
                    return False
        return self._complete_turn()

    def _refill(self, seat: int) -> bool | None:
        """Refill the row; True if play waits for declarations of wilds it turned up, None if the
        round ended."""
        c = self.c
        to_min = max(0, c.row_minimum - len(self.row))
        mode = c.refill_mode
        if mode is RefillMode.TO_MINIMUM:
            k = to_min
        else:
            k = max(self.removed, to_min)
            if mode is RefillMode.UNSPECIFIED and k != to_min:
                self._gap("refill.mode", f"{self.removed} Centre Row card(s) were covered and "
                                         f"{len(self.row)} remain")
                return None
        if k <= 0:
            return False
        cards = self._take(k, "the Centre Row must be refilled")
        if cards is None:
            return None
        start = len(self.row)
        self.row += cards
        self.row_decl += [None] * len(cards)
        self.used += [False] * len(cards)
        self.events.append(Refilled(tuple(cards), tuple(self.row)))
        return c.placer_declares and self._queue_declarations(start, seat, "end")

    def _queue_declarations(self, start: int, seat: int, then: str) -> bool:
        if not self.c.placer_declares:
            return False
        queue = [i for i in range(start, len(self.row)) if self.row[i].is_wild and self.row_decl[i] is None]
        if not queue:
            return False
        self.declare_queue, self.declarer, self.after_declare = queue, seat, then
        self.phase = DECLARE
        return True

    def _complete_turn(self) -> bool:
        seat = self.turn_seat
        if self.pending:
            pen, self.pending = self.pending, 0
            if self._draw_to(seat, pen, "penalty") is None:
                return ENDED
        return self._start_turn((seat + 1) % self.players)

    # --- cards moving -------------------------------------------------------------------------

    def _touch(self, seat: int) -> None:
        """A hand changed size: a DOS call holds only while the hand stays at the call's size."""
        if len(self.hands[seat]) != self.c.dos_hand_size:
            self.called[seat] = False
            self.windowed[seat] = False

    def _draw_to(self, seat: int, k: int, reason: str) -> list[Card] | None:
        """``seat`` draws ``k`` cards: the cards drawn, or None if the round ended."""
        if k <= 0:
            return []
        if len(self.deck) >= k:  # the common case
            cards = self.chance.take(self.deck, k)
        else:
            cards = self._take(k, f"seat {seat} must draw a card ({reason})")
            if cards is None:
                return None
        if cards:
            self.hands[seat] += cards
            self._touch(seat)
        self.events.append(Drew(seat, tuple(cards), reason))
        return cards

    def _take(self, k: int, why: str) -> list[Card] | None:
        """Up to ``k`` cards from the deck, handling an empty deck per ``deck_exhaustion``; None
        if that ended the round."""
        if len(self.deck) >= k:
            return self.chance.take(self.deck, k)
        out = []
        while len(out) < k:
            if not self.deck:
                more = self._replenish(why)
                if more is None:
                    return None
                if not more:
                    break
            out += self.chance.take(self.deck, 1)
        return out

    def _replenish(self, why: str) -> bool | None:
        """A new deck when the deck is empty: True if there is one, False if the draw does not
        happen, None if the round ended."""
        rule = self.c.deck_exhaustion
        if rule is DeckExhaustion.RESHUFFLE_DISCARD:
            if not self.discard:
                return False  # nothing to reshuffle: the draw does not happen
            self.deck, self.discard = self.discard, []
            self.chance.shuffle(self.deck)
            self.events.append(Reshuffled(len(self.deck)))
            return True
        if rule is DeckExhaustion.END_ROUND:
            self.last_winner = None
            self.events.append(RoundVoid(self.round, f"the deck ran out: {why} (deck_exhaustion: end-round)"))
            return None
        self._gap("deck_exhaustion", f"the deck is empty and {why}")
        return None

    # --- rule gaps ------------------------------------------------------------------------------

    def _gap(self, path: str, situation: str) -> bool:
        """A rule gap: record it and end the round void."""
        self.events.append(RuleGap(path, situation, True))
        self.events.append(RoundVoid(self.round, f"rule gap at {path}"))
        self.last_winner = None
        return ENDED
