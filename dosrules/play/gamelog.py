"""Game logs (JSON Lines) and the referee that replays them.

A log is one JSON object per line, written as the game goes and flushed after every record, so a
killed game leaves every action taken so far:

* line 1, the header: ``{"type": "header", "format": "dosrules-game-log", "version": 2,
  "ruleset": ID, "ruleset_hash": "sha256:...", "seed": S, "players": N, "max_rounds": M|null,
  "max_turns": T|null, "agents": [{"seat": 0, "agent": "greedy", "seed": ...}, ...]}`` —
  ``max_rounds`` and ``max_turns`` are the game's caps (``new_game``); ``ruleset`` is an id or
  a composition of ids, looked up among the shipped rulesets and ``--rulesets`` folders, never
  read as a path. A game played under rules the shipped ids do not give (a ruleset file, a
  ``--rulesets`` folder) also carries them: ``"ruleset_file"`` is the resolved ruleset as one
  self-contained ruleset file (``dosrules.ruleset.dump``, id ``embedded``), whose content hash,
  under the header's id and ``"ruleset_name"``, must be ``ruleset_hash``; the referee reads it
  with the loader's limits and needs no file of the player's;
* one record per action: ``{"type": "action", "seq": 1, "round": 1, "seat": 0,
  "action": "match 7r with 3r+4r"}`` — ``seq`` counts from 1 without gaps, ``action`` is the
  engine's notation (``dosrules.engine.parse_action`` reads it back);
* one record per chance event (``Event.is_chance()``), right after the action that caused it (the
  deal of the first round right after the header): ``{"type": "chance", "after": 12, "event":
  "drew", "seat": 1, "cards": ["6g"], "reason": "draw"}`` — ``after`` is the seq of that action (0
  before the first), ``event`` the event's kind and the other fields the event's own
  (``Event.as_dict``): the dealer drawn for, the hands and the Centre Row dealt, each card drawn or
  turned up, a reshuffle, a silence settled by lot;
* where the table chose a reading at a rule gap, before the action it applies to:
  ``{"type": "reading", "before": SEQ, "round": R, "rule": PATH, "reading": TEXT, "seat": S|null,
  "action": NOTATION|null, "ruleset": FILLED-ID, "ruleset_hash": ...}`` — ``seat`` took
  ``action`` and reached the silence (null: the deal did); the referee checks that it does, and
  goes on under the filled ruleset (``dosrules.play.gapchoice``);
* the last line, the result: ``{"type": "result", "actions": K, "rounds": R, "scores": [...],
  "winner": seat|null, "reason": "..."}``.

A game is reproducible from (ruleset hash, seed, actions): :func:`referee` replays the actions on
a new game with the header's seed and caps, checks each with ``why_not``, checks that each chance
record says what the replay decides, in its place, and compares the result. A version 1 log (written
before chance was recorded) has no chance records and is refereed from its seed and actions alone.
It reads the log a line at a time (at most :data:`MAX_RECORD_BYTES` a line), so a log of any
size is refereed in little memory. Every problem is a :class:`LogError` naming the file and
line, and quoting at most :data:`MAX_SHOWN` characters of what the log holds.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Callable, Sequence

from ..ruleset.cards import NotationError
from ..engine import State, new_game, parse_action, why_not
from ..engine.events import Event
from ..errors import DosrulesError, Location
from ..ruleset.model import Ruleset

__all__ = ["FORMAT", "VERSION", "LogWriter", "LogError", "RefereeVerdict", "play_game", "referee",
           "chance_record"]

FORMAT = "dosrules-game-log"
VERSION = 2  # version 2 adds the chance records
READS = (1, 2)  # the versions the referee reads: a version 1 log has no chance records
MAX_RECORD_BYTES = 64 * 1024  # one line; a header of ten seats takes under 1 KiB, an action under 100 bytes
MAX_ACTION_CHARS = 200  # an action in notation; the longest the engine writes is under 40 characters
MAX_SHOWN = 60  # characters of a value from the log quoted back in a message
MAX_HEADER_BYTES = 2 * 1024 * 1024  # the header line: it may carry a ruleset file (at most 1 MiB, JSON-escaped)
EMBEDDED_ID = "embedded"  # the id of the ruleset file a header carries


class LogError(DosrulesError):
    """A game log that cannot be refereed, or an action in it that is not legal."""


def chance_record(after: int, event: Event) -> dict[str, Any]:
    """The log record of a chance event that followed action ``after`` (0: before the first)."""
    fields = event.as_dict()
    return {"type": "chance", "after": after, "event": fields.pop("kind"), **fields}


class LogWriter:
    """Writes a game log record by record, flushing each so nothing is lost on a kill.

    The chance records come from the game's event stream: the writer keeps the state given to
    :meth:`header` and, before each action record and before the result, writes a record for each
    chance event that game has had since (so a caller writes the header, the actions and the
    result, and the chance records come with them)."""

    def __init__(self, out: IO[str]):
        self.out = out
        self._state: State | None = None
        self._seen = 0  # events of the state already looked at for chance
        self._after = 0  # seq of the last action record written

    def _write(self, record: dict[str, Any]) -> None:
        try:
            self.out.write(json.dumps(record, ensure_ascii=False, separators=(", ", ": ")) + "\n")
            self.out.flush()
        except OSError as err:  # a full disk, a file size limit: the game cannot be recorded
            raise DosrulesError(f"cannot write the game log: {err.strerror or err}",
                                where=getattr(self.out, "name", None),
                                fix="Free some space, or give --log a path on another disk; the "
                                    "records written so far are in the file.") from None

    def header(self, state: State, agents: Sequence[tuple[str, int]]) -> None:
        """``agents``: (agent spec, agent seed) per seat — for the record; the referee needs none.
        Rules the shipped ids do not give are carried in the header (see the module docstring)."""
        self._write({"type": "header", "format": FORMAT, "version": VERSION,
                     "ruleset": state.ruleset.id, "ruleset_hash": state.ruleset.content_hash,
                     "seed": state.seed, "players": state.players, "max_rounds": state.max_rounds,
                     "max_turns": state.max_turns,
                     "agents": [{"seat": i, "agent": a, "seed": s} for i, (a, s) in enumerate(agents)],
                     **_carried(state.ruleset)})
        self._state, self._seen, self._after = state, 0, 0  # its chance records come before the first action

    def chance(self, upto: int | None = None) -> None:
        """Write a record for each chance event of the game since the last call (up to event
        ``upto``): called by :meth:`action` and :meth:`result`, and by a caller that wants them
        written at once."""
        state = self._state
        if state is None:
            return
        events = state.events
        upto = len(events) if upto is None else upto
        for e in events[self._seen:upto]:
            if e.is_chance():
                self._write(chance_record(self._after, e))
        self._seen = max(self._seen, upto)

    def action(self, seq: int, round_no: int, seat: int, action, applied: Sequence[Event] = ()) -> None:
        """The record of an action, after the chance records of the game before it; ``applied``:
        the action's events when it was applied before it is recorded (its chance follows it)."""
        self.chance(len(self._state.events) - len(applied) if self._state is not None else None)
        self._write({"type": "action", "seq": seq, "round": round_no, "seat": seat, "action": str(action)})
        self._after = seq

    def reading(self, record: dict[str, Any], game: State) -> None:
        """A reading the table chose at a rule gap (``gapchoice.reading_record``); ``game`` is the
        game under the filled rules, replayed up to the action the reading applies to, which the
        log follows from here. The chance of the game so far is written first (the replay decided
        it alike); when the first deal reached the gap, the filled game's deal is the game's."""
        if record["action"] is None:
            self._seen = 0
        self._state = game
        if record["action"] is not None:
            self.chance()
        self._write(record)

    def result(self, state: State) -> None:
        self.chance()
        self._write(_result(state))


