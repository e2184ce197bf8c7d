"""A rule gap as a choice for the table: the readings of the silent rule, who reads it how, and the
game continued under the reading chosen.

When play reaches a rule the ruleset leaves unspecified, the engine voids the round. A table of
people (:mod:`dosrules.play.table`) may instead choose a reading. The ruleset is then filled with
it (``RULESET~path=reading``, :func:`dosrules.ruleset.fill.fill_ruleset`), the game so far is
replayed under the filled rules from its seed (:func:`replay`), and the action that reached the
gap is taken again. The replay must play alike, action for action and event for event: it does
unless the reading would have decided something already played (then that reading cannot be
chosen here; :func:`fill_at` says so). The engine is not changed: a game under the filled rules
is a new game that happens to have been played the same way so far.

The game log records the choice as a ``reading`` record (:func:`reading_record`) before the
action it applies to; the referee checks it with :func:`check_reading`: the rule is silent here,
the recorded action reaches it (as a rule gap that voids the round), the filled ruleset has the
recorded hash, and the game so far replays alike under it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..engine import Action, State, new_game, parse_action, why_not
from ..engine.events import RuleGap
from ..errors import DosrulesError
from ..lang.table import TABLE
from ..lang.values import status_words
from ..ruleset.cards import NotationError
from ..ruleset.choices import Choice, choices
from ..ruleset.fill import FILL, Reading, Readings, fill_ruleset
from ..ruleset.model import Ruleset, is_unspecified
from ..ruleset.readings import ReadingError, can_be_unspecified, parse_reading, reading_text, readings

__all__ = ["GapOption", "can_choose", "options", "replay", "fill_at", "reading_record",
           "READING_FIELDS", "check_reading", "choice_line", "fill_spec"]


@dataclass(frozen=True)
class GapOption:
    """One reading the table may choose: its text, the rulesets that read the rule so (one line
    each, with the clause), and why it cannot be chosen here (None when it can)."""

    number: int
    reading: str
    chosen_by: tuple[str, ...]
    unavailable: str | None = None


def can_choose(path: str) -> bool:
    """Whether a rule gap at ``path`` can be settled by a reading (the rule has readings)."""
    return can_be_unspecified(path)


def choice_line(c: Choice, lang: str = "en") -> str:
    """``mattel-2018, stated: 000 §7. The wild cards: "quote"`` (as ``dosrules gaps`` lists it; the
    player count and the status in ``lang``)."""
    players = "" if not c.players else (f" (with {c.players} players)" if lang == "en"
                                        else TABLE("q.with-players", lang, n=c.players))
    who = c.ruleset + players + f", {status_words(c.provenance.status.value, lang)}"
    cite = c.provenance.citation
    if cite is not None:
        return f'{who}: {cite.source} §{cite.section}: "{cite.quote}"'
    return who + (f": {c.provenance.note}" if c.provenance.note else "")


def options(state: State, path: str, search_dirs: Iterable[str | Path] = (), *,
            at_deal: bool = False, lang: str = "en") -> tuple[list[GapOption], dict[str, State]]:
    """The readings of ``path`` at ``state`` (the position before the action that reached the gap),
    numbered from 1, each with who reads it so; and the game under each reading that can be
    chosen (reading text -> the state at the same position under the filled rules). ``at_deal``:
    as for :func:`fill_at`."""
    chosen = choices(path, search_dirs)
    out, games = [], {}
    for number, value in enumerate(readings(path), 1):
        text = reading_text(value)
        lines = tuple(choice_line(c, lang) for c in chosen if c.text == text)
        try:
            games[text] = fill_at(state, path, text, at_deal=at_deal)
            why = None
        except DosrulesError as err:
            why = err.what
        out.append(GapOption(number, text, lines, why))
    return out, games


def replay(ruleset: Ruleset, like: State, actions: Sequence[Action] | None = None) -> State:
    """A new game under ``ruleset`` with the seats, seed and caps of ``like``, after ``actions``
    (default: every action of ``like``), each checked legal. DosrulesError naming the first
    action that is not legal under ``ruleset``."""
    state = new_game(ruleset, like.players, like.seed, max_rounds=like.max_rounds, max_turns=like.max_turns)
    for seq, action in enumerate(like.history if actions is None else actions, 1):
        if action not in state.legal_actions():
            reason = why_not(state, action)
            raise DosrulesError(f"it would change the game already played: action {seq} ('{action}') would "
                                f"not be legal{': ' + reason.message if reason else ''}")
        state.apply(action)
    return state


def fill_at(state: State, path: str, reading: str, *, at_deal: bool = False) -> State:
    """The game of ``state`` at the same position, under its rules with the silence at ``path``
    filled with ``reading``. DosrulesError if the rule is not silent here, ``reading`` is not one
    of its readings, or the game so far would play differently under the filled rules.

    ``at_deal``: the deal at the game's start reached the gap (``state`` has no action yet): the
    game under the filled rules starts afresh, and its deal differs from ``state``'s by design."""
    rules = state.ruleset
    if not is_unspecified(rules.for_players(state.players).get(path)):
        raise DosrulesError(f"'{path}' is not silent in {rules.id} for {state.players} players, so it "
                            "has no reading to choose", path=path,
                            fix="A table chooses a reading only for a rule the ruleset leaves unspecified.")
    game = replay(fill_ruleset(rules, _chosen(path, reading)), state)
    if at_deal:
        return game
    for n, (ours, theirs) in enumerate(zip(game.events, state.events), 1):
        if ours != theirs:
            raise DosrulesError(f"it would change the game already played: event {n} would be '{ours}', "
                                f"not '{theirs}'")
    if len(game.events) != len(state.events):
        where = f"after action {len(state.history)}" if state.history else "at the deal"
        shown = f"'{game.events[len(state.events)]}'" if len(game.events) > len(state.events) else "nothing"
        raise DosrulesError(f"it would change the game already played: {where} play would go on with {shown}")
    return game


