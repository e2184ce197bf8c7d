"""Verdicts: a scenario played by the engine under one ruleset, and the rules that decided it.

For each ruleset the scenario's position is built, ``before`` replayed and the asked actions
taken with the engine's checked entry points. The verdict is ``legal`` (every action taken and
no rule gap), ``illegal`` (``why_not`` refuses an action) or ``rule-gap`` (an ``unspecified``
rule decides: the engine voids the round, or — for who deals, who plays first and the
direction of play — settles it by lot, ``settled_by_lot``; or play does not offer the action
because the rule that would allow it is silent, such as calling DOS where no source has a call). What follows comes from the engine's events and state: up to the
end of the round, or with ``follow: next-round`` on into the next deal; a ``start: new-game``
scenario is the game's first deal (:mod:`.start`).

The rules cited are collected from the engine, never written by hand:

- the rule path of ``why_not``'s reason (illegal) or of the ``RuleGap`` event (rule gap);
- every rule path the engine read while deciding and applying the asked actions (recorded by
  :mod:`.consult`), kept as *deciding* when giving that rule another value changes the verdict
  or what follows (the engine is run again with the value changed);
- for a rule gap, what each stated value of the silent rule would give.
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, field
from typing import Any

from ..ruleset.cards import make_deck
from ..engine import RoundScored, RoundVoid, RuleGap, why_not
from ..engine.actions import parse_action
from ..engine.events import Dealt, DealerChosen, GameOver, TurnStarted
from ..ruleset.model import UNSPECIFIED, Ruleset, is_unspecified
from .consult import ConsultLog, alternatives, record, with_rule
from .position import build_state
from .scenario import Expectation, Scenario

__all__ = ["Answer", "RuleRef", "answer", "run", "check", "format_value"]


def format_value(value: Any) -> str:
    """A rule value as written in a ruleset file."""
    if is_unspecified(value):
        return "unspecified"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class RuleRef:
    """A rule that decided a verdict, with its value and citation in the ruleset."""

    path: str
    value: str
    status: str
    source: str | None = None
    file: str | None = None
    section: str | None = None
    quote: str | None = None
    why: str = "decisive"  # why-not | rule-gap | decisive
    otherwise: tuple[tuple[str, str], ...] = ()  # (other value, what the engine then says)

    def citation(self) -> str:
        if self.source is None:
            return self.status
        return f'{self.source} {self.section}: "{self.quote}"'


@dataclass
class Run:
    """One play of a scenario under one ruleset (no explanation)."""

    verdict: str
    step: str | None = None  # the action the verdict fell on ("the start of the turn" for a gap there)
    in_before: bool = False
    reason: str | None = None
    reason_path: str | None = None
    events: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    after: dict[str, Any] | None = None
    scored: dict[int, int] = field(default_factory=dict)
    consulted: list[tuple[str, bool]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    legal_instead: list[str] = field(default_factory=list)
    settled_by_lot: bool = False  # a rule gap the table settles (the engine: by lot); the round goes on
    deal: dict[str, Any] | None = None  # the deal followed into: round, dealer, how, first_player
    lots: list[str] = field(default_factory=list)  # rule paths of the gaps settled by lot met on the way

    def signature(self) -> tuple:
        return (self.verdict, self.step, self.reason_path, tuple(self.events))

    def summary(self) -> str:
        text = "legal" if self.verdict == "legal" else (
            f"{self.verdict} at '{self.step}'" + (f" ({self.reason_path})" if self.reason_path else ""))
        return text + (f"; {deal_text(self.deal)}" if self.deal else "")


@dataclass
class Answer:
    ruleset: str
    content_hash: str
    verdict: str
    step: str | None
    in_before: bool
    reason: str | None
    rules: list[RuleRef]
    consulted: list[str]
    events: list[str]
    kinds: list[str]
    after: dict[str, Any] | None
    scored: dict[int, int]
    notes: list[str]
    legal_instead: list[str]
    settled_by_lot: bool = False
    deal: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["rules"] = [{**asdict(r), "otherwise": [list(o) for o in r.otherwise]} for r in self.rules]
        return out


_ROUND_END = (RoundScored, RoundVoid, GameOver)


def deal_text(deal: dict[str, Any]) -> str:
    """'seat 2 deals round 2 (previous-winner), seat 0 plays first' from a Run's ``deal``."""
    text = f"seat {deal['dealer']} deals round {deal['round']} ({deal['how']})"
    return text + (f", seat {deal['first_player']} plays first" if deal.get("first_player") is not None else "")