def _carried(ruleset: Ruleset) -> dict[str, str]:
    """The header fields that carry ``ruleset`` (none when its id gives it among the shipped
    rulesets, so a log of a shipped game stays short)."""
    from ..ruleset.dump import ruleset_document
    from ..ruleset.loader import load_ruleset
    from ..ruleset.yaml12 import dump_yaml

    try:
        if load_ruleset(ruleset.id, ids_only=True).content_hash == ruleset.content_hash:
            return {}
    except DosrulesError:
        pass
    return {"ruleset_name": ruleset.name,
            "ruleset_file": dump_yaml(ruleset_document(ruleset, id=EMBEDDED_ID, name=EMBEDDED_ID))}


def _embedded(header: dict, lines: "_Lines") -> Ruleset:
    """The ruleset a header carries, read with the loader's checks and limits, under the
    header's id and name; a LogError unless its content hash is the header's."""
    import tempfile

    from ..ruleset.build import build_ruleset, source_titles_of
    from ..ruleset.loader import load_ruleset

    text, name = header.get("ruleset_file"), header.get("ruleset_name")
    if not isinstance(text, str) or not isinstance(name, str):
        raise lines.error(1, "the header's 'ruleset_file' and 'ruleset_name' are not both text",
                          "A header carries a ruleset as the text of a ruleset file and its name, as "
                          "'dosrules play --log' writes them.")
    fix = ("The log's ruleset was edited; referee with the ruleset the game was played under "
           "(--ruleset FILE).")
    with tempfile.TemporaryDirectory(prefix="dosrules-log-") as folder:
        path = Path(folder) / f"{EMBEDDED_ID}.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            carried = load_ruleset(path)
        except DosrulesError as err:
            problems = getattr(err, "problems", None) or [err]
            detail = "; ".join(_clip(getattr(p, "what", str(p)), 2 * MAX_SHOWN) for p in problems[:3])
            raise lines.error(1, f"the ruleset the log carries is not a valid ruleset: {detail}", fix) from None
    tree = {**carried.tree, "id": header["ruleset"], "name": name}
    loaded = build_ruleset(tree, carried.provenance, (lines.name,), source_titles=source_titles_of(carried))
    if loaded.content_hash != header["ruleset_hash"]:
        raise lines.error(1, f"the ruleset the log carries has hash {loaded.content_hash}, not the header's "
                             f"{_clip(header['ruleset_hash'], 80)}", fix)
    return loaded


