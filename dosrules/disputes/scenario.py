"""Scenario files: a disputed situation in card notation, the question, and (for a test) the
expected verdicts.

A scenario is YAML validated by ``schemas/scenario.schema.json``; see docs/disputes/README.md for
the format. Without ``expect`` a scenario is a question; without an action it asks what the
player may do now. It may name the rulesets it is asked under (``rulesets``: ids, compositions,
filled rulesets or files, a file read relative to the scenario's folder). :func:`load_scenario` reads a file (with the same safe reading and one-paragraph
errors as rulesets: what, where file:line:col, the path in the scenario, how to fix);
:func:`inline_scenario` builds one from ``dosrules ask --row ... --hand ... --action ...``.

Reading goes through :func:`read_document`, the shared safe YAML reader
(``dosrules.ruleset.yaml12.read_yaml``: no tags, anchors, aliases or duplicate keys; YAML 1.2 booleans;
size and depth limits).
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping


from ..ruleset.cards import Card, Declared, NotationError, parse_card, parse_declared
from ..errors import DosrulesError, Location, ProblemsError
from ..ruleset.loader import find_ruleset_file, resolve
from ..ruleset.localized import LANGUAGES, Localized, english
from ..ruleset.schema import nearest
from ..ruleset.resources import data_dir
from ..ruleset.yaml12 import Document, read_yaml

__all__ = ["Scenario", "Expectation", "ScenarioError", "load_scenario", "inline_scenario",
           "read_document", "VERDICTS", "anchor_spec"]

VERDICTS = ("legal", "illegal", "rule-gap")
_ACTION_WORDS = ("match", "draw", "place", "end", "call-dos", "catch-dos", "pass", "declare")
MAX_BYTES = 256 * 1024
MAX_DEPTH = 12


class ScenarioError(ProblemsError):
    """A scenario is invalid; ``problems`` holds every problem found."""


@dataclass(frozen=True)
class Expectation:
    """What a scenario expects under one ruleset (only ``verdict`` is required)."""

    verdict: str
    rule: str | None = None
    row: tuple[Card, ...] | None = None
    hands: Mapping[int, tuple[Card, ...] | int] = field(default_factory=dict)
    scored: Mapping[int, int] = field(default_factory=dict)
    events: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()
    note: str | None = None
    dealer: int | None = None  # the seat that deals the round followed into (next round, or the first)
    first_player: int | None = None  # the seat that plays first in that round


@dataclass(frozen=True)
class Scenario:
    file: str
    title: str
    question: str
    hands: tuple[tuple[Card, ...] | int, ...]
    row: tuple[Declared, ...]
    actions: tuple[str, ...]
    start: str = "position"  # position | new-game
    n_players: int | None = None  # new-game: how many play (a position counts its hands)
    dealer_draw: tuple[Card, ...] = ()  # new-game: the card each seat draws for first dealer
    follow: str = "round"  # round | next-round: how far what follows is played out
    before: tuple[str, ...] = ()
    deck_exact: tuple[Card, ...] | None = None  # the whole deck, top first
    deck_top: tuple[Card, ...] = ()
    deck_size: int | None = None
    discard: tuple[Card, ...] = ()
    turn: int = 0
    dealer: int | None = None
    scores: tuple[int, ...] | None = None
    called: tuple[int, ...] = ()
    seed: int = 0
    phase: str | None = None
    topic: str = "example"
    raised_by: Mapping[str, str] | None = None
    note: str | None = None
    expect: Mapping[str, Expectation] = field(default_factory=dict)
    lines: Mapping[str, Location] = field(default_factory=dict, repr=False)  # expect id -> place
    rulesets: tuple[str, ...] = ()  # the rulesets the scenario names, as written
    places: tuple[Location | str, ...] = field(default=(), repr=False)  # where each of before+actions is written
    folder: Path | None = None  # the scenario file's folder: where its ruleset files and ids are looked up
    texts: Mapping[str, Localized] = field(default_factory=dict, repr=False)  # title, question in each language

    def title_in(self, lang: str) -> str:
        """The title in ``lang`` where the file gives it, else in English."""
        return self.texts["title"].in_lang(lang) if "title" in self.texts else self.title

    def question_in(self, lang: str) -> str:
        """The question in ``lang`` where the file gives it, else in English."""
        return self.texts["question"].in_lang(lang) if "question" in self.texts else self.question

    @property
    def players(self) -> int:
        return self.n_players or len(self.hands)

    @property
    def new_game(self) -> bool:
        return self.start == "new-game"

    @property
    def follows_deal(self) -> bool:
        """True when the answer follows play into a deal (who deals, who plays first)."""
        return self.new_game or self.follow == "next-round"

    @property
    def id(self) -> str:
        return Path(self.file).stem

    @property
    def asks_options(self) -> bool:
        """True when the scenario names no action: it asks what the player may do now."""
        return not self.new_game and not self.actions

    def expectation(self, spec: str, ruleset_id: str) -> Expectation | None:
        """What the scenario expects of the answer under ``spec`` (as asked; else by ruleset id)."""
        return self.expect.get(spec) or self.expect.get(ruleset_id)

    def load_spec(self, spec: str) -> str:
        """``spec`` as the loader reads it: a file path relative to the scenario's folder."""
        return anchor_spec(spec, self.folder)


