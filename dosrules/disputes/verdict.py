"""Verdicts: a scenario played by the engine under one ruleset, and the rules that decided it.

For each ruleset the scenario's position is built, ``before`` replayed and the asked actions
taken with the engine's checked entry points. The verdict is ``legal`` (every action taken and
no rule gap), ``illegal`` (``why_not`` refuses an action) or ``rule-gap`` (an ``unspecified``
rule decides: the engine voids the round, or — for who deals and who plays first — settles it
by lot, ``settled_by_lot``). What follows comes from the engine's events and state: up to the
end of the round, or with ``follow: next-round`` on into the next deal; a ``start: new-game``
scenario is the game's first deal (:mod:`.start`). Steps the question leaves out (a catch
window, a declaration) are filled with the ordinary choice and listed in ``filled``
(:mod:`.steps`); an action that names a card the player does not hold is a notation slip
(:mod:`.slips`), not a verdict.

The rules cited are collected from the engine, never written by hand:

- the rule path of ``why_not``'s reason (illegal) or of the ``RuleGap`` event (rule gap), with
  what each of its other readings would give;
- every rule path the engine read while deciding and applying the asked actions (the game is
  traced: :mod:`dosrules.engine.trace`), kept as *deciding* when one of its other readings
  (:func:`.consult.other_readings`) changes the verdict or what follows. The deal's cards do not
  count as what follows (so the rules that only feed a deal are left out), nor does a reading
  under which an action the question takes as already done would not have been allowed;
- at a rule gap (and for an illegal action resting on a silent rule), the verdict and what
  follows under each reading of the silent rule, and which rulesets choose which reading.
"""

from __future__ import annotations

import difflib
import enum
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..engine import RoundScored, RoundVoid, RuleGap, why_not
from ..engine.actions import CallDos, parse_action
from ..engine.phase import Phase
from ..engine.events import Dealt, DealerChosen, GameOver, TurnStarted
from ..engine.trace import forget_reads, rules_read
from ..ruleset.cards import make_deck
from ..ruleset.model import Ruleset, is_unspecified
from ..ruleset.readings import can_be_unspecified, readings
from .consult import other_readings, probes, same_value, with_rule
from .position import build_state
from .scenario import Expectation, Scenario
from .slips import Slip, position_slip
from .steps import completed_declaration, intermediate_step
from ..lang.answers import SAY
from ..lang.events import event_line
from .words import START_OF_GAME, START_OF_TURN, step_words
from ..lang.refusals import translate

__all__ = ["Answer", "RuleRef", "ReadingAnswer", "answer", "run", "check", "format_value", "deal_text"]


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
    otherwise: tuple[tuple[str, str], ...] = ()  # (other reading, what the engine then says)
    counted: bool = False  # no other reading, but the answer is counted with this number
    other_runs: tuple = field(default=(), compare=False, repr=False)  # (base Run, other Run) per otherwise

    def otherwise_in(self, lang: str) -> tuple[tuple[str, str], ...]:
        """``otherwise`` in ``lang``: what each other reading gives."""
        if lang == "en" or len(self.other_runs) != len(self.otherwise):
            return self.otherwise
        return tuple((value, _difference(base, other, lang)) for (value, _), (base, other)
                     in zip(self.otherwise, self.other_runs))

    def citation(self) -> str:
        if self.source is None:
            return "the source is silent" if self.status == "unspecified" else self.status
        return f'{self.source} {self.section}: "{self.quote}"'


@dataclass(frozen=True)
class ReadingAnswer:
    """One reading of a silent rule: what the engine answers with it, and who reads it so."""

    value: str
    verdict: str
    summary: str  # the verdict and what follows, in a line
    chosen_by: tuple[tuple[str, str], ...] = ()  # (ruleset id, its citation or status)
    rule: str | None = None  # the rule the verdict rests on, when it is not legal
    run: Any = field(default=None, compare=False, repr=False)

    def summary_in(self, lang: str) -> str:
        """``summary`` in ``lang``."""
        return self.summary if lang == "en" or self.run is None else _what_follows(self.run, lang=lang)


