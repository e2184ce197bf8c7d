"""A game at the table: people and bots, one action at a time, under any ruleset.

:class:`Table` is what a terminal game (``dosrules.cli.tui``, ``dosrules.cli.lineplay``) drives,
and it knows nothing of screens: it deals, lets the bots act until a person must decide, takes
what that person types (an action in the project's notation), answers an illegal one with the
rule and clause that forbid it (``why_not``), narrates every event from the person's view, and
writes the game log as it goes, so the finished game passes ``dosrules referee``.

A seat is a person when its agent spec is ``human``; any other spec is a bot made by
``dosrules.play.agents.parse_agent_spec`` (``greedy``, ``random``, ``greedy:forget=0.2,catch=0.5``
and whatever that function learns to read, e.g. behaviour profiles). Nothing is decided for a
person: calling DOS is theirs to remember, and catching a bot that forgot is theirs to choose.

When play reaches a rule the ruleset leaves unspecified, the engine voids the round. A table
(``at_gap="ask"``, the default) makes it a choice instead: play stops at a :class:`GapQuestion`
(the silent rule in words, what reached it, its readings and which rulesets read it how), and
:meth:`Table.choose` takes the answer. A reading fills the ruleset (``RULESET~path=reading``) and
the action that reached the gap is taken again under the filled rules, from the same position
(:mod:`dosrules.play.gapchoice`); the reading holds for the rest of the game and the log records
it. Leaving the rule open voids the round as before, and every later round that reaches the rule.
A voided round is recorded as a :class:`GapNotice` and told (see :meth:`Table.gap_reached`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import IO, Callable, Iterable, Sequence

from ..engine import (Action, CatchDos, Declare, Match, Phase, Place, Reason, State, new_game, parse_action,
                      why_not)
from ..engine.actions import ACTION_HELP
from ..engine.events import Dealt, Event, Matched, RuleGap, TurnStarted
from ..errors import UsageError
from ..ruleset.cards import Card, Kind, NotationError
from ..ruleset.model import Catcher, Ruleset, Status
from .gamelog import LogWriter
from .gapchoice import GapOption, can_choose, options, reading_record, replay
from .narration import Line, Narrator, rule_description, silent_rule
from ..lang.refusals import translate
from ..lang.table import TABLE
from ..lang.values import status_words, value_words

__all__ = ["HUMAN", "is_human", "Table", "Attempt", "GapNotice", "GapQuestion", "TableView", "SeatView",
           "RowCard", "BOT_ACTION_LIMIT", "AT_GAP"]

HUMAN = "human"
#: the most actions bots may take in a row without a person to decide: a game whose rules let
#: the bots void round after round before anyone's turn stops with a message instead of hanging
BOT_ACTION_LIMIT = 100_000
#: what the table does at a rule gap: ask the people for a reading, or void the round
AT_GAP = ("ask", "void")


def is_human(spec: str) -> bool:
    """True for the agent spec of a person's seat (``human``)."""
    return spec.strip().partition(":")[0].strip() == HUMAN


@dataclass(frozen=True)
class Attempt:
    """The answer to what a person typed: the action taken, or why it was not (``reason`` names
    the rule and its clause; ``problem`` is text that is not an action at all)."""

    text: str
    action: Action | None = None
    reason: Reason | None = None
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.action is not None


@dataclass(frozen=True)
class GapNotice:
    """Play reached a rule the ruleset leaves unspecified and the round was voided.

    ``seq`` is the action that reached it (its number in the game log) and ``action`` its
    notation; ``rule`` is the rule's description."""

    path: str
    rule: str
    situation: str
    round: int
    seq: int
    seat: int
    action: str


