"""A turn: applying matches, draws, placements, declarations and catches, and ending the turn.

Every step that can end the round (a rule gap, a player going out, the deck running out under
``deck_exhaustion: end-round``) says so in its return value: ``True`` ("the round is over"), or
``None`` instead of the cards drawn. ``State.apply`` then starts the next round.
"""

from __future__ import annotations

from typing import Final

from ..ruleset.cards import Card, Declared, Kind
from ..ruleset.model import (BonusPlacement, BonusTiming, Catcher, CatchWindow, DeckExhaustion, DrawTiming, MatchAfterDraw,
                              PenaltyTiming, PendingPenalty, RefillMode)
from .actions import END, Action, Match, Place, Declare
from .events import (BonusEarned, CatchDeclined, Caught, Drew, Matched, Placed, Refilled, Reshuffled,
                     RoundVoid, RuleGap, TurnEnded, WildDeclared)
from .phase import BONUS, CATCH, DECLARE, ENDING, FINISH, OVER, TURN
from .matching import MatchFlow
from .requirements import ending_allowed, ending_rules, match_gaps

__all__ = ["TurnFlow"]


ENDED: Final = True  # returned by a step that ended the round
_NUMBER: Final = Kind.NUMBER
_OPEN_AFTER_DRAW: Final = MatchAfterDraw.UNSPECIFIED
_FIRST: Final = (BonusPlacement.REQUIRED, BonusPlacement.UNSPECIFIED, BonusPlacement.OPTIONAL)  # placed first