@dataclass
class Run:
    """One play of a scenario under one ruleset (no explanation)."""

    verdict: str
    step: str | None = None  # the action the verdict fell on (START_OF_TURN / START_OF_GAME for a gap there)
    step_index: int | None = None  # its index in before + actions (-1: the start); None: every action taken
    in_before: bool = False
    reason: str | None = None
    reason_path: str | None = None
    events: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    objects: list = field(default_factory=list)  # the events themselves (``events`` are their str())
    after: dict[str, Any] | None = None
    scored: dict[int, int] = field(default_factory=dict)
    consulted: list[str] = field(default_factory=list)  # rule paths read, in first-read order
    notes: list[str] = field(default_factory=list)
    filled: list[str] = field(default_factory=list)  # steps the question left out, filled (see .steps)
    taken: list[str] = field(default_factory=list)  # the asked actions as taken (declarations filled in)
    actors: list[int] = field(default_factory=list)  # the seat that took each asked action
    legal_instead: list[str] = field(default_factory=list)
    settled_by_lot: bool = False  # a rule gap the table settles (the engine: by lot); the round goes on
    deal: dict[str, Any] | None = None  # the deal followed into: round, dealer, how, first_player
    slip: Slip | None = None  # the action at ``step`` cannot mean what it says
    lots: list[str] = field(default_factory=list)  # rule paths of the gaps settled by lot met on the way
    must_call: dict[str, Any] | None = None  # an asked DOS call the player had to make (see _dos_duty)
    exposed: dict[str, Any] | None = None  # after the asked actions, the player can be caught not calling DOS

    def played(self, lang: str = "en") -> tuple[str, ...]:
        """The events that count as what follows: up to the deal of a new round (its cards feed
        nothing the question asks; who deals and who plays first are in ``deal``)."""
        out = []
        for text, kind, e in zip(self.events, self.kinds, self._objects()):
            if kind == "dealt":
                break
            out.append(text if lang == "en" or e is None else event_line(e, lang))
        return tuple(out)

    def _objects(self) -> list:
        return self.objects if len(self.objects) == len(self.events) else [None] * len(self.events)

    def lines(self, lang: str) -> list[str]:
        """``events`` in ``lang``."""
        return [t if lang == "en" or e is None else event_line(e, lang) for t, e in zip(self.events, self._objects())]

    def outcome(self) -> tuple:
        """What a reading of a rule must change to decide the answer: the verdict, where it falls
        (for a rule gap, also which rule is silent), what follows, who deals and plays first."""
        deal = None if self.deal is None else (self.deal["dealer"], self.deal.get("first_player"))
        silent = self.reason_path if self.verdict == "rule-gap" else None
        return (self.verdict, self.step_index, silent, self.played(), deal)

    def same_outcome(self, other: "Run") -> bool:
        """The same outcome; who plays first counts only where both runs got that far (the engine
        may still wait for a declaration in the new round)."""
        mine, theirs = self.outcome(), other.outcome()
        if mine[:4] != theirs[:4] or (mine[4] is None) != (theirs[4] is None):
            return False
        if mine[4] is None:
            return True
        return mine[4][0] == theirs[4][0] and None in (mine[4][1], theirs[4][1]) or mine[4] == theirs[4]

    def summary(self, lang: str = "en") -> str:
        if self.slip is not None:
            return SAY("summary.slip", lang, slip=translate(self.slip.what, lang))
        path = f" ({self.reason_path})" if self.reason_path else ""
        verdict = self.verdict if lang == "en" else SAY(f"{self.verdict}.badge", lang)
        text = SAY("summary.legal", lang) if self.verdict == "legal" else SAY(
            "summary.at", lang, verdict=verdict, step=step_words(self.step, lang), path=path)
        return text + (f"; {deal_text(self.deal, lang)}" if self.deal else "")


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
    spec: str | None = None  # the ruleset as asked for (an id, a composition, a file)
    filled: list[str] = field(default_factory=list)
    taken: list[str] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)
    readings: list[ReadingAnswer] = field(default_factory=list)  # at a silence: each reading's answer
    silent_rule: str | None = None  # the silent rule ``readings`` are of
    slip: str | None = None  # the notation slip at ``step`` (then the verdict is no ruling)
    slip_fix: str | None = None
    reason_path: str | None = None  # the rule the verdict names (why-not's, or the silent one)
    must_call: dict[str, Any] | None = None  # {seat, cards, penalty}: the asked DOS call was a must
    exposed: dict[str, Any] | None = None  # {seat, cards, penalty}: left catchable for not calling DOS
    run: Any = field(default=None, compare=False, repr=False)  # the Run (its events, for other languages)

    def lines(self, lang: str) -> list[str]:
        """``events`` in ``lang``."""
        return self.events if lang == "en" or self.run is None else self.run.lines(lang)

    def to_json(self) -> dict[str, Any]:
        out = _plain(self, "run")
        out["rules"] = [{**_plain(r, "other_runs"), "otherwise": [list(o) for o in r.otherwise]} for r in self.rules]
        out["readings"] = [{**_plain(r, "run"), "chosen_by": [{"ruleset": i, "citation": c} for i, c in r.chosen_by]}
                           for r in self.readings]
        return out