def _deal_of(events) -> dict[str, Any] | None:
    """The last deal among ``events``: its round, dealer, how the dealer was chosen, who plays first."""
    deal = None
    how = None
    for e in events:
        if isinstance(e, DealerChosen):
            how = e.how
        elif isinstance(e, Dealt):
            deal = {"round": e.round, "dealer": e.dealer, "how": how, "first_player": None}
        elif isinstance(e, TurnStarted) and deal is not None and deal["first_player"] is None:
            deal["first_player"] = e.seat
    return deal


def _gap_in(events, follow: bool):
    """The rule gap that decides the verdict: one that voids the round; when following into a
    deal, also one the table settles by lot (who deals, who plays first)."""
    return next((e for e in events if isinstance(e, RuleGap) and (e.voids or follow)), None)


def _lots(events) -> list[str]:
    """The rule paths of the gaps among ``events`` that the table settles (the engine: by lot)."""
    return [e.path for e in events if isinstance(e, RuleGap) and not e.voids]


def _start_run(scenario: Scenario, ruleset: Ruleset, consult: bool) -> Run:
    """A new-game scenario: the first dealer, the deal, who plays first."""
    from ..engine import compile_rules
    from .start import start_game

    log = ConsultLog(compile_rules(ruleset, scenario.players)) if consult else None
    if log is not None:
        log.recording = True
    state = start_game(scenario, ruleset, log)
    events = _this_round(state.events)
    result = Run("legal", events=[str(e) for e in events], kinds=[e.kind for e in events], deal=_deal_of(events),
                 lots=_lots(events))
    gap = _gap_in(events, True)
    if gap is not None:
        result.verdict, result.step, result.reason, result.reason_path = (
            "rule-gap", "the start of the game", gap.situation, gap.path)
        result.settled_by_lot = not gap.voids
    if log is not None:
        log.recording = False
        result.consulted = list(log.paths())
    if result.verdict == "legal" or result.settled_by_lot:
        result.after = _snapshot(state)
    return result


def _this_round(events) -> list:
    """The events up to the end of the round (the engine deals the next one straight after)."""
    out, ended = [], False
    for e in events:
        if ended and isinstance(e, (Dealt, DealerChosen)):
            break
        out.append(e)
        ended = ended or isinstance(e, _ROUND_END)
    return out


def _snapshot(state) -> dict[str, Any]:
    return {
        "row": [str(c) for c, used in zip(state.row, state.used) if not used],
        "covered": [str(c) for c, used in zip(state.row, state.used) if used],
        "hands": {s: [str(c) for c in h] for s, h in enumerate(state.hands)},
        "deck": len(state.deck), "discard": len(state.discard),
        "scores": list(state.scores), "phase": state.phase, "to_act": state.current_player(),
    }