@dataclass(frozen=True)
class GapQuestion:
    """Play reached a rule the ruleset leaves unspecified: the table chooses one of ``options``
    (a reading), or leaves the rule open (number 0: the round is void, and so is every later
    round that reaches the rule). ``seat`` took ``action`` (its notation) and reached it; both
    are None when the deal did, before the game's first action. ``what`` says it in sentences."""

    path: str
    rule: str
    situation: str
    round: int
    seat: int | None
    action: str | None
    what: tuple[str, ...]
    options: tuple[GapOption, ...]

    lang: str = "en"

    HEADING = "The rules don't say: choose a reading for this table."
    OPEN = "leave the rule open"
    ANSWER = "Type a number or a reading; a reading holds for the rest of the game."

    @property
    def heading(self) -> str:
        return self.HEADING if self.lang == "en" else TABLE("q.heading", self.lang)

    @property
    def answer(self) -> str:
        return self.ANSWER if self.lang == "en" else TABLE("q.answer", self.lang)

    @property
    def open_text(self) -> str:
        """What number 0 does."""
        if self.lang != "en":
            return TABLE("q.open", self.lang, round=self.round)
        return f"{self.OPEN}: round {self.round} is void, and so is every later round that reaches it"


@dataclass
class _Held:
    """The action (or deal) that reached the rule gap in question, and the game both ways."""

    question: GapQuestion
    seat: int | None
    action: Action | None
    seq: int
    round: int
    voided: State  # the game as the engine left it: the round void
    events: list[Event]  # the events of the action (of the deal) in ``voided``
    told: int  # how many of ``events`` were told: those before the gap
    before: State  # the position the action was taken in (the deal: the voided game)
    games: dict[str, State]  # reading -> the game at the same position under the filled rules


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    agent: str
    cards: int
    score: int
    dealer: bool
    to_act: bool
    called_dos: bool


@dataclass(frozen=True)
class RowCard:
    """A Centre Row card as the table sees it: its face, or its declaration when its placer
    declared it; ``matched`` is what was played on it this turn (declared as played)."""

    card: str
    matched: tuple[str, ...] = ()
    matched_as: str | None = None


@dataclass(frozen=True)
class TableView:
    """Everything one seat may see: every seat's card count and score, the Centre Row, its own
    hand, the deck and discard sizes, and what the game waits for."""

    ruleset: str
    round: int
    target: int
    dealer: int | None
    to_act: int | None
    viewer: int | None
    seats: tuple[SeatView, ...]
    row: tuple[RowCard, ...]
    hand: tuple[str, ...]
    deck: int
    discard: int
    prompt: str
    over: bool
    choosing: bool = False  # the table is choosing a reading (a GapQuestion waits)
    lang: str = "en"  # the language the table speaks (dosrules.lang.table)


@dataclass
class _Seat:
    spec: str
    name: str
    agent: object | None = None  # None: a person

    @property
    def human(self) -> bool:
        return self.agent is None