def _plain(obj, skip: str) -> dict[str, Any]:
    """A dataclass's fields as plain data (as ``asdict`` gives them), less ``skip`` (the runs kept
    for rendering in other languages)."""
    import copy
    from dataclasses import fields as fields_of

    return {f.name: copy.deepcopy(getattr(obj, f.name)) for f in fields_of(obj) if f.name != skip}


_ROUND_END = (RoundScored, RoundVoid, GameOver)


def deal_text(deal: dict[str, Any], lang: str = "en") -> str:
    """'seat 2 deals round 2 (previous-winner), seat 0 plays first' from a Run's ``deal``."""
    from ..lang.events import WORDS

    how = deal["how"] if lang == "en" or deal["how"] not in WORDS.table else WORDS(deal["how"], lang)
    lot = SAY("deal.lot", lang) if deal.get("by_lot") else ""
    first = SAY("deal.first", lang, seat=deal["first_player"], lot=lot) if deal.get("first_player") is not None else ""
    return SAY("deal", lang, dealer=deal["dealer"], round=deal["round"], how=how, first=first)


def _deal_of(events) -> dict[str, Any] | None:
    """The last deal among ``events``: its round, dealer, how the dealer was chosen, who plays first."""
    deal = None
    how = None
    for e in events:
        if isinstance(e, DealerChosen):
            how = e.how
        elif isinstance(e, Dealt):
            deal = {"round": e.round, "dealer": e.dealer, "how": how, "first_player": None}
        elif isinstance(e, RuleGap) and not e.voids and deal is not None and deal["first_player"] is None:
            deal["by_lot"] = True  # who plays first (or which way) was settled by lot
        elif isinstance(e, TurnStarted) and deal is not None and deal["first_player"] is None:
            deal["first_player"] = e.seat
    return deal


def _gap_in(events, follow: bool):
    """The rule gap that decides the verdict: one that voids the round; when following into a
    deal, also one the table settles by lot on the way to that deal (who deals). A silence settled
    by lot after the deal (which way play passes, who plays first) is met after what was asked:
    it is a note (:func:`_after_deal_lots`), not the verdict."""
    for e in events:
        if isinstance(e, Dealt) and follow:
            follow = False
        elif isinstance(e, RuleGap) and (e.voids or follow):
            return e
    return None


def _after_deal_lots(events) -> list[RuleGap]:
    """The gaps settled by lot after the next round's deal among ``events``."""
    dealt = next((i for i, e in enumerate(events) if isinstance(e, Dealt)), None)
    if dealt is None:
        return []
    return [e for e in events[dealt:] if isinstance(e, RuleGap) and not e.voids]