# --- reading ----------------------------------------------------------------------------------


def read_document(path: Path | str, display: str | None = None) -> Document:
    """Read a YAML file safely with positions; the shared reader when the package has it."""
    return read_yaml(Path(path), display or str(path), shape=(
        "A scenario is a mapping with at least title, question, hands, row, action and expect; "
        "see docs/disputes/README.md."))


# --- validating -------------------------------------------------------------------------------


def _dotted(path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _schema_dir() -> Path:
    folder = data_dir("schemas")
    if folder is not None:
        return folder
    raise DosrulesError("the scenario schema is missing from the installation", fix="Reinstall dosrules.")


@lru_cache(maxsize=1)
def scenario_schema() -> dict:
    return json.loads((_schema_dir() / "scenario.schema.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _validator():
    from jsonschema import Draft202012Validator, validators

    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _c, v: isinstance(v, int) and not isinstance(v, bool))
    return validators.extend(Draft202012Validator, type_checker=checker)(scenario_schema())


def _schema_problem(doc: Document, err) -> DosrulesError:
    path = tuple(err.absolute_path)
    desc = err.schema.get("description") if isinstance(err.schema, dict) else None
    fix = f"Expected: {desc}" if desc else None
    if err.validator == "additionalProperties":
        allowed = list(err.schema.get("properties", {}))
        extra = [k for k in err.instance if k not in allowed]
        import difflib

        guess = difflib.get_close_matches(extra[0], allowed, n=1)
        what = f"unknown key '{extra[0]}'" + (f" — did you mean '{guess[0]}'?" if guess else "")
        return DosrulesError(what, where=doc.where((*path, extra[0]), key=True), path=_dotted((*path, extra[0])),
                             fix=f"Keys allowed here: {', '.join(allowed)}.")
    if err.validator == "required":
        missing = [k for k in err.validator_value if k not in err.instance]
        prop = err.schema.get("properties", {}).get(missing[0], {})
        return DosrulesError(f"missing key '{missing[0]}'", where=doc.where(path), path=_dotted((*path, missing[0])),
                             fix=f"Add '{missing[0]}:'." + (f" Expected: {prop['description']}" if prop.get("description") else ""))
    if err.validator == "not" and not path and isinstance(err.instance, dict):
        return DosrulesError("give both 'action' and 'actions'", where=doc.where(("actions",)), path="action",
                             fix="Ask about one action with 'action: ...' or several with 'actions: [...]', not both.")
    expect_problem = _expect_problem(doc, err, path)
    if expect_problem is not None:
        return expect_problem
    if err.validator is None and isinstance(doc.data, dict):  # a `false` subschema: a key with no place here
        branch = scenario_schema()["then" if doc.data.get("start") == "new-game" else "else"]["properties"]
        key = next((k for k in doc.data if branch.get(k) is False), None)
        path = (key,)
        if key == "dealer_draw":
            return DosrulesError("'dealer_draw' is only for a new-game scenario", where=doc.where(path, key=True),
                                 path=_dotted(path), fix="Add 'start: new-game' (and drop the position), or drop 'dealer_draw'.")
        return DosrulesError(f"'{key}' has no place in a new-game scenario", where=doc.where(path, key=True),
                             path=_dotted(path), fix="A new-game scenario gives only 'players' (and 'dealer_draw', "
                                                     "'seed'); drop the position, or drop 'start: new-game'.")
    if err.validator == "propertyNames":
        return DosrulesError(f"'{err.instance}' is not a ruleset id or composition", where=doc.where((*path, err.instance), key=True),
                             path=_dotted((*path, err.instance)), fix=fix)
    if err.validator == "oneOf" and err.context:
        telling = [e for e in err.context if e.validator not in ("type", "oneOf")]
        if len(telling) == 1 and telling[0].validator in ("maximum", "minimum", "maxLength", "maxItems", "enum"):
            inner = telling[0]  # the one branch of the value's own kind says what is wrong (deck: {size: -1})
            at = (*path, *inner.relative_path)
            desc = inner.schema.get("description") if isinstance(inner.schema, dict) else None
            return DosrulesError(_keyword_message(inner) if inner.relative_path else inner.message,
                                 where=doc.where(at), path=_dotted(at), fix=f"Expected: {desc}" if desc else fix)
    if err.instance is None:
        fix = (fix or "") + " An empty value: in YAML an unquoted # starts a comment, so quote cards that begin with # (\"#g 9b\")."
    return DosrulesError(_keyword_message(err), where=doc.where(path), path=_dotted(path), fix=fix)


_MESSAGES = {  # keyword -> (value, value as shown, the keyword's limit) -> plain-fact message
    "enum": lambda v, shown, limit: f"{shown!r} is not one of {', '.join(map(str, limit))}",
    "type": lambda v, shown, limit: f"expected {limit}, got {shown!r}",
    "oneOf": lambda v, shown, limit: f"{shown!r} is not a valid value here",
    "minimum": lambda v, shown, limit: f"{shown!r} is less than the minimum of {limit}",
    "maximum": lambda v, shown, limit: f"{shown!r} is more than the maximum of {limit}",
    "minItems": lambda v, shown, limit: f"the list needs at least {limit} item(s)",
    "maxItems": lambda v, shown, limit: f"the list has {len(v)} items; at most {limit} are allowed",
    "uniqueItems": lambda v, shown, limit: "the list names an item more than once",
    "maxLength": lambda v, shown, limit: f"the text is {len(v)} characters long; at most {limit} are allowed",
}


def _keyword_message(err) -> str:
    """The plain-fact message of a schema error, by keyword (jsonschema's own as the last resort)."""
    value = err.instance
    shown = value if not isinstance(value, (dict, list)) else ("a mapping" if isinstance(value, dict) else "a list")
    if isinstance(shown, str) and len(shown) > 60:
        shown = shown[:57] + "..."
    message = _MESSAGES.get(err.validator)
    return message(value, shown, err.validator_value) if message else err.message


def _expect_fix() -> str:
    from ..ruleset.loader import shipped_ids

    example = (shipped_ids("editions") or ["EDITION"])[0]
    return (f"Give the verdict expected under each ruleset, e.g. 'expect: {{{example}: legal}}' (legal, illegal "
            "or rule-gap, or a mapping with 'verdict:'), or drop 'expect' to ask the question without "
            "expecting an answer.")


def _expect_problem(doc: Document, err, path: tuple) -> DosrulesError | None:
    """A clear message for a malformed ``expect`` (empty, not a mapping, a mapping without a verdict)."""
    if not path or path[0] != "expect":
        return None
    where, at = doc.where(path), _dotted(path)
    if len(path) == 1:
        if err.instance is None or err.instance == {}:
            return DosrulesError("'expect' is empty", where=where, path=at, fix=_expect_fix())
        if not isinstance(err.instance, dict):
            return DosrulesError("'expect' is a mapping from ruleset to verdict, not "
                                 + ("a list" if isinstance(err.instance, list) else repr(err.instance)),
                                 where=where, path=at, fix=_expect_fix())
        return None
    if len(path) == 2 and err.validator == "oneOf":
        value = err.instance
        if isinstance(value, dict) and "verdict" not in value:
            return DosrulesError(f"the expectation for '{path[1]}' has no 'verdict'", where=where, path=at,
                                 fix="Add 'verdict: legal' (or illegal, rule-gap); the other keys say what must follow.")
        if isinstance(value, dict):
            inner = next((e for e in err.context if e.validator == "additionalProperties" and not e.relative_path), None)
            if inner is not None:
                allowed = list(inner.schema.get("properties", {}))
                extra = [k for k in value if k not in allowed]
                guess = nearest(extra[0], allowed)
                return DosrulesError(f"unknown key '{extra[0]}' in the expectation for '{path[1]}'"
                                     + (f" — did you mean '{guess}'?" if guess else ""),
                                     where=doc.where((*path, extra[0]), key=True), path=f"{at}.{extra[0]}",
                                     fix=f"Keys allowed here: {', '.join(allowed)}.")
            deeper = next((e for e in err.context if e.relative_path), None)
            if deeper is not None:
                return _schema_problem(doc, deeper)
        if value is None:
            return DosrulesError(f"the expectation for '{path[1]}' is empty", where=where, path=at,
                                 fix="Write the verdict: legal, illegal or rule-gap.")
        if not isinstance(value, (dict, list, str)):
            return DosrulesError(f"{value!r} is not a verdict", where=where, path=at,
                                 fix="Write legal, illegal or rule-gap (or a mapping with 'verdict:').")
    return None


def anchor_spec(spec: str, folder: Path | None) -> str:
    """A ruleset spec whose file parts (``family.yaml``, ``house/x.yaml``) are read relative to
    ``folder`` (a scenario's folder) instead of the working folder; ids and readings are kept."""
    if folder is None:
        return spec

    def part(text: str) -> str:
        looks_like_file = text.endswith((".yaml", ".yml")) or "/" in text
        if looks_like_file and "=" not in text and not Path(text).is_absolute():
            return str(folder / text)
        return text

    return "~".join("+".join(part(p) for p in piece.split("+")) for piece in spec.split("~"))


# --- building ---------------------------------------------------------------------------------


class _Builder:
    """Turns validated data into a Scenario, collecting every notation problem."""

    def __init__(self, doc: Document, folder: Path | None = None):
        self.doc, self.problems, self.folder = doc, [], folder
        self.places: list[Location | str] = []

    def problem(self, what: str, path: tuple, fix: str) -> None:
        self.problems.append(DosrulesError(what, where=self.doc.where(path), path=_dotted(path), fix=fix))

    def _tokens(self, value: Any, path: tuple) -> list[tuple[str, tuple]]:
        if isinstance(value, list):
            return [(str(v), (*path, i)) for i, v in enumerate(value)]
        return [(t, path) for t in str(value or "").split()]

    def cards(self, value: Any, path: tuple) -> tuple[Card, ...]:
        out = []
        for text, p in self._tokens(value, path):
            try:
                out.append(parse_card(text))
            except NotationError as err:
                self.problem(str(err), p, "Write cards as in the engine: 7r, 10y, #g, W2.")
        return tuple(out)

    def declared(self, value: Any, path: tuple) -> tuple[Declared, ...]:
        out = []
        for text, p in self._tokens(value, path):
            try:
                out.append(parse_declared(text))
            except NotationError as err:
                self.problem(str(err), p, "Write cards as in the engine: 7r, #g=5, W2=r.")
        return tuple(out)

    def actions(self, texts: list[str], path: tuple) -> tuple[str, ...]:
        from ..engine.actions import ACTION_HELP, parse_action
        from .slips import written_slip

        for i, text in enumerate(texts):
            self.places.append(self.doc.where((*path, i) if path[0] != "action" else path))
            try:
                slip = written_slip(parse_action(text), text)
                if slip is not None:
                    self.problem(slip.what, (*path, i) if path[0] != "action" else path, slip.fix)
            except NotationError as err:
                import difflib

                hint = (" In YAML an unquoted # starts a comment: quote an action with a Wild # "
                        "(\"match 7r with #r=7\").") if re.search(r"(with|place|declare|\+)$", text.strip()) else ""
                word = (text.split() or [""])[0]
                guess = difflib.get_close_matches(word, _ACTION_WORDS, n=1)
                fix = (f"Did you mean '{guess[0]}'? " if guess and guess[0] != word else "")
                fix += ("Use one of the forms above." if ACTION_HELP in str(err)
                        else "Correct the card; the rest of the action reads fine." if "is not a card" in str(err)
                        else f"Write it in the action notation: {ACTION_HELP}.")
                self.problem(str(err), (*path, i), fix + hint)
        return tuple(texts)

    def rulesets(self, data: Mapping[str, Any]) -> tuple[str, ...]:
        named = tuple(data.get("rulesets", ()))
        for i, spec in enumerate(named):
            self.ruleset_spec(spec, ("rulesets", i))
        return named

    def seat(self, value: int, players: int, path: tuple) -> int:
        if value >= players:
            self.problem(f"seat {value} does not exist in a game of {players} players", path,
                         f"Seats are numbered 0 to {players - 1}.")
        return value

    def possible(self, hands: tuple, turn: int, row: Any) -> None:
        """A position play can reach: a turn starts with cards in the Centre Row (the deal and
        every refill put them there) and with cards in the hand of the player to move (one who
        has none has gone out, and the round is over)."""
        if not self._tokens(row, ("row",)):
            self.problem("the Centre Row is empty: no turn starts with an empty row", ("row",),
                         "Give the cards of the Centre Row, e.g. row: 7r 9b.")
        if turn < len(hands) and hands[turn] in ((), 0):
            self.problem(f"seat {turn}, the player to move, holds no cards: that player has gone out and "
                         "the round is over", ("hands", turn),
                         "Give the hand of the player to move, or ask about the next round (follow: next-round).")

    def ruleset_spec(self, spec: str, path: tuple, key: bool = False) -> None:
        """Check that ``spec`` names a ruleset; ids are looked up in the scenario's folder first.
        A plain id or composition is only found; a file or a filled ruleset is resolved in full."""
        where = self.doc.where(path, key=key)
        dirs = [self.folder] if self.folder is not None else []
        if re.fullmatch(r"[a-z0-9][a-z0-9-]*(\+[a-z0-9][a-z0-9-]*)*", spec):
            for part in spec.split("+"):
                try:
                    find_ruleset_file(part, dirs)
                except DosrulesError as err:
                    self.problems.append(DosrulesError(err.what, where=where, path=_dotted(path), fix=err.fix))
            return
        problems = resolve(anchor_spec(spec, self.folder), dirs).problems
        if problems:
            first = problems[0]
            self.problems.append(DosrulesError(f"{first.where}: {first.what}" if first.where else first.what,
                                               where=where, path=_dotted(path), fix=first.fix))

    def expectation(self, rid: str, value: Any, players: int, named: tuple[str, ...] = ()) -> Expectation:
        path = ("expect", rid)
        if rid not in named:  # the rulesets named are checked on their own
            self.ruleset_spec(rid, path, key=True)
        if isinstance(value, str):
            return Expectation(value)
        for key in ("dealer", "first_player"):
            if key in value:
                self.seat(value[key], players, (*path, key))
        hands = {}
        for seat, h in value.get("hands", {}).items():
            self.seat(int(seat), players, (*path, "hands", seat))
            hands[int(seat)] = h if isinstance(h, int) else self.cards(h, (*path, "hands", seat))
        scored = {int(s): p for s, p in value.get("scored", {}).items()}
        for seat in scored:
            self.seat(seat, players, (*path, "scored", str(seat)))
        row = self.cards(value["row"], (*path, "row")) if "row" in value else None
        return Expectation(value["verdict"], value.get("rule"), row, hands, scored,
                           tuple(value.get("events", ())), tuple(value.get("absent", ())), value.get("note"),
                           value.get("dealer"), value.get("first_player"))

    def scenario(self, data: Mapping[str, Any]) -> Scenario:
        if data.get("start") == "new-game":
            return self.new_game(data)
        hands = tuple(h if isinstance(h, int) else self.cards(h, ("hands", i)) for i, h in enumerate(data["hands"]))
        n = len(hands)
        if "players" in data and data["players"] != n:
            self.problem(f"'players' is {data['players']} but {n} hands are given", ("players",),
                         "Give one hand per player (a number for a hand of unknown cards), or drop 'players'.")
        deck = data.get("deck")
        exact, top, size = None, (), None
        if isinstance(deck, dict):
            top = self.cards(deck.get("top"), ("deck", "top"))
            size = deck.get("size")
            if size is not None and size < len(top):
                self.problem(f"the deck size {size} is smaller than its {len(top)} known top cards", ("deck", "size"),
                             "Give a size at least the number of top cards.")
        elif deck is not None:
            exact = self.cards(deck, ("deck",))
        turn = self.seat(data.get("turn", 0), n, ("turn",))
        self.possible(hands, turn, data["row"])
        dealer = data.get("dealer")
        if dealer is not None:
            self.seat(dealer, n, ("dealer",))
        scores = data.get("scores")
        if scores is not None and len(scores) != n:
            self.problem(f"{len(scores)} scores are given for {n} players", ("scores",), "Give one score per seat.")
        called = tuple(self.seat(s, n, ("called", i)) for i, s in enumerate(data.get("called", ())))
        before = self.actions(list(data.get("before", ())), ("before",))
        asked = [data["action"]] if "action" in data else list(data.get("actions", ()))
        actions = self.actions(asked, ("action",) if "action" in data else ("actions",))
        named = self.rulesets(data)
        if not asked and "expect" in data:
            self.problem("'expect' needs an action to judge", ("expect",),
                         "Add 'action: ...' (or 'actions: [...]'), or drop 'expect' to ask what the player may do now.")
        expect = {rid: self.expectation(rid, v, n, named) for rid, v in data.get("expect", {}).items()}
        lines = {rid: self.doc.where(("expect", rid), key=True) for rid in data.get("expect", {})}
        return Scenario(
            file=self.doc.file, title=english(data["title"]), question=english(data["question"]), hands=hands,
            texts=_texts(data),
            row=self.declared(data["row"], ("row",)), actions=actions, before=before,
            rulesets=named, places=tuple(self.places), folder=self.folder,
            deck_exact=exact, deck_top=top, deck_size=size,
            discard=self.cards(data.get("discard"), ("discard",)), turn=turn, dealer=dealer,
            scores=tuple(scores) if scores is not None else None, called=called,
            seed=data.get("seed", 0), phase=data.get("phase"), topic=data.get("topic", "example"),
            raised_by=data.get("raised_by"), note=data.get("note"), expect=expect, lines=lines,
            follow=data.get("follow", "round"))

    def new_game(self, data: Mapping[str, Any]) -> Scenario:
        n = data["players"]
        draw = self.cards(data.get("dealer_draw"), ("dealer_draw",))
        if data.get("dealer_draw") is not None and len(draw) != n and not self.problems:
            self.problem(f"{len(draw)} cards are drawn for first dealer by {n} players", ("dealer_draw",),
                         "Give one card per seat, seat 0 first.")
        named = self.rulesets(data)
        expect = {rid: self.expectation(rid, v, n, named) for rid, v in data.get("expect", {}).items()}
        lines = {rid: self.doc.where(("expect", rid), key=True) for rid in data.get("expect", {})}
        return Scenario(
            file=self.doc.file, title=english(data["title"]), question=english(data["question"]), hands=(), row=(),
            actions=(), texts=_texts(data),
            rulesets=named, folder=self.folder,
            start="new-game", n_players=n, dealer_draw=draw, seed=data.get("seed", 0),
            topic=data.get("topic", "example"), raised_by=data.get("raised_by"), note=data.get("note"),
            expect=expect, lines=lines)


def _texts(data: Mapping[str, Any]) -> dict[str, Localized]:
    """The title and question with their translations (a plain string is English)."""
    return {key: Localized.of(data[key]) for key in ("title", "question")}


def _validate(doc: Document) -> None:
    if not isinstance(doc.data, dict):
        raise ScenarioError([DosrulesError("a scenario is a mapping of keys to values", where=doc.where(),
                                           fix="Start with 'title:', 'question:', 'hands:', 'row:', 'action:', 'expect:'.")])
    errors = sorted(_validator().iter_errors(doc.data), key=lambda e: (list(map(str, e.absolute_path)), str(e.validator or "")))
    if errors:
        problems, seen = [], set()
        for err in errors:
            p = _schema_problem(doc, err)
            if p.paragraph() not in seen:
                seen.add(p.paragraph())
                problems.append(p)
        raise ScenarioError(problems)


def _build(doc: Document, folder: Path | None = None) -> Scenario:
    builder = _Builder(doc, folder)
    scenario = builder.scenario(doc.data)
    if builder.problems:
        raise ScenarioError(builder.problems)
    return scenario


def scenario_from_document(doc: Document, folder: Path | None = None) -> Scenario:
    """Validate a read document against the schema and build the Scenario; ScenarioError if bad.
    ``folder``: where the scenario's ruleset files and ids are looked up first."""
    _validate(doc)
    return _build(doc, folder)


_PROSE = ("title", "question", "note")


def _cut_by_comment(doc: Document, text: str) -> list[DosrulesError]:
    """Unquoted prose that a ``#`` cut short: "my red Wild # as a 7" reads as "my red Wild"."""
    lines = text.splitlines()
    out = []
    data = doc.data if isinstance(doc.data, dict) else {}
    expect = data.get("expect") if isinstance(data.get("expect"), dict) else {}
    paths = [(k,) for k in _PROSE] + [("expect", r, "note") for r, v in expect.items() if isinstance(v, dict)]
    for path in paths:
        key = _dotted(path)
        value = data.get(path[0]) if len(path) == 1 else expect[path[1]].get("note")
        mark = doc.marks.get(path)
        if not isinstance(value, str) or not mark or not mark[0] or mark[0] > len(lines):
            continue
        line, col = lines[mark[0] - 1], mark[1] - 1
        if line[col:col + 1] in ("'", '"', "|", ">") or not line[col:].startswith(value):
            continue
        rest = line[col + len(value):]
        if re.match(r"\s+#", rest):
            out.append(DosrulesError(
                f"the {key} stops at a '#', which starts a YAML comment: \"{rest.strip()}\" is lost",
                where=doc.where(path), path=key, fix=f"Quote the {path[-1]} (\"...\") to keep a Wild # in it."))
    return out


def load_scenario(path: Path | str, display: str | None = None) -> Scenario:
    """Load and check a scenario file; raises ScenarioError / DosrulesError (one paragraph each)."""
    try:
        doc = read_document(path, display)
    except ScenarioError:
        raise
    except DosrulesError as err:
        raise ScenarioError([err]) from None
    cut = _cut_by_comment(doc, Path(path).read_text(encoding="utf-8"))
    if cut:
        raise ScenarioError(cut)
    return scenario_from_document(doc, Path(path).resolve().parent)


_OPTIONS = {"row": "--row", "hands": "--hand", "actions": "--action", "before": "--before",
            "deck": "--deck", "discard": "--discard", "turn": "--turn", "called": "--called",
            "dealer": "--dealer", "players": "--players"}


def inline_scenario(*, row: str, hands: list[str], action: list[str], before: list[str] = (),
                    turn: int = 0, deck: str | None = None, discard: str | None = None,
                    players: int | None = None, called: list[int] = (), dealer: int | None = None,
                    follow: str = "round") -> Scenario:
    """A scenario from ``dosrules ask`` options; the seats after the given hands hold seven unknown
    cards each. Errors name the option instead of a file place."""
    hand_values: list[Any] = [int(h) if h.strip().isdigit() else h for h in hands]
    props = scenario_schema()["properties"]
    while len(hand_values) < max(min(players or 0, props["players"]["maximum"]), 2):  # too many: --players says so
        hand_values.append(7)
    from ..lang.answers import SAY
    from .words import step_words

    limit = props["question"]["oneOf"][0]["maxLength"]
    question = {}
    for lang in LANGUAGES:  # the actions are checked one by one
        asked = SAY("inline.then", lang).join(step_words(a, lang) for a in action)
        text = SAY("inline.question", lang, actions=asked) if action else SAY("o.question", lang, who=SAY(
            "o.who", lang, seat=turn))
        question[lang] = text if len(text) <= limit else text[:limit - 3] + "..."
    data: dict[str, Any] = {"title": {lang: SAY("inline.title", lang) for lang in LANGUAGES}, "question": question,
                            "row": row, "hands": hand_values, "turn": turn}
    if action:
        data["actions"] = list(action)
    if players is not None:
        data["players"] = players
    for key, value in (("before", list(before)), ("deck", {"top": deck} if deck is not None else None),
                       ("discard", discard), ("called", list(called)), ("dealer", dealer),
                       ("follow", follow if follow != "round" else None)):
        if value or (key == "dealer" and value is not None):
            data[key] = value
    if deck is not None and not deck.strip():  # --deck "": the deck is empty (as 'deck: ""' in a file)
        data["deck"] = ""
    try:
        doc = Document("command line", data)
        _validate(doc)
        scenario = _build(doc)
    except ScenarioError as err:
        for p in err.problems:
            top = (p.path or "").split(".")[0].split("[")[0]
            p.where = _OPTIONS.get(top, "command line")
        raise ScenarioError(err.problems) from None
    places = ("--before",) * len(scenario.before) + ("--action",) * len(scenario.actions)
    return dataclasses.replace(scenario, places=places)