class Table:
    """One game with at least one person. Construct it, then loop: show :meth:`view` and
    :meth:`news`, read a line, pass it to :meth:`attempt` (or, while :attr:`question` waits, to
    :meth:`choose`), until :attr:`over`.

    ``at_gap``: at a rule gap, ``ask`` the table for a reading (a :attr:`question`) or ``void``
    the round as the engine does. ``search_dirs``: ruleset folders besides the shipped ones, whose
    readings of a silent rule the question shows too."""

    def __init__(self, ruleset: Ruleset, players: int, seed: int, agent_specs: Sequence[str], *,
                 log: IO[str] | None = None, max_rounds: int | None = None,
                 on_gap: Callable[[GapNotice], None] | None = None, at_gap: str = "ask",
                 search_dirs: Iterable[str | Path] = (), lang: str = "en"):
        from .agents import parse_agent_spec

        self.lang = lang
        seat_name = (lambda k: f"Seat {k}") if lang == "en" else (lambda k: TABLE("seat", lang, seat=k))
        from .simulate import derive_seed

        if len(agent_specs) != players:
            raise UsageError(f"{len(agent_specs)} agents for {players} players",
                             fix="Give one agent for every seat.")
        if at_gap not in AT_GAP:
            raise UsageError(f"at a rule gap the table may {' or '.join(AT_GAP)}, not '{at_gap}'",
                             fix="Choose 'ask' (the table chooses a reading) or 'void' (the round is void).")
        seeds = [derive_seed(seed, "agent", seat) for seat in range(players)]
        self.seats: list[_Seat] = []
        for seat, (spec, agent_seed) in enumerate(zip(agent_specs, seeds)):
            if is_human(spec):
                if spec.strip() != HUMAN:
                    raise UsageError(f"agent '{spec}': a person's seat takes no options",
                                     fix="Write just 'human' for a person's seat.")
                self.seats.append(_Seat(HUMAN, seat_name(seat)))
            else:
                self.seats.append(_Seat(spec, seat_name(seat), parse_agent_spec(spec, agent_seed)))
        people = [s for s, seat in enumerate(self.seats) if seat.human]
        if not people:
            raise UsageError("no seat is played by a person", fix="Name 'human' for at least one seat in --agents.")
        self.people = people
        self.ruleset = ruleset
        self.state: State = new_game(ruleset, players, seed, max_rounds=max_rounds)
        self.narrator = Narrator([s.name for s in self.seats], people[0] if len(people) == 1 else None, lang)
        self.on_gap = on_gap
        self.gaps: list[GapNotice] = []
        self.at_gap, self.search_dirs = at_gap, tuple(search_dirs)
        #: the readings the table chose, in order: (rule path, reading)
        self.readings: list[tuple[str, str]] = []
        self.question: GapQuestion | None = None
        self._held: _Held | None = None
        self._left_open: set[str] = set()  # rules the table left open: their gaps void without asking
        self._news: list[Line] = []
        self._writer = LogWriter(log) if log is not None else None
        if self._writer:
            self._writer.header(self.state, [(s.spec, sd) for s, sd in zip(self.seats, seeds)])
        self._start()
        self._run_bots()

    # --- reading --------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def person_to_act(self) -> int | None:
        """The seat of the person who must decide now (None when the game is over, or while the
        table chooses a reading)."""
        if self.question is not None:
            return None
        seat = self.state.current_player()
        return seat if seat is not None and self.seats[seat].human else None

    def news(self) -> list[Line]:
        """What happened since the last call, as sentences for the person at the screen."""
        out, self._news = self._news, []
        return out

    def legal_moves(self) -> list[str]:
        """The legal actions of the person to act, in notation, in the engine's order."""
        return [str(a) for a in self.state.legal_actions()] if self.person_to_act() is not None else []

    def complete(self, text: str) -> tuple[str, list[str]]:
        """Completion of what was typed so far: (the longest common continuation of the legal
        moves starting with ``text``, those moves). Spaces are normalised as the notation does."""
        typed = " ".join(text.split()) + (" " if text.endswith(" ") and text.strip() else "")
        hits = [m for m in self.legal_moves() if m.startswith(typed)]
        if not hits:
            return text, []
        common = hits[0]
        for m in hits[1:]:
            k = 0
            while k < min(len(common), len(m)) and common[k] == m[k]:
                k += 1
            common = common[:k]
        return (common if len(common) >= len(typed) else text), hits

    def view(self, viewer: int | None = None) -> TableView:
        """What ``viewer`` (default: the person to act, else the first person) may see."""
        if viewer is None:
            viewer = self.person_to_act()
            if viewer is None:
                viewer = self.people[0]
        return _snapshot(self, viewer)

    def help_text(self) -> str:
        """How to enter actions, and the DOS call of these rules, in a few lines."""
        if self.lang != "en":
            say = lambda key, **f: TABLE(key, self.lang, **f)  # noqa: E731
            notation = ACTION_HELP.removeprefix("an action is ").replace("' or '", "', '")
            return "\n".join([say("h.notation", help=notation), say("h.cards"), say("h.list"), say("h.quit"),
                              *self._dos_line(), *self._gap_line()])
        lines = [f"Type an action in the project's notation: {ACTION_HELP}.",
                 "Cards: 7r = a red 7 (b g r y), #g = a green Wild #, #g=5 = declared as 5, W2 = Wild DOS, "
                 "W2=b = declared blue. Seats are numbered from 0.",
                 "'?' lists the legal moves, numbered: type a number to take one. Tab completes.",
                 "'help' shows this; 'quit' leaves (the game log keeps every action so far)."]
        return "\n".join(lines + self._dos_line() + self._gap_line())

    def intro_text(self) -> str:
        """The few lines a game opens with (``help_text`` has the notation)."""
        if self.lang != "en":
            return "\n".join([TABLE("h.intro", self.lang), *self._dos_line()])
        return "\n".join(["Type an action, e.g. 'match 7r with 3r+4r' or 'draw'. '?' lists the legal moves; "
                          "Tab completes; 'help' explains the notation.", *self._dos_line()])

    def _gap_line(self) -> list[str]:
        if self.lang != "en":
            return [TABLE("h.void" if self.at_gap == "void" else "h.ask", self.lang)]
        if self.at_gap == "void":
            return ["Where the rules are silent, the round is void (--at-gap void)."]
        return ["Where the rules are silent, the game stops and the table chooses a reading of the silent rule "
                "(or leaves it open: the round is void); the reading holds for the rest of the game."]

    def _dos_line(self) -> list[str]:
        dos = self.state.ruleset.for_players(self.state.players).dos_call
        if not (dos.required and dos.hand_size):
            return []
        if self.lang != "en":
            say = lambda key, **f: TABLE(key, self.lang, **f)  # noqa: E731
            return [say("h.dos", n=dos.hand_size, who=say("h.next" if dos.catcher is Catcher.NEXT else "h.another"),
                        penalty=say("h.draws", n=dos.catch_penalty) if dos.catch_penalty else say("h.penalised"))]
        penalty = f" draws {dos.catch_penalty}" if dos.catch_penalty else " is penalised"
        who = "the next player" if dos.catcher is Catcher.NEXT else "another player"
        return [f"DOS: call it yourself ('call-dos') when you hold {dos.hand_size} cards, before your next action. "
                f"Nobody reminds you: {who} may catch you, and a caught player{penalty}."]

    # --- acting ---------------------------------------------------------------------------------

    def attempt(self, text: str) -> Attempt:
        """Take the action ``text`` (notation, or a 1-based number into :meth:`legal_moves`) for
        the person to act, then let the bots play until a person must decide again. An illegal
        action changes nothing and comes back with its reason."""
        seat = self.person_to_act()
        if seat is None:
            return Attempt(text, problem=TABLE("x.over" if self.over else "x.choose-first" if self.question
                                               else "x.not-yours", self.lang))
        typed = " ".join(text.split())
        if typed.isdigit():
            moves = self.state.legal_actions()
            k = int(typed)
            if not 1 <= k <= len(moves):
                return Attempt(text, problem=TABLE("x.no-move", self.lang, k=k, n=len(moves)))
            action = moves[k - 1]
        else:
            try:
                action = parse_action(typed)
            except NotationError as err:
                return Attempt(text, problem=str(err))
        reason = why_not(self.state, action)
        if reason is not None:
            return Attempt(text, reason=reason)
        self._apply(seat, action)
        self._run_bots()
        return Attempt(text, action=action)

    def _run_bots(self) -> None:
        taken = 0
        while not self.state.is_terminal() and self.question is None:
            state = self.state  # a reading chosen at a gap replaces the game
            seat = state.current_player()
            agent = self.seats[seat].agent
            if agent is None:
                return
            taken += 1
            if taken > BOT_ACTION_LIMIT:
                raise UsageError(f"the bots took {BOT_ACTION_LIMIT} actions in a row without a person's turn "
                                 f"(round {state.round})",
                                 fix="These rules let the bots void round after round; play with --rounds N, or "
                                     "under a ruleset that fills its silences.")
            self._apply(seat, agent.act(state))

    def _apply(self, seat: int, action: Action, told: Sequence[Event] = ()) -> None:
        """Take ``action`` for ``seat``; at a rule gap the table is asked, hold it there. ``told``:
        the action's first events, told already (before the table chose a reading)."""
        state = self.state
        seq, round_no = len(state.history) + 1, state.round  # seq: the action's number in the log
        events = state.apply(action)
        at = self._asked_gap(events)
        if at is not None:
            before = replay(state.ruleset, state, state.history[:-1])
            self._hold(seat, action, seq, round_no, state, events, at, before, told)
            return
        self._record(seat, action, seq, round_no, events, told)

    def _record(self, seat: int, action: Action, seq: int, round_no: int, events: Sequence[Event],
                told: Sequence[Event] = ()) -> None:
        """Log an action taken, tell its events (less those ``told``) and the gaps that voided a round."""
        state, writer = self.state, self._writer
        if writer:
            writer.action(seq, round_no, seat, action, events)
        self._tell(events, told)
        for e in events:
            if isinstance(e, RuleGap) and e.voids:
                self.gap_reached(GapNotice(e.path, rule_description(e.path), e.situation, round_no, seq, seat,
                                           str(action)))
        if state.is_terminal() and writer:
            writer.result(state)

    # --- a rule gap as the table's choice ---------------------------------------------------------

    def _asked_gap(self, events: Sequence[Event], start: int = 0) -> int | None:
        """The index of the first rule gap in ``events[start:]`` that voids a round and that the
        table is asked about (one action can reach several: it voids a round, and the next
        round's deal reaches another), or None."""
        if self.at_gap != "ask":
            return None
        for i in range(start, len(events)):
            e = events[i]
            if isinstance(e, RuleGap) and e.voids and e.path not in self._left_open and can_choose(e.path):
                return i
        return None

    def _start(self, told: Sequence[Event] = ()) -> None:
        """Tell the game's first events (less those ``told``); when the deal reached a rule gap the
        table is asked about, hold there."""
        state = self.state
        events = list(state.events)
        at = self._asked_gap(events)
        if at is not None:
            self._hold(None, None, 1, state.round, state, events, at, state, told)
        else:
            self._tell(events, told)

    def _hold(self, seat: int | None, action: Action | None, seq: int, round_no: int, voided: State,
              events: list[Event], at: int, before: State, told: Sequence[Event]) -> None:
        """Stop at the rule gap ``events[at]`` and ask the table: the game shows ``before`` (the
        position the action was taken in) until it has chosen. ``round_no``: the round the action
        was taken in (the gap may come in the next one, at its deal)."""
        gap, logged_round = events[at], round_no
        self._tell(events[:at], told)
        choices, games = options(before, gap.path, self.search_dirs, at_deal=action is None, lang=self.lang)
        round_no = next((e.round for e in reversed(events[:at]) if isinstance(e, Dealt)), round_no)
        if self.lang != "en":
            situation = translate(gap.situation, self.lang)
            what = [TABLE("q.deal", self.lang, round=round_no, situation=situation) if action is None else
                    TABLE("q.action", self.lang, who=self.narrator._name(seat), action=action, situation=situation),
                    TABLE("q.rule", self.lang, rule=silent_rule(gap.path, self.lang))]
        elif action is None:
            what = [f"The deal of round {round_no} reached it: {gap.situation}."]
        else:
            what = [f"{self.narrator.who(seat)} {'take' if seat == self.narrator.viewer else 'takes'} "
                    f"'{action}', and play reaches it: {gap.situation}."]
        if self.lang == "en":
            what.append(f"Silent rule: {silent_rule(gap.path)}.")
        self.question = GapQuestion(gap.path, rule_description(gap.path), gap.situation, round_no, seat,
                                    None if action is None else str(action), tuple(what), tuple(choices), self.lang)
        self._held = _Held(self.question, seat, action, seq, logged_round, voided, events, at, before, games)
        self.state = before

    def choose(self, text: str) -> str | None:
        """Answer the :attr:`question`: a reading (its number or its text), or ``0`` (``void``) to
        leave the rule open. Then play goes on until a person must decide. Returns None, or what
        is wrong with the answer (nothing changes then)."""
        held = self._held
        if held is None:
            return "no rule gap waits for the table's choice"
        q = held.question
        typed = " ".join(text.split()).lower()
        if typed in ("0", "void", "open"):
            self._leave_open(held)
            return None
        option = next((o for o in q.options if typed in (str(o.number), o.reading)), None)
        if option is None:
            return (f"'{text.strip()}' is not one of the readings of {q.path}: type 1 to {len(q.options)}, "
                    "a reading, or 0 to leave the rule open")
        if option.unavailable:
            return f"the table cannot read {q.path} as {option.reading} here: {option.unavailable}"
        self._fill(held, option.reading)
        return None

    def _leave_open(self, held: _Held) -> None:
        self._left_open.add(held.question.path)
        self.question = self._held = None
        told = held.events[:held.told]
        later = self._asked_gap(held.events, held.told + 1)
        if later is not None:  # the same action reached another silence the table is asked about
            self._hold(held.seat, held.action, held.seq, held.round, held.voided, held.events, later, held.before,
                       told)
            return
        self.state = held.voided
        if held.action is None:
            self._tell(held.events, told)
        else:
            self._record(held.seat, held.action, held.seq, held.round, held.events, told)
        self._run_bots()

    def _fill(self, held: _Held, reading: str) -> None:
        path = held.question.path
        game = held.games[reading]
        if self._writer:
            self._writer.reading(reading_record(held.seq, game, path, reading, held.seat, held.action), game)
        self.question = self._held = None
        self.state, self.ruleset = game, game.ruleset
        self.readings.append((path, reading))
        self._news.append(Line(f"The table reads {path} as {reading}: it holds for the rest of the game." if self.lang == "en"
                               else TABLE("q.reads", self.lang, rule=f"{rule_description(path, self.lang).split(':')[0]} ({path})",
                                          reading=value_words(reading, self.lang)), "gap"))
        told = held.events[:held.told]
        if held.action is None:
            self._start(told)
        else:
            reason = why_not(game, held.action)
            if reason is None:
                self._apply(held.seat, held.action, told)
            else:
                who, stop = self.narrator.who(held.seat), "" if reason.message.endswith(".") else "."
                self._news.append(Line(f"Under this reading '{held.action}' is not allowed: {reason.message}{stop} "
                                       f"{who} {'choose' if held.seat == self.narrator.viewer else 'chooses'} "
                                       "another move.", "gap"))
        self._run_bots()

    def gap_reached(self, notice: GapNotice) -> None:
        """A voiding rule gap: the engine has voided the round and dealt the next (the table left
        the rule open, plays with ``at_gap="void"``, or the rule has no readings); record it and
        call ``on_gap``. A gap the table is asked about is a :attr:`question` instead."""
        self.gaps.append(notice)
        if self.on_gap is not None:
            self.on_gap(notice)

    def _tell(self, events: Sequence[Event], told: Sequence[Event] = ()) -> None:
        """Narrate ``events``, less a first part equal to ``told`` (told before a reading was chosen)."""
        if told and list(events[:len(told)]) == list(told):
            events = events[len(told):]
        self._news += self.narrator.tell(events)