def _dos_duty(state, seat: int) -> dict[str, Any] | None:
    """{seat, cards, penalty} when ``seat`` stands at the DOS call's hand size without having
    called, so that (the rules requiring the call) another player may catch it; None otherwise."""
    if not state.exposed(seat) or state.windowed[seat] and state.phase is not Phase.CATCH:
        return None
    return {"seat": seat, "cards": len(state.hands[seat]), "penalty": state.c.catch_penalty}


def _lots(events) -> list[str]:
    """The rule paths of the gaps among ``events`` that the table settles (the engine: by lot)."""
    return [e.path for e in events if isinstance(e, RuleGap) and not e.voids]


def _start_run(scenario: Scenario, ruleset: Ruleset, consult: bool):
    """A new-game scenario: the first dealer, the deal, who plays first; (Run, State)."""
    from .start import start_game

    state = start_game(scenario, ruleset, trace=consult)
    events = _this_round(state.events)
    result = Run("legal", events=[str(e) for e in events], kinds=[e.kind for e in events], objects=list(events),
                 deal=_deal_of(events),
                 lots=_lots(events))
    gap = next((e for e in events if isinstance(e, RuleGap)), None)  # the whole start is asked
    if gap is not None:
        result.verdict, result.step, result.step_index, result.reason, result.reason_path = (
            "rule-gap", START_OF_GAME, -1, gap.situation, gap.path)
        result.settled_by_lot = not gap.voids
    if consult:
        result.consulted = list(rules_read(state).paths)
    if result.verdict == "legal" or result.settled_by_lot:
        result.after = _snapshot(state)
    return result, state


def _this_round(events) -> list:
    """The events up to the end of the round (and the game's end, if it ends with it): what the
    engine does next — choosing the next dealer, dealing — is not part of this round."""
    out, ended = [], False
    for e in events:
        if ended and not isinstance(e, GameOver):
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


class _Play:
    """Taking the scenario's actions one by one, with the steps the question leaves out filled."""

    def __init__(self, scenario: Scenario, state, result: Run, follow: bool):
        self.scenario, self.state, self.result, self.follow = scenario, state, result, follow

    def take(self, i: int, text: str, action, in_before: bool) -> bool:
        """Take ``action`` (the ``i``-th step, written ``text``); False when the verdict falls here
        or the round ends."""
        s, result = self.state, self.result
        while (step := intermediate_step(s, action)) is not None:
            filler, note = step
            result.filled.append(note)
            if not self._apply(i, text, filler, in_before):
                return False
        if (done := completed_declaration(s, action, text)) is not None:
            action, note = done
            result.filled.append(note)
        seat = s.current_player()
        slip = position_slip(s, action, seat) if seat is not None else None
        if slip is not None:
            self._stop("illegal", i, text, in_before, slip.what, None)
            result.slip = slip
            return False
        reason = why_not(s, action)
        if reason is not None:  # illegal, or not offered because the rule that would allow it is silent
            self._stop("rule-gap" if reason.gap else "illegal", i, text, in_before, reason.message, reason.path)
            result.legal_instead = [str(a) for a in s.legal_actions()]
            return False
        if not in_before:
            result.taken.append(str(action))
            result.actors.append(seat)
            if isinstance(action, CallDos) and seat is not None:
                result.must_call = _dos_duty(s, seat)
        return self._apply(i, text, action, in_before)

    def _stop(self, verdict: str, i: int, text: str, in_before: bool, reason: str | None, path: str | None):
        r = self.result
        r.verdict, r.step, r.step_index, r.in_before, r.reason, r.reason_path = verdict, text, i, in_before, reason, path

    def _apply(self, i: int, text: str, action, in_before: bool) -> bool:
        s, result = self.state, self.result
        events = s.apply(action)
        if not self.follow:
            events = _this_round(events)
        if not in_before:
            result.events += [str(e) for e in events]
            result.kinds += [e.kind for e in events]
            result.objects += events
        if self.follow:
            result.deal = _deal_of(events) or result.deal
            if not in_before:
                result.lots += _lots(events)
                result.notes += [f"then the rules don't say {g.situation} ({g.path}); the table agrees "
                                 f"(the engine drew a lot), and the answer does not change"
                                 for g in _after_deal_lots(events)]
        gap = _gap_in(events, self.follow)
        if gap is not None:
            self._stop("rule-gap", i, text, in_before, gap.situation, gap.path)
            result.settled_by_lot = not gap.voids
            if in_before:
                result.events += [str(e) for e in events]
                result.kinds += [e.kind for e in events]
                result.objects += events
            return False
        scored = next((e for e in events if isinstance(e, RoundScored)), None)
        if scored is not None:
            result.scored = {scored.winner: scored.points}
            steps = len(self.scenario.before) + len(self.scenario.actions)
            if i + 1 < steps:
                result.notes.append(f"the round ended after '{text}'; the actions after it were not taken")
            return False
        return True


