"""What may I do now? Every legal action at a scenario's position, grouped and said in words,
and for each kind of action that is not allowed, why not, with the rule and its clause.

The position is the scenario's, after ``before`` and any asked actions (the steps the question
leaves out filled as in :mod:`.verdict`). Legality is the engine's (``legal_actions``); a legal
action that reaches a silent rule is marked with it (taking it would void the round). Why a
kind of action is not allowed is ``why_not`` of a representative action of that kind: for
matches, every pairing of hand cards with Centre Row cards whose numbers add up, so that the
reason given is the rule that stands in the way, not the arithmetic.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from itertools import combinations
from typing import Any

from ..engine import RuleGap, why_not
from ..engine.actions import CALL_DOS, DRAW, END, CallDos, CatchDos, Declare, Draw, End, Match, Pass, Place
from ..engine.phase import Phase
from ..ruleset.cards import Declared, Kind
from ..ruleset.model import Ruleset, is_unspecified
from .scenario import Scenario
from .verdict import position_after
from .words import action_words
from ..lang.answers import SAY
from ..lang.refusals import translate

__all__ = ["Option", "OptionKind", "Options", "options"]

_KINDS = (("match", "match"), ("draw", "draw"), ("place", "put a card into the Centre Row"), ("end", "end the turn"),
          ("call-dos", "call DOS"))
_WINDOW_KINDS = {Phase.CATCH: (("catch-dos", "catch the missed DOS call"), ("pass", "let it go")),
                 Phase.DECLARE: (("declare", "declare the wild that entered the Centre Row"),)}


@dataclass(frozen=True)
class Option:
    """One legal action and what it does, in words."""

    action: str
    words: str
    gap: str | None = None  # the silent rule taking it reaches: the round would be void
    variants: int = 1  # legal actions that differ from this one only by a declaration


@dataclass(frozen=True)
class OptionKind:
    """A kind of action: the legal ones, or why none is allowed."""

    kind: str  # match | draw | place | end | call-dos | catch-dos | pass | declare
    title: str
    allowed: tuple[Option, ...] = ()
    why_not: str | None = None
    path: str | None = None
    citation: str | None = None


@dataclass
class Options:
    ruleset: str
    spec: str
    content_hash: str
    seat: int | None
    phase: str
    kinds: list[OptionKind] = field(default_factory=list)
    filled: list[str] = field(default_factory=list)
    blocked: str | None = None  # the position cannot be reached under this ruleset: why
    blocked_by: Any = field(default=None, repr=False, compare=False)  # the run that did not reach it

    def to_json(self) -> dict[str, Any]:
        out = asdict(replace(self, blocked_by=None))
        del out["blocked_by"]
        return out

    def blocked_in(self, lang: str) -> str | None:
        """``blocked`` in ``lang``."""
        run = self.blocked_by
        if lang == "en" or self.blocked is None:
            return self.blocked
        if run is None or run.verdict == "legal":
            return SAY("o.over", lang)
        reason = f": {translate(run.reason, lang)}" if run.reason else ""
        return SAY("o.not-reached", lang, why=run.summary(lang) + reason)


def options(scenario: Scenario, ruleset: Ruleset, spec: str | None = None) -> Options:
    """What the player to act may do at the scenario's position under ``ruleset``."""
    run, state = position_after(scenario, ruleset)
    out = Options(ruleset.id, spec or ruleset.id, ruleset.content_hash, None, "", filled=list(run.filled))
    if (run.verdict != "legal" and not run.settled_by_lot) or run.scored or state.is_terminal():
        out.blocked = (f"the position is not reached: {run.summary()}" + (f": {run.reason}" if run.reason else "")
                       if run.verdict != "legal" else "the round is over")
        out.blocked_by = run
        return out
    out.seat, out.phase = state.current_player(), str(state.phase)
    kinds = _WINDOW_KINDS.get(state.phase, _KINDS)
    legal = state.legal_actions()
    for kind, title in kinds:
        mine = [a for a in legal if _kind_of(a) == kind]
        if mine:
            out.kinds.append(OptionKind(kind, title, _described(state, ruleset, mine)))
        else:
            out.kinds.append(_not_allowed(state, kind, title))
    return out


def _kind_of(action) -> str:
    return {Match: "match", Draw: "draw", Place: "place", End: "end", CallDos: "call-dos", CatchDos: "catch-dos",
            Pass: "pass", Declare: "declare"}[type(action)]


# --- the legal ones, in words -------------------------------------------------------------------


def _gap_of(state, action) -> str | None:
    """The silent rule that taking ``action`` reaches (the round would be void), if any."""
    trial = state.copy()
    gap = next((e for e in trial.apply(action) if isinstance(e, RuleGap) and e.voids), None)
    return gap.path if gap else None


def _bonus_words(ruleset: Ruleset, players: int, bonus: str | None) -> str:
    if bonus is None:
        return ""
    rules = ruleset.for_players(players).bonuses
    b = rules.single_colour if bonus == "single-colour" else rules.double_colour
    place = "an unspecified number of" if is_unspecified(b.place_cards) else str(b.place_cards)
    text = f"{bonus.replace('-', ' ')} match: {place} card(s) from your hand into the row at the end of the turn"
    if is_unspecified(b.others_draw) or b.others_draw:
        draw = "an unspecified number" if is_unspecified(b.others_draw) else str(b.others_draw)
        text += f", every other player draws {draw}"
    return text


