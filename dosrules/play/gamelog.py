"""Game logs (JSON Lines) and the referee that replays them.

A log is one JSON object per line, written as the game goes and flushed after every record, so a
killed game leaves every action taken so far:

* line 1, the header: ``{"type": "header", "format": "dosrules-game-log", "version": 1,
  "ruleset": ID, "ruleset_hash": "sha256:...", "seed": S, "players": N, "max_rounds": M|null,
  "agents": [{"seat": 0, "agent": "greedy", "seed": ...}, ...]}``
* one record per action: ``{"type": "action", "seq": 1, "round": 1, "seat": 0,
  "action": "match 7r with 3r+4r"}`` — ``seq`` counts from 1 without gaps, ``action`` is the
  engine's notation (``dosrules.engine.parse_action`` reads it back);
* the last line, the result: ``{"type": "result", "actions": K, "rounds": R, "scores": [...],
  "winner": seat|null, "reason": "..."}``.

A game is reproducible from (ruleset hash, seed, actions): :func:`referee` replays the actions on
a new game with the header's seed, checks each with ``why_not`` and compares the result. Every
problem is a :class:`LogError` naming the file and line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Callable, Sequence

from ..ruleset.cards import NotationError
from ..engine import State, new_game, parse_action, why_not
from ..engine.events import Event
from ..errors import DosrulesError, Location
from ..ruleset.model import Ruleset

__all__ = ["FORMAT", "VERSION", "LogWriter", "LogError", "RefereeVerdict", "play_game", "referee"]

FORMAT = "dosrules-game-log"
VERSION = 1


class LogError(DosrulesError):
    """A game log that cannot be refereed, or an action in it that is not legal."""


class LogWriter:
    """Writes a game log record by record, flushing each so nothing is lost on a kill."""

    def __init__(self, out: IO[str]):
        self.out = out

    def _write(self, record: dict[str, Any]) -> None:
        self.out.write(json.dumps(record, ensure_ascii=False, separators=(", ", ": ")) + "\n")
        self.out.flush()

    def header(self, state: State, agents: Sequence[tuple[str, int]]) -> None:
        """``agents``: (agent spec, agent seed) per seat — for the record; the referee needs none."""
        self._write({"type": "header", "format": FORMAT, "version": VERSION,
                     "ruleset": state.ruleset.id, "ruleset_hash": state.ruleset.content_hash,
                     "seed": state.seed, "players": state.players, "max_rounds": state.max_rounds,
                     "agents": [{"seat": i, "agent": a, "seed": s} for i, (a, s) in enumerate(agents)]})

    def action(self, seq: int, round_no: int, seat: int, action) -> None:
        self._write({"type": "action", "seq": seq, "round": round_no, "seat": seat, "action": str(action)})

    def result(self, state: State) -> None:
        self._write(_result(state))


def _result(state: State) -> dict[str, Any]:
    over = next((e for e in reversed(state.events) if e.kind == "game-over"), None)
    return {"type": "result", "actions": len(state.history), "rounds": state.round,
            "scores": list(state.scores), "winner": state.winner,
            "reason": over.reason if over is not None else None}


def play_game(ruleset: Ruleset, players: int, seed: int, agent_specs: Sequence[str], *,
              max_rounds: int | None = None, log: IO[str] | None = None,
              echo: Callable[[int | None, list[Event]], None] | None = None) -> State:
    """Play a game with one agent per seat, writing a log to ``log`` and passing each action's
    events to ``echo(seq, events)`` (seq None for the events of the deal). Agent seeds come from
    (seed, seat), apart from the game's chance."""
    from .agents import parse_agent_spec
    from .simulate import derive_seed

    seeds = [derive_seed(seed, "agent", seat) for seat in range(players)]
    agents = [parse_agent_spec(spec, s) for spec, s in zip(agent_specs, seeds)]
    state = new_game(ruleset, players, seed, max_rounds=max_rounds)
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
        if echo:
            echo(seq, events)
    if writer:
        writer.result(state)
    return state


# --- the referee ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class RefereeVerdict:
    """A log that replays: its action count and the reproduced result."""

    actions: int
    rounds: int
    scores: tuple[int, ...]
    winner: int | None

    def __str__(self) -> str:
        who = f"seat {self.winner} wins" if self.winner is not None else "no winner"
        return (f"all {self.actions} actions legal, result reproduced: {who}, scores "
                f"{list(self.scores)} after {self.rounds} round{'s' if self.rounds != 1 else ''}")