def run(scenario: Scenario, ruleset: Ruleset, *, consult: bool = True) -> Run:
    """Play the scenario under ``ruleset`` and return the verdict and what followed."""
    return _run(scenario, ruleset, consult)[0]


def position_after(scenario: Scenario, ruleset: Ruleset):
    """(Run, State): the scenario played through before + actions (a new game: dealt); the State
    is where the player then stands."""
    return _run(scenario, ruleset, False)


def _run(scenario: Scenario, ruleset: Ruleset, consult: bool):
    if scenario.new_game:
        return _start_run(scenario, ruleset, consult)
    follow = scenario.follow == "next-round"
    state = build_state(scenario, ruleset, trace=consult)
    # chance from here on (a new deck from the discard pile, the next deal) is Chance(seed), given by
    # build_state: what-if runs under changed rules stay comparable
    start = _this_round(state.events)
    gap = next((e for e in start if isinstance(e, RuleGap) and e.voids), None)
    result = Run("legal", events=[str(e) for e in start], kinds=[e.kind for e in start], objects=list(start))
    if gap is not None:
        result.verdict, result.step, result.step_index, result.reason, result.reason_path = (
            "rule-gap", START_OF_TURN, -1, gap.situation, gap.path)
        return result, state
    first_round = state.round
    # what the start of the turn read (an all-wild row buried, say) is part of the answer
    start_reads = rules_read(state).paths if consult else ()
    steps = [*scenario.before, *scenario.actions]
    play = _Play(scenario, state, result, follow)
    for i, text in enumerate(steps):
        in_before = i < len(scenario.before)
        if consult and i <= len(scenario.before):
            forget_reads(state)  # what the actions before the asked ones read is not asked about
        if i == len(scenario.before) and scenario.phase and state.phase != scenario.phase:
            result.notes.append(f"the question is asked in phase '{state.phase}', not '{scenario.phase}'")
        if not play.take(i, text, parse_action(text), in_before):
            break
    if consult:  # not what the action that ended the round read for dealing the next one, unless followed
        asked = rules_read(state, {first_round, first_round + 1} if follow else {first_round}).paths
        result.consulted = list(dict.fromkeys([*start_reads, *asked]))
    if result.verdict == "legal" and not result.scored:
        result.after = _snapshot(state)
        if result.actors and result.actors[-1] is not None:
            result.exposed = _dos_duty(state, result.actors[-1])
    return result, state


# --- which rules decided ------------------------------------------------------------------------


def _ref(ruleset: Ruleset, players: int, path: str, why: str, otherwise=(), counted: bool = False,
         other_runs: tuple = ()) -> RuleRef:
    rules = ruleset.for_players(players)
    try:
        value = format_value(rules.get(path))
    except (AttributeError, KeyError):
        value = "?"
    try:
        prov = ruleset.provenance_of(path, players)
    except KeyError:
        return RuleRef(path, value, "?", why=why, otherwise=tuple(otherwise), counted=counted, other_runs=other_runs)
    c = prov.citation
    if c is None:
        return RuleRef(path, value, prov.status.value, why=why, otherwise=tuple(otherwise), counted=counted,
                       other_runs=other_runs)
    try:
        file = ruleset.source(c.source).file
    except KeyError:
        file = None
    return RuleRef(path, value, prov.status.value, c.source, file, c.section, c.quote, why, tuple(otherwise), counted,
                   other_runs)