#: the note on a reading the table chose (a filled value's provenance: rulebooks and refusals cite it)
TABLE_NOTE = "the table chose this reading when play reached the silence"


def _chosen(path: str, reading: str) -> Readings:
    """The table's reading as the inline reading ``path=reading`` (so the filled ruleset is the one
    the spec ``RULESET~path=reading`` names, with the same id and content hash), with its own note."""
    try:
        value = parse_reading(path, reading)
    except ReadingError as err:
        raise DosrulesError(err.what, path=path, fix=err.fix) from None
    spec = f"{path}={reading}"
    return Readings(spec, spec, {path: Reading(path, value, TABLE_NOTE)})


def reading_record(before: int, state: State, path: str, reading: str, seat: int | None,
                   action: Action | None) -> dict[str, Any]:
    """The log record of a reading chosen before action ``before`` (its seq), where ``seat``'s
    ``action`` (None: the deal at the game's start) reached the gap; ``state`` is the game under
    the filled rules, and its round the one play goes on in."""
    return {"type": "reading", "before": before, "round": state.round, "rule": path, "reading": reading,
            "seat": seat, "action": None if action is None else str(action),
            "ruleset": state.ruleset.id, "ruleset_hash": state.ruleset.content_hash}


MAX_ACTION_CHARS = 200  # as the referee's (gamelog.MAX_ACTION_CHARS)
MAX_READING_CHARS = 40  # a reading in a log; the longest there is, 'reshuffle-discard', has 17
#: the fields of a reading record and their types (for the referee's checks)
READING_FIELDS = {"before": int, "round": int, "rule": str, "reading": str, "seat": (int, type(None)),
                  "action": (str, type(None)), "ruleset": str, "ruleset_hash": str}


def check_reading(state: State, rec: dict[str, Any], next_seq: int) -> State:
    """The referee's check of a reading record (fields already typed) at ``state``, whose next
    action is ``next_seq``: the game under the filled rules at the same position, or
    DosrulesError saying what does not hold."""
    path, text = rec["rule"], rec["reading"]
    fix = ("A reading record is written by 'dosrules play' when the table chooses a reading at a rule gap, "
           "just before the action it applies to.")
    if rec["before"] != next_seq:
        raise DosrulesError(f"the reading record says it comes before seq {rec['before']}, but the next action "
                            f"is seq {next_seq}", fix=fix)
    at_start = rec["action"] is None and not state.history
    if state.is_terminal() and not at_start:  # a game whose every deal voids ends before its first action
        raise DosrulesError("a reading record after the game is over", fix=fix)
    if not can_choose(path):
        raise DosrulesError(f"'{path[:60]}' is not a rule with readings", fix=fix)
    if len(text) > MAX_READING_CHARS:
        raise DosrulesError(f"the reading of {path} is {len(text)} characters long; a reading is at most "
                            f"{MAX_READING_CHARS}", fix=fix)
    if not _reached(state, path, rec["seat"], rec["action"]):
        what = f"seat {rec['seat']}'s '{rec['action'][:60]}'" if rec["action"] is not None else "the deal"
        raise DosrulesError(f"the table chose a reading of {path}, but {what} does not reach a rule gap at "
                            f"{path} here", fix=fix)
    game = fill_at(state, path, text, at_deal=rec["action"] is None)
    if rec["round"] != game.round:
        raise DosrulesError(f"the reading record says round {rec['round']}, but under the filled rules the "
                            f"replay is in round {game.round}", fix=fix)
    if (game.ruleset.id, game.ruleset.content_hash) != (rec["ruleset"], rec["ruleset_hash"]):
        raise DosrulesError(f"filling {path}={text} gives ruleset {game.ruleset.id} with hash "
                            f"{game.ruleset.content_hash}, not the recorded {rec['ruleset'][:80]} "
                            f"({rec['ruleset_hash'][:80]})", fix=fix)
    return game


def _reached(state: State, path: str, seat: int | None, text: str | None) -> bool:
    """Whether ``seat`` taking ``text`` at ``state`` reaches a voiding rule gap at ``path`` (maybe
    after others the table left open; ``text`` None: the deal did, before the game's first action)."""
    if text is None:
        events = state.events if not state.history else ()
    else:
        if len(text) > MAX_ACTION_CHARS:
            return False
        try:
            action = parse_action(text)
        except NotationError:
            return False
        if seat != state.current_player() or why_not(state, action) is not None:
            return False
        events = state.copy().apply(action)
    return any(isinstance(e, RuleGap) and e.voids and e.path == path for e in events)


def fill_spec(spec: str, chosen: Sequence[tuple[str, str]]) -> str:
    """The ruleset spec that plays ``spec`` with the table's readings from the start."""
    return FILL.join([spec, *(f"{path}={text}" for path, text in chosen)])