_HEADER_FIELDS = {"format": str, "version": int, "ruleset": str, "ruleset_hash": str, "seed": int,
                  "players": int}
_ACTION_FIELDS = {"seq": int, "round": int, "seat": int, "action": str}
_RESULT_FIELDS = {"actions": int, "rounds": int, "scores": list, "winner": (int, type(None))}
_TYPE_NAMES = {str: "text", int: "a whole number", list: "a list", (int, type(None)): "a seat number or null"}


class _Lines:
    """The records of a log file with their line numbers; every error names file:line."""

    def __init__(self, path: Path):
        self.name = str(path)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise LogError(f"no such game log '{path}'", fix="Give the path of a log written by "
                                                            "'dosrules play --log FILE'.") from None
        except OSError as err:
            raise LogError(f"cannot read the game log: {err.strerror}", where=self.name) from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as err:
            line = data[:err.start].count(b"\n") + 1
            raise LogError("this line is not UTF-8 text", where=Location(self.name, line),
                           fix="A game log is UTF-8 JSON Lines, as written by 'dosrules play --log'.") from None
        self.lines = text.split("\n") if text else []
        self.ends_with_newline = text.endswith("\n")
        if self.ends_with_newline:
            self.lines.pop()

    def error(self, line: int, what: str, fix: str | None = None) -> LogError:
        return LogError(what, where=Location(self.name, line), fix=fix)

    def records(self):
        """(line number, dict) for every line, or a LogError for the first that is not a record."""
        if not self.lines:
            raise LogError("the game log is empty: no header", where=self.name,
                           fix="A log starts with a header record; write one with 'dosrules play --log FILE'.")
        for i, line in enumerate(self.lines, 1):
            if not line.strip():
                raise self.error(i, "empty line", "A game log holds one JSON record on every line.")
            try:
                record = json.loads(line)
            except json.JSONDecodeError as err:
                last = i == len(self.lines)
                if (err.pos >= len(line.rstrip()) or err.msg.startswith("Unterminated")
                        or (last and not self.ends_with_newline)):
                    raise self.error(i, "the record is cut short (truncated line)",
                                     "The log was probably cut off while being written; the game can be "
                                     "refereed only up to the last complete record.") from None
                raise self.error(i, f"not valid JSON: {err.msg} at column {err.colno}") from None
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
                raise self.error(line, f"'{name}' of the {kind} record is {json.dumps(value)}, "
                                       f"which is not {_TYPE_NAMES[typ]}")


def _load_for(header: dict, lines: _Lines, ruleset: Ruleset | str | None,
              search_dirs: Sequence[str | Path]) -> Ruleset:
    from .simulate import load

    if isinstance(ruleset, Ruleset):
        loaded, given = ruleset, ruleset.id
    else:
        given = ruleset or header["ruleset"]
        try:
            loaded = load(given, search_dirs)
        except DosrulesError as err:
            problems = getattr(err, "problems", None) or [err]  # a RulesetError holds several
            detail = "; ".join(getattr(p, "what", str(p)) for p in problems)
            raise lines.error(1, f"cannot load the log's ruleset '{given}': {detail}",
                              "Give the ruleset the game was played under with --ruleset ID_OR_FILE "
                              "(and --rulesets DIR).") from None
    if loaded.content_hash != header["ruleset_hash"]:
        raise lines.error(1, f"the log was played under ruleset hash {header['ruleset_hash']}, but "
                             f"'{given}' has hash {loaded.content_hash}",
                          "The ruleset changed since the game was played, or this is another ruleset: "
                          "referee with the ruleset file the game was played under (--ruleset FILE).")
    return loaded