class _Asker:
    """Plays a scenario again under changed rules and compares with the answer first given."""

    def __init__(self, scenario: Scenario, ruleset: Ruleset, base: Run):
        self.scenario, self.ruleset, self.base = scenario, ruleset, base
        self.n = scenario.players
        self.deck = make_deck(ruleset.for_players(self.n).deck)
        self.runs: dict[tuple[str, str], Run] = {}  # (path, reading) -> the run under it (see changes)

    def other_runs(self, path: str, otherwise) -> tuple:
        """(base Run, other Run) for each of ``otherwise`` (what ``changes`` gave for ``path``)."""
        return tuple((self.base, self.runs[(path, value)]) for value, _ in otherwise)

    def rerun(self, path: str, value: Any) -> Run | None:
        """The run with ``path`` read as ``value``; None when the position could not be posed so
        (another deck) or the engine cannot play with that value."""
        changed = with_rule(self.ruleset, self.n, path, value)
        try:
            if make_deck(changed.for_players(self.n).deck) != self.deck:
                return None
            return run(self.scenario, changed, consult=False)
        except Exception:  # noqa: BLE001 - a value the engine cannot play with says nothing here
            return None

    def premise_broken(self, other: Run) -> bool:
        """The other reading refuses an action the question takes as already done (``before``)."""
        done = len(self.scenario.before)
        base_at = self.base.step_index if self.base.step_index is not None else done + len(self.scenario.actions)
        return other.step_index is not None and 0 <= other.step_index < min(done, base_at)

    def changes(self, path: str, values: Iterable[Any]) -> list[tuple[str, str]]:
        """[(reading, what then follows)] for each reading that changes the verdict or what follows."""
        out = []
        for value in values:
            other = self.rerun(path, value)
            if other is None or self.premise_broken(other) or other.same_outcome(self.base):
                continue
            out.append((format_value(value), self.difference(other)))
            self.runs[(path, format_value(value))] = other
        return out

    def difference(self, other: Run) -> str:
        return _difference(self.base, other)

    def each_reading(self, path: str, search_dirs) -> list[ReadingAnswer]:
        """Every reading of the silent rule ``path``: the verdict, what follows, who chooses it."""
        from ..ruleset.choices import choices

        chosen = choices(path, search_dirs)
        out = []
        for value in readings(path):
            other = self.rerun(path, value)
            if other is None:
                continue
            by = tuple(dict.fromkeys(
                (c.ruleset + (f" ({c.players} players)" if c.players else ""), _choice_citation(c))
                for c in chosen if same_value(c.value, value)))
            out.append(ReadingAnswer(format_value(value), other.verdict, _what_follows(other), by,
                                     other.reason_path if other.verdict != "legal" else None, other))
        return out


def _choice_citation(choice) -> str:
    p = choice.provenance
    if p.citation is None:
        return p.note or p.status.value
    return f'{p.citation.source} {p.citation.section}: "{p.citation.quote}"'


def _difference(base: Run, other: Run, lang: str = "en") -> str:
    """What another reading's run gives, against the answer's: its verdict, or where what follows parts."""
    if other.outcome()[:3] != base.outcome()[:3] or other.slip is not None:
        text = other.summary(lang)
    else:
        verdict = other.verdict if lang == "en" else SAY(f"{other.verdict}.badge", lang)
        text = f"{verdict}, {_first_difference(base, other, lang)}"
    if other.filled and other.verdict == "legal" and other.taken != base.taken:
        text += SAY("as-taken.paren", lang, actions=_taken(other.taken, lang))
    return text


def _taken(actions, lang: str) -> str:
    """The actions a reading's run took, as written (English) or in words."""
    return ", ".join(repr(t) if lang == "en" else f"'{step_words(t, lang)}'" for t in actions)