# --- what a seat sees --------------------------------------------------------------------------------

_KIND_ORDER = {Kind.NUMBER: 0, Kind.WILD_NUMBER: 1, Kind.WILD_DOS: 2}


def hand_order(card: Card) -> tuple:
    """Hand order: numbers low to high (equal numbers by colour), then Wild #, then Wild DOS."""
    return (_KIND_ORDER[card.kind], card.number or 0, card.colour.letter if card.colour else "")


def _snapshot(table: Table, viewer: int) -> TableView:
    # the one place that reads the engine's zones beyond its public methods
    s = table.state
    rules = s.ruleset.for_players(s.players)
    to_act = s.current_player()
    seats = tuple(SeatView(i, seat.name, seat.spec, len(s.hand(i)), s.returns()[i], i == s.dealer, i == to_act,
                           bool(s.called[i]) and len(s.hand(i)) == rules.dos_call.hand_size)
                  for i, seat in enumerate(table.seats))
    return TableView(s.ruleset.name_in(table.lang) or s.ruleset.id, s.round, rules.target, s.dealer, to_act, viewer, seats,
                     _row(s), tuple(str(c) for c in sorted(s.hand(viewer), key=hand_order)), len(s.deck),
                     len(s.discard), prompt(table, viewer), s.is_terminal(), table.question is not None, table.lang)