class TurnFlow(MatchFlow):
    """The turn part of ``State`` (after ``MatchFlow`` in its chain of classes: see ``zones``)."""

    # --- defined by Rounds, the next class of the chain ------------------------------------------

    def _start_turn(self, seat: int) -> bool:
        raise NotImplementedError

    def _first_turn(self) -> bool:
        raise NotImplementedError

    def _next_seat(self, seat: int) -> int:
        raise NotImplementedError

    def _go_out(self, seat: int) -> bool:
        raise NotImplementedError

    # --- actions ------------------------------------------------------------------------------

    def _apply_match(self, m: Match) -> bool:
        c, seat = self.c, self.turn_seat
        hand = self.hands[seat]
        played, index, faces = self.played, c.face_index, c.faces
        plain = c.plain_matching and c.match_after_draw is not _OPEN_AFTER_DRAW and not self.all_wild_turn
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
            bonus = self.match_colour(m)[0]
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
        self.drawn = None  # after a draw, the drawn card has been played (the only match drawn-card allows)
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
        if bonus == "single-colour":
            self.owed_single += place
        else:
            self.owed_double += place
        self.events.append(BonusEarned(seat, bonus, place, draw))
        return bool(draw) and self._others_draw(seat, draw, bonus == "double-colour")

    def _others_draw(self, seat: int, k: int, double: bool, at_end: bool = False) -> bool:
        """Every other player draws ``k`` cards for ``seat``'s colour bonus: when the match is made
        or when the turn ends (``bonuses.others_draw_timing``; ``at_end``: the turn is ending).
        Unspecified, the two readings differ only when the deck cannot supply the cards now."""
        n = self.players
        if not at_end:
            timing = self.c.others_draw_timing
            if timing is DrawTiming.END_OF_TURN:
                self.others_owed += k
                if double:
                    self.others_owed_double += k
                return False
            if timing is DrawTiming.UNSPECIFIED and len(self.deck) < k * (n - 1):
                return self._gap("bonuses.others_draw_timing",
                                 f"seat {seat}'s colour match makes the others draw {k * (n - 1)} card(s), "
                                 f"and the deck holds {len(self.deck)}")
        for j in range(1, n):
            got = self._draw_to((seat + j) % n, k, "bonus")
            if got is None:
                return ENDED
            if double:
                self.dc_cards += got
        return False

    def _apply_draw(self) -> bool:
        c, seat = self.c, self.turn_seat
        if c.draw_when_match_possible is None and self.has_match():  # (no draw yet this turn)
            return self._gap("drawing.draw_when_match_possible", f"seat {seat} draws although a match is possible")
        self.drew = True
        got = self._draw_to(seat, 1, "draw")
        if got is None:
            return ENDED
        self.drawn = got[0] if got else None
        return False

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
        if ph is BONUS:
            return self._keep_bonus_cards()
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
        self._settle_bonus_card()
        if self.bonus_owed <= 0 or not self.hands[seat]:
            return self._continue_end()
        return False

    # --- bonus cards owed: bonuses.*.placement --------------------------------------------------

    def _placements(self):
        """(rule path, placement, cards owed) of each colour bonus with cards still owed, those that
        must be placed first (a placed card settles a required one before an optional one)."""
        c, out = self.c, []
        if self.owed_single:
            out.append(("bonuses.single_colour.placement", c.single_placement, self.owed_single))
        if self.owed_double:
            out.append(("bonuses.double_colour.placement", c.double_placement, self.owed_double))
        return sorted(out, key=lambda x: _FIRST.index(x[1]))

    def bonus_keepable(self) -> tuple[bool | None, str]:
        """Whether the bonus cards still owed may be kept (None: a rule gap), and the rule path."""
        found: bool | None = True
        path = ""
        for path_, placement, _ in self._placements():
            if placement is BonusPlacement.REQUIRED:
                return False, path_
            if placement is BonusPlacement.UNSPECIFIED:
                found, path = None, path_
        return found, path

    def _settle_bonus_card(self) -> None:
        """A bonus card was placed: it settles one card owed (see :meth:`_placements`)."""
        single, double = self.owed_single, self.owed_double
        if single and double:
            single = self._placements()[0][0].startswith("bonuses.single")
        if single:
            self.owed_single -= 1
        elif double:
            self.owed_double -= 1

    def _keep_bonus_cards(self) -> bool:
        """End the turn keeping the bonus cards not yet placed."""
        allowed, path = self.bonus_keepable()
        if allowed is None:
            return self._gap(path, f"seat {self.turn_seat} keeps {self.bonus_owed} bonus card(s) "
                                   "instead of putting them into the Centre Row")
        self.bonus_owed = self.owed_single = self.owed_double = 0
        return self._continue_end()

    def _place(self, seat: int, d: Declared, reason: str) -> None:
        hand = self.hands[seat]
        card = self._interned(d.card)
        for i, x in enumerate(hand):  # by identity (every zone holds the interned faces)
            if x is card:
                break
        else:
            raise ValueError(f"{card} is not in seat {seat}'s hand")
        self.row.append(hand.pop(i))
        self._touch(seat)
        self.row_decl.append(d if (card.kind is not _NUMBER and self.c.declared_on_entry[card]) else None)
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
        assert self.catch is not None
        seat, catcher, resume = self.catch
        self.catch = None
        self.phase = resume
        c = self.c
        if not caught:
            self.events.append(CatchDeclined(catcher, seat))
            after = self._next_seat(catcher)
            if after != seat and c.catcher is not Catcher.NEXT:  # any other player may still catch
                self.catch = (seat, after, resume)
                self.phase = CATCH
            return False
        if self.late_catch and c.catch_window is CatchWindow.UNSPECIFIED:
            return self._gap("dos_call.catch_window", f"seat {catcher} catches seat {seat} not calling DOS, after "
                                                      f"an earlier chance to catch it was let pass")
        if c.catcher is Catcher.UNSPECIFIED and catcher != self._next_seat(seat):
            return self._gap("dos_call.catcher", f"seat {catcher} catches seat {seat} not calling DOS, "
                                                 f"after the next player let it pass")
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
        if True in self.used:
            for card, decl, u in zip(self.row, self.row_decl, self.used):
                if u:
                    covered.append(card)
                else:
                    kept_row.append(card)
                    kept_decl.append(decl)
        else:  # no row card was matched: the row stays
            kept_row, kept_decl = self.row, self.row_decl
        discarded = self.played + covered
        self.discard += discarded
        self.removed = len(covered)
        self.row, self.row_decl, self.used = kept_row, kept_decl, [False] * len(kept_row)
        self.played = []
        self.events.append(TurnEnded(seat, tuple(discarded)))
        if self.others_owed and self._owed_draws(seat):
            return ENDED
        if not self.hands[seat] and self._empty_hand(seat):
            return ENDED
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
                if not hand and self._empty_hand(seat):
                    return ENDED
                c = self.c
                if (c.dos_active and len(hand) == c.dos_hand_size and not self.called[seat]
                        and not self.windowed[seat]):  # exposed(seat), inline
                    self.phase = FINISH
                    return False
        return self._complete_turn()

    def _owed_draws(self, seat: int) -> bool:
        """The draws for colour bonuses that wait for the end of the turn; when ``seat`` goes out
        with them, ``going_out.double_colour_draw_before_scoring`` decides the double colour's."""
        owed, double = self.others_owed, self.others_owed_double
        self.others_owed = self.others_owed_double = 0
        if not self.hands[seat] and double:
            rule = self.c.double_draw_before_scoring
            if rule is None:
                return self._gap("going_out.double_colour_draw_before_scoring",
                                 f"seat {seat} goes out on a turn with a double colour match")
            if rule is False:
                owed -= double
        return owed > 0 and self._others_draw(seat, owed, False, at_end=True)

    def _empty_hand(self, seat: int) -> bool:
        """``seat`` ends the turn with no cards: they go out (the round is over: True), unless a DOS
        penalty waiting for the end of the turn is drawn (``going_out.pending_penalty: drawn``)."""
        if self.pending and self.c.pending_penalty is PendingPenalty.DRAWN:
            pen, self.pending = self.pending, 0
            return self._draw_to(seat, pen, "penalty") is None
        return self._go_out(seat)

    def _refill(self, seat: int) -> bool | None:
        """Refill the row; True if play waits for declarations of wilds it turned up, None if the
        round ended."""
        c = self.c
        to_min = c.row_minimum - len(self.row)
        if to_min < 0:
            to_min = 0
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
        entry, row, decl = self.c.declared_on_entry, self.row, self.row_decl
        queue = [i for i in range(start, len(row)) if entry[row[i]] and decl[i] is None]
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
        step = self.step
        return self._start_turn((seat + step) % self.players if step is not None else self._next_seat(seat))

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
        cards: list[Card] | None
        if len(self.deck) >= k:  # the common case
            cards = self.chance.take(self.deck, k)
        else:
            cards = self._take(k, f"seat {seat} must draw a card ({reason})")
            if cards is None:
                return None
        if cards:
            hand = self.hands[seat]
            hand += cards
            if len(hand) != self.c.dos_hand_size:  # _touch(seat), inline
                self.called[seat] = self.windowed[seat] = False
        self.events.append(Drew(seat, tuple(cards), reason))
        return cards

    def _take(self, k: int, why: str) -> list[Card] | None:
        """Up to ``k`` cards from the deck, handling an empty deck per ``deck_exhaustion``; None
        if that ended the round."""
        if len(self.deck) >= k:
            return self.chance.take(self.deck, k)
        out: list[Card] = []
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