def _result(state: State) -> dict[str, Any]:
    over = next((e for e in reversed(state.events) if e.kind == "game-over"), None)
    return {"type": "result", "actions": len(state.history), "rounds": state.round,
            "scores": list(state.scores), "winner": state.winner,
            "reason": over.reason if over is not None else None}


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit // 1024} KiB"


def _clip(text: str, limit: int = MAX_SHOWN) -> str:
    """Text from the log cut to ``limit`` characters: a log cannot flood a message."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _shown(value: Any) -> str:
    """A value from the log as JSON, cut to MAX_SHOWN characters."""
    return _clip(json.dumps(value, ensure_ascii=False))


def play_game(ruleset: Ruleset, players: int, seed: int, agent_specs: Sequence[str], *,
              max_rounds: int | None = None, max_turns: int | None = None, log: IO[str] | None = None,
              echo: Callable[[int | None, list[Event]], None] | None = None) -> State:
    """Play a game with one agent per seat, writing a log to ``log`` and passing each action's
    events to ``echo(seq, events)`` (seq None for the events of the deal). Agent seeds come from
    (seed, seat), apart from the game's chance.

    Every game ends: after ``max_rounds`` rounds (default ``MAX_ROUNDS_PER_GAME``) or when a
    round reaches ``max_turns`` turns (default ``TURN_CAP``), the game stops without a winner
    and its ``game-over`` event says which cap it reached."""
    from .limits import MAX_ROUNDS_PER_GAME, TURN_CAP
    from .agents import parse_agent_spec
    from .simulate import derive_seed

    seeds = [derive_seed(seed, "agent", seat) for seat in range(players)]
    agents = [parse_agent_spec(spec, s) for spec, s in zip(agent_specs, seeds)]
    state = new_game(ruleset, players, seed, max_rounds=max_rounds or MAX_ROUNDS_PER_GAME,
                     max_turns=max_turns or TURN_CAP)
    writer = LogWriter(log) if log is not None else None
    if writer:
        writer.header(state, list(zip(agent_specs, seeds)))
    if echo:
        echo(None, list(state.events))
    seq = 0
    while not state.is_terminal():
        seat = state.current_player()
        action = agents[seat].act(state)
        seq += 1
        if writer:
            writer.action(seq, state.round, seat, action)
        events = state.apply(action)
        if writer:
            writer.chance()  # at once: a game killed now leaves what chance decided too
        if echo:
            echo(seq, events)
    if writer:
        writer.result(state)
    return state


# --- the referee ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class RefereeVerdict:
    """A log that replays: its action count, the reproduced result and the chance records that
    agree with the replay (None: a version 1 log, which has none)."""

    actions: int
    rounds: int
    scores: tuple[int, ...]
    winner: int | None
    chance: int | None = None
    #: None for a finished game; for a log without a result record (a game stopped or still being
    #: played), where it stops: who is to act, or that the game is over
    unfinished: str | None = None
    carried: bool = False  # the ruleset came from the log's header (``ruleset_file``)

    def __str__(self) -> str:
        chance = ("; no chance records (a version 1 log: checked from its seed)" if self.chance is None else
                  f"; {self.chance} chance record{'s' if self.chance != 1 else ''} agree{'s' if self.chance == 1 else ''}")
        rules = "; under the ruleset the log carries" if self.carried else ""
        rounds = f"{self.rounds} round{'s' if self.rounds != 1 else ''}"
        if self.unfinished is not None:
            return (f"unfinished game, checked up to where the log stops: all {self.actions} actions legal, "
                    f"scores {list(self.scores)} in round {self.rounds}; {self.unfinished}{rules}{chance}")
        who = f"seat {self.winner} wins" if self.winner is not None else "no winner"
        return f"all {self.actions} actions legal, result reproduced: {who}, scores {list(self.scores)} after {rounds}{rules}{chance}"


_HEADER_FIELDS = {"format": str, "version": int, "ruleset": str, "ruleset_hash": str, "seed": int,
                  "players": int}
_CAPS = ("max_rounds", "max_turns")  # optional header fields: a whole number of at least 1, or null
_ACTION_FIELDS = {"seq": int, "round": int, "seat": int, "action": str}
_RESULT_FIELDS = {"actions": int, "rounds": int, "scores": list, "winner": (int, type(None)),
                  "reason": (str, type(None))}
_TYPE_NAMES = {str: "text", int: "a whole number", list: "a list", (int, type(None)): "a seat number or null",
               (str, type(None)): "text or null"}


class _Lines:
    """The records of a log file, read a line at a time; every error names file:line."""

    def __init__(self, path: Path):
        from ..ruleset.files import open_input

        self.name = str(path)
        fix = "Give the path of a log written by 'dosrules play --log FILE'."
        try:
            self.handle = open_input(path, self.name, fix, "game log")
        except FileNotFoundError:
            raise LogError(f"no such game log '{path}'", fix=fix) from None
        except DosrulesError as err:
            raise LogError(err.what, where=err.where, fix=err.fix) from None

    def error(self, line: int, what: str, fix: str | None = None) -> LogError:
        return LogError(what, where=Location(self.name, line), fix=fix)

    def _lines(self):
        """(line number, text, is the last line without a newline) for every line, streamed."""
        with self.handle as handle:
            number = 0
            while True:
                try:
                    limit = MAX_HEADER_BYTES if number == 0 else MAX_RECORD_BYTES
                    raw = handle.readline(limit + 1)
                except OSError as err:
                    raise LogError(f"cannot read the game log: {err.strerror}", where=self.name) from None
                if not raw:
                    if number == 0:
                        raise LogError("the game log is empty: no header", where=self.name,
                                       fix="A log starts with a header record; write one with 'dosrules play --log FILE'.")
                    return
                number += 1
                cut = not raw.endswith(b"\n")
                if cut and len(raw) > limit:
                    raise self.error(number, f"the line is longer than {_size(limit)}",
                                     "A record of a game log is a short JSON object on one line; this is "
                                     "not a log written by 'dosrules play --log'.")
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise self.error(number, "this line is not UTF-8 text",
                                     "A game log is UTF-8 JSON Lines, as written by 'dosrules play --log'.") from None
                yield number, text.rstrip("\n"), cut

    def records(self):
        """(line number, dict) for every line, or a LogError for the first that is not a record."""
        for i, line, cut in self._lines():
            if not line.strip():
                raise self.error(i, "empty line", "A game log holds one JSON record on every line.")
            try:
                record = json.loads(line)
            except json.JSONDecodeError as err:
                if err.pos >= len(line.rstrip()) or err.msg.startswith("Unterminated") or cut:
                    raise self.error(i, "the record is cut short (truncated line)",
                                     "The log was probably cut off while being written; the game can be "
                                     "refereed only up to the last complete record.") from None
                raise self.error(i, f"not valid JSON: {err.msg} at column {err.colno}") from None
            except RecursionError:
                raise self.error(i, "the record is nested too deeply",
                                 "A record is a flat JSON object, as 'dosrules play --log' writes it.") from None
            except ValueError as err:  # an integer of more than 4,300 digits
                raise self.error(i, f"not a usable JSON record ({err})") from None
            if not isinstance(record, dict):
                raise self.error(i, f"a record is a JSON object, not {type(record).__name__}")
            yield i, record

    def check(self, line: int, record: dict, fields: dict[str, Any]) -> None:
        kind = record.get("type")
        for name, typ in fields.items():
            if name not in record:
                raise self.error(line, f"the {kind} record has no '{name}' field")
            value = record[name]
            if isinstance(value, bool) or not isinstance(value, typ):
                raise self.error(line, f"'{name}' of the {kind} record is {_shown(value)}, "
                                       f"which is not {_TYPE_NAMES[typ]}")

    def caps(self, line: int, header: dict) -> dict[str, int | None]:
        """The header's caps (absent: null, as in logs written before the caps were recorded)."""
        caps = {}
        for name in _CAPS:
            value = header.get(name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise self.error(line, f"'{name}' of the header record is {_shown(value)}, which is not "
                                       "a whole number of at least 1 or null")
            caps[name] = value
        return caps


def _load_for(header: dict, lines: _Lines, ruleset: Ruleset | str | None,
              search_dirs: Sequence[str | Path]) -> Ruleset:
    from ..ruleset.loader import load_ruleset

    if isinstance(ruleset, Ruleset):
        loaded, given = ruleset, ruleset.id
    elif ruleset is None and "ruleset_file" in header:
        return _embedded(header, lines)
    else:
        given = ruleset or header["ruleset"]
        try:  # the header's ruleset is an id: a log never decides which file is read
            loaded = load_ruleset(given, [Path(d) for d in search_dirs], ids_only=ruleset is None)
        except DosrulesError as err:
            problems = getattr(err, "problems", None) or [err]  # a RulesetError holds several
            detail = "; ".join(getattr(p, "what", str(p)) for p in problems)
            raise lines.error(1, f"cannot load the log's ruleset '{_clip(given)}': {detail}",
                              "Give the ruleset the game was played under with --ruleset ID_OR_FILE "
                              "(and --rulesets DIR).") from None
    if loaded.content_hash != header["ruleset_hash"]:
        raise lines.error(1, f"the log was played under ruleset hash {_clip(header['ruleset_hash'], 80)}, but "
                             f"'{_clip(given)}' has hash {loaded.content_hash}",
                          "The ruleset changed since the game was played, or this is another ruleset: "
                          "referee with the ruleset file the game was played under (--ruleset FILE).")
    return loaded


def referee(path: str | Path, ruleset: Ruleset | str | None = None,
            search_dirs: Sequence[str | Path] = ()) -> RefereeVerdict:
    """Replay the log at ``path`` and return the RefereeVerdict, or raise LogError at the first problem:
    an unreadable or malformed record, a seq out of order, an illegal action (with the rule that
    forbids it), a chance record that is missing, out of place or not what the replay decides, a
    missing or unreproduced result. ``ruleset`` (a Ruleset, or an id, composition or file) replaces
    the header's, which is looked up by id in ``search_dirs`` and the shipped rulesets."""
    lines = _Lines(Path(path))
    records = lines.records()
    replay: _Replay | None = None
    last_line = 0
    for line, rec in records:
        last_line = line
        kind = rec.get("type")
        if replay is None:
            replay = _Replay.start(lines, line, rec, ruleset, search_dirs)
            continue
        if kind == "header":
            raise lines.error(line, "a second header record")
        if kind == "chance":
            replay.chance(line, rec)
            continue
        if kind == "reading":
            replay.reading(line, rec)
            continue
        replay.no_chance_left(line)
        if kind == "result":
            lines.check(line, rec, _RESULT_FIELDS)
            verdict = _judge_result(lines, line, rec, replay.state, replay.expected - 1,
                                    replay.checked if replay.version >= 2 else None, replay.carried)
            for extra, _ in records:
                raise lines.error(extra, "a record after the result record",
                                  "The result record is the last line of a game log.")
            return verdict
        if kind != "action":
            raise lines.error(line, f"unknown record type {_shown(kind)}",
                              "A game log holds a header, action records, chance records, reading records and a result record.")
        replay.action(line, rec)
    if replay is None:  # pragma: no cover - records() raises on an empty file
        raise LogError("the game log has no header", where=lines.name)
    state = replay.state
    where = ("the game is over, but the log has no result record" if state.is_terminal() else
             f"the log stops after seq {replay.expected - 1} with no result record; seat "
             f"{state.current_player()} is to act")
    return RefereeVerdict(replay.expected - 1, state.round, tuple(state.scores), state.winner,
                          replay.checked if replay.version >= 2 else None, unfinished=where,
                          carried=replay.carried)


class _Replay:
    """The game a log is replayed on: the next seq, and the chance events the replay has decided
    that the log has not yet recorded (version 2)."""

    def __init__(self, lines: _Lines, state: State, version: int):
        self.lines, self.state, self.version = lines, state, version
        self.expected = 1  # the next action's seq
        self.pending: deque[Event] = deque()  # chance events the log must record next, in order
        self.checked = 0  # chance records that agree with the replay
        self.carried = False  # the ruleset came from the header
        self._decided(state.events)

    @classmethod
    def start(cls, lines: _Lines, line: int, rec: dict, ruleset: Ruleset | str | None,
              search_dirs: Sequence[str | Path]) -> "_Replay":
        """The replay a header record starts (or the LogError that it is not a usable header)."""
        if rec.get("type") != "header":
            raise lines.error(line, f"the first record is {_what(rec.get('type'))}, not the header",
                              "A game log starts with its header record (format, ruleset, hash, seed, players).")
        lines.check(line, rec, _HEADER_FIELDS)
        if rec["format"] != FORMAT:
            raise lines.error(line, f"format '{_clip(rec['format'])}' is not '{FORMAT}'")
        if rec["version"] not in READS:
            raise lines.error(line, f"log format version {_shown(rec['version'])} is not supported (this "
                                    f"dosrules reads versions {READS[0]} to {READS[-1]})")
        caps = lines.caps(line, rec)
        if rec["seed"] < 0:  # Python's shuffle takes -S for S: a negated seed would replay the game of S
            raise lines.error(line, f"'seed' of the header record is {_shown(rec['seed'])}, which is not a "
                                    "whole number of at least 0", "dosrules plays seeds from 0 up; the log was edited.")
        loaded = _load_for(rec, lines, ruleset, search_dirs)
        try:
            state = new_game(loaded, rec["players"], rec["seed"], **caps)
        except DosrulesError as err:
            raise lines.error(line, err.what, err.fix) from None
        replay = cls(lines, state, rec["version"])
        replay.carried = ruleset is None and "ruleset_file" in rec
        return replay

    def _decided(self, events: Sequence[Event]) -> None:
        if self.version >= 2:
            self.pending.extend(e for e in events if e.is_chance())

    def action(self, line: int, rec: dict) -> None:
        lines = self.lines
        lines.check(line, rec, _ACTION_FIELDS)
        seq, expected = rec["seq"], self.expected
        if seq != expected:
            if seq < expected:
                raise lines.error(line, f"seq {seq} comes after seq {expected - 1}: records are repeated or "
                                        "out of order", "Action records are numbered 1, 2, 3, ... in the order played.")
            missing = f"seq {expected}" if seq == expected + 1 else f"seq {expected} to {seq - 1}"
            raise lines.error(line, f"seq {_shown(seq)} follows seq {expected - 1}: {missing} missing or out of order",
                              "Action records are numbered 1, 2, 3, ... in the order played.")
        self.expected += 1
        self._decided(_judge_action(lines, line, rec, self.state))

    def reading(self, line: int, rec: dict) -> None:
        """A reading the table chose at a rule gap: the replay goes on under the filled rules. The
        chance of the game so far comes before it; when the first deal reached the gap, the chance
        records that follow are the filled game's deal."""
        at_deal = rec.get("action") is None and self.expected == 1
        if not at_deal:
            self.no_chance_left(line)
        self.state = _judge_reading(self.lines, line, rec, self.state, self.expected)
        if at_deal:
            self.pending.clear()
            self._decided(self.state.events)

    def no_chance_left(self, line: int) -> None:
        """Before an action or the result: every chance the replay has decided is recorded."""
        if self.pending:
            e = self.pending[0]
            raise self.lines.error(line, f"a chance record is missing after seq {self.expected - 1}: the replay "
                                         f"decides {_clip(str(e), 2 * MAX_SHOWN)}", _CHANCE_FIX)

    def chance(self, line: int, rec: dict) -> None:
        """Check a chance record against the next chance event of the replay."""
        lines, after = self.lines, self.expected - 1
        if self.version < 2:
            raise lines.error(line, f"a chance record in a version {self.version} log",
                              "Chance records come with version 2 logs: set the header's version to 2, "
                              "or remove the chance records.")
        lines.check(line, rec, _CHANCE_FIELDS)
        if rec["after"] != after:
            raise lines.error(line, f"the chance record says it follows seq {_shown(rec['after'])}, but it "
                                    f"stands after seq {after}", _CHANCE_FIX)
        if not self.pending:
            raise lines.error(line, f"a chance record after seq {after}, but the replay decides nothing more "
                                    "by chance there", _CHANCE_FIX)
        event = self.pending.popleft()
        want = chance_record(after, event)
        if rec["event"] != want["event"]:
            raise lines.error(line, f"the chance record says {_shown(rec['event'])} after seq {after}, but "
                                    f"the replay decides {_clip(str(event), 2 * MAX_SHOWN)}", _CHANCE_FIX)
        for name in rec:
            if name not in want:
                raise lines.error(line, f"the {want['event']} chance record has a field {_shown(name)} that a "
                                        f"{want['event']} event does not have", _CHANCE_FIX)
        what = "deal" if event.kind == "dealt" else f"{want['event']} chance record"
        for name, value in want.items():
            if name not in rec:
                raise lines.error(line, f"the {what} has no '{name}' field", _CHANCE_FIX)
            if not _same(rec[name], value):
                where, got, want_part = _difference(name, rec[name], value)
                raise lines.error(line, f"the {what} after seq {after} disagrees with the replay: the log says "
                                        f"{where} {_shown(got)}, the replay gives {_shown(want_part)}", _CHANCE_FIX)
        self.checked += 1


_CHANCE_FIELDS = {"after": int, "event": str}
_CHANCE_FIX = ("Each chance record says what the game's chance decided after an action, in the order "
               "the game decides it; the log was edited, or the seed, ruleset or engine differs from "
               "the game's.")


def _difference(name: str, got: Any, want: Any) -> tuple[str, Any, Any]:
    """Where two lists of the same length first differ (``hands[1][3]``), and the two values there."""
    while isinstance(got, list) and isinstance(want, list) and len(got) == len(want):
        i = next(i for i, (g, w) in enumerate(zip(got, want)) if not _same(g, w))
        name, got, want = f"{name}[{i}]", got[i], want[i]
    return name, got, want


def _same(got: Any, want: Any) -> bool:
    """Whether a value read from the log equals the replay's (``want``: text, whole numbers, bools,
    null and lists of them); no type stands in for another (true is not 1)."""
    if type(got) is not type(want):
        return False
    if isinstance(want, list):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want))
    return got == want