def _described(state, ruleset: Ruleset, actions) -> tuple[Option, ...]:
    n = state.players
    if not isinstance(actions[0], Match):
        return tuple(Option(str(a), action_words(str(a)), _gap_of(state, a)) for a in actions)
    best: dict[tuple, list] = {}  # (target face, hand faces) -> [best match, its bonus, variants]
    rank = {"double-colour": 2, "single-colour": 1, None: 0}
    for m in actions:
        key = (m.target.card, tuple(d.card for d in m.cards))
        bonus = state.colour_outcome(m.target, m.cards)[0]
        entry = best.get(key)
        if entry is None:
            best[key] = [m, bonus, 1]
        else:
            entry[2] += 1
            if rank[bonus] > rank[entry[1]]:
                entry[0], entry[1] = m, bonus
    out = []
    for m, bonus, variants in best.values():
        kind = "single match" if len(m.cards) == 1 else "double match"
        extra = _bonus_words(ruleset, n, bonus)
        words = kind + (f"; {extra}" if extra else "")
        if variants > 1:
            words += f"; or declared otherwise ({variants} ways in all)"
        out.append(Option(str(m), words, _gap_of(state, m), variants))
    return tuple(out)


# --- why not ------------------------------------------------------------------------------------


def _not_allowed(state, kind: str, title: str) -> OptionKind:
    seat = state.turn_seat
    hand = state.hands[seat]
    if kind == "match":
        reason = _match_reason(state)
    elif kind == "draw":
        reason = why_not(state, DRAW)
    elif kind == "place":
        plain = next((c for c in hand if not c.is_wild), hand[0] if hand else None)
        reason = why_not(state, Place(Declared(plain))) if plain is not None else None
        if reason is None:
            return OptionKind(kind, title, why_not=f"seat {seat} holds no cards")
    elif kind == "end":
        reason = why_not(state, END)
    elif kind == "call-dos":
        reason = why_not(state, CALL_DOS)
    else:
        return OptionKind(kind, title, why_not="not open now")
    if isinstance(reason, str):
        return OptionKind(kind, title, why_not=reason)
    if reason is None:
        return OptionKind(kind, title, why_not="not open now")
    cite = reason.citation()
    return OptionKind(kind, title, why_not=reason.message, path=reason.path,
                      citation="the source is silent" if cite == "unspecified" else cite or None)


def _match_reason(state):
    """Why no match is legal: the rule in the way of a match whose numbers add up, else a fact."""
    seat = state.turn_seat
    hand, row = state.hands[seat], state.row
    if not hand:
        return f"seat {seat} holds no cards"
    if not row:
        return "the Centre Row is empty"
    candidates = list(_candidates(state, hand, row))
    if not candidates:  # a rule that stops every match (the phase, a draw) still comes first
        probe = why_not(state, Match(Declared(row[0]), (_plain(hand[0], row[0]),)))
        if probe is not None and probe.path and not probe.path.startswith(("matching.single", "matching.double")):
            return probe
        return (f"no card or two cards in seat {seat}'s hand add up to the number of a Centre Row card "
                f"({' '.join(map(str, row))})")
    reasons = [r for r in (why_not(state, m) for m in candidates) if r is not None]
    return next((r for r in reasons if r.path), reasons[0] if reasons else None)


def _plain(card, target) -> Declared:
    if card.kind is Kind.WILD_DOS:
        return Declared(card, colour=target.colour)
    if card.kind is Kind.WILD_NUMBER:
        return Declared(card, value=target.number or 1)
    return Declared(card)


def _candidates(state, hand, row):
    """Matches whose numbers add up (wilds declared to make them), whatever the rules say."""
    c = state.c
    faces = list(dict.fromkeys(hand))
    for target in dict.fromkeys(row):
        value = target.number if target.kind is Kind.NUMBER else (c.wild_dos_value if target.kind is Kind.WILD_DOS else None)
        for card in faces:
            if target.kind is Kind.WILD_NUMBER:
                if card.kind is Kind.NUMBER:
                    yield Match(Declared(target, value=card.number), (Declared(card),))
                continue
            single = _fit(c, card, value, target)
            if single is not None:
                yield Match(Declared(target), (single,))
        if value is None:
            continue
        for a, b in combinations(range(len(hand)), 2):
            x, y = hand[a], hand[b]
            first = _fit(c, x, value - (y.number or 0), target) if y.kind is Kind.NUMBER else None
            if first is not None and y.kind is Kind.NUMBER:
                yield Match(Declared(target), (first, Declared(y)))
            elif x.kind is Kind.NUMBER:
                second = _fit(c, y, value - x.number, target)
                if second is not None:
                    yield Match(Declared(target), (Declared(x), second))


def _fit(c, card, value: int | None, target) -> Declared | None:
    """``card`` declared so that it counts ``value``, or None if it cannot."""
    if value is None or value <= 0:
        return None
    if card.kind is Kind.NUMBER:
        return Declared(card) if card.number == value else None
    if card.kind is Kind.WILD_DOS:
        colour = target.colour or c.colours[0]
        return Declared(card, colour=colour) if c.wild_dos_value == value else None
    return Declared(card, value=value) if c.wild_min <= value <= c.wild_max else None