def run(scenario: Scenario, ruleset: Ruleset, *, consult: bool = True) -> Run:
    """Play the scenario under ``ruleset`` and return the verdict and what followed."""
    if scenario.new_game:
        return _start_run(scenario, ruleset, consult)
    follow = scenario.follow == "next-round"
    state = build_state(scenario, ruleset)
    # chance from here on (a new deck from the discard pile, the next deal) is Chance(seed), given by
    # build_state: what-if runs under changed rules stay comparable
    start = _this_round(state.events)
    gap = next((e for e in start if isinstance(e, RuleGap) and e.voids), None)
    result = Run("legal", events=[str(e) for e in start], kinds=[e.kind for e in start])
    if gap is not None:
        result.verdict, result.step, result.reason, result.reason_path = (
            "rule-gap", "the start of the turn", gap.situation, gap.path)
        return result
    log = record(state) if consult else None
    first_round = state.round
    steps = [*scenario.before, *scenario.actions]
    for i, text in enumerate(steps):
        in_before = i < len(scenario.before)
        if log is not None:
            if i <= len(scenario.before):
                log.reads.clear()
            log.recording = True
        if i == len(scenario.before) and scenario.phase and state.phase != scenario.phase:
            result.notes.append(f"the question is asked in phase '{state.phase}', not '{scenario.phase}'")
        reason = why_not(state, text)
        if reason is not None:  # illegal, or not offered because the rule that would allow it is silent
            result.verdict, result.step, result.in_before = "rule-gap" if reason.gap else "illegal", text, in_before
            result.reason, result.reason_path = reason.message, reason.path
            result.legal_instead = [str(a) for a in state.legal_actions()]
            break
        events = state.apply(parse_action(text))
        if not follow:
            events = _this_round(events)
        if not in_before:
            result.events += [str(e) for e in events]
            result.kinds += [e.kind for e in events]
            if follow:
                result.lots += _lots(events)
        if follow:
            result.deal = _deal_of(events) or result.deal
        gap = _gap_in(events, follow)
        if gap is not None:
            result.verdict, result.step, result.in_before = "rule-gap", text, in_before
            result.reason, result.reason_path = gap.situation, gap.path
            result.settled_by_lot = not gap.voids
            if in_before:
                result.events += [str(e) for e in events]
                result.kinds += [e.kind for e in events]
            break
        scored = next((e for e in events if isinstance(e, RoundScored)), None)
        if scored is not None:
            result.scored = {scored.winner: scored.points}
            if i + 1 < len(steps):
                result.notes.append(f"the round ended after '{text}'; the actions after it were not taken")
            break
    if log is not None:
        log.recording = False
        rounds = {first_round, first_round + 1} if follow else {first_round}
        result.consulted = list(dict(p for r in sorted(rounds) for p in log.paths(round=r)).items())
    if result.verdict == "legal" and not result.scored:
        result.after = _snapshot(state)
    return result


def _ref(ruleset: Ruleset, players: int, path: str, why: str, otherwise=()) -> RuleRef:
    rules = ruleset.for_players(players)
    try:
        value = format_value(rules.get(path))
    except (AttributeError, KeyError):
        value = "?"
    try:
        prov = ruleset.provenance_of(path, players)
    except KeyError:
        return RuleRef(path, value, "?", why=why, otherwise=tuple(otherwise))
    c = prov.citation
    if c is None:
        return RuleRef(path, value, prov.status.value, why=why, otherwise=tuple(otherwise))
    try:
        file = ruleset.source(c.source).file
    except KeyError:
        file = None
    return RuleRef(path, value, prov.status.value, c.source, file, c.section, c.quote, why, tuple(otherwise))


def _settlements(value: Any) -> list[Any]:
    """The stated values an ``unspecified`` rule could be given."""
    if isinstance(value, enum.Enum):
        return [m for m in type(value) if not is_unspecified(m)]
    if is_unspecified(value):
        return [True, False]
    return []


def _what_if(scenario: Scenario, ruleset: Ruleset, path: str, values, base: Run | None):
    """[(value, summary)] of the runs with ``path`` set to each value (only changed ones if base).

    A value that changes the deck is skipped: the position could not be posed with that deck."""
    out = []
    deck = make_deck(ruleset.for_players(scenario.players).deck)
    for value in values:
        changed = with_rule(ruleset, scenario.players, path, value)
        try:
            if make_deck(changed.for_players(scenario.players).deck) != deck:
                continue
            other = run(scenario, changed, consult=False)
        except Exception:  # noqa: BLE001 - a value the engine cannot play with says nothing here
            continue
        if base is None or other.signature() != base.signature():
            out.append((format_value(value), other.summary() if base is None or other.verdict != base.verdict
                        else f"{other.verdict}; differs at {_first_difference(base, other)}"))
    return out