def _row(s: State) -> tuple[RowCard, ...]:
    """The Centre Row with each card's declaration (placer-declares) and this turn's matches on it."""
    matched: list[Matched] = []
    for e in reversed(s.events):
        if isinstance(e, TurnStarted):
            break
        if isinstance(e, Matched):
            matched.append(e)
    matched.reverse()
    on: dict[int, Matched] = {}
    for m in matched:
        for i, card in enumerate(s.row):
            if s.used[i] and i not in on and card == m.target.card:
                on[i] = m
                break
    out = []
    for i, card in enumerate(s.row):
        decl = s.row_decl[i]
        m = on.get(i)
        out.append(RowCard(str(decl) if decl is not None else str(card),
                           tuple(map(str, m.cards)) if m else (),
                           str(m.target) if m and m.target.card.is_wild else None))
    return tuple(out)


def prompt(table: Table, viewer: int) -> str:
    """What the game waits for, said to ``viewer``; the DOS call is never suggested."""
    if table.lang != "en":
        return _prompt_in(table, viewer, table.lang)
    s = table.state
    if table.question is not None:
        n = len(table.question.options)
        return f"{GapQuestion.HEADING[:-1]}: {'1' if n == 1 else f'1 to {n}'}, or 0 to leave the rule open."
    if s.is_terminal():
        return "The game is over."
    seat = s.current_player()
    if seat != viewer:
        return f"{table.seats[seat].name} is to act."
    legal = s.legal_actions()
    ph = s.phase
    caught = next((a.seat for a in legal if isinstance(a, CatchDos)), None)
    if caught is not None:
        hand = len(s.hand(caught))
        return (f"{table.seats[caught].name} holds {hand} cards and did not call DOS: catch them "
                f"('catch-dos {caught}') or let it go ('pass').")
    declare = next((a for a in legal if isinstance(a, Declare)), None)
    if declare is not None:
        return (f"Declare the {declare.card.card} that entered the Centre Row, e.g. '{declare}'.")
    if ph == Phase.BONUS:
        owed = s.bonus_owed
        return (f"Colour match bonus: put {'a card' if owed == 1 else f'{owed} cards'} from your hand into "
                f"the Centre Row ('place X').")
    verbs = []
    if any(isinstance(a, Match) for a in legal):
        verbs.append("match Centre Row cards ('match 7r with 3r+4r')")
    if any(str(a) == "draw" for a in legal):
        verbs.append("draw ('draw')")
    if any(isinstance(a, Place) for a in legal):
        verbs.append("put a card into the Centre Row ('place X')")
    if any(str(a) == "end" for a in legal):
        verbs.append("end your turn ('end')")
    head = "Your turn: " if not s.history or ph == Phase.TURN else ""
    if not verbs:
        return "Your move ('?' lists it)."
    return head + (", ".join(verbs[:-1]) + " or " + verbs[-1] if len(verbs) > 1 else verbs[0]) + "."