def _what(kind: Any) -> str:
    return f"a{'n' if str(kind)[:1] in 'aeiou' else ''} {_clip(kind)} record" if isinstance(kind, str) else \
        "a record without a 'type' field" if kind is None else f"a record of type {_shown(kind)}"


def _judge_action(lines: _Lines, line: int, rec: dict, state: State) -> list[Event]:
    """Apply the record's action if it is legal, returning its events; else the LogError."""
    seq, text = rec["seq"], rec["action"]
    at = f"seq {seq}"
    if state.is_terminal():
        raise lines.error(line, f"{at}: the game is already over", "The result record follows the last action.")
    if len(text) > MAX_ACTION_CHARS:
        raise lines.error(line, f"{at}: the action is {len(text)} characters long; an action is at most "
                                f"{MAX_ACTION_CHARS}", "Write actions in the engine's notation, e.g. 'match 7r with 3r+4r'.")
    try:
        action = parse_action(text)
    except NotationError as err:
        raise lines.error(line, f"{at}: unknown action: {err}") from None
    who = state.current_player()
    if rec["seat"] != who:
        raise lines.error(line, f"{at}: seat {_shown(rec['seat'])} acts ('{text}'), but seat {who} is to act "
                                f"in round {state.round}")
    if rec["round"] != state.round:
        raise lines.error(line, f"{at}: the record says round {_shown(rec['round'])}, but the replay is in "
                                f"round {state.round}")
    reason = why_not(state, action)
    if reason is not None:
        raise lines.error(line, f"{at}: illegal action '{text}' for seat {who} in round {state.round}: {reason}")
    return state.apply(action, trusted=True)


def _judge_reading(lines: _Lines, line: int, rec: dict, state: State, next_seq: int) -> State:
    """A reading the table chose at a rule gap: the game goes on under the filled rules."""
    from .gapchoice import READING_FIELDS, check_reading

    lines.check(line, rec, READING_FIELDS)
    try:
        return check_reading(state, rec, next_seq)
    except DosrulesError as err:
        raise lines.error(line, err.what, err.fix) from None


def _judge_result(lines: _Lines, line: int, rec: dict, state: State, actions: int,
                  chance: int | None, carried: bool = False) -> RefereeVerdict:
    if not state.is_terminal():
        raise lines.error(line, f"result record after seq {actions}, but the game is not over: seat "
                                f"{state.current_player()} is to act in round {state.round}",
                          "Action records are missing before the result, or the log was edited.")
    got = _result(state)
    for name in ("actions", "rounds", "scores", "winner", "reason"):
        if rec[name] != got[name]:
            raise lines.error(line, f"result not reproduced: the log says {name} {_shown(rec[name])}, "
                                    f"the replay gives {_shown(got[name])}")
    return RefereeVerdict(actions, state.round, tuple(state.scores), state.winner, chance, carried=carried)