def referee(path: str | Path, ruleset: Ruleset | str | None = None,
            search_dirs: Sequence[str | Path] = ()) -> RefereeVerdict:
    """Replay the log at ``path`` and return the RefereeVerdict, or raise LogError at the first problem:
    an unreadable or malformed record, a seq out of order, an illegal action (with the rule that
    forbids it), a missing or unreproduced result."""
    lines = _Lines(Path(path))
    records = lines.records()
    state: State | None = None
    expected = 1
    last_line = 0
    for line, rec in records:
        last_line = line
        kind = rec.get("type")
        if state is None:
            if kind != "header":
                raise lines.error(line, f"the first record is {_what(kind)}, not the header",
                                  "A game log starts with its header record (format, ruleset, hash, seed, players).")
            lines.check(line, rec, _HEADER_FIELDS)
            if rec["format"] != FORMAT:
                raise lines.error(line, f"format '{rec['format']}' is not '{FORMAT}'")
            if rec["version"] != VERSION:
                raise lines.error(line, f"log format version {rec['version']} is not supported (this "
                                        f"dosrules reads version {VERSION})")
            max_rounds = rec.get("max_rounds")
            if max_rounds is not None and (isinstance(max_rounds, bool) or not isinstance(max_rounds, int)):
                raise lines.error(line, f"'max_rounds' of the header record is {json.dumps(max_rounds)}, "
                                        "which is not a whole number or null")
            loaded = _load_for(rec, lines, ruleset, search_dirs)
            try:
                state = new_game(loaded, rec["players"], rec["seed"], max_rounds=max_rounds)
            except DosrulesError as err:
                raise lines.error(line, err.what, err.fix) from None
            continue
        if kind == "header":
            raise lines.error(line, "a second header record")
        if kind == "result":
            lines.check(line, rec, _RESULT_FIELDS)
            verdict = _judge_result(lines, line, rec, state, expected - 1)
            for extra, _ in records:
                raise lines.error(extra, "a record after the result record",
                                  "The result record is the last line of a game log.")
            return verdict
        if kind != "action":
            raise lines.error(line, f"unknown record type {json.dumps(kind)}",
                              "A game log holds a header, action records and a result record.")
        lines.check(line, rec, _ACTION_FIELDS)
        seq = rec["seq"]
        if seq != expected:
            if seq < expected:
                raise lines.error(line, f"seq {seq} comes after seq {expected - 1}: records are repeated or "
                                        "out of order", "Action records are numbered 1, 2, 3, ... in the order played.")
            missing = f"seq {expected}" if seq == expected + 1 else f"seq {expected} to {seq - 1}"
            raise lines.error(line, f"seq {seq} follows seq {expected - 1}: {missing} missing or out of order",
                              "Action records are numbered 1, 2, 3, ... in the order played.")
        expected += 1
        _judge_action(lines, line, rec, state)
    if state is None:  # pragma: no cover - records() raises on an empty file
        raise LogError("the game log has no header", where=lines.name)
    raise lines.error(last_line, f"the log ends without a result record (after seq {expected - 1})",
                      "The game was cut short, or the log is incomplete: a finished game's log ends "
                      "with its result record.")


def _what(kind: Any) -> str:
    return f"a{'n' if str(kind)[:1] in 'aeiou' else ''} {kind} record" if isinstance(kind, str) else \
        "a record without a 'type' field" if kind is None else f"a record of type {json.dumps(kind)}"


def _judge_action(lines: _Lines, line: int, rec: dict, state: State) -> None:
    seq, text = rec["seq"], rec["action"]
    at = f"seq {seq}"
    if state.is_terminal():
        raise lines.error(line, f"{at}: the game is already over", "The result record follows the last action.")
    try:
        action = parse_action(text)
    except NotationError as err:
        raise lines.error(line, f"{at}: unknown action: {err}") from None
    who = state.current_player()
    if rec["seat"] != who:
        raise lines.error(line, f"{at}: seat {rec['seat']} acts ('{text}'), but seat {who} is to act "
                                f"in round {state.round}")
    if rec["round"] != state.round:
        raise lines.error(line, f"{at}: the record says round {rec['round']}, but the replay is in "
                                f"round {state.round}")
    reason = why_not(state, action)
    if reason is not None:
        raise lines.error(line, f"{at}: illegal action '{text}' for seat {who} in round {state.round}: {reason}")
    state.apply(action)


def _judge_result(lines: _Lines, line: int, rec: dict, state: State, actions: int) -> RefereeVerdict:
    if not state.is_terminal():
        raise lines.error(line, f"result record after seq {actions}, but the game is not over: seat "
                                f"{state.current_player()} is to act in round {state.round}",
                          "Action records are missing before the result, or the log was edited.")
    got = _result(state)
    for name in ("actions", "rounds", "scores", "winner"):
        if rec[name] != got[name]:
            raise lines.error(line, f"result not reproduced: the log says {name} {json.dumps(rec[name])}, "
                                    f"the replay gives {json.dumps(got[name])}")
    return RefereeVerdict(actions, state.round, tuple(state.scores), state.winner)