def _prompt_in(table: Table, viewer: int, lang: str) -> str:
    """:func:`prompt` in another language, with the same facts."""
    say = lambda key, **f: TABLE(key, lang, **f)  # noqa: E731
    s = table.state
    if table.question is not None:
        n = len(table.question.options)
        return say("p.question", range="1" if n == 1 else say("p.range", n=n))
    if s.is_terminal():
        return say("p.over")
    seat = s.current_player()
    if seat != viewer:
        return say("p.other", who=table.seats[seat].name)
    legal = s.legal_actions()
    caught = next((a.seat for a in legal if isinstance(a, CatchDos)), None)
    if caught is not None:
        return say("p.catch", who=table.seats[caught].name, n=len(s.hand(caught)), seat=caught)
    declare = next((a for a in legal if isinstance(a, Declare)), None)
    if declare is not None:
        return say("p.declare", card=declare.card.card, example=declare)
    if s.phase == Phase.BONUS:
        return say("p.bonus.one") if s.bonus_owed == 1 else say("p.bonus", n=s.bonus_owed)
    verbs = [say(key) for key, there in (
        ("p.match", any(isinstance(a, Match) for a in legal)), ("p.draw", any(str(a) == "draw" for a in legal)),
        ("p.place", any(isinstance(a, Place) for a in legal)), ("p.end", any(str(a) == "end" for a in legal))) if there]
    if not verbs:
        return say("p.moves")
    what = verbs[0]
    for verb in verbs[1:]:
        what = say("p.or", a=what, b=verb)
    return say("p.your-turn" if not s.history or s.phase == Phase.TURN else "p.move", what=what)