def _first_difference(base: Run, other: Run) -> str:
    for mine, theirs in zip(base.events, other.events):
        if mine != theirs:
            return f"'{theirs}'"
    if len(other.events) > len(base.events):
        return f"also '{other.events[len(base.events)]}'"
    if len(other.events) < len(base.events):
        return f"no '{base.events[len(other.events)]}'"
    return "other consequences"


def answer(scenario: Scenario, ruleset: Ruleset, *, explain: bool = True) -> Answer:
    """The verdict of ``scenario`` under ``ruleset``, what follows, and the rules that decided it."""
    base = run(scenario, ruleset)
    n = scenario.players
    rules: list[RuleRef] = []
    named = base.reason_path
    if named:
        why = "rule-gap" if base.verdict == "rule-gap" else "why-not"
        settle = []
        if explain and base.verdict == "rule-gap":
            settle = _what_if(scenario, ruleset, named, _settlements(ruleset.for_players(n).get(named)), None)
        rules.append(_ref(ruleset, n, named, why, settle))
    for path in dict.fromkeys(base.lots):  # the other silences met on the way, settled by lot too
        if path != named:
            rules.append(_ref(ruleset, n, path, "rule-gap"))
    if explain:
        for path, _direct in base.consulted:
            if path == named:
                continue
            value = ruleset.for_players(n).get(path)
            changed = _what_if(scenario, ruleset, path, alternatives(value), base)
            if not changed and isinstance(value, int) and not isinstance(value, bool):
                # one more or less may not cross the line that matters (a wild worth 0 or 1 in the
                # high-card draw): would the answer change had the source been silent?
                changed = _what_if(scenario, ruleset, path, [UNSPECIFIED], base)
            if changed:
                rules.append(_ref(ruleset, n, path, "decisive", changed))
    return Answer(ruleset.id, ruleset.content_hash, base.verdict, base.step, base.in_before, base.reason,
                  rules, [p for p, _ in base.consulted], base.events, base.kinds, base.after, base.scored, base.notes,
                  base.legal_instead, base.settled_by_lot, base.deal)


def check(ans: Answer, expected: Expectation) -> list[str]:
    """What differs between an answer and the scenario's expectation (empty: as expected)."""
    out = []
    if ans.verdict != expected.verdict:
        out.append(f"verdict is {ans.verdict}, expected {expected.verdict}")
    if expected.rule and expected.rule not in [r.path for r in ans.rules]:
        out.append(f"{expected.rule} is not among the deciding rules ({', '.join(r.path for r in ans.rules) or 'none'})")
    after = ans.after or {}
    if expected.row is not None:
        got = sorted(after.get("row", []))
        if got != sorted(map(str, expected.row)):
            out.append(f"row is {' '.join(after.get('row', [])) or '(none)'}, expected {' '.join(map(str, expected.row))}")
    for seat, want in expected.hands.items():
        got = after.get("hands", {}).get(seat)
        if got is None:
            out.append(f"no hand of seat {seat} after the actions")
        elif isinstance(want, int) and len(got) != want:
            out.append(f"seat {seat} holds {len(got)} cards, expected {want}")
        elif not isinstance(want, int) and sorted(got) != sorted(map(str, want)):
            out.append(f"seat {seat} holds {' '.join(got)}, expected {' '.join(map(str, want))}")
    for seat, points in expected.scored.items():
        if ans.scored.get(seat) != points:
            out.append(f"seat {seat} scores {ans.scored.get(seat, 'nothing')}, expected {points}")
    for key in ("dealer", "first_player"):
        want = getattr(expected, key)
        if want is not None:
            got = (ans.deal or {}).get(key)
            if got != want:
                out.append(f"{key.replace('_', ' ')} is {'seat ' + str(got) if got is not None else 'not known'}, "
                           f"expected seat {want}")
    kinds = ans.kinds
    pos = 0
    for kind in expected.events:
        try:
            pos = kinds.index(kind, pos) + 1
        except ValueError:
            out.append(f"no '{kind}' event in order (events: {', '.join(kinds)})")
            break
    for kind in expected.absent:
        if kind in kinds:
            out.append(f"a '{kind}' event occurs, expected none")
    return out
