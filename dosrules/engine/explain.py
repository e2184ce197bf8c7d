"""Why an action is illegal: the rule (path and citation) that forbids it, and a checked ``play``.

``State.legal_actions()`` is the one source of truth for legality; ``why_not`` only runs for an
action that is not in it, and names the first rule it finds that rules the action out. An action
that play does not offer because the rule that would allow it is ``unspecified`` (calling DOS
where no source has a DOS call, naming the colour of a Wild DOS in the Centre Row where no source
says who names it) is answered with a reason marked ``gap``: not illegal, but a rule gap.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import NoReturn

from ..ruleset.cards import Declared, Kind, NotationError
from ..errors import DosrulesError
from ..ruleset.model import AllWildRow, Catcher, Provenance, RowWildChoice
from .actions import Action, CallDos, CatchDos, Declare, Draw, End, Match, Pass, Place, parse_action
from .events import CatchDeclined, Event
from .phase import Phase
from .requirements import ENDINGS, ending_rules, first_forbidden
from .state import State

__all__ = ["Reason", "why_not", "play", "refuse", "IllegalActionError"]


@dataclass(frozen=True)
class Reason:
    """Why an action is not legal: a plain-fact message and the rule it rests on, if any."""

    message: str
    path: str | None = None
    provenance: Provenance | None = None
    gap: bool = False  # the rule at ``path`` is unspecified: whether the action is legal is a rule gap

    def citation(self) -> str:
        """``000 §5. Drawing: "quote"`` (or the provenance status when there is no citation)."""
        p = self.provenance
        if p is None:
            return ""
        if p.citation is None:
            return p.status.value
        c = p.citation
        return f'{c.source} {c.section}: "{c.quote}"'

    def __str__(self) -> str:
        if not self.path:
            return self.message
        cite = self.citation()
        return f"{self.message} ({self.path}{': ' + cite if cite else ''})"


class IllegalActionError(DosrulesError):
    """An action that is not legal in the state; ``reason`` names the rule that forbids it."""

    def __init__(self, action: Action | str, reason: Reason, state: State):
        self.action, self.reason, self.state = action, reason, state
        legal = [str(a) for a in state.legal_actions()]
        shown = ", ".join(legal[:12]) + (f", ... ({len(legal)} in all)" if len(legal) > 12 else "")
        who = state.current_player()
        super().__init__(f"illegal action '{action}' for seat {who} in round {state.round}: {reason}",
                         path=reason.path, fix=f"Legal here: {shown}." if legal else None)

    def paragraph(self) -> str:  # the path is already in the reason
        fix = f" {self.fix}" if self.fix else ""
        return f"{self.what}.{fix}"


def play(state: State, action: Action | str) -> list[Event]:
    """Apply ``action`` (an Action or its notation) if it is legal, else raise IllegalActionError."""
    parsed = _parse(action)
    if isinstance(parsed, Reason):
        raise IllegalActionError(action, parsed, state)
    reason = why_not(state, parsed)
    if reason is not None:
        raise IllegalActionError(parsed, reason, state)
    return state.apply(parsed, trusted=True)


def refuse(state: State, action: object) -> NoReturn:
    """Raise the IllegalActionError of ``action``, which is not legal in ``state``."""
    if not isinstance(action, Action):
        raise IllegalActionError(repr(action), Reason(f"{action!r} is not an action"), state)
    reason = why_not(state, action) or Reason("not one of the legal actions")
    raise IllegalActionError(action, reason, state)


def _parse(action: Action | str) -> Action | Reason:
    if isinstance(action, Action):
        return action
    try:
        return parse_action(action)
    except NotationError as err:
        return Reason(str(err))


def why_not(state: State, action: Action | str) -> Reason | None:
    """None if ``action`` is legal now, else the Reason (rule path and citation) it is not."""
    parsed = _parse(action)
    if isinstance(parsed, Reason):
        return parsed
    if parsed in state.legal_actions():
        return None
    reason = _Diagnosis(state).of(parsed)
    if reason.path and reason.provenance is None:
        reason = Reason(reason.message, reason.path, state.c.provenance(reason.path), reason.gap)
    return reason


class _Diagnosis:
    def __init__(self, state: State):
        self.s, self.c = state, state.c
        self.seat = state.turn_seat

    def of(self, a: Action) -> Reason:
        s, c = self.s, self.c
        if s.is_terminal():
            return Reason("the game is over")
        ph = s.phase
        if ph is Phase.CATCH:
            caught, catcher, _ = s.catch
            if isinstance(a, CatchDos):
                return Reason(f"seat {a.seat} has not missed a DOS call; seat {caught} has", "dos_call.required")
            return Reason(f"seat {catcher} may only catch seat {caught} ('catch-dos {caught}') or 'pass'")
        if isinstance(a, CatchDos):
            if not c.dos_active:
                return self._no_call("catching a player who did not call DOS")
            last = s.events[-1] if s.events else None
            if isinstance(last, CatchDeclined) and last.seat == a.seat and c.catcher is Catcher.NEXT:
                return Reason(f"only the next player may catch a missed DOS call, and seat {last.catcher} let "
                              "it pass", "dos_call.catcher")
            return Reason("there is no missed DOS call to catch now: a catch comes right after the "
                          "player's next action", "dos_call.required")
        if isinstance(a, Pass):
            if not c.dos_active:
                return self._no_call("letting a missed call pass")
            return Reason("'pass' declines a catch, and no catch is open")
        if ph is Phase.DECLARE:
            card = s.row[s.declare_queue[0]]
            if isinstance(a, Declare) and a.card.card != card:
                return Reason(f"the card to declare is {card}, not {a.card.card}", self._entry_rule(card))
            kind = "a colour, e.g. W2=r" if card.kind is Kind.WILD_DOS else f"a number, e.g. {card}=5"
            return Reason(f"seat {s.declarer} must first declare the {card} that entered the Centre Row as {kind}",
                          self._entry_rule(card))
        if isinstance(a, Declare):
            if not c.placer_declares:
                return Reason("wilds in the Centre Row are not declared when they enter it", "all_wild_row")
            return Reason("no wild in the Centre Row is waiting for a declaration", "all_wild_row")
        if isinstance(a, CallDos):
            return self._call()
        if isinstance(a, Match):
            return self._match(a)
        if isinstance(a, Draw):
            return self._draw()
        if isinstance(a, End):
            return self._end()
        if isinstance(a, Place):
            return self._place(a)
        return Reason(f"'{a}' is not legal here")

    # --- per action ------------------------------------------------------------------------------

    def _no_call(self, what: str) -> Reason:
        """Why there is no DOS call to make or catch: the rules say so, or they are silent (a gap)."""
        c = self.c
        if c.dos_required is False:
            return Reason("this ruleset has no DOS call", "dos_call.required")
        if c.dos_required is None:
            return Reason(f"the sources of this ruleset say nothing about a DOS call, so {what} is a rule gap",
                          "dos_call.required", gap=True)
        return Reason(f"the sources of this ruleset do not say at what hand size DOS is called, so {what} "
                      "is a rule gap", "dos_call.hand_size", gap=True)

    def _call(self) -> Reason:
        s, c = self.s, self.c
        if not c.dos_active:
            return self._no_call("calling DOS")
        n = len(s.hands[self.seat])
        if n != c.dos_hand_size:
            return Reason(f"DOS is called holding exactly {c.dos_hand_size} cards; seat {self.seat} holds {n}",
                          "dos_call.hand_size")
        return Reason(f"seat {self.seat} has already called DOS", "dos_call.required")

    def _not_in_turn(self, what: str) -> Reason | None:
        ph = self.s.phase
        if ph is Phase.BONUS:
            return Reason(f"{what} is not possible now: seat {self.seat} owes {self.s.bonus_owed} bonus "
                          "card(s) to the Centre Row ('place X')", "refill.bonus_cards")
        if ph is Phase.ENDING:
            return Reason(f"{what} is not possible now: the card is placed and the turn must end ('end')",
                          "drawing.after_failed_draw")
        if ph is Phase.FINISH:
            return Reason(f"{what} is not possible now: the turn is over ('end' or 'call-dos')")
        return None

    def _match(self, m: Match) -> Reason:
        s, seat = self.s, self.seat
        late = self._not_in_turn("a match")
        if late:
            return late
        rule = self._forbidden(m, 0, ("turn", "kind"))
        if rule:
            return rule
        need = Counter(d.card for d in m.cards)
        have = Counter(s.hands[seat])
        for card, k in need.items():
            if have[card] < k:
                held = f"only {have[card]}" if have[card] else "no"
                return Reason(f"seat {seat} holds {held} {card}")
        for d in m.cards:
            bad = self._hand_declaration(d)
            if bad:
                return bad
        t = m.target
        idx = [i for i, rc in enumerate(s.row) if rc == t.card]
        if not idx:
            return Reason(f"there is no {t.card} in the Centre Row")
        decls = [s.row_bind[i] for i in idx if s.row_bind[i] is not None]
        if decls and all(d != t for d in decls):
            return Reason(f"the {t.card} in the Centre Row was declared {decls[0]} when it entered the row",
                          "all_wild_row" if s.row and all(rc.is_wild for rc in s.row) else _row_rule(t.card))
        bad = self._target_declaration(t, bool(decls))
        if bad:
            return bad
        target = s._find_target(t)
        rule = self._forbidden(m, target, ("target",))
        if rule:
            return rule
        tval = self._value(t, True)
        total = sum(self._value(d, False) for d in m.cards)
        if total != tval:
            if len(m.cards) == 1:
                return Reason(f"{m.cards[0]} counts {total}, not {tval}: a single match needs an equal number",
                              "matching.single")
            return Reason(f"{m.cards[0]}+{m.cards[1]} add up to {total}, not {tval}", "matching.double")
        return self._forbidden(m, target, ("colour",)) or Reason(f"'{m}' is not legal here")

    def _entry_rule(self, card) -> str:
        """The rule that has the placer of ``card`` declare it when it enters the row."""
        path = _row_rule(card)
        return path if self.c.rules.get(path) is RowWildChoice.PLACER_DECLARES else "all_wild_row"

    def _forbidden(self, m: Match, target: int, stages) -> Reason | None:
        """The requirement (a row of ``requirements.MATCH_REQUIREMENTS``) that forbids ``m``."""
        hit = first_forbidden(self.s, m, target, stages)
        if hit is None:
            return None
        req, path = hit
        return Reason(req.why(self.s, m), path)

    def _value(self, d: Declared, in_row: bool) -> int:
        if d.card.kind is Kind.NUMBER:
            return d.card.number
        if d.card.kind is Kind.WILD_DOS:
            return self.c.wild_dos_value
        return d.value if d.value is not None else -1

    def _hand_declaration(self, d: Declared) -> Reason | None:
        c, card = self.c, d.card
        if card.kind is Kind.WILD_DOS and d.colour is None:
            return Reason("a Wild DOS played from hand takes the colour you declare: write W2=r, W2=b, ...",
                          "wilds.wild_dos.value")
        if card.kind is Kind.WILD_NUMBER:
            if d.value is None:
                return Reason(f"a Wild # played from hand takes the number you declare: write {card}=5",
                              "wilds.wild_number.min_value")
            if not c.wild_min <= d.value <= c.wild_max:
                return Reason(f"a Wild # counts {c.wild_min} to {c.wild_max}, not {d.value}",
                              "wilds.wild_number.max_value" if d.value > c.wild_max else "wilds.wild_number.min_value")
        return None

    def _target_declaration(self, t: Declared, placer_declared: bool) -> Reason | None:
        c, card = self.c, t.card
        if placer_declared:
            return None
        if self.s.all_wild_turn and card.is_wild and (t.colour if card.kind is Kind.WILD_DOS else t.value) is None:
            what = "the colour of a Wild DOS: write W2=r, ..." if card.kind is Kind.WILD_DOS else f"a number: write {card}=7"
            return Reason(f"in a Centre Row of only wild cards the matcher declares {what}", "all_wild_row")
        if card.kind is Kind.WILD_DOS:
            if c.wild_dos_row is RowWildChoice.MATCHER_DECLARES and t.colour is None:
                return Reason("the matcher declares the colour of a Wild DOS in the Centre Row: write W2=r, ...",
                              "wilds.wild_dos.row_colour")
            if c.wild_dos_row is RowWildChoice.UNSPECIFIED and t.colour is not None:
                return Reason("these rules do not say who names the colour of a Wild DOS lying in the Centre "
                              "Row, so matching it is a rule gap, with a colour named or without (write it as W2 "
                              "to play on to the gap)", "wilds.wild_dos.row_colour", gap=True)
        if card.kind is Kind.WILD_NUMBER:
            if t.value is None:
                return Reason(f"a Wild # in the Centre Row is matched as a declared number: write {card}=7",
                              "wilds.wild_number.row_value")
            if not c.wild_min <= t.value <= c.wild_max:
                return Reason(f"a Wild # counts {c.wild_min} to {c.wild_max}, not {t.value}",
                              "wilds.wild_number.max_value")
        return None

    def _draw(self) -> Reason:
        s = self.s
        late = self._not_in_turn("drawing")
        if late:
            return late
        if s.drew:
            return Reason(f"seat {self.seat} has already drawn this turn")
        if s.matches:
            return Reason("a player draws instead of matching, so only before making any match")
        return Reason("a match is available, and a player may not draw while one is",
                      "drawing.draw_when_match_possible")

    def _end(self) -> Reason:
        s = self.s
        ph = s.phase
        if ph is Phase.BONUS:
            return Reason(f"seat {self.seat} must first put the bonus card(s) owed into the Centre Row "
                          "('place X')", s.bonus_keepable()[1] or "refill.bonus_cards")
        if not s.drew and not s.matches:
            return Reason("a turn is a match or a draw: match or draw before ending the turn")
        return self._ending("end") or Reason("'end' is not legal here")

    def _ending(self, how: str) -> Reason | None:
        """Why the rules governing a turn's end after a draw (``requirements.ENDINGS``) rule out
        ending it by ``how`` ("end" or "place")."""
        for path, rule in ending_rules(self.s)[0]:
            why = getattr(ENDINGS[rule], f"why_not_{how}")
            if why:
                return Reason(why, path)
        return None

    def _place(self, p: Place) -> Reason:
        s, c = self.s, self.c
        ph = s.phase
        if ph is Phase.ENDING:
            return Reason("one card has been placed; the turn must end now ('end')", "drawing.after_failed_draw")
        if ph is Phase.FINISH:
            return Reason("the turn is over ('end' or 'call-dos')")
        if ph is Phase.TURN:
            if not s.drew or s.matches:
                return Reason("a card goes from hand into the Centre Row only after a draw without a match, "
                              "or as a colour bonus card at the end of the turn", "drawing.after_failed_draw")
            ending = self._ending("place")
            if ending:
                return ending
        card = p.card.card
        if card not in s.hands[self.seat]:
            return Reason(f"seat {self.seat} holds no {card}")
        declared = p.card.value is not None or p.card.colour is not None
        if card.is_wild and c.declared_on_entry[card] and not declared:
            return Reason(f"a wild put into the Centre Row is declared by its placer: write {card}=...",
                          self._entry_rule(card))
        if declared and not c.declared_on_entry[card]:
            return Reason(f"a card put into the Centre Row is placed as it is: write {card}",
                          "all_wild_row" if c.all_wild_row is not AllWildRow.UNSPECIFIED else None)
        return Reason(f"'{p}' is not legal here")


def _row_rule(card) -> str:
    """The rule deciding who declares ``card`` (a wild) lying in a mixed Centre Row."""
    return "wilds.wild_dos.row_colour" if card.kind is Kind.WILD_DOS else "wilds.wild_number.row_value"