def citation(reason: Reason, ruleset: Ruleset, lang: str = "en") -> str:
    """The clause a Reason rests on, for people: the source's title, section and quote; a house
    rule's note; or that the sources are silent."""
    p = reason.provenance
    if p is None:
        return ""
    if p.status is Status.UNSPECIFIED:
        return "the sources don't say" if lang == "en" else TABLE("x.silent", lang)
    note = p.note_in(lang)
    if p.citation is None:
        return f"{status_words(p.status.value, lang)}{': ' + note if note else ''}"
    c = p.citation
    try:
        title = ruleset.source(c.source).title_in(lang)
    except KeyError:
        title = c.source
    where = f"{title}, {c.section}" if c.section else title
    kind = "house rule" if p.status is Status.HOUSE and lang == "en" else status_words(p.status.value, lang)
    return f'{where} ({kind}): "{c.quote}"'


def _sentence(text: str) -> str:
    """``text`` ending in one full stop (or its own ``.``, ``…``, ``?`` or ``!``)."""
    return text if text.endswith((".", "…", "?", "!")) else text + "."


def explain(attempt: Attempt, ruleset: Ruleset, lang: str = "en") -> list[str]:
    """Why an attempt was refused, in lines: what is wrong, the rule, its clause (in ``lang``)."""
    if lang != "en":
        return _explain_in(attempt, ruleset, lang)
    if attempt.problem is not None:
        return [f"'{attempt.text.strip()}' is not a move: {_sentence(attempt.problem)}", "Type '?' for the legal moves."]
    r = attempt.reason
    if r is None:
        return []
    lines = [f"Not allowed: {_sentence(r.message)}"]
    if r.path:
        desc = rule_description(r.path)
        lines.append(_sentence(f"Rule {r.path}{': ' + desc if desc else ''}"))
        cite = citation(r, ruleset)
        if cite:
            lines.append(f"Clause: {cite}")
    return lines


def _explain_in(attempt: Attempt, ruleset: Ruleset, lang: str) -> list[str]:
    """:func:`explain` in another language: the engine's reason translated, the rule, its clause."""
    say = lambda key, **f: TABLE(key, lang, **f)  # noqa: E731
    if attempt.problem is not None:
        return [say("x.not-a-move", text=attempt.text.strip(), why=_sentence(translate(attempt.problem, lang))),
                say("x.list")]
    r = attempt.reason
    if r is None:
        return []
    lines = [say("x.not-allowed", why=_sentence(translate(r.message, lang)))]
    if r.path:
        desc = rule_description(r.path, lang)
        lines.append(_sentence(say("x.rule", path=r.path, desc=f": {desc}" if desc else "")))
        cite = citation(r, ruleset, lang)
        if cite:
            lines.append(say("x.clause", cite=cite))
    return lines
