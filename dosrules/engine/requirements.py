"""The requirements of a match and of ending a turn after a draw, each described once.

A match requirement is one row of ``MATCH_REQUIREMENTS``: the rule path it rests on, a judge
that says whether the rule allows the match, forbids it, or leaves it open (a rule gap), the
message ``why_not`` shows when it is forbidden, and the situation a rule-gap event records.
Turn endings after a draw with no match made are the rows of ``ENDINGS``: what each value of
``drawing.after_failed_draw`` / ``drawing.decline_match_after_draw`` lets the player do.

Everything that asks about legality reads these tables: match generation
(``State.match_actions`` off the fast path), gap detection when a match is applied, what a
legal-or-not question "rests on", and ``why_not``. Adding a rule dimension is a row here (see
docs/adding-a-rule.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ..ruleset.cards import Kind
from ..ruleset.model import AfterFailedDraw, DeclineAfterDraw, MatchAfterDraw, RowWildChoice
from .actions import END, Match

if TYPE_CHECKING:
    from .matching import MatchFlow as State  # the part of State these rows read

__all__ = ["ALLOWED", "FORBIDDEN", "GAP", "Requirement", "MATCH_REQUIREMENTS", "judge_match",
           "match_gaps", "first_forbidden", "rests_on", "Ending", "ENDINGS", "ending_rules",
           "ending_allowed", "endings"]

ALLOWED, FORBIDDEN, GAP = "allowed", "forbidden", "gap"
_MATCHER = RowWildChoice.MATCHER_DECLARES
_PLACER = RowWildChoice.PLACER_DECLARES
#: a wild its placer declared, in a position given without the declaration
_UNKNOWN_DECLARATION = ": its placer named it when it entered the row, and the position does not say as what"

#: stages, in the order ``why_not`` checks them (the hand and declarations are checked between
#: "kind" and "target", the numbers between "target" and "colour")
STAGES = ("turn", "kind", "target", "colour")


def _ruling(value: bool | None) -> str:
    """A rule that allows when true: allowed / forbidden / gap (unspecified)."""
    return ALLOWED if value is True else (FORBIDDEN if value is False else GAP)


@dataclass(frozen=True)
class Requirement:
    """One requirement of a match.

    ``judge(state, match, row index)`` gives ALLOWED, FORBIDDEN or GAP, or ``(GAP, path)`` when
    the rule path depends on the cards (the colour rules). ``why`` and ``situation`` take
    ``(state, match)`` and give the ``why_not`` message and the rule-gap event's text.
    ``decides`` is "legality", or "bonus" for a rule that decides only the colour bonus.
    ``moot(compiled rules)``: the judge allows every match under these rules, whatever the
    position (an untraced game leaves the row out: ``engine.specialised``)."""

    path: str
    stage: str
    judge: Callable
    why: Callable
    situation: Callable
    moot: Callable
    decides: str = "legality"


def _seat(s: State) -> int:
    return s.turn_seat


def _wide_row(s: State, i: int) -> bool:
    c = s.c
    return not s.used[i] and len(s.row) > c.row_card_limit and s.rows_matched >= c.row_card_limit


def _after_draw(s: State, m: Match | None, i: int):
    """``drawing.match_after_draw``, once the player has drawn (``m`` None: may any match be made)."""
    if not s.drew:
        return ALLOWED
    rule = s.c.match_after_draw
    if rule is MatchAfterDraw.ANY:
        return ALLOWED
    if rule is MatchAfterDraw.DRAWN_CARD:  # a match the drawn card, still in hand, is part of
        drawn = s.drawn
        if drawn is None:
            return FORBIDDEN
        return ALLOWED if m is None or any(d.card == drawn for d in m.cards) else FORBIDDEN
    return FORBIDDEN if rule is MatchAfterDraw.NONE else GAP


def _why_after_draw(s: State, m: Match) -> str:
    if s.c.match_after_draw is not MatchAfterDraw.DRAWN_CARD:
        return "no match may be made after drawing"
    if s.drawn is None:
        return "after drawing, only the drawn card may be played, and it no longer can be"
    return f"after drawing, only a match with the drawn card ({s.drawn}) may be made"


def _colour_bonus(s: State, m: Match, i: int):
    _, path = s.match_colour(m)
    return (GAP, path) if path else ALLOWED


def _colour_restricts(s: State, m: Match, i: int):
    bonus, path = s.match_colour(m)
    if bonus is not None:
        return ALLOWED
    rule = s.c.colour_restricts
    if rule is None:
        return GAP
    return FORBIDDEN if rule is True and path is None else ALLOWED


MATCH_REQUIREMENTS: tuple[Requirement, ...] = (
    Requirement(  # judged with m None too: may any match be made now
        "drawing.match_after_draw", "turn", _after_draw, _why_after_draw,
        lambda s, m: f"seat {_seat(s)} matches after drawing ({m})",
        lambda c: c.match_after_draw is MatchAfterDraw.ANY),
    Requirement(
        "matching.single", "kind",
        lambda s, m, i: _ruling(s.c.single) if len(m.cards) == 1 else ALLOWED,
        lambda s, m: "single matches are not allowed",
        lambda s, m: f"seat {_seat(s)} makes a single match ({m})",
        lambda c: c.single is True),
    Requirement(
        "matching.double", "kind",
        lambda s, m, i: _ruling(s.c.double) if len(m.cards) == 2 else ALLOWED,
        lambda s, m: "double matches are not allowed",
        lambda s, m: f"seat {_seat(s)} makes a double match ({m})",
        lambda c: c.double is True),
    Requirement(  # a row card already matched this turn, matched again
        "matching.once_per_row_card", "target",
        lambda s, m, i: _ruling(_not(s.c.once_per_row_card)) if s.used[i] else ALLOWED,
        lambda s, m: f"the {m.target.card} in the Centre Row has already been matched this turn",
        lambda s, m: f"seat {_seat(s)} matches {m.target}, already matched this turn, again",
        lambda c: c.once_per_row_card is False),
    Requirement(  # more row cards matched in one turn than the refill minimum
        "matching.any_row_card", "target",
        lambda s, m, i: _ruling(s.c.any_row_card) if _wide_row(s, i) else ALLOWED,
        lambda s, m: f"no more than {s.c.row_card_limit} Centre Row cards may be matched in a turn",
        lambda s, m: f"seat {_seat(s)} matches more than {s.c.row_card_limit} cards of a wide Centre Row",
        lambda c: c.any_row_card is True),
    Requirement(  # the value a Wild # lying in the row counts as (no rule, or its placer's unknown)
        "wilds.wild_number.row_value", "target",
        lambda s, m, i: (GAP if s.row[i].kind is Kind.WILD_NUMBER and s.row_bind[i] is None
                         and s.c.wild_row is not _MATCHER and not s.all_wild_turn else ALLOWED),
        lambda s, m: "",
        lambda s, m: (f"seat {_seat(s)} matches a Wild # lying in the Centre Row ({m})" +
                      (_UNKNOWN_DECLARATION if s.c.wild_row is _PLACER else "")),
        lambda c: c.wild_row is _MATCHER),
    Requirement(  # the colour a Wild DOS lying in the row counts as
        "wilds.wild_dos.row_colour", "target",
        lambda s, m, i: (GAP if s.row[i].kind is Kind.WILD_DOS and s.row_bind[i] is None
                         and s.c.wild_dos_row is not _MATCHER and not s.all_wild_turn else ALLOWED),
        lambda s, m: "",
        lambda s, m: (f"who names the colour of the Wild DOS seat {_seat(s)} matches in the Centre Row ({m})" +
                      (_UNKNOWN_DECLARATION if s.c.wild_dos_row is _PLACER else "")),
        lambda c: c.wild_dos_row is _MATCHER),
    Requirement(  # whether the match earns a colour bonus, when a wild's colour is unspecified
        "wilds", "colour", _colour_bonus,
        lambda s, m: "",
        lambda s, m: f"whether {m} earns a colour bonus",
        lambda c: c.plain_colour, decides="bonus"),  # (colour_outcome names no rule then)
    Requirement(
        "matching.colour_restricts", "colour", _colour_restricts,
        lambda s, m: "a match must also match the row card's colour",
        lambda s, m: f"seat {_seat(s)} matches without matching colour ({m})",
        lambda c: c.colour_restricts is False),
)


def _not(value: bool | None) -> bool | None:
    return None if value is None else not value


def judge_match(s: State, m: Match | None, i: int, stages=STAGES, skip=()):
    """Yield (requirement, verdict, path) for every requirement of match ``m`` on row card ``i``
    that does not allow it outright, in table order (``skip``: rule paths to leave out). An
    untraced game judges only the rows its rules do not make moot (``Requirement.moot``)."""
    fast = s.fast
    for req in (MATCH_REQUIREMENTS if fast is None else fast.requirements):
        if req.stage not in stages or req.path in skip:
            continue
        verdict = req.judge(s, m, i)
        if verdict is ALLOWED:
            continue
        if isinstance(verdict, tuple):
            verdict, path = verdict
        else:
            path = req.path
        yield req, verdict, path


def first_forbidden(s: State, m: Match | None, i: int, stages=STAGES, skip=()):
    """The first requirement that forbids ``m`` (with its message), or None."""
    for req, verdict, path in judge_match(s, m, i, stages, skip):
        if verdict is FORBIDDEN:
            return req, path
    return None


def match_gaps(s: State, m: Match, i: int) -> list[tuple[str, str]]:
    """(rule path, situation) of every requirement of ``m`` left open, in table order."""
    return [(path, req.situation(s, m)) for req, verdict, path in judge_match(s, m, i) if verdict is GAP]


def rests_on(s: State, m: Match, i: int) -> str | None:
    """The unspecified rule the legality of ``m`` rests on, or None when it is legal outright
    (its colour bonus may still be open)."""
    for req, verdict, path in judge_match(s, m, i):
        if verdict is GAP and req.decides == "legality":
            return path
    return None


# --- ending a turn after a draw with no match made ------------------------------------------


@dataclass(frozen=True)
class Ending:
    """What one value of an after-draw rule lets the player do to end the turn: ``end`` (keep
    the card), ``place`` (a card from hand into the Centre Row; ``end`` too when no card can be
    placed), or neither (a possible match must be made). ``None``: the rule is unspecified."""

    end: bool | None
    place: bool | None
    why_not_end: str = ""
    why_not_place: str = ""


_PLACE_FIRST = "after drawing without matching, a card from hand goes into the Centre Row first ('place X')"
_KEEP = "after drawing without matching, the player keeps the card and the turn passes ('end')"
_MUST_MATCH = "a match that is possible after drawing must be made"

ENDINGS: dict = {
    AfterFailedDraw.KEEP_AND_PASS: Ending(True, False, why_not_place=_KEEP),
    AfterFailedDraw.PLACE_CARD: Ending(False, True, why_not_end=_PLACE_FIRST),
    AfterFailedDraw.UNSPECIFIED: Ending(None, None),
    DeclineAfterDraw.KEEP_AND_PASS: Ending(True, False, why_not_place=_KEEP),
    DeclineAfterDraw.PLACE_CARD: Ending(False, True, why_not_end=_PLACE_FIRST),
    DeclineAfterDraw.FORBIDDEN: Ending(False, False, _MUST_MATCH, _MUST_MATCH),
    DeclineAfterDraw.UNSPECIFIED: Ending(None, None),
}


def ending_rules(s: State, matches=None):
    """(rules, rests_on): the (path, value) rules deciding how a turn may end after a draw with
    no match made. ``drawing.after_failed_draw`` when no match is possible (or matching after a
    draw is not allowed), ``drawing.decline_match_after_draw`` when one is legal outright; both
    when every possible match rests on an unspecified rule, whose path is ``rests_on``: an
    ending is then legal when both rules allow it and a gap when only one does. ``matches``:
    the matches possible now, when already listed."""
    c = s.c
    failed = ("drawing.after_failed_draw", c.after_failed_draw)
    rule = c.match_after_draw
    if rule is MatchAfterDraw.NONE:
        return (failed,), None
    declined = ("drawing.decline_match_after_draw", c.decline_match_after_draw)
    if c.plain_matching and rule is MatchAfterDraw.ANY:  # no match can rest on a gap
        possible = s.has_match() if matches is None else bool(matches)
        return ((declined,) if possible else (failed,)), None
    if matches is None:  # under drawn-card, the matches with the drawn card
        matches = s.match_actions()
    path = None
    for m in matches:
        on = s.match_rests_on(m)
        if on is None:
            return (declined,), None
        path = path or on
    return ((failed, declined) if path else (failed,)), path


def ending_allowed(s: State, rule, action_is_end: bool) -> bool | None:
    """Whether ``rule`` allows ending the turn by ``end`` (or ``place``); None when unspecified."""
    e = ENDINGS[rule]
    if e.end is None:
        return None
    if action_is_end:
        return e.end or (e.place and not s.place_options())
    return e.place


def endings(s: State, rules) -> list:
    """Ways to end a turn after a draw with no match made: those one of the governing ``rules``
    (see ``ending_rules``) allows or leaves open."""

    end = place = False
    for _, rule in rules:
        e = ENDINGS[rule]
        if e.end is None:  # unspecified: all offered, any is a gap
            end = place = True
        else:
            end, place = end or e.end, place or e.place
    places = s.place_options() if place else []
    return [END, *places] if end or (place and not places) else places