def _what_follows(r: Run, limit: int = 4, lang: str = "en") -> str:
    """A reading's verdict and what follows, in a line."""
    if r.slip is not None:
        return r.summary(lang)
    head = r.summary(lang)
    if r.verdict == "legal" and r.filled:
        head += SAY("as-taken", lang, actions=_taken(r.taken, lang))
    shown = [e for e, k in zip(r.lines(lang), r.kinds) if k not in ("turn", "dealt")]
    if r.verdict == "illegal" and r.reason:
        return f"{head}: {translate(r.reason, lang)}"
    if not shown:
        return head
    more = SAY("more-events", lang, n=len(shown) - limit) if len(shown) > limit else ""
    return f"{head}: " + "; ".join(shown[:limit]) + more


def _first_difference(base: Run, other: Run, lang: str = "en") -> str:
    """Where what follows under another reading first parts from the answer, in words (the runs
    are compared in English, the engine's own lines; said in ``lang``)."""
    mine, theirs = base.played(), other.played()
    said_mine, said_theirs = base.played(lang), other.played(lang)
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=mine, b=theirs, autojunk=False).get_opcodes():
        if op == "replace":
            return SAY("diff.replace", lang, event=said_theirs[j1])
        if op == "insert":
            return SAY("diff.insert", lang, event=said_theirs[j1])
        if op == "delete":
            return SAY("diff.delete", lang, event=said_mine[i1])
    if other.deal and base.deal and other.deal != base.deal:
        return SAY("diff.deal", lang, deal=deal_text(other.deal, lang))
    return SAY("diff.other", lang)


def answer(scenario: Scenario, ruleset: Ruleset, *, explain: bool = True, spec: str | None = None,
           search_dirs: Iterable[str | Path] = ()) -> Answer:
    """The verdict of ``scenario`` under ``ruleset``, what follows, and the rules that decided it.

    ``spec``: the ruleset as asked for (default: its id); ``search_dirs``: the folders whose
    rulesets count among those choosing a reading."""
    search_dirs = tuple(search_dirs)
    base = run(scenario, ruleset)
    n = scenario.players
    rules: list[RuleRef] = []
    named = base.reason_path if base.slip is None else None
    asker = _Asker(scenario, ruleset, base)
    each: list[ReadingAnswer] = []
    silent = None
    if named:
        why = "rule-gap" if base.verdict == "rule-gap" else "why-not"
        value = ruleset.for_players(n).get(named) if named in _paths() else None
        otherwise = []
        if explain and named in _paths():
            otherwise = asker.changes(named, other_readings(ruleset, n, named, search_dirs))
            if is_unspecified(value) and can_be_unspecified(named):
                silent, each = named, asker.each_reading(named, search_dirs)
        rules.append(_ref(ruleset, n, named, why, otherwise, other_runs=asker.other_runs(named, otherwise)))
    for path in dict.fromkeys(base.lots):  # the other silences met on the way, settled by lot too
        if path != named:
            rules.append(_ref(ruleset, n, path, "rule-gap"))
    if explain:
        for path in base.consulted:
            if path == named:
                continue
            others = other_readings(ruleset, n, path, search_dirs)
            changed = asker.changes(path, others)
            if changed:
                rules.append(_ref(ruleset, n, path, "decisive", changed, other_runs=asker.other_runs(path, changed)))
            elif not others and asker.changes(path, probes(ruleset, n, path)):
                rules.append(_ref(ruleset, n, path, "decisive", counted=True))
    return Answer(ruleset.id, ruleset.content_hash, base.verdict, base.step, base.in_before, base.reason,
                  rules, base.consulted, base.events, base.kinds, base.after, base.scored, base.notes,
                  base.legal_instead, base.settled_by_lot, base.deal, spec or ruleset.id, base.filled,
                  base.taken, base.actors, each, silent,
                  base.slip.what if base.slip else None, base.slip.fix if base.slip else None, base.reason_path,
                  base.must_call, base.exposed, base)


def _paths() -> frozenset[str]:
    from ..ruleset.model import rule_paths

    return frozenset(rule_paths())


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
